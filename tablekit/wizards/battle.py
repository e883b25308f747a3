"""3. Battle, 3.1 Action: reveal, then each creature acts clockwise from the statue."""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wizards.actions import Discard, MoveTo, Pass, ReturnCursed, Stun
from tablekit.wizards.cards import components
from tablekit.wizards.effects import (
    adjacent,
    creature,
    discard,
    draw,
    name_of,
    protected,
    remove,
    return_cursed,
    strengths,
    take_cursed,
)
from tablekit.wizards.state import BATTLE, Pending, Slot, WizardsState

RUNNER_STAYS = Pass("Hobb Runner stays")
WATER_DECLINED = Pass("Water Imp takes nothing")
VOID_DECLINED = Pass("Void Imp stuns nobody")
TYPE_RULES = {"imp": "wizards.bug-bear", "hobb": "wizards.minotaur"}


def start_battle(state: WizardsState, dungeon: int, events: Events) -> None:
    """Take the battle token, turn the creatures face up, and queue the battle's phases."""
    state.filled.remove(dungeon)
    state.phase = BATTLE
    state.token = state.active
    found = state.dungeons[dungeon]
    events.add("wizards.battle-token", "{who} takes the battle token: battle in {name}.",
               who=name_of(state, state.active), name=state.side(dungeon).name)
    for space, slot in state.creatures(dungeon):
        if not slot.face_up:
            found.slots[space] = Slot(slot.owner, slot.creature, True, slot.equipment)
            events.add("wizards.reveal", "Face-down creature at space {space} is {card}.",
                       space=space, card=creature(slot).name)
    state.todo += [("after-battle", dungeon), ("return", dungeon), ("treasure", dungeon),
                   ("act", dungeon, 1)]
    events.add("wizards.action-order", "Creatures act one by one, clockwise from the statue.")
    if state.enchantment_effect(dungeon) == "draw-per-type":
        _forbidden_lore(state, dungeon, events)


def act(state: WizardsState, dungeon: int, space: int, events: Events) -> None:
    """Let the next creature from `space` on (clockwise) act, then queue the one after it."""
    slots = state.dungeons[dungeon].slots
    while space < len(slots) and slots[space] is None:
        space += 1  # empty entrances, walls and the statue
    if space >= len(slots):
        return
    state.todo.append(("act", dungeon, space + 1))
    slot = slots[space]
    if (slot.equipment and state.config["artefact_effects"]
            and components().artefact(slot.equipment).action):
        state.todo.append(("gear", dungeon, space, *slot))
    card = creature(slot)
    if card.phase == "action":
        events.add(f"wizards.{card.id}", "{card} (space {space}) acts: {text}", card=card.name,
                   space=space, text=card.text)
        ACTIONS[card.effect](state, dungeon, space, slot, events)


def gear(state: WizardsState, task: tuple, events: Events) -> None:
    """An equipment tile's action-phase ability, if its creature is still on its space."""
    _, dungeon, space, *fields = task
    slot = state.dungeons[dungeon].slots[space]
    if slot is None or tuple(slot) != tuple(fields):
        return
    tile = components().artefact(slot.equipment)
    if tile.action == "stun-adjacent":
        for other in adjacent(state, dungeon, space):
            target = state.dungeons[dungeon].slots[other]
            if creature(target).type in tile.action_types and _unprotected(state, dungeon, other,
                                                                           events):
                remove(state, dungeon, other, True, events, tile.name)
    elif state.cursed[slot.owner]:
        state.pending = Pending(slot.owner, "cursed", (1, "wizards.holy-vial"))


