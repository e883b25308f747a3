"""Building Your Band: Monster rolls, the Legend rule, starting inscriptions, labels."""

from __future__ import annotations

import random

import pytest

from tablekit.forge import BandError, build_band, monster_stats
from tablekit.forge.band import add_label, labelled_stats, starting_plan_cost
from tablekit.forge.cards import sample_labels


def test_monster_stats_from_three_items():
    stats = monster_stats([2, 7, 7])
    assert stats.hp == 16 and stats.atk == 3 and stats.legend is True
    assert monster_stats([2, 3, 4]) == (9, 2, False)   # average 3, half is 1.5 -> 2
    assert monster_stats([2, 2, 2]) == (6, 1, True)    # average 2 -> ATK 1
    assert monster_stats([10, 10, 9]) == (29, 5, True)  # average 9.67 -> 4.83 -> 5
    with pytest.raises(BandError, match="forge.monster-roll"):
        monster_stats([2, 11, 3])


def test_a_band_has_six_monsters_rolled_from_items_and_a_legend():
    for seed in range(30):
        band = build_band("Test", random.Random(seed))
        assert [m.key for m in band.monsters] == ["A♠", "A♥", "A♣", "A♦", "Joker 1", "Joker 2"]
        assert any(m.legend for m in band.monsters)
        for monster in band.monsters:
            assert len(monster.items) == 3 and all(i[0] not in "JQK" for i in monster.items)


def test_the_legend_rule_stars_one_monster_when_no_roll_did():
    seed = next(s for s in range(500)
                if sum(m.legend for m in build_band("T", random.Random(s)).monsters) == 1
                and not _natural(build_band("T", random.Random(s))))
    band = build_band("T", random.Random(seed))
    lowest = min(band.monsters, key=lambda m: m.hp)
    assert lowest.legend
    chosen = build_band("T", random.Random(seed), legend=5)
    assert [m.legend for m in chosen.monsters] == [False] * 5 + [True]


def _natural(band) -> bool:
    from tablekit.forge.cards import parse_card
    return any(len({parse_card(i) % 12 for i in m.items}) < 3 for m in band.monsters)


def test_starting_inscriptions_three_to_six_within_budget():
    plan = {"K♠": "wildfire-crest", "7♥": "kettle-charm", "9♣": "wayfinder-notch"}
    assert starting_plan_cost(plan, wizards=2) == 30
    with pytest.raises(BandError, match="3 to 6"):
        starting_plan_cost({"K♠": "wildfire-crest"}, wizards=2)
    with pytest.raises(BandError, match="budget is 30"):
        starting_plan_cost({**plan, "2♦": "ember-edge"}, wizards=2)
    assert starting_plan_cost({**plan, "2♦": "ember-edge"}, wizards=1) == 35  # 40 solo


def test_mythics_are_earned_and_only_on_heroes():
    with pytest.raises(BandError, match="never bought"):
        starting_plan_cost({"K♠": "sunforge-crown", "2♦": "ember-edge", "3♦": "ember-edge"})
    from tablekit.forge.band import check_inscription
    from tablekit.forge.cards import sample_book
    with pytest.raises(BandError, match="Heroes"):
        check_inscription("5♠", "sunforge-crown", sample_book(), {}, bought=False)
    with pytest.raises(BandError, match="cannot be Converted"):
        check_inscription("Q♠", "tinkers-twist", sample_book(), {})
    with pytest.raises(BandError, match="one inscription per card"):
        check_inscription("Q♠", "ember-edge", sample_book(), {"Q♠": "hop-rune"})


def test_labels_are_permanent_limited_and_change_stats():
    pool = sample_labels()
    monster = build_band("T", random.Random(1)).monsters[0]
    labelled = add_label(add_label(monster, "thick-hide", pool), "sharp-tusks", pool)
    stats = labelled_stats(labelled, pool)
    assert (stats["hp"], stats["atk"]) == (monster.hp + 4, monster.atk + 1)
    with pytest.raises(BandError, match="already carries"):
        add_label(labelled, "thick-hide", pool)
    for label in ("mossy-mend", "iron-scales", "bloodrage"):
        labelled = add_label(labelled, label, pool)
    with pytest.raises(BandError, match="5 labels"):
        add_label(labelled, "doom", pool)
