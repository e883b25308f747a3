"""Bad input gets a clear error naming the rule, and changes nothing (issue 36, item 11)."""

from __future__ import annotations

import pytest

from tablekit.core.errors import CardDataError, TablekitError
from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import MAX_COPIES
from tablekit.runes.decks import sample_plan
from tablekit.runes.duel import run_duel
from tablekit.runes.exchange import parse_collection_csv


def sample_deck(pool, hero: str) -> list:
    return [pool[c] for c in sample_plan(hero).card_ids()]


@pytest.mark.parametrize("size, rule", [(7, "runes.deck-size"), (40, "runes.deck-size"),
                                        (0, "runes.deck-size")])
def test_run_duel_refuses_a_deck_of_the_wrong_size(pool, size, rule) -> None:
    deck = (sample_deck(pool, "skorta") * 2)[:size]
    with pytest.raises(TablekitError, match=rule) as err:
        run_duel(("skorta", "ash"), [deck, sample_deck(pool, "ash")])
    assert "Player 1" in str(err.value)


def test_run_duel_refuses_five_pecks(pool) -> None:
    deck = sample_deck(pool, "skorta")
    deck[:5] = [pool["peck"]] * 5
    with pytest.raises(TablekitError, match="runes.copy-limit"):
        run_duel(("skorta", "ash"), [deck, sample_deck(pool, "ash")])


def test_run_duel_takes_card_ids(pool) -> None:
    ids = [list(sample_plan(h).card_ids()) for h in ("skorta", "ash")]
    by_id = run_duel(("skorta", "ash"), ids)
    by_card = run_duel(("skorta", "ash"), [[pool[c] for c in deck] for deck in ids])
    assert by_id.events == by_card.events


def test_run_duel_names_an_unknown_card_id(pool) -> None:
    ids = list(sample_plan("skorta").card_ids())
    ids[3] = "no-such-card"
    with pytest.raises(TablekitError, match="no-such-card"):
        run_duel(("skorta", "ash"), [ids, sample_deck(pool, "ash")])


def test_first_player_none_is_a_seeded_coin_toss(pool) -> None:
    decks = [sample_deck(pool, "skorta"), sample_deck(pool, "ash")]
    options = DuelOptions(first_player=None)
    firsts = {run_duel(("skorta", "ash"), decks, options, seed=s).boards[0]["active"]
              for s in range(12)}
    assert firsts == {0, 1}
    again = [run_duel(("skorta", "ash"), decks, options, seed=7).events for _ in range(2)]
    assert again[0] == again[1]


def test_csv_line_numbers_count_blank_lines(pool) -> None:
    with pytest.raises(CardDataError) as err:
        parse_collection_csv("mine.csv", "card,copies\n\npeck,1\n\n\nno-such,1\n", pool)
    assert err.value.file == "mine.csv, line 6"


def test_csv_superscript_copies_are_a_clear_error(pool) -> None:
    with pytest.raises(CardDataError) as err:
        parse_collection_csv("mine.csv", "card,copies\npeck,²\n", pool)
    assert err.value.file == "mine.csv, line 2" and err.value.field == "copies"


@pytest.mark.parametrize("copies", [str(10**20), str(MAX_COPIES + 1)])
def test_csv_copies_are_capped(pool, copies) -> None:
    with pytest.raises(CardDataError, match=str(MAX_COPIES)) as err:
        parse_collection_csv("mine.csv", f"card,copies\npeck,{copies}\n", pool)
    assert err.value.card == "peck"


def test_csv_repeats_add_up_to_the_cap(pool) -> None:
    half = MAX_COPIES // 2 + 1
    with pytest.raises(CardDataError, match=str(MAX_COPIES)):
        parse_collection_csv("mine.csv", f"card,copies\npeck,{half}\npeck,{half}\n", pool)
    assert parse_collection_csv("mine.csv", f"card,copies\npeck,{MAX_COPIES}\n", pool) \
        == {pool["peck"]: MAX_COPIES}
