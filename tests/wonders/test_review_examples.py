"""Rules review: the rulebook's Examples A, B and C reproduced number for number.

Each test follows the example's text step by step: which card is drawn or played when, which
minion each Villain minion targets, the damage dealt, and the order in which minions fall
(the discard pile keeps that order, since nothing else is discarded in these positions).
Example C runs against Cullin, whose turn-start rule only heals him, so the Player's health
shows exactly the damage the book describes.
"""

import pytest

from tablekit.core.errors import IllegalActionError
from tablekit.core.game import Events
from tablekit.wonders import best_battle_lines, resolve_villain_attacks
from tablekit.wonders.actions import Attack, Choose, EndTurn, Place, PlayCard
from tablekit.wonders.battle import BattleStep
from tablekit.wonders.game import GAME
from tablekit.wonders.lessons import EXAMPLE_C_LAYOUTS, example_c_fighters
from tablekit.wonders.scenario import scenario, uid_of
from tablekit.wonders.state import VILLAIN
from tests.wonders.helpers import CAVALRY, MESMERIST, TOAD, TREANT, TROLL, WOLF


def names(minions):
    return [m.name for m in minions]


def pile_names(state, uids):
    return [state.table[u].name for u in uids]


def pile(state, place="discard"):
    """Card names of a pile, in the order the cards went there."""
    return [state.table[u].name for u in getattr(state.boards[0], place)]


# -- Example A: the Villain's opening draws ------------------------------------------------

def test_example_a_step_by_step():
    state = scenario(player_minions=["pixie-mesmerist"], opening=True,
                     draw=["pixie-cavalry", "gnomish-servant", "baited-trap", "earth-shield",
                           "hungry-wolf", "stag-charger", "owl-scout"])
    board = state.boards[0]
    events = Events()
    GAME.apply(state, EndTurn(), events)
    # the game stops at Draw 3: Earth Shield asks the Player which Villain minion takes it
    played = [e.data["card"] for e in events.items if e.rule == "wonders.villain-draw"
              and "card" in e.data]
    assert played == ["Pixie Cavalry", "Gnomish Servant", "Baited Trap", "Earth Shield"]
    # Draw 1 and Draw 2's minions are ready; Baited Trap (Servant's extra draw) took the
    # Player's only minion
    assert names(board.villain_minions) == ["Pixie Cavalry", "Gnomish Servant"]
    assert not any(m.exhausted for m in board.villain_minions)
    assert board.player_minions == []
    assert pile(state) == ["Pixie Mesmerist", "Baited Trap"]
    assert state.pending is not None
    GAME.apply(state, Choose(uid_of(state, "Gnomish Servant", "villain")), events := Events())
    # Earth Shield's extra draw is Hungry Wolf; it draws nothing, so the opening draws end
    played = [e.data["card"] for e in events.items if e.rule == "wonders.villain-draw"
              and "card" in e.data]
    assert played == ["Hungry Wolf"]
    servant = board.villain_minions[1]
    assert servant.shield and pile_names(state, servant.attached) == ["Earth Shield"]
    # no Player minion: all three Villain minions attack the Player (2 + 1 + 3)
    hits = [e for e in events.items if e.rule == "wonders.villain-hits-player"]
    assert len(hits) == 1 and hits[0].data["n"] == 6
    assert board.player_health == 24
    # three counted draws plus two extra ones: Stag Charger was the Player's next draw and
    # Owl Scout is still on top of the pile
    assert pile(state, "hand") == ["Stag Charger"] and pile(state, "draw") == ["Owl Scout"]
    assert state.phase == "play" and not state.opening


def test_example_a_extra_draws_do_not_count_towards_the_three():
    # without any card that draws again, the Villain's opening takes exactly three cards
    state = scenario(opening=True, draw=["pixie-cavalry", "hungry-wolf", "forest-troll",
                                         "stag-charger", "owl-scout"])
    GAME.apply(state, EndTurn())
    assert names(state.boards[0].villain_minions) == ["Pixie Cavalry", "Hungry Wolf",
                                                      "Forest Troll"]
    assert pile(state, "hand") == ["Stag Charger"]


