"""DeckNForge engine speed: random-play checked actions/s (log on), games/s, clone and view time.

Run: .venv/bin/python benchmarks/forge_engine.py [games]  (prints figures; asserts nothing)
Times are CPU seconds of this process (the machine is shared). "Log on" formats every event's sentence, as the play table's log does; the issue's target is
≥ 50,000 checked actions/s per core with the log on. Set-up (building the bands) is timed apart.
"""

from __future__ import annotations

import random
import sys
import time

from engines import play_to_end  # the play loop every engine benchmark shares

from tablekit.core.game import Events, rng_for
from tablekit.forge.game import GAME


def random_play(wizards: int, games: int, log: bool, checked: bool) -> tuple[int, float, float]:
    """Play `games` random games; returns (actions, seconds playing, seconds setting up)."""
    config = GAME.make_config(wizards=wizards)
    actions, playing, setting_up = 0, 0.0, 0.0
    for seed in range(games):
        start = time.process_time()
        state = GAME.initial_state(config, rng_for(seed, "forge"))
        setting_up += time.process_time() - start
        rng = random.Random(seed)
        start = time.process_time()
        actions += play_to_end(GAME, state, rng, checked, log)
        playing += time.process_time() - start
    return actions, playing, setting_up


def micros(wizards: int, what: str, samples: int = 2000) -> float:
    """Mean time of one clone or one view of a mid-game state, in microseconds."""
    state = GAME.initial_state(GAME.make_config(wizards=wizards), rng_for(1, "forge"))
    rng = random.Random(1)
    for _ in range(40):
        if state.phase == "over":
            break
        legal = GAME.legal_actions(state)
        GAME.apply_unchecked(state, legal[rng.randrange(len(legal))], Events(None))
    call = GAME.clone if what == "clone" else (lambda s: GAME.view(s, 0))
    start = time.process_time()
    for _ in range(samples):
        call(state)
    return (time.process_time() - start) / samples * 1e6


def main() -> None:
    """Print the figures for 1, 3 and 5 wizards."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for wizards in (1, 3, 5):
        for log, checked in ((True, True), (False, False)):
            actions, playing, setup = random_play(wizards, games, log, checked)
            label = "checked, log on " if checked else "unchecked, no log"
            print(f"{wizards} wizard(s), {label}: {actions / playing:>9,.0f} actions/s "
                  f"({actions} actions, {games} games; set-up {setup / games * 1e3:.2f} ms/game)")
        print(f"{wizards} wizard(s): clone {micros(wizards, 'clone'):.1f} µs, "
              f"view {micros(wizards, 'view'):.1f} µs")


if __name__ == "__main__":
    main()
