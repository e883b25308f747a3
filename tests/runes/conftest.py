"""Shared fixtures for the Runes of Wyrd tests."""

from __future__ import annotations

import pytest

from tablekit.runes import Card, Plan, load_collection, load_pool


def card(cid: str, kind: str = "action", rarity: str = "common", unique: str | None = None) -> Card:
    """A throw-away card for scenarios."""
    return Card(cid, cid.replace("-", " ").title(), kind, rarity, unique)


def commons(count: int, prefix: str = "c", kind: str = "action") -> list[Card]:
    """`count` distinct Common cards."""
    return [card(f"{prefix}{i}", kind) for i in range(count)]


@pytest.fixture(scope="session")
def pool() -> dict[str, Card]:
    return load_pool()


@pytest.fixture(scope="session")
def collection(pool: dict[str, Card]) -> dict[Card, int]:
    return load_collection(pool=pool)


@pytest.fixture()
def deck20() -> list[Card]:
    return commons(20)


@pytest.fixture()
def plan20(deck20: list[Card]) -> tuple[Plan, dict[str, Card]]:
    ids = [c.id for c in deck20]
    chapters = [ids[i:i + 5] for i in range(0, 20, 5)]
    return Plan.of(chapters), {c.id: c for c in deck20}
