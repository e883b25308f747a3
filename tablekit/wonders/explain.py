"""Why a Deck of Wonders action is legal or illegal now, with the deciding rule id."""

from __future__ import annotations

from typing import Any

from tablekit.wonders.actions import (
    Attack,
    Choose,
    EndTurn,
    Keep,
    Mulligan,
    PassCard,
    Place,
    PlayCard,
)
from tablekit.wonders.state import VILLAIN, State, same_card

LEGAL_RULES = {Keep: "wonders.mulligan", Mulligan: "wonders.mulligan",
               PassCard: "wonders.coop-pass", PlayCard: "wonders.cost",
               Attack: "wonders.attack", EndTurn: "wonders.player-turn-end",
               Choose: "wonders.choice", Place: "wonders.battle-lines"}


def legal_reason(state: State, action: Any) -> tuple[str, str]:
    """The rule that allows a legal action."""
    rule = LEGAL_RULES.get(type(action), "wonders.not-offered")
    return rule, f"{action} is allowed now"


def illegal_reason(game: Any, state: State, action: Any) -> tuple[str, str]:
    """The rule an illegal action breaks, and a sentence saying why."""
    if state.result is not None:
        return "wonders.game-over", "the game is over"
    if type(action) not in LEGAL_RULES:
        return "wonders.not-offered", f"{action!r} is not a Deck of Wonders action"
    if state.pending is not None and type(action) is not Choose:
        return "wonders.choice", "card text is waiting for you to choose how it resolves"
    if state.lineup is not None and type(action) is not Place:
        return "wonders.battle-lines", "the Battle Lines must be ordered first"
    phase_rule = _phase_problem(state, action)
    if phase_rule:
        return phase_rule
    if isinstance(action, PlayCard):
        return _play_problem(game, state, action)
    if isinstance(action, Attack):
        return _attack_problem(state, action)
    return "wonders.not-offered", "it is not one of the choices open now"


def _phase_problem(state: State, action: Any) -> tuple[str, str] | None:
    kind = type(action)
    if state.phase == "mulligan" and kind not in (Keep, Mulligan):
        return "wonders.mulligan", "first keep the opening hand or take the mulligan"
    if kind in (Keep, Mulligan) and state.phase != "mulligan":
        return "wonders.mulligan", "the mulligan is only offered once, before the first turn"
    if state.phase == "pass" and kind is not PassCard:
        return "wonders.coop-pass", "first decide whether to pass a card to your partner"
    if kind is PassCard and state.phase != "pass":
        return "wonders.coop-pass", "cards are passed only at the start of a co-op turn"
    if kind is Choose and state.pending is not None:
        return "wonders.choice", "that is not one of the options the card text offers"
    if kind is Place and state.lineup is not None:
        return "wonders.battle-lines", "that minion is not one you may put next in its line"
    if kind in (Choose, Place):
        return "wonders.choice", "there is no choice of that kind open now"
    if kind is PassCard and action.card not in state.boards[state.player].hand:
        return "wonders.coop-pass", "you can pass only a card from your own hand (or none)"
    return None


def _play_problem(game: Any, state: State, action: PlayCard) -> tuple[str, str]:
    board = state.boards[state.player]
    if action.card not in board.hand:
        return "wonders.player-draw", "that card is not in your hand"
    half = state.table[action.card].player
    paid = action.discards
    if len(paid) != half.discard_cost or len(set(paid)) != len(paid) or action.card in paid \
            or any(u not in board.hand for u in paid):
        others = len(board.hand) - 1
        return "wonders.cost", (f"{state.table[action.card].name} costs discarding "
                                f"{half.discard_cost} other card(s) from your hand "
                                f"(you offered {len(paid)}, you hold {others} other)")
    twin = _identical_copy(game, state, action)
    if twin is not None:
        return "wonders.not-offered", (f"identical copies of {state.table[action.card].name} "
                                       f"are one choice: play card {twin} instead")
    return "wonders.choice", "that target is not one the card text can take"


def _identical_copy(game: Any, state: State, action: PlayCard) -> int | None:
    """The offered copy that plays exactly like the card named in `action`, if any."""
    card = state.table[action.card]
    for offered in game.legal_actions(state):
        if type(offered) is not PlayCard or offered.card == action.card:
            continue
        twin = state.table[offered.card]
        if twin.id == card.id and same_card(twin, card) and offered.target == action.target:
            return offered.card
    return None


def _attack_problem(state: State, action: Attack) -> tuple[str, str]:
    board = state.boards[state.player]
    attacker = next((m for m in board.player_minions if m.uid == action.attacker), None)
    if attacker is None:
        return "wonders.attack", "only your minions in play can attack"
    if attacker.exhausted:
        return "wonders.attack", f"{attacker.name} is exhausted and cannot attack this turn"
    taunts = [m for m in board.villain_minions if m.taunt]
    if taunts and all(m.uid != action.target for m in taunts):
        return "wonders.taunt", (f"{taunts[0].name} has Taunt: it must be destroyed before "
                                 "anything else is attacked")
    if action.target != VILLAIN and all(m.uid != action.target for m in board.villain_minions):
        return "wonders.attack", "the target is not a Villain minion in play"
    return "wonders.not-offered", "it is not one of the choices open now"
