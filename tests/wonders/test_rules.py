"""Unit tests, one or more per rule of the Deck of Wonders rulebook."""

import pytest

import tablekit
from tablekit.core.errors import ConfigError, IllegalActionError
from tablekit.core.game import Events
from tablekit.wonders.actions import (
    Attack,
    Choose,
    EndTurn,
    Keep,
    Mulligan,
    PassCard,
    Place,
    PlayCard,
)
from tablekit.wonders.cards import default_catalog
from tablekit.wonders.fight import step_battle
from tablekit.wonders.game import GAME
from tablekit.wonders.scenario import scenario, scenario_match, uid_of
from tablekit.wonders.state import NONE, VILLAIN
from tests.wonders.helpers import refused


def hand_names(state, board=0):
    return [state.table[u].name for u in state.boards[board].hand]


def discard_names(state):
    return sorted(state.table[u].name for u in state.boards[0].discard)


def rules_of(events):
    return {e.rule for e in events.items}


# -- setting up -------------------------------------------------------------------------

def test_setup_draw_pile_is_villain_set_plus_28_and_four_in_hand():
    match = tablekit.new_game("wonders", seed=1)
    state = match.state
    board = state.boards[0]
    cullin = sum(c.copies for c in default_catalog().villain_cards("cullin"))  # 14 in the sample
    assert len(board.hand) == 4 and len(board.draw) == cullin + 28 - 4
    sets = [state.table[u].set for u in board.card_uids()]
    assert sets.count("cullin") == cullin and sets.count("green") == 28
    assert board.villain_health == board.player_health == 30
    assert {e.rule for e in match.log} >= {"wonders.villain-select", "wonders.draw-pile",
                                           "wonders.opening-hand", "wonders.special-rules"}


def test_villain_health_comes_from_the_villain_card():
    assert tablekit.new_game("wonders", villain="grak").state.boards[0].villain_health == 30


def test_random_deck_deals_28_from_the_whole_collection():
    state = tablekit.new_game("wonders", seed=4, villain="grak", deck="random").state
    sets = [state.table[u].set for u in state.boards[0].card_uids()]
    grak = sum(c.copies for c in default_catalog().villain_cards("grak"))  # 11 in the sample
    assert len(sets) == grak + 28 and sets.count("grak") == grak
    assert len({"green", "blue", "red"} & set(sets)) >= 2


def test_hand_picked_deck_and_its_errors():
    picks = ["tide-caller"] * 3 + ["fireball"] * 3 + ["hungry-wolf"] * 2 + ["forest-troll"] * 2
    picks += ["frost-bolt"] * 3 + ["mist-seer"] * 3 + ["ember-imp"] * 3 + ["lava-hound"] * 3
    picks += ["reef-guardian"] * 3 + ["scorch"] * 2 + ["owl-scout"]
    assert len(picks) == 28
    state = tablekit.new_game("wonders", deck="picked", picks=picks).state
    names = [state.table[u].id for u in state.boards[0].card_uids()]
    assert names.count("fireball") == 3 and names.count("tide-caller") == 3
    with pytest.raises(ConfigError, match="exactly 28"):
        tablekit.new_game("wonders", deck="picked", picks=picks[:-1])
    with pytest.raises(ConfigError, match="you own 2"):
        tablekit.new_game("wonders", deck="picked", picks=picks[:-1] + ["hungry-wolf"])
    with pytest.raises(ConfigError, match="not in your collection"):
        tablekit.new_game("wonders", deck="picked", picks=picks[:-1] + ["gnomish-servant"])
    with pytest.raises(ConfigError, match="option deck cannot be 'best'; allowed: 'recommended', 'picked' or 'random'"):
        tablekit.new_game("wonders", deck="best")
    with pytest.raises(ConfigError, match="unknown Villain"):
        tablekit.new_game("wonders", villain="dracula")
    with pytest.raises(ConfigError, match="locked"):
        tablekit.new_game("wonders", villain="cullin-fated")


def test_mulligan_once_then_play():
    match = tablekit.new_game("wonders", seed=2)
    first = list(match.state.boards[0].hand)
    assert set(match.legal_actions()) == {Keep(), Mulligan()}
    match.apply(Mulligan())
    board = match.state.boards[0]
    assert len(board.hand) == 4 and not set(first) & set(board.hand)
    assert sorted(board.discard) == sorted(first)
    assert match.state.phase == "play"
    refused(match.state, Mulligan(), "wonders.mulligan")


