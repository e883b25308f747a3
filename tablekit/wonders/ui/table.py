"""Deck of Wonders in widgets: the play table with its Battle Lines chooser.

The campaign panel is in `ui.campaign`, the learn helpers in `ui.learn`, the deck builder in
`ui.build`; the board drawing is in `ui.board`. Widgets call the engine; they hold no rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from tablekit.core.errors import TablekitError
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.ui.errors import safe, shows_errors
from tablekit.ui.html import STYLE, render
from tablekit.ui.table import HINT_ROLLOUTS, GameTable, TableOption
from tablekit.wonders.actions import Attack, Choose, EndTurn, Keep, Mulligan, Place, PlayCard
from tablekit.wonders.advisor import advise, layout_actions
from tablekit.wonders.battle import BattleLayout
from tablekit.wonders.campaign import Campaign
from tablekit.wonders.cards import default_catalog
from tablekit.wonders.rules import lineup_choices
from tablekit.wonders.state import State
from tablekit.wonders.ui.board import board_html, layouts_html

ACTION_CSS = {Keep: "tk-act-setup", Mulligan: "tk-act-setup", PlayCard: "tk-act-play",
              Attack: "tk-act-attack", EndTurn: "tk-act-end", Choose: "tk-act-choose",
              Place: "tk-act-place"}
ADVICE_SHOWN = 5
FINISH = """<div class='tk-finish'><b>{{ "Victory!" if won else "Defeat." }}</b> Round {{ round }}: \
you {{ you }} health, {{ villain }} {{ left }}. Count it in a campaign with <b>Record this game</b>.</div>"""


class WondersTable(GameTable):
    """A whole Deck of Wonders game against a chosen Villain, with the Battle Lines chooser."""

    chart_title = "Health by round"
    chart_x_title = "round"

    layout_spec = ("status", "board", "chooser", "actions", "message",
                   ("undo", "redo", "hint", "villain", "seed", "new"), "progress", "hints", "finish",
                   ("log", "chart"))

    def __init__(self, seed: int | str = 0, villain: str = "cullin", deck: str = "recommended",
                 picks: Sequence[str] = (), campaign: Campaign | None = None,
                 match: Match | None = None, hint_rollouts: int = HINT_ROLLOUTS, **options: Any) -> None:
        self.campaign = campaign or Campaign()
        self.deck, self.picks, self.options = deck, list(picks), options
        self._listeners: list[Callable[[WondersTable], None]] = []
        self.villain = widgets.Dropdown(options=self.villain_options(), value=villain,
                                        description="Villain", layout=widgets.Layout(width="300px"))
        self.table_options = table_options(self.villain_options(), picked=bool(picks))
        first = match or self._make_match(seed, villain)
        super().__init__(first, hint_rollouts=hint_rollouts)
        self.chooser = BattleLinesChooser(self)
        self.parts.update(villain=self.villain, chooser=self.chooser)
        self.add_class("tk-wonders")

    # -- matches ----------------------------------------------------------------------------
    def villain_options(self) -> list[tuple[str, str]]:
        """(name, id) of every Villain the campaign lets the player face."""
        villains = default_catalog().villains
        return [(villains[v].name, v) for v in self.campaign.available_villains()]

    def _make_match(self, seed: int | str, villain: str, **chosen: Any) -> Match:
        deck = chosen.pop("deck", self.deck)
        picks = {"picks": self.picks} if deck == "picked" else {}
        options = {**self.options, **chosen}
        if "borrowed_rules" in options:  # a borrowed pack joins only where the campaign lends it
            lendable = self.campaign.lendable_rules(villain)
            options["borrowed_rules"] = [p for p in options["borrowed_rules"] if p in lendable]
        return new_game("wonders", seed=seed, villain=villain, deck=deck,
                        campaign=self.campaign.to_json(), **picks, **options)

    def fresh_match(self, seed: int | str) -> Match:
        """A new deal against the Villain chosen in the box, with the draw pile and partner chosen."""
        return self._make_match(seed, self.villain.value, **self.chosen_options())

    def new_game(self, seed: int | str | None = None, villain: str | None = None) -> None:
        """Deal a new game (the seed and Villain boxes are used when not given)."""
        if seed is not None:
            self.seed.value = str(seed)
        if villain is not None:
            self.villain.value = villain
        self._new_game()

    def adopt(self, match: Match) -> None:
        """Play on at `match` (a new deal or a loaded file), its Villain shown in the box when offered."""
        if match.config.villain in [v for _, v in self.villain.options]:
            self.villain.value = match.config.villain
        super().adopt(match)

    def update_villains(self) -> None:
        """Offer the Villains the campaign now allows (after a Fated Form unlocks)."""
        current = self.villain.value
        self.villain.options = self.villain_options()
        ids = [v for _, v in self.villain.options]
        self.villain.value = current if current in ids else ids[0]

    def on_refresh(self, listener: Callable[[WondersTable], None]) -> None:
        """Call `listener(table)` after every redraw (the campaign panel listens)."""
        self._listeners.append(listener)

    @property
    def state(self) -> State:
        """The match's current state."""
        return self.match.state

    # -- drawing ----------------------------------------------------------------------------
    def board_html(self) -> str:
        """Health trackers, piles, both minion rows and the hand (each partner's in co-op)."""
        boards = self.state.boards
        if len(boards) == 1:
            return board_html(self.state)
        return "".join(f"<h4>Player {i + 1}</h4>" + board_html(self.state, i) for i in range(len(boards)))

    def status_text(self) -> str:
        """What the player decides now (in co-op, which player)."""
        if self.match.is_over:
            return f"Game over — {self.match.outcome.text}"
        text = self._decision_text()
        if len(self.state.boards) > 1 and self.match.to_move is not None:
            return f"Player {self.match.to_move + 1} — {text}"
        return text

    def _decision_text(self) -> str:
        state = self.state
        if state.pending is not None:
            return f"{state.name(state.pending[1])}: choose where its text goes."
        if state.lineup is not None:
            side, _ = lineup_choices(state.lineup) or ("", [])
            if side == "villain":
                return "Battle Lines: pick the Villain minion that attacks next (left to right)."
            return "Battle Lines: order your minions of equal Priority (left first)."
        if state.phase == "mulligan":
            return "Opening hand: keep these 4 cards, or mulligan once for 4 new ones."
        if state.phase == "pass":
            return "Co-op: pass one card to your partner before drawing (or none)."
        return f"Round {state.round} — your turn: play cards, attack, or end your turn."

    def finish_html(self) -> str:
        """The result in one line, and where to count it."""
        board = self.state.boards[0]
        return render(FINISH, won=self.match.outcome.won(0), round=self.state.round,
                      you=max(board.player_health, 0), villain=board.villain_name,
                      left=max(board.villain_health, 0))

    def series(self) -> dict[str, tuple[list[float], list[float]]]:
        """Both healths at the end of each round."""
        by_round: dict[int, State] = {}
        for state in self.match.states:
            by_round[state.round] = state
        rounds = sorted(by_round)
        boards = [by_round[r].boards[0] for r in rounds]
        return {"your health": (rounds, [max(b.player_health, 0) for b in boards]),
                "Villain health": (rounds, [max(b.villain_health, 0) for b in boards])}

    def refresh(self) -> None:
        """Redraw the table, the chooser, and tell listeners."""
        self._labels = action_labels(self.state, self.match.legal_actions())
        super().refresh()
        self.chooser.refresh()
        for listener in self._listeners:
            listener(self)

    def _action_button(self, action: Any) -> widgets.Button:
        button = super()._action_button(action)
        button.description = self._labels.get(action, str(action))
        button.add_class(ACTION_CSS.get(type(action), "tk-act"))
        if isinstance(action, EndTurn):
            button.button_style = "warning"
        elif isinstance(action, Place):
            button.button_style = "info"
        return button

    # -- Battle Lines -----------------------------------------------------------------------
    @shows_errors()
    def apply_layout(self, layout: BattleLayout | None = None) -> None:
        """Set a whole Battle Lines layout (default: the advisor's best) through Place actions."""
        layouts = self.chooser.layouts
        layout = layout or (layouts[0] if layouts else None)
        if layout is None:
            raise TablekitError("No Battle Lines are being set now.")
        self.play(*layout_actions(self.state, layout))


