"""The six preparation steps as actions, and the automatic duel once both decks are locked."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any

from tablekit.core.game import Events
from tablekit.runes.board import Duel
from tablekit.runes.cards import HERO_NAMES, Card, Rarity, worked_out
from tablekit.runes.deck import DECK_SIZE, RARITY_LIMITS
from tablekit.runes.decks import sample_plan
from tablekit.runes.duel import board, new_duel, play_turn
from tablekit.runes.preparation import (
    CHAPTER_SIZE,
    CHAPTERS,
    INITIATIVE_COSTS,
    MAX_INITIATIVE,
    Plan,
    PrepOptions,
    lock,
)
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
    Assemble,
    Bind,
    EndThreads,
    PickHero,
    RunesState,
    SetInitiative,
    ShuffleDeck,
    Side,
    ToChapter,
    UseSample,
)


def prep_options(config: Any) -> PrepOptions:
    """The preparation switches of a match's config."""
    return config.prep


def start(state: RunesState) -> None:
    """Set both sides up from the config: a ready plan skips steps 1–4, a Hero skips the choice."""
    for player, side in enumerate(state.sides):
        plan = state.config.plans[player]
        hero = state.config.heroes[player]
        if plan is not None:
            _take_plan(side, hero, plan)
        elif hero is not None:
            side.hero, side.step = hero, BUILD


def offer(state: RunesState, pool: dict[str, Card]) -> list:
    """The actions the preparing player may take now."""
    player = state.preparing
    if player is None:
        return []
    side = state.sides[player]
    step = side.step
    if step == HERO:
        config = state.config
        return worked_out(pool, ("heroes", player, config.hero_cards_only), lambda: [
            PickHero(player, hero) for hero in HERO_NAMES if config.buildable(hero)])
    if step == BUILD:
        added = _adds(state, side, pool)
        sample = not side.cards and state.config.card_file is None
        return [UseSample(player, side.hero), *added] if sample else added
    if step == DIVIDE:
        card = side.cards[side.placed]
        every = worked_out(pool, ("chapters", player, card), lambda: [
            ToChapter(player, ch, pool[card].name) for ch in range(CHAPTERS)])
        return [to for to in every if len(side.chapters[to.chapter]) < CHAPTER_SIZE]
    if step == BIND:
        return [*_binds(state, side, pool), EndThreads(player)]
    if step == SPEND:
        return _initiatives(state, side, pool)
    if step == ORDER:
        return [ShuffleDeck(player)]
    return [Assemble(player)] if step == ASSEMBLE else []


LIMITED_RARITIES = frozenset(rarity for _, group, _, _ in RARITY_LIMITS for rarity in group)


class Held:
    """The deck built so far, tallied once for the construction rules: size, copies of each card,
    unique properties in it, and the rarities whose limit it has reached (with that rule)."""

    __slots__ = ("size", "copies", "uniques", "full")

    def __init__(self, cards: list[Card]) -> None:
        self.size = len(cards)
        self.copies = Counter(card.id for card in cards)
        self.uniques = {card.unique for card in cards if card.unique is not None}
        rarities = Counter(card.rarity for card in cards)
        self.full: dict[Rarity, tuple[str, int, str]] = {}  # rarity -> (rule, limit, label)
        for rule, group, limit, label in RARITY_LIMITS:
            if sum(rarities[r] for r in group) >= limit:
                for rarity in group:
                    self.full.setdefault(rarity, (rule, limit, label))  # the first rule reached

    def admits(self, card: Card) -> bool:
        """True when one more `card` breaks no copy, unique or rarity limit."""
        return (self.copies[card.id] < card.copy_limit
                and (card.unique is None or card.unique not in self.uniques)
                and card.rarity not in self.full)


