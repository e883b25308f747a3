"""Lesson tables: small hand-made Deckula! situations to poke at in the learn notebook."""

from __future__ import annotations

from typing import Any

from tablekit.core.match import Match
from tablekit.core.registry import new_game


def table(seed: int = 0, **scenario: Any) -> Match:
    """A match on a hand-made table: zones of card ids (draw pile listed top first), energy."""
    return new_game("deckula", seed=seed, scenario=scenario)


LESSONS: dict[str, dict[str, Any]] = {
    "buy-or-discard": {"draw": ["blood-fountain", "candelabra", "vampire-bride"], "energy": 2},
    "visitor-arrives": {"home": ["hellhound"], "draw": ["hapless-vagabond", "candelabra", "vampire-bride"],
                        "energy": 2},
    "discard-effect": {"home": ["trapdoor"], "threat": ["vengeful-villager"],
                       "draw": ["candelabra", "vampire-bride"], "energy": 2},
    "game-ending-threat": {"home": ["blood-fountain"], "draw": ["candelabra", "furious-farmer", "vampire-bride"],
                           "energy": 0},
    "two-passives": {"home": ["hellhound", "feeding-cellar"],
                     "draw": ["hapless-vagabond", "candelabra", "vampire-bride"], "energy": 2},
    "home-sweet-home": {"threat": ["hapless-vagabond", "vengeful-villager"],
                        "draw": ["home-sweet-home", "candelabra", "vampire-bride"], "energy": 2},
    "blanking": {"home": ["blood-fountain", "candelabra", "loyal-gargoyle"],
                 "draw": ["curious-quaintrelle", "candelabra", "vampire-bride"], "energy": 2},
}


def lesson(name: str) -> Match:
    """One of the learn notebook's prepared tables, by name."""
    if name not in LESSONS:
        raise KeyError(f"no lesson {name!r}; lessons: {', '.join(LESSONS)}")
    return table(**LESSONS[name])
