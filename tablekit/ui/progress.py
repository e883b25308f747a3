"""A progress bar the widget owns and keeps: shown while long work runs, hidden when idle.

Never closed, so a page drawn after the work (Voilà, a re-opened notebook) never refers to a
widget model that is gone ("Error displaying widget: model not found").
"""

from __future__ import annotations

import ipywidgets as widgets

from tablekit.ui.html import render


class Progress(widgets.HBox):
    """An `IntProgress` with a line of words; `start`, `update`, `finish`."""

    def __init__(self) -> None:
        self.bar = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="240px"))
        self.text = widgets.HTML()
        super().__init__([self.bar, self.text])
        self.add_class("tk-progress")
        self.layout.display = "none"

    def start(self, total: int, words: str) -> None:
        """Show the bar at 0 of `total` with `words` beside it."""
        self.bar.max, self.bar.value, self.bar.bar_style = max(total, 1), 0, ""
        self._say(words)
        self.layout.display = None

    def update(self, done: int, total: int | None = None, words: str | None = None) -> None:
        """Move the bar to `done` (of `total`, when it changed)."""
        if total is not None:
            self.bar.max = max(total, 1)
        self.bar.value = min(done, self.bar.max)
        if words is not None:
            self._say(words)

    def finish(self) -> None:
        """Hide the bar (the widget stays alive for the next run)."""
        self.layout.display = "none"

    @property
    def running(self) -> bool:
        """True while the bar is shown."""
        return self.layout.display != "none"

    def _say(self, words: str) -> None:
        self.text.value = render('<span class="tk-progress-text">{{ words }}</span>', words=words)
