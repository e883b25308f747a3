"""Runes of Wyrd: a deck built to win against a field of decks, on the shared optimiser (`solvers.optimise`).

A candidate is a prepared deck (a `Plan`: Chapters, Initiative, Threads). Every candidate fights the same duels:
on a block of games, each opponent of the field and each seat order (the candidate moving first, then second)
gets its share of the block, all seeded `"<block>:<opponent>/<i>"` by `tablekit.core.simulate`, so the
opponent's shuffle and the coin of every duel are the same for every candidate and both seat orders meet the
same deals. The duel itself is automatic (each Hero plays the next card of its locked deck every turn); the
simulated preparers only take the ready plans, so no agent's skill is involved.

The model values each card's copies, how late they come and their Initiative (`solvers.runes_candidates`);
CP-SAT lays out the deck those worths favour under the construction rules and the Wyrd Points; the optimiser
races the candidates and re-measures its best on fresh duels against the Hero's sample deck (or, when the
collection lacks it, the value goal's deck). When nothing is shown better, the baseline is the answer.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, fields
from typing import Any

from solvers.optimise import Budget, Evidence, Result, optimise
from solvers.runes import build_deck
from solvers.runes_candidates import best_plans, is_legal, neighbours, plan_features, usable_copies
from tablekit.core.errors import ConfigError
from tablekit.core.simulate import simulate
from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import HERO_NAMES, HEROES, Card, load_pool
from tablekit.runes.decks import sample_decks
from tablekit.runes.preparation import Plan, PrepOptions

Deck = tuple[str, Plan]  # (hero, prepared deck)
Progress = Callable[[int, int], None]

SEATS = (0, 1)  # the candidate moves first, then second: both seat orders on every deal
DEFAULT_BUDGET = Budget(search_games=24_000, block=40, explore=16, proposals=4, verdict_games=1_500, sweep=16)
PLAYER = ("nobody chooses anything in the duel: Runes of Wyrd's Battle is automatic (each Hero plays the next "
          "card of its locked deck every turn); the simulated preparers only take the ready plans")


@dataclass(frozen=True)
class WinRateResult(Evidence):
    """The deck built for the win rate, the optimiser's evidence, and what was simulated."""

    hero: str
    plan: Plan
    result: Result[Plan]
    baselines: dict[str, Plan]
    field: tuple[Deck, ...]
    setting: str
    wall_time: float

    @property
    def duels(self) -> int:
        """Duels simulated in all: the search's and the verdict's."""
        return self.games

    @property
    def player(self) -> str:
        """Who plays the simulated duels."""
        return PLAYER

    def cards(self, pool: Mapping[str, Card] | None = None) -> tuple[Card, ...]:
        """The deck's twenty cards."""
        pool = load_pool() if pool is None else pool
        return tuple(pool[c] for c in self.plan.card_ids())


