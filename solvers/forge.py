"""DeckNForge band inscriptions: CP-SAT picks the plan, simulated dungeons say what it is worth.

1. Value from play: each buyable inscription is simulated alone on the band (paired runs: the
   same seeds, so the same deals) against no inscription; its value is the mean gain in the
   game score (Bosses defeated, plus HP to spare on a win).
2. CP-SAT chooses the plan with the highest total value under the rules (one inscription per
   card, Mythics only earned and only on Heroes, 3–6 inscriptions for a new band, the coppers).
3. The chosen plan is simulated against each plan with one of its inscriptions removed; those
   in-context gains replace the values, and CP-SAT solves again until the plan stops changing.
Infeasible wishes are explained by the rules they break (assumption literals, as in the
OR-Tools `assumptions_sample_sat.py`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from tablekit.core.errors import TablekitError
from tablekit.core.stats import Estimate, mean_interval, wilson_interval
from tablekit.forge.band import Band, BandError, check_inscription
from tablekit.forge.cards import DECK_SIZE, TIER_COST, Book, card_label, is_hero, sample_book
from tablekit.forge.rules import player_count
from tablekit.forge.sim import Run, runs, sample_band

SCALE = 1_000_000     # values are scaled to integers for CP-SAT
DEFAULT_GAMES = 200   # per plan, alone (measured: 2.4 s CPU at 60 games, 9.2 s at 200)
MIN_GAMES = 60
MAX_ROUNDS = 3        # solve / simulate-neighbours rounds
HAND_SET = {          # a few plans a player might pick by hand (all within 30 coppers)
    "three embers": {"K♠": "ember-edge", "K♥": "ember-edge", "K♣": "ember-edge"},
    "fire and mending": {"K♠": "wildfire-crest", "7♥": "kettle-charm", "9♣": "wayfinder-notch"},
    "all defence": {"K♠": "bronze-ward", "Q♠": "hop-rune", "J♠": "hop-rune", "10♠": "kettle-charm"},
}
RULES = {
    "count": "forge.starting-inscriptions: a new band takes 3 to 6 inscriptions",
    "budget": "forge.starting-inscriptions: the inscriptions must fit the coppers",
    "one-per-card": "forge.starting-inscriptions: one inscription per card",
    "mythic-bought": "forge.starting-inscriptions: Mythics are earned, never bought",
    "mythic-hero": "forge.starting-inscriptions: a Mythic goes on a Hero only",
    "hero-convert": "forge.cards: Heroes cannot be Converted",
}


class PlanError(TablekitError):
    """A request the planner cannot read (unknown card or inscription, bad budget)."""


@dataclass(frozen=True, slots=True)
class PlannedInscription:
    """One inscription of a plan: the card, the Book page, its tier and cost."""

    card: str
    id: str
    name: str
    tier: str
    cost: int

    def __str__(self) -> str:
        return f"{self.card} {self.name} ({self.tier}, {self.cost}c)"


@dataclass(frozen=True)
class Payoff:
    """A plan's simulated results: win rate and Bosses defeated with 95% intervals."""

    win_rate: Estimate
    bosses: Estimate
    score: Estimate


@dataclass(frozen=True)
class PlanResult:
    """What the planner found: status, the plan and its cost, why not, and simulated payoffs."""

    status: str
    inscriptions: tuple[PlannedInscription, ...] = ()
    cost: int = 0
    coppers: int = 0
    objective: float = 0.0
    reasons: tuple[str, ...] = ()
    payoff: Payoff | None = None
    compared: dict[str, Payoff] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)
    rounds: int = 0
    solve_seconds: float = 0.0
    wall_seconds: float = 0.0
    casual: float = 0.0
    converged: bool = False  # the last solve gave the plan before it (else MAX_ROUNDS ran out)

    @property
    def plan(self) -> dict[str, str]:
        """The plan as card -> inscription id."""
        return {p.card: p.id for p in self.inscriptions}

    def table(self) -> list[dict[str, object]]:
        """The plan and the comparisons as rows (for a notebook table or chart)."""
        rows = []
        for name, payoff in {"this plan": self.payoff, **self.compared}.items():
            if payoff is not None:
                rows.append({"plan": name, "win rate": payoff.win_rate.mean,
                             "win low": payoff.win_rate.low, "win high": payoff.win_rate.high,
                             "bosses": payoff.bosses.mean, "bosses low": payoff.bosses.low,
                             "bosses high": payoff.bosses.high})
        return rows


