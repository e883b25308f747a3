"""The Battle Lines advisor on a live game: best layouts now, and the actions that set one.

Before any place is chosen the ranking is `best_battle_lines`' exact one. Once places were
chosen (by hand, one `Place` at a time) only layouts that keep them are ranked: every completion
is played out when there are at most `PLAYOUT_BUDGET`; beyond that the Villain completions are
tried with the Player orders of the advisor's best plans, and with very many Villain minions
left only the last ones of the advisor's plan are reordered.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from tablekit.core.game import Events
from tablekit.wonders.actions import Place
from tablekit.wonders.battle import (
    BattleCriterion,
    BattleLayout,
    Fighter,
    best_battle_lines,
    play_layout,
)
from tablekit.wonders.rules import fighter, lineup_choices, place
from tablekit.wonders.state import Minion, State

PLAYOUT_BUDGET = 6_000  # about this many completions are played out (~0.3 s)


def lineup_minions(state: State) -> tuple[list[Minion], list[Minion]]:
    """The Player's minions and the Villain's ready minions of the Battle Lines being set."""
    lineup = state.lineup
    if lineup is None:
        raise ValueError("no Battle Lines are being set now [rule wonders.battle-lines]")
    board = state.boards[lineup.board]
    by_uid = {m.uid: m for m in board.villain_minions}
    villains = [by_uid[u] for u in lineup.villain_order + lineup.villain_left]
    return list(board.player_minions), villains


def advise(state: State, limit: int | None = 5,
           criterion: BattleCriterion | None = None) -> list[BattleLayout]:
    """The best layouts that keep every place already chosen (indices: `lineup_minions`)."""
    lineup = state.lineup
    if lineup is not None and (lineup.villain_order or lineup.player_order):
        return _completions(state, limit, _criterion(state, criterion))
    return _from_scratch(state, limit, criterion)


def _criterion(state: State, criterion: BattleCriterion | None) -> BattleCriterion:
    board = state.boards[state.lineup.board]  # type: ignore[union-attr]
    return criterion or BattleCriterion(player_health=board.player_health)


def _from_scratch(state: State, limit: int | None,
                  criterion: BattleCriterion | None) -> list[BattleLayout]:
    players, villains = lineup_minions(state)
    return best_battle_lines(as_fighters(players), as_fighters(villains),
                             _criterion(state, criterion), limit)


def as_fighters(minions: list[Minion]) -> list[Fighter]:
    """Minions as Battle Lines fighters."""
    return [fighter(m) for m in minions]


def layout_actions(state: State, layout: BattleLayout) -> list[Place]:
    """The Place actions that set this layout, in the order the game asks for them."""
    players, villains = lineup_minions(state)
    wanted = [villains[j].uid for j in layout.villain_indices] + \
        [players[i].uid for i in layout.player_indices]
    trial = state.clone()  # the game's own placing rules, on a copy
    actions = []
    while trial.lineup is not None and (open_choice := lineup_choices(trial.lineup)):
        uid = next(u for u in wanted if u in open_choice[1])
        actions.append(Place(uid, state.table[uid].name))
        place(trial, uid, Events(None))
    return actions


ADVISOR = "the Battle Lines advisor's choice (exact)"


def advised_place(state: State, legal: list[Any]) -> tuple[Place, str] | None:
    """While Battle Lines are set: the advisor's best layout's next place, and the advisor's name."""
    if state.lineup is None or not legal or not all(isinstance(a, Place) for a in legal):
        return None
    best = advise(state, 1)
    if not best:
        return None
    offered = {a.minion: a for a in legal}
    for action in layout_actions(state, best[0]):
        if action.minion in offered:
            return offered[action.minion], ADVISOR
    return None


# -- completing a Battle Lines already partly set ----------------------------------------------

def _completions(state: State, limit: int | None,
                 criterion: BattleCriterion) -> list[BattleLayout]:
    lineup = state.lineup
    assert lineup is not None
    players, villains = lineup_minions(state)
    index = {m.uid: i for i, m in enumerate(players)}
    fixed_players = [index[u] for u in lineup.player_order]
    groups = [[index[u] for u in group] for group in lineup.groups]
    villain_orders = _villain_orders(state, list(range(len(lineup.villain_order))),
                                     len(villains))
    ties = math.prod(math.factorial(len(g)) for g in groups)
    if ties * len(villain_orders) <= PLAYOUT_BUDGET:
        player_orders = [fixed_players + [i for part in parts for i in part]
                         for parts in itertools.product(*(itertools.permutations(g)
                                                          for g in groups))]
    else:
        player_orders = _planned_player_orders(state, fixed_players, groups,
                                               max(1, PLAYOUT_BUDGET // len(villain_orders)))
    player_fighters, villain_fighters = as_fighters(players), as_fighters(villains)
    layouts = [play_layout(player_fighters, villain_fighters, villain_order, player_order, criterion)
               for villain_order in villain_orders for player_order in player_orders]
    layouts.sort(key=lambda lay: (-lay.score, lay.report.player_damage, lay.villain_indices,
                                  lay.player_indices))
    return layouts if limit is None else layouts[:limit]


def _planned_player_orders(state: State, fixed: list[int], groups: list[list[int]],
                           most: int) -> list[list[int]]:
    """Player orders of the advisor's best plans that keep the places chosen (and the plain one)."""
    orders: list[list[int]] = []
    for layout in _from_scratch(state, None, None):
        order = list(layout.player_indices)
        if order[:len(fixed)] == fixed and order not in orders:
            orders.append(order)
    plain = fixed + [i for g in groups for i in g]
    return (orders + [plain] if plain not in orders else orders)[:most]


def _villain_orders(state: State, fixed: list[int], total: int) -> list[list[int]]:
    """Every Villain completion, or (too many) the advisor's plan with its tail reordered."""
    free = list(range(len(fixed), total))
    if math.factorial(len(free)) > PLAYOUT_BUDGET:
        best = _from_scratch(state, 1, None)[0]
        free = [j for j in best.villain_indices if j not in fixed]
        size = max(k for k in range(len(free) + 1) if math.factorial(k) <= PLAYOUT_BUDGET)
        fixed = fixed + free[:len(free) - size]
        free = free[len(free) - size:]
    return [fixed + list(rest) for rest in itertools.permutations(free)]
