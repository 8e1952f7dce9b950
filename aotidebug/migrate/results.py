"""The migrator's public result types and its input error.

Why separate from `api.py`: the engine builds these, and `api.py` imports the engine, so the
types must sit below both to keep the package free of import cycles.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from ..core.errors import AOTIDebugError
from .source import split_lines


class MigrateInputError(AOTIDebugError):
    """`migrate_source`/`run_paths` was given something it cannot read (wrong type, missing path)."""

    code = "migrate-input"


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
        lines = difflib.unified_diff(split_lines(self.original), split_lines(self.code),
                                     fromfile=f"a/{self.path}", tofile=f"b/{self.path}")
        return "".join(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n"
                       for line in lines)

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "changed": self.changed, "error": self.error,
                "changes": [c.to_dict() for c in self.changes],
                "notes": [n.to_dict() for n in self.notes], "code": self.code}