def test_first_turn_draws_nothing_more_and_later_turns_draw_one():
    match = tablekit.new_game("wonders", seed=2)
    match.apply(Keep())
    assert len(match.state.boards[0].hand) == 4
    state = scenario(draw=["stag-charger", "owl-scout"])
    GAME.apply(state, EndTurn())  # the Villain draws Stag Charger; no Player minions to fight
    assert hand_names(state) == ["Owl Scout"]


# -- the player's turn ------------------------------------------------------------------

def test_minion_enters_exhausted_and_cannot_attack():
    state = scenario(hand=["stag-charger"], villain_minions=["owl-scout"])
    GAME.apply(state, PlayCard(uid_of(state, "Stag Charger", "hand")))
    charger = state.boards[0].player_minions[0]
    assert charger.exhausted
    error = refused(state, Attack(charger.uid, VILLAIN), "wonders.attack")
    assert "exhausted" in error.reason


def test_cost_must_be_paid_and_is_discarded_with_the_spell():
    state = scenario(hand=["baited-trap", "owl-scout"], villain_minions=["forest-troll"])
    trap, scout = uid_of(state, "Baited Trap", "hand"), uid_of(state, "Owl Scout", "hand")
    troll = uid_of(state, "Forest Troll", "villain")
    refused(state, PlayCard(trap, troll, ()), "wonders.cost")
    refused(state, PlayCard(trap, troll, (trap,)), "wonders.cost")
    events = Events()
    GAME.apply(state, PlayCard(trap, troll, (scout,)), events)
    assert state.boards[0].villain_minions == [] and state.boards[0].hand == []
    assert discard_names(state) == ["Baited Trap", "Forest Troll", "Owl Scout"]
    assert {"wonders.cost", "wonders.destroy-effect", "wonders.discard-order"} <= rules_of(events)


def test_attack_deals_damage_and_takes_damage_back():
    state = scenario(player_minions=["treant-shepherd", "owl-scout"],
                     villain_minions=["treant-shepherd"])
    board = state.boards[0]
    mine, scout = board.player_minions
    foe = board.villain_minions[0]  # Villain half 2/4
    GAME.apply(state, Attack(mine.uid, foe.uid))
    assert mine.exhausted and mine.damage == 2 and foe.damage == 3
    assert board.villain_minions  # 3 < 4: it survives ...
    GAME.apply(state, Attack(scout.uid, foe.uid))  # ... until damage adds up within the turn
    assert board.villain_minions == [] and scout not in board.player_minions  # 2 back >= 1


def test_attacking_the_villain_takes_no_damage_back_and_damage_clears_at_turn_end():
    state = scenario(player_minions=["treant-shepherd", "mossback-tortoise"],
                     villain_minions=["treant-shepherd"], draw=["wild-growth"] * 3)
    board = state.boards[0]
    treant, tortoise = board.player_minions
    GAME.apply(state, Attack(treant.uid, board.villain_minions[0].uid))
    GAME.apply(state, Attack(tortoise.uid, VILLAIN))
    assert board.villain_health == 29 and tortoise.damage == 0
    assert treant.damage == 2
    GAME.apply(state, EndTurn())
    assert treant.damage == 0 and not treant.exhausted


def test_zero_strength_minion_attacks_and_poison_destroys():
    state = scenario(player_minions=["fire-venom-spider"], villain_minions=["ogre-bodyguard"])
    board = state.boards[0]
    spider = board.player_minions[0]
    GAME.apply(state, Attack(spider.uid, board.villain_minions[0].uid))
    assert board.villain_minions == [] and board.player_minions == []  # 4 back kills it too


def test_taunt_must_be_attacked_first_but_spells_ignore_it():
    state = scenario(hand=["thorn-volley"], player_minions=["treant-shepherd"],
                     villain_minions=["owl-scout", "royal-guard"])
    treant = state.boards[0].player_minions[0]
    scout = uid_of(state, "Owl Scout", "villain")
    guard = uid_of(state, "Royal Guard", "villain")
    refused(state, Attack(treant.uid, scout), "wonders.taunt")
    refused(state, Attack(treant.uid, VILLAIN), "wonders.taunt")
    attack_targets = {a.target for a in GAME.legal_actions(state) if isinstance(a, Attack)}
    assert attack_targets == {guard}
    GAME.apply(state, PlayCard(uid_of(state, "Thorn Volley", "hand"), scout))
    assert [m.name for m in state.boards[0].villain_minions] == ["Royal Guard"]


