"""Contracts that do not come from a package: the one an ExportedProgram recorded (read from its
placeholders' metadata, no user code runs), and inputs saved with torch.save (weights_only)."""

from __future__ import annotations

import os
from typing import Any

from .inputs import is_tensor, torch_module
from ..core.describe import type_name
from ..core.errors import AOTIDebugError
from ..package.inspect import PackageInfo

def contract_from_model(model: Any) -> PackageInfo | None:
    """A PackageInfo-shaped contract from an ExportedProgram (or `ep.module()`), read from the
    placeholders' recorded example metadata; no user code runs. None for other objects."""
    from ..package.inspect import DimInfo, InputSpec, ModelInfo

    graph_module = model.graph_module if hasattr(model, "graph_signature") else model
    graph = getattr(graph_module, "graph", None)
    if graph is None:
        return None
    user_inputs = None
    sig = getattr(model, "graph_signature", None)
    if sig is not None:
        user_inputs = set(getattr(sig, "user_inputs", ()) or ())
    ranges: dict[str, tuple[int | None, int | None]] = {}
    for sym, vr in (getattr(model, "range_constraints", None) or {}).items():
        ranges[str(sym)] = (_int_bound(vr.lower), _int_bound(vr.upper))
    specs: list[InputSpec] = []
    for node in graph.nodes:
        if node.op != "placeholder" or (user_inputs is not None and node.name not in user_inputs):
            continue
        val = node.meta.get("val")
        if val is None or not hasattr(val, "shape"):
            continue
        sizes: list[int | DimInfo] = []
        for s in val.shape:
            if isinstance(s, int):
                sizes.append(int(s))
                continue
            sym = str(s)
            lo, hi = ranges.get(sym, (None, None))
            if lo is None and hi is None:
                lo, hi = _symint_range(s)
            sizes.append(DimInfo(sym, lo, hi))
        specs.append(InputSpec(len(specs), node.name, str(val.dtype).replace("torch.", ""),
                               tuple(sizes), None, val.device.type))
    in_spec = None
    try:
        from torch.utils._pytree import treespec_dumps

        spec = model.call_spec.in_spec if hasattr(model, "call_spec") else getattr(graph_module, "_in_spec", None)
        in_spec = treespec_dumps(spec) if spec is not None else None
    except Exception:
        in_spec = None
    m = ModelInfo("model", tuple(specs), in_spec=in_spec)
    dev = next((s.device_type for s in specs if s.device_type), None)
    return PackageInfo(f"<{type(model).__name__}>", "exported-program", dev, {}, (m,), (), ())


def _symint_range(s: Any) -> tuple[int | None, int | None]:
    """The value range the export's shape env recorded for a SymInt (None, None if unknown)."""
    try:
        from torch.utils._sympy.value_ranges import bound_sympy

        node = s.node
        vr = bound_sympy(node.expr, node.shape_env.var_to_range)
        return _int_bound(vr.lower), _int_bound(vr.upper)
    except Exception:
        return None, None


def _int_bound(v: Any) -> int | None:
    try:
        f = float(v)
    except Exception:
        return None
    if f != f or f in (float("inf"), float("-inf")) or abs(f) > 2 ** 62:
        return None
    return int(f)


def load_inputs_file(path: str | os.PathLike) -> Any:
    """Inputs saved with torch.save: a tensor, tuple/list/dict of tensors, or {"args", "kwargs"};
    loaded with weights_only=True (no code runs). Unreadable files raise AOTIDebugError."""
    torch = torch_module()
    try:
        data = torch.load(os.fspath(path), weights_only=True, map_location=None)
    except FileNotFoundError as exc:
        raise AOTIDebugError(f"inputs file not found: {path}", problem="input-not-found") from exc
    except Exception as exc:  # a refusal of the file, not a failure to diagnose from torch's words
        raise AOTIDebugError(f"cannot load inputs file {path} with weights_only=True: "
                             f"{type(exc).__name__}: {exc}", problem="inputs-not-loadable") from exc
    if is_tensor(data):
        return (data,)
    if isinstance(data, list):
        return tuple(data)
    if isinstance(data, (tuple, dict)):
        return data
    raise AOTIDebugError(f"inputs file {path} holds a {type_name(data)}; expected a tensor or a "
                         "tuple/list/dict of tensors", problem="inputs-not-loadable")
