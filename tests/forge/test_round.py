"""The Round, Tactics, Convert, Killing Blow and Key Rules, one scripted scenario per rule."""

from __future__ import annotations

import pytest

from tablekit.core.errors import IllegalActionError
from tests.forge.conftest import card, play, rules_of, table, texts


def test_plot_offers_every_card_and_converts_only_items():
    match = table([["Q♥", "7♣", "2♦"]])
    assert texts(match) == ["Plot 2♦", "Plot 7♣", "Plot Q♥", "Convert 2♦", "Convert 7♣"]
    with pytest.raises(IllegalActionError) as caught:
        match.apply(match.game.action_from_json(["Convert", card(0, "Q♥")]))
    assert caught.value.rule == "forge.convert"


def test_plots_stay_face_down_until_everyone_has_plotted():
    match = table([["9♠", "2♦"], ["8♥", "3♣"]])
    events = play(match, "Plot 9♠")
    assert rules_of(events) == ["forge.plot"] and "9♠" not in events[0].text
    view = match.view(1)
    assert view.plots[0] == -2 and card(0, "9♠") not in view.hands[0]
    events = play(match, "Plot 8♥")
    assert "forge.reveal" in rules_of(events)
    assert "Wizard 1 attacks with 9♠; Wizard 2 attacks with 8♥" in events[1].text
    assert match.view(1).plots[0] == card(0, "9♠")


def test_damage_is_the_sum_of_face_values_and_cards_are_committed():
    match = table([["9♠", "2♦"], ["K♥", "3♣"]], boss_hp=40)
    play(match, "Plot 9♠", "Plot K♥", "Pass", "Pass")
    s = match.state
    assert s.boss_hp == 40 - 9 - 13
    assert card(0, "9♠") in s.committed[0] and card(1, "K♥") in s.committed[1]


def test_hero_values_are_a_switch():
    match = table([["K♥", "3♣"]], boss_hp=40, hero_values=(10, 10, 10))
    play(match, "Plot K♥", "Pass")
    assert match.state.boss_hp == 30


def test_spike_adds_three_paid_by_one_discard():
    match = table([["9♠", "2♦", "4♣"]], boss_hp=40)
    play(match, "Plot 9♠")
    assert texts(match) == ["Pass", "Spike", "Brace"]
    events = play(match, "Spike", "Pay with 2♦")
    assert "forge.spike" in rules_of(events)
    assert match.state.boss_hp == 40 - 12
    assert card(0, "2♦") in match.state.committed[0]


def test_foil_lowers_another_card_by_three_but_never_below_one():
    match = table([["9♠", "2♦", "4♣"], ["2♥", "3♣", "5♦"]], boss_hp=40)
    play(match, "Plot 9♠", "Plot 2♥")
    assert "Foil wizard 2" in texts(match)
    play(match, "Foil wizard 2", "Pay with 2♦", "Pay with 4♣", "Pass")
    assert match.state.boss_hp == 40 - 9 - 1


def test_snipe_swaps_attack_cards_and_costs_a_hero():
    match = table([["3♠", "J♦", "4♣"], ["K♥", "3♣", "5♦"]], boss_hp=14)
    play(match, "Plot 3♠", "Plot K♥")
    play(match, "Snipe wizard 2")
    assert texts(match) == ["Pay with J♦"]  # only a Hero pays for a Snipe
    events = play(match, "Pay with J♦", "Pass")
    assert "forge.snipe" in rules_of(events)
    s = match.state
    assert s.plots[0] == card(1, "K♥") and s.killer == 0  # the King now lands the blow for Wizard 1


