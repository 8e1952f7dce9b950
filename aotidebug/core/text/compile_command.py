"""A compile command whose paths were split apart. Older torch releases assemble the compiler's
command as one string and split it on spaces (unquoted), so a folder whose name holds a space or a
quote (TMPDIR, the Inductor cache, the Python or torch install, a user name) reaches the compiler as
two arguments. The compiler then reports a missing file, a missing library or a clash of input and
output, and the text reads like a broken toolchain. Read from the command itself (`Command:` in a
CppCompileError, or any line that starts with a compiler): an absolute path followed by a relative
one is a path that came apart, as torch writes every path it passes absolute. `frames.parse_text`
calls `read_split_path` on the lines that pass `SPLIT_WORDS`."""

from __future__ import annotations

import re

__all__ = ["SPLIT_WORDS", "read_split_path"]

# cheap prefilter: a line holding none of these holds no compile command and no such message
SPLIT_WORDS = ("g++", "gcc ", "clang", "cl ", "cl.exe", "c++ ", "icx ", "icpx ", "nvcc ", "hipcc ",
               "same as output file")

# a compile command: a compiler's name (with a path, a target triplet or a version around it) first
_COMMAND = re.compile(r"^\s*(?:\S*[/\\])?(?:[\w.]+-)*(?:g\+\+|gcc|c\+\+|clang\+\+|clang|cl(?:\.exe)?|icpx|icx|nvcc|hipcc)"
                      r"(?:-\d+(?:\.\d+)*)?(?:\.exe)?\s+(?P<args>\S.*)$")
# an absolute path, alone or glued to the flag that takes it (-I/x, -L/x, /IC:/x)
_ABSOLUTE = re.compile(r"^(?:-[IL]|-isystem|/I)?(?:[A-Za-z]:[/\\][^\s]+|[/\\][^\s/\\]+[/\\][^\s]*[^\s/\\])$")
# a path's tail: relative, with a folder in it, not a flag
_TAIL = re.compile(r"^(?![A-Za-z]:)[^\s\-/\\][^\s]*[/\\][^\s]*$")
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,4}$")
# what the compiler says of a path that came apart: the first piece is both input and output (a
# file named with the command's own flags is not this: a wrapper that joins its arguments reads the same)
_MESSAGE = re.compile(r"input file [‘'\"](?P<same>[^’'\"]+)[’'\"] is the same as output file")


def read_split_path(line: str) -> str | None:
    """The split path `line` shows (the two pieces joined by a space), or None."""
    m = _COMMAND.match(line)
    if m:
        args = m.group("args").split()
        for head, tail in zip(args, args[1:]):
            # a piece of a folder's name: no file extension ends it
            if _ABSOLUTE.match(head) and _TAIL.match(tail) and not _EXTENSION.search(head):
                return f"{head} {tail}"[:300]
        return None
    m = _MESSAGE.search(line)
    if m:
        return m.group("same")[:300]
    return None
