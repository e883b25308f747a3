"""Decisions: who decides now, what the rules offer, and applying a chosen action."""

from __future__ import annotations

from tablekit.core.game import Action, Events
from tablekit.forge import round as rnd
from tablekit.forge.cards import DECK_SIZE, card_label, is_hero
from tablekit.forge.rules import FOIL, REWARDS, SPIKE, cheapest_dodge_indexes
from tablekit.forge.state import (
    HIT,
    LABEL,
    MYTHIC,
    OVER,
    PAY,
    PLOT,
    REWARD,
    TACTIC,
    AddLabel,
    Convert,
    Dodge,
    EarnMythic,
    ForgeState,
    NoLabel,
    Pass,
    Pay,
    Pick,
    Plot,
    Reward,
    Tactic,
    TakeHit,
)

TACTIC_COST = {"Spike": 1, "Foil": 2, "Snipe": 1, "Brace": 1}
TACTIC_RULE = {"Spike": "forge.spike", "Foil": "forge.foil", "Snipe": "forge.snipe",
               "Brace": "forge.brace"}
PHASE_RULE = {LABEL: "forge.label", PLOT: "forge.plot", TACTIC: "forge.tactics",
              PAY: "forge.tactic-limit", HIT: "forge.dodge", REWARD: "forge.kill-reward",
              MYTHIC: "forge.mythic", OVER: "core.game-over"}
# Card actions made once and shared (actions are immutable): offering them is a lookup.
_ALL_CARDS = range(5 * DECK_SIZE)
_PLOTS, _CONVERTS = tuple(map(Plot, _ALL_CARDS)), tuple(map(Convert, _ALL_CARDS))
_PAYS, _PICKS = tuple(map(Pay, _ALL_CARDS)), tuple(map(Pick, _ALL_CARDS))
_PASS, _TAKE_HIT = Pass(), TakeHit()


def to_move(s: ForgeState) -> int | None:
    """The wizard who decides next, or None when the game is over."""
    phase = s.phase
    if phase == OVER:
        return None
    if phase in (PLOT, TACTIC, PAY):
        return s.queue[0]
    if phase == HIT:
        return s.hits[0].wizard
    if phase in (REWARD, MYTHIC):
        return s.killer
    return s.active


def offer(s: ForgeState) -> list[Action]:
    """Every action the rules offer the wizard to move."""
    phase = s.phase
    if phase == PLOT:
        hand = by_rank(s.hands[s.queue[0]])
        return [_PLOTS[c] for c in hand] + [_CONVERTS[c] for c in hand if not is_hero(c)]
    if phase == TACTIC:
        return tactics(s, s.queue[0])
    if phase == PAY:
        snipe = s.tactic[0] == "Snipe"
        return [_PAYS[c] for c in by_rank(s.hands[s.queue[0]]) if not snipe or is_hero(c)]
    if phase == HIT:
        return dodges(s)
    if phase == REWARD:
        return [Reward(kind) for kind in REWARDS]
    if phase == MYTHIC:
        return [EarnMythic(page.id) for page in s.game.book.tier("mythic")]
    if phase == LABEL:
        held = s.monsters[s.boss].labels
        return [NoLabel()] + [AddLabel(lab.id, bonus) for lab in s.game.pool.labels
                              if lab.id not in held for bonus in ("draw", "heal")]
    return []


def by_rank(cards: list[int]) -> list[int]:
    """Cards in the order a player sorts a hand: by rank, then suit (♠ ♥ ♣ ♦)."""
    return sorted(cards, key=_HAND_ORDER.__getitem__)