def test_shield_blocks_first_damage_even_zero_and_is_discarded():
    state = scenario(hand=["earth-shield"], player_minions=["pixie-mesmerist", "hungry-wolf"],
                     villain_minions=["forest-troll"])
    board = state.boards[0]
    mesmerist, wolf = board.player_minions
    shield = uid_of(state, "Earth Shield", "hand")
    GAME.apply(state, PlayCard(shield, mesmerist.uid))
    assert mesmerist.shield and mesmerist.attached == [shield]
    GAME.apply(state, Attack(mesmerist.uid, board.villain_minions[0].uid))
    assert mesmerist in board.player_minions and not mesmerist.shield
    assert discard_names(state) == ["Earth Shield"]
    del wolf


def test_no_duplicate_effect_and_skipped_bullet():
    state = scenario(hand=["earth-shield", "earth-shield"], player_minions=["mossback-tortoise"])
    targets = {a.target for a in GAME.legal_actions(state) if isinstance(a, PlayCard)}
    assert targets == {NONE}  # the Tortoise already has a Shield
    events = Events()
    GAME.apply(state, PlayCard(state.boards[0].hand[0], NONE), events)
    assert "wonders.skip-bullet" in rules_of(events)
    assert discard_names(state) == ["Earth Shield"]


def test_destroyed_minion_takes_its_persistent_spell_along():
    state = scenario(hand=["earth-shield", "baited-trap", "owl-scout"],
                     villain_minions=["forest-troll"], draw=["stag-charger"])
    troll = state.boards[0].villain_minions[0]
    # give the Villain's troll nothing; shield our own minion and then lose it to a trap
    state2 = scenario(player_minions=["hungry-wolf"], hand=["earth-shield"],
                      draw=["baited-trap", "stag-charger"])
    wolf = state2.boards[0].player_minions[0]
    GAME.apply(state2, PlayCard(state2.boards[0].hand[0], wolf.uid))
    GAME.apply(state2, EndTurn())  # the Villain draws Baited Trap: the Wolf is destroyed
    assert state2.boards[0].player_minions == []
    assert sorted(state2.table[u].name for u in state2.boards[0].discard) == [
        "Baited Trap", "Earth Shield", "Hungry Wolf"]
    del troll, state


def test_reshuffle_leaves_the_drawing_spell_out():
    state = scenario(hand=["wild-growth"], discard=["owl-scout", "stag-charger"])
    events = Events()
    GAME.apply(state, PlayCard(state.boards[0].hand[0]), events)
    assert "wonders.reshuffle" in rules_of(events)
    assert sorted(hand_names(state)) == ["Owl Scout", "Stag Charger"]
    assert discard_names(state) == ["Wild Growth"]


def test_nothing_to_draw_skips_the_bullet():
    state = scenario(hand=["wild-growth"])
    events = Events()
    GAME.apply(state, PlayCard(state.boards[0].hand[0]), events)
    assert "wonders.skip-bullet" in rules_of(events) and hand_names(state) == []


def test_heal_never_goes_above_starting_health():
    state = scenario(hand=["healing-spring"], player_health=27)
    GAME.apply(state, PlayCard(state.boards[0].hand[0]))
    assert state.boards[0].player_health == 30


def test_all_enemy_damage_and_death_text():
    state = scenario(hand=["bramble-snare", "owl-scout"],
                     villain_minions=["palace-jester", "forest-troll", "ogre-bodyguard"])
    events = Events()
    GAME.apply(state, PlayCard(uid_of(state, "Bramble Snare", "hand"), NONE,
                               (uid_of(state, "Owl Scout", "hand"),)), events)
    board = state.boards[0]
    assert [m.name for m in board.villain_minions] == ["Ogre Bodyguard"]
    assert board.player_health == 29  # the Jester's DEATH text
    assert "wonders.death-text" in rules_of(events)


def test_win_when_the_villain_reaches_zero():
    state = scenario(player_minions=["forest-troll"], villain_health=3)  # the Troll hits for 3
    GAME.apply(state, Attack(state.boards[0].player_minions[0].uid, VILLAIN))
    assert GAME.is_over(state) and GAME.outcome(state).won(0)
    assert GAME.legal_actions(state) == [] and GAME.to_move(state) is None
    refused(state, EndTurn(), "wonders.game-over")


