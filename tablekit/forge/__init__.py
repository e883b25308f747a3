"""DeckNForge: 1–5 wizards fight six Bosses with standard playing cards and inscribed bands."""

from tablekit.forge.band import Band, BandError, Monster, MonsterStats, build_band, monster_stats
from tablekit.forge.cards import Book, Inscription, Label, LabelPool, load_book, load_labels
from tablekit.forge.rules import cheapest_dodge, player_count

__all__ = ["Band", "BandError", "Book", "Inscription", "Label", "LabelPool", "Monster",
           "MonsterStats", "build_band", "cheapest_dodge", "load_book", "load_labels",
           "monster_stats", "player_count"]
