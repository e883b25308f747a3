"""3.2 Treasure, 3.3 Return and 3.4 New dungeon: gems, tiles, artefacts, cards back home."""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wizards.actions import Discard, GiveGem, Pass, ReturnCard, TakeArtefact, TakeGem
from tablekit.wizards.cards import COLOURS, CURSED, components
from tablekit.wizards.effects import (
    colours_held,
    colours_in_supply,
    creature,
    discard,
    give_gem,
    name_of,
    remove,
    take_cursed,
    take_gem,
    totals,
)
from tablekit.wizards.scoring import best_gem
from tablekit.wizards.setup import open_dungeon
from tablekit.wizards.state import COLOUR_INDEX, PLACE, Pending, WizardsState

LET_BLOB_GO = Pass("Let Big Blue Blob be eliminated")
STOP_FEEDING = Pass("Stop feeding Flesh Golem")
TWO_PLAYER_MARGIN = 3
TYPE_ENCHANTMENTS = {"gem-per-creature": ("wizards.of-abundance", "Of Abundance", None),
                     "gem-per-type": ("wizards.of-astonishing-horror", "Of Astonishing Horror",
                                      "giant")}


def treasure(state: WizardsState, dungeon: int, events: Events) -> None:
    """Queue the treasure phase's steps in order."""
    state.todo += [("purify", dungeon), ("award", dungeon), ("tile", dungeon),
                   ("enchanted-gems", dungeon), ("collect", dungeon), ("upkeep", dungeon, 0)]


def upkeep(state: WizardsState, dungeon: int, space: int, events: Events) -> None:
    """Treasure-phase creature choices, clockwise: Big Blue Blob's price, Flesh Golem's meal."""
    slots = state.dungeons[dungeon].slots
    for here in range(space, len(slots)):
        slot = slots[here]
        if slot is None:
            continue
        effect = creature(slot).effect
        if effect == "upkeep":
            state.todo.append(("upkeep", dungeon, here + 1))
            if state.hands[slot.owner]:
                state.pending = Pending(slot.owner, "blob", (dungeon, here))
            else:
                remove(state, dungeon, here, False, events, "its own hunger (no card to discard)")
            return
        if effect == "feed" and state.hands[slot.owner]:
            state.todo.append(("upkeep", dungeon, here + 1))
            state.pending = Pending(slot.owner, "feed", (dungeon, here))
            return


def hand_options(state: WizardsState, why: str) -> list[Discard]:
    """One Discard per different card in the deciding player's hand."""
    hand = state.hands[state.pending.player]
    return [Discard(c, why) for c in sorted(set(hand), key=hand.index)]


def blob_options(state: WizardsState) -> list:
    """Big Blue Blob: discard a card to keep it, or let it go."""
    return [*hand_options(state, "to keep Big Blue Blob"), LET_BLOB_GO]


def apply_blob(state: WizardsState, action: Discard | Pass, events: Events) -> None:
    """Pay for the Blob or eliminate it (its entrance then pays nothing)."""
    dungeon, space = state.pending.data
    owner = state.pending.player
    state.pending = None
    if isinstance(action, Discard):
        discard(state, owner, action.creature, events, "Big Blue Blob")
        events.add("wizards.big-blue-blob", "Big Blue Blob is fed and stays.")
    else:
        events.add("wizards.big-blue-blob", "Big Blue Blob goes unfed: it is eliminated and its "
                   "entrance pays nothing.")
        remove(state, dungeon, space, False, events, "its owner's choice")


def feed_options(state: WizardsState) -> list:
    """Flesh Golem: discard a card for +2 strength, or stop."""
    return [*hand_options(state, "to feed Flesh Golem (+2)"), STOP_FEEDING]


def apply_feed(state: WizardsState, action: Discard | Pass, events: Events) -> None:
    """Feed one card (and ask again while the hand lasts) or stop."""
    dungeon, space = state.pending.data
    owner = state.pending.player
    state.pending = None
    if isinstance(action, Pass):
        return
    discard(state, owner, action.creature, events, "Flesh Golem")
    found = state.dungeons[dungeon]
    found.fed[space] = found.fed.get(space, 0) + 1
    events.add("wizards.flesh-golem", "Flesh Golem grows to strength {n}.",
               n=2 + 2 * found.fed[space])
    if state.hands[owner]:
        state.pending = Pending(owner, "feed", (dungeon, space))