def plan_inscriptions(band: Band | None = None, *, coppers: int | None = None, wizards: int = 1,
                      seed: int = 0, require: Iterable[tuple[str, str]] | Mapping[str, str] = (),
                      inscribed: Mapping[str, str] | None = None, turning: bool = False,
                      games: int | None = None, random_plans: int = 3, progress: bool = False,
                      workers: int = 1, book: Book | None = None,
                      casual: float | None = None, executor: Executor | None = None
                      ) -> PlanResult:
    """The best inscriptions for a band within `coppers` (default: the table's starting budget).

    `games` is the number of simulated dungeons per plan (default: 200 alone, fewer at bigger
    tables, whose games are longer — see `default_games`; 60 games left every page's value
    inside the noise). `casual` is the share of random choices of the simulated wizards; by default it is set so
    that the band without new inscriptions wins about 60% of its dungeons (where plans differ).
    `executor` (any `concurrent.futures.Executor`, e.g. a process pool or
    `dask.distributed.Client(...).get_executor()`) plays each plan's games as one task; the
    results are the same as serial ones.
    """
    started = time.perf_counter()
    book = book or sample_book()
    band = band or sample_band()
    if not isinstance(wizards, int) or not 1 <= wizards <= 5:
        raise PlanError(f"DeckNForge seats 1 to 5 wizards, not {wizards!r} [rule forge.player-counts]")
    if coppers is None:
        coppers = player_count(wizards).start_coppers
    if not isinstance(coppers, int) or coppers < 0:
        raise PlanError(f"coppers must be a whole number ≥ 0, not {coppers!r}")
    games = default_games(wizards) if games is None else games
    if not isinstance(games, int) or games < 1:
        raise PlanError(f"games must be a whole number ≥ 1, not {games!r}")
    inscribed = dict(inscribed if inscribed is not None else ({} if not turning else band.inscriptions))
    wishes = _wishes(require, book)
    model = _PlanModel(book, coppers, inscribed, wishes, starting=not turning)
    status, plan, solve_time = model.solve({}, seed, workers)
    if status == "infeasible":
        return PlanResult("infeasible", coppers=coppers, reasons=tuple(model.explain(seed, workers)),
                          solve_seconds=solve_time, wall_seconds=time.perf_counter() - started)
    bar = _Bar(progress, _planned_games(book, games, random_plans))
    seeds = range(seed * 100_000, seed * 100_000 + games)
    if casual is None:
        casual = _calibrate(band, inscribed, wizards, seeds, bar)
    sim = _Sim(band, wizards, casual, bar, executor)
    values = _alone_values(sim, book, inscribed, seeds)
    rounds, converged = 0, False
    for rounds in range(1, MAX_ROUNDS + 1):  # noqa: B007 (rounds is reported)
        status, new_plan, spent = model.solve(values, seed, workers)
        solve_time += spent
        if new_plan == plan and rounds > 1:
            converged = True
            break
        plan = new_plan
        values.update(_in_context(sim, inscribed, plan, seeds))
    if not converged:  # the rounds ran out after a re-valuation: the plan follows the last values
        status, final, spent = model.solve(values, seed, workers)
        solve_time += spent
        converged, plan = final == plan, final
    held_out = range(seed * 100_000 + 50_000, seed * 100_000 + 50_000 + games)
    payoff = sim.payoffs([{**inscribed, **plan}], held_out)[0]
    compared = _comparisons(sim, book, inscribed, coppers, held_out, seed, random_plans, turning)
    bar.close()
    pages = tuple(PlannedInscription(card, page, book[page].name, book[page].tier,
                                     book[page].cost) for card, page in sorted(plan.items()))
    return PlanResult(status, pages, sum(p.cost for p in pages), coppers,
                      sum(values.get(p, 0.0) for p in plan.values()), (), payoff, compared,
                      values, rounds, solve_time, time.perf_counter() - started, casual,
                      converged)


