"""Same seeds, same games: seeded random matches of every game but Runes hash to the digests recorded before the
speed work of issue 40 (Runes has its own, tests/runes/test_fingerprint.py).

Each digest covers, per action, the legal actions offered (in order) and the one chosen, every event's rule and
sentence, and at the end the match's digest and outcome. Record again (only after a deliberate rules change) with
`python -m tests.core.test_fingerprints --record`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tablekit.core.registry import get_game
from tests.fingerprint import fingerprint

RECORD = Path(__file__).with_name("data") / "fingerprints.json"
GAMES = ("deckula", "wonders", "forge", "wizards")
SEEDS = 200  # seeded games per game, spread over its variants


def seeds(name: str) -> list[tuple[str, int]]:
    """The (variant, seed) pairs played for `name`: every variant in turn."""
    variants = sorted(get_game(name).variants)
    return [(variants[seed % len(variants)], seed) for seed in range(SEEDS)]


def fingerprints(name: str) -> list[str]:
    """One game's fingerprints, in the order of `seeds`."""
    return [fingerprint(name, variant, seed) for variant, seed in seeds(name)]


@pytest.mark.parametrize("name", GAMES)
def test_seeded_random_games_are_unchanged(name):
    recorded = json.loads(RECORD.read_text())[name]
    changed = [(variant, seed) for (variant, seed), expected in zip(seeds(name), recorded, strict=True)
               if fingerprint(name, variant, seed) != expected]
    assert not changed, f"{name}: {changed[:10]} play differently from the recorded games"


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    RECORD.write_text(json.dumps({name: fingerprints(name) for name in GAMES}, indent=1) + "\n")
