"""A failed `Match.apply` (or `redo`) changes nothing: state, history, log and redo stack.

A game's `apply_unchecked` may raise half-way (a bug, or an effect a card file got wrong). The
match must then stand exactly where it stood, its random generator included, so that playing on
gives the same game as if the failed action had never been tried.
"""

from __future__ import annotations

import random
from functools import cached_property
from importlib import import_module
from typing import NamedTuple

import pytest

import tablekit
from tablekit.core import Events, Game, GameState, Match, Outcome
from tablekit.core.actions import action
from tablekit.core.config import GameConfig
from tablekit.core.game import copy_rng
from tablekit.core.rulebook import CORE_RULES, RuleBook

MOVES = 90  # a Tally game ends after this many successful actions


@action
class Add(NamedTuple):
    amount: int

    def __str__(self) -> str:
        return f"Add {self.amount}"


@action
class Roll(NamedTuple):
    def __str__(self) -> str:
        return "Roll"


@action
class Boom(NamedTuple):
    def __str__(self) -> str:
        return "Boom"


class Misfire(RuntimeError):
    """The bug inside Boom's effect."""


class Tally(GameState):
    """A running total, the rolls so far and the game's own generator."""

    __slots__ = ("total", "moves", "rolls", "rng")

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.total, self.moves, self.rolls, self.rng = 0, 0, [], rng


class TallyConfig(GameConfig):
    """Tally takes no options and seats one player."""

    @property
    def players(self) -> int:
        return 1


class TallyGame(Game):
    """Add to a total or roll a die; Boom is offered but its effect breaks half-way."""

    name, title, action_types = "tally", "Tally", (Add, Roll, Boom)
    config_model = TallyConfig

    @cached_property
    def rulebook(self) -> RuleBook:
        return RuleBook.from_toml(self.name, CORE_RULES)

    def _initial_state(self, config, rng: random.Random, events: Events) -> Tally:
        return Tally(rng)

    def to_move(self, state: Tally) -> int | None:
        return None if self.is_over(state) else 0

    def _legal_actions(self, state: Tally) -> list:
        return [] if self.is_over(state) else [Add(1), Add(2), Roll(), Boom()]

    def _apply_unchecked(self, state: Tally, act, events: Events) -> None:
        state.moves += 1
        if type(act) is Add:
            state.total += act.amount
            events.add("core.offered", "{n} added", n=act.amount)
        elif type(act) is Roll:
            state.rolls.append(state.rng.randrange(6))
            events.add("core.offered", "rolled {n}", n=state.rolls[-1])
        else:  # Boom: changes the total, the rolls and the generator, then breaks
            events.add("core.offered", "boom")
            state.total += 100
            state.rolls.append(state.rng.randrange(6))
            raise Misfire("Boom broke half-way")

    def is_over(self, state: Tally) -> bool:
        return state.moves >= MOVES

    def outcome(self, state: Tally) -> Outcome | None:
        return Outcome((float(state.total),), (0,), "done") if self.is_over(state) else None

    def clone(self, state: Tally) -> Tally:
        twin = Tally(copy_rng(state.rng))
        twin.total, twin.moves, twin.rolls = state.total, state.moves, state.rolls[:]
        return twin

    def view(self, state: Tally, player: int) -> Tally:
        return self.clone(state)

    def determinize(self, view: Tally, rng: random.Random) -> Tally:
        return self.clone(view)

    def snapshot(self, state: Tally) -> dict:
        return {"total": state.total, "moves": state.moves, "rolls": state.rolls,
                "next": copy_rng(state.rng).random()}


def picture(match: Match) -> tuple:
    """Everything a failed action must leave as it was."""
    return match.digest(), match.history, match.log, match.can_redo, len(match.log)


def finish(match: Match, rng: random.Random, redos: int) -> None:
    """Redo `redos` actions, then play random non-Boom actions to the end."""
    for _ in range(redos):
        match.redo()
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()[:3]))


@pytest.mark.parametrize("step", [0, 1, 2, 7, 15, 16, 17, 31, 32, 33, 47, 64, 88])
@pytest.mark.parametrize("undone", [0, 2])
@pytest.mark.parametrize("every", [5, None])
def test_a_breaking_effect_leaves_the_test_game_as_it_was(step, undone, every, monkeypatch):
    if every is not None:  # checkpoints every 5 actions as well as the default interval
        monkeypatch.setattr("tablekit.core.match.CHECKPOINT_EVERY", every)
    game, rng = TallyGame(), random.Random(step)
    match = Match(game, game.make_config(), seed=step)
    for _ in range(step):
        match.apply(rng.choice([Add(1), Add(2), Roll()]))
    undone = min(undone, step)
    for _ in range(undone):
        match.undo()
    before = picture(match)
    for _ in range(2):  # the restored position breaks the same way again
        with pytest.raises(Misfire, match="half-way"):
            match.apply(Boom())
        assert picture(match) == before
    finish(match, random.Random(1), undone)
    reference = Match(game, game.make_config(), seed=step)
    reference.play(*match.history)
    assert match.digest() == reference.digest() and match.log == reference.log


# the function each game's apply_unchecked reaches on (nearly) every action: module, attributes
EFFECTS = {"deckula": ("tablekit.deckula.game", ("settle", "draw")),
           "wonders": ("tablekit.wonders.rules", ("run",))}


class Fuse:
    """Armed, the next call of a patched effect does its work and then raises (a bug hit once)."""

    armed = False

    def wrap(self, real):
        """`real`, raising once it has changed the state while the fuse is armed."""
        def broken(*args, **kwargs):
            real(*args, **kwargs)
            if self.armed:
                self.armed = False
                raise Misfire(f"{real.__name__} broke after changing the state")
        return broken


def breaking(monkeypatch: pytest.MonkeyPatch, name: str) -> Fuse:
    """Patch the game's effect functions with a fuse (the earlier actions replay unharmed)."""
    fuse = Fuse()
    module, attributes = EFFECTS[name]
    for attribute in attributes:
        monkeypatch.setattr(f"{module}.{attribute}", fuse.wrap(getattr(import_module(module), attribute)))
    return fuse


@pytest.mark.parametrize("name", sorted(EFFECTS))
@pytest.mark.parametrize("seed", range(4))
def test_a_breaking_effect_leaves_a_real_game_as_it_was(name, seed, monkeypatch):
    rng = random.Random(seed)
    match = tablekit.new_game(name, seed=seed)
    step = rng.randint(3, 40)
    while len(match.history) < step and not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    match.undo()
    before, action = picture(match), rng.choice(match.legal_actions())
    with monkeypatch.context() as patch:
        fuse = breaking(patch, name)
        for attempt in (lambda: match.apply(action), match.redo):
            fuse.armed = True
            with pytest.raises(Misfire, match="broke after changing"):
                attempt()
            assert picture(match) == before, "a failed apply or redo changed the match"
            assert not fuse.armed
    match.redo()
    reference = tablekit.new_game(name, seed=seed)
    reference.play(*match.history)
    assert match.digest() == reference.digest() and match.log == reference.log
