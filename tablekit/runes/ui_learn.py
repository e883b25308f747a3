"""Runes of Wyrd learning widgets for the duel: the attack calculator and the Temperature ladder.

Both run the engine itself on a two-hero duel set up for the question (no rule is written
here): the answer is what `combat` and `temperature` do, with every event and its rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from tablekit.core.events import Event
from tablekit.core.game import Events
from tablekit.runes import combat, temperature
from tablekit.runes.board import Duel, DuelOptions
from tablekit.runes.duel import new_duel
from tablekit.runes.fighter import Status
from tablekit.runes.game import GAME
from tablekit.runes.ui_duel_html import status_text
from tablekit.ui.errors import safe
from tablekit.ui.html import STYLE, log_html, render

# the statuses the ladder can start with: label -> (status, amount, turns; None is permanent)
LADDER_STATUSES = {
    "Burning (permanent)": ("Burning", 1, None), "Burning (3 turns)": ("Burning", 1, 3),
    "Frozen (permanent)": ("Frozen", 1, None), "Kindled (permanent)": ("Kindled", 1, None),
    "Frost 2": ("Frost", 2, None), "Bleeding 2": ("Bleeding", 2, None)}
LEVEL_RULES = {-3: "runes.cold-3", -2: "runes.cold-2", -1: "runes.cold-1", 0: "runes.neutral",
               1: "runes.heat-1", 2: "runes.heat-2", 3: "runes.heat-3"}

OUTCOME = """<div class="tk-board tk-calc-result">{% for label, before, after in rows %}\
<div><b>{{ label }}</b>: {{ before }} → <b class="tk-calc-{{ label|lower }}">{{ after }}</b></div>\
{% endfor %}</div>"""

LADDER = """<table class="tk-ladder" style="font-size:12px;border-collapse:collapse">\
{% for level, name, rule in rungs %}<tr{% if level == current %} class="tk-ladder-here" \
style="background:#fefcbf;font-weight:600"{% endif %}><td style="padding:2px 8px">{{ name }}</td>\
<td><code>{{ rule.id }}</code></td><td style="padding:2px 8px">{{ rule.summary }}</td></tr>\
{% endfor %}</table>"""


def quiet_duel(heroes: tuple[str, str] = ("skorta", "ash")) -> Duel:
    """Two heroes with no cards and a listening log: a bench to try one rule on. The heroes
    keep the Health they start a duel with (data/heroes.toml), so the page's numbers are the
    duel's."""
    return new_duel(heroes, [[], []], DuelOptions(), Events([]))


def attack_outcome(power: int, armor: int, shield: int, break_shield: bool = False,
                   true_damage: bool = False) -> tuple[Duel, dict[str, tuple[int, int]]]:
    """One hit on a defender with that Armor and Shield, resolved by the engine: the duel
    (its log) and Shield and Health before and after."""
    duel = quiet_duel()
    attacker, defender = duel.fighters
    defender.base_armor, defender.shield = armor, shield
    before = {"Shield": defender.shield, "Health": defender.health}
    if true_damage:
        combat.true_damage(duel, defender, power, "the calculator")
    else:
        combat.attack(duel, attacker, power, ranged=True, break_shield=break_shield)
    return duel, {k: (v, getattr(defender, k.lower())) for k, v in before.items()}


def ladder_outcome(level: int, labels: Sequence[str] = ()) -> tuple[Duel, dict[str, Any]]:
    """A hero ending its turn at `level` with the chosen statuses (Cold 3 and Heat 3: reached
    from the level next to them, as they resolve at once)."""
    duel = quiet_duel()
    me = duel.fighters[0]
    for label in labels:
        name, amount, turns = LADDER_STATUSES[label]
        me.statuses[name] = Status(amount, turns, False)
    before = {"Temperature": temperature.level_name(level), "Health": me.health,
              "Statuses": _statuses(me.statuses)}
    if abs(level) == 3:
        me.temperature = level - (1 if level > 0 else -1)
        temperature.move(duel, me, 1 if level > 0 else -1, "the ladder")
    else:
        me.temperature = level
        temperature.end_of_turn(duel, me)
    after = {"Temperature": temperature.level_name(me.temperature), "Health": me.health,
             "Statuses": _statuses(me.statuses)}
    return duel, {k: (before[k], after[k]) for k in before}


