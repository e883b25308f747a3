"""The shared readable card: a long text cut at rest and whole while read, everything escaped."""

from __future__ import annotations

from tablekit.ui.html import BRIEF_LIMIT, card_text_html, readable_card_html, shorten
from tests.ui.helpers import XSS, XSS_ESCAPED
from tests.ui.readable import shown_cards


def test_a_short_text_shows_as_it_is_and_a_long_one_is_cut_at_a_word():
    assert shorten("Draw 1.") == "Draw 1."
    long = "words " * 30
    cut = shorten(long)
    assert len(cut) <= BRIEF_LIMIT and cut.endswith("words…") and long.startswith(cut[:-1])
    assert shorten("x" * 100, 10) == "x" * 9 + "…"  # no space to cut at: cut inside the word
    assert "tk-card-full" not in card_text_html("Draw 1.")


def test_a_card_reads_whole_only_while_hovered_or_focused_and_escapes_its_text():
    text = XSS + " " + "kill it and keep it beneath " * 4
    html = readable_card_html(card_text_html(text), text, "tk-x", card=XSS)
    (card,) = shown_cards(html)
    assert text.strip() in card.read_text and text.strip() not in card.rest_text
    assert card.rest_text.endswith("…") and card.attrs["title"] == text
    assert card.attrs["data-card"] == XSS and card.attrs["tabindex"] == "0"
    assert "<img" not in html and html.count(XSS_ESCAPED) == 4  # brief, whole, title, data-card


def test_a_card_given_a_brief_shows_it_at_rest_and_every_line_while_read():
    html = readable_card_html(card_text_html(["Player half: Draw 1", "Villain half: Heal 2"],
                                             brief="Draw 1"), "t")
    (card,) = shown_cards(html)
    assert card.rest_text == "Draw 1"
    assert card.read_text == "Player half: Draw 1 Villain half: Heal 2"
