"""Deck Construction: every rule, every rulebook example, every violation reported at once."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.runes import Card, Rarity, validate_deck
from tablekit.runes.deck import NATURAL_SLOTS, slot_assignment

from .conftest import card, commons


def rules_of(deck: list[Card], owned=None) -> list[str]:
    return [v.rule for v in validate_deck(deck, owned)]


def test_legal_deck_has_no_violation(deck20: list[Card]) -> None:
    assert validate_deck(deck20) == []


def test_exactly_twenty_cards() -> None:
    assert rules_of(commons(19)) == ["runes.deck-size"]
    assert rules_of(commons(21)) == ["runes.deck-size"]
    assert "19 cards" in validate_deck(commons(19))[0].message


def test_example_ten_uncommon_without_premium() -> None:
    """Rulebook example: no Legendary, Epic or Rare card -> up to ten Uncommon cards."""
    deck = commons(10) + [card(f"u{i}", rarity="uncommon") for i in range(10)]
    assert validate_deck(deck) == []
    deck = commons(9) + [card(f"u{i}", rarity="uncommon") for i in range(11)]
    (only,) = validate_deck(deck)
    assert only.rule == "runes.rarity-uncommon" and "11 non-Common" in only.message


def test_higher_slots_take_lower_rarities() -> None:
    """An unused Legendary slot takes an Epic; unused Legendary/Epic slots take Rare cards."""
    three_epic = commons(17) + [card(f"e{i}", rarity="epic") for i in range(3)]
    assert validate_deck(three_epic) == []
    six_rare = commons(14) + [card(f"r{i}", rarity="rare") for i in range(6)]
    assert validate_deck(six_rare) == []
    seven_rare = commons(13) + [card(f"r{i}", rarity="rare") for i in range(7)]
    assert rules_of(seven_rare) == ["runes.rarity-rare"]


def test_two_legendary_reported_with_cards_and_limit() -> None:
    deck = commons(18) + [card("odin", rarity="legendary"), card("freya", rarity="legendary")]
    (only,) = validate_deck(deck)
    assert only.rule == "runes.rarity-legendary"
    assert only.message.startswith("2 Legendary cards") and "limit 1" in only.message
    assert only.cards == ("freya", "odin")


def test_cumulative_limits_each_reported() -> None:
    deck = commons(13) + [card("l1", rarity="legendary"), card("l2", rarity="legendary")] + [
        card(f"e{i}", rarity="epic") for i in range(2)] + [card(f"r{i}", rarity="rare")
                                                           for i in range(3)]
    assert rules_of(deck) == ["runes.rarity-legendary", "runes.rarity-epic", "runes.rarity-rare"]


def test_copy_limits_equipment_one_others_two() -> None:
    sword = card("sword", "equipment")
    trick = card("trick", "trigger")
    assert validate_deck(commons(18) + [trick, trick]) == []
    assert rules_of(commons(18) + [sword, sword]) == ["runes.copy-limit"]
    three = validate_deck(commons(17) + [trick] * 3)
    assert [v.rule for v in three] == ["runes.copy-limit"] and three[0].cards == ("trick",)
    for kind in ("action", "event"):
        assert rules_of(commons(17) + [card("x", kind)] * 3) == ["runes.copy-limit"]


def test_unique_property() -> None:
    """Two cards with the same unique property cannot both be in a deck; themes are free."""
    crown_a, crown_b = card("ca", "equipment", unique="crown"), card("cb", unique="crown")
    (only,) = validate_deck(commons(18) + [crown_a, crown_b])
    assert only.rule == "runes.unique" and only.cards == ("ca", "cb") and "'crown'" in only.message
    assert validate_deck(commons(18) + [crown_a, card("other", unique="torc")]) == []
    # the same card twice carries its unique property twice
    assert rules_of(commons(18) + [crown_b, crown_b]) == ["runes.unique"]


def test_related_theme_is_not_unique(pool: dict[str, Card]) -> None:
    ravens = [c for c in pool.values() if "Raven" in c.properties and c.unique is None
              and c.rarity is Rarity.COMMON][:20]
    assert len(ravens) >= 10
    deck = ravens + commons(20 - len(ravens))
    assert validate_deck(deck) == []


def test_owned_copies() -> None:
    trick = card("trick", "trigger")
    deck = commons(18) + [trick, trick]
    owned = {c: 1 for c in deck}
    (only,) = validate_deck(deck, owned)
    assert only.rule == "runes.owned" and "only 1 owned" in only.message
    del owned[deck[0]]
    assert sorted(rules_of(deck, owned)) == ["runes.owned", "runes.owned"]


def test_every_violation_reported_at_once() -> None:
    sword = card("sword", "equipment", "legendary", unique="blade")
    axe = card("axe", "equipment", "legendary", unique="blade")
    deck = commons(20) + [sword, sword, axe, card("e", rarity="epic")]
    assert rules_of(deck) == ["runes.deck-size", "runes.copy-limit", "runes.unique",
                              "runes.rarity-legendary", "runes.rarity-epic"]


def test_non_card_input_is_a_clear_error() -> None:
    import pytest

    from tablekit.core.errors import TablekitError
    with pytest.raises(TablekitError, match="Card objects"):
        validate_deck(["peck"] * 20)


def _fits_slots_brute_force(rarities: list[Rarity]) -> bool:
    """Reference: try every way to seat the premium cards in the natural slots."""
    slots = [r for r, n in NATURAL_SLOTS.items() for _ in range(n)]
    premium = [r for r in rarities if r is not Rarity.COMMON]
    if len(premium) > len(slots):
        return False
    return any(all(c.rank <= slot.rank for c, slot in zip(premium, seats, strict=False))
               for seats in itertools.permutations(slots, len(premium)))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(list(Rarity)), min_size=20, max_size=20)
       .filter(lambda rs: sum(r is not Rarity.COMMON for r in rs) <= 7))
def test_rarity_limits_match_slot_seating(rarities: list[Rarity]) -> None:
    """The cumulative limits accept a deck exactly when its premium cards fit the slots."""
    deck = [card(f"k{i}", rarity=r.value) for i, r in enumerate(rarities)]
    legal = not [v for v in validate_deck(deck) if v.rule.startswith("runes.rarity")]
    assert legal == _fits_slots_brute_force(rarities)
    assert (slot_assignment(deck) is not None) == legal


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(list(Rarity)), min_size=20, max_size=20))
def test_rarity_limits_match_slot_greedy_for_any_mix(rarities: list[Rarity]) -> None:
    deck = [card(f"k{i}", rarity=r.value) for i, r in enumerate(rarities)]
    legal = not [v for v in validate_deck(deck) if v.rule.startswith("runes.rarity")]
    assert (slot_assignment(deck) is not None) == legal