def table_options(villains: Sequence[tuple[str, str]], picked: bool = False) -> tuple[TableOption, ...]:
    """The draw pile (your picks too when the table has them) and a co-op partner's Villain."""
    piles = (("recommended", "recommended"), ("random", "random"), *((("your picks", "picked"),) if picked else ()))
    return (TableOption("deck", "Draw pile", piles, "recommended",
                        "recommended: the Villain's suggested 28 cards; random: 28 collection cards at random "
                        "(rule wonders.draw-pile-methods)"),
            TableOption("coop_villain", "Partner", (("none (solo)", None), *villains), None,
                        "co-op: a second player faces this Villain beside you (rule wonders.coop)"))


class BattleLinesChooser(widgets.VBox):
    """The Battle Lines panel: the lines so far and the advisor's ranked layouts to apply."""

    def __init__(self, table: WondersTable) -> None:
        self.table = table
        self.layouts: list[BattleLayout] = []
        self.info = widgets.HTML()
        self.apply_best = widgets.Button(description="Apply advisor's layout", icon="magic",
                                         button_style="success", layout=widgets.Layout(width="auto"))
        self.apply_best.add_class("tk-apply-layout")
        self.apply_best.on_click(safe(lambda _: self.table.apply_layout(), table.message, table.refresh))
        self.picks = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.info, widgets.HBox([self.apply_best, self.picks])])
        self.add_class("tk-chooser")
        self.apply_best.disabled = True  # a hidden control is never enabled
        self.layout.display = "none"

    def refresh(self) -> None:
        """Show the panel while Battle Lines are being set; hide it otherwise, its buttons
        disabled or gone (nothing hidden can be pressed)."""
        state = self.table.state
        self.info.value = ""
        if state.lineup is None or self.table.match.is_over:
            self.layouts, self.layout.display = [], "none"
            self.apply_best.disabled, self.picks.children = True, []
            return
        self.layouts = advise(state, ADVICE_SHOWN)
        self.layout.display = ""
        self.info.value = STYLE + layouts_html(state, self.layouts[:ADVICE_SHOWN])
        self.picks.children = [self._pick_button(i, lay)
                               for i, lay in enumerate(self.layouts[1:ADVICE_SHOWN], start=2)]
        self.apply_best.disabled = not self.layouts

    def _pick_button(self, rank: int, layout: BattleLayout) -> widgets.Button:
        button = widgets.Button(description=f"Apply #{rank}", layout=widgets.Layout(width="auto"))
        button.on_click(safe(lambda _: self.table.apply_layout(layout), self.table.message,
                             self.table.refresh))
        return button


