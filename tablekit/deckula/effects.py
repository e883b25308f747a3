"""How Deckula! cards act: entering play, instant and passive effects, kills and blanks."""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.deckula.cards import Effect
from tablekit.deckula.state import CHOOSE, OVER, DeckulaState, Pending

OP_RULES = {"kill": "deckula.kill", "blank": "deckula.blanked", "end_game": "deckula.game-ends-by-effect",
            "lose_energy": "deckula.lose-energy", "summon": "deckula.summon",
            "recover": "deckula.manipulate", "bury": "deckula.manipulate"}
TIMING_RULES = {"instant": "deckula.instant", "passive": "deckula.passive",
                "discard": "deckula.discard-effect"}


def enter_play(state: DeckulaState, uid: int, area: str, events: Events) -> None:
    """Put a card into the Home or Threat area and queue its instants, then the passives."""
    (state.home if area == "home" else state.threat).append(uid)
    card = state.cards[uid]
    if card.instants or card.passive or card.discard_effect >= 0:
        events.add("deckula.effects-in-play", "{card} is now in your {area}: its effects work from now on.",
                   card=card.spec.name, area=_area(area))
    state.todo.append(("passives", uid, area))
    for index in reversed(state.cards[uid].instants):
        state.todo.append(("effect", uid, index, -1))


def resolve(state: DeckulaState, events: Events) -> None:
    """Work through queued tasks until done, the game ends, or a choice is needed."""
    while state.todo and state.result is None and state.pending is None:
        task = state.todo.pop()
        if task[0] == "passives":
            _check_passives(state, task[1], task[2], events)
        else:
            run_effect(state, task[1], task[2], task[3], events)
    if state.pending is not None and state.result is None:
        state.phase = CHOOSE


def run_effect(state: DeckulaState, source: int, index: int, trigger: int, events: Events,
               chosen: int | None = None) -> None:
    """Carry out one effect of `source` (for a Discard effect the card is already discarded)."""
    effect = state.spec(source).effect[index]
    if effect.timing != "discard" and (not state.in_play(source) or state.is_blanked(source)):
        return
    if chosen is None:
        if not _happens(state, source, effect, events):
            return
        targets = targets_of(state, source, effect, trigger)
        if targets is not None and len(targets) != 1:
            _ask_or_skip(state, source, index, trigger, effect, targets, events)
            return
        chosen = targets[0] if targets else None
    _perform(state, source, effect, chosen, events)


def targets_of(state: DeckulaState, source: int, effect: Effect, trigger: int) -> list[int] | None:
    """The cards an effect may act on now, or None when it takes no target."""
    target = effect.target
    if target == "chosen_visitor":
        return state.visitors_in_threat(excluding=source)
    if target == "chosen_home":
        return [u for u in state.visible(state.home) if u != source]
    if target == "highest_home":
        home = [u for u in state.visible(state.home) if u != source]
        best = max((state.card_vp(u) for u in home), default=None)
        return [u for u in home if state.card_vp(u) == best]
    if target == "chosen_discard":
        return [u for u in state.discard if not state.spec(u).visitor and u != source
                and not any(e.op == "recover" for e in state.spec(u).effect)]  # no endless revival
    if target == "trigger":
        return [trigger] if state.in_play(trigger) else []
    if target == "self":
        return [source] if state.in_play(source) else []
    return None


def kill(state: DeckulaState, uid: int, keeper: int | None = None) -> None:
    """Take a card out of play onto the discard pile (or beneath `keeper`), with what it holds."""
    zone = state.home if uid in state.home else state.threat
    zone.remove(uid)
    leave_play(state, uid)
    if keeper is not None:
        state.beneath.setdefault(keeper, []).append(uid)
    else:
        state.discard.append(uid)


def leave_play(state: DeckulaState, uid: int) -> None:
    """Tidy up after a card leaves play: its beneath cards go to discard, its blanks lapse."""
    state.discard.extend(state.beneath.pop(uid, ()))
    state.blanks.pop(uid, None)
    for blanked in [t for t, blocker in state.blanks.items() if blocker == uid]:
        del state.blanks[blanked]


def end_game(state: DeckulaState, source: int, events: Events, why: str) -> None:
    """A card effect ends the game: a loss with no points."""
    state.result, state.ended_by, state.phase = "lost", source, OVER
    state.todo.clear()
    state.pending = None
    events.add("deckula.game-ends-by-effect", "{card}: {why} The game is over — you lose and score 0.",
               card=state.name(source), why=why)


def why_blocked(state: DeckulaState, source: int, effect: Effect) -> str | None:
    """Why an effect does not happen now (a tag in the Home, too few Visitors), or None when it does."""
    if effect.unless_tag and state.has_tag(effect.unless_tag):
        return f"a {effect.unless_tag} card is in your Home"
    if effect.min_visitors:
        others = len(state.visitors_in_threat(excluding=source))
        if others < effect.min_visitors:
            return (f"only {others} other Visitor(s) in the Threat area "
                    f"(it needs {effect.min_visitors})")
    return None


def has_work(state: DeckulaState, source: int, effect: Effect) -> bool:
    """True when an effect would change something now (a target, a Visitor to call, energy to take...)."""
    targets = targets_of(state, source, effect, -1)
    if targets is not None:
        return bool(targets)
    op = effect.op
    if op == "summon":
        return bool(state.set_aside)
    if op == "bury":
        return bool(state.draw)
    if op == "lose_energy":
        return min(state.energy, effect.amount) > 0 or effect.or_end and state.energy < effect.amount
    return True  # end_game


