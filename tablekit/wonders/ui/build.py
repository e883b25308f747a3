"""Build a Deck of Wonders draw pile in widgets: the 28-card pick and its win-rate comparison."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from solvers.wonders import (
    DeckLimit,
    DeckProblem,
    DeckResult,
    Improvement,
    improve_deck,
    owned_collection,
    pick_deck,
    recommended_deck,
    win_rate,
)
from solvers.wonders_balance import VILLAINS, BuildBudget, deck_matrix, named_decks, villain_balance
from tablekit.core.simulate import Estimate
from tablekit.ui.charts import interval_error, keep_for_later_views
from tablekit.ui.errors import safe
from tablekit.ui.html import STYLE, render
from tablekit.ui.progress import Progress
from tablekit.wonders.campaign import Campaign
from tablekit.wonders.cards import COLOURS, default_catalog
from tablekit.wonders.state import CardSpec, compile_card
from tablekit.wonders.text import card_summary
from tablekit.wonders.ui.board import WONDERS_STYLE

ANY = "any"
LIMITS = """{% if limits %}<ul class='tk-limits'>{% for text in limits %}<li>{{ text }}</li>{% endfor %}\
</ul>{% else %}<i>No limits: any 28 owned cards.</i>{% endif %}"""
INFEASIBLE = """<div class='tk-infeasible' style='color:#c53030'><b>No deck fits these limits.</b> \
They conflict: {{ conflicts }}. Drop or loosen one.</div>"""
SUMMARY = """<div class='tk-build-summary'><b>28 cards picked</b> by {{ how }}. Win rates, both decks \
played by the same rule-of-thumb player:<ul>{% for name, e in rates.items() %}<li>{{ name }}: \
{{ "%.0f" % (100 * e.mean) }}% (95% interval {{ "%.0f" % (100 * e.low) }}%–{{ "%.0f" % (100 * e.high) }}%, \
{{ e.n }} games)</li>{% endfor %}</ul></div>"""
SIDE_BY_SIDE = """<table class='tk-layouts tk-deck tk-side-by-side'><tr><th>card</th>\
{% for name in names %}<th>{{ name }}</th>{% endfor %}</tr>{% for card, counts in rows %}<tr>\
<td>{{ card }}</td>{% for n in counts %}<td>{{ n or "" }}</td>{% endfor %}</tr>{% endfor %}</table>"""
DECK = """<table class='tk-layouts tk-deck'><tr><th></th><th>set</th><th>card</th></tr>\
{% for n, set, text in rows %}<tr><td>{{ n }}×</td><td>{{ set }}</td><td>{{ text }}</td></tr>{% endfor %}</table>"""


class DeckBuilder(widgets.VBox):
    """Pick 28 collection cards against a Villain (CP-SAT), improve by simulation, compare win rates."""

    def __init__(self, villain: str = "cullin", campaign: Campaign | None = None, games: int = 60,
                 rounds: int = 1, seed: int = 0) -> None:
        self.campaign = campaign or Campaign()
        self.limits: list[DeckLimit] = []
        self.result: DeckResult | None = None
        self.improvement: Improvement | None = None
        self.rates: dict[str, Estimate] = {}
        villains = default_catalog().villains
        self.villain = widgets.Dropdown(options=[(villains[v].name, v) for v in self.campaign.available_villains()],
                                        value=villain, description="Villain", layout=widgets.Layout(width="340px"))
        self.games = widgets.IntSlider(value=games, min=20, max=2000, step=20, description="Games")
        self.rounds = widgets.IntSlider(value=rounds, min=0, max=6, description="Rounds")
        self.seed = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="160px"))
        self.limit_kind = widgets.Dropdown(options=[ANY, "minion", "spell"], description="Kind",
                                           layout=widgets.Layout(width="170px"))
        self.limit_colour = widgets.Dropdown(options=[ANY, *COLOURS, *self.campaign.collection_sets()],
                                             description="Colour",
                                             layout=widgets.Layout(width="170px"))
        self.at_least = widgets.BoundedIntText(value=0, min=0, max=28, description="At least",
                                               layout=widgets.Layout(width="150px"))
        self.at_most = widgets.BoundedIntText(value=28, min=0, max=28, description="At most",
                                              layout=widgets.Layout(width="150px"))
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.progress = Progress()
        self.add_button = self._button("Add limit", "plus", self._add_from_form)
        self.clear_button = self._button("Clear limits", "times", lambda _: self.clear_limits())
        self.limits_view = widgets.HTML()
        self.build_button = self._button("Build and compare", "cogs", lambda _: self.build(),
                                         "success")
        self.summary = widgets.HTML()
        self.deck_view = widgets.HTML()
        self.chart = win_rate_figure({})
        super().__init__([
            widgets.HBox([self.villain, self.seed]), widgets.HBox([self.games, self.rounds]),
            widgets.HTML("<b>Your limits</b> (how many of the 28 cards may match)"),
            widgets.HBox([self.limit_kind, self.limit_colour, self.at_least, self.at_most,
                          self.add_button, self.clear_button]),
            self.limits_view, self.build_button, self.progress, self.message, self.summary,
            widgets.HBox([self.chart, self.deck_view])])
        self.add_class("tk-builder")
        self._show_limits()

    # -- limits -----------------------------------------------------------------------------
    def add_limit(self, limit: DeckLimit) -> None:
        """Add one at-least / at-most limit."""
        self.limits.append(limit)
        self._show_limits()

    def clear_limits(self) -> None:
        """Drop every limit."""
        self.limits = []
        self._show_limits()

    def _add_from_form(self, _: Any = None) -> None:
        kind = None if self.limit_kind.value == ANY else self.limit_kind.value
        colour = None if self.limit_colour.value == ANY else self.limit_colour.value
        name = " ".join(w for w in (colour, kind + "s" if kind else "cards") if w)
        at_most = self.at_most.value if self.at_most.value < 28 else None
        self.add_limit(DeckLimit(name, self.at_least.value, at_most, kind=kind, colour=colour))

    def _show_limits(self) -> None:
        self.limits_view.value = render(LIMITS, limits=[_limit_text(limit) for limit in self.limits])

    def _button(self, text: str, icon: str, handler: Any, style: str = "") -> widgets.Button:
        button = widgets.Button(description=text, icon=icon, button_style=style,
                                layout=widgets.Layout(width="auto", align_self="flex-start"))
        button.add_class("tk-" + text.lower().replace(" ", "-"))

        def run(_: Any) -> None:
            self.message.value = ""
            handler(_)

        button.on_click(safe(run, self.message))
        return button

    def _report(self, offset: int, planned: int) -> Callable[[int, int], None]:
        """A progress function for games `offset`.. of the `planned` games of one build."""
        def step(done: int, total: int) -> None:
            total = max(planned, offset + total)
            self.progress.update(offset + done, total,
                                 f"Playing games to compare the decks: {offset + done:,} of {total:,}")
        return step

    # -- building ---------------------------------------------------------------------------
    def problem(self) -> DeckProblem:
        """The pick as the solver sees it: Villain, owned copies, limits."""
        return DeckProblem(self.villain.value, owned_collection(self.campaign), tuple(self.limits))

    def build(self) -> DeckResult:
        """Solve the pick (then improve it by simulation) and compare it with the recommended deck."""
        problem = self.problem()
        self.result = pick_deck(problem, seed=self.seed.value)
        self.improvement = None
        if self.result.status == "infeasible":
            self.summary.value = STYLE + render(INFEASIBLE, conflicts="; ".join(self.result.conflicts))
            self.deck_view.value, self.rates = "", {}
            _set_bars(self.chart, {})
            return self.result
        self.progress.start(1, "Playing games to compare the decks…")
        self.build_button.disabled = True  # one build at a time
        try:
            picks = self._measure(problem, self.result.picks)
        finally:
            self.progress.finish()
            self.build_button.disabled = False
        self.picks = sorted(picks)
        _set_bars(self.chart, self.rates)
        self.summary.value = STYLE + self._summary_html()
        self.deck_view.value = STYLE + WONDERS_STYLE + deck_html(self.picks)
        return self.result

    def _measure(self, problem: DeckProblem, picks: list[str]) -> list[str]:
        """Improve the pick by simulation (when rounds are asked) and measure both win rates."""
        games, seed, rounds = self.games.value, self.seed.value, self.rounds.value
        if rounds:
            neighbours, round_games = 2, max(games // 2, 10)
            planned = rounds * (1 + neighbours) * round_games + 2 * games
            self.improvement = improve_deck(problem, rounds=rounds, games=round_games,
                                            neighbours=neighbours, final_games=games, seed=seed,
                                            campaign=self.campaign, progress=self._report(0, planned))
            self.rates = {"your pick": self.improvement.win_rate,
                          "recommended colour": self.improvement.recommended_win_rate}
            return self.improvement.picks
        recommended = recommended_deck(problem.villain, self.campaign)
        self.rates = {"your pick": win_rate(problem.villain, picks, games, seed, campaign=self.campaign,
                                            progress=self._report(0, 2 * games)),
                      "recommended colour": win_rate(problem.villain, recommended, games, seed,
                                                     campaign=self.campaign,
                                                     progress=self._report(games, 2 * games))}
        return picks

    def _summary_html(self) -> str:
        assert self.result is not None
        how = (f"CP-SAT ({self.result.status}), then {self.rounds.value} round(s) of simulation in the loop"
               if self.rounds.value else f"CP-SAT ({self.result.status}) on the static card values")
        return render(SUMMARY, how=how, rates=self.rates)


def win_rate_figure(rates: dict[str, Estimate]) -> go.FigureWidget:
    """A bar per deck: estimated win rate with its 95% interval."""
    figure = go.FigureWidget(layout=go.Layout(title="Win rate (95% intervals)", height=340, width=420,
                                              yaxis={"range": [0, 1], "tickformat": ".0%"},
                                              margin={"l": 50, "r": 10, "t": 40, "b": 40}))
    figure.add_bar(x=[], y=[], marker_color=["#2f855a", "#a0aec0"])
    _set_bars(figure, rates)
    return figure


def deck_html(picks: Sequence[str]) -> str:
    """The picked cards with their copies and Player-half summary."""
    cards = default_catalog().cards
    rows = [(n, cards[c].set, card_summary(_compiled_player(c))) for c, n in sorted(Counter(picks).items())]
    return render(DECK, rows=rows)


def _compiled_player(card_id: str) -> CardSpec:
    entry = default_catalog().cards[card_id]
    return compile_card(0, entry, entry.upgrade_slot, entry.player, entry.villain)


def _set_bars(figure: go.FigureWidget, rates: dict[str, Estimate]) -> None:
    names = list(rates)
    with figure.batch_update():
        bar = figure.data[0]
        bar.x, bar.y = names, [rates[n].mean for n in names]
        bar.error_y = interval_error(rates[n] for n in names)
    keep_for_later_views(figure)


def _limit_text(limit: DeckLimit) -> str:
    most = f"at most {limit.at_most}" if limit.at_most is not None else ""
    least = f"at least {limit.at_least}" if limit.at_least else ""
    return f"{limit.name}: {' and '.join(w for w in (least, most) if w) or 'no bound'}"

class DeckComparison(widgets.VBox):
    """The builder's best deck against each Villain beside the recommended colours: the decks
    side by side, and each deck's win rate against every Villain (95% intervals)."""

    def __init__(self, villains: Sequence[str] = VILLAINS, games: int = 60,
                 budget: BuildBudget | None = None, seed: int = 0,
                 campaign: Campaign | None = None) -> None:
        self.villains, self.games, self.seed = tuple(villains), games, seed
        self.budget = budget or BuildBudget(screen_games=300, rounds=0, final_games=games)
        self.campaign = campaign
        self.decks: dict[str, list[str]] = {}
        self.matrix: dict[str, dict[str, Estimate]] = {}
        self.progress = Progress()
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.chart = matrix_figure({}, self.villains)
        self.table = widgets.HTML()
        self.run_button = widgets.Button(description="Build and compare", icon="cogs",
                                         button_style="success")
        self.run_button.on_click(safe(lambda _: self.run(), self.message))
        super().__init__([self.run_button, self.progress, self.message, self.chart, self.table])
        self.add_class("tk-deck-comparison")

    def run(self) -> None:
        """Build the best deck against each Villain, then play every deck against every Villain."""
        villains = default_catalog().villains
        per_villain = self.budget.total()
        decks = len(self.villains) + len({villains[v].colour for v in self.villains})
        planned = (per_villain + self.games * decks) * len(self.villains)
        self.progress.start(planned, "Building a deck against each Villain…")
        self.run_button.disabled = True
        try:
            rows = villain_balance(self.villains, self.budget, self.seed, self.campaign,
                                   self._report(0, planned))
            self.decks = named_decks(rows, self.campaign)
            done = per_villain * len(self.villains)
            self.matrix = deck_matrix(self.decks, self.villains, self.games, self.seed,
                                      self.campaign, self._report(done, planned))
        finally:
            self.progress.finish()
            self.run_button.disabled = False
        names = {v: villains[v].name.split(",")[0] for v in self.villains}
        _set_matrix(self.chart, self.matrix, names)
        self.table.value = STYLE + WONDERS_STYLE + side_by_side_html(self.decks)

    def _report(self, offset: int, planned: int) -> Callable[[int, int], None]:
        def step(done: int, _total: int) -> None:
            self.progress.update(offset + done, max(planned, offset + done),
                                 f"Playing games: {offset + done:,} of {planned:,}")
        return step


