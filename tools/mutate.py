"""Mutation testing for the rules modules: change one thing in a module, run its game's tests, see if they notice.

Usage (from a checkout whose modules are not compiled, or name only plain modules):

    python tools/mutate.py --tests tests/forge tablekit/forge/round.py
    python tools/mutate.py --game forge --max 40 --seed 1      # a sample over all of a game's rules modules
    python tools/mutate.py --list tablekit/wizards/scoring.py  # the mutants, without running anything

Each mutant runs only the tests that run its lines (found once, with coverage, by `tools/mutate_coverage.py`), or
all of `--tests` for a line run only at import; `--all-tests` runs all of them for every mutant. Each mutant is one
change: a comparison flipped (`<` and `<=`, `==` and `!=`, `in` and `not in`), an integer moved by
one, `and` and `or` swapped, `+` and `-` swapped, `True` and `False` swapped, a `not` dropped, or a statement replaced
by `pass`. The module is rewritten in place while its tests run and restored afterwards, so do not edit it meanwhile.
A mutant is killed when the tests fail (or time out). Mutants known to change nothing are listed by id, with why, in
`tools/mutation-equivalent.toml` and counted apart. Not run by CI: it takes minutes per module.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import os
import random
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import coverage

# the modules of a game that are not its rules: widgets, lessons, the bots
NOT_RULES = ("ui", "lessons", "heuristic", "__init__", "campaign_ui", "build_ui")
FLIPPED_COMPARISONS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
                       ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
SWAPPED_OPERATORS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.And: ast.Or, ast.Or: ast.And}
DROPPABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return, ast.Raise)
EQUIVALENTS = Path(__file__).with_name("mutation-equivalent.toml")


@dataclass(frozen=True)
class Mutant:
    """One change to one module: where it is, what it does, and a stable name for it."""

    path: str
    index: int  # which site, in the module's walk order
    line: int
    end_line: int
    scope: str  # the enclosing function or class
    change: str  # e.g. "< -> <=" or "drop: state.hp -= 1"
    occurrence: int = 1  # the same change in the same scope again

    @property
    def id(self) -> str:
        """A name that survives edits elsewhere in the module: file, scope, change (and which one, if repeated)."""
        again = f" #{self.occurrence}" if self.occurrence > 1 else ""
        return f"{self.path}::{self.scope}::{self.change}{again}"


class _Sites(ast.NodeTransformer):
    """Walks a module; counts every mutation site, and applies the one numbered `target` (if any)."""

    def __init__(self, target: int | None = None) -> None:
        self.target = target
        self.found: list[tuple[int, int, str, str]] = []  # (line, end line, scope, change)
        self.scope: list[str] = []

    def _site(self, node: ast.AST, change: str) -> bool:
        """Record a site; whether it is the one to apply."""
        line = getattr(node, "lineno", 0)
        self.found.append((line, getattr(node, "end_lineno", line) or line, ".".join(self.scope) or "<module>", change))
        return len(self.found) - 1 == self.target

    def _scoped(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> ast.AST:
        """Visit a function or class body (not its annotations or decorators) under its name."""
        self.scope.append(node.name)
        body = node.body[1:] if ast.get_docstring(node) is not None else node.body
        start = len(node.body) - len(body)
        node.body[start:] = [self._statement(child) for child in body]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.args.defaults = [self.visit(d) for d in node.args.defaults]
        self.scope.pop()
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scoped

    def _statement(self, node: ast.stmt) -> ast.stmt:
        """A statement: maybe dropped, otherwise visited."""
        if _droppable(node) and self._site(node, f"drop: {_short(node)}"):
            return ast.copy_location(ast.Pass(), node)
        return self.visit(node)

    def generic_visit(self, node: ast.AST) -> ast.AST:
        """Visit children, routing statement lists through `_statement`."""
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                setattr(node, field, [self._statement(v) if isinstance(v, ast.stmt) else self.visit(v)
                                      if isinstance(v, ast.AST) else v for v in value])
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        """Skip the annotation; mutate the value."""
        if node.value is not None:
            node.value = self.visit(node.value)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        """`<` <-> `<=`, `==` <-> `!=`, `in` <-> `not in`, `is` <-> `is not`."""
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            flipped = FLIPPED_COMPARISONS[type(op)]
            if self._site(node, f"{_op(op)} -> {_op(flipped())} in {_short(node)}"):
                node.ops[i] = flipped()
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        """`+` <-> `-`."""
        self.generic_visit(node)
        swapped = SWAPPED_OPERATORS.get(type(node.op))
        if swapped and not _is_string(node) and self._site(node, f"{_op(node.op)} -> {_op(swapped())} in {_short(node)}"):
            node.op = swapped()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        """`and` <-> `or`."""
        self.generic_visit(node)
        if self._site(node, f"{_op(node.op)} -> {_op(SWAPPED_OPERATORS[type(node.op)]())} in {_short(node)}"):
            node.op = SWAPPED_OPERATORS[type(node.op)]()
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        """`not x` -> `x`."""
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and self._site(node, f"drop not in {_short(node)}"):
            return node.operand
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        """An integer moved by one; `True` <-> `False`."""
        if isinstance(node.value, bool):
            if self._site(node, f"{node.value} -> {not node.value} at line {node.lineno}"):
                return ast.copy_location(ast.Constant(not node.value), node)
        elif isinstance(node.value, int):
            moved = node.value + 1 if node.value <= 0 else node.value - 1
            if self._site(node, f"{node.value} -> {moved} at line {node.lineno}"):
                return ast.copy_location(ast.Constant(moved), node)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        """Annotations are not behaviour."""
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        """Text only: a log sentence's wording is pinned by its own tests, not by mutants."""
        return node


