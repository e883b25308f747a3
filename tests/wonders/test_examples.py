"""The rulebook's Examples A, B and C played through the engine, step by step."""

import pytest

from tablekit.core.errors import IllegalActionError
from tablekit.core.game import Events
from tablekit.wonders.actions import Attack, Choose, EndTurn, Place, PlayCard
from tablekit.wonders.game import GAME
from tablekit.wonders.scenario import scenario, uid_of
from tablekit.wonders.state import VILLAIN


def names(minions):
    return [m.name for m in minions]


def test_example_a_opening_villain_draws():
    state = scenario(player_minions=["pixie-mesmerist"], opening=True,
                     draw=["pixie-cavalry", "gnomish-servant", "baited-trap", "earth-shield",
                           "hungry-wolf", "stag-charger"])
    GAME.apply(state, EndTurn())
    board = state.boards[0]
    # Draw 1: Pixie Cavalry, ready.  Draw 2: Gnomish Servant draws Baited Trap, which destroys
    # the Pixie Mesmerist.  Draw 3: Earth Shield - the player chooses where it goes.
    assert names(board.villain_minions) == ["Pixie Cavalry", "Gnomish Servant"]
    assert board.player_minions == []
    assert state.pending is not None and GAME.to_move(state) == 0
    servant = uid_of(state, "Gnomish Servant", "villain")
    assert {a.option for a in GAME.legal_actions(state)} == {
        uid_of(state, "Pixie Cavalry", "villain"), servant}
    GAME.apply(state, Choose(servant))
    # Earth Shield's Draw 1 brings Hungry Wolf; that ends the three opening draws, and with no
    # Player minions all three Villain minions attack the Player: 2 + 1 + 3.
    assert names(board.villain_minions) == ["Pixie Cavalry", "Gnomish Servant", "Hungry Wolf"]
    assert board.villain_minions[1].shield and board.villain_minions[1].attached
    assert board.player_health == 30 - 6
    # the extra draws did not count: the next card is left for the Player's turn-start draw
    assert [state.table[u].name for u in board.hand] == ["Stag Charger"] and not board.draw
    assert sorted(state.table[u].name for u in board.discard) == ["Baited Trap",
                                                                  "Pixie Mesmerist"]
    assert state.phase == "play" and state.round == 2


def test_example_b_player_turn():
    state = scenario(villain_minions=["forest-troll", "pixie-mesmerist"],
                     player_minions=["treant-shepherd", "pixie-cavalry"],
                     hand=["earth-shield", "hungry-wolf", "baited-trap"],
                     draw=["stag-charger", "stag-charger"])
    board = state.boards[0]
    treant = uid_of(state, "Treant Shepherd", "player")
    troll = uid_of(state, "Forest Troll", "villain")
    GAME.apply(state, PlayCard(uid_of(state, "Earth Shield", "hand"), treant))
    assert board.player_minions[0].shield
    GAME.apply(state, Attack(treant, troll))
    assert names(board.villain_minions) == ["Pixie Mesmerist"]
    assert names(board.player_minions) == ["Treant Shepherd", "Pixie Cavalry"]
    assert board.player_minions[0].exhausted and not board.player_minions[0].shield
    # Persistent spell effects: the used Shield's card leaves; no Shield card (uid >= 0) stays under it
    assert board.player_minions[0].attached == [] and board.player_minions[0].shield_card < 0
    assert sorted(state.table[u].name for u in board.discard) == ["Earth Shield",
                                                                  "Forest Troll"]
    GAME.apply(state, PlayCard(uid_of(state, "Hungry Wolf", "hand")))
    assert board.player_minions[-1].name == "Hungry Wolf" and board.player_minions[-1].exhausted
    GAME.apply(state, Attack(uid_of(state, "Pixie Cavalry", "player"), VILLAIN))
    assert board.villain_health == 30 - 2
    trap = uid_of(state, "Baited Trap", "hand")
    before = GAME.snapshot(state)
    with pytest.raises(IllegalActionError) as error:
        GAME.apply(state, PlayCard(trap, uid_of(state, "Pixie Mesmerist", "villain"), ()))
    assert error.value.rule == "wonders.cost"
    assert GAME.snapshot(state) == before
    assert not any(isinstance(a, PlayCard) for a in GAME.legal_actions(state))
    GAME.apply(state, EndTurn())
    # the Villain's turn reached Battle Lines: every Player minion is ready again
    assert state.lineup is not None
    assert not any(m.exhausted for m in board.player_minions)


