"""DeckNForge in widgets: the play table (you play one seat, bots the others)."""

from __future__ import annotations

import random
from html import escape
from typing import Any

from tablekit.core.agents import Agent, HeuristicAgent
from tablekit.core.errors import ConfigError, TablekitError
from tablekit.core.game import Action
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.forge.cards import card_label, card_suit
from tablekit.forge.play import by_rank
from tablekit.forge.round import wizard
from tablekit.forge.rules import cheapest_dodge
from tablekit.forge.state import HIDDEN, ForgeState
from tablekit.ui.html import counters_html, zone_html
from tablekit.ui.table import GameTable

RED_SUITS = (1, 3)
MAX_BOT_ACTIONS = 5_000


class ForgeTable(GameTable):
    """A whole dungeon: you play seat `seat`; bots (seeing only their own view) play the rest."""

    chart_title = "Boss and wizard HP by round"
    chart_x_title = "round (all fights)"

    def __init__(self, seed: int = 0, wizards: int = 1, seat: int = 0, bot: Agent | None = None,
                 match: Match | None = None, **options: Any) -> None:
        self.wizards, self.seat, self.options = wizards, seat, options
        self.bot = bot or HeuristicAgent()
        self._rng = random.Random(seed)
        first = match or new_game("forge", seed=seed, wizards=wizards, **options)
        if not 0 <= seat < first.state.wizards:
            raise ConfigError(f"seat {seat} is not at a table of {first.state.wizards} wizards "
                              "(seats count from 0) [rule forge.player-counts]")
        super().__init__(first, self._fresh)
        self.run_bots()

    def _fresh(self, seed: int) -> Match:
        self._rng = random.Random(seed)
        return new_game("forge", seed=seed, wizards=self.wizards, **self.options)

    @property
    def state(self) -> ForgeState:
        """The match's current state."""
        return self.match.state

    # -- bots -----------------------------------------------------------------------------
    def play(self, *actions: Action) -> None:
        """Play your actions, then let the bots play until it is your turn again."""
        super().play(*actions)
        self.run_bots()

    def run_bots(self) -> None:
        """Bots decide for every seat but yours, each from its own view."""
        try:
            for _ in range(MAX_BOT_ACTIONS):
                mover = self.match.to_move
                if mover is None or mover == self.seat:
                    break
                legal = self.match.legal_actions()
                view = self.match.view(mover)
                self.match.apply(self.bot.choose(self.match.game, view, legal, self._rng))
        except TablekitError as error:
            self.show_error(str(error))
        self.refresh()

    def _new_game(self, _: Any = None) -> None:
        super()._new_game()
        self.run_bots()

    # -- drawing ----------------------------------------------------------------------------
    def board_html(self) -> str:
        """Boss and Minions, every wizard (your hand face up), the pending hit."""
        return board_html(self.match.view(self.seat), self.seat)

    def status_text(self) -> str:
        """What you must do now."""
        if self.match.is_over:
            return GameTable.status_text(self)
        phase = self.state.phase
        prompts = {"label": "A Boss is revealed: add a label for its reward, or none.",
                   "plot": "Plot: lay a card face down to attack, or Convert an Item.",
                   "tactic": "Tactics: take one (paid with discards) or pass.",
                   "pay": "Pay for your Tactic: choose a card to discard.",
                   "hit": "A hit comes: dodge (more than the attack) or take it.",
                   "reward": "Your killing blow! Choose Rally, Surge or Momentum.",
                   "mythic": "Your Hero earned a Mythic: choose it."}
        return f"{wizard(self.seat)} (you): {prompts.get(phase, '')}"

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


