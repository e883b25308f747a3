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

GAMES = tablekit.games()
TRIALS = range(8)


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


def wander(match: Match, rng: random.Random) -> list:
    """Undo once, then play a few random actions (a different one first when there is one)."""
    undone = match.undo()
    played = []
    for _ in range(rng.randint(1, 6)):
        if match.is_over:
            break
        legal = match.legal_actions()
        others = [a for a in legal if a != undone] if not played else legal
        action = rng.choice(others or legal)
        match.apply(action)
        played.append(action)
    if played and rng.random() < 0.5:  # and sometimes take one back, leaving a redo
        match.undo()
        played.pop()
    return played


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


def assert_wandered(name: str, match: Match, ref: Reference, step: int, played: list) -> None:
    """`match` holds the reference's first step - 1 actions plus `played`, and nothing else."""
    expected = replayed(name, ref.seed, ref.actions[:step - 1] + played)
    assert match.history == expected.history
    assert match.digest() == expected.digest() and match.log == expected.log


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("trial", TRIALS)
def test_a_clone_that_undoes_and_plays_leaves_the_original_alone(name, trial):
    ref = play_reference(name, seed=100 + trial)
    rng = random.Random(trial)
    step = rng.randint(1, len(ref.actions))
    match = replayed(name, ref.seed, ref.actions[:step])
    twin = match.clone()
    played = wander(twin, rng)
    assert_wandered(name, twin, ref, step, played)
    assert_follows(match, ref, step)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("trial", TRIALS)
def test_an_original_that_undoes_and_plays_leaves_its_clone_alone(name, trial):
    ref = play_reference(name, seed=200 + trial)
    rng = random.Random(trial)
    step = rng.randint(1, len(ref.actions))
    match = replayed(name, ref.seed, ref.actions[:step])
    twin = match.clone()
    played = wander(match, rng)
    assert_wandered(name, match, ref, step, played)
    assert_follows(twin, ref, step)


@pytest.mark.parametrize("name", GAMES)
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
