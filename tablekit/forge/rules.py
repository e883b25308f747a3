"""Pure DeckNForge rule functions: player counts, the dodge, the killing blow, the active wizard."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
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
    """Indexes of the cheapest dodge (lowest total > attack, then fewest cards), or None.

    A 0/1 knapsack over totals up to the attack: `reach[t]` is the fewest-card choice of the
    cards seen so far adding up to exactly t. A cheapest dodge minus its last card totals at
    most the attack (or a cheaper dodge would exist), so it is found from some `reach[t]`.
    """
    if attack < 0:
        attack = -1
    if sum(values) <= attack:
        return None
    lowest = min(values)
    if lowest > attack:  # every card dodges alone: the lowest one is the cheapest dodge
        return (values.index(lowest),)
    reach: list[tuple[int, ...] | None] = [None] * (attack + 1)
    if attack >= 0:
        reach[0] = ()
    best: tuple[int, ...] | None = None
    best_key = (1 << 30, 0)
    for index, value in enumerate(values):
        if value > attack and (value, 1) < best_key:  # on its own it dodges
            best_key, best = (value, 1), (index,)
        for total in range(max(0, attack - value + 1), attack + 1):
            chosen = reach[total]
            if chosen is not None and (total + value, len(chosen) + 1) < best_key:
                best_key, best = (total + value, len(chosen) + 1), (*chosen, index)
        for total in range(attack - value, -1, -1):
            chosen = reach[total]
            if chosen is not None:
                old = reach[total + value]
                if old is None or len(chosen) + 1 < len(old):
                    reach[total + value] = (*chosen, index)
    return best


def kill_coppers(overkill: int) -> int:
    """The killer's coppers: 3, plus 1 per point of overkill up to 5 more."""
    return KILL_COPPERS + min(max(overkill, 0), OVERKILL_CAP)


def heal_of_heart(face_value: int) -> int:
    """A converted Heart heals half its face value, rounded up."""
    return -(-face_value // 2)


@cache
def clockwise(start: int, wizards: int) -> tuple[int, ...]:
    """Seats from `start` going clockwise (increasing seat number, wrapping)."""
    return tuple((start + i) % wizards for i in range(wizards))


def next_active(active: int, coppers: Sequence[int], glory: Sequence[int]) -> int:
    """Who becomes active when a Boss dies: fewest coppers, then least Glory, then clockwise.

    The clockwise tiebreak starts with the seat after the active wizard (the role passes on),
    so the active wizard keeps it only when nobody else ties.
    """
    wizards = len(coppers)
    order = clockwise((active + 1) % wizards, wizards)
    return min(order, key=lambda w: (coppers[w], glory[w], order.index(w)))
