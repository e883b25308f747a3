"""A rule-of-thumb Wizards & Co. player: it reads only its own view."""

from __future__ import annotations

import random

from tablekit.wizards.actions import Discard, Equip, Pass, Stun, TakeArtefact
from tablekit.wizards.cards import COLOURS, CURSED, components
from tablekit.wizards.state import HIDDEN, WizardsState

BIG_HAND = 5  # with this many cards it places two creatures a turn


def choose(view: WizardsState, legal: list, rng: random.Random):
    """The heuristic's choice among `legal` (deterministic: ties go to the first offered)."""
    kind = view.pending.kind
    if kind == "place":
        return max(legal, key=lambda a: _place_value(view, a))
    if kind in ("water", "blob"):
        return _pay_with_weakest(view, legal, keep=2 if kind == "water" else 0)
    if kind == "discard":
        return _pay_with_weakest(view, legal, keep=0)
    if kind == "void":
        me = view.pending.player
        dungeon = view.pending.data[0]
        stuns = [a for a in legal if isinstance(a, Stun)
                 and view.dungeons[dungeon].slots[a.space].owner != me]
        return stuns[0] if stuns else legal[-1]
    if kind == "gem":
        mine = view.gems[view.pending.player]
        return min(legal, key=lambda a: mine[COLOURS.index(a.colour)])
    if kind == "give":
        mine = view.gems[view.pending.player]
        return max(legal, key=lambda a: mine[COLOURS.index(a.colour)])
    if kind == "artefact":
        return max(legal, key=lambda a: components().artefact(a.artefact).points
                   if isinstance(a, TakeArtefact) else 0)
    if kind == "equip":
        return max(legal, key=lambda a: components().artefact(a.artefact).bonus + 1
                   if isinstance(a, Equip) else 0)
    if kind in ("runner", "feed"):
        return next(a for a in legal if isinstance(a, Pass))
    return legal[0]  # battle order, returns, cursed gems (most first), cancelling (best first)


def _place_value(view: WizardsState, action) -> float:
    """How much a placement (or stopping) looks worth to the player to move."""
    me = view.active
    if isinstance(action, Pass):
        return 0.5 if len(view.hands[me]) < BIG_HAND else -5.0
    spec = components().creature(action.creature)
    shown = view.space(action.dungeon, action.space)
    value = 0.0
    if shown == CURSED:
        value -= 2.5
    else:
        value += 2.0 if view.gems[me][COLOURS.index(shown)] == 0 else 1.0
    value += _threat(view, action.dungeon, spec.type)
    free = len(view.free_entrances(action.dungeon))
    mine = sum(1 for _, s in view.creatures(action.dungeon) if s.owner == me)
    theirs = sum(1 for _, s in view.creatures(action.dungeon) if s.owner != me)
    if free == 1:  # filling: worth it when we are likely to be strong there
        value += 1.5 if mine >= theirs else -1.0
    strength = spec.strength if isinstance(spec.strength, int) else 2
    value += 0.3 * strength * (1 if mine + 1 >= theirs else 0.5)
    if not action.face_up:
        value -= 0.3 if not view.placed else -0.2
    return value


def _threat(view: WizardsState, dungeon: int, kind: str) -> float:
    """A penalty for walking into a face-up creature that removes this type of creature."""
    hunters = {"giant": "eliminate-giants", "imp": "eliminate-adjacent-imps",
               "hobb": "eliminate-adjacent-hobbs", "beast": "stun-adjacent-beasts"}
    effect = hunters.get(kind)
    found = [s for _, s in view.creatures(dungeon)
             if s.face_up and s.creature != HIDDEN and components().creature(s.creature).effect == effect]
    return -3.0 if found else 0.0


def _pay_with_weakest(view: WizardsState, legal: list, keep: int):
    """Discard the weakest card when the hand is bigger than `keep`; otherwise decline."""
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards or len(view.hands[view.pending.player]) <= keep:
        return next((a for a in legal if isinstance(a, Pass)), legal[0])
    return min(discards, key=lambda a: _worth(a.creature))


def _worth(creature: str) -> int:
    strength = components().creature(creature).strength
    return strength if isinstance(strength, int) else 2
