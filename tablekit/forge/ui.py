"""DeckNForge in widgets: the play table (you play one seat, bots the others) and lesson tables.

Built on the shared `GameTable`: every button runs through the error-showing wrapper, every text
from a Book, label pool or campaign file reaches the page through autoescaped templates, and the
bots' turns show a progress bar when they run long (a whole fight after you are knocked out).
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets
from markupsafe import Markup

from tablekit.core.agents import Agent, make_agent
from tablekit.core.errors import ConfigError, TablekitError
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.forge.cards import card_label, card_suit, parse_card
from tablekit.forge.lessons import LESSONS, label_row, lesson
from tablekit.forge.play import by_rank
from tablekit.forge.round import wizard
from tablekit.forge.rules import BOSSES, cheapest_dodge
from tablekit.forge.state import HIDDEN, ForgeState
from tablekit.ui.errors import shows_errors
from tablekit.ui.html import counters_html, render, zone_html
from tablekit.ui.lesson import LessonTable
from tablekit.ui.table import HINT_ROLLOUTS, GameTable, TableOption

RED_SUITS = (1, 3)
MAX_BOT_ACTIONS = 20_000   # far more than any dungeon needs: reaching it is a bug, and says so
BOTS = {"Heuristic bots": "heuristic", "Search bots (16 play-outs)": "search:16"}
PROMPTS = {"label": "A Boss is revealed: add a label for its reward, or none.",
           "plot": "Plot: lay a card face down to attack, or Convert an Item.",
           "tactic": "Tactics: take one (paid with discards) or pass.",
           "pay": "Pay for your Tactic: choose a card to discard.",
           "hit": "A hit comes: dodge (more than the attack) or take it.",
           "reward": "Your killing blow! Choose Rally, Surge or Momentum.",
           "mythic": "Your Hero earned a Mythic: choose it."}


class ForgeTable(GameTable):
    """A whole dungeon: you play seat `seat`; bots (seeing only their own view) play the rest."""

    chart_title = "Boss and wizard HP by round"
    chart_x_title = "round (all fights)"
    progress_after = 0.5  # seconds of bots' play before the progress bar shows (the search bot is slow)
    layout_spec = ("status", "board", "actions", "message",
                   ("undo", "redo", "hint", "options", "seats", "bots", "seed", "new"),
                   "progress", "hints", "finish", ("log", "chart"))
    table_options = (
        TableOption("wizards", "Wizards", tuple((str(n), n) for n in range(1, 6)), 1,
                    "how many wizards go into the dungeon: you and the bots (rule forge.player-counts)"),
        TableOption("inscriptions", "Inscriptions", (("starter", "starter"), ("none", "none")), "starter",
                    "the starting inscriptions on each wizard's cards (rule forge.starting-inscriptions)"),
        TableOption("mythics", "Mythics", default=True,
                    tooltip="a Hero's killing blows can earn Mythics (rule forge.mythic)"))

    def __init__(self, seed: int | str = 0, wizards: int = 1, seat: int = 0,
                 bot: Agent | str = "heuristic", match: Match | None = None, hint_rollouts: int = HINT_ROLLOUTS,
                 **options: Any) -> None:
        self.options, self.bot = options, make_agent(bot)
        self._given = match  # a match handed in (a lesson, a campaign's dungeon): New game keeps its options
        first = match or new_game("forge", seed=seed, wizards=wizards, **options)
        self.seat = _checked_seat(seat, first.state.wizards)
        super().__init__(first, hint_rollouts=hint_rollouts)
        n = first.state.wizards
        self.wizards_box = self.option_boxes["wizards"]
        self.fix_options(match is not None)  # a given match's options stay (a lesson, a campaign's dungeon)
        self.seat_box = widgets.Dropdown(options=_seat_options(n), value=self.seat, description="You",
                                         layout=widgets.Layout(width="170px"))
        self.wizards_box.observe(self._wizards_changed, names="value")
        named = isinstance(bot, str) and bot in BOTS.values()
        self.bots_box = widgets.Dropdown(options=BOTS if named else {self.bot.name: bot},
                                         value=bot, description="Bots", disabled=not named,
                                         layout=widgets.Layout(width="260px"))
        self.bots_box.observe(self._bots_changed, names="value")
        self.undo_button = self.tool_button("Undo", "undo", self.undo_turn)
        self.redo_button = self.tool_button("Redo", "repeat", self.redo_turn)
        self.parts.update(seats=self.seat_box, bots=self.bots_box, undo=self.undo_button,
                          redo=self.redo_button)
        self.run_bots(self.match)

    @property
    def state(self) -> ForgeState:
        """The match's current state."""
        return self.match.state

    # -- dealing and the bots ---------------------------------------------------------------
    def fresh_match(self, seed: int | str) -> Match:
        """A new dungeon at the table size and seat chosen in the boxes; the bots play up to you."""
        seat = self.seat_box.value
        if self._given is not None:
            match = Match(self._given.game, self._given.config, seed)
        else:
            match = new_game("forge", seed=seed, **{**self.options, **self.chosen_options()})
        seat = _checked_seat(seat, match.state.wizards)
        self.run_bots(match, seat)
        self.seat = seat
        return match

    def start(self, match: Match) -> None:
        """Play on at a new match (e.g. a campaign's next dungeon): New game keeps its options."""
        self.seat = _checked_seat(self.seat, match.state.wizards)
        self.adopt(match)
        self._given = match
        self.seed.value = str(match.seed)
        self.fix_options(True)  # New game deals this match's options again

    def adopt(self, match: Match) -> None:
        """Play on at `match` (a new deal or a loaded file) from your seat (the first, if the table
        is smaller): the bots move until it is your turn."""
        seat = self.seat if self.seat < match.state.wizards else 0
        self.run_bots(match, seat)
        self.seat = seat
        super().adopt(match)
        self.seat_box.value = seat

    @shows_errors()
    def play(self, *actions: Any) -> None:
        """Play your actions, then the bots until it is your turn again (all or nothing)."""
        self.message.value = self.hints.value = ""
        before = len(self.match.history)
        try:
            self.match.play(*actions)
            self.run_bots(self.match)
        except Exception:
            while len(self.match.history) > before:  # the table stays as it was before the click
                self.match.undo()
            raise
        self.refresh()

    def run_bots(self, match: Match, seat: int | None = None) -> int:
        """Bots decide for every seat but yours, each from its own view; returns how many actions.

        The bots' randomness comes from the match's seed, so a replay gives the same game.
        """
        seat = self.seat if seat is None else seat
        rng = random.Random(f"forge-bots-{match.seed}-{len(match.history)}")
        done, start = 0, time.monotonic()
        try:
            while match.to_move is not None and match.to_move != seat:
                if done >= MAX_BOT_ACTIONS:
                    raise TablekitError(f"the bots made {done} moves without reaching your turn")
                mover = match.to_move
                match.apply(self.bot.choose(match.game, match.view(mover), match.legal_actions(),
                                            rng))
                done += 1
                if time.monotonic() - start >= self.progress_after:
                    self._bots_progress(match, done)
        finally:
            self.progress.finish()
        return done

    @shows_errors()
    def undo_turn(self, _: Any = None) -> None:
        """Take back your last decision (and the bots' moves after it)."""
        match, before = self.match, len(self.match.history)
        while match.can_undo:
            match.undo()
            if match.to_move == self.seat:
                break
        if match.to_move != self.seat:  # only bots' moves before: put them back
            while len(match.history) < before:
                match.redo()
            raise TablekitError("Nothing of yours to take back yet: the bots moved first.")
        self.message.value = ""
        self.refresh()

    @shows_errors()
    def redo_turn(self, _: Any = None) -> None:
        """Play your taken-back decision again (and the bots' moves after it)."""
        if self.match.can_redo:
            self.match.redo()
            while self.match.can_redo and self.match.to_move not in (self.seat, None):
                self.match.redo()
        self.message.value = ""
        self.refresh()

    def _bots_progress(self, match: Match, done: int) -> None:
        state = match.state
        words = (f"The bots are playing while it is not your turn: Boss {min(state.boss_no + 1, BOSSES)}"
                 f" of {BOSSES}, round {state.round}, {done} moves so far…")
        if not self.progress.running:
            self.progress.start(BOSSES, words)
        self.progress.update(state.boss_no, words=words)

    @shows_errors()
    def _wizards_changed(self, change: dict[str, Any]) -> None:
        self.seat_box.options = _seat_options(change["new"])
        self.seat_box.value = min(self.seat, change["new"] - 1)

    @shows_errors()
    def _bots_changed(self, change: dict[str, Any]) -> None:
        self.bot = make_agent(change["new"])  # the bots play this way from their next move

    # -- drawing ----------------------------------------------------------------------------
    def board_html(self) -> str:
        """Boss and Minions, every wizard (your hand face up), the pending hit."""
        return board_html(self.match.view(self.seat), self.seat)

    def status_text(self) -> str:
        """What you must do now."""
        if self.match.is_over:
            return GameTable.status_text(self)
        return f"{wizard(self.seat)} (you): {PROMPTS.get(self.state.phase, '')}"

    def series(self) -> dict[str, tuple[list[float], list[float]]]:
        """Boss HP and each wizard's HP at the start of every round."""
        points: dict[tuple[int, int], ForgeState] = {}
        for state in self.match.states:
            points.setdefault((state.boss_no, state.round), state)
        keys = sorted(points)
        xs = list(range(1, len(keys) + 1))
        lines = {"Boss": (xs, [max(0, points[k].boss_hp) for k in keys])}
        for w in range(self.state.wizards):
            lines[wizard(w)] = (xs, [points[k].hp[w] for k in keys])
        return lines


