"""Consistency checks: inputs, host and device against a package's compiled contract.

Each check returns `Finding`s (codes AOTCnnn, table below) with the evidence (input index and
name, expected vs got) in `fields`. Input checks never touch tensor data (only dtype, device,
shape and strides), and `compile_input_checker` precomputes the contract so the common "all is
well" call costs about a microsecond per tensor: cheap enough before every call. Host checks are a
pure function of the package's metadata and a `HostFacts` snapshot, so GPU-only paths are tested
with constructed facts and CPU paths with the real host.
"""

from __future__ import annotations

import functools
import os
import platform
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..core import hints
from ..core.categories import Category
from ..package.generated import spec_structure
from ..core.result import Finding
from ..core.errors import AOTIDebugError

# code -> (severity, category, title). Codes are stable; never reuse one.
CODES: dict[str, tuple[str, Category, str]] = {
    "AOTC001": ("fatal", Category.INPUT_MISMATCH, "wrong number of inputs"),
    "AOTC002": ("fatal", Category.INPUT_MISMATCH, "call structure differs from the export"),
    "AOTC003": ("fatal", Category.INPUT_MISMATCH, "dict keys in another order than at export"),
    "AOTC004": ("fatal", Category.INPUT_MISMATCH, "not a tensor"),
    "AOTC010": ("fatal", Category.DEVICE_MISMATCH, "input on the wrong device type"),
    "AOTC011": ("fatal", Category.DEVICE_MISMATCH, "input has no data (meta or fake tensor)"),
    "AOTC012": ("fatal", Category.DEVICE_MISMATCH, "inputs on different device indices"),
    "AOTC013": ("fatal", Category.DEVICE_MISMATCH, "package compiled for another device type"),
    "AOTC020": ("fatal", Category.INPUT_MISMATCH, "wrong dtype"),
    "AOTC030": ("fatal", Category.INPUT_MISMATCH, "wrong number of dimensions"),
    "AOTC031": ("fatal", Category.INPUT_MISMATCH, "static size differs from the compiled size"),
    "AOTC032": ("fatal", Category.DYNAMIC_SHAPE_GUARD, "dynamic size below its exported minimum"),
    "AOTC033": ("fatal", Category.DYNAMIC_SHAPE_GUARD, "dynamic size above its exported maximum"),
    "AOTC034": ("warning", Category.DYNAMIC_SHAPE_GUARD, "dynamic size 0 or 1 with unknown bounds"),
    "AOTC040": ("fatal", Category.INPUT_MISMATCH, "strides differ from the compiled strides"),
    "AOTC041": ("warning", Category.INPUT_MISMATCH, "non-contiguous input, compiled for contiguous"),
    "AOTC090": ("info", Category.UNKNOWN, "contract incomplete"),
    "AOTC091": ("info", Category.UNKNOWN, "package not checked"),
    "AOTC100": ("fatal", Category.VERSION_MISMATCH, "package built for another platform"),
    "AOTC101": ("fatal", Category.VERSION_MISMATCH, "package built for another machine architecture"),
    "AOTC102": ("fatal", Category.VERSION_MISMATCH, "CPU lacks the instruction set the kernels use"),
    "AOTC103": ("info", Category.VERSION_MISMATCH, "CPU instruction set not verifiable"),
    "AOTC110": ("fatal", Category.DEVICE_MISMATCH, "CUDA package but no usable GPU"),
    "AOTC111": ("fatal", Category.VERSION_MISMATCH, "GPU compute capability differs from the build"),
    "AOTC112": ("fatal", Category.DEVICE_MISMATCH, "device index not usable for this package"),
    "AOTC120": ("warning", Category.VERSION_MISMATCH, "torch version differs from the build"),
}
HINTS: dict[str, str] = {
    "AOTC001": hints.MATCH_CALL_SPEC, "AOTC002": hints.MATCH_CALL_SPEC,
    "AOTC003": hints.MATCH_CALL_SPEC, "AOTC004": hints.MATCH_CALL_SPEC,
    "AOTC010": hints.MOVE_INPUTS_TO_DEVICE, "AOTC011": hints.USE_REAL_TENSORS,
    "AOTC012": hints.MOVE_INPUTS_TO_DEVICE, "AOTC013": hints.MATCH_COMPILE_DEVICE,
    "AOTC020": hints.MATCH_DTYPE, "AOTC030": hints.CHECK_THREE_MATCHES,
    "AOTC031": hints.CHECK_THREE_MATCHES, "AOTC032": hints.EXPORT_WITH_EDGE_SHAPES,
    "AOTC033": hints.EXPORT_WITH_EDGE_SHAPES, "AOTC034": hints.GUARD_EMPTY_INPUTS,
    "AOTC040": hints.MAKE_CONTIGUOUS, "AOTC041": hints.MAKE_CONTIGUOUS,
    "AOTC100": hints.REBUILD_SAME_VERSION, "AOTC101": hints.REBUILD_SAME_VERSION,
    "AOTC102": hints.REBUILD_FOR_CPU, "AOTC110": hints.MATCH_COMPILE_DEVICE,
    "AOTC111": hints.REBUILD_SAME_VERSION, "AOTC112": hints.CPU_DEVICE_INDEX,
    "AOTC120": hints.REBUILD_SAME_VERSION,
}


