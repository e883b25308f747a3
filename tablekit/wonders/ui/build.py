"""Build a Deck of Wonders draw pile in widgets: the 28-card pick by win rate, shown on fresh paired games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from markupsafe import Markup

from solvers.optimise import Budget
from solvers.wonders import (
    BUILD_BUDGET,
    DeckBuild,
    DeckLimit,
    DeckProblem,
    DeckResult,
    improve_deck,
    owned_collection,
    pick_deck,
)
from solvers.wonders_balance import (
    VILLAINS,
    VillainBalance,
    deck_matrix,
    named_decks,
    villain_balance,
)
from tablekit.core.simulate import Estimate
from tablekit.ui.charts import Chart, interval_error
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
SUMMARY = """<div class='tk-build-summary'><b>{{ verdict }}</b><p>{{ message }}</p>\
<p><i>Simulated games:</i> {{ setting }}; {{ "{:,}".format(searched) }} search games, then fresh games for the verdict.</p></div>"""
SIDE_BY_SIDE = """<table class='tk-layouts tk-deck tk-side-by-side'><tr><th>Card</th>\
{% for name in names %}<th>{{ name }}</th>{% endfor %}</tr>{% for card, counts in rows %}<tr>\
<td>{{ card }}</td>{% for n in counts %}<td>{{ n or "" }}</td>{% endfor %}</tr>{% endfor %}</table>"""
DECK = """<table class='tk-layouts tk-deck'><tr><th></th><th>Set</th><th>Card</th></tr>\
{% for n, set, text in rows %}<tr><td>{{ n }}×</td><td>{{ set }}</td><td>{{ text }}</td></tr>{% endfor %}</table>"""


class DeckBuilder(widgets.VBox):
    """Pick the 28 collection cards that win most against a Villain under your limits, and show the evidence."""

    def __init__(self, villain: str = "cullin", campaign: Campaign | None = None,
                 budget: Budget = BUILD_BUDGET, seed: int = 0, agent: str = "heuristic") -> None:
        self.campaign, self.budget, self.agent = campaign or Campaign(), budget, agent
        self.limits: list[DeckLimit] = []
        self.result: DeckResult | None = None
        self.found: DeckBuild | None = None
        self.picks: list[str] = []
        self.rates: dict[str, Estimate] = {}
        villains = default_catalog().villains
        self.villain = widgets.Dropdown(options=[(villains[v].name, v) for v in self.campaign.available_villains()],
                                        value=villain, description="Villain", layout=widgets.Layout(width="340px"))
        self.games = widgets.IntSlider(value=budget.search_games, min=2 * budget.block,
                                       max=max(20_000, budget.search_games), step=2 * budget.block,
                                       description="Search games")
        self.verdict_games = widgets.IntSlider(value=budget.verdict_games, min=20,
                                               max=max(5_000, budget.verdict_games), step=20,
                                               description="Verdict games")
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
        self.worth_chart = worth_figure({})
        super().__init__([
            widgets.HBox([self.villain, self.seed]), widgets.HBox([self.games, self.verdict_games]),
            widgets.HTML("<b>Your limits</b> (how many of the 28 cards may match)"),
            widgets.HBox([self.limit_kind, self.limit_colour, self.at_least, self.at_most,
                          self.add_button, self.clear_button]),
            self.limits_view, self.build_button, self.progress, self.message, self.summary,
            widgets.HBox([self.chart, self.deck_view]), self.worth_chart])
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

    def _report(self, done: int, total: int) -> None:
        self.progress.update(done, total, f"Playing games to compare the decks: {done:,} of {total:,}")

    # -- building ---------------------------------------------------------------------------
    def problem(self) -> DeckProblem:
        """The pick as the solver sees it: Villain, owned copies, limits."""
        return DeckProblem(self.villain.value, owned_collection(self.campaign), tuple(self.limits))

    def chosen_budget(self) -> Budget:
        """The budget the sliders set (the rest as given)."""
        return replace(self.budget, search_games=self.games.value, verdict_games=self.verdict_games.value)

    def build(self) -> DeckBuild | None:
        """Search by win rate under the limits and show the answer beside the recommended colour (or the
        limits that clash)."""
        problem = self.problem()
        self.result = pick_deck(problem, seed=self.seed.value)  # refuses clashing limits at once
        self.found = None
        if self.result.status == "infeasible":
            self.summary.value = STYLE + render(INFEASIBLE, conflicts="; ".join(self.result.conflicts))
            self.deck_view.value, self.rates = "", {}
            _set_bars(self.chart, {})
            _set_worth(self.worth_chart, {})
            return None
        budget = self.chosen_budget()
        self.progress.start(budget.search_games + 2 * budget.verdict_games, "Playing games to compare the decks…")
        self.build_button.disabled = True  # one build at a time
        try:
            self.found = improve_deck(problem, self.seed.value, budget, self.agent, campaign=self.campaign,
                                      progress=self._report)
        finally:
            self.progress.finish()
            self.build_button.disabled = False
        self._show(self.found)
        return self.found

    def _show(self, found: DeckBuild) -> None:
        """The answer beside its baseline, the verdict's win rates and the learned worths."""
        self.picks = sorted(found.picks)
        self.rates = verdict_rates(found)
        _set_bars(self.chart, self.rates)
        _set_worth(self.worth_chart, found.worth)
        verdict = ("Built deck: shown better than the recommended colour on fresh games" if found.shown_better
                   else "Nothing was shown better: your deck is the baseline")
        self.summary.value = STYLE + render(SUMMARY, verdict=verdict, message=found.message,
                                            setting=found.setting, searched=found.result.search_games)
        decks = {"built deck": found.picks, **found.baselines} if found.shown_better else dict(found.baselines)
        self.deck_view.value = STYLE + WONDERS_STYLE + side_by_side_html(decks)


