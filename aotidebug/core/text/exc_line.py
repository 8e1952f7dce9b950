"""Exception lines in failure text: `Type: message` (dotted types, wrapped `X: Y:` prefixes) and
`<class 'Type'>: message`. Pure, stdlib only; `frames.parse_text` and the live reader use it."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ExcLine", "exception_type_names", "inner_types", "parse_exception_line"]

_EXC_SUFFIX = ("Error", "Exception", "Exit", "Interrupt", "Failed", "Failure", "Violation", "Warning")
_EXC_NAMES = frozenset({
    "Unsupported", "GuardOnDataDependentSymNode", "MissingOperatorWithoutDecomp", "MissingOperatorWithDecomp",
    "OperatorIssue", "StopIteration", "BackendCompilerFailed", "InductorError", "LoweringException",
    "ShortenTraceback", "TritonMissing", "GPUTooOldForTriton", "SkipFrame", "RestartAnalysis",
    "InvalidCxxCompiler",
})
_EXC_LINE = re.compile(
    r"^(?P<type>(?:[A-Za-z_]\w*\.)*[A-Z]\w*)(?::[ \t]?(?P<msg>.*))?$")
_BARE_WORDS = frozenset({"Error", "Exception", "Warning", "Note", "Hint", "Explanation", "Suggested",
                         "Traceback", "Name", "Source", "Repro", "Fix", "Warnings"})


def exception_type_names(type_name: str) -> bool:
    """True when `type_name` (possibly dotted) names an exception class (by shape, not by list)."""
    short = type_name.rsplit(".", 1)[-1]
    if short in _BARE_WORDS or (short == type_name and short in ("Error", "Exception")):
        return False
    # a class of an exceptions module (`torch._inductor.exc.InvalidCxxCompiler`) is one by place
    return short in _EXC_NAMES or short.endswith(_EXC_SUFFIX) or ".exc." in type_name


@dataclass(frozen=True, slots=True)
class ExcLine:
    """An exception line: its type as written and the first line of its message."""

    type: str
    message: str
    text_line: int
    inner_types: tuple[str, ...] = ()  # `LoweringException: AttributeError: ...` prefixes of the message

    @property
    def short_type(self) -> str:
        return self.type.rsplit(".", 1)[-1]

    @property
    def is_warning(self) -> bool:
        return self.short_type.endswith("Warning")


_INNER = re.compile(r"^((?:[A-Za-z_]\w*\.)*[A-Z]\w*):(?:\s|$)")  # a bare `raise X` wraps as "X:" at the end


def inner_types(message: str) -> tuple[str, ...]:
    out: list[str] = []
    msg = message
    while len(out) < 4:
        m = _INNER.match(msg)
        if not m or not exception_type_names(m.group(1)):
            break
        out.append(m.group(1))
        msg = msg[m.end():]
    return tuple(out)


# an exception printed through its class's repr (`print(type(e), e)`, f"{type(e)}: {e}" in a
# script or a service's log): `<class 'RuntimeError'>: message`, also quoted as Markdown code
_REPR_EXC_LINE = re.compile(r"^`?<class '(?P<type>(?:[A-Za-z_]\w*\.)*[A-Z]\w*)'>`?:?[ \t](?P<msg>.*)$")


def _class_shaped(type_name: str) -> bool:
    """A name Python could print as an exception's class: CamelCase (not a shouted `WARNING`), no
    bare word (`Note`, `Hint`)."""
    short = type_name.rsplit(".", 1)[-1]
    return short not in _BARE_WORDS and not short.isupper() and any(c.islower() for c in short)


def parse_exception_line(line: str, text_line: int = -1, *, any_name: bool = False) -> ExcLine | None:
    """An ExcLine for a `Type: message` line at column 0 (after a glog prefix), else None.
    `any_name`: the line ends a traceback, where Python prints the exception whatever its class
    is called (`BrokenProcessPool`, `TimeoutExpired`, `BadZipFile`), so any class-shaped name is one."""
    if line.startswith(("<class '", "`<class '")):
        r = _REPR_EXC_LINE.match(line.rstrip())
        if r is None or not exception_type_names(r.group("type")) or r.group("type").endswith("Warning"):
            return None
        msg = r.group("msg").strip()
        return ExcLine(r.group("type"), msg[:1000], text_line, inner_types(msg))
    head = line[:1]
    if not (head.isalpha() or head == "_") or (":" not in line and len(line) > 120):
        return None
    m = _EXC_LINE.match(line.rstrip())
    if not m or not (exception_type_names(m.group("type")) or (
            any_name and (m.group("msg") is not None or "." in m.group("type")) and _class_shaped(m.group("type")))):
        return None
    if m.group("msg") is None and "." not in m.group("type") and m.group("type").endswith("Warning"):
        return None
    msg = (m.group("msg") or "").strip()
    return ExcLine(m.group("type"), msg[:1000], text_line, inner_types(msg))
