"""Runes of Wyrd widgets: the deck checker, the Chapter planner and the deck builder.

Widgets hold no rules: they call `tablekit.runes` (legality, plans, odds) and
`solvers.runes` (the builder), and show the answers as HTML and plotly figures.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from solvers.runes import BuildResult, Goal, build_deck
from tablekit.runes.cards import HERO_NAMES, HEROES, Card, cards_by_id
from tablekit.runes.deck import Violation, rarity_counts, type_counts, validate_deck
from tablekit.runes.exchange import parse_collection_csv
from tablekit.runes.odds import chapter_positions, chapter_precedence, sample_positions
from tablekit.runes.preparation import (
    MAX_INITIATIVE,
    Plan,
    PrepOptions,
    check_plan,
    wyrd_points_spent,
)
from tablekit.runes.ui_html import (  # noqa: F401 - the notebooks use them as ui.*
    RARITY_COLOURS,
    alternatives_html,
    conflicts_html,
    costs_html,
    csv_html,
    deck_html,
    locked_html,
    odds_html,
    plan_html,
    pool_html,
    rules_html,
    steps_html,
    summary_html,
    violations_html,
    with_card_names,
)
from tablekit.ui.charts import Chart
from tablekit.ui.errors import safe


def sample_values(collection: Mapping[Card, int], hero: str | None = None) -> dict[str, float]:
    """Illustrative card values: rarer is stronger, and the hero's own cards count double."""
    values = {}
    for card in collection:
        base = 1.0 + card.rarity.rank + 0.25 * len(card.properties)
        values[card.id] = base * (2 if hero is not None and card.hero == hero else 1)
    return values


def starter_deck(collection: Mapping[Card, int], hero: str) -> list[Card]:
    """A legal deck for a hero from a collection (the builder with the sample values)."""
    result = build_deck(collection, sample_values(collection, hero), hero=hero)
    return list(result.cards)


def composition_figure(cards: Sequence[Card]) -> Chart:
    """Bar chart of rarities and pie of types for a deck."""
    fig = make_subplots(rows=1, cols=2, specs=[[{"type": "xy"}, {"type": "domain"}]],
                        subplot_titles=("Rarity", "Type"))
    rarities = rarity_counts(cards)
    fig.add_trace(go.Bar(x=[r.value for r in rarities], y=list(rarities.values()),
                         marker_color=[RARITY_COLOURS[r] for r in rarities], name="rarity",
                         text=list(rarities.values()), textposition="auto"), 1, 1)
    kinds = type_counts(cards)
    fig.add_trace(go.Pie(labels=[k.value for k in kinds], values=list(kinds.values()),
                         name="type", textinfo="label+value", sort=False), 1, 2)
    fig.update_yaxes(title_text="cards", row=1, col=1)
    fig.update_layout(height=300, showlegend=False, margin={"t": 40, "b": 20})
    return Chart(fig)


def full_collection(pool: Mapping[str, Card]) -> dict[Card, int]:
    """Every card of a pool at its copy limit (a collection with nothing missing)."""
    return {card: card.copy_limit for card in pool.values()}


def odds_figure(plan: Plan, chapter: int, names: Mapping[str, str], shuffles: int = 2000,
                seed: int = 0) -> Chart:
    """Exact position odds of a Chapter's cards beside the frequencies of seeded shuffles."""
    fig = Chart(make_subplots(
        rows=1, cols=2, horizontal_spacing=0.2,
        subplot_titles=(f"Chapter {chapter + 1}: exact odds of each place",
                        f"the same from {shuffles:,} seeded shuffles")))
    fig.add_trace(go.Heatmap(zmin=0, zmax=1, colorscale="Blues", showscale=False,
                             name="exact"), 1, 1)
    fig.add_trace(go.Heatmap(zmin=0, zmax=1, colorscale="Blues", name="sampled",
                             colorbar={"title": {"text": "probability"}}), 1, 2)
    fig.update_xaxes(title_text="place in the Chapter (1 is played first)")
    fig.update_yaxes(autorange="reversed")
    fig.update_layout(height=340, margin={"t": 50, "b": 40})
    update_odds_figure(fig, plan, chapter, names, shuffles, seed)
    return fig


