"""`diagnose()`: the composition root. Analysis (text reading plus measurements) and, when asked,
bisection in child processes, which is why this module sits above `runtime`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .analysis import explain, run_analyzer
from .core.result import Diagnosis, Evidence


def diagnose(error: Any = None, model: Any = None, inputs: Any = None, *, package: Any = None,
             device: Any = None, bisect: bool = False, bisect_timeout: float = 600) -> Diagnosis:
    """Explain an AOTI failure; never raises.

    `error`: an exception of any type or log text of any size (or None for a pre-flight check).
    `model`/`inputs`/`package`/`device`: let the consistency checks measure the cause instead of
    guessing it from text. `bisect=True` also localises the faulting kernel in child processes
    (it exports `model` here, which runs user code, and takes up to `bisect_timeout` seconds).
    """
    d = explain(error, model, inputs, package=package, device=device)
    if bisect and model is not None and inputs is not None:
        d = run_analyzer(d, "bisect", lambda d: attach_bisect(d, model, inputs, device, bisect_timeout))
    return d


def attach_bisect(d: Diagnosis, model: Any, inputs: Any, device: Any, timeout: float) -> Diagnosis:
    """Localise the kernel and attach the result to the Diagnosis."""
    from .core.errors import AOTIDebugError
    from .runtime.bisect.runner import bisect

    try:
        r = bisect(model, inputs, device=str(device or "cpu"), timeout=timeout)
    except AOTIDebugError as exc:
        return replace(d, evidence=d.evidence + (Evidence("bisect", "bisect-failed", str(exc)),))
    ev = tuple(r.evidence)
    if r.kernel:
        summary = f"bisect: {r.fault} in {r.kernel}"
        if r.user_frames:
            summary += f" ({r.user_frames[0]})"
        ev = (Evidence("bisect", "faulting-kernel", summary,
                       {"kernel": r.kernel, "user_frames": list(r.user_frames)}),) + ev
    return replace(d, kernel=d.kernel or r.kernel, evidence=d.evidence + ev,
                   details={**dict(d.details), "bisect": r.to_dict()})
