"""The smallest complete game on the contract: the worked example of docs/adding-a-game.md.

Take the last: a pile of counters, two players take 1 or 2 in turn, the one who takes the
last counter wins. A scenario (`TakeLastScenario`) starts from any pile and player to move.
Nothing is hidden, so `view` is a copy; a real card game canonicalises what a player cannot
see there (see `tablekit.deckula.game`). Run it with `Match(GAME, GAME.make_config(), seed)`.
"""

from __future__ import annotations

import random
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, NamedTuple

from pydantic import Field

from tablekit.core.actions import action
from tablekit.core.config import GameConfig, Schema, option
from tablekit.core.game import Events, Game, GameState, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook

RULES = Path(__file__).resolve().parent / "data" / "take-last-rules.toml"


@action
class Take(NamedTuple):
    """Take `count` counters from the pile."""

    count: int

    def __str__(self) -> str:
        return f"Take {self.count}"


class Pile(GameState):
    """The state: counters left and whose turn it is (GameState adds the core's slots)."""

    __slots__ = ("left", "turn")

    def __init__(self, left: int, turn: int = 0) -> None:
        super().__init__()
        self.left, self.turn = left, turn


class TakeLastScenario(Schema):
    """A position to start from: counters left and the player to move."""

    left: Annotated[int, Field(ge=1)]
    turn: Annotated[int, Field(ge=0, le=1)] = 0


class TakeLastConfig(GameConfig):
    """The options: the pile's size, or a scenario."""

    pile: Annotated[int, Field(ge=1, le=99)] = option(5, rule="take.take")
    scenario: TakeLastScenario | None = None

    @property
    def players(self) -> int:
        """Always two players."""
        return 2


class TakeLast(Game):
    """Take the last: the rules as hooks."""

    name, title, version = "take-last", "Take the last", 1
    config_model = TakeLastConfig
    variants = {"default": {}, "long": {"pile": 20}}
    action_types = (Take,)

    @cached_property
    def rulebook(self) -> RuleBook:
        """Two rules after the core's."""
        return load_rulebook(self.name, RULES)

    def _initial_state(self, config: TakeLastConfig, rng: random.Random, events: Events) -> Pile:
        """A full pile, player 1 to move."""
        events.add("take.take", "A pile of {n} counters", n=config.pile)
        return Pile(config.pile)

    def _scenario_state(self, config: TakeLastConfig, rng: random.Random, events: Events) -> Pile:
        """The scenario's pile and player to move."""
        events.add("take.take", "A set position: {n} counters left", n=config.scenario.left)
        return Pile(config.scenario.left, config.scenario.turn)

    def to_move(self, state: Pile) -> int | None:
        """The player whose turn it is, None once the pile is empty."""
        return None if state.left == 0 else state.turn

    def _legal_actions(self, state: Pile) -> list[Take]:
        """Take 1, or 2 when two are left."""
        return [Take(n) for n in (1, 2) if n <= state.left]

    def _apply_unchecked(self, state: Pile, act: Take, events: Events) -> None:
        """Take the counters; the turn passes."""
        state.left -= act.count
        events.add("take.take", "Player {p} takes {n}", p=state.turn + 1, n=act.count)
        if state.left == 0:
            events.add("take.win", "Player {p} takes the last counter and wins", p=state.turn + 1)
        state.turn = 1 - state.turn

    def is_over(self, state: Pile) -> bool:
        """True when the pile is empty."""
        return state.left == 0

    def outcome(self, state: Pile) -> Outcome | None:
        """1 for the winner, 0 for the other."""
        if state.left:
            return None
        winner = 1 - state.turn
        return Outcome(tuple(float(p == winner) for p in (0, 1)), (winner,),
                       f"Player {winner + 1} wins")

    def clone(self, state: Pile) -> Pile:
        """A hand-written copy (the legal-action cache may be shared)."""
        twin = Pile(state.left, state.turn)
        twin.legal = state.legal
        return twin

    def view(self, state: Pile, player: int) -> Pile:
        """Nothing is hidden."""
        return self.clone(state)

    def determinize(self, view: Pile, rng: random.Random) -> Pile:
        """Nothing to deal: the view is the state."""
        return self.clone(view)

    def snapshot(self, state: Pile) -> dict[str, Any]:
        """The state as JSON data."""
        return {"left": state.left, "turn": state.turn}

    def heuristic_action(self, view: Pile, legal: list[Take], rng: random.Random) -> Take:
        """Leave a multiple of three when you can."""
        return next((a for a in legal if (view.left - a.count) % 3 == 0), legal[0])


GAME = TakeLast()
