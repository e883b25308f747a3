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
    """Hands (card texts like `Q♥`, one tuple per wizard), the Boss (set numbers, or `rolled`:
    its Monster's own), Minions, the round, HP, shields, and Glory and coppers won before;
    `deck` keeps that many cards in each deck and commits the rest."""

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
    # The Boss as its Monster was rolled (HP its written HP × wizards less `damage`, ATK its own
    # plus 1 for each earlier round that found the Minion Pool empty), in round `round`.
    rolled: bool = option(False, rule="forge.boss-hp")
    damage: Annotated[int, Field(ge=0)] = option(0, rule="forge.boss-hp")
    round: Annotated[int, Field(ge=1, le=99)] = option(1, rule="forge.refill")
    # After earlier Bosses (boss_no > 0): each wizard's personal Glory and coppers so far.
    glory: tuple[Annotated[int, Field(ge=0)], ...] = option((), rule="forge.glory")
    coppers: tuple[Annotated[int, Field(ge=0)], ...] = option((), rule="forge.kill-coppers")

    @model_validator(mode="after")
    def _rolled(self) -> ForgeScenario:
        """A rolled Boss takes its HP and ATK from its Monster; damage needs an earlier round."""
        if self.rolled and {"boss_hp", "boss_atk"} & self.model_fields_set:
            raise ConfigError("a rolled Boss takes its HP and ATK from its Monster: give `damage`, "
                              "not boss_hp or boss_atk [rule forge.boss-hp]")
        if self.damage and not self.rolled:
            raise ConfigError("`damage` applies to a rolled Boss (rolled=True) [rule forge.boss-hp]")
        if self.damage and self.round == 1:
            raise ConfigError("a Boss takes damage only in a round already played: give round 2 or "
                              "later [rule forge.boss-hp]")
        if self.rolled and self.minions > self.round - 1:
            raise ConfigError(f"{self.minions} Minion(s) in round {self.round}: one joins at the end "
                              "of each round [rule forge.summon]")
        return self

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
        for name, values in (("hp", self.hp), ("shield", self.shield), ("glory", self.glory),
                             ("coppers", self.coppers)):
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
        if scenario.deck is not None:  # the cards drawn and gone before this round: committed
            s.committed[w] = sorted(s.decks[w][scenario.deck:])
            s.decks[w] = s.decks[w][:scenario.deck]
    if scenario.inscribed:
        s.inscribed = [dict(d) for d in s.inscribed]
        for w, card, page in scenario.inscribed:
            s.inscribed[w][parse_card(card)] = page
        s.reckon_dodge_values()
    _lay_out(s, scenario)
    if scenario.rolled:
        _roll_boss(s, scenario, events)
    else:
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


def _roll_boss(s: ForgeState, scenario: ForgeScenario, events: Events) -> None:
    """The Boss at its Monster's own numbers, as they stand in the scenario's round."""
    from tablekit.forge.band import labelled_stats
    stats = labelled_stats(s.monsters[s.boss], s.game.pool)
    full = stats["hp"] * s.wizards
    if scenario.damage >= full:
        raise ConfigError(f"{scenario.damage} damage would defeat a Boss of {full} HP "
                          "[rule forge.boss-hp]")
    if s.minion_pool and len(s.minions) != scenario.round - 1:
        raise ConfigError(f"round {scenario.round} with Monsters left in the pool has "
                          f"{scenario.round - 1} Minion(s), not {len(s.minions)} [rule forge.summon]")
    if sum(scenario.glory) != s.boss_no:
        raise ConfigError(f"{s.boss_no} Boss(es) defeated before give {s.boss_no} personal Glory "
                          f"in all, not {sum(scenario.glory)} [rule forge.glory]")
    s.band_glory = [s.boss_no] * s.wizards  # every band gains 1 per Boss killed
    if scenario.glory:
        s.glory = list(scenario.glory)
    if scenario.coppers:
        s.coppers = list(scenario.coppers)
    grown = scenario.round - 1 - len(s.minions)  # rounds that found the pool empty
    s.boss_hp, s.boss_atk, s.round = full - scenario.damage, stats["atk"] + grown, scenario.round
    events.add("forge.boss-hp", "A set table in round {r} of Boss {no}: {boss} ({written} written "
               "HP × {n} = {full}{hurt}), ATK {atk}{more}.", r=scenario.round, no=s.boss_no + 1,
               boss=s.monster_name(s.boss), written=stats["hp"], full=full,
               n=f"{s.wizards} wizard{'s' if s.wizards > 1 else ''}",
               hurt=f", {scenario.damage} already dealt: {s.boss_hp} left" if scenario.damage else "",
               atk=s.boss_atk, more=f" ({stats['atk']} + {grown} for the empty Minion Pool)" if grown else "")
