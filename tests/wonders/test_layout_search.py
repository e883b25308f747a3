"""The tabled Battle Lines search: every state's best score against brute force on small line-ups,
every plan against the memoised search it replaced (tests/wonders/reference_search.py) up to
8 against 8, and the attacker groups against the rulebook's attack played hit by hit.

(How fast it is belongs to benchmarks/battle_lines.py: tests never assert wall-clock times.)
"""

import itertools
import random

import pytest

from tablekit.wonders import Fighter
from tablekit.wonders.battle import BattleCriterion, brute_force, play_layout, player_groups
from tablekit.wonders.layout_search import LayoutSearch
from tests.wonders.helpers import _falls
from tests.wonders.reference_search import ReferenceSearch

CRITERIA = [BattleCriterion(), BattleCriterion(player_health=6),
            BattleCriterion(damage_weight=3.0, lost_weight=2.0, poison_bonus=1.0),
            BattleCriterion(killed_weight=0.5, player_health=9)]


def minion(rng, name, priority=None, worn=True):
    """A random minion: strength 0-6, health 1-6, sometimes Shield, Poison, Taunt or damage
    taken; `worn`: sometimes all of its health already (its first attacker then destroys it)."""
    health = rng.randint(1, 6)
    return Fighter(name, rng.randint(0, 6), health, priority=priority,
                   poison=rng.random() < 0.15, shield=rng.random() < 0.2,
                   taunt=priority is not None and rng.random() < 0.1,
                   damage=rng.randint(0, health if worn else health - 1)
                   if rng.random() < 0.2 else 0)


def mixed(rng, players, villains, worn=True):
    """Player minions of Priority 1-3 (so several groups) against Villain minions."""
    return ([minion(rng, f"p{i}", rng.randint(1, 3), worn) for i in range(players)],
            [minion(rng, f"v{j}", None, worn) for j in range(villains)])


def tied(rng, size):
    """Issue 12's hard case: every Player minion of the same Priority, size against size."""
    def plain(name, priority):
        return Fighter(name, rng.randint(0, 6), rng.randint(1, 6), priority=priority,
                       poison=rng.random() < 0.15, shield=rng.random() < 0.2)
    return ([plain(f"p{i}", 1) for i in range(size)], [plain(f"v{j}", None) for j in range(size)])


def plans(layouts):
    return [(lay.score, lay.villain_indices, lay.player_indices, lay.report.player_damage,
             lay.report.fallen) for lay in layouts]


def states(players):
    """Every state a search can reach: some minions of one group standing, later groups whole."""
    groups = player_groups(players)
    for g, group in enumerate(groups):
        later = [i for rest in groups[g + 1:] for i in rest]
        for size in range(1, len(group) + 1):
            for standing in itertools.combinations(group, size):
                yield sum(1 << i for i in list(standing) + later)
    yield 0


def test_every_state_scores_what_brute_force_finds_for_what_is_left():
    """best(r, l) is the best of every layout of the minions still in play (the fights of one
    turn are independent: who is ready and who stands is all that carries over)."""
    rng = random.Random(23)
    for case in range(100):
        players, villains = mixed(rng, rng.randint(0, 4), rng.randint(1, 5))
        criterion = CRITERIA[case % len(CRITERIA)]
        search = LayoutSearch(players, villains, criterion)
        for standing in states(players):
            for ready in range(1, 1 << len(villains)):
                left = [players[i] for i in range(len(players)) if standing >> i & 1]
                attackers = [villains[j] for j in range(len(villains)) if ready >> j & 1]
                best = brute_force(left, attackers, criterion)[0].score
                assert search.best(ready, standing) == pytest.approx(best), (case, standing, ready)


