"""Between games: the campaign file and the Post-Game Cycle (record, Fading, Drifting, Turning).

A campaign holds the bands (name, Monsters, Glory, inscriptions, labels) and each wizard's
coppers and band. It is saved as JSON with a digest; a damaged or edited file is refused with
a clear message. Every step returns a new `Campaign` and leaves the old one as it was.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tablekit.core.errors import TablekitError
from tablekit.core.events import Event
from tablekit.forge.band import (
    BAND_NAMES,
    LIFETIME_LABELS,
    MONSTER_KEYS,
    Band,
    BandError,
    Monster,
    build_band,
    check_inscription,
    monster_stats,
    starting_plan_cost,
)
from tablekit.forge.cards import (
    DECK_SIZE,
    Book,
    card_label,
    face_values,
    parse_card,
    sample_book,
    sample_labels,
)
from tablekit.forge.rules import player_count

FORMAT = "tablekit-forge-campaign"
VERSION = 1
_ITEM_VALUES = face_values()


class CampaignError(TablekitError):
    """A campaign file or post-game choice the rules do not allow; nothing was changed."""


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MonsterData(_Model):
    """A Monster as saved."""

    key: str
    name: str = Field(min_length=1, max_length=40)
    items: tuple[str, str, str]
    hp: int
    atk: int
    legend: bool
    labels: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _rolled(self) -> MonsterData:
        if self.key not in MONSTER_KEYS:
            raise ValueError(f"{self.key!r} is not an Ace or a Joker")
        values = [_ITEM_VALUES[parse_card(i)] for i in self.items if parse_card(i) % 12 < 9]
        if len(values) != 3:
            raise ValueError("a Monster is rolled from three Items (2 to 10)")
        stats = monster_stats(values)
        if (self.hp, self.atk) != (stats.hp, stats.atk) or (stats.legend and not self.legend):
            raise ValueError(f"HP {self.hp} / ATK {self.atk} do not match its Items {self.items}")
        if len(self.labels) > LIFETIME_LABELS or len(set(self.labels)) < len(self.labels):
            raise ValueError("a Monster carries at most five labels, each once")
        return self


class BandData(_Model):
    """A band as saved (its box)."""

    name: str = Field(min_length=1, max_length=60)
    monsters: tuple[MonsterData, ...] = Field(min_length=6, max_length=6)
    inscriptions: dict[str, str] = {}
    glory: int = Field(0, ge=0)
    dungeons: int = Field(0, ge=0)
    legend_bonus: bool = False
    retired: bool = False

    @model_validator(mode="after")
    def _band(self) -> BandData:
        if [m.key for m in self.monsters] != list(MONSTER_KEYS):
            raise ValueError("a band's Monsters are A♠ A♥ A♣ A♦ and the two Jokers, in order")
        if not any(m.legend for m in self.monsters):
            raise ValueError("every band has at least one Legend [rule forge.legend]")
        return self


class WizardData(_Model):
    """A wizard as saved: coppers and the band they hold."""

    name: str = Field(min_length=1, max_length=40)
    coppers: int = Field(ge=0)
    band: str
    heirloom: str | None = None


class CampaignData(_Model):
    """The whole campaign file."""

    format: str
    version: int
    games: int = Field(0, ge=0)
    wizards: tuple[WizardData, ...] = Field(min_length=1, max_length=5)
    bands: tuple[BandData, ...]
    digest: str = ""


class Campaign:
    """A campaign: bands and wizards, read-only; every step returns a new Campaign."""

    def __init__(self, data: CampaignData, book: Book | None = None,
                 log: tuple[Event, ...] = ()) -> None:
        self.data = data
        self.book = book or sample_book()
        self.log = log  # what the step that made this campaign did
        _cross_check(data, self.book)

    # -- making and saving -----------------------------------------------------------------
    @classmethod
    def new(cls, wizards: int = 1, seed: int = 0, plans: list[dict[str, str]] | None = None,
            book: Book | None = None) -> Campaign:
        """New bands (one per wizard) with starting inscriptions; coppers are what is left."""
        from tablekit.forge.setup import STARTER_PLAN
        count = player_count(wizards)
        book = book or sample_book()
        rng = random.Random(seed)
        bands, people = [], []
        for w in range(wizards):
            plan = (plans[w] if plans else dict(STARTER_PLAN))
            try:
                spent = starting_plan_cost(plan, book, wizards=wizards)
            except BandError as exc:
                raise CampaignError(f"Wizard {w + 1}'s starting plan: {exc}") from None
            band = build_band(BAND_NAMES[w], rng)
            bands.append(_band_data(Band(band.name, band.monsters, dict(plan))))
            people.append(WizardData(name=f"Wizard {w + 1}", coppers=count.start_coppers - spent,
                                     band=band.name))
        return cls(CampaignData(format=FORMAT, version=VERSION, wizards=tuple(people),
                                bands=tuple(bands)), book)

    def to_json(self) -> str:
        """The campaign as JSON text, with a digest of its content."""
        data = self.data.model_dump(mode="json")
        data["digest"] = _digest(data)
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def load(cls, text: str, book: Book | None = None) -> Campaign:
        """Read a campaign file; CampaignError for damaged, edited or impossible data."""
        try:
            raw = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise CampaignError(f"the campaign file is not valid JSON: {exc}") from None
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise CampaignError("not a DeckNForge campaign file (missing format marker)")
        if raw.get("version") != VERSION:
            raise CampaignError(f"campaign file version {raw.get('version')!r}; this kit reads "
                                f"version {VERSION}")
        if raw.get("digest") != _digest(raw):
            raise CampaignError("the campaign file's digest does not match its content (it was "
                                "edited or damaged); nothing was loaded")
        try:
            data = CampaignData.model_validate({**raw, "digest": ""})
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise CampaignError(f"campaign file, {where}: {first['msg']}") from None
        return cls(data, book)

    # -- reading ---------------------------------------------------------------------------
    def band(self, name: str) -> BandData:
        """The band with this name."""
        for band in self.data.bands:
            if band.name == name:
                return band
        raise CampaignError(f"no band named {name!r} in this campaign")

    def bands_in_play(self) -> list[Band]:
        """The bands the wizards hold, in seat order, as the game uses them."""
        return [_band(self.band(w.band)) for w in self.data.wizards]

    def options(self) -> dict[str, Any]:
        """The `new_game("forge", ...)` options that play this campaign's next dungeon."""
        return {"wizards": len(self.data.wizards), "campaign": json.loads(self.to_json())}

    # -- the Post-Game Cycle ---------------------------------------------------------------
    def record(self, state: Any) -> tuple[Campaign, dict[str, Any]]:
        """Write down a finished game: coppers follow wizards, Glory, labels, Mythics the bands."""
        from tablekit.forge.state import ForgeState
        if not isinstance(state, ForgeState) or state.result is None:
            raise CampaignError("only a finished DeckNForge game can be recorded [rule forge.record]")
        if state.wizards != len(self.data.wizards):
            raise CampaignError("the game had a different number of wizards than the campaign")
        bands = {b.name: b for b in self.data.bands}
        people = []
        for w, wizard in enumerate(self.data.wizards):
            old = bands[wizard.band]
            monsters = tuple(_monster_data(state.monsters[w * 6 + k]) for k in range(6))
            pages = {card_label(local): page for local, page in sorted(state.inscribed[w].items())}
            bands[wizard.band] = old.model_copy(update={
                "monsters": monsters, "inscriptions": pages, "glory": old.glory + state.band_glory[w],
                "dungeons": old.dungeons + 1,
                "legend_bonus": old.legend_bonus or state.legend_bonus[w]})
            people.append(wizard.model_copy(update={"coppers": state.coppers[w]}))
        result = {"glory": list(state.glory), "best_kill": list(state.best_kill),
                  "result": state.result,
                  "events": [Event("forge.record", "Recorded: coppers {c} stay with the wizards; "
                                   "each band gains the game's Glory.",
                                   {"c": list(state.coppers)})]}
        data = self.data.model_copy(update={"wizards": tuple(people), "games": self.data.games + 1,
                                            "bands": tuple(bands.values())})
        return Campaign(data, self.book), result

    def fade(self, seed: int, keep: dict[str, str] | None = None,
             heirlooms: dict[str, str] | None = None) -> tuple[Campaign, list[Event]]:
        """Fading: each wizard's band loses every inscription of one random Blessed card.

        A Legend bonus draws two and the wizard keeps one (`keep[wizard] = card`; by default the
        cheaper inscription fades). A band left with no Blessed card is retired and its wizard
        takes `heirlooms[wizard]` (default: the inscription just faded) to a new band.
        """
        keep, heirlooms = keep or {}, heirlooms or {}
        rng = random.Random(seed)
        bands = {b.name: b for b in self.data.bands}
        people, log = list(self.data.wizards), []
        for i, wizard in enumerate(people):
            band = bands[wizard.band]
            blessed = sorted(band.inscriptions, key=parse_card)
            if not blessed:
                continue
            drawn = rng.sample(blessed, min(len(blessed), 2 if band.legend_bonus else 1))
            faded = _pick_fade(drawn, keep.get(wizard.name), self.book, band)
            pages = {c: p for c, p in band.inscriptions.items() if c != faded}
            log.append(Event("forge.fading", f"{wizard.name}: {band.name} fades the inscription "
                             f"on {faded}"))
            band = band.model_copy(update={"inscriptions": pages, "legend_bonus": False})
            if not pages:
                heirloom = heirlooms.get(wizard.name, band_inscriptions(band, faded, self.data))
                band = band.model_copy(update={"retired": True})
                log.append(Event("forge.fading", f"{band.name} has no Blessed card left and is "
                                 f"retired; {wizard.name} keeps {heirloom} as an heirloom"))
                people[i] = wizard.model_copy(update={"heirloom": heirloom})
            bands[band.name] = band
        data = self.data.model_copy(update={"bands": tuple(bands.values()),
                                            "wizards": tuple(people)})
        return Campaign(data, self.book), log

    def draft_order(self, result: dict[str, Any]) -> list[str]:
        """Drifting order: personal Glory, then best killing blow, then coppers (then seat)."""
        wizards = self.data.wizards
        order = sorted(range(len(wizards)), key=lambda w: (-result["glory"][w],
                                                           -result["best_kill"][w],
                                                           -wizards[w].coppers, w))
        return [wizards[w].name for w in order]

    def drift(self, result: dict[str, Any], picks: dict[str, str], seed: int = 0,
              new_bands: str = "starter",
              plans: dict[str, dict[str, str]] | None = None) -> Campaign:
        """Drifting: in draft order each wizard takes a band (retired ones are replaced).

        A retired band's wizard brings a new band built as Building Your Band says: inscribed
        with `plans[wizard]` (default: the starter plan) from the table's starting budget, the
        rest of which joins the wizard's coppers, plus the heirloom. `new_bands="bare"` gives
        the new band the heirloom only.
        """
        order = self.draft_order(result)
        rng = random.Random(seed)
        bands = {b.name: b for b in self.data.bands}
        people = list(self.data.wizards)
        free = []
        for i, wizard in enumerate(people):  # a retired band's wizard brings a new box
            if bands[wizard.band].retired:
                plan = _replacement_plan(new_bands, (plans or {}).get(wizard.name))
                bands, people[i] = new_band_for(wizard, bands, rng, self.book,
                                                wizards=len(people), plan=plan)
                free.append(list(bands)[-1])
            else:
                free.append(wizard.band)
        taken: dict[str, str] = {}
        for name in order:
            choice = picks.get(name, next(b for b in free if b not in taken.values()))
            if choice not in free or choice in taken.values():
                raise CampaignError(f"{name} cannot pick {choice!r}: it is not a band left in the "
                                    "middle [rule forge.drifting]")
            taken[name] = choice
        data = self.data.model_copy(update={"bands": tuple(bands.values()), "wizards": tuple(
            w.model_copy(update={"band": taken[w.name], "heirloom": None}) for w in people)})
        log = tuple(Event("forge.drifting", f"{name} takes {taken[name]}") for name in order)
        return Campaign(data, self.book, log)

    def turn(self, purchases: dict[str, dict[str, str]]) -> Campaign:
        """Turning: each wizard buys inscriptions for the band they hold (one per card)."""
        bands = {b.name: b for b in self.data.bands}
        people = list(self.data.wizards)
        log: list[Event] = []
        for i, wizard in enumerate(people):
            wanted = purchases.get(wizard.name, {})
            band = bands[wizard.band]
            pages = dict(band.inscriptions)
            cost = 0
            for card, page in wanted.items():
                try:
                    check_inscription(card, page, self.book, pages)
                except BandError as exc:
                    raise CampaignError(f"{wizard.name}: {exc}") from None
                pages[card] = page
                cost += self.book[page].cost
            if cost > wizard.coppers:
                raise CampaignError(f"{wizard.name} has {wizard.coppers} coppers and the "
                                    f"inscriptions cost {cost} [rule forge.turning]")
            bands[band.name] = band.model_copy(update={"inscriptions": pages})
            people[i] = wizard.model_copy(update={"coppers": wizard.coppers - cost})
            if wanted:
                log.append(Event("forge.turning", f"{wizard.name} writes "
                                 + ", ".join(f"{c} {self.book[p].name}" for c, p in wanted.items())
                                 + f" on {band.name} for {cost} coppers"))
        data = self.data.model_copy(update={"wizards": tuple(people),
                                            "bands": tuple(bands.values())})
        return Campaign(data, self.book, tuple(log))


