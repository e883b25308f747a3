"""The four Heroes' mechanics: Raven Sight, the Green Circle, the Performance, Ethereal Form."""

from __future__ import annotations

from tablekit.runes import combat, effects, statuses, temperature
from tablekit.runes.abilities import ELEMENTS, Effect
from tablekit.runes.board import Duel
from tablekit.runes.cards import Card, CardType
from tablekit.runes.fighter import Fighter, Status

SKORTA, MIKAL, ASH, TORSTEIN = "skorta", "mikal-finnvard", "ash", "torstein"
MAX_EXTENSION = 3       # Attunements and the Performance never go past 3 turns
NATURE_TURNS = 4
MEMORY_TURNS = 2
COMPATIBLE = ("Offensive", "Defensive", "Magic", "Environment", "Spirit")
INSTRUMENTS = ("Cello", "Hurdy-Gurdy")
IMMUNE = {"Cello": ("Frozen", "Frost"), "Hurdy-Gurdy": ("Burning", "Kindled")}
ESSENCE = {"protection": 7}
RESURRECT_HEALTH = {"fidelity": 10}
ETHEREAL_TURNS = 4
OP_HERO = {"raven-sight": SKORTA, "attune": MIKAL, "extend-attunements": MIKAL, "perform": ASH,
           "extend-performance": ASH, "end-performance": ASH, "oath": TORSTEIN,
           "essence": TORSTEIN}


# -- numbers the heroes add ---------------------------------------------------------------
def memory_level(me: Fighter, prop: str) -> int:
    """0 without that Memory, 1 at Perform 5–9 (or below 5 while Performing), 2 at 10+."""
    if prop not in me.memory or me.performance_turns <= 0:
        return 0
    return 2 if me.perform >= 10 else 1


def attack_bonus(me: Fighter) -> int:
    """Attack from Offensive Memory and Fire's One with Nature."""
    bonus = memory_level(me, "Offensive") if me.memory else 0
    return bonus + (1 if me.nature is not None and me.nature_element == "Fire" else 0)


def armor_bonus(me: Fighter) -> int:
    """Armor from Defensive Memory and Earth's One with Nature."""
    bonus = memory_level(me, "Defensive") if me.memory else 0
    return bonus + (1 if me.nature is not None and me.nature_element == "Earth" else 0)


def thorns_bonus(me: Fighter) -> int:
    """Thorns 1 from Earth's One with Nature."""
    return 1 if me.nature is not None and me.nature_element == "Earth" else 0


def instrument_immunity(me: Fighter, status: str) -> str | None:
    """The instrument that makes Ash immune to `status` at Perform 5, if any."""
    if me.performance_turns > 0 and me.perform >= 5 and me.instrument is not None \
            and status in IMMUNE[me.instrument]:
        return f"the {me.instrument} at Perform {me.perform}"
    return None


def nature_answers_melee(duel: Duel, defender: Fighter, attacker: Fighter) -> None:
    """Fire or Water One with Nature pushes a Melee attacker toward Heat or Cold."""
    if defender.nature is None or defender.nature_element not in ("Fire", "Water"):
        return
    steps = 1 if defender.nature_element == "Fire" else -1
    duel.log("runes.one-with-nature", "{hero}'s One with Nature ({element}) pushes {attacker}.",
             hero=defender.name, element=defender.nature_element, attacker=attacker.name)
    temperature.move(duel, attacker, steps, "One with Nature")


def magic_turns(duel: Duel, me: Fighter, card: Card | None, turns: int | None) -> int | None:
    """Deep Perform with Magic Memory: Ash's Magic cards' timed statuses last 1 turn more."""
    if turns is not None and card is not None and "Magic" in card.properties \
            and memory_level(me, "Magic") == 2:
        return turns + 1
    return turns


