"""Wizards & Co.: which ten creatures make the game you want (CP-SAT + simulation), and scoring.

Every player holds the same ten creatures, so a deck is a choice the whole table makes.
`allowed_decks` enumerates, with CP-SAT, every deck a recipe allows (the standard 1–10, the
partially random recipe, any ten for the fully random deck) under the user's include/exclude
wishes; when they contradict the recipe it names the conflicting rules (`solvers.cpsat`).
`study` compares the recipe's decks with the shared optimiser's pieces (`solvers.optimise`): each
deck plays in one seat (rotating) against seats holding the standard deck — an ASYMMETRIC study
(the rules give everyone the same deck): it says which creatures win when only you have them — in
the game the recipe is for, every seat played by the heuristic bot through `tablekit.core.simulate`.
Every deck meets the same deals on a block (paired); decks surely neither the best nor the worst are
raced out; a ridge regression values each creature; CP-SAT picks the best and worst deck under those
worths; and the best, the worst and the standard deck are re-measured on fresh games the search never
saw. `score_calculator` is the exact end-of-game scoring: which gems to give up to cursed gems and
the best split into sets.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Literal

from ortools.sat.python import cp_model

from solvers.cpsat import minimal_conflict, solver
from solvers.optimise import SEARCH, VERDICT, Budget, Comparison, Ledger, fit_worth, needed_games
from tablekit.core.simulate import simulate
from tablekit.core.stats import Estimate, mean_interval, paired_difference, wilson_interval
from tablekit.wizards.cards import COLOURS, components
from tablekit.wizards.scoring import Score, best_sets, cancel, end_of_game, final_score
from tablekit.wizards.setup import PARTIAL_FIXED, PARTIAL_RANDOM, deck_creatures

Recipe = Literal["standard", "partial", "random"]
DECK_SIZE = 10
WORTH_SCALE = 10_000  # CP-SAT maximises whole numbers: a worth in win rate, in ten-thousandths


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
    model, held, groups = _deck_model(rules)
    conflicts = tuple(lit.name for lit in minimal_conflict(model, list(groups.values())))
    if conflicts:
        return DeckSearch("infeasible", (), conflicts, time.perf_counter() - start)
    for literal in groups.values():
        model.add(literal == 1)
    collector = _Collector(held)
    solver(enumerate_all_solutions=True).solve(model, collector)
    return DeckSearch("optimal", tuple(sorted(collector.decks)), (), time.perf_counter() - start)


def decks_by_worth(rules: DeckRules, worth: Mapping[str, float], avoid: Sequence[Sequence[str]] = (),
                   count: int = 1) -> list[tuple[str, ...]]:
    """Up to `count` decks the recipe allows, best first by the sum of their creatures' worth (CP-SAT),
    none of them in `avoid`."""
    model, held, groups = _deck_model(rules)
    for literal in groups.values():
        model.add(literal == 1)
    # Each deck to avoid (and each one found): a new deck differs from it in at least one creature.
    for deck in avoid:
        model.add(sum(held[c] for c in deck if c in held) <= DECK_SIZE - 1)
    model.maximize(sum(round(worth.get(c, 0.0) * WORTH_SCALE) * v for c, v in held.items()))
    found: list[tuple[str, ...]] = []
    while len(found) < count:
        proving = solver()
        if proving.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        found.append(tuple(c for c, v in held.items() if proving.value(v)))
        model.add(sum(held[c] for c in found[-1]) <= DECK_SIZE - 1)
    return found


def _deck_model(rules: DeckRules) -> tuple[cp_model.CpModel, dict[str, cp_model.IntVar],
                                          dict[str, cp_model.IntVar]]:
    """The recipe and wishes as CP-SAT constraints, each group enforced by its named rule literal."""
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
    return model, held, groups


def _known(creature: str, wish: str) -> str:
    """A wished creature id, checked: a ValueError names the wish and the creatures allowed."""
    allowed = [c.id for c in components().creatures if not c.is_monster]
    if creature not in allowed:
        raise ValueError(f"{wish}: {creature!r} is not a creature a deck may hold (monsters come "
                         f"from artefacts); the creatures are {', '.join(allowed)} "
                         "[rule wizards.deck-random]")
    return creature


class _Collector(cp_model.CpSolverSolutionCallback):
    """Keeps every solution's deck."""

    def __init__(self, held: dict[str, cp_model.IntVar]) -> None:
        super().__init__()
        self.held, self.decks = held, []

    def on_solution_callback(self) -> None:
        self.decks.append(tuple(c for c, v in self.held.items() if self.value(v)))


