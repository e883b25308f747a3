"""Runes of Wyrd duel widgets: prepare two decks, watch the duel turn by turn, the matchups.

The widgets hold no rules: a duel is a registered `runes` match (both preparations, then the
automatic duel); the viewer only pages through its record (the board after every turn, the
log cut at each turn's start, the timeline) and draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from markupsafe import Markup
from plotly.subplots import make_subplots

from tablekit.core.errors import ConfigError
from tablekit.core.events import Event
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.runes.cards import HERO_NAMES, HEROES
from tablekit.runes.decks import sample_plan
from tablekit.runes.duel import board, new_duel, resource
from tablekit.runes.exchange import plan_from_json
from tablekit.runes.game import pool
from tablekit.runes.lessons import LESSONS, lesson_duel
from tablekit.runes.matchups import Matchup, sample_matrix
from tablekit.runes.preparation import Plan
from tablekit.runes.steps import set_scenario
from tablekit.runes.ui_duel_html import RESOURCE_NAMES, board_html, turn_html
from tablekit.ui.charts import Chart, count_axes
from tablekit.ui.errors import safe, shows_errors
from tablekit.ui.html import log_html, render
from tablekit.ui.progress import Progress
from tablekit.ui.table import TableOption

SOURCES = (("its sample deck", "sample"), ("a deck built for it (value goal)", "built"),
           ("a deck pasted as JSON", "json"))
FIRST_PLAYER = TableOption("first_player", "First player", (("drawn at random", None), ("Player 1", 0),
                                                            ("Player 2", 1)), None,
                           "whose Hero takes the duel's first turn (rule runes.duel)")
SERIES = ("Health", "Shield", "Temperature", "Resource")
LOG_TURN = '<div class="tk-duel-log" data-turn="{{ turn }}">{{ log }}</div>'
BUILDING = '<span class="tk-progress-text">Building a deck for {{ hero }} with the value goal…</span>'


@dataclass(frozen=True, slots=True)
class DuelRecord:
    """A fought duel as a viewer pages through it: `boards[t]` after turn t (0: before the
    duel), `starts[t]` the log index where turn t+1 begins, `rows[t]` the timeline row."""

    heroes: tuple[str, str]
    events: tuple[Event, ...]
    starts: tuple[int, ...]
    boards: tuple[dict, ...]
    rows: tuple[tuple, ...]
    deck_sizes: tuple[int, int]
    outcome: str

    @property
    def turns(self) -> int:
        """Turns the duel lasted."""
        return len(self.boards) - 1

    def turn_events(self, turn: int) -> tuple[Event, ...]:
        """The events of one turn (turn 0: the preparation and the start of the duel)."""
        self._check(turn)
        first = 0 if turn == 0 else self.starts[turn - 1]
        last = self.starts[turn] if turn < len(self.starts) else len(self.events)
        return self.events[first:last]

    def series(self, turn: int) -> dict[str, tuple[list[int], list[int]]]:
        """Chart lines up to `turn`: '<what> · P<n> <hero>' -> (turns, values)."""
        self._check(turn)
        lines = {}
        for what_index, what in enumerate(SERIES):
            for player in (0, 1):
                column = 2 + 4 * player + what_index
                lines[self.line_name(what, player)] = (
                    [row[0] for row in self.rows[:turn + 1]],
                    [row[column] for row in self.rows[:turn + 1]])
        return lines

    def line_name(self, what: str, player: int) -> str:
        """A chart line's name."""
        hero = self.heroes[player]
        label = RESOURCE_NAMES[hero] if what == "Resource" else what
        return f"{label} · P{player + 1} {HERO_NAMES[hero]}"

    def _check(self, turn: int) -> None:
        if not 0 <= turn <= self.turns:
            raise ConfigError(f"turn {turn} is not in this duel (0 to {self.turns}) "
                              "[rule runes.duel]")


def fought_match(heroes: Sequence[str], plans: Sequence[Plan | str], seed: int | str = 0,
                 **options: Any) -> Match:
    """A registered `runes` match with two ready plans ('sample' or a Plan), prepared through
    its remaining steps and fought."""
    ready = [plan if isinstance(plan, str) else
             {"chapters": plan.chapters, "initiative": plan.initiative, "threads": plan.threads}
             for plan in plans]
    match = new_game("runes", seed=seed, heroes=tuple(heroes), plans=tuple(ready), **options)
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    return match


