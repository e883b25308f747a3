"""What every CP-SAT model of the kit shares: a solver set up the same way, and the minimal set of named rules
that cannot hold together (explaining what can't be had)."""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

TIME_LIMIT = 10.0  # seconds: the kit's models prove optimality well within it


class UndecidedError(RuntimeError):
    """CP-SAT stopped without deciding whether the rules hold (time limit, or an invalid model)."""


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
    """Whether the model holds with these rule literals assumed true (the objective is ignored); UndecidedError
    when CP-SAT cannot tell (only a proven INFEASIBLE counts as not holding)."""
    model.clear_assumptions()
    model.add_assumptions(list(assumed))
    checking = solver(seed, workers, **parameters)
    status = checking.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
        raise UndecidedError(_undecided(model, checking, status))
    return status != cp_model.INFEASIBLE, checking


def _undecided(model: cp_model.CpModel, checking: cp_model.CpSolver, status: int) -> str:
    """Why CP-SAT could not say whether the rules hold, in words."""
    name = checking.status_name(status)
    if status == cp_model.MODEL_INVALID:
        return f"CP-SAT found the model invalid ({name}): {model.validate()}; no conflicting rules can be named"
    return (f"CP-SAT stopped before deciding whether the rules hold ({name}: the time limit of "
            f"{checking.parameters.max_time_in_seconds:g} s ran out); no conflicting rules can be named")


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
