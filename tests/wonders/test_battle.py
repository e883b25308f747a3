"""Battle Lines: Example C's numbers, a resolver written here from the rulebook, and the exact
search checked against brute force (never the resolver against itself)."""

import random

import pytest

from tablekit.wonders import Fighter, best_battle_lines, resolve_villain_attacks
from tablekit.wonders.battle import (
    BattleCriterion,
    BattleLayout,
    BattleReport,
    BattleStep,
    brute_force,
    count_layouts,
    play_layout,
    player_groups,
)
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
    assert report.shields_used == [("villain", 0)]


def test_fighter_rejects_bad_numbers():
    with pytest.raises(ValueError):
        Fighter("x", -1, 2)
    with pytest.raises(ValueError):
        Fighter("x", 1, 0)


@pytest.mark.parametrize("numbers", [(1.5, 2, 0, None), (1, 2.0, 0, None), (1, 2, 0.5, None),
                                     (1, 2, 0, 1.0)])
def test_fighter_numbers_must_be_whole(numbers: tuple) -> None:
    """Card Layout: strength, health, damage taken and Priority are whole numbers, never fractions."""
    strength, health, damage, priority = numbers
    with pytest.raises(ValueError, match="whole numbers"):
        Fighter("x", strength, health, priority=priority, damage=damage)


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


# -- Battle Lines: who lines up where ------------------------------------------------------

def test_battle_lines_a_minion_without_priority_ties_with_priority_0_below_priority_1() -> None:
    """Battle Lines: no Priority icon lines up as Priority 0 (a tie you order), right of Priority 1."""
    none, one, zero = (Fighter("Husk", 1, 1), Fighter("Scout", 1, 1, priority=1),
                       Fighter("Stone", 1, 1, priority=0))
    assert player_groups([none, one, zero]) == [[1], [0, 2]]
    assert count_layouts([none, one, zero], []) == 2


def test_effect_glossary_taunt_lines_up_ahead_of_priority() -> None:
    """Effect Glossary (Taunt): a Taunt minion leads even a higher Priority; no Taunt by default."""
    scout, wall = Fighter("Scout", 1, 1, priority=3), Fighter("Wall", 0, 4, priority=1, taunt=True)
    assert player_groups([scout, wall]) == [[1], [0]]
    assert [lay.player_order for lay in best_battle_lines([scout, wall], [TROLL])] == [["Wall", "Scout"]]


# -- Battle Lines: the layouts mapped back to the minions as given ------------------------

def test_battle_lines_steps_and_fallen_name_the_minions_as_given_for_reordered_lines() -> None:
    """Choose Target / Attack: Example C layout 3 from shuffled inputs reports input indices."""
    players, villains = [TREANT, WOLF, MESMERIST], [TROLL, CAVALRY, TOAD]
    lay = play_layout(players, villains, [2, 1, 0], [2, 0, 1], BattleCriterion())
    assert lay.villain_order == ["Poison Toad", "Pixie Cavalry", "Forest Troll"]
    assert lay.player_order == ["Pixie Mesmerist", "Treant Shepherd", "Hungry Wolf"]
    # the Toad poisons the Mesmerist; the Cavalry's 2 and the Troll's 5 destroy the Treant
    assert lay.report.steps == [BattleStep((2,), 2, 1), BattleStep((1, 0), 0, 7)]
    assert lay.report.fallen == [("player", 2), ("villain", 2), ("player", 0), ("villain", 1),
                                 ("villain", 0)]


def test_battle_lines_villain_hits_on_the_player_name_the_attackers_as_given() -> None:
    """Choose Target: the rest attack the Player; the step names the inputs and no minion."""
    lay = play_layout([MESMERIST, WOLF, TREANT], [TROLL, CAVALRY, TOAD], [2, 0, 1], [0, 1, 2],
                      BattleCriterion())  # Example C layout 2
    assert lay.report.steps == [BattleStep((2,), 0, 1), BattleStep((0,), 1, 5),
                                BattleStep((1,), None, 2)]


