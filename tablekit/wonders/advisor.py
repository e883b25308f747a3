"""The Battle Lines advisor on a live game: best layouts now, and the actions that set one."""

from __future__ import annotations

from tablekit.wonders.actions import Place
from tablekit.wonders.battle import BattleCriterion, BattleLayout, Fighter, best_battle_lines
from tablekit.wonders.rules import fighter, lineup_choices
from tablekit.wonders.state import Minion, State


def lineup_minions(state: State) -> tuple[list[Minion], list[Minion]]:
    """The Player's minions and the Villain's ready minions of the Battle Lines being set."""
    lineup = state.lineup
    if lineup is None:
        raise ValueError("no Battle Lines are being set now [rule wonders.battle-lines]")
    board = state.boards[lineup.board]
    by_uid = {m.uid: m for m in board.villain_minions}
    villains = [by_uid[u] for u in lineup.villain_order + lineup.villain_left]
    return list(board.player_minions), villains


def advise(state: State, limit: int = 5,
           criterion: BattleCriterion | None = None) -> list[BattleLayout]:
    """The best layouts for the Battle Lines being set (indices refer to `lineup_minions`)."""
    players, villains = lineup_minions(state)
    board = state.boards[state.lineup.board]  # type: ignore[union-attr]
    criterion = criterion or BattleCriterion(player_health=board.player_health)
    return best_battle_lines(as_fighters(players), as_fighters(villains), criterion, limit)


def as_fighters(minions: list[Minion]) -> list[Fighter]:
    """Minions as Battle Lines fighters."""
    return [fighter(m) for m in minions]


def layout_actions(state: State, layout: BattleLayout) -> list[Place]:
    """The Place actions that set this layout, in the order the game asks for them."""
    players, villains = lineup_minions(state)
    lineup = state.lineup.copy()  # type: ignore[union-attr]
    wanted = [villains[j].uid for j in layout.villain_indices] + \
        [players[i].uid for i in layout.player_indices]
    actions = []
    while (open_choice := lineup_choices(lineup)) is not None:
        side, options = open_choice
        uid = next(u for u in wanted if u in options)
        actions.append(Place(uid, state.table[uid].name))
        if side == "villain":
            lineup.villain_left.remove(uid)
            lineup.villain_order.append(uid)
            if len(lineup.villain_left) == 1:
                lineup.villain_order.append(lineup.villain_left.pop())
        else:
            group = next(g for g in lineup.groups if len(g) > 1)
            group.remove(uid)
        lineup.groups = [g for g in lineup.groups if len(g) > 1]
    return actions
