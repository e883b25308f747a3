"""End-of-game scoring: end-of-game artefacts, cursed gems cancel gems, sets of different gems,
artefacts, enchantments. `final_score` is the whole of 4. Scoring for one player's holdings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from tablekit.core.errors import TablekitError
from tablekit.wizards.cards import COLOURS

SET_POINTS = (0, 1, 2, 4, 6, 9, 12)  # points for a set of 0..6 different gems
MAX_COLOURS = len(SET_POINTS) - 1
MOST_CURSED_PENALTY = 3
ENCHANTMENT_POINTS = 1


class ScoringError(TablekitError):
    """Gems or cursed gems that cannot be scored (negative, not whole numbers, too many colours)."""


def set_points(gems: Mapping[str, int]) -> int:
    """Points of the best split of gems into sets of different colours (wizards.score-sets).

    Layering is optimal: set k holds one gem of every colour with at least k gems, because a
    set's points grow faster the bigger it is (each extra colour adds 1, 1, 2, 2, 3, 3).

    >>> set_points({"red": 3, "blue": 1, "green": 1})
    6
    """
    return _layer_points(_counts(gems))


def best_sets(gems: Mapping[str, int]) -> list[tuple[str, ...]]:
    """The sets of the best split, biggest first: each a tuple of colours."""
    _counts(gems)
    top = max(gems.values(), default=0)
    return [tuple(c for c, n in gems.items() if n >= layer) for layer in range(1, top + 1)]


def cancel_choice(gems: Mapping[str, int]) -> str:
    """The colour the player loses least by giving up to a cursed gem: their most numerous one."""
    counts = {c: n for c, n in gems.items() if n > 0}
    if not counts:
        raise ScoringError("no gem to give up: every colour is at 0 [rule wizards.score-cancel]")
    return max(counts, key=lambda c: counts[c])  # first listed of the largest, so deterministic


def cancel(gems: Mapping[str, int], cursed: int) -> tuple[dict[str, int], int]:
    """Gems and cursed gems left after each cursed gem cancels a gem, chosen best for the player."""
    _counts(gems)
    left, cursed = dict(gems), _count("cursed gems", cursed)
    while cursed and any(left.values()):
        left[cancel_choice(left)] -= 1
        cursed -= 1
    return left, cursed


def _layer_points(counts: Iterable[int]) -> int:
    """Points of the layered split of checked gem counts (see `set_points`)."""
    counts = list(counts)
    return sum(SET_POINTS[sum(1 for n in counts if n >= layer)]
               for layer in range(1, max(counts, default=0) + 1))


def score_gems(gems: Mapping[str, int], cursed: int) -> int:
    """Points from gems and cursed gems: sets after the best cancellation, −1 per cursed gem left.

    Leaves out the −3 for holding the most cursed gems, artefacts and enchantments.

    >>> score_gems({"red": 3, "blue": 1, "green": 1}, cursed=0)
    6
    >>> score_gems({"red": 3, "blue": 1, "green": 1}, cursed=2)
    4
    """
    left, cursed_left = cancel(gems, cursed)  # checks the input once
    return _layer_points(left.values()) - cursed_left


@dataclass(frozen=True, slots=True)
class Score:
    """One player's final score, line by line."""

    most_cursed: int
    cursed_left: int
    sets: int
    artefacts: int
    enchantments: int

    @property
    def total(self) -> int:
        """The sum of every line."""
        return (self.sets + self.artefacts + self.enchantments
                - self.most_cursed - self.cursed_left)


def score_player(gems: Mapping[str, int], cursed: int, artefact_points: Iterable[int],
                 enchantments: int, most_cursed: bool) -> Score:
    """A player's score from what they hold (gems already cancelled or not: cancelled here)."""
    left, cursed_left = cancel(gems, cursed)  # checks the input once
    return Score(MOST_CURSED_PENALTY if most_cursed else 0, cursed_left, _layer_points(left.values()),
                 sum(artefact_points), ENCHANTMENT_POINTS * enchantments)


class Tile(Protocol):
    """What scoring reads from an artefact tile: its points and its end-of-game effect."""

    points: int
    gems: int
    discard_cursed: int


def best_gem(gems: Mapping[str, int], supply: Mapping[str, int] | None = None) -> str:
    """The colour a free gem scores most in: one the player holds fewest of (first on ties).

    It joins the lowest layer, the biggest set, where a gem adds most (see `set_points`).
    """
    _counts(gems)
    offered = [c for c in COLOURS if supply is None or supply.get(c, 0) > 0]
    if not offered:
        raise ScoringError("no gem colour is left in the supply [rule wizards.gem-supply]")
    return min(offered, key=lambda c: gems.get(c, 0))


def end_of_game(gems: Mapping[str, int], cursed: int,
                tiles: Sequence[Tile]) -> tuple[dict[str, int], int]:
    """Gems and cursed gems after the end-of-game tiles: cursed gems back, the best gems taken."""
    left = dict(gems)
    _counts(left)
    cursed = _count("cursed gems", cursed)
    cursed -= min(cursed, sum(t.discard_cursed for t in tiles))
    for _ in range(sum(t.gems for t in tiles)):
        colour = best_gem(left)
        left[colour] = left.get(colour, 0) + 1
    return left, cursed


def final_score(gems: Mapping[str, int], cursed: int, tiles: Sequence[Tile], enchantments: int,
                others_cursed: Iterable[int] = (), effects: bool = True) -> Score:
    """One player's final score, every choice made the best way, in the engine's order.

    End-of-game tiles first (`effects`: artefact effects are played), then the most cursed
    (`others_cursed`: the other players' cursed gems at that moment), then cancelling and sets.
    """
    if effects:
        gems, cursed = end_of_game(gems, cursed, tiles)
    worst = most_cursed([_count("cursed gems", cursed), *others_cursed])[0]
    return score_player(gems, cursed, [t.points for t in tiles], enchantments, worst)


def most_cursed(cursed: Iterable[int]) -> list[bool]:
    """Which players hold the most cursed gems (nobody when nobody holds any)."""
    cursed = list(cursed)
    top = max(cursed, default=0)
    return [top > 0 and n == top for n in cursed]


def _counts(gems: Mapping[str, int]) -> list[int]:
    if not isinstance(gems, Mapping):
        raise ScoringError(f"gems must map colour names to counts, got {type(gems).__name__} "
                           "[rule wizards.score-sets]")
    counts = [_count(colour, n) for colour, n in gems.items()]
    if sum(1 for n in counts if n) > MAX_COLOURS:
        raise ScoringError(f"gems of {sum(1 for n in counts if n)} colours: the game has only "
                           f"{MAX_COLOURS} [rule wizards.score-sets]")
    return counts


def _count(name: object, value: object) -> int:
    if name in ("cursed", "grey"):
        raise ScoringError("cursed gems are not a gem colour: pass them as `cursed` "
                           "[rule wizards.score-cancel]")
    if not isinstance(name, str) or not name:
        raise ScoringError(f"a gem colour must be a name, got {name!r} [rule wizards.score-sets]")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScoringError(f"{name}: a count must be a whole number of 0 or more, got {value!r} "
                           "[rule wizards.score-sets]")
    return value
