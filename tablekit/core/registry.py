"""The registry of games: each game package that has a `game` module with `GAME` is listed."""

from __future__ import annotations

import importlib
import importlib.util
import json
from functools import cache
from pathlib import Path

from tablekit.core.errors import SaveFileError, UnknownGameError
from tablekit.core.game import Game
from tablekit.core.match import SAVE_FORMAT, Match, checked_seed
from tablekit.core.rulebook import RuleBook, load_rulebook

# game name -> package under tablekit/ (the order is the order of the kit's front door)
GAME_PACKAGES = {
    "deckula": "deckula",
    "wonders": "wonders",
    "runes": "runes",
    "forge": "forge",
    "wizards": "wizards",
}
PACKAGE_ROOT = Path(__file__).resolve().parent.parent


def games() -> list[str]:
    """Names of the games whose rules engine is registered."""
    return [name for name, pkg in GAME_PACKAGES.items()
            if importlib.util.find_spec(f"tablekit.{pkg}") is not None
            and importlib.util.find_spec(f"tablekit.{pkg}.game") is not None]


@cache
def get_game(name: str) -> Game:
    """The rules object of a registered game."""
    if name not in games():
        raise UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(games())}")
    module = importlib.import_module(f"tablekit.{GAME_PACKAGES[name]}.game")
    return module.GAME


def new_game(name: str, seed: int | str = 0, **config: object) -> Match:
    """Start a match of a registered game with a seed (int or str) and the game's options."""
    checked_seed(seed)  # before the options: a bad seed is named first
    game = get_game(name)
    return Match(game, game.make_config(**config), seed)


def load_game(text: str) -> Match:
    """Restore a match saved by `Match.to_json`; SaveFileError when corrupted or tampered."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SaveFileError(f"save file is not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError("not a tablekit save file (missing format marker)")
    try:
        game = get_game(str(data.get("game")))
    except UnknownGameError as exc:
        raise SaveFileError(str(exc)) from exc
    return Match.load(game, data)


@cache
def rules(name: str) -> RuleBook:
    """The rule book of a game, the core's match rules included (also before its engine exists)."""
    if name not in GAME_PACKAGES:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(GAME_PACKAGES)}")
    path = PACKAGE_ROOT / GAME_PACKAGES[name] / "data" / "rules.toml"
    if not path.exists():
        raise UnknownGameError(f"the rule book of {name!r} is not written yet")
    return load_rulebook(name, path)
