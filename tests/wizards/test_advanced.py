"""Advanced rules: a scenario for every artefact kind and named artefact, and every enchantment."""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wizards import engine
from tablekit.wizards.effects import strength
from tablekit.wizards.flow import settle
from tablekit.wizards.scenario import build
from tablekit.wizards.setup import open_dungeon
from tests.wizards.conftest import fight
from tests.wizards.helpers import check_gems, choose, offered, rules_of, texts

P0, P1 = 0, 1
RED, BLUE, GREEN, YELLOW = 1, 2, 4, 5
QUIET = {RED: [P0, "titan", True], BLUE: [P1, "ogre", True]}  # no action-phase abilities


def strength_with(creature: str, gear: str = "", enchantment: str = "of-radiance") -> int:
    state = build(advanced=True, dungeons=[{"slots": {RED: [P0, creature, True, gear]},
                                            "enchantment": enchantment}, {}], hands=[["titan"], []])
    return strength(state, 0, RED)


def test_equipment_strength_bonuses_by_type():
    assert strength_with("minotaur", "greatsword") == 5
    assert strength_with("minotaur", "broadsword") == 4
    assert strength_with("minotaur", "axe-of-unkindness") == 6
    assert strength_with("titan", "axe-of-unkindness") == 9
    assert strength_with("hobb-runner", "axe-of-unkindness") == 2
    assert strength_with("hobb-runner", "bone-charm") == 3
    assert strength_with("minotaur", "bone-charm") == 3


def test_equipment_is_offered_after_placing_in_the_advanced_game_only():
    state = build(advanced=True, hands=[["minotaur"], []], artefacts=[["greatsword"], []],
                  dungeons=[{"enchantment": "of-blood"}, {}])
    events = choose(state, "Place Minotaur face down at Glimmer Cellar (red")
    assert offered(state) == ["Equip it with Greatsword", "No equipment"]
    choose(state, "Equip it with Greatsword", events)
    assert state.dungeons[0].slots[RED].equipment == "greatsword" and state.free_equipment(P0) == []
    state = build(hands=[["minotaur"], ["titan"]], artefacts=[["greatsword"], []])
    choose(state, "Place Minotaur face down at Glimmer Cellar (red")
    assert state.pending.kind == "place" and engine.to_move(state) == P1


def test_holy_defender_and_bone_charm_protect_from_creatures(battle):
    state, events = fight({RED: [P0, "hobb-lobber", True], BLUE: [P1, "titan", True, "holy-defender"],
                           GREEN: [P1, "minotaur", True], YELLOW: [P0, "hobb-runner", True, "bone-charm"]},
                          advanced=True)
    assert not any("Titan" in t and "eliminated" in t for t in texts(events))
    assert not any("Hobb Runner" in t and "eliminated" in t for t in texts(events))


def test_equipment_comes_back_when_its_creature_leaves(battle):
    state, events = fight({RED: [P0, "fire-imp", True, "greatsword"], BLUE: [P1, "bug-bear", True]},
                          advanced=True, owned_artefacts=[["greatsword"], []])
    assert "Fire Imp of Player 1 is eliminated by Bug Bear; Greatsword goes back to its owner." in texts(events)
    assert state.free_equipment(P0) == ["greatsword"]


def test_imp_swatter_stuns_adjacent_imps_and_holy_vial_returns_a_cursed_gem(battle):
    state, events = fight({RED: [P0, "titan", True, "imp-swatter"], BLUE: [P1, "fire-imp", True],
                           GREEN: [P1, "ogre", True, "holy-vial"]}, advanced=True, cursed=[0, 2])
    assert "Fire Imp of Player 2 is stunned by Imp-Swatter." in texts(events)
    assert engine.to_move(state) == P1 and offered(state) == ["Give back 1 cursed gem",
                                                              "Give back 0 cursed gems"]
    choose(state, "Give back 1 cursed gem", events)
    assert state.cursed[P1] == 1


