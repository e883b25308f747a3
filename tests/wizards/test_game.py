"""The registered game: new_game for 2-4 players and the advanced game, options, scenarios."""

from __future__ import annotations

import pytest

import tablekit
from tablekit.core.errors import ConfigError
from tablekit.wizards import score_gems


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True])
def test_new_game_for_two_to_four_players_basic_and_advanced(players, advanced):
    match = tablekit.new_game("wizards", seed=7, players=players, advanced=advanced)
    assert match.to_move == 0 and match.legal_actions()
    assert len(match.state.dungeons) == (2 if players == 2 else 3)
    assert len(match.state.stack) == {2: 7, 3: 8, 4: 9}[players] - len(match.state.dungeons)
    assert all(len(h) == 3 for h in match.state.hands)
    assert match.state.config["artefact_effects"] is advanced
    decks = {tuple(sorted(o)) for o in match.state.owned}
    assert len(decks) == 1 and len(next(iter(decks))) == 10  # the same ten creatures each


def test_the_acceptance_score():
    assert score_gems({"red": 3, "blue": 1, "green": 1}, cursed=0) == 6


def test_decks_follow_the_recipes():
    standard = tablekit.new_game("wizards", seed=1).state.owned[0]
    assert sorted(standard) == sorted(["fire-imp", "air-imp", "earth-imp", "titan", "ogre",
                                       "hobb-lobber", "hobb-chanter", "hobb-runner", "bug-bear",
                                       "minotaur"])
    from tablekit.wizards.cards import components
    for seed in range(8):
        partial = tablekit.new_game("wizards", seed=seed, advanced=True).state.owned[0]
        kinds = sorted(components().creature(c).type for c in partial)
        assert "hobb-lobber" in partial and "ogre" in partial
        assert kinds == sorted(["imp"] * 3 + ["hobb"] * 3 + ["beast"] * 2 + ["giant"] * 2)
        anything = tablekit.new_game("wizards", seed=seed, deck="random").state.owned[0]
        assert len(set(anything)) == 10 and not any(components().creature(c).is_monster
                                                    for c in anything)


@pytest.mark.parametrize("options, message", [
    ({"players": 5}, "players cannot be 5"),
    ({"players": 1}, "players cannot be 1"),
    ({"deck": ["titan"] * 10}, "ten different creatures"),
    ({"deck": "mystery"}, "deck"),
    ({"hand_size": 0}, "hand_size"),
    ({"advanced": "yes"}, "advanced"),
    ({"colour": "red"}, "no option 'colour'"),
    ({"scenario": {"hands": [["dragon"], []]}}, "no creature, artefact or enchantment"),
    ({"scenario": {"dungeons": [{"slots": {3: [0, "titan", True]}}]}}, "not an entrance"),
    ({"scenario": {"hands": [["titan"]]}}, "one entry per player"),
])
def test_bad_options_are_config_errors(options, message):
    with pytest.raises(ConfigError, match=message):
        tablekit.new_game("wizards", seed=0, **options)


def test_a_scenario_can_start_with_a_battle_and_saves_round_trip():
    scenario = {"dungeons": [{"slots": {1: [0, "hobb-lobber", True], 2: [1, "titan", True],
                                        4: [1, "minotaur", True]},
                              "artefacts": ["greatsword", "broadsword"]}, {}],
                "hands": [[], ["minotaur"]], "battle": 0}
    match = tablekit.new_game("wizards", seed=0, scenario=scenario)
    assert any(e.text == "Titan of Player 2 is eliminated by Hobb Lobber." for e in match.log)
    assert [str(a) for a in match.legal_actions()] == ["Take Greatsword", "Take Broadsword"]
    match.apply(match.legal_actions()[0])
    again = tablekit.load_game(match.to_json())
    assert again.digest() == match.digest()


def test_illegal_placements_name_the_rule_they_break_and_change_nothing():
    from tablekit.wizards.actions import Place
    scenario = {"dungeons": [{"slots": {1: [1, "minotaur", True]}, "enchantment": "of-blood"},
                             {"enchantment": "of-radiance"}],
                "hands": [["titan", "bug-bear", "ogre"], ["air-imp"]]}
    match = tablekit.new_game("wizards", seed=0, advanced=True, scenario=scenario)
    cellar, vault = "Glimmer Cellar (blue entrance, space 2)", "Lantern Vault (orange entrance, space 1)"
    cases = [(Place("titan", 0, 2, False, cellar), "wizards.titan"),
             (Place("bug-bear", 0, 1, True, "x"), "wizards.place-entrance"),
             (Place("bug-bear", 0, 3, True, "x"), "wizards.place-entrance"),
             (Place("bug-bear", 1, 1, False, vault), "wizards.of-radiance"),
             (Place("air-imp", 0, 2, True, cellar), "wizards.place")]
    before = match.digest()
    for action, rule in cases:
        explained = match.explain(action)
        assert not explained.legal and explained.rule == rule, (action, explained)
    assert match.digest() == before
    match.apply(Place("bug-bear", 0, 2, False, cellar))
    second = match.explain(Place("titan", 0, 4, False, "Glimmer Cellar (green entrance, space 4)"))
    assert second.rule == "wizards.titan"
    hidden_again = match.explain(Place("ogre", 0, 4, False, "Glimmer Cellar (green entrance, space 4)"))
    assert not hidden_again.legal and hidden_again.rule == "wizards.place-face"


def test_a_scenario_whose_active_player_holds_nothing_runs_on_to_a_decision():
    match = tablekit.new_game("wizards", seed=0, scenario={"hands": [[], ["titan"]],
                                                           "decks": [[], []]})
    assert match.to_move == 1 and match.legal_actions()
    ended = tablekit.new_game("wizards", seed=0, scenario={})
    assert ended.is_over and ended.outcome is not None  # nobody has a card: straight to scoring
