"""Rewrite legacy `aot_compile`/`aot_load` code to `aoti_compile_and_package`/`aoti_load_package`.

Why: a legacy `.so` records no device, so the load device is the user's guess (the commonest AOTI
crash); a `.pt2` records it. The rewrite uses only the standard library `ast` and its exact
positions: every edit replaces one node's source span, and everything outside the edited spans
stays byte for byte (comments, quotes, formatting), so a diff shows only the migration. A call
that cannot be migrated safely is left unchanged and reported as a note with line:column and why.
The catalogue (codes, parameter lists, what has no counterpart) is data in `rules.py`.

This module is the public surface: `migrate_source` (one module's text) and `run_paths` (the
`aotidebug migrate` command). The pass itself lives in `engine.py`, the per-API decisions in
`plans.py`, and the diagnose() advice in `advice.py` (re-exported here).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Iterable, Iterator, TextIO

from ..core.describe import type_name
from . import rules as R
from .advice import LegacySite, advise_from_text, legacy_sites
from .engine import migrate_text
from .results import Change, MigrateInputError, MigrationResult, Note
from .source import SourceText

__all__ = ["Change", "LegacySite", "MigrateInputError", "MigrationResult", "Note", "advise_from_text",
           "cpp_notes", "iter_sources", "legacy_sites", "migrate_source", "run_paths"]


def migrate_source(code: str, *, path: str = "<string>") -> MigrationResult:
    """Migrate one Python module's source text; see the module docstring for the guarantees."""
    if isinstance(code, (bytes, bytearray)):
        try:
            code = bytes(code).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MigrateInputError(f"{path}: source is not UTF-8 ({exc})") from exc
    if not isinstance(code, str):
        raise MigrateInputError(f"migrate_source expects the source text as str, got {type_name(code)}")
    return migrate_text(code, str(path))


def cpp_notes(code: str) -> list[Note]:
    """Report C++ uses of the legacy .so runners (never rewritten: the loader API differs)."""
    text = SourceText(code)
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


# larger than any module a person writes: a generated or data file, read whole it could take all
# the memory there is (and a device named by mistake, /dev/zero, never ends)
MAX_SOURCE_BYTES = 16 * 1024 * 1024


def _read_text(file: Path, out: TextIO) -> tuple[str, bool] | None:
    """The file's text and whether it had a UTF-8 BOM; None (reported to `out`) when unreadable,
    not a regular file, or larger than MAX_SOURCE_BYTES."""
    try:
        if not stat.S_ISREG(file.stat().st_mode):
            out.write(f"{file}: not a regular file; skipped\n")
            return None
        with open(file, "rb") as fh:
            data = fh.read(MAX_SOURCE_BYTES + 1)
    except OSError as exc:
        out.write(f"{file}: cannot read ({exc.strerror or exc}); skipped\n")
        return None
    if len(data) > MAX_SOURCE_BYTES:
        out.write(f"{file}: larger than {MAX_SOURCE_BYTES} bytes, no source this rewrites; skipped\n")
        return None
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        return data[3 if bom else 0:].decode("utf-8"), bom
    except UnicodeDecodeError:
        out.write(f"{file}: not UTF-8 text; skipped\n")
        return None


def _migrate_file(file: Path, mode: str, out: TextIO) -> bool:
    """One file of `run_paths`: notes to `out`, then its diff, check line or write; True if changed."""
    read = _read_text(file, out)
    if read is None:
        return False
    text, bom = read
    if file.suffix in R.CPP_SUFFIXES:
        for note in cpp_notes(text):
            out.write(f"{file}:{note}\n")
        return False
    res = migrate_text(text, str(file))
    for note in res.notes:
        out.write(f"{file}:{note}\n")
    if not res.changed:
        return False
    if mode == "diff":
        out.write(res.diff())
    elif mode == "check":
        out.write(f"{file}: would migrate ({len(res.changes)} change(s))\n")
    else:
        file.write_bytes((b"\xef\xbb\xbf" if bom else b"") + res.code.encode("utf-8"))
        out.write(f"{file}: migrated ({len(res.changes)} change(s))\n")
    return True


def run_paths(paths: list[str], *, mode: str, out: TextIO) -> bool:
    """`aotidebug migrate`: diff (default), write or check each file; True when anything would change.

    Notes (calls left alone, C++ runners, unparsable files) go to `out` as `path:line:col: CODE why`.
    """
    if mode not in ("diff", "write", "check"):
        raise MigrateInputError(f"unknown migrate mode {mode!r} (diff, write or check)")
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise MigrateInputError("no such file or directory: " + ", ".join(missing), problem="input-not-found")
    changed_any = False
    for file in iter_sources(paths):
        changed_any = _migrate_file(file, mode, out) or changed_any
    return changed_any
