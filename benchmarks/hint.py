"""Hint versus heuristic: one seat follows the Hint button on every move, or the game's heuristic.

For every game (or those asked for), the same deals are played twice: once with seat 0 following
the hint (the search behind the Hint button: `search_moves` at the table's budget, with the exact
advisor where one covers the decision) and once with seat 0 following the heuristic; every other
seat plays the heuristic in both arms. Printed per game: seat 0's mean result in each arm (score
and win rate, 95% intervals), the paired difference (hint minus heuristic) with its 95% interval,
and the number of deals. The deals come from a seed no tuning ever used (`FRESH_SEED`).

Run: .venv/bin/python benchmarks/hint.py [--deals N] [--game forge ...] [--budget 200]
     [--seed TEXT] [--workers 2]
The default run (a few deals per game, budget 200) takes 15-25 minutes on one core; the
figures below took longer runs (see each line's n).

Measured 2026-12-06 on a loaded 2-core machine, budget 200, seed "hint-fresh-2026-12"
(hint minus heuristic, paired, 95% intervals):
  deckula  points +3.51 (+2.11 to +4.91), wins +0.09 (-0.01 to +0.19), n=100   hint ahead
  runes    wins   +0.27 (+0.04 to +0.50), n=30                                  hint ahead
  forge    margin +0.44 (+0.40 to +0.48), wins +0.00 (both arms win every deal), n=30  hint ahead
  wizards  points +6.75 (+3.34 to +10.16), wins +0.35 (+0.14 to +0.56), n=20   hint ahead
  wonders  wins +0.00 (-0.72 to +0.72), n=6: not told apart (each arm won 3, not on the same deals);
           seed "hint-fresh-2026-12b": wins -0.13 (-0.57 to +0.32), n=8: not told apart.
           Not shown ahead: binary returns over ~85-action games leave ~33 play-outs per finalist
           too noisy; a next step is to leave the heuristic's move only when the paired
           difference on the finalists' deals is clear (untested).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import tablekit
from tablekit.core.registry import get_game
from tablekit.core.simulate import SimulationResult, simulate
from tablekit.core.stats import Estimate, paired_difference
from tablekit.ui.table import HINT_ROLLOUTS

FRESH_SEED = "hint-fresh-2026-12"  # never used to tune the search, the heuristics or the games
# deals per game in the default run, sized to a hint's cost there (a play-out is a whole game)
DEFAULT_DEALS = {"deckula": 30, "runes": 30, "forge": 20, "wizards": 6, "wonders": 4}
OTHER_DEALS = 10  # a game registered later starts with a small run
# the default table's rules, scored so the arms can differ: DeckNForge's default is won on every
# deal by either arm, so its result is the margin (1 plus the share of HP left on a win)
CONFIG: dict[str, dict[str, object]] = {"forge": {"score": "margin"}}


def seats(game: str, seat_zero: str) -> tuple[str, ...]:
    """Seat 0 plays `seat_zero`; every other seat of the game's default table plays the heuristic."""
    rules = get_game(game)
    players = rules.players(rules.make_config(**CONFIG.get(game, {})))
    return (seat_zero,) + ("heuristic",) * (players - 1)


def play(game: str, seat_zero: str, deals: int, seed: str,
         executor: object) -> tuple[SimulationResult, float]:
    """The seeded deals of one arm, and the seconds they took."""
    start = time.perf_counter()
    result = simulate(game, deals, seed=seed, agents=seats(game, seat_zero), executor=executor,
                      config=CONFIG.get(game, {}),
                      progress=_dots, chunk=1)
    print(file=sys.stderr)
    return result, time.perf_counter() - start


def _dots(done: int, total: int) -> None:
    print(".", end="", file=sys.stderr, flush=True)


def wins(result: SimulationResult) -> list[float]:
    """1 for each deal seat 0 won, else 0."""
    return [float(0 in r.winners) for r in result.records]


def verdict(difference: Estimate) -> str:
    """Ahead, behind, or no difference these deals can tell."""
    if difference.low > 0:
        return "hint ahead"
    if difference.high < 0:
        return "HINT BEHIND"
    return "interval includes 0: not told apart at this n"


def report(game: str, budget: int, deals: int, seed: str, executor: object) -> None:
    """Play one game's paired arms and print the comparison."""
    base, base_time = play(game, "heuristic", deals, seed, executor)
    found, found_time = play(game, f"search:{budget}", deals, seed, executor)
    print(f"{game} — hint versus heuristic: seat 0 follows the hint (budget {budget}) or the "
          f"heuristic, other seats the heuristic; {deals} paired deals (seed {seed!r})")
    for label, result, seconds in (("heuristic", base, base_time), ("hint", found, found_time)):
        score, won = result.mean_score(), result.win_rate()
        print(f"  {label:9}  result {score.mean:7.3f} (95% {score.low:.3f} to {score.high:.3f})"
              f"   wins {won.mean:6.1%} (95% {won.low:.1%} to {won.high:.1%})"
              f"   {seconds / deals:6.1f} s/deal")
    for what, difference in (("result", paired_difference(found.scores(), base.scores())),
                             ("wins", paired_difference(wins(found), wins(base)))):
        print(f"  difference in {what:6} {difference.mean:+7.3f} (95% {difference.low:+.3f} to "
              f"{difference.high:+.3f}), n={difference.n}   {verdict(difference)}")
    sys.stdout.flush()


def main() -> None:
    """Every game (or those asked for), hint versus heuristic."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int,
                        help="paired deals per game (default: per game, see DEFAULT_DEALS)")
    parser.add_argument("--budget", type=int, default=HINT_ROLLOUTS,
                        help=f"play-outs per hint (default {HINT_ROLLOUTS}: the tables')")
    parser.add_argument("--game", choices=tablekit.games(), action="append",
                        help="only this game (repeatable)")
    parser.add_argument("--seed", default=FRESH_SEED, help="the deals' seed (keep it fresh)")
    parser.add_argument("--workers", type=int, default=1, help="processes (1: serial, one core)")
    args = parser.parse_args()
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for game in args.game or tablekit.games():
            deals = args.deals or DEFAULT_DEALS.get(game, OTHER_DEALS)
            report(game, args.budget, deals, args.seed, pool or "serial")
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
