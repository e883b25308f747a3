"""A scenario for each of the 30 artefact tiles, driven by what its data says it does."""

from __future__ import annotations

import pytest

from tablekit.core.game import Events
from tablekit.wizards import engine
from tablekit.wizards.cards import components
from tablekit.wizards.effects import strength
from tablekit.wizards.flow import settle
from tablekit.wizards.scenario import build
from tests.wizards.conftest import fight
from tests.wizards.helpers import choose, offered, texts

P0, P1 = 0, 1
TYPES = {"imp": "fire-imp", "hobb": "hobb-runner", "giant": "titan", "beast": "minotaur"}
HUNTERS = {"imp": "bug-bear", "hobb": "minotaur", "giant": "hobb-lobber", "beast": "earth-imp"}
BASE = {"fire-imp": 1, "hobb-runner": 2, "titan": 6, "minotaur": 3}


def _gear_strength(tile, kind: str) -> int:
    creature = TYPES[kind]
    state = build(advanced=True, dungeons=[{"slots": {1: [P0, creature, True, tile.id]}}, {}],
                  hands=[["titan"], []])
    return strength(state, 0, 1) - BASE[creature]


@pytest.mark.parametrize("tile", [a for a in components().artefacts if a.kind == "equipment"],
                         ids=lambda a: a.id)
def test_equipment(tile):
    for kind in TYPES:
        expected = tile.bonus if not tile.bonus_types or kind in tile.bonus_types else 0
        assert _gear_strength(tile, kind) == expected, kind
    if tile.protect:
        kind = (tile.protect_types or ("giant",))[0]
        state, events = fight({1: [P0, HUNTERS[kind], True], 2: [P1, TYPES[kind], True, tile.id]},
                              advanced=True)
        assert f"{components().creature(TYPES[kind]).name} is protected and unharmed." in texts(events)
    if tile.action == "stun-adjacent":
        kind = tile.action_types[0]
        state, events = fight({1: [P0, "hobb-chanter", True, tile.id], 2: [P1, TYPES[kind], True]},
                              advanced=True)
        name = components().creature(TYPES[kind]).name
        assert f"{name} of Player 2 is stunned by {tile.name}." in texts(events)
    if tile.action == "discard-cursed":
        state, _ = fight({1: [P0, "titan", True, tile.id]}, advanced=True, cursed=[2, 0])
        assert offered(state) == ["Give back 1 cursed gem", "Give back 0 cursed gems"]


@pytest.mark.parametrize("tile", [a for a in components().artefacts if a.kind == "monster"],
                         ids=lambda a: a.id)
def test_monster_tiles(tile):
    state, events = fight({1: [P0, "titan", True], 2: [P1, "fire-imp", True]}, advanced=True,
                          artefacts=[tile.id, "broadsword"])
    choose(state, f"Take {tile.name}", events)
    assert tile.monster in state.hands[P0] and tile.monster in state.owned[P0]


@pytest.mark.parametrize("tile", [a for a in components().artefacts if a.kind == "end-of-game"],
                         ids=lambda a: a.id)
def test_end_of_game_tiles(tile):
    state = build(advanced=True, artefacts=[[tile.id], []], cursed=[5, 0], hands=[["titan"], []])
    for dungeon in state.dungeons:
        dungeon.open = False
    state.pending = None
    events = Events()
    settle(state, events)
    assert state.cursed[P0] == 5 - tile.discard_cursed
    for _ in range(tile.gems):
        assert engine.to_move(state) == P0 and len(offered(state)) == 6
        choose(state, "Take a red gem", events)
    # the cancelling that follows gives up the red gems again, one per cursed gem
    while state.pending is not None:
        choose(state, offered(state)[0], events)
    assert state.scores is not None and state.artefacts[P0] == [tile.id]
