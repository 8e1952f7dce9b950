"""Path and object provenance: where a loaded path or a compiled model came from.

Why: a load can become `aoti_load_package` only if its path will be a .pt2 after the migration,
and an `aot_compile` argument may skip `torch.export.export` only if it provably already is an
ExportedProgram. Both are questions about where a value came from; unknown answers stay unknown.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterable

from . import rules as R
from .names import NameResolver, returns_of
from .source import SourceText

# Calls whose result is an ExportedProgram.
PROGRAM_PRODUCERS = ("torch.export.export", "torch.export.load", "torch.export._trace._export")


def no_programs(name: str) -> bool:
    """Default for `programs`: no name is known to be an ExportedProgram from outside the file."""
    return False


class Provenance:
    """Verdicts on values in one module, plus what the compile pass decided (status, outputs)."""

    def __init__(self, names: NameResolver, text: SourceText, *, trust_load_paths: bool,
                 programs: Callable[[str], bool] = no_programs) -> None:
        self.names = names
        self.text = text
        self.trust = trust_load_paths
        self.programs = programs
        self.status: dict[int, bool] = {}      # id(compile call) -> migrated?
        self.migrated_outputs: set[str] = set()
        self.any_migrated = False              # set once every compile call is decided
        self.any_left = False
        self._uses: dict[int, str | None] = {}

    def settle_compiles(self, calls: Iterable[ast.Call]) -> None:
        """Record the compile pass's outcome, which load paths from outside the file rely on."""
        self.any_migrated = any(self.status.values()) or any(
            self.names.qualname(c.func) in R.PACKAGE_PRODUCERS for c in calls)
        self.any_left = not all(self.status.values())

    def origin(self, values: Iterable[ast.AST], depth: int = 0) -> bool | None:
        """Will these values be package paths after the migration? True, False (a .so from a
        compile left alone) or None (unknown). Follows names and this file's functions' returns."""
        names = self.names
        verdicts: list[bool | None] = []
        for v in values:
            if isinstance(v, ast.Call):
                q = names.qualname(v.func)
                if q in R.BY_QUALNAME and R.BY_QUALNAME[q].code != "AOTM102":
                    verdicts.append(self.status.get(id(v)))
                elif q in R.PACKAGE_PRODUCERS:
                    verdicts.append(True)
                elif isinstance(v.func, ast.Name) and depth < 4 and len(names.defs.get(v.func.id, [])) == 1 \
                        and names.others.get(v.func.id) == 1:
                    verdicts.append(self.origin(returns_of(names.defs[v.func.id][0]), depth + 1))
            elif isinstance(v, ast.Name) and depth < 4:
                verdicts.append(self.origin(names.values_of(v), depth + 1))
        known = [x for x in verdicts if x is not None]
        return all(known) if known else None

    def path_origin(self, path: ast.expr) -> bool | None:
        """`origin` of a load path expression: a call, a name or an attribute."""
        if isinstance(path, ast.Call):
            return self.origin([path])
        if isinstance(path, ast.Name):
            return self.origin(self.names.values_of(path))
        if isinstance(path, ast.Attribute):
            return self.origin(self.names.attr_values(path.attr))
        return None

    def is_exported_program(self, name: ast.Name) -> bool:
        """Whether `name` provably holds an ExportedProgram: the caller says so (`programs`), or
        every value it gets in the scope it is read from is a torch.export.export/load call."""
        if self.programs(name.id):
            return True
        values = self.names.scoped_values(name)
        return bool(values) and all(
            isinstance(v, ast.Call) and self.names.qualname(v.func) in PROGRAM_PRODUCERS
            for v in values or ())

    def is_load_path(self, node: ast.AST) -> bool:
        """Whether node is the path argument of a legacy aot_load call."""
        p = self.names.parents.get(node)
        if isinstance(p, ast.keyword) and p.arg == "so_path":
            p = self.names.parents.get(p)
        elif not (isinstance(p, ast.Call) and p.args and p.args[0] is node):
            return False
        return isinstance(p, ast.Call) and self.names.qualname(p.func) == "torch._export.aot_load"

    def unsafe_use(self, node: ast.AST) -> str | None:
        """Why this use of a compile result needs a bare .so (None when a .pt2 path serves);
        remembered per node, as each compile asks of every read of its result's name."""
        if id(node) not in self._uses:
            self._uses[id(node)] = self._unsafe_use(node)
        return self._uses[id(node)]

    def _unsafe_use(self, node: ast.AST) -> str | None:
        parents = self.names.parents
        p = parents.get(node)
        if isinstance(p, ast.Subscript) and p.value is node:
            return "it is indexed or sliced"
        if isinstance(p, ast.Attribute) and p.value is node:
            return f"`.{p.attr}` is used on it"
        if isinstance(p, ast.BinOp):
            return "it takes part in string arithmetic"
        if isinstance(p, (ast.For, ast.AsyncFor, ast.comprehension)) and p.iter is node:
            return "it is iterated over"
        if isinstance(p, ast.keyword):
            p = parents.get(p)
        if isinstance(p, ast.Call) and p.func is not node:
            q = self.names.qualname(p.func)
            if q in R.SO_CONSUMERS:
                return f"it is passed to {q}"
        return None

    def result_targets(self, call: ast.Call) -> list[tuple[str, str]]:
        """What a call's result is assigned to: ("name", x) or ("attr", x) per target."""
        parent = self.names.parents.get(call)
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

    def result_problem(self, call: ast.Call) -> str | None:
        """Why a compile call's result must stay a .so (None when a .pt2 path serves all uses)."""
        why = self.unsafe_use(call)
        if why:
            return f"the result: {why}"
        for target in self.result_targets(call):
            for use in self.names.loads_of(target, at=call):
                why = self.unsafe_use(use)
                if why:
                    line, col = self.text.line_col(self.text.span(use)[0])
                    return f"the result `{target[1]}` at {line}:{col}: {why}"
        return None
