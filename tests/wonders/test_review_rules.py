"""Rules review: rules of the rulebook that had no test of their own, section by section."""

import pytest

import tablekit
from tablekit.core.errors import IllegalActionError
from tablekit.core.game import Events
from tablekit.wonders import Fighter, resolve_villain_attacks
from tablekit.wonders.actions import Choose, EndTurn, Keep, PassCard, Place, PlayCard
from tablekit.wonders.campaign import Campaign, upgraded_halves
from tablekit.wonders.cards import Effect, default_catalog
from tablekit.wonders.game import GAME
from tablekit.wonders.scenario import scenario, uid_of
from tablekit.wonders.state import NONE
from tests.wonders.helpers import refused


def names(uids, state):
    return [state.table[u].name for u in uids]


# -- Normal Turn Order - Villain Turn: Draw -------------------------------------------------

def test_villain_spell_skips_a_bullet_but_still_resolves_the_next_one():
    # Earth Shield with no Villain minion to go on: the Shield bullet is skipped, the separate
    # Draw 1 bullet still makes the Villain draw (and play) again
    state = scenario(draw=["earth-shield", "owl-scout", "stag-charger"])
    events = Events()
    GAME.apply(state, EndTurn(), events)
    board = state.boards[0]
    assert "wonders.skip-bullet" in {e.rule for e in events.items}
    assert [m.name for m in board.villain_minions] == ["Owl Scout"]
    assert names(board.discard, state) == ["Earth Shield"]
    assert names(board.hand, state) == ["Stag Charger"]


def test_villain_spell_that_draws_stays_out_of_the_reshuffle():
    # Royal Tantrum (Villain half: 3 to the Player, then Draw 1) is the last card: the discard
    # pile (one Owl Scout) becomes the new pile without the Tantrum, which is discarded after
    state = scenario(draw=["royal-tantrum"], discard=["owl-scout"])
    events = Events()
    GAME.apply(state, EndTurn(), events)
    board = state.boards[0]
    shuffles = [e for e in events.items if e.rule == "wonders.reshuffle"]
    assert shuffles[0].data["n"] == 1
    assert [m.name for m in board.villain_minions] == ["Owl Scout"]
    assert board.player_health == 30 - 3 - 3  # the Tantrum, then the Owl Scout's Villain half
    # the Player's draw then reshuffles the Tantrum alone and draws it
    assert names(board.hand, state) == ["Royal Tantrum"] and len(shuffles) == 2


def test_exhausted_villain_minions_sit_out_the_battle_lines():
    state = scenario(player_minions=["treant-shepherd"],
                     villain_minions=["forest-troll", "pixie-cavalry"], draw=["owl-scout"] * 2)
    board = state.boards[0]
    board.villain_minions[0].exhausted = True  # as if card text had exhausted the Troll
    GAME.apply(state, EndTurn())
    # Cavalry (2) and Owl Scout (2) together destroy the Treant (3); the Troll never attacks
    offered = {state.table[a.minion].name for a in GAME.legal_actions(state)}
    assert offered == {"Pixie Cavalry", "Owl Scout"}
    GAME.apply(state, Place(uid_of(state, "Pixie Cavalry", "villain")))
    assert board.player_minions == [] and board.player_health == 30
    assert [m.name for m in board.villain_minions] == ["Forest Troll"]  # 3 back kills both


# -- Battle Lines / Choose Target / Attack ------------------------------------------------

def test_zero_strength_villain_minion_attacks_and_uses_up_a_shield():
    guard = Fighter("Guard", 1, 2, priority=1, shield=True)
    zero = Fighter("Husk", 0, 3)
    cavalry = Fighter("Cavalry", 2, 2)
    report = resolve_villain_attacks([guard], [zero, cavalry])
    # the Husk's 0 takes the Shield; the Cavalry's 2 then destroys the Guard; 1 back to each
    assert [(s.attackers, s.target) for s in report.steps] == [((0, 1), 0)]
    assert report.destroyed == ["Guard"] and report.player_damage == 0
    assert report.shields_used == [("player", 0)]
    # in the other order the Cavalry's 2 is absorbed and 0 more is not enough: the Player
    report = resolve_villain_attacks([guard], [cavalry, zero])
    assert report.destroyed == [] and report.player_damage == 2


def test_poison_player_minion_destroys_every_attacker_even_shielded():
    toad = Fighter("Toad", 1, 1, priority=3, poison=True)
    report = resolve_villain_attacks([toad], [Fighter("Husk", 0, 5),
                                              Fighter("Knight", 2, 9, shield=True)])
    assert report.destroyed == ["Toad", "Husk", "Knight"]
    assert ("villain", 1) in report.shields_used