# -- hero operations of cards -------------------------------------------------------------
def hero_op(duel: Duel, me: Fighter, effect: Effect, amount: int, card: Card | None) -> None:
    """The card operations that belong to one Hero's mechanic; others' Heroes ignore them."""
    op = effect.op
    if me.hero != OP_HERO[op]:
        duel.log("runes.hero-only", "{op} is {owner}'s mechanic: nothing happens for {hero}.",
                 op=op, owner=OP_HERO[op], hero=me.name)
        return
    if op == "raven-sight":
        gain_raven_sight(duel, me, card.name if card else "an effect")
    elif op == "attune":
        attune(duel, me, effect.element)
    elif op == "extend-attunements":
        for element, found in me.attunements.items():
            found.turns = min(MAX_EXTENSION, max(found.turns, found.turns + amount))
            duel.log("runes.attunement", "{hero}'s {element} Attunement: {n} turn(s).",
                     hero=me.name, element=element, n=found.turns)
    elif op == "perform":
        perform(duel, me, amount, card)
    elif op == "extend-performance":
        extend_performance(duel, me, amount)
    elif op == "end-performance":
        end_performance(duel, me, card.name if card else "an effect")
    elif op == "oath":
        take_oath(duel, me, effect.oath)
    else:
        restore_essence(duel, me, amount)


def consume(duel: Duel, me: Fighter, what: str) -> None:
    """An effect spends Raven Sight or Harmony."""
    if what == "raven-sight" and me.raven_sight:
        me.raven_sight = False
        duel.log("runes.raven-sight", "{hero} consumes Raven Sight.", hero=me.name)
    elif what == "harmony" and me.harmony:
        me.harmony = False
        duel.log("runes.harmony", "{hero} consumes Harmony.", hero=me.name)


# -- Skörta ---------------------------------------------------------------------------------
def gain_raven_sight(duel: Duel, me: Fighter, why: str) -> None:
    """Raven Sight becomes active (it stays until an effect consumes it)."""
    if me.hero != SKORTA:
        return
    if not me.raven_sight:
        me.raven_sight = True
        duel.log("runes.raven-sight", "{hero} gains Raven Sight ({why}).", hero=me.name, why=why)


# -- Mikal-Finnvard ---------------------------------------------------------------------------
def attune(duel: Duel, me: Fighter, element: str) -> None:
    """Attune to an element: the Green Circle, its once-a-turn extension, Harmony, One with Nature."""
    turns = min(MAX_EXTENSION, duel.options.attune_turns
                + combat.modifier(duel, me, "attune-turns"))
    found = me.attunements.get(element)
    fresh = duel.active == me.index
    if found is None:
        me.attunements[element] = Status(0, turns, fresh)
    else:
        found.turns, found.fresh = max(found.turns, turns), found.fresh or fresh
    duel.log("runes.attunement", "{hero} Attunes to {element} for {n} turn(s).", hero=me.name,
             element=element, n=me.attunements[element].turns)
    if element == "Water":
        effects.fire(duel, "attunes-water", me)
    if element not in me.circle:
        _mark(duel, me, element)
    if len(me.attunements) == len(ELEMENTS) and me.nature is None:
        me.nature, me.nature_element = Status(0, NATURE_TURNS, fresh), element
        duel.log("runes.one-with-nature", "All four Attunements are active: {hero} is One with "
                 "Nature for 4 turns; {element} completed the set.", hero=me.name,
                 element=element)


def _mark(duel: Duel, me: Fighter, element: str) -> None:
    me.circle.add(element)
    duel.log("runes.green-circle", "{element} is marked on {hero}'s Green Circle ({marks}).",
             element=element, hero=me.name, marks=", ".join(sorted(me.circle)))
    if not me.circle_extended_this_turn:
        me.circle_extended_this_turn = True
        for other, found in me.attunements.items():
            if other != element:
                found.turns = min(MAX_EXTENSION, found.turns + 1)
                duel.log("runes.circle-extension", "First new mark this turn: {hero}'s {other} "
                         "Attunement is extended to {n} turn(s).", hero=me.name, other=other,
                         n=found.turns)
    effects.fire(duel, "marks-element", me)
    if len(me.circle) == len(ELEMENTS):
        me.circle.clear()
        me.harmony = True
        duel.log("runes.harmony", "All four elements are marked: the Green Circle resets and "
                 "{hero} gains Harmony.", hero=me.name)
        effects.fire(duel, "gains-harmony", me)


