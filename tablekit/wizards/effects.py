"""The small moves every rule is made of: gems, cards, strength, protection, adjacency."""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wizards.actions import a_gem
from tablekit.wizards.cards import COLOURS, components
from tablekit.wizards.state import COLOUR_INDEX, Slot, WizardsState

_CREATURES = {c.id: c for c in components().creatures}
_NAMES = tuple(f"Player {p + 1}" for p in range(4))


def creature(slot: Slot):
    """The creature card on a slot."""
    return _CREATURES[slot.creature]


def creature_card(creature_id: str):
    """The creature card with this id."""
    return _CREATURES[creature_id]


def name_of(state: WizardsState, player: int) -> str:
    """How the log names a player."""
    return _NAMES[player]


# -- gems ------------------------------------------------------------------------------------
def take_gem(state: WizardsState, player: int, colour: str, events: Events, why: str,
             rule: str = "wizards.treasure-gems") -> bool:
    """Move one gem of `colour` from the supply to a player; False when the supply has none."""
    index = COLOUR_INDEX[colour]
    if not state.supply[index]:
        events.add("wizards.gem-supply", "The supply has no {colour} gem left for {who} ({why}).",
                   colour=colour, who=name_of(state, player), why=why)
        return False
    state.supply[index] -= 1
    state.gems[player][index] += 1
    events.add(rule, "{who} takes {gem} ({why}).",
               who=name_of(state, player), gem=a_gem(colour), why=why)
    return True


def take_cursed(state: WizardsState, player: int, events: Events, why: str,
                rule: str = "wizards.treasure-gems") -> bool:
    """Move one cursed gem from the supply to a player; False when the supply is empty."""
    if not state.cursed_supply:
        events.add("wizards.gem-supply", "The supply has no cursed gem left ({why}).", why=why)
        return False
    state.cursed_supply -= 1
    state.cursed[player] += 1
    events.add(rule, "{who} takes a cursed gem ({why}).", who=name_of(state, player), why=why)
    return True


def return_cursed(state: WizardsState, player: int, count: int, events: Events, rule: str) -> None:
    """Give back up to `count` of a player's cursed gems to the supply."""
    count = min(count, state.cursed[player])
    if count:
        state.cursed[player] -= count
        state.cursed_supply += count
        events.add(rule, "{who} gives back {n} cursed gem(s).", who=name_of(state, player), n=count)


def give_gem(state: WizardsState, giver: int, receiver: int, colour: str, events: Events) -> None:
    """Hand one gem from a player to another (Water Imp)."""
    index = COLOUR_INDEX[colour]
    state.gems[giver][index] -= 1
    state.gems[receiver][index] += 1
    events.add("wizards.water-imp", "{giver} gives {gem} to {receiver}.",
               giver=name_of(state, giver), gem=a_gem(colour), receiver=name_of(state, receiver))


def colours_held(state: WizardsState, player: int) -> list[str]:
    """The colours of which the player holds at least one gem."""
    return [c for c, n in zip(COLOURS, state.gems[player], strict=True) if n]


def colours_in_supply(state: WizardsState) -> list[str]:
    """The colours the supply still has."""
    return [c for c, n in zip(COLOURS, state.supply, strict=True) if n]


# -- cards -----------------------------------------------------------------------------------
def draw(state: WizardsState, player: int, count: int, events: Events, rule: str) -> int:
    """Draw up to `count` cards from the top of a player's deck; returns how many came."""
    deck, hand = state.decks[player], state.hands[player]
    drawn = min(count, len(deck))
    for _ in range(drawn):
        hand.append(deck.pop())
    if count or rule == "wizards.draw":
        events.add(rule, "{who} draws {cards}{short}.", who=name_of(state, player),
                   cards=cards_drawn(drawn), short=_short_deck(drawn, count))
    return drawn


def cards_drawn(drawn: int) -> str:
    """'no card', '1 card', '2 cards'."""
    return "no card" if not drawn else f"{drawn} card{'s' if drawn > 1 else ''}"


def _short_deck(drawn: int, count: int) -> str:
    """Why fewer cards came than the rule asked for ('' when all came)."""
    if drawn == count:
        return ""
    return " (the deck is empty)" if not drawn else f" (the deck had only {drawn})"


def discard(state: WizardsState, player: int, card: str, events: Events, why: str) -> None:
    """Discard a card from hand: with no discard pile, it goes under its owner's deck."""
    state.hands[player].remove(card)
    state.decks[player].insert(0, card)
    events.add("wizards.discard", "{who} discards {card} under their deck ({why}).",
               who=name_of(state, player), card=components().creature(card).name, why=why)


