"""Wizards & Co. components as data: creatures, artefacts, enchantments and dungeon boards."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from tablekit.core.cards import CardModel, parse_cards, read_toml, require_unique
from tablekit.core.errors import CardDataError

DATA = Path(__file__).resolve().parent / "data"
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
CURSED = "cursed"
STATUE, CLOSED = "statue", "closed"
CREATURE_TYPES = ("imp", "hobb", "giant", "beast", "monster")
PILE_POINTS = {"A": 7, "B": 5, "C": 3}
BOARDS_PER_COUNT = {2: 2, 3: 3, 4: 3}
CreatureType = Literal["imp", "hobb", "giant", "beast", "monster"]
CreatureEffect = Literal[
    "draw-two", "double-gem", "stun-adjacent-beasts", "never-face-down", "displace",
    "eliminate-giants", "imps-strength-one", "run", "eliminate-adjacent-imps",
    "eliminate-adjacent-hobbs", "tithe", "stun-strongest", "cursed-strength", "feed",
    "protected", "upkeep", "rot", "take-cursed"]
EnchantmentEffect = Literal[
    "gem-per-creature", "gem-per-type", "type-strength", "draw-per-type", "fortune",
    "purify-per-creature", "face-up-only", "shadow", "wonders", "purify-per-type", "chosen"]


class Creature(CardModel):
    """One creature card as the appendix lists it (the same in every player colour)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    number: str = Field(pattern=r"^([1-9][0-9]?|[A-Z])$")
    name: str = Field(min_length=1)
    type: CreatureType
    strength: int | Literal["imps", "cursed"]
    phase: Literal["action", "treasure", "placement", "global"]
    effect: CreatureEffect
    text: str = Field(min_length=1)

    @property
    def is_monster(self) -> bool:
        """True for the monsters A–F (they come from Monster artefacts)."""
        return self.type == "monster"


class Artefact(CardModel):
    """One artefact tile: its pile (points), kind and the effect parameters of that kind."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    pile: Literal["A", "B", "C"]
    kind: Literal["equipment", "monster", "end-of-game"]
    sample: bool = False
    text: str = Field(min_length=1)
    bonus: int = Field(default=0, ge=0, le=9)
    bonus_types: tuple[CreatureType, ...] = ()
    protect: bool = False
    protect_types: tuple[CreatureType, ...] = ()
    action: Literal["stun-adjacent", "discard-cursed"] | None = None
    action_types: tuple[CreatureType, ...] = ()
    monster: str | None = None
    gems: int = Field(default=0, ge=0, le=6)
    discard_cursed: int = Field(default=0, ge=0, le=6)

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Artefact:
        equipment = self.bonus or self.protect or self.action or self.bonus_types
        if self.kind == "equipment" and not (self.bonus or self.protect or self.action):
            raise ValueError("an equipment tile needs a bonus, protect or action")
        if self.kind != "equipment" and equipment:
            raise ValueError("only equipment tiles have bonus, protect or action")
        if (self.kind == "monster") != (self.monster is not None):
            raise ValueError("a monster tile (and only one) names its monster card")
        if (self.kind == "end-of-game") != bool(self.gems or self.discard_cursed):
            raise ValueError("an end-of-game tile (and only one) has gems or discard_cursed")
        if self.action == "stun-adjacent" and not self.action_types:
            raise ValueError("a stun-adjacent action names the action_types it stuns")
        return self

    @property
    def points(self) -> int:
        """What the tile scores at the end: 7, 5 or 3 by its pile."""
        return PILE_POINTS[self.pile]


class Enchantment(CardModel):
    """One enchantment tile: the rule it changes in its dungeon."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    effect: EnchantmentEffect
    type: CreatureType | None = None
    amount: int = Field(default=1, ge=0, le=9)
    sample: bool = False
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _type_when_needed(self) -> Enchantment:
        needs_type = self.effect in ("gem-per-type", "type-strength", "draw-per-type",
                                     "purify-per-type")
        if needs_type != (self.type is not None):
            raise ValueError(f"effect {self.effect!r} {'needs' if needs_type else 'takes no'} type")
        return self


