"""A rule-of-thumb Deckula! player: it sees only the view (no hidden draw order)."""

from __future__ import annotations

from tablekit.core.game import Action
from tablekit.deckula.cards import CardSpec
from tablekit.deckula.state import Activate, Buy, Choose, DeckulaState, Discard, Draw, Keep


def choose(view: DeckulaState, legal: list[Action]) -> Action:
    """The heuristic's action for this view."""
    first = legal[0]
    if isinstance(first, Discard):
        return _buy_or_discard(view, legal)
    if isinstance(first, Keep):
        return max(legal, key=lambda a: worth(view.spec(a.card)))
    if isinstance(first, Choose):
        return _answer(view, legal)
    return _activate_or_draw(view, legal)


def worth(spec: CardSpec) -> float:
    """Rough value of having a card in your Home."""
    value = spec.vp + 2 * spec.vp_per_beneath + 1.5 * spec.vp_per_tag
    value += sum(1.0 for e in spec.effect if e.timing in ("passive", "discard", "instant"))
    return value + (1.0 if {"guard", "coffin"} & set(spec.tags) else 0.0)


def energy_reserve(view: DeckulaState) -> int:
    """Energy to keep for the Visitors still to come that demand payment or end the game."""
    upcoming = view.draw + (view.set_aside if _summoners_left(view) else [])
    demands = [e.amount for u in upcoming for e in view.spec(u).effect
               if e.op == "lose_energy" and e.or_end]
    return max(demands, default=0)


def _buy_or_discard(view: DeckulaState, legal: list[Action]) -> Action:
    discard = legal[0]
    buy = next((a for a in legal if isinstance(a, Buy)), None)
    if buy is None:
        return discard
    spec = view.spec(buy.card)
    needed = _needed_tags(view) & set(spec.tags)
    affordable = view.energy - 2 >= energy_reserve(view)
    if needed and view.energy >= 2:
        return buy
    return buy if affordable and worth(spec) >= 1.5 else discard


def _needed_tags(view: DeckulaState) -> set[str]:
    upcoming = view.draw
    wanted = {e.unless_tag for u in upcoming for e in view.spec(u).effect
              if e.op == "end_game" and e.unless_tag}
    return {tag for tag in wanted if not view.has_tag(tag)}


def _summoners_left(view: DeckulaState) -> bool:
    return any(e.op == "summon" for u in view.draw for e in view.spec(u).effect)


def _answer(view: DeckulaState, legal: list[Action]) -> Action:
    pending = view.pending
    if pending.kind == "passive":
        return max(legal, key=lambda a: view.spec(a.card).vp_per_beneath)
    effect = view.spec(pending.source).effect[pending.effect]
    ours = not view.spec(pending.source).visitor and pending.source not in view.threat
    if effect.op in ("kill", "blank") and all(a.card in view.threat for a in legal):
        return min(legal, key=lambda a: view.card_vp(a.card))  # rid us of the worst Visitor
    if effect.op == "recover" or ours:
        return max(legal, key=lambda a: worth(view.spec(a.card)))
    return min(legal, key=lambda a: worth(view.spec(a.card)))  # a threat hurts: give the least


def _activate_or_draw(view: DeckulaState, legal: list[Action]) -> Action:
    worst = min((view.card_vp(u) for u in view.visitors_in_threat()), default=0)
    for action in legal:
        if isinstance(action, Activate):
            effect = next(e for e in view.spec(action.card).effect if e.timing == "discard")
            if effect.op == "kill" and -worst > view.spec(action.card).vp:
                return action
    return next(a for a in legal if isinstance(a, Draw))
