"""Soak every game through the public Match API: play, clone, undo, redo, save and load, and check nothing drifts.

    python tools/soak.py                     # 100 games of every variant of every game
    python tools/soak.py --games 20 --seed 7 forge runes

Per game: random legal play to the end; at random moments a clone is played on and the original's digest checked
unchanged, an undo is taken back by a redo, and a save is loaded and compared; at the end every action is undone to
the start, redone to the end, and the final save loaded. A failure prints the game, variant, seed and step, and the
exit status is 1. Not run by CI (minutes); the contract tests check the same properties on a few seeds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback

import tablekit
from tablekit.core.match import Match
from tablekit.core.registry import get_game

MAX_ACTIONS = 20_000


class Drift(AssertionError):
    """The match is not what it should be after a clone, an undo, a redo or a load."""


def check(condition: bool, what: str) -> None:
    """Raise Drift naming what went wrong."""
    if not condition:
        raise Drift(what)


def step(match: Match, rng: random.Random) -> None:
    """One random legal action, sometimes with a clone played on, an undo and redo, or a save loaded around it."""
    roll = rng.random()
    if roll < 0.05:
        before, twin = match.digest(), match.clone()
        for _ in range(rng.randrange(1, 6)):
            if twin.is_over:
                break
            twin.apply(rng.choice(twin.legal_actions()))
        check(match.digest() == before, "playing on a clone changed the original")
    elif roll < 0.10 and match.history:
        before = match.digest()
        match.undo()
        match.redo()
        check(match.digest() == before, "undo then redo did not come back to the same state")
    elif roll < 0.12:
        loaded = tablekit.load_game(match.to_json())
        check(loaded.digest() == match.digest() and loaded.history == match.history, "a save loaded differently")
    match.apply(rng.choice(match.legal_actions()))


def soak_one(name: str, options: dict, seed: int) -> int:
    """Play one game with every check; the number of actions it took."""
    match = tablekit.new_game(name, seed=seed, **options)
    rng = random.Random(f"soak:{name}:{seed}")
    start = match.digest()
    while not match.is_over:
        check(bool(match.legal_actions()), "no legal action before the end")
        step(match, rng)
        check(len(match.history) < MAX_ACTIONS, "the game does not end")
    end, played = match.digest(), len(match.history)
    while match.history:
        match.undo()
    check(match.digest() == start, "undoing everything did not reach the start")
    for _ in range(played):
        match.redo()
    check(match.digest() == end and match.is_over, "redoing everything did not reach the end")
    loaded = tablekit.load_game(match.to_json())
    check(loaded.digest() == end and loaded.is_over, "the finished game's save loaded differently")
    return played


def main(argv: list[str] | None = None) -> int:
    """Soak the named games (all by default) over every variant they declare."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="games (default: all)")
    parser.add_argument("--games", type=int, default=100, help="games per variant")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    args = parser.parse_args(argv)
    failures = games = actions = 0
    started = time.monotonic()
    for name in args.names or tablekit.games():
        for variant, options in get_game(name).variants.items():
            for seed in range(args.seed, args.seed + args.games):
                try:
                    actions += soak_one(name, options, seed)
                except Exception:  # noqa: BLE001 - every failure is reported with its game and seed
                    failures += 1
                    print(f"FAILED {name} {variant} seed {seed}:\n{traceback.format_exc(limit=4)}", flush=True)
                games += 1
        print(f"{name}: done ({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
    print(f"{games} games, {actions:,} actions, {failures} failures ({time.monotonic() - started:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
