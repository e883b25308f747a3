"""The hint reads cleanly: never "−0.0", never two options named alike, the advisor named."""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest

from tablekit.core.actions import action
from tablekit.core.agents import MoveEstimate, number
from tablekit.ui.table import hint_html, hint_labels


@action
class Line(NamedTuple):
    minion: int
    label: str

    def __str__(self) -> str:
        return f"Battle Lines: {self.label} next"


@pytest.mark.parametrize("value, text", [(-0.04, "0.0"), (-0.0, "0.0"), (0.04, "0.0"),
                                         (-0.05001, "\u22120.1"), (-1.5, "\u22121.5"), (2.25, "2.2")])
def test_numbers_never_read_minus_zero(value, text):
    assert number(value) == text


def test_a_hint_near_zero_shows_no_negative_zero():
    moves = [MoveEstimate("End turn", -0.04, -0.049, 0.03, 0.0, 40),
             MoveEstimate("Attack", -0.001, -0.002, 0.0, 0.0, 3)]
    html, text = hint_html(moves), " ".join(str(m) for m in moves)
    for shown in (html, text):
        assert not re.search("[-\u2212]0\\.0+(?![0-9])", shown), shown
    assert "estimated 0.0" in html and "Attack: 0.00 (rough" in text


def test_two_options_that_read_alike_get_told_apart_in_table_order():
    legal = [Line(4, "Pixie Cavalry"), Line(7, "Treant Shepherd"), Line(9, "Treant Shepherd")]
    moves = [MoveEstimate(legal[2], 0.6, 0.4, 0.8, 0.6, 40),
             MoveEstimate(legal[1], 0.5, 0.3, 0.7, 0.5, 40),
             MoveEstimate(legal[0], 0.1, 0.0, 0.2, 0.1, 40)]
    assert hint_labels([m.action for m in moves], legal) == [
        "Battle Lines: Treant Shepherd next (2nd of 2 so named)",
        "Battle Lines: Treant Shepherd next (1st of 2 so named)",
        "Battle Lines: Pixie Cavalry next"]
    html = hint_html(moves, legal)
    names = [part.split("</b>")[0] for part in html.split("<b>")[2:]]
    assert len(names) == 3 == len(set(names))


def test_labels_are_distinct_without_the_tables_options_too():
    twins = [Line(1, "Hobb"), Line(2, "Hobb")]
    labels = hint_labels(twins)
    assert len(set(labels)) == 2 and "1st of 2" in labels[0]


def test_the_advisors_move_says_whose_it_is_even_without_play_outs():
    moves = [MoveEstimate(Line(3, "Forest Troll"), 0.0, 0.0, 0.0, 0.0, 0, "the exact advisor")]
    html = hint_html(moves)
    assert "the exact advisor" in html and "estimated" not in html and "rough" not in html
    assert str(moves[0]).endswith("not played out")
