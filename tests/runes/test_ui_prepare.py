"""Preparing both decks on the table, action by action, then watching their duel."""

from __future__ import annotations

from tablekit.runes.state import UseSample
from tablekit.runes.ui_prepare import PreparationTable, PreparedDuel
from tests.ui.helpers import XSS_ESCAPED


def test_by_hand_preparation_then_the_duel() -> None:
    table = PreparationTable(seed=2)
    duel = PreparedDuel(table)
    assert duel.record is None and duel.message.value == ""  # nothing to show yet, no error
    duel.watch_button.click()
    assert "must finish preparing" in duel.message.value
    clicks = 0
    while not table.match.is_over:  # every card added, divided, bound and ordered by a click
        label = next(b.description for b in table.buttons
                     if not isinstance(table.match.action(b.description), UseSample))
        table.click(label)
        clicks += 1
        assert table.message.value == "", label
    assert clicks > 40 and 'data-step="ready"' in table.board.value
    duel.watch_button.click()
    state = table.match.state
    assert duel.message.value == "" and duel.turns == state.result["turns"]
    assert duel.record.boards[1:] == tuple(state.boards)
    duel.show(duel.turns)
    assert f'data-turn="{duel.turns}"' in duel.board.value


def test_card_names_on_the_preparation_board_are_escaped(tmp_path) -> None:
    from tablekit.runes.cards import SAMPLE_POOL
    path = tmp_path / "pool.toml"
    path.write_text(SAMPLE_POOL.read_text(encoding="utf-8").replace(
        'name = "', 'name = "<img src=x onerror=alert(1)> '), encoding="utf-8")
    table = PreparationTable(seed=0, card_file=str(path))
    table.play(table.match.legal_actions()[0])
    add = next(a for a in table.match.legal_actions() if "add" in str(a))
    table.play(add)
    assert XSS_ESCAPED in table.board.value and "<img" not in table.board.value


def test_the_duel_viewer_waits_hidden_until_there_is_a_duel() -> None:
    """Before both decks are assembled only the Watch button shows (no empty board or charts)."""
    table = PreparationTable(seed=7)
    duel = PreparedDuel(table)
    assert duel.duel.layout.display == "none" and duel.watch_button in duel.children
    table.click("Player 1: play Ash", "Player 1: use Ash's sample deck", "Player 1: shuffle (Order)",
                "Player 1: assemble the deck", "Player 2: play Torstein",
                "Player 2: use Torstein's sample deck", "Player 2: shuffle (Order)",
                "Player 2: assemble the deck")
    duel.watch_button.click()
    assert duel.duel.layout.display is None and duel.chart in duel.duel.children
