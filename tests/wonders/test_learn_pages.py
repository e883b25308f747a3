"""The Deck of Wonders learn page never contradicts its own tables: the rule summaries, the
examples' logs and boards, the advisor's words and the page's prose agree with each other, with
the engine and with the rulebook (issue 37, section 6, Deck of Wonders; and section 4: no
hidden control can be pressed)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import ipywidgets as widgets

import tablekit
from tablekit.wonders.actions import Attack, EndTurn
from tablekit.wonders.battle import BattleCriterion, best_battle_lines
from tablekit.wonders.lessons import example_a, example_c, example_c_fighters
from tablekit.wonders.scenario import scenario_match, uid_of
from tablekit.wonders.ui.board import layout_table_html
from tablekit.wonders.ui.learn import ExampleTable, example_a_html, example_c_html
from tablekit.wonders.ui.table import WondersTable

ROOT = Path(__file__).resolve().parents[2]
LEARN = ROOT / "notebooks" / "wonders" / "1-learn.ipynb"


def _cells() -> list[tuple[str, str]]:
    notebook = json.loads(LEARN.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in notebook["cells"]]


def _markdown() -> str:
    return "\n\n".join(src for kind, src in _cells() if kind == "markdown")


def _passages(text: str) -> list[str]:
    """Paragraphs, list items and table rows."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n|\n\s*[*-] |\n\s*\d+\. |\n(?=\|)", text)
            if p.strip()]


