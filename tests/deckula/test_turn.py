"""The turn (rulebook "Turn Sequence", "Activating Card Effects", "The Game Ends When")."""

from __future__ import annotations

import pytest

import tablekit
from tablekit.core.errors import IllegalActionError
from tablekit.deckula import Activate, Buy, Choose, Discard, Draw
from tablekit.deckula.cards import SAMPLE_SET
from tests.deckula.conftest import action, names, table


def test_a_plain_card_is_bought_for_two_energy_or_discarded_for_one():
    match = table(draw=["blood-fountain", "candelabra", "velvet-coffin"], energy=2)
    assert [type(a) for a in match.legal_actions()] == [Discard, Buy]
    events = match.apply(action(match, "Buy Blood Fountain (2 energy)"))
    assert events[0].rule == "deckula.buy" and match.state.energy == 0
    assert names(match, "home") == ["Blood Fountain"]
    assert [type(a) for a in match.legal_actions()] == [Discard]  # 0 energy: no buying
    events = match.apply(action(match, "Discard Candelabra (+1 energy)"))
    assert events[0].rule == "deckula.discard-for-energy" and match.state.energy == 1
    assert names(match, "discard") == ["Candelabra"]


def test_buying_without_two_energy_is_illegal_and_changes_nothing():
    match = table(draw=["blood-fountain", "candelabra"], energy=1)
    before = match.digest()
    with pytest.raises(IllegalActionError) as caught:
        match.apply(Buy(0, "Blood Fountain"))
    assert caught.value.rule == "deckula.buy" and "1" in caught.value.reason
    assert match.digest() == before and match.explain(Buy(0, "Blood Fountain")).rule == "deckula.buy"


def test_energy_has_no_upper_limit():
    match = table(draw=["candelabra"] * 6 + ["vampire-bride"], energy=2)
    for _ in range(6):
        match.apply(match.legal_actions()[0])
    assert match.state.energy == 8


def test_red_arrow_cards_go_to_their_area_for_free():
    match = table(draw=["candelabra", "bat-colony", "sunrise", "family-crypt"], energy=2)
    events = match.apply(action(match, "Discard Candelabra (+1 energy)"))
    rules = [e.rule for e in events]
    assert rules.count("deckula.red-arrow") == 2  # Bat Colony down, then Sunrise up
    assert names(match, "home") == ["Bat Colony"]
    assert match.is_over and match.outcome.scores == (0.0,)  # Sunrise with no coffin burns you
    assert match.state.todo == []  # The Game Ends When: at once; nothing queued is left to resolve
    assert match.state.energy == 3


def test_sunrise_is_survived_with_a_coffin_at_home():
    match = table(home=["velvet-coffin"], draw=["sunrise", "candelabra"], energy=2)
    assert names(match, "threat") == ["Sunrise"]
    assert any("does not happen" in e.text and e.rule == "deckula.instant" for e in match.log)
    assert not match.is_over


def test_surviving_the_deck_scores_the_vp_in_play():
    match = table(home=["blood-fountain"], threat=["hapless-vagabond"], draw=["candelabra"], energy=2)
    events = match.apply(action(match, "Buy Candelabra (2 energy)"))
    assert [e.rule for e in events[-2:]] == ["deckula.survive", "deckula.score"]
    assert match.is_over and match.outcome.scores == (3.0,) and match.outcome.won()  # 3 + 1 - 1


def test_instant_effects_happen_when_a_card_enters_play_and_only_then():
    match = table(draw=["furious-farmer", "candelabra", "vampire-bride"], energy=3)
    assert match.state.energy == 1  # the Farmer took 2 at once
    assert [e.rule for e in match.log if e.rule.startswith("deckula.lose")] == ["deckula.lose-energy"]


def test_an_energy_demand_you_cannot_pay_ends_the_game_with_no_points():
    match = table(home=["blood-fountain"], draw=["candelabra", "furious-farmer", "vampire-bride"], energy=0)
    events = match.apply(match.legal_actions()[0])  # discard: 1 energy, then the Farmer wants 2
    assert events[-1].rule == "deckula.game-ends-by-effect"
    assert match.is_over and match.outcome.scores == (0.0,) and not match.outcome.won()
    assert match.legal_actions() == []


def test_lose_energy_without_or_end_stops_at_zero():
    match = table(draw=["hapless-vagabond", "candelabra"], energy=0)
    assert match.state.energy == 0 and not match.is_over