def verdict_rates(found: DeckBuild) -> dict[str, Estimate]:
    """Win rates on the verdict's fresh paired games: the search's best, then each baseline."""
    if not found.result.verdicts:
        return {}
    rates = {"search's best": found.result.verdicts[0].answer}
    rates.update({v.baseline: v.against for v in found.result.verdicts})
    return rates


def worth_figure(worth: Mapping[str, Estimate]) -> Chart:
    """A bar per card: its fitted worth (win-rate points per copy brought) with its 95% interval."""
    figure = Chart(layout=go.Layout(
        title="What each copy of a card is worth (change in win rate, 95% intervals)", height=520,
        xaxis={"tickformat": "+.0%"}, margin={"l": 140, "r": 10, "t": 40, "b": 40}))
    figure.add_bar(x=[], y=[], orientation="h", marker_color="#2b6cb0")
    _set_worth(figure, worth)
    return figure


def _set_worth(figure: Chart, worth: Mapping[str, Estimate]) -> None:
    cards = default_catalog().cards
    ranked = sorted(worth, key=lambda c: worth[c].mean)
    with figure.batch_update():
        bar = figure.data[0]
        bar.y = [str(Markup.escape(cards[c].name if c in cards else c)) for c in ranked]  # Plotly labels are HTML
        bar.x = [worth[c].mean for c in ranked]
        bar.error_x = interval_error(worth[c] for c in ranked)


def win_rate_figure(rates: dict[str, Estimate]) -> Chart:
    """A bar per deck: estimated win rate with its 95% interval."""
    figure = Chart(layout=go.Layout(title="Win rate (95% intervals)", height=340, width=420,
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


def _set_bars(figure: Chart, rates: dict[str, Estimate]) -> None:
    names = list(rates)
    with figure.batch_update():
        bar = figure.data[0]
        bar.x, bar.y = names, [rates[n].mean for n in names]
        bar.error_y = interval_error(rates[n] for n in names)


def _limit_text(limit: DeckLimit) -> str:
    most = f"at most {limit.at_most}" if limit.at_most is not None else ""
    least = f"at least {limit.at_least}" if limit.at_least else ""
    return f"{limit.name}: {' and '.join(w for w in (least, most) if w) or 'no bound'}"

class DeckComparison(widgets.VBox):
    """The builder's deck against each Villain (where one was shown better) beside the recommended colours: the
    decks side by side, and each deck's win rate against every Villain (95% intervals)."""

    def __init__(self, villains: Sequence[str] = VILLAINS, games: int = 60,
                 budget: Budget | None = None, seed: int = 0,
                 campaign: Campaign | None = None) -> None:
        self.villains, self.games, self.seed = tuple(villains), games, seed
        self.budget = budget or BUILD_BUDGET
        self.campaign = campaign
        self.rows: list[VillainBalance] = []
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
        per_villain = self.budget.search_games + 2 * self.budget.verdict_games
        colours = len({villains[v].colour for v in self.villains})
        planned = (per_villain + self.games * colours) * len(self.villains)
        self.progress.start(planned, "Building a deck against each Villain…")
        self.run_button.disabled = True
        try:
            self.rows = villain_balance(self.villains, self.budget, self.seed, self.campaign,
                                        self._report(0, planned))
            self.decks = named_decks(self.rows, self.campaign)
            done = per_villain * len(self.villains)
            planned = done + self.games * len(self.decks) * len(self.villains)  # only decks shown better join
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
                  ) -> Chart:
    """Grouped bars: for each Villain, every deck's win rate with its 95% interval."""
    figure = Chart(layout=go.Layout(
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


def _set_matrix(figure: Chart, matrix: dict[str, dict[str, Estimate]],
                names: dict[str, str]) -> None:
    with figure.batch_update():
        figure.data = ()
        for deck, rates in matrix.items():
            villains = list(rates)
            figure.add_bar(name=deck, x=[names.get(v, v) for v in villains],
                           y=[rates[v].mean for v in villains],
                           error_y=interval_error(rates[v] for v in villains))
