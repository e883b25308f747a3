"""Runes of Wyrd ordering: the best Chapters, Threads and Initiative for the ordering goals.

The order of a deck only matters to the goals, and the goals only see the goal cards: every
other card is an interchangeable "filler" (no rule ties Threads or Initiative to a card's
kind). So the best arrangement depends only on which goal cards are in the deck and on the
Wyrd Points. For each set of goal cards it is found exactly by enumeration: split the goal
cards into Chapters (set partitions, then the best order of those Chapters), and inside a
Chapter try every Thread structure and Initiative, keeping the best value per Wyrd Point cost;
Chapters are then combined by a knapsack over the budget. Filler Initiative is only tried at
0 or below (raising a filler never helps a goal) and only when a "first" goal shares the
Chapter. Probabilities are floats here (for speed); callers recompute them exactly.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from tablekit.core.errors import ConfigError
from tablekit.runes.preparation import (
    CHAPTER_SIZE,
    CHAPTERS,
    INITIATIVE_COSTS,
    MAX_INITIATIVE,
    RANDOM_SPAN,
    PrepOptions,
)

INITIATIVES = tuple(range(-MAX_INITIATIVE, MAX_INITIATIVE + 1))
FILLER_INITIATIVES = tuple(range(0, -MAX_INITIATIVE - 1, -1))  # 0, -1, ..., -MAX_INITIATIVE
MAX_GOAL_CARDS = 6


@dataclass(frozen=True, slots=True)
class Goal:
    """An ordering wish: `card` first in its Chapter, or `card` placed before `other`."""

    kind: str
    card: str
    other: str | None = None
    weight: float = 1.0

    @classmethod
    def first(cls, card: str, weight: float = 1.0) -> Goal:
        """`card` is the first card of its Chapter."""
        return cls("first", card, None, weight)

    @classmethod
    def before(cls, card: str, other: str, weight: float = 1.0) -> Goal:
        """`card` is played before `other` (same Chapter: by the shuffle; else by Chapter)."""
        return cls("before", card, other, weight)

    def __post_init__(self) -> None:
        if self.kind not in ("first", "before"):
            raise ConfigError(f"goal kind {self.kind!r} is not 'first' or 'before'")
        if (self.kind == "before") != (self.other is not None):
            raise ConfigError(f"goal {self.kind} {self.card!r}: 'before' needs a second card, "
                              "'first' takes none")
        if self.other == self.card:
            raise ConfigError(f"goal 'before' names {self.card!r} twice")
        if isinstance(self.weight, bool) or not isinstance(self.weight, int | float | Fraction) \
                or not 0 <= self.weight < math.inf:
            raise ConfigError(f"goal weight {self.weight!r} must be a finite number ≥ 0")

    @property
    def cards(self) -> tuple[str, ...]:
        """The goal's card ids."""
        return (self.card,) if self.other is None else (self.card, self.other)

    def __str__(self) -> str:
        if self.kind == "first":
            return f"{self.card} first in its Chapter"
        return f"{self.card} before {self.other}"


@dataclass(frozen=True, slots=True)
class ChapterLayout:
    """One Chapter's arrangement: 5 items (goal card id, or None for any other card)."""

    items: tuple[str | None, ...]
    initiative: tuple[int, ...]
    threads: tuple[tuple[int, int], ...]
    cost: int
    value: float


@dataclass(frozen=True, slots=True)
class Arrangement:
    """The best arrangement for one set of goal cards: a layout (or None) per Chapter."""

    chapters: tuple[ChapterLayout | None, ...]
    value: float
    cost: int


def best_arrangements(goals: Sequence[Goal], subsets: Iterable[frozenset[str]],
                      options: PrepOptions | None = None) -> dict[frozenset[str], Arrangement]:
    """The best arrangement and its goal value for each set of goal cards in the deck."""
    options = options or PrepOptions()
    cards = sorted({c for g in goals for c in g.cards})
    if len(cards) > MAX_GOAL_CARDS:
        raise ConfigError(f"ordering goals name {len(cards)} cards; at most {MAX_GOAL_CARDS} "
                          "are supported")
    tables: dict[frozenset[str], list[tuple[float, ChapterLayout]]] = {}
    return {s: _best_for(s, goals, options, tables) for s in subsets}


def first_chance(own: int, others: tuple[int, ...]) -> float:
    """Float P(a block with Initiative `own` beats blocks with `others`) (cached)."""
    return _first_chance(own, tuple(sorted(others)))


def before_chance(a: int, b: int) -> float:
    """Float P(Initiative a placed before Initiative b)."""
    gap = b - a
    if gap >= RANDOM_SPAN:
        return 0.0
    if gap <= -RANDOM_SPAN:
        return 1.0
    square = 2 * RANDOM_SPAN ** 2
    return (RANDOM_SPAN - gap) ** 2 / square if gap >= 0 else 1 - (RANDOM_SPAN + gap) ** 2 / square


