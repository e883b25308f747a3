"""Same seeds, same games: seeded random Runes matches hash to the digests recorded before the speed work.

Each digest covers, per action, the legal actions offered (in order) and the one chosen, every event's rule and
sentence, the final state's digest, the outcome and the duel's boards. Record again (only after a deliberate rules change) with
`python -m tests.runes.test_fingerprint --record`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.fingerprint import fingerprint as match_fingerprint

RECORD = Path(__file__).with_name("data") / "fingerprints.json"
GAMES = {"default": 240, "samples": 30, "mixed": 30}  # seeded games per variant


def fingerprint(variant: str, seed: int) -> str:
    """A short hash of one seeded random Runes match, with the duel's boards."""
    return match_fingerprint("runes", variant, seed, extra=lambda match: repr(match.state.boards))


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