_HAND_ORDER = tuple(c % 12 * 1000 + c % 48 // 12 * 100 + c // 48 for c in range(5 * 48))


def tactics(s: ForgeState, w: int) -> list[Action]:
    """Pass, and each Tactic the wizard can pay for, with its targets."""
    hand = s.hands[w]
    mine = s.plots[w] >= 0 and not s.converted[w]
    options: list[Action] = [_PASS]
    if mine:
        options.append(Tactic("Spike"))
    targets = [t for t in rnd.attackers(s) if t != w]
    if len(hand) >= 2:
        options += [Tactic("Foil", t) for t in targets]
    if mine and any(is_hero(c) for c in hand):
        options += [Tactic("Snipe", t) for t in targets]
    options.append(Tactic("Brace"))
    return options


def dodges(s: ForgeState) -> list[Action]:
    """Take the hit; the cheapest dodge as one action; or gather a dodge card by card."""
    hit = s.hits[0]
    hand = by_rank(s.hands[hit.wizard])
    options: list[Action] = [_TAKE_HIT]
    if not s.picked:
        table = s.dodge_values
        values = [table[c] for c in hand]
        best = cheapest_dodge_indexes(values, hit.attack)
        if best is not None:
            options.append(Dodge(tuple(hand[i] for i in best)))
    picked = s.picked
    options += [_PICKS[c] for c in hand if c not in picked] if picked else [_PICKS[c] for c in hand]
    return options


def apply(s: ForgeState, action: Action, ev: Events) -> None:
    """Apply a legal action and run the game on to the next decision."""
    kind = type(action)
    if kind is Plot or kind is Convert:
        w = s.queue.pop(0)
        s.hands[w].remove(action.card)
        s.plots[w], s.converted[w] = action.card, kind is Convert
        ev.add("forge.plot", "{who} lays a card face down.", who=rnd.wizard(w))
        if not s.queue:
            rnd.reveal(s, ev)
    elif kind is Pass:
        ev.add("forge.tactics", "{who} passes.", who=rnd.wizard(s.queue.pop(0)))
        rnd.next_tactic(s, ev)
    elif kind is Tactic:
        s.tactic = (action.kind, action.target, TACTIC_COST[action.kind])
        s.phase = PAY
        cost = TACTIC_COST[action.kind]
        ev.add(TACTIC_RULE[action.kind], "{who} takes {tactic}; it costs {cost}.",
               who=rnd.wizard(s.queue[0]), tactic=str(action),
               cost="a Hero" if action.kind == "Snipe" else f"{cost} card{'s' * (cost > 1)}")
    elif kind is Pay:
        pay(s, action.card, ev)
    elif kind in (TakeHit, Dodge, Pick):
        answer_hit(s, action, ev)
    elif kind is Reward:
        reward(s, action.kind, ev)
    elif kind is EarnMythic:
        earn_mythic(s, action.inscription, ev)
    elif kind is AddLabel:
        rnd.apply_label(s, action.label, action.bonus, ev)
    else:  # NoLabel
        ev.add("forge.label", "{who} adds no label.", who=rnd.wizard(s.active))
        rnd.begin_round(s, ev)


def pay(s: ForgeState, card: int, ev: Events) -> None:
    """Discard one card for the Tactic; when it is paid for, the Tactic happens."""
    w = s.queue[0]
    s.hands[w].remove(card)
    rnd.commit(s, card)
    if s.inscription(card):
        rnd.card_effects(s, w, card, "pay", ev)
    kind, target, left = s.tactic
    ev.add("forge.tactic-limit", "{who} discards {card} for {tactic}.", who=rnd.wizard(w),
           card=card_label(card), tactic=kind)
    if left > 1:
        s.tactic = (kind, target, left - 1)
        return
    s.tactic = None
    s.queue.pop(0)
    tactic_effect(s, w, kind, target, ev)
    s.phase = TACTIC
    rnd.next_tactic(s, ev)


def tactic_effect(s: ForgeState, w: int, kind: str, target: int, ev: Events) -> None:
    """Spike, Foil, Snipe or Brace takes effect."""
    who = rnd.wizard(w)
    if kind == "Spike":
        card = s.plots[w]
        s.bonus[card] = s.bonus.get(card, 0) + SPIKE
        s.spiked.append(card)
        text = f"{who} Spikes {card_label(card)}: +3"
    elif kind == "Foil":
        card = s.plots[target]
        s.bonus[card] = s.bonus.get(card, 0) - FOIL
        text = f"{who} Foils {rnd.wizard(target)}'s {card_label(card)}: −3 (it counts at least 1)"
    elif kind == "Snipe":
        s.plots[w], s.plots[target] = s.plots[target], s.plots[w]
        text = (f"{who} Snipes: trades {card_label(s.plots[target])} for "
                f"{rnd.wizard(target)}'s {card_label(s.plots[w])}")
    else:
        s.braced[w] = True
        text = f"{who} Braces against the Boss's hit this round"
    ev.add(TACTIC_RULE[kind], "{text}.", text=text)


def answer_hit(s: ForgeState, action: Action, ev: Events) -> None:
    """Take the hit, dodge at once, or add a card to the dodge being gathered."""
    hit = s.hits[0]
    kind = type(action)
    if kind is Pick:
        s.picked.append(action.card)
        total = sum(rnd.dodge_value(s, c) for c in s.picked)
        if total <= hit.attack:
            ev.add("forge.dodge", "{who} puts {card} toward a dodge ({total}; it needs more "
                   "than {atk}).", who=rnd.wizard(hit.wizard), card=card_label(action.card),
                   total=total, atk=hit.attack)
            return
        rnd.dodge(s, hit, s.picked, ev)
    elif kind is Dodge:
        rnd.dodge(s, hit, list(action.cards), ev)
    s.picked = []
    s.hits.pop(0)
    if kind is TakeHit and rnd.take_hit(s, hit, ev):
        return
    rnd.run_hits(s, ev)


def reward(s: ForgeState, kind: str, ev: Events) -> None:
    """The killer's reward; an earned Mythic is written first, then the next Boss."""
    if rnd.mythic_earned(s):
        s.phase = MYTHIC
        s.earned.append((s.kill_card, kind))  # the reward waits for the Mythic choice
        return
    rnd.next_boss(s, kind, ev)


def earn_mythic(s: ForgeState, page_id: str, ev: Events) -> None:
    """Write the chosen Mythic on the Hero that landed the killing blow."""
    card, kind = s.earned.pop()
    band, local = divmod(card, 48)
    pages = dict(s.inscribed[band])
    pages[local] = page_id
    s.inscribed[band] = pages
    s.reckon_dodge_values()
    s.earned.append((card, page_id))
    ev.add("forge.mythic", "{card} earns the Mythic {name}.", card=card_label(card),
           name=s.game.book[page_id].name)
    if kind:
        rnd.next_boss(s, kind, ev)
    else:  # the sixth Boss: no reward, the game is won
        rnd.win(s, ev)


def illegal_reason(s: ForgeState, action: Action) -> tuple[str, str]:
    """The rule an action breaks now, and why."""
    if s.phase == OVER:
        return "core.game-over", "the game is over"
    kind = type(action)
    w = to_move(s)
    if kind is Tactic and s.phase == TACTIC and action.kind in TACTIC_RULE:
        return TACTIC_RULE[action.kind], _why_no_tactic(s, w, action)
    foreign = _foreign_card(s, w, action)
    if foreign:
        return PHASE_RULE[s.phase], foreign
    if kind in (Plot, Convert) and s.phase == PLOT:
        if action.card not in s.hands[w]:
            return "forge.plot", f"{rnd.wizard(w)} has no {card_label(action.card)} in hand"
        return "forge.convert", "only Items (2 to 10) can be Converted; Heroes cannot"
    if kind is Pay and s.phase == PAY and s.tactic[0] == "Snipe":
        return "forge.snipe", "Snipe is paid with a Hero from your hand"
    if kind is Pick and s.phase == HIT:
        return "forge.dodge", "a dodge card must come from your hand, once"
    return PHASE_RULE.get(s.phase, "core.not-offered"), f"now {rnd.wizard(w)} must {_ask(s)}"


def legal_rule(s: ForgeState, action: Action) -> str:
    """The rule that allows a legal action: a Tactic's own rule, Convert's, or the phase's."""
    kind = type(action)
    if kind is Tactic:
        return TACTIC_RULE[action.kind]
    if kind is Convert:
        return "forge.convert"
    return PHASE_RULE.get(s.phase, "core.offered")


def _foreign_card(s: ForgeState, w: int | None, action: Action) -> str:
    """Why a card of another band cannot be played from this hand ("" when it is not that)."""
    card = getattr(action, "card", None) if _CARD_PHASE.get(type(action)) == s.phase else None
    if w is None or not isinstance(card, int) or not 0 <= card < s.wizards * DECK_SIZE:
        return ""
    band = card // DECK_SIZE
    if band == w:
        return ""
    return (f"that {card_label(card)} is a card of {s.game.band_names[band]} "
            f"({rnd.wizard(band)}'s band), not of {rnd.wizard(w)}'s hand")


_CARD_PHASE = {Plot: PLOT, Convert: PLOT, Pay: PAY, Pick: HIT}


def _why_no_tactic(s: ForgeState, w: int, action: Tactic) -> str:
    if action.kind in ("Spike", "Brace") and action.target != -1:
        return f"{action.kind} takes no target: it acts on your own card or yourself"
    if action.kind in ("Spike", "Snipe") and (s.plots[w] < 0 or s.converted[w]):
        return f"{action.kind} needs your own attack card on the table"
    if action.kind == "Foil" and len(s.hands[w]) < 2:
        return "Foil costs two cards from hand"
    if action.kind == "Snipe" and not any(is_hero(c) for c in s.hands[w]):
        return "Snipe costs a Hero from hand"
    return "that wizard has no attack card to target (or it is your own)"


def _ask(s: ForgeState) -> str:
    return {LABEL: "choose a label or none", PLOT: "plot or convert a card",
            TACTIC: "take one Tactic or pass", PAY: f"pay for {s.tactic[0] if s.tactic else ''}",
            HIT: "dodge or take the hit", REWARD: "choose Rally, Surge or Momentum",
            MYTHIC: "choose the earned Mythic"}.get(s.phase, "wait")
