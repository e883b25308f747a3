"""The advisor's layouts for a Battle Lines already partly set by hand (for the chooser)."""

from __future__ import annotations

import itertools
import math

from tablekit.wonders.advisor import advise, as_fighters, lineup_minions
from tablekit.wonders.battle import BattleCriterion, BattleLayout, resolve_villain_attacks
from tablekit.wonders.state import State

PLAYOUT_BUDGET = 6_000  # about this many completions are played out (~0.3 s)


def consistent_layouts(state: State, limit: int = 5) -> list[BattleLayout]:
    """The best layouts that keep every place already chosen, best first.

    Before any choice this is the advisor's exact ranking. After places were chosen by hand,
    every completion is played out when there are at most `PLAYOUT_BUDGET`; beyond that the
    Villain completions are tried with the Player orders of the advisor's best plans, and with
    very many Villain minions left only the last ones of the advisor's plan are reordered.
    """
    lineup = state.lineup
    if lineup is None:
        return []
    if not (lineup.villain_order or lineup.player_order):
        return advise(state, limit=limit)
    players, villains = lineup_minions(state)
    fixed_villains = list(range(len(lineup.villain_order)))
    index = {m.uid: i for i, m in enumerate(players)}
    fixed_players = [index[u] for u in lineup.player_order]
    groups = [[index[u] for u in group] for group in lineup.groups]
    villain_orders = _villain_orders(state, fixed_villains, len(villains))
    ties = math.prod(math.factorial(len(g)) for g in groups)
    if ties * len(villain_orders) <= PLAYOUT_BUDGET:
        player_orders = [fixed_players + [i for part in parts for i in part]
                         for parts in itertools.product(*(itertools.permutations(g) for g in groups))]
    else:
        player_orders = _planned_player_orders(state, fixed_players, groups,
                                               max(1, PLAYOUT_BUDGET // len(villain_orders)))
    board = state.boards[lineup.board]
    criterion = BattleCriterion(player_health=board.player_health)
    player_fighters, villain_fighters = as_fighters(players), as_fighters(villains)
    layouts = []
    for villain_order in villain_orders:
        villain_line = [villain_fighters[j] for j in villain_order]
        for player_order in player_orders:
            player_line = [player_fighters[i] for i in player_order]
            report = resolve_villain_attacks(player_line, villain_line)
            layouts.append(BattleLayout([f.name for f in villain_line], [f.name for f in player_line],
                                        report, criterion.score(report, player_line, villain_line),
                                        villain_order, player_order))
    layouts.sort(key=lambda lay: (-lay.score, lay.report.player_damage, lay.villain_indices,
                                  lay.player_indices))
    return layouts[:limit]


def _planned_player_orders(state: State, fixed: list[int], groups: list[list[int]],
                           most: int) -> list[list[int]]:
    """Player orders of the advisor's best plans that keep the places chosen (and the plain one)."""
    orders: list[list[int]] = []
    for layout in advise(state, limit=None):
        order = list(layout.player_indices)
        if order[:len(fixed)] == fixed and order not in orders:
            orders.append(order)
    plain = fixed + [i for g in groups for i in g]
    return (orders + [plain] if plain not in orders else orders)[:most]


def _villain_orders(state: State, fixed: list[int], total: int) -> list[list[int]]:
    """Every Villain completion, or (too many) the advisor's plan with its tail reordered."""
    free = list(range(len(fixed), total))
    if math.factorial(len(free)) > PLAYOUT_BUDGET:
        best = advise(state, limit=1)[0]
        free = [j for j in best.villain_indices if j not in fixed]
        size = max(k for k in range(len(free) + 1) if math.factorial(k) <= PLAYOUT_BUDGET)
        fixed = fixed + free[:len(free) - size]
        free = free[len(free) - size:]
    return [fixed + list(rest) for rest in itertools.permutations(free)]
