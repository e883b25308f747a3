"""Deckula! card data: the TOML schema, validation, and the card set a game is dealt from."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from tablekit.core.cards import CardModel, parse_cards, read_toml, require_unique
from tablekit.core.errors import CardDataError

DATA = Path(__file__).resolve().parent / "data"
SAMPLE_SET = DATA / "cards.toml"
HOME_SWEET_HOME = "home-sweet-home"
BEGINNER_VISITORS = ("hapless-vagabond", "curious-quaintrelle", "furious-farmer",
                     "vengeful-villager")
IN_PLAY_TARGETS = ("chosen_visitor", "chosen_home", "highest_home", "trigger", "self")
OP_TARGETS = {"kill": IN_PLAY_TARGETS, "blank": IN_PLAY_TARGETS, "recover": ("chosen_discard",),
              "end_game": ("none",), "lose_energy": ("none",), "summon": ("none",), "bury": ("none",)}
CARD_FILES_KEPT = 16


class Effect(CardModel):
    """One effect printed on a card: when it happens and what it does."""

    timing: Literal["instant", "discard", "passive"]
    op: Literal["kill", "blank", "end_game", "lose_energy", "summon", "recover", "bury"]
    target: Literal["chosen_visitor", "chosen_home", "highest_home", "chosen_discard",
                    "trigger", "self", "none"] = "none"
    trigger: Literal["enters_threat", "enters_home", "enters_play"] | None = None
    filter: str = "any"
    amount: int = Field(default=1, ge=0)
    or_end: bool = False
    beneath: bool = False
    capacity: int | None = Field(default=None, ge=1)
    unless_tag: str | None = None
    min_visitors: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> Effect:
        if (self.timing == "passive") != (self.trigger is not None):
            raise ValueError("a passive effect needs a trigger, and only passives have one")
        if self.target == "trigger" and self.timing != "passive":
            raise ValueError("target 'trigger' only makes sense for a passive effect")
        if self.op in ("kill", "blank", "recover") and self.target == "none":
            raise ValueError(f"op {self.op!r} needs a target")
        if self.beneath and self.op != "kill":
            raise ValueError("only a kill can put a card beneath")
        return self


class CardSpec(CardModel):
    """One card as written in the card file."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    visitor: bool = False
    special: Literal["home"] | None = None
    vp: int = 0
    arrow: Literal["threat", "home"] | None = None
    copies: int = Field(default=1, ge=1, le=10)
    tags: tuple[str, ...] = ()
    text: str = ""
    vp_per_beneath: int = 0
    vp_per_tag: int = 0
    scoring_tag: str | None = None
    effect: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> CardSpec:
        if self.vp_per_tag and not self.scoring_tag:
            raise ValueError("vp_per_tag needs a scoring_tag")
        return self


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card of a dealt game (copies of a spec are distinct cards)."""

    uid: int
    spec: CardSpec
    instants: tuple[int, ...] = ()
    discard_effect: int = -1
    passive: bool = False

    @classmethod
    def deal(cls, uid: int, spec: CardSpec) -> Card:
        """A card with its effect indexes worked out once (they are looked up every turn)."""
        timings = [e.timing for e in spec.effect]
        instants = tuple(i for i, t in enumerate(timings) if t == "instant")
        discard = timings.index("discard") if "discard" in timings else -1
        return cls(uid, spec, instants, discard, "passive" in timings)

    @property
    def name(self) -> str:
        """The printed name."""
        return self.spec.name

    def __str__(self) -> str:
        return self.spec.name


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: cheap cache keys
class CardSet:
    """A validated card set: castle cards, Visitors and Home Sweet Home."""

    source: str
    specs: tuple[CardSpec, ...]
    sample: bool

    def by_id(self, card_id: str) -> CardSpec:
        """The spec with this id; CardDataError when there is none."""
        for spec in self.specs:
            if spec.id == card_id:
                return spec
        raise CardDataError(self.source, card_id, "id", "no card with this id in the set")

    @property
    def visitors(self) -> tuple[CardSpec, ...]:
        """The Visitor cards (V symbol)."""
        return tuple(s for s in self.specs if s.visitor)

    @property
    def castle(self) -> tuple[CardSpec, ...]:
        """The cards shuffled at setup: neither Visitors nor Home Sweet Home."""
        return tuple(s for s in self.specs if not s.visitor and s.special is None)

    @property
    def home_sweet_home(self) -> CardSpec:
        """The Home Sweet Home card, always added to the draw pile."""
        return next(s for s in self.specs if s.special == "home")


def load_card_set(path: str | Path = SAMPLE_SET, text: str | None = None) -> CardSet:
    """Load and check a Deckula card file; one CardDataError names what is wrong."""
    label = str(path)
    data = read_toml(path, text)
    specs = parse_cards(label, data.get("card"), CardSpec)
    require_unique(label, specs, "id")
    _check_set(label, specs)
    return CardSet(label, tuple(specs), bool(data.get("sample", False)))


@cache
def sample_set() -> CardSet:
    """The kit's original sample card set."""
    return load_card_set(SAMPLE_SET)


