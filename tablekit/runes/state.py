"""A Runes of Wyrd match: each player's preparation (the six steps), then the duel's record."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from tablekit.core.actions import action
from tablekit.core.game import GameState, copy_rng
from tablekit.runes.cards import HERO_NAMES, Card

# The steps of one player's preparation, in order (the Hero is chosen first).
HERO, BUILD, DIVIDE, BIND, SPEND, ORDER, ASSEMBLE, READY = (
    "hero", "build", "divide", "bind", "spend", "order", "assemble", "ready")
STEP_RULES = {HERO: "runes.preparation", BUILD: "runes.deck-size", DIVIDE: "runes.chapters",
              BIND: "runes.thread-pair", SPEND: "runes.initiative-cost", ORDER: "runes.shuffle",
              ASSEMBLE: "runes.chapter-order"}


@action
class PickHero(NamedTuple):
    """Choose the Hero (not one of the twenty cards)."""

    player: int
    hero: str

    def __str__(self) -> str:
        return f"Player {self.player + 1}: play {HERO_NAMES.get(self.hero, self.hero)}"


@action
class UseSample(NamedTuple):
    """Steps 1–4 at once: take the Hero's sample prepared deck."""

    player: int
    hero: str

    def __str__(self) -> str:
        return f"Player {self.player + 1}: use {HERO_NAMES.get(self.hero, self.hero)}'s sample deck"


@action
class AddCard(NamedTuple):
    """Step 1, Build: put one more card in the deck."""

    player: int
    card: str
    name: str

    def __str__(self) -> str:
        return f"Player {self.player + 1}: add {self.name}"


@action
class ToChapter(NamedTuple):
    """Step 2, Divide: the next card of the deck goes to a Chapter (0-based)."""

    player: int
    chapter: int
    name: str

    def __str__(self) -> str:
        return f"Player {self.player + 1}: {self.name} to Chapter {self.chapter + 1}"


@action
class Bind(NamedTuple):
    """Step 3, Bind: tie a Thread of Fate between two places of one Chapter (A then B)."""

    player: int
    chapter: int
    first: int
    second: int
    names: str

    def __str__(self) -> str:
        return f"Player {self.player + 1}: Thread {self.names} (Chapter {self.chapter + 1})"


@action
class EndThreads(NamedTuple):
    """Step 3, Bind: no more Threads of Fate."""

    player: int

    def __str__(self) -> str:
        return f"Player {self.player + 1}: no more Threads of Fate"


@action
class SetInitiative(NamedTuple):
    """Step 4, Spend: the fixed Initiative of the next card, in Chapter order."""

    player: int
    value: int
    name: str

    def __str__(self) -> str:
        return f"Player {self.player + 1}: Initiative {self.value:+d} for {self.name}"


@action
class ShuffleDeck(NamedTuple):
    """Step 5, Order: draw each block's random value and lock each Chapter's order."""

    player: int

    def __str__(self) -> str:
        return f"Player {self.player + 1}: shuffle (Order)"


@action
class Assemble(NamedTuple):
    """Step 6, Assemble: join the four Chapters; the deck is locked for the duel."""

    player: int

    def __str__(self) -> str:
        return f"Player {self.player + 1}: assemble the deck"


ACTION_TYPES = (PickHero, UseSample, AddCard, ToChapter, Bind, EndThreads, SetInitiative,
                ShuffleDeck, Assemble)


class Side:
    """One player's preparation: Hero, cards in build order, Chapters, Threads, Initiative."""

    __slots__ = ("hero", "step", "cards", "chapters", "placed", "threads", "initiative",
                 "spent", "deck", "adds", "binds")

    def __init__(self) -> None:
        self.hero: str | None = None
        self.step = HERO
        self.cards: list[str] = []
        self.chapters: list[list[str]] = [[], [], [], []]
        self.placed = 0
        self.threads: list[tuple[tuple[int, int], tuple[int, int]]] = []
        self.initiative: list[list[int]] = [[], [], [], []]
        self.spent = 0  # cards whose Initiative is set, in Chapter order
        self.deck: list[str] = []
        self.adds: list[Any] | None = None  # Build: the AddCard actions open now (None: not worked out yet)
        self.binds: list[Any] | None = None  # Bind: the Bind actions open now (None: the same)

    def clone(self) -> Side:
        """An independent copy."""
        twin = Side.__new__(Side)
        twin.hero, twin.step, twin.placed, twin.spent = self.hero, self.step, self.placed, \
            self.spent
        twin.cards, twin.threads, twin.deck = list(self.cards), list(self.threads), \
            list(self.deck)
        twin.chapters = [list(ch) for ch in self.chapters]
        twin.initiative = [list(row) for row in self.initiative]
        twin.adds, twin.binds = self.adds, self.binds  # never changed in place: sharing is safe
        return twin

    def snapshot(self) -> dict[str, Any]:
        """The preparation as JSON data."""
        return {"hero": self.hero, "step": self.step, "cards": self.cards,
                "chapters": self.chapters, "placed": self.placed,
                "threads": [[list(a), list(b)] for a, b in self.threads],
                "initiative": self.initiative, "spent": self.spent, "deck": self.deck}


class RunesState(GameState):
    """Both preparations, who prepares now, and the duel's record once it has been fought."""

    __slots__ = ("config", "pool", "rng", "rng_shared", "sides", "preparing", "result",
                 "_boards", "boards_owed")

    def __init__(self, config: Any, rng: random.Random) -> None:
        super().__init__()
        self.config = config
        self.pool: dict[str, Card] = config.cards  # the card pool the match was dealt (never changed)
        self.rng = rng
        self.rng_shared = False  # True while a clone may hold the same generator (see `random`)
        self.sides = [Side(), Side()]
        self.preparing: int | None = 0
        self.result: dict[str, Any] | None = None
        self._boards: list[dict] | None = None  # see `boards`
        self.boards_owed = False  # the duel was fought with the log on: `boards` replays it

    def clone(self) -> RunesState:
        """An independent copy (the duel's record is never changed, so it is shared)."""
        twin = RunesState.__new__(RunesState)
        twin.config, twin.result, twin.preparing = self.config, self.result, self.preparing
        twin.pool = self.pool
        twin._boards, twin.boards_owed = self._boards, self.boards_owed
        twin.rng = self.rng  # copied on first use by either side (see `random`)
        twin.rng_shared = self.rng_shared = True
        twin.sides = [side.clone() for side in self.sides]
        twin.setup_events = self.setup_events
        twin.legal = self.legal  # never changed in place: sharing is safe
        return twin

    @property
    def boards(self) -> list[dict] | None:
        """The board after each duel turn, when the duel was fought with the log on (else None).

        Worked out when first asked for, by fighting the same duel again: most matches never ask.
        """
        if self._boards is None and self.boards_owed:
            from tablekit.runes.steps import replay_boards  # the steps module imports this one
            self._boards = replay_boards(self)
        return self._boards

    def random(self) -> random.Random:
        """The state's own generator (copied first if a clone still shares it)."""
        if self.rng_shared:
            self.rng = copy_rng(self.rng)
            self.rng_shared = False
        return self.rng
