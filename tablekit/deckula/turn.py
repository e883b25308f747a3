"""The Deckula! turn: keep, Discard effects, draw, buy or discard, choices, the end."""

from __future__ import annotations

from typing import Any

from tablekit.core.game import Events
from tablekit.deckula.effects import (
    enter_play,
    has_work,
    kill,
    resolve,
    run_effect,
    why_blocked,
)
from tablekit.deckula.state import ACTIVATE, DECIDE, OVER, Activate, DeckulaState, Draw


def usable_discard_cards(state: DeckulaState) -> list[int]:
    """Home cards whose Discard effect would happen and change something now."""
    cards = state.cards
    return [uid for uid in state.home if cards[uid].discard_effect >= 0 and _usable(state, uid)]


def _usable(state: DeckulaState, uid: int) -> bool:
    if state.is_blanked(uid):
        return False
    effect = _discard_effect(state, uid)
    return has_work(state, uid, effect) and why_blocked(state, uid, effect) is None


def _discard_effect(state: DeckulaState, uid: int) -> Any:
    index = state.cards[uid].discard_effect
    return state.spec(uid).effect[index] if index >= 0 else None


def why_not_usable(state: DeckulaState, uid: int) -> str:
    """Why a card cannot be discarded for its effect now."""
    if not 0 <= uid < len(state.cards) or uid not in state.home:
        return "only a card in your Home can be discarded for its effect"
    if state.is_blanked(uid):
        return f"{state.name(uid)} is blanked: it has no effect"
    effect = _discard_effect(state, uid)
    if effect is None:
        return f"{state.name(uid)} has no Discard-icon effect"
    why = why_blocked(state, uid, effect)
    if why is not None:
        return f"{state.name(uid)}'s Discard effect would not happen now: {why}"
    return f"{state.name(uid)}'s Discard effect has nothing to act on now"


def keep(state: DeckulaState, uid: int, events: Events) -> None:
    others = [u for u in state.offer if u != uid]
    state.offer = []
    state.discard.extend(others)
    events.add("deckula.setup-deal", "You keep {card} in your Home for free and discard {others}.",
               card=state.name(uid), others=" and ".join(state.name(u) for u in others))
    if state.options["setup_card_effects"]:
        enter_play(state, uid, "home", events)
    else:
        state.home.append(uid)


def draw(state: DeckulaState, events: Events) -> bool:
    """Turn over the top card; True when it waits for a buy-or-discard decision."""
    uid = state.draw.pop()
    state.turn += 1
    spec = state.spec(uid)
    events.add("deckula.draw", "Turn {turn}: you draw {card}.", turn=state.turn, card=spec.name)
    if spec.arrow is None:
        state.drawn, state.phase = uid, DECIDE
        return True
    area = "Threat area" if spec.arrow == "threat" else "Home"
    events.add("deckula.red-arrow", "{card} has a red arrow: it goes straight to your {area}, free.",
               card=spec.name, area=area)
    enter_play(state, uid, spec.arrow, events)
    return False


def activate(state: DeckulaState, uid: int, events: Events) -> None:
    """Discard a Home card (no energy) and carry out its Discard effect."""
    kill(state, uid)
    index = state.cards[uid].discard_effect
    events.add("deckula.discard-effect", "You discard {card} to use its effect (no energy for this).",
               card=state.name(uid))
    run_effect(state, uid, index, -1, events)


def choose(state: DeckulaState, uid: int, events: Events) -> None:
    pending = state.pending
    state.pending = None
    if pending.kind == "passive":
        index = dict(pending.passives)[uid]
        events.add("deckula.passive-choice", "You let {card}'s passive effect happen.", card=state.name(uid))
        run_effect(state, uid, index, pending.trigger, events)
    else:
        run_effect(state, pending.source, pending.effect, pending.trigger, events, chosen=uid)


def settle(state: DeckulaState, events: Events) -> None:
    """Resolve what is queued, then start the next turn (drawing at once if no choice exists)."""
    while True:
        resolve(state, events)
        if state.result is not None or state.pending is not None:
            return  # a game ended by an effect is already OVER; a pending choice is CHOOSE
        if not state.draw:
            _survive(state, events)
            return
        usable = usable_discard_cards(state)
        if usable:
            state.phase = ACTIVATE
            state.legal = [*(Activate(u, state.name(u)) for u in usable), Draw()]  # offered as found
            return
        if draw(state, events):
            return


def _survive(state: DeckulaState, events: Events) -> None:
    state.result, state.phase = "survived", OVER
    events.add("deckula.survive", "The draw pile is empty: you survived!")
    events.add("deckula.score", "Your score is the VP in play: {score}.", score=state.score())
