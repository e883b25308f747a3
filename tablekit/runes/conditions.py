"""The conditions a card may ask about, read from one hero's side of the duel."""

from __future__ import annotations

from tablekit.runes.board import Duel
from tablekit.runes.cards import Card
from tablekit.runes.fighter import Fighter


def holds(duel: Duel, me: Fighter, when: str | None, card: Card | None = None) -> bool:
    """True when the condition `when` (see abilities.CONDITIONS) holds for `me`."""
    if when is None:
        return True
    name, _, arg = when.partition(":")
    foe = duel.fighters[1 - me.index]
    if name == "raven-sight":
        return me.raven_sight
    if name == "no-raven-sight":
        return not me.raven_sight
    if name == "performing":
        return me.performance_turns > 0
    if name == "deep-performing":
        return me.performance_turns > 0 and me.perform >= 10
    if name == "attuned":
        return all(element in me.attunements for element in arg.split("+"))
    if name == "bleeding":
        return "Bleeding" in me.statuses
    if name == "foe-bleeding":
        return "Bleeding" in foe.statuses
    if name == "ethereal":
        return me.ethereal
    if name == "oath":
        return me.oath == arg
    if name == "any-oath":
        return me.oath is not None
    if name == "health-at-most":
        return not me.ethereal and me.health <= int(arg)
    if name == "foe-health-below":
        return not foe.ethereal and foe.health < int(arg)
    if name == "cold":
        return me.temperature <= -int(arg)
    if name == "raven-card":
        return card is not None and "Raven" in card.properties
    if name == "melee":
        return card is not None and "Melee" in card.properties
    raise AssertionError(f"condition {name!r} has no reading")  # abilities.py validated it


_WORDS = {
    "raven-sight": "Raven Sight is active", "no-raven-sight": "Raven Sight is not active",
    "performing": "{hero} is Performing", "deep-performing": "{hero} is Deep Performing",
    "attuned": "{hero} is Attuned to {arg}", "bleeding": "{hero} is Bleeding",
    "foe-bleeding": "the opponent is Bleeding", "ethereal": "{hero} is in Ethereal Form",
    "oath": "the Oath of {arg} is active", "any-oath": "an Oath is active",
    "health-at-most": "{hero} has {arg} Health or less",
    "foe-health-below": "the opponent has less than {arg} Health",
    "cold": "{hero} is at Cold {arg} or colder", "raven-card": "the card has the Raven property",
    "melee": "the card is Melee",
}


def describe(when: str, hero: str) -> str:
    """The condition `when` in a player's words ("Raven Sight is not active")."""
    name, _, arg = when.partition(":")
    words = " and ".join(arg.split("+")) if name == "attuned" else arg.capitalize() \
        if name == "oath" else arg
    return _WORDS[name].format(hero=hero, arg=words)
