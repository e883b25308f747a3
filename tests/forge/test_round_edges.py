"""The Round at its edges: exact kills, shields and armour at the limit, card 0, labels, texts."""

from __future__ import annotations

import tablekit
from tablekit.core.game import Events
from tablekit.forge import round as rnd
from tests.forge.conftest import card, play, rules_of, table


def test_a_blow_to_exactly_zero_hp_kills_the_boss():
    match = table([["9♠", "2♦"]], boss_hp=9)
    before = match.state.coppers[0]
    play(match, "Plot 9♠", "Pass")
    s = match.state
    assert s.phase == "reward" and s.killer == 0 and s.kill_card == card(0, "9♠")
    assert s.coppers[0] == before + 3  # no overkill


def test_a_shield_smaller_than_the_hit_stops_part_of_it():
    match = table([["9♠", "2♦"]], boss_hp=40, boss_atk=5, shield=[2])
    events = play(match, "Plot 9♠", "Pass")
    assert match.state.hp[0] == 20 - 3
    assert any("takes 3 from" in e.text for e in events if e.rule == "forge.boss-attack")


def test_a_shield_equal_to_the_hit_stops_it_without_asking():
    match = table([["9♠", "2♦", "K♣"]], boss_hp=40, boss_atk=5, shield=[5])
    events = play(match, "Plot 9♠", "Pass")
    assert match.state.hp[0] == 20 and match.state.phase == "plot"  # no dodge was offered
    assert "shield 5 stops" in " ".join(e.text for e in events)


def test_armour_larger_than_the_damage_never_heals_the_boss():
    match = table([["9♠", "2♦"]], boss_hp=40, boss_atk=1)
    match.state.armor = 12
    events = play(match, "Plot 9♠", "Pass", "Take the hit")
    assert match.state.boss_hp == 40 and match.state.dealt == 0
    assert "armour stops 9 damage" in " ".join(e.text for e in events)
    assert "forge.pressure" in rules_of(events)  # nothing got through


def test_armour_smaller_than_the_damage_lowers_it():
    match = table([["9♠", "2♦"]], boss_hp=40, boss_atk=1)
    match.state.armor = 4
    play(match, "Plot 9♠", "Pass")
    assert match.state.boss_hp == 40 - 5


def test_the_first_bands_two_of_spades_attacks():
    assert card(0, "2♠") == 0
    match = table([["2♠", "3♦"]], boss_hp=40, boss_atk=1)
    events = play(match, "Plot 2♠", "Pass")
    assert match.state.boss_hp == 38 and match.state.committed[0][0] == 0
    assert "forge.pressure" not in rules_of(events)


def test_a_wizard_with_an_empty_hand_and_a_deck_sits_out_plot_and_tactics():
    match = table([["9♠", "2♦"], []], boss_hp=40, boss_atk=1)
    s = match.state
    assert s.decks[1] and s.queue == [0]
    events = play(match, "Plot 9♠")
    assert "Reveal: Wizard 1 attacks with 9♠." in [e.text for e in events]
    assert s.phase == "tactic" and s.queue[0] == 0
    play(match, "Pass")  # Wizard 2 has nothing to pay a Tactic with: not asked
    assert s.boss_hp == 31 and s.phase != "tactic"


def test_the_reveal_names_attacks_and_converts_or_no_cards():
    match = table([["9♠", "2♦"], ["7♥", "3♣"]], boss_hp=40)
    events = play(match, "Plot 9♠", "Convert 7♥")
    assert "Reveal: Wizard 1 attacks with 9♠; Wizard 2 converts 7♥." in [e.text for e in events]
    empty = table([["9♠"]], boss_hp=40, deck=0)
    assert "Reveal: no cards." in [e.text for e in empty.log]


def test_a_spiked_inscription_adds_its_damage():
    match = table([["9♠", "2♦", "3♣"]], boss_hp=40, inscribed={(0, "9♠"): "grindstone-mark"})
    play(match, "Plot 9♠", "Spike", "Pay with 2♦")
    assert match.state.boss_hp == 40 - 9 - 3 - 2
    plain = table([["9♠", "2♦", "3♣"]], boss_hp=40, inscribed={(0, "9♠"): "grindstone-mark"})
    play(plain, "Plot 9♠", "Pass")
    assert plain.state.boss_hp == 40 - 9  # unspiked: nothing extra


