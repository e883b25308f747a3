"""Attack resolution: damage_split, Armor, Shield (higher value kept), Break Shield, True Damage."""

from __future__ import annotations

import pytest

from tablekit.core.errors import TablekitError
from tablekit.runes import combat, statuses
from tablekit.runes.duel import play_card
from tests.runes.duelkit import card, duel, hit, rules, texts


@pytest.mark.parametrize("damage, shield, brk, expected", [
    (5, 4, True, (0, 3)),     # the acceptance example: 2 points empty Shield 4, 3 go on
    (5, 4, False, (0, 1)),
    (3, 8, True, (2, 0)),
    (3, 8, False, (5, 0)),
    (0, 4, True, (4, 0)),
    (4, 0, True, (0, 4)),
    (2, 3, True, (0, 0)),     # the second point finds 1 Shield and is spent on it
    (3, 3, True, (0, 1)),
    (4, 4, False, (0, 0)),
])
def test_damage_split(damage, shield, brk, expected) -> None:
    assert combat.damage_split(damage, shield, break_shield=brk) == expected


def test_acceptance_import() -> None:
    from tablekit.runes import damage_split
    assert damage_split(5, 4, break_shield=True) == (0, 3)


@pytest.mark.parametrize("bad", [(-1, 0), (1, -2), (1.5, 0), (True, 0), ("3", 1)])
def test_damage_split_rejects_bad_numbers(bad) -> None:
    with pytest.raises(TablekitError, match="runes.shield"):
        combat.damage_split(*bad)


def test_armor_then_shield_then_health() -> None:
    d = duel()
    defender = d.fighters[1]
    statuses.gain(d, defender, "Armor", 1, 1)
    defender.shield = 2
    to_health = combat.attack(d, d.fighters[0], 5)
    assert (defender.shield, defender.health, to_health) == (0, 18, 2)
    assert rules(d)[-3:] == ["runes.attack", "runes.shield", "runes.health"]


def test_shield_keeps_the_higher_value() -> None:
    d = duel()
    me = d.fighters[0]
    combat.gain_shield(d, me, 3)
    combat.gain_shield(d, me, 2)
    assert me.shield == 3
    combat.gain_shield(d, me, 5)
    assert me.shield == 5 and "runes.shield-max" in rules(d)


def test_shield_does_not_expire() -> None:
    from tablekit.runes.duel import run
    wall = card("wall", effects=[{"op": "shield", "amount": 4}])
    idle = card("idle")
    d = duel(deck0=[wall] + [idle] * 5, deck1=[idle] * 6, turn_limit=12)
    run(d)
    assert d.fighters[0].shield == 4


def test_losing_shield_is_not_health_loss() -> None:
    watcher = card("watcher", "trigger", reactions=[
        {"on": "loses-health", "effects": [{"op": "shield", "amount": 9}]}])
    d = duel()
    me = d.fighters[1]
    play_card(d, me, watcher)
    me.shield = 5
    combat.attack(d, d.fighters[0], 3)
    assert me.shield == 2 and me.health == 20 and watcher in me.triggers
    combat.lose_shield(d, me, 2)
    assert "runes.shield-loss" in rules(d) and watcher in me.triggers
    combat.attack(d, d.fighters[0], 1)
    assert watcher not in me.triggers and me.shield == 9  # a real Health loss springs it


def test_break_shield_attack() -> None:
    d = duel()
    d.fighters[1].shield = 4
    combat.attack(d, d.fighters[0], 5, break_shield=True)
    assert (d.fighters[1].shield, d.fighters[1].health) == (0, 17)
    assert "runes.break-shield" in rules(d)


def test_true_damage_ignores_armor_and_shield() -> None:
    d = duel()
    target = d.fighters[1]
    target.shield = 5
    statuses.gain(d, target, "Armor", 3, 1)
    combat.true_damage(d, target, 3, "test")
    assert (target.shield, target.health) == (5, 17)


