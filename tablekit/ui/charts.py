"""Plotly pieces the tables share: `Chart`, a light chart widget, and interval bars.

Why not plotly's `FigureWidget`: since plotly 6 each one is an anywidget whose model carries
plotly's whole 5 MB bundle, evaluated once per chart; on a page with a few of them the browser
takes longer than anywidget's two seconds to start them, logs "[anywidget] Failed to initialize
model" and draws nothing. A plain figure shown as a cell output fails too in Voilà (the plotly
renderer calls `setData` on an output model Voilà does not give it: "r.setData is not a function").
A `Chart` is an `Output` widget holding the figure's JSON: the page's plotly renderer (plotly.js
loaded once) draws it, and it is drawn again after every change.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from tablekit.core.simulate import Estimate

PLOTLY_MIME = "application/vnd.plotly.v1+json"


class Chart(widgets.Output):
    """A plotly figure as a widget: `data`, `batch_update` and the figure's methods (`add_bar`,
    `update_layout`...) as on a `FigureWidget`; the plotly layout is `figure.layout` (a widget's
    `layout` is its own box)."""

    def __init__(self, figure: Any = None, **options: Any) -> None:
        super().__init__()
        self.figure = figure if isinstance(figure, go.Figure) and not options else go.Figure(figure, **options)
        self.add_class("tk-chart")
        self.draw()

    def draw(self) -> None:
        """Show the figure as it is now (every view, drawn now or later, sees it whole)."""
        bundle = {PLOTLY_MIME: json.loads(self.figure.to_json())}
        self.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)
        self._keep_its_width()

    def _keep_its_width(self) -> None:
        """A figure of fixed width keeps its box that wide: squeezed in a row, it would spill over
        its neighbours (and take their clicks); nothing is drawn outside the box."""
        width = self.figure.layout.width
        self.layout.overflow = "hidden"
        if width:  # exactly its width: "auto" takes the plot area's own, which may be any size
            self.layout.width = self.layout.min_width = f"{int(width)}px"
            self.layout.flex = f"0 0 {int(width)}px"

    @property
    def data(self) -> tuple[Any, ...]:
        """The figure's traces."""
        return self.figure.data

    @data.setter
    def data(self, traces: Any) -> None:
        self.figure.data = traces
        self.draw()

    @contextlib.contextmanager
    def batch_update(self) -> Iterator[None]:
        """Change several traces, then draw once."""
        with self.figure.batch_update():
            yield
        self.draw()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "figure":
            raise AttributeError(name)
        found = getattr(self.figure, name)
        if not callable(found):
            return found

        def then_draw(*args: Any, **kwargs: Any) -> Any:
            result = found(*args, **kwargs)
            self.draw()
            return self if result is self.figure else result
        return then_draw


def count_axes(figure: go.Figure | Chart, *axes: str) -> None:
    """Whole-number axes that start at 0 (turns, scores): at turn 0 plotly would draw −1…1 with
    fractional ticks. Each axis spans 0 (or the lowest value of the traces drawn on it) to at least 4,
    one tick a step while short."""
    target = figure.figure if isinstance(figure, Chart) else figure
    for axis in axes or ("xaxis", "yaxis"):
        ref = axis[0] + axis.removeprefix(axis[0] + "axis")  # "yaxis2" -> "y2": how traces name it
        values = [v for trace in target.data if (getattr(trace, axis[:5]) or axis[0]) == ref
                  for v in (getattr(trace, axis[0]) or ())
                  if isinstance(v, int | float) and not isinstance(v, bool)]
        low, high = min([0, *values]), max([4, *values])
        target.layout[axis].update(range=[low - 0.3, high + 0.3], tick0=0,
                                   dtick=1 if high - low <= 12 else None, tickformat="d")
    if isinstance(figure, Chart):
        figure.draw()


def interval_error(estimates: Iterable[Estimate]) -> dict[str, Any]:
    """Asymmetric error bars from each estimate's mean to its 95% interval's ends."""
    found = list(estimates)
    return {"type": "data", "symmetric": False,
            "array": [e.high - e.mean for e in found],
            "arrayminus": [e.mean - e.low for e in found]}
