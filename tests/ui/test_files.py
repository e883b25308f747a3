"""Save and Load on every table: a download link holding the save, and a loaded file checked before it replaces
anything (tablekit/ui/files.py, the toolbar of tablekit/ui/table.py)."""

from __future__ import annotations

import base64
import datetime
import json
import re
from collections.abc import Callable

import pytest

import tablekit
from tablekit.deckula.ui import DeckulaLesson, DeckulaTable
from tablekit.forge.ui import ForgeTable
from tablekit.runes.ui_prepare import PreparationTable
from tablekit.ui.table import GameTable
from tablekit.wizards.ui import WizardsTable
from tablekit.wonders.ui import WondersTable

TABLES: dict[str, Callable[[], GameTable]] = {
    "deckula": lambda: DeckulaTable(seed=3),
    "wonders": lambda: WondersTable(seed=20, villain="cullin"),
    "runes": lambda: PreparationTable(seed=7),
    "forge": lambda: ForgeTable(seed=2026, wizards=3, seat=0),
    "wizards": lambda: WizardsTable(players=3, seed=7, advanced=False),
}


def upload(text: str | bytes, name: str = "game.json") -> tuple[dict, ...]:
    """What a FileUpload holds once a user picked one file."""
    content = text.encode() if isinstance(text, str) else text
    return ({"name": name, "type": "application/json", "size": len(content), "content": memoryview(content),
             "last_modified": datetime.datetime(2026, 12, 6, tzinfo=datetime.UTC)},)


def saved_text(table: GameTable) -> str:
    """The save file the table's download link carries."""
    found = re.search(r'href="data:application/json;base64,([^"]+)"', table.saved.value)
    assert found, table.saved.value
    return base64.b64decode(found.group(1)).decode()


def played(table: GameTable, moves: int) -> GameTable:
    for _ in range(moves):
        if table.match.is_over:
            break
        table.play(table.match.legal_actions()[0])
    return table


@pytest.mark.parametrize("game", list(TABLES))
def test_every_table_saves_to_a_link_and_loads_the_file_back(game):
    table = played(TABLES[game](), 3)
    table.save_button.click()
    text = saved_text(table)
    assert f'download="{game}-seed-' in table.saved.value
    other = TABLES[game]()
    other.load_box.value = upload(text)
    assert "tk-error" not in other.message.value, other.message.value
    assert other.match.digest() == table.match.digest() and other.match.history == table.match.history
    assert other.load_box.value == () and "Loaded" in other.message.value
    assert other.seed.value == str(table.match.seed)


@pytest.mark.parametrize("game", list(TABLES))
def test_save_and_load_sit_in_every_tables_toolbar(game):
    table = TABLES[game]()
    (toolbar,) = [row for names, row in table.rows.items() if "new" in names]
    assert {table.save_button, table.load_box, table.saved} <= set(toolbar.children)


def test_a_lesson_has_no_save_or_load():
    lesson = DeckulaLesson("buy-or-discard")
    shown = {w for row in lesson.rows.values() for w in row.children} | set(lesson.children)
    assert not {lesson.save_button, lesson.load_box, lesson.saved} & shown


def test_the_link_goes_once_the_game_moves_on():
    table = DeckulaTable(seed=3)
    table.save_button.click()
    assert "tk-download" in table.saved.value
    played(table, 1)
    assert table.saved.value == ""


def tampered(text: str) -> str:
    data = json.loads(text)
    data["digest"] = "0" * len(data["digest"])
    return json.dumps(data)


@pytest.mark.parametrize(("content", "says"), [
    (b"\xff\xfe not text", "not a text file"),
    ("{ not json", "not valid JSON"),
    ('{"hello": 1}', "not a tablekit save file"),
    (None, "digest does not match"),
    ("other game", "saved game of wonders, not deckula"),
])
def test_a_bad_file_is_refused_clearly_and_the_game_stays(content, says):
    table = played(DeckulaTable(seed=3), 2)
    before = (table.match.digest(), list(table.match.history), table.seed.value)
    if content is None:
        source = played(DeckulaTable(seed=3), 2)
        source.save_button.click()
        content = tampered(saved_text(source))
    elif content == "other game":
        content = tablekit.new_game("wonders", seed=1).to_json()
    table.load_box.value = upload(content, name="mine.json")
    assert "tk-error" in table.message.value and says in table.message.value, table.message.value
    assert "mine.json" in table.message.value or "not a text file" not in says
    assert (table.match.digest(), list(table.match.history), table.seed.value) == before
    assert table.load_box.value == ()


def test_two_files_at_once_are_refused():
    table = DeckulaTable(seed=3)
    table.load_box.value = upload("{}") + upload("{}")
    assert "choose one save file" in table.message.value