class ForgeLesson(LessonTable, ForgeTable):
    """A small DeckNForge table on one of the learn notebook's prepared situations (by name)."""

    game = "forge"
    lessons = {name: functools.partial(lesson, name) for name in LESSONS}
    hidden = LessonTable.hidden | {"wizards", "seats", "bots"}

    def fresh_match(self, seed: int | str) -> Match:
        """Reset: the same situation again, the bots playing up to your seat."""
        match = LessonTable.fresh_match(self, seed)
        self.run_bots(match)
        return match


# -- the board as HTML (autoescaped templates: names and texts come from users' files) -------
BOARD = '<div class="tk-board">{{ counters }}{% for zone in zones %}{{ zone }}{% endfor %}{{ hit }}</div>'
MONSTER = """<div class="tk-card tk-visitor tk-monster"><div class="tk-card-name">{{ name }}</div>\
<div class="tk-card-text">HP {{ hp }} · ATK {{ atk }}<br>{{ note }}</div></div>"""
CARD = """<div class="tk-card tk-forge-card" data-card="{{ label }}" style="width:84px;min-height:40px">\
<div class="tk-card-name" style="color:{{ colour }}">{{ label }}</div>\
{% if page %}<div class="tk-card-text">{{ page.name }}: {{ page.text }}</div>{% endif %}</div>"""
HAND_SIZE = '<span class="tk-card tk-hand-size" style="width:auto">{{ n }} cards in hand</span>'
WIZARD = """{{ name }}{{ " (you)" if you }} — HP {{ hp }}{{ " (out of this fight)" if out }}, \
shield {{ shield }}, {{ coppers }} coppers, personal Glory {{ glory }} (band Glory +{{ band_glory }} \
this dungeon), deck {{ deck }}, {{ committed }} committed, {{ plotted }}"""
LABELS = """<table class="tk-board tk-labels"><tr><th>button</th><th>label</th><th>tier</th>\
<th>reward at once</th><th>what it does, for good</th></tr>{% for row in rows %}<tr>\
<td>{{ row.button }}</td><td>{{ row.label }}</td><td>{{ row.tier }}</td><td>{{ row["reward at once"] }}</td>\
<td>{{ row["what it does"] }}</td></tr>{% endfor %}</table>"""
HIT = """<div class="tk-hit"><b>{{ attacker }}</b> attacks for {{ attack }}: {% if best is none %}\
no dodge possible{% else %}cheapest dodge discards face values {{ best }} (total {{ best|sum }})\
{% endif %}.</div>"""