# -- Ash ------------------------------------------------------------------------------------
def perform(duel: Duel, me: Fighter, amount: int, card: Card | None) -> None:
    """Perform +amount: starts or refreshes the Performance; instrument; Perform 5 and 10."""
    before = me.perform if me.performance_turns > 0 else 0
    old_instrument = me.instrument
    me.perform = before + amount
    me.instrument = _instrument(me, card) or me.instrument or "Cello"
    # every Perform card starts or refreshes the Performance: its length counts from this turn
    me.performance_turns = max(me.performance_turns, duel.options.performance_turns)
    me.performance_fresh = me.performance_fresh or duel.active == me.index
    duel.log("runes.perform", "{hero} Performs +{n} on the {instrument}: Perform {level}, "
             "{turns} turn(s) left.", hero=me.name, n=amount, instrument=me.instrument,
             level=me.perform, turns=me.performance_turns)
    if me.perform >= 5 and before < 5:
        _reach_perform_5(duel, me)
    elif me.perform >= 5 and me.instrument != old_instrument:
        _change_instrument(duel, me)
    if before < 10 <= me.perform:
        duel.log("runes.deep-perform", "{hero} reaches Perform 10 and Deep Performs.",
                 hero=me.name)


def _reach_perform_5(duel: Duel, me: Fighter) -> None:
    """Perform climbs to 5 or more: the instrument's immunity, Memory, the Perform 5 moment."""
    _clear_immune_statuses(duel, me)
    duel.log("runes.instrument-immunity", "At Perform 5 the {instrument} makes {hero} "
             "immune to {a} and {b}; Memory opens.", instrument=me.instrument, hero=me.name,
             a=IMMUNE[me.instrument][0], b=IMMUNE[me.instrument][1])
    effects.fire(duel, "reaches-perform-5", me)


def _change_instrument(duel: Duel, me: Fighter) -> None:
    """A new instrument at Perform 5 or more swaps the immunity; Perform 5 is not reached again."""
    _clear_immune_statuses(duel, me)
    duel.log("runes.instrument-immunity", "The {instrument} takes over at Perform {level}: "
             "{hero} is now immune to {a} and {b}.", instrument=me.instrument, level=me.perform,
             hero=me.name, a=IMMUNE[me.instrument][0], b=IMMUNE[me.instrument][1])


def _clear_immune_statuses(duel: Duel, me: Fighter) -> None:
    """Remove the statuses the current instrument's immunity keeps off."""
    for status in IMMUNE[me.instrument]:
        statuses.remove(duel, me, status, f"immunity of the {me.instrument}")


def extend_performance(duel: Duel, me: Fighter, amount: int) -> None:
    """Lengthen a running Performance, never past 3 turns."""
    if me.performance_turns <= 0 or me.performance_turns >= MAX_EXTENSION:
        return
    me.performance_turns = min(MAX_EXTENSION, me.performance_turns + amount)
    duel.log("runes.perform", "{hero}'s Performance is extended to {n} turn(s).",
             hero=me.name, n=me.performance_turns)


def end_performance(duel: Duel, me: Fighter, why: str) -> None:
    """The Performance ends: Perform back to 0 and every stored Memory is lost."""
    if me.performance_turns <= 0 and not me.perform:
        return
    me.performance_turns, me.perform, me.instrument = 0, 0, None
    me.performance_fresh = False  # a later Performance counts its turns from its own start
    duel.log("runes.performance-end", "{hero}'s Performance ends ({why}); Perform returns to "
             "0.", hero=me.name, why=why)
    if me.memory:
        me.memory.clear()
        duel.log("runes.memory", "{hero} loses every stored Memory.", hero=me.name)
    effects.fire(duel, "performance-ends", me)


def learn(duel: Duel, me: Fighter, card: Card) -> None:
    """After an opposing card resolves, Ash at Perform 5+ stores its compatible properties."""
    if me.hero != ASH or me.performance_turns <= 0 or me.perform < 5:
        return
    turns = MEMORY_TURNS + combat.modifier(duel, me, "memory-turns")
    for prop in card.properties:
        if prop in COMPATIBLE:
            refreshed = prop in me.memory
            me.memory[prop] = [turns, duel.active == me.index]
            duel.log("runes.memory", "{hero} {how} {prop} from {card} ({n} turns).",
                     hero=me.name, how="refreshes" if refreshed else "learns", prop=prop,
                     card=card.name, n=turns)
            if prop == "Offensive":
                effects.fire(duel, "learns-offensive", me)


