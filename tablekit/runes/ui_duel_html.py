"""HTML of the duel viewer: both heroes' boards as they were after a turn, and the turn line.

Every name comes from a card or hero file, so everything is rendered through Jinja2 with
autoescape (`tablekit.ui.html.render`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablekit.runes.cards import HERO_NAMES, Card
from tablekit.runes.temperature import level_name
from tablekit.ui.html import STYLE, render

RESOURCE_NAMES = {"skorta": "Raven Sight", "mikal-finnvard": "Attunements (+4 in Harmony)",
                  "ash": "Perform", "torstein": "Interventions, or Essence when Ethereal"}

BOARD = """<div class="tk-board tk-duel-board" data-turn="{{ turn }}">\
<div class="tk-duel-event">Active Event: <b>{{ event or "none" }}</b></div>\
<div style="display:flex;gap:12px">{% for h in heroes %}\
<div class="tk-zone tk-duel-hero" data-player="{{ loop.index0 }}" style="flex:1">\
<div class="tk-zone-title">Player {{ loop.index }}: {{ h.name }}{% if h.acting %} — acts next\
{% endif %}{% if h.defeated %} — defeated{% endif %}</div>\
<div class="tk-counters">\
<span>Health <b class="tk-health">{{ h.health }}</b>/{{ h.max_health }}</span>\
<span>Shield <b class="tk-shield">{{ h.shield }}</b></span>\
<span>Temperature <b class="tk-temperature" data-value="{{ h.temperature }}">{{ h.level }}</b>\
</span><span>Fatigue <b>{{ h.fatigue }}</b></span></div>\
<div>Deck: <b class="tk-next-card">{{ h.played }}</b> of {{ h.size }} cards revealed; \
discard pile {{ h.discard }}</div>\
<div>Statuses: {% for s in h.statuses %}<span class="tk-rule tk-duel-status">{{ s }}</span>\
{% else %}none{% endfor %}</div>\
<div>Equipment: {{ h.equipment|join(", ") or "none" }}</div>\
<div>Triggers waiting: {{ h.triggers|join(", ") or "none" }}</div>\
<div class="tk-duel-mechanic">{{ h.mechanic }}</div></div>{% endfor %}</div></div>"""

TURN = """<div class="tk-status tk-duel-turn" data-turn="{{ turn }}" data-turns="{{ turns }}">\
{{ text }}</div>"""


def status_text(name: str, amount: int, turns: int | None) -> str:
    """A status as the pages write it: its amount and how long it lasts, never bare ("Burning 1
    (permanent)", "Frozen 1 (3 turns)"), as a bare amount would read as a duration."""
    return f"{name} {amount} " + ("(permanent)" if turns is None else
                                  f"({turns} turn{'' if turns == 1 else 's'})")


def board_html(board: Mapping[str, Any], cards: Mapping[str, Card], deck_sizes: tuple[int, int]
               ) -> str:
    """Both heroes after a turn (a `duel.board` dict): numbers, statuses, zones, mechanics."""
    def name(card_id: str) -> str:
        return cards[card_id].name if card_id in cards else card_id

    heroes = []
    for index, hero in enumerate(board["heroes"]):
        statuses = [status_text(s, amount, turns) for s, (amount, turns) in hero["statuses"].items()]
        heroes.append({
            "name": HERO_NAMES.get(hero["hero"], hero["hero"]), "health": hero["health"],
            "max_health": hero["max_health"], "shield": hero["shield"],
            "temperature": hero["temperature"], "level": level_name(hero["temperature"]),
            "fatigue": hero["fatigue"], "played": hero["next_card"], "size": deck_sizes[index],
            "discard": len(hero["discard"]), "statuses": statuses,
            "equipment": [name(c) for c in hero["equipment"]],
            "triggers": [name(c) for c in hero["triggers"]],
            "mechanic": mechanic_text(hero),
            "acting": not board["over"] and board["active"] == index,
            "defeated": hero["defeated"]})
    event = name(board["event"]) if board["event"] else None
    return STYLE + render(BOARD, turn=board["turn"], event=event, heroes=heroes)


def mechanic_text(hero: Mapping[str, Any]) -> str:
    """The Hero's own mechanic in one line (plain text)."""
    kind = hero["hero"]
    if kind == "skorta":
        return "Raven Sight: " + ("on" if hero["raven_sight"] else "off")
    if kind == "mikal-finnvard":
        attuned = ", ".join(f"{e} ({t})" for e, t in hero["attunements"].items()) or "none"
        circle = ", ".join(hero["circle"]) or "empty"
        nature = hero["nature"]
        return (f"Attunements: {attuned}; Green Circle: {circle}; Harmony: "
                f"{'yes' if hero['harmony'] else 'no'}"
                + (f"; One with Nature ({nature[1]}, {nature[0]} turns)" if nature[0] else ""))
    if kind == "ash":
        memory = ", ".join(hero["memory"]) or "none"
        return (f"Perform {hero['perform']}; instrument: {hero['instrument'] or 'none'}; "
                f"Performance turns left: {hero['performance_turns']}; Memory: {memory}")
    essence, top = hero["essence"]
    oath = hero["oath"] or "none"
    if hero["ethereal"]:
        return (f"Ethereal Form: Essence {essence}/{top}, {hero['ethereal_turns']} turn(s) "
                f"counted; Oath: {oath}")
    return f"Eir's Interventions left: {hero['interventions']}; Oath: {oath}"


def turn_html(turn: int, turns: int, text: str) -> str:
    """The line above the board: which turn is shown and what it was."""
    return STYLE + render(TURN, turn=turn, turns=turns, text=text)
