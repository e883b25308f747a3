"""Deckula! hindsight: the best score any sequence of choices could have reached for one deal.

How it is exact: once the deal is made, Deckula! has no more chance — every card's position is
fixed, so the game is a finite tree of the player's choices. We search that tree depth first
through the real rules engine (`apply_unchecked` on hand-cloned states), with

* a first line from a quick beam search (`probe`: per move, the few positions with the best
  bounds), so the depth-first search starts with a score to beat;
* a transposition table with dominance (solvers.deckula_key): the final score depends only on
  the position, not on the path; two copies of a card are interchangeable (unless a blank ties
  them to other cards); cards in play that nothing can read again count only by their VP; and
  more energy or more of those VP never hurt — so a position already explored with at least as
  much of both is never explored again;
* branch and bound: a position is cut when an optimistic bound on the score of any surviving
  line from it cannot beat the best game found so far (or when no line from it can survive).
  The bound adds what each card in play could still score, and for the draw pile an optimistic
  table over the pile as it lies (solvers.deckula_pile; once cards were buried, a table for that
  order, made only when the one counting them at the end does not already cut): buys and
  discards, red-arrow tolls, guard tags (no Sunrise without a coffin), keeper room shared by the
  Visitors that arrive, stranded Visitors with all they cost (the Home cards they blank) until a
  remover is held, shields against named Visitors, buries paid for with the card discarded for
  them; keeper room a Visitor surely meets takes it (passives are not optional); Visitors arriving now
  go beneath keepers or leave them their room, the better of the two; then what recover and summon
  effects could add, a Ritual's help counted one card at a time; less what sure Home kills to come
  take, the lines where a kill takes a cheap card bought for it bounded apart (that card costs 3
  energy more than discarding it; a keeper a kill takes keeps no room, whether bought for it or
  brought back by the Ritual before it). Two Hypothesis tests guard it on small deals of every card: at every
  position the bound is at least the best score reachable (brute force), and the answer equals
  brute force; a test checks no bound along a best line falls below its score;
* a target the player's own Discard effect asks for (the Ritual's card) is no position of its own once such
  choices of that card seldom cut (CHOICE_TRIAL): the search bounds its options directly;
* the bound of a Ritual's waiting choice is the best of one term per card it may bring back, each a bound on
  the lines through that card (`option_bounds`, checked against brute force at every choice): a card whose term
  does not beat the best line is never played out;
* surviving ranks above any loss (a loss scores nothing), then the higher score;
* children tried best bound first (the heuristic's move first among equals), so a good game is
  found early and the bound cuts more.

Nothing is sampled: when the search ends under its node budget the answer is proven optimal. The install compiles
this module, its two helpers and the engine with Cython where it can (setup.py, tablekit/compiled.py), and the
search pauses Python's cyclic garbage collector while it runs (see _collector_paused).
"""
from __future__ import annotations

import gc
import heapq
import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

from solvers.deckula_key import HOME_TARGETS, Explored, Positions, queued_effects, summoned
from solvers.deckula_pile import PileTables
from tablekit.core.game import Action, Events
from tablekit.core.match import Match
from tablekit.deckula.cards import CardSpec, Effect
from tablekit.deckula.game import GAME
from tablekit.deckula.heuristic import choose
from tablekit.deckula.state import ACTIVATE, DeckulaState

DEFAULT_NODE_BUDGET = 300_000
PROGRESS_EVERY = 2_000  # positions between two progress reports
BOUNDS_KEPT = 250_000  # bounds remembered by position at most (see _bound_of)
PROBE_WIDTH = 12  # positions kept per move by the first, quick beam search
# tables for the buried order only with at most this many cards left: longer piles need many more rows,
# which cost more time than their cuts save (measured on beginner deals 4, 17 and 20)
BURIED_ORDER_MOST = 20
STRICT = "strict"  # bound's kill mode: the sure Home kills take no card bought after now
# a search splits a bound by the cards a sure kill takes (see _Search.bound) while it cuts at least SPLIT_PAYS of the
# positions tried, once SPLIT_TRIAL were (measured over whole searches: 45 % on harder 18, 32 % on beginner 11, 18 % on
# harder 9 and 21 % on harder 0; on harder 19, 5 % of its first 321 tries, where trying them all took 16 % more CPU
# for 10 % fewer positions: each try costs two more bounds)
SPLIT_TRIAL, SPLIT_PAYS = 200, 0.05
# the target a Discard effect just used asks for (the Ritual's card) is searched through rather than bounded once
# CHOICE_TRIAL such choices of one card were bounded and at most CHOICE_PAYS of them were cut (a search's Ritual
# choices: 8 % cut on beginner 11, where passing them saved 8.6 % of CPU; 32 % on harder 9, 84 % on beginner 20,
# where passing them all cost 7 % and 14 % more)
CHOICE_TRIAL, CHOICE_PAYS = 200, 0.15
# _discard_cap's energy more than a position holds: a card bought for 2 rather than discarded for 1 (the tables'
# energy axis must hold it: see _pile_tables)
DISCARD_GIFT = 3


@dataclass(frozen=True)
class HindsightResult:
    """The best score for a deal: status, the score, a line of play reaching it, search size."""

    status: str                    # "optimal", or "feasible" when the node budget ran out
    best_score: int
    survivable: bool               # whether some line of play survives the deck
    best_actions: tuple[Action, ...]
    player_score: int | None       # the score of the match that was analysed, when it is over
    bound: int                     # no line of play can score more than this
    nodes: int
    wall_time: float

    def summary(self) -> str:
        """One sentence comparing the player's score with the hindsight best."""
        proof = ("proven best" if self.status == "optimal"
                 else f"search stopped at its budget, best found (no line can beat {self.bound})")
        played = f"You scored {self.player_score}; " if self.player_score is not None else ""
        if not self.survivable and self.status == "optimal":
            return f"{played}no line of play survives this deal ({self.nodes:,} positions searched)."
        return f"{played}{proof} for this deal: {self.best_score} VP ({self.nodes:,} positions searched)."


def hindsight(match: Match, node_budget: int = DEFAULT_NODE_BUDGET,
              progress: Callable[[int, int], None] | None = None) -> HindsightResult:
    """Search every line of play for the deal of `match`; the best score with a line reaching it.

    `progress(nodes, node_budget)` is called every PROGRESS_EVERY positions (for a progress bar).
    """
    if match.game is not GAME:
        raise ValueError(f"hindsight analyses Deckula! matches, not {match.game.name}")
    start = time.perf_counter()
    root = Match(match.game, match.config, match.seed).state
    with _collector_paused():
        search = _Search(root, node_budget, progress)
        if root.result is None:
            search.probe(root)
            search.run(root, [])
        else:  # a lesson table can be over before any choice
            search.best = (root.result == "survived", root.score() if root.result == "survived" else 0)
        status = "optimal" if not search.exhausted else "feasible"
        survivable, best = search.best if search.best is not None else (False, 0)
        bound = best if status == "optimal" else max(best, int(search.bound(root)))
        search.release()
    outcome = match.outcome
    player = int(outcome.scores[0]) if outcome else None
    return HindsightResult(status, best, survivable, tuple(search.best_line), player, bound,
                           search.nodes, time.perf_counter() - start)


def line_bounds(match: Match, actions: tuple[Action, ...]) -> list[float]:
    """The search's upper bound at each position along `actions` from the deal of `match` (a check:
    along any line, no bound may fall below the score that line reaches)."""
    state = Match(match.game, match.config, match.seed).state
    search = _Search(state, 0)
    bounds = []
    for action in actions:
        bounds.append(search.bound(state))
        GAME.apply_unchecked(state, action, search.silent)
    return bounds