# -- the study ---------------------------------------------------------------------------------
VARIANT = {"standard": False, "partial": True, "random": True}  # recipe -> the advanced game?
AGENT = "heuristic"  # who plays every seat: the kit's rule-of-thumb bot (tablekit.wizards.heuristic)
# about a minute each on 2 shared cores (a 4-player game takes about 3 times a 2-player one)
STUDY_BUDGET = {2: Budget(search_games=1_920, block=24, verdict_games=500),
                3: Budget(search_games=1_200, block=24, verdict_games=360),
                4: Budget(search_games=720, block=24, verdict_games=240)}
SMALLEST_GAP = 0.02  # the smallest difference in win rate worth knowing, when none is seen


class DeckStudy:
    """One recipe's decks as the optimiser's `Problem`: a candidate deck in one seat (rotating) against the
    standard deck in the others, every game played by `AGENT` through `tablekit.core.simulate`."""

    def __init__(self, rules: DeckRules, players: int = 2, advanced: bool | None = None,
                 executor: Executor | str | None = None) -> None:
        found = allowed_decks(rules)
        if found.status == "infeasible":
            raise ValueError(f"no deck follows the recipe and the wishes: {', '.join(found.conflicts)} "
                             "cannot all hold")
        self.rules, self.players, self.executor = rules, players, executor
        self.advanced = VARIANT[rules.recipe] if advanced is None else advanced
        self.decks = found.decks
        self.standard = standard_deck()
        self.varying = sorted({c for d in self.decks for c in d} - set.intersection(*map(set, self.decks)))
        self.lengths: dict[tuple[str, ...], dict[str, list[int]]] = {}  # actions per game, by deck and block

    def baselines(self) -> dict[str, tuple[str, ...]]:
        """The standard deck: what the table plays without a study."""
        return {"standard deck": self.standard}

    def features(self, candidate: tuple[str, ...]) -> dict[str, float]:
        """The creatures that vary between the recipe's decks, held or not."""
        return {c: 1.0 for c in candidate if c in self.varying}

    def explore(self, around: tuple[str, ...], rng: random.Random, count: int) -> list[tuple[str, ...]]:
        """Decks the recipe allows that swap one creature of `around`, at random."""
        near = [d for d in self.decks if len(set(d) - set(around)) == 1]
        return rng.sample(near, min(count, len(near)))

    def best(self, worth: Mapping[str, float], avoid: Sequence[tuple[str, ...]],
             count: int) -> list[tuple[str, ...]]:
        """The recipe's best decks by the creatures' fitted worth (CP-SAT)."""
        return decks_by_worth(self.rules, worth, avoid, count)

    def play(self, candidate: tuple[str, ...], block: str, games: int) -> list[float]:
        """The candidate seat's wins on the block's deals: seat s plays the games seeded f"{block}/seat{s}/i"."""
        won: list[float] = []
        for seat in range(self.players):
            share = games // self.players + (seat < games % self.players)
            if share:
                records = simulate("wizards", share, seed=f"{block}/seat{seat}", agents=(AGENT,),
                                   config=self.config(candidate, seat), executor=self.executor,
                                   progress=False).records
                won += [1.0 / len(r.winners) if seat in r.winners else 0.0 for r in records]
                self.lengths.setdefault(candidate, {}).setdefault(block, []).extend(r.actions for r in records)
        return won

    def config(self, candidate: tuple[str, ...], seat: int) -> dict[str, object]:
        """The game's options with the candidate in `seat` and the standard deck in the others."""
        seats = [self.standard] * self.players
        seats[seat] = tuple(candidate)
        return {"players": self.players, "advanced": self.advanced, "seat_decks": tuple(seats)}

    def setting(self) -> str:
        """Who played which game, in words."""
        game = "advanced game" if self.advanced else "basic game"
        others = "the other seat holds" if self.players == 2 else f"the other {self.players - 1} seats hold"
        return (f"the {game} at {self.players} players; one seat (each in turn) holds the candidate deck and "
                f"{others} the standard deck (an asymmetric study: the rules give everyone the same deck); "
                f"every seat is played by the kit's {AGENT} bot")


