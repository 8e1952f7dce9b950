"""The layering holds: arrows point inward only (faces -> api -> runtime -> analysis -> {checks,
migrate} -> package -> core), no import cycle (function-local imports count), the core imports no
torch, and no module, function or class outgrows the limits a reviewer can hold in mind."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "aotidebug"
LAYERS = {"core": 0, "package": 1, "checks": 2, "migrate": 2, "analysis": 3, "runtime": 4, "api": 5, "faces": 6}
MAX_MODULE_LINES, MAX_FUNCTION_LINES, MAX_CLASS_LINES = 700, 120, 400


def _modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        name = ".".join(p.relative_to(PKG.parent).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = p
    return out


def _type_checking_lines(tree: ast.AST) -> set[int]:
    return {n.lineno for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for n in ast.walk(node) if hasattr(n, "lineno")}


def _imports(name: str, path: Path) -> set[str]:
    """Every aotidebug module `name` imports, at any depth (function-local too), TYPE_CHECKING aside."""
    tree = ast.parse(path.read_text())
    skip = _type_checking_lines(tree)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    mods = _modules()
    out: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            for target in [stem] + [f"{stem}.{a.name}" for a in node.names]:
                if target in mods and target != name:
                    out.add(target)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in mods and a.name != name}
    return out


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.get(parts[1]) if len(parts) > 1 else None  # the facade (aotidebug/__init__) is outside


GRAPH = {name: _imports(name, path) for name, path in _modules().items()}


def test_graph_sees_function_local_imports():
    # analysis imports checks.consistency inside a function: the walker must see it
    assert "aotidebug.checks.consistency" in GRAPH["aotidebug.analysis"]


def test_arrows_point_inward_only():
    bad = []
    for src, targets in GRAPH.items():
        for dst in targets:
            a, b = _layer(src), _layer(dst)
            if a is None or b is None:
                continue
            if b > a or (a == b == 2 and src.split(".")[1] != dst.split(".")[1]):
                bad.append(f"{src} -> {dst}")
    assert not bad, bad


def test_no_import_cycle():
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(GRAPH.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                cycle = visit(m)
                if cycle:
                    return cycle
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(GRAPH):
        if n not in state:
            cycle = visit(n)
            assert cycle is None, " -> ".join(cycle)


def test_core_imports_no_torch_and_no_outer_layer():
    for name, path in _modules().items():
        if not name.startswith("aotidebug.core"):
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            mod = node.module if isinstance(node, ast.ImportFrom) and not node.level else None
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [mod] if mod else []
            assert not any(n and n.split(".")[0] == "torch" for n in names), f"{name} imports torch"


@pytest.mark.parametrize("name", sorted(_modules()))
def test_size_limits(name):
    path = _modules()[name]
    text = path.read_text()
    assert text.count("\n") <= MAX_MODULE_LINES, f"{name}: {text.count(chr(10))} lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n = node.end_lineno - node.lineno + 1
            assert n <= MAX_FUNCTION_LINES, f"{name}.{node.name}: {n} lines"
        elif isinstance(node, ast.ClassDef):
            n = node.end_lineno - node.lineno + 1
            assert n <= MAX_CLASS_LINES, f"{name}.{node.name}: {n} lines"
