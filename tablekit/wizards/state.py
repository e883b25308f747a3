"""The Wizards & Co. state: dungeons, hands, decks, gems, tiles, the task stack and choices."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from tablekit.core.game import GameState
from tablekit.wizards.cards import (
    CLOSED,
    COLOURS,
    CURSED,
    STATUE,
    Board,
    BoardSide,
    Components,
    components,
)

HIDDEN = "?"  # a card another player cannot see
PLACE, BATTLE, SCORE, OVER = "place", "battle", "score", "over"
GEM_SUPPLY, CURSED_SUPPLY = 10, 20
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


class Slot(NamedTuple):
    """A creature on a dungeon space: owner, creature id, face up, equipment id ('' for none)."""

    owner: int
    creature: str
    face_up: bool
    equipment: str = ""


class Pending(NamedTuple):
    """A decision the rules wait for: whose, what kind, and its details (options are derived)."""

    player: int
    kind: str
    data: tuple = ()


class Dungeon:
    """One dungeon on the table: its board side, its spaces, its tiles and its treasure extras."""

    __slots__ = ("board", "dark", "side", "entrances", "slots", "artefacts", "enchantment",
                 "fortune", "fed", "open")

    def __init__(self, board: int, dark: bool, side: BoardSide) -> None:
        self.board = board              # index into components().boards_for(players)
        self.dark = dark
        self.side = side                # the board side showing (shared, immutable)
        self.entrances = _entrances(side)  # its entrance spaces, clockwise from the statue
        self.slots: list[Slot | None] = [None] * len(side.ring)
        self.artefacts: list[str] = []
        self.enchantment = ""
        self.fortune: dict[Any, str] = {}  # space (int) or artefact id -> extra gem colour
        self.fed: dict[int, int] = {}      # space -> cards fed to a Flesh Golem there
        self.open = True                   # False once removed from the table

    def turn_over(self, side: BoardSide, dark: bool) -> None:
        """Show another board side."""
        self.side, self.dark, self.entrances = side, dark, _entrances(side)

    def clone(self) -> Dungeon:
        """An independent copy."""
        twin = Dungeon.__new__(Dungeon)
        twin.board, twin.dark, twin.open, twin.side = self.board, self.dark, self.open, self.side
        twin.entrances = self.entrances
        twin.slots, twin.artefacts = self.slots[:], self.artefacts[:]
        twin.enchantment, twin.fortune, twin.fed = self.enchantment, dict(self.fortune), dict(self.fed)
        return twin


class WizardsState(GameState):
    """Everything on the table. Cards are creature ids; a deck's top card is its last element."""

    __slots__ = ("config", "players", "sides", "dungeons", "hands", "decks", "owned", "gems",
                 "cursed", "supply", "cursed_supply", "artefacts", "enchantments", "piles",
                 "stack", "discarded", "token", "active", "phase", "placed", "filled", "todo",
                 "pending", "scores", "winners", "turn", "luck", "most_cursed")

    def __init__(self, config: dict[str, Any], players: int, luck: int) -> None:
        super().__init__()
        self.config = config
        self.players = players
        self.sides = _boards_for(components(), players)
        self.dungeons: list[Dungeon] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.decks: list[list[str]] = [[] for _ in range(players)]
        self.owned: list[list[str]] = [[] for _ in range(players)]   # every card a player owns
        self.gems: list[list[int]] = [[0] * len(COLOURS) for _ in range(players)]
        self.cursed = [0] * players
        self.supply = [GEM_SUPPLY] * len(COLOURS)
        self.cursed_supply = CURSED_SUPPLY
        self.artefacts: list[list[str]] = [[] for _ in range(players)]
        self.enchantments: list[list[str]] = [[] for _ in range(players)]
        self.piles: dict[str, list[str]] = {"A": [], "B": [], "C": []}  # top = last
        self.stack: list[str] = []            # enchantment stack, top = last
        self.discarded: list[str] = []        # artefacts nobody got
        self.token: int | None = None         # battle token holder
        self.active = 0                       # whose turn it is
        self.phase = PLACE
        self.placed: list[tuple[int, int, bool]] = []  # (dungeon, space, face_up) this turn
        self.filled: list[int] = []           # dungeons waiting for their battle
        self.todo: list[tuple] = []           # task stack: the next task is the last element
        self.pending: Pending | None = None
        self.scores: tuple[int, ...] | None = None
        self.winners: tuple[int, ...] = ()
        self.most_cursed: tuple[bool, ...] = ()
        self.turn = 0
        self.luck = luck  # seeds the random gems Of Fortune adds (hidden, not in the snapshot)

    # -- copies --------------------------------------------------------------------------
    def clone(self) -> WizardsState:
        """An independent copy (hand-written: lists copied, components shared)."""
        twin = WizardsState.__new__(WizardsState)
        twin.config, twin.players, twin.sides = self.config, self.players, self.sides
        twin.dungeons = [d.clone() for d in self.dungeons]
        twin.hands = [h[:] for h in self.hands]
        twin.decks = [d[:] for d in self.decks]
        twin.owned = [o[:] for o in self.owned]
        twin.gems = [g[:] for g in self.gems]
        twin.cursed, twin.supply = self.cursed[:], self.supply[:]
        twin.cursed_supply = self.cursed_supply
        twin.artefacts = [a[:] for a in self.artefacts]
        twin.enchantments = [e[:] for e in self.enchantments]
        twin.piles = {k: v[:] for k, v in self.piles.items()}
        twin.stack, twin.discarded = self.stack[:], self.discarded[:]
        twin.token, twin.active, twin.phase = self.token, self.active, self.phase
        twin.placed, twin.filled, twin.todo = self.placed[:], self.filled[:], self.todo[:]
        twin.pending, twin.scores, twin.winners = self.pending, self.scores, self.winners
        twin.most_cursed, twin.turn = self.most_cursed, self.turn
        twin.luck = self.luck
        twin.legal = self.legal
        twin.setup_events = self.setup_events
        return twin

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON data (the seed of future luck left out)."""
        return {
            "players": self.players, "phase": self.phase, "turn": self.turn,
            "active": self.active, "token": self.token,
            "dungeons": [_dungeon_json(d) for d in self.dungeons],
            "hands": self.hands, "decks": self.decks, "owned": self.owned,
            "gems": self.gems, "cursed": self.cursed, "supply": self.supply,
            "cursed_supply": self.cursed_supply, "artefacts": self.artefacts,
            "enchantments": self.enchantments, "piles": self.piles, "stack": self.stack,
            "discarded": self.discarded, "placed": [list(p) for p in self.placed],
            "filled": self.filled, "todo": [list(t) for t in self.todo],
            "pending": list(self.pending) if self.pending else None,
            "scores": list(self.scores) if self.scores else None, "winners": list(self.winners),
            "most_cursed": list(self.most_cursed),
        }

    # -- reading the table ---------------------------------------------------------------
    def side(self, dungeon: int) -> BoardSide:
        """The board side a dungeon shows."""
        return self.dungeons[dungeon].side

    def space(self, dungeon: int, space: int) -> str:
        """What a space shows: statue, closed, cursed or a gem colour."""
        return self.dungeons[dungeon].side.ring[space]

    def where(self, dungeon: int, space: int) -> str:
        """A readable place: dungeon name and the entrance's treasure."""
        side = self.dungeons[dungeon].side
        key = (side.name, space)
        label = _LABELS.get(key)
        if label is None:
            shown = side.ring[space]
            what = "cursed gem" if shown == CURSED else shown
            label = _LABELS[key] = f"{side.name} ({what} entrance, space {space})"
        return label

    def free_entrances(self, dungeon: int) -> list[int]:
        """Entrances of an open dungeon with no creature on them."""
        found = self.dungeons[dungeon]
        slots = found.slots
        return [i for i in found.entrances if slots[i] is None]

    def is_full(self, dungeon: int) -> bool:
        """True when every entrance of the dungeon holds a creature."""
        return not self.has_free_entrance(dungeon)

    def any_free_entrance(self) -> bool:
        """True when an open dungeon has an entrance with no creature on it."""
        for index, found in enumerate(self.dungeons):  # a loop: no generator on a hot path
            if found.open and self.has_free_entrance(index):
                return True
        return False

    def has_free_entrance(self, dungeon: int) -> bool:
        """True when an entrance of the dungeon has no creature on it."""
        found = self.dungeons[dungeon]
        slots = found.slots
        for space in found.entrances:  # noqa: SIM110 - a plain loop: no generator on a hot path
            if slots[space] is None:
                return True
        return False

    def open_dungeons(self) -> list[int]:
        """The dungeons still on the table."""
        return [i for i, d in enumerate(self.dungeons) if d.open]

    def creatures(self, dungeon: int) -> list[tuple[int, Slot]]:
        """(space, slot) of every creature in a dungeon, clockwise from the statue."""
        return [(i, s) for i, s in enumerate(self.dungeons[dungeon].slots) if s is not None]

    def enchantment_effect(self, dungeon: int) -> str:
        """The effect of the dungeon's enchantment, or '' when enchantments are ignored."""
        found = self.dungeons[dungeon].enchantment
        if not found or not self.config["enchantment_effects"]:
            return ""
        return _ENCHANTMENT_EFFECTS[found]

    def free_equipment(self, player: int) -> list[str]:
        """The player's equipment tiles not on a creature now."""
        used = {s.equipment for d in self.dungeons for s in d.slots if s is not None}
        return [a for a in self.artefacts[player]
                if components().artefact(a).kind == "equipment" and a not in used]

    def gem_count(self, player: int) -> dict[str, int]:
        """The player's gems by colour name."""
        return dict(zip(COLOURS, self.gems[player], strict=True))

    def seat_order(self, first: int) -> tuple[int, ...]:
        """Every player in turn order starting with `first`."""
        return _seat_order(self.players, first)


