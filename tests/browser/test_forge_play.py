"""The DeckNForge play notebook in a real browser: a whole dungeon by clicks in Voilà, bots in the
other seats, the page compared with the engine at every step."""

from __future__ import annotations

from playwright.sync_api import expect

from tablekit.forge.ui import ForgeTable
from tests.browser.conftest import SHOTS
from tests.browser.helpers import EVENTS, assert_clean_page, open_in_voila

PLAY = "forge/2-play.ipynb"
TABLE = ".tk-table >> nth=0"  # the notebook's first table: 3 wizards, you are Wizard 1
CLICK_LIMIT = 400


def counter(table, name: str) -> str:
    """The value shown by one of the board's counters."""
    return table.locator(f".tk-counter[data-name='{name}'] .tk-value").first.inner_text()


def wizard_line(table, seat: int) -> str:
    """The title of a wizard's zone (HP, shield, coppers, Glory, deck, plot)."""
    return table.locator(f".tk-wizard-{seat + 1} .tk-zone-title").first.inner_text()


def same_as_engine(table, twin: ForgeTable) -> None:
    """The page shows what the engine's table shows: buttons, counters, every wizard, the log."""
    assert table.locator(".tk-actions button").all_inner_texts() == [b.description for b in twin.buttons]
    state = twin.state
    if not twin.match.is_over:
        assert counter(table, "Round") == str(state.round)
        assert counter(table, "Boss") == f"{state.boss_no + 1} of 6"
    for w in range(state.wizards):
        line = wizard_line(table, w)
        assert f"HP {state.hp[w]}" in line and f"{state.coppers[w]} coppers" in line, line
    assert table.locator(".tk-event").count() == len(twin.match.log)


def test_voila_play_a_whole_dungeon_with_bots(voila_server, page):
    open_in_voila(page, voila_server, PLAY)
    table = page.locator(TABLE)
    table.locator(".tk-actions button").first.wait_for()
    twin = ForgeTable(seed=2026, wizards=3, seat=0)  # the notebook's table, played alongside
    expect(table.locator(".tk-status")).to_contain_text("Wizard 1 (you)")
    same_as_engine(table, twin)
    assert "cards in hand" in wizard_line(table, 1) + table.locator(".tk-wizard-2").inner_text()
    clicks = 0
    while not twin.match.is_over:
        assert clicks < CLICK_LIMIT, "the dungeon did not end"
        first = twin.buttons[0].description
        before = page.evaluate(EVENTS)
        table.locator(".tk-actions button").first.click()
        page.wait_for_function(f"{EVENTS} > {before}", timeout=120_000)
        twin.click(first)
        expect(table.locator(".tk-event")).to_have_count(len(twin.match.log), timeout=120_000)
        same_as_engine(table, twin)
        clicks += 1
    expect(table.locator(".tk-status")).to_contain_text("Game over")
    expect(table.locator(".tk-status")).to_contain_text(twin.match.outcome.text)
    assert table.locator(".tk-actions button").count() == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "forge-voila.png"), full_page=True)
    assert_clean_page(page)
