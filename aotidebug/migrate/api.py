"""Rewrite legacy `aot_compile`/`aot_load` code to `aoti_compile_and_package`/`aoti_load_package`.

Why: a legacy `.so` records no device, so the load device is the user's guess (the commonest AOTI
crash); a `.pt2` records it. The rewrite uses only the standard library `ast` and its exact
positions: every edit replaces one node's source span, and everything outside the edited spans
stays byte for byte (comments, quotes, formatting), so a diff shows only the migration. A call
that cannot be migrated safely is left unchanged and reported as a note with line:column and why.
The catalogue (codes, parameter lists, what has no counterpart) is data in `migrate_rules.py`.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TextIO

from . import rules as R
from ..core.errors import AOTIDebugError


class MigrateInputError(AOTIDebugError):
    """`migrate_source`/`run_paths` was given something it cannot read (wrong type, missing path)."""

    code = "migrate-input"


# -- results -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Change:
    """One rewritten span: where it starts (1-based line and column), old and new text, rule code."""

    line: int
    column: int
    old: str
    new: str
    code: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "column": self.column, "old": self.old, "new": self.new,
                "code": self.code}


@dataclass(frozen=True)
class Note:
    """Something the user must know: a call left alone (AOTM9xx), reported (AOTM2xx) or an
    argument without counterpart dropped from a rewrite (AOTM1xx)."""

    line: int
    column: int
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.code} {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "column": self.column, "code": self.code, "message": self.message}


@dataclass(frozen=True)
class MigrationResult:
    """The migrated source, what changed, and what was left alone (with why)."""

    code: str
    changes: tuple[Change, ...] = ()
    notes: tuple[Note, ...] = ()
    original: str = ""
    path: str = "<string>"
    error: str = ""  # set when the source could not be parsed (then code == original)

    @property
    def changed(self) -> bool:
        return self.code != self.original

    def __bool__(self) -> bool:
        return self.changed

    def diff(self) -> str:
        """A unified diff from the original to the migrated source ('' when nothing changed)."""
        if not self.changed:
            return ""
        lines = difflib.unified_diff(_lines(self.original), _lines(self.code),
                                     fromfile=f"a/{self.path}", tofile=f"b/{self.path}")
        return "".join(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n"
                       for line in lines)

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "changed": self.changed, "error": self.error,
                "changes": [c.to_dict() for c in self.changes],
                "notes": [n.to_dict() for n in self.notes], "code": self.code}


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_SO_SUFFIX = re.compile(r"\.so(?P<quote>['\"]+)\Z")
_WHOLE_LINE_TAIL = re.compile(r"[ \t]*(?:#[^\r\n]*)?(?:\r\n|\r|\n|\Z)")


def _lines(text: str) -> list[str]:
    """Lines as the tokenizer counts them (only \\n, \\r\\n and \\r end a line)."""
    return _LINE.findall(text)


# -- source positions and edits ------------------------------------------------------------------

class _Text:
    """Maps ast positions (1-based line, UTF-8 byte column) to offsets in the str."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.lines = _lines(code)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, lineno: int, col: int) -> int:
        if lineno - 1 >= len(self.lines):
            return len(self.code)
        line = self.lines[lineno - 1]
        return self.starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8", "ignore"))

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.offset(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]

    def seg(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.code[start:end]

    def line_col(self, offset: int) -> tuple[int, int]:
        import bisect

        i = max(0, bisect.bisect_right(self.starts, offset) - 1)
        return i + 1, offset - self.starts[i] + 1

    def newline_at(self, lineno: int) -> str:
        line = self.lines[lineno - 1] if lineno - 1 < len(self.lines) else ""
        return "\r\n" if line.endswith("\r\n") else "\r" if line.endswith("\r") else "\n"


Render = Callable[[ast.AST], str]


@dataclass
class _Edit:
    start: int
    end: int
    build: Callable[[Render], str]
    code: str
    node: ast.AST | None = None


@dataclass
class _Plan:
    """A decided rewrite of one call: the builder, the string literals to retarget, info notes."""

    build: Callable[[Render], str]
    literals: list[ast.AST] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    output_literal: str | None = None


@dataclass
class _Leave:
    code: str
    why: str


class _Migrator:
    """One pass over one module: plan every rewrite, then render the edits (nested ones too)."""

    def __init__(self, code: str, path: str, *, trust_load_paths: bool, assume: dict[str, str],
                 add_imports: bool, programs: Callable[[str], bool] = lambda name: False) -> None:
        self.programs = programs
        self.text = _Text(code)
        self.tree = ast.parse(code, filename=path)
        self.trust = trust_load_paths
        self.assume = assume
        self.add_imports = add_imports
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.edits: list[_Edit] = []
        self.notes: list[Note] = []
        self.consumed: set[int] = set()        # ids of func-root Names that vanish in rewrites
        self.need_import: list[ast.stmt] = []  # import statements that need `import torch` beside them
        self.status: dict[int, bool] = {}      # id(compile call) -> migrated?
        self.migrated_outputs: set[str] = set()
        self._scan_bindings()

    # -- names -----------------------------------------------------------------------------------
    def _scan_bindings(self) -> None:
        self.imports: dict[str, list[tuple[str, ast.stmt]]] = {}
        self.others: dict[str, int] = {}
        self.funcs: set[str] = set()
        self.defs: dict[str, list[ast.AST]] = {}
        self.assigned: dict[str, list[ast.expr]] = {}

        def other(name: str) -> None:
            self.others[name] = self.others.get(name, 0) + 1

        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname:
                        self.imports.setdefault(a.asname, []).append((a.name, node))
                    else:
                        root = a.name.split(".")[0]
                        self.imports.setdefault(root, []).append((root, node))
            elif isinstance(node, ast.ImportFrom):
                for a in node.names:
                    if a.name == "*":
                        continue
                    if node.level == 0 and node.module:
                        self.imports.setdefault(a.asname or a.name, []).append(
                            (f"{node.module}.{a.name}", node))
                    else:
                        other(a.asname or a.name)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                other(node.name)
                if not isinstance(node, ast.ClassDef):
                    self.funcs.add(node.name)
                    self.defs.setdefault(node.name, []).append(node)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                other(node.id)
                parent = self.parents.get(node)
                value = getattr(parent, "value", None)
                if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and value is not None:
                    self.assigned.setdefault(node.id, []).append(value)
                    if isinstance(value, ast.Lambda):
                        self.funcs.add(node.id)
            elif isinstance(node, ast.arg):
                other(node.arg)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                other(node.name)
            elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
                other(node.name)

    def resolve(self, name: str) -> str | None:
        """The qualified name a local name stands for, or None when unknown or ambiguous."""
        if name in self.others:
            return None
        bound = self.imports.get(name)
        if not bound:
            return self.assume.get(name)
        quals = {q for q, _ in bound}
        return quals.pop() if len(quals) == 1 else None

    def qualname(self, expr: ast.AST) -> str | None:
        if isinstance(expr, ast.Name):
            return self.resolve(expr.id)
        if isinstance(expr, ast.Attribute):
            base = self.qualname(expr.value)
            return f"{base}.{expr.attr}" if base else None
        return None

    @staticmethod
    def root(expr: ast.AST) -> ast.Name | None:
        while isinstance(expr, ast.Attribute):
            expr = expr.value
        return expr if isinstance(expr, ast.Name) else None

    def module_torch(self) -> str | None:
        for stmt in self.tree.body:
            if isinstance(stmt, ast.Import):
                for a in stmt.names:
                    name = a.asname if a.asname else a.name.split(".")[0]
                    if (a.name == "torch" or not a.asname) and self.resolve(name) == "torch":
                        return name
        return None

    def prefix(self, call: ast.Call) -> str | _Leave:
        """The name to spell `torch` with at this call, recording an import when one is needed."""
        root = self.root(call.func)
        assert root is not None  # qualname resolved, so the func is a Name/Attribute chain
        if self.resolve(root.id) == "torch":
            return root.id
        top = self.module_torch()
        if top:
            return top
        if "torch" in self.others:
            return _Leave("AOTM911", "`torch` is rebound in this file; migrate by hand")
        stmts = [s for q, s in self.imports.get(root.id, [])]
        if stmts and self.add_imports:
            self.need_import.extend(stmts)
        elif "torch" in self.imports and not stmts and root.id not in self.assume:
            return _Leave("AOTM911", "`torch` is only imported inside a function; migrate by hand")
        return "torch"

    # -- helpers ---------------------------------------------------------------------------------
    def note(self, node: ast.AST, code: str, why: str) -> None:
        line, col = self.text.line_col(self.text.span(node)[0])
        self.notes.append(Note(line, col, code, f"{R.NOTES[code]}: {why}"))

    def bind(self, call: ast.Call, api: R.LegacyApi) -> dict[str, ast.expr] | _Leave:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return _Leave("AOTM901", "the call uses *args/**kwargs, so its arguments are unknown "
                          "until run time; migrate by hand")
        if len(call.args) > len(api.params):
            return _Leave("AOTM902", f"{len(call.args)} positional arguments; {api.qualname} takes "
                          f"at most {len(api.params)}")
        bound: dict[str, ast.expr] = dict(zip(api.params, call.args))
        for k in call.keywords:
            if k.arg not in api.keywords or k.arg in bound:
                return _Leave("AOTM902", f"unexpected or repeated keyword `{k.arg}`")
            bound[k.arg] = k.value
        return {k: v for k, v in bound.items()
                if not (k in ("kwargs", "options", "dynamic_shapes") and _is_none(v))}

    def so_literals(self, expr: ast.AST) -> list[ast.AST]:
        """String literals (plain or f-strings) inside expr that end in `.so`."""
        found: list[ast.AST] = []

        def visit(node: ast.AST) -> None:
            if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                if _SO_SUFFIX.search(self.text.seg(node)):
                    found.append(node)
                return
            for child in ast.iter_child_nodes(node):
                visit(child)

        visit(expr)
        return found

    def single_str(self, name: str) -> ast.Constant | None:
        values = self.assigned.get(name, [])
        if len(values) == 1 and self.others.get(name) == 1 and name not in self.imports:
            v = values[0]
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                return v
        return None

    def scope(self, node: ast.AST, name: str) -> ast.AST:
        """Where a name used at `node` lives: its enclosing function, unless declared global there."""
        p = self.parents.get(node)
        while p is not None:
            if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                declared = any(isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names
                               for n in ast.walk(p))
                params = {a.arg for a in ast.walk(p.args) if isinstance(a, ast.arg)}
                binds = name in params or any(isinstance(n, ast.Name) and n.id == name and isinstance(
                    n.ctx, ast.Store) for n in ast.walk(p))
                if binds and not declared:
                    return p
            p = self.parents.get(p)
        return self.tree

    def values_of(self, name: ast.Name) -> list[ast.expr]:
        """Values assigned to `name` in the scope it is read from."""
        scope = self.scope(name, name.id)
        return [v for v in self.assigned.get(name.id, [])
                if scope is self.tree or any(v is n for n in ast.walk(scope))]

    def loads_of(self, target: tuple[str, str], at: ast.AST | None = None) -> list[ast.AST]:
        kind, name = target
        if kind == "name":
            scope = self.scope(at, name) if at is not None else self.tree
            return [n for n in ast.walk(scope)
                    if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
        return [n for n in ast.walk(self.tree)
                if isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Load)]

    def result_targets(self, call: ast.Call) -> list[tuple[str, str]]:
        parent = self.parents.get(call)
        targets: list[ast.AST] = []
        if isinstance(parent, ast.Assign) and parent.value is call:
            targets = list(parent.targets)
        elif isinstance(parent, (ast.AnnAssign, ast.NamedExpr)) and parent.value is call:
            targets = [parent.target]
        out = []
        for t in targets:
            if isinstance(t, ast.Name):
                out.append(("name", t.id))
            elif isinstance(t, ast.Attribute):
                out.append(("attr", t.attr))
        return out

    def unsafe_use(self, node: ast.AST) -> str | None:
        """Why this use of a compile result needs a bare .so (None when a .pt2 path serves)."""
        p = self.parents.get(node)
        if isinstance(p, ast.Subscript) and p.value is node:
            return "it is indexed or sliced"
        if isinstance(p, ast.Attribute) and p.value is node:
            return f"`.{p.attr}` is used on it"
        if isinstance(p, ast.BinOp):
            return "it takes part in string arithmetic"
        if isinstance(p, (ast.For, ast.AsyncFor, ast.comprehension)) and p.iter is node:
            return "it is iterated over"
        if isinstance(p, ast.keyword):
            p = self.parents.get(p)
        if isinstance(p, ast.Call) and p.func is not node:
            q = self.qualname(p.func)
            if q in R.SO_CONSUMERS:
                return f"it is passed to {q}"
        return None

    def result_problem(self, call: ast.Call) -> str | None:
        why = self.unsafe_use(call)
        if why:
            return f"the result: {why}"
        for target in self.result_targets(call):
            for use in self.loads_of(target, at=call):
                why = self.unsafe_use(use)
                if why:
                    line, col = self.text.line_col(self.text.span(use)[0])
                    return f"the result `{target[1]}` at {line}:{col}: {why}"
        return None

    # -- planning --------------------------------------------------------------------------------
    def options(self, node: ast.expr | None) -> tuple[list[Callable[[Render], str]], _Plan] | _Leave:
        plan = _Plan(build=lambda r: "")
        parts: list[Callable[[Render], str]] = []
        if node is None:
            return parts, plan
        if not (isinstance(node, ast.Dict) and all(
                isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys)):
            mentioned = {n.value for n in ast.walk(self.tree) if isinstance(n, ast.Constant)
                         and n.value in (R.PACKAGE_KEY, R.OUTPUT_PATH_KEY)}
            if R.PACKAGE_KEY in mentioned:
                return _Leave("AOTM904", f"`{_short(self.text.seg(node))}` may set {R.PACKAGE_KEY!r} (this "
                              "file names it), so the result may be a list of files; migrate by hand")
            if R.OUTPUT_PATH_KEY in mentioned:
                return _Leave("AOTM906", f"`{_short(self.text.seg(node))}` may set {R.OUTPUT_PATH_KEY!r} "
                              "(this file names it), which the package API refuses; move it to package_path")
            plan.notes.append(("AOTM111", f"`{_short(self.text.seg(node))}`; aoti_compile_and_package refuses "
                               f"{R.OUTPUT_PATH_KEY!r} there: move it to package_path=... (a .pt2 file)"))
            parts.append(lambda r: "inductor_configs=" + r(node))
            return parts, plan
        items = list(zip([k.value for k in node.keys], node.keys, node.values))  # type: ignore[union-attr]
        rest = []
        for key, k, v in items:
            if key == R.PACKAGE_KEY:
                if isinstance(v, ast.Constant) and v.value is False:
                    plan.notes.append(("AOTM110", f"{R.PACKAGE_KEY!r}: False (the package API always packages)"))
                    continue
                return _Leave("AOTM904", "the legacy call returns a list of files, the package API one "
                              ".pt2 path; migrate by hand (drop package_aoti, load the .pt2)")
            if key == R.OUTPUT_PATH_KEY:
                got = self.package_path(v, plan)
                if isinstance(got, _Leave):
                    return got
                parts.append(lambda r, v=v: "package_path=" + r(v))
                continue
            rest.append((k, v))
        if rest:
            if len(rest) == len(items):
                parts.append(lambda r: "inductor_configs=" + r(node))
            else:
                parts.append(lambda r: "inductor_configs={" + ", ".join(
                    f"{r(k)}: {r(v)}" for k, v in rest) + "}")
        return parts, plan

    def package_path(self, v: ast.expr, plan: _Plan) -> None | _Leave:
        seg = self.text.seg(v)
        lits = self.so_literals(v)
        if lits:
            plan.literals.extend(lits)
            if isinstance(v, ast.Constant):
                plan.output_literal = v.value
            return None
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            if v.value.endswith(".pt2"):
                plan.output_literal = v.value
                return None
            return _Leave("AOTM906", f"{R.OUTPUT_PATH_KEY} {seg} names a directory or a non-.so file; "
                          "package_path must be a file ending in .pt2: choose one and migrate by hand")
        if isinstance(v, ast.Name):
            const = self.single_str(v.id)
            if const is not None and (const.value.endswith(".pt2") or self.so_literals(const)):
                others = [u for u in self.loads_of(("name", v.id)) if u is not v]
                if all(self.is_load_path(u) for u in others):
                    plan.literals.extend(self.so_literals(const))
                    plan.output_literal = const.value
                    return None
        return _Leave("AOTM906", f"{R.OUTPUT_PATH_KEY} `{_short(seg)}` is computed; package_path must end "
                      "in .pt2: write it by hand")

    def is_load_path(self, node: ast.AST) -> bool:
        p = self.parents.get(node)
        if isinstance(p, ast.keyword) and p.arg == "so_path":
            p = self.parents.get(p)
        elif not (isinstance(p, ast.Call) and p.args and p.args[0] is node):
            return False
        return isinstance(p, ast.Call) and self.qualname(p.func) == "torch._export.aot_load"

    def no_counterpart(self, bound: dict[str, ast.expr], plan: _Plan) -> None | _Leave:
        for name, default in R.NO_COUNTERPART_DEFAULTS.items():
            if name in bound:
                v = bound[name]
                if isinstance(v, ast.Constant) and v.value is default:
                    plan.notes.append(("AOTM110", f"`{name}={v.value}` is the default"))
                else:
                    return _Leave("AOTM907", f"`{name}={_short(self.text.seg(v))}`: torch.export.export "
                                  "has no such option; migrate by hand")
        return None

    def plan_export_compile(self, call: ast.Call, api: R.LegacyApi) -> _Plan | _Leave:
        bound = self.bind(call, api)
        if isinstance(bound, _Leave):
            return bound
        if "f" not in bound or "args" not in bound:
            return _Leave("AOTM902", "the model or the example args are missing")
        f = bound["f"]
        if isinstance(f, ast.Lambda) or (isinstance(f, ast.Name) and f.id in self.funcs):
            return _Leave("AOTM905", f"`{_short(self.text.seg(f))}` is a function; wrap it in an "
                          "nn.Module and migrate by hand")
        got = self.options(bound.get("options"))
        if isinstance(got, _Leave):
            return got
        parts, plan = got
        why = self.no_counterpart(bound, plan) or self.check_result(call)
        if why:
            return why
        prefix = self.prefix(call)
        if isinstance(prefix, _Leave):
            return prefix

        def build(r: Render) -> str:
            export_args = [r(f), r(bound["args"])]
            if "kwargs" in bound:
                export_args.append(r(bound["kwargs"]))
            if "dynamic_shapes" in bound:
                export_args.append("dynamic_shapes=" + r(bound["dynamic_shapes"]))
            ep = f"{prefix}.export.export({', '.join(export_args)})"
            return f"{prefix}._inductor.aoti_compile_and_package({self.join(call, [ep] + [p(r) for p in parts])})"

        plan.build = build
        return plan

    def plan_inductor_compile(self, call: ast.Call, api: R.LegacyApi) -> _Plan | _Leave:
        bound = self.bind(call, api)
        if isinstance(bound, _Leave):
            return bound
        gm = bound.get("gm")
        if gm is None:
            return _Leave("AOTM902", "the graph module is missing")
        got = self.options(bound.get("options"))
        if isinstance(got, _Leave):
            return got
        parts, plan = got
        why = self.check_result(call)
        if why:
            return why
        if "args" not in bound and not _is_module_call(gm) and not (
                isinstance(gm, ast.Name) and self.is_exported_program(gm.id)):
            return _Leave("AOTM902", "the example args are missing")
        prefix = self.prefix(call)
        if isinstance(prefix, _Leave):
            return prefix
        if _is_module_call(gm):
            ep_node: ast.AST = gm.func.value  # type: ignore[attr-defined]
            if "args" in bound or "kwargs" in bound:
                plan.notes.append(("AOTM112", "the ExportedProgram carries its own example inputs"))

            def ep(r: Render) -> str:
                return r(ep_node)
        elif isinstance(gm, ast.Name) and self.is_exported_program(gm.id):
            def ep(r: Render) -> str:
                return r(gm)
        else:
            plan.notes.append(("AOTM113", f"`{_short(self.text.seg(gm))}` is re-exported with "
                               "torch.export.export; if it is already an ExportedProgram, pass it directly"))

            def ep(r: Render) -> str:
                a = [r(gm), r(bound["args"])] + ([r(bound["kwargs"])] if "kwargs" in bound else [])
                return f"{prefix}.export.export({', '.join(a)})"

        plan.build = lambda r: (f"{prefix}._inductor.aoti_compile_and_package("
                                f"{self.join(call, [ep(r)] + [p(r) for p in parts])})")
        return plan

    def is_exported_program(self, name: str) -> bool:
        if self.programs(name):
            return True
        values = self.assigned.get(name, [])
        return bool(values) and all(
            isinstance(v, ast.Call) and self.qualname(v.func) in (
                "torch.export.export", "torch.export.load", "torch.export._trace._export")
            for v in values)

    def check_result(self, call: ast.Call) -> _Leave | None:
        why = self.result_problem(call)
        return _Leave("AOTM903", f"{why}; a .pt2 is not a shared library: migrate by hand") if why else None

    def plan_load(self, call: ast.Call, api: R.LegacyApi) -> _Plan | _Leave:
        bound = self.bind(call, api)
        if isinstance(bound, _Leave):
            return bound
        path, dev = bound.get("so_path"), bound.get("device")
        if path is None or dev is None:
            return _Leave("AOTM902", "the path or the device is missing")
        plan = _Plan(build=lambda r: "")
        index: Callable[[Render], str] | None = None
        if isinstance(dev, ast.Constant) and isinstance(dev.value, str):
            kind, _, idx = dev.value.partition(":")
            if kind not in R.DEVICE_TYPES or (idx and not idx.isdigit()):
                return _Leave("AOTM908", f"device {dev.value!r} is not one aot_load accepts")
            if idx and kind in R.INDEXED_DEVICE_TYPES:
                index = lambda r, n=int(idx): f"device_index={n}"  # noqa: E731
            elif idx:
                plan.notes.append(("AOTM110", f"the index in {dev.value!r} ({kind} ignores it)"))
        elif isinstance(dev, ast.Constant):
            return _Leave("AOTM908", f"device {_short(self.text.seg(dev))} is not a string")
        else:
            simple = isinstance(dev, (ast.Name, ast.Attribute, ast.Call, ast.Subscript))
            plan.notes.append(("AOTM114", f"the package records its device type; the index comes from "
                               f"`{_short(self.text.seg(dev))}` (-1 when it names none)"))
            index = lambda r: (f"device_index=int({r(dev) if simple else '(' + r(dev) + ')'}"  # noqa: E731
                               f".partition(\":\")[2] or -1)")
        why = self.path_problem(path, plan)
        if why:
            return why
        prefix = self.prefix(call)
        if isinstance(prefix, _Leave):
            return prefix
        plan.build = lambda r: (f"{prefix}._inductor.aoti_load_package("
                                f"{self.join(call, [r(path)] + ([index(r)] if index else []))})")
        return plan

    def path_problem(self, path: ast.expr, plan: _Plan) -> _Leave | None:
        """None when the loaded path will be a .pt2 after this migration."""
        verdict: bool | None = None
        if isinstance(path, ast.Call):
            verdict = self.origin([path])
        elif isinstance(path, ast.Name):
            verdict = self.origin(self.values_of(path))
        elif isinstance(path, ast.Attribute):
            verdict = self.origin(self.attr_values(path.attr))
        if verdict is False:
            return _Leave("AOTM909", f"`{_short(self.text.seg(path))}` comes from a compile call that is "
                          "left alone, so it is still a .so")
        lits = self.so_literals(path)
        if verdict is None and (lits or isinstance(path, ast.Constant)):
            value = getattr(path, "value", None)
            if isinstance(value, str) and value.endswith(".pt2"):
                verdict = True
            elif self.trust or (isinstance(value, str) and value in self.migrated_outputs):
                verdict = True
            else:
                return _Leave("AOTM909", f"{_short(self.text.seg(path))} is a .so built elsewhere: rebuild "
                              "it with aoti_compile_and_package, then load the .pt2 with aoti_load_package")
        if verdict is None and not (self.trust or (self.any_migrated and not self.any_left)):
            return _Leave("AOTM909", f"`{_short(self.text.seg(path))}` comes from outside this file; once the "
                          "code that builds it makes a .pt2, load it with torch._inductor.aoti_load_package")
        if lits:
            plan.literals.extend(lits)
            plan.notes.append(("AOTM115", f"{_short(self.text.seg(lits[-1]))} now names a .pt2"))
        return None

    def origin(self, values: Iterable[ast.AST], depth: int = 0) -> bool | None:
        """Will these values be package paths after the migration? True, False (a .so from a
        compile left alone) or None (unknown). Follows names and this file's functions' returns."""
        verdicts: list[bool | None] = []
        for v in values:
            if isinstance(v, ast.Call):
                q = self.qualname(v.func)
                if q in R.BY_QUALNAME and R.BY_QUALNAME[q].code != "AOTM102":
                    verdicts.append(self.status.get(id(v)))
                elif q in R.PACKAGE_PRODUCERS:
                    verdicts.append(True)
                elif isinstance(v.func, ast.Name) and depth < 4 and len(self.defs.get(v.func.id, [])) == 1 \
                        and self.others.get(v.func.id) == 1:
                    verdicts.append(self.origin(_returns(self.defs[v.func.id][0]), depth + 1))
            elif isinstance(v, ast.Name) and depth < 4:
                verdicts.append(self.origin(self.values_of(v), depth + 1))
        known = [x for x in verdicts if x is not None]
        return all(known) if known else None

    def attr_values(self, attr: str) -> list[ast.AST]:
        out = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Assign):
                if any(isinstance(t, ast.Attribute) and t.attr == attr for t in node.targets):
                    out.append(node.value)
        return out

    def join(self, call: ast.Call, args: list[str]) -> str:
        """Arguments of a rewritten call: one line, or one per line when the legacy call spanned
        several (indented like its first line, plus four)."""
        if call.lineno == call.end_lineno or len(args) < 2:
            return ", ".join(args)
        line = self.text.lines[call.lineno - 1]
        indent = line[: len(line) - len(line.lstrip())]
        nl = self.text.newline_at(call.lineno)
        return nl + "".join(f"{indent}    {a},{nl}" for a in args) + indent

    # -- running ---------------------------------------------------------------------------------
    def commit(self, call: ast.Call, api: R.LegacyApi, plan: _Plan) -> None:
        start, end = self.text.span(call)
        self.edits.append(_Edit(start, end, plan.build, api.code, call))
        root = self.root(call.func)
        if root is not None:
            self.consumed.add(id(root))
        for lit in plan.literals:
            s, e = self.text.span(lit)
            seg = self.code[s:e]
            new = _SO_SUFFIX.sub(lambda m: ".pt2" + m.group("quote"), seg)
            if not any(x.start == s and x.end == e for x in self.edits):
                self.edits.append(_Edit(s, e, lambda r, new=new: new, "AOTM115"))
        for code, why in plan.notes:
            self.note(call, code, why)
        if plan.output_literal:
            self.migrated_outputs.add(plan.output_literal)

    @property
    def code(self) -> str:
        return self.text.code

    def run(self) -> None:
        calls = sorted((n for n in ast.walk(self.tree) if isinstance(n, ast.Call)),
                       key=lambda n: (n.lineno, n.col_offset))
        legacy = [(c, R.BY_QUALNAME[q]) for c in calls if (q := self.qualname(c.func)) in R.BY_QUALNAME]
        planners = {"AOTM101": self.plan_export_compile, "AOTM103": self.plan_inductor_compile,
                    "AOTM102": self.plan_load}
        compiles = [(c, a) for c, a in legacy if a.code != "AOTM102"]
        for call, api in compiles:
            result = planners[api.code](call, api)
            self.status[id(call)] = isinstance(result, _Plan)
            self.apply(call, api, result)
        self.any_migrated = any(self.status.values()) or any(
            self.qualname(c.func) in R.PACKAGE_PRODUCERS for c in calls)
        self.any_left = not all(self.status.values())
        for call, api in legacy:
            if api.code == "AOTM102":
                self.apply(call, api, planners[api.code](call, api))
        for call in calls:
            q = self.qualname(call.func)
            if q in R.RUNNERS:
                self.note(call, "AOTM201", f"{q.rsplit('.', 1)[-1]} takes a bare .so; load a .pt2 with "
                          "torch._inductor.aoti_load_package(path, device_index=...) instead")
        self.plan_imports()

    def apply(self, call: ast.Call, api: R.LegacyApi, result: _Plan | _Leave) -> None:
        if isinstance(result, _Leave):
            self.note(call, result.code, result.why)
        else:
            self.commit(call, api, result)

    def plan_imports(self) -> None:
        legacy_modules = {q.rsplit(".", 1)[0] for q in R.BY_QUALNAME}
        loads = [n for n in ast.walk(self.tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
        used = {}
        for n in loads:
            if id(n) not in self.consumed:
                used[n.id] = used.get(n.id, 0) + 1
        need = list(dict.fromkeys(self.need_import))
        top = [s for s in need if s in self.tree.body]
        if top:
            need = top[:1]
        stmts = sorted({id(s): s for _, binds in self.imports.items() for _, s in binds}.values(),
                       key=lambda s: (s.lineno, s.col_offset))
        for stmt in stmts:
            if not self.consumed:
                break
            if isinstance(stmt, ast.ImportFrom):
                if stmt.level or stmt.module not in legacy_modules:
                    continue
                legacy_alias = lambda a: f"{stmt.module}.{a.name}" in R.BY_QUALNAME  # noqa: E731
                head = f"from {stmt.module} import "
            else:
                legacy_alias = lambda a: a.asname is not None and a.name in legacy_modules  # noqa: E731
                head = "import "
            drop = [a for a in stmt.names if legacy_alias(a) and not used.get(a.asname or a.name)
                    and self.resolve(a.asname or a.name) is not None]
            wants_torch = stmt in need
            if not drop and not wants_torch:
                continue
            keep = [a for a in stmt.names if a not in drop]
            pieces = []
            if keep:
                pieces.append(self.text.seg(stmt) if not drop else
                              head + ", ".join(a.name + (f" as {a.asname}" if a.asname else "") for a in keep))
            if wants_torch:
                pieces.append("import torch")
            self.replace_stmt(stmt, pieces)

    def replace_stmt(self, stmt: ast.stmt, pieces: list[str]) -> None:
        start, end = self.text.span(stmt)
        line_start = self.text.starts[stmt.lineno - 1]
        own_line = not self.code[line_start:start].strip()
        tail = _WHOLE_LINE_TAIL.match(self.code, end)
        whole = own_line and tail is not None and ";" not in self.code[end:tail.end()].split("#")[0]
        if pieces:
            sep = self.text.newline_at(stmt.end_lineno or stmt.lineno) + self.code[line_start:start] \
                if own_line else "; "
            new = sep.join(pieces)
        else:
            parent = self.parents.get(stmt)
            sole = any(getattr(parent, f, None) == [stmt] for f in ("body", "orelse", "finalbody"))
            if whole and not sole:
                start, end, new = line_start, tail.end(), ""  # type: ignore[union-attr]
            else:
                new = "pass"
        self.edits.append(_Edit(start, end, lambda r, new=new: new, "AOTM190", stmt))

    # -- rendering -------------------------------------------------------------------------------
    def render_range(self, start: int, end: int, memo: dict[int, str]) -> str:
        inner = sorted((e for e in self.edits if start <= e.start and e.end <= end),
                       key=lambda e: (e.start, -e.end))
        out, pos = [], start
        for e in inner:
            if e.start < pos:
                continue  # nested inside an edit already rendered
            out.append(self.code[pos:e.start])
            out.append(self.render_edit(e, memo))
            pos = e.end
        out.append(self.code[pos:end])
        return "".join(out)

    def render_edit(self, e: _Edit, memo: dict[int, str]) -> str:
        key = id(e)
        if key not in memo:
            def r(node: ast.AST) -> str:
                s, t = self.text.span(node)
                return self.render_range(s, t, memo)
            memo[key] = e.build(r)
        return memo[key]

    def result(self, path: str) -> MigrationResult:
        memo: dict[int, str] = {}
        new_code = self.render_range(0, len(self.code), memo)
        changes = []
        for e in sorted(self.edits, key=lambda e: (e.start, -e.end)):
            line, col = self.text.line_col(e.start)
            changes.append(Change(line, col, self.code[e.start:e.end], self.render_edit(e, memo), e.code))
        notes = sorted(self.notes, key=lambda n: (n.line, n.column, n.code))
        return MigrationResult(new_code, tuple(changes), tuple(notes), self.code, path)


def _returns(fn: ast.AST) -> list[ast.expr]:
    """Values a function returns (not those of functions nested in it)."""
    out: list[ast.expr] = []
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return) and node.value is not None:
            out.append(node.value)
        todo.extend(ast.iter_child_nodes(node))
    return out


def _is_module_call(node: ast.AST) -> bool:
    """`X.module()`: the GraphModule of an ExportedProgram X."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "module" and not node.args and not node.keywords)


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- public API ----------------------------------------------------------------------------------

_ASSUME = {"torch": "torch"}


def _migrate(code: str, path: str, *, trust_load_paths: bool = False,
             assume: dict[str, str] | None = None, add_imports: bool = True,
             programs: Callable[[str], bool] = lambda name: False) -> MigrationResult:
    try:
        tree_ok = _Migrator(code, path, trust_load_paths=trust_load_paths,
                            assume=dict(assume or _ASSUME), add_imports=add_imports, programs=programs)
    except (SyntaxError, ValueError) as exc:  # ValueError: source with NUL bytes
        line = getattr(exc, "lineno", None) or 1
        col = getattr(exc, "offset", None) or 1
        msg = getattr(exc, "msg", None) or str(exc)
        note = Note(line, col, "AOTM910", f"{R.NOTES['AOTM910']}: {msg}; nothing was changed")
        return MigrationResult(code, (), (note,), code, path, error=f"{type(exc).__name__}: {msg}")
    tree_ok.run()
    result = tree_ok.result(path)
    if result.changed:
        try:
            ast.parse(result.code)
        except SyntaxError as exc:  # a bug of ours: never hand back code that does not parse
            note = Note(1, 1, "AOTM999", f"{R.NOTES['AOTM999']}: the rewrite did not parse ({exc.msg}); "
                        "nothing was changed, please report this file")
            return MigrationResult(code, (), result.notes + (note,), code, path, error="internal")
    return result


def migrate_source(code: str, *, path: str = "<string>") -> MigrationResult:
    """Migrate one Python module's source text; see the module docstring for the guarantees."""
    if isinstance(code, (bytes, bytearray)):
        try:
            code = bytes(code).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MigrateInputError(f"{path}: source is not UTF-8 ({exc})") from exc
    if not isinstance(code, str):
        raise MigrateInputError(f"migrate_source expects the source text as str, got {type(code).__name__}")
    return _migrate(code, str(path))


def cpp_notes(code: str) -> list[Note]:
    """Report C++ uses of the legacy .so runners (never rewritten: the loader API differs)."""
    text = _Text(code)
    notes = []
    for m in re.finditer(R.CPP_RUNNER_REGEX, code):
        line, col = text.line_col(m.start())
        notes.append(Note(line, col, "AOTM201", f"{R.NOTES['AOTM201']}: "
                          + R.CPP_ADVICE.format(kind=m.group("kind"))))
    return notes


_SKIP_DIRS = {"__pycache__", "node_modules", "site-packages"}


def iter_sources(paths: Iterable[str]) -> Iterator[Path]:
    """Files to look at: named files as given, folders recursed for *.py and C++ sources."""
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in _SKIP_DIRS)
                for name in sorted(filenames):
                    if name.endswith(".py") or name.endswith(R.CPP_SUFFIXES):
                        yield Path(dirpath) / name
        else:
            yield p


