"""One simulation-guided optimiser for every deck or plan whose worth has to come from simulated games.

The loop, the same for every game (a game says only what a candidate is, through `Problem`):

1. **Explore**: the baselines and random legal candidates around them meet the same block of games (paired).
2. **Fit**: a ridge regression of each game's result on the candidate's features (what cards, inscriptions or
   choices it holds) gives every feature a worth with its standard error.
3. **Propose**: CP-SAT (the game's `Problem.best`) maximises that worth under the game's real constraints.
4. **Race**: the live candidates meet new shared blocks; one whose paired difference to the leader has its upper
   95% bound below 0 is dropped. Refit around the survivors and propose again while the budget lasts.
   With `Budget.sweep`, every round also races that many random neighbours of the leader, and the field is then
   cut to the `sweep` candidates adding most to the deals they met (a successive-halving race): where worth lies
   in how cards work together more than in any card alone, the model's proposals miss what one swap finds.
   With `Budget.restarts`, steps 1–4 run that many times on their own seed streams, and the restarts' answers
   then race on shared blocks (a search ends in one of several local optima; the best of a few is steadier).
5. **Verdict**: the leader meets every baseline on one fresh block whose seeds the search never used: the same
   deals for every arm, the leader's games played once and paired with each baseline's. Only a leader whose
   paired difference to every baseline has its lower 95% bound above 0 is returned; otherwise the result says plainly that nothing was shown better, and returns the first baseline.
   A leader that is itself a baseline meets the other baselines only; shown better, it is returned as that
   baseline (`Result.baseline` names it, and the message says which baselines it beats, not that it beats all).

Every game's result is a number (a win is 1, a loss 0, or a score); all randomness comes from `seed`, and the
games are played by the `Problem`, which goes through `tablekit.core.simulate` with any executor.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Generic, Protocol, TypeVar

import numpy as np

from tablekit.core.errors import ConfigError
from tablekit.core.stats import Estimate, mean_interval, paired_difference

C = TypeVar("C", bound=Hashable)
Progress = Callable[[int, int], None]
SEARCH, VERDICT = "search", "verdict"  # the two seed streams: no verdict game is ever a search game
FINAL_SHARE = 0.2  # with restarts, the share of the search games kept for racing the restarts' answers


class Problem(Protocol[C]):
    """What the optimiser needs to know of one game's deck or plan."""

    def baselines(self) -> Mapping[str, C]:
        """What the user would otherwise play, by name; the first is returned when nothing is shown better."""

    def features(self, candidate: C) -> Mapping[str, float]:
        """The candidate as named numbers (a card's copies, an inscription held): what the model values."""

    def explore(self, around: C, rng: random.Random, count: int) -> list[C]:
        """Up to `count` legal candidates near `around` (random swaps within the game's constraints)."""

    def best(self, worth: Mapping[str, float], avoid: Sequence[C], count: int) -> list[C]:
        """Up to `count` legal candidates, best first by `worth`, none of them in `avoid` (CP-SAT)."""

    def play(self, candidate: C, block: str, games: int) -> list[float]:
        """Each game's result for `candidate` on the block of games seeded `block` (the same deals for everyone)."""


