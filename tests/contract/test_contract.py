"""The engine contract, checked on every registered game (DESIGN.md: the engine contract)."""

from __future__ import annotations

import json
import random
import re

import pytest

import tablekit
from tablekit.core.agents import HeuristicAgent
from tablekit.core.errors import ConfigError, IllegalActionError, SaveFileError
from tablekit.core.registry import get_game

GAMES = tablekit.games()
# every (game, variant) the games declare: the harness runs on each configuration, not only the default
CASES = [(name, variant) for name in GAMES for variant in get_game(name).variants]
MAX_ACTIONS = 20_000
SEEDS = range(12)


def start(case: tuple[str, str], seed: int) -> tablekit.core.Match:
    """A new match of a game in one of its declared variants."""
    name, variant = case
    return tablekit.new_game(name, seed=seed, **get_game(name).variants[variant])


def play_random(case: tuple[str, str], seed: int, stop_after: int | None = None) -> tablekit.core.Match:
    """A match played by uniformly random legal actions (to the end, or `stop_after` actions)."""
    match = start(case, seed)
    rng = random.Random(seed)
    while not match.is_over and (stop_after is None or len(match.history) < stop_after):
        legal = match.legal_actions()
        assert legal, f"{case} seed {seed}: no legal action before the end"
        match.apply(rng.choice(legal))
        assert len(match.history) < MAX_ACTIONS, f"{case} seed {seed}: the game does not end"
    return match


@pytest.fixture(params=CASES, ids=["-".join(c) for c in CASES])
def case(request) -> tuple[str, str]:
    return request.param


@pytest.fixture
def name(case) -> str:
    return case[0]


def test_games_are_registered_with_their_variants():
    assert "deckula" in GAMES
    for name in GAMES:
        game = get_game(name)
        assert "default" in game.variants and game.variants["default"] == {}
        for options in game.variants.values():
            config = game.make_config(**options)
            assert game.players(config) >= 1
            assert game.make_config(**json.loads(json.dumps(game.config_to_json(config)))) == config
    assert get_game("wonders").players(get_game("wonders").make_config(**get_game("wonders").variants["coop"])) == 2


@pytest.mark.parametrize("seed", [1.5, 2.0, True, None, b"7", [1]])
def test_seeds_are_whole_numbers_or_strings(name, seed):
    with pytest.raises(ConfigError, match=re.escape(repr(seed))):  # the message names the seed
        tablekit.new_game(name, seed=seed)
    assert tablekit.new_game(name, seed="a string").seed == "a string"


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_with_an_outcome(case, seed):
    match = play_random(case, seed)
    assert match.is_over and match.to_move is None and match.legal_actions() == []
    outcome = match.outcome
    assert outcome is not None and len(outcome.scores) == match.config.players
    assert len(match.game.returns(match.state)) == match.config.players


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_every_event_names_a_rule_in_the_rule_book(case, name, seed):
    book = tablekit.rules(name)
    match = play_random(case, seed)
    assert match.log, "a whole game reports events"
    for event in match.log:
        assert event.rule in book, f"{event.rule!r} is not in the {name} rule book"
        assert event.text and "{" not in event.text


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_illegal_actions_are_rejected_and_change_nothing(case, name, seed):
    game, book = get_game(name), tablekit.rules(name)
    match = start(case, seed)
    rng = random.Random(seed)
    seen: list = []
    while not match.is_over:
        legal = match.legal_actions()
        seen.extend(a for a in legal if a not in seen)
        for wrong in [a for a in seen if a not in legal][:5] + ["not an action"]:
            before = match.digest()
            with pytest.raises(IllegalActionError) as caught:
                match.apply(wrong)
            assert caught.value.rule in book and match.digest() == before
            assert not match.explain(wrong).legal
        action = rng.choice(legal)
        assert game.explain(match.state, action).legal
        match.apply(action)
    with pytest.raises(IllegalActionError, match="over"):
        match.apply(seen[0])


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_replay_and_save_load_reproduce_the_state(case, name, seed):
    match = play_random(case, seed, stop_after=25)
    again = start(case, seed)
    again.play(*match.history)
    game = get_game(name)
    assert game.snapshot(again.state) == game.snapshot(match.state)
    assert [e.text for e in again.log] == [e.text for e in match.log]
    loaded = tablekit.load_game(match.to_json())
    assert game.snapshot(loaded.state) == game.snapshot(match.state)
    assert loaded.history == match.history and loaded.config == match.config


def test_tampered_and_corrupted_saves_are_refused(case):
    match = play_random(case, 1, stop_after=10)
    data = json.loads(match.to_json())
    bad_texts = ["{not json", json.dumps([1, 2]), json.dumps({**data, "digest": "0" * 16}),
                 json.dumps({**data, "version": 999}), json.dumps({**data, "game": "chess"}),
                 json.dumps({**data, "actions": data["actions"][:-1] + [["Nonsense", 1]]})]
    if len(data["actions"]) > 1:
        bad_texts.append(json.dumps({**data, "actions": data["actions"][1:]}))
    for text in bad_texts:
        with pytest.raises(SaveFileError) as caught:
            tablekit.load_game(text)
        assert isinstance(caught.value, ValueError)


