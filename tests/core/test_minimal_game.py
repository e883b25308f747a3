"""The contract's defaults, on the worked example (tablekit/core/examples.py: take the last)."""

from __future__ import annotations

import json
import random

import pytest

from tablekit.core import ConfigError, GameConfig, IllegalActionError, Match, SaveFileError
from tablekit.core.examples import GAME, Pile, Take, TakeLast


def test_defaults_explain_validate_and_save():
    game = TakeLast()
    assert {"core.offered", "take.take", "take.win"} <= set(game.rulebook)
    match = Match(game, game.make_config(), seed=1)
    assert [e.text for e in match.log] == ["A pile of 5 counters"]
    assert match.explain(Take(1)).rule == "core.offered"
    assert match.explain(Take(3)).rule == "core.not-offered"
    with pytest.raises(IllegalActionError):
        match.apply(Take(3))
    match.play(Take(2), Take(2), Take(1))
    assert match.is_over and match.outcome.winners == (0,) and game.returns(match.state) == (1.0, 0.0)
    assert match.explain(Take(1)).rule == "core.game-over"
    assert [e.rule for e in match.log][-1] == "take.win"
    data = {"version": 1, "seed": 1, "actions": [["Take", 2]], "config": {}, "digest": "bad"}
    with pytest.raises(SaveFileError, match="digest"):
        Match.load(game, data)
    with pytest.raises(SaveFileError, match="not an action"):
        game.action_from_json(["Give", 1])
    with pytest.raises(SaveFileError, match="malformed"):
        game.action_from_json(["Take", 1, 2, 3])


def test_the_base_caches_legal_actions_per_position_and_clears_them_on_apply():
    calls = []

    class Counting(TakeLast):
        def _legal_actions(self, state: Pile) -> list[Take]:
            calls.append(state.left)
            return super()._legal_actions(state)

    game = Counting()
    state = game.initial_state(game.make_config(), random.Random(0))
    first = game.legal_actions(state)
    assert game.legal_actions(state) is first and calls == [5]
    game.apply(state, Take(2))  # validation reads the cache, applying clears it
    assert calls == [5] and state.legal is None
    assert game.legal_actions(state) == [Take(1), Take(2)] and calls == [5, 3]
    twin = game.clone(state)
    assert game.legal_actions(twin) is state.legal and calls == [5, 3]


def test_setup_events_and_the_scenario_hook_come_from_the_base():
    match = Match(GAME, GAME.make_config(scenario={"left": 2, "turn": 1}), seed=0)
    assert match.to_move == 1 and match.legal_actions() == [Take(1), Take(2)]
    assert [e.text for e in match.log] == ["A set position: 2 counters left"]
    assert GAME.config_to_json(match.config) == {"scenario": {"left": 2, "turn": 1}}


def test_one_config_model_drives_options_errors_players_and_the_save():
    assert GAME.options() == ["pile", "scenario"]
    config = GAME.make_config(pile=7)
    assert GAME.players(config) == config.players == 2
    assert GAME.make_config(**json.loads(json.dumps(GAME.config_to_json(config)))) == config
    with pytest.raises(ConfigError, match=r"no option 'size'; the options are: pile, scenario"):
        GAME.make_config(size=3)
    with pytest.raises(ConfigError, match=r"option pile = 0: should be at least 1 \[rule take.take\]"):
        GAME.make_config(pile=0)
    with pytest.raises(ConfigError, match=r"option pile = 'many': should be a whole number"):
        GAME.make_config(pile="many")
    with pytest.raises(ConfigError, match=r"scenario has no field 'who'; its fields are: left, turn"):
        GAME.make_config(scenario={"left": 2, "who": 1})
    with pytest.raises(ValueError):  # a config is frozen
        config.pile = 3


def test_a_config_model_must_say_how_many_play():
    with pytest.raises(TypeError, match="players"):
        type("Seatless", (GameConfig,), {"__annotations__": {"size": int}, "size": 3})


def test_a_state_that_is_not_a_game_state_is_refused_at_set_up():
    class Loose(TakeLast):
        def _initial_state(self, config, rng, events):
            return {"left": 5}

    with pytest.raises(TypeError, match="must derive from GameState"):
        Match(Loose(), GAME.make_config(), seed=0)
