"""Runes of Wyrd deck builder scaling: solve time and end-to-end time on large collections.

Run: .venv/bin/python benchmarks/runes_builder.py [sizes...]   (prints figures, asserts nothing)
Targets from issue 4: 1,000 cards proven optimal in < 0.2 s of solve time; 5,000 cards in
< 2 s end to end, on 2 cores.
"""

from __future__ import annotations

import random
import sys
import time

from solvers.runes import Goal, build_deck
from tablekit.runes import Card, validate_deck
from tablekit.runes.cards import HEROES

RARITIES = ["common"] * 60 + ["uncommon"] * 22 + ["rare"] * 10 + ["epic"] * 5 + ["legendary"] * 3
TYPES = ["action"] * 5 + ["equipment"] * 2 + ["trigger"] * 2 + ["event"]


def synthetic(size: int, seed: int) -> tuple[dict[Card, int], dict[str, float]]:
    """A random collection of `size` cards with owned copies and values."""
    rng = random.Random(seed)
    collection, values = {}, {}
    for i in range(size):
        unique = f"u{rng.randrange(size // 10)}" if rng.random() < 0.08 else None
        card = Card(f"card-{i}", f"Card {i}", rng.choice(TYPES), rng.choice(RARITIES), unique,
                    hero=rng.choice([*HEROES, None]))
        collection[card] = rng.choice([0, 1, 1, 2, 2, 3])
        values[card.id] = round(rng.uniform(0, 10) * (1 + 0.4 * card.rarity.rank), 2)
    return collection, values


def scenario(size: int, seed: int = 1, many_goals: bool = False
             ) -> tuple[dict[Card, int], dict[str, float], list[Goal], dict[tuple[str, str], float]]:
    """The benchmark problem: a synthetic collection, values, ordering goals and synergy pairs."""
    collection, values = synthetic(size, seed)
    rng = random.Random(seed + 1)
    ids = [c.id for c, n in collection.items() if n]
    strong = sorted((c for c, n in collection.items() if n and c.rarity.rank == 0 and not c.unique),
                    key=lambda c: -values[c.id])
    goal_cards = [c.id for c in rng.sample(strong[:40], 5)]  # goals on cards worth playing
    goals = [Goal.first(goal_cards[0], 5), Goal.before(goal_cards[1], goal_cards[2], 3),
             Goal.first(goal_cards[3], 2)]
    if many_goals:
        goals += [Goal.first(goal_cards[4], 4), Goal.first(goal_cards[1], 1),
                  Goal.before(goal_cards[4], goal_cards[0], 2)]
    synergy = {(a, b): rng.uniform(1, 8) for a, b in zip(rng.sample(ids, 30), rng.sample(ids, 30),
                                                         strict=True) if a != b}
    return collection, values, goals, synergy


def run(size: int, seed: int = 1, k: int = 1, workers: int = 1, many_goals: bool = False) -> None:
    collection, values, goals, synergy = scenario(size, seed, many_goals)
    started = time.perf_counter()
    result = build_deck(collection, values, goals=goals, synergy=synergy, k=k, seed=0,
                        workers=workers)
    wall = time.perf_counter() - started
    assert validate_deck(result.cards, collection) == []
    label = f"{len(goals)} goals"
    print(f"{size:>6} cards  {label}  workers={workers}  k={k}  status={result.status:<8} objective={float(result.objective):9.3f}"
          f"  solve={result.solve_time:6.3f}s  end-to-end={wall:6.3f}s")


def run_impossible(size: int, seed: int = 1) -> None:
    """Wishes that break three rules at once: time to explain them and name what to drop."""
    collection, values = synthetic(size, seed)
    owned = [c for c, n in collection.items() if n]
    legendary = [c.id for c in owned if c.rarity.value == "legendary"][:2]
    epic = [c.id for c in owned if c.rarity.value == "epic" and c.type.value != "equipment"][:3]
    wishes = {**dict.fromkeys(legendary, 1), **dict.fromkeys(epic, 2)}
    started = time.perf_counter()
    result = build_deck(collection, values, must_include=wishes, seed=0, workers=1)
    wall = time.perf_counter() - started
    rules = sorted({c.rule for c in result.conflicts})
    print(f"{size:>6} cards  impossible wishes  status={result.status}  conflicts={rules}  "
          f"drop={len(result.drop)}  end-to-end={wall:6.3f}s")


if __name__ == "__main__":
    sizes = [int(a) for a in sys.argv[1:]] or [200, 1000, 2000, 5000]
    for n in sizes:
        run(n)
    for n in sizes[-1:]:
        run(n, k=3)
        run(n, workers=2)
        run(n, many_goals=True)
        run_impossible(n)