def board_html(view: ForgeState, seat: int) -> str:
    """The table as `seat` sees it, as HTML (every text from files escaped)."""
    counters = counters_html({"Boss": f"{min(view.boss_no + 1, BOSSES)} of {BOSSES}",
                              "Round": view.round, "Active": wizard(view.active)})
    zones = []
    if view.boss_no < BOSSES:
        boss = view.monsters[view.boss]
        labels = ", ".join(_label_name(view, lab) for lab in boss.labels) or "no labels"
        note = f"{boss.hp} written HP × {view.wizards}; {labels}"
        zones.append(zone_html("Boss", [_monster(view.monster_name(view.boss),
                                                 max(view.boss_hp, 0), view.boss_atk, note)],
                               "tk-boss"))
    if view.phase == "label":
        zones.append(zone_html("Labels you may add", [render(LABELS, rows=_label_rows(view))],
                               "tk-label-pool"))
    minions = [_monster(view.monster_name(m), view.monsters[m].hp, view.monsters[m].atk, "Minion")
               for m in view.minions]
    zones.append(zone_html(f"Minions ({len(view.minion_pool)} left in the pool)", minions,
                           "tk-minions"))
    zones += [_wizard_html(view, w, seat) for w in range(view.wizards)]
    hit = ""
    if view.phase == "hit" and view.hits and view.hits[0].wizard == seat:
        pending = view.hits[0]
        best = cheapest_dodge([view.dodge_values[c] for c in view.hands[seat]], pending.attack)
        hit = render(HIT, attacker=pending.source, attack=pending.attack, best=best)
    return render(BOARD, counters=Markup(counters), zones=[Markup(z) for z in zones],
                  hit=Markup(hit))


