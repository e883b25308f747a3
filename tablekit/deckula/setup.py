"""Deckula! setup: the difficulty's Visitors, the deal, and hand-made scenarios for lessons."""

from __future__ import annotations

import random
from functools import lru_cache

from tablekit.core.errors import ConfigError
from tablekit.core.game import Events
from tablekit.deckula.cards import BEGINNER_VISITORS, Card, CardSet
from tablekit.deckula.config import START_ENERGY, DeckulaConfig, DeckulaScenario
from tablekit.deckula.state import KEEP, DeckulaState

VISITORS_DEALT = 5  # every named difficulty shuffles in five Visitors
HARD_DROPS = {"both": BEGINNER_VISITORS[:2], "vagabond": BEGINNER_VISITORS[:1],
              "quaintrelle": BEGINNER_VISITORS[1:2]}


def deal(cards_set: CardSet, config: DeckulaConfig, rng: random.Random, events: Events) -> DeckulaState:
    """Deal a game: three face-up castle cards, then a shuffled draw pile with the Visitors."""
    chosen = _choose_visitors(cards_set, config, rng)
    cards, castle = _deal_cards(cards_set, tuple(chosen))
    state = DeckulaState(cards, {"setup_card_effects": config.setup_card_effects})
    castle_uids = list(range(castle))
    rng.shuffle(castle_uids)
    state.offer = [castle_uids.pop() for _ in range(3)]
    first_visitor = castle + 1
    state.draw = castle_uids + list(range(castle, first_visitor + len(chosen)))
    rng.shuffle(state.draw)
    state.set_aside = list(range(first_visitor + len(chosen), len(cards)))
    rng.shuffle(state.set_aside)
    state.energy = START_ENERGY
    _setup_events(state, chosen, config.difficulty, events)
    return state


def deal_scenario(cards_set: CardSet, scenario: DeckulaScenario, options: dict[str, bool],
                  events: Events) -> DeckulaState:
    """A table laid out exactly as a scenario says (cards already in play have no effect now)."""
    zones = scenario.zones()
    specs = [cards_set.by_id(i) for ids in zones.values() for i in ids]
    state = DeckulaState(tuple(Card.deal(uid, spec) for uid, spec in enumerate(specs)), options)
    uid = 0
    for zone, ids in zones.items():
        uids = list(range(uid, uid + len(ids)))
        uid += len(uids)
        setattr(state, zone, uids[::-1] if zone == "draw" else uids)
    state.energy = scenario.energy
    events.add("deckula.lesson-table", "A lesson table laid out by hand: {n} cards to draw, {energy} energy.",
               n=len(state.draw), energy=state.energy)
    state.phase = KEEP if state.offer else "start"
    return state


@lru_cache(maxsize=64)
def _deal_cards(cards_set: CardSet, chosen: tuple[str, ...]) -> tuple[tuple[Card, ...], int]:
    """The physical cards, uid order: castle copies, Home Sweet Home, chosen, other Visitors."""
    castle = [spec for spec in cards_set.castle for _ in range(spec.copies)]
    others = [v for v in cards_set.visitors if v.id not in chosen]
    specs = [*castle, cards_set.home_sweet_home, *(cards_set.by_id(v) for v in chosen), *others]
    return tuple(Card.deal(uid, spec) for uid, spec in enumerate(specs)), len(castle)


def check_difficulty(cards_set: CardSet, difficulty: str, hard_replaces: str) -> None:
    """Refuse a difficulty the card set has too few Visitors for (ConfigError naming the file)."""
    named, rest = _visitor_pools(cards_set, difficulty, hard_replaces)
    wanted = VISITORS_DEALT - len(named)
    if len(rest) < wanted:
        beside = f" beside {', '.join(named)}" if named else ""
        raise ConfigError(f"difficulty {difficulty!r} needs {wanted} random Visitor(s){beside}, but the card set "
                          f"{cards_set.source} has only {len(rest)} other Visitor(s) to pick from "
                          f"({', '.join(rest) or 'none'}): add Visitors to it, or choose visitors=[...] "
                          "[rule deckula.difficulty]")


def _choose_visitors(cards: CardSet, config: DeckulaConfig, rng: random.Random) -> list[str]:
    if config.visitors is not None:
        return list(config.visitors)
    named, rest = _visitor_pools(cards, config.difficulty, config.hard_replaces)
    return named + rng.sample(rest, VISITORS_DEALT - len(named))


def _visitor_pools(cards: CardSet, difficulty: str, hard_replaces: str) -> tuple[list[str], list[str]]:
    """The Visitors a difficulty names, and those its random picks come from."""
    pool = [v.id for v in cards.visitors]
    if difficulty == "harder":
        return [], pool
    named = [v for v in BEGINNER_VISITORS if v in pool]
    if difficulty == "hard":
        dropped = HARD_DROPS[hard_replaces]
        named = [v for v in named if v not in dropped]
    return named, [v for v in pool if v not in named and v not in BEGINNER_VISITORS[:2]]


def _setup_events(state: DeckulaState, chosen: list[str], difficulty: str, events: Events) -> None:
    events.add("deckula.setup-remove", "The Visitors and Home Sweet Home are set apart from the castle cards.")
    events.add("deckula.difficulty", "Difficulty {difficulty}: the Visitors are {names}.", difficulty=difficulty,
               names=", ".join(state.spec(u).name for u in state.draw if state.spec(u).id in chosen))
    events.add("deckula.setup-deal", "Three castle cards are turned face up: {names}. Keep one for free.",
               names=", ".join(state.name(u) for u in state.offer))
    visitors = f"{len(chosen)} Visitor{'s' if len(chosen) != 1 else ''}"
    events.add("deckula.setup-visitors", "Home Sweet Home and the {visitors} are shuffled in: {n} cards to draw.",
               visitors=visitors, n=len(state.draw))
    events.add("deckula.setup-energy", "You start with {energy} energy.", energy=state.energy)
