"""Deck of Wonders rules: drawing, damage, card text, the Villain's turn, the turn cycle.

Everything that resolves on its own runs from a stack of frames in `state.work`, so
resolution can stop at any "you choose" moment (a pending choice or the Battle Lines) and go
on after the player's action. Frames (top last):
  ["bullets", board, side, uid, part, next_bullet, preset_target]  card text of one half
  ["vdraws", board, count, total, source]   Villain draws still due (source: the card whose
                                          text asked for them, "" for the turn's own)
  ["finish", board, uids]                                           discard a resolved spell
  ["vturn", board, stage]                                           the Villain's turn
  ["battle", board, villain uids, player uids]        the Villain minions' attacks
"""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wonders.effects import (  # noqa: F401  (re-exported: the rules' surface)
    SIDE_NAME,
    can_draw,
    choice_options,
    clear_damage,
    coop_check,
    damage_hero,
    destroy,
    destroy_all,
    draw_to_hand,
    end_game,
    fighter,
    finish_spell,
    heal_hero,
    hurt,
    step_bullets,
    take_top,
)
from tablekit.wonders.fight import step_battle
from tablekit.wonders.state import State
from tablekit.wonders.villain import (  # noqa: F401
    advance_lineup,
    lineup_choices,
    place,
    set_battle_lines,
    step_villain_draws,
    step_villain_turn,
    villain_play,
)

# -- the loop ----------------------------------------------------------------------------

def run(state: State, events: Events) -> None:
    """Resolve frames until the game ends or a player has a decision to make."""
    work = state.work  # never replaced while the rules run
    while state.result is None and state.pending is None and state.lineup is None:
        if not work:
            if state.phase == "villain":
                start_round(state, events)
                continue
            return
        frame = work[-1]
        kind = frame[0]
        if kind == "bullets":
            step_bullets(state, frame, events)
        elif kind == "vdraws":
            step_villain_draws(state, frame, events)
        elif kind == "finish":
            work.pop()
            finish_spell(state, frame[1], frame[2], events)
        elif kind == "battle":
            step_battle(state, frame, events)
        else:
            step_villain_turn(state, frame, events)


def start_round(state: State, events: Events) -> None:
    """A new round: the turn limit, co-op passing, then each player's draw."""
    state.round += 1
    state.opening = False
    if state.round > state.max_rounds:
        end_game(state, "loss", f"Round {state.round} is past the limit of {state.max_rounds}")
        events.add("wonders.turn-limit", "The round limit of {n} is reached: you lose",
                   n=state.max_rounds)
        return
    if state.coop:
        state.phase, state.player = "pass", 0
        return
    begin_player_turns(state, events)


def begin_player_turns(state: State, events: Events) -> None:
    """Each player draws one card; then the first player plays."""
    for index in range(len(state.boards)):
        draw_to_hand(state, index, 1, events, "wonders.player-draw")
    state.phase, state.player = "play", 0


def end_player_turn(state: State, index: int, events: Events) -> None:
    """Ready the player's minions and clear damage; after the last player, the Villains go."""
    board = state.boards[index]
    for minion in board.player_minions:
        minion.exhausted = False
    clear_damage(board)
    events.add("wonders.player-turn-end", "Turn over: your minions are ready again")
    if index + 1 < len(state.boards):
        state.player = index + 1
        return
    if state.coop:
        coop_check(state, events)
        if state.result:
            return
    state.phase = "villain"
    state.work.append(["vturn", 0, "start"])
    run(state, events)
