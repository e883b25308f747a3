"""Deck of Wonders builder figures: CP-SAT pick time and one simulation-in-the-loop run.

Run: .venv/bin/python benchmarks/wonders_solver.py [games]   (prints figures; asserts nothing)
"""

from __future__ import annotations

import sys
import time

from solvers.wonders import DeckLimit, DeckProblem, improve_deck, pick_deck


def main() -> None:
    """Print the figures."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for villain in ("cullin", "morwen", "grak"):
        limits = (DeckLimit("spells", at_least=6, kind="spell"),
                  DeckLimit("own colour", at_least=10, colour={"cullin": "green",
                                                               "morwen": "blue",
                                                               "grak": "red"}[villain]))
        result = pick_deck(DeckProblem(villain, limits=limits), seed=0, workers=1)
        print(f"{villain}: CP-SAT pick {result.status} in {result.wall_time * 1000:.1f} ms")
    start = time.perf_counter()
    improved = improve_deck(DeckProblem("cullin"), rounds=2, games=games, neighbours=4,
                            final_games=4 * games, seed=0, executor=None)
    print(f"cullin, simulation in the loop ({time.perf_counter() - start:.1f} s): "
          f"pick {improved.win_rate}, recommended deck {improved.recommended_win_rate}")


if __name__ == "__main__":
    main()
