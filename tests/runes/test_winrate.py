"""The win-rate goal: simulation in the loop, legal decks, same seed same deck, a fair report."""

from __future__ import annotations

import pytest

from solvers.runes import build_for_win_rate
from solvers.runes_winrate import _fit, field_of, fight_field
from tablekit.core.errors import ConfigError
from tablekit.core.stats import mean_interval
from tablekit.runes import check_plan, validate_deck
from tablekit.runes.board import DuelOptions
from tablekit.runes.decks import sample_decks, sample_plan

SMALL = {"duels": 4, "report_duels": 6, "population": 2, "rounds": 2, "seed": 1}


@pytest.fixture(scope="module")
def full(pool):
    return {card: card.copy_limit for card in pool.values()}


@pytest.fixture(scope="module")
def small_result(full):
    seen = []
    result = build_for_win_rate(full, "torstein", "ash",
                                progress=lambda done, total, words: seen.append((done, total)),
                                **SMALL)
    return result, seen


def test_the_deck_is_legal_and_reported_beside_the_others(small_result, pool, full) -> None:
    result, _ = small_result
    assert validate_deck(result.build.cards, full) == []
    assert check_plan(result.plan, pool, full) == []
    assert set(result.report) == {"win-rate goal", "value goal", "sample deck: skorta",
                                  "sample deck: mikal-finnvard", "sample deck: ash",
                                  "sample deck: torstein"}
    assert all(e.n == 6 and e.low <= e.mean <= e.high for e in result.report.values())
    assert 1 <= result.rounds <= 2 and len(result.history) == 2 * result.rounds + 1


def test_progress_counts_every_simulated_duel(small_result) -> None:
    result, seen = small_result
    done = [d for d, _ in seen]
    assert done == sorted(done) and done[-1] == result.duels
    assert all(d <= t for d, t in seen)


def test_same_seed_same_deck(small_result, full) -> None:
    again = build_for_win_rate(full, "torstein", "ash", **SMALL)
    assert again.plan == small_result[0].plan and again.report == small_result[0].report


def test_fight_field_matches_its_own_rerun(pool) -> None:
    field = field_of(None)
    assert len(field) == 4
    one = fight_field("skorta", sample_plan("skorta"), field[:2], 5, "s", pool)
    assert one == fight_field("skorta", sample_plan("skorta"), field[:2], 5, "s", pool)
    assert len(one[0]) == 10 and all(len(order) == 20 for order in one[1])


def test_values_follow_the_simulated_scores() -> None:
    from solvers.runes_winrate import Trial
    good, bad = (("a", 2), ("b", 1)), (("b", 1), ("c", 2))
    history = [Trial(good, mean_interval([1.0] * 5)), Trial(bad, mean_interval([0.0] * 5))]
    values = _fit(history, {"a": 0.0, "b": 0.0, "c": 0.0})
    assert values["a"] > values["b"] > values["c"]


@pytest.mark.parametrize(("field", "options"), [
    ("nobody", {}), ([], {}), ("ash", {"duels": 0}), ("ash", {"rounds": True})])
def test_bad_arguments_are_refused(full, field, options) -> None:
    with pytest.raises(ConfigError):
        build_for_win_rate(full, "torstein", field, **options)


def test_unknown_hero_is_refused(full) -> None:
    with pytest.raises(ConfigError):
        build_for_win_rate(full, "loki", sample_decks()["ash"])


def test_duel_switches_reach_the_simulations(full) -> None:
    short = build_for_win_rate(full, "torstein", "ash", duel_options=DuelOptions(turn_limit=2,
                                                                                  draw_score=0.25),
                               **SMALL)
    assert all(e.mean == 0.25 for e in short.report.values())  # every duel drawn at turn 2
