"""Runes of Wyrd as a registered game: both decks prepared step by step, then the duel."""

from __future__ import annotations

import random
from functools import cached_property
from pathlib import Path
from typing import Any

from tablekit.core.game import Action, Events, Game, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.runes import privacy, steps
from tablekit.runes.cards import DATA, HERO_NAMES, Card, load_pool
from tablekit.runes.config import RunesConfig
from tablekit.runes.decks import sample_plan
from tablekit.runes.state import (
    ACTION_TYPES,
    STEP_RULES,
    AddCard,
    Assemble,
    EndThreads,
    RunesState,
    SetInitiative,
    ShuffleDeck,
    UseSample,
)

_POOLS: dict[str | None, tuple[float, dict[str, Card]]] = {}


def pool(card_file: str | None = None) -> dict[str, Card]:
    """The sample card pool, or a card file's (loaded again only when the file changes)."""
    if card_file is None and None in _POOLS:  # the shipped sample never changes
        return _POOLS[None][1]
    stamp = Path(card_file).stat().st_mtime if card_file is not None and \
        Path(card_file).exists() else 0.0
    found = _POOLS.get(card_file)
    if found is None or found[0] != stamp:
        found = _POOLS[card_file] = (stamp, load_pool() if card_file is None
                                     else load_pool(card_file))
    return found[1]


def cards_of(state: RunesState) -> dict[str, Card]:
    """The card pool a match plays with: the one it was dealt (no look at the card file per action)."""
    return state.pool


