"""The win-rate goal on the shared optimiser: pairing in play(), the held-out verdict, the "nothing better" path,
legal decks from CP-SAT and the neighbours, and the same answer for the same seed."""

from __future__ import annotations

import random

import pytest

from solvers import runes_winrate
from solvers.optimise import SEARCH, VERDICT, Budget
from solvers.runes import build_for_win_rate
from solvers.runes_candidates import best_plans, is_legal, plan_features, usable_copies
from solvers.runes_winrate import DeckProblem, field_of
from tablekit.core.errors import ConfigError
from tablekit.core.match import Match
from tablekit.runes.board import DuelOptions
from tablekit.runes.decks import sample_decks, sample_plan
from tablekit.runes.game import GAME
from tablekit.runes.preparation import PrepOptions, check_plan

TINY = Budget(search_games=640, block=16, explore=3, proposals=2, verdict_games=32)


@pytest.fixture(scope="module")
def full(pool):
    return {card: card.copy_limit for card in pool.values()}


@pytest.fixture(scope="module")
def problem(full):
    return DeckProblem(full, "torstein", field_of(None), PrepOptions(), DuelOptions(), "serial")


@pytest.fixture(scope="module")
def tiny(full):
    return build_for_win_rate(full, "skorta", budget=TINY, seed=1)  # its sample deck is soon dropped


def test_two_decks_meet_the_same_deals_and_both_seat_orders(problem, monkeypatch) -> None:
    calls = []
    real = runes_winrate.simulate

    def spy(game, n, seed, **kwargs):
        calls.append((seed, n, kwargs["config"]["first_player"], kwargs["config"]["plans"][1],
                      kwargs["config"]["heroes"]))
        return real(game, n, seed, **kwargs)

    monkeypatch.setattr(runes_winrate, "simulate", spy)
    sample = sample_plan("torstein")
    other = problem.explore(sample, random.Random(0), 1)[0]
    mine, theirs = problem.play(sample, "b", 16), problem.play(other, "b", 16)
    assert len(mine) == len(theirs) == 16
    half = len(calls) // 2
    assert calls[:half] == calls[half:]  # the same seeds, shares, opponents and seats for both decks
    assert {seat for _, _, seat, _, _ in calls[:half]} == {0, 1}
    assert len({seed for seed, *_ in calls[:half]}) == 4  # one deal stream per opponent, both seats on it
    assert problem.play(sample, "b", 16) == mine


def test_the_opponents_shuffle_does_not_depend_on_the_candidate(problem) -> None:
    def foe_deck(plan):
        config = {"heroes": ("torstein", "ash"), "plans": (runes_winrate._spec(plan), "sample"),
                  "first_player": 0}
        match = Match(GAME, GAME.make_config(**config), "b:ash:2/0")
        for _ in range(4):
            match.play(match.legal_actions()[0])
        return match.state.sides[1].deck

    sample = sample_plan("torstein")
    other = problem.explore(sample, random.Random(1), 1)[0]
    assert foe_deck(sample) == foe_deck(other)


def test_the_verdict_plays_only_seeds_the_search_never_used(tiny) -> None:
    found = tiny.result
    assert found.verdict_seeds and found.search_seeds
    assert not set(found.verdict_seeds) & set(found.search_seeds)
    assert all(s.startswith(VERDICT) for s in found.verdict_seeds)
    assert all(s.startswith(SEARCH) for s in found.search_seeds)
    assert found.leader != sample_plan("skorta") and found.verdicts[0].difference.n == TINY.verdict_games


def test_the_answer_is_legal_and_never_below_its_baseline(tiny, full, pool) -> None:
    assert check_plan(tiny.plan, pool, full) == []
    assert set(tiny.baselines) == {"sample deck"}
    if tiny.shown_better:
        assert all(v.difference.low > 0 for v in tiny.result.verdicts)
    else:
        assert tiny.plan == sample_plan("skorta")
    assert tiny.player.startswith("nobody chooses") and "moving first" in tiny.setting


def test_nothing_better_returns_the_sample_deck_and_says_so(full) -> None:
    drawn = build_for_win_rate(full, "ash", "skorta", budget=TINY, seed=1,
                               duel_options=DuelOptions(turn_limit=1))  # every duel drawn: no deck is better
    assert drawn.plan == sample_plan("ash") and not drawn.shown_better
    assert drawn.message.startswith("Nothing")
    assert all(v.difference.mean == 0 for v in drawn.result.verdicts)


def test_same_seed_same_answer(tiny, full) -> None:
    again = build_for_win_rate(full, "skorta", budget=TINY, seed=1)
    assert again.result == tiny.result and again.plan == tiny.plan


def test_cp_sat_lays_out_legal_decks_for_the_worths_and_avoids_the_played(full, pool) -> None:
    usable = usable_copies(full, "skorta")
    worth = {"copies:peck": 1.0, "initiative:peck": 0.5, "chapter:talon-rake": 0.3}
    first, second = best_plans(worth, usable, PrepOptions(), [], 2)
    for plan in (first, second):
        assert is_legal(plan, usable, pool, PrepOptions())
    assert plan_features(first)["copies:peck"] == 2 and first != second
    assert max(plan_features(first)["initiative:peck"], 0) > 0
    assert all(c == "talon-rake" for c in first.chapters[3] if c == "talon-rake")
    assert first not in best_plans(worth, usable, PrepOptions(), [first], 1)


def test_neighbours_are_legal_and_new(problem, pool, full) -> None:
    sample = sample_plan("mikal-finnvard")
    mikal = DeckProblem(full, "mikal-finnvard", field_of("ash"), PrepOptions(), DuelOptions(), "serial")
    found = mikal.explore(sample, random.Random(4), 6)
    assert len(found) == 6 and sample not in found and len(set(found)) == 6
    assert all(check_plan(p, pool, full) == [] for p in found)


@pytest.mark.parametrize("field", ["nobody", []])
def test_bad_fields_are_refused(full, field) -> None:
    with pytest.raises(ConfigError):
        build_for_win_rate(full, "torstein", field, budget=TINY)


def test_unknown_hero_is_refused(full) -> None:
    with pytest.raises(ConfigError):
        build_for_win_rate(full, "loki", sample_decks()["ash"], budget=TINY)