def update_odds_figure(fig: Chart, plan: Plan, chapter: int, names: Mapping[str, str],
                       shuffles: int = 2000, seed: int = 0) -> None:
    """Refresh both heatmaps of `odds_figure` for a changed plan."""
    exact = chapter_positions(plan, chapter)
    sampled = sample_positions(plan, chapter, shuffles, seed)
    slots = sorted(exact)
    labels = [f"{names.get(plan.card_at(s), plan.card_at(s))} [{s[1] + 1}]" for s in slots]
    places = [f"#{p + 1}" for p in range(len(exact[slots[0]]))]
    with fig.batch_update():
        for trace, table in zip(fig.data, (exact, sampled), strict=True):
            trace.z = [[float(p) for p in table[s]] for s in slots]
            trace.x, trace.y = places, labels
            trace.text = [[f"{float(p):.3f}" for p in table[s]] for s in slots]
            trace.texttemplate = "%{text}"


def precedence_figure(plan: Plan, chapter: int, names: Mapping[str, str]) -> Chart:
    """Heatmap of P(row card is played before column card) inside one Chapter, exact."""
    fig = Chart(go.Heatmap(zmin=0, zmax=1, colorscale="RdBu", reversescale=True,
                           colorbar={"title": {"text": "probability"}}))
    fig.update_layout(height=340, margin={"t": 50, "b": 40},
                      title=f"Chapter {chapter + 1}: exact chance that the row's card is played "
                            "before the column's", plot_bgcolor="white")
    fig.update_xaxes(showgrid=False, zeroline=False)
    fig.update_yaxes(autorange="reversed", showgrid=False, zeroline=False)
    update_precedence_figure(fig, plan, chapter, names)
    return fig


def update_precedence_figure(fig: Chart, plan: Plan, chapter: int,
                             names: Mapping[str, str]) -> None:
    """Refresh `precedence_figure` for a changed plan."""
    pairs = chapter_precedence(plan, chapter)
    slots = sorted({x for x, _ in pairs})
    labels = [f"{names.get(plan.card_at(s), plan.card_at(s))} [{s[1] + 1}]" for s in slots]
    z = [[float(pairs[(x, y)]) if x != y else None for y in slots] for x in slots]
    with fig.batch_update():
        trace = fig.data[0]
        # numeric axes with card names as tick labels: categorical axes draw the empty
        # diagonal as a misaligned gap
        trace.z, trace.x, trace.y = z, list(range(len(slots))), list(range(len(slots)))
        for axis in (fig.figure.layout.xaxis, fig.figure.layout.yaxis):
            axis.tickvals, axis.ticktext = list(range(len(slots))), labels
        trace.text = [[f"{v:.3f}" if v is not None else "" for v in row] for row in z]
        trace.texttemplate = "%{text}"


class DeckChecker(widgets.VBox):
    """Edit a deck (add or remove cards) and see every violation with its rule, live."""

    def __init__(self, collection: Mapping[Card, int], start: Sequence[Card] = ()) -> None:
        self.collection = dict(collection)
        self.cards = cards_by_id(collection)
        self.deck: list[Card] = list(start)
        self.violations: list[Violation] = []
        options = sorted(((f"{c.name} ({c.rarity.value} {c.type.value}"
                           f"{', unique ' + c.unique if c.unique else ''})", c.id)
                          for c in collection), key=lambda o: o[0])
        self.picker = widgets.Dropdown(options=options, description="card",
                                       layout=widgets.Layout(width="440px"))
        self.message = _message()
        add = widgets.Button(description="add", icon="plus")
        remove = widgets.Button(description="remove", icon="minus")
        add.on_click(safe(lambda _: self.add(self.picker.value), self.message))
        remove.on_click(safe(lambda _: self.remove(self.picker.value), self.message))
        self.check_owned = widgets.Checkbox(value=True, description="only owned copies")
        self.check_owned.observe(safe(lambda _: self.refresh(), self.message), names="value")
        self.deck_view = widgets.HTML()
        self.report = widgets.HTML()
        super().__init__([widgets.HBox([self.picker, add, remove, self.check_owned]), self.message,
                          widgets.HBox([self.deck_view, self.report])])
        self.refresh()

    def add(self, card_id: str) -> None:
        """Put one copy of a card in the deck."""
        self.deck.append(self.cards[card_id])
        self.refresh()

    def remove(self, card_id: str) -> None:
        """Take one copy of a card out of the deck (if it is there)."""
        card = self.cards[card_id]
        if card in self.deck:
            self.deck.remove(card)
        self.refresh()

    def refresh(self) -> None:
        """Re-check the deck and redraw."""
        self.message.value = ""
        owned = self.collection if self.check_owned.value else None
        self.violations = validate_deck(self.deck, owned)
        self.deck_view.value = deck_html(self.deck)
        self.report.value = violations_html(self.violations)


