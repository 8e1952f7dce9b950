"""Describe what the user handed over, without touching data or importing torch: the full text
of an error (any type, any chain), a JSON-able summary of inputs, and the versions for a report."""

from __future__ import annotations

import functools
import platform
import sys
import traceback
from typing import Any

from .memory import starved
from .text.decode import decode_log, unwiden
from .text.jsonlog import unjson
from .text.structure import exception_chain, group_members

MAX_GROUP_DEPTH = 4  # groups nested in groups, read this deep


def safe_str(obj: Any) -> str:
    try:
        return str(obj)
    except Exception:  # an exception whose __str__ raises must not take us down
        try:
            return object.__repr__(obj)
        except Exception:
            return "<unprintable>"


def type_name(obj: Any, *, qualified: bool = False) -> str:
    """The name of `obj`'s class (with its module when `qualified`), read so that a class hiding
    or breaking its own names (a metaclass raising on `__name__`) cannot make us raise."""
    try:
        cls = type(obj)
        name = type.__getattribute__(cls, "__qualname__")
        mod = type.__getattribute__(cls, "__module__") if qualified else None
    except Exception:
        return "<unnamed type>"
    if not isinstance(name, str):
        return "<unnamed type>"
    return f"{mod}.{name}" if isinstance(mod, str) and mod else name


def error_text(error: Any, _depth: int = 0) -> str:
    """The full text of an error: every exception in the cause/context chain (root cause first),
    with tracebacks, notes, captured subprocess output and an exception group's sub-exceptions
    (after the group's line, in Python's order); strings and bytes as they were logged (decoded,
    and JSON log records read as their text)."""
    if error is None:
        return ""
    if isinstance(error, str):
        return unjson(unwiden(error))
    if isinstance(error, (bytes, bytearray, memoryview)):
        return unjson(decode_log(error))
    if not isinstance(error, BaseException):
        return safe_str(error)
    parts: list[str] = []
    for exc, _ in reversed(exception_chain(error)):
        try:
            tb = "".join(traceback.format_tb(exc.__traceback__)) if exc.__traceback__ else ""
        except MemoryError:  # this process's memory: a half text is no reading (analysis decides)
            raise
        except Exception as err:
            if starved(err):
                raise
            tb = ""
        try:
            message = str(exc)
        except MemoryError:
            raise
        except Exception as err:  # an exception whose __str__ raises
            if starved(err):
                raise
            message = safe_str(exc)
        if tb:
            parts.append("Traceback (most recent call last):\n" + tb.rstrip("\n"))
        parts.append(f"{type_name(exc, qualified=True)}: {message}")
        for attr in ("stderr", "output", "stdout"):
            val = getattr(exc, attr, None)
            if isinstance(val, (str, bytes)) and val:
                parts.append(error_text(val))
        notes = getattr(exc, "__notes__", None)
        if isinstance(notes, (list, tuple)):
            parts.extend(safe_str(n) for n in notes)
        members = group_members(exc) if _depth < MAX_GROUP_DEPTH else ()
        for i, member in enumerate(members, 1):  # in Python's order: the last is read as the outermost
            parts.append(f"[sub-exception {i} of {len(members)}]\n{error_text(member, _depth + 1)}")
    return "\n".join(parts)


def describe_inputs(inputs: Any, limit: int = 32) -> Any:
    """A JSON-able description of inputs (shape, dtype, device, strides), never touching data."""
    def one(x: Any, depth: int) -> Any:
        if depth > 4:
            return "..."
        shape = getattr(x, "shape", None)
        if shape is not None and hasattr(x, "dtype"):
            try:
                return {"shape": [int(s) for s in shape], "dtype": str(x.dtype),
                        "device": str(getattr(x, "device", "?")),
                        "stride": [int(s) for s in x.stride()] if hasattr(x, "stride") else None}
            except Exception:
                return {"type": type(x).__name__}
        if isinstance(x, dict):
            return {str(k): one(v, depth + 1) for k, v in list(x.items())[:limit]}
        if isinstance(x, (list, tuple)):
            return [one(v, depth + 1) for v in list(x)[:limit]]
        if isinstance(x, (int, float, bool, str)) or x is None:
            return x
        return {"type": type(x).__name__}
    try:
        return one(inputs, 0)
    except Exception:
        return {"type": type(inputs).__name__}


def environment() -> dict[str, Any]:
    """Versions for a bug report, read without importing torch (a fresh copy each call)."""
    return dict(_environment())


@functools.lru_cache(maxsize=1)
def _environment() -> dict[str, Any]:
    # Cached: the metadata lookups and platform probe cost more than classifying a typical log.
    from importlib import metadata

    env: dict[str, Any] = {"python": sys.version.split()[0], "platform": platform.platform(),
                           "machine": platform.machine()}
    for dist in ("torch", "aotidebug"):
        try:
            env[dist] = metadata.version(dist)
        except Exception:
            env[dist] = None
    return env
