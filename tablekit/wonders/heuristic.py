"""A rule-of-thumb player for Deck of Wonders (used by simulations and hints)."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from tablekit.wonders.actions import Attack, Choose, EndTurn, Keep, Place, PlayCard
from tablekit.wonders.advisor import as_fighters, layout_actions, lineup_minions
from tablekit.wonders.battle import BattleCriterion, BattleLayout, Fighter, best_battle_lines
from tablekit.wonders.state import VILLAIN, State


def choose(view: State, legal: list[Any], rng: random.Random) -> Any:
    """Play cards first, then make safe or lethal attacks, then end the turn."""
    first = legal[0]
    if isinstance(first, Keep):
        return first
    if isinstance(first, Choose):
        return _pick_choice(view, legal)
    if isinstance(first, Place):
        return _place(view, legal)
    plays = [a for a in legal if isinstance(a, PlayCard) and _worth_playing(view, a)]
    if plays:
        return max(plays, key=lambda a: _play_value(view, a))
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:
        best = max(attacks, key=lambda a: _attack_value(view, a))
        if _attack_value(view, best) >= 0:
            return best
    ends = [a for a in legal if isinstance(a, EndTurn)]
    return ends[0] if ends else legal[rng.randrange(len(legal))]


def _worth_playing(view: State, action: PlayCard) -> bool:
    """Skip plays whose chosen-target text would be wasted, and costly plays of weak cards."""
    half = view.table[action.card].player
    if half.choice is not None and action.target == -2 and not half.is_minion:
        return False
    if not half.is_minion and not view.boards[view.player].draw and _draws(half):
        return False  # a drawing spell on an empty pile only recycles the discards, forever
    return not action.discards or half.is_minion and half.strength + half.health >= 8 \
        or not half.is_minion


def _draws(half: Any) -> bool:
    """True when a spell's text makes its player draw."""
    return any(op == "draw" for bullet in half.text for op, _, _ in bullet)


def _play_value(view: State, action: PlayCard) -> tuple:
    half = view.table[action.card].player
    target_value = 0.0
    if action.target >= 0:
        board = view.boards[view.player]
        for minion in board.villain_minions + board.player_minions:
            if minion.uid == action.target:
                target_value = minion.strength + minion.health
    return (half.is_minion, -len(action.discards), target_value)


def _attack_value(view: State, action: Attack) -> float:
    board = view.boards[view.player]
    attacker = next(m for m in board.player_minions if m.uid == action.attacker)
    if action.target == VILLAIN:
        return attacker.strength
    target = next(m for m in board.villain_minions if m.uid == action.target)
    kills = attacker.poison or attacker.strength + target.damage >= target.health
    dies = target.poison or (not attacker.shield and target.strength >= attacker.health)
    gain = (target.strength + target.health if kills else 0)
    loss = (attacker.strength + attacker.health if dies else 0)
    return gain - loss + (1 if kills and not dies else 0)


def _pick_choice(view: State, legal: list[Any]) -> Any:
    """Own card text: the most valuable target; the Villain's: the one that hurts least."""
    index, _, _ = view.pending
    board = view.boards[index]
    own_text = view.work[-1][2] == "P"
    minions = {m.uid: m for m in board.player_minions + board.villain_minions}

    def worth(action: Any) -> float:
        minion = minions.get(action.option)
        value = 3.0 if minion is None else minion.strength + minion.health
        return value if own_text else -value

    return max(legal, key=worth)


def _place(view: State, legal: list[Any]) -> Any:
    """Follow the Battle Lines advisor's best layout (memoised: rollouts revisit positions)."""
    players, villains = lineup_minions(view)
    health = view.boards[view.lineup.board].player_health
    best = _best_layout(tuple(as_fighters(players)), tuple(as_fighters(villains)), health)
    offered = {a.minion: a for a in legal}
    for action in layout_actions(view, best):
        if action.minion in offered:
            return offered[action.minion]
    return legal[0]


@lru_cache(maxsize=4096)
def _best_layout(players: tuple[Fighter, ...], villains: tuple[Fighter, ...],
                 health: int) -> BattleLayout:
    return best_battle_lines(players, villains, BattleCriterion(player_health=health), 1)[0]