class _Search:
    """Depth-first branch and bound over the real engine, with dominance on settled VP and energy."""

    def __init__(self, root: DeckulaState, node_budget: int,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.progress = progress
        self.best: tuple[bool, int] | None = None  # (survived, score): surviving ranks first
        self.best_line: list[Action] = []
        self.nodes, self.node_budget, self.exhausted = 0, node_budget, False
        self.positions = Positions(root)
        self.explored = Explored()
        self.bounds: dict[tuple, float] = {}  # bound() by exact position (key, settled cards, energy)
        self.silent = Events(None)
        self.potential = _potentials(root)
        self.free = [card.spec.arrow is not None for card in root.cards]
        self.keeper = [_keeper(card.spec) for card in root.cards]
        self.visitor = [card.spec.visitor for card in root.cards]
        self.remover = [sum(e.target == "chosen_visitor" for e in c.spec.effect) for c in root.cards]
        self.discard_remover = [sum(e.target == "chosen_visitor" and e.timing == "discard" for e in c.spec.effect)
                                for c in root.cards]
        self.instant_remover = [sum(e.target == "chosen_visitor" and e.timing == "instant" for e in c.spec.effect)
                                for c in root.cards]
        self.cards = root.cards
        self.recover = [any(e.op == "recover" for e in c.spec.effect) for c in root.cards]
        self.home_killer = [any(e.op == "kill" and e.target in HOME_TARGETS for e in c.spec.effect)
                            for c in root.cards]
        self.summon = [any(e.op == "summon" for e in c.spec.effect) for c in root.cards]
        self.toll = [sum(e.amount for e in c.spec.effect if e.op == "lose_energy" and e.or_end
                         and e.timing == "instant" and not e.unless_tag and not e.min_visitors)
                     if c.spec.arrow else 0 for c in root.cards]
        self.bury = [any(e.op == "bury" for e in c.spec.effect) for c in root.cards]
        self.drain = [sum(e.amount for e in c.spec.effect if e.op == "lose_energy" and not e.or_end
                          and e.timing == "instant") for c in root.cards]
        self.drain_elsewhere = any(e.op == "lose_energy" and not e.or_end and e.timing != "instant"
                                   for c in root.cards for e in c.spec.effect)
        self.sure_home_kill = [c.spec.arrow == "threat" and any(
            e.op == "kill" and e.target in HOME_TARGETS and e.timing == "instant" and not e.unless_tag
            and not e.min_visitors for e in c.spec.effect) for c in root.cards]
        self.threat_passives_only = all(e.trigger == "enters_threat" and e.target == "trigger" for c in root.cards
                                        for e in c.spec.effect if e.timing == "passive")
        self.home_blanker = [any(e.op == "blank" and e.target in HOME_TARGETS for e in c.spec.effect)
                             for c in root.cards]
        # a passive killing (or blanking) every Visitor entering the Threat area, whatever is held
        self.sure_killer = [any(e.timing == "passive" and e.op in ("kill", "blank") and e.target == "trigger"
                                and e.filter in ("visitor", "any") and e.capacity is None and not e.unless_tag
                                and e.trigger in ("enters_threat", "enters_play") for e in c.spec.effect)
                            for c in root.cards]
        # a Home card that may still kill or blank a Home card by its Discard or passive effect
        self.home_picker = [any(e.op in ("kill", "blank") and e.target in HOME_TARGETS and e.timing != "instant"
                                for e in c.spec.effect) for c in root.cards]
        # some Visitor could count VP of its own in the Threat area; every passive a Visitor may set off removes it
        self.welcome = any(c.spec.visitor and c.spec.vp > 0 for c in root.cards)
        self.visitor_passives_remove = all(e.op in ("kill", "blank") and e.target == "trigger" for c in root.cards
                                           for e in c.spec.effect if e.timing == "passive" and e.filter != "castle")
        # the least the tables count for a card once it enters the Home (None: it cannot enter)
        self.entry_worth = [None if c.spec.arrow == "threat" else self._kept(c.uid, 0, 0) if self.keeper[c.uid]
                            else max(0, c.spec.vp) for c in root.cards]
        self.root_pile = list(root.draw)
        # Visitors entering the Threat area when a card is drawn: itself, and one it summons
        chain = 1 + sum(self.summon[u] for u in root.set_aside)  # a summoned Visitor may summon again
        self.arrivals = [(c.spec.visitor and c.spec.arrow == "threat") + self.summon[c.uid] * chain
                         for c in root.cards]
        # Visitors that may turn up at any time: summoned by a recovered card, or buried to the bottom
        self.recalled = sum(self.summon[u] for u in range(len(root.cards)) if not self.visitor[u]
                            ) if any(self.recover) else 0
        self.late_arrivals = self.recalled + sum(self.bury)
        self.per_visitor = max((k[1] for k in self.keeper if k), default=0)  # the most a kept Visitor adds
        # the castle cards a recover may bring back: not those that can never reach the discard pile
        stays_out = _stays_out(root)
        self.castle_back = [u for u in range(len(root.cards)) if not self.visitor[u] and not self.recover[u]
                            and not stays_out[u]]
        self.bury_back = [u for u in self.castle_back if self.bury[u]]  # (see _one_ritual)
        self.held_back = [u for u in self.castle_back if not self.bury[u]]
        # Each bury discards a card that would otherwise still score
        self.most_buries = sum(self.bury) + (any(self.bury) and any(self.recover))
        self.bury_cost = min((self.potential[u] for u in range(len(root.cards)) if self.bury[u]), default=0)
        self.certain = _certain_losses([card.spec for card in root.cards])
        self.scorer_ok = True  # set by each bound(): a scorer is held, to come or recoverable
        self.kill_mode: tuple[int, tuple[int, ...]] | str | None = None  # see bound
        self.splits = [0, 0]  # bounds split by the cards a sure kill takes, and how many of them cut (see bound)
        self.choices: dict[int, tuple[int, int]] = {}  # Discard effects' target choices bounded, and cut (see _passed)
        self.splitting = True  # whether bounds may be split so (not while the probe ranks its beam)
        self.leave_anyway = True  # set by _one_ritual: a card bought may leave the Home whenever (see _may_leave)
        self.last_kill: int | None = None  # set by _one_ritual: the place in the draw pile of the last Home killer
        self.aside = self._summon_order(root)
        self.table_worths: dict[tuple[int, int], float] = {}  # _table_worth, by (card, cards below): asked once per row
        self.tables = self._pile_tables(root)
        self.buried_tables: dict[tuple[int, ...], PileTables] = {}  # by the kinds of the buried cards
        self.back_first = list(range(len(self.tables.back_groups)))  # the order _backs tries them in
        self.buried_order = False  # see bound()
        self.buried_now = 0  # cards buried under the dealt order in the position bound() works on
        # the few cards of each rare kind, so a bound checks them instead of every live card
        everyone = range(len(root.cards))
        self.recover_uids = [u for u in everyone if self.recover[u]]
        self.summon_uids = [u for u in everyone if self.summon[u]]
        self.bury_uids = [u for u in everyone if self.bury[u]]
        self.keeper_uids = [u for u in everyone if self.keeper[u]]
        self.scorer_uids = [u for u in everyone if self.tables.scorer[u]]
        self.blanker_uids = [u for u in everyone if self.home_blanker[u]]
        self.killers_now: tuple[DeckulaState, list[int]] | None = None  # _killers of the state bound() works on
        self.live_now: tuple[DeckulaState, _Live] | None = None  # _live of the state bound() works on
        self.help_now: tuple[DeckulaState, _Live, _HomeHelp] | None = None  # _home_help of the state bound() works on
        self.starts: dict[tuple, tuple] = {}  # _pile_start of the state bound() works on, by way of counting
        self.worths_now: dict[tuple, dict[int, int]] = {}  # _kill_worths of that state, by Home cards and scorer_ok
        self.kill_now: int | None = None  # _kills of the state bound() works on
        self.one_calls: dict[tuple, int] = {}  # _one_call, by the set-aside Visitors and whether any may be on top
        self.best_chains: dict[tuple[int, ...], int] = {}  # _best_chain, by the set-aside Visitors

    def release(self) -> None:
        """Let go at once of what the search remembers (explored positions, bounds, the pile tables and their rows):
        the tables refer back to the search, so the cyclic collector would walk all of it object by object (half a
        second on beginner 11). The search bounds nothing afterwards."""
        self.explored, self.bounds, self.buried_tables = Explored(), {}, {}
        self.starts, self.live_now, self.help_now, self.killers_now = {}, None, None, None
        self.tables.rows.clear()  # (the rows of every table of the search, which also refer to each other)
        del self.tables

    def probe(self, root: DeckulaState, width: int = PROBE_WIDTH) -> None:
        """A quick beam search for a good first line: from each position of a move's beam, every move,
        keeping the `width` children with the best bounds (its positions count against the budget).

        The depth-first search then starts with this line's score to beat, so its bounds cut at once.
        """
        beam: list[tuple[DeckulaState, tuple]] = [(root, ())]
        self.splitting = False
        while beam and self.nodes < self.node_budget:
            children: dict[tuple, tuple[float, int, DeckulaState, tuple]] = {}
            for state, line in beam:
                self._count()
                for _, moves, child in self._children(state, _unwound(line)):
                    key, kept, settled = self.positions.key(child)
                    bound = self._bound_of(child, key, settled)
                    seen = children.get((key, kept))
                    if not self._hopeless(bound) and (seen is None or seen[1] < child.energy):
                        reached = line
                        for move in moves:
                            reached = (reached, move)
                        children[(key, kept)] = (bound, child.energy, child, reached)
            ranked = sorted(children.values(), key=lambda c: (-c[0], -c[1]))[:width]
            beam = [(child, line) for _, _, child, line in ranked]
        self.splitting = True

    def run(self, state: DeckulaState, line: list[Action]) -> None:
        """Explore `state`, reached by `line`: its children best bound first (a choice the player's own Discard
        effect asks for may be no child of its own: its options are, see _passed)."""
        if self.nodes >= self.node_budget:
            self.exhausted = True
            return
        self._count()
        children = []
        for order, moves, child in self._children(state, line):
            key, kept, settled = self.positions.key(child)
            if not self.explored.dominated(key, kept, child.energy):
                bound = self._bound_of(child, key, settled, self._cut())
                self._choice_bounded(child, bound)
                children.append((-bound, order, key, kept, child, moves))
        children.sort(key=lambda c: c[:2])
        for negated, _, key, kept, child, moves in children:
            if self._hopeless(-negated):
                break  # sorted: every later child is hopeless too
            if self.explored.dominated(key, kept, child.energy):
                continue  # explored meanwhile with as many settled VP and as much energy
            self.explored.add(key, kept, child.energy)
            line.extend(moves)
            self.run(child, line)
            del line[len(line) - len(moves):]

    def _children(self, state: DeckulaState, line: list[Action]) -> Iterator[tuple[tuple[int, ...], tuple, DeckulaState]]:
        """The positions one move from `state` that go on (the finished ones are recorded), each with its place
        among the moves and the moves to it: through a choice that _passed says to skip, one per option."""
        for order, action in self._moves(state):
            child = state.clone()
            GAME.apply_unchecked(child, action, self.silent)
            if child.result is not None:
                self._finish(child, line, action)
            elif not self._passed(child):
                yield (order,), (action,), child
            else:
                self._count()  # (the choice is a position explored, with no bound of its own)
                for again, option in self._moves(child):
                    grandchild = child.clone()
                    GAME.apply_unchecked(grandchild, option, self.silent)
                    if grandchild.result is not None:
                        self._finish(grandchild, [*line, action], option)
                    else:
                        yield (order, again), (action, option), grandchild

    def _moves(self, state: DeckulaState) -> Iterator[tuple[int, Action]]:
        """The moves from `state` in the order to try them, each with its place among all of them; at a recover
        waiting for its choice, none whose lines the choice's own bound already cuts (see option_bounds)."""
        options = self.option_bounds(state) if self._cut() is not None else None
        kind = self.positions.kind
        for order, action in enumerate(_ordered(state)):
            if options is None or not self._hopeless(options.get(kind[action.card], math.inf)):
                yield order, action

    def option_bounds(self, state: DeckulaState) -> dict[int, float] | None:
        """For the last recover waiting for its choice (the Ritual's card): a bound on the lines of each option, by
        the kind of card it brings back — the terms whose best is the choice's own bound (see _choosing_back), so
        an option cut by its term is never played out. None for any other position, or a choice bounded
        otherwise."""
        if not _recover_waits(state) or any(self.recover[u] for u in state.home):
            return None
        self._forget()
        self._begin(state)
        live = self._live(state)
        self.scorer_ok = self._scorer_reachable(state, live)
        each: dict[int, float] = {}
        if self._choosing_back(state, live, each=each) is None:
            return None
        base = self._threat_part(state) - self._kill_charge(state)
        return {kind: base + worth for kind, worth in each.items()}

    def _passed(self, state: DeckulaState) -> bool:
        """True for the target of a Discard effect the player has just used (the Ritual's card, the Trapdoor's
        Visitor) once such choices of that card were seldom cut (see CHOICE_TRIAL): its bound is the best of its
        options' and it is then nearly always explored, so the search bounds its options directly rather than it
        too."""
        source = self._choice_source(state)
        if source is None:
            return False
        tries, cuts = self.choices.get(source, (0, 0))
        return tries >= CHOICE_TRIAL and cuts <= CHOICE_PAYS * tries

    def _choice_bounded(self, state: DeckulaState, bound: float) -> None:
        """Count a bounded target choice of a Discard effect, and whether its bound cut it (see _passed)."""
        source = self._choice_source(state)
        if source is not None:
            tries, cuts = self.choices.get(source, (0, 0))
            self.choices[source] = tries + 1, cuts + self._hopeless(bound)

    def _choice_source(self, state: DeckulaState) -> int | None:
        """The kind of the card whose Discard effect waits for its target in `state` (None: no such choice)."""
        pending = state.pending
        if (pending is None or pending.kind != "target" or pending.source < 0
                or state.spec(pending.source).effect[pending.effect].timing != "discard"):
            return None
        return self.positions.kind[pending.source]

    def _count(self) -> None:
        """One more position explored (and a progress report every PROGRESS_EVERY)."""
        self.nodes += 1
        if self.progress is not None and self.nodes % PROGRESS_EVERY == 0:
            self.progress(self.nodes, self.node_budget)

    def _bound_of(self, state: DeckulaState, key: tuple, settled: tuple, cut: float | None = None) -> float:
        """bound(state, cut), remembered by position (`key`, the settled cards and energy): a position
        reached again by another order of moves, but not yet explored, costs no second bound (one worked out
        against a lower cut may be looser than the cut now asks: still a bound)."""
        exact = (key, settled, state.energy)
        known = self.bounds.get(exact)
        if known is None:
            if len(self.bounds) >= BOUNDS_KEPT:
                self.bounds.clear()  # a long search forgets them rather than outgrow a notebook server's memory
            known = self.bounds[exact] = self.bound(state, cut)
        return known

    def _finish(self, state: DeckulaState, line: list[Action], action: Action) -> None:
        """Record a finished game if it beats the best: surviving first, then the higher score."""
        value = (True, state.score()) if state.result == "survived" else (False, 0)
        if self.best is None or value > self.best:
            self.best, self.best_line = value, [*line, action]

    def _hopeless(self, bound: float) -> bool:
        """True when a position with this bound cannot beat the best line found (or cannot survive, once some
        line ended): its bound is at most the cut."""
        if self.best is None:
            return False
        cut = self._cut()
        return bound == -math.inf or cut is not None and bound <= cut

    def _cut(self) -> float | None:
        """The score a bound must beat for its position to be explored: the best surviving line's (None while
        no line survived: every bound other than -inf is then explored, and -inf too before any line ended)."""
        return self.best[1] if self.best is not None and self.best[0] else None

    def bound(self, state: DeckulaState, cut: float | None = None) -> float:
        """An optimistic bound on the score of any surviving line from `state` (-inf: none survives).

        Once cards were buried, a quick bound counts them at their best at the end; only when that
        one does not already cut the position, and at most BURIED_ORDER_MOST cards are left, the
        tables for the pile as it lies (a buried Vengeful Villager still meets the crowd) tighten it:
        both are bounds, so their minimum is one too. With `cut` (the score a position must beat to be
        explored), work that could only lower a bound already surely above it is skipped (see _one_ritual):
        the bound may then be looser, but it is above `cut` exactly when the full one is.

        With sure Home kills to come and a cheap card that could be bought before one (`_fodder`), the lines
        where a kill takes such a card, bought for 2 energy where the tables may discard it for 1, are bounded
        apart from the others (see _fodder).
        """
        self._forget()
        loose = self._bound_once(state, cut)
        cards = None if self._hopeless(loose) or not self._split_pays(cut) else self._fodder(state)
        if cards is None:
            return loose
        self.splits[0] += cut is not None
        strict = self._strict(state, cut, loose)  # the kill takes a card in the Home, or one coming free or back
        if cut is not None and strict > cut:
            return loose  # explored whatever: any bound above the cut will do (see _one_ritual)
        self.kill_mode = self._owed(state), cards  # it takes a card bought after now
        fodder = self._bound_once(state, cut)
        self.kill_mode = None
        split = min(loose, max(strict, fodder))
        self.splits[1] += cut is not None and split <= cut
        return split

    def _split_pays(self, cut: float | None) -> bool:
        """Whether bounding a sure kill's lines apart (see bound) is still worth its two more bounds: always for a
        bound asked without a cut, but in the probe (its bounds only rank the beam); in a search, while it cuts at
        least SPLIT_PAYS of the positions it was tried on (after SPLIT_TRIAL tries: on some deals it cuts none, on
        others most; the search stays deterministic)."""
        tries, cuts = self.splits
        return self.splitting and (cut is None or tries < SPLIT_TRIAL or cuts >= SPLIT_PAYS * tries)

    def _strict(self, state: DeckulaState, cut: float | None, loose: float) -> float:
        """bound() when the sure Home kills take no card bought after now, `loose` being the bound: with no recover
        to use (whose lines charge the kill in their own ways), only the kill charge changes."""
        self.kill_mode = STRICT
        if any(self.recover[u] for u in state.home) or any(e.op == "recover" for e in queued_effects(state)):
            value = self._bound_once(state, cut)
        else:
            kill, self.kill_now = self._kill_charge(state), None
            value = loose + kill - self._kill_charge(state)
        self.kill_mode = None
        return value

    def _fodder(self, state: DeckulaState) -> tuple[int, ...] | None:
        """For sure Home kills to come (none waiting for its target): the cards that could be bought before the last
        (any card to come while a bury may slip a kill under it) for less than a kill may be charged — with one kill,
        at most the cheapest Home card but a Ritual (a dearer one costs it no less than that card); with more, any
        card, as the strict charge may take dear ones too. None: no such card."""
        killers = self._killers(state)
        if not killers or self._home_kill_waits(state):
            return None
        burying = self._at_hand(state, self.bury_uids) or any(u in state.discard for u in self.bury_uids)
        cards = state.draw[0 if burying else killers[-1] + 1:] + ([state.drawn] if state.drawn is not None else [])
        dearest = math.inf if len(killers) > 1 else min(
            (self._most_lost(state, u) for u in state.home if not self.recover[u]), default=math.inf)
        cheap = {self.positions.kind[u]: u for u in cards
                 if not self.free[u] and self.entry_worth[u] is not None and self.entry_worth[u] < dearest}
        return tuple(sorted(cheap.values())) if cheap else None

    def _most_lost(self, state: DeckulaState, uid: int) -> int:
        """The most _kill_worths may charge for a Home card, whatever scorer_ok says: its worth with its scorers'
        share, and for a scorer the share of every tagged Home card (a blanked card: nothing)."""
        if state.is_blanked(uid):
            return 0
        if self.keeper[uid]:
            return self._held_worth(state, uid)
        share = sum(self.tables.bonus[u] for u in state.home) if self.tables.scorer[uid] else 0
        return self.potential[uid] + share

    def _owed(self, state: DeckulaState) -> int:
        """The energy a line buying a card for a kill to take (2) owes at the end, compared with discarding it (+1):
        3, less what cards to come may drain (a line with more energy may lose more)."""
        called = summoned(state.set_aside, self._summons(state, self._live(state), True), self.summon)
        drains = sum(self.drain[u] for u in state.draw) + sum(self.drain[u] for u in called)
        return max(0, DISCARD_GIFT - drains)

    def _bound_once(self, state: DeckulaState, cut: float | None) -> float:
        """bound() with the kill charged as `kill_mode` says."""
        self._begin(state)
        quick = self._bound(state, cut)
        kill = self._kill_charge(state)  # after _bound, which sets scorer_ok
        quick -= kill
        if self._hopeless(quick) or len(state.draw) > BURIED_ORDER_MOST or not self.buried_now:
            return quick
        self.buried_order = True
        return min(quick, self._bound(state, cut) - kill)

    def _forget(self) -> None:
        """Drop what the last bound() call remembered of its state (the next state may be another, or changed)."""
        self.live_now, self.help_now, self.starts, self.worths_now = None, None, {}, {}

    def _begin(self, state: DeckulaState) -> None:
        """Set up one count of the bound of `state`: by the dealt order, its sure kills and buried cards anew."""
        self.buried_order = False
        self.killers_now = self.kill_now = None
        self.buried_now = len(state.draw) - len(self.tables.dealt_part(state.draw))

    def _kill_charge(self, state: DeckulaState) -> int:
        """_kills(state), worked out once per bound() (_bound may ask for it before the end)."""
        if self.kill_now is None:
            self.kill_now = self._kills(state)
        return self.kill_now

    def _kills(self, state: DeckulaState) -> int:
        """What the kill waiting for its Home target and the sure Home kills after it cost together: each takes a
        card of its own (the cheapest cards; only the kills to come while none waits)."""
        if not self._home_kill_waits(state):
            return self._next_kill(state)
        worths = self._kill_worths(state, state.home)
        if not min(worths[u] for u in state.pending.options):
            return 0
        return min(worths[u] + self._next_kill(state, gone=u) for u in state.pending.options)

    def _kill_worths(self, state: DeckulaState, home: list[int]) -> dict[int, int]:
        """_kill_worths_of, worked out once per bound() call for each Home and scorer_ok (the caller may not change
        it)."""
        way = (tuple(home), self.scorer_ok)
        worths = self.worths_now.get(way)
        if worths is None:
            worths = self.worths_now[way] = self._kill_worths_of(state, home)
        return worths

    def _kill_worths_of(self, state: DeckulaState, home: list[int]) -> dict[int, int]:
        """What the bound loses when a kill takes each of the `home` cards (a Ritual: nothing, see _pending_kill;
        a blanked card: nothing, its blocker is charged for it). A scorer (Portrait Gallery) that is the only
        one held or to come, with no recover to bring one back: the share the tagged cards lose with it, those
        then counted without it. With no scorer left to come, tagged cards count without their share."""
        blanks = state.blanks
        worths = {u: 0 if self.recover[u] or u in blanks and state.is_blanked(u) else self._held_worth(state, u)
                  for u in home}
        if not self.scorer_ok or not any(self.tables.bonus[u] for u in home):
            return worths
        scorers = [u for u in self.scorer_uids if u in home or u in state.draw or u == state.drawn]
        if len(scorers) > 1 or scorers and (scorers[0] not in home or self._at_hand(state, self.recover_uids)):
            return worths
        for u in home:
            if self.tables.bonus[u] and worths[u]:
                worths[u] -= self.tables.bonus[u]
                if scorers and not state.is_blanked(scorers[0]):
                    worths[scorers[0]] += self.tables.bonus[u]
        return worths

    def _pending_kill(self, state: DeckulaState) -> int:
        """What a kill waiting for its Home target surely costs: the cheapest card it may pick (a
        blanked one costs nothing here, as its blocker is charged for it; nor does a Ritual, whose
        worth the bound counts in its own ways)."""
        if not self._home_kill_waits(state):
            return 0
        worths = self._kill_worths(state, state.home)
        return min(worths[u] for u in state.pending.options)

    @staticmethod
    def _home_kill_waits(state: DeckulaState) -> bool:
        """True when a kill of a Home card waits for its target."""
        pending = state.pending
        if pending is None or pending.kind != "target":
            return False
        effect = state.spec(pending.source).effect[pending.effect]
        return effect.op == "kill" and effect.target in HOME_TARGETS

    def _next_kill(self, state: DeckulaState, back: int | None = None, ritual: int | None = None,
                   gone: int | None = None, passage: bool = True, spare_back: bool = False) -> int:
        """What the Home kills of the red-arrow cards still to come that surely kill (a Crumbling Tower) surely
        cost: each takes a card of its own that may be in the Home then — one there now, or one that may enter
        before it (all that may enter, while a card could be buried), at the bound's count of it. A blanked card
        costs nothing (its blocker is charged for it). With fewer cards in the Home now than kills but ones that
        may leave it by their own Discard effect, the Home may be empty at a kill and it (and those after) is
        not charged (otherwise an empty Home means a card was killed before). Nothing during setup, or while a
        recover may bring a cheap card back — but for the last recover waiting for its choice, given the card it
        brings back (`back`), and for a held `ritual`, the only recover left, left out of the Home (see
        _one_ritual; `passage`: whether it may bring back a card that buries; `spare_back`: the kills take other
        cards than `back`); `gone`: the Home card the kill waiting for its target takes first."""
        if state.offer or not self._quiet(state.todo) or state.pending is not None and back is None and gone is None:
            return 0
        killers = self._killers(state)
        if not killers or self.kill_mode not in (None, STRICT):
            return 0  # (with a fodder kill mode, the kill takes a card bought after now: see bound)
        home = [u for u in state.home if u != ritual and u != gone]
        staying = sum(self.cards[u].discard_effect < 0 for u in home)
        if back is not None:
            staying += self.cards[back].discard_effect < 0
        elif any(u != ritual and (u in state.home or u in state.draw or u == state.drawn) for u in self.recover_uids):
            return 0
        burying = self._at_hand(state, self.bury_uids) or (back is not None and self.bury[back]) or (
            ritual is not None and passage and any(u in state.discard for u in self.bury_uids))
        staying -= self._blankers(state)  # each may put a card out of the kills' reach first
        pool = list(self._kill_worths(state, home).values())
        if state.drawn is not None and self.kill_mode is None:
            pool.append(self.entry_worth[state.drawn])
        if back is not None and not spare_back:
            pool.append(self._back_worth(back))
        return self._cheapest_kills(state, pool, killers[:max(0, staying)], burying)

    def _cheapest_kills(self, state: DeckulaState, pool: list[int], killers: list[int], burying: bool) -> int:
        """The least the kills of the cards at `killers` (places in the draw pile, top first) take together, each a
        card of its own: from `pool` or the cards entering before it (any card to come, while `burying`)."""
        entering = state.draw[::-1] if burying else ()
        taken, top = 0, len(state.draw)
        heap = list(pool)
        heapq.heapify(heap)
        for killer in killers:
            if not burying:
                entering, top = state.draw[killer + 1:top][::-1], killer + 1
            for u in entering:
                if self.entry_worth[u] is not None and (self.kill_mode is None or self.free[u]):
                    heapq.heappush(heap, self.entry_worth[u])
            entering = ()
            if not heap:
                break
            taken += heapq.heappop(heap)
        return taken

    def _quiet(self, todo: list) -> bool:
        """True when nothing queued can change the Home's cards: at most passives still to check for cards that
        entered the Threat area, while every passive of the deal answers only such arrivals (they act on the
        card arriving)."""
        return not todo or self.threat_passives_only and all(t[0] == "passives" and t[2] == "threat" for t in todo)

    def _blankers(self, state: DeckulaState) -> int:
        """How many cards blanking a Home card may still enter: drawn, in the draw pile, or set aside while a
        summoner may still act (held, to come, or on the discard pile while a recover may bring it back)."""
        coming = sum(u in state.draw or u == state.drawn for u in self.blanker_uids)
        aside = sum(u in state.set_aside for u in self.blanker_uids)
        if aside and (self._at_hand(state, self.summon_uids) or self._at_hand(state, self.recover_uids) and any(
                u in state.discard for u in self.summon_uids)):
            coming += aside
        return coming

    @staticmethod
    def _at_hand(state: DeckulaState, uids: list[int]) -> bool:
        """True when one of `uids` is in the Home, the draw pile or drawn (outside setup: every card that may
        still act)."""
        return any(u in state.home or u in state.draw or u == state.drawn for u in uids)

    def _killers(self, state: DeckulaState) -> list[int]:
        """The places in the draw pile (top first) of the cards still to come that surely bring a Home kill
        (nothing queued): red-arrow cards that kill a Home card, or ones whose summon calls such a Visitor, when
        the order summons call the set-aside Visitors in is sure; one place per kill (worked out once per bound)."""
        if self.killers_now is not None and self.killers_now[0] is state:
            return self.killers_now[1]
        called = len(self.aside) - len(state.set_aside)
        killers = []
        for i in range(len(state.draw) - 1, -1, -1):
            uid = state.draw[i]
            if self.sure_home_kill[uid]:
                killers.append(i)
            calls = self.summon[uid] if self.aside else 0
            while calls and called < len(self.aside):
                visitor = self.aside[-1 - called]
                if self.sure_home_kill[visitor]:
                    killers.append(i)
                called += 1
                calls += self.summon[visitor] - 1
        self.killers_now = state, killers
        return killers

    def _bound(self, state: DeckulaState, cut: float | None = None) -> float:
        """bound(), buried cards counted at the end or in their order (`buried_order`)."""
        live = self._live(state)
        self.scorer_ok = reachable = self._scorer_reachable(state, live)  # read by _held_worth
        bound = self._threat_part(state)
        queued_recover = any(e.op == "recover" for e in live.queued)
        rituals = [u for u in state.home if self.recover[u]]
        if queued_recover and not rituals:
            enough = self._enough(state, cut, bound)
            chosen = self._choosing_back(state, live, enough)
            if chosen is not None:
                return bound + chosen
        one = None
        if len(rituals) == 1 and not queued_recover:  # the Ritual's lines first: when they cut, no generic bound
            one = self._held_ritual(state, live, rituals[0], cut, bound)
            if one is not None and self._hopeless(bound + one - self._kill_charge(state)):
                return bound + one
        self.scorer_ok = reachable  # (the Ritual's lines may have left it False: their kill charge is known by now)
        generic = bound + self._rest(state, live, bool(rituals) or queued_recover, fallback=True)
        return generic if one is None else min(generic, bound + one)

    def _held_ritual(self, state: DeckulaState, live: _Live, ritual: int, cut: float | None,
                     bound: float) -> float | None:
        """The Home's and the rest's part of the bound with one Ritual held: it brings back its best card, or one
        that helps (a remover, a tag...), each worked out alone (the generic bound counts every help at once; both
        are bounds, so their minimum is one too). None: see _one_ritual."""
        if not self._scorer_hangs_on(state, live, ritual):  # (scorer_ok stays: the kill charge is known)
            enough = self._enough(state, cut, bound)
            return self._one_ritual(state, live, ritual, enough=enough)
        # the lines bringing back a scorer, and the others, without its share for tagged cards (those first: with a
        # cut, they are the ones that most often surely beat it, and the scorer's lines need not be worked out)
        scorer, reachable, self.scorer_ok = self.tables.scorer, self.scorer_ok, False
        enough = self._enough(state, cut, bound)  # the kill is charged with scorer_ok left False (below)
        other = self._one_ritual(state, live, ritual, lambda u: not scorer[u], enough)
        if other is None:
            return None
        self.scorer_ok = reachable
        one = self._one_ritual(state, live, ritual, lambda u: scorer[u], enough)
        self.scorer_ok = False  # left so: read by the kill charged after (the lower charge)
        return None if one is None else max(one, other)

    def _threat_part(self, state: DeckulaState) -> int:
        """The Threat area's part of the bound: what its cards surely lose, and the most they could still score (a
        card doomed by its own arrival: nothing)."""
        doomed = self._doomed(state)
        return sum(self.certain[u] for u in state.threat) + sum(self.potential[u] for u in state.threat if u != doomed)

    @staticmethod
    def _doomed(state: DeckulaState) -> int | None:
        """A card whose arrival set off passives that all kill it, waiting for the choice of one: its own VP never
        counts (going beneath a keeper, it counts there: see _pile_bound)."""
        pending = state.pending
        if pending is None or pending.kind != "passive":
            return None
        effects = [state.spec(source).effect[index] for source, index in pending.passives]
        return pending.trigger if all(e.op == "kill" and e.target == "trigger" for e in effects) else None

    def _enough(self, state: DeckulaState, cut: float | None, bound: float) -> float | None:
        """What the Home's and the rest's part of the bound must beat for the position to beat `cut`, the kill
        charge taken off and `bound` (the Threat area's part) added; None without a cut."""
        return None if cut is None else cut + self._kill_charge(state) - bound

    def _scorer_hangs_on(self, state: DeckulaState, live: _Live, ritual: int | None) -> bool:
        """True when a scorer (Portrait Gallery) can reach the Home only as the card one recover brings back: the
        held `ritual`, or (None) the one waiting for its choice, its effect left out of `live`."""
        return self.scorer_ok and not any(u in live.present for u in self.scorer_uids) and not any(
            u in live.present and u != ritual for u in self.recover_uids) and not any(
            e.op == "recover" for e in live.queued)

    def _one_ritual(self, state: DeckulaState, live: _Live, ritual: int,
                    wanted: Callable[[int], bool] | None = None, enough: float | None = None) -> float | None:
        """The Home's and the rest's part of the bound with one Ritual held: its best card or one card that helps,
        each alone, or none; with `wanted`, only the cards it accepts. None: the tables do not know the pile, or
        (given `enough`) the part surely beats it: every card still to try could only raise it, so the caller's
        position is explored whatever it is."""
        start = self._pile_start(state, live, False)
        plain = self._rest(state, live, False, start=start)
        if plain is None:
            return None
        home = sum(self._held_worth(state, u) for u in state.home if u != ritual)
        if enough is not None and home + plain > enough:
            return None
        if not _turns_left(state):
            return plain + home  # the game ends before the Ritual can be used
        able = self._can_come_back(state, live)
        self._leaving(state, live)
        if wanted is not None:
            able = _both(able, wanted)
        refund = self._pending_kill(state)
        gains = self._back_gains(state, able, refund, self._coming(state))
        # a card still to come reaches the discard pile for the Ritual in one of two ways: discarded when
        # drawn (see _discard_cap), or bought, then gone from the Home (see _back_gain)
        # the Home kills still to come take the card brought back, or cards the bound counts at `toll` at least
        # (with the Ritual unused, one may take the Ritual: that line is `plain`); a Secret Passage it brings back
        # may bury a kill under cheaper cards, so the toll is lower on that line than on the others (`held_toll`)
        toll = self._next_kill(state, ritual=ritual)
        held_toll = toll
        if any(u in state.discard for u in self.bury_uids) and not self._at_hand(state, self.bury_uids):
            held_toll = self._next_kill(state, ritual=ritual, passage=False)
        best, discarded = plain, -math.inf
        groups = [(self.castle_back, toll)] if held_toll == toll else [(self.bury_back, toll), (self.held_back, held_toll)]
        for cards, paid in groups:
            left, coming_back = self._best_backs(cards, gains)
            best = max(best, max(0, left - paid) + plain)
            discarded = max(discarded, _after_kill(coming_back, paid))
        cap = None  # the discard cap costs a table read: worked out only where it could raise `best`
        if discarded + plain > best:
            cap = self._discard_cap(state, live, start)
            best = max(best, min(discarded + plain, cap))
        sides: dict = {}
        kill_next = self._kill_next(state)
        raised = None  # the kind of card whose line last raised `best`
        for index, back, gain, capped in self._backs(gains):  # or one card that helps:
            if enough is not None and home + best > enough:
                self._try_first(raised)
                return None
            if state.drawn is None and not state.offer and self._no_help(back, start):
                continue
            before = best
            helped = self._rest(state, live, True, back, start, sides=sides)
            if helped is not None:
                paid = toll if self.bury[back] else held_toll
                if self.keeper[back] and (kill_next or paid):  # a kill taking it takes its room: that line counts
                    # its other help (none when the kill comes first: `plain`); the others pay the toll
                    fed = None if kill_next else self._rest(state, live, True, back, start, sides=sides, fed=True)
                    if fed is not None:
                        best = max(best, fed)
                    gain, capped = gain - paid, capped - paid
                else:
                    gain, capped = _after_kill(gain, paid), _after_kill(capped, paid)
                best = max(best, gain + helped)  # its tags, remover...
                if capped + helped > best:
                    cap = self._discard_cap(state, live, start) if cap is None else cap
                    best = max(best, min(capped + helped, cap))
            raised = index if best > before else raised
        return home + best

    def _try_first(self, index: int | None) -> None:
        """Try this kind of help first from now on (see _backs): the one that last showed a position is explored."""
        if index is not None and self.back_first[0] != index:
            self.back_first.remove(index)
            self.back_first.insert(0, index)

    def _kill_next(self, state: DeckulaState) -> bool:
        """True when the next card drawn is the only sure Home kill to come and kills on arrival, before any
        Visitor may go beneath a keeper (its own passives come after its instant): nothing drawn, queued or
        pending, and no bury that could slip it under other cards."""
        if state.drawn is not None or state.offer or state.todo or state.pending is not None or not state.draw:
            return False
        top = len(state.draw) - 1
        return (self.sure_home_kill[state.draw[top]] and self._killers(state) == [top]
                and not self._at_hand(state, self.bury_uids))

    def _discard_cap(self, state: DeckulaState, live: _Live, start: tuple) -> float:
        """A bound on every line where the Ritual brings back a card still to come that was discarded when drawn
        (+1 energy, where buying it costs 2): the tables with 3 more energy, buying it instead. Energy that
        cards to come drain (a Vagabond) is added too, as the line with more energy may lose it where the other
        had none to lose; with a drain that is no arrival's instant, no cap."""
        if self.drain_elsewhere:
            return math.inf
        drains = sum(self.drain[u] for u in state.draw) + sum(self.drain[u] for u in state.set_aside)
        return self._rest(state, live, False, start=start, gift=DISCARD_GIFT + drains)

    def _choosing_back(self, state: DeckulaState, live: _Live, enough: float | None = None,
                       each: dict[int, float] | None = None) -> float | None:
        """The bound's Home and pile part while the only recover left waits for its choice: the best
        over the cards it may bring back, each with its own help (not every help at once). None when
        another recover may still act, or no turn is left (the generic bound then applies); inf once the
        best so far beats `enough` (the caller's position is explored whatever the rest would add). `each`
        receives the part of each kind of card it may bring back (the lines where it does)."""
        pending = state.pending
        if (not _recover_waits(state) or not _turns_left(state) or state.drawn is not None or state.offer
                or any(u in live.present for u in self.recover_uids)
                or sum(e.op == "recover" for e in live.queued) != 1):
            return None
        alone = live._replace(queued=[e for e in live.queued if e.op != "recover"])
        reachable = self.scorer_ok
        hangs = self._scorer_hangs_on(state, alone, None)  # tagged cards then earn a scorer's share on its line only
        best = -math.inf
        plains: dict[bool, tuple] = {}  # by scorer_ok: the tables' start, the rest with no help and the Home's worth
        for back in {self.positions.kind[u]: u for u in pending.options}.values():
            self.scorer_ok = reachable and (not hangs or self.tables.scorer[back])  # read wherever a Home card's worth is
            if self.scorer_ok not in plains:
                start = self._pile_start(state, alone, False)
                plains[self.scorer_ok] = (start, self._rest(state, alone, False, start=start),
                                          sum(self._held_worth(state, u) for u in state.home))
            start, plain, home = plains[self.scorer_ok]
            if plain is None:
                self.scorer_ok = reachable
                return None
            rest = plain if self._no_help(back, start) else self._rest(state, alone, True, back, start)
            if rest is not None:
                worth = self._taken_back(state, alone, back, start, rest) + home
                best = max(best, worth)
                if each is not None:
                    each[self.positions.kind[back]] = worth
            if enough is not None and best > enough:  # (no later plain is None: the start is the same)
                best = math.inf
                break
        self.scorer_ok = reachable
        return best

    def _taken_back(self, state: DeckulaState, live: _Live, back: int, start: tuple, rest: float) -> float:
        """What the card the waiting recover brings back adds by its own VP, with `rest` (the rest of the bound with
        its help), once the Home kills to come are charged: they may take it. A keeper they take has lost its room
        too: that line counts its other help; on the others they take cards of their own."""
        kill = self._next_kill(state, back)
        worth = self._back_worth(back) + rest - kill
        if not self.keeper[back] or kill >= (spared := self._next_kill(state, back, spare_back=True)):
            return worth
        fed = self._rest(state, live, True, back, start, fed=True)
        return min(worth, max(self._back_worth(back) + rest - spared, -math.inf if fed is None else fed))

    def _no_help(self, back: int, start: tuple | None) -> bool:
        """True when a card the Ritual brings back can help nothing the cards left in the pile can use
        (none drawn): no summon, no remover, and the tables' state the same with it (its worth is then
        counted in _best_back; nor keeper room while Visitors arriving now may go beneath keepers)."""
        if start is None or self.summon[back] or self.remover[back]:
            return False
        _, tables, m, key, keep = start
        if keep and tables.room[back]:
            return False
        known = tables.unchanged.get((back, m, key))
        if known is None:
            known = tables.unchanged[(back, m, key)] = tables.normal(m, tables.with_card(back, key)) == tables.normal(m, key)
        return known

    def _rest(self, state: DeckulaState, live: _Live, recovering: bool, back: int | None = None,
              start: tuple | None = None, fallback: bool = False, sides: dict | None = None,
              gift: int = 0, fed: bool = False) -> float | None:
        """The bound's part that depends on whether a recover may still act: the draw pile (and
        the Home when `fallback`), stuck Visitors and what recover and summon effects add.

        `back`: the one card the Ritual brings back, when the tables should count its help alone
        (`start`: the tables' start without it, worked out once for every `back`; `sides`: the stuck
        Visitors and extras already worked out for another back, which only its summons and removers
        change; `fed`: a Home kill takes it, so it keeps no room, see PileTables.fed_to_kill)."""
        pile = self._pile_bound(state, live, recovering, back, start, gift, fed)
        charged = pile is not None  # the tables charge each stuck costly Visitor its first VP
        if pile is None:
            if not fallback:
                return None
            potential = self._potentials(state, live)
            pile = self._coming_bound(state, potential) + sum(potential[u] for u in state.home)
            if state.offer:
                pile += max(potential[u] for u in state.offer)
        elif fallback:
            pile += sum(self._held_worth(state, u) for u in state.home)
        if sides is None or back is None:
            return pile + self._sides(state, live, recovering, back, charged)
        kind = (recovering, self.summon[back], self.remover[back], charged)
        if kind not in sides:
            sides[kind] = self._sides(state, live, recovering, back, charged)
        return pile + sides[kind]

    def _sides(self, state: DeckulaState, live: _Live, recovering: bool, back: int | None, charged: bool) -> int:
        """What recover and summon effects add, and what stuck Visitors cost."""
        return (self._extras(state, live, recovering, back)
                + self._stuck_visitors(state, live, recovering, back, charged))

    def _recovered(self, state: DeckulaState, still: list[int], recovers: int) -> int:
        """The most queued recovers bring back: a pending choice picks among its options; otherwise
        any castle card may reach the discard pile first, so all of them count."""
        pending = state.pending
        if pending is not None and pending.kind == "target" and recovers == 1 and not state.todo and (
                state.spec(pending.source).effect[pending.effect].op == "recover"):
            arriving = sum(self.arrivals[u] for u in state.draw) + self._late(state, still)
            return max((self._kept(u, 0, arriving) if self.keeper[u] else self.potential[u]
                        for u in pending.options), default=0)
        kept = [self.potential[u] for pool in (still, state.discard) for u in pool if not self.visitor[u]]
        return sum(sorted(kept, reverse=True)[:recovers])

    def _late(self, state: DeckulaState, still: list[int]) -> int:
        """Visitors a recovered summoning card could still call (from the discard pile, one Ritual)."""
        if sum(self.recover[u] for u in still) > 1:
            return self.recalled
        return sum(self.summon[u] for u in state.discard if not self.visitor[u])

    def _back_gain(self, state: DeckulaState, uid: int, refund: int, coming: set[int]) -> int:
        """What a card brought back adds by its own VP, when it left the Home before (it is there now, or still
        to come and bought): the bound already counts its VP once, so it wins back only what the bound charged
        for its leaving — a kill waiting for its target (`refund`, the cheapest it may pick); for a dear
        remover (a Loyal Gargoyle), the unit the tables do not spare for its use; for a Secret Passage, the
        card the tables discard for each bury. Other Home kills and Discard effects are not charged. A keeper
        in the Home loses the Visitors beneath it on the way (the bound counts what it holds now). A card still
        to come that could not leave the Home once bought (no Discard effect of its own, no Home kill after it)
        only comes back discarded when drawn (-inf here: see _discard_cap). A card on the discard pile adds its
        whole worth."""
        worth = self._back_worth(uid)
        if uid not in state.home and uid not in coming:
            return worth
        if uid in coming and not self._may_leave(state, uid):
            return -math.inf
        charged = refund if uid in state.home else 0
        if self.tables.dear[uid]:
            charged = max(charged, self.tables.unit)
        if self.bury[uid]:
            charged = max(charged, self.bury_cost)
        held = self._held_worth(state, uid) if uid in state.home else worth
        return min(worth, charged) - (held - worth)

    def _may_leave(self, state: DeckulaState, uid: int) -> bool:
        """Whether a card still to come, once bought, could leave the Home again: by its own Discard effect, or by a
        Home kill of a card drawn after it (see _leaving)."""
        if self.cards[uid].discard_effect >= 0 or uid == state.drawn or self.leave_anyway:
            return True
        return self.last_kill is not None and state.draw.index(uid) > self.last_kill

    def _leaving(self, state: DeckulaState, live: _Live) -> None:
        """What _may_leave reads for a position: whether a Home kill may come at any time (a set-aside Visitor a
        summon may call, a castle card that kills by its Discard effect or passive), and the place in the draw pile
        of the Home killer drawn last (None: none)."""
        called = summoned(state.set_aside, self._summons(state, live, True), self.summon)
        self.leave_anyway = any(self.home_killer[u] for u in called) or any(
            self.home_picker[u] for u in state.home + state.draw + state.discard)
        self.last_kill = next((i for i, u in enumerate(state.draw) if self.home_killer[u]), None)

    def _back_worth(self, uid: int) -> int:
        """The most a card brought back into the Home adds by its own VP (a keeper with nobody beneath:
        the Visitors it could keep count through its room, in the tables; a tagged card: its scorers' share only
        while a scorer is held or can still come, as for a Home card)."""
        if self.keeper[uid]:
            return self._kept(uid, 0, 0)
        return self.potential[uid] - (0 if self.scorer_ok else self.tables.bonus[uid])

    def _backs(self, gains: dict[int, tuple[float, float]]) -> Iterator[tuple[int, int, float, float]]:
        """For each kind of help a recover may bring back (when one of its cards can still reach the discard
        pile): its place in the tables' groups, a card of it, and the most one of its cards adds by its own VP (see
        _best_backs); worked out as the caller asks (it stops once a line shows the position is explored: the kind
        that last did so comes first, see _try_first)."""
        groups = self.tables.back_groups
        for index in self.back_first:
            first = next((u for u in groups[index] if u in gains), None)
            if first is not None:
                yield index, first, *self._best_backs(groups[index], gains)

    @staticmethod
    def _best_backs(cards: list[int], gains: dict[int, tuple[float, float]]) -> tuple[float, float]:
        """The most one of `cards` brought back adds by its own VP (`gains`, see _back_gains); -inf: none can come
        back."""
        left = discarded = -math.inf
        for uid in cards:
            if uid in gains:
                left, discarded = max(left, gains[uid][0]), max(discarded, gains[uid][1])
        return left, discarded

    def _back_gains(self, state: DeckulaState, able: Callable[[int], bool], refund: int,
                    coming: set[int]) -> dict[int, tuple[float, float]]:
        """For each castle card that may come back: what it adds by its own VP when it left the Home or lay on the
        discard pile (see _back_gain), and when it is still to come and will be discarded when drawn (-inf when
        it is not to come; the caller caps that one)."""
        return {uid: (self._back_gain(state, uid, refund, coming),
                      self._back_worth(uid) if uid in coming else -math.inf)
                for uid in self.castle_back if able(uid)}

    @staticmethod
    def _coming(state: DeckulaState) -> set[int]:
        """The cards still to come: in the draw pile, or drawn now."""
        return {*state.draw, state.drawn} if state.drawn is not None else set(state.draw)

    def _can_come_back(self, state: DeckulaState, live: _Live) -> Callable[[int], bool]:
        """Whether a card may be on the discard pile when the Ritual is used: there already, still to
        be drawn (or offered), or in the Home if it discards itself for its effect, or while a card
        that kills Home cards may still come."""
        if self._home_killer_ahead(state, live):
            return lambda u: u not in state.threat
        staying = {u for u in state.home if self.cards[u].discard_effect < 0}
        return lambda u: u not in staying and u not in state.threat

    def _coming_bound(self, state: DeckulaState, potential: dict[int, int] | list[int]) -> int:
        """The draw pile's bound by counting alone (used while cards can still change places)."""
        free = self.free
        coming = state.draw + [state.drawn] if state.drawn is not None else state.draw
        bought = sorted((potential[u] for u in coming if not free[u]), reverse=True)
        tolls = sum(self.toll[u] for u in coming)  # energy that arriving cards take for sure
        buys = max(0, state.energy - tolls + len(bought)) // 3 + (state.drawn is not None and state.energy >= 2)
        return sum(potential[u] for u in coming if free[u]) + sum(bought[:buys])

    def _pile_bound(self, state: DeckulaState, live: _Live, recovering: bool, back: int | None = None,
                    start: tuple | None = None, gift: int = 0, fed: bool = False) -> float | None:
        """The draw pile's bound (with the offer's, during setup) from the pile tables; None when the
        pile is not recognised. `back`: a card the Ritual brings back, its help added to `start` (with `fed`, but
        keeper room: a Home kill takes it); `gift`: energy more than the position holds."""
        if start is None:
            start = self._pile_start(state, live, recovering and back is None)
        if start is None:
            return None
        now, tables, m, key, keep = start
        if back is not None:
            key = tables.fed_to_kill(back, key) if fed else tables.with_card(back, key)
            spare = tables.recall[back] - self._one_call(state, live)
            if spare > 0 and not self.aside:  # (tables.recall counts a chain through every set-aside summoner)
                key = (*key[:4], key[4] - spare, *key[5:])
        rest = self._pile_rest(state, tables, m, key, gift)
        for kept in range(1, keep + 1):  # Visitors arriving now go beneath keepers, or leave the room to later ones
            rest = max(rest, tables.per_visitor * kept
                       + self._pile_rest(state, tables, m, tables.less_room(key, kept), gift))
        return now + rest

    def _pile_start(self, state: DeckulaState, live: _Live, recovering: bool) -> tuple | None:
        """_start_of, worked out once per bound() call for each way of counting (the loose and strict bounds share
        theirs)."""
        fodder = self.kill_mode if self.kill_mode not in (None, STRICT) else None
        way = (recovering, self.buried_order, fodder, self.scorer_ok)  # (_held_worth reads scorer_ok)
        known = self.starts.get(way)
        if known is not None and known[0] is state and known[1] is live:
            return known[2]
        start = self._start_of(state, live, recovering)
        self.starts[way] = state, live, start
        return start

    def _start_of(self, state: DeckulaState, live: _Live, recovering: bool) -> tuple | None:
        """What cards arriving now (and buried cards, counted at the end) add, the tables, the cards
        left for them, the tables' state and how many Visitors arriving now may go beneath keepers. None
        when the pile is not recognised.

        With `buried_order`, the tables for the pile as it lies meet the buried cards in the order they
        will be drawn (`_tables_for`); otherwise the tables of the dealt order take what is left of it
        and the cards slipped to the bottom are counted at their best, free.
        """
        tables = self._tables_for(state.draw, self.buried_order)
        if tables is None:
            return None
        m = len(state.draw) if tables is not self.tables else len(state.draw) - self.buried_now
        bottom = state.draw[:len(state.draw) - m]
        final = self._final(state, live)
        now = sum(0 if final and u == state.draw[0] and self.recover[u]
                  else self._deferred_worth(u, self.most_buries + sum(self.arrivals[v] for v in bottom[:i]))
                  for i, u in enumerate(bottom))  # bottom[:i]: the cards buried after it
        owed = sum(tables.end_cost(u) for u in bottom)  # energy they take when drawn at the end
        room = sum(self.keeper[u][0] - len(state.beneath.get(u, ())) for u in state.home if self.keeper[u])
        arriving = sum(e.op == "summon" for e in live.queued) + sum(
            self.visitor[u] for u in _entering(state) if u in state.threat)
        key = self._start_key(state, live, bottom, room, recovering)
        if self.kill_mode not in (None, STRICT):  # the kill takes a cheap card bought: see bound
            extra, cards = self.kill_mode
            owed += extra
            for uid in cards:  # its help counted from now, as the tables discard it
                key = tables.fed_to_kill(uid, key)
        return now, tables, m, key[:1] + (min(owed, tables.most_owed),) + key[2:], min(room, arriving)

    def _tables_for(self, pile: list[int], buried_order: bool) -> PileTables | None:
        """The pile tables for a draw pile: the dealt order's while no card is buried under it (or when
        buried cards are counted at the end, if not too many); else, with `buried_order`, the tables
        for the buried cards under the rest of the dealt order, made once per buried cards."""
        buried = self.buried_now
        if not buried:
            return self.tables
        if not buried_order:
            return self.tables if buried <= self.tables.most_tokens else None
        bottom = tuple(self.positions.kind[u] for u in pile[:buried])
        tables = self.buried_tables.get(bottom)
        if tables is None:
            tables = self.buried_tables[bottom] = self.tables.under(pile[:buried] + self.root_pile)
        return tables

    def _start_key(self, state: DeckulaState, live: _Live, bottom: list[int], room: int,
                   recovering: bool) -> tuple:
        """The pile tables' state for a position (`recovering`: a recover may still bring a card back)."""
        tables, recover = self.tables, self.recover
        home = self._home_help(state, live)
        tokens, flags, removers, dear, shields = home.tokens, home.flags, home.removers, home.dear, home.shields
        killer = home.killer or recovering
        scorer = home.scorer or recovering or any(tables.scorer[u] for u in bottom)  # a scorer buried to the end comes
        if recovering and any(self.bury):  # each recover in the Home or queued may bring a Secret Passage back
            tokens += max(1, sum(recover[u] for u in state.home) + sum(e.op == "recover" for e in live.queued))
        flags = tables.all_flags if recovering else flags
        shields = tables.all_shields if recovering else shields
        if recovering:  # each recover still to act may bring a remover back
            removers += tables.removers_back * (sum(u in live.present for u in self.recover_uids)
                                                + sum(e.op == "recover" for e in live.queued))
        removers += sum(tables.removers[u] for u in bottom)  # cards buried to the end still come
        stranded = live.stranded
        excess = ()
        if stranded:
            blanked, unit = self._blanked_worth(state), tables.unit
            excess = tuple(sorted((c for c in (blanked.get(u, 0) - state.spec(u).vp - unit for u in stranded) if c),
                                  reverse=True))
        ends = sum(self.arrivals[u] for u in bottom)  # Visitors coming at the end: buried, or summoned by
        if recovering:  # a summoner brought back
            ends += self._recalled(state, live)
        if killer and self._killer_stays(state, live):
            killer = 2
        return tables.start(tokens, flags, room, ends, killer, removers, scorer, home.crowd - len(stranded),
                            len(stranded), excess, bool(bottom), shields, dear, home.called, home.sure)

    def _home_help(self, state: DeckulaState, live: _Live) -> _HomeHelp:
        """What _start_key reads of a position whatever the way of counting (once per bound() call and `live`): the
        Home's bury tokens, guard-tag flags, removers (with the queued ones), dear removers, Visitor killer, scorer
        and shields; the crowd, the set-aside Visitors called and whether keeper room is sure."""
        if self.help_now is not None and self.help_now[0] is state and self.help_now[1] is live:
            return self.help_now[2]
        tables, recover = self.tables, self.recover
        tokens = flags = removers = shields = dear = 0
        killer = scorer = False
        turns = _turns_left(state)  # a Home card's instants are spent; its Discard effect needs a turn
        for u in state.home:
            if not recover[u]:
                tokens += tables.tokens_given[u]
                flags |= tables.tag_bits[u]
                removers += turns and self.discard_remover[u]
                dear += turns and tables.dear[u]
                killer = killer or tables.killer[u]
                scorer = scorer or tables.scorer[u]
                shields |= tables.shield_bits[u]
        removers += sum(e.target == "chosen_visitor" for e in live.queued)
        help_ = _HomeHelp(tokens, flags, removers, dear, killer, scorer, shields, self._crowd(state, live),
                          self._called(state, live), self._room_sure(state, live))
        self.help_now = state, live, help_
        return help_

    def _killer_stays(self, state: DeckulaState, live: _Live) -> bool:
        """True when a Home card killing (or blanking) every Visitor that arrives surely stays there, unblanked, to
        the end: it has no Discard effect, and no effect that kills or blanks a Home card may still act. Only
        asked where some Visitor could keep VP of its own in the Threat area, and where every passive a Visitor
        sets off kills or blanks it (so no passive chosen instead lets it stay and score)."""
        if not self.welcome or not self.visitor_passives_remove:
            return False
        if not any(self.sure_killer[u] and self.cards[u].discard_effect < 0 and not state.is_blanked(u)
                   for u in state.home):
            return False
        return not (self._home_killer_ahead(state, live) or self._blankers(state) or any(
            e.op == "blank" and e.target in HOME_TARGETS for e in live.queued) or any(
            self.home_picker[u] for u in state.home) or any(
            (self.home_killer[u] or self.home_blanker[u]) and not self.visitor[u] for u in state.discard))  # (a
        # recover may bring a castle card back)

    def _room_sure(self, state: DeckulaState, live: _Live) -> bool:
        """True when no keeper is blanked now, even by a lapsed blank, and no blank of a Home card waits: every other
        blank of a Home card is a Visitor's instant the tables meet (see PileTables._keep)."""
        return not any(self.keeper[u] for u in state.blanks) and not any(
            e.op == "blank" and e.target in HOME_TARGETS for e in live.queued)

    def _recalled(self, state: DeckulaState, live: _Live) -> int:
        """Visitors that summoners the recovers bring back may call (at the end, for the tables): one summoner
        per recover still to act, each calling no more than one summon can (see _one_call)."""
        recalls = sorted((self.tables.recall[u] for u in self.castle_back if self.tables.recall[u]), reverse=True)
        if not recalls or self.aside:
            return sum(recalls)
        recovers = max(1, sum(u in live.present for u in self.recover_uids) + sum(e.op == "recover" for e in live.queued))
        return min(sum(recalls[:recovers]), recovers * self._one_call(state, live, recovers > 1))

    def _crowd(self, state: DeckulaState, live: _Live) -> int:
        """Visitors in the Threat area that only a remover can take away: not blanked (nor under a
        blank that could come back), and not the subject of a queued or pending effect."""
        visitor, blanks = self.visitor, state.blanks
        return sum(1 for u in state.threat if visitor[u] and u not in blanks and u not in live.acting_on)


    def _pile_rest(self, state: DeckulaState, tables: PileTables, m: int, key: tuple, gift: int = 0) -> float:
        """The tables' value of the drawn card (or the setup offer) and the bottom `m` cards (energy that
        cards buried to the end give back there stays owed, below 0: given at once, a card taking energy on
        the way, a Vagabond, could eat it); `gift`: energy more than the position holds."""
        energy = state.energy + gift
        if state.drawn is not None:
            return tables.decide(state.drawn, m, energy, key)
        if not state.offer:
            return tables.value(m, energy, key)
        return max(worth + tables.value(m, energy, after)
                   for u in state.offer for worth, after in tables.entries(u, m, key))

    def _pile_tables(self, root: DeckulaState) -> PileTables:
        """The optimistic tables over the dealt pile (see solvers.deckula_pile)."""
        specs = [card.spec for card in root.cards]
        room = [k[0] if k else 0 for k in self.keeper]
        bonus = [sum(max(0, s.vp_per_tag) for s in specs if s.vp_per_tag and s.scoring_tag in spec.tags)
                 for spec in specs]
        arrivals, late = self.arrivals, 0  # a recovered summoner's Visitors: see PileTables.recall
        summons = sum(self.summon) + self.recalled
        if summons > len(root.set_aside):
            # some summon may find the set-aside Visitors gone and call no one: counted on arrival it
            # could take the keeper room of a Visitor coming later, which the tables would then
            # charge as stranded. So summoned Visitors only fill room left at the end.
            arrivals = [int(card.spec.visitor and card.spec.arrow == "threat") for card in root.cards]
            late = min(len(root.set_aside), summons)
        # the most energy a position asks beyond one per pile card gone: the root's, the drawn card's discard, and
        # what _discard_cap adds
        top_energy = root.energy + (root.drawn is not None) + DISCARD_GIFT + sum(self.drain)
        tables = PileTables(specs, self.root_pile, top_energy, self._table_worth,
                            self._deferred_worth, self.bury_cost, room, arrivals, late, bonus, self.aside,
                            owed_more=DISCARD_GIFT if any(self.sure_home_kill) else 0)  # (see _fodder)
        tables.set_backs(self.castle_back, self.potential, self.summon)
        return tables

    def _summon_order(self, root: DeckulaState) -> tuple[int, ...]:
        """The set-aside Visitors in the order summons will call them (the last first), when that order
        is sure: every summon is an unconditional instant of a card that surely enters play when drawn
        (a red arrow) or is itself set aside, none can enter at setup, and no recover can bring a
        summoner back. Otherwise () (the tables then let summoned Visitors arrive free)."""
        for uid, card in enumerate(root.cards):
            effects = [e for e in card.spec.effect if e.op == "summon"]
            if not effects:
                continue
            if any(e.timing != "instant" or e.unless_tag or e.min_visitors for e in effects) or uid in root.offer:
                return ()
            if uid in root.draw and not card.spec.arrow:
                return ()
            if any(self.recover) and (uid in root.discard or uid in root.home):
                return ()
        return tuple(root.set_aside)

    def _called(self, state: DeckulaState, live: _Live) -> int:
        """How many set-aside Visitors were called, or will be by summons already queued."""
        queued = sum(e.op == "summon" for e in live.queued)
        return len(self.aside) - len(state.set_aside) + len(summoned(state.set_aside, queued, self.summon))

    def _table_worth(self, uid: int, below: int) -> float:
        """A card's worth in the tables: a keeper's own VP (the tables count what goes beneath)."""
        known = self.table_worths.get((uid, below))
        if known is None:
            own = self._kept(uid, 0, 0) if self.keeper[uid] else self._worth(uid, below)
            known = self.table_worths[(uid, below)] = own + self.certain[uid]
        return known

    def _deferred_worth(self, uid: int, later: int) -> float:
        """The most a card buried to the end of the pile adds, with at most `later` buries after it: its
        own worth; a keeper's Visitors buried after it, or summoned at the end; what a recover brings back."""
        if self.keeper[uid]:
            return self._kept(uid, 0, later + self.recalled) + self.certain[uid]
        if self.recover[uid]:
            return max((self._deferred_worth(u, later) for u in self.castle_back), default=0)
        return self._worth(uid, 0) + self.certain[uid]

    def _worth(self, uid: int, below: int) -> int:
        """The most a card drawn with `below` cards under it could score (keepers count Visitors after it)."""
        if not self.keeper[uid] and not self.recover[uid]:
            return self.potential[uid]
        arriving = sum(self.arrivals[u] for u in self.root_pile[:below]) + self.recalled
        if self.keeper[uid]:
            return self._kept(uid, 0, arriving)
        # what a recover could bring back for its VP alone: a keeper's Visitors count in the tables,
        # through its room, when the recover brings it back as help (PileTables.backs)
        return max((self._kept(u, 0, 0) if self.keeper[u] else self.potential[u]
                    for u in self.castle_back), default=0)

    def _stuck_visitors(self, state: DeckulaState, live: _Live, recovering: bool, back: int | None,
                        charged: bool) -> int:
        """What Visitors already in Threat cost when no remaining effect can remove them.

        Passives only act on the card that sets them off, so a Visitor already in the Threat
        area (and no longer the subject of a queued or pending effect) leaves it only through an
        effect that picks a Visitor (kill or blank): each card carrying one can fix at most one
        Visitor, so at most that many are fixed (the costliest). A Visitor costs its negative VP
        and the worth of the Home cards it blanks (they score again only once it leaves); a
        blanked Ritual is not charged, as a Ritual's worth is counted in more than one way.
        """
        visitors = [u for u in state.threat if self.visitor[u] and u not in live.acting_on
                    and u not in state.blanks]  # a lapsed blank may come back when its blocker's blocker goes
        if charged:  # the tables charge these whole
            visitors = [u for u in visitors if u not in live.stranded]
        if not visitors:
            return 0
        blanked = self._blanked_worth(state)
        costs = sorted((c for c in (blanked.get(u, 0) - min(0, state.card_vp(u)) for u in visitors) if c > 0),
                       reverse=True)
        if not costs:
            return 0
        removers = self._removers(state, live)
        present = live.present
        last = state.draw[0] if state.draw and self._final(state, live) else None
        recovers = sum(u in present and u not in state.home and u != last for u in self.recover_uids) + sum(
            e.op == "recover" for e in live.queued) + (recovering and back is None and _turns_left(state))
        if back is not None and _turns_left(state):
            removers += self.remover[back]
        if recovers:  # each recover brings back one card, with its removers
            removers += sum(sorted((self.remover[u] for u in state.discard), reverse=True)[:recovers])
        return -sum(costs[removers:])

    def _blanked_worth(self, state: DeckulaState) -> dict[int, int]:
        """For each card blanking Home cards: the worth those cards would score again once it leaves
        (a blanked Ritual is not counted, as a Ritual's worth is counted in more than one way)."""
        blanked: dict[int, int] = {}
        for target, blocker in state.blanks.items():
            if target in state.home and state.is_blanked(target) and not self.recover[target]:
                blanked[blocker] = blanked.get(blocker, 0) + self._held_worth(state, target)
        return blanked

    def _home_killer_ahead(self, state: DeckulaState, live: _Live) -> bool:
        """True while an effect that kills a Home card may still act (a card to come, queued, or a
        set-aside Visitor that the summons left may call)."""
        return any(self.home_killer[u] for u in live.cards if u not in state.home) or any(
            self.home_killer[u] for u in summoned(state.set_aside, self._summons(state, live, True), self.summon)
        ) or any(e.op == "kill" and e.target in HOME_TARGETS for e in live.queued)

    def _summons(self, state: DeckulaState, live: _Live, recovering: bool, back: int | None = None) -> int:
        """How many summon effects may still act (not counting summoned summoners): cards to come or
        held, queued ones, and the card a recover brings back (`back`, or any summoner discarded)."""
        summons = sum(u in live.present for u in self.summon_uids) + sum(e.op == "summon" for e in live.queued)
        return summons + self._recalls(state, live, recovering, back)

    def _recalls(self, state: DeckulaState, live: _Live, recovering: bool, back: int | None) -> int:
        """Summons that recovers bring back into the Home (where a summoner calls again): `back`, and one per
        other recover that may act (held ones only while `recovering` and no `back` is given) while summoners
        lie in the discard pile or the Home (a kill may send them there)."""
        recovers = sum(u in live.present and u not in state.home for u in self.recover_uids)
        if recovering and back is None:
            recovers += sum(self.recover[u] for u in state.home) + sum(e.op == "recover" for e in live.queued)
        own = self.summon[back] if back is not None else 0
        if not recovers:
            return own
        summoners = sum(self.summon[u] and not self.visitor[u] for u in state.discard + state.home)
        return own + min(recovers, summoners)

    def _live(self, state: DeckulaState) -> _Live:
        """The cards still able to act, the queued effects and what they act on, for one bound; and
        the crowd's Visitors costing at least the tables' unit, charged there until a remover is held (built once
        per bound() call)."""
        if self.live_now is not None and self.live_now[0] is state:
            return self.live_now[1]
        live = self._live_of(state)
        self.live_now = state, live
        return live

    def _live_of(self, state: DeckulaState) -> _Live:
        """_live, built."""
        cards = state.home + state.draw + state.offer
        if state.drawn is not None:
            cards.append(state.drawn)
        acting_on, unit, visitor = _still_acting_on(state), self.tables.unit, self.visitor
        stranded = [u for u in state.threat if visitor[u] and u not in state.blanks and u not in acting_on
                    and unit and -state.spec(u).vp >= unit]
        return _Live(cards, set(cards), queued_effects(state), acting_on, stranded)

    def _final(self, state: DeckulaState, live: _Live) -> bool:
        """True when nothing can go below the bottom card of the draw pile: no bury card may still act,
        and none can come back (a Secret Passage in the discard pile while a recover may act before that
        card: queued, or held anywhere but at the bottom of the pile)."""
        if any(u in live.present for u in self.bury_uids):
            return False
        if not any(u in state.discard for u in self.bury_uids):
            return True
        last = state.draw[0] if state.draw else None
        return not (any(e.op == "recover" for e in live.queued)
                    or any(u in live.present and u != last for u in self.recover_uids))

    def _removers(self, state: DeckulaState, live: _Live) -> int:
        """Effects that may still pick a Visitor in the Threat area (kill or blank it).

        A card's Discard effect needs a turn after it comes home, so the last card of the pile
        (while nothing can bury it) brings only its instants.
        """
        remover = self.remover
        removers = sum(e.target == "chosen_visitor" for e in live.queued) + sum(remover[u] for u in state.offer)
        if _turns_left(state):  # Discard effects need a turn start (instants in the Home are spent)
            removers += sum(self.discard_remover[u] for u in state.home)
        last = state.draw[0] if state.draw else state.drawn
        final = self._final(state, live)
        for uid in state.draw + ([state.drawn] if state.drawn is not None else []):
            removers += self.instant_remover[uid] if final and uid == last else remover[uid]
        return removers

    def _held_worth(self, state: DeckulaState, uid: int) -> int:
        """The most a Home card may still score (a keeper: what it holds now; a tagged card: its
        scorers' share only while a scorer is held or can still come)."""
        if self.keeper[uid]:
            return self._kept(uid, len(state.beneath.get(uid, ())), 0)
        if self.tables.bonus[uid] and not self.scorer_ok:
            return self.potential[uid] - self.tables.bonus[uid]
        return self.potential[uid]

    def _scorer_reachable(self, state: DeckulaState, live: _Live) -> bool:
        """True while a card scoring per tagged card is in the Home, still to come, or recoverable."""
        scorer = self.tables.scorer
        if any(u in live.present for u in self.scorer_uids):
            return True
        recovering = any(u in live.present for u in self.recover_uids) or any(e.op == "recover" for e in live.queued)
        return recovering and any(scorer[u] for u in state.discard)

    def _potentials(self, state: DeckulaState, live: _Live) -> dict[int, int] | list[int]:
        """Potentials, with a keeper's room limited to the Visitors still able to arrive after it."""
        if not any(u in live.present and u not in state.offer and u != state.drawn for u in self.keeper_uids):
            return self.potential
        potential = dict(enumerate(self.potential))
        later = self.late_arrivals + sum(e.op == "summon" for e in live.queued)
        later += sum(state.spec(u).visitor for u in live.acting_on if u in state.threat)
        arrivals = self.arrivals
        for uid in state.draw:  # bottom first: `later` counts the Visitors drawn after `uid`
            if self.keeper[uid]:
                potential[uid] = self._kept(uid, 0, later)
            later += arrivals[uid]
        for uid in state.home:
            if self.keeper[uid]:
                potential[uid] = self._kept(uid, len(state.beneath.get(uid, ())), later)
        return potential

    def _kept(self, uid: int, held: int, arriving: int) -> int:
        capacity, per, base = self.keeper[uid]
        return max(0, base + per * min(capacity, held + arriving))

    def _extras(self, state: DeckulaState, live: _Live, recovering: bool, back: int | None) -> int:
        """What recover and summon effects could still bring into play."""
        still = live.cards
        queued = [e.op for e in live.queued]
        recovers = queued.count("recover")  # a Ritual still to use counts through its potential
        extra = self._recovered(state, still, recovers) if recovers else 0
        if not self.aside:
            called = summoned(state.set_aside, self._summons(state, live, recovering, back), self.summon)
            return extra + sum(self.potential[u] for u in called)
        # the tables let the Visitors that the pile's summons call arrive, in turn: here only those of
        # summons already queued (the next ones set aside), and, as any set-aside Visitors, those of
        # summoners buried to the end when the tables count buried cards at their best, or brought back
        called = summoned(state.set_aside, queued.count("summon"), self.summon)
        extra += sum(self.potential[u] for u in called)
        loose = self._recalls(state, live, recovering, back)
        if not self.buried_order:
            loose += sum(self.summon[u] for u in state.draw[:self.buried_now])
        if loose == 1:
            extra += self._best_chain(state.set_aside)
        elif loose:
            chain = loose + sum(self.summon[u] for u in state.set_aside)
            extra += chain * max((self.potential[u] for u in state.set_aside), default=0)
        return extra

    def _one_call(self, state: DeckulaState, live: _Live, others: bool = False) -> int:
        """The most set-aside Visitors one summon now calls, itself and those it calls summoning in turn: from
        the top of the set-aside pile, or from any place in it while another summon may act first (`others`:
        one surely may)."""
        set_aside = state.set_aside
        anywhere = others or any(e.op == "summon" for e in live.queued) or any(
            u in live.present and u not in state.home for u in self.summon_uids)
        known = self.one_calls.get((*set_aside, anywhere))
        if known is None:
            tops = range(len(set_aside), 0 if anywhere else len(set_aside) - 1, -1)  # where the top is when it calls
            known = self.one_calls[(*set_aside, anywhere)] = max(
                (len(summoned(set_aside[:top], 1, self.summon)) for top in tops), default=0)
        return known

    def _best_chain(self, set_aside: list[int]) -> int:
        """The most one summon at an unknown time adds: it calls the set-aside Visitor on top then (any of
        them, as other summons may call the ones above first), and a called summoner the next one."""
        known = self.best_chains.get(tuple(set_aside))
        if known is None:
            known = self.best_chains[tuple(set_aside)] = max(
                (sum(self.potential[u] for u in summoned(set_aside[:top], 1, self.summon))
                 for top in range(1, len(set_aside) + 1)), default=0)
        return known


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while the search runs: its explored positions, bounds and table rows are
    hundreds of thousands of objects that every full collection walks again, while it makes almost no cycles
    (2,380 objects collected on beginner 11, and the collections took a tenth of its time; see also
    _Search.release)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _unwound(line: tuple) -> list[Action]:
    """The actions of a line kept as nested (earlier line, action) pairs, first move first."""
    actions = []
    while line:
        line, action = line
        actions.append(action)
    return actions[::-1]


def _turns_left(state: DeckulaState) -> bool:
    """True while a turn start (when Discard effects are used) is still to come, or is now."""
    return bool(state.draw) or state.phase == ACTIVATE


def _after_kill(gain: float, toll: int) -> float:
    """What a card brought back adds by its own VP (`gain`) once the Home kills costing at least `toll` (or the
    card itself) are charged: a kill takes it, or the kills take others."""
    return gain - min(toll, max(gain, 0))


def _both(first: Callable[[int], bool], second: Callable[[int], bool]) -> Callable[[int], bool]:
    """A card test passed by the cards passing both tests."""
    return lambda uid: first(uid) and second(uid)


def _recover_waits(state: DeckulaState) -> bool:
    """True when a recover effect (the Ritual's) waits for the card it brings back."""
    pending = state.pending
    return (pending is not None and pending.kind == "target" and pending.source >= 0
            and state.spec(pending.source).effect[pending.effect].op == "recover")


def _ordered(state: DeckulaState) -> list[Action]:
    legal = list(GAME.legal_actions(state))
    preferred = choose(state, legal)
    return [preferred] + [a for a in legal if a != preferred]


class _HomeHelp(NamedTuple):
    """What the Home gives the pile tables' start whatever the way of counting (see _Search._home_help)."""

    tokens: int    # bury tokens
    flags: int     # guard-tag flags
    removers: int  # Visitor removers held or queued
    dear: int      # dear removers (a Loyal Gargoyle)
    killer: bool   # a Visitor-killing passive
    scorer: bool   # a card scoring per tagged card
    shields: int   # shields against named Visitors
    crowd: int     # Visitors in the Threat area only a remover can take away
    called: int    # set-aside Visitors called
    sure: bool     # keeper room is sure


class _Live(NamedTuple):
    """What one bound() call reads several times, built once per call."""

    cards: list[int]      # cards that may still act: Home, draw pile, offer and the drawn card
    present: set[int]     # the same cards, as a set
    queued: list[Effect]  # effects queued or waiting on a pending choice
    acting_on: set[int]   # cards those effects may still act on
    stranded: list[int]   # the crowd's Visitors the pile tables charge (see _Search._live)


def _still_acting_on(state: DeckulaState) -> set[int]:
    """Cards that a queued or pending effect may still act on (its trigger, its options)."""
    cards = _entering(state)
    if state.pending:
        cards |= {state.pending.trigger, *state.pending.options}
    return cards


def _entering(state: DeckulaState) -> set[int]:
    """Cards whose entering still sets off passives (a keeper may take them): those whose passives
    are still to check, or that set off a queued effect or a pending choice between passives."""
    cards = {t[1] for t in state.todo if t[0] == "passives"} | {t[3] for t in state.todo if t[0] == "effect"}
    if state.pending and state.pending.kind == "passive":
        cards.add(state.pending.trigger)
    return cards


def _certain_losses(specs: list[CardSpec]) -> list[int]:
    """The negative VP of each red-arrow non-Visitor Threat card that no effect of the deal can remove or blank.

    Once in the Threat area such a card stays there for good: only a passive set off by its own
    arrival could act on it (a non-Visitor is never a chosen Visitor), so with no such passive
    in the deal its VP is certain to count.
    """
    # (Visitors: see _stuck_visitors and the tables)
    return [min(0, spec.vp) if spec.arrow == "threat" and spec.vp < 0 and not spec.visitor
            and not _touched(spec, specs, ("kill", "blank")) else 0 for spec in specs]


def _touched(spec: CardSpec, specs: list[CardSpec], ops: tuple[str, ...]) -> bool:
    """Whether an effect of the deal doing one of `ops` may act on the card once it is in play: one picking a
    Visitor (for a Visitor), or a passive set off by its arrival."""
    wanted = ("visitor", "any") if spec.visitor else ("castle", "any")
    return any(e.op in ops and (
        e.target == "chosen_visitor" and spec.visitor
        or e.target == "trigger" and (e.filter in wanted or e.filter == spec.id))
        for other in specs for e in other.effect)


def _stays_out(root: DeckulaState) -> list[bool]:
    """For each card, whether it can never reach the discard pile: a red-arrow Threat card that is no Visitor,
    still in the draw pile, that no kill of the deal can take (in the Threat area only a kill set off by its own
    arrival could: a non-Visitor is never a chosen Visitor)."""
    specs = [card.spec for card in root.cards]
    pile = set(root.draw)
    return [_out_of_reach(spec, specs) if u in pile else False for u, spec in enumerate(specs)]


def _out_of_reach(spec: CardSpec, specs: list[CardSpec]) -> bool:
    """A red-arrow Threat card that is no Visitor and that no kill of the deal can take (see _stays_out)."""
    return spec.arrow == "threat" and not spec.visitor and not _touched(spec, specs, ("kill",))


def _keeper(spec: CardSpec) -> tuple[int, int, int] | None:
    """(capacity, VP per card beneath, other VP) for a card that keeps Visitors beneath it."""
    capacity = max((e.capacity or 0 for e in spec.effect if e.beneath), default=0)
    return (capacity, spec.vp_per_beneath, spec.vp) if capacity else None


def _potentials(root: DeckulaState) -> list[int]:
    """The most each card could ever add to a score (0 for cards that can only cost points).

    A card scoring per tagged card in the Home (Portrait Gallery) is charged to the tagged cards:
    each Portrait counts its own VP plus what every Gallery of the deal could pay for it, so
    the Gallery's worth needs the Portraits' buys too. A card that recovers another from the
    discard pile is worth the best card it could bring back.
    """
    specs = [card.spec for card in root.cards]
    potential = [max(0, _own_potential(spec)) + sum(max(0, s.vp_per_tag) for s in specs if s.vp_per_tag
                                                   and s.scoring_tag in spec.tags)
                 for spec in specs]
    recoverable = [p for p, s in zip(potential, specs, strict=True)
                   if not s.visitor and not any(e.op == "recover" for e in s.effect)]
    best_back = max(recoverable, default=0)
    return [best_back if any(e.op == "recover" for e in s.effect) else p
            for p, s in zip(potential, specs, strict=True)]


def _own_potential(spec: CardSpec) -> int:
    """A card's printed VP plus the most the cards beneath it could add."""
    capacity = max((e.capacity or 0 for e in spec.effect if e.beneath), default=0)
    return spec.vp + spec.vp_per_beneath * capacity