def test_discard_effects_are_optional_and_give_no_energy():
    match = table(home=["trapdoor"], threat=["vengeful-villager"], draw=["candelabra", "vampire-bride"], energy=2)
    assert [type(a) for a in match.legal_actions()] == [Activate, Draw]
    events = match.apply(action(match, "Use Trapdoor (discard it)"))
    assert [e.rule for e in events][:2] == ["deckula.discard-effect", "deckula.kill"]
    assert names(match, "discard") == ["Trapdoor", "Vengeful Villager"] and match.state.energy == 2
    assert [type(a) for a in match.legal_actions()] == [Discard, Buy]  # nothing left to use: drawn


def test_a_discard_effect_with_nothing_to_act_on_cannot_be_used():
    match = table(home=["trapdoor"], draw=["candelabra", "vampire-bride"], energy=2)
    assert match.state.phase == "decide"  # no Visitor to kill, so the turn went straight to the draw
    with pytest.raises(IllegalActionError) as caught:
        match.apply(Activate(0, "Trapdoor"))
    assert caught.value.rule in ("deckula.buy", "deckula.discard-effect")


def test_choosing_which_visitor_to_kill():
    match = table(home=["loyal-gargoyle"], threat=["hapless-vagabond", "vengeful-villager"],
                  draw=["candelabra", "vampire-bride"])
    match.apply(action(match, "Use Loyal Gargoyle (discard it)"))
    assert [str(a) for a in match.legal_actions()] == ["Choose Hapless Vagabond", "Choose Vengeful Villager"]
    events = match.apply(action(match, "Choose Vengeful Villager"))
    assert events[0].rule == "deckula.kill" and names(match, "threat") == ["Hapless Vagabond"]
    with pytest.raises(IllegalActionError):
        match.apply(Choose(99, "Nobody"))


def test_passive_kill_after_the_visitors_own_instant():
    match = table(home=["hellhound"], draw=["hapless-vagabond", "candelabra", "vampire-bride"], energy=2)
    rules = [e.rule for e in match.log]
    assert rules.index("deckula.lose-energy") < rules.index("deckula.passive") < rules.index("deckula.kill")
    assert match.state.energy == 1 and names(match, "discard") == ["Hapless Vagabond"]


def test_two_passives_set_off_by_one_event_you_choose_one():
    match = table(home=["hellhound", "feeding-cellar"], draw=["hapless-vagabond", "candelabra", "vampire-bride"])
    assert match.state.phase == "choose"
    assert match.log[-1].rule == "deckula.passive-choice"
    events = match.apply(action(match, "Choose Feeding Cellar"))
    assert events[1].rule == "deckula.beneath"
    cellar = match.state.home[1]
    assert [match.state.name(u) for u in match.state.beneath[cellar]] == ["Hapless Vagabond"]
    assert match.state.card_vp(cellar) == 2  # 2 VP per Visitor beneath
    assert names(match, "discard") == []  # the Hellhound's effect was ignored


def test_beneath_capacity_and_cards_beneath_leave_with_their_keeper():
    match = table(home=["feeding-cellar"], draw=["hapless-vagabond", "gossiping-maid", "monster-hunter",
                                                 "lantern-priest", "candelabra"], energy=5)
    state = match.state
    assert [e.rule for e in match.log].count("deckula.beneath") == 2  # room for two
    assert state.names("threat")[:1] == ["Monster Hunter"]  # the third Visitor was not caught
    # the Lantern Priest then killed the only Home card: the Cellar, with both Visitors beneath it
    assert state.names("home") == [] and state.beneath == {}
    assert sorted(state.names("discard")) == ["Feeding Cellar", "Gossiping Maid", "Hapless Vagabond"]
    assert state.energy == 1 and not match.is_over


def test_blanked_cards_have_no_vp_and_no_effect_until_the_blanker_leaves():
    match = table(home=["blood-fountain", "candelabra", "loyal-gargoyle"],
                  draw=["curious-quaintrelle", "candelabra", "vampire-bride"], energy=2)
    state = match.state
    fountain = state.home[0]
    assert state.is_blanked(fountain) and state.card_vp(fountain) == 0
    assert any(e.rule == "deckula.blanked" for e in match.log)
    match.apply(action(match, "Use Loyal Gargoyle (discard it)"))  # kill the Quaintrelle
    assert not match.state.is_blanked(fountain) and match.state.card_vp(fountain) == 3


