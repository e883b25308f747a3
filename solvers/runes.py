"""Runes of Wyrd deck builder: the best 20 cards, Chapters, Threads and Initiative, with CP-SAT.

The problem splits in two (see `solvers.runes_order`): the order of a deck only matters to the
ordering goals, and those only see which goal cards are in the deck and the Wyrd Points. So we

1. find, for every set of goal cards, the best arrangement and its goal value (exact
   enumeration, independent of the rest of the deck);
2. choose the 20 cards with CP-SAT: card values + synergy + the value of the goal-card set the
   deck contains (one Boolean per set, exactly one true).

Before step 2, cards that cannot be in any of the k best decks are set aside: a card with no
synergy, goal, wish or shared unique property loses to any better-or-equal such card of its
rarity or lower, and when at least 19 + k copies of those exist one is always free to swap in
(lower rarities never break a rarity limit). This keeps the model small for large collections.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ortools.sat.python import cp_model

from solvers import cpsat
from solvers.runes_explain import Conflict, Wish, explain_infeasible
from solvers.runes_order import Arrangement, Goal, best_arrangements
from tablekit.core.errors import ConfigError
from tablekit.runes.cards import HEROES, Card, cards_by_id, check_collection
from tablekit.runes.deck import DECK_SIZE, RARITY_LIMITS, unique_groups
from tablekit.runes.odds import chapter_precedence, first_probability
from tablekit.runes.preparation import CHAPTER_SIZE, Plan, PrepOptions, Slot, wyrd_points_spent

SCALE = 10**6  # objective coefficients are value × SCALE, rounded to integers
LP_SUBSOLVERS = ("max_lp", "default_lp", "quick_restart", "core")

__all__ = ["BuildResult", "Conflict", "Goal", "Wish", "build_deck", "build_for_win_rate", "presence",
           "synergy_terms"]


@dataclass(frozen=True)
class BuildResult:
    """A built deck and its plan, or (status "infeasible") the conflicts and wishes to drop;
    status "unknown" when the time limit ran out before any deck was found."""

    status: str
    cards: tuple[Card, ...] = ()
    chapters: tuple[tuple[Card, ...], ...] = ()
    initiative: tuple[tuple[int, ...], ...] = ()
    threads: tuple[tuple[Slot, Slot], ...] = ()
    objective: Fraction | None = None
    conflicts: tuple[Conflict, ...] = ()
    drop: tuple[Wish, ...] = ()
    card_value: Fraction = Fraction(0)
    synergy_value: Fraction = Fraction(0)
    goal_odds: dict[str, Fraction] = field(default_factory=dict)
    wyrd_points: int = 0
    alternatives: tuple[BuildResult, ...] = ()
    solve_time: float = 0.0
    wall_time: float = 0.0

    @property
    def plan(self) -> Plan:
        """The deck's preparation plan (Chapters of card ids)."""
        ids = tuple(tuple(card.id for card in chapter) for chapter in self.chapters)
        return Plan(ids, self.initiative, self.threads)

    @property
    def decks(self) -> tuple[BuildResult, ...]:
        """This deck followed by its alternatives (the k best)."""
        return (self, *self.alternatives) if self.status != "infeasible" else ()


