"""`GameTable`: the widget every game's table builds on — actions, undo, hint, log, chart.

The table is made of named parts (`parts`), laid out by `layout_spec` (names; a tuple of names
is a row); a subclass adds parts and overrides `layout_spec`, a lesson hides parts (`hidden`). The table
draws itself once, after the whole `__init__` chain has run, so a subclass may set up its own
attributes after calling `super().__init__()`. Every callback shows its errors in the table.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import ipywidgets as widgets
import plotly.graph_objects as go

from tablekit.core.agents import MoveEstimate, hint
from tablekit.core.errors import ConfigError, TablekitError
from tablekit.core.game import Action
from tablekit.core.match import Match
from tablekit.ui.charts import Chart, count_axes
from tablekit.ui.errors import error_html, safe, shows_errors
from tablekit.ui.files import loaded_match, save_link
from tablekit.ui.html import STYLE, log_html, render
from tablekit.ui.progress import Progress

LayoutSpec = tuple[str | tuple[str, ...], ...]
FILE_PARTS = ("save", "load", "saved")  # joined to the toolbar (the row holding "new") unless a layout places them

HINT_ROLLOUTS = 200  # play-outs per hint: at 48 every estimate was rough (benchmarks/hint.py)
STATUS = '<div class="tk-status">{{ text }}</div>'
HINTS = """<div class="tk-hints"><b>Hint</b> — best moves by simulated play-outs:<ol>\
{% for m in moves %}<li class="tk-hint"><b>{{ m.action }}</b>: estimated {{ "%.1f" % m.mean }} \
{% if m.rough %}<span class="tk-rough">— rough ({{ m.rollouts }} play-out{{ "" if m.rollouts == 1 else "s" }})\
</span>{% else %}(95% interval {{ "%.1f" % m.low }}–{{ "%.1f" % m.high }}, {{ m.rollouts }} play-outs)\
{% endif %}, wins {{ "%.0f" % (100 * m.win_rate) }}%</li>{% endfor %}</ol></div>"""
THINKING = '<div class="tk-hints"><i>Estimating the moves by play-outs…</i></div>'


class _DrawnWhenBuilt(type(widgets.VBox)):  # type: ignore[misc]
    """Lays out and draws a table once its whole `__init__` chain has run (never half set up)."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        table = super().__call__(*args, **kwargs)
        table.arrange()
        table.refresh()
        return table