def test_brace_stops_the_boss_hit_only():
    match = table([["9♠", "2♦", "4♣"], ["5♥", "3♣", "5♦"]], boss_hp=40, boss_atk=30, minions=1)
    s = match.state
    minion_atk = s.monsters[s.minions[0]].atk
    events = play(match, "Plot 9♠", "Plot 5♥", "Brace", "Pay with 2♦", "Pass")
    assert "forge.brace" in rules_of(events)
    assert s.hp[1] == 0  # 30 ATK: Wizard 2 cannot dodge and is knocked out
    assert s.hp[0] == 20 - minion_atk  # braced against the Boss, not against the Minion (4♣ < ATK)


def test_one_tactic_per_wizard_per_round():
    match = table([["9♠", "2♦", "4♣", "6♣"]], boss_hp=40)
    play(match, "Plot 9♠", "Spike", "Pay with 2♦")
    assert match.state.phase != "tactic"


def test_convert_suits_give_their_gifts():
    spade = table([["7♠", "2♦"]])
    play(spade, "Convert 7♠")
    assert spade.state.shield[0] == 1
    heart = table([["7♥", "2♦"]])
    play(heart, "Convert 7♥")
    assert heart.state.hp[0] == 20 + 4
    club = table([["7♣", "2♦"]])
    play(club, "Convert 7♣")
    assert len(club.state.hands[0]) == 1 + 2
    diamond = table([["7♦", "2♠"]])
    before = diamond.state.coppers[0]
    play(diamond, "Convert 7♦")
    assert diamond.state.coppers[0] == before + 7


def test_convert_deals_no_damage_so_pressure_follows():
    match = table([["7♦", "2♠"]], boss_hp=40, boss_atk=1)
    events = play(match, "Convert 7♦", "Pass", "Take the hit")
    assert match.state.boss_hp == 40 and "forge.pressure" in rules_of(events)


def test_killing_blow_goes_to_the_highest_face_value_with_suit_tiebreak():
    match = table([["Q♦", "2♦"], ["Q♠", "3♣"], ["5♥", "3♦"]], boss_hp=20)
    play(match, "Plot Q♦", "Plot Q♠", "Plot 5♥", "Pass", "Pass", "Pass")
    s = match.state
    assert s.killer == 1 and s.phase == "reward"


def test_killing_blow_coppers_overkill_cap_assists_and_glory():
    match = table([["K♠", "2♦"], ["Q♥", "3♣"]], boss_hp=10)
    before = list(match.state.coppers)
    events = play(match, "Plot K♠", "Plot Q♥", "Pass", "Pass")
    s = match.state
    assert s.coppers[0] == before[0] + 3 + 5  # overkill 15, bonus capped at 5
    assert s.coppers[1] == before[1] + 1
    assert s.glory == [1, 0] and s.band_glory == [1, 1]
    assert {"forge.killing-blow", "forge.kill-coppers", "forge.assist", "forge.glory"} <= set(rules_of(events))


def test_overkill_below_the_cap():
    match = table([["9♠", "2♦"]], boss_hp=7)
    before = match.state.coppers[0]
    play(match, "Plot 9♠", "Pass")
    assert match.state.coppers[0] == before + 3 + 2


def test_rewards_apply_for_the_next_boss():
    rally = table([["9♠", "2♦"], ["9♥", "3♣"]], boss_hp=5)
    play(rally, "Plot 9♠", "Plot 9♥", "Pass", "Pass", "Rally")
    assert rally.state.hp == [25, 25] and rally.state.boss_no == 1
    surge = table([["9♠", "2♦"]], boss_hp=5)
    play(surge, "Plot 9♠", "Pass", "Surge")
    assert len(surge.state.hands[0]) == 14 + 3
    momentum = table([["9♠", "2♦"]], boss_hp=5)
    play(momentum, "Plot 9♠", "Pass")
    s = momentum.state
    written = s.monsters[s.bosses[1]].hp
    play(momentum, "Momentum")
    assert momentum.state.boss_hp == max(1, written - 10)


