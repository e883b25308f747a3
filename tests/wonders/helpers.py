"""What several Deck of Wonders test files share: Example C's fighters, the Villain attack played
by the rulebook, refusing an action."""

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


def _falls(target, ready) -> int | None:
    """How many of the ready attackers (left to right) it takes to destroy the target, if any."""
    left, shield = target.health - target.damage, target.shield
    for count, attacker in enumerate(ready, 1):
        if shield:
            shield = False  # the target's Shield turns the first hit into 0
        else:
            left -= attacker.strength
        if attacker.poison or left <= 0:
            return count
    return None


def by_the_book(players, villains) -> tuple[int, list[str]]:
    """Choose Target, then Attack, hit by hit, as the rulebook says (with the readings in
    docs/rules-notes.md): the damage the Player takes and the names destroyed, in order."""
    line, ready = list(players), list(villains)
    damage, destroyed = 0, []
    while ready:
        count = _falls(line[0], ready) if line else None
        if count is None:  # no Player minion left, or the leftmost one would survive
            return damage + sum(a.strength for a in ready), destroyed
        target, attackers, ready = line.pop(0), ready[:count], ready[count:]
        destroyed.append(target.name)
        for attacker in attackers:  # the fallen minion hits back each attacker once
            hurt = not attacker.shield and attacker.damage + target.strength >= attacker.health
            if target.poison or hurt:
                destroyed.append(attacker.name)
    return damage, destroyed
