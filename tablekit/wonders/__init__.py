"""Deck of Wonders: a solo card game against a self-playing Villain (co-op for two).

The acceptance surface: `Fighter`, `resolve_villain_attacks`, `best_battle_lines`; the engine
is `tablekit.new_game("wonders", seed=..., villain=...)` (see `tablekit.wonders.game`).
"""

from tablekit.wonders.battle import (
    BattleCriterion,
    BattleLayout,
    BattleReport,
    Fighter,
    best_battle_lines,
    resolve_villain_attacks,
)

__all__ = ["BattleCriterion", "BattleLayout", "BattleReport", "Fighter", "best_battle_lines",
           "resolve_villain_attacks"]
