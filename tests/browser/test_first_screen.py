"""Every notebook's first screen in Voilà shows each widget as it was built (issue 37 §3).

Voilà runs every cell, the check cells too: a check that clicks, plays or imports on the widget
the user sees leaves the page showing a finished game or an imported collection. Two signals:

* the state: the notebook is served (in the served copy) with a cell before it that records
  every widget tree, with its children and figures, as the cell that displays it leaves it
  (that cell's own work, such as a progress bar filling while it builds, is the build), and a
  cell after it that compares each tree with its state once every cell has run and writes the
  differences on the page. Any change made by a later cell is the fault, whatever the game or
  widget;
* the text: the widget views on the page show none of the words only a check leaves behind
  (a finished game, a loaded save, an imported collection, a temporary file's path).
"""

from __future__ import annotations

import nbformat
import pytest

from tests.browser.conftest import NOTEBOOKS
from tests.browser.helpers import open_in_voila

EVERY = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")
               if ".ipynb_checkpoints" not in p.parts)
# words a widget only shows after play or an import: never on a first screen
TRACES = ("Game over", "Loaded ", "imported CSV", "/tmp/")
# notebooks of other games whose checks still act on the widget shown (their fixes are under way)
FAULTS: dict[str, str] = {}  # notebook -> its known fault, expected to fail strictly until fixed

PROBE = r'''
import json as _json
import ipywidgets as _widgets
from plotly.basewidget import BaseFigureWidget as _Figure


class _FirstScreen:
    """Every widget tree as the cell that displayed it left it, to compare after the run."""

    SKIP = ("_js2py", "_py2js", "_last_", "_view_count", "_widget_", "msg_id")

    def __init__(self):
        self.shown, self.displayed = [], []
        for cls in (_widgets.Widget, _Figure):
            self.record(cls)
        get_ipython().events.register("post_run_cell", self.settle)

    def record(self, cls):
        display = cls._repr_mimebundle_

        def recording(widget, *args, **kwargs):
            self.displayed.append(widget)
            return display(widget, *args, **kwargs)
        cls._repr_mimebundle_ = recording

    def settle(self, _result):
        """The widgets this cell displayed, as it leaves them: their built state."""
        self.shown += [(widget, self.tree(widget)) for widget in self.displayed]
        self.displayed = []

    def tree(self, widget):
        return _json.loads(_json.dumps(self.state(widget), sort_keys=True, default=str))

    def state(self, widget):
        if isinstance(widget, _Figure):
            return {"figure": widget.to_plotly_json()}
        state = widget.get_state()
        return {key: self.part(getattr(widget, key, None), state[key]) for key in state
                if not key.startswith(self.SKIP)}

    def part(self, value, serialized):
        if isinstance(value, _widgets.Widget):
            return self.state(value)
        if isinstance(value, (list, tuple)) and any(isinstance(v, _widgets.Widget) for v in value):
            return [self.state(v) if isinstance(v, _widgets.Widget) else v for v in value]
        return serialized

    def changes(self, before, after, path=""):
        if isinstance(before, dict) and isinstance(after, dict):
            for key in sorted(set(before) | set(after)):
                yield from self.changes(before.get(key), after.get(key), f"{path}.{key}")
        elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
            for index, (b, a) in enumerate(zip(before, after)):
                yield from self.changes(b, a, f"{path}[{index}]")
        elif before != after:
            yield f"{path}: {self.around(before, after)}"

    def around(self, before, after):
        """Both values where they start to differ."""
        before, after = str(before), str(after)
        start = next((i for i, (b, a) in enumerate(zip(before, after)) if b != a),
                     min(len(before), len(after)))
        cut = max(start - 20, 0)
        return f"{before[cut:start + 70]!r} -> {after[cut:start + 70]!r}"

    def names(self, widget):
        return ", ".join(name for name, value in get_ipython().user_ns.items()
                         if value is widget and not name.startswith("_")) or "unnamed"

    def report(self):
        import html
        changed = [(w, list(self.changes(tree, self.tree(w)))) for w, tree in self.shown]
        changed = [(w, paths) for w, paths in changed if paths]
        items = "".join(f"<li>{type(w).__name__} ({html.escape(self.names(w))}): "
                        f"{html.escape('; '.join(paths[:6]))}</li>" for w, paths in changed)
        return (f'<div class="tk-first-screen" data-changed="{len(changed)}" '
                f'data-shown="{len(self.shown)}">{len(changed)} of {len(self.shown)} widgets '
                f'displayed changed after they were shown<ul>{items}</ul></div>')


__first_screen__ = _FirstScreen()
'''
REPORT = r'''
from IPython.display import HTML as _HTML, display as _display
_display(_HTML(__first_screen__.report()))
'''
# the text of the widget views (not the markdown, not the checks' own HTML output)
WIDGET_TEXT = ("() => [...document.querySelectorAll('.jupyter-widgets')]"
               ".filter(e => !e.parentElement.closest('.jupyter-widgets'))"
               ".map(e => e.innerText).join('\\n')")


def probed(nb_dir, notebook: str) -> str:
    """A copy of `notebook` beside it in the served copy, between the probe and its report."""
    source = nbformat.read(nb_dir / notebook, as_version=4)
    source.cells = [nbformat.v4.new_code_cell(PROBE), *source.cells, nbformat.v4.new_code_cell(REPORT)]
    target = notebook.removesuffix(".ipynb") + ".first-screen.ipynb"
    nbformat.write(source, nb_dir / target)
    return target


def with_known_faults(notebooks: list[str]) -> list:
    """The notebooks, those with a known fault expected to fail (strictly: the fix must say so)."""
    return [pytest.param(nb, marks=pytest.mark.xfail(strict=True, reason=FAULTS[nb]))
            if nb in FAULTS else nb for nb in notebooks]


def test_the_probe_covers_every_notebook():
    assert len(EVERY) == 16 and set(FAULTS) <= set(EVERY)


def test_the_probe_sees_a_check_acting_on_the_widget_shown(voila_server, nb_dir, page):
    """A slider a check moves after it is shown is reported; one moved by the cell that shows it
    (as a progress bar fills) or one moved on its twin is not."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    notebook.cells = [nbformat.v4.new_code_cell("import ipywidgets\nshown = ipywidgets.IntSlider()\nshown"),
                      nbformat.v4.new_code_cell("built = ipywidgets.IntSlider()\ndisplay(built)\nbuilt.value = 5"),
                      nbformat.v4.new_code_cell("twin = ipywidgets.IntSlider()\ntwin.value = 2"),
                      nbformat.v4.new_code_cell("shown.value = 3\nassert shown.value == 3")]
    nbformat.write(notebook, nb_dir / "moved.ipynb")
    open_in_voila(page, voila_server, probed(nb_dir, "moved.ipynb"))
    report = page.locator(".tk-first-screen")
    assert report.get_attribute("data-changed") == "1" and report.get_attribute("data-shown") == "2"
    assert "IntSlider (shown): .value: '0' -> '3'" in report.inner_text()


@pytest.mark.parametrize("notebook", with_known_faults(EVERY))
def test_first_screen_shows_each_widget_as_built(voila_server, nb_dir, page, notebook):
    open_in_voila(page, voila_server, probed(nb_dir, notebook))
    report = page.locator(".tk-first-screen")
    assert report.get_attribute("data-changed") == "0", report.inner_text()
    text = page.evaluate(WIDGET_TEXT)
    seen = [line.strip() for line in text.splitlines() if any(t in line for t in TRACES)]
    assert not seen, f"{notebook}'s widgets show what only a check leaves: {seen[:4]}"
