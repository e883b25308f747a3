"""The Deck of Wonders campaign: Legacy packs, upgrades and Fated Forms, saved to a file.

A campaign file is JSON text: {"format": "tablekit-wonders-campaign", "version": 1, "opened":
[...pack ids], "upgrades": {card id: upgrade}, "fated_beaten": [...villain ids], "record":
{villain id: {"games": n, "wins": n, "losses": n}}, "upgrades_due": n, "recorded": [...game
keys]}. Loading checks every field against the card data and raises SaveFileError naming what
is wrong. A game key (`game_key`) says what a recorded game was, so no game counts twice.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, ValidationError, model_validator

from tablekit.core.config import Schema, describe_errors
from tablekit.core.errors import IllegalActionError, SaveFileError
from tablekit.wonders.cards import CardEntry, Catalog, Half, Pack, default_catalog

CAMPAIGN_FORMAT = "tablekit-wonders-campaign"
GAME_KEY = re.compile(r"^[0-9a-f]{16}$")
UPGRADES = ("player-health", "player-strength", "player-draw", "player-cost",
            "villain-health", "villain-strength", "villain-draw")

Count = Annotated[StrictInt, Field(ge=0)]


class Tally(Schema):
    """Games against one Villain: played, won, lost."""

    games: Count = 0
    wins: Count = 0
    losses: Count = 0

    @model_validator(mode="after")
    def _adds_up(self) -> Tally:
        """Every game is a win or a loss."""
        if self.wins + self.losses != self.games:
            raise ValueError(f"{self.wins} wins and {self.losses} losses do not add up to "
                             f"{self.games} games")
        return self


class CampaignFile(Schema):
    """The campaign file's schema; `Campaign.from_json` checks it against the card data too."""

    format: Literal["tablekit-wonders-campaign"]
    version: Literal[1]
    opened: list[str] = []
    upgrades: dict[str, Literal[UPGRADES]] = {}
    fated_beaten: list[str] = []
    record: dict[str, Tally] = {}
    upgrades_due: Count = 0
    recorded: list[Annotated[str, Field(pattern=GAME_KEY.pattern)]] = []


