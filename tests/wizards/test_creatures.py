"""A scenario for every creature and monster of the appendix (Creatures), and the action phase."""

from __future__ import annotations

from tablekit.wizards import engine
from tablekit.wizards.effects import strength
from tablekit.wizards.scenario import build
from tests.wizards.helpers import choose, offered, rules_of, texts

P0, P1 = 0, 1
RED, BLUE, GREEN, YELLOW = 1, 2, 4, 5  # Glimmer Cellar's entrances; 3 is a closed space


def gems(state, player):
    return {c: n for c, n in state.gem_count(player).items() if n}


def test_face_down_creatures_turn_face_up_and_act_from_the_statue_clockwise(battle):
    # Bug Bear (space 1) acts before the Void Imp (space 2) can: the imp is gone first.
    state, events = battle({RED: [P0, "bug-bear", False], BLUE: [P1, "void-imp", True],
                            GREEN: [P1, "titan", True], YELLOW: [P0, "minotaur", True]})
    assert "wizards.reveal" in rules_of(events)
    assert "Void Imp of Player 2 is eliminated by Bug Bear." in texts(events)
    assert "wizards.void-imp" not in rules_of(events)


def test_fire_imp_draws_two(battle):
    state, _ = battle({RED: [P0, "fire-imp", True], BLUE: [P1, "titan", True],
                       GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]},
                      decks=[["bug-bear", "hobb-lobber", "air-imp"], []])
    assert sorted(state.hands[P0]) == ["air-imp", "hobb-lobber"]


def test_air_imp_doubles_a_gem_but_not_a_cursed_gem(battle):
    state, _ = battle({RED: [P0, "air-imp", True], BLUE: [P1, "titan", True],
                       GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]})
    assert gems(state, P0) == {"red": 2, "yellow": 1}
    state, _ = battle({1: [P0, "air-imp", True], 2: [P1, "titan", True], 3: [P1, "ogre", True],
                       5: [P0, "minotaur", True], 6: [P1, "bug-bear", True]}, dark=True)
    assert state.cursed[P0] == 1 and gems(state, P0) == {"orange": 1}  # Sunken Cellar: 1 cursed


def test_earth_imp_stuns_adjacent_beasts_even_its_owners_but_not_past_a_wall(battle):
    state, events = battle({RED: [P1, "bug-bear", True], BLUE: [P0, "earth-imp", True],
                            GREEN: [P0, "minotaur", True], YELLOW: [P1, "titan", True]})
    # Bug Bear (space 1) acts first and eliminates the adjacent Earth Imp.
    assert "Earth Imp of Player 1 is eliminated by Bug Bear." in texts(events)
    state, events = battle({RED: [P0, "earth-imp", True], BLUE: [P0, "bug-bear", True],
                            GREEN: [P1, "minotaur", True], YELLOW: [P1, "titan", True]})
    assert "Bug Bear of Player 1 is stunned by Earth Imp." in texts(events)
    assert "bug-bear" in state.hands[P0]
    assert not any("Minotaur" in t and "stunned" in t for t in texts(events))  # wall at space 3


def test_titan_cannot_be_placed_face_down():
    state = build(hands=[["titan", "ogre"], []])
    places = offered(state)
    assert not any(p.startswith("Place Titan face down") for p in places)
    assert any(p.startswith("Place Ogre face down") for p in places)


def test_ogre_pushes_in_face_up_and_its_owner_moves_the_occupant():
    state = build(dungeons=[{"slots": {RED: [P1, "minotaur", False]}}, {}],
                  hands=[["ogre"], []])
    assert not any(p.startswith("Place Ogre face down at Glimmer Cellar (red") for p in offered(state))
    events = choose(state, "Place Ogre face up at Glimmer Cellar (red")
    assert engine.to_move(state) == P0 and state.pending.kind == "ogre"
    assert texts(events) == ["Player 1 plays Ogre face up onto the occupied Glimmer Cellar (red "
                             "entrance, space 1) and chooses where the creature there moves."]
    assert offered(state) == ["Move it to Glimmer Cellar (blue entrance, space 2)",
                              "Move it to Glimmer Cellar (green entrance, space 4)",
                              "Move it to Glimmer Cellar (yellow entrance, space 5)"]
    choose(state, "Move it to Glimmer Cellar (green", events)
    slots = state.dungeons[0].slots
    assert slots[RED].creature == "ogre" and slots[GREEN].creature == "minotaur"
    assert not slots[GREEN].face_up and "wizards.ogre" in rules_of(events)


