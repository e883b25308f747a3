"""The DeckNForge state (one dungeon) and the actions a wizard takes in it.

Cards in play are ints: `band * 48 + local`, where local = suit * 12 + rank index, so a card
always knows the band it returns to. Monsters are ints too: `band * 6 + k` (k: A♠ A♥ A♣ A♦, the
two Jokers).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tablekit.core.actions import action
from tablekit.core.game import GameState
from tablekit.forge.cards import DECK_SIZE, card_label

LABEL, PLOT, TACTIC, PAY, HIT, REWARD, MYTHIC, OVER = (
    "label", "plot", "tactic", "pay", "hit", "reward", "mythic", "over")
HIDDEN = -2  # a plotted card another wizard cannot see yet


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    """Cards written out: `2♦ 9♣`."""
    return " ".join(card_label(c) for c in cards)


# -- actions --------------------------------------------------------------------------------
@action
class Plot(NamedTuple):
    """Plot: lay this card face down to attack with it."""

    card: int

    def __str__(self) -> str:
        return f"Plot {card_label(self.card)}"


@action
class Convert(NamedTuple):
    """Plot: lay this Item face down to Convert it for its suit's gift."""

    card: int

    def __str__(self) -> str:
        return f"Convert {card_label(self.card)}"


@action
class Tactic(NamedTuple):
    """Take a Tactic (Spike, Foil, Snipe or Brace), against a target wizard when it has one."""

    kind: str
    target: int = -1

    def __str__(self) -> str:
        return self.kind if self.target < 0 else f"{self.kind} wizard {self.target + 1}"


@action
class Pass(NamedTuple):
    """Take no Tactic this round."""

    def __str__(self) -> str:
        return "Pass"


@action
class Pay(NamedTuple):
    """Discard this card to pay for the Tactic being taken."""

    card: int

    def __str__(self) -> str:
        return f"Pay with {card_label(self.card)}"


@action
class TakeHit(NamedTuple):
    """Take the hit (lose HP) instead of dodging."""

    def __str__(self) -> str:
        return "Take the hit"


@action
class Dodge(NamedTuple):
    """Discard these cards at once to dodge (offered: the cheapest dodge)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"Dodge with {cards_text(self.cards)}"


@action
class Pick(NamedTuple):
    """Add this card to the dodge being gathered (it dodges once the total beats the attack)."""

    card: int

    def __str__(self) -> str:
        return f"Dodge card {card_label(self.card)}"


@action
class Reward(NamedTuple):
    """The killer's pick: Rally, Surge or Momentum."""

    kind: str

    def __str__(self) -> str:
        return self.kind


@action
class AddLabel(NamedTuple):
    """Stick a label on the Boss just revealed, taking a draw or a heal with the reward."""

    label: str
    bonus: str  # "draw" or "heal"

    def __str__(self) -> str:
        return f"Label {self.label} ({self.bonus})"


@action
class NoLabel(NamedTuple):
    """Leave the Boss without a new label."""

    def __str__(self) -> str:
        return "No label"


@action
class EarnMythic(NamedTuple):
    """Write this earned Mythic on the Hero that landed the killing blow."""

    inscription: str

    def __str__(self) -> str:
        return f"Earn Mythic {self.inscription}"


ACTION_TYPES = (Plot, Convert, Tactic, Pass, Pay, TakeHit, Dodge, Pick, Reward, AddLabel,
                NoLabel, EarnMythic)


class Hit(NamedTuple):
    """A pending hit on a wizard: who, from what, how hard, and whether it is the Boss's."""

    wizard: int
    source: str
    attack: int
    boss: bool


class Table(NamedTuple):
    """What a game is played with: fixed for the whole dungeon (shared by clones)."""

    wizards: int
    hand: int
    values: tuple[int, ...]            # face value per card in play (global id)
    band_names: tuple[str, ...]
    book: Any                          # tablekit.forge.cards.Book
    pool: Any                          # tablekit.forge.cards.LabelPool
    labels_allowed: tuple[bool, ...]   # per band: its second dungeon or later
    mythics: bool
    score: str = "win"                 # what the outcome scores: "win" or "margin" (ForgeConfig)


