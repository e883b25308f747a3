"""Shared widgets: the game table every game builds on, lessons, errors shown, progress, HTML."""

from tablekit.ui.errors import error_html, safe, shows_errors
from tablekit.ui.lesson import LessonTable
from tablekit.ui.progress import Progress
from tablekit.ui.table import GameTable

__all__ = ["GameTable", "LessonTable", "Progress", "error_html", "safe", "shows_errors"]
