"""Source text as the rewrite sees it: lines, ast positions mapped to str offsets, short quotes.

Why its own module: every other part (names, plans, edits, imports) needs exact positions, and
positions are where byte-for-byte fidelity is won or lost, so the mapping lives in one place.
"""

from __future__ import annotations

import ast
import bisect
import re

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
SO_SUFFIX = re.compile(r"\.so(?P<quote>['\"]+)\Z")


def split_lines(text: str) -> list[str]:
    """Lines as the tokenizer counts them (only \\n, \\r\\n and \\r end a line)."""
    return _LINE.findall(text)


def short(text: str, limit: int = 60) -> str:
    """One-line quote of source for a note: notes must stay readable on one terminal line."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _pt2_suffix(match: re.Match[str]) -> str:
    return ".pt2" + match.group("quote")


def retarget_so(literal: str) -> str:
    """The literal's source with its trailing `.so` made `.pt2` (quotes kept as written)."""
    return SO_SUFFIX.sub(_pt2_suffix, literal)


class SourceText:
    """Maps ast positions (1-based line, UTF-8 byte column) to offsets in the str.

    Why: ast columns count UTF-8 bytes, str slicing counts code points; mixing them up would
    shift every edit on a line with non-ASCII text.
    """

    def __init__(self, code: str) -> None:
        self.code = code
        self.lines = split_lines(code)
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
        i = max(0, bisect.bisect_right(self.starts, offset) - 1)
        return i + 1, offset - self.starts[i] + 1

    def newline_at(self, lineno: int) -> str:
        line = self.lines[lineno - 1] if lineno - 1 < len(self.lines) else ""
        return "\r\n" if line.endswith("\r\n") else "\r" if line.endswith("\r") else "\n"

    def so_literals(self, expr: ast.AST) -> list[ast.AST]:
        """String literals (plain or f-strings) inside expr that end in `.so`."""
        found: list[ast.AST] = []
        self._collect_so(expr, found)
        return found

    def _collect_so(self, node: ast.AST, found: list[ast.AST]) -> None:
        if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            if SO_SUFFIX.search(self.seg(node)):
                found.append(node)
            return
        for child in ast.iter_child_nodes(node):
            self._collect_so(child, found)