# -- the state ------------------------------------------------------------------------------
class ForgeState(GameState):
    """One dungeon in progress: hands, decks, committed piles, the Bosses, Minions and round."""

    __slots__ = (
        "game", "inscribed", "monsters", "hands", "decks", "committed", "hp", "shield",
        "coppers", "glory", "band_glory", "out", "bosses", "boss_no", "boss_hp", "boss_atk",
        "armor", "regen", "doom", "minion_pool", "minions", "active", "round", "phase",
        "queue", "plots", "converted", "bonus", "spiked", "braced", "tactic", "hits", "picked",
        "stage", "dealt", "killer", "kill_card", "momentum", "labels_added", "label_adder",
        "best_kill", "legend_bonus", "earned", "result", "viewer", "dodge_values")

    def __init__(self, game: Table) -> None:
        super().__init__()
        n = game.wizards
        self.game = game
        self.inscribed: list[dict[int, str]] = [{} for _ in range(n)]  # band -> local -> id
        self.monsters: list[Any] = []           # tablekit.forge.band.Monster per monster id
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.decks: list[list[int]] = [[] for _ in range(n)]      # top card last
        self.committed: list[list[int]] = [[] for _ in range(n)]  # per band
        self.hp, self.shield = [20] * n, [0] * n
        self.coppers, self.glory, self.band_glory = [0] * n, [0] * n, [0] * n
        self.out = [False] * n
        self.bosses: list[int] = []
        self.boss_no = 0
        self.boss_hp = self.boss_atk = self.armor = self.regen = self.doom = 0
        self.minion_pool: list[int] = []         # top last
        self.minions: list[int] = []
        self.active = 0
        self.round = 1
        self.phase = PLOT
        self.queue: list[int] = []               # wizards still to decide in this step
        self.plots = [-1] * n                    # card in each wizard's plot slot
        self.converted = [False] * n
        self.bonus: dict[int, int] = {}          # Spike/Foil change of a revealed card
        self.spiked: list[int] = []              # revealed cards raised by a Spike
        self.braced = [False] * n
        self.tactic: tuple[str, int, int] | None = None  # (kind, target, cards still to pay)
        self.hits: list[Hit] = []
        self.picked: list[int] = []
        self.stage = ""
        self.dealt = 0                            # damage dealt to the Boss this round
        self.killer = -1
        self.kill_card = -1
        self.momentum = 0
        self.labels_added = 0
        self.label_adder = -1
        self.best_kill = [0] * n                  # highest killing-blow face value per wizard
        self.legend_bonus = [False] * n           # per band
        self.earned: list[tuple[int, str]] = []   # (global card, Mythic id) earned this game
        self.result: str | None = None            # None, "won" or "lost"
        self.viewer = -1                          # the wizard a view was made for (-1: none)
        self.dodge_values: list[int] = []         # what each card counts for in a dodge

    # -- reading ----------------------------------------------------------------------------
    @property
    def wizards(self) -> int:
        """How many wizards play."""
        return self.game.wizards

    def value(self, card: int) -> int:
        """The face value of a card."""
        return self.game.values[card]

    def inscription(self, card: int) -> Any:
        """The inscription a card holds, or None."""
        page = self.inscribed[card // DECK_SIZE].get(card % DECK_SIZE)
        return None if page is None else self.game.book[page]

    def reckon_dodge_values(self) -> None:
        """Work out once what each card counts for in a dodge (face value plus inscriptions)."""
        values = list(self.game.values)
        for band, pages in enumerate(self.inscribed):
            for local, page in pages.items():
                values[band * DECK_SIZE + local] += self.game.book[page].amount("dodge", "value")
        self.dodge_values = values

    def deck_size(self, wizard: int) -> int:
        """Cards in the wizard's combat deck (a view pools another wizard's face-down plot with
        their deck, so that card is not counted)."""
        return len(self.decks[wizard]) - (self.plots[wizard] == HIDDEN)

    def monster_name(self, monster: int) -> str:
        """A Monster's name (with its Legend star)."""
        m = self.monsters[monster]
        return m.name + ("★" if m.legend else "")

    @property
    def boss(self) -> int:
        """The monster id of the Boss being fought."""
        return self.bosses[self.boss_no]

    def in_fight(self, wizard: int) -> bool:
        """True while the wizard has not been knocked out of this fight."""
        return not self.out[wizard]

    # -- copies -----------------------------------------------------------------------------
    def clone(self) -> ForgeState:
        """An independent copy (hand-written: lists copied, immutable parts shared)."""
        twin = ForgeState.__new__(ForgeState)
        twin.game = self.game
        twin.inscribed = self.inscribed[:]  # inner dicts are replaced, never changed in place
        twin.monsters = self.monsters[:]
        twin.hands = [h[:] for h in self.hands]
        twin.decks = [d[:] for d in self.decks]
        twin.committed = [c[:] for c in self.committed]
        twin.hp, twin.shield = self.hp[:], self.shield[:]
        twin.coppers, twin.glory, twin.band_glory = self.coppers[:], self.glory[:], self.band_glory[:]
        twin.out = self.out[:]
        twin.bosses, twin.boss_no = self.bosses[:], self.boss_no
        twin.boss_hp, twin.boss_atk, twin.armor = self.boss_hp, self.boss_atk, self.armor
        twin.regen, twin.doom = self.regen, self.doom
        twin.minion_pool, twin.minions = self.minion_pool[:], self.minions[:]
        twin.active, twin.round, twin.phase = self.active, self.round, self.phase
        twin.queue, twin.plots = self.queue[:], self.plots[:]
        twin.converted, twin.braced = self.converted[:], self.braced[:]
        twin.bonus, twin.spiked = self.bonus.copy(), self.spiked[:]
        twin.tactic = self.tactic
        twin.hits, twin.picked = self.hits[:], self.picked[:]
        twin.stage, twin.dealt = self.stage, self.dealt
        twin.killer, twin.kill_card, twin.momentum = self.killer, self.kill_card, self.momentum
        twin.labels_added, twin.label_adder = self.labels_added, self.label_adder
        twin.best_kill, twin.legend_bonus = self.best_kill[:], self.legend_bonus[:]
        twin.earned, twin.result, twin.viewer = self.earned[:], self.result, self.viewer
        twin.dodge_values = self.dodge_values  # replaced, never changed in place
        twin.setup_events, twin.legal = self.setup_events, self.legal
        return twin

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON data."""
        return {
            "inscribed": [{str(k): v for k, v in sorted(d.items())} for d in self.inscribed],
            "monsters": [[m.key, m.name, m.hp, m.atk, m.legend, list(m.labels)]
                         for m in self.monsters],
            "hands": self.hands, "decks": self.decks, "committed": self.committed,
            "hp": self.hp, "shield": self.shield, "coppers": self.coppers, "glory": self.glory,
            "band_glory": self.band_glory, "out": self.out, "bosses": self.bosses,
            "boss_no": self.boss_no, "boss": [self.boss_hp, self.boss_atk, self.armor,
                                              self.regen, self.doom],
            "minion_pool": self.minion_pool, "minions": self.minions, "active": self.active,
            "round": self.round, "phase": self.phase, "queue": self.queue, "plots": self.plots,
            "converted": self.converted, "braced": self.braced, "spiked": self.spiked,
            "bonus": {str(k): v for k, v in sorted(self.bonus.items())},
            "tactic": list(self.tactic) if self.tactic else None,
            "hits": [list(h) for h in self.hits], "picked": self.picked, "stage": self.stage,
            "dealt": self.dealt, "killer": self.killer, "kill_card": self.kill_card,
            "momentum": self.momentum, "labels": [self.labels_added, self.label_adder],
            "best_kill": self.best_kill, "legend_bonus": self.legend_bonus,
            "earned": [list(e) for e in self.earned], "result": self.result, "viewer": self.viewer,
        }
