"""Positions set up from data, for lessons, puzzles and tests: dungeons, hands, gems, tiles."""

from __future__ import annotations

import random
from typing import Any

from tablekit.core.errors import ConfigError
from tablekit.core.game import Events
from tablekit.wizards.cards import CLOSED, COLOURS, STATUE, components
from tablekit.wizards.flow import settle
from tablekit.wizards.setup import make_config
from tablekit.wizards.state import PLACE, Dungeon, Pending, Slot, WizardsState


def build(players: int = 2, advanced: bool = False, dungeons: list[dict[str, Any]] | None = None,
          hands: list[list[str]] | None = None, decks: list[list[str]] | None = None,
          gems: list[dict[str, int]] | None = None, cursed: list[int] | None = None,
          artefacts: list[list[str]] | None = None, stack: list[str] | None = None,
          active: int = 0, seed: int = 0, **options: Any) -> WizardsState:
    """A position from data, waiting for the active player's placement (if they hold cards).

    `dungeons[i]` may give "dark", "slots" ({space: [owner, creature, face_up, equipment]}),
    "artefacts" and "enchantment"; every player owns the cards placed, in hand and in deck.
    """
    config = make_config(players=players, advanced=advanced, **options)
    state = WizardsState(config, players, random.Random(seed))
    state.stack = list(stack or [])
    for index, spec in enumerate(dungeons or [{} for _ in state.sides]):
        _add_dungeon(state, index, spec)
    for player in range(players):
        state.hands[player] = list((hands or [[]] * players)[player])
        state.decks[player] = list((decks or [[]] * players)[player])
        for colour, count in (gems or [{}] * players)[player].items():
            _take(state.supply, COLOURS.index(_colour(colour)), count, colour)
            state.gems[player][COLOURS.index(colour)] += count
        state.cursed[player] = (cursed or [0] * players)[player]
        state.cursed_supply -= state.cursed[player]
        state.artefacts[player] = list((artefacts or [[]] * players)[player])
    state.owned = [state.hands[p] + state.decks[p] for p in range(players)]
    for dungeon in state.dungeons:
        for slot in dungeon.slots:
            if slot is not None:
                state.owned[slot.owner].append(slot.creature)
    state.active, state.phase = active, PLACE
    state.pending = Pending(active, "place") if state.hands[active] else None
    return state


def start_battle(state: WizardsState, dungeon: int, events: Events | None = None) -> Events:
    """Make the active player fight a dungeon's battle now (as if they had just filled it)."""
    events = events if events is not None else Events()
    state.pending, state.legal = None, None
    state.filled = [dungeon]
    state.todo = [("battle", dungeon)]  # after the battle, the turn ends as usual
    settle(state, events)
    return events


def _add_dungeon(state: WizardsState, index: int, spec: dict[str, Any]) -> None:
    unknown = set(spec) - {"dark", "slots", "artefacts", "enchantment"}
    if unknown:
        raise ConfigError(f"dungeon {index}: unknown fields {sorted(unknown)}")
    side = state.sides[index].side(bool(spec.get("dark", False)))
    dungeon = Dungeon(index, bool(spec.get("dark", False)), len(side.ring))
    for space, fields in spec.get("slots", {}).items():
        space = int(space)
        if side.ring[space] in (STATUE, CLOSED):
            raise ConfigError(f"dungeon {index}: space {space} is {side.ring[space]}, not an entrance")
        owner, creature, face_up, *gear = fields
        components().creature(creature)
        dungeon.slots[space] = Slot(owner, creature, face_up, gear[0] if gear else "")
    dungeon.artefacts = list(spec.get("artefacts", []))
    dungeon.enchantment = spec.get("enchantment", "of-radiance")
    state.dungeons.append(dungeon)


def _colour(colour: str) -> str:
    if colour not in COLOURS:
        raise ConfigError(f"unknown gem colour {colour!r}; the colours are {', '.join(COLOURS)}")
    return colour


def _take(supply: list[int], index: int, count: int, colour: str) -> None:
    if count > supply[index]:
        raise ConfigError(f"only {supply[index]} {colour} gems are left in the supply")
    supply[index] -= count
