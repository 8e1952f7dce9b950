"""The edit buffer: planned replacements of exact source spans, rendered into the new source.

Why: a rewrite must touch only the spans it replaces, so everything else (comments, quotes,
line endings) stays byte for byte. An edit's text is built lazily from its node's children, so
an edit nested inside another (a legacy call passed to a legacy call) is rendered into it.
"""

from __future__ import annotations

import ast
import bisect
from dataclasses import dataclass
from typing import Callable

from .results import Change
from .source import SourceText

Render = Callable[[ast.AST], str]
Build = Callable[[Render], str]


def constant(text: str) -> Build:
    """A builder that ignores the renderer: for replacements known in full when planned."""
    def build(render: Render) -> str:
        return text
    return build


@dataclass
class Edit:
    """Replace code[start:end] with build(render); `code` is the rule reported for the change."""

    start: int
    end: int
    build: Build
    code: str
    node: ast.AST | None = None


class EditBuffer:
    """Collects edits over one source text and renders them, nested edits included."""

    def __init__(self, text: SourceText) -> None:
        self.text = text
        self.edits: list[Edit] = []
        self._spans: set[tuple[int, int]] = set()   # (start, end) of every edit, for covers()
        self._order: tuple[list[Edit], list[int]] | None = None   # edits by (start, -end); starts

    def add(self, edit: Edit) -> None:
        self.edits.append(edit)
        self._spans.add((edit.start, edit.end))
        self._order = None

    def _sorted(self) -> tuple[list[Edit], list[int]]:
        """The edits in source order and their starts, sorted once: each nested render looks up
        its span in them, so a file of many calls renders in E log E, not E squared."""
        if self._order is None:
            ordered = sorted(self.edits, key=lambda e: (e.start, -e.end))
            self._order = ordered, [e.start for e in ordered]
        return self._order

    def covers(self, start: int, end: int) -> bool:
        """Whether an edit of exactly this span exists (a literal is retargeted once)."""
        return (start, end) in self._spans

    def render_range(self, start: int, end: int, memo: dict[int, str]) -> str:
        code = self.text.code
        ordered, starts = self._sorted()
        out, pos = [], start
        for i in range(bisect.bisect_left(starts, start), bisect.bisect_right(starts, end)):
            e = ordered[i]
            if e.end > end or e.start < pos:
                continue  # nested inside an edit already rendered
            out.append(code[pos:e.start])
            out.append(self.render_edit(e, memo))
            pos = e.end
        out.append(code[pos:end])
        return "".join(out)

    def render_edit(self, e: Edit, memo: dict[int, str]) -> str:
        key = id(e)
        if key not in memo:
            def render(node: ast.AST) -> str:
                s, t = self.text.span(node)
                return self.render_range(s, t, memo)
            memo[key] = e.build(render)
        return memo[key]

    def render(self) -> tuple[str, tuple[Change, ...]]:
        """The new source and every change (outer and nested), in source order."""
        code = self.text.code
        memo: dict[int, str] = {}
        new_code = self.render_range(0, len(code), memo)
        changes = []
        for e in self._sorted()[0]:
            line, col = self.text.line_col(e.start)
            changes.append(Change(line, col, code[e.start:e.end], self.render_edit(e, memo), e.code))
        return new_code, tuple(changes)