def build_deck(collection: Mapping[Card, int], values: Mapping[str, float], *,
               must_include: Iterable[str | Card] | Mapping[str | Card, int] = (),
               exclude: Iterable[str | Card] = (),
               synergy: Mapping[tuple[str, str], float] | None = None,
               goals: Sequence[Goal | tuple] = (),
               hero: str | None = None,
               options: PrepOptions | None = None,
               k: int = 1, seed: int = 0, workers: int = 1,
               time_limit: float = 10.0) -> BuildResult:
    """The deck, Chapters, Threads and Initiative maximising value + synergy + goal odds."""
    started = time.perf_counter()
    options = PrepOptions() if options is None else options
    if not isinstance(options, PrepOptions):
        raise ConfigError(f"options must be a PrepOptions, not {options!r}")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ConfigError(f"k (how many best decks) must be a whole number ≥ 1, not {k!r}")
    owned = check_collection(collection)
    cards = cards_by_id(owned)
    value = _card_values(values, cards)
    wishes = _wishes(must_include, exclude, hero, cards)
    pairs = _synergy(synergy or {}, cards)
    goal_list = [_goal(g, cards) for g in goals]
    goal_cards = sorted({c for g in goal_list for c in g.cards})
    subsets = [frozenset(s) for r in range(len(goal_cards) + 1)
               for s in itertools.combinations(goal_cards, r)]
    arrangements = best_arrangements(goal_list, subsets, options)
    usable = _usable(owned, wishes)
    keep = _keep(usable, value, pairs, goal_cards, wishes, k)
    model = _DeckModel(keep, usable, value, pairs, arrangements, wishes)
    found: list[BuildResult] = []
    solve_time = 0.0
    for _ in range(k):
        solver, status = model.solve(seed, workers, time_limit)
        solve_time += solver.wall_time
        if status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"invalid deck model: {model.model.validate()}")
        if status == cp_model.UNKNOWN and not found:
            return BuildResult("unknown", solve_time=solve_time,
                               wall_time=time.perf_counter() - started)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        counts = model.counts(solver)
        subset = model.goal_set(solver)
        found.append(_result("optimal" if status == cp_model.OPTIMAL else "feasible", counts,
                             cards, value, pairs, goal_list, arrangements[subset], options))
        model.forbid(counts)
    wall = time.perf_counter() - started
    if not found:
        hero_of = {cid: card.hero for cid, card in cards.items()}
        conflicts, drop = explain_infeasible(owned, wishes, hero_of, seed, workers)
        return BuildResult("infeasible", conflicts=tuple(conflicts), drop=tuple(drop),
                           solve_time=solve_time, wall_time=time.perf_counter() - started)
    best, *rest = found
    return replace(best, alternatives=tuple(rest), solve_time=solve_time, wall_time=wall)


class _DeckModel:
    """The card-choice CP-SAT model: copies per kept card, and one Boolean per goal-card set."""

    def __init__(self, keep: list[Card], usable: Mapping[Card, int], value: Mapping[str, Fraction],
                 pairs: Mapping[tuple[str, str], Fraction],
                 arrangements: Mapping[frozenset[str], Arrangement], wishes: Sequence[Wish]) -> None:
        model = self.model = cp_model.CpModel()
        self.copies = {c.id: model.new_int_var(0, usable[c], f"copies[{c.id}]") for c in keep}
        by_id = cards_by_id(keep)
        # Build: exactly twenty cards.
        model.add(sum(self.copies.values()) == DECK_SIZE)
        # Rarity: the cumulative limits on premium cards.
        for _, rarities, limit, _ in RARITY_LIMITS:
            model.add(sum(v for cid, v in self.copies.items()
                          if by_id[cid].rarity in rarities) <= limit)
        # Unique properties: at most one card carrying each (single cards are capped at 1).
        for members in unique_groups(keep).values():
            if len(members) > 1:
                model.add(sum(self.copies[c.id] for c in members) <= 1)
        # Wishes: the requested copies of each included card.
        for wish in wishes:
            if wish.kind == "include":
                model.add(self._copies_of(wish.card) >= wish.copies)
        # Presence: a card counts for synergy and goals exactly when at least one copy is in.
        goal_cards = {c for s in arrangements for c in s}
        needed = {c for pair in pairs for c in pair} | goal_cards
        present = presence(model, {cid: self._copies_of(cid) for cid in sorted(needed)})
        # Synergy: a pair scores when both cards are present.
        terms = [_scaled(value[cid]) * v for cid, v in self.copies.items()]
        terms += synergy_terms(model, present, {pair: _scaled(b) for pair, b in pairs.items()})
        # Goals: exactly one set of goal cards is the one in the deck; it brings its best odds.
        self.goal_sets = {s: model.new_bool_var(f"goal_set[{','.join(sorted(s))}]")
                          for s in arrangements}
        model.add_exactly_one(self.goal_sets.values())
        for cid in sorted(goal_cards):
            model.add(present[cid] == sum(v for s, v in self.goal_sets.items() if cid in s))
        terms += [_scaled(arrangements[s].value) * v for s, v in self.goal_sets.items()]
        model.maximize(sum(terms))

    def _copies_of(self, cid: str) -> cp_model.IntVar:
        """The copies variable of a card; a fixed 0 for a card that cannot be used."""
        if cid not in self.copies:
            self.copies[cid] = self.model.new_int_var(0, 0, f"copies[{cid}]")
        return self.copies[cid]

    def solve(self, seed: int, workers: int, time_limit: float
              ) -> tuple[cp_model.CpSolver, int]:
        """Solve with a fixed seed and worker count."""
        # The LP relaxation of this model is nearly exact: give every worker the full LP
        # (the default 2-worker portfolio keeps a weak LP and cannot close the gap).
        solver = cpsat.solver(seed, workers, time_limit, linearization_level=2)
        for name in LP_SUBSOLVERS[:workers]:
            solver.parameters.subsolvers.append(name)
        return solver, solver.solve(self.model)

    def counts(self, solver: cp_model.CpSolver) -> dict[str, int]:
        """Copies per card in the solution."""
        return {cid: solver.value(v) for cid, v in self.copies.items() if solver.value(v)}

    def goal_set(self, solver: cp_model.CpSolver) -> frozenset[str]:
        """The goal cards the solution's deck holds."""
        return next(s for s, v in self.goal_sets.items() if solver.value(v))

    def forbid(self, counts: Mapping[str, int]) -> None:
        """Exclude this exact deck so the next solve finds the next best distinct one."""
        # Distinct decks: fewer than twenty of these copies may be reused.
        reused = []
        for cid, n in counts.items():
            kept = self.model.new_int_var(0, n, f"reused[{cid}]")
            self.model.add_min_equality(kept, [self.copies[cid], n])
            reused.append(kept)
        self.model.add(sum(reused) <= DECK_SIZE - 1)


