"""The Post-Game Cycle as actions: Fading (Legend bonus choice), Drifting picks, Turning buys."""

from __future__ import annotations

import json
import random

import pytest

import tablekit
from tablekit.core.errors import IllegalActionError, SaveFileError
from tablekit.forge.campaign import Campaign
from tablekit.forge.cycle import CYCLE, cycle_match, load_cycle, next_campaign


def recorded(wizards: int = 2, seed: int = 5):
    campaign = Campaign.new(wizards=wizards, seed=seed)
    match = tablekit.new_game("forge", seed=seed, **campaign.options())
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(match.game.heuristic_action(match.view(), match.legal_actions(), rng))
    return campaign.record(match.state)


def play_out(match, rng=None):
    while not match.is_over:
        legal = match.legal_actions()
        action = (rng.choice(legal) if rng else
                  CYCLE.heuristic_action(match.view(), legal, random.Random(0)))
        match.apply(action)
    return match


def test_a_whole_cycle_by_the_heuristic():
    campaign, result = recorded()
    match = play_out(cycle_match(campaign, result, seed=1))
    after = next_campaign(match)
    rules = {e.rule for e in match.log}
    assert {"forge.record", "forge.fading", "forge.drifting"} <= rules
    for before, now in zip(campaign.data.bands, after.data.bands, strict=False):
        assert before.name == now.name
    assert sorted(w.band for w in after.data.wizards) == sorted(w.band for w in
                                                                campaign.data.wizards)
    spent = sum(w.coppers for w in campaign.data.wizards) - sum(w.coppers for w in after.data.wizards)
    written = sum(len(b.inscriptions) for b in after.data.bands)
    assert spent >= 0 and written >= sum(len(b.inscriptions) for b in campaign.data.bands) - 2


@pytest.mark.parametrize("seed", range(4))
def test_random_cycles_end_and_keep_the_rules(seed):
    campaign, result = recorded(wizards=3, seed=seed)
    match = play_out(cycle_match(campaign, result, seed=seed), random.Random(seed))
    after = next_campaign(match)
    for wizard in after.data.wizards:
        assert wizard.coppers >= 0
    for band in after.data.bands:
        assert all(sample_ok(card, page) for card, page in band.inscriptions.items())


def sample_ok(card: str, page: str) -> bool:
    from tablekit.forge.band import check_inscription
    from tablekit.forge.cards import sample_book
    check_inscription(card, page, sample_book(), {}, bought=sample_book()[page].tier != "mythic")
    return True


def test_the_legend_bonus_lets_the_wizard_choose_which_card_fades():
    campaign, result = recorded()
    data = campaign.data.model_copy(update={"bands": tuple(
        b.model_copy(update={"legend_bonus": True}) for b in campaign.data.bands)})
    match = cycle_match(Campaign(data), result, seed=3)
    assert match.state.phase == "fade" and len(match.legal_actions()) == 2
    keep, fade = match.state.drawn
    match.apply(match.action(f"Fade {fade}"))
    band = next(b for b in match.state.data.bands if b.name == data.wizards[0].band)
    assert keep in band.inscriptions and fade not in band.inscriptions


def test_turning_spends_coppers_card_then_page():
    campaign, result = recorded()
    rich = campaign.data.model_copy(update={"wizards": tuple(
        w.model_copy(update={"coppers": 12}) for w in campaign.data.wizards)})
    match = cycle_match(Campaign(rich), result, seed=2)
    while match.state.phase in ("fade", "drift"):
        match.apply(CYCLE.heuristic_action(match.view(), match.legal_actions(), random.Random(0)))
    assert match.state.phase == "turn" and str(match.legal_actions()[0]) == "Done"
    match.apply(match.action("Inscribe Q♦"))
    offered = [str(a) for a in match.legal_actions()]
    assert "Write cinder-fang" in offered and "Write wildfire-crest" not in offered  # 20 > 12
    assert not any("sunforge" in text for text in offered)  # Mythics are never bought
    seat = match.state.seat
    match.apply(match.action("Write cinder-fang"))
    assert match.state.data.wizards[seat].coppers == 2
    assert match.state.seat != seat  # 2 coppers buy nothing: the next wizard Turns
    with pytest.raises(IllegalActionError):
        match.apply(match.game.action_from_json(["Write", "ember-edge"]))  # choose a card first


def test_save_load_undo_and_clone():
    campaign, result = recorded()
    match = cycle_match(campaign, result, seed=4)
    rng = random.Random(4)
    for _ in range(3):
        if not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
    loaded = load_cycle(match.to_json())
    assert loaded.digest() == match.digest()
    twin = match.clone()
    play_out(twin, random.Random(1))
    assert match.digest() == loaded.digest()
    view = CYCLE.view(match.state, 0)
    assert CYCLE.snapshot(CYCLE.view(CYCLE.determinize(view, rng), 0)) == CYCLE.snapshot(view)
    with pytest.raises(SaveFileError):
        load_cycle(json.dumps({**json.loads(match.to_json()), "digest": "0" * 16}))
    with pytest.raises(SaveFileError):
        load_cycle(tablekit.new_game("forge").to_json())
