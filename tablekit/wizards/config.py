"""Wizards & Co. options as one config model, and the scenario schema for lessons and puzzles."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, model_validator

from tablekit.core.config import GameConfig, Schema, option
from tablekit.core.errors import ConfigError
from tablekit.wizards.cards import components

CreatureIds = tuple[str, ...]
SlotSpec = tuple[StrictInt, str, StrictBool] | tuple[StrictInt, str, StrictBool, str]


class DungeonSpec(Schema):
    """One dungeon of a scenario: its side, the creatures on its spaces, its tiles."""

    dark: StrictBool = False
    slots: dict[int, SlotSpec] = {}
    artefacts: tuple[str, ...] = ()
    enchantment: str = "of-radiance"


class WizardsScenario(Schema):
    """A set position: dungeons, hands, decks (top card last), gems and tiles per player."""

    dungeons: tuple[DungeonSpec, ...] = ()
    hands: tuple[CreatureIds, ...] = ()
    decks: tuple[CreatureIds, ...] = ()
    gems: tuple[dict[str, Annotated[StrictInt, Field(ge=0)]], ...] = ()
    cursed: tuple[Annotated[StrictInt, Field(ge=0)], ...] = ()
    artefacts: tuple[tuple[str, ...], ...] = ()
    stack: tuple[str, ...] = ()
    active: Annotated[StrictInt, Field(ge=0, le=3)] = 0
    battle: Annotated[StrictInt, Field(ge=0, le=2)] | None = option(None, rule="wizards.battle-token")


class WizardsConfig(GameConfig):
    """The options of a Wizards & Co. game."""

    players: Literal[2, 3, 4] = option(2, rule="wizards.setup-boards")
    advanced: StrictBool = False
    deck: Literal["standard", "partial", "random"] | CreatureIds | None = option(
        None, rule="wizards.deck-standard")
    artefact_effects: StrictBool | None = option(None, rule="wizards.equipment")
    enchantment_effects: StrictBool | None = option(None, rule="wizards.enchantment")
    hand_size: Annotated[StrictInt, Field(ge=1, le=10)] = option(3, rule="wizards.setup-decks")
    seat_decks: tuple[CreatureIds, ...] | None = option(None, rule="wizards.deck-random")
    scenario: WizardsScenario | None = None

    @model_validator(mode="after")
    def _cards_exist(self) -> WizardsConfig:
        """A custom deck is ten different creatures; a scenario sets up a legal table."""
        if isinstance(self.deck, tuple):
            _check_deck(self.deck)
        if self.seat_decks is not None:
            _check_seat_decks(self)
        if self.scenario is not None:
            from tablekit.wizards.scenario import from_config  # scenario builds on this module
            from_config(self)
        return self

    def resolved(self) -> dict[str, Any]:
        """The rules' switches with the advanced game's defaults filled in."""
        advanced = self.advanced
        deck = self.deck if self.deck is not None else ("partial" if advanced else "standard")
        return {"players": self.players, "advanced": advanced,
                "deck": list(deck) if isinstance(deck, tuple) else deck,
                "artefact_effects": advanced if self.artefact_effects is None else self.artefact_effects,
                "enchantment_effects": (advanced if self.enchantment_effects is None
                                        else self.enchantment_effects),
                "hand_size": self.hand_size}


def _check_seat_decks(config: WizardsConfig) -> None:
    """Each seat's own deck (the deck study, not the rules): one legal deck per player, no scenario."""
    if len(config.seat_decks) != config.players:
        raise ConfigError(f"seat_decks gives {len(config.seat_decks)} decks for {config.players} players; "
                          "give one deck per seat [rule wizards.deck-random]")
    if config.scenario is not None:
        raise ConfigError("seat_decks and a scenario both set the decks; give one of them "
                          "[rule wizards.deck-random]")
    for deck in config.seat_decks:
        _check_deck(deck)


def _check_deck(deck: CreatureIds) -> None:
    known = {c.id for c in components().creatures if not c.is_monster}
    unknown = [c for c in deck if c not in known]
    if unknown or len(deck) != 10 or len(set(deck)) != 10:
        raise ConfigError(f"a custom deck is ten different creatures (no monsters); got {list(deck)!r}"
                          f"{'; unknown: ' + ', '.join(unknown) if unknown else ''} "
                          "[rule wizards.deck-random]")
