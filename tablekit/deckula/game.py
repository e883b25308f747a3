"""Deckula! rules object: setup, the turn, legality with reasons, views and the heuristic."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

from tablekit.core.game import Action, Events, Game, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.deckula import heuristic
from tablekit.deckula.cards import DATA
from tablekit.deckula.config import DeckulaConfig
from tablekit.deckula.effects import enter_play
from tablekit.deckula.setup import deal, deal_scenario
from tablekit.deckula.state import (
    ACTIVATE,
    CHOOSE,
    DECIDE,
    KEEP,
    Activate,
    Buy,
    Choose,
    DeckulaState,
    Discard,
    Draw,
    Keep,
)
from tablekit.deckula.turn import (
    activate,
    choose,
    draw,
    keep,
    settle,
    usable_discard_cards,
    why_not_usable,
)

BUY_COST = 2
PHASE_RULES = {KEEP: "deckula.setup-deal", ACTIVATE: "deckula.discard-effect",
               DECIDE: "deckula.buy", CHOOSE: "deckula.passive-choice"}


class DeckulaGame(Game):
    """Deckula!: a solo buy-or-discard survival game."""

    name = "deckula"
    title = "Deckula!"
    version = 1
    config_model = DeckulaConfig
    variants = {"default": {}, "hard": {"difficulty": "hard"}, "harder": {"difficulty": "harder"},
                "custom": {"visitors": ["monster-hunter", "nosy-postman"],
                           "setup_card_effects": False},
                "lesson": {"scenario": {"home": ["hellhound", "feeding-cellar"], "energy": 2,
                                        "draw": ["hapless-vagabond", "candelabra", "vampire-bride",
                                                 "blood-fountain"]}}}
    action_types = (Keep, Activate, Draw, Discard, Buy, Choose)

    @cached_property
    def rulebook(self) -> RuleBook:
        """The Deckula rule book (with the core's match rules)."""
        return load_rulebook(self.name, DATA / "rules.toml")

    # -- setup ------------------------------------------------------------------------------
    def _initial_state(self, config: DeckulaConfig, rng: random.Random, events: Events) -> DeckulaState:
        """Deal a game: three castle cards face up, the draw pile with the Visitors."""
        return deal(config.cards, config, rng, events)

    def _scenario_state(self, config: DeckulaConfig, rng: random.Random, events: Events) -> DeckulaState:
        """Lay out a lesson's table and run on to the first decision."""
        options = {"setup_card_effects": config.setup_card_effects}
        state = deal_scenario(config.cards, config.scenario, options, events)
        if state.phase != KEEP:
            settle(state, events)
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

    def _legal_actions(self, state: DeckulaState) -> list[Action]:
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

    def _apply_unchecked(self, state: DeckulaState, action: Action, events: Events) -> None:
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
            if draw(state, events):
                return
        elif kind is Activate:
            activate(state, action.card, events)
        elif kind is Choose:
            choose(state, action.card, events)
        else:
            keep(state, action.card, events)
        settle(state, events)

    def illegal_reason(self, state: DeckulaState, action: Action) -> tuple[str, str]:
        """Why an action is not allowed now, with the rule that says so."""
        if state.result is not None:
            return "core.game-over", "the game is over"
        kind = type(action)
        if kind is Buy and state.phase == DECIDE and action.card == state.drawn:
            return "deckula.buy", f"buying costs {BUY_COST} energy and you have {state.energy}"
        if kind is Activate and state.phase == ACTIVATE:
            return "deckula.discard-effect", why_not_usable(state, action.card)
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
        return heuristic.choose(view, legal)


GAME = DeckulaGame()
