"""The shared CP-SAT pieces (solvers/cpsat.py): a seeded solver and the minimal set of conflicting rules."""

from __future__ import annotations

import pytest
from ortools.sat.python import cp_model

from solvers.cpsat import UndecidedError, feasible, minimal_conflict, solver


def _deck_rules() -> tuple[cp_model.CpModel, dict[str, cp_model.IntVar]]:
    """Three cards to pick from, two of them rare; four named rules. 'at most 1 rare' conflicts with 'at least 3'
    and with 'both rares'; 'no more than 3' conflicts with nothing."""
    model = cp_model.CpModel()
    cards = {name: model.new_bool_var(name) for name in ("rare_a", "rare_b", "common")}
    rules = {name: model.new_bool_var(name) for name in ("at least 3", "no more than 3", "at most 1 rare",
                                                         "both rares")}
    model.add(sum(cards.values()) >= 3).only_enforce_if(rules["at least 3"])
    model.add(sum(cards.values()) <= 3).only_enforce_if(rules["no more than 3"])
    model.add(cards["rare_a"] + cards["rare_b"] <= 1).only_enforce_if(rules["at most 1 rare"])
    model.add(cards["rare_a"] + cards["rare_b"] == 2).only_enforce_if(rules["both rares"])
    model.maximize(sum(cards.values()))
    return model, rules


def test_the_solver_is_seeded_and_counts_its_workers() -> None:
    made = solver(seed=7, workers=2, seconds=3.0, linearization_level=2)
    assert (made.parameters.random_seed, made.parameters.num_workers) == (7, 2)
    assert made.parameters.max_time_in_seconds == 3.0 and made.parameters.linearization_level == 2


def test_a_minimal_conflict_keeps_only_the_rules_it_needs() -> None:
    model, rules = _deck_rules()
    found = minimal_conflict(model, list(rules.values()))
    names = [lit.name for lit in found]
    assert "at most 1 rare" in names and "no more than 3" not in names and len(names) == 2
    assert not feasible(model, found)[0]
    for dropped in found:  # minimal: without any one of them the rest hold
        assert feasible(model, [lit for lit in found if lit is not dropped])[0]


def test_rules_that_hold_together_have_no_conflict_and_the_model_is_left_as_it_came() -> None:
    model, rules = _deck_rules()
    model.add_assumptions([rules["at least 3"]])
    before = str(model.proto)
    assert minimal_conflict(model, [rules["at least 3"], rules["no more than 3"]]) == []
    minimal_conflict(model, list(rules.values()))
    assert str(model.proto) == before
    assert model.has_objective()


def test_a_search_that_runs_out_of_time_is_an_error_not_a_conflict() -> None:
    model, rules = _deck_rules()
    with pytest.raises(UndecidedError, match="UNKNOWN.*time limit"):
        minimal_conflict(model, list(rules.values()), max_time_in_seconds=0.0)
    with pytest.raises(UndecidedError, match="UNKNOWN"):
        feasible(model, [rules["at least 3"]], max_time_in_seconds=0.0)
