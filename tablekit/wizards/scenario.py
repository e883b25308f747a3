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
    if not 0 <= active < players:
        raise ConfigError(f"scenario: active player {active} is not one of the {players} seats")
    state = WizardsState(config, players, random.Random(seed).getrandbits(64))
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
    for card in (c for p in range(players) for c in state.hands[p] + state.decks[p]):
        components().creature(card)
    for tile in (a for owned in state.artefacts for a in owned):
        components().artefact(tile)
    state.owned = [state.hands[p] + state.decks[p] for p in range(players)]
    for dungeon in state.dungeons:
        for slot in dungeon.slots:
            if slot is not None:
                state.owned[slot.owner].append(slot.creature)
    state.active, state.phase = active, PLACE
    state.pending = Pending(active, "place") if state.hands[active] else None
    return state


def from_config(config: Any, events: Events | None = None,
                rng: random.Random | None = None) -> WizardsState:
    """The position a config's scenario describes (ConfigError naming what is wrong).

    `rng` (the match's) seeds the luck of the dungeons opened later (Of Fortune's gems).
    """
    scenario = config.scenario
    options = {k: v for k, v in config.resolved().items() if k not in ("players", "advanced")}
    dungeons = [{"dark": d.dark, "slots": {k: list(v) for k, v in d.slots.items()},
                 "artefacts": list(d.artefacts), "enchantment": d.enchantment}
                for d in scenario.dungeons] or None
    players = config.players
    for field in ("hands", "decks", "gems", "cursed", "artefacts"):
        if len(getattr(scenario, field)) not in (0, players):
            raise ConfigError(f"scenario {field}: give one entry per player ({players}), "
                              f"not {len(getattr(scenario, field))}")
    try:
        state = build(players=players, advanced=config.advanced, dungeons=dungeons,
                      hands=_lists(scenario.hands), decks=_lists(scenario.decks),
                      gems=[dict(g) for g in scenario.gems] or None,
                      cursed=list(scenario.cursed) or None,
                      artefacts=_lists(scenario.artefacts), stack=list(scenario.stack),
                      active=scenario.active, seed=rng.getrandbits(64) if rng else 0,
                      **options)
    except KeyError as exc:
        raise ConfigError(f"scenario: no creature, artefact or enchantment with the id {exc}") from None
    if scenario.battle is not None:
        _check_battle(state, scenario.battle)
        start_battle(state, scenario.battle, events)
    elif state.pending is None:  # the active player holds nothing: play runs on to a decision
        settle(state, events if events is not None else Events())
    return state


def _check_battle(state: WizardsState, dungeon: int) -> None:
    """The scenario's battle must be in one of the dungeons on the table."""
    count = len(state.dungeons)
    if dungeon >= count:
        allowed = ", ".join(str(d) for d in range(count - 1)) + f" or {count - 1}"
        raise ConfigError(f"scenario battle: dungeon {dungeon} is not on the table; "
                          f"{state.players} players raid dungeons {allowed} "
                          "[rule wizards.battle-token]")


def _lists(rows: tuple) -> list[list[str]] | None:
    return [list(r) for r in rows] or None


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
    if index >= len(state.sides):
        raise ConfigError(f"scenario: {state.players} players have {len(state.sides)} dungeons")
    side = state.sides[index].side(bool(spec.get("dark", False)))
    dungeon = Dungeon(index, bool(spec.get("dark", False)), side)
    for space, fields in spec.get("slots", {}).items():
        space = int(space)
        if not 0 <= space < len(side.ring) or side.ring[space] in (STATUE, CLOSED):
            raise ConfigError(f"dungeon {index}: space {space} is not an entrance of {side.name} "
                              "[rule wizards.place-entrance]")
        owner, creature, face_up, *gear = fields
        components().creature(creature)
        if not 0 <= owner < state.players:
            raise ConfigError(f"dungeon {index}, space {space}: no player {owner}")
        dungeon.slots[space] = Slot(owner, creature, face_up, gear[0] if gear else "")
    dungeon.artefacts = list(spec.get("artefacts", []))
    dungeon.enchantment = spec.get("enchantment", "of-radiance")
    for artefact in dungeon.artefacts:
        components().artefact(artefact)
    components().enchantment(dungeon.enchantment)
    state.dungeons.append(dungeon)


def _colour(colour: str) -> str:
    if colour not in COLOURS:
        raise ConfigError(f"unknown gem colour {colour!r}; the colours are {', '.join(COLOURS)}")
    return colour


def _take(supply: list[int], index: int, count: int, colour: str) -> None:
    if count > supply[index]:
        raise ConfigError(f"only {supply[index]} {colour} gems are left in the supply")
    supply[index] -= count
