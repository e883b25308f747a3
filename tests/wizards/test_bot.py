"""The heuristic bot's decisions on constructed positions (issue 36, item 20): each blind spot."""

from __future__ import annotations

import random

from tablekit.core.game import Events
from tablekit.wizards import engine, heuristic
from tablekit.wizards.actions import Discard, MoveTo, Pass, Place
from tablekit.wizards.scenario import build
from tests.wizards.conftest import fight

P0, P1 = 0, 1


def _bot(state):
    """The bot's answer to the pending decision, from its own view."""
    player = engine.to_move(state)
    return heuristic.choose(engine.view(state, player), engine.legal_actions(state),
                            random.Random(0))


def _place(state, creature: str, dungeon: int, space: int) -> None:
    found = [a for a in engine.legal_actions(state) if isinstance(a, Place) and a.face_up
             and (a.creature, a.dungeon, a.space) == (creature, dungeon, space)]
    engine.apply_unchecked(state, found[0], Events(None))


def _equip_choice(creature: str, tile: str) -> str:
    state = build(advanced=True, hands=[[creature, "titan"], ["titan"]], artefacts=[[tile], []])
    _place(state, creature, 0, 1)
    assert state.pending.kind == "equip"
    return str(_bot(state))


def test_the_bot_equips_only_where_the_tile_does_something():
    assert _equip_choice("hobb-runner", "beast-collar") == "No equipment"
    assert _equip_choice("minotaur", "beast-collar") == "Equip it with Beast Collar"
    assert _equip_choice("void-spider", "ward-amulet") == "No equipment"
    assert _equip_choice("fire-imp", "ward-amulet") == "Equip it with Ward Amulet"
    assert _equip_choice("titan", "broadsword") == "Equip it with Broadsword"


def test_the_hobb_runner_leaves_a_cursed_entrance_it_gains_nothing_from():
    # Sunken Cellar: 1 cursed, 2 purple, 3 red, 4 closed, 5 orange, 6 cursed
    state, _ = fight({1: [P0, "hobb-runner", True], 5: [P1, "titan", True]}, dark=True)
    assert state.pending.kind == "runner"
    choice = _bot(state)
    assert isinstance(choice, MoveTo) and state.space(choice.dungeon, choice.space) != "cursed"


def test_the_hobb_runner_stays_where_its_strength_wins_the_dungeon():
    state, _ = fight({2: [P0, "hobb-runner", True], 5: [P1, "fire-imp", True]}, dark=True)
    assert state.pending.kind == "runner" and isinstance(_bot(state), Pass)


def test_the_flesh_golem_is_fed_when_a_card_wins_the_dungeon_and_not_when_it_is_won():
    hands = [["fire-imp", "air-imp"], ["earth-imp"]]
    state, _ = fight({1: [P0, "flesh-golem", True], 2: [P1, "minotaur", True]}, hands=hands)
    assert state.pending.kind == "feed"
    assert isinstance(_bot(state), Discard)
    state, _ = fight({1: [P0, "flesh-golem", True]}, hands=hands)
    assert state.pending.kind == "feed" and isinstance(_bot(state), Pass)


def _push_choice(owner: int) -> str:
    state = build(dungeons=[{"dark": True, "slots": {2: [owner, "titan", True]}}, {}],
                  hands=[["ogre"], ["titan"]])
    _place(state, "ogre", 0, 2)
    assert state.pending.kind == "ogre"
    choice = _bot(state)
    return state.space(choice.dungeon, choice.space)


def test_the_ogre_pushes_its_owners_creature_to_a_gem_and_a_rivals_to_a_cursed_gem():
    assert _push_choice(P0) in ("red", "orange")
    assert _push_choice(P1) == "cursed"