def finding(code: str, message: str, severity: str | None = None, **fields: Any) -> Finding:
    sev, cat, title = CODES[code]
    return Finding(code, severity or sev, cat, message, fields, HINTS.get(code, ""),
                   title[:1].upper() + title[1:])


# ---------------------------------------------------------------- inputs
def _torch():
    import torch

    return torch


def _is_tensor(x: Any) -> bool:
    return type(x).__module__.startswith("torch") and hasattr(x, "dtype") and hasattr(x, "stride")


def _is_fake(t: Any) -> bool:
    return type(t).__name__ in ("FakeTensor", "FunctionalTensor") or bool(getattr(t, "fake_mode", None))


def _flatten(struct: Any, value: Any, path: str, out: list[tuple[str, Any]], findings: list[Finding]) -> None:
    """Walk `value` along the in_spec structure, appending (path, leaf) in the order the runtime
    sees them (torch flattens the value's own dict order, which is why reordered keys swap)."""
    if struct == "leaf" or struct is None:
        out.append((path, value))
        return
    kind = struct[0]
    if kind == "dict":
        keys, children = struct[1], struct[2]
        if not isinstance(value, Mapping):
            findings.append(finding("AOTC002", f"{path or 'inputs'}: expected a dict with keys "
                                    f"{list(keys)}, got {type(value).__name__}",
                                    path=path, expected=list(keys), got=type(value).__name__))
            _flatten_any(value, path, out)
            return
        got = list(value.keys())
        if set(got) != set(keys):
            missing = [k for k in keys if k not in value]
            extra = [k for k in got if k not in keys]
            findings.append(finding("AOTC002", f"{path or 'kwargs'}: keys differ from the export "
                                    f"(missing {missing}, unexpected {extra})", path=path,
                                    expected=list(keys), got=got))
        elif got != list(keys):
            findings.append(finding("AOTC003", f"{path or 'kwargs'}: keys come in the order {got}, "
                                    f"exported as {list(keys)}; the package takes tensors by "
                                    "position, so they are silently swapped", path=path,
                                    expected=list(keys), got=got))
        by_key = dict(zip(keys, children))
        for k, v in value.items():
            _flatten(by_key.get(k, "leaf"), v, f"{path}[{k!r}]", out, findings)
        return
    children = struct[1]
    seq_ok = isinstance(value, (tuple, list)) if kind in ("tuple", "list") else hasattr(value, "__len__")
    if not seq_ok or isinstance(value, Mapping) or len(value) != len(children):
        n = len(value) if isinstance(value, (tuple, list)) else None
        what = "positional arguments" if path == "args" else "items"
        code = "AOTC001" if (path == "args" and n is not None) else "AOTC002"
        findings.append(finding(code, f"{path or 'inputs'}: expected {len(children)} {what}, got "
                                f"{n if n is not None else type(value).__name__}",
                                path=path, expected=len(children), got=n if n is not None else type(value).__name__))
        _flatten_any(value, path, out)
        return
    for i, (c, v) in enumerate(zip(children, value)):
        _flatten(c, v, f"{path}[{i}]", out, findings)


def _flatten_any(value: Any, path: str, out: list[tuple[str, Any]]) -> None:
    if isinstance(value, Mapping):
        for k, v in value.items():
            _flatten_any(v, f"{path}[{k!r}]", out)
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            _flatten_any(v, f"{path}[{i}]", out)
    else:
        out.append((path, value))


def _contiguous_strides(sizes: Sequence[int]) -> tuple[int, ...]:
    out, acc = [], 1
    for s in reversed(sizes):
        out.append(acc)
        acc *= max(int(s), 1)
    return tuple(reversed(out))


