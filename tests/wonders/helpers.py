"""What several Deck of Wonders test files share: Example C's fighters, refusing an action."""

from __future__ import annotations

import pytest

from tablekit.core.errors import IllegalActionError
from tablekit.wonders import Fighter
from tablekit.wonders.game import GAME

# Example C, written from the rulebook's numbers (independent of the lessons module)
MESMERIST = Fighter("Pixie Mesmerist", 1, 2, priority=4)
WOLF = Fighter("Hungry Wolf", 3, 1, priority=2)
TREANT = Fighter("Treant Shepherd", 3, 3, priority=2)
TROLL = Fighter("Forest Troll", 5, 3)
CAVALRY = Fighter("Pixie Cavalry", 2, 2)
TOAD = Fighter("Poison Toad", 1, 1, poison=True)


def refused(state, action, rule):
    """Applying `action` raises IllegalActionError naming `rule`, and the state is unchanged."""
    before = GAME.snapshot(state)
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, action)
    assert caught.value.rule == rule
    assert GAME.snapshot(state) == before
    return caught.value