def after_health_loss(duel: Duel, me: Fighter) -> None:
    """The first Health Ash loses each turn shortens her Performance by 1 turn."""
    if me.hero == ASH and me.performance_turns > 0 and not me.lost_health_this_turn:
        me.performance_turns -= 1
        duel.log("runes.perform", "Losing Health shortens {hero}'s Performance to {n} turn(s).",
                 hero=me.name, n=me.performance_turns)
        if me.performance_turns == 0:
            end_performance(duel, me, "Health lost")
    me.lost_health_this_turn = True


# -- Torstein -------------------------------------------------------------------------------
def take_oath(duel: Duel, me: Fighter, oath: str) -> None:
    """Only one Oath at a time: a new one replaces the old."""
    old = me.oath
    me.oath = oath
    duel.log("runes.oath", "{hero} takes the Oath of {oath}{was}.", hero=me.name,
             oath=oath.capitalize(), was=f", replacing {old.capitalize()}" if old and old != oath
             else "")
    if old is not None and old != oath:
        effects.fire(duel, "oath-replaced", me)


def enter_ethereal(duel: Duel, me: Fighter) -> None:
    """Health 0 with an Intervention left: Eir intervenes and Ethereal Form begins."""
    me.interventions -= 1
    me.ethereal, me.form_oath = True, me.oath
    me.essence_max = ESSENCE.get(me.oath or "", 5) + combat.modifier(duel, me, "essence-max")
    me.essence = me.essence_max
    me.ethereal_turns, me.entered_turn = 0, duel.turn
    duel.log("runes.eirs-intervention", "{hero} falls to 0 Health; Eir intervenes and {hero} "
             "enters Ethereal Form for 4 turns with {e} Essence.", hero=me.name, e=me.essence)
    if me.shield:
        me.shield = 0
        duel.log("runes.ethereal-form", "{hero}'s Shield is removed.", hero=me.name)
    duel.log("runes.ethereal-form", "{hero}'s base numbers become Attack 4 and Armor 2 (plus "
             "Ethereal bonuses): Attack {a}, Armor {b}.", hero=me.name,
             a=combat.attack_power(duel, me), b=combat.armor_value(duel, me))
    effects.fire(duel, "enters-ethereal", me)


def lose_essence(duel: Duel, me: Fighter, amount: int, why: str) -> None:
    """Damage in Ethereal Form takes Essence; at 0 Torstein is defeated for good."""
    me.essence = max(0, me.essence - amount)
    duel.log("runes.essence", "{hero} loses {n} Essence to {why} ({e} left).", hero=me.name,
             n=amount, why=why, e=me.essence)
    if me.essence == 0:
        duel.defeat(me, "Essence reached 0 in Ethereal Form")
        return
    effects.fire(duel, "loses-essence", me)


def restore_essence(duel: Duel, me: Fighter, amount: int) -> None:
    """Restore Essence, never beyond the current maximum."""
    if not me.ethereal or me.essence >= me.essence_max:
        return
    me.essence = min(me.essence_max, me.essence + amount)
    duel.log("runes.essence", "{hero} restores Essence to {e}/{m}.", hero=me.name,
             e=me.essence, m=me.essence_max)


# -- turn moments ---------------------------------------------------------------------------
def start_of_turn(duel: Duel, me: Fighter) -> None:
    """Start-of-turn hero effects: Ethereal restoration and Spiritual Attack, Ash's Memory."""
    if me.ethereal:
        if me.essence < me.essence_max:
            me.essence = me.essence_max
            duel.log("runes.essence", "{hero}'s Essence returns to {e}.", hero=me.name,
                     e=me.essence)
        power = combat.attack_power(duel, me)
        duel.log("runes.spiritual-attack", "{hero} makes a Spiritual Attack {n}.", hero=me.name,
                 n=power)
        combat.attack(duel, me, power, spiritual=True)
    if me.nature is not None and me.nature_element == "Water":
        duel.log("runes.one-with-nature", "Water's Regeneration 1.", hero=me.name)
        combat.heal(duel, me, 1)
    if memory_level(me, "Environment"):
        if me.temperature:
            temperature.move(duel, me, -1 if me.temperature > 0 else 1, "Environment Memory")
        elif memory_level(me, "Environment") == 2:
            statuses.gain(duel, me, "Thorns", 1, 1)
    if memory_level(me, "Spirit"):
        combat.heal(duel, me, memory_level(me, "Spirit"))


