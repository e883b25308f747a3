"""A new dungeon: the options, the sample bands, pooling the Monsters and dealing the hands."""

from __future__ import annotations

import random

from tablekit.core.errors import CardDataError, ConfigError
from tablekit.core.game import Events
from tablekit.forge.band import BAND_NAMES, Band, build_band, starting_plan_cost
from tablekit.forge.cards import (
    DECK_SIZE,
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


def sample_bands(wizards: int, rng: random.Random, config: ForgeConfig) -> list[Band]:
    """One freshly built band per wizard, inscribed with the starter plan unless told not to."""
    bands = []
    for w in range(wizards):
        band = build_band(BAND_NAMES[w], rng)
        if config.inscriptions == "starter":
            band = Band(band.name, band.monsters, dict(STARTER_PLAN), 0, config.dungeon - 1)
        else:
            band = Band(band.name, band.monsters, {}, 0, config.dungeon - 1)
        bands.append(band)
    return bands


def initial_state(config: ForgeConfig, rng: random.Random, events: Events) -> ForgeState:
    """Build the bands, pool and shuffle the Monsters, deal hands and reveal the first Boss."""
    book, _ = game_data(config)
    if config.campaign is None:
        bands = sample_bands(config.wizards, rng, config)
        start = player_count(config.wizards).start_coppers
        coppers = [start - (starting_plan_cost(b.inscriptions, book, wizards=config.wizards)
                            if b.inscriptions else 0) for b in bands]
        for band, left in zip(bands, coppers, strict=True):
            if band.inscriptions:
                events.add("forge.starting-inscriptions", "{band} is inscribed: {plan} "
                           "({spent} coppers spent, {left} left).", band=band.name,
                           spent=start - left, left=left,
                           plan=", ".join(f"{c} {book[p].name}" for c, p in band.inscriptions.items()))
    else:
        bands, coppers = campaign_bands(config, book)
    return deal(bands, coppers, config, rng, events)


def deal(bands: list[Band], coppers: list[int], config: ForgeConfig, rng: random.Random,
         events: Events) -> ForgeState:
    """A dungeon for these bands (one per wizard, in seat order) and the wizards' coppers."""
    n = len(bands)
    count = player_count(n)
    book, pool = game_data(config)
    table = Table(n, count.hand, face_values(config.hero_values) * n, tuple(b.name for b in bands),
                  book, pool, tuple(b.dungeons >= 1 for b in bands), config.mythics)
    s = ForgeState(table)
    s.inscribed = [b.inscribed() for b in bands]
    s.monsters = [m for b in bands for m in b.monsters]
    s.reckon_dodge_values()
    s.coppers = list(coppers)
    for w, band in enumerate(bands):
        events.add("forge.band", "{who} plays {band}: {monsters}.", who=wizard(w), band=band.name,
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
