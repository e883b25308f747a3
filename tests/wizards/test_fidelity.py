"""Issue 36, rules fidelity: Of the Chosen, rule citations, clear errors and the log's wording."""

from __future__ import annotations

import pytest

import tablekit
from solvers.wizards import DeckRules, allowed_decks, score_calculator
from tablekit.core.errors import ConfigError
from tablekit.core.game import Events
from tablekit.wizards import engine
from tablekit.wizards.actions import CancelGem, GiveGem, TakeGem
from tablekit.wizards.effects import draw, take_gem
from tablekit.wizards.game import GAME
from tablekit.wizards.scenario import build
from tests.wizards.conftest import fight
from tests.wizards.helpers import choose, offered, rules_of, texts

P0, P1 = 0, 1
RED, BLUE, GREEN, YELLOW = 1, 2, 4, 5
QUIET = {RED: [P0, "titan", True], BLUE: [P1, "ogre", True]}  # no action-phase abilities
LONE = {RED: [P0, "titan", True], YELLOW: [P0, "minotaur", True]}  # one owner, no actions


def _cited(state) -> str:
    """The rule the pending decision cites."""
    return GAME.legal_reason(state, engine.legal_actions(state)[0])[0]


# -- 15. Of the Chosen: one cursed gem per gaining event ------------------------------------
def test_of_the_chosen_offers_one_cursed_gem_however_many_artefacts_are_gained():
    state, events = fight(LONE, advanced=True, enchantment="of-the-chosen", cursed=[3, 0],
                          artefacts=["greatsword", "broadsword"])
    asked = 0
    while state.pending.player == P0:
        asked += state.pending.kind == "cursed"
        choose(state, offered(state)[0], events)
    assert sorted(state.artefacts[P0]) == ["broadsword", "greatsword"]
    assert (asked, state.cursed[P0]) == (1, 2)


def test_of_the_chosen_asks_each_player_who_gains_once():
    state, events = fight({**QUIET, GREEN: [P1, "minotaur", True]}, advanced=True,
                          enchantment="of-the-chosen", cursed=[2, 2],
                          artefacts=["greatsword", "broadsword"])
    choose(state, "Take Greatsword", events)
    asked = []
    while state.pending.kind == "cursed":
        asked.append(state.pending.player)
        choose(state, "Give back 1", events)
    assert asked == [P0, P1] and state.cursed == [1, 1]


# -- 17. every cursed-gem return and gem pick cites its own rule ----------------------------
def test_holy_vial_cites_its_own_rule():
    state, events = fight({RED: [P0, "titan", True], GREEN: [P1, "ogre", True, "holy-vial"]},
                          advanced=True, cursed=[0, 2])
    assert _cited(state) == "wizards.holy-vial"
    choose(state, "Give back 1", events)
    assert "wizards.holy-vial" in rules_of(events)


@pytest.mark.parametrize("enchantment, slots, rule", [
    ("of-shadow", QUIET, "wizards.of-shadow"),
    ("of-the-ancestors", {RED: [P0, "hobb-lobber", True]}, "wizards.of-the-ancestors"),
    ("of-the-chosen", {RED: [P0, "titan", True]}, "wizards.of-the-chosen"),
    ("of-purification", {RED: [P0, "titan", True]}, "wizards.of-purification"),
])
def test_enchantment_returns_cite_their_enchantment(enchantment, slots, rule):
    state, events = fight(slots, advanced=True, enchantment=enchantment, cursed=[3, 0],
                          artefacts=["broadsword"])
    assert state.pending.kind == "cursed" and _cited(state) == rule
    choose(state, "Give back 1", events)
    assert [e.rule for e in events.items if "gives back" in e.text] == [rule]


@pytest.mark.parametrize("enchantment, rule, why", [
    ("of-abundance", "wizards.of-abundance", "(Of Abundance)"),
    ("of-astonishing-horror", "wizards.of-astonishing-horror", "(Of Astonishing Horror)"),
])
def test_enchantment_gem_picks_cite_their_enchantment(enchantment, rule, why):
    state, events = fight(QUIET, advanced=True, enchantment=enchantment)
    assert state.pending.kind == "gem" and _cited(state) == rule
    taken = choose(state, "Take a purple gem")
    assert [(e.rule, e.text) for e in taken.items][0] == (rule, f"Player 1 takes a purple gem {why}.")


