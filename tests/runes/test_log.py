"""The duel's log reads as a player would say it (issue 36, item 13)."""

from __future__ import annotations

from tablekit.runes import combat, statuses, temperature
from tablekit.runes.duel import end_turn, play_card
from tests.runes.duelkit import card, duel, hit, texts


def test_nothing_is_logged_after_the_defeat(pool) -> None:
    d = duel("skorta", "ash")
    me, foe = d.fighters
    me.raven_sight, foe.health = True, 1
    play_card(d, me, pool["ravenous-strike"])  # its Attack 4 consumes Raven Sight
    assert d.over and d.events.items[-1].rule == "runes.defeat"
    assert "consumes Raven Sight" not in texts(d)


def test_a_skipped_effect_names_its_condition_in_words(pool) -> None:
    d = duel("skorta", "ash")
    d.fighters[0].raven_sight = True
    play_card(d, d.fighters[0], pool["ravenous-strike"])
    assert "Ravenous Strike: the Attack 2 is skipped (only when Raven Sight is not active)." \
        in texts(d)
    assert "no-raven-sight" not in texts(d)


def test_an_ethereal_turn_ends_with_essence() -> None:
    d = duel("torstein", "skorta")
    me = d.fighters[0]
    d.active = 1
    combat.true_damage(d, me, 20, "test")
    d.active = 0
    end_turn(d, me)
    last = d.events.items[-1].text
    assert "Essence 5/5" in last and "Health" not in last


def test_a_mirror_duel_names_the_players() -> None:
    d = duel("skorta", "skorta")
    me, foe = d.fighters
    foe.health = 1
    combat.attack(d, me, 1)
    assert d.events.items[-1].text == ("Skörta (player 2) is defeated (Health reached 0); "
                                       "Skörta (player 1) wins the duel.")


def test_shield_bash_at_shield_0_says_so(pool) -> None:
    d = duel("torstein", "skorta")
    play_card(d, d.fighters[0], pool["shield-bash"])
    assert "Shield Bash: half the Shield (0) gives 0: no Attack." in texts(d)


def test_heat_2_gives_permanent_kindled_once() -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    me.temperature = 2
    for _ in range(3):
        temperature.end_of_turn(d, me)
    assert texts(d).count("gains Kindled") == 1 and me.permanent("Kindled")


def test_heat_2_makes_a_timed_kindled_permanent() -> None:
    d = duel("ash", "skorta")
    me = d.fighters[0]
    statuses.gain(d, me, "Kindled", 1, 2)
    me.temperature = 2
    temperature.end_of_turn(d, me)
    assert me.permanent("Kindled")


def test_an_attack_under_frost_strikes_for_zero_not_less() -> None:
    d = duel()
    me = d.fighters[0]
    statuses.gain(d, me, "Frost", 8, None)
    play_card(d, me, card("poke", effects=[hit(1)]))
    assert "strikes for -" not in texts(d) and "strikes for 0" in texts(d)
