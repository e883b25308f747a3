"""Deck of Wonders `improve_deck` at the defaults, then judged on fresh paired games (issue 35).

Per Villain: the build's wall time and its own held-out verdict; then the returned deck (and the search's best,
when they differ) against the recommended colour on fresh paired games whose seeds neither the search nor the
verdict used. Also who plays: the heuristic's win rate beside a random player's with the recommended deck.

Run: PYTHONPATH=. .venv/bin/python benchmarks/wonders_build.py [fresh games]   (default 2000; prints figures)
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from solvers.wonders import DeckProblem, WondersBuild, improve_deck, recommended_deck, win_rate
from solvers.wonders_balance import VILLAINS
from tablekit.core.stats import paired_difference

SANITY_GAMES = 200


def fresh_difference(build: WondersBuild, deck: tuple[str, ...], games: int, villain: str) -> str:
    """`deck` minus the recommended colour on fresh paired games, as a line."""
    block = f"benchmark:{villain}"  # neither `search:…` nor `verdict:…`: never played by the build
    mine = build.play(deck, block, games)
    theirs = build.play(tuple(sorted(recommended_deck(villain))), block, games)
    d = paired_difference(mine, theirs)
    return (f"{d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}] ({sum(mine) / games:.3f} vs "
            f"{sum(theirs) / games:.3f}, n={d.n} paired games)")


def main() -> None:
    """Print the figures."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for villain in VILLAINS:
        deck = recommended_deck(villain)
        heuristic = win_rate(villain, deck, SANITY_GAMES, "benchmark-player")
        random_player = win_rate(villain, deck, SANITY_GAMES, "benchmark-player", agent="random")
        print(f"# {villain}: who plays: recommended deck, heuristic {heuristic} vs random player "
              f"{random_player}")
        start, cpu = time.perf_counter(), time.process_time()
        found = improve_deck(DeckProblem(villain), seed=0)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"{villain}: build {wall:.1f} s wall ({cpu:.1f} s of CPU), {found.result.search_games} search games, "
              f"{found.result.rounds} rounds; {found.setting}")
        print(f"  verdict: {found.message}")
        build = WondersBuild(DeckProblem(villain))
        print(f"  fresh: returned deck vs recommended: {fresh_difference(build, tuple(found.picks), games, villain)}")
        if not found.shown_better and found.result.leader != tuple(found.picks):
            print(f"  fresh: search's best (not returned) vs recommended: "
                  f"{fresh_difference(build, found.result.leader, games, villain)}")
        print("  deck: " + ", ".join(f"{n}× {c}" for c, n in sorted(Counter(found.picks).items())), flush=True)


if __name__ == "__main__":
    main()
