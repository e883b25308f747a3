"""Deck of Wonders: which 28 collection cards to bring against a Villain (CP-SAT + simulation).

`pick_deck` solves one CP-SAT model: how many copies of each owned collection card to bring
(exactly 28, never more than owned) under the user's at-least / at-most limits per kind,
colour, cost or card, maximising the summed card values. When the limits contradict each other
the result names the smallest set of conflicting limits (`solvers.cpsat.minimal_conflict`).

`improve_deck` builds by win rate through the shared optimiser (`solvers.optimise`): every deck
meets the same deals (games seeded `block/i` through `tablekit.core.simulate`), a ridge fit of
wins on the copies of each card gives every card a worth with its interval, the same CP-SAT
model maximises that worth under the same limits, candidates are raced on paired games, and the
leader is re-measured against the recommended colour on fresh games the search never used. When
it is not shown better, the recommended deck is returned and the result says so. Every pick is
re-checked by `validate_deck`.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from ortools.sat.python import cp_model

from solvers.cpsat import minimal_conflict, solver
from solvers.optimise import Budget, Evidence, Progress, Result, optimise
from tablekit.core.simulate import Estimate, simulate
from tablekit.wonders.campaign import Campaign
from tablekit.wonders.cards import CardEntry, Half, default_catalog
from tablekit.wonders.setup import COLLECTION_SIZE, recommended_collection

VALUE_SCALE = 100  # static card values are floats; the model uses integers
WORTH_SCALE = 100_000  # fitted worths are win-rate points per copy (~0.01): integers for the model
RECOMMENDED = "recommended colour"
STATIC_PICK = "CP-SAT pick on the static values"
# the defaults: about 3,600 games of ~7 ms of CPU each (about 25 s), many decks on small blocks to fit the worths
BUILD_BUDGET = Budget(search_games=2_400, block=20, explore=40, proposals=6, verdict_games=600)
Deck = tuple[str, ...]  # the 28 card ids, sorted: one candidate of the optimiser


@dataclass(frozen=True)
class DeckLimit:
    """At least / at most this many picked cards match the filter (None fields match all)."""

    name: str
    at_least: int = 0
    at_most: int | None = None
    kind: Literal["minion", "spell"] | None = None
    colour: str | None = None
    cost: int | None = None
    card: str | None = None

    def matches(self, card: CardEntry) -> bool:
        """True when a card falls under this limit."""
        half = card.player
        return ((self.kind is None or half.kind == self.kind)
                and (self.colour is None or card.set == self.colour)
                and (self.cost is None or _cost(half) == self.cost)
                and (self.card is None or card.id == self.card))


@dataclass(frozen=True)
class DeckProblem:
    """What to pick from: the Villain, the owned copies, the limits and the card values."""

    villain: str
    owned: dict[str, int] = field(default_factory=dict)
    limits: tuple[DeckLimit, ...] = ()
    values: dict[str, float] = field(default_factory=dict)
    size: int = COLLECTION_SIZE


@dataclass
class DeckResult:
    """A solver answer: status, objective, the picked card ids, time, conflicts."""

    status: str
    objective: float
    picks: list[str]
    wall_time: float
    conflicts: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class DeckBuild(Evidence):
    """`improve_deck`'s answer: the deck, what it was measured against, who played, the evidence."""

    villain: str
    picks: list[str]  # the answer: the leader if shown better, else the first baseline
    baselines: dict[str, list[str]]  # what the user would otherwise play, by name
    result: Result[Deck]
    agent: str
    setting: str
    wall_time: float


def owned_collection(campaign: Campaign | None = None) -> dict[str, int]:
    """Copies owned of every collection card (opened packs and beaten Fated Forms included)."""
    catalog = default_catalog()
    progress = campaign or Campaign()
    cards = catalog.collection(progress.opened, progress.collection_sets(catalog))
    return {c.id: c.copies for c in cards}


def _with_collection(problem: DeckProblem, campaign: Campaign | None) -> DeckProblem:
    """The problem with the campaign's collection as its owned copies when it names none of its own."""
    if problem.owned or campaign is None:
        return problem
    return replace(problem, owned=owned_collection(campaign))


