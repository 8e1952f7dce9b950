"""Measure-then-explain: the text reading of an error, then the analyzers that measure (consistency
checks, index-out-of-bounds trace, legacy-API advice), merged into one Diagnosis.

Never raises: any input gives a Diagnosis; a bug inside an analyzer is recorded as evidence and
the text reading still stands. Bisection (child processes) is added on top by `aotidebug.api`.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Callable

from .core.categories import Category
from .core.refusals import refusal_diagnosis
from .core.describe import describe_inputs, environment, error_text, safe_str, type_name
from .core.memory import starved
from .core.result import Candidate, Diagnosis, Evidence, Finding, Severity
from .core.routing.classify import UNKNOWN_CONFIDENCE, diagnose_text
from .core.text.structure import Structure, read_exception

log = logging.getLogger("aotidebug")

SEVERITY_CONFIDENCE: dict[Severity, float] = {
    Severity.FATAL: 0.93, Severity.WARNING: 0.75, Severity.INFO: 0.0}
# A warning about the call's own inputs where the runtime said nothing readable (torch <= 2.12
# raises only "run_func_(...) API call failed"; its words went to stderr): the best measured
# explanation there is, but a warning, so below the >= 0.7 band that claims one cause.
CALL_CATEGORIES = frozenset({Category.INPUT_MISMATCH, Category.DYNAMIC_SHAPE_GUARD,
                             Category.INDEX_OUT_OF_BOUNDS, Category.DEVICE_MISMATCH})
EXPLAINS_OPAQUE_CONFIDENCE = 0.66


def merge_findings(base: Diagnosis, findings: list[Finding], source: str) -> Diagnosis:
    """Merge measured findings into a reading.

    Only a fatal finding outranks the text: its category becomes the primary one and the text
    reading stays as a lower candidate. A warning (a version differs, a layout may misbehave) is
    added as evidence and as a candidate below the direct reading of the error; it leads only when
    the text gave no reading at all, or only the runtime's generic line (opaque) and the warning
    is about this call's inputs (at EXPLAINS_OPAQUE_CONFIDENCE). Its fix leads where it is of the
    reading's own category.
    """
    evidence = tuple(f.to_evidence(source) for f in findings) + base.evidence
    fatal = [f for f in findings if f.fatal]
    warns = [f for f in findings if f.severity is Severity.WARNING]
    if not fatal and not warns:
        return replace(base, evidence=evidence) if findings else base
    # the runtime's generic line reads no cause: a warning about this call's inputs explains it
    explains = [f for f in warns if f.category in CALL_CATEGORIES] \
        if not fatal and base.category is Category.OPAQUE_RUNTIME_ERROR else []
    if not fatal and not explains and base.category is not Category.UNKNOWN:
        below = max(base.confidence - 0.01, 0.0)
        extra: dict[Category, Candidate] = {}
        for f in warns:
            if f.category not in extra and all(c.category is not f.category for c in base.candidates):
                extra[f.category] = Candidate(f.category, min(SEVERITY_CONFIDENCE[Severity.WARNING], below), f.code,
                                              f.title or f.message[:120])
        candidates = base.candidates[:1] + tuple(extra.values()) + base.candidates[1:]
        # a warning in the reading's own category measured what the text only names: its fix leads
        same = [f.hint for f in warns if f.hint and f.category is base.category]
        fixes = tuple(dict.fromkeys(same + list(base.fixes) + [f.hint for f in warns if f.hint]))
        return replace(base, evidence=evidence, candidates=candidates, fixes=fixes)
    relevant = fatal or explains or warns
    top = relevant[0]
    conf = EXPLAINS_OPAQUE_CONFIDENCE if explains else SEVERITY_CONFIDENCE[top.severity]
    measured: dict[Category, Candidate] = {}
    for f in relevant:
        c = EXPLAINS_OPAQUE_CONFIDENCE if explains else SEVERITY_CONFIDENCE[f.severity]
        if f.category not in measured or measured[f.category].confidence < c:
            measured[f.category] = Candidate(f.category, c, f.code, f.title or f.message[:120])
    text_cands = [replace(c, confidence=min(c.confidence, conf - 0.01)) for c in base.candidates
                  if c.category not in measured and c.category is not Category.UNKNOWN]
    ranked = sorted(measured.values(), key=lambda c: -c.confidence) + text_cands
    fixes = tuple(dict.fromkeys([f.hint for f in relevant if f.hint] + list(base.fixes)))
    title = top.title or base.title
    return replace(
        base, category=top.category, title=title, summary=top.message, confidence=conf,
        evidence=evidence, candidates=tuple(ranked), fixes=fixes, code=top.code,
        references=tuple(dict.fromkeys((top.category.doc,) + base.references)),
    )


def findings_diagnosis(findings: list[Finding], source: str) -> Diagnosis:
    """A Diagnosis from measured findings alone, for errors raised where the findings were made."""
    base = Diagnosis(Category.UNKNOWN, "No finding explains this", "", UNKNOWN_CONFIDENCE)
    return merge_findings(base, findings, source)


# Analyzers: (name, function). Each takes the working Diagnosis and the call's arguments and
# returns a new Diagnosis. They import their modules lazily and may be absent in a build.
Analyzer = Callable[[Diagnosis, dict[str, Any]], Diagnosis]


def _consistency(d: Diagnosis, call: dict[str, Any]) -> Diagnosis:
    if call["model"] is None and call["inputs"] is None and call["package"] is None:
        return d
    from .checks.consistency import consistency_findings, loaded_package

    found: list[Finding] = []
    if call["package"] is None and call["model"] is not None:
        located, found = loaded_package(call["model"], call["text"])
        if found:   # a loaded model: its package, when found, stands for it in the later analyzers
            call["package"], call["model"] = located, None
    # the runtime's own words went to stderr (torch <= 2.12 raises only "run_func_(...) API call
    # failed"): no index assertion is there to start the index trace, so the ids are measured here
    opaque = d.category is Category.OPAQUE_RUNTIME_ERROR
    findings = found + consistency_findings(model=call["model"], inputs=call["inputs"],
                                            package=call["package"], device=call["device"], indices=opaque)
    return merge_findings(d, findings, "consistency")


def _index_trace(d: Diagnosis, call: dict[str, Any]) -> Diagnosis:
    if d.category is not Category.INDEX_OUT_OF_BOUNDS and not any(
            e.label == "index-assertion" for e in d.evidence):
        return d
    from .checks.index_trace import trace_index_error

    return trace_index_error(d, call)


def _legacy(d: Diagnosis, call: dict[str, Any]) -> Diagnosis:
    if not any(e.label == "legacy-api" for e in d.evidence):
        return d
    from .migrate.advice import advise_from_text

    return advise_from_text(d, call["text"])


ANALYZERS: tuple[tuple[str, Analyzer], ...] = (
    ("consistency", _consistency),
    ("index-trace", _index_trace),
    ("legacy-api", _legacy),
)


def _live_structure(error: object) -> Structure | None:
    """The structural reading of a live exception object (its class, MRO and attributes say more
    than its text); None for text, which `diagnose_text` reads itself."""
    if not isinstance(error, BaseException):
        return None
    try:
        return read_exception(error)
    except Exception:  # read_exception guards every access and re-raises only this process's
        return None    # starvation: then the text alone is read, or that starves too (STARVED)


def _starved() -> Diagnosis:
    d = refusal_diagnosis("reader-out-of-memory", (
        "aotidebug could not allocate memory in this process while reading the error, so the "
        "process is at its memory limit, and the failure it was handed is most likely an "
        "allocation failure too. The error was not read: save its text and run `aotidebug "
        "diagnose LOG` in a process with memory to spare for a full reading."))
    assert d is not None
    return d


# Built at import: a process at its memory limit may not be able to build anything when it fails
# (measured: a first `diagnose()` under a cap compiles its patterns and dies in `re`).
STARVED = _starved()


def explain(error: object = None, model: object = None, inputs: object = None, *,
            package: object = None, device: object = None) -> Diagnosis:
    """Read the error, then let every analyzer measure what it can; never raises, not even when
    this process has no memory left (then `STARVED`, which allocates nothing)."""
    try:
        return _explain(error, model, inputs, package=package, device=device)
    except MemoryError:  # its own clause: handling it calls nothing, so it allocates nothing
        return STARVED
    except SystemError as exc:  # _explain lets no other error through
        if starved(exc):
            return STARVED
        raise


def _explain(error: object, model: object, inputs: object, *, package: object,
             device: object) -> Diagnosis:
    try:
        text = error_text(error)
    except MemoryError:
        raise
    except Exception as exc:  # error_text guards each step; this is the last line of defence
        if starved(exc):
            raise
        text = f"<aotidebug could not read the error: {type(exc).__name__}>"
    try:
        d = diagnose_text(text, _live_structure(error))
    except MemoryError:
        raise
    except Exception as exc:
        if starved(exc):  # the SystemError CPython leaves when it loses a MemoryError
            raise
        log.exception("aotidebug classifier failed")
        d = Diagnosis(Category.UNKNOWN, "aotidebug could not classify this text", "Internal error "
                      "in the classifier; the text was not classified.", 0.0,
                      evidence=(Evidence("aotidebug", "internal-error", f"{type(exc).__name__}: {exc}"),))
    call = {"text": text, "error": error, "model": model, "inputs": inputs, "package": package,
            "device": device}
    for name, analyzer in ANALYZERS:
        d = run_analyzer(d, name, lambda cur: analyzer(cur, call))  # called at once: no late binding
    try:
        return _with_context(d, error, text, model, inputs, package, device)
    except MemoryError:  # the reading stands without its context
        return d
    except Exception as exc:  # an object that breaks even being described: the reading stands
        if not starved(exc):
            log.exception("aotidebug could not describe the call's context")
        return d


def _with_context(d: Diagnosis, error: object, text: str, model: object, inputs: object,
                  package: object, device: object) -> Diagnosis:
    context: dict[str, Any] = {"error_type": type_name(error) if error is not None else None,
                               "text_chars": len(text)}
    if model is not None:
        context["model"] = type_name(model)
    if inputs is not None:
        context["inputs"] = describe_inputs(inputs)
    if package is not None:
        context["package"] = safe_str(package)
    if device is not None:
        context["device"] = safe_str(device)
    try:
        env = environment()
    except MemoryError:
        raise
    except Exception as exc:
        if starved(exc):
            raise
        env = {}
    return replace(d, context={**context, **dict(d.context)}, environment=env)


def run_analyzer(d: Diagnosis, name: str, step: Callable[[Diagnosis], Diagnosis]) -> Diagnosis:
    """Run one analysis step; its failure becomes evidence, never an exception."""
    try:
        return step(d)
    except MemoryError:  # nothing more can be measured here; the reading so far stands
        return d
    except ImportError as exc:
        return replace(d, evidence=d.evidence + (
            Evidence("aotidebug", "analyzer-unavailable", f"{name}: {exc}"),))
    except Exception as exc:
        if starved(exc):  # the SystemError CPython leaves when it loses a MemoryError
            return d
        log.debug("analyzer %s failed", name, exc_info=True)
        return replace(d, evidence=d.evidence + (
            Evidence("aotidebug", "analyzer-failed", f"{name}: {type(exc).__name__}: {safe_str(exc)}"),))
