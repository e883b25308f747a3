"""Random-play throughput of every registered engine, and of `Match` beside it.

Run: .venv/bin/python benchmarks/engines.py [--seconds 3] [--checkpoints 8,16,32] [game ...]
"Checked + log" goes through `Game.apply` (validation, events with their sentences formatted);
"checked, no log" validates but records no events; "unchecked" skips validation (the documented
rollout path); "unchecked, no log" is what simulations and searches run. Each game includes its
setup. Each game's issue sets a target for "checked + log" (per core, i.e. one process);
the last column says whether this machine meets it.

The second table plays the same random games through the public `Match` API (setup, validation,
log, undo history) beside the engine's "checked + log" figure, in alternating rounds so both
see the same machine, with the ratio and the target (issue 8: Match ≥ 80% of the engine), and
the time one undo takes (mean and 99th percentile over every undo of 20 whole games).
`--checkpoints` repeats it for other checkpoint intervals (how `CHECKPOINT_EVERY` was chosen).

The third table sets each game beside OpenSpiel's python_liars_poker (issue 40): random play
through Match, the raw engine ("unchecked, no log", the rollout path) and random play of
python_liars_poker through pyspiel (chance outcomes drawn uniformly, each counted as an action),
in alternating rounds, with both ratios. It needs open_spiel importable (the `bench` extra:
pip install -e '.[bench]'), or installed in a throwaway venv named by `--openspiel-site` (its site-packages
folder, searched after this environment's); without it the ratios are left out. `--openspiel-only` prints only it.
Times are this process's CPU seconds (`time.process_time`): on a shared machine, wall time
measures the neighbours.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from types import ModuleType

import tablekit
from tablekit.core import match as match_module
from tablekit.core.game import Events, Game, State
from tablekit.core.registry import get_game

TARGETS = {"deckula": 50_000, "wonders": 50_000,  # checked + log, actions/s per core (issues 2, 3,
           "forge": 50_000, "wizards": 50_000}  # 9, 10); runes: duels/s in runes_duel.py
MATCH_TARGET = 0.80  # Match random play / engine checked + log (issue 8 §5)
OPENSPIEL_GAME = "python_liars_poker"  # the yardstick of issue 40
ROUNDS = 6           # alternating engine / Match rounds per figure
clock = time.process_time


def random_games(name: str, seconds: float, checked: bool, log: bool = True,
                 first_seed: int = 0) -> tuple[int, int, float]:
    """Play random games for about `seconds`; returns (games, actions, elapsed)."""
    game = get_game(name)
    rng = random.Random(7)
    games = actions = 0
    start = clock()
    while clock() - start < seconds:
        state = tablekit.new_game(name, seed=first_seed + games).state
        actions += play_to_end(game, state, rng, checked, log)
        games += 1
    return games, actions, clock() - start


def play_to_end(game: Game, state: State, rng: random.Random, checked: bool, log: bool) -> int:
    """Play random legal actions until the game ends; returns how many were played.

    `checked` goes through `Game.apply` (validation); with `log` every event's sentence is
    formatted, as a listening log would.
    """
    actions = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        events = Events() if log else Events(None)
        if checked:
            game.apply(state, action, events)
        else:
            game.apply_unchecked(state, action, events)
        for event in events.items or ():
            event.text  # noqa: B018 - format each sentence, as a listening log would
        actions += 1
    return actions


def match_games(name: str, seconds: float, first_seed: int = 0) -> tuple[int, int, float]:
    """The same random play through the public Match API; returns (games, actions, elapsed)."""
    rng = random.Random(7)
    games = actions = 0
    start = clock()
    while clock() - start < seconds:
        match = tablekit.new_game(name, seed=first_seed + games)
        while not match.is_over:
            legal = match.legal_actions()
            for event in match.apply(legal[rng.randrange(len(legal))]):
                event.text  # noqa: B018 - format each sentence, as a listening log would
            actions += 1
        games += 1
    return games, actions, clock() - start


def openspiel_games(seconds: float) -> tuple[int, int, float] | None:
    """Random play of OpenSpiel's python_liars_poker; (games, actions, elapsed), None without it."""
    pyspiel = _pyspiel()
    if pyspiel is None:
        return None
    game = pyspiel.load_game(OPENSPIEL_GAME)
    rng = random.Random(7)
    games = actions = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, clock() - start


