"""Helpers for Deckula tests."""

from __future__ import annotations

from tablekit.deckula.lessons import table


def names(match, zone: str) -> list[str]:
    """The names of the cards in a zone of the match's state."""
    return match.state.names(zone)


def action(match, text: str):
    """The legal action whose str() is `text`."""
    return match.action(text)


__all__ = ["action", "names", "table"]
