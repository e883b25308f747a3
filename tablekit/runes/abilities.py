"""The duel abilities a card file may write: effect operations, conditions, hooks and modifiers.

Cards describe what they do as data over these small vocabularies; nothing in a card file is
ever executed. Each name is checked when the file loads, so a typo is an error naming the card.
"""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator, model_validator

from tablekit.core.cards import CardModel

ELEMENTS = ("Air", "Earth", "Fire", "Water")
OATHS = ("protection", "fidelity", "vengeance")

# op -> the fields it reads (besides `if`, `target`, `per`, `consume`).
OPS = {
    "attack": "deal `amount` as an Attack (+ the attacker's Attack); `ranged`, `break_shield`",
    "true-damage": "deal `amount` True Damage",
    "lose-health": "lose `amount` Health (a cost, not damage)",
    "heal": "heal `amount` Health",
    "shield": "gain Shield `amount` (keeps the higher value)",
    "lose-shield": "lose `amount` Shield",
    "status": "gain `status` `amount` for `turns` turns (no `turns`: permanent)",
    "cleanse": "remove `status` (or one negative status with status = \"negative\")",
    "temperature": "move the Temperature cursor `amount` steps (+ toward Heat, - toward Cold)",
    "raven-sight": "gain Raven Sight",
    "attune": "Attune to `element`",
    "extend-attunements": "extend every active Attunement by `amount`, up to 3 turns",
    "perform": "Perform +`amount` (starts or refreshes the Performance)",
    "extend-performance": "extend the Performance by `amount`, up to 3 turns",
    "end-performance": "end the Performance",
    "oath": "take the `oath` (protection, fidelity or vengeance)",
    "essence": "restore `amount` Essence (Ethereal Form)",
}
# Multipliers an effect's amount may be scaled by.
PER = ("attunement", "memory", "perform-5", "half-perform", "half-shield")
# Conditions: name -> the kind of argument after a colon (None: no argument).
CONDITIONS = {
    "raven-sight": None, "no-raven-sight": None, "performing": None, "deep-performing": None,
    "attuned": "elements", "bleeding": None, "foe-bleeding": None, "ethereal": None,
    "oath": "oath", "any-oath": None, "health-at-most": "int", "foe-health-below": "int",
    "cold": "int", "raven-card": None, "melee": None,
}
# Moments a reaction (Equipment, Trigger, Event) may wait for; "foe-X" is X done by the opponent.
BASE_HOOKS = (
    "start-of-turn", "end-of-turn", "chapter-start", "plays-action", "plays-event", "heals",
    "gains-shield", "loses-shield", "loses-health", "hit-melee", "gains-bleeding",
    "bleeding-ends", "enters-ethereal", "gains-harmony", "marks-element", "attunes-water",
    "reaches-perform-5", "learns-offensive", "becomes-frozen", "oath-replaced",
    "loses-essence", "moves-cold", "performance-ends",
)
HOOKS = frozenset(BASE_HOOKS) | {f"foe-{hook}" for hook in BASE_HOOKS}
# Numbers a passive modifier may change.
STATS = frozenset({
    "attack", "armor", "melee-damage", "ranged-damage", "damage-taken", "healing",
    "bleeding-damage", "attune-turns", "memory-turns", "fatigue-armor", "ethereal-attack",
    "ethereal-armor", "essence-max", "raven-damage", "true-damage-cold",
})


def check_condition(text: str | None) -> str | None:
    """Validate a condition string (`name` or `name:argument`)."""
    if text is None:
        return None
    name, _, arg = text.partition(":")
    if name not in CONDITIONS:
        raise ValueError(f"unknown condition {name!r}; known: {', '.join(sorted(CONDITIONS))}")
    kind = CONDITIONS[name]
    if kind is None and arg:
        raise ValueError(f"condition {name!r} takes no argument")
    if kind == "int" and not arg.lstrip("-").isdigit():
        raise ValueError(f"condition {name!r} needs a whole number, as in {name}:3")
    if kind == "oath" and arg not in OATHS:
        raise ValueError(f"condition {name!r} needs an oath: {', '.join(OATHS)}")
    if kind == "elements" and (not arg or any(e not in ELEMENTS for e in arg.split("+"))):
        raise ValueError(f"condition {name!r} needs elements like attuned:Fire+Water")
    return text


class Effect(CardModel):
    """One effect operation: `op` with its amount, target and optional condition."""

    op: Literal[tuple(OPS)]  # type: ignore[valid-type]
    amount: int = 0
    target: Literal["self", "foe"] | None = None
    when: str | None = None
    per: Literal[PER] | None = None  # type: ignore[valid-type]
    consume: Literal["raven-sight", "harmony"] | None = None
    status: str | None = None
    turns: int | None = None
    element: Literal[ELEMENTS] | None = None  # type: ignore[valid-type]
    oath: Literal[OATHS] | None = None  # type: ignore[valid-type]
    ranged: bool = False
    break_shield: bool = False

    _when = field_validator("when")(classmethod(lambda cls, v: check_condition(v)))

    @model_validator(mode="after")
    def _fields_fit_the_op(self) -> Effect:
        from tablekit.runes.fighter import STATUSES
        if self.op == "status" and self.status not in STATUSES:
            raise ValueError(f"status effect needs status = one of {sorted(STATUSES)}")
        if self.op == "cleanse" and self.status not in STATUSES | {"negative"}:
            raise ValueError("cleanse needs status = a status name or \"negative\"")
        if self.op == "attune" and self.element is None:
            raise ValueError("attune needs element = Air, Earth, Fire or Water")
        if self.op == "oath" and self.oath is None:
            raise ValueError(f"oath needs oath = one of {', '.join(OATHS)}")
        if self.turns is not None and self.turns < 1:
            raise ValueError("turns must be at least 1 (leave it out for a permanent status)")
        if self.amount < 0 and self.op != "temperature":
            raise ValueError(f"{self.op} needs amount ≥ 0")
        return self


class Reaction(CardModel):
    """What an Equipment or Event does at a moment: `on` hook, optional condition, effects.

    An Event's reaction acts for the hero the moment happened to; with `each = true` it acts
    for each hero whose condition holds ("at the end of each turn, a hero with ...").
    """

    on: str
    when: str | None = None
    once: Literal["turn", "chapter"] | None = None
    each: bool = False
    effects: tuple[Effect, ...]

    _when = field_validator("when")(classmethod(lambda cls, v: check_condition(v)))

    @field_validator("on")
    @classmethod
    def _known_hook(cls, value: str) -> str:
        if value not in HOOKS:
            raise ValueError(f"unknown moment {value!r}; known: {', '.join(BASE_HOOKS)} "
                             "(and each with foe-)")
        return value


class Modifier(CardModel):
    """A number an Equipment or Event changes while it is in play."""

    stat: str
    amount: int
    when: str | None = None
    once: Literal["turn", "chapter"] | None = None

    _when = field_validator("when")(classmethod(lambda cls, v: check_condition(v)))

    @field_validator("stat")
    @classmethod
    def _known_stat(cls, value: str) -> str:
        if value not in STATS:
            raise ValueError(f"unknown stat {value!r}; known: {', '.join(sorted(STATS))}")
        return value
