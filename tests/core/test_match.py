"""The engine core: rule books, the card loader, Match, registry errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tablekit
from tablekit.core import (
    CardDataError,
    ConfigError,
    IllegalActionError,
    RuleBook,
    SaveFileError,
    UnknownGameError,
)
from tablekit.core.actions import action
from tablekit.core.agents import hint
from tablekit.core.cards import CardModel, load_cards
from tablekit.core.events import Event
from tablekit.core.game import is_offered, rng_for
from tablekit.core.rulebook import Rule
from tablekit.core.simulate import simulate
from tablekit.deckula import Buy, Discard


def test_registry_lists_games_and_rule_books():
    assert tablekit.games()[0] == "deckula"
    book = tablekit.rules("deckula")
    assert isinstance(book, RuleBook) and "deckula.buy" in book and "core.undo" in book
    assert book["deckula.buy"].section == "Turn Sequence"
    assert "Turn Sequence" in book.sections()


@pytest.mark.parametrize("call", [lambda: tablekit.new_game("chess"), lambda: tablekit.rules("chess")])
def test_unknown_games_are_clear_errors(call):
    with pytest.raises(UnknownGameError, match="chess"):
        call()


def test_unknown_option_names_the_known_ones():
    with pytest.raises(ConfigError, match="difficulty"):
        tablekit.new_game("deckula", seed=1, colour="red")


def test_rule_book_files_are_validated(tmp_path: Path):
    bad = tmp_path / "rules.toml"
    bad.write_text('[[rule]]\nid = "x.one"\nsection = "S"\nsummary = ""\n')
    with pytest.raises(CardDataError, match="summary"):
        RuleBook.from_toml("x", bad)
    with pytest.raises(CardDataError, match="duplicate"):
        RuleBook("x", [Rule("a", "S", "t"), Rule("a", "S", "u")])


def test_typed_actions_of_different_kinds_differ():
    assert Buy(1, "A") != Discard(1, "A") and hash(Buy(1, "A")) != hash(Discard(1, "A"))
    assert Buy(1, "A") == Buy(1, "A") and not is_offered(Buy(1, "A"), [Discard(1, "A")])

    @action
    class Pass(tuple):
        pass

    @action
    class Stop(tuple):
        pass
    # two actions without fields: equal to their own kind only (a plain tuple would say Pass == Stop)
    assert Pass() == Pass() and Pass() != Stop() and Pass() != ()
    assert hash(Pass()) != hash(Stop()) and len({Pass(), Stop(), Pass()}) == 2


def test_match_undo_redo_and_errors():
    match = tablekit.new_game("deckula", seed=3)
    start = match.digest()
    with pytest.raises(IllegalActionError, match="no action"):
        match.undo()
    first = match.legal_actions()[0]
    match.apply(first)
    assert match.history == [first] and match.can_undo
    assert match.undo() == first and match.digest() == start and match.can_redo
    match.redo()
    assert match.history == [first] and not match.can_redo
    match.undo()
    match.apply(match.legal_actions()[1])
    assert not match.can_redo  # a new action clears redo


def test_match_action_by_text_and_explain():
    match = tablekit.new_game("deckula", seed=3)
    text = str(match.legal_actions()[0])
    assert match.action(text) == match.legal_actions()[0]
    with pytest.raises(IllegalActionError, match="offer"):
        match.action("Fly to the moon")
    explanation = match.explain(match.legal_actions()[0])
    assert explanation.legal and explanation.rule == "deckula.setup-deal" and "legal" in str(explanation)


def test_states_track_every_step():
    match = tablekit.new_game("deckula", seed=3)
    match.play(*match.legal_actions()[:1])
    assert len(match.states) == 2 and match.states[-1] is match.state


def test_save_files_are_json_with_version_and_digest():
    match = tablekit.new_game("deckula", seed="named seed")
    match.apply(match.legal_actions()[0])
    data = json.loads(match.to_json())
    assert data["format"] == "tablekit-match" and data["game"] == "deckula" and data["seed"] == "named seed"
    assert len(data["digest"]) == 16 and data["actions"][0][0] == "Keep"
    with pytest.raises(SaveFileError, match="seed"):
        tablekit.load_game(json.dumps({**data, "seed": None}))
    with pytest.raises(SaveFileError):
        tablekit.load_game(json.dumps({**data, "config": {"difficulty": "impossible"}}))


def test_seeded_generators_are_machine_independent():
    assert rng_for(7, "x").random() == rng_for(7, "x").random() != rng_for(8, "x").random()
    assert rng_for("abc").random() == rng_for("abc").random()


def test_events_format_lazily_and_compare_by_rule_and_text():
    event = Event("r.one", "{a} + {b}", {"a": 1, "b": 2})
    assert event.text == "1 + 2" and str(event) == "[r.one] 1 + 2" and event == Event("r.one", "1 + 2")
    assert event.to_json() == {"rule": "r.one", "text": "1 + 2"}


class Gem(CardModel):
    id: str
    value: int


def test_card_loader_names_file_card_and_field(tmp_path: Path):
    path = tmp_path / "gems.toml"
    path.write_text('[[card]]\nid = "ruby"\nvalue = 3\n[[card]]\nid = "opal"\nvalue = "lots"\n')
    with pytest.raises(CardDataError) as caught:
        load_cards(path, Gem)
    assert (caught.value.card, caught.value.field) == ("opal", "value") and str(path) in str(caught.value)
    path.write_text('[[card]]\nid = "ruby"\nvalue = 3\n[[card]]\nid = "ruby"\nvalue = 4\n')
    with pytest.raises(CardDataError, match="share the id"):
        load_cards(path, Gem)
    path.write_text('[[card]]\nid = "ruby"\nvalue = 3\n')
    assert load_cards(path, Gem) == [Gem(id="ruby", value=3)]


SEEDS = [0, -3, 2**70, "named seed", "", True, False, 1.5, 2.0, None, b"raw", [1], (1,)]


@pytest.mark.parametrize("seed", SEEDS, ids=repr)
def test_a_seed_is_an_int_or_a_str_and_anything_else_is_a_config_error(seed):
    if type(seed) in (int, str):
        assert tablekit.new_game("deckula", seed=seed).seed == seed
        return
    with pytest.raises(ConfigError, match=re.escape(repr(seed))):
        tablekit.new_game("deckula", seed=seed)


@pytest.mark.parametrize("seed", [True, 1.5, 2.0, None, b"raw"], ids=repr)
def test_the_hint_and_simulate_refuse_what_is_not_a_seed(seed):
    match = tablekit.new_game("deckula", seed=1)
    with pytest.raises(ConfigError, match=re.escape(repr(seed))):
        hint(match, rollouts=4, seed=seed)
    with pytest.raises(ConfigError, match=re.escape(repr(seed))):
        simulate("deckula", 2, seed=seed, progress=False, executor="serial")
    assert simulate("deckula", 2, seed="a word", progress=False, executor="serial").seed == "a word"


@pytest.mark.parametrize("n", [0, -1, 2.5, True])
def test_simulate_refuses_a_number_of_games_that_is_not_one_or_more(n):
    with pytest.raises(ConfigError, match="at least one"):
        simulate("deckula", n, progress=False, executor="serial")


@pytest.mark.parametrize("seed", [s for s in SEEDS if not isinstance(s, bytes)], ids=repr)
def test_a_save_file_takes_the_seeds_a_new_game_takes(seed):
    data = json.loads(tablekit.new_game("deckula", seed=1).to_json())
    try:
        match = tablekit.new_game("deckula", seed=seed)
    except ConfigError:
        with pytest.raises(SaveFileError, match="seed"):
            tablekit.load_game(json.dumps({**data, "seed": seed, "actions": []}))
        return
    assert tablekit.load_game(match.to_json()).digest() == match.digest()


def test_a_save_from_a_newer_format_says_so_before_replaying():
    data = json.loads(tablekit.new_game("deckula", seed=1).to_json())
    newer = {**data, "save": 99, "actions": [["NoSuchAction"]]}
    with pytest.raises(SaveFileError, match="format 99 is unknown"):
        tablekit.load_game(json.dumps(newer))
