"""Setting up a game of Deck of Wonders: the configuration, the draw pile, opening hands."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from tablekit.core.game import Events
from tablekit.wonders.campaign import Campaign, all_packs, upgraded_halves
from tablekit.wonders.cards import CardEntry, Catalog, default_catalog
from tablekit.wonders.config import COLLECTION_SIZE, WondersConfig, collection
from tablekit.wonders.rules import draw_to_hand
from tablekit.wonders.state import Board, CardSpec, HalfSpec, State, compile_half

OPENING_HAND = 4


def initial_state(config: WondersConfig, rng: random.Random, events: Events) -> State:
    """Deal a new game: each board's draw pile shuffled, opening hands of four drawn."""
    state = State((), rng)
    state.coop = config.coop_villain is not None
    state.max_rounds = config.max_rounds
    key = config.model_dump_json()
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
    return state


# dealt games that use no randomness before the shuffle, by configuration (set-up is hot)
_TEMPLATES: dict[str, tuple[tuple[CardSpec, ...], list[Board], list[Any]]] = {}


def _build_template(config: WondersConfig, rng: random.Random
                    ) -> tuple[tuple[CardSpec, ...], list[Board], list[Any]]:
    catalog = default_catalog()
    progress = config.progress
    table: list[CardSpec] = []
    events = Events()
    seats = config.seats()
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
    pool = [e for e in _instances(collection(catalog, progress)) if e.set != villain_set]
    if method == "recommended":
        return [e for e in pool if e.set == colour][:COLLECTION_SIZE]
    if method == "random":
        assert rng is not None
        order = list(range(len(pool)))
        rng.shuffle(order)
        return [pool[i] for i in sorted(order[:COLLECTION_SIZE])]
    by_id = {e.id: e for e in pool}
    return [by_id[card_id] for card_id in picks]