def action_labels(state: State, actions: Sequence[Any]) -> dict[Any, str]:
    """Button labels: the action's words, with the minion's numbers where two would read alike."""
    texts = [str(a) for a in actions]
    labels = {}
    for action, text in zip(actions, texts, strict=True):
        if texts.count(text) > 1:
            text += f" ({_minion_words(state, _minion_of(action))})"
        labels[action] = text
    seen: dict[str, int] = {}
    for action, text in labels.items():
        seen[text] = seen.get(text, 0) + 1
        if seen[text] > 1:
            labels[action] = f"{text} #{seen[text]}"
    return labels


def _minion_of(action: Any) -> int:
    if isinstance(action, Place):
        return action.minion
    if isinstance(action, Attack):
        return action.target if action.target >= 0 else action.attacker
    if isinstance(action, (PlayCard, Choose)):
        return getattr(action, "target", getattr(action, "option", -2))
    return -2


def _minion_words(state: State, uid: int) -> str:
    for board in state.boards:
        for minion in board.player_minions + board.villain_minions:
            if minion.uid == uid:
                marks = [w for w, on in (("Shield", minion.shield), ("Taunt", minion.taunt),
                                         ("Poison", minion.poison)) if on]
                return ", ".join([f"{minion.strength}/{minion.health - minion.damage}", *marks])
    return f"card {uid}"
