"""The Post-Game Cycle as a game of its own: every choice is an action of the wizard who makes it.

After a dungeon (`Campaign.record`), `cycle_match(campaign, result, seed)` plays Fading (with the
Legend bonus: which of the two drawn Blessed cards fades), Drifting (in draft order, each wizard
takes a band) and Turning (each wizard writes inscriptions within their coppers, card then page,
then says done). `next_campaign(match)` is the campaign for the next dungeon. This rules object
follows the engine contract (Match: undo, save and load, explain) but is not a registered game.
"""

from __future__ import annotations

import json
import random
from functools import cached_property
from typing import Any, Literal, NamedTuple

from tablekit.core.actions import action
from tablekit.core.config import GameConfig, option
from tablekit.core.errors import ConfigError
from tablekit.core.game import Action, Events, Game, GameState, Outcome
from tablekit.core.match import Match
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.forge.band import BandError, check_inscription
from tablekit.forge.campaign import Campaign, CampaignData, CampaignError
from tablekit.forge.cards import DATA, DECK_SIZE, card_label, parse_card, sample_book

FADE, DRIFT, TURN, WRITE, DONE = "fade", "drift", "turn", "write", "done"


@action
class FadeCard(NamedTuple):
    """Legend bonus: of the two Blessed cards drawn, this one fades (the other keeps its page)."""

    card: str

    def __str__(self) -> str:
        return f"Fade {self.card}"


@action
class TakeBand(NamedTuple):
    """Drifting: take this band from the middle."""

    band: str

    def __str__(self) -> str:
        return f"Take {self.band}"


@action
class ChooseCard(NamedTuple):
    """Turning: choose a card of your band to inscribe."""

    card: str

    def __str__(self) -> str:
        return f"Inscribe {self.card}"


@action
class Write(NamedTuple):
    """Turning: write this page of the Book on the chosen card."""

    page: str

    def __str__(self) -> str:
        return f"Write {self.page}"


@action
class Back(NamedTuple):
    """Turning: choose another card instead."""

    def __str__(self) -> str:
        return "Back"


@action
class Done(NamedTuple):
    """Turning: this wizard buys nothing more (unspent coppers carry over)."""

    def __str__(self) -> str:
        return "Done"


class CycleConfig(GameConfig):
    """The recorded campaign, and each wizard's personal Glory and best killing blow."""

    campaign: dict[str, Any] = option({}, rule="forge.record")
    glory: tuple[int, ...] = option((), rule="forge.drifting")
    best_kill: tuple[int, ...] = option((), rule="forge.drifting")
    new_bands: Literal["starter", "bare"] = option("starter", rule="forge.band")

    @property
    def players(self) -> int:
        """One seat per wizard of the campaign."""
        return len(self.campaign.get("wizards", ())) or 1


class CycleState(GameState):
    """The campaign being changed, the step, the Fading draws, draft order and Turning choice."""

    __slots__ = ("data", "phase", "seat", "drawn", "order", "middle", "card", "rng", "log",
                 "new_bands")

    def __init__(self, data: CampaignData) -> None:
        super().__init__()
        self.data = data
        self.phase = FADE
        self.seat = 0
        self.drawn: list[str] = []
        self.order: list[int] = []
        self.middle: list[str] = []
        self.card = ""
        self.rng = random.Random(0)
        self.log: list[str] = []
        self.new_bands = "starter"  # how a retired band's replacement is inscribed

    def clone(self) -> CycleState:
        """An independent copy (the campaign data is immutable and shared)."""
        twin = CycleState.__new__(CycleState)
        twin.data, twin.phase, twin.seat = self.data, self.phase, self.seat
        twin.drawn, twin.order, twin.middle = self.drawn[:], self.order[:], self.middle[:]
        twin.card, twin.log, twin.new_bands = self.card, self.log[:], self.new_bands
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.legal, twin.setup_events = self.legal, self.setup_events
        return twin


