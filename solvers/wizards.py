"""Wizards & Co.: which ten creatures make the game you want (CP-SAT + simulation), and scoring.

Every player holds the same ten creatures, so a deck is a choice the whole table makes.
`allowed_decks` enumerates, with CP-SAT, every deck a recipe allows (the standard 1–10, the
partially random recipe, any ten for the fully random deck) under the user's include/exclude
wishes; when they contradict the recipe it names the conflicting rules (assumption literals, as
in the OR-Tools sample `assumptions_sample_sat.py`). `study` plays each deck in one seat against
seats holding the baseline deck — an ASYMMETRIC study (the rules give everyone the same deck): it
says which creatures win when only you have them — with Wilson 95% intervals, each creature's
estimated contribution and the games' length. `score_calculator` is the exact end-of-game scoring:
which gems to give up to cursed gems and the best split into sets.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ortools.sat.python import cp_model

from tablekit.core.game import Events, rng_for
from tablekit.core.stats import Estimate, mean_interval, wilson_interval
from tablekit.wizards import engine, heuristic
from tablekit.wizards.cards import COLOURS, components
from tablekit.wizards.scoring import Score, best_sets, cancel, end_of_game, final_score
from tablekit.wizards.setup import (
    PARTIAL_FIXED,
    PARTIAL_RANDOM,
    deck_creatures,
    deck_problems,
    make_config,
)

Recipe = Literal["standard", "partial", "random"]
DECK_SIZE = 10


@dataclass(frozen=True)
class DeckRules:
    """The recipe a deck follows and the user's wishes (creature ids to include or leave out)."""

    recipe: Recipe = "random"
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeckSearch:
    """Every deck the rules allow, or why none is (the conflicting rules)."""

    status: Literal["optimal", "infeasible"]
    decks: tuple[tuple[str, ...], ...]
    conflicts: tuple[str, ...]
    wall_time: float


def standard_deck() -> tuple[str, ...]:
    """Creatures 1 to 10."""
    return tuple(deck_creatures("standard", random.Random()))


def allowed_decks(rules: DeckRules) -> DeckSearch:
    """Enumerate every deck the recipe and wishes allow (CP-SAT, one worker: exact and stable)."""
    start = time.perf_counter()
    pool = [c for c in components().creatures if not c.is_monster]
    model = cp_model.CpModel()
    held = {c.id: model.new_bool_var(f"holds_{c.id}") for c in pool}
    groups: dict[str, cp_model.IntVar] = {}

    def group(name: str) -> cp_model.IntVar:
        literal = groups[name] = model.new_bool_var(name)
        return literal

    # A deck is exactly ten different creatures.
    model.add(sum(held.values()) == DECK_SIZE).only_enforce_if(group("wizards.deck-standard"))
    # The recipe's own constraints.
    if rules.recipe == "standard":
        for creature in standard_deck():
            model.add(held[creature] == 1).only_enforce_if(groups["wizards.deck-standard"])
    elif rules.recipe == "partial":
        recipe = group("wizards.deck-partial")
        for creature in PARTIAL_FIXED:
            model.add(held[creature] == 1).only_enforce_if(recipe)
        for kind, count in PARTIAL_RANDOM.items():
            fixed = sum(1 for c in PARTIAL_FIXED if components().creature(c).type == kind)
            model.add(sum(held[c.id] for c in pool if c.type == kind) == count + fixed
                      ).only_enforce_if(recipe)
    # The user's wishes, one literal each so a conflict can name them.
    for creature in rules.include:
        model.add(held[_known(creature, "include")] == 1).only_enforce_if(group(f"include {creature}"))
    for creature in rules.exclude:
        model.add(held[_known(creature, "exclude")] == 0).only_enforce_if(group(f"exclude {creature}"))
    conflicts = _conflicts(model, list(groups.values()))
    if conflicts:
        return DeckSearch("infeasible", (), conflicts, time.perf_counter() - start)
    for literal in groups.values():
        model.add(literal == 1)
    decks = _enumerate(model, held)
    return DeckSearch("optimal", decks, (), time.perf_counter() - start)


def _known(creature: str, wish: str) -> str:
    """A wished creature id, checked: a ValueError names the wish and the creatures allowed."""
    allowed = [c.id for c in components().creatures if not c.is_monster]
    if creature not in allowed:
        raise ValueError(f"{wish}: {creature!r} is not a creature a deck may hold (monsters come "
                         f"from artefacts); the creatures are {', '.join(allowed)} "
                         "[rule wizards.deck-random]")
    return creature


def _conflicts(model: cp_model.CpModel, literals: list[cp_model.IntVar]) -> tuple[str, ...]:
    """The names of a minimal set of rule groups that cannot hold together ([] when feasible)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    model.add_assumptions(literals)
    if solver.solve(model) != cp_model.INFEASIBLE:
        model.clear_assumptions()
        return ()
    core = [lit for lit in literals if lit.index in set(solver.sufficient_assumptions_for_infeasibility())]
    for literal in list(core):  # deletion filter: keep only what the conflict needs
        trial = [c for c in core if c is not literal]
        model.clear_assumptions()
        model.add_assumptions(trial)
        if solver.solve(model) == cp_model.INFEASIBLE:
            core = trial
    model.clear_assumptions()
    return tuple(lit.name for lit in core)


class _Collector(cp_model.CpSolverSolutionCallback):
    """Keeps every solution's deck."""

    def __init__(self, held: dict[str, cp_model.IntVar]) -> None:
        super().__init__()
        self.held, self.decks = held, []

    def on_solution_callback(self) -> None:
        self.decks.append(tuple(c for c, v in self.held.items() if self.value(v)))


