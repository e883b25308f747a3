"""Deckula! rules object: setup, the turn, legality with reasons, views and the heuristic."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

from tablekit.core.errors import ConfigError
from tablekit.core.game import Action, Events, Game, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.deckula import heuristic
from tablekit.deckula.cards import DATA, CardSet, card_file_set, sample_set
from tablekit.deckula.effects import enter_play
from tablekit.deckula.setup import check_difficulty, check_scenario, deal, deal_scenario
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

DIFFICULTIES = ("beginner", "hard", "harder", "custom")
BUY_COST = 2
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
                    setup_card_effects: bool = True,
                    scenario: dict[str, Any] | None = None) -> dict[str, Any]:
        """Check the options: difficulty, custom Visitors, Hard's swap, a card file, a scenario."""
        if difficulty not in DIFFICULTIES:
            raise ConfigError(f"difficulty {difficulty!r} is not one of {', '.join(DIFFICULTIES)} [rule deckula.difficulty]")
        if hard_replaces not in ("both", "vagabond", "quaintrelle"):
            raise ConfigError(f"hard_replaces must be both, vagabond or quaintrelle, not {hard_replaces!r}")
        cards = self.card_set(card_file)
        if visitors is not None:
            difficulty = "custom"
            _check_custom_visitors(cards, visitors)
        elif difficulty == "custom":
            raise ConfigError("difficulty 'custom' needs a visitors=[...] list [rule deckula.difficulty]")
        else:
            check_difficulty(cards, difficulty, hard_replaces)
        if scenario is not None:
            scenario = check_scenario(cards, scenario)
        return {"difficulty": difficulty, "visitors": list(visitors) if visitors is not None else None,
                "hard_replaces": hard_replaces, "card_file": card_file,
                "setup_card_effects": setup_card_effects, "scenario": scenario}

    def card_set(self, card_file: str | None) -> CardSet:
        """The sample set, or a user's card file (loaded once until the file changes)."""
        return sample_set() if card_file is None else card_file_set(card_file)

    # -- setup ------------------------------------------------------------------------------
    def initial_state(self, config: dict[str, Any], rng: random.Random) -> DeckulaState:
        """Deal a game (or lay out a lesson's scenario) and run on to the first decision."""
        cards_set = self.card_set(config["card_file"])
        if config["scenario"] is None:
            return deal(cards_set, config, rng)
        state = deal_scenario(cards_set, config["scenario"], {"setup_card_effects": config["setup_card_effects"]})
        if state.phase != KEEP:
            events = Events(state.setup_events)
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

    def legal_actions(self, state: DeckulaState) -> list[Action]:
        """What the rules offer now, by phase (computed once per position)."""
        if state.legal is None:
            state.legal = self._offer(state)
        return state.legal

    def _offer(self, state: DeckulaState) -> list[Action]:
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
        state.legal = None
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


def _check_custom_visitors(cards: CardSet, visitors: list[str] | tuple[str, ...]) -> None:
    """A custom list: one or more distinct Visitor ids of the card set (ConfigError otherwise)."""
    if not visitors:
        raise ConfigError("a custom visitors=[...] list needs at least one Visitor [rule deckula.setup-visitors]")
    known = {v.id for v in cards.visitors}
    unknown = [v for v in visitors if v not in known]
    if unknown or len(set(visitors)) != len(visitors):
        raise ConfigError(f"custom Visitors must be distinct Visitor ids of the card set; "
                          f"unknown or repeated: {unknown or list(visitors)} [rule deckula.difficulty]")


GAME = DeckulaGame()
