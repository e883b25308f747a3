"""DeckNForge band inscriptions: the shared optimiser (`solvers.optimise`) values pages from play.

Who plays and where: every seat is a **novice wizard** (`tablekit.forge.heuristic.Novice`: the kit's
heuristic, with half of its decisions that offer a choice made at random), in a band's first dungeon
of sample bands; Wizard 1 holds the plan, the other wizards the starter plan. The kit's heuristic alone
wins every first dungeon (2,000 of 2,000), so no plan could be told from another; the novice loses often
enough at 3 and 5 wizards, and drops HP and Bosses at 1 and 2, for the plan to decide dungeons. A game
scores its **margin** (`ForgeConfig.score="margin"`): a win 1 plus the party's HP left over its starting HP, a
loss the share of the six Bosses defeated.

1. The baselines (no inscriptions, the starter plan) and plans CP-SAT draws around them meet the same
   blocks of dungeons (`tablekit.core.simulate`, game i of a block seeded f"{block}/{i}").
2. A ridge regression gives every page its worth per copy; CP-SAT picks the plan of most worth under the
   rules (one inscription per card, Mythics only earned and only on Heroes, 3–6 for a new band, the
   coppers); plans race on shared blocks and those surely behind are dropped.
3. The leader meets each baseline on fresh dungeons the search never played; only a plan shown better
   than every baseline is returned, else the first baseline with that sentence.
Infeasible wishes are explained by the rules they break (`solvers.cpsat.minimal_conflict`).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path

from ortools.sat.python import cp_model

from solvers.cpsat import minimal_conflict, solver
from solvers.optimise import Budget, Result, optimise
from tablekit.core.agents import Agent
from tablekit.core.errors import TablekitError
from tablekit.core.simulate import simulate
from tablekit.core.stats import Estimate
from tablekit.forge.band import Band
from tablekit.forge.cards import (
    DECK_SIZE,
    TIER_COST,
    Book,
    card_label,
    is_hero,
    load_book,
    parse_card,
    sample_book,
)
from tablekit.forge.heuristic import Novice
from tablekit.forge.rules import player_count
from tablekit.forge.setup import STARTER_PLAN

SCALE = 1_000_000     # worths are scaled to integers for CP-SAT
PLAYER = Novice(0.5)  # who plays the simulated dungeons (see the module docstring)
SETTING = ("a first dungeon of sample bands, Wizard 1 holding the plan and the others the starter plan, "
           "every seat played by a novice wizard (the kit's heuristic, half of its choices at random); "
           "a game scores its margin: a win 1 plus the party's HP left over its starting HP, a loss the share of "
           "the six Bosses defeated")
# Games per build at each table size: within a minute of one core (bigger tables play longer dungeons). The
# verdict plays the answer once against both baselines, so a verdict's worth of games goes to the search.
BUDGETS = {1: Budget(search_games=12_000, verdict_games=2_000), 2: Budget(search_games=7_200, verdict_games=1_200),
           3: Budget(search_games=5_200, verdict_games=1_200, explore=8),
           4: Budget(search_games=3_300, verdict_games=900, explore=8),
           5: Budget(search_games=2_200, verdict_games=600, block=32, explore=12, proposals=3)}
RULES = {
    "count": "forge.starting-inscriptions: a new band takes 3 to 6 inscriptions",
    "budget": "forge.starting-inscriptions: the inscriptions must fit the coppers",
    "one-per-card": "forge.starting-inscriptions: one inscription per card",
    "mythic-bought": "forge.starting-inscriptions: Mythics are earned, never bought",
    "mythic-hero": "forge.starting-inscriptions: a Mythic goes on a Hero only",
    "hero-convert": "forge.cards: Heroes cannot be Converted",
}
Plan = tuple[tuple[str, str], ...]  # (card, page) pairs in card order: one candidate, hashable


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
class PlanResult:
    """What the planner found: status, the plan and its cost, why not, and the optimiser's evidence."""

    status: str
    inscriptions: tuple[PlannedInscription, ...] = ()
    cost: int = 0
    coppers: int = 0
    reasons: tuple[str, ...] = ()
    evidence: Result[Plan] | None = None
    baselines: dict[str, Plan] = field(default_factory=dict)
    wizards: int = 1
    player: str = PLAYER.name
    setting: str = SETTING
    solve_seconds: float = 0.0
    wall_seconds: float = 0.0
    book: Book | None = None

    @property
    def plan(self) -> dict[str, str]:
        """The plan as card -> inscription id."""
        return {p.card: p.id for p in self.inscriptions}

    @property
    def shown_better(self) -> bool:
        """Whether fresh paired dungeons showed the plan better than every other baseline (it may be one)."""
        return self.evidence is not None and self.evidence.shown_better

    @property
    def message(self) -> str:
        """The optimiser's plain sentence, or why there is no plan."""
        if self.evidence is None:
            return "No plan: " + "; ".join(self.reasons)
        return self.evidence.message

    @property
    def worth(self) -> dict[str, Estimate]:
        """Each page's fitted worth per copy (margin per game) with its 95% interval."""
        return dict(self.evidence.worth) if self.evidence else {}


