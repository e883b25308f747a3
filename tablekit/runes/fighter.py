"""A hero in the duel: Health, Shield, Temperature, statuses and each Hero's own resources."""

from __future__ import annotations

from dataclasses import dataclass

from tablekit.runes.cards import Card

# Statuses that only the Temperature ladder ages (Cold and Heat); every other one ages itself.
THERMAL = ("Frozen", "Burning", "Kindled")
# Statuses a hero would rather not have (what "remove one negative status" may remove).
NEGATIVE = ("Bleeding", "Burning", "Frozen", "Frost", "Vulnerable")
STATUSES = frozenset({
    "Frozen", "Burning", "Kindled", "Frost", "Bleeding", "Bleeding Immunity", "Vulnerable",
    "Regeneration", "Thorns", "Armor", "Attack", "Riposte",
})


@dataclass(slots=True)
class Status:
    """One status: its amount, the turns it has left (None: permanent), and whether it is new.

    A status gained during its owner's turn is `fresh` and does not age at the end of that turn.
    """

    amount: int
    turns: int | None
    fresh: bool = True

    def copy(self) -> Status:
        """An independent copy."""
        return Status(self.amount, self.turns, self.fresh)


class Fighter:
    """One side of the duel: the Hero, its numbers and its zones."""

    __slots__ = (
        "index", "hero", "name", "health", "max_health", "base_attack", "base_armor", "shield",
        "temperature", "statuses", "deck", "next_card", "discard", "equipment", "triggers",
        "fatigue", "frozen_skip", "lost_health_this_turn", "used_turn", "used_chapter",
        "raven_sight", "played_raven_this_turn",
        "attunements", "circle", "circle_extended_this_turn", "harmony", "nature",
        "nature_element", "performance_fresh",
        "perform", "instrument", "performance_turns", "memory", "magic_extended_this_turn",
        "interventions", "ethereal", "essence", "essence_max", "ethereal_turns", "entered_turn",
        "oath", "form_oath", "defeated", "listens",
    )

    def __init__(self, index: int, hero: str, name: str, health: int, attack: int, armor: int,
                 deck: list[Card], interventions: int = 0) -> None:
        self.index, self.hero, self.name = index, hero, name
        self.health = self.max_health = health
        self.base_attack, self.base_armor = attack, armor
        self.shield = 0
        self.temperature = 0
        self.statuses: dict[str, Status] = {}
        self.deck, self.next_card = deck, 0
        self.discard: list[Card] = []
        self.equipment: list[Card] = []
        self.triggers: list[Card] = []
        self.fatigue = 0
        self.frozen_skip = False
        self.lost_health_this_turn = False
        self.used_turn: set[str] = set()
        self.used_chapter: set[str] = set()
        self.raven_sight = False
        self.played_raven_this_turn = False
        self.attunements: dict[str, Status] = {}  # element -> turns left (amount unused)
        self.circle: set[str] = set()
        self.circle_extended_this_turn = False
        self.harmony = False
        self.nature: Status | None = None  # One with Nature: turns left
        self.nature_element: str | None = None
        self.perform = 0
        self.instrument: str | None = None
        self.performance_turns = 0
        self.performance_fresh = False
        self.memory: dict[str, list[int]] = {}  # property -> [turns left, learned this turn]
        self.magic_extended_this_turn = False
        self.interventions = interventions
        self.ethereal = False
        self.essence = self.essence_max = 0
        self.ethereal_turns = 0
        self.entered_turn = -1
        self.oath: str | None = None
        self.form_oath: str | None = None
        self.defeated = False
        self.listens: frozenset[str] = frozenset()  # moments its Equipment and Triggers await

    # -- statuses ---------------------------------------------------------------------------
    def has(self, status: str) -> bool:
        """True when the hero carries the status."""
        return status in self.statuses

    def amount(self, status: str) -> int:
        """The amount of a status (0 when absent)."""
        found = self.statuses.get(status)
        return found.amount if found is not None else 0

    def permanent(self, status: str) -> bool:
        """True when the hero carries the status with no end."""
        found = self.statuses.get(status)
        return found is not None and found.turns is None

    @property
    def performing(self) -> bool:
        """True while Ash's Performance lasts."""
        return self.performance_turns > 0

    @property
    def cards_left(self) -> int:
        """Cards still to be played from the prepared deck."""
        return len(self.deck) - self.next_card

    def clone(self) -> Fighter:
        """An independent copy (cards are immutable and shared)."""
        twin = Fighter.__new__(Fighter)
        for slot in Fighter.__slots__:
            setattr(twin, slot, getattr(self, slot))
        twin.statuses = {k: v.copy() for k, v in self.statuses.items()}
        twin.discard, twin.equipment, twin.triggers = (
            list(self.discard), list(self.equipment), list(self.triggers))
        twin.attunements = {k: v.copy() for k, v in self.attunements.items()}
        twin.nature = self.nature.copy() if self.nature is not None else None
        twin.circle = set(self.circle)
        twin.memory = {k: list(v) for k, v in self.memory.items()}
        twin.used_turn, twin.used_chapter = set(self.used_turn), set(self.used_chapter)
        return twin

    def snapshot(self) -> dict:
        """The hero's numbers and zones as JSON data."""
        return {
            "hero": self.hero, "health": self.health, "max_health": self.max_health,
            "shield": self.shield, "temperature": self.temperature,
            "statuses": {k: [v.amount, v.turns] for k, v in sorted(self.statuses.items())},
            "next_card": self.next_card, "discard": [c.id for c in self.discard],
            "equipment": [c.id for c in self.equipment], "triggers": [c.id for c in self.triggers],
            "fatigue": self.fatigue, "raven_sight": self.raven_sight,
            "attunements": {k: v.turns for k, v in sorted(self.attunements.items())},
            "circle": sorted(self.circle), "harmony": self.harmony,
            "nature": [self.nature.turns if self.nature else 0, self.nature_element],
            "perform": self.perform, "instrument": self.instrument,
            "performance_turns": self.performance_turns,
            "memory": {k: v[0] for k, v in sorted(self.memory.items())},
            "interventions": self.interventions, "ethereal": self.ethereal,
            "essence": [self.essence, self.essence_max], "ethereal_turns": self.ethereal_turns,
            "oath": self.oath, "defeated": self.defeated,
        }