def _wizard_html(view: ForgeState, w: int, seat: int) -> str:
    plot = view.plots[w]
    if plot == HIDDEN:
        plotted = "a face-down card"
    elif plot >= 0:
        plotted = ("converts " if view.converted[w] else "attacks with ") + card_label(plot)
    else:
        plotted = "no card on the table"
    title = render(WIZARD, name=wizard(w), you=w == seat, hp=view.hp[w], out=view.out[w],
                   shield=view.shield[w], coppers=view.coppers[w], glory=view.glory[w],
                   band_glory=view.band_glory[w], deck=view.deck_size(w),
                   committed=len(view.committed[w]), plotted=plotted)
    if w == seat:
        cards = [_card(view, c) for c in by_rank(view.hands[w])]
    else:
        cards = [render(HAND_SIZE, n=len(view.hands[w]))]
    return zone_html(Markup(title), cards, f"tk-wizard tk-wizard-{w + 1}")


def _card(view: ForgeState, card: int) -> str:
    colour = "#c53030" if card_suit(card) in RED_SUITS else "#1a202c"
    return render(CARD, label=card_label(card), colour=colour, page=view.inscription(card))


def _monster(name: str, hp: int, atk: int, note: str) -> str:
    return render(MONSTER, name=name, hp=hp, atk=atk, note=note)


def _label_rows(view: ForgeState) -> list[dict[str, Any]]:
    """The pool's labels the revealed Boss does not carry yet, as the label table's rows."""
    boss = view.monsters[view.boss]
    return [label_row(lab) for lab in view.game.pool.labels if lab.id not in boss.labels]


def _label_name(view: ForgeState, label_id: str) -> str:
    pool = view.game.pool
    return pool[label_id].name if label_id in pool else label_id


def _checked_seat(seat: int, wizards: int) -> int:
    if not isinstance(seat, int) or not 0 <= seat < wizards:
        raise ConfigError(f"seat {seat!r} is not at a table of {wizards} wizards "
                          "(seats count from 0) [rule forge.player-counts]")
    return seat


def _seat_options(wizards: int) -> list[tuple[str, int]]:
    return [(wizard(w), w) for w in range(wizards)]


# -- the build notebook ---------------------------------------------------------------------
def build_summary(result: Any) -> Any:
    """Who played the simulated dungeons, in which setting, and the optimiser's verdict (escaped HTML)."""
    from IPython.display import HTML
    text = Markup("<p><b>{wizards} wizard(s)</b>, {coppers} coppers: {shown}.</p><p>Simulated player: "
                  "<b>{player}</b>. Setting: {setting}.</p><p>{message}</p>").format(
        wizards=result.wizards, coppers=result.coppers, shown=_shown(result), player=result.player,
        setting=result.setting, message=result.message)
    return HTML(str(text))


