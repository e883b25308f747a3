"""Every notebook of the kit opens in Voilà as a first-time user would see it: no widget that
fails to display, no traceback."""

from __future__ import annotations

import nbformat
import pytest

from tests.browser.conftest import NOTEBOOKS
from tests.browser.helpers import open_in_voila, page_problems

EVERY = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")
               if ".ipynb_checkpoints" not in p.parts)


def test_the_kit_has_notebooks_to_open():
    assert {"00-start-here.ipynb", "deckula/2-play.ipynb", "wonders/3-build.ipynb"} <= set(EVERY)


@pytest.mark.parametrize("notebook", EVERY)
def test_notebook_opens_in_voila_without_errors(voila_server, page, notebook):
    open_in_voila(page, voila_server, notebook)
    assert page.locator(".jp-OutputArea-output").count() > 0, "the page shows no output at all"


def test_the_page_check_sees_a_broken_widget_and_a_traceback(voila_server, nb_dir, page):
    """The check every browser test ends with, on a notebook (in the served copy) that fails."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("import ipywidgets as widgets\n"
                                  "bar = widgets.IntProgress()\ndisplay(bar)\nbar.close()"),
        nbformat.v4.new_code_cell("raise ValueError('a cell that fails')"),
    ]
    nbformat.write(notebook, nb_dir / "broken.ipynb")
    with pytest.raises(AssertionError, match="problem"):
        open_in_voila(page, voila_server, "broken.ipynb")
    problems = page_problems(page)
    assert any("Error displaying widget" in p for p in problems)
    assert any("Traceback (most recent call last)" in p for p in problems), problems
    page.goto("about:blank")  # leave the broken page: the page fixture checks the last one too