def plan_inscriptions(band: Band | None = None, *, coppers: int | None = None, wizards: int = 1,
                      seed: int = 0, require: Iterable[tuple[str, str]] | Mapping[str, str] = (),
                      inscribed: Mapping[str, str] | None = None, turning: bool = False,
                      budget: Budget | None = None, progress: bool = False, workers: int = 1,
                      book: Book | None = None, player: Agent = PLAYER,
                      executor: Executor | str | None = "serial") -> PlanResult:
    """The inscriptions for Wizard 1's band within `coppers` (default: the table's starting budget) that
    beat what the band would otherwise play, shown on fresh paired dungeons; else that baseline.

    The dungeons are `SETTING`, played by `player` (default: the novice wizard, `PLAYER`); `budget` is the
    optimiser's (default `BUDGETS[wizards]`, within a minute). With `turning`, the band keeps the pages it
    holds (`inscribed`, default the band's) and the baseline is no new inscriptions. `executor` plays each
    block of dungeons (`simulate`'s: "serial", None for a process pool, or any Executor such as Dask's);
    the answer is the same for a seed whichever executor plays. A `book` other than the sample must be one
    `load_book(path)` read from an unchanged file: the simulated dungeons load it from there (else PlanError).

    The status is "optimal" for a new plan shown better than every baseline; "baseline" when the answer is a
    baseline: nothing was shown better (the first baseline comes back), or the search's best was itself a
    baseline, e.g. the starter plan shown better than no inscriptions (then the starter plan comes back,
    `shown_better` holds, and the message names the baselines it beat); "infeasible" when no plan obeys the rules.
    """
    started = time.perf_counter()
    book = book or sample_book()
    if not isinstance(wizards, int) or not 1 <= wizards <= 5:
        raise PlanError(f"DeckNForge seats 1 to 5 wizards, not {wizards!r} [rule forge.player-counts]")
    if coppers is None:
        coppers = player_count(wizards).start_coppers
    if not isinstance(coppers, int) or coppers < 0:
        raise PlanError(f"coppers must be a whole number ≥ 0, not {coppers!r}")
    held = dict(inscribed if inscribed is not None else (band.inscriptions if turning and band else {}))
    model = _PlanModel(book, coppers, held, _wishes(require, book), starting=not turning)
    first = model.solve({}, seed, workers)
    if first is None:
        return PlanResult("infeasible", coppers=coppers, reasons=tuple(model.explain(seed, workers)),
                          wizards=wizards, wall_seconds=time.perf_counter() - started)
    problem = InscriptionProblem(model, wizards, held, player, executor, seed, workers)
    bar = _Bar(progress)
    evidence = optimise(problem, seed, budget or BUDGETS[wizards], bar.update)
    bar.close()
    pages = tuple(PlannedInscription(card, page, book[page].name, book[page].tier, book[page].cost)
                  for card, page in evidence.answer)
    return PlanResult("baseline" if evidence.answer_is_baseline else "optimal", pages, sum(p.cost for p in pages),
                      coppers, (), evidence, problem.baselines(), wizards, player.name, SETTING,
                      problem.solve_seconds, time.perf_counter() - started, book)


