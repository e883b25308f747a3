"""The win-rate goal as a widget: build a deck against an opponent or the field of sample decks.

The widget calls `solvers.runes.build_for_win_rate` (simulation in the loop) and shows its
comparison table and chart (95% intervals), the chosen deck, and the deck as text and JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from solvers.runes import build_for_win_rate
from solvers.runes_winrate import WinRateResult
from tablekit.runes.cards import HERO_NAMES, HEROES, Card
from tablekit.runes.exchange import plan_to_json, plan_to_text
from tablekit.runes.ui_html import deck_html
from tablekit.ui.charts import interval_error, keep_for_later_views
from tablekit.ui.errors import shows_errors
from tablekit.ui.html import STYLE, render
from tablekit.ui.progress import Progress

REPORT = """<table class="tk-winrate" style="font-size:12px"><tr><th>deck</th><th>score against \
the field</th><th>95% interval</th><th>duels</th></tr>{% for label, e in rows %}\
<tr{% if loop.first %} style="font-weight:600"{% endif %}><td>{{ label }}</td>\
<td>{{ "%.3f" % e.mean }}</td><td>{{ "%.3f" % e.low }}–{{ "%.3f" % e.high }}</td>\
<td>{{ e.n }}</td></tr>{% endfor %}</table><p>{{ how }}</p>"""


class WinRateBuilder(widgets.VBox):
    """Hero, collection and opponents; build the deck that wins most in simulated duels."""

    def __init__(self, collections: Mapping[str, Mapping[Card, int]], seed: int = 0,
                 report_duels: int = 150) -> None:
        self.collections = {name: dict(c) for name, c in collections.items()}
        self.seed, self.report_duels = seed, report_duels
        self.hero = widgets.Dropdown(options=[(HERO_NAMES[h], h) for h in HEROES],
                                     description="hero")
        self.collection = widgets.Dropdown(options=list(self.collections),
                                           description="collection")
        self.field = widgets.Dropdown(
            options=[("the four sample decks", "field")] +
                    [(f"{HERO_NAMES[h]}'s sample deck", h) for h in HEROES],
            description="against")
        self.duels = widgets.IntSlider(value=40, min=4, max=200, step=4,
                                       description="duels/deck", continuous_update=False)
        self.rounds = widgets.IntSlider(value=5, min=1, max=8, description="rounds",
                                        continuous_update=False)
        self.button = widgets.Button(description="build for the win rate", icon="trophy",
                                     button_style="primary", layout=widgets.Layout(width="auto"))
        self.button.add_class("tk-build-winrate")
        self.button.on_click(self.build)  # build shows its own errors
        self.progress = Progress()
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.report = widgets.HTML()
        self.chart = go.FigureWidget(go.Bar(x=[], y=[], error_y={"type": "data", "array": []}))
        self.chart.update_layout(height=320, width=620, yaxis={"range": [0, 1.05],
                                                               "title": "score (win 1, draw ½)"},
                                 margin={"t": 40, "b": 90}, title="Against the same field")
        self.deck_view = widgets.HTML()
        self.text = widgets.Textarea(layout=widgets.Layout(width="420px", height="300px"))
        self.json = widgets.Textarea(layout=widgets.Layout(width="300px", height="300px"))
        self.result: WinRateResult | None = None
        super().__init__([
            widgets.HBox([self.hero, self.collection, self.field]),
            widgets.HBox([self.duels, self.rounds, self.button]), self.progress, self.message,
            widgets.HBox([self.report, self.chart]), self.deck_view,
            widgets.HBox([widgets.VBox([widgets.HTML("<b>As text</b>"), self.text]),
                          widgets.VBox([widgets.HTML("<b>As JSON</b> (paste it in "
                                                     "2-play)"), self.json])])])
        self.add_class("tk-winrate-builder")

    @shows_errors(after=None, prefix="No deck: ")
    def build(self, _: Any = None) -> WinRateResult:
        """Run the win-rate goal with the chosen settings and show the answer."""
        self.message.value = ""
        field = None if self.field.value == "field" else self.field.value
        self.button.disabled = True
        self.progress.start(1, "simulating duels…")
        try:
            result = build_for_win_rate(
                self.collections[self.collection.value], self.hero.value, field,
                duels=self.duels.value, rounds=self.rounds.value, seed=self.seed,
                report_duels=self.report_duels,
                progress=lambda done, total, words: self.progress.update(
                    done, total, f"{words}: {done:,} of about {total:,} duels"))
        finally:
            self.progress.finish()
            self.button.disabled = False
        self.show(result)
        return result

    def show(self, result: WinRateResult) -> None:
        """Draw a result: the comparison, the chart, the deck and its exports."""
        self.result = result
        rows = list(result.report.items())
        how = (f"{result.rounds} round(s) of simulation and CP-SAT, "
               f"{'the deck stopped changing' if result.converged else 'stopped at the round limit'}"
               f"; {result.duels:,} duels in {result.wall_time:.1f} s."
               + (" No learned deck beat the Hero's sample deck: it is the answer."
                  if result.build.status == "given" else ""))
        self.report.value = STYLE + render(REPORT, rows=rows, how=how)
        with self.chart.batch_update():
            bar = self.chart.data[0]
            bar.x = [label for label, _ in rows]
            bar.y = [e.mean for _, e in rows]
            bar.error_y = interval_error(e for _, e in rows)
        keep_for_later_views(self.chart)
        self.deck_view.value = deck_html(result.build.cards)
        self.text.value = plan_to_text(result.hero, result.plan)
        self.json.value = plan_to_json(result.hero, result.plan)


__all__ = ["WinRateBuilder"]
