"""The four Heroes: Raven Sight, the Green Circle, the Performance and Memory, Ethereal Form."""

from __future__ import annotations

import pytest

from tablekit.runes import combat, heroes, statuses
from tablekit.runes.duel import end_turn, fatigue, play_card, play_turn
from tests.runes.duelkit import card, duel, hit, rules, texts

RAVEN = card("peck", props=["Raven", "Offensive"], effects=[hit(1)])
STRIKE = card("strike", props=["Raven"], effects=[
    hit(2, when="no-raven-sight"), hit(4, when="raven-sight", consume="raven-sight")])


def attune(e: str):
    return card(f"attune-{e.lower()}", props=[e], effects=[{"op": "attune", "element": e}])


def perform(n: int, instrument: str = "Cello", props: tuple[str, ...] = ()):
    return card(f"perform-{n}-{instrument.lower()}", props=[instrument, *props],
                effects=[{"op": "perform", "amount": n}])


# -- Skörta -----------------------------------------------------------------------------------
def test_raven_card_grants_raven_sight_until_consumed() -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    play_card(d, me, card("plain", effects=[hit(1)]))
    assert not me.raven_sight
    play_card(d, me, RAVEN)
    assert me.raven_sight and "runes.raven-sight" in rules(d)
    for _ in range(3):
        end_turn(d, me)
    assert me.raven_sight
    play_card(d, me, STRIKE)  # consumes it for 4 damage, then the Raven card grants it again
    assert d.fighters[1].health == 20 - 1 - 1 - 4 and me.raven_sight
    assert "consumes Raven Sight" in texts(d)


def test_raven_sight_is_skortas_alone() -> None:
    d = duel("ash", "skorta")
    play_card(d, d.fighters[0], RAVEN)
    assert not d.fighters[0].raven_sight


# -- Mikal-Finnvard ---------------------------------------------------------------------------
def test_green_circle_marks_and_extends_once_per_turn() -> None:
    d = duel("mikal-finnvard", "ash")
    me = d.fighters[0]
    play_card(d, me, attune("Fire"))  # the first new mark this turn (nothing to extend)
    assert me.attunements["Fire"].turns == 2 and me.circle == {"Fire"}
    end_turn(d, me)
    play_card(d, me, attune("Water"))  # first new mark this turn: Fire extended
    assert me.attunements["Fire"].turns == 3 and me.attunements["Water"].turns == 2
    play_card(d, me, attune("Air"))  # second new mark this turn: no extension
    assert me.attunements["Water"].turns == 2
    assert "runes.circle-extension" in rules(d)


def test_extension_never_passes_three_and_reapplying_does_not_extend() -> None:
    d = duel("mikal-finnvard", "ash")
    me = d.fighters[0]
    play_card(d, me, attune("Fire"))
    me.attunements["Fire"].turns = 3
    end_turn(d, me)
    play_card(d, me, attune("Earth"))
    assert me.attunements["Fire"].turns == 3
    end_turn(d, me)
    before = me.attunements["Earth"].turns
    play_card(d, me, attune("Fire"))  # already marked
    assert me.attunements["Earth"].turns == before


def test_harmony_resets_the_circle() -> None:
    d = duel("mikal-finnvard", "ash")
    me = d.fighters[0]
    for element in ("Air", "Earth", "Fire"):
        play_card(d, me, attune(element))
        end_turn(d, me)
    del me.attunements["Air"]  # keep One with Nature out of this scenario
    play_card(d, me, attune("Water"))
    assert me.harmony and me.circle == set() and me.nature is None


def test_one_with_nature_earth_bonus_and_duration() -> None:
    d = duel("mikal-finnvard", "ash")
    me, foe = d.fighters
    for element in ("Air", "Fire", "Water", "Earth"):
        play_card(d, me, attune(element))
    assert me.nature is not None and me.nature_element == "Earth"
    assert combat.armor_value(d, me) == 1
    combat.attack(d, foe, 3)
    assert me.health == 18 and foe.health == 19  # Armor 1; Thorns 1 back
    for _ in range(4):
        end_turn(d, me)
    assert me.nature is not None
    end_turn(d, me)
    assert me.nature is None and "One with Nature ends" in texts(d)