def presence(model: cp_model.CpModel, copies: Mapping[str, cp_model.IntVar]
             ) -> dict[str, cp_model.IntVar]:
    """One Boolean per card: true exactly when at least one of its (at most 2) copies is in."""
    present = {}
    for cid, count in copies.items():
        present[cid] = model.new_bool_var(f"present[{cid}]")
        model.add(present[cid] <= count)
        model.add(count <= 2 * present[cid])
    return present


def synergy_terms(model: cp_model.CpModel, present: Mapping[str, cp_model.IntVar],
                  bonuses: Mapping[tuple[str, str], int]) -> list[cp_model.LinearExpr]:
    """Objective terms for synergy pairs: an integer bonus when both cards are present (a
    linear AND, tight in the LP; forced to 1 only for a negative bonus)."""
    terms = []
    for (a, b), bonus in bonuses.items():
        both = model.new_bool_var(f"synergy[{a},{b}]")
        model.add(both <= present[a])
        model.add(both <= present[b])
        if bonus < 0:
            model.add(both >= present[a] + present[b] - 1)
        terms.append(bonus * both)
    return terms


def _result(status: str, counts: Mapping[str, int], cards: Mapping[str, Card],
            value: Mapping[str, Fraction], pairs: Mapping[tuple[str, str], Fraction],
            goals: Sequence[Goal], arrangement: Arrangement, options: PrepOptions) -> BuildResult:
    plan, goal_slots = _plan(counts, cards, arrangement)
    odds = {str(g): _goal_odds(g, plan, goal_slots) for g in goals}
    card_value = sum((value[cid] * n for cid, n in counts.items()), Fraction(0))
    synergy_value = sum((bonus for (a, b), bonus in pairs.items() if a in counts and b in counts),
                        Fraction(0))
    goal_value = sum((_exact(g.weight) * odds[str(g)] for g in goals), Fraction(0))
    deck = tuple(sorted((cards[cid] for cid, n in counts.items() for _ in range(n)),
                        key=_card_order))
    chapters = tuple(tuple(cards[cid] for cid in chapter) for chapter in plan.chapters)
    return BuildResult(status, deck, chapters, plan.initiative, plan.threads,
                       card_value + synergy_value + goal_value, card_value=card_value,
                       synergy_value=synergy_value, goal_odds=odds,
                       wyrd_points=wyrd_points_spent(plan, options))


