"""The soak (tools/soak.py): it passes on a sound game and catches a copy that shares its original's state."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tablekit.core.match import Match

TOOL = Path(__file__).resolve().parents[2] / "tools" / "soak.py"
SPEC = importlib.util.spec_from_file_location("soak_tool", TOOL)
soak = importlib.util.module_from_spec(SPEC)
sys.modules["soak_tool"] = soak
SPEC.loader.exec_module(soak)


@pytest.mark.parametrize("name", ["deckula", "forge"])
def test_a_sound_game_soaks_without_drift(name: str) -> None:
    assert soak.soak_one(name, {}, seed=0) > 0


def test_a_clone_that_is_the_original_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Match, "clone", lambda self: self)
    with pytest.raises(soak.Drift, match="clone changed the original"):
        for seed in range(20):
            soak.soak_one("deckula", {}, seed)
