"""Property tests: every card is always in exactly one place; saves and views stay faithful."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tablekit
from tablekit.wonders.game import GAME

CONFIGS = [{}, {"villain": "morwen", "deck": "random"}, {"villain": "grak"},
           {"coop_villain": "morwen"}]


def every_card_once(state) -> bool:
    uids = [u for board in state.boards for u in board.card_uids()]
    return sorted(uids) == list(range(len(state.table)))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), config=st.sampled_from(CONFIGS),
       picks=st.lists(st.integers(0, 1_000), min_size=1, max_size=400))
def test_cards_are_conserved(seed, config, picks):
    match = tablekit.new_game("wonders", seed=seed, **config)
    assert every_card_once(match.state)
    for pick in picks:
        if match.is_over:
            break
        legal = match.legal_actions()
        match.apply(legal[pick % len(legal)])
        assert every_card_once(match.state)
        board = match.state.boards[0]
        assert all(m.damage >= 0 for m in board.player_minions + board.villain_minions)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_determinized_views_agree_with_the_view(seed, steps):
    match = tablekit.new_game("wonders", seed=seed, coop_villain="cullin")
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    for player in (0, 1):
        view = GAME.view(match.state, player)
        sampled = GAME.determinize(view, rng)
        assert every_card_once(sampled)
        assert GAME.snapshot(GAME.view(sampled, player)) == GAME.snapshot(view)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_save_and_load_reproduce_coop_and_campaign_games(seed):
    match = tablekit.new_game("wonders", seed=seed, coop_villain="grak",
                              campaign={"format": "tablekit-wonders-campaign", "version": 1,
                                        "opened": ["cullin-decree"]})
    rng = random.Random(seed)
    for _ in range(40):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    loaded = tablekit.load_game(match.to_json())
    assert GAME.snapshot(loaded.state) == GAME.snapshot(match.state)
