"""Read a board's HTML as a browser would: each readable card's text at rest and while read.

A card is readable when it has a tabindex (hover or click it); at rest its `tk-card-full` parts
are hidden, while it is read its `tk-card-brief` parts are (the CSS in `tablekit.ui.html`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"br", "img", "hr", "input", "meta", "link", "wbr"}


@dataclass
class ShownCard:
    """One card of a board: its attributes, its zone's title, its text at rest and while read."""

    attrs: dict[str, str]
    zone: str
    rest: list[str] = field(default_factory=list)
    read: list[str] = field(default_factory=list)

    @property
    def rest_text(self) -> str:
        """What the card shows at rest."""
        return " ".join(" ".join(self.rest).split())

    @property
    def read_text(self) -> str:
        """What the card shows hovered or clicked."""
        return " ".join(" ".join(self.read).split())


class _Cards(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, set[str]]] = []
        self.cards: list[ShownCard] = []
        self.card_depth: int | None = None
        self.zone, self.in_title = "", False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = set(values.get("class", "").split())
        if tag in VOID:
            return
        self.stack.append((tag, classes))
        if "tk-zone" in classes:
            self.zone = ""
        self.in_title = "tk-zone-title" in classes
        if self.card_depth is None and "tk-card" in classes and "tabindex" in values:
            self.card_depth = len(self.stack)
            self.cards.append(ShownCard(values, self.zone))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self.stack:
            return
        self.stack.pop()
        self.in_title = False
        if self.card_depth is not None and len(self.stack) < self.card_depth:
            self.card_depth = None

    def handle_data(self, data: str) -> None:
        if self.in_title and self.card_depth is None:
            self.zone += data
        if self.card_depth is None:
            return
        inside = set().union(*(classes for _, classes in self.stack[self.card_depth - 1:]))
        if "tk-card-full" not in inside:
            self.cards[-1].rest.append(data)
        if "tk-card-brief" not in inside:
            self.cards[-1].read.append(data)


def shown_cards(html: str) -> list[ShownCard]:
    """Every readable card of `html`, in order."""
    parser = _Cards()
    parser.feed(html)
    parser.close()
    return parser.cards
