"""The engine over 1–5 wizards: whole games, hidden information, card conservation, saves."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablekit
from tablekit.core.agents import HeuristicAgent
from tablekit.core.errors import ConfigError, IllegalActionError
from tablekit.core.registry import get_game
from tablekit.forge.cards import DECK_SIZE

GAME = get_game("forge")
WIZARDS = (1, 2, 3, 5)


def random_match(wizards: int, seed: int, stop_after: int | None = None, **options):
    match = tablekit.new_game("forge", seed=seed, wizards=wizards, **options)
    rng = random.Random(seed)
    while not match.is_over and (stop_after is None or len(match.history) < stop_after):
        match.apply(rng.choice(match.legal_actions()))
        assert len(match.history) < 20_000
    return match


def every_card_once(state) -> bool:
    """Each band's 48 cards are each in exactly one place: hand, deck, committed or plot."""
    places = [c for zone in (state.hands, state.decks, state.committed) for cards in zone
              for c in cards]
    committed = {c for pile in state.committed for c in pile}
    places += [c for c in state.plots if c >= 0 and c not in committed]
    return sorted(places) == list(range(state.wizards * DECK_SIZE))


@pytest.mark.parametrize("wizards", [1, 2, 3, 4, 5])
def test_new_game_for_one_to_five_wizards(wizards):
    match = tablekit.new_game("forge", seed=7, wizards=wizards)
    s = match.state
    hand = 14 if wizards in (1, 5) else 12
    assert [len(h) for h in s.hands] == [hand] * wizards and s.hp == [20] * wizards
    assert len(s.bosses) == 6 and len(s.minion_pool) == 6 * wizards - 6
    written = s.monsters[s.boss].hp
    assert s.boss_hp == written * wizards
    assert every_card_once(s)


def test_bad_options_are_refused():
    for options in ({"wizards": 6}, {"wizards": 0}, {"hero_values": (11, 12, 99)},
                    {"inscriptions": "all"}, {"book": "/no/such/book.toml"}):
        with pytest.raises(ConfigError):
            tablekit.new_game("forge", seed=0, **options)


@pytest.mark.parametrize("wizards", WIZARDS)
def test_random_games_end_and_every_event_names_a_rule(wizards):
    book = tablekit.rules("forge")
    for seed in range(3):
        match = random_match(wizards, seed)
        assert match.is_over and match.legal_actions() == []
        assert len(match.outcome.scores) == wizards
        assert all(e.rule in book and "{" not in e.text for e in match.log)


@pytest.mark.parametrize("wizards", WIZARDS)
def test_replay_and_save_load_reproduce_the_state(wizards):
    match = random_match(wizards, 11, stop_after=60)
    loaded = tablekit.load_game(match.to_json())
    assert GAME.snapshot(loaded.state) == GAME.snapshot(match.state)
    assert loaded.config == match.config


@pytest.mark.parametrize("wizards", [2, 3, 5])
def test_illegal_actions_change_nothing(wizards):
    match = random_match(wizards, 4, stop_after=30)
    before = match.digest()
    for wrong in ("nonsense", GAME.action_from_json(["Plot", 47 + DECK_SIZE * wizards])):
        with pytest.raises(IllegalActionError):
            match.apply(wrong)
    assert match.digest() == before


@pytest.mark.parametrize("wizards", [2, 3, 5])
def test_view_hides_other_hands_plots_and_deck_order(wizards):
    match = tablekit.new_game("forge", seed=3, wizards=wizards)
    match.apply(match.legal_actions()[0])  # Wizard 1 plots a card face down
    s = match.state
    view = GAME.view(s, 1)
    assert view.plots[0] == -2 and view.hands[1] == s.hands[1]
    assert Counter(view.hands[0] + view.decks[0]) == Counter(s.hands[0] + s.decks[0] + [s.plots[0]])
    assert view.decks[1] == sorted(s.decks[1])
    assert view.bosses[0] == s.bosses[0]
    later = sorted(s.bosses[1:] + s.minion_pool)
    assert sorted(view.bosses[1:] + view.minion_pool) == later


