"""The Wizards & Co. play notebook in a real browser: a whole game by clicks against bots.

The notebook's table (three players, seed 7, you in seat 1) is played alongside a twin table in
this process: after every click the page must show the twin's buttons, log, hidden cards and
dungeons, so the page played exactly the engine's game.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tablekit.wizards.ui import WizardsTable
from tests.browser.conftest import SHOTS
from tests.browser.helpers import assert_clean_page, open_in_voila, run_all_in_lab, undo_and_wait

PLAY = "wizards/2-play.ipynb"
SAME = """([labels, events]) => {
  const shown = [...document.querySelectorAll('.tk-actions button')].map(b => b.innerText.trim());
  return shown.length === labels.length && shown.every((label, i) => label === labels[i])
      && document.querySelectorAll('.tk-event').length === events; }"""
LIMIT = 300  # clicks: a three-player game takes about 40 of yours


def buttons(page) -> list[str]:
    """The labels of the action buttons on the page."""
    return page.locator(".tk-actions button").all_inner_texts()


def action(page, label: str):
    """The action button labelled exactly `label`."""
    exact = re.compile(r"^\s*" + re.escape(label) + r"\s*$")
    return page.locator(".tk-actions button").filter(has_text=exact).first


def click_like_twin(page, twin: WizardsTable, label: str) -> None:
    """Click `label` on the page and in the twin; wait until the page shows the twin's buttons
    and log (an Ogre pushing in, or declining equipment, changes the buttons before the log)."""
    action(page, label).click()
    twin.click(label)
    page.wait_for_function(SAME, arg=[[b.description for b in twin.buttons], len(twin.match.log)])


def assert_same_table(page, twin: WizardsTable) -> None:
    """The page shows what the twin's engine says: actions, log, dungeons, backs, status."""
    assert buttons(page) == [b.description for b in twin.buttons]
    assert page.locator(".tk-event").count() == len(twin.match.log)
    board = twin.board_html()
    assert page.locator(".tk-board svg").count() == board.count("<svg")
    assert page.locator(".tk-board .wz-back").count() == board.count("wz-back")
    expect(page.locator(".tk-status").first).to_have_text(twin.status_text())


def test_voila_play_a_whole_game_against_bots(voila_server, page):
    open_in_voila(page, voila_server, PLAY)
    page.locator(".tk-actions button").first.wait_for()
    twin = WizardsTable(players=3, seed=7)  # the notebook's table, played alongside
    assert_same_table(page, twin)
    assert page.locator(".js-plotly-plot").count() >= 1
    first = twin.buttons[0].description
    click_like_twin(page, twin, first)
    assert_same_table(page, twin)
    undo_and_wait(page)
    twin._undo()
    assert_same_table(page, twin)
    clicks = 0
    while not twin.match.is_over:
        assert clicks < LIMIT, "the game did not end"
        label = twin.buttons[clicks % len(twin.buttons)].description  # vary the choices
        click_like_twin(page, twin, label)
        clicks += 1
        if clicks % 5 == 0 or twin.match.is_over:
            assert_same_table(page, twin)
    expect(page.locator(".tk-status").first).to_contain_text("Game over")
    expect(page.locator(".tk-status").first).to_contain_text(twin.match.outcome.text)
    assert buttons(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "wizards-voila.png"), full_page=True)
    assert_clean_page(page)


def test_lab_run_all_and_play(lab_server, page):
    run_all_in_lab(page, lab_server, PLAY)
    twin = WizardsTable(players=3, seed=7)
    for _ in range(3):
        click_like_twin(page, twin, twin.buttons[0].description)
    expect(page.locator(".tk-event").first).to_be_visible()
    assert page.locator(".tk-board svg").count() == twin.board_html().count("<svg")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "wizards-lab.png"), full_page=True)
    assert_clean_page(page)