class BoardSide(CardModel):
    """One side of a dungeon board: its name, ring of spaces (clockwise from the statue), letters."""

    name: str = Field(min_length=1)
    ring: tuple[str, ...] = Field(min_length=4, max_length=12)
    artefacts: tuple[Literal["A", "B", "C"], Literal["A", "B", "C"]]

    @model_validator(mode="after")
    def _ring_is_a_dungeon(self) -> BoardSide:
        known = {STATUE, CLOSED, CURSED, *COLOURS}
        unknown = [s for s in self.ring if s not in known]
        if unknown:
            raise ValueError(f"unknown spaces {unknown}; a space is statue, closed, cursed "
                             f"or one of {', '.join(COLOURS)}")
        if self.ring[0] != STATUE or self.ring.count(STATUE) != 1:
            raise ValueError("the ring starts at the statue, and has exactly one")
        if len(self.entrances) < 2:
            raise ValueError("a dungeon needs at least two entrances")
        return self

    @property
    def entrances(self) -> tuple[int, ...]:
        """The ring positions of the entrances, in clockwise order from the statue."""
        return tuple(i for i, s in enumerate(self.ring) if s not in (STATUE, CLOSED))


class Board(CardModel):
    """A double-sided dungeon board for one player count."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    players: int = Field(ge=2, le=4)
    light: BoardSide
    dark: BoardSide

    def side(self, dark: bool) -> BoardSide:
        """The light or dark side."""
        return self.dark if dark else self.light


@dataclass(frozen=True, eq=False)
class Components:
    """Every component of a game box, validated, with look-ups by id."""

    creatures: tuple[Creature, ...]
    artefacts: tuple[Artefact, ...]
    enchantments: tuple[Enchantment, ...]
    boards: tuple[Board, ...]

    def __post_init__(self) -> None:
        for name, items in (("_creatures", self.creatures), ("_artefacts", self.artefacts),
                            ("_enchantments", self.enchantments)):
            object.__setattr__(self, name, {item.id: item for item in items})

    def creature(self, creature_id: str) -> Creature:
        """The creature with this id (KeyError when there is none)."""
        return self._creatures[creature_id]

    def artefact(self, artefact_id: str) -> Artefact:
        """The artefact tile with this id."""
        return self._artefacts[artefact_id]

    def enchantment(self, enchantment_id: str) -> Enchantment:
        """The enchantment tile with this id."""
        return self._enchantments[enchantment_id]

    def boards_for(self, players: int) -> tuple[Board, ...]:
        """The boards used with this many players, in file order."""
        return tuple(b for b in self.boards if b.players == players)


def load_components(folder: str | Path = DATA) -> Components:
    """Load and cross-check the four component files of a folder; one CardDataError if wrong."""
    folder = Path(folder)
    creatures = _load(folder / "creatures.toml", "creature", Creature)
    artefacts = _load(folder / "artefacts.toml", "artefact", Artefact)
    enchantments = _load(folder / "enchantments.toml", "enchantment", Enchantment)
    boards = _load(folder / "boards.toml", "board", Board)
    _check_creatures(str(folder / "creatures.toml"), creatures)
    _check_artefacts(str(folder / "artefacts.toml"), artefacts, creatures)
    _check_boards(str(folder / "boards.toml"), boards)
    return Components(tuple(creatures), tuple(artefacts), tuple(enchantments), tuple(boards))


@cache
def components() -> Components:
    """The kit's components (the appendix's cards and our sample tiles and boards)."""
    return load_components(DATA)


def _load(path: Path, table: str, model: type) -> list:
    cards = parse_cards(str(path), read_toml(path).get(table), model, table)
    require_unique(str(path), cards, "id")
    return cards


def _check_creatures(label: str, creatures: list[Creature]) -> None:
    require_unique(label, creatures, "number")
    require_unique(label, creatures, "name")
    for creature in creatures:
        if (creature.strength == "imps") != (creature.type == "imp"):
            raise CardDataError(label, creature.id, "strength",
                                "imps, and only imps, count the imps of their dungeon")
    if not any(not c.is_monster for c in creatures):
        raise CardDataError(label, None, "creature", "no creature a deck can be made of")


def _check_artefacts(label: str, artefacts: list[Artefact], creatures: list[Creature]) -> None:
    monsters = {c.id for c in creatures if c.is_monster}
    for artefact in artefacts:
        if artefact.monster is not None and artefact.monster not in monsters:
            raise CardDataError(label, artefact.id, "monster",
                                f"{artefact.monster!r} is not a monster of creatures.toml")
    for pile in PILE_POINTS:
        if not any(a.pile == pile for a in artefacts):
            raise CardDataError(label, None, "pile", f"pile {pile} has no tiles")


def _check_boards(label: str, boards: list[Board]) -> None:
    for players, needed in BOARDS_PER_COUNT.items():
        count = sum(1 for b in boards if b.players == players)
        if count != needed:
            raise CardDataError(label, None, "players",
                                f"{players} players use {needed} boards, the file has {count}")
    require_unique(label, [side for b in boards for side in (b.light, b.dark)], "name")
