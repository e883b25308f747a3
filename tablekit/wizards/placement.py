"""1. Placement and 2. Draw cards: where creatures may go, face up or down, and the draw table."""

from __future__ import annotations

from typing import NamedTuple

from tablekit.core.game import Events
from tablekit.wizards.actions import Equip, MoveTo, Pass, Place
from tablekit.wizards.cards import components
from tablekit.wizards.effects import creature_card, draw, name_of, protected
from tablekit.wizards.state import Pending, Slot, WizardsState

STOP = Pass("Place no second creature")
NO_EQUIPMENT = Pass("No equipment")


def place_options(state: WizardsState) -> list:
    """Every placement the active player may make now (a second one may also be declined)."""
    hide_left = all([up for _, _, up in state.placed])  # one face down a turn at most
    spaces = _open_spaces(state)
    options: list = []
    for card in state.hands[state.active]:  # a player owns one of each creature: no duplicates
        effect = creature_card(card).effect
        may_hide = hide_left and effect != "never-face-down"
        for dungeon, free, hide_here, offers in spaces:
            offer = offers.get(card) or _offer(state, card, dungeon, free, offers)
            options += offer.either if may_hide and hide_here else offer.face_up
            if effect == "displace":
                places = _places(state, card, dungeon)
                options += [places[s][0] for s, _ in state.creatures(dungeon)
                            if not protected(state, dungeon, s)]
    if len(state.placed) == 1 and options:
        options.append(STOP)
    return options


class Offer(NamedTuple):
    """A card's Place actions on the free entrances of a dungeon, entrance by entrance."""

    face_up: tuple[Place, ...]  # face up only
    either: tuple[Place, ...]   # face up, then face down, on each entrance


Placements = dict[int, tuple[Place, Place]]  # entrance -> (face-up, face-down) Place
_PLACES: dict[tuple[int, str, str], Placements] = {}
_OFFERS: dict[tuple[int, str, tuple[int, ...]], dict[str, Offer]] = {}


def _open_spaces(state: WizardsState) -> list[tuple[int, tuple[int, ...], bool, dict[str, Offer]]]:
    """Per open dungeon with a free entrance: its free entrances, whether a creature may go
    face down there (not Of Radiance), and its table of offers by card for those entrances."""
    found = []
    for index, dungeon in enumerate(state.dungeons):
        slots = dungeon.slots
        free = tuple([i for i in dungeon.entrances if slots[i] is None]) if dungeon.open else ()
        if free:
            key = (index, dungeon.side.name, free)
            offers = _OFFERS.get(key)
            if offers is None:
                offers = _OFFERS[key] = {}
            found.append((index, free, state.enchantment_effect(index) != "face-up-only", offers))
    return found


def _offer(state: WizardsState, card: str, dungeon: int, free: tuple[int, ...],
           offers: dict[str, Offer]) -> Offer:
    """A card's offer on these free entrances, made once and kept (actions are immutable
    values, so the same objects serve every position with the same free entrances)."""
    places = _places(state, card, dungeon)
    found = offers[card] = Offer(tuple(places[s][0] for s in free),
                                 tuple(place for s in free for place in places[s]))
    return found


def _places(state: WizardsState, card: str, dungeon: int) -> Placements:
    """The face-up and face-down Place actions of a card on each entrance of a dungeon side."""
    key = (dungeon, state.dungeons[dungeon].side.name, card)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = {
            s: (Place(card, dungeon, s, True, state.where(dungeon, s)),
                Place(card, dungeon, s, False, state.where(dungeon, s)))
            for s in state.dungeons[dungeon].entrances}
    return found


def why_not_placed(state: WizardsState, action: Place) -> tuple[str, str]:
    """The rule a refused placement breaks, and why."""
    player = state.active
    if action.creature not in state.hands[player]:
        return "wizards.place", "that creature is not in your hand"
    if not 0 <= action.dungeon < len(state.dungeons) or not state.dungeons[action.dungeon].open:
        return "wizards.place-entrance", "there is no such dungeon on the table"
    ring = state.side(action.dungeon).ring
    if not 0 <= action.space < len(ring) or ring[action.space] in ("statue", "closed"):
        return "wizards.place-entrance", "creatures only go on entrances, never closed spaces"
    spec = components().creature(action.creature)
    occupied = state.dungeons[action.dungeon].slots[action.space] is not None
    if occupied and not (spec.effect == "displace" and action.face_up):
        return "wizards.place-entrance", "that entrance is occupied (only a face-up Ogre may push in)"
    if not action.face_up:
        if spec.effect == "never-face-down":
            return "wizards.titan", "Titan can only be placed face up"
        if state.enchantment_effect(action.dungeon) == "face-up-only":
            return "wizards.of-radiance", "Of Radiance: this dungeon takes face-up creatures only"
        return "wizards.place-face", "of your two creatures this turn only one may be face down"
    return "wizards.place-entrance", "that space cannot take this creature now"


