"""The rule hooks as plain functions: a new game, legal actions, applying, views and outcomes."""

from __future__ import annotations

import random
from typing import Any

from tablekit.core.game import Events, Outcome
from tablekit.wizards.actions import Place
from tablekit.wizards.cards import components
from tablekit.wizards.flow import decide, decision_rule, options, settle
from tablekit.wizards.placement import why_not_placed
from tablekit.wizards.setup import deal
from tablekit.wizards.state import HIDDEN, OVER, WizardsState


def new_state(config: dict[str, Any], rng: random.Random, events: Events | None = None,
              seat_decks: list[list[str]] | None = None) -> WizardsState:
    """Deal a game (each seat its own creatures when `seat_decks` is given) and run on."""
    events = events if events is not None else Events()
    state = deal(config, rng, events, seat_decks)
    settle(state, events)
    state.setup_events = events.items or []
    return state


def legal_actions(state: WizardsState) -> list:
    """The actions of the player to move (computed once per position)."""
    if state.legal is None:
        state.legal = options(state)
    return state.legal


def to_move(state: WizardsState) -> int | None:
    """Whose decision it is, or None when the game is over."""
    return state.pending.player if state.pending is not None else None


def apply_unchecked(state: WizardsState, action: Any, events: Events) -> None:
    """Play a legal action and run on to the next decision."""
    state.legal = None
    decide(state, action, events)


def illegal_reason(state: WizardsState, action: Any) -> tuple[str, str]:
    """The rule an action breaks now, and why."""
    if state.phase == OVER:
        return "core.game-over", "the game is over"
    kind = state.pending.kind
    if kind == "place" and isinstance(action, Place):
        return why_not_placed(state, action)
    offered = "; ".join(str(a) for a in legal_actions(state)[:6])
    return decision_rule(state), f"now the rules ask for one of: {offered}"


def outcome(state: WizardsState) -> Outcome | None:
    """Scores and the winner once the game is scored."""
    if state.scores is None:
        return None
    winner = state.winners[0]
    text = (f"Player {winner + 1} wins with {state.scores[winner]} points "
            f"({', '.join(str(s) for s in state.scores)}).")
    return Outcome(tuple(float(s) for s in state.scores), state.winners, text)


def view(state: WizardsState, player: int) -> WizardsState:
    """What `player` sees: other hands and face-down cards hidden, every deck's order hidden."""
    seen = state.clone()
    for other in range(state.players):
        if other == player:
            seen.decks[other].sort()
            continue
        seen.hands[other] = [HIDDEN] * len(state.hands[other])
        seen.decks[other] = [HIDDEN] * len(state.decks[other])
    for dungeon in seen.dungeons:
        dungeon.slots = [s._replace(creature=HIDDEN) if s is not None and not s.face_up
                         and s.owner != player else s for s in dungeon.slots]
    for pile in seen.piles.values():
        pile.sort()  # a pile holds its letter's tiles not yet seen: public knowledge
    seen.stack = [HIDDEN] * len(state.stack)  # the stack's tiles, like the box's, are unknown
    seen.luck = 0
    seen.legal = None
    return seen


def determinize(seen: WizardsState, rng: random.Random) -> WizardsState:
    """A full state consistent with a view: every hidden card and order sampled from `rng`."""
    state = seen.clone()
    for player in range(state.players):
        if HIDDEN in state.hands[player] or HIDDEN in state.decks[player]:
            _redeal(state, player, rng)
        else:
            rng.shuffle(state.decks[player])
    for pile in state.piles.values():
        rng.shuffle(pile)
    state.stack = _unseen_stack(state, rng)
    state.luck = rng.getrandbits(64)
    state.legal = None
    return state


def _unseen_stack(state: WizardsState, rng: random.Random) -> list[str]:
    """The enchantment stack drawn at random from the tiles nobody has seen (stack and box)."""
    if HIDDEN not in state.stack:
        return rng.sample(state.stack, len(state.stack))
    seen = {e for held in state.enchantments for e in held}
    seen |= {d.enchantment for d in state.dungeons if d.enchantment}
    unseen = [e.id for e in components().enchantments if e.id not in seen]
    if len(unseen) < len(state.stack):  # a scenario that reuses tiles: any tile may come
        unseen = [e.id for e in components().enchantments]
    return rng.sample(unseen, len(state.stack))


def _redeal(state: WizardsState, player: int, rng: random.Random) -> None:
    """Deal a player's unseen cards (owned minus face-up in dungeons) at random to their places."""
    unseen = list(state.owned[player])
    for dungeon in state.dungeons:
        for slot in dungeon.slots:
            if slot is not None and slot.owner == player and slot.face_up:
                unseen.remove(slot.creature)
    if state.pending is not None and state.pending.kind == "ogre" and state.pending.player == player:
        unseen.remove(state.pending.data[2])  # the Ogre in the hand of its owner, shown face up
    rng.shuffle(unseen)
    for dungeon in state.dungeons:
        for space, slot in enumerate(dungeon.slots):
            if slot is not None and slot.owner == player and not slot.face_up:
                dungeon.slots[space] = slot._replace(creature=unseen.pop())
    state.hands[player] = [unseen.pop() for _ in state.hands[player]]
    state.decks[player] = [unseen.pop() for _ in state.decks[player]]
