"""Hindsight against a line of play written down in advance (found by an earlier, slower search).

The search must find at least that line's score, and no bound along the line may fall below it:
a bound that did would let the search cut the line off (this one caught a Ritual bringing back an
empty Feeding Cellar for Visitors buried to the end, which the pile tables once missed).
"""

from __future__ import annotations

import pytest

import tablekit
from solvers.deckula import hindsight, line_bounds

LINES = {
    ("beginner", 2): [
        'Keep Moonlit Ballroom',
        'Discard Candelabra (+1 energy)',
        'Discard Trapdoor (+1 energy)',
        'Discard Portrait Gallery (+1 energy)',
        'Buy Secret Passage (2 energy)',
        'Use Secret Passage (discard it)',
        'Discard Vampire Bride (+1 energy)',
        'Buy Blood Fountain (2 energy)',
        'Discard Feeding Cellar (+1 energy)',
        'Discard Hellhound (+1 energy)',
        'Buy Feeding Cellar (2 energy)',
        'Discard Spider Webs (+1 energy)',
        'Choose Curious Quaintrelle',
        'Discard Loyal Gargoyle (+1 energy)',
        'Discard Ancestral Portrait (+1 energy)',
        'Buy Secret Passage (2 energy)',
        'Draw a card',
        'Discard Loyal Gargoyle (+1 energy)',
        'Draw a card',
        'Discard Trapdoor (+1 energy)',
        'Draw a card',
        'Discard Hypnotic Gaze (+1 energy)',
        'Draw a card',
        'Buy Hellhound (2 energy)',
        'Use Secret Passage (discard it)',
        'Discard Hypnotic Gaze (+1 energy)',
        'Discard Ancestral Portrait (+1 energy)',
        'Discard Ancestral Portrait (+1 energy)',
        'Buy Resurrection Ritual (2 energy)',
        'Use Resurrection Ritual (discard it)',
        'Choose Feeding Cellar',
        'Choose Feeding Cellar',
        'Choose Feeding Cellar',
    ],
}


def replay(difficulty: str, seed: int, words: list[str]):
    """Play a line given by the actions' words; the match and the actions."""
    match = tablekit.new_game("deckula", seed=seed, difficulty=difficulty)
    actions = []
    for word in words:
        actions.append(next(a for a in match.legal_actions() if str(a) == word))
        match.apply(actions[-1])
    return match, tuple(actions)


@pytest.mark.parametrize(("difficulty", "seed"), sorted(LINES))
def test_the_search_matches_a_written_line_and_never_bounds_below_it(difficulty, seed):
    match, actions = replay(difficulty, seed, LINES[(difficulty, seed)])
    assert match.is_over and match.state.result == "survived"
    score = match.outcome.scores[0]
    fresh = tablekit.new_game("deckula", seed=seed, difficulty=difficulty)
    assert min(line_bounds(fresh, actions)) >= score
    result = hindsight(fresh)
    assert result.status == "optimal" and result.best_score >= score
