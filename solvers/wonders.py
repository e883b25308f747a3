"""Deck of Wonders: which 28 collection cards to bring against a Villain (CP-SAT + simulation).

`pick_deck` solves one CP-SAT model: how many copies of each owned collection card to bring
(exactly 28, never more than owned) under the user's at-least / at-most limits per kind,
colour, cost or card, maximising the summed card values. When the limits contradict each other
the result names the conflicting limits (assumption literals, as in the OR-Tools sample
`assumptions_sample_sat.py`). `screen_values` learns what each card is worth against one Villain: it
plays games with random 28-card decks and fits the win rate to the copies of each card (a
ridge regression), so the values differ from Villain to Villain. `improve_deck` puts simulation
in the loop: it starts from those values (or the static ones), proposes a deck, plays it and a
few neighbours with the core's `simulate`, updates the card values from the observed win rates,
and solves again. Every pick is re-checked by `validate_deck`.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ortools.sat.python import cp_model

from tablekit.core.simulate import Estimate, Progress, play_one, simulate
from tablekit.wonders.campaign import Campaign
from tablekit.wonders.cards import CardEntry, Half, default_catalog
from tablekit.wonders.setup import COLLECTION_SIZE, recommended_collection

VALUE_SCALE = 100  # card values are floats; the model uses integers
RIDGE = 0.05  # screening's shrinkage, per game played (keeps rare cards near 0)


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


@dataclass
class Improvement:
    """The outcome of `improve_deck`: the best deck found and both decks' win rates."""

    picks: list[str]
    win_rate: Estimate
    recommended_win_rate: Estimate
    values: dict[str, float]
    history: list[tuple[list[str], float]]


def owned_collection(campaign: Campaign | None = None) -> dict[str, int]:
    """Copies owned of every collection card (opened packs and beaten Fated Forms included)."""
    catalog = default_catalog()
    progress = campaign or Campaign()
    cards = catalog.collection(progress.opened, progress.collection_sets(catalog))
    return {c.id: c.copies for c in cards}


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


def pick_deck(problem: DeckProblem, seed: int = 0, workers: int = 1,
              time_limit: float = 10.0) -> DeckResult:
    """Solve the 28-card pick exactly with CP-SAT."""
    catalog = default_catalog()
    owned = _owned(problem)
    cards = [catalog.cards[c] for c in sorted(owned) if owned[c] > 0]
    values = {c.id: problem.values.get(c.id, card_value(c)) for c in cards}
    model = cp_model.CpModel()
    # copies of each card brought: never more than owned
    copies = {c.id: model.new_int_var(0, owned[c.id], f"copies[{c.id}]") for c in cards}
    named: dict[int, str] = {}

    def guarded(name: str) -> cp_model.IntVar:
        literal = model.new_bool_var(name)
        named[literal.index] = name
        return literal

    # the draw pile takes exactly `size` collection cards (rule wonders.draw-pile)
    size_rule = guarded(f"wonders.draw-pile: exactly {problem.size} collection cards")
    model.add(sum(copies.values()) == problem.size).only_enforce_if(size_rule)
    assumptions = [size_rule]
    # each user limit: at least / at most this many matching cards
    for limit in problem.limits:
        chosen = [copies[c.id] for c in cards if limit.matches(c)]
        if limit.at_least:
            literal = guarded(f"{limit.name}: at least {limit.at_least}")
            model.add(sum(chosen) >= limit.at_least).only_enforce_if(literal)
            assumptions.append(literal)
        if limit.at_most is not None:
            literal = guarded(f"{limit.name}: at most {limit.at_most}")
            model.add(sum(chosen) <= limit.at_most).only_enforce_if(literal)
            assumptions.append(literal)
    model.add_assumptions(assumptions)
    # the most valuable deck under the estimates
    model.maximize(sum(round(values[c.id] * VALUE_SCALE) * copies[c.id] for c in cards))
    solver = cp_model.CpSolver()
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    start = time.perf_counter()
    status = solver.solve(model)
    wall = time.perf_counter() - start
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        picks = [c.id for c in cards for _ in range(solver.value(copies[c.id]))]
        return DeckResult("optimal" if status == cp_model.OPTIMAL else "feasible",
                          solver.objective_value / VALUE_SCALE, picks, wall)
    core = _minimal_core(model, solver, assumptions,
                         set(solver.sufficient_assumptions_for_infeasibility()))
    return DeckResult("infeasible", 0.0, [], time.perf_counter() - start,
                      [named[i] for i in sorted(core)])


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
    config = {"villain": villain, "deck": "picked", "picks": list(picks)}
    if campaign is not None:
        config["campaign"] = campaign.to_json()
    result = simulate("wonders", games, seed=seed, agents=(agent,), executor=executor,
                      config=config, progress=progress or False)
    return result.win_rate()


