"""Scoring (4. Scoring): sets, cursed gems cancelling gems, the most-cursed penalty."""

from __future__ import annotations

import itertools
from functools import cache
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.wizards import ScoringError, score_gems, set_points
from tablekit.wizards.scoring import (
    SET_POINTS,
    best_gem,
    best_sets,
    cancel,
    cancel_choice,
    end_of_game,
    final_score,
    most_cursed,
    score_player,
)

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


# -- pins found by mutation testing: each line of the score and each input check ------------
def test_every_cursed_gem_left_costs_a_point_in_the_total():
    assert score_player({}, 2, [], 0, most_cursed=False).total == -2
    assert score_player({"red": 1}, 3, [5], 1, most_cursed=True).total == 5 + 1 - 2 - 3


def test_cursed_gems_can_cancel_every_gem():
    assert cancel({"red": 1, "blue": 1}, 5) == ({"red": 0, "blue": 0}, 3)
    assert score_gems({"red": 1, "blue": 1}, 5) == -3


def test_gem_counts_of_zero_are_allowed_and_score_nothing():
    assert set_points({"red": 0, "blue": 1}) == 1
    assert best_sets({"red": 1, "blue": 0}) == [("red",)]
    assert best_sets({}) == [] and set_points({}) == 0


@pytest.mark.parametrize("gems", [{"grey": 1}, {"": 1}, {3: 1}])
def test_a_colour_must_be_a_real_gem_name(gems):
    with pytest.raises(ScoringError, match="rule wizards.score"):
        score_gems(gems, 0)


@pytest.mark.parametrize("call", [lambda: best_sets({"red": -1}), lambda: cancel({"red": -1}, 0),
                                  lambda: best_gem({"red": -1}),
                                  lambda: end_of_game({"red": -1}, 0, []),
                                  lambda: end_of_game({}, -1, []),
                                  lambda: final_score({}, -1, [], 0, effects=False)])
def test_every_entry_point_checks_its_counts(call):
    with pytest.raises(ScoringError):
        call()


def test_the_cancel_choice_is_the_most_numerous_colour_first_listed_on_ties():
    assert cancel_choice({"red": 2, "blue": 2, "green": 3}) == "green"
    assert cancel_choice({"red": 2, "blue": 2}) == "red"
    with pytest.raises(ScoringError, match="no gem to give up"):
        cancel_choice({"red": 0})


def test_most_cursed_reads_any_iterable():
    assert most_cursed(iter([2, 5, 1])) == [False, True, False]


def test_the_best_gem_is_a_colour_held_least_that_the_supply_still_has():
    assert best_gem({"red": 1, "orange": 1}) == "yellow"  # a colour not listed counts as none
    assert best_gem({}, {"orange": 1}) == "orange"  # a colour the supply does not list has none
    assert best_gem({}, {"red": 1}) == "red"
    with pytest.raises(ScoringError, match="no gem colour is left"):
        best_gem({}, {"red": 0})


class _Tile(NamedTuple):
    points: int = 5
    gems: int = 0
    discard_cursed: int = 0


def test_end_of_game_tiles_return_cursed_gems_then_give_the_best_gems():
    tiles = [_Tile(gems=2, discard_cursed=3), _Tile(gems=1)]
    assert end_of_game({"red": 2}, 4, tiles) == ({"red": 2, "orange": 1, "yellow": 1,
                                                   "green": 1}, 1)
    assert end_of_game({"red": 1}, 2, [_Tile(discard_cursed=5)]) == ({"red": 1}, 0)


def test_the_final_score_plays_tiles_then_the_most_cursed_then_cancels():
    tiles = [_Tile(points=7, gems=1, discard_cursed=1)]
    # 2 cursed, one returned: 1 left against the others' 1 (both most cursed), cancels a gem
    score = final_score({"red": 1, "blue": 1}, 2, tiles, 1, others_cursed=[1])
    assert (score.most_cursed, score.cursed_left, score.sets, score.total) == (3, 0, 2, 2 + 7 + 1 - 3)
    assert final_score({"red": 1, "blue": 1}, 2, tiles, 1, [3]).total == 2 + 7 + 1
    plain = final_score({"red": 1, "blue": 1}, 2, tiles, 1, [3], effects=False)
    assert (plain.cursed_left, plain.sets, plain.total) == (0, 0, 7 + 1)
