"""The Villain's attack phase on the table, one Choose Target at a time.

The chosen Battle Lines become a ["battle", board, villain uids, player uids] frame. Each step
picks the next target exactly as `battle.resolve_villain_attacks` does, applies it, and lets
the DEATH text of whatever fell resolve before the next Choose Target (the rulebook resolves
DEATH text immediately after a minion is destroyed).
"""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wonders.battle import BattleReport, killing_attacker, trade_blows
from tablekit.wonders.effects import damage_hero, destroy_all, drop_shield_card
from tablekit.wonders.state import LineUp, Minion, State


def fight(state: State, lineup: LineUp, events: Events) -> None:
    """Start the Villain minions' attacks for the chosen lines."""
    state.work.append(["battle", lineup.board, tuple(lineup.villain_order),
                       tuple(lineup.player_order)])


def step_battle(state: State, frame: list, events: Events) -> None:
    """Resolve the next Choose Target and its attacks."""
    _, index, villain_uids, player_uids = frame
    board = state.boards[index]
    ready = {m.uid: m for m in board.villain_minions if not m.exhausted}
    attackers = [ready[u] for u in villain_uids if u in ready]
    if not attackers:
        state.work.pop()
        return
    alive = {m.uid: m for m in board.player_minions}
    line = [alive[u] for u in player_uids if u in alive]
    last = killing_attacker(line, attackers, 0, 0, line[0].shield) if line else None
    if last is None:
        state.work.pop()
        _hit_player(state, index, attackers, line, events)
        return
    group = attackers[:last + 1]
    frame[2] = tuple(m.uid for m in attackers[last + 1:])
    frame[3] = tuple(m.uid for m in line[1:])
    _narrate_kill(group, line[0], events)
    report = BattleReport(0, [])
    trade_blows(line, group, 0, tuple(range(len(group))), [m.shield for m in line],
           [m.shield for m in group], report)
    for minion in group:
        minion.exhausted = True
        if not minion.shield:
            minion.damage += line[0].strength
    for side, position in report.shields_used:
        _use_shield(state, index, line[position] if side == "player" else group[position],
                    events)
    fallen: list[tuple[str, Minion]] = [
        ("P", line[i]) if side == "player" else ("V", group[i]) for side, i in report.fallen]
    destroy_all(state, index, fallen, events)


def _hit_player(state: State, index: int, attackers: list[Minion], line: list[Minion],
                events: Events) -> None:
    if events.items is not None:  # the names are only joined for a listening log
        names = ", ".join([m.name for m in attackers])
        if line:
            events.add("wonders.choose-target", "{a} cannot destroy {m} between them, so they "
                       "attack you instead", a=names, m=line[0].name)
        else:
            events.add("wonders.choose-target", "No minion of yours is left, so {a} attack you",
                       a=names)
    for minion in attackers:
        minion.exhausted = True
    damage_hero(state, index, "P", sum(m.strength for m in attackers), events,
                "wonders.villain-hits-player")


def _narrate_kill(group: list[Minion], target: Minion, events: Events) -> None:
    if events.items is None:
        return
    names = ", ".join([m.name for m in group])
    poison = any(m.poison for m in group)
    dealt = sum(m.strength for m in group)
    events.add("wonders.choose-target", "{a} can destroy {m} ({how}), so they target it",
               a=names, m=target.name,
               how="Poison destroys it" if poison else
               f"{dealt} damage against {target.health} health")
    events.add("wonders.villain-attack", "{a} attack {m} one by one until it falls",
               a=names, m=target.name)
    events.add("wonders.hits-back", "{m} hits back {s} to each attacker", m=target.name,
               s=target.strength)


def _use_shield(state: State, index: int, minion: Minion, events: Events) -> None:
    minion.shield = False
    events.add("wonders.shield", "{m}'s Shield takes the first hit and is used up",
               m=minion.name)
    drop_shield_card(state, index, minion)