@dataclass(frozen=True)
class DeckResult:
    """How one candidate deck did in its seat against the standard deck, in the search."""

    deck: tuple[str, ...]
    win_rate: Estimate
    length: Estimate  # actions per game
    games: int
    raced_out: bool  # dropped in the search: surely neither the best nor the worst


@dataclass(frozen=True)
class StudyResult:
    """The recipe's decks ranked, each creature's worth, and the best and worst re-measured on fresh games."""

    recipe: str
    players: int
    advanced: bool
    setting: str
    baseline: tuple[str, ...]
    results: tuple[DeckResult, ...]  # search games, best first
    worth: dict[str, Estimate]  # each varying creature's fitted worth (ridge regression) in win rate
    best: tuple[str, ...]
    worst: tuple[str, ...]
    held_out: dict[str, Estimate]  # "best", "worst", "standard": win rates on fresh games
    versus_worst: Comparison  # best minus worst, paired, on fresh games
    versus_standard: Comparison | None  # best minus the standard deck (None when the best is the standard)
    separated: bool  # the best's and worst's fresh intervals do not overlap
    needed: int | None  # games per deck for intervals that would separate the gap seen (when not separated)
    answer: tuple[str, ...]  # the best deck when shown better than the standard deck, else the standard deck
    message: str
    search_seeds: tuple[str, ...]
    verdict_seeds: tuple[str, ...]
    search_games: int
    wall_time: float = field(compare=False)

    @property
    def label(self) -> str:
        """What was run, in one line."""
        return f"asymmetric study, {self.recipe} recipe: {self.setting}"


def study(recipe: Recipe = "partial", players: int = 2, budget: Budget | None = None, seed: int | str = 0,
          include: Sequence[str] = (), exclude: Sequence[str] = (), advanced: bool | None = None,
          executor: Executor | str | None = None,
          progress: Callable[[int, int], None] | None = None) -> StudyResult:
    """Race the recipe's decks on paired games, value each creature, and re-measure the best and the worst
    (and the standard deck) on fresh games the search never saw.

    `advanced=None` plays the game the recipe is for (the standard deck in the basic game, the others in the
    advanced game). `budget`: search games, games per block, fresh games per deck (`STUDY_BUDGET` by default).
    """
    start = time.perf_counter()
    budget = budget or STUDY_BUDGET[players]
    problem = DeckStudy(DeckRules(recipe, tuple(include), tuple(exclude)), players, advanced, executor)
    ledger: Ledger[tuple[str, ...]] = Ledger(problem)
    total = budget.search_games + 3 * budget.verdict_games
    tick = progress or (lambda done, of: None)
    alive, searched, block = list(problem.decks), [], _block(budget, len(problem.decks), players)
    while len(alive) > 1 and ledger.played + block * len(alive) <= budget.search_games:
        searched.append(f"{SEARCH}:{seed}:{len(searched)}")
        for deck in alive:
            ledger.play(deck, searched[-1], block)
        tick(ledger.played, total)
        alive = _race_both_ends(ledger, alive)
    worth = fit_worth(problem, ledger) if len(problem.decks) > 1 and searched else {}
    best, worst = _ends(problem, ledger, alive, worth)
    block = f"{VERDICT}:{seed}"
    verdict = _verdict(problem, best, worst, block, budget.verdict_games,
                       lambda done: tick(ledger.played + done, total))
    tick(total, total)
    return _result(problem, ledger, alive, worth, (best, worst), verdict, (tuple(searched), (block,)),
                   time.perf_counter() - start)


