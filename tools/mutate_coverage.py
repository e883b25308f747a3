"""A pytest plugin for tools/mutate.py: records which test runs each line of the modules to mutate."""

from __future__ import annotations

import os

import coverage
import pytest

_recorder: list[coverage.Coverage] = []


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests() -> None:
    """Start recording before the conftests import the kit (import-time lines get the empty context)."""
    recorder = coverage.Coverage(data_file=os.environ["MUTATE_COVERAGE_FILE"],
                                 include=os.environ["MUTATE_COVERAGE_INCLUDE"].split(os.pathsep))
    recorder.start()
    _recorder.append(recorder)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item):
    """Each test's lines under its own node id."""
    _recorder[0].switch_context(item.nodeid)
    yield
    _recorder[0].switch_context("")


def pytest_unconfigure() -> None:
    """Save what was recorded."""
    if _recorder:
        _recorder[0].stop()
        _recorder[0].save()
