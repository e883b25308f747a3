"""Same seed + actions => same game: 30 seeded random games against a stored fixture.

Each game (2–4 players, basic and advanced) is played through `Game.apply` with the log on;
its fingerprint hashes every action's text, every event's rule and sentence (set-up included),
the digest after every action and the outcome. The fixture guards speed work on the engine: an
optimisation must leave every game exactly as it was. When a rule change is meant to alter
games, regenerate it: `python -m tests.wizards.test_replay_fixture` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from tablekit.core.game import Events
from tablekit.core.registry import get_game

FIXTURE = Path(__file__).parent / "data" / "replay_fingerprints.json"
CASES = [(seed, players, advanced) for players in (2, 3, 4) for advanced in (False, True)
         for seed in range(5)]


def fingerprint(seed: int, players: int, advanced: bool) -> dict[str, object]:
    """Play one seeded random game; its action count, final digest and a hash of everything."""
    game = get_game("wizards")
    state = game.initial_state(game.make_config(players=players, advanced=advanced),
                               random.Random(seed))
    rng = random.Random(1000 + seed)
    trace = hashlib.sha256()
    for event in state.setup_events:
        trace.update(f"{event.rule}|{event.text}\n".encode())
    actions = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        trace.update(f"{len(legal)}>{action!s}|{game.action_to_json(action)}\n".encode())
        for event in game.apply(state, action, Events()):
            trace.update(f"{event.rule}|{event.text}\n".encode())
        trace.update(game.digest(state).encode())
        actions += 1
    return {"actions": actions, "digest": game.digest(state),
            "outcome": game.outcome(state).text, "trace": trace.hexdigest()[:32]}


def _key(seed: int, players: int, advanced: bool) -> str:
    return f"{players}p-{'advanced' if advanced else 'basic'}-seed{seed}"


@pytest.mark.parametrize(("seed", "players", "advanced"), CASES)
def test_game_replays_as_recorded(seed: int, players: int, advanced: bool) -> None:
    """The seeded game's actions, log, digests and outcome equal the stored fingerprint."""
    stored = json.loads(FIXTURE.read_text())[_key(seed, players, advanced)]
    assert fingerprint(seed, players, advanced) == stored


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({_key(*case): fingerprint(*case) for case in CASES},
                                  indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(CASES)} fingerprints to {FIXTURE}")