def _plan(counts: Mapping[str, int], cards: Mapping[str, Card], arrangement: Arrangement
          ) -> tuple[Plan, dict[str, Slot]]:
    """Lay the deck out: goal cards where the arrangement says, other cards fill the rest."""
    goal_cards = {item for layout in arrangement.chapters if layout for item in layout.items}
    # spare copies of goal cards go last, so they land in Chapters without goals when possible
    fillers = sorted((cid for cid, n in counts.items() for _ in range(n)),
                     key=lambda cid: (cid in goal_cards, _card_order(cards[cid])))
    goal_slots: dict[str, Slot] = {}
    for layout in arrangement.chapters:
        for item in layout.items if layout else ():
            if item is not None:
                fillers.remove(item)
    chapters, initiative, threads = [], [], []
    for ch, layout in enumerate(arrangement.chapters):
        if layout is None:
            chapters.append(tuple(fillers.pop(0) for _ in range(CHAPTER_SIZE)))
            initiative.append((0,) * CHAPTER_SIZE)
            continue
        row = []
        for place, item in enumerate(layout.items):
            if item is not None:
                goal_slots[item] = (ch, place)
            row.append(item if item is not None else fillers.pop(0))
        chapters.append(tuple(row))
        initiative.append(layout.initiative)
        threads += [((ch, a), (ch, b)) for a, b in layout.threads]
    return Plan(tuple(chapters), tuple(initiative), tuple(threads)), goal_slots


def _goal_odds(goal: Goal, plan: Plan, slots: Mapping[str, Slot]) -> Fraction:
    """The exact probability that a goal holds under the plan."""
    if any(card not in slots for card in goal.cards):
        return Fraction(0)
    x = slots[goal.card]
    if goal.kind == "first":
        blocks = plan.blocks(x[0])
        index = next((i for i, b in enumerate(blocks) if b.slots[0] == x), None)
        return Fraction(0) if index is None else first_probability(
            [b.initiative for b in blocks], index)
    y = slots[goal.other]
    if x[0] != y[0]:
        return Fraction(int(x[0] < y[0]))
    return chapter_precedence(plan, x[0])[(x, y)]


def _usable(owned: Mapping[Card, int], wishes: Sequence[Wish]) -> dict[Card, int]:
    """Copies each card may contribute: owned, copy limit, unique, exclusions and hero."""
    banned = {w.card for w in wishes if w.kind == "exclude"}
    heroes = {w.card for w in wishes if w.kind == "hero"}
    usable = {}
    for card, n in owned.items():
        allowed = card.id not in banned and (not heroes or card.hero in (None, *heroes))
        cap = min(n, card.copy_limit, 1 if card.unique else 2) if allowed else 0
        usable[card] = cap
    return usable


def _keep(usable: Mapping[Card, int], value: Mapping[str, Fraction],
          pairs: Mapping[tuple[str, str], Fraction], goal_cards: Sequence[str],
          wishes: Sequence[Wish], k: int) -> list[Card]:
    """The cards that can appear in one of the k best decks (dominated plain cards dropped)."""
    available = [c for c, n in usable.items() if n > 0]
    special = {c for pair in pairs for c in pair} | set(goal_cards) | {
        w.card for w in wishes if w.kind == "include"}
    shared = {u for u, members in unique_groups(available).items() if len(members) > 1}
    plain = [c for c in available if c.id not in special and c.unique not in shared]
    kept = set(available) - set(plain)
    # float first (fast, and monotone in the exact value), the exact value to settle ties
    ranked = sorted(plain, key=lambda c: (-float(value[c.id]), -value[c.id], c.id))
    for rank in range(5):
        better = 0
        for card in (c for c in ranked if c.rarity.rank <= rank):
            if card.rarity.rank == rank and better < DECK_SIZE - 1 + k:
                kept.add(card)
            better += usable[card]
    return sorted(kept, key=lambda c: c.id)


