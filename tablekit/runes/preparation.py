"""Deck preparation: Chapters, Threads of Fate, Initiative and Wyrd Points, then the shuffle."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tablekit.core.errors import ConfigError
from tablekit.core.game import rng_for
from tablekit.runes.cards import Card
from tablekit.runes.deck import DeckError, Violation, validate_deck

CHAPTERS = 4
CHAPTER_SIZE = 5
WYRD_POINTS = 25
THREAD_COST = 2
MAX_INITIATIVE = 3
RANDOM_SPAN = 5
INITIATIVE_COSTS = {0: 0, 1: 1, 2: 3, 3: 6}

Slot = tuple[int, int]  # (Chapter index 0..3, place in that Chapter's list 0..4)

# The six preparation steps in rulebook order: (name, what it does, rule ids it checks).
STEPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Build", "choose the twenty cards",
     ("runes.deck-size", "runes.copy-limit", "runes.owned", "runes.unique",
      "runes.rarity-legendary", "runes.rarity-epic", "runes.rarity-rare", "runes.rarity-uncommon")),
    ("Divide", "split them into four Chapters of five", ("runes.chapters",)),
    ("Bind", "tie Threads of Fate", ("runes.thread-pair", "runes.thread-chapter",
                                     "runes.thread-once")),
    ("Spend", "pay Initiative and Threads with Wyrd Points",
     ("runes.initiative-range", "runes.thread-initiative", "runes.wyrd-points")),
    ("Order", "add a random 0–5 to each block's Initiative", ("runes.shuffle",)),
    ("Assemble", "join the Chapters in order", ("runes.chapter-order",)),
)


class PlanError(ConfigError):
    """A plan that cannot even be read (unknown card, bad shape), naming the input and rule."""


@dataclass(frozen=True, slots=True)
class PrepOptions:
    """The switches of deck preparation: budget, Thread price, and Initiative on a card B."""

    wyrd_points: int = WYRD_POINTS
    thread_cost: int = THREAD_COST
    allow_b_initiative: bool = False

    def __post_init__(self) -> None:
        if self.wyrd_points < 0 or self.thread_cost < 0:
            raise PlanError(f"Wyrd Points ({self.wyrd_points}) and the Thread cost "
                            f"({self.thread_cost}) cannot be negative [rule runes.wyrd-points]")


@dataclass(frozen=True, slots=True)
class Block:
    """A lone card or a Thread of Fate (A then B) that the shuffle places as one."""

    slots: tuple[Slot, ...]
    initiative: int

    @property
    def size(self) -> int:
        """1 for a lone card, 2 for a Thread."""
        return len(self.slots)


@dataclass(frozen=True)
class Plan:
    """A prepared deck: four Chapters of card ids, their Initiative, and the Threads of Fate."""

    chapters: tuple[tuple[str, ...], ...]
    initiative: tuple[tuple[int, ...], ...]
    threads: tuple[tuple[Slot, Slot], ...] = ()

    @classmethod
    def of(cls, chapters: Sequence[Sequence[str]],
           initiative: Sequence[Sequence[int]] | None = None,
           threads: Iterable[tuple[Sequence[int], Sequence[int]]] = ()) -> Plan:
        """Build a plan from lists; Initiative defaults to 0 everywhere."""
        chapters_t = tuple(tuple(ch) for ch in chapters)
        if initiative is None:
            initiative = [[0] * len(ch) for ch in chapters_t]
        init_t = tuple(tuple(int(v) for v in row) for row in initiative)
        thread_t = tuple((_slot(a), _slot(b)) for a, b in threads)
        return cls(chapters_t, init_t, thread_t)

    def card_ids(self) -> list[str]:
        """The ids of the cards in the plan, Chapter by Chapter."""
        return [card for chapter in self.chapters for card in chapter]

    def card_at(self, slot: Slot) -> str:
        """The card id at a slot."""
        return self.chapters[slot[0]][slot[1]]

    def initiative_at(self, slot: Slot) -> int:
        """The fixed Initiative at a slot."""
        return self.initiative[slot[0]][slot[1]]

    def blocks(self, chapter: int) -> list[Block]:
        """The lone cards and Thread blocks of one Chapter, in slot order of their first card."""
        partner = {a: b for a, b in self.threads if a[0] == chapter}
        seconds = {b for b in partner.values()}
        blocks = []
        for place in range(len(self.chapters[chapter])):
            slot = (chapter, place)
            if slot in seconds:
                continue
            slots = (slot, partner[slot]) if slot in partner else (slot,)
            blocks.append(Block(slots, self.initiative_at(slot)))
        return blocks


@dataclass(frozen=True)
class Shuffle:
    """A locked shuffle: per Chapter the blocks with their scores, highest first, and the deck."""

    seed: int | str
    chapters: tuple[tuple[tuple[Block, float], ...], ...]
    deck: tuple[str, ...] = field(default=())

    def order(self, chapter: int) -> list[Slot]:
        """The slots of one Chapter in the order they will be played."""
        return [slot for block, _ in self.chapters[chapter] for slot in block.slots]


def initiative_cost(values: Iterable[int]) -> int:
    """Wyrd Points paid for these fixed Initiatives: 1, 3 or 6 by absolute value.

    >>> initiative_cost([3, -2, 1, 0])
    10
    """
    total = 0
    for value in values:
        if isinstance(value, bool) or int(value) != value or abs(value) > MAX_INITIATIVE:
            raise PlanError(f"Initiative {value!r} is outside -3..+3 [rule runes.initiative-range]")
        total += INITIATIVE_COSTS[abs(int(value))]
    return total


def wyrd_points_spent(plan: Plan, options: PrepOptions = PrepOptions()) -> int:
    """Wyrd Points a plan spends: Initiative of every card plus the price of each Thread."""
    values = [v for row in plan.initiative for v in row]
    return initiative_cost(values) + options.thread_cost * len(plan.threads)


def check_plan(plan: Plan, pool: Mapping[str, Card] | None = None,
               owned: Mapping[Card, int] | None = None,
               options: PrepOptions = PrepOptions(),
               names: Mapping[str, str] | None = None) -> list[Violation]:
    """Every preparation rule the plan breaks; with a pool, the deck's construction rules too."""
    _check_shape(plan, pool)
    if names is None:
        names = {cid: card.name for cid, card in pool.items()} if pool is not None else {}
    found = [*_check_chapters(plan), *_check_threads(plan, options, names)]
    out_of_range = [(s, v) for s, v in _slots_with_initiative(plan) if abs(v) > MAX_INITIATIVE]
    for slot, value in out_of_range:
        card = plan.card_at(slot)
        found.append(Violation("runes.initiative-range",
                               f"{names.get(card, card)} has Initiative {value}; it must be "
                               "between -3 and +3.", (card,)))
    if not out_of_range:
        spent = wyrd_points_spent(plan, options)
        if spent > options.wyrd_points:
            found.append(Violation(
                "runes.wyrd-points",
                f"The plan spends {spent} Wyrd Points (Initiative and {len(plan.threads)} "
                f"Thread(s) at {options.thread_cost}); only {options.wyrd_points} are available."))
    if pool is not None:
        found = validate_deck([pool[c] for c in plan.card_ids()], owned) + found
    return found


