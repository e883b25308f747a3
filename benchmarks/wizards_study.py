"""The 10-creature deck study at a printable size: rank the partially random decks (or all 66
fully random ones) against the standard deck, 2 players, heuristic bots, with 95% intervals.

Run: .venv/bin/python benchmarks/wizards_study.py [--recipe partial] [--games 60]
An ASYMMETRIC study: one seat holds the candidate, the other seat the standard deck.
"""

from __future__ import annotations

import argparse
import time

from solvers.wizards import DeckRules, allowed_decks, study
from tablekit.wizards.cards import components


def main() -> None:
    """Print the ranking, the creatures' contributions and the wall time."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--recipe", default="partial", choices=["partial", "random"])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    decks = allowed_decks(DeckRules(args.recipe)).decks
    start = time.perf_counter()
    result = study(decks, games=args.games, seed=args.seed)
    took = time.perf_counter() - start
    name = {c.id: c.name for c in components().creatures}
    print(result.label)
    print(f"{len(decks)} decks x {args.games} games = {len(decks) * args.games} games in {took:.1f} s")
    for rank, row in enumerate(result.results, 1):
        print(f"{rank:2}. win {row.win_rate.mean:.2f} [{row.win_rate.low:.2f}, {row.win_rate.high:.2f}]"
              f"  length {row.length.mean:.0f} actions  {', '.join(name[c] for c in row.deck)}")
    print("contribution of each creature (win rate with it minus without it, 95% interval):")
    for creature, est in sorted(result.contributions.items(), key=lambda kv: -kv[1].mean):
        print(f"  {name[creature]:<14} {est.mean:+.3f} [{est.low:+.3f}, {est.high:+.3f}] (n={est.n})")


if __name__ == "__main__":
    main()
