"""`LessonTable`: a small table on a prepared situation (a scenario), for any game's lessons.

Combine it with the game's own table, which draws the board:
`class DeckulaLesson(LessonTable, DeckulaTable): game = "deckula"; lessons = {...}`.
A lesson is a name from `lessons` (a scenario, or a function making the match), a scenario
mapping (passed as the `scenario=` option of `tablekit.new_game`), or a match made from one.
Reset lays the same situation out again; the hint, seed, chart and end panel are hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from tablekit.core.errors import TablekitError
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.ui.table import GameTable

Lesson = Mapping[str, Any] | Callable[[], Match]


class UnknownLessonError(TablekitError, KeyError):
    """A lesson name the game does not have."""

    def __str__(self) -> str:
        return str(self.args[0])


class LessonTable(GameTable):
    """A lesson's table: the game's board and actions, undo/redo, and Reset."""

    game: ClassVar[str] = ""
    lessons: ClassVar[Mapping[str, Lesson]] = {}
    hidden: ClassVar[frozenset[str]] = frozenset({"hint", "seed", "options", "hints", "finish", "chart",
                                                  "progress", "save", "load", "saved"})

    def __init__(self, lesson: str | Mapping[str, Any] | Match, seed: int | str = 0,
                 **options: Any) -> None:
        self.lesson_name = lesson if isinstance(lesson, str) else "custom"
        first = self.lesson_match(lesson, seed)
        self._first = (first.game, first.config, first.seed)
        super().__init__(match=first, **options)
        self.new_button.description = "Reset"

    def lesson_match(self, lesson: str | Mapping[str, Any] | Match, seed: int | str) -> Match:
        """The lesson's match: by name, from a scenario, or the match given."""
        if isinstance(lesson, Match):
            return lesson
        if isinstance(lesson, str):
            if lesson not in self.lessons:
                raise UnknownLessonError(f"no lesson {lesson!r}; lessons: {', '.join(self.lessons)}")
            lesson = self.lessons[lesson]
        if callable(lesson):
            return lesson()
        return new_game(self.game, seed=seed, scenario=dict(lesson))

    def fresh_match(self, seed: int | str) -> Match:
        """Reset: the same situation again (same game, options, scenario and seed)."""
        game, config, first_seed = self._first
        return Match(game, config, first_seed)
