"""How long the Deckula! hindsight search takes to prove the best score of a deal.

Times are CPU seconds of this process (time.process_time), so a busy machine does not inflate them.
Run: .venv/bin/python benchmarks/deckula_hindsight.py [--seeds 30] [--difficulty beginner hard harder]
     [--budget 300000] [--quiet] [--slow 10]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

import tablekit
from solvers.deckula import DEFAULT_NODE_BUDGET, hindsight
from tablekit.compiled import COMPILED, compiled

DIFFICULTIES = ("beginner", "hard", "harder")


def measure(difficulty: str, seeds: int, budget: int, quiet: bool) -> tuple[int, list[float], list[int]]:
    """Search the first `seeds` deals of a difficulty; (proven count, CPU seconds, positions)."""
    proven, times, nodes = 0, [], []
    for seed in range(seeds):
        gc.collect()  # the last deal's search (tables and search refer to each other) is not charged to this one
        start = time.process_time()
        result = hindsight(tablekit.new_game("deckula", seed=seed, difficulty=difficulty), node_budget=budget)
        times.append(time.process_time() - start)
        proven += result.status == "optimal"
        nodes.append(result.nodes)
        if not quiet:
            print(f"{difficulty:8} {seed:4} {result.status:9} {result.best_score:4} {result.bound:5} "
                  f"{result.nodes:9,} {times[-1]:8.2f}", flush=True)
    return proven, times, nodes


def main() -> None:
    """One line per deal (unless --quiet), then per difficulty: proven share, CPU time median and max, and the
    deals taking more than --slow CPU seconds."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=30, help="deals 0..seeds-1 of each difficulty")
    parser.add_argument("--difficulty", nargs="+", choices=DIFFICULTIES, default=list(DIFFICULTIES))
    parser.add_argument("--budget", type=int, default=DEFAULT_NODE_BUDGET, help="positions per deal")
    parser.add_argument("--quiet", action="store_true", help="only the summary lines")
    parser.add_argument("--slow", type=float, default=10.0, help="CPU seconds past which a deal is listed as slow")
    args = parser.parse_args()
    plain = [module for module in COMPILED if not compiled(module)]
    print(f"search and engine compiled (setup.py): {'no, plain: ' + ', '.join(plain) if plain else 'yes'}")
    if not args.quiet:
        print(f"{'level':8} {'seed':>4} {'status':9} {'best':>4} {'bound':>5} {'positions':>9} {'cpu s':>8}")
    summary = []
    for difficulty in args.difficulty:
        proven, times, nodes = measure(difficulty, args.seeds, args.budget, args.quiet)
        slow = [f"{seed} ({spent:.1f} s)" for seed, spent in enumerate(times) if spent > args.slow]
        summary.append(f"{difficulty:8} proven {proven}/{args.seeds}; CPU s median {statistics.median(times):.2f}, "
                       f"max {max(times):.2f}; positions median {statistics.median(nodes):,.0f}, "
                       f"max {max(nodes):,}; over {args.slow:g} s: {', '.join(slow) or 'none'}")
    print("\n".join(summary))


if __name__ == "__main__":
    main()
