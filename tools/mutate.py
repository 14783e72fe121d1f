"""Mutation testing: would the tests notice if the code that decides scores, saves and tags
stopped being right? (issue 13)

Each mutant is one small change to one file: a comparison flipped (`<` and `<=`, `==` and
`!=`, `is` and `is not`, `in` and `not in`), an integer constant moved by 1 either way, `+`
and `-` swapped, `and` and `or` swapped, `True` and `False` swapped, a condition negated, a
returned value replaced by `None`. The file's mapped tests run against every mutant in a
copy of the work tree (the tree itself is never touched); a mutant that no test fails
survives. Annotations and decorators are left alone: they are not rules.

Mutants that change nothing observable are listed, with why, in the equivalents file
(`[tool.mutate] equivalents` in pyproject.toml) and are excluded from the score.

    ./dev mutate [FILE...] [--only TEXT] [--tests TEST...] [--list]

Files default to those mapped in `[tool.mutate.tests]`; a file not mapped runs the tests of
its top-level package (`tests/<package>`). Not run in CI: it takes minutes per file.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import hypothesis  # noqa: F401  imported once here, not by every forked run
import pytest

ROOT = Path(__file__).resolve().parents[1]
FLIP = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
ARITHMETIC = {ast.Add: ast.Sub, ast.Sub: ast.Add}
LOGIC = {ast.And: ast.Or, ast.Or: ast.And}
PYTEST = ["-x", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0"]

# An edit changes (a copy of) one node in place and returns the text before and after.
Edit = Callable[[ast.AST], tuple[str, str]]


@dataclass(frozen=True)
class Mutant:
    line: int
    ident: str  # "qualname: before -> after", stable across edits elsewhere in the file
    node: int  # index of the edited node in ast.walk order
    edit: Edit


def _short(text: str, limit: int = 70) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _set_op(field: str, index: int | None, new: type) -> Edit:
    def edit(node: ast.AST) -> tuple[str, str]:
        before = ast.unparse(node)
        if index is None:
            setattr(node, field, new())
        else:
            getattr(node, field)[index] = new()
        return before, ast.unparse(node)

    return edit


def _set_value(value: object) -> Edit:
    def edit(node: ast.AST) -> tuple[str, str]:
        before = ast.unparse(node)
        node.value = value  # type: ignore[attr-defined]
        return before, ast.unparse(node)

    return edit


def _negate(node: ast.AST) -> tuple[str, str]:
    before = ast.unparse(node.test)  # type: ignore[attr-defined]
    node.test = ast.UnaryOp(ast.Not(), node.test)  # type: ignore[attr-defined]
    return before, ast.unparse(node.test)  # type: ignore[attr-defined]


def _negate_filter(index: int) -> Edit:
    def edit(node: ast.AST) -> tuple[str, str]:
        ifs = node.ifs  # type: ignore[attr-defined]
        before = ast.unparse(ifs[index])
        ifs[index] = ast.UnaryOp(ast.Not(), ifs[index])
        return before, ast.unparse(ifs[index])

    return edit


def _return_none(node: ast.AST) -> tuple[str, str]:
    before = ast.unparse(node)
    node.value = ast.Constant(None)  # type: ignore[attr-defined]
    return before, ast.unparse(node)


def _edits(node: ast.AST) -> Iterator[Edit]:
    """Every mutation of the operators above that applies to this node itself."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in FLIP:
                yield _set_op("ops", i, FLIP[type(op)])
    elif isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in ARITHMETIC:
        yield _set_op("op", None, ARITHMETIC[type(node.op)])
    elif isinstance(node, ast.BoolOp):
        yield _set_op("op", None, LOGIC[type(node.op)])
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield _set_value(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield _set_value(node.value + 1)
        yield _set_value(node.value - 1)
    elif isinstance(node, ast.If | ast.While | ast.IfExp):
        yield _negate
    elif isinstance(node, ast.comprehension):
        yield from (_negate_filter(i) for i in range(len(node.ifs)))
    elif isinstance(node, ast.Return) and node.value is not None:
        if not (isinstance(node.value, ast.Constant) and node.value.value is None):
            yield _return_none


def _not_rules(tree: ast.AST) -> set[int]:
    """ids of nodes inside annotations and decorators, which are never mutated."""
    roots: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            roots += node.decorator_list
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            roots.append(node.returns)
        if isinstance(node, ast.arg | ast.AnnAssign) and node.annotation:
            roots.append(node.annotation)
    return {id(inner) for root in roots for inner in ast.walk(root)}


def _context(tree: ast.AST) -> dict[int, tuple[str, ast.AST]]:
    """id(node) -> (the function, class or constant it is in, its parent node)."""
    found: dict[int, tuple[str, ast.AST]] = {}

    def visit(node: ast.AST, name: str, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner, function = name, in_function
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = f"{name}.{child.name}" if name else child.name
                function = not isinstance(child, ast.ClassDef)
            elif isinstance(child, ast.Assign | ast.AnnAssign) and not in_function:
                # a module or class constant is named by what it is assigned to
                target = ast.unparse(getattr(child, "target", None) or child.targets[0])
                inner = f"{name}.{target}" if name else target
            found[id(child)] = (inner or "<module>", node)
            visit(child, inner, function)

    visit(tree, "", False)
    return found


def _describe(node: ast.AST, parent: ast.AST, edit: Edit) -> tuple[str, str]:
    """Before and after, as text. A constant is shown in its parent expression
    (`get('vase', 0) -> get('vase', 1)`), which says which one it is."""
    if not (isinstance(node, ast.Constant) and isinstance(parent, ast.expr)):
        return edit(copy.deepcopy(node))
    where = list(ast.walk(parent)).index(node)
    shown = copy.deepcopy(parent)
    edit(list(ast.walk(shown))[where])
    return ast.unparse(parent), ast.unparse(shown)


def mutants(source: str) -> list[Mutant]:
    tree = ast.parse(source)
    skip, context = _not_rules(tree), _context(tree)
    found: list[Mutant] = []
    seen: dict[str, int] = {}
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skip or id(node) not in context:
            continue
        scope, parent = context[id(node)]
        for edit in _edits(node):
            before, after = _describe(node, parent, edit)
            ident = f"{scope}: {_short(before)} -> {_short(after)}"
            seen[ident] = seen.get(ident, 0) + 1
            if seen[ident] > 1:
                ident += f" #{seen[ident]}"
            line = next(n.lineno for n in ast.walk(node) if hasattr(n, "lineno"))
            found.append(Mutant(line, ident, index, edit))
    return sorted(found, key=lambda m: m.line)


def mutated(source: str, mutant: Mutant) -> str:
    tree = ast.parse(source)
    mutant.edit(list(ast.walk(tree))[mutant.node])
    return ast.unparse(tree)


def _config() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file).get("tool", {}).get("mutate", {})


def _equivalents(config: dict) -> dict[str, dict[str, str]]:
    path = config.get("equivalents")
    if not path:
        return {}
    with open(ROOT / path, "rb") as file:
        return tomllib.load(file)


def _copy_tree(target: Path) -> None:
    """The work tree as git sees it (tracked and new files), without caches or the venv."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


class Runner:
    """Runs pytest in a forked child of this process, which has already imported pytest and
    hypothesis (most of a run's start-up time) but never the project: each child imports the
    project afresh from the copy, mutant included."""

    def __init__(self, work: Path) -> None:
        self.work = work

    def run(self, tests: list[str], timeout: float | None) -> str:
        """'passed', 'failed' or 'timeout'. The hypothesis database is cleared each time, so
        one mutant's failing example never helps to kill the next."""
        shutil.rmtree(self.work / ".hypothesis", ignore_errors=True)
        pid = os.fork()
        if pid == 0:  # the child: quiet, in the copy, killed by SIGALRM at the timeout
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.alarm(int(timeout or 0) and int(timeout) + 1)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            os.chdir(self.work)
            os._exit(int(pytest.main([*PYTEST, *tests])))
        code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        if code == -signal.SIGALRM:
            return "timeout"
        if code == 5:
            raise SystemExit(f"mutate: no tests collected from {' '.join(tests)}")
        return "passed" if code == 0 else "failed"


def mutate_file(
    runner: Runner, name: str, tests: list[str], equivalent: dict[str, str], only: str
) -> tuple[int, int, list[Mutant]]:
    """(killed, tried, survivors) for one file; equivalent mutants are not tried."""
    path = runner.work / name
    source = path.read_text()
    found = mutants(source)
    for stale in sorted(set(equivalent) - {m.ident for m in found}):
        print(f"  note: listed as equivalent but no longer generated: {stale}")
    todo = [m for m in found if m.ident not in equivalent and only in m.ident]
    started = time.monotonic()
    if runner.run(tests, None) != "passed":
        raise SystemExit(f"mutate: the tests for {name} fail without any mutant")
    timeout = 3 * (time.monotonic() - started) + 10
    killed, survivors = 0, []
    try:
        for number, mutant in enumerate(todo, 1):
            path.write_text(mutated(source, mutant))
            outcome = runner.run(tests, timeout)
            said = {"passed": "SURVIVED", "failed": "killed"}.get(outcome, outcome)
            print(f"  [{number}/{len(todo)}] {said:8} L{mutant.line} {mutant.ident}", flush=True)
            if outcome == "passed":
                survivors.append(mutant)
            else:
                killed += 1
    finally:
        path.write_text(source)
    return killed, len(todo), survivors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help="source files (default: [tool.mutate.tests])")
    parser.add_argument("--only", default="", help="only mutants whose id contains this text")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--tests", nargs="+", help="run these tests instead of the mapped ones")
    args = parser.parse_args(argv)
    sys.dont_write_bytecode = True  # a mutant the size of the last, written within the same
    # second, would otherwise run the last one's cached bytecode
    config = _config()
    mapped: dict[str, list[str]] = config.get("tests", {})
    equivalents = _equivalents(config)
    files = args.files or list(mapped)
    if args.list:
        for name in files:
            for m in mutants((ROOT / name).read_text()):
                mark = "  (equivalent)" if m.ident in equivalents.get(name, {}) else ""
                print(f"{name}:{m.line}: {m.ident}{mark}")
        return 0
    scores = []
    # Stopped with SIGTERM, still remove the copy (the work tree itself is never touched).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with tempfile.TemporaryDirectory(prefix="mutate-") as temp:
        runner = Runner(Path(temp))
        _copy_tree(runner.work)
        for name in files:
            tests = args.tests or mapped.get(name) or [f"tests/{Path(name).parts[0]}"]
            print(f"{name} (tests: {' '.join(tests)})", flush=True)
            equivalent = equivalents.get(name, {})
            killed, tried, survivors = mutate_file(runner, name, tests, equivalent, args.only)
            scores.append((name, killed, tried, len(equivalent), survivors))
    print("\nsurvivors:")
    for name, _, _, _, survivors in scores:
        for m in survivors:
            print(f"  {name}:{m.line}: {m.ident}")
    print("\nscore per file (killed / tried; equivalent mutants excluded):")
    for name, killed, tried, excluded, _ in scores:
        percent = 100 * killed / tried if tried else 100.0
        print(f"  {percent:5.1f} %  {killed:4}/{tried:<4} {name}  ({excluded} equivalent)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