class ChapterPlanner(widgets.VBox):
    """One Chapter: Initiative sliders, a Thread of Fate, the Wyrd Points and the exact odds."""

    def __init__(self, cards: Sequence[Card], options: PrepOptions | None = None,
                 shuffles: int = 2000, seed: int = 0) -> None:
        self.chapter_cards = list(cards)
        self.options = options or PrepOptions()
        self.names = {c.id: c.name for c in cards}
        self.sliders = [widgets.IntSlider(value=0, min=-MAX_INITIATIVE, max=MAX_INITIATIVE,
                                          description=f"{place}. {c.name}",
                                          continuous_update=False,
                                          style={"description_width": "190px"},
                                          layout=widgets.Layout(width="430px"))
                        for place, c in enumerate(cards, start=1)]
        pairs = [("no Thread", None)] + [
            (f"{a.name} → {b.name}", (i, j)) for i, a in enumerate(cards)
            for j, b in enumerate(cards) if i != j]
        self.thread = widgets.Dropdown(options=pairs, description="Thread of Fate",
                                       style={"description_width": "110px"},
                                       layout=widgets.Layout(width="460px"))
        self.status = widgets.HTML()
        self.message = _message()
        self.shuffles, self.seed = shuffles, seed
        self.figure = odds_figure(self.plan, 0, self.names, shuffles, seed)
        self.order_figure = precedence_figure(self.plan, 0, self.names)
        for control in (*self.sliders, self.thread):
            control.observe(safe(lambda _: self.refresh(), self.message), names="value")
        heading = widgets.HTML("<b>Fixed Initiative</b> of each card (−3 … +3)")
        super().__init__([widgets.HBox([widgets.VBox([heading, *self.sliders]),
                                        widgets.VBox([self.thread, self.status, self.message])]),
                          self.figure, self.order_figure])
        self._check(self.plan)  # the figures above are already drawn for this plan

    @property
    def plan(self) -> Plan:
        """The one-Chapter plan the controls describe."""
        pair = self.thread.value
        threads = [((0, pair[0]), (0, pair[1]))] if pair else []
        return Plan.of([[c.id for c in self.chapter_cards]], [[s.value for s in self.sliders]],
                       threads)

    def set_initiative(self, place: int, value: int) -> None:
        """Move one card's Initiative slider."""
        self.sliders[place].value = value

    def refresh(self) -> None:
        """Re-check the Chapter, recompute the odds and redraw."""
        self.message.value = ""
        plan = self.plan
        if not self._check(plan):
            update_odds_figure(self.figure, plan, 0, self.names, self.shuffles, self.seed)
            update_precedence_figure(self.order_figure, plan, 0, self.names)

    def _check(self, plan: Plan) -> list[Violation]:
        """Check the plan, show its Wyrd Points and problems, and keep them in `problems`."""
        problems = [v for v in check_plan(plan, options=self.options, names=self.names)
                    if v.rule != "runes.chapters"]
        spent = wyrd_points_spent(plan, self.options)
        self.status.value = (f"<p>This Chapter spends <b>{spent} Wyrd Points</b> (the whole "
                             f"deck has {self.options.wyrd_points}; a Thread costs "
                             f"{self.options.thread_cost}).</p>"
                             + (violations_html(problems) + "<p>The charts keep the last legal "
                                "plan until this is fixed.</p>" if problems else ""))
        self.problems = problems
        return problems