def test_an_inscription_for_all_reaches_every_wizard_in_the_fight():
    match = table([["9♠", "2♦"], ["8♥", "3♣"], ["5♣", "4♦"]], boss_hp=40, boss_atk=0,
                  inscribed={(0, "9♠"): "campfire-circle"}, hp=[10, 10, 1])
    match.state.out[2] = True
    match.state.queue = [0, 1]
    match.state.legal = None
    events = play(match, "Plot 9♠", "Plot 8♥", "Pass", "Pass")
    assert match.state.hp[:2] == [13, 13] and match.state.hp[2] == 1  # not the knocked-out
    assert "heal 3 for all" in " ".join(e.text for e in events)


def test_a_shield_for_all_reaches_every_wizard():
    match = table([["9♠", "2♦"], ["8♥", "3♣"]], boss_hp=40, boss_atk=0,
                  inscribed={(0, "9♠"): "tower-ward"})
    play(match, "Plot 9♠", "Plot 8♥", "Pass", "Pass")
    assert match.state.shield == [1, 1]


def test_an_hp_label_is_scaled_by_the_number_of_wizards():
    for wizards in (1, 3):
        match = tablekit.new_game("forge", seed=2, wizards=wizards, dungeon=2,
                                  inscriptions="none")
        before = match.state.boss_hp
        match.apply(match.action("Label thick-hide (heal)"))
        assert match.state.boss_hp == before + 4 * wizards


def test_a_second_doom_label_keeps_the_earlier_round():
    s = table([["9♠"]]).state
    ev = Events(None)
    assert rnd.label_stat(s, "doom", 5) == "DOOM after round 5" and s.doom == 5
    rnd.label_stat(s, "doom", 3)
    assert s.doom == 3
    rnd.label_stat(s, "doom", 4)
    assert s.doom == 3
    del ev


def test_other_labels_change_their_stat():
    s = table([["9♠"]], boss_atk=3).state
    assert rnd.label_stat(s, "atk", 1) == "ATK 3 → 4" and s.boss_atk == 4
    assert rnd.label_stat(s, "armor", 2) == "armour 0 → 2" and s.armor == 2
    assert rnd.label_stat(s, "regen", 2) == "regrowth 0 → 2" and s.regen == 2


def test_the_label_limit_texts():
    match = tablekit.new_game("forge", seed=2, wizards=1, dungeon=2, inscriptions="none")
    s = match.state
    s.labels_added = 2
    assert rnd.label_limit_reason(s) == "2 labels were already added in this dungeon"
    assert not rnd.label_offered(s)
    s.labels_added = 1
    assert rnd.label_offered(s)


def test_the_lifetime_and_whole_pool_label_limit_texts():
    match = tablekit.new_game("forge", seed=2, wizards=1, dungeon=2, inscriptions="none")
    s = match.state
    pool = [lab.id for lab in s.game.pool.labels]
    from dataclasses import replace
    s.monsters[s.boss] = replace(s.monsters[s.boss], labels=tuple(pool[:5]))
    assert rnd.label_limit_reason(s) == "it already carries 5 labels, its lifetime limit"
    assert not rnd.label_offered(s)
    s.monsters[s.boss] = replace(s.monsters[s.boss], labels=tuple(pool[:4]))
    assert rnd.label_offered(s)


def test_the_label_adder_loses_one_hp_when_the_boss_survives():
    match = tablekit.new_game("forge", seed=2, wizards=2, dungeon=2, inscriptions="none")
    match.apply(match.action("Label sharp-tusks (draw)"))
    s = match.state
    s.boss_hp, s.boss_atk = 500, 0
    events = []
    while s.round == 1:
        legal = match.legal_actions()
        events += match.apply(next((a for a in legal if str(a) == "Pass"), legal[0]))
    assert "forge.label-risk" in rules_of(events) and s.hp == [19, 20]
    assert s.label_adder == -1


def test_equal_cards_of_two_bands_the_first_clockwise_from_the_active_wizard_kills():
    match = table([["Q♠", "2♦"], ["Q♠", "3♣"]], boss_hp=10, active=1)
    play(match, "Plot Q♠", "Plot Q♠", "Pass", "Pass")
    assert match.state.killer == 1 and match.state.kill_card == card(1, "Q♠")
    again = table([["Q♠", "2♦"], ["Q♠", "3♣"]], boss_hp=10)
    play(again, "Plot Q♠", "Plot Q♠", "Pass", "Pass")
    assert again.state.killer == 0


def test_the_killing_blow_records_the_best_kill_and_a_kill_inscription_pays():
    match = table([["9♠", "2♦"]], boss_hp=9, inscribed={(0, "9♠"): "finders-fee"})
    before = match.state.coppers[0]
    events = play(match, "Plot 9♠", "Pass")
    s = match.state
    assert s.best_kill[0] == 9 and s.coppers[0] == before + 3 + 3
    assert "forge.assist" not in rules_of(events)  # alone: nobody assists