def after_own_card(duel: Duel, me: Fighter, card: Card) -> None:
    """Hero reactions to the hero's own resolved card."""
    if me.hero == SKORTA and "Raven" in card.properties:
        gain_raven_sight(duel, me, f"Hrafnsálbinding: {card.name} has the Raven property")
    if card.type is CardType.ACTION and me.nature is not None and me.nature_element == "Air":
        duel.log("runes.one-with-nature", "Air's One with Nature: an extra Ranged Attack 1.")
        combat.attack(duel, me, 1, ranged=True)
    if "Magic" in card.properties and memory_level(me, "Magic") and \
            not me.magic_extended_this_turn:
        me.magic_extended_this_turn = True
        extend_performance(duel, me, 1)


def end_of_turn(duel: Duel, me: Fighter) -> None:
    """Durations of the heroes' resources; Ethereal Form's count and resurrection."""
    for element in list(me.attunements):
        if _tick(me.attunements[element]):
            del me.attunements[element]
            duel.log("runes.attunement", "{hero}'s {element} Attunement ends.", hero=me.name,
                     element=element)
    if me.nature is not None and _tick(me.nature):
        me.nature = me.nature_element = None
        duel.log("runes.one-with-nature", "{hero}'s One with Nature ends.", hero=me.name)
    for hero in duel.fighters:  # "the first time each turn": every turn, both heroes'
        hero.circle_extended_this_turn = hero.magic_extended_this_turn = False
    if me.performance_turns > 0:
        if me.performance_fresh:
            me.performance_fresh = False
        else:
            me.performance_turns -= 1
            if me.performance_turns == 0:
                end_performance(duel, me, "its time ran out")
    for prop in list(me.memory):
        stored = me.memory[prop]
        if stored[1]:
            stored[1] = False
            continue
        stored[0] -= 1
        if stored[0] <= 0:
            del me.memory[prop]
            duel.log("runes.memory", "{hero}'s {prop} Memory fades.", hero=me.name, prop=prop)
    if me.ethereal:
        _ethereal_turn_ends(duel, me)


def _ethereal_turn_ends(duel: Duel, me: Fighter) -> None:
    if duel.turn == me.entered_turn:
        duel.log("runes.ethereal-form", "The turn {hero} entered Ethereal Form does not count.",
                 hero=me.name)
        return
    me.ethereal_turns += 1
    duel.log("runes.ethereal-form", "{hero} completes Ethereal turn {n} of 4.", hero=me.name,
             n=me.ethereal_turns)
    if me.ethereal_turns >= ETHEREAL_TURNS and me.essence >= 1:
        me.ethereal, me.essence, me.essence_max = False, 0, 0
        me.health = min(me.max_health, RESURRECT_HEALTH.get(me.form_oath or "", 5))
        duel.log("runes.resurrection", "{hero} survives Ethereal Form and returns with {h} "
                 "Health{why}.", hero=me.name, h=me.health,
                 why=" (Oath of Fidelity)" if me.form_oath == "fidelity" else "")


def _tick(found: Status) -> bool:
    """Age a duration by one turn (not on the turn it began); True when it has run out."""
    if found.fresh:
        found.fresh = False
        return False
    found.turns -= 1
    return found.turns <= 0


def _instrument(me: Fighter, card: Card | None) -> str | None:
    for gear in me.equipment:
        for name in INSTRUMENTS:
            if name in gear.properties and len(set(INSTRUMENTS) & set(gear.properties)) == 1:
                return name
    if card is not None:
        found = [name for name in INSTRUMENTS if name in card.properties]
        if len(found) == 1:
            return found[0]
    return None