@dataclass(frozen=True)
class _Expect:
    """One input's precomputed contract (torch objects resolved once)."""

    index: int
    name: str
    dtype: Any               # torch.dtype or None
    dtype_name: str | None
    device_type: str | None
    ndim: int | None
    static: tuple[int, ...] | None     # all sizes static: the exact shape
    dims: tuple[Any, ...]              # per dim: int, or (symbol, min, max)
    strides: tuple[int | None, ...] | None  # None items: symbolic
    fast_strides: tuple[int, ...] | None    # all strides known


def _expectations(model_info: Any) -> list[_Expect]:
    torch = _torch()
    out = []
    for spec in model_info.inputs:
        dt = getattr(torch, spec.dtype, None) if spec.dtype else None
        dims = tuple(s if isinstance(s, int) else (s.symbol, s.min, s.max) for s in (spec.sizes or ()))
        static = tuple(dims) if spec.sizes is not None and all(isinstance(d, int) for d in dims) else None
        strides = None if spec.strides is None else tuple(s if isinstance(s, int) else None for s in spec.strides)
        fast = strides if strides is not None and all(s is not None for s in strides) else None
        out.append(_Expect(spec.index, spec.name, dt if isinstance(dt, torch.dtype) else None,
                           spec.dtype, spec.device_type, len(dims) if spec.sizes is not None else None,
                           static, dims, strides, fast))
    return out


def _check_tensor(e: _Expect, path: str, t: Any, want_index: int | None) -> list[Finding]:
    """Every contract item for one tensor (the slow, explaining path)."""
    f: list[Finding] = []
    where = f"input {e.index} ({e.name}, {path})"
    base = {"input": e.index, "name": e.name, "path": path}
    if not _is_tensor(t):
        return [finding("AOTC004", f"{where}: expected a tensor, got {type(t).__name__}",
                        **base, expected="Tensor", got=type(t).__name__)]
    dev = t.device
    if dev.type == "meta" or _is_fake(t):
        kind = "meta" if dev.type == "meta" else "fake"
        f.append(finding("AOTC011", f"{where}: is a {kind} tensor (no data); the package needs a real "
                         f"tensor on {e.device_type or 'its device'}", **base,
                         expected=e.device_type, got=f"{kind}:{dev}"))
    elif e.device_type and dev.type != e.device_type:
        f.append(finding("AOTC010", f"{where}: on {dev}, compiled for {e.device_type}", **base,
                         expected=e.device_type, got=str(dev)))
    elif want_index is not None and dev.type != "cpu" and dev.index is not None and dev.index != want_index:
        f.append(finding("AOTC012", f"{where}: on {dev}, the package runs on {dev.type}:{want_index}",
                         **base, expected=f"{dev.type}:{want_index}", got=str(dev)))
    if e.dtype is not None and t.dtype != e.dtype:
        f.append(finding("AOTC020", f"{where}: dtype {str(t.dtype).replace('torch.', '')}, compiled "
                         f"for {e.dtype_name}", **base, expected=e.dtype_name,
                         got=str(t.dtype).replace("torch.", "")))
    shape = tuple(int(s) for s in t.shape)
    if e.ndim is not None and len(shape) != e.ndim:
        f.append(finding("AOTC030", f"{where}: {len(shape)}-D tensor of shape {shape}, compiled for "
                         f"{e.ndim}-D {_fmt_dims(e.dims)}", **base, expected=_fmt_dims(e.dims),
                         got=list(shape)))
        return f
    for d, (want, got) in enumerate(zip(e.dims, shape)):
        if isinstance(want, int):
            if want != got:
                f.append(finding("AOTC031", f"{where}: size {got} at dim {d}, compiled for {want} "
                                 f"(shape {shape} vs {_fmt_dims(e.dims)})", **base, dim=d,
                                 expected=want, got=got, shape=list(shape)))
            continue
        sym, lo, hi = want
        if lo is not None and got < lo:
            f.append(finding("AOTC032", f"{where}: size {got} at dim {d} is below the exported minimum "
                             f"{lo} of dynamic dim {sym}", **base, dim=d, symbol=sym, min=lo, max=hi,
                             expected=f">= {lo}", got=got))
        elif hi is not None and got > hi:
            f.append(finding("AOTC033", f"{where}: size {got} at dim {d} is above the exported maximum "
                             f"{hi} of dynamic dim {sym}", **base, dim=d, symbol=sym, min=lo, max=hi,
                             expected=f"<= {hi}", got=got))
        elif lo is None and got in (0, 1):
            f.append(finding("AOTC034", f"{where}: size {got} at dim {d} of dynamic dim {sym}, whose "
                             "lower bound is not recorded (export specialises 0 and 1)", **base,
                             dim=d, symbol=sym, got=got))
    size_broken = any(x.code in ("AOTC031", "AOTC032", "AOTC033") for x in f)
    if size_broken and t.is_contiguous():
        return f  # other sizes give other contiguous strides: the size is the cause, not the layout
    if e.strides is not None and len(e.strides) == len(shape) and t.layout == _torch().strided:
        got_st = tuple(int(s) for s in t.stride())
        bad = [d for d, (w, g) in enumerate(zip(e.strides, got_st))
               if w is not None and w != g and shape[d] > 1]
        if bad:
            f.append(finding("AOTC040", f"{where}: strides {got_st}, compiled for "
                             f"{tuple('?' if s is None else s for s in e.strides)} (first difference "
                             f"at dim {bad[0]}); a non-contiguous view, transpose or slice", **base,
                             dim=bad[0], expected=[s if s is not None else "?" for s in e.strides],
                             got=list(got_st)))
        elif any(s is None for s in e.strides) and not t.is_contiguous():
            known = [(w, c) for w, c in zip(e.strides, _contiguous_strides(shape)) if w is not None]
            if all(w == c for w, c in known):
                f.append(finding("AOTC041", f"{where}: non-contiguous (strides {got_st}); the compiled "
                                 "code assumes a contiguous layout", **base, got=list(got_st)))
    return f


