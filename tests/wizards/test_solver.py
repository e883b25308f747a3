"""The deck study's CP-SAT enumeration, its simulation and the scoring calculator."""

from __future__ import annotations

import pytest

from solvers.wizards import DeckRules, allowed_decks, score_calculator, study
from tablekit.wizards import score_gems
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


def test_the_study_is_labelled_asymmetric_repeatable_and_ranked():
    decks = allowed_decks(DeckRules("partial")).decks[:2]
    first = study(decks, games=6, seed=3)
    again = study(decks, games=6, seed=3)
    assert "asymmetric" in first.label and first.results == again.results
    rates = [r.win_rate.mean for r in first.results]
    assert rates == sorted(rates, reverse=True)
    assert all(r.games == 6 and r.length.mean > 20 for r in first.results)
    assert set(first.contributions) <= {c for d in decks for c in d}


def test_the_scoring_calculator_gives_up_the_least_useful_gems():
    calc = score_calculator({"red": 3, "blue": 1, "green": 1}, 2, ["greatsword"], 1, [1])
    assert calc.given_up == {"red": 2} and calc.sets == (("red", "green", "blue"),)
    assert calc.score.total == 4 + 7 + 1 - 3
    assert calc.score.sets - calc.score.cursed_left == score_gems({"red": 3, "blue": 1, "green": 1}, 2)
