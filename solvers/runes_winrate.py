"""Runes of Wyrd: a deck built to win against an opponent deck or a field, simulation in the loop.

The duel has no closed form, so values are learned from simulated duels and CP-SAT
(`solvers.runes.build_deck`) chooses the deck, Chapters, Threads and Initiative for them:

1. a population of legal decks — the value-goal deck, the Hero's sample deck as prepared when
   the collection holds its cards, and decks the builder makes for noisy values — each fights
   the field (both decks shuffled anew every duel, first player
   alternating);
2. card values are fitted to the decks' scores (ridge regression of the score on the copies of
   each card), and "first in its Chapter" goals to the duels of the best deck (how much more it
   scored when that card came early);
3. the builder solves for those values and goals; its deck and noisy neighbours are simulated
   in turn, and the loop stops when the chosen cards stop changing (or after `rounds`).

The answer is reported with 95% intervals beside the value-goal deck and the sample decks, each
against the same field with the same seeds.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from solvers.runes import BuildResult, Goal, build_deck
from tablekit.core.errors import ConfigError
from tablekit.core.stats import Estimate, mean_interval
from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import HEROES, Card, load_pool
from tablekit.runes.decks import sample_decks
from tablekit.runes.duel import run_duel
from tablekit.runes.preparation import Plan, PrepOptions, shuffle

Deck = tuple[str, Plan]  # (hero, prepared deck)
Progress = Callable[[int, int, str], None]

RIDGE = 2.0          # ridge penalty of the value fit (in decks' worth of evidence)
PRIOR = 0.002        # weight of the illustrative values, to break ties between unseen cards
NOISE = 0.02         # spread of the exploring values (score units)
KEEP = 0.04          # how much a neighbour favours the best deck's cards
FINALISTS = 3        # decks re-simulated for the report: the learned one and the best seen
EARLY_GAIN = 0.03    # the least score gain from playing a card early that becomes a goal
MAX_GOALS = 2


@dataclass(frozen=True, slots=True)
class Trial:
    """One deck's simulated duels against the field: its cards, score and per-duel record."""

    counts: tuple[tuple[str, int], ...]
    score: Estimate


@dataclass(frozen=True)
class WinRateResult:
    """The deck built for the win rate, how it was found, and the comparison table."""

    hero: str
    build: BuildResult
    values: dict[str, float]
    goals: tuple[Goal, ...]
    rounds: int
    converged: bool
    history: tuple[Trial, ...]
    report: dict[str, Estimate]
    duels: int
    wall_time: float

    @property
    def plan(self) -> Plan:
        """The prepared deck chosen."""
        return self.build.plan


def field_of(field: Sequence[Deck] | Deck | str | None) -> list[Deck]:
    """The opponents: one (hero, plan), several, a sample Hero's id, or None (every sample)."""
    samples = sample_decks()
    if field is None:
        return list(samples.values())
    if isinstance(field, str):
        if field not in samples:
            raise ConfigError(f"no sample deck {field!r}; Heroes: {', '.join(HEROES)}")
        return [samples[field]]
    if isinstance(field, tuple) and len(field) == 2 and isinstance(field[0], str):
        return [field]  # type: ignore[list-item]
    decks = list(field)  # type: ignore[arg-type]
    if not decks:
        raise ConfigError("the field of opponent decks is empty")
    return decks


def fight_field(hero: str, plan: Plan, field: Sequence[Deck], duels: int, seed: int | str,
                pool: Mapping[str, Card], options: DuelOptions | None = None
                ) -> tuple[list[float], list[list[str]]]:
    """`duels` duels against each opponent: the scores, and each duel's locked deck order."""
    base = options or DuelOptions()
    scores: list[float] = []
    orders: list[list[str]] = []
    for opponent, (foe, foe_plan) in enumerate(field):
        for n in range(duels):
            mine = shuffle(plan, f"{seed}:w:{opponent}:{n}", pool).deck
            theirs = shuffle(foe_plan, f"{seed}:f:{opponent}:{n}", pool).deck
            duel_options = DuelOptions(**{**_fields(base), "first_player": n % 2})
            result = run_duel((hero, foe), [[pool[c] for c in mine], [pool[c] for c in theirs]],
                              duel_options, log=False)
            scores.append(base.draw_score if result.winner is None else
                          float(result.winner == 0))
            orders.append(list(mine))
    return scores, orders


