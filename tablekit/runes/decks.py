"""Sample prepared decks (one per Hero) and ready plans given as data."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tablekit.core.cards import read_toml
from tablekit.core.errors import CardDataError
from tablekit.runes.cards import DATA, HEROES, Card, load_pool
from tablekit.runes.preparation import Plan, PlanError, PrepOptions, check_plan

SAMPLE_DECKS = DATA / "decks.toml"


def plan_from_data(label: str, name: str, table: Any, pool: Mapping[str, Card],
                   options: PrepOptions | None = None) -> tuple[str, Plan]:
    """Read one `[deck.<name>]` table (hero, chapters, initiative, threads) into a legal plan."""
    if not isinstance(table, Mapping):
        raise CardDataError(label, name, None, "a deck must be a table")
    unknown = sorted(set(table) - {"hero", "chapters", "initiative", "threads"})
    if unknown:
        raise CardDataError(label, name, unknown[0], "unknown field (a typo?)")
    hero = table.get("hero")
    if hero not in HEROES:
        raise CardDataError(label, name, "hero", f"must be one of {', '.join(HEROES)}")
    try:
        plan = Plan.of(table.get("chapters", []), table.get("initiative"),
                       table.get("threads", []))
        found = check_plan(plan, pool, None, options or PrepOptions())
    except (PlanError, TypeError, ValueError) as exc:
        raise CardDataError(label, name, "chapters", str(exc)) from None
    if found:
        raise CardDataError(label, name, _field(found[0].rule), "; ".join(map(str, found)))
    return hero, plan


def load_decks(path: str | Path = SAMPLE_DECKS, pool: Mapping[str, Card] | None = None
               ) -> dict[str, tuple[str, Plan]]:
    """A file of `[deck.<name>]` plans: name -> (hero, Plan), each checked legal."""
    pool = load_pool() if pool is None else pool
    decks = read_toml(path).get("deck")
    if not isinstance(decks, Mapping) or not decks:
        raise CardDataError(str(path), None, "deck", "expected [deck.<name>] tables")
    return {name: plan_from_data(str(path), name, table, pool) for name, table in decks.items()}


@cache
def sample_decks() -> dict[str, tuple[str, Plan]]:
    """The shipped sample decks, keyed by Hero id."""
    return load_decks()


def sample_plan(hero: str) -> Plan:
    """The sample prepared deck of a Hero."""
    return sample_decks()[hero][1]


def _field(rule: str) -> str:
    if rule in ("runes.thread-pair", "runes.thread-chapter", "runes.thread-once",
                "runes.thread-initiative"):
        return "threads"
    if rule in ("runes.initiative-range", "runes.wyrd-points"):
        return "initiative"
    return "chapters"
