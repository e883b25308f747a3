"""The deck study in a notebook: plotly charts with intervals and a panel with progress."""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from solvers.wizards import STUDY_BUDGET, StudyResult, deck_name, score_calculator, study
from tablekit.core.registry import rules
from tablekit.ui.charts import Chart
from tablekit.ui.errors import safe
from tablekit.ui.html import STYLE, render
from tablekit.ui.progress import Progress
from tablekit.wizards.cards import COLOURS, components


def win_rate_figure(result: StudyResult) -> Chart:
    """Each deck's win rate in the search with its 95% interval (an asymmetric study)."""
    rows = list(reversed(result.results))
    labels = [escape(deck_name(r.deck, result.baseline)) + (" (raced out)" if r.raced_out else "")
              for r in rows]
    figure = go.Figure(go.Bar(
        x=[r.win_rate.mean for r in rows], y=labels, orientation="h",
        error_x={"type": "data", "symmetric": False,
                 "array": [r.win_rate.high - r.win_rate.mean for r in rows],
                 "arrayminus": [r.win_rate.mean - r.win_rate.low for r in rows]},
        customdata=[[r.games, round(r.length.mean)] for r in rows],
        hovertemplate="win rate %{x:.3f}<br>%{customdata[0]} games, %{customdata[1]} actions a game"
                      "<extra></extra>"))
    figure.add_vline(x=1 / result.players, line_dash="dot", annotation_text="even")
    figure.update_layout(title=f"Win rate of the candidate seat in the search ({result.players} players, "
                               f"{'advanced' if result.advanced else 'basic'} game)",
                         xaxis_title="win rate (95% interval)", height=200 + 22 * len(rows))
    return Chart(figure)


def worth_figure(result: StudyResult) -> Chart:
    """Each creature's fitted worth to the candidate seat (ridge regression over every search game)."""
    name = {c.id: c.name for c in components().creatures}
    items = sorted(result.worth.items(), key=lambda kv: kv[1].mean)
    figure = go.Figure(go.Bar(
        x=[e.mean for _, e in items], y=[escape(name[c]) for c, _ in items], orientation="h",
        error_x={"type": "data", "symmetric": False,
                 "array": [e.high - e.mean for _, e in items],
                 "arrayminus": [e.mean - e.low for _, e in items]}))
    figure.update_layout(title="What each creature is worth to the candidate seat's win rate",
                         xaxis_title="worth in win rate (95% interval)", height=180 + 24 * len(items))
    return Chart(figure)


def verdict_table(result: StudyResult) -> str:
    """The best deck beside the worst and the standard deck on fresh games the search never saw, each
    with its paired difference from the best; then what that means, in words (each number once)."""
    decks = {"best": result.best, "worst": result.worst, "standard": result.baseline}
    gaps = {"worst": result.versus_worst, "standard": result.versus_standard}
    rows = [(arm, deck_name(deck, result.baseline), result.held_out[arm], gaps.get(arm))
            for arm, deck in decks.items()]
    return render(VERDICT, rows=rows, words=_verdict_words(result), setting=result.setting)


VERDICT = """<table class="tk-board tk-verdict"><tr><th>Deck</th><th>Creatures changed</th>\
<th>Win rate on fresh games (95%)</th><th>Games</th><th>Best minus this deck, paired (95%)</th></tr>\
{% for arm, name, e, gap in rows %}<tr><td>{{ arm }}</td><td>{{ name }}</td>\
<td>{{ "%.3f [%.3f, %.3f]"|format(e.mean, e.low, e.high) }}</td><td>{{ e.n }}</td><td>{% if gap %}\
{{ "%+.3f [%+.3f, %+.3f]"|format(gap.difference.mean, gap.difference.low, gap.difference.high) }}\
{% else %}—{% endif %}</td></tr>{% endfor %}</table><p>{{ words }}</p><p>Simulated: {{ setting }}.</p>"""


