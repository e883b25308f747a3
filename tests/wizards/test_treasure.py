"""Placement, the draw table, treasure, the two-player rule, return and the next dungeon."""

from __future__ import annotations

from tablekit.wizards import engine
from tablekit.wizards.placement import cards_to_draw
from tablekit.wizards.scenario import build, start_battle
from tests.wizards.helpers import choose, offered, rules_of, texts

P0, P1, P2 = 0, 1, 2
RED, BLUE, GREEN, YELLOW = 1, 2, 4, 5


def test_the_draw_table():
    assert cards_to_draw([]) == 2
    assert cards_to_draw([(0, 1, True)]) == 2
    assert cards_to_draw([(0, 1, False)]) == 1
    assert cards_to_draw([(0, 1, True), (1, 2, False)]) == 1
    assert cards_to_draw([(0, 1, True), (0, 2, True)]) == 0


def test_placement_one_or_two_at_most_one_face_down_then_draw():
    state = build(hands=[["bug-bear", "minotaur"], ["titan"]], decks=[["air-imp", "fire-imp"], []])
    assert not any(p == "Place no second creature" for p in offered(state))  # must place one
    events = choose(state, "Place Bug Bear face down at Glimmer Cellar (red")
    assert "Place no second creature" in offered(state)
    assert not any("face down" in p for p in offered(state))  # the second must be face up
    choose(state, "Place Minotaur face up at Glimmer Cellar (blue", events)
    assert state.hands[P0] == [] and "wizards.draw" in rules_of(events)
    assert "Player 1 draws no card." in texts(events)  # two cards in the same dungeon
    assert engine.to_move(state) == P1


def test_an_empty_hand_skips_placement_and_draws_two():
    state = build(hands=[["titan"], []], decks=[[], ["air-imp", "fire-imp", "bug-bear"]])
    events = choose(state, "Place Titan face up at Glimmer Cellar (red")
    assert "Player 2 has no card in hand and places nothing." in texts(events)
    assert sorted(state.hands[P1]) == ["bug-bear", "fire-imp"]


def test_two_dungeons_filled_at_once_the_active_player_picks_the_first_battle():
    state = build(dungeons=[{"slots": {RED: [P1, "titan", True], BLUE: [P1, "ogre", True],
                                       GREEN: [P1, "minotaur", True]}},
                            {"slots": {1: [P1, "air-imp", True], 2: [P1, "fire-imp", True],
                                       3: [P1, "void-imp", True]}}],
                  hands=[["bug-bear", "hobb-lobber"], ["earth-imp"]])
    events = choose(state, "Place Bug Bear face up at Glimmer Cellar (yellow")
    choose(state, "Place Hobb Lobber face up at Lantern Vault (blue", events)
    assert offered(state) == ["Battle in Glimmer Cellar first", "Battle in Lantern Vault first"]
    choose(state, "Battle in Lantern Vault first", events)
    battles = [t for t in texts(events) if "takes the battle token" in t]
    assert battles[0].endswith("Lantern Vault.")


def test_treasure_ties_go_by_turn_order_from_the_token(battle):
    # Moth Gallery (3 players): 1 red, 2 green, 3 closed, 4 blue, 5 purple, 6 yellow.
    state, events = battle({1: [P0, "bug-bear", True], 2: [P1, "minotaur", True],
                            4: [P2, "bug-bear", True]},
                           players=3, active=1, artefacts=["greatsword", "broadsword"])
    # Totals: 3 each; the token is with Player 2, then Player 3, then Player 1.
    assert "Strength totals: Player 2 3, Player 3 3, Player 1 3." in texts(events)
    assert engine.to_move(state) == P1 and state.pending.kind == "artefact"
    choose(state, "Take Broadsword", events)
    assert state.artefacts[P1] == ["broadsword"] and state.artefacts[P2] == ["greatsword"]
    assert state.enchantments[P1] == ["of-radiance"]  # the token holder takes the tile


def test_a_dungeon_left_to_one_owner_gives_both_artefacts(battle):
    state, events = battle({RED: [P0, "hobb-lobber", True], BLUE: [P1, "titan", True],
                            GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]},
                           artefacts=["greatsword", "broadsword"])
    assert "wizards.treasure-one-owner" in rules_of(events)
    assert sorted(state.artefacts[P0]) == ["broadsword", "greatsword"]


def test_two_players_second_place_needs_more_than_zero_and_within_three(battle):
    close = {RED: [P0, "titan", True], BLUE: [P1, "minotaur", True],
             GREEN: [P1, "fire-imp", True], YELLOW: [P0, "hobb-chanter", True]}
    state, events = battle(close, artefacts=["greatsword", "broadsword"])
    assert "Strength totals: Player 1 8, Player 2 4." in texts(events)
    assert "wizards.two-player" in rules_of(events)  # 4 behind
    choose(state, "Take Greatsword", events)
    assert state.artefacts[P1] == [] and state.discarded == ["broadsword"]
    near = {**close, YELLOW: [P0, "fire-imp", True]}
    state, events = battle(near, artefacts=["greatsword", "broadsword"])
    assert "Strength totals: Player 1 8, Player 2 5." in texts(events)
    choose(state, "Take Greatsword", events)
    assert state.artefacts[P1] == ["broadsword"]


def test_three_players_the_second_always_gets_the_other_artefact(battle):
    state, events = battle({RED: [P0, "titan", True], BLUE: [P1, "hobb-lobber", False],
                            GREEN: [P2, "fire-imp", True], YELLOW: [P0, "hobb-chanter", True]},
                           players=3, artefacts=["greatsword", "broadsword"])
    assert "Strength totals: Player 1 2, Player 2 1, Player 3 1." in texts(events)


def test_return_goes_under_the_deck_in_the_owners_order(battle):
    state, events = battle({RED: [P0, "titan", True], BLUE: [P1, "minotaur", True],
                            GREEN: [P0, "ogre", True], YELLOW: [P0, "bug-bear", True]},
                           decks=[["air-imp"], []], hands=[[], ["earth-imp"]])
    assert state.pending.kind == "return" and engine.to_move(state) == P0
    assert offered(state) == ["Put Titan under your deck next", "Put Ogre under your deck next",
                              "Put Bug Bear under your deck next"]
    choose(state, "Put Ogre", events)
    choose(state, "Put Titan", events)
    assert state.decks[P0] == ["bug-bear", "titan", "ogre", "air-imp"]


def test_the_board_turns_over_for_a_new_dungeon_or_leaves_when_the_stack_is_empty(battle):
    slots = {RED: [P0, "hobb-lobber", True], BLUE: [P1, "titan", True],
             GREEN: [P1, "ogre", True]}
    state, events = battle(slots, stack=["of-blood"])
    assert state.dungeons[0].dark and state.dungeons[0].enchantment == "of-blood"
    assert "The board turns over: Sunken Cellar opens." in texts(events)
    state, events = battle(slots)
    assert not state.dungeons[0].open and "wizards.remove-dungeon" in rules_of(events)


def test_the_last_dungeon_leaving_ends_the_game_with_scores(battle):
    state = build(dungeons=[{"slots": {RED: [P0, "hobb-lobber", True], BLUE: [P1, "titan", True]}},
                            {}])
    state.dungeons[1].open = False  # the other dungeon has already left the table
    events = start_battle(state, 0)
    assert state.scores is not None and engine.to_move(state) is None
    assert "wizards.score-winner" in rules_of(events)