def _droppable(node: ast.stmt) -> bool:
    """A statement that does something when run: not a docstring, not a bare field declaration."""
    docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    declaration = isinstance(node, ast.AnnAssign) and node.value is None
    return isinstance(node, DROPPABLE) and not docstring and not declaration


def _is_string(node: ast.BinOp) -> bool:
    """Whether a `+` joins strings (a mutant there is a TypeError, not a rule)."""
    return any(isinstance(side, (ast.Constant, ast.JoinedStr)) and isinstance(getattr(side, "value", ""), str)
               for side in (node.left, node.right))


def _op(op: ast.AST) -> str:
    return {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
            ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.And: "and",
            ast.Or: "or"}[type(op)]


def _short(node: ast.AST, width: int = 60) -> str:
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= width else text[:width - 1] + "…"


def mutants(root: Path, path: str) -> list[Mutant]:
    """Every mutant of one module, in walk order."""
    sites = _Sites()
    sites.visit(ast.parse((root / path).read_text()))
    seen: Counter[tuple[str, str]] = Counter()
    found = []
    for i, (line, end_line, scope, change) in enumerate(sites.found):
        seen[scope, change] += 1
        found.append(Mutant(path, i, line, end_line, scope, change, seen[scope, change]))
    return found


def mutated_source(root: Path, mutant: Mutant) -> str:
    """The module's text with this one mutant applied."""
    tree = ast.parse((root / mutant.path).read_text())
    tree = _Sites(mutant.index).visit(tree)
    return ast.unparse(ast.fix_missing_locations(tree))


@contextlib.contextmanager
def applied(root: Path, mutant: Mutant, stamp: int) -> Iterator[None]:
    """The module rewritten with the mutant, then restored byte for byte with its old timestamps.
    Each mutant gets its own modification time so that no cached bytecode of another one is reused."""
    file = root / mutant.path
    original, times = file.read_bytes(), file.stat()
    try:
        file.write_text(mutated_source(root, mutant))
        os.utime(file, ns=(times.st_atime_ns, times.st_mtime_ns + (stamp + 1) * 1_000_000_000))
        yield
    finally:
        file.write_bytes(original)
        os.utime(file, ns=(times.st_atime_ns, times.st_mtime_ns))


def run_tests(root: Path, tests: list[str], timeout: float, record: dict[str, str] | None = None) -> bool:
    """Whether the tests pass (a timeout counts as failing); `record` turns the coverage plugin on."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(Path(__file__).parent)]),
           "PYTHONDONTWRITEBYTECODE": "1", **(record or {})}
    plugin = ["-p", "mutate_coverage"] if record else []
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header", *plugin, *tests]
    try:
        return subprocess.run(command, cwd=root, env=env, capture_output=True, timeout=timeout).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def tests_by_line(root: Path, paths: list[str], tests: list[str], timeout: float) -> dict[str, dict[int, set[str]]]:
    """Run the tests once with coverage: per module, per line, the test node ids that run it ("" for import)."""
    with tempfile.TemporaryDirectory() as scratch:
        data_file = str(Path(scratch) / "coverage")
        files = {str((root / path).resolve()): path for path in paths}
        passed = run_tests(root, tests, timeout, {"MUTATE_COVERAGE_FILE": data_file,
                                                  "MUTATE_COVERAGE_INCLUDE": os.pathsep.join(files)})
        if not passed:
            sys.exit("the tests fail before any mutant: fix them first")
        data = coverage.CoverageData(data_file)
        data.read()
        return {path: {line: set(contexts) for line, contexts in data.contexts_by_lineno(file).items()}
                for file, path in files.items()}


def tests_for(mutant: Mutant, lines: dict[int, set[str]], every: list[str]) -> list[str]:
    """The tests that run the mutant's lines; all of them where a line runs at import or is not recorded."""
    found: set[str] = set()
    for line in range(mutant.line, mutant.end_line + 1):
        found |= lines.get(line, set())
    if not found or "" in found:
        return every
    return sorted(found)


