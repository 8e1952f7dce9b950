"""What `diagnose()` measures when it is handed a package, inputs or a model: host, device and
input findings against the compiled contract (or, without a package, the export's record)."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .codes import finding
from .constants import weights_findings
from .exported import contract_from_model
from .host import check_host
from .inputs import check_inputs, parse_device
from ..core.result import Finding

if TYPE_CHECKING:
    import torch

    from ..package.inspect import PackageInfo


# an archive inspect_package named as another kind than a package -> the finding that says so
_OTHER_ARCHIVE_FINDINGS = {"exported-program": "AOTC043", "torchscript-archive": "AOTC044", "checkpoint": "AOTC044"}


def _is_package_ref(obj: Any) -> bool:
    from ..package.inspect import PackageInfo

    return isinstance(obj, (str, os.PathLike, PackageInfo))


def narrowed_ranges(compiled: Any, exported: Any) -> list[Finding]:
    """AOTC036 for each dynamic dim whose compiled range is narrower than the export's: Inductor
    specialises kernels on the example's side of a size threshold (a reduction over 4096 elements,
    measured on torch 2.13) and the package's input check records that side, so sizes the export
    accepted are refused (AOTI_RUNTIME_CHECK_INPUTS=1, safe_load) or run on kernels chosen for
    others. Dims are matched by input position."""
    from ..package.inspect import DimInfo

    out: list[Finding] = []
    if compiled is None:
        return out
    for c_in, e_in in zip(compiled.inputs, exported.inputs):
        for d, (c, e) in enumerate(zip(c_in.sizes or (), e_in.sizes or ())):
            if not (isinstance(c, DimInfo) and isinstance(e, DimInfo)):
                continue
            low = c.min is not None and (e.min is None or c.min > e.min)
            high = c.max is not None and (e.max is None or c.max < e.max)
            if low or high:
                out.append(finding(
                    "AOTC036", f"input {c_in.index} ({c_in.name}) dim {d}: exported range "
                    f"[{e.min}, {e.max}], compiled range [{c.min}, {c.max}]: Inductor narrowed it "
                    "when it compiled, and the package refuses sizes outside it",
                    input=c_in.index, dim=d, symbol=c.symbol, exported=[e.min, e.max],
                    compiled=[c.min, c.max]))
    return out


def _explained_by(findings: list[Finding], narrowed: list[Finding]) -> list[Finding]:
    """An input out of a range Inductor narrowed (AOTC032/033 on an AOTC036 dim) needs that fix,
    not a wider Dim: the export already accepted the size."""
    dims = {(f.fields.get("input"), f.fields.get("dim")) for f in narrowed}
    return [replace(f, hint=narrowed[0].hint)
            if f.code in ("AOTC032", "AOTC033") and (f.fields.get("input"), f.fields.get("dim")) in dims
            else f for f in findings]


def loaded_package(model: Any, error_text: str = "") -> tuple[PackageInfo | None, list[Finding]]:
    """The package of the model `aoti_load_package` returned (package/loaded.py) and the finding
    that says where it was read, or why it was not found; (None, []) for any other model."""
    from ..package.loaded import locate

    found = locate(model, error_text)
    if found is None:
        return None, []
    if found.info is None:
        return None, [finding("AOTC091", f"the loaded model's package was not found: {found.how}")]
    return found.info, [finding("AOTC092", f"the loaded model's package was {found.how}",
                                path=found.info.path)]


def consistency_findings(model: Any = None, inputs: Any = None, package: Any = None,
                         device: str | int | torch.device | None = None, indices: bool = False) -> list[Finding]:
    """What `diagnose()` merges: with a package, host + device + inputs checks; with only a model
    (ExportedProgram or its `.module()`), the inputs against what the export recorded. The model
    `aoti_load_package` returned is turned into its package first, by `loaded_package`. `indices`
    also checks ids against the tables the kernels index (AOTC039, AOTC042): for an error that
    does not say which check failed, where no index assertion leads to the index trace."""
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
            # another kind of archive than a package is measured, and no package loader can load it
            code = _OTHER_ARCHIVE_FINDINGS.get(exc.problem or "", "AOTC091")
            what = f"{exc}" if code != "AOTC091" else f"package not checked: {exc}"
            return findings + [finding(code, what, path=str(package))]
        index = dev[1] if dev else None
        if dev and info.device_type and dev[0] != info.device_type:
            findings.append(finding("AOTC013", f"package compiled for {info.device_type}, loaded or "
                                    f"called for {dev[0]}: cross-device loading is not supported",
                                    expected=info.device_type, got=dev[0]))
        findings += check_host(info, device_index=index if info.device_type != "cpu" else None)
        findings += weights_findings(info)
        recorded = contract_from_model(model) if model is not None else None
        narrowed = narrowed_ranges(info.models[0] if info.models else None,
                                   recorded.models[0]) if recorded is not None else []
        findings += narrowed
        if inputs is not None:
            # ids past a table: the index trace measures them with the kernel's context
            findings += _explained_by(check_inputs(info, inputs, device=device, indices=indices), narrowed)
        return findings
    if model is not None and inputs is not None:  # no readable package: the export's record
        recorded = contract_from_model(model)
        if recorded is not None:
            findings += check_inputs(recorded, inputs, device=device, indices=False)
    return findings
