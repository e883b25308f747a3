"""Charts: light widgets drawn by the page's plotly renderer, never plotly's `FigureWidget` (an
anywidget carrying plotly's 5 MB bundle per chart, which times out in the browser), and whole-number
axes from 0 on the game charts."""

from __future__ import annotations

import re
from pathlib import Path

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from tablekit.deckula.ui import DeckulaTable
from tablekit.forge.ui import ForgeTable
from tablekit.runes.ui_duel import DuelViewer
from tablekit.ui.charts import PLOTLY_MIME, Chart, count_axes

KIT = Path(__file__).resolve().parents[2]


def drawn(chart: Chart) -> dict:
    """The figure the page draws: the chart's one output."""
    (output,) = chart.outputs
    return output["data"][PLOTLY_MIME]


def test_the_kit_builds_no_figure_widget_and_shows_no_bare_figure():
    found = [f"{path.relative_to(KIT)}:{n}" for folder in ("tablekit", "solvers")
             for path in (KIT / folder).rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bFigureWidget\(", line)]
    assert not found, found


def test_a_chart_is_drawn_again_after_every_change():
    chart = Chart(layout=go.Layout(title="Over the game"))
    chart.add_scatter(name="energy", x=[], y=[])
    with chart.batch_update():
        chart.data[0].x, chart.data[0].y = [0, 1], [2, 3]
    assert drawn(chart)["data"][0]["y"] == [2, 3] and drawn(chart)["layout"]["title"]["text"] == "Over the game"
    chart.update_layout(height=300)
    assert drawn(chart)["layout"]["height"] == 300 and chart.figure.layout.height == 300
    chart.data = ()
    assert drawn(chart)["data"] == []


def test_turn_zero_draws_whole_number_axes_from_zero():
    table = DeckulaTable(seed=3)  # nothing played yet: one point at turn 0
    x, y = drawn(table.chart)["layout"]["xaxis"], drawn(table.chart)["layout"]["yaxis"]
    assert x["dtick"] == 1 and x["tickformat"] == "d" and -1 < x["range"][0] <= 0 < 4 <= x["range"][1]
    assert y["tickformat"] == "d" and y["range"][0] <= 0


def test_long_axes_keep_plotly_ticks():
    chart = Chart(go.Scatter(x=list(range(40)), y=[-5] * 40))
    count_axes(chart)
    assert chart.figure.layout.xaxis.dtick is None and chart.figure.layout.yaxis.range[0] < -5


def test_each_subplot_axis_spans_its_own_traces():
    figure = make_subplots(rows=1, cols=2)
    figure.add_scatter(x=[0], y=[30], row=1, col=1)
    figure.add_scatter(x=[0], y=[2], row=1, col=2)
    chart = Chart(figure)
    count_axes(chart, "yaxis", "yaxis2")
    assert chart.figure.layout.yaxis.range[1] > 30 and chart.figure.layout.yaxis2.range[1] < 5


def test_the_duel_timeline_counts_in_whole_numbers_at_turn_zero():
    viewer = DuelViewer(("skorta", "torstein"), seed=0)
    layout = drawn(viewer.chart)["layout"]
    assert all(layout[axis]["dtick"] == 1 and layout[axis]["tickformat"] == "d"
               for axis in ("yaxis2", "yaxis3", "yaxis4"))
    assert layout["yaxis"]["tickformat"] == "d" and layout["yaxis"]["range"][0] <= 0
    assert layout["yaxis"]["range"][1] >= 15  # Health 15 at turn 0 is on the chart


def test_a_chart_of_fixed_width_keeps_exactly_that_width():
    """In a row, "auto" would size the box by the plot area's own width (a million pixels seen)."""
    chart = Chart(layout=go.Layout(width=420, height=300))
    assert (chart.layout.width, chart.layout.min_width, chart.layout.flex) == ("420px", "420px", "0 0 420px")
    assert chart.layout.overflow == "hidden"


def test_a_table_chart_spans_its_values():
    table = ForgeTable(seed=1)  # the Boss's HP, far above 4, is on the chart from the start
    top = max(v for trace in drawn(table.chart)["data"] for v in trace["y"])
    assert drawn(table.chart)["layout"]["yaxis"]["range"][1] >= top