def test_true_damage_switch_lets_shield_absorb() -> None:
    d = duel(true_damage_hits_shield=True)
    target = d.fighters[1]
    target.shield = 2
    combat.true_damage(d, target, 3, "test")
    assert (target.shield, target.health) == (0, 19)


def test_attack_stat_vulnerable_and_modifiers() -> None:
    spear = card("spear", "equipment", passive=[{"stat": "attack", "amount": 1}])
    d = duel()
    a, b = d.fighters
    play_card(d, a, spear)
    statuses.gain(d, b, "Vulnerable", 1, 3)
    combat.attack(d, a, 2)
    assert b.health == 16  # 2 + Attack 1 + Vulnerable 1


def test_once_a_turn_reduction() -> None:
    mantle = card("mantle", "equipment",
                  passive=[{"stat": "damage-taken", "amount": -2, "once": "turn"}])
    d = duel()
    a, b = d.fighters
    play_card(d, b, mantle)
    combat.attack(d, a, 3)
    combat.attack(d, a, 3)
    assert b.health == 20 - 1 - 3
    b.used_turn.clear()
    combat.attack(d, a, 3)
    assert b.health == 15


def test_thorns_and_riposte_answer_melee_only() -> None:
    d = duel()
    a, b = d.fighters
    statuses.gain(d, b, "Thorns", 1, 2)
    statuses.gain(d, b, "Riposte", 2, 2)
    combat.attack(d, a, 1)
    assert a.health == 20 - 1 - 2 and "runes.riposte" in rules(d)
    before = a.health
    combat.attack(d, a, 1, ranged=True)
    assert a.health == before


def test_riposte_does_not_answer_a_riposte() -> None:
    d = duel()
    a, b = d.fighters
    statuses.gain(d, a, "Riposte", 1, 2)
    statuses.gain(d, b, "Riposte", 1, 2)
    combat.attack(d, a, 1)
    assert (a.health, b.health) == (19, 19)


def test_defeat_at_zero_health() -> None:
    d = duel("torstein", "skorta")
    combat.attack(d, d.fighters[0], 25)
    assert d.over and d.winner == 0 and d.fighters[1].health == 0
    assert rules(d)[-1] == "runes.defeat"


def test_attack_card_in_play() -> None:
    d = duel()
    play_card(d, d.fighters[0], card("axe", effects=[hit(2)]))
    assert d.fighters[1].health == 18
    assert rules(d)[0] == "runes.action" and rules(d)[-1] == "runes.move-card"


# -- pins for rules a mutation run showed untested (issue 36) ----------------------------------
@pytest.mark.parametrize("bleeding, expected", [(True, 16), (False, 17)])
def test_raven_bonus_only_against_a_bleeding_hero(pool, bleeding, expected) -> None:
    """Carrion Lantern: a Raven card deals 1 more, but only to a Bleeding hero."""
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["carrion-lantern"])
    if bleeding:
        foe.statuses["Bleeding"] = statuses.Status(1, None, False)
    combat.attack(d, me, 3, card=pool["talon-rake"])
    assert foe.health == expected


def test_raven_bonus_needs_a_raven_card(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["carrion-lantern"])
    foe.statuses["Bleeding"] = statuses.Status(1, None, False)
    combat.attack(d, me, 3, card=pool["axe-swing"])
    assert foe.health == 17


@pytest.mark.parametrize("shield, fires", [(2, True), (0, False)])
def test_damage_that_strips_shield_fires_loses_shield(pool, shield, fires) -> None:
    """Omen Circle answers Shield lost to damage, and only when there was Shield to lose."""
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["omen-circle"])
    me.raven_sight, me.shield = False, shield  # Omen Circle is a Raven card itself
    combat.attack(d, foe, 1)
    assert me.raven_sight is fires


