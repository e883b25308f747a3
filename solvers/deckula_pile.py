"""Deckula! hindsight: an optimistic table of what the rest of the draw pile can add.

The table is a relaxation of the real game over the dealt order, solved once per deal by dynamic
programming from the bottom of the pile up. Its state, besides the cards left (`m`) and energy:

* bury tokens held (a Secret Passage in the Home, or a Ritual that could bring one back): using
  one sends the card on top to the very end, at the price of the card discarded for it; met there,
  a red-arrow card pays its toll, a plain card is bought at its best for 2 energy or discarded for 1;
* the energy still owed at the end of the pile by buried cards (below 0: what they give back there);
* which *guard tags* are in the Home — the tags that stop a red-arrow card's game-ending or
  energy-demanding instant (a coffin for Sunrise, a guard for Monster Hunter). Tags are only
  ever gained here (a card that could bring tagged cards back counts as holding every tag).

Each plain card is bought (2 energy, its most) or discarded (+1 energy); a red-arrow card comes
free, takes the energy its instant demands (a line that cannot pay, or that meets a game-ending
card without its guard tag, is lost: -inf) and adds its VP when that VP can only be negative and
no effect in the deal can remove or blank it. A Vengeful Villager's mob ends the line when the
Visitors stranded on the way plus the crowd already standing in the Threat area, less the Visitor
removers held, reach its count. A stranded Visitor costs the unit at the end, and what it costs
beyond (its VP below the unit; for those already in the Threat area, the Home cards they blank)
unless a remover is held; removers fix the costliest first. A Visitor that a passive names (the
Quaintrelle and Spider Webs) is taken at once while such a shield is held. When the order is sure,
the set-aside Visitor a summon calls arrives right after it like a red-arrow Visitor, keeping its own VP
only while it stays in the Threat area: not once beneath a keeper, nor while a Visitor killer surely stays
in the Home to the end (the search tells the tables so); a summoner
that a recover brings back into the Home calls its Visitors at the end, where they fill keeper room
(only on the lines where it does come back: counted for every line, this was the loosest part). Effects that
could only help (kills, blanks) are left out, which keeps the table an upper bound. Each state
forgets what the cards below can no longer use (`normal`). Rows are computed on demand, each a numpy
array over four axes at once: the stranded Visitors less the removers held (`net`), the removers got
so far, free keeper room and energy — those four only move by fixed steps (a Visitor stays: net + 1; a
remover comes: net - 1, got + 1; a keeper comes: room + its room; a Visitor goes beneath one: room - 1;
a buy: energy - 2), so one row serves every position differing in them, and a move is a shifted read
of the next row (`_view` over a `Frame`) rather than a row of its own. (Per-energy rows keyed by net
and got too needed about ten times as many rows; keeper room in the key, 2-4 times as many as on its
axis: rows are most of the time.)
The excess costs standing are not in a row's key where every excess cost still to come is 1, the least
there is (every level with the sample decks): the removers a line gets fix the costliest first, so what it
leaves unfixed depends only on the costs standing, the removers got so far, and how many removers and excess
arrivals the line meets below. The row's second axis then counts those two (at least so many removers, at most
so many arrivals) rather than the removers got, and `_unfixed` reads it for a state's costs: one row serves
every excess cost standing (1.4-3.9 times fewer rows on ten benchmark deals). Above a dearer arrival the rows are keyed by the excess
costs as before, and read the counting rows below the same way (`_fixed`).
The same tables are made for a pile whose bottom cards were buried (`under`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from solvers.deckula_key import HOME_TARGETS, summoned
from tablekit.deckula.cards import CardSpec

ROWS_MEMORY = 512 * 2**20  # bytes of rows kept by one search (see _Rows)
ROW = np.int16  # table values are small whole numbers: 16 bits hold them (half the memory of float32)
LOST = -20000  # a row's -inf (no line survives): VP added along the pile never bring it near NEVER
NEVER = -10000  # a row value at or below this is read as -inf
Frame = tuple[int, int, int, int, int, int, int, int]  # (first stranded count, how many, first removers got, how many,
#                                                      first keeper room, how many, first excess arrivals, how many)
Then = Callable[[tuple, Frame], np.ndarray]  # the rest of the pile after a card, read over a frame
Shift = tuple[int, int, int]  # how a move changes the stranded count, the removers got and keeper room
Key = tuple  # 16 fields, in this order:
# (bury tokens, energy owed at the end (by buried cards, or asked by the search: see _Search._fodder), guard-tag
#  flags, keeper room, Visitors arriving at the end,
#  a Visitor-killing passive in the Home (0/1; 2: one surely there to the end, so no Visitor arriving keeps its
#  own VP — it goes beneath a keeper or is killed or blanked), stranded Visitors minus the Visitor removers held
#  that are not dear, a card scoring per tagged card in the Home (0/1), the crowd: Visitors already
#  standing in the Threat area that only a remover can take away — they count towards a mob, never
#  as a cost, the removers got so far (at most one per excess cost), the excess costs: what each
#  stranded Visitor already in the Threat area costs beyond the unit, costliest first — the Home cards
#  it blanks and its VP below the unit; the first removers got fix the costliest, cards buried to the
#  end (0/1), shields held against named Visitors (bits), the dear removers held — a Loyal Gargoyle,
#  paying with its own VP: they thin a mob and fix excess costs but spare no unit —, keeper room sure (0/1: no
#  keeper with free room is blanked nor can be before a Visitor arrives, so a keeper's passive takes every Visitor
#  arriving while it has room, see _keep), and the set-aside Visitors called so far, when the order summons call
#  them in is sure)


class PileTables:
    """Tables over the dealt pile: `value(m, energy, ...)`, the most its bottom m cards can add.

    Rows are computed on demand and kept: a search asks for few of the possible states.
    """

    def __init__(self, specs: list[CardSpec], pile: list[int], top_energy: int,
                 worth: Callable[[int, int], float], deferred_worth: Callable[[int, int], float],
                 bury_cost: int, room: list[int], arrivals: list[int], late: int,
                 bonus: list[int], aside: tuple[int, ...] = (), rows: _Rows | None = None, owed_more: int = 0) -> None:
        self.specs, self.pile, self.top_energy = specs, pile, top_energy
        self.worth, self.deferred_worth, self.bury_cost = worth, deferred_worth, bury_cost
        self.room, self.arrivals, self.late = room, arrivals, late
        # Visitors a summoner calls when it enters the Home other than by its arrow (a recover brings it
        # back): they fill keeper room at the end (with_card)
        self.recall = [arrivals[u] if self.summons_of(s) and not s.visitor and s.arrow != "home" else 0
                       for u, s in enumerate(specs)]
        self.aside = aside  # the set-aside Visitors, in the order summons call them (last first); () when
        # that order cannot be known (see PileTables doc)
        self.bonus = bonus  # a tagged card's share of scorers; see entries
        self._end_calls: dict[tuple[int, int], int] = {}  # _end_call, by (cards left, Visitors called)
        self.backs: list[int] = []  # one card of each kind of help a recover may bring back
        self.back_groups: list[list[int]] = []
        self.scorer = [bool(s.vp_per_tag) for s in specs]
        self.summons = [self.summons_of(s) for s in specs]
        self.chains = self._chains()
        self.scorer_below = [False]
        for uid in pile:  # scorer_below[m]: a scorer lies among the bottom m cards
            self.scorer_below.append(self.scorer_below[-1] or self.scorer[uid])
        self.most_room = sum(room)
        self.most_ends = max(0, self.most_room - late)  # Visitors arriving at the end beyond it find no room
        self.per_visitor = max((s.vp_per_beneath for s, r in zip(specs, room, strict=True) if r), default=0)
        self.guard_tags = sorted({e.unless_tag for s in specs if s.arrow for e in s.effect
                                  if e.timing == "instant" and e.unless_tag and not e.min_visitors
                                  and (e.op == "end_game" or e.op == "lose_energy" and e.or_end)})
        self.all_flags = (1 << len(self.guard_tags)) - 1
        self.tag_bits = [self._bits(s.tags) for s in specs]
        recover = [any(e.op == "recover" for e in s.effect) for s in specs]
        bury = [any(e.op == "bury" for e in s.effect) for s in specs]
        self.recover = recover
        self.tokens_given = [b + (r and any(bury)) for b, r in zip(bury, recover, strict=True)]
        self.most_tokens = sum(self.tokens_given)
        self.owed_more = owed_more  # energy the search may ask to be left at the end besides the buries'
        self.most_owed = 2 * self.most_tokens + owed_more
        self._visitor_defences(specs)
        self._dear_removers(specs)
        self.forcing = self._forced_keepers(specs)
        self._below()
        self.size = self._energy_size()
        self.energy = np.arange(self.size)
        self.rows = rows if rows is not None else _Rows()  # by (m, shared key): over (net, got, room, energy)
        self._index: dict[tuple[Frame, Frame], np.ndarray] = {}  # _view's gathers, by frames
        self._drops: dict[int, np.ndarray] = {}  # _taken's reads, by energy taken
        self._unfixeds: dict[tuple, np.ndarray] = {}  # _unfixed, by its arguments
        self.values: dict[tuple[int, int, Key], float] = {}  # value() as asked: a search asks again and again
        self.unchanged: dict[tuple[int, int, Key], bool] = {}  # for the search: a card that changes no state
        self._demands: dict[tuple[int, int], tuple[int, int] | None] = {}  # by (card, guard tags held)
        self._reach: dict[tuple[int, int], tuple[int, int, int, int, bool]] = {}  # _called, by (Visitors called,
        #                                                                             summons below)

    @staticmethod
    def summons_of(spec: CardSpec) -> int:
        """How many summon effects a card carries."""
        return sum(e.op == "summon" for e in spec.effect)

    def _visitor_defences(self, specs: list[CardSpec]) -> None:
        """Which cards kill every arriving Visitor, which remove one, which Visitors cost VP."""
        self.killer = [any(e.timing == "passive" and e.op in ("kill", "blank") and e.target == "trigger"
                           and e.filter in ("visitor", "any") and e.capacity is None for e in s.effect)
                       for s in specs]
        any_remover = any(e.target == "chosen_visitor" for s in specs for e in s.effect)
        self.removers = [sum(e.target == "chosen_visitor" for e in s.effect) + (r and any_remover)
                         for s, r in zip(specs, self.recover, strict=True)]
        self.instant_removers = [sum(e.target == "chosen_visitor" and e.timing == "instant" for e in s.effect)
                                 for s in specs]  # the removers of a card bought with no turn left
        self.removers_back = int(any_remover)  # a recover may bring a remover back
        # Visitors a passive names (Spider Webs and the Quaintrelle): the cards carrying such a passive
        # shield the Home from them (a bit per named Visitor), so without a shield they cost like others
        visitors = {s.id for s in specs if s.visitor}
        named = sorted({e.filter for s in specs for e in s.effect if e.timing == "passive"} & visitors)
        self.named_bit = [1 << named.index(s.id) if s.id in named else 0 for s in specs]
        self.shield_bits = [sum({1 << named.index(e.filter) for e in s.effect
                                 if e.timing == "passive" and e.filter in named}) for s in specs]
        self.all_shields = (1 << len(named)) - 1
        self.costly = [s.visitor and s.arrow == "threat" and s.vp < 0 for s in specs]
        self.unit = min((-s.vp for s, c in zip(specs, self.costly, strict=True) if c), default=0)
        # what a stranded Visitor costs beyond the unit (the first removers fix the costliest)
        self.excess_of = [-s.vp - self.unit if c else 0 for s, c in zip(specs, self.costly, strict=True)]
        # the most excess costs that can stand at once: one per costly Visitor costing more than the unit or
        # blanking a card (the Home cards it blanks are its excess)
        self.most_excess = sum(c and (x > 0 or any(e.op == "blank" for e in s.effect))
                               for s, c, x in zip(specs, self.costly, self.excess_of, strict=True))
        self.most_net = sum(self.costly)
        self.most_stranded = sum(s.visitor for s in specs)  # more Visitors than the deal's never stand anywhere
        self.home_blank = [any(e.op == "blank" and e.target in HOME_TARGETS for e in s.effect) for s in specs]
        self.mob = [max((e.min_visitors for e in s.effect if e.op == "end_game" and e.timing == "instant"
                         and e.min_visitors and not e.unless_tag), default=0) for s in specs]
        self.any_mob = any(self.mob)

    def _chains(self) -> list[int]:
        """For each count of set-aside Visitors called already, the most the next summon's call adds by the VP
        of the Visitors it brings (a called summoner calling the next one in turn), when their order is sure."""
        aside = list(self.aside)
        return [sum(max(0, int(self.worth(u, 0))) for u in summoned(aside[:len(aside) - called], 1, self.summons))
                for called in range(len(aside) + 1)]

    def _end_call(self, m: int, called: int) -> int:
        """The most one summon of a card buried to the end (under the bottom m cards) adds there by the VP of
        the Visitors it calls: the summons of those m cards call first, so it may call any Visitor from the
        next one (`called` called already) to the one after all they may reach."""
        known = self._end_calls.get((m, called))
        if known is None:
            known = self._end_calls[(m, called)] = max(self.chains[called:self._reached(m, called) + 1], default=0)
        return known

    def _reached(self, m: int, called: int) -> int:
        """How many set-aside Visitors are called once the summons of the bottom m cards called theirs (a called
        summoner calling the next), `called` being called already."""
        calls, at = self.summons_below[m], called
        while calls > 0 and at < len(self.aside):
            calls, at = calls - 1 + self.summons[self.aside[-1 - at]], at + 1
        return at

    def under(self, pile: list[int]) -> PileTables:
        """The same tables for another order of the pile (cards buried under the dealt order)."""
        tables = PileTables(self.specs, pile, self.top_energy, self.worth, self.deferred_worth, self.bury_cost,
                            self.room, self.arrivals, self.late, self.bonus, self.aside, self.rows.sibling(),
                            self.owed_more)
        tables.backs, tables.back_groups = self.backs, self.back_groups
        return tables

    def dealt_part(self, pile: list[int]) -> list[int]:
        """The top of a draw pile (bottom first) that is still in the order of this table's pile; the
        cards under it were buried."""
        buried = 0
        while pile[buried:] != self.pile[:len(pile) - buried]:
            buried += 1
        return pile[buried:]

    def _forced_keepers(self, specs: list[CardSpec]) -> bool:
        """Whether sure keeper room may take Visitors' own VP away (see _keep): the order summons call the set-aside
        Visitors in is sure (the tables then meet every Visitor that may blank a Home card), every keeper's passive
        takes any Visitor entering the Threat area while it has room, and a Visitor kept scores, in the tables, at
        least the VP of its own that any Visitor could keep (so a line keeping one where a blanked keeper let it
        stay scores no less, and the room it takes was the tables' to spare)."""
        welcome = [self.worth(u, 0) for u in range(len(specs)) if self._welcome(u)]
        keepers = [s for s, r in zip(specs, self.room, strict=True) if r]
        blankers = [s for s, b in zip(specs, self.home_blank, strict=True) if b]  # each must arrive as the tables see
        if any(not (s.visitor or s.arrow == "threat") or any(e.timing != "instant" for e in s.effect
                                                            if e.op == "blank") for s in blankers):
            return False
        return bool(self.aside and welcome and keepers) and self.per_visitor >= max(welcome) and all(any(
            e.timing == "passive" and e.beneath and e.target == "trigger" and e.filter in ("visitor", "any")
            and e.trigger in ("enters_threat", "enters_play") and not e.unless_tag for e in s.effect) for s in keepers)

    def _dear_removers(self, specs: list[CardSpec]) -> None:
        """Removers whose use costs their own VP, at least the unit (a Loyal Gargoyle is discarded to
        kill): using one on a Visitor costing the unit gains nothing, so they fix only the excess
        costs and thin a mob, but never spare the unit."""
        self.dear = [self.removers[u] if self.unit and not self.recover[u] and self.worth(u, 0) >= self.unit
                     and all(e.timing == "discard" for e in s.effect if e.target == "chosen_visitor") else 0
                     for u, s in enumerate(specs)]
        self.most_dear = sum(s.visitor for s in specs)  # more than the Visitors of the deal never matter

    def _bits(self, tags: tuple[str, ...]) -> int:
        return sum(1 << i for i, tag in enumerate(self.guard_tags) if tag in tags)

    def set_backs(self, castle_back: list[int], potential: list[int], summon: list[bool]) -> None:
        """The cards a recover may bring back that change the tables' state: the best of each kind of help
        (bury tokens, guard tags, keeper room, removers, a killer, a scorer, shields, a summon)."""
        groups: dict[tuple, list[int]] = {}
        for uid in castle_back:
            help_ = (self.tokens_given[uid], self.tag_bits[uid], self.room[uid], self.removers[uid],
                     self.killer[uid], self.scorer[uid], self.shield_bits[uid], summon[uid])
            if any(help_):
                groups.setdefault(help_, []).append(uid)
        # each kind of help, its cards best first (a position takes the best one that can still come back)
        self.back_groups = [sorted(group, key=lambda u: -potential[u]) for group in groups.values()]
        self.backs = sorted(group[0] for group in self.back_groups)

    def start(self, tokens: int, flags: int, room: int, ends: int, killer: int, removers: int,
              scorer: bool, crowd: int = 0, stranded: int = 0, excess: tuple[int, ...] = (),
              buried: bool = False, shields: int = 0, dear: int = 0, called: int = 0, sure: bool = False) -> Key:
        """The table state of a position: tokens, guard tags, free keeper room, Visitors buried,
        a Visitor-killing passive in the Home, the Visitor removers it holds, a scorer held, the
        crowd of Visitors in the Threat area (kept only while a mob card is in the deal), the
        `stranded` costly ones among them (charged until removed), their excess costs, and whether
        cards were buried to the end (so a turn still comes after the last card of the dealt order),
        the `shields` held against named Visitors, how many of the `removers` are `dear` ones, and how
        many set-aside Visitors were `called` (the next summon calls the one before them). `killer`: 0, 1, or 2 when
        one is surely held to the end; `sure`: keeper room is sure (see Key; only with a sure summon order, where
        the tables meet every Visitor that may blank a Home card)."""
        net, crowd = self._remove(stranded, crowd if self.any_mob else 0, removers - dear)
        return (min(tokens, self.most_tokens), 0, flags, min(room, self.most_room), ends, int(killer),
                net, int(scorer), crowd, removers, excess, int(buried), shields, min(dear, self.most_dear),
                int(sure and self.forcing), called if self.aside else 0)

    def _remove(self, net: int, crowd: int, removers: int) -> tuple[int, int]:
        """`net` and the crowd once `removers` more removers are held: net goes down to its floor
        (-most_net, as no more Visitors than that can ever be stranded), the rest thins the crowd."""
        net -= removers
        if net < -self.most_net:
            crowd, net = max(0, crowd + net + self.most_net), -self.most_net
        return net, crowd

    def value(self, m: int, energy: int, key: Key) -> float:
        """The most the bottom `m` cards of the dealt pile can add from this energy and state."""
        known = self.values.get((m, energy, key))
        if known is None:
            self.rows.trim()
            known = self.values[(m, energy, key)] = self._value(m, energy, key)
        return known

    def _value(self, m: int, energy: int, key: Key) -> float:
        """value(), read from the row of the state's shared key at its stranded count, removers got and keeper
        room (a row counting removers and excess arrivals below: the best over them, less what the state's excess
        costs and they leave unfixed)."""
        shared = self._shared(m, key)
        row, (low, _, _, gots, _, rooms, _, arrivals) = self._row(m, shared)
        net = min(max(key[6], low), self.stranded_most[m]) - low
        cells = row[net, :, min(key[3], rooms - 1), min(energy, self.size - 1)]
        if self.fixes[m]:
            value = int((cells - self._unfixed(key[10], key[9], 1, gots, arrivals)[0]).max())
        else:
            value = int(cells[min(key[9], gots - 1)])
        return -math.inf if value <= NEVER else float(value)

    def decide(self, uid: int, m: int, energy: int, key: Key) -> float:
        """The most from a drawn plain card (buy or discard it) and then the bottom `m` cards."""
        best = self.value(m, energy + 1, key)
        if energy >= 2:
            best = max(best, *(worth + self.value(m, energy - 2, after) for worth, after in self.entries(uid, m, key)))
        return best

    def entries(self, uid: int, m: int, key: Key) -> list[tuple[float, Key]]:
        """(worth, state after) for each way `uid` may enter the Home with `m` cards left under it."""
        return [(worth, self._apply(key, after, shift)) for worth, after, shift in self._entries(uid, m, key)]

    def with_card(self, uid: int, key: Key, turns: bool = True) -> Key:
        """The table state once `uid`, a card a recover brings back, is in the Home (its tags, bury tokens, keeper
        room and removers: counted from now, see _brought_back)."""
        after, shift = self._brought_back(uid, key, turns)
        return self._apply(key, after, shift)

    def _brought_back(self, uid: int, key: Key, turns: bool) -> tuple[Key, Shift]:
        """_enter for a card a recover brings back, its help counted from now: the recover may act later, so a
        keeper's room may not be there yet when a Visitor arrives, and keeper room is no longer sure (see _keep)."""
        after, shift = self._enter(uid, key, turns)
        return (_unsure(after) if self.room[uid] else after), shift

    def fed_to_kill(self, uid: int, key: Key) -> Key:
        """The table state with the help of `uid`, a card a Home kill will take (bought for it, or brought back by a
        recover before it), counted from now, but no keeper room: a keeper killed scores nothing for the Visitors
        beneath it (they go with it)."""
        after, shift = self._enter(uid, key, True)
        return self._apply(key, self.less_room(after, after[3] - key[3]), shift)

    @staticmethod
    def less_room(key: Key, kept: int) -> Key:
        """The state once `kept` Visitors went beneath keepers (their room taken)."""
        return (*key[:3], key[3] - kept, *key[4:])

    def _apply(self, key: Key, after: Key, shift: Shift) -> Key:
        """`after` with the stranded count (and crowd) and the removers got of `key` moved by `shift`."""
        net, crowd = self._remove(key[6], key[8], -shift[0])
        return (*after[:6], net, after[7], crowd, key[9] + shift[1], *after[10:])

    def _entries(self, uid: int, m: int, key: Key) -> list[tuple[float, Key, Shift]]:
        """(worth, state after but the stranded count and removers got, how they and keeper room move) for each
        way `uid` may enter the Home with `m` cards left under it.

        A tagged card only earns its share of a scorer's VP while a scorer is held or still to
        come. A card that recovers another brings back one card: either the best of all (its
        worth and nothing else), or one whose help changes the table's state (`backs`), with that
        help and its own worth.
        """
        worth = int(self.worth(uid, m))
        if self.bonus[uid] and not key[7] and not self.scorer_below[m]:
            worth -= self.bonus[uid]
        turns = bool(m or key[11])  # a turn start still to come (cards below, or buried)
        if self.recover[uid]:
            return [(worth, key, (0, 0, 0)),
                    *((self.worth(back, m), *self._brought_back(back, key, turns)) for back in self.backs)]
        return [(worth, *self._enter(uid, key, turns))]

    def _enter(self, uid: int, key: Key, turns: bool) -> tuple[Key, Shift]:
        """The table state once `uid` is in the Home, its stranded count and removers got left as they were,
        and how they and keeper room move: (net, got, room). With no `turns` left its Discard effects never
        act, so only its instants remove a Visitor; a dear remover thins a mob but spares no stranded
        Visitor's unit."""
        tokens, owed, flags, room, ends, killer, net, scorer, crowd, got, excess, buried, shields, dear, sure, called = key
        flags |= self.tag_bits[uid]
        recover = self.recover[uid]
        if recover:
            flags = self.all_flags
        removers, more = (self.removers[uid], self.dear[uid]) if turns else (self.instant_removers[uid], 0)
        return (min(tokens + self.tokens_given[uid], self.most_tokens), owed, flags,
                min(room + self.room[uid], self.most_room), ends + self.recall[uid], max(killer, int(self.killer[uid] or recover)),
                net, scorer | self.scorer[uid] | recover, crowd, got, excess, buried,
                shields | (self.all_shields if recover else self.shield_bits[uid]), min(dear + more, self.most_dear),
                sure, called), (more - removers, removers, self.room[uid])

    def _below(self) -> None:
        """For each m, what the bottom m cards can still make matter in a state (see normal); once a
        summoner lies among them, what the set-aside Visitors it may call can too."""
        self.costly_below, self.bonus_below, self.tags_below, self.arriving_below = [0], [False], [0], [0]
        self.excess_below, self.named_below, self.summons_below = [0], [0], [0]
        self.mob_below = [False]
        self._dooms()
        # whether a card entering the Home last acts on a turn of its own (buried cards bring one): only its
        # Discard removers tell it apart (a recover always may: the card it brings back may have some)
        last = self.pile[0] if self.pile else None
        self.last_turn = last is not None and bool(self.recover[last] or self.dear[last]
                                                    or self.removers[last] != self.instant_removers[last])
        self.tokens_below = [0]  # bury tokens the bottom m cards may give
        # the most a bury adds to the energy owed at the end (a plain card bought there, or a toll)
        self.owed_step = max([2] + [self.end_cost(u) for u in set(self.pile)])
        # the most Visitors stranded while the bottom m cards are still to come: not those among them
        self.stranded_most = [self.most_stranded - sum(self.specs[u].visitor for u in self.pile[:m])
                              for m in range(len(self.pile) + 1)]
        called = self._matters(self.aside)
        self.costly_pile = [0]  # costly Visitors among the bottom m cards (costly_below: and the set-aside ones)
        self.welcome_pile = [False]  # a Visitor arriving with some VP of its own among the bottom m cards
        for uid in self.pile:
            self.summons_below.append(self.summons_below[-1] + self.summons[uid])
            self.tokens_below.append(self.tokens_below[-1] + self.tokens_given[uid])
            # a recover among them may bring back a summoner whose Visitors fill keeper room at the end
            self.arriving_below.append(self.arriving_below[-1] + self.arrivals[uid] + self.recover[uid] * max(self.recall))
            self.bonus_below.append(self.bonus_below[-1] or bool(self.bonus[uid]))
            costly, excess, tags, named, mob = self._matters([uid])
            self.costly_pile.append(self.costly_pile[-1] + costly)
            self.welcome_pile.append(self.welcome_pile[-1] or self._welcome(uid))
            if self.summons_below[-1] and not self.summons_below[-2]:  # the set-aside Visitors, counted once for
                costly, excess = costly + called[0], excess + called[1]  # the frames; what else: see _called
            self.costly_below.append(self.costly_below[-1] + costly)
            self.excess_below.append(self.excess_below[-1] + excess)
            self.tags_below.append(self.tags_below[-1] | tags)
            self.named_below.append(self.named_below[-1] | named)
            self.mob_below.append(self.mob_below[-1] or mob)
        self._fixes_below()

    def _fixes_below(self) -> None:
        """For each m, whether every excess cost that may come with the bottom m cards is 1, the least there is
        (`fixes`: the rows there count the removers got and the excess arrivals below, see _frame), and the most
        removers they may bring (a recover: the most any card has; a summoner: every set-aside Visitor's too)."""
        most = max(self.removers, default=0)
        aside = sum(self.removers[u] for u in self.aside)
        aside_dearest = max((self.excess_of[u] for u in self.aside), default=0)
        self.removers_below, self.fixes, dearest = [0], [True], 0
        for m, uid in enumerate(self.pile, 1):
            called = self.summons_below[m] and not self.summons_below[m - 1]
            self.removers_below.append(self.removers_below[-1] + (most if self.recover[uid] else self.removers[uid])
                                       + (aside if called else 0))
            dearest = max(dearest, self.excess_of[uid], aside_dearest if called else 0)
            self.fixes.append(dearest <= 1)

    def _energy_size(self) -> int:
        """How many energies a row holds (0 to size - 1; more reads as the last). Only a discard gives energy,
        so a position with m cards left asks at most the top energy and one per card gone from above them;
        and from the energy that pays everything the bottom m cards and the set-aside Visitors may take
        (buys, tolls, drains) and the most owed at the end, more changes nothing. The rows hold, over every m,
        the smaller of the two: a row read at one energy more than its level may ask (a discard) is read at
        an energy the level below may ask, or past where its values stop changing."""
        spend = self.most_owed + sum(self._spend(u) for u in self.aside)
        most = 0
        for m in range(len(self.pile) + 1):
            most = max(most, min(self.top_energy + len(self.pile) - m, spend))
            if m < len(self.pile):
                spend += self._spend(self.pile[m])
        return most + 1

    def _spend(self, uid: int) -> int:
        """The most energy a card may take in the tables: 2 to buy a plain card; a red-arrow card's instants."""
        spec = self.specs[uid]
        if not spec.arrow:
            return 2
        return sum(e.amount for e in spec.effect if e.op == "lose_energy" and e.timing == "instant")

    def _matters(self, uids) -> tuple[int, int, int, int, bool]:
        """What arriving cards may make matter: costly Visitors, excess costs, guard tags asked for,
        named Visitors, a mob."""
        costly = excess = tags = named = 0
        mob = False
        for uid in uids:
            spec = self.specs[uid]
            costly += self.costly[uid]
            excess += self.excess_of[uid] > 0
            if spec.arrow or spec.visitor:  # the tags its demand reads (see _demand)
                tags |= self._bits(tuple(e.unless_tag for e in spec.effect if e.timing == "instant" and e.unless_tag
                                         and not e.min_visitors and e.op in ("end_game", "lose_energy")))
            named |= self.named_bit[uid] if self.costly[uid] else 0  # a shield only spares a costly one
            mob = mob or bool(self.mob[uid])
        return costly, excess, tags, named, mob

    def normal(self, m: int, key: Key) -> Key:
        """The state with what the bottom m cards can no longer use forgotten: see _shared; and stranded
        Visitors fewer than no mob or cost can tell apart, removers got beyond the excess costs."""
        shared = self._shared(m, key)
        excess, later = key[10], self.excess_below[m]
        got = min(key[9], len(excess) + later)
        if not later and got >= len(excess):
            got, excess = 0, ()  # every excess fixed, and no more can come: forget them
        return (*shared[:3], min(key[3], self._coming(m, key[4])), *shared[4:6], max(key[6], self._frame(m, shared)[0]),
                shared[7], shared[8], got, excess, *shared[11:])

    def _shared(self, m: int, key: Key) -> Key:
        """The key of the row holding a state (its stranded count, removers got and keeper room are the row's
        axes, 0 here), with what the bottom m cards can no longer use forgotten (more positions share a row):
        the crowd without a mob card below; a killer without costly Visitors below; guard tags no card
        below asks for; a scorer with no tagged card below; bury tokens beyond the cards left; energy given
        back at the end beyond what the buries still possible could owe again (any energy pays the rest);
        Visitors arriving at the end beyond the keeper room they could ever find; cards buried when the last
        card acts the same on a turn of its own; shields against Visitors that cost nothing, or while a killer
        takes every Visitor anyway."""
        tokens, owed, flags, room, ends, killer, _, scorer, crowd, _, excess, buried, shields, dear, sure, called = key
        costly, _, tags, named, mob = self._called(m, called) if self.aside else (0, 0, 0, 0, False)
        if not (self.mob_below[m] or mob):
            crowd = dear = 0
        if not (self.welcome_pile[m] or self._welcome_called(m, called)):  # no Visitor to come could keep its own
            killer, sure = min(killer, 1), 0  # VP anyway
        if killer == 1 and not (self.costly_pile[m] or costly):
            killer = 0
        tokens = min(tokens, m)
        owed = max(owed, -self.owed_step * min(m, tokens + self.tokens_below[m]))
        return (tokens, owed, flags & (self.tags_below[m] | tags), 0, min(ends, self.most_ends),
                killer, 0, scorer and self.bonus_below[m], crowd, 0, () if self.fixes[m] else excess,
                buried if self.last_turn else 0,
                0 if killer else shields & (self.named_below[m] | named), dear, sure, called if self.summons_below[m] else 0)

    def _dooms(self) -> None:
        """For each guard tag (and for none), whether the bottom m cards surely end a game lacking it: a red-arrow
        card ending the game on arrival unless that tag is held comes before any card that could bring the tag
        (or any tag: a recover), a bury token or a Visitor's summons (see _doomed)."""
        self.doom: list[tuple[int, list[bool]]] = []
        for bit in (0, *(1 << i for i in range(len(self.guard_tags)))):
            doomed = [False]
            for uid in self.pile:
                spec = self.specs[uid]
                if self.tag_bits[uid] & bit or self.recover[uid] or self.tokens_given[uid] or self.summons[uid]:
                    doomed.append(False)
                # (such a game end "unless" a tag always names a guard tag: see guard_tags)
                elif spec.arrow and any(e.op == "end_game" and e.timing == "instant" and not e.min_visitors and (
                        self._bits((e.unless_tag,)) == bit if e.unless_tag else not bit) for e in spec.effect):
                    doomed.append(True)
                else:
                    doomed.append(doomed[-1])
            if any(doomed):
                self.doom.append((bit, doomed))

    def _doomed(self, m: int, key: Key) -> bool:
        """Whether every line from a state at m is lost: holding no bury token, it meets a card ending the game
        for a guard tag it lacks before any card that could change that (see _dooms)."""
        return not key[0] and any(doomed[m] and not key[2] & bit for bit, doomed in self.doom)

    def _called(self, m: int, called: int) -> tuple[int, int, int, int, bool]:
        """What the set-aside Visitors the summons of the bottom m cards call may make matter (see _matters),
        `called` being called already (each called one calls its own in turn)."""
        reach = (called, self.summons_below[m])
        known = self._reach.get(reach)
        if known is None:
            at = self._reached(m, called)
            known = self._reach[reach] = self._matters(self.aside[len(self.aside) - at:len(self.aside) - called])
        return known

    def _welcome(self, uid: int) -> bool:
        """Whether a Visitor arriving in the Threat area would count some VP of its own there."""
        return self.specs[uid].visitor and self.worth(uid, 0) > 0

    def _welcome_called(self, m: int, called: int) -> bool:
        """Whether the summons of the bottom m cards may call a Visitor with some VP of its own (see _welcome),
        `called` being called already."""
        if not self.aside:
            return False
        at = self._reached(m, called)
        return any(self._welcome(u) for u in self.aside[len(self.aside) - at:len(self.aside) - called])

    def _coming(self, m: int, ends: int) -> int:
        """The most keeper room a state at m can use: the Visitors still to come (beyond it, room is forgotten)."""
        return min(self.most_room, self.arriving_below[m] + ends + self.late)

    def _frame(self, m: int, shared: Key) -> Frame:
        """The axes of row (m, shared): stranded counts from the lowest any line can tell apart (below it
        no mob can form and nobody is stranded, however many arrive) up to the most Visitors that can stand
        in the Threat area while the bottom m cards are still to come; removers got from 0 to the most
        excess costs that can still be fixed; keeper room from 0 to the most the Visitors to come can use.

        Where every excess cost to come is 1 (`fixes`), the removers got are the ones the bottom m cards give (at
        least that many: 0 to the most they may give, no more than excess costs may stand; _view reads more than
        they give as lost), and a last axis counts the excess arrivals that stay (at most that many): the
        costs they add are each the least any standing one has, so one row serves every excess cost standing, and
        `_unfixed` reads it for those of a state. (The second axis holds both, removers first.)"""
        low = -(min(self.costly_below[m], self.most_net) + shared[8])
        if self.fixes[m]:
            given, most = self.removers_below[m], self.most_excess
            gots, arrivals = min(given, most) + 1, self.excess_below[m] + 1
        else:
            gots, arrivals = min(len(shared[10]) + self.excess_below[m], self.most_stranded) + 1, 1
        return low, self.stranded_most[m] - low + 1, 0, gots, 0, self._coming(m, shared[4]) + 1, 0, arrivals

    def _row(self, m: int, shared: Key) -> tuple[np.ndarray, Frame]:
        """The row of a normalised state: values over (stranded count, removers got, keeper room, energy), and
        its frame."""
        known = self.rows.get((m, shared))
        if known is None:
            frame = self._frame(m, shared)
            if m and self._doomed(m, shared):  # (none of the rows below it is needed)
                known = np.full((frame[1], frame[3] * frame[7], frame[5], self.size), LOST, ROW), frame
            else:
                known = self._best(m, shared, frame) if m else self._base(shared, frame), frame
            self.rows.put((m, shared), known)
        return known

    def _view(self, m: int, key: Key, frame: Frame) -> np.ndarray:
        """The row of state `key` at m, read over the stranded counts, removers got and keeper room of `frame`
        (room below 0 reads as room 0: a caller keeping Visitors beneath keepers masks it)."""
        known = self.rows.of_state.get((m, key))
        if known is None:  # (normalising the key is most of a read's Python: once per state)
            shared = self._shared(m, key)
            known = self.rows.of_state[(m, key)] = (*self._row(m, shared), shared)
        row, own, shared = known
        if not self.fixes[m] or self.fixes[m + 1]:
            read = self._read(row, own, frame)
            given = self.removers_below[m]  # reads past it, where the row stops there (see _frame), are lost:
            if self.fixes[m] and given < self.most_excess and frame[2] + frame[3] - 1 > given:
                read.reshape(frame[1], frame[3], frame[7], frame[5], self.size)[:, max(0, given + 1 - frame[2]):] = LOST
            return read
        fixed = self.rows.fixed.get((m, shared, key[10], frame))  # (rows of many excess costs read the same)
        if fixed is None:
            fixed = self.rows.fixed[(m, shared, key[10], frame)] = self._fixed(row, own, key[10], frame)
            self.rows.memory.held += fixed.nbytes
        return fixed

    def _read(self, row: np.ndarray, own: Frame, frame: Frame) -> np.ndarray:
        """A row framed `own`, read over `frame`."""
        if frame == own:
            return row
        index = self._index.get((frame, own))
        if index is None:
            index = self._index[(frame, own)] = self._cells(frame, own)
        return row.reshape(-1, self.size).take(index, axis=0).reshape(frame[1], frame[3] * frame[7], frame[5], self.size)

    def _fixed(self, row: np.ndarray, own: Frame, excess: tuple[int, ...], frame: Frame) -> np.ndarray:
        """A row counting the removers and excess arrivals below (see _frame), read over the removers got of
        `frame`: at each, the best over both of the row less the costs left unfixed, `excess` standing."""
        every = self._read(row, own, (frame[0], frame[1], 0, own[3], frame[4], frame[5], 0, own[7]))
        unfixed = self._unfixed(excess, frame[2], frame[3], own[3], own[7])
        return (every[:, None] - unfixed[None, :, :, None, None]).max(axis=2)

    def _unfixed(self, excess: tuple[int, ...], got: int, count: int, gots: int, arrivals: int) -> np.ndarray:
        """The excess costs left unfixed, `excess` standing, over `count` removers got from `got` (rows) and, in
        the columns, 0 to `gots` - 1 more removers, each with 0 to `arrivals` - 1 excess arrivals costing 1: the
        first removers fix the costliest, those arrivals last."""
        known = self._unfixeds.get((excess, got, count, gots, arrivals))
        if known is None:
            known = self._unfixeds[(excess, got, count, gots, arrivals)] = np.array(
                [[sum(excess[got + g + more:]) + max(0, arrived - max(0, got + g + more - len(excess)))
                  for more in range(gots) for arrived in range(arrivals)] for g in range(count)], ROW)
        return known

    @staticmethod
    def _cells(frame: Frame, own: Frame) -> np.ndarray:
        """Which cells of a row framed `own` _view reads over `frame`, flat (a take of whole energy vectors is
        four times as fast as indexing three axes at once)."""
        first, counted, got, got_count, room, room_count, arrived, arrived_count = frame
        low, count, _, gots, _, rooms, _, arrivals = own
        nets = np.clip(np.arange(first, first + counted), low, low + count - 1) - low
        gots_read = np.clip(np.arange(got, got + got_count), 0, gots - 1)
        arrived_read = np.clip(np.arange(arrived, arrived + arrived_count), 0, arrivals - 1)
        second = (gots_read[:, None] * arrivals + arrived_read[None, :]).ravel()
        rooms_read = np.clip(np.arange(room, room + room_count), 0, rooms - 1)
        return ((nets[:, None, None] * (gots * arrivals) + second[None, :, None]) * rooms
                + rooms_read[None, None, :]).ravel()

    def _shift(self, m: int, frame: Frame, shift: Shift, arrived: int = 0) -> Frame:
        """The frame, read at m, of the state reached when the stranded count, the removers got and keeper room
        move by `shift` and `arrived` excess arrivals stay (a row counting the removers and excess arrivals below,
        see _frame, reads fewer of them below; the others carry the excess costs in their key)."""
        if self.fixes[m + 1]:
            got, arrivals = frame[2] - shift[1], frame[6] - arrived
        else:
            got, arrivals = frame[2] + shift[1], frame[6]
        return frame[0] + shift[0], frame[1], got, frame[3], frame[4] + shift[2], frame[5], arrivals, frame[7]

    @staticmethod
    def _one_more_energy(row: np.ndarray) -> np.ndarray:
        """A row read with one more energy (a discarded card gives 1)."""
        return np.concatenate([row[..., 1:], row[..., -1:]], axis=-1)

    def _base(self, key: Key, frame: Frame) -> np.ndarray:
        """After the last card: Visitors buried to the end (or summoned late) fill keeper room; each stranded
        Visitor costs the unit, and the excess costs not fixed by the removers got theirs (where the rows count
        the removers and excess arrivals below, see _frame: none here, and the costs are read above, _unfixed)."""
        owed, ends, excess = key[1], key[4], key[10]
        first, count, got, gots, room, rooms, _, arrivals = frame
        stranded = np.maximum(0, np.arange(first, first + count))
        if self.fixes[0]:
            fixed = np.repeat(np.where(np.arange(gots) == 0, 0, LOST), arrivals)
        else:
            fixed = -np.array([sum(excess[g:]) for g in range(got, got + gots)])
        kept = np.minimum(np.arange(room, room + rooms), ends + self.late)
        end = self.per_visitor * kept[None, None, :] - self.unit * stranded[:, None, None] + fixed[None, :, None]
        return np.where(self.energy >= owed, end[..., None], LOST).astype(ROW)

    def _best(self, m: int, key: Key, frame: Frame) -> np.ndarray:
        """The best of the moves open on the m-th card from the bottom in state `key`."""
        uid = self.pile[m - 1]
        spec = self.specs[uid]
        worth = int(self.worth(uid, m - 1))
        if not spec.arrow:
            best = self._plain(uid, m - 1, key, frame)
        elif self.aside:  # the Visitors it calls arrive one by one
            best = self._arrive(uid, spec, worth, m - 1, key, frame, int(spec.visitor and spec.arrow == "threat"),
                                self.summons[uid])
        else:
            best = self._arrive(uid, spec, worth, m - 1, key, frame, self.arrivals[uid])
        tokens, owed, flags, room, ends, killer, net, scorer, crowd, got, excess, _, *home = key
        if not tokens:
            return best
        # buried to the end, it still comes: a scorer counts the tagged cards, a remover fixes a Visitor; a
        # plain card is then bought (2 energy owed) or discarded (1 energy owed less: given at once, a card
        # taking energy on the way, a Vagabond, could eat it)
        worth = int(self.deferred_worth(uid, tokens - 1)) - self.bury_cost
        if self.aside and self.summons[uid]:  # (without a sure order, the bound counts every summon's Visitors)
            worth += self.summons[uid] * self._end_call(m - 1, home[-1])
        cost = self.end_cost(uid) if spec.arrow else 2
        removers = self.removers[uid]
        later = self._view(m - 1, (tokens - 1, min(owed + cost, self.most_owed), flags, room, ends + self.arrivals[uid],
                                   killer, net, scorer | self.scorer[uid], crowd, got, excess, 1, *home),
                           self._shift(m - 1, frame, (-removers, removers, 0)))
        best = np.maximum(best, worth + later)
        if not spec.arrow:
            later = self._view(m - 1, (tokens - 1, owed - 1, flags, room, ends, killer, net, scorer, crowd, got, excess, 1,
                                       *home), frame)
            best = np.maximum(best, later - self.bury_cost)
        return best

    def _plain(self, uid: int, m: int, key: Key, frame: Frame) -> np.ndarray:
        best = self._one_more_energy(self._view(m, key, frame))
        for gain, after, shift in self._entries(uid, m, key):
            buy = np.empty(best.shape, ROW)  # (faster than np.full, or a maximum in place over the strided slice)
            buy[..., :2] = LOST
            np.add(self._view(m, after, self._shift(m, frame, shift))[..., :-2], int(gain), out=buy[..., 2:])
            best = np.maximum(best, buy)
        return best

    def _arrive(self, uid: int, spec: CardSpec, worth: float, m: int, key: Key, frame: Frame, arriving: int,
                calls: int = 0, then: Then | None = None) -> np.ndarray:
        """A red-arrow card (or a summoned Visitor): into play for free, paying what its instants demand; the `calls`
        Visitors it summons arrive (their passives act before its own: Turn Sequence, step 3), then `arriving`
        Visitors with it may go beneath keepers; then `then` (by default the bottom m cards)."""
        if spec.arrow == "home":
            worth, key, shift = self._entries(uid, m, key)[0]
            frame = self._shift(m, frame, shift)
        flags, crowd, dear = key[2], key[8], key[13]
        if (uid, flags) not in self._demands:
            self._demands[(uid, flags)] = self._demand(spec, flags)
        demand = self._demands[(uid, flags)]
        if demand is None:  # a game-ending instant with no guard tag against it
            return np.full((frame[1], frame[3] * frame[7], frame[5], self.size), LOST, ROW)
        toll, taken = demand
        then = then if then is not None else partial(self._view, m)
        out = self._called_first(uid, spec, int(worth), m, key, frame, arriving, calls, then)
        if taken:
            out = self._taken(out, taken, 0)
        out[..., :toll] = LOST
        if self.mob[uid]:  # that many Visitors stand in the Threat area (the crowd thinned once net is at its floor)
            standing = np.maximum(-self.most_net, np.arange(frame[0], frame[0] + frame[1]) + crowd) - dear
            out[standing >= self.mob[uid]] = LOST
        return out

    def _called_first(self, uid: int, spec: CardSpec, worth: int, m: int, key: Key, frame: Frame, arriving: int,
                      calls: int, then: Then) -> np.ndarray:
        """The `calls` set-aside Visitors a card summons arrive one by one in the order the engine calls them (each
        with those it calls), then the card's own passives act on the Visitors arriving with it (_keep)."""
        called = key[-1]
        if not calls or called >= len(self.aside):
            return self._keep(uid, spec, worth, m, key, frame, arriving, then)
        visitor = self.aside[-1 - called]
        rest = partial(self._called_first, uid, spec, worth, m, arriving=arriving, calls=calls - 1, then=then)
        return self._arrive(visitor, self.specs[visitor], int(self.worth(visitor, m)), m, key[:-1] + (called + 1,),
                            frame, int(self.specs[visitor].visitor), self.summons[visitor], rest)

    def _keep(self, uid: int, spec: CardSpec, worth: int, m: int, key: Key, frame: Frame, arriving: int,
              then: Then) -> np.ndarray:
        """The `arriving` Visitors with a card go beneath keepers with room, or, when a keeper comes later, stay to
        leave its room for others; then `then`. With keeper room sure, a keeper with room left takes a Visitor
        arriving (a passive is not optional: Card Anatomy), so none keeps its own VP there; keeping it instead
        scores at least as much (see _forced_keepers). A card blanking a Home card that stays in play makes room unsure."""
        killer, excess, shields, sure = key[5], key[10], key[12], key[14]
        welcome = spec.visitor and spec.arrow != "home"  # its own VP counts only while it stays in the Threat area
        rooms = np.arange(frame[4], frame[4] + frame[5])  # each cell's keeper room on the room axis
        out = None
        shielded = self.named_bit[uid] & shields
        for kept in range(arriving + 1):
            # unless a remover deals with it later, it stays (a killer or a shield takes it at once)
            stays = 1 if self.costly[uid] and not kept and not killer and not shielded else 0
            extra = self.excess_of[uid] if stays else 0
            counted = extra > 0 and self.fixes[m + 1]  # an excess arrival counted on the row's axis, or in the key:
            more = tuple(sorted((*excess, extra), reverse=True)) if extra > 0 and not counted else excess
            read = self._shift(m, frame, (stays, 0, -kept), int(counted))
            after = (*key[:10], more, *key[11:])
            row = then(after, read)
            if sure and self.home_blank[uid] and not kept and killer != 2 and rooms.max() > 0:
                # it may stay in play blanking a keeper with room, and a remover may end the blank later
                unsure = then(_unsure(after), read)
                row = np.where((rooms > 0)[None, None, :, None], unsure, row)
            # a Visitor gone beneath a keeper scores there, not by its own VP: when every one arriving went, so did it
            # (with a killer surely held, it goes or dies)
            gone = kept and kept == arriving or killer == 2
            own = 0 if welcome and gone else worth
            gain = row + (own + self.per_visitor * kept)
            if sure and welcome and own > 0:
                gain[:, :, rooms > kept] -= own  # room left after those kept: a keeper takes it too
            if read[6] < 0:  # more excess arrivals than the row's cells allow
                gain.reshape(frame[1], frame[3], frame[7], frame[5], self.size)[:, :, :-read[6]] = LOST
            if kept:
                gain[:, :, :max(0, kept - frame[4])] = LOST  # not that much room (the room axis starts at frame[4])
            out = gain if out is None else np.maximum(out, gain, out=out)
        return out

    def _taken(self, row: np.ndarray, taken: int, gain: int) -> np.ndarray:
        """A new array: a row read with `taken` energy less (none below 0), plus `gain`."""
        if not taken:
            return row + gain
        drop = self._drops.get(taken)
        if drop is None:
            drop = self._drops[taken] = np.maximum(self.energy - taken, 0)
        read = row[..., drop]  # (a third of the time of joining the first energy repeated to the rest)
        read += gain
        return read

    def _demand(self, spec: CardSpec, flags: int) -> tuple[int, int] | None:
        """What an arriving card's instants demand with these guard tags held: (the toll it must be paid, the
        energy it takes in all); None when an instant ends the game."""
        toll, drain = 0, 0
        for effect in spec.effect:
            if effect.timing != "instant" or effect.min_visitors:
                continue
            if effect.unless_tag is not None and (
                    effect.unless_tag not in self.guard_tags or flags & self._bits((effect.unless_tag,))):
                continue
            if effect.op == "end_game":
                return None
            if effect.op == "lose_energy" and effect.or_end:
                toll += effect.amount
            elif effect.op == "lose_energy":
                drain += effect.amount
        return toll, toll + drain

    def end_cost(self, uid: int) -> int:
        """Energy a card buried to the end surely takes when drawn last: its toll; a plain card gives 1 (-1
        owed), as it may be discarded there (the quick bound counting buried cards at the end also counts
        its worth: looser, as if bought for free, but still a bound)."""
        spec = self.specs[uid]
        if not spec.arrow:
            return -1
        return sum(e.amount for e in spec.effect if e.op == "lose_energy" and e.or_end and not e.unless_tag)


def _unsure(key: Key) -> Key:
    """The state with keeper room no longer sure (see Key)."""
    return (*key[:14], 0, key[15])


@dataclass
class _RowMemory:
    """What the rows of one search hold between them: their bytes, and every table's rows."""

    held: int = 0
    members: list[_Rows] = field(default_factory=list)


class _Rows:
    """The rows a search has asked for (shared by the tables of one search), forgotten when they hold more
    than ROWS_MEMORY bytes before a new value is asked (`trim`) and worked out again as asked: a long
    search (the table's default budget is 300,000 positions) then stays within a notebook server's
    memory. Never forgotten while one value is being worked out: its rows are needed again and again."""

    def __init__(self, memory: _RowMemory | None = None) -> None:
        self.mine: dict[tuple[int, Key], tuple[np.ndarray, Frame]] = {}
        self.of_state: dict[tuple[int, Key], tuple[np.ndarray, Frame, Key]] = {}  # the same rows by unshared keys
        self.fixed: dict[tuple, np.ndarray] = {}  # rows counting removers to get, read for excess costs (_view)
        self.memory = memory if memory is not None else _RowMemory()
        self.memory.members.append(self)

    def sibling(self) -> _Rows:
        """Rows for other tables of the same search, under the same memory limit."""
        return _Rows(self.memory)

    def get(self, key: tuple[int, Key]) -> tuple[np.ndarray, Frame] | None:
        return self.mine.get(key)

    def put(self, key: tuple[int, Key], known: tuple[np.ndarray, Frame]) -> None:
        self.mine[key] = known
        self.memory.held += known[0].nbytes

    def trim(self) -> None:
        """Forget every row of the search once they hold more than ROWS_MEMORY bytes."""
        if self.memory.held > ROWS_MEMORY:
            self.clear()

    def clear(self) -> None:
        """Forget every row of the search."""
        for rows in self.memory.members:
            rows.mine.clear()
            rows.of_state.clear()
            rows.fixed.clear()
        self.memory.held = 0

    def __len__(self) -> int:
        return len(self.mine)
