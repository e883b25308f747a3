"""Runes of Wyrd decks as candidates of the shared optimiser: what a prepared deck is worth to the model, its
random legal neighbours, and the CP-SAT model that lays out the best deck for fitted worths.

A prepared deck is valued through three numbers per card (the model's features):

- `copies:<card>` — how many copies it holds;
- `chapter:<card>` — how late its copies come (the sum of their Chapter index, 0 to 1 each);
- `initiative:<card>` — how much Initiative its copies carry (the sum, in thirds of the maximum +3).

`best_plans` chooses the twenty cards, how many of each go in each Chapter and the Initiative of every copy,
maximising those worths under the construction rules (deck size, copies owned, copy limit, unique properties,
rarity limits, the Hero's own cards) and the 25 Wyrd Points; Threads of Fate are kept only by the neighbours of a
deck that has them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from ortools.sat.python import cp_model

from solvers.cpsat import solver
from tablekit.runes.cards import Card
from tablekit.runes.deck import DECK_SIZE, RARITY_LIMITS, unique_groups
from tablekit.runes.preparation import (
    CHAPTER_SIZE,
    CHAPTERS,
    INITIATIVE_COSTS,
    MAX_INITIATIVE,
    Plan,
    PrepOptions,
    check_plan,
)

SCALE = 10**5  # worths are scaled to integers for CP-SAT
SPEND_PENALTY = 1  # per Wyrd Point (scaled): Initiative nobody valued is not bought
LEVELS = range(-MAX_INITIATIVE, MAX_INITIATIVE + 1)
TRIES = 40  # random moves tried per neighbour wanted


def usable_copies(collection: Mapping[Card, int], hero: str) -> dict[Card, int]:
    """Copies of each card the Hero's deck may hold: owned, copy limit, one of a unique card, own or neutral."""
    return {card: min(owned, card.copy_limit, 1 if card.unique else 2) for card, owned in collection.items()
            if owned > 0 and card.hero in (None, hero)}


def plan_features(plan: Plan) -> dict[str, float]:
    """A prepared deck as named numbers: per card its copies, how late they come, their Initiative."""
    found: Counter[str] = Counter()
    for chapter, cards in enumerate(plan.chapters):
        for place, card in enumerate(cards):
            found[f"copies:{card}"] += 1.0
            found[f"chapter:{card}"] += chapter / (CHAPTERS - 1)
            found[f"initiative:{card}"] += plan.initiative[chapter][place] / MAX_INITIATIVE
    return dict(found)


def is_legal(plan: Plan, usable: Mapping[Card, int], pool: Mapping[str, Card], options: PrepOptions) -> bool:
    """Whether the plan is a legal prepared deck the Hero may play from this collection."""
    allowed = {card.id: copies for card, copies in usable.items()}
    counts = Counter(plan.card_ids())
    if any(allowed.get(card, 0) < n for card, n in counts.items()):
        return False
    return not check_plan(plan, pool, dict(usable), options)


def neighbours(around: Plan, usable: Mapping[Card, int], pool: Mapping[str, Card], options: PrepOptions,
               rng: random.Random, count: int) -> list[Plan]:
    """Up to `count` legal decks one or two moves from `around`: a card swapped for another, two cards trading
    Chapters, or one card's Initiative changed by one."""
    cards = sorted(card.id for card in usable)
    found: list[Plan] = []
    for _ in range(count * TRIES):
        if len(found) == count:
            break
        plan = around
        for _ in range(rng.choice((1, 1, 2))):
            plan = _move(plan, cards, rng)
        if plan != around and plan not in found and is_legal(plan, usable, pool, options):
            found.append(plan)
    return found


