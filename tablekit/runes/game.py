"""Runes of Wyrd as a registered game: both decks prepared step by step, then the duel."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

from tablekit.core.errors import CardDataError, ConfigError
from tablekit.core.game import Action, Events, Game, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.runes import steps
from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import DATA, HERO_NAMES, HEROES, Card, load_pool
from tablekit.runes.decks import plan_from_data
from tablekit.runes.preparation import Plan, PrepOptions
from tablekit.runes.state import ACTION_TYPES, STEP_RULES, AddCard, RunesState

POOL: dict[str, Card] | None = None


def pool() -> dict[str, Card]:
    """The sample card pool (loaded once)."""
    global POOL
    if POOL is None:
        POOL = load_pool()
    return POOL


class RunesGame(Game):
    """Runes of Wyrd: two players prepare decks (six steps), then the Heroes duel on their own."""

    name = "runes"
    title = "Runes of Wyrd"
    version = 1
    players = 2
    action_types = ACTION_TYPES

    @cached_property
    def rulebook(self) -> RuleBook:
        """The Runes of Wyrd rule book (with the core's match rules)."""
        return load_rulebook(self.name, DATA / "rules.toml")

    def make_config(self, heroes: list[str | None] | tuple | None = None,
                    plans: list[Any] | tuple | None = None, hero_cards_only: bool = True,
                    wyrd_points: int = 25, thread_cost: int = 2, turn_limit: int = 60,
                    draw_score: float = 0.5, fatigue_health: int = 5, fatigue_armor: int = 1,
                    fatigue_defeat: int = 3, true_damage_hits_shield: bool = False,
                    attune_turns: int = 2, performance_turns: int = 2,
                    first_player: int | None = None) -> dict[str, Any]:
        """Check the options: Heroes, ready plans ("sample" or a plan table), duel switches."""
        heroes = list(heroes) if heroes is not None else [None, None]
        plans = list(plans) if plans is not None else [None, None]
        if len(heroes) != 2 or len(plans) != 2:
            raise ConfigError("heroes and plans take one entry per player (two) [rule runes.duel]")
        for hero in heroes:
            if hero is not None and hero not in HEROES:
                raise ConfigError(f"unknown Hero {hero!r}; Heroes: {', '.join(HEROES)} "
                                  "[rule runes.duel]")
        duel = {"turn_limit": turn_limit, "draw_score": draw_score,
                "fatigue_health": fatigue_health, "fatigue_armor": fatigue_armor,
                "fatigue_defeat": fatigue_defeat,
                "true_damage_hits_shield": bool(true_damage_hits_shield),
                "attune_turns": attune_turns, "performance_turns": performance_turns}
        DuelOptions(**duel)  # raises ConfigError on bad switches
        PrepOptions(wyrd_points=wyrd_points, thread_cost=thread_cost)
        if first_player not in (None, 0, 1):
            raise ConfigError("first_player must be 0, 1 or None (a coin toss) "
                              "[rule runes.duel]")
        options = PrepOptions(wyrd_points=wyrd_points, thread_cost=thread_cost)
        plans = [_check_plan(p, plan, heroes, options) for p, plan in enumerate(plans)]
        return {"heroes": heroes, "plans": plans, "hero_cards_only": bool(hero_cards_only),
                "wyrd_points": wyrd_points, "thread_cost": thread_cost,
                "first_player": first_player, **duel}

    def initial_state(self, config: dict[str, Any], rng: random.Random) -> RunesState:
        """Both sides before preparation (ready plans already in place)."""
        state = RunesState(config, rng)
        steps.start(state, pool())
        return state

    def to_move(self, state: RunesState) -> int | None:
        """The player preparing a deck; None once the duel has been fought."""
        return state.preparing

    def legal_actions(self, state: RunesState) -> list[Action]:
        """The preparing player's choices for the current step (computed once per position)."""
        if state.legal is None:
            state.legal = steps.offer(state, pool())
        return state.legal

    def apply_unchecked(self, state: RunesState, action: Action, events: Events) -> None:
        """Carry out a preparation step; the last Assemble fights the duel."""
        state.legal = None
        steps.apply_step(state, action, events, pool())

    def is_over(self, state: RunesState) -> bool:
        """True once the duel has been fought."""
        return state.result is not None

    def outcome(self, state: RunesState) -> Outcome | None:
        """The winner scores 1, the loser 0; a drawn duel gives each the draw score."""
        result = state.result
        if result is None:
            return None
        winner = result["winner"]
        names = [HERO_NAMES[side.hero] for side in state.sides]
        if winner is None:
            half = float(state.config["draw_score"])
            return Outcome((half, half), (), f"Drawn after {result['turns']} turns "
                           f"({result['reason']}).")
        scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        return Outcome(scores, (winner,), f"Player {winner + 1} ({names[winner]}) wins on turn "
                       f"{result['turns']}: {names[1 - winner]} — {result['reason']}.")

    def illegal_reason(self, state: RunesState, action: Action) -> tuple[str, str]:
        """Why an action is not allowed now, with the rule that says so."""
        if state.result is not None:
            return "core.game-over", "the game is over"
        player = state.preparing
        if getattr(action, "player", player) != player:
            return "runes.preparation", f"Player {player + 1} is preparing now"
        side = state.sides[player]
        if type(action) is AddCard and side.step == "build" and action.card in pool():
            held = [pool()[c] for c in side.cards]
            why = steps.why_not_add(state, side, pool()[action.card], held)
            if why is not None:
                return why
        return STEP_RULES.get(side.step, "core.not-offered"), \
            f"Player {player + 1} is at the {side.step} step"

    def legal_reason(self, state: RunesState, action: Action) -> tuple[str, str]:
        """Why a legal action is allowed, with the rule of its step."""
        return STEP_RULES[state.sides[state.preparing].step], "this step offers it"

    def clone(self, state: RunesState) -> RunesState:
        """A hand-written copy."""
        return state.clone()

    def view(self, state: RunesState, player: int) -> RunesState:
        """Everything: preparation is open, and the duel has no hidden cards once fought."""
        return state.clone()

    def determinize(self, view: RunesState, rng: random.Random) -> RunesState:
        """A full state: the future shuffle values and coin toss drawn anew from `rng`."""
        state = view.clone()
        state.rng = random.Random(rng.getrandbits(64))
        return state

    def snapshot(self, state: RunesState) -> dict[str, Any]:
        """Both preparations and the duel's record as JSON data."""
        return {"preparing": state.preparing, "sides": [s.snapshot() for s in state.sides],
                "result": state.result}


def _check_plan(player: int, plan: Any, heroes: list[str | None],
                options: PrepOptions) -> Any:
    """A ready plan: None, "sample" (needs the player's Hero) or a plan table; JSON form."""
    if plan is None:
        return None
    hero = heroes[player]
    if plan == "sample":
        if hero is None:
            raise ConfigError(f"player {player + 1}'s sample deck needs heroes[{player}] "
                              "[rule runes.preparation]")
        return "sample"
    if isinstance(plan, Plan):
        plan = {"chapters": plan.chapters, "initiative": plan.initiative,
                "threads": plan.threads}
    if not isinstance(plan, dict):
        raise ConfigError(f"player {player + 1}'s plan must be \"sample\" or a table with "
                          "chapters, initiative and threads [rule runes.preparation]")
    table = {"hero": hero, **plan}
    try:
        hero, checked = plan_from_data("config", f"player {player + 1}", table, pool(), options)
    except CardDataError as exc:
        raise ConfigError(str(exc)) from None
    heroes[player] = hero
    return {"chapters": [list(c) for c in checked.chapters],
            "initiative": [list(r) for r in checked.initiative],
            "threads": [[list(a), list(b)] for a, b in checked.threads]}


GAME = RunesGame()
