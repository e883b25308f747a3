"""The Deck of Wonders game state: compiled cards, minions, one board per player, cloning."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tablekit.core.game import GameState, copy_rng
from tablekit.wonders.cards import CHOSEN_TARGETS, CardEntry, Half, effect_target

VILLAIN = -1  # target: the Villain (or, on the Villain's side, the Player) itself
NONE = -2     # no target: the bullet that would need one is skipped

Bullet = tuple[tuple[str, int, str], ...]  # (op, n, target) effects of one bullet


@dataclass(frozen=True, slots=True)
class HalfSpec:
    """One half of a card, compiled for play."""

    kind: str
    strength: int
    health: int
    priority: int
    taunt: bool
    poison: bool
    shield: bool
    discard_cost: int
    play: tuple[Bullet, ...]
    death: tuple[Bullet, ...]
    text: tuple[Bullet, ...]
    choice: str | None  # the chosen target its play/spell text asks for, if any

    @property
    def is_minion(self) -> bool:
        """True for a minion half."""
        return self.kind == "minion"

    def bullets(self, part: str) -> tuple[Bullet, ...]:
        """The bullets of "play", "death" or "text"."""
        return self.play if part == "play" else self.death if part == "death" else self.text


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One physical card in this game: its uid, its two halves and where it comes from."""

    uid: int
    id: str
    name: str
    set: str
    upgradeable: bool
    player: HalfSpec
    villain: HalfSpec


def same_card(one: CardSpec, other: CardSpec) -> bool:
    """True when two copies of a card are interchangeable (the same two halves)."""
    return ((one.player is other.player or one.player == other.player)
            and (one.villain is other.villain or one.villain == other.villain))


def compile_half(half: Half, strength_bonus: int = 0) -> HalfSpec:
    """A validated card half as a HalfSpec."""
    def bullets(raw: list[list[Any]]) -> tuple[Bullet, ...]:
        return tuple(tuple((e.op, e.n, effect_target(e)) for e in bullet) for bullet in raw)

    choice = next((effect_target(e) for part in (half.play, half.text) for b in part for e in b
                   if effect_target(e) in CHOSEN_TARGETS), None)
    strength = (half.strength or 0) + strength_bonus if half.kind == "minion" else 0
    return HalfSpec(half.kind, strength, half.health or 0, half.priority or 0, half.taunt,
                    half.poison, half.shield, sum(e.n for e in half.cost),
                    bullets(half.play), bullets(half.death), bullets(half.text), choice)


def compile_card(uid: int, entry: CardEntry, upgradeable: bool, player: Half, villain: Half,
                 strength_bonus: int = 0) -> CardSpec:
    """A card entry (with upgrades already applied to its halves) as a CardSpec."""
    return CardSpec(uid, entry.id, entry.name, entry.set, upgradeable,
                    compile_half(player), compile_half(villain, strength_bonus))


class Minion:
    """A minion on the table (the card uid and its current numbers and effects)."""

    __slots__ = ("uid", "name", "strength", "health", "priority", "damage", "exhausted",
                 "shield", "shield_card", "taunt", "poison", "attached")

    def __init__(self, uid: int, name: str, half: HalfSpec, exhausted: bool) -> None:
        self.uid, self.name = uid, name
        self.strength, self.health, self.priority = half.strength, half.health, half.priority
        self.damage = 0
        self.exhausted = exhausted
        self.shield, self.shield_card = half.shield, -1
        self.taunt, self.poison = half.taunt, half.poison
        self.attached: list[int] = []

    def copy(self) -> Minion:
        """An independent copy."""
        twin = Minion.__new__(Minion)
        twin.uid, twin.name, twin.strength, twin.health = (self.uid, self.name, self.strength,
                                                           self.health)
        twin.priority, twin.damage, twin.exhausted = self.priority, self.damage, self.exhausted
        twin.shield, twin.shield_card = self.shield, self.shield_card
        twin.taunt, twin.poison, twin.attached = self.taunt, self.poison, list(self.attached)
        return twin

    def to_json(self) -> dict[str, Any]:
        """The minion as plain data."""
        return {"uid": self.uid, "name": self.name, "strength": self.strength,
                "health": self.health, "priority": self.priority, "damage": self.damage,
                "exhausted": self.exhausted, "shield": self.shield,
                "shield_card": self.shield_card, "taunt": self.taunt, "poison": self.poison,
                "attached": list(self.attached)}

    def __repr__(self) -> str:
        flags = "".join(f for f, on in (("S", self.shield), ("T", self.taunt),
                                         ("P", self.poison), ("x", self.exhausted)) if on)
        return f"{self.name}#{self.uid} {self.strength}/{self.health}-{self.damage} {flags}"


