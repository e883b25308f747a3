"""The Deckula widgets, driven from the kernel as a mouse would (button.click())."""

from __future__ import annotations

import html
import re

import pytest

from tablekit.core.errors import TablekitError
from tablekit.deckula.cards import SAMPLE_SET
from tablekit.deckula.state import Buy
from tablekit.deckula.ui import (
    DeckulaLesson,
    DeckulaTable,
    board_html,
    difficulty_figure,
    explore_difficulties,
    score_distribution_figure,
)
from tablekit.ui.html import BRIEF_LIMIT
from tests.ui.helpers import XSS, XSS_ESCAPED, assert_only_escaped, assert_unexpected_error_shown
from tests.ui.readable import shown_cards


def test_one_button_per_legal_action_and_clicks_play_them():
    table = DeckulaTable(seed=3)
    assert [b.description for b in table.buttons] == [str(a) for a in table.match.legal_actions()]
    table.click(table.buttons[0].description)
    assert len(table.match.history) == 1 and "Setup" not in table.status.value
    assert "tk-event" in table.log_panel.value and "deckula.setup-deal" in table.log_panel.value
    with pytest.raises(TablekitError, match="no button"):
        table.click("Fly away")


def test_undo_redo_new_game_and_seed():
    table = DeckulaTable(seed=3)
    assert table.undo_button.disabled
    table.click(table.buttons[0].description)
    before = table.match.digest()
    table.undo_button.click()
    assert not table.match.history and table.redo_button.disabled is False
    table.redo_button.click()
    assert table.match.digest() == before
    table.seed.value = "11"
    table.new_button.click()
    assert table.match.seed == 11 and not table.match.history
    table.seed.value = "full moon"  # a word is a seed too, kept as it is (not turned into 0)
    table.new_button.click()
    assert table.match.seed == "full moon" and table.message.value == ""
    table.seed.value = " "
    table.new_button.click()
    assert "No new game" in table.message.value and table.match.seed == "full moon"


def test_an_illegal_action_shows_its_rule_and_changes_nothing():
    table = DeckulaTable(seed=3)
    before = table.match.digest()
    table.play(Buy(0, "Blood Fountain"))
    rule = table.match.explain(Buy(0, "Blood Fountain")).rule
    assert f"rule {rule}" in table.message.value and table.match.digest() == before


def test_hint_lists_the_best_moves():
    table = DeckulaTable(seed=3)
    table.click(table.buttons[0].description)
    table.hint_button.click()
    shown = re.findall(r'<li class="tk-hint"><b>(.*?)</b>.*?(\d+) play-outs?', table.hints.value)
    legal = [html.escape(str(a)) for a in table.match.legal_actions()]
    assert len(shown) == min(3, len(legal)) and all(label in legal for label, _ in shown)
    assert sum(int(n) for _, n in shown) <= table.hint_rollouts  # the real count behind each


def test_chart_follows_energy_and_vp_by_turn():
    table = DeckulaTable(seed=3)
    while not table.match.is_over:
        table.click(table.buttons[0].description)
    energy, vp = table.chart.data
    last = table.match.state
    assert energy.name == "energy" and energy.y[-1] == last.energy and vp.y[-1] == last.score()
    assert list(energy.x) == sorted(set(energy.x))
    assert "How good was my game?" in table.finish.value and "Compare" in table.finish.value


def test_board_shows_zones_counters_and_blanked_cards():
    lesson = DeckulaLesson("blanking")
    html = board_html(lesson.match.state)
    assert "tk-card tk-blanked" in html and "Threat area" in html and "data-name=\"Energy\"" in html
    lesson.click("Use Loyal Gargoyle (discard it)")
    assert "tk-card tk-blanked" not in lesson.board.value
    lesson.new_button.click()
    assert "tk-card tk-blanked" in lesson.board.value  # Reset lays the lesson out again


def test_difficulty_explorer_figures():
    results = explore_difficulties(games=12, seed=1, agents=("heuristic",), difficulties=("beginner", "hard"),
                                   executor="serial", progress=False)
    figure = difficulty_figure(results)
    assert [trace.name for trace in figure.data] == ["heuristic: mean VP", "heuristic: survival rate"]
    assert list(figure.data[0].x) == ["beginner", "hard"]
    assert len(score_distribution_figure(results).data) == 2


def test_the_hindsight_search_runs_on_demand_never_inside_refresh(monkeypatch):
    import tablekit.deckula.ui as deckula_ui
    searches = []
    real = deckula_ui.hindsight
    monkeypatch.setattr(deckula_ui, "hindsight", lambda *a, **k: searches.append(k) or real(*a, **k))
    table = DeckulaTable(seed=4, hindsight_budget=40)
    while not table.match.is_over:
        table.click(table.buttons[0].description)
    table.refresh()
    assert searches == [] and table.best_button.layout.display is None  # offered, not run
    table.best_button.click()
    assert len(searches) == 1 and callable(searches[0]["progress"])
    assert "positions searched" in table.finish.value and table.best_button.layout.display == "none"
    assert not table.progress.running


def test_the_hindsight_search_reports_progress():
    table = DeckulaTable(seed=5, hindsight_budget=5_000)  # a deal that needs more than 2,000 positions
    while not table.match.is_over:
        table.click(table.buttons[0].description)
    seen = []
    table.progress.bar.observe(lambda change: seen.append((change["new"], table.best_button.disabled)),
                               names="value")
    table.best_button.click()
    assert table.known_best() is not None and any(v >= 2_000 and off for v, off in seen)
    assert not table.best_button.disabled  # free again once the search is done