def _pyspiel() -> ModuleType | None:
    """OpenSpiel's Python module, or None where it is not installed."""
    try:
        import open_spiel.python.games  # noqa: F401 - registers the python_* games
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def clone_micros(name: str, repeats: int = 20000) -> float:
    """Mean time to clone a mid-game state, in microseconds."""
    game = get_game(name)
    match = tablekit.new_game(name, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    start = clock()
    for _ in range(repeats):
        game.clone(match.state)
    return (clock() - start) / repeats * 1e6


def match_versus_engine(name: str, seconds: float) -> tuple[float, float, int, int]:
    """Engine checked + log and Match actions/s, in alternating rounds; and both action counts."""
    engine = [0, 0.0]
    played = [0, 0.0]
    for round_ in range(ROUNDS):
        for total, (_, actions, elapsed) in (
                (engine, random_games(name, seconds / ROUNDS, True, True, round_ * 10_000)),
                (played, match_games(name, seconds / ROUNDS, round_ * 10_000))):
            total[0] += actions
            total[1] += elapsed
    return engine[0] / engine[1], played[0] / played[1], engine[0], played[0]


def undo_millis(name: str, games: int = 20) -> tuple[float, float]:
    """Mean and 99th-percentile time of one undo, over every undo of `games` random games."""
    times = []
    for seed in range(games):
        match, rng = tablekit.new_game(name, seed=seed), random.Random(seed)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
        while match.can_undo:
            start = clock()
            match.undo()
            times.append(clock() - start)
    times.sort()
    return sum(times) / len(times) * 1e3, times[int(len(times) * 0.99)] * 1e3


def main() -> None:
    """Print the engine table (one line per game and mode), then the Match table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--checkpoints", default=str(match_module.CHECKPOINT_EVERY),
                        help="Match checkpoint intervals to compare, e.g. 8,16,32")
    parser.add_argument("--match-only", action="store_true", help="skip the engine table")
    parser.add_argument("--openspiel-only", action="store_true",
                        help=f"print only the table beside OpenSpiel's {OPENSPIEL_GAME}")
    parser.add_argument("--openspiel-site", help="a site-packages folder holding open_spiel, e.g. a throwaway "
                        "venv's (python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open-spiel)")
    parser.add_argument("games", nargs="*", default=tablekit.games())
    args = parser.parse_args()
    if args.openspiel_site:
        sys.path.append(args.openspiel_site)  # after ours: this environment's numpy and the kit win
    if not args.openspiel_only:
        if not args.match_only:
            engine_table(args.games, args.seconds)
            print()
        match_table(args.games, args.seconds, [int(k) for k in args.checkpoints.split(",")])
        print()
    openspiel_table(args.games, args.seconds)


def engine_table(names: list[str], seconds: float) -> None:
    """The engines alone, in four modes."""
    print(f"{'game':10} {'mode':18} {'actions/s':>10} {'games/s':>9} {'clone µs':>9}  target")
    for name in names:
        clone = clone_micros(name)
        for checked, log, mode in ((True, True, "checked + log"), (True, False, "checked, no log"),
                                   (False, True, "unchecked + log"), (False, False, "unchecked, no log")):
            games, actions, elapsed = random_games(name, seconds, checked, log)
            rate = actions / elapsed
            print(f"{name:10} {mode:18} {rate:10,.0f} {games / elapsed:9,.1f} {clone:9.2f}  "
                  f"{_verdict(name, rate) if checked and log else ''}")


def match_table(names: list[str], seconds: float, intervals: list[int]) -> None:
    """Match random play beside the engine's checked + log figure, per checkpoint interval."""
    default = match_module.CHECKPOINT_EVERY
    print(f"{'game':10} {'every':>5} {'engine/s':>9} {'Match/s':>9} {'ratio':>6} {'actions':>15} "
          f"{'undo ms':>7} {'p99':>5}  target (Match ≥ {MATCH_TARGET:.0%} of engine)")
    for name in names:
        for every in intervals:
            match_module.CHECKPOINT_EVERY = every
            try:
                engine, played, engine_n, played_n = match_versus_engine(name, seconds)
                undo, undo_p99 = undo_millis(name)
            finally:
                match_module.CHECKPOINT_EVERY = default
            ratio = played / engine
            counts = f"{engine_n // 1000}k / {played_n // 1000}k"
            print(f"{name:10} {every:5} {engine:9,.0f} {played:9,.0f} {ratio:6.2f} {counts:>15} {undo:7.3f} "
                  f"{undo_p99:5.2f}  {'met' if ratio >= MATCH_TARGET else 'NOT met'}")


def openspiel_table(names: list[str], seconds: float) -> None:
    """Match and raw engine actions/s per game, and their ratios to OpenSpiel's yardstick."""
    if _pyspiel() is None:
        print(f"(open_spiel is not importable: no ratios to {OPENSPIEL_GAME}; "
              "pip install -e '.[bench]')")
    print(f"{'game':10} {'Match/s':>9} {'raw/s':>9} {'OpenSpiel/s':>11} {'Match ratio':>11} "
          f"{'raw ratio':>9}  (ratio: actions/s ÷ {OPENSPIEL_GAME}'s, same rounds)")
    for name in names:
        played, raw, yardstick = [0, 0.0], [0, 0.0], [0, 0.0]
        for round_ in range(ROUNDS):
            slice_ = seconds / ROUNDS
            for total, result in ((played, match_games(name, slice_, round_ * 10_000)),
                                  (raw, random_games(name, slice_, False, False, round_ * 10_000)),
                                  (yardstick, openspiel_games(slice_))):
                if result is not None:
                    total[0] += result[1]
                    total[1] += result[2]
        match_rate, raw_rate = played[0] / played[1], raw[0] / raw[1]
        line = f"{name:10} {match_rate:9,.0f} {raw_rate:9,.0f}"
        if yardstick[1]:
            rate = yardstick[0] / yardstick[1]
            line += f" {rate:11,.0f} {match_rate / rate:11.2f} {raw_rate / rate:9.2f}"
        print(line)


def _verdict(name: str, rate: float) -> str:
    """'≥ 50,000 met' / 'not met' against the game's target, or '' when it has none."""
    target = TARGETS.get(name)
    if target is None:
        return ""
    return f"≥ {target:,}: {'met' if rate >= target else 'NOT met'}"


if __name__ == "__main__":
    main()
