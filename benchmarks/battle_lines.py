"""Battle Lines advisor speed: the exact search on random tied line-ups, 4v4, 6v6 and 8v8.

Run: .venv/bin/python benchmarks/battle_lines.py [--positions 200] [--repeat 3] [--before]
(prints figures; asserts nothing). Each position has as many Player minions as Villain ones,
all Player minions of one Priority (every order is allowed: the hardest case), strengths 0-6,
health 1-6, Shield on 20% and Poison on 15% of the minions of both sides (issue 12, part 3).
A position is timed with `best_battle_lines(..., limit)` and the Player's health in the
criterion, which is what `advisor.advise` asks on a fresh Battle Lines. Times are this
process's CPU seconds (`time.process_time`: on a shared machine wall time measures the
neighbours), the best of `--repeat` runs per position; the figures are over the positions.
`--before` also times the memoised search the advisor used before (kept as the tests' oracle in
tests/wonders/reference_search.py) on the same positions and counts the positions where both
return the same plans. The first search of a process also pays for importing numpy and
`layout_search` (printed apart; the batches start after it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from tablekit.wonders.battle import BattleCriterion, Fighter, best_battle_lines

CRITERION = BattleCriterion(player_health=20)


def position(rng: random.Random, size: int) -> tuple[list[Fighter], list[Fighter]]:
    """One random tied Battle Lines: `size` Player minions against `size` Villain minions."""
    def minion(name: str, priority: int | None) -> Fighter:
        return Fighter(name, rng.randint(0, 6), rng.randint(1, 6), priority=priority,
                       poison=rng.random() < 0.15, shield=rng.random() < 0.2)
    return ([minion(f"p{i}", 1) for i in range(size)],
            [minion(f"v{i}", None) for i in range(size)])


def cpu_ms(run: Callable[[], object], repeat: int) -> float:
    """The least CPU time of `repeat` runs, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best * 1000


def summary(times: list[float]) -> str:
    """Median, 95th percentile and worst of a batch of times."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"median {statistics.median(ordered):6.1f} ms, p95 {p95:6.1f} ms, "
            f"worst {ordered[-1]:6.1f} ms")


def plans(layouts: list) -> list[tuple]:
    """What two searches must agree on: each plan's score and both orders."""
    return [(lay.score, lay.villain_indices, lay.player_indices) for lay in layouts]


def measure(size: int, limit: int, args: argparse.Namespace) -> None:
    """Time one size over the batch (and the old search beside it with --before)."""
    rng = random.Random(size * 1000 + args.seed)
    batch = [position(rng, size) for _ in range(args.positions)]
    now = [cpu_ms(lambda p=p, v=v: best_battle_lines(p, v, CRITERION, limit), args.repeat)
           for p, v in batch]
    print(f"{size}v{size}, limit {limit:2d}, {len(batch)} positions, now:    {summary(now)}")
    if not args.before:
        return
    from tests.wonders.reference_search import ReferenceSearch  # the oracle lives in the tests
    before, same = [], 0
    for players, villains in batch:
        before.append(cpu_ms(lambda p=players, v=villains:
                             ReferenceSearch(p, v, CRITERION).top(limit), 1))
        same += plans(ReferenceSearch(players, villains, CRITERION).top(limit)) == \
            plans(best_battle_lines(players, villains, CRITERION, limit))
    print(f"{size}v{size}, limit {limit:2d}, {len(batch)} positions, before: {summary(before)}"
          f"  (same plans on {same}/{len(batch)})")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--before", action="store_true")
    args = parser.parse_args()
    players, villains = position(random.Random(args.seed), 8)
    first = cpu_ms(lambda: best_battle_lines(players, villains, CRITERION, 5), 1)
    print(f"first 8v8 search of this process (it imports numpy and the search): {first:.0f} ms")
    for size, limit in ((4, 5), (6, 5), (8, 5), (8, 20)):
        measure(size, limit, args)


if __name__ == "__main__":
    main()
