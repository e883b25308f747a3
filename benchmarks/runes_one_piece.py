"""Runes of Wyrd: a one-piece CP-SAT model of the deck builder's problem, for comparison.

`solvers.runes.build_deck` splits the problem (ordering by exact enumeration per set of goal
cards, then CP-SAT chooses the 20 cards). This module states the same problem as **one** CP-SAT
model — cards, Chapters, Threads of Fate, Initiative and the goal probabilities together — and
the comparison below solves both on the same collections with the same time limit.

What the one-piece model holds (same objective as the builder: card values + synergy + weighted
goal probabilities, all scaled by `SCALE` and rounded to integers):

- copies of every usable card per Chapter (no card is set aside beforehand);
- the rules: 20 cards, copy/owned/unique caps, the cumulative rarity limits, 4 Chapters of 5;
- per Chapter place: an Initiative −3..+3, Threads of Fate between places (B at 0, a place in
  at most one Thread), all paid from the Wyrd Points;
- the place of each goal card (only goal cards get places: no other card's place can change
  the objective, which the model would otherwise have to discover through symmetry);
- the goal probabilities linearised by tables of exact values (the piecewise integrals of
  `tablekit.runes.odds` / `solvers.runes_order`, rounded to 1e-6 × weight): for a "first" goal, (own Initiative, how many other blocks hold each Initiative) -> P(first); for a
  "before" goal in one Chapter, (A's block Initiative, B's block Initiative) -> P(before).

Run: .venv/bin/python benchmarks/runes_one_piece.py [sizes...] [--time-limit=10]
(prints figures, asserts nothing; with 2 workers and a time limit the one-piece figures vary a
little from run to run)
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ortools.sat.python import cp_model

from solvers.runes import LP_SUBSOLVERS, Goal, build_deck, presence, synergy_terms
from solvers.runes import _usable as usable_copies
from solvers.runes_order import INITIATIVES, first_chance
from tablekit.runes import Card, PrepOptions, precedence_probability
from tablekit.runes.deck import DECK_SIZE, RARITY_LIMITS
from tablekit.runes.preparation import CHAPTER_SIZE, CHAPTERS, INITIATIVE_COSTS

SCALE = 10**6
Var = cp_model.IntVar
Slot = tuple[int, int]
STATUS = {cp_model.OPTIMAL: "optimal", cp_model.FEASIBLE: "feasible",
          cp_model.INFEASIBLE: "infeasible", cp_model.UNKNOWN: "unknown",
          cp_model.MODEL_INVALID: "invalid"}


@dataclass(frozen=True)
class OnePieceResult:
    """Status, objective (value units, None without a solution), bound, and times."""

    status: str
    objective: float | None
    bound: float
    solve_time: float
    wall_time: float
    variables: int


def one_piece_build(collection: Mapping[Card, int], values: Mapping[str, float], *,
                    goals: Sequence[Goal] = (),
                    synergy: Mapping[tuple[str, str], float] | None = None,
                    options: PrepOptions | None = None, time_limit: float = 10.0,
                    seed: int = 0, workers: int = 2, builder_parameters: bool = False
                    ) -> OnePieceResult:
    """Build and solve the one-piece model; the objective is in the builder's value units.

    `builder_parameters` gives CP-SAT the settings the decomposed builder uses (full LP
    relaxation, LP-based workers) instead of CP-SAT's defaults.
    """
    started = time.perf_counter()
    options = options or PrepOptions()
    usable = {c: n for c, n in usable_copies(collection, []).items() if n > 0}
    model = cp_model.CpModel()
    chapters = range(CHAPTERS)
    # Chapters: copies of each card in each Chapter; every Chapter holds exactly five.
    in_chapter = {(c.id, ch): model.new_int_var(0, usable[c], f"x[{c.id},{ch}]")
                  for c in usable for ch in chapters}
    copies = {c.id: model.new_int_var(0, usable[c], f"copies[{c.id}]") for c in usable}
    for c in usable:
        model.add(copies[c.id] == sum(in_chapter[(c.id, ch)] for ch in chapters))
    for ch in chapters:
        model.add(sum(in_chapter[(c.id, ch)] for c in usable) == CHAPTER_SIZE)
    # Build: twenty cards, the cumulative rarity limits, one card per unique property.
    model.add(sum(copies.values()) == DECK_SIZE)
    for _, rarities, limit, _ in RARITY_LIMITS:
        model.add(sum(copies[c.id] for c in usable if c.rarity in rarities) <= limit)
    groups: dict[str, list[str]] = {}
    for c in usable:
        if c.unique is not None:
            groups.setdefault(c.unique, []).append(c.id)
    for members in groups.values():
        if len(members) > 1:
            model.add(sum(copies[m] for m in members) <= 1)
    # Presence: a card counts for synergy and goals when at least one copy is in.
    pairs = {tuple(sorted(p)): b for p, b in (synergy or {}).items()}
    goal_cards = sorted({c for g in goals for c in g.cards if c in copies})
    fixed_zero = model.new_int_var(0, 0, "copies[not usable]")
    present = presence(model, {cid: copies.get(cid, fixed_zero)
                               for cid in sorted({c for p in pairs for c in p} | set(goal_cards))})
    terms = [round(values.get(cid, 0) * SCALE) * v for cid, v in copies.items()]
    terms += synergy_terms(model, present, {p: round(b * SCALE) for p, b in pairs.items()})
    if goals:
        terms += _order_part(model, goals, goal_cards, present, in_chapter, options)
    model.maximize(sum(terms))
    solver = cp_model.CpSolver()
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    if builder_parameters:
        solver.parameters.linearization_level = 2
        solver.parameters.subsolvers.extend(LP_SUBSOLVERS[:workers])
    status = solver.solve(model)
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return OnePieceResult(STATUS[status], solver.objective_value / SCALE if found else None,
                          solver.best_objective_bound / SCALE, solver.wall_time,
                          time.perf_counter() - started, len(model.proto.variables))


def _order_part(model: cp_model.CpModel, goals: Sequence[Goal], goal_cards: list[str],
                present: Mapping[str, Var], in_chapter: Mapping[tuple[str, int], Var],
                options: PrepOptions) -> list[Var]:
    """Initiative, Threads, Wyrd Points, goal-card places and the goal terms of the objective."""
    chapters, places = range(CHAPTERS), range(CHAPTER_SIZE)
    slots = [(ch, p) for ch in chapters for p in places]
    # Initiative: one value per place, chosen through a one-hot so its cost is linear.
    level = {(s, v): model.new_bool_var(f"init[{s},{v}]") for s in slots for v in INITIATIVES}
    init = {s: model.new_int_var(-3, 3, f"init[{s}]") for s in slots}
    for s in slots:
        model.add_exactly_one(level[(s, v)] for v in INITIATIVES)
        model.add(init[s] == sum(v * level[(s, v)] for v in INITIATIVES))
    # Threads of Fate: A at place p, B at place q of the same Chapter; a place in one Thread.
    thread = {(ch, p, q): model.new_bool_var(f"thread[{ch},{p}->{q}]")
              for ch in chapters for p in places for q in places if p != q}
    head, block_init = {}, {}
    for ch, p in slots:
        model.add(sum(thread[(ch, p, q)] + thread[(ch, q, p)] for q in places if q != p) <= 1)
        head[(ch, p)] = model.new_bool_var(f"head[{ch},{p}]")
        model.add(head[(ch, p)] == 1 - sum(thread[(ch, q, p)] for q in places if q != p))
        # card B's Initiative is 0 and never counts; the block moves with A's Initiative
        block_init[(ch, p)] = model.new_int_var(-3, 3, f"block_init[{ch},{p}]")
        model.add(block_init[(ch, p)] == init[(ch, p)]).only_enforce_if(head[(ch, p)])
        model.add(init[(ch, p)] == 0).only_enforce_if(head[(ch, p)].Not())
        for q in places:
            if q != p:
                model.add(block_init[(ch, p)] == init[(ch, q)]).only_enforce_if(
                    thread[(ch, q, p)])
    # Wyrd Points: Initiative by its size plus the price of each Thread.
    model.add(sum(INITIATIVE_COSTS[abs(v)] * level[(s, v)] for s in slots for v in INITIATIVES)
              + options.thread_cost * sum(thread.values()) <= options.wyrd_points)
    # Goal cards: a present goal card has one place, in a Chapter holding a copy of it.
    at = {(cid, s): model.new_bool_var(f"at[{cid},{s}]") for cid in goal_cards for s in slots}
    for cid in goal_cards:
        model.add(sum(at[(cid, s)] for s in slots) == present[cid])
        for ch, p in slots:
            model.add(in_chapter[(cid, ch)] >= 1).only_enforce_if(at[(cid, (ch, p))])
    for s in slots:
        model.add(sum(at[(cid, s)] for cid in goal_cards) <= 1)
    # Heads per Initiative in each Chapter (what a "first" goal's odds depend on).
    head_level = {}
    for s in slots:
        for v in INITIATIVES:
            both = head_level[(s, v)] = model.new_bool_var(f"head_level[{s},{v}]")
            model.add_bool_and([head[s], level[(s, v)]]).only_enforce_if(both)
            model.add_bool_or([head[s].Not(), level[(s, v)].Not(), both])
    terms = []
    for i, goal in enumerate(goals):
        if any(cid not in goal_cards for cid in goal.cards):
            continue  # a goal on a card that cannot be in the deck is worth 0
        scale = round(goal.weight * SCALE)  # the goal's weight, in objective units
        if goal.kind == "first":
            terms.append(_first_goal(model, i, goal, scale, slots, at, head, init, head_level,
                                     present))
        else:
            terms.append(_before_goal(model, i, goal, scale, slots, at, thread, block_init,
                                      present))
    return terms


def _first_goal(model: cp_model.CpModel, i: int, goal: Goal, scale: int, slots: list[Slot],
                at: Mapping[tuple[str, Slot], Var], head: Mapping[Slot, Var],
                init: Mapping[Slot, Var], head_level: Mapping[tuple[Slot, int], Var],
                present: Mapping[str, Var]) -> Var:
    """weight × P(goal card leads its Chapter), from a table of exact values."""
    own = model.new_int_var(-3, 3, f"g{i}.own")
    others = [model.new_int_var(0, CHAPTER_SIZE - 1, f"g{i}.others[{v}]") for v in INITIATIVES]
    leads = model.new_bool_var(f"g{i}.leads")  # present and the head of its block
    model.add_implication(leads, present[goal.card])
    for s in slots:
        here = at[(goal.card, s)]
        model.add(own == init[s]).only_enforce_if(here)
        model.add_bool_or([here.Not(), leads.Not(), head[s]])
        chapter = [t for t in slots if t[0] == s[0]]
        for j, v in enumerate(INITIATIVES):
            model.add(others[j] == sum(head_level[(t, v)] for t in chapter)
                      - head_level[(s, v)]).only_enforce_if([here, leads])
    odds = model.new_int_var(0, scale, f"g{i}.odds")
    model.add_allowed_assignments([own, *others, odds], _first_table(scale))
    value = model.new_int_var(0, scale, f"g{i}.value")
    model.add(value <= odds)
    model.add(value == 0).only_enforce_if(leads.Not())
    return value


def _before_goal(model: cp_model.CpModel, i: int, goal: Goal, scale: int, slots: list[Slot],
                 at: Mapping[tuple[str, Slot], Var], thread: Mapping[tuple[int, int, int], Var],
                 block_init: Mapping[Slot, Var], present: Mapping[str, Var]) -> Var:
    """weight × P(card before other): by Chapter, by Thread, or from a table of exact values."""
    x, y = goal.card, goal.other
    ch_x = model.new_int_var(0, CHAPTERS - 1, f"g{i}.ch_x")
    ch_y = model.new_int_var(0, CHAPTERS - 1, f"g{i}.ch_y")
    b_x = model.new_int_var(-3, 3, f"g{i}.b_x")
    b_y = model.new_int_var(-3, 3, f"g{i}.b_y")
    x_then_y = model.new_bool_var(f"g{i}.thread_xy")
    y_then_x = model.new_bool_var(f"g{i}.thread_yx")
    for s in slots:
        model.add(ch_x == s[0]).only_enforce_if(at[(x, s)])
        model.add(ch_y == s[0]).only_enforce_if(at[(y, s)])
        model.add(b_x == block_init[s]).only_enforce_if(at[(x, s)])
        model.add(b_y == block_init[s]).only_enforce_if(at[(y, s)])
    linked_xy, linked_yx = [], []
    for (ch, p), (ch2, q) in itertools.product(slots, slots):
        if ch == ch2 and p != q:
            both = model.new_bool_var(f"g{i}.pair[{ch},{p},{q}]")
            model.add_bool_and([at[(x, (ch, p))], at[(y, (ch, q))]]).only_enforce_if(both)
            model.add_bool_or([at[(x, (ch, p))].Not(), at[(y, (ch, q))].Not(), both])
            for target, a, b in ((linked_xy, p, q), (linked_yx, q, p)):
                tied = model.new_bool_var(f"g{i}.tied[{ch},{a},{b}]")
                model.add_bool_and([both, thread[(ch, a, b)]]).only_enforce_if(tied)
                model.add_bool_or([both.Not(), thread[(ch, a, b)].Not(), tied])
                target.append(tied)
    model.add(x_then_y == sum(linked_xy))
    model.add(y_then_x == sum(linked_yx))
    odds = model.new_int_var(0, scale, f"g{i}.odds")
    model.add_allowed_assignments([b_x, b_y, odds], _before_table(scale))
    earlier = model.new_bool_var(f"g{i}.earlier")
    same = model.new_bool_var(f"g{i}.same")
    model.add(ch_x < ch_y).only_enforce_if(earlier)
    model.add(ch_x == ch_y).only_enforce_if(same)
    value = model.new_int_var(0, scale, f"g{i}.value")
    both_in = model.new_bool_var(f"g{i}.both_in")
    model.add_bool_and([present[x], present[y]]).only_enforce_if(both_in)
    model.add(value == 0).only_enforce_if(both_in.Not())
    # value: 1 by an earlier Chapter or a Thread x->y; the table's odds in one Chapter apart
    model.add(value <= scale * earlier + scale * x_then_y + odds)
    model.add(value <= scale * (1 - y_then_x))
    model.add(value <= scale * (earlier + same))
    model.add(value <= odds).only_enforce_if([same, x_then_y.Not()])
    return value


@cache
def _first_table(scale: int) -> list[tuple[int, ...]]:
    """(own Initiative, other blocks per Initiative -3..+3, scale × exact P(first))."""
    rows = []
    for own in INITIATIVES:
        for n in range(CHAPTER_SIZE):
            for others in itertools.combinations_with_replacement(INITIATIVES, n):
                counts = [others.count(v) for v in INITIATIVES]
                odds = first_chance(own, others)  # equal to the exact fraction within 1e-12
                rows.append((own, *counts, round(odds * scale)))
    return rows


@cache
def _before_table(scale: int) -> list[tuple[int, int, int]]:
    """(block Initiative of x, of y, scale × exact P(x's block before y's))."""
    return [(a, b, round(precedence_probability(a, b) * scale))
            for a in INITIATIVES for b in INITIATIVES]


def compare(sizes: Sequence[int], seed: int = 1, workers: int = 2, time_limit: float = 10.0
            ) -> None:
    """Print the one-piece model beside the decomposed builder on the benchmark collections."""
    from runes_builder import scenario

    print(f"{'cards':>6}  {'model':<11} {'status':<9} {'objective':>11} {'bound':>11} "
          f"{'solve s':>8} {'end-to-end s':>12}")
    for size in sizes:
        collection, values, goals, synergy = scenario(size, seed)
        started = time.perf_counter()
        split = build_deck(collection, values, goals=goals, synergy=synergy, seed=0,
                           workers=workers, time_limit=time_limit)
        wall = time.perf_counter() - started
        print(f"{size:>6}  {'decomposed':<11} {split.status:<9} {float(split.objective):>11.3f} "
              f"{'':>11} {split.solve_time:>8.3f} {wall:>12.3f}")
        for label, tuned in (("one-piece", False), ("one-piece*", True)):
            whole = one_piece_build(collection, values, goals=goals, synergy=synergy, seed=0,
                                    workers=workers, time_limit=time_limit,
                                    builder_parameters=tuned)
            objective = f"{whole.objective:.3f}" if whole.objective is not None else "-"
            print(f"{size:>6}  {label:<11} {whole.status:<9} {objective:>11} "
                  f"{whole.bound:>11.3f} {whole.solve_time:>8.3f} {whole.wall_time:>12.3f}"
                  f"  ({whole.variables} variables)")
    print("one-piece: CP-SAT defaults; one-piece*: the decomposed builder's CP-SAT settings "
          f"(linearization_level 2, LP workers); {workers} workers, {time_limit:g} s limit")


if __name__ == "__main__":
    limit = next((float(a.split("=")[1]) for a in sys.argv[1:] if a.startswith("--time-limit=")),
                 10.0)
    compare([int(a) for a in sys.argv[1:] if a.isdigit()] or [1000, 5000], time_limit=limit)
