"""The duel's learning widgets: attack calculator, Temperature ladder, lesson viewer, rules."""

from __future__ import annotations

import pytest

from tablekit.runes import damage_split, ui_learn
from tablekit.runes.duel import hero_stats
from tablekit.runes.lessons import LESSONS, PREPARATION_SECTIONS, preparation_rules
from tablekit.runes.ui import rules_html
from tablekit.runes.ui_duel import LessonViewer
from tablekit.runes.ui_learn import AttackCalculator, TemperatureLadder, attack_outcome
from tests.ui.helpers import assert_unexpected_error_shown

HEALTH = hero_stats()["ash"].health  # the bench duel's heroes start with the duel's Health


@pytest.mark.parametrize(("power", "armor", "shield", "broken"), [
    (6, 1, 4, True), (6, 1, 4, False), (3, 0, 8, True), (2, 3, 4, False), (9, 0, 0, True)])
def test_calculator_agrees_with_damage_split(power, armor, shield, broken) -> None:
    _, outcome = attack_outcome(power, armor, shield, broken)
    left, to_health = damage_split(max(0, power - armor), shield, broken)
    assert outcome["Shield"] == (shield, left)
    assert outcome["Health"] == (HEALTH, HEALTH - to_health)


def test_true_damage_passes_armor_and_shield() -> None:
    duel, outcome = attack_outcome(5, 3, 6, true_damage=True)
    assert outcome == {"Shield": (6, 6), "Health": (HEALTH, HEALTH - 5)}
    assert [e.rule for e in duel.events.items][0] == "runes.true-damage"


def test_calculator_widget_follows_its_sliders() -> None:
    calculator = AttackCalculator()
    calculator.power.value, calculator.armor.value, calculator.shield.value = 5, 0, 4
    calculator.break_shield.value = True
    assert calculator.outcome["Health"] == (HEALTH, HEALTH - 3)
    assert 'data-rule="runes.break-shield"' in calculator.log_panel.value


@pytest.mark.parametrize(("level", "rule"), [(-3, "runes.cold-3"), (-2, "runes.cold-2"),
                                             (-1, "runes.cold-1"), (0, "runes.neutral"),
                                             (1, "runes.heat-1"), (2, "runes.heat-2"),
                                             (3, "runes.heat-3")])
def test_every_ladder_level_resolves_by_its_rule(level, rule) -> None:
    ladder = TemperatureLadder()
    ladder.statuses.value = ("Burning (3 turns)", "Frost 2")
    ladder.cursor.value = level
    assert f'data-rule="{rule}"' in ladder.log_panel.value
    assert ladder.ladder.value.count("tk-ladder-here") == 1
    if abs(level) == 3:  # the extremes strike at once and send the cursor back
        assert ladder.outcome["Health"] == (HEALTH, HEALTH - 3)
        assert ladder.outcome["Temperature"][1] == ("Heat 1" if level > 0 else "Cold 1")


def test_learn_widgets_show_unexpected_errors(monkeypatch) -> None:
    calculator, ladder = AttackCalculator(), TemperatureLadder()

    def broken(*args, **kwargs):
        raise ValueError("engine <broke>")

    monkeypatch.setattr(ui_learn, "attack_outcome", broken)
    monkeypatch.setattr(ui_learn, "ladder_outcome", broken)
    calculator.power.value = 9
    ladder.cursor.value = 1
    for where in (calculator.message, ladder.message):
        assert_unexpected_error_shown(where.value, "engine &lt;broke&gt;")


def test_every_lesson_shows_its_rule() -> None:
    viewer = LessonViewer()
    for name, (rule, _) in LESSONS.items():
        viewer.lesson.value = name
        assert viewer.message.value == ""
        assert rule in {e.rule for e in viewer.record.events}, name
        assert rule in viewer.status.value


def test_lesson_start_board_has_the_scenario_values() -> None:
    viewer = LessonViewer("ethereal-form")
    assert viewer.record.boards[0]["heroes"][0]["health"] == 2
    viewer.lesson.value = "heat-3"
    assert viewer.record.boards[0]["heroes"][1]["temperature"] == 2


def test_every_preparation_rule_is_taught() -> None:
    shown = rules_html(PREPARATION_SECTIONS)
    ids = preparation_rules()
    assert len(ids) >= 20
    assert all(f"<code>{rule}</code>" in shown for rule in ids)