def record_of(match: Match) -> DuelRecord:
    """The record a viewer pages through, from a fought `runes` match."""
    state = match.state
    if state.result is None or not state.boards:
        raise ConfigError("the match has not fought its duel yet [rule runes.duel]")
    heroes = tuple(side.hero for side in state.sides)
    cards = pool(state.config.card_file)
    decks = [[cards[c] for c in side.deck] for side in state.sides]
    first = 1 - state.boards[0]["active"]
    start = new_duel(heroes, decks, state.config.duel_options(first))
    set_scenario(start, state.config.scenario)
    row0 = [0, first]
    for fighter in start.fighters:
        row0 += [fighter.health, fighter.shield, fighter.temperature, resource(fighter)]
    events = tuple(match.log)
    starts = tuple(i for i, e in enumerate(events) if e.rule == "runes.turn-start")
    return DuelRecord(heroes, events, starts, (board(start), *state.boards),
                      (tuple(row0), *map(tuple, state.result["timeline"])),
                      (len(decks[0]), len(decks[1])), match.outcome.text)


@cache
def built_plan(hero: str) -> Plan:
    """The value goal's deck for a Hero from every card of the pool (solved once)."""
    from solvers.runes import build_deck
    from tablekit.runes.ui import full_collection, sample_values
    collection = full_collection(pool())
    result = build_deck(collection, sample_values(collection, hero), hero=hero, k=1, seed=0)
    if result.plan is None:
        raise ConfigError(f"the builder found no deck for {hero} [rule runes.deck-size]")
    return result.plan


class TurnViewer(widgets.VBox):
    """A fought duel shown turn by turn: step buttons and slider, board, events, timelines.

    Subclasses give the controls above (`setup`) and fight the duel (`new_match`)."""

    def __init__(self) -> None:
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.turn = widgets.IntSlider(value=0, min=0, max=0, description="turn",
                                      continuous_update=False)
        self.turn.add_class("tk-duel-slider")
        self.turn.observe(safe(lambda _: self.refresh(), self.message), names="value")
        steps = [_button(text, icon, css, handler, self.message) for text, icon, css, handler in (
            ("Start", "fast-backward", "tk-duel-start", lambda _: self.show(0)),
            ("Back", "step-backward", "tk-duel-back", lambda _: self.step(-1)),
            ("Forward", "step-forward", "tk-duel-forward", lambda _: self.step(1)),
            ("Play to the end", "fast-forward", "tk-duel-end", lambda _: self.show(self.turns)))]
        self.status = widgets.HTML()
        self.board = widgets.HTML()
        self.log_panel = widgets.HTML()
        self.chart = _timeline_figure()
        self.record: DuelRecord | None = None
        self.match: Match | None = None
        self.cards = pool()
        log_box = widgets.VBox([widgets.HTML("<b>This turn's events</b> (click one for its rule)"),
                                self.log_panel])
        # the duel's part waits hidden until there is a duel (no empty board or charts before)
        self.duel = widgets.VBox([widgets.HBox([*steps, self.turn]), self.status, self.board,
                                  log_box, self.chart],  # stacked: a chart beside the log spilt over it
                                 layout=widgets.Layout(display="none"))
        super().__init__([*self.setup(), self.message, self.duel])
        self.add_class("tk-duel-viewer")
        self.fight()

    def setup(self) -> list[widgets.Widget]:
        """The controls above the steps."""
        return []

    def new_match(self) -> Match:
        """The fought match to show."""
        raise NotImplementedError

    @shows_errors(after=None, prefix="No duel: ")
    def fight(self, _: Any = None) -> None:
        """Fight the duel the controls describe and show it from before its first turn."""
        self.message.value = ""
        match = self.new_match()
        self.match, self.record = match, record_of(match)
        self.duel.layout.display = None
        self.turn.max = self.record.turns
        if self.turn.value == 0:
            self.refresh()
        self.turn.value = 0

    @property
    def turns(self) -> int:
        """Turns of the duel shown."""
        return self.record.turns if self.record else 0

    @shows_errors(after=None)
    def show(self, turn: int) -> None:
        """Show the board after `turn` (0: before the first turn)."""
        if self.record is None:
            raise ConfigError("press Fight first [rule runes.duel]")
        self.record._check(turn)
        if self.turn.value == turn:
            self.refresh()
        self.turn.value = turn

    def step(self, by: int) -> None:
        """One turn forward (+1) or back (-1), staying inside the duel."""
        self.show(min(max(self.turn.value + by, 0), self.turns))

    def refresh(self) -> None:
        """Redraw the turn shown: its line, the board, its events and the timelines so far."""
        record = self.record
        if record is None:
            return
        turn = self.turn.value
        self.board.value = board_html(record.boards[turn], self.cards, record.deck_sizes)
        self.log_panel.value = render(LOG_TURN, turn=turn, log=Markup(log_html(
            record.turn_events(turn), self.match.game.rulebook, newest_first=False)))
        lines = record.series(turn)
        with self.chart.figure.batch_update():  # plotly's batch: values are set when it ends
            for trace, name in zip(self.chart.data, _trace_names(record), strict=True):
                trace.name = name
                trace.x, trace.y = lines[name]
        count_axes(self.chart, "xaxis", "xaxis2", "xaxis3", "xaxis4",  # turns: whole numbers from 0
                   "yaxis", "yaxis2", "yaxis4")  # Health, Shield, resource (Temperature keeps −3…3); draws once
        # the status line last: once it names the turn, the board and log above are drawn
        self.status.value = turn_html(turn, record.turns, self.turn_text(turn))

    def turn_text(self, turn: int) -> str:
        """Plain words for the turn shown."""
        record = self.record
        if turn == 0:
            return (f"Before the duel: both decks are prepared and locked ({record.turns} turns "
                    "follow).")
        player = record.rows[turn][1]
        text = (f"Turn {turn} of {record.turns}: Player {player + 1} "
                f"({HERO_NAMES[record.heroes[player]]}) acted.")
        return text + (f" {record.outcome}" if turn == record.turns else "")


