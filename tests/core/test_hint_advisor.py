"""Where an exact advisor covers the decision (Deck of Wonders' Battle Lines), the hint agrees."""

from __future__ import annotations

import random

import pytest

import tablekit
from tablekit.core.agents import MonteCarloAgent, hint, search_moves
from tablekit.core.game import rng_for
from tablekit.core.match import Match
from tablekit.wonders.actions import Place
from tablekit.wonders.advisor import advise, layout_actions


def battle_lines(seed: int) -> Match:
    """A game played by the heuristic up to its first Battle Lines with three or more options."""
    match = tablekit.new_game("wonders", seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        legal = match.legal_actions()
        if len(legal) > 2 and all(isinstance(a, Place) for a in legal):
            return match
        match.apply(match.game.heuristic_action(match.view(), legal, rng))
    raise AssertionError(f"seed {seed}: no Battle Lines with a choice")


def advisors_next(match: Match) -> Place:
    """The next place of the Battle Lines advisor's best layout."""
    return layout_actions(match.state, advise(match.state, 1)[0])[0]


@pytest.mark.parametrize("seed", [2, 8])  # positions where the play-outs alone rank another move first
def test_the_hint_puts_the_battle_lines_advisors_move_first(seed):
    match = battle_lines(seed)
    view, legal = match.view(), match.legal_actions()
    searched = search_moves(match.game, view, legal, 48, rng_for(1, "x"))
    assert searched[0].action != advisors_next(match)  # the play-outs alone disagree here
    moves = hint(match, rollouts=48, seed=1)
    assert moves[0].action == advisors_next(match) and "Battle Lines advisor" in moves[0].advice
    assert all(not m.advice for m in moves[1:])


@pytest.mark.parametrize("seed", [2, 8])
def test_the_search_agent_follows_the_advisor_in_battle_lines(seed):
    match = battle_lines(seed)
    agent = MonteCarloAgent(rollouts=48)
    chosen = agent.choose(match.game, match.view(), match.legal_actions(), random.Random(0))
    assert chosen == advisors_next(match)


def test_outside_battle_lines_there_is_no_advice():
    match = tablekit.new_game("wonders", seed=3)
    assert match.game.exact_advice(match.view(), match.legal_actions()) is None
    deckula = tablekit.new_game("deckula", seed=1)
    assert deckula.game.exact_advice(deckula.view(), deckula.legal_actions()) is None
