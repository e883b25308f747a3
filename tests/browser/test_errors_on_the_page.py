"""What a learner sees when something goes wrong, in Voilà: a widget callback's error shown in
the widget (class `tk-error`), and card names from a user's file shown as text, never as HTML."""

from __future__ import annotations

import json

import nbformat
from playwright.sync_api import expect

import tablekit
from tablekit.deckula.cards import SAMPLE_SET
from tests.browser.helpers import assert_clean_page, open_in_voila

XSS = "<img src=x onerror=alert(1)>"
RENAMED = 'name = "Ancestral Portrait"'  # three copies: soon drawn


def test_a_failing_callback_shows_its_error_in_the_widget(voila_server, page):
    """Loading a campaign file that is not there raises a SaveFileError inside the callback."""
    open_in_voila(page, voila_server, "wonders/2-play.ipynb")
    campaign, status = page.locator(".tk-campaign").first, page.locator(".tk-status").first
    before = (campaign.inner_text().strip(), status.inner_text())
    page.locator(".tk-campaign input[type='text']").first.fill("no-such-campaign.json")
    page.locator("button.tk-load-campaign").click()
    error = page.locator(".tk-error").first
    expect(error).to_contain_text("no-such-campaign.json")
    expect(error).to_contain_text("cannot be read")
    assert before[0] in campaign.inner_text() and status.inner_text() == before[1]  # unchanged
    assert_clean_page(page)


def xss_card_file(folder) -> str:
    """The sample card set with one card named like an HTML element that runs script."""
    text = SAMPLE_SET.read_text(encoding="utf-8")
    assert RENAMED in text
    path = folder / "xss-cards.toml"
    path.write_text(text.replace(RENAMED, f"name = {json.dumps(XSS)}"), encoding="utf-8")
    return str(path)


def clicks_until_drawn(card_file: str) -> tuple[int, list[str]]:
    """A seed and the button labels that lead to the renamed card being drawn."""
    for seed in range(200):
        match = tablekit.new_game("deckula", seed=seed, card_file=card_file)
        labels: list[str] = []
        while not match.is_over and len(labels) < 30:
            state = match.state
            if state.phase == "decide" and state.name(state.drawn) == XSS:
                return seed, labels
            action = match.legal_actions()[-1]  # discard rather than buy: the game lasts
            labels.append(str(action))
            match.apply(action)
    raise AssertionError("no seed draws the renamed card")


def write_xss_notebook(nb_dir) -> str:
    """A notebook (in the served copy only) with a Deckula table that has drawn that card."""
    card_file = xss_card_file(nb_dir)
    seed, labels = clicks_until_drawn(card_file)
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(
        "from tablekit.deckula.ui import DeckulaTable\n"
        f"table = DeckulaTable(seed={seed}, card_file={card_file!r})\n"
        f"for label in {labels!r}:\n    table.click(label)\ntable")]
    nbformat.write(notebook, nb_dir / "xss.ipynb")
    return "xss.ipynb"


def test_a_card_name_from_a_users_file_is_shown_as_text(voila_server, nb_dir, page):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_in_voila(page, voila_server, write_xss_notebook(nb_dir))
    status = page.locator(".tk-status").first
    expect(status).to_contain_text(f"You drew {XSS}")
    page.locator("button.tk-hint").click()  # the hint list names the card too
    expect(page.locator("li.tk-hint").first).to_be_visible(timeout=120_000)
    expect(page.locator("li.tk-hint", has_text=XSS).first).to_be_visible()
    assert page.locator("img[src='x']").count() == 0
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0
    assert dialogs == []
    assert_clean_page(page)
