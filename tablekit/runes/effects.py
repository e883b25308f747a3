"""Running card abilities: effect operations in written order, and reactions to moments."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from tablekit.runes import combat, heroes, statuses, temperature
from tablekit.runes.abilities import BASE_HOOKS, Effect
from tablekit.runes.board import Duel
from tablekit.runes.cards import Card
from tablekit.runes.conditions import describe, holds
from tablekit.runes.fighter import Fighter

FOE = {hook: "foe-" + hook for hook in BASE_HOOKS}
MAX_DEPTH = 8  # reactions to reactions stop here (no card loop can run for ever)
OP_WORDS = {
    "attack": "the Attack", "true-damage": "the True Damage", "lose-health": "the Health loss",
    "heal": "the healing", "shield": "the Shield", "lose-shield": "the Shield loss",
    "cleanse": "the cleansing", "temperature": "the Temperature move",
    "raven-sight": "gaining Raven Sight", "attune": "the Attunement",
    "extend-attunements": "the Attunements' extension", "perform": "the Perform",
    "extend-performance": "the Performance's extension", "end-performance":
    "the end of the Performance", "oath": "the Oath", "essence": "the Essence",
}
PER_WORDS = {"attunement": "the active Attunements", "memory": "the stored Memory properties",
             "perform-5": "each 5 Perform", "half-perform": "half the Perform",
             "half-shield": "half the Shield"}
SELF_BY_DEFAULT = frozenset({"lose-health", "heal", "shield", "status", "cleanse", "temperature",
                             "raven-sight", "attune", "extend-attunements", "perform",
                             "extend-performance", "end-performance", "oath", "essence"})


def resolve(duel: Duel, me: Fighter, effects: Iterable[Effect], card: Card | None) -> None:
    """Resolve effects in their written order; each checks its condition as it comes."""
    written = effects if isinstance(effects, tuple) else tuple(effects)
    asked = _asked_both_ways(tuple(effect.when for effect in written))
    either_or: dict[str, bool | None] | None = dict.fromkeys(asked) if asked else None
    for effect in written:
        if duel.over:
            return
        if _condition(duel, me, effect.when, card, either_or):
            _apply(duel, me, effect, card)
        elif duel.events.items is not None:
            duel.log("runes.resolve-card", "{card}: {what} is skipped (only when {when}).",
                     card=card.name if card else "An effect", what=effect_words(effect),
                     when=describe(effect.when, me.name))


@functools.lru_cache(maxsize=512)
def _asked_both_ways(whens: tuple[str | None, ...]) -> frozenset[str]:
    """Conditions a card asks as X and as no-X: an either-or, not two separate questions."""
    asked = {when for when in whens if when is not None}
    return frozenset(when for when in asked if "no-" + when in asked)


def _condition(duel: Duel, me: Fighter, when: str | None, card: Card | None,
               either_or: dict[str, bool | None] | None) -> bool:
    """Does `when` hold? An either-or keeps the answer of its first reading for the whole card."""
    if either_or is None or when is None:
        return holds(duel, me, when, card)
    base = when.removeprefix("no-")
    if base not in either_or:
        return holds(duel, me, when, card)
    negated = base != when
    if either_or[base] is None:
        either_or[base] = holds(duel, me, when, card) != negated
    return either_or[base] != negated


def effect_words(effect: Effect) -> str:
    """An effect in a player's words ("the Attack 2", "Bleeding 2")."""
    if effect.op == "status":
        return f"{effect.status} {effect.amount}"
    words = OP_WORDS[effect.op]
    return f"{words} {effect.amount}" if effect.amount and effect.per is None else words


def relisten(fighter: Fighter) -> None:
    """Note the moments the hero's Equipment and Triggers wait for (after either changes)."""
    fighter.listens = frozenset(reaction.on for card in (*fighter.equipment, *fighter.triggers)
                                for reaction in card.reactions)


def fire(duel: Duel, hook: str, subject: Fighter) -> None:
    """A moment happened to `subject`: its cards react to `hook`, its foe's to `foe-<hook>`."""
    foe = duel.fighters[1 - subject.index]
    if hook not in subject.listens and hook not in duel.event_hooks and \
            FOE[hook] not in foe.listens:
        return
    if duel.over or duel.depth >= MAX_DEPTH:
        return
    duel.depth += 1
    try:
        for owner, moment in ((subject, hook), (foe, "foe-" + hook)):
            _equipment_react(duel, owner, moment)
            _triggers_react(duel, owner, moment)
        if duel.event is not None:
            _event_reacts(duel, duel.event, hook, subject)
    finally:
        duel.depth -= 1


