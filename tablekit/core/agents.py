"""Agents that see only `view(state, player)`: random, the game's heuristic, Monte Carlo search."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from tablekit.core.game import Action, Events, Game, State, View, rng_for
from tablekit.core.stats import mean_interval

ROUGH_BELOW = 30  # fewer play-outs than this make an estimate rough, not a 95% interval


class Agent(Protocol):
    """Anything that picks an action from what one player may see."""

    name: str

    def choose(self, game: Game, view: View, legal: list[Action], rng: random.Random) -> Action:
        """The action to play."""
        ...


@dataclass(frozen=True)
class RandomAgent:
    """Picks uniformly among the legal actions."""

    name: str = "random"

    def choose(self, game: Game, view: View, legal: list[Action], rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class HeuristicAgent:
    """Plays the game's own rule of thumb (`Game.heuristic_action`)."""

    name: str = "heuristic"

    def choose(self, game: Game, view: View, legal: list[Action], rng: random.Random) -> Action:
        """The game's heuristic choice."""
        return game.heuristic_action(view, legal, rng)


@dataclass(frozen=True, slots=True)
class MoveEstimate:
    """A move's estimated value from rollouts: mean return with a 95% interval, and win rate."""

    action: Action
    mean: float
    low: float
    high: float
    win_rate: float
    rollouts: int

    @property
    def rough(self) -> bool:
        """True when the estimate rests on fewer than ROUGH_BELOW play-outs."""
        return self.rollouts < ROUGH_BELOW

    def __str__(self) -> str:
        return (f"{self.action}: {self.mean:.2f} (95% {self.low:.2f}–{self.high:.2f}), "
                f"wins {self.win_rate:.0%} of {self.rollouts}")


@dataclass(frozen=True)
class MonteCarloAgent:
    """Determinized flat Monte Carlo: for each move, sample hidden cards and play out."""

    rollouts: int = 64
    policy: str = "heuristic"
    name: str = "search"

    def choose(self, game: Game, view: View, legal: list[Action], rng: random.Random) -> Action:
        """The move with the best mean rollout return."""
        if len(legal) == 1:
            return legal[0]
        return self.estimate(game, view, legal, rng)[0].action

    def estimate(self, game: Game, view: View, legal: list[Action],
                 rng: random.Random) -> list[MoveEstimate]:
        """Every legal move with its estimated return, best first."""
        player = game.to_move(view)
        per_move = max(1, self.rollouts // len(legal)) if len(legal) > 8 else self.rollouts
        estimates = []
        for action in legal:
            values, wins = [], 0
            for _ in range(per_move):
                value, won = _rollout(game, view, action, player, rng, self.policy)
                values.append(value)
                wins += won
            estimates.append(_estimate(action, values, wins))
        estimates.sort(key=lambda e: (-e.mean, -e.win_rate))
        return estimates


def make_agent(spec: str | Agent) -> Agent:
    """An agent from a short name: "random", "heuristic", "search" or "search:ROLLOUTS"."""
    if not isinstance(spec, str):
        return spec
    kind, _, arg = spec.partition(":")
    if kind == "random":
        return RandomAgent()
    if kind == "heuristic":
        return HeuristicAgent()
    if kind in ("search", "mc"):
        return MonteCarloAgent(rollouts=int(arg) if arg else 64, name=spec)
    raise ValueError(f"unknown agent {spec!r}: use random, heuristic or search[:rollouts]")


def hint(match: Any, rollouts: int = 48, top: int = 3, seed: int | str = 0) -> list[MoveEstimate]:
    """The `top` moves for the player to move, with estimated return and win rate."""
    if match.is_over:
        return []
    agent = MonteCarloAgent(rollouts=rollouts)
    rng = rng_for(seed, "hint", match.game.digest(match.state))
    view = match.view()
    return agent.estimate(match.game, view, match.legal_actions(), rng)[:top]


def play_out(game: Game, state: State, rng: random.Random, policy: str = "heuristic",
             events: Events | None = None) -> State:
    """Finish a game from `state` (mutated) with the random or heuristic policy, unchecked."""
    events = events or Events(None)
    heuristic = policy == "heuristic"
    while not game.is_over(state):
        legal = game.legal_actions(state)
        action = (game.heuristic_action(state, legal, rng) if heuristic
                  else legal[rng.randrange(len(legal))])
        game.apply_unchecked(state, action, events)
    return state


def _rollout(game: Game, view: View, action: Action, player: int, rng: random.Random,
             policy: str) -> tuple[float, bool]:
    state = game.determinize(view, rng)
    game.apply_unchecked(state, action, Events(None))
    play_out(game, state, rng, policy)
    outcome = game.outcome(state)
    return game.returns(state)[player], bool(outcome and outcome.won(player))


def _estimate(action: Action, values: list[float], wins: int) -> MoveEstimate:
    value = mean_interval(values)
    return MoveEstimate(action, value.mean, value.low, value.high, wins / value.n, value.n)
