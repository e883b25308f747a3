"""The learn page never contradicts its own tables: every set table keeps the rules the page
teaches (Monsters rolled by the band rule, Boss HP scaled by the wizards, 48 combat cards each,
full hands in a fight's first round), and the page explains every word its tables use
(issue 37, section 6, DeckNForge)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from markupsafe import escape

from tablekit.forge.band import labelled_stats, monster_stats
from tablekit.forge.cards import DECK_SIZE
from tablekit.forge.lessons import LESSONS, label_table, lesson
from tablekit.forge.rules import START_HP, player_count
from tablekit.forge.ui import ForgeLesson, board_html

ROOT = Path(__file__).resolve().parents[2]
COMBAT_CARDS = DECK_SIZE  # 54 less the four Aces and two Jokers, the Monsters


def _markdown() -> str:
    notebook = json.loads((ROOT / "notebooks" / "forge" / "1-learn.ipynb").read_text(encoding="utf-8"))
    return " ".join(" ".join("".join(c["source"]).split()) for c in notebook["cells"]
                    if c["cell_type"] == "markdown")


@pytest.mark.parametrize("name", list(LESSONS))
def test_every_monster_on_a_set_table_keeps_the_band_rule(name: str) -> None:
    state = lesson(name).state
    for monster in state.monsters:
        rolled = monster_stats([int(item[:-1]) for item in monster.items])  # "8♦" is 8
        assert (monster.hp, monster.atk) == (rolled.hp, rolled.atk), (name, str(monster))
        assert rolled.legend <= monster.legend  # a Legend may also be starred by choice


@pytest.mark.parametrize("name", list(LESSONS))
def test_the_boss_on_a_set_table_is_its_monster_scaled(name: str) -> None:
    """HP: written HP × wizards (less the damage of earlier rounds); ATK: its own, plus 1 for each
    earlier round that found the Minion Pool empty."""
    state = lesson(name).state
    stats = labelled_stats(state.monsters[state.boss], state.game.pool)
    full = stats["hp"] * state.wizards
    refills = state.round - 1
    assert 1 <= state.boss_hp <= full and (state.round > 1 or state.boss_hp == full), name
    if state.minion_pool:
        assert len(state.minions) == refills, name  # each refill so far summoned a Minion
    assert len(state.minions) <= refills
    assert state.boss_atk == stats["atk"] + refills - len(state.minions), name
    # the Bosses already killed: 1 band Glory each for every band, 1 personal Glory to a killer
    assert state.band_glory == [state.boss_no] * state.wizards and sum(state.glory) == state.boss_no


@pytest.mark.parametrize("name", list(LESSONS))
def test_every_wizard_holds_all_48_combat_cards(name: str) -> None:
    state = lesson(name).state
    for w in range(state.wizards):
        on_table = int(state.plots[w] >= 0)
        held = len(state.hands[w]) + len(state.decks[w]) + len(state.committed[w]) + on_table
        assert held == COMBAT_CARDS, (name, w, held)
        if state.round == 1 and state.boss_no == 0:  # nothing played yet in this dungeon
            assert len(state.hands[w]) == player_count(state.wizards).hand, (name, w)
            assert state.hp[w] == START_HP and not state.committed[w], (name, w)


@pytest.mark.parametrize("name", list(LESSONS))
def test_the_board_counts_every_card(name: str) -> None:
    """A hidden plot is not counted in its wizard's deck: hand, deck, committed and table add up."""
    table = ForgeLesson(name, seat=0)
    view = table.match.view(0)
    for w in range(view.wizards):
        text = re.sub(r"<[^>]+>", " ", board_html(view, 0))
        line = re.search(rf"Wizard {w + 1}\b[^—]*— (.*?)(?:Wizard {w + 2}\b|$)", text, flags=re.S)
        deck = int(re.search(r"deck (\d+)", line.group(1)).group(1))
        committed = int(re.search(r"(\d+) committed", line.group(1)).group(1))
        hand = len(view.hands[w])
        on_table = "no card on the table" not in line.group(1)
        assert hand + deck + committed + on_table == COMBAT_CARDS, (name, w, line.group(1))


def test_the_kill_lesson_counts_a_face_down_card_once() -> None:
    table = ForgeLesson("killing-blow", seat=1)  # Wizard 1 (a bot) has plotted face down
    view = table.match.view(1)
    deck = len(table.match.state.decks[0])
    assert view.deck_size(0) == deck and len(view.decks[0]) == deck + 1  # pooled, not counted
    assert f"deck {deck}," in table.board.value.split("Wizard 2")[0]


def test_a_second_dungeon_says_so_in_its_log() -> None:
    """The labels lesson offers a label: its log never reads like a band's first dungeon."""
    match = lesson("labels")
    assert match.state.phase == "label"
    texts = [event.text for event in match.log]
    assert not any("coppers spent" in t for t in texts)
    assert sum("dungeon 2" in t for t in texts if "plays" in t) == match.state.wizards


def test_the_label_table_names_every_label_with_its_tier_and_effect() -> None:
    match = lesson("labels")
    pool = match.state.game.pool
    rows = label_table()
    assert [r["label"] for r in rows] == [lab.name for lab in pool.labels]
    for row, label in zip(rows, pool.labels, strict=True):
        assert row["tier"] == label.tier.capitalize() and row["what it does"] == label.text
        assert row["button"] == f"Label {label.id} (draw) / (heal)"
    board = ForgeLesson("labels", seat=0).board.value
    assert all(str(escape(lab.name)) in board and str(escape(lab.text)) in board for lab in pool.labels)


@pytest.mark.parametrize("word", [r"\bshield\b.{0,200}\b(lowers|less|reduces)\b", r"Blessed",
                                  r"heirloom", r"band Glory", r"personal Glory", r"\bEasy\b",
                                  r"\bMedium\b", r"\bHard\b", r"committed"])
def test_the_page_explains_the_words_its_tables_use(word: str) -> None:
    text = _markdown()
    assert re.search(word, text, flags=re.I), word
    if word in ("Blessed", "heirloom"):  # explained: a sentence naming it says what it is
        sentences = [s for s in re.split(r"(?<=[.:])\s", text) if re.search(word, s)]
        assert any(re.search(r"\binscription", s) and re.search(r"\b(is|called|means)\b|—", s)
                   for s in sentences), word
