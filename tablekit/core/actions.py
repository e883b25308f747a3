"""Actions are small NamedTuples; `@action` makes two of different kinds never compare equal.

Plain NamedTuples compare as tuples, so `Buy(3, "X") == Discard(3, "X")` would be True: the
decorator adds the type to equality and hashing, keeping construction as cheap as a tuple.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def action(cls: T) -> T:
    """Class decorator for a NamedTuple action: equality and hash include the action's type."""
    cls.__eq__ = _typed_eq
    cls.__ne__ = _typed_ne
    cls.__hash__ = _typed_hash
    return cls


def _typed_eq(self: tuple, other: Any) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _typed_ne(self: tuple, other: Any) -> bool:
    return not _typed_eq(self, other)


def _typed_hash(self: tuple) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))