def run_paths(paths: list[str], *, mode: str, out: TextIO) -> bool:
    """`aotidebug migrate`: diff (default), write or check each file; True when anything would change.

    Notes (calls left alone, C++ runners, unparsable files) go to `out` as `path:line:col: CODE why`.
    """
    if mode not in ("diff", "write", "check"):
        raise MigrateInputError(f"unknown migrate mode {mode!r} (diff, write or check)")
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise MigrateInputError("no such file or directory: " + ", ".join(missing))
    changed_any = False
    for file in iter_sources(paths):
        try:
            data = file.read_bytes()
        except OSError as exc:
            out.write(f"{file}: cannot read ({exc.strerror or exc}); skipped\n")
            continue
        bom = data.startswith(b"\xef\xbb\xbf")
        try:
            text = data[3 if bom else 0:].decode("utf-8")
        except UnicodeDecodeError:
            out.write(f"{file}: not UTF-8 text; skipped\n")
            continue
        if file.suffix in R.CPP_SUFFIXES:
            for note in cpp_notes(text):
                out.write(f"{file}:{note}\n")
            continue
        res = _migrate(text, str(file))
        for note in res.notes:
            out.write(f"{file}:{note}\n")
        if not res.changed:
            continue
        changed_any = True
        if mode == "diff":
            out.write(res.diff())
        elif mode == "check":
            out.write(f"{file}: would migrate ({len(res.changes)} change(s))\n")
        else:
            file.write_bytes((b"\xef\xbb\xbf" if bom else b"") + res.code.encode("utf-8"))
            out.write(f"{file}: migrated ({len(res.changes)} change(s))\n")
    return changed_any


