"""The Temperature ladder: moving the cursor, Cold 3 and Heat 3 at once, each level's end of turn."""

from __future__ import annotations

from tablekit.runes import statuses, temperature
from tablekit.runes.duel import end_turn, play_card
from tests.runes.duelkit import card, duel, rules


def _at(level: int):
    d = duel("skorta", "mikal-finnvard")
    me = d.fighters[0]
    me.temperature = level
    return d, me


def test_cursor_moves_and_stops_at_an_extreme() -> None:
    d, me = _at(0)
    temperature.move(d, me, 2)
    assert me.temperature == 2
    temperature.move(d, me, 3)  # reaches Heat 3 after one step: resolves, back to Heat 1
    assert me.temperature == 1 and "runes.heat-3" in rules(d)


def test_cold_3_resolves_at_once() -> None:
    d, me = _at(-2)
    statuses.gain(d, me, "Bleeding", 2)
    temperature.move(d, me, -1)
    assert me.temperature == -1
    assert me.permanent("Frozen") and "Bleeding" not in me.statuses
    assert me.statuses["Bleeding Immunity"].turns == 3
    assert me.health == 17 and me.frozen_skip
    assert not statuses.gain(d, me, "Bleeding", 1)  # immune now


def test_cold_3_next_action_is_discarded_while_frozen() -> None:
    d, me = _at(-2)
    temperature.move(d, me, -1)
    axe = card("axe", effects=[{"op": "attack", "amount": 5}])
    play_card(d, me, axe)
    assert d.fighters[1].health == 20 and axe in me.discard and not me.frozen_skip
    play_card(d, me, axe)
    assert d.fighters[1].health == 15


def test_cold_3_skip_lapses_when_no_longer_frozen() -> None:
    d, me = _at(-2)
    temperature.move(d, me, -1)
    statuses.remove(d, me, "Frozen", "test")
    play_card(d, me, card("axe", effects=[{"op": "attack", "amount": 5}]))
    assert d.fighters[1].health == 15


def test_heat_3_resolves_at_once() -> None:
    d, me = _at(2)
    temperature.move(d, me, 1)
    assert me.temperature == 1 and me.permanent("Burning") and me.health == 17
    assert me.statuses["Vulnerable"].amount == 1 and me.statuses["Vulnerable"].turns == 3


def test_cold_2_end_of_turn() -> None:
    d, me = _at(-2)
    statuses.gain(d, me, "Kindled", 1)
    statuses.gain(d, me, "Burning", 1)
    end_turn(d, me)
    assert not me.has("Kindled") and not me.has("Burning") and me.amount("Frost") == 1
    end_turn(d, me)
    assert me.amount("Frost") == 2 and "runes.cold-2" in rules(d)


def test_cold_2_keeps_permanent_frozen_and_gives_no_frost() -> None:
    d, me = _at(-2)
    statuses.gain(d, me, "Frozen", 1, None)
    end_turn(d, me)
    assert me.permanent("Frozen") and not me.has("Frost")


def test_cold_1_end_of_turn() -> None:
    d, me = _at(-1)
    statuses.gain(d, me, "Frost", 2)
    statuses.gain(d, me, "Kindled", 1, 2)
    end_turn(d, me)
    assert me.amount("Frost") == 1 and not me.has("Kindled") and "runes.cold-1" in rules(d)


def test_neutral_end_of_turn() -> None:
    d, me = _at(0)
    for name in ("Burning", "Frozen", "Kindled"):
        statuses.gain(d, me, name, 1, None)
    statuses.gain(d, me, "Frost", 2)
    end_turn(d, me)
    assert me.statuses["Burning"].turns == 3 and me.statuses["Frozen"].turns == 3
    assert me.statuses["Kindled"].turns == 2 and me.amount("Frost") == 1
    end_turn(d, me)  # now temporary: they tick down
    assert me.statuses["Burning"].turns == 2 and me.statuses["Kindled"].turns == 1
    end_turn(d, me)
    assert not me.has("Kindled")


def test_heat_1_end_of_turn() -> None:
    d, me = _at(1)
    statuses.gain(d, me, "Frost", 2)
    statuses.gain(d, me, "Frozen", 1, None)
    statuses.gain(d, me, "Kindled", 1, None)
    end_turn(d, me)
    assert not me.has("Frost") and not me.has("Frozen") and me.statuses["Kindled"].turns == 2
    end_turn(d, me)
    assert me.statuses["Kindled"].turns == 1


def test_heat_2_end_of_turn() -> None:
    d, me = _at(2)
    statuses.gain(d, me, "Frozen", 1, 2)
    end_turn(d, me)
    assert not me.has("Frozen") and me.permanent("Kindled")
    statuses.gain(d, me, "Burning", 1, 2)
    end_turn(d, me)
    assert me.permanent("Burning")


def test_temperature_statuses_do_not_tick_outside_their_levels() -> None:
    d, me = _at(-1)
    me.statuses.clear()
    statuses.gain(d, me, "Frozen", 1, 2)
    for _ in range(4):
        end_turn(d, me)
    assert me.statuses["Frozen"].turns == 2


def test_temperature_card_moves_the_foe() -> None:
    d, me = _at(0)
    play_card(d, me, card("cry", effects=[{"op": "temperature", "amount": -1,
                                           "target": "foe"}]))
    assert d.fighters[1].temperature == -1 and me.temperature == 0


def test_cold_3_cure_is_not_undone_by_a_reaction(pool) -> None:
    d = duel("ash", "skorta")
    me, foe = d.fighters
    play_card(d, foe, pool["vein-reader"])  # re-applies Bleeding when mine ends
    statuses.gain(d, me, "Bleeding", 2)
    me.temperature = -2
    temperature.move(d, me, -1)
    assert not me.has("Bleeding") and me.has("Bleeding Immunity")
