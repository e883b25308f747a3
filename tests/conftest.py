"""Session-wide test setup: the rule-coverage report over every event the tests caused."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

import tablekit
from tablekit import compiled
from tablekit.core import errors, events, game

EXERCISED: set[str] = set()
WHOLE_SUITE = {"contract": False}  # the report means something only when the contract tests ran
_event_init = events.Event.__init__
_error_init = errors.IllegalActionError.__init__
_explain = game.Game.explain


def _recording_event_init(self, rule, template, data=None):
    EXERCISED.add(rule)
    _event_init(self, rule, template, data)


def _recording_error_init(self, action, rule, reason):
    EXERCISED.add(rule)
    _error_init(self, action, rule, reason)


def _recording_explain(self, state, action):
    explanation = _explain(self, state, action)
    EXERCISED.add(explanation.rule)
    return explanation


@pytest.fixture(autouse=True, scope="session")
def record_rule_coverage():
    """Note every rule id that an event, an illegal-action error or an explanation names."""
    events.Event.__init__ = _recording_event_init
    errors.IllegalActionError.__init__ = _recording_error_init
    game.Game.explain = _recording_explain
    yield
    events.Event.__init__ = _event_init
    errors.IllegalActionError.__init__ = _error_init
    game.Game.explain = _explain


def pytest_sessionstart(session):
    """Refuse to test compiled modules built before the last edit of their source: the tests would read the old
    code (`make build` compiles them again)."""
    old = compiled.stale(Path(__file__).resolve().parent.parent)
    if old:
        pytest.exit(f"compiled modules older than their source, or not built: {', '.join(old)}; run `make build`",
                    returncode=4)


def pytest_collection_modifyitems(items):
    """Note whether the contract harness is part of this run."""
    WHOLE_SUITE["contract"] = any("tests/contract" in str(item.fspath) for item in items)


def pytest_terminal_summary(terminalreporter):
    """Print, per game, the rule-book entries no test exercised."""
    if not EXERCISED or not WHOLE_SUITE["contract"]:
        return
    missing: dict[str, list[str]] = defaultdict(list)
    for name in tablekit.games():
        for rule_id in tablekit.rules(name):
            if rule_id not in EXERCISED:
                missing[name].append(rule_id)
    terminalreporter.section("rule coverage")
    for name in tablekit.games():
        total = len(tablekit.rules(name))
        gaps = missing.get(name, [])
        line = f"{name}: {total - len(gaps)}/{total} rules exercised"
        terminalreporter.write_line(line + (f"; never: {', '.join(gaps)}" if gaps else ""))
