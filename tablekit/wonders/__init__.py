"""Deck of Wonders: a solo card game against a self-playing Villain (co-op for two)."""

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
