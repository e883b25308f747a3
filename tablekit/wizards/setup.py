"""Setting up a game: configuration, dungeons, artefact piles, the enchantment stack, decks."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from tablekit.core.config import validate_config
from tablekit.core.game import Events
from tablekit.wizards.cards import COLOURS, Components, components
from tablekit.wizards.config import WizardsConfig
from tablekit.wizards.state import Dungeon, WizardsState

STACK_SIZE = {2: 7, 3: 8, 4: 9}
RECIPES = ("standard", "partial", "random")
STANDARD_DECK = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10")  # card numbers
PARTIAL_FIXED = ("hobb-lobber", "ogre")
PARTIAL_RANDOM = {"imp": 3, "hobb": 2, "beast": 2, "giant": 1}


def make_config(**options: Any) -> dict[str, Any]:
    """The rules' switches for these options (checked by the config model)."""
    return validate_config("wizards", WizardsConfig, options).resolved()


def deck_creatures(deck: str | list[str], rng: random.Random) -> list[str]:
    """The ten creature ids every player gets (drawn with `rng` for the random recipes)."""
    if isinstance(deck, list):
        return list(deck)
    if deck == "standard":
        return list(_standard_deck(components()))
    creatures = [c for c in components().creatures if not c.is_monster]
    if deck == "random":
        return sorted(rng.sample([c.id for c in creatures], 10), key=_number)
    chosen = list(PARTIAL_FIXED)
    for kind, count in PARTIAL_RANDOM.items():
        pool = [c.id for c in creatures if c.type == kind and c.id not in chosen]
        chosen += rng.sample(pool, count)
    return sorted(chosen, key=_number)


def deck_problems(deck: list[str] | tuple[str, ...], recipe: str) -> list[str]:
    """What keeps a deck from following a recipe ([] when it does): the game's own validator."""
    by_id = {c.id: c for c in components().creatures}
    problems = [f"{c!r} is not a creature a deck may hold (monsters come from artefacts) "
                "[rule wizards.deck-random]" for c in deck if c not in by_id or by_id[c].is_monster]
    if problems:
        return problems
    if len(deck) != 10 or len(set(deck)) != 10:
        problems.append("a deck is ten different creatures [rule wizards.deck-standard]")
    if recipe == "standard" and sorted(deck) != sorted(deck_creatures("standard", random.Random())):
        problems.append("the standard deck is creatures 1 to 10 [rule wizards.deck-standard]")
    if recipe == "partial":
        problems += [f"the partially random deck always holds {by_id[c].name} "
                     "[rule wizards.deck-partial]" for c in PARTIAL_FIXED if c not in deck]
        for kind, count in PARTIAL_RANDOM.items():
            fixed = sum(1 for c in PARTIAL_FIXED if by_id[c].type == kind)
            held = sum(1 for c in deck if by_id[c].type == kind)
            if held != count + fixed:
                problems.append(f"the partially random deck holds {count + fixed} {kind}s, not "
                                f"{held} [rule wizards.deck-partial]")
    return problems