def test_one_with_nature_fire_and_water_push_melee_attackers() -> None:
    for element, step in (("Fire", 1), ("Water", -1)):
        d = duel("mikal-finnvard", "ash")
        me, foe = d.fighters
        others = [e for e in ("Air", "Earth", "Fire", "Water") if e != element]
        for e in [*others, element]:
            play_card(d, me, attune(e))
        assert me.nature_element == element
        combat.attack(d, foe, 1)
        assert foe.temperature == step
        combat.attack(d, foe, 1, ranged=True)
        assert foe.temperature == step
    assert combat.attack_power(d, me) == 0  # Water gives no Attack


def test_one_with_nature_air_adds_a_ranged_attack_to_actions() -> None:
    d = duel("mikal-finnvard", "ash")
    me, foe = d.fighters
    for e in ("Earth", "Fire", "Water", "Air"):
        play_card(d, me, attune(e))
    assert foe.health == 19  # the completing Action already carries the extra Ranged Attack
    play_card(d, me, card("idle"))
    assert foe.health == 18
    play_card(d, me, card("gear", "equipment"))
    assert foe.health == 18  # only Actions


# -- Ash --------------------------------------------------------------------------------------
def test_perform_builds_a_performance_that_runs_out() -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    play_card(d, me, perform(2, "Hurdy-Gurdy"))
    assert (me.perform, me.instrument, me.performance_turns) == (2, "Hurdy-Gurdy", 2)
    end_turn(d, me)  # the turn it began does not count
    end_turn(d, me)
    assert me.performance_turns == 1
    end_turn(d, me)
    assert me.perform == 0 and not me.performing and "runes.performance-end" in rules(d)


def test_losing_health_shortens_the_performance_once_a_turn() -> None:
    d = duel("ash", "skorta")
    me, foe = d.fighters
    play_card(d, me, perform(1))
    me.performance_turns = 3
    combat.attack(d, foe, 1)
    combat.attack(d, foe, 1)
    assert me.performance_turns == 2
    me.lost_health_this_turn = False
    combat.attack(d, foe, 1)
    assert me.performance_turns == 1


def test_cello_at_perform_5_gives_frozen_immunity() -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    statuses.gain(d, me, "Frost", 2)
    play_card(d, me, perform(5, "Cello"))
    assert not me.has("Frost") and "runes.instrument-immunity" in rules(d)
    assert not statuses.gain(d, me, "Frozen", 1)
    assert statuses.gain(d, me, "Burning", 1)


def test_hurdy_gurdy_at_perform_5_gives_burning_immunity() -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    play_card(d, me, perform(5, "Hurdy-Gurdy"))
    assert not statuses.gain(d, me, "Kindled", 1) and statuses.gain(d, me, "Frost", 1)


def test_instrument_equipment_decides_the_instrument() -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    play_card(d, me, card("cello", "equipment", props=["Cello"]))
    play_card(d, me, perform(1, "Hurdy-Gurdy"))
    assert me.instrument == "Cello"


def test_memory_needs_perform_5_and_lasts_two_turns() -> None:
    d = duel("ash", "skorta")
    me, foe = d.fighters
    offensive = card("blow", props=["Offensive", "Raven"])
    play_card(d, me, perform(4))
    me.performance_turns = 3
    d.active = 1
    play_card(d, foe, offensive)
    assert me.memory == {}
    d.active = 0
    play_card(d, me, perform(1))
    d.active = 1
    play_card(d, foe, offensive)
    assert set(me.memory) == {"Offensive"} and combat.attack_power(d, me) == 1
    end_turn(d, me)
    assert me.memory["Offensive"][0] == 1
    play_card(d, foe, offensive)  # learning again refreshes
    assert me.memory["Offensive"][0] == 2
    end_turn(d, me)
    end_turn(d, me)
    assert me.memory == {} and "fades" in texts(d)


