"""Deck of Wonders as HTML: health trackers, piles, minion rows, the hand, Battle Lines layouts."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from tablekit.ui.html import card_text_html, counters_html, readable_card_html, render, zone_html
from tablekit.wonders.battle import BattleLayout, BattleReport
from tablekit.wonders.state import Board, CardSpec, Minion, State
from tablekit.wonders.text import card_lines, half_text

RULE_WORDS = {"start-damage": "you take {n} damage as each Villain turn starts",
              "start-heal": "the Villain heals {n} as its turns start",
              "minion-strength": "Villain minions have +{n} strength",
              "opening-draws": "the Villain's opening turn has {n} draws"}

FALLEN = -1e8  # a layout scored below this leaves the player fallen
BOARD = '<div class="tk-board tk-wonders-board">{% for part in parts %}{{ part }}{% endfor %}</div>'
RULES_AREA = '<div class="tk-rules-area"><b>Rules area</b>: {{ words }}.</div>'
HEALTH = """<div class="tk-health">{% for css, who, health, most in trackers %}\
<div class="tk-tracker {{ css }}" data-health="{{ health }}"><b>{{ who }}</b> ♥ \
<b class="tk-value">{{ [health, 0]|max }}</b> / {{ most }}<div class="tk-bar">\
<div style="width:{{ "%.0f" % (100 * ([health, 0]|max) / ([most, 1]|max)) }}%"></div></div></div>\
{% endfor %}</div>"""
MINION = """{% if side == "player" %}<span class="tk-prio" title="Priority">P{{ m.priority }}</span>\
{% endif %}<div class="tk-card-name">{{ m.name }}</div><div class="tk-stats">\
<span class="tk-str" title="strength">⚔{{ m.strength }}</span> \
<span class="tk-hp" title="health left">♥{{ left }}/{{ m.health }}</span></div><div>\
{% for css, word in marks %}<span class="tk-mark {{ css }}">{{ word }}</span>{% endfor %}\
{% if m.damage %}<span class="tk-mark tk-damage">{{ m.damage }} damage</span>{% endif %}</div>\
{{ text }}<div class="tk-state">{{ "exhausted" if m.exhausted else "ready" }}</div>"""
HAND_CARD = """<div class="tk-card-name">{{ name }}</div><div class="tk-card-text"><b>{{ numbers }}</b></div>\
{{ text }}"""
LINEUP = """<div class="tk-lineup"><b>Battle Lines</b> — Villain line so far: {{ villains }}; \
your line so far: {{ players }}. Place minions one by one with the blue buttons, or apply a layout \
the advisor ranked.</div>"""
LAYOUTS = """<div><b>{{ caption }}</b> (best first)</div><table class="tk-layouts"><tr><th></th>\
<th>Villain line (attacks left to right)</th><th>your line</th><th>damage to you</th>\
<th>destroyed</th><th>score</th></tr>{% for villains, players, damage, fallen, score in rows %}\
<tr{% if loop.first and score is not none %} class="tk-best"{% endif %}><td>#{{ loop.index }}</td>\
<td>{{ villains }}</td><td>{{ players }}</td><td>{{ damage }}</td><td>{{ fallen }}</td>\
<td>{{ score if score is not none else "you would fall" }}</td></tr>{% endfor %}</table>\
<div class="tk-score-note">Score: the value of the Villain minions destroyed, minus the value of \
yours lost, minus the damage to you; a minion's value is its strength plus its health. A layout \
that would defeat you ranks last.</div>"""

WONDERS_STYLE = """
<style>
.tk-wonders-board .tk-card { width: 128px; }
.tk-health { display: flex; gap: 18px; margin: 2px 0 6px; }
.tk-tracker { flex: 1; font-size: 13px; }
.tk-bar { height: 12px; border-radius: 6px; background: #e2e8f0; overflow: hidden; margin-top: 2px; }
.tk-bar > div { height: 100%; }
.tk-tracker.tk-villain-hp .tk-bar > div { background: #c53030; }
.tk-tracker.tk-player-hp .tk-bar > div { background: #2f855a; }
.tk-minion .tk-stats { font-size: 15px; font-weight: 700; margin-top: 2px; }
.tk-minion .tk-str { color: #9c4221; } .tk-minion .tk-hp { color: #2f855a; }
.tk-prio { float: right; margin: 0 0 2px 4px; font-size: 10px; font-weight: 700; background: #2b6cb0;
  color: #fff; border-radius: 8px; padding: 0 5px; }  /* floats: the name wraps beside it, never under it */
.tk-card.tk-exhausted { transform: rotate(-4deg); opacity: .62; border-style: dashed; }
.tk-card.tk-ready { box-shadow: 0 0 0 2px #68d391; }
.tk-state { font-size: 10px; text-transform: uppercase; letter-spacing: .04em; color: #555; }
.tk-villain-row .tk-card { border-color: #9b2c2c; background: #fff5f5; }
.tk-player-row .tk-card { border-color: #2b6cb0; background: #f0f7ff; }
.tk-hand .tk-card { background: #fffdf5; }
.tk-mark.tk-shield { background: #2b6cb0; } .tk-mark.tk-taunt { background: #744210; }
.tk-mark.tk-poison { background: #276749; } .tk-mark.tk-damage { background: #c53030; }
.tk-layouts { border-collapse: collapse; font-size: 12px; margin: 4px 0; }
.tk-layouts td, .tk-layouts th { padding: 2px 8px; border-bottom: 1px solid #e2e8f0; text-align: left; }
.tk-layouts tr.tk-best td { background: #f0fff4; font-weight: 600; }
.tk-score-note { font-size: 11px; color: #555; margin-bottom: 4px; }
.tk-rules-area { font-size: 12px; color: #744210; background: #fffaf0; border-radius: 6px; padding: 3px 8px;
  margin-bottom: 4px; }
.tk-lineup { background: #ebf8ff; border-radius: 8px; padding: 6px 8px; margin: 4px 0; font-size: 13px; }
</style>
"""


