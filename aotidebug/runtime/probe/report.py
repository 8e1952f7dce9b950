"""Probe results: one `ProbeCase` per input case and the `ProbeReport` that judges them, with the fix for each finding; text, HTML and JSON renderings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...checks.inputs import at_floor
from ...core.result import Diagnosis, jsonable, strict_json
from .cases import VERDICTS_ALL
from .policy import TOLERANCE, is_finding


# ================================================================================ 3. the runner
@dataclass(frozen=True)
class ProbeCase:
    name: str
    kind: str
    description: str
    in_contract: bool
    verdict: str
    detail: str
    would_refuse: bool
    findings: tuple[str, ...] = ()          # check_inputs finding codes (fatal ones)
    diagnosis: Diagnosis | None = None
    seconds: float = 0.0
    subject: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def finding(self) -> bool:
        """True when this case makes the report not ok."""
        return is_finding(self.in_contract, self.verdict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "description": self.description,
                "in_contract": self.in_contract, "verdict": self.verdict, "detail": self.detail,
                "would_refuse": self.would_refuse, "findings": list(self.findings),
                "finding": self.finding, "seconds": round(self.seconds, 4),
                "subject": jsonable(dict(self.subject)),
                "diagnosis": self.diagnosis.to_dict() if self.diagnosis is not None else None}

    def to_json(self, indent: int | None = 2) -> str:
        return strict_json(self.to_dict(), indent)


# summary: (kind, verdict) -> the fix; (None, verdict) is the default for a verdict.
FIXES: Mapping[tuple[str | None, str], str] = {
    ("dim", "accepted"): "runs without error: set AOTI_RUNTIME_CHECK_INPUTS=1 in production or widen the Dim",
    ("dim", "wrong"): "returns wrong numbers without error: set AOTI_RUNTIME_CHECK_INPUTS=1 in production or widen the Dim",
    ("static", "accepted"): "runs without error: check shapes before the call (aotidebug.safe_load) or set AOTI_RUNTIME_CHECK_INPUTS=1; export with a Dim if this size is needed",
    ("static", "wrong"): "returns wrong numbers without error: check shapes before the call (aotidebug.safe_load) or set AOTI_RUNTIME_CHECK_INPUTS=1; export with a Dim if this size is needed",
    ("layout", "accepted"): "runs without error: call .contiguous() on it before the call, or set AOTI_RUNTIME_CHECK_INPUTS=1",
    ("layout", "wrong"): "returns wrong numbers without error: call .contiguous() on it before the call, or set AOTI_RUNTIME_CHECK_INPUTS=1",
    ("dtype", "accepted"): "runs without error: cast the input to the compiled dtype before the call, or set AOTI_RUNTIME_CHECK_INPUTS=1",
    ("dtype", "wrong"): "returns wrong numbers without error: cast the input to the compiled dtype before the call, or set AOTI_RUNTIME_CHECK_INPUTS=1",
    ("dict_order", "accepted"): "runs without error: pass dicts with their keys in export order (torch takes them by position)",
    ("dict_order", "wrong"): "silently swaps the tensors: pass dicts with their keys in export order (torch takes them by position)",
    ("arity", "accepted"): "runs without error: match the exported call signature",
    (None, "crashed"): "crashes the process: never call it unchecked; use aotidebug.safe_load (checks inputs first) or AOTI_RUNTIME_CHECK_INPUTS=1",
    (None, "hang"): "hangs past the timeout: run it isolated with a timeout (safe_load(isolate=True, timeout=...))",
    (None, "accepted"): "runs without error although out of contract: set AOTI_RUNTIME_CHECK_INPUTS=1 in production",
    (None, "wrong"): "returns wrong numbers without error: validate inputs (aotidebug.safe_load) or set AOTI_RUNTIME_CHECK_INPUTS=1",
    # in contract: the package itself is at fault
    ("in", "wrong"): "differs from the reference inside the contract (a miscompile): localise the kernel with aotidebug.bisect(model, inputs)",
    ("in", "crashed"): "crashes inside the contract (a kernel bug): localise it with aotidebug.bisect(model, inputs)",
    ("in", "hang"): "hangs inside the contract: localise it with aotidebug.bisect(model, inputs)",
    ("in", "refused"): "is refused inside the contract: see the case's .diagnosis",
    # size 1 under a recorded minimum of 2, Inductor's floor (AOTC038): the code runs there
    ("in-floor", "refused"): ("is refused by AOTI_RUNTIME_CHECK_INPUTS=1 at Inductor's floor of 2 for "
                              "dynamic sizes, though the package runs at 1: recompile with "
                              "torch._inductor.config.aot_inductor.check_lowerbound = False to keep the "
                              "check (where your torch has it)"),
    ("in", "error"): "fails inside the contract: see the case's .diagnosis",
}


def fix_for(case: ProbeCase) -> str:
    if case.in_contract:
        floor = case.kind == "dim" and at_floor(case.subject.get("value"), case.subject.get("min"))
        return (FIXES.get(("in-floor", case.verdict)) if floor else None) or \
            FIXES.get(("in", case.verdict), "see the case's .diagnosis")
    return FIXES.get((case.kind, case.verdict)) or FIXES.get((None, case.verdict), "see .diagnosis")


@dataclass(frozen=True)
class ProbeReport:
    package: str
    cases: tuple[ProbeCase, ...]
    reference: str | None = None
    notes: tuple[str, ...] = ()
    seconds: float = 0.0
    worker_starts: int = 0
    reference_seconds: float = 0.0
    spare_starts: int = 0     # workers started as spares and never used (SPARE_WORKER)

    @property
    def ok(self) -> bool:
        return not any(c.finding for c in self.cases)

    def __bool__(self) -> bool:
        return self.ok

    @property
    def findings(self) -> tuple[ProbeCase, ...]:
        return tuple(c for c in self.cases if c.finding)

    @property
    def summary(self) -> tuple[str, ...]:
        """One line per finding, with the fix."""
        lines = []
        for c in self.findings:
            what = c.description if c.kind != "dim" else (
                f"{c.subject.get('at', c.name)} = {c.subject.get('value')} "
                f"({'inside' if c.in_contract else 'outside'} Dim {_range_of(c.subject)})")
            extra = f" [{c.detail}]" if c.detail and c.verdict in ("crashed", "wrong", "hang", "error", "refused") else ""
            lines.append(f"{what}{extra} {fix_for(c)}" if c.verdict in ("accepted", "wrong") and
                         fix_for(c).startswith(("runs", "returns", "silently"))
                         else f"{what}{extra}: {c.verdict}: {fix_for(c)}")
        return tuple(lines)

    def counts(self) -> dict[str, int]:
        out = {v: 0 for v in VERDICTS_ALL}
        for c in self.cases:
            out[c.verdict] = out.get(c.verdict, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"package": self.package, "ok": self.ok, "reference": self.reference,
                "counts": self.counts(), "summary": list(self.summary), "notes": list(self.notes),
                "seconds": round(self.seconds, 3), "worker_starts": self.worker_starts,
                "spare_starts": self.spare_starts,
                "reference_seconds": round(self.reference_seconds, 3),
                "tolerance": {k: {"rtol": v.rtol, "atol": v.atol} for k, v in TOLERANCE.items()},
                "cases": [c.to_dict() for c in self.cases]}

    def to_json(self, indent: int | None = 2) -> str:
        return strict_json(self.to_dict(), indent)

    def _rows(self) -> list[tuple[str, str, str, str, str]]:
        return [(c.name, "yes" if c.in_contract else "no", c.verdict,
                 "yes" if c.would_refuse else "no", c.detail) for c in self.cases]

    def __str__(self) -> str:
        head = ("case", "in contract", "verdict", "checks refuse", "detail")
        rows = [(a, b, c, d, e if len(e) <= 90 else e[:87] + "...") for a, b, c, d, e in self._rows()]
        widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(4)]
        fmt = lambda r: "  ".join(str(v).ljust(w) for v, w in zip(r[:4], widths)) + "  " + r[4]
        lines = [f"probe {self.package}: {'OK' if self.ok else 'FINDINGS'} "
                 f"({len(self.cases)} cases, {self.seconds:.1f} s, {self.worker_starts} worker "
                 f"start(s); reference: {self.reference or 'none'})", fmt(head),
                 fmt(tuple("-" * w for w in widths) + ("-" * 6,))]
        lines += [fmt(r) for r in rows]
        if self.summary:
            lines += ["", "findings:"] + [f"- {s}" for s in self.summary]
        if self.notes:
            lines += ["", "notes:"] + [f"- {n}" for n in self.notes]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        colour = {"ok": "#2e7d32", "refused": "#1565c0", "error": "#6d4c41"}
        rows = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (r[0], r[1])) +
            f"<td style='color:{colour.get(r[2], '#c62828')}'><b>{html.escape(r[2])}</b></td>" +
            "".join(f"<td>{html.escape(str(v))}</td>" for v in (r[3], r[4])) + "</tr>"
            for r in self._rows())
        summ = "".join(f"<li>{html.escape(s)}</li>" for s in self.summary)
        notes = "".join(f"<li>{html.escape(s)}</li>" for s in self.notes)
        return (f"<div><p><b>probe {html.escape(self.package)}: {'OK' if self.ok else 'FINDINGS'}"
                f"</b> ({len(self.cases)} cases, {self.seconds:.1f} s)</p><table><tr><th>case</th>"
                "<th>in contract</th><th>verdict</th><th>checks refuse</th><th>detail</th></tr>"
                f"{rows}</table>{f'<ul>{summ}</ul>' if summ else ''}"
                f"{f'<p>notes</p><ul>{notes}</ul>' if notes else ''}</div>")


def _range_of(subject: Mapping[str, Any]) -> str:
    lo, hi = subject.get("min"), subject.get("max")
    return f"{'' if lo is None else lo}..{'' if hi is None else hi}"
