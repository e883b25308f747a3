"""Battle Lines: how ready Villain minions attack a lined-up Player row, and the best line-up.

`resolve_villain_attacks` plays the Villain's attack phase for two lines already ordered left
to right (rulebook "Choose Target" and "Attack" under "Normal Turn Order - Villain Turn").
`best_battle_lines` searches every allowed ordering exactly (Villain order x Player tie orders)
and ranks the layouts by a `BattleCriterion`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

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
    layout is played out and sorted (ties: less damage, then input order). Beyond that
    `layout_search.LayoutSearch` (every state's best score tabled over the groups of attackers
    each Player minion can draw) gives the same exact optimum and the next best distinct plans
    (`limit=None` then means the best 100).
    """
    criterion = criterion or BattleCriterion()
    players, villains = list(player_minions), list(villain_minions)
    count = count_layouts(players, villains)
    if count <= BRUTE_FORCE_LIMIT or (limit is None and count <= LIST_ALL_LIMIT):
        layouts = brute_force(players, villains, criterion)
        return layouts if limit is None else layouts[:limit]
    from tablekit.wonders.layout_search import LayoutSearch  # it builds on this module

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
