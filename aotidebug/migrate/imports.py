"""Import fixing after the rewrites: drop legacy imports nothing uses any more, add `import torch`.

Why: a rewrite that spells `torch._inductor...` where only `from torch._export import aot_load`
was imported needs `import torch`, and the legacy import it replaced would otherwise linger
unused. Only import statements are touched; an emptied one becomes `pass` where it must stay.
"""

from __future__ import annotations

import ast
import re

from . import rules as R
from .edits import Edit, constant
from .names import NameResolver
from .source import SourceText

_WHOLE_LINE_TAIL = re.compile(r"[ \t]*(?:#[^\r\n]*)?(?:\r\n|\r|\n|\Z)")
_LEGACY_MODULES = frozenset(q.rsplit(".", 1)[0] for q in R.BY_QUALNAME)


def _legacy_from_alias(stmt: ast.ImportFrom, alias: ast.alias) -> bool:
    """`from torch._export import aot_load`: the alias names a legacy API."""
    return f"{stmt.module}.{alias.name}" in R.BY_QUALNAME


def _legacy_module_alias(alias: ast.alias) -> bool:
    """`import torch._export as te`: the alias names a legacy API's module."""
    return alias.asname is not None and alias.name in _LEGACY_MODULES


def _used_names(names: NameResolver, consumed: set[int]) -> dict[str, int]:
    """How often each name is still read once the rewritten calls' callee names are gone."""
    used: dict[str, int] = {}
    for n in ast.walk(names.tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and id(n) not in consumed:
            used[n.id] = used.get(n.id, 0) + 1
    return used


def import_edits(text: SourceText, names: NameResolver, consumed: set[int],
                 need_import: list[ast.stmt]) -> list[Edit]:
    """Edits to the import statements: unused legacy aliases dropped, `import torch` added."""
    used = _used_names(names, consumed)
    need = list(dict.fromkeys(need_import))
    top = [s for s in need if s in names.tree.body]
    if top:
        need = top[:1]
    stmts = sorted({id(s): s for _, binds in names.imports.items() for _, s in binds}.values(),
                   key=lambda s: (s.lineno, s.col_offset))
    edits: list[Edit] = []
    for stmt in stmts:
        if not consumed:
            break
        if isinstance(stmt, ast.ImportFrom):
            if stmt.level or stmt.module not in _LEGACY_MODULES:
                continue
            drop = [a for a in stmt.names if _legacy_from_alias(stmt, a)]
            head = f"from {stmt.module} import "
        elif isinstance(stmt, ast.Import):
            drop = [a for a in stmt.names if _legacy_module_alias(a)]
            head = "import "
        else:
            continue
        drop = [a for a in drop if not used.get(a.asname or a.name)
                and names.resolve(a.asname or a.name) is not None]
        wants_torch = stmt in need
        if not drop and not wants_torch:
            continue
        keep = [a for a in stmt.names if a not in drop]
        pieces = []
        if keep:
            pieces.append(text.seg(stmt) if not drop else
                          head + ", ".join(a.name + (f" as {a.asname}" if a.asname else "") for a in keep))
        if wants_torch:
            pieces.append("import torch")
        edits.append(_replace_stmt(text, names, stmt, pieces))
    return edits


def _replace_stmt(text: SourceText, names: NameResolver, stmt: ast.stmt, pieces: list[str]) -> Edit:
    """Replace an import statement by `pieces` (one per line, or `;`-joined on a shared line);
    with no pieces, remove its whole line, or write `pass` where a block would become empty."""
    code = text.code
    start, end = text.span(stmt)
    line_start = text.starts[stmt.lineno - 1]
    own_line = not code[line_start:start].strip()
    tail = _WHOLE_LINE_TAIL.match(code, end)
    whole = own_line and tail is not None and ";" not in code[end:tail.end()].split("#")[0]
    if pieces:
        sep = text.newline_at(stmt.end_lineno or stmt.lineno) + code[line_start:start] if own_line else "; "
        new = sep.join(pieces)
    else:
        parent = names.parents.get(stmt)
        sole = any(getattr(parent, f, None) == [stmt] for f in ("body", "orelse", "finalbody"))
        if whole and not sole and tail is not None:
            start, end, new = line_start, tail.end(), ""
        else:
            new = "pass"
    return Edit(start, end, constant(new), "AOTM190", stmt)
