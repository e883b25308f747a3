"""A rule-of-thumb wizard: it sees only its own view (no hidden hands, plots or deck order)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tablekit.core.game import Action, Game
from tablekit.forge import round as rnd
from tablekit.forge.cards import card_suit, is_hero
from tablekit.forge.play import to_move
from tablekit.forge.state import (
    HIT,
    LABEL,
    PAY,
    PLOT,
    TACTIC,
    AddLabel,
    Convert,
    Dodge,
    EarnMythic,
    ForgeState,
    NoLabel,
    Pass,
    Plot,
    Reward,
    Tactic,
    TakeHit,
)

LOW_HP = 8


def choose(view: ForgeState, legal: list[Action]) -> Action:
    """The heuristic's action for this view."""
    phase = view.phase
    w = to_move(view)
    if phase == PLOT:
        return _plot(view, w, legal)
    if phase == TACTIC:
        return _tactic(view, w, legal)
    if phase == PAY:
        return min(legal, key=lambda a: _keep_value(view, a.card))
    if phase == HIT:
        return _hit(view, w, legal)
    if phase == LABEL:
        return _label(view, legal)
    if isinstance(legal[0], Reward):
        return _reward(view, legal)
    return next(a for a in legal if isinstance(a, EarnMythic))


def _keep_value(view: ForgeState, card: int) -> float:
    """How much a card in hand is worth keeping: face value, Heroes and inscriptions more."""
    page = view.inscription(card)
    return view.value(card) + (4 if is_hero(card) else 0) + (6 if page else 0)


def _plot(view: ForgeState, w: int, legal: list[Action]) -> Action:
    """Attack with the strongest card, or Convert a Heart when low, a Spade early."""
    hp = view.hp[w]
    converts = [a for a in legal if isinstance(a, Convert)]
    hearts = [a for a in converts if card_suit(a.card) == 1]
    if hp <= LOW_HP and hearts:
        return max(hearts, key=lambda a: view.value(a.card))
    plots = [a for a in legal if isinstance(a, Plot)]
    inscribed = [a for a in plots if view.inscription(a.card) is not None]
    if inscribed:
        return max(inscribed, key=lambda a: rnd.card_damage(view, a.card))
    return max(plots, key=lambda a: (view.value(a.card), -card_suit(a.card)))


def _tactic(view: ForgeState, w: int, legal: list[Action]) -> Action:
    """Spike when it may finish the Boss; Brace when the Boss's hit would knock us out."""
    hand = view.hands[w]
    spike = Tactic("Spike")
    brace = Tactic("Brace")
    mine = view.plots[w]
    if spike in legal and len(hand) > 4 and mine >= 0:
        shown = sum(view.value(view.plots[x]) for x in rnd.attackers(view) if view.plots[x] >= 0)
        if 0 < view.boss_hp - shown <= 3:
            return spike
    if brace in legal and view.boss_atk - view.shield[w] >= view.hp[w] and len(hand) > 2:
        return brace
    return Pass()


def _hit(view: ForgeState, w: int, legal: list[Action]) -> Action:
    """Dodge cheaply, or always when the hit would knock us out; else take it."""
    hit = view.hits[0]
    damage = hit.attack - view.shield[w]
    dodge = next((a for a in legal if isinstance(a, Dodge)), None)
    if dodge is None:
        return TakeHit() if TakeHit() in legal else legal[0]
    cost = sum(view.value(c) for c in dodge.cards)
    if damage >= view.hp[w] or (len(dodge.cards) == 1 and cost <= 6 and damage >= 3):
        return dodge
    return TakeHit()


def _label(view: ForgeState, legal: list[Action]) -> Action:
    """Take an easy label that only adds HP when the party is healthy; otherwise none."""
    pool = view.game.pool
    safe = [a for a in legal if isinstance(a, AddLabel) and pool[a.label].tier == "easy"
            and pool[a.label].op == "hp" and a.bonus == "draw"]
    return safe[0] if safe and min(view.hp) > LOW_HP else NoLabel()


def _reward(view: ForgeState, legal: list[Action]) -> Action:
    """Momentum while the party is strong, Surge when hands run thin."""
    if sum(len(h) for h in view.hands) < 6 * view.wizards:
        return Reward("Surge")
    return Reward("Momentum")


@dataclass(frozen=True)
class Novice:
    """A novice wizard: the heuristic's move, except that a share `slips` of decisions with a
    choice are made at random (the old `casual` share, named). The kit's heuristic alone wins
    every first dungeon, so no plan could show a difference; a novice loses often enough that
    inscriptions decide dungeons."""

    slips: float = 0.5
    name: str = "novice"

    def choose(self, game: Game, view: ForgeState, legal: list[Action], rng: random.Random) -> Action:
        """A random legal action `slips` of the time, else the heuristic's."""
        if rng.random() < self.slips:
            return legal[rng.randrange(len(legal))]
        return choose(view, legal)