def deal(config: dict[str, Any], rng: random.Random, events: Events,
         seat_decks: list[list[str]] | None = None) -> WizardsState:
    """A new game: boards light side up, piles, stack, the same ten creatures each, hands.

    `seat_decks` gives each seat its own creatures: not the rules (every player holds the same
    ten), but what the deck study (`solvers.wizards`) needs to compare a deck with another.
    """
    players = config["players"]
    state = WizardsState(config, players, rng.getrandbits(64))
    comps = components()
    for pile in state.piles:
        state.piles[pile] = list(_pile_tiles(comps, pile))
        rng.shuffle(state.piles[pile])
    tiles = [e.id for e in comps.enchantments]
    rng.shuffle(tiles)
    state.stack = tiles[:STACK_SIZE[players]]
    events.add("wizards.setup-enchantments", "{n} enchantment tiles make the stack; {rest} go "
               "back in the box.", n=STACK_SIZE[players], rest=len(tiles) - STACK_SIZE[players])
    events.add("wizards.setup-boards", "{n} players raid {d} dungeons, light side up.",
               n=players, d=len(state.sides))
    for index, board in enumerate(state.sides):
        state.dungeons.append(Dungeon(index, False, board.light))
        open_dungeon(state, index, events)
    cards = deck_creatures(config["deck"], rng)
    recipe = config["deck"] if isinstance(config["deck"], str) else "random"
    if seat_decks:  # the deck study: not the rules, and the log says so
        events.add("wizards.deck-random", "Each seat holds its own deck (a deck study): {decks}.",
                   decks="; ".join(", ".join(comps.creature(c).name for c in d) for d in seat_decks))
    else:
        events.add(f"wizards.deck-{recipe}", "Every player's deck: {names}.",
                   names=", ".join(comps.creature(c).name for c in cards))
    for player in range(players):
        mine = list(seat_decks[player]) if seat_decks else cards
        state.owned[player] = list(mine)
        state.decks[player] = list(mine)
        rng.shuffle(state.decks[player])
        for _ in range(config["hand_size"]):
            state.hands[player].append(state.decks[player].pop())
    events.add("wizards.setup-decks", "Each player shuffles their deck and draws {n} cards.",
               n=config["hand_size"])
    events.add("wizards.first-player", "Player 1 goes first; play passes clockwise.")
    if config["enchantment_effects"]:
        events.add("wizards.enchantment", "Enchantments change the rules of their own dungeons.")
    return state


def open_dungeon(state: WizardsState, dungeon: int, events: Events) -> None:
    """Lay out a dungeon's side: an artefact from each lettered pile and the top enchantment."""
    found = state.dungeons[dungeon]
    side = state.side(dungeon)
    found.slots = [None] * len(side.ring)
    found.artefacts, found.fortune, found.fed = [], {}, {}
    for letter in side.artefacts:
        if state.piles[letter]:
            found.artefacts.append(state.piles[letter].pop())
    found.enchantment = state.stack.pop()
    comps = components()
    events.add("wizards.setup-artefacts", "{name} opens with {tiles} and the enchantment {ench}.",
               name=side.name, ench=comps.enchantment(found.enchantment).name,
               tiles=" and ".join(comps.artefact(a).name for a in found.artefacts) or "no artefact")
    effect = state.enchantment_effect(dungeon)
    if effect:
        tile = comps.enchantment(found.enchantment)
        events.add(f"wizards.{tile.id}", "{name} here: {text}", name=tile.name, text=tile.text)
    if effect == "wonders" and state.piles["C"]:
        found.artefacts.append(state.piles["C"].pop())
        events.add("wizards.of-wonders", "Of Wonders adds {tile} from pile C.",
                   tile=comps.artefact(found.artefacts[-1]).name)
    if effect == "fortune":
        for key in [*state.free_entrances(dungeon), *found.artefacts]:
            colour = _random_gem(state)
            if colour is not None:
                state.supply[COLOURS.index(colour)] -= 1
                found.fortune[key] = colour
        events.add("wizards.of-fortune", "Of Fortune adds {n} random gems to the treasures.",
                   n=len(found.fortune))


def _random_gem(state: WizardsState) -> str | None:
    """A gem drawn at random from the supply (weighted by what is left), or None."""
    total = sum(state.supply)
    if not total:
        return None
    luck = random.Random(state.luck)
    pick = luck.randrange(total)
    state.luck = luck.getrandbits(64)
    for colour, count in zip(COLOURS, state.supply, strict=True):
        if pick < count:
            return colour
        pick -= count
    return None  # pragma: no cover - the loop always returns


@cache
def _standard_deck(comps: Components) -> tuple[str, ...]:
    """The creature ids of the standard deck, cards 1 to 10 (once per box)."""
    by_number = {c.number: c.id for c in comps.creatures if not c.is_monster}
    return tuple(by_number[n] for n in STANDARD_DECK)


@cache
def _pile_tiles(comps: Components, pile: str) -> tuple[str, ...]:
    """The artefact ids of a lettered pile, in file order (once per box)."""
    return tuple(a.id for a in comps.artefacts if a.pile == pile)


def _number(creature_id: str) -> int:
    number = components().creature(creature_id).number
    return int(number) if number.isdigit() else 100 + ord(number)
