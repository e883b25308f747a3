"""DeckNForge `plan_inscriptions` at the defaults: each build's wall time, then its answer against no
inscriptions and the starter plan on fresh paired dungeons (seeds "bench:..." that neither the search
nor the build's own verdict used), in the planner's setting (`solvers.forge.SETTING`, `PLAYER`).

Run: .venv/bin/python benchmarks/forge_build.py [games per comparison, default 2000] [wizards ...]
Prints figures; asserts nothing. The target (issue 35): at 1, 2, 3 and 5 wizards, for each of seeds 0-3,
the answer beats both baselines with the lower end of the 95% paired interval above 0, each build
within 60 s of wall time. Games are played serially (the machine is shared).
"""

from __future__ import annotations

import sys
import time

from solvers.forge import PLAYER, SETTING, margins, plan_inscriptions
from tablekit.core.stats import paired_difference

SEEDS = (0, 1, 2, 3)


def check(wizards: int, seed: int, games: int) -> tuple[bool, str]:
    """Build at the defaults, then measure the answer against each baseline on fresh paired dungeons."""
    started, cpu = time.perf_counter(), time.process_time()
    result = plan_inscriptions(wizards=wizards, seed=seed)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    block = f"bench:{wizards}:{seed}"
    answer = margins(dict(result.evidence.answer), wizards, block, games)
    lines, met = [], wall <= 60
    for name, plan in result.baselines.items():
        if plan == result.evidence.answer:
            lines.append(f"    vs {name}: the answer IS this baseline (difference 0 by construction)")
            met = False
            continue
        d = paired_difference(answer, margins(dict(plan), wizards, block, games))
        met = met and d.low > 0
        lines.append(f"    vs {name}: {d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}] n={d.n}")
    pages = ", ".join(str(p) for p in result.inscriptions) or "none (nothing was shown better)"
    head = (f"  seed {seed}: build {wall:.1f} s wall ({cpu:.1f} s CPU), {result.evidence.search_games} search games; "
            f"answer: {pages}; {'MET' if met else 'not met'}")
    return met, "\n".join([head, *lines])


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    tables = [int(w) for w in sys.argv[2:]] or [1, 2, 3, 5]
    print(f"player: {PLAYER.name} (slips {PLAYER.slips}); setting: {SETTING}; score: margin per dungeon")
    for wizards in tables:
        print(f"{wizards} wizard(s):", flush=True)
        met = 0
        for seed in SEEDS:
            ok, text = check(wizards, seed, games)
            met += ok
            print(text, flush=True)
        print(f"  target met for {met} of {len(SEEDS)} seeds", flush=True)


if __name__ == "__main__":
    main()
