"""Deck of Wonders minion names read whole in a real browser: the Priority badge never covers a
letter of the name (issue 37, section 4: "Treant Shepherc")."""

from __future__ import annotations

from tablekit.ui.html import STYLE
from tablekit.wonders.lessons import example_b, example_c
from tablekit.wonders.ui.board import board_html
from tablekit.wonders.ui.learn import BattlePuzzle

# every rectangle of the name's text, and the badge's: any overlap is a covered letter
OVERLAPS = """() => [...document.querySelectorAll('.tk-card')].flatMap(card => {
  const badge = card.querySelector('.tk-prio'), name = card.querySelector('.tk-card-name');
  if (!badge || !name) return [];
  const b = badge.getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(name);
  return [...range.getClientRects()].filter(r => r.width > 0 && r.left < b.right && b.left < r.right
    && r.top < b.bottom && b.top < r.bottom).map(() => name.textContent);
})"""


def test_priority_badge_never_covers_a_minion_name(page) -> None:
    boards = [board_html(example_c().state), board_html(example_b().state)]
    puzzle = BattlePuzzle.from_seed(7).cards.value
    page.set_content("<html><body>" + STYLE + "".join(boards) + puzzle + "</body></html>")
    names = page.locator(".tk-player-row .tk-card-name")
    assert names.count() >= 5 and "Treant Shepherd" in names.all_inner_texts()
    assert page.evaluate(OVERLAPS) == []
