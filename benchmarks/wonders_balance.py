"""Deck of Wonders balance figures: does deck building matter, and does the campaign move them?

Per Villain: the recommended colour's win rate and the builder's deck's (`improve_deck` on the shared
optimiser), both on the verdict's fresh paired games; then each
campaign change (upgrades, Legacy packs) against the recommended deck on paired seeds. Every
figure has its 95% interval and n. Goals (issue 12): recommended 35–55%, best clearly above it
and at most about 85%, and every campaign change moving the way a player expects.

Run: .venv/bin/python benchmarks/wonders_balance.py [games]
(default 400 per matrix cell and campaign change: about 6 minutes on one core; prints figures, asserts nothing)
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from solvers.wonders_balance import (
    balance_lines,
    campaign_effects,
    deck_matrix,
    named_decks,
    villain_balance,
)


def main() -> None:
    """Print the figures."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    start = time.perf_counter()
    rows = villain_balance(seed=0)
    print(f"# builder at its defaults, judged on the verdict's fresh paired games "
          f"(seed 0, {time.perf_counter() - start:.0f} s)")
    for line in balance_lines(rows):
        print(line)
    for row in rows:
        print(f"  best vs {row.villain}: " + ", ".join(
            f"{n}× {c}" for c, n in sorted(Counter(row.best_picks).items())))
    start = time.perf_counter()
    matrix = deck_matrix(named_decks(rows), games=games // 2, seed=0)
    print(f"# every deck against every Villain, {games // 2} games each "
          f"({time.perf_counter() - start:.0f} s)")
    for name, rates in matrix.items():
        print(f"{name:24}" + "  ".join(f"{v} {100 * e.mean:3.0f}% ({100 * e.low:.0f}–"
                                        f"{100 * e.high:.0f})" for v, e in rates.items()))
    start = time.perf_counter()
    effects = campaign_effects(games=games, seed=0)
    print(f"# campaign changes, recommended deck, {games} paired games each "
          f"({time.perf_counter() - start:.0f} s)")
    for e in effects:
        d = e.difference
        print(f"{e.villain:7} {e.change:36} {100 * e.before.mean:3.0f}% -> "
              f"{100 * e.after.mean:3.0f}%  difference {100 * d.mean:+.1f} points "
              f"(95% interval {100 * d.low:+.1f} to {100 * d.high:+.1f}, n={d.n}), expected "
              f"{'up' if e.expected > 0 else 'down'}: {'yes' if e.as_expected else 'NOT SHOWN'}")


if __name__ == "__main__":
    main()