def board_html(state: State, index: int = 0) -> str:
    """One player's whole table as HTML."""
    board = state.boards[index]
    counters = counters_html({"Round": state.round, "Draw pile": len(board.draw),
                              "Discard pile": len(board.discard), "Hand": len(board.hand),
                              "Phase": state.phase})
    villain_row = zone_html(f"{board.villain_name}'s minions",
                            (minion_html(m, "villain", state.table[m.uid])
                             for m in board.villain_minions), "tk-villain-row")
    player_row = zone_html("Your minions (left = highest Priority)",
                           (minion_html(m, "player", state.table[m.uid])
                            for m in _by_priority(board)), "tk-player-row")
    hand = zone_html("Your hand", (hand_card_html(state, u) for u in board.hand), "tk-hand")
    parts = [health_html(board), rules_area_html(board), counters, villain_row, player_row, hand]
    return WONDERS_STYLE + render(BOARD, parts=[Markup(p) for p in parts])


def rules_area_html(board: Board) -> str:
    """The Villain's special rules in force (its card and any Legacy rules cards), in words."""
    words = [RULE_WORDS.get(op, op + " {n}").format(n=n) for op, n in board.rules]
    return render(RULES_AREA, words="; ".join(words)) if words else ""


def health_html(board: Board) -> str:
    """Both health trackers as bars."""
    return render(HEALTH, trackers=[
        ("tk-villain-hp", board.villain_name, board.villain_health, board.villain_max),
        ("tk-player-hp", "You", board.player_health, board.player_max)])


def minion_html(minion: Minion, side: str, card: CardSpec) -> str:
    """A minion: name, strength/health, damage, Shield/Taunt/Poison, ready or exhausted; hovered
    or clicked, its whole card (both halves, `side`'s first)."""
    marks = [(css, word) for css, word, on in (("tk-shield", "Shield", minion.shield),
                                                ("tk-taunt", "Taunt", minion.taunt),
                                                ("tk-poison", "Poison", minion.poison)) if on]
    lines = card_lines(card, side)
    face = render(MINION, m=minion, side=side, marks=marks, left=max(minion.health - minion.damage, 0),
                  text=card_text_html(lines, brief=""))
    css = f"tk-minion {'tk-exhausted' if minion.exhausted else 'tk-ready'}"
    return readable_card_html(face, "\n".join(lines), css, uid=minion.uid, side=side)


def hand_card_html(state: State, uid: int) -> str:
    """A card in hand: name, numbers and the Player half's text; hovered or clicked, both halves."""
    card = state.table[uid]
    half = card.player
    numbers = (f"⚔{half.strength} ♥{half.health} · P{half.priority}" if half.is_minion
               else "spell")
    lines = card_lines(card, "player")
    face = render(HAND_CARD, name=card.name, numbers=numbers,
                  text=card_text_html(lines, brief=" · ".join(half_text(half, "player"))))
    return readable_card_html(face, "\n".join(lines), "tk-hand-card", uid=uid)


def layouts_html(state: State, layouts: Sequence[BattleLayout]) -> str:
    """The Battle Lines so far and the advisor's best layouts, as a ranked table."""
    lineup = state.lineup
    placed = ""
    if lineup is not None:
        placed = render(LINEUP, villains=", ".join(state.name(u) for u in lineup.villain_order) or "—",
                        players=", ".join(state.name(u) for u in lineup.player_order) or "—")
    return placed + layout_table_html(layouts)


def layout_table_html(layouts: Sequence[BattleLayout], caption: str = "Advisor's ranking") -> str:
    """Ranked layouts: both lines, damage to you, minions destroyed, score."""
    if not layouts:
        return ""
    rows = [(", ".join(lay.villain_order), ", ".join(lay.player_order), lay.report.player_damage,
             report_fallen(lay.report), f"{lay.score:g}" if lay.score > FALLEN else None)
            for lay in layouts]
    return render(LAYOUTS, caption=caption, rows=rows)


def report_fallen(report: BattleReport) -> str:
    """The destroyed minions of a report, in the order they fell."""
    return ", ".join(report.destroyed) or "none"


def _by_priority(board: Board) -> list[Minion]:
    return sorted(board.player_minions, key=lambda m: (-int(m.taunt), -m.priority))
