"""Collections from CSV, prepared decks to text, JSON and TOML and back."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.core.cards import read_toml
from tablekit.core.errors import CardDataError
from tablekit.runes.decks import plan_from_data, sample_plan
from tablekit.runes.exchange import (
    collection_to_csv,
    load_collection_csv,
    parse_collection_csv,
    plan_from_json,
    plan_to_json,
    plan_to_text,
    plan_to_toml,
)


def test_collection_csv_round_trip(collection, pool) -> None:
    text = collection_to_csv(collection)
    assert parse_collection_csv("mine.csv", text, pool) == collection


def test_csv_by_name_with_other_columns_and_repeats(tmp_path, pool) -> None:
    path = tmp_path / "cards.csv"
    path.write_text("Set,Name,Qty\nbase,Peck,1\nbase,peck,1\nbase,Talon Rake,2\n\n",
                    encoding="utf-8")
    owned = load_collection_csv(path, pool)
    assert owned == {pool["peck"]: 2, pool["talon-rake"]: 2}


@pytest.mark.parametrize("text, field, card", [
    ("name,copies\nNo Such Card,1\n", "name", "No Such Card"),
    ("card,copies\npeck,two\n", "copies", "peck"),
    ("card,copies\npeck,-1\n", "copies", "peck"),
    ("card,amount\npeck,1\n", "copies", None),
    ("", None, None),
])
def test_bad_csv_names_line_card_and_column(text, field, card, pool) -> None:
    with pytest.raises(CardDataError) as err:
        parse_collection_csv("mine.csv", text, pool)
    assert err.value.field == field and err.value.card == card


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="peck,Talon Rake\n0123-x\"", max_size=60))
def test_fuzzed_csv_fails_cleanly(text) -> None:
    try:
        parse_collection_csv("fuzz.csv", "card,copies\n" + text)
    except CardDataError as exc:
        assert exc.file.startswith("fuzz.csv")


def test_plan_text_json_and_toml(pool, tmp_path) -> None:
    plan = sample_plan("torstein")
    text = plan_to_text("torstein", plan, pool)
    assert text.startswith("Torstein — prepared deck (") and "Chapter 4" in text
    assert "3. Old Spear (common equipment)  Thread: after Axe Swing" in text
    assert plan_from_json(plan_to_json("torstein", plan), pool) == ("torstein", plan)
    path = tmp_path / "mine.toml"
    path.write_text(plan_to_toml("my deck", "torstein", plan), encoding="utf-8")
    table = read_toml(path)["deck"]["my deck"]
    assert plan_from_data(str(path), "my deck", table, pool) == ("torstein", plan)


def test_bad_deck_json() -> None:
    with pytest.raises(CardDataError, match="not valid JSON"):
        plan_from_json("{")
    with pytest.raises(CardDataError) as err:
        plan_from_json('{"hero": "ash", "chapters": [["peck"]]}')
    assert err.value.field == "chapters"