def _fmt_dims(dims: Sequence[Any]) -> str:
    return "(" + ", ".join(str(d) if isinstance(d, int) else
                           f"{d[0]}[{'' if d[1] is None else d[1]}..{'' if d[2] is None else d[2]}]"
                           for d in dims) + ")"


def _normalize_call(args: Any, kwargs: Mapping[str, Any] | None, struct: Any) -> tuple[Any, Any]:
    """(args, kwargs) from what a user passes: a tuple/list of args, one tensor, a dict of kwargs
    (when the export took only keyword arguments) or {"args": ..., "kwargs": ...}."""
    if isinstance(args, Mapping) and set(args) == {"args", "kwargs"} and kwargs is None:
        return tuple(args["args"] or ()), dict(args["kwargs"] or {})
    if isinstance(args, list):
        args = tuple(args)
    if isinstance(args, Mapping) and kwargs is None:
        n_args = len(struct[1][0][1]) if _is_call_struct(struct) else None
        if n_args == 0:
            return (), args
        return (args,), {}
    if not isinstance(args, tuple):
        args = (args,)
    return args, dict(kwargs or {})


def _is_call_struct(struct: Any) -> bool:
    return (isinstance(struct, tuple) and struct[0] == "tuple" and len(struct[1]) == 2
            and isinstance(struct[1][0], tuple) and struct[1][0][0] == "tuple"
            and isinstance(struct[1][1], tuple) and struct[1][1][0] == "dict")


