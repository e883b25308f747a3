"""Run the hindsight search with the plain Python modules, compiled extensions beside them or not.

usage: python plain_hindsight.py ROOT DIFFICULTY SEED — prints the result as JSON (see test_compiled.py).
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import json
import runpy
import sys
from pathlib import Path

ROOT = Path(sys.argv[1])
PLAIN = runpy.run_path(str(ROOT / "tablekit" / "compiled.py"))["SOURCES"]  # (before the kit is imported)


class PlainModules(importlib.abc.MetaPathFinder):
    """Finds the modules the build compiles in their Python source, before the extension beside it."""

    def find_spec(self, name, path=None, target=None):
        if name not in PLAIN:
            return None
        return importlib.util.spec_from_file_location(name, ROOT / PLAIN[name])


sys.meta_path.insert(0, PlainModules())

import tablekit  # noqa: E402  (after the finder: the engine's modules load plain)
from solvers.deckula import hindsight  # noqa: E402
from tablekit.compiled import compiled  # noqa: E402

result = hindsight(tablekit.new_game("deckula", seed=int(sys.argv[3]), difficulty=sys.argv[2]))
print(json.dumps({"compiled": [module for module in PLAIN if compiled(module)], "status": result.status,
                  "best": result.best_score, "bound": result.bound, "nodes": result.nodes,
                  "line": [str(action) for action in result.best_actions]}))
