"""Every button and every observer of every table, panel and builder of the kit goes through
`tablekit.ui.errors.safe`: an error in any of them is shown in the widget, never lost in the log.

The widgets are walked as a page would draw them (including the Battle Lines chooser while a
line-up is being set); a callback that is not wrapped fails with the widget and button named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import ipywidgets as widgets
import pytest
import traitlets

from tablekit.deckula.ui import DeckulaLesson, DeckulaTable
from tablekit.runes import load_collection, load_pool
from tablekit.runes import ui as runes_ui
from tablekit.ui.errors import safe
from tablekit.wonders.ui import WondersTable
from tablekit.wonders.ui.build import DeckBuilder
from tablekit.wonders.ui.campaign import CampaignPanel
from tablekit.wonders.ui.learn import BattlePuzzle, ExampleTable


def callbacks(root: widgets.Widget) -> Iterator[tuple[widgets.Widget, str, Callable]]:
    """(widget, what, callback) for every click handler and every trait observer in the tree,
    leaving out the observers ipywidgets and plotly register on their own widgets."""
    if isinstance(root, widgets.Button):
        for handler in root._click_handlers.callbacks:
            yield root, f"click of {root.description!r}", handler
    for trait, kinds in getattr(root, "_trait_notifiers", {}).items():
        for handler in kinds.get("change", []):
            if isinstance(handler, traitlets.ObserveHandler) or getattr(handler, "__self__", None) is root:
                continue  # the widget class's own bookkeeping (its comm, a Dropdown's index)
            yield root, f"observer of {type(root).__name__}.{trait}", handler
    for child in getattr(root, "children", ()):
        yield from callbacks(child)


def unwrapped(root: widgets.Widget) -> list[str]:
    return [f"{what}: {getattr(h, '__qualname__', h)}" for _, what, h in callbacks(root)
            if not getattr(h, "shows_errors", False)]


def wonders_table_setting_battle_lines() -> WondersTable:
    """A Wonders table whose Battle Lines chooser shows its Apply buttons."""
    table = WondersTable(seed=1)
    for _ in range(200):
        if table.state.lineup is not None or table.match.is_over:
            break
        table.play(table.match.legal_actions()[-1])  # end turns: the Villain lines up soon
    assert table.state.lineup is not None and table.chooser.picks.children
    return table


def runes_widgets() -> list[widgets.Widget]:
    pool = load_pool()
    collection = load_collection(pool=pool)
    deck = runes_ui.starter_deck(collection, "torstein")
    return [runes_ui.DeckChecker(collection, deck), runes_ui.ChapterPlanner(deck[:5], shuffles=50),
            runes_ui.DeckBuilder({"mine": collection, "all": runes_ui.full_collection(pool)})]


def every_widget() -> Iterator[tuple[str, widgets.Widget]]:
    deckula = DeckulaTable(seed=3)
    yield "DeckulaTable", deckula
    yield "DeckulaLesson", DeckulaLesson("buy-or-discard")
    wonders = wonders_table_setting_battle_lines()
    yield "WondersTable (Battle Lines)", wonders
    yield "CampaignPanel", CampaignPanel(WondersTable(seed=2))
    yield "Wonders DeckBuilder", DeckBuilder(villain="cullin", seed=1)
    yield "ExampleTable", ExampleTable("A")
    yield "BattlePuzzle", BattlePuzzle.from_seed(7)
    for widget in runes_widgets():
        yield f"Runes {type(widget).__name__}", widget


def test_every_callback_of_every_widget_shows_its_errors():
    seen, problems = 0, []
    for name, widget in every_widget():
        found = list(callbacks(widget))
        assert found, f"{name}: no callback found (is the walk still reaching its buttons?)"
        seen += len(found)
        problems += [f"{name}: {p}" for p in unwrapped(widget)]
    assert not problems, "callbacks that do not go through tablekit.ui.errors.safe:\n" + "\n".join(problems)
    assert seen > 60


def test_the_walk_finds_a_callback_that_is_not_wrapped():
    box = widgets.VBox([widgets.Button(description="bare"), widgets.Checkbox()])
    box.children[0].on_click(lambda _: None)
    box.children[1].observe(safe(lambda _: None, widgets.HTML()), names="value")
    box.children[1].observe(lambda _: None, names="value")
    assert len(unwrapped(box)) == 2 and len(list(callbacks(box))) == 3


@pytest.mark.parametrize("make", [lambda: DeckulaTable(seed=3), wonders_table_setting_battle_lines])
def test_the_action_and_layout_buttons_are_among_those_checked(make):
    table = make()
    clicks = {what for _, what, _ in callbacks(table) if what.startswith("click")}
    assert {f"click of {b.description!r}" for b in table.buttons} <= clicks
    if isinstance(table, WondersTable):
        assert {f"click of {b.description!r}" for b in table.chooser.picks.children} <= clicks