def test_memory_is_lost_when_the_performance_ends() -> None:
    d = duel("ash", "skorta")
    me, foe = d.fighters
    play_card(d, me, perform(5))
    d.active = 1
    play_card(d, foe, card("ward", props=["Defensive", "Spirit"]))
    assert set(me.memory) == {"Defensive", "Spirit"} and combat.armor_value(d, me) == 1
    heroes.end_performance(d, me, "test")
    assert me.memory == {} and combat.armor_value(d, me) == 0


def test_deep_perform_doubles_memory_and_spirit_heals_two() -> None:
    d = duel("ash", "skorta", deck0=[card("idle")], deck1=[card("idle")])
    me, foe = d.fighters
    play_card(d, me, perform(10))
    assert "runes.deep-perform" in rules(d)
    d.active = 1
    play_card(d, foe, card("mix", props=["Offensive", "Defensive", "Spirit"]))
    d.active = 0
    assert combat.attack_power(d, me) == 2 and combat.armor_value(d, me) == 2
    me.health = 10
    play_turn(d)
    assert me.health == 12


def test_environment_memory_moves_toward_neutral_then_thorns_when_deep() -> None:
    d = duel("ash", "skorta", deck0=[card("idle")] * 3, deck1=[card("idle")] * 3)
    me, foe = d.fighters
    play_card(d, me, perform(10))
    me.performance_turns = 3
    me.temperature = -2
    d.active = 1
    play_card(d, foe, card("weather", props=["Environment"]))
    d.active = 0
    play_turn(d)
    assert me.temperature == -1
    me.temperature = 0
    d.active = 0
    play_turn(d)
    assert me.has("Thorns")


def test_magic_memory_extends_the_performance_once_a_turn() -> None:
    d = duel("ash", "skorta")
    me, foe = d.fighters
    play_card(d, me, perform(5))
    d.active = 1
    play_card(d, foe, card("spell", props=["Magic"]))
    d.active = 0
    assert me.performance_turns == 2
    magic = card("tune", props=["Magic"])
    play_card(d, me, magic)
    play_card(d, me, magic)
    assert me.performance_turns == 3


def test_deep_perform_magic_lengthens_ashs_magic_statuses() -> None:
    d = duel("ash", "skorta")
    me, foe = d.fighters
    play_card(d, me, perform(10))
    d.active = 1
    play_card(d, foe, card("spell", props=["Magic"]))
    d.active = 0
    play_card(d, me, card("hex", props=["Magic"], effects=[
        {"op": "status", "status": "Vulnerable", "amount": 1, "turns": 1, "target": "foe"}]))
    assert foe.statuses["Vulnerable"].turns == 2


# -- Torstein ---------------------------------------------------------------------------------
def _fall(oath: str | None = None, **options):
    d = duel("torstein", "skorta", deck0=[card("idle")] * 8, deck1=[card("idle")] * 8,
             **options)
    me, foe = d.fighters
    me.oath = oath
    me.shield = 3
    d.active = 1
    combat.true_damage(d, me, 20, "test")
    return d, me, foe


def test_eirs_intervention_opens_ethereal_form() -> None:
    d, me, _ = _fall()
    assert not d.over and me.ethereal and me.interventions == 0
    assert (me.essence, me.essence_max, me.shield) == (5, 5, 0)
    assert combat.attack_power(d, me) == 4 and combat.armor_value(d, me) == 2
    assert "runes.eirs-intervention" in rules(d)


def test_ethereal_turn_spiritual_attack_and_discarded_card() -> None:
    d, me, foe = _fall()
    ghost = card("ghost", effects=[{"op": "shield", "amount": 1}],
                 ethereal=[{"op": "essence", "amount": 1}])
    me.deck[0] = ghost
    me.essence = 2
    d.active = 0
    play_turn(d)
    assert foe.health == 16 and me.essence == 5 and me.shield == 0
    assert ghost in me.discard and "runes.ethereal-discard" in rules(d)


