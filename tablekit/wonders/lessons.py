"""The rulebook's examples and Battle Lines puzzles, ready to play (data for the learn notebook)."""

from __future__ import annotations

import random

from tablekit.core.match import Match
from tablekit.wonders.battle import Fighter
from tablekit.wonders.cards import default_catalog
from tablekit.wonders.scenario import scenario_match

# Example C's three layouts, as the book lists them: (Villain order, Player order)
EXAMPLE_C_LAYOUTS = {
    1: (["Forest Troll", "Pixie Cavalry", "Poison Toad"],
        ["Pixie Mesmerist", "Hungry Wolf", "Treant Shepherd"]),
    2: (["Poison Toad", "Forest Troll", "Pixie Cavalry"],
        ["Pixie Mesmerist", "Hungry Wolf", "Treant Shepherd"]),
    3: (["Poison Toad", "Pixie Cavalry", "Forest Troll"],
        ["Pixie Mesmerist", "Treant Shepherd", "Hungry Wolf"]),
}


def example_a() -> Match:
    """Example A: a Pixie Mesmerist in play; end the turn to watch the opening Villain draws."""
    return scenario_match(player_minions=["pixie-mesmerist"], opening=True,
                          draw=["pixie-cavalry", "gnomish-servant", "baited-trap",
                                "earth-shield", "hungry-wolf", "stag-charger"])


def example_b() -> Match:
    """Example B: the player's turn with Earth Shield, Hungry Wolf and Baited Trap in hand."""
    return scenario_match(villain_minions=["forest-troll", "pixie-mesmerist"],
                          player_minions=["treant-shepherd", "pixie-cavalry"],
                          hand=["earth-shield", "hungry-wolf", "baited-trap"],
                          draw=["stag-charger", "stag-charger"])


def example_c() -> Match:
    """Example C: end the turn; the Villain draws Poison Toad and the Battle Lines begin."""
    return scenario_match(villain="morwen", villain_minions=["forest-troll", "pixie-cavalry"],
                          player_minions=["pixie-mesmerist", "treant-shepherd", "hungry-wolf"],
                          draw=["poison-toad", "stag-charger"])


def example_c_fighters() -> tuple[list[Fighter], list[Fighter]]:
    """Example C's minions as fighters: (Player minions, Villain minions)."""
    return (_fighters(["pixie-mesmerist", "treant-shepherd", "hungry-wolf"], "player"),
            _fighters(["forest-troll", "pixie-cavalry", "poison-toad"], "villain"))


def battle_puzzle(seed: int, players: int = 4, villains: int = 4
                  ) -> tuple[list[Fighter], list[Fighter]]:
    """A Battle Lines puzzle from sample-set minions (the same seed, the same puzzle)."""
    rng = random.Random(seed)
    minions = sorted(c.id for c in default_catalog().cards.values()
                     if c.player.kind == "minion" and c.villain.kind == "minion")
    return (_fighters([rng.choice(minions) for _ in range(players)], "player"),
            _fighters([rng.choice(minions) for _ in range(villains)], "villain"))


def _fighters(card_ids: list[str], side: str) -> list[Fighter]:
    cards = default_catalog().cards
    fighters = []
    for card_id in card_ids:
        half = getattr(cards[card_id], side)
        fighters.append(Fighter(cards[card_id].name, half.strength, half.health,
                                half.priority if side == "player" else None, half.poison,
                                half.shield, half.taunt))
    return fighters
