"""The Post-Game Cycle and the campaign file (record, Fading, Drifting, Turning)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablekit
from tablekit.core.errors import ConfigError
from tablekit.forge.campaign import Campaign, CampaignError


def finished(campaign: Campaign, seed: int = 0):
    """A whole game of the campaign's next dungeon, played by the heuristic."""
    match = tablekit.new_game("forge", seed=seed, **campaign.options())
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(match.game.heuristic_action(match.view(), match.legal_actions(), rng))
    return match


def test_a_new_campaign_spends_the_starting_budget():
    campaign = Campaign.new(wizards=2, seed=1)
    assert [w.coppers for w in campaign.data.wizards] == [0, 0]
    solo = Campaign.new(wizards=1, seed=1)
    assert solo.data.wizards[0].coppers == 10
    with pytest.raises(CampaignError, match="3 to 6"):
        Campaign.new(wizards=2, plans=[{"K♠": "ember-edge"}, {"K♠": "ember-edge"}])


def test_the_file_round_trips_and_refuses_edits_and_damage():
    campaign = Campaign.new(wizards=2, seed=3)
    text = campaign.to_json()
    assert Campaign.load(text).data == campaign.data
    edited = json.loads(text)
    edited["wizards"][0]["coppers"] = 999
    with pytest.raises(CampaignError, match="edited or damaged"):
        Campaign.load(json.dumps(edited))
    for bad in ("{", "[]", json.dumps({**json.loads(text), "version": 7})):
        with pytest.raises(CampaignError):
            Campaign.load(bad)


def test_an_impossible_file_with_a_good_digest_is_still_refused():
    from tablekit.forge.campaign import _digest
    data = json.loads(Campaign.new(wizards=1, seed=3).to_json())
    data["bands"][0]["monsters"][0]["hp"] += 1
    data["digest"] = _digest(data)
    with pytest.raises(CampaignError, match="do not match its Items"):
        Campaign.load(json.dumps(data))
    data = json.loads(Campaign.new(wizards=1, seed=3).to_json())
    data["bands"][0]["inscriptions"]["5♠"] = "sunforge-crown"
    data["digest"] = _digest(data)
    with pytest.raises(CampaignError, match="Heroes"):
        Campaign.load(json.dumps(data))


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=60), st.integers(0, 400))
def test_fuzzed_campaign_files_give_clean_errors(junk, where):
    text = Campaign.new(wizards=1, seed=0).to_json()
    broken = text[:where] + junk + text[where:]
    try:
        loaded = Campaign.load(broken)
    except CampaignError as exc:
        assert str(exc)
    else:  # junk that JSON ignores (whitespace): the very same campaign
        assert loaded.data == Campaign.load(text).data


def test_a_game_of_the_campaign_uses_its_bands_and_coppers():
    campaign = Campaign.new(wizards=2, seed=5)
    match = tablekit.new_game("forge", seed=1, **campaign.options())
    s = match.state
    assert s.game.band_names == tuple(w.band for w in campaign.data.wizards)
    assert s.coppers == [0, 0] and s.phase == "plot"  # first dungeon: no label
    with pytest.raises(ConfigError, match="wizards"):
        tablekit.new_game("forge", seed=1, wizards=3, campaign=campaign.options()["campaign"])


def test_the_plan_option_is_refused_beside_a_campaign():
    campaign = Campaign.new(wizards=1, seed=5)
    with pytest.raises(ConfigError, match="plan.*not a campaign"):
        tablekit.new_game("forge", seed=1, plan={"K♠": "ember-edge"}, **campaign.options())


def test_record_fade_drift_and_turn():
    campaign = Campaign.new(wizards=2, seed=5)
    match = finished(campaign)
    recorded, result = campaign.record(match.state)
    state = match.state
    assert [w.coppers for w in recorded.data.wizards] == state.coppers
    assert all(b.dungeons == 1 and b.glory == state.band_glory[0] for b in recorded.data.bands)
    faded, log = recorded.fade(seed=1)
    for before, after in zip(recorded.data.bands, faded.data.bands, strict=True):
        assert len(after.inscriptions) == len(before.inscriptions) - 1
    assert len(log) == 2
    order = faded.draft_order(result)
    first = order[0]
    other_band = next(w.band for w in faded.data.wizards if w.name != first)
    drifted = faded.drift(result, {first: other_band})
    assert next(w for w in drifted.data.wizards if w.name == first).band == other_band
    assert [w.coppers for w in drifted.data.wizards] == [w.coppers for w in faded.data.wizards]
    rich = drifted.data.model_copy(update={"wizards": tuple(
        w.model_copy(update={"coppers": 15}) for w in drifted.data.wizards)})
    turned = Campaign(rich).turn({"Wizard 1": {"Q♦": "cinder-fang", "2♣": "hop-rune"}})
    holder = turned.band(turned.data.wizards[0].band)
    assert holder.inscriptions["Q♦"] == "cinder-fang" and turned.data.wizards[0].coppers == 0
    with pytest.raises(CampaignError, match="cost 20"):
        Campaign(rich).turn({"Wizard 1": {"Q♦": "wildfire-crest"}})
    with pytest.raises(CampaignError, match="never bought"):
        Campaign(rich).turn({"Wizard 1": {"Q♦": "sunforge-crown"}})