def test_battle_lines_shields_used_name_the_minions_as_given() -> None:
    """Attack: a Shield on each side is used up, reported by input index, not line position."""
    warden, guard = Fighter("Warden", 1, 2, priority=1, shield=True), Fighter("Guard", 1, 3, priority=1)
    knight = Fighter("Knight", 3, 4, shield=True)
    lay = play_layout([warden, guard], [CAVALRY, knight], [1, 0], [0, 1], BattleCriterion())
    # the Warden's Shield takes the Knight's 3, the Cavalry's 2 destroys it; 1 back to each
    assert lay.report.steps == [BattleStep((1, 0), 0, 5)]
    assert lay.report.shields_used == [("player", 0), ("villain", 1)]
    assert lay.report.fallen == [("player", 0)]


# -- Battle Lines: how a layout is scored (docs/rules-notes.md, Battle Lines) ---------------

def test_battle_lines_a_minions_value_is_strength_plus_health() -> None:
    """Battle Lines reading: a minion is worth strength + health, plus the Poison bonus if set."""
    assert BattleCriterion().value(TROLL) == 8
    assert BattleCriterion().value(TOAD) == 2
    assert BattleCriterion(poison_bonus=2.0).value(TOAD) == 4
    assert BattleCriterion(poison_bonus=2.0).value(CAVALRY) == 4


def test_battle_lines_damage_equal_to_the_players_health_is_lethal() -> None:
    """Objective: damage reaching the Player's health exactly defeats them, so it ranks last."""
    criterion = BattleCriterion(player_health=2)
    assert criterion.score(BattleReport(1, []), [], []) == -1
    assert criterion.score(BattleReport(2, []), [], []) < -1e8


# -- Battle Lines: how many layouts the search hands back ----------------------------------

def _concrete(layouts: list[BattleLayout]) -> list[tuple[list[int], list[int]]]:
    """Each layout as (Villain order, Player order), by input index."""
    return [(lay.villain_indices, lay.player_indices) for lay in layouts]


FIVE_VILLAINS = [TROLL, CAVALRY, TOAD, Fighter("Gnomish Servant", 1, 2), Fighter("Owl Scout", 2, 1)]
SEVEN_VILLAINS = [*FIVE_VILLAINS, Fighter("Husk", 0, 3), Fighter("Knight", 2, 2, shield=True)]


def test_battle_lines_small_searches_list_the_best_twenty_concrete_layouts() -> None:
    """Battle Lines: 24 layouts; by default the 20 best are listed, every concrete one played out."""
    villains = FIVE_VILLAINS[:4]
    assert count_layouts([MESMERIST], villains) == 24
    brute = brute_force([MESMERIST], villains, BattleCriterion())
    assert _concrete(best_battle_lines([MESMERIST], villains)) == _concrete(brute[:20])
    assert _concrete(best_battle_lines([MESMERIST], villains, limit=5)) == _concrete(brute[:5])


def test_battle_lines_up_to_120_layouts_every_concrete_layout_is_played_out() -> None:
    """Battle Lines: 120 layouts are still listed layout by layout (not as distinct plans)."""
    players = [MESMERIST, WOLF]
    assert count_layouts(players, FIVE_VILLAINS) == 120
    brute = brute_force(players, FIVE_VILLAINS, BattleCriterion())
    assert _concrete(best_battle_lines(players, FIVE_VILLAINS)) == _concrete(brute[:20])


def test_battle_lines_limit_none_lists_all_5040_layouts() -> None:
    """Battle Lines: 7 Villain minions, no Player minion: all 7! orders listed with limit=None."""
    assert len(best_battle_lines([], SEVEN_VILLAINS, limit=None)) == 5040


def test_battle_lines_limit_none_beyond_5040_layouts_gives_the_best_100_plans() -> None:
    """Battle Lines: 10080 layouts are too many to list; limit=None gives the best 100 plans."""
    assert count_layouts([TREANT, WOLF], SEVEN_VILLAINS) == 10080
    layouts = best_battle_lines([TREANT, WOLF], SEVEN_VILLAINS, limit=None)
    assert len(layouts) == 100 == len(set(map(str, _concrete(layouts))))
    assert [lay.score for lay in layouts] == sorted((lay.score for lay in layouts), reverse=True)