def test_essence_zero_is_final_defeat() -> None:
    d, me, foe = _fall()
    combat.attack(d, foe, 7)
    assert d.over and d.winner == 1 and me.essence == 0


def test_resurrection_after_four_ethereal_turns_entry_turn_not_counted() -> None:
    d = duel("torstein", "skorta", deck0=[card("idle")] * 8, deck1=[card("idle")] * 8)
    me = d.fighters[0]
    combat.true_damage(d, me, 20, "test")  # on Torstein's own turn
    end_turn(d, me)
    assert me.ethereal_turns == 0
    for count in range(1, 4):
        d.turn += 1
        end_turn(d, me)
        assert me.ethereal_turns == count and me.ethereal
    d.turn += 1
    end_turn(d, me)
    assert not me.ethereal and me.health == 5 and me.essence == 0
    assert "runes.resurrection" in rules(d)


def test_oaths_replace_and_decide_the_form() -> None:
    d = duel("torstein", "skorta")
    me = d.fighters[0]
    for oath in ("protection", "fidelity"):
        play_card(d, me, card(f"oath-{oath}", effects=[{"op": "oath", "oath": oath}]))
    assert me.oath == "fidelity" and "replacing Protection" in texts(d)
    d2, me2, _ = _fall("protection")
    assert me2.essence == 7
    d3, me3, _ = _fall("fidelity")
    me3.ethereal_turns = 3
    d3.turn += 1
    end_turn(d3, me3)
    assert me3.health == 10


def test_oath_of_vengeance_riposte_zero() -> None:
    d, me, foe = _fall("vengeance")
    combat.attack(d, foe, 3)
    assert foe.health == 16 and "runes.oath-vengeance" in rules(d)
    combat.attack(d, foe, 3, ranged=True)
    assert foe.health == 16
    statuses.gain(d, me, "Riposte", 1, 2)
    combat.attack(d, foe, 3)
    assert foe.health == 11  # the normal Riposte 1 (+ Attack 4) goes instead


def test_torstein_fatigue_keeps_maximum_health() -> None:
    d = duel("torstein", "skorta")
    me, foe = d.fighters
    fatigue(d, me)
    fatigue(d, foe)
    assert me.max_health == 20 and foe.max_health == 15 and me.fatigue == 1
    assert combat.armor_value(d, me) == 0
    fatigue(d, me)
    fatigue(d, me)
    assert d.over and d.winner == 1


def test_hero_mechanics_belong_to_their_hero() -> None:
    d = duel("torstein", "skorta")
    me = d.fighters[0]
    play_card(d, me, card("mixed", effects=[{"op": "raven-sight"},
                                            {"op": "attune", "element": "Fire"},
                                            {"op": "perform", "amount": 3}]))
    assert not me.raven_sight and me.attunements == {} and me.perform == 0
    assert rules(d).count("runes.hero-only") == 3


def test_attack_status_raises_every_attack_until_it_ends() -> None:
    d = duel()
    a, b = d.fighters
    statuses.gain(d, a, "Attack", 2, 1)
    combat.attack(d, a, 1)
    assert b.health == 17
    end_turn(d, a)
    end_turn(d, a)
    combat.attack(d, a, 1)
    assert b.health == 16


def test_skipped_condition_is_logged() -> None:
    d = duel("skorta", "ash")
    play_card(d, d.fighters[0], STRIKE)
    assert "runes.resolve-card" in rules(d)
    assert "the Attack 4 is skipped (only when Raven Sight is active)" in texts(d)  # player words


def test_ethereal_form_counts_only_ethereal_bonuses(pool) -> None:
    d = duel("torstein", "skorta")
    me = d.fighters[0]
    for gear in ("old-spear", "spirit-blade", "ghostmail", "witchfeather-cloak"):
        play_card(d, me, pool[gear])
    assert combat.attack_power(d, me) == 1 and combat.armor_value(d, me) == 0
    combat.true_damage(d, me, 20, "test")
    assert combat.attack_power(d, me) == 5 and combat.armor_value(d, me) == 3


