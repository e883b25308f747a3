"""The contract's defaults, on the smallest possible game (take 1 or 2; the one taking the last wins)."""

from __future__ import annotations

import random
from functools import cached_property
from typing import NamedTuple

import pytest

from tablekit.core import Events, Game, IllegalActionError, Match, Outcome, SaveFileError
from tablekit.core.actions import action
from tablekit.core.config import GameConfig
from tablekit.core.game import GameState
from tablekit.core.rulebook import CORE_RULES, RuleBook


@action
class Take(NamedTuple):
    count: int

    def __str__(self) -> str:
        return f"Take {self.count}"


class Pile(GameState):
    def __init__(self, left: int, turn: int = 0) -> None:
        super().__init__()
        self.left, self.turn = left, turn


class TakeLastConfig(GameConfig):
    @property
    def players(self) -> int:
        return 2


class TakeLast(Game):
    name, title, config_model, action_types = "take-last", "Take the last", TakeLastConfig, (Take,)

    @cached_property
    def rulebook(self) -> RuleBook:
        return RuleBook.from_toml(self.name, CORE_RULES)

    def _initial_state(self, config, rng: random.Random, events: Events) -> Pile:
        return Pile(5)

    def to_move(self, state: Pile) -> int | None:
        return None if state.left == 0 else state.turn

    def _legal_actions(self, state: Pile) -> list[Take]:
        return [Take(n) for n in (1, 2) if n <= state.left]

    def _apply_unchecked(self, state: Pile, act: Take, events: Events) -> None:
        state.left -= act.count
        state.turn = 1 - state.turn
        events.add("core.offered", "{n} taken", n=act.count)

    def is_over(self, state: Pile) -> bool:
        return state.left == 0

    def outcome(self, state: Pile) -> Outcome | None:
        if state.left:
            return None
        winner = 1 - state.turn
        return Outcome(tuple(float(p == winner) for p in (0, 1)), (winner,), f"player {winner + 1} wins")

    def clone(self, state: Pile) -> Pile:
        return Pile(state.left, state.turn)

    def view(self, state: Pile, player: int) -> Pile:
        return self.clone(state)

    def determinize(self, view: Pile, rng: random.Random) -> Pile:
        return self.clone(view)

    def snapshot(self, state: Pile) -> dict:
        return {"left": state.left, "turn": state.turn}


def test_defaults_explain_validate_and_save():
    game = TakeLast()
    assert "core.offered" in game.rulebook
    match = Match(game, game.make_config(), seed=1)
    assert match.explain(Take(1)).rule == "core.offered"
    assert match.explain(Take(3)).rule == "core.not-offered"
    with pytest.raises(IllegalActionError):
        match.apply(Take(3))
    match.play(Take(2), Take(2), Take(1))
    assert match.is_over and match.outcome.winners == (0,) and game.returns(match.state) == (1.0, 0.0)
    assert match.explain(Take(1)).rule == "core.game-over"
    data = {"version": 1, "seed": 1, "actions": [["Take", 2]], "config": {}, "digest": "bad"}
    with pytest.raises(SaveFileError, match="digest"):
        Match.load(game, data)
    with pytest.raises(SaveFileError, match="not an action"):
        game.action_from_json(["Give", 1])
    with pytest.raises(SaveFileError, match="malformed"):
        game.action_from_json(["Take", 1, 2, 3])