# -- Example B: the Player's turn ----------------------------------------------------------

def _example_b():
    return scenario(villain_minions=["forest-troll", "pixie-mesmerist"],
                    player_minions=["treant-shepherd", "pixie-cavalry"],
                    hand=["earth-shield", "hungry-wolf", "baited-trap"],
                    draw=["owl-scout", "owl-scout"])


def test_example_b_without_the_shield_both_minions_would_fall():
    state = _example_b()
    GAME.apply(state, Attack(uid_of(state, "Treant Shepherd", "player"),
                             uid_of(state, "Forest Troll", "villain")))
    assert pile(state) == ["Forest Troll", "Treant Shepherd"]  # target first, then attacker


def test_example_b_step_by_step():
    state = _example_b()
    board = state.boards[0]
    treant = board.player_minions[0]
    cavalry = board.player_minions[1]
    GAME.apply(state, PlayCard(uid_of(state, "Earth Shield", "hand"), treant.uid))
    assert treant.shield and pile(state) == []
    GAME.apply(state, Attack(treant.uid, uid_of(state, "Forest Troll", "villain")))
    # the Shield turned the Troll's 5 into 0; the Troll took 3 and fell
    assert treant in board.player_minions and treant.damage == 0 and treant.exhausted
    assert not treant.shield and treant.attached == []
    assert sorted(pile(state)) == ["Earth Shield", "Forest Troll"]
    assert names(board.villain_minions) == ["Pixie Mesmerist"]
    GAME.apply(state, PlayCard(uid_of(state, "Hungry Wolf", "hand")))
    wolf = board.player_minions[2]
    assert wolf.name == "Hungry Wolf" and wolf.exhausted
    before = GAME.snapshot(state)
    with pytest.raises(IllegalActionError) as caught:  # played exhausted: no attack this turn
        GAME.apply(state, Attack(wolf.uid, VILLAIN))
    assert caught.value.rule == "wonders.attack" and GAME.snapshot(state) == before
    GAME.apply(state, Attack(cavalry.uid, VILLAIN))
    assert cavalry.exhausted and board.villain_health == 28 and board.player_health == 30
    # Baited Trap costs one other card and the hand holds nothing else
    assert pile(state, "hand") == ["Baited Trap"]
    assert not any(isinstance(a, PlayCard) for a in GAME.legal_actions(state))
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, PlayCard(uid_of(state, "Baited Trap", "hand"),
                                   uid_of(state, "Pixie Mesmerist", "villain")))
    assert caught.value.rule == "wonders.cost"
    GAME.apply(state, EndTurn())
    # turn over: all three of the Player's minions ready again (the Villain's Battle Lines wait)
    assert names(board.player_minions) == ["Treant Shepherd", "Pixie Cavalry", "Hungry Wolf"]
    assert not any(m.exhausted for m in board.player_minions)


# -- Example C: Battle Lines and the Villain's attacks ------------------------------------

BY_NAME = {f.name: f for f in (MESMERIST, WOLF, TREANT, TROLL, CAVALRY, TOAD)}

# per layout: (Choose Target steps as (attackers, target or None, damage), damage to the
# Player, the order minions fall, Player minions left, Villain minions left)
EXAMPLE_C = {
    1: ([((0,), 0, 5), ((1,), 1, 2), ((2,), 2, 1)], 0,
        ["Pixie Mesmerist", "Hungry Wolf", "Pixie Cavalry", "Treant Shepherd", "Poison Toad"],
        [], ["Forest Troll"]),
    2: ([((0,), 0, 1), ((1,), 1, 5), ((2,), None, 2)], 2,
        ["Pixie Mesmerist", "Poison Toad", "Hungry Wolf", "Forest Troll"],
        ["Treant Shepherd"], ["Pixie Cavalry"]),
    3: ([((0,), 0, 1), ((1, 2), 1, 7)], 0,
        ["Pixie Mesmerist", "Poison Toad", "Treant Shepherd", "Pixie Cavalry", "Forest Troll"],
        ["Hungry Wolf"], []),
}


