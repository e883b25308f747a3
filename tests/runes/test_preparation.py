"""Preparation: Chapters, Threads of Fate, Initiative, Wyrd Points and the seeded shuffle."""

from __future__ import annotations

import pytest

from tablekit.runes import (
    Card,
    DeckError,
    Plan,
    PlanError,
    PrepOptions,
    check_plan,
    initiative_cost,
    shuffle,
    wyrd_points_spent,
)

from .conftest import card


def rules_of(plan: Plan, pool=None, options: PrepOptions | None = None) -> list[str]:
    options = options or PrepOptions()
    return [v.rule for v in check_plan(plan, pool, options=options)]


def with_init(plan: Plan, values: dict[tuple[int, int], int]) -> Plan:
    rows = [list(r) for r in plan.initiative]
    for (c, p), v in values.items():
        rows[c][p] = v
    return Plan.of(plan.chapters, rows, plan.threads)


def test_initiative_cost_is_progressive() -> None:
    assert initiative_cost([0]) == 0
    assert [initiative_cost([v]) for v in (1, 2, 3)] == [1, 3, 6]
    assert [initiative_cost([-v]) for v in (1, 2, 3)] == [1, 3, 6]
    assert initiative_cost([3, -3, 2, 1, 0]) == 16
    with pytest.raises(PlanError, match="runes.initiative-range"):
        initiative_cost([4])


def test_plain_plan_is_legal(plan20) -> None:
    plan, pool = plan20
    assert check_plan(plan, pool) == []
    assert wyrd_points_spent(plan) == 0


def test_four_chapters_of_five(plan20) -> None:
    plan, pool = plan20
    ids = plan.card_ids()
    lopsided = Plan.of([ids[:6], ids[6:10], ids[10:15], ids[15:]])
    assert rules_of(lopsided, pool) == ["runes.chapters"]
    three = Plan.of([ids[:5], ids[5:10], ids[10:20]])
    assert rules_of(three, pool) == ["runes.chapters"]


def test_plan_deck_is_checked(plan20) -> None:
    plan, pool = plan20
    pool = {**pool, "l1": card("l1", rarity="legendary"), "l2": card("l2", rarity="legendary")}
    chapters = [list(ch) for ch in plan.chapters]
    chapters[0][:2] = ["l1", "l2"]
    assert rules_of(Plan.of(chapters), pool) == ["runes.rarity-legendary"]
    with pytest.raises(PlanError, match="not in the card pool"):
        check_plan(Plan.of([["nope"] * 5] * 4), pool)


def test_wyrd_points_budget(plan20) -> None:
    plan, pool = plan20
    # 4 cards at +3 = 24 points: legal; a fifth +1 makes 25: legal; one more point is too many
    rich = with_init(plan, {(0, 0): 3, (1, 0): 3, (2, 0): -3, (3, 0): 3, (0, 1): 1})
    assert wyrd_points_spent(rich) == 25 and check_plan(rich, pool) == []
    over = with_init(rich, {(0, 2): -1})
    (only,) = check_plan(over, pool)
    assert only.rule == "runes.wyrd-points" and "26 Wyrd Points" in only.message
    assert rules_of(over, pool, PrepOptions(wyrd_points=26)) == []


def test_initiative_range_in_plan(plan20) -> None:
    plan, pool = plan20
    assert rules_of(with_init(plan, {(1, 1): 4}), pool) == ["runes.initiative-range"]


def test_thread_rules(plan20) -> None:
    plan, pool = plan20
    ok = Plan.of(plan.chapters, plan.initiative, [((0, 0), (0, 1))])
    assert check_plan(ok, pool) == [] and wyrd_points_spent(ok) == 2
    assert wyrd_points_spent(ok, PrepOptions(thread_cost=5)) == 5
    across = Plan.of(plan.chapters, plan.initiative, [((0, 0), (1, 0))])
    assert rules_of(across, pool) == ["runes.thread-chapter"]
    twice = Plan.of(plan.chapters, plan.initiative, [((0, 0), (0, 1)), ((0, 1), (0, 2))])
    assert rules_of(twice, pool) == ["runes.thread-once"]
    itself = Plan.of(plan.chapters, plan.initiative, [((0, 0), (0, 0))])
    assert "runes.thread-pair" in rules_of(itself, pool)
    b_paid = with_init(ok, {(0, 1): 2})
    assert rules_of(b_paid, pool) == ["runes.thread-initiative"]
    assert rules_of(b_paid, pool, PrepOptions(allow_b_initiative=True)) == []
    with pytest.raises(PlanError, match="holds no card"):
        check_plan(Plan.of(plan.chapters, plan.initiative, [((0, 0), (0, 7))]))


