"""Helpers for duel scenarios: throw-away cards and a duel between two given decks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablekit.core.game import Events
from tablekit.runes.board import Duel, DuelOptions, HeroStats
from tablekit.runes.cards import Card
from tablekit.runes.duel import new_duel

# Scenario numbers, independent of data/heroes.toml: 20 Health, no Attack or Armor.
STATS = {hero: HeroStats(hero, 20, 0, 0, 1 if hero == "torstein" else 0)
         for hero in ("skorta", "mikal-finnvard", "ash", "torstein")}


def card(cid: str, kind: str = "action", props: Sequence[str] = (), **abilities: Any) -> Card:
    """A throw-away card with duel abilities."""
    return Card(cid, cid.replace("-", " ").title(), kind, "common", properties=tuple(props),
                **abilities)


def duel(hero0: str = "skorta", hero1: str = "torstein", deck0: Sequence[Card] = (),
         deck1: Sequence[Card] = (), **options: Any) -> Duel:
    """A duel with the event log on; player 0 to act first."""
    return new_duel((hero0, hero1), (list(deck0), list(deck1)), DuelOptions(**options),
                    Events([]), STATS)


def rules(d: Duel) -> list[str]:
    """The rule ids of the events logged so far."""
    return [e.rule for e in d.events.items]


def texts(d: Duel) -> str:
    """Every logged sentence, one a line."""
    return "\n".join(e.text for e in d.events.items)


def hit(n: int, **extra: Any) -> dict:
    """An attack effect."""
    return {"op": "attack", "amount": n, **extra}
