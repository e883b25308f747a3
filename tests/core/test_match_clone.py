"""`Match.clone` and undo/redo: a clone shares nothing with its original, history included.

Every check compares state digests with a reference game played straight through (no clone, no
undo), so a state that one side changed behind the other's back shows up as a wrong digest.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import tablekit
from tablekit.core import Match
from tablekit.core.registry import get_game

GAMES = tablekit.games()
TRIALS = range(8)


@pytest.fixture(params=[3, None], ids=["checkpoint-every-3", "checkpoint-default"])
def checkpoints(request, monkeypatch) -> None:
    """Run with checkpoints every 3 actions (many boundaries crossed) and with the default."""
    if request.param is not None:
        monkeypatch.setattr("tablekit.core.match.CHECKPOINT_EVERY", request.param)


@dataclass
class Reference:
    """A random game played straight through: its actions, the digest after each, its log."""

    seed: int
    actions: list
    digests: list[str]  # digests[i]: after the first i actions
    logs: list[list]    # logs[i]: the whole log after the first i actions


def play_reference(name: str, seed: int) -> Reference:
    """A whole random game with the digest and log recorded after every action."""
    match, rng = tablekit.new_game(name, seed=seed), random.Random(seed)
    ref = Reference(seed, [], [match.digest()], [match.log])
    while not match.is_over:
        action = rng.choice(match.legal_actions())
        match.apply(action)
        ref.actions.append(action)
        ref.digests.append(match.digest())
        ref.logs.append(match.log)
    return ref


def replayed(name: str, seed: int, actions: list) -> Match:
    """A fresh match with `actions` played."""
    match = tablekit.new_game(name, seed=seed)
    match.play(*actions)
    return match


def wander(match: Match, rng: random.Random) -> int:
    """Undo a few actions, play a few others (a different one first); returns how many undone."""
    undone = [match.undo() for _ in range(rng.randint(1, min(8, len(match.history))))]
    for count in range(rng.randint(2, 8)):
        if match.is_over:
            break
        legal = match.legal_actions()
        others = [a for a in legal if a != undone[-1]] if count == 0 else legal
        match.apply(rng.choice(others or legal))
    if rng.random() < 0.5:  # and sometimes take one back, leaving a redo
        match.undo()
    return len(undone)


def assert_follows(match: Match, ref: Reference, step: int) -> None:
    """`match` stands at `step` of the reference game: undo to the start and redo to the end."""
    assert match.history == ref.actions[:step]
    assert match.digest() == ref.digests[step] and match.log == ref.logs[step]
    for back in range(step - 1, -1, -1):
        match.undo()
        assert match.digest() == ref.digests[back], f"undo to step {back}"
    for forward in range(1, step + 1):
        match.redo()
        assert match.digest() == ref.digests[forward], f"redo to step {forward}"
        assert match.log == ref.logs[forward]
    match.play(*ref.actions[step:])
    assert match.digest() == ref.digests[-1] and match.log == ref.logs[-1]
    for back in range(len(ref.actions) - 1, -1, -1):  # and back from the end, past the clone
        match.undo()
        assert match.digest() == ref.digests[back], f"undo from the end to step {back}"


def assert_wandered(name: str, match: Match, ref: Reference, start: int) -> None:
    """`match` holds the reference's first `start` actions, then its own; states agree."""
    assert match.history[:start] == ref.actions[:start]
    expected = replayed(name, ref.seed, match.history)
    assert match.digest() == expected.digest() and match.log == expected.log


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("trial", TRIALS)
@pytest.mark.parametrize("wanderer", ["clone", "original"])
@pytest.mark.usefixtures("checkpoints")
def test_the_side_that_undoes_and_plays_leaves_the_other_alone(name, trial, wanderer):
    ref = play_reference(name, seed=(100 if wanderer == "clone" else 200) + trial)
    rng = random.Random(trial)
    step = rng.randint(1, len(ref.actions))
    match = replayed(name, ref.seed, ref.actions[:step])
    twin = match.clone()
    moving, staying = (twin, match) if wanderer == "clone" else (match, twin)
    undone = wander(moving, rng)
    assert_wandered(name, moving, ref, step - undone)
    assert_follows(staying, ref, step)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.usefixtures("checkpoints")
def test_a_clone_keeps_the_redo_stack_of_its_own(name):
    ref = play_reference(name, seed=300)
    step = len(ref.actions) // 2 + 1
    match = replayed(name, ref.seed, ref.actions[:step])
    match.undo()
    twin = match.clone()
    assert twin.can_redo and twin.redo() and twin.digest() == ref.digests[step]
    assert match.can_redo and match.digest() == ref.digests[step - 1]
    match.redo()
    assert match.digest() == ref.digests[step]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.usefixtures("checkpoints")
def test_states_are_the_positions_after_each_action(name):
    ref = play_reference(name, seed=400)
    match, game = replayed(name, ref.seed, ref.actions), get_game(name)
    assert [game.digest(s) for s in match.states] == ref.digests and match.states[-1] is match.state
    back = min(5, len(ref.actions))
    for _ in range(back):
        match.undo()
    assert [game.digest(s) for s in match.states] == ref.digests[:len(ref.digests) - back]
    twin = match.clone()
    for line, side in enumerate((twin, match)):  # each plays its own line, the original last
        for _ in range(3):
            if not side.is_over:
                legal = side.legal_actions()
                side.apply(legal[-1 - line % len(legal)])
        expected = replayed(name, ref.seed, side.history)
        assert [game.digest(s) for s in side.states] == [game.digest(s) for s in expected.states]
