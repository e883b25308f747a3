"""Setting up a game of Deck of Wonders: the configuration, the draw pile, opening hands."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tablekit.core.errors import ConfigError, SaveFileError
from tablekit.core.game import Events
from tablekit.wonders.campaign import Campaign, all_packs, upgraded_halves
from tablekit.wonders.cards import CardEntry, Catalog, default_catalog
from tablekit.wonders.rules import draw_to_hand
from tablekit.wonders.state import (
    MAX_ROUNDS,
    Board,
    CardSpec,
    HalfSpec,
    State,
    compile_half,
)

DECK_METHODS = ("recommended", "picked", "random")
COLLECTION_SIZE = 28
OPENING_HAND = 4


@dataclass(frozen=True)
class WondersConfig:
    """The options of one game (see `make_config`)."""

    villain: str = "cullin"
    deck: str = "recommended"
    picks: tuple[str, ...] = ()
    coop_villain: str | None = None
    coop_deck: str = "recommended"
    coop_picks: tuple[str, ...] = ()
    campaign: dict[str, Any] | None = field(default=None, hash=False)
    max_rounds: int = MAX_ROUNDS
    scenario: dict[str, Any] | None = field(default=None, hash=False)
    borrowed_rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The options as plain JSON data."""
        data: dict[str, Any] = {"villain": self.villain, "deck": self.deck,
                                "picks": list(self.picks), "max_rounds": self.max_rounds}
        if self.coop_villain is not None:
            data.update(coop_villain=self.coop_villain, coop_deck=self.coop_deck,
                        coop_picks=list(self.coop_picks))
        if self.campaign is not None:
            data["campaign"] = self.campaign
        if self.scenario is not None:
            data["scenario"] = self.scenario
        if self.borrowed_rules:
            data["borrowed_rules"] = list(self.borrowed_rules)
        return data


def make_config(villain: str = "cullin", deck: str = "recommended",
                picks: list[str] | tuple[str, ...] = (), coop_villain: str | None = None,
                coop_deck: str = "recommended", coop_picks: list[str] | tuple[str, ...] = (),
                campaign: Campaign | dict[str, Any] | None = None,
                max_rounds: int = MAX_ROUNDS, scenario: dict[str, Any] | None = None,
                borrowed_rules: list[str] | tuple[str, ...] = ()) -> WondersConfig:
    """Check the options: Villain (and co-op partner's), draw-pile method, picks, campaign.

    `scenario` starts from a hand-built position instead (see `tablekit.wonders.scenario`);
    `borrowed_rules` adds rules cards (Legacy pack ids) of Villains whose Fated Form you beat.
    """
    catalog = default_catalog()
    if isinstance(campaign, Campaign):
        campaign = campaign.to_json()
    if campaign is not None:
        try:
            progress = Campaign.from_json(campaign, catalog)
        except SaveFileError as exc:
            raise ConfigError(str(exc)) from exc
        campaign = progress.to_json()
    else:
        progress = Campaign()
    if not isinstance(max_rounds, int) or isinstance(max_rounds, bool) or max_rounds < 1:
        raise ConfigError(f"wonders: max_rounds must be a positive whole number, "
                          f"got {max_rounds!r}")
    config = WondersConfig(villain, deck, tuple(picks), coop_villain, coop_deck,
                           tuple(coop_picks), campaign, max_rounds,
                           _check_scenario(scenario) if scenario is not None else None,
                           _check_borrowed(catalog, progress, borrowed_rules,
                                           (villain, coop_villain)))
    if coop_villain is None and (coop_deck != "recommended" or tuple(coop_picks)):
        raise ConfigError("wonders: coop_deck and coop_picks need a coop_villain (the second "
                          "player's Villain) [rule wonders.coop]")
    for who, method, chosen in ((villain, deck, picks), (coop_villain, coop_deck, coop_picks)):
        if who is None:
            continue
        if method != "picked" and tuple(chosen):
            raise ConfigError(f"wonders: picks are only used with deck='picked', not with "
                              f"{method!r} [rule wonders.draw-pile-methods]")
        _check_villain(catalog, progress, who)
        if method not in DECK_METHODS:
            raise ConfigError(f"wonders: deck must be one of {', '.join(DECK_METHODS)}, "
                              f"got {method!r} [rule wonders.draw-pile-methods]")
        if method == "picked":
            _check_picks(_collection(catalog, progress), list(chosen),
                         catalog.villains[who].set)
    return config