class InscriptionProblem:
    """The optimiser's view of a band's plan: baselines, page counts, CP-SAT proposals, simulated play."""

    def __init__(self, model: _PlanModel, wizards: int, held: Mapping[str, str], player: Agent,
                 executor: Executor | str | None, seed: int = 0, workers: int = 1) -> None:
        self.model, self.wizards, self.held, self.player = model, wizards, dict(held), player
        self.executor, self.seed, self.workers = executor, seed, workers
        self.book_file = _book_file(model.book)
        self.solve_seconds = 0.0
        self.stacked: Counter[str] = Counter()  # how often explore stacked each page

    def baselines(self) -> dict[str, Plan]:
        """No (new) inscriptions, and the starter plan for a new band when the coppers pay for it."""
        if not self.model.starting:
            return {"no new inscriptions": ()}
        found: dict[str, Plan] = {"no inscriptions": ()}
        if sum(TIER_COST[self.model.book[p].tier] for p in STARTER_PLAN.values()) <= self.model.coppers:
            found["starter plan"] = tuple(sorted(STARTER_PLAN.items(), key=_card_order))
        return found

    def features(self, candidate: Plan) -> dict[str, float]:
        """How many copies of each page the plan holds."""
        return {page: float(n) for page, n in Counter(page for _, page in candidate).items()}

    def explore(self, around: Plan, rng: random.Random, count: int) -> list[Plan]:
        """Legal plans that keep most of `around`'s pages and stack a page or two drawn at random.

        Stacked plans (six copies of one page, say) tell an additive model of copies far more per game than
        plans of many pages once each, which matters most where dungeons are dear (five wizards)."""
        found: list[Plan] = []
        pages = [p.id for p in self.model.pages if p.cost > 0]
        for _ in range(count):
            worth = {p.id: rng.gauss(0.0, 0.5) for p in self.model.pages}
            for page in self._least_stacked(pages, rng, min(len(pages), rng.choice((1, 2)))):
                worth[page] += 3.0
            for _, page in around:
                worth[page] += 1.5
            found += self.best(worth, [around, *found], 1)
        return found

    def _least_stacked(self, pages: Sequence[str], rng: random.Random, count: int) -> list[str]:
        """`count` pages stacked least often so far (ties at random): every page is tried before any twice."""
        picked = sorted(pages, key=lambda page: (self.stacked[page], rng.random()))[:count]
        self.stacked.update(picked)
        return picked

    def best(self, worth: Mapping[str, float], avoid: Sequence[Plan], count: int) -> list[Plan]:
        """Up to `count` plans of most worth under the rules, best first, none with the pages of one in `avoid`."""
        found: list[Plan] = []
        for _ in range(count):
            plan = self.model.solve(worth, self.seed, self.workers, [*avoid, *found])
            if plan is None:
                break
            found.append(plan)
        self.solve_seconds = self.model.seconds
        return found

    def play(self, candidate: Plan, block: str, games: int) -> list[float]:
        """Each dungeon's margin with the plan on Wizard 1, on the block's deals (the same for every plan)."""
        return margins({**self.held, **dict(candidate)}, self.wizards, block, games, self.player, self.executor,
                       self.book_file)


def margins(plan: Mapping[str, str], wizards: int, block: str, games: int, player: Agent = PLAYER,
            executor: Executor | str | None = "serial", book: str | None = None) -> list[float]:
    """Each dungeon's margin with `plan` on Wizard 1, game i seeded f"{block}/{i}" (the same deals for any plan),
    with the Book file `book` (default the sample Book)."""
    config = {"wizards": wizards, "plan": dict(plan), "score": "margin"}
    if book is not None:
        config["book"] = book
    return simulate("forge", games, seed=block, agents=(player,), config=config, executor=executor,
                    progress=False).scores(0)


