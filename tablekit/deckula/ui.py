"""Deckula! in widgets: the play table, lesson tables, and the difficulty explorer."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from markupsafe import Markup

from solvers.deckula import HindsightResult, hindsight
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.core.simulate import SimulationResult, simulate
from tablekit.deckula.cards import CardSpec, sample_set
from tablekit.deckula.lessons import LESSONS
from tablekit.deckula.state import DeckulaState
from tablekit.ui.charts import Chart
from tablekit.ui.html import card_text_html, counters_html, readable_card_html, render, zone_html
from tablekit.ui.lesson import LessonTable
from tablekit.ui.table import GameTable, TableOption

ICONS = {"instant": "⚡ Instant", "discard": "♻ Discard", "passive": "∞ Passive"}
ARROWS = {"threat": "⬆ to Threat", "home": "⬇ to Home"}
FINISH = "<div class='tk-finish'><b>How good was my game?</b> {{ words }}</div>"


class DeckulaTable(GameTable):
    """A whole Deckula! game: Threat and Home, energy, the drawn card, actions, log and chart.

    At the end, "Compare with the best game" runs the hindsight search (with a progress bar);
    it never runs inside `refresh`.
    """

    chart_title = "Energy and VP by turn"
    table_options = (
        TableOption("difficulty", "Difficulty", (("Beginner", "beginner"), ("Hard", "hard"),
                                                 ("Harder", "harder")), "beginner",
                    "which five Visitors join the castle (rule deckula.difficulty)"),
        TableOption("hard_replaces", "Hard swaps", (("Vagabond and Quaintrelle", "both"),
                                                    ("the Vagabond", "vagabond"),
                                                    ("the Quaintrelle", "quaintrelle")), "both",
                    "on Hard: which named Visitors are swapped for random ones"))
    layout_spec = ("status", "board", "actions", "message", ("undo", "redo", "hint", "seed", "new"),
                   "hints", "finish", ("best", "deeper"), "progress", ("log", "chart"))

    def __init__(self, seed: int | str = 0, difficulty: str = "beginner", match: Match | None = None,
                 hindsight_budget: int = 60_000, **options: Any) -> None:
        self.options = options  # other options (visitors, a card file…) every new deal keeps
        self.hindsight_budget = hindsight_budget
        self._hindsight: tuple[str, HindsightResult] | None = None
        first = match or new_game("deckula", seed=seed, difficulty=difficulty, **options)
        super().__init__(first)
        self.best_button = self.tool_button("Compare with the best game", "search", self._find_best,
                                            "info", css="tk-compare-best")
        self.best_button.tooltip = "Search every line of play for this deal (a few seconds)"
        self.deeper = self.tool_button("Search longer (×5)", "search-plus", self._search_longer,
                                       css="tk-search-longer")
        self.deeper.tooltip = "Give the hindsight search five times more positions to prove its answer"
        self.parts.update(best=self.best_button, deeper=self.deeper)

    def fresh_match(self, seed: int | str) -> Match:
        """A new deal at the difficulty chosen on the table, with the table's other options."""
        return new_game("deckula", seed=seed, **{**self.options, **self.chosen_options()})

    @property
    def state(self) -> DeckulaState:
        """The match's current state."""
        return self.match.state

    def board_html(self) -> str:
        """Counters, then the Threat area, the card in hand (or the setup offer), and the Home."""
        return board_html(self.state)

    def status_text(self) -> str:
        """What the player must do now."""
        state = self.state
        if self.match.is_over:
            return super().status_text()
        if state.phase == "decide":
            return f"You drew {state.name(state.drawn)}: buy it for 2 energy or discard it for 1."
        if state.phase == "choose":
            return state.pending.prompt
        prompts = {"keep": "Setup: keep one of the three face-up cards in your Home for free.",
                   "activate": "Turn start: use a Discard effect from your Home, or draw."}
        return prompts.get(state.phase, "")

    def series(self) -> dict[str, tuple[list[float], list[float]]]:
        """Energy and VP in play at the end of each turn."""
        by_turn: dict[int, DeckulaState] = {}
        for state in self.match.states:
            by_turn[state.turn] = state
        turns = sorted(by_turn)
        return {"energy": (turns, [by_turn[t].energy for t in turns]),
                "VP in play": (turns, [by_turn[t].score() for t in turns])}

    def finish_html(self) -> str:
        """The player's score beside the hindsight best for the same deal, once searched."""
        found = self.known_best()
        words = (found.summary() if found is not None else
                 "Press Compare with the best game to search every line of play for this deal.")
        return render(FINISH, words=words)

    def known_best(self) -> HindsightResult | None:
        """The hindsight result for this game, if it has been searched."""
        if self._hindsight is not None and self._hindsight[0] == self.match.digest():
            return self._hindsight[1]
        return None

    def best(self, node_budget: int | None = None) -> HindsightResult:
        """The hindsight analysis of this deal, with progress shown (kept until the game or the
        budget changes)."""
        known = self.known_best()
        if known is not None and (node_budget is None or node_budget <= known.nodes):
            return known
        budget = node_budget or self.hindsight_budget
        self.progress.start(budget, "Searching every line of play for this deal…")
        self.best_button.disabled = self.deeper.disabled = True  # one search at a time
        try:
            result = hindsight(self.match, node_budget=budget,
                               progress=lambda nodes, _: self.progress.update(
                                   nodes, words=f"Searching: {nodes:,} positions so far…"))
        finally:
            self.progress.finish()
            self.best_button.disabled = self.deeper.disabled = False
        self._hindsight = (self.match.digest(), result)
        self._show_search()
        return result

    def refresh(self) -> None:
        """Redraw, and offer the hindsight search once the game is over."""
        super().refresh()
        self._show_search()

    def _show_search(self) -> None:
        found = self.known_best() if self.match.is_over else None
        over = self.match.is_over
        self.best_button.layout.display = None if over and found is None else "none"
        self.deeper.layout.display = None if found is not None and found.status != "optimal" else "none"
        self.finish.value = self.finish_html() if over else ""

    def _find_best(self, _: Any = None) -> None:
        self.best()

    def _search_longer(self, _: Any = None) -> None:
        known = self.known_best()
        self.best(node_budget=5 * (known.nodes if known else self.hindsight_budget))