def test_between_bosses_hp_resets_hands_refill_and_minions_fall():
    match = table([["9♠", "2♦"], ["9♥", "3♣"]], boss_hp=5, minions=2)
    match.state.hp = [4, 0]
    match.state.out = [False, True]
    match.state.legal = None
    match.state.queue = [0]
    events = play(match, "Plot 9♠", "Pass")
    assert "forge.minions-fall" in rules_of(events) and match.state.minions == []
    play(match, "Surge")
    s = match.state
    assert s.hp == [20, 20] and s.out == [False, False]
    assert len(s.hands[1]) == 12


def test_active_wizard_passes_to_fewest_coppers():
    match = table([["9♠", "2♦"], ["9♥", "3♣"], ["2♥", "3♠"]], boss_hp=5)
    match.state.coppers = [0, 0, 0]
    play(match, "Plot 9♠", "Plot 9♥", "Plot 2♥", "Pass", "Pass", "Pass")
    # Wizard 1 killed (+3 +overkill), the others got 1 each: a tie between 2 and 3, clockwise -> 2
    events = play(match, "Surge")
    assert match.state.active == 1 and "forge.active-wizard" in rules_of(events)


def test_boss_attack_dodge_needs_strictly_more_than_the_attack():
    match = table([["9♠", "2♦", "3♦", "5♣"]], boss_hp=40, boss_atk=5)
    play(match, "Plot 9♠", "Pass")
    assert match.state.phase == "hit"
    assert texts(match) == ["Take the hit", "Dodge with 2♦ 5♣", "Dodge card 2♦", "Dodge card 3♦",
                            "Dodge card 5♣"]
    play(match, "Dodge card 2♦", "Dodge card 3♦")  # 5 is not more than 5: still gathering
    assert match.state.phase == "hit" and match.state.picked == [card(0, "2♦"), card(0, "3♦")]
    events = play(match, "Dodge card 5♣")
    assert "forge.dodge" in rules_of(events) and match.state.hp[0] == 20
    assert len(match.state.hands[0]) == 2  # the three dodge cards are gone, two drawn


def test_taking_the_hit_keeps_the_gathered_cards():
    match = table([["9♠", "2♦", "3♦", "5♣"]], boss_hp=40, boss_atk=5)
    play(match, "Plot 9♠", "Pass", "Dodge card 2♦", "Take the hit")
    s = match.state
    assert s.hp[0] == 15 and card(0, "2♦") in s.hands[0]


def test_a_hit_no_hand_can_beat_is_taken_without_asking():
    match = table([["9♠", "2♦"]], boss_hp=40, boss_atk=5)
    events = play(match, "Plot 9♠", "Pass")
    assert match.state.hp[0] == 15 and "forge.boss-attack" in rules_of(events)


def test_pressure_costs_two_when_the_boss_lost_nothing():
    match = table([["7♥", "2♦"], ["7♦", "2♠"]], boss_hp=40, boss_atk=1)
    play(match, "Convert 7♥", "Convert 7♦", "Pass", "Pass", "Take the hit", "Take the hit")
    s = match.state
    assert s.hp == [20 + 4 - 1 - 2, 20 - 1 - 2]


def test_minions_strike_each_wizard_and_can_be_dodged():
    match = table([["9♠", "2♦", "K♣"], ["9♥", "3♣", "2♠"]], boss_hp=40, boss_atk=1, minions=1)
    s = match.state
    minion_atk = s.monsters[s.minions[0]].atk
    play(match, "Plot 9♠", "Plot 9♥", "Pass", "Pass")
    while s.phase == "hit" and match.state.hits[0].boss:
        play(match, "Take the hit")
    s = match.state
    assert s.phase == "hit" and not s.hits[0].boss and s.hits[0].attack == minion_atk


