"""Deckula! options as one config model, and the scenario schema of lesson tables."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, model_validator

from tablekit.core.config import GameConfig, Schema, option
from tablekit.core.errors import ConfigError
from tablekit.deckula.cards import CardSet, card_file_set, sample_set

START_ENERGY = 2
CardIds = tuple[str, ...]


class DeckulaScenario(Schema):
    """A hand-made table: zones of card ids (the draw pile listed top first) and energy."""

    offer: CardIds = option((), rule="deckula.setup-deal")
    draw: CardIds = option((), rule="deckula.draw")
    home: CardIds = ()
    threat: CardIds = ()
    set_aside: CardIds = ()
    discard: CardIds = ()
    energy: Annotated[StrictInt, Field(ge=0)] = option(START_ENERGY, rule="deckula.lesson-table")

    @model_validator(mode="after")
    def _playable(self) -> DeckulaScenario:
        """Three cards to keep from (or none), and something to draw."""
        if self.offer and len(self.offer) != 3:
            raise ConfigError("a scenario offer must hold exactly 3 cards [rule deckula.setup-deal]")
        if not self.draw:
            raise ConfigError("a scenario needs at least one card in the draw pile [rule deckula.draw]")
        return self

    def zones(self) -> dict[str, CardIds]:
        """Zone name -> card ids, in the order the table is laid out."""
        return {zone: getattr(self, zone) for zone in SCENARIO_ZONES}


SCENARIO_ZONES = ("offer", "draw", "home", "threat", "set_aside", "discard")


class DeckulaConfig(GameConfig):
    """The options of a Deckula! game."""

    difficulty: Literal["beginner", "hard", "harder", "custom"] = option(
        "beginner", rule="deckula.difficulty")
    visitors: CardIds | None = option(None, rule="deckula.setup-visitors")
    hard_replaces: Literal["both", "vagabond", "quaintrelle"] = option(
        "both", rule="deckula.difficulty")
    card_file: str | None = None
    setup_card_effects: StrictBool = True
    scenario: DeckulaScenario | None = None

    @property
    def players(self) -> int:
        """Deckula! is a solo game."""
        return 1

    @property
    def cards(self) -> CardSet:
        """The sample set, or the user's card file (loaded once until the file changes)."""
        return sample_set() if self.card_file is None else card_file_set(self.card_file)

    @model_validator(mode="before")
    @classmethod
    def _custom_when_visitors_named(cls, data: Any) -> Any:
        """Naming the Visitors makes the difficulty 'custom'."""
        if isinstance(data, dict) and data.get("visitors") is not None:
            return {**data, "difficulty": "custom"}
        return data

    @model_validator(mode="after")
    def _fits_the_card_set(self) -> DeckulaConfig:
        """The Visitors, the difficulty and the scenario's cards exist in the card set."""
        from tablekit.deckula.setup import check_difficulty  # setup builds on this module

        cards = self.cards
        if self.visitors is not None:
            _check_custom_visitors(cards, self.visitors)
        elif self.difficulty == "custom":
            raise ConfigError("difficulty 'custom' needs a visitors=[...] list [rule deckula.difficulty]")
        else:
            check_difficulty(cards, self.difficulty, self.hard_replaces)
        if self.scenario is not None:
            for card_id in (i for ids in self.scenario.zones().values() for i in ids):
                cards.by_id(card_id)
        return self


def _check_custom_visitors(cards: CardSet, visitors: CardIds) -> None:
    """A custom list: one or more distinct Visitor ids of the card set (ConfigError otherwise)."""
    if not visitors:
        raise ConfigError("a custom visitors=[...] list needs at least one Visitor [rule deckula.setup-visitors]")
    known = {v.id for v in cards.visitors}
    unknown = [v for v in visitors if v not in known]
    if unknown or len(set(visitors)) != len(visitors):
        raise ConfigError(f"custom Visitors must be distinct Visitor ids of the card set; "
                          f"unknown or repeated: {unknown or list(visitors)} [rule deckula.difficulty]")
