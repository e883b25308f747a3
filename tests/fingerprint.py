"""A seeded random match played through the Match API, hashed: what the fingerprint tests record."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

import tablekit
from tablekit.core.registry import get_game


def fingerprint(name: str, variant: str, seed: int, extra: Callable[[Any], str] = lambda _: "") -> str:
    """A short hash of the legal actions offered, the actions, every event, the final digest and
    outcome (and `extra(match)` at the end) of one seeded random match of `name`'s `variant`."""
    match = tablekit.new_game(name, seed=seed, **get_game(name).variants[variant])
    rng = random.Random(seed)
    parts = [f"{e.rule}|{e.text}" for e in match.log]
    while not match.is_over:
        legal = match.legal_actions()
        action = legal[rng.randrange(len(legal))]
        parts.append(repr(legal))
        parts.append(repr(action))
        parts += (f"{e.rule}|{e.text}" for e in match.apply(action))
    parts += [match.digest(), repr(match.outcome), extra(match)]
    return hashlib.sha256("\n".join(filter(None, parts)).encode()).hexdigest()[:16]