@pytest.mark.parametrize(("villain_order", "player_order", "damage", "player_left",
                          "villain_left"), [
    (["Forest Troll", "Pixie Cavalry", "Poison Toad"],
     ["Pixie Mesmerist", "Hungry Wolf", "Treant Shepherd"], 0, [], ["Forest Troll"]),
    (["Poison Toad", "Forest Troll", "Pixie Cavalry"],
     ["Pixie Mesmerist", "Hungry Wolf", "Treant Shepherd"], 2, ["Treant Shepherd"],
     ["Pixie Cavalry"]),
    (["Poison Toad", "Pixie Cavalry", "Forest Troll"],
     ["Pixie Mesmerist", "Treant Shepherd", "Hungry Wolf"], 0, ["Hungry Wolf"], []),
])
def test_example_c_battle_lines(villain_order, player_order, damage, player_left,
                                villain_left):
    state = scenario(villain="morwen", villain_minions=["forest-troll", "pixie-cavalry"],
                     player_minions=["pixie-mesmerist", "treant-shepherd", "hungry-wolf"],
                     draw=["poison-toad", "stag-charger"])
    board = state.boards[0]
    GAME.apply(state, EndTurn())  # Morwen's 1 damage at turn start, then she draws the Toad
    assert board.player_health == 29
    assert names(board.villain_minions) == ["Forest Troll", "Pixie Cavalry", "Poison Toad"]
    for name in villain_order[:-1]:
        GAME.apply(state, Place(uid_of(state, name, "villain")))
    tie = [n for n in player_order if n != "Pixie Mesmerist"]
    offered = {state.table[a.minion].name for a in GAME.legal_actions(state)}
    assert offered == {"Treant Shepherd", "Hungry Wolf"}  # Priority 4 is not a choice
    events = Events()
    GAME.apply(state, Place(uid_of(state, tie[0], "player")), events)
    assert board.player_health == 29 - damage
    assert names(board.player_minions) == player_left
    assert names(board.villain_minions) == villain_left
    assert any(e.rule == "wonders.hits-back" for e in events.items)


def test_advisor_on_the_live_example_c_picks_layout_3():
    from tablekit.wonders.advisor import advise, layout_actions
    state = scenario(villain="morwen", villain_minions=["forest-troll", "pixie-cavalry"],
                     player_minions=["pixie-mesmerist", "treant-shepherd", "hungry-wolf"],
                     draw=["poison-toad", "stag-charger"])
    GAME.apply(state, EndTurn())
    best = advise(state)[0]
    assert best.villain_order == ["Poison Toad", "Pixie Cavalry", "Forest Troll"]
    assert best.player_order == ["Pixie Mesmerist", "Treant Shepherd", "Hungry Wolf"]
    for action in layout_actions(state, best):
        GAME.apply(state, action)
    assert names(state.boards[0].player_minions) == ["Hungry Wolf"]
    assert state.boards[0].villain_minions == []


def test_advisor_keeps_a_place_chosen_by_hand_and_its_actions_set_that_layout():
    from tablekit.wonders.advisor import advise, layout_actions
    state = scenario(villain="morwen", villain_minions=["forest-troll", "pixie-cavalry"],
                     player_minions=["pixie-mesmerist", "treant-shepherd", "hungry-wolf"],
                     draw=["poison-toad", "stag-charger"])
    GAME.apply(state, EndTurn())
    GAME.apply(state, Place(uid_of(state, "Forest Troll", "villain")))  # not the book's best
    layouts = advise(state, limit=None)
    assert layouts and all(lay.villain_order[0] == "Forest Troll" for lay in layouts)
    assert len(layouts) == 2 * 2  # the other two Villain minions × the tied Treant and Wolf
    best = layouts[0]
    lineup = state.lineup
    wanted = [uid_of(state, n, "villain") for n in best.villain_order]
    for action in layout_actions(state, best):
        GAME.apply(state, action)
    assert state.lineup is None and lineup.villain_order == wanted  # the very layout advised