# -- the CP-SAT model ------------------------------------------------------------------------
class _PlanModel:
    """How many copies of each page (`copies[page]`) under the rules, each rule group behind an assumption
    literal; a page is worth the same on any card that may hold it, so cards are placed after solving, and
    only wished-for cards get a variable of their own (`wished[i]`)."""

    def __init__(self, book: Book, coppers: int, inscribed: Mapping[str, str],
                 wishes: list[tuple[str, str]], starting: bool) -> None:
        self.book, self.coppers, self.inscribed = book, coppers, dict(inscribed)
        self.wishes, self.starting = wishes, starting
        self.pages = list(book.inscriptions)
        self.seconds = 0.0
        # The Heroes and the Items 8–10 (enough for six pages of any kind), highest first, and wished cards.
        cards = [card_label(c) for c in range(DECK_SIZE) if c % 12 >= 6] + [c for c, _ in wishes]
        self.free = sorted({c for c in cards if c not in self.inscribed}, key=_card_rank)

    def build(self, worth: Mapping[str, float], avoid: Sequence[Plan] = ()
              ) -> tuple[cp_model.CpModel, dict, dict]:
        """The model, its `copies` variables and the assumption literal of each rule group and wish."""
        model = cp_model.CpModel()
        copies = {p.id: model.new_int_var(0, 6, f"copies_{p.id}") for p in self.pages}
        wished = [model.new_bool_var(f"wished_{i}") for i in range(len(self.wishes))]
        rule = {name: model.new_bool_var(name) for name in RULES}
        # One inscription per card: the pages fit the free cards, and a wished card takes one page at most.
        model.add(sum(copies.values()) <= len(self.free)).only_enforce_if(rule["one-per-card"])
        for card in {c for c, _ in self.wishes}:
            on_card = sum(w for w, (c, _) in zip(wished, self.wishes, strict=True) if c == card)
            model.add(on_card <= (0 if card in self.inscribed else 1)).only_enforce_if(rule["one-per-card"])
        # Mythics are never bought, only Heroes may hold one, and a Hero cannot use a Convert page.
        for page in self.pages:
            if page.tier == "mythic":
                model.add(copies[page.id] == 0).only_enforce_if(rule["mythic-bought"])
        converts = [p.id for p in self.pages if _convert_only(p)]
        model.add(sum(copies[p] for p in converts) <= self._convert_room(wished)).only_enforce_if(rule["hero-convert"])
        for (card, page), take in zip(self.wishes, wished, strict=True):
            hero = is_hero(parse_card(card))
            if self.book[page].tier == "mythic" and not hero:
                model.add(take == 0).only_enforce_if(rule["mythic-hero"])
            if hero and page in converts:
                model.add(take == 0).only_enforce_if(rule["hero-convert"])
        # Every wished card's page is among the copies.
        for page in {p for _, p in self.wishes}:
            model.add(copies[page] >= sum(w for w, (_, p) in zip(wished, self.wishes, strict=True) if p == page))
        # A new band takes 3 to 6 inscriptions.
        if self.starting:
            model.add(sum(copies.values()) >= 3).only_enforce_if(rule["count"])
            model.add(sum(copies.values()) <= 6).only_enforce_if(rule["count"])
        # The coppers pay for everything bought.
        model.add(sum(TIER_COST[self.book[p].tier] * v for p, v in copies.items())
                  <= self.coppers).only_enforce_if(rule["budget"])
        # Plans already tried: some page's copies must differ from each.
        for plan in avoid:
            _differ(model, copies, Counter(page for _, page in plan))
        model.maximize(sum(_scaled(worth.get(p, 0.0)) * v for p, v in copies.items()))
        return model, copies, {**{f"rule:{k}": v for k, v in rule.items()},
                               **{f"wish:{i}": v for i, v in enumerate(wished)}}

    def _convert_room(self, wished: Sequence[cp_model.IntVar]) -> cp_model.LinearExpr:
        """The Items a Convert page may go on: free Items nobody wished for, and wished Items taking one."""
        taken = {c for c, _ in self.wishes}
        room = sum(not is_hero(parse_card(c)) for c in self.free if c not in taken)
        return room + sum(take for take, (card, page) in zip(wished, self.wishes, strict=True)
                          if _convert_only(self.book[page]) and not is_hero(parse_card(card)))

    def solve(self, worth: Mapping[str, float], seed: int, workers: int, avoid: Sequence[Plan] = ()
              ) -> Plan | None:
        """The plan of most worth with every rule and wish assumed (new pages only), or None."""
        model, copies, assumed = self.build(worth, avoid)
        model.add_assumptions(list(assumed.values()))
        solving = solver(seed, workers)
        status = solving.solve(model)
        self.seconds += solving.wall_time
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return self.place(Counter({p: solving.value(v) for p, v in copies.items() if solving.value(v)}))

    def place(self, pages: Counter) -> Plan:
        """The pages on cards: wishes on their cards, Convert pages on the highest free Items, the rest on
        the highest free cards (played first)."""
        left = Counter(pages)
        plan = dict(self.wishes)
        left.subtract(Counter(plan.values()))
        free = [c for c in self.free if c not in plan]
        for page in sorted(left.elements(), key=lambda p: (not _convert_only(self.book[p]), p)):
            card = next(c for c in free if not (_convert_only(self.book[page]) and is_hero(parse_card(c))))
            free.remove(card)
            plan[card] = page
        return tuple(sorted(plan.items(), key=_card_order))

    def explain(self, seed: int, workers: int) -> list[str]:
        """The rules and wishes that cannot all hold: a minimal conflicting set, in words."""
        model, _, assumed = self.build({})
        names = {v.index: k for k, v in assumed.items()}
        return [self._say(names[lit.index]) for lit in minimal_conflict(model, list(assumed.values()), seed)]

    def _say(self, name: str) -> str:
        kind, key = name.split(":", 1)
        if kind == "rule":
            extra = f" ({self.coppers} coppers)" if key == "budget" else ""
            return RULES[key] + extra
        card, page = self.wishes[int(key)]
        return f"wish: {card} takes {self.book[page].name} ({self.book[page].tier})"


