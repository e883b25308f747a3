"""Errors a learner can see: every widget callback runs through `safe`, which shows what went wrong.

A `TablekitError` (bad input, an illegal action) shows its message; any other exception (a
solver's `ValueError`, a bug) shows its message with a short traceback folded underneath. The
page gets stable CSS classes: `tk-error` for the message, `tk-traceback` for the folded part.
"""

from __future__ import annotations

import functools
import logging
import traceback
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from tablekit.core.errors import TablekitError
from tablekit.ui.html import STYLE, render

LOG = logging.getLogger("tablekit.ui")
TRACEBACK_FRAMES = 6  # the innermost frames: enough to find a bug, short enough to read

ERROR = """<div class="tk-error">{% if expected %}{{ message }}{% else %}\
<b>Something went wrong</b> ({{ kind }}): {{ message }}\
<details class="tk-traceback"><summary>Details for a bug report</summary><pre>{{ trace }}</pre></details>\
{% endif %}</div>"""

F = TypeVar("F", bound=Callable[..., Any])


class HasValue(Protocol):
    """Where an error is shown: an HTML widget (anything with a settable `value`)."""

    value: str


def error_html(error: BaseException, prefix: str = "") -> str:
    """An error as HTML: the message (escaped), and a folded traceback when it is unexpected."""
    expected = isinstance(error, TablekitError)
    frames = traceback.format_exception(type(error), error, error.__traceback__)
    trace = "".join(frames[:1] + frames[1:-1][-TRACEBACK_FRAMES:] + frames[-1:])
    message = f"{prefix}{error}" if str(error) else f"{prefix}{type(error).__name__}"
    return STYLE + render(ERROR, expected=expected, kind=type(error).__name__, message=message,
                          trace=trace)


def safe(handler: F, show: HasValue | Callable[[str], None],
         after: Callable[[], None] | None = None, prefix: str = "") -> F:
    """Wrap a widget callback: an exception is shown (never lost in the kernel log), then `after`
    runs (e.g. a redraw from the unchanged match); the callback then returns None."""

    def display(html: str) -> None:
        if callable(show):
            show(html)
        else:
            show.value = html

    @functools.wraps(handler)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        try:
            return handler(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - every error is shown, none vanishes
            if not isinstance(error, TablekitError):
                LOG.exception("widget callback %s failed", _name(handler))
            display(error_html(error, prefix))
            if after is not None:
                try:
                    after()
                except Exception as again:  # noqa: BLE001 - the redraw failed too: show both
                    display(error_html(error, prefix) + error_html(again, "While redrawing: "))
            return None

    wrapped.shows_errors = True  # type: ignore[attr-defined]  # what tests/ui checks every callback for
    return wrapped  # type: ignore[return-value]


def _name(handler: Callable[..., Any]) -> str:
    inner = getattr(handler, "func", handler)  # a functools.partial
    return getattr(inner, "__qualname__", type(inner).__name__)


def shows_errors(where: str = "message", after: str | None = "refresh",
                 prefix: str = "") -> Callable[[F], F]:
    """`safe` for methods: errors go to the widget attribute `where`, then `after` (a method) runs."""

    def decorate(method: F) -> F:
        @functools.wraps(method)
        def wrapped(self: Any, *args: Any, **kwargs: Any) -> Any:
            redraw = getattr(self, after) if after else None
            return safe(functools.partial(method, self), getattr(self, where), redraw,
                        prefix)(*args, **kwargs)

        wrapped.shows_errors = True  # type: ignore[attr-defined]  # bound, it may be observed directly
        return wrapped  # type: ignore[return-value]

    return decorate
