"""`GameTable`: the widget every game's table builds on — actions, undo, hint, log, chart.

The table is made of named parts (`parts`), laid out by `layout_spec` (names; a tuple of names
is a row); a subclass adds parts and overrides `layout_spec`, a lesson hides parts (`hidden`). A game
declares its options (`table_options`, a tuple of `TableOption`): each is a control in the toolbar, New game
deals with what they show, and a loaded or new match sets them to its own options. The table
draws itself once, after the whole `__init__` chain has run, so a subclass may set up its own
attributes after calling `super().__init__()`. Every callback shows its errors in the table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as widgets
import plotly.graph_objects as go

from tablekit.core.agents import MoveEstimate, hint, number
from tablekit.core.errors import ConfigError, TablekitError
from tablekit.core.game import Action
from tablekit.core.match import Match
from tablekit.ui.charts import Chart, count_axes
from tablekit.ui.errors import error_html, safe, shows_errors
from tablekit.ui.files import LoadButton, loaded_match, save_link
from tablekit.ui.html import STYLE, log_html, render
from tablekit.ui.progress import Progress

LayoutSpec = tuple[str | tuple[str, ...], ...]
FILE_PARTS = ("save", "load", "saved")  # joined to the toolbar (the row holding "new") unless a layout places them
OPTIONS_PART = "options"  # the game's option controls: in the toolbar before the seed unless a layout places them

HINT_ROLLOUTS = 200  # play-outs per hint: at 48 every estimate was rough (benchmarks/hint.py)
STATUS = '<div class="tk-status">{{ text }}</div>'
HINTS = """<div class="tk-hints"><b>Hint</b> — best moves by simulated play-outs:<ol>\
{% for m, label in moves %}<li class="tk-hint"><b>{{ label }}</b>\
{% if m.advice %} — <span class="tk-advice">{{ m.advice }}</span>{% endif %}\
{% if m.rollouts == 0 %}{% elif m.rough %}: estimated {{ num(m.mean) }} <span class="tk-rough">— rough \
({{ m.rollouts }} play-out{{ "" if m.rollouts == 1 else "s" }})</span>, wins {{ pct(m.win_rate) }}\
{% else %}: estimated {{ num(m.mean) }} (95% interval {{ num(m.low) }} to {{ num(m.high) }}, \
{{ m.rollouts }} play-outs), wins {{ pct(m.win_rate) }}{% endif %}</li>{% endfor %}</ol></div>"""
THINKING = '<div class="tk-hints"><i>Estimating the moves by play-outs… {{ done }} of {{ total }}</i></div>'
HINT_STEPS = 20  # the hint's "thinking" line is redrawn this many times while the play-outs run


@dataclass(frozen=True)
class TableOption:
    """One game option as a control on the table: the config field `name`, the words beside it, and
    its `choices` as (words, value) pairs — none: an on/off box. The control starts at the match's
    value (`default` when the match has none); New game deals with what it shows."""

    name: str
    label: str
    choices: tuple[tuple[str, Any], ...] = ()
    default: Any = None
    tooltip: str = ""

    def control(self) -> widgets.Widget:
        """A dropdown of the choices, or a checkbox (CSS class `tk-option-<name>`)."""
        if self.choices:
            box: widgets.Widget = widgets.Dropdown(
                options=list(self.choices), index=self._index(self.default) or 0,
                description=self.label, style={"description_width": "initial"},
                layout=widgets.Layout(width="auto"))
        else:
            box = widgets.Checkbox(value=bool(self.default), description=self.label, indent=False,
                                   layout=widgets.Layout(width="auto"))
        box.tooltip = self.tooltip or None
        box.add_class("tk-option")
        box.add_class("tk-option-" + self.name.replace("_", "-"))
        return box

    def value(self, box: widgets.Widget) -> Any:
        """The option's value the control shows (by position: a choice's value may be None)."""
        if not self.choices:
            return box.value
        return self.default if box.index is None else self.choices[box.index][1]

    def show(self, box: widgets.Widget, value: Any) -> bool:
        """Set the control to `value`; False (and the control left be) when it is not a choice."""
        if not self.choices:
            if isinstance(value, bool):
                box.value = value
            return isinstance(value, bool)
        index = self._index(value)
        if index is not None:
            box.index = index
        return index is not None

    def _index(self, value: Any) -> int | None:
        return next((i for i, (_, v) in enumerate(self.choices) if v == value and type(v) is type(value)),
                    None)


def option_controls(options: tuple[TableOption, ...], config: Any = None) -> dict[str, widgets.Widget]:
    """A control per option, showing `config`'s values where it has them."""
    controls = {option.name: option.control() for option in options}
    show_config(options, controls, config)
    return controls