def test_loss_when_the_player_reaches_zero():
    state = scenario(villain_minions=["forest-troll"], player_health=5, draw=["owl-scout"] * 2)
    GAME.apply(state, EndTurn())
    assert GAME.is_over(state) and not GAME.outcome(state).won(0)
    assert GAME.outcome(state).scores == (0.0,)


# -- the Villain's turn -----------------------------------------------------------------

def test_villain_minions_enter_ready_and_spells_are_discarded():
    state = scenario(draw=["thorn-volley", "owl-scout", "stag-charger"])
    GAME.apply(state, EndTurn())
    board = state.boards[0]
    # Thorn Volley hits for 2 and draws Owl Scout (Villain half 3/2), which attacks the Player for 3
    assert board.player_health == 25 and [m.name for m in board.villain_minions] == ["Owl Scout"]
    assert not board.villain_minions[0].exhausted  # readied again at the Villain's turn end
    assert discard_names(state) == ["Thorn Volley"]


def test_villain_choice_is_the_players_and_rejects_other_actions():
    state = scenario(player_minions=["owl-scout", "hungry-wolf"],
                     draw=["baited-trap", "stag-charger"])
    GAME.apply(state, EndTurn())
    assert state.pending is not None
    refused(state, EndTurn(), "wonders.choice")
    wolf = uid_of(state, "Hungry Wolf", "player")
    GAME.apply(state, Choose(wolf))
    assert [m.name for m in state.boards[0].player_minions] == ["Owl Scout"]


def test_battle_lines_are_the_players_choices():
    state = scenario(player_minions=["treant-shepherd", "hungry-wolf"],
                     villain_minions=["pixie-cavalry", "owl-scout"], draw=["stag-charger"])
    GAME.apply(state, EndTurn())
    offered = {state.table[a.minion].name for a in GAME.legal_actions(state)}
    assert offered == {"Pixie Cavalry", "Owl Scout", "Stag Charger"}
    refused(state, EndTurn(), "wonders.battle-lines")
    for name in ["Stag Charger", "Pixie Cavalry"]:
        GAME.apply(state, Place(uid_of(state, name, "villain")))
    GAME.apply(state, Place(uid_of(state, "Treant Shepherd", "player")))
    board = state.boards[0]
    # Stag (4) destroys Treant (3 back kills Stag); Cavalry (2) destroys Wolf (3 back kills it);
    # the Owl Scout (Villain half 3/2) has no Player minion left: 3 damage to the Player.
    assert board.player_minions == [] and [m.name for m in board.villain_minions] == ["Owl Scout"]
    assert board.player_health == 27


def test_special_rules():
    grak = tablekit.new_game("wonders", villain="grak", seed=3)
    grak.apply(Keep())
    events = grak.apply(EndTurn())
    assert any("4 draw" in e.text for e in events if e.rule == "wonders.villain-opening")
    state = scenario(villain="cullin", villain_health=20, draw=["owl-scout"] * 2)
    GAME.apply(state, EndTurn())
    assert state.boards[0].villain_health == 21


def test_turn_limit_ends_the_game():
    match = tablekit.new_game("wonders", seed=1, max_rounds=1)
    match.apply(Keep())
    while not match.is_over:
        match.apply(match.legal_actions()[0] if not isinstance(match.legal_actions()[0], EndTurn)
                    else EndTurn())
    assert match.state.result == "loss"
    assert any(e.rule in ("wonders.turn-limit", "wonders.loss") for e in match.log)
    with pytest.raises(ConfigError):
        tablekit.new_game("wonders", max_rounds=0)


# -- co-op -------------------------------------------------------------------------------

