"""Runes of Wyrd: deck construction, preparation, odds, and the automatic duel."""

from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import (
    HEROES,
    Card,
    CardType,
    Rarity,
    load_collection,
    load_pool,
)
from tablekit.runes.combat import damage_split
from tablekit.runes.deck import DeckError, Violation, validate_deck
from tablekit.runes.duel import DuelResult, run_duel
from tablekit.runes.odds import (
    chapter_block_positions,
    chapter_positions,
    chapter_precedence,
    first_probability,
    position_distribution,
    precedence_probability,
)
from tablekit.runes.preparation import (
    Plan,
    PlanError,
    PrepOptions,
    check_plan,
    initiative_cost,
    preparation_steps,
    shuffle,
    wyrd_points_spent,
)

__all__ = [
    "HEROES", "Card", "CardType", "DeckError", "DuelOptions", "DuelResult", "Plan", "PlanError",
    "PrepOptions", "Rarity", "Violation", "chapter_block_positions", "chapter_positions",
    "chapter_precedence", "check_plan", "damage_split", "first_probability", "initiative_cost",
    "load_collection", "load_pool", "position_distribution", "precedence_probability",
    "preparation_steps", "run_duel", "shuffle", "validate_deck", "wyrd_points_spent",
]
