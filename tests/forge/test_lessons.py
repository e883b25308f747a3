"""Lesson tables and the live rule tables of the learn notebook."""

from __future__ import annotations

import random

import pytest

from tablekit.forge.lessons import (
    LESSONS,
    dodge_table,
    kill_coppers_table,
    lesson,
    player_counts,
    rolled_monsters,
)


@pytest.mark.parametrize("name", list(LESSONS))
def test_every_lesson_opens_and_plays_to_the_end(name):
    match = lesson(name)
    assert match.legal_actions()
    rng = random.Random(0)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))


def test_lessons_show_what_they_say():
    assert lesson("labels").state.phase == "label"
    assert lesson("plot-and-reveal").state.wizards == 2
    with pytest.raises(KeyError):
        lesson("nope")


def test_live_tables():
    assert len(rolled_monsters(3)) == 6 and any(row["Legend"] for row in rolled_monsters(3))
    assert player_counts()[0] == {"wizards": 1, "boss_hp_multiplier": 1, "hand": 14,
                                  "start_coppers": 40}
    rows = dodge_table([2, 3, 9, 10], range(10, 11))
    assert rows == [{"attack": 10, "cheapest dodge": "2 + 9", "discarded": 11}]
    assert dodge_table([2, 3], range(6, 7))[0]["cheapest dodge"] == "none possible"
    assert [r["coppers"] for r in kill_coppers_table(range(4, 8))] == [7, 8, 8, 8]


def test_the_post_game_demo_runs_a_whole_cycle():
    from tablekit.forge.lessons import post_game_demo
    cycle = post_game_demo(wizards=2, seed=5)
    assert cycle.is_over and {"forge.fading", "forge.drifting"} <= {e.rule for e in cycle.log}


def test_a_campaign_after_a_game_is_ready_for_turning():
    from tablekit.forge.lessons import campaign_after_a_game
    after = campaign_after_a_game(wizards=2, seed=3)
    assert all(b.dungeons == 1 for b in after.data.bands)
    assert all(w.coppers > 0 for w in after.data.wizards)
    assert {w.band for w in after.data.wizards} == {b.name for b in after.data.bands}