@dataclass
class Campaign:
    """What a player has unlocked across games."""

    opened: list[str] = field(default_factory=list)
    upgrades: dict[str, str] = field(default_factory=dict)
    fated_beaten: list[str] = field(default_factory=list)
    record: dict[str, dict[str, int]] = field(default_factory=dict)
    upgrades_due: int = 0
    recorded: list[str] = field(default_factory=list)  # game keys of the games counted

    # -- files ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The campaign as plain JSON data."""
        return {"format": CAMPAIGN_FORMAT, "version": 1, "opened": list(self.opened),
                "upgrades": dict(self.upgrades), "fated_beaten": list(self.fated_beaten),
                "record": {k: dict(v) for k, v in self.record.items()},
                "upgrades_due": self.upgrades_due, "recorded": list(self.recorded)}

    def save(self, path: str | Path) -> None:
        """Write the campaign file."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1, sort_keys=True),
                              encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, catalog: Catalog | None = None) -> Campaign:
        """Read a campaign file; SaveFileError when it is unreadable or inconsistent."""
        try:
            text = Path(path).read_text(encoding="utf-8")
            data = json.loads(text)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise SaveFileError(f"campaign file {path}: cannot be read ({exc})") from exc
        return cls.from_json(data, catalog, label=str(path))

    @classmethod
    def from_json(cls, data: Any, catalog: Catalog | None = None,
                  label: str = "campaign") -> Campaign:
        """Rebuild and check a campaign from JSON data (the schema, then the card data)."""
        if not isinstance(data, dict) or data.get("format") != CAMPAIGN_FORMAT:
            raise SaveFileError(f"{label}: not a Deck of Wonders campaign file (missing format "
                                "marker)")
        try:
            parsed = CampaignFile.model_validate(data)
        except ValidationError as exc:
            raise SaveFileError(f"{label}: {describe_errors(CampaignFile, exc, 'field')}") from None
        problem = _contradiction(parsed, catalog or default_catalog())
        if problem:
            raise SaveFileError(f"{label}: {problem}")
        return cls(list(parsed.opened), dict(parsed.upgrades), list(parsed.fated_beaten),
                   {v: t.model_dump() for v, t in parsed.record.items()}, parsed.upgrades_due,
                   list(parsed.recorded))

    # -- progress ------------------------------------------------------------------------
    def available_villains(self, catalog: Catalog | None = None) -> list[str]:
        """The Villains that may be faced now (Fated Forms once their pack is opened)."""
        catalog = catalog or default_catalog()
        unlocked = {p.unlocks for p in all_packs(catalog).values()
                    if p.id in self.opened and p.unlocks}
        return [v.id for v in catalog.villains.values() if not v.locked or v.id in unlocked]

    def collection_sets(self, catalog: Catalog | None = None) -> list[str]:
        """Villain sets that joined the collection (their Fated Form was beaten)."""
        catalog = catalog or default_catalog()
        return sorted({catalog.villains[v].set for v in self.fated_beaten})

    def lendable_rules(self, villain: str | None = None,
                       catalog: Catalog | None = None) -> list[str]:
        """Opened packs with rules cards that may join a game against `villain` (another set)."""
        catalog = catalog or default_catalog()
        sets = set(self.collection_sets(catalog))
        entry = catalog.villains.get(villain or "")
        facing = entry.set if entry else None
        return [p.id for v in catalog.villains.values() for p in v.packs
                if p.rules and p.id in self.opened and v.set in sets and v.set != facing]

    def record_game(self, villain: str, won: bool, player_health: int,
                    catalog: Catalog | None = None) -> list[Pack]:
        """Count a finished game; open every Legacy pack whose condition is now met."""
        catalog = catalog or default_catalog()
        if villain not in catalog.villains:
            raise IllegalActionError(villain, "wonders.legacy-pack", "unknown Villain")
        tally = self.record.setdefault(villain, {"games": 0, "wins": 0, "losses": 0})
        tally["games"] += 1
        tally["wins" if won else "losses"] += 1
        if won:
            self.upgrades_due += 1
            entry = catalog.villains[villain]
            if entry.fated_form and villain not in self.fated_beaten:
                self.fated_beaten.append(villain)
        opened = []
        for pack in catalog.villains[villain].packs:
            if pack.id not in self.opened and _met(pack, tally, won, player_health):
                self.opened.append(pack.id)
                opened.append(pack)
        return opened

    def record_match(self, match: Any, board: int = 0) -> list[Pack]:
        """Count a finished `Match` once (its Villain, result and the Player's health left)."""
        if not match.is_over:
            raise IllegalActionError("record", "wonders.legacy-pack", "the game is not over yet")
        if self.is_recorded(match):
            raise IllegalActionError("record", "wonders.legacy-pack",
                                     "this game is already recorded in the campaign")
        state = match.state.boards[board]
        opened = self.record_game(state.villain, match.outcome.won(board),
                                  max(state.player_health, 0))
        self.recorded.append(game_key(match))
        return opened

    def is_recorded(self, match: Any) -> bool:
        """True when this very game (same seed, options and actions) was counted already."""
        return game_key(match) in self.recorded

    def apply_upgrade(self, card_id: str, kind: str, catalog: Catalog | None = None) -> None:
        """Put one upgrade (earned by a win) on an upgradeable card; errors change nothing."""
        catalog = catalog or default_catalog()
        if self.upgrades_due <= 0:
            raise IllegalActionError((card_id, kind), "wonders.upgrade",
                                     "an upgrade is earned by winning a game")
        if card_id not in catalog.cards or not catalog.cards[card_id].upgrade_slot:
            raise IllegalActionError((card_id, kind), "wonders.upgrade",
                                     f"{card_id!r} has no upgrade slot")
        if card_id in self.upgrades:
            raise IllegalActionError((card_id, kind), "wonders.upgrade",
                                     f"{card_id} already carries {self.upgrades[card_id]}")
        if kind not in UPGRADES:
            raise IllegalActionError((card_id, kind), "wonders.upgrade",
                                     f"unknown upgrade; choose one of {', '.join(UPGRADES)}")
        problem = upgrade_problem(catalog.cards[card_id], kind)
        if problem:
            raise IllegalActionError((card_id, kind), "wonders.upgrade", problem)
        self.upgrades[card_id] = kind
        self.upgrades_due -= 1


def game_key(match: Any) -> str:
    """What a game was, as 16 hex digits: game, version, seed, options and actions."""
    game = match.game
    text = json.dumps([game.name, game.version, match.seed, game.config_to_json(match.config),
                       [game.action_to_json(a) for a in match.history]],
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _contradiction(parsed: CampaignFile, catalog: Catalog) -> str | None:
    """What in a well-formed campaign file disagrees with the card data, or None."""
    packs = all_packs(catalog)
    unknown = [p for p in parsed.opened if p not in packs]
    if unknown:
        return f"'opened' must list known Legacy pack ids, got {unknown!r}"
    if len(set(parsed.opened)) != len(parsed.opened):
        return "'opened' lists a Legacy pack twice (a pack is opened once)"
    for card_id, kind in parsed.upgrades.items():
        if card_id not in catalog.cards:
            return f"bad upgrade {card_id!r}: {kind!r} (no such card)"
        if not catalog.cards[card_id].upgrade_slot:
            return f"upgrade {kind} on {card_id}: that card has no upgrade slot"
        problem = upgrade_problem(catalog.cards[card_id], kind)
        if problem:
            return f"upgrade {kind} on {card_id}: {problem}"
    unlocked = {p.unlocks for p in packs.values() if p.id in parsed.opened and p.unlocks}
    for villain in parsed.fated_beaten:
        if villain not in catalog.villains or not catalog.villains[villain].fated_form:
            return f"'fated_beaten' must list Fated Form Villain ids, got {villain!r}"
        if catalog.villains[villain].locked and villain not in unlocked:
            return f"'fated_beaten' names {villain}, but the pack that unlocks it is not opened"
    strangers = [v for v in parsed.record if v not in catalog.villains]
    if strangers:
        return f"'record' must map Villain ids to game counts, not {strangers!r}"
    return None


def all_packs(catalog: Catalog) -> dict[str, Pack]:
    """Every Legacy pack of every Villain, by id."""
    return {p.id: p for v in catalog.villains.values() for p in v.packs}


def upgrade_problem(card: CardEntry, kind: str) -> str | None:
    """Why an upgrade cannot go on a card, or None when it can."""
    side = card.player if kind.startswith("player") else card.villain
    stat = kind.split("-", 1)[1]
    if stat in ("health", "strength") and side.kind != "minion":
        return f"{stat} upgrades need a minion on that half"
    if stat == "cost" and not side.cost:
        return "the Player half has no cost"
    if kind == "villain-draw" and not _draw_effects(side):
        return "the Villain half has no Draw"
    return None


def upgraded_halves(card: CardEntry, kind: str | None) -> tuple[Half, Half]:
    """The card's two halves with an upgrade applied (unchanged without one)."""
    player, villain = card.player, card.villain
    if kind is None:
        return player, villain
    if kind == "player-health":
        player = player.model_copy(update={"health": player.health + 1})
    elif kind == "player-strength":
        player = player.model_copy(update={"strength": player.strength + 1})
    elif kind == "player-cost":  # one card less to discard, in total
        cost = list(player.cost)
        first = next((i for i, e in enumerate(cost) if e.n > 0), None)
        if first is not None:
            cost[first] = cost[first].model_copy(update={"n": cost[first].n - 1})
        player = player.model_copy(update={"cost": cost})
    elif kind == "player-draw":
        player = _more_draw(player)
    elif kind == "villain-health":
        villain = villain.model_copy(update={"health": max(1, villain.health - 1)})
    elif kind == "villain-strength":
        villain = villain.model_copy(update={"strength": max(0, villain.strength - 1)})
    elif kind == "villain-draw":
        villain = _less_draw(villain)
    return player, villain


def _met(pack: Pack, tally: dict[str, int], won: bool, player_health: int) -> bool:
    cond = pack.condition
    if cond.kind == "games":
        return tally["games"] >= cond.count
    if cond.kind == "win":
        return tally["wins"] >= cond.count
    if cond.kind == "loss":
        return tally["losses"] >= cond.count
    return won and player_health >= cond.health


def _draw_effects(half: Half) -> list[tuple[str, int, int]]:
    return [(part, b, e) for part in ("play", "death", "text")
            for b, bullet in enumerate(getattr(half, part))
            for e, effect in enumerate(bullet) if effect.op == "draw"]


def _more_draw(half: Half) -> Half:
    found = _draw_effects(half)
    if found:  # the card's first Draw draws one more, in whichever text it is
        part, b, e = found[0]
        bullets = [list(x) for x in getattr(half, part)]
        bullets[b][e] = bullets[b][e].model_copy(update={"n": bullets[b][e].n + 1})
        return half.model_copy(update={part: bullets})
    part = "play" if half.kind == "minion" else "text"  # no Draw yet: a final Draw 1 bullet
    bullets = [[x.model_dump() for x in b] for b in getattr(half, part)]
    bullets.append([{"op": "draw", "n": 1}])
    return Half.model_validate({**half.model_dump(), part: bullets})


def _less_draw(half: Half) -> Half:
    part, b, e = _draw_effects(half)[0]
    bullets = [list(x) for x in getattr(half, part)]
    bullets[b][e] = bullets[b][e].model_copy(update={"n": max(0, bullets[b][e].n - 1)})
    return half.model_copy(update={part: bullets})
