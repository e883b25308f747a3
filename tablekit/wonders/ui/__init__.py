"""Deck of Wonders in widgets: the play table, board drawing, campaign, learn and build panels."""

from tablekit.wonders.ui.table import WondersTable

__all__ = ["WondersTable"]
