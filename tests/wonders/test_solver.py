"""The 28-card builder: every pick re-checked by our own validator and by the game itself."""

import tomllib
from collections import Counter
from pathlib import Path

import pytest

import tablekit
import tablekit.wonders
from solvers.wonders import (
    DeckLimit,
    DeckProblem,
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
    own = sum(c.copies for c in default_catalog().villain_cards("cullin"))
    assert len(match.state.boards[0].card_uids()) == 28 + own


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


def recommended_from_the_files(villain: str) -> list[str]:
    """Read straight from the data files: every copy of the cards of the Villain icon's colour."""
    data = Path(tablekit.wonders.__file__).parent / "data"
    villains = tomllib.loads((data / "villains.toml").read_text(encoding="utf-8"))["villain"]
    colour = next(v["colour"] for v in villains if v["id"] == villain)
    cards = tomllib.loads((data / f"cards-{colour}.toml").read_text(encoding="utf-8"))["card"]
    return sorted(c["id"] for c in cards if c["set"] == colour and "pack" not in c
                  for _ in range(c.get("copies", 1)))


@pytest.mark.parametrize("villain", ["cullin", "morwen", "grak"])
def test_recommended_deck_is_the_villains_colour_read_from_the_files(villain):
    expected = recommended_from_the_files(villain)
    assert len(expected) == 28  # wonders.draw-pile: 28 collection cards
    assert sorted(recommended_deck(villain)) == expected
    state = tablekit.new_game("wonders", seed=1, villain=villain).state
    own_set = default_catalog().villains[villain].set
    assert sorted(c.id for c in state.table if c.set != own_set) == expected