def compile_input_checker(info: Any, model: str = "model") -> Callable[[tuple, dict | None], list[Finding]]:
    """A checker for one package's model, with its contract precomputed.

    `check(args, kwargs=None) -> list[Finding]`. The fast path (args a tuple shaped exactly like
    the export, plain tensors that all match) does a handful of attribute compares per tensor;
    anything else falls through to the explaining path, which names each problem.
    """
    from ..package.inspect import inspect_package

    pinfo = inspect_package(info)
    minfo = pinfo.model(model)
    exps = _expectations(minfo)
    struct = spec_structure(minfo.in_spec)
    call_struct = _is_call_struct(struct)
    n = len(exps)
    incomplete: list[Finding] = []
    if not exps or any(e.dtype is None or e.ndim is None for e in exps):
        incomplete.append(finding("AOTC090", f"the contract of model {minfo.name!r} in {pinfo.path} is "
                                  "incomplete; only what it records is checked",
                                  unreadable=list(pinfo.unreadable)))

    def slow(args: Any, kwargs: Mapping[str, Any] | None) -> list[Finding]:
        findings: list[Finding] = list(incomplete)
        a, k = _normalize_call(args, kwargs, struct)
        leaves: list[tuple[str, Any]] = []
        if call_struct:
            _flatten(struct[1][0], a, "args", leaves, findings)
            _flatten(struct[1][1], k, "kwargs", leaves, findings)
        else:
            _flatten_any(a, "args", leaves)
            _flatten_any(k, "kwargs", leaves)
        tensors = [(p, v) for p, v in leaves if _is_tensor(v)]
        if len(tensors) != n and len(leaves) == n and not findings:
            tensors = leaves  # same arity, some leaf is not a tensor: say which (AOTC004)
        elif len(tensors) != n and not any(f.code == "AOTC001" for f in findings):
            findings.append(finding("AOTC001", f"the package takes {n} tensor input(s) "
                                    f"({', '.join(e.name for e in exps)}), the call passes "
                                    f"{len(tensors)}", expected=n, got=len(tensors)))
        idx = None  # the run device's index is checked by check_inputs(device=...)
        devs = {v.device.index for _, v in tensors if _is_tensor(v) and v.device.type not in ("cpu", "meta")}
        if idx is None and len(devs) > 1:
            findings.append(finding("AOTC012", f"inputs are spread over device indices {sorted(devs)}; "
                                    "a package runs on one device", got=sorted(devs)))
        for e, (p, t) in zip(exps, tensors):
            findings.extend(_check_tensor(e, p, t, idx))
        return findings

    fast_flatten = _fast_flattener(struct) if call_struct else None
    rows = tuple(_fast_row(e) for e in exps)
    tensor_types = _plain_tensor_types()

    positional_only = call_struct and not struct[1][1][1] and all(c == "leaf" for c in struct[1][0][1])

    def check(args: Any, kwargs: Mapping[str, Any] | None = None) -> list[Finding]:
        leaves: Any = []
        if positional_only and type(args) is tuple and not kwargs and len(args) == n:
            shaped = True
            leaves = args  # the common case: f(t0, t1, ...), no containers to walk
        else:
            shaped = (fast_flatten is not None and type(args) is tuple
                      and fast_flatten((args, kwargs if kwargs is not None else {}), leaves))
        if shaped and len(leaves) == n and None not in rows:
            for t, row in zip(leaves, rows):
                if type(t) not in tensor_types or not _fast_ok(t, row):
                    break
            else:
                return list(incomplete)
        return slow(args, kwargs)

    return check


# ---------------------------------------------------------------- fast path (no findings to explain)
def _plain_tensor_types() -> frozenset[type]:
    torch = _torch()
    return frozenset({torch.Tensor, torch.nn.Parameter})


def _fast_flattener(struct: Any) -> Callable[[Any, list], bool] | None:
    """A closure that appends the leaves of a value shaped exactly like `struct` (same container
    types, lengths, dict keys in the same order) and returns False at the first difference."""
    if struct == "leaf":
        def leaf(v: Any, out: list) -> bool:
            out.append(v)
            return True
        return leaf
    if not isinstance(struct, tuple):
        return None
    kind = struct[0]
    if kind == "dict":
        keys = list(struct[1])
        subs = [_fast_flattener(c) for c in struct[2]]
        if any(f is None for f in subs):
            return None

        def dict_(v: Any, out: list) -> bool:
            if type(v) is not dict or list(v) != keys:
                return False
            return all(f(x, out) for f, x in zip(subs, v.values()))
        return dict_
    if kind in ("tuple", "list"):
        subs = [_fast_flattener(c) for c in struct[1]]
        if any(f is None for f in subs):
            return None
        n, typ = len(subs), tuple if kind == "tuple" else list

        def seq(v: Any, out: list) -> bool:
            if type(v) is not typ or len(v) != n:
                return False
            return all(f(x, out) for f, x in zip(subs, v))
        return seq
    return None


def _fast_row(e: _Expect) -> tuple | None:
    """(dtype, device type, exact shape or None, ndim, ranges, exact strides or None, stride pairs)
    for one input; None when the contract is too incomplete for a fast verdict."""
    if e.dtype is None or not e.device_type or e.ndim is None or e.strides is None:
        return None
    # unknown lower bound: sizes 0 and 1 take the explaining path (AOTC034)
    ranges = tuple((d, v[1] if v[1] is not None else 2, v[2]) for d, v in enumerate(e.dims)
                   if not isinstance(v, int))
    eq = tuple((d, v) for d, v in enumerate(e.dims) if isinstance(v, int))
    pairs = tuple((d, v) for d, v in enumerate(e.strides) if v is not None)
    return (e.dtype, e.device_type, e.static, e.ndim, eq, ranges, e.fast_strides, pairs)


