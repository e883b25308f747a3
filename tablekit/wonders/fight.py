"""The Villain's attack phase on the table: Battle Lines resolved and applied to a board."""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wonders.battle import BattleReport, _resolve
from tablekit.wonders.effects import destroy_all
from tablekit.wonders.state import LineUp, Minion, State


def fight(state: State, lineup: LineUp, events: Events) -> BattleReport:
    """Resolve the Villain's attacks for the chosen lines and apply them to the board."""
    index = lineup.board
    board = state.boards[index]
    villains = {m.uid: m for m in board.villain_minions}
    players = {m.uid: m for m in board.player_minions}
    v_line = [villains[u] for u in lineup.villain_order]
    p_line = [players[u] for u in lineup.player_order]
    report = _resolve(p_line, v_line)  # minions have every field a Fighter has
    _narrate(report, p_line, v_line, events)
    for minion in v_line:
        minion.exhausted = True
    for side, position in report.shields_used:
        minion = p_line[position] if side == "player" else v_line[position]
        minion.shield = False
        events.add("wonders.shield", "{m}'s Shield takes the first hit and is used up",
                   m=minion.name)
        if minion.shield_card >= 0:
            minion.attached.remove(minion.shield_card)
            board.discard.append(minion.shield_card)
            minion.shield_card = -1
    for step in report.steps:
        if step.target is not None:
            hit_back = p_line[step.target].strength
            for j in step.attackers:
                v_line[j].damage += hit_back
    fallen: list[tuple[str, Minion]] = [
        ("P", p_line[i]) if side == "player" else ("V", v_line[i]) for side, i in report.fallen]
    if report.player_damage:  # the hits on the Player come last, after every DEATH text
        state.work.append(["hurt", index, report.player_damage])
    destroy_all(state, index, fallen, events)
    return report


def _narrate(report: BattleReport, p_line: list[Minion], v_line: list[Minion],
             events: Events) -> None:
    if events.items is None:
        return
    for step in report.steps:
        names = ", ".join(v_line[j].name for j in step.attackers)
        if step.target is None:
            if p_line and len(report.steps) and step is report.steps[-1] and \
                    len([s for s in report.steps if s.target is not None]) < len(p_line):
                left = p_line[len([s for s in report.steps if s.target is not None])]
                events.add("wonders.choose-target", "{a} cannot destroy {m} between them, so "
                           "they attack you instead", a=names, m=left.name)
            else:
                events.add("wonders.choose-target", "No minion of yours is left, so {a} "
                           "attack you", a=names)
            events.add("wonders.villain-hits-player", "{a} deal {n} damage to you", a=names,
                       n=step.damage)
            continue
        target = p_line[step.target]
        poison = any(v_line[j].poison for j in step.attackers)
        events.add("wonders.choose-target", "{a} can destroy {m} ({how}), so they target it",
                   a=names, m=target.name,
                   how="Poison destroys it" if poison else
                   f"{step.damage} damage against {target.health} health")
        events.add("wonders.villain-attack", "{a} attack {m} one by one until it falls",
                   a=names, m=target.name)
        events.add("wonders.hits-back", "{m} hits back {s} to each attacker", m=target.name,
                   s=target.strength)