def _owned(problem: DeckProblem) -> dict[str, int]:
    """The copies that may be picked: a Villain's own set is never added to its draw pile
    (all its cards are in it already), even once a beaten Fated Form put it in the collection."""
    catalog = default_catalog()
    own_set = catalog.villains[problem.villain].set
    return {c: n for c, n in (problem.owned or owned_collection()).items()
            if c not in catalog.cards or catalog.cards[c].set != own_set}


def card_value(card: CardEntry) -> float:
    """A rough static worth: the Player half's power minus the Villain half's danger."""
    return _power(card.player) - 0.8 * _power(card.villain) - 1.5 * _cost(card.player)


@dataclass
class _DeckModel:
    """The 28-card pick as a CP-SAT model: copies per card, the named rules as assumption literals."""

    model: cp_model.CpModel
    cards: list[CardEntry]
    copies: dict[str, cp_model.IntVar]
    at_least: dict[tuple[str, int], cp_model.IntVar]  # at_least[card, k]: k or more copies brought
    rules: list[cp_model.IntVar]
    names: dict[int, str]

    def picks(self, solved: cp_model.CpSolver) -> list[str]:
        """The solved copies as sorted card ids."""
        return [c.id for c in self.cards for _ in range(solved.value(self.copies[c.id]))]

    def exclude(self, deck: Sequence[str]) -> None:
        """Forbid one deck: of the copy literals it sets, not all may hold (the size is fixed)."""
        held = [self.at_least[card, k] for card, n in Counter(deck).items() for k in range(1, n + 1)
                if (card, k) in self.at_least]
        if len(held) == len(deck):  # a deck the model cannot pick needs no exclusion
            self.model.add(sum(held) <= len(held) - 1)

    def conflicts(self, seed: int, workers: int) -> list[str]:
        """The smallest set of named rules that cannot hold together."""
        return [self.names[lit.index] for lit in minimal_conflict(self.model, self.rules, seed, workers)]


def _deck_model(problem: DeckProblem) -> _DeckModel:
    """Copies of each owned card under the draw-pile rule and the user's limits (no objective)."""
    catalog = default_catalog()
    owned = _owned(problem)
    cards = [catalog.cards[c] for c in sorted(owned) if owned[c] > 0]
    model = cp_model.CpModel()
    # copies of each card brought: never more than owned, counted by one literal per copy
    copies = {c.id: model.new_int_var(0, owned[c.id], f"copies[{c.id}]") for c in cards}
    at_least = {(c.id, k): model.new_bool_var(f"at_least[{c.id},{k}]") for c in cards
                for k in range(1, owned[c.id] + 1)}
    for c in cards:
        model.add(copies[c.id] == sum(at_least[c.id, k] for k in range(1, owned[c.id] + 1)))
        for k in range(1, owned[c.id]):
            model.add_implication(at_least[c.id, k + 1], at_least[c.id, k])
    built = _DeckModel(model, cards, copies, at_least, [], {})

    def guarded(name: str) -> cp_model.IntVar:
        literal = model.new_bool_var(name)
        built.names[literal.index] = name
        built.rules.append(literal)
        return literal

    # the draw pile takes exactly `size` collection cards (rule wonders.draw-pile)
    model.add(sum(copies.values()) == problem.size).only_enforce_if(
        guarded(f"wonders.draw-pile: exactly {problem.size} collection cards"))
    # each user limit: at least / at most this many matching cards
    for limit in problem.limits:
        chosen = [copies[c.id] for c in cards if limit.matches(c)]
        if limit.at_least:
            model.add(sum(chosen) >= limit.at_least).only_enforce_if(
                guarded(f"{limit.name}: at least {limit.at_least}"))
        if limit.at_most is not None:
            model.add(sum(chosen) <= limit.at_most).only_enforce_if(
                guarded(f"{limit.name}: at most {limit.at_most}"))
    model.add_assumptions(built.rules)
    return built


