"""Tables and lists as a page shows them: words, not Python values; every cell escaped."""

from __future__ import annotations

import pandas as pd

from tablekit.forge.ui import inscriptions_table
from tablekit.ui.html import frame_html, list_html
from tests.ui.helpers import XSS, XSS_ESCAPED


def test_a_frame_shows_no_index_and_yes_or_no_for_truth_values():
    html = frame_html(pd.DataFrame([["starter plan", 0.05, True], ["none", -0.01, False]],
                                   columns=["against", "difference", "shown better"])).data
    assert "<th>shown better</th>" in html and ">yes<" in html and ">no<" in html
    assert ">True<" not in html and "<th></th>" not in html and ">0<" not in html  # no index column


def test_card_file_text_in_a_frame_or_a_list_is_escaped():
    assert XSS not in frame_html(pd.DataFrame([[XSS]], columns=["plan"])).data
    assert XSS_ESCAPED in frame_html(pd.DataFrame([[XSS]], columns=["plan"])).data
    html = list_html([XSS, "forge.starting-inscriptions: Mythics are earned"]).data
    assert XSS not in html and XSS_ESCAPED in html and html.count("<li>") == 2


def test_a_bands_inscriptions_read_card_by_card_with_page_names():
    table = inscriptions_table({"K♦": "hearth-song", "9♣": "wayfinder-notch", "Q♦": "sunforge-crown"})
    assert table.values.tolist() == [["9♣", "Wayfinder Notch", "common"], ["Q♦", "Sunforge Crown", "mythic"],
                                     ["K♦", "Hearth Song", "uncommon"]]
