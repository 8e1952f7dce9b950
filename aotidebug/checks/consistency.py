"""What `diagnose()` measures when it is handed a package, inputs or a model: host, device and
input findings against the compiled contract (or, without a package, the export's record)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from .codes import finding
from .exported import contract_from_model
from .host import check_host
from .inputs import check_inputs, parse_device
from ..core.result import Finding

if TYPE_CHECKING:
    import torch


def _is_package_ref(obj: Any) -> bool:
    from ..package.inspect import PackageInfo

    return isinstance(obj, (str, os.PathLike, PackageInfo))


def weights_findings(info: Any) -> list[Finding]:
    """AOTC050 for each model whose weights nothing `aoti_load_package` reads holds: legitimate
    when the caller loads them, a null-pointer crash when a call comes first."""
    from ..package.inspect import WEIGHTS

    return [finding("AOTC050", f"model {m.name!r} was compiled without its weights, which are "
                    f"{WEIGHTS[m.weights]}: a call before load_constants runs on null constants "
                    "(a segfault)", model=m.name, weights=m.weights, constants=len(m.constants))
            for m in info.models if m.weights_unloaded]


def consistency_findings(model: Any = None, inputs: Any = None, package: Any = None,
                         device: str | int | torch.device | None = None) -> list[Finding]:
    """What `diagnose()` merges: with a package, host + device + inputs checks; with only a model
    (ExportedProgram or its `.module()`), the inputs against what the export recorded."""
    findings: list[Finding] = []
    dev = parse_device(device)
    if package is not None and not _is_package_ref(package):
        findings.append(finding("AOTC091", f"package given as a {type(package).__name__}, not a path: "
                                "pass the .pt2 path to check it", got=type(package).__name__))
    elif package is not None:
        from ..core.errors import PackageError
        from ..package.inspect import inspect_package

        try:
            info = inspect_package(package)
        except PackageError as exc:
            return findings + [finding("AOTC091", f"package not checked: {exc}", path=str(package))]
        index = dev[1] if dev else None
        if dev and info.device_type and dev[0] != info.device_type:
            findings.append(finding("AOTC013", f"package compiled for {info.device_type}, loaded or "
                                    f"called for {dev[0]}: cross-device loading is not supported",
                                    expected=info.device_type, got=dev[0]))
        findings += check_host(info, device_index=index if info.device_type != "cpu" else None)
        findings += weights_findings(info)
        if inputs is not None:
            findings += check_inputs(info, inputs, device=device)
        return findings
    if model is not None and inputs is not None:  # no readable package: the export's record
        recorded = contract_from_model(model)
        if recorded is not None:
            findings += check_inputs(recorded, inputs, device=device)
    return findings