def _fast_ok(t: Any, row: tuple) -> bool:
    dt, dev, static, ndim, eq, ranges, full_strides, pairs = row
    if t.dtype != dt or t.device.type != dev:
        return False
    shape = t.shape
    if static is not None:
        if shape != static:
            return False
    else:
        if len(shape) != ndim:
            return False
        for d, v in eq:
            if shape[d] != v:
                return False
        for d, lo, hi in ranges:
            x = shape[d]
            if x < lo or (hi is not None and x > hi):
                return False
    if full_strides is not None:
        return t.stride() == full_strides
    st = t.stride()
    return all(st[d] == v for d, v in pairs)


def check_inputs(info_or_path: Any, inputs: Any, *, kwargs: Mapping[str, Any] | None = None,
                 device: Any = None, model: str = "model") -> list[Finding]:
    """Findings for one call's inputs against the compiled contract (empty: the call is safe).

    `inputs`: a tuple/list of positional args, one tensor, a dict (keyword arguments when the
    export took only those, else one dict argument) or {"args": ..., "kwargs": ...}.
    `device` ("cuda:1", torch.device, int): where the package runs, to check device indices.
    """
    check = compile_input_checker(info_or_path, model)
    findings = check(inputs, kwargs)
    dev = _parse_device(device)
    if dev is not None and dev[1] is not None and dev[0] != "cpu":
        a, k = _normalize_call(inputs, kwargs, None)
        leaves: list[tuple[str, Any]] = []
        _flatten_any((a, k), "inputs", leaves)
        for p, t in leaves:
            if _is_tensor(t) and t.device.type == dev[0] and t.device.index not in (None, dev[1]):
                findings.append(finding("AOTC012", f"{p}: on {t.device}, the package runs on "
                                        f"{dev[0]}:{dev[1]}", path=p, expected=f"{dev[0]}:{dev[1]}",
                                        got=str(t.device)))
    return findings


def _parse_device(device: Any) -> tuple[str, int | None] | None:
    """("cuda", 1) from "cuda:1", torch.device, or an int (a CUDA index); None when not given."""
    if device is None:
        return None
    if isinstance(device, bool):
        return None
    if isinstance(device, int):
        return ("cuda", device) if device >= 0 else ("cpu", None)
    text = str(getattr(device, "type", None) and f"{device.type}:{device.index}" or device)
    m = re.fullmatch(r"\s*([a-z_]+)(?::(\d+|None))?\s*", text)
    if not m:
        return None
    idx = m.group(2)
    return m.group(1), int(idx) if idx and idx != "None" else None


# ---------------------------------------------------------------- host
# AOTI_CPU_ISA tokens (str(pick_vec_isa()).upper()) -> /proc/cpuinfo flags the kernels need.
ISA_FLAGS: dict[str, tuple[str, ...]] = {
    "AVX2": ("avx2", "fma"),
    "AVX512": ("avx512f", "avx512dq", "avx512vl", "avx512bw"),
    "AVX512_VNNI": ("avx512_vnni",),
    "AMX_TILE": ("amx_tile", "amx_bf16", "amx_int8"),
    "NEON": ("asimd",),
    "SVE128": ("sve",), "SVE256": ("sve",),
}
NO_ISA = {"", "NONE", "INVALIDVECISA", "INVALID_VEC_ISA", "INVALID VEC ISA"}
MACHINE_ALIASES = {"amd64": "x86_64", "x64": "x86_64", "arm64": "aarch64"}


@dataclass(frozen=True)
class HostFacts:
    """What this host offers, gathered once (`host_facts()`); tests construct it for GPU paths."""

    platform: str
    machine: str
    cpu_flags: frozenset[str] | None        # None: not readable (not Linux)
    torch_version: str | None
    cuda_available: bool = False
    device_count: int = 0
    compute_capability: tuple[int, int] | None = None   # of the requested/current GPU
    extra: Mapping[str, Any] = field(default_factory=dict)


