"""`diagnose()`: the composition root. Analysis (text reading plus measurements) and, when asked,
bisection in child processes, which is why this module sits above `runtime`."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from .analysis import STARVED, explain, run_analyzer
from .core.memory import starved
from .core.result import Diagnosis, Evidence

if TYPE_CHECKING:
    import torch

    from .package.inspect import PackageInfo


def diagnose(error: BaseException | str | bytes | None = None,
             model: torch.nn.Module | torch.export.ExportedProgram | object = None,
             inputs: object = None, *, package: PackageInfo | str | os.PathLike[str] | None = None,
             device: str | int | torch.device | None = None, bisect: bool = False,
             bisect_timeout: float = 600) -> Diagnosis:
    """Explain an AOTI failure; never raises (whatever it is handed, even of other types).

    `error`: an exception of any type or log text of any size (or None for a pre-flight check).
    `model` (an nn.Module, an ExportedProgram or its `.module()`, or what `aoti_load_package` or
    `safe_load` returned, whose package is then checked), `inputs` (a tuple/list of args, one
    tensor, a dict, or {"args": ..., "kwargs": ...}), `package` (a `.pt2`/`.so` path or
    a PackageInfo) and `device` ("cuda:1", torch.device, int): let the consistency checks measure
    the cause instead of guessing it from text. `bisect=True` also localises the faulting kernel
    in child processes (it exports `model` here, which runs user code, and takes up to
    `bisect_timeout` seconds).
    """
    measured = model
    try:
        if package is None and model is not None:
            from .runtime.safe_load import SafeModel

            if isinstance(model, SafeModel):   # it knows its package, whose contract the inputs meet
                package, measured = model.info, None
    except MemoryError:  # this process has no memory left, not even for an import
        return STARVED
    except SystemError as exc:
        if starved(exc):
            return STARVED
        raise
    d = explain(error, measured, inputs, package=package, device=device)
    if bisect and model is not None and inputs is not None:
        d = run_analyzer(d, "bisect", lambda d: attach_bisect(d, model, inputs, device, bisect_timeout))
    return d


def attach_bisect(d: Diagnosis, model: object, inputs: object,
                  device: str | int | torch.device | None, timeout: float) -> Diagnosis:
    """Localise the kernel and attach the result to the Diagnosis."""
    from .checks.inputs import parse_device
    from .core.errors import AOTIDebugError
    from .runtime.bisect.runner import bisect

    dev = parse_device(device)  # an int is a CUDA index (0 too), as everywhere else
    where = "cpu" if dev is None else dev[0] if dev[1] is None else f"{dev[0]}:{dev[1]}"
    try:
        r = bisect(model, inputs, device=where, timeout=timeout)
    except AOTIDebugError as exc:
        return replace(d, evidence=d.evidence + (Evidence("bisect", "bisect-failed", str(exc)),))
    ev = tuple(r.evidence)
    if r.kernel:
        summary = f"bisect: {r.fault} in {r.kernel}"
        if r.user_frames:
            summary += f" ({r.user_frames[0]})"
        ev = (Evidence("bisect", "faulting-kernel", summary,
                       {"kernel": r.kernel, "user_frames": list(r.user_frames)}),) + ev
    summary_dict = r.to_dict()
    summary_dict.pop("artifacts", None)  # removed with `r`; the Diagnosis outlives it
    r.close()
    return replace(d, kernel=d.kernel or r.kernel, evidence=d.evidence + ev,
                   details={**dict(d.details), "bisect": summary_dict})
