"""Constants handed to `load_constants` against the constants the package was compiled with.

Why: torch 2.13 and 2.14.1 accept a constant of another dtype, shape or layout without a word
(measured, tests/test_weights.py); the kernels then read its memory as compiled, which gives
wrong numbers, reads past the tensor, or corrupts the heap. The package records each constant's
dtype, shape and strides (`ConstantInfo`), so the mismatch can be named before torch sees it.
Pure: duck-typed tensors, no torch import.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..core.result import Finding
from .codes import finding
from ..core.describe import type_name
from .inputs import is_tensor, other_layout


def check_constants(model: Any, constants: Mapping[Any, Any], device_type: str | None = None) -> list[Finding]:
    """Findings for each entry of `constants` ({fqn: tensor}) whose value breaks the compiled
    constant of that name in `model` (a ModelInfo). Names the package does not hold are left to
    torch, which refuses them itself (`Constant not found`). `device_type`: the package's
    ("cpu", "cuda"); a meta tensor is refused whatever it is, since it holds no data (torch
    2.13 fails with "API call failed" and says why only on stderr)."""
    by_fqn = {c.fqn: c for c in model.constants if c.fqn}
    out: list[Finding] = []
    for name, value in constants.items():
        c = by_fqn.get(str(name))
        if c is None:
            continue
        where = f"constant {name!r}"
        if not is_tensor(value):
            out.append(finding("AOTC055", f"{where}: expected a tensor, got {type_name(value)}",
                               constant=str(name), got=type_name(value)))
            continue
        layout = other_layout(value)
        if layout is not None:  # no dense sizes or strides to compare (a nested one has none at all)
            out.append(finding("AOTC057", f"{where}: a {layout} tensor; the package's constants are "
                               "dense (strided)", constant=str(name), expected="strided", got=layout))
            continue
        dev = getattr(getattr(value, "device", None), "type", None)
        if dev is not None and (dev == "meta" or (device_type is not None and dev != device_type)):
            out.append(finding("AOTC056", f"{where}: on device {dev}, the package runs on "
                               f"{device_type or 'another device'}"
                               + (" (a meta tensor has a shape but no data)" if dev == "meta" else ""),
                               constant=str(name), expected=device_type, got=dev))
            continue
        dtype = str(value.dtype).replace("torch.", "")
        if c.dtype and dtype != c.dtype:
            out.append(finding("AOTC052", f"{where}: dtype {dtype}, compiled as {c.dtype}",
                               constant=str(name), expected=c.dtype, got=dtype))
        shape = tuple(int(s) for s in value.shape)
        if c.sizes is not None and shape != tuple(c.sizes):
            out.append(finding("AOTC053", f"{where}: shape {shape}, compiled as {tuple(c.sizes)}",
                               constant=str(name), expected=list(c.sizes), got=list(shape)))
            continue
        if c.strides is not None and len(c.strides) == len(shape):
            got = tuple(int(s) for s in value.stride())
            bad = [d for d, (w, g) in enumerate(zip(c.strides, got)) if w != g and shape[d] > 1]
            if bad:
                out.append(finding("AOTC054", f"{where}: strides {got}, compiled as "
                                   f"{tuple(c.strides)} (a transposed or sliced view)",
                                   constant=str(name), dim=bad[0], expected=list(c.strides),
                                   got=list(got)))
    return out


def weights_findings(info: Any) -> list[Finding]:
    """AOTC050 for each model whose weights nothing `aoti_load_package` reads holds: legitimate
    when the caller loads them, a null-pointer crash when a call comes first."""
    from ..package.inspect import WEIGHTS

    return [finding("AOTC050", f"model {m.name!r} was compiled without its weights, which are "
                    f"{WEIGHTS[m.weights]}: a call before load_constants runs on null constants "
                    "(a segfault)", model=m.name, weights=m.weights, constants=len(m.constants))
            for m in info.models if m.weights_unloaded]


def unloaded_weights(model: Any, missing: Iterable[str], consequence: str) -> Finding:
    """AOTC051: `model` (a ModelInfo compiled without its weights) lacks the constants `missing`;
    `consequence` says what that stops (a call, a probe)."""
    from ..package.inspect import WEIGHTS

    names = sorted(missing)
    shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
    return finding("AOTC051", f"{len(names)} of the package's constants are not loaded ({shown}): "
                   f"model {model.name!r} was compiled without its weights, which are "
                   f"{WEIGHTS[model.weights]}; {consequence}",
                   missing=names[:50], weights=model.weights)


__all__ = ["check_constants", "unloaded_weights", "weights_findings"]
