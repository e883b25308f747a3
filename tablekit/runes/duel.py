"""The automatic duel: the turn structure of Battle Resolution, card types, Fatigue, the end."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from tablekit.core.errors import ConfigError
from tablekit.core.events import Event
from tablekit.core.game import Events
from tablekit.runes import combat, effects, heroes, statuses, temperature
from tablekit.runes.board import Duel, DuelOptions, HeroStats, load_heroes, new_fighter
from tablekit.runes.cards import HEROES, Card, CardType, load_pool
from tablekit.runes.deck import DeckError, Violation, validate_deck
from tablekit.runes.fighter import Fighter

CHAPTER_SIZE = 5
_STATS: dict[str, HeroStats] | None = None


@dataclass(frozen=True, slots=True)
class DuelResult:
    """How a duel ended: the winner (None: drawn), why, the turns played and the log.

    `timeline` has one row per turn: (turn, active, then per hero Health, Shield, Temperature,
    resource) — the resource is Skörta's Raven Sight (0/1), Mikal-Finnvard's active
    Attunements (+4 while he holds Harmony), Ash's Perform, Torstein's Essence in Ethereal
    Form or else his Interventions left; `boards` (with the log on) the whole board after each turn, and `marks` the
    number of events logged by the end of each turn, so a viewer can step turn by turn.
    """

    winner: int | None
    reason: str
    turns: int
    events: tuple[Event, ...]
    timeline: tuple[tuple, ...]
    boards: tuple[dict, ...] = ()
    marks: tuple[int, ...] = ()


def hero_stats() -> dict[str, HeroStats]:
    """The shipped Heroes' numbers (loaded once)."""
    global _STATS
    if _STATS is None:
        _STATS = load_heroes()
    return _STATS


def new_duel(heroes_: Sequence[str], decks: Sequence[Sequence[Card]],
             options: DuelOptions | None = None, events: Events | None = None,
             stats: dict[str, HeroStats] | None = None, seed: int = 0) -> Duel:
    """Two heroes with their locked decks, ready for the first turn.

    With `first_player=None` a coin toss seeded by `seed` picks who acts first.
    """
    if len(heroes_) != 2 or len(decks) != 2 or any(h not in HEROES for h in heroes_):
        raise ConfigError(f"a duel needs two heroes of {', '.join(HEROES)} and two decks, "
                          f"not {list(heroes_)} [rule runes.duel]")
    stats = hero_stats() if stats is None else stats
    options = DuelOptions() if options is None else options
    if options.first_player is None:
        options = replace(options, first_player=random.Random(seed).randrange(2))
    fighters = (new_fighter(0, stats[heroes_[0]], list(decks[0])),
                new_fighter(1, stats[heroes_[1]], list(decks[1])))
    if heroes_[0] == heroes_[1]:  # a mirror duel: the log names the players
        for fighter in fighters:
            fighter.name = f"{fighter.name} (player {fighter.index + 1})"
    return Duel(fighters, options, events if events is not None else Events(None))


def run(duel: Duel) -> Duel:
    """Play turns until the duel is over."""
    while not duel.over:
        play_turn(duel)
    return duel


def run_duel(heroes_: Sequence[str], decks: Sequence[Sequence[Card | str]],
             options: DuelOptions | None = None, log: bool = True, seed: int = 0,
             pool: Mapping[str, Card] | None = None) -> DuelResult:
    """Fight a whole duel between two legal locked decks; the same decks give the same duel.

    A deck may list Cards or card ids (of `pool`, the sample pool by default); a deck that
    breaks a construction rule is refused with every rule it breaks.
    """
    locked = legal_decks(decks, pool)
    duel = new_duel(heroes_, locked, options, Events([] if log else None), seed=seed)
    duel.timeline = [] if log else None
    boards: list[dict] = []
    marks: list[int] = []
    while not duel.over:
        play_turn(duel)
        if log:
            boards.append(board(duel))
            marks.append(len(duel.events.items))
    return DuelResult(duel.winner, duel.reason, duel.turn, tuple(duel.events.items or ()),
                      tuple(duel.timeline or ()), tuple(boards), tuple(marks))


