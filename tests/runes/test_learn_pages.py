"""The learn pages never contradict their own tables: the widgets, the rendered HTML and the
notebook's prose agree with the duel and with the rulebook (issue 37, section 6, Runes)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import tablekit
from tablekit.runes import Plan, shuffle
from tablekit.runes.duel import hero_stats
from tablekit.runes.fighter import Status
from tablekit.runes.preparation import initiative_cost
from tablekit.runes.ui import starter_deck
from tablekit.runes.ui_duel_html import status_text
from tablekit.runes.ui_html import locked_html
from tablekit.runes.ui_learn import (
    LADDER_STATUSES,
    AttackCalculator,
    TemperatureLadder,
    _statuses,
    attack_outcome,
    ladder_outcome,
    quiet_duel,
)


def test_calculator_and_ladder_start_from_the_duels_health() -> None:
    duel_health = {stats.health for stats in hero_stats().values()}
    assert len(duel_health) == 1  # the page says "15 Health each"
    _, hit = attack_outcome(0, 0, 0)
    _, level = ladder_outcome(0)
    assert {hit["Health"][0], level["Health"][0]} == duel_health
    assert AttackCalculator().outcome["Health"][0] in duel_health
    assert TemperatureLadder().outcome["Health"][0] in duel_health


def test_ladder_never_shows_a_bare_status_amount() -> None:
    """Bare "Burning 1" reads as one turn; the page says permanent, or shows the turns left."""
    _, heat_2 = ladder_outcome(2, ("Burning (3 turns)",))
    assert heat_2["Statuses"] == ("Burning 1 (3 turns)", "Burning 1 (permanent)")
    for level in range(-3, 4):
        _, outcome = ladder_outcome(level, tuple(LADDER_STATUSES))
        for shown in outcome["Statuses"]:
            for status in shown.split(", "):
                assert status == "none" or re.fullmatch(r".+ \d+ \((permanent|\d+ turns?)\)",
                                                        status), (level, status)


def test_ladder_and_duel_board_write_statuses_alike() -> None:
    me = quiet_duel().fighters[0]
    me.statuses["Burning"] = Status(1, None, False)
    me.statuses["Frozen"] = Status(1, 3, False)
    board = {"Burning": (1, None), "Frozen": (1, 3)}
    assert _statuses(me.statuses).split(", ") == [status_text(n, a, t) for n, (a, t) in board.items()]


def _text(markup: str) -> str:
    """The page's text as a reader copying it (or a screen reader) gets it: tags dropped."""
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", "", markup, flags=re.S))


def test_locked_deck_entries_never_run_into_the_next_card(pool, collection) -> None:
    ids = [c.id for c in starter_deck(collection, "skorta")]
    plan = Plan.of([ids[i:i + 5] for i in range(0, 20, 5)],
                   [[3, 0, 0, -1, 0], [0] * 5, [0, 2, 0, 0, 0], [0] * 5],
                   threads=[((1, 0), (1, 1))])
    locked = shuffle(plan, seed=7, pool=pool, owned=collection)
    names = {c.id: c.name for c in pool.values()}
    text = _text(locked_html(locked, plan, names))
    entries = re.findall(r"Initiative [+-]\d, score \d+\.\d\d(.?)", text, flags=re.S)
    assert len(entries) == 19  # twenty cards, one Thread block
    assert set(entries) <= {")", "\n", ";", ""}, entries
    for name in names.values():  # a card name stands on its own: never glued to a score
        assert not re.search(r"\d" + re.escape(name), text), name


def test_locked_deck_escapes_card_names(pool, collection) -> None:
    ids = [c.id for c in starter_deck(collection, "skorta")]
    plan = Plan.of([ids[i:i + 5] for i in range(0, 20, 5)])
    locked = shuffle(plan, seed=1, pool=pool, owned=collection)
    shown = locked_html(locked, plan, {ids[0]: "<b>Raven & Co</b>"})
    assert "&lt;b&gt;Raven &amp; Co&lt;/b&gt;" in shown and "<b>Raven" not in shown