class DuelViewer(TurnViewer):
    """Pick two Heroes and their decks, fight, and step through the duel turn by turn."""

    def __init__(self, heroes: Sequence[str] = ("skorta", "torstein"), seed: int = 0) -> None:
        self.first_heroes, self.first_seed = tuple(heroes), seed
        super().__init__()
        self.add_class("tk-duel-play")

    def setup(self) -> list[widgets.Widget]:
        """Per player a Hero and a deck source; the seed and the Fight button."""
        self.sides = [self._side_controls(player, hero)
                      for player, hero in enumerate(self.first_heroes)]
        self.seed = widgets.Text(value=str(self.first_seed), description="Seed",
                                 layout=widgets.Layout(width="180px"))
        self.first_player = FIRST_PLAYER.control()
        self.fight_button = _button("Fight", "bolt", "tk-fight", self.fight, self.message,
                                    "primary")
        return [widgets.HBox([side["box"] for side in self.sides]),
                widgets.HBox([self.first_player, self.seed, self.fight_button])]

    def _side_controls(self, player: int, hero: str) -> dict[str, Any]:
        pick = widgets.Dropdown(options=[(HERO_NAMES[h], h) for h in HEROES], value=hero,
                                description=f"Player {player + 1}")
        source = widgets.Dropdown(options=SOURCES, value="sample", description="plays")
        text = widgets.Textarea(placeholder="paste a deck exported as JSON (exchange.plan_to_json)",
                                layout=widgets.Layout(width="300px", height="80px", display="none"))
        source.observe(safe(lambda change: setattr(text.layout, "display", None if change["new"]
                                                   == "json" else "none"), self.message),
                       names="value")
        return {"hero": pick, "source": source, "text": text,
                "box": widgets.VBox([pick, source, text])}

    def side_plan(self, player: int) -> tuple[str, Plan]:
        """A side's Hero and prepared deck as its controls say."""
        side = self.sides[player]
        hero, source = side["hero"].value, side["source"].value
        if source == "json":
            return plan_from_json(side["text"].value, self.cards,
                                  label=f"player {player + 1}'s deck JSON")
        if source == "sample":
            return hero, sample_plan(hero)
        self.message.value = render(BUILDING, hero=HERO_NAMES[hero])  # a solve takes seconds
        plan = built_plan(hero)
        self.message.value = ""
        return hero, plan

    def choose(self, player: int, hero: str, source: str = "sample", text: str = "") -> None:
        """Set a side's controls (what picking in the dropdowns does)."""
        side = self.sides[player]
        side["hero"].value, side["source"].value, side["text"].value = hero, source, text

    def new_match(self) -> Match:
        """Both decks as chosen, prepared and fought with the seed."""
        (hero_a, plan_a), (hero_b, plan_b) = self.side_plan(0), self.side_plan(1)
        seed = self.seed.value.strip()
        seed_value: int | str = int(seed) if seed.lstrip("-").isdigit() else seed
        return fought_match((hero_a, hero_b), (plan_a, plan_b), seed_value or 0,
                            first_player=FIRST_PLAYER.value(self.first_player))


class LessonViewer(TurnViewer):
    """A lesson duel (set decks showing one rule) chosen by name, stepped turn by turn."""

    def __init__(self, lesson: str = "shield-keeps-the-higher") -> None:
        self.first_lesson = lesson
        super().__init__()

    def setup(self) -> list[widgets.Widget]:
        """The lesson picker (fighting again on every pick) and the rule it shows."""
        self.lesson = widgets.Dropdown(options=list(LESSONS), value=self.first_lesson,
                                       description="lesson")
        self.lesson.observe(safe(lambda _: self.fight(), self.message), names="value")
        return [self.lesson]

    def new_match(self) -> Match:
        """The lesson's duel."""
        return lesson_duel(self.lesson.value)

    def turn_text(self, turn: int) -> str:
        """The turn's words, led by the rule the lesson shows."""
        return f"[{LESSONS[self.lesson.value][0]}] " + super().turn_text(turn)

    def rules_shown(self, lesson: str) -> set[str]:
        """Pick `lesson` (as the dropdown does) and return the rule ids its duel's events name."""
        self.lesson.value = lesson
        return {event.rule for event in self.record.events}


