"""Simulated dungeons for one band's inscriptions: paired runs on the same deals.

The seat being planned is Wizard 1; the other seats get sample bands with the starter plan.
Every seat is played by the heuristic, with a small share of random choices (a fallible
player: the pure heuristic nearly always beats a solo dungeon, which would leave nothing to
compare). The heuristic reads only what its wizard may see (the contract's re-deal test checks
its choice does not depend on hidden cards), so it is run on the full state for speed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from tablekit.core.game import Events
from tablekit.forge import heuristic, play
from tablekit.forge.band import BAND_NAMES, Band, build_band
from tablekit.forge.cards import sample_book
from tablekit.forge.config import ForgeConfig
from tablekit.forge.rules import player_count
from tablekit.forge.setup import STARTER_PLAN, deal
from tablekit.forge.state import OVER

CASUAL = 0.15          # share of random choices in simulated play
_CONFIG = ForgeConfig()


@dataclass(frozen=True, slots=True)
class Run:
    """One simulated dungeon: won, Bosses defeated, the party's HP left at the end."""

    won: bool
    bosses: int
    hp_left: int

    def score(self, wizards: int) -> float:
        """The value model's target: Bosses defeated, plus the HP to spare on a win."""
        return self.bosses + (self.hp_left / (20 * wizards) if self.won else 0.0)


def sample_band() -> Band:
    """The kit's sample band (what `plan_inscriptions(band=None)` plans for)."""
    return build_band(BAND_NAMES[0], random.Random(0))


def run(band: Band, plan: Mapping[str, str], wizards: int, seed: int,
        casual: float = CASUAL) -> Run:
    """Play one dungeon with `plan` on `band` (Wizard 1); the same seed deals the same cards."""
    rng = random.Random(seed)
    others = [replace(build_band(BAND_NAMES[w], rng), inscriptions=dict(STARTER_PLAN))
              for w in range(1, wizards)]
    start = player_count(wizards).start_coppers
    book = sample_book()
    spent = sum(book[p].cost for p in plan.values())
    coppers = [max(0, start - spent)] + [start - 30] * (wizards - 1)
    bands = [replace(band, inscriptions=dict(plan)), *others]
    state = deal(bands, coppers, _CONFIG.model_copy(update={"wizards": wizards}), rng,
                 Events(None))
    choose, offer, apply = heuristic.choose, play.offer, play.apply
    quiet = Events(None)
    while state.phase != OVER:
        legal = offer(state)
        action = (legal[rng.randrange(len(legal))] if rng.random() < casual
                  else choose(state, legal))
        apply(state, action, quiet)
    return Run(state.result == "won", state.boss_no, sum(state.hp))


def runs(band: Band, plan: Mapping[str, str], wizards: int, seeds: range,
         casual: float = CASUAL) -> list[Run]:
    """The plan played on each seed (paired: another plan on the same seeds meets the same deals)."""
    return [run(band, plan, wizards, seed, casual) for seed in seeds]
