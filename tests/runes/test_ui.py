"""The widgets call the package and expose their state (no front end needed)."""

from __future__ import annotations

from solvers.runes import Goal
from tablekit.runes import ui


def test_deck_checker_reports_live(collection) -> None:
    checker = ui.DeckChecker(collection, ui.starter_deck(collection, "torstein"))
    assert checker.violations == [] and "Legal" in checker.report.value
    checker.add("queens-ravenmantle")
    assert "runes.deck-size" in checker.report.value
    checker.remove("queens-ravenmantle")
    assert checker.violations == []


def test_chapter_planner_heatmaps(collection) -> None:
    deck = ui.starter_deck(collection, "ash")
    planner = ui.ChapterPlanner(deck[:5], shuffles=500)
    planner.set_initiative(4, 3)
    exact = planner.figure.data[0].z
    assert exact[4][0] > 0.5 and all(abs(sum(row) - 1) < 1e-12 for row in exact)
    planner.thread.value = (0, 1)
    planner.set_initiative(1, 2)
    assert [v.rule for v in planner.problems] == ["runes.thread-initiative"]
    assert "card B" in planner.status.value


def test_builder_widget_solves_and_explains(collection) -> None:
    builder = ui.DeckBuilder(collection)
    builder.hero.value = "mikal-finnvard"
    builder.k.value = 2
    builder.add_goal(Goal.before("kindling", "updraft"))
    result = builder.solve()
    assert result.status == "optimal" and len(result.decks) == 2
    assert "Chapter 1" in builder.plan_view.value and sum(builder.chart.data[0].y) == 20
    builder.must_include.value = ["heart-of-the-green-circle", "eirs-last-gift"]
    builder.hero.value = "torstein"
    bad = builder.solve()
    assert bad.status == "infeasible" and "Drop" in builder.summary.value


def test_builder_switches_collection(pool, collection) -> None:
    builder = ui.DeckBuilder({"mine": collection, "all": ui.full_collection(pool)})
    builder.hero.value = "ash"
    builder.collection_choice.value = "all"
    result = builder.solve()
    assert any(c.id == "requiem-of-the-long-night" for c in result.cards)  # not owned in "mine"
    builder.collection_choice.value = "mine"
    assert all(c.id != "requiem-of-the-long-night" for c in builder.solve().cards)
