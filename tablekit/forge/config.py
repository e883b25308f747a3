"""DeckNForge options as one config model: wizards, Hero values, inscriptions, data files."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, field_validator, model_validator

from tablekit.core.config import GameConfig, option
from tablekit.core.errors import ConfigError
from tablekit.forge.scenario import ForgeScenario


class ForgeConfig(GameConfig):
    """The options of a DeckNForge dungeon."""

    wizards: Annotated[StrictInt, Field(ge=1, le=5)] = option(1, rule="forge.player-counts")
    hero_values: tuple[int, int, int] = option((11, 12, 13), rule="forge.hero-values")
    inscriptions: Literal["starter", "none"] = option("starter",
                                                      rule="forge.starting-inscriptions")
    dungeon: Annotated[StrictInt, Field(ge=1, le=99)] = option(1, rule="forge.label")
    mythics: StrictBool = option(True, rule="forge.mythic")
    book: str | None = option(None, rule="forge.inscription")
    labels: str | None = option(None, rule="forge.label-effect")
    campaign: dict[str, Any] | None = option(None, rule="forge.record")
    # Wizard 1's inscriptions (card -> Book page) in place of `inscriptions` for that seat, paid
    # from the table's starting coppers: how the planner puts a candidate plan on the table.
    plan: dict[str, str] | None = option(None, rule="forge.starting-inscriptions")
    # What a finished dungeon scores: "win" 1 or 0; "margin" a loss the share of the six Bosses
    # defeated (0 to 5/6), a win 1 plus the party's HP left over its starting HP (heals may take it past 2).
    score: Literal["win", "margin"] = option("win", rule="forge.win")
    scenario: ForgeScenario | None = None

    @property
    def players(self) -> int:
        """How many wizards (seats) play."""
        return self.wizards

    @field_validator("hero_values")
    @classmethod
    def _heroes(cls, value: tuple[int, int, int]) -> tuple[int, int, int]:
        """Hero face values are whole numbers from 1 to 20."""
        if any(not 1 <= v <= 20 for v in value):
            raise ValueError("Hero face values must be 1 to 20")
        return value

    @model_validator(mode="after")
    def _plan_without_campaign(self) -> ForgeConfig:
        """The `plan` option inscribes a sampled band, so a campaign (whose bands keep theirs) refuses it."""
        if self.plan is not None and self.campaign is not None:
            raise ConfigError("forge option plan applies to sampled bands, not a campaign: a campaign's "
                              "bands keep their own inscriptions [rule forge.starting-inscriptions]")
        return self

    @model_validator(mode="after")
    def _data_files(self) -> ForgeConfig:
        """The Book, the label pool and the campaign load (ConfigError naming the file)."""
        from tablekit.forge.setup import campaign_bands, game_data  # setup builds on this module
        book, _ = game_data(self)
        if self.campaign is not None:
            campaign_bands(self, book)
        if self.scenario is not None:
            self.scenario.check(self.wizards, book)
        if self.plan is not None:
            from tablekit.forge.setup import check_plan
            check_plan(self.plan, book)
        return self
