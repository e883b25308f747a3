"""Deck of Wonders options as one config model, and the scenario schema of set positions."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, field_validator, model_validator

from tablekit.core.config import GameConfig, Schema, option
from tablekit.core.errors import ConfigError, SaveFileError
from tablekit.wonders.campaign import Campaign, all_packs
from tablekit.wonders.cards import CardEntry, Catalog, default_catalog
from tablekit.wonders.state import MAX_ROUNDS

COLLECTION_SIZE = 28
DeckMethod = Literal["recommended", "picked", "random"]
CardIds = tuple[str, ...]
Health = Annotated[StrictInt, Field(ge=1)]


class WondersScenario(Schema):
    """A set position in the player's turn: which cards (ids) lie where, and the health totals.

    `draw` lists the draw pile from the top down; `exhausted` names player minions (by id)
    that are exhausted; every other minion is ready.
    """

    villain: str = option("cullin", rule="wonders.villain-select")
    hand: CardIds = ()
    player_minions: CardIds = ()
    villain_minions: CardIds = ()
    draw: CardIds = ()
    discard: CardIds = ()
    exhausted: CardIds = ()
    player_health: Health | None = option(None, rule="wonders.villain-select")
    villain_health: Health | None = option(None, rule="wonders.villain-select")
    opening: StrictBool = False

    @model_validator(mode="after")
    def _known_and_possible(self) -> WondersScenario:
        """Every card and the Villain exist, health within the start, exhausted minions in play."""
        catalog = default_catalog()
        if self.villain not in catalog.villains:
            raise ConfigError(f"wonders: scenario villain {self.villain!r} is unknown; choose one "
                              f"of {', '.join(catalog.villains)} [rule wonders.villain-select]")
        for place in ("hand", "player_minions", "villain_minions", "draw", "discard", "exhausted"):
            unknown = [c for c in getattr(self, place) if c not in catalog.cards]
            if unknown:
                raise ConfigError(f"wonders: scenario {place} names unknown card ids {unknown}")
        villain = catalog.villains[self.villain]
        for key, most in (("player_health", villain.player_health),
                          ("villain_health", villain.health)):
            if (getattr(self, key) or 0) > most:
                raise ConfigError(f"wonders: scenario {key} {getattr(self, key)} is above the "
                                  f"starting health {most} of this game [rule "
                                  "wonders.villain-select]")
        minions = list(self.player_minions)
        for card_id in self.exhausted:
            if card_id not in minions:
                raise ConfigError(f"wonders: scenario exhausted names {card_id!r}, which is not "
                                  "(or not that often) among player_minions")
            minions.remove(card_id)
        return self


class WondersConfig(GameConfig):
    """The options of one game: Villain (and co-op partner's), draw piles, campaign, scenario.

    `scenario` starts from a set position instead of a deal; `borrowed_rules` adds rules cards
    (Legacy pack ids) of Villains whose Fated Form you beat.
    """

    villain: str = option("cullin", rule="wonders.villain-select")
    deck: DeckMethod = option("recommended", rule="wonders.draw-pile-methods")
    picks: CardIds = option((), rule="wonders.draw-pile")
    coop_villain: str | None = option(None, rule="wonders.coop")
    coop_deck: DeckMethod = option("recommended", rule="wonders.draw-pile-methods")
    coop_picks: CardIds = option((), rule="wonders.draw-pile")
    campaign: dict[str, Any] | None = option(None, rule="wonders.legacy-pack")
    max_rounds: Annotated[StrictInt, Field(ge=1)] = MAX_ROUNDS
    scenario: WondersScenario | None = None
    borrowed_rules: CardIds = option((), rule="wonders.fated-form")

    @property
    def players(self) -> int:
        """One player solo, two in co-op."""
        return 1 if self.coop_villain is None else 2

    @property
    def progress(self) -> Campaign:
        """The campaign this game belongs to (an empty one outside a campaign)."""
        return Campaign.from_json(self.campaign) if self.campaign is not None else Campaign()

    @field_validator("campaign", mode="before")
    @classmethod
    def _campaign_as_json(cls, campaign: Any) -> Any:
        """A Campaign object or its JSON, checked against the cards and stored as JSON."""
        if isinstance(campaign, Campaign):
            campaign = campaign.to_json()
        if campaign is None:
            return None
        try:
            data = Campaign.from_json(campaign, default_catalog()).to_json()
        except SaveFileError as exc:
            raise ConfigError(str(exc)) from exc
        data.pop("recorded")  # which games were counted does not change a deal
        return data

    @model_validator(mode="after")
    def _seats_fit_the_campaign(self) -> WondersConfig:
        """Each seat's Villain is unlocked, its picks are owned, borrowed rules are lendable."""
        catalog, progress = default_catalog(), self.progress
        check_borrowed(catalog, progress, self.borrowed_rules, (self.villain, self.coop_villain))
        if self.coop_villain is None and (self.coop_deck != "recommended" or self.coop_picks):
            raise ConfigError("wonders: coop_deck and coop_picks need a coop_villain (the second "
                              "player's Villain) [rule wonders.coop]")
        for who, method, chosen in self.seats():
            if method != "picked" and chosen:
                raise ConfigError(f"wonders: picks are only used with deck='picked', not with "
                                  f"{method!r} [rule wonders.draw-pile-methods]")
            check_villain(catalog, progress, who)
            if method == "picked":
                check_picks(collection(catalog, progress), list(chosen),
                            catalog.villains[who].set)
        return self

    def seats(self) -> list[tuple[str, str, CardIds]]:
        """(Villain, draw-pile method, picks) of each player."""
        seats = [(self.villain, self.deck, self.picks)]
        if self.coop_villain is not None:
            seats.append((self.coop_villain, self.coop_deck, self.coop_picks))
        return seats


def collection(catalog: Catalog, progress: Campaign) -> list[CardEntry]:
    """The collection cards a campaign owns."""
    return catalog.collection(progress.opened, progress.collection_sets(catalog))


def check_villain(catalog: Catalog, progress: Campaign, villain: str) -> None:
    """A Villain that exists and is unlocked (ConfigError otherwise)."""
    if villain not in catalog.villains:
        raise ConfigError(f"wonders: unknown Villain {villain!r}; choose one of "
                          f"{', '.join(progress.available_villains(catalog))} "
                          "[rule wonders.villain-select]")
    if villain not in progress.available_villains(catalog):
        raise ConfigError(f"wonders: {villain!r} is still locked: open its Legacy pack first "
                          "[rule wonders.legacy-pack]")


def check_picks(owned_cards: list[CardEntry], picks: list[str], villain_set: str = "") -> None:
    """A hand-picked deck: 28 owned collection cards, none of the Villain's own set."""
    if len(picks) != COLLECTION_SIZE:
        raise ConfigError(f"wonders: hand-picked decks need exactly {COLLECTION_SIZE} "
                          f"collection cards, got {len(picks)} [rule wonders.draw-pile]")
    owned = {e.id: e.copies for e in owned_cards}
    own_set = {e.id for e in owned_cards if e.set == villain_set}
    for card_id in sorted(set(picks)):
        if card_id in own_set:
            raise ConfigError(f"wonders: {card_id!r} is one of this Villain's own cards: all "
                              "of its copies are in the draw pile already [rule "
                              "wonders.draw-pile]")
        if card_id not in owned:
            raise ConfigError(f"wonders: {card_id!r} is not in your collection "
                              "[rule wonders.draw-pile]")
        if picks.count(card_id) > owned[card_id]:
            raise ConfigError(f"wonders: {picks.count(card_id)} copies of {card_id!r} picked, "
                              f"you own {owned[card_id]} [rule wonders.draw-pile]")


def check_borrowed(catalog: Catalog, progress: Campaign, borrowed: CardIds,
                   faced: tuple[str | None, ...]) -> None:
    """Rules cards may join games against other Villains once their Fated Form is beaten."""
    if len(set(borrowed)) < len(borrowed):
        raise ConfigError(f"wonders: borrowed_rules names a pack twice: {list(borrowed)!r} "
                          "[rule wonders.fated-form]")
    if not borrowed:
        return
    packs = all_packs(catalog)
    lendable = progress.lendable_rules(catalog=catalog)
    for pack_id in borrowed:
        if pack_id not in packs or not packs[pack_id].rules:
            raise ConfigError(f"wonders: {pack_id!r} is not a Legacy pack with rules cards "
                              "[rule wonders.fated-form]")
        if pack_id not in lendable:
            raise ConfigError(f"wonders: {pack_id!r}'s rules can join other games only once it "
                              "is opened and its Villain's Fated Form is beaten "
                              "[rule wonders.fated-form]")
        own = [v for v in faced if v and pack_id not in progress.lendable_rules(v, catalog)]
        if own:
            raise ConfigError(f"wonders: {pack_id!r} comes from {catalog.villains[own[0]].name}'s "
                              "own set: rules cards are borrowed only against other Villains "
                              "[rule wonders.fated-form]")
