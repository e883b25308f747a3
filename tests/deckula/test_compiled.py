"""The Deckula! search and engine compiled with Cython (setup.py): in use where built, never stale, and finding
exactly what the plain modules find."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import tablekit
from solvers.deckula import hindsight
from tablekit.compiled import COMPILED, SOURCES, compiled, stale

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]  # an extension's file name ends so on this platform


def test_the_search_and_engine_run_compiled_where_a_c_compiler_is_at_hand():
    """The kit's install compiles them wherever it can (without a compiler, or Python's C headers, they run plain)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}): the modules run plain")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        pytest.skip("no C headers for this Python (Debian: python3-dev): the modules run plain")
    assert [module for module in COMPILED if not compiled(module)] == []


def _tree(root: Path, built: list[str]) -> None:
    """Sources of every compiled module under `root`, and an extension beside those in `built`, newer."""
    for module in COMPILED:
        source = root / SOURCES[module]
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("")
        os.utime(source, (1_000, 1_000))
        if module in built:
            extension = source.with_suffix(SUFFIX)
            extension.write_text("")
            os.utime(extension, (2_000, 2_000))


def test_an_extension_older_than_its_source_or_missing_is_stale(tmp_path):
    """Edited after the build, or left out of it: to compile again; a tree where nothing was built runs plain."""
    _tree(tmp_path, [])
    assert stale(tmp_path) == []
    _tree(tmp_path, list(COMPILED))
    assert stale(tmp_path) == []
    edited = tmp_path / "solvers" / "deckula.py"
    os.utime(edited, (3_000, 3_000))
    assert stale(tmp_path) == ["solvers.deckula"]
    _tree(tmp_path, list(COMPILED[1:]))
    (tmp_path / "solvers" / "deckula.py").with_suffix(SUFFIX).unlink()
    assert stale(tmp_path) == ["solvers.deckula"]


@pytest.mark.parametrize(("difficulty", "seed"), [("beginner", 22), ("hard", 25)])
def test_the_plain_modules_find_what_the_compiled_ones_find(difficulty, seed):
    """The same proof, positions and best line with the plain modules (where no compiler is) as compiled."""
    if not all(compiled(module) for module in COMPILED):
        pytest.skip("the modules run plain here: nothing to compare")
    run = subprocess.run([sys.executable, str(Path(__file__).with_name("plain_hindsight.py")), str(ROOT), difficulty,
                          str(seed)], capture_output=True, text=True, check=True, timeout=300)
    plain = json.loads(run.stdout)
    result = hindsight(tablekit.new_game("deckula", seed=seed, difficulty=difficulty))
    assert plain["compiled"] == []
    assert (plain["status"], plain["best"], plain["bound"], plain["nodes"]) == (
        result.status, result.best_score, result.bound, result.nodes)
    assert plain["line"] == [str(action) for action in result.best_actions]
