"""The Deckula! state: zones, energy, the resolution queue, and the actions a player takes."""

from __future__ import annotations

from typing import NamedTuple

from tablekit.core.actions import action
from tablekit.core.game import GameState
from tablekit.deckula.cards import Card, CardSpec

Task = tuple  # ("effect", source, effect_index, trigger) or ("passives", card, area)

KEEP, ACTIVATE, DECIDE, CHOOSE, OVER = "keep", "activate", "decide", "choose", "over"


@action
class CardAction(NamedTuple):
    """An action about one card: its uid and, for reading and saving, its name."""

    card: int
    name: str
    label = "{name}"

    def __str__(self) -> str:
        return self.label.format(name=self.name)


class Keep(CardAction):
    """Setup: keep this face-up card in your Home for free; the other two are discarded."""

    __slots__ = ()
    label = "Keep {name}"


class Activate(CardAction):
    """Turn step 1: discard this Home card to use its Discard-icon effect."""

    __slots__ = ()
    label = "Use {name} (discard it)"


class Discard(CardAction):
    """Discard the drawn card for 1 energy."""

    __slots__ = ()
    label = "Discard {name} (+1 energy)"


class Buy(CardAction):
    """Pay 2 energy to put the drawn card in your Home."""

    __slots__ = ()
    label = "Buy {name} (2 energy)"


class Choose(CardAction):
    """Answer a pending choice (an effect's target, or which passive effect happens)."""

    __slots__ = ()
    label = "Choose {name}"


@action
class Draw(NamedTuple):
    """Turn step 2: done with Discard effects; draw the next card."""

    def __str__(self) -> str:
        return "Draw a card"


class Pending(NamedTuple):
    """A choice the rules wait for: what it is about, the options, and how to finish it."""

    kind: str                 # "target" or "passive"
    prompt: str
    options: tuple[int, ...]  # card uids
    source: int               # the card whose effect asks (for "target")
    effect: int               # that effect's index
    trigger: int              # the card that set it off (-1 when none)
    passives: tuple[tuple[int, int], ...] = ()  # (card, effect) candidates for "passive"


class DeckulaState(GameState):
    """Everything on the table. Zones hold card uids; `cards[uid]` is the physical card."""

    __slots__ = ("cards", "draw", "discard", "threat", "home", "beneath", "blanks", "set_aside",
                 "offer", "energy", "phase", "drawn", "pending", "todo", "result", "ended_by",
                 "turn", "options")

    def __init__(self, cards: tuple[Card, ...], options: dict) -> None:
        super().__init__()
        self.cards = cards
        self.options = options
        self.draw: list[int] = []       # the top card is the last element
        self.discard: list[int] = []
        self.threat: list[int] = []
        self.home: list[int] = []
        self.beneath: dict[int, list[int]] = {}
        self.blanks: dict[int, int] = {}  # blanked card -> the card blanking it
        self.set_aside: list[int] = []
        self.offer: list[int] = []
        self.energy = 0
        self.phase = KEEP
        self.drawn: int | None = None
        self.pending: Pending | None = None
        self.todo: list[Task] = []        # a stack: the next task is the last element
        self.result: str | None = None    # None, "survived" or "lost"
        self.ended_by: int | None = None
        self.turn = 0

    def clone(self) -> DeckulaState:
        """An independent copy (hand-written: lists copied, cards shared)."""
        twin = DeckulaState.__new__(DeckulaState)
        twin.cards, twin.options = self.cards, self.options
        twin.draw, twin.discard = self.draw[:], self.discard[:]
        twin.threat, twin.home = self.threat[:], self.home[:]
        twin.beneath = {k: v[:] for k, v in self.beneath.items()}
        twin.blanks = self.blanks.copy()
        twin.set_aside, twin.offer = self.set_aside[:], self.offer[:]
        twin.energy, twin.phase, twin.drawn = self.energy, self.phase, self.drawn
        twin.pending, twin.todo = self.pending, self.todo[:]
        twin.result, twin.ended_by, twin.turn = self.result, self.ended_by, self.turn
        twin.legal = self.legal  # the list is never changed in place: sharing is safe
        return twin

    # -- reading the table --------------------------------------------------------------
    def spec(self, uid: int) -> CardSpec:
        """The printed card behind a uid."""
        return self.cards[uid].spec

    def name(self, uid: int) -> str:
        """A card's name."""
        return self.cards[uid].spec.name

    def names(self, zone: str) -> list[str]:
        """The card names in a zone ("home", "threat", "discard", "offer", ...)."""
        return [self.cards[u].spec.name for u in getattr(self, zone)]

    def in_play(self, uid: int) -> bool:
        """True when the card is in the Home or Threat area."""
        return uid in self.home or uid in self.threat

    def is_blanked(self, uid: int, _seen: frozenset = frozenset()) -> bool:
        """True while a card in play (itself not blanked) blanks this one."""
        blocker = self.blanks.get(uid)
        if blocker is None or blocker in _seen or not self.in_play(blocker):
            return False
        return not self.is_blanked(blocker, _seen | {uid})

    def visible(self, zone: list[int]) -> list[int]:
        """The cards of a zone that are not blanked."""
        if not self.blanks:
            return list(zone)
        return [uid for uid in zone if not self.is_blanked(uid)]

    def has_tag(self, tag: str) -> bool:
        """True when an unblanked card in the Home carries `tag`."""
        return any(tag in self.spec(uid).tags for uid in self.visible(self.home))

    def visitors_in_threat(self, excluding: int = -1) -> list[int]:
        """The unblanked Visitors in the Threat area."""
        return [u for u in self.visible(self.threat) if self.spec(u).visitor and u != excluding]

    def card_vp(self, uid: int) -> int:
        """The VP a card in play scores now (0 when blanked)."""
        if self.is_blanked(uid):
            return 0
        spec = self.spec(uid)
        vp = spec.vp + spec.vp_per_beneath * len(self.beneath.get(uid, ()))
        if spec.vp_per_tag:
            vp += spec.vp_per_tag * sum(spec.scoring_tag in self.spec(u).tags
                                        for u in self.visible(self.home))
        return vp

    def score(self) -> int:
        """The VP of every card in play (what surviving the deck scores)."""
        return sum(self.card_vp(uid) for uid in self.home + self.threat)
