"""Lesson duels: set decks that show one rule of the duel each, for the learn notebook."""

from __future__ import annotations

from typing import Any

from tablekit.core.match import Match
from tablekit.core.registry import new_game

# name -> (the rule it shows, the scenario: Heroes, decks played first to last, start values,
# and who acts first)
LESSONS: dict[str, tuple[str, dict[str, Any]]] = {
    "shield-keeps-the-higher": ("runes.shield-max", {
        "heroes": ["skorta", "torstein"], "first_player": 0,
        "decks": [["lullaby-ward", "feather-ward", "travelling-skald"], ["rally-cry"] * 3]}),
    "break-shield": ("runes.break-shield", {
        "heroes": ["skorta", "torstein"], "first_player": 0,
        "decks": [["feather-ward", "peck"], ["shattering-blow", "shattering-blow"]]}),
    "true-damage": ("runes.true-damage", {
        "heroes": ["mikal-finnvard", "torstein"], "first_player": 0,
        "decks": [["kindling", "rain-song", "steam-vent"], ["shieldwall", "iron-resolve",
                                                            "rally-cry"]]}),
    "cold-3": ("runes.cold-3", {
        "heroes": ["ash", "skorta"], "first_player": 0, "temperature": [0, -1],
        "decks": [["frostbow-etude", "frostbow-etude"], ["peck", "talon-rake", "peck"]]}),
    "heat-3": ("runes.heat-3", {
        "heroes": ["mikal-finnvard", "ash"], "first_player": 0, "temperature": [0, 2],
        "decks": [["forge-breath", "boulder-toss"], ["glissando", "stomp-rhythm"]]}),
    "raven-sight": ("runes.raven-sight", {
        "heroes": ["skorta", "ash"], "first_player": 0,
        "decks": [["peck", "ravenous-strike", "ravenous-strike"], ["lullaby-ward"] * 3]}),
    "green-circle": ("runes.one-with-nature", {
        "heroes": ["mikal-finnvard", "skorta"], "first_player": 0,
        "decks": [["kindling", "rain-song", "updraft", "stone-skin", "boulder-toss"],
                  ["peck", "talon-rake", "peck", "talon-rake", "peck"]]}),
    "memory": ("runes.memory", {
        "heroes": ["ash", "skorta"], "first_player": 0,
        "decks": [["requiem-of-the-long-night", "frostbow-etude", "glissando"],
                  ["talon-rake", "feather-ward", "peck"]]}),
    "ethereal-form": ("runes.resurrection", {
        "heroes": ["torstein", "skorta"], "first_player": 1, "health": [2, None],
        "decks": [["hearth-oath", "ghost-step", "axe-swing", "axe-swing", "axe-swing",
                   "axe-swing"], ["peck", "peck", "feather-ward", "peck", "peck", "peck"]]}),
}


# the rulebook's Preparation headings (and tablekit's own preparation rules), in book order
PREPARATION_SECTIONS = (
    "Deck Construction", "Every card has a limit", "Some roles can appear only once",
    "Higher slots may be filled by lower rarities", "tablekit: the collection", "Preparation",
    "Divide the deck into four Chapters", "Wyrd Points", "Initiative", "Thread of Fate",
    "tablekit: deck builder")


def preparation_rules() -> list[str]:
    """The ids of every Preparation rule of the rule book."""
    book = new_game("runes", seed=0).game.rulebook
    return [rule.id for rule in book.values() if rule.section in PREPARATION_SECTIONS]


def lesson(name: str, seed: int = 0) -> Match:
    """A lesson's match, ready for the two Assemble actions."""
    if name not in LESSONS:
        raise KeyError(f"no lesson {name!r}; lessons: {', '.join(LESSONS)}")
    scenario = dict(LESSONS[name][1])
    first = scenario.pop("first_player")
    return new_game("runes", seed=seed, first_player=first, scenario=scenario)


def lesson_duel(name: str, seed: int = 0) -> Match:
    """A lesson's match with its duel fought (the log holds every step)."""
    match = lesson(name, seed)
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    return match
