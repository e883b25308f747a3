"""The deck study's CP-SAT enumeration, its simulation and the scoring calculator."""

from __future__ import annotations

import pytest

import solvers.wizards
from solvers.optimise import SEARCH, VERDICT, Budget
from solvers.wizards import (
    DeckRules,
    DeckStudy,
    allowed_decks,
    decks_by_worth,
    score_calculator,
    standard_deck,
    study,
)
from tablekit.core.errors import ConfigError
from tablekit.core.match import Match
from tablekit.core.simulate import simulate
from tablekit.wizards import score_gems
from tablekit.wizards.game import GAME
from tablekit.wizards.setup import deck_problems


@pytest.mark.parametrize("recipe, count", [("standard", 1), ("partial", 10), ("random", 66)])
def test_every_allowed_deck_is_enumerated_and_passes_the_games_own_check(recipe, count):
    found = allowed_decks(DeckRules(recipe))
    assert found.status == "optimal" and len(found.decks) == count == len(set(found.decks))
    for deck in found.decks:
        assert deck_problems(list(deck), recipe) == []


def test_wishes_narrow_the_decks_and_contradictions_name_the_rules():
    found = allowed_decks(DeckRules("random", include=("void-imp", "water-imp"), exclude=("titan",)))
    assert len(found.decks) == 9  # eight more from the nine others: C(9, 8)
    assert all("void-imp" in d and "water-imp" in d and "titan" not in d for d in found.decks)
    bad = allowed_decks(DeckRules("partial", exclude=("ogre",)))
    assert bad.status == "infeasible" and bad.conflicts == ("wizards.deck-partial", "exclude ogre")
    too_many = allowed_decks(DeckRules("random", exclude=("titan", "ogre", "minotaur")))
    assert too_many.status == "infeasible" and "wizards.deck-standard" in too_many.conflicts


SMALL = Budget(search_games=36, block=6, verdict_games=6)  # seconds: a few games per deck
NEAR = {"include": ("void-imp",), "exclude": ("water-imp",)}  # three partial decks: the Void Imp and 2 of 3 imps


def _spy(monkeypatch) -> list[tuple[str, int, dict]]:
    """Record every simulate call of the study: (seed, games, config)."""
    calls: list[tuple[str, int, dict]] = []

    def recording(game, n, seed, **options):
        calls.append((seed, n, options["config"]))
        return simulate(game, n, seed=seed, **options)

    monkeypatch.setattr(solvers.wizards, "simulate", recording)
    return calls


def test_two_decks_meet_the_same_deals_on_a_block(monkeypatch):
    calls = _spy(monkeypatch)
    problem = DeckStudy(DeckRules("partial"), players=3)
    first, second = problem.decks[:2]
    results = problem.play(first, "block", 6), problem.play(second, "block", 6)
    assert len(results[0]) == len(results[1]) == 6 and len(calls) == 6
    mine, theirs = calls[:3], calls[3:]
    assert [(seed, n) for seed, n, _ in mine] == [(seed, n) for seed, n, _ in theirs]
    for seat, ((seed, _, config), (_, _, other)) in enumerate(zip(mine, theirs, strict=True)):
        assert config["seat_decks"][seat] == first and other["seat_decks"][seat] == second
        assert {d for s, d in enumerate(config["seat_decks"]) if s != seat} == {problem.standard}
        assert config["advanced"] and config["players"] == 3
        deals = [Match(GAME, GAME.make_config(**c), f"{seed}/0").state for c in (config, other)]
        assert deals[0].stack == deals[1].stack and deals[0].piles == deals[1].piles
        assert [d.artefacts for d in deals[0].dungeons] == [d.artefacts for d in deals[1].dungeons]
        assert deals[0].owned[seat] != deals[1].owned[seat]


def test_the_verdict_plays_only_games_the_search_never_saw(monkeypatch):
    calls = _spy(monkeypatch)
    result = study("partial", 2, SMALL, seed=4, **NEAR)
    assert result.search_seeds and result.verdict_seeds
    assert not set(result.search_seeds) & set(result.verdict_seeds)
    blocks = {seed.rsplit("/", 1)[0] for seed, _, _ in calls}
    assert blocks == set(result.search_seeds) | set(result.verdict_seeds)
    assert all(b.startswith(VERDICT) for b in result.verdict_seeds)
    assert all(b.startswith(SEARCH) for b in result.search_seeds)


def test_nothing_shown_better_returns_the_standard_deck_and_says_so():
    result = study("partial", 2, SMALL, seed=1, **NEAR)
    assert result.best != result.baseline and not result.versus_standard.better
    assert result.answer == standard_deck() and not result.separated and result.needed > 0
    assert f"would need about {result.needed:,} games per deck" in result.message
    assert "No deck was shown better than the standard deck" in result.message


def test_the_study_plays_the_recipes_own_game_and_is_repeatable():
    first, again = (study("partial", 2, SMALL, seed=3, **NEAR) for _ in range(2))
    assert first == again and first.advanced and "advanced game at 2 players" in first.setting
    assert "heuristic bot" in first.setting and "asymmetric" in first.label
    rates = [r.win_rate.mean for r in first.results]
    assert rates == sorted(rates, reverse=True) and len(first.results) == 3
    assert set(first.worth) == {"fire-imp", "air-imp", "earth-imp"}
    assert all(e.low <= e.mean <= e.high for e in first.worth.values())
    assert first.search_games <= SMALL.search_games
    assert not study("standard", 2, SMALL).advanced


def test_cp_sat_proposes_the_recipes_decks_by_worth():
    rules = DeckRules("partial")
    worth = {"void-imp": 0.3, "water-imp": 0.2, "fire-imp": -0.1}
    best, second = decks_by_worth(rules, worth, count=2)
    assert {"void-imp", "water-imp"} <= set(best) and "fire-imp" not in best
    assert deck_problems(list(best), "partial") == [] and best != second
    assert best not in decks_by_worth(rules, worth, avoid=[best], count=9)


def test_many_decks_get_smaller_blocks_and_too_small_a_search_is_refused():
    result = study("random", 2, Budget(search_games=80, block=24, verdict_games=2), include=("void-imp",),
                   exclude=("titan",))
    assert len(result.search_seeds) == 2 and {r.games for r in result.results} == {2 * 4}
    with pytest.raises(ValueError, match="raise search_games to at least 20"):
        study("random", 2, Budget(search_games=12, block=6, verdict_games=2), include=("void-imp",),
              exclude=("titan",))


def test_seat_decks_give_one_deck_per_seat():
    with pytest.raises(ConfigError, match="one deck per seat"):
        GAME.make_config(players=3, seat_decks=(standard_deck(),) * 2)


def test_the_scoring_calculator_gives_up_the_least_useful_gems():
    calc = score_calculator({"red": 3, "blue": 1, "green": 1}, 2, ["greatsword"], 1, [1])
    assert calc.given_up == {"red": 2} and calc.sets == (("red", "green", "blue"),)
    assert calc.score.total == 4 + 7 + 1 - 3
    assert calc.score.sets - calc.score.cursed_left == score_gems({"red": 3, "blue": 1, "green": 1}, 2)


def test_each_decks_length_counts_only_the_searchs_games():
    result = study("partial", 2, SMALL, seed=4, **NEAR)
    measured = {result.best, result.worst, result.baseline} & {row.deck for row in result.results}
    assert measured  # decks the verdict played again on fresh games
    assert all(row.length.n == row.games for row in result.results)
