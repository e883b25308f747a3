"""Wizards & Co. at the table: hexagonal dungeons drawn in SVG, players' holdings, bots' seats."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.ui.errors import shows_errors
from tablekit.ui.html import card_text_html, readable_card_html, render, zone_html
from tablekit.ui.lesson import LessonTable
from tablekit.ui.table import HINT_ROLLOUTS, GameTable, TableOption
from tablekit.wizards import heuristic
from tablekit.wizards.actions import Pass
from tablekit.wizards.cards import CLOSED, COLOURS, CURSED, STATUE, Creature, components
from tablekit.wizards.lessons import LESSONS
from tablekit.wizards.scoring import score_player
from tablekit.wizards.state import HIDDEN, WizardsState

GEM_FILL = {"red": "#e53e3e", "orange": "#ed8936", "yellow": "#ecc94b", "green": "#38a169",
            "blue": "#3182ce", "purple": "#805ad5", CURSED: "#718096"}
SEAT_COLOURS = ("#c53030", "#2b6cb0", "#2f855a", "#b7791f")
SIZE = 300  # px of one dungeon drawing
STRENGTH_WORDS = {"imps": "strength = the imps in its dungeon",
                  "cursed": "strength = its owner's cursed gems"}
CREATURE = """<div class="tk-card-name">{{ name }}</div><div class="tk-card-text"><b>{{ kind }}</b> · \
{{ strength }}</div>{{ text }}"""


def provisional_scores(state: WizardsState) -> list[int]:
    """Each player's score if the game ended now (no most-cursed penalty, no choices)."""
    return [score_player(state.gem_count(p), state.cursed[p],
                         [components().artefact(a).points for a in state.artefacts[p]],
                         len(state.enchantments[p]), False).total for p in range(state.players)]


