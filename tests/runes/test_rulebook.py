"""The Runes of Wyrd rule book loads and covers every rule id the code uses (own words: contract tests)."""

from __future__ import annotations

import re
from pathlib import Path

import tablekit
from tablekit.core.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parents[2]


def test_rule_book_loads_with_sections() -> None:
    book = tablekit.rules("runes")
    assert len(book) >= 20
    assert "Deck Construction" in book.sections()
    merged = load_rulebook("runes", ROOT / "tablekit/runes/data/rules.toml")
    assert "core.undo" in merged and "runes.unique" in merged


def test_every_rule_id_in_the_code_is_in_the_book() -> None:
    book = tablekit.rules("runes")
    sources = [*(ROOT / "tablekit/runes").glob("*.py"), *(ROOT / "solvers").glob("runes*.py")]
    used = set()
    for path in sources:
        used |= set(re.findall(r'"(runes\.[a-z-]+)"', path.read_text()))
    used |= {f"runes.wish-{kind}" for kind in ("include", "exclude", "hero")}
    assert used and used <= set(book), sorted(used - set(book))
