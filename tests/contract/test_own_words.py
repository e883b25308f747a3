"""Rule books explain the rules in our own words: no 7-word run copied from a rulebook."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import tablekit
from tablekit.core.registry import GAME_PACKAGES

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = {"deckula": "deckula.txt", "wonders": "deck-of-wonders.txt", "runes": "runes-of-wyrd.txt",
             "forge": "decknforge.txt", "wizards": "wizards-and-co.txt"}
RUN = 7
RULES_DIR = os.environ.get("TABLEKIT_RULES", "/work/shared/rules")


def _shared() -> Path | None:
    for candidate in (ROOT.parent / "shared" / "rules", Path(RULES_DIR)):
        if candidate.is_dir():
            return candidate
    return None


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def _without(text: str, headings: list[str]) -> str:
    for heading in headings:
        text = re.sub(re.escape(heading), " | ", text, flags=re.IGNORECASE)
    return text


def _written(name: str) -> bool:
    return (ROOT / "tablekit" / GAME_PACKAGES[name] / "data" / "rules.toml").exists()


@pytest.mark.parametrize("name", [n for n in RULEBOOKS if _written(n)])
def test_rule_summaries_and_notebooks_are_in_our_own_words(name):
    rules_dir = _shared()
    if rules_dir is None:
        missing = "the rulebooks (shared/rules) are not beside this checkout"
        if os.environ.get("CI"):
            pytest.fail(missing + ": CI must check that rule summaries are in our own words")
        pytest.skip(missing)
    book_runs = _runs((rules_dir / RULEBOOKS[name]).read_text(encoding="utf-8"))
    book = tablekit.rules(name)
    texts = [rule.summary for rule in book.values()]
    texts += [p.read_text(encoding="utf-8") for p in (ROOT / "notebooks" / name).glob("*.ipynb")]
    headings = sorted(book.sections(), key=len, reverse=True)  # citing a heading is not copying
    copied = sorted(" ".join(run) for text in texts for run in _runs(_without(text, headings)) & book_runs)
    assert not copied, copied[:5]