def screen_values(problem: DeckProblem, games: int, seed: int | str = 0,
                  agent: str = "heuristic", campaign: Campaign | None = None,
                  progress: Progress | None = None) -> dict[str, float]:
    """Each owned card's worth against the Villain, in win-rate points per copy brought.

    Plays `games` games, each with its own random 28 of the owned copies, and fits the wins
    to the copy counts by ridge regression (centred, so the values compare cards with each
    other: a card at 0 is as good as the average card of the random decks).
    """
    owned = _owned(problem)
    cards = sorted(c for c, n in owned.items() if n > 0)
    pool = [c for c in cards for _ in range(owned[c])]
    rng = random.Random(f"{seed}/screen")
    config: dict = {"villain": problem.villain, "deck": "picked"}
    if campaign is not None:
        config["campaign"] = campaign.to_json()
    counts, wins = [], []
    for game in range(games):
        deck = rng.sample(pool, problem.size)
        record = play_one("wonders", {**config, "picks": deck}, f"{seed}/screen/{game}", (agent,))
        tally = Counter(deck)
        counts.append([tally[c] for c in cards])
        wins.append(1.0 if record.winners else 0.0)
        if progress is not None and ((game + 1) % 20 == 0 or game + 1 == games):
            progress(game + 1, games)
    slopes = _ridge(counts, wins, RIDGE * games)
    return {c: 100 * s for c, s in zip(cards, slopes, strict=True)}


def improve_deck(problem: DeckProblem, rounds: int = 3, games: int = 100, neighbours: int = 4,
                 final_games: int = 400, seed: int = 0, agent: str = "heuristic",
                 executor: object = "serial", step: float | None = None,
                 campaign: Campaign | None = None, progress: Progress | None = None,
                 screen_games: int = 0) -> Improvement:
    """Propose, simulate, update the card values, solve again; report both win rates.

    With `screen_games`, the first values come from `screen_values` against this Villain
    (win-rate points per copy) instead of the static `card_value`. `progress(games_done,
    games_planned)` is called as the games are played (a progress bar).
    """
    tally = _Tally(screen_games + rounds * (1 + neighbours) * games + 2 * final_games, progress)
    catalog = default_catalog()
    rng = random.Random(seed)
    values = {c: problem.values.get(c, card_value(catalog.cards[c]))
              for c in _owned(problem)}
    if screen_games:
        screened = screen_values(problem, screen_games, seed, agent, campaign,
                                 tally.part(screen_games))
        values = {c: problem.values.get(c, screened.get(c, 0.0)) for c in values}
    # a value moves by `step` × (change of win rate per copy): 100 keeps screened points in scale
    step = step if step is not None else (100.0 if screen_games else 20.0)
    history: list[tuple[list[str], float]] = []
    for round_no in range(rounds):
        current = DeckProblem(problem.villain, problem.owned, problem.limits, values, problem.size)
        picks = _solved(current, seed)
        decks = [picks] + _neighbours(current, picks, neighbours, rng)
        rates = [win_rate(problem.villain, d, games, f"{seed}/{round_no}", agent, executor,
                          campaign, tally.part(games)).mean for d in decks]
        history += list(zip(decks, rates, strict=True))
        values = _update_values(values, decks, rates, step)
    if history:
        best = max(history, key=lambda entry: entry[1])[0]
    else:  # no rounds: the solver's pick on the first values is the answer
        best = _solved(DeckProblem(problem.villain, problem.owned, problem.limits, values,
                                   problem.size), seed)
    tally.planned = tally.done + 2 * final_games  # fewer neighbours than asked: fewer games
    final = win_rate(problem.villain, best, final_games, f"{seed}/final", agent, executor, campaign,
                     tally.part(final_games))
    baseline = win_rate(problem.villain, recommended_deck(problem.villain, campaign), final_games,
                        f"{seed}/final", agent, executor, campaign, tally.part(final_games))
    return Improvement(best, final, baseline, values, history)


