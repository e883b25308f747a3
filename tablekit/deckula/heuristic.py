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
    value += len(spec.effect)  # one point for each effect, whatever its timing
    return value + (1.0 if {"guard", "coffin"} & set(spec.tags) else 0.0)


def energy_reserve(view: DeckulaState) -> int:
    """Energy to keep for the Visitors still to come that demand payment or end the game."""
    demand, _, summons = _scan_draw(view)
    return _with_summoned(view, demand, summons)


def _buy_or_discard(view: DeckulaState, legal: list[Action]) -> Action:
    discard = legal[0]
    buy = next((a for a in legal if isinstance(a, Buy)), None)
    if buy is None:
        return discard
    spec = view.spec(buy.card)
    demand, saving, summons = _scan_draw(view)
    if view.energy >= 2 and any(tag in saving and not view.has_tag(tag) for tag in spec.tags):
        return buy  # it carries a tag that stops a game-ending card still to come
    affordable = view.energy - 2 >= _with_summoned(view, demand, summons)
    return buy if affordable and worth(spec) >= 1.5 else discard


def _scan_draw(view: DeckulaState) -> tuple[int, set[str], bool]:
    """One pass over the draw pile: the largest must-pay demand, tags that stop a game end, any summon."""
    demand, saving, summons = 0, set(), False
    cards = view.cards
    for uid in view.draw:
        for effect in cards[uid].spec.effect:
            op = effect.op
            if op == "lose_energy" and effect.or_end:
                demand = max(demand, effect.amount)
            elif op == "end_game" and effect.unless_tag:
                saving.add(effect.unless_tag)
            elif op == "summon":
                summons = True
    return demand, saving, summons


def _with_summoned(view: DeckulaState, demand: int, summons: bool) -> int:
    """The draw pile's demand, raised by the set-aside Visitors' when a summon may call them."""
    if not summons:
        return demand
    return max([demand, *(e.amount for u in view.set_aside for e in view.spec(u).effect
                          if e.op == "lose_energy" and e.or_end)])


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
            effect = view.spec(action.card).effect[view.cards[action.card].discard_effect]
            if effect.op == "kill" and -worst > view.spec(action.card).vp:
                return action
    return next(a for a in legal if isinstance(a, Draw))
