"""Issue 4's acceptance names, called exactly as the issue writes them; one test per rule id."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solvers.runes import build_deck
from tablekit.core.errors import TablekitError
from tablekit.runes import (
    Card,
    first_probability,
    initiative_cost,
    precedence_probability,
    validate_deck,
)
from tablekit.runes.preparation import STEPS, Plan, check_plan


def test_acceptance_names_as_the_issue_writes_them() -> None:
    crown = Card("crown-a", "Crown A", "equipment", "legendary", unique="crown")
    assert (crown.type, crown.rarity, crown.unique) == ("equipment", "legendary", "crown")
    plain = [Card(f"c{i}", f"Plain {i}", "action", "common") for i in range(24)]
    assert validate_deck(plain[:20]) == []
    found = validate_deck(plain[:18] + [crown, Card("crown-b", "Crown B", "trigger", "legendary",
                                                    "crown")])
    assert [v.rule for v in found] == ["runes.unique", "runes.rarity-legendary"]
    assert all(v.message for v in found)
    assert initiative_cost([3, -2, 1, 0]) == 10
    assert precedence_probability(0, 0) == Fraction(1, 2)
    assert first_probability([3, 0, 0, 0, 0], 0) == Fraction(12257, 15625)

    collection = {card: 2 for card in plain} | {crown: 1}
    values = {card.id: i for i, card in enumerate(plain)} | {"crown-a": 100}
    result = build_deck(collection, values, must_include=("c0",), seed=0, workers=1)
    assert result.status == "optimal" and result.conflicts == ()
    assert len(result.cards) == 20 and validate_deck(result.cards, collection) == []
    assert [len(chapter) for chapter in result.chapters] == [5, 5, 5, 5]
    assert [len(row) for row in result.initiative] == [5, 5, 5, 5] and result.threads == ()
    assert "c0" in {c.id for c in result.cards} and crown in result.cards
    assert result.objective == 100 + 0 + sum(2 * v for v in range(15, 24))  # crown, c0, 9 pairs
    impossible = build_deck(collection, values, must_include={"crown-a": 2}, seed=0, workers=1)
    assert impossible.status == "infeasible" and impossible.cards == ()
    assert {c.rule for c in impossible.conflicts} == {"runes.copy-limit"}


def _commons(n: int, prefix: str = "c") -> list[Card]:
    return [Card(f"{prefix}{i}", f"{prefix.upper()} {i}", "action", "common") for i in range(n)]


def _rarity(rarity: str, n: int) -> list[Card]:
    return [Card(f"{rarity}{i}", f"{rarity} {i}", "action", rarity) for i in range(n)]


# A deck (and owned copies) that breaks exactly one construction rule.
DECK_CASES = {
    "runes.deck-size": lambda: (_commons(19), None),
    "runes.copy-limit": lambda: (_commons(18) + [Card("e", "E", "equipment", "common")] * 2, None),
    "runes.owned": lambda: (_commons(20), {c: 1 for c in _commons(19)}),
    "runes.unique": lambda: (_commons(18) + [Card("u1", "U1", "action", "common", "crown"),
                                             Card("u2", "U2", "event", "common", "crown")], None),
    "runes.rarity-legendary": lambda: (_commons(18) + _rarity("legendary", 2), None),
    "runes.rarity-epic": lambda: (_commons(16) + _rarity("epic", 4), None),
    "runes.rarity-rare": lambda: (_commons(13) + _rarity("rare", 7), None),
    "runes.rarity-uncommon": lambda: (_commons(9) + _rarity("uncommon", 11), None),
}


def _plan(initiative=None, threads=(), chapters=None) -> Plan:
    ids = [f"c{i}" for i in range(20)]
    return Plan.of(chapters or [ids[i:i + 5] for i in range(0, 20, 5)], initiative, threads)


# A plan that breaks exactly one preparation rule (its deck is legal).
PLAN_CASES = {
    "runes.chapters": lambda: _plan(chapters=[[f"c{i}" for i in range(6)],
                                              [f"c{i}" for i in range(6, 10)],
                                              [f"c{i}" for i in range(10, 15)],
                                              [f"c{i}" for i in range(15, 20)]]),
    "runes.thread-pair": lambda: _plan(threads=[((0, 0), (0, 0))]),
    "runes.thread-chapter": lambda: _plan(threads=[((0, 0), (1, 0))]),
    "runes.thread-once": lambda: _plan(threads=[((0, 0), (0, 1)), ((0, 2), (0, 1))]),
    "runes.thread-initiative": lambda: _plan([[0, 1, 0, 0, 0]] + [[0] * 5] * 3,
                                             [((0, 0), (0, 1))]),
    "runes.initiative-range": lambda: _plan([[4, 0, 0, 0, 0]] + [[0] * 5] * 3),
    "runes.wyrd-points": lambda: _plan([[3, 3, 3, 3, 2]] + [[0] * 5] * 3),
}


@pytest.mark.parametrize("rule", sorted(DECK_CASES))
def test_each_construction_rule_alone(rule: str) -> None:
    deck, owned = DECK_CASES[rule]()
    found = validate_deck(deck, owned)
    assert [v.rule for v in found] == [rule]
    assert found[0].message and (found[0].cards or rule == "runes.deck-size")


@pytest.mark.parametrize("rule", sorted(PLAN_CASES))
def test_each_preparation_rule_alone(rule: str) -> None:
    pool = {c.id: c for c in _commons(20)}
    found = check_plan(PLAN_CASES[rule](), pool)
    assert [v.rule for v in found] == [rule] and found[0].message


def test_every_checked_rule_has_its_own_case() -> None:
    checked = {rule for _, _, rules in STEPS for rule in rules}
    not_violations = {"runes.shuffle", "runes.chapter-order"}  # what the shuffle does, not checks
    assert checked - not_violations == set(DECK_CASES) | set(PLAN_CASES)


def test_bad_card_names_the_field() -> None:
    """Built in code, a bad card raises pydantic's ValidationError (a ValueError) naming the
    field; loaded from a file it is a CardDataError (tests/runes/test_cards.py)."""
    with pytest.raises(ValueError, match="type"):
        Card("x", "X", "spell", "common")
    with pytest.raises(ValueError, match="rarity"):
        Card("x", "X", "action", "mythic")
    with pytest.raises(TablekitError, match="Card objects"):
        validate_deck(["c1"] * 20)