def test_hobb_lobber_eliminates_every_giant_its_owners_too(battle):
    state, events = battle({RED: [P0, "hobb-lobber", True], BLUE: [P0, "titan", True],
                            GREEN: [P1, "ogre", True], YELLOW: [P1, "hobb-chanter", True]})
    assert "Titan of Player 1 is eliminated by Hobb Lobber." in texts(events)
    assert "Ogre of Player 2 is eliminated by Hobb Lobber." in texts(events)
    assert "titan" in state.decks[P0] and "ogre" in state.decks[P1]  # under the deck
    assert state.decks[P0].index("titan") > state.decks[P0].index("hobb-lobber")  # went first


def test_hobb_chanter_sets_imps_to_strength_one_and_imps_count_imps():
    slots = {RED: [P0, "fire-imp", True], BLUE: [P1, "air-imp", True],
             GREEN: [P1, "void-imp", True], YELLOW: [P0, "titan", True]}
    state = build(dungeons=[{"slots": slots}, {}], hands=[["bug-bear"], []])
    assert [strength(state, 0, s) for s in (RED, BLUE, GREEN)] == [3, 3, 3]
    state = build(dungeons=[{"slots": {**slots, YELLOW: [P0, "hobb-chanter", True]}}, {}],
                  hands=[["bug-bear"], []])
    assert [strength(state, 0, s) for s in (RED, BLUE, GREEN, YELLOW)] == [1, 1, 1, 2]


def test_hobb_runner_may_move_to_another_dungeon_unless_that_fills_it(battle):
    state, events = battle({RED: [P0, "hobb-runner", True], BLUE: [P1, "titan", True],
                            GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]},
                           other={1: [P1, "bug-bear", True], 2: [P1, "titan", True]})
    assert state.pending.kind == "runner" and engine.to_move(state) == P0
    assert offered(state) == ["Move it to Lantern Vault (yellow entrance, space 3)",
                              "Move it to Lantern Vault (blue entrance, space 5)",
                              "Hobb Runner stays"]
    choose(state, "Move it to Lantern Vault (blue", events)
    assert state.dungeons[1].slots[5].creature == "hobb-runner"
    assert state.dungeons[0].slots[RED] is None or state.dungeons[0].slots[RED].creature != "hobb-runner"
    state, _ = battle({RED: [P0, "hobb-runner", True], BLUE: [P1, "titan", True],
                       GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]},
                      other={1: [P1, "bug-bear", True], 2: [P1, "titan", True],
                             3: [P0, "air-imp", True]})
    assert state.pending is None or state.pending.kind != "runner"  # only one free entrance


def test_bug_bear_and_minotaur_eliminate_adjacent_imps_and_hobbs_only(battle):
    state, events = battle({RED: [P0, "minotaur", True], BLUE: [P1, "hobb-chanter", True],
                            GREEN: [P1, "bug-bear", True], YELLOW: [P0, "water-imp", True]})
    assert "Hobb Chanter of Player 2 is eliminated by Minotaur." in texts(events)
    assert "Water Imp of Player 1 is eliminated by Bug Bear." in texts(events)


def test_adjacency_is_broken_by_an_empty_entrance(battle):
    state = build(dungeons=[{"slots": {RED: [P0, "bug-bear", True], GREEN: [P1, "fire-imp", True],
                                       YELLOW: [P1, "air-imp", True]}}, {}],
                  hands=[["titan"], []])
    from tablekit.wizards.effects import adjacent
    assert adjacent(state, 0, RED) == [] and adjacent(state, 0, GREEN) == [YELLOW]
    assert adjacent(state, 0, YELLOW) == [GREEN]  # the statue (space 0) separates 5 from 1


def test_water_imp_discards_then_each_neighbours_owner_chooses_a_gem(battle):
    state, events = battle({RED: [P1, "titan", True], BLUE: [P0, "water-imp", True],
                            GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]},
                           hands=[["air-imp", "fire-imp"], []], gems=[{}, {"red": 1, "blue": 2}])
    assert state.pending.kind == "water"
    assert offered(state) == ["Discard Air Imp for Water Imp", "Discard Fire Imp for Water Imp",
                              "Water Imp takes nothing"]
    choose(state, "Discard Fire Imp", events)
    assert state.decks[P0][0] == "fire-imp" and engine.to_move(state) == P1
    assert offered(state) == ["Give a red gem", "Give a blue gem"]
    choose(state, "Give a blue gem", events)
    assert state.gems[P1][4] == 1 and state.gems[P0][4] >= 1