def test_refill_draws_two_up_to_the_hand_size():
    match = table([["9♠", "2♦"]], boss_hp=40, boss_atk=1)
    play(match, "Plot 9♠", "Pass", "Take the hit")
    assert len(match.state.hands[0]) == 1 + 2
    full = table([["9♠"] + [f"{r}♦" for r in range(2, 11)] + ["J♦", "Q♦", "K♦", "2♣"]],
                 boss_hp=40, boss_atk=1)
    play(full, "Plot 9♠", "Pass", "Take the hit")
    assert len(full.state.hands[0]) == 14


def test_summon_a_minion_or_the_boss_gains_one_atk():
    match = table([["9♠", "2♦"], ["9♥", "3♣"]], boss_hp=40, boss_atk=1, pool=1)
    play(match, "Plot 9♠", "Plot 9♥", "Pass", "Pass", "Take the hit", "Take the hit")
    assert len(match.state.minions) == 1 and match.state.minion_pool == []
    solo = table([["9♠", "2♦"]], boss_hp=40, boss_atk=1)
    events = play(solo, "Plot 9♠", "Pass", "Take the hit")
    assert solo.state.boss_atk == 2 and "forge.summon" in rules_of(events)


def test_empty_deck_skips_the_plot_and_pressure():
    match = table([["9♠", "2♦"], ["9♥", "3♣"]], boss_hp=40, boss_atk=1, deck=0)
    assert match.state.phase == "tactic"  # nobody could plot
    play(match, "Pass", "Pass", "Take the hit", "Take the hit")
    s = match.state
    assert s.hp == [19, 19]  # the Boss's hit, but no Pressure


def test_knocked_out_wizards_sit_out_and_a_party_wipe_loses():
    match = table([["9♠", "2♦"], ["9♥", "3♣"]], boss_hp=40, boss_atk=20)
    events = play(match, "Plot 9♠", "Plot 9♥", "Pass", "Pass")
    assert rules_of(events).count("forge.knocked-out") == 2 and "forge.loss" in rules_of(events)
    assert match.is_over and not match.outcome.won(0)


def test_winning_after_the_sixth_boss():
    match = table([["K♠", "2♦"]], boss_hp=5, boss_no=5, mythics=False)
    events = play(match, "Plot K♠", "Pass")
    assert "forge.win" in rules_of(events) and match.is_over and match.outcome.won(0)


def test_inscriptions_add_damage_heal_and_draw_when_played():
    match = table([["9♠", "2♦"]], boss_hp=40, boss_atk=1,
                  inscribed={(0, "9♠"): "thunderclap"})
    events = play(match, "Plot 9♠", "Pass")
    assert match.state.boss_hp == 40 - 9 - 3
    assert "forge.inscription-effect" in rules_of(events)


def test_dodge_inscription_counts_more():
    match = table([["9♠", "2♦", "3♣"]], boss_hp=40, boss_atk=5,
                  inscribed={(0, "2♦"): "swallow-step"})
    play(match, "Plot 9♠", "Pass")
    assert "Dodge with 2♦" in texts(match)


def test_legend_kill_with_an_uninscribed_hero_earns_a_mythic():
    match = table([["K♠", "2♦"]], boss_hp=5, legend=True)
    s = match.state
    events = play(match, "Plot K♠", "Pass")
    assert "forge.legend-bonus" in rules_of(events) and s.legend_bonus[0]
    play(match, "Momentum")
    assert match.state.phase == "mythic"
    play(match, "Earn Mythic wyrmbane")
    assert match.state.inscribed[0][card(0, "K♠") % 48] == "wyrmbane"


def test_no_mythic_with_mythics_off_or_an_inscribed_hero():
    off = table([["K♠", "2♦"]], boss_hp=5, legend=True, mythics=False)
    play(off, "Plot K♠", "Pass", "Momentum")
    assert off.state.phase != "mythic"
    inscribed = table([["K♠", "2♦"]], boss_hp=5, legend=True, inscribed={(0, "K♠"): "ember-edge"})
    play(inscribed, "Plot K♠", "Pass", "Momentum")
    assert inscribed.state.phase != "mythic"