def test_each_attacker_takes_the_full_hit_back_in_attack_order():
    treant = Fighter("Treant", 3, 6, priority=2)
    line = [Fighter("A", 2, 3), Fighter("B", 2, 4), Fighter("C", 2, 3)]
    report = resolve_villain_attacks([treant], line)
    # 2 + 2 + 2 reach 6 on the third hit; 3 back to each: A and C fall, B (4 health) lives
    assert report.destroyed == ["Treant", "A", "C"]


def test_choose_target_counts_only_the_minions_still_ready():
    # the Troll spends itself on the Wolf; Cavalry + Scout (4) cannot destroy the Treant
    # (5 health): they go for the Player, never for a minion further right
    players = [Fighter("Wolf", 3, 1, priority=3), Fighter("Treant", 3, 5, priority=2),
               Fighter("Sprite", 1, 1, priority=1)]
    report = resolve_villain_attacks(players, [Fighter("Troll", 5, 3), Fighter("Cavalry", 2, 2),
                                               Fighter("Scout", 2, 1)])
    assert report.destroyed == ["Wolf", "Troll"] and report.player_damage == 4


# -- Upgrades: copies that differ --------------------------------------------------------

def _upgraded_wolf_game():
    campaign = Campaign(upgrades={"hungry-wolf": "player-strength"})
    state = tablekit.new_game("wonders", seed=2, campaign=campaign).state
    board = state.boards[0]
    wolves = sorted((u for u in range(len(state.table)) if state.table[u].id == "hungry-wolf"),
                    key=lambda u: state.table[u].upgradeable)  # the plain copy first
    for uid in wolves:
        for place in (board.draw, board.hand, board.discard):
            if uid in place:
                place.remove(uid)
    board.hand[:0] = wolves
    state.phase, state.legal = "play", None
    return state, wolves


def test_an_upgraded_copy_can_be_played_even_behind_a_plain_copy():
    state, (plain, upgraded) = _upgraded_wolf_game()
    assert state.table[upgraded].player.strength == 4 and state.table[plain].player.strength == 3
    offered = {a.card: a for a in GAME.legal_actions(state) if isinstance(a, PlayCard)}
    assert plain in offered and upgraded in offered
    assert "upgraded" in str(offered[upgraded]) and "upgraded" not in str(offered[plain])
    GAME.apply(state, PlayCard(upgraded))
    assert state.boards[0].player_minions[-1].strength == 4


def test_identical_copies_stay_one_choice_and_say_which_to_play():
    state = scenario(hand=["hungry-wolf", "hungry-wolf"])
    first, second = state.boards[0].hand
    plays = [a for a in GAME.legal_actions(state) if isinstance(a, PlayCard)]
    assert [a.card for a in plays] == [first]
    error = refused(state, PlayCard(second), "wonders.not-offered")
    assert str(first) in error.reason


def test_cost_payments_tell_an_upgraded_copy_from_a_plain_one():
    campaign = Campaign(upgrades={"hungry-wolf": "player-strength"})
    state = tablekit.new_game("wonders", seed=2, campaign=campaign).state
    board = state.boards[0]
    wolves = [u for u in range(len(state.table)) if state.table[u].id == "hungry-wolf"]
    trap = next(u for u in range(len(state.table)) if state.table[u].id == "baited-trap")
    for uid in [*wolves, trap]:
        for place in (board.draw, board.hand, board.discard):
            if uid in place:
                place.remove(uid)
    board.hand = [trap, *wolves]
    state.phase, state.legal = "play", None
    paid = {a.discards for a in GAME.legal_actions(state)
            if isinstance(a, PlayCard) and a.card == trap}
    assert paid == {(wolves[0],), (wolves[1],)}  # keep the upgraded one or the plain one


def test_plus_one_player_draw_raises_the_draw_the_card_already_has():
    cards = default_catalog().cards
    jester = cards["palace-jester"]  # Player half: DEATH - Draw 1
    assert jester.player.death[0][0].op == "draw" and not jester.player.play
    player, _ = upgraded_halves(jester, "player-draw")
    assert player.death[0][0].n == 2 and player.play == []


def test_minus_one_player_cost_takes_exactly_one_card_off_the_cost():
    trap = default_catalog().cards["baited-trap"]
    costly = trap.model_copy(update={"player": trap.player.model_copy(update={
        "cost": [Effect(op="discard", n=1), Effect(op="discard", n=1)]})})
    player, _ = upgraded_halves(costly, "player-cost")
    assert sum(e.n for e in player.cost) == 1


