"""`GameTable`: the widget every game's table builds on — actions, undo, hint, log, chart."""

from __future__ import annotations

import copy
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from tablekit.core.agents import MoveEstimate, hint
from tablekit.core.errors import TablekitError
from tablekit.core.game import Action
from tablekit.core.match import Match
from tablekit.ui.html import STYLE, log_html


class GameTable(widgets.VBox):
    """A game's table bound to a `Match`: one button per legal action, undo/redo, hint, new game.

    Subclasses draw the board (`board_html`), name the chart's series (`series`), and may add
    an end-of-game panel (`finish_html`). Widgets only call the engine; they hold no rules.
    """

    chart_title = "Over the game"
    chart_x_title = "turn"

    def __init__(self, match: Match, new_match: Callable[[int], Match], hint_rollouts: int = 48) -> None:
        self.match = match
        self._new_match = new_match
        self.hint_rollouts = hint_rollouts
        self.status = widgets.HTML()
        self.board = widgets.HTML()
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions.add_class("tk-actions")
        self.message = widgets.HTML()
        self.hints = widgets.HTML()
        self.log_panel = widgets.HTML()
        self.finish = widgets.HTML()
        self.seed = widgets.IntText(value=_int_seed(match.seed), description="Seed", layout=widgets.Layout(width="160px"))
        self.undo_button = _button("Undo", "undo", self._undo)
        self.redo_button = _button("Redo", "repeat", self._redo)
        self.hint_button = _button("Hint", "lightbulb-o", self._hint)
        self.new_button = _button("New game", "refresh", self._new_game)
        self.chart = self._make_chart()
        toolbar = widgets.HBox([self.undo_button, self.redo_button, self.hint_button, self.seed, self.new_button])
        log_box = widgets.VBox([widgets.HTML("<b>Log</b> (newest first; click a line for its rule)"), self.log_panel])
        super().__init__([self.status, self.board, self.actions, self.message, toolbar, self.hints,
                          self.finish, widgets.HBox([log_box, self.chart])])
        self.refresh()

    # -- what subclasses provide ------------------------------------------------------------
    def board_html(self) -> str:
        """The board as HTML."""
        raise NotImplementedError

    def series(self) -> dict[str, tuple[list[float], list[float]]]:
        """Chart lines: name -> (x values, y values)."""
        return {}

    def finish_html(self) -> str:
        """Extra words once the game is over (e.g. a comparison with the best possible)."""
        return ""

    def status_text(self) -> str:
        """One line saying what happens now."""
        if self.match.is_over:
            return f"Game over — {self.match.outcome.text}"
        return f"Player {self.match.to_move + 1} to move: choose an action."

    # -- playing --------------------------------------------------------------------------------
    @property
    def buttons(self) -> list[widgets.Button]:
        """The action buttons now shown."""
        return list(self.actions.children)

    def click(self, text: str) -> None:
        """Press the action button labelled `text` (what a mouse click does)."""
        for button in self.buttons:
            if button.description == text:
                button.click()
                return
        raise TablekitError(f"no button {text!r}; buttons: {[b.description for b in self.buttons]}")

    def play(self, *actions: Action) -> None:
        """Play actions in turn through the match and redraw; an illegal one shows its reason."""
        try:
            self.match.play(*actions)
            self.message.value = ""
        except TablekitError as error:
            self.show_error(str(error))
        self.hints.value = ""
        self.refresh()

    def show_error(self, text: str) -> None:
        """Show a message in red under the actions (escaped: card names come from user files)."""
        self.message.value = f'<span style="color:#c53030">{escape(text)}</span>'

    def refresh(self) -> None:
        """Redraw everything from the match."""
        self.status.value = STYLE + f'<div class="tk-status">{self.status_text()}</div>'
        self.board.value = STYLE + self.board_html()
        self.actions.children = [self._action_button(a) for a in self.match.legal_actions()]
        self.undo_button.disabled = not self.match.can_undo
        self.redo_button.disabled = not self.match.can_redo
        self.hint_button.disabled = self.match.is_over
        self.log_panel.value = log_html(self.match.log, self.match.game.rulebook)
        self.finish.value = self.finish_html() if self.match.is_over else ""
        self._update_chart()

    # -- the toolbar ----------------------------------------------------------------------------
    def _undo(self, _: Any = None) -> None:
        if self.match.can_undo:
            self.match.undo()
        self.refresh()

    def _redo(self, _: Any = None) -> None:
        if self.match.can_redo:
            self.match.redo()
        self.refresh()

    def _hint(self, _: Any = None) -> None:
        moves = hint(self.match, rollouts=self.hint_rollouts, top=3, seed=self.seed.value)
        self.hints.value = _hint_html(moves)

    def _new_game(self, _: Any = None) -> None:
        try:
            match = self._new_match(self.seed.value)
        except TablekitError as error:  # e.g. options the game refuses: the match stays
            self.show_error(f"No new game: {error}")
            return
        self.match = match
        self.message.value = self.hints.value = ""
        self.refresh()

    def _action_button(self, action: Action) -> widgets.Button:
        button = widgets.Button(description=str(action), tooltip=str(self.match.explain(action)),
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _: self.play(action))
        return button

    def _make_chart(self) -> go.FigureWidget:
        figure = go.FigureWidget(layout=go.Layout(title=self.chart_title, height=320, width=460,
                                                  margin={"l": 40, "r": 10, "t": 40, "b": 40},
                                                  xaxis_title=self.chart_x_title,
                                                  legend={"orientation": "h", "y": -0.3, "yanchor": "top"}))
        for name in self.series():
            figure.add_scatter(name=name, mode="lines+markers", x=[], y=[])
        return figure

    def _update_chart(self) -> None:
        lines = self.series()
        with self.chart.batch_update():
            for trace in self.chart.data:
                trace.x, trace.y = lines.get(trace.name, ([], []))
        # a view drawn later (Voilà, a re-displayed cell) starts from this state, not the messages
        self.chart._widget_data = copy.deepcopy(self.chart._data)
        self.chart._widget_layout = copy.deepcopy(self.chart._layout_obj._props)


def _button(text: str, icon: str, handler: Callable[[Any], None]) -> widgets.Button:
    button = widgets.Button(description=text, icon=icon, layout=widgets.Layout(width="auto"))
    button.add_class("tk-" + text.lower().replace(" ", "-"))
    button.on_click(handler)
    return button


def _hint_html(moves: list[MoveEstimate]) -> str:
    if not moves:
        return ""
    rows = "".join(f"<li class='tk-hint'><b>{m.action}</b>: estimated {m.mean:.1f} "
                   f"(95% {m.low:.1f}–{m.high:.1f}), wins {m.win_rate:.0%} of {m.rollouts} playouts</li>"
                   for m in moves)
    return f"<div><b>Hint</b> — best moves by simulated playouts:<ol>{rows}</ol></div>"


def _int_seed(seed: int | str) -> int:
    return seed if isinstance(seed, int) else 0
