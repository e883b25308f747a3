"""Games per second for `simulate`: serial, a local process pool, and a Dask LocalCluster.

Run: .venv/bin/python benchmarks/simulate.py [--games 2000] [--game deckula] [--agent heuristic]
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from tablekit.core.simulate import simulate


def timed(label: str, games: int, **options) -> float:
    """Run one simulation and print its throughput; returns games/s."""
    start = time.perf_counter()
    result = simulate(progress=False, **options)
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    print(f"{label:34} {elapsed:7.2f} s {rate:9,.0f} games/s   mean score {result.mean_score().mean:.3f}")
    return rate


def main() -> None:
    """Print the three figures and the speed-ups."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game", default="deckula")
    parser.add_argument("--agent", default="heuristic")
    args = parser.parse_args()
    common = {"game": args.game, "n": args.games, "seed": 1, "agents": (args.agent,)}
    workers = os.cpu_count() or 1
    print(f"{args.games} games of {args.game}, agent {args.agent}, {workers} cores")
    serial = timed("serial", args.games, executor="serial", **common)
    with ProcessPoolExecutor(workers) as pool:
        pool.submit(int).result()  # start the workers outside the timing
        pooled = timed(f"process pool ({workers}), 100/task", args.games, executor=pool, chunk=100, **common)
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        executor = client.get_executor()
        small = timed(f"dask LocalCluster ({workers}), 100/task", args.games, executor=executor, chunk=100, **common)
        big = timed(f"dask LocalCluster ({workers}), 500/task", args.games, executor=executor, chunk=500, **common)
    print(f"speed-up over serial: pool ×{pooled / serial:.2f}, dask ×{small / serial:.2f} (100/task), "
          f"×{big / serial:.2f} (500/task)")


if __name__ == "__main__":
    main()
