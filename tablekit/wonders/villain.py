"""The Villain's turn: draws played with the Villain half, turn-start rules, Battle Lines."""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wonders.battle import player_groups
from tablekit.wonders.effects import (
    clear_damage,
    coop_check,
    damage_hero,
    heal_hero,
    take_top,
)
from tablekit.wonders.fight import fight
from tablekit.wonders.state import LineUp, Minion, State


def villain_play(state: State, index: int, uid: int, events: Events, which: str = "") -> None:
    """The Villain plays a card it drew, using the Villain half (`which`: the log's words on
    which draw this is, e.g. "Draw 2 of 3: ")."""
    board = state.boards[index]
    half = state.table[uid].villain
    name = state.table[uid].name
    who = "the Villain" if which else "The Villain"
    if half.is_minion:
        board.villain_minions.append(Minion(uid, name, half, exhausted=False))
        events.add("wonders.villain-draw", "{which}{who} plays {card} ({s}/{h}), ready",
                   which=which, who=who, card=name, s=half.strength, h=half.health)
        if half.play:
            state.work.append(["bullets", index, "V", uid, "play", 0, None])
    else:
        board.limbo.append(uid)
        events.add("wonders.villain-draw", "{which}{who} casts {card}", which=which, who=who, card=name)
        state.work.append(["finish", index, (uid,)])
        state.work.append(["bullets", index, "V", uid, "text", 0, None])


def step_villain_draws(state: State, frame: list, events: Events) -> None:
    if frame[2] <= 0:
        state.work.pop()
        return
    which = _which_draw(state, frame)
    frame[2] -= 1
    uid = take_top(state, frame[1], events)
    if uid is None:
        state.work.pop()
        return
    villain_play(state, frame[1], uid, events, which)


def _which_draw(state: State, frame: list) -> str:
    """The log's words on the draw about to happen: numbered among the opening turn's draws, or
    an extra one that card text asked for (it never counts among the turn's draws)."""
    _, _, left, total, source = frame
    if source:
        return f"Extra draw for {source} (not one of the turn's draws): "
    return f"Draw {total - left + 1} of {total}: " if state.opening else ""


def step_villain_turn(state: State, frame: list, events: Events) -> None:
    _, index, stage = frame
    board = state.boards[index]
    if stage == "start":
        frame[2] = "lines"
        state.villain_board = index
        if not state.opening:
            _turn_start_rules(state, index, events)
            if state.result:
                return
        draws = (board.rule("opening-draws") or 3) if state.opening else 1
        if state.opening and board.rule("opening-draws"):
            events.add("wonders.card-precedence", "The Villain's card changes the opening draws "
                       "to {n}: card text beats the rulebook", n=draws)
        rule = "wonders.villain-opening" if state.opening else "wonders.villain-draw"
        events.add(rule, "The Villain's turn: {n} draw(s)", n=draws)
        state.work.append(["vdraws", index, draws, draws, ""])
    elif stage == "lines":
        frame[2] = "end"
        set_battle_lines(state, index, events)
    else:
        state.work.pop()
        for minion in board.villain_minions:
            minion.exhausted = False
        clear_damage(board)
        events.add("wonders.villain-turn-end", "The Villain's minions are ready again")
        if index + 1 < len(state.boards):
            state.work.append(["vturn", index + 1, "start"])
        elif state.coop:
            coop_check(state, events)


def _turn_start_rules(state: State, index: int, events: Events) -> None:
    board = state.boards[index]
    heal = board.rule("start-heal")
    if heal:
        heal_hero(state, index, "V", heal, events, "wonders.special-rules")
    damage = board.rule("start-damage")
    if damage:
        damage_hero(state, index, "P", damage, events, "wonders.special-rules")


def set_battle_lines(state: State, index: int, events: Events) -> None:
    """Start the Battle Lines: the player orders the Villain's ready minions and any ties."""
    board = state.boards[index]
    ready = [m.uid for m in board.villain_minions if not m.exhausted]
    if not ready:
        return
    groups = [[board.player_minions[i].uid for i in g]
              for g in player_groups(board.player_minions)]
    if not groups:
        ready_row = ready
        state.lineup = LineUp(index, [], [])
        state.lineup.villain_order = ready_row
    else:
        state.lineup = LineUp(index, ready, groups)
        events.add("wonders.battle-lines", "Battle Lines: order the Villain's {n} ready minions "
                   "and your minions of equal Priority", n=len(ready))
    advance_lineup(state, events)


def lineup_choices(lineup: LineUp) -> tuple[str, list[int]] | None:
    """("villain"|"player", uids to pick from) while a choice is open, else None."""
    if len(lineup.villain_left) > 1:
        return "villain", lineup.villain_left
    for group in lineup.groups:
        if len(group) > 1:
            return "player", group
    return None


def advance_lineup(state: State, events: Events) -> None:
    """Fill in forced placements; when nothing is left to choose, fight."""
    lineup = state.lineup
    assert lineup is not None
    if len(lineup.villain_left) == 1:
        lineup.villain_order.append(lineup.villain_left.pop())
    while lineup.groups and len(lineup.groups[0]) <= 1 and len(lineup.villain_left) <= 1:
        lineup.player_order += lineup.groups.pop(0)
    if lineup.groups or lineup.villain_left:
        return
    state.lineup = None
    fight(state, lineup, events)


def place(state: State, uid: int, events: Events) -> None:
    """Put one minion next in its Battle Line (the LineUp action)."""
    lineup = state.lineup
    assert lineup is not None
    side, _ = lineup_choices(lineup) or ("", [])
    if side == "villain":
        lineup.villain_left.remove(uid)
        lineup.villain_order.append(uid)
    else:
        group = next(g for g in lineup.groups if len(g) > 1)
        group.remove(uid)
        lineup.player_order.append(uid)
        while lineup.groups and not lineup.groups[0]:
            lineup.groups.pop(0)
    events.add("wonders.battle-lines", "{m} takes the next place in its line",
               m=state.table[uid].name)
    advance_lineup(state, events)
