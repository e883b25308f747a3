"""The duel's turn structure (Battle Resolution), the four card types, Fatigue, the turn limit."""

from __future__ import annotations

import pytest

from tablekit.core.errors import ConfigError
from tablekit.runes import combat
from tablekit.runes.board import DuelOptions
from tablekit.runes.duel import play_card, play_turn, run, run_duel
from tests.runes.duelkit import card, duel, hit, rules

IDLE = card("idle")


def test_turn_order_follows_battle_resolution() -> None:
    gear = card("torch", "equipment", reactions=[
        {"on": "start-of-turn", "effects": [{"op": "shield", "amount": 1}]}])
    raven = card("raven-hit", props=["Raven"], effects=[hit(1)])
    d = duel(deck0=[gear, raven], deck1=[IDLE, IDLE])
    for _ in range(3):
        play_turn(d)
    third = rules(d)[rules(d).index("runes.turn-start", 1 + rules(d).index("runes.turn-start",
                                                                            1)):]
    # start of turn (Equipment reacts), the next card, its effects, reactions, the move, the end
    assert third[:7] == ["runes.turn-start", "runes.equipment", "runes.shield-max",
                         "runes.deck-pressure", "runes.action", "runes.attack", "runes.health"]
    assert third[7:] [:3] == ["runes.raven-sight", "runes.move-card", "runes.neutral"]
    assert third[-1] == "runes.turn-end"


def test_players_alternate_and_the_first_player_switch() -> None:
    d = duel(deck0=[IDLE] * 2, deck1=[IDLE] * 2, first_player=1)
    play_turn(d)
    assert d.fighters[1].next_card == 1 and d.fighters[0].next_card == 0 and d.active == 0


def test_effects_resolve_in_written_order_with_conditions() -> None:
    d = duel()
    me = d.fighters[0]
    play_card(d, me, card("order", effects=[
        {"op": "shield", "amount": 2, "when": "raven-sight"},
        {"op": "raven-sight"},
        {"op": "shield", "amount": 3, "when": "raven-sight"}]))
    assert me.shield == 3


def test_equipment_stays_and_reacts_every_time() -> None:
    horn = card("horn", "equipment", reactions=[
        {"on": "foe-heals", "effects": [hit(1, ranged=True)]}])
    d = duel()
    a, b = d.fighters
    play_card(d, a, horn)
    b.health = 10
    combat.heal(d, b, 2)
    combat.heal(d, b, 2)
    assert horn in a.equipment and b.health == 12


def test_trigger_waits_springs_once_and_is_discarded() -> None:
    trap = card("trap", "trigger", reactions=[
        {"on": "foe-plays-action", "effects": [hit(3)]}])
    d = duel()
    a, b = d.fighters
    play_card(d, a, trap)
    assert trap in a.triggers and b.health == 20
    play_card(d, b, IDLE)
    assert b.health == 17 and trap in a.discard and trap not in a.triggers
    play_card(d, b, IDLE)
    assert b.health == 17


def test_a_new_event_replaces_the_active_one_for_both_heroes() -> None:
    hymn = card("hymn", "event", passive=[{"stat": "melee-damage", "amount": 1}])
    mist = card("mist", "event", passive=[{"stat": "ranged-damage", "amount": -1}])
    d = duel()
    a, b = d.fighters
    play_card(d, a, hymn)
    combat.attack(d, b, 1)
    assert a.health == 18 and d.event is hymn
    play_card(d, b, mist)
    assert d.event is mist and hymn in a.discard
    combat.attack(d, b, 1)
    assert a.health == 17
    combat.attack(d, b, 1, ranged=True)
    assert a.health == 17


def test_event_reaction_acts_for_the_hero_it_concerns() -> None:
    lake = card("lake", "event", reactions=[
        {"on": "end-of-turn", "effects": [{"op": "temperature", "amount": -1}]}])
    d = duel(deck0=[lake, IDLE], deck1=[IDLE, IDLE])
    play_turn(d)
    play_turn(d)
    assert d.fighters[0].temperature == -1 and d.fighters[1].temperature == -1


def test_chapter_start_fires_every_five_cards() -> None:
    satchel = card("satchel", "equipment", reactions=[
        {"on": "chapter-start", "effects": [{"op": "shield", "amount": 1}]}])
    d = duel(deck0=[satchel] + [IDLE] * 9, deck1=[IDLE] * 10)
    for _ in range(10):
        play_turn(d)
    assert d.fighters[0].shield == 0  # equipped after its own Chapter had opened
    play_turn(d)
    assert d.fighters[0].shield == 1 and rules(d).count("runes.chapter-start") == 3


def test_fatigue_and_defeat_at_fatigue_three() -> None:
    d = duel("skorta", "ash", deck0=[IDLE], deck1=[IDLE] * 5)
    run(d)
    me = d.fighters[0]
    assert d.over and d.winner == 1 and me.fatigue == 3 and me.max_health == 10
    assert "runes.fatigue" in rules(d)


def test_turn_limit_draws() -> None:
    d = duel(deck0=[IDLE] * 4, deck1=[IDLE] * 4, turn_limit=6)
    run(d)
    assert d.over and d.winner is None and d.turn == 6 and rules(d)[-1] == "runes.turn-limit"


@pytest.mark.parametrize("bad", [{"turn_limit": 0}, {"first_player": 2}, {"draw_score": 2},
                                 {"attune_turns": -1}])
def test_bad_duel_options(bad) -> None:
    with pytest.raises(ConfigError):
        DuelOptions(**bad)


def legal_decks(pool) -> list:
    """Skörta's and Mikal-Finnvard's sample decks (run_duel refuses illegal decks)."""
    from tablekit.runes.decks import sample_plan
    return [[pool[c] for c in sample_plan(h).card_ids()] for h in ("skorta", "mikal-finnvard")]


def test_same_decks_same_duel(pool) -> None:
    decks = legal_decks(pool)
    first = run_duel(("skorta", "mikal-finnvard"), decks)
    second = run_duel(("skorta", "mikal-finnvard"), decks)
    assert first.events == second.events and first.timeline == second.timeline
    assert first.winner == second.winner and len(first.events) > 50
    quiet = run_duel(("skorta", "mikal-finnvard"), decks, log=False)
    assert quiet.events == () and (quiet.winner, quiet.turns) == (first.winner, first.turns)


def test_boards_and_marks_let_a_viewer_step_turn_by_turn(pool) -> None:
    decks = legal_decks(pool)
    result = run_duel(("skorta", "mikal-finnvard"), decks)
    assert len(result.boards) == len(result.marks) == len(result.timeline) == result.turns
    assert result.marks[-1] == len(result.events) and list(result.marks) == sorted(result.marks)
    last = result.boards[-1]
    assert last["over"] and last["winner"] == result.winner
    assert [b["heroes"][0]["health"] for b in result.boards] == [r[2] for r in result.timeline]


def test_a_cloned_duel_goes_on_independently(pool) -> None:
    decks = [list(pool.values())[:20], list(pool.values())[30:50]]
    from tablekit.runes.duel import new_duel
    d = new_duel(("skorta", "mikal-finnvard"), decks)
    for _ in range(6):
        play_turn(d)
    twin = d.clone()
    before = [f.snapshot() for f in d.fighters]
    run(twin)
    assert [f.snapshot() for f in d.fighters] == before and twin.over and not d.over
    run(d)
    assert (d.winner, d.turn) == (twin.winner, twin.turn)
    assert [f.snapshot() for f in d.fighters] == [f.snapshot() for f in twin.fighters]