@dataclass(frozen=True)
class Budget:
    """How many games the search may play, and how many each verdict comparison takes."""

    search_games: int = 4_000
    block: int = 40  # games per candidate per round: the unit of pairing
    explore: int = 12  # random candidates to start the model with
    proposals: int = 4  # candidates CP-SAT proposes per round
    verdict_games: int = 1_000  # fresh games per verdict comparison
    sweep: int = 0  # neighbours of the leader raced every round; the field is then cut to its best `sweep`
    restarts: int = 1  # independent searches (own seeds, own blocks) whose answers then race on shared blocks

    def __post_init__(self) -> None:
        for name in ("search_games", "block", "explore", "proposals", "verdict_games", "sweep", "restarts"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (name != "sweep"):
                raise ConfigError(f"budget {name} must be a whole number of at least {int(name != 'sweep')}; "
                                  f"got {value!r}")
        if self.search_games < self.block * 2:
            raise ConfigError(f"a search of {self.search_games} games cannot pair two candidates on blocks of "
                              f"{self.block}; raise search_games or lower block")


@dataclass(frozen=True)
class Comparison:
    """The answer against one baseline, on games the search never saw: a paired difference with its interval."""

    baseline: str
    answer: Estimate
    against: Estimate
    difference: Estimate

    @property
    def better(self) -> bool:
        """Shown better: the difference's lower 95% bound is above 0."""
        return self.difference.low > 0

    def __str__(self) -> str:
        d = self.difference
        return (f"{d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}] against {self.baseline} "
                f"({self.answer.mean:.3f} vs {self.against.mean:.3f}, n={d.n} paired games)")


@dataclass(frozen=True)
class Result(Generic[C]):
    """The optimiser's answer, the evidence for it and what it learned."""

    answer: C
    leader: C  # the search's best candidate (the answer only if the verdict shows it better)
    shown_better: bool  # the leader beat every baseline it is not on fresh games (it may be a baseline itself)
    verdicts: tuple[Comparison, ...]
    worth: Mapping[str, Estimate]  # each feature's fitted worth with its 95% interval
    search_games: int
    verdict_seeds: tuple[str, ...]  # the blocks the verdict played: none of them was searched
    search_seeds: tuple[str, ...]
    message: str
    rounds: int = 0
    raced: tuple[tuple[C, Estimate], ...] = field(default=())  # the survivors' search means
    baseline: str | None = None  # the baseline the answer is, by name; None for a candidate of the search's own

    @property
    def answer_is_baseline(self) -> bool:
        """Whether the answer is a baseline: nothing was shown better, or the leader was a baseline."""
        return self.baseline is not None


class Evidence:
    """What a game's build result shares: the optimiser's `result` and the questions a user asks of it."""

    result: Result

    @property
    def shown_better(self) -> bool:
        """Whether the answer beat every other baseline on fresh paired games (else it is the first baseline)."""
        return self.result.shown_better

    @property
    def message(self) -> str:
        """The optimiser's plain paragraph: what was found and how sure it is."""
        return self.result.message

    @property
    def worth(self) -> Mapping[str, Estimate]:
        """Each feature's fitted worth with its 95% interval."""
        return self.result.worth

    @property
    def games(self) -> int:
        """Games simulated in all: the search's and the verdict's (the answer's once, and each baseline's)."""
        verdicts = self.result.verdicts
        return self.result.search_games + sum(v.difference.n for v in verdicts) + (verdicts[0].difference.n
                                                                                   if verdicts else 0)


class Ledger(Generic[C]):
    """Every game a search played, per candidate and block, for pairing, racing and fitting."""

    def __init__(self, problem: Problem[C]) -> None:
        self.problem = problem
        self.results: dict[C, dict[str, list[float]]] = {}
        self.played = 0

    def play(self, candidate: C, block: str, games: int) -> list[float]:
        """Play (once) a candidate's games on a block."""
        mine = self.results.setdefault(candidate, {})
        if block not in mine:
            mine[block] = list(self.problem.play(candidate, block, games))
            self.played += games
        return mine[block]

    def shared(self, first: C, second: C) -> tuple[list[float], list[float]]:
        """Both candidates' results on the blocks both played, paired game by game."""
        blocks = sorted(set(self.results[first]) & set(self.results[second]))
        return ([r for b in blocks for r in self.results[first][b]],
                [r for b in blocks for r in self.results[second][b]])

    def mean(self, candidate: C) -> Estimate:
        """A candidate's mean over all its games."""
        return mean_interval([r for games in self.results[candidate].values() for r in games])

    def centred(self, candidate: C) -> float:
        """A candidate's mean less each of its blocks' mean over every candidate there: what it adds to the
        deals it met, comparable between candidates that met different blocks (the blocks' luck cancels)."""
        gaps = []
        for block, games in self.results[candidate].items():
            everyone = [r for mine in self.results.values() if block in mine for r in mine[block]]
            gaps.append(sum(games) / len(games) - sum(everyone) / len(everyone))
        return sum(gaps) / len(gaps)


def optimise(problem: Problem[C], seed: int | str = 0, budget: Budget | None = None,
             progress: Progress | None = None) -> Result[C]:
    """Search for a candidate that beats the baselines, and return it only if fresh paired games show it."""
    budget = budget or Budget()
    baselines = dict(problem.baselines())
    if not baselines:
        raise ConfigError("the optimiser needs at least one baseline to compare with")
    total = budget.search_games + budget.verdict_games * (len(baselines) + 1)
    tick = progress or (lambda done, of: None)
    if budget.restarts == 1:
        search = _search(problem, baselines, budget, budget.search_games, f"{seed}", tick, 0, total)
        played, searches = search.ledger.played, [search]
        final = search
    else:
        searches, played = [], 0
        share = _restart_games(budget)
        for r in range(budget.restarts):
            searches.append(_search(problem, baselines, budget, share, f"{seed}:{r}", tick, played, total))
            played += searches[-1].ledger.played
        final = _final_race(problem, baselines, searches, budget, budget.search_games - played, f"{seed}",
                            tick, played, total)
        played += final.ledger.played
    leader = _chosen(final.ledger, final.alive) if final.ledger.results else next(iter(baselines.values()))
    verdicts, verdict_seeds = _verdict(problem, leader, baselines, seed, budget,
                                       lambda done: tick(played + done, total))
    tick(total, total)
    better = bool(verdicts) and all(v.better for v in verdicts)
    answer = leader if better else next(iter(baselines.values()))
    raced = tuple((c, final.ledger.mean(c)) for c in final.alive if c in final.ledger.results)
    worth = max(searches, key=lambda s: leader in s.ledger.results).worth
    searched = [b for s in searches for b in s.blocks] + (final.blocks if final is not searches[0] else [])
    return Result(answer, leader, better, tuple(verdicts), worth, played, tuple(verdict_seeds),
                  tuple(searched), _message(better, leader, baselines, verdicts),
                  sum(s.rounds for s in searches), raced, _name_of(answer, baselines))


@dataclass
class _Search(Generic[C]):
    """One search's ledger, its survivors, its last fitted worth, and the blocks and rounds it played."""

    ledger: Ledger[C]
    alive: list[C]
    worth: dict[str, Estimate]
    blocks: list[str]
    rounds: int


def _search(problem: Problem[C], baselines: Mapping[str, C], budget: Budget, games: int, stream: str,
            tick: Progress, before: int, total: int) -> _Search[C]:
    """Explore, fit, propose and race until `games` are spent; blocks and randomness are named by `stream`."""
    ledger: Ledger[C] = Ledger(problem)
    rng = random.Random(f"optimise:{stream}")
    names = (f"{SEARCH}:{stream}:{i}" for i in range(10**9))
    alive = _unique([*baselines.values(), *_explored(problem, baselines, rng, budget.explore)])
    _check_one_round(budget, len(alive), games)
    search = _Search(ledger, alive, {}, [], 0)
    while ledger.played + budget.block * len(search.alive) <= games:
        block = next(names)
        search.blocks.append(block)
        for candidate in search.alive:
            ledger.play(candidate, block, budget.block)
        tick(before + ledger.played, total)
        search.rounds += 1
        search.worth = fit_worth(problem, ledger)
        search.alive = _cut(ledger, _race(ledger, search.alive), budget.sweep)
        fresh = problem.best({k: e.mean for k, e in search.worth.items()}, list(ledger.results), budget.proposals)
        nearby = budget.sweep or budget.proposals * (len(search.alive) + len(fresh) < 2 + budget.proposals)
        if nearby:  # the sweep, or few left: look around the leader as well
            fresh += [c for c in problem.explore(_leader(ledger, search.alive), rng, nearby)
                      if c not in ledger.results]
        if len(search.alive) == 1 and not fresh:
            break  # nothing left to compare with
        search.alive = _unique([*search.alive, *fresh])
    return search


def _restart_games(budget: Budget) -> int:
    """Each restart's share of the search games: the restarts split all but the final race's share equally."""
    return int(budget.search_games * (1 - FINAL_SHARE)) // budget.restarts


def _final_race(problem: Problem[C], baselines: Mapping[str, C], searches: Sequence[_Search[C]], budget: Budget,
                games: int, seed: str, tick: Progress, before: int, total: int) -> _Search[C]:
    """Every restart's answer and the first baseline meet the same new blocks; the race drops the surely worse."""
    ledger: Ledger[C] = Ledger(problem)
    entrants = _unique([next(iter(baselines.values())),
                        *(_chosen(s.ledger, s.alive) for s in searches if s.ledger.results)])
    final = _Search(ledger, entrants, {}, [], 0)
    names = (f"{SEARCH}:{seed}:final:{i}" for i in range(10**9))
    while len(final.alive) > 1 and ledger.played + budget.block * len(final.alive) <= games:
        block = next(names)
        final.blocks.append(block)
        for candidate in final.alive:
            ledger.play(candidate, block, budget.block)
        tick(before + ledger.played, total)
        final.alive = _race(ledger, final.alive)
    if not ledger.results:  # no games left to race: the first restart's answer stands
        ledger.results = dict(searches[0].ledger.results)
        final.alive = list(searches[0].alive)
    return final


def _name_of(candidate: C, baselines: Mapping[str, C]) -> str | None:
    """The name of the first baseline that is `candidate`, or None if it is none of them."""
    return next((name for name, base in baselines.items() if base == candidate), None)


def _cut(ledger: Ledger[C], alive: list[C], keep: int) -> list[C]:
    """At most `keep` candidates, those adding most to the deals they met (all of them when `keep` is 0)."""
    if not keep or len(alive) <= keep:
        return alive
    best = set(sorted(alive, key=ledger.centred, reverse=True)[:keep])
    return [c for c in alive if c in best]


def _check_one_round(budget: Budget, candidates: int, games: int) -> None:
    """Refuse a search budget that cannot play the first round: every starting candidate on one block."""
    needed = budget.block * candidates
    if games < needed:
        enough = needed if budget.restarts == 1 else math.ceil(needed * budget.restarts / (1 - FINAL_SHARE))
        share = "" if budget.restarts == 1 else f" (each of {budget.restarts} restarts gets {games})"
        raise ConfigError(f"a search of {budget.search_games} games{share} cannot play one round: its {candidates} "
                          f"starting candidates (baselines and explored ones) on blocks of {budget.block} "
                          f"need {needed} games; raise search_games to {enough} or more, or lower block or explore")


def _explored(problem: Problem[C], baselines: Mapping[str, C], rng: random.Random, count: int) -> list[C]:
    """Random legal candidates around each baseline, `count` in all."""
    found: list[C] = []
    for i, base in enumerate(baselines.values()):
        share = count // len(baselines) + (i < count % len(baselines))
        found += problem.explore(base, rng, share)
    return found


def _unique(candidates: Sequence[C]) -> list[C]:
    """Candidates without repeats, in first-seen order."""
    return list(dict.fromkeys(candidates))


def _leader(ledger: Ledger[C], alive: Sequence[C]) -> C:
    """The live candidate that adds most to the deals it met."""
    return max(alive, key=ledger.centred)


def _chosen(ledger: Ledger[C], alive: Sequence[C]) -> C:
    """The search's answer: the race's leader among the survivors that met at least two blocks (one block is too
    little to tell luck from worth), or among all survivors if none did. A baseline is chosen only on its merits."""
    played = [c for c in alive if c in ledger.results]
    seasoned = [c for c in played if len(ledger.results[c]) >= 2]
    return _leader(ledger, seasoned or played)


def _race(ledger: Ledger[C], alive: list[C]) -> list[C]:
    """Drop every candidate whose paired difference to the leader is surely below 0."""
    leader = _leader(ledger, alive)
    kept = []
    for candidate in alive:
        if candidate == leader:
            kept.append(candidate)
            continue
        mine, theirs = ledger.shared(candidate, leader)
        if len(mine) < 2 or paired_difference(mine, theirs).high >= 0:
            kept.append(candidate)
    return kept


def fit_worth(problem: Problem[C], ledger: Ledger[C], shrink: float = 1.0) -> dict[str, Estimate]:
    """Each feature's worth: ridge regression of every game's result on the candidate's features, centred per
    block (the block's deals are shared, so its mean is the deals' luck, not the candidates' worth)."""
    names = sorted({name for c in ledger.results for name in problem.features(c)})
    if not names:
        return {}
    rows, results = [], []
    for block in sorted({b for games in ledger.results.values() for b in games}):
        played = [c for c in ledger.results if block in ledger.results[c]]
        if len(played) < 2:
            continue
        block_mean = np.mean([r for c in played for r in ledger.results[c][block]])
        for c in played:
            values = problem.features(c)
            x = [float(values.get(n, 0.0)) for n in names]
            for r in ledger.results[c][block]:
                rows.append(x)
                results.append(r - block_mean)
    if not rows:
        return {n: Estimate(0.0, 0.0, 0.0, 0) for n in names}
    return _ridge(np.array(rows), np.array(results), names, shrink)


def _ridge(x: np.ndarray, y: np.ndarray, names: list[str], shrink: float) -> dict[str, Estimate]:
    """Ridge coefficients on centred features; standard errors assume one residual variance for every game."""
    x = x - x.mean(axis=0)
    gram = x.T @ x + shrink * np.eye(x.shape[1])
    inverse = np.linalg.inv(gram)
    beta = inverse @ x.T @ y
    residual = y - x @ beta
    sigma2 = float(residual @ residual) / max(1, len(y) - x.shape[1])
    cov = sigma2 * inverse @ (x.T @ x) @ inverse
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    return {n: Estimate(float(b), float(b - 1.96 * s), float(b + 1.96 * s), len(y))
            for n, b, s in zip(names, beta, se, strict=True)}


def _verdict(problem: Problem[C], leader: C, baselines: Mapping[str, C], seed: int | str, budget: Budget,
             tick: Callable[[int], None]) -> tuple[list[Comparison], list[str]]:
    """The leader against every baseline on one fresh block (never searched): the same deals for every arm, the
    leader's games played once and paired with each baseline's."""
    others = {name: base for name, base in baselines.items() if base != leader}
    if not others:
        return [], []
    block = f"{VERDICT}:{seed}"
    mine = problem.play(leader, block, budget.verdict_games)
    comparisons = []
    for done, (name, base) in enumerate(others.items(), start=2):
        theirs = problem.play(base, block, budget.verdict_games)
        tick(done * budget.verdict_games)
        comparisons.append(Comparison(name, mean_interval(mine), mean_interval(theirs),
                                      paired_difference(mine, theirs)))
    return comparisons, [block]


def _message(better: bool, leader: C, baselines: Mapping[str, C], verdicts: Sequence[Comparison]) -> str:
    """One plain paragraph: what was found and how sure it is."""
    if leader in baselines.values() and not verdicts:
        return "Nothing beat the baselines in the search; the first baseline is returned."
    lines = "; ".join(map(str, verdicts))
    name = _name_of(leader, baselines)
    if better and name is not None:
        others = ", ".join(v.baseline for v in verdicts)
        return (f"The search found nothing better than a baseline, and {name} beats {others} on fresh games the "
                f"search never saw: {lines}; so {name} is returned.")
    if better:
        return f"The answer beats every baseline on fresh games the search never saw: {lines}."
    return (f"Nothing was shown better than {next(iter(baselines))}: the search's best did not beat every "
            f"baseline on fresh paired games ({lines}), so the baseline is returned.")


def changed(budget: Budget, settings: Sequence[str]) -> Budget:
    """The budget with fields set from "name=number" strings (a benchmark's command line)."""
    names = {f.name for f in fields(Budget)}
    values: dict[str, int] = {}
    for setting in settings:
        name, _, number = setting.partition("=")
        if name not in names or not number.lstrip("-").isdigit():
            raise ConfigError(f"a budget setting is name=whole number with name one of {', '.join(sorted(names))}; "
                              f"got {setting!r}")
        values[name] = int(number)
    return replace(budget, **values)


def needed_games(difference: float, spread: float) -> int:
    """Paired games needed for a 95% interval of half-width `difference`, given the differences' spread (sd)."""
    if difference <= 0:
        raise ValueError("a difference to resolve must be above 0")
    return math.ceil((1.96 * spread / difference) ** 2)