def _solved(problem: DeckProblem, seed: int) -> list[str]:
    """The CP-SAT pick, or a ValueError naming the limits that clash."""
    pick = pick_deck(problem, seed=seed)
    if pick.status == "infeasible":
        raise ValueError(f"no deck satisfies the limits: {'; '.join(pick.conflicts)}")
    return pick.picks


class _Tally:
    """Games played across several simulations, reported as one progress figure."""

    def __init__(self, planned: int, report: Progress | None) -> None:
        self.planned, self.report, self.done = planned, report, 0

    def part(self, games: int) -> Progress | None:
        """The progress function of the next simulation of `games` games."""
        start = self.done
        self.done += games
        if self.report is None:
            return None

        def step(done: int, _total: int) -> None:
            self.report(start + done, max(self.planned, start + done))

        return step


def _minimal_core(model: cp_model.CpModel, solver: cp_model.CpSolver,
                  assumptions: list[cp_model.IntVar], core: set[int]) -> set[int]:
    """Drop every assumption the infeasibility does not need (deletion filter)."""
    by_index = {a.index: a for a in assumptions}
    for index in sorted(core):
        trial = core - {index}
        model.clear_assumptions()
        model.add_assumptions([by_index[i] for i in trial])
        if solver.solve(model) == cp_model.INFEASIBLE:
            core = trial
    return core


def _neighbours(problem: DeckProblem, picks: list[str], count: int,
                rng: random.Random) -> list[list[str]]:
    owned = _owned(problem)
    found: list[list[str]] = []
    for _ in range(count * 20):
        if len(found) >= count:
            break
        deck = list(picks)
        for _ in range(3):  # swap three cards for other owned ones
            deck.pop(rng.randrange(len(deck)))
            spare = [c for c, n in owned.items() if deck.count(c) < n]
            deck.append(rng.choice(spare))
        if not validate_deck(problem, deck) and sorted(deck) != sorted(picks):
            found.append(sorted(deck))
    return found


def _update_values(values: dict[str, float], decks: list[list[str]], rates: list[float],
                   step: float) -> dict[str, float]:
    """Move each card's value along the slope of win rate against its copy count."""
    updated = dict(values)
    mean_rate = sum(rates) / len(rates)
    for card in values:
        counts = [deck.count(card) for deck in decks]
        mean_count = sum(counts) / len(counts)
        spread = sum((n - mean_count) ** 2 for n in counts)
        if spread:
            slope = sum((n - mean_count) * (r - mean_rate)
                        for n, r in zip(counts, rates, strict=True)) / spread
            updated[card] = values[card] + step * slope
    return updated


def _ridge(rows: list[list[int]], wins: list[float], shrink: float) -> list[float]:
    """Ridge regression slopes of `wins` on the centred columns of `rows`."""
    n, k = len(rows), len(rows[0])
    means = [sum(r[j] for r in rows) / n for j in range(k)]
    mean_win = sum(wins) / n
    centred = [[r[j] - means[j] for j in range(k)] for r in rows]
    # the normal equations (XᵀX + shrink·I) β = Xᵀy, solved by Gauss–Jordan elimination
    system = [[sum(x[i] * x[j] for x in centred) + (shrink if i == j else 0.0) for j in range(k)]
              + [sum(x[i] * (w - mean_win) for x, w in zip(centred, wins, strict=True))]
              for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(system[r][col]))
        system[col], system[pivot] = system[pivot], system[col]
        lead = system[col][col]
        system[col] = [v / lead for v in system[col]]
        for row in range(k):
            if row != col and system[row][col]:
                factor = system[row][col]
                system[row] = [a - factor * b for a, b in zip(system[row], system[col],
                                                              strict=True)]
    return [system[i][k] for i in range(k)]


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
