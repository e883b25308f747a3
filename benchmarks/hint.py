"""The hint's search against each game's heuristic, played on the same seeds (paired games).

For every registered game, `--games` games are played by the heuristic and again by
`search:BUDGET` (the search behind the Hint button, `rollouts` play-outs per decision) with the
same seeds, so both face the same deals. Printed: each agent's mean score and win rate, and the
paired mean score difference (search minus heuristic) with its 95% interval. The search must not
be worse: the interval's upper end must not fall below zero.

Run: .venv/bin/python benchmarks/hint.py [--games 200] [--budget 48 192] [--game deckula]
     [--seed 1] [--workers 2]
The default run (budget 48, the games below) takes about four minutes on one core.

Measured 2026-11-30 (search minus heuristic, paired, 95% intervals):
  deckula  search:16   +3.39 (+2.40 to +4.38) points, n=200;  wins 55.5% -> 66.0%
  deckula  search:48   +4.35 (+3.28 to +5.41) points, n=200;  wins 55.5% -> 69.0%
  deckula  search:192  +5.15 (+3.70 to +6.60) points, n=100;  wins 59.0% -> 76.0%
  wonders  search:48   -0.06 (-0.26 to +0.15) wins/game, n=36 (seeds 1-3, 12 each);
                       wins 52.8% -> 47.2%: not shown worse, not shown better
  wonders  search:192  +0.33 (+0.06 to +0.61) wins/game, n=12 (seeds 4-5, 6 each; small n,
                       normal approximation); wins 50.0% -> 83.3%
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import tablekit
from tablekit.core.simulate import SimulationResult, simulate
from tablekit.core.stats import Estimate, paired_difference

# games per game in the default run, sized to its search's cost at budget 48 on one core
DEFAULT_GAMES = {"deckula": 100, "wonders": 5}
OTHER_GAMES = 10  # a game registered later starts with a small run


def play(game: str, agent: str, games: int, seed: int,
         executor: object) -> tuple[SimulationResult, float]:
    """The seeded games of one agent, and the seconds they took."""
    start = time.perf_counter()
    result = simulate(game, games, seed=seed, agents=(agent,), executor=executor, progress=False)
    return result, time.perf_counter() - start


def verdict(difference: Estimate) -> str:
    """Better, worse, or no difference the sample can tell."""
    if difference.low > 0:
        return "search better"
    if difference.high < 0:
        return "SEARCH WORSE"
    return "interval includes 0: not shown worse, not shown better at this n"


def report(game: str, budget: int, games: int, seed: int, executor: object) -> None:
    """Play one game's paired runs and print the comparison."""
    base, base_time = play(game, "heuristic", games, seed, executor)
    found, found_time = play(game, f"search:{budget}", games, seed, executor)
    difference = paired_difference(found.scores(), base.scores())
    actions = sum(r.actions for r in found.records)
    print(f"{game} — search:{budget} vs heuristic, n={games} paired games (seed {seed})")
    rows = (("heuristic", base, base_time), (f"search:{budget}", found, found_time))
    for label, result, seconds in rows:
        score, wins = result.mean_score(), result.win_rate()
        print(f"  {label:12} score {score.mean:7.3f} (95% {score.low:.3f}–{score.high:.3f})   "
              f"wins {wins.mean:6.1%} (95% {wins.low:.1%}–{wins.high:.1%})   "
              f"{seconds / games:6.2f} s/game")
    print(f"  difference   {difference.mean:+7.3f} "
          f"(95% {difference.low:+.3f}–{difference.high:+.3f})   {verdict(difference)};  "
          f"search {1000 * found_time / actions:.0f} ms per action played")


def main() -> None:
    """Every game (or the one asked for) at every budget asked for."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int,
                        help="games per game and agent (default: per game, see DEFAULT_GAMES)")
    parser.add_argument("--budget", type=int, nargs="+", default=[48],
                        help="play-outs per decision (48: the Deckula table's)")
    parser.add_argument("--game", choices=tablekit.games(), action="append",
                        help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes (1: serial, one core)")
    args = parser.parse_args()
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    executor = pool or "serial"
    try:
        for game in args.game or tablekit.games():
            for budget in args.budget:
                games = args.games or DEFAULT_GAMES.get(game, OTHER_GAMES)
                report(game, budget, games, args.seed, executor)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
