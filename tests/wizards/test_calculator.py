"""The scoring calculator and the engine score the same holdings the same way (issue 36, item 14)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.wizards import score_calculator
from tablekit.core.game import Events
from tablekit.wizards import engine
from tablekit.wizards.actions import TakeGem
from tablekit.wizards.cards import COLOURS, components
from tablekit.wizards.flow import settle
from tablekit.wizards.scenario import build
from tablekit.wizards.scoring import best_gem, end_of_game, set_points

P0, P1 = 0, 1
ARTEFACTS = sorted(a.id for a in components().artefacts)
END_TILES = sorted(a.id for a in components().artefacts if a.kind == "end-of-game")


def _scored(gems, cursed, artefacts, enchantments, choose=lambda options: options[0]):
    """The engine's final scores for these holdings, every decision answered by `choose`."""
    state = build(advanced=True, gems=gems, cursed=cursed, artefacts=artefacts,
                  hands=[["titan"], ["titan"]])
    state.enchantments = [["of-blood"] * n for n in enchantments]
    for dungeon in state.dungeons:
        dungeon.open = False
    state.pending, state.legal = None, None
    settle(state, Events(None))
    while engine.to_move(state) is not None:
        engine.apply_unchecked(state, choose(engine.legal_actions(state)), Events(None))
    return state.scores


def _calculated(gems, cursed, artefacts, enchantments, player):
    other = 1 - player
    tiles = [components().artefact(a) for a in artefacts[other]]
    _, others_cursed = end_of_game(gems[other], cursed[other], tiles)
    return score_calculator(gems[player], cursed[player], artefacts[player], enchantments[player],
                            [others_cursed]).score.total


def test_the_calculator_plays_the_end_of_game_artefacts_like_the_engine():
    # red 1, blue 1, 3 cursed and the Blessed Cup: the cup takes the three cursed gems away
    calc = score_calculator({"red": 1, "blue": 1}, 3, ["blessed-cup"])
    assert calc.returned == 3 and calc.score.total == 2 + 5
    assert _scored([{"red": 1, "blue": 1}, {}], [3, 0], [["blessed-cup"], []], [0, 0])[P0] == 7
    # red 1 and the Crown of Facets: three new colours make a set of four
    crown = score_calculator({"red": 1}, 0, ["crown-of-facets"])
    assert crown.taken == {"orange": 1, "yellow": 1, "green": 1} and crown.score.total == 6 + 7
    assert _scored([{"red": 1}, {}], [0, 0], [["crown-of-facets"], []], [0, 0])[P0] == 13


holdings = st.tuples(
    st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 4), max_size=6),
    st.integers(0, 6),
    st.lists(st.sampled_from(ARTEFACTS), max_size=3, unique=True),
    st.integers(0, 3))


@settings(max_examples=60, deadline=None)
@given(st.tuples(holdings, holdings).filter(lambda h: not set(h[0][2]) & set(h[1][2])))
def test_calculator_and_engine_agree_on_random_holdings(both):
    gems, cursed, artefacts, enchantments = (list(column) for column in zip(*both, strict=True))
    scores = _scored(gems, cursed, artefacts, enchantments)
    for player in (P0, P1):
        assert scores[player] == _calculated(gems, cursed, artefacts, enchantments, player)


@settings(max_examples=20, deadline=None)
@given(st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 3), max_size=6),
       st.integers(0, 4), st.lists(st.sampled_from(END_TILES), min_size=1, max_size=2, unique=True))
def test_no_choice_of_gems_in_the_engine_beats_the_calculator(gems, cursed, tiles):
    """Every way of taking the tiles' gems (cancelling the best way): the best is the calculator's."""
    owed = sum(components().artefact(t).gems for t in tiles)
    best = max(_with_picks(gems, cursed, tiles, picks)
               for picks in itertools.combinations_with_replacement(COLOURS, owed))
    assert best == score_calculator(gems, cursed, tiles).score.total


def _with_picks(gems, cursed, tiles, picks):
    """The engine's score when player 1 takes exactly `picks` for the tiles' gems."""
    wanted = list(picks)

    def choose(options):
        if isinstance(options[0], TakeGem):
            colour = wanted.pop()
            return next(a for a in options if a.colour == colour)
        return options[0]
    return _scored([gems, {}], [cursed, 0], [list(tiles), []], [0, 0], choose)[P0]


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 4), max_size=6))
def test_the_best_gem_is_a_colour_held_least(gems):
    colour = best_gem(gems)
    counts = [gems.get(c, 0) for c in COLOURS]
    assert gems.get(colour, 0) == min(counts)
    assert set_points({**gems, colour: gems.get(colour, 0) + 1}) == max(
        set_points({**gems, c: gems.get(c, 0) + 1}) for c in COLOURS)
