"""Battle Lines: Example C's numbers, a resolver written here from the rulebook, and the exact
search checked against brute force (never the resolver against itself)."""

import random

import pytest

from tablekit.wonders import Fighter, best_battle_lines, resolve_villain_attacks
from tablekit.wonders.battle import BattleCriterion, brute_force, count_layouts
from tablekit.wonders.layout_search import LayoutSearch
from tests.wonders.helpers import CAVALRY, MESMERIST, TOAD, TREANT, TROLL, WOLF, by_the_book


def test_example_c_layout_1():
    report = resolve_villain_attacks([MESMERIST, WOLF, TREANT], [TROLL, CAVALRY, TOAD])
    assert report.player_damage == 0
    assert report.destroyed == ["Pixie Mesmerist", "Hungry Wolf", "Pixie Cavalry",
                                "Treant Shepherd", "Poison Toad"]


def test_example_c_layout_2():
    report = resolve_villain_attacks([MESMERIST, WOLF, TREANT], [TOAD, TROLL, CAVALRY])
    assert report.player_damage == 2
    assert report.destroyed == ["Pixie Mesmerist", "Poison Toad", "Hungry Wolf", "Forest Troll"]


def test_example_c_layout_3():
    report = resolve_villain_attacks([MESMERIST, TREANT, WOLF], [TOAD, CAVALRY, TROLL])
    assert report.player_damage == 0
    assert report.destroyed == ["Pixie Mesmerist", "Poison Toad", "Treant Shepherd",
                                "Pixie Cavalry", "Forest Troll"]


def test_example_c_ranking_matches_the_book():
    layouts = best_battle_lines([MESMERIST, TREANT, WOLF], [TROLL, CAVALRY, TOAD], limit=None)
    assert len(layouts) == count_layouts([MESMERIST, TREANT, WOLF], [TROLL, CAVALRY, TOAD]) == 12

    def rank(villains, players):
        return next(i for i, lay in enumerate(layouts)
                    if lay.villain_order == villains and lay.player_order == players)

    r1 = rank(["Forest Troll", "Pixie Cavalry", "Poison Toad"],
              ["Pixie Mesmerist", "Hungry Wolf", "Treant Shepherd"])
    r2 = rank(["Poison Toad", "Forest Troll", "Pixie Cavalry"],
              ["Pixie Mesmerist", "Hungry Wolf", "Treant Shepherd"])
    r3 = rank(["Poison Toad", "Pixie Cavalry", "Forest Troll"],
              ["Pixie Mesmerist", "Treant Shepherd", "Hungry Wolf"])
    assert r3 < r2 < r1
    assert r3 == 0
    best = layouts[0]
    assert best.report.player_damage == 0 and "Hungry Wolf" not in best.report.destroyed
    assert best.player_order[0] == "Pixie Mesmerist"  # Priority 4 always leads


def test_no_player_minions_all_hit_the_player():
    report = resolve_villain_attacks([], [CAVALRY, Fighter("Gnomish Servant", 1, 2), WOLF])
    assert report.player_damage == 6 and report.destroyed == []


def test_villains_never_target_a_minion_they_cannot_destroy():
    report = resolve_villain_attacks([TREANT, WOLF], [CAVALRY])
    assert report.player_damage == 2 and report.destroyed == []


def test_zero_strength_poison_still_destroys_and_removes_shield():
    shielded = Fighter("Guard", 2, 5, priority=1, shield=True)
    report = resolve_villain_attacks([shielded], [Fighter("Spider", 0, 1, poison=True)])
    assert report.destroyed == ["Guard", "Spider"]
    assert ("player", 0) in report.shields_used


def test_shield_absorbs_the_first_hit_only():
    shielded = Fighter("Guard", 1, 3, priority=1, shield=True)
    assert resolve_villain_attacks([shielded], [TROLL]).player_damage == 5
    report = resolve_villain_attacks([shielded], [CAVALRY, TROLL])
    assert report.destroyed == ["Guard"] and report.player_damage == 0


