"""Property tests: every card is always in exactly one place; saves and views stay faithful."""

import contextlib
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


# -- loaders fed bad data ----------------------------------------------------------------

GOOD_CARD = '''
[[card]]
id = "test-card"
name = "Test Card"
set = "green"
player = { kind = "minion", strength = 1, health = 2, priority = 1, play = [[{ op = "draw", n = 1 }]] }
villain = { kind = "spell", text = [[{ op = "damage", n = 2, target = "foe-hero" }]] }
'''
VALUES = ["-1", "0", "99", '"x"', "true", "[]", "{}", "[[]]", '"minion"', '"spell"', "1.5",
          '[{ op = "draw" }]', '[[{ op = "destroy", target = "self" }]]']
FIELDS = ["id", "name", "set", "kind", "strength", "health", "priority", "n", "op", "target",
          "play", "text"]


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(FIELDS), value=st.sampled_from(VALUES), which=st.integers(0, 3))
def test_card_loader_gives_a_clear_error_or_a_card(field, value, which):
    import re

    from tablekit.core.errors import CardDataError
    from tablekit.wonders.cards import load_card_file
    spots = [m for m in re.finditer(rf"\b{field} = ", GOOD_CARD)]
    if not spots:
        return
    spot = spots[which % len(spots)]
    rest = GOOD_CARD[spot.end():]
    end = re.search(r"[,}\n]", rest[1:] if rest.startswith("[") else rest)
    cut = spot.end() + (end.start() + (1 if rest.startswith("[") else 0) if end else len(rest))
    text = GOOD_CARD[:spot.end()] + value + GOOD_CARD[cut:]
    try:
        cards = load_card_file("cards-fuzz.toml", text)
    except CardDataError as error:
        assert "cards-fuzz.toml" in str(error)
    else:
        assert cards and cards[0].player is not None


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=200))
def test_card_loader_never_crashes_on_noise(text):
    from tablekit.core.errors import CardDataError
    from tablekit.wonders.cards import load_card_file
    with contextlib.suppress(CardDataError):
        load_card_file("noise.toml", text)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(key=st.sampled_from(["format", "version", "opened", "upgrades", "fated_beaten",
                            "record", "upgrades_due", "recorded"]), value=JSON_VALUES)
def test_campaign_loader_gives_a_clear_error_or_a_campaign(key, value):
    from tablekit.core.errors import SaveFileError
    from tablekit.wonders.campaign import Campaign
    data = Campaign().to_json()
    data[key] = value
    try:
        campaign = Campaign.from_json(data)
    except SaveFileError:
        return
    assert Campaign.from_json(campaign.to_json()) == campaign
