"""`GameTable` on its own: parts laid out by name, drawn once set up, seeds, the hint list."""

from __future__ import annotations

import pytest

import tablekit
from tablekit.core.agents import MoveEstimate
from tablekit.deckula.ui import DeckulaTable
from tablekit.ui.table import HINT_ROLLOUTS, GameTable, hint_html


class CountingTable(DeckulaTable):
    """Its refresh needs an attribute set after super().__init__ (as subclasses do)."""

    def __init__(self) -> None:
        super().__init__(seed=1)
        self.drawn = 0

    def refresh(self) -> None:
        self.drawn += 1
        super().refresh()


def test_a_table_is_drawn_once_after_the_whole_init_chain():
    table = CountingTable()
    assert table.drawn == 1 and "tk-status" in table.status.value


def test_parts_are_laid_out_by_name_and_a_wrong_name_is_a_clear_error():
    table = DeckulaTable(seed=1)
    assert table.children[:4] == (table.status, table.board, table.actions, table.message)
    toolbar = table.rows["undo", "redo", "hint", "seed", "new"]
    assert list(toolbar.children) == [table.undo_button, table.redo_button, table.hint_button,
                                      table.parts["options"], table.seed, table.new_button, table.save_button, table.load_box,
                                      table.saved]

    class Broken(DeckulaTable):
        layout_spec = ("status", "scoreboard")

    with pytest.raises(KeyError, match="'scoreboard', but no part has that name"):
        Broken(seed=1)


@pytest.mark.parametrize("text, seed", [("42", 42), ("-3", -3), (" 7 ", 7), ("full moon", "full moon"),
                                        ("07x", "07x")])
def test_the_seed_box_keeps_int_and_str_seeds(text, seed):
    table = DeckulaTable(seed=1)
    table.seed.value = text
    assert table.seed_value() == seed
    table.new_button.click()
    assert table.match.seed == seed
    assert tablekit.new_game("deckula", seed=seed).digest() == table.match.digest()


def test_the_hint_list_says_rough_below_30_playouts_and_gives_the_real_count():
    rough = MoveEstimate("Buy <Velvet> Throne", 3.0, 3.0, 3.0, 0.5, 2)
    firm = MoveEstimate("Discard it", 2.25, 1.5, 3.0, 0.25, 40)
    html = hint_html([rough, firm])
    assert "rough (2 play-outs)" in html and "95% interval 3.0 to 3.0" not in html
    assert "95% interval 1.5 to 3.0, 40 play-outs" in html and "wins 25%" in html
    assert "Buy &lt;Velvet&gt; Throne" in html and hint_html([]) == "" and "\\" not in html
    one = hint_html([MoveEstimate("Pass", 1.0, 1.0, 1.0, 0.0, 1)])
    assert "rough (1 play-out)" in one


def test_the_base_table_cannot_deal_new_games_and_says_so():
    table = DeckulaTable(seed=1)
    before = table.match
    table.fresh_match = lambda seed: GameTable.fresh_match(table, seed)
    table.new_button.click()
    assert table.match is before and "cannot deal new games" in table.message.value


def test_while_the_hint_plays_out_the_table_says_so_and_the_button_waits(monkeypatch):
    table = DeckulaTable(seed=3)
    during = []

    def slow_hint(match, **kwargs):
        during.append((table.hints.value, table.hint_button.disabled))
        return []

    monkeypatch.setattr("tablekit.ui.table.hint", slow_hint)
    table.hint_button.click()
    assert during == [(during[0][0], True)] and "Estimating" in during[0][0]
    assert not table.hint_button.disabled and table.hints.value == ""


def test_the_hint_moves_the_progress_bar_through_every_play_out():
    table = DeckulaTable(seed=3)
    table.hint_rollouts = 40
    seen = []
    table.progress.bar.observe(lambda change: seen.append((change["new"], table.progress.bar.max,
                                                           table.progress.running)), names="value")
    table.hint_button.click()
    assert [done for done, _, _ in seen] == list(range(1, 41))  # one step per play-out, no more
    assert all(total == 40 and running for _, total, running in seen)
    assert not table.progress.running and "tk-hint" in table.hints.value


def test_a_tables_hint_spends_200_play_outs_by_default():
    table = DeckulaTable(seed=3)
    assert table.hint_rollouts == HINT_ROLLOUTS == 200  # at 48 every estimate was rough