def _convert_only(page: object) -> bool:
    """A page that works only when its card is Converted (so never on a Hero)."""
    return all(e.when == "convert" for e in page.effect)


def _card_rank(card: str) -> tuple[int, int]:
    """Highest first: Kings before Queens, Spades before Hearts (the order the old planner placed pages)."""
    local = parse_card(card)
    return -(local % 12), local // 12


def _differ(model: cp_model.CpModel, copies: Mapping[str, cp_model.LinearExpr], pages: Counter) -> None:
    """Some page's number of copies differs from `pages` (a no-good cut on a plan's page counts)."""
    differs = []
    for page, total in copies.items():
        flag = model.new_bool_var(f"differs_{page}")
        model.add(total != pages.get(page, 0)).only_enforce_if(flag)
        differs.append(flag)
    model.add_bool_or(differs)


def _card_order(pair: tuple[str, str]) -> tuple[int, str]:
    return parse_card(pair[0]), pair[1]


class _Bar:
    """A tqdm progress bar of simulated dungeons when asked for, else nothing."""

    def __init__(self, show: bool) -> None:
        self._bar = None
        if show:
            from tqdm.auto import tqdm
            # leave=True: a closed notebook bar with leave=False closes its widget, and a page drawn
            # afterwards (Voilà) shows "Error displaying widget: model not found" in its place
            self._bar = tqdm(total=1, desc="simulated dungeons", unit="game", leave=True)

    def update(self, done: int, total: int) -> None:
        if self._bar is not None:
            self._bar.total = total
            self._bar.n = done
            self._bar.refresh()

    def close(self) -> None:
        """End the bar full: the search may finish under its planned games (candidates dropped early),
        and a bar closed short of its total is drawn red as if the work had failed."""
        if self._bar is not None:
            self._bar.total = max(self._bar.n, 1)
            self._bar.refresh()
            self._bar.close()


def _book_file(book: Book) -> str | None:
    """The file the simulated dungeons load `book` from (None for the sample Book), or a PlanError."""
    if book is sample_book():
        return None
    path = Path(book.source)
    if not path.is_file() or load_book(path).inscriptions != book.inscriptions:
        raise PlanError(f"the Book {book.source} is not a file the simulated dungeons can load as it is; "
                        "pass a Book loaded with load_book(path) from an unchanged file")
    return str(path)


def _wishes(require: Iterable[tuple[str, str]] | Mapping[str, str], book: Book) -> list[tuple[str, str]]:
    pairs = list(require.items()) if isinstance(require, Mapping) else list(require)
    for card, page in pairs:
        try:
            parse_card(card)
        except TablekitError as exc:
            raise PlanError(f"wish {card!r}: {exc}") from None
        if page not in book:
            raise PlanError(f"wish {card} {page!r}: no such inscription in the Book")
    return [(card.strip(), page) for card, page in pairs]


def _scaled(value: float) -> int:
    return round(value * SCALE)
