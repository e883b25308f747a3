"""Every sample card's numbers: those its text prints are the ones its abilities use (issue 36)."""

from __future__ import annotations

import re

import pytest

from tablekit.runes import statuses
from tablekit.runes.cards import Card, CardType, load_pool
from tablekit.runes.duel import play_card
from tablekit.runes.heroes import MAX_EXTENSION
from tests.runes.duelkit import duel

POOL = load_pool()
NUMBER = re.compile(r"(\d+)( more)?")


def text_numbers(text: str) -> set[int]:
    """The numbers a card's text prints; "N more" also stands for the total it makes."""
    found: list[int] = []
    for match in NUMBER.finditer(text):
        value = int(match.group(1))
        if match.group(2) and found:
            value += found[-1]
        found.append(value)
    for name in ("up to 3", "Cold 3", "Heat 3"):  # the engine's cap and extremes, not the card's
        if name in text:
            found.remove(MAX_EXTENSION)
    return set(found)


def ability_numbers(card: Card) -> set[int]:
    """Every number the card's abilities use: amounts, durations and the numbers in names."""
    effects = [*card.effects, *card.ethereal,
               *(e for reaction in card.reactions for e in reaction.effects)]
    words = [e.when for e in effects] + [e.per for e in effects] + \
        [r.on for r in card.reactions] + [r.when for r in card.reactions] + \
        [m.when for m in card.passive]
    found = {abs(e.amount) for e in effects} | {e.turns for e in effects if e.turns} | \
        {abs(m.amount) for m in card.passive}
    found |= {int(n) for word in words if word for n in re.findall(r"\d+", word)}
    return found - {0}


@pytest.mark.parametrize("card", POOL.values(), ids=list(POOL))
def test_text_numbers_are_the_abilities_numbers(card: Card) -> None:
    """A number in the text is used by the card; a number the card uses (but 1) is printed."""
    printed, used = text_numbers(card.text), ability_numbers(card)
    assert printed <= used, f"{card.id}: printed {sorted(printed - used)} unused"
    assert used - {1} <= printed, f"{card.id}: uses {sorted(used - printed - {1})} unprinted"


def hits(text: str) -> list[int]:
    """The separate hits a damage text deals: "Deal N damage", "twice", "N more" grows a hit."""
    found: list[int] = []
    for clause in re.split(r"[.;]", text):
        for match in re.finditer(r"[Dd]eal (\d+) (damage|more|instead)( twice)?", clause):
            value, how = int(match.group(1)), match.group(2)
            if how == "more":
                found[-1] += value
            elif how == "instead":
                found[-1] = value
            else:
                found += [value] * (2 if match.group(3) else 1)
    return found


DAMAGE_ACTIONS = [c for c in POOL.values() if c.type is CardType.ACTION and hits(c.text)
                  and "for each" not in c.text and "True Damage" not in c.text]


@pytest.mark.parametrize("card", DAMAGE_ACTIONS, ids=[c.id for c in DAMAGE_ACTIONS])
def test_damage_actions_hit_as_written(card: Card) -> None:
    """Against Armor 1, each written hit loses 1: the engine makes exactly the hits printed."""
    hero = card.hero or "torstein"
    d = duel(hero, "ash")
    me, foe = d.fighters
    me.raven_sight = "Raven Sight" in card.text
    if "Performing" in card.text:
        me.perform, me.performance_turns = 1, 2
    statuses.gain(d, foe, "Armor", 1, 2)
    play_card(d, me, card)
    assert 20 - foe.health == sum(max(0, n - 1) for n in hits(card.text)), card.id
    assert sum(e.rule == "runes.attack" for e in d.events.items) == len(hits(card.text))


def test_the_text_readers() -> None:
    assert text_numbers("Deal 3 damage. If X, consume it to deal 3 more.") == {3, 6}
    assert hits("Deal 3 damage. If X, consume it to deal 3 more and apply Bleeding 2.") == [6]
    assert hits("Deal 2 damage twice, then apply Bleeding 1.") == [2, 2]
    assert hits("Deal 2 damage; consume Raven Sight to deal 4 instead.") == [4]