def preparation_steps(plan: Plan, pool: Mapping[str, Card], owned: Mapping[Card, int] | None = None,
                      options: PrepOptions = PrepOptions()) -> list[tuple[str, str, list[Violation]]]:
    """The six steps of preparation, each with the violations of the rules it checks."""
    found = check_plan(plan, pool, owned, options)
    return [(name, what, [v for v in found if v.rule in rules]) for name, what, rules in STEPS]


def shuffle(plan: Plan, seed: int | str, pool: Mapping[str, Card] | None = None,
            owned: Mapping[Card, int] | None = None,
            options: PrepOptions = PrepOptions()) -> Shuffle:
    """Check the plan, then draw each block's random value in [0, 5] and lock the order."""
    violations = check_plan(plan, pool, owned, options)
    if violations:
        raise DeckError(violations)
    return lock(plan, seed)


def lock(plan: Plan, seed: int | str) -> Shuffle:
    """Draw each block's random value in [0, 5] and lock the order of a plan known to be legal."""
    rng = rng_for(seed, "runes", "shuffle")
    chapters = []
    for chapter in range(len(plan.chapters)):
        scored = [(block, block.initiative + rng.uniform(0, RANDOM_SPAN))
                  for block in plan.blocks(chapter)]
        scored.sort(key=lambda item: -item[1])  # stable: equal scores keep slot order
        chapters.append(tuple(scored))
    locked = tuple(plan.card_at(slot) for ch in chapters for block, _ in ch for slot in block.slots)
    return Shuffle(seed, tuple(chapters), locked)