# -- diagnose(): advice from error text ----------------------------------------------------------

_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)')
_TORCH_FRAME = re.compile(r"(?:^|[/\\])torch[/\\]")
_LEGACY_CALL = re.compile(r"(?<![\w.])(?:torch\.(?:_export|_inductor)\.|_export\.|_inductor\.|[A-Za-z_]\w*\.)?"
                          r"aot_(?:compile|load)\s*\(")
# torch._inductor.aot_compile(ep, ...) fails with the program's repr as the assertion message.
_PROGRAM_ASSERT = re.compile(r"AssertionError: ExportedProgram:")
_PROGRAM_NAME = re.compile(r"^(?:ep|\w*_ep|exported\w*|\w*program\w*)$", re.I)
_DEPRECATION = re.compile(r"torch\._export\.aot_compile\(\)/torch\._export\.aot_load\(\) is being deprecated")
# In a traceback line no imports are visible: read the bare spellings as the legacy API.
_ADVICE_ASSUME = {"torch": "torch", "_export": "torch._export", "_inductor": "torch._inductor",
                  "aot_compile": "torch._export.aot_compile", "aot_load": "torch._export.aot_load"}


@dataclass(frozen=True)
class LegacySite:
    """A legacy call seen in error text: the user's frame (file, line), its source and the rewrite."""

    source: str
    file: str = ""
    line: int = 0
    rewrite: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "file": self.file, "line": self.line, "rewrite": self.rewrite}


