"""The 28-card builder: every pick re-checked by our own validator and by the game itself."""

from collections import Counter

import pytest

import tablekit
from solvers.wonders import (
    DeckLimit,
    DeckProblem,
    improve_deck,
    owned_collection,
    pick_deck,
    recommended_deck,
    validate_deck,
)
from tablekit.wonders.cards import default_catalog


def test_pick_is_optimal_valid_and_playable():
    problem = DeckProblem("cullin")
    result = pick_deck(problem, seed=0, workers=1)
    assert result.status == "optimal" and len(result.picks) == 28
    assert validate_deck(problem, result.picks) == []
    match = tablekit.new_game("wonders", villain="cullin", deck="picked", picks=result.picks)
    assert len(match.state.boards[0].card_uids()) == 28 + 10


def test_limits_are_respected():
    limits = (DeckLimit("spells", at_least=6, kind="spell"),
              DeckLimit("no red", at_most=0, colour="red"),
              DeckLimit("cheap", at_most=2, cost=1),
              DeckLimit("toads", at_least=2, card="poison-toad"))
    problem = DeckProblem("morwen", limits=limits)
    result = pick_deck(problem, seed=0, workers=1)
    assert result.status == "optimal" and validate_deck(problem, result.picks) == []
    cards = default_catalog().cards
    kinds = Counter(cards[c].player.kind for c in result.picks)
    assert kinds["spell"] >= 6 and not any(cards[c].set == "red" for c in result.picks)
    assert result.picks.count("poison-toad") == 2


def test_owned_copies_bound_the_pick():
    owned = dict(owned_collection())
    owned["berserker"] = 1
    problem = DeckProblem("grak", owned=owned)
    result = pick_deck(problem, seed=0, workers=1)
    assert result.picks.count("berserker") <= 1 and validate_deck(problem, result.picks) == []


def test_contradictory_limits_name_the_conflict():
    limits = (DeckLimit("spells", at_least=10, kind="spell"),
              DeckLimit("few spells", at_most=5, kind="spell"),
              DeckLimit("blue", at_least=5, colour="blue"))
    result = pick_deck(DeckProblem("cullin", limits=limits), seed=0, workers=1)
    assert result.status == "infeasible" and result.picks == []
    assert sorted(result.conflicts) == ["few spells: at most 5", "spells: at least 10"]
    short = pick_deck(DeckProblem("cullin", owned={"hungry-wolf": 2}), seed=0, workers=1)
    assert short.conflicts == ["wonders.draw-pile: exactly 28 collection cards"]


def test_validator_finds_every_problem():
    problem = DeckProblem("cullin", limits=(DeckLimit("minions", at_most=3, kind="minion"),))
    problems = validate_deck(problem, ["hungry-wolf"] * 3)
    assert any("28" in p for p in problems) and any("owned" in p for p in problems)
    assert validate_deck(DeckProblem("cullin"), recommended_deck("cullin")) == []


@pytest.mark.slow
def test_simulation_in_the_loop_reports_both_win_rates():
    result = improve_deck(DeckProblem("cullin"), rounds=1, games=8, neighbours=1,
                          final_games=16, seed=0, executor="serial")
    assert validate_deck(DeckProblem("cullin"), result.picks) == []
    assert 0.0 <= result.win_rate.low <= result.win_rate.mean <= result.win_rate.high <= 1.0
    assert result.recommended_win_rate.n == 16 and len(result.history) == 2


def test_recommended_deck_is_what_the_recommended_method_deals():
    for villain in ("cullin", "morwen", "grak"):
        deck = recommended_deck(villain)
        state = tablekit.new_game("wonders", seed=1, villain=villain).state
        own_set = default_catalog().villains[villain].set
        dealt = sorted(c.id for c in state.table if c.set != own_set)
        assert len(deck) == 28 and sorted(deck) == dealt
