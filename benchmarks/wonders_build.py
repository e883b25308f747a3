"""Deck of Wonders `improve_deck` at the defaults, then judged on fresh paired games (issue 35).

Per Villain: the build's wall time and its own held-out verdict; then the returned deck (and the search's best,
when they differ) against the recommended colour on fresh paired games whose seeds neither the search nor the
verdict used. Also who plays: the heuristic's win rate beside a random player's with the recommended deck.

Run: PYTHONPATH=. .venv/bin/python benchmarks/wonders_build.py [fresh games] [--seeds 0 1 2 3]
(default 2000 games, seed 0; prints figures). With several seeds, every seed's returned deck meets the same fresh
games, and a line says whether their differences agree within their intervals (issue 35: stable).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from solvers.wonders import DeckProblem, WondersBuild, improve_deck, recommended_deck, win_rate
from solvers.wonders_balance import VILLAINS
from tablekit.core.stats import Estimate, agree, paired_difference

SANITY_GAMES = 200


def fresh_games(build: WondersBuild, deck: tuple[str, ...], games: int, villain: str) -> list[float]:
    """`deck`'s results on the fresh games (neither `search:…` nor `verdict:…`: never played by the build)."""
    return build.play(deck, f"benchmark:{villain}", games)


def line(mine: list[float], theirs: list[float]) -> tuple[Estimate, str]:
    """A deck minus the recommended colour on the same fresh games, and how the benchmark prints it."""
    d = paired_difference(mine, theirs)
    return d, (f"{d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}] ({sum(mine) / len(mine):.3f} vs "
               f"{sum(theirs) / len(theirs):.3f}, n={d.n} paired games)")


def main(games: int, seeds: list[int]) -> None:
    """Print the figures."""
    for villain in VILLAINS:
        deck = recommended_deck(villain)
        heuristic = win_rate(villain, deck, SANITY_GAMES, "benchmark-player")
        random_player = win_rate(villain, deck, SANITY_GAMES, "benchmark-player", agent="random")
        print(f"# {villain}: who plays: recommended deck, heuristic {heuristic} vs random player "
              f"{random_player}")
        found = [build(villain, seed, games) for seed in seeds]
        if len(found) > 1:
            print(f"  {villain}, seeds {', '.join(map(str, seeds))}: the returned decks' fresh differences "
                  f"{'agree' if agree(found) else 'DO NOT agree'} within their intervals", flush=True)


def build(villain: str, seed: int, games: int) -> Estimate:
    """One build at the defaults, its figures printed; its returned deck minus the recommended on fresh games."""
    start, cpu = time.perf_counter(), time.process_time()
    found = improve_deck(DeckProblem(villain), seed=seed)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{villain} (seed {seed}): build {wall:.1f} s wall ({cpu:.1f} s of CPU), {found.result.search_games} "
          f"search games, {found.result.rounds} rounds; {found.setting}")
    print(f"  verdict: {found.message}")
    judge = WondersBuild(DeckProblem(villain))
    theirs = fresh_games(judge, tuple(sorted(recommended_deck(villain))), games, villain)
    returned, text = line(fresh_games(judge, tuple(found.picks), games, villain), theirs)
    print(f"  fresh: returned deck vs recommended: {text}")
    if not found.shown_better and found.result.leader != tuple(found.picks):
        print(f"  fresh: search's best (not returned) vs recommended: "
              f"{line(fresh_games(judge, found.result.leader, games, villain), theirs)[1]}")
    print("  deck: " + ", ".join(f"{n}× {c}" for c, n in sorted(Counter(found.picks).items())), flush=True)
    return returned


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", type=int, nargs="?", default=2_000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    args = parser.parse_args()
    main(args.games, args.seeds)