def equivalents(root: Path) -> dict[str, str]:
    """Mutant ids known to change nothing, with why (`tools/mutation-equivalent.toml`)."""
    file = root / "tools" / EQUIVALENTS.name
    if not file.exists():
        return {}
    return {entry["id"]: entry["why"] for entry in tomllib.loads(file.read_text()).get("equivalent", [])}


def rules_modules(root: Path, game: str) -> list[str]:
    """A game's rules modules: every module of its package but the widgets, lessons and bots."""
    package = root / "tablekit" / game
    return sorted(str(p.relative_to(root)) for p in package.glob("*.py")
                  if not p.stem.startswith(NOT_RULES) and p.stem not in NOT_RULES)


def _sample(found: list[Mutant], most: int | None, seed: int) -> list[Mutant]:
    """At most `most` of one module's mutants, drawn with the seed, in walk order."""
    if not most or most >= len(found):
        return found
    return sorted(random.Random(f"{seed}:{found[0].path}").sample(found, most), key=lambda m: m.index)


def _refuse_compiled(root: Path, paths: list[str]) -> None:
    """A module with a compiled extension beside it would run the extension, not the mutant."""
    for path in paths:
        if any((root / path).parent.glob((root / path).stem + ".*.so")):
            sys.exit(f"{path} is compiled here (an extension lies beside it): mutate it in a checkout without one")


def main(argv: list[str] | None = None) -> int:
    """Mutate, test, report the score and the survivors."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="module paths relative to --root")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the checkout (default: here)")
    parser.add_argument("--game", help="every rules module of tablekit/<game>; tests default to tests/<game>")
    parser.add_argument("--tests", action="append", help="test paths to run per mutant (repeatable)")
    parser.add_argument("--max", type=int, help="a random sample of this many mutants of each module")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before a test run counts as killed")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--all-tests", action="store_true", help="run every test for every mutant (no coverage)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    paths = list(args.modules) + (rules_modules(root, args.game) if args.game else [])
    if not paths:
        parser.error("name modules or --game")
    tests = args.tests or ([f"tests/{args.game}"] if args.game else None)
    every = {path: mutants(root, path) for path in paths}
    chosen = [m for path in paths for m in _sample(every[path], args.max, args.seed)]
    if args.list:
        for m in chosen:
            print(f"{m.path}:{m.line}  {m.id}")
        print(f"{len(chosen)} mutants of {sum(map(len, every.values()))}")
        return 0
    if not tests:
        parser.error("--tests is needed with named modules")
    _refuse_compiled(root, paths)
    if args.all_tests:
        if not run_tests(root, tests, args.timeout):
            sys.exit("the tests fail before any mutant: fix them first")
        lines: dict[str, dict[int, set[str]]] = {path: {} for path in paths}
    else:
        lines = tests_by_line(root, paths, tests, args.timeout)
    return _report(root, chosen, tests, args.timeout, lines)


def _report(root: Path, chosen: list[Mutant], tests: list[str], timeout: float,
            lines: dict[str, dict[int, set[str]]]) -> int:
    """Run every mutant and print the score per module; 0 when every module kills at least 90%."""
    known = equivalents(root)
    survivors: list[Mutant] = []
    score: dict[str, list[int]] = {}  # path -> [killed, counted]
    started = time.monotonic()
    for stamp, mutant in enumerate(chosen):
        if mutant.id in known:
            print(f"  equivalent  {mutant.path}:{mutant.line} {mutant.change}  ({known[mutant.id]})")
            continue
        with applied(root, mutant, stamp):
            killed = not run_tests(root, tests_for(mutant, lines[mutant.path], tests), timeout)
        tally = score.setdefault(mutant.path, [0, 0])
        tally[0] += killed
        tally[1] += 1
        if not killed:
            survivors.append(mutant)
            print(f"  SURVIVED    {mutant.path}:{mutant.line}  {mutant.id}", flush=True)
        print(f"[{stamp + 1}/{len(chosen)}] {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    print()
    for path, (killed, counted) in sorted(score.items()):
        print(f"{path}: {killed}/{counted} killed ({killed / counted:.0%})")
    total = sum(k for k, _ in score.values()), sum(c for _, c in score.values())
    print(f"all: {total[0]}/{total[1]} killed ({total[0] / max(total[1], 1):.0%}), {len(survivors)} survived")
    return 0 if all(k >= 0.9 * c for k, c in score.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