def test_true_damage_ignores_reductions_even_through_shield(pool) -> None:
    d = duel("skorta", "ash", true_damage_hits_shield=True)
    me = d.fighters[0]
    play_card(d, me, pool["runestone-of-wyrd"])
    me.shield = 1
    combat.true_damage(d, me, 3, "test")
    assert (me.shield, me.health) == (0, 18)


def test_an_attack_below_zero_strikes_for_zero() -> None:
    d = duel()
    me = d.fighters[0]
    statuses.gain(d, me, "Frost", 7, None)
    assert combat.attack(d, me, 1) == 0
    assert "strikes for 0" in d.events.items[-1].text


def test_damage_split_without_break_shield_by_default() -> None:
    assert combat.damage_split(5, 4) == (0, 1) and combat.damage_split(3, 8) == (5, 0)


@pytest.mark.parametrize("shield, amount", [(0, 2), (3, 0)])
def test_no_shield_lost_fires_nothing(pool, shield, amount) -> None:
    """Losing 0 Shield (none there, or an amount of 0) is no loss: Omen Circle does not answer."""
    d = duel("skorta", "ash")
    me = d.fighters[0]
    play_card(d, me, pool["omen-circle"])
    me.raven_sight, me.shield = False, shield
    combat.lose_shield(d, me, amount)
    assert not me.raven_sight and me.shield == shield and "runes.shield-loss" not in rules(d)


def test_gaining_shield_0_fires_nothing(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, foe, pool["salt-wind"])
    me.shield = 2
    combat.gain_shield(d, me, 0)
    assert me.shield == 2 and foe.triggers and "runes.shield-max" not in rules(d)


def test_equipment_armor_adds_to_the_living_heros_armor(pool) -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    me.base_armor = 1
    play_card(d, me, pool["witchfeather-cloak"])  # Armor +1 while Raven Sight is active
    assert me.raven_sight and combat.armor_value(d, me) == 2


def test_no_attack_once_the_duel_is_over() -> None:
    d = duel()
    d.over = True
    before = len(d.events.items)
    assert combat.attack(d, d.fighters[0], 5) == 0
    assert d.fighters[1].health == 20 and len(d.events.items) == before


# -- nothing happens for 0, nor after the end ---------------------------------------------------
def test_zero_damage_spends_no_once_a_chapter_reduction(pool) -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    play_card(d, me, pool["runestone-of-wyrd"])
    assert combat.deal_damage(d, me, 0) == 0
    assert combat.deal_damage(d, me, 2) == 1 and me.health == 19


def test_damage_reduced_to_zero_leaves_shield_alone(pool) -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    play_card(d, me, pool["runestone-of-wyrd"])
    me.shield = 2
    assert combat.deal_damage(d, me, 1) == 0
    assert me.shield == 2 and "runes.shield" not in rules(d)


@pytest.mark.parametrize("hit_it", [
    lambda d, f: combat.deal_damage(d, f, 3),
    lambda d, f: combat.true_damage(d, f, 3, "test"),
    lambda d, f: combat.lose_health(d, f, 3, "test"),
])
def test_no_damage_after_the_end(hit_it) -> None:
    d = duel()
    d.over = True
    hit_it(d, d.fighters[1])
    assert d.fighters[1].health == 20 and d.events.items == []


def test_true_damage_of_0_says_nothing_and_1_hits() -> None:
    d = duel()
    me = d.fighters[0]
    combat.true_damage(d, me, 0, "test")
    assert d.events.items == []
    combat.true_damage(d, me, 1, "test")
    assert me.health == 19


def test_losing_0_health_does_not_shorten_the_performance() -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    me.perform, me.performance_turns = 1, 2
    assert combat.lose_health(d, me, 0, "test") == 0
    assert me.performance_turns == 2 and not me.lost_health_this_turn