def test_each_turn_means_every_turn_of_either_hero(pool) -> None:
    d = duel("ash", "skorta", deck0=[card("idle")] * 4, deck1=[card("idle")] * 4)
    ash, foe = d.fighters
    play_card(d, ash, perform(1))
    ash.performance_turns = 3
    play_turn(d)                      # Ash's turn (the Performance began in it: no ageing)
    combat.attack(d, foe, 1)          # a loss after her turn: 3 -> 2
    assert ash.performance_turns == 2
    play_turn(d)                      # Skörta's turn begins: a new turn for both heroes
    combat.attack(d, foe, 1)
    assert ash.performance_turns == 1
    d2 = duel("skorta", "ash", deck0=[card("idle")] * 4, deck1=[card("idle")] * 4)
    skorta, other = d2.fighters
    play_card(d2, skorta, pool["queens-ravenmantle"])
    combat.attack(d2, other, 2)
    play_turn(d2)                     # Skörta's turn ends; Ash's turn begins next
    play_turn(d2)
    combat.attack(d2, other, 2)
    assert skorta.health == 20 - 1 - 1  # the mantle works again on a new turn


# -- issue 36, items 6–8 ------------------------------------------------------------------------
def test_every_perform_card_refreshes_the_performance_to_two_turns() -> None:
    """With 2 turns left or 1, a Perform card on Ash's turn leaves 2 after that turn's end."""
    for left in (2, 1):
        d = duel("ash", "skorta")
        me = d.fighters[0]
        play_card(d, me, perform(1))
        end_turn(d, me)
        me.performance_turns = left
        play_card(d, me, perform(1))
        end_turn(d, me)
        assert me.performance_turns == 2, left


def test_a_perform_card_keeps_a_longer_performance() -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    play_card(d, me, perform(1))
    end_turn(d, me)
    me.performance_turns = 3
    play_card(d, me, perform(1))
    assert me.performance_turns == 3


def test_green_circle_extension_resets_every_turn_of_either_hero() -> None:
    """A mark made on the opponent's turn does not use up Mikal-Finnvard's next extension."""
    d = duel("mikal-finnvard", "ash", deck0=[attune("Air")])
    me, foe = d.fighters
    play_card(d, me, attune("Fire"))
    end_turn(d, me)
    d.active = 1
    play_card(d, me, attune("Water"))  # marked on the opponent's turn (as a reaction would)
    end_turn(d, foe)
    d.active = 0
    play_turn(d)  # Mikal-Finnvard reveals the Air card: the first new mark of his turn
    assert "Water Attunement is extended to 3" in texts(d).split("Air is marked")[-1]
    assert me.attunements["Water"].turns == 2


def test_switching_to_the_cello_at_perform_5_removes_frost() -> None:
    """Frost gained under the Hurdy-Gurdy is removed when the Cello takes over at Perform 5+."""
    d = duel("ash", "skorta")
    me = d.fighters[0]
    play_card(d, me, perform(5, "Hurdy-Gurdy"))
    statuses.gain(d, me, "Frost", 2)
    statuses.gain(d, me, "Frozen", 1, 2)
    play_card(d, me, perform(1, "Cello"))
    assert me.instrument == "Cello" and not me.has("Frost") and not me.has("Frozen")
    assert texts(d).count("immune to Frozen and Frost") == 1


# -- issue 36, item 10 --------------------------------------------------------------------------
def _vengeful_torstein(**options):
    d = duel("torstein", "skorta", **options)
    me, foe = d.fighters
    me.oath, me.health = "vengeance", 2
    d.active = 1
    return d, me, foe