class DeckProblem:
    """One Hero's prepared deck against a field, as the optimiser's `Problem`."""

    def __init__(self, collection: Mapping[Card, int], hero: str, field: Sequence[Deck],
                 options: PrepOptions, duel_options: DuelOptions, executor: Executor | str | None,
                 seed: int | str = 0) -> None:
        self.hero, self.field, self.options, self.seed = hero, tuple(field), options, seed
        self.executor = executor
        self.pool = load_pool()
        self.usable = usable_copies(collection, hero)
        self.switches = {f.name: getattr(duel_options, f.name) for f in fields(DuelOptions)
                         if f.name != "first_player"}
        self._baselines = self._find_baselines(collection)

    def baselines(self) -> dict[str, Plan]:
        """The Hero's sample deck as prepared when the collection holds it, else the value goal's deck."""
        return dict(self._baselines)

    def features(self, candidate: Plan) -> dict[str, float]:
        """Per card: copies, how late they come, their Initiative."""
        return plan_features(candidate)

    def explore(self, around: Plan, rng: random.Random, count: int) -> list[Plan]:
        """Legal decks one or two moves from `around`."""
        return neighbours(around, self.usable, self.pool, self.options, rng, count)

    def best(self, worth: Mapping[str, float], avoid: Sequence[Plan], count: int) -> list[Plan]:
        """The decks CP-SAT lays out for these worths, none already played."""
        return best_plans(worth, self.usable, self.options, avoid, count)

    def play(self, candidate: Plan, block: str, games: int) -> list[float]:
        """The candidate's score in each duel of the block: every opponent, both seat orders, the same deals."""
        scores: list[float] = []
        for (foe, foe_plan), seat, n in self.shares(games):
            config = {**self.switches, "heroes": (self.hero, foe), "first_player": seat,
                      "plans": (_spec(candidate), _spec(foe_plan)),
                      "wyrd_points": self.options.wyrd_points, "thread_cost": self.options.thread_cost}
            found = simulate("runes", n, seed=f"{block}:{foe}:{self.field.index((foe, foe_plan))}",
                             agents=("heuristic",), config=config, executor=self.executor, progress=False)
            scores += found.scores(0)
        return scores

    def shares(self, games: int) -> list[tuple[Deck, int, int]]:
        """How a block's games split: (opponent, who moves first, duels), every share non-empty."""
        groups = [(deck, seat) for deck in self.field for seat in SEATS]
        counts = [games // len(groups) + (i < games % len(groups)) for i in range(len(groups))]
        return [(deck, seat, n) for (deck, seat), n in zip(groups, counts, strict=True) if n]

    def _find_baselines(self, collection: Mapping[Card, int]) -> dict[str, Plan]:
        sample = sample_decks()[self.hero][1]
        if is_legal(sample, self.usable, self.pool, self.options):
            return {"sample deck": sample}
        values = {c.id: (1.0 + c.rarity.rank) * (2 if c.hero == self.hero else 1) for c in collection}
        built = build_deck(collection, values, hero=self.hero, options=self.options, seed=0)
        if built.status not in ("optimal", "feasible"):
            raise ConfigError(f"no legal deck for {self.hero} from this collection [rule runes.deck-size]")
        return {"value goal's deck": built.plan}


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


def build_for_win_rate(collection: Mapping[Card, int], hero: str,
                       field: Sequence[Deck] | Deck | str | None = None, *,
                       budget: Budget | None = None, seed: int | str = 0,
                       options: PrepOptions | None = None, duel_options: DuelOptions | None = None,
                       executor: Executor | str | None = "serial",
                       progress: Progress | None = None) -> WinRateResult:
    """The deck that beats the Hero's sample deck against `field` on fresh paired duels, or the sample deck
    itself with the sentence saying nothing was shown better.

    `budget`: the optimiser's games (search, blocks, verdict); `duel_options`: the duel's switches (turn
    limit, draw score, Fatigue, ...; who moves first is set by the pairing: both seat orders);
    `executor`: "serial", None (a local process pool) or any `concurrent.futures.Executor`.
    """
    started = time.perf_counter()
    if hero not in HEROES:
        raise ConfigError(f"hero must be one of {', '.join(HEROES)}, not {hero!r}")
    opponents = field_of(field)
    problem = DeckProblem(collection, hero, opponents, options or PrepOptions(), duel_options or DuelOptions(),
                          executor, seed)
    result = optimise(problem, seed=seed, budget=budget or DEFAULT_BUDGET, progress=progress)
    return WinRateResult(hero, result.answer, result, problem.baselines(), tuple(opponents),
                         setting_of(hero, opponents, duel_options or DuelOptions()),
                         time.perf_counter() - started)


def setting_of(hero: str, field: Sequence[Deck], duel_options: DuelOptions) -> str:
    """The simulated setting in one sentence: the Hero, the field, the seat orders and the duel switches."""
    foes = ", ".join(f"{HERO_NAMES[h]}'s {'sample deck' if p == sample_decks()[h][1] else 'deck'}"
                     for h, p in field)
    return (f"{HERO_NAMES[hero]} against {foes}; every deal played twice, once moving first and once "
            f"second; Health 15, defeat at Fatigue {duel_options.fatigue_defeat}, a draw after "
            f"{duel_options.turn_limit} turns scoring {duel_options.draw_score}.")


def _spec(plan: Plan) -> dict[str, Any]:
    """A plan as the config's ready-plan table."""
    return {"chapters": plan.chapters, "initiative": plan.initiative, "threads": plan.threads}


__all__ = ["DEFAULT_BUDGET", "DeckProblem", "WinRateResult", "build_for_win_rate", "field_of", "setting_of"]