def initial_state(config: WondersConfig, rng: random.Random) -> State:
    """Deal a new game: each board's draw pile shuffled, opening hands of four drawn."""
    if config.scenario is not None:
        from tablekit.wonders.scenario import scenario
        state = scenario(**config.scenario, rng=rng)
        state.max_rounds = config.max_rounds
        return state
    events = Events()
    state = State((), rng)
    state.coop = config.coop_villain is not None
    state.max_rounds = config.max_rounds
    key = repr(sorted(config.to_json().items()))
    template = _TEMPLATES.get(key)
    if template is None or "random" in (config.deck, config.coop_deck):
        template = _build_template(config, rng)
        if "random" not in (config.deck, config.coop_deck):
            _TEMPLATES[key] = template
    table, boards, setup_events = template
    state.table = table
    if state.coop:
        events.add("wonders.coop", "Co-op: two players, two Villains, two draw piles; turns run "
                   "side by side")
    for board in boards:
        dealt = board.copy()
        rng.shuffle(dealt.draw)
        state.boards.append(dealt)
    events.items[:0] = setup_events  # type: ignore[index]
    for index in range(len(state.boards)):
        draw_to_hand(state, index, OPENING_HAND, events, "wonders.opening-hand")
    state.phase, state.player = "mulligan", 0
    state.setup_events = list(events.items or [])
    return state


# dealt games that use no randomness before the shuffle, by configuration (set-up is hot)
_TEMPLATES: dict[str, tuple[tuple[CardSpec, ...], list[Board], list[Any]]] = {}


def _build_template(config: WondersConfig, rng: random.Random
                    ) -> tuple[tuple[CardSpec, ...], list[Board], list[Any]]:
    catalog = default_catalog()
    progress = Campaign.from_json(config.campaign, catalog) if config.campaign else Campaign()
    table: list[CardSpec] = []
    events = Events()
    seats = [(config.villain, config.deck, config.picks)]
    if config.coop_villain is not None:
        seats.append((config.coop_villain, config.coop_deck, config.coop_picks))
    boards = [_deal_board(catalog, progress, villain_id, method, picks, table, rng, events,
                          config.borrowed_rules)
              for villain_id, method, picks in seats]
    return tuple(table), boards, list(events.items or [])


def _deal_board(catalog: Catalog, progress: Campaign, villain_id: str, method: str,
                picks: tuple[str, ...], table: list[CardSpec], rng: random.Random,
                events: Events, borrowed: tuple[str, ...] = ()) -> Board:
    villain = catalog.villains[villain_id]
    board = Board()
    board.villain, board.villain_name = villain.id, villain.name
    packs = all_packs(catalog)
    special = list(villain.rules)
    for pack_id in progress.opened:
        if any(p.id == pack_id for p in villain.packs):
            special += packs[pack_id].rules
    for pack_id in borrowed:
        special += packs[pack_id].rules
    board.rules = tuple((r.op, r.n) for r in special)
    board.villain_health = board.villain_max = villain.health
    board.player_health = board.player_max = villain.player_health
    events.add("wonders.villain-select", "You face {v}: {vh} health against your {ph}",
               v=villain.name, vh=villain.health, ph=villain.player_health)
    events.add("wonders.objective", "Bring {v} to 0 health before your own health runs out",
               v=villain.name)
    if villain.fated_form:
        events.add("wonders.fated-form", "{v} is a Fated Form: beat it and its set joins your "
                   "collection", v=villain.name)
    for rule in special:
        events.add("wonders.special-rules", "Special rule: {t}", t=rule.text or rule.op)
    bonus = board.rule("minion-strength")
    own = _instances(catalog.villain_cards(villain.set, progress.opened))
    chosen = _choose_collection(catalog, progress, villain.colour, method, picks, rng,
                                villain.set)
    seen: set[str] = set()
    for entry in own + chosen:
        first = entry.id not in seen
        seen.add(entry.id)
        upgrade = progress.upgrades.get(entry.id) if first and entry.upgrade_slot else None
        player, villain_half = _compiled(entry.id, upgrade, bonus)
        spec = CardSpec(len(table), entry.id, entry.name, entry.set,
                        first and entry.upgrade_slot, player, villain_half)
        table.append(spec)
        board.draw.append(spec.uid)
    events.add("wonders.draw-pile", "The draw pile: {n} of {v}'s cards and {m} collection "
               "cards, shuffled", n=len(own), v=villain.name, m=len(chosen))
    events.add("wonders.draw-pile-methods", "The 28 collection cards were {how}",
               how=_METHOD_TEXT[method])
    events.add("wonders.two-halves", "You and the Villain share this pile: your draws use the "
               "Player half of a card, the Villain's draws its Villain half")
    return board


_METHOD_TEXT = {"recommended": "the Villain's recommended colour",
                "picked": "picked by hand", "random": "dealt at random from the collection"}


@cache
def _compiled(card_id: str, upgrade: str | None, bonus: int) -> tuple[HalfSpec, HalfSpec]:
    """Both halves of a sample-set card, upgraded and compiled (cached: set-up is hot)."""
    entry = default_catalog().cards[card_id]
    player, villain = upgraded_halves(entry, upgrade)
    return compile_half(player), compile_half(villain, bonus)  # the bonus counts for minions only


def _instances(entries: list[CardEntry]) -> list[CardEntry]:
    """Each entry once per copy."""
    return [e for e in entries for _ in range(e.copies)]


def _collection(catalog: Catalog, progress: Campaign) -> list[CardEntry]:
    return catalog.collection(progress.opened, progress.collection_sets(catalog))


