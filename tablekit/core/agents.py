"""Agents that see only `view(state, player)`: random, the game's heuristic, Monte Carlo search."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from tablekit.core.errors import ConfigError
from tablekit.core.game import Action, Events, Game, State, View, rng_for
from tablekit.core.match import checked_seed
from tablekit.core.stats import mean_interval

ROUGH_BELOW = 30  # fewer play-outs than this make an estimate rough, not a 95% interval
FINALISTS = 3  # moves the search races to the end: the ones a hint shows
Progress = Callable[[int, int], None]  # (play-outs done, budget)


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
    """A move's estimated value from play-outs: mean return, its interval, win rate, play-outs.

    `advice` names the exact advisor that chose this move, when one covers the decision.
    """

    action: Action
    mean: float
    low: float
    high: float
    win_rate: float
    rollouts: int
    advice: str = ""

    @property
    def rough(self) -> bool:
        """True when the estimate rests on fewer than ROUGH_BELOW play-outs."""
        return self.rollouts < ROUGH_BELOW

    def __str__(self) -> str:
        advised = f" [{self.advice}]" if self.advice else ""
        if self.rollouts == 0:
            return f"{self.action}{advised}: not played out"
        if self.rough:
            return (f"{self.action}{advised}: {number(self.mean, 2)} (rough, {self.rollouts} "
                    f"play-outs), wins {self.win_rate:.0%}")
        return (f"{self.action}{advised}: {number(self.mean, 2)} (95% {number(self.low, 2)} to "
                f"{number(self.high, 2)}), wins {self.win_rate:.0%} of {self.rollouts} play-outs")


def number(value: float, digits: int = 1) -> str:
    """`value` rounded for people: a true minus sign, and never a negative zero ("−0.0")."""
    text = f"{value:.{digits}f}"
    if float(text) == 0:
        return f"{0:.{digits}f}"
    return text.replace("-", "\u2212")


@dataclass(frozen=True)
class MonteCarloAgent:
    """Determinized Monte Carlo search: successive halving over the moves on shared deals.

    `rollouts` is the whole budget of play-outs for one decision (see `search_moves`).
    """

    rollouts: int = 64
    policy: str = "heuristic"
    name: str = "search"

    def choose(self, game: Game, view: View, legal: list[Action], rng: random.Random) -> Action:
        """The move the search ranks first."""
        if len(legal) == 1:
            return legal[0]
        advice = game.exact_advice(view, legal)
        if advice is not None:
            return advice[0]
        return self.estimate(game, view, legal, rng)[0].action

    def estimate(self, game: Game, view: View, legal: list[Action],
                 rng: random.Random) -> list[MoveEstimate]:
        """The moves the budget reached with their estimates, best first (see `search_moves`)."""
        return search_moves(game, view, legal, self.rollouts, rng, self.policy)


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
        if arg and not arg.isdigit():
            raise ConfigError(f"agent {spec!r}: the search budget after ':' must be a whole number")
        return MonteCarloAgent(rollouts=_budget(int(arg) if arg else 64), name=spec)
    raise ConfigError(f"unknown agent {spec!r}: use random, heuristic or search[:rollouts]")


def hint(match: Any, rollouts: int = 48, top: int = 3, seed: int | str = 0,
         progress: Progress | None = None) -> list[MoveEstimate]:
    """The `top` moves for the player to move, from a search spending `rollouts` play-outs.

    Where the game has an exact advisor for the decision (`Game.exact_advice`), its move comes
    first, whatever the play-outs say, and carries the advisor's name. `progress(done, rollouts)`,
    when given, is called after every play-out (for a progress bar).
    """
    checked_seed(seed)
    if match.is_over:
        return []
    rng = rng_for(seed, "hint", match.game.digest(match.state))
    view, legal = match.view(), match.legal_actions()
    moves = search_moves(match.game, view, legal, _budget(rollouts), rng, progress=progress)
    return advised_first(moves, match.game.exact_advice(view, legal))[:top]


def advised_first(moves: list[MoveEstimate],
                  advice: tuple[Action, str] | None) -> list[MoveEstimate]:
    """`moves` with the exact advisor's move (if any) moved to the front and labelled."""
    if advice is None:
        return moves
    action, advisor = advice
    chosen = [replace(m, advice=advisor) for m in moves if m.action == action]
    if not chosen:  # the budget never reached it: shown without play-outs
        chosen = [MoveEstimate(action, 0.0, 0.0, 0.0, 0.0, 0, advisor)]
    return chosen + [m for m in moves if m.action != action]