def test_a_blanked_guard_does_not_protect_you():
    match = table(home=["hellhound"], draw=["garlic-merchant", "monster-hunter", "candelabra"], energy=1)
    # the Garlic Merchant blanks the only Home card (the hound) before the hound can react
    assert match.state.is_blanked(match.state.home[0])
    assert match.is_over and match.state.name(match.state.ended_by) == "Monster Hunter"
    assert match.outcome.scores == (0.0,)


def test_a_blanked_blanker_blanks_nothing():
    match = table(home=["spider-webs", "candelabra"], draw=["curious-quaintrelle", "candelabra", "vampire-bride"],
                  energy=2)
    state = match.state
    quaintrelle, candelabra = state.threat[0], state.home[1]
    assert state.blanks[candelabra] == quaintrelle  # her instant went first...
    assert state.is_blanked(quaintrelle) and state.card_vp(quaintrelle) == 0  # ...then the webs caught her
    assert not state.is_blanked(candelabra) and state.card_vp(candelabra) == 1


def test_the_webs_get_blanked_when_they_are_the_finest_piece():
    match = table(home=["spider-webs"], draw=["curious-quaintrelle", "candelabra", "vampire-bride"], energy=2)
    assert match.state.is_blanked(match.state.home[0])  # blanked before its passive could react
    assert not match.state.is_blanked(match.state.threat[0])


def test_the_webs_catch_only_the_visitor_they_name() -> None:
    """Activating Card Effects: a passive naming Curious Quaintrelle ignores another Visitor entering."""
    match = table(home=["spider-webs", "candelabra"], draw=["hapless-vagabond", "candelabra", "vampire-bride"],
                  energy=2)
    vagabond = match.state.threat[0]
    assert not match.state.is_blanked(vagabond) and match.state.card_vp(vagabond) == -1
    assert not any(e.rule == "deckula.passive" for e in match.log)


def test_summon_brings_a_set_aside_visitor():
    match = table(draw=["nosy-postman", "candelabra"], set_aside=["hapless-vagabond"], energy=2)
    assert names(match, "threat") == ["Nosy Postman", "Hapless Vagabond"] and match.state.energy == 1
    assert any(e.rule == "deckula.summon" for e in match.log)
    empty = table(draw=["raven-messenger", "candelabra"], energy=2)
    assert any(e.rule == "deckula.no-target" for e in empty.log)


def test_vengeful_villager_needs_two_other_visitors():
    calm = table(threat=["hapless-vagabond"], draw=["vengeful-villager", "candelabra"])
    assert not calm.is_over
    mob = table(threat=["hapless-vagabond", "gossiping-maid"], draw=["vengeful-villager", "candelabra"])
    assert mob.is_over and mob.outcome.scores == (0.0,)


def test_manipulating_cards_bury_and_recover():
    match = table(home=["secret-passage", "resurrection-ritual"], discard=["blood-fountain", "hapless-vagabond"],
                  draw=["lantern-priest", "candelabra", "vampire-bride"], energy=2)
    match.apply(action(match, "Use Secret Passage (discard it)"))
    assert match.state.name(match.state.draw[0]) == "Lantern Priest"  # buried to the bottom
    match.apply(action(match, "Use Resurrection Ritual (discard it)"))
    assert [str(a) for a in match.legal_actions()] == ["Choose Blood Fountain", "Choose Secret Passage"]
    events = match.apply(action(match, "Choose Blood Fountain"))  # the Vagabond is no castle card
    assert events[0].rule == "deckula.manipulate"
    assert names(match, "home") == ["Blood Fountain"]


def test_home_sweet_home_throws_out_a_visitor():
    match = table(threat=["hapless-vagabond"], draw=["home-sweet-home", "candelabra"], energy=2)
    assert names(match, "home") == ["Home Sweet Home"] and names(match, "threat") == []


def test_lantern_priest_kills_a_home_card_of_your_choice():
    match = table(home=["candelabra", "blood-fountain"], draw=["lantern-priest", "vampire-bride"], energy=2)
    assert [str(a) for a in match.legal_actions()] == ["Choose Candelabra", "Choose Blood Fountain"]
    match.apply(action(match, "Choose Candelabra"))
    assert names(match, "home") == ["Blood Fountain"] and "Candelabra" in names(match, "discard")


def test_wrong_phase_actions_name_the_rule():
    match = table(draw=["blood-fountain", "candelabra"], energy=2)
    with pytest.raises(IllegalActionError) as caught:
        match.apply(Draw())
    assert caught.value.rule == "deckula.buy" and "Blood Fountain" in caught.value.reason


