"""The mutation tool (tools/mutate.py): its mutants, applying one, and restoring the module exactly."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "mutate.py"
SPEC = importlib.util.spec_from_file_location("mutate_tool", TOOL)
mutate = importlib.util.module_from_spec(SPEC)
sys.modules["mutate_tool"] = mutate
SPEC.loader.exec_module(mutate)

MODULE = '''"""A tiny rules module."""


def damage(hp: int, hit: int) -> int:
    """What is left after a hit: -1 once the hero falls."""
    if hit >= hp and not False:
        return -1
    return hp - hit
'''


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "rules.py").write_text(MODULE)
    return tmp_path


def test_every_kind_of_change_is_found(root: Path) -> None:
    changes = [m.change for m in mutate.mutants(root, "rules.py")]
    assert ">= -> > in hit >= hp" in changes
    assert "and -> or in hit >= hp and (not False)" in changes
    assert "- -> + in hp - hit" in changes
    assert "1 -> 0 at line 7" in changes
    assert "False -> True at line 6" in changes
    assert any(c.startswith("drop: return -1") for c in changes)
    assert not any("docstring" in c or "tiny" in c for c in changes)  # docstrings are not mutated


def test_a_mutant_changes_one_thing_and_is_restored_exactly(root: Path) -> None:
    file = root / "rules.py"
    before = file.stat().st_mtime_ns
    flip = next(m for m in mutate.mutants(root, "rules.py") if m.change.startswith(">= -> >"))
    namespace: dict = {}
    with mutate.applied(root, flip, stamp=0):
        exec(file.read_text(), namespace)  # the test's own module
        assert namespace["damage"](5, 5) == 0  # a blow of exactly the hero's HP no longer fells them
        assert namespace["damage"](5, 6) == -1
        assert file.stat().st_mtime_ns != before
    assert file.read_text() == MODULE
    assert file.stat().st_mtime_ns == before


def test_repeated_changes_get_distinct_ids(root: Path) -> None:
    (root / "rules.py").write_text("def f(a, b):\n    return (a == 1) + (b == 1)\n")
    ids = [m.id for m in mutate.mutants(root, "rules.py")]
    assert len(ids) == len(set(ids))


def test_sampling_is_per_module_and_seeded(root: Path) -> None:
    found = mutate.mutants(root, "rules.py")
    assert mutate._sample(found, 3, 0) == mutate._sample(found, 3, 0)
    assert len(mutate._sample(found, 3, 0)) == 3
    assert mutate._sample(found, None, 0) == found


def test_equivalents_are_read_by_id(root: Path) -> None:
    (root / "tools").mkdir()
    (root / "tools" / "mutation-equivalent.toml").write_text('[[equivalent]]\nid = "x::y::z"\nwhy = "same"\n')
    assert mutate.equivalents(root) == {"x::y::z": "same"}


def test_a_mutant_runs_the_tests_that_run_its_lines(root: Path) -> None:
    flip = next(m for m in mutate.mutants(root, "rules.py") if m.change.startswith(">= -> >"))
    lines = {flip.line: {"tests/t.py::test_hit"}, flip.line + 1: {"tests/t.py::test_other"}}
    assert mutate.tests_for(flip, lines, ["tests"]) == ["tests/t.py::test_hit"]
    assert mutate.tests_for(flip, {}, ["tests"]) == ["tests"]  # a line no test runs: every test, to be sure
    assert mutate.tests_for(flip, {flip.line: {"", "tests/t.py::test_hit"}}, ["tests"]) == ["tests"]  # import time


def test_coverage_finds_the_test_that_runs_a_line(root: Path) -> None:
    (root / "tests").mkdir()
    (root / "tests" / "test_rules.py").write_text("from rules import damage\n\n\ndef test_fall():\n"
                                                  "    assert damage(5, 6) == -1\n")
    lines = mutate.tests_by_line(root, ["rules.py"], ["tests"], timeout=120)["rules.py"]
    assert lines[7] == {"tests/test_rules.py::test_fall"}  # return -1
    assert 8 not in lines  # hp - hit: never run
