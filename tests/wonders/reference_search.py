"""The Battle Lines search as it stood before the tables (commit d4658b6), kept as the oracle.

`LayoutSearch` now fills a table of every state's best score up front; this memoised recursion
(one Choose Target option at a time, every sub-group of the ready Villains tried) is how the
best scores and the ranked plans were found before. Tests compare the two plan for plan; the
benchmark times both (`benchmarks/battle_lines.py --before`). Leave this copy as it is: it is
the reference the new search must agree with, not code to maintain.
"""

from __future__ import annotations

import heapq
import math

from tablekit.wonders.battle import (
    BattleCriterion,
    BattleLayout,
    Fighter,
    play_layout,
    player_groups,
)


class ReferenceSearch:
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
        self.kill_groups = [self._groups_for(p) for p in players]
        self.dies = [self._dies_mask(p) for p in players]
        c = criterion
        self.kill_gains = [
            [(mask, c.killed_weight * self.value_sum[mask & self.dies[t]]
              - c.lost_weight * c.value(players[t])) for mask, _ in self.kill_groups[t]]
            for t in range(len(players))]
        self.gain_by_mask: list[list[float | None]] = []
        for gains in self.kill_gains:
            table: list[float | None] = [None] * (1 << n)
            for mask, gain in gains:
                table[mask] = gain
            self.gain_by_mask.append(table)
        self.player_states = 1 << len(players)
        self.memo: dict[int, float] = {}
        self._target_cache: dict[int, list[int]] = {}

    # which attacker groups can destroy a Player minion, each with an attack order
    def _groups_for(self, defender: Fighter) -> list[tuple[int, tuple[int, ...]]]:
        found = []
        for mask in range(1, self.full + 1):
            order = self._group_order(defender, mask)
            if order is not None:
                found.append((mask, order))
        return found

    def _group_order(self, defender: Fighter, mask: int) -> tuple[int, ...] | None:
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
                if self.villains[last].poison:
                    return (last,)
                continue
            for first in firsts:
                absorbed = self.villains[first].strength if first is not None else 0
                if self.strength_sum[prefix] - absorbed >= need:
                    continue
                if self.villains[last].poison or total - absorbed >= need:
                    middle = [j for j in others if j != first]
                    head = [first] if first is not None else []
                    return tuple(head + middle + [last])
        return None

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

    def _hit_player(self, remaining: int) -> float:
        damage = self.strength_sum[remaining]
        return -self.criterion.damage_weight * damage - self.criterion._lethal(damage)

    def _options(self, remaining: int, players_left: int):
        """(gain, next state or None, step) for every choice at this state."""
        if not remaining:
            return [(0.0, None, ("end", None, ()))]
        targets = self._targets(players_left)
        if not targets:
            return [(self._hit_player(remaining), None, ("hit", None, ()))]
        options = []
        missing = next((t for t in targets if self._can_miss(remaining, self.players[t])), None)
        if missing is not None:
            options.append((self._hit_player(remaining), None, ("hit", missing, ())))
        c = self.criterion
        for t in targets:
            lost = c.lost_weight * c.value(self.players[t])
            dies = self.dies[t]
            for mask, order in self.kill_groups[t]:
                if mask & remaining == mask:
                    gain = c.killed_weight * self.value_sum[mask & dies] - lost
                    options.append((gain, (remaining & ~mask, players_left & ~(1 << t)),
                                    ("kill", t, order)))
        return options

    def best(self, remaining: int, players_left: int) -> float:
        """The best score reachable from a state (memoised; the hot loop of the search)."""
        key = remaining * self.player_states + players_left
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        if not remaining:
            value = 0.0
        else:
            targets = self._targets(players_left)
            value = -math.inf
            if not targets or any(self._can_miss(remaining, self.players[t]) for t in targets):
                value = self._hit_player(remaining)
            for t in targets:
                left = players_left & ~(1 << t)
                gains = self.gain_by_mask[t]
                mask = remaining
                while mask:  # every sub-group of the villains still ready
                    gain = gains[mask]
                    if gain is not None:
                        total = gain + self.best(remaining ^ mask, left)
                        if total > value:
                            value = total
                    mask = (mask - 1) & remaining
        self.memo[key] = value
        return value

    def top(self, limit: int) -> list[BattleLayout]:
        """The best `limit` distinct plans, best first, as concrete layouts."""
        start = (self.full, (1 << len(self.players)) - 1)
        heap = [(-self.best(*start), 0, 0.0, start, ())]
        counter, layouts = 1, []
        while heap and len(layouts) < limit:
            _, _, acc, state, steps = heapq.heappop(heap)
            if state is None:
                layouts.append(self._to_layout(steps))
                continue
            for gain, child, step in self._options(*state):
                total = acc + gain
                bound = total + (self.best(*child) if child else 0.0)
                # among equal bounds the newest first: depth-first, so ties cannot explode
                heapq.heappush(heap, (-bound, -counter, total, child, steps + (step,)))
                counter += 1
        return layouts

    def _to_layout(self, steps: tuple) -> BattleLayout:
        v_order: list[int] = []
        p_order: list[int] = []
        for kind, target, order in steps:
            if kind == "kill":
                v_order += order
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