def test_undo_takes_back_a_buy():
    match = table(draw=["blood-fountain", "candelabra"], energy=2)
    before = match.digest()
    match.apply(match.legal_actions()[1])
    match.undo()
    assert match.digest() == before and match.can_redo


TARGETLESS = '''
[[card]]
id = "warning-bell"
name = "Warning Bell"
text = "Discard: ring it — a set-aside Visitor joins the Threat area (unless a Guard is home)."
[[card.effect]]
timing = "discard"
op = "summon"
unless_tag = "guard"

[[card]]
id = "leaky-purse"
name = "Leaky Purse"
text = "Discard: shake it out — lose 2 energy."
[[card.effect]]
timing = "discard"
op = "lose_energy"
amount = 2

[[card]]
id = "poison-chalice"
name = "Poison Chalice"
text = "Discard: drink it, and the game ends."
[[card.effect]]
timing = "discard"
op = "end_game"
'''


def targetless_table(tmp_path, **scenario):
    path = tmp_path / "targetless.toml"
    path.write_text(SAMPLE_SET.read_text(encoding="utf-8") + TARGETLESS, encoding="utf-8")
    return tablekit.new_game("deckula", seed=0, card_file=str(path), scenario=scenario)


def test_a_discard_effect_without_a_target_is_offered_when_it_can_happen(tmp_path):
    match = targetless_table(tmp_path, home=["warning-bell"], set_aside=["hapless-vagabond"],
                             draw=["candelabra", "vampire-bride"], energy=2)
    assert [type(a) for a in match.legal_actions()] == [Activate, Draw]
    events = match.apply(action(match, "Use Warning Bell (discard it)"))
    assert [e.rule for e in events][:2] == ["deckula.discard-effect", "deckula.summon"]
    assert names(match, "threat") == ["Hapless Vagabond"] and names(match, "discard") == ["Warning Bell"]
    chalice = targetless_table(tmp_path, home=["poison-chalice"], draw=["candelabra", "vampire-bride"])
    chalice.apply(action(chalice, "Use Poison Chalice (discard it)"))
    assert chalice.is_over and chalice.outcome.scores == (0.0,)


def test_a_discard_effect_that_would_not_happen_is_not_offered(tmp_path):
    nobody = targetless_table(tmp_path, home=["warning-bell"], draw=["candelabra", "vampire-bride"])
    assert nobody.state.phase == "decide"  # no set-aside Visitor to call: straight to the draw
    guarded = targetless_table(tmp_path, home=["warning-bell", "hellhound", "secret-passage"],
                               set_aside=["hapless-vagabond"], draw=["candelabra", "vampire-bride"])
    assert [str(a) for a in guarded.legal_actions()] == ["Use Secret Passage (discard it)", "Draw a card"]
    reason = guarded.explain(Activate(guarded.state.home[0], "Warning Bell")).reason  # a Guard is home
    assert "would not happen" in reason and "guard" in reason


def test_a_blanked_home_card_cannot_be_discarded_for_its_effect_and_says_why() -> None:
    """Terminology (Blanked): a blanked card has no effect, so its Discard effect is refused, naming the blank."""
    match = table(home=["loyal-gargoyle", "trapdoor"],
                  draw=["curious-quaintrelle", "candelabra", "vampire-bride"], energy=2)
    gargoyle = match.state.home[0]  # Curious Quaintrelle blanks it: the highest-VP Home card
    assert [str(a) for a in match.legal_actions()] == ["Use Trapdoor (discard it)", "Draw a card"]
    refusal = match.explain(Activate(gargoyle, "Loyal Gargoyle"))
    assert refusal.rule == "deckula.discard-effect"
    assert refusal.reason == "Loyal Gargoyle is blanked: it has no effect"


def test_a_discard_effect_that_costs_energy_is_offered_while_any_energy_is_left(tmp_path) -> None:
    """Activating Card Effects: losing energy changes something while you have any (never below 0)."""
    some = targetless_table(tmp_path, home=["leaky-purse"], draw=["candelabra", "vampire-bride"], energy=1)
    assert [str(a) for a in some.legal_actions()] == ["Use Leaky Purse (discard it)", "Draw a card"]
    some.apply(action(some, "Use Leaky Purse (discard it)"))
    assert some.state.energy == 0
    broke = targetless_table(tmp_path, home=["leaky-purse"], draw=["candelabra", "vampire-bride"], energy=0)
    assert broke.state.phase == "decide"  # nothing to lose: not offered, straight to the draw
