"""Helpers for DeckNForge tests: a match set up with chosen hands, Boss and Minions."""

from __future__ import annotations

import tablekit
from tablekit.core.game import Events
from tablekit.forge import round as rnd
from tablekit.forge.cards import DECK_SIZE, parse_card


def card(w: int, text: str) -> int:
    """The global id of card `text` (like `Q♥`) of wizard `w`'s band."""
    return w * DECK_SIZE + parse_card(text)


def table(hands: list[list[str]], *, boss_hp: int = 30, boss_atk: int = 3,
          minions: int = 0, pool: int | None = None, deck: int | None = None,
          inscribed: dict[tuple[int, str], str] | None = None, active: int = 0,
          shield: list[int] | None = None, **options):
    """A match at the start of a round: these hands, this Boss, `minions` Minions in play."""
    wizards = len(hands)
    match = tablekit.new_game("forge", seed=options.pop("seed", 0), wizards=wizards,
                              inscriptions=options.pop("inscriptions", "none"), **options)
    s = match.state
    for w, texts in enumerate(hands):
        chosen = [card(w, t) for t in texts]
        everything = sorted(s.hands[w] + s.decks[w])
        s.hands[w] = chosen
        s.decks[w] = [c for c in everything if c not in chosen]
        if deck is not None:
            s.decks[w] = s.decks[w][:deck]
    if inscribed:
        s.inscribed = [dict(d) for d in s.inscribed]
        for (w, text), page in inscribed.items():
            s.inscribed[w][parse_card(text)] = page
        s.reckon_dodge_values()
    s.boss_hp, s.boss_atk, s.armor, s.regen, s.doom = boss_hp, boss_atk, 0, 0, 0
    spare = [m for m in range(len(s.monsters)) if m not in s.bosses]
    assert minions <= len(spare), "not enough Monsters outside the Bosses for these Minions"
    s.minions = spare[:minions]
    s.minion_pool = spare[minions:] if pool is None else spare[minions:minions + pool]
    s.active = active
    if shield:
        s.shield = list(shield)
    s.labels_added, s.label_adder = 0, -1
    s.hits, s.picked, s.tactic = [], [], None
    s.legal = None
    rnd.begin_round(s, Events())
    return match


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
