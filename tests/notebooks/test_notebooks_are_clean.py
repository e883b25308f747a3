"""Notebooks are committed without outputs, hold no logic, and check themselves."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted(p for p in (Path(__file__).resolve().parents[2] / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
MAX_STATEMENTS = 8
LOGIC = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.For, ast.While, ast.If, ast.Try, ast.With)


@pytest.fixture(params=NOTEBOOKS, ids=lambda p: str(p.relative_to(p.parents[1])))
def notebook(request) -> dict:
    return json.loads(request.param.read_text(encoding="utf-8"))


def code_cells(notebook: dict) -> list[str]:
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def test_there_are_notebooks():
    names = {p.name for p in NOTEBOOKS}
    assert "00-start-here.ipynb" in names and {"1-learn.ipynb", "2-play.ipynb", "3-build.ipynb"} <= names


def test_committed_without_outputs(notebook):
    for cell in notebook["cells"]:
        assert not cell.get("outputs") and not cell.get("execution_count")
    assert "widgets" not in notebook.get("metadata", {})


def test_cells_hold_no_logic(notebook):
    for source in code_cells(notebook):
        tree = ast.parse(source)
        assert sum(not isinstance(node, ast.Assert) for node in tree.body) <= MAX_STATEMENTS, source
        assert not any(isinstance(node, LOGIC) for node in ast.walk(tree)), source


def test_every_notebook_checks_itself(notebook):
    lines = [line for source in code_cells(notebook) for line in source.splitlines()]
    assert any(line.startswith("assert ") for line in lines)


VOILA_LINK = "/voila/render/"


def test_links_between_notebooks_lead_somewhere():
    root = NOTEBOOKS[0].parents[0] if NOTEBOOKS[0].parent.name == "notebooks" else NOTEBOOKS[0].parents[1]
    for path in NOTEBOOKS:
        text = json.dumps(json.loads(path.read_text(encoding="utf-8"))["cells"])
        for target in re.findall(r"\]\(([\w/.-]+\.ipynb)\)", text):
            if target.startswith(VOILA_LINK):  # Voilà's page of a notebook, from the repository root
                assert (root.parent / target.removeprefix(VOILA_LINK)).exists(), (path.name, target)
                continue
            assert (path.parent / target).exists() or (root / target).exists(), (path.name, target)


TITLED = list(NOTEBOOKS)


@pytest.mark.parametrize("path", TITLED, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_the_browser_tab_carries_the_pages_heading(path):
    """Voilà titles the tab with the notebook's `title` metadata, else the bare file name ("1-learn")."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    heading = next(line[2:].strip() for c in notebook["cells"] if c["cell_type"] == "markdown"
                   for line in "".join(c["source"]).splitlines() if line.startswith("# "))
    assert notebook["metadata"].get("title") == heading