def test_a_convert_inscription_raises_the_gift():
    match = table([["7♦", "2♠"]], boss_hp=40, inscribed={(0, "7♦"): "tinkers-twist"})
    before = match.state.coppers[0]
    play(match, "Convert 7♦")
    assert match.state.coppers[0] == before + 7 + 2


def test_a_played_draw_inscription_draws_for_its_wizard_only():
    match = table([["9♣", "2♦"], ["8♥", "3♣"]], boss_hp=40, boss_atk=0,
                  inscribed={(0, "9♣"): "wayfinder-notch"})
    play(match, "Plot 9♣", "Plot 8♥", "Pass", "Pass")
    s = match.state
    assert len(s.hands[0]) == 1 + 1 + 2 and len(s.hands[1]) == 1 + 2


def test_a_forced_hit_says_no_dodge_beats_it_and_a_dodge_commits_its_cards():
    match = table([["9♠", "2♦"]], boss_hp=40, boss_atk=5)
    events = play(match, "Plot 9♠", "Pass")
    assert any("(no dodge beats it): HP 15" in e.text for e in events)
    dodger = table([["9♠", "2♦", "K♣"]], boss_hp=40, boss_atk=5)
    play(dodger, "Plot 9♠", "Pass", "Dodge with K♣")
    assert card(0, "K♣") in dodger.state.committed[0] and dodger.state.hp[0] == 20


def test_the_refill_says_when_the_hand_size_stops_it():
    match = table([["9♠"] + [f"{r}♦" for r in range(2, 11)] + ["J♦", "Q♦", "K♦", "2♣"]],
                  boss_hp=40, boss_atk=0)
    events = play(match, "Plot 9♠", "Pass")
    assert any(e.rule == "forge.hand-limit" and "draws 1 (hand 14, the hand size)" in e.text
               for e in events)


def test_pressure_knocks_out_and_can_wipe_the_party():
    match = table([["7♥", "2♦"]], boss_hp=40, boss_atk=0, hp=[2])
    play(match, "Convert 7♥")
    assert match.state.hp[0] == 2 + 4  # healed at the Reveal, before any Pressure
    low = table([["7♦", "2♦"]], boss_hp=40, boss_atk=0, hp=[2])
    events = play(low, "Convert 7♦", "Pass")
    assert "forge.loss" in rules_of(events) and low.is_over


def test_the_label_reward_and_kill_coppers_texts():
    match = tablekit.new_game("forge", seed=2, wizards=1, dungeon=2, inscriptions="none")
    events = match.apply(match.action("Label sharp-tusks (heal)"))
    assert any(e.text.startswith("Wizard 1 earns 1 copper and heals 1") for e in events)
    hard = tablekit.new_game("forge", seed=2, wizards=1, dungeon=2, inscriptions="none")
    events = hard.apply(hard.action("Label doom (heal)"))
    assert any(e.text.startswith("Wizard 1 earns 3 coppers and heals 3") for e in events)
    kill = table([["9♠", "2♦"]], boss_hp=7)
    events = play(kill, "Plot 9♠", "Pass")
    assert "Wizard 1 earns 5 coppers (3, plus 2 for 2 overkill)." in [e.text for e in events]
    capped = table([["K♠", "2♦"]], boss_hp=5)
    events = play(capped, "Plot K♠", "Pass")
    assert "Wizard 1 earns 8 coppers (3, plus 5 for 8 overkill: the bonus stops at 5)." in [
        e.text for e in events]


def test_a_convert_is_not_repeated_in_a_round_without_a_plot():
    match = table([["7♦"]], boss_hp=40, boss_atk=0, deck=2)
    play(match, "Convert 7♦")
    s = match.state
    assert s.round == 2 and not s.decks[0] and s.phase == "tactic"  # no Plot: the deck is empty
    assert s.converted == [False] and s.plots == [-1] and s.dealt == 0
    coppers = s.coppers[0]
    events = play(match, "Pass")
    assert s.coppers[0] == coppers and not any(e.rule.startswith("forge.convert")
                                               for e in events)


def test_each_reward_is_told():
    for reward, text in (("Rally", "Rally: every wizard heals 5"),
                         ("Surge", "Surge: Wizard 1 draws 3 beyond the hand size."),
                         ("Momentum", "Momentum: the next Boss starts with 10 HP less.")):
        match = table([["9♠", "2♦"]], boss_hp=5)
        events = play(match, "Plot 9♠", "Pass", reward)
        assert any(e.rule == "forge.kill-reward" and e.text.startswith(text) for e in events)