def test_end_of_game_gems_cite_the_end_artefact_rule_and_name_the_tile():
    state = build(advanced=True, artefacts=[["crown-of-facets"], []], hands=[["titan"], []])
    for dungeon in state.dungeons:
        dungeon.open = False
    state.pending = None
    tablekit.wizards.flow.settle(state, Events())
    assert _cited(state) == "wizards.end-artefact"
    taken = choose(state, "Take a red gem")
    assert (taken.items[0].rule, taken.items[0].text) == (
        "wizards.end-artefact", "Player 1 takes a red gem (Crown of Facets).")


# -- 18. bad options are clear errors -------------------------------------------------------
def test_a_scenario_battle_in_a_dungeon_that_is_not_there_is_a_config_error():
    with pytest.raises(ConfigError, match=r"scenario battle: dungeon 2 .* 0 or 1"):
        tablekit.new_game("wizards", seed=0, scenario={"battle": 2, "hands": [["titan"], []]})


@pytest.mark.parametrize("rules, named", [
    (DeckRules("random", include=("dragon",)), "include"),
    (DeckRules("random", exclude=("void-spider",)), "exclude"),
])
def test_allowed_decks_names_the_wish_it_cannot_read(rules, named):
    with pytest.raises(ValueError, match=rf"{named}: .* is not a creature a deck may hold.*titan"):
        allowed_decks(rules)


def test_the_calculator_names_an_unknown_artefact():
    with pytest.raises(ValueError, match=r"artefacts: 'excalibur' is not an artefact.*blessed-cup"):
        score_calculator({"red": 1}, 0, ["excalibur"])


# -- 19. the log reads well -----------------------------------------------------------------
def test_gem_actions_and_log_lines_use_the_right_article():
    assert str(TakeGem("orange")) == "Take an orange gem" and str(TakeGem("red")) == "Take a red gem"
    assert str(GiveGem("orange")) == "Give an orange gem"
    assert str(CancelGem("orange", True)) == "Cancel an orange gem (best)"
    state = build(hands=[["titan"], []])
    events = Events()
    take_gem(state, P0, "orange", events, "test")
    assert texts(events) == ["Player 1 takes an orange gem (test)."]


@pytest.mark.parametrize("deck, count, text", [
    ([], 2, "Player 1 draws no card (the deck is empty)."),
    (["titan"], 2, "Player 1 draws 1 card (the deck had only 1)."),
    (["titan", "ogre"], 2, "Player 1 draws 2 cards."),
    (["titan", "ogre"], 1, "Player 1 draws 1 card."),
])
def test_drawing_says_how_many_cards_in_plain_words(deck, count, text):
    state = build(hands=[["bug-bear"], []], decks=[deck, []])
    events = Events()
    draw(state, P0, count, events, "wizards.draw")
    assert texts(events) == [text]


def test_an_ogre_on_a_free_entrance_pushes_nobody_and_the_log_says_nothing_of_a_push():
    state = build(hands=[["ogre", "titan"], ["bug-bear"]])
    events = choose(state, "Place Ogre face up at Glimmer Cellar (red")
    assert not any("occupied" in t or "moves" in t for t in texts(events)), texts(events)
    assert any(t.startswith("Player 1 places Ogre face up") for t in texts(events))


def test_a_lone_owner_gets_every_artefact_without_a_choice():
    state, events = fight(LONE, artefacts=["greatsword", "broadsword"])
    while state.pending.kind == "return":
        choose(state, offered(state)[0], events)
    assert state.pending.player == P1 and state.pending.kind == "place"
    assert sorted(state.artefacts[P0]) == ["broadsword", "greatsword"]
    assert "Only Player 1 has creatures left here: both artefacts are theirs." in texts(events)


@pytest.mark.parametrize("artefacts, says", [
    ((), "Only Player 1 has creatures left here, and there is no artefact to take."),
    (("greatsword",), "Only Player 1 has creatures left here: the artefact is theirs."),
    (("greatsword", "broadsword", "tin-chalice"),
     "Only Player 1 has creatures left here: all 3 artefacts are theirs."),
])
def test_the_lone_owner_line_counts_the_artefacts(artefacts, says):
    state, events = fight(LONE, artefacts=artefacts, advanced=True, enchantment="of-wonders")
    assert says in texts(events) and sorted(state.artefacts[P0]) == sorted(artefacts)
