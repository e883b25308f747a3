"""Runes of Wyrd options as one config model: Heroes, ready plans, preparation and duel switches."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, model_validator

from tablekit.core.config import GameConfig, Schema, option
from tablekit.core.errors import CardDataError, ConfigError
from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import HEROES, Card, Rarity, worked_out
from tablekit.runes.preparation import Plan, PrepOptions

HeroId = Literal["skorta", "mikal-finnvard", "ash", "torstein"]
Slot = tuple[StrictInt, StrictInt]


class PlanSpec(Schema):
    """A ready plan: four Chapters of card ids, their Initiative, the Threads of Fate."""

    chapters: tuple[tuple[str, ...], ...]
    initiative: tuple[tuple[StrictInt, ...], ...] | None = None
    threads: tuple[tuple[Slot, Slot], ...] = ()

    def plan(self) -> Plan:
        """The plan as the preparation code reads it."""
        return Plan.of(self.chapters, self.initiative, self.threads)


ReadyPlan = PlanSpec | Literal["sample"] | None


class RunesScenario(Schema):
    """A lesson's duel: two Heroes with locked decks (card ids, played first to last)."""

    heroes: tuple[HeroId, HeroId]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    health: tuple[Annotated[StrictInt, Field(ge=1)] | None,
                  Annotated[StrictInt, Field(ge=1)] | None] = (None, None)
    temperature: tuple[Annotated[StrictInt, Field(ge=-2, le=2)],
                       Annotated[StrictInt, Field(ge=-2, le=2)]] = (0, 0)

    def check(self, cards: Mapping[str, Card]) -> None:
        """Each deck holds 1 to 20 cards of the pool."""
        for player, deck in enumerate(self.decks):
            unknown = [c for c in deck if c not in cards]
            if not deck or len(deck) > 20 or unknown:
                raise ConfigError(f"scenario deck {player + 1} must hold 1 to 20 card ids of "
                                  f"the pool; unknown: {unknown} [rule runes.deck-size]")


class RunesConfig(GameConfig):
    """The options of a Runes of Wyrd match."""

    heroes: tuple[HeroId | None, HeroId | None] = option((None, None), rule="runes.duel")
    plans: tuple[ReadyPlan, ReadyPlan] = option((None, None), rule="runes.preparation")
    hero_cards_only: StrictBool = option(True, rule="runes.wish-hero")
    wyrd_points: Annotated[StrictInt, Field(ge=0)] = option(25, rule="runes.wyrd-points")
    thread_cost: Annotated[StrictInt, Field(ge=0)] = option(2, rule="runes.thread-cost")
    turn_limit: Annotated[StrictInt, Field(ge=1)] = option(60, rule="runes.turn-limit")
    draw_score: Annotated[float, Field(ge=0, le=1)] = option(0.5, rule="runes.turn-limit")
    fatigue_health: Annotated[StrictInt, Field(ge=0)] = option(5, rule="runes.fatigue")
    fatigue_armor: Annotated[StrictInt, Field(ge=0)] = option(1, rule="runes.fatigue")
    fatigue_defeat: Annotated[StrictInt, Field(ge=1)] = option(3, rule="runes.fatigue")
    true_damage_hits_shield: StrictBool = option(False, rule="runes.true-damage")
    attune_turns: Annotated[StrictInt, Field(ge=1, le=3)] = option(2, rule="runes.attunement")
    performance_turns: Annotated[StrictInt, Field(ge=1, le=3)] = option(2, rule="runes.perform")
    first_player: Literal[0, 1] | None = option(None, rule="runes.duel")
    vengeance_on_entry: StrictBool = option(False, rule="runes.oath-vengeance")
    spiritual_melee: StrictBool = option(True, rule="runes.spiritual-attack")
    card_file: str | None = option(None, rule="runes.deck-size")
    scenario: RunesScenario | None = None

    @property
    def players(self) -> int:
        """A duel: two players."""
        return 2

    @cached_property
    def prep(self) -> PrepOptions:
        """The preparation switches."""
        return PrepOptions(wyrd_points=self.wyrd_points, thread_cost=self.thread_cost)

    def duel_options(self, first_player: int) -> DuelOptions:
        """The duel switches, with who acts first."""
        return DuelOptions(
            turn_limit=self.turn_limit, draw_score=self.draw_score,
            fatigue_health=self.fatigue_health, fatigue_armor=self.fatigue_armor,
            fatigue_defeat=self.fatigue_defeat,
            true_damage_hits_shield=self.true_damage_hits_shield,
            attune_turns=self.attune_turns, performance_turns=self.performance_turns,
            first_player=first_player, vengeance_on_entry=self.vengeance_on_entry,
            spiritual_melee=self.spiritual_melee)

    @property
    def cards(self) -> dict[str, Card]:
        """The card pool of the match: the sample, or the card file's."""
        from tablekit.runes.game import pool
        return pool(self.card_file)

    def buildable(self, hero: str) -> bool:
        """True when the pool holds Common copies enough to fill a deck for `hero`."""
        cards, own_only = self.cards, self.hero_cards_only
        return worked_out(cards, ("buildable", hero, own_only),
                          lambda: _commons_fill_a_deck(cards, hero, own_only))

    @model_validator(mode="after")
    def _plans_are_legal(self) -> RunesConfig:
        """A ready plan needs its player's Hero and must be a legal prepared deck."""
        from tablekit.runes.decks import plan_from_data, sample_plan
        cards = self.cards
        if self.scenario is not None:
            self.scenario.check(cards)
        if not any(self.buildable(hero) for hero in HEROES):
            raise ConfigError("the card pool cannot fill a deck for any Hero: it needs twenty "
                              "Common copies a Hero may use [rule runes.deck-size]")
        for player, plan in enumerate(self.plans):
            hero = self.heroes[player]
            if plan is None:
                if hero is not None and not self.buildable(hero):
                    raise ConfigError(f"the card pool cannot fill a deck for {hero} "
                                      "[rule runes.deck-size]")
                continue
            if hero is None:
                raise ConfigError(f"player {player + 1}'s ready plan needs heroes[{player}] "
                                  "[rule runes.preparation]")
            ready = sample_plan(hero) if plan == "sample" else plan.plan()
            table = {"hero": hero, "chapters": ready.chapters, "initiative": ready.initiative,
                     "threads": ready.threads}
            try:
                plan_from_data("config", f"player {player + 1}", table, cards, self.prep)
            except CardDataError as exc:
                raise ConfigError(str(exc)) from None
        return self


def _commons_fill_a_deck(cards: Mapping[str, Card], hero: str, hero_cards_only: bool) -> bool:
    """True when the pool's Commons that `hero` may use add up to twenty copies."""
    commons = [c for c in cards.values() if c.rarity is Rarity.COMMON
               and (not hero_cards_only or c.hero in (None, hero))]
    return sum(c.copy_limit for c in commons) >= 20
