"""Same seeds, same games: seeded random Runes matches hash to the digests recorded before the speed work.

Each digest covers, per action, the legal actions offered (in order) and the one chosen, every event's rule and
sentence, the final state's digest, the outcome and the duel's boards. Record again (only after a deliberate rules change) with
`python -m tests.runes.test_fingerprint --record`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

import tablekit
from tablekit.core.registry import get_game

RECORD = Path(__file__).with_name("data") / "fingerprints.json"
GAMES = {"default": 240, "samples": 30, "mixed": 30}  # seeded games per variant


def fingerprint(variant: str, seed: int) -> str:
    """A short hash of one seeded random match played through the Match API."""
    match = tablekit.new_game("runes", seed=seed, **get_game("runes").variants[variant])
    rng = random.Random(seed)
    parts = [f"{e.rule}|{e.text}" for e in match.log]
    while not match.is_over:
        legal = match.legal_actions()
        action = legal[rng.randrange(len(legal))]
        parts.append(repr(legal))
        parts.append(repr(action))
        parts += (f"{e.rule}|{e.text}" for e in match.apply(action))
    parts += [match.digest(), repr(match.outcome), repr(match.state.boards)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def fingerprints() -> dict[str, list[str]]:
    """Every variant's fingerprints, seed by seed."""
    return {variant: [fingerprint(variant, seed) for seed in range(count)]
            for variant, count in GAMES.items()}


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_seeded_random_games_are_unchanged(variant):
    recorded = json.loads(RECORD.read_text())[variant]
    changed = [seed for seed, expected in enumerate(recorded) if fingerprint(variant, seed) != expected]
    assert not changed, f"{variant}: seeds {changed[:10]} play differently from the recorded games"


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    RECORD.write_text(json.dumps(fingerprints(), indent=1) + "\n")