def _event_reacts(duel: Duel, event: Card, hook: str, subject: Fighter) -> None:
    """The active Event's reactions to `hook`: for the subject, or for each hero (`each`)."""
    for reaction in event.reactions:
        if reaction.on != hook:
            continue
        heroes_ = (subject, duel.foe(subject)) if reaction.each else (subject,)
        for hero in heroes_:
            if not duel.over and holds(duel, hero, reaction.when, event):
                duel.log("runes.event", "The Event {card} reacts for {hero}.",
                         card=event.name, hero=hero.name)
                resolve(duel, hero, reaction.effects, event)


def _equipment_react(duel: Duel, owner: Fighter, moment: str) -> None:
    for card in owner.equipment:
        for reaction in card.reactions:
            if reaction.on != moment or not holds(duel, owner, reaction.when, card):
                continue
            if reaction.once is not None:
                used = owner.used_turn if reaction.once == "turn" else owner.used_chapter
                if card.id in used:
                    continue
                used.add(card.id)
            duel.log("runes.equipment", "{hero}'s {card} reacts.", hero=owner.name,
                     card=card.name)
            resolve(duel, owner, reaction.effects, card)


def _triggers_react(duel: Duel, owner: Fighter, moment: str) -> None:
    for card in list(owner.triggers):
        if duel.over:
            return
        for reaction in card.reactions:
            if reaction.on == moment and holds(duel, owner, reaction.when, card):
                owner.triggers.remove(card)
                relisten(owner)
                owner.discard.append(card)
                duel.log("runes.trigger", "{hero}'s Trigger {card} springs and is discarded.",
                         hero=owner.name, card=card.name)
                resolve(duel, owner, reaction.effects, card)
                break


def _amount(me: Fighter, effect: Effect) -> int:
    per = effect.per
    if per is None:
        return effect.amount
    return effect.amount * _count(me, per)


def _count(me: Fighter, per: str) -> int:
    """What an effect's amount is multiplied by."""
    return {"attunement": len(me.attunements),
            "memory": len(me.memory) if me.performance_turns > 0 else 0,
            "perform-5": me.perform // 5, "half-perform": me.perform // 2,
            "half-shield": me.shield // 2}[per]


def _apply(duel: Duel, me: Fighter, effect: Effect, card: Card | None) -> None:
    op = effect.op
    target = effect.target or ("self" if op in SELF_BY_DEFAULT else "foe")
    who = me if target == "self" else duel.fighters[1 - me.index]
    amount = _amount(me, effect)
    if effect.per is not None and amount == 0:
        duel.log("runes.resolve-card", "{card}: {per} ({n}) gives 0: no {what}.",
                 card=card.name if card else "An effect", per=PER_WORDS[effect.per],
                 n=_per_value(me, effect.per), what=effect_words(effect).removeprefix("the "))
    elif op == "attack":
        combat.attack(duel, me, amount, ranged=effect.ranged,
                      break_shield=effect.break_shield, card=card)
    elif op == "true-damage":
        combat.true_damage(duel, who, amount, card.name if card else "an effect")
    elif op == "lose-health":
        combat.lose_health(duel, who, amount, card.name if card else "an effect")
    elif op == "heal":
        combat.heal(duel, who, amount)
    elif op == "shield":
        combat.gain_shield(duel, who, amount)
    elif op == "lose-shield":
        combat.lose_shield(duel, who, amount)
    elif op == "status":
        turns = heroes.magic_turns(duel, me, card, effect.turns)
        statuses.gain(duel, who, effect.status, amount, turns)
    elif op == "cleanse":
        if effect.status == "negative":
            statuses.cleanse_negative(duel, who)
        else:
            statuses.remove(duel, who, effect.status, card.name if card else "cleansed")
    elif op == "temperature":
        temperature.move(duel, who, amount, card.name if card else "")
    else:
        heroes.hero_op(duel, who, effect, amount, card)
    if effect.consume is not None and not duel.over:
        heroes.consume(duel, me, effect.consume)


def _per_value(me: Fighter, per: str) -> int:
    """The number a multiplier reads, as a player counts it (the Shield, not half of it)."""
    return {"perform-5": me.perform, "half-perform": me.perform,
            "half-shield": me.shield}.get(per, _count(me, per))