def _best_for(cards: frozenset[str], goals: Sequence[Goal], options: PrepOptions,
              tables: dict) -> Arrangement:
    live = [g for g in goals if set(g.cards) <= cards]
    budget = options.wyrd_points
    best = Arrangement((None,) * CHAPTERS, 0.0, 0)
    best_value = -1.0
    for groups in _set_partitions(sorted(cards)):
        if len(groups) > CHAPTERS or any(len(g) > CHAPTER_SIZE for g in groups):
            continue
        if _upper_bound(groups, live, options, tables) <= best_value + 1e-12:
            continue  # even the most hopeful odds in this split cannot beat the best found
        combined: list[tuple[float, tuple]] = [(0.0, ())] * (budget + 1)
        for group in groups:
            table = _chapter_table(frozenset(group), live, options, tables)
            combined = _knapsack(combined, table)
        inside_value, layouts = combined[budget]
        for order in itertools.permutations(range(len(groups))):
            chapter_of = {c: pos for pos, gi in enumerate(order) for c in groups[gi]}
            cross = sum(g.weight for g in live if g.kind == "before"
                        and chapter_of[g.card] < chapter_of[g.other])
            if inside_value + cross > best_value + 1e-12:
                best_value = inside_value + cross
                placed = [layouts[gi] for gi in order] + [None] * (CHAPTERS - len(groups))
                best = Arrangement(tuple(placed), best_value,
                                   sum(lay.cost for lay in layouts))
    return best


def _upper_bound(groups: list[list[str]], goals: Sequence[Goal], options: PrepOptions,
                 tables: dict) -> float:
    """Every "before" goal met, and each "first" goal as likely as if its card had its
    Chapter's Wyrd Points to itself (other goal cards can only do as well as fillers); one
    Chapter has one first card, so its "first" goals are worth at most their top weight."""
    bound = sum(g.weight for g in goals if g.kind == "before")
    budget = options.wyrd_points
    combined = [0.0] * (budget + 1)
    for group in groups:
        firsts = [_chapter_table(frozenset({card}), goals, options, tables)
                  for card in group if any(g.kind == "first" and g.card == card for g in goals)]
        cap = max((g.weight for g in goals if g.kind == "first" and g.card in group), default=0)
        hopeful = [min(cap, sum(t[b][0] for t in firsts)) for b in range(budget + 1)]
        combined = [max(combined[b] + hopeful[total - b] for b in range(total + 1))
                    for total in range(budget + 1)]
    return bound + combined[budget]


def _knapsack(left: list[tuple[float, tuple]], right: list[tuple[float, ChapterLayout]]
              ) -> list[tuple[float, tuple]]:
    """Best total value within each budget from two budget-indexed tables (prefix maxima)."""
    out = []
    for budget in range(len(left)):
        sums = [left[b][0] + right[budget - b][0] for b in range(budget + 1)]
        best = max(sums)
        b = sums.index(best)  # the first best split, as max() keeps the first of equals
        out.append((best, (*left[b][1], right[budget - b][1])))
    return out


def _set_partitions(items: list[str]) -> Iterator[list[list[str]]]:
    if not items:
        yield []
        return
    head, rest = items[0], items[1:]
    for partition in _set_partitions(rest):
        yield [[head], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [head, *partition[i]], *partition[i + 1:]]


def _chapter_table(group: frozenset[str], goals: Sequence[Goal], options: PrepOptions,
                   tables: dict) -> list[tuple[float, ChapterLayout]]:
    """Best layout of one Chapter holding these goal cards, for every budget 0..W."""
    if group in tables:
        return tables[group]
    inner = [g for g in goals if set(g.cards) <= group]
    budget = options.wyrd_points
    items = (*sorted(group), *([None] * (CHAPTER_SIZE - len(group))))
    best: list[tuple | None] = [None] * (budget + 1)
    for cost, value, init, threads in _layouts(items, inner, options):
        if cost <= budget and (best[cost] is None or value > best[cost][0] + 1e-12):
            best[cost] = (value, init, threads)
    table: list[tuple[float, ChapterLayout]] = []
    for cost, entry in enumerate(best):  # prefix maxima: spending less is always allowed
        if entry is not None and (not table or entry[0] > table[-1][0] + 1e-12):
            value, init, threads = entry
            table.append((value, ChapterLayout(items, init, threads, cost, value)))
        else:
            table.append(table[-1])
    tables[group] = table
    return table


