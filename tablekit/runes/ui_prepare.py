"""Prepare both decks yourself, step by step, then watch the duel they fight.

`PreparationTable` is the registered `runes` match on the shared `GameTable`: one button per
legal preparation action (pick a Hero, use its sample deck or add cards one by one, divide,
bind, spend, order, assemble), undo and redo. `PreparedDuel` steps through the duel once both
decks are locked.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tablekit.core.errors import ConfigError
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.runes.cards import HERO_NAMES
from tablekit.runes.game import cards_of
from tablekit.runes.ui_duel import FIRST_PLAYER, TurnViewer, _button
from tablekit.ui.html import render
from tablekit.ui.table import GameTable, TableOption

SIDES = """<div class="tk-board tk-prep" style="display:flex;gap:12px">{% for s in sides %}\
<div class="tk-zone tk-prep-side" data-player="{{ loop.index0 }}" data-step="{{ s.step }}" \
style="flex:1"><div class="tk-zone-title">Player {{ loop.index }}: {{ s.hero }} — step \
<b>{{ s.step }}</b></div><div>{{ s.count }} of 20 cards chosen{% if s.threads %}; \
{{ s.threads }} Thread(s) of Fate{% endif %}</div>{% for ch in s.chapters %}\
<div>Chapter {{ loop.index }}: {{ ch|join(", ") or "—" }}</div>{% endfor %}\
{% if not s.chapters %}<div>{{ s.cards|join(", ") }}</div>{% endif %}</div>{% endfor %}</div>"""


class PreparationTable(GameTable):
    """Both players' preparations as actions, on the shared table."""

    hidden: ClassVar[frozenset[str]] = frozenset({"hint", "chart"})
    table_options = (FIRST_PLAYER,
                     TableOption("hero_cards_only", "Hero's own cards only", default=True,
                                 tooltip="offer only the Hero's cards and cards tied to no Hero (rule runes.wish-hero)"))

    def __init__(self, seed: int | str = 0, **options: Any) -> None:
        self.options = options
        super().__init__(new_game("runes", seed=seed, **options))

    def board_html(self) -> str:
        """Each side's Hero, step, chosen cards and Chapters (card names escaped)."""
        cards = cards_of(self.match.state)

        def name(card_id: str) -> str:
            return cards[card_id].name if card_id in cards else card_id

        sides = []
        for side in self.match.state.sides:
            chapters = [[name(c) + (f" ({side.initiative[i][p]:+d})" if p < len(
                side.initiative[i]) and side.initiative[i][p] else "")
                         for p, c in enumerate(chapter)] for i, chapter in enumerate(side.chapters)]
            sides.append({"hero": HERO_NAMES.get(side.hero, "no Hero yet"), "step": side.step,
                          "count": len(side.cards), "threads": len(side.threads),
                          "cards": [name(c) for c in side.cards],
                          "chapters": chapters if any(side.chapters) else []})
        return render(SIDES, sides=sides)

    def fresh_match(self, seed: int | str) -> Match:
        """New game: both preparations from the start, with the options chosen on the table."""
        return new_game("runes", seed=seed, **{**self.options, **self.chosen_options()})


class PreparedDuel(TurnViewer):
    """The duel of the decks prepared on a `PreparationTable`, turn by turn."""

    def __init__(self, table: PreparationTable) -> None:
        self.table = table
        super().__init__()

    def setup(self) -> list[Any]:
        """The button that fights the prepared decks' duel."""
        self.watch_button = _button("Watch the duel", "eye", "tk-watch", self.fight, self.message,
                                    "primary")
        return [self.watch_button]

    def new_match(self) -> Match:
        """The table's match, once both decks are assembled (the duel is fought then)."""
        if not self.table.match.is_over:
            raise ConfigError("both players must finish preparing (assemble the deck) before "
                              "the duel [rule runes.preparation]")
        return self.table.match

    def fight(self, _: Any = None) -> None:
        """Show the duel when there is one; before that, say what is missing (quietly at
        start-up)."""
        if self.record is None and not self.table.match.is_over and _ is None:
            return
        super().fight(_)


__all__ = ["PreparationTable", "PreparedDuel"]
