"""The ordering search: exact against brute force, and its pruning never changes the answer."""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solvers.runes_order as order
from solvers.runes_order import Goal, before_chance, best_arrangements, first_chance
from tablekit.runes import PrepOptions, first_probability, precedence_probability
from tablekit.runes.preparation import INITIATIVE_COSTS

from .test_builder import _oriented_matchings


@functools.cache
def _first(own: int, others: tuple[int, ...]) -> float:
    return float(first_probability([own, *others], 0))


def _brute_chapter(goals: list[Goal], cards: list[str], budget: int, thread_cost: int) -> float:
    """Every Thread structure and every Initiative (B at 0) of one Chapter, exact odds."""
    index = {c: i for i, c in enumerate(cards)}
    best = 0.0
    for threads in _oriented_matchings(list(range(5))):
        seconds = {b for _, b in threads}
        head_of = {i: i for i in range(5)} | {b: a for a, b in threads}
        heads = [i for i in range(5) if i not in seconds]
        for inits in itertools.product(range(-3, 4), repeat=len(heads)):
            cost = sum(INITIATIVE_COSTS[abs(v)] for v in inits) + thread_cost * len(threads)
            if cost > budget:
                continue
            init = dict(zip(heads, inits, strict=True))
            value = 0.0
            for g in goals:
                x = index[g.card]
                if g.kind == "first":
                    if head_of[x] == x:
                        others = tuple(sorted(init[h] for h in heads if h != x))
                        value += g.weight * _first(init[x], others)
                    continue
                y = index[g.other]
                if head_of[x] == head_of[y]:
                    value += g.weight * ((x, y) in threads)
                else:
                    value += g.weight * float(precedence_probability(init[head_of[x]],
                                                                     init[head_of[y]]))
            best = max(best, value)
    return best


@pytest.mark.parametrize("goals, budget", [
    ([Goal.first("a"), Goal.before("b", "a", 0.5)], 3),
    ([Goal.first("a", 2), Goal.first("b")], 4),
    ([Goal.before("a", "b"), Goal.before("b", "c"), Goal.first("c", 0.3)], 2),
])
def test_chapter_search_matches_brute_force(goals: list[Goal], budget: int) -> None:
    cards = sorted({c for g in goals for c in g.cards})
    options = PrepOptions(wyrd_points=budget, thread_cost=1)
    table = order._chapter_table(frozenset(cards), goals, options, {})
    expected = _brute_chapter(goals, [*cards, *[None] * (5 - len(cards))], budget, 1)
    assert table[budget][0] == pytest.approx(expected, abs=1e-12)
    assert table[budget][1].cost <= budget


def test_float_chances_match_exact() -> None:
    for own, others in [(3, (0, 0, -1, 2)), (-2, (1,)), (0, (0, 0, 0, 0))]:
        assert first_chance(own, others) == pytest.approx(float(first_probability([own, *others], 0)),
                                                          abs=1e-12)
    for a, b in itertools.product(range(-3, 4), repeat=2):
        assert before_chance(a, b) == pytest.approx(float(precedence_probability(a, b)), abs=1e-15)


WEIGHT = st.sampled_from([0.5, 1.0, 2.0])
GOAL = st.one_of(
    st.builds(Goal.first, st.sampled_from("abc"), WEIGHT),
    st.builds(lambda pair, w: Goal.before(*pair, w),
              st.permutations("abc").map(lambda p: p[:2]), WEIGHT),
)


@settings(max_examples=10, deadline=None)
@given(st.lists(GOAL, min_size=1, max_size=4), st.integers(0, 12))
def test_pruning_never_changes_the_best_arrangement(goals: list[Goal], budget: int) -> None:
    cards = sorted({c for g in goals for c in g.cards})
    subsets = [frozenset(s) for r in range(len(cards) + 1) for s in itertools.combinations(cards, r)]
    options = PrepOptions(wyrd_points=budget)
    pruned = best_arrangements(goals, subsets, options)
    original = order._upper_bound
    try:
        order._upper_bound = lambda *args: float("inf")
        full = best_arrangements(goals, subsets, options)
    finally:
        order._upper_bound = original
    for subset in subsets:
        assert pruned[subset].value == pytest.approx(full[subset].value, abs=1e-12)
        assert pruned[subset].cost <= budget
