"""Invariants over random play: no card lost or duplicated, energy never negative."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import tablekit
from tablekit.core.agents import hint

ZONES = ("draw", "discard", "threat", "home", "set_aside", "offer")


def every_card_once(state) -> bool:
    places = [u for zone in ZONES for u in getattr(state, zone)]
    places += [u for held in state.beneath.values() for u in held]
    if state.drawn is not None:
        places.append(state.drawn)
    return sorted(places) == list(range(len(state.cards)))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 50), min_size=1, max_size=80),
       difficulty=st.sampled_from(["beginner", "hard", "harder"]))
def test_cards_are_conserved_and_energy_stays_non_negative(seed, picks, difficulty):
    match = tablekit.new_game("deckula", seed=seed, difficulty=difficulty)
    assert every_card_once(match.state)
    for pick in picks:
        if match.is_over:
            break
        legal = match.legal_actions()
        match.apply(legal[pick % len(legal)])
        assert every_card_once(match.state) and match.state.energy >= 0
        in_play = match.state.home + match.state.threat
        assert all(b in in_play and t in in_play for t, b in match.state.blanks.items())


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 30))
def test_undo_after_any_prefix_restores_the_digest(seed, steps):
    match = tablekit.new_game("deckula", seed=seed)
    digests = []
    for _ in range(steps):
        if match.is_over:
            break
        digests.append(match.digest())
        match.apply(match.legal_actions()[-1])
    for expected in reversed(digests):
        match.undo()
        assert match.digest() == expected


def test_hint_ranks_the_legal_moves_with_estimates():
    match = tablekit.new_game("deckula", seed=3)
    moves = hint(match, rollouts=24, top=3, seed=1)
    assert moves and all(m.action in match.legal_actions() for m in moves)
    assert [m.mean for m in moves] == sorted((m.mean for m in moves), reverse=True)
    assert all(m.low <= m.mean <= m.high and 0 <= m.win_rate <= 1 for m in moves)
    assert hint(match, rollouts=24, top=3, seed=1) == moves  # same seed, same hint
