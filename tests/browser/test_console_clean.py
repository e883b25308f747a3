"""The learn and build pages open in Voilà without a console error from our code or from the
widgets we use (a chart that fails to start, a model that cannot be built), and each browser tab
carries the page's own title. Known third-party noise is let through (see `NOISE`)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import NOTEBOOKS
from tests.browser.helpers import open_in_voila

PAGES = ["00-start-here.ipynb"] + sorted(
    str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.glob("*/[13]-*.ipynb"))
# not ours and harmless: fonts and CDNs unreachable offline, widget packages' version warnings
NOISE = ("net::ERR_NAME_NOT_RESOLVED", "net::ERR_INTERNET_DISCONNECTED", "Unsatisfied version",
         "Failed to load resource")


def console_errors(page) -> list[str]:
    """Collect the page's console errors and uncaught exceptions from now on (a list that grows)."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: found.append(f"uncaught: {e}"))
    return found


def ours(messages: list[str]) -> list[str]:
    """The messages that are not known third-party noise."""
    return [m for m in messages if not any(n in m for n in NOISE)]


def test_the_pages_are_the_learn_and_build_pages():
    assert "forge/1-learn.ipynb" in PAGES and "wizards/3-build.ipynb" in PAGES and len(PAGES) == 11


@pytest.mark.parametrize("notebook", PAGES)
def test_page_opens_without_console_errors(voila_server, page, notebook):
    found = console_errors(page)
    open_in_voila(page, voila_server, notebook, on_reload=found.clear)
    page.wait_for_timeout(1500)  # a chart's view may fail a moment after it is drawn
    assert not ours(found), f"{notebook}: {ours(found)[:5]}"
    assert page.title() and page.title() != notebook.rsplit("/", 1)[-1].removesuffix(".ipynb"), page.title()
