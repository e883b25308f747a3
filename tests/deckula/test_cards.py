"""Card files: the sample set, and bad files rejected with one clear error."""

from __future__ import annotations

import contextlib
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablekit
from tablekit.core.errors import CardDataError
from tablekit.deckula.cards import SAMPLE_SET, load_card_set, sample_set

GOOD = SAMPLE_SET.read_text(encoding="utf-8")
TRAPDOOR = 'drops out of sight (kill it)."\n[[card.effect]]\ntiming = "discard"\nop = "kill"\n'


def test_sample_set_is_marked_and_uses_every_mechanic():
    cards = sample_set()
    assert cards.sample and len(cards.visitors) == 10
    assert 28 <= sum(s.copies for s in cards.castle) <= 32
    ops = {e.op for s in cards.specs for e in s.effect}
    timings = {e.timing for s in cards.specs for e in s.effect}
    arrows = {s.arrow for s in cards.specs}
    assert ops == {"kill", "blank", "end_game", "lose_energy", "summon", "recover", "bury"}
    assert timings == {"instant", "discard", "passive"} and {"threat", "home"} <= arrows
    assert any(e.beneath for s in cards.specs for e in s.effect)
    named = {"Home Sweet Home", "Hapless Vagabond", "Curious Quaintrelle", "Furious Farmer", "Vengeful Villager"}
    assert named <= {s.name for s in cards.specs}