def build_for_win_rate(collection: Mapping[Card, int], hero: str,
                       field: Sequence[Deck] | Deck | str | None = None, *,
                       duels: int = 40, report_duels: int = 150, population: int = 5,
                       rounds: int = 5, seed: int = 0, workers: int = 1,
                       options: PrepOptions | None = None,
                       prior: Mapping[str, float] | None = None,
                       duel_options: DuelOptions | None = None,
                       progress: Progress | None = None) -> WinRateResult:
    """The deck whose simulated score against `field` is best, with simulation in the loop.

    `duels`: duels against each opponent per simulated deck while learning; `report_duels`:
    per opponent for the final comparison; `prior`: illustrative card values (default: rarer
    and the Hero's own cards are worth more) that only break ties between unseen cards;
    `duel_options`: the duel's switches (turn limit, draw score, ...; who starts alternates).
    """
    started = time.perf_counter()
    if hero not in HEROES:
        raise ConfigError(f"hero must be one of {', '.join(HEROES)}, not {hero!r}")
    for label, number in (("duels", duels), ("report_duels", report_duels),
                          ("population", population), ("rounds", rounds)):
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ConfigError(f"{label} must be a whole number ≥ 1, not {number!r}")
    opponents = field_of(field)
    pool = load_pool()
    prior = dict(prior) if prior is not None else _illustrative(collection, hero)
    rng = random.Random(seed)
    total = (rounds * population * duels + (FINALISTS + 2 + len(HEROES)) * report_duels) * \
        len(opponents)
    tally = _Tally(progress, total)

    def solve(values: Mapping[str, float], goals: Sequence[Goal] = ()) -> BuildResult:
        result = build_deck(collection, values, hero=hero, goals=goals, options=options,
                            seed=seed, workers=workers, time_limit=10.0)
        if result.status not in ("optimal", "feasible"):
            raise ConfigError(f"no legal deck for {hero} from this collection "
                              f"(builder status {result.status}) [rule runes.deck-size]")
        return result

    def simulate(build: BuildResult, n: int, tag: str) -> tuple[Trial, list[float], list]:
        scores, orders = fight_field(hero, build.plan, opponents, n, f"{seed}:{tag}", pool,
                                     duel_options)
        tally.add(len(scores), f"simulating decks against the field ({tag})")
        return Trial(_counts(build), mean_interval(scores)), scores, orders

    value_deck = solve({c: PRIOR * v for c, v in prior.items()})
    history: list[Trial] = []
    built: dict[tuple, BuildResult] = {}
    best, goals, values = value_deck, (), {c: PRIOR * v for c, v in prior.items()}
    previous: tuple | None = None
    converged, played = False, 0
    for round_ in range(rounds):
        played = round_ + 1
        trial, scores, orders = simulate(best, duels, f"r{round_}:0")
        history.append(trial)
        built.setdefault(trial.counts, best)
        keep = {card.id for card in best.cards}
        for member in range(1, population):  # neighbours: the best deck's cards favoured
            noisy = {c: v + (KEEP if c in keep else 0.0) + rng.gauss(0, NOISE)
                     for c, v in values.items()}
            neighbour = solve(noisy)
            history.append(simulate(neighbour, duels, f"r{round_}:{member}")[0])
            built.setdefault(history[-1].counts, neighbour)
        if round_ == 0 and _owns(collection, sample_decks()[hero][1]):
            # the Hero's sample deck, as prepared, starts out as a candidate too
            seeded = _as_built(sample_decks()[hero][1], pool)
            history.append(simulate(seeded, duels, "r0:sample")[0])
            built.setdefault(history[-1].counts, seeded)
        values = _fit(history, prior)
        goals = _early_goals(best, scores, orders)
        best = solve(values, goals)
        chosen = _counts(best)
        if chosen == previous or chosen == trial.counts:
            converged = True
            break
        previous = chosen
    leaders = sorted(history, key=lambda t: -t.score.mean)[:FINALISTS - 1]
    finalists = [best] + [built[t.counts] for t in leaders if t.counts != _counts(best)]
    report, best = _report(finalists, value_deck, hero, opponents, report_duels, seed, pool,
                           tally, duel_options)
    return WinRateResult(hero, best, values, tuple(goals), played, converged, tuple(history),
                         report, tally.done, time.perf_counter() - started)


