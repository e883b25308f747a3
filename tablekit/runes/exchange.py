"""Collections and prepared decks in and out as people keep them: CSV, text, JSON and TOML."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tablekit.core.errors import CardDataError
from tablekit.runes.cards import HERO_NAMES, MAX_COPIES, Card, load_pool, parse_collection
from tablekit.runes.decks import plan_from_data
from tablekit.runes.preparation import Plan, PrepOptions, wyrd_points_spent

CARD_COLUMNS = ("card", "id", "name")
COPY_COLUMNS = ("copies", "owned", "count", "qty")


def load_collection_csv(path: str | Path, pool: Mapping[str, Card] | None = None
                        ) -> dict[Card, int]:
    """A collection from a CSV file with a card column (id or name) and a copies column."""
    label = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise CardDataError(label, None, None, f"cannot read the file: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise CardDataError(label, None, None, "the file is not UTF-8 text") from exc
    return parse_collection_csv(label, text, pool)


def parse_collection_csv(label: str, text: str, pool: Mapping[str, Card] | None = None
                         ) -> dict[Card, int]:
    """Parse CSV text (header row naming the columns) into Card -> copies; copies add up."""
    pool = load_pool() if pool is None else pool
    rows = _rows(label, text)
    if not rows:
        raise CardDataError(label, None, None, "the CSV file is empty")
    header = [cell.strip().lower() for cell in rows[0][1]]
    card_col = _column(label, header, CARD_COLUMNS)
    copy_col = _column(label, header, COPY_COLUMNS)
    by_name = {card.name.lower(): card.id for card in pool.values()}
    owned: dict[str, int] = {}
    for number, row in rows[1:]:
        where = f"{label}, line {number}"
        if len(row) <= max(card_col, copy_col):
            raise CardDataError(where, None, None, "the row has too few columns")
        given, copies = row[card_col].strip(), row[copy_col].strip()
        card_id = given if given in pool else by_name.get(given.lower())
        if card_id is None:
            raise CardDataError(where, given, header[card_col], "unknown card (not in the pool)")
        if not copies.isascii() or not copies.isdigit():
            raise CardDataError(where, card_id, header[copy_col],
                                f"copies must be a whole number ≥ 0, not {copies!r}")
        owned[card_id] = owned.get(card_id, 0) + int(copies)
        if owned[card_id] > MAX_COPIES:
            raise CardDataError(where, card_id, header[copy_col],
                                f"at most {MAX_COPIES} copies of a card, not {owned[card_id]}")
    return parse_collection(label, owned, pool)


def _rows(label: str, text: str) -> list[tuple[int, list[str]]]:
    """The non-blank CSV rows, each with the file line it starts on."""
    reader = csv.reader(io.StringIO(text))
    rows = []
    line = 1
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                rows.append((line, row))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise CardDataError(f"{label}, line {reader.line_num}", None, None,
                            f"not CSV: {exc}") from exc
    return rows


def collection_to_csv(collection: Mapping[Card, int]) -> str:
    """A collection as CSV text (card id, name, copies), in card id order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["card", "name", "copies"])
    for card in sorted(collection, key=lambda c: c.id):
        writer.writerow([card.id, card.name, collection[card]])
    return out.getvalue()


def plan_to_text(hero: str, plan: Plan, pool: Mapping[str, Card] | None = None,
                 options: PrepOptions | None = None) -> str:
    """A prepared deck as a list a person reads: Chapters, Initiative, Threads, Wyrd Points."""
    pool = load_pool() if pool is None else pool
    options = options or PrepOptions()
    seconds = {b: a for a, b in plan.threads}
    lines = [f"{HERO_NAMES.get(hero, hero)} — prepared deck "
             f"({wyrd_points_spent(plan, options)}/{options.wyrd_points} Wyrd Points)"]
    for chapter, cards in enumerate(plan.chapters):
        lines.append(f"Chapter {chapter + 1}")
        for place, card_id in enumerate(cards):
            card = pool[card_id]
            note = f"  Initiative {plan.initiative_at((chapter, place)):+d}"
            if (chapter, place) in seconds:
                note = f"  Thread: after {pool[plan.card_at(seconds[(chapter, place)])].name}"
            lines.append(f"  {place + 1}. {card.name} ({card.rarity.value} {card.type.value})"
                         f"{note}")
    return "\n".join(lines) + "\n"


def plan_to_json(hero: str, plan: Plan) -> str:
    """A prepared deck as JSON text (hero, chapters, initiative, threads)."""
    return json.dumps(_table(hero, plan), indent=1)


def plan_to_toml(name: str, hero: str, plan: Plan) -> str:
    """A prepared deck as a `[deck.<name>]` table for a decks file (`decks.load_decks`)."""
    table = _table(hero, plan)
    rows = ",\n".join("  " + json.dumps(list(ch)) for ch in table["chapters"])
    return (f'[deck.{json.dumps(name)}]\nhero = {json.dumps(hero)}\n'
            f"chapters = [\n{rows},\n]\n"
            f"initiative = {json.dumps(table['initiative'])}\n"
            f"threads = {json.dumps(table['threads'])}\n")


def plan_from_json(text: str, pool: Mapping[str, Card] | None = None,
                   options: PrepOptions | None = None, label: str = "deck JSON"
                   ) -> tuple[str, Plan]:
    """Read a prepared deck written by `plan_to_json`; it must be legal. (hero, Plan)."""
    pool = load_pool() if pool is None else pool
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise CardDataError(label, None, None, f"not valid JSON: {exc}") from None
    return plan_from_data(label, "deck", data, pool, options)


def _table(hero: str, plan: Plan) -> dict[str, Any]:
    return {"hero": hero, "chapters": [list(ch) for ch in plan.chapters],
            "initiative": [list(row) for row in plan.initiative],
            "threads": [[list(a), list(b)] for a, b in plan.threads]}


def _column(label: str, header: list[str], names: tuple[str, ...]) -> int:
    for name in names:
        if name in header:
            return header.index(name)
    raise CardDataError(label, None, names[0], f"the header row needs a column named one of "
                        f"{', '.join(names)}; it has {', '.join(header) or 'nothing'}")
