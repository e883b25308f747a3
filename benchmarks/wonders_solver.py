"""Deck of Wonders builder figures: CP-SAT pick time (the build by win rate: benchmarks/wonders_build.py).

Run: .venv/bin/python benchmarks/wonders_solver.py   (prints figures; asserts nothing)
"""

from __future__ import annotations

from solvers.wonders import DeckLimit, DeckProblem, pick_deck


def main() -> None:
    """Print the figures."""
    for villain in ("cullin", "morwen", "grak"):
        limits = (DeckLimit("spells", at_least=6, kind="spell"),
                  DeckLimit("own colour", at_least=10, colour={"cullin": "green",
                                                               "morwen": "blue",
                                                               "grak": "red"}[villain]))
        result = pick_deck(DeckProblem(villain, limits=limits), seed=0, workers=1)
        print(f"{villain}: CP-SAT pick {result.status} in {result.wall_time * 1000:.1f} ms")


if __name__ == "__main__":
    main()
