"""Runes of Wyrd win-rate goal at its defaults: wall time, duels simulated, the comparison.

Run: .venv/bin/python benchmarks/runes_winrate.py [hero ...]   (prints figures, asserts nothing)
Target from issue 11: under 60 s at the defaults on 2 cores, against the field of four sample
decks, building from every card of the sample pool.
"""

from __future__ import annotations

import sys
import time

from solvers.runes import build_for_win_rate
from tablekit.runes import load_pool
from tablekit.runes.cards import HEROES


def main(heroes: list[str]) -> None:
    """One win-rate build per Hero against the field of sample decks."""
    pool = load_pool()
    collection = {card: card.copy_limit for card in pool.values()}
    for hero in heroes:
        started = time.perf_counter()
        result = build_for_win_rate(collection, hero)
        wall = time.perf_counter() - started
        print(f"{hero}: {wall:.1f} s, {result.duels:,} duels, {result.rounds} round(s), "
              f"{'converged' if result.converged else 'round limit'}")
        for label, estimate in result.report.items():
            print(f"  {label:28s} {estimate}")


if __name__ == "__main__":
    main(sys.argv[1:] or list(HEROES))
