"""The kit's front door: Binder links (JupyterLab at the start page, the Deckula! table as an app)."""

from __future__ import annotations

from html import escape
from typing import Any

REPO = "tablekit/tablekit"
BINDER = "https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={path}"
LINK = "color:#1a5fb4;text-decoration:underline"


def binder_links(repo: str = REPO) -> dict[str, str]:
    """Binder links: JupyterLab at the front door, and the Deckula! table as a Voilà app."""
    return {"JupyterLab": BINDER.format(repo=repo, path="lab/tree/notebooks/00-start-here.ipynb"),
            "Voilà app": BINDER.format(repo=repo, path="voila/render/notebooks/deckula/2-play.ipynb")}


def binder_html(repo: str = REPO) -> str:
    """The Binder links as a short list of styled anchors (opened in a new tab)."""
    items = "".join(f"<li><a style='{LINK}' href='{escape(url)}' target='_blank'>{escape(name)}</a></li>"
                    for name, url in binder_links(repo).items())
    return f"<ul>{items}</ul>"


def games_html() -> Any:
    """The games whose rules engine is ready, as a table: the name to pass to `new_game` and the title."""
    from tablekit.core.registry import games, get_game
    from tablekit.ui.html import table_html
    return table_html([{"Game": get_game(name).title, "Name in code": name}
                       for name in games()])

