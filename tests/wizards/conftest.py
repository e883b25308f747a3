"""Fixtures for Wizards & Co. tests: a battle set up from data."""

from __future__ import annotations

import pytest

from tablekit.wizards.scenario import build, start_battle


def fight(slots: dict, *, hands=None, decks=None, gems=None, cursed=None, advanced=False,
          enchantment="of-radiance", artefacts=(), players=2, active=0, other=None,
          owned_artefacts=None, stack=None, dark=False):
    """A battle in dungeon 0 (Glimmer Cellar: 1 red, 2 blue, 3 closed, 4 green, 5 yellow)."""
    if hands is None:  # the next player holds a card, so play stops at their placement
        hands = [[] for _ in range(players)]
        hands[(active + 1) % players] = ["earth-imp"]
    dungeons = [{"slots": slots, "enchantment": enchantment, "artefacts": list(artefacts),
                 "dark": dark}]
    dungeons += [{"slots": other or {}} for _ in range(players - 1)]
    state = build(players=players, advanced=advanced, dungeons=dungeons, hands=hands,
                  decks=decks, gems=gems, cursed=cursed, active=active,
                  artefacts=owned_artefacts, stack=stack)
    events = start_battle(state, 0)
    return state, events


@pytest.fixture
def battle():
    return fight