def show_config(options: tuple[TableOption, ...], controls: Mapping[str, widgets.Widget], config: Any) -> None:
    """Set each control to `config`'s value of its option (a value it cannot show leaves it be)."""
    for option in options:
        if hasattr(config, option.name):
            option.show(controls[option.name], getattr(config, option.name))


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
    end-of-game panel (`finish_html`), declare their options (`table_options`; a table may set its
    own before `super().__init__`), and deal new games (`fresh_match`, with `chosen_options()`). Widgets only call the
    engine; they hold no rules.
    """

    chart_title = "Over the game"
    chart_x_title = "turn"
    layout_spec: ClassVar[LayoutSpec] = ("status", "board", "actions", "message",
                                         ("undo", "redo", "hint", "seed", "new"),
                                         "progress", "hints", "finish", ("log", "chart"))
    hidden: ClassVar[frozenset[str]] = frozenset()
    table_options: ClassVar[tuple[TableOption, ...]] = ()  # the game's options shown as controls

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
        self.load_box = LoadButton()
        self.load_box.add_class("tk-load")
        self.load_box.observe(self._load, names="value")
        self.saved = widgets.HTML()
        self.option_boxes = option_controls(self.table_options, match.config)
        options_row = widgets.HBox(list(self.option_boxes.values()),
                                   layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        options_row.add_class("tk-options")
        self._saved_at: tuple[int, int] | None = None  # (match, actions) the download link holds
        self.chart = self._make_chart()
        log_box = widgets.VBox([widgets.HTML("<b>Log</b> (newest first; click a line for its rule)"),
                                self.log_panel], layout=widgets.Layout(width="56%"))  # beside the chart
        self.parts: dict[str, widgets.Widget] = {
            "status": self.status, "board": self.board, "actions": self.actions,
            "message": self.message, "undo": self.undo_button, "redo": self.redo_button,
            "hint": self.hint_button, "seed": self.seed, "new": self.new_button,
            "save": self.save_button, "load": self.load_box, "saved": self.saved, OPTIONS_PART: options_row,
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
                if OPTIONS_PART not in placed and self.table_options:
                    at = names.index("seed" if "seed" in names else "new")
                    names = (*names[:at], OPTIONS_PART, *names[at:])
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

    def chosen_options(self) -> dict[str, Any]:
        """The options the table's controls show now (what New game deals with)."""
        return {option.name: option.value(self.option_boxes[option.name]) for option in self.table_options}

    def fix_options(self, fixed: bool) -> None:
        """Grey out the option controls (New game deals a given match's options, not theirs)."""
        for box in self.option_boxes.values():
            box.disabled = fixed

    def choose_option(self, name: str, value: Any) -> None:
        """Set an option's control to `value` (what picking it on the table does)."""
        option = next((o for o in self.table_options if o.name == name), None)
        if option is None:
            raise ConfigError(f"this table has no option {name!r}; its options: "
                              f"{', '.join(o.name for o in self.table_options) or 'none'}")
        if not option.show(self.option_boxes[name], value):
            raise ConfigError(f"option {name} offers no {value!r} on this table; choices: "
                              f"{', '.join(repr(v) for _, v in option.choices)}")

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
        total = self.hint_rollouts
        self.hints.value = render(THINKING, done=0, total=total)  # the play-outs may take seconds
        self.hint_button.disabled = True
        self.progress.start(total, "Hint: playing out the moves…")
        legal = self.match.legal_actions()
        try:
            moves = hint(self.match, rollouts=total, top=3, seed=self.seed_value(),
                         progress=self._hint_progress)
        finally:
            self.progress.finish()
            self.hints.value = ""
            self.hint_button.disabled = self.match.is_over
        self.hints.value = hint_html(moves, legal)

    def _hint_progress(self, done: int, total: int) -> None:
        """Move the progress bar, and every so often the hint's own line, on after a play-out."""
        self.progress.update(done, total, words=f"Hint: {done} of {total} play-outs")
        if done == total or done % max(1, total // HINT_STEPS) == 0:
            self.hints.value = render(THINKING, done=done, total=total)

    @shows_errors(prefix="No new game: ")
    def _new_game(self, _: Any = None) -> None:
        self.adopt(self.fresh_match(self.seed_value()))  # refused options: the match stays

    def adopt(self, match: Match) -> None:
        """Play on at `match` from here (a new deal or a loaded file); tables with bots override it."""
        self.match = match
        show_config(self.table_options, self.option_boxes, match.config)
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
        with self.chart.figure.batch_update():  # plotly's batch: values are set when it ends
            for trace in self.chart.data:
                trace.x, trace.y = lines.get(trace.name, ([], []))
        count_axes(self.chart)  # fits the axes to the values, then draws the chart (once)


def hint_html(moves: list[MoveEstimate], legal: list[Action] | None = None) -> str:
    """The hint's moves, best first: mean, 95% interval and play-outs (rough below 30 play-outs).

    Moves that read alike get told apart by their place among the table's options so named
    (`legal`, the table's order; without it, the hint's own order).
    """
    if not moves:
        return ""
    labels = hint_labels([m.action for m in moves], legal)
    return render(HINTS, moves=list(zip(moves, labels, strict=True)), num=number,
                  pct=lambda share: f"{100 * share:.0f}%")


def hint_labels(actions: list[Action], legal: list[Action] | None = None) -> list[str]:
    """Each action's words, with "(1st of 2 so named)" added where two options read alike."""
    options = list(legal) if legal is not None else list(actions)
    options += [a for a in actions if a not in options]
    names = [str(a) for a in options]
    labels = []
    for action in actions:
        name = str(action)
        alike = [o for o, n in zip(options, names, strict=True) if n == name]
        if len(alike) == 1:
            labels.append(name)
        else:
            place = next(i for i, o in enumerate(alike) if o == action) + 1
            labels.append(f"{name} ({ordinal(place)} of {len(alike)} so named)")
    return labels


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
