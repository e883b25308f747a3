"""Deck of Wonders as a tablekit game: `GAME` implements the engine contract."""

from __future__ import annotations

import random
from functools import cached_property
from itertools import combinations
from typing import Any

from tablekit.core.game import Events, Game, Outcome
from tablekit.core.rulebook import RuleBook, load_rulebook
from tablekit.wonders import rules as R
from tablekit.wonders.actions import (
    ACTION_TYPES,
    END_TURN,
    KEEP,
    MULLIGAN,
    Attack,
    Choose,
    EndTurn,
    Keep,
    Mulligan,
    PassCard,
    Place,
    PlayCard,
)
from tablekit.wonders.advisor import advised_place
from tablekit.wonders.cards import DATA
from tablekit.wonders.config import WondersConfig
from tablekit.wonders.explain import illegal_reason, legal_reason
from tablekit.wonders.heuristic import choose
from tablekit.wonders.scenario import scenario
from tablekit.wonders.setup import initial_state
from tablekit.wonders.state import NONE, VILLAIN, Minion, State, same_card


class WondersGame(Game):
    """The rules of Deck of Wonders (solo, or co-op for two with `coop_villain`)."""

    name = "wonders"
    title = "Deck of Wonders"
    version = 1
    config_model = WondersConfig
    variants = {"default": {}, "coop": {"coop_villain": "morwen"},
                "random-deck": {"villain": "grak", "deck": "random", "max_rounds": 30},
                "example-b": {"scenario": {  # the rulebook's Example B, played on
                    "villain_minions": ["forest-troll", "pixie-mesmerist"],
                    "player_minions": ["treant-shepherd", "pixie-cavalry"],
                    "hand": ["earth-shield", "hungry-wolf", "baited-trap"],
                    "draw": ["stag-charger", "gnomish-servant", "poison-toad"]}}}
    action_types = ACTION_TYPES

    @cached_property
    def rulebook(self) -> RuleBook:
        """The rule book (core rules first)."""
        return load_rulebook("wonders", DATA / "rules.toml")

    # -- set-up ----------------------------------------------------------------------------
    def _initial_state(self, config: WondersConfig, rng: random.Random, events: Events) -> State:
        """Deal a new game."""
        return initial_state(config, rng, events)

    def _scenario_state(self, config: WondersConfig, rng: random.Random, events: Events) -> State:
        """The set position `config.scenario` describes."""
        state = scenario(**dict(config.scenario), rng=rng, events=events)
        state.max_rounds = config.max_rounds
        return state

    # -- whose turn, what is legal ------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The player deciding next (the owner of a pending choice), None when over."""
        if state.result is not None:
            return None
        if state.pending is not None:
            return state.pending[0]
        if state.lineup is not None:
            return state.lineup.board
        return state.player

    def _legal_actions(self, state: State) -> list[Any]:
        """Every action the player to move may take."""
        if state.result is not None:
            return []
        if state.pending is not None:
            return [_new(Choose, (o, _target_name(state, o))) for o in state.pending[2]]
        if state.lineup is not None:
            _, uids = R.lineup_choices(state.lineup) or ("", [])
            return [_new(Place, (u, state.table[u].name)) for u in uids]
        if state.phase == "mulligan":
            return [KEEP, MULLIGAN]
        if state.phase == "pass":
            hand = state.boards[state.player].hand
            return [PassCard(NONE)] + [PassCard(u, state.table[u].name) for u in hand]
        return self._play_actions(state)

    def _play_actions(self, state: State) -> list[Any]:
        board = state.boards[state.player]
        table = state.table
        actions: list[Any] = [END_TURN]
        seen: dict[str, Any] = {}
        variants: dict[str, list[Any]] = {}
        mixed: set[str] = set()
        hand = board.hand
        held = len(hand)
        for uid in hand:
            card = table[uid]
            first = seen.get(card.id)
            if first is None:
                seen[card.id] = card
            elif (first.player is card.player and first.villain is card.villain) \
                    or same_card(first, card):
                continue  # an identical copy is already offered
            else:  # an upgraded copy differs: it is a choice of its own
                others = variants.setdefault(card.id, [])
                if any(same_card(other, card) for other in others):
                    continue
                others.append(card)
                mixed.add(card.id)
            half = card.player
            cost = half.discard_cost
            if cost >= held:
                continue
            if half.choice is None and not cost:
                actions.append(_new(PlayCard, (uid, NONE, (), card.name)))
                continue
            targets = _play_targets(state, uid)
            payments = _payments(state, [u for u in hand if u != uid], cost) if cost else [()]
            for paid in payments:
                for target in targets:
                    actions.append(_new(PlayCard, (uid, target, paid,
                                                   _play_label(state, uid, target, paid))))
        if mixed:  # name the upgraded copy when a plain copy is in hand too
            actions = [a._replace(label=a.label + " (upgraded copy)")
                       if type(a) is PlayCard and table[a.card].id in mixed
                       and table[a.card].upgradeable else a
                       for a in actions]
        taunts = [m for m in board.villain_minions if m.taunt]
        marks = taunts or board.villain_minions
        for minion in board.player_minions:
            if minion.exhausted:
                continue
            name = minion.name
            for foe in marks:
                actions.append(_new(Attack, (minion.uid, foe.uid, name + " → " + foe.name)))
            if not taunts:
                actions.append(_new(Attack, (minion.uid, VILLAIN, name + " → the Villain")))
        return actions

    # -- applying --------------------------------------------------------------------------
    def _apply_unchecked(self, state: State, action: Any, events: Events) -> None:
        """Apply a legal action and resolve everything up to the next decision."""
        kind = type(action)
        if kind is Choose:
            state.work[-1][6] = action.option
            state.pending = None
        elif kind is Place:
            R.place(state, action.minion, events)
        elif kind is PlayCard:
            _play(state, action, events)
        elif kind is Attack:
            _attack(state, action, events)
        elif kind is EndTurn:
            R.end_player_turn(state, state.player, events)
        elif kind is Keep or kind is Mulligan:
            _opening(state, kind is Mulligan, events)
        elif kind is PassCard:
            _pass(state, action, events)
        R.run(state, events)

    def is_over(self, state: State) -> bool:
        """True once someone has won."""
        return state.result is not None

    def outcome(self, state: State) -> Outcome | None:
        """Win (score 1 for every player) or loss (0)."""
        if state.result is None:
            return None
        n = len(state.boards)
        won = state.result == "win"
        return Outcome(tuple(1.0 if won else 0.0 for _ in range(n)),
                       tuple(range(n)) if won else (), state.result_text)

    def returns(self, state: State) -> tuple[float, ...]:
        """1 for a win, 0 otherwise, per player."""
        outcome = self.outcome(state)
        return outcome.scores if outcome else tuple(0.0 for _ in state.boards)

    # -- copies and hidden information ----------------------------------------------------
    def clone(self, state: State) -> State:
        """An independent copy."""
        return state.clone()

    def view(self, state: State, player: int) -> State:
        """What `player` sees: draw piles in a fixed order, the partner's hand pooled."""
        seen = state.clone()
        for index, board in enumerate(seen.boards):
            if index != player and seen.coop:
                pool = sorted(board.hand + board.draw)
                board.hand, board.draw = pool[:len(board.hand)], pool[len(board.hand):]
            else:
                board.draw.sort()
        seen.rng, seen.rng_shared = random.Random(0), False
        seen.viewer, seen.legal = player, None  # the partner's offered plays name their hand
        seen.passed = [u if giver == player else NONE for giver, u in enumerate(seen.passed)]
        return seen

    def determinize(self, view: State, rng: random.Random) -> State:
        """A full state matching a view: hidden cards dealt at random."""
        state = view.clone()
        for board in state.boards:
            rng.shuffle(board.draw)
        if state.coop:
            for index, board in enumerate(state.boards):
                if index != view.viewer:
                    pool = board.hand + board.draw
                    rng.shuffle(pool)
                    board.hand, board.draw = pool[:len(board.hand)], pool[len(board.hand):]
        state.rng, state.rng_shared = random.Random(rng.getrandbits(64)), False
        return state

    def snapshot(self, state: State) -> dict[str, Any]:
        """The whole state as JSON data."""
        return state.to_json()

    # -- explanations ---------------------------------------------------------------------
    def illegal_reason(self, state: State, action: Any) -> tuple[str, str]:
        """The rule an action breaks now, and why."""
        return illegal_reason(self, state, action)

    def legal_reason(self, state: State, action: Any) -> tuple[str, str]:
        """The rule that allows an action."""
        return legal_reason(state, action)

    def exact_advice(self, view: State, legal: list[Any]) -> tuple[Any, str] | None:
        """While Battle Lines are set, the Battle Lines advisor's next place (see `advised_place`)."""
        return advised_place(view, legal)

    def heuristic_action(self, view: State, legal: list[Any], rng: random.Random) -> Any:
        """A rule-of-thumb choice (see `tablekit.wonders.heuristic`)."""
        return choose(view, legal, rng)