# -- the creatures' actions ------------------------------------------------------------------
def _fire(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    draw(state, slot.owner, 2, events, "wizards.fire-imp")


def _stun_beasts(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    _hit_adjacent(state, dungeon, space, "beast", True, slot, events)


def _eat_imps(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    _hit_adjacent(state, dungeon, space, "imp", False, slot, events)


def _eat_hobbs(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    _hit_adjacent(state, dungeon, space, "hobb", False, slot, events)


def _lob(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    for other, target in state.creatures(dungeon):
        if creature(target).type == "giant" and _unprotected(state, dungeon, other, events):
            remove(state, dungeon, other, False, events, "Hobb Lobber", slot.owner)


def _spider(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    take_cursed(state, slot.owner, events, "Void Spider", "wizards.void-spider")


def _run(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    if runner_moves(state, dungeon):
        state.pending = Pending(slot.owner, "runner", (dungeon, space))


def _tithe(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    if state.hands[slot.owner] and _tithe_givers(state, dungeon, space, slot.owner):
        state.pending = Pending(slot.owner, "water", (dungeon, space))


def _void(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    if state.cursed_supply and strongest(state, dungeon):
        state.pending = Pending(slot.owner, "void", (dungeon, space))


def _rot(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    owed: dict[int, int] = {}
    for other in adjacent(state, dungeon, space):
        if not protected(state, dungeon, other):
            owner = state.dungeons[dungeon].slots[other].owner
            owed[owner] = owed.get(owner, 0) + 1
    for owner in reversed(state.seat_order(slot.owner)):
        if owed.get(owner):
            state.todo.append(("discard", owner, owed[owner], "for Rot Monster"))


def _none(state: WizardsState, dungeon: int, space: int, slot: Slot, events: Events) -> None:
    """Creatures whose ability is not an action (a face-down card does nothing either)."""


ACTIONS = {"draw-two": _fire, "stun-adjacent-beasts": _stun_beasts, "eliminate-giants": _lob,
           "eliminate-adjacent-imps": _eat_imps, "eliminate-adjacent-hobbs": _eat_hobbs,
           "run": _run, "tithe": _tithe, "stun-strongest": _void, "rot": _rot,
           "take-cursed": _spider}


def _hit_adjacent(state: WizardsState, dungeon: int, space: int, kind: str, stunned: bool,
                  actor: Slot, events: Events) -> None:
    neighbours = adjacent(state, dungeon, space)
    events.add("wizards.adjacent", "{card} at space {space} is next to {who}.",
               card=creature(actor).name, space=space,
               who=", ".join(f"space {n}" for n in neighbours) or "no creature")
    for other in neighbours:
        target = state.dungeons[dungeon].slots[other]
        if creature(target).type == kind and _unprotected(state, dungeon, other, events):
            remove(state, dungeon, other, stunned, events, creature(actor).name, actor.owner)


def _unprotected(state: WizardsState, dungeon: int, space: int, events: Events) -> bool:
    """True when an effect may touch the creature; a protected one is spared (and logged)."""
    if protected(state, dungeon, space):
        card = creature(state.dungeons[dungeon].slots[space])
        rule = "wizards.steel-sentinel" if card.effect == "protected" else "wizards.protected"
        events.add(rule, "{card} is protected and unharmed.", card=card.name)
        return False
    return True


def _forbidden_lore(state: WizardsState, dungeon: int, events: Events) -> None:
    for player in state.seat_order(state.token):
        imps = sum(1 for _, s in state.creatures(dungeon)
                   if s.owner == player and creature(s).type == "imp")
        if imps:
            draw(state, player, imps, events, "wizards.of-forbidden-lore")


# -- the choices inside the action phase -----------------------------------------------------
def runner_moves(state: WizardsState, dungeon: int) -> list[MoveTo]:
    """Free entrances of other dungeons the Hobb Runner may move to without filling them."""
    moves = []
    for other in state.open_dungeons():
        free = state.free_entrances(other)
        if other != dungeon and len(free) >= 2 and other not in state.filled:
            moves += [MoveTo(other, s, state.where(other, s)) for s in free]
    return moves


def runner_options(state: WizardsState) -> list:
    """Hobb Runner: move to one of those entrances, or stay."""
    return [*runner_moves(state, state.pending.data[0]), RUNNER_STAYS]


def apply_runner(state: WizardsState, action: MoveTo | Pass, events: Events) -> None:
    """Move the Hobb Runner (with its equipment) or let it stay."""
    dungeon, space = state.pending.data
    state.pending = None
    if isinstance(action, MoveTo):
        found = state.dungeons[dungeon]
        state.dungeons[action.dungeon].slots[action.space] = found.slots[space]
        found.slots[space] = None
        events.add("wizards.hobb-runner", "Hobb Runner runs to {at}.", at=action.at)


def _tithe_givers(state: WizardsState, dungeon: int, space: int, owner: int) -> list[int]:
    slots = state.dungeons[dungeon].slots
    return [slots[o].owner for o in adjacent(state, dungeon, space)
            if not protected(state, dungeon, o) and slots[o].owner != owner]


def water_options(state: WizardsState) -> list:
    """Water Imp: discard one of your cards, or let it be."""
    player = state.pending.player
    cards = sorted(set(state.hands[player]), key=state.hands[player].index)
    return [*(Discard(c, "for Water Imp") for c in cards), WATER_DECLINED]


def apply_water(state: WizardsState, action: Discard | Pass, events: Events) -> None:
    """Discard, then every neighbouring creature's owner owes a gem of their choice."""
    dungeon, space = state.pending.data
    owner = state.pending.player
    state.pending = None
    if isinstance(action, Pass):
        return
    discard(state, owner, action.creature, events, "Water Imp")
    for giver in reversed(_tithe_givers(state, dungeon, space, owner)):
        state.todo.append(("give", giver, owner))


def strongest(state: WizardsState, dungeon: int) -> list[int]:
    """Spaces of the strongest creatures a Void Imp can stun (the protected cannot be)."""
    values = {s: v for s, v in strengths(state, dungeon).items() if not protected(state, dungeon, s)}
    top = max(values.values(), default=None)
    return [s for s, v in values.items() if v == top]


def void_options(state: WizardsState) -> list:
    """Void Imp: take a cursed gem and stun one of the strongest, or not."""
    dungeon = state.pending.data[0]
    slots = state.dungeons[dungeon].slots
    return [*(Stun(s, f"{creature(slots[s]).name} at space {s}") for s in strongest(state, dungeon)),
            VOID_DECLINED]


def apply_void(state: WizardsState, action: Stun | Pass, events: Events) -> None:
    """Pay the cursed gem and stun the chosen creature."""
    dungeon = state.pending.data[0]
    owner = state.pending.player
    state.pending = None
    if isinstance(action, Stun):
        take_cursed(state, owner, events, "Void Imp", "wizards.void-imp")
        remove(state, dungeon, action.space, True, events, "Void Imp")


def cursed_options(state: WizardsState) -> list:
    """Give back as many cursed gems as allowed (most first), or none."""
    most = min(state.pending.data[0], state.cursed[state.pending.player])
    return [ReturnCursed(n) for n in range(most, -1, -1)]


def apply_cursed(state: WizardsState, action: ReturnCursed, events: Events) -> None:
    """Give the chosen number of cursed gems back to the supply."""
    player, rule = state.pending.player, state.pending.data[1]
    state.pending = None
    return_cursed(state, player, action.count, events, rule)