_CARD_FILES: dict[Path, tuple[tuple[int, int], CardSet]] = {}  # resolved path -> (mtime_ns, size), set


def card_file_set(path: str | Path) -> CardSet:
    """A user's card file, read again only when it changes (same path, mtime and size: same CardSet)."""
    resolved = Path(path).resolve()
    try:
        stat = resolved.stat()
    except OSError:
        return load_card_set(path)  # the loader names the file in its CardDataError
    version = (stat.st_mtime_ns, stat.st_size)
    cached = _CARD_FILES.get(resolved)
    if cached is not None and cached[0] == version:
        return cached[1]
    cards = load_card_set(path)
    _CARD_FILES.pop(resolved, None)
    if len(_CARD_FILES) >= CARD_FILES_KEPT:
        del _CARD_FILES[next(iter(_CARD_FILES))]  # the file loaded longest ago
    _CARD_FILES[resolved] = (version, cards)
    return cards


def _check_set(label: str, specs: list[CardSpec]) -> None:
    homes = [s for s in specs if s.special == "home"]
    if len(homes) != 1:
        raise CardDataError(label, None, "special", f"needs exactly one Home Sweet Home card, found {len(homes)}")
    castle = sum(s.copies for s in specs if not s.visitor and s.special is None)
    if castle < 3:
        raise CardDataError(label, None, "card", f"setup deals 3 castle cards; the set has {castle}")
    if sum(1 for s in specs if s.visitor) < 5:
        raise CardDataError(label, None, "visitor", "a game needs at least 5 distinct Visitors")
    ids = {s.id for s in specs}
    for spec in specs:
        for effect in spec.effect:
            _check_effect(label, spec, effect, ids)


def _check_effect(label: str, spec: CardSpec, effect: Effect, ids: set[str]) -> None:
    if effect.filter not in ("visitor", "castle", "any") and effect.filter not in ids:
        raise CardDataError(label, spec.id, "effect.filter", f"names unknown card {effect.filter!r}")
    if effect.beneath and not spec.vp_per_beneath:
        raise CardDataError(label, spec.id, "vp_per_beneath",
                            "a card that keeps Visitors beneath it must say what they score")
    if effect.timing == "discard" and effect.target == "trigger":
        raise CardDataError(label, spec.id, "effect.target", "a Discard effect has no trigger")
    _check_op_target(label, spec, effect)


def _check_op_target(label: str, spec: CardSpec, effect: Effect) -> None:
    """Refuse an op paired with a target it cannot act on (it would fail mid-game)."""
    allowed = OP_TARGETS[effect.op]
    if effect.target not in allowed:
        wanted = "no target" if allowed == ("none",) else "target " + " or ".join(repr(t) for t in allowed)
        raise CardDataError(label, spec.id, "effect.target",
                            f"op {effect.op!r} cannot act on target {effect.target!r}: it takes {wanted}")
    if effect.timing == "discard" and effect.target == "self":
        raise CardDataError(label, spec.id, "effect.target",
                            "a Discard effect's card is already on the discard pile: it cannot act on itself")
    if effect.timing == "discard" and effect.op == "blank":
        raise CardDataError(label, spec.id, "effect.op", "a blank lasts while its card stays in play, "
                            "and a Discard effect's card has already left: the blank would lapse at once")