def apply_place(state: WizardsState, action: Place, events: Events) -> None:
    """Put the creature down (an Ogre on an occupied entrance first asks where the occupant goes)."""
    player = state.active
    state.hands[player].remove(action.creature)
    state.placed.append((action.dungeon, action.space, action.face_up))
    state.todo.append(("after-place",))
    if state.config["artefact_effects"] and state.free_equipment(player):
        state.todo.append(("equip", action.dungeon, action.space))
    slot = Slot(player, action.creature, action.face_up)
    if state.dungeons[action.dungeon].slots[action.space] is not None:
        state.pending = Pending(player, "ogre", (action.dungeon, action.space, action.creature))
        events.add("wizards.ogre", "{who} plays Ogre face up onto the occupied {at} and chooses "
                   "where the creature there moves.", who=name_of(state, player), at=action.at)
        return
    state.dungeons[action.dungeon].slots[action.space] = slot
    _log_place(state, action, events)


def _log_place(state: WizardsState, action: Place, events: Events) -> None:
    spec = creature_card(action.creature)
    if action.face_up and spec.phase == "placement" and spec.effect != "displace":
        rule = "wizards.titan" if spec.effect == "never-face-down" else "wizards.placement-effect"
        events.add(rule, "{card} is placed face up: {text}", card=spec.name, text=spec.text)
    name = spec.name if action.face_up else "a creature"
    events.add("wizards.place-face" if not action.face_up else "wizards.place",
               "{who} places {card} {face} at {at}.", who=name_of(state, state.active),
               card=name, face="face up" if action.face_up else "face down", at=action.at)


def ogre_options(state: WizardsState) -> list:
    """Where the creature the Ogre pushes out may go: the dungeon's free entrances."""
    dungeon = state.pending.data[0]
    return [MoveTo(dungeon, s, state.where(dungeon, s)) for s in state.free_entrances(dungeon)]


def apply_ogre_move(state: WizardsState, action: MoveTo, events: Events) -> None:
    """Move the occupant, then put the Ogre on its entrance."""
    dungeon, space, card = state.pending.data
    state.pending = None
    found = state.dungeons[dungeon]
    found.slots[action.space], found.slots[space] = found.slots[space], Slot(state.active, card, True)
    events.add("wizards.ogre", "{who}'s Ogre pushes in at {at}; the creature there moves to "
               "{to}.", who=name_of(state, state.active), at=state.where(dungeon, space),
               to=action.at)


def equip_options(state: WizardsState) -> list:
    """The equipment the active player may put on the creature just placed, or none."""
    names = components().artefact
    return [*(Equip(a, names(a).name) for a in state.free_equipment(state.active)), NO_EQUIPMENT]


def apply_equip(state: WizardsState, action: Equip, events: Events) -> None:
    """Put the tile on the creature (face up even on a face-down creature)."""
    dungeon, space = state.pending.data
    state.pending = None
    found = state.dungeons[dungeon]
    found.slots[space] = found.slots[space]._replace(equipment=action.artefact)
    events.add("wizards.equipment", "{who} equips the creature at {at} with {tile}.",
               who=name_of(state, state.active), at=state.where(dungeon, space), tile=action.name)


def after_place(state: WizardsState, events: Events) -> None:
    """Offer a second placement, or finish placing."""
    if len(state.placed) == 1 and state.hands[state.active] and state.any_free_entrance():
        state.pending = Pending(state.active, "place")
    else:
        state.todo.append(("end-placement",))


def cards_to_draw(placed: list[tuple[int, int, bool]]) -> int:
    """The draw table: what a player draws for what they placed (wizards.draw)."""
    if not placed:
        return 2
    if len(placed) == 1:
        return 2 if placed[0][2] else 1
    return 0 if placed[0][0] == placed[1][0] else 1


def end_placement(state: WizardsState, events: Events) -> None:
    """Draw by the table, then start the battles of the dungeons filled this turn."""
    draw(state, state.active, cards_to_draw(state.placed), events, "wizards.draw")
    filled = sorted({d for d, _, _ in state.placed if not state.has_free_entrance(d)})
    state.filled = filled
    for dungeon in filled:
        events.add("wizards.filled", "{name} is filled: a battle follows.",
                   name=state.side(dungeon).name)
    if len(filled) > 1:
        state.pending = Pending(state.active, "battle-order")
    elif filled:
        state.todo.append(("battle", filled[0]))
    else:
        state.todo.append(("end-turn",))