def legal_decks(decks: Sequence[Sequence[Card | str]], pool: Mapping[str, Card] | None = None
                ) -> list[list[Card]]:
    """Both decks as Cards, each checked against Deck Construction; DeckError names the rules."""
    if isinstance(decks, str | bytes) or len(decks) != 2:
        raise ConfigError("a duel needs two decks [rule runes.duel]")
    locked = [_as_cards(deck, pool) for deck in decks]
    broken = [Violation(v.rule, f"Player {player + 1}: {v.message}", v.cards)
              for player, deck in enumerate(locked) for v in validate_deck(deck)]
    if broken:
        raise DeckError(broken)
    return locked


def _as_cards(deck: Sequence[Card | str], pool: Mapping[str, Card] | None) -> list[Card]:
    if isinstance(deck, str | bytes | Card):
        raise ConfigError(f"a deck is a list of cards or card ids, not {deck!r} "
                          "[rule runes.deck-size]")
    cards = []
    for item in deck:
        if isinstance(item, str):
            pool = load_pool() if pool is None else pool
            if item not in pool:
                raise ConfigError(f"unknown card id {item!r} (not in the pool) "
                                  "[rule runes.deck-size]")
            item = pool[item]
        elif not isinstance(item, Card):
            raise ConfigError(f"a deck holds Cards or card ids, not {item!r} "
                              "[rule runes.deck-size]")
        cards.append(item)
    return cards


def board(duel: Duel) -> dict:
    """The whole board as JSON data: both heroes, the active Event, whose turn, the result."""
    return {"turn": duel.turn, "active": duel.active,
            "event": duel.event.id if duel.event is not None else None,
            "heroes": [f.snapshot() for f in duel.fighters],
            "over": duel.over, "winner": duel.winner, "reason": duel.reason}


def play_turn(duel: Duel) -> None:
    """One turn of Battle Resolution, from the start-of-turn effects to the hand-over."""
    me = duel.fighters[duel.active]
    duel.turn += 1
    for hero in duel.fighters:  # "each turn" counts both heroes' turns
        hero.used_turn.clear()
        hero.lost_health_this_turn = False
    duel.log("runes.turn-start", "Turn {n}: {hero}'s turn begins.", n=duel.turn, hero=me.name)
    _start_of_turn(duel, me)
    if not duel.over:
        _deck_pressure(duel, me)
    if not duel.over:
        end_turn(duel, me)
    if duel.timeline is not None:
        duel.timeline.append(_timeline_row(duel))
    if not duel.over and duel.turn >= duel.options.turn_limit:
        duel.over, duel.winner, duel.reason = True, None, "turn limit"
        duel.log("runes.turn-limit", "The turn limit ({n}) is reached: the duel is drawn.",
                 n=duel.options.turn_limit)
    duel.active = 1 - duel.active


def play_card(duel: Duel, me: Fighter, card: Card) -> None:
    """Resolve one revealed card by its type, then the reactions, then move it to its zone."""
    duel.current_card = card
    if me.ethereal:
        if card.ethereal:
            duel.log("runes.ethereal-discard", "{card} is written for Ethereal play.",
                     card=card.name)
            effects.resolve(duel, me, card.ethereal, card)
        me.discard.append(card)
        duel.log("runes.ethereal-discard", "In Ethereal Form {hero}'s {card} is discarded "
                 "instead of resolving.", hero=me.name, card=card.name)
        return
    kind = card.type
    if kind is CardType.ACTION and me.frozen_skip:
        me.frozen_skip = False
        if "Frozen" in me.statuses:
            me.discard.append(card)
            duel.log("runes.cold-3", "{hero} is still Frozen: the Action {card} is discarded.",
                     hero=me.name, card=card.name)
            return
    if kind is CardType.EQUIPMENT:
        me.equipment.append(card)
        effects.relisten(me)
        duel.log("runes.equipment", "{hero} equips {card}.", hero=me.name, card=card.name)
    elif kind is CardType.TRIGGER:
        me.triggers.append(card)
        effects.relisten(me)
        duel.log("runes.trigger", "{hero} sets the Trigger {card}; it waits for its moment.",
                 hero=me.name, card=card.name)
    elif kind is CardType.EVENT:
        _replace_event(duel, me, card)
    else:
        duel.log("runes.action", "{hero} plays the Action {card}.", hero=me.name, card=card.name)
    effects.resolve(duel, me, card.effects, card)
    if duel.over:
        return
    _reactions(duel, me, card)
    if kind is CardType.ACTION and not duel.over:
        me.discard.append(card)
        duel.log("runes.move-card", "{card} goes to {hero}'s discard pile.", card=card.name,
                 hero=me.name)