class DeckulaLesson(LessonTable, DeckulaTable):
    """A small Deckula! table on one of the learn notebook's prepared situations (by name)."""

    game = "deckula"
    lessons = LESSONS
    hidden = LessonTable.hidden | {"best", "deeper"}


BOARD = '<div class="tk-board">{{ counters }}{{ threat }}{{ middle }}{{ home }}</div>'
CARD = """<div class="tk-card-name">{% if spec.visitor %}<span class="tk-mark" title="Visitor">V</span>\
{% endif %}{{ spec.name }}</div><div class="tk-card-text">{{ marks }}</div>\
{% if blanked %}<div class='tk-card-text'><b>BLANKED</b></div>{% endif %}\
{% if held %}<div class='tk-card-text'><b>{{ held }} beneath</b></div>{% endif %}\
{{ text }}<div class="tk-vp">{{ vp }}</div>"""
CARDS = """<table class='tk-cards' style='border-collapse:collapse;text-align:left;font-size:13px'>\
<tr><th style='padding:2px 10px 2px 0'>Card</th><th style='padding:2px 10px 2px 0'>Marks</th>\
<th style='padding:2px 10px 2px 0'>VP</th><th>Text</th></tr>{% for spec, marks in cards %}\
<tr style='vertical-align:top;border-top:1px solid #ddd'><td style='padding:2px 10px 2px 0;white-space:nowrap'>\
<b>{{ spec.name }}</b>{% if spec.visitor %} (Visitor){% endif %}</td>\
<td style='padding:2px 10px 2px 0;white-space:nowrap'>{{ marks or "none" }}</td>\
<td style='padding:2px 10px 2px 0'>{{ spec.vp }}</td><td>{{ spec.text }}</td></tr>{% endfor %}</table>"""
RESULTS = """<table class='tk-results'><tr><th>agent</th><th>difficulty</th><th>mean VP</th>\
<th>survival rate</th></tr>{% for (agent, level), r in results.items() %}<tr><td>{{ agent }}</td>\
<td>{{ level }}</td><td>{{ r.mean_score() }}</td><td>{{ r.win_rate() }}</td></tr>{% endfor %}</table>"""


def board_html(state: DeckulaState) -> str:
    """The whole Deckula! table as HTML."""
    counters = counters_html({"Energy": state.energy, "Draw pile": len(state.draw),
                              "Discard pile": len(state.discard), "VP in play": state.score(),
                              "Turn": state.turn})
    middle = ""
    if state.offer:
        middle = zone_html("Setup offer — keep one", (card_html(state, u) for u in state.offer))
    elif state.drawn is not None:
        middle = zone_html("Drawn card", [card_html(state, state.drawn, new=True)])
    threat = zone_html("Threat area", (card_html(state, u) for u in state.threat), "tk-threat")
    home = zone_html("Home", (card_html(state, u) for u in state.home), "tk-home")
    return render(BOARD, counters=Markup(counters), threat=Markup(threat), middle=Markup(middle),
                  home=Markup(home))


