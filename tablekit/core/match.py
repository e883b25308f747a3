"""`Match`: one game being played — history, log, undo/redo, save/load, clone, explain.

Undo keeps no copy per action: a match keeps a checkpoint (a clone of the state) every
`CHECKPOINT_EVERY` actions and rebuilds an earlier position by replaying the actions since the
nearest checkpoint through `apply_unchecked`. Replay is deterministic because a state carries its
own random generator and `Game.clone` copies it. Checkpoints are never handed out (a rebuilt state
starts from a clone of one), so a match and its clones may share them safely.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tablekit.core.errors import ConfigError, IllegalActionError, SaveFileError
from tablekit.core.events import Event
from tablekit.core.game import Action, Events, Explanation, Game, Outcome, State, View, rng_for

SAVE_FORMAT = "tablekit-match"
# 2: the digest covers the whole save (game, version, config, seed, actions) and the state it reaches; files
# without the field are from 1, when it covered the state only, and are checked that way
SAVE_VERSION = 2
SAVE_CONTENT = ("game", "version", "config", "seed", "actions")  # what the digest covers, beside the state
CHECKPOINT_EVERY = 32  # actions between checkpoints: see benchmarks/engines.py for the choice


def checked_seed(seed: object) -> int | str:
    """`seed` itself when it is an int or a str; a ConfigError naming it otherwise (bool too)."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ConfigError(f"seed {seed!r} is not a seed: a seed is a whole number or a text, "
                          f"not a {type(seed).__name__}")
    return seed


