"""Today's Wizards & Co. heuristic bot against an earlier one, over paired games.

Each seed is played twice with the same deal and the same luck, seats swapped: the new bot in
seat 1 then in seat 2. The figure is the paired difference of the two bots' win shares per seed
(new minus old, in [-1, 1]) with its 95% interval and n, plus how each bot answered the
decisions issue 36 named as blind spots (equipment, Hobb Runner, Flesh Golem, Ogre's push).

Run: .venv/bin/python benchmarks/wizards_bots.py [--pairs 300] [--seed 0] [--baseline b8c809e]
The earlier bot is `tablekit/wizards/heuristic.py` as it was at `--baseline` (read with git).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import time
import types
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from tablekit.core.game import Events, rng_for
from tablekit.core.stats import paired_difference
from tablekit.wizards import engine, heuristic
from tablekit.wizards.actions import Discard, Equip, MoveTo
from tablekit.wizards.cards import CURSED
from tablekit.wizards.setup import make_config
from tablekit.wizards.state import WizardsState

ROOT = Path(__file__).resolve().parents[1]
BEFORE_ISSUE_36 = "b8c809e"  # the last commit before the bot's blind spots were fixed
Bot = Callable[[WizardsState, list, random.Random], object]


def earlier_bot(ref: str) -> Bot:
    """The heuristic's `choose` as it was at a git commit."""
    source = subprocess.run(["git", "show", f"{ref}:tablekit/wizards/heuristic.py"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    module = types.ModuleType(f"heuristic_{ref}")
    exec(compile(source, f"heuristic@{ref}", "exec"), module.__dict__)  # noqa: S102 - our own file
    return module.choose


def play(seed: int, bots: tuple[Bot, Bot], tally: tuple[Counter, Counter],
         advanced: bool) -> int:
    """One seeded two-player game, seat i played by bots[i]; the winner's seat."""
    state = engine.new_state(make_config(players=2, advanced=advanced),
                             rng_for(seed, "wizards-bots-deal"), Events(None))
    rng = rng_for(seed, "wizards-bots-play")
    while (player := engine.to_move(state)) is not None:
        legal = engine.legal_actions(state)
        view = engine.view(state, player)
        action = bots[player](view, legal, rng)
        _count(view, action, tally[player])
        engine.apply_unchecked(state, action, Events(None))
    return state.winners[0]


def _count(view: WizardsState, action: object, tally: Counter) -> None:
    """Note how a blind-spot decision was answered."""
    kind = view.pending.kind
    if kind == "equip":
        tally["equip decisions"] += 1
        tally["equipped"] += isinstance(action, Equip)
    elif kind == "runner":
        tally["Hobb Runner decisions"] += 1
        tally["Hobb Runner ran"] += isinstance(action, MoveTo)
    elif kind == "feed":
        tally["Flesh Golem decisions"] += 1
        tally["Flesh Golem fed"] += isinstance(action, Discard)
    elif kind == "ogre":
        dungeon, space, _ = view.pending.data
        whose = "own" if view.dungeons[dungeon].slots[space].owner == view.pending.player else "rival"
        if any(view.space(dungeon, s) != CURSED for s in view.free_entrances(dungeon)):
            tally[f"Ogre pushes of a {whose} creature with a gem entrance free"] += 1
            tally[f"of those, onto a cursed gem ({whose})"] += view.space(*action[:2]) == CURSED


def main() -> None:
    """Print the paired difference with its interval and n, and the blind-spot tallies."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0, help="the first seed; seeds run on from it")
    parser.add_argument("--baseline", default=BEFORE_ISSUE_36)
    parser.add_argument("--basic", action="store_true", help="the basic game (no artefact effects)")
    args = parser.parse_args()
    new, old = heuristic.choose, earlier_bot(args.baseline)
    tallies = {"new": Counter(), "old": Counter()}
    new_share, old_share = [], []
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.pairs):
        first = play(seed, (new, old), (tallies["new"], tallies["old"]), not args.basic)
        second = play(seed, (old, new), (tallies["old"], tallies["new"]), not args.basic)
        share = ((first == 0) + (second == 1)) / 2
        new_share.append(share)
        old_share.append(1 - share)
    took = time.perf_counter() - start
    estimate = paired_difference(new_share, old_share)
    game = "basic" if args.basic else "advanced"
    print(f"new bot vs bot at {args.baseline}: 2 players, {game} game, seeds {args.seed}.."
          f"{args.seed + args.pairs - 1}, each played twice with seats swapped ({took:.0f} s)")
    print(f"paired difference of win shares (new - old): {estimate.mean:+.3f} "
          f"[95% CI {estimate.low:+.3f}, {estimate.high:+.3f}], n = {estimate.n} seed pairs; "
          f"new bot's win rate {sum(new_share) / len(new_share):.3f}")
    for name, tally in tallies.items():
        print(f"{name} bot: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))


if __name__ == "__main__":
    main()