def _layouts(items: tuple[str | None, ...], goals: Sequence[Goal], options: PrepOptions
             ) -> Iterator[tuple[int, float, tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """(cost, goal value, Initiative, Threads) of every distinct layout of one Chapter."""
    has_first = any(g.kind == "first" for g in goals)
    index = {card: i for i, card in enumerate(items) if card is not None}
    for threads in _thread_structures(items, fillers_matter=has_first):
        heads, member_of = _blocks(len(items), threads)
        head_of = {m: h for h, members in member_of.items() for m in members}
        goal_heads = [h for h in heads if any(items[m] is not None for m in member_of[h])]
        filler_heads = [h for h in heads if h not in goal_heads]
        checks = _goal_checks(goals, index, head_of, heads, threads)
        thread_cost = options.thread_cost * len(threads)
        filler_choices = (list(itertools.combinations_with_replacement(
            FILLER_INITIATIVES, len(filler_heads))) if has_first else [(0,) * len(filler_heads)])
        for filler_inits in filler_choices:
            base = [0] * len(items)
            for h, v in zip(filler_heads, filler_inits, strict=True):
                base[h] = v
            base_cost = thread_cost + sum(INITIATIVE_COSTS[-v] for v in filler_inits)
            for goal_inits in itertools.product(INITIATIVES, repeat=len(goal_heads)):
                init = base[:]
                for h, v in zip(goal_heads, goal_inits, strict=True):
                    init[h] = v
                cost = base_cost + sum(INITIATIVE_COSTS[abs(v)] for v in goal_inits)
                yield cost, _value(checks, init), tuple(init), threads


def _goal_checks(goals: Sequence[Goal], index: dict[str, int], head_of: dict[int, int],
                 heads: list[int], threads: tuple[tuple[int, int], ...]) -> list[tuple]:
    """Per goal, what its chance depends on in this Thread structure."""
    checks = []
    for goal in goals:
        x = index[goal.card]
        if goal.kind == "first":
            if head_of[x] == x:
                checks.append(("first", goal.weight, x, tuple(h for h in heads if h != x)))
            continue
        y = index[goal.other]
        if head_of[x] == head_of[y]:
            checks.append(("fixed", goal.weight * ((x, y) in threads)))
        else:
            checks.append(("before", goal.weight, head_of[x], head_of[y]))
    return checks


def _value(checks: list[tuple], init: list[int]) -> float:
    total = 0.0
    for check in checks:
        if check[0] == "first":
            total += check[1] * first_chance(init[check[2]], tuple(init[h] for h in check[3]))
        elif check[0] == "before":
            total += check[1] * before_chance(init[check[2]], init[check[3]])
        else:
            total += check[1]
    return total


def _blocks(size: int, threads: tuple[tuple[int, int], ...]
            ) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    seconds = {b for _, b in threads}
    partner = dict(threads)
    heads = [i for i in range(size) if i not in seconds]
    return heads, {h: (h, partner[h]) if h in partner else (h,) for h in heads}


def _thread_structures(items: tuple[str | None, ...], fillers_matter: bool
                       ) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every oriented matching on the items, once per shape (fillers are interchangeable)."""
    seen: set[tuple] = set()
    for threads in _matchings(list(range(len(items)))):
        if not fillers_matter and any(items[a] is None or items[b] is None for a, b in threads):
            continue
        shape = tuple(sorted((items[a] or "~", items[b] or "~") for a, b in threads))
        if shape not in seen:
            seen.add(shape)
            yield threads


def _matchings(free: list[int]) -> Iterator[tuple[tuple[int, int], ...]]:
    if len(free) < 2:
        yield ()
        return
    first, rest = free[0], free[1:]
    yield from _matchings(rest)
    for j, other in enumerate(rest):
        remaining = rest[:j] + rest[j + 1:]
        for tail in _matchings(remaining):
            yield ((first, other), *tail)
            yield ((other, first), *tail)


@cache
def _first_chance(own: int, others: tuple[int, ...]) -> float:
    """(1/S) * integral over [own, own+S] of prod_j F_j(x), S = RANDOM_SPAN, piece by piece."""
    span = RANDOM_SPAN
    cuts = sorted({own, own + span} | {e for a in others for e in (a, a + span)
                                       if own < e < own + span})
    total = 0.0
    for lo, hi in itertools.pairwise(cuts):
        poly = [1.0]
        for a in others:
            if hi <= a:
                poly = [0.0]
                break
            if lo < a + span:
                poly = _times_linear(poly, -a / span, 1 / span)
        total += sum(c * (hi ** (k + 1) - lo ** (k + 1)) / (k + 1) for k, c in enumerate(poly))
    return total / span


def _times_linear(poly: list[float], c0: float, c1: float) -> list[float]:
    out = [0.0] * (len(poly) + 1)
    for k, c in enumerate(poly):
        out[k] += c * c0
        out[k + 1] += c * c1
    return out
