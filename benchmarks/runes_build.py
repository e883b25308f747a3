"""Runes of Wyrd win-rate builds at the defaults: wall time, then the held-out verdict on fresh paired duels.

Run: .venv/bin/python benchmarks/runes_build.py [hero ...]   (prints figures, asserts nothing)
Target (issue 35): for each Hero, from every card of the sample pool, the built deck beats the Hero's sample
deck against the four sample decks over both seat orders, the 95% interval's lower end above 0, each build
within 60 s of wall time on 2 cores. The check plays 2,000 fresh duels per arm on seeds neither the search nor
the build's own verdict used (every deal once moving first, once second).
"""

from __future__ import annotations

import sys
import time

from solvers.runes import build_for_win_rate
from solvers.runes_winrate import SEATS, DeckProblem, field_of
from tablekit.core.stats import mean_interval, paired_difference
from tablekit.runes import load_pool
from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import HEROES
from tablekit.runes.decks import sample_plan
from tablekit.runes.preparation import PrepOptions

CHECK_DUELS = 2_000


def main(heroes: list[str]) -> None:
    """One build per Hero, then its answer and the sample deck on the same fresh duels."""
    collection = {card: card.copy_limit for card in load_pool().values()}
    for hero in heroes:
        started = time.perf_counter()
        built = build_for_win_rate(collection, hero)
        wall = time.perf_counter() - started
        print(f"{hero}: build {wall:.1f} s, {built.duels:,} duels, {built.result.rounds} round(s); {built.message}")
        problem = DeckProblem(collection, hero, field_of(None), PrepOptions(), DuelOptions(), "serial")
        block = f"benchmark:{hero}"
        mine = problem.play(built.result.leader, block, CHECK_DUELS)
        theirs = problem.play(sample_plan(hero), block, CHECK_DUELS)
        print(f"  fresh check, search's best minus sample deck: {paired_difference(mine, theirs)} "
              f"({mean_interval(mine).mean:.3f} vs {mean_interval(theirs).mean:.3f})")
        for seat in SEATS:
            picked = [i for i, s in enumerate(_seats(problem)) if s == seat]
            print(f"  moving {'first' if seat == 0 else 'second'}: "
                  f"{paired_difference([mine[i] for i in picked], [theirs[i] for i in picked])}")


def _seats(problem: DeckProblem) -> list[int]:
    """Who moved first in each duel of a block, in the order `play` returns them."""
    return [seat for _, seat, n in problem.shares(CHECK_DUELS) for _ in range(n)]


if __name__ == "__main__":
    main(sys.argv[1:] or list(HEROES))