def legacy_sites(text: str, limit: int = 5) -> list[LegacySite]:
    """Legacy calls in user code quoted by a traceback (torch's own frames are skipped)."""
    sites: list[LegacySite] = []
    lines = text.splitlines()
    asserted = bool(_PROGRAM_ASSERT.search(text))

    def programs(name: str) -> bool:  # a traceback line shows no assignments: read the name
        return asserted or bool(_PROGRAM_NAME.match(name))

    for i, raw in enumerate(lines):
        if not _LEGACY_CALL.search(raw) or _DEPRECATION.search(raw) or _FRAME.match(raw):
            continue
        frame = _FRAME.match(lines[i - 1]) if i else None
        if frame and _TORCH_FRAME.search(frame.group("file")):
            continue
        if not frame and "aoti_compile_and_package" in raw:
            continue
        source = raw.strip()
        rewrite = ""
        res = _migrate(source, "<traceback>", trust_load_paths=True, assume=_ADVICE_ASSUME,
                       add_imports=False, programs=programs)
        if res.changed:
            rewrite = res.code.strip()
        elif not frame and res.error:
            continue  # prose that mentions aot_load(...), not a source line
        sites.append(LegacySite(source, frame.group("file") if frame else "",
                                int(frame.group("line")) if frame else 0, rewrite))
        if len(sites) >= limit:
            break
    return sites