class Match:
    """A game in progress: the same surface for every game."""

    def __init__(self, game: Game, config: Any, seed: int | str) -> None:
        self.game = game
        self.config = config
        self.seed = checked_seed(seed)
        self.state: State = game.initial_state(config, rng_for(seed, game.name))
        self._setup_events = list(getattr(self.state, "setup_events", ()))
        self._steps: list[tuple[Action, tuple[Event, ...]]] = []  # each action with its events
        self._redo: list[Action] = []
        self._checkpoints: list[State] = []  # [j]: the state after j * CHECKPOINT_EVERY actions
        self._states: list[State] = []  # `states` so far, built on demand

    # -- playing -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The player who decides next, or None when the game is over."""
        return self.game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.game.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """The result once the game is over."""
        return self.game.outcome(self.state)

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now."""
        return list(self.game.legal_actions(self.state))

    def apply(self, action: Action) -> list[Event]:
        """Play one action (validated first); returns its events. Clears the redo stack.

        All or nothing: when the action is illegal, or the game's rules raise half-way, the
        match (state, history, log, redo stack) is left exactly as it was and the error raised.
        """
        events = self._apply(action)
        self._redo.clear()
        return events

    def action(self, text: str) -> Action:
        """The legal action whose readable form is `text` (as shown on the buttons)."""
        legal = self.legal_actions()
        for candidate in legal:
            if str(candidate) == text:
                return candidate
        offered = "; ".join(str(a) for a in legal) or "nothing (the game is over)"
        raise IllegalActionError(text, "core.not-offered", f"not offered now; the rules offer: {offered}")

    def play(self, *actions: Action) -> list[Event]:
        """Play several actions in turn; returns all their events."""
        events: list[Event] = []
        for action in actions:
            events += self.apply(action)
        return events

    def explain(self, action: Action) -> Explanation:
        """Why `action` is legal or illegal now, with the deciding rule."""
        return self.game.explain(self.state, action)

    def view(self, player: int | None = None) -> View:
        """What `player` (default: the one to move) may see."""
        if player is None:
            player = self.to_move if self.to_move is not None else 0
        return self.game.view(self.state, player)

    # -- history -------------------------------------------------------------------------
    @property
    def history(self) -> list[Action]:
        """The actions played so far, in order."""
        return [action for action, _ in self._steps]

    @property
    def log(self) -> list[Event]:
        """Every event so far: set-up first, then each action's events."""
        events = list(self._setup_events)
        for _, step_events in self._steps:
            events += step_events
        return events

    @property
    def states(self) -> list[State]:
        """The state after setup and after each action so far (the last is `state`).

        The earlier ones are replayed copies, built once and kept until undone: do not modify them.
        """
        done, steps, game = self._states, self._steps, self.game
        while len(done) < len(steps):
            if not done:
                done.append(game.clone(self._checkpoints[0]))
                continue
            state = game.clone(done[-1])
            game.apply_unchecked(state, steps[len(done) - 1][0], Events(None))
            done.append(state)
        return done[:len(steps)] + [self.state]

    @property
    def can_undo(self) -> bool:
        """True when there is an action to take back."""
        return bool(self._steps)

    @property
    def can_redo(self) -> bool:
        """True when an undone action can be played again."""
        return bool(self._redo)

    def undo(self) -> Action:
        """Take back the last action; returns it. Raises when nothing was played."""
        if not self._steps:
            raise IllegalActionError("undo", "core.undo", "no action has been played yet")
        action, _ = self._steps.pop()
        played = len(self._steps)
        self.state = self._rebuild(played)
        del self._checkpoints[played // CHECKPOINT_EVERY + 1:]
        del self._states[played:]
        self._redo.append(action)
        return action

    def redo(self) -> list[Event]:
        """Play the last undone action again (all or nothing, like `apply`)."""
        if not self._redo:
            raise IllegalActionError("redo", "core.redo", "there is no undone action to redo")
        events = self._apply(self._redo[-1])
        self._redo.pop()
        return events

    # -- copies and saves ----------------------------------------------------------------
    def clone(self) -> Match:
        """An independent copy of this match (history included)."""
        twin = Match.__new__(Match)
        twin.game, twin.config, twin.seed = self.game, self.config, self.seed
        twin.state = self.game.clone(self.state)
        twin._setup_events = list(self._setup_events)
        twin._steps = list(self._steps)  # actions and event tuples: immutable
        twin._redo = list(self._redo)
        twin._checkpoints = list(self._checkpoints)  # never handed out nor changed: shared
        twin._states = []  # the twin builds its own when asked
        return twin

    def digest(self) -> str:
        """A short hash of the current state."""
        return self.game.digest(self.state)

    def to_json(self) -> str:
        """The match as JSON text: game, version, config, seed, actions and a digest of all of it and the state."""
        content = self._save_content()
        return json.dumps({"format": SAVE_FORMAT, "save": SAVE_VERSION, **content,
                           "digest": self._save_digest(content)}, indent=1)

    def _save_content(self) -> dict[str, Any]:
        """What decides the game, as a save file writes it."""
        return {"game": self.game.name, "version": self.game.version,
                "config": self.game.config_to_json(self.config), "seed": self.seed,
                "actions": [self.game.action_to_json(a) for a in self.history]}

    def _save_digest(self, content: dict[str, Any]) -> str:
        """A short hash of a save's content and of the state its actions reach: a changed seed or option is
        caught even where the state reached does not show it yet."""
        text = json.dumps({**content, "state": self.digest()}, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @classmethod
    def load(cls, game: Game, data: dict[str, Any]) -> Match:
        """Rebuild a match from parsed save data, replaying and checking every action."""
        if data.get("version") != game.version:
            raise SaveFileError(f"save file is for {game.name} version {data.get('version')!r}; "
                                f"this kit plays version {game.version}")
        if "save" in data and data["save"] != SAVE_VERSION:
            raise SaveFileError(f"save file format {data['save']!r} is unknown; this kit writes {SAVE_VERSION}")
        if not isinstance(data.get("actions"), list):
            raise SaveFileError("save file lacks an action list")
        try:
            checked_seed(data.get("seed"))
        except ConfigError as exc:
            raise SaveFileError(f"save file has no usable seed: {exc}") from exc
        try:
            match = cls(game, game.make_config(**data.get("config", {})), data["seed"])
            for raw in data["actions"]:
                match.apply(game.action_from_json(raw))
        except SaveFileError:
            raise
        except (ValueError, TypeError) as exc:
            raise SaveFileError(f"save file does not replay: {exc}") from exc
        if _expected_digest(match, data) != data.get("digest"):
            raise SaveFileError("save file digest does not match the replayed game "
                                "(the file was changed or is corrupted)")
        return match

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.to_move} to move"
        return f"<Match {self.game.name} seed={self.seed!r} {len(self._steps)} actions, {status}>"

    def _apply(self, action: Action) -> list[Event]:
        steps = self._steps
        played = len(steps)
        if played % CHECKPOINT_EVERY == 0 and len(self._checkpoints) * CHECKPOINT_EVERY == played:
            self._checkpoints.append(self.game.clone(self.state))
        try:
            events = self.game.apply(self.state, action)
        except BaseException:
            self.state = self._rebuild(played)  # all or nothing: a rule broke half-way
            raise
        steps.append((action, tuple(events)))
        return events

    def _rebuild(self, played: int) -> State:
        """The state after the first `played` actions: the nearest checkpoint, then replay."""
        start = played // CHECKPOINT_EVERY
        state = self.game.clone(self._checkpoints[start])
        for action, _ in self._steps[start * CHECKPOINT_EVERY:played]:
            self.game.apply_unchecked(state, action, Events(None))
        return state


def _expected_digest(match: Match, data: dict[str, Any]) -> str:
    """The digest a save of this replayed match carries: of the file's content as written and the state replayed,
    or, in a file from before the "save" field, of the state alone (`Match.load` has refused any other format)."""
    if "save" not in data:
        return match.digest()
    return match._save_digest({key: data.get(key) for key in SAVE_CONTENT})