def why_not_add(state: RunesState, side: Side, card: Card, held: Held) -> tuple[str, str] | None:
    """The rule (id, sentence) adding `card` to the `held` cards would break, or None."""
    if state.config.hero_cards_only and card.hero not in (None, side.hero):
        return "runes.wish-hero", f"{card.name} belongs to another Hero's cards"
    if held.size >= DECK_SIZE:
        return "runes.deck-size", "the deck already has twenty cards"
    if held.admits(card):
        return None
    copies = held.copies[card.id]
    if copies >= card.copy_limit:
        return "runes.copy-limit", f"the deck already holds {copies} {card.name}"
    if card.unique in held.uniques:
        return "runes.unique", f"a card with the unique property '{card.unique}' is in the deck"
    rule, limit, label = held.full[card.rarity]
    return rule, f"the deck already holds {limit} {label} card(s)"


def _adds(state: RunesState, side: Side, pool: dict[str, Card]) -> list[AddCard]:
    """An AddCard for each card that may join the deck (`why_not_add` gives None for exactly these).

    Worked out once per Build; each card added then only drops what it closes (`_added`).
    """
    if side.adds is None:
        held = Held([pool[c] for c in side.cards])
        side.adds = [] if held.size >= DECK_SIZE else [
            add for card, add in _offers(pool, side.hero, state.config.hero_cards_only,
                                         state.preparing) if held.admits(card)]
    return side.adds


def _added(side: Side, card: Card, pool: dict[str, Card]) -> None:
    """Keep the open AddCards right after `card` joined (see `_closed_by`)."""
    if side.adds is None:
        return
    if len(side.cards) >= DECK_SIZE:
        side.adds = []
        return
    closed = _closed_by(side, card, pool)
    if closed:
        side.adds = [add for add in side.adds if add.card not in closed]


def _closed_by(side: Side, card: Card, pool: dict[str, Card]) -> set[str]:
    """The cards the deck can take no more now that `card` joined it, and only those: `card`
    once its copies are all in, the cards sharing its unique property, and every card of the
    rarities of a limit it filled (the other limits did not move)."""
    closed: set[str] = set()
    if side.cards.count(card.id) >= card.copy_limit:
        closed.add(card.id)
    if card.unique is not None:
        closed |= _ids_with(pool, "unique", card.unique)
    if card.rarity in LIMITED_RARITIES:
        rarities = Counter(pool[c].rarity for c in side.cards)
        for _, group, limit, _ in RARITY_LIMITS:
            if card.rarity in group and sum(rarities[r] for r in group) >= limit:
                for rarity in group:
                    closed |= _ids_with(pool, "rarity", rarity)
    return closed


def _ids_with(pool: dict[str, Card], field: str, value: object) -> frozenset[str]:
    """The ids of the pool's cards whose `field` is `value` (worked out once per pool)."""
    return worked_out(pool, ("ids", field, value), lambda: frozenset(
        card.id for card in pool.values() if getattr(card, field) == value))


def _offers(pool: dict[str, Card], hero: str | None, hero_cards_only: bool,
            player: int) -> list[tuple[Card, AddCard]]:
    """Each card of the pool the Hero may use, with its AddCard action: built once per pool."""
    return worked_out(pool, ("adds", hero, hero_cards_only, player), lambda: [
        (card, AddCard(player, card.id, card.name)) for card in pool.values()
        if not hero_cards_only or card.hero in (None, hero)])


