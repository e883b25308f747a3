"""The Deckula! play notebook in a real browser: Voilà, JupyterLab, and Voilà through Lab."""

from __future__ import annotations

from playwright.sync_api import expect

import tablekit
from tests.browser.conftest import SHOTS
from tests.browser.helpers import (
    assert_clean_page,
    click_and_wait,
    open_in_voila,
    run_all_in_lab,
    undo_and_wait,
)

PLAY = "deckula/2-play.ipynb"


def counter(page, name: str) -> str:
    """The value shown by a board counter."""
    return page.locator(f".tk-counter[data-name='{name}'] .tk-value").first.inner_text()


def play_to_the_end(page, limit: int = 200) -> int:
    """Click the first action button until the game is over; returns the clicks made."""
    clicks = 0
    status = page.locator(".tk-status").first
    while "Game over" not in status.inner_text():
        assert clicks < limit, "the game did not end"
        click_and_wait(page, page.locator(".tk-actions button").first)
        clicks += 1
    return clicks


def test_voila_play_a_whole_game(voila_server, page):
    open_in_voila(page, voila_server, PLAY)
    keep = page.locator(".tk-actions button").first
    keep.wait_for()
    expect(page.locator(".tk-status").first).to_contain_text("Setup")
    assert counter(page, "Energy") == "2" and page.locator(".tk-actions button").count() == 3
    twin = tablekit.new_game("deckula", seed=3)  # the notebook's deal, played alongside
    for _ in range(2):
        click_and_wait(page, page.locator(".tk-actions button").first)
        twin.apply(twin.legal_actions()[0])
        state = twin.state
        assert counter(page, "Energy") == str(state.energy) and counter(page, "Turn") == str(state.turn)
        assert counter(page, "VP in play") == str(state.score())
        assert page.locator(".tk-home .tk-card").count() == len(state.home)
        assert page.locator(".tk-actions button").all_inner_texts() == [str(a) for a in twin.legal_actions()]
    undo_and_wait(page)
    twin.undo()
    clicks = play_to_the_end(page)
    moves = 0
    while not twin.is_over:
        twin.apply(twin.legal_actions()[0])
        moves += 1
    assert clicks == moves  # the page played the same game to the same end
    expect(page.locator(".tk-status").first).to_contain_text(twin.outcome.text)
    expect(page.locator(".tk-finish").first).to_contain_text("How good was my game?", timeout=90_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "deckula-voila.png"), full_page=True)
    assert_clean_page(page)


def test_lab_run_all_and_play(lab_server, page):
    run_all_in_lab(page, lab_server, PLAY)
    for _ in range(4):
        click_and_wait(page, page.locator(".tk-actions button").first)
    expect(page.locator(".tk-event").first).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "deckula-lab.png"), full_page=True)
    assert_clean_page(page)


def test_voila_through_lab_as_binder_opens_it(lab_server, page):
    open_in_voila(page, lab_server, PLAY)
    button = page.locator(".tk-actions button").first
    button.wait_for()
    click_and_wait(page, button)
    expect(page.locator(".tk-status").first).not_to_contain_text("Setup")
    assert_clean_page(page)