def dungeon_svg(view: WizardsState, dungeon: int) -> str:
    """One dungeon as a hexagon: its ring of spaces round the edge, tiles in the middle."""
    found = view.dungeons[dungeon]
    side = found.side
    centre, radius = SIZE / 2, SIZE / 2 - 34
    parts = [f'<svg width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}" '
             f'role="img" aria-label="{escape(side.name)}" style="overflow:visible">',
             f'<polygon points="{_hex_points(centre, centre, SIZE / 2 - 8)}" fill="#f6f1e7" '
             'stroke="#8a7d6b" stroke-width="2"/>']
    for space, shown in enumerate(side.ring):
        angle = -math.pi / 2 + 2 * math.pi * space / len(side.ring)  # statue on top, clockwise
        x, y = centre + radius * math.cos(angle), centre + radius * math.sin(angle)
        parts.append(_space_svg(view, found.slots[space], shown, space, x, y))
    tiles = [components().artefact(a) for a in found.artefacts]
    lines = [side.name, *(f"{t.name} ({t.pile})" for t in tiles)]
    if found.enchantment:
        lines.append(enchantment_label(view, found.enchantment))
    for row, text in enumerate(lines):
        weight = "700" if row == 0 else "400"
        size = 12 if len(text) < 32 else 10
        parts.append(f'<text x="{centre}" y="{centre - 24 + 16 * row}" text-anchor="middle" '
                     f'font-size="{size}" font-weight="{weight}">{escape(text)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def enchantment_label(view: WizardsState, enchantment: str) -> str:
    """The enchantment's name, saying so when the basic game leaves its effect off."""
    name = components().enchantment(enchantment).name
    return name if view.config["enchantment_effects"] else f"{name} (no effect in the basic game)"


def _space_svg(view: WizardsState, slot: Any, shown: str, space: int, x: float, y: float) -> str:
    if shown == STATUE:
        return (f'<polygon points="{_hex_points(x, y, 20)}" fill="#a0aec0" stroke="#4a5568"/>'
                f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="10">statue</text>')
    if shown == CLOSED:
        return (f'<polygon points="{_hex_points(x, y, 20)}" fill="#4a5568" stroke="#2d3748">'
                f"<title>space {space}: a wall (closed space): nobody enters, and it breaks "
                "adjacency</title></polygon>"
                f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="10" fill="#fff">wall</text>')
    out = [f'<polygon points="{_hex_points(x, y, 24)}" fill="{GEM_FILL[shown]}" '
           f'fill-opacity="0.35" stroke="#2d3748"><title>space {space}: {shown}</title></polygon>']
    if slot is None:
        out.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="9">{space}</text>')
        return "".join(out)
    colour = SEAT_COLOURS[slot.owner % len(SEAT_COLOURS)]
    if slot.creature == HIDDEN:
        out.append(f'<rect x="{x - 18}" y="{y - 12}" width="36" height="24" rx="4" fill="{colour}" '
                   'fill-opacity="0.6" stroke="#1a202c" class="wz-back"/>')
        return "".join(out)
    out.append(creature_svg(components().creature(slot.creature), slot.face_up, colour, x, y))
    return "".join(out)


def creature_svg(creature: Creature, face_up: bool, colour: str, x: float, y: float) -> str:
    """A creature at its entrance: its name, shortened to fit, whole while hovered or clicked
    (the shared readable-card CSS of `tablekit.ui.html`); its text in the tooltip."""
    name, short = creature.name, _short(creature.name)
    tooltip = f"{name}{'' if face_up else ' (face down)'}: {creature.text}"
    label = f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="9"{{css}}>{{name}}</text>'
    parts = [f'<g class="tk-readable wz-creature" tabindex="0" data-creature="{escape(creature.id)}">'
             f"<title>{escape(tooltip)}</title>"
             f'<rect x="{x - 22}" y="{y - 12}" width="44" height="24" rx="4" fill="#fff" '
             f'stroke="{colour}" stroke-width="3"/>']
    if short == name:
        parts.append(label.format(css="", name=escape(name)))
    else:
        width = 6 * len(name) + 12
        parts.append(label.format(css=' class="tk-card-brief"', name=escape(short)))
        parts.append(f'<g class="tk-card-full"><rect x="{x - width / 2}" y="{y - 12}" width="{width}" '
                     f'height="24" rx="4" fill="#fff" stroke="{colour}" stroke-width="3"/>'
                     + label.format(css="", name=escape(name)) + "</g>")
    return "".join(parts) + "</g>"


def _short(name: str) -> str:
    words = name.split()
    return name if len(name) <= 9 else " ".join(w[:4] for w in words)[:10]


def _hex_points(x: float, y: float, r: float) -> str:
    return " ".join(f"{x + r * math.cos(math.pi / 3 * k):.1f},{y + r * math.sin(math.pi / 3 * k):.1f}"
                    for k in range(6))


def players_html(view: WizardsState, viewer: int) -> str:
    """Each player's gems, cursed gems, tiles, hand (backs for others) and deck size."""
    rows = []
    for player in range(view.players):
        gems = " ".join(f'<span style="color:{GEM_FILL[c]}">●</span>{n}'
                        for c, n in zip(COLOURS, view.gems[player], strict=True) if n)
        hand = ", ".join(escape(components().creature(c).name) if c != HIDDEN else "▮"
                         for c in view.hands[player])
        tiles = ", ".join(escape(components().artefact(a).name) for a in view.artefacts[player])
        who = "You" if player == viewer else f"Player {player + 1}"
        token = " ⚔" if view.token == player else ""
        rows.append(f'<tr><td style="color:{SEAT_COLOURS[player]}"><b>{who}{token}</b></td>'
                    f"<td>{gems or '—'}</td><td>{view.cursed[player]}</td><td>{tiles or '—'}</td>"
                    f"<td>{len(view.enchantments[player])}</td><td>{hand or '—'}</td>"
                    f"<td>{len(view.decks[player])}</td></tr>")
    head = ("<tr><th></th><th>gems</th><th>cursed</th><th>artefacts</th><th>enchantments</th>"
            "<th>hand</th><th>deck</th></tr>")
    return f'<table class="tk-board">{head}{"".join(rows)}</table>'


def hand_html(view: WizardsState, viewer: int) -> str:
    """Your hand as cards: name, type and strength, text (whole while hovered or clicked)."""
    cards = [creature_card_html(components().creature(c)) for c in view.hands[viewer] if c != HIDDEN]
    return zone_html("Your hand", cards, "tk-hand")


def creature_card_html(creature: Creature) -> str:
    """One creature card, readable in full where it lies."""
    strength = STRENGTH_WORDS.get(str(creature.strength), f"strength {creature.strength}")
    face = render(CREATURE, name=creature.name, kind=creature.type.capitalize(), strength=strength,
                  text=card_text_html(creature.text))
    return readable_card_html(face, creature.text, "wz-card", creature=creature.id)


class WizardsTable(GameTable):
    """Play one seat against heuristic bots; you see only your own view of the table."""

    chart_title = "Points if the game ended now"
    chart_x_title = "action (yours and the bots')"
    table_options = (
        TableOption("players", "Players", (("2", 2), ("3", 3), ("4", 4)), 2,
                    "how many play: you and the bots (rule wizards.setup-boards)"),
        TableOption("advanced", "Advanced game", default=False,
                    tooltip="artefact and enchantment effects on, the partially random deck"))

    def __init__(self, players: int = 2, seat: int | None = 0, seed: int | str = 0,
                 advanced: bool = False, new_match: Callable[[int | str], Match] | None = None,
                 hint_rollouts: int = HINT_ROLLOUTS, match: Match | None = None) -> None:
        self.seat = seat  # None: no bots, you decide for every player (a lesson)
        self._bot_rng = random.Random(0)
        self._maker = new_match or (lambda s: new_game("wizards", seed=s, **self.chosen_options()))
        first = match or (new_match(seed) if new_match else new_game("wizards", seed=seed, players=players,
                                                                     advanced=advanced))
        super().__init__(self._run_bots(first), hint_rollouts)
        self.fix_options(new_match is not None)  # a given way to deal decides the options

    @property
    def viewer(self) -> int:
        """Whose view the board shows: your seat, or the player to move when you play them all."""
        if self.seat is not None:
            return self.seat
        return self.match.to_move if self.match.to_move is not None else 0

    def fresh_match(self, seed: int | str) -> Match:
        """A new match for the New game button, played on to your first decision."""
        return self._run_bots(self._maker(seed))

    def adopt(self, match: Match) -> None:
        """Play on at `match` (a new deal or a loaded file): the bots move until it is your turn."""
        super().adopt(self._run_bots(match))

    def _run_bots(self, match: Match) -> Match:
        """Let the bots decide until it is your turn or the game is over."""
        while self.seat is not None and not match.is_over and match.to_move != self.seat:
            seat = match.to_move
            match.apply(heuristic.choose(match.view(seat), match.legal_actions(), self._bot_rng))
        return match

    @shows_errors()
    def play(self, *actions: Any) -> None:
        """Play your action, then the bots' until you decide again."""
        self.message.value = self.hints.value = ""
        self.match.play(*actions)
        self._run_bots(self.match)
        self.refresh()

    @shows_errors()
    def _undo(self, _: Any = None) -> None:
        """Take back to your previous decision (the bots' moves after it go too)."""
        while self.match.can_undo:
            self.match.undo()
            if self.seat is None or self.match.to_move == self.seat:
                break
        self.message.value = ""
        self.refresh()

    def refresh(self) -> None:
        """Redraw; a way to decline (stop after one creature, no equipment…) is the first button."""
        super().refresh()
        declines = {str(a) for a in self.match.legal_actions() if isinstance(a, Pass)}
        self.actions.children = sorted(self.actions.children,
                                       key=lambda button: button.description not in declines)

    def board_html(self) -> str:
        """The dungeons and the players, as you see them."""
        view = self.match.view(self.viewer)
        drawings = "".join(dungeon_svg(view, d) for d in view.open_dungeons())
        return (f'<div class="tk-board"><div style="display:flex;flex-wrap:wrap">{drawings}</div>'
                f"{players_html(view, self.viewer)}{hand_html(view, self.viewer)}</div>")

    def series(self) -> dict[str, tuple[list[float], list[float]]]:
        """Each player's provisional points after every action."""
        states = self.match.states
        steps = list(range(len(states)))
        scores = [provisional_scores(s) for s in states]
        players = states[-1].players
        return {f"Player {p + 1}": (steps, [row[p] for row in scores]) for p in range(players)}

    def status_text(self) -> str:
        """Whose move, or the result (plain text: the table escapes it)."""
        if self.match.is_over:
            return f"Game over — {self.match.outcome.text}"
        if self.seat is None:
            return f"Player {self.match.to_move + 1} to move (you play every seat here)."
        return "Your move: choose an action."


class WizardsLesson(LessonTable, WizardsTable):
    """A learn-notebook table on a prepared situation; you decide for every player."""

    game = "wizards"
    lessons = LESSONS

    def __init__(self, lesson: str | Mapping[str, Any] | Match, seed: int | str = 0) -> None:
        super().__init__(lesson, seed, seat=None)
