"""The widgets call the package and expose their state (no front end needed)."""

from __future__ import annotations

from solvers.runes import Goal
from tablekit.runes import ui
from tablekit.ui.charts import PLOTLY_MIME
from tests.ui.helpers import XSS, XSS_ESCAPED, assert_only_escaped, assert_unexpected_error_shown


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


def test_builder_buttons_show_bad_input_instead_of_failing(pool, collection) -> None:
    builder = ui.DeckBuilder({"mine": collection, "all": ui.full_collection(pool)})
    builder._shown_errors(builder.goal_error, lambda: builder.add_goal(Goal.before("peck", "peck")))
    assert "Cannot do that" in builder.goal_error.value and builder.goals == []
    unowned = next(c.id for c in builder.cards.values() if c not in collection)
    builder.add_goal(Goal.first(unowned))
    builder._shown_errors(builder.summary, builder.solve)
    assert "not in the collection" in builder.summary.value and builder.result is None


def test_builder_hides_what_does_not_apply(collection) -> None:
    builder = ui.DeckBuilder(collection)
    assert builder.goal_other.layout.display == "none" and builder.chart_box.layout.display == "none"
    builder.goal_kind.value = "before"
    assert builder.goal_other.layout.display is None
    builder.hero.value = "ash"
    result = builder.solve()
    assert builder.chart_box.layout.display is None and "Proven optimal" in builder.summary.value
    names = {c.name for c in result.alternatives[0].cards} ^ {c.name for c in result.cards}
    assert any(name in builder.alternatives_view.value for name in names)
    builder.must_include.value = ["queens-ravenmantle", "crown-of-black-feathers"]
    builder.solve()
    assert builder.chart_box.layout.display == "none"
    assert "Queen&#x27;s Ravenmantle" in builder.summary.value  # names, not ids
    assert "only Ash&#x27;s cards" in builder.summary.value


def test_figures_keep_their_state_for_late_views(collection) -> None:
    """Voilà draws a chart after the kernel filled it: the synced output must hold the data."""
    planner = ui.ChapterPlanner(ui.starter_deck(collection, "skorta")[:5], shuffles=200)
    planner.set_initiative(0, 3)
    drawn = planner.figure.outputs[0]["data"][PLOTLY_MIME]
    assert drawn["data"][0]["z"] == [list(row) for row in planner.figure.data[0].z]
    ticks = planner.order_figure.outputs[0]["data"][PLOTLY_MIME]["layout"]["yaxis"]["ticktext"]
    assert len(ticks) == 5 and ticks[0].startswith(planner.chapter_cards[0].name)


def _broken(*args, **kwargs):
    raise ValueError("solver <gave> up")


def test_every_runes_widget_shows_an_unexpected_error(monkeypatch, pool, collection) -> None:
    deck = ui.starter_deck(collection, "ash")
    checker = ui.DeckChecker(collection, deck)
    planner = ui.ChapterPlanner(deck[:5], shuffles=100)
    builder = ui.DeckBuilder(collection)
    monkeypatch.setattr(ui, "validate_deck", _broken)
    monkeypatch.setattr(ui, "check_plan", _broken)
    monkeypatch.setattr(ui, "build_deck", _broken)
    checker.check_owned.value = False  # an observer, not a button
    planner.set_initiative(0, 2)
    next(c for c in builder.children[0].children[5].children if c.description == "build deck").click()
    for where in (checker.message, planner.message, builder.summary):
        assert_unexpected_error_shown(where.value, "solver &lt;gave&gt; up")


def test_card_names_from_a_pool_file_are_shown_only_as_text(tmp_path) -> None:
    from tablekit.runes import load_collection, load_pool
    from tablekit.runes.cards import SAMPLE_COLLECTION, SAMPLE_POOL
    path = tmp_path / "pool.toml"
    path.write_text(SAMPLE_POOL.read_text(encoding="utf-8").replace('name = "', f'name = "{XSS} '),
                    encoding="utf-8")
    pool = load_pool(path)
    collection = load_collection(SAMPLE_COLLECTION, pool=pool)
    deck = ui.starter_deck(collection, "ash")
    checker = ui.DeckChecker(collection, deck)
    checker.add(deck[0].id)
    assert_only_escaped(checker)
    builder = ui.DeckBuilder(collection)
    builder.hero.value = "ash"
    builder.add_goal(Goal.first(deck[0].id))
    builder.solve()
    assert_only_escaped(builder)
    planner = ui.ChapterPlanner(deck[:5], shuffles=100)
    planner.thread.value = (0, 1)
    planner.set_initiative(1, 2)
    assert XSS_ESCAPED in planner.status.value and "<img" not in planner.status.value