def test_thread_cost_counts_in_budget(plan20) -> None:
    plan, pool = plan20
    threads = [((c, 0), (c, 1)) for c in range(4)] + [((c, 2), (c, 3)) for c in range(4)]
    many = Plan.of(plan.chapters, plan.initiative, threads)
    assert wyrd_points_spent(many) == 16 and check_plan(many, pool) == []
    pricey = PrepOptions(thread_cost=4)
    assert rules_of(many, pool, pricey) == ["runes.wyrd-points"]


def test_blocks_follow_threads(plan20) -> None:
    plan, _ = plan20
    threaded = with_init(Plan.of(plan.chapters, plan.initiative, [((0, 3), (0, 1))]),
                         {(0, 3): 2})
    blocks = threaded.blocks(0)
    assert [b.slots for b in blocks] == [((0, 0),), ((0, 2),), ((0, 3), (0, 1)), ((0, 4),)]
    assert blocks[2].initiative == 2


def test_shuffle_is_seeded_and_keeps_threads(plan20) -> None:
    plan, pool = plan20
    threaded = Plan.of(plan.chapters, plan.initiative, [((0, 3), (0, 1)), ((2, 0), (2, 4))])
    first = shuffle(threaded, seed=7, pool=pool)
    again = shuffle(threaded, seed=7, pool=pool)
    other = shuffle(threaded, seed=8, pool=pool)
    assert first.deck == again.deck and first.deck != other.deck
    assert sorted(first.deck) == sorted(threaded.card_ids()) and len(first.deck) == 20
    for chapter in range(4):
        order = first.order(chapter)
        assert sorted(order) == [(chapter, p) for p in range(5)]
        scores = [score for _, score in first.chapters[chapter]]
        assert scores == sorted(scores, reverse=True)
        assert all(b.initiative <= s <= b.initiative + 5 for b, s in first.chapters[chapter])
    order0 = first.order(0)
    assert order0[order0.index((0, 3)) + 1] == (0, 1)
    assert first.deck[:5] == tuple(threaded.card_at(s) for s in order0)


def test_high_initiative_usually_first(plan20) -> None:
    plan, pool = plan20
    boosted = with_init(plan, {(0, 4): 3, (0, 0): -3})
    leads = [shuffle(boosted, seed=s, pool=pool).order(0)[0] for s in range(200)]
    assert leads.count((0, 4)) > 100 and leads.count((0, 0)) == 0


def test_shuffle_refuses_an_illegal_plan(plan20) -> None:
    plan, pool = plan20
    with pytest.raises(DeckError) as err:
        shuffle(with_init(plan, {(0, 0): 3, (0, 1): 3, (0, 2): 3, (0, 3): 3, (0, 4): 3}), 1,
                pool)
    assert [v.rule for v in err.value.violations] == ["runes.wyrd-points"]


def test_sample_pool_plan(pool: dict[str, Card], collection) -> None:
    ids = [c.id for c in pool.values() if c.hero == "skorta" and c.rarity.value in ("common", "uncommon")][:20]
    plan = Plan.of([ids[i:i + 5] for i in range(0, 20, 5)])
    assert check_plan(plan, pool, collection) == []


def test_six_steps_group_the_violations(plan20) -> None:
    from tablekit.runes import preparation_steps
    from tablekit.runes.preparation import STEPS
    plan, pool = plan20
    assert [name for name, _, _ in STEPS] == ["Build", "Divide", "Bind", "Spend", "Order",
                                              "Assemble"]
    rows = [list(ch) for ch in plan.chapters]
    rows[0][1] = rows[0][0]  # a second copy of a Common Action is still legal
    bad = Plan.of(rows, [[3, 3, 3, 3, 0]] + [[0] * 5] * 3, [((0, 0), (1, 0))])
    steps = {name: [v.rule for v in found] for name, _, found in preparation_steps(bad, pool)}
    assert steps["Build"] == [] and steps["Divide"] == []
    assert steps["Bind"] == ["runes.thread-chapter"]
    assert steps["Spend"] == ["runes.wyrd-points"]
    assert steps["Order"] == steps["Assemble"] == []
    all_rules = {r for _, _, rules in STEPS for r in rules}
    import tablekit
    assert all_rules <= set(tablekit.rules("runes"))
