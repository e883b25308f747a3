"""The lesson data the learn notebook uses agrees with the book."""

from tablekit.wonders import best_battle_lines, resolve_villain_attacks
from tablekit.wonders.actions import EndTurn
from tablekit.wonders.lessons import (
    EXAMPLE_C_LAYOUTS,
    battle_puzzle,
    example_a,
    example_b,
    example_c,
    example_c_fighters,
)


def test_example_c_fighters_rank_like_the_book():
    players, villains = example_c_fighters()
    layouts = best_battle_lines(players, villains, limit=None)
    ranks = {}
    for number, (v_order, p_order) in EXAMPLE_C_LAYOUTS.items():
        ranks[number] = next(i for i, lay in enumerate(layouts)
                             if lay.villain_order == v_order and lay.player_order == p_order)
        by_name = {f.name: f for f in players + villains}
        report = resolve_villain_attacks([by_name[n] for n in p_order],
                                         [by_name[n] for n in v_order])
        assert report.destroyed == layouts[ranks[number]].report.destroyed
    assert ranks[3] < ranks[2] < ranks[1]


def test_example_matches_start_where_the_book_does():
    a = example_a()
    a.apply(EndTurn())
    assert a.state.pending is not None
    b = example_b()
    assert len(b.state.boards[0].hand) == 3
    c = example_c()
    c.apply(EndTurn())
    assert c.state.lineup is not None


def test_puzzles_are_reproducible():
    assert battle_puzzle(3) == battle_puzzle(3)
    players, villains = battle_puzzle(3)
    assert len(players) == len(villains) == 4 and all(p.priority is not None for p in players)


def test_scenario_matches_save_load_and_undo():
    import pytest

    import tablekit
    from tablekit.core.errors import ConfigError
    match = example_c()
    match.apply(EndTurn())
    match.apply(match.legal_actions()[0])
    again = tablekit.load_game(match.to_json())
    assert again.digest() == match.digest()
    match.undo()
    match.undo()
    assert match.digest() == example_c().digest()
    assert match.log[0].rule == "wonders.villain-select"
    with pytest.raises(ConfigError):
        tablekit.new_game("wonders", scenario={"hand": ["no-such-card"]})
    with pytest.raises(ConfigError):
        tablekit.new_game("wonders", scenario={"pockets": []})


def test_card_text_in_words():
    from tablekit.wonders.scenario import scenario
    from tablekit.wonders.text import card_summary
    state = scenario(hand=["baited-trap", "gnomish-servant", "poison-toad"])
    trap, servant, toad = (state.table[u] for u in state.boards[0].hand)
    assert card_summary(trap) == ("Baited Trap (spell): COST: discard 1 other card · "
                                  "Destroy an enemy minion")
    assert card_summary(servant, "villain") == "Gnomish Servant (1/2): PLAY: Draw 1"
    assert card_summary(toad) == "Poison Toad (1/1, Priority 3): Poison"


def test_judge_layout_ranks_the_learners_order():
    import pytest

    from tablekit.wonders.lessons import judge_layout
    players, villains = example_c_fighters()
    best = judge_layout(players, villains, *EXAMPLE_C_LAYOUTS[3])
    assert best.rank == 1 and "Best possible" in str(best)
    worst = judge_layout(players, villains, *EXAMPLE_C_LAYOUTS[1])
    assert worst.rank > judge_layout(players, villains, *EXAMPLE_C_LAYOUTS[2]).rank > 1
    assert "ranks" in str(worst)
    with pytest.raises(ValueError, match="Priority"):
        judge_layout(players, villains, EXAMPLE_C_LAYOUTS[1][0],
                     ["Hungry Wolf", "Pixie Mesmerist", "Treant Shepherd"])
