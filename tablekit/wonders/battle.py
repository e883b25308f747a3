"""Battle Lines: how ready Villain minions attack a lined-up Player row, and the best line-up.

`resolve_villain_attacks` plays the Villain's attack phase for two lines already ordered left
to right (rulebook "Choose Target" and "Attack" under "Normal Turn Order - Villain Turn").
`best_battle_lines` searches every allowed ordering exactly (Villain order x Player tie orders)
and ranks the layouts by a `BattleCriterion`.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

BRUTE_FORCE_LIMIT = 120  # up to this many layouts, every concrete layout is played out
LIST_ALL_LIMIT = 5040    # limit=None lists every layout up to this many (~0.2 s)


@dataclass(frozen=True, slots=True)
class Fighter:
    """A minion in a Battle Line: strength, health, Priority (Player side) and keywords."""

    name: str
    strength: int
    health: int
    priority: int | None = None
    poison: bool = False
    shield: bool = False
    taunt: bool = False
    damage: int = 0  # damage already taken this turn

    def __post_init__(self) -> None:
        numbers = (self.strength, self.health, self.damage)
        if any(type(n) is not int for n in numbers) or \
                (self.priority is not None and type(self.priority) is not int):
            raise ValueError(f"fighter {self.name!r}: strength, health, damage and priority "
                             "must be whole numbers")
        if self.strength < 0 or self.health < 1 or self.damage < 0:
            raise ValueError(f"fighter {self.name!r}: strength must be >= 0, health >= 1")


@dataclass(frozen=True, slots=True)
class BattleStep:
    """One Choose Target result: who attacked what (target None means the Player)."""

    attackers: tuple[int, ...]
    target: int | None
    damage: int


@dataclass(slots=True)
class BattleReport:
    """What the Villain's attacks did: damage to the Player and the minions destroyed."""

    player_damage: int
    destroyed: list[str]
    steps: list[BattleStep] = field(default_factory=list)
    fallen: list[tuple[str, int]] = field(default_factory=list)  # ("player"|"villain", index)
    shields_used: list[tuple[str, int]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class BattleCriterion:
    """How layouts are ranked: score = killed value - lost value - damage (weighted).

    A minion's value is strength + health (+ `poison_bonus` when it has Poison). With
    `player_health` set, a layout whose damage would defeat the Player ranks below all others.
    The default ranks the rulebook's Example C layouts 3, 2, 1.
    """

    damage_weight: float = 1.0
    lost_weight: float = 1.0
    killed_weight: float = 1.0
    poison_bonus: float = 0.0
    player_health: int | None = None

    def value(self, fighter: Fighter) -> float:
        """How much one minion is worth on the table."""
        return fighter.strength + fighter.health + (self.poison_bonus if fighter.poison else 0)

    def score(self, report: BattleReport, players: Sequence[Fighter],
              villains: Sequence[Fighter]) -> float:
        """The score of one report (higher is better for the Player)."""
        total = -self.damage_weight * report.player_damage
        for side, index in report.fallen:
            if side == "player":
                total -= self.lost_weight * self.value(players[index])
            else:
                total += self.killed_weight * self.value(villains[index])
        return total - self._lethal(report.player_damage)

    def _lethal(self, damage: int) -> float:
        if self.player_health is not None and damage >= self.player_health:
            return 1e9
        return 0.0


@dataclass(slots=True)
class BattleLayout:
    """One way to line up both rows, with what happens and its score."""

    villain_order: list[str]
    player_order: list[str]
    report: BattleReport
    score: float
    villain_indices: list[int]
    player_indices: list[int]


def resolve_villain_attacks(player_line: Sequence[Fighter],
                            villain_line: Sequence[Fighter]) -> BattleReport:
    """Play the Villain minions' attacks for two lines ordered left to right."""
    return _resolve(list(player_line), list(villain_line))


def player_groups(player_minions: Sequence[Fighter]) -> list[list[int]]:
    """Player minion indices grouped by Priority, highest first (Taunt minions lead)."""
    keys = sorted({_rank(f) for f in player_minions}, reverse=True)
    return [[i for i, f in enumerate(player_minions) if _rank(f) == k] for k in keys]


def count_layouts(player_minions: Sequence[Fighter], villain_minions: Sequence[Fighter]) -> int:
    """How many layouts the player may choose between."""
    total = math.factorial(len(villain_minions))
    for group in player_groups(player_minions):
        total *= math.factorial(len(group))
    return total


def best_battle_lines(player_minions: Sequence[Fighter], villain_minions: Sequence[Fighter],
                      criterion: BattleCriterion | None = None,
                      limit: int | None = 20) -> list[BattleLayout]:
    """Every allowed layout searched exactly; the best `limit` returned, best first.

    Up to `BRUTE_FORCE_LIMIT` layouts (or `LIST_ALL_LIMIT` with `limit=None`) every concrete
    layout is played out and sorted (ties: less damage, then input order). Beyond that a
    memoised search over the groups of attackers each Player minion can draw gives the same
    exact optimum and the next best distinct plans (`limit=None` then means the best 100).
    """
    criterion = criterion or BattleCriterion()
    players, villains = list(player_minions), list(villain_minions)
    count = count_layouts(players, villains)
    if count <= BRUTE_FORCE_LIMIT or (limit is None and count <= LIST_ALL_LIMIT):
        layouts = brute_force(players, villains, criterion)
        return layouts if limit is None else layouts[:limit]
    return LayoutSearch(players, villains, criterion).top(limit or 100)


# -- resolution ---------------------------------------------------------------------------

def _rank(fighter: Fighter) -> tuple[int, int]:
    return (1 if fighter.taunt else 0, fighter.priority or 0)


def _resolve(players: list[Fighter], villains: list[Fighter]) -> BattleReport:
    report = BattleReport(0, [])
    p_shield = [f.shield for f in players]
    v_shield = [f.shield for f in villains]
    target, next_attacker = 0, 0
    while next_attacker < len(villains):
        last = killing_attacker(players, villains, target, next_attacker, p_shield[target]) \
            if target < len(players) else None
        if last is None:
            rest = tuple(range(next_attacker, len(villains)))
            hit = sum(villains[j].strength for j in rest)
            report.player_damage += hit
            report.steps.append(BattleStep(rest, None, hit))
            break
        attackers = tuple(range(next_attacker, last + 1))
        trade_blows(players, villains, target, attackers, p_shield, v_shield, report)
        target, next_attacker = target + 1, last + 1
    return report


def killing_attacker(players: list[Fighter], villains: list[Fighter], target: int,
                      start: int, shielded: bool) -> int | None:
    """Index of the attacker whose hit destroys the target, or None if they can't."""
    defender = players[target]
    taken = defender.damage
    for j in range(start, len(villains)):
        attacker = villains[j]
        if shielded:
            shielded = False
        else:
            taken += attacker.strength
        if attacker.poison or taken >= defender.health:
            return j
    return None


def trade_blows(players: list[Fighter], villains: list[Fighter], target: int,
           attackers: tuple[int, ...], p_shield: list[bool], v_shield: list[bool],
           report: BattleReport) -> None:
    defender = players[target]
    if p_shield[target]:
        p_shield[target] = False
        report.shields_used.append(("player", target))
    dealt = sum(villains[j].strength for j in attackers)
    report.steps.append(BattleStep(attackers, target, dealt))
    report.destroyed.append(defender.name)
    report.fallen.append(("player", target))
    for j in attackers:
        attacker = villains[j]
        if v_shield[j]:
            v_shield[j] = False
            report.shields_used.append(("villain", j))
            hurt = False
        else:
            hurt = attacker.damage + defender.strength >= attacker.health
        if defender.poison or hurt:
            report.destroyed.append(attacker.name)
            report.fallen.append(("villain", j))


# -- exhaustive listing for small cases ---------------------------------------------------

def brute_force(players: list[Fighter], villains: list[Fighter],
                 criterion: BattleCriterion) -> list[BattleLayout]:
    groups = player_groups(players)
    layouts = []
    for v_order in itertools.permutations(range(len(villains))):
        for parts in itertools.product(*(itertools.permutations(g) for g in groups)):
            p_order = [i for part in parts for i in part]
            layouts.append(play_layout(players, villains, list(v_order), p_order, criterion))
    layouts.sort(key=lambda lay: (-lay.score, lay.report.player_damage,
                                  lay.villain_indices, lay.player_indices))
    return layouts


def play_layout(players: list[Fighter], villains: list[Fighter], v_order: list[int],
            p_order: list[int], criterion: BattleCriterion) -> BattleLayout:
    p_line = [players[i] for i in p_order]
    v_line = [villains[j] for j in v_order]
    report = _resolve(p_line, v_line)
    report.fallen = [(side, p_order[i] if side == "player" else v_order[i])
                     for side, i in report.fallen]
    report.shields_used = [(side, p_order[i] if side == "player" else v_order[i])
                           for side, i in report.shields_used]
    report.steps = [BattleStep(tuple(v_order[j] for j in s.attackers),
                               None if s.target is None else p_order[s.target], s.damage)
                    for s in report.steps]
    score = criterion.score(report, players, villains)
    return BattleLayout([f.name for f in v_line], [f.name for f in p_line], report, score,
                        v_order, p_order)


# -- memoised exact search for large cases -----------------------------------------------

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
        self._target_cache: dict[int, list[int]] = {}
        self._locals: dict[tuple[int, int], int] = {}
        self._build_tables()

    # the best score of every state, one priority group at a time
    def _build_tables(self) -> None:
        """Fill `tables[g][x, r]`: the best score with Villains `r` ready and the minions `x` of
        group g left (every later group untouched), the groups filled last to first."""
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
        """One priority group's table, by a dynamic programme over its minions.

        Killing order inside a group does not change the score, so the minions are taken in a
        fixed order, each either destroyed by a sub-group of the ready Villains or left standing;
        the Villains still ready at the end attack the Player if one minion left standing would
        survive them (Choose Target), or go on to the next group if none is left.
        """
        m, n = len(group), len(self.villains)
        shape = (2,) * (m + n)
        standing = np.zeros((1 << m, 1 << n), dtype=bool)
        grid = standing.reshape(shape)
        for k, t in enumerate(group):
            grid[_bit(m, k, 1)] |= self._missable(self.players[t]).reshape((2,) * n)
        table = np.where(standing, self.hit, -np.inf)
        table[0] = after
        table[:, 0] = 0.0
        grid = table.reshape(shape)
        for k, t in enumerate(group):
            for mask, gain in self.kill_gains[t]:
                target, source = _slices(m, n, k, mask)
                np.maximum(grid[target], grid[source] + gain, out=grid[target])
        return table

    def _missable(self, defender: Fighter) -> np.ndarray:
        """For every set of ready Villains: can this minion survive them in some order?"""
        total = np.array(self.strength_sum)
        if defender.shield:
            total -= np.array(self.max_strength)
        return (np.array(self.poisoners) == 0) & (defender.damage + total < defender.health)

    def _local(self, players_left: int, group_mask: int) -> int:
        key = (players_left, group_mask)
        local = self._locals.get(key)
        if local is None:
            bits = [i for i in range(len(self.players)) if group_mask >> i & 1]
            local = sum(1 << k for k, i in enumerate(bits) if players_left >> i & 1)
            self._locals[key] = local
        return local

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
        """The best score reachable from a state (a look-up in the tables built up front)."""
        if not remaining:
            return 0.0
        for group, table in zip(self.group_masks, self.tables, strict=True):
            if players_left & group:
                return float(table[self._local(players_left, group), remaining])
        return float(self.hit[remaining])

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


@cache
def _bit(m: int, k: int, value: int) -> tuple:
    """Index picking Player bit k (of m) = value in a (2,) * (m + n) grid, everything else."""
    return (slice(None),) * (m - 1 - k) + (value,)


@cache
def _slices(m: int, n: int, k: int, mask: int) -> tuple[tuple, tuple]:
    """Grid indices: minion k destroyed by the Villains in `mask` (target) / the state before."""
    target: list = [slice(None)] * (m + n)
    source: list = [slice(None)] * (m + n)
    target[m - 1 - k], source[m - 1 - k] = 1, 0
    for j in range(n):
        if mask >> j & 1:
            target[m + n - 1 - j], source[m + n - 1 - j] = 1, 0
    return (*target, Ellipsis), (*source, Ellipsis)  # views even when every index is fixed