def collect(state: WizardsState, dungeon: int, events: Events) -> None:
    """Every surviving creature earns its owner the treasure of its entrance."""
    found = state.dungeons[dungeon]
    for space, slot in state.creatures(dungeon):
        shown = state.space(dungeon, space)
        card = creature(slot)
        if shown == CURSED:
            take_cursed(state, slot.owner, events, f"{card.name}'s entrance")
        elif (take_gem(state, slot.owner, shown, events, f"{card.name}'s entrance")
              and card.effect == "double-gem"):
            take_gem(state, slot.owner, shown, events, "Air Imp doubles it", "wizards.air-imp")
        extra = found.fortune.pop(space, None)
        if extra is not None:
            state.gems[slot.owner][COLOUR_INDEX[extra]] += 1
            events.add("wizards.of-fortune", "{who} also takes the {colour} gem Of Fortune left "
                       "there.", who=name_of(state, slot.owner), colour=extra)


def enchanted_gems(state: WizardsState, dungeon: int, events: Events) -> None:
    """Treasure-phase enchantments: Abundance, Astonishing Horror, Shadow, the Ancestors."""
    effect = state.enchantment_effect(dungeon)
    if effect not in TYPE_ENCHANTMENTS and effect not in ("shadow", "purify-per-type"):
        return
    tasks = []
    for player in state.seat_order(state.token):
        mine = [creature(s) for _, s in state.creatures(dungeon) if s.owner == player]
        if effect in TYPE_ENCHANTMENTS:
            rule, why, kind = TYPE_ENCHANTMENTS[effect]
            count = sum(1 for c in mine if kind is None or c.type == kind)
            if count:
                tasks.append(("gem", player, count, rule, why))
        elif effect == "shadow":
            for _ in mine:
                take_cursed(state, player, events, "Of Shadow", "wizards.of-shadow")
        elif effect == "purify-per-type":
            count = sum(1 for c in mine if c.type == "hobb")
            if count:
                tasks.append(("cursed", player, count, "wizards.of-the-ancestors"))
    state.todo += reversed(tasks)


def gem_options(state: WizardsState) -> list:
    """A gem of any colour the supply still has, the one that scores most first."""
    colours = colours_in_supply(state)
    if not colours:
        return []
    best = best_gem(state.gem_count(state.pending.player), dict.fromkeys(colours, 1))
    return [TakeGem(best), *(TakeGem(c) for c in colours if c != best)]


def apply_gem(state: WizardsState, action: TakeGem, events: Events) -> None:
    """Take the gem (logged under the rule that gives it); ask again while more are owed."""
    player, count, rule, why = state.pending.data
    state.pending = None
    take_gem(state, player, action.colour, events, why, rule)
    if count > 1:
        state.todo.append(("gem", player, count - 1, rule, why))


def give_options(state: WizardsState) -> list:
    """Water Imp: which of your gem colours to hand over."""
    return [GiveGem(c) for c in colours_held(state, state.pending.player)]


def apply_give(state: WizardsState, action: GiveGem, events: Events) -> None:
    """Hand the chosen gem to the Water Imp's owner."""
    giver, receiver = state.pending.player, state.pending.data[0]
    state.pending = None
    give_gem(state, giver, receiver, action.colour, events)


def tile(state: WizardsState, dungeon: int, events: Events) -> None:
    """The battle token's holder takes the dungeon's enchantment tile."""
    found = state.dungeons[dungeon]
    state.enchantments[state.token].append(found.enchantment)
    events.add("wizards.treasure-enchantment", "{who} takes the enchantment {tile}.",
               who=name_of(state, state.token),
               tile=components().enchantment(found.enchantment).name)


def ranking(state: WizardsState, dungeon: int) -> list[tuple[int, int]]:
    """(player, strength total) of the players with creatures here, best first, ties by seat."""
    found = totals(state, dungeon)
    seats = state.seat_order(state.token)
    return sorted(found.items(), key=lambda pt: (-pt[1], seats.index(pt[0])))