def test_small_line_ups_give_brute_force_plans():
    rng = random.Random(29)
    for case in range(200):
        players, villains = mixed(rng, rng.randint(0, 4), rng.randint(1, 5))
        criterion = CRITERIA[case % len(CRITERIA)]
        every = brute_force(players, villains, criterion)
        played = {(tuple(b.villain_indices), tuple(b.player_indices)): b.score for b in every}
        found = LayoutSearch(players, villains, criterion).top(5)
        assert found[0].score == pytest.approx(every[0].score)
        for lay in found:  # each plan a layout brute force played out too, with that score
            assert played[(tuple(lay.villain_indices), tuple(lay.player_indices))] == lay.score


def same_as_reference(players, villains, criterion, limit):
    """The same plans as the reference, and the same best score for every state it scored."""
    reference = ReferenceSearch(players, villains, criterion)
    search = LayoutSearch(players, villains, criterion)
    found = search.top(limit)
    assert plans(found) == plans(reference.top(limit))
    for key, value in reference.memo.items():
        ready, standing = divmod(key, reference.player_states)
        assert search.best(ready, standing) == value
    return found


@pytest.mark.parametrize("size", [3, 5, 7])
def test_plans_and_scores_are_the_reference_searchs(size):
    rng = random.Random(size)
    for case in range(25):
        # (the reference could not destroy a minion already holding damage equal to its
        # health: no such minion here, see test_a_minion_worn_out_falls_to_its_first_attacker)
        players, villains = mixed(rng, size, size, worn=False) if case % 2 else tied(rng, size)
        same_as_reference(players, villains, CRITERIA[case % len(CRITERIA)], 8)


def test_eight_against_eight_gives_the_reference_plans_and_no_layout_beats_them():
    rng = random.Random(12)
    criterion = BattleCriterion(player_health=20)
    for _ in range(3):
        players, villains = tied(rng, 8)
        found = same_as_reference(players, villains, criterion, 5)
        for _ in range(1500):  # random layouts, played out by the resolver
            v_order, p_order = rng.sample(range(8), 8), rng.sample(range(8), 8)
            assert play_layout(players, villains, v_order, p_order, criterion).score <= \
                found[0].score


def test_attacker_groups_are_the_ones_whose_last_hit_destroys_the_minion():
    """A group can destroy a minion when, in some order, the rulebook's attack (played hit by hit
    in helpers) needs every one of them: the last attacker's hit is the one that destroys it."""
    rng = random.Random(31)
    for _ in range(150):
        players, villains = mixed(rng, 1, rng.randint(1, 5))
        search = LayoutSearch(players, villains, BattleCriterion())
        expected = [mask for mask in range(1, 1 << len(villains))
                    if any(_falls(players[0], order) == len(order)
                           for order in itertools.permutations(
                               [v for j, v in enumerate(villains) if mask >> j & 1]))]
        assert [mask for mask, _ in search.kill_gains[0]] == expected
        for mask in expected:  # the order the plan uses is one of those
            order = [villains[j] for j in search._order(0, mask)]
            assert _falls(players[0], order) == len(order)


def test_a_minion_worn_out_falls_to_its_first_attacker():
    """Damage already equal to its health: the first attack destroys it, even a 0 or one its
    Shield absorbs (as the resolver plays it); the reference search found no way to do that."""
    worn = Fighter("Worn Guard", 5, 3, priority=1, damage=3, shield=True)
    fresh = Fighter("Sprite", 1, 1, priority=1)
    villains = [Fighter("Mouse", 0, 1), Fighter("Ogre", 4, 5)]
    search = LayoutSearch([worn, fresh], villains, BattleCriterion())
    assert [mask for mask, _ in search.kill_gains[0]] == [0b01, 0b10]  # either, alone
    best = search.top(1)[0]
    assert best.score == brute_force([worn, fresh], villains, BattleCriterion())[0].score
    # the Ogre's absorbed hit destroys the Guard, whose hit back destroys the Ogre: 9 - 8
    assert (best.villain_order, best.player_order, best.score) == (
        ["Ogre", "Mouse"], ["Worn Guard", "Sprite"], 1.0)
    assert ReferenceSearch([worn, fresh], villains, BattleCriterion()).top(1)[0].score == -1.0
