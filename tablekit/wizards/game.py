"""Wizards & Co. rules object: the thin glue between the engine contract and the rule modules."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

from tablekit.core.game import Action, Events, Game, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.wizards import engine, heuristic
from tablekit.wizards.actions import ACTION_TYPES
from tablekit.wizards.cards import DATA
from tablekit.wizards.config import WizardsConfig
from tablekit.wizards.flow import decide, decision_rule, options
from tablekit.wizards.scenario import from_config
from tablekit.wizards.state import WizardsState


class WizardsGame(Game):
    """Wizards & Co.: 2–4 players raid dungeons for gems and artefacts."""

    name = "wizards"
    title = "Wizards & Co."
    version = 1
    config_model = WizardsConfig
    variants = {"default": {}, "three": {"players": 3}, "four": {"players": 4},
                "advanced": {"advanced": True}, "advanced-three": {"players": 3, "advanced": True},
                "advanced-four": {"players": 4, "advanced": True}}
    action_types = ACTION_TYPES

    @cached_property
    def rulebook(self) -> RuleBook:
        """The Wizards & Co. rule book (with the core's match rules)."""
        return load_rulebook(self.name, DATA / "rules.toml")

    def _initial_state(self, config: WizardsConfig, rng: random.Random,
                       events: Events) -> WizardsState:
        """Deal a game and run on to the first decision (each seat its own deck under `seat_decks`)."""
        seat_decks = [list(d) for d in config.seat_decks] if config.seat_decks else None
        return engine.new_state(config.resolved(), rng, events, seat_decks)

    def _scenario_state(self, config: WizardsConfig, rng: random.Random,
                        events: Events) -> WizardsState:
        """The position the config's scenario sets up."""
        return from_config(config, events, rng)

    def to_move(self, state: WizardsState) -> int | None:
        """Whose decision it is."""
        return engine.to_move(state)

    def _legal_actions(self, state: WizardsState) -> list[Action]:
        """The pending decision's options."""
        return options(state)

    def _apply_unchecked(self, state: WizardsState, action: Action, events: Events) -> None:
        """Play a legal action and run on (the core has cleared the legal-actions cache)."""
        decide(state, action, events)

    def is_over(self, state: WizardsState) -> bool:
        """True once the game is scored."""
        return state.scores is not None

    def outcome(self, state: WizardsState) -> Outcome | None:
        """Scores and the winner."""
        return engine.outcome(state)

    def illegal_reason(self, state: WizardsState, action: Action) -> tuple[str, str]:
        """Why an action is refused, with its rule."""
        return engine.illegal_reason(state, action)

    def legal_reason(self, state: WizardsState, action: Action) -> tuple[str, str]:
        """The rule that offers the pending decision."""
        return decision_rule(state), "the rules offer it now"

    def clone(self, state: WizardsState) -> WizardsState:
        """A hand-written copy."""
        return state.clone()

    def view(self, state: WizardsState, player: int) -> WizardsState:
        """Hands, deck orders and other players' face-down creatures hidden."""
        return engine.view(state, player)

    def determinize(self, view: WizardsState, rng: random.Random) -> WizardsState:
        """The hidden cards and orders sampled."""
        return engine.determinize(view, rng)

    def snapshot(self, state: WizardsState) -> dict[str, Any]:
        """The whole state as JSON data."""
        return state.snapshot()

    def returns(self, state: WizardsState) -> tuple[float, ...]:
        """1 for the winner and 0 for the others (a competitive game)."""
        return tuple(1.0 if p in state.winners else 0.0 for p in range(state.players))

    def heuristic_action(self, view: WizardsState, legal: list[Action], rng: random.Random) -> Action:
        """A rule-of-thumb player that sees only its view."""
        return heuristic.choose(view, legal, rng)


GAME = WizardsGame()