def test_monster_artefacts_put_the_monster_in_hand_in_the_advanced_game_only(battle):
    state, events = fight(QUIET, advanced=True, artefacts=["rot-monster", "broadsword"])
    choose(state, "Take Rot Monster", events)
    assert "rot-monster" in state.hands[P0] and "rot-monster" in state.owned[P0]
    state, events = fight(QUIET, artefacts=["rot-monster", "broadsword"])
    choose(state, "Take Rot Monster", events)
    assert "rot-monster" not in state.hands[P0] and "wizards.monster-artefact" not in rules_of(events)


def _score(state):
    for dungeon in state.dungeons:
        dungeon.open = False
    state.pending, state.legal = None, None
    events = Events()
    settle(state, events)
    return events


def test_end_of_game_artefacts_act_before_the_most_cursed_count():
    state = build(advanced=True, artefacts=[["blessed-cup", "crown-of-facets"], []],
                  cursed=[4, 2], hands=[["titan"], ["titan"]])
    events = _score(state)
    assert state.cursed[P0] == 1 and engine.to_move(state) == P0
    for colour in ("red", "blue", "red"):
        choose(state, f"Take a {colour} gem", events)
    assert state.most_cursed == (False, True)  # 1 against 2 after the Blessed Cup
    choose(state, "Cancel a red gem (best)", events)
    assert state.scores[P0] == 2 + 7 + 5  # {red, blue} set + A + B


def test_the_cancel_choice_offers_the_best_first_and_scoring_ties_go_to_the_token():
    state = build(gems=[{"red": 2, "blue": 1}, {"green": 1, "purple": 1}], cursed=[1, 0],
                  hands=[["titan"], ["titan"]])
    state.token = P1
    events = _score(state)
    assert offered(state) == ["Cancel a red gem (best)", "Cancel a blue gem"]
    choose(state, "Cancel a red gem", events)
    # Player 1: {red, blue} 2 - 3 (most cursed: 1 against 0) -> -1; Player 2: 2.
    assert state.scores == (2 - 3, 2)
    state = build(gems=[{"red": 1, "blue": 1}, {"green": 1, "purple": 1}], hands=[["titan"], ["titan"]])
    state.token = P1
    _score(state)
    assert state.scores == (2, 2) and state.winners == (P1,)


# -- enchantments ----------------------------------------------------------------------------
def test_of_abundance_and_astonishing_horror_give_gems_of_any_colour():
    state, events = fight(QUIET, advanced=True, enchantment="of-abundance")
    assert engine.to_move(state) == P0 and len(offered(state)) == 6
    choose(state, "Take a purple gem", events)
    choose(state, "Take a purple gem", events)
    assert state.gems[P0][5] == 1 and state.gems[P1][5] == 1
    state, events = fight({**QUIET, GREEN: [P1, "minotaur", True]}, advanced=True,
                          enchantment="of-astonishing-horror")
    choose(state, "Take a green gem", events)
    assert engine.to_move(state) == P1
    choose(state, "Take a green gem", events)
    assert state.gems[P1][3] == 2  # Ogre: a gem; Minotaur: none (not a giant); green entrance


def test_of_blood_and_of_mischief_strengthen_beasts_and_hobbs():
    assert strength_with("minotaur", enchantment="of-blood") == 4
    assert strength_with("hobb-runner", enchantment="of-blood") == 2
    assert strength_with("hobb-runner", enchantment="of-mischief") == 3


def test_of_forbidden_lore_draws_a_card_per_imp():
    state, events = fight({RED: [P0, "air-imp", True], BLUE: [P0, "earth-imp", True]},
                          advanced=True, enchantment="of-forbidden-lore",
                          decks=[["titan", "ogre", "minotaur"], []])
    assert "Player 1 draws 2 cards." in texts(events)


def test_of_radiance_allows_face_up_only():
    state = build(advanced=True, dungeons=[{"enchantment": "of-radiance"}, {"enchantment": "of-blood"}],
                  hands=[["minotaur"], []])
    assert not any("face down at Glimmer" in p for p in offered(state))
    assert any("face down at Lantern" in p for p in offered(state))


