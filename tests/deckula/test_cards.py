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


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["vp", "copies", "arrow", "name", "timing", "op", "target", "amount"]),
       st.one_of(st.integers(-5, 50), st.text(max_size=6), st.booleans()))
def test_mutated_fields_load_cleanly_or_fail_with_a_card_data_error(field, value):
    rendered = f'"{value}"' if isinstance(value, str) else str(value).lower()
    text = GOOD.replace(f"\n{field} = ", f"\n{field} = {rendered}\nx_{field} = ", 1)
    try:
        load_card_set("mutant.toml", text)
    except CardDataError as error:
        assert error.file == "mutant.toml"