def test_shielded_attacker_survives_the_hit_back():
    report = resolve_villain_attacks([WOLF], [Fighter("Knight", 2, 2, shield=True)])
    assert report.destroyed == ["Hungry Wolf"]


def test_fighter_rejects_bad_numbers():
    with pytest.raises(ValueError):
        Fighter("x", -1, 2)
    with pytest.raises(ValueError):
        Fighter("x", 1, 0)


def _random_fighter(rng, i, side):
    health = rng.randint(1, 6)
    return Fighter(f"{side}{i}", rng.randint(0, 5), health,
                   priority=rng.randint(1, 3) if side == "p" else None,
                   poison=rng.random() < 0.15, shield=rng.random() < 0.2,
                   damage=rng.randint(0, health - 1) if rng.random() < 0.3 else 0)


def test_the_book_resolver_reads_example_c_as_the_rulebook_does():
    assert by_the_book([MESMERIST, WOLF, TREANT], [TROLL, CAVALRY, TOAD]) == (
        0, ["Pixie Mesmerist", "Hungry Wolf", "Pixie Cavalry", "Treant Shepherd", "Poison Toad"])
    assert by_the_book([MESMERIST, WOLF, TREANT], [TOAD, TROLL, CAVALRY])[0] == 2


def test_resolver_agrees_with_the_rulebook_played_hit_by_hit():
    rng = random.Random(19)
    for _ in range(3000):
        players = [_random_fighter(rng, i, "p") for i in range(rng.randint(0, 4))]
        villains = [_random_fighter(rng, i, "v") for i in range(rng.randint(0, 6))]
        report = resolve_villain_attacks(players, villains)
        assert (report.player_damage, report.destroyed) == by_the_book(players, villains)


def allowed(players, villains, lay) -> bool:
    """A layout the rulebook allows: Player minions by Priority, every minion placed once."""
    ranks = [(players[i].taunt, players[i].priority) for i in lay.player_indices]
    return (ranks == sorted(ranks, reverse=True)
            and sorted(lay.player_indices) == list(range(len(players)))
            and sorted(lay.villain_indices) == list(range(len(villains))))


def test_search_agrees_with_brute_force():
    rng = random.Random(7)
    for _ in range(200):
        players = [_random_fighter(rng, i, "p") for i in range(rng.randint(0, 4))]
        villains = [_random_fighter(rng, i, "v") for i in range(rng.randint(1, 5))]
        brute = brute_force(players, villains, BattleCriterion())
        search = LayoutSearch(players, villains, BattleCriterion()).top(5)
        assert search[0].score == pytest.approx(brute[0].score)
        scores = [lay.score for lay in search]
        assert scores == sorted(scores, reverse=True)
        every = {(tuple(b.villain_indices), tuple(b.player_indices)) for b in brute}
        for lay in search:  # each plan is an allowed layout, one brute force played out too
            assert allowed(players, villains, lay)
            assert (tuple(lay.villain_indices), tuple(lay.player_indices)) in every


def test_eight_against_eight_is_exact_and_respects_priority():
    rng = random.Random(3)
    players = [_random_fighter(rng, i, "p") for i in range(8)]
    villains = [_random_fighter(rng, i, "v") for i in range(8)]
    layouts = best_battle_lines(players, villains, limit=5)
    assert len(layouts) == 5  # 8! Villain orders alone: far more than five plans
    assert all(allowed(players, villains, lay) for lay in layouts)


def test_criterion_is_configurable():
    careful = BattleCriterion(damage_weight=100.0)
    layouts = best_battle_lines([MESMERIST, TREANT, WOLF], [TROLL, CAVALRY, TOAD],
                                criterion=careful, limit=None)
    assert all(lay.report.player_damage == 0 for lay in layouts[:3])
    lethal = BattleCriterion(player_health=2)
    worst = best_battle_lines([MESMERIST, TREANT, WOLF], [TROLL, CAVALRY, TOAD],
                              criterion=lethal, limit=None)[-1]
    assert worst.report.player_damage >= 2