def remove(state: WizardsState, dungeon: int, space: int, stunned: bool, events: Events,
           why: str, by: int | None = None) -> None:
    """Eliminate (under the deck) or stun (back to hand) the creature on a space."""
    found = state.dungeons[dungeon]
    slot = found.slots[space]
    found.slots[space] = None
    found.fed.pop(space, None)
    if stunned:
        state.hands[slot.owner].append(slot.creature)
    else:
        state.decks[slot.owner].insert(0, slot.creature)
    events.add("wizards.stun" if stunned else "wizards.eliminate",
               "{card} of {who} is {what} by {why}{gear}.", card=creature(slot).name,
               who=name_of(state, slot.owner), what="stunned" if stunned else "eliminated",
               why=why, gear=_gear_back(slot))
    if by == slot.owner:
        events.add("wizards.mandatory", "The ability spares nobody: {who} loses their own {card}.",
                   who=name_of(state, by), card=creature(slot).name)


def _gear_back(slot: Slot) -> str:
    if not slot.equipment:
        return ""
    return f"; {components().artefact(slot.equipment).name} goes back to its owner"


# -- the dungeon -----------------------------------------------------------------------------
def adjacent(state: WizardsState, dungeon: int, space: int) -> list[int]:
    """Spaces next to `space` on the ring that hold a creature (walls and gaps separate)."""
    slots = state.dungeons[dungeon].slots
    size = len(slots)
    found = []
    for other in ((space - 1) % size, (space + 1) % size):
        if other != space and slots[other] is not None and other not in found:
            found.append(other)
    return found


def protected(state: WizardsState, dungeon: int, space: int) -> bool:
    """True when creature and artefact effects cannot touch the creature on this space.

    A face-down creature has no abilities yet, and its type is secret, so only equipment that
    protects any creature (Holy Defender) shields it; Steel Sentinel and type-bound equipment
    work once it is face up.
    """
    slot = state.dungeons[dungeon].slots[space]
    gear = (components().artefact(slot.equipment)
            if slot.equipment and state.config["artefact_effects"] else None)
    if gear is not None and gear.protect and not gear.protect_types:
        return True
    if not slot.face_up:
        return False
    card = creature(slot)
    if card.effect == "protected":
        return True
    return gear is not None and gear.protect and card.type in gear.protect_types


def strength(state: WizardsState, dungeon: int, space: int) -> int:
    """The strength of the creature on a space now (imps, Chanter, Dragon, gear, enchantment)."""
    return _strength(state, dungeon, space, _imp_strength(state, dungeon))


def strengths(state: WizardsState, dungeon: int) -> dict[int, int]:
    """The strength of every creature in a dungeon now, by space."""
    imps = _imp_strength(state, dungeon)  # the same for every imp of the dungeon: once
    return {space: _strength(state, dungeon, space, imps)
            for space, slot in enumerate(state.dungeons[dungeon].slots) if slot is not None}


def totals(state: WizardsState, dungeon: int) -> dict[int, int]:
    """Each player's strength total in a dungeon (only players with a creature there)."""
    slots = state.dungeons[dungeon].slots
    found: dict[int, int] = {}
    for space, value in strengths(state, dungeon).items():
        owner = slots[space].owner
        found[owner] = found.get(owner, 0) + value
    return found


def _imp_strength(state: WizardsState, dungeon: int) -> int | None:
    """What an imp counts in this dungeon: the imps there, or None when a face-up Hobb Chanter
    holds every unprotected imp to 1."""
    imps = 0
    for slot in state.dungeons[dungeon].slots:
        if slot is not None:
            card = _CREATURES[slot.creature]
            if slot.face_up and card.effect == "imps-strength-one":
                return None
            if card.type == "imp":
                imps += 1
    return imps


def _strength(state: WizardsState, dungeon: int, space: int, imps: int | None) -> int:
    """The strength of the creature on a space, given what an imp counts there."""
    slot = state.dungeons[dungeon].slots[space]
    card = _CREATURES[slot.creature]
    value = card.strength
    if value == "imps":
        if imps is None:  # Hobb Chanter: 1, unless the imp is protected from it
            value = 1 if not protected(state, dungeon, space) else _count_imps(state, dungeon)
        else:
            value = imps
    elif value == "cursed":
        value = state.cursed[slot.owner]
    return value + _bonus(state, dungeon, space, slot, card)


def _count_imps(state: WizardsState, dungeon: int) -> int:
    return sum(1 for s in state.dungeons[dungeon].slots
               if s is not None and _CREATURES[s.creature].type == "imp")


def _bonus(state: WizardsState, dungeon: int, space: int, slot: Slot, card) -> int:
    fed = state.dungeons[dungeon].fed
    bonus = 2 * fed[space] if space in fed else 0
    if slot.equipment and state.config["artefact_effects"]:
        gear = components().artefact(slot.equipment)
        if not gear.bonus_types or card.type in gear.bonus_types:
            bonus += gear.bonus
    if state.enchantment_effect(dungeon) == "type-strength":
        tile = components().enchantment(state.dungeons[dungeon].enchantment)
        if card.type == tile.type:
            bonus += tile.amount
    return bonus