class GameTable(widgets.VBox, metaclass=_DrawnWhenBuilt):
    """A game's table bound to a `Match`: one button per legal action, undo/redo, hint, new game.

    Subclasses draw the board (`board_html`), name the chart's series (`series`), may add an
    end-of-game panel (`finish_html`), and deal new games (`fresh_match`). Widgets only call the
    engine; they hold no rules.
    """

    chart_title = "Over the game"
    chart_x_title = "turn"
    layout_spec: ClassVar[LayoutSpec] = ("status", "board", "actions", "message",
                                         ("undo", "redo", "hint", "seed", "new"),
                                         "progress", "hints", "finish", ("log", "chart"))
    hidden: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, match: Match, hint_rollouts: int = HINT_ROLLOUTS) -> None:
        self.match = match
        self.hint_rollouts = hint_rollouts
        self.status = widgets.HTML()
        self.board = widgets.HTML()
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions.add_class("tk-actions")
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.hints = widgets.HTML()
        self.log_panel = widgets.HTML()
        self.finish = widgets.HTML()
        self.progress = Progress()
        self.seed = widgets.Text(value=str(match.seed), description="Seed",
                                 layout=widgets.Layout(width="180px"))
        self.undo_button = self.tool_button("Undo", "undo", self._undo)
        self.redo_button = self.tool_button("Redo", "repeat", self._redo)
        self.hint_button = self.tool_button("Hint", "lightbulb-o", self._hint)
        self.new_button = self.tool_button("New game", "refresh", self._new_game)
        self.save_button = self.tool_button("Save game", "download", self._save)
        self.load_box = widgets.FileUpload(accept=".json", multiple=False, description="Load game", icon="upload",
                                           layout=widgets.Layout(width="auto"))
        self.load_box.add_class("tk-load")
        self.load_box.observe(self._load, names="value")
        self.saved = widgets.HTML()
        self._saved_at: tuple[int, int] | None = None  # (match, actions) the download link holds
        self.chart = self._make_chart()
        log_box = widgets.VBox([widgets.HTML("<b>Log</b> (newest first; click a line for its rule)"),
                                self.log_panel], layout=widgets.Layout(width="56%"))  # beside the chart
        self.parts: dict[str, widgets.Widget] = {
            "status": self.status, "board": self.board, "actions": self.actions,
            "message": self.message, "undo": self.undo_button, "redo": self.redo_button,
            "hint": self.hint_button, "seed": self.seed, "new": self.new_button,
            "save": self.save_button, "load": self.load_box, "saved": self.saved,
            "progress": self.progress, "hints": self.hints, "finish": self.finish,
            "log": log_box, "chart": self.chart}
        self.rows: dict[tuple[str, ...], widgets.HBox] = {}
        super().__init__()
        self.add_class("tk-table")

    # -- layout -------------------------------------------------------------------------------
    def arrange(self) -> None:
        """Lay the parts out as `layout_spec` says, leaving out the `hidden` ones."""
        children = []
        placed = {n for entry in self.layout_spec for n in ((entry,) if isinstance(entry, str) else entry)}
        for entry in self.layout_spec:
            names = (entry,) if isinstance(entry, str) else entry
            if not isinstance(entry, str) and "new" in entry:
                names = (*names, *(n for n in FILE_PARTS if n not in placed))
            shown = [self._part(n) for n in names if n not in self.hidden]
            if isinstance(entry, str):
                children += shown
            elif shown:
                row = widgets.HBox(shown, layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
                row.add_class("tk-row")
                self.rows[entry] = row
                children.append(row)
        self.children = children

    def _part(self, name: str) -> widgets.Widget:
        if name not in self.parts:
            raise KeyError(f"{type(self).__name__}.layout_spec names {name!r}, but no part has that"
                           f" name; parts: {', '.join(self.parts)}")
        return self.parts[name]

    # -- what subclasses provide ------------------------------------------------------------
    def board_html(self) -> str:
        """The board as HTML (every text from card files escaped)."""
        raise NotImplementedError

    def series(self) -> dict[str, tuple[list[float], list[float]]]:
        """Chart lines: name -> (x values, y values)."""
        return {}

    def finish_html(self) -> str:
        """Extra words once the game is over, as HTML (e.g. a comparison with the best possible)."""
        return ""

    def status_text(self) -> str:
        """One line of plain text saying what happens now (escaped when drawn)."""
        if self.match.is_over:
            return f"Game over — {self.match.outcome.text}"
        return f"Player {self.match.to_move + 1} to move: choose an action."

    def fresh_match(self, seed: int | str) -> Match:
        """A new match for the New game button."""
        raise TablekitError(f"{type(self).__name__} cannot deal new games")

    # -- playing --------------------------------------------------------------------------------
    @property
    def buttons(self) -> list[widgets.Button]:
        """The action buttons now shown."""
        return list(self.actions.children)

    def click(self, *texts: str) -> None:
        """Press the action buttons labelled `texts`, in turn (what mouse clicks do)."""
        for text in texts:
            self._button_labelled(text).click()

    def _button_labelled(self, text: str) -> widgets.Button:
        for button in self.buttons:
            if button.description == text:
                return button
        raise TablekitError(f"no button {text!r}; buttons: {[b.description for b in self.buttons]}")

    @shows_errors()
    def play(self, *actions: Action) -> None:
        """Play actions in turn through the match and redraw; an illegal one shows its reason."""
        self.message.value = self.hints.value = ""
        self.match.play(*actions)
        self.refresh()

    def show_error(self, text: str) -> None:
        """Show a message in red under the actions (escaped: card names come from user files)."""
        self.message.value = error_html(TablekitError(text))

    def refresh(self) -> None:
        """Redraw everything from the match."""
        self.status.value = STYLE + render(STATUS, text=self.status_text())
        self.board.value = STYLE + self.board_html()
        self.actions.children = [self._action_button(a) for a in self.match.legal_actions()]
        self.undo_button.disabled = not self.match.can_undo
        self.redo_button.disabled = not self.match.can_redo
        self.hint_button.disabled = self.match.is_over
        self.log_panel.value = log_html(self.match.log, self.match.game.rulebook)
        self.finish.value = self.finish_html() if self.match.is_over else ""
        if self._saved_at != (id(self.match), len(self.match.history)):
            self.saved.value = ""  # the link held an earlier position
        self._update_chart()

    def seed_value(self) -> int | str:
        """The seed box's seed: digits make an int, other text is a string seed."""
        text = self.seed.value.strip()
        if re.fullmatch(r"-?\d+", text):
            return int(text)
        if not text:
            raise ConfigError("the Seed box is empty: type a number or a word")
        return text

    def tool_button(self, text: str, icon: str, handler: Any, style: str = "",
                    css: str | None = None) -> widgets.Button:
        """A toolbar button whose errors show in the table's message line (CSS class `css`,
        by default tk- and its words)."""
        button = widgets.Button(description=text, icon=icon, button_style=style,
                                layout=widgets.Layout(width="auto"))
        button.add_class(css or "tk-" + text.lower().replace(" ", "-"))
        button.on_click(safe(handler, self.message, self.refresh))
        return button

    # -- the toolbar ----------------------------------------------------------------------------
    @shows_errors()
    def _undo(self, _: Any = None) -> None:
        if self.match.can_undo:
            self.match.undo()
        self.message.value = ""
        self.refresh()

    @shows_errors()
    def _redo(self, _: Any = None) -> None:
        if self.match.can_redo:
            self.match.redo()
        self.message.value = ""
        self.refresh()

    @shows_errors(after=None)
    def _hint(self, _: Any = None) -> None:
        self.hints.value = THINKING  # shown while the play-outs run (they may take seconds)
        self.hint_button.disabled = True
        self.progress.start(self.hint_rollouts, "Hint: playing out the moves…")
        try:
            moves = hint(self.match, rollouts=self.hint_rollouts, top=3, seed=self.seed_value(),
                         progress=lambda done, total: self.progress.update(
                             done, total, words=f"Hint: {done} of {total} play-outs"))
        finally:
            self.progress.finish()
            self.hints.value = ""
            self.hint_button.disabled = self.match.is_over
        self.hints.value = hint_html(moves)

    @shows_errors(prefix="No new game: ")
    def _new_game(self, _: Any = None) -> None:
        self.adopt(self.fresh_match(self.seed_value()))  # refused options: the match stays

    def adopt(self, match: Match) -> None:
        """Play on at `match` from here (a new deal or a loaded file); tables with bots override it."""
        self.match = match
        self.message.value = self.hints.value = ""
        self.refresh()

    @shows_errors()
    def _save(self, _: Any = None) -> None:
        self.saved.value = save_link(self.match)
        self._saved_at = (id(self.match), len(self.match.history))

    @shows_errors(prefix="Not loaded: ")
    def _load(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            return  # the box was cleared after a load
        try:
            match = loaded_match(change["new"], self.match.game.name)  # refused: the table keeps its game
        finally:
            self.load_box.value = ()
        self.seed.value = str(match.seed)
        self.adopt(match)
        self.message.value = f"Loaded: {len(match.history)} actions replayed and checked."

    def _action_button(self, action: Action) -> widgets.Button:
        button = widgets.Button(description=str(action), tooltip=str(self.match.explain(action)),
                                layout=widgets.Layout(width="auto"))
        button.on_click(safe(lambda _: self.play(action), self.message, self.refresh))
        return button

    def _make_chart(self) -> Chart:
        figure = Chart(layout=go.Layout(title=self.chart_title, height=320, width=460,
                                                  margin={"l": 40, "r": 10, "t": 40, "b": 40},
                                                  xaxis_title=self.chart_x_title,
                                                  legend={"orientation": "h", "y": -0.3, "yanchor": "top"}))
        for name in self.series_names():
            figure.add_scatter(name=name, mode="lines+markers", x=[], y=[])
        return figure

    def series_names(self) -> list[str]:
        """The chart's line names (drawn before the table is set up: from the match alone)."""
        return list(self.series())

    def _update_chart(self) -> None:
        lines = self.series()
        with self.chart.batch_update():
            for trace in self.chart.data:
                trace.x, trace.y = lines.get(trace.name, ([], []))
        count_axes(self.chart)


def hint_html(moves: list[MoveEstimate]) -> str:
    """The hint's moves, best first: mean, 95% interval and play-outs (rough below 30 play-outs)."""
    return render(HINTS, moves=moves) if moves else ""