def _slot(value: Sequence[int]) -> Slot:
    chapter, place = value
    return (int(chapter), int(place))


def _slots_with_initiative(plan: Plan) -> list[tuple[Slot, int]]:
    return [((c, p), v) for c, row in enumerate(plan.initiative) for p, v in enumerate(row)]


def _check_shape(plan: Plan, pool: Mapping[str, Card] | None) -> None:
    if len(plan.initiative) != len(plan.chapters) or any(
            len(row) != len(ch) for row, ch in zip(plan.initiative, plan.chapters, strict=False)):
        raise PlanError("the Initiative table must have one value per card of each Chapter "
                        "[rule runes.initiative-range]")
    for a, b in plan.threads:
        for slot in (a, b):
            if not (0 <= slot[0] < len(plan.chapters) and 0 <= slot[1] < len(plan.chapters[slot[0]])):
                raise PlanError(f"Thread of Fate {a}->{b} names slot {slot}, which holds no card "
                                "[rule runes.thread-pair]")
    if pool is not None:
        for card in plan.card_ids():
            if card not in pool:
                raise PlanError(f"the plan names card {card!r}, which is not in the card pool "
                                "[rule runes.chapters]")


def _check_chapters(plan: Plan) -> list[Violation]:
    sizes = [len(ch) for ch in plan.chapters]
    if len(sizes) == CHAPTERS and all(size == CHAPTER_SIZE for size in sizes):
        return []
    return [Violation("runes.chapters",
                      f"The deck is split into {len(sizes)} Chapters of sizes {sizes}; it must "
                      f"be {CHAPTERS} Chapters of exactly {CHAPTER_SIZE} cards.")]


def _check_threads(plan: Plan, options: PrepOptions, names: Mapping[str, str]
                   ) -> list[Violation]:
    found = []
    uses: dict[Slot, int] = {}
    for a, b in plan.threads:
        card_a, card_b = plan.card_at(a), plan.card_at(b)
        name_a, name_b = names.get(card_a, card_a), names.get(card_b, card_b)
        label = f"Thread of Fate {name_a} → {name_b}"
        if a == b:
            found.append(Violation("runes.thread-pair",
                                   f"{label} ties a card to itself; it needs two cards.", (card_a,)))
        if a[0] != b[0]:
            found.append(Violation("runes.thread-chapter",
                                   f"{label} joins Chapter {a[0] + 1} and Chapter {b[0] + 1}; both "
                                   "cards must be in the same Chapter.", (card_a, card_b)))
        if plan.initiative_at(b) != 0 and not options.allow_b_initiative:
            found.append(Violation("runes.thread-initiative",
                                   f"{name_b} is card B of {label} but has Initiative "
                                   f"{plan.initiative_at(b)}; only card A's counts, so leave B at 0.",
                                   (card_b,)))
        for slot in {a, b}:
            uses[slot] = uses.get(slot, 0) + 1
    for slot, count in sorted(uses.items()):
        if count > 1:
            card = plan.card_at(slot)
            found.append(Violation("runes.thread-once",
                                   f"{names.get(card, card)} (Chapter {slot[0] + 1}) is in {count} Threads of "
                                   "Fate; a card may be in only one.", (card,)))
    return found
