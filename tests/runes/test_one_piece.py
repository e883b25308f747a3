"""The benchmark's one-piece CP-SAT model and the decomposed builder agree on tiny collections."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from solvers.runes import Goal, build_deck
from tablekit.runes import PrepOptions

from .conftest import card

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def one_piece():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location("runes_one_piece",
                                                      BENCHMARKS / "runes_one_piece.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["runes_one_piece"] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("runes_one_piece", None)
        sys.path.remove(str(BENCHMARKS))


def tiny_collection():
    cards = [card(f"t{i}", rarity="rare" if i % 6 == 0 else "common") for i in range(22)]
    return {c: 1 for c in cards}, {c.id: 1 + (i % 7) / 4 for i, c in enumerate(cards)}


@pytest.mark.parametrize("goals, budget", [
    ([Goal.before("t4", "t1", 1.5)], 2),
    ([Goal.first("t3", 2)], 4),
])
def test_one_piece_and_decomposed_agree(one_piece, goals, budget: int) -> None:
    collection, values = tiny_collection()
    options = PrepOptions(wyrd_points=budget)
    split = build_deck(collection, values, goals=goals, options=options, seed=0, workers=1)
    whole = one_piece.one_piece_build(collection, values, goals=goals, options=options, seed=0,
                                      workers=1, time_limit=60)
    assert split.status == whole.status == "optimal"
    assert whole.objective == pytest.approx(float(split.objective), abs=1e-5)
    assert 0 < float(split.goal_odds[str(goals[0])]) <= 1
