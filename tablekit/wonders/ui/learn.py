"""Learn Deck of Wonders in widgets: the rulebook's examples live, and a Battle Lines puzzle."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets
from markupsafe import Markup

from tablekit.core.errors import TablekitError
from tablekit.core.match import Match
from tablekit.ui.errors import safe
from tablekit.ui.html import STYLE, render, zone_html
from tablekit.ui.lesson import LessonTable
from tablekit.wonders import lessons
from tablekit.wonders.actions import EndTurn
from tablekit.wonders.battle import (
    BattleReport,
    Fighter,
    best_battle_lines,
    player_groups,
    resolve_villain_attacks,
)
from tablekit.wonders.lessons import PuzzleVerdict, judge_layout
from tablekit.wonders.ui.board import WONDERS_STYLE, board_html, layout_table_html, report_fallen
from tablekit.wonders.ui.table import WondersTable

EXAMPLES: dict[str, Callable[[], Match]] = {"A": lessons.example_a, "B": lessons.example_b,
                                            "C": lessons.example_c}
EXAMPLE_A = """<div class='tk-example-a'><b>Example A played out</b> — what the table above does \
once you press <b>End your turn</b> and, like the book, give Earth Shield to the Gnomish Servant:\
<ol>{% for line in lines %}<li>{{ line }}</li>{% endfor %}</ol><b>The table as your next turn \
begins:</b></div>{{ board }}"""
EXAMPLE_C = """<ol class='tk-example-c' style='list-style:none;padding-left:0'>\
{% for number, villains, players, story in blocks %}<li><b>Layout {{ number }}</b> — Villain: \
{{ villains }}; you: {{ players }}<br>{{ story }}</li>{% endfor %}</ol>"""
VERDICT = """<div class='tk-verdict'><b>{{ verdict }}</b></div><div><b>Yours:</b> {{ mine }}</div>\
<div><b>Advisor's best:</b> {{ theirs }}</div>"""
LINES = "<div class='tk-lineup'>Villain line: {{ villains }}<br>Your line: {{ players }}</div>"
FIGHTER = """<div class="tk-card tk-minion tk-ready">{% if player %}<span class="tk-prio">\
P{{ f.priority }}</span>{% endif %}<div class="tk-card-name">{{ f.name }}</div><div class="tk-stats">\
<span class="tk-str">⚔{{ f.strength }}</span> <span class="tk-hp">♥{{ f.health }}</span></div>\
<div class="tk-card-text">{{ marks }}</div></div>"""


class ExampleTable(LessonTable, WondersTable):
    """A small table on one of the rulebook's examples ("A", "B" or "C"); Reset deals it again."""

    game = "wonders"
    lessons = EXAMPLES
    hidden = LessonTable.hidden | {"villain"}

    def __init__(self, name: str) -> None:
        self.example = name
        super().__init__(name)


def example_a_html() -> str:
    """The rulebook's Example A played to its end: the Villain's turn, line by line, and the
    table it leaves (for a reader who does not press the buttons)."""
    match = lessons.example_a()
    start = len(match.log)
    match.apply(EndTurn())
    match.apply(match.action("Choose Gnomish Servant"))
    lines = [event.text for event in match.log[start:]]
    end = next(i for i, event in enumerate(match.log[start:]) if event.rule == "wonders.villain-turn-end")
    return STYLE + render(EXAMPLE_A, lines=lines[:end + 1], board=Markup(board_html(match.state)))


def example_c_html() -> str:
    """The rulebook's three Example C layouts played out, and how the advisor ranks them."""
    players, villains = lessons.example_c_fighters()
    blocks = []
    for number, (villain_order, player_order) in lessons.EXAMPLE_C_LAYOUTS.items():
        mine, theirs = _ordered(players, player_order), _ordered(villains, villain_order)
        story = narrate(resolve_villain_attacks(mine, theirs), mine, theirs)
        blocks.append((number, ", ".join(villain_order), ", ".join(player_order), story))
    ranked = best_battle_lines(players, villains, limit=3)
    return (STYLE + WONDERS_STYLE + render(EXAMPLE_C, blocks=blocks)
            + layout_table_html(ranked, "The advisor's top three"))


