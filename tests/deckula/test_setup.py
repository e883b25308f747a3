"""Setup and Difficulty (rulebook sections "Setup" and "Difficulty")."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import tablekit
from tablekit.core.errors import ConfigError
from tablekit.deckula import Keep, sample_set
from tablekit.deckula.cards import BEGINNER_VISITORS, SAMPLE_SET


def visitor_ids(match) -> list[str]:
    state = match.state
    return sorted(state.spec(u).id for u in state.draw if state.spec(u).visitor)


def test_setup_deals_three_face_up_castle_cards_and_two_energy():
    match = tablekit.new_game("deckula", seed=11)
    state = match.state
    assert len(state.offer) == 3 and state.energy == 2 and state.phase == "keep"
    assert all(not state.spec(u).visitor and state.spec(u).special is None for u in state.offer)
    assert [type(a) for a in match.legal_actions()] == [Keep, Keep, Keep]
    assert [e.rule for e in match.log] == ["deckula.setup-remove", "deckula.difficulty", "deckula.setup-deal",
                                          "deckula.setup-visitors", "deckula.setup-energy"]


def test_draw_pile_is_castle_cards_plus_home_sweet_home_and_five_visitors():
    match = tablekit.new_game("deckula", seed=4)
    state = match.state
    castle_copies = sum(s.copies for s in sample_set().castle)
    assert len(state.draw) == castle_copies - 3 + 1 + 5
    assert sum(state.spec(u).special == "home" for u in state.draw) == 1
    assert len(visitor_ids(match)) == 5
    assert len(state.set_aside) == len(sample_set().visitors) - 5


def test_keeping_a_card_is_free_and_discards_the_other_two():
    match = tablekit.new_game("deckula", seed=4)
    offer = list(match.state.offer)
    kept = match.legal_actions()[1]
    events = match.apply(kept)
    assert events[0].rule == "deckula.setup-deal"
    assert kept.card in match.state.home + match.state.discard  # its own effect may move it
    assert sorted(u for u in offer if u != kept.card) == sorted(match.state.discard[:2])
    assert match.state.energy >= 1  # no energy was spent keeping it


@pytest.mark.parametrize("seed", range(8))
def test_beginner_has_the_four_named_visitors_and_one_other(seed):
    ids = visitor_ids(tablekit.new_game("deckula", seed=seed))
    assert set(BEGINNER_VISITORS) <= set(ids) and len(set(ids)) == 5


@pytest.mark.parametrize("seed", range(8))
def test_hard_replaces_the_vagabond_and_the_quaintrelle(seed):
    ids = visitor_ids(tablekit.new_game("deckula", seed=seed, difficulty="hard"))
    assert "hapless-vagabond" not in ids and "curious-quaintrelle" not in ids
    assert {"furious-farmer", "vengeful-villager"} <= set(ids) and len(set(ids)) == 5
    only_one = visitor_ids(tablekit.new_game("deckula", seed=seed, difficulty="hard", hard_replaces="vagabond"))
    assert "hapless-vagabond" not in only_one and "curious-quaintrelle" in only_one


def test_harder_picks_five_random_visitors():
    seen = Counter(v for seed in range(40) for v in visitor_ids(tablekit.new_game("deckula", seed=seed, difficulty="harder")))
    assert len(seen) == len(sample_set().visitors)  # every Visitor can come up
    assert all(len(visitor_ids(tablekit.new_game("deckula", seed=s, difficulty="harder"))) == 5 for s in range(5))


def test_custom_visitor_list():
    match = tablekit.new_game("deckula", seed=1, visitors=["monster-hunter", "nosy-postman"])
    assert visitor_ids(match) == ["monster-hunter", "nosy-postman"]
    assert match.config.difficulty == "custom"


@pytest.mark.parametrize("options, message", [
    ({"difficulty": "nightmare"}, "difficulty"),
    ({"difficulty": "custom"}, "visitors"),
    ({"visitors": ["count-dracula"]}, "unknown"),
    ({"visitors": ["nosy-postman", "nosy-postman"]}, "repeated"),
    ({"visitors": []}, "at least one Visitor"),
    ({"hard_replaces": "everyone"}, "hard_replaces"),
    ({"scenario": {"draw": []}}, "draw pile"),
    ({"scenario": {"draw": ["candelabra"], "energy": -1}}, "energy"),
    ({"scenario": {"draw": ["candelabra"], "offer": ["candelabra"]}}, "exactly 3"),
    ({"scenario": {"draw": ["candelabra"], "attic": []}}, "scenario has no field .attic."),
    ({"colour": "red"}, "colour"),
])
def test_bad_options_are_clear_errors(options, message):
    with pytest.raises(ConfigError, match=message):
        tablekit.new_game("deckula", seed=0, **options)


def test_same_seed_same_deal_different_seed_different_deal():
    a, b, c = (tablekit.new_game("deckula", seed=s).state for s in (7, 7, 8))
    assert a.draw == b.draw and a.offer == b.offer
    assert a.draw != c.draw


def test_the_log_counts_the_visitors_shuffled_in():
    two = tablekit.new_game("deckula", seed=1, visitors=["monster-hunter", "nosy-postman"])
    assert "the 2 Visitors are shuffled in" in two.log[3].text
    one = tablekit.new_game("deckula", seed=1, visitors=["nosy-postman"])
    assert "the 1 Visitor are shuffled in" in one.log[3].text  # Home Sweet Home and it: "are"


def test_a_difficulty_the_card_file_has_too_few_visitors_for_is_a_config_error(tmp_path):
    dropped = ("lantern-priest", "gossiping-maid", "wandering-minstrel", "garlic-merchant")
    blocks = SAMPLE_SET.read_text(encoding="utf-8").split("[[card]]\n")
    path = tmp_path / "six-visitors.toml"
    path.write_text("[[card]]\n".join(b for b in blocks if not b.startswith(tuple(f'id = "{i}"' for i in dropped))),
                    encoding="utf-8")
    with pytest.raises(ConfigError, match=r"needs 3 random Visitor.*six-visitors.toml has only 2 other") as caught:
        tablekit.new_game("deckula", seed=0, difficulty="hard", card_file=str(path))
    assert "monster-hunter, nosy-postman" in str(caught.value)
    for fine in ({"difficulty": "beginner"}, {"difficulty": "harder"}, {"difficulty": "hard", "hard_replaces": "vagabond"}):
        assert len(visitor_ids(tablekit.new_game("deckula", seed=0, card_file=str(path), **fine))) == 5


def test_every_rule_an_error_message_cites_is_in_the_rule_book():
    root = Path(__file__).resolve().parents[2]
    sources = [*(root / "tablekit" / "deckula").glob("*.py"), root / "solvers" / "deckula.py"]
    cited = {rule for path in sources for rule in re.findall(r"\[rule ([a-z0-9.-]+)\]", path.read_text(encoding="utf-8"))}
    book = tablekit.rules("deckula")
    assert cited and sorted(r for r in cited if r not in book) == []
    with pytest.raises(ConfigError) as caught:
        tablekit.new_game("deckula", seed=0, scenario={"draw": ["candelabra"], "energy": -1})
    assert re.search(r"\[rule (\S+)\]", str(caught.value))[1] in book
