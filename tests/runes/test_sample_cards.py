"""Sample cards do what their text says (the data matches the words)."""

from __future__ import annotations

import pytest

from tablekit.runes import combat, heroes, statuses, temperature
from tablekit.runes.duel import end_turn, fatigue, play_card
from tests.runes.duelkit import duel, rules, texts


def test_murmuration_of_skuld(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["murmuration-of-skuld"])
    assert foe.health == 17 and not foe.has("Bleeding")
    assert me.raven_sight  # a Raven card: Hrafnsálbinding
    play_card(d, me, pool["murmuration-of-skuld"])
    assert foe.health == 11 and foe.amount("Bleeding") == 2 and me.raven_sight


def test_feather_ward_and_skald_of_crows(pool) -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    play_card(d, me, pool["feather-ward"])
    assert me.shield == 3
    play_card(d, me, pool["feather-ward"])
    assert me.shield == 5


def test_shattering_blow_breaks_shield(pool) -> None:
    d = duel("torstein", "ash")
    d.fighters[1].shield = 3
    play_card(d, d.fighters[0], pool["shattering-blow"])
    assert (d.fighters[1].shield, d.fighters[1].health) == (0, 20)  # 2 points: 3 Shield gone


def test_frost_beard_keeps_off_cold_3s_true_damage(pool) -> None:
    d = duel("torstein", "ash")
    me = d.fighters[0]
    play_card(d, me, pool["frost-beard"])
    me.temperature = -2
    temperature.move(d, me, -1)
    assert me.health == 20 and me.permanent("Frozen")


def test_longhouse_vigil_and_fatigue_armor(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    fatigue(d, foe)
    statuses.gain(d, foe, "Armor", 1, 2)
    assert combat.armor_value(d, foe) == 0
    play_card(d, me, pool["longhouse-vigil"])
    assert combat.armor_value(d, foe) == 1


def test_grave_chill_and_ghostmail_in_ethereal_form(pool) -> None:
    d = duel("torstein", "skorta")
    me, foe = d.fighters
    play_card(d, me, pool["ghostmail"])
    play_card(d, me, pool["grave-chill"])
    combat.true_damage(d, me, 20, "test")
    assert me.ethereal and combat.armor_value(d, me) == 3
    combat.attack(d, foe, 5)
    assert me.essence == 4  # 5 - Armor 3 - Grave Chill 1


def test_steam_vent_needs_fire_and_water(pool) -> None:
    d = duel("mikal-finnvard", "ash")
    me, foe = d.fighters
    foe.shield = 5
    play_card(d, me, pool["steam-vent"])
    assert foe.health == 20
    play_card(d, me, pool["kindling"])
    play_card(d, me, pool["rain-song"])
    play_card(d, me, pool["steam-vent"])
    assert foe.health == 17 and foe.shield == 5


def test_red_snow_and_bone_charm_change_bleeding(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["red-snow"])
    statuses.gain(d, foe, "Bleeding", 1)
    foe.temperature = -1
    end_turn(d, foe)
    assert foe.health == 18
    play_card(d, foe, pool["bone-charm"])
    statuses.gain(d, foe, "Bleeding", 1)
    end_turn(d, foe)
    assert foe.health == 17  # 1 + 1 (Red Snow) - 1 (Bone Charm)


def test_hugins_whisper_springs_on_an_opposing_event(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["hugins-whisper"])
    me.raven_sight = False
    play_card(d, foe, pool["hall-of-echoes"])
    assert me.raven_sight and pool["hugins-whisper"] in me.discard
    assert "runes.trigger" in rules(d)


def test_cadence_on_reaching_perform_5(pool) -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    play_card(d, me, pool["cadence"])
    play_card(d, me, pool["requiem-of-the-long-night"])
    assert me.shield == 0
    play_card(d, me, pool["frostbow-etude"])
    assert me.perform == 5 and me.shield == 3 and d.fighters[1].temperature == -1


def test_heart_of_the_green_circle_on_harmony(pool) -> None:
    d = duel("mikal-finnvard", "ash")
    me = d.fighters[0]
    play_card(d, me, pool["heart-of-the-green-circle"])
    for card in ("kindling", "rain-song", "updraft"):
        play_card(d, me, pool[card])
        end_turn(d, me)
    play_card(d, me, pool["stone-skin"])
    assert me.harmony and me.circle == {"Earth"} and me.shield == 3


# -- issue 36, item 9: the cards do what their text says ---------------------------------------
def test_murmuration_deals_3_more_in_one_attack(pool) -> None:
    """'Deal 3 more' grows the one Attack to 6: Armor and Attack count once (6 − 1, not 2 + 2)."""
    d = duel("skorta", "ash")
    me, foe = d.fighters
    me.raven_sight = True
    statuses.gain(d, foe, "Armor", 1, 2)
    play_card(d, me, pool["murmuration-of-skuld"])
    assert foe.health == 15 and foe.amount("Bleeding") == 2
    assert rules(d).count("runes.attack") == 1


@pytest.mark.parametrize("how", ["burning", "thorns"])
def test_queens_ravenmantle_reduces_any_first_damage(pool, how) -> None:
    """'The first damage you take each turn': Burning and Thorns are damage too."""
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["queens-ravenmantle"])
    me.raven_sight = True
    if how == "burning":
        statuses.gain(d, me, "Burning", 1, None)
        statuses.end_of_turn_damage(d, me)
    else:
        statuses.gain(d, foe, "Thorns", 2, 2)
        combat.attack(d, me, 0)
    assert me.health == (20 if how == "burning" else 19)
    combat.deal_damage(d, me, 2)  # the second damage of the turn is not reduced
    assert me.health == (18 if how == "burning" else 17)