# -- helpers -------------------------------------------------------------------------------

_new = tuple.__new__  # builds an action from all its fields, skipping the NamedTuple's __new__


def _target_name(state: State, target: int) -> str:
    if target == NONE:
        return "nothing"
    if target == VILLAIN:
        side = state.work[-1][2] if state.work else "P"
        return "the Villain" if side == "P" else "yourself (the Player)"
    return state.table[target].name


def _play_targets(state: State, uid: int) -> list[int]:
    half = state.table[uid].player
    if half.choice is None:
        return [NONE]
    part = "play" if half.is_minion else "text"
    for bullet in half.bullets(part):
        for effect in bullet:
            if effect[2] == half.choice:
                return R.choice_options(state, state.player, "P", uid, effect) or [NONE]
    return [NONE]


def _payments(state: State, others: list[int], cost: int) -> list[tuple[int, ...]]:
    kinds = _copy_kinds(state, others)
    found: dict[tuple[str, ...], tuple[int, ...]] = {}
    for paid in combinations(sorted(others), cost):
        key = tuple(sorted(kinds[u] for u in paid))
        found.setdefault(key, paid)
    return list(found.values())


def _copy_kinds(state: State, uids: list[int]) -> dict[int, str]:
    """Each card as its id, with "#n" added for an n-th distinct version (an upgraded copy)."""
    table = state.table
    versions: dict[str, list[Any]] = {}
    kinds: dict[int, str] = {}
    for uid in uids:
        card = table[uid]
        known = versions.get(card.id)
        if known is None:
            versions[card.id] = [card]
            kinds[uid] = card.id
            continue
        for number, twin in enumerate(known):  # noqa: B007 (the break keeps it)
            if (twin.player is card.player and twin.villain is card.villain) \
                    or same_card(twin, card):
                break
        else:
            number = len(known)
            known.append(card)
        kinds[uid] = card.id if number == 0 else f"{card.id}#{number}"
    return kinds


