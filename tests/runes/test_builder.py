"""The CP-SAT deck builder: legal, optimal, reproducible, and clear about impossible wishes."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solvers.runes as builder
from solvers.runes import Goal, build_deck
from solvers.runes_order import best_arrangements
from tablekit.core.errors import CardDataError, ConfigError
from tablekit.runes import (
    Card,
    PrepOptions,
    check_plan,
    first_probability,
    validate_deck,
)
from tablekit.runes.preparation import INITIATIVE_COSTS

from .conftest import card

RUN = {"seed": 1, "workers": 1}


def values_for(collection: dict[Card, int]) -> dict[str, float]:
    return {c.id: 1 + c.rarity.rank * 2 + 0.1 * len(c.properties) for c in collection}


def assert_legal(result, collection) -> None:
    pool = {c.id: c for c in collection}
    assert validate_deck(result.cards, collection) == []
    assert check_plan(result.plan, pool, collection) == []
    assert sorted(result.plan.card_ids()) == sorted(c.id for c in result.cards)


def test_sample_deck_is_legal_and_exact(collection) -> None:
    goals = [Goal.first("murmuration-of-skuld", 3), Goal.before("peck", "talon-rake")]
    result = build_deck(collection, values_for(collection), hero="skorta", goals=goals,
                        synergy={("peck", "grim-augury"): 5}, **RUN)
    assert result.status == "optimal" and result.conflicts == ()
    assert_legal(result, collection)
    assert all(c.hero in (None, "skorta") for c in result.cards)
    ids = {c.id for c in result.cards}
    assert {"peck", "grim-augury", "murmuration-of-skuld"} <= ids
    expected = result.card_value + result.synergy_value + sum(
        Fraction(str(g.weight)) * result.goal_odds[str(g)] for g in goals)
    assert result.objective == expected and result.synergy_value == 5
    assert result.wyrd_points <= 25


def test_goal_odds_match_the_plan(collection) -> None:
    """With only 7 Wyrd Points the first-goal is uncertain: its odds come from the plan."""
    result = build_deck(collection, values_for(collection), hero="ash",
                        goals=[Goal.first("soft-prelude")], options=PrepOptions(wyrd_points=7),
                        **RUN)
    plan = result.plan
    (slot,) = [(c, p) for c, ch in enumerate(plan.chapters) for p, cid in enumerate(ch)
               if cid == "soft-prelude"][:1]
    blocks = plan.blocks(slot[0])
    index = [b.slots[0] for b in blocks].index(slot)
    exact = first_probability([b.initiative for b in blocks], index)
    assert result.goal_odds["soft-prelude first in its Chapter"] == exact
    assert 0 < exact < 1 and result.wyrd_points <= 7


def _reference_best_first(budget: int, thread_cost: int) -> float:
    """Brute force: every Thread structure and Initiative for one card and four others."""
    best = 0.0
    for threads in _oriented_matchings(list(range(5))):
        seconds = {b for _, b in threads}
        heads = [i for i in range(5) if i not in seconds]
        if 0 in seconds:
            continue
        for inits in itertools.product(range(-3, 4), repeat=len(heads)):
            cost = sum(INITIATIVE_COSTS[abs(v)] for v in inits) + thread_cost * len(threads)
            if cost <= budget:
                own = inits[heads.index(0)]
                others = sorted(v for h, v in zip(heads, inits, strict=True) if h != 0)
                best = max(best, _exact_first(own, tuple(others)))
    return best


@functools.cache
def _exact_first(own: int, others: tuple[int, ...]) -> float:
    return float(first_probability([own, *others], 0))


def _oriented_matchings(free: list[int]):
    if len(free) < 2:
        yield ()
        return
    first, rest = free[0], free[1:]
    yield from _oriented_matchings(rest)
    for j, other in enumerate(rest):
        for tail in _oriented_matchings(rest[:j] + rest[j + 1:]):
            yield ((first, other), *tail)
            yield ((other, first), *tail)


@pytest.mark.parametrize("budget, thread_cost", [(3, 2), (5, 2), (6, 1), (4, 3)])
def test_first_goal_arrangement_is_optimal(budget: int, thread_cost: int) -> None:
    options = PrepOptions(wyrd_points=budget, thread_cost=thread_cost)
    found = best_arrangements([Goal.first("x")], [frozenset({"x"})], options)[frozenset({"x"})]
    assert found.cost <= budget
    assert found.value == pytest.approx(_reference_best_first(budget, thread_cost), abs=1e-12)


def test_before_goal_prefers_an_earlier_chapter() -> None:
    found = best_arrangements([Goal.before("a", "b")], [frozenset("ab")])[frozenset("ab")]
    assert found.value == 1 and found.cost == 0
    assert found.chapters[0].items[0] == "a" and found.chapters[1].items[0] == "b"


def test_two_first_goals_share_budget() -> None:
    goals = [Goal.first("a"), Goal.first("b")]
    found = best_arrangements(goals, [frozenset("ab")])[frozenset("ab")]
    assert found.cost <= 25 and 1.5 < found.value < 2


def test_goal_weights_and_precedence_in_one_chapter() -> None:
    """Two opposite wishes: the heavier one wins for free by putting its card a Chapter earlier."""
    goals = [Goal.before("a", "b", 2), Goal.before("b", "a", 1)]
    found = best_arrangements(goals, [frozenset("ab")], PrepOptions(wyrd_points=0))
    best = found[frozenset("ab")]
    assert best.value == 2 and best.cost == 0  # a's Chapter before b's, free of charge
    chapter_of = {card: n for n, chapter in enumerate(best.chapters) if chapter
                  for card in chapter.items if card}
    assert chapter_of["a"] < chapter_of["b"]


def test_rulebook_limits_respected_when_values_push_premium(collection) -> None:
    values = {c.id: 100 * (c.rarity.rank + 1) for c in collection}
    result = build_deck(collection, values, **RUN)
    assert_legal(result, collection)
    ranks = [c.rarity.rank for c in result.cards]
    assert ranks.count(4) == 1 and sum(r >= 3 for r in ranks) == 3
    assert sum(r >= 2 for r in ranks) == 6 and sum(r >= 1 for r in ranks) == 10


def test_k_best_are_distinct_ordered_and_legal(collection) -> None:
    result = build_deck(collection, values_for(collection), hero="torstein", k=4, **RUN)
    decks = result.decks
    assert len(decks) == 4
    contents = {tuple(sorted(c.id for c in d.cards)) for d in decks}
    assert len(contents) == 4
    objectives = [d.objective for d in decks]
    assert objectives == sorted(objectives, reverse=True)
    for deck in decks:
        assert_legal(deck, collection)


def test_reproducible(collection) -> None:
    args = dict(goals=[Goal.first("axe-swing")], k=2, **RUN)
    first = build_deck(collection, values_for(collection), **args)
    again = build_deck(collection, values_for(collection), **args)
    assert first.plan == again.plan and first.alternatives[0].plan == again.alternatives[0].plan


def test_must_include_and_exclude_are_kept(collection) -> None:
    result = build_deck(collection, values_for(collection),
                        must_include={"peck": 2, "rally-cry": 1}, exclude=["axe-swing"], **RUN)
    ids = [c.id for c in result.cards]
    assert ids.count("peck") == 2 and "rally-cry" in ids and "axe-swing" not in ids
    assert_legal(result, collection)


def test_two_legendary_wishes_explained(collection) -> None:
    result = build_deck(collection, values_for(collection),
                        must_include=["queens-ravenmantle", "eirs-last-gift"], **RUN)
    assert result.status == "infeasible" and result.cards == ()
    (conflict,) = result.conflicts
    assert conflict.rule == "runes.rarity-legendary"
    assert conflict.message.startswith("2 Legendary cards requested") and "limit 1" in conflict.message
    assert {w.card for w in conflict.wishes} == {"queens-ravenmantle", "eirs-last-gift"}
    assert len(result.drop) == 1 and result.drop[0].kind == "include"


def test_unique_and_copy_wishes_explained(collection) -> None:
    result = build_deck(collection, values_for(collection),
                        must_include={"niflheim-cello": 1, "ember-hurdy-gurdy": 1,
                                      "skalds-satchel": 2}, **RUN)
    rules = {c.rule for c in result.conflicts}
    assert rules == {"runes.unique", "runes.copy-limit"}
    unique = next(c for c in result.conflicts if c.rule == "runes.unique")
    assert "'instrument'" in unique.message
    assert len(result.drop) == 2


def test_owned_hero_and_exclusion_conflicts(collection) -> None:
    result = build_deck(collection, values_for(collection), hero="ash",
                        must_include={"peck": 1, "axe-swing": 1}, exclude=["axe-swing"], **RUN)
    messages = " ".join(c.message for c in result.conflicts)
    assert "Peck is one of Skörta's cards" in messages and "both required and excluded" in messages
    dropped = {(w.kind, w.card) for w in result.drop}  # one side of each clash, nothing more
    assert len(dropped) == 2
    assert len(dropped & {("include", "axe-swing"), ("exclude", "axe-swing")}) == 1
    assert len(dropped & {("include", "peck"), ("hero", "ash")}) == 1
    unowned = build_deck(collection, {}, must_include=["midsummer-pyre"], **RUN)
    assert unowned.conflicts[0].rule == "runes.owned" and "0 owned" in unowned.conflicts[0].message


def test_too_small_collection_explained() -> None:
    few = {card(f"c{i}"): 1 for i in range(12)}
    result = build_deck(few, {}, **RUN)
    (conflict,) = result.conflicts
    assert conflict.rules == ("runes.deck-size", "runes.owned")
    assert "Only 12 cards" in conflict.message
    assert result.drop == ()


def test_bad_inputs_are_clear_errors(collection) -> None:
    values = values_for(collection)
    with pytest.raises(ConfigError, match="'nope'"):
        build_deck(collection, {"nope": 1})
    with pytest.raises(ConfigError, match="must_include names card 'nope'"):
        build_deck(collection, values, must_include=["nope"])
    with pytest.raises(ConfigError, match="goals names card"):
        build_deck(collection, values, goals=[Goal.first("nope")])
    with pytest.raises(ConfigError, match="finite"):
        build_deck(collection, {"peck": float("nan")})
    with pytest.raises(CardDataError, match="whole number"):
        build_deck({card("x"): -1}, {})
    with pytest.raises(ConfigError, match="unknown hero"):
        build_deck(collection, values, hero="odin")
    with pytest.raises(ConfigError, match="must be a whole number ≥ 1, not 0"):
        build_deck(collection, values, k=0)
    with pytest.raises(ConfigError):
        Goal.before("a", "a")
    with pytest.raises(ConfigError, match="finite number ≥ 0"):
        Goal.first("peck", float("inf"))
    with pytest.raises(ConfigError, match="synergy bonus"):
        build_deck(collection, values, synergy={("peck", "rally-cry"): float("nan")})
    with pytest.raises(ConfigError, match="'before' two cards"):
        build_deck(collection, values, goals=[("before", "peck")])
    with pytest.raises(CardDataError, match="mapping Card"):
        build_deck(list(collection), values)
    with pytest.raises(ConfigError, match="PrepOptions"):
        build_deck(collection, values, options={"wyrd_points": 3})
    with pytest.raises(ConfigError, match="whole number"):
        build_deck(collection, values, k="2")


def test_empty_collection_is_explained() -> None:
    result = build_deck({}, {}, **RUN)
    assert result.status == "infeasible" and result.cards == () and result.drop == ()
    assert result.conflicts[0].rule == "runes.deck-size" and "Only 0 cards" in result.conflicts[0].message


def test_tuple_goals_accepted(collection) -> None:
    result = build_deck(collection, values_for(collection), goals=[("first", "peck", 2)], **RUN)
    assert result.goal_odds["peck first in its Chapter"] == 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["common", "uncommon", "rare", "epic", "legendary"]),
                          st.sampled_from(["action", "equipment"]),
                          st.integers(0, 9), st.integers(1, 2),
                          st.sampled_from([None, None, "u1", "u2"])), min_size=24, max_size=40),
       st.integers(1, 3))
def test_pruning_keeps_the_optimum(rows, k: int) -> None:
    """Setting dominated cards aside never changes the k best objectives."""
    collection = {card(f"p{i}", kind, rarity, unique): n
                  for i, (rarity, kind, _, n, unique) in enumerate(rows)}
    values = {f"p{i}": v for i, (_, _, v, _, _) in enumerate(rows)}
    pruned = build_deck(collection, values, k=k, **RUN)
    original = builder._keep
    try:
        builder._keep = lambda usable, *args: sorted((c for c, n in usable.items() if n),
                                                    key=lambda c: c.id)
        full = build_deck(collection, values, k=k, **RUN)
    finally:
        builder._keep = original
    assert pruned.status == full.status
    assert [d.objective for d in pruned.decks] == [d.objective for d in full.decks]
    for deck in pruned.decks:
        assert_legal(deck, collection)


def test_matches_an_independent_mip_on_a_random_collection() -> None:
    """Cross-check the decomposed, pruned model against one plain MIP (SCIP) of the whole pool."""
    import random

    from ortools.linear_solver import pywraplp

    from tablekit.runes.deck import RARITY_LIMITS

    rng = random.Random(3)
    kinds, rarities = ["action", "equipment", "trigger", "event"], [
        "common"] * 6 + ["uncommon"] * 3 + ["rare", "epic", "legendary"]
    collection = {card(f"r{i}", rng.choice(kinds), rng.choice(rarities),
                       rng.choice([None] * 9 + ["u1", "u2"])): rng.choice([0, 1, 2, 3])
                  for i in range(300)}
    values = {c.id: round(rng.uniform(0, 10) * (1 + 0.4 * c.rarity.rank), 2) for c in collection}
    ids = [c.id for c, n in collection.items() if n]
    synergy = {(a, b): round(rng.uniform(1, 8), 2)
               for a, b in zip(rng.sample(ids, 25), rng.sample(ids, 25), strict=True) if a != b}
    result = build_deck(collection, values, synergy=synergy, **RUN)

    mip = pywraplp.Solver.CreateSolver("SCIP")
    # from the rulebook, not the builder: owned copies, one Equipment or two of another card
    copies = {c.id: mip.IntVar(0, min(n, 1 if c.type.value == "equipment" else 2), c.id)
              for c, n in collection.items()}
    by_id = {c.id: c for c in collection}
    mip.Add(sum(copies.values()) == 20)
    for _, counted, limit, _ in RARITY_LIMITS:
        mip.Add(sum(v for cid, v in copies.items() if by_id[cid].rarity in counted) <= limit)
    for prop in ("u1", "u2"):
        mip.Add(sum(v for cid, v in copies.items() if by_id[cid].unique == prop) <= 1)
    terms = [values[cid] * v for cid, v in copies.items()]
    for (a, b), bonus in synergy.items():
        both = mip.IntVar(0, 1, f"{a}+{b}")
        mip.Add(both <= copies[a])
        mip.Add(both <= copies[b])
        terms.append(bonus * both)
    mip.Maximize(sum(terms))
    assert mip.Solve() == pywraplp.Solver.OPTIMAL
    assert float(result.objective) == pytest.approx(mip.Objective().Value(), abs=1e-6)
    assert_legal(result, collection)


def test_negative_synergy_is_avoided() -> None:
    pool = [card(f"c{i}") for i in range(22)]
    collection = {c: 1 for c in pool}
    values = {c.id: 1.0 for c in pool}
    values["c0"] = values["c1"] = 3.0
    result = build_deck(collection, values, synergy={("c0", "c1"): -5}, **RUN)
    ids = {c.id for c in result.cards}
    assert len(ids & {"c0", "c1"}) == 1 and result.synergy_value == 0
    assert result.objective == 3 + 19


def test_explanation_on_relevant_cards_matches_all_cards(collection) -> None:
    """Explaining on the few cards that decide feasibility gives the same answer as all cards."""
    import solvers.runes_explain as explain

    wishes = dict(must_include={"queens-ravenmantle": 1, "heart-of-the-green-circle": 1,
                                "niflheim-cello": 1, "ember-hurdy-gurdy": 1, "peck": 3},
                  exclude=[c.id for c in collection if c.rarity.value == "common"][:60],
                  hero="skorta")
    reduced = build_deck(collection, {}, **wishes, **RUN)
    original = explain._relevant
    try:
        explain._relevant = lambda owned, _wishes: dict(owned)
        full = build_deck(collection, {}, **wishes, **RUN)
    finally:
        explain._relevant = original
    assert reduced.status == full.status == "infeasible"
    assert [c.rules for c in reduced.conflicts] == [c.rules for c in full.conflicts]
    assert [c.message for c in reduced.conflicts] == [c.message for c in full.conflicts]
    assert len(reduced.drop) == len(full.drop)


def test_result_chapters_hold_the_deck_cards(collection) -> None:
    by_id = {c.id: c for c in collection}
    result = build_deck(collection, {by_id["peck"]: 50.0},  # Card keys are accepted too
                        must_include=[by_id["rally-cry"]], **RUN)
    in_chapters = [card for chapter in result.chapters for card in chapter]
    assert sorted(c.id for c in in_chapters) == sorted(c.id for c in result.cards)
    assert validate_deck(in_chapters, collection) == []
    assert [len(ch) for ch in result.chapters] == [5, 5, 5, 5]
    assert len(result.initiative) == 4 and all(len(row) == 5 for row in result.initiative)
    assert "rally-cry" in {c.id for c in result.cards}
    assert [c.id for c in result.cards].count("peck") == 2


def test_explanations_are_reproducible(collection) -> None:
    wishes = dict(must_include={"queens-ravenmantle": 1, "eirs-last-gift": 1, "peck": 3},
                  hero="skorta")
    first = build_deck(collection, {}, **wishes, **RUN)
    again = build_deck(collection, {}, **wishes, **RUN)
    assert first.status == again.status == "infeasible"
    assert [str(c) for c in first.conflicts] == [str(c) for c in again.conflicts]
    assert first.drop == again.drop and len(first.conflicts) >= 2


def test_rarity_conflict_counts_every_requested_card(collection) -> None:
    """Three Legendary wishes: one conflict naming all three, and two of them to drop."""
    asked = ["queens-ravenmantle", "heart-of-the-green-circle", "eirs-last-gift"]
    result = build_deck(collection, {}, must_include=asked, **RUN)
    (conflict,) = result.conflicts
    assert conflict.rules == ("runes.rarity-legendary",)
    assert conflict.message.startswith("3 Legendary cards requested") and "limit 1" in conflict.message
    assert {w.card for w in conflict.wishes} == set(asked)
    assert len(result.drop) == 2 and {w.card for w in result.drop} < set(asked)


def test_clashes_sharing_a_wish_are_all_named(collection) -> None:
    """A Torstein Legendary asked for with Skörta and her own Legendary breaks two things at
    once; both are reported, and dropping that one wish is enough."""
    result = build_deck(collection, {}, must_include=["queens-ravenmantle", "eirs-last-gift"],
                        hero="skorta", **RUN)
    messages = [c.message for c in result.conflicts]
    assert any("Eir's Last Gift is one of Torstein's cards" in m for m in messages)
    assert any(m.startswith("2 Legendary cards requested") for m in messages)
    assert [str(w) for w in result.drop] == ["include eirs-last-gift"]