def test_void_imp_pays_a_cursed_gem_to_stun_a_strongest_creature_of_its_choice(battle):
    state, events = battle({RED: [P0, "void-imp", True], BLUE: [P1, "ogre", True],
                            GREEN: [P1, "titan", True], YELLOW: [P0, "titan", True]})
    assert offered(state) == ["Take a cursed gem and stun Titan at space 4",
                              "Take a cursed gem and stun Titan at space 5",
                              "Void Imp stuns nobody"]
    choose(state, "Take a cursed gem and stun Titan at space 5", events)
    assert state.cursed[P0] == 1 and "titan" in state.hands[P0]
    assert "Titan of Player 1 is stunned by Void Imp." in texts(events)


def test_void_dragon_is_as_strong_as_its_owners_cursed_gems():
    state = build(dungeons=[{"slots": {RED: [P0, "void-dragon", True]}}, {}],
                  hands=[["titan"], []], cursed=[4, 0])
    assert strength(state, 0, RED) == 4


def test_flesh_golem_grows_two_for_each_card_fed(battle):
    state, events = battle({RED: [P0, "flesh-golem", True], BLUE: [P1, "titan", True],
                            GREEN: [P1, "minotaur", True], YELLOW: [P0, "bug-bear", True]},
                           hands=[["air-imp", "fire-imp"], []], artefacts=["greatsword", "broadsword"])
    choose(state, "Discard Air Imp", events)
    choose(state, "Discard Fire Imp", events)
    assert "Flesh Golem grows to strength 6." in texts(events)
    assert "Strength totals: Player 1 9, Player 2 9." in texts(events)  # tie: token first
    assert state.pending.kind == "artefact" and engine.to_move(state) == P0


def test_steel_sentinel_cannot_be_stunned_or_pushed_but_enchantments_reach_it(battle):
    state, events = battle({RED: [P0, "void-imp", True], BLUE: [P1, "steel-sentinel", True],
                            GREEN: [P1, "fire-imp", True], YELLOW: [P0, "hobb-chanter", True]})
    assert offered(state) == ["Take a cursed gem and stun Hobb Chanter at space 5",
                              "Void Imp stuns nobody"]
    state = build(dungeons=[{"slots": {RED: [P1, "steel-sentinel", True]}}, {}],
                  hands=[["ogre"], []])
    assert not any(p.startswith("Place Ogre face up at Glimmer Cellar (red") for p in offered(state))
    state = build(advanced=True, dungeons=[{"slots": {RED: [P1, "steel-sentinel", True]},
                                            "enchantment": "of-mischief"}, {}], hands=[["ogre"], []])
    assert strength(state, 0, RED) == 4  # Of Mischief touches hobbs only: the sentinel is a monster


def test_big_blue_blob_costs_a_card_or_is_eliminated_without_its_gem(battle):
    state, events = battle({RED: [P0, "big-blue-blob", True], BLUE: [P1, "titan", True],
                            GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]},
                           hands=[["air-imp"], []])
    assert offered(state) == ["Discard Air Imp to keep Big Blue Blob",
                              "Let Big Blue Blob be eliminated"]
    choose(state, "Let Big Blue Blob", events)
    assert "red" not in gems(state, P0) and "big-blue-blob" in state.decks[P0]
    state, events = battle({RED: [P0, "big-blue-blob", True], BLUE: [P1, "titan", True],
                            GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]})
    assert "Big Blue Blob of Player 1 is eliminated by its own hunger (no card to discard)." in texts(events)


def test_rot_monster_makes_each_neighbours_owner_discard_two_for_two(battle):
    state, events = battle({1: [P1, "titan", True], 2: [P0, "rot-monster", True],
                            3: [P1, "ogre", True], 5: [P0, "minotaur", True],
                            6: [P1, "bug-bear", True]},
                           hands=[[], ["air-imp", "fire-imp", "void-imp"]], dark=True)
    assert state.pending.kind == "discard" and engine.to_move(state) == P1
    choose(state, "Discard Void Imp", events)
    choose(state, "Discard Air Imp", events)
    assert state.hands[P1] == ["fire-imp"]


def test_void_spider_takes_a_cursed_gem(battle):
    state, events = battle({RED: [P0, "void-spider", True], BLUE: [P1, "titan", True],
                            GREEN: [P1, "ogre", True], YELLOW: [P0, "minotaur", True]})
    assert state.cursed[P0] == 1 and "wizards.void-spider" in rules_of(events)
