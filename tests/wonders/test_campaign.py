"""The campaign: Legacy packs, upgrades, Fated Forms, and the campaign file."""

import json
import random

import pytest

import tablekit
from tablekit.core.errors import ConfigError, IllegalActionError, SaveFileError
from tablekit.wonders.campaign import Campaign, upgraded_halves
from tablekit.wonders.cards import default_catalog


def test_packs_open_when_their_conditions_are_met():
    campaign = Campaign()
    assert campaign.record_game("cullin", won=False, player_health=0) == []
    opened = campaign.record_game("cullin", won=False, player_health=0)
    assert [p.id for p in opened] == ["cullin-menagerie"]  # two games played
    opened = campaign.record_game("cullin", won=True, player_health=20)
    assert {p.id for p in opened} == {"cullin-decree", "cullin-crown"}
    assert "cullin-fated" in campaign.available_villains()
    assert campaign.upgrades_due == 1


def test_opened_packs_change_the_game():
    campaign = Campaign(opened=["cullin-menagerie", "cullin-decree"])
    state = tablekit.new_game("wonders", seed=1, campaign=campaign).state
    ids = [state.table[u].id for u in state.boards[0].card_uids()]
    assert "pampered-griffin" in ids  # a pack card joined Cullin's set
    troll = next(state.table[u] for u in state.boards[0].card_uids()
                 if state.table[u].id == "forest-troll")
    assert troll.villain.strength == 6  # the Royal Decree rules card: +1 strength
    base = tablekit.new_game("wonders", seed=1).state
    assert "pampered-griffin" not in [base.table[u].id for u in base.boards[0].card_uids()]


def test_fated_form_joins_the_collection_when_beaten():
    campaign = Campaign(opened=["cullin-crown"])
    assert tablekit.new_game("wonders", villain="cullin-fated", campaign=campaign)
    campaign.record_game("cullin-fated", won=True, player_health=3)
    assert campaign.collection_sets() == ["cullin"]
    picks = ["gnomish-servant"] * 2 + ["tide-caller"] * 3 + ["reef-guardian"] * 3
    picks += ["mist-seer"] * 3 + ["frost-bolt"] * 3 + ["bubble-ward"] * 3 + ["eel-lurker"] * 3
    picks += ["kraken-spawn"] * 3 + ["tidal-surge"] * 3 + ["pearl-diver"] * 2
    assert len(picks) == 28
    match = tablekit.new_game("wonders", villain="morwen", deck="picked", picks=picks,
                              campaign=campaign)
    assert match.state.boards[0].draw
    with pytest.raises(ConfigError):
        tablekit.new_game("wonders", villain="morwen", deck="picked", picks=picks)


def test_upgrades_apply_to_one_copy_and_follow_their_limits():
    campaign = Campaign(upgrades_due=3)
    with pytest.raises(IllegalActionError, match="no cost"):
        campaign.apply_upgrade("hungry-wolf", "player-cost")
    with pytest.raises(IllegalActionError, match="no Draw"):
        campaign.apply_upgrade("hungry-wolf", "villain-draw")
    campaign.apply_upgrade("hungry-wolf", "player-strength")
    with pytest.raises(IllegalActionError, match="already"):
        campaign.apply_upgrade("hungry-wolf", "player-health")
    campaign.apply_upgrade("poison-toad", "villain-health")
    campaign.apply_upgrade("baited-trap", "player-cost")
    with pytest.raises(IllegalActionError, match="earned by winning"):
        campaign.apply_upgrade("forest-troll", "villain-strength")
    state = tablekit.new_game("wonders", seed=2, campaign=campaign).state
    wolves = [state.table[u] for u in range(len(state.table))
              if state.table[u].id == "hungry-wolf"]
    assert sorted(w.player.strength for w in wolves) == [3, 4]
    assert [w.upgradeable for w in wolves].count(True) == 1
    toads = [state.table[u] for u in range(len(state.table)) if state.table[u].id == "poison-toad"]
    assert min(t.villain.health for t in toads) == 1  # never below 1
    trap = next(c for c in state.table if c.id == "baited-trap")
    assert trap.player.discard_cost == 0


def test_every_upgrade_type():
    cards = default_catalog().cards
    player, villain = upgraded_halves(cards["acorn-sprite"], "player-draw")
    assert player.play[0][0].n == 2
    player, _ = upgraded_halves(cards["hungry-wolf"], "player-draw")
    assert player.play[-1][0].op == "draw"
    _, villain = upgraded_halves(cards["acorn-sprite"], "villain-draw")
    assert villain.play[0][0].n == 0
    player, _ = upgraded_halves(cards["hungry-wolf"], "player-health")
    assert player.health == 2
    _, villain = upgraded_halves(cards["fire-venom-spider"], "villain-strength")
    assert villain.strength == 0
    _, villain = upgraded_halves(cards["hungry-wolf"], "villain-strength")
    assert villain.strength == 2


def test_campaign_file_round_trip(tmp_path):
    campaign = Campaign(opened=["cullin-menagerie"], upgrades={"hungry-wolf": "player-health"},
                        upgrades_due=1)
    campaign.record_game("morwen", won=False, player_health=0)
    path = tmp_path / "campaign.json"
    campaign.save(path)
    again = Campaign.load(path)
    assert again == campaign


