"""The win-rate goal as a widget: build a deck against the field of sample decks (or one of them).

The widget calls `solvers.runes.build_for_win_rate` (the shared optimiser, simulated duels in the loop) and
shows the built deck beside its baseline, the held-out paired difference with its interval and n, who played
and in which setting, the learned worths with their uncertainty, and the deck as text and JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from markupsafe import Markup

from solvers.optimise import Budget
from solvers.runes import build_for_win_rate
from solvers.runes_winrate import DEFAULT_BUDGET, WinRateResult
from tablekit.runes.cards import HERO_NAMES, HEROES, Card, load_pool
from tablekit.runes.exchange import plan_to_json, plan_to_text
from tablekit.runes.ui_html import deck_html
from tablekit.ui.charts import Chart, interval_error
from tablekit.ui.errors import shows_errors
from tablekit.ui.html import STYLE, render
from tablekit.ui.progress import Progress

VERDICT = """<table class="tk-winrate" style="font-size:12px"><tr><th>Deck</th>\
<th>Score on fresh duels</th><th>95% interval</th><th>Duels</th></tr>\
{% for label, e in rows %}<tr{% if loop.first %} style="font-weight:600"{% endif %}><td>{{ label }}</td>\
<td>{{ "%.3f" % e.mean }}</td><td>{{ "%.3f" % e.low }}–{{ "%.3f" % e.high }}</td><td>{{ e.n }}</td></tr>\
{% endfor %}{% for v in verdicts %}<tr><td>difference (paired) against the {{ v.baseline }}</td>\
<td>{{ "%+.3f" % v.difference.mean }}</td><td>{{ "%+.3f" % v.difference.low }} to \
{{ "%+.3f" % v.difference.high }}</td><td>{{ v.difference.n }}</td></tr>{% endfor %}</table>\
<p><b>{{ words }}</b></p><p>Who plays: {{ player }}.<br>Setting: {{ setting }}<br>\
{{ searched }} duels searched, {{ rounds }} round(s), {{ "%.1f" % wall }} s.</p>"""
TOP_WORTHS = 20


def verdict_html(result: WinRateResult) -> str:
    """The built deck beside its baseline on fresh paired duels, the difference, the sentence, the setting."""
    rows = [("built deck" if result.shown_better else "search's best (not shown better)", v.answer)
            for v in result.result.verdicts[:1]]
    rows += [(v.baseline, v.against) for v in result.result.verdicts]
    return STYLE + render(VERDICT, rows=rows, verdicts=result.result.verdicts, words=_verdict_words(result),
                          player=result.player, setting=result.setting, searched=result.result.search_games,
                          rounds=result.result.rounds, wall=result.wall_time)


def _verdict_words(result: WinRateResult) -> str:
    """What the fresh duels say, in words (the table above holds the numbers)."""
    if result.shown_better:
        return ("The built deck is shown better than every baseline on fresh duels the search never saw "
                "(each paired difference's interval lies above 0).")
    return ("The search's best was not shown better than every baseline on fresh duels (an interval reaches 0), "
            "so the baseline is returned.")


def worth_figure(result: WinRateResult, top: int = TOP_WORTHS) -> Chart:
    """The learned worths (score per unit of each feature) with their 95% intervals, largest first."""
    ranked = sorted(result.result.worth.items(), key=lambda item: -abs(item[1].mean))[:top]
    names = {c.id: c.name for c in load_pool().values()}
    labels = [_feature_label(name, names) for name, _ in ranked]
    figure = go.Figure(go.Bar(x=labels, y=[e.mean for _, e in ranked],
                              error_y=interval_error(e for _, e in ranked)))
    figure.update_layout(height=360, width=760, margin={"t": 40, "b": 140},
                         title="What the duels say each card is worth (95% intervals)",
                         yaxis={"title": "score change per unit"})
    return Chart(figure)


def plan_pair_html(result: WinRateResult) -> str:
    """The answer's deck beside the baseline's, as text."""
    base_name, base = next(iter(result.baselines.items()))
    return STYLE + render("<table class='tk-plan-pair'><tr><th>{{ a }}</th><th>{{ b }}</th></tr><tr><td><pre>{{ x }}</pre></td>"
                          "<td><pre>{{ y }}</pre></td></tr></table><style>.tk-plan-pair.tk-plan-pair :is(th, td)"
                          " { text-align: left; vertical-align: top; }</style>",
                          a="The answer" if result.shown_better else "The answer (the baseline)", b=base_name.capitalize(),
                          x=plan_to_text(result.hero, result.plan), y=plan_to_text(result.hero, base))


class WinRateBuilder(widgets.VBox):
    """Hero, collection and opponents; build the deck that wins most in simulated duels."""

    def __init__(self, collections: Mapping[str, Mapping[Card, int]], seed: int = 0,
                 budget: Budget = DEFAULT_BUDGET) -> None:
        self.collections = {name: dict(c) for name, c in collections.items()}
        self.seed, self.budget = seed, budget
        self.hero = widgets.Dropdown(options=[(HERO_NAMES[h], h) for h in HEROES], description="hero")
        self.collection = widgets.Dropdown(options=list(self.collections), description="collection")
        self.field = widgets.Dropdown(
            options=[("the four sample decks", "field")] +
                    [(f"{HERO_NAMES[h]}'s sample deck", h) for h in HEROES],
            description="against")
        self.search = widgets.IntSlider(value=budget.search_games, min=2 * budget.block, max=40_000,
                                        step=budget.block, description="search duels", continuous_update=False)
        self.verdict = widgets.IntSlider(value=budget.verdict_games, min=10, max=10_000, step=10,
                                         description="verdict duels", continuous_update=False)
        self.button = widgets.Button(description="build for the win rate", icon="trophy",
                                     button_style="primary", layout=widgets.Layout(width="auto"))
        self.button.add_class("tk-build-winrate")
        self.button.on_click(self.build)  # build shows its own errors
        self.progress = Progress()
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.report = widgets.HTML()
        self.chart = Chart(go.Bar(x=[], y=[], error_y={"type": "data", "array": []}))
        self.chart.update_layout(height=360, width=760, margin={"t": 40, "b": 140},
                                 title="What the duels say each card is worth (95% intervals)")
        self.deck_view = widgets.HTML()
        self.text = widgets.Textarea(layout=widgets.Layout(width="420px", height="300px"))
        self.json = widgets.Textarea(layout=widgets.Layout(width="300px", height="300px"))
        self.result: WinRateResult | None = None
        # the answer's parts stay hidden until there is an answer (no empty chart, no empty boxes)
        self.answer = widgets.VBox([self.report, self.chart, self.deck_view, widgets.HBox([
            widgets.VBox([widgets.HTML("<b>As text</b>"), self.text]),
            widgets.VBox([widgets.HTML("<b>As JSON</b> (paste it in 2-play)"), self.json])])],
            layout=widgets.Layout(display="none"))
        super().__init__([
            widgets.HBox([self.hero, self.collection, self.field]),
            widgets.HBox([self.search, self.verdict, self.button]), self.progress, self.message,
            self.answer])
        self.add_class("tk-winrate-builder")

    @shows_errors(after=None, prefix="No deck: ")
    def build(self, _: Any = None) -> WinRateResult:
        """Run the win-rate goal with the chosen settings and show the answer."""
        self.message.value = ""
        field = None if self.field.value == "field" else self.field.value
        budget = replace(self.budget, search_games=self.search.value, verdict_games=self.verdict.value)
        self.button.disabled = True
        self.progress.start(1, "simulating duels…")
        try:
            result = build_for_win_rate(
                self.collections[self.collection.value], self.hero.value, field, budget=budget, seed=self.seed,
                progress=lambda done, total: self.progress.update(
                    done, total, f"simulated duels: {done:,} of {total:,}"))
        finally:
            self.progress.finish()
            self.button.disabled = False
        self.show(result)
        return result

    def show(self, result: WinRateResult) -> None:
        """Draw a result: the verdict, the worths chart, the deck and its exports."""
        self.result = result
        self.answer.layout.display = None
        self.report.value = verdict_html(result)
        drawn = worth_figure(result).data[0]
        with self.chart.batch_update():
            bar = self.chart.data[0]
            bar.x, bar.y, bar.error_y = drawn.x, drawn.y, drawn.error_y
        self.deck_view.value = deck_html(result.cards())
        self.text.value = plan_to_text(result.hero, result.plan)
        self.json.value = plan_to_json(result.hero, result.plan)


def _feature_label(feature: str, names: Mapping[str, str]) -> str:
    """A worth's axis label, escaped: Plotly reads labels as HTML and names come from card files."""
    kind, _, card = feature.partition(":")
    what = {"copies": "copies", "chapter": "later Chapter", "initiative": "Initiative"}.get(kind, kind)
    return str(Markup.escape(f"{names.get(card, card)} ({what})"))


__all__ = ["WinRateBuilder", "plan_pair_html", "verdict_html", "worth_figure"]
