"""Hand-built positions: the rulebook's examples, puzzles and tests start from these."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tablekit.core.game import Events
from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.wonders.cards import default_catalog
from tablekit.wonders.state import Board, CardSpec, Minion, State, compile_card


def scenario(villain: str = "cullin", hand: Sequence[str] = (),
             player_minions: Sequence[str] = (), villain_minions: Sequence[str] = (),
             draw: Sequence[str] = (), discard: Sequence[str] = (),
             exhausted: Sequence[str] = (), player_health: int | None = None,
             villain_health: int | None = None, opening: bool = False,
             seed: int = 0, rng: random.Random | None = None,
             events: Events | None = None) -> State:
    """A state in the player's turn with these cards (ids) in these places.

    `draw` lists the draw pile from the top down; `exhausted` names player minions (by id)
    that are exhausted; every other minion is ready (`WondersScenario` is the checked form).
    The set-up event goes to `events`, or to the state's `setup_events` when none is given.
    """
    catalog = default_catalog()
    entry = catalog.villains[villain]
    table: list[CardSpec] = []
    board = Board()
    board.villain, board.villain_name = entry.id, entry.name
    board.villain_max = entry.health
    board.rules = tuple((rule.op, rule.n) for rule in entry.rules)
    bonus = board.rule("minion-strength")  # as in a dealt game: on every card's Villain half

    def make(card_id: str) -> int:
        card = catalog.cards[card_id]
        table.append(compile_card(len(table), card, False, card.player, card.villain, bonus))
        return len(table) - 1

    board.villain_health = villain_health if villain_health is not None else entry.health
    board.player_max = entry.player_health
    board.player_health = player_health if player_health is not None else entry.player_health
    board.hand = [make(c) for c in hand]
    board.draw = [make(c) for c in reversed(draw)]
    board.discard = [make(c) for c in discard]
    tired = list(exhausted)
    for card_id in player_minions:
        uid = make(card_id)
        is_tired = card_id in tired
        if is_tired:
            tired.remove(card_id)
        board.player_minions.append(Minion(uid, table[uid].name, table[uid].player, is_tired))
    for card_id in villain_minions:
        uid = make(card_id)
        board.villain_minions.append(Minion(uid, table[uid].name, table[uid].villain, False))
    state = State(tuple(table), rng or random.Random(seed))
    told = events if events is not None else Events(state.setup_events)
    told.add("wonders.villain-select", "A set position: you face {v} ({vh} health, you {ph})",
             v=entry.name, vh=board.villain_health, ph=board.player_health)
    state.boards = [board]
    state.phase, state.player, state.opening = "play", 0, opening
    state.round = 1 if opening else 2
    return state


def scenario_match(seed: int = 0, **layout: object) -> Match:
    """A Match that starts from `scenario(**layout)`: undo, log, save and load all work."""
    return new_game("wonders", seed=seed, scenario=layout)


def uid_of(state: State, name: str, where: str = "any", nth: int = 0) -> int:
    """The uid of the `nth` card with this name (or id) in a place of board 0."""
    board = state.boards[0]
    places = {"hand": board.hand, "draw": board.draw, "discard": board.discard,
              "player": [m.uid for m in board.player_minions],
              "villain": [m.uid for m in board.villain_minions]}
    pool = places[where] if where != "any" else [u for p in places.values() for u in p]
    found = [u for u in pool if name in (state.table[u].name, state.table[u].id)]
    return found[nth]
