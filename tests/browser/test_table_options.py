"""Issue 37 §2 in a real browser: a play table's options picked in Voilà deal the next game, the Load game button
reads "Load game" and a file loaded at a bot's turn plays on to yours, and the play notebooks' first lines say how
to run them."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import tablekit
from tablekit.wizards.ui import WizardsTable
from tests.browser.conftest import NOTEBOOKS
from tests.browser.helpers import assert_clean_page, open_in_voila
from tests.ui.test_files import upload
from tests.ui.test_options import to_a_bots_turn

PLAY = "wizards/2-play.ipynb"
SHOWS = """(labels) => {
  const shown = [...document.querySelectorAll('.tk-actions button')].map(b => b.innerText.trim());
  return shown.length === labels.length && shown.every((label, i) => label === labels[i]); }"""


def wait_for_buttons(page, twin: WizardsTable) -> None:
    """Wait until the page shows the twin's action buttons."""
    page.wait_for_function(SHOWS, arg=[b.description for b in twin.buttons])


def test_voila_options_deal_the_new_game_and_a_loaded_file_plays_on(voila_server, page, tmp_path):
    open_in_voila(page, voila_server, PLAY)
    page.locator(".tk-actions button").first.wait_for()
    expect(page.locator(".tk-load button")).to_have_text("Load game")
    page.locator(".tk-option-players select").select_option(label="4")
    page.locator(".tk-option-advanced input[type=checkbox]").check()
    page.locator("button.tk-new-game").click()
    twin = WizardsTable(players=4, seed=7, advanced=True)  # what New game with those options deals
    wait_for_buttons(page, twin)
    expect(page.locator(".tk-board").first).to_contain_text("Player 4")

    saved = to_a_bots_turn(tablekit.new_game("wizards", seed=5, players=3))
    path = tmp_path / "wizards-at-a-bots-turn.json"
    path.write_text(saved.to_json(), encoding="utf-8")
    page.locator(".tk-load input[type=file]").set_input_files(str(path))
    expect(page.locator(".tk-message").first).to_contain_text("Loaded")
    twin.load_box.value = upload(saved.to_json())
    assert twin.match.to_move == 0 and len(twin.match.history) > len(saved.history)
    wait_for_buttons(page, twin)  # the bots played on to your turn, as in the twin
    expect(page.locator(".tk-option-players select")).to_have_value(
        page.locator(".tk-option-players option", has_text="3").get_attribute("value"))
    expect(page.locator(".tk-load button")).to_have_text("Load game")
    assert_clean_page(page)


@pytest.mark.parametrize("game", ["wonders", "deckula", "runes", "forge", "wizards"])
def test_a_play_notebook_says_first_how_to_run_it_and_links_to_voila(game):
    cells = json.loads((NOTEBOOKS / game / "2-play.ipynb").read_text(encoding="utf-8"))["cells"]
    first = "".join(cells[0]["source"]).split("\n")
    how = next(line for line in first[1:] if line.strip())
    assert "Run ▸ Run All Cells" in how and "Render with Voilà" in how
    assert f"](/voila/render/notebooks/{game}/2-play.ipynb)" in how
    words = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert "run the cell again" not in words and "to_json()" not in words
