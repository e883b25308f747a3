"""Scenarios: a dungeon laid out by hand (lessons, puzzles and tests) at the start of a round."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, model_validator

from tablekit.core.config import Schema, option
from tablekit.core.errors import ConfigError
from tablekit.core.game import Events
from tablekit.forge.cards import DECK_SIZE, Book, parse_card

if TYPE_CHECKING:
    from tablekit.forge.config import ForgeConfig
    from tablekit.forge.state import ForgeState

Cards = tuple[str, ...]


class ForgeScenario(Schema):
    """Hands (card texts like `Q♥`, one tuple per wizard), the Boss, Minions, HP and shields."""

    hands: tuple[Cards, ...] = option((), rule="forge.plot")
    boss_hp: Annotated[int, Field(ge=1)] = option(30, rule="forge.boss-hp")
    boss_atk: Annotated[int, Field(ge=0)] = option(3, rule="forge.boss-attack")
    boss_no: Annotated[int, Field(ge=0, le=5)] = option(0, rule="forge.bosses")
    legend: bool = option(False, rule="forge.legend-bonus")
    minions: Annotated[int, Field(ge=0)] = option(0, rule="forge.minion-strike")
    pool: Annotated[int, Field(ge=0)] | None = option(None, rule="forge.summon")
    deck: Annotated[int, Field(ge=0, le=DECK_SIZE)] | None = option(None, rule="forge.empty-deck")
    hp: tuple[Annotated[int, Field(ge=1)], ...] = option((), rule="forge.knocked-out")
    shield: tuple[Annotated[int, Field(ge=0)], ...] = option((), rule="forge.convert-spade")
    inscribed: tuple[tuple[int, str, str], ...] = option((), rule="forge.inscription")
    active: Annotated[int, Field(ge=0, le=4)] = option(0, rule="forge.active-wizard")

    @model_validator(mode="after")
    def _cards(self) -> ForgeScenario:
        """Real cards, none twice in one hand."""
        for w, hand in enumerate(self.hands):
            try:
                locals_ = [parse_card(c) for c in hand]
            except ValueError as exc:
                raise ConfigError(f"scenario hand {w + 1}: {exc}") from None
            if len(set(locals_)) != len(locals_):
                raise ConfigError(f"scenario hand {w + 1} holds a card twice [rule forge.band]")
        return self

    def check(self, wizards: int, book: Book) -> None:
        """Refuse a scenario that does not fit the table (ConfigError)."""
        if self.hands and len(self.hands) != wizards:
            raise ConfigError(f"the scenario gives {len(self.hands)} hands for {wizards} wizards")
        for name, values in (("hp", self.hp), ("shield", self.shield)):
            if values and len(values) != wizards:
                raise ConfigError(f"the scenario's {name} needs one number per wizard")
        if self.active >= wizards:
            raise ConfigError(f"active wizard {self.active + 1} is not at a table of {wizards}")
        for w, card, page in self.inscribed:
            if not 0 <= w < wizards or page not in book:
                raise ConfigError(f"scenario inscription {w}, {card}, {page!r} names no wizard "
                                  "or no page of the Book [rule forge.inscription]")


def scenario_state(config: ForgeConfig, rng: random.Random, events: Events) -> ForgeState:
    """A dungeon dealt as usual, then laid out as the scenario says, at a round's Plot."""
    from tablekit.forge import round as rnd
    from tablekit.forge.setup import game_data, initial_state
    scenario = config.scenario
    assert scenario is not None
    book, _ = game_data(config)
    s = initial_state(config, rng, Events(None))
    scenario.check(s.wizards, book)
    for w, texts in enumerate(scenario.hands):
        chosen = [w * DECK_SIZE + parse_card(t) for t in texts]
        everything = sorted(s.hands[w] + s.decks[w])
        s.hands[w] = chosen
        s.decks[w] = [c for c in everything if c not in chosen]
        rng.shuffle(s.decks[w])
        if scenario.deck is not None:
            s.decks[w] = s.decks[w][:scenario.deck]
    if scenario.inscribed:
        s.inscribed = [dict(d) for d in s.inscribed]
        for w, card, page in scenario.inscribed:
            s.inscribed[w][parse_card(card)] = page
        s.reckon_dodge_values()
    _lay_out(s, scenario)
    events.add("forge.boss-hp", "A set table: {boss} with {hp} HP and ATK {atk}.",
               boss=s.monster_name(s.boss), hp=s.boss_hp, atk=s.boss_atk)
    rnd.begin_round(s, events)
    return s


def _lay_out(s: ForgeState, scenario: ForgeScenario) -> None:
    """Boss, Minions, HP, shields and the active wizard."""
    from dataclasses import replace
    s.boss_no = scenario.boss_no
    boss = s.boss
    if scenario.legend:
        s.monsters[boss] = replace(s.monsters[boss], legend=True)
    s.boss_hp, s.boss_atk = scenario.boss_hp, scenario.boss_atk
    s.armor = s.regen = s.doom = 0
    spare = [m for m in range(len(s.monsters)) if m not in s.bosses]
    if scenario.minions > len(spare):
        raise ConfigError(f"only {len(spare)} Monsters are left outside the six Bosses for "
                          f"{scenario.minions} Minions [rule forge.bosses]")
    s.minions = spare[:scenario.minions]
    rest = spare[scenario.minions:]
    s.minion_pool = rest if scenario.pool is None else rest[:scenario.pool]
    if scenario.hp:
        s.hp = list(scenario.hp)
    if scenario.shield:
        s.shield = list(scenario.shield)
    s.active = scenario.active