def test_of_shadow_curses_every_creature_and_lets_the_winner_return_three():
    state, events = fight(QUIET, advanced=True, enchantment="of-shadow", cursed=[2, 0])
    assert state.cursed == [3, 1]
    assert engine.to_move(state) == P0 and offered(state)[0] == "Give back 3 cursed gems"
    choose(state, "Give back 3", events)
    assert state.cursed == [0, 1]


def test_of_the_ancestors_and_of_purification_return_cursed_gems():
    state, events = fight({RED: [P0, "hobb-lobber", True], BLUE: [P0, "hobb-chanter", True]},
                          advanced=True, enchantment="of-the-ancestors", cursed=[3, 0])
    assert offered(state)[0] == "Give back 2 cursed gems"
    state, events = fight({RED: [P0, "titan", True]}, advanced=True,
                          enchantment="of-purification", cursed=[3, 0])
    assert offered(state) == ["Give back 1 cursed gem", "Give back 0 cursed gems"]


def test_of_the_chosen_lets_an_artefact_winner_return_a_cursed_gem():
    state, events = fight({RED: [P0, "titan", True]}, advanced=True, enchantment="of-the-chosen",
                          cursed=[1, 0], artefacts=["broadsword"])
    assert state.artefacts[P0] == ["broadsword"] and offered(state)[0] == "Give back 1 cursed gem"


def _opened(enchantment: str):
    state = build(advanced=True, hands=[["titan"], []], stack=[enchantment])
    state.piles = {"A": ["greatsword"], "B": ["broadsword"], "C": ["holy-vial", "tin-chalice"]}
    state.dungeons[0].turn_over(state.sides[0].dark, True)  # Sunken Cellar: A and B
    open_dungeon(state, 0, Events())
    return state


def test_of_wonders_adds_a_c_artefact_the_winner_takes_with_one_other():
    state = _opened("of-wonders")
    assert state.dungeons[0].artefacts == ["greatsword", "broadsword", "tin-chalice"]
    slots = state.dungeons[0].slots
    slots[1] = slots[1] or None
    from tablekit.wizards.scenario import start_battle
    from tablekit.wizards.state import Slot
    slots[2] = Slot(P0, "titan", True)
    slots[5] = Slot(P1, "minotaur", True)
    events = start_battle(state, 0)
    assert state.artefacts[P0] == ["tin-chalice"] and len(offered(state)) == 2
    choose(state, "Take Greatsword", events)
    assert state.artefacts[P0] == ["tin-chalice", "greatsword"]
    assert state.artefacts[P1] == ["broadsword"]  # within 3 of the winner: the runner-up's


def test_of_fortune_adds_a_gem_to_every_treasure_and_artefact():
    state = _opened("of-fortune")
    assert len(state.dungeons[0].fortune) == 5 + 2  # five entrances, two artefacts
    check_gems(state)
    from tablekit.wizards.scenario import start_battle
    from tablekit.wizards.state import Slot
    state.dungeons[0].slots[2] = Slot(P0, "titan", True)
    extra = state.dungeons[0].fortune[2]
    events = start_battle(state, 0)  # the lone owner takes both artefacts: no choice
    assert state.artefacts[P0] == ["greatsword", "broadsword"]
    assert f"Player 1 also takes the {extra} gem Of Fortune left there." in texts(events)
    check_gems(state)


def test_a_face_down_creature_is_shielded_only_by_equipment_that_protects_anything():
    from tablekit.wizards.effects import protected
    state = build(advanced=True, dungeons=[{"slots": {
        RED: [P1, "minotaur", False, "holy-defender"], BLUE: [P1, "fire-imp", False, "ward-amulet"],
        GREEN: [P1, "steel-sentinel", False]}, "enchantment": "of-blood"}, {}], hands=[["ogre"], []])
    assert [protected(state, 0, s) for s in (RED, BLUE, GREEN)] == [True, False, False]
    pushes = [p for p in offered(state) if p.startswith("Place Ogre face up at Glimmer")]
    assert not any("(red" in p for p in pushes) and any("(blue" in p for p in pushes)