@pytest.mark.parametrize("damage", [
    lambda d: "{broken",
    lambda d: json.dumps({**d, "format": "other"}),
    lambda d: json.dumps({**d, "version": 7}),
    lambda d: json.dumps({**d, "opened": ["no-such-pack"]}),
    lambda d: json.dumps({**d, "upgrades": {"hungry-wolf": "gold-plating"}}),
    lambda d: json.dumps({**d, "upgrades": {"hungry-wolf": "player-cost"}}),
    lambda d: json.dumps({**d, "fated_beaten": ["cullin"]}),
    lambda d: json.dumps({**d, "record": {"cullin": {"games": -1}}}),
    lambda d: json.dumps({**d, "upgrades_due": "many"}),
])
def test_corrupted_campaign_files_are_refused(tmp_path, damage):
    path = tmp_path / "campaign.json"
    Campaign().save(path)
    path.write_text(damage(json.loads(path.read_text())))
    with pytest.raises(SaveFileError):
        Campaign.load(path)
    with pytest.raises(ConfigError):
        tablekit.new_game("wonders", campaign=json.loads(path.read_text())
                          if path.read_text().startswith("{\"") else {"format": "x"})


def test_beaten_fated_form_lends_its_rules_cards():
    campaign = Campaign(opened=["cullin-decree", "cullin-crown"])
    with pytest.raises(ConfigError, match="Fated Form"):
        tablekit.new_game("wonders", villain="morwen", campaign=campaign,
                          borrowed_rules=["cullin-decree"])
    campaign.record_game("cullin-fated", won=True, player_health=5)
    match = tablekit.new_game("wonders", villain="morwen", campaign=campaign,
                              borrowed_rules=["cullin-decree"])
    assert ("minion-strength", 1) in match.state.boards[0].rules
    with pytest.raises(ConfigError, match="rules cards"):
        tablekit.new_game("wonders", campaign=campaign, borrowed_rules=["cullin-menagerie"])
    again = tablekit.load_game(match.to_json())
    assert again.digest() == match.digest()


def test_rules_cards_are_lent_only_to_other_villains():
    campaign = Campaign(opened=["cullin-decree", "cullin-crown", "cullin-menagerie"])
    assert campaign.lendable_rules() == []
    campaign.record_game("cullin-fated", won=True, player_health=5)
    assert campaign.lendable_rules() == ["cullin-decree"]  # the only pack with rules cards
    assert campaign.lendable_rules("morwen") == ["cullin-decree"]
    assert campaign.lendable_rules("cullin") == campaign.lendable_rules("cullin-fated") == []
    for villain in ("cullin", "cullin-fated"):
        with pytest.raises(ConfigError, match="only against other Villains"):
            tablekit.new_game("wonders", villain=villain, campaign=campaign,
                              borrowed_rules=["cullin-decree"])
    with pytest.raises(ConfigError, match="only against other Villains"):
        tablekit.new_game("wonders", villain="morwen", coop_villain="cullin", campaign=campaign,
                          borrowed_rules=["cullin-decree"])


@pytest.mark.parametrize("borrowed, problem", [
    ("cullin-decree", "option borrowed_rules = 'cullin-decree': should be a list"),
    ([["cullin-decree"]], r"option borrowed_rules.0 = \['cullin-decree'\]: should be text"),
    (["cullin-decree", "cullin-decree"], "names a pack twice"),
])
def test_malformed_borrowed_rules_are_refused(borrowed, problem):
    campaign = Campaign(opened=["cullin-decree", "cullin-crown"], fated_beaten=["cullin-fated"])
    with pytest.raises(ConfigError, match=problem):
        tablekit.new_game("wonders", villain="grak", campaign=campaign, borrowed_rules=borrowed)
    match = tablekit.new_game("wonders", villain="grak", campaign=campaign,
                              borrowed_rules=["cullin-decree"])
    assert ("minion-strength", 1) in match.state.boards[0].rules


def _finished(seed: int) -> tablekit.core.Match:
    """A Wonders game played to its end by the heuristic."""
    match = tablekit.new_game("wonders", seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(match.game.heuristic_action(match.view(), match.legal_actions(), rng))
    return match


def test_a_game_is_recorded_once_even_from_a_reloaded_save():
    campaign, match = Campaign(), _finished(7)
    campaign.record_match(match)
    before = campaign.to_json()
    for again in (match, tablekit.load_game(match.to_json()), match.clone()):
        with pytest.raises(IllegalActionError, match="already recorded"):
            campaign.record_match(again)
        assert campaign.to_json() == before
    reloaded = Campaign.from_json(json.loads(json.dumps(before)))
    with pytest.raises(IllegalActionError, match="already recorded"):
        reloaded.record_match(match)


def test_a_different_ending_after_undo_and_another_game_of_the_same_length_both_count():
    campaign, match = Campaign(), _finished(3)
    campaign.record_match(match)
    last = match.undo()
    other = next(a for a in match.legal_actions() if a != last)
    match.apply(other)  # in seed 3 this ends the game too, after as many actions
    assert match.is_over and campaign.is_recorded(match) is False
    campaign.record_match(match)
    assert campaign.record["cullin"]["games"] == 2
    twin = tablekit.new_game("wonders", seed=8)  # another game, whatever its length or id
    twin.play(*_finished(8).history)
    campaign.record_match(twin)
    assert campaign.record["cullin"]["games"] == 3


def test_a_campaign_file_with_bad_recorded_games_is_refused():
    for bad in ("abc", ["not-a-key"], [1]):
        with pytest.raises(SaveFileError, match="recorded"):
            Campaign.from_json({**Campaign().to_json(), "recorded": bad})