def narrate(report: BattleReport, player_line: Sequence[Fighter], villain_line: Sequence[Fighter]) -> str:
    """What the Villain's attacks did, step by step (step indices refer to the lists given)."""
    words = []
    for step in report.steps:
        attackers = " and ".join(villain_line[i].name for i in step.attackers)
        if step.target is None:
            words.append(f"{attackers} {'hit' if len(step.attackers) > 1 else 'hits'} you for {step.damage}.")
        else:
            verb = "attack" if len(step.attackers) > 1 else "attacks"
            words.append(f"{attackers} {verb} {player_line[step.target].name} ({step.damage} damage).")
    words.append(f"Damage to you: {report.player_damage}; destroyed: {report_fallen(report)}.")
    return " ".join(words)


class BattlePuzzle(widgets.VBox):
    """Line up both rows by hand, then see where your layout ranks among all allowed ones."""

    def __init__(self, players: Sequence[Fighter], villains: Sequence[Fighter]) -> None:
        self.players, self.villains = list(players), list(villains)
        self.villain_line: list[int] = []
        self.player_line: list[int] = []
        self.verdict: PuzzleVerdict | None = None
        self.cards = widgets.HTML(STYLE + WONDERS_STYLE + self._cards_html())
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.villain_buttons = [self._button(f, lambda i=i: self.pick_villain(i))
                                for i, f in enumerate(self.villains)]
        self.player_buttons = [self._button(f, lambda i=i: self.pick_player(i))
                               for i, f in enumerate(self.players)]
        self.lines = widgets.HTML()
        self.reset_button = widgets.Button(description="Start over", icon="undo")
        self.reset_button.on_click(self._safe(self.reset))
        self.check_button = widgets.Button(description="Compare with the advisor", icon="balance-scale",
                                           button_style="success", layout=widgets.Layout(width="auto"))
        self.check_button.add_class("tk-compare")
        self.check_button.on_click(self._safe(self.check))
        self.result = widgets.HTML()
        super().__init__([self.cards,
                          widgets.HTML("<b>Villain line</b>: click the Villain minions in the order they attack"),
                          widgets.HBox(self.villain_buttons, layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HTML("<b>Your line</b>: highest Priority first; you order the ties"),
                          widgets.HBox(self.player_buttons, layout=widgets.Layout(flex_flow="row wrap")),
                          self.lines, widgets.HBox([self.reset_button, self.check_button]),
                          self.message, self.result])
        self.add_class("tk-puzzle")
        self.refresh()

    @classmethod
    def from_seed(cls, seed: int, players: int = 3, villains: int = 4) -> BattlePuzzle:
        """A puzzle from the sample set's minions (the same seed, the same puzzle)."""
        return cls(*lessons.battle_puzzle(seed, players, villains))

    def pick_villain(self, index: int) -> None:
        """Put Villain minion `index` next in the Villain line."""
        if index not in self.villain_line:
            self.villain_line.append(index)
        self.refresh()

    def pick_player(self, index: int) -> None:
        """Put Player minion `index` next in your line (it must be of the highest Priority left)."""
        if index in self._allowed_players():
            self.player_line.append(index)
        self.refresh()

    def press(self, villain_order: Sequence[str], player_order: Sequence[str]) -> PuzzleVerdict | None:
        """Press the minion buttons named, in order (as a learner would), then Compare."""
        for names, buttons in ((villain_order, self.villain_buttons), (player_order, self.player_buttons)):
            for name in names:
                button = next((b for b in buttons if not b.disabled
                               and b.description.startswith(name + " ")), None)
                if button is None:
                    raise TablekitError(f"no minion {name!r} can be placed next in this puzzle")
                button.click()
        self.check_button.click()
        return self.verdict

    def reset(self) -> None:
        """Clear both lines."""
        self.villain_line, self.player_line, self.verdict = [], [], None
        self.result.value = ""
        self.refresh()

    @property
    def complete(self) -> bool:
        """True once every minion has its place."""
        return len(self.villain_line) == len(self.villains) and len(self.player_line) == len(self.players)

    def check(self) -> PuzzleVerdict | None:
        """Judge the layout against every allowed one and show the advisor's best."""
        if not self.complete:
            self.result.value = "<i>Place every minion first.</i>"
            return None
        villain_order = [self.villains[i].name for i in self.villain_line]
        player_order = [self.players[i].name for i in self.player_line]
        self.verdict = judge_layout(self.players, self.villains, villain_order, player_order)
        best = self.verdict.best
        mine = narrate(self.verdict.yours.report, self.players, self.villains)
        theirs = narrate(best.report, self.players, self.villains)
        ranked = best_battle_lines(self.players, self.villains, limit=3)
        self.result.value = (STYLE + WONDERS_STYLE
                             + render(VERDICT, verdict=str(self.verdict), mine=mine, theirs=theirs)
                             + layout_table_html(ranked, "The advisor's top three"))
        return self.verdict

    def refresh(self) -> None:
        """Enable the buttons that may be pressed and show both lines so far."""
        allowed = self._allowed_players()
        for i, button in enumerate(self.villain_buttons):
            button.disabled = i in self.villain_line
        for i, button in enumerate(self.player_buttons):
            button.disabled = i not in allowed
        villains = ", ".join(self.villains[i].name for i in self.villain_line) or "—"
        players = ", ".join(self.players[i].name for i in self.player_line) or "—"
        self.lines.value = render(LINES, villains=villains, players=players)
        self.check_button.disabled = not self.complete

    def _allowed_players(self) -> list[int]:
        for group in player_groups(self.players):
            left = [i for i in group if i not in self.player_line]
            if left:
                return left
        return []

    def _cards_html(self) -> str:
        def card(f: Fighter, side: str) -> str:
            marks = " ".join(w for w, on in (("Poison", f.poison), ("Shield", f.shield), ("Taunt", f.taunt)) if on)
            return render(FIGHTER, f=f, player=side == "player", marks=marks)
        return ('<div class="tk-board tk-wonders-board">'
                + zone_html("Villain's ready minions", (card(f, "villain") for f in self.villains), "tk-villain-row")
                + zone_html("Your minions", (card(f, "player") for f in self.players), "tk-player-row")
                + "</div>")

    def _safe(self, action: Callable[[], object]) -> Callable[[object], None]:
        """A button callback that shows its errors under the buttons (the lines stay as they were)."""
        def run(_: object) -> None:
            self.message.value = ""
            action()
        return safe(run, self.message, self.refresh)

    def _button(self, fighter: Fighter, action: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(description=f"{fighter.name} ⚔{fighter.strength} ♥{fighter.health}",
                                layout=widgets.Layout(width="auto"))
        button.on_click(self._safe(action))
        return button


def _ordered(fighters: list[Fighter], names: Sequence[str]) -> list[Fighter]:
    pool = list(fighters)
    return [pool.pop(next(i for i, f in enumerate(pool) if f.name == n)) for n in names]


def example_c_ranking() -> list[int]:
    """The book's Example C layout numbers as the advisor ranks them, best first."""
    players, villains = lessons.example_c_fighters()
    ranked = best_battle_lines(players, villains, limit=None)
    orders = [(lay.villain_order, lay.player_order) for lay in ranked]
    book = {n: (v, p) for n, (v, p) in lessons.EXAMPLE_C_LAYOUTS.items()}
    return sorted(book, key=lambda n: orders.index(book[n]))