def recommended_collection(villain_id: str, campaign: Campaign | None = None) -> list[str]:
    """The 28 collection cards the recommended-colour method brings against a Villain (ids)."""
    catalog = default_catalog()
    villain = catalog.villains[villain_id]
    return [e.id for e in _choose_collection(catalog, campaign or Campaign(), villain.colour,
                                             "recommended", (), None, villain.set)]


def _choose_collection(catalog: Catalog, progress: Campaign, colour: str, method: str,
                       picks: tuple[str, ...], rng: random.Random | None,
                       villain_set: str = "") -> list[CardEntry]:
    # a beaten Fated Form's set is in the collection, but against that same Villain every one of
    # its cards is already in the draw pile: no copy is left to add
    pool = [e for e in _instances(_collection(catalog, progress)) if e.set != villain_set]
    if method == "recommended":
        return [e for e in pool if e.set == colour][:COLLECTION_SIZE]
    if method == "random":
        assert rng is not None
        order = list(range(len(pool)))
        rng.shuffle(order)
        return [pool[i] for i in sorted(order[:COLLECTION_SIZE])]
    by_id = {e.id: e for e in pool}
    return [by_id[card_id] for card_id in picks]


def _check_villain(catalog: Catalog, progress: Campaign, villain: str) -> None:
    if villain not in catalog.villains:
        raise ConfigError(f"wonders: unknown Villain {villain!r}; choose one of "
                          f"{', '.join(progress.available_villains(catalog))} "
                          "[rule wonders.villain-select]")
    if villain not in progress.available_villains(catalog):
        raise ConfigError(f"wonders: {villain!r} is still locked: open its Legacy pack first "
                          "[rule wonders.legacy-pack]")


def _check_picks(collection: list[CardEntry], picks: list[str], villain_set: str = "") -> None:
    if len(picks) != COLLECTION_SIZE:
        raise ConfigError(f"wonders: hand-picked decks need exactly {COLLECTION_SIZE} "
                          f"collection cards, got {len(picks)} [rule wonders.draw-pile]")
    owned = {e.id: e.copies for e in collection}
    own_set = {e.id for e in collection if e.set == villain_set}
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


SCENARIO_FIELDS = {"villain": str, "hand": list, "player_minions": list,
                   "villain_minions": list, "draw": list, "discard": list, "exhausted": list,
                   "player_health": int, "villain_health": int, "opening": bool}


def _check_scenario(layout: Any) -> dict[str, Any]:
    """A scenario layout as plain JSON data, every card and Villain known."""
    catalog = default_catalog()
    if not isinstance(layout, dict):
        raise ConfigError("wonders: scenario must be a table of places -> card ids")
    clean: dict[str, Any] = {}
    for key, value in layout.items():
        kind = SCENARIO_FIELDS.get(key)
        if kind is None:
            raise ConfigError(f"wonders: scenario has no field {key!r}; fields: "
                              f"{', '.join(SCENARIO_FIELDS)}")
        if kind is list:
            if not isinstance(value, list | tuple) or any(
                    not isinstance(c, str) or c not in catalog.cards for c in value):
                raise ConfigError(f"wonders: scenario {key} must list known card ids")
            value = list(value)
        elif kind is int and value is not None and (not isinstance(value, int) or value < 1):
            raise ConfigError(f"wonders: scenario {key} must be a positive number")
        elif kind is str and value not in catalog.villains:
            raise ConfigError(f"wonders: scenario villain {value!r} is unknown")
        clean[key] = value
    villain = catalog.villains[clean.get("villain", "cullin")]
    for key, most in (("player_health", villain.player_health),
                      ("villain_health", villain.health)):
        if clean.get(key) is not None and clean[key] > most:
            raise ConfigError(f"wonders: scenario {key} {clean[key]} is above the starting "
                              f"health {most} of this game [rule wonders.villain-select]")
    minions = list(clean.get("player_minions", []))
    for card_id in clean.get("exhausted", []):
        if card_id not in minions:
            raise ConfigError(f"wonders: scenario exhausted names {card_id!r}, which is not "
                              "(or not that often) among player_minions")
        minions.remove(card_id)
    return clean


def _check_borrowed(catalog: Catalog, progress: Campaign, borrowed: Any,
                    faced: tuple[str | None, ...]) -> tuple[str, ...]:
    """Rules cards may join games against other Villains once their Fated Form is beaten."""
    if not isinstance(borrowed, (list, tuple)) or not all(isinstance(p, str) for p in borrowed):
        raise ConfigError(f"wonders: borrowed_rules must be a list of Legacy pack ids, got "
                          f"{borrowed!r} [rule wonders.fated-form]")
    if not borrowed:
        return ()
    if len(set(borrowed)) < len(borrowed):
        raise ConfigError(f"wonders: borrowed_rules names a pack twice: {list(borrowed)!r} "
                          "[rule wonders.fated-form]")
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
    return tuple(borrowed)
