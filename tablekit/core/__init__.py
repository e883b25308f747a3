"""The engine core: the contract every game implements and what all games share."""

from tablekit.core.config import GameConfig, Schema, option
from tablekit.core.errors import (
    CardDataError,
    ConfigError,
    IllegalActionError,
    SaveFileError,
    TablekitError,
    UnknownGameError,
)
from tablekit.core.events import Event
from tablekit.core.game import (
    Events,
    Explanation,
    Game,
    GameState,
    Outcome,
    copy_rng,
    rng_for,
)
from tablekit.core.match import Match
from tablekit.core.rulebook import Rule, RuleBook, load_rulebook

__all__ = [
    "CardDataError", "ConfigError", "Event", "Events", "Explanation", "Game", "GameConfig",
    "GameState", "IllegalActionError", "Match", "Outcome", "Rule", "RuleBook", "SaveFileError",
    "Schema", "TablekitError", "UnknownGameError", "copy_rng", "load_rulebook", "option",
    "rng_for",
]
