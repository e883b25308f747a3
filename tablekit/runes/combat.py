"""Attack resolution: Attack and Armor, defensive effects, Shield, Break Shield, True Damage."""

from __future__ import annotations

from collections.abc import Iterator

from tablekit.core.errors import TablekitError
from tablekit.runes import effects, heroes
from tablekit.runes.abilities import Modifier
from tablekit.runes.board import Duel
from tablekit.runes.cards import Card
from tablekit.runes.conditions import holds
from tablekit.runes.fighter import Fighter

ETHEREAL_ATTACK = 4
ETHEREAL_ARMOR = 2


def damage_split(damage: int, shield: int, break_shield: bool = False) -> tuple[int, int]:
    """Share damage that has passed Armor between Shield and Health: (shield left, to Health).

    With Break Shield each point of damage removes two points of Shield.

    >>> damage_split(5, 4, break_shield=True)
    (0, 3)
    >>> damage_split(5, 4)
    (0, 1)
    >>> damage_split(3, 8, break_shield=True)
    (2, 0)
    """
    for label, value in (("damage", damage), ("shield", shield)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TablekitError(f"{label} must be a whole number ≥ 0, not {value!r} "
                                "[rule runes.shield]")
    weight = 2 if break_shield else 1
    if damage * weight < shield:
        return shield - damage * weight, 0
    spent = -(-shield // weight)  # points of damage it takes to empty the Shield
    return 0, damage - spent


def modifiers(duel: Duel, me: Fighter, stat: str, card: Card | None = None
              ) -> Iterator[tuple[Card, Modifier]]:
    """The passive modifiers of `stat` that apply to `me` now (its Equipment, the Event)."""
    sources = me.equipment if duel.event is None else [*me.equipment, duel.event]
    for source in sources:
        for mod in source.passive:
            if mod.stat == stat and holds(duel, me, mod.when, card) and (
                    mod.once is None or source.id not in _used(me, mod.once)):
                yield source, mod


def modifier(duel: Duel, me: Fighter, stat: str, card: Card | None = None) -> int:
    """The sum of the modifiers of `stat` for `me` (one-shot modifiers are not spent here)."""
    return sum(mod.amount for _, mod in modifiers(duel, me, stat, card) if mod.once is None)


def attack_power(duel: Duel, me: Fighter) -> int:
    """The hero's Attack: base, statuses, Equipment, Memory, One with Nature, Ethereal Form."""
    if me.ethereal:  # the form's own numbers: only Ethereal bonuses add to them
        power = ETHEREAL_ATTACK + modifier(duel, me, "ethereal-attack")
    else:
        power = me.base_attack + modifier(duel, me, "attack") + heroes.attack_bonus(me)
    power += me.amount("Attack")
    if "Kindled" in me.statuses:
        power += 1
    return power - me.amount("Frost")  # may go below 0: an Attack never does


def armor_value(duel: Duel, me: Fighter) -> int:
    """The hero's Armor, after Fatigue (never below 0)."""
    if me.ethereal:
        armor = ETHEREAL_ARMOR + modifier(duel, me, "ethereal-armor")
    else:
        armor = me.base_armor + modifier(duel, me, "armor") + heroes.armor_bonus(me)
    armor += me.amount("Armor")
    if modifier(duel, me, "fatigue-armor") >= 0:
        armor -= me.fatigue * duel.options.fatigue_armor
    return max(0, armor)


def attack(duel: Duel, attacker: Fighter, amount: int, *, ranged: bool = False,
           break_shield: bool = False, riposte: bool = False, card: Card | None = None,
           spiritual: bool = False) -> int:
    """One Attack on the opponent, resolved in the rulebook's order; returns damage to Health."""
    if duel.over:
        return 0
    defender = duel.foe(attacker)
    melee = not ranged and (duel.options.spiritual_melee or not spiritual)
    power = amount + (0 if spiritual else attack_power(duel, attacker))
    if ranged or melee:
        power += modifier(duel, attacker, "ranged-damage" if ranged else "melee-damage", card)
    if card is not None and "Raven" in card.properties and "Bleeding" in defender.statuses:
        power += modifier(duel, attacker, "raven-damage", card)
    power = max(0, power + defender.amount("Vulnerable"))  # an Attack never deals below 0
    armor = armor_value(duel, defender)
    final = max(0, power - armor)
    kind = "Ranged Attack" if ranged else ("Riposte" if riposte else "Attack")
    duel.log("runes.attack", "{attacker}'s {kind} strikes for {power} (Attack included); "
             "{defender}'s Armor {armor} leaves {final}.",
             attacker=attacker.name, kind=kind, power=power, defender=defender.name,
             armor=armor, final=final)
    was_ethereal = defender.ethereal
    to_health = deal_damage(duel, defender, final, break_shield)
    if melee and not riposte and not duel.over:  # a Riposte is never answered
        vengeful = was_ethereal or duel.options.vengeance_on_entry
        _melee_answers(duel, attacker, defender, vengeful)
    return to_health


def deal_damage(duel: Duel, target: Fighter, damage: int, break_shield: bool = False,
                reducible: bool = True) -> int:
    """Damage past Armor: reductions, then Shield (Break Shield counts double), then Health."""
    if damage <= 0 or duel.over:
        return 0
    if reducible:
        damage = _defensive_effects(duel, target, damage)
        if damage <= 0:
            return 0
    before = target.shield
    shield_left, to_health = damage_split(damage, before, break_shield)
    if before:
        target.shield = shield_left
        rule = "runes.break-shield" if break_shield else "runes.shield"
        duel.log(rule, "{hero}'s Shield takes the blow: {before} → {after}"
                 "{how}.", hero=target.name, before=before, after=shield_left,
                 how=" (Break Shield: each point counts twice)" if break_shield else "")
        if shield_left < before:
            effects.fire(duel, "loses-shield", target)
    if to_health:
        lose_health(duel, target, to_health, "damage")
    return to_health


def true_damage(duel: Duel, target: Fighter, amount: int, why: str) -> None:
    """True Damage: past Armor, defences and Shield, straight to Health (or Essence)."""
    if amount <= 0 or duel.over:
        return
    duel.log("runes.true-damage", "{hero} suffers {n} True Damage ({why}).",
             hero=target.name, n=amount, why=why)
    if duel.options.true_damage_hits_shield:
        deal_damage(duel, target, amount, reducible=False)
    else:
        lose_health(duel, target, amount, "True Damage")


def lose_health(duel: Duel, me: Fighter, amount: int, why: str) -> int:
    """Health loss (Essence in Ethereal Form); defeat or Eir's Intervention at 0."""
    if amount <= 0 or duel.over:
        return 0
    if me.ethereal:
        heroes.lose_essence(duel, me, amount, why)
        return amount
    me.health = max(0, me.health - amount)
    duel.log("runes.health", "{hero} loses {n} Health to {why} ({health} left).",
             hero=me.name, n=amount, why=why, health=me.health)
    heroes.after_health_loss(duel, me)
    if me.health == 0:
        if me.interventions > 0:
            heroes.enter_ethereal(duel, me)
        else:
            duel.defeat(me, "Health reached 0")
        return amount
    effects.fire(duel, "loses-health", me)
    return amount


def heal(duel: Duel, me: Fighter, amount: int) -> int:
    """Heal Health up to the maximum; returns what was healed."""
    amount += modifier(duel, me, "healing")
    if amount <= 0 or me.ethereal or duel.over:
        return 0
    healed = min(amount, me.max_health - me.health)
    if healed <= 0:
        return 0
    me.health += healed
    duel.log("runes.heal", "{hero} heals {n} ({health}/{max}).", hero=me.name, n=healed,
             health=me.health, max=me.max_health)
    effects.fire(duel, "heals", me)
    return healed


def gain_shield(duel: Duel, me: Fighter, amount: int) -> None:
    """Gain Shield: keep the higher of the current and the new value; Shields never stack."""
    if amount <= 0 or duel.over:
        return
    before = me.shield
    me.shield = max(before, amount)
    duel.log("runes.shield-max", "{hero} gains Shield {n}: the higher of {before} and {n} is kept "
             "({after}).", hero=me.name, n=amount, before=before, after=me.shield)
    effects.fire(duel, "gains-shield", me)


def lose_shield(duel: Duel, me: Fighter, amount: int) -> None:
    """Lose Shield; this is not Health loss."""
    lost = min(amount, me.shield)
    if lost <= 0 or duel.over:
        return
    me.shield -= lost
    duel.log("runes.shield-loss", "{hero} loses {n} Shield ({left} left); no Health is lost.",
             hero=me.name, n=lost, left=me.shield)
    effects.fire(duel, "loses-shield", me)


def _used(me: Fighter, once: str) -> set[str]:
    return me.used_turn if once == "turn" else me.used_chapter


def _defensive_effects(duel: Duel, defender: Fighter, damage: int) -> int:
    """Damage reductions after Armor: Equipment and Event modifiers, once-a-turn ones spent."""
    for source, mod in list(modifiers(duel, defender, "damage-taken")):
        damage = max(0, damage + mod.amount)
        if mod.once is not None:
            _used(defender, mod.once).add(source.id)
        duel.log("runes.defence", "{card} changes the damage to {hero} by {n}.",
                 card=source.name, hero=defender.name, n=mod.amount)
    return damage


def _melee_answers(duel: Duel, attacker: Fighter, defender: Fighter, vengeful: bool) -> None:
    """Thorns, Riposte and One with Nature answer a Melee Attack; then `hit-melee` reactions.

    `vengeful`: the Oath of Vengeance may answer (the defender was Ethereal when struck).
    """
    thorns = defender.amount("Thorns") + heroes.thorns_bonus(defender)
    if thorns:
        duel.log("runes.thorns", "{hero}'s Thorns {n} strike back at {attacker}.",
                 hero=defender.name, n=thorns, attacker=attacker.name)
        deal_damage(duel, attacker, thorns)
    heroes.nature_answers_melee(duel, defender, attacker)
    if "Riposte" in defender.statuses and not duel.over:
        duel.log("runes.riposte", "{hero} Ripostes.", hero=defender.name)
        attack(duel, defender, defender.amount("Riposte"), riposte=True)
    elif vengeful and defender.ethereal and defender.form_oath == "vengeance" \
            and not duel.over:
        duel.log("runes.oath-vengeance", "The Oath of Vengeance answers: {hero} Ripostes 0.",
                 hero=defender.name)
        attack(duel, defender, 0, riposte=True)
    if not duel.over:
        effects.fire(duel, "hit-melee", defender)