def end_turn(duel: Duel, me: Fighter) -> None:
    """End-of-turn effects, the Temperature level, durations; then the other hero's turn."""
    statuses.end_of_turn_damage(duel, me)
    if not duel.over:
        effects.fire(duel, "end-of-turn", me)
    if not duel.over:
        temperature.end_of_turn(duel, me)
    if not duel.over:
        statuses.age(duel, me)
        heroes.end_of_turn(duel, me)
    if not duel.over:
        life = f"Essence {me.essence}/{me.essence_max}" if me.ethereal else f"Health {me.health}"
        duel.log("runes.turn-end", "{hero}'s turn ends ({life}, Shield {s}).", hero=me.name,
                 life=life, s=me.shield)


def fatigue(duel: Duel, me: Fighter) -> None:
    """No card left: the hero gains a Fatigue level (maximum Health and Armor; 3 defeats)."""
    me.fatigue += 1
    duel.log("runes.fatigue", "{hero}'s deck is spent: Fatigue {n}.", hero=me.name, n=me.fatigue)
    if me.fatigue >= duel.options.fatigue_defeat:
        duel.defeat(me, f"Fatigue {me.fatigue}")
        return
    if me.hero != heroes.TORSTEIN and duel.options.fatigue_health:
        me.max_health = max(0, me.max_health - duel.options.fatigue_health)
        me.health = min(me.health, me.max_health)
        duel.log("runes.fatigue", "{hero}'s maximum Health drops to {m}.", hero=me.name,
                 m=me.max_health)
        if me.max_health == 0 and not me.ethereal:
            duel.defeat(me, "Fatigue took all maximum Health")


def _start_of_turn(duel: Duel, me: Fighter) -> None:
    regeneration = me.amount("Regeneration")
    if regeneration:
        duel.log("runes.regeneration", "{hero} regenerates.", hero=me.name)
        combat.heal(duel, me, regeneration)
    heroes.start_of_turn(duel, me)
    if not duel.over:
        effects.fire(duel, "start-of-turn", me)


def _deck_pressure(duel: Duel, me: Fighter) -> None:
    if me.next_card >= len(me.deck):
        fatigue(duel, me)
        return
    if me.next_card % CHAPTER_SIZE == 0:
        me.used_chapter.clear()
        duel.log("runes.chapter-start", "{hero} opens Chapter {n}.", hero=me.name,
                 n=me.next_card // CHAPTER_SIZE + 1)
        effects.fire(duel, "chapter-start", me)
        if duel.over:
            return
    card = me.deck[me.next_card]
    me.next_card += 1
    duel.log("runes.deck-pressure", "{hero} reveals {card}, card {n} of the prepared deck.",
             hero=me.name, card=card.name, n=me.next_card)
    play_card(duel, me, card)


def _replace_event(duel: Duel, me: Fighter, card: Card) -> None:
    old = duel.event
    if old is not None:
        duel.fighters[duel.event_owner].discard.append(old)
    duel.event, duel.event_owner = card, me.index
    duel.event_hooks = frozenset(reaction.on for reaction in card.reactions)
    duel.log("runes.event", "{card} becomes the active Event{was}.", card=card.name,
             was=f", replacing {old.name}" if old is not None else "")


def _reactions(duel: Duel, me: Fighter, card: Card) -> None:
    heroes.after_own_card(duel, me, card)
    if card.type is CardType.ACTION and not duel.over:
        effects.fire(duel, "plays-action", me)
    elif card.type is CardType.EVENT and not duel.over:
        effects.fire(duel, "plays-event", me)
    if not duel.over:
        heroes.learn(duel, duel.foe(me), card)


def _timeline_row(duel: Duel) -> tuple:
    row: list = [duel.turn, duel.active]
    for f in duel.fighters:
        row += [f.health, f.shield, f.temperature, resource(f)]
    return tuple(row)


def resource(f: Fighter) -> int:
    """A Hero's own resource as one number (the timeline's last column per hero)."""
    if f.hero == heroes.SKORTA:
        return int(f.raven_sight)
    if f.hero == heroes.MIKAL:
        return len(f.attunements) + (4 if f.harmony else 0)
    if f.hero == heroes.ASH:
        return f.perform
    return f.essence if f.ethereal else f.interventions
