"""How fast Runes of Wyrd duels resolve: the four sample decks against each other.

Run: .venv/bin/python benchmarks/runes_duel.py [--duels 2000] [--log]
Each duel uses freshly shuffled sample decks (the shuffle is not timed) and no event log
unless --log is given (rollouts and simulations run without one).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from tablekit.runes import load_pool
from tablekit.runes.board import DuelOptions
from tablekit.runes.decks import sample_decks
from tablekit.runes.duel import run_duel
from tablekit.runes.preparation import shuffle


def main() -> None:
    """Print duels per second and the mean and spread of one duel's time, per matchup."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--duels", type=int, default=2000)
    parser.add_argument("--log", action="store_true", help="build the event log too")
    args = parser.parse_args()
    pool, decks = load_pool(), sample_decks()
    pairs = list(itertools.product(decks, repeat=2))
    per_pair = max(1, args.duels // len(pairs))
    print(f"{'matchup':32} {'duels':>6} {'ms/duel':>8} {'turns':>6} {'first wins':>10}")
    all_times: list[float] = []
    for a, b in pairs:
        times, turns, wins = [], 0, 0
        for seed in range(per_pair):
            locked = [[pool[c] for c in shuffle(decks[h][1], f"{h}:{side}:{seed}").deck]
                      for side, h in enumerate((a, b))]
            options = DuelOptions(first_player=seed % 2)
            start = time.perf_counter()
            result = run_duel((a, b), locked, options, log=args.log)
            times.append(time.perf_counter() - start)
            turns += result.turns
            wins += result.winner == 0
        all_times += times
        print(f"{a + ' v ' + b:32} {per_pair:6} {1000 * statistics.mean(times):8.3f} "
              f"{turns / per_pair:6.1f} {wins / per_pair:10.2f}")
    total = sum(all_times)
    print(f"{len(all_times)} duels in {total:.2f} s: {len(all_times) / total:,.0f} duels/s, "
          f"mean {1000 * statistics.mean(all_times):.3f} ms, median "
          f"{1000 * statistics.median(all_times):.3f} ms, max {1000 * max(all_times):.2f} ms "
          f"({'with' if args.log else 'without'} the event log)")


if __name__ == "__main__":
    main()
