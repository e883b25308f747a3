"""Pure DeckNForge rule functions: player counts, the dodge, the killing blow, the active wizard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tablekit.core.errors import ConfigError

START_HP = 20
PRESSURE_DAMAGE = 2
KILL_COPPERS = 3
OVERKILL_CAP = 5
ASSIST_COPPERS = 1
MOMENTUM = 10
RALLY = 5
SURGE = 3
END_OF_ROUND_DRAW = 2
BOSSES = 6
SPIKE = 3
FOIL = 3
REWARDS = ("Rally", "Surge", "Momentum")


class PlayerCount(NamedTuple):
    """One row of the Player Counts table."""

    wizards: int
    boss_hp_multiplier: int
    hand: int
    start_coppers: int


def player_count(wizards: int) -> PlayerCount:
    """The Player Counts row for 1–5 wizards: Boss HP ×n, hand 14 (solo and 5) or 12, coppers."""
    if not isinstance(wizards, int) or not 1 <= wizards <= 5:
        raise ConfigError(f"DeckNForge seats 1 to 5 wizards, not {wizards!r} "
                          "[rule forge.player-counts]")
    hand = 14 if wizards in (1, 5) else 12
    return PlayerCount(wizards, wizards, hand, 40 if wizards == 1 else 30)


def dodges(values: Sequence[int], attack: int) -> bool:
    """True when discarding cards of these face values dodges `attack` (strictly more)."""
    return sum(values) > attack


def cheapest_dodge(face_values: Sequence[int], attack: int) -> list[int] | None:
    """The discard with the lowest total that still beats `attack` (ties: fewer cards), sorted.

    >>> cheapest_dodge([2, 3, 9, 10], attack=10)
    [2, 9]
    """
    picked = cheapest_dodge_indexes(face_values, attack)
    return None if picked is None else sorted(face_values[i] for i in picked)


def cheapest_dodge_indexes(values: Sequence[int], attack: int) -> tuple[int, ...] | None:
    """Indexes of the cheapest dodge (lowest total > attack, then fewest cards), or None."""
    if sum(values) <= attack:
        return None
    reach: dict[int, tuple[int, ...]] = {0: ()}  # total <= attack -> fewest-card index tuple
    best: tuple[int, int, tuple[int, ...]] | None = None
    for index, value in enumerate(values):
        for total, chosen in list(reach.items()):
            new_total, new = total + value, (*chosen, index)
            if new_total > attack:
                key = (new_total, len(new), new)
                if best is None or key[:2] < best[:2]:
                    best = key
            elif new_total not in reach or len(new) < len(reach[new_total]):
                reach[new_total] = new
    return best[2] if best else None


def kill_coppers(overkill: int) -> int:
    """The killer's coppers: 3, plus 1 per point of overkill up to 5 more."""
    return KILL_COPPERS + min(max(overkill, 0), OVERKILL_CAP)


def heal_of_heart(face_value: int) -> int:
    """A converted Heart heals half its face value, rounded up."""
    return -(-face_value // 2)


def clockwise(start: int, wizards: int) -> list[int]:
    """Seats from `start` going clockwise (increasing seat number, wrapping)."""
    return [(start + i) % wizards for i in range(wizards)]


def next_active(active: int, coppers: Sequence[int], glory: Sequence[int]) -> int:
    """Who becomes active when a Boss dies: fewest coppers, then least Glory, then clockwise.

    The clockwise tiebreak starts with the seat after the active wizard (the role passes on),
    so the active wizard keeps it only when nobody else ties.
    """
    wizards = len(coppers)
    order = clockwise((active + 1) % wizards, wizards)
    return min(order, key=lambda w: (coppers[w], glory[w], order.index(w)))
