"""Runes of Wyrd win-rate builds at the defaults: wall time, then the held-out verdict on fresh paired duels.

Run: .venv/bin/python benchmarks/runes_build.py [hero ...] [--seeds 0 1 2 3] [--budget restarts=3 ...]
(prints figures, asserts nothing; --budget changes fields of the default budget)
Target (issue 35): for each Hero, from every card of the sample pool, the built deck beats the Hero's sample
deck against the four sample decks over both seat orders, the 95% interval's lower end above 0, each build
within 60 s of wall time on 2 cores; and builds with different seeds agree within their intervals. The check
plays 2,000 fresh duels per arm on seeds neither the search nor the build's own verdict used (every deal once
moving first, once second); every seed's answer meets the same fresh duels.
"""

from __future__ import annotations

import argparse
import time

from solvers.optimise import Budget, changed
from solvers.runes import build_for_win_rate
from solvers.runes_winrate import DEFAULT_BUDGET, SEATS, DeckProblem, field_of
from tablekit.core.stats import Estimate, agree, mean_interval, paired_difference
from tablekit.runes import load_pool
from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import HEROES
from tablekit.runes.decks import sample_plan
from tablekit.runes.preparation import PrepOptions

CHECK_DUELS = 2_000


def main(heroes: list[str], seeds: list[int], budget: Budget) -> None:
    """Per Hero and seed, one build; then its answer and the sample deck on the same fresh duels."""
    collection = {card: card.copy_limit for card in load_pool().values()}
    for hero in heroes:
        problem = DeckProblem(collection, hero, field_of(None), PrepOptions(), DuelOptions(), "serial")
        block = f"benchmark:{hero}"
        theirs = problem.play(sample_plan(hero), block, CHECK_DUELS)
        found = [check(collection, hero, seed, problem, theirs, budget) for seed in seeds]
        if len(found) > 1:
            print(f"  {hero}, seeds {', '.join(map(str, seeds))}: the answers' fresh differences "
                  f"{'agree' if agree(found) else 'DO NOT agree'} within their intervals "
                  f"({len(set(map(str, found)))} distinct figures)")


def check(collection: dict, hero: str, seed: int, problem: DeckProblem, theirs: list[float],
          budget: Budget) -> Estimate:
    """Build with `seed`, print its figures, and return its answer minus the sample deck on the fresh duels."""
    started = time.perf_counter()
    built = build_for_win_rate(collection, hero, seed=seed, budget=budget)
    wall = time.perf_counter() - started
    print(f"{hero} (seed {seed}): build {wall:.1f} s, {built.duels:,} duels, {built.result.rounds} round(s); "
          f"{built.message}", flush=True)
    mine = problem.play(built.plan, f"benchmark:{hero}", CHECK_DUELS)
    difference = paired_difference(mine, theirs)
    print(f"  fresh check, answer minus sample deck: {difference} "
          f"({mean_interval(mine).mean:.3f} vs {mean_interval(theirs).mean:.3f})")
    for seat in SEATS:
        picked = [i for i, s in enumerate(_seats(problem)) if s == seat]
        print(f"  moving {'first' if seat == 0 else 'second'}: "
              f"{paired_difference([mine[i] for i in picked], [theirs[i] for i in picked])}")
    if built.plan != built.result.leader:
        leader = problem.play(built.result.leader, f"benchmark:{hero}", CHECK_DUELS)
        print(f"  the search's best (not returned) minus sample deck: {paired_difference(leader, theirs)}")
    return difference


def _seats(problem: DeckProblem) -> list[int]:
    """Who moved first in each duel of a block, in the order `play` returns them."""
    return [seat for _, seat, n in problem.shares(CHECK_DUELS) for _ in range(n)]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("heroes", nargs="*", metavar="hero", help=f"any of {', '.join(HEROES)} (default: all)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument("--budget", nargs="+", default=[], metavar="FIELD=N", help="e.g. restarts=3 search_games=36000")
    args = parser.parse_args()
    if unknown := set(args.heroes) - set(HEROES):
        parser.error(f"unknown hero(es) {', '.join(sorted(unknown))}; choose from {', '.join(HEROES)}")
    budget = changed(DEFAULT_BUDGET, args.budget)
    print(f"budget: {budget}")
    main(args.heroes or list(HEROES), args.seeds, budget)
