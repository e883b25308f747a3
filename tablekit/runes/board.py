"""The duel's state: two heroes, the active Event, the turn, the switches and the event log."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tablekit.core.cards import read_toml
from tablekit.core.errors import CardDataError, ConfigError
from tablekit.core.events import Event
from tablekit.core.game import Events
from tablekit.runes.cards import DATA, HERO_NAMES, HEROES, Card
from tablekit.runes.fighter import Fighter

HEROES_FILE = DATA / "heroes.toml"


@dataclass(frozen=True, slots=True)
class HeroStats:
    """A Hero's living numbers (the rulebook prints none: see docs/rules-notes.md)."""

    hero: str
    health: int
    attack: int
    armor: int
    interventions: int = 0


@dataclass(frozen=True, slots=True)
class DuelOptions:
    """The switches of the duel, for the rulebook's silences (docs/rules-notes.md)."""

    turn_limit: int = 60            # turns in all; then the duel is drawn
    draw_score: float = 0.5         # what each side scores in a drawn duel
    fatigue_health: int = 5         # maximum Health lost per Fatigue level
    fatigue_armor: int = 1          # Armor lost per Fatigue level
    fatigue_defeat: int = 3         # the Fatigue level that defeats a hero
    true_damage_hits_shield: bool = False
    attune_turns: int = 2           # how long a new Attunement lasts
    performance_turns: int = 2      # the Performance's length when a Perform card plays
    first_player: int | None = 0    # None: a coin toss seeded by run_duel's seed
    vengeance_on_entry: bool = False  # the Oath of Vengeance answers the blow that felled him
    spiritual_melee: bool = True    # the Spiritual Attack is Melee (Thorns, Melee bonuses)

    def __post_init__(self) -> None:
        if self.turn_limit < 1 or self.fatigue_defeat < 1 or \
                self.first_player not in (0, 1, None):
            raise ConfigError("turn_limit and fatigue_defeat must be ≥ 1 and first_player 0, 1 "
                              "or None (a coin toss) [rule runes.turn-limit]")
        if min(self.fatigue_health, self.fatigue_armor, self.attune_turns,
               self.performance_turns) < 0 or not 0 <= self.draw_score <= 1:
            raise ConfigError("duel switches must be ≥ 0 and draw_score between 0 and 1 "
                              "[rule runes.turn-limit]")


class Duel:
    """Both heroes, whose turn it is, the active Event, and the result once over."""

    __slots__ = ("fighters", "active", "turn", "event", "event_owner", "options", "events",
                 "winner", "over", "reason", "current_card", "timeline", "depth",
                 "event_hooks")

    def __init__(self, fighters: tuple[Fighter, Fighter], options: DuelOptions,
                 events: Events) -> None:
        self.fighters = fighters
        self.options = options
        self.events = events
        self.active = options.first_player
        self.turn = 0
        self.event: Card | None = None
        self.event_owner = -1
        self.winner: int | None = None
        self.over = False
        self.reason = ""
        self.current_card: Card | None = None
        self.timeline: list[tuple] | None = None
        self.depth = 0
        self.event_hooks: frozenset[str] = frozenset()  # moments the active Event awaits

    def foe(self, fighter: Fighter) -> Fighter:
        """The other hero."""
        return self.fighters[1 - fighter.index]

    def log(self, rule: str, template: str, **data: object) -> None:
        """Record one event when anybody listens."""
        items = self.events.items
        if items is not None:
            items.append(Event(rule, template, data))

    def defeat(self, fighter: Fighter, why: str) -> None:
        """End the duel: `fighter` has lost."""
        if self.over:
            return
        fighter.defeated = True
        self.over, self.winner, self.reason = True, 1 - fighter.index, why
        self.log("runes.defeat", "{hero} is defeated ({why}); {other} wins the duel.",
                 hero=fighter.name, why=why, other=self.foe(fighter).name)

    def clone(self) -> Duel:
        """An independent copy (the log is not copied)."""
        twin = Duel.__new__(Duel)
        twin.fighters = (self.fighters[0].clone(), self.fighters[1].clone())
        for slot in ("active", "turn", "event", "event_owner", "options", "winner", "over",
                     "reason", "current_card", "event_hooks"):
            setattr(twin, slot, getattr(self, slot))
        twin.events = Events(None)
        twin.timeline = None
        twin.depth = 0
        return twin


def load_heroes(path: str | Path = HEROES_FILE) -> dict[str, HeroStats]:
    """The Heroes' living numbers from a TOML file (`[hero.<id>]` health, attack, armor)."""
    data = read_toml(path).get("hero")
    label = str(path)
    if not isinstance(data, dict) or set(data) != set(HEROES):
        raise CardDataError(label, None, "hero", f"expected one [hero.<id>] table for each of "
                            f"{', '.join(HEROES)}")
    stats = {}
    for hero, table in data.items():
        values = {}
        for field in ("health", "attack", "armor", "interventions"):
            value = table.get(field, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise CardDataError(label, hero, field, f"must be a whole number ≥ 0, not {value!r}")
            values[field] = value
        if values["health"] < 1:
            raise CardDataError(label, hero, "health", "a Hero needs at least 1 Health")
        unknown = set(table) - {"health", "attack", "armor", "interventions"}
        if unknown:
            raise CardDataError(label, hero, sorted(unknown)[0], "unknown field (a typo?)")
        stats[hero] = HeroStats(hero, **values)
    return stats


def new_fighter(index: int, stats: HeroStats, deck: list[Card]) -> Fighter:
    """A hero at the start of the duel with its locked deck."""
    return Fighter(index, stats.hero, HERO_NAMES[stats.hero], stats.health, stats.attack,
                   stats.armor, deck, stats.interventions)
