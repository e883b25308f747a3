"""The Deckula! learn page never contradicts its own tables: the lesson logs, the rule summaries,
the cards it asks about and its prose agree with each other and with the engine (issue 37,
section 6, Deckula!)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import tablekit
from tablekit.deckula.cards import HOME_SWEET_HOME, sample_set
from tablekit.deckula.config import START_ENERGY
from tablekit.deckula.lessons import LESSONS, lesson, table
from tablekit.deckula.ui import cards_html

ROOT = Path(__file__).resolve().parents[2]
LEARN = ROOT / "notebooks" / "deckula" / "1-learn.ipynb"


def _cells() -> list[tuple[str, str]]:
    """The learn notebook's cells: (kind, source)."""
    notebook = json.loads(LEARN.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in notebook["cells"]]


def _section(lesson_name: str) -> list[tuple[str, str]]:
    """The cells of the section that shows a lesson's table: from its heading to the next one."""
    cells = _cells()
    shown = next(i for i, (_, src) in enumerate(cells) if f'LessonTable("{lesson_name}")' in src)
    start = max(i for i, (kind, src) in enumerate(cells[:shown]) if kind == "markdown" and src.startswith("## "))
    end = next((i for i, (kind, src) in enumerate(cells[shown:], shown)
                if kind == "markdown" and src.startswith("## ")), len(cells))
    return cells[start:end]


def _text(markup: str) -> str:
    """What a reader sees of some HTML: tags dropped, entities read."""
    return " ".join(html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", markup, flags=re.S)).split())


def test_lesson_logs_never_pin_a_lessons_energy_on_the_start_rule() -> None:
    """A lesson table starts with the energy its lesson needs (0 for the Farmer); its log line
    must not cite the rule that says every game starts with 2."""
    book = tablekit.rules("deckula")
    assert f"{START_ENERGY} energy" in book["deckula.setup-energy"].summary
    assert any(spec.get("energy", START_ENERGY) != START_ENERGY for spec in LESSONS.values())
    for name in LESSONS:
        for event in lesson(name).log:
            if event.rule == "deckula.setup-energy":
                assert re.findall(r"(\d+) energy", event.text) == [str(START_ENERGY)], (name, event.text)
    first = lesson("game-ending-threat").log[0]
    assert "0 energy" in first.text and "lesson" in book[first.rule].summary


def test_lose_energy_rule_says_when_the_game_ends() -> None:
    """The summary says when an energy demand ends the game (a paying card, too little
    energy), and the engine does exactly that."""
    summary = tablekit.rules("deckula")["deckula.lose-energy"].summary
    assert not re.search(r"\bmay end\b", summary), summary
    assert re.search(r"less than (it|the card) demands", summary) and "game ends" in summary, summary
    farmer = table(draw=["furious-farmer", "candelabra"], energy=1)  # a paying card, 1 short
    assert farmer.is_over and farmer.outcome.scores == (0.0,) and farmer.state.energy == 1
    vagabond = table(draw=["hapless-vagabond", "candelabra"], energy=0)  # takes, never demands
    assert not vagabond.is_over and vagabond.state.energy == 0


def test_cards_html_shows_whole_text_escaped() -> None:
    spec = sample_set().by_id("furious-farmer")
    shown = cards_html("furious-farmer")
    assert html.escape(spec.text, quote=False) in shown and spec.name in shown
    assert "…" not in _text(shown)


def test_farmer_lesson_shows_the_card_its_question_needs() -> None:
    """The page asks whether 1 energy is enough for the Farmer: his card text is on the page."""
    section = _section("game-ending-threat")
    assert any("is it enough" in src for kind, src in section if kind == "markdown")
    assert any(kind == "code" and 'cards_html("furious-farmer")' in src for kind, src in section)


def test_home_sweet_home_is_explained() -> None:
    """The page says what Home Sweet Home is (always shuffled in), what it does as our sample
    card has it, shows its card, and lets the reader play it."""
    spec = sample_set().by_id(HOME_SWEET_HOME)
    markdown = "\n\n".join(src for kind, src in _cells() if kind == "markdown")
    passage = next(p for p in re.split(r"\n\s*\n", markdown) if "Home Sweet Home is" in p)
    passage = " ".join(passage.split())
    assert "every difficulty" in passage and "*Difficulty*" in passage, passage
    assert spec.arrow == "home" and "down arrow" in passage, passage
    assert [e.target for e in spec.effect] == ["chosen_visitor"] and "Visitor of your choice" in passage
    section = _section(HOME_SWEET_HOME)
    assert any(kind == "code" and f'cards_html("{HOME_SWEET_HOME}"' in src for kind, src in section)
    arrival = lesson(HOME_SWEET_HOME)
    assert arrival.state.names("home") == ["Home Sweet Home"]
    visitors = arrival.state.names("threat")
    assert [str(a) for a in arrival.legal_actions()] == [f"Choose {v}" for v in visitors]
    assert len(visitors) >= 2