def matrix_figure(matrix: dict[str, dict[str, Estimate]], villains: Sequence[str]
                  ) -> go.FigureWidget:
    """Grouped bars: for each Villain, every deck's win rate with its 95% interval."""
    figure = go.FigureWidget(layout=go.Layout(
        title="Win rate of each deck against each Villain (95% intervals)", height=380,
        barmode="group", yaxis={"range": [0, 1], "tickformat": ".0%"},
        margin={"l": 50, "r": 10, "t": 40, "b": 40}))
    _set_matrix(figure, matrix, {v: v for v in villains})
    return figure


def side_by_side_html(decks: dict[str, Sequence[str]]) -> str:
    """A table with one column per deck: how many copies of each card it brings."""
    cards = default_catalog().cards
    counts = {name: Counter(picks) for name, picks in decks.items()}
    used = sorted({c for picks in decks.values() for c in picks},
                  key=lambda c: (cards[c].set, cards[c].name))
    rows = [(f"{cards[c].name} ({cards[c].set})", [counts[n][c] for n in decks]) for c in used]
    return render(SIDE_BY_SIDE, names=list(decks), rows=rows)


def _set_matrix(figure: go.FigureWidget, matrix: dict[str, dict[str, Estimate]],
                names: dict[str, str]) -> None:
    with figure.batch_update():
        figure.data = ()
        for deck, rates in matrix.items():
            villains = list(rates)
            figure.add_bar(name=deck, x=[names.get(v, v) for v in villains],
                           y=[rates[v].mean for v in villains],
                           error_y=interval_error(rates[v] for v in villains))
    keep_for_later_views(figure)
