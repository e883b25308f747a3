"""The campaign beside a DeckNForge table: record the dungeon, deal the next, save and load.

Every button shows its errors in the panel (a refused file changes nothing); names of bands and
wizards come from the campaign file and reach the page only through autoescaped templates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets

from tablekit.core.errors import TablekitError
from tablekit.core.registry import new_game
from tablekit.forge.campaign import Campaign, CampaignError
from tablekit.forge.ui import ForgeTable
from tablekit.ui.errors import safe
from tablekit.ui.html import STYLE, render

SUMMARY = """<div class="tk-campaign"><b>Campaign</b>: {{ games }} game(s) recorded.\
<table style="font-size:12px"><tr><th>wizard</th><th>coppers</th><th>band</th><th>band Glory</th>\
<th>dungeons</th><th>inscriptions</th></tr>{% for w, b in rows %}<tr class="tk-campaign-wizard">\
<td>{{ w.name }}</td><td>{{ w.coppers }}</td><td>{{ w.band }}</td><td>{{ b.glory }}</td>\
<td>{{ b.dungeons }}</td><td>{{ b.inscriptions|length }}</td></tr>{% endfor %}</table>\
{% if note %}<div class="tk-campaign-note">{{ note }}</div>{% endif %}</div>"""


class CampaignPanel(widgets.VBox):
    """Record the table's finished dungeon in the campaign, deal its next one, save and load."""

    def __init__(self, table: ForgeTable, campaign: Campaign, path: str | Path) -> None:
        self.table, self.campaign = table, campaign
        self.recorded: str | None = None  # digest of the match last recorded
        self.note = ""
        self.path = widgets.Text(value=str(path), description="File",
                                 layout=widgets.Layout(width="420px"))
        self.summary, self.message = widgets.HTML(), widgets.HTML()
        self.message.add_class("tk-message")
        buttons = [self._button(text, handler, css) for text, handler, css in (
            ("Record this dungeon", self.record, "tk-record"),
            ("Next dungeon", self.next_dungeon, "tk-next-dungeon"),
            ("Save", self.save, "tk-save"), ("Load", self.load, "tk-load"))]
        super().__init__([self.summary, widgets.HBox(buttons), self.path, self.message])
        self.add_class("tk-campaign-panel")
        self.refresh()

    def record(self) -> None:
        """Write the finished dungeon's coppers and Glory into the campaign (once)."""
        match = self.table.match
        if not match.is_over:
            raise TablekitError("The dungeon is not over yet: finish it, then record it "
                                "[rule forge.record]")
        if self.recorded == match.digest():
            raise TablekitError("This dungeon is already recorded in the campaign.")
        self.campaign, _ = self.campaign.record(match.state)
        self.recorded = match.digest()
        self._done("Recorded: coppers go with the wizards, Glory stays with the bands.")

    def next_dungeon(self) -> None:
        """Deal the campaign's next dungeon at the table (its bands, labels and coppers)."""
        seed = self.table.seed_value()
        self.table.start(new_game("forge", seed=seed, **self.campaign.options()))
        self._done(f"The next dungeon is dealt (seed {seed}).")

    def save(self) -> None:
        """Write the campaign file (JSON with a digest)."""
        path = Path(self.path.value)
        try:
            path.write_text(self.campaign.to_json(), encoding="utf-8")
        except OSError as error:
            raise CampaignError(f"cannot write the campaign file {path}: {error.strerror}") from None
        self._done(f"Saved to {path}.")

    def load(self) -> None:
        """Read a campaign file; a damaged or edited one is refused and nothing changes."""
        path = Path(self.path.value)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CampaignError(f"cannot read the campaign file {path}: {error}") from None
        self.campaign = Campaign.load(text)
        self.recorded = None
        self._done(f"Loaded {path}.")

    def refresh(self) -> None:
        """Redraw the summary from the campaign."""
        data = self.campaign.data
        bands = {b.name: b for b in data.bands}
        rows = [(w, bands[w.band]) for w in data.wizards]
        self.summary.value = STYLE + render(SUMMARY, games=data.games, rows=rows, note=self.note)

    def _done(self, note: str) -> None:
        self.note, self.message.value = note, ""
        self.refresh()

    def _button(self, text: str, handler: Any, css: str) -> widgets.Button:
        button = widgets.Button(description=text, layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(safe(lambda _: handler(), self.message, self.refresh))
        return button
