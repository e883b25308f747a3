"""The DeckNForge play table: you play one seat, bots the others, all by button clicks."""

from __future__ import annotations

import pytest

from tablekit.forge.cards import card_label
from tablekit.forge.ui import ForgeTable


@pytest.mark.parametrize("wizards", [1, 3])
def test_a_whole_dungeon_by_clicks_with_bots_in_the_other_seats(wizards):
    table = ForgeTable(seed=4, wizards=wizards, seat=wizards - 1)
    clicks = 0
    while not table.match.is_over:
        assert table.match.to_move == wizards - 1  # bots never leave a decision to you
        labels = [b.description for b in table.buttons]
        assert labels and "you" in table.status.value
        table.click(labels[0] if "Take the hit" not in labels else "Take the hit")
        clicks += 1
        assert clicks < 3_000
    assert "Game over" in table.status.value and table.match.outcome is not None
    assert {trace.name for trace in table.chart.data} == {"Boss"} | {f"Wizard {w + 1}"
                                                                      for w in range(wizards)}


def test_the_board_shows_only_your_hand_and_hides_face_down_plots():
    table = ForgeTable(seed=2, wizards=2, seat=1)
    state = table.match.state
    assert table.match.to_move == 1 and state.phase == "plot"  # the bot already plotted
    html = table.board.value
    assert "a face-down card" in html and "11 cards in hand" in html  # 12 less the plotted one
    assert all(card_label(card) in html for card in state.hands[1])
    assert card_label(state.plots[0]) + "</div>" not in html.split("Wizard 1")[1].split("Wizard 2")[0]


def test_the_cheapest_dodge_is_shown_beside_the_dodge_buttons():
    table = ForgeTable(seed=1, wizards=1, inscriptions="none",
                       scenario={"hands": [["9♠", "2♦", "3♦", "5♣"]], "boss_atk": 5})
    table.click("Plot 9♠")
    table.click("Pass")
    assert "Dodge with 2♦ 5♣" in [b.description for b in table.buttons]
    assert "cheapest dodge discards face values [2, 5] (total 7)" in table.board.value


def test_errors_show_in_the_widget():
    table = ForgeTable(seed=1)
    table.play("not an action")
    assert "illegal action" in table.message.value


def test_a_seat_outside_the_table_is_refused():
    from tablekit.core.errors import ConfigError
    with pytest.raises(ConfigError, match="seat 3"):
        ForgeTable(seed=1, wizards=2, seat=3)