def _verdict_words(result: StudyResult) -> str:
    """What the fresh games say, without repeating the table's numbers."""
    if result.best == result.worst:
        return "The recipe allows one deck: there is nothing to compare."
    if result.needed is None:
        first = "The best deck is separated from the worst on fresh games (the difference's interval is above 0)."
    else:
        first = (f"No deck was shown to differ from another on fresh games; intervals that separate the gap "
                 f"seen would need about {result.needed:,} games per deck.")
    if result.versus_standard is None:
        return first + " The best deck is the standard deck."
    if result.versus_standard.better:
        return first + " The best deck beats the standard deck on fresh games: it is the answer."
    return first + " No deck was shown better than the standard deck: the standard deck is the answer."


class StudyPanel(widgets.VBox):
    """Pick a recipe, the players and the search games, run the study with a progress bar, see the answer."""

    def __init__(self, recipe: str = "partial", players: int = 2, games: int | None = None,
                 seed: int = 0) -> None:
        self.recipe = widgets.Dropdown(options=["partial", "random"], value=recipe, description="Recipe")
        self.players = widgets.Dropdown(options=[2, 3, 4], value=players, description="Players")
        self.games = widgets.IntSlider(value=games or STUDY_BUDGET[players].search_games, min=48,
                                       max=20_000, step=48, description="Search games")
        self.seed = seed
        self.run_button = widgets.Button(description="Run the study", icon="play")
        self.message = widgets.HTML()
        self.run_button.on_click(safe(self.run, self.message))
        self.progress = Progress()
        self.charts = widgets.VBox()
        self.result: StudyResult | None = None
        super().__init__([widgets.HBox([self.recipe, self.players, self.games, self.run_button]),
                          self.progress, self.message, self.charts])

    def run(self, _: Any = None) -> None:
        """Run the study (errors show in the panel: the button goes through `safe`)."""
        budget = replace(STUDY_BUDGET[self.players.value], search_games=self.games.value)
        self.message.value = ""
        self.progress.start(budget.search_games + 3 * budget.verdict_games,
                            f"{self.recipe.value} recipe, {self.players.value} players")
        try:
            self.result = study(self.recipe.value, self.players.value, budget, seed=self.seed,
                                progress=lambda done, total: self.progress.update(done, total))
        finally:
            self.progress.finish()
        self.charts.children = [win_rate_figure(self.result), worth_figure(self.result)]
        self.message.value = STYLE + verdict_table(self.result) + escape(
            f"{self.result.wall_time:.1f} s")


def score_table(gems: dict[str, int], cursed: int, artefacts: tuple[str, ...] = (),
                enchantments: int = 0, others_cursed: tuple[int, ...] = (),
                effects: bool = True) -> str:
    """The scoring calculator as an HTML table: what to give up, the sets, every line
    (`effects=False`: the basic game, artefacts score their points only)."""
    calc = score_calculator(gems, cursed, artefacts, enchantments, others_cursed, effects)
    score = calc.score
    taken = ", ".join(f"{n} {escape(c)}" for c, n in calc.taken.items()) or "nothing"
    given = ", ".join(f"{n} {escape(c)}" for c, n in calc.given_up.items()) or "nothing"
    sets = "; ".join(f"a set of {len(s)}: " + ", ".join(escape(c) for c in s) for s in calc.sets) or "none"
    rows = [("End-of-game artefacts: gems taken", taken),
            ("End-of-game artefacts: cursed gems returned", calc.returned)] if artefacts and effects else []
    rows += [("Give up to cursed gems", given), ("Sets", sets), ("Set points", score.sets),
            ("Cursed gems left", -score.cursed_left), ("Most cursed", -score.most_cursed),
            ("Artefacts", score.artefacts), ("Enchantments", score.enchantments),
            ("Total", score.total)]
    body = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows)
    return f'<table class="tk-board">{body}</table>'


def _count_box(value: int, top: int, description: str, width: str = "150px") -> widgets.BoundedIntText:
    """A small number box with its whole label readable."""
    return widgets.BoundedIntText(value=value, min=0, max=top, description=description,
                                  style={"description_width": "initial"},
                                  layout=widgets.Layout(width=width))


def artefact_options() -> list[tuple[str, str]]:
    """Every artefact tile as (label with its pile and points, id), A pile first."""
    points = {"A": 7, "B": 5, "C": 3}
    tiles = sorted(components().artefacts, key=lambda a: (a.pile, a.name))
    return [(f"{a.name} ({a.pile}, {points[a.pile]} points)", a.id) for a in tiles]


