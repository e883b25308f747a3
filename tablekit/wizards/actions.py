"""Wizards & Co. actions: every decision a player makes, as a small immutable value."""

from __future__ import annotations

from typing import NamedTuple

from tablekit.core.actions import action
from tablekit.wizards.cards import components


def a_gem(colour: str) -> str:
    """'a red gem', 'an orange gem': a gem of a colour with its article."""
    return f"{'an' if colour[:1] in 'aeiou' else 'a'} {colour} gem"


def creature_name(creature: str) -> str:
    """The printed name of a creature id."""
    return components().creature(creature).name


@action
class Place(NamedTuple):
    """Placement: put a creature from your hand on a dungeon space, face up or face down."""

    creature: str
    dungeon: int
    space: int
    face_up: bool
    at: str  # where, for reading: the dungeon's name and the entrance's treasure

    def __str__(self) -> str:
        face = "face up" if self.face_up else "face down"
        return f"Place {creature_name(self.creature)} {face} at {self.at}"


@action
class Equip(NamedTuple):
    """Equipment artefacts: put one of your equipment tiles on the creature just placed."""

    artefact: str
    name: str

    def __str__(self) -> str:
        return f"Equip it with {self.name}"


@action
class Pass(NamedTuple):
    """Decline an optional step (the text says which)."""

    what: str

    def __str__(self) -> str:
        return self.what


@action
class ChooseBattle(NamedTuple):
    """Two dungeons filled at once: the active player picks the battle fought first."""

    dungeon: int
    name: str

    def __str__(self) -> str:
        return f"Battle in {self.name} first"


@action
class MoveTo(NamedTuple):
    """Move a creature (Ogre's displaced creature, Hobb Runner) to a free entrance."""

    dungeon: int
    space: int
    at: str

    def __str__(self) -> str:
        return f"Move it to {self.at}"


@action
class Discard(NamedTuple):
    """Discard a card from your hand (it goes under your deck)."""

    creature: str
    why: str

    def __str__(self) -> str:
        return f"Discard {creature_name(self.creature)} {self.why}"


@action
class Stun(NamedTuple):
    """Void Imp: take a cursed gem and stun this strongest creature."""

    space: int
    name: str

    def __str__(self) -> str:
        return f"Take a cursed gem and stun {self.name}"


@action
class TakeGem(NamedTuple):
    """Take a gem of this colour from the supply."""

    colour: str

    def __str__(self) -> str:
        return f"Take {a_gem(self.colour)}"


@action
class GiveGem(NamedTuple):
    """Water Imp: hand one of your gems of this colour to the imp's owner."""

    colour: str

    def __str__(self) -> str:
        return f"Give {a_gem(self.colour)}"


@action
class CancelGem(NamedTuple):
    """Scoring: give up a gem of this colour together with one cursed gem."""

    colour: str
    best: bool

    def __str__(self) -> str:
        return f"Cancel {a_gem(self.colour)}" + (" (best)" if self.best else "")


@action
class ReturnCursed(NamedTuple):
    """Give back this many cursed gems to the supply (0: keep them)."""

    count: int

    def __str__(self) -> str:
        return f"Give back {self.count} cursed gem{'s' if self.count != 1 else ''}"


@action
class TakeArtefact(NamedTuple):
    """Treasure: take this artefact from the dungeon."""

    artefact: str
    name: str

    def __str__(self) -> str:
        return f"Take {self.name}"


@action
class ReturnCard(NamedTuple):
    """Return: put this creature under your deck next."""

    creature: str

    def __str__(self) -> str:
        return f"Put {creature_name(self.creature)} under your deck next"


ACTION_TYPES = (Place, Equip, Pass, ChooseBattle, MoveTo, Discard, Stun, TakeGem, GiveGem,
                CancelGem, ReturnCursed, TakeArtefact, ReturnCard)
