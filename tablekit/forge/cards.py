"""DeckNForge cards: the 48-card combat deck, the Book of inscriptions and the Monster labels."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from tablekit.core.cards import CardModel, parse_cards, read_toml, require_unique
from tablekit.core.errors import CardDataError

DATA = Path(__file__).resolve().parent / "data"
SAMPLE_BOOK = DATA / "book.toml"
SAMPLE_LABELS = DATA / "labels.toml"

SUITS = ("♠", "♥", "♣", "♦")          # killing-blow tiebreak order: ♠ beats ♥ beats ♣ beats ♦
SUIT_NAMES = ("Spade", "Heart", "Club", "Diamond")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK_SIZE = 48                         # 36 Items (2–10) and 12 Heroes per band
HERO_VALUES = (11, 12, 13)             # J, Q, K by default (a game option)
TIER_COST = {"common": 5, "uncommon": 10, "rare": 20, "mythic": 0}
LABEL_TIERS = ("easy", "medium", "hard")
LABEL_REWARD = {"easy": 1, "medium": 2, "hard": 3}
WHEN_OPS = {"play": ("damage", "heal", "draw", "shield", "coppers"),
            "kill": ("coppers", "heal", "draw"),
            "convert": ("value", "heal", "draw", "shield", "coppers"),
            "dodge": ("value",),
            "spike": ("damage",),
            "pay": ("draw", "heal", "coppers")}


# -- the combat deck: a card is an int; local index c = suit * 12 + rank index -----------------
def card_suit(card: int) -> int:
    """The suit index (0 ♠, 1 ♥, 2 ♣, 3 ♦) of a card, local or global."""
    return card % DECK_SIZE // 12


def card_rank(card: int) -> int:
    """The rank index (0 for a 2 up to 11 for a King)."""
    return card % 12


def is_hero(card: int) -> bool:
    """True for Jacks, Queens and Kings."""
    return card % 12 >= 9


def card_label(card: int) -> str:
    """How the card is written: rank and suit symbol, `10♠`, `Q♥`."""
    return RANKS[card % 12] + SUITS[card % DECK_SIZE // 12]


def parse_card(text: str) -> int:
    """The local index of a card written `10♠` or `Q♥`; CardDataError when it is not one."""
    text = text.strip()
    rank, suit = text[:-1], text[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise CardDataError("card", text, None,
                            "not a combat card: write rank 2–10, J, Q or K followed by ♠ ♥ ♣ ♦")
    return SUITS.index(suit) * 12 + RANKS.index(rank)


@cache
def face_values(hero_values: tuple[int, int, int] = HERO_VALUES) -> tuple[int, ...]:
    """Face value of each of the 48 local cards (Items 2–10, Heroes from `hero_values`)."""
    per_rank = tuple(range(2, 11)) + tuple(hero_values)
    return tuple(per_rank[c % 12] for c in range(DECK_SIZE))


ITEMS = tuple(c for c in range(DECK_SIZE) if not is_hero(c))
HEROES = tuple(c for c in range(DECK_SIZE) if is_hero(c))


# -- the Book of inscriptions ----------------------------------------------------------------
class Effect(CardModel):
    """One effect of an inscription: when it happens, what it does, how much, to whom."""

    when: Literal["play", "kill", "convert", "dodge", "spike", "pay"]
    op: Literal["damage", "heal", "draw", "shield", "coppers", "value"]
    amount: int = Field(ge=1, le=20)
    target: Literal["self", "all"] = "self"

    @model_validator(mode="after")
    def _consistent(self) -> Effect:
        if self.op not in WHEN_OPS[self.when]:
            raise ValueError(f"op {self.op!r} cannot happen when {self.when!r}; "
                             f"allowed: {', '.join(WHEN_OPS[self.when])}")
        if self.target == "all" and self.op not in ("heal", "shield"):
            raise ValueError("only heal and shield may target all wizards")
        return self


class Inscription(CardModel):
    """One page of the Book: an inscription a card may hold."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=40)
    tier: Literal["common", "uncommon", "rare", "mythic"]
    text: str = ""
    effect: tuple[Effect, ...] = Field(min_length=1, max_length=3)

    @property
    def cost(self) -> int:
        """Coppers to buy it (Mythics cannot be bought: 0)."""
        return TIER_COST[self.tier]

    def amount(self, when: str, op: str) -> int:
        """Total amount of this inscription's `op` effects that happen `when`."""
        return sum(e.amount for e in self.effect if e.when == when and e.op == op)

    def __str__(self) -> str:
        return f"{self.name} ({self.tier})"