def test_search_longer_is_offered_only_while_the_best_is_unproven():
    table = DeckulaTable(seed=4, hindsight_budget=40)
    assert table.deeper.layout.display == "none"  # the game is not over yet
    while not table.match.is_over:
        table.click(table.buttons[0].description)
    assert table.deeper.layout.display == "none"  # not searched yet
    table.best_button.click()
    first = table.best()
    assert first.status == "feasible" and table.deeper.layout.display is None
    table.deeper.click()
    assert table.best().nodes > first.nodes
    assert f"{table.best().nodes:,} positions" in table.finish.value


def test_a_finished_lesson_says_game_over_like_any_table():
    lesson = DeckulaLesson("game-ending-threat")
    lesson.match.apply(lesson.match.legal_actions()[0])  # discard: 1 energy, and the Farmer wants 2
    assert lesson.match.is_over and lesson.status_text() == "Game over — Lost to Furious Farmer: no points."


# -- errors a learner can see, and text from card files shown as text ------------------------
def test_an_unexpected_error_in_an_action_button_is_shown_and_the_table_redraws(monkeypatch):
    table = DeckulaTable(seed=3)
    before, labels = table.match.digest(), [b.description for b in table.buttons]

    def broken(*actions):
        raise RuntimeError("engine <bug>")

    monkeypatch.setattr(table.match, "play", broken)
    table.buttons[0].click()
    assert_unexpected_error_shown(table.message.value, "engine &lt;bug&gt;")
    assert table.match.digest() == before and [b.description for b in table.buttons] == labels


@pytest.mark.parametrize("button, target, where", [
    ("hint_button", "tablekit.ui.table.hint", "message"),
    ("undo_button", None, "message"),
    ("new_button", None, "message"),
])
def test_an_unexpected_error_in_a_toolbar_button_is_shown(monkeypatch, button, target, where):
    table = DeckulaTable(seed=3)
    table.click(table.buttons[0].description)
    before = table.match.digest()

    def broken(*args, **kwargs):
        raise ValueError("solver gave up")

    if target:
        monkeypatch.setattr(target, broken)
    elif button == "undo_button":
        monkeypatch.setattr(table.match, "undo", broken)
    else:
        monkeypatch.setattr(table, "fresh_match", broken)
    getattr(table, button).click()
    assert_unexpected_error_shown(getattr(table, where).value, "solver gave up")
    assert table.match.digest() == before and table.hints.value == ""


def test_a_failing_hindsight_search_is_shown_and_the_progress_goes_away(monkeypatch):
    import tablekit.deckula.ui as deckula_ui
    table = DeckulaTable(seed=4, hindsight_budget=40)
    while not table.match.is_over:
        table.click(table.buttons[0].description)

    def broken(*args, **kwargs):
        raise ValueError("bound <broken>")

    monkeypatch.setattr(deckula_ui, "hindsight", broken)
    table.best_button.click()
    assert_unexpected_error_shown(table.message.value, "bound &lt;broken&gt;")
    assert not table.progress.running and table.best_button.layout.display is None


def test_a_lesson_shows_an_unexpected_error_too(monkeypatch):
    lesson = DeckulaLesson("buy-or-discard")
    monkeypatch.setattr(lesson.match, "play", lambda *a: 1 / 0)
    lesson.buttons[0].click()
    assert_unexpected_error_shown(lesson.message.value, "division by zero")


def test_card_names_and_texts_from_a_card_file_are_shown_only_as_text(tmp_path):
    path = tmp_path / "evil.toml"
    path.write_text(SAMPLE_SET.read_text(encoding="utf-8")
                    .replace('name = "', f'name = "{XSS} ').replace('text = "', f'text = "{XSS} '),
                    encoding="utf-8")
    table = DeckulaTable(seed=3, card_file=str(path), hindsight_budget=200)
    table.hint_rollouts = 2
    seen = set()
    while not table.match.is_over:
        if table.state.phase == "decide":
            assert XSS_ESCAPED in table.status.value
            seen.add("status")
        if "hints" not in seen:
            table.hint_button.click()
            assert XSS_ESCAPED in table.hints.value and table.message.value == ""
            seen.add("hints")
        assert_only_escaped(table)
        table.click(table.buttons[0].description)
    table.best_button.click()
    assert_only_escaped(table)
    assert seen == {"status", "hints"} and XSS_ESCAPED in table.log_panel.value
    assert XSS in table.buttons[0].description if table.buttons else True  # plain text there
    lesson = DeckulaLesson({"home": ["blood-fountain"], "draw": ["candelabra", "vampire-bride"]})
    assert "Blood Fountain" in lesson.board.value  # a scenario mapping works as a lesson too



def test_every_card_reads_in_full_in_every_zone_hovered_or_clicked():
    """Offer, drawn card, Threat area, Home: each card's whole text shows while it is read (a
    long one is cut at rest), and it has a tabindex (a click or a tap focuses it)."""
    long_in = set()
    for seed in range(3, 8):
        table = DeckulaTable(seed=seed, hindsight_budget=200)
        while True:
            state = table.state
            drawn = [state.drawn] if state.drawn is not None else []
            specs = [state.spec(u) for u in [*state.threat, *state.offer, *drawn, *state.home]]
            cards = shown_cards(table.board.value)
            assert [c.attrs["data-card"] for c in cards] == [spec.id for spec in specs]
            for card, spec in zip(cards, specs, strict=True):
                assert spec.text in card.read_text and card.attrs["title"] == spec.text
                assert card.attrs["tabindex"] == "0"
                if len(spec.text) > BRIEF_LIMIT:
                    assert spec.text not in card.rest_text and "…" in card.rest_text
                    long_in.add(card.zone)
                else:
                    assert spec.text in card.rest_text
            if table.match.is_over:
                break
            table.buttons[0].click()
    assert long_in == {"Setup offer — keep one", "Drawn card", "Threat area", "Home"}