def test_coop_two_boards_pass_and_win_together():
    match = tablekit.new_game("wonders", seed=5, coop_villain="morwen")
    state = match.state
    assert len(state.boards) == 2 and state.boards[1].villain == "morwen"
    match.apply(Keep())
    assert match.to_move == 1
    match.apply(Keep())
    match.apply(EndTurn())
    assert match.to_move == 1
    match.apply(EndTurn())
    while state.phase != "pass" and not match.is_over:
        match.apply(match.legal_actions()[0])
    assert not match.is_over  # seed 5 reaches the passing step (a skip here would hide it)
    given = state.boards[0].hand[0]
    match.apply(PassCard(given))
    assert match.to_move == 1
    match.apply(PassCard(NONE))
    assert given in state.boards[1].hand and given not in state.boards[0].hand
    # one Villain beaten alone stays at 1 (checked when both players' turns are over)
    state.boards[0].villain_health = 0
    match.apply(EndTurn())
    assert match.to_move == 1
    events = match.apply(EndTurn())
    stays = [e.text for e in events if e.rule == "wonders.coop-win"]
    assert stays == [f"{state.boards[0].villain_name} fell before its partner's Villain and "
                     "stays at 1"]
    # it stays at 1, then its own Villain turn heals it (it was `>= 1` before: any heal passed)
    after = events[[e.rule for e in events].index("wonders.coop-win") + 1:]
    heals = [e.text for e in after if e.text.startswith(f"{state.boards[0].villain_name} heals to")]
    assert heals[0].endswith("heals to 2")  # from 1: Cullin's special rule heals 1 a turn
    assert not match.is_over and state.boards[0].villain_health == int(heals[-1].split()[-1])


def test_coop_check_keeps_a_villain_beaten_alone_at_exactly_1():
    from tablekit.wonders.effects import coop_check
    state = tablekit.new_game("wonders", seed=6, coop_villain="grak").state
    state.boards[1].villain_health = -3
    events = Events()
    coop_check(state, events)
    assert state.boards[1].villain_health == 1 and state.boards[0].villain_health > 1
    assert state.result is None and [e.rule for e in events.items] == ["wonders.coop-win"]


def test_coop_both_villains_down_on_the_same_turn_wins():
    match = tablekit.new_game("wonders", seed=6, coop_villain="grak")
    match.apply(Keep())
    match.apply(Keep())
    for board in match.state.boards:
        board.villain_health = 0
    match.apply(EndTurn())
    events = match.apply(EndTurn())
    assert match.is_over and match.outcome.won(0) and match.outcome.won(1)
    # Co-op Play: the win is checked as the players' turns end, so no Villain turn starts
    assert match.state.phase == "over" and match.state.work == []
    assert not any(e.rule.startswith("wonders.villain") for e in events)


def test_coop_view_hides_the_partners_hand():
    match = tablekit.new_game("wonders", seed=7, coop_villain="morwen")
    view = GAME.view(match.state, 0)
    assert view.boards[0].hand == match.state.boards[0].hand
    pool = sorted(match.state.boards[1].hand + match.state.boards[1].draw)
    assert sorted(view.boards[1].hand + view.boards[1].draw) == pool
    assert view.boards[0].draw == sorted(match.state.boards[0].draw)


def test_death_text_in_the_villains_attack_comes_before_the_hits_on_the_player():
    state = scenario(player_minions=["cinder-salamander"], villain_health=1, player_health=3,
                     villain_minions=["stag-charger", "forest-troll"], draw=["owl-scout"] * 3)
    GAME.apply(state, EndTurn())
    # Owl Scout drawn; order Stag Charger first: it destroys the Salamander, whose DEATH text
    # deals 2 to the Villain (1 + 1 healed) - the Player wins before the others' lethal hits land.
    GAME.apply(state, Place(uid_of(state, "Stag Charger", "villain")))
    GAME.apply(state, Place(uid_of(state, "Forest Troll", "villain")))
    assert state.result == "win"


def test_heuristic_agent_plays_whole_games():
    from tablekit.core.simulate import simulate
    result = simulate("wonders", 6, seed=1, agents=("heuristic",), executor="serial",
                      progress=False)
    assert result.win_rate().n == 6


def test_campaign_records_a_finished_match():
    from tablekit.wonders.campaign import Campaign
    state = scenario(player_minions=["forest-troll"], villain_health=3)  # the Troll hits for 3
    match = tablekit.new_game("wonders")
    campaign = Campaign()
    with pytest.raises(IllegalActionError):
        campaign.record_match(match)
    match.state = state
    match.apply(Attack(state.boards[0].player_minions[0].uid, VILLAIN))
    campaign.record_match(match)
    assert campaign.record["cullin"] == {"games": 1, "wins": 1, "losses": 0}
    assert campaign.upgrades_due == 1


def test_villain_draw_with_nothing_left_is_skipped():
    state = scenario(villain_minions=[], draw=[])
    events = Events()
    GAME.apply(state, EndTurn(), events)
    assert "wonders.nothing-to-draw" in rules_of(events) and not GAME.is_over(state)


