"""Statuses: gaining them (stacks, durations, immunities), losing them, and their ageing."""

from __future__ import annotations

from tablekit.runes import combat, effects, heroes
from tablekit.runes.board import Duel
from tablekit.runes.fighter import NEGATIVE, THERMAL, Fighter, Status

STACKING = ("Bleeding", "Frost")  # amounts add up; every other status keeps the higher amount
RULES = {
    "Frozen": "runes.frozen", "Burning": "runes.burning", "Kindled": "runes.kindled",
    "Frost": "runes.frost", "Bleeding": "runes.bleeding",
    "Bleeding Immunity": "runes.bleeding-immunity", "Vulnerable": "runes.vulnerable",
    "Regeneration": "runes.regeneration", "Thorns": "runes.thorns", "Armor": "runes.armor",
    "Attack": "runes.attack-bonus", "Riposte": "runes.riposte",
}


def gain(duel: Duel, me: Fighter, name: str, amount: int = 1, turns: int | None = None) -> bool:
    """Give a status (turns None: permanent); False when an immunity prevents it."""
    if duel.over:
        return False
    blocker = _immunity(me, name)
    if blocker:
        duel.log("runes.immunity", "{hero} is immune: {blocker} prevents {status}.",
                 hero=me.name, blocker=blocker, status=name)
        return False
    amount = max(amount, 1)
    fresh = duel.active == me.index
    found = me.statuses.get(name)
    if found is None:
        me.statuses[name] = Status(amount, turns, fresh)
    else:
        found.amount = found.amount + amount if name in STACKING else max(found.amount, amount)
        found.turns = None if turns is None or found.turns is None else max(found.turns, turns)
        found.fresh = found.fresh or fresh
    turns_left = me.statuses[name].turns
    lasting = "(stacks)" if name in STACKING else (
        "permanently" if turns_left is None else f"for {turns_left} turn(s)")
    duel.log(RULES[name], "{hero} gains {status} {n} {lasting}.", hero=me.name, status=name,
             n=me.statuses[name].amount, lasting=lasting)
    if name == "Bleeding":
        effects.fire(duel, "gains-bleeding", me)
    elif name == "Frozen" and found is None:
        effects.fire(duel, "becomes-frozen", me)
    return True


def remove(duel: Duel, me: Fighter, name: str, why: str, rule: str | None = None) -> int:
    """Take a status away entirely; returns the amount it had."""
    found = me.statuses.pop(name, None)
    if found is None:
        return 0
    duel.log(rule or RULES[name], "{hero} loses {status} ({why}).", hero=me.name, status=name,
             why=why)
    if name == "Bleeding":
        effects.fire(duel, "bleeding-ends", me)
    return found.amount


def reduce(duel: Duel, me: Fighter, name: str, by: int, why: str) -> None:
    """Lower a status's amount; at 0 it is gone."""
    found = me.statuses.get(name)
    if found is None:
        return
    if found.amount <= by:
        remove(duel, me, name, why)
    else:
        found.amount -= by
        duel.log(RULES[name], "{hero}'s {status} drops to {n} ({why}).", hero=me.name,
                 status=name, n=found.amount, why=why)


def make_temporary(duel: Duel, me: Fighter, name: str, turns: int, why: str) -> None:
    """A permanent status becomes one that ends after `turns` turns."""
    found = me.statuses.get(name)
    if found is not None and found.turns is None:
        found.turns, found.fresh = turns, False
        duel.log(RULES[name], "{hero}'s permanent {status} now lasts {n} turn(s) ({why}).",
                 hero=me.name, status=name, n=turns, why=why)


def cleanse_negative(duel: Duel, me: Fighter) -> None:
    """Remove one negative status, the first of NEGATIVE the hero carries."""
    for name in NEGATIVE:
        if name in me.statuses:
            remove(duel, me, name, "cleansed")
            return


def end_of_turn_damage(duel: Duel, me: Fighter) -> None:
    """Burning burns and Bleeding bleeds at the end of its carrier's turn."""
    if "Burning" in me.statuses:
        duel.log("runes.burning", "{hero} burns.", hero=me.name)
        combat.deal_damage(duel, me, 1)
    bleeding = me.statuses.get("Bleeding")
    if bleeding is not None and not duel.over:
        loss = bleeding.amount + combat.modifier(duel, me, "bleeding-damage")
        duel.log("runes.bleeding", "{hero} bleeds {n}.", hero=me.name, n=loss)
        combat.lose_health(duel, me, loss, "Bleeding")
        reduce(duel, me, "Bleeding", 1, "a Bleeding stack runs out")


def age(duel: Duel, me: Fighter) -> None:
    """Durations tick down at the end of the owner's turn (not on the turn they were gained).

    Frozen, Burning and Kindled are aged by the Temperature ladder, not here.
    """
    for name in list(me.statuses):
        found = me.statuses[name]
        if found.fresh:
            found.fresh = False
            continue
        if found.turns is None or name in THERMAL:
            continue
        found.turns -= 1
        if found.turns <= 0:
            remove(duel, me, name, "its time ran out", "runes.duration")


def age_thermal(duel: Duel, me: Fighter, names: tuple[str, ...]) -> None:
    """Temporary Frozen/Burning/Kindled tick down (where the Temperature level says so)."""
    for name in names:
        found = me.statuses.get(name)
        if found is None or found.turns is None:
            continue
        if found.fresh:
            found.fresh = False
            continue
        found.turns -= 1
        if found.turns <= 0:
            remove(duel, me, name, "its time ran out")


def _immunity(me: Fighter, name: str) -> str | None:
    if name == "Bleeding" and "Bleeding Immunity" in me.statuses:
        return "Bleeding Immunity"
    return heroes.instrument_immunity(me, name)
