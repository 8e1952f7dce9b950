"""Verdict policy and tolerance rule of a probe, as data: (in contract, outcome) -> verdict, and how close an output must be to the reference, per dtype."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .cases import INT_DTYPES


# ==================================================================== 2. verdicts and tolerance
# outcome: what was measured. ran_match / ran_differ: ran and compared with the reference;
# ran_unchecked: ran, no reference given; ref_failed: ran, but the reference raised;
# raised_clear: an error whose text names the input problem; raised_opaque: any other error;
# signal: the worker died; timeout: the call passed its timeout.
VERDICTS: Mapping[tuple[bool, str], str] = {
    (True, "ran_match"): "ok", (False, "ran_match"): "accepted",
    (True, "ran_unchecked"): "ok", (False, "ran_unchecked"): "accepted",
    (True, "ran_differ"): "wrong", (False, "ran_differ"): "wrong",
    (True, "ref_failed"): "error", (False, "ref_failed"): "accepted",
    (True, "raised_clear"): "refused", (False, "raised_clear"): "refused",
    (True, "raised_opaque"): "error", (False, "raised_opaque"): "error",
    (True, "signal"): "crashed", (False, "signal"): "crashed",
    (True, "timeout"): "hang", (False, "timeout"): "hang",
}
# Verdicts that make a report not ok: in contract, anything but ok; out of contract, these.
BAD_OUT_OF_CONTRACT = frozenset({"crashed", "hang", "wrong", "accepted"})
# An error is "clear" (a refusal) when the text classifier puts it in one of these categories:
# the message names the input or the mismatch (AOTD101 input_handles[i], AOTD102 arity/kwargs,
# AOTD104 an op rejecting the input's dtype/shape, dynamic guards, device mismatches).
CLEAR_CATEGORIES = frozenset({"input_mismatch", "dynamic_shape_guard", "device_mismatch"})


def verdict_for(in_contract: bool, outcome: str) -> str:
    return VERDICTS[(bool(in_contract), outcome)]


def is_finding(in_contract: bool, verdict: str) -> bool:
    return verdict != "ok" if in_contract else verdict in BAD_OUT_OF_CONTRACT


@dataclass(frozen=True)
class Tolerance:
    rtol: float
    atol: float   # scaled: atol * max(1, max|reference|) * max(1, sqrt(K) / 32), K = reduction size


# The rule, per output dtype (the lower precision of the package's and the reference's output):
# |got - want| <= atol_eff + rtol * |want| elementwise, with atol_eff = atol * s, where
# s = max(1, max|want|) * max(1, sqrt(K) / 32) and K = (numel of all inputs) / (numel of all
# outputs), an estimate of how many terms each output sums. Integer and bool outputs: exact.
# NaN positions must agree; infinities must agree in position and sign.
TOLERANCE: Mapping[str, Tolerance] = {
    "float64": Tolerance(1e-7, 1e-9),
    "float32": Tolerance(1e-4, 1e-5),
    "float16": Tolerance(1e-2, 1e-3),
    "bfloat16": Tolerance(2e-2, 1e-2),
}
EXACT = Tolerance(0.0, 0.0)
PRECISION_ORDER = ("bfloat16", "float16", "float32", "float64")  # loosest first


def tolerance_for(dtype_a: str, dtype_b: str, rtol: float | None = None,
                  atol: float | None = None) -> Tolerance:
    floats = [d for d in (dtype_a, dtype_b) if d in TOLERANCE]
    if not floats:
        base = EXACT if dtype_a == dtype_b or {dtype_a, dtype_b} <= INT_DTYPES | {"bool"} else TOLERANCE["float32"]
    else:
        base = TOLERANCE[min(floats, key=PRECISION_ORDER.index)]
    return Tolerance(base.rtol if rtol is None else rtol, base.atol if atol is None else atol)
