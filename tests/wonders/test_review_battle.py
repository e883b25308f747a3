"""Rules review: the Battle Lines advisor's exact search, through the acceptance API.

Beyond `BRUTE_FORCE_LIMIT` layouts `best_battle_lines` switches to a tabled search; here it
is checked against every layout played out one by one: it finds the true best score, and every
layout it returns is an allowed line-up that brute force also played out. (Comparing a layout's
report with the resolver run again would compare the resolver with itself; tests/wonders/
test_battle.py checks the resolver against the rulebook played hit by hit.)
"""

import random

import pytest

from tablekit.wonders import Fighter, best_battle_lines
from tablekit.wonders.battle import BRUTE_FORCE_LIMIT, BattleCriterion, brute_force, count_layouts


def fighter(rng, i, side):
    return Fighter(f"{side}{i}", rng.randint(0, 5), rng.randint(1, 6),
                   priority=rng.choice([1, 2, 2]) if side == "p" else None,
                   poison=rng.random() < 0.15, shield=rng.random() < 0.2,
                   taunt=side == "p" and rng.random() < 0.1)


def cases(count):
    rng = random.Random(11)
    found = 0
    while found < count:
        players = [fighter(rng, i, "p") for i in range(rng.randint(2, 4))]
        villains = [fighter(rng, i, "v") for i in range(rng.randint(5, 6))]
        if BRUTE_FORCE_LIMIT < count_layouts(players, villains) <= 3000:
            found += 1
            yield players, villains


def allowed(players, lay):
    ranks = [(players[i].taunt, players[i].priority) for i in lay.player_indices]
    return ranks == sorted(ranks, reverse=True) and sorted(lay.player_indices) == list(
        range(len(players)))


@pytest.mark.parametrize(("players", "villains"), list(cases(25)))
def test_search_path_finds_the_true_best_layout(players, villains):
    criterion = BattleCriterion(player_health=8)
    found = best_battle_lines(players, villains, criterion=criterion, limit=5)
    every = brute_force(players, villains, criterion)
    assert found[0].score == pytest.approx(every[0].score)
    assert len(found) == 5
    played = {(tuple(b.villain_indices), tuple(b.player_indices)) for b in every}
    for lay in found:
        assert allowed(players, lay)
        assert sorted(lay.villain_indices) == list(range(len(villains)))
        assert (tuple(lay.villain_indices), tuple(lay.player_indices)) in played
        assert lay.villain_order == [villains[j].name for j in lay.villain_indices]
        assert lay.player_order == [players[i].name for i in lay.player_indices]


def test_eight_against_eight_gives_allowed_layouts():
    """(How long this takes is a benchmark's business: tests never assert wall-clock times.)"""
    rng = random.Random(5)
    for _ in range(5):
        players = [fighter(rng, i, "p") for i in range(8)]
        villains = [fighter(rng, i, "v") for i in range(8)]
        layouts = best_battle_lines(players, villains)
        assert len(layouts) == 20 and all(allowed(players, lay) for lay in layouts)
        assert all(sorted(lay.villain_indices) == list(range(8)) for lay in layouts)


def test_fighters_refuse_numbers_that_are_not_whole():
    for bad in [("x", "3", 2), ("x", 3, 2.5), ("x", True, 2)]:
        with pytest.raises(ValueError, match="whole numbers"):
            Fighter(*bad)
    with pytest.raises(ValueError, match="whole numbers"):
        Fighter("x", 1, 2, priority="high")