@dataclass(frozen=True, eq=False)
class Book:
    """A validated Book of inscriptions, by id."""

    source: str
    inscriptions: tuple[Inscription, ...]
    sample: bool
    _by_id: dict[str, Inscription] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {p.id: p for p in self.inscriptions})

    def __getitem__(self, inscription_id: str) -> Inscription:
        page = self._by_id.get(inscription_id)
        if page is None:
            raise CardDataError(self.source, inscription_id, "id", "no inscription with this id")
        return page

    def __contains__(self, inscription_id: object) -> bool:
        return inscription_id in self._by_id

    def tier(self, tier: str) -> tuple[Inscription, ...]:
        """The inscriptions of one tier, in Book order."""
        return tuple(p for p in self.inscriptions if p.tier == tier)


def load_book(path: str | Path = SAMPLE_BOOK, text: str | None = None) -> Book:
    """Load and check a Book file; one CardDataError names file, inscription and field."""
    label = str(path)
    data = read_toml(path, text)
    pages = parse_cards(label, data.get("inscription"), Inscription, "inscription")
    require_unique(label, pages, "id")
    require_unique(label, pages, "name")
    return Book(label, tuple(pages), bool(data.get("sample", False)))


@cache
def sample_book() -> Book:
    """The kit's original sample Book."""
    return load_book(SAMPLE_BOOK)


# -- Monster labels --------------------------------------------------------------------------
class Label(CardModel):
    """One label of the shared pool: a permanent modifier stuck on a Monster."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=40)
    tier: Literal["easy", "medium", "hard"]
    op: Literal["hp", "atk", "armor", "regen", "doom"]
    amount: int = Field(ge=1, le=30)
    text: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> Label:
        if self.op == "doom" and self.amount > 10:
            raise ValueError("a DOOM label names the round that ends the game: 1 to 10")
        return self

    @property
    def reward(self) -> int:
        """Coppers (and draw-or-heal amount) the tier pays its adder."""
        return LABEL_REWARD[self.tier]

    def __str__(self) -> str:
        return f"{self.name} ({self.tier})"


@dataclass(frozen=True, eq=False)
class LabelPool:
    """A validated pool of labels, by id."""

    source: str
    labels: tuple[Label, ...]
    sample: bool
    _by_id: dict[str, Label] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {lab.id: lab for lab in self.labels})

    def __getitem__(self, label_id: str) -> Label:
        label = self._by_id.get(label_id)
        if label is None:
            raise CardDataError(self.source, label_id, "id", "no label with this id in the pool")
        return label

    def __contains__(self, label_id: object) -> bool:
        return label_id in self._by_id

    def tier(self, tier: str) -> tuple[Label, ...]:
        """The labels of one tier."""
        return tuple(lab for lab in self.labels if lab.tier == tier)


def load_labels(path: str | Path = SAMPLE_LABELS, text: str | None = None) -> LabelPool:
    """Load and check a label pool; one CardDataError names file, label and field."""
    label = str(path)
    data = read_toml(path, text)
    labels = parse_cards(label, data.get("label"), Label, "label")
    require_unique(label, labels, "id")
    for tier in LABEL_TIERS:
        if not any(lab.tier == tier for lab in labels):
            raise CardDataError(label, None, "tier", f"the pool needs at least one {tier} label")
    return LabelPool(label, tuple(labels), bool(data.get("sample", False)))


@cache
def sample_labels() -> LabelPool:
    """The kit's original sample label pool."""
    return load_labels(SAMPLE_LABELS)