def _enumerate(model: cp_model.CpModel, held: dict[str, cp_model.IntVar]) -> tuple[tuple[str, ...], ...]:
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collector = _Collector(held)
    solver.solve(model, collector)
    return tuple(sorted(collector.decks))


# -- the study ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckResult:
    """How one candidate deck did in its seat against the baseline deck."""

    deck: tuple[str, ...]
    win_rate: Estimate
    length: Estimate  # actions per game
    games: int


@dataclass(frozen=True)
class StudyResult:
    """Candidate decks ranked by win rate, each creature's contribution, and what was run."""

    label: str
    baseline: tuple[str, ...]
    players: int
    results: tuple[DeckResult, ...]
    contributions: dict[str, Estimate]
    wall_time: float


def play_seats(seat_decks: Sequence[Sequence[str]], seed: int | str,
               advanced: bool = False) -> tuple[tuple[int, ...], int]:
    """One game of heuristic players, each seat with its own deck: (winners, actions)."""
    players = len(seat_decks)
    config = make_config(players=players, advanced=advanced)
    rng = rng_for(seed, "wizards-study")
    state = engine.new_state(config, rng, Events(None), [list(d) for d in seat_decks])
    actions = 0
    while (player := engine.to_move(state)) is not None:
        legal = engine.legal_actions(state)
        engine.apply_unchecked(state, heuristic.choose(engine.view(state, player), legal, rng),
                               Events(None))
        actions += 1
    return state.winners, actions


def study(decks: Sequence[Sequence[str]], games: int = 40, seed: int = 0, players: int = 2,
          baseline: Sequence[str] | None = None, advanced: bool = False,
          progress: Callable[[int, int], None] | None = None) -> StudyResult:
    """Each deck plays `games` games in one seat (rotating) against the baseline in the others.

    The same game seeds serve every deck (common random numbers), so differences between decks
    are not differences of luck.
    """
    start = time.perf_counter()
    baseline = tuple(baseline or standard_deck())
    for deck in [baseline, *decks]:
        problems = deck_problems(list(deck), "random")
        if problems:
            raise ValueError(f"deck {list(deck)}: {'; '.join(problems)}")
    results, outcomes = [], []
    for index, deck in enumerate(decks):
        wins, lengths = 0, []
        for game in range(games):
            seat = game % players
            seats = [baseline] * players
            seats[seat] = tuple(deck)
            winners, actions = play_seats(seats, f"{seed}:{game}", advanced)
            won = seat in winners
            wins += won
            lengths.append(actions)
            outcomes.append((tuple(deck), won))
        results.append(DeckResult(tuple(deck), wilson_interval(wins, games), mean_interval(lengths),
                                  games))
        if progress is not None:
            progress(index + 1, len(decks))
    ranked = tuple(sorted(results, key=lambda r: -r.win_rate.mean))
    label = (f"asymmetric study: one seat with the candidate deck, {players - 1} with the "
             f"baseline, {games} games per deck")
    return StudyResult(label, baseline, players, ranked, _contributions(outcomes),
                       time.perf_counter() - start)


def _contributions(outcomes: list[tuple[tuple[str, ...], bool]]) -> dict[str, Estimate]:
    """Win rate with a creature minus without it (per game), with a 95% interval."""
    found = {}
    for creature in sorted({c for deck, _ in outcomes for c in deck}):
        yes = [w for d, w in outcomes if creature in d]
        no = [w for d, w in outcomes if creature not in d]
        if not yes or not no:
            continue
        p1, p0 = sum(yes) / len(yes), sum(no) / len(no)
        half = 1.96 * math.sqrt(p1 * (1 - p1) / len(yes) + p0 * (1 - p0) / len(no))
        found[creature] = Estimate(p1 - p0, p1 - p0 - half, p1 - p0 + half, len(yes) + len(no))
    return found


# -- scoring calculator ------------------------------------------------------------------------
@dataclass(frozen=True)
class ScoreCalc:
    """The exact end-of-game score: what the end-of-game artefacts give (gems taken, cursed gems
    returned), the gems given up to cursed gems, the sets kept, and the lines of the score."""

    taken: dict[str, int]
    returned: int
    given_up: dict[str, int]
    sets: tuple[tuple[str, ...], ...]
    score: Score


def score_calculator(gems: Mapping[str, int], cursed: int, artefacts: Sequence[str] = (),
                     enchantments: int = 0, others_cursed: Sequence[int] = (),
                     effects: bool = True) -> ScoreCalc:
    """Score a player as the engine does (`scoring.final_score`), every choice made the best way.

    `others_cursed`: the other players' cursed gems when scoring starts, after their own
    end-of-game artefacts; `effects=False` scores artefacts for their points only.
    """
    tiles = [_artefact(a) for a in artefacts]
    held, kept = end_of_game(gems, cursed, tiles) if effects else (dict(gems), cursed)
    score = final_score(gems, cursed, tiles, enchantments, others_cursed, effects)
    taken = {c: n - gems.get(c, 0) for c, n in held.items() if n != gems.get(c, 0)}
    left, _ = cancel(held, kept)
    given_up = {c: held[c] - left.get(c, 0) for c in held if held[c] != left.get(c, 0)}
    ordered = {c: left[c] for c in COLOURS if left.get(c)} | {c: n for c, n in left.items()
                                                              if c not in COLOURS and n}
    return ScoreCalc(taken, cursed - kept, given_up, tuple(best_sets(ordered)), score)


def _artefact(artefact: str):
    """An artefact tile by id: a ValueError names the option and the ids allowed."""
    known = sorted(a.id for a in components().artefacts)
    if artefact not in known:
        raise ValueError(f"artefacts: {artefact!r} is not an artefact; the artefacts are "
                         f"{', '.join(known)} [rule wizards.score-artefacts]")
    return components().artefact(artefact)
