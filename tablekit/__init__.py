"""tablekit: learn, play and build decks for five card games in Jupyter."""

from tablekit.core.errors import ConfigError, IllegalActionError, SaveFileError, TablekitError
from tablekit.core.registry import games, load_game, new_game, rules

__version__ = "0.1.0"
__all__ = ["ConfigError", "IllegalActionError", "SaveFileError", "TablekitError", "games", "load_game",
           "new_game", "rules"]
