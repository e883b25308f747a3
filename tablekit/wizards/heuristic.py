"""A rule-of-thumb Wizards & Co. player: it reads only its own view."""

from __future__ import annotations

import random

from tablekit.wizards.actions import Discard, Equip, MoveTo, Pass, Stun, TakeArtefact
from tablekit.wizards.cards import COLOURS, CURSED, components
from tablekit.wizards.effects import adjacent, strength, totals
from tablekit.wizards.state import HIDDEN, WizardsState

BIG_HAND = 5  # with this many cards it places two creatures a turn
TWO_PLAYER_MARGIN = 3  # the two-player game: the runner-up must be within 3 (and above 0)
MOST_FEEDS = 2  # Flesh Golem: it looks this many cards ahead


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
        return _equip(view, legal)
    if kind == "runner":
        return _run_or_stay(view, legal)
    if kind == "feed":
        return _feed(view, legal)
    if kind == "ogre":
        return _push(view, legal)
    return legal[0]  # battle order, returns, cursed gems (most first), cancelling (best first)


# -- equipment ----------------------------------------------------------------------------
def _equip(view: WizardsState, legal: list):
    """The equipment that does most for the creature just placed, or none when none helps."""
    dungeon, space = view.pending.data
    worth = {a: gear_worth(view, dungeon, space, a.artefact) for a in legal if isinstance(a, Equip)}
    best = max(worth, key=worth.get, default=None)
    if best is None or worth[best] <= 0:
        return next(a for a in legal if isinstance(a, Pass))
    return best


def gear_worth(view: WizardsState, dungeon: int, space: int, artefact: str) -> float:
    """What an equipment tile adds to one creature: strength, protection, its action."""
    tile = components().artefact(artefact)
    slot = view.dungeons[dungeon].slots[space]
    card = components().creature(slot.creature)
    worth = 0.0
    if tile.bonus and (not tile.bonus_types or card.type in tile.bonus_types):
        worth += tile.bonus
    if tile.protect and (not tile.protect_types or card.type in tile.protect_types) \
            and card.effect != "protected":
        worth += 1.0
    if tile.action == "discard-cursed" and view.cursed[slot.owner]:
        worth += 1.0
    if tile.action == "stun-adjacent":
        worth += sum(0.5 for other in adjacent(view, dungeon, space)
                     if _foe_of_type(view, dungeon, other, slot.owner, tile.action_types))
    return worth


def _foe_of_type(view: WizardsState, dungeon: int, space: int, me: int, types) -> bool:
    slot = view.dungeons[dungeon].slots[space]
    return (slot.owner != me and slot.creature != HIDDEN
            and components().creature(slot.creature).type in types)


# -- treasure and artefacts ---------------------------------------------------------------
def entrance_worth(view: WizardsState, player: int, shown: str) -> float:
    """What an entrance's treasure is worth to a player: a cursed gem hurts, a new colour most."""
    if shown == CURSED:
        return -2.0
    return 1.5 if view.gems[player][COLOURS.index(shown)] == 0 else 1.0


def artefact_place(view: WizardsState, found: dict[int, int], player: int) -> int:
    """2 for the winner's artefact, 1 for the runner-up's, 0 for none, from strength totals."""
    seats = view.seat_order(view.token if view.token is not None else 0)
    ranked = sorted(found, key=lambda p: (-found[p], seats.index(p)))
    if player not in ranked:
        return 0
    if len(ranked) == 1 or ranked[0] == player:
        return 2
    if ranked[1] != player:
        return 0
    if view.players == 2:
        top, mine = found[ranked[0]], found[player]
        return 1 if mine > 0 and top - mine <= TWO_PLAYER_MARGIN else 0
    return 1


def _run_or_stay(view: WizardsState, legal: list):
    """Hobb Runner: stay for a gem or an artefact it helps win; else run to a better entrance."""
    dungeon, space = view.pending.data
    me = view.pending.player
    found = totals(view, dungeon)
    without = {**found, me: found[me] - strength(view, dungeon, space)}
    stake = artefact_place(view, found, me) - artefact_place(view, without, me)
    stay = entrance_worth(view, me, view.space(dungeon, space)) + 2.0 * stake
    moves = [a for a in legal if isinstance(a, MoveTo)]
    best = max(moves, key=lambda a: entrance_worth(view, me, view.space(a.dungeon, a.space)))
    if entrance_worth(view, me, view.space(best.dungeon, best.space)) > stay:
        return best
    return next(a for a in legal if isinstance(a, Pass))


def _feed(view: WizardsState, legal: list):
    """Flesh Golem: feed the weakest card while a card or two lifts its owner's artefact place."""
    dungeon, _ = view.pending.data
    me = view.pending.player
    found = totals(view, dungeon)
    now = artefact_place(view, found, me)
    reach = min(MOST_FEEDS, len(view.hands[me]))
    if any(artefact_place(view, {**found, me: found[me] + 2 * k}, me) > now
           for k in range(1, reach + 1)):
        return _pay_with_weakest(view, legal, keep=0)
    return next(a for a in legal if isinstance(a, Pass))


def _push(view: WizardsState, legal: list):
    """Ogre: move your own creature to your best free entrance, another's to its worst."""
    dungeon, space, _ = view.pending.data
    occupant = view.dungeons[dungeon].slots[space].owner
    worth = {a: entrance_worth(view, occupant, view.space(a.dungeon, a.space)) for a in legal}
    pick = max if occupant == view.pending.player else min
    return pick(legal, key=worth.get)


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