def card_html(state: DeckulaState, uid: int, new: bool = False) -> str:
    """One card: name, V mark, arrow, effect icons, text (whole when hovered or clicked), VP seal,
    cards beneath."""
    spec = state.spec(uid)
    in_play = state.in_play(uid)
    blanked = in_play and state.is_blanked(uid)
    css = " ".join(c for c, on in (("tk-visitor", spec.visitor), ("tk-blanked", blanked), ("tk-new", new),
                                   ("tk-sealed", True)) if on)
    face = render(CARD, spec=spec, marks=" · ".join(_marks(spec)), blanked=blanked,
                  held=len(state.beneath.get(uid, ())), text=card_text_html(spec.text),
                  vp=state.card_vp(uid) if in_play else spec.vp)
    return readable_card_html(face, spec.text, css, card=spec.id)


def _marks(spec: CardSpec) -> list[str]:
    """What a card shows besides its text: its red arrow and its effect icons."""
    return [m for m in (ARROWS.get(spec.arrow or "", ""), *sorted({ICONS[e.timing] for e in spec.effect})) if m]


def cards_html(*card_ids: str) -> str:
    """Sample cards a lesson asks about, each with its whole text (escaped), as a small table."""
    cards = sample_set()
    specs = [cards.by_id(card_id) for card_id in card_ids]
    return render(CARDS, cards=[(spec, " · ".join(_marks(spec))) for spec in specs])


# -- the build notebook: difficulty explorer ---------------------------------------------------
def explore_difficulties(games: int = 200, seed: int = 0, agents: tuple[str, ...] = ("heuristic", "search:16"),
                         difficulties: tuple[str, ...] = ("beginner", "hard", "harder"),
                         executor: Any = None, progress: bool = True) -> dict[tuple[str, str], SimulationResult]:
    """Simulate each agent on each difficulty; results keyed by (agent, difficulty)."""
    return {(agent, level): simulate("deckula", games, seed=seed, agents=(agent,), executor=executor,
                                     config={"difficulty": level}, progress=progress)
            for agent in agents for level in difficulties}


def difficulty_figure(results: dict[tuple[str, str], SimulationResult]) -> Chart:
    """Mean score and survival rate per difficulty and agent, with 95% intervals."""
    figure = go.Figure()
    for agent in dict.fromkeys(a for a, _ in results):
        levels = [lvl for a, lvl in results if a == agent]
        means = [results[agent, lvl].mean_score() for lvl in levels]
        figure.add_bar(name=f"{agent}: mean VP", x=levels, y=[m.mean for m in means],
                       error_y={"type": "data", "symmetric": False,
                                "array": [m.high - m.mean for m in means],
                                "arrayminus": [m.mean - m.low for m in means]})
        wins = [results[agent, lvl].win_rate() for lvl in levels]
        figure.add_scatter(name=f"{agent}: survival rate", x=levels, y=[w.mean for w in wins], yaxis="y2",
                           mode="markers+lines", error_y={"type": "data", "symmetric": False,
                                                          "array": [w.high - w.mean for w in wins],
                                                          "arrayminus": [w.mean - w.low for w in wins]})
    figure.update_layout(title="Deckula! by difficulty (95% confidence intervals)", barmode="group",
                         yaxis={"title": "mean VP (0 when lost)"},
                         yaxis2={"title": "survival rate", "overlaying": "y", "side": "right", "range": [0, 1]},
                         legend={"orientation": "h", "y": -0.2}, height=430)
    return Chart(figure)


def difficulty_table(results: dict[tuple[str, str], SimulationResult]) -> widgets.HTML:
    """The same figures as a small table."""
    return widgets.HTML(render(RESULTS, results=results))


def score_distribution_figure(results: dict[tuple[str, str], SimulationResult]) -> Chart:
    """The spread of final scores per difficulty and agent (box plots)."""
    figure = go.Figure()
    for (agent, level), result in results.items():
        figure.add_box(y=result.scores(), name=f"{agent} · {level}", boxmean=True)
    figure.update_layout(title="Final scores (0 = lost)", yaxis_title="VP", showlegend=False, height=380)
    return Chart(figure)
