"""The engine contract, checked on every registered game (DESIGN.md: the engine contract)."""

from __future__ import annotations

import json
import random

import pytest

import tablekit
from tablekit.core.errors import IllegalActionError, SaveFileError
from tablekit.core.registry import get_game

GAMES = tablekit.games()
MAX_ACTIONS = 20_000
SEEDS = range(12)


def play_random(name: str, seed: int, stop_after: int | None = None) -> tablekit.core.Match:
    """A match played by uniformly random legal actions (to the end, or `stop_after` actions)."""
    match = tablekit.new_game(name, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and (stop_after is None or len(match.history) < stop_after):
        legal = match.legal_actions()
        assert legal, f"{name} seed {seed}: no legal action before the end"
        match.apply(rng.choice(legal))
        assert len(match.history) < MAX_ACTIONS, f"{name} seed {seed}: the game does not end"
    return match


@pytest.fixture(params=GAMES)
def name(request) -> str:
    return request.param


def test_games_are_registered():
    assert "deckula" in GAMES


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_with_an_outcome(name, seed):
    match = play_random(name, seed)
    assert match.is_over and match.to_move is None and match.legal_actions() == []
    outcome = match.outcome
    assert outcome is not None and len(outcome.scores) == get_game(name).players


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_every_event_names_a_rule_in_the_rule_book(name, seed):
    book = tablekit.rules(name)
    match = play_random(name, seed)
    assert match.log, "a whole game reports events"
    for event in match.log:
        assert event.rule in book, f"{event.rule!r} is not in the {name} rule book"
        assert event.text and "{" not in event.text


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_illegal_actions_are_rejected_and_change_nothing(name, seed):
    game, book = get_game(name), tablekit.rules(name)
    match = tablekit.new_game(name, seed=seed)
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
def test_replay_and_save_load_reproduce_the_state(name, seed):
    match = play_random(name, seed, stop_after=25)
    again = tablekit.new_game(name, seed=seed)
    again.play(*match.history)
    game = get_game(name)
    assert game.snapshot(again.state) == game.snapshot(match.state)
    assert [e.text for e in again.log] == [e.text for e in match.log]
    loaded = tablekit.load_game(match.to_json())
    assert game.snapshot(loaded.state) == game.snapshot(match.state)
    assert loaded.history == match.history


def test_tampered_and_corrupted_saves_are_refused(name):
    match = play_random(name, 1, stop_after=10)
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


def test_clone_is_independent(name):
    match = play_random(name, 2, stop_after=6)
    if match.is_over:
        pytest.skip("this seed ended before six actions")
    before = match.digest()
    twin = match.clone()
    rng = random.Random(0)
    while not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    assert match.digest() == before and len(match.history) == 6
    state_twin = get_game(name).clone(match.state)
    assert get_game(name).digest(state_twin) == before


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_view_hides_what_it_must(name, seed):
    game = get_game(name)
    match = play_random(name, seed, stop_after=4)
    rng = random.Random(seed)
    for player in range(game.players):
        view = game.view(match.state, player)
        for _ in range(3):
            sampled = game.determinize(view, rng)
            assert game.snapshot(game.view(sampled, player)) == game.snapshot(view)
            assert game.legal_actions(sampled) == game.legal_actions(match.state)


def test_undo_and_redo_restore_exact_states(name):
    match = play_random(name, 3, stop_after=8)
    digests = []
    while match.can_undo:
        digests.append(match.digest())
        match.undo()
    assert match.digest() == tablekit.new_game(name, seed=3).digest()
    for expected in reversed(digests):
        match.redo()
        assert match.digest() == expected
    with pytest.raises(IllegalActionError):
        match.redo()


def test_the_same_seed_and_actions_give_the_same_game(name):
    first, second = play_random(name, 5), play_random(name, 5)
    assert first.history == second.history and first.digest() == second.digest()
    assert [str(e) for e in first.log] == [str(e) for e in second.log]


def test_actions_have_a_readable_str_and_json_round_trip(name):
    game = get_game(name)
    match = play_random(name, 4, stop_after=10)
    for action in match.history:
        assert str(action) and "(" not in str(action)[:1]
        assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action