class RunesGame(Game):
    """Runes of Wyrd: two players prepare decks (six steps), then the Heroes duel on their own."""

    name = "runes"
    title = "Runes of Wyrd"
    version = 1
    config_model = RunesConfig
    variants = {
        "default": {},
        "samples": {"heroes": ("skorta", "torstein"), "plans": ("sample", "sample")},
        "mixed": {"heroes": ("ash", "mikal-finnvard"), "plans": ("sample", None),
                  "hero_cards_only": False, "first_player": 1},
    }
    action_types = ACTION_TYPES

    @cached_property
    def rulebook(self) -> RuleBook:
        """The Runes of Wyrd rule book (with the core's match rules)."""
        return load_rulebook(self.name, DATA / "rules.toml")

    def _initial_state(self, config: RunesConfig, rng: random.Random,
                       events: Events) -> RunesState:
        """Both sides before preparation (ready plans already in place)."""
        state = RunesState(config, rng)
        steps.start(state)
        for player, side in enumerate(state.sides):
            if side.hero is not None:
                events.add("runes.preparation", "Player {p} plays {hero}{ready}.", p=player + 1,
                           hero=HERO_NAMES[side.hero],
                           ready=" with a ready plan" if side.step == "order" else "")
        return state

    def _scenario_state(self, config: RunesConfig, rng: random.Random,
                        events: Events) -> RunesState:
        """A lesson's duel: both decks already locked; each player only assembles."""
        state = RunesState(config, rng)
        scenario = config.scenario
        for player, side in enumerate(state.sides):
            side.hero, side.deck = scenario.heroes[player], list(scenario.decks[player])
            side.cards = list(side.deck)
            side.placed = side.spent = len(side.deck)
            side.step = "assemble"
            events.add("runes.preparation", "Player {p} plays {hero} with a set deck of {n} "
                       "card(s).", p=player + 1, hero=HERO_NAMES[side.hero], n=len(side.deck))
        return state

    def to_move(self, state: RunesState) -> int | None:
        """The player preparing a deck; None once the duel has been fought."""
        return state.preparing

    def _legal_actions(self, state: RunesState) -> list[Action]:
        """The preparing player's choices for the current step."""
        return steps.offer(state, cards_of(state))

    def _apply_unchecked(self, state: RunesState, action: Action, events: Events) -> None:
        """Carry out a preparation step; the last Assemble fights the duel."""
        steps.apply_step(state, action, events, cards_of(state))

    def is_over(self, state: RunesState) -> bool:
        """True once the duel has been fought."""
        return state.result is not None

    def outcome(self, state: RunesState) -> Outcome | None:
        """The winner scores 1, the loser 0; a drawn duel gives each the draw score."""
        result = state.result
        if result is None:
            return None
        winner = result["winner"]
        if winner is None:
            half = float(state.config.draw_score)
            return Outcome((half, half), (), f"Drawn after {result['turns']} turns "
                           f"({result['reason']}).")
        names = [HERO_NAMES[side.hero] for side in state.sides]
        scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        return Outcome(scores, (winner,), f"Player {winner + 1} ({names[winner]}) wins on turn "
                       f"{result['turns']}; {names[1 - winner]}: {result['reason']}.")

    def illegal_reason(self, state: RunesState, action: Action) -> tuple[str, str]:
        """Why an action is not allowed now, with the rule that says so."""
        if state.result is not None:
            return "core.game-over", "the game is over"
        player = state.preparing
        if getattr(action, "player", player) != player:
            return "runes.preparation", f"Player {player + 1} is preparing now"
        side = state.sides[player]
        cards = cards_of(state)
        if type(action) is AddCard and side.step == "build" and action.card in cards:
            held = steps.Held([cards[c] for c in side.cards])
            why = steps.why_not_add(state, side, cards[action.card], held)
            if why is not None:
                return why
        return STEP_RULES.get(side.step, "core.not-offered"), \
            f"Player {player + 1} is at the {side.step} step"

    def legal_reason(self, state: RunesState, action: Action) -> tuple[str, str]:
        """Why a legal action is allowed, with the rule of its step."""
        return STEP_RULES[state.sides[state.preparing].step], "this step offers it"

    def heuristic_action(self, view: RunesState, legal: list[Action],
                         rng: random.Random) -> Action:
        """A sensible preparer: the Hero's sample deck (or its cards), no Threads, Initiative 0."""
        for kind in (UseSample, EndThreads, ShuffleDeck, Assemble):
            for candidate in legal:
                if type(candidate) is kind:
                    return candidate
        zero = [a for a in legal if type(a) is SetInitiative and a.value == 0]
        if zero:
            return zero[0]
        adds = [a for a in legal if type(a) is AddCard]
        if adds and view.preparing is not None:
            side = view.sides[view.preparing]
            wanted = sample_plan(side.hero).card_ids() if view.config.card_file is None else []
            for held in side.cards:
                if held in wanted:
                    wanted.remove(held)
            liked = [a for a in adds if a.card in wanted]
            adds = liked or adds
            return adds[rng.randrange(len(adds))]
        return legal[rng.randrange(len(legal))]

    def clone(self, state: RunesState) -> RunesState:
        """A hand-written copy."""
        return state.clone()

    def view(self, state: RunesState, player: int) -> RunesState:
        """Your own preparation and how far the other has got; after the duel, everything."""
        seen = state.clone()
        if state.result is None and state.config.scenario is None:
            other = 1 - player
            seen.sides[other] = privacy.mask(state.sides[other])
            if state.preparing != player:
                seen.legal = None
        return seen

    def determinize(self, view: RunesState, rng: random.Random) -> RunesState:
        """A full state: the masked preparation and the future random draws dealt anew."""
        state = view.clone()
        state.rng, state.rng_shared = random.Random(rng.getrandbits(64)), False
        if state.result is None:
            for player, side in enumerate(state.sides):
                if privacy.HIDDEN in side.cards or privacy.HIDDEN in side.deck:
                    privacy.redeal(state, player, rng, cards_of(state))
                    state.legal = None
        return state

    def snapshot(self, state: RunesState) -> dict[str, Any]:
        """Both preparations and the duel's record as JSON data."""
        return {"preparing": state.preparing, "sides": [s.snapshot() for s in state.sides],
                "result": state.result}


GAME = RunesGame()
