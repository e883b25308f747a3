"""The learn page never contradicts its own tables: what the boards, buttons and calculator show
agrees with the rules the page teaches (issue 37, section 6, Wizards & Co.)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import tablekit
from tablekit.wizards.build_ui import ScoreCalculator
from tablekit.wizards.cards import CLOSED
from tablekit.wizards.ui import WizardsLesson, dungeon_svg

ROOT = Path(__file__).resolve().parents[2]


def _markdown() -> str:
    notebook = json.loads((ROOT / "notebooks" / "wizards" / "1-learn.ipynb").read_text(encoding="utf-8"))
    return " ".join(" ".join("".join(c["source"]).split()) for c in notebook["cells"]
                    if c["cell_type"] == "markdown")


def test_basic_boards_say_their_enchantments_do_nothing() -> None:
    """Of Radiance sits on a board that offers face-down placements: the board says why."""
    lesson = WizardsLesson("placement")
    assert any("face down at Glimmer Cellar" in b.description for b in lesson.buttons)
    board = lesson.board.value
    assert board.count("Of Radiance") == board.count("Of Radiance (no effect in the basic game)") > 0
    advanced = tablekit.new_game("wizards", seed=1, advanced=True)
    view = advanced.view(0)
    drawn = "".join(dungeon_svg(view, d) for d in view.open_dungeons())
    assert "no effect" not in drawn
    assert re.search(r"basic game, where enchantments have no effect", _markdown())


def test_every_wall_is_drawn_and_named() -> None:
    """The adjacency lesson points at the wall: each closed space is labelled a wall."""
    lesson = WizardsLesson("adjacency")
    view = lesson.match.view(0)
    for dungeon in view.open_dungeons():
        walls = view.dungeons[dungeon].side.ring.count(CLOSED)
        assert dungeon_svg(view, dungeon).count(">wall</text>") == walls
    assert ">wall</text>" in lesson.board.value


def test_the_stop_button_comes_first() -> None:
    """"Place face up and stop": once one creature is down, stopping is the first button."""
    lesson = WizardsLesson("placement")
    lesson.click("Place Bug Bear face up at Glimmer Cellar (red entrance, space 1)")
    assert lesson.buttons[0].description == "Place no second creature"
    assert "Place no second creature" in _markdown()


def test_calculator_shows_the_others_cursed_gems_and_the_artefacts() -> None:
    calculator = ScoreCalculator({"red": 3, "blue": 1, "green": 1}, cursed=2, others_cursed=(1,),
                                 artefacts=("greatsword", "tin-chalice"))
    assert [box.value for box in calculator.others] == [1, 0, 0]
    assert set(calculator.artefact_picker.value) == {"greatsword", "tin-chalice"}
    assert "<td>Artefacts</td><td>10</td>" in calculator.table.value  # 7 (A) + 3 (C)
    assert "<td>Most cursed</td><td>-3</td>" in calculator.table.value
    calculator.others[1].value = 4  # Player 3 holds more cursed gems: no penalty for you
    assert "<td>Most cursed</td><td>0</td>" in calculator.table.value
    calculator.artefact_picker.value = ("broadsword",)
    assert "<td>Artefacts</td><td>5</td>" in calculator.table.value and not calculator.message.value
