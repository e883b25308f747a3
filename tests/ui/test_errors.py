"""The error-showing wrapper every widget callback goes through, and the progress bar."""

from __future__ import annotations

import ipywidgets as widgets

from tablekit.core.errors import IllegalActionError, TablekitError
from tablekit.ui import Progress, safe, shows_errors
from tests.ui.helpers import assert_unexpected_error_shown


def test_a_tablekit_error_shows_its_message_without_a_traceback():
    out = widgets.HTML()
    handler = safe(lambda _: (_ for _ in ()).throw(TablekitError("no <such> card")), out)
    assert handler(None) is None
    assert 'class="tk-error"' in out.value and "no &lt;such&gt; card" in out.value
    assert "<details" not in out.value


def test_an_unexpected_error_shows_its_message_and_a_folded_escaped_traceback():
    out = widgets.HTML()

    def solver(_):
        raise ValueError("bad <b>bound</b>")

    safe(solver, out)(None)
    assert_unexpected_error_shown(out.value, "bad &lt;b&gt;bound&lt;/b&gt;")
    assert "<b>bound</b>" not in out.value and "ValueError" in out.value and "in solver" in out.value
    assert "\\" not in out.value  # template lines joined, no stray backslashes on the page


def test_the_redraw_runs_after_an_error_and_its_own_failure_is_shown_too():
    out, redraws = widgets.HTML(), []

    def fail():
        raise IllegalActionError("Fly", "core.not-offered", "not offered")

    safe(fail, out, after=lambda: redraws.append(1))()
    assert redraws == [1] and "rule core.not-offered" in out.value

    def broken_redraw():
        raise KeyError("board")

    safe(fail, out, after=broken_redraw)()
    assert "While redrawing" in out.value and "KeyError" in out.value


def test_a_callback_that_works_returns_its_value_and_shows_nothing():
    out = widgets.HTML(value="")
    assert safe(lambda x: x * 2, out)(21) == 42 and out.value == ""


def test_shows_errors_uses_the_objects_own_message_widget_and_redraw():
    class Panel:
        def __init__(self):
            self.message, self.drawn = widgets.HTML(), 0

        def refresh(self):
            self.drawn += 1

        @shows_errors(prefix="Cannot: ")
        def act(self, n):
            return 1 / n

    panel = Panel()
    assert panel.act(2) == 0.5 and panel.drawn == 0
    assert panel.act(0) is None and panel.drawn == 1
    assert "Cannot: division by zero" in panel.message.value and "ZeroDivisionError" in panel.message.value


def test_progress_is_hidden_when_idle_and_never_closed():
    progress = Progress()
    assert not progress.running
    progress.start(10, "Playing <games>")
    progress.update(4)
    assert progress.running and progress.bar.value == 4 and "&lt;games&gt;" in progress.text.value
    progress.update(12, total=20, words="more")
    assert progress.bar.max == 20 and progress.bar.value == 12
    progress.finish()
    assert not progress.running and progress.bar.comm is not None  # the model stays alive
