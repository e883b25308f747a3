"""The Wizards table: bots play the other seats, your view hides their cards, undo goes to you."""

from __future__ import annotations

import tablekit
from tablekit.ui.html import BRIEF_LIMIT
from tablekit.wizards.cards import components
from tablekit.wizards.state import HIDDEN
from tablekit.wizards.ui import WizardsTable, dungeon_svg
from tests.ui.readable import shown_cards


def test_a_whole_game_by_clicks_against_bots():
    table = WizardsTable(players=3, seed=4)
    clicks = 0
    while not table.match.is_over:
        assert table.match.to_move == 0 and table.buttons
        table.click(table.buttons[0].description)
        clicks += 1
        assert clicks < 400
    assert "Game over" in table.status.value and not table.message.value
    assert len(table.chart.data) == 3


def test_the_board_shows_other_players_face_down_cards_as_backs():
    scenario = {"dungeons": [{"slots": {1: [1, "titan", True], 2: [1, "ogre", False],
                                        4: [0, "minotaur", False]}}, {}],
                "hands": [["bug-bear"], ["air-imp"]]}
    table = WizardsTable(new_match=lambda s: tablekit.new_game("wizards", seed=s, scenario=scenario))
    view = table.match.view(0)
    assert view.dungeons[0].slots[2].creature == HIDDEN  # theirs, face down
    assert view.dungeons[0].slots[4].creature == "minotaur"  # yours, face down: you may look
    drawing = dungeon_svg(view, 0)
    assert drawing.count("wz-back") == 1 and "Ogre" not in drawing and "Titan" in drawing
    assert "Ogre" not in table.board.value


def test_undo_goes_back_to_your_own_decision():
    table = WizardsTable(players=2, seed=2)
    table.click(table.buttons[0].description)
    table._undo()
    assert table.match.to_move == 0 and not table.match.can_undo


def test_the_study_panel_runs_with_progress_and_charts(monkeypatch):
    import tablekit.wizards.build_ui as build_ui
    from solvers.optimise import Budget
    from tablekit.wizards.build_ui import StudyPanel, score_table
    monkeypatch.setitem(build_ui.STUDY_BUDGET, 2, Budget(search_games=120, block=12, verdict_games=12))
    panel = StudyPanel(recipe="partial", games=120)
    seen = []
    panel.progress.update = lambda done, total=None, words=None: seen.append((done, total))
    panel.run_button.click()
    assert seen[-1] == (156, 156) and not panel.progress.running
    assert len(panel.charts.children) == 2 and "heuristic bot" in panel.message.value
    assert "fresh games" in panel.message.value and panel.result.search_games <= 120
    best = panel.result.held_out["best"]  # each number once: in the table, not again in a sentence
    assert panel.message.value.count(f"{best.mean:.3f} [{best.low:.3f}") == 1
    html = score_table({"red": 3, "blue": 1, "green": 1}, 2)
    assert "2 red" in html and "a set of 3: red, green, blue" in html and "{" not in html


def test_new_game_hint_and_errors_show_in_the_table():
    table = WizardsTable(players=4, seed=1, hint_rollouts=8)
    table.seed.value = "wizard"
    table.new_button.click()
    assert table.match.seed == "wizard" and table.match.to_move == 0
    table.hint_button.click()
    assert "Hint" in table.hints.value
    table.play("not an action")
    assert "tk-error" in table.message.value and table.match.to_move == 0


def test_a_lesson_table_lets_you_decide_for_every_seat_and_resets():
    from tablekit.wizards.ui import WizardsLesson
    table = WizardsLesson("placement")
    assert table.seat is None and "Player 1 to move" in table.status.value
    table.click("Place Bug Bear face up at Glimmer Cellar (red entrance, space 1)")
    table.click("Place no second creature")
    assert table.match.to_move == 1 and "Player 2 to move" in table.status.value  # no bot moved
    assert "Minotaur" in table.board.value  # the board is drawn from the player to move's view
    table.new_button.click()
    assert table.match.to_move == 0 and len(table.match.state.hands[0]) == 3
    assert "hint" not in [w.description.lower() for w in table.children if hasattr(w, "description")]


def test_the_score_calculator_redraws_when_a_count_changes():
    from tablekit.wizards.build_ui import ScoreCalculator
    calculator = ScoreCalculator({"red": 3, "blue": 1, "green": 1})
    assert "<td>Total</td><td>6</td>" in calculator.table.value
    calculator.cursed.value = 2
    assert "<td>Total</td><td>1</td>" in calculator.table.value  # 4 for the sets, −3 most cursed
    calculator.counts["yellow"].value = 1
    assert "<td>Set points</td><td>6</td>" in calculator.table.value and not calculator.message.value


def test_your_creatures_read_in_full_in_hand_and_in_the_dungeon():
    """Your hand shows each creature's text (whole while read); a dungeon shortens a long name but
    shows it whole while hovered or clicked, and never a face-down creature of another player."""
    scenario = {"dungeons": [{"slots": {1: [0, "steel-sentinel", True], 2: [1, "ogre", False],
                                        4: [0, "titan", True]}}, {}],
                "hands": [["big-blue-blob", "fire-imp"], ["air-imp"]]}
    table = WizardsTable(new_match=lambda s: tablekit.new_game("wizards", seed=s, scenario=scenario))
    cards = shown_cards(table.board.value)
    hand = [components().creature(c) for c in ("big-blue-blob", "fire-imp")]
    assert [c.attrs["data-creature"] for c in cards] == [c.id for c in hand]
    for card, creature in zip(cards, hand, strict=True):
        assert card.zone == "Your hand" and card.attrs["tabindex"] == "0"
        assert creature.text in card.read_text and creature.name in card.rest_text
    assert len(hand[0].text) > BRIEF_LIMIT and hand[0].text not in cards[0].rest_text
    drawing = dungeon_svg(table.match.view(0), 0)
    sentinel = drawing[drawing.index('data-creature="steel-sentinel"'):]
    sentinel = sentinel[:sentinel.index("</g></g>")]
    assert 'class="tk-card-brief">Stee Sent<' in sentinel
    assert '<g class="tk-card-full">' in sentinel and ">Steel Sentinel</text>" in sentinel
    assert 'tabindex="0"' in drawing and "Ogre" not in table.board.value
