"""Helpers for Wizards & Co. tests: random play and the conservation invariants."""

from __future__ import annotations

import random
from collections import Counter

from tablekit.core.game import Events
from tablekit.wizards import engine
from tablekit.wizards.cards import COLOURS, components
from tablekit.wizards.setup import make_config
from tablekit.wizards.state import CURSED_SUPPLY, GEM_SUPPLY, WizardsState


def play_random(seed: int, players: int = 2, advanced: bool = False, check=None,
                **options) -> WizardsState:
    """A whole game by uniformly random legal actions; `check(state)` after every action."""
    rng = random.Random(seed)
    state = engine.new_state(make_config(players=players, advanced=advanced, **options),
                             random.Random(seed))
    steps = 0
    while engine.to_move(state) is not None:
        legal = engine.legal_actions(state)
        assert legal, (state.pending, state.phase)
        engine.apply_unchecked(state, rng.choice(legal), Events(None))
        if check is not None:
            check(state)
        steps += 1
        assert steps < 20_000, "the game does not end"
    return state


def check_gems(state: WizardsState) -> None:
    """Gems and cursed gems are conserved between the supply, the tiles and the players."""
    for index, colour in enumerate(COLOURS):
        on_tiles = sum(1 for d in state.dungeons for c in d.fortune.values() if c == colour)
        held = sum(g[index] for g in state.gems)
        assert held + state.supply[index] + on_tiles == GEM_SUPPLY, colour
    assert sum(state.cursed) + state.cursed_supply == CURSED_SUPPLY


def check_conservation(state: WizardsState) -> None:
    """No card lost or duplicated; gems, cursed gems and tiles conserved."""
    for player in range(state.players):
        where = Counter(state.hands[player]) + Counter(state.decks[player])
        for dungeon in state.dungeons:
            where += Counter(s.creature for s in dungeon.slots if s is not None and s.owner == player)
        if state.pending is not None and state.pending.kind == "ogre" and state.pending.player == player:
            where[state.pending.data[2]] += 1  # the Ogre being placed, waiting for its spot
        assert where == Counter(state.owned[player]), (player, where, state.owned[player])
    check_gems(state)
    tiles = [a for p in state.artefacts for a in p] + state.discarded
    tiles += [a for d in state.dungeons for a in d.artefacts] + [a for p in state.piles.values() for a in p]
    assert sorted(tiles) == sorted(a.id for a in components().artefacts)
    ench = [e for p in state.enchantments for e in p] + state.stack
    ench += [d.enchantment for d in state.dungeons if d.enchantment and d.enchantment not in ench]
    assert len(ench) == len(set(ench))


def choose(state: WizardsState, text: str, events: Events | None = None) -> Events:
    """Play the legal action whose str() starts with `text` (exactly one must)."""
    events = events if events is not None else Events()
    found = [a for a in engine.legal_actions(state) if str(a).startswith(text)]
    assert len(found) == 1, (text, [str(a) for a in engine.legal_actions(state)])
    engine.apply_unchecked(state, found[0], events)
    return events


def offered(state: WizardsState) -> list[str]:
    """The readable legal actions."""
    return [str(a) for a in engine.legal_actions(state)]


def texts(events: Events) -> list[str]:
    """The sentences of the events."""
    return [e.text for e in events.items]


def rules_of(events: Events) -> list[str]:
    """The rule ids of the events."""
    return [e.rule for e in events.items]
