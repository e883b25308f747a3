"""Shared widgets: the game table every game builds on, and HTML helpers."""

from tablekit.ui.table import GameTable

__all__ = ["GameTable"]