def default_games(wizards: int) -> int:
    """Simulated dungeons per plan by default: 200 alone, 200 / wizards (at least 60) otherwise."""
    return max(MIN_GAMES, DEFAULT_GAMES // wizards)


# -- the CP-SAT model ------------------------------------------------------------------------
class _PlanModel:
    """Booleans `take[card, page]` under the rules, each rule group behind an assumption."""

    def __init__(self, book: Book, coppers: int, inscribed: Mapping[str, str],
                 wishes: list[tuple[str, str]], starting: bool) -> None:
        self.book, self.coppers, self.inscribed = book, coppers, dict(inscribed)
        self.wishes, self.starting = wishes, starting
        self.pages = list(book.inscriptions)
        # Pages are worth the same on any card that may hold them, so the Heroes and the
        # Items 8–10 (enough for six pages of any kind) and the cards named by wishes suffice.
        wanted = {card for card, _ in wishes}
        self.cards = [card_label(c) for c in range(DECK_SIZE)
                      if c % 12 >= 6 or card_label(c) in wanted]

    def build(self, values: Mapping[str, float]) -> tuple[cp_model.CpModel, dict, dict]:
        """The model, its `take` variables and the assumption literal of each rule group."""
        model = cp_model.CpModel()
        take = {(c, p.id): model.NewBoolVar(f"take_{c}_{p.id}") for c in self.cards
                for p in self.pages}
        rule = {name: model.NewBoolVar(name) for name in RULES}
        # Cards already inscribed take nothing new (one inscription per card).
        for (card, _), var in take.items():
            if card in self.inscribed:
                model.Add(var == 0).OnlyEnforceIf(rule["one-per-card"])
        # One inscription per card.
        for card in self.cards:
            model.Add(sum(take[card, p.id] for p in self.pages) <= 1).OnlyEnforceIf(
                rule["one-per-card"])
        # Mythics are never bought, and only Heroes may hold one.
        for (card, page), var in take.items():
            tier = self.book[page].tier
            if tier == "mythic":
                model.Add(var == 0).OnlyEnforceIf(rule["mythic-bought"])
                if not is_hero(_local(card)):
                    model.Add(var == 0).OnlyEnforceIf(rule["mythic-hero"])
            elif is_hero(_local(card)) and all(e.when == "convert" for e in self.book[page].effect):
                model.Add(var == 0).OnlyEnforceIf(rule["hero-convert"])
        # A new band takes 3 to 6 inscriptions.
        if self.starting:
            count = sum(take.values())
            model.Add(count >= 3).OnlyEnforceIf(rule["count"])
            model.Add(count <= 6).OnlyEnforceIf(rule["count"])
        # The coppers pay for everything bought.
        model.Add(sum(TIER_COST[self.book[p].tier] * v for (_, p), v in take.items())
                  <= self.coppers).OnlyEnforceIf(rule["budget"])
        # Wishes: these cards must take these inscriptions.
        wish = {}
        for i, (card, page) in enumerate(self.wishes):
            wish[i] = model.NewBoolVar(f"wish_{i}")
            model.Add(take[card, page] == 1).OnlyEnforceIf(wish[i])
        model.Maximize(sum(_scaled(self._value(values, c, p)) * v for (c, p), v in take.items()))
        return model, take, {**{f"rule:{k}": v for k, v in rule.items()},
                             **{f"wish:{i}": v for i, v in wish.items()}}

    def _value(self, values: Mapping[str, float], card: str, page: str) -> float:
        """The page's simulated value, and a tiny tie-break for high cards (played first)."""
        local = _local(card)
        return values.get(page, 0.0) + (local % 12 * 4 + 3 - local // 12) / 100_000

    def solve(self, values: Mapping[str, float], seed: int, workers: int
              ) -> tuple[str, dict[str, str], float]:
        """Solve with every rule and wish assumed; the status, the plan and the seconds."""
        model, take, assumed = self.build(values)
        model.AddAssumptions(list(assumed.values()))
        solver = _solver(seed, workers)
        status = solver.Solve(model)
        seconds = solver.WallTime()
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "infeasible", {}, seconds
        plan = {c: p for (c, p), v in take.items() if solver.Value(v)}
        plan = {c: p for c, p in plan.items() if c not in self.inscribed}
        return ("optimal" if status == cp_model.OPTIMAL else "feasible"), plan, seconds

    def explain(self, seed: int, workers: int) -> list[str]:
        """The rules and wishes that cannot all hold: a minimal conflicting set."""
        model, _, assumed = self.build({})
        model.AddAssumptions(list(assumed.values()))
        solver = _solver(seed, 1)
        solver.Solve(model)
        names = {v.Index(): k for k, v in assumed.items()}
        core = [names[i] for i in solver.SufficientAssumptionsForInfeasibility()] or list(assumed)
        for name in list(core):  # deletion filter: drop each one the conflict does not need
            trial = [n for n in core if n != name]
            if not self._feasible(model, [assumed[n] for n in trial], seed, workers):
                core = trial
        return [self._say(name) for name in core]

    @staticmethod
    def _feasible(model: cp_model.CpModel, assumed: list, seed: int, workers: int) -> bool:
        model.ClearAssumptions()
        model.AddAssumptions(assumed)
        model.ClearObjective()
        status = _solver(seed, workers).Solve(model)
        return status in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    def _say(self, name: str) -> str:
        kind, key = name.split(":", 1)
        if kind == "rule":
            extra = f" ({self.coppers} coppers)" if key == "budget" else ""
            return RULES[key] + extra
        card, page = self.wishes[int(key)]
        return f"wish: {card} takes {self.book[page].name} ({self.book[page].tier})"


def _solver(seed: int, workers: int) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = 10.0
    return solver


# -- value from play ---------------------------------------------------------------------------
CASUAL_STEPS = (0.2, 0.35, 0.5, 0.65, 0.8)
TARGET_WIN_RATE = 0.6


@dataclass(frozen=True)
class _Sim:
    """Simulated dungeons of one band at one table size: serial, or through an Executor."""

    band: Band
    wizards: int
    casual: float
    bar: _Bar
    executor: Executor | None = None

    def results(self, plans: list[Mapping[str, str]], seeds: range) -> list[list[Run]]:
        """Each plan played on the same seeds (one task per plan when an executor is given)."""
        tasks = [(self.band, dict(plan), self.wizards, seeds, self.casual) for plan in plans]
        if self.executor is None:
            out = []
            for task in tasks:
                out.append(runs(*task))
                self.bar.update(len(seeds))
            return out
        futures = [self.executor.submit(runs, *task) for task in tasks]
        out = [future.result() for future in futures]
        self.bar.update(len(seeds) * len(plans))
        return out

    def scores(self, plans: list[Mapping[str, str]], seeds: range) -> list[list[float]]:
        """The game score of each plan on each seed."""
        return [[r.score(self.wizards) for r in results]
                for results in self.results(plans, seeds)]

    def payoffs(self, plans: list[Mapping[str, str]], seeds: range) -> list[Payoff]:
        """Win rate, Bosses defeated and score of each plan, with 95% intervals."""
        return [Payoff(wilson_interval(sum(r.won for r in results), len(results)),
                       mean_interval([float(r.bosses) for r in results]),
                       mean_interval([r.score(self.wizards) for r in results]))
                for results in self.results(plans, seeds)]


def _calibrate(band: Band, inscribed: Mapping[str, str], wizards: int, seeds: range,
               bar: _Bar) -> float:
    """The share of random choices at which the band as it is wins closest to 60%."""
    best, best_gap = CASUAL_STEPS[0], 2.0
    for casual in CASUAL_STEPS:
        bar.update(len(seeds))
        wins = sum(r.won for r in runs(band, inscribed, wizards, seeds, casual)) / len(seeds)
        if abs(wins - TARGET_WIN_RATE) < best_gap:
            best, best_gap = casual, abs(wins - TARGET_WIN_RATE)
        if wins < TARGET_WIN_RATE:
            break  # more randomness only loses more
    return best


def _alone_values(sim: _Sim, book: Book, inscribed: Mapping[str, str],
                  seeds: range) -> dict[str, float]:
    """Each buyable page alone on a fitting card, against no new page, on the same deals."""
    pages = {}
    for page in book.inscriptions:
        card = _card_for(page.id, book, inscribed) if page.tier != "mythic" else None
        if card is not None:
            pages[page.id] = {**inscribed, card: page.id}
    base, *each = sim.scores([inscribed, *pages.values()], seeds)
    return {page: _cautious_gain(scores, base) for page, scores in zip(pages, each, strict=True)}


def _cautious_gain(with_it: list[float], without: list[float]) -> float:
    """The paired gain less one standard error: a page must beat the noise to be worth coppers."""
    gain = mean_interval([a - b for a, b in zip(with_it, without, strict=True)])
    return gain.mean - (gain.high - gain.mean) / 1.96


def _in_context(sim: _Sim, inscribed: Mapping[str, str], plan: Mapping[str, str],
                seeds: range) -> dict[str, float]:
    """What each page of the plan adds to the rest of the plan (the plan minus it)."""
    rests = [{**inscribed, **{c: p for c, p in plan.items() if c != card}} for card in plan]
    whole, *without = sim.scores([{**inscribed, **plan}, *rests], seeds)
    gains: dict[str, list[float]] = {}
    for page, scores in zip(plan.values(), without, strict=True):
        gains.setdefault(page, []).append(_cautious_gain(whole, scores))
    return {page: sum(g) / len(g) for page, g in gains.items()}


def _card_for(page_id: str, book: Book, inscribed: Mapping[str, str]) -> str | None:
    """The highest free card that may hold the page (a Hero unless it needs a Convert)."""
    for local in sorted(range(DECK_SIZE), key=lambda c: (-(c % 12), c)):
        card = card_label(local)
        if card in inscribed:
            continue
        try:
            check_inscription(card, page_id, book, inscribed)
        except BandError:
            continue
        return card
    return None


def _comparisons(sim: _Sim, book: Book, inscribed: Mapping[str, str], coppers: int,
                 seeds: range, seed: int, count: int, turning: bool) -> dict[str, Payoff]:
    """No new inscriptions, a few random legal plans and the hand-set plans, same deals."""
    named: dict[str, Mapping[str, str]] = {"no inscriptions": inscribed}
    rng = random.Random(seed)
    for i in range(count):
        plan = _random_plan(book, coppers, inscribed, rng, starting=not turning)
        if plan is not None:
            named[f"random plan {i + 1}"] = {**inscribed, **plan}
    for name, plan in HAND_SET.items():
        if sum(book[p].cost for p in plan.values()) <= coppers and not set(plan) & set(inscribed):
            named[name] = {**inscribed, **plan}
    return dict(zip(named, sim.payoffs(list(named.values()), seeds), strict=True))


def _random_plan(book: Book, coppers: int, inscribed: Mapping[str, str], rng: random.Random,
                 starting: bool) -> dict[str, str] | None:
    """A random legal plan: random pages on random free cards while the coppers last."""
    buyable = [p for p in book.inscriptions if p.tier != "mythic"]
    for _ in range(50):
        plan: dict[str, str] = {}
        left = coppers
        for _ in range(rng.randint(3 if starting else 1, 6)):
            page = rng.choice(buyable)
            card = card_label(rng.randrange(DECK_SIZE))
            if page.cost > left or card in plan or card in inscribed:
                continue
            try:
                check_inscription(card, page.id, book, {**inscribed, **plan})
            except BandError:
                continue
            plan[card] = page.id
            left -= page.cost
        if not starting or len(plan) >= 3:
            return plan
    return None


def _planned_games(book: Book, games: int, random_plans: int) -> int:
    buyable = sum(p.tier != "mythic" for p in book.inscriptions)
    return games * (len(CASUAL_STEPS) + 1 + buyable + MAX_ROUNDS * 7 + 2 + random_plans
                    + len(HAND_SET))


class _Bar:
    """A tqdm progress bar when asked for, else nothing."""

    def __init__(self, show: bool, total: int) -> None:
        self._bar = None
        if show:
            from tqdm.auto import tqdm
            self._bar = tqdm(total=total, desc="simulated dungeons", unit="game", leave=False)

    def update(self, n: int) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def _wishes(require: Iterable[tuple[str, str]] | Mapping[str, str], book: Book
            ) -> list[tuple[str, str]]:
    pairs = list(require.items()) if isinstance(require, Mapping) else list(require)
    for card, page in pairs:
        try:
            _local(card)
        except TablekitError as exc:
            raise PlanError(f"wish {card!r}: {exc}") from None
        if page not in book:
            raise PlanError(f"wish {card} {page!r}: no such inscription in the Book")
    return [(card.strip(), page) for card, page in pairs]


def _local(card: str) -> int:
    from tablekit.forge.cards import parse_card
    return parse_card(card)


def _scaled(value: float) -> int:
    return round(value * SCALE)
