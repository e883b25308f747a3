"""How long the Deckula! hindsight search takes to prove the best score of a deal.

Run: .venv/bin/python benchmarks/deckula_hindsight.py [--deals 30] [--budget 300000]
"""

from __future__ import annotations

import argparse
import statistics

import tablekit
from solvers.deckula import hindsight


def main() -> None:
    """Print one line per deal and a summary: proven share, nodes and seconds."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--budget", type=int, default=300_000)
    parser.add_argument("--difficulty", default="beginner")
    args = parser.parse_args()
    proven, times, nodes = 0, [], []
    print(f"{'seed':>4} {'status':9} {'best':>4} {'bound':>5} {'nodes':>8} {'seconds':>8}")
    for seed in range(args.deals):
        result = hindsight(tablekit.new_game("deckula", seed=seed, difficulty=args.difficulty),
                           node_budget=args.budget)
        proven += result.status == "optimal"
        times.append(result.wall_time)
        nodes.append(result.nodes)
        print(f"{seed:4} {result.status:9} {result.best_score:4} {result.bound:5} {result.nodes:8,} "
              f"{result.wall_time:8.2f}")
    print(f"proven optimal: {proven}/{args.deals}; median {statistics.median(nodes):,.0f} positions, "
          f"{statistics.median(times):.2f} s; µs per position {1e6 * sum(times) / max(1, sum(nodes)):.0f}")


if __name__ == "__main__":
    main()
