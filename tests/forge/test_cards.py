"""Cards, the Book of inscriptions and the label pool (Building Your Band, Glossary)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.core.errors import CardDataError
from tablekit.forge import load_book, load_labels
from tablekit.forge.cards import (
    HEROES,
    ITEMS,
    TIER_COST,
    card_label,
    face_values,
    is_hero,
    parse_card,
    sample_book,
    sample_labels,
)

PAGE = """
[[inscription]]
id = "spark"
name = "Spark"
tier = "common"
effect = [{ when = "play", op = "damage", amount = 2 }]
"""


def test_cards_are_written_rank_and_suit_symbol():
    assert [card_label(c) for c in (0, 8, 9, 22, 47)] == ["2♠", "10♠", "J♠", "Q♥", "K♦"]
    assert all(parse_card(card_label(c)) == c for c in range(48))
    with pytest.raises(CardDataError):
        parse_card("1♠")


def test_a_combat_deck_is_36_items_and_12_heroes():
    assert len(ITEMS) == 36 and len(HEROES) == 12
    assert all(is_hero(c) == (card_label(c)[0] in "JQK") for c in range(48))
    values = face_values()
    assert sorted(values[c] for c in ITEMS) == sorted(list(range(2, 11)) * 4)
    assert [values[parse_card(t)] for t in ("J♣", "Q♣", "K♣")] == [11, 12, 13]
    assert [face_values((10, 10, 10))[parse_card("K♣")]] == [10]


def test_the_sample_book_has_every_tier_and_prices():
    book = sample_book()
    counts = {tier: len(book.tier(tier)) for tier in TIER_COST}
    assert counts["common"] >= 8 and counts["uncommon"] >= 8
    assert counts["rare"] >= 6 and counts["mythic"] >= 4
    assert book.sample and book["ember-edge"].cost == 5 and book["cinder-fang"].cost == 10
    assert book["wildfire-crest"].cost == 20 and book["sunforge-crown"].cost == 0


def test_the_sample_label_pool_has_every_tier_and_doom():
    pool = sample_labels()
    assert {lab.tier for lab in pool.labels} == {"easy", "medium", "hard"}
    assert pool["doom"].op == "doom" and pool["doom"].amount == 5
    assert [pool.tier(t)[0].reward for t in ("easy", "medium", "hard")] == [1, 2, 3]


@pytest.mark.parametrize(("text", "card", "field"), [
    (PAGE.replace('"play", op = "damage"', '"dodge", op = "damage"'), "spark", "effect.0"),
    (PAGE.replace('tier = "common"', 'tier = "legendary"'), "spark", "tier"),
    (PAGE.replace("amount = 2", "amount = 0"), "spark", "effect.0.amount"),
    (PAGE.replace('name = "Spark"', 'name = "Spark"\ncolour = "red"'), "spark", "colour"),
    (PAGE + PAGE.replace('name = "Spark"', 'name = "Other"'), "spark", "id"),
    (PAGE.replace('id = "spark"', 'id = "Bad Id"'), "Bad Id", "id"),
])
def test_a_bad_book_names_the_file_the_inscription_and_the_field(text, card, field):
    with pytest.raises(CardDataError) as caught:
        load_book("mine.toml", text)
    error = caught.value
    assert error.file == "mine.toml" and error.card == card and error.field == field


def test_a_bad_label_pool_is_refused():
    good = '[[label]]\nid = "a"\nname = "A"\ntier = "{t}"\nop = "hp"\namount = 2\n'
    text = "".join(good.replace('"a"', f'"{t}"').format(t=t) for t in ("easy", "medium", "hard"))
    assert len(load_labels("pool.toml", text).labels) == 3
    with pytest.raises(CardDataError, match="hard"):
        load_labels("pool.toml", text.replace('tier = "hard"', 'tier = "easy"'))
    with pytest.raises(CardDataError) as caught:
        load_labels("pool.toml", text.replace('op = "hp"', 'op = "explode"', 1))
    assert caught.value.field == "op"


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_fuzzed_book_and_label_files_give_clean_errors(text):
    for loader in (load_book, load_labels):
        try:
            loader("fuzz.toml", PAGE + text)
        except CardDataError as exc:
            assert "fuzz.toml" in str(exc)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["when", "op", "amount", "target", "extra"]),
                       st.one_of(st.integers(-5, 40), st.sampled_from(
                           ["play", "kill", "dodge", "damage", "heal", "value", "all", "self"]))))
def test_fuzzed_effects_load_or_fail_naming_the_field(effect):
    parts = ", ".join(f"{k} = {v!r}".replace("'", '"') for k, v in effect.items())
    text = PAGE.replace('{ when = "play", op = "damage", amount = 2 }', "{ " + parts + " }")
    try:
        book = load_book("fx.toml", text)
    except CardDataError as exc:
        assert exc.card == "spark" and exc.field and exc.field.startswith("effect")
    else:
        assert book["spark"].effect[0].amount >= 1
