"""The rulebook's examples and Battle Lines puzzles, ready to play (data for the learn notebook)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tablekit.core.match import Match
from tablekit.wonders.battle import (
    BattleCriterion,
    BattleLayout,
    Fighter,
    best_battle_lines,
    count_layouts,
)
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
    """Example C: end the turn; the Villain draws Poison Toad and the Battle Lines begin.

    Against Cullin, whose turn-start rule only heals him: the Player's health then shows
    exactly the damage the book gives for each layout (0, 2, 0).
    """
    return scenario_match(villain="cullin", villain_minions=["forest-troll", "pixie-cavalry"],
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


@dataclass(frozen=True)
class PuzzleVerdict:
    """How a hand-made layout compares with every other allowed layout."""

    rank: int               # 1 = as good as the best
    layouts: int            # how many allowed layouts there are
    yours: BattleLayout
    best: BattleLayout

    def __str__(self) -> str:
        if self.yours.score >= self.best.score:
            return f"Best possible: {self.yours.report.player_damage} damage to you, " \
                   f"{len(self.yours.report.destroyed)} minions fell."
        return (f"Your layout ranks {self.rank} of {self.layouts}. The advisor's best: "
                f"Villain {', '.join(self.best.villain_order)}; you "
                f"{', '.join(self.best.player_order)}.")


def judge_layout(players: list[Fighter], villains: list[Fighter], villain_order: list[str],
                 player_order: list[str],
                 criterion: BattleCriterion | None = None) -> PuzzleVerdict:
    """Rank the learner's layout (names, left to right) among all allowed layouts."""
    layouts = best_battle_lines(players, villains, criterion, limit=None)
    if len(layouts) < count_layouts(players, villains):
        raise ValueError("too many layouts to rank every one; use a smaller puzzle")
    yours = next((lay for lay in layouts if lay.villain_order == list(villain_order)
                  and lay.player_order == list(player_order)), None)
    if yours is None:
        raise ValueError("that layout is not allowed: Player minions go by Priority, highest "
                         "left, and every minion appears once [rule wonders.battle-lines]")
    rank = 1 + sum(lay.score > yours.score for lay in layouts)
    return PuzzleVerdict(rank, len(layouts), yours, layouts[0])