def apply_step(state: RunesState, action: Any, events: Events, pool: dict[str, Card]) -> None:
    """Carry out one preparation action (known to be legal)."""
    side = state.sides[action.player]
    kind = type(action)
    who = f"Player {action.player + 1}"
    if kind is PickHero:
        side.hero, side.step = action.hero, BUILD
        events.add("runes.preparation", "{who} will play {hero}.", who=who,
                   hero=HERO_NAMES[action.hero])
    elif kind is UseSample:
        _take_plan(side, action.hero, "sample")
        events.add("runes.preparation", "{who} takes {hero}'s sample deck: twenty cards in four "
                   "Chapters, Threads and Initiative set.", who=who,
                   hero=HERO_NAMES[action.hero])
    elif kind is AddCard:
        side.cards.append(action.card)
        _added(side, pool[action.card], pool)
        events.add("runes.deck-size", "{who} adds {card} ({n}/20).", who=who, card=action.name,
                   n=len(side.cards))
        if len(side.cards) == DECK_SIZE:
            side.step = DIVIDE
    elif kind is ToChapter:
        _divide(side, action, events, who)
    elif kind is Bind:
        side.threads.append(((action.chapter, action.first), (action.chapter, action.second)))
        _bound(side, action)
        events.add("runes.thread-pair", "{who} ties a Thread of Fate: {names}.", who=who,
                   names=action.names)
    elif kind is EndThreads:
        side.step = SPEND
        events.add("runes.thread-cost", "{who} ties {n} Thread(s) of Fate.", who=who,
                   n=len(side.threads))
    elif kind is SetInitiative:
        chapter, place = divmod(side.spent, CHAPTER_SIZE)
        side.initiative[chapter][place] = action.value
        side.spent += 1
        events.add("runes.initiative-cost", "{who} gives {card} Initiative {v:+d}.", who=who,
                   card=action.name, v=action.value)
        if side.spent == DECK_SIZE:
            side.step = ORDER
    elif kind is ShuffleDeck:
        _shuffle(state, side, events, who, pool)
    else:
        _assemble(state, action.player, events, who, pool)


def plan_of(side: Side) -> Plan:
    """The side's preparation as a Plan."""
    return Plan.of(side.chapters, side.initiative, side.threads)


def _take_plan(side: Side, hero: str | None, plan: Any) -> None:
    if plan == "sample":
        plan = sample_plan(hero)
    elif not isinstance(plan, Plan):
        plan = plan.plan()
    side.hero = hero
    side.chapters = [list(ch) for ch in plan.chapters]
    side.cards = [c for ch in side.chapters for c in ch]
    side.initiative = [list(row) for row in plan.initiative]
    side.threads = list(plan.threads)
    side.placed = side.spent = DECK_SIZE
    side.step = ORDER


def _divide(side: Side, action: ToChapter, events: Events, who: str) -> None:
    side.chapters[action.chapter].append(side.cards[side.placed])
    side.placed += 1
    events.add("runes.chapters", "{who} puts {card} in Chapter {ch}.", who=who,
               card=action.name, ch=action.chapter + 1)
    if side.placed == DECK_SIZE:
        side.initiative = [[0] * CHAPTER_SIZE for _ in range(CHAPTERS)]
        side.step = BIND


def _binds(state: RunesState, side: Side, pool: dict[str, Card]) -> list[Bind]:
    """Every Thread of Fate that may still be tied (worked out once; `_bound` keeps it up to date)."""
    options = prep_options(state.config)
    if (len(side.threads) + 1) * options.thread_cost > options.wyrd_points:
        return []
    if side.binds is None:
        used = {slot for pair in side.threads for slot in pair}
        side.binds = []
        for chapter, cards in enumerate(side.chapters):
            free = [p for p in range(len(cards)) if (chapter, p) not in used]
            for first in free:
                for second in free:
                    if first != second:
                        names = f"{pool[cards[first]].name} → {pool[cards[second]].name}"
                        side.binds.append(Bind(state.preparing, chapter, first, second, names))
    return side.binds


def _bound(side: Side, action: Bind) -> None:
    """Drop the Threads that would reuse a card the new Thread ties (a card is in one at most)."""
    if side.binds is not None:
        tied = (action.first, action.second)
        side.binds = [bind for bind in side.binds if bind.chapter != action.chapter
                      or (bind.first not in tied and bind.second not in tied)]


COST_OF_VALUE = {value: INITIATIVE_COSTS[abs(value)]  # Wyrd Points of each fixed Initiative
                 for value in range(-MAX_INITIATIVE, MAX_INITIATIVE + 1)}