def band_inscriptions(band: BandData, faded: str, data: CampaignData) -> str:
    """The default heirloom: the inscription that was on the last faded card."""
    for old in data.bands:
        if old.name == band.name and faded in old.inscriptions:
            return old.inscriptions[faded]
    return next(iter(band.inscriptions.values()), "")


def _pick_fade(drawn: list[str], keep: str | None, book: Book, band: BandData) -> str:
    if len(drawn) == 1:
        return drawn[0]
    if keep is not None:
        if keep not in drawn:
            raise CampaignError(f"{keep} was not drawn for the Legend bonus; drawn: {drawn}")
        return next(c for c in drawn if c != keep)
    return min(drawn, key=lambda c: (book[band.inscriptions[c]].cost, parse_card(c)))


def _replacement_plan(new_bands: str, plan: dict[str, str] | None) -> dict[str, str] | None:
    """The starting plan of a replacement band (None: the heirloom only)."""
    from tablekit.forge.setup import STARTER_PLAN
    if new_bands not in ("starter", "bare"):
        raise CampaignError(f"new_bands is 'starter' or 'bare', not {new_bands!r}")
    if new_bands == "bare":
        return None
    return dict(STARTER_PLAN if plan is None else plan)


def new_band_for(wizard: WizardData, bands: dict[str, BandData], rng: random.Random,
                 book: Book, *, wizards: int, plan: dict[str, str] | None
                 ) -> tuple[dict[str, BandData], WizardData]:
    """A retired band's replacement (Building Your Band): `plan` paid from the starting budget.

    The heirloom goes free on the new band's highest card that may hold it and is not in the
    plan. Returns the bands with the new one last, and the wizard with the budget's rest.
    """
    name = next(n for n in (*BAND_NAMES, *(f"Band {i}" for i in range(6, 99))) if n not in bands)
    pages, left = {}, 0
    if plan is not None:
        try:
            spent = starting_plan_cost(plan, book, wizards=wizards)
        except BandError as exc:
            raise CampaignError(f"{wizard.name}'s new band: {exc}") from None
        pages, left = dict(plan), player_count(wizards).start_coppers - spent
    built = build_band(name, rng)
    if wizard.heirloom and wizard.heirloom in book:
        card = heirloom_card(wizard.heirloom, book, pages)
        if card is not None:
            pages[card] = wizard.heirloom
    band = _band_data(Band(name, built.monsters, pages))
    return {**bands, name: band}, wizard.model_copy(update={"coppers": wizard.coppers + left})


