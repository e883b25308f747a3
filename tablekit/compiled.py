"""Which modules the build compiles with Cython (see setup.py), and whether they run compiled here."""

from __future__ import annotations

import importlib
import importlib.machinery
from pathlib import Path

# the Deckula! hindsight search and the engine it steps (about a third of its time)
COMPILED = ("solvers.deckula", "solvers.deckula_key", "solvers.deckula_pile", "tablekit.deckula.state",
            "tablekit.deckula.turn", "tablekit.deckula.effects", "tablekit.deckula.game")
# annotations stay Python's: Cython would otherwise take them as C types (a `float` as a C double)
SOURCES = {module: module.replace(".", "/") + ".py" for module in COMPILED}  # each one's file, from the repository
DIRECTIVES = {"language_level": 3, "annotation_typing": False}


def compiled(module: str) -> bool:
    """Whether `module` runs from its compiled extension here."""
    return (importlib.import_module(module).__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def stale(root: Path) -> list[str]:
    """The modules under `root` to compile again: an extension older than its source, or none at all while others
    were built (the build compiles here). Nothing where none was built (no C compiler: the modules run plain)."""
    sources = {module: root / path for module, path in SOURCES.items()}
    built = {module: _extension(source) for module, source in sources.items()}
    if not any(built.values()):
        return []
    return [module for module, extension in built.items()
            if extension is None or extension.stat().st_mtime < sources[module].stat().st_mtime]


def _extension(source: Path) -> Path | None:
    """The compiled extension built beside a module's source, if any."""
    return next((path for suffix in importlib.machinery.EXTENSION_SUFFIXES
                 if (path := source.with_suffix(suffix)).exists()), None)
