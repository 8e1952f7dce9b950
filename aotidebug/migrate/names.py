"""Name and scope resolution: which local names stand for torch, torch._export.aot_compile, ...

Why: a call is migrated only when its callee provably is a legacy API. A name bound more than
once, or to anything but an import, is unknown, and unknown means "leave it alone".
"""

from __future__ import annotations

import ast
from typing import Any


def root_name(expr: ast.AST) -> ast.Name | None:
    """The Name at the root of an attribute chain (`a` in `a.b.c`), if any."""
    while isinstance(expr, ast.Attribute):
        expr = expr.value
    return expr if isinstance(expr, ast.Name) else None


def returns_of(fn: ast.AST) -> list[ast.expr]:
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


def is_module_call(node: ast.AST) -> bool:
    """`X.module()`: the GraphModule of an ExportedProgram X."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "module" and not node.args and not node.keywords)


def is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


class NameResolver:
    """Every binding in one module, gathered once, and the questions the planners ask of them."""

    def __init__(self, tree: ast.Module, assume: dict[str, str]) -> None:
        self.tree = tree
        self.assume = assume
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.imports: dict[str, list[tuple[str, ast.stmt]]] = {}  # name -> (qualname, import stmt)
        self.others: dict[str, int] = {}                          # name -> non-import bindings
        self.funcs: set[str] = set()
        self.defs: dict[str, list[ast.AST]] = {}
        self.assigned: dict[str, list[ast.expr]] = {}
        for node in ast.walk(tree):
            self._scan(node)
        self._memo: dict[tuple[str, int], Any] = {}

    def _once(self, what: str, scope: ast.AST, make: Any) -> Any:
        """`make(walk of scope)`, made once per scope: the planners ask per call, and a file of
        many legacy calls would otherwise walk its tree once for each call (quadratic)."""
        key = (what, id(scope))
        if key not in self._memo:
            self._memo[key] = make(list(ast.walk(scope)))
        return self._memo[key]

    def _index(self, what: str, scope: ast.AST, pick: Any) -> dict[Any, list[ast.AST]]:
        """Nodes of `scope` by the key `pick(node)` gives (None: not indexed), in walk order."""
        def make(nodes: list[ast.AST]) -> dict[Any, list[ast.AST]]:
            out: dict[Any, list[ast.AST]] = {}
            for n in nodes:
                k = pick(n)
                if k is not None:
                    out.setdefault(k, []).append(n)
            return out
        return self._once(what, scope, make)

    def _binding(self, fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> tuple[set[str], set[str]]:
        """Names a function declares global/nonlocal, and names it binds (parameters, stores)."""
        def make(nodes: list[ast.AST]) -> tuple[set[str], set[str]]:
            declared = {x for n in nodes if isinstance(n, (ast.Global, ast.Nonlocal)) for x in n.names}
            binds = {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            return declared, binds | self.parameters(fn)
        return self._once("binding", fn, make)

    def constants(self) -> set[Any]:
        """Every hashable constant in the module."""
        return self._once("constants", self.tree, lambda nodes: {
            n.value for n in nodes if isinstance(n, ast.Constant) and n.value.__hash__ is not None})

    def _other(self, name: str) -> None:
        self.others[name] = self.others.get(name, 0) + 1

    def _scan_import(self, node: ast.Import | ast.ImportFrom) -> None:
        for a in node.names:
            if isinstance(node, ast.Import):
                local = a.asname if a.asname else a.name.split(".")[0]
                self.imports.setdefault(local, []).append((a.name if a.asname else local, node))
            elif a.name == "*":
                continue
            elif node.level == 0 and node.module:
                self.imports.setdefault(a.asname or a.name, []).append((f"{node.module}.{a.name}", node))
            else:
                self._other(a.asname or a.name)

    def _scan(self, node: ast.AST) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            self._scan_import(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self._other(node.name)
            if not isinstance(node, ast.ClassDef):
                self.funcs.add(node.name)
                self.defs.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            self._other(node.id)
            parent = self.parents.get(node)
            value = getattr(parent, "value", None)
            if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and value is not None:
                self.assigned.setdefault(node.id, []).append(value)
                if isinstance(value, ast.Lambda):
                    self.funcs.add(node.id)
        elif isinstance(node, ast.arg):
            self._other(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            self._other(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            self._other(node.name)

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
        """What an expression names (`torch._export.aot_compile`), remembered per node: a name
        rebound by many calls in one scope has each of its values asked about per call."""
        key = ("qualname", id(expr))
        if key not in self._memo:
            if isinstance(expr, ast.Name):
                self._memo[key] = self.resolve(expr.id)
            elif isinstance(expr, ast.Attribute):
                base = self.qualname(expr.value)
                self._memo[key] = f"{base}.{expr.attr}" if base else None
            else:
                self._memo[key] = None
        return self._memo[key]

    def module_torch(self) -> str | None:
        """The name a top-level `import torch` binds, when there is one."""
        for stmt in self.tree.body:
            if isinstance(stmt, ast.Import):
                for a in stmt.names:
                    name = a.asname if a.asname else a.name.split(".")[0]
                    if (a.name == "torch" or not a.asname) and self.resolve(name) == "torch":
                        return name
        return None

    def single_str(self, name: str) -> ast.Constant | None:
        """The one string constant `name` is ever bound to, if that is all it is bound to."""
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
                declared, binds = self._binding(p)
                if name in binds and name not in declared:
                    return p
            p = self.parents.get(p)
        return self.tree

    @staticmethod
    def parameters(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
        return {a.arg for a in ast.walk(fn.args) if isinstance(a, ast.arg)}

    def values_of(self, name: ast.Name) -> list[ast.expr]:
        """Values assigned to `name` in the scope it is read from (module scope: all of them)."""
        scope = self.scope(name, name.id)
        inside = self._once("ids", scope, lambda nodes: {id(n) for n in nodes})
        return [v for v in self.assigned.get(name.id, []) if scope is self.tree or id(v) in inside]

    def scoped_values(self, name: ast.Name) -> list[ast.expr] | None:
        """Values assigned to `name` in exactly the scope it is read from; None when that scope
        also binds it as a parameter (its value then comes from the caller, unseen)."""
        scope = self.scope(name, name.id)
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and \
                name.id in self.parameters(scope):
            return None
        return [v for v in self.assigned.get(name.id, []) if self.scope(v, name.id) is scope]

    def loads_of(self, target: tuple[str, str], at: ast.AST | None = None) -> list[ast.AST]:
        """Reads of a result target: ("name", x) in its scope, or ("attr", x) anywhere."""
        kind, name = target
        if kind == "name":
            scope = self.scope(at, name) if at is not None else self.tree
            return list(self._index("name-loads", scope, lambda n: n.id if isinstance(n, ast.Name)
                                    and isinstance(n.ctx, ast.Load) else None).get(name, ()))
        return list(self._index("attr-loads", self.tree, lambda n: n.attr if isinstance(n, ast.Attribute)
                                and isinstance(n.ctx, ast.Load) else None).get(name, ()))

    def attr_values(self, attr: str) -> list[ast.AST]:
        """Values assigned to any `<x>.attr` in the module."""
        def make(nodes: list[ast.AST]) -> dict[str, list[ast.AST]]:
            out: dict[str, list[ast.AST]] = {}
            for node in nodes:
                if isinstance(node, ast.Assign):
                    for a in dict.fromkeys(t.attr for t in node.targets if isinstance(t, ast.Attribute)):
                        out.setdefault(a, []).append(node.value)
            return out
        return list(self._once("attr-values", self.tree, make).get(attr, ()))