class AttackCalculator(widgets.VBox):
    """Move the sliders: one hit through Armor, Shield (or Break Shield) to Health, or True
    Damage straight to Health — with the engine's events and their rules."""

    def __init__(self) -> None:
        self.power = widgets.IntSlider(value=6, min=0, max=15, description="damage")
        self.armor = widgets.IntSlider(value=1, min=0, max=6, description="Armor")
        self.shield = widgets.IntSlider(value=4, min=0, max=12, description="Shield")
        self.break_shield = widgets.Checkbox(value=False, description="Break Shield")
        self.true_damage = widgets.Checkbox(value=False, description="True Damage")
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.result = widgets.HTML()
        self.log_panel = widgets.HTML()
        controls = (self.power, self.armor, self.shield, self.break_shield, self.true_damage)
        for control in controls:
            control.observe(safe(lambda _: self.refresh(), self.message), names="value")
        self.outcome: dict[str, tuple[int, int]] = {}
        super().__init__([widgets.HBox(controls[:3]), widgets.HBox(controls[3:]), self.message,
                          widgets.HBox([self.result, self.log_panel])])
        self.add_class("tk-attack-calculator")
        self.refresh()

    def refresh(self) -> None:
        """Resolve the hit again and redraw."""
        self.message.value = ""
        duel, self.outcome = attack_outcome(self.power.value, self.armor.value,
                                            self.shield.value, self.break_shield.value,
                                            self.true_damage.value)
        self.result.value = STYLE + render(OUTCOME, rows=[(k, a, b) for k, (a, b) in
                                                          self.outcome.items()])
        self.log_panel.value = _log(duel.events.items)


class TemperatureLadder(widgets.VBox):
    """Move the cursor and pick statuses: what ending a turn at that level does, by the engine."""

    def __init__(self) -> None:
        self.cursor = widgets.IntSlider(value=0, min=-3, max=3, description="cursor",
                                        readout=False)
        self.level = widgets.HTML()
        self.statuses = widgets.SelectMultiple(options=list(LADDER_STATUSES),
                                               value=("Burning (permanent)",),
                                               description="statuses", rows=6)
        self.message = widgets.HTML()
        self.message.add_class("tk-message")
        self.ladder = widgets.HTML()
        self.result = widgets.HTML()
        self.log_panel = widgets.HTML()
        for control in (self.cursor, self.statuses):
            control.observe(safe(lambda _: self.refresh(), self.message), names="value")
        self.outcome: dict[str, tuple[Any, Any]] = {}
        super().__init__([widgets.HBox([self.cursor, self.level]), self.statuses, self.message,
                          self.ladder, widgets.HBox([self.result, self.log_panel])])
        self.add_class("tk-temperature-ladder")
        self.refresh()

    def refresh(self) -> None:
        """Resolve the level again and redraw."""
        self.message.value = ""
        level = self.cursor.value
        duel, self.outcome = ladder_outcome(level, self.statuses.value)
        book = GAME.rulebook
        self.level.value = render("<b>{{ name }}</b>", name=temperature.level_name(level))
        self.ladder.value = render(LADDER, current=level, rungs=[
            (v, temperature.level_name(v), book.get(LEVEL_RULES[v])) for v in range(3, -4, -1)])
        self.result.value = STYLE + render(OUTCOME, rows=[(k, a, b) for k, (a, b) in
                                                          self.outcome.items()])
        self.log_panel.value = _log(duel.events.items)


def _statuses(found: dict[str, Status]) -> str:
    """The statuses as the duel board writes them: "Burning 1 (permanent)", never bare."""
    return ", ".join(status_text(n, s.amount, s.turns) for n, s in sorted(found.items())) or "none"


def _log(events: Sequence[Event]) -> str:
    return log_html(events, GAME.rulebook, newest_first=False)


__all__ = ["AttackCalculator", "TemperatureLadder", "attack_outcome", "ladder_outcome"]
