"""Effects: multipliers, targets, consuming, reactions' once-limits and depth (issue 36 pins)."""

from __future__ import annotations

import pytest

from tablekit.runes import effects
from tablekit.runes.duel import play_card
from tablekit.runes.fighter import Status
from tests.runes.duelkit import card, duel, texts


def _ash_with(perform: int, memory: int = 0):
    d = duel("ash", "skorta")
    me = d.fighters[0]
    me.perform, me.performance_turns, me.instrument = perform, 2, "Cello"
    me.memory = {p: [2, False] for p in ("Offensive", "Defensive", "Spirit")[:memory]}
    return d, me, d.fighters[1]


@pytest.mark.parametrize("perform, damage", [(4, 0), (5, 1), (9, 1), (10, 2)])
def test_each_5_perform(pool, perform, damage) -> None:
    d, me, foe = _ash_with(perform)
    play_card(d, me, card("jig", effects=[{"op": "attack", "amount": 1, "per": "perform-5"}]))
    assert foe.health == 20 - damage


@pytest.mark.parametrize("perform, damage", [(0, 0), (1, 0), (3, 1), (7, 3)])
def test_half_perform_rounds_down(perform, damage) -> None:
    d, me, foe = _ash_with(perform)
    play_card(d, me, card("coda", effects=[{"op": "attack", "amount": 1,
                                           "per": "half-perform"}]))
    assert foe.health == 20 - damage


@pytest.mark.parametrize("shield, damage", [(0, 0), (1, 0), (5, 2), (6, 3)])
def test_half_shield_rounds_down(shield, damage) -> None:
    d = duel("torstein", "skorta")
    me, foe = d.fighters
    me.shield = shield
    play_card(d, me, card("bash", effects=[{"op": "attack", "amount": 1, "per": "half-shield"}]))
    assert foe.health == 20 - damage


@pytest.mark.parametrize("performing, healed", [(True, 2), (False, 0)])
def test_memory_counts_only_while_performing(performing, healed) -> None:
    d, me, _ = _ash_with(1, memory=2)
    me.health = 10
    if not performing:
        me.performance_turns = 0
    play_card(d, me, card("ballad", effects=[{"op": "heal", "amount": 1, "per": "memory"}]))
    assert me.health == 10 + healed


def test_per_attunement_counts_each_active_one() -> None:
    d = duel("mikal-finnvard", "ash")
    me, foe = d.fighters
    me.attunements = {"Fire": Status(0, 2), "Water": Status(0, 2), "Air": Status(0, 1)}
    play_card(d, me, card("tempest", effects=[{"op": "attack", "amount": 2,
                                              "per": "attunement"}]))
    assert foe.health == 14


def test_consume_only_when_the_effect_resolves() -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    me.raven_sight = True
    play_card(d, me, card("miss", effects=[{"op": "attack", "amount": 1,
                                           "when": "no-raven-sight",
                                           "consume": "raven-sight"}]))
    assert me.raven_sight


def test_targets_default_by_op() -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, card("mixed", effects=[{"op": "lose-health", "amount": 1},
                                            {"op": "shield", "amount": 2},
                                            {"op": "lose-shield", "amount": 1},
                                            {"op": "temperature", "amount": 1, "target": "foe"}]))
    assert (me.health, me.shield, foe.temperature, me.temperature) == (19, 2, 1, 0)


def test_equipment_once_a_turn_and_once_a_chapter() -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    for once in ("turn", "chapter"):
        play_card(d, me, card(f"ward-{once}", "equipment", reactions=[
            {"on": "foe-plays-action", "once": once,
             "effects": [{"op": "heal", "amount": 1}]}]))
    me.health = 10
    poke = card("poke", effects=[])
    play_card(d, foe, poke)
    play_card(d, foe, poke)
    assert me.health == 12
    me.used_turn.clear()
    play_card(d, foe, poke)
    assert me.health == 13  # the chapter one is spent until the next Chapter


def test_reactions_to_reactions_stop_at_max_depth() -> None:
    d = duel("skorta", "ash")
    me = d.fighters[0]
    play_card(d, me, card("echo", "equipment", reactions=[
        {"on": "gains-shield", "effects": [{"op": "lose-shield", "amount": 1},
                                           {"op": "shield", "amount": 3}]}]))
    effects.fire(d, "gains-shield", me)
    assert texts(d).count("Echo reacts") == effects.MAX_DEPTH


def test_a_trigger_springs_once_then_is_gone() -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    play_card(d, me, card("snare", "trigger", reactions=[
        {"on": "foe-plays-action", "effects": [{"op": "shield", "amount": 2}]}]))
    play_card(d, foe, card("a", effects=[]))
    me.shield = 0
    play_card(d, foe, card("b", effects=[]))
    assert me.shield == 0 and not me.triggers and me.discard[-1].id == "snare"
    assert not me.listens