def test_failed_upgrades_change_nothing():
    campaign = Campaign(upgrades_due=1)
    before = campaign.to_json()
    for card, kind in [("hungry-wolf", "player-cost"), ("hungry-wolf", "villain-draw"),
                       ("hungry-wolf", "golden"), ("no-such-card", "player-health"),
                       ("earth-shield", "player-strength")]:
        with pytest.raises(IllegalActionError) as caught:
            campaign.apply_upgrade(card, kind)
        assert caught.value.rule == "wonders.upgrade"
        assert campaign.to_json() == before


# -- Alternate Ways to Build the Draw Pile / Expanding ----------------------------------

@pytest.mark.parametrize("deck", ["recommended", "random"])
def test_every_deck_method_counts_for_legacy_packs(deck):
    match = tablekit.new_game("wonders", seed=3, villain="morwen", deck=deck, max_rounds=1)
    match.apply(Keep())
    while not match.is_over:
        match.apply(EndTurn() if EndTurn() in match.legal_actions() else
                    match.legal_actions()[0])
    campaign = Campaign()
    opened = campaign.record_match(match)
    assert [p.id for p in opened] == ["morwen-cauldron"]  # opened by a loss, any deck


# -- Co-op Play --------------------------------------------------------------------------

def test_coop_pass_happens_before_the_draw():
    match = tablekit.new_game("wonders", seed=5, coop_villain="morwen")
    state = match.state
    match.apply(Keep())
    match.apply(Keep())
    match.apply(EndTurn())
    match.apply(EndTurn())
    while state.phase != "pass" and not match.is_over:
        match.apply(match.legal_actions()[0])
    assert not match.is_over
    hands = [list(b.hand) for b in state.boards]
    tops = [b.draw[-1] for b in state.boards]
    given = hands[0][0]
    refused(state, PassCard(tops[0]), "wonders.coop-pass")  # not in hand yet
    match.apply(PassCard(given))
    match.apply(PassCard(NONE))
    assert state.boards[0].hand == hands[0][1:] + [tops[0]]
    assert state.boards[1].hand == hands[1] + [given, tops[1]]


# -- bad input: nothing changes, the rule is named ----------------------------------------

def test_wrong_targets_and_choices_name_their_rule():
    state = scenario(hand=["earth-shield"], player_minions=["hungry-wolf"],
                     villain_minions=["forest-troll"])
    troll = uid_of(state, "Forest Troll", "villain")
    refused(state, PlayCard(uid_of(state, "Earth Shield", "hand"), troll), "wonders.choice")
    state = scenario(player_minions=["owl-scout", "hungry-wolf"],
                     draw=["baited-trap", "stag-charger"])
    GAME.apply(state, EndTurn())
    assert state.pending is not None
    refused(state, Choose(999), "wonders.choice")
    refused(state, Place(0), "wonders.choice")
    state = scenario(player_minions=["treant-shepherd"],
                     villain_minions=["pixie-cavalry", "owl-scout"], draw=["stag-charger"])
    GAME.apply(state, EndTurn())
    assert state.lineup is not None
    refused(state, Place(uid_of(state, "Treant Shepherd", "player")), "wonders.battle-lines")
    refused(state, Choose(0), "wonders.battle-lines")


# -- Resolving Card Text: readings pinned (docs/rules-notes.md) ---------------------------

def test_a_spell_whose_text_cannot_resolve_can_still_be_played():
    state = scenario(hand=["baited-trap", "owl-scout"])  # no Villain minion to destroy
    trap, scout = state.boards[0].hand
    assert PlayCard(trap, NONE, (scout,)) in GAME.legal_actions(state)
    events = Events()
    GAME.apply(state, PlayCard(trap, NONE, (scout,)), events)
    assert "wonders.skip-bullet" in {e.rule for e in events.items}
    assert state.boards[0].hand == [] and sorted(state.boards[0].discard) == [trap, scout]


def test_choose_target_counts_damage_taken_earlier_in_the_turn():
    hurt = Fighter("Treant", 3, 3, priority=2, damage=2)
    report = resolve_villain_attacks([hurt], [Fighter("Sprite", 1, 1)])
    assert report.destroyed == ["Treant", "Sprite"] and report.player_damage == 0
    fresh = Fighter("Treant", 3, 3, priority=2)
    assert resolve_villain_attacks([fresh], [Fighter("Sprite", 1, 1)]).player_damage == 1


