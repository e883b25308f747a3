"""Exact ordering odds: closed forms, sums to 1, and agreement with seeded Monte Carlo."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.runes import (
    Plan,
    chapter_positions,
    chapter_precedence,
    first_probability,
    position_distribution,
    precedence_probability,
)
from tablekit.runes.odds import sample_positions

INIT = st.integers(min_value=-3, max_value=3)


def test_precedence_closed_forms() -> None:
    assert precedence_probability(0, 0) == Fraction(1, 2)
    assert precedence_probability(1, 0) == 1 - Fraction(16, 50)
    assert precedence_probability(0, 3) == Fraction(4, 50)
    assert precedence_probability(3, -3) == 1 and precedence_probability(-3, 3) == 0
    assert precedence_probability(-3, 2) == 0


def test_first_probability_examples() -> None:
    assert first_probability([0, 0, 0, 0, 0], 3) == Fraction(1, 5)
    assert first_probability([2, 0], 0) == precedence_probability(2, 0)
    assert first_probability([3, -3, -3], 1) == 0
    assert first_probability([0], 0) == 1
    with pytest.raises(ValueError, match="does not exist"):
        first_probability([0, 0], 2)


@settings(max_examples=60, deadline=None)
@given(st.lists(INIT, min_size=1, max_size=5))
def test_first_probabilities_sum_to_one(inits: list[int]) -> None:
    assert sum(first_probability(inits, i) for i in range(len(inits))) == 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(INIT, st.sampled_from([1, 2])), min_size=1, max_size=4))
def test_position_distributions_are_distributions(blocks: list[tuple[int, int]]) -> None:
    inits, sizes = zip(*blocks, strict=True)
    dist = position_distribution(inits, sizes)
    for row in dist:
        assert sum(row) == 1 and all(p >= 0 for p in row)
    if all(s == 1 for s in sizes):  # each position is taken by exactly one block
        assert all(sum(col) == 1 for col in zip(*dist, strict=True))


@settings(max_examples=30, deadline=None)
@given(INIT, INIT)
def test_two_items_precedence_matches_first(a: int, b: int) -> None:
    assert first_probability([a, b], 0) == precedence_probability(a, b)
    assert precedence_probability(a, b) + precedence_probability(b, a) == 1


def _monte_carlo_first(inits: list[int], draws: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    wins = [0] * len(inits)
    for _ in range(draws):
        scores = [a + rng.uniform(0, 5) for a in inits]
        wins[scores.index(max(scores))] += 1
    return [w / draws for w in wins]


@pytest.mark.parametrize("inits", [[3, 0, 0, -1, 2], [1, 1, -2], [-3, 3, 0, 1]])
def test_first_probability_matches_monte_carlo(inits: list[int]) -> None:
    estimate = _monte_carlo_first(inits, 40_000, seed=11)
    for i, p in enumerate(estimate):
        assert abs(float(first_probability(inits, i)) - p) < 0.012


def _chapter_plan() -> Plan:
    ids = [f"c{i}" for i in range(20)]
    init = [[2, 0, -1, 0, 1], [0] * 5, [0] * 5, [0] * 5]
    return Plan.of([ids[i:i + 5] for i in range(0, 20, 5)], init, [((0, 4), (0, 1))])


def test_chapter_positions_match_monte_carlo() -> None:
    plan = _chapter_plan()
    exact = chapter_positions(plan, 0)
    sampled = sample_positions(plan, 0, 30_000, seed=5)
    for slot, row in exact.items():
        assert sum(row) == 1
        assert row[0] == 0 if slot == (0, 1) else True  # card B never leads its Chapter
        for p, q in zip(row, sampled[slot], strict=True):
            assert abs(float(p) - q) < 0.012
    # each position holds exactly one card
    for place in range(5):
        assert sum(row[place] for row in exact.values()) == 1


def test_thread_b_follows_a_exactly() -> None:
    plan = _chapter_plan()
    exact = chapter_positions(plan, 0)
    assert exact[(0, 1)][1:] == exact[(0, 4)][:-1] and exact[(0, 4)][4] == 0
    pairs = chapter_precedence(plan, 0)
    assert pairs[((0, 4), (0, 1))] == 1 and pairs[((0, 1), (0, 4))] == 0
    assert pairs[((0, 0), (0, 2))] == precedence_probability(2, -1)
    assert pairs[((0, 1), (0, 0))] == precedence_probability(1, 2)  # B moves with A's Initiative


def test_block_positions_include_the_thread_block() -> None:
    from tablekit.runes import chapter_block_positions
    blocks = chapter_block_positions(_chapter_plan(), 0)
    assert [b.size for b, _ in blocks] == [1, 1, 1, 2]
    assert all(sum(starts) == 1 for _, starts in blocks)
    thread_block, starts = blocks[3]
    assert thread_block.slots == ((0, 4), (0, 1)) and starts[4] == 0  # a pair cannot start last
