"""Pure rules: Player Counts, the cheapest dodge, killing-blow coppers, the active wizard."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.core.errors import ConfigError
from tablekit.forge import cheapest_dodge, player_count
from tablekit.forge.rules import heal_of_heart, kill_coppers, next_active


def test_player_counts_table():
    rows = [tuple(player_count(n)) for n in range(1, 6)]
    assert rows == [(1, 1, 14, 40), (2, 2, 12, 30), (3, 3, 12, 30), (4, 4, 12, 30), (5, 5, 14, 30)]
    for bad in (0, 6, "2"):
        with pytest.raises(ConfigError, match="forge.player-counts"):
            player_count(bad)


def test_cheapest_dodge_examples():
    assert cheapest_dodge([2, 3, 9, 10], attack=10) == [2, 9]
    assert cheapest_dodge([2, 3], attack=5) is None
    assert cheapest_dodge([6, 3, 3], attack=5) == [6]         # 6 beats 3+3: fewer cards
    assert cheapest_dodge([4, 4, 13], attack=7) == [4, 4]     # 8 beats 13: lower total
    assert cheapest_dodge([], attack=0) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(2, 13), max_size=9), st.integers(0, 40))
def test_cheapest_dodge_matches_brute_force(values, attack):
    best = None
    for size in range(len(values) + 1):
        for combo in itertools.combinations(values, size):
            if sum(combo) > attack and (best is None or (sum(combo), len(combo)) < best[:2]):
                best = (sum(combo), len(combo), sorted(combo))
    found = cheapest_dodge(values, attack)
    if best is None:
        assert found is None
    else:
        assert found is not None and (sum(found), len(found)) == best[:2]


def test_killing_blow_coppers_and_heart_heal():
    assert [kill_coppers(o) for o in (0, 1, 4, 5, 6, 30)] == [3, 4, 7, 8, 8, 8]
    assert [heal_of_heart(v) for v in (2, 3, 9, 10)] == [1, 2, 5, 5]


def test_the_active_role_goes_to_fewest_coppers_then_least_glory_then_clockwise():
    assert next_active(0, [5, 2, 3], [0, 0, 0]) == 1
    assert next_active(0, [5, 2, 2], [0, 1, 0]) == 2
    assert next_active(0, [5, 2, 2], [0, 0, 0]) == 1
    assert next_active(1, [2, 5, 2], [0, 0, 0]) == 2
    assert next_active(2, [2, 5, 2], [0, 0, 0]) == 0
