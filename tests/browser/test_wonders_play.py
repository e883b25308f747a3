"""The Deck of Wonders play notebook in a real browser: Voilà and JupyterLab."""

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

PLAY = "wonders/2-play.ipynb"


def action(page, text: str):
    """The action button with exactly this label."""
    return page.locator(".tk-actions button").filter(has_text=text).first


def health(page, who: str) -> int:
    """A health tracker's value ("player" or "villain")."""
    return int(page.locator(f".tk-{who}-hp").first.get_attribute("data-health"))


def play_to_the_end(page, limit: int = 120) -> int:
    """Apply the advisor's layout at Battle Lines, otherwise press the first action (End your turn)."""
    clicks = 0
    status = page.locator(".tk-status").first
    apply_layout = page.locator("button.tk-apply-layout").first
    while "Game over" not in (text := status.inner_text()):
        assert clicks < limit, "the game did not end"
        # the status line is redrawn before the log: it tells what the table waits for now
        button = apply_layout if text.startswith("Battle Lines") else page.locator(".tk-actions button").first
        click_and_wait(page, button)
        clicks += 1
    return clicks


def test_voila_play_a_whole_game_with_battle_lines(voila_server, page):
    open_in_voila(page, voila_server, PLAY)
    page.locator(".tk-actions button").first.wait_for()
    expect(page.locator(".tk-status").first).to_contain_text("Opening hand")
    expect(page.locator(".tk-villain-hp").first).to_contain_text("Cullin")
    twin = tablekit.new_game("wonders", seed=20, villain="cullin")  # the notebook's deal
    click_and_wait(page, action(page, "Keep your opening hand"))
    expect(page.locator(".tk-status").first).to_contain_text("your turn")
    click_and_wait(page, action(page, "Play Hungry Wolf"))
    wolf = page.locator(".tk-player-row .tk-minion").first
    expect(wolf).to_contain_text("Hungry Wolf")
    expect(wolf).to_have_class("tk-card tk-minion tk-exhausted")
    click_and_wait(page, action(page, "End your turn"))
    expect(page.locator(".tk-status").first).to_contain_text("Battle Lines")
    expect(page.locator(".tk-chooser .tk-layouts").first).to_be_visible()
    for label in ("Keep your opening hand", "Play Hungry Wolf", "End your turn"):
        twin.apply(next(a for a in twin.legal_actions() if str(a) == label))
    villains = [m.name for m in twin.state.boards[0].villain_minions]
    assert len(villains) >= 2  # a Battle Lines choice to make (seed 20 deals three)
    shown = page.locator(".tk-villain-row .tk-minion").all_inner_texts()
    assert len(shown) == len(villains) and all(any(v in t for t in shown) for v in villains)
    click_and_wait(page, page.locator(".tk-actions button.tk-act-place").first)  # one minion by hand
    before = health(page, "player")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".tk-status").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "wonders-board.png"))
    page.locator(".tk-chooser").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "wonders-battle-lines.png"))
    click_and_wait(page, page.locator("button.tk-apply-layout").first)  # the rest by the advisor
    expect(page.locator(".tk-status").first).to_contain_text("Round 2")
    assert health(page, "player") <= before
    page.wait_for_function("document.querySelectorAll('.tk-wonders .scatterlayer path.point').length >= 4")
    undo_and_wait(page)
    play_to_the_end(page)
    expect(page.locator("button.tk-record-this-game")).to_be_enabled()
    page.locator("button.tk-record-this-game").click()
    expect(page.locator(".tk-campaign-message")).to_contain_text("recorded")
    expect(page.locator(".tk-campaign-summary")).to_contain_text("Cullin")
    page.screenshot(path=str(SHOTS / "wonders-voila.png"), full_page=True)
    assert_clean_page(page)


def test_lab_run_all_and_play(lab_server, page):
    run_all_in_lab(page, lab_server, PLAY)
    click_and_wait(page, action(page, "Keep your opening hand"))
    click_and_wait(page, action(page, "Play Hungry Wolf"))
    click_and_wait(page, action(page, "End your turn"))
    click_and_wait(page, page.locator("button.tk-apply-layout").first)
    expect(page.locator(".tk-status").first).to_contain_text("Round 2")
    expect(page.locator(".tk-event").first).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "wonders-lab.png"), full_page=True)
    assert_clean_page(page)


def test_voila_through_lab_as_binder_opens_it(lab_server, page):
    open_in_voila(page, lab_server, PLAY)
    keep = action(page, "Keep your opening hand")
    keep.wait_for()
    click_and_wait(page, keep)
    expect(page.locator(".tk-status").first).to_contain_text("your turn")
    assert_clean_page(page)
