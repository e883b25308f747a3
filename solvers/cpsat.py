"""What every CP-SAT model of the kit shares: a solver set up the same way, and the minimal set of named rules
that cannot hold together (explaining what can't be had)."""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

TIME_LIMIT = 10.0  # seconds: the kit's models prove optimality well within it


def solver(seed: int = 0, workers: int = 1, seconds: float = TIME_LIMIT, **parameters: object) -> cp_model.CpSolver:
    """A CP-SAT solver with a fixed seed and worker count (same answer on every machine), a time limit, and any
    further parameter by its name (say `linearization_level=2`)."""
    found = cp_model.CpSolver()
    found.parameters.random_seed = seed
    found.parameters.num_workers = workers
    found.parameters.max_time_in_seconds = seconds
    for name, value in parameters.items():
        setattr(found.parameters, name, value)
    return found


def feasible(model: cp_model.CpModel, assumed: Sequence[cp_model.IntVar], seed: int = 0, workers: int = 1,
             **parameters: object) -> tuple[bool, cp_model.CpSolver]:
    """Whether the model holds with these rule literals assumed true (the objective is ignored)."""
    model.clear_assumptions()
    model.add_assumptions(list(assumed))
    checking = solver(seed, workers, **parameters)
    status = checking.solve(model)
    return status in (cp_model.OPTIMAL, cp_model.FEASIBLE), checking


def minimal_conflict(model: cp_model.CpModel, rules: Sequence[cp_model.IntVar], seed: int = 0, workers: int = 1,
                     **parameters: object) -> list[cp_model.IntVar]:
    """A smallest-by-deletion set of the rule literals that cannot all hold, in the given order; [] when they can.

    CP-SAT's own core (its sufficient assumptions) is the start; each literal the conflict still holds without is
    dropped (a deletion filter), so every one left is needed."""
    work = model.clone()  # the caller's model is left as it came (objective, assumptions)
    work.clear_objective()
    holds, checked = feasible(work, rules, seed, workers, **parameters)
    if holds:
        return []
    core = set(checked.sufficient_assumptions_for_infeasibility()) or {lit.index for lit in rules}
    kept = [lit for lit in rules if lit.index in core]
    for literal in list(kept):
        trial = [lit for lit in kept if lit is not literal]
        if not feasible(work, trial, seed, workers, **parameters)[0]:
            kept = trial
    return kept
