"""Random-play throughput of every registered engine: actions/s, games/s and clone µs.

Run: .venv/bin/python benchmarks/engines.py [--seconds 3]
"Checked + log" goes through `Game.apply` (validation, events with their sentences formatted);
"checked, no log" validates but records no events; "unchecked" skips validation (the documented
rollout path); "unchecked, no log" is what simulations and searches run. Each game includes its
setup. Each game's issue sets a target for "checked + log" (per core, i.e. one process);
the last column says whether this machine meets it.
"""

from __future__ import annotations

import argparse
import random
import time

import tablekit
from tablekit.core.game import Events
from tablekit.core.registry import get_game

TARGETS = {"deckula": 50_000, "wonders": 50_000}  # checked + log, actions/s per core (issues 2, 3)


def random_games(name: str, seconds: float, checked: bool, log: bool = True) -> tuple[int, int, float]:
    """Play random games for about `seconds`; returns (games, actions, elapsed)."""
    game = get_game(name)
    rng = random.Random(7)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = tablekit.new_game(name, seed=games).state
        while not game.is_over(state):
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            if checked:
                events = game.apply(state, action, Events() if log else Events(None))
            else:
                events = Events() if log else Events(None)
                game.apply_unchecked(state, action, events)
                events = events.items or []
            for event in events:
                event.text  # noqa: B018 - format each sentence, as a listening log would
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def clone_micros(name: str, repeats: int = 20000) -> float:
    """Mean time to clone a mid-game state, in microseconds."""
    game = get_game(name)
    match = tablekit.new_game(name, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    start = time.perf_counter()
    for _ in range(repeats):
        game.clone(match.state)
    return (time.perf_counter() - start) / repeats * 1e6


def main() -> None:
    """Print one line per game and mode."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("games", nargs="*", default=tablekit.games())
    args = parser.parse_args()
    print(f"{'game':10} {'mode':18} {'actions/s':>10} {'games/s':>9} {'clone µs':>9}  target")
    for name in args.games:
        clone = clone_micros(name)
        for checked, log, mode in ((True, True, "checked + log"), (True, False, "checked, no log"),
                                   (False, True, "unchecked + log"), (False, False, "unchecked, no log")):
            games, actions, elapsed = random_games(name, args.seconds, checked, log)
            rate = actions / elapsed
            print(f"{name:10} {mode:18} {rate:10,.0f} {games / elapsed:9,.1f} {clone:9.2f}  "
                  f"{_verdict(name, rate) if checked and log else ''}")


def _verdict(name: str, rate: float) -> str:
    """'≥ 50,000 met' / 'not met' against the game's target, or '' when it has none."""
    target = TARGETS.get(name)
    if target is None:
        return ""
    return f"≥ {target:,}: {'met' if rate >= target else 'NOT met'}"


if __name__ == "__main__":
    main()
