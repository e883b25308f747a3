"""Lesson tables: small hand-made Wizards & Co. situations for the learn notebook.

Each lesson is scenario data (see `tablekit.wizards.config.WizardsScenario`); `lesson(name)`
gives a live match on it. Glimmer Cellar (dungeon 0 for two players) has entrances at spaces
1 red, 2 blue, 4 green, 5 yellow, a wall at 3 and the statue at 0.
"""

from __future__ import annotations

from typing import Any

from tablekit.core.match import Match
from tablekit.core.registry import new_game

LESSONS: dict[str, dict[str, Any]] = {
    # 1. Placement and the draw table: one or two creatures, at most one face down.
    "placement": {"hands": [["bug-bear", "titan", "fire-imp"], ["minotaur"]],
                  "decks": [["air-imp", "ogre", "hobb-runner"], ["earth-imp"]]},
    # 2. A battle: Bug Bear eats the imp next to it, Earth Imp stuns a beast, imps count imps.
    "battle": {"dungeons": [{"slots": {1: [0, "bug-bear", True], 2: [1, "fire-imp", False],
                                       4: [1, "earth-imp", True], 5: [0, "minotaur", True]},
                             "artefacts": ["greatsword", "holy-vial"]}, {}],
               "hands": [[], ["titan"]], "battle": 0},
    # 3. Adjacency: the wall at space 3 keeps the Minotaur from the Hobb Chanter.
    "adjacency": {"dungeons": [{"slots": {1: [1, "hobb-lobber", True], 2: [0, "minotaur", True],
                                          4: [1, "hobb-chanter", True], 5: [1, "air-imp", True]},
                                "artefacts": ["broadsword", "tin-chalice"]}, {}],
                  "hands": [[], ["titan"]], "battle": 0},
    # 4. Treasure: gems at the survivors' entrances, the enchantment, artefacts by strength.
    "treasure": {"dungeons": [{"slots": {1: [0, "titan", True], 2: [1, "ogre", True],
                                         4: [0, "air-imp", True], 5: [1, "hobb-chanter", True]},
                               "artefacts": ["greatsword", "broadsword"]}, {}],
                 "hands": [[], ["minotaur"]], "battle": 0},
    # 5. The two-player rule: 4 behind the winner, the runner-up gets nothing.
    "two-player": {"dungeons": [{"slots": {1: [0, "titan", True], 2: [1, "minotaur", True],
                                           4: [1, "fire-imp", True], 5: [0, "hobb-chanter", True]},
                                 "artefacts": ["greatsword", "broadsword"]}, {}],
                   "hands": [[], ["earth-imp"]], "battle": 0},
}


def lesson(name: str, seed: int = 0) -> Match:
    """One of the learn notebook's prepared tables, by name."""
    if name not in LESSONS:
        raise KeyError(f"no lesson {name!r}; lessons: {', '.join(LESSONS)}")
    return new_game("wizards", seed=seed, scenario=LESSONS[name])