def _block(budget: Budget, decks: int, players: int) -> int:
    """Games per deck per round: the budget's block, lowered (to a multiple of the players) so that the
    search holds two rounds of every deck; a ValueError when it cannot hold one."""
    if decks > 1 and budget.search_games < players * decks:
        raise ValueError(f"a search of {budget.search_games} games cannot play {decks} decks once in each "
                         f"of {players} seats; raise search_games to at least {players * decks}")
    fitted = budget.search_games // (2 * decks) // players * players
    return max(players, min(budget.block, fitted))


def _race_both_ends(ledger: Ledger, alive: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Keep the decks that may still be the best or the worst: drop one whose paired difference is surely
    below the leader's and surely above the trailer's."""
    leader = max(alive, key=lambda d: ledger.mean(d).mean)
    trailer = min(alive, key=lambda d: ledger.mean(d).mean)
    kept = []
    for deck in alive:
        below = deck != leader and _difference(ledger, deck, leader).high < 0
        above = deck != trailer and _difference(ledger, deck, trailer).low > 0
        if not (below and above):
            kept.append(deck)
    return kept


def _difference(ledger: Ledger, deck: tuple[str, ...], other: tuple[str, ...]) -> Estimate:
    """The paired difference of two decks over the blocks both played."""
    mine, theirs = ledger.shared(deck, other)
    return paired_difference(mine, theirs) if len(mine) > 1 else Estimate(0.0, -1.0, 1.0, len(mine))


def _ends(problem: DeckStudy, ledger: Ledger, alive: list[tuple[str, ...]],
          worth: Mapping[str, Estimate]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The best and the worst deck among those still racing, by the creatures' fitted worth (CP-SAT over
    the recipe; the model pools every game, so one lucky block does not pick the deck)."""
    if len(alive) == 1:
        return alive[0], alive[0]
    dropped = [d for d in problem.decks if d not in alive]
    means = {c: e.mean for c, e in worth.items()}
    best = (problem.best(means, dropped, 1) or [max(alive, key=lambda d: ledger.mean(d).mean)])[0]
    worst = (problem.best({c: -m for c, m in means.items()}, [*dropped, best], 1)
             or [min(alive, key=lambda d: ledger.mean(d).mean)])[0]
    return best, worst


def _verdict(problem: DeckStudy, best: tuple[str, ...], worst: tuple[str, ...], block: str, games: int,
             tick: Callable[[int], None]) -> dict[str, list[float]]:
    """The best, the worst and the standard deck on one fresh block: the same deals for all three."""
    played: dict[tuple[str, ...], list[float]] = {}
    for deck in (best, worst, problem.standard):
        if deck not in played:
            played[deck] = problem.play(deck, block, games)
            tick(games * len(played))
    return {"best": played[best], "worst": played[worst], "standard": played[problem.standard]}


def _result(problem: DeckStudy, ledger: Ledger, alive: list[tuple[str, ...]], worth: dict[str, Estimate],
            ends: tuple[tuple[str, ...], tuple[str, ...]], verdict: dict[str, list[float]],
            seeds: tuple[tuple[str, ...], tuple[str, ...]], wall_time: float) -> StudyResult:
    """The study's answer, its evidence and its sentences."""
    best, worst = ends
    fresh = {arm: wilson_interval(round(sum(games)), len(games)) for arm, games in verdict.items()}
    versus_worst = Comparison("the worst deck", fresh["best"], fresh["worst"],
                              paired_difference(verdict["best"], verdict["worst"]))
    versus_standard = None if best == problem.standard else Comparison(
        "the standard deck", fresh["best"], fresh["standard"],
        paired_difference(verdict["best"], verdict["standard"]))
    separated = best != worst and fresh["best"].low > fresh["worst"].high
    needed = None if separated else _needed(fresh["best"], fresh["worst"])
    answer = best if versus_standard is not None and versus_standard.better else problem.standard
    rows = tuple(sorted((_row(problem, ledger, d, d not in alive) for d in ledger.results),
                        key=lambda r: -r.win_rate.mean))
    return StudyResult(problem.rules.recipe, problem.players, problem.advanced, problem.setting(),
                       problem.standard, rows, worth, best, worst, fresh, versus_worst, versus_standard,
                       separated, needed, answer,
                       _message(problem, ends, versus_worst, versus_standard, needed),
                       seeds[0], seeds[1], ledger.played, wall_time)


def _row(problem: DeckStudy, ledger: Ledger, deck: tuple[str, ...], raced_out: bool) -> DeckResult:
    """One deck's search games: win rate (Wilson 95%), length, games."""
    games = [r for block in ledger.results[deck].values() for r in block]
    lengths = [n for block in ledger.results[deck] for n in problem.lengths[deck][block]]
    return DeckResult(deck, wilson_interval(round(sum(games)), len(games)),
                      mean_interval(lengths), len(games), raced_out)


def _needed(best: Estimate, worst: Estimate) -> int:
    """Games per deck for 95% intervals that would not overlap, were the gap seen (at least
    `SMALLEST_GAP`) the true one: each interval's half-width below half the gap."""
    gap = max(best.mean - worst.mean, SMALLEST_GAP)
    rate = (best.mean + worst.mean) / 2
    return needed_games(gap / 2, math.sqrt(max(rate * (1 - rate), 0.01)))


def _message(problem: DeckStudy, ends: tuple[tuple[str, ...], tuple[str, ...]], versus_worst: Comparison,
             versus_standard: Comparison | None, needed: int | None) -> str:
    """What the study found, in plain sentences."""
    best, worst = (deck_name(d, problem.standard) for d in ends)
    d = versus_worst.difference
    gap = (f"the best deck ({best}) wins {versus_worst.answer.mean:.3f} [{versus_worst.answer.low:.3f}, "
           f"{versus_worst.answer.high:.3f}], the worst ({worst}) {versus_worst.against.mean:.3f} "
           f"[{versus_worst.against.low:.3f}, {versus_worst.against.high:.3f}]; paired difference "
           f"{d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}], n={d.n} fresh games each")
    if ends[0] == ends[1]:
        lines = [f"The recipe allows one deck ({best}); there is nothing to compare."]
    elif needed is None:
        lines = [f"The best deck is separated from the worst on fresh games: {gap}."]
    else:
        lines = [f"No deck was shown to differ from another: {gap}; the intervals overlap. Intervals that "
                 f"separate a gap of {max(versus_worst.answer.mean - versus_worst.against.mean, SMALLEST_GAP):.3f}"
                 f" would need about {needed:,} games per deck."]
    if versus_standard is None:
        lines.append("The best deck is the standard deck.")
    elif versus_standard.better:
        lines.append(f"The best deck beats the standard deck on fresh games: {versus_standard}.")
    else:
        lines.append(f"No deck was shown better than the standard deck ({versus_standard}); "
                     "the standard deck is the answer.")
    return " ".join(lines)


def deck_name(deck: Sequence[str], baseline: Sequence[str]) -> str:
    """A deck named by what it changes from the baseline (creature names)."""
    name = {c.id: c.name for c in components().creatures}
    added = [name[c] for c in deck if c not in baseline]
    dropped = [name[c] for c in baseline if c not in deck]
    if not added and not dropped:
        return "the standard deck"
    return "+" + ", +".join(added) + (" / −" + ", −".join(dropped) if dropped else "")


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
