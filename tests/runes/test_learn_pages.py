"""The learn pages never contradict their own tables: the widgets, the rendered HTML and the
notebook's prose agree with the duel and with the rulebook (issue 37, section 6, Runes)."""

from __future__ import annotations

from tablekit.runes.duel import hero_stats
from tablekit.runes.ui_learn import (
    AttackCalculator,
    TemperatureLadder,
    attack_outcome,
    ladder_outcome,
)


def test_calculator_and_ladder_start_from_the_duels_health() -> None:
    duel_health = {stats.health for stats in hero_stats().values()}
    assert len(duel_health) == 1  # the page says "15 Health each"
    _, hit = attack_outcome(0, 0, 0)
    _, level = ladder_outcome(0)
    assert {hit["Health"][0], level["Health"][0]} == duel_health
    assert AttackCalculator().outcome["Health"][0] in duel_health
    assert TemperatureLadder().outcome["Health"][0] in duel_health