def _report(finalists: Sequence[BuildResult], value_deck: BuildResult, hero: str,
            opponents: Sequence[Deck], duels: int, seed: int, pool: Mapping[str, Card],
            tally: _Tally, duel_options: DuelOptions | None = None
            ) -> tuple[dict[str, Estimate], BuildResult]:
    """Every candidate against the same field with the same seeds (mean score, 95% interval);
    the win-rate goal's deck is the finalist that scores best on duels of their own seeds."""
    def score(h: str, plan: Plan, label: str) -> Estimate:
        scores, _ = fight_field(h, plan, opponents, duels, f"{seed}:report", pool, duel_options)
        tally.add(len(scores), f"comparing: {label}")
        return mean_interval(scores)

    def select(build: BuildResult) -> float:  # own seeds: the report is not the pick's sample
        scores, _ = fight_field(hero, build.plan, opponents, duels, f"{seed}:select", pool,
                                duel_options)
        tally.add(len(scores), "choosing among the best decks")
        return sum(scores) / len(scores)

    picks = [select(f) for f in finalists]
    best = finalists[picks.index(max(picks))]  # ties: the first (the learned deck)
    report = {"win-rate goal": score(hero, best.plan, "the win-rate goal's deck"),
              "value goal": score(hero, value_deck.plan, "the value goal's deck")}
    for sample_hero, (h, plan) in sample_decks().items():
        report[f"sample deck: {sample_hero}"] = score(h, plan, f"{sample_hero}'s sample deck")
    return report, best


def _fit(history: Sequence[Trial], prior: Mapping[str, float]) -> dict[str, float]:
    """Card values: ridge regression of the decks' scores on their cards' copies."""
    cards = sorted({c for t in history for c, _ in t.counts})
    if not cards:
        return {c: PRIOR * v for c, v in prior.items()}
    index = {c: i for i, c in enumerate(cards)}
    x = np.zeros((len(history), len(cards)))
    for row, trial in enumerate(history):
        for card, copies in trial.counts:
            x[row, index[card]] = copies
    y = np.array([t.score.mean for t in history])
    x_mean, y_mean = x.mean(axis=0), y.mean()
    xc = x - x_mean
    weights = np.linalg.solve(xc.T @ xc + RIDGE * np.eye(len(cards)), xc.T @ (y - y_mean))
    learned = {c: float(weights[index[c]]) for c in cards}
    return {c: PRIOR * v + learned.get(c, 0.0) for c, v in prior.items()}


def _early_goals(build: BuildResult, scores: Sequence[float], orders: Sequence[Sequence[str]]
                 ) -> tuple[Goal, ...]:
    """"First in its Chapter" goals for the cards whose deck scored clearly more when they came
    early in their Chapter (weight: that gain, in score units)."""
    gains = []
    for card in sorted({c.id for c in build.cards}):
        early, late = [], []
        for score, order in zip(scores, orders, strict=True):
            place = order.index(card) % 5
            (early if place == 0 else late).append(score)
        if len(early) >= 3 and late:
            gains.append((sum(early) / len(early) - sum(late) / len(late), card))
    gains.sort(reverse=True)
    return tuple(Goal.first(card, round(gain, 4)) for gain, card in gains[:MAX_GOALS]
                 if gain >= EARLY_GAIN)


def _as_built(plan: Plan, pool: Mapping[str, Card]) -> BuildResult:
    """A prepared deck given as a plan, in the builder's result form."""
    chapters = tuple(tuple(pool[c] for c in chapter) for chapter in plan.chapters)
    return BuildResult("given", tuple(card for chapter in chapters for card in chapter),
                       chapters, plan.initiative, plan.threads)


def _owns(collection: Mapping[Card, int], plan: Plan) -> bool:
    owned = {card.id: copies for card, copies in collection.items()}
    return all(owned.get(c, 0) >= n for c, n in Counter(plan.card_ids()).items())


def _counts(build: BuildResult) -> tuple[tuple[str, int], ...]:
    found: dict[str, int] = {}
    for card in build.cards:
        found[card.id] = found.get(card.id, 0) + 1
    return tuple(sorted(found.items()))


def _illustrative(collection: Mapping[Card, int], hero: str) -> dict[str, float]:
    """Rarer cards and the Hero's own are worth more (as the value goal's sample values)."""
    return {card.id: (1.0 + card.rarity.rank + 0.25 * len(card.properties)) *
            (2 if card.hero == hero else 1) for card in collection}


def _fields(options: DuelOptions) -> dict:
    return {name: getattr(options, name) for name in DuelOptions.__dataclass_fields__}


class _Tally:
    """Duels simulated so far, told to the progress callback."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress, self.total, self.done = progress, total, 0

    def add(self, duels: int, words: str) -> None:
        self.done += duels
        self.total = max(self.total, self.done)
        if self.progress is not None:
            self.progress(self.done, self.total, words)


__all__ = ["WinRateResult", "build_for_win_rate", "field_of", "fight_field"]