def test_a_users_card_file_can_be_played(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(GOOD.replace('name = "Blood Fountain"', 'name = "Velvet Throne"'), encoding="utf-8")
    match = tablekit.new_game("deckula", seed=2, card_file=str(path))
    assert "Velvet Throne" in {c.name for c in match.state.cards}
    assert tablekit.load_game(match.to_json()).digest() == match.digest()


def test_a_card_file_is_read_once_until_it_changes(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(GOOD, encoding="utf-8")
    five = ["hapless-vagabond", "curious-quaintrelle", "furious-farmer", "vengeful-villager", "nosy-postman"]
    first = tablekit.new_game("deckula", seed=1, card_file=str(path), visitors=five)
    again = tablekit.new_game("deckula", seed=2, card_file=str(path), visitors=five)
    assert again.state.cards is first.state.cards  # one CardSet, so the dealt cards are reused too
    path.write_text(GOOD.replace('name = "Blood Fountain"', 'name = "Velvet Throne"'), encoding="utf-8")
    mtime = path.stat().st_mtime_ns + 2_000_000_000  # newer even where the clock is coarse
    os.utime(path, ns=(mtime, mtime))
    edited = tablekit.new_game("deckula", seed=1, card_file=str(path), visitors=five)
    assert "Velvet Throne" in {c.name for c in edited.state.cards}


@pytest.mark.parametrize("change, card, field", [
    (('vp = 3\ntext = "The jewel', 'vp = "three"\ntext = "The jewel'), "blood-fountain", "vp"),
    (('id = "candelabra"\nname = "Candelabra"\nvp = 1', 'id = "candelabra"\nname = "Candelabra"\nvp = 1\ncolour = "red"'), "candelabra", "colour"),
    (('id = "trapdoor"\nname = "Trapdoor"', 'id = "trapdoor"'), "trapdoor", "name"),
    (('op = "bury"', 'op = "teleport"'), "secret-passage", "effect.0.op"),
    (('filter = "curious-quaintrelle"', 'filter = "count-orlok"'), "spider-webs", "effect.filter"),
    (('id = "vampire-bride"', 'id = "candelabra"'), "candelabra", "id"),
    (('trigger = "enters_threat"\nfilter = "visitor"\nop = "kill"\ntarget = "trigger"\nbeneath', 'filter = "visitor"\nop = "kill"\ntarget = "trigger"\nbeneath'), "feeding-cellar", "effect.0"),
    (('copies = 3', 'copies = -3'), "ancestral-portrait", "copies"),
    # an op paired with a target it cannot act on used to load and then fail mid-game
    ((TRAPDOOR + 'target = "chosen_visitor"', TRAPDOOR + 'target = "chosen_discard"'), "trapdoor", "effect.target"),
    ((TRAPDOOR + 'target = "chosen_visitor"', TRAPDOOR + 'target = "self"'), "trapdoor", "effect.target"),
    (('op = "recover"\ntarget = "chosen_discard"', 'op = "recover"\ntarget = "chosen_home"'),
     "resurrection-ritual", "effect.target"),
    (('op = "summon"\n', 'op = "summon"\ntarget = "chosen_visitor"\n'), "nosy-postman", "effect.target"),
    ((TRAPDOOR + 'target', TRAPDOOR.replace("kill", "blank") + 'target'), "trapdoor", "effect.op"),
])
def test_a_bad_card_names_file_card_and_field(change, card, field):
    old, new = change
    assert old in GOOD, old
    with pytest.raises(CardDataError) as caught:
        load_card_set("bad.toml", GOOD.replace(old, new, 1))
    error = caught.value
    assert error.file == "bad.toml" and error.card == card and error.field == field
    assert isinstance(error, ValueError) and "bad.toml" in str(error)


@pytest.mark.parametrize("text, problem", [
    ("this is = = not toml", "not valid TOML"),
    ("sample = true\n", r"\[\[card\]\]"),
    (GOOD.replace('special = "home"\n', ""), "Home Sweet Home"),
    (GOOD.replace("visitor = true", "visitor = false"), "Visitors"),
])
def test_contradictory_or_broken_files_are_refused(text, problem):
    with pytest.raises(CardDataError, match=problem):
        load_card_set("bad.toml", text)


def test_missing_file_is_a_card_data_error(tmp_path):
    with pytest.raises(CardDataError, match="cannot read"):
        load_card_set(tmp_path / "nowhere.toml")
    with pytest.raises(CardDataError):
        tablekit.new_game("deckula", seed=0, card_file=str(tmp_path / "nowhere.toml"))


def test_loading_never_executes_code(tmp_path):
    marker = tmp_path / "pwned"
    evil = GOOD.replace('text = "The jewel of the castle."',
                        f'text = "__import__(\'pathlib\').Path(\'{marker}\').touch()"')
    cards = load_card_set("evil.toml", evil)
    assert not marker.exists() and "__import__" in cards.by_id("blood-fountain").text


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_crash_the_loader(data):
    text = data.decode("utf-8", errors="replace")
    with contextlib.suppress(CardDataError):
        load_card_set("fuzz.toml", text)


NOT_A_NUMBER = st.from_regex(r"[a-z][a-z0-9 ]{0,8}", fullmatch=True)
FRACTION = st.floats(-50, 50, allow_nan=False).filter(lambda x: not x.is_integer())
WRONG_SHAPE = st.lists(st.integers(0, 9), max_size=3)


def not_one_of(*allowed: str):
    """Words the schema must refuse where it expects one of `allowed`."""
    return st.one_of(st.text(max_size=12).filter(lambda s: s.strip() not in allowed),
                     st.integers(-5, 50), WRONG_SHAPE)


# what the schema must refuse in each field (no value here can be read as a good one)
BAD_VALUES = {
    "vp": st.one_of(NOT_A_NUMBER, FRACTION, WRONG_SHAPE),
    "copies": st.one_of(st.integers(max_value=0), st.integers(11, 10**6), NOT_A_NUMBER, FRACTION),
    "name": st.one_of(st.integers(), WRONG_SHAPE, st.sampled_from(["", "   "])),
    "arrow": not_one_of("threat", "home"),
    "effect.timing": not_one_of("instant", "discard", "passive"),
    "effect.op": not_one_of("kill", "blank", "end_game", "lose_energy", "summon", "recover", "bury"),
    "effect.target": not_one_of("chosen_visitor", "chosen_home", "highest_home", "chosen_discard",
                                "trigger", "self", "none"),
    "effect.amount": st.one_of(st.integers(max_value=-1), NOT_A_NUMBER, FRACTION, WRONG_SHAPE),
}
CARD_IDS = [spec.id for spec in sample_set().specs]
WITH_EFFECT = [spec.id for spec in sample_set().specs if spec.effect]


def toml_value(value: object) -> str:
    """A Python value written as TOML (control characters and DEL as \\u escapes, as TOML asks)."""
    if isinstance(value, str):
        return '"' + "".join(_toml_char(c) for c in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return repr(value)


def with_field(card_id: str, field: str, value: object) -> str:
    """The sample file with one field of one card (or of its first effect) set to `value`."""
    head, *cards = GOOD.split("\n[[card]]\n")
    index = next(i for i, block in enumerate(cards) if block.startswith(f'id = "{card_id}"\n'))
    card, *effects = cards[index].split("\n[[card.effect]]\n")
    name = field.removeprefix("effect.")
    if field.startswith("effect."):
        effects[0] = _set_line(effects[0], name, value)
    else:
        card = _set_line(card, name, value)
    cards[index] = "\n[[card.effect]]\n".join([card, *effects])
    return "\n[[card]]\n".join([head, *cards])


def _set_line(table: str, key: str, value: object) -> str:
    lines = [line for line in table.split("\n") if not line.startswith(f"{key} = ")]
    return "\n".join([f"{key} = {toml_value(value)}", *lines])


def _toml_char(char: str) -> str:
    """One character of a TOML basic string: quotes, backslashes and control characters escaped."""
    return f"\\u{ord(char):04x}" if char in '"\\\x7f' or char < " " else char


def test_the_fuzzer_writes_the_value_it_means():
    text = with_field("candelabra", "vp", "seven")
    assert load_card_set("ok.toml", with_field("candelabra", "vp", 7)).by_id("candelabra").vp == 7
    assert text.count('vp = "seven"') == 1 and len(text.splitlines()) == len(GOOD.splitlines())
    odd = 'a"b\\c\x7f\n\x00é'  # found by the fuzz: DEL written raw made the file invalid TOML
    assert load_card_set("ok.toml", with_field("candelabra", "name", odd)).by_id("candelabra").name == odd
    op = with_field("secret-passage", "effect.op", "summon")  # replaced, not added twice
    assert load_card_set("ok.toml", op).by_id("secret-passage").effect[0].op == "summon"


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_a_bad_value_in_any_field_names_file_card_and_field(data):
    field = data.draw(st.sampled_from(sorted(BAD_VALUES)), label="field")
    ids = WITH_EFFECT if field.startswith("effect.") else CARD_IDS
    card = data.draw(st.sampled_from(ids), label="card")
    value = data.draw(BAD_VALUES[field], label="value")
    with pytest.raises(CardDataError) as caught:
        load_card_set("mutant.toml", with_field(card, field, value))
    error = caught.value
    where = field.replace("effect.", "effect.0.")
    assert (error.file, error.card, error.field) == ("mutant.toml", card, where), str(error)
    assert "mutant.toml" in str(error) and card in str(error)
