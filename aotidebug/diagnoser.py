"""`diagnose()`: compose the classifier with the analyzers that measure (consistency checks,
index-out-of-bounds tracer, legacy-API migrator, bisection) into one Diagnosis.

Never raises: any input, including exceptions whose `__str__` raises, gives a Diagnosis; a bug
inside an analyzer is recorded as evidence and the text reading still stands.
"""

from __future__ import annotations

import functools
import logging
import platform
import sys
import traceback
from dataclasses import replace
from typing import Any, Callable

from .categories import Category
from .classifier import diagnose_text
from .diagnosis import Candidate, Diagnosis, Evidence, Finding

log = logging.getLogger("aotidebug")

MAX_CHAIN = 16
SEVERITY_CONFIDENCE = {"fatal": 0.93, "warning": 0.75, "info": 0.0}


def _safe_str(obj: Any) -> str:
    try:
        return str(obj)
    except Exception:  # an exception whose __str__ raises must not take us down
        try:
            return object.__repr__(obj)
        except Exception:
            return "<unprintable>"


def error_text(error: Any) -> str:
    """The full text of an error: every exception in the cause/context chain (root cause first),
    with tracebacks, notes and captured subprocess output; strings and bytes as they are."""
    if error is None:
        return ""
    if isinstance(error, str):
        return error
    if isinstance(error, (bytes, bytearray, memoryview)):
        return bytes(error).decode("utf-8", errors="replace")
    if not isinstance(error, BaseException):
        return _safe_str(error)
    chain: list[BaseException] = []
    seen: set[int] = set()
    exc: BaseException | None = error
    while exc is not None and id(exc) not in seen and len(chain) < MAX_CHAIN:
        seen.add(id(exc))
        chain.append(exc)
        nxt = getattr(exc, "__cause__", None) or (
            None if getattr(exc, "__suppress_context__", False) else getattr(exc, "__context__", None))
        exc = nxt if isinstance(nxt, BaseException) else None
    parts: list[str] = []
    for exc in reversed(chain):
        try:
            tb = "".join(traceback.format_tb(exc.__traceback__)) if exc.__traceback__ else ""
        except Exception:
            tb = ""
        if tb:
            parts.append("Traceback (most recent call last):\n" + tb.rstrip("\n"))
        parts.append(f"{type(exc).__module__}.{type(exc).__qualname__}: {_safe_str(exc)}")
        for attr in ("stderr", "output", "stdout"):
            val = getattr(exc, attr, None)
            if isinstance(val, (str, bytes)) and val:
                parts.append(error_text(val))
        notes = getattr(exc, "__notes__", None)
        if isinstance(notes, (list, tuple)):
            parts.extend(_safe_str(n) for n in notes)
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


def merge_findings(base: Diagnosis, findings: list[Finding], source: str) -> Diagnosis:
    """Measured findings outrank a text reading: the most severe finding's category becomes the
    primary one, and the text reading stays as a lower candidate."""
    relevant = [f for f in findings if f.severity in ("fatal", "warning")]
    if not relevant:
        if findings:
            return replace(base, evidence=base.evidence + tuple(f.to_evidence(source) for f in findings))
        return base
    relevant.sort(key=lambda f: 0 if f.fatal else 1)
    top = relevant[0]
    conf = SEVERITY_CONFIDENCE[top.severity]
    measured: dict[Category, Candidate] = {}
    for f in relevant:
        c = SEVERITY_CONFIDENCE[f.severity]
        if f.category not in measured or measured[f.category].confidence < c:
            measured[f.category] = Candidate(f.category, c, f.code, f.title or f.message[:120])
    text_cands = [replace(c, confidence=min(c.confidence, conf - 0.01)) for c in base.candidates
                  if c.category not in measured and c.category is not Category.UNKNOWN]
    candidates = sorted(measured.values(), key=lambda c: -c.confidence) + text_cands
    fixes = tuple(dict.fromkeys([f.hint for f in relevant if f.hint] + list(base.fixes)))
    evidence = tuple(f.to_evidence(source) for f in findings) + base.evidence
    title = top.title or base.title
    return replace(
        base, category=top.category, title=title, summary=top.message, confidence=conf,
        evidence=evidence, candidates=tuple(candidates), fixes=fixes, code=top.code,
        references=tuple(dict.fromkeys((top.category.doc,) + base.references)),
    )


