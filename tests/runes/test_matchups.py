"""Win rates of prepared decks over shuffles."""

from __future__ import annotations

import pytest

from tablekit.core.errors import ConfigError
from tablekit.runes.decks import sample_plan
from tablekit.runes.matchups import matchup, sample_matrix


def test_matchup_counts_and_interval() -> None:
    seen = []
    result = matchup("skorta", sample_plan("skorta"), "ash", sample_plan("ash"), duels=100,
                     progress=lambda done, total: seen.append((done, total)))
    assert result.wins + result.draws + result.losses == 100
    assert result.score.low <= result.score.mean <= result.score.high and result.score.n == 100
    assert seen == [(100, 100)] and result.mean_turns > 0 and "wins-draws-losses" in str(result)
    again = matchup("skorta", sample_plan("skorta"), "ash", sample_plan("ash"), duels=100)
    assert again == result


def test_mirror_is_near_even_and_matrix_shape() -> None:
    matrix = sample_matrix(duels=20, heroes=["torstein", "ash"])
    assert set(matrix) == {("torstein", "torstein"), ("torstein", "ash"), ("ash", "torstein"),
                           ("ash", "ash")}
    mirror = matrix[("ash", "ash")]
    assert mirror.score.low < 0.5 < mirror.score.high


def test_matchup_needs_a_duel() -> None:
    with pytest.raises(ConfigError):
        matchup("ash", sample_plan("ash"), "ash", sample_plan("ash"), duels=0)