def award(state: WizardsState, dungeon: int, events: Events) -> None:
    """Hand out the artefacts by strength totals (two-player and one-owner rules included)."""
    ranked = ranking(state, dungeon)
    found = state.dungeons[dungeon]
    _explain_strengths(state, dungeon, events)
    events.add("wizards.treasure-artefacts", "Strength totals: {totals}.",
               totals=", ".join(f"{name_of(state, p)} {t}" for p, t in ranked) or "nobody is left")
    if len({t for _, t in ranked}) < len(ranked):
        events.add("wizards.treasure-ties", "Equal totals rank in turn order from {who}, who "
                   "holds the battle token.", who=name_of(state, state.token))
    if not ranked:
        _discard_artefacts(state, dungeon, events)
        return
    winner = ranked[0][0]
    second = ranked[1][0] if len(ranked) > 1 else winner
    if len(ranked) > 1 and state.players == 2 and not _runner_up_qualifies(ranked):
        events.add("wizards.two-player", "{who} is {gap} behind the winner with {total}: the "
                   "second artefact will leave the game.", who=name_of(state, second),
                   gap=ranked[0][1] - ranked[1][1], total=ranked[1][1])
        second = -1
    elif second == winner:
        events.add("wizards.treasure-one-owner", "Only {who} has creatures left here{what}.",
                   who=name_of(state, winner), what=_lone_share(len(found.artefacts)))
    if state.enchantment_effect(dungeon) == "shadow":
        state.todo.append(("cursed", winner, 3, "wizards.of-shadow"))
    if state.enchantment_effect(dungeon) == "chosen":
        state.todo.append(("chosen", tuple(len(a) for a in state.artefacts)))
    state.todo.append(("runner-up", dungeon, second))
    wonder = found.artefacts[2] if state.enchantment_effect(dungeon) == "wonders" and \
        len(found.artefacts) > 2 else None
    if wonder is not None:
        gain_artefact(state, winner, dungeon, wonder, events)
    if len(found.artefacts) > 1 and second != winner:
        state.pending = Pending(winner, "artefact", (dungeon,))
    elif found.artefacts and second != winner:
        gain_artefact(state, winner, dungeon, found.artefacts[0], events)


def _lone_share(count: int) -> str:
    """How many artefacts a lone owner takes, in words (the end of the one-owner line)."""
    if count == 0:
        return ", and there is no artefact to take"
    if count == 1:
        return ": the artefact is theirs"
    return ": both artefacts are theirs" if count == 2 else f": all {count} artefacts are theirs"


def chosen(state: WizardsState, before: tuple[int, ...], events: Events) -> None:
    """Of the Chosen: each player who gained artefacts here may give back one cursed gem."""
    gainers = [p for p in state.seat_order(state.token) if len(state.artefacts[p]) > before[p]]
    state.todo += [("cursed", p, 1, "wizards.of-the-chosen") for p in reversed(gainers)]


def _explain_strengths(state: WizardsState, dungeon: int, events: Events) -> None:
    here = [s for s in state.dungeons[dungeon].slots if s is not None]
    kinds = [creature(s) for s in here]
    for slot, card in zip(here, kinds, strict=True):
        if card.effect == "cursed-strength":
            events.add("wizards.void-dragon", "Void Dragon is as strong as its owner's {n} cursed "
                       "gem(s).", n=state.cursed[slot.owner])
    imps = sum(1 for c in kinds if c.type == "imp")
    if not imps:
        return
    if any(c.effect == "imps-strength-one" for c in kinds):
        events.add("wizards.hobb-chanter", "Hobb Chanter holds each imp here to strength 1.")
    else:
        events.add("wizards.imp-strength", "Each imp here counts the {n} imp(s) in the dungeon.",
                   n=imps)


def _runner_up_qualifies(ranked: list[tuple[int, int]]) -> bool:
    return ranked[1][1] > 0 and ranked[0][1] - ranked[1][1] <= TWO_PLAYER_MARGIN


def artefact_options(state: WizardsState) -> list:
    """The winner picks one of the dungeon's artefacts."""
    names = components().artefact
    return [TakeArtefact(a, names(a).name) for a in state.dungeons[state.pending.data[0]].artefacts]


def apply_artefact(state: WizardsState, action: TakeArtefact, events: Events) -> None:
    """The winner takes the chosen artefact."""
    player, dungeon = state.pending.player, state.pending.data[0]
    state.pending = None
    gain_artefact(state, player, dungeon, action.artefact, events)


def runner_up(state: WizardsState, dungeon: int, second: int, events: Events) -> None:
    """The second place takes what is left (or it leaves the game)."""
    found = state.dungeons[dungeon]
    if second >= 0:
        for artefact in list(found.artefacts):
            gain_artefact(state, second, dungeon, artefact, events)
    _discard_artefacts(state, dungeon, events)


