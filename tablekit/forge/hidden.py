"""What one wizard may see: others' hands and face-down plots, every deck's order, and which
face-down Monsters are Bosses still to come and in what order."""

from __future__ import annotations

import random

from tablekit.forge.cards import is_hero
from tablekit.forge.state import HIDDEN, PLOT, ForgeState


def view(s: ForgeState, player: int) -> ForgeState:
    """The table as `player` sees it: the hidden parts pooled and put in sorted order."""
    seen = s.clone()
    seen.viewer = player
    for w in range(s.wizards):
        if w == player:
            seen.decks[w].sort()
            continue
        hidden_plot = s.phase == PLOT and s.plots[w] >= 0
        _deal(seen, w, sorted(_hidden_cards(seen, w, hidden_plot)))
        if hidden_plot:
            seen.plots[w], seen.converted[w] = HIDDEN, False
    _lay_monsters(seen, sorted(seen.bosses[seen.boss_no + 1:] + seen.minion_pool))
    seen.legal = None
    return seen


def determinize(seen: ForgeState, rng: random.Random) -> ForgeState:
    """A full state consistent with a view: the hidden cards and Monsters dealt at random."""
    s = seen.clone()
    for w in range(s.wizards):
        if w == seen.viewer:
            rng.shuffle(s.decks[w])
            continue
        cards = _hidden_cards(s, w, False)
        rng.shuffle(cards)
        if s.plots[w] == HIDDEN:
            s.plots[w] = cards.pop()
            s.converted[w] = not is_hero(s.plots[w]) and rng.random() < 0.25
        _deal(s, w, cards)
    future = s.bosses[s.boss_no + 1:] + s.minion_pool
    rng.shuffle(future)
    _lay_monsters(s, future)
    s.viewer = -1
    s.legal = None
    return s


def _hidden_cards(s: ForgeState, w: int, with_plot: bool) -> list[int]:
    """The cards of wizard `w` another wizard cannot tell apart: hand (less picked), deck, plot."""
    cards = [c for c in s.hands[w] if c not in s.picked] + s.decks[w]
    if with_plot:
        cards.append(s.plots[w])
    return cards


def _deal(s: ForgeState, w: int, cards: list[int]) -> None:
    """Give wizard `w` a hand and deck of the same sizes from `cards` (picked cards stay)."""
    kept = [c for c in s.hands[w] if c in s.picked]
    in_hand = len(s.hands[w]) - len(kept)
    s.hands[w] = sorted(cards[:in_hand]) + kept
    s.decks[w] = cards[in_hand:]


def _lay_monsters(s: ForgeState, future: list[int]) -> None:
    """Put the face-down Monsters back: the Bosses still to come first, then the Minion Pool."""
    later = len(s.bosses) - s.boss_no - 1
    if later > 0:
        s.bosses[s.boss_no + 1:] = future[:later]
        s.minion_pool = future[later:]
    else:
        s.minion_pool = future
