"""One migration pass over one module: plan every legacy call, commit the plans as edits, fix the
imports, render. Compile calls are decided before loads, since a load's path is a .pt2 only
if the compile that made it was migrated.

Why a separate engine: `api.py` (files, paths, modes) and `advice.py` (traceback lines) both
run the same pass with different settings, and neither may import the other.
"""

from __future__ import annotations

import ast
from typing import Callable

from . import rules as R
from .edits import Edit, EditBuffer, constant
from .imports import import_edits
from .names import NameResolver, root_name
from .plans import PLANNERS, Decision, Leave, Plan, PlanContext
from .provenance import Provenance, no_programs
from .results import MigrationResult, Note
from .source import SourceText, retarget_so

ASSUME_TORCH = {"torch": "torch"}  # an unimported `torch` (a notebook cell) is torch


class Migration:
    """The state of one pass: the parsed module, what was decided, the edits and the notes."""

    def __init__(self, code: str, path: str, *, trust_load_paths: bool, assume: dict[str, str],
                 add_imports: bool, programs: Callable[[str], bool] = no_programs) -> None:
        self.text = SourceText(code)
        self.tree = ast.parse(code, filename=path)
        self.names = NameResolver(self.tree, assume)
        self.provenance = Provenance(self.names, self.text, trust_load_paths=trust_load_paths,
                                     programs=programs)
        self.ctx = PlanContext(self.text, self.names, self.provenance, add_imports=add_imports)
        self.buffer = EditBuffer(self.text)
        self.notes: list[Note] = []
        self.consumed: set[int] = set()  # ids of func-root Names that vanish in rewrites

    def note(self, node: ast.AST, code: str, why: str) -> None:
        line, col = self.text.line_col(self.text.span(node)[0])
        self.notes.append(Note(line, col, code, f"{R.NOTES[code]}: {why}"))

    def run(self) -> None:
        calls = sorted((n for n in ast.walk(self.tree) if isinstance(n, ast.Call)),
                       key=lambda n: (n.lineno, n.col_offset))
        qualname = self.names.qualname
        legacy = [(c, R.BY_QUALNAME[q]) for c in calls if (q := qualname(c.func)) in R.BY_QUALNAME]
        for call, api in legacy:
            if api.code != "AOTM102":
                result = PLANNERS[api.code](self.ctx, call, api)
                self.provenance.status[id(call)] = isinstance(result, Plan)
                self.apply(call, api, result)
        self.provenance.settle_compiles(calls)
        for call, api in legacy:
            if api.code == "AOTM102":
                self.apply(call, api, PLANNERS[api.code](self.ctx, call, api))
        for call in calls:
            q = qualname(call.func)
            if q in R.RUNNERS:
                self.note(call, "AOTM201", f"{q.rsplit('.', 1)[-1]} takes a bare .so; load a .pt2 with "
                          "torch._inductor.aoti_load_package(path, device_index=...) instead")
        for edit in import_edits(self.text, self.names, self.consumed, self.ctx.need_import):
            self.buffer.add(edit)

    def apply(self, call: ast.Call, api: R.LegacyApi, result: Decision) -> None:
        if isinstance(result, Leave):
            self.note(call, result.code, result.why)
        else:
            self.commit(call, api, result)

    def commit(self, call: ast.Call, api: R.LegacyApi, plan: Plan) -> None:
        """Turn a plan into edits: the call itself, its retargeted literals, its notes."""
        start, end = self.text.span(call)
        self.buffer.add(Edit(start, end, plan.build, api.code, call))
        root = root_name(call.func)
        if root is not None:
            self.consumed.add(id(root))
        for lit in plan.literals:
            s, e = self.text.span(lit)
            if not self.buffer.covers(s, e):
                self.buffer.add(Edit(s, e, constant(retarget_so(self.text.code[s:e])), "AOTM115"))
        for code, why in plan.notes:
            self.note(call, code, why)
        if plan.output_literal:
            self.provenance.migrated_outputs.add(plan.output_literal)

    def result(self, path: str) -> MigrationResult:
        new_code, changes = self.buffer.render()
        notes = sorted(self.notes, key=lambda n: (n.line, n.column, n.code))
        return MigrationResult(new_code, changes, tuple(notes), self.text.code, path)


def migrate_text(code: str, path: str, *, trust_load_paths: bool = False,
                 assume: dict[str, str] | None = None, add_imports: bool = True,
                 programs: Callable[[str], bool] = no_programs) -> MigrationResult:
    """Run one pass; unparsable input and (our bug) unparsable output change nothing, with a note."""
    try:
        migration = Migration(code, path, trust_load_paths=trust_load_paths,
                              assume=dict(assume or ASSUME_TORCH), add_imports=add_imports,
                              programs=programs)
    except (SyntaxError, ValueError) as exc:  # ValueError: source with NUL bytes
        line = getattr(exc, "lineno", None) or 1
        col = getattr(exc, "offset", None) or 1
        msg = getattr(exc, "msg", None) or str(exc)
        note = Note(line, col, "AOTM910", f"{R.NOTES['AOTM910']}: {msg}; nothing was changed")
        return MigrationResult(code, (), (note,), code, path, error=f"{type(exc).__name__}: {msg}")
    migration.run()
    result = migration.result(path)
    if result.changed:
        try:
            ast.parse(result.code)
        except SyntaxError as exc:  # a bug of ours: never hand back code that does not parse
            note = Note(1, 1, "AOTM999", f"{R.NOTES['AOTM999']}: the rewrite did not parse ({exc.msg}); "
                        "nothing was changed, please report this file")
            return MigrationResult(code, (), result.notes + (note,), code, path, error="internal")
    return result