def test_play_text_that_cannot_resolve_leaves_the_minion_in_play():
    state = scenario(hand=["acorn-sprite"])  # PLAY: Draw 1, with both piles empty
    events = Events()
    GAME.apply(state, PlayCard(state.boards[0].hand[0]), events)
    assert [m.name for m in state.boards[0].player_minions] == ["Acorn Sprite"]
    assert "wonders.skip-bullet" in {e.rule for e in events.items}


def test_death_text_resolves_after_the_minion_is_discarded():
    # the Villain's Baited Trap destroys the Player's Palace Jester (DEATH: Draw 1) with the
    # draw pile empty: the Jester is already in the discard pile, so the reshuffle brings it
    # back to hand, while the Trap (the spell still resolving) stays out of that shuffle
    state = scenario(player_minions=["palace-jester"], draw=["baited-trap"])
    events = Events()
    GAME.apply(state, EndTurn(), events)
    board = state.boards[0]
    assert board.player_minions == []
    assert names(board.hand, state) == ["Palace Jester", "Baited Trap"]
    rules = [e.rule for e in events.items]
    assert rules.index("wonders.destroy-effect") < rules.index("wonders.death-text") \
        < rules.index("wonders.reshuffle")


# -- Create the Draw Pile: a beaten Fated Form's set against that same Villain --------------

def _fated_cullin_beaten():
    return Campaign(opened=["cullin-crown"], fated_beaten=["cullin-fated"],
                    record={"cullin-fated": {"games": 1, "wins": 1, "losses": 0}})


def test_a_villains_own_cards_are_never_added_twice_to_its_draw_pile():
    from collections import Counter

    from solvers.wonders import recommended_deck
    campaign = _fated_cullin_beaten()
    catalog = default_catalog()
    for seed in range(4):
        state = tablekit.new_game("wonders", seed=seed, villain="cullin", deck="random",
                                  campaign=campaign).state
        copies = Counter(state.table[u].id for u in state.boards[0].card_uids())
        for card_id, count in copies.items():
            assert count <= catalog.cards[card_id].copies, card_id
        own = sum(n for card_id, n in copies.items() if catalog.cards[card_id].set == "cullin")
        assert own == sum(c.copies for c in catalog.villain_cards("cullin", campaign.opened))
        assert sum(copies.values()) - own == 28
    # against another Villain the beaten set's cards are ordinary collection cards: one can be
    # picked (without the campaign it is not in the collection)
    picks = recommended_deck("morwen")[:27] + ["gnomish-servant"]
    state = tablekit.new_game("wonders", seed=1, villain="morwen", deck="picked", picks=picks,
                              campaign=campaign).state
    sets = Counter(state.table[u].set for u in state.boards[0].card_uids())
    assert sets["cullin"] == 1
    assert sets["morwen"] == sum(c.copies for c in catalog.villain_cards("morwen", campaign.opened))
    with pytest.raises(tablekit.core.errors.ConfigError, match="not in your collection"):
        tablekit.new_game("wonders", seed=1, villain="morwen", deck="picked", picks=picks)


def test_picking_a_villains_own_card_against_it_is_refused():
    from solvers.wonders import DeckProblem, owned_collection, pick_deck, validate_deck
    campaign = _fated_cullin_beaten()
    picks = ["gnomish-servant"] + ["hungry-wolf"] * 2 + ["treant-shepherd"] * 2
    picks += ["pixie-mesmerist"] * 2 + ["forest-troll"] * 2 + ["poison-toad"] * 2
    picks += ["pixie-cavalry"] * 2 + ["acorn-sprite"] * 2 + ["mossback-tortoise"] * 2
    picks += ["thorn-volley"] * 2 + ["wild-growth"] * 2 + ["owl-scout"] * 2
    picks += ["stag-charger"] * 2 + ["healing-spring"] * 2 + ["bramble-snare"]
    assert len(picks) == 28
    with pytest.raises(tablekit.core.errors.ConfigError, match="own cards"):
        tablekit.new_game("wonders", villain="cullin", deck="picked", picks=picks,
                          campaign=campaign)
    problem = DeckProblem("cullin", owned_collection(campaign))
    assert validate_deck(problem, picks)  # the builder says so too
    result = pick_deck(problem, seed=0, workers=1)
    assert not any(default_catalog().cards[c].set == "cullin" for c in result.picks)
    assert tablekit.new_game("wonders", villain="cullin", deck="picked", picks=result.picks,
                             campaign=campaign)