# Analyzers: (name, function). Each takes the working Diagnosis and the call's arguments and
# returns a new Diagnosis. They import their modules lazily and may be absent in a build.
Analyzer = Callable[[Diagnosis, dict[str, Any]], Diagnosis]


def _consistency(d: Diagnosis, call: dict[str, Any]) -> Diagnosis:
    if call["model"] is None and call["inputs"] is None and call["package"] is None:
        return d
    from .checks import consistency_findings

    findings = consistency_findings(model=call["model"], inputs=call["inputs"],
                                    package=call["package"], device=call["device"])
    return merge_findings(d, findings, "consistency")


def _index_trace(d: Diagnosis, call: dict[str, Any]) -> Diagnosis:
    if d.category is not Category.INDEX_OUT_OF_BOUNDS and not any(
            e.label == "index-assertion" for e in d.evidence):
        return d
    from .iob import trace_index_error

    return trace_index_error(d, call)


def _legacy(d: Diagnosis, call: dict[str, Any]) -> Diagnosis:
    if not any(e.label == "legacy-api" for e in d.evidence):
        return d
    from .migrate import advise_from_text

    return advise_from_text(d, call["text"])


def _bisect(d: Diagnosis, call: dict[str, Any]) -> Diagnosis:
    if not call["bisect"] or call["model"] is None or call["inputs"] is None:
        return d
    from .bisection import attach_bisect

    return attach_bisect(d, call)


ANALYZERS: tuple[tuple[str, Analyzer], ...] = (
    ("consistency", _consistency),
    ("index-trace", _index_trace),
    ("legacy-api", _legacy),
    ("bisect", _bisect),
)


def diagnose(error: Any = None, model: Any = None, inputs: Any = None, *, package: Any = None,
             device: Any = None, bisect: bool = False) -> Diagnosis:
    """Explain an AOTI failure.

    `error`: an exception of any type or log text of any size (or None for a pre-flight check).
    `model`/`inputs`/`package`/`device`: let the consistency checks measure the cause instead of
    guessing it from text. `bisect=True` also localises the faulting kernel in child processes.
    """
    try:
        text = error_text(error)
    except Exception as exc:  # pragma: no cover - error_text already guards each step
        text = f"<aotidebug could not read the error: {type(exc).__name__}>"
    try:
        d = diagnose_text(text)
    except Exception as exc:
        log.exception("aotidebug classifier failed")
        d = Diagnosis(Category.UNKNOWN, "aotidebug could not classify this text", "Internal error "
                      "in the classifier; the text was not classified.", 0.0,
                      evidence=(Evidence("aotidebug", "internal-error", f"{type(exc).__name__}: {exc}"),))
    call = {"text": text, "error": error, "model": model, "inputs": inputs, "package": package,
            "device": device, "bisect": bisect}
    for name, analyzer in ANALYZERS:
        try:
            d = analyzer(d, call)
        except ImportError as exc:
            d = replace(d, evidence=d.evidence + (
                Evidence("aotidebug", "analyzer-unavailable", f"{name}: {exc}"),))
        except Exception as exc:
            log.debug("analyzer %s failed", name, exc_info=True)
            d = replace(d, evidence=d.evidence + (
                Evidence("aotidebug", "analyzer-failed", f"{name}: {type(exc).__name__}: {_safe_str(exc)}"),))
    context: dict[str, Any] = {"error_type": type(error).__name__ if error is not None else None,
                               "text_chars": len(text)}
    if model is not None:
        context["model"] = type(model).__name__
    if inputs is not None:
        context["inputs"] = describe_inputs(inputs)
    if package is not None:
        context["package"] = _safe_str(package)
    if device is not None:
        context["device"] = _safe_str(device)
    try:
        env = environment()
    except Exception:
        env = {}
    return replace(d, context={**context, **dict(d.context)}, environment=env)
