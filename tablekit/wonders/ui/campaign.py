"""The Deck of Wonders campaign in widgets: record games, open Legacy packs, upgrade, save, load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets
from markupsafe import Markup

from tablekit.core.errors import TablekitError
from tablekit.ui.errors import safe
from tablekit.ui.html import STYLE, render
from tablekit.wonders.campaign import UPGRADES, Campaign, all_packs
from tablekit.wonders.cards import Pack, default_catalog
from tablekit.wonders.ui.table import WondersTable

MESSAGE = """<div class="tk-campaign-message{{ ' tk-error' if error else '' }}" \
style="color:{{ '#c53030' if error else '#2f855a' }}">{{ body }}</div>"""

RECORDED = """{{ first }}{% for p in packs %}<br>Legacy pack opened: <b>{{ p.name }}</b> — \
{{ p.story }}{% endfor %}"""
SUMMARY = """<div class='tk-campaign-summary'>{% if rows %}<table class='tk-layouts'><tr><th>Villain</th>\
<th>games</th><th>wins</th><th>losses</th></tr>{% for name, r in rows %}<tr><td>{{ name }}</td>\
<td>{{ r['games'] }}</td><td>{{ r['wins'] }}</td><td>{{ r['losses'] }}</td></tr>{% endfor %}</table>\
{% else %}<i>No game recorded yet.</i>{% endif %}<div>Legacy packs opened: {{ opened }}</div>\
<div>Upgrades: {{ upgrades }} · <b>{{ due }}</b> to choose</div>\
<div>Fated Forms beaten: {{ fated }} · collection: {{ sets }}</div></div>"""


class CampaignPanel(widgets.VBox):
    """The campaign beside a `WondersTable`: results, Legacy packs, upgrades and the campaign file."""

    def __init__(self, table: WondersTable, path: str | Path = "my-campaign.json") -> None:
        self.table = table
        self.summary = widgets.HTML()
        self.message = widgets.HTML()
        self.record_button = self._button("Record this game", "flag-checkered", self.record)
        self.card = widgets.Dropdown(description="Card", layout=widgets.Layout(width="300px"))
        self.upgrade = widgets.Dropdown(options=UPGRADES, description="Upgrade",
                                        layout=widgets.Layout(width="260px"))
        self.upgrade_button = self._button("Apply upgrade", "arrow-up", self.apply_upgrade)
        self.borrowed = widgets.SelectMultiple(description="Borrow rules", rows=2,
                                               layout=widgets.Layout(width="360px"))
        self.borrowed.add_class("tk-borrowed-rules")
        self.borrowed.observe(safe(self.borrow, self.message, self.refresh), names="value")
        self.path = widgets.Text(value=str(path), description="File", layout=widgets.Layout(width="360px"))
        self.save_button = self._button("Save campaign", "save", self.save)
        self.load_button = self._button("Load campaign", "folder-open", self.load)
        super().__init__([widgets.HTML("<b>Campaign</b>"), self.summary,
                          widgets.HBox([self.record_button]),
                          widgets.HBox([self.card, self.upgrade, self.upgrade_button]),
                          self.borrowed,
                          widgets.HBox([self.path, self.save_button, self.load_button]), self.message])
        self.add_class("tk-campaign")
        table.on_refresh(lambda _: self.refresh())
        self.refresh()

    @property
    def campaign(self) -> Campaign:
        """The table's campaign (the one new games are dealt with)."""
        return self.table.campaign

    # -- actions ----------------------------------------------------------------------------
    def record(self, _: Any = None) -> list[Pack]:
        """Count the finished game: open Legacy packs, earn an upgrade on a win."""
        match = self.table.match
        if not match.is_over:
            return self._say("The game is not over yet: finish it, then record it.", error=True)
        if self.campaign.is_recorded(match):
            return self._say("This game is already recorded.", error=True)
        opened = self.campaign.record_match(match)
        won = match.outcome.won(0)
        first = "A win! Choose an upgrade below." if won else "A loss is recorded."
        self.table.update_villains()
        self._say(render(RECORDED, first=first, packs=opened), escaped=True)
        self.refresh()
        return opened

    def apply_upgrade(self, _: Any = None) -> None:
        """Put the chosen upgrade on the chosen card (earned by a win)."""
        try:
            self.campaign.apply_upgrade(self.card.value or "", self.upgrade.value)
        except TablekitError as error:
            self._say(str(error), error=True)
            return
        self._say(f"{self.upgrade.value} is now on {self.card.value}: it counts from the next game.")
        self.refresh()

    def borrow(self, _: Any = None) -> None:
        """Lend the chosen rules cards to the next games against other Villains."""
        chosen = list(self.borrowed.value)
        if chosen == list(self.table.options.get("borrowed_rules", [])):
            return
        self.table.options["borrowed_rules"] = chosen
        packs = all_packs(default_catalog())
        names = ", ".join(packs[p].name for p in chosen)
        self._say(f"From the next game against another Villain, the rules of {names} join it."
                  if chosen else "No borrowed rules in the next games.")

    def save(self, _: Any = None) -> None:
        """Write the campaign file."""
        try:
            self.campaign.save(self.path.value)
        except OSError as error:
            self._say(f"Could not save {self.path.value}: {error}", error=True)
            return
        self._say(f"Campaign saved to {self.path.value}.")

    def load(self, _: Any = None) -> None:
        """Read the campaign file; a bad file is refused and nothing changes."""
        try:
            loaded = Campaign.load(self.path.value)
        except TablekitError as error:
            self._say(f"Campaign not loaded: {error}", error=True)
            return
        self.table.campaign = loaded
        self.table.update_villains()
        self._say(f"Campaign loaded from {self.path.value}: new games use it.")
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the campaign summary and enable what can be done now."""
        self.summary.value = STYLE + campaign_html(self.campaign)
        match = self.table.match
        self.record_button.disabled = not match.is_over or self.campaign.is_recorded(match)
        cards = upgradeable_cards(self.campaign)
        if list(self.card.options) != cards:
            current = self.card.value
            self.card.options = cards
            ids = [c for _, c in cards]
            self.card.value = current if current in ids else (ids[0] if ids else None)
        self.upgrade_button.disabled = self.campaign.upgrades_due <= 0
        self._refresh_borrowed()

    def _refresh_borrowed(self) -> None:
        packs = all_packs(default_catalog())
        lendable = [(packs[p].name, p) for p in self.campaign.lendable_rules()]
        if list(self.borrowed.options) != lendable:
            ids = {pack_id for _, pack_id in lendable}
            kept = tuple(v for v in self.borrowed.value if v in ids)
            self.borrowed.options = lendable
            self.borrowed.value = kept
        self.borrowed.disabled = not lendable
        self.borrowed.tooltip = ("Rules cards of a beaten Fated Form's set, for games against "
                                 "other Villains" if lendable else
                                 "Beat a Fated Form to borrow its rules cards")

    def _say(self, text: str, error: bool = False, escaped: bool = False) -> list[Pack]:
        self.message.value = render(MESSAGE, body=Markup(text) if escaped else text, error=error)
        return []

    def _button(self, text: str, icon: str, handler: Any) -> widgets.Button:
        button = widgets.Button(description=text, icon=icon, layout=widgets.Layout(width="auto"))
        button.add_class("tk-" + text.lower().replace(" ", "-"))
        button.on_click(safe(handler, self.message, self.refresh))
        return button


def campaign_html(campaign: Campaign) -> str:
    """Results per Villain, opened packs, upgrades, Fated Forms and collection sets."""
    catalog = default_catalog()
    packs = all_packs(catalog)
    return render(
        SUMMARY,
        rows=[(catalog.villains[v].name, r) for v, r in campaign.record.items()],
        opened=", ".join(packs[p].name for p in campaign.opened) or "none yet",
        upgrades=", ".join(f"{c}: {k}" for c, k in campaign.upgrades.items()) or "none yet",
        due=campaign.upgrades_due,
        fated=", ".join(catalog.villains[v].name for v in campaign.fated_beaten) or "none yet",
        sets=", ".join(campaign.collection_sets(catalog)) or "the coloured cards only")


def upgradeable_cards(campaign: Campaign) -> list[tuple[str, str]]:
    """(name, id) of the cards with an upgrade slot that carry no upgrade yet."""
    cards = default_catalog().cards.values()
    return [(c.name, c.id) for c in sorted(cards, key=lambda c: c.name)
            if c.upgrade_slot and c.id not in campaign.upgrades]
