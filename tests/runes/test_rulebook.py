"""The Runes of Wyrd rule book: loads, covers every id the code uses, and is in our own words."""

from __future__ import annotations

import re
from pathlib import Path

import tablekit
from tablekit.core.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK_TEXT = Path("/work/shared/rules/runes-of-wyrd.txt")


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


def test_summaries_are_not_copied_from_the_rulebook() -> None:
    if not RULEBOOK_TEXT.exists():  # the rulebook lives outside the repository
        return
    words = re.findall(r"[a-z']+", RULEBOOK_TEXT.read_text().lower())
    runs = {tuple(words[i:i + 7]) for i in range(len(words) - 6)}
    for rule in tablekit.rules("runes").values():
        mine = re.findall(r"[a-z']+", rule.summary.lower())
        copied = [" ".join(mine[i:i + 7]) for i in range(len(mine) - 6)
                  if tuple(mine[i:i + 7]) in runs]
        assert not copied, (rule.id, copied)
