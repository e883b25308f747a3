"""Card abilities as data: the sample pool's effects load, bad ones name the card and field."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.core.errors import CardDataError, ConfigError
from tablekit.runes.abilities import HOOKS, OPS, STATS
from tablekit.runes.board import load_heroes
from tablekit.runes.cards import parse_pool
from tablekit.runes.decks import load_decks, sample_decks
from tablekit.runes.duel import run_duel
from tablekit.runes.preparation import shuffle

BASE = {"id": "bad", "name": "Bad", "type": "action", "rarity": "common"}


def test_every_sample_card_does_something_in_the_duel(pool) -> None:
    silent = [c.id for c in pool.values() if not (c.effects or c.reactions or c.passive)]
    assert silent == []
    used_ops = {e.op for c in pool.values() for e in (*c.effects, *c.ethereal)}
    used_ops |= {e.op for c in pool.values() for r in c.reactions for e in r.effects}
    assert used_ops == set(OPS)


@pytest.mark.parametrize("extra, field", [
    ({"effects": [{"op": "smite"}]}, "effects.0.op"),
    ({"effects": [{"op": "status", "status": "Dizzy"}]}, "effects.0"),
    ({"effects": [{"op": "attack", "amount": 2, "when": "raven"}]}, "effects.0.when"),
    ({"effects": [{"op": "attack", "amount": 2, "when": "health-at-most:x"}]}, "effects.0.when"),
    ({"effects": [{"op": "attack", "amount": -2}]}, "effects.0"),
    ({"effects": [{"op": "attune"}]}, "effects.0"),
    ({"effects": [{"op": "heal", "amount": 1, "exec": "rm -rf"}]}, "effects.0.exec"),
    ({"type": "equipment", "reactions": [{"on": "dawn", "effects": []}]}, "reactions.0.on"),
    ({"type": "equipment", "passive": [{"stat": "luck", "amount": 1}]}, "passive.0.stat"),
    ({"passive": [{"stat": "attack", "amount": 1}]}, None),
    ({"reactions": [{"on": "heals", "effects": []}]}, None),
])
def test_bad_abilities_name_the_card_and_field(extra, field) -> None:
    with pytest.raises(CardDataError) as err:
        parse_pool("mine.toml", {"card": [{**BASE, **extra}]})
    assert err.value.file == "mine.toml" and err.value.card == "bad"
    if field is not None:
        assert err.value.field == field


ABILITY = st.fixed_dictionaries({}, optional={
    "op": st.sampled_from([*OPS, "zap", ""]),
    "amount": st.one_of(st.integers(-3, 5), st.text(max_size=3)),
    "when": st.sampled_from(["raven-sight", "cold:2", "cold", "attuned:Fire+Mud", "oath:x"]),
    "status": st.sampled_from(["Bleeding", "Frozen", "Sleepy"]),
    "target": st.sampled_from(["self", "foe", "both"]),
})


@settings(max_examples=120, deadline=None)
@given(st.lists(ABILITY, max_size=3), st.sampled_from(sorted(HOOKS) + ["never"]),
       st.sampled_from(sorted(STATS) + ["mood"]))
def test_fuzzed_card_files_fail_cleanly(effects, hook, stat) -> None:
    for extra in ({"effects": effects},
                  {"type": "equipment", "reactions": [{"on": hook, "effects": effects}]},
                  {"type": "event", "passive": [{"stat": stat, "amount": 1}]}):
        try:
            parse_pool("fuzz.toml", {"card": [{**BASE, **extra}]})
        except CardDataError as exc:
            assert exc.card == "bad" and exc.field


def test_hero_file_errors(tmp_path) -> None:
    path = tmp_path / "heroes.toml"
    path.write_text("[hero.skorta]\nhealth = 10\n")
    with pytest.raises(CardDataError, match="one \\[hero.<id>\\] table"):
        load_heroes(path)
    rows = "".join(f"[hero.{h}]\nhealth = 10\n" for h in ("mikal-finnvard", "ash", "torstein"))
    path.write_text(rows + "[hero.skorta]\nhealth = 0\n")
    with pytest.raises(CardDataError) as err:
        load_heroes(path)
    assert err.value.card == "skorta" and err.value.field == "health"


def test_deck_file_errors(tmp_path, pool) -> None:
    path = tmp_path / "decks.toml"
    path.write_text('[deck.mine]\nhero = "ash"\nchapters = [["peck", "peck", "peck", "a", "b"]]\n')
    with pytest.raises(CardDataError) as err:
        load_decks(path, pool)
    assert err.value.card == "mine" and err.value.field == "chapters"


def test_sample_decks_are_legal_and_play(pool) -> None:
    decks = sample_decks()
    assert set(decks) == {"skorta", "mikal-finnvard", "ash", "torstein"}
    for hero, (deck_hero, plan) in decks.items():
        assert deck_hero == hero and all(pool[c].hero in (None, hero) for c in plan.card_ids())


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["skorta", "mikal-finnvard", "ash", "torstein"]),
       st.sampled_from(["skorta", "mikal-finnvard", "ash", "torstein"]),
       st.integers(0, 10**6), st.integers(0, 1))
def test_duel_properties(hero_a, hero_b, seed, first) -> None:
    from tablekit.runes.board import DuelOptions
    from tablekit.runes.game import pool
    decks = sample_decks()
    locked = [[pool()[c] for c in shuffle(decks[h][1], f"{seed}:{i}").deck]
              for i, h in enumerate((hero_a, hero_b))]
    result = run_duel((hero_a, hero_b), locked, DuelOptions(first_player=first))
    for row in result.timeline:  # turn, active, then per hero: health, shield, temp, resource
        for health, shield, temperature in (row[2:5], row[6:9]):
            assert health >= 0 and shield >= 0 and -2 <= temperature <= 2
    again = run_duel((hero_a, hero_b), locked, DuelOptions(first_player=first))
    assert again.events == result.events and (result.winner is None) == \
        (result.reason == "turn limit")


def test_bad_duel_option_in_a_match() -> None:
    import tablekit
    with pytest.raises(ConfigError, match="runes.fatigue"):
        tablekit.new_game("runes", fatigue_defeat=0)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False),
       st.sampled_from(["skorta", "mikal-finnvard", "ash", "torstein"]),
       st.sampled_from(["skorta", "mikal-finnvard", "ash", "torstein"]))
def test_any_cards_of_the_pool_fight_a_sound_duel(rnd, hero_a, hero_b) -> None:
    from tablekit.core.game import Events
    from tablekit.runes.duel import new_duel, play_turn
    from tablekit.runes.game import pool
    cards = list(pool().values())
    decks = [[rnd.choice(cards) for _ in range(20)] for _ in range(2)]
    duel = new_duel((hero_a, hero_b), decks, events=Events([]))
    while not duel.over:
        play_turn(duel)
        for f in duel.fighters:
            assert 0 <= f.health <= f.max_health and f.shield >= 0
            assert -2 <= f.temperature <= 2 and 0 <= f.essence <= max(f.essence_max, 0)
            assert all(s.amount >= 1 and (s.turns is None or s.turns >= 0)
                       for s in f.statuses.values())
    assert duel.turn <= 60 and all("{" not in e.text for e in duel.events.items)
