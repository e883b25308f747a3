"""The card model, the sample pool and collections: clear errors, nothing half-loaded."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.core.errors import CardDataError
from tablekit.runes import HEROES, Card, CardType, Rarity, load_collection, load_pool
from tablekit.runes.cards import check_collection, parse_collection, parse_pool


def test_card_positional_lower_case_words() -> None:
    c = Card("x", "Ex", "equipment", "legendary", "crown")
    assert c.type is CardType.EQUIPMENT and c.rarity is Rarity.LEGENDARY and c.unique == "crown"
    assert c.copy_limit == 1 and Card("y", "Why", "trigger", "rare").copy_limit == 2


def test_card_is_hashable_and_frozen() -> None:
    a, b = Card("x", "Ex", "action", "common"), Card("x", "Ex", "action", "common")
    assert {a: 1}[b] == 1
    with pytest.raises(Exception):  # noqa: B017 - pydantic raises ValidationError on frozen
        a.name = "other"


@pytest.mark.parametrize("kwargs, field", [
    ({"type": "spell"}, "type"),
    ({"rarity": "mythic"}, "rarity"),
    ({"properties": ("Ravens",)}, "properties"),
    ({"hero": "loki"}, "hero"),
])
def test_bad_card_fields_name_the_field(kwargs: dict, field: str) -> None:
    entry = {"id": "bad", "name": "Bad", "type": "action", "rarity": "common", **kwargs}
    with pytest.raises(CardDataError) as err:
        parse_pool("test.toml", {"card": [entry]})
    assert err.value.card == "bad" and err.value.field.startswith(field)


def test_sample_pool_meets_the_issue(pool: dict[str, Card]) -> None:
    rarity = Counter(c.rarity for c in pool.values())
    kinds = Counter(c.type for c in pool.values())
    assert len(pool) >= 120
    assert rarity[Rarity.LEGENDARY] >= 3 and rarity[Rarity.EPIC] >= 6
    assert rarity[Rarity.RARE] >= 10 and rarity[Rarity.UNCOMMON] >= 15
    assert all(kinds[k] >= 10 for k in CardType)
    shared = Counter(c.unique for c in pool.values() if c.unique)
    assert len(shared) >= 5 and any(n >= 2 for n in shared.values())
    assert {c.hero for c in pool.values()} >= set(HEROES)
    assert all(c.text for c in pool.values())


def test_sample_file_is_marked_as_sample() -> None:
    from tablekit.runes.cards import SAMPLE_COLLECTION, SAMPLE_POOL
    assert "SAMPLE" in SAMPLE_POOL.read_text().splitlines()[0]
    assert "SAMPLE" in SAMPLE_COLLECTION.read_text().splitlines()[0]


def test_sample_collection(collection: dict[Card, int]) -> None:
    assert sum(collection.values()) > 100
    legendary = [c for c, n in collection.items() if c.rarity is Rarity.LEGENDARY and n]
    assert len(legendary) >= 2  # so an illegal deck with two Legendary cards can be built


def test_duplicate_id_rejected() -> None:
    entry = {"id": "a", "name": "A", "type": "action", "rarity": "common"}
    with pytest.raises(CardDataError, match="share the id"):
        parse_pool("dup.toml", {"card": [entry, {**entry, "name": "B"}]})


def test_collection_unknown_card_and_negative_count(pool: dict[str, Card]) -> None:
    with pytest.raises(CardDataError, match="unknown card id") as err:
        parse_collection("c.toml", {"peck": 1, "no-such-card": 2}, pool)
    assert err.value.card == "no-such-card"
    with pytest.raises(CardDataError, match="whole number") as err:
        parse_collection("c.toml", {"peck": -1}, pool)
    assert err.value.card == "peck" and err.value.field == "owned"
    with pytest.raises(CardDataError):
        check_collection({pool["peck"]: -2})
    with pytest.raises(CardDataError):
        check_collection({"peck": 1})


def test_bad_files(tmp_path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[[card]\nid=")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_pool(broken)
    with pytest.raises(CardDataError, match="cannot read"):
        load_pool(tmp_path / "missing.toml")
    empty = tmp_path / "owned.toml"
    empty.write_text("[other]\nx = 1\n")
    with pytest.raises(CardDataError, match="owned"):
        load_collection(empty)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["id", "name", "type", "rarity", "unique", "text", "cost"]),
                       st.one_of(st.text(max_size=8), st.integers(), st.none()), max_size=7))
def test_loader_fed_garbage_raises_card_data_error_or_loads(entry: dict) -> None:
    entry = {k: v for k, v in entry.items() if v is not None}
    try:
        pool = parse_pool("fuzz.toml", {"card": [entry]})
    except CardDataError as err:
        assert err.file == "fuzz.toml"
    else:
        (only,) = pool.values()
        assert only.type in CardType and only.rarity in Rarity