def gain_artefact(state: WizardsState, player: int, dungeon: int, artefact: str,
                  events: Events) -> None:
    """A player takes an artefact: its Fortune gem, its monster card."""
    found = state.dungeons[dungeon]
    found.artefacts.remove(artefact)
    state.artefacts[player].append(artefact)
    tile_spec = components().artefact(artefact)
    events.add("wizards.treasure-artefacts", "{who} takes {tile} ({pile}, {points} points).",
               who=name_of(state, player), tile=tile_spec.name, pile=tile_spec.pile,
               points=tile_spec.points)
    extra = found.fortune.pop(artefact, None)
    if extra is not None:
        state.gems[player][COLOUR_INDEX[extra]] += 1
        events.add("wizards.of-fortune", "{who} takes the {colour} gem lying on it.",
                   who=name_of(state, player), colour=extra)
    if tile_spec.kind == "monster" and state.config["artefact_effects"]:
        state.hands[player].append(tile_spec.monster)
        state.owned[player].append(tile_spec.monster)
        events.add("wizards.monster-artefact", "{who} adds {card} to their hand and deck.",
                   who=name_of(state, player), card=components().creature(tile_spec.monster).name)


def _discard_artefacts(state: WizardsState, dungeon: int, events: Events) -> None:
    found = state.dungeons[dungeon]
    for artefact in found.artefacts:
        state.discarded.append(artefact)
        events.add("wizards.treasure-artefacts", "Nobody takes {tile}: it leaves the game.",
                   tile=components().artefact(artefact).name)
    found.artefacts = []


def purify(state: WizardsState, dungeon: int, events: Events) -> None:
    """Of Purification: each player may give back a cursed gem per creature of theirs here."""
    if state.enchantment_effect(dungeon) != "purify-per-creature":
        return
    tasks = []
    for player in state.seat_order(state.token):
        count = sum(1 for _, s in state.creatures(dungeon) if s.owner == player)
        if count and state.cursed[player]:
            tasks.append(("cursed", player, count, "wizards.of-purification"))
    state.todo += reversed(tasks)


# -- 3.3 Return ------------------------------------------------------------------------------
def return_home(state: WizardsState, dungeon: int, events: Events) -> None:
    """Each owner, from the token's holder on, puts their creatures under their deck."""
    left = state.creatures(dungeon)
    for player in state.seat_order(state.token):
        mine = [i for i, s in left if s.owner == player]
        if len(mine) > 1:  # a player has one of each creature: two or more is a choice
            state.todo.append(("return", dungeon))
            state.pending = Pending(player, "return", (dungeon,))
            return
        for space in mine:
            _under_deck(state, dungeon, space, events)


def return_options(state: WizardsState) -> list:
    """Which of your creatures goes under your deck next."""
    player, dungeon = state.pending.player, state.pending.data[0]
    mine = [s.creature for s in state.dungeons[dungeon].slots if s is not None and s.owner == player]
    return [_RETURN_CARDS.get(c) or _return_card(c) for c in dict.fromkeys(mine)]


_RETURN_CARDS: dict[str, ReturnCard] = {}


def _return_card(creature_id: str) -> ReturnCard:
    """The one ReturnCard action of a creature (actions are immutable: one serves every game)."""
    found = _RETURN_CARDS[creature_id] = ReturnCard(creature_id)
    return found


def apply_return(state: WizardsState, action: ReturnCard, events: Events) -> None:
    """Put the chosen creature under the deck."""
    player, dungeon = state.pending.player, state.pending.data[0]
    state.pending = None
    space = next(i for i, s in enumerate(state.dungeons[dungeon].slots)
                 if s is not None and s.owner == player and s.creature == action.creature)
    _under_deck(state, dungeon, space, events)


def _under_deck(state: WizardsState, dungeon: int, space: int, events: Events) -> None:
    found = state.dungeons[dungeon]
    slot = found.slots[space]
    found.slots[space] = None
    state.decks[slot.owner].insert(0, slot.creature)
    events.add("wizards.return", "{card} goes back under {who}'s deck.",
               card=creature(slot).name, who=name_of(state, slot.owner))


# -- 3.4 New dungeon / End game --------------------------------------------------------------
def after_battle(state: WizardsState, dungeon: int, events: Events) -> None:
    """Turn the board over for a new dungeon, or take it away; then the next battle or turn."""
    found = state.dungeons[dungeon]
    for colour in found.fortune.values():
        state.supply[COLOURS.index(colour)] += 1
    found.fortune, found.fed = {}, {}
    if state.stack:
        found.turn_over(state.sides[found.board].side(not found.dark), not found.dark)
        open_dungeon(state, dungeon, events)
        events.add("wizards.new-dungeon", "The board turns over: {name} opens.",
                   name=state.side(dungeon).name)
    else:
        found.open, found.enchantment = False, ""
        events.add("wizards.remove-dungeon", "The enchantment stack is empty: {name} leaves the "
                   "table.", name=state.side(dungeon).name)
    state.phase = PLACE
    state.todo.append(("battle", state.filled[0]) if state.filled else ("end-turn",))
