"""The engine contract every game implements: a rules object over a mutable state."""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

from tablekit.core.config import GameConfig, validate_config
from tablekit.core.errors import ConfigError, IllegalActionError, SaveFileError, TablekitError
from tablekit.core.events import Event
from tablekit.core.rulebook import RuleBook

Action = Any  # a small immutable value: a NamedTuple subclass with a readable str()
State = Any   # a game's mutable state object; games write `clone` by hand
View = Any    # what one player may see: a state with the hidden parts canonicalised


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: per-player scores and winners, and a sentence."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    text: str

    def won(self, player: int = 0) -> bool:
        """True when `player` is among the winners."""
        return player in self.winners


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why an action is legal or not in a state, with the rule id that decides it."""

    action: Action
    legal: bool
    rule: str
    reason: str

    def __str__(self) -> str:
        verdict = "legal" if self.legal else "illegal"
        return f"{self.action}: {verdict} — {self.reason} [rule {self.rule}]"


@dataclass
class Events:
    """A collector the rules append events to; `None` sink means the log is off."""

    items: list[Event] | None = field(default_factory=list)

    def add(self, rule: str, template: str, **data: Any) -> None:
        """Record one event when anybody listens."""
        items = self.items
        if items is not None:
            items.append(Event(rule, template, data))


class GameState:
    """Base of every game's state: the slots the core keeps for it.

    `legal` caches the legal actions of the position (`Game.legal_actions` fills it, and
    `Game.apply_unchecked` clears it; a hand-written `clone` may share it, since the list is
    never changed in place). `setup_events` holds what set-up reported, for the match's log.
    """

    __slots__ = ("legal", "setup_events")

    def __init__(self) -> None:
        self.legal: list[Action] | None = None
        self.setup_events: list[Event] = []


class Game(ABC):
    """A game's rules. Stateless: every method takes the state it works on.

    A game writes the hooks `_initial_state` (and `_scenario_state` when it has scenarios),
    `_legal_actions` and `_apply_unchecked`; the public `initial_state`, `legal_actions` and
    `apply_unchecked` around them collect set-up events and cache the legal actions.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int] = 1
    config_model: ClassVar[type[GameConfig]]
    variants: ClassVar[dict[str, dict[str, Any]]] = {"default": {}}
    action_types: ClassVar[tuple[type, ...]] = ()

    def __init__(self) -> None:
        self._action_types = {cls.__name__: cls for cls in self.action_types}

    @property
    @abstractmethod
    def rulebook(self) -> RuleBook:
        """The game's rule book."""

    # -- configuration (driven by `config_model`) ------------------------------------------
    def options(self) -> list[str]:
        """The names of the game's options (the fields of its config model)."""
        return list(self.config_model.model_fields)

    def make_config(self, **options: Any) -> GameConfig:
        """The checked configuration; ConfigError naming the option and what is allowed."""
        return validate_config(self.name, self.config_model, options)

    def config_to_json(self, config: GameConfig) -> dict[str, Any]:
        """The configuration as plain JSON data (round-trips through make_config)."""
        return config.to_json()

    def players(self, config: GameConfig) -> int:
        """How many players a game with this configuration seats."""
        return config.players

    # -- set-up ----------------------------------------------------------------------------
    def initial_state(self, config: GameConfig, rng: random.Random) -> State:
        """A new game (or the scenario `config.scenario` sets up), its set-up events kept."""
        events = Events()
        if getattr(config, "scenario", None) is not None:
            state = self._scenario_state(config, rng, events)
        else:
            state = self._initial_state(config, rng, events)
        if not isinstance(state, GameState):
            raise TypeError(f"{self.name}: the state class must derive from GameState "
                            f"(got {type(state).__name__})")
        state.setup_events = events.items
        return state

    @abstractmethod
    def _initial_state(self, config: GameConfig, rng: random.Random, events: Events) -> State:
        """Hook: deal a new game; all randomness comes from `rng`, which the state keeps."""

    def _scenario_state(self, config: GameConfig, rng: random.Random, events: Events) -> State:
        """Hook: the position `config.scenario` describes (games with lessons write it)."""
        raise ConfigError(f"{self.name} has no scenarios")

    # -- playing -----------------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The player who decides next, or None when the game is over."""

    def legal_actions(self, state: State) -> list[Action]:
        """Every action the player to move may take (computed once per position)."""
        try:
            legal = state.legal
        except AttributeError:  # a clone that did not copy the cache
            legal = None
        if legal is None:
            legal = state.legal = self._legal_actions(state)
        return legal

    @abstractmethod
    def _legal_actions(self, state: State) -> list[Action]:
        """Hook: every action the rules offer now (the base caches it per position)."""

    def apply_unchecked(self, state: State, action: Action, events: Events) -> None:
        """Apply an action known to be legal (the rollout path): no validation."""
        state.legal = None
        self._apply_unchecked(state, action, events)

    @abstractmethod
    def _apply_unchecked(self, state: State, action: Action, events: Events) -> None:
        """Hook: apply a legal action and run the game on to the next decision."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True when the game has ended."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result of a finished game, or None while it goes on."""

    @abstractmethod
    def clone(self, state: State) -> State:
        """An independent copy of the state (written by hand: cheap)."""

    @abstractmethod
    def view(self, state: State, player: int) -> View:
        """What `player` may see: a state whose hidden parts are canonicalised."""

    @abstractmethod
    def determinize(self, view: View, rng: random.Random) -> State:
        """A full state consistent with a view, hidden parts sampled from `rng`."""

    @abstractmethod
    def snapshot(self, state: State) -> dict[str, Any]:
        """The whole state as plain JSON data (for digests, replays and tests)."""

    def returns(self, state: State) -> tuple[float, ...]:
        """Per-player value of a finished game, used by searches (default: the scores)."""
        outcome = self.outcome(state)
        if outcome is None:
            raise TablekitError(f"{self.name}: returns asked of a game that is not over")
        return outcome.scores

    def redeal_hidden(self, state: State, player: int, rng: random.Random) -> State:
        """A state `player` cannot tell from this one: what they cannot see dealt anew."""
        return self.determinize(self.view(state, player), rng)

    def illegal_reason(self, state: State, action: Action) -> tuple[str, str]:
        """The rule id and sentence saying why an action is not legal now."""
        if self.is_over(state):
            return "core.game-over", "the game is over"
        return "core.not-offered", "it is not one of the actions the rules offer now"

    def check(self, state: State, action: Action) -> None:
        """Raise IllegalActionError when `action` is not legal in `state`."""
        if not is_offered(action, self.legal_actions(state)):
            rule, reason = self.illegal_reason(state, action)
            raise IllegalActionError(action, rule, reason)

    def legal_reason(self, state: State, action: Action) -> tuple[str, str]:
        """The rule id and sentence saying why a legal action is allowed."""
        return "core.offered", "the rules offer it now"

    def apply(self, state: State, action: Action, events: Events | None = None) -> list[Event]:
        """Validate, then apply an action; return the events it caused."""
        self.check(state, action)
        events = events if events is not None else Events()
        self.apply_unchecked(state, action, events)
        return events.items or []

    def explain(self, state: State, action: Action) -> Explanation:
        """Say whether an action is legal now, and by which rule."""
        try:
            self.check(state, action)
        except IllegalActionError as exc:
            return Explanation(action, False, exc.rule, exc.reason)
        rule, reason = self.legal_reason(state, action)
        return Explanation(action, True, rule, reason)

    def heuristic_action(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """The game's rule-of-thumb choice (default: random)."""
        return legal[rng.randrange(len(legal))]

    def exact_advice(self, view: View, legal: list[Action]) -> tuple[Action, str] | None:
        """The move of an exact advisor covering this decision, and the advisor's name (default: none)."""
        return None

    def action_to_json(self, action: Action) -> list[Any]:
        """An action as JSON: its type name followed by its fields."""
        return [type(action).__name__, *action]

    def action_from_json(self, data: Any) -> Action:
        """Rebuild an action from `action_to_json` output; SaveFileError when malformed."""
        if not isinstance(data, list) or not data or data[0] not in self._action_types:
            raise SaveFileError(f"{self.name}: {data!r} is not an action of this game")
        cls = self._action_types[data[0]]
        try:
            return cls(*(tuple(x) if isinstance(x, list) else x for x in data[1:]))
        except TypeError as exc:
            raise SaveFileError(f"{self.name}: malformed action {data!r}: {exc}") from exc

    def digest(self, state: State) -> str:
        """A short hash of the state's snapshot, equal on every machine for equal states."""
        text = json.dumps(self.snapshot(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def is_offered(action: Action, legal: list[Action]) -> bool:
    """True when `action` is among `legal`, same type and same fields."""
    if any(map(is_, legal, repeat(action))):  # the very object offered: a C-speed identity scan
        return True
    try:
        found = legal[legal.index(action)]  # C-speed search; identity matches first
    except (ValueError, TypeError):
        return False
    kind = type(action)
    return type(found) is kind or any(type(a) is kind and a == action for a in legal)


def rng_for(seed: int | str, *salt: object) -> random.Random:
    """A random generator seeded the same way on every machine (string seeds are hashed)."""
    text = ":".join(str(part) for part in (seed, *salt))
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as `rng`."""
    twin = random.Random(0)  # a fixed seed is cheaper than one from the system, and is overwritten at once
    twin.setstate(rng.getstate())
    return twin
