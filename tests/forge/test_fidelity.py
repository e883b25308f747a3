"""Issue 36: rules fidelity (label risk, Mythic on the last Boss, heirloom, new bands, texts)."""

from __future__ import annotations

import pytest

import tablekit
from solvers.forge import plan_inscriptions
from tablekit.core.errors import IllegalActionError
from tablekit.forge.campaign import Campaign
from tablekit.forge.setup import STARTER_PLAN
from tests.forge.conftest import card, play, rules_of, table


def _take_hits_until(match, done) -> list:
    """Plot the first card, pass every Tactic, take every hit, until `done()`; the events."""
    events = []
    while not match.is_over and not done():
        legal = match.legal_actions()
        plain = [a for a in legal if str(a) in ("Take the hit", "Pass", "No label")]
        events += match.apply(plain[0] if plain else legal[0])
    return events


# -- 1. The label risk belongs to the labelled Boss -------------------------------------------
def test_label_risk_ends_with_the_labelled_boss():
    match = tablekit.new_game("forge", seed=2, wizards=1, dungeon=2, inscriptions="none")
    match.apply(match.action("Label sharp-tusks (heal)"))
    match.state.boss_hp = 1  # the labelled Boss dies in its first round
    events = _take_hits_until(match, lambda: match.state.phase == "reward")
    assert "forge.label-risk" not in rules_of(events)
    events = play(match, "Momentum")
    if match.state.phase == "label":
        events += play(match, "No label")
    match.state.boss_hp = 500  # the next Boss, unlabelled, survives its first round
    events += _take_hits_until(match, lambda: match.state.round > 1)
    assert "forge.label-risk" not in rules_of(events)


# -- 2. A Mythic is earned on the last Boss too ------------------------------------------------
def test_a_legend_kill_on_the_sixth_boss_still_earns_the_mythic():
    match = table([["K♠", "2♦"]], boss_hp=5, boss_no=5, legend=True)
    events = play(match, "Plot K♠", "Pass")
    assert match.state.phase == "mythic" and not match.is_over
    assert "forge.win" not in rules_of(events)
    events = play(match, "Earn Mythic wyrmbane")
    assert match.state.inscribed[0][card(0, "K♠")] == "wyrmbane"
    assert "forge.win" in rules_of(events) and match.outcome.won(0)


def test_the_sixth_boss_offers_no_reward_without_a_mythic():
    match = table([["Q♠", "2♦"]], boss_hp=5, boss_no=5, legend=True,
                  inscribed={(0, "Q♠"): "ember-edge"})
    play(match, "Plot Q♠", "Pass")
    assert match.is_over and match.state.result == "won"


# -- 3 and 4. A replacement band: inscribed like any new band, heirloom on its highest card -----
def _retired_campaign(wizards: int = 1) -> Campaign:
    plans = [{"K♠": "ember-edge", "7♥": "kettle-charm", "9♣": "hop-rune"}] * wizards
    campaign = Campaign.new(wizards=wizards, seed=4, plans=plans)
    for seed in range(3):
        campaign, _ = campaign.fade(seed=seed)
    return campaign


def test_the_heirloom_goes_on_the_highest_card_that_may_hold_it():
    campaign = _retired_campaign()
    heirloom = campaign.data.wizards[0].heirloom
    drifted = campaign.drift({"glory": [0], "best_kill": [0], "result": "lost"}, {},
                             new_bands="bare")
    new = drifted.band(drifted.data.wizards[0].band)
    assert new.inscriptions == {"K♠": heirloom}


def test_a_replacement_band_is_inscribed_like_every_new_band():
    campaign = _retired_campaign()
    heirloom = campaign.data.wizards[0].heirloom
    coppers = campaign.data.wizards[0].coppers
    drifted = campaign.drift({"glory": [0], "best_kill": [0], "result": "lost"}, {})
    new = drifted.band(drifted.data.wizards[0].band)
    plan = {c: p for c, p in new.inscriptions.items() if c in STARTER_PLAN}
    assert plan == STARTER_PLAN and 3 <= len(plan) <= 6
    assert heirloom in new.inscriptions.values() and len(new.inscriptions) == 4
    assert drifted.data.wizards[0].coppers == coppers + 40 - 30  # the solo budget's rest


# -- 5. Smaller ones ------------------------------------------------------------------------
def test_a_label_logs_the_boss_hp_it_changes():
    match = tablekit.new_game("forge", seed=2, wizards=2, dungeon=2, inscriptions="none")
    before = match.state.boss_hp
    events = match.apply(match.action("Label thick-hide (heal)"))
    text = " ".join(e.text for e in events if e.rule == "forge.label")
    assert f"HP {before} → {before + 8}" in text


def test_a_refused_card_names_its_band():
    match = table([["9♠", "J♦"], ["8♥", "J♦", "2♣", "3♣"]], boss_hp=40, boss_atk=5)
    play(match, "Plot 9♠", "Plot 8♥", "Pass", "Pass", "Take the hit")
    assert match.state.hits[0].wizard == 1
    with pytest.raises(IllegalActionError) as caught:
        match.apply(match.game.action_from_json(["Pick", card(0, "J♦")]))
    assert match.state.game.band_names[0] in caught.value.reason


def test_explain_cites_each_tactics_own_rule():
    match = table([["9♠", "2♦", "J♣"], ["8♥", "3♣"]], boss_hp=40)
    play(match, "Plot 9♠", "Plot 8♥")
    for text, rule in (("Spike", "forge.spike"), ("Snipe wizard 2", "forge.snipe"),
                       ("Brace", "forge.brace"), ("Foil wizard 2", "forge.foil")):
        assert match.explain(match.action(text)).rule == rule


@pytest.mark.parametrize("kind", ["Brace", "Spike"])
def test_a_targeted_brace_or_spike_is_refused_for_taking_no_target(kind):
    from tablekit.forge.state import Tactic
    match = table([["9♠", "2♦"], ["8♥", "3♣"]], boss_hp=40)
    play(match, "Plot 9♠", "Plot 8♥")
    explained = match.explain(Tactic(kind, 1))
    assert not explained.legal and "takes no target" in explained.reason
    assert "no attack card" not in explained.reason


def test_the_planner_spends_the_solo_budget_by_default():
    too_dear = {"K♠": "wildfire-crest", "Q♠": "ember-edge", "K♥": "cinder-fang",
                "7♥": "kettle-charm", "9♣": "wayfinder-notch"}
    result = plan_inscriptions(wizards=1, require=too_dear)  # refused before any simulation
    assert result.status == "infeasible" and result.coppers == 40


def test_the_readme_names_the_planners_simulated_player_and_budget():
    from pathlib import Path

    from solvers.forge import BUDGETS, PLAYER
    readme = (Path(__file__).parents[2] / "tablekit/forge/README.md").read_text()
    assert f"{PLAYER.name} wizard" in readme and f"{BUDGETS[1].search_games:,} search games" in readme


def test_seeded_campaign_steps_repeat():
    first = _retired_campaign().drift({"glory": [0], "best_kill": [0], "result": "lost"}, {})
    again = _retired_campaign().drift({"glory": [0], "best_kill": [0], "result": "lost"}, {})
    assert first.data == again.data


def test_an_own_card_not_in_hand_is_refused_as_such():
    match = table([["9♠", "2♦"]], boss_hp=40)
    explained = match.explain(match.game.action_from_json(["Plot", card(0, "K♠")]))
    assert not explained.legal and explained.rule == "forge.plot"
    assert explained.reason == "Wizard 1 has no K♠ in hand"
