"""Result types: what was measured (Evidence) kept apart from what is advised (fixes, flags).

Everything here is a frozen dataclass of plain JSON types, so a Diagnosis crosses a process
boundary (`to_dict` / `from_dict`) and feeds deployment tooling (`to_json`). Rendering for
people lives in `render.py`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping

from .categories import Category

SCHEMA = "aotidebug.diagnosis/1"


class Severity(str, Enum):
    """How bad a Finding is. A str enum: `f.severity == "fatal"` holds, and JSON carries the value.

    FATAL: will crash, refuse or return garbage; WARNING: may misbehave; INFO: noted, harmless.
    """

    FATAL = "fatal"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, value: object) -> "Severity":
        """Lenient lookup: a Severity, its value or its name (any case); anything else is INFO."""
        if isinstance(value, Severity):
            return value
        text = str(value).strip().lower()
        for member in cls:
            if text == member.value:
                return member
        return _SEVERITY_ALIASES.get(text, cls.INFO)


_SEVERITY_ALIASES = {"error": Severity.FATAL, "warn": Severity.WARNING}


def jsonable(value: Any) -> Any:
    """Coerce a value into plain JSON types (tuples to lists, unknown objects to repr). A float
    that is NaN or infinite becomes the string JavaScript spells it with ("NaN", "Infinity",
    "-Infinity"): Python would write the bare token, which strict JSON parsers refuse."""
    if isinstance(value, Enum):  # Category, Severity: their plain value, not the str subclass
        return jsonable(value.value)
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if hasattr(value, "to_dict"):
        return jsonable(value.to_dict())
    return repr(value)


def strict_json(value: Any, indent: int | None = 2) -> str:
    """The JSON every aotidebug writer emits: `jsonable` first, and no bare NaN or Infinity (the
    tokens Python allows and JavaScript's `JSON.parse` or Go's decoder refuse)."""
    return json.dumps(jsonable(value), indent=indent, allow_nan=False)


@dataclass(frozen=True)
class Evidence:
    """One observation and where it came from.

    `source` is where it was read ("error-text", "package", "inputs", "host", "model",
    "subprocess", "bisect", "file": a file the CLI was given); `label` what kind of fact it is
    ("matched-line", "kernel", "signal", "input-shape", ...); `detail` a sentence or the verbatim
    line; `fields` the extracted values.
    """

    source: str
    label: str
    detail: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "label": self.label, "detail": self.detail,
                "fields": jsonable(self.fields)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Evidence":
        return cls(str(data.get("source", "")), str(data.get("label", "")),
                   str(data.get("detail", "")), dict(data.get("fields") or {}))


@dataclass(frozen=True)
class Candidate:
    """A ranked alternative reading: category, confidence and the rule that proposed it."""

    category: Category
    confidence: float
    code: str = ""
    title: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"category": self.category.value, "confidence": round(self.confidence, 3),
                "code": self.code, "title": self.title}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Candidate":
        return cls(Category.parse(data.get("category")), float(data.get("confidence", 0.0)),
                   str(data.get("code", "")), str(data.get("title", "")))


@dataclass(frozen=True)
class FlagAdvice:
    """An environment flag worth setting, and the phase (compile, load or run) it acts in."""

    name: str
    value: str
    phase: str
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "phase": self.phase, "why": self.why}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "FlagAdvice":
        return cls(str(data.get("name", "")), str(data.get("value", "")),
                   str(data.get("phase", "")), str(data.get("why", "")))


@dataclass(frozen=True)
class Finding:
    """A result of a consistency check (package, inputs, host) before or after a failure.

    `severity` is FATAL (will crash, refuse or return garbage), WARNING (may misbehave) or INFO
    (a plain string is accepted and parsed). `category` is the root cause this finding would
    explain.
    """

    code: str
    severity: Severity
    category: Category
    message: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    hint: str = ""
    title: str = ""  # constant per code (for grouping); `message` is this case's sentence

    def __post_init__(self) -> None:
        if not isinstance(self.severity, Severity):  # Finding(code, "fatal", ...) from callers
            object.__setattr__(self, "severity", Severity.parse(self.severity))

    @property
    def fatal(self) -> bool:
        return self.severity is Severity.FATAL

    def to_evidence(self, source: str) -> Evidence:
        return Evidence(source, self.code, self.message, dict(self.fields))

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "severity": self.severity.value, "category": self.category.value,
                "message": self.message, "fields": jsonable(self.fields), "hint": self.hint,
                "title": self.title}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Finding":
        return cls(str(data.get("code", "")), Severity.parse(data.get("severity", "info")),
                   Category.parse(data.get("category")), str(data.get("message", "")),
                   dict(data.get("fields") or {}), str(data.get("hint", "")),
                   str(data.get("title", "")))


@dataclass(frozen=True)
class Diagnosis:
    """The answer: root-cause category, how sure, what was seen, and what to do.

    `bool(diagnosis)` is True when a cause was identified (category is not UNKNOWN).
    """

    category: Category
    title: str
    summary: str
    confidence: float
    evidence: tuple[Evidence, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    fixes: tuple[str, ...] = ()
    flags: tuple[FlagAdvice, ...] = ()
    kernel: str | None = None
    references: tuple[str, ...] = ()
    code: str = ""
    context: Mapping[str, Any] = field(default_factory=dict)
    environment: Mapping[str, Any] = field(default_factory=dict)
    details: Mapping[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.category is not Category.UNKNOWN

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "category": self.category.value,
            "title": self.title,
            "summary": self.summary,
            "confidence": round(float(self.confidence), 3),
            "code": self.code,
            "kernel": self.kernel,
            "evidence": [e.to_dict() for e in self.evidence],
            "candidates": [c.to_dict() for c in self.candidates],
            "fixes": list(self.fixes),
            "flags": [f.to_dict() for f in self.flags],
            "references": list(self.references),
            "context": jsonable(self.context),
            "environment": jsonable(self.environment),
            "details": jsonable(self.details),
        }

    def to_json(self, indent: int | None = 2) -> str:
        return strict_json(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Diagnosis":
        return cls(
            category=Category.parse(data.get("category")),
            title=str(data.get("title", "")),
            summary=str(data.get("summary", "")),
            confidence=float(data.get("confidence", 0.0)),
            evidence=tuple(Evidence.from_dict(e) for e in data.get("evidence") or ()),
            candidates=tuple(Candidate.from_dict(c) for c in data.get("candidates") or ()),
            fixes=tuple(str(f) for f in data.get("fixes") or ()),
            flags=tuple(FlagAdvice.from_dict(f) for f in data.get("flags") or ()),
            kernel=data.get("kernel"),
            references=tuple(str(r) for r in data.get("references") or ()),
            code=str(data.get("code", "")),
            context=dict(data.get("context") or {}),
            environment=dict(data.get("environment") or {}),
            details=dict(data.get("details") or {}),
        )

    @classmethod
    def from_json(cls, text: str) -> "Diagnosis":
        return cls.from_dict(json.loads(text))

    def __str__(self) -> str:
        from .render import to_text

        return to_text(self)

    def _repr_html_(self) -> str:
        from .render import to_html

        return to_html(self)

    def to_markdown(self) -> str:
        """A bug-report body: the diagnosis plus the environment summary."""
        from .render import to_markdown

        return to_markdown(self)
