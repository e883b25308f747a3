"""Every condition a card may ask, on both sides of its boundary, and in a player's words."""

from __future__ import annotations

import re

import pytest

from tablekit.runes.abilities import CONDITIONS
from tablekit.runes.conditions import describe, holds
from tablekit.runes.fighter import Status
from tests.runes.duelkit import card, duel

RAVEN_MELEE = card("talon", props=["Raven", "Melee"])
PLAIN = card("plain")


def _set(d, me, foe, setting: str) -> None:
    """Put the duel in a named state."""
    if setting == "raven":
        me.raven_sight = True
    elif setting.startswith("perform"):
        me.perform, me.performance_turns = int(setting[7:]), 1
    elif setting == "ended":
        me.perform, me.performance_turns = 12, 0
    elif setting == "fire+water":
        me.attunements = {"Fire": Status(0, 1), "Water": Status(0, 1)}
    elif setting == "fire":
        me.attunements = {"Fire": Status(0, 1)}
    elif setting == "bleeding":
        me.statuses["Bleeding"] = Status(1, None)
    elif setting == "foe-bleeding":
        foe.statuses["Bleeding"] = Status(1, None)
    elif setting == "ethereal":
        me.ethereal = True
    elif setting.startswith("oath:"):
        me.oath = setting[5:]
    elif setting.startswith("health"):
        me.health = int(setting[6:])
    elif setting.startswith("foe-health"):
        foe.health = int(setting[10:])
    elif setting == "foe-ethereal":
        foe.ethereal, foe.health = True, 0
    elif setting.startswith("temp"):
        me.temperature = int(setting[4:])


CASES = [  # condition, setting, card, holds
    ("raven-sight", "raven", None, True), ("raven-sight", "", None, False),
    ("no-raven-sight", "", None, True), ("no-raven-sight", "raven", None, False),
    ("performing", "perform1", None, True), ("performing", "ended", None, False),
    ("deep-performing", "perform10", None, True), ("deep-performing", "perform9", None, False),
    ("deep-performing", "ended", None, False),
    ("attuned:Fire+Water", "fire+water", None, True), ("attuned:Fire+Water", "fire", None, False),
    ("bleeding", "bleeding", None, True), ("bleeding", "foe-bleeding", None, False),
    ("foe-bleeding", "foe-bleeding", None, True), ("foe-bleeding", "bleeding", None, False),
    ("ethereal", "ethereal", None, True), ("ethereal", "", None, False),
    ("oath:fidelity", "oath:fidelity", None, True), ("oath:fidelity", "oath:vengeance", None, False),
    ("any-oath", "oath:vengeance", None, True), ("any-oath", "", None, False),
    ("health-at-most:3", "health3", None, True), ("health-at-most:3", "health4", None, False),
    ("health-at-most:3", "ethereal", None, False),
    ("foe-health-below:5", "foe-health4", None, True),
    ("foe-health-below:5", "foe-health5", None, False),
    ("foe-health-below:5", "foe-ethereal", None, False),
    ("cold:1", "temp-1", None, True), ("cold:1", "temp0", None, False),
    ("cold:2", "temp-2", None, True), ("cold:2", "temp-1", None, False),
    ("raven-card", "", RAVEN_MELEE, True), ("raven-card", "", PLAIN, False),
    ("raven-card", "", None, False),
    ("melee", "", RAVEN_MELEE, True), ("melee", "", PLAIN, False), ("melee", "", None, False),
]


@pytest.mark.parametrize("when, setting, what, expected", CASES)
def test_condition(when, setting, what, expected) -> None:
    d = duel("torstein", "skorta")
    me, foe = d.fighters
    if setting == "ethereal":
        me.health = 0
    _set(d, me, foe, setting)
    assert holds(d, me, when, what) is expected


def test_every_condition_is_tested_and_has_words() -> None:
    assert {when.partition(":")[0] for when, *_ in CASES} == set(CONDITIONS)
    for when, *_ in CASES:
        words = describe(when, "Ash")
        assert words and ":" not in words and not re.search(r"\b[a-z]+-[a-z]+\b", words), when


@pytest.mark.parametrize("when, words", [
    ("no-raven-sight", "Raven Sight is not active"),
    ("attuned:Fire+Water", "Ash is Attuned to Fire and Water"),
    ("oath:fidelity", "the Oath of Fidelity is active"),
    ("health-at-most:3", "Ash has 3 Health or less"),
    ("cold:1", "Ash is at Cold 1 or colder"),
])
def test_conditions_in_words(when, words) -> None:
    assert describe(when, "Ash") == words


def test_no_condition_always_holds() -> None:
    d = duel()
    assert holds(d, d.fighters[0], None)
