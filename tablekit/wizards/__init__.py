"""Wizards & Co.: raid dungeons with a gang of ten creatures for gems and artefacts."""

from tablekit.wizards.cards import Components, components, load_components
from tablekit.wizards.scoring import Score, ScoringError, cancel, score_gems, set_points

__all__ = ["Components", "Score", "ScoringError", "cancel", "components", "load_components",
           "score_gems", "set_points"]
