"""Deck of Wonders card data: two-halved cards, Villains and Legacy packs, checked on load.

Card text is data over a small set of operations (`OPS`); nothing in a card file is executed.
Targets are relative to the side whose half is used: "foe" is the other side, "ally" one's own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError, model_validator

from tablekit.core.cards import CardModel, parse_cards, read_toml, require_unique
from tablekit.core.errors import CardDataError

DATA = Path(__file__).resolve().parent / "data"
COLOURS = ("green", "blue", "red")

Op = Literal["draw", "damage", "destroy", "shield", "taunt", "poison", "heal", "discard"]
Target = Literal["foe-hero", "foe-minion", "foe", "all-foe-minions", "ally-minion", "self",
                 "ally-hero"]
# which targets each operation accepts (the first is its default)
OP_TARGETS: dict[str, tuple[str, ...]] = {
    "draw": ("self",),
    "discard": ("self",),
    "damage": ("foe", "foe-hero", "foe-minion", "all-foe-minions"),
    "destroy": ("foe-minion",),
    "shield": ("ally-minion", "self"),
    "taunt": ("ally-minion", "self"),
    "poison": ("ally-minion", "self"),
    "heal": ("ally-hero",),
}
CHOSEN_TARGETS = ("foe", "foe-minion", "ally-minion")
KEEPS_SPELL = ("shield", "taunt", "poison")  # a spell with these stays under its minion


class Effect(CardModel):
    """One operation of card text: `op`, an amount `n` and a `target`."""

    op: Op
    n: int = Field(default=1, ge=0, le=20)
    target: Target | None = None


class Half(CardModel):
    """The Player half or the Villain half of a card."""

    kind: Literal["minion", "spell"]
    strength: int | None = Field(default=None, ge=0, le=50)
    health: int | None = Field(default=None, ge=1, le=50)
    priority: int | None = Field(default=None, ge=0, le=20)
    taunt: bool = False
    poison: bool = False
    shield: bool = False
    cost: list[Effect] = []
    play: list[list[Effect]] = []
    death: list[list[Effect]] = []
    text: list[list[Effect]] = []
    flavor: str = ""


class CardEntry(CardModel):
    """A card as written in a card file (`copies` identical copies; the first may upgrade)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    set: str = Field(min_length=1)
    copies: int = Field(default=1, ge=1, le=9)
    upgrade_slot: bool = True
    pack: str | None = None  # a Legacy pack that must be opened before the card is used
    sample: bool = True
    player: Half
    villain: Half


class SpecialRule(CardModel):
    """A Villain special rule as data: an operation and its amount."""

    op: Literal["start-damage", "start-heal", "minion-strength", "opening-draws"]
    n: int = Field(default=1, ge=0, le=20)
    text: str = ""


class Condition(CardModel):
    """When a Legacy pack opens: after a game, a win, or a win with health left."""

    kind: Literal["games", "win", "win-with-health", "loss"]
    count: int = Field(default=1, ge=1)
    health: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _one_game(self) -> Condition:
        """A win with health left is one game's result: a count would be silently ignored."""
        if self.kind == "win-with-health" and self.count != 1:
            raise ValueError("a win-with-health condition is met by one game: leave count out")
        return self


class Pack(CardModel):
    """A Legacy pack: its condition and what it adds (cards, rules, a Fated Form)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    condition: Condition
    rules: list[SpecialRule] = []
    unlocks: str | None = None  # a Villain id (a Fated Form) this pack makes available
    story: str = ""


class VillainEntry(CardModel):
    """A Villain card: set icon, colour, health, special rules and Legacy packs."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    set: str
    colour: Literal["green", "blue", "red"]
    health: int = Field(default=30, ge=1, le=200)
    player_health: int = Field(default=30, ge=1, le=200)
    rules: list[SpecialRule] = []
    packs: list[Pack] = []
    fated_form: bool = False
    locked: bool = False  # opened by a Legacy pack (`unlocks`) before it can be faced
    story: str = ""


@dataclass(frozen=True)
class Catalog:
    """Every card and Villain of the kit, by id."""

    cards: dict[str, CardEntry]
    villains: dict[str, VillainEntry]

    def villain_cards(self, set_id: str, packs: Iterable[str] = ()) -> list[CardEntry]:
        """The cards carrying a Villain's set icon (those of opened packs included)."""
        opened = set(packs)
        return [c for c in self.cards.values()
                if c.set == set_id and (c.pack is None or c.pack in opened)]

    def collection(self, packs: Iterable[str] = (), extra_sets: Iterable[str] = ()
                   ) -> list[CardEntry]:
        """The collection: coloured cards (and the sets of beaten Fated Forms)."""
        opened, sets = set(packs), set(COLOURS) | set(extra_sets)
        return [c for c in self.cards.values()
                if c.set in sets and (c.pack is None or c.pack in opened)]


def load_card_file(path: Path | str, text: str | None = None) -> list[CardEntry]:
    """Load and cross-check one card file; CardDataError names the file, card and field."""
    label = str(path)
    cards = parse_cards(label, read_toml(path, text).get("card"), CardEntry)
    require_unique(label, cards, "id")
    for card in cards:
        check_card(label, card)
    return cards


def load_villain_file(path: Path | str, text: str | None = None) -> list[VillainEntry]:
    """Load one Villain file ([[villain]] tables)."""
    label = str(path)
    villains = parse_cards(label, read_toml(path, text).get("villain"), VillainEntry, "villain")
    require_unique(label, villains, "id")
    return villains