def test_shadow_roost_at_the_end_of_every_turn(pool) -> None:
    """'At the end of each turn, a hero with Raven Sight': on the opponent's turn too."""
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, pool["shadow-roost"])
    me.raven_sight = True
    d.active = 1
    end_turn(d, foe)
    assert me.shield == 1 and foe.shield == 0


# -- review: a card's "if Raven Sight" is decided once --------------------------------------------
def test_murmuration_is_not_both_versions_when_its_attack_gives_raven_sight(pool) -> None:
    """Carrion Call springs from the 3-damage Attack: the 6-damage one must not follow it."""
    d = duel("skorta", "ash")
    me, foe = d.fighters
    foe.health = 7
    play_card(d, me, pool["carrion-call"])
    me.raven_sight = False  # the Raven Trigger gave it; the card must begin without it
    play_card(d, me, pool["murmuration-of-skuld"])
    assert pool["carrion-call"] in me.discard  # the Trigger did spring mid-card
    assert foe.health == 4 and not foe.has("Bleeding") and not d.over


def test_ravenous_strike_is_not_both_versions_when_thorns_give_raven_sight(pool) -> None:
    """Thorns strip Skörta's Shield, Omen Circle gives Raven Sight: the 4-damage Attack stays off."""
    d = duel("skorta", "ash")
    me, foe = d.fighters
    me.shield = 3
    statuses.gain(d, foe, "Thorns", 1, 2)
    play_card(d, me, pool["omen-circle"])
    me.raven_sight = False  # the Raven Trigger gave it; the card must begin without it
    play_card(d, me, pool["ravenous-strike"])
    assert pool["omen-circle"] in me.discard
    assert foe.health == 18 and me.raven_sight  # 2 damage; Raven Sight kept for a later card


def test_ravenous_strike_with_raven_sight_at_the_start(pool) -> None:
    """Raven Sight active when the card begins: only the 4-damage Attack, and it is consumed."""
    d = duel("skorta", "ash")
    me, foe = d.fighters
    me.raven_sight = True
    play_card(d, me, pool["ravenous-strike"])
    assert foe.health == 16 and "consumes Raven Sight" in texts(d)


def test_cadence_waits_when_the_instrument_changes_above_perform_5(pool) -> None:
    """Ash already at Perform 6 switches to the Hurdy-Gurdy: no Perform 5 is reached again."""
    d = duel("ash", "skorta")
    me = d.fighters[0]
    heroes.perform(d, me, 6, pool["mourning-verse"])  # Perform 6 on the Cello
    play_card(d, me, pool["cadence"])
    statuses.gain(d, me, "Kindled", 1, 2)
    seen = len(d.events.items)
    play_card(d, me, pool["reeling-jig"])
    assert (me.perform, me.instrument) == (8, "Hurdy-Gurdy")
    assert me.shield == 0 and pool["cadence"] in me.triggers
    assert not me.has("Kindled")  # the new instrument's immunity still clears its statuses
    assert "Memory opens" not in "\n".join(e.text for e in d.events.items[seen:])