@functools.lru_cache(maxsize=1)
def cpu_flags(path: str = "/proc/cpuinfo") -> frozenset[str] | None:
    """This CPU's feature flags (x86 `flags`, ARM `Features`), or None when not readable."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                key, _, val = line.partition(":")
                if key.strip().lower() in ("flags", "features"):
                    return frozenset(val.split())
    except OSError:
        return None
    return None


def host_facts(device_index: int | None = None, *, want_gpu: bool = False) -> HostFacts:
    """Snapshot of this host. Touches CUDA only when `want_gpu` (a CUDA package), and then only
    through calls that are safe without a GPU."""
    torch_version = None
    cuda_ok, count, cc = False, 0, None
    try:
        import torch

        torch_version = torch.__version__
        if want_gpu:
            cuda_ok = bool(torch.cuda.is_available())
            if cuda_ok:
                count = int(torch.cuda.device_count())
                idx = device_index if device_index is not None and device_index >= 0 else torch.cuda.current_device()
                if 0 <= idx < count:
                    cc = tuple(torch.cuda.get_device_capability(idx))  # type: ignore[assignment]
    except Exception:  # a broken CUDA install is itself a finding, not a crash
        cuda_ok = False
    return HostFacts(sys.platform, platform.machine(), cpu_flags(), torch_version, cuda_ok, count, cc)


def parse_compute_capability(value: str | None) -> tuple[int, int] | None:
    """(8, 6) from "86", "8.6", "sm_86" or "sm_90a"; None when empty or not CUDA-style."""
    if not value:
        return None
    m = re.search(r"(\d+)\.(\d+)", value)
    if m:
        return int(m.group(1)), int(m.group(2))
    m = re.search(r"(\d+)", value)
    if not m:
        return None
    digits = m.group(1)
    return (int(digits[:-1]), int(digits[-1])) if len(digits) >= 2 else (int(digits), 0)


def host_findings(info: Any, facts: HostFacts, device_index: int | None = None) -> list[Finding]:
    """Pure: the package's recorded build host against `facts`."""
    md = info.metadata
    dev = info.device_type
    out: list[Finding] = []
    built_plat = md.get("AOTI_PLATFORM")
    if built_plat and built_plat != facts.platform:
        out.append(finding("AOTC100", f"package built for platform {built_plat}, this host is "
                           f"{facts.platform}: its .so cannot be loaded here", expected=built_plat,
                           got=facts.platform))
    built_m = md.get("AOTI_MACHINE")
    here_m = MACHINE_ALIASES.get(facts.machine.lower(), facts.machine.lower())
    if built_m and MACHINE_ALIASES.get(built_m.lower(), built_m.lower()) != here_m:
        out.append(finding("AOTC101", f"package built for {built_m}, this host is {facts.machine}: "
                           "the .so cannot be loaded here", expected=built_m, got=facts.machine))
    isa = (md.get("AOTI_CPU_ISA") or "").strip()
    if isa.upper() not in NO_ISA and not out:
        tokens = isa.upper().split()
        unknown = [t for t in tokens if t not in ISA_FLAGS]
        if facts.cpu_flags is None:
            out.append(finding("AOTC103", f"kernels built for CPU ISA {isa}; this host's CPU flags "
                               "cannot be read to verify it", expected=isa))
        else:
            missing = sorted({f for t in tokens for f in ISA_FLAGS.get(t, ()) if f not in facts.cpu_flags})
            if missing:
                sev = "fatal" if dev in (None, "cpu") else "warning"
                out.append(finding("AOTC102", f"kernels built for CPU ISA {isa}; this CPU lacks "
                                   f"{', '.join(missing)} (expect SIGILL, illegal instruction)",
                                   severity=sev, expected=isa, missing=missing))
            if unknown:
                out.append(finding("AOTC103", f"CPU ISA token(s) {unknown} not known to aotidebug; "
                                   "not verified", expected=isa))
    if dev == "cuda":
        if not facts.cuda_available:
            out.append(finding("AOTC110", "package compiled for cuda, but CUDA is not available on "
                               "this host (torch.cuda.is_available() is False)", expected="cuda",
                               got="no usable GPU"))
        else:
            if device_index is not None and device_index >= facts.device_count:
                out.append(finding("AOTC112", f"device_index {device_index} but this host has "
                                   f"{facts.device_count} GPU(s)", expected=f"< {facts.device_count}",
                                   got=device_index))
            built = parse_compute_capability(md.get("AOTI_COMPUTE_CAPABILITY"))
            here = facts.compute_capability
            if built and here and built != here:
                compatible = built[0] == here[0] and here[1] >= built[1]
                out.append(finding(
                    "AOTC111", f"kernels built for compute capability {built[0]}.{built[1]}, this GPU is "
                    f"{here[0]}.{here[1]}" + (" (same major, newer minor: usually runs)" if compatible
                                              else ": expect 'no kernel image is available'"),
                    severity="info" if compatible else "fatal",
                    expected=f"{built[0]}.{built[1]}", got=f"{here[0]}.{here[1]}"))
    elif dev == "cpu" and device_index is not None and device_index != -1:
        out.append(finding("AOTC112", f"device_index={device_index} for a CPU package: torch refuses it "
                           "('Incorrect device passed to aoti_runner_cpu'); CPU needs -1",
                           expected=-1, got=device_index))
    recorded = next((v for k, v in md.items() if re.fullmatch(r"(?i)(aoti_)?torch_?version", k)), None)
    if recorded and facts.torch_version and _major_minor(recorded) != _major_minor(facts.torch_version):
        out.append(finding("AOTC120", f"package built with torch {recorded}, this host runs "
                           f"{facts.torch_version}", expected=recorded, got=facts.torch_version))
    return out


