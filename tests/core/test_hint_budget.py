"""The hint's budget goes where it separates the moves: the best few get the play-outs."""

from __future__ import annotations

import pytest

from tablekit.core.agents import FINALISTS, ROUGH_BELOW
from tests.core.test_agents import SURE, Guess, Pick, fair, search


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("moves, budget", [(26, 200), (48, 200), (12, 200)])
def test_the_best_few_each_get_enough_play_outs_for_an_interval(moves, budget, seed):
    estimates = search(Guess(fair(moves, sure=f"m{moves - 1}")), budget, seed)
    shown = estimates[:FINALISTS]
    assert all(e.rollouts >= ROUGH_BELOW for e in shown), [e.rollouts for e in shown]
    assert sum(e.rollouts for e in estimates) == budget


@pytest.mark.parametrize("seed", range(4))
def test_the_finalists_get_more_play_outs_than_any_move_screened_out(seed):
    estimates = search(Guess({f"m{i}": (i % 10, i) for i in range(26)}), 200, seed)
    finalists, screened = estimates[:FINALISTS], estimates[FINALISTS:]
    assert min(e.rollouts for e in finalists) > max(e.rollouts for e in screened)


@pytest.mark.parametrize("seed", range(4))
def test_the_finalists_are_compared_on_the_same_deals(seed):
    estimates = search(Guess(fair(20, sure="m4")), 200, seed)
    counts = sorted(e.rollouts for e in estimates[:FINALISTS])
    assert counts[-1] - counts[0] < FINALISTS  # only the leader's small remainder differs
    assert estimates[0].action == Pick("m4")


@pytest.mark.parametrize("seed", range(4))
def test_the_heuristics_move_always_reaches_the_finalists(seed):
    odds = {f"m{i}": (SURE if i == 9 else 2, i) for i in range(26)} | {"lose": (0, 0)}
    estimates = search(Guess(odds, favourite="lose"), 200, seed)  # the favourite never wins
    finalists = [e.action for e in estimates[:FINALISTS]]
    assert Pick("lose") in finalists and estimates[0].action == Pick("m9")
    assert next(e for e in estimates if e.action == Pick("lose")).rollouts >= ROUGH_BELOW


def test_with_as_many_moves_as_finalists_the_budget_is_shared_evenly():
    estimates = search(Guess({"a": (SURE, 0), "b": (5, 0), "c": (5, 5)}), 100)
    assert sorted(e.rollouts for e in estimates) == [33, 33, 34]