def best_plans(worth: Mapping[str, float], usable: Mapping[Card, int], options: PrepOptions,
               avoid: Sequence[Plan], count: int, seed: int = 0) -> list[Plan]:
    """Up to `count` distinct Chapter layouts, best first by `worth`, none laid out as a deck in `avoid` (CP-SAT)."""
    model = _LayoutModel(worth, usable, options)
    for plan in avoid:
        model.forbid(plan)
    found: list[Plan] = []
    for _ in range(count):
        checking = solver(seed=seed, workers=1, seconds=5.0)
        if checking.solve(model.model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        plan = model.plan(checking)
        found.append(plan)
        model.forbid(plan)
    return found


class _LayoutModel:
    """Copies per card and Chapter, Initiative levels per card, under the deck's rules and the Wyrd Points."""

    def __init__(self, worth: Mapping[str, float], usable: Mapping[Card, int], options: PrepOptions) -> None:
        model = self.model = cp_model.CpModel()
        self.cards = sorted((c for c, n in usable.items() if n > 0), key=lambda c: c.id)
        self.caps = {c.id: usable[c] for c in self.cards}
        copies = {c.id: model.new_int_var(0, usable[c], f"copies[{c.id}]") for c in self.cards}
        self.placed = {(c.id, ch): model.new_int_var(0, usable[c], f"placed[{c.id},{ch}]")
                       for c in self.cards for ch in range(CHAPTERS)}
        self.levels = {(c.id, v): model.new_int_var(0, usable[c], f"initiative[{c.id},{v}]")
                       for c in self.cards for v in LEVELS}
        self.at_least: dict[tuple[str, int, int], cp_model.IntVar] = {}
        # Build: twenty cards, each Chapter five of them, every copy in one Chapter and at one Initiative.
        model.add(sum(copies.values()) == DECK_SIZE)
        for ch in range(CHAPTERS):
            model.add(sum(self.placed[c.id, ch] for c in self.cards) == CHAPTER_SIZE)
        for c in self.cards:
            model.add(sum(self.placed[c.id, ch] for ch in range(CHAPTERS)) == copies[c.id])
            model.add(sum(self.levels[c.id, v] for v in LEVELS) == copies[c.id])
        # Rarity: the cumulative limits on premium cards.
        for _, rarities, limit, _ in RARITY_LIMITS:
            model.add(sum(copies[c.id] for c in self.cards if c.rarity in rarities) <= limit)
        # Unique properties: at most one card carrying each.
        for members in unique_groups(self.cards).values():
            model.add(sum(copies[c.id] for c in members) <= 1)
        # Wyrd Points: the Initiative bought costs at most the budget.
        spent = sum(INITIATIVE_COSTS[abs(v)] * self.levels[c.id, v] for c in self.cards for v in LEVELS)
        model.add(spent <= options.wyrd_points)
        # Worth: copies, how late they come and their Initiative, as the model fitted them.
        terms = []
        for c in self.cards:
            terms.append(_scaled(worth.get(f"copies:{c.id}", 0.0)) * copies[c.id])
            late = _scaled(worth.get(f"chapter:{c.id}", 0.0) / (CHAPTERS - 1))
            terms += [late * ch * self.placed[c.id, ch] for ch in range(1, CHAPTERS)]
            lead = _scaled(worth.get(f"initiative:{c.id}", 0.0) / MAX_INITIATIVE)
            terms += [lead * v * self.levels[c.id, v] for v in LEVELS if v]
        model.maximize(sum(terms) - SPEND_PENALTY * spent)

    def forbid(self, plan: Plan) -> None:
        """No solution may lay out the same cards in the same Chapters as `plan`."""
        layout = Counter((card, ch) for ch, cards in enumerate(plan.chapters) for card in cards)
        if any(n > self.caps.get(card, 0) for (card, _), n in layout.items()):
            return  # not a layout this model can make
        self.model.add_bool_or([self._at_least(card, ch, n).Not() for (card, ch), n in layout.items()])

    def plan(self, found: cp_model.CpSolver) -> Plan:
        """The solution as a plan: each Chapter's cards, highest Initiative first, no Threads."""
        levels = {c.id: sorted((v for v in LEVELS for _ in range(found.value(self.levels[c.id, v]))),
                               reverse=True) for c in self.cards}
        chapters: list[list[tuple[int, str]]] = [[] for _ in range(CHAPTERS)]
        for c in self.cards:
            for ch in range(CHAPTERS):
                for _ in range(found.value(self.placed[c.id, ch])):
                    chapters[ch].append((levels[c.id].pop(0), c.id))
        rows = [sorted(row, key=lambda item: (-item[0], item[1])) for row in chapters]
        return Plan.of([[card for _, card in row] for row in rows], [[v for v, _ in row] for row in rows])

    def _at_least(self, card: str, chapter: int, n: int) -> cp_model.IntVar:
        """A Boolean true exactly when at least `n` copies of `card` are in `chapter`."""
        key = (card, chapter, n)
        if key not in self.at_least:
            flag = self.at_least[key] = self.model.new_bool_var(f"at_least[{card},{chapter},{n}]")
            self.model.add(self.placed[card, chapter] >= n).only_enforce_if(flag)
            self.model.add(self.placed[card, chapter] <= n - 1).only_enforce_if(flag.Not())
        return self.at_least[key]


def _move(plan: Plan, cards: Sequence[str], rng: random.Random) -> Plan:
    """One random change: a card swapped, two cards trading places across Chapters, or an Initiative step."""
    chapters = [list(row) for row in plan.chapters]
    initiative = [list(row) for row in plan.initiative]
    ch, place = rng.randrange(CHAPTERS), rng.randrange(CHAPTER_SIZE)
    kind = rng.random()
    if kind < 0.6:
        chapters[ch][place] = rng.choice(cards)
    elif kind < 0.85:
        other, there = rng.randrange(CHAPTERS), rng.randrange(CHAPTER_SIZE)
        chapters[ch][place], chapters[other][there] = chapters[other][there], chapters[ch][place]
    else:
        step = rng.choice((-1, 1))
        initiative[ch][place] = max(-MAX_INITIATIVE, min(MAX_INITIATIVE, initiative[ch][place] + step))
    return Plan.of(chapters, initiative, plan.threads)


def _scaled(number: float) -> int:
    return round(number * SCALE)