def _happens(state: DeckulaState, source: int, effect: Effect, events: Events) -> bool:
    why = why_blocked(state, source, effect)
    if why is None:
        return True
    events.add(TIMING_RULES[effect.timing], "{card}'s {timing} effect does not happen: {why}.",
               card=state.name(source), timing=effect.timing, why=why)
    return False


def _ask_or_skip(state: DeckulaState, source: int, index: int, trigger: int, effect: Effect,
                 targets: list[int], events: Events) -> None:
    name = state.name(source)
    if not targets:
        events.add("deckula.no-target", "{card}'s {timing} effect ({op}) has nothing to act on, "
                   "so it does nothing.", card=name, timing=effect.timing, op=effect.op.replace("_", " "))
        return
    prompt = f"{name}: choose the card to {effect.op.replace('_', ' ')}"
    state.pending = Pending("target", prompt, tuple(targets), source, index, trigger)


def _perform(state: DeckulaState, source: int, effect: Effect, target: int | None,
             events: Events) -> None:
    name, rule = state.name(source), OP_RULES[effect.op]
    op = effect.op
    if op == "kill":
        keeper = source if effect.beneath and state.spec(target).visitor else None
        kill(state, target, keeper)
        where = f"beneath {name}" if keeper is not None else "to the discard pile"
        events.add("deckula.beneath" if keeper is not None else rule,
                   "{card} ({timing}) kills {target}: it goes {where}.",
                   card=name, timing=effect.timing, target=state.name(target), where=where)
    elif op == "blank":
        state.blanks[target] = source
        if state.blanks.get(source) == target:
            del state.blanks[source]
        events.add(rule, "{card} ({timing}) blanks {target}: no effect, no VP, no name while {card} "
                   "stays in play.", card=name, timing=effect.timing, target=state.name(target))
    elif op == "end_game":
        end_game(state, source, events, "its effect ends the game.")
    elif op == "lose_energy":
        _lose_energy(state, source, effect, events)
    elif op == "summon":
        _summon(state, source, events)
    elif op == "recover":
        state.discard.remove(target)
        events.add(rule, "{card} brings {target} back from the discard pile into your Home.",
                   card=name, target=state.name(target))
        enter_play(state, target, "home", events)
    elif op == "bury" and state.draw:
        state.draw.insert(0, state.draw.pop())
        events.add(rule, "{card} slips the top card of the draw pile, unseen, to the bottom.", card=name)


def _lose_energy(state: DeckulaState, source: int, effect: Effect, events: Events) -> None:
    name = state.name(source)
    if state.energy < effect.amount and effect.or_end:
        end_game(state, source, events, f"it demands {effect.amount} energy and you have only {state.energy}.")
        return
    paid = min(state.energy, effect.amount)
    state.energy -= paid
    events.add("deckula.lose-energy", "{card} ({timing}) takes {paid} energy; you have {left} left.",
               card=name, timing=effect.timing, paid=paid, left=state.energy)


def _summon(state: DeckulaState, source: int, events: Events) -> None:
    if not state.set_aside:
        events.add("deckula.no-target", "{card} calls for a set-aside Visitor, but none is left.",
                   card=state.name(source))
        return
    visitor = state.set_aside.pop()
    events.add("deckula.summon", "{card} calls {visitor} from the side into the Threat area.",
               card=state.name(source), visitor=state.name(visitor))
    enter_play(state, visitor, "threat", events)


def _check_passives(state: DeckulaState, uid: int, area: str, events: Events) -> None:
    if not state.in_play(uid):
        return
    candidates = _triggered(state, uid, area)
    if len(candidates) == 1:
        source, index = candidates[0]
        events.add("deckula.passive", "{entering} entering the {area} sets off {card}'s passive effect.",
                   entering=state.name(uid), area=_area(area), card=state.name(source))
        state.todo.append(("effect", source, index, uid))
    elif candidates:
        names = ", ".join(state.name(s) for s, _ in candidates)
        events.add("deckula.passive-choice", "{entering} sets off several passive effects ({names}); "
                   "you choose the one that happens.", entering=state.name(uid), names=names)
        state.pending = Pending("passive", f"{state.name(uid)} entered: choose the passive effect that happens",
                                tuple(s for s, _ in candidates), -1, -1, uid, tuple(candidates))


def _triggered(state: DeckulaState, uid: int, area: str) -> list[tuple[int, int]]:
    entering = state.spec(uid)
    cards = state.cards
    found = []
    for source in state.home + state.threat:
        if source == uid or not cards[source].passive or state.is_blanked(source):
            continue
        for index, effect in enumerate(state.spec(source).effect):
            if effect.timing == "passive" and _matches(state, effect, uid, entering, area, source):
                found.append((source, index))
                break
    return found


def _matches(state: DeckulaState, effect: Effect, uid: int, entering, area: str, source: int) -> bool:
    if effect.trigger != "enters_play" and effect.trigger != f"enters_{area}":
        return False
    wanted = effect.filter
    if wanted == "visitor" and not entering.visitor or wanted == "castle" and entering.visitor:
        return False
    if wanted not in ("visitor", "castle", "any") and (entering.id != wanted or state.is_blanked(uid)):
        return False
    if effect.capacity is not None and len(state.beneath.get(source, ())) >= effect.capacity:
        return False
    return not (effect.unless_tag and state.has_tag(effect.unless_tag))


def _area(area: str) -> str:
    return "Home" if area == "home" else "Threat area"