class MatchupMatrix(widgets.VBox):
    """The four Heroes' sample decks against each other: a heatmap of scores with intervals."""

    def __init__(self, duels: int = 100, seed: int = 0) -> None:
        self.duels = widgets.IntSlider(value=duels, min=20, max=1000, step=20,
                                       description="duels/cell", continuous_update=False)
        self.seed = seed
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.progress = Progress()
        self.run_button = _button("Fight the matrix", "th", "tk-run-matrix", self.run,
                                  self.message, "primary")
        self.figure = Chart(go.Heatmap(zmin=0, zmax=1, colorscale="RdBu",
                                       colorbar={"title": {"text": "score of the row"}}))
        self.figure.update_layout(height=420, width=620, margin={"t": 60, "b": 40},
                                  xaxis_title="opponent (column)", yaxis_title="deck (row)")
        self.figure.update_yaxes(autorange="reversed")
        self.results: dict[tuple[str, str], Matchup] = {}
        super().__init__([widgets.HBox([self.duels, self.run_button]), self.progress,
                          self.message, self.figure])
        self.add_class("tk-matchups")

    @shows_errors(after=None)
    def run(self, _: Any = None) -> None:
        """Fight every pair of sample decks and draw the heatmap."""
        self.message.value = ""
        duels = self.duels.value
        total = duels * len(HEROES) ** 2
        self.run_button.disabled = True
        self.progress.start(total, f"fighting {total:,} duels…")
        try:
            self.results = sample_matrix(duels, self.seed, progress=lambda done, _: (
                self.progress.update(done, total, f"{done:,} of {total:,} duels")))
        finally:
            self.progress.finish()
            self.run_button.disabled = False
        self.draw()

    def draw(self) -> None:
        """The heatmap from `results`: mean score, its 95% interval, W-D-L."""
        names = [HERO_NAMES[h] for h in HEROES]
        cells = [[self.results[(a, b)] for b in HEROES] for a in HEROES]
        n = cells[0][0].score.n
        with self.figure.batch_update():
            trace = self.figure.data[0]
            trace.z = [[m.score.mean for m in row] for row in cells]
            trace.x, trace.y = names, names
            trace.text = [[f"{m.score.mean:.2f}<br>±{(m.score.high - m.score.low) / 2:.2f}"
                           for m in row] for row in cells]
            trace.customdata = [[f"{m.wins}-{m.draws}-{m.losses}; 95% interval "
                                 f"{m.score.low:.2f}–{m.score.high:.2f}" for m in row]
                                for row in cells]
            trace.texttemplate = "%{text}"
            trace.hovertemplate = ("%{y} against %{x}: %{z:.3f}<br>%{customdata}"
                                   "<extra></extra>")
            self.figure.figure.layout.title = (f"Sample decks: score of the row's deck<br><sup>n = {n} "
                                               "duels a cell, first player alternating</sup>")


def _trace_names(record: DuelRecord) -> list[str]:
    return [record.line_name(what, player) for what in SERIES for player in (0, 1)]


def _timeline_figure() -> Chart:
    titles = ("Health", "Shield", "Temperature (−3 Cold … +3 Heat)", "Hero's resource")
    figure = Chart(make_subplots(rows=2, cols=2, subplot_titles=titles, vertical_spacing=0.18))
    for index, _ in enumerate(SERIES):
        for player in (0, 1):
            figure.add_scatter(x=[], y=[], mode="lines+markers", row=index // 2 + 1,
                               col=index % 2 + 1, legendgroup=f"p{player}",
                               line={"color": ("#2b6cb0", "#c53030")[player]},
                               showlegend=index == 0)
    figure.update_layout(height=440, width=560, margin={"t": 40, "b": 30, "l": 40, "r": 10},
                         legend={"orientation": "h", "y": -0.12})
    figure.update_yaxes(range=[-3.3, 3.3], dtick=1, tickformat="d", row=2, col=1)
    figure.update_xaxes(title_text="turn", row=2)
    return figure


def _button(text: str, icon: str, css: str, handler: Any, message: widgets.HTML,
            style: str = "") -> widgets.Button:
    button = widgets.Button(description=text, icon=icon, button_style=style,
                            layout=widgets.Layout(width="auto"))
    button.add_class(css)
    button.on_click(safe(handler, message))
    return button


__all__ = ["DuelRecord", "DuelViewer", "LessonViewer", "TurnViewer", "MatchupMatrix", "built_plan", "fought_match",
           "record_of"]
