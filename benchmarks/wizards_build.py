"""The Wizards & Co. deck study at its defaults, then checked on fresh paired games.

For each number of players: the study (in the game its recipe is for: the partially random and fully
random recipes in the advanced game) with its default budget, its wall time and its own verdict; then
its best deck against its worst and against the standard deck on `--games` fresh paired games each
(seeds neither the search nor the study's verdict used). Who plays: the kit's heuristic bot in every
seat; as a check that it plays sensibly, its win rate against the random player is printed too.

Run: .venv/bin/python benchmarks/wizards_build.py [--recipe partial] [--players 2 3 4] [--games 2000]
"""

from __future__ import annotations

import argparse
import os
import time

from solvers.wizards import DeckRules, DeckStudy, deck_name, study
from tablekit.core.simulate import simulate
from tablekit.core.stats import paired_difference, wilson_interval


def main() -> None:
    """Print, per number of players, the study's figures and the fresh paired check."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--recipe", default="partial", choices=["partial", "random"])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("before (issue 35): 30 games per deck, 2 players, basic game: all ten partial decks' "
          "intervals overlap (0.33-0.60), every creature's contribution interval contains 0")
    for players in args.players:
        sensible(players)
        start, cpu = time.perf_counter(), time.process_time()
        result = study(args.recipe, players, seed=args.seed, executor="serial")
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"\n{players} players, {args.recipe} recipe: {result.setting}")
        print(f"  build: {took:.1f} s wall ({cpu:.1f} s of CPU; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores), {result.search_games} search games, "
              f"{len(result.results)} decks raced, {sum(r.raced_out for r in result.results)} raced out")
        print(f"  study's own verdict: {result.message}")
        for creature, worth in sorted(result.worth.items(), key=lambda kv: -kv[1].mean):
            print(f"    worth of {creature:<12} {worth.mean:+.3f} [{worth.low:+.3f}, {worth.high:+.3f}]")
        check(result, players, args.recipe, args.games, args.seed)


def sensible(players: int, games: int = 200) -> None:
    """The heuristic bot in seat 1 against random players: it should win far above the even share."""
    agents = ("heuristic", *["random"] * (players - 1))
    won = simulate("wizards", games, seed="sensible", agents=agents, executor="serial", progress=False,
                   config={"players": players, "advanced": True}).win_rate(0)
    print(f"\n[{players} players] heuristic bot against {players - 1} random player(s): wins {won} "
          f"(even share {1 / players:.2f})")


def check(result, players: int, recipe: str, games: int, seed: int) -> None:
    """The study's best deck against its worst and the standard deck on fresh paired games."""
    problem = DeckStudy(DeckRules(recipe), players)
    block = f"benchmark:{seed}"
    arms = {"best": result.best, "worst": result.worst, "standard": result.baseline}
    wins = {arm: problem.play(deck, block, games) for arm, deck in arms.items()}
    for arm, deck in arms.items():
        print(f"  fresh {arm:<8} {wilson_interval(round(sum(wins[arm])), games)}  {deck_name(deck, result.baseline)}")
    for other in ("worst", "standard"):
        if arms[other] != arms["best"]:
            d = paired_difference(wins["best"], wins[other])
            print(f"  fresh best - {other}: {d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}], n={d.n} paired games")
    separated = wilson_interval(round(sum(wins["best"])), games).low > \
        wilson_interval(round(sum(wins["worst"])), games).high
    print(f"  fresh intervals of best and worst {'do not overlap' if separated else 'overlap'}")


if __name__ == "__main__":
    main()