def test_a_save_whose_seed_or_options_were_changed_is_refused(case, name):
    """The digest covers everything that decides the game: the seed and every option, not only the state reached
    (a state can hide its seed: a deck not drawn yet, a duel still to come)."""
    match = play_random(case, 3, stop_after=10)
    data = json.loads(match.to_json())
    seed = data["seed"]
    other_seeds = [seed + 1, str(seed)] if isinstance(seed, int) else [seed + "x"]
    tampered = [{**data, "seed": other} for other in other_seeds]
    for variant in sorted(get_game(name).variants):
        options = json.loads(json.dumps(get_game(name).variants[variant]))
        tampered += [{**data, "config": {**data["config"], option: value}}
                     for option, value in options.items() if data["config"].get(option) != value]
    for text in map(json.dumps, tampered):
        with pytest.raises(SaveFileError, match="digest|replay"):
            tablekit.load_game(text)


def test_a_save_from_before_the_whole_save_digest_still_loads(name):
    """Files written when the digest covered only the state (no "save" field) load, checked as they were."""
    match = play_random((name, "default"), 4, stop_after=8)
    data = json.loads(match.to_json())
    old = {key: value for key, value in data.items() if key != "save"} | {"digest": match.digest()}
    assert tablekit.load_game(json.dumps(old)).history == match.history
    with pytest.raises(SaveFileError, match="digest"):
        tablekit.load_game(json.dumps({**old, "digest": "0" * 16}))


def test_clone_is_independent(case, name):
    match = play_random(case, 2)
    middle = min(6, len(match.history) - 1)  # a position before the end, in every variant
    while len(match.history) > middle:
        match.undo()
    before = match.digest()
    twin = match.clone()
    rng = random.Random(0)
    while not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    assert match.digest() == before and len(match.history) == middle and not match.is_over
    state_twin = get_game(name).clone(match.state)
    assert get_game(name).digest(state_twin) == before


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_redealing_what_a_player_cannot_see_changes_nothing_they_see(case, name, seed):
    """Hidden information: a re-deal of what `player` cannot see leaves their view, the actions
    offered to them and a bot's choice unchanged, and does change the real state somewhere."""
    game = get_game(name)
    match = start(case, seed)
    rng, bot = random.Random(seed), HeuristicAgent()
    changed = compared = 0
    while not match.is_over and len(match.history) < 40:
        state, mover = match.state, match.to_move
        for player in range(match.config.players):
            seen = game.snapshot(game.view(state, player))
            assert _cached(game.view(state, player)) in (None, *([state.legal] if player == mover else [])), \
                "a view must not carry the legal actions of a position its player does not decide"
            twins = [game.redeal_hidden(state, player, rng) for _ in range(2)]
            for twin in twins:
                assert game.snapshot(game.view(twin, player)) == seen, "the view shows hidden cards"
                changed += game.snapshot(twin) != game.snapshot(state)
                compared += 1
            if player == mover:
                legal = _fresh_legal(game, state)
                offered = [_fresh_legal(game, twin) for twin in twins]
                assert offered == [legal, legal], "the actions offered depend on hidden cards"
                picks = [bot.choose(game, game.view(twin, player), offered[i], random.Random(seed))
                         for i, twin in enumerate(twins)]
                assert picks[0] == picks[1], "the heuristic's choice depends on hidden cards"
        match.apply(rng.choice(match.legal_actions()))
    assert compared and changed, "re-dealing hidden cards never changed the state: is anything hidden?"


def _fresh_legal(game, state) -> list:
    """The legal actions computed anew (not read from the position's cache)."""
    state.legal = None
    return game.legal_actions(state)


def _cached(view) -> list | None:
    return getattr(view, "legal", None)


def test_undo_and_redo_restore_exact_states(case):
    match = play_random(case, 3, stop_after=8)
    digests = []
    while match.can_undo:
        digests.append(match.digest())
        match.undo()
    assert match.digest() == start(case, 3).digest()
    for expected in reversed(digests):
        match.redo()
        assert match.digest() == expected
    with pytest.raises(IllegalActionError):
        match.redo()


def test_the_same_seed_and_actions_give_the_same_game(case):
    first, second = play_random(case, 5), play_random(case, 5)
    assert first.history == second.history and first.digest() == second.digest()
    assert [str(e) for e in first.log] == [str(e) for e in second.log]


def test_actions_have_a_readable_str_and_json_round_trip(case, name):
    game = get_game(name)
    match = play_random(case, 4, stop_after=10)
    for action in match.history:
        assert str(action) and "(" not in str(action)[:1]
        assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action