class DeckBuilder(widgets.VBox):
    """Pick hero, goals and limits, solve, and see the deck, its plan and odds, or the conflicts."""

    def __init__(self, collection: Mapping[Card, int] | Mapping[str, Mapping[Card, int]],
                 seed: int = 0) -> None:
        choices = ({"collection": dict(collection)} if all(isinstance(c, Card) for c in collection)
                   else {name: dict(c) for name, c in collection.items()})
        self.collections = choices
        self.collection_choice = widgets.Dropdown(options=list(choices), description="collection")
        self.collection = next(iter(choices.values()))
        self.goal_error = _message()
        self.summary = widgets.HTML()
        self.collection_choice.observe(safe(self._pick_collection, self.goal_error), names="value")
        self.cards = cards_by_id(card for c in choices.values() for card in c)
        self.seed = seed
        self.goals: list[Goal] = []
        self.result: BuildResult | None = None
        names = sorted((c.name, c.id) for c in self.cards.values())
        self.hero = widgets.Dropdown(options=[(HERO_NAMES[h], h) for h in HEROES], description="hero")
        self.must_include = widgets.TagsInput(allowed_tags=list(self.cards), allow_duplicates=True,
                                              placeholder="card ids to put in")
        self.exclude = widgets.TagsInput(allowed_tags=list(self.cards),
                                         placeholder="card ids to leave out")
        self.k = widgets.IntSlider(value=3, min=1, max=6, description="k best")
        self.wyrd_points = widgets.IntSlider(value=25, min=0, max=40, description="Wyrd Points")
        self.thread_cost = widgets.IntSlider(value=2, min=0, max=6, description="Thread cost")
        self.goal_kind = widgets.Dropdown(options=["first", "before"], description="goal")
        self.goal_card = widgets.Dropdown(options=names, description="card")
        self.goal_other = widgets.Dropdown(options=names, description="before")
        self.goal_weight = widgets.FloatSlider(value=3.0, min=0, max=10, description="weight")
        add_goal = widgets.Button(description="add goal", icon="plus")
        add_goal.on_click(safe(lambda _: self._shown_errors(self.goal_error, lambda: self.add_goal(Goal(
            self.goal_kind.value, self.goal_card.value,
            self.goal_other.value if self.goal_kind.value == "before" else None,
            self.goal_weight.value))), self.goal_error))
        clear = widgets.Button(description="clear goals")
        clear.on_click(safe(lambda _: self._shown_errors(self.goal_error, self.clear_goals),
                            self.goal_error))
        solve = widgets.Button(description="build deck", icon="cogs", button_style="primary")
        solve.on_click(safe(lambda _: self._shown_errors(self.summary, self.solve), self.summary))
        self.goal_kind.observe(safe(lambda _: self._show_goal_other(), self.goal_error), names="value")
        self._show_goal_other()
        self.goal_list = widgets.HTML()
        self.deck_view = widgets.HTML()
        self.plan_view = widgets.HTML()
        self.alternatives_view = widgets.HTML()
        self.chart = composition_figure([])
        self.chart.update_layout(width=620)
        self.chart_box = widgets.Box([self.chart], layout=widgets.Layout(display="none"))
        self.csv = widgets.Textarea(placeholder="card,copies\npeck,2\n…  (a collection as CSV)",
                                    layout=widgets.Layout(width="300px", height="60px"))
        import_csv = widgets.Button(description="import CSV", icon="upload")
        import_csv.add_class("tk-import-csv")
        import_csv.on_click(safe(lambda _: self.import_csv(self.csv.value), self.goal_error))
        controls = widgets.VBox([
            widgets.HBox([self.hero, self.collection_choice, self.k]),
            widgets.HBox([widgets.Label("include"), self.must_include]),
            widgets.HBox([widgets.Label("exclude"), self.exclude]),
            widgets.HBox([self.wyrd_points, self.thread_cost]),
            widgets.HBox([self.goal_kind, self.goal_card, self.goal_other, self.goal_weight]),
            widgets.HBox([add_goal, clear, solve]), self.goal_error, self.goal_list,
            widgets.HBox([self.csv, import_csv])])
        super().__init__([controls, self.summary, widgets.HBox([self.deck_view, self.chart_box]),
                          self.plan_view, self.alternatives_view])
        self._show_goals()

    def _shown_errors(self, where: widgets.HTML, action: Callable[[], object]) -> None:
        """Run a button's action; an error shows its message in `where` instead of vanishing."""
        where.value = ""
        safe(action, where, prefix="Cannot do that: ")()

    def _show_goal_other(self) -> None:
        """The second card of a goal only matters for "before" goals."""
        self.goal_other.layout.display = None if self.goal_kind.value == "before" else "none"

    def import_csv(self, text: str, name: str = "imported CSV") -> dict[Card, int]:
        """Read a collection from CSV text (card id or name, copies) and build from it."""
        collection = parse_collection_csv("the pasted CSV", text, self.cards)
        self.collections[name] = collection
        self.collection_choice.options = list(self.collections)
        self.collection_choice.value = name
        self.collection = collection
        return collection

    def _pick_collection(self, change: dict) -> None:
        self.collection = self.collections[change["new"]]

    def add_goal(self, goal: Goal) -> None:
        """Add an ordering goal."""
        self.goals.append(goal)
        self._show_goals()

    def clear_goals(self) -> None:
        """Remove every ordering goal."""
        self.goals.clear()
        self._show_goals()

    def solve(self) -> BuildResult:
        """Run the deck builder with the current choices and show the answer."""
        options = PrepOptions(self.wyrd_points.value, self.thread_cost.value)
        self.result = build_deck(self.collection, sample_values(self.collection, self.hero.value),
                                 must_include=list(self.must_include.value),
                                 exclude=list(self.exclude.value), goals=self.goals,
                                 hero=self.hero.value, options=options, k=self.k.value,
                                 seed=self.seed)
        self._show(self.result)
        return self.result

    def _show_goals(self) -> None:
        items = "".join(f"<li>{html.escape(self._goal_text(g))} (weight {g.weight:g})</li>"
                        for g in self.goals)
        self.goal_list.value = f"<ul>{items}</ul>" if items else "<p>No ordering goals.</p>"

    def _goal_text(self, goal: Goal) -> str:
        return with_card_names(str(goal), {cid: self.cards[cid] for cid in goal.cards})

    def _show(self, result: BuildResult) -> None:
        if result.status not in ("optimal", "feasible"):
            self.summary.value = conflicts_html(result, self.cards) if result.status == "infeasible" else (
                "<p style='color:#c62828'><b>No deck found in the time limit.</b></p>")
            self.deck_view.value = self.plan_view.value = self.alternatives_view.value = ""
            self.chart_box.layout.display = "none"
            return
        self.summary.value = summary_html(result)
        self.deck_view.value = deck_html(result.cards)
        _copy_figure(self.chart, composition_figure(result.cards))
        self.chart_box.layout.display = None
        self.plan_view.value = plan_html(result, self.cards)
        self.alternatives_view.value = alternatives_html(result, self.cards)


def _message() -> widgets.HTML:
    """Where a widget's errors show."""
    message = widgets.HTML()
    message.add_class("tk-message")
    return message


def _copy_figure(target: Chart, source: Chart) -> None:
    with target.batch_update():
        for old, new in zip(target.data, source.data, strict=True):
            old.update(new.to_plotly_json())


__all__ = ["ChapterPlanner", "DeckBuilder", "DeckChecker", "alternatives_html",
           "composition_figure", "conflicts_html", "costs_html", "deck_html", "full_collection",
           "locked_html", "odds_figure", "odds_html", "plan_html", "pool_html",
           "precedence_figure", "rules_html", "sample_values", "starter_deck", "steps_html",
           "summary_html", "violations_html"]
