"""Deck legality: every construction rule checked, every violation reported with its rule id."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tablekit.core.errors import TablekitError
from tablekit.runes.cards import Card, CardType, Rarity

DECK_SIZE = 20

# Cumulative rarity limits: (rule id, rarities counted together, at most, plain-words label).
RARITY_LIMITS: tuple[tuple[str, frozenset[Rarity], int, str], ...] = (
    ("runes.rarity-legendary", frozenset({Rarity.LEGENDARY}), 1, "Legendary"),
    ("runes.rarity-epic", frozenset({Rarity.LEGENDARY, Rarity.EPIC}), 3, "Legendary or Epic"),
    ("runes.rarity-rare", frozenset({Rarity.LEGENDARY, Rarity.EPIC, Rarity.RARE}), 6,
     "Legendary, Epic or Rare"),
    ("runes.rarity-uncommon", frozenset(Rarity) - {Rarity.COMMON}, 10, "non-Common"),
)
# Natural slots per rarity, highest first (the table of the rulebook).
NATURAL_SLOTS = {Rarity.LEGENDARY: 1, Rarity.EPIC: 2, Rarity.RARE: 3, Rarity.UNCOMMON: 4}


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: its rule id, a plain sentence, and the ids of the cards involved."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.message} [rule {self.rule}]"


class DeckError(TablekitError):
    """A deck or plan that breaks the rules, raised where a legal one is required."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = violations
        super().__init__("; ".join(str(v) for v in violations))


def validate_deck(cards: Iterable[Card], owned: Mapping[Card, int] | None = None
                  ) -> list[Violation]:
    """Every construction rule the deck breaks (empty when legal); `owned` checks a collection."""
    deck = list(cards)
    for card in deck:
        if not isinstance(card, Card):
            raise TablekitError(f"validate_deck expects Card objects, got {card!r}")
    counts = Counter(deck)
    found = [*_check_size(deck), *_check_copies(counts)]
    if owned is not None:
        found += _check_owned(counts, owned)
    found += _check_unique(deck)
    found += _check_rarity(deck)
    return found


def rarity_counts(cards: Iterable[Card]) -> dict[Rarity, int]:
    """How many cards of each rarity, Common first."""
    counts = Counter(card.rarity for card in cards)
    return {rarity: counts.get(rarity, 0) for rarity in Rarity}


def type_counts(cards: Iterable[Card]) -> dict[CardType, int]:
    """How many cards of each type."""
    counts = Counter(card.type for card in cards)
    return {kind: counts.get(kind, 0) for kind in CardType}


def unique_groups(cards: Iterable[Card]) -> dict[str, list[Card]]:
    """The cards carrying each unique property, in the order given (cards without one left out)."""
    groups: dict[str, list[Card]] = {}
    for card in cards:
        if card.unique is not None:
            groups.setdefault(card.unique, []).append(card)
    return groups


def slot_assignment(cards: Iterable[Card]) -> dict[Rarity, list[Card]] | None:
    """Seat the non-Common cards in rarity slots (a card may take a slot of its rarity or a
    higher one), rarest first, each in the lowest free slot it may take; None when they don't fit."""
    slots: dict[Rarity, list[Card]] = {rarity: [] for rarity in NATURAL_SLOTS}
    premium = sorted((c for c in cards if c.rarity is not Rarity.COMMON),
                     key=lambda c: -c.rarity.rank)
    for card in premium:
        for rarity in reversed(NATURAL_SLOTS):
            if rarity.rank >= card.rarity.rank and len(slots[rarity]) < NATURAL_SLOTS[rarity]:
                slots[rarity].append(card)
                break
        else:
            return None
    return slots


def _names(cards: Iterable[Card]) -> str:
    return ", ".join(sorted({card.name for card in cards}))


def _check_size(deck: list[Card]) -> list[Violation]:
    if len(deck) == DECK_SIZE:
        return []
    return [Violation("runes.deck-size",
                      f"The deck has {len(deck)} cards; it must have exactly {DECK_SIZE} "
                      "(the Hero is not counted).", ())]


def _check_copies(counts: Counter[Card]) -> list[Violation]:
    found = []
    for card, copies in counts.items():
        if copies > card.copy_limit:
            kind = card.type.value.capitalize()
            found.append(Violation(
                "runes.copy-limit",
                f"{copies} copies of {card.name}; a deck may hold at most {card.copy_limit} "
                f"of the same {kind} card.", (card.id,)))
    return found


def _check_owned(counts: Counter[Card], owned: Mapping[Card, int]) -> list[Violation]:
    found = []
    for card, copies in counts.items():
        have = owned.get(card, 0)
        if copies > have:
            found.append(Violation(
                "runes.owned",
                f"{copies} copies of {card.name} in the deck but only {have} owned.", (card.id,)))
    return found


def _check_unique(deck: list[Card]) -> list[Violation]:
    found = []
    for prop, cards in sorted(unique_groups(deck).items()):
        if len(cards) > 1:
            found.append(Violation(
                "runes.unique",
                f"{len(cards)} cards carry the unique property '{prop}' ({_names(cards)}); "
                "only one may be in a deck.", tuple(sorted({c.id for c in cards}))))
    return found


def _check_rarity(deck: list[Card]) -> list[Violation]:
    found = []
    for rule, rarities, limit, label in RARITY_LIMITS:
        cards = [card for card in deck if card.rarity in rarities]
        if len(cards) > limit:
            noun = "card" if limit == 1 else "cards"
            found.append(Violation(
                rule, f"{len(cards)} {label} cards ({_names(cards)}); limit {limit} {noun}.",
                tuple(sorted({c.id for c in cards}))))
    return found