def test_garbage_actions_are_refused_with_a_rule():
    state = scenario()
    refused(state, "attack!", "wonders.not-offered")
    refused(state, Keep(), "wonders.mulligan")
    refused(state, PassCard(3), "wonders.coop-pass")
    refused(state, Place(0), "wonders.choice")
    refused(state, PlayCard(999), "wonders.player-draw")


def test_player_taunt_minions_lead_the_line():
    from tablekit.wonders import Fighter, best_battle_lines
    guard = Fighter("Guard", 1, 4, priority=1, taunt=True)
    sprite = Fighter("Sprite", 1, 1, priority=5)
    layout = best_battle_lines([sprite, guard], [Fighter("Orc", 2, 2)])[0]
    assert layout.player_order == ["Guard", "Sprite"] and layout.report.player_damage == 2


def test_pack_rules_cards_are_announced():
    match = tablekit.new_game("wonders", campaign={"format": "tablekit-wonders-campaign",
                                                   "version": 1, "opened": ["cullin-decree"]})
    assert sum(e.rule == "wonders.special-rules" for e in match.log) == 2


def test_a_set_position_applies_the_villains_minion_strength_rule_as_a_dealt_game_does():
    state = scenario(villain="cullin-fated", villain_minions=["forest-troll"],
                     hand=["forest-troll"])
    troll = state.boards[0].villain_minions[0]
    dealt = tablekit.new_game("wonders", seed=1, villain="cullin-fated",
                              campaign={"format": "tablekit-wonders-campaign", "version": 1,
                                        "opened": ["cullin-crown"]}).state
    dealt_troll = next(c for c in dealt.table if c.id == "forest-troll")
    assert troll.strength == dealt_troll.villain.strength == 6  # 5 printed + 1
    assert state.table[state.boards[0].hand[0]].player.strength == dealt_troll.player.strength


# -- Attack (Villain turn), one Choose Target at a time on the table ----------------------

def _battle_step(state, villains: list[str], players: list[str]) -> Events:
    """Run one Choose Target and its attacks for these lines (card ids, left to right)."""
    frame = ["battle", 0, tuple(uid_of(state, v, "villain") for v in villains),
             tuple(uid_of(state, p, "player") for p in players)]
    state.work.append(frame)
    events = Events()
    step_battle(state, frame, events)
    return events


def test_attack_the_fallen_minion_hits_back_each_attacker_but_a_shield_takes_it() -> None:
    """Attack: the destroyed minion deals its strength back to each attacker; a Shield absorbs it."""
    state = scenario(player_minions=["pixie-cavalry"], villain_minions=["treant-shepherd", "forest-troll"])
    treant, troll = state.boards[0].villain_minions
    troll.shield = True
    _battle_step(state, ["treant-shepherd", "forest-troll"], ["pixie-cavalry"])
    # 2 then 5 destroy the Pixie Cavalry (3 health); it hits back 2 to each attacker
    assert state.boards[0].player_minions == []
    assert (treant.damage, treant.exhausted) == (2, True)  # 4 health: it stands, hurt
    assert (troll.damage, troll.shield, troll.exhausted) == (0, False, True)


def test_choose_target_attackers_that_cannot_destroy_the_leftmost_hit_the_player() -> None:
    """Choose Target: too weak together for the leftmost minion, they attack the Player, and say so."""
    state = scenario(player_minions=["treant-shepherd"], villain_minions=["pixie-mesmerist"])
    health = state.boards[0].player_health
    events = _battle_step(state, ["pixie-mesmerist"], ["treant-shepherd"])
    assert state.boards[0].player_health == health - 2
    told = [e for e in events.items if e.rule == "wonders.choose-target"]
    assert [e.data for e in told] == [{"a": "Pixie Mesmerist", "m": "Treant Shepherd"}]


def test_villain_turn_end_readies_the_villains_minions_and_says_so() -> None:
    """Turn End (Villain turn): the attackers are turned ready again, as the log says, before you draw."""
    match = scenario_match(villain_minions=["owl-scout"], draw=["wild-growth"] * 3)
    events = match.apply(EndTurn())
    rules = [e.rule for e in events]
    assert "wonders.villain-turn-end" in rules
    assert rules.index("wonders.villain-turn-end") < rules.index("wonders.player-draw")
    assert not any(m.exhausted for m in match.state.boards[0].villain_minions)