def _major_minor(v: str) -> tuple[str, ...]:
    return tuple(re.split(r"[.+]", v)[:2])


def check_host(info: Any, *, device_index: int | None = None) -> list[Finding]:
    """Can this machine run this package at all? Platform, architecture, CPU ISA, GPU and
    compute capability, device index and torch version, each fatal or harmless."""
    from ..package.inspect import inspect_package

    pinfo = inspect_package(info)
    facts = host_facts(device_index, want_gpu=pinfo.device_type == "cuda")
    return host_findings(pinfo, facts, device_index)


# ---------------------------------------------------------------- diagnose() entry point
def _is_package_ref(obj: Any) -> bool:
    from ..package.inspect import PackageInfo

    return isinstance(obj, (str, os.PathLike, PackageInfo))


def consistency_findings(model: Any = None, inputs: Any = None, package: Any = None,
                         device: Any = None) -> list[Finding]:
    """What `diagnose()` merges: with a package, host + device + inputs checks; with only a model
    (ExportedProgram or its `.module()`), the inputs against what the export recorded."""
    findings: list[Finding] = []
    dev = _parse_device(device)
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
        if inputs is not None:
            findings += check_inputs(info, inputs, device=device)
        return findings
    if model is not None and inputs is not None:  # no readable package: the export's record
        info = contract_from_model(model)
        if info is not None:
            findings += check_inputs(info, inputs, device=device)
    return findings


def contract_from_model(model: Any) -> Any:
    """A PackageInfo-shaped contract from an ExportedProgram (or `ep.module()`), read from the
    placeholders' recorded example metadata; no user code runs. None for other objects."""
    from ..package.inspect import DimInfo, InputSpec, ModelInfo, PackageInfo

    graph_module = model.graph_module if hasattr(model, "graph_signature") else model
    graph = getattr(graph_module, "graph", None)
    if graph is None:
        return None
    user_inputs = None
    sig = getattr(model, "graph_signature", None)
    if sig is not None:
        user_inputs = set(getattr(sig, "user_inputs", ()) or ())
    ranges = {}
    for sym, vr in (getattr(model, "range_constraints", None) or {}).items():
        ranges[str(sym)] = (_int_bound(vr.lower), _int_bound(vr.upper))
    specs = []
    for node in graph.nodes:
        if node.op != "placeholder" or (user_inputs is not None and node.name not in user_inputs):
            continue
        val = node.meta.get("val")
        if val is None or not hasattr(val, "shape"):
            continue
        sizes = []
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
    torch = _torch()
    try:
        data = torch.load(os.fspath(path), weights_only=True, map_location=None)
    except FileNotFoundError as exc:
        raise AOTIDebugError(f"inputs file not found: {path}") from exc
    except Exception as exc:
        raise AOTIDebugError(f"cannot load inputs file {path} with weights_only=True: "
                             f"{type(exc).__name__}: {exc}") from exc
    if _is_tensor(data):
        return (data,)
    if isinstance(data, list):
        return tuple(data)
    if isinstance(data, (tuple, dict)):
        return data
    raise AOTIDebugError(f"inputs file {path} holds a {type(data).__name__}; expected a tensor or a "
                         "tuple/list/dict of tensors")


__all__ = ["CODES", "HostFacts", "check_host", "check_inputs", "compile_input_checker",
           "consistency_findings", "contract_from_model", "host_facts", "host_findings",
           "load_inputs_file", "parse_compute_capability"]
