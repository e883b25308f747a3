"""A new dungeon: the options, the sample bands, pooling the Monsters and dealing the hands."""

from __future__ import annotations

import random

from tablekit.core.errors import CardDataError, ConfigError
from tablekit.core.game import Events
from tablekit.forge.band import (
    BAND_NAMES,
    Band,
    BandError,
    build_band,
    check_inscription,
    starting_plan_cost,
)
from tablekit.forge.cards import (
    DECK_SIZE,
    TIER_COST,
    Book,
    LabelPool,
    face_values,
    load_book,
    load_labels,
    sample_book,
    sample_labels,
)
from tablekit.forge.config import ForgeConfig
from tablekit.forge.round import start_fight, wizard
from tablekit.forge.rules import BOSSES, START_HP, player_count
from tablekit.forge.state import ForgeState, Table

# The sample starting plan every sample band is inscribed with (30 coppers: one Rare, two Common).
STARTER_PLAN = {"K♠": "wildfire-crest", "7♥": "kettle-charm", "9♣": "wayfinder-notch"}


def game_data(config: ForgeConfig) -> tuple[Book, LabelPool]:
    """The Book and label pool the options name (the samples by default)."""
    try:
        book = sample_book() if config.book is None else load_book(config.book)
        pool = sample_labels() if config.labels is None else load_labels(config.labels)
    except CardDataError as exc:
        raise ConfigError(str(exc)) from exc
    if config.inscriptions == "starter" and any(p not in book for p in STARTER_PLAN.values()):
        raise ConfigError(f"the Book {book.source} lacks the sample starting plan's inscriptions; "
                          "use inscriptions='none'")
    return book, pool


def campaign_bands(config: ForgeConfig, book: Book) -> tuple[list[Band], list[int]]:
    """The bands and coppers of the campaign the options carry (ConfigError when unusable)."""
    import json

    from tablekit.forge.campaign import Campaign, CampaignError
    try:
        campaign = Campaign.load(json.dumps(config.campaign, ensure_ascii=False), book)
    except CampaignError as exc:
        raise ConfigError(f"forge option campaign: {exc}") from None
    if len(campaign.data.wizards) != config.wizards:
        raise ConfigError(f"the campaign has {len(campaign.data.wizards)} wizards, not "
                          f"{config.wizards} [rule forge.player-counts]")
    return campaign.bands_in_play(), [w.coppers for w in campaign.data.wizards]


def check_plan(plan: dict[str, str], book: Book) -> None:
    """Wizard 1's plan (the `plan` option): each inscription legal on its card (ConfigError)."""
    done: dict[str, str] = {}
    for card, page in plan.items():
        try:
            check_inscription(card, page, book, done, bought=False)
        except (BandError, CardDataError) as exc:
            raise ConfigError(f"forge option plan: {exc}") from None
        done[card] = page


def plan_cost(plan: dict[str, str], book: Book) -> int:
    """The coppers a plan's bought inscriptions cost (Mythics are earned, so free)."""
    return sum(TIER_COST[book[p].tier] for p in plan.values() if book[p].tier != "mythic")


def _spent(plan: dict[str, str], book: Book, config: ForgeConfig, planned: bool) -> int:
    """The coppers a band's starting inscriptions cost (the planner's seat: any plan, paid as far as it goes)."""
    if planned:
        return min(player_count(config.wizards).start_coppers, plan_cost(plan, book))
    return starting_plan_cost(plan, book, wizards=config.wizards) if plan else 0


def sample_bands(wizards: int, rng: random.Random, config: ForgeConfig) -> list[Band]:
    """One freshly built band per wizard, inscribed with the starter plan unless told not to
    (Wizard 1 with the `plan` option when given)."""
    bands = []
    for w in range(wizards):
        band = build_band(BAND_NAMES[w], rng)
        plan = dict(STARTER_PLAN) if config.inscriptions == "starter" else {}
        if w == 0 and config.plan is not None:
            plan = dict(config.plan)
        bands.append(Band(band.name, band.monsters, plan, 0, config.dungeon - 1))
    return bands


