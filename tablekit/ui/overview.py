"""The kit's front door: the five games, their notebooks, and Binder links."""

from __future__ import annotations

from html import escape
from pathlib import Path

from tablekit.core.registry import GAME_PACKAGES, games

REPO = "tablekit/tablekit"
BINDER = "https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={path}"
GAMES = {
    "deckula": ("Deckula!", "Solo survival: buy or discard one card a turn, keep the Visitors at bay."),
    "wonders": ("Deck of Wonders", "Solo (or co-op) against a Villain that plays itself; Battle Lines decide fights."),
    "runes": ("Runes of Wyrd", "A two-hero duel won in the deck preparation: rarity limits, Chapters, Wyrd Points."),
    "forge": ("DeckNForge", "Co-op wizards against six Bosses with a standard deck of playing cards."),
    "wizards": ("Wizards & Co.", "Competitive dungeon placement for 2–4 players."),
}
NOTEBOOKS = (("1-learn", "learn the rules"), ("2-play", "play a whole game"), ("3-build", "build a deck"))


def notebook_links(root: Path) -> dict[str, list[tuple[str, str]]]:
    """For each game, its notebooks that exist under `root` (label, relative path)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for name in GAME_PACKAGES:
        for stem, label in NOTEBOOKS:
            path = root / name / f"{stem}.ipynb"
            if path.exists():
                found.setdefault(name, []).append((label, f"{name}/{stem}.ipynb"))
    return found


def overview_html(root: str | Path = ".") -> str:
    """A table of the five games: what each is, its notebooks, and whether its engine plays."""
    links = notebook_links(Path(root))
    playable = set(games())
    rows = []
    for name, (title, blurb) in GAMES.items():
        cells = " · ".join(f"<a href='{escape(path)}' target='_blank'>{escape(label)}</a>"
                           for label, path in links.get(name, [])) or "<i>coming soon</i>"
        engine = "✔ rules engine" if name in playable else "—"
        rows.append(f"<tr><td><b>{escape(title)}</b></td><td>{escape(blurb)}</td><td>{cells}</td><td>{engine}</td></tr>")
    return ("<table style='font-size:13px'><tr><th>Game</th><th>What it is</th><th>Notebooks</th>"
            f"<th>Play</th></tr>{''.join(rows)}</table>")


def binder_links(repo: str = REPO) -> dict[str, str]:
    """Binder links: JupyterLab at the front door, and the Deckula! table as a Voilà app."""
    return {"JupyterLab": BINDER.format(repo=repo, path="lab/tree/notebooks/00-start-here.ipynb"),
            "Voilà app": BINDER.format(repo=repo, path="voila/render/notebooks/deckula/2-play.ipynb")}
