"""A page's check cells never change what its reader sees (issue 37, section 3): every widget a
cell displays is in the same state after the whole page ran as right after that cell."""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("forge/1-learn.ipynb", "forge/2-play.ipynb", "wizards/1-learn.ipynb",
         "wizards/2-play.ipynb")


def _cells(page: str) -> list[str]:
    notebook = json.loads((ROOT / "notebooks" / page).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def _run(source: str, namespace: dict[str, Any]) -> Any:
    """Run one cell as Jupyter does; return the value of its last expression (what it shows)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)  # noqa: S102 - our own notebook
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last else None


def _seen(widget: widgets.Widget, found: dict[str, Any] | None = None) -> dict[str, Any]:
    """The state of a widget and of every widget inside it, by model id."""
    found = {} if found is None else found
    if widget.model_id in found:
        return found
    state = {k: v for k, v in widget.get_state().items() if not isinstance(v, (bytes, memoryview))}
    found[widget.model_id] = json.dumps(state, sort_keys=True, default=repr)
    for value in state.values():
        for ref in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(ref, str) and ref.startswith("IPY_MODEL_"):
                _seen(_instances[ref[len("IPY_MODEL_"):]], found)
    return found


@pytest.mark.parametrize("page", PAGES)
def test_check_cells_leave_the_page_as_built(page: str, tmp_path: Path) -> None:
    os.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    shown: list[tuple[int, widgets.Widget, dict[str, Any]]] = []
    for number, source in enumerate(_cells(page)):
        value = _run(source, namespace)
        if isinstance(value, widgets.Widget):
            shown.append((number, value, _seen(value)))
    assert shown
    changed = [number for number, widget, before in shown if _seen(widget) != before]
    assert not changed, f"{page}: check cells changed the widgets of code cells {changed}"
