"""What the browser tests do on every notebook page: click and wait, open a notebook in Lab."""

from __future__ import annotations

EVENTS = "document.querySelectorAll('.tk-event').length"
KERNEL_IDLE = ("() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
               " return w && w.sessionContext && w.sessionContext.session &&"
               " w.sessionContext.session.kernel && w.sessionContext.session.kernel.status === 'idle'; }")
LAST_CELL_RAN = ("document.querySelectorAll('.jp-Cell')[document.querySelectorAll('.jp-Cell').length-1]"
                 ".querySelector('.jp-InputPrompt').innerText.match(/\\[\\d+\\]/)")
STDERR = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"


def click_and_wait(page, button) -> None:
    """Click a button and wait until the game's log has grown."""
    before = page.evaluate(EVENTS)
    button.click()
    page.wait_for_function(f"{EVENTS} > {before}")


def undo_and_wait(page) -> None:
    """Press Undo and wait until the log has shrunk."""
    before = page.evaluate(EVENTS)
    page.locator("button.tk-undo").click()
    page.wait_for_function(f"{EVENTS} < {before}")


def run_all_in_lab(page, lab_server: str, notebook: str) -> None:
    """Open a notebook in JupyterLab, Run All Cells from the menu, and check no cell failed."""
    page.goto(lab_server + "lab/tree/" + notebook)
    page.locator(".jp-NotebookPanel").first.wait_for()
    page.wait_for_function(KERNEL_IDLE)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.locator(".tk-actions button").first.wait_for()
    page.wait_for_function(LAST_CELL_RAN)
    assert page.locator(STDERR).count() == 0