def test_example_c_sample_cards_have_the_books_numbers():
    players, villains = example_c_fighters()
    for fighter in players + villains:
        book = BY_NAME[fighter.name]
        assert (fighter.strength, fighter.health, fighter.priority, fighter.poison) == \
            (book.strength, book.health, book.priority, book.poison)


@pytest.mark.parametrize("number", [1, 2, 3])
def test_example_c_resolver_follows_the_book_step_by_step(number):
    villain_order, player_order = EXAMPLE_C_LAYOUTS[number]
    steps, damage, fallen, _, _ = EXAMPLE_C[number]
    report = resolve_villain_attacks([BY_NAME[n] for n in player_order],
                                     [BY_NAME[n] for n in villain_order])
    assert report.steps == [BattleStep(*step) for step in steps]
    assert report.player_damage == damage and isinstance(report.player_damage, int)
    assert report.destroyed == fallen


@pytest.mark.parametrize("number", [1, 2, 3])
def test_example_c_on_the_table(number):
    villain_order, player_order = EXAMPLE_C_LAYOUTS[number]
    _, damage, fallen, players_left, villains_left = EXAMPLE_C[number]
    state = scenario(villain="cullin", villain_minions=["forest-troll", "pixie-cavalry"],
                     player_minions=["pixie-mesmerist", "treant-shepherd", "hungry-wolf"],
                     draw=["poison-toad", "owl-scout"])
    board = state.boards[0]
    GAME.apply(state, EndTurn())  # the Villain draws Poison Toad: Battle Lines
    assert names(board.villain_minions) == ["Forest Troll", "Pixie Cavalry", "Poison Toad"]
    # the Villain's three ready minions may go in any order
    assert {state.table[a.minion].name for a in GAME.legal_actions(state)} == {
        "Forest Troll", "Pixie Cavalry", "Poison Toad"}
    for name in villain_order[:-1]:
        GAME.apply(state, Place(uid_of(state, name, "villain")))
    # Mesmerist (Priority 4) leads on its own; only the Priority-2 tie is the Player's choice
    assert {state.table[a.minion].name for a in GAME.legal_actions(state)} == {
        "Treant Shepherd", "Hungry Wolf"}
    events = Events()
    GAME.apply(state, Place(uid_of(state, player_order[1], "player")), events)
    assert board.player_health == 30 - damage
    assert pile(state) == fallen
    fell = [e.data["m"] for e in events.items if e.rule == "wonders.destroyed"]
    assert fell == fallen
    assert names(board.player_minions) == players_left
    assert names(board.villain_minions) == villains_left
    # the survivors are ready and unhurt for the Player's turn (damage does not persist)
    assert all(not m.exhausted and m.damage == 0
               for m in board.player_minions + board.villain_minions)
    assert state.phase == "play" and pile(state, "hand") == ["Owl Scout"]


def test_example_c_ranking_through_the_acceptance_api():
    players = [TREANT, MESMERIST, WOLF]  # any input order: Priority decides the lead
    layouts = best_battle_lines(players, [TOAD, TROLL, CAVALRY])
    order = [(lay.villain_order, lay.player_order) for lay in layouts]
    ranks = [order.index(EXAMPLE_C_LAYOUTS[n]) for n in (3, 2, 1)]
    assert ranks == sorted(ranks) and ranks[0] == 0
    best = layouts[0]
    assert best.report.player_damage == 0
    assert best.report.destroyed == EXAMPLE_C[3][2]
    assert all(lay.player_order[0] == "Pixie Mesmerist" for lay in layouts)


@pytest.mark.parametrize("number", [1, 2, 3])
def test_the_learn_notebooks_example_c_shows_the_books_damage(number):
    from tablekit.wonders.lessons import example_c
    match = example_c()
    match.apply(EndTurn())
    board = match.state.boards[0]
    assert board.player_health == 30  # nothing but the Villain's attacks touches the Player
    villain_order, player_order = EXAMPLE_C_LAYOUTS[number]
    for name in villain_order[:-1]:
        match.apply(Place(uid_of(match.state, name, "villain")))
    match.apply(Place(uid_of(match.state, player_order[1], "player")))
    assert board.player_health == 30 - EXAMPLE_C[number][1]