def board_html(view: ForgeState, seat: int) -> str:
    """The table as `seat` sees it, as HTML (every text from files escaped)."""
    parts = [counters_html({"Boss": f"{view.boss_no + 1 if view.boss_no < 6 else 6} of 6",
                            "Round": view.round, "Active": wizard(view.active)})]
    boss = view.monsters[view.boss] if view.boss_no < 6 else None
    if boss is not None:
        labels = ", ".join(escape(lab) for lab in boss.labels) or "no labels"
        parts.append(zone_html("Boss", [_monster(view.monster_name(view.boss), max(view.boss_hp, 0),
                                                 view.boss_atk, labels)]))
    minions = [_monster(view.monster_name(m), view.monsters[m].hp, view.monsters[m].atk, "Minion")
               for m in view.minions]
    parts.append(zone_html(f"Minions ({len(view.minion_pool)} left in the pool)", minions))
    for w in range(view.wizards):
        parts.append(_wizard_html(view, w, seat))
    if view.phase == "hit" and view.hits and view.hits[0].wizard == seat:
        hit = view.hits[0]
        values = [view.dodge_values[c] for c in view.hands[seat]]
        best = cheapest_dodge(values, hit.attack)
        cheapest = ("no dodge possible" if best is None
                    else f"cheapest dodge discards face values {best} (total {sum(best)})")
        parts.append(f"<div><b>{escape(hit.source)}</b> attacks for {hit.attack}: {cheapest}.</div>")
    return '<div class="tk-board">' + "".join(parts) + "</div>"


def _wizard_html(view: ForgeState, w: int, seat: int) -> str:
    plot = view.plots[w]
    if plot == HIDDEN:
        plotted = "a face-down card"
    elif plot >= 0:
        plotted = ("converts " if view.converted[w] else "attacks with ") + card_label(plot)
    else:
        plotted = "no card on the table"
    title = (f"{wizard(w)}{' (you)' if w == seat else ''} — HP {view.hp[w]}"
             f"{' (out of this fight)' if view.out[w] else ''}, shield {view.shield[w]}, "
             f"{view.coppers[w]} coppers, Glory {view.glory[w]}, deck {len(view.decks[w])}, "
             f"{plotted}")
    if w == seat:
        cards = [_card(view, c) for c in by_rank(view.hands[w])]
    else:
        cards = [f'<span class="tk-card" style="width:auto">{len(view.hands[w])} cards in hand</span>']
    return zone_html(title, cards)


def _card(view: ForgeState, card: int) -> str:
    page = view.inscription(card)
    colour = "#c53030" if card_suit(card) in RED_SUITS else "#1a202c"
    text = f'<div class="tk-card-text">{escape(page.name)}: {escape(page.text)}</div>' if page else ""
    return (f'<div class="tk-card" style="width:84px;min-height:40px">'
            f'<div class="tk-card-name" style="color:{colour}">{card_label(card)}</div>{text}</div>')


def _monster(name: str, hp: int, atk: int, note: str) -> str:
    return (f'<div class="tk-card tk-visitor"><div class="tk-card-name">{escape(name)}</div>'
            f'<div class="tk-card-text">HP {hp} · ATK {atk}<br>{escape(note)}</div></div>')


def payoff_figure(result: Any) -> Any:
    """The planner's plan beside the other plans: win rate and Bosses defeated, 95% intervals."""
    from plotly.subplots import make_subplots
    rows = result.table()
    names = [r["plan"] for r in rows]
    figure = make_subplots(rows=1, cols=2, subplot_titles=("Win rate", "Bosses defeated"))
    for col, key in ((1, "win"), (2, "bosses")):
        mean_key = "win rate" if key == "win" else "bosses"
        means = [r[mean_key] for r in rows]
        figure.add_bar(x=names, y=means, col=col, row=1, showlegend=False,
                       marker_color=["#2b6cb0"] + ["#a0aec0"] * (len(rows) - 1),
                       error_y={"type": "data", "symmetric": False,
                                "array": [r[f"{key} high"] - m for r, m in zip(rows, means, strict=True)],
                                "arrayminus": [m - r[f"{key} low"] for r, m in
                                               zip(rows, means, strict=True)]})
    figure.update_layout(height=380, title="Simulated dungeons (same deals for every plan)")
    return figure


def plan_table(result: Any) -> Any:
    """The chosen inscriptions as a small table (pandas)."""
    import pandas as pd
    return pd.DataFrame([{"card": p.card, "inscription": p.name, "tier": p.tier, "cost": p.cost,
                          "value (score gain)": round(result.values.get(p.id, 0.0), 3)}
                         for p in result.inscriptions])