def test_draft_order_glory_then_best_kill_then_coppers():
    campaign = Campaign.new(wizards=3, seed=2)
    result = {"glory": [1, 2, 1], "best_kill": [9, 5, 12], "result": "won"}
    assert campaign.draft_order(result) == ["Wizard 2", "Wizard 3", "Wizard 1"]
    tied = {"glory": [1, 1, 1], "best_kill": [9, 9, 9], "result": "won"}
    rich = campaign.data.model_copy(update={"wizards": tuple(
        w.model_copy(update={"coppers": c}) for w, c in zip(campaign.data.wizards, (3, 9, 5),
                                                             strict=True))})
    assert Campaign(rich).draft_order(tied) == ["Wizard 2", "Wizard 3", "Wizard 1"]


def test_a_band_without_blessed_cards_retires_and_leaves_an_heirloom():
    plans = [{"K♠": "ember-edge", "7♥": "kettle-charm", "9♣": "hop-rune"}]
    campaign = Campaign.new(wizards=1, seed=4, plans=plans)
    for seed in range(3):
        campaign, log = campaign.fade(seed=seed)
    band = campaign.band(campaign.data.wizards[0].band)
    assert band.retired and not band.inscriptions
    heirloom = campaign.data.wizards[0].heirloom
    assert heirloom in {"ember-edge", "kettle-charm", "hop-rune"} and "retired" in log[-1].text
    drifted = campaign.drift({"glory": [0], "best_kill": [0], "result": "lost"}, {})
    new = drifted.band(drifted.data.wizards[0].band)
    assert not new.retired and list(new.inscriptions.values()).count(heirloom) == 1


def test_each_post_game_step_reports_its_rule():
    campaign = Campaign.new(wizards=2, seed=5)
    recorded, result = campaign.record(finished(campaign).state)
    assert [e.rule for e in result["events"]] == ["forge.record"]
    faded, events = recorded.fade(seed=2)
    assert {e.rule for e in events} == {"forge.fading"}
    drifted = faded.drift(result, {})
    assert [e.rule for e in drifted.log] == ["forge.drifting"] * 2
    rich = drifted.data.model_copy(update={"wizards": tuple(
        w.model_copy(update={"coppers": 5}) for w in drifted.data.wizards)})
    turned = Campaign(rich).turn({"Wizard 2": {"2♣": "hop-rune"}})
    assert [e.rule for e in turned.log] == ["forge.turning"] and "Hop Rune" in turned.log[0].text


def test_a_campaign_match_saves_and_loads():
    campaign = Campaign.new(wizards=2, seed=6)
    recorded, _ = campaign.record(finished(campaign, seed=2).state)
    match = tablekit.new_game("forge", seed=9, **recorded.options())
    assert match.state.phase == "label"  # the bands' second dungeon: labels are offered
    rng = random.Random(9)
    for _ in range(30):
        match.apply(rng.choice(match.legal_actions()))
    loaded = tablekit.load_game(match.to_json())
    assert loaded.digest() == match.digest() and loaded.config == match.config


def test_turning_re_inscribes_a_faded_card_and_unspent_coppers_carry():
    campaign = Campaign.new(wizards=2, seed=5)
    recorded, result = campaign.record(finished(campaign).state)
    faded, _ = recorded.fade(seed=1)
    band = faded.band(faded.data.wizards[0].band)
    assert "K♠" not in band.inscriptions  # Fading crossed K♠ out
    drifted = faded.drift(result, {})
    seat = next(i for i, w in enumerate(drifted.data.wizards) if w.band == band.name)
    coppers = drifted.data.wizards[seat].coppers
    assert coppers >= 5
    turned = drifted.turn({drifted.data.wizards[seat].name: {"K♠": "ember-edge"}})
    assert turned.band(band.name).inscriptions["K♠"] == "ember-edge"  # the faded card again
    assert turned.data.wizards[seat].coppers == coppers - 5  # the rest carries
    again = Campaign.load(turned.to_json())
    assert again.data.wizards[seat].coppers == coppers - 5
    assert again.options()["campaign"]["wizards"][seat]["coppers"] == coppers - 5