def search_moves(game: Game, view: View, legal: list[Action], budget: int, rng: random.Random,
                 policy: str = "heuristic", progress: Progress | None = None) -> list[MoveEstimate]:
    """Screen `legal` by successive halving, then race the best few, spending exactly `budget`.

    Every play-out j of every move starts from the same sampled deal (hidden cards and the
    play-out's own randomness), so moves are compared on equal footing. With more than
    `FINALISTS` moves, the screening spends at most half the budget: rounds of equal play-outs
    per move, each keeping the better half by mean (see `_better_half`; the heuristic's move is
    never cut), until `FINALISTS` remain. The finalists then share the rest, topped up to the
    same number of play-outs on the same deals and ranked by mean on them; a remainder too small
    to share goes to the leader. With fewer screening play-outs than moves, the heuristic's move
    and a random sample of the others get one each and the rest are left out. Ranked by how far
    each move went, then by mean; ties favour the heuristic's move, then a seeded random order.
    """
    _budget(budget)
    if not legal:
        raise ConfigError("the search needs at least one legal move")
    base = rng.getrandbits(64)
    runner = _Runner(game, view, game.to_move(view), policy, base, budget, progress)
    favourite = game.heuristic_action(view, legal, rng_for(base, "favourite"))
    order = rng_for(base, "order")
    entries = [_Entry(i, a, a is favourite, order.random()) for i, a in enumerate(legal)]
    if not any(e.favourite for e in entries) and favourite in legal:  # equal, not the same object
        entries[legal.index(favourite)].favourite = True
    if budget < len(entries):  # too few to try every move: one play-out each for a sample
        for entry in _starters(entries, budget, rng_for(base, "starters")):
            runner.play(entry, 1)
    else:
        screening = max(len(entries), budget // 2) if len(entries) > FINALISTS else 0
        _race(runner, _screen(runner, entries, screening), budget - runner.done)
    tried = sorted((e for e in entries if e.values), key=_Entry.final_key)
    return [e.estimate() for e in tried]


def _screen(runner: _Runner, entries: list[_Entry], budget: int) -> list[_Entry]:
    """Successive halving on `budget` play-outs (one each at least) until `FINALISTS` remain."""
    alive, remaining = list(entries), budget
    while len(alive) > FINALISTS:
        rounds = ((len(alive) - 1) // FINALISTS).bit_length()  # halvings still to come
        each = max(1, remaining // rounds // len(alive)) if remaining >= len(alive) else 0
        for entry in alive:
            runner.play(entry, each)
        remaining -= each * len(alive)
        alive = _better_half(alive, keep_ties=each > 0)
        for entry in alive:
            entry.stage += 1
    return alive


def _race(runner: _Runner, finalists: list[_Entry], budget: int) -> None:
    """Share `budget` among the finalists on common deals; the leader gets what cannot be shared."""
    level = (sum(len(e.values) for e in finalists) + budget) // len(finalists)
    for entry in finalists:
        runner.play(entry, max(0, level - len(entry.values)))
    ranked = sorted(finalists, key=_Entry.race_key)
    for rank, entry in enumerate(ranked):
        entry.stage += len(ranked) - rank  # the ranking on equal deals is the final one
    runner.play(ranked[0], runner.budget - runner.done)


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


@dataclass(eq=False)
class _Entry:
    """One move in the race: its play-out returns and wins, and how many halvings it survived."""

    index: int
    action: Action
    favourite: bool
    draw: float  # a seeded random number: the last tie-break
    values: list[float] = field(default_factory=list)
    wins: int = 0
    stage: int = 0

    def mean(self) -> float:
        """Mean return so far."""
        return sum(self.values) / len(self.values)

    def race_key(self) -> tuple[float, bool, float]:
        """Sort key within a round: best mean first, then the heuristic's move, then the draw."""
        return -self.mean(), not self.favourite, self.draw

    def final_key(self) -> tuple[int, float, bool, float]:
        """Sort key of the result: furthest in the race first, then as within a round."""
        return (-self.stage, *self.race_key())

    def estimate(self) -> MoveEstimate:
        """The move's estimate from all its play-outs."""
        value = mean_interval(self.values)
        return MoveEstimate(self.action, value.mean, value.low, value.high, self.wins / value.n,
                            value.n)


@dataclass
class _Runner:
    """Plays out moves from deals numbered 0, 1, 2, ... that are the same for every move."""

    game: Game
    view: View
    player: int
    policy: str
    base: int
    budget: int
    progress: Progress | None
    done: int = 0

    def play(self, entry: _Entry, count: int) -> None:
        """Add `count` play-outs to `entry`, on the deals it has not played yet."""
        start = len(entry.values)
        for deal in range(start, start + count):
            value, won = self.rollout(entry.action, rng_for(self.base, "deal", deal))
            entry.values.append(value)
            entry.wins += won
            self.done += 1
            if self.progress is not None:
                self.progress(self.done, self.budget)

    def rollout(self, action: Action, rng: random.Random) -> tuple[float, bool]:
        """The player's return and win after `action` on one sampled deal."""
        game = self.game
        state = game.determinize(self.view, rng)
        game.apply_unchecked(state, action, Events(None))
        play_out(game, state, rng, self.policy)
        outcome = game.outcome(state)
        return game.returns(state)[self.player], bool(outcome and outcome.won(self.player))


def _better_half(alive: list[_Entry], keep_ties: bool) -> list[_Entry]:
    """The better half of the race by mean (never fewer than `FINALISTS`), and the heuristic's move.

    With `keep_ties`, moves tied with the last kept stay too, but kept ties never stop a cut from
    dropping at least a quarter of the race: with win-or-lose returns and a few play-outs each,
    ties are the rule and would otherwise stall the halving. The heuristic's move is never cut
    (it takes the last place kept), so the hint always weighs it on the finalists' deals.
    """
    ranked = sorted(alive, key=_Entry.race_key)
    keep = max(FINALISTS, (len(ranked) + 1) // 2)
    most = max(keep, len(ranked) - max(1, len(ranked) // 4))
    if keep_ties:
        while keep < most and ranked[keep].mean() == ranked[keep - 1].mean():
            keep += 1
    kept, cut = ranked[:keep], ranked[keep:]
    favourite = [e for e in cut if e.favourite][:1]
    return kept[:keep - len(favourite)] + favourite


def _starters(entries: list[_Entry], budget: int, rng: random.Random) -> list[_Entry]:
    """The moves in the first round: all of them, or the favourite and a sample when short."""
    if budget >= len(entries):
        return list(entries)
    first = [e for e in entries if e.favourite][:1]
    others = [e for e in entries if e not in first]
    chosen = first + rng.sample(others, budget - len(first))
    return sorted(chosen, key=lambda e: e.index)


def _budget(rollouts: int) -> int:
    """A checked play-out budget: a whole number, at least 1."""
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
        raise ConfigError("a search budget is a whole number of play-outs, at least 1; "
                          f"got {rollouts!r}")
    return rollouts
