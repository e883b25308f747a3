"""Runes of Wyrd cards: the card model, the sample pool and collections (cards -> owned copies)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from pydantic import field_validator, model_validator

from tablekit.core.cards import CardModel, parse_cards, read_toml, require_unique
from tablekit.core.errors import CardDataError
from tablekit.runes.abilities import Effect, Modifier, Reaction

DATA = Path(__file__).resolve().parent / "data"
SAMPLE_POOL = DATA / "cards.toml"
SAMPLE_COLLECTION = DATA / "collection.toml"
MAX_COPIES = 999  # owned copies of one card a collection may hold (far past any deck's need)


class CardType(StrEnum):
    """The four card types of Runes of Wyrd."""

    EQUIPMENT = "equipment"
    TRIGGER = "trigger"
    EVENT = "event"
    ACTION = "action"


class Rarity(StrEnum):
    """Card rarities, from the most common to the rarest."""

    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"
    EPIC = "epic"
    LEGENDARY = "legendary"

    @property
    def rank(self) -> int:
        """0 for Common up to 4 for Legendary."""
        return RARITY_ORDER.index(self)


RARITY_ORDER = (Rarity.COMMON, Rarity.UNCOMMON, Rarity.RARE, Rarity.EPIC, Rarity.LEGENDARY)

HEROES = ("skorta", "mikal-finnvard", "ash", "torstein")
HERO_NAMES = {"skorta": "Skörta", "mikal-finnvard": "Mikal-Finnvard", "ash": "Ash",
              "torstein": "Torstein"}

# The properties the heroes' powers read (Heroes section of the rulebook), plus status words.
PROPERTIES = frozenset({
    "Raven", "Bleeding",
    "Offensive", "Defensive", "Magic", "Environment", "Spirit",
    "Air", "Earth", "Fire", "Water",
    "Cello", "Hurdy-Gurdy",
    "Oath", "Ethereal",
    "Cold", "Heat", "Shield", "Ranged", "Melee",
})


class Card(CardModel):
    """One Runes of Wyrd card: `Card(id, name, type, rarity, unique=None, ...)`."""

    id: str
    name: str
    type: CardType
    rarity: Rarity
    unique: str | None = None
    properties: tuple[str, ...] = ()
    hero: str | None = None
    text: str = ""
    effects: tuple[Effect, ...] = ()
    reactions: tuple[Reaction, ...] = ()
    passive: tuple[Modifier, ...] = ()
    ethereal: tuple[Effect, ...] = ()

    def __init__(self, id: str | None = None, name: str | None = None,  # noqa: A002
                 type: Any = None, rarity: Any = None, unique: str | None = None,  # noqa: A002
                 **fields: Any) -> None:
        given = {"id": id, "name": name, "type": type, "rarity": rarity, "unique": unique}
        super().__init__(**{k: v for k, v in given.items() if v is not None}, **fields)

    @field_validator("id", "name")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value:
            raise ValueError("must not be empty")
        return value

    @field_validator("type", "rarity", mode="before")
    @classmethod
    def _lower_word(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("unique")
    @classmethod
    def _unique_word(cls, value: str | None) -> str | None:
        if value is not None and not value:
            raise ValueError("a unique property must be a non-empty word (or leave it out)")
        return value

    @field_validator("properties")
    @classmethod
    def _known_properties(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        unknown = sorted(set(value) - PROPERTIES)
        if unknown:
            raise ValueError(f"unknown properties {unknown}; known: {sorted(PROPERTIES)}")
        return value

    @field_validator("hero")
    @classmethod
    def _known_hero(cls, value: str | None) -> str | None:
        if value is not None and value not in HEROES:
            raise ValueError(f"unknown hero {value!r}; heroes: {', '.join(HEROES)}")
        return value

    @model_validator(mode="after")
    def _abilities_fit_the_type(self) -> Card:
        if self.passive and self.type not in (CardType.EQUIPMENT, CardType.EVENT):
            raise ValueError("only Equipment and Event cards have passive modifiers")
        if self.reactions and self.type is CardType.ACTION:
            raise ValueError("an Action resolves at once; reactions belong to Equipment, "
                             "Triggers and Events")
        return self

    @property
    def copy_limit(self) -> int:
        """Copies one deck may hold: Equipment 1, every other type 2."""
        return 1 if self.type is CardType.EQUIPMENT else 2

    def __str__(self) -> str:
        return f"{self.name} ({self.rarity.value} {self.type.value})"


def parse_pool(label: str, data: Mapping[str, Any]) -> dict[str, Card]:
    """Validate the `[[card]]` tables of parsed TOML data into a pool: card id -> Card."""
    cards = parse_cards(label, data.get("card"), Card)
    require_unique(label, cards, "id")
    require_unique(label, cards, "name")
    return cards_by_id(cards)


def load_pool(path: str | Path = SAMPLE_POOL) -> dict[str, Card]:
    """Load a card pool file (the shipped sample by default): card id -> Card."""
    return parse_pool(str(path), read_toml(path))


def load_collection(path: str | Path = SAMPLE_COLLECTION,
                    pool: Mapping[str, Card] | None = None) -> dict[Card, int]:
    """Load a collection file (`[owned]` card id = copies) against a pool: Card -> copies."""
    pool = load_pool() if pool is None else pool
    data = read_toml(path)
    return parse_collection(str(path), data.get("owned"), pool)


def parse_collection(label: str, owned: Any, pool: Mapping[str, Card]) -> dict[Card, int]:
    """Check an `owned` table (card id -> copies) against the pool; Card -> copies."""
    if not isinstance(owned, Mapping) or not owned:
        raise CardDataError(label, None, "owned", "expected an [owned] table of card id = copies")
    collection: dict[Card, int] = {}
    for card_id, copies in owned.items():
        if card_id not in pool:
            raise CardDataError(label, card_id, "owned", "unknown card id (not in the pool)")
        _check_copies(label, card_id, copies)
        collection[pool[card_id]] = copies
    return collection


def check_collection(collection: Mapping[Any, Any]) -> dict[Card, int]:
    """Validate a Card -> owned copies mapping given in code; returns a clean copy."""
    if not isinstance(collection, Mapping):
        raise CardDataError("collection", None, None,
                            f"expected a mapping Card -> owned copies, not {type(collection).__name__}")
    clean: dict[Card, int] = {}
    ids: dict[str, Card] = {}
    for card, copies in collection.items():
        if not isinstance(card, Card):
            raise CardDataError("collection", str(card), None, "keys must be Card objects")
        _check_copies("collection", card.id, copies)
        if card.id in ids and ids[card.id] != card:
            raise CardDataError("collection", card.id, "id", "two different cards share this id")
        ids[card.id] = card
        clean[card] = clean.get(card, 0) + copies
    return clean


T = TypeVar("T")
# (pool id, key) -> (the pool, kept so that its id stays its own; what was worked out from it)
_WORKED_OUT: dict[tuple[int, Hashable], tuple[Mapping[str, Card], Any]] = {}


def worked_out(pool: Mapping[str, Card], key: Hashable, make: Callable[[], T]) -> T:
    """What `make` works out from `pool`: once per pool and key (a pool is never changed)."""
    slot = (id(pool), key)
    found = _WORKED_OUT.get(slot)
    if found is None:
        found = _WORKED_OUT[slot] = (pool, make())
    return found[1]


def cards_by_id(cards: Iterable[Card]) -> dict[str, Card]:
    """Index cards by id."""
    return {card.id: card for card in cards}


def _check_copies(label: str, card_id: str, copies: Any) -> None:
    """Owned copies are a whole number from 0 to MAX_COPIES."""
    if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= MAX_COPIES:
        raise CardDataError(label, card_id, "owned", f"owned copies must be a whole number "
                            f"from 0 to {MAX_COPIES}, not {copies!r}")
