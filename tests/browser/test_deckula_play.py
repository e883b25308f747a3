"""The Deckula! play notebook in a real browser: Voilà, JupyterLab, and Voilà through Lab."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import SHOTS

PLAY = "deckula/2-play.ipynb"
EVENTS = "document.querySelectorAll('.tk-event').length"


def counter(page, name: str) -> str:
    """The value shown by a board counter."""
    return page.locator(f".tk-counter[data-name='{name}'] .tk-value").first.inner_text()


def click_and_wait(page, button) -> None:
    """Click an action button and wait until the log has grown."""
    before = page.evaluate(EVENTS)
    button.click()
    page.wait_for_function(f"{EVENTS} > {before}")


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
    page.goto(voila_server + "voila/render/" + PLAY)
    keep = page.locator(".tk-actions button").first
    keep.wait_for()
    expect(page.locator(".tk-status").first).to_contain_text("Setup")
    assert counter(page, "Energy") == "2" and page.locator(".tk-actions button").count() == 3
    log_before = page.evaluate(EVENTS)
    click_and_wait(page, keep)
    assert page.evaluate(EVENTS) > log_before
    assert page.locator(".tk-home .tk-card").count() + page.locator(".tk-zone").count() >= 3
    first_turn = counter(page, "Turn")
    click_and_wait(page, page.locator(".tk-actions button").first)
    assert counter(page, "Turn") != first_turn or page.locator(".tk-status").first.inner_text()
    before_undo = page.evaluate(EVENTS)
    page.locator("button.tk-undo").click()
    page.wait_for_function(f"{EVENTS} < {before_undo}")
    clicks = play_to_the_end(page)
    expect(page.locator(".tk-finish").first).to_contain_text("How good was my game?", timeout=90_000)
    assert clicks >= 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "deckula-voila.png"), full_page=True)


def test_lab_run_all_and_play(lab_server, page):
    page.goto(lab_server + "lab/tree/" + PLAY)
    page.locator(".jp-NotebookPanel").first.wait_for()
    page.wait_for_function(
        "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " return w && w.sessionContext && w.sessionContext.session &&"
        " w.sessionContext.session.kernel && w.sessionContext.session.kernel.status === 'idle'; }")
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.locator(".tk-actions button").first.wait_for()
    page.locator(".jp-Cell").last.locator(".jp-InputArea").wait_for()
    page.wait_for_function("document.querySelectorAll('.jp-Cell')[document.querySelectorAll('.jp-Cell').length-1]"
                           ".querySelector('.jp-InputPrompt').innerText.match(/\\[\\d+\\]/)")
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    for _ in range(4):
        click_and_wait(page, page.locator(".tk-actions button").first)
    expect(page.locator(".tk-event").first).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "deckula-lab.png"), full_page=True)


def test_voila_through_lab_as_binder_opens_it(lab_server, page):
    page.goto(lab_server + "voila/render/" + PLAY)
    button = page.locator(".tk-actions button").first
    button.wait_for()
    click_and_wait(page, button)
    expect(page.locator(".tk-status").first).not_to_contain_text("Setup")
