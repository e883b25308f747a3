"""Helpers for widget tests: every HTML a widget tree shows, and how an error must look."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets

XSS = "<img src=x onerror=alert(1)>"
XSS_ESCAPED = "&lt;img src=x onerror=alert(1)&gt;"


def html_values(root: widgets.Widget) -> Iterator[str]:
    """The value of every HTML widget in the tree under `root`, drawn or hidden."""
    if isinstance(root, (widgets.HTML, widgets.HTMLMath)):
        yield root.value
    for child in getattr(root, "children", ()):
        yield from html_values(child)


def all_html(root: widgets.Widget) -> str:
    """Every HTML the widget tree shows, joined."""
    return "\n".join(html_values(root))


def assert_only_escaped(root: widgets.Widget) -> None:
    """The attack string appears somewhere, and only as text (escaped), never as an element."""
    text = all_html(root)
    assert XSS_ESCAPED in text
    assert "<img" not in text and "onerror=alert(1)>" not in text
    assert "\\\n" not in text  # no template line-continuation left on the page


def assert_unexpected_error_shown(html: str, message: str) -> None:
    """An unexpected error: its message (escaped) in a tk-error block, a folded traceback."""
    assert 'class="tk-error"' in html and message in html
    assert '<details class="tk-traceback">' in html and "Traceback" in html
