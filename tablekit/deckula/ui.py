"""Deckula! in widgets: the play table, lesson tables, and the difficulty explorer."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from solvers.deckula import HindsightResult, hindsight
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.core.simulate import SimulationResult, simulate
from tablekit.deckula.lessons import lesson
from tablekit.deckula.state import DeckulaState
from tablekit.ui.html import counters_html, zone_html
from tablekit.ui.table import GameTable

ICONS = {"instant": "⚡ Instant", "discard": "🗑 Discard", "passive": "∞ Passive"}
ARROWS = {"threat": "⬆ to Threat", "home": "⬇ to Home"}


class DeckulaTable(GameTable):
    """A whole Deckula! game: Threat and Home, energy, the drawn card, actions, log and chart."""

    chart_title = "Energy and VP by turn"

    def __init__(self, seed: int = 0, difficulty: str = "beginner", match: Match | None = None,
                 hindsight_budget: int = 60_000, **options: Any) -> None:
        self.difficulty, self.options = difficulty, options
        self.hindsight_budget = hindsight_budget
        self._hindsight: tuple[str, HindsightResult] | None = None
        first = match or new_game("deckula", seed=seed, difficulty=difficulty, **options)
        super().__init__(first, self._fresh)
        self.deeper = widgets.Button(description="Search longer (×5)", icon="search",
                                     tooltip="Give the hindsight search five times more positions to prove its answer",
                                     layout=widgets.Layout(width="auto"))
        self.deeper.add_class("tk-search-longer")
        self.deeper.on_click(self._search_longer)
        children = list(self.children)
        children.insert(children.index(self.finish) + 1, self.deeper)
        self.children = children
        self._show_deeper()

    def _fresh(self, seed: int) -> Match:
        return new_game("deckula", seed=seed, difficulty=self.difficulty, **self.options)

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
            return GameTable.status_text(self)  # explicit: LessonTable borrows this method
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
        """The player's score beside the hindsight best for the same deal."""
        return f"<div class='tk-finish'><b>How good was my game?</b> {escape(self.best().summary())}</div>"

    def best(self, node_budget: int | None = None) -> HindsightResult:
        """The hindsight analysis of this deal (kept until the game or the budget changes)."""
        digest = self.match.digest()
        if self._hindsight is None or self._hindsight[0] != digest:
            node_budget = node_budget or self.hindsight_budget
        elif node_budget is None or node_budget <= self._hindsight[1].nodes:
            return self._hindsight[1]
        self._hindsight = (digest, hindsight(self.match, node_budget=node_budget))
        return self._hindsight[1]

    def refresh(self) -> None:
        """Redraw, and offer a longer search while the hindsight best is not proven."""
        super().refresh()
        if hasattr(self, "deeper"):
            self._show_deeper()

    def _show_deeper(self) -> None:
        unproven = self.match.is_over and self.best().status != "optimal"
        self.deeper.layout.display = None if unproven else "none"

    def _search_longer(self, _: Any = None) -> None:
        self.best(node_budget=5 * self.best().nodes)
        self.refresh()


class LessonTable(GameTable):
    """A small table on one of the learn notebook's prepared situations."""

    def __init__(self, name: str) -> None:
        self.lesson_name = name
        super().__init__(lesson(name), lambda _seed: lesson(name))
        self.children = [self.status, self.board, self.actions, self.message,
                         widgets.HBox([self.undo_button, self.new_button]), self.log_panel]
        self.new_button.description = "Reset"

    board_html = DeckulaTable.board_html
    status_text = DeckulaTable.status_text
    state = DeckulaTable.state


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
    return f'<div class="tk-board">{counters}{threat}{middle}{home}</div>'


def card_html(state: DeckulaState, uid: int, new: bool = False) -> str:
    """One card: name, V mark, arrow, effect icons, text, VP seal, cards beneath."""
    spec = state.spec(uid)
    in_play = state.in_play(uid)
    blanked = in_play and state.is_blanked(uid)
    css = " ".join(c for c, on in (("tk-visitor", spec.visitor), ("tk-blanked", blanked), ("tk-new", new)) if on)
    marks = [m for m in (ARROWS.get(spec.arrow or "", ""), *sorted({ICONS[e.timing] for e in spec.effect})) if m]
    badge = '<span class="tk-mark" title="Visitor">V</span>' if spec.visitor else ""
    vp = state.card_vp(uid) if in_play else spec.vp
    held = len(state.beneath.get(uid, ()))
    extra = f"<div class='tk-card-text'><b>{held} beneath</b></div>" if held else ""
    blank = "<div class='tk-card-text'><b>BLANKED</b></div>" if blanked else ""
    return (f'<div class="tk-card {css}" data-card="{escape(spec.id)}" title="{escape(spec.text)}">'
            f'<div class="tk-card-name">{badge}{escape(spec.name)}</div>'
            f'<div class="tk-card-text">{escape(" · ".join(marks))}</div>{blank}{extra}'
            f'<div class="tk-card-text">{escape(_short(spec.text))}</div><div class="tk-vp">{vp}</div></div>')


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


# -- the build notebook: difficulty explorer ---------------------------------------------------
def explore_difficulties(games: int = 200, seed: int = 0, agents: tuple[str, ...] = ("heuristic", "search:16"),
                         difficulties: tuple[str, ...] = ("beginner", "hard", "harder"),
                         executor: Any = None, progress: bool = True) -> dict[tuple[str, str], SimulationResult]:
    """Simulate each agent on each difficulty; results keyed by (agent, difficulty)."""
    return {(agent, level): simulate("deckula", games, seed=seed, agents=(agent,), executor=executor,
                                     config={"difficulty": level}, progress=progress)
            for agent in agents for level in difficulties}


def difficulty_figure(results: dict[tuple[str, str], SimulationResult]) -> go.Figure:
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
    return figure


def difficulty_table(results: dict[tuple[str, str], SimulationResult]) -> widgets.HTML:
    """The same figures as a small table."""
    rows = "".join(f"<tr><td>{a}</td><td>{lvl}</td><td>{r.mean_score()}</td><td>{r.win_rate()}</td></tr>"
                   for (a, lvl), r in results.items())
    return widgets.HTML("<table class='tk-results'><tr><th>agent</th><th>difficulty</th><th>mean VP</th>"
                        f"<th>survival rate</th></tr>{rows}</table>")


def score_distribution_figure(results: dict[tuple[str, str], SimulationResult]) -> go.Figure:
    """The spread of final scores per difficulty and agent (box plots)."""
    figure = go.Figure()
    for (agent, level), result in results.items():
        figure.add_box(y=result.scores(), name=f"{agent} · {level}", boxmean=True)
    figure.update_layout(title="Final scores (0 = lost)", yaxis_title="VP", showlegend=False, height=380)
    return figure