def _card_values(values: Mapping[str | Card, Any], cards: Mapping[str, Card]
                 ) -> dict[str, Fraction]:
    values = {_card_id(cid): v for cid, v in values.items()}
    for cid, v in values.items():
        if cid not in cards:
            raise ConfigError(f"values name card {cid!r}, which is not in the collection")
        _finite(v, f"value of {cid!r}")
    return {cid: _exact(values.get(cid, 0)) for cid in cards}


def _wishes(must_include: Iterable[str | Card] | Mapping[str | Card, int],
            exclude: Iterable[str | Card],
            hero: str | None, cards: Mapping[str, Card]) -> list[Wish]:
    if isinstance(must_include, str) or isinstance(exclude, str):
        raise ConfigError("must_include and exclude take lists of card ids, not one string")
    wanted: dict[str, int] = {}
    if isinstance(must_include, Mapping):
        wanted = {_card_id(cid): n for cid, n in must_include.items()}
    else:
        for cid in map(_card_id, must_include):
            wanted[cid] = wanted.get(cid, 0) + 1
    wishes = []
    for cid, n in wanted.items():
        _known(cid, cards, "must_include")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ConfigError(f"must_include asks {n!r} copies of {cid!r}; give a whole number ≥ 1")
        wishes.append(Wish("include", cid, n))
    for cid in dict.fromkeys(map(_card_id, exclude)):
        _known(cid, cards, "exclude")
        wishes.append(Wish("exclude", cid))
    if hero is not None:
        if hero not in HEROES:
            raise ConfigError(f"unknown hero {hero!r}; heroes: {', '.join(HEROES)}")
        wishes.append(Wish("hero", hero))
    return wishes


def _synergy(synergy: Mapping[tuple[str, str], Any], cards: Mapping[str, Card]
             ) -> dict[tuple[str, str], Fraction]:
    pairs: dict[tuple[str, str], Fraction] = {}
    for pair, bonus in synergy.items():
        if not isinstance(pair, tuple) or len(pair) != 2 or pair[0] == pair[1]:
            raise ConfigError(f"synergy key {pair!r} must be a pair of two different card ids")
        for cid in pair:
            _known(cid, cards, "synergy")
        _finite(bonus, f"synergy bonus of {pair!r}")
        key = tuple(sorted(pair))
        pairs[key] = pairs.get(key, Fraction(0)) + _exact(bonus)
    return pairs


def _goal(goal: Goal | tuple, cards: Mapping[str, Card]) -> Goal:
    if not isinstance(goal, Goal):
        if not isinstance(goal, tuple | list) or not goal:
            raise ConfigError(f"a goal is a Goal or a tuple like ('first', card) or "
                              f"('before', card, other), not {goal!r}")
        kind, *rest = goal
        try:
            goal = Goal.first(*rest) if kind == "first" else Goal.before(*rest) \
                if kind == "before" else Goal(kind, *rest)
        except TypeError as exc:
            raise ConfigError(f"goal {goal!r}: 'first' takes a card (and a weight), 'before' "
                              "two cards (and a weight)") from exc
    for cid in goal.cards:
        _known(cid, cards, "goals")
    return goal


def _finite(number: Any, label: str) -> None:
    if isinstance(number, bool) or not isinstance(number, int | float | Fraction) \
            or not math.isfinite(number):
        raise ConfigError(f"{label} must be a finite number, not {number!r}")


def _card_id(card: str | Card) -> str:
    return card.id if isinstance(card, Card) else card


def _known(cid: str, cards: Mapping[str, Card], where: str) -> None:
    if cid not in cards:
        raise ConfigError(f"{where} names card {cid!r}, which is not in the collection")


def _exact(number: Any) -> Fraction:
    return Fraction(str(number)) if isinstance(number, float) else Fraction(number)


def _scaled(number: Fraction | float) -> int:
    return round(number * SCALE)


def _card_order(card: Card) -> tuple:
    return (-card.rarity.rank, card.type.value, card.id)


def build_for_win_rate(*args: Any, **kwargs: Any) -> Any:
    """The win-rate goal: a deck built against an opponent deck or a field with simulated duels
    in the loop (`solvers.runes_winrate.build_for_win_rate`, which documents the arguments)."""
    from solvers.runes_winrate import build_for_win_rate as build
    return build(*args, **kwargs)
