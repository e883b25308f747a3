"""Names from component files reach the page escaped: a hostile name shows as text, never as HTML.

Components are user files (`load_components` checks a copy of `data/` a user edited; the engine
plays the files in the package's data folder), so every name is a possible injection.
"""

from __future__ import annotations

import shutil

import pytest

import tablekit
from tablekit.ui.html import STYLE
from tablekit.wizards import cards
from tablekit.wizards.build_ui import ScoreCalculator, score_table
from tablekit.wizards.ui import WizardsLesson, WizardsTable

HOSTILE = "<img src=x onerror=alert(1)>"
RENAMED = {"creatures.toml": ('name = "Titan"', f'name = "Titan {HOSTILE}"'),
           "artefacts.toml": ('name = "Greatsword"', f'name = "Greatsword {HOSTILE}"'),
           "enchantments.toml": ('name = "Of Radiance"', f'name = "Of Radiance {HOSTILE}"'),
           "boards.toml": ('name = "Glimmer Cellar"', f'name = "Glimmer Cellar {HOSTILE}"')}


@pytest.fixture
def hostile_components(tmp_path, monkeypatch):
    """The kit's components with a hostile name on a creature, an artefact, a tile and a board."""
    folder = tmp_path / "data"
    shutil.copytree(cards.DATA, folder)
    for file, (old, new) in RENAMED.items():
        text = (folder / file).read_text(encoding="utf-8")
        assert old in text
        (folder / file).write_text(text.replace(old, new), encoding="utf-8")
    monkeypatch.setattr(cards, "DATA", folder)
    cards.components.cache_clear()
    yield cards.components()
    cards.components.cache_clear()


def assert_escaped(html: str) -> None:
    assert HOSTILE not in html and "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_hostile_names_are_escaped_on_the_board_and_in_the_log(hostile_components):
    scenario = {"dungeons": [{"slots": {1: [0, "titan", True], 2: [1, "ogre", True],
                                        4: [1, "minotaur", True]},
                              "artefacts": ["greatsword", "broadsword"],
                              "enchantment": "of-radiance"}, {}],
                "hands": [["titan", "bug-bear"], ["air-imp"]], "artefacts": [["greatsword"], []]}
    table = WizardsTable(new_match=lambda s: tablekit.new_game("wizards", seed=s, scenario=scenario))
    assert hostile_components.creature("titan").name.endswith(HOSTILE)
    assert_escaped(table.board.value)
    table.click(next(b.description for b in table.buttons if "Bug Bear face up" in b.description))
    for part in (table.board.value, table.log_panel.value, table.status.value):
        assert "<img" not in part
    assert_escaped(table.log_panel.value)  # "Player 1 places ... at Glimmer Cellar <img...>"


def test_a_lesson_and_the_rule_book_escape_hostile_names(hostile_components):
    lesson = WizardsLesson("treasure")
    assert_escaped(lesson.board.value + lesson.log_panel.value)


def test_the_scoring_table_escapes_colour_names():
    html = score_table({HOSTILE: 2, "red": 1}, cursed=1)
    assert_escaped(html)
    calculator = ScoreCalculator({"red": 2}, cursed=1)
    assert calculator.table.value.startswith(STYLE) and "<img" not in calculator.table.value


def test_an_error_in_the_calculator_shows_under_its_boxes(monkeypatch):
    calculator = ScoreCalculator({"red": 2})
    monkeypatch.setattr("tablekit.wizards.build_ui.score_table",
                        lambda *a: (_ for _ in ()).throw(RuntimeError(HOSTILE)))
    calculator.counts["blue"].value = 1  # the observer runs through `safe`: no exception escapes
    assert "tk-error" in calculator.message.value and "RuntimeError" in calculator.message.value
    assert_escaped(calculator.message.value)
