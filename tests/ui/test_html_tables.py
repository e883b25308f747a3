"""Tables and lists as a page shows them: words, not Python values; every cell escaped."""

from __future__ import annotations

import pandas as pd

from tablekit.forge.ui import inscriptions_table
from tablekit.ui.html import frame_html, list_html, table_html
from tests.ui.helpers import XSS, XSS_ESCAPED


def test_a_frame_shows_no_index_and_yes_or_no_for_truth_values():
    html = frame_html(pd.DataFrame([["starter plan", 0.05, True], ["none", -0.01, False]],
                                   columns=["against", "difference", "shown better"])).data
    assert "<th>Shown better</th>" in html and ">Yes<" in html and ">No<" in html
    assert ">True<" not in html and "<th></th>" not in html and ">0<" not in html  # no index column


def test_rows_read_as_words_headers_lists_and_truth_values():
    html = table_html([{"boss_hp_multiplier": 3, "legend": True, "items": [2, 7, 7], "n paired games": 40,
                        "plan": ("K♠", "Q♦"), "mean": 0.0640}]).data
    assert "<th class=\"tk-num\">Boss HP multiplier</th>" in html and "<th>Legend</th>" in html
    assert "<th class=\"tk-num\">n paired games</th>" in html  # the statistician's n stays small
    assert ">Yes<" in html and ">2, 7, 7<" in html and ">K♠, Q♦<" in html and ">0.064<" in html
    assert "[" not in html and "'" not in html and "True" not in html


def test_a_table_of_rows_takes_headers_in_words_and_escapes_cells():
    html = table_html([{"who": XSS, "hp": None}], headers={"who": "Card"}).data
    assert "<th>Card</th>" in html and "<th>HP</th>" in html and ">—<" in html
    assert XSS not in html and XSS_ESCAPED in html


def test_card_file_text_in_a_frame_or_a_list_is_escaped():
    assert XSS not in frame_html(pd.DataFrame([[XSS]], columns=["plan"])).data
    assert XSS_ESCAPED in frame_html(pd.DataFrame([[XSS]], columns=["plan"])).data
    html = list_html([XSS, "forge.starting-inscriptions: Mythics are earned"]).data
    assert XSS not in html and XSS_ESCAPED in html and html.count("<li>") == 2


def test_a_bands_inscriptions_read_card_by_card_with_page_names():
    table = inscriptions_table({"K♦": "hearth-song", "9♣": "wayfinder-notch", "Q♦": "sunforge-crown"})
    assert table.values.tolist() == [["9♣", "Wayfinder Notch", "common"], ["Q♦", "Sunforge Crown", "mythic"],
                                     ["K♦", "Hearth Song", "uncommon"]]
