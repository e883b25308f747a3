"""DeckNForge rules object: the thin glue between the engine contract and the forge modules."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

from tablekit.core.game import Action, Events, Game, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.forge import heuristic, hidden, play
from tablekit.forge.cards import DATA
from tablekit.forge.config import ForgeConfig
from tablekit.forge.lessons import LESSONS
from tablekit.forge.rules import START_HP
from tablekit.forge.scenario import scenario_state
from tablekit.forge.setup import initial_state
from tablekit.forge.state import ACTION_TYPES, OVER, ForgeState


class ForgeGame(Game):
    """DeckNForge: 1–5 wizards against six Bosses, with standard playing cards."""

    name = "forge"
    title = "DeckNForge"
    version = 1
    config_model = ForgeConfig
    variants = {"default": {}, "two": {"wizards": 2}, "three": {"wizards": 3},
                "five": {"wizards": 5}, "labels": {"wizards": 2, "dungeon": 2},
                "lesson": LESSONS["tactics"][1]}
    action_types = ACTION_TYPES

    @cached_property
    def rulebook(self) -> RuleBook:
        """The DeckNForge rule book (with the core's match rules)."""
        return load_rulebook(self.name, DATA / "rules.toml")

    def _initial_state(self, config: ForgeConfig, rng: random.Random,
                       events: Events) -> ForgeState:
        """Build the bands and the dungeon and reveal the first Boss."""
        return initial_state(config, rng, events)

    def _scenario_state(self, config: ForgeConfig, rng: random.Random,
                        events: Events) -> ForgeState:
        """A dungeon laid out by hand (see `tablekit.forge.scenario.ForgeScenario`)."""
        return scenario_state(config, rng, events)

    def to_move(self, state: ForgeState) -> int | None:
        """The wizard who decides next."""
        return play.to_move(state)

    def _legal_actions(self, state: ForgeState) -> list[Action]:
        """What the rules offer now."""
        return play.offer(state)

    def _apply_unchecked(self, state: ForgeState, action: Action, events: Events) -> None:
        """Play a legal action and run on to the next decision."""
        play.apply(state, action, events)

    def is_over(self, state: ForgeState) -> bool:
        """True once the sixth Boss died or the party was wiped."""
        return state.phase == OVER

    def outcome(self, state: ForgeState) -> Outcome | None:
        """Co-operative: every wizard wins or loses together."""
        if state.phase != OVER:
            return None
        n, won = state.wizards, state.result == "won"
        score = float(won)
        if state.game.score == "margin":  # 1 plus HP left over starting HP on a win, Bosses/6 on a loss
            score = 1 + sum(state.hp) / (START_HP * n) if won else state.boss_no / 6
        if won:
            return Outcome((score,) * n, tuple(range(n)), "The wizards defeated all six Bosses.")
        return Outcome((score,) * n, (), f"The party fell after {state.boss_no} Boss(es).")

    def returns(self, state: ForgeState) -> tuple[float, ...]:
        """A win is worth 1 plus the share of HP left; a loss a little for each Boss defeated.

        Searches (the Hint button, search bots) thus tell winning moves apart by how safely they
        win, while any win still beats any loss (worth at most 1/2).
        """
        n = state.wizards
        value = 1 + sum(state.hp) / (START_HP * n) if state.result == "won" else state.boss_no / 12
        return (value,) * state.wizards

    def clone(self, state: ForgeState) -> ForgeState:
        """A hand-written copy."""
        return state.clone()

    def view(self, state: ForgeState, player: int) -> ForgeState:
        """What `player` sees (see `tablekit.forge.hidden`)."""
        return hidden.view(state, player)

    def determinize(self, view: ForgeState, rng: random.Random) -> ForgeState:
        """A full state consistent with a view."""
        return hidden.determinize(view, rng)

    def snapshot(self, state: ForgeState) -> dict[str, Any]:
        """The whole state as JSON data."""
        return state.snapshot()

    def illegal_reason(self, state: ForgeState, action: Action) -> tuple[str, str]:
        """The rule an action breaks now, and why."""
        return play.illegal_reason(state, action)

    def legal_reason(self, state: ForgeState, action: Action) -> tuple[str, str]:
        """The rule that allows an action."""
        return play.legal_rule(state, action), "the rules offer it now"

    def heuristic_action(self, view: ForgeState, legal: list[Action],
                         rng: random.Random) -> Action:
        """A rule-of-thumb wizard (see `tablekit.forge.heuristic`)."""
        return heuristic.choose(view, legal)


GAME = ForgeGame()