def _text(markup: str) -> str:
    """What a reader sees of some HTML: tags dropped, entities read."""
    return " ".join(html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", markup, flags=re.S)).split())


def _pages() -> dict[str, list[str]]:
    """Every Wonders text a reader meets, cut into passages."""
    notes = (ROOT / "docs" / "rules-notes.md").read_text(encoding="utf-8")
    wonders = notes[notes.index("## Deck of Wonders"):].split("\n## ", 1)[0]
    pages = {name: _passages("\n\n".join(
        "".join(c["source"]) for c in json.loads((ROOT / "notebooks" / "wonders" / name).read_text(
            encoding="utf-8"))["cells"] if c["cell_type"] == "markdown"))
        for name in ("1-learn.ipynb", "2-play.ipynb", "3-build.ipynb")}
    pages["rules.toml"] = [rule.summary for rule in tablekit.rules("wonders").values()]
    pages["rules-notes.md"] = _passages(wonders)
    pages["README.md"] = _passages((ROOT / "tablekit" / "wonders" / "README.md").read_text(encoding="utf-8"))
    return pages


def test_a_villain_minion_drawn_this_turn_attacks_this_turn_and_every_page_says_so() -> None:
    """It does not strike the moment it arrives, but it joins this turn's Battle Lines."""
    wrong = [(page, p) for page, passages in _pages().items() for p in passages
             if re.search(r"(do|does|will) not attack yet|doesn't attack yet", p)]
    assert not wrong, wrong
    summary = tablekit.rules("wonders")["wonders.villain-draw"].summary
    assert "this same turn" in summary and "Battle Lines" in summary, summary
    table = ExampleTable("C")  # the Villain draws Poison Toad, which attacks in every layout
    table.click("End your turn")
    table.apply_layout()
    attacks = [e.text for e in table.match.log if e.rule == "wonders.choose-target"]
    assert any("Poison Toad" in text for text in attacks), attacks


def _villain_draws(texts: list[str]) -> tuple[list[str], list[str]]:
    counted = [t for t in texts if re.match(r"Draw \d of \d: ", t)]
    extra = [t for t in texts if t.startswith("Extra draw")]
    return counted, extra


def test_example_a_log_numbers_the_three_opening_draws() -> None:
    """The log says which draws are the three and which ones card text added."""
    match = example_a()
    match.apply(EndTurn())
    match.apply(match.action("Choose Gnomish Servant"))
    texts = [e.text for e in match.log if e.rule == "wonders.villain-draw"]
    counted, extra = _villain_draws(texts)
    assert [t.split(":")[0] for t in counted] == ["Draw 1 of 3", "Draw 2 of 3", "Draw 3 of 3"], texts
    assert ["Pixie Cavalry" in counted[0], "Gnomish Servant" in counted[1], "Earth Shield" in counted[2]] == [True] * 3
    assert len(extra) == 2 and "Baited Trap" in extra[0] and "Hungry Wolf" in extra[1], extra
    assert "Gnomish Servant" in extra[0] and "Earth Shield" in extra[1]
    later = scenario_match(draw=["pixie-cavalry", "stag-charger"])  # after the opening: one draw
    later.apply(EndTurn())
    assert not _villain_draws([e.text for e in later.log if e.rule == "wonders.villain-draw"])[0]


def test_example_a_is_played_out_on_the_page() -> None:
    """A reader who does not press sees the book's ending: the Mesmerist gone, the draws listed."""
    shown = _text(example_a_html())
    for n in (1, 2, 3):
        assert f"Draw {n} of 3" in shown, shown
    assert shown.count("Extra draw") == 2 and "Baited Trap destroys Pixie Mesmerist" in shown
    after = shown[shown.index("Your minions"):]
    assert "Pixie Mesmerist" not in after.split("Your hand")[0], after
    cells = _cells()
    table = next(i for i, (_, src) in enumerate(cells) if 'ExampleTable("A")' in src)
    assert "example_a_html()" in cells[table + 1][1] or "example_a_html()" in cells[table + 2][1]


def test_the_page_says_what_a_surviving_minion_does() -> None:
    """On your turn the target always strikes back, and a Villain minion that survives your
    attack still attacks on the Villain's turn; on the Villain's turn your minion is attacked
    only when it will fall, and strikes back as it falls."""
    passage = next(p for p in _passages(_markdown()) if "survives" in p)
    assert re.search(r"strikes? back", passage) and "Villain's turn" in passage, passage
    assert "never survives" in passage, passage
    match = scenario_match(villain_minions=["forest-troll"], player_minions=["pixie-cavalry"],
                           draw=["stag-charger", "stag-charger"])
    state = match.state
    troll, cavalry = uid_of(state, "forest-troll", "villain"), uid_of(state, "pixie-cavalry", "player")
    match.apply(Attack(cavalry, troll))  # 2 damage to a 5-health Troll; its 5 back fells the Cavalry
    board = match.state.boards[0]
    assert [m.name for m in board.villain_minions] == ["Forest Troll"] and board.player_minions == []
    health = board.player_health
    match.apply(EndTurn())
    attack = [e.text for e in match.log if e.rule == "wonders.choose-target"][-1]
    after = match.state.boards[0]
    assert "Forest Troll" in attack and "Forest Troll" in [m.name for m in after.villain_minions]
    assert after.player_health == health - sum(m.strength for m in after.villain_minions)


def test_the_advisors_minion_value_is_defined_where_its_score_is_shown() -> None:
    """The page and the advisor's table both say what a minion's value is, and the scores follow."""
    prose = next(p for p in _passages(_markdown()) if "advisor" in p and "value" in p)
    assert "strength plus its health" in prose, prose
    shown = _text(example_c_html())
    assert "strength plus its health" in shown, shown
    players, villains = example_c_fighters()
    for layout in best_battle_lines(players, villains, limit=None):
        by_name = {f.name: f for f in (*players, *villains)}
        value = {name: by_name[name].strength + by_name[name].health for name in by_name}
        mine = {f.name for f in players}
        killed = sum(value[n] for n in layout.report.destroyed if n not in mine)
        lost = sum(value[n] for n in layout.report.destroyed if n in mine)
        assert layout.score == killed - lost - layout.report.player_damage
    assert "strength plus its health" in _text(layout_table_html(best_battle_lines(
        players, villains, BattleCriterion(), limit=1)))


def _hidden_buttons(widget: widgets.Widget, hidden: bool = False) -> list[widgets.Button]:
    """The enabled buttons a user cannot see (inside a widget laid out with display none)."""
    hidden = hidden or getattr(getattr(widget, "layout", None), "display", None) == "none"
    found = [widget] if hidden and isinstance(widget, widgets.Button) and not widget.disabled else []
    for child in getattr(widget, "children", ()):
        found += _hidden_buttons(child, hidden)
    return found


def test_no_hidden_button_can_be_pressed() -> None:
    table = WondersTable(seed=20)
    assert table.chooser.layout.display == "none"
    assert not _hidden_buttons(table), [b.description for b in _hidden_buttons(table)]
    lesson = ExampleTable("C")
    lesson.click("End your turn")
    assert lesson.chooser.layout.display == "" and not lesson.chooser.apply_best.disabled
    assert any(not b.disabled for b in lesson.chooser.picks.children)
    lesson.apply_layout()
    assert lesson.chooser.layout.display == "none"
    assert not _hidden_buttons(lesson), [b.description for b in _hidden_buttons(lesson)]
    assert example_c().state.lineup is None