class Board:
    """One player's game: their Villain, both healths, the piles, hand and minion rows."""

    __slots__ = ("villain", "villain_name", "villain_health", "villain_max", "player_health",
                 "player_max", "rules", "draw", "discard", "hand", "player_minions",
                 "villain_minions", "limbo")

    def __init__(self) -> None:
        self.villain, self.villain_name = "", ""
        self.villain_health = self.villain_max = self.player_health = self.player_max = 0
        self.rules: tuple[tuple[str, int], ...] = ()
        self.draw: list[int] = []      # the top card is the last one
        self.discard: list[int] = []
        self.hand: list[int] = []
        self.player_minions: list[Minion] = []
        self.villain_minions: list[Minion] = []
        self.limbo: list[int] = []     # a spell being resolved and the cards paid for it

    def rule(self, op: str) -> int:
        """The total amount of a special rule (0 when the Villain does not have it)."""
        rules = self.rules
        return sum(n for name, n in rules if name == op) if rules else 0

    def copy(self) -> Board:
        """An independent copy."""
        twin = Board.__new__(Board)
        twin.villain, twin.villain_name = self.villain, self.villain_name
        twin.villain_health, twin.villain_max = self.villain_health, self.villain_max
        twin.player_health, twin.player_max = self.player_health, self.player_max
        twin.rules = self.rules
        twin.draw, twin.discard, twin.hand = list(self.draw), list(self.discard), list(self.hand)
        twin.player_minions = [m.copy() for m in self.player_minions]
        twin.villain_minions = [m.copy() for m in self.villain_minions]
        twin.limbo = list(self.limbo)
        return twin

    def card_uids(self) -> list[int]:
        """Every card uid this board holds, wherever it is."""
        uids = self.draw + self.discard + self.hand + self.limbo
        for minion in self.player_minions + self.villain_minions:
            uids += [minion.uid, *minion.attached]
        return uids

    def to_json(self) -> dict[str, Any]:
        """The board as plain data."""
        return {"villain": self.villain, "villain_health": self.villain_health,
                "player_health": self.player_health, "draw": list(self.draw),
                "discard": list(self.discard), "hand": list(self.hand),
                "player_minions": [m.to_json() for m in self.player_minions],
                "villain_minions": [m.to_json() for m in self.villain_minions],
                "limbo": list(self.limbo)}


class LineUp:
    """The Battle Lines being set: Villain order, then the Player's ties, one pick at a time."""

    __slots__ = ("board", "villain_left", "villain_order", "groups", "player_order")

    def __init__(self, board: int, villain_left: list[int], groups: list[list[int]]) -> None:
        self.board = board
        self.villain_left = villain_left          # uids not yet placed
        self.villain_order: list[int] = []
        self.groups = groups                      # Player uids by Priority, ties still open
        self.player_order: list[int] = []

    def copy(self) -> LineUp:
        """An independent copy."""
        twin = LineUp(self.board, list(self.villain_left), [list(g) for g in self.groups])
        twin.villain_order, twin.player_order = list(self.villain_order), list(self.player_order)
        return twin

    def to_json(self) -> dict[str, Any]:
        """The line-up as plain data."""
        return {"board": self.board, "villain_left": self.villain_left,
                "villain_order": self.villain_order, "groups": self.groups,
                "player_order": self.player_order}


MAX_ROUNDS = 60  # past this many rounds the game is lost (a config option)


class State(GameState):
    """A whole game: the card table, the boards, the phase and what is waiting to resolve."""

    __slots__ = ("table", "boards", "phase", "player", "round", "work", "pending", "lineup",
                 "villain_board", "result", "result_text", "rng", "max_rounds",
                 "coop", "opening", "passed", "rng_shared", "viewer")

    def __init__(self, table: tuple[CardSpec, ...], rng: random.Random) -> None:
        super().__init__()
        self.table = table
        self.boards: list[Board] = []
        self.phase = "mulligan"   # mulligan, pass, play, villain, over
        self.player = 0           # whose decision it is
        self.round = 1
        self.work: list[list[Any]] = []   # frames still to resolve, top last
        self.pending: tuple[Any, ...] | None = None  # (board, kind, options) of a choice
        self.lineup: LineUp | None = None
        self.villain_board = 0
        self.result: str | None = None    # "win" or "loss"
        self.result_text = ""
        self.rng = rng
        self.max_rounds = MAX_ROUNDS
        self.coop = False
        self.opening = True        # the Villain's opening turn has not happened yet
        self.passed: list[int] = []  # co-op: cards handed over this turn, delivered together
        self.rng_shared = False      # a clone shares the generator until one of them draws
        self.viewer: int | None = None  # set on views: the player who sees this

    def clone(self) -> State:
        """An independent copy (written by hand: cheap)."""
        twin = State.__new__(State)
        twin.table = self.table
        twin.boards = [b.copy() for b in self.boards]
        twin.phase, twin.player, twin.round = self.phase, self.player, self.round
        twin.work = [list(frame) for frame in self.work]
        twin.pending = self.pending
        twin.lineup = self.lineup.copy() if self.lineup is not None else None
        twin.villain_board, twin.result, twin.result_text = (self.villain_board, self.result,
                                                             self.result_text)
        twin.viewer = self.viewer
        twin.rng = self.rng  # copied on first use by either side (see `random`)
        twin.rng_shared = self.rng_shared = True
        twin.max_rounds, twin.setup_events = self.max_rounds, self.setup_events
        twin.coop, twin.opening, twin.passed = self.coop, self.opening, list(self.passed)
        twin.legal = self.legal  # never changed in place: sharing is safe
        return twin

    def random(self) -> random.Random:
        """The state's own generator (copied first if a clone still shares it)."""
        if self.rng_shared:
            self.rng = copy_rng(self.rng)
            self.rng_shared = False
        return self.rng

    def name(self, uid: int) -> str:
        """A card's name by uid."""
        return self.table[uid].name

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain data (the random generator excluded)."""
        return {"phase": self.phase, "player": self.player, "round": self.round,
                "boards": [b.to_json() for b in self.boards],
                "work": [list(f) for f in self.work],
                "pending": list(self.pending) if self.pending else None,
                "lineup": self.lineup.to_json() if self.lineup else None,
                "villain_board": self.villain_board, "result": self.result,
                "coop": self.coop, "opening": self.opening, "passed": list(self.passed)}
