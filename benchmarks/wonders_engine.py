"""Deck of Wonders engine speed: random-play actions/s, games/s, clone time, 8v8 advisor time.

Run: .venv/bin/python benchmarks/wonders_engine.py  (prints figures; asserts nothing)
"Log on" formats every event's sentence, as the play table's log does; the issue's target is
≥ 50,000 actions/s per core, validated with the log on.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from engines import play_to_end  # the play loop every engine benchmark shares

from tablekit.core.game import Events, rng_for
from tablekit.wonders import Fighter, best_battle_lines
from tablekit.wonders.game import GAME


def random_play(games: int, log: bool, checked: bool) -> tuple[int, float]:
    """Play `games` random games; returns (actions, seconds)."""
    config = GAME.make_config()
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = GAME.initial_state(config, rng_for(seed, "wonders"))
        rng = random.Random(seed)
        actions += play_to_end(GAME, state, rng, checked, log)
    return actions, time.perf_counter() - start


def clone_micros(samples: int = 2000) -> float:
    """Mean time of one clone of a mid-game state, in microseconds."""
    config = GAME.make_config()
    state = GAME.initial_state(config, rng_for(1, "wonders"))
    rng = random.Random(1)
    for _ in range(30):
        if state.result is not None:
            break
        legal = GAME.legal_actions(state)
        GAME.apply_unchecked(state, legal[rng.randrange(len(legal))], Events(None))
    start = time.perf_counter()
    for _ in range(samples):
        GAME.clone(state)
    return (time.perf_counter() - start) / samples * 1e6


def advisor_seconds(trials: int = 10) -> list[float]:
    """Wall time of best_battle_lines on random 8-vs-8 Battle Lines (all ties, worst case)."""
    rng = random.Random(42)
    times = []
    for _ in range(trials):
        players = [Fighter(f"p{i}", rng.randint(0, 5), rng.randint(1, 6), priority=1,
                           poison=rng.random() < 0.1, shield=rng.random() < 0.2)
                   for i in range(8)]
        villains = [Fighter(f"v{i}", rng.randint(0, 5), rng.randint(1, 6),
                            poison=rng.random() < 0.1, shield=rng.random() < 0.2)
                    for i in range(8)]
        start = time.perf_counter()
        best_battle_lines(players, villains)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    """Print the figures."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for log, checked in ((True, False), (False, False), (True, True)):
        actions, seconds = random_play(games, log, checked)
        print(f"random play, log {'on ' if log else 'off'}, "
              f"{'validated' if checked else 'unchecked'}: {actions / seconds:,.0f} actions/s, "
              f"{games / seconds:,.1f} games/s ({actions / games:.0f} actions/game)")
    print(f"clone: {clone_micros():.1f} µs")
    times = advisor_seconds()
    print(f"8v8 Battle Lines advisor: median {statistics.median(times) * 1000:.0f} ms, "
          f"max {max(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
