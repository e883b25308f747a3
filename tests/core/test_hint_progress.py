"""The hint shows how far its play-outs have got on its own line, on every table layout."""

from __future__ import annotations

from tablekit.deckula.ui import DeckulaTable
from tablekit.wonders.ui.table import WondersTable


def lines_while_thinking(table) -> list[str]:
    """Every text the hint line showed while the Hint button ran."""
    seen: list[str] = []
    table.hints.observe(lambda change: seen.append(change["new"]), names="value")
    table.hint_button.click()
    return seen


def test_the_hint_line_counts_the_play_outs_as_they_run():
    table = DeckulaTable(seed=3)
    table.hint_rollouts = 40
    seen = lines_while_thinking(table)
    counts = [line for line in seen if "of 40" in line]
    assert "0 of 40" in counts[0] and "40 of 40" in counts[-1] and len(counts) > 5
    assert "tk-hint" in table.hints.value and "of 40" not in table.hints.value


def test_the_wonders_table_shows_the_count_and_lays_out_its_progress_bar():
    table = WondersTable(seed=2, hint_rollouts=20)
    assert "progress" in str(table.layout_spec)
    seen = lines_while_thinking(table)
    assert any("20 of 20" in line for line in seen)