def _check_table(artefacts: tuple[str, ...], others_cursed: tuple[int, ...]) -> None:
    """Refuse artefacts that are no tile and more than three other players, naming the option."""
    known = {tile for _, tile in artefact_options()}
    unknown = [a for a in artefacts if a not in known]
    if unknown:
        raise ValueError(f"artefacts: {', '.join(map(repr, unknown))} not artefact tiles; the tiles "
                         f"are {', '.join(sorted(known))} [rule wizards.score-artefacts]")
    if len(others_cursed) > 3:
        raise ValueError(f"others_cursed: at most 3 other players, got {len(others_cursed)} "
                         "[rule wizards.score-most-cursed]")


class ScoreCalculator(widgets.VBox):
    """The scoring calculator, live: type a player's gems, cursed gems, the other players' cursed
    gems, pick the artefacts held, read every line."""

    def __init__(self, gems: dict[str, int] | None = None, cursed: int = 0,
                 artefacts: tuple[str, ...] = (), enchantments: int = 0,
                 others_cursed: tuple[int, ...] = (), advanced: bool = False) -> None:
        gems = gems or {}
        _check_table(artefacts, others_cursed)
        self.counts = {c: _count_box(gems.get(c, 0), 10, c) for c in COLOURS}
        self.cursed = _count_box(cursed, 20, "your cursed gems", "190px")
        self.enchantments = _count_box(enchantments, 12, "enchantments", "160px")
        padded = (*others_cursed, 0, 0, 0)[:3]
        self.others = [_count_box(n, 20, f"Player {p + 2} cursed", "170px")
                       for p, n in enumerate(padded)]
        self.artefact_picker = widgets.SelectMultiple(
            options=artefact_options(), value=tuple(artefacts), rows=6,
            description="artefacts held", style={"description_width": "initial"},
            layout=widgets.Layout(width="420px"))
        self.effects = widgets.Checkbox(value=advanced, indent=False,
                                        description="advanced game: play end-of-game artefacts",
                                        layout=widgets.Layout(width="auto"))
        self.table = widgets.HTML()
        self.message = widgets.HTML()
        self._observe(safe(self.update, self.message))
        row = widgets.Layout(flex_flow="row wrap")
        super().__init__([widgets.HBox(list(self.counts.values()), layout=row),
                          widgets.HBox([self.cursed, self.enchantments], layout=row),
                          widgets.HTML("Other players' cursed gems (0 for a seat nobody plays):"),
                          widgets.HBox(self.others, layout=row),
                          widgets.HBox([self.artefact_picker, self.effects], layout=row),
                          self.message, self.table])
        self.update()

    def _observe(self, update: Any) -> None:
        for box in [*self.counts.values(), self.cursed, self.enchantments, *self.others,
                    self.artefact_picker, self.effects]:
            box.observe(update, names="value")

    @property
    def gems(self) -> dict[str, int]:
        """The gems typed in, by colour."""
        return {c: box.value for c, box in self.counts.items()}

    def update(self, _: Any = None) -> None:
        """Score what is typed in now (errors show under the boxes: observers go through `safe`)."""
        self.message.value = ""
        self.table.value = STYLE + score_table(
            self.gems, self.cursed.value, tuple(self.artefact_picker.value), self.enchantments.value,
            tuple(box.value for box in self.others), self.effects.value)


def recipes_html(partial: Any, chosen: Any, clash: Any) -> str:
    """How many decks two recipes allow, and the rule and the wish that clash in a third, in words."""
    book = rules("wizards")
    reasons = [f"the rule — {book[c].summary}" if c in book else f"your wish — {c}" for c in clash.conflicts]
    return render(RECIPES, partial=len(partial.decks), chosen=len(chosen.decks), reasons=reasons)


RECIPES = """<p>The partially random recipe allows <b>{{ partial }}</b> decks; any ten creatures with the Void Imp \
and without the Titan: <b>{{ chosen }}</b>.</p><p>The partial recipe without the Ogre cannot be had; what clashes:</p>\
<ul>{% for r in reasons %}<li>{{ r }}</li>{% endfor %}</ul>"""