ROOT = Path(__file__).resolve().parents[2]
MALE = re.compile(r"\b(he|his|him|himself)\b", re.IGNORECASE)


def _markdown(name: str) -> str:
    notebook = json.loads((ROOT / "notebooks" / "runes" / name).read_text(encoding="utf-8"))
    return "\n\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")


def _passages(text: str) -> list[str]:
    """Paragraphs, list items and table rows: the unit a pronoun refers within."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n|\n\s*[*-] |\n(?=\|)", text)
            if p.strip()]


def _runes_pages() -> dict[str, list[str]]:
    """Every Runes text a reader meets: the notebooks, the rule summaries, the rules notes and
    the package README, each cut into passages."""
    pages = {name: _passages(_markdown(name)) for name in ("1-learn.ipynb", "2-play.ipynb",
                                                         "3-build.ipynb")}
    pages["rules.toml"] = [rule.summary for rule in tablekit.rules("runes").values()]
    notes = (ROOT / "docs" / "rules-notes.md").read_text(encoding="utf-8")
    runes = notes[notes.index("## Runes of Wyrd"):]
    pages["rules-notes.md"] = _passages(runes.split("\n## ", 1)[0])
    pages["tablekit/runes/README.md"] = _passages(
        (ROOT / "tablekit" / "runes" / "README.md").read_text(encoding="utf-8"))
    return pages


def test_ash_is_she_everywhere() -> None:
    """The rulebook's Ash is "she": no passage about her alone calls her "he"."""
    wrong = [(page, p) for page, passages in _runes_pages().items() for p in passages
             if re.search(r"\bAsh\b", p) and not re.search(r"Mikal-Finnvard|Torstein", p)
             and MALE.search(p)]
    assert not wrong, wrong
    ash = next(p for p in _passages(_markdown("1-learn.ipynb")) if p.startswith("**Ash**"))
    assert re.search(r"\b(she|her)\b", ash)


def test_harmony_and_one_with_nature_are_two_triggers_not_a_choice() -> None:
    """The duel has no choices: Harmony comes from marking all four elements on the Green
    Circle, One with Nature from four Attunements running at once, each on its own."""
    offers = re.compile(r"\b(he|Mikal-Finnvard) (may|can|chooses)\b|Harmony,? or\b|"
                        r"\bor (enter|take|pursue|gain) (Harmony|One with Nature)")
    wrong = [(page, p) for page, passages in _runes_pages().items() for p in passages
             if ("Harmony" in p or "One with Nature" in p) and offers.search(p)]
    assert not wrong, wrong
    mikal = next(p for p in _passages(_markdown("1-learn.ipynb")) if p.startswith("**Mikal"))
    body = mikal.split("): ", 1)[1]  # after the headings it cites
    assert not re.search(r"\bmay\b", body), body
    harmony = next(s for s in re.split(r"(?<=[.;:])\s", body) if "Harmony" in s)
    nature = next(s for s in re.split(r"(?<=[.;:])\s", body) if "One with Nature" in s)
    assert harmony != nature, body
    assert "four elements" in harmony and "Attunements" in nature and "4 turns" in nature


def test_initiative_cost_is_one_statement_everywhere() -> None:
    """Every page that prices Initiative says it the same way, with the engine's figures, and
    the notebook cites the rulebook's heading (*Initiative*)."""
    c = {v: initiative_cost([v]) for v in range(4)}
    assert c[0] == 0 and all(initiative_cost([-v]) == c[v] for v in range(4))
    statement = f"±1 costs {c[1]}, ±2 costs {c[2]}, ±3 costs {c[3]}, and 0 is free"
    found = 0
    for page, passages in _runes_pages().items():
        for p in passages:
            if re.search(r"Initiative[^.;]*\bcost", p):
                found += 1
                assert statement in p, (page, p)
                assert page != "1-learn.ipynb" or "*Initiative*" in p, p
    assert found >= 3  # the two places in the learn notebook and the rule's summary