def _shown(result: Any) -> str:
    """The verdict in a few words: a new plan, a baseline that beat the others, or nothing shown better."""
    return _by_outcome(result, "nothing was shown better", "{} shown better than the other baselines",
                       "shown better than every baseline")


def _by_outcome(result: Any, nothing: str, baseline: str, built: str) -> str:
    """The words for the planner's outcome: nothing shown better, a baseline that won (named), or a new plan."""
    if not result.shown_better:
        return nothing
    if result.evidence.baseline is not None:
        return baseline.format(result.evidence.baseline)
    return built


PLAN_COLUMNS = ["plan", "inscriptions", "cost"]
VERDICT_COLUMNS = ["against", "plan", "baseline", "difference", "low (95%)", "high (95%)", "n paired games",
                   "shown better"]


def plans_table(result: Any) -> Any:
    """The search's best plan beside its baselines: inscriptions and cost (empty when no plan obeys the rules)."""
    import pandas as pd
    if result.evidence is None:
        return pd.DataFrame(columns=PLAN_COLUMNS)
    book = _book_of(result)
    plans = {_leader_label(result): result.evidence.leader, **result.baselines}
    return pd.DataFrame([[name, _pages(plan, book), _cost(plan, book)] for name, plan in plans.items()],
                        columns=PLAN_COLUMNS)


def _leader_label(result: Any) -> str:
    """The search's best plan's row name: built, a baseline that won, or not shown better."""
    return _by_outcome(result, "search's best (not shown better)", "search's best: {} (answer)", "built (answer)")


def verdict_table(result: Any) -> Any:
    """The paired difference to each baseline on fresh dungeons the search never played: mean, 95% interval, n
    (empty when no plan obeys the rules)."""
    import pandas as pd
    verdicts = result.evidence.verdicts if result.evidence is not None else ()
    return pd.DataFrame([[v.baseline, round(v.answer.mean, 3), round(v.against.mean, 3), round(v.difference.mean, 3),
                          round(v.difference.low, 3), round(v.difference.high, 3), v.difference.n, v.better]
                         for v in verdicts], columns=VERDICT_COLUMNS)


def worth_figure(result: Any) -> Any:
    """Each page's learned worth per copy (margin per dungeon) with its 95% interval, best first."""
    import plotly.graph_objects as go

    from tablekit.ui.charts import Chart
    book = _book_of(result)
    worth = sorted(result.worth.items(), key=lambda kv: -kv[1].mean)
    names = [str(Markup.escape(book[page].name)) for page, _ in worth]
    figure = go.Figure(go.Bar(x=names, y=[e.mean for _, e in worth], marker_color="#2b6cb0",
                              error_y={"type": "data", "symmetric": False,
                                       "array": [e.high - e.mean for _, e in worth],
                                       "arrayminus": [e.mean - e.low for _, e in worth]}))
    figure.update_layout(height=380, yaxis_title="worth per copy (margin)",
                         title=f"What each inscription is worth to a {result.player} (95% intervals)")
    return Chart(figure)


def inscriptions_table(inscriptions: Mapping[str, str], book: Any = None) -> Any:
    """A band's inscriptions, card by card in the band's order (suit by suit): the page and its tier."""
    import pandas as pd
    book = book or _book_of(None)
    cards = sorted(inscriptions, key=parse_card)
    rows = [[card, book[inscriptions[card]].name, book[inscriptions[card]].tier] for card in cards]
    return pd.DataFrame(rows, columns=["card", "inscription", "tier"])


def _book_of(result: Any) -> Any:
    from tablekit.forge.cards import sample_book
    return getattr(result, "book", None) or sample_book()


def _pages(plan: Any, book: Any) -> str:
    return ", ".join(f"{card} {book[page].name}" for card, page in plan) or "none"


def _cost(plan: Any, book: Any) -> int:
    return sum(book[page].cost for _, page in plan)
