"""Rules review: the live Villain attack agrees with the rulebook in real games.

In random games, every Battle Lines is set to the advisor's best layout; when no minion in the
fight has DEATH text (which the resolver leaves out on purpose), the table must lose exactly
the minions and health the rulebook's attack (played hit by hit in tests/wonders/helpers.py)
says, in the same order.
"""

import random

import tablekit
from tablekit.wonders.advisor import advise, as_fighters, layout_actions, lineup_minions
from tests.wonders.helpers import by_the_book


def has_death_text(state, minions, side):
    return any((state.table[m.uid].player if side == "P" else state.table[m.uid].villain).death
               for m in minions)


def test_live_fights_match_the_rulebook():
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
        # what the rulebook says these lines do, played hit by hit (not the resolver the advisor
        # and the live fight share their pieces with); read before the fight changes the minions
        damage, destroyed = by_the_book([as_fighters(players)[i] for i in layout.player_indices],
                                        [as_fighters(villains)[j] for j in layout.villain_indices])
        for action in layout_actions(state, layout):
            match.apply(action)
        if not quiet or match.is_over:
            continue
        fallen = [state.table[u].name for u in board.discard[discarded:]
                  if state.table[u].name in {m.name for m in players + villains}]
        assert health - board.player_health == damage
        assert fallen == destroyed
        checked += 1
    return checked
