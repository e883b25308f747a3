"""Every notebook of the kit opens in Voilà, and runs in JupyterLab (Run All Cells), as a
first-time user would see it: no widget that fails to display, no traceback, no failed cell."""

from __future__ import annotations

import nbformat
import pytest

from tests.browser.conftest import NOTEBOOKS
from tests.browser.helpers import (
    RELOADED,
    open_in_voila,
    page_problems,
    run_all_in_lab,
    shut_down_lab_kernel,
)

EVERY = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")
               if ".ipynb_checkpoints" not in p.parts)


def test_the_kit_has_notebooks_to_open():
    assert {"00-start-here.ipynb", "deckula/2-play.ipynb", "wonders/3-build.ipynb"} <= set(EVERY)


@pytest.mark.parametrize("notebook", EVERY)
def test_notebook_opens_in_voila_without_errors(voila_server, page, notebook):
    open_in_voila(page, voila_server, notebook)
    assert page.locator(".jp-OutputArea-output").count() > 0, "the page shows no output at all"


@pytest.mark.parametrize("notebook", EVERY)
def test_notebook_runs_in_lab_without_errors(lab_server, page, notebook):
    try:
        run_all_in_lab(page, lab_server, notebook)
        assert page.locator(".jp-OutputArea-output").count() > 0, "the notebook shows no output"
    finally:
        shut_down_lab_kernel(page)


def test_the_lab_check_sees_a_failed_cell(lab_server, nb_dir, page):
    """The Lab run fails on a notebook (in the served copy) with a cell that raises, and the page
    check sees its traceback (Lab draws nothing for a widget closed at once: Voilà's test)."""
    nbformat.write(broken_notebook(), nb_dir / "broken-lab.ipynb")
    try:
        with pytest.raises(AssertionError, match="a cell failed: .*a cell that fails"):
            run_all_in_lab(page, lab_server, "broken-lab.ipynb")
        assert any("Traceback (most recent call last)" in p for p in page_problems(page))
    finally:
        shut_down_lab_kernel(page)
    page.goto("about:blank")


def broken_notebook() -> nbformat.NotebookNode:
    """A widget view whose model does not exist (what a widget closed before the page draws it
    leaves, without the race), then a cell that raises."""
    notebook = nbformat.v4.new_notebook()  # with a kernel named, as Lab asks for one otherwise
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    notebook.cells = [
        nbformat.v4.new_code_cell("view = {'model_id': 'no-such-model', 'version_major': 2, 'version_minor': 0}\n"
                                  "display({'application/vnd.jupyter.widget-view+json': view}, raw=True)"),
        nbformat.v4.new_code_cell("raise ValueError('a cell that fails')"),
    ]
    return notebook


def test_the_page_check_sees_a_broken_widget_and_a_traceback(voila_server, nb_dir, page):
    """The check every browser test ends with, on a notebook (in the served copy) that fails."""
    nbformat.write(broken_notebook(), nb_dir / "broken.ipynb")
    with pytest.raises(AssertionError, match="problem"):
        open_in_voila(page, voila_server, "broken.ipynb")
    # the traceback may be on the page before the widget manager gives up on the missing model
    page.get_by_text("Error displaying widget").first.wait_for(timeout=30_000)
    problems = page_problems(page)
    assert any("Error displaying widget" in p for p in problems)
    assert any("Traceback (most recent call last)" in p for p in problems), problems
    page.goto("about:blank")  # leave the broken page: the page fixture checks the last one too


def test_a_page_with_a_lost_model_is_opened_twice_then_fails(voila_server, nb_dir, page):
    """A lost model (the intermittent fault `open_in_voila` opens a page again for) that stays
    lost fails the check on the second opening, and the page is listed for the run's summary."""
    lost = broken_notebook()
    lost.cells = lost.cells[:1]  # only the missing model: no traceback
    nbformat.write(lost, nb_dir / "lost-model.ipynb")
    reloads = []
    before = len(RELOADED)
    with pytest.raises(AssertionError, match="model not found"):
        open_in_voila(page, voila_server, "lost-model.ipynb", on_reload=lambda: reloads.append(1))
    assert reloads == [1] and RELOADED[before:] == ["lost-model.ipynb: 1 lost model(s)"]
    RELOADED[before:] = []  # a planted fault, not one of the run's
    page.goto("about:blank")
