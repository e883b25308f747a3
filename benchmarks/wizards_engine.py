"""Wizards & Co. engine throughput: random play through `Game.apply` (checked + log) and the
rollout path, per core, with Deckula! measured in the same run for comparison (the machine is
shared, so the ratio is the steadier figure). Run: .venv/bin/python benchmarks/wizards_engine.py

Measured 2026-11-30 before the speed work (2 shared cores, load average 6-7, 3 CPU-seconds a
figure): 2 players basic, checked + log 37-43k actions per CPU-second (about 2,000-2,350 games,
111k-131k actions a run, six runs); 4 players advanced 38-44k; unchecked without the log 45-48k.

After the speed work (branch wizspeed, same day; place options in one pass with Place tables per
dungeon side, interned seat orders and ReturnCard actions, loops instead of list-building scans,
set-up tables cached), before/after in alternating runs of the same session:
- instructions (callgrind, 100 seeded 2-player basic games, checked + log, 5.5k actions,
  deterministic): 1,045M -> 949M, 9.2% fewer; 60 seeded 4-player advanced games 1,370M ->
  1,277M, 6.7% fewer;
- CPU time, the same 400 games best of 3, four alternating rounds (load average 4.5-6.5):
  before 44.1-46.6k, after 46.2-49.7k actions per CPU-second checked + log;
- this script, two alternating runs at 2 s a figure: unchecked without the log 46.6-48.7k ->
  56.5-58.5k (2p basic); checked + log 43.5-44.6k -> 39.3-43.1k (the load swung within runs:
  Deckula read 59-73k in the same runs, wizards/deckula 0.58 -> 0.60-0.69).
Still below the 50k target of issue 10 on this loaded machine; the rest is spread thin (the
log's events and their sentences take about a fifth, the harness another sixth). A cached
placement-options table was tried earlier and measured slower (too few repeated positions).

Second pass (branch wizspeed, 2026-11-30 afternoon, load average 4-6 on 2 cores): placement
offers kept per dungeon side and set of free entrances (one tuple per card), a dungeon's
strengths with its imp count and Hobb Chanter found once, no generators on per-action paths,
scoring checking its input once, one call layer less per action. Instructions per action
(callgrind, 100 seeded games): 170k -> ~160k. Before/after in alternating runs of the same
session, checked + log through `engines.random_games`, 3 x 1.5 CPU-seconds a figure:
wizards/deckula 0.655-0.659 -> 0.709-0.734, wizards/wonders 0.788-0.791 -> 0.855-0.869; this
script at 2 s a figure: wizards/deckula 0.67 -> 0.76 (2p basic 48.0k -> 50.8k). What is left
is spread thin: with the log on a third of the instructions are the events (the keyword call
~5k instructions, the Event ~3k, its sentence ~7k, 4.2 events an action, about as many as
Deckula's 3.5 and Wonders' 5.3); the turn machine's small rule functions take most of the rest.
"""

from __future__ import annotations

import argparse
import random
import time

from engines import play_to_end, random_games  # the shared play loop

from tablekit.core.game import Events
from tablekit.core.registry import get_game
from tablekit.wizards import engine
from tablekit.wizards.setup import make_config

TARGET = 50_000  # checked + log, actions/s per core (issue 10)


def engine_games(seconds: float, checked: bool, log: bool, players: int = 2,
                 advanced: bool = False) -> tuple[int, int, float]:
    """Random games straight on the engine (set-up included); games, actions, CPU seconds.

    CPU time of this process, not wall time: on a shared machine the wall clock counts the
    other users' work too.
    """
    game = get_game("wizards")
    config = game.make_config(players=players, advanced=advanced)
    rng = random.Random(7)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.initial_state(config, random.Random(games))
        actions += play_to_end(game, state, rng, checked, log)
        games += 1
    return games, actions, time.process_time() - start


def clone_micros(repeats: int = 5000) -> float:
    """Mean time to clone a mid-game state, in microseconds."""
    state = engine.new_state(make_config(players=4, advanced=True), random.Random(1))
    rng = random.Random(1)
    for _ in range(30):
        engine.apply_unchecked(state, rng.choice(engine.legal_actions(state)), Events(None))
    start = time.perf_counter()
    for _ in range(repeats):
        state.clone()
    return (time.perf_counter() - start) / repeats * 1e6


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    seconds = parser.parse_args().seconds
    for label, checked, log in (("checked + log", True, True), ("unchecked, no log", False, False)):
        for players, advanced in ((2, False), (4, True)):
            games, actions, took = engine_games(seconds, checked, log, players, advanced)
            print(f"wizards {players}p {'advanced' if advanced else 'basic'} {label}: "
                  f"{actions / took:,.0f} actions per CPU-second, {games / took:,.1f} games/s "
                  f"({games} games, {actions} actions)")
    cpu = time.process_time()
    _, deck_actions, _ = random_games("deckula", seconds, True)
    deck_cpu = time.process_time() - cpu
    _, wiz_actions, wiz_cpu = engine_games(seconds, True, True)
    print(f"deckula checked + log in the same run: {deck_actions / deck_cpu:,.0f} actions per "
          f"CPU-second; wizards/deckula = {(wiz_actions / wiz_cpu) / (deck_actions / deck_cpu):.2f}")
    print(f"clone of a 4-player advanced mid-game state: {clone_micros():.1f} µs")
    print(f"target (checked + log, per core): {TARGET:,} actions/s")


if __name__ == "__main__":
    main()
