"""Python traceback frames, and the ONE rule that says which frames are the user's own code.

Bisect, the index-bound trace and the legacy-API advice all name "the user's line"; they must name
the same one for the same fault, so they all read frames here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# `File "x.py", line 3, in fn` with the source line that Python prints under it, when present.
FRAME_RX = re.compile(r'File "(?P<file>[^"\n]+)", line (?P<line>\d+)(?:, in (?P<func>[^\n]+?))?[ \t]*$'
                      r'(?:\n[ \t]+(?P<code>(?!File ")[^\n]*))?', re.M)
_LIBRARY_PATH = re.compile(r"[/\\](?:site|dist)-packages[/\\]|[/\\]lib[/\\]python\d[\d.]*[/\\]|^<")
_TORCH_PATH = re.compile(r"(?:^|[/\\])torch[/\\]")


@dataclass(frozen=True)
class Frame:
    """One Python frame as printed in a traceback."""

    file: str
    line: int
    func: str = ""
    code: str = ""

    @property
    def is_torch(self) -> bool:
        return is_torch_path(self.file)

    @property
    def is_user(self) -> bool:
        return is_user_path(self.file)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" + (f" in {self.func}" if self.func else "")
        return where + (f": {self.code}" if self.code else "")


def is_torch_path(path: str) -> bool:
    """A file of torch itself: installed (`site-packages/torch/...`) or a source checkout."""
    return bool(_TORCH_PATH.search(path))


def is_user_path(path: str) -> bool:
    """The one user-frame rule: not torch, not an installed library, not the standard library,
    not `<frozen ...>`/`<string>`/`<stdin>` (a frame in generated or interactive code)."""
    return not (is_torch_path(path) or _LIBRARY_PATH.search(path))


def parse_frames(text: str) -> list[Frame]:
    """Every frame in `text`, outermost first (the order Python prints them)."""
    out: list[Frame] = []
    for m in FRAME_RX.finditer(text or ""):
        out.append(Frame(m.group("file"), int(m.group("line")), (m.group("func") or "").strip(),
                         (m.group("code") or "").strip()))
    return out


def user_frames(texts: list[str] | tuple[str, ...], limit: int | None = None) -> tuple[Frame, ...]:
    """The user's frames of one or more stack traces, outermost first, each (file, line) once."""
    out: dict[tuple[str, int], Frame] = {}
    for text in texts:
        for f in parse_frames(text):
            if f.is_user:
                out.setdefault((f.file, f.line), f)
    frames = tuple(out.values())
    return frames if limit is None else frames[:limit]
