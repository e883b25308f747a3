"""Helpers for DeckNForge tests: a match set up with chosen hands, Boss and Minions."""

from __future__ import annotations

import tablekit
from tablekit.forge.cards import DECK_SIZE, parse_card


def card(w: int, text: str) -> int:
    """The global id of card `text` (like `Q♥`) of wizard `w`'s band."""
    return w * DECK_SIZE + parse_card(text)


def table(hands: list[list[str]], *, boss_hp: int = 30, boss_atk: int = 3,
          minions: int = 0, pool: int | None = None, deck: int | None = None,
          inscribed: dict[tuple[int, str], str] | None = None, active: int = 0,
          shield: list[int] | None = None, **options):
    """A match at the start of a round (a scenario): these hands, this Boss, these Minions."""
    scenario = {"hands": [list(h) for h in hands], "boss_hp": boss_hp, "boss_atk": boss_atk,
                "minions": minions, "pool": pool, "deck": deck, "active": active,
                "shield": shield or [],
                "inscribed": [[w, c, p] for (w, c), p in (inscribed or {}).items()]}
    for key in ("legend", "boss_no", "hp"):
        if key in options:
            scenario[key] = options.pop(key)
    return tablekit.new_game("forge", seed=options.pop("seed", 0), wizards=len(hands),
                             inscriptions=options.pop("inscriptions", "none"),
                             scenario=scenario, **options)


def play(match, *texts: str) -> list:
    """Play actions given by their readable text; returns all their events."""
    events = []
    for text in texts:
        events += match.apply(match.action(text))
    return events


def rules_of(events) -> list[str]:
    """The rule ids of some events."""
    return [e.rule for e in events]


def texts(match) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in match.legal_actions()]
