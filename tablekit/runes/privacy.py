"""What a player may not see of the other's preparation, and dealing it anew for searches.

Both decks are prepared in private: a player sees the other's Hero, step and how far it has
got (cards chosen, placed, Threads tied, Initiatives set), never which cards, where, or the
locked order. Once the duel has been fought, everything is on the table.
"""

from __future__ import annotations

import random

from tablekit.core.game import Events
from tablekit.runes import steps
from tablekit.runes.cards import Card
from tablekit.runes.preparation import shuffle
from tablekit.runes.state import (
    ASSEMBLE,
    BIND,
    BUILD,
    DIVIDE,
    HERO,
    ORDER,
    READY,
    SPEND,
    AddCard,
    Bind,
    EndThreads,
    RunesState,
    Side,
)

STEPS = (HERO, BUILD, DIVIDE, BIND, SPEND, ORDER, ASSEMBLE, READY)
HIDDEN = "?"


def mask(side: Side) -> Side:
    """The side as the other player sees it: counts kept, every card replaced by '?'."""
    seen = Side()
    seen.hero, seen.step, seen.placed, seen.spent = side.hero, side.step, side.placed, \
        side.spent
    seen.cards = [HIDDEN] * len(side.cards)
    seen.chapters = [[HIDDEN] * side.placed, [], [], []]
    seen.threads = [((-1, -1), (-1, -1))] * len(side.threads)
    seen.initiative = [[0] * (len(row)) for row in side.initiative]
    seen.deck = [HIDDEN] * len(side.deck)
    return seen


def redeal(state: RunesState, player: int, rng: random.Random, pool: dict[str, Card]) -> None:
    """Replace `player`'s masked side by a random preparation that looks the same from outside."""
    seen = state.sides[player]
    target = STEPS.index(seen.step)
    side = Side()
    side.hero, side.step = seen.hero, (BUILD if seen.hero is not None else HERO)
    scratch = RunesState(state.config, rng)
    scratch.sides = [side, side]
    scratch.preparing = player
    events = Events(None)
    while not _caught_up(side, seen, target):
        offered = _choices(steps.offer(scratch, pool), side, seen)
        steps.apply_step(scratch, offered[rng.randrange(len(offered))], events, pool)
    if target >= STEPS.index(ASSEMBLE):
        side.deck = list(shuffle(steps.plan_of(side), rng.getrandbits(64), pool, None,
                                 steps.prep_options(state.config)).deck)
    side.step = seen.step
    state.sides[player] = side


def _caught_up(side: Side, seen: Side, target: int) -> bool:
    """True once the re-dealt side has gone exactly as far as the one seen."""
    here = STEPS.index(side.step)
    if here < min(target, STEPS.index(ORDER)):
        return False
    if side.step != seen.step:
        return True  # both at or past Order: the rest has no hidden choice
    progress = {BUILD: (len(side.cards), len(seen.cards)), DIVIDE: (side.placed, seen.placed),
                BIND: (len(side.threads), len(seen.threads)), SPEND: (side.spent, seen.spent)}
    mine, theirs = progress.get(side.step, (0, 0))
    return mine >= theirs


def _choices(offered: list, side: Side, seen: Side) -> list:
    """Keep the re-deal on the same path: cards one by one, the same number of Threads."""
    if side.step == BUILD:
        return [a for a in offered if type(a) is AddCard]
    if side.step == BIND:
        if len(side.threads) < len(seen.threads):
            return [a for a in offered if type(a) is Bind]
        return [a for a in offered if type(a) is EndThreads]
    return offered