_LABELS: dict[tuple[str, int], str] = {}
_ENCHANTMENT_EFFECTS = {e.id: e.effect for e in components().enchantments}
_ENTRANCES: dict[str, tuple[int, ...]] = {}


@cache
def _seat_order(players: int, first: int) -> tuple[int, ...]:
    """The seats in turn order from `first` (a few dozen tuples serve every game)."""
    return tuple((first + k) % players for k in range(players))


@cache
def _boards_for(comps: Components, players: int) -> tuple[Board, ...]:
    """The boards a game of this many players uses (looked up once per box and count)."""
    return comps.boards_for(players)


def _entrances(side: BoardSide) -> tuple[int, ...]:
    found = _ENTRANCES.get(side.name)
    if found is None:
        found = _ENTRANCES[side.name] = tuple(
            i for i, s in enumerate(side.ring) if s not in (STATUE, CLOSED))
    return found


def _dungeon_json(dungeon: Dungeon) -> dict[str, Any]:
    return {"board": dungeon.board, "dark": dungeon.dark, "open": dungeon.open,
            "slots": [list(s) if s else None for s in dungeon.slots],
            "artefacts": dungeon.artefacts, "enchantment": dungeon.enchantment,
            "fortune": {str(k): v for k, v in sorted(dungeon.fortune.items(), key=str)},
            "fed": {str(k): v for k, v in sorted(dungeon.fed.items())}}
