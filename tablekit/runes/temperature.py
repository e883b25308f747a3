"""The Temperature cursor from Cold 3 to Heat 3: moving it, the extremes, each level's effects."""

from __future__ import annotations

from tablekit.runes import combat, effects, statuses
from tablekit.runes.board import Duel
from tablekit.runes.fighter import Fighter

LEVEL_NAMES = {-3: "Cold 3", -2: "Cold 2", -1: "Cold 1", 0: "Neutral", 1: "Heat 1", 2: "Heat 2",
               3: "Heat 3"}
EXTREME_DAMAGE = 3
EXTREME_TURNS = 3


def level_name(value: int) -> str:
    """'Cold 2', 'Neutral', 'Heat 1', ..."""
    return LEVEL_NAMES[value]


def move(duel: Duel, me: Fighter, steps: int, why: str = "") -> None:
    """Move the cursor `steps` (+ Heat, - Cold); reaching Cold 3 or Heat 3 resolves at once.

    A move ends where an extreme sends the cursor back: leftover steps are lost.
    """
    if steps == 0 or duel.over:
        return
    direction = 1 if steps > 0 else -1
    before = me.temperature
    for _ in range(abs(steps)):
        me.temperature += direction
        if abs(me.temperature) == 3:
            break
    duel.log("runes.temperature", "{hero}'s Temperature moves from {a} to {b}{why}.",
             hero=me.name, a=level_name(before), b=level_name(me.temperature),
             why=f" ({why})" if why else "")
    if me.temperature == -3:
        cold_3(duel, me)
    elif me.temperature == 3:
        heat_3(duel, me)
    if direction < 0:
        effects.fire(duel, "moves-cold", me)


def cold_3(duel: Duel, me: Fighter) -> None:
    """Cold 3 resolves at once: permanent Frozen, 3 True Damage, Bleeding cured and barred."""
    duel.log("runes.cold-3", "{hero} reaches Cold 3.", hero=me.name)
    me.temperature = -1  # the cursor springs back at once: reactions below see Cold 1
    frozen = statuses.gain(duel, me, "Frozen", 1, None)
    if combat.modifier(duel, me, "true-damage-cold") < 0:
        duel.log("runes.cold-3", "{hero}'s gear keeps off the True Damage of Cold 3.",
                 hero=me.name)
    else:
        combat.true_damage(duel, me, EXTREME_DAMAGE, "Cold 3")
    # the immunity comes first so that nothing reacting to the cure can bleed the hero again
    statuses.gain(duel, me, "Bleeding Immunity", 1, EXTREME_TURNS)
    statuses.remove(duel, me, "Bleeding", "Cold 3 stops all Bleeding")
    if frozen:
        me.frozen_skip = True
        duel.log("runes.cold-3", "{hero}'s next Action will be discarded if still Frozen.",
                 hero=me.name)
    duel.log("runes.cold-3", "{hero}'s cursor returns to Cold 1.", hero=me.name)


def heat_3(duel: Duel, me: Fighter) -> None:
    """Heat 3 resolves at once: permanent Burning, 3 True Damage, Vulnerable 1 for 3 turns."""
    duel.log("runes.heat-3", "{hero} reaches Heat 3.", hero=me.name)
    me.temperature = 1  # the cursor springs back at once: reactions below see Heat 1
    statuses.gain(duel, me, "Burning", 1, None)
    combat.true_damage(duel, me, EXTREME_DAMAGE, "Heat 3")
    statuses.gain(duel, me, "Vulnerable", 1, EXTREME_TURNS)
    duel.log("runes.heat-3", "{hero}'s cursor returns to Heat 1.", hero=me.name)


def end_of_turn(duel: Duel, me: Fighter) -> None:
    """The effect of the hero's Temperature level at the end of its turn."""
    level = me.temperature
    duel.log(_RULE[level], "End of {hero}'s turn at {level}.", hero=me.name,
             level=level_name(level))
    if level <= -1:
        _remove(duel, me, ("Kindled", "Burning"), level)
        if level == -2:
            if "Frozen" not in me.statuses:
                statuses.gain(duel, me, "Frost", 1, None)
        else:
            statuses.reduce(duel, me, "Frost", 1, "Cold 1")
    elif level == 0:
        why = "Neutral"
        statuses.age_thermal(duel, me, ("Burning", "Frozen", "Kindled"))
        statuses.make_temporary(duel, me, "Burning", 3, why)
        statuses.make_temporary(duel, me, "Frozen", 3, why)
        statuses.make_temporary(duel, me, "Kindled", 2, why)
        statuses.reduce(duel, me, "Frost", 1, why)
    else:
        _remove(duel, me, ("Frost", "Frozen"), level)
        if level == 1:
            statuses.age_thermal(duel, me, ("Kindled",))
            statuses.make_temporary(duel, me, "Kindled", 2, "Heat 1")
        elif "Burning" in me.statuses:
            found = me.statuses["Burning"]
            if found.turns is not None:
                found.turns = None
                duel.log("runes.burning", "{hero}'s Burning becomes permanent (Heat 2).",
                         hero=me.name)
        elif not me.permanent("Kindled"):
            statuses.gain(duel, me, "Kindled", 1, None)


_RULE = {-2: "runes.cold-2", -1: "runes.cold-1", 0: "runes.neutral", 1: "runes.heat-1",
         2: "runes.heat-2"}


def _remove(duel: Duel, me: Fighter, names: tuple[str, ...], level: int) -> None:
    for name in names:
        statuses.remove(duel, me, name, level_name(level))
