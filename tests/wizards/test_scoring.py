"""Scoring (4. Scoring): sets, cursed gems cancelling gems, the most-cursed penalty."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.wizards import ScoringError, score_gems, set_points
from tablekit.wizards.scoring import SET_POINTS, best_sets, cancel, most_cursed, score_player

COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")


def test_the_acceptance_example():
    assert score_gems({"red": 3, "blue": 1, "green": 1}, cursed=0) == 6


@pytest.mark.parametrize("size, points", [(1, 1), (2, 2), (3, 4), (4, 6), (5, 9), (6, 12)])
def test_the_set_table(size, points):
    assert set_points({c: 1 for c in COLOURS[:size]}) == points


def test_several_sets_and_the_best_split():
    gems = {"red": 2, "blue": 2, "green": 1}
    assert set_points(gems) == 4 + 2  # {red, blue, green} + {red, blue}
    assert best_sets(gems) == [("red", "blue", "green"), ("red", "blue")]


def test_cursed_gems_cancel_the_least_useful_gems_and_the_rest_cost_a_point_each():
    assert cancel({"red": 3, "blue": 1}, 1) == ({"red": 2, "blue": 1}, 0)
    assert score_gems({"red": 3, "blue": 1, "green": 1}, cursed=2) == 4  # give up two reds
    assert score_gems({"red": 1}, cursed=3) == -2  # one cancels the red, two are left
    assert score_gems({}, cursed=0) == 0


def test_most_cursed_loses_three_with_ties_and_nobody_when_none_hold_any():
    assert most_cursed([2, 5, 5]) == [False, True, True]
    assert most_cursed([0, 0]) == [False, False]
    score = score_player({"red": 1, "blue": 1}, 1, [7, 3], 2, most_cursed=True)
    assert (score.most_cursed, score.cursed_left, score.sets, score.total) == (3, 0, 1, 1 + 10 + 2 - 3)


@pytest.mark.parametrize("gems, cursed", [({"red": -1}, 0), ({"red": 1.5}, 0), ({"red": 1}, -2),
                                          ({"cursed": 2}, 0), ({f"c{i}": 1 for i in range(7)}, 0),
                                          ([("red", 1)], 0), ({"red": True}, 0)])
def test_bad_input_is_a_clear_error(gems, cursed):
    with pytest.raises(ScoringError, match="rule wizards"):
        score_gems(gems, cursed)


@cache
def _brute_sets(counts: tuple[int, ...]) -> int:
    """Best split by trying every way to peel a set of distinct colours off, recursively."""
    if not any(counts):
        return 0
    counts = tuple(sorted(counts))  # colours are interchangeable
    best = 0
    held = [i for i, n in enumerate(counts) if n]
    for size in range(1, len(held) + 1):
        for chosen in itertools.combinations(held, size):
            rest = tuple(n - (i in chosen) for i, n in enumerate(counts))
            best = max(best, SET_POINTS[size] + _brute_sets(rest))
    return best


def _brute_score(counts: tuple[int, ...], cursed: int) -> int:
    """Try every choice of gems to give up to the cursed gems."""
    k = min(cursed, sum(counts))
    best = None
    for removal in itertools.product(*(range(n + 1) for n in counts)):
        if sum(removal) == k:
            left = tuple(n - r for n, r in zip(counts, removal, strict=True))
            value = _brute_sets(left) - (cursed - k)
            best = value if best is None else max(best, value)
    return best


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=4), st.integers(0, 4))
def test_score_gems_is_the_best_over_every_choice(counts, cursed):
    gems = dict(zip(COLOURS, counts, strict=False))
    assert score_gems(gems, cursed) == _brute_score(tuple(counts), cursed)


def test_the_artefact_table_and_enchantments():
    from tablekit.wizards.cards import components
    points = {a.pile: a.points for a in components().artefacts}
    assert points == {"A": 7, "B": 5, "C": 3}
    score = score_player({}, 0, [7, 5, 3], 2, most_cursed=False)
    assert score.total == 7 + 5 + 3 + 2
