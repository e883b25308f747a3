"""The Runes of Wyrd play notebook in a real browser: step a whole duel by clicks in Voilà."""

from __future__ import annotations

from playwright.sync_api import expect

from tablekit.runes.ui_duel import fought_match, record_of
from tests.browser.helpers import assert_clean_page, open_in_voila

PLAY = "runes/2-play.ipynb"
VIEWER = ".tk-duel-play"  # the page also has the viewer of the decks prepared by hand
STEP_TIMEOUT = 60_000  # ms: the machine is shared and slow


def shown_turn(page) -> int:
    """The turn the viewer shows (its status line's data-turn)."""
    return int(page.locator(f"{VIEWER} .tk-duel-turn").first.get_attribute("data-turn"))


def press(page, css: str, turn: int) -> None:
    """Click a step button and wait until the viewer shows `turn`."""
    page.locator(f"{VIEWER} button.{css}").first.click()
    parts = [f"{VIEWER} {part}" for part in (".tk-duel-turn", ".tk-duel-board", ".tk-duel-log")]
    page.wait_for_function(  # the status line, the board and the log all show the turn
        f"() => {parts!r}.every(css => {{ const e = document.querySelector(css);"
        f" return e && e.getAttribute('data-turn') === '{turn}'; }})", timeout=STEP_TIMEOUT)


def hero_value(page, player: int, what: str) -> str:
    """A number on a hero's board (tk-health, tk-shield, tk-next-card)."""
    return page.locator(f"{VIEWER} .tk-duel-hero[data-player='{player}'] .tk-{what}").first \
        .inner_text()


def test_voila_steps_a_whole_duel_as_the_engine_fought_it(voila_server, page):
    open_in_voila(page, voila_server, PLAY)
    twin = record_of(fought_match(("skorta", "torstein"), ("sample", "sample"), seed=0))
    expect(page.locator(f"{VIEWER} .tk-duel-turn").first).to_have_attribute("data-turn", "0")
    # the table to prepare both decks by hand waits at its first step (its check clicked a twin)
    expect(page.locator(".tk-prep-side[data-step='hero']")).to_have_count(2)
    assert page.locator(".tk-duel-viewer").count() == 2
    assert page.locator(f"{VIEWER} .js-plotly-plot").count() >= 1
    assert page.locator(".tk-matchups .js-plotly-plot").count() >= 1
    for turn in range(1, twin.turns + 1):
        press(page, "tk-duel-forward", turn)
        board = twin.boards[turn]["heroes"]
        for player in (0, 1):
            assert hero_value(page, player, "health") == str(board[player]["health"]), turn
            assert hero_value(page, player, "shield") == str(board[player]["shield"]), turn
            assert hero_value(page, player, "next-card") == str(board[player]["next_card"])
        lines = page.locator(f"{VIEWER} .tk-event")
        assert lines.count() == len(twin.turn_events(turn)), turn
        assert lines.first.get_attribute("data-rule") == twin.turn_events(turn)[0].rule
    expect(page.locator(f"{VIEWER} .tk-duel-turn").first).to_contain_text(twin.outcome)
    # a log line opens to its rule's summary
    line = page.locator(f"{VIEWER} .tk-event summary").first
    line.click()
    expect(page.locator(f"{VIEWER} .tk-rule-summary").first).to_be_visible()
    press(page, "tk-duel-back", twin.turns - 1)
    press(page, "tk-duel-start", 0)
    press(page, "tk-duel-end", twin.turns)
    assert shown_turn(page) == twin.turns
    assert_clean_page(page)


def test_voila_prepares_both_decks_by_clicks_then_shows_their_duel(voila_server, page):
    """The preparation table opens unprepared with its duel viewer hidden; eight clicks prepare
    both sample decks, and Watch the duel shows the board and its charts drawn."""
    open_in_voila(page, voila_server, PLAY)
    prepared = page.locator(".tk-duel-viewer:not(.tk-duel-play)")
    expect(prepared.locator("button.tk-duel-start")).to_be_hidden()  # in the page, not shown
    for label in ("Player 1: play Ash", "Player 1: use Ash's sample deck", "Player 1: shuffle (Order)",
                  "Player 1: assemble the deck", "Player 2: play Mikal-Finnvard",
                  "Player 2: use Mikal-Finnvard's sample deck", "Player 2: shuffle (Order)",
                  "Player 2: assemble the deck"):
        page.get_by_role("button", name=label, exact=True).click()
    expect(page.locator(".tk-prep-side[data-step='ready']")).to_have_count(2)
    prepared.locator("button.tk-watch").click()
    expect(prepared.locator(".tk-duel-turn")).to_have_attribute("data-turn", "0", timeout=STEP_TIMEOUT)
    chart = prepared.locator(".js-plotly-plot").first
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] > 300
    assert_clean_page(page)