def _initiatives(state: RunesState, side: Side, pool: dict[str, Card]) -> list[SetInitiative]:
    options = prep_options(state.config)
    chapter, place = divmod(side.spent, CHAPTER_SIZE)
    choices = _initiative_choices(pool, state.preparing, side.chapters[chapter][place])
    if (chapter, place) in {b for _, b in side.threads} and not options.allow_b_initiative:
        return [choices[MAX_INITIATIVE]]  # card B of a Thread: 0 only
    spent = options.thread_cost * len(side.threads) + sum(
        map(COST_OF_VALUE.__getitem__, chain.from_iterable(side.initiative)))
    left = options.wyrd_points - spent
    affordable = [size for size, cost in INITIATIVE_COSTS.items() if cost <= left]
    if not affordable:
        return []
    reach = max(affordable)  # the costs grow with the size: every value from -reach to +reach
    return choices[MAX_INITIATIVE - reach:MAX_INITIATIVE + reach + 1]


def _initiative_choices(pool: dict[str, Card], player: int, card: str) -> list[SetInitiative]:
    """SetInitiative -3 to +3 for a card (built once per pool, player and card)."""
    name = pool[card].name
    return worked_out(pool, ("initiative", player, card), lambda: [
        SetInitiative(player, value, name) for value in range(-MAX_INITIATIVE, MAX_INITIATIVE + 1)])


def _shuffle(state: RunesState, side: Side, events: Events, who: str,
             pool: dict[str, Card]) -> None:
    # each step offered legal choices only, so the plan is legal: locked without checking it again
    locked = lock(plan_of(side), state.random().getrandbits(64))
    side.deck = list(locked.deck)
    side.step = ASSEMBLE
    for chapter, blocks in enumerate(locked.chapters):
        order = ", ".join(f"{' + '.join(pool[side.chapters[c][p]].name for c, p in block.slots)}"
                          f" {score:.2f}" for block, score in blocks)
        events.add("runes.shuffle", "{who}, Chapter {ch}: {order}.", who=who, ch=chapter + 1,
                   order=order)


def _assemble(state: RunesState, player: int, events: Events, who: str,
              pool: dict[str, Card]) -> None:
    state.sides[player].step = READY
    events.add("runes.chapter-order", "{who} joins the four Chapters: the deck is locked.",
               who=who)
    other = 1 - player
    if state.sides[other].step != READY:
        state.preparing = other
        return
    state.preparing = None
    _fight(state, events, pool)


def _fight(state: RunesState, events: Events, pool: dict[str, Card]) -> None:
    first = state.config.first_player
    if first is None:
        first = state.random().randrange(2)
    events.add("runes.duel", "The duel begins; {hero} acts first.",
               hero=HERO_NAMES[state.sides[first].hero])
    duel = _duel(state, first, Events(events.items), pool)
    while not duel.over:
        play_turn(duel)
    state.boards_owed = events.items is not None  # the boards are played again when asked for
    state.result = {"winner": duel.winner, "reason": duel.reason, "turns": duel.turn,
                    "fighters": [f.snapshot() for f in duel.fighters],
                    "timeline": [list(row) for row in duel.timeline]}


def _duel(state: RunesState, first: int, events: Events, pool: dict[str, Card]) -> Duel:
    """Both locked decks at the start of the duel, `first` to act."""
    heroes = [side.hero for side in state.sides]
    decks = [[pool[c] for c in side.deck] for side in state.sides]
    duel = new_duel(heroes, decks, state.config.duel_options(first), events)
    duel.timeline = []
    set_scenario(duel, state.config.scenario)
    return duel


def replay_boards(state: RunesState) -> list[dict]:
    """The board after each turn of the fought duel, fought again: a duel is deterministic, and
    its first row of the timeline names who acted first."""
    duel = _duel(state, state.result["timeline"][0][1], Events(None), state.pool)
    boards = []
    while not duel.over:
        play_turn(duel)
        boards.append(board(duel))
    return boards


def set_scenario(duel: Duel, scenario: Any) -> None:
    """A lesson's start values (Health, Temperature) on a fresh duel; None changes nothing."""
    if scenario is None:
        return
    for fighter, health, temperature in zip(duel.fighters, scenario.health,
                                            scenario.temperature, strict=True):
        fighter.health = health if health is not None else fighter.health
        fighter.temperature = temperature
