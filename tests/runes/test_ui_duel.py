"""The duel viewer and the matchup heatmap: turn by turn as the engine fought it, errors shown."""

from __future__ import annotations

import pytest

from tablekit.core.errors import TablekitError
from tablekit.runes import ui_duel
from tablekit.runes.decks import sample_plan
from tablekit.runes.duel import run_duel
from tablekit.runes.exchange import plan_to_json
from tablekit.runes.ui_duel import DuelViewer, MatchupMatrix, fought_match, record_of
from tablekit.runes.ui_duel_html import board_html
from tests.ui.helpers import XSS, XSS_ESCAPED, assert_unexpected_error_shown


@pytest.fixture(scope="module")
def viewer() -> DuelViewer:
    return DuelViewer(("ash", "mikal-finnvard"), seed=3)


def test_record_is_the_engines_duel(pool) -> None:
    match = fought_match(("skorta", "torstein"), ("sample", "sample"), seed=5)
    record = record_of(match)
    state = match.state
    decks = [[pool[c] for c in side.deck] for side in state.sides]
    first = 1 - state.boards[0]["active"]
    engine = run_duel(("skorta", "torstein"), decks,
                      state.config.duel_options(first))
    assert record.turns == engine.turns
    assert record.boards[1:] == engine.boards
    assert record.rows[1:] == engine.timeline
    duel_events = record.events[record.starts[0]:]
    assert duel_events == engine.events
    for turn in range(1, record.turns + 1):  # each turn's events are the engine's slice
        first_event = engine.marks[turn - 2] if turn > 1 else 0
        assert record.turn_events(turn) == engine.events[first_event:engine.marks[turn - 1]]


def test_stepping_shows_each_turns_board_and_events(viewer: DuelViewer) -> None:
    record = viewer.record
    assert viewer.turn.value == 0 and 'data-turn="0"' in viewer.board.value
    viewer.step(-1)  # already at the start: stays
    assert viewer.turn.value == 0
    for turn in range(1, record.turns + 1):
        viewer.step(1)
        assert viewer.turn.value == turn
        assert f'data-turn="{turn}"' in viewer.status.value
        for player, hero in enumerate(record.boards[turn]["heroes"]):
            assert f'<b class="tk-health">{hero["health"]}</b>' in \
                viewer.board.value.split('data-player="')[player + 1]
        assert viewer.log_panel.value.count('class="tk-event"') == \
            len(record.turn_events(turn))
        assert list(viewer.chart.data[0].x) == list(range(turn + 1))
    viewer.step(1)  # past the end: stays
    assert viewer.turn.value == record.turns and record.outcome in viewer.status.value
    viewer.show(0)
    assert list(viewer.chart.data[0].x) == [0]


def test_log_lines_carry_their_rule_summary(viewer: DuelViewer) -> None:
    viewer.show(1)
    assert 'data-rule="runes.deck-pressure"' in viewer.log_panel.value
    assert "tk-rule-summary" in viewer.log_panel.value
    assert "rule not in the book" not in viewer.log_panel.value


def test_decks_from_json_and_the_builder(viewer: DuelViewer) -> None:
    viewer.choose(0, "skorta", "json", plan_to_json("torstein", sample_plan("torstein")))
    viewer.choose(1, "ash", "built")
    viewer.fight()
    assert viewer.message.value == ""
    assert viewer.record.heroes == ("torstein", "ash")  # the JSON names its own Hero
    viewer.choose(0, "skorta", "json", '{"hero": "skorta", "chapters": []}')
    before = viewer.record
    viewer.fight()
    assert "tk-error" in viewer.message.value and viewer.record is before


def test_a_turn_outside_the_duel_is_refused(viewer: DuelViewer) -> None:
    viewer.show(viewer.turns + 5)
    assert "is not in this duel" in viewer.message.value
    with pytest.raises(TablekitError):
        viewer.record.turn_events(-1)


def test_buttons_show_unexpected_errors(monkeypatch) -> None:
    viewer = DuelViewer()
    matrix = MatchupMatrix(duels=20)

    def broken(*args, **kwargs):
        raise ValueError("engine <broke>")

    monkeypatch.setattr(ui_duel, "fought_match", broken)
    monkeypatch.setattr(ui_duel, "sample_matrix", broken)
    viewer.fight_button.click()
    matrix.run_button.click()
    for where in (viewer.message, matrix.message):
        assert_unexpected_error_shown(where.value, "engine &lt;broke&gt;")
    assert not matrix.run_button.disabled and not matrix.progress.running


def test_matrix_heatmap_has_intervals_and_sample_size() -> None:
    matrix = MatchupMatrix(duels=20, seed=1)
    seen = []
    matrix.progress.update = lambda done, total=None, words=None: seen.append(done)
    matrix.run()
    z = matrix.figure.data[0].z
    assert len(z) == 4 and all(len(row) == 4 for row in z)
    assert "n = 20" in matrix.figure.figure.layout.title.text
    assert all("±" in cell for row in matrix.figure.data[0].text for cell in row)
    assert seen == sorted(seen) and seen[-1] == 16 * 20


def test_board_names_from_files_are_escaped() -> None:
    record = record_of(fought_match(("skorta", "torstein"), ("sample", "sample"), seed=0))
    board = record.boards[-1]
    equipped = board["heroes"][1]["equipment"][0]
    card = ui_duel.pool()[equipped].model_copy(update={"name": XSS})
    shown = board_html(board, {equipped: card}, record.deck_sizes)
    assert XSS_ESCAPED in shown and "<img" not in shown