class CycleGame(Game):
    """The Post-Game Cycle of DeckNForge (Fading, Drifting, Turning)."""

    name = "forge-cycle"  # not registered: load its saves with `load_cycle`
    title = "DeckNForge: the Post-Game Cycle"
    version = 1
    config_model = CycleConfig
    action_types = (FadeCard, TakeBand, ChooseCard, Write, Back, Done)

    @cached_property
    def rulebook(self) -> RuleBook:
        """The DeckNForge rule book."""
        return load_rulebook("forge", DATA / "rules.toml")

    def _initial_state(self, config: CycleConfig, rng: random.Random, events: Events
                       ) -> CycleState:
        """Start Fading with the recorded campaign."""
        try:
            campaign = Campaign.load(json.dumps(config.campaign, ensure_ascii=False))
        except CampaignError as exc:
            raise ConfigError(f"cycle option campaign: {exc}") from None
        n = len(campaign.data.wizards)
        if len(config.glory) != n or len(config.best_kill) != n:
            raise ConfigError("the cycle needs each wizard's Glory and best killing blow "
                              "[rule forge.drifting]")
        s = CycleState(campaign.data)
        s.rng = random.Random(rng.getrandbits(64))
        s.new_bands = config.new_bands
        glory, best = config.glory, config.best_kill
        s.order = campaign.draft_order({"glory": glory, "best_kill": best})
        s.order = [next(i for i, w in enumerate(s.data.wizards) if w.name == name)
                   for name in s.order]
        events.add("forge.record", "The game is recorded; the Post-Game Cycle begins.")
        _fade_next(s, events)
        return s

    def to_move(self, state: CycleState) -> int | None:
        """The wizard choosing now."""
        return None if state.phase == DONE else state.seat

    def _legal_actions(self, s: CycleState) -> list[Action]:
        """What the wizard to move may choose."""
        if s.phase == FADE:
            return [FadeCard(card) for card in s.drawn]
        if s.phase == DRIFT:
            return [TakeBand(band) for band in s.middle]
        if s.phase == TURN:
            return [Done()] + [ChooseCard(card) for card in _free_cards(s)]
        if s.phase == WRITE:
            return [Back()] + [Write(page) for page in _pages_for(s, s.card)]
        return []

    def _apply_unchecked(self, s: CycleState, act: Action, events: Events) -> None:
        """Apply a choice and run on to the next one."""
        kind = type(act)
        if kind is FadeCard:
            _fade(s, s.seat, act.card, events)
            s.seat += 1
            _fade_next(s, events)
        elif kind is TakeBand:
            _take(s, act.band, events)
        elif kind is ChooseCard:
            s.phase, s.card = WRITE, act.card
        elif kind is Back:
            s.phase, s.card = TURN, ""
        elif kind is Write:
            _write(s, s.card, act.page, events)
            s.phase, s.card = TURN, ""
            if not _free_cards(s):
                _turn_next(s, events)
        else:
            events.add("forge.turning", "{who} is done ({c} coppers carried over).",
                       who=s.data.wizards[s.seat].name, c=s.data.wizards[s.seat].coppers)
            _turn_next(s, events)

    def is_over(self, state: CycleState) -> bool:
        """True once every wizard is done Turning."""
        return state.phase == DONE

    def outcome(self, state: CycleState) -> Outcome | None:
        """Nobody wins a Post-Game Cycle: every wizard is simply ready for the next dungeon."""
        if state.phase != DONE:
            return None
        n = len(state.data.wizards)
        return Outcome((1.0,) * n, tuple(range(n)), "The bands are ready for the next dungeon.")

    def clone(self, state: CycleState) -> CycleState:
        """A hand-written copy."""
        return state.clone()

    def view(self, state: CycleState, player: int) -> CycleState:
        """Everything is public except the future Fading draws (the generator is reset)."""
        seen = state.clone()
        seen.rng = random.Random(0)
        seen.legal = None
        return seen

    def determinize(self, view: CycleState, rng: random.Random) -> CycleState:
        """A full state for a view: a fresh generator for the draws still to come."""
        state = view.clone()
        state.rng = random.Random(rng.getrandbits(64))
        return state

    def snapshot(self, state: CycleState) -> dict[str, Any]:
        """The whole state as JSON data."""
        return {"campaign": state.data.model_dump(mode="json"), "phase": state.phase,
                "seat": state.seat, "drawn": state.drawn, "order": state.order,
                "middle": state.middle, "card": state.card, "log": state.log,
                "new_bands": state.new_bands}

    def heuristic_action(self, view: CycleState, legal: list[Action],
                         rng: random.Random) -> Action:
        """Fade the cheaper page, keep your own band, buy the dearest page that fits, then stop."""
        first = legal[0]
        if isinstance(first, FadeCard):
            band = _band_of(view, view.seat)
            book = sample_book()
            return min(legal, key=lambda a: book[band.inscriptions[a.card]].cost)
        if isinstance(first, TakeBand):
            own = view.data.wizards[view.seat].band
            return next((a for a in legal if a.band == own), first)
        if isinstance(first, Back):
            writes = [a for a in legal if isinstance(a, Write)]
            return max(writes, key=lambda a: sample_book()[a.page].cost) if writes else first
        cards = [a for a in legal if isinstance(a, ChooseCard)]
        heroes = [a for a in cards if parse_card(a.card) % 12 >= 9]
        return (heroes or cards or legal)[0] if _can_buy(view) else first


