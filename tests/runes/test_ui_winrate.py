"""The win-rate builder widget and the build widget's CSV import."""

from __future__ import annotations

from types import SimpleNamespace

from solvers.optimise import Budget
from tablekit.core.stats import Estimate
from tablekit.runes import check_plan, ui, ui_winrate
from tablekit.runes.exchange import collection_to_csv, plan_from_json
from tablekit.runes.ui_winrate import WinRateBuilder
from tests.ui.helpers import XSS, XSS_ESCAPED, assert_unexpected_error_shown


def test_win_rate_builder_shows_the_verdict_worths_and_exports(pool) -> None:
    full = ui.full_collection(pool)
    builder = WinRateBuilder({"every card": full}, budget=Budget(search_games=640, block=16, explore=3,
                                                                 proposals=2, verdict_games=40), seed=1)
    builder.hero.value, builder.field.value = "skorta", "field"
    seen = []
    builder.progress.update = lambda done, total=None, words=None: seen.append((done, total))
    result = builder.build()
    assert builder.message.value == "" and not builder.button.disabled
    assert "difference (paired) against the sample deck" in builder.report.value
    assert "Who plays" in builder.report.value and "n=40" in result.message
    gap = result.result.verdicts[0].difference  # each number once: in the table, not again in a sentence
    assert builder.report.value.count(f"{gap.mean:+.3f}") == 1
    assert len(builder.chart.data[0].x) == min(20, len(result.result.worth))
    hero, plan = plan_from_json(builder.json.value, pool)
    assert hero == "skorta" and plan == result.plan and check_plan(plan, pool, full) == []
    assert "Chapter 4" in builder.text.value
    assert seen and seen[-1][0] == seen[-1][1]


def test_win_rate_builder_shows_errors(monkeypatch, pool) -> None:
    builder = WinRateBuilder({"every card": ui.full_collection(pool)})

    def broken(*args, **kwargs):
        raise ValueError("simulation <broke>")

    monkeypatch.setattr(ui_winrate, "build_for_win_rate", broken)
    builder.button.click()
    assert_unexpected_error_shown(builder.message.value, "simulation &lt;broke&gt;")
    assert not builder.button.disabled and not builder.progress.running


def test_build_widget_imports_a_csv_collection(collection) -> None:
    builder = ui.DeckBuilder({"sample": collection})
    builder.csv.value = collection_to_csv(collection)
    next(b for b in builder.children[0].children[-1].children
         if b.description == "import CSV").click()
    assert builder.collection_choice.value == "imported CSV"
    assert builder.collection == collection
    builder.csv.value = "card,copies\nno-such-card,2\n"
    next(b for b in builder.children[0].children[-1].children
         if b.description == "import CSV").click()
    assert "unknown card" in builder.goal_error.value
    assert builder.collection == collection  # a refused file changes nothing


def test_worth_chart_escapes_card_names_from_card_files(monkeypatch, pool) -> None:
    """A card file's name (or an unknown card id) with markup reaches the chart only as text."""
    marked = {cid: c.model_copy(update={"name": f"{XSS} {c.name}"}) for cid, c in pool.items()}
    monkeypatch.setattr(ui_winrate, "load_pool", lambda: marked)
    worth = {"copies:cadence": Estimate(0.2, 0.1, 0.3, 40),
             f"chapter:{XSS}": Estimate(0.1, 0.0, 0.2, 40)}
    result = SimpleNamespace(result=SimpleNamespace(worth=worth))
    labels = list(ui_winrate.worth_figure(result).data[0].x)
    assert labels == [f"{XSS_ESCAPED} Cadence (copies)", f"{XSS_ESCAPED} (later Chapter)"]