def test_the_blow_that_sends_torstein_ethereal_is_not_riposted() -> None:
    """The Oath's Riposte 0 answers Attacks on an Ethereal Torstein, not the blow that felled him."""
    d, me, foe = _vengeful_torstein()
    combat.attack(d, foe, 3)
    assert me.ethereal and foe.health == 20 and "runes.oath-vengeance" not in rules(d)
    combat.attack(d, foe, 3)
    assert foe.health == 16  # now Ethereal: Riposte 0 with Attack 4


def test_the_entry_blow_riposted_by_switch() -> None:
    d, me, foe = _vengeful_torstein(vengeance_on_entry=True)
    combat.attack(d, foe, 3)
    assert me.ethereal and foe.health == 16


@pytest.mark.parametrize("melee, essence", [(True, 3), (False, 5)])
def test_thorns_answer_the_spiritual_attack_as_melee(melee, essence) -> None:
    """The Spiritual Attack is no Ranged Attack: Thorns strike back, unless switched off."""
    d, me, foe = _fall(spiritual_melee=melee)
    statuses.gain(d, foe, "Thorns", 2, 2)
    d.active = 0
    heroes.start_of_turn(d, me)
    assert me.essence == essence and d.fighters[1].health == 16


# -- pins for the Heroes' numbers (mutation run) -------------------------------------------------
def test_consuming_harmony() -> None:
    d = duel("mikal-finnvard", "ash")
    me = d.fighters[0]
    heroes.consume(d, me, "harmony")
    assert not me.harmony and "consumes" not in texts(d)
    me.harmony = True
    play_card(d, me, card("spend", effects=[{"op": "shield", "amount": 1,
                                             "consume": "harmony"}]))
    assert not me.harmony and "Mikal-Finnvard consumes Harmony." in texts(d)


def test_essence_restores_up_to_the_maximum_only() -> None:
    d, me, _ = _fall()
    me.essence = 3
    heroes.restore_essence(d, me, 5)
    assert me.essence == 5 and "restores Essence to 5/5" in texts(d)
    before = len(d.events.items)
    heroes.restore_essence(d, me, 1)
    assert me.essence == 5 and len(d.events.items) == before


def test_no_essence_restored_while_living() -> None:
    d = duel("torstein", "skorta")
    me = d.fighters[0]
    heroes.restore_essence(d, me, 2)
    assert me.essence == 0


def test_water_one_with_nature_regenerates_1() -> None:
    d = duel("mikal-finnvard", "ash")
    me = d.fighters[0]
    me.health = 10
    me.nature, me.nature_element = heroes.Status(0, 4), "Water"
    heroes.start_of_turn(d, me)
    assert me.health == 11
    me.nature_element = "Fire"
    heroes.start_of_turn(d, me)
    assert me.health == 11


# -- review: a Performance ended on Ash's turn leaves no "fresh" mark behind ---------------------
def test_a_performance_ended_on_ashs_turn_does_not_spare_the_next_one() -> None:
    """Started and ended on her turn; the next, begun on the opponent's turn, counts her turn end."""
    d = duel("ash", "skorta")
    me, foe = d.fighters
    play_card(d, me, perform(1))
    play_card(d, me, card("coda", effects=[{"op": "end-performance"}]))
    assert not me.performing
    end_turn(d, me)
    d.active = 1
    play_card(d, me, perform(1))  # on the opponent's turn, as Listening Ear would
    end_turn(d, foe)
    d.active = 0
    end_turn(d, me)
    assert me.performance_turns == 1


# -- review: spiritual_melee=False takes the Spiritual Attack out of Melee everywhere -----------
@pytest.mark.parametrize("melee, health", [(True, 15), (False, 16)])
def test_battle_hymn_adds_to_the_spiritual_attack_only_as_melee(pool, melee, health) -> None:
    """Battle Hymn's Melee bonus follows the same switch as Thorns and Riposte."""
    d, me, foe = _fall(spiritual_melee=melee)
    play_card(d, foe, pool["battle-hymn"])
    d.active = 0
    heroes.start_of_turn(d, me)
    assert foe.health == health
