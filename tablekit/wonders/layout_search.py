"""The exact Battle Lines search for many layouts: a table of every state's best score.

A state is (Villain minions still ready, Player minions still standing). At each Choose Target
the ready Villains either destroy the leftmost Player minion with a sub-group of themselves,
the last of whom deals the killing blow, or all attack the Player because that minion would
survive them. So a plan is a list of (Player minion, attacker group) kills, and its score only
depends on which kills are in it, not on their order among minions of the same Priority.

`LayoutSearch` fills, for each Priority group, a table of the best score from every state
(numpy, a dynamic programme over the group's minions taken in a fixed order: each is either
destroyed by some sub-group of the ready Villains or left standing), then walks the states best
first to list the best distinct plans. Tests compare it with brute force and with the memoised
recursion it replaced (tests/wonders/reference_search.py).
"""

from __future__ import annotations

import heapq
from functools import cache

import numpy as np

from tablekit.wonders.battle import (
    BattleCriterion,
    BattleLayout,
    Fighter,
    play_layout,
    player_groups,
)


class LayoutSearch:
    """Exact search over attacker groups: state = (villains left, player minions left)."""

    def __init__(self, players: list[Fighter], villains: list[Fighter],
                 criterion: BattleCriterion) -> None:
        self.players, self.villains, self.criterion = players, villains, criterion
        self.groups = player_groups(players)
        n = len(villains)
        self.full = (1 << n) - 1
        self.strength_sum = [0] * (1 << n)
        self.value_sum = [0.0] * (1 << n)
        self.max_strength = [0] * (1 << n)
        self.poisoners = [0] * (1 << n)
        for mask in range(1, 1 << n):
            low = (mask & -mask).bit_length() - 1
            rest = mask & (mask - 1)
            v = villains[low]
            self.strength_sum[mask] = self.strength_sum[rest] + v.strength
            self.value_sum[mask] = self.value_sum[rest] + criterion.value(v)
            self.max_strength[mask] = max(self.max_strength[rest], v.strength)
            self.poisoners[mask] = self.poisoners[rest] + (1 if v.poison else 0)
        self.dies = [self._dies_mask(p) for p in players]
        self.kill_gains = [self._gains(t) for t in range(len(players))]
        self._orders: dict[tuple[int, int], tuple[int, ...]] = {}
        self._target_cache: dict[int, list[int]] = {}
        self._rows: dict[int, np.ndarray] = {}
        self._row_lists: dict[int, list[float]] = {}
        self._build_tables()

    # -- the attacker groups that can destroy a Player minion -----------------------------

    def _gains(self, target: int) -> list[tuple[int, float]]:
        """(attacker group, score it adds) for every group that can destroy this minion."""
        c = self.criterion
        lost = c.lost_weight * c.value(self.players[target])
        dies = self.dies[target]
        return [(mask, c.killed_weight * self.value_sum[mask & dies] - lost)
                for mask in self._kill_masks(self.players[target])]

    def _kill_masks(self, defender: Fighter) -> list[int]:
        """Every Villain group whose last attacker destroys the minion in some attack order."""
        n = len(self.villains)
        strength = np.array([v.strength for v in self.villains])
        poison = np.array([v.poison for v in self.villains])
        masks = np.arange(1 << n)
        member = (masks[:, None] >> np.arange(n) & 1).astype(bool)  # [group, villain]
        total = np.array(self.strength_sum)[:, None]
        need = defender.health - defender.damage
        # the last attacker: a member, and no other Poison attacker (it would destroy it before)
        last = member & (np.array(self.poisoners)[:, None] - poison == 0)
        before = total - strength  # what the others deal
        alone = (member.sum(axis=1) == 1)[:, None]  # no one attacks before the last
        if not defender.shield:
            works = last & ((before < need) | alone) & (poison | (total >= need))
            return np.flatnonzero(works.any(axis=1)).tolist()
        # a Shield turns the first attacker's hit into 0: try each other member first
        absorbed = strength[None, None, :]
        first = member[:, None, :] & ~np.eye(n, dtype=bool)[None, :, :]
        works = first & (before[:, :, None] - absorbed < need) & \
            (poison[None, :, None] | (total[:, :, None] - absorbed >= need))
        # alone, the attacker's hit is absorbed: only Poison, or damage already enough, destroys
        found = (last & works.any(axis=2)) | (last & alone & (poison | (need <= 0)))
        return np.flatnonzero(found.any(axis=1)).tolist()

    def _order(self, target: int, mask: int) -> tuple[int, ...]:
        """An attack order of this group in which its last attacker destroys the minion."""
        key = (target, mask)
        if key not in self._orders:
            self._orders[key] = self._group_order(self.players[target], mask)
        return self._orders[key]

    def _group_order(self, defender: Fighter, mask: int) -> tuple[int, ...]:
        members = [j for j in range(len(self.villains)) if mask >> j & 1]
        need = defender.health - defender.damage
        total = self.strength_sum[mask]
        for last in members:
            if self.poisoners[mask] - (1 if self.villains[last].poison else 0):
                continue  # a Poison attacker before the last would already destroy it
            prefix = mask & ~(1 << last)
            others = [j for j in members if j != last]
            firsts = others if defender.shield and others else [None]
            if defender.shield and not others:
                if self.villains[last].poison or need <= 0:
                    return (last,)
                continue
            for first in firsts:
                absorbed = self.villains[first].strength if first is not None else 0
                if prefix and self.strength_sum[prefix] - absorbed >= need:
                    continue  # it falls before the last attack
                if self.villains[last].poison or total - absorbed >= need:
                    middle = [j for j in others if j != first]
                    head = [first] if first is not None else []
                    return tuple(head + middle + [last])
        raise ValueError(f"no attack order of group {mask:b} destroys {defender.name!r}")

    def _dies_mask(self, defender: Fighter) -> int:
        mask = 0
        for j, v in enumerate(self.villains):
            if defender.poison or (not v.shield and v.damage + defender.strength >= v.health):
                mask |= 1 << j
        return mask

    def _can_miss(self, remaining: int, defender: Fighter) -> bool:
        if self.poisoners[remaining]:
            return False
        total = self.strength_sum[remaining]
        if defender.shield:
            total -= self.max_strength[remaining]
        return defender.damage + total < defender.health

    # -- the best score of every state, one Priority group at a time ----------------------

    def _build_tables(self) -> None:
        """Fill `tables[g][x, r]`: the best score with Villains `r` ready and the minions `x` of
        group g standing (every later group untouched), the groups filled last to first."""
        damage = np.array(self.strength_sum, dtype=float)
        self.hit = -self.criterion.damage_weight * damage
        if self.criterion.player_health is not None:
            self.hit -= np.where(damage >= self.criterion.player_health, 1e9, 0.0)
        self.group_masks = [sum(1 << i for i in group) for group in self.groups]
        self.tables: list[np.ndarray] = []
        after = self.hit.copy()  # with no Player minion left the rest attack the Player
        after[0] = 0.0
        for group in reversed(self.groups):
            table = self._group_table(group, after)
            self.tables.insert(0, table)
            after = table[-1]

    def _group_table(self, group: list[int], after: np.ndarray) -> np.ndarray:
        """One group's table: its minions in a fixed order, each destroyed or left standing.

        Whatever is still ready at the end attacks the Player if a minion left standing would
        survive it (Choose Target), or goes on to the next group when none is left standing.
        """
        m, n = len(group), len(self.villains)
        standing = np.zeros((1 << m, 1 << n), dtype=bool)
        grid = standing.reshape((2,) * (m + n))
        for k, t in enumerate(group):  # some minion left standing survives these Villains
            index = (slice(None),) * (m - 1 - k) + (1,)
            grid[index] |= self._missable(self.players[t]).reshape((2,) * n)
        table = np.where(standing, self.hit, -np.inf)
        table[0] = after
        table[:, 0] = 0.0
        for k, t in enumerate(group):
            _kill_step(table, m, n, k, self.kill_gains[t])
        return table

    def _missable(self, defender: Fighter) -> np.ndarray:
        """For every set of ready Villains: can this minion survive them in some order?"""
        total = np.array(self.strength_sum)
        if defender.shield:
            total -= np.array(self.max_strength)
        return (np.array(self.poisoners) == 0) & (defender.damage + total < defender.health)

    def best(self, remaining: int, players_left: int) -> float:
        """The best score reachable from a state (a look-up in the tables)."""
        return float(self._row(players_left)[remaining])

    def _row(self, players_left: int) -> np.ndarray:
        """The best score for every set of ready Villains, with these minions standing."""
        row = self._rows.get(players_left)
        if row is None:
            row = self._rows[players_left] = self._find_row(players_left)
        return row

    def _row_list(self, players_left: int) -> list[float]:
        """`_row` as a list (a Python loop reads it faster)."""
        row = self._row_lists.get(players_left)
        if row is None:
            row = self._row_lists[players_left] = self._row(players_left).tolist()
        return row

    def _find_row(self, players_left: int) -> np.ndarray:
        for group, table in zip(self.group_masks, self.tables, strict=True):
            if players_left & group:
                bits = [i for i in range(len(self.players)) if group >> i & 1]
                return table[sum(1 << k for k, i in enumerate(bits) if players_left >> i & 1)]
        row = self.hit.copy()
        row[0] = 0.0
        return row

    # -- the best plans, best first ---------------------------------------------------------

    def _targets(self, players_left: int) -> list[int]:
        cached = self._target_cache.get(players_left)
        if cached is None:
            cached = self._target_cache[players_left] = self._find_targets(players_left)
        return cached

    def _find_targets(self, players_left: int) -> list[int]:
        for group in self.groups:
            left = [i for i in group if players_left >> i & 1]
            if left:
                seen, unique = set(), []
                for i in left:
                    if self.players[i] not in seen:
                        seen.add(self.players[i])
                        unique.append(i)
                return unique
        return []

    def _stop(self, remaining: int, players_left: int) -> tuple[float, tuple] | None:
        """The choice that ends the attack here, if there is one: (score it adds, step)."""
        if not remaining:
            return 0.0, ("end", None, 0)
        targets = self._targets(players_left)
        missing = next((t for t in targets if self._can_miss(remaining, self.players[t])), None)
        if targets and missing is None:
            return None  # the leftmost minion falls whatever the order: no stopping here
        return float(self.hit[remaining]), ("hit", missing, 0)

    def _choices(self, acc: float, state: tuple[int, int], first: int) -> list[tuple]:
        """Every choice at a state, numbered from `first` as the walk numbers them (the stop
        first, then each target's attacker groups), best bound first (among equal bounds the
        newest, i.e. depth-first, so ties cannot explode): (-bound, -number, total, step)."""
        remaining, players_left = state
        choices = []
        stop = self._stop(remaining, players_left)
        if stop is not None:
            total = acc + stop[0]
            choices.append((-(total + 0.0), -first, total, stop[1]))
        number = first + len(choices)
        for t in self._targets(players_left) if remaining else []:
            row = self._row_list(players_left & ~(1 << t))
            for mask, gain in self.kill_gains[t]:
                if mask & remaining == mask:
                    total = acc + gain
                    choices.append((-(total + row[remaining ^ mask]), -number, total,
                                    ("kill", t, mask)))
                    number += 1
        choices.sort()
        return choices

    def _children(self, state: tuple[int, int], steps: tuple, choices: list[tuple]):
        """The heap entries of a state's choices, in their order, one at a time."""
        remaining, players_left = state
        for negative_bound, number, total, step in choices:
            kind, target, mask = step
            child = (remaining ^ mask, players_left & ~(1 << target)) if kind == "kill" else None
            yield (negative_bound, number, total, child, steps + (step,))

    def top(self, limit: int) -> list[BattleLayout]:
        """The best `limit` distinct plans, best first, as concrete layouts.

        A best-first walk: each state's choices are ranked by score so far + the best score
        after them, and the heap holds only the best not yet taken of each state's choices.
        """
        start = (self.full, (1 << len(self.players)) - 1)
        heap = [(-self.best(*start), 0, 0.0, start, (), iter(()))]
        counter, layouts = 1, []
        while heap and len(layouts) < limit:
            _, _, acc, state, steps, siblings = heapq.heappop(heap)
            following = next(siblings, None)
            if following is not None:
                heapq.heappush(heap, (*following, siblings))
            if state is None:
                layouts.append(self._to_layout(steps))
                continue
            choices = self._choices(acc, state, counter)
            children = self._children(state, steps, choices)
            counter += len(choices)
            best = next(children, None)
            if best is not None:
                heapq.heappush(heap, (*best, children))
        return layouts

    def _to_layout(self, steps: tuple) -> BattleLayout:
        v_order: list[int] = []
        p_order: list[int] = []
        for kind, target, mask in steps:
            if kind == "kill":
                v_order += self._order(target, mask)
                p_order.append(target)
            elif kind == "hit" and target is not None:
                p_order.append(target)
        rest = [j for j in range(len(self.villains)) if j not in v_order]
        if steps and steps[-1][0] == "hit" and steps[-1][1] is not None \
                and self.players[steps[-1][1]].shield:
            rest.sort(key=lambda j: -self.villains[j].strength)  # the biggest hit is absorbed
        v_order += rest
        for group in self.groups:
            p_order += [i for i in group if i not in p_order]
        return play_layout(self.players, self.villains, v_order, p_order, self.criterion)


