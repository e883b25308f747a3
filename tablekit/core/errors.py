"""The errors tablekit raises: every one is a ValueError that names the input and the rule."""

from __future__ import annotations

from typing import Any


class TablekitError(ValueError):
    """Base of every error tablekit raises on bad input."""


class IllegalActionError(TablekitError):
    """An action the rules forbid in this state; the state is left unchanged."""

    def __init__(self, action: Any, rule: str, reason: str) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        super().__init__(f"illegal action {action}: {reason} [rule {rule}]")


class CardDataError(TablekitError):
    """A card file that cannot be used: names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, problem: str) -> None:
        self.file, self.card, self.field, self.problem = file, card, field, problem
        where = file
        if card is not None:
            where += f", card {card!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class SaveFileError(TablekitError):
    """A saved match that is corrupted, tampered with or from another version."""


class ConfigError(TablekitError):
    """A game configuration the rules do not allow."""


class UnknownGameError(TablekitError):
    """A game name that is not registered."""
