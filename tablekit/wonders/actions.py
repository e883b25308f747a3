"""Deck of Wonders actions: every decision a player makes, as small named tuples.

Targets are card uids of minions, `VILLAIN` (-1) for the Villain itself, or `NONE` (-2) when a
bullet has nothing to target (it is then skipped). The `label` field only carries card names
for a readable `str()`; two actions of different types never compare equal.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Keep(NamedTuple):
    """Keep the opening hand (no mulligan)."""

    def __str__(self) -> str:
        return "Keep your opening hand"


class Mulligan(NamedTuple):
    """Discard the four opening cards and draw four new ones (once)."""

    def __str__(self) -> str:
        return "Mulligan: discard your 4 cards and draw 4 new ones"


class PassCard(NamedTuple):
    """Co-op: hand one card to the partner before drawing (card -2: pass nothing)."""

    card: int
    label: str = ""

    def __str__(self) -> str:
        return f"Pass {self.label} to your partner" if self.card >= 0 else "Pass no card"


class PlayCard(NamedTuple):
    """Play a card from hand: its chosen target and the cards discarded to pay its cost."""

    card: int
    target: int = -2
    discards: tuple[int, ...] = ()
    label: str = ""

    def __str__(self) -> str:
        return f"Play {self.label}"


class Attack(NamedTuple):
    """Attack with a ready minion: a Villain minion (uid) or the Villain (-1)."""

    attacker: int
    target: int
    label: str = ""

    def __str__(self) -> str:
        return f"Attack: {self.label}"


class EndTurn(NamedTuple):
    """End your turn (your minions get ready; the Villain's turn starts)."""

    def __str__(self) -> str:
        return "End your turn"


class Choose(NamedTuple):
    """Decide how card text resolves: the target picked for it."""

    option: int
    label: str = ""

    def __str__(self) -> str:
        return f"Choose {self.label}"


class Place(NamedTuple):
    """Battle Lines: put this minion next (left to right) in its line."""

    minion: int
    label: str = ""

    def __str__(self) -> str:
        return f"Battle Lines: {self.label} next"


ACTION_TYPES: tuple[type, ...] = (Keep, Mulligan, PassCard, PlayCard, Attack, EndTurn, Choose,
                                  Place)


def _key(action: tuple) -> tuple:
    """The fields that decide what an action does (the label is only for reading)."""
    return tuple.__getitem__(action, slice(0, -1)) if "label" in action._fields else tuple(action)


def _eq(self: tuple, other: Any) -> bool:
    return type(self) is type(other) and _key(self) == _key(other)


def _ne(self: tuple, other: Any) -> bool:
    return not _eq(self, other)


def _hash(self: tuple) -> int:
    return hash((type(self).__name__, _key(self)))


def _labelled_eq(self: tuple, other: Any) -> bool:
    """`_eq` for an action whose last field is its label (the common, hot case)."""
    return self is other or (type(self) is type(other)
                             and tuple.__getitem__(self, _ALL_BUT_LABEL)
                             == tuple.__getitem__(other, _ALL_BUT_LABEL))


_ALL_BUT_LABEL = slice(0, -1)

for _cls in ACTION_TYPES:
    _cls.__eq__ = _labelled_eq if "label" in _cls._fields else _eq  # type: ignore[method-assign]
    _cls.__ne__ = _ne  # type: ignore[method-assign]
    _cls.__hash__ = _hash  # type: ignore[method-assign]

KEEP, MULLIGAN, END_TURN = Keep(), Mulligan(), EndTurn()
