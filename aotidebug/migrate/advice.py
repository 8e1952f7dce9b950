"""diagnose() advice: legacy calls quoted by a traceback, each with its exact rewrite.

Why: the commonest AOTI crash is a legacy `.so` loaded on the wrong device; the fix is the
package API, and the most useful advice is the user's own line, rewritten. A traceback line
shows no imports and no assignments, so the rewrite trusts the spelling of the legacy call but
not the spelling of a variable: an argument counts as an ExportedProgram only with evidence.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from .engine import migrate_text
from .source import short

_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)')
_FRAME_SCOPE = re.compile(r'^\s*File "(?P<file>[^"]+)", line \d+, in (?P<func>\S+)')
_TORCH_FRAME = re.compile(r"(?:^|[/\\])torch[/\\]")
_LEGACY_CALL = re.compile(r"(?<![\w.])(?:torch\.(?:_export|_inductor)\.|_export\.|_inductor\.|[A-Za-z_]\w*\.)?"
                          r"aot_(?:compile|load)\s*\(")
# torch._inductor.aot_compile(ep, ...) fails with the program's repr as the assertion message.
_PROGRAM_ASSERT = re.compile(r"AssertionError: ExportedProgram:")
_DEPRECATION = re.compile(r"torch\._export\.aot_compile\(\)/torch\._export\.aot_load\(\) is being deprecated")
# In a traceback line no imports are visible: read the bare spellings as the legacy API.
_ADVICE_ASSUME = {"torch": "torch", "_export": "torch._export", "_inductor": "torch._inductor",
                  "aot_compile": "torch._export.aot_compile", "aot_load": "torch._export.aot_load"}
# Spellings of the calls that return an ExportedProgram, as a quoted source line writes them.
_PROGRAM_CALLS = frozenset({"torch.export.export", "export.export", "export", "torch.export.load",
                            "export.load"})


@dataclass(frozen=True)
class LegacySite:
    """A legacy call seen in error text: the user's frame (file, line), its source and the rewrite."""

    source: str
    file: str = ""
    line: int = 0
    rewrite: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "file": self.file, "line": self.line, "rewrite": self.rewrite}


def _dotted(expr: ast.AST) -> str:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        base = _dotted(expr.value)
        return f"{base}.{expr.attr}" if base else ""
    return ""


def _program_assignments(source: str) -> set[str]:
    """Names a quoted source line assigns from torch.export.export(...)/export(...)/load(...)."""
    try:
        tree = ast.parse(source.strip())
    except (SyntaxError, ValueError):
        return set()
    if len(tree.body) != 1 or not isinstance(tree.body[0], (ast.Assign, ast.AnnAssign)):
        return set()
    stmt = tree.body[0]
    value = stmt.value
    if not (isinstance(value, ast.Call) and _dotted(value.func) in _PROGRAM_CALLS):
        return set()
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    return {t.id for t in targets if isinstance(t, ast.Name)}


def _programs_by_scope(lines: list[str]) -> dict[tuple[str, str], set[str]]:
    """For each (file, function) frame the text quotes: names its quoted lines assign from an
    export call. The evidence a traceback can give that a name holds an ExportedProgram."""
    found: dict[tuple[str, str], set[str]] = {}
    for i, raw in enumerate(lines[:-1]):
        frame = _FRAME_SCOPE.match(raw)
        if frame:
            names = _program_assignments(lines[i + 1])
            if names:
                found.setdefault((frame.group("file"), frame.group("func")), set()).update(names)
    return found


def _site_programs(asserted: bool, proven: set[str]) -> Callable[[str], bool]:
    """The `programs` test for one site: torch's own assertion proves it, or an export call
    assigned that name in the same frame's function; a name alone (`ep`, `program`) does not."""
    def programs(name: str) -> bool:
        return asserted or name in proven
    return programs


def legacy_sites(text: str, limit: int = 5) -> list[LegacySite]:
    """Legacy calls in user code quoted by a traceback (torch's own frames are skipped)."""
    sites: list[LegacySite] = []
    lines = text.splitlines()
    asserted = bool(_PROGRAM_ASSERT.search(text))
    scopes = _programs_by_scope(lines)
    for i, raw in enumerate(lines):
        if not _LEGACY_CALL.search(raw) or _DEPRECATION.search(raw) or _FRAME.match(raw):
            continue
        frame = _FRAME.match(lines[i - 1]) if i else None
        if frame and _TORCH_FRAME.search(frame.group("file")):
            continue
        if not frame and "aoti_compile_and_package" in raw:
            continue
        scope = _FRAME_SCOPE.match(lines[i - 1]) if i else None
        proven = scopes.get((scope.group("file"), scope.group("func")), set()) if scope else set()
        source = raw.strip()
        rewrite = ""
        res = migrate_text(source, "<traceback>", trust_load_paths=True, assume=_ADVICE_ASSUME,
                           add_imports=False, programs=_site_programs(asserted, proven))
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
    evidence: list[Any] = []
    for s in sites:
        where = f"{s.file}:{s.line}" if s.file else "the legacy call"
        target = s.file or "PATH"
        if s.rewrite:
            fixes.append(f"Migrate {where}: replace `{s.source}` with `{s.rewrite}` (or run "
                         f"`aotidebug migrate {target}`); the .pt2 records its device.")
        else:
            fixes.append(f"Migrate {where} (`{short(s.source, 80)}`) to the package API: run "
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