def _kill_step(table: np.ndarray, m: int, n: int, k: int,
               gains: list[tuple[int, float]]) -> None:
    """Let minion k of the group be destroyed: table[x + k, r + g] from gain + table[x, r]."""
    split = table.reshape(1 << (m - 1 - k), 2, 1 << k, 1 << n)
    # the Villain bits first and the other minions' bits last, so each slice runs contiguous
    source = np.ascontiguousarray(split[:, 0].transpose(2, 0, 1)).reshape((2,) * n + (-1,))
    target = np.ascontiguousarray(split[:, 1].transpose(2, 0, 1))
    grid = target.reshape((2,) * n + (-1,))
    for mask, gain in gains:
        to, before = _slices(n, mask)
        np.maximum(grid[to], source[before] + gain, out=grid[to])
    split[:, 1] = target.transpose(1, 2, 0)


@cache
def _slices(n: int, mask: int) -> tuple[tuple, tuple]:
    """Grid indices of the Villain sets holding `mask`, and of the same sets without it."""
    target: list = [slice(None)] * n
    source: list = [slice(None)] * n
    for j in range(n):
        if mask >> j & 1:
            target[n - 1 - j], source[n - 1 - j] = 1, 0
    return (*target, Ellipsis), (*source, Ellipsis)  # views even when every index is fixed
