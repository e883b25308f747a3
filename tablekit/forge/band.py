"""Building a band: rolling its six Monsters, the Legend rule, and checking inscription plans."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from tablekit.core.errors import TablekitError
from tablekit.forge.cards import (
    ITEMS,
    TIER_COST,
    Book,
    LabelPool,
    card_label,
    face_values,
    is_hero,
    parse_card,
    sample_book,
)

MONSTER_KEYS = ("A♠", "A♥", "A♣", "A♦", "Joker 1", "Joker 2")
MONSTERS_PER_BAND = 6
LIFETIME_LABELS = 5
BAND_NAMES = ("The Copper Kettles", "Moonlit Anvil", "The Ninth Lantern", "Ashgrove Choir",
              "The Salt Wardens")
_ADJECTIVES = ("Grim", "Hollow", "Gloom", "Rust", "Bog", "Thorn", "Ash", "Frost", "Cinder",
               "Murk", "Bramble", "Ember")
_NOUNS = ("maw", "hide", "fang", "wight", "crawler", "tusk", "shade", "gullet", "warden",
          "husk", "lurker", "howler")
_ITEM_VALUES = face_values()


class BandError(TablekitError):
    """A band or inscription plan the rules do not allow (names the rule broken)."""


class MonsterStats(NamedTuple):
    """What three rolled Items make of a Monster: HP, ATK and the Legend mark."""

    hp: int
    atk: int
    legend: bool


def monster_stats(item_values: Iterable[int]) -> MonsterStats:
    """HP = sum, ATK = half the average rounded up (min 1), Legend on a shared rank.

    >>> monster_stats([2, 7, 7])
    MonsterStats(hp=16, atk=3, legend=True)
    """
    values = list(item_values)
    if len(values) != 3 or any(not isinstance(v, int) or not 2 <= v <= 10 for v in values):
        raise BandError(f"a Monster is rolled from three Item face values 2–10, got {values!r} "
                        "[rule forge.monster-roll]")
    total = sum(values)
    atk = max(1, -(-total // 6))  # ceil(average / 2) == ceil(total / 6)
    return MonsterStats(total, atk, len(set(values)) < 3)


@dataclass(frozen=True, slots=True)
class Monster:
    """One of a band's six Monsters: its card, name, rolled Items, stats and labels."""

    key: str
    name: str
    items: tuple[str, ...]
    hp: int
    atk: int
    legend: bool
    labels: tuple[str, ...] = ()

    def __str__(self) -> str:
        star = "★" if self.legend else ""
        return f"{self.name}{star} ({self.key}, {self.hp} HP, ATK {self.atk})"


@dataclass(frozen=True, slots=True)
class Band:
    """A band: name, Monsters, Glory, inscriptions (card -> Book id) and how many dungeons."""

    name: str
    monsters: tuple[Monster, ...]
    inscriptions: Mapping[str, str] = field(default_factory=dict)
    glory: int = 0
    dungeons: int = 0
    legend_bonus: bool = False

    def inscribed(self) -> dict[int, str]:
        """Inscriptions by local card index."""
        return {parse_card(card): page for card, page in self.inscriptions.items()}


def roll_monster(key: str, name: str, rng: random.Random) -> Monster:
    """Draw three random Items and make a Monster of them (the Items go back)."""
    drawn = rng.sample(ITEMS, 3)
    stats = monster_stats([_ITEM_VALUES[c] for c in drawn])
    return Monster(key, name, tuple(card_label(c) for c in drawn), *stats)


def build_band(name: str, rng: random.Random, legend: int | None = None) -> Band:
    """Roll six Monsters; with no natural Legend, star `legend` (default: the lowest HP)."""
    names = _monster_names(rng)
    monsters = [roll_monster(key, names[i], rng) for i, key in enumerate(MONSTER_KEYS)]
    if not any(m.legend for m in monsters):
        if legend is None:
            legend = min(range(MONSTERS_PER_BAND), key=lambda i: (monsters[i].hp, i))
        if not 0 <= legend < MONSTERS_PER_BAND:
            raise BandError(f"legend must name one of the six Monsters (0–5), got {legend!r} "
                            "[rule forge.legend]")
        monsters[legend] = replace(monsters[legend], legend=True)
    return Band(name, tuple(monsters))


def check_inscription(card: str, page_id: str, book: Book, existing: Mapping[str, str],
                      bought: bool = True) -> int:
    """Check one inscription for a card of a band; returns the card's local index."""
    local = parse_card(card)
    if page_id not in book:
        raise BandError(f"{page_id!r} is not in the Book [rule forge.inscription]")
    page = book[page_id]
    if card in existing:
        raise BandError(f"{card} already holds {existing[card]!r}: one inscription per card "
                        "[rule forge.starting-inscriptions]")
    if page.tier == "mythic" and bought:
        raise BandError(f"{page.name} is Mythic: Mythics are earned, never bought "
                        "[rule forge.starting-inscriptions]")
    if page.tier == "mythic" and not is_hero(local):
        raise BandError(f"{page.name} is Mythic and {card} is not a Hero: Mythics go on Heroes "
                        "only [rule forge.starting-inscriptions]")
    if is_hero(local) and all(e.when == "convert" for e in page.effect):
        raise BandError(f"{card} is a Hero and cannot be Converted, so {page.name} would never "
                        "work [rule forge.cards]")
    return local


def starting_plan_cost(plan: Mapping[str, str], book: Book | None = None, *,
                       wizards: int = 1, budget: int | None = None) -> int:
    """Check a new band's starting inscriptions (3–6, within budget); returns the cost."""
    book = book or sample_book()
    if budget is None:
        budget = 40 if wizards == 1 else 30
    if not 3 <= len(plan) <= 6:
        raise BandError(f"a new band gets 3 to 6 inscriptions, not {len(plan)} "
                        "[rule forge.starting-inscriptions]")
    done: dict[str, str] = {}
    for card, page_id in plan.items():
        check_inscription(card, page_id, book, done)
        done[card] = page_id
    cost = sum(TIER_COST[book[p].tier] for p in plan.values())
    if cost > budget:
        raise BandError(f"the plan costs {cost} coppers and the budget is {budget} "
                        "[rule forge.starting-inscriptions]")
    return cost


def add_label(monster: Monster, label_id: str, pool: LabelPool) -> Monster:
    """The Monster with one more label (lifetime limit 5, each label once)."""
    pool[label_id]  # raises CardDataError for an unknown label
    if len(monster.labels) >= LIFETIME_LABELS:
        raise BandError(f"{monster.name} already carries {LIFETIME_LABELS} labels "
                        "[rule forge.label-limits]")
    if label_id in monster.labels:
        raise BandError(f"{monster.name} already carries {label_id!r} [rule forge.label-limits]")
    return replace(monster, labels=(*monster.labels, label_id))


def labelled_stats(monster: Monster, pool: LabelPool) -> dict[str, int]:
    """The Monster's HP and ATK with its labels, and its armour, regrowth and DOOM round."""
    stats = {"hp": monster.hp, "atk": monster.atk, "armor": 0, "regen": 0, "doom": 0}
    for label_id in monster.labels:
        label = pool[label_id]
        if label.op == "doom":
            stats["doom"] = label.amount if not stats["doom"] else min(stats["doom"], label.amount)
        else:
            stats[label.op] += label.amount
    return stats


def _monster_names(rng: random.Random) -> list[str]:
    adjectives = rng.sample(_ADJECTIVES, MONSTERS_PER_BAND)
    nouns = rng.sample(_NOUNS, MONSTERS_PER_BAND)
    return [a + n for a, n in zip(adjectives, nouns, strict=True)]
