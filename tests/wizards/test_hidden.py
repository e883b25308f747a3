"""Hidden information: a player's view hides other hands, deck orders and face-down creatures."""

from __future__ import annotations

import random

import pytest

from tablekit.core.game import Events
from tablekit.wizards import engine
from tablekit.wizards.setup import make_config
from tablekit.wizards.state import HIDDEN


def _positions(seed: int, players: int, advanced: bool, every: int = 7):
    rng = random.Random(seed)
    state = engine.new_state(make_config(players=players, advanced=advanced), random.Random(seed))
    while engine.to_move(state) is not None:
        yield state
        for _ in range(every):
            if engine.to_move(state) is None:
                return
            engine.apply_unchecked(state, rng.choice(engine.legal_actions(state)), Events(None))


@pytest.mark.parametrize("players, advanced", [(2, False), (3, True), (4, True)])
def test_redealing_what_a_player_cannot_see_leaves_their_view_and_options_unchanged(players, advanced):
    rng = random.Random(players)
    checked = 0
    for state in _positions(players, players, advanced):
        for player in range(players):
            seen = engine.view(state, player)
            for _ in range(2):
                redealt = engine.determinize(seen, rng)
                assert engine.view(redealt, player).snapshot() == seen.snapshot()
                if engine.to_move(state) == player:
                    assert engine.legal_actions(redealt) == engine.legal_actions(state)
                    checked += 1
    assert checked > 10


def test_the_view_hides_hands_decks_and_face_down_cards_of_others_only():
    for state in _positions(3, 3, False, every=3):
        face_down = [(s.owner, s.creature) for d in state.dungeons for s in d.slots
                     if s is not None and not s.face_up]
        if face_down:
            break
    owner, card = face_down[0]
    mine = engine.view(state, owner)
    other = engine.view(state, (owner + 1) % 3)
    assert card in [s.creature for d in mine.dungeons for s in d.slots if s and s.owner == owner]
    assert HIDDEN in [s.creature for d in other.dungeons for s in d.slots if s and s.owner == owner]
    assert mine.hands[owner] == state.hands[owner]
    assert set(other.hands[owner]) <= {HIDDEN} and len(other.hands[owner]) == len(state.hands[owner])
    assert mine.decks[owner] == sorted(state.decks[owner])


def test_a_bots_choice_depends_on_its_view_alone():
    from tablekit.wizards.game import GAME
    for state in _positions(5, 3, True, every=5):
        player = engine.to_move(state)
        seen = engine.view(state, player)
        redealt = engine.determinize(seen, random.Random(1))
        legal = engine.legal_actions(state)
        first = GAME.heuristic_action(seen, legal, random.Random(0))
        again = GAME.heuristic_action(engine.view(redealt, player), engine.legal_actions(redealt),
                                      random.Random(0))
        assert first == again


def test_the_enchantment_stack_and_the_box_stay_secret_and_are_redealt_from_the_unseen_tiles():
    from tablekit.wizards.cards import components
    state = engine.new_state(make_config(players=2, advanced=True), random.Random(4))
    seen = engine.view(state, 0)
    assert seen.stack == [HIDDEN] * len(state.stack) and len(state.stack) == 5
    shown = {d.enchantment for d in state.dungeons}
    unseen = {e.id for e in components().enchantments} - shown
    stacks = set()
    for seed in range(30):
        redealt = engine.determinize(seen, random.Random(seed))
        assert len(redealt.stack) == 5 and set(redealt.stack) <= unseen
        assert len(set(redealt.stack)) == 5
        stacks.add(frozenset(redealt.stack))
    assert len(stacks) > 1 and set().union(*stacks) == unseen  # the box's tiles can come up too