def advise_from_text(d: Any, text: str) -> Any:
    """Point a Diagnosis at `aotidebug migrate`, with the exact rewrite of each legacy call the
    traceback quotes. Unchanged when the only legacy calls are torch's own internal frames."""
    from ..core import hints
    from ..core.categories import Category
    from ..core.result import Candidate, Evidence

    text = text if isinstance(text, str) else str(text or "")
    sites = legacy_sites(text)
    warned = bool(_DEPRECATION.search(text))
    if not sites and not warned:
        return d
    fixes: list[str] = []
    evidence = []
    for s in sites:
        where = f"{s.file}:{s.line}" if s.file else "the legacy call"
        target = s.file or "PATH"
        if s.rewrite:
            fixes.append(f"Migrate {where}: replace `{s.source}` with `{s.rewrite}` (or run "
                         f"`aotidebug migrate {target}`); the .pt2 records its device.")
        else:
            fixes.append(f"Migrate {where} (`{_short(s.source, 80)}`) to the package API: run "
                         f"`aotidebug migrate {target}`.")
        evidence.append(Evidence("migrate", "legacy-call", f"{where}: {s.source}", s.to_dict()))
    if warned:
        evidence.append(Evidence("migrate", "legacy-call", "the log has the torch._export.aot_compile/"
                                 "aot_load deprecation warning", {}))
    fixes.append(hints.MIGRATE_TO_PACKAGE_API)
    leading = d.category in (Category.DEPRECATED_API, Category.UNKNOWN)
    all_fixes = fixes + list(d.fixes) if leading else list(d.fixes) + fixes
    candidates = tuple(d.candidates)
    if not any(c.category is Category.DEPRECATED_API for c in candidates):
        title = "Legacy aot_compile/aot_load API"
        if d.category is Category.UNKNOWN:
            candidates = (Candidate(Category.DEPRECATED_API, 0.6, "AOTD803", title),) + candidates
        else:
            candidates = candidates + (Candidate(Category.DEPRECATED_API, 0.3, "AOTD803", title),)
    return replace(d, fixes=tuple(dict.fromkeys(all_fixes)), evidence=tuple(d.evidence) + tuple(evidence),
                   candidates=candidates,
                   details={**dict(d.details), "legacy_calls": [s.to_dict() for s in sites]})