def load_catalog(directory: Path | str = DATA) -> Catalog:
    """Every card file (cards-*.toml) and villains.toml of a data folder, cross-checked."""
    folder = Path(directory)
    cards: dict[str, CardEntry] = {}
    for path in sorted(folder.glob("cards-*.toml")):
        for card in load_card_file(path):
            if card.id in cards:
                raise CardDataError(str(path), card.id, "id", "the id is used in another file")
            cards[card.id] = card
    villains = {v.id: v for v in load_villain_file(folder / "villains.toml")}
    _check_catalog(str(folder), cards, villains)
    return Catalog(cards, villains)


@cache
def default_catalog() -> Catalog:
    """The kit's own sample set."""
    return load_catalog(DATA)


def check_card(label: str, card: CardEntry) -> None:
    """Raise CardDataError when a card contradicts itself."""
    for side in ("player", "villain"):
        half: Half = getattr(card, side)
        _check_half(label, card.id, side, half)


def _check_half(label: str, card: str, side: str, half: Half) -> None:
    def fail(field: str, problem: str) -> None:
        raise CardDataError(label, card, f"{side}.{field}", problem)

    if half.kind == "minion":
        for stat in ("strength", "health"):
            if getattr(half, stat) is None:
                fail(stat, "a minion needs a strength and a health")
        if half.text:
            fail("text", "a minion has play/death text, not spell text")
        if side == "player" and half.priority is None:
            fail("priority", "a Player minion needs a Priority")
    else:
        for stat in ("strength", "health", "priority"):
            if getattr(half, stat) is not None:
                fail(stat, "a spell has no strength, health or Priority")
        if half.play or half.death or half.taunt or half.poison or half.shield:
            fail("play", "a spell has spell text only (no play/death text or keywords)")
        if not half.text:
            fail("text", "a spell needs at least one bullet of text")
    if side == "villain" and half.priority is not None:
        fail("priority", "Villain minions have no Priority")
    if side == "villain" and half.cost:
        fail("cost", "only the Player half has a cost")
    for effect in half.cost:
        if effect.op != "discard":
            fail("cost", "a cost can only be discarding cards")
    choices = 0
    for part in ("play", "death", "text"):
        for bullet in getattr(half, part):
            if not bullet:
                fail(part, "an empty bullet")
            for effect in bullet:
                _check_effect(fail, part, half, effect)
                choices += _target(effect) in CHOSEN_TARGETS and part != "death"
    if side == "player" and choices > 1:
        fail("play", "a Player half may ask for at most one chosen target")


def _check_effect(fail, part: str, half: Half, effect: Effect) -> None:
    allowed = OP_TARGETS[effect.op]
    if effect.target is not None and effect.target not in allowed:
        fail(part, f"{effect.op} cannot target {effect.target} (allowed: {', '.join(allowed)})")
    if effect.op == "discard":
        fail(part, "discarding is only a cost")
    if _target(effect) == "self" and effect.op in KEEPS_SPELL and half.kind == "spell":
        fail(part, f"a spell cannot give {effect.op} to itself")


def _target(effect: Effect) -> str:
    return effect.target or OP_TARGETS[effect.op][0]


def _check_catalog(label: str, cards: dict[str, CardEntry],
                   villains: dict[str, VillainEntry]) -> None:
    sets = {v.set for v in villains.values()} | set(COLOURS)
    packs = {p.id for v in villains.values() for p in v.packs}
    seen_packs: dict[str, str] = {}
    unlocked: set[str] = set()
    for villain in villains.values():
        if villain.set in COLOURS:
            raise CardDataError(label, villain.id, "set", f"a Villain's set icon cannot be the "
                                f"collection colour {villain.set!r}")
        for rule in villain.rules:
            _check_rule(label, villain.id, "rules", rule)
        for pack in villain.packs:
            if pack.id in seen_packs:
                raise CardDataError(label, villain.id, "packs.id", f"Legacy pack id {pack.id!r} "
                                    f"is used by {seen_packs[pack.id]} too")
            seen_packs[pack.id] = villain.id
            for rule in pack.rules:
                _check_rule(label, villain.id, f"packs.{pack.id}.rules", rule)
            if pack.unlocks is not None and pack.unlocks not in villains:
                raise CardDataError(label, villain.id, "packs.unlocks",
                                    f"pack {pack.id} unlocks unknown Villain {pack.unlocks!r}")
            if pack.unlocks is not None and not villains[pack.unlocks].locked:
                raise CardDataError(label, villain.id, "packs.unlocks",
                                    f"pack {pack.id} unlocks {pack.unlocks!r}, which is not "
                                    "locked")
            if pack.unlocks is not None:
                unlocked.add(pack.unlocks)
    for villain in villains.values():
        if villain.locked and villain.id not in unlocked:
            raise CardDataError(label, villain.id, "locked", "a locked Villain needs a Legacy "
                                "pack that unlocks it (none does)")
    for card in cards.values():
        if card.set not in sets:
            raise CardDataError(label, card.id, "set", f"unknown set icon {card.set!r}")
        if card.pack is not None and card.pack not in packs:
            raise CardDataError(label, card.id, "pack", f"no Legacy pack {card.pack!r}")


def _check_rule(label: str, villain: str, field: str, rule: SpecialRule) -> None:
    if rule.op == "opening-draws" and rule.n < 1:
        raise CardDataError(label, villain, field, "opening-draws must be at least 1")


def effect_target(effect: Effect) -> str:
    """The target of an effect, its default filled in."""
    return _target(effect)


def validation_error(label: str, exc: ValidationError) -> CardDataError:
    """A pydantic error as a CardDataError (for callers validating one entry)."""
    first = exc.errors()[0]
    return CardDataError(label, None, ".".join(map(str, first["loc"])), first["msg"])