def initial_state(config: ForgeConfig, rng: random.Random, events: Events) -> ForgeState:
    """Build the bands, pool and shuffle the Monsters, deal hands and reveal the first Boss."""
    book, _ = game_data(config)
    if config.campaign is None:
        bands = sample_bands(config.wizards, rng, config)
        start = player_count(config.wizards).start_coppers
        coppers = [start - _spent(b.inscriptions, book, config, planned=w == 0 and config.plan is not None)
                   for w, b in enumerate(bands)]
        for band, left in zip(bands, coppers, strict=True):
            if band.inscriptions:
                _inscribed_event(band, book, start - left, left, events)
    else:
        bands, coppers = campaign_bands(config, book)
    return deal(bands, coppers, config, rng, events)


def _inscribed_event(band: Band, book: Book, spent: int, left: int, events: Events) -> None:
    """A new band's starting inscriptions and their cost, or what a band in a later dungeon carries."""
    plan = ", ".join(f"{c} {book[p].name}" for c, p in band.inscriptions.items())
    if band.dungeons:
        events.add("forge.starting-inscriptions", "{band} comes to its dungeon {n} inscribed "
                   "(earlier): {plan}.", band=band.name, n=band.dungeons + 1, plan=plan)
    else:
        events.add("forge.starting-inscriptions", "{band} is inscribed: {plan} ({spent} coppers "
                   "spent, {left} left).", band=band.name, spent=spent, left=left, plan=plan)


def deal(bands: list[Band], coppers: list[int], config: ForgeConfig, rng: random.Random,
         events: Events) -> ForgeState:
    """A dungeon for these bands (one per wizard, in seat order) and the wizards' coppers."""
    n = len(bands)
    count = player_count(n)
    book, pool = game_data(config)
    table = Table(n, count.hand, face_values(config.hero_values) * n, tuple(b.name for b in bands),
                  book, pool, tuple(b.dungeons >= 1 for b in bands), config.mythics, config.score)
    s = ForgeState(table)
    s.inscribed = [b.inscribed() for b in bands]
    s.monsters = [m for b in bands for m in b.monsters]
    s.reckon_dodge_values()
    s.coppers = list(coppers)
    for w, band in enumerate(bands):
        events.add("forge.band", "{who} plays {band} (its dungeon {n}): {monsters}.", who=wizard(w),
                   band=band.name, n=band.dungeons + 1,
                   monsters=", ".join(str(m) for m in band.monsters))
        events.add("forge.monster-roll", "{band}'s Monsters were rolled from three Items each: "
                   "{rolls}.", band=band.name, rolls="; ".join(
                       f"{m.name} {'+'.join(m.items)}" for m in band.monsters))
        events.add("forge.legend", "{band}'s Legend(s): {names}.", band=band.name,
                   names=", ".join(m.name for m in band.monsters if m.legend))
        events.add("forge.coppers", "{who} has {c} coppers.", who=wizard(w), c=s.coppers[w])
    _pool_monsters(s, rng, events)
    for w in range(n):
        s.decks[w] = [w * DECK_SIZE + c for c in range(DECK_SIZE)]
        rng.shuffle(s.decks[w])
        s.hands[w] = [s.decks[w].pop() for _ in range(count.hand)]
        s.hp[w] = START_HP
    events.add("forge.player-counts", "{n} wizard(s): Boss HP ×{n}, hand {hand}, {c} starting "
               "coppers.", n=n, hand=count.hand, c=count.start_coppers)
    events.add("forge.deal", "Each wizard shuffles their combat deck, draws {hand} and starts "
               "on 20 HP.", hand=count.hand)
    jack, queen, king = config.hero_values
    events.add("forge.hero-values", "Items count their number; Heroes count J {j}, Q {q}, K {k}.",
               j=jack, q=queen, k=king)
    start_fight(s, events)
    return s


def _pool_monsters(s: ForgeState, rng: random.Random, events: Events) -> None:
    monsters = list(range(len(s.monsters)))
    rng.shuffle(monsters)
    s.bosses, s.minion_pool = monsters[:BOSSES], monsters[BOSSES:]
    events.add("forge.dungeon-pool", "The {m} Monsters of all bands are pooled and shuffled "
               "face down.", m=len(monsters))
    events.add("forge.bosses", "Six are set out as Bosses; {k} wait in the Minion Pool.",
               k=len(s.minion_pool))


__all__ = ["ForgeConfig", "deal", "initial_state"]