CYCLE = CycleGame()


def cycle_match(campaign: Campaign, result: dict[str, Any], seed: int | str = 0,
                new_bands: str = "starter") -> Match:
    """A Post-Game Cycle for a recorded campaign (`Campaign.record`'s result gives the Glory)."""
    config = CYCLE.make_config(campaign=json.loads(campaign.to_json()),
                               glory=tuple(result["glory"]), best_kill=tuple(result["best_kill"]),
                               new_bands=new_bands)
    return Match(CYCLE, config, seed)


def load_cycle(text: str) -> Match:
    """A saved Post-Game Cycle (`Match.to_json`), replayed and checked."""
    from tablekit.core.errors import SaveFileError
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SaveFileError(f"save file is not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("game") != CYCLE.name:
        raise SaveFileError("not a saved DeckNForge Post-Game Cycle")
    return Match.load(CYCLE, data)


def next_campaign(match: Match) -> Campaign:
    """The campaign after a finished cycle."""
    if not match.is_over:
        raise CampaignError("the Post-Game Cycle is not finished yet [rule forge.turning]")
    return Campaign(match.state.data)


# -- the steps ---------------------------------------------------------------------------------
def _band_of(s: CycleState, seat: int) -> Any:
    name = s.data.wizards[seat].band
    return next(b for b in s.data.bands if b.name == name)


def _fade_next(s: CycleState, events: Events) -> None:
    """Fade each wizard's band in seat order; stop where a Legend bonus asks for a choice."""
    while s.seat < len(s.data.wizards):
        band = _band_of(s, s.seat)
        blessed = sorted(band.inscriptions, key=parse_card)
        if not blessed:
            s.seat += 1
            continue
        s.drawn = s.rng.sample(blessed, min(len(blessed), 2 if band.legend_bonus else 1))
        if len(s.drawn) == 2:
            events.add("forge.legend-bonus", "{band} draws {a} and {b} (Legend bonus): "
                       "{who} chooses which fades.", band=band.name, a=s.drawn[0],
                       b=s.drawn[1], who=s.data.wizards[s.seat].name)
            s.phase = FADE
            return
        _fade(s, s.seat, s.drawn[0], events)
        s.seat += 1
    s.drawn = []
    _start_drift(s, events)


def _fade(s: CycleState, seat: int, card: str, events: Events) -> None:
    """Cross out the card's inscription; a band left with none is retired."""
    band = _band_of(s, seat)
    pages = {c: p for c, p in band.inscriptions.items() if c != card}
    retired = not pages
    new = band.model_copy(update={"inscriptions": pages, "legend_bonus": False,
                                  "retired": retired})
    s.data = s.data.model_copy(update={"bands": tuple(new if b.name == band.name else b
                                                      for b in s.data.bands)})
    events.add("forge.fading", "{band} fades the inscription on {card}{end}.", band=band.name,
               card=card, end=": no Blessed card is left and the band is retired" if retired
               else "")
    if retired:
        wizard = s.data.wizards[seat]
        people = list(s.data.wizards)
        people[seat] = wizard.model_copy(update={"heirloom": band.inscriptions[card]})
        s.data = s.data.model_copy(update={"wizards": tuple(people)})
        events.add("forge.fading", "{who} keeps {page} as an heirloom.", who=wizard.name,
                   page=band.inscriptions[card])
    s.drawn = []


def _start_drift(s: CycleState, events: Events) -> None:
    """All bands go to the middle (a retired band's wizard brings a new one)."""
    from tablekit.forge.campaign import _replacement_plan, new_band_for
    bands = {b.name: b for b in s.data.bands}
    people = list(s.data.wizards)
    middle = []
    for i, wizard in enumerate(people):
        if bands[wizard.band].retired:
            bands, people[i] = new_band_for(wizard, bands, s.rng, sample_book(),
                                            wizards=len(people),
                                            plan=_replacement_plan(s.new_bands, None))
            middle.append(list(bands)[-1])
            events.add("forge.band", "{who} builds {band}: {pages}.", who=wizard.name,
                       band=middle[-1], pages=", ".join(
                           f"{c} {p}" for c, p in bands[middle[-1]].inscriptions.items()))
        else:
            middle.append(wizard.band)
    s.data = s.data.model_copy(update={"bands": tuple(bands.values()),
                                       "wizards": tuple(people)})
    s.middle = sorted(middle)
    s.phase = DRIFT
    s.seat = s.order[0]
    events.add("forge.drifting", "Draft order: {order}.",
               order=", ".join(s.data.wizards[w].name for w in s.order))


def _take(s: CycleState, band: str, events: Events) -> None:
    people = list(s.data.wizards)
    people[s.seat] = people[s.seat].model_copy(update={"band": band, "heirloom": None})
    s.data = s.data.model_copy(update={"wizards": tuple(people)})
    s.middle.remove(band)
    events.add("forge.drifting", "{who} takes {band}.", who=people[s.seat].name, band=band)
    done = s.order.index(s.seat) + 1
    if done < len(s.order):
        s.seat = s.order[done]
        return
    s.phase, s.seat = TURN, 0
    if not _free_cards(s):
        _turn_next(s, events, advance=False)


def _free_cards(s: CycleState) -> list[str]:
    """Cards of the wizard's band without an inscription that some affordable page fits."""
    if not _can_buy(s):
        return []
    band = _band_of(s, s.seat)
    return [card_label(c) for c in range(DECK_SIZE)
            if card_label(c) not in band.inscriptions and _pages_for(s, card_label(c))]


def _can_buy(s: CycleState) -> bool:
    cheapest = min(p.cost for p in sample_book().inscriptions if p.tier != "mythic")
    return s.data.wizards[s.seat].coppers >= cheapest


def _pages_for(s: CycleState, card: str) -> list[str]:
    """Pages the wizard can afford that may go on the card (never a Mythic: they are earned)."""
    band, coppers = _band_of(s, s.seat), s.data.wizards[s.seat].coppers
    pages = []
    for page in sample_book().inscriptions:
        if page.tier == "mythic" or page.cost > coppers:
            continue
        try:
            check_inscription(card, page.id, sample_book(), band.inscriptions)
        except BandError:
            continue
        pages.append(page.id)
    return pages


def _write(s: CycleState, card: str, page: str, events: Events) -> None:
    band = _band_of(s, s.seat)
    cost = sample_book()[page].cost
    new = band.model_copy(update={"inscriptions": {**band.inscriptions, card: page}})
    people = list(s.data.wizards)
    people[s.seat] = people[s.seat].model_copy(update={"coppers": people[s.seat].coppers - cost})
    s.data = s.data.model_copy(update={
        "wizards": tuple(people),
        "bands": tuple(new if b.name == band.name else b for b in s.data.bands)})
    events.add("forge.turning", "{who} writes {name} on {card} for {cost} coppers ({left} left).",
               who=people[s.seat].name, name=sample_book()[page].name, card=card, cost=cost,
               left=people[s.seat].coppers)


def _turn_next(s: CycleState, events: Events, advance: bool = True) -> None:
    """The next wizard who can buy something Turns; after the last, the cycle is done."""
    if advance:
        s.seat += 1
    while s.seat < len(s.data.wizards) and not _free_cards(s):
        s.seat += 1
    if s.seat >= len(s.data.wizards):
        s.phase, s.seat = DONE, 0
        events.add("forge.turning", "Turning is over: the bands are ready for the next dungeon.")
        return
    s.phase = TURN