@pytest.mark.parametrize("wizards", WIZARDS)
def test_redealing_hidden_cards_changes_nothing_a_wizard_sees(wizards):
    match = tablekit.new_game("forge", seed=5, wizards=wizards)
    rng, bot = random.Random(5), HeuristicAgent()
    changed = 0
    while not match.is_over and len(match.history) < 40:
        state, mover = match.state, match.to_move
        for player in range(wizards):
            seen = GAME.snapshot(GAME.view(state, player))
            twins = [GAME.determinize(GAME.view(state, player), rng) for _ in range(2)]
            for twin in twins:
                assert GAME.snapshot(GAME.view(twin, player)) == seen
                assert every_card_once(twin)
                changed += GAME.snapshot(twin) != GAME.snapshot(state)
            if player == mover:
                legal = GAME.legal_actions(state)
                offered = [GAME.legal_actions(t) for t in twins]
                assert offered == [legal, legal]
                picks = {bot.choose(GAME, GAME.view(t, player), offered[i], random.Random(0))
                         for i, t in enumerate(twins)}
                assert len(picks) == 1
        match.apply(rng.choice(match.legal_actions()))
    assert changed


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), wizards=st.sampled_from(WIZARDS),
       picks=st.lists(st.integers(0, 300), min_size=1, max_size=150))
def test_no_card_is_lost_or_duplicated(seed, wizards, picks):
    match = tablekit.new_game("forge", seed=seed, wizards=wizards)
    for pick in picks:
        if match.is_over:
            break
        legal = match.legal_actions()
        match.apply(legal[pick % len(legal)])
        assert every_card_once(match.state)
        assert all(hp >= 0 for hp in match.state.hp)


def test_labels_are_offered_from_the_second_dungeon():
    first = tablekit.new_game("forge", seed=2, wizards=2)
    assert first.state.phase == "plot"
    second = tablekit.new_game("forge", seed=2, wizards=2, dungeon=2)
    assert second.state.phase == "label" and str(second.legal_actions()[0]) == "No label"
    before = second.state.coppers[0]
    events = second.apply(second.action("Label doom (draw)"))
    s = second.state
    assert s.coppers[0] == before + 3 and len(s.hands[0]) == 12  # hand already full
    assert "doom" in s.monsters[s.boss].labels and s.doom == 5
    assert [e.rule for e in events][:2] == ["forge.label", "forge.label-reward"]


def test_label_risk_and_doom():
    match = tablekit.new_game("forge", seed=2, wizards=1, dungeon=2)
    match.apply(match.action("Label doom (heal)"))
    s = match.state
    s.boss_hp = 500
    rng = random.Random(1)
    rules = []
    while not match.is_over:
        legal = match.legal_actions()
        take = [a for a in legal if str(a) in ("Take the hit", "Pass")]
        rules += [e.rule for e in match.apply(take[0] if take else rng.choice(legal))]
    assert "forge.label-risk" in rules and rules[-1] in ("forge.doom", "forge.loss")
    assert s.round <= 5


def test_heuristic_plays_whole_games_for_each_table_size():
    for wizards in WIZARDS:
        match = tablekit.new_game("forge", seed=1, wizards=wizards)
        rng = random.Random(1)
        while not match.is_over:
            view = match.view()
            match.apply(GAME.heuristic_action(view, match.legal_actions(), rng))
        assert match.outcome is not None


def test_a_scenario_match_saves_and_loads():
    scenario = {"hands": [["9♠", "2♦", "K♣"], ["8♥", "3♣", "4♦"]], "boss_hp": 25, "boss_atk": 4,
                "minions": 1, "inscribed": [[0, "9♠", "ember-edge"]]}
    match = tablekit.new_game("forge", seed=3, wizards=2, scenario=scenario)
    rng = random.Random(3)
    for _ in range(12):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    loaded = tablekit.load_game(match.to_json())
    assert GAME.snapshot(loaded.state) == GAME.snapshot(match.state)


@pytest.mark.parametrize("scenario", [
    {"hands": [["9♠"], ["8♥"]]},                       # two hands for one wizard
    {"hands": [["9♠", "9♠"]]},                         # a card twice
    {"hands": [["1♠"]]},                               # not a card
    {"hands": [["9♠"]], "minions": 3},                 # solo: every Monster is a Boss
    {"hands": [["9♠"]], "inscribed": [[0, "9♠", "nope"]]},
    {"hands": [["9♠"]], "colour": "red"},
])
def test_bad_scenarios_are_refused(scenario):
    with pytest.raises(ConfigError):
        tablekit.new_game("forge", seed=0, wizards=1, scenario=scenario)