def _play_label(state: State, uid: int, target: int, paid: tuple[int, ...]) -> str:
    text = state.table[uid].name
    if target != NONE:
        text += " on " + ("the Villain" if target == VILLAIN else state.table[target].name)
    if paid:
        text += ", discarding " + ", ".join(state.table[u].name for u in paid)
    return text


def _opening(state: State, mulligan: bool, events: Events) -> None:
    board = state.boards[state.player]
    if mulligan:
        board.discard.extend(board.hand)
        board.hand = []
        events.add("wonders.mulligan", "Mulligan: the four cards are discarded")
        R.draw_to_hand(state, state.player, 4, events, "wonders.mulligan")
    else:
        events.add("wonders.mulligan", "You keep your opening hand")
    if state.player + 1 < len(state.boards):
        state.player += 1
    else:
        state.phase, state.player = "play", 0


def _pass(state: State, action: PassCard, events: Events) -> None:
    state.passed.append(action.card)
    if state.player + 1 < len(state.boards):
        state.player += 1
        return
    for giver, uid in enumerate(state.passed):
        if uid >= 0:
            state.boards[giver].hand.remove(uid)
            state.boards[1 - giver].hand.append(uid)
            events.add("wonders.coop-pass", "Player {p} passes {card} to their partner",
                       p=giver + 1, card=state.table[uid].name)
    state.passed = []
    R.begin_player_turns(state, events)


def _play(state: State, action: PlayCard, events: Events) -> None:
    index = state.player
    board = state.boards[index]
    card = state.table[action.card]
    half = card.player
    board.hand.remove(action.card)
    for uid in action.discards:
        board.hand.remove(uid)
        board.limbo.append(uid)
    if action.discards:
        events.add("wonders.cost", "To play {card} you discard {paid}", card=card.name,
                   paid=", ".join(state.table[u].name for u in action.discards))
    if half.is_minion:
        board.player_minions.append(Minion(action.card, card.name, half, exhausted=True))
        events.add("wonders.play-minion", "You play {card} ({s}/{h}, Priority {p}); it enters "
                   "exhausted", card=card.name, s=half.strength, h=half.health, p=half.priority)
        if action.discards:
            state.work.append(["finish", index, tuple(action.discards)])
        if half.play:
            state.work.append(["bullets", index, "P", action.card, "play", 0, action.target])
    else:
        board.limbo.append(action.card)
        events.add("wonders.play-spell", "You cast {card}", card=card.name)
        state.work.append(["finish", index, (action.card, *action.discards)])
        state.work.append(["bullets", index, "P", action.card, "text", 0, action.target])


def _attack(state: State, action: Attack, events: Events) -> None:
    index = state.player
    board = state.boards[index]
    attacker = next(m for m in board.player_minions if m.uid == action.attacker)
    attacker.exhausted = True
    if action.target == VILLAIN:
        events.add("wonders.attack", "{m} attacks the Villain", m=attacker.name)
        R.damage_hero(state, index, "V", attacker.strength, events, "wonders.attack")
        return
    target = next(m for m in board.villain_minions if m.uid == action.target)
    events.add("wonders.attack", "{m} attacks {t} for {s}", m=attacker.name, t=target.name,
               s=attacker.strength)
    target_falls = R.hurt(state, index, target, attacker.strength, attacker.poison, events)
    events.add("wonders.damage-back", "{t} strikes back at {m} for {s}", t=target.name,
               m=attacker.name, s=target.strength)
    attacker_falls = R.hurt(state, index, attacker, target.strength, target.poison, events)
    fallen = [("V", target)] if target_falls else []
    if attacker_falls:
        fallen.append(("P", attacker))
    R.destroy_all(state, index, fallen, events)


GAME = WondersGame()
