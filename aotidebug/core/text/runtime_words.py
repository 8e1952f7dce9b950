"""What the AOTI runtime printed to stderr, for a torch that raised only the runner's generic line.

torch <= 2.12 raises `run_func_(...) API call failed at ...` and prints the reason to stderr: its
own checks as `Error: <what>`, an op's refusal as the C shim logs it (`Exception in aoti_torch:
<what>`); 2.13 raises the words themselves. One reader of that stderr for bisect's verdicts and
probe's cases (pure: text in, text out)."""

from __future__ import annotations

import re

__all__ = ["GENERIC_RUNNER_ERROR", "is_generic", "runtime_errors", "shim_refusals"]

GENERIC_RUNNER_ERROR = "API call failed"
_RUNTIME_ERROR = re.compile(r"^Error: (?P<what>\S.*)$", re.M)
_SHIM_SAYS = "Exception in aoti_torch: "


def is_generic(message: str) -> bool:
    """True for a message that names a failed call and no reason (the runner's, a wrapper's)."""
    return GENERIC_RUNNER_ERROR in message


def runtime_errors(stderr: str) -> list[str]:
    """The `Error: <what>` lines' <what>, in order (a wrapper's failed call among them)."""
    return _RUNTIME_ERROR.findall(stderr)


def shim_refusals(stderr: str) -> list[str]:
    """What the C shim logged when an op refused its arguments, in order."""
    return [ln.split(_SHIM_SAYS, 1)[1] for ln in stderr.splitlines() if _SHIM_SAYS in ln]