def pick_deck(problem: DeckProblem, seed: int = 0, workers: int = 1,
              time_limit: float = 10.0) -> DeckResult:
    """Solve the 28-card pick exactly with CP-SAT."""
    built = _deck_model(problem)
    values = {c.id: problem.values.get(c.id, card_value(c)) for c in built.cards}
    # the most valuable deck under the estimates
    built.model.maximize(sum(round(values[c] * VALUE_SCALE) * n for c, n in built.copies.items()))
    start = time.perf_counter()
    solved = solver(seed, workers, time_limit)
    status = solved.solve(built.model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return DeckResult("optimal" if status == cp_model.OPTIMAL else "feasible",
                          solved.objective_value / VALUE_SCALE, built.picks(solved),
                          time.perf_counter() - start)
    conflicts = built.conflicts(seed, workers)
    return DeckResult("infeasible", 0.0, [], time.perf_counter() - start, conflicts)


def best_decks(problem: DeckProblem, worth: Mapping[str, float], avoid: Sequence[Sequence[str]] = (),
               count: int = 1, seed: int = 0) -> list[Deck]:
    """Up to `count` decks, best first by summed worth per copy, none in `avoid`; a ValueError naming the
    limits that clash when no deck fits."""
    built = _deck_model(problem)
    built.model.maximize(sum(round(worth.get(c, 0.0) * WORTH_SCALE) * n for c, n in built.copies.items()))
    for deck in avoid:
        built.exclude(deck)
    found: list[Deck] = []
    for _ in range(count):
        solved = solver(seed)
        if solved.solve(built.model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if not found and not avoid:
                raise ValueError(f"no deck satisfies the limits: {'; '.join(built.conflicts(seed, 1))}")
            break
        found.append(tuple(built.picks(solved)))
        built.exclude(found[-1])
    return found

def validate_deck(problem: DeckProblem, picks: Sequence[str]) -> list[str]:
    """Every way a pick breaks the rules or the limits (empty when it is fine)."""
    catalog = default_catalog()
    owned = _owned(problem)
    problems = []
    if len(picks) != problem.size:
        problems.append(f"{len(picks)} cards picked, the draw pile needs {problem.size}")
    counts = Counter(picks)
    for card_id, n in counts.items():
        if n > owned.get(card_id, 0):
            problems.append(f"{n} copies of {card_id}, {owned.get(card_id, 0)} owned")
    for limit in problem.limits:
        total = sum(n for c, n in counts.items() if limit.matches(catalog.cards[c]))
        if total < limit.at_least:
            problems.append(f"{limit.name}: {total} < {limit.at_least}")
        if limit.at_most is not None and total > limit.at_most:
            problems.append(f"{limit.name}: {total} > {limit.at_most}")
    return problems


def recommended_deck(villain: str, campaign: Campaign | None = None) -> list[str]:
    """The recommended-colour deck of a Villain (in a campaign), as card ids."""
    return recommended_collection(villain, campaign)


def win_rate(villain: str, picks: Sequence[str], games: int, seed: int | str = 0,
             agent: str = "heuristic", executor: object = "serial",
             campaign: Campaign | None = None, progress: Progress | None = None) -> Estimate:
    """The simulated win rate of a deck against a Villain (in a campaign), with its 95% interval.

    `progress(games_done, games)` is called as the games are played (for a progress bar).
    """
    result = simulate("wonders", games, seed=seed, agents=(agent,), executor=executor,
                      config=_config(villain, picks, campaign), progress=progress or False)
    return result.win_rate()


def _config(villain: str, picks: Sequence[str], campaign: Campaign | None) -> dict:
    """The game's options for one hand-picked deck against a Villain (in a campaign)."""
    config = {"villain": villain, "deck": "picked", "picks": list(picks)}
    if campaign is not None:
        config["campaign"] = campaign.to_json()
    return config


class WondersBuild:
    """The 28-card pick as the shared optimiser sees it (`solvers.optimise.Problem`)."""

    def __init__(self, problem: DeckProblem, agent: str = "heuristic", executor: object = "serial",
                 campaign: Campaign | None = None, seed: int = 0) -> None:
        self.problem = _with_collection(problem, campaign)
        self.agent, self.executor, self.campaign, self.seed = agent, executor, campaign, seed
        self.owned = _owned(self.problem)

    def baselines(self) -> dict[str, Deck]:
        """The recommended colour; under limits it breaks, the CP-SAT pick on the static values instead."""
        recommended = recommended_deck(self.problem.villain, self.campaign)
        if not validate_deck(self.problem, recommended):
            return {RECOMMENDED: tuple(sorted(recommended))}
        return {STATIC_PICK: tuple(_solved(self.problem, self.seed))}

    def features(self, candidate: Deck) -> dict[str, float]:
        """Copies brought of every owned card (0 included, so unseen cards keep a worth of 0)."""
        tally = Counter(candidate)
        return {card: float(tally[card]) for card in self.owned}

    def explore(self, around: Deck, rng: random.Random, count: int) -> list[Deck]:
        """Up to `count` legal decks that swap 1 to 14 cards of `around` for other owned copies."""
        found: list[Deck] = []
        for _ in range(count * 20):
            if len(found) >= count:
                break
            deck = list(around)
            for _ in range(rng.randint(1, 14)):
                deck.pop(rng.randrange(len(deck)))
                deck.append(rng.choice(sorted(c for c, n in self.owned.items() if deck.count(c) < n)))
            swapped = tuple(sorted(deck))
            if swapped != around and swapped not in found and not validate_deck(self.problem, swapped):
                found.append(swapped)
        return found

    def best(self, worth: Mapping[str, float], avoid: Sequence[Deck], count: int) -> list[Deck]:
        """The best decks by fitted worth under the draw-pile rule and the user's limits (CP-SAT)."""
        return best_decks(self.problem, worth, avoid, count, self.seed)

    def play(self, candidate: Deck, block: str, games: int) -> list[float]:
        """Each game's result (1 won, 0 lost) on the games seeded `block/i`: the same deals for every deck."""
        return simulate("wonders", games, seed=block, agents=(self.agent,), executor=self.executor,
                        config=_config(self.problem.villain, candidate, self.campaign),
                        progress=False).scores()

    def setting(self) -> str:
        """Who plays the simulated games, and where."""
        villain = default_catalog().villains[self.problem.villain].name
        where = "a new campaign" if self.campaign is None else "the campaign given"
        return (f"one Player, played by the kit's {self.agent} agent, against {villain} "
                f"(solo, standard rules, {where}); a game counts 1 when won, 0 when lost")


def improve_deck(problem: DeckProblem, seed: int = 0, budget: Budget | None = None,
                 agent: str = "heuristic", executor: object = "serial",
                 campaign: Campaign | None = None, progress: Progress | None = None) -> DeckBuild:
    """The deck that wins most against the Villain under the limits, shown on fresh paired games against the
    recommended colour, or that deck itself with the sentence saying nothing was shown better.

    `budget` sets the search's games and the verdict's (`BUILD_BUDGET` by default); `progress(games_done,
    games_planned)` is called as the games are played (a progress bar)."""
    start = time.perf_counter()
    build = WondersBuild(problem, agent, executor, campaign, seed)
    result = optimise(build, seed, budget or BUILD_BUDGET, progress)
    baselines = {name: list(deck) for name, deck in build.baselines().items()}
    return DeckBuild(problem.villain, list(result.answer), baselines, result, agent, build.setting(),
                     time.perf_counter() - start)


def _solved(problem: DeckProblem, seed: int) -> list[str]:
    """The CP-SAT pick, or a ValueError naming the limits that clash."""
    pick = pick_deck(problem, seed=seed)
    if pick.status == "infeasible":
        raise ValueError(f"no deck satisfies the limits: {'; '.join(pick.conflicts)}")
    return pick.picks


def _cost(half: Half) -> int:
    return sum(e.n for e in half.cost)


def _power(half: Half) -> float:
    if half.kind == "minion":
        power = (half.strength or 0) + (half.health or 0) + 0.2 * (half.priority or 0)
        power += 2 * half.poison + 1.5 * half.shield + 1 * half.taunt
    else:
        power = 0.0
    for part in (half.play, half.death, half.text):
        for bullet in part:
            for effect in bullet:
                power += {"draw": 2.0, "damage": 1.0, "destroy": 5.0, "heal": 0.6,
                          "shield": 2.0, "taunt": 1.0, "poison": 2.0}.get(effect.op, 0.0) * (
                    effect.n if effect.op in ("draw", "damage", "heal") else 1)
    return power
