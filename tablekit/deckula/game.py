"""Deckula! rules object: setup, the turn, legality with reasons, views and the heuristic."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

from tablekit.core.errors import ConfigError
from tablekit.core.game import Action, Events, Game, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.deckula.cards import (
    BEGINNER_VISITORS,
    DATA,
    Card,
    CardSet,
    load_card_set,
    sample_set,
)
from tablekit.deckula.effects import enter_play, leave_play, resolve, run_effect, targets_of
from tablekit.deckula.state import (
    ACTIVATE,
    CHOOSE,
    DECIDE,
    KEEP,
    OVER,
    Activate,
    Buy,
    Choose,
    DeckulaState,
    Discard,
    Draw,
    Keep,
)

DIFFICULTIES = ("beginner", "hard", "harder", "custom")
BUY_COST = 2
START_ENERGY = 2
PHASE_RULES = {KEEP: "deckula.setup-deal", ACTIVATE: "deckula.discard-effect",
               DECIDE: "deckula.buy", CHOOSE: "deckula.passive-choice"}


class DeckulaGame(Game):
    """Deckula!: a solo buy-or-discard survival game."""

    name = "deckula"
    title = "Deckula!"
    version = 1
    players = 1
    action_types = (Keep, Activate, Draw, Discard, Buy, Choose)

    @cached_property
    def rulebook(self) -> RuleBook:
        """The Deckula rule book (with the core's match rules)."""
        return load_rulebook(self.name, DATA / "rules.toml")

    # -- configuration ------------------------------------------------------------------
    def make_config(self, difficulty: str = "beginner", visitors: list[str] | tuple[str, ...] | None = None,
                    hard_replaces: str = "both", card_file: str | None = None,
                    setup_card_effects: bool = True) -> dict[str, Any]:
        """Check the options: difficulty, a custom Visitor list, Hard's swap, a card file."""
        if difficulty not in DIFFICULTIES:
            raise ConfigError(f"difficulty {difficulty!r} is not one of {', '.join(DIFFICULTIES)} [rule deckula.difficulty]")
        if hard_replaces not in ("both", "vagabond", "quaintrelle"):
            raise ConfigError(f"hard_replaces must be both, vagabond or quaintrelle, not {hard_replaces!r}")
        cards = self.card_set(card_file)
        if visitors is not None:
            difficulty = "custom"
            known = {v.id for v in cards.visitors}
            unknown = [v for v in visitors if v not in known]
            if unknown or len(set(visitors)) != len(visitors):
                raise ConfigError(f"custom Visitors must be distinct Visitor ids of the card set; "
                                  f"unknown or repeated: {unknown or list(visitors)} [rule deckula.difficulty]")
        elif difficulty == "custom":
            raise ConfigError("difficulty 'custom' needs a visitors=[...] list [rule deckula.difficulty]")
        return {"difficulty": difficulty, "visitors": list(visitors) if visitors is not None else None,
                "hard_replaces": hard_replaces, "card_file": card_file,
                "setup_card_effects": setup_card_effects}

    def card_set(self, card_file: str | None) -> CardSet:
        """The sample set, or a user's card file."""
        return sample_set() if card_file is None else load_card_set(card_file)

    # -- setup ------------------------------------------------------------------------------
    def initial_state(self, config: dict[str, Any], rng: random.Random) -> DeckulaState:
        """Deal a game: three face-up castle cards, then a shuffled draw pile with the Visitors."""
        cards_set = self.card_set(config["card_file"])
        castle = [spec for spec in cards_set.castle for _ in range(spec.copies)]
        chosen = _choose_visitors(cards_set, config, rng)
        others = [v for v in cards_set.visitors if v.id not in chosen]
        specs = [*castle, cards_set.home_sweet_home, *(cards_set.by_id(v) for v in chosen), *others]
        cards = tuple(Card(uid, spec) for uid, spec in enumerate(specs))
        state = DeckulaState(cards, {"setup_card_effects": config["setup_card_effects"]})
        castle_uids = list(range(len(castle)))
        rng.shuffle(castle_uids)
        state.offer = [castle_uids.pop() for _ in range(3)]
        first_visitor = len(castle) + 1
        state.draw = castle_uids + list(range(len(castle), first_visitor + len(chosen)))
        rng.shuffle(state.draw)
        state.set_aside = list(range(first_visitor + len(chosen), len(cards)))
        rng.shuffle(state.set_aside)
        state.energy = START_ENERGY
        _setup_events(state, chosen, config["difficulty"])
        return state

    # -- the contract -----------------------------------------------------------------------
    def to_move(self, state: DeckulaState) -> int | None:
        """Always player 0 until the game is over."""
        return None if state.result else 0

    def is_over(self, state: DeckulaState) -> bool:
        """True once you survived the deck or a card ended the game."""
        return state.result is not None

    def outcome(self, state: DeckulaState) -> Outcome | None:
        """Survived: the VP in play; lost: 0."""
        if state.result is None:
            return None
        if state.result == "lost":
            return Outcome((0.0,), (), f"Lost to {state.name(state.ended_by)}: no points.")
        score = state.score()
        return Outcome((float(score),), (0,), f"Survived the deck with {score} VP.")

    def legal_actions(self, state: DeckulaState) -> list[Action]:
        """What the rules offer now, by phase."""
        phase = state.phase
        if phase == DECIDE:
            uid = state.drawn
            name = state.cards[uid].spec.name
            return [Discard(uid, name), Buy(uid, name)] if state.energy >= BUY_COST else [Discard(uid, name)]
        if phase == ACTIVATE:
            return [*(Activate(u, state.name(u)) for u in usable_discard_cards(state)), Draw()]
        if phase == CHOOSE:
            return [Choose(u, state.name(u)) for u in state.pending.options]
        if phase == KEEP:
            return [Keep(u, state.name(u)) for u in state.offer]
        return []

    def apply_unchecked(self, state: DeckulaState, action: Action, events: Events) -> None:
        """Play a legal action and run the game on until the next decision."""
        kind = type(action)
        if kind is Discard:
            state.discard.append(state.drawn)
            state.energy += 1
            events.add("deckula.discard-for-energy", "You discard {card} and gain 1 energy ({energy} now).",
                       card=action.name, energy=state.energy)
            state.drawn = None
        elif kind is Buy:
            state.energy -= BUY_COST
            events.add("deckula.buy", "You pay 2 energy for {card} and put it in your Home ({energy} left).",
                       card=action.name, energy=state.energy)
            state.drawn = None
            enter_play(state, action.card, "home", events)
        elif kind is Draw:
            if _draw(state, events):
                return
        elif kind is Activate:
            _activate(state, action.card, events)
        elif kind is Choose:
            _choose(state, action.card, events)
        else:
            _keep(state, action.card, events)
        _settle(state, events)

    def illegal_reason(self, state: DeckulaState, action: Action) -> tuple[str, str]:
        """Why an action is not allowed now, with the rule that says so."""
        if state.result is not None:
            return "core.game-over", "the game is over"
        kind = type(action)
        if kind is Buy and state.phase == DECIDE and action.card == state.drawn:
            return "deckula.buy", f"buying costs {BUY_COST} energy and you have {state.energy}"
        if kind is Activate and state.phase == ACTIVATE:
            return "deckula.discard-effect", _why_not_usable(state, action.card)
        if state.phase == CHOOSE:
            return "deckula.passive-choice", f"first answer the pending choice — {state.pending.prompt}"
        expected = {KEEP: "keep one of the three face-up cards", ACTIVATE: "use a Discard effect or draw",
                    DECIDE: f"buy or discard {state.name(state.drawn)}" if state.drawn is not None else ""}
        return PHASE_RULES.get(state.phase, "core.not-offered"), f"now you must {expected.get(state.phase, 'wait')}"

    def legal_reason(self, state: DeckulaState, action: Action) -> tuple[str, str]:
        """Why a legal action is allowed, with its rule."""
        rule = {Keep: "deckula.setup-deal", Activate: "deckula.discard-effect", Draw: "deckula.draw",
                Discard: "deckula.discard-for-energy", Buy: "deckula.buy", Choose: PHASE_RULES[CHOOSE]}
        return rule[type(action)], "the rules offer it now"

    def clone(self, state: DeckulaState) -> DeckulaState:
        """A hand-written copy."""
        return state.clone()

    def view(self, state: DeckulaState, player: int) -> DeckulaState:
        """The table as you see it: the draw pile's and set-aside Visitors' order hidden."""
        seen = state.clone()
        seen.draw.sort()
        seen.set_aside.sort()
        return seen

    def determinize(self, view: DeckulaState, rng: random.Random) -> DeckulaState:
        """A full state consistent with a view: the hidden orders shuffled."""
        state = view.clone()
        rng.shuffle(state.draw)
        rng.shuffle(state.set_aside)
        return state

    def snapshot(self, state: DeckulaState) -> dict[str, Any]:
        """Every zone and counter as JSON data."""
        return {"cards": [c.spec.id for c in state.cards], "draw": state.draw, "discard": state.discard,
                "threat": state.threat, "home": state.home, "offer": state.offer,
                "beneath": {str(k): v for k, v in sorted(state.beneath.items())},
                "blanks": {str(k): v for k, v in sorted(state.blanks.items())},
                "set_aside": state.set_aside, "energy": state.energy, "phase": state.phase,
                "drawn": state.drawn, "pending": list(state.pending.options) if state.pending else None,
                "todo": [list(t) for t in state.todo], "result": state.result, "turn": state.turn}

    def heuristic_action(self, view: DeckulaState, legal: list[Action], rng: random.Random) -> Action:
        """A sensible player: keep a buffer against energy-hungry Visitors, buy what scores."""
        from tablekit.deckula.heuristic import choose
        return choose(view, legal)


GAME = DeckulaGame()


def usable_discard_cards(state: DeckulaState) -> list[int]:
    """Home cards whose Discard effect has something to act on now."""
    usable = []
    for uid in state.visible(state.home):
        effect = _discard_effect(state, uid)
        if effect is not None and (targets_of(state, uid, effect, -1) or effect.op == "bury" and state.draw):
            usable.append(uid)
    return usable


def _discard_effect(state: DeckulaState, uid: int) -> Any:
    return next((e for e in state.spec(uid).effect if e.timing == "discard"), None)


def _why_not_usable(state: DeckulaState, uid: int) -> str:
    if not 0 <= uid < len(state.cards) or uid not in state.home:
        return "only a card in your Home can be discarded for its effect"
    if state.is_blanked(uid):
        return f"{state.name(uid)} is blanked: it has no effect"
    if _discard_effect(state, uid) is None:
        return f"{state.name(uid)} has no Discard-icon effect"
    return f"{state.name(uid)}'s Discard effect has nothing to act on now"


def _choose_visitors(cards: CardSet, config: dict[str, Any], rng: random.Random) -> list[str]:
    pool = [v.id for v in cards.visitors]
    if config["visitors"] is not None:
        return list(config["visitors"])
    difficulty = config["difficulty"]
    if difficulty == "harder":
        return rng.sample(pool, 5)
    named = [v for v in BEGINNER_VISITORS if v in pool]
    if difficulty == "hard":
        dropped = {"both": BEGINNER_VISITORS[:2], "vagabond": BEGINNER_VISITORS[:1],
                   "quaintrelle": BEGINNER_VISITORS[1:2]}[config["hard_replaces"]]
        named = [v for v in named if v not in dropped]
    rest = [v for v in pool if v not in named and v not in BEGINNER_VISITORS[:2]]
    if difficulty == "beginner":
        rest = [v for v in pool if v not in named]
    return named + rng.sample(rest, 5 - len(named))


def _setup_events(state: DeckulaState, chosen: list[str], difficulty: str) -> None:
    events = Events()
    events.add("deckula.setup-remove", "The Visitors and Home Sweet Home are set apart from the castle cards.")
    events.add("deckula.difficulty", "Difficulty {difficulty}: the Visitors are {names}.", difficulty=difficulty,
               names=", ".join(state.spec(u).name for u in state.draw if state.spec(u).id in chosen))
    events.add("deckula.setup-deal", "Three castle cards are turned face up: {names}. Keep one for free.",
               names=", ".join(state.name(u) for u in state.offer))
    events.add("deckula.setup-visitors", "Home Sweet Home and the 5 Visitors are shuffled in: {n} cards to draw.",
               n=len(state.draw))
    events.add("deckula.setup-energy", "You start with {energy} energy.", energy=state.energy)
    state.setup_events = events.items


def _keep(state: DeckulaState, uid: int, events: Events) -> None:
    others = [u for u in state.offer if u != uid]
    state.offer = []
    state.discard.extend(others)
    events.add("deckula.setup-deal", "You keep {card} in your Home for free and discard {others}.",
               card=state.name(uid), others=" and ".join(state.name(u) for u in others))
    if state.options["setup_card_effects"]:
        enter_play(state, uid, "home", events)
    else:
        state.home.append(uid)


def _draw(state: DeckulaState, events: Events) -> bool:
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


def _activate(state: DeckulaState, uid: int, events: Events) -> None:
    state.home.remove(uid)
    leave_play(state, uid)
    state.discard.append(uid)
    index = next(i for i, e in enumerate(state.spec(uid).effect) if e.timing == "discard")
    events.add("deckula.discard-effect", "You discard {card} to use its effect (no energy for this).",
               card=state.name(uid))
    run_effect(state, uid, index, -1, events)


def _choose(state: DeckulaState, uid: int, events: Events) -> None:
    pending = state.pending
    state.pending = None
    if pending.kind == "passive":
        index = dict(pending.passives)[uid]
        events.add("deckula.passive-choice", "You let {card}'s passive effect happen.", card=state.name(uid))
        run_effect(state, uid, index, pending.trigger, events)
    else:
        run_effect(state, pending.source, pending.effect, pending.trigger, events, chosen=uid)


def _settle(state: DeckulaState, events: Events) -> None:
    """Resolve what is queued, then start the next turn (drawing at once if no choice exists)."""
    while True:
        resolve(state, events)
        if state.result is not None or state.pending is not None:
            if state.result is not None:
                state.phase = OVER
            return
        if not state.draw:
            _survive(state, events)
            return
        if usable_discard_cards(state):
            state.phase = ACTIVATE
            return
        if _draw(state, events):
            return


def _survive(state: DeckulaState, events: Events) -> None:
    state.result, state.phase = "survived", OVER
    events.add("deckula.survive", "The draw pile is empty: you survived!")
    events.add("deckula.score", "Your score is the VP in play: {score}.", score=state.score())