def heirloom_card(page: str, book: Book, taken: dict[str, str]) -> str | None:
    """The highest card (rank, then suit ♠ ♥ ♣ ♦) free of `taken` that may hold the page."""
    for local in sorted(range(DECK_SIZE), key=lambda c: (-(c % 12), c // 12)):
        label = card_label(local)
        if label not in taken and _fits(label, page, book):
            return label
    return None


def _fits(card: str, page: str, book: Book) -> bool:
    try:
        check_inscription(card, page, book, {}, bought=False)
    except BandError:
        return False
    return True


def _band_data(band: Band) -> BandData:
    return BandData(name=band.name, monsters=tuple(_monster_data(m) for m in band.monsters),
                    inscriptions=dict(band.inscriptions), glory=band.glory,
                    dungeons=band.dungeons, legend_bonus=band.legend_bonus)


def _monster_data(m: Monster) -> MonsterData:
    return MonsterData(key=m.key, name=m.name, items=m.items, hp=m.hp, atk=m.atk,
                       legend=m.legend, labels=m.labels)


def _band(data: BandData) -> Band:
    monsters = tuple(Monster(m.key, m.name, m.items, m.hp, m.atk, m.legend, m.labels)
                     for m in data.monsters)
    return Band(data.name, monsters, dict(data.inscriptions), data.glory, data.dungeons,
                data.legend_bonus)


def _digest(raw: dict[str, Any]) -> str:
    content = {k: v for k, v in raw.items() if k != "digest"}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _cross_check(data: CampaignData, book: Book) -> None:
    """Rules a file's fields cannot check alone: names, inscriptions, labels, who holds what."""
    names = [b.name for b in data.bands]
    if len(set(names)) != len(names):
        raise CampaignError("two bands share a name [rule forge.band]")
    held = [w.band for w in data.wizards]
    if len(set(held)) != len(held) or any(h not in names for h in held):
        raise CampaignError("each wizard holds one band of the campaign, and no band has two "
                            "wizards [rule forge.drifting]")
    pool = sample_labels()
    for band in data.bands:
        done: dict[str, str] = {}
        for card, page in band.inscriptions.items():
            try:
                check_inscription(card, page, book, done, bought=False)
            except (BandError, TablekitError) as exc:
                raise CampaignError(f"band {band.name!r}, card {card}: {exc}") from None
            done[card] = page
        for monster in band.monsters:
            unknown = [lab for lab in monster.labels if lab not in pool]
            if unknown:
                raise CampaignError(f"band {band.name!r}, {monster.name}: unknown labels {unknown}")