def test_lose_health_returns_what_was_lost() -> None:
    d = duel("torstein", "skorta")
    me, foe = d.fighters
    assert combat.lose_health(d, foe, 3, "test") == 3
    assert combat.lose_health(d, me, 25, "test") == 25 and me.ethereal  # Eir intervenes
    assert combat.lose_health(d, foe, 17, "test") == 17 and d.over


def test_healing_modifier_winter_market(pool) -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    me.health = 10
    play_card(d, me, pool["winter-market"])
    assert combat.heal(d, me, 2) == 1 and combat.heal(d, me, 1) == 0 and me.health == 11


def test_heal_1_heals_and_is_logged() -> None:
    d = duel()
    me = d.fighters[0]
    me.health = 10
    assert combat.heal(d, me, 1) == 1 and me.health == 11
    assert d.events.items[-1].text == "Skörta heals 1 (11/20)."


def test_no_healing_in_ethereal_form() -> None:
    d = duel("torstein", "skorta")
    me = d.fighters[0]
    combat.true_damage(d, me, 20, "test")
    assert combat.heal(d, me, 2) == 0 and me.health == 0


def test_healing_at_full_health_heals_nothing_and_fires_nothing(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["ravens-due"])  # when the opponent heals, deal 1 damage to them
    assert combat.heal(d, foe, 2) == 0
    assert foe.health == 20 and "runes.heal" not in rules(d)
    foe.health = 15
    combat.heal(d, foe, 2)
    assert foe.health == 16  # healed 2, then Raven's Due's 1


def test_salt_wind_answers_a_gained_shield(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, foe, pool["salt-wind"])  # when your opponent gains Shield, reduce it by 1
    combat.gain_shield(d, me, 3)
    assert me.shield == 2 and not foe.triggers


def test_losing_1_shield_fires_loses_shield(pool) -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    play_card(d, me, pool["omen-circle"])
    me.raven_sight, me.shield = False, 3
    combat.lose_shield(d, me, 1)
    assert me.shield == 2 and me.raven_sight
    assert "Skörta loses 1 Shield (2 left); no Health is lost." in texts(d)


@pytest.mark.parametrize("change", [lambda d, f: combat.gain_shield(d, f, 3),
                                    lambda d, f: combat.lose_shield(d, f, 1)])
def test_no_shield_change_after_the_end(change) -> None:
    d = duel()
    me = d.fighters[0]
    me.shield, d.over = 2, True
    change(d, me)
    assert me.shield == 2 and d.events.items == []


def test_a_reduction_is_logged(pool) -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    play_card(d, me, pool["runestone-of-wyrd"])
    combat.deal_damage(d, me, 2)
    assert "Runestone of Wyrd changes the damage to Skörta by -1." in texts(d)


def test_thorns_and_riposte_are_logged() -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    statuses.gain(d, foe, "Thorns", 1, 2)
    statuses.gain(d, foe, "Riposte", 1, 2)
    combat.attack(d, me, 1)
    assert "Ash's Thorns 1 strike back at Skörta." in texts(d) and "Ash Ripostes." in texts(d)
    assert me.health == 18  # Thorns 1, then the Riposte's Attack 1


def test_hit_in_melee_fires_riposte_stance(pool) -> None:
    d = duel("torstein", "skorta")
    me, foe = d.fighters
    play_card(d, me, pool["riposte-stance"])
    combat.attack(d, foe, 1, ranged=True)
    assert not me.has("Riposte")
    combat.attack(d, foe, 1)
    assert me.amount("Riposte") == 1


def test_the_vengeance_riposte_is_not_answered_by_thorns() -> None:
    d = duel("torstein", "skorta")
    me, foe = d.fighters
    me.oath = "vengeance"
    d.active = 1
    combat.true_damage(d, me, 20, "test")
    statuses.gain(d, foe, "Thorns", 1, 2)
    combat.attack(d, foe, 0)  # Armor 2 stops it; the Oath's Riposte 0 answers
    assert me.essence == 5 and foe.health == 16
