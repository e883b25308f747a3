"""Deckula!: survive the deck, buying or discarding one card a turn."""

from tablekit.deckula.cards import CardSet, CardSpec, Effect, load_card_set, sample_set
from tablekit.deckula.state import Activate, Buy, Choose, DeckulaState, Discard, Draw, Keep

__all__ = ["Activate", "Buy", "CardSet", "CardSpec", "Choose", "DeckulaState", "Discard", "Draw",
           "Effect", "Keep", "load_card_set", "sample_set"]
