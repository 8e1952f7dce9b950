"""The pass/fail policy of one isolated bisection run (pure: no I/O, no torch).

A child's outcome is the process's end (exit status, signal, timeout) plus the result file it
left (`protocol.Phase` and, after a run, the output `check`). The rules, first match wins:

| what happened                                  | fault    |
|------------------------------------------------|----------|
| the child passed its timeout                   | crash    |
| the child died of a signal                     | crash    |
| phase build-error or run-error                 | error    |
| phase ran, outputs hold NaN/Inf                | nan      |
| phase ran, outputs differ from eager           | mismatch |
| phase ran, otherwise                           | none     |
| stopped in an earlier phase with a non-zero rc | error    |
| anything else                                  | none     |
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.text.runtime_words import is_generic, runtime_errors
from ..subproc import ProcessOutcome
from .protocol import Fault, Phase

ERROR_CHARS = 300   # of the child's error message quoted in the verdict


def classify_outcome(outcome: ProcessOutcome | None,
                     res: Mapping[str, Any]) -> tuple[Fault | None, str]:
    """(fault, message) for one child; fault None means the run was good."""
    phase = Phase.of(res)
    where = f"in phase {phase or res.get('phase') or Phase.START}"
    if outcome is not None and outcome.timed_out:
        return Fault.CRASH, f"timed out after {outcome.seconds:.0f} s {where}"
    if outcome is not None and outcome.crashed:
        return Fault.CRASH, f"child died of {outcome.signal} {where}"
    if phase in (Phase.BUILD_ERROR, Phase.RUN_ERROR):
        error = str(res.get("error", ""))
        # torch <= 2.12 raised only the runner's generic line: the verdict quotes what the runtime printed
        said = runtime_errors(outcome.stderr) if outcome is not None and is_generic(error) else []
        if said:
            error = f"{said[-1].strip()} (printed by the runtime; raised as: {error})"
        return Fault.ERROR, f"{res.get('error_type')}: {error[:ERROR_CHARS]}"
    if phase is Phase.RAN:
        return _check_verdict(res.get("check") or {})
    if outcome is not None and outcome.returncode not in (0, None):
        return Fault.ERROR, f"child exited with {outcome.returncode} {where}"
    return None, f"child stopped {where}"


def _check_verdict(check: Mapping[str, Any]) -> tuple[Fault | None, str]:
    """The verdict on a run that returned, from the child's comparison of its outputs."""
    if check.get("nonfinite"):
        return Fault.NAN, f"{check['nonfinite']} non-finite output value(s)"
    if check.get("mismatch"):
        return Fault.MISMATCH, f"compiled differs from eager (max abs diff {check.get('max_abs_diff')})"
    compared = check.get("ref_nonfinite") is not None
    return None, "ran; outputs finite" + (" and match eager" if compared else "")


__all__ = ["classify_outcome"]
