"""Play many games through any `concurrent.futures.Executor`, with progress and 95% intervals."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from tablekit.core.agents import Agent, make_agent
from tablekit.core.errors import ConfigError
from tablekit.core.game import Events, rng_for
from tablekit.core.match import Match, checked_seed
from tablekit.core.registry import get_game
from tablekit.core.stats import Estimate, mean_interval, wilson_interval

Progress = Callable[[int, int], None]
DEFAULT_CHUNK = 100  # games per task: a process pool needs ~100, Dask ~500 to amortise overhead


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One simulated game: its seed, per-player scores, winners and length."""

    seed: str
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int


@dataclass(frozen=True)
class SimulationResult:
    """The games of one simulation, in game order, with summary statistics."""

    game: str
    seed: int | str
    agents: tuple[str, ...]
    records: tuple[GameRecord, ...]

    def mean_score(self, player: int = 0) -> Estimate:
        """Mean score of `player` with a normal-approximation 95% interval."""
        return mean_interval([r.scores[player] for r in self.records])

    def win_rate(self, player: int = 0) -> Estimate:
        """Share of games `player` won, with a Wilson 95% interval."""
        return wilson_interval(sum(player in r.winners for r in self.records), len(self.records))

    def scores(self, player: int = 0) -> list[float]:
        """Every game's score for `player`, in game order."""
        return [r.scores[player] for r in self.records]


def simulate(game: str, n: int, seed: int | str = 0, agents: Sequence[str | Agent] = ("heuristic",),
             executor: Executor | str | None = None, config: dict[str, Any] | None = None,
             progress: bool | Progress = True, chunk: int | None = None) -> SimulationResult:
    """Play `n` seeded games of `game`; the same arguments give the same records anywhere.

    `executor`: None for a local process pool (serial when the work is small), "serial", or any
    `concurrent.futures.Executor` such as `dask.distributed.Client(...).get_executor()`.
    `progress`: True for a tqdm bar (kept on the page when done), False for none, or a function
    called as `progress(games_done, n)` after each chunk (for a widget's own progress bar).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ConfigError(f"simulate needs a whole number of games, at least one; got n={n!r}")
    checked_seed(seed)
    get_game(game)  # fail fast on an unknown name
    for spec in agents:
        make_agent(spec)  # fail fast on an unknown agent
    config = dict(config or {})
    chunk = chunk or DEFAULT_CHUNK
    bounds = [(start, min(n, start + chunk)) for start in range(0, n, chunk)]
    tasks = [(game, config, seed, start, stop, tuple(agents)) for start, stop in bounds]
    parts = _run(tasks, executor, progress, n, f"{game} × {n}")
    records = tuple(r for start, _ in bounds for r in parts[start])
    names = tuple(make_agent(a).name for a in agents)
    return SimulationResult(game, seed, names, records)


def play_games(game: str, config: dict[str, Any], seed: int | str, start: int, stop: int,
               agents: tuple[str | Agent, ...]) -> list[GameRecord]:
    """Play games number start..stop-1 of a simulation (the unit of work sent to executors)."""
    return [play_one(game, config, f"{seed}/{i}", agents) for i in range(start, stop)]


def play_one(game_name: str, config: dict[str, Any], seed: str,
             agents: Sequence[str | Agent]) -> GameRecord:
    """Play one whole game, each player's agent seeing only its view."""
    game = get_game(game_name)
    players = [make_agent(a) for a in agents]
    state = Match(game, game.make_config(**config), seed).state
    rng = rng_for(seed, "agents")
    silent = Events(None)
    count = 0
    while not game.is_over(state):
        player = game.to_move(state)
        legal = game.legal_actions(state)
        agent = players[player % len(players)]
        action = legal[0] if len(legal) == 1 else agent.choose(game, game.view(state, player), legal, rng)
        game.apply_unchecked(state, action, silent)
        count += 1
    outcome = game.outcome(state)
    return GameRecord(seed, outcome.scores, outcome.winners, count)


def _run(tasks: list[tuple], executor: Executor | str | None, progress: bool | Progress, total: int,
         label: str) -> dict[int, list[GameRecord]]:
    bar = _progress_bar(progress, total, label)
    try:
        if executor == "serial" or (executor is None and (len(tasks) < 2 or (os.cpu_count() or 1) < 2)):
            return _run_serial(tasks, bar)
        if executor is None:
            with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
                return _run_on(pool, tasks, bar)
        if isinstance(executor, str):
            raise ValueError(f"unknown executor {executor!r}: pass 'serial', None or an Executor")
        return _run_on(executor, tasks, bar)
    finally:
        if bar is not None:
            bar.close()


def _run_serial(tasks: list[tuple], bar: Any) -> dict[int, list[GameRecord]]:
    parts = {}
    for task in tasks:
        parts[task[3]] = play_games(*task)
        _advance(bar, len(parts[task[3]]))
    return parts


def _run_on(executor: Executor, tasks: list[tuple], bar: Any) -> dict[int, list[GameRecord]]:
    futures = {executor.submit(play_games, *task): task[3] for task in tasks}
    parts = {}
    for future in as_completed(futures):
        parts[futures[future]] = future.result()
        _advance(bar, len(parts[futures[future]]))
    return parts


class _Reporter:
    """A progress bar's `update`/`close` that reports to a function instead."""

    def __init__(self, report: Progress, total: int) -> None:
        self.report, self.total, self.done = report, total, 0

    def update(self, count: int) -> None:
        self.done += count
        self.report(self.done, self.total)

    def close(self) -> None:
        """Nothing to close: the caller owns its progress display."""


def _progress_bar(progress: bool | Progress, total: int, label: str) -> Any:
    if callable(progress):
        return _Reporter(progress, total)
    if not progress:
        return None
    from tqdm.auto import tqdm
    # leave=True: in a notebook, closing a bar with leave=False closes its widget, and a page
    # drawn afterwards (Voilà) shows "Error displaying widget: model not found" in its place
    return tqdm(total=total, desc=label, unit="game", leave=True)


def _advance(bar: Any, count: int) -> None:
    if bar is not None:
        bar.update(count)
