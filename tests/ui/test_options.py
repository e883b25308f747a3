"""Every option of a game is a control on its play table (issue 37 §2): chosen there, New game deals with it; a
loaded game shows its options and lets the bots play on; the Load button reads "Load game"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

import tablekit
from tablekit.core.errors import ConfigError
from tablekit.core.match import Match
from tablekit.deckula.ui import DeckulaLesson, DeckulaTable
from tablekit.forge.ui import ForgeTable
from tablekit.runes.ui_duel import DuelViewer
from tablekit.runes.ui_prepare import PreparationTable
from tablekit.ui.files import LoadButton
from tablekit.ui.table import GameTable
from tablekit.wizards.ui import WizardsTable
from tablekit.wonders.ui import WondersTable
from tests.ui.test_files import upload

# game -> (the table as its play notebook builds it, options to pick that are not its defaults)
CHOICES: dict[str, tuple[Callable[[], GameTable], dict[str, Any]]] = {
    "wizards": (lambda: WizardsTable(players=3, seed=7), {"players": 4, "advanced": True}),
    "deckula": (lambda: DeckulaTable(seed=3), {"difficulty": "hard", "hard_replaces": "vagabond"}),
    "forge": (lambda: ForgeTable(seed=2026, wizards=3, seat=0),
              {"wizards": 2, "inscriptions": "none", "mythics": False}),
    "wonders": (lambda: WondersTable(seed=20, villain="cullin"), {"deck": "random", "coop_villain": "grak"}),
    "runes": (lambda: PreparationTable(seed=7), {"first_player": 1, "hero_cards_only": False}),
}


def pick(box: widgets.Widget, value: Any) -> None:
    """What a user does with the control: pick the choice whose value is `value`, or tick the box."""
    if isinstance(box, widgets.Dropdown):
        box.label = next(words for words, v in box.options if v == value and type(v) is type(value))
    else:
        box.value = value


@pytest.mark.parametrize("game", list(CHOICES))
def test_an_option_picked_on_the_table_is_the_new_games_option(game):
    make, chosen = CHOICES[game]
    table = make()
    before = table.match
    assert set(chosen) <= set(table.option_boxes)
    for name, value in chosen.items():
        assert getattr(before.config, name) != value
        pick(table.option_boxes[name], value)
    table.seed.value = "11"
    table.new_button.click()
    assert table.message.value == "" and table.match is not before and table.match.seed == 11
    assert {name: getattr(table.match.config, name) for name in chosen} == chosen
    assert table.chosen_options() == {**table.chosen_options(), **chosen}


@pytest.mark.parametrize("game", list(CHOICES))
def test_the_options_sit_in_the_toolbar_before_the_seed_showing_the_matchs_values(game):
    table = CHOICES[game][0]()
    toolbar = next(row for row in table.rows.values() if table.new_button in row.children)
    shown = list(toolbar.children)
    assert table.parts["options"] in shown and shown.index(table.parts["options"]) < shown.index(table.seed)
    config = table.match.config
    assert table.chosen_options() == {name: getattr(config, name) for name in table.chosen_options()}


def test_a_lesson_has_no_option_controls():
    lesson = DeckulaLesson("buy-or-discard")
    assert lesson.parts["options"] not in {c for row in lesson.rows.values() for c in row.children}
    assert lesson.parts["options"] not in lesson.children


def test_a_refused_combination_says_why_and_changes_nothing(tmp_path: Path):
    sample = Path(tablekit.deckula.cards.__file__).parent / "data" / "cards.toml"
    dropped = ("lantern-priest", "gossiping-maid", "wandering-minstrel", "garlic-merchant")
    blocks = sample.read_text(encoding="utf-8").split("[[card]]\n")
    path = tmp_path / "six-visitors.toml"
    path.write_text("[[card]]\n".join(b for b in blocks if not b.startswith(tuple(f'id = "{i}"' for i in dropped))),
                    encoding="utf-8")
    table = DeckulaTable(seed=3, card_file=str(path))
    before = (table.match, table.match.digest())
    pick(table.option_boxes["difficulty"], "hard")  # Hard swaps both named Visitors: the file has too few others
    table.new_button.click()
    assert "No new game" in table.message.value and "needs 3 random Visitor" in table.message.value
    assert (table.match, table.match.digest()) == before
    pick(table.option_boxes["hard_replaces"], "vagabond")  # swapping one is fine
    table.new_button.click()
    assert table.message.value == "" and table.match.config.difficulty == "hard"


def test_choose_option_refuses_what_the_table_does_not_offer():
    table = WizardsTable(players=3, seed=7)
    with pytest.raises(ConfigError, match="no option 'colour'.*players, advanced"):
        table.choose_option("colour", "red")
    with pytest.raises(ConfigError, match="offers no 5"):
        table.choose_option("players", 5)
    assert table.chosen_options() == {"players": 3, "advanced": False}
    table.choose_option("players", 2)
    assert table.option_boxes["players"].value == 2


def test_the_duel_viewer_fights_with_the_first_player_chosen():
    viewer = DuelViewer(heroes=("skorta", "torstein"), seed=0)
    pick(viewer.first_player, 1)
    viewer.fight_button.click()
    assert viewer.message.value == "" and viewer.match.config.first_player == 1
    assert viewer.record.rows[1][1] == 1  # player 2 acted in turn 1


def to_a_bots_turn(match: Match, seat: int = 0) -> Match:
    """Play the first legal actions until it is not `seat`'s turn (the file a bot must play on from)."""
    while match.to_move == seat:
        match.apply(match.legal_actions()[0])
    assert match.to_move is not None
    return match


@pytest.mark.parametrize(("game", "make", "options"), [
    ("wizards", lambda: WizardsTable(players=2, seed=1), {"players": 3}),
    ("forge", lambda: ForgeTable(seed=1, wizards=1), {"wizards": 3}),
])
def test_a_loaded_game_at_a_bots_turn_plays_on_to_yours(game, make, options):
    saved = to_a_bots_turn(tablekit.new_game(game, seed=5, **options))
    table = make()
    table.load_box.value = upload(saved.to_json())
    assert "Loaded" in table.message.value, table.message.value
    assert table.match.to_move == 0 and len(table.match.history) > len(saved.history)
    assert table.buttons and table.chosen_options()[next(iter(options))] == next(iter(options.values()))


def test_the_load_button_reads_load_game_and_takes_a_file_sent_from_the_page():
    table = WizardsTable(players=3, seed=7)
    assert isinstance(table.load_box, LoadButton) and not isinstance(table.load_box, widgets.FileUpload)
    assert table.load_box.description == "Load game" and "(" not in table.load_box.description
    other = WizardsTable(players=3, seed=8)
    other.play(other.match.legal_actions()[0])
    text = other.match.to_json().encode()
    table.load_box._handle_custom_msg({"name": "mine.json", "type": "application/json", "size": len(text)},
                                      [memoryview(text)])  # what the page's file picker sends
    assert "Loaded" in table.message.value and table.match.digest() == other.match.digest()
    assert table.load_box.value == ()
