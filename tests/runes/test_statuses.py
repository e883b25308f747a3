"""Statuses: durations counted in their owner's turns, permanence, stacks, their effects."""

from __future__ import annotations

from tablekit.runes import combat, statuses
from tablekit.runes.duel import end_turn, play_turn
from tests.runes.duelkit import card, duel, rules


def test_timed_status_ignores_the_turn_it_was_gained() -> None:
    d = duel()
    me = d.fighters[0]
    statuses.gain(d, me, "Armor", 1, 1)  # "this turn" on my own turn
    end_turn(d, me)
    assert me.has("Armor")  # still there through the opponent's turn
    end_turn(d, me)
    assert not me.has("Armor")


def test_status_gained_on_the_foes_turn_ages_at_my_next_turn_end() -> None:
    d = duel()
    foe = d.fighters[1]
    statuses.gain(d, foe, "Vulnerable", 1, 1)  # player 0 is active
    end_turn(d, foe)
    assert not foe.has("Vulnerable")


def test_permanent_status_never_ages() -> None:
    d = duel()
    me = d.fighters[0]
    statuses.gain(d, me, "Thorns", 1, None)
    for _ in range(5):
        end_turn(d, me)
    assert me.permanent("Thorns")


def test_bleeding_stacks_bleeds_and_wears_off() -> None:
    d = duel()
    me = d.fighters[0]
    statuses.gain(d, me, "Bleeding", 2)
    statuses.gain(d, me, "Bleeding", 1)
    me.shield = 5
    end_turn(d, me)
    assert me.health == 17 and me.shield == 5 and me.amount("Bleeding") == 2
    end_turn(d, me)
    end_turn(d, me)
    assert me.health == 14 and not me.has("Bleeding")


def test_bleeding_immunity_prevents_bleeding() -> None:
    d = duel()
    me = d.fighters[0]
    statuses.gain(d, me, "Bleeding Immunity", 1, 3)
    assert not statuses.gain(d, me, "Bleeding", 2)
    assert "runes.immunity" in rules(d)


def test_burning_burns_through_shield_not_armor() -> None:
    d = duel()
    me = d.fighters[0]
    me.temperature = 1
    statuses.gain(d, me, "Burning", 1, None)
    statuses.gain(d, me, "Armor", 3, 2)
    end_turn(d, me)
    assert me.health == 19
    me.shield = 2
    end_turn(d, me)
    assert me.health == 19 and me.shield == 1


def test_kindled_and_frost_change_attack() -> None:
    d = duel()
    a, b = d.fighters
    statuses.gain(d, a, "Kindled", 1, 2)
    combat.attack(d, a, 2)
    assert b.health == 17
    statuses.remove(d, a, "Kindled", "test")
    statuses.gain(d, a, "Frost", 1)
    combat.attack(d, a, 2)
    assert b.health == 16


def test_regeneration_heals_at_start_of_turn() -> None:
    idle = card("idle")
    d = duel(deck0=[idle], deck1=[idle])
    me = d.fighters[0]
    me.health = 10
    statuses.gain(d, me, "Regeneration", 2, 3)
    play_turn(d)
    assert me.health == 12 and "runes.regeneration" in rules(d)


def test_heal_never_passes_maximum() -> None:
    d = duel()
    me = d.fighters[0]
    me.health = 19
    assert combat.heal(d, me, 5) == 1 and me.health == 20


def test_cleanse_negative_and_status_cards() -> None:
    d = duel()
    me = d.fighters[0]
    statuses.gain(d, me, "Vulnerable", 1, 2)
    statuses.cleanse_negative(d, me)
    assert not me.has("Vulnerable")
