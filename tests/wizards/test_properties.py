"""Hypothesis: over random games, no card is lost or duplicated and gems are conserved."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.wizards.scoring import score_player
from tests.wizards.helpers import check_conservation, play_random


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.booleans(),
       st.sampled_from(["standard", "partial", "random"]))
def test_cards_tiles_and_gems_are_conserved_through_whole_games(seed, players, advanced, deck):
    state = play_random(seed, players, advanced, check=check_conservation, deck=deck)
    assert state.scores is not None and len(state.scores) == players
    for player in range(players):  # the final scores are what the scoring rules give
        expected = score_player(state.gem_count(player), state.cursed[player],
                                [], 0, state.most_cursed[player]).total
        assert expected <= state.scores[player]
    assert state.winners[0] in range(players)
