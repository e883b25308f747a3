"""Rules review: the live Villain attack agrees with the pure resolver in real games.

In random games, every Battle Lines is set to the advisor's best layout; when no minion in the
fight has DEATH text (which the resolver leaves out on purpose), the table must lose exactly
the minions and health the resolver predicted, in the same order.
"""

import random

import tablekit
from tablekit.wonders.advisor import advise, layout_actions, lineup_minions


def has_death_text(state, minions, side):
    return any((state.table[m.uid].player if side == "P" else state.table[m.uid].villain).death
               for m in minions)


def test_live_fights_match_the_resolver():
    checked = sum(_check_game(seed) for seed in range(16))
    assert checked >= 25  # enough real fights were compared


def _check_game(seed):
    rng = random.Random(seed)
    match = tablekit.new_game("wonders", seed=seed, villain=["cullin", "morwen", "grak"][seed % 3])
    checked = 0
    while not match.is_over and checked < 6:
        state = match.state
        if state.lineup is None:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
            continue
        players, villains = lineup_minions(state)
        layout = advise(state, limit=1)[0]
        board = state.boards[state.lineup.board]
        health, discarded = board.player_health, len(board.discard)
        quiet = not has_death_text(state, players, "P") and not has_death_text(state, villains, "V")
        for action in layout_actions(state, layout):
            match.apply(action)
        if not quiet or match.is_over:
            continue
        fallen = [state.table[u].name for u in board.discard[discarded:]
                  if state.table[u].name in {m.name for m in players + villains}]
        assert health - board.player_health == layout.report.player_damage
        assert fallen == layout.report.destroyed
        checked += 1
    return checked
