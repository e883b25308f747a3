"""Plotly pieces the tables share: a figure that views drawn later see whole, interval bars."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import plotly.graph_objects as go

from tablekit.core.simulate import Estimate


def keep_for_later_views(figure: go.FigureWidget) -> None:
    """Make views drawn later (Voilà, a re-displayed cell) start from the figure as it is now.

    A `FigureWidget` sends its updates as messages; a view created after them starts from the
    widget's saved state instead, which plotly does not refresh, so the chart would show empty.
    """
    figure._widget_data = copy.deepcopy(figure._data)
    figure._widget_layout = copy.deepcopy(figure._layout_obj._props)


def interval_error(estimates: Iterable[Estimate]) -> dict[str, Any]:
    """Asymmetric error bars from each estimate's mean to its 95% interval's ends."""
    found = list(estimates)
    return {"type": "data", "symmetric": False,
            "array": [e.high - e.mean for e in found],
            "arrayminus": [e.mean - e.low for e in found]}
