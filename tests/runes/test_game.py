"""Runes of Wyrd as a registered game: preparation as actions or ready plans, then the duel."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablekit
from tablekit.core.errors import ConfigError, IllegalActionError
from tablekit.runes import validate_deck
from tablekit.runes.decks import sample_plan
from tablekit.runes.game import pool
from tablekit.runes.preparation import check_plan
from tablekit.runes.state import AddCard, Assemble, ShuffleDeck
from tablekit.runes.steps import plan_of


def _play(match, seed: int):
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_new_game_is_registered() -> None:
    match = tablekit.new_game("runes", seed=1)
    assert "runes" in tablekit.games() and match.to_move == 0
    assert len(match.legal_actions()) == 4  # the four Heroes


def test_ready_plans_leave_only_order_and_assemble() -> None:
    match = tablekit.new_game("runes", seed=2, heroes=["ash", "torstein"],
                              plans=["sample", "sample"])
    assert match.legal_actions() == [ShuffleDeck(0)]
    match.play(ShuffleDeck(0), Assemble(0), ShuffleDeck(1), Assemble(1))
    assert match.is_over and match.to_move is None
    assert any(e.rule == "runes.defeat" or e.rule == "runes.turn-limit" for e in match.log)
    assert match.state.result["fighters"][0]["hero"] == "ash"


def test_same_prepared_decks_same_duel_event_for_event() -> None:
    logs = []
    for _ in range(2):
        match = tablekit.new_game("runes", seed=7, heroes=["skorta", "mikal-finnvard"],
                                  plans=["sample", "sample"])
        _play(match, 0)
        logs.append([str(e) for e in match.log])
    assert logs[0] == logs[1] and len(logs[0]) > 50


def test_a_plan_table_in_the_config() -> None:
    plan = sample_plan("torstein")
    table = {"chapters": [list(c) for c in plan.chapters],
             "initiative": [list(r) for r in plan.initiative],
             "threads": [[list(a), list(b)] for a, b in plan.threads]}
    match = tablekit.new_game("runes", seed=3, heroes=["torstein", "ash"], plans=[table, None])
    assert match.to_move == 0 and match.legal_actions() == [ShuffleDeck(0)]
    loaded = tablekit.load_game(match.to_json())
    assert loaded.digest() == match.digest()


@pytest.mark.parametrize("options, rule", [
    ({"heroes": ["loki", None]}, "runes.duel"),
    ({"plans": ["sample", None]}, "runes.preparation"),
    ({"heroes": ["ash", None], "plans": [{"chapters": [["peck"] * 5] * 4}, None]},
     "runes.copy-limit"),
    ({"turn_limit": 0}, "runes.turn-limit"),
    ({"first_player": 3}, "runes.duel"),
])
def test_bad_config_is_refused(options, rule) -> None:
    with pytest.raises(ConfigError, match=rule):
        tablekit.new_game("runes", seed=0, **options)


def test_adding_a_card_past_its_limit_names_the_rule() -> None:
    match = tablekit.new_game("runes", seed=0, heroes=["skorta", "ash"])
    peck = pool()["peck"]
    match.play(AddCard(0, "peck", peck.name), AddCard(0, "peck", peck.name))
    with pytest.raises(IllegalActionError, match="runes.copy-limit"):
        match.apply(AddCard(0, "peck", peck.name))
    legendary = [c for c in pool().values() if c.rarity == "legendary" and c.hero == "skorta"]
    match.apply(AddCard(0, legendary[0].id, legendary[0].name))
    assert not match.explain(AddCard(1, "peck", peck.name)).legal


def test_first_player_switch_and_coin_toss() -> None:
    starts = set()
    for seed in range(8):
        match = tablekit.new_game("runes", seed=seed, heroes=["ash", "skorta"],
                                  plans=["sample", "sample"])
        _play(match, seed)
        starts.add(next(e.text for e in match.log if e.rule == "runes.duel"))
    assert len(starts) == 2  # a seeded coin toss decides who acts first
    match = tablekit.new_game("runes", seed=1, heroes=["ash", "skorta"],
                              plans=["sample", "sample"], first_player=1)
    _play(match, 1)
    assert "Skörta acts first" in next(e.text for e in match.log if e.rule == "runes.duel")


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_random_preparations_end_in_legal_decks(seed: int) -> None:
    match = _play(tablekit.new_game("runes", seed=seed), seed)
    for side in match.state.sides:
        plan = plan_of(side)
        assert check_plan(plan, pool()) == []
        assert validate_deck([pool()[c] for c in side.deck]) == []
        assert sorted(side.deck) == sorted(plan.card_ids())
        for a, b in plan.threads:  # a Thread's two cards always adjacent, A first
            pair = [plan.card_at(a), plan.card_at(b)]
            assert any(side.deck[i:i + 2] == pair for i in range(len(side.deck) - 1))
    assert match.outcome is not None


def test_the_other_preparation_is_private_until_the_duel() -> None:
    from tablekit.runes.game import GAME
    match = tablekit.new_game("runes", seed=4, heroes=["skorta", "ash"])
    rng = random.Random(4)
    for _ in range(6):
        match.apply(rng.choice([a for a in match.legal_actions() if type(a) is AddCard]))
    mine, theirs = GAME.view(match.state, 0), GAME.view(match.state, 1)
    assert mine.sides[0].cards == match.state.sides[0].cards
    assert theirs.sides[0].cards == ["?"] * 6 and theirs.sides[0].hero == "skorta"
    assert theirs.legal is None
    dealt = GAME.determinize(theirs, random.Random(1))
    assert len(dealt.sides[0].cards) == 6 and "?" not in dealt.sides[0].cards
    assert GAME.snapshot(GAME.view(dealt, 1)) == GAME.snapshot(theirs)
    _play(match, 4)
    assert GAME.view(match.state, 1).sides[0].deck == match.state.sides[0].deck


def test_a_watched_match_keeps_the_board_of_every_turn() -> None:
    match = tablekit.new_game("runes", seed=5, heroes=["ash", "torstein"],
                              plans=["sample", "sample"])
    _play(match, 5)
    boards = match.state.boards
    assert boards and len(boards) == match.state.result["turns"] and boards[-1]["over"]


def test_heuristic_prepares_with_the_sample_deck() -> None:
    from tablekit.runes.game import GAME
    from tablekit.runes.state import UseSample
    match = tablekit.new_game("runes", seed=9)
    rng = random.Random(9)
    while not match.is_over:
        view = match.view(match.to_move)
        match.apply(GAME.heuristic_action(view, match.legal_actions(), rng))
    assert sum(type(a) is UseSample for a in match.history) == 2
    assert len(match.history) == 2 * 4  # Hero, sample deck, Order, Assemble for each


def test_a_lesson_scenario_fights_set_decks() -> None:
    scenario = {"heroes": ["torstein", "skorta"], "decks": [["axe-swing"] * 3, ["peck"]],
                "health": [3, None], "temperature": [0, -2]}
    match = tablekit.new_game("runes", seed=0, first_player=0, scenario=scenario)
    assert match.legal_actions() == [Assemble(0)]
    match.play(Assemble(0), Assemble(1))
    assert match.is_over and "set deck" in match.log[0].text
    assert match.outcome.winners == (0,) and "Fatigue 3" in match.outcome.text
    rules = [e.rule for e in match.log]
    assert rules.index("runes.cold-2") < rules.index("runes.frost")  # Skörta set at Cold 2
    with pytest.raises(ConfigError, match="runes.deck-size"):
        tablekit.new_game("runes", scenario={"heroes": ["ash", "ash"], "decks": [[], ["x"]]})


def test_heuristic_builds_toward_the_sample_deck() -> None:
    from tablekit.runes.game import GAME
    match = tablekit.new_game("runes", seed=3, heroes=["ash", "skorta"])
    match.apply(AddCard(0, "drone-note", "Drone Note"))  # now UseSample is gone
    rng = random.Random(3)
    while len(match.state.sides[0].cards) < 20:
        match.apply(GAME.heuristic_action(match.view(0), match.legal_actions(), rng))
    wanted = sorted(sample_plan("ash").card_ids())
    assert len(set(match.state.sides[0].cards) & set(wanted)) >= 12


def test_explain_names_the_rule_an_added_card_would_break() -> None:
    match = tablekit.new_game("runes", seed=0, heroes=["skorta", "ash"])
    other = AddCard(0, "soft-prelude", "Soft Prelude")
    assert match.explain(other).rule == "runes.wish-hero"
    mine = match.legal_actions()[1]
    assert match.explain(mine).legal and match.explain(mine).rule == "runes.deck-size"
    assert match.explain(AddCard(1, "peck", "Peck")).rule == "runes.preparation"


def test_a_card_file_of_ones_own(tmp_path) -> None:
    from tablekit.runes.cards import SAMPLE_POOL
    mine = tmp_path / "mine.toml"
    mine.write_text(SAMPLE_POOL.read_text(encoding="utf-8") + '''
[[card]]
id = "ice-lance"
name = "Ice Lance"
type = "action"
rarity = "common"
hero = "ash"
text = "Deal 2 damage; your opponent moves 1 toward Cold."
effects = [{op = "attack", amount = 2}, {op = "temperature", amount = -1, target = "foe"}]
''', encoding="utf-8")
    match = tablekit.new_game("runes", seed=1, heroes=["ash", "skorta"], card_file=str(mine),
                              plans=[None, "sample"])
    assert AddCard(0, "ice-lance", "Ice Lance") in match.legal_actions()
    assert not any(type(a).__name__ == "UseSample" for a in match.legal_actions())
    _play(match, 1)
    assert match.is_over and tablekit.load_game(match.to_json()).digest() == match.digest()


def test_a_card_file_too_small_for_a_deck(tmp_path) -> None:
    small = tmp_path / "small.toml"
    small.write_text('[[card]]\nid = "a"\nname = "A"\ntype = "action"\nrarity = "common"\n'
                     'text = "Deal 1 damage."\neffects = [{op = "attack", amount = 1}]\n',
                     encoding="utf-8")
    with pytest.raises(ConfigError, match="runes.deck-size"):
        tablekit.new_game("runes", card_file=str(small))
    with pytest.raises(Exception, match="cannot read"):
        tablekit.new_game("runes", card_file=str(tmp_path / "missing.toml"))
