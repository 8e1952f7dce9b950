"""Consistency checks: inputs, host and device against a package's compiled contract.

Each check returns `Finding`s (codes AOTCnnn, table below) with the evidence (input index and
name, expected vs got) in `fields`. Input checks never touch tensor data (only dtype, device,
shape and strides), and `compile_input_checker` precomputes the contract so the common "all is
well" call costs about a microsecond per tensor: cheap enough before every call. Host checks are a
pure function of the package's metadata and a `HostFacts` snapshot, so GPU-only paths are tested
with constructed facts and CPU paths with the real host.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
import os
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple, Sequence, TypedDict, Union

from .codes import finding
from .shared_dims import Tie, agree, disagreements, find_ties
from ..core.describe import type_name
from ..core.result import Finding
from ..package.pytree_spec import spec_structure

if TYPE_CHECKING:
    import torch

    from ..package.inspect import ModelInfo, PackageInfo

# one compiled dimension: a static size, or a dynamic one as (symbol, min, max)
_Dim = Union[int, tuple[str, Union[int, None], Union[int, None]]]
# appends the leaves of a value shaped like the export to the list; False at the first difference
_Flattener = Callable[[Any, list[Any]], bool]


class _Where(TypedDict):
    """Where a tensor finding points: the input's index and name, and its path in the call."""

    input: int
    name: str
    path: str


# ---------------------------------------------------------------- inputs
def torch_module() -> ModuleType:
    import torch

    return torch


def is_tensor(x: Any) -> bool:
    return (type_name(x, qualified=True).startswith("torch") and hasattr(x, "dtype")
            and hasattr(x, "stride"))


def other_layout(t: Any) -> str | None:
    """The layout of a tensor a compiled model cannot take (it reads dense, strided memory), or
    None for a dense one: torch's own errors for these name a symptom (`unsupported memory format
    option Contiguous`, `Sparse CSR tensors do not have strides`), or the kernel reads garbage."""
    if getattr(t, "is_nested", False):
        return "nested"
    layout = getattr(t, "layout", None)
    if layout is None or layout == torch_module().strided:
        return None
    return str(layout).replace("torch.", "").lstrip("_")


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
    out: list[int] = []
    acc = 1
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
    dims: tuple[_Dim, ...]             # per dim: int, or (symbol, min, max)
    strides: tuple[int | None, ...] | None  # None items: symbolic
    fast_strides: tuple[int, ...] | None    # all strides known
    bounds: str = "compiled"                # whose dynamic bounds: the package's or the export's


def _expectations(model_info: ModelInfo, bounds: str = "compiled") -> list[_Expect]:
    torch = torch_module()
    out = []
    for spec in model_info.inputs:
        dt = getattr(torch, spec.dtype, None) if spec.dtype else None
        dims: tuple[_Dim, ...] = tuple(s if isinstance(s, int) else (s.symbol, s.min, s.max)
                                       for s in (spec.sizes or ()))
        sizes = tuple(d for d in dims if isinstance(d, int))
        static = sizes if spec.sizes is not None and len(sizes) == len(dims) else None
        strides = None if spec.strides is None else tuple(s if isinstance(s, int) else None for s in spec.strides)
        known = None if strides is None else tuple(s for s in strides if s is not None)
        fast = known if strides is not None and known is not None and len(known) == len(strides) else None
        out.append(_Expect(spec.index, spec.name, dt if isinstance(dt, torch.dtype) else None,
                           spec.dtype, spec.device_type, len(dims) if spec.sizes is not None else None,
                           static, dims, strides, fast, bounds))
    return out


# Inductor assumes every backed dynamic size is >= 2 (torch's 0/1 specialisation), so a package
# records 2 as the minimum of a Dim(min=0 or 1) too. Its code runs at size 1 (torch added
# `aot_inductor.check_lowerbound` to let its own runtime check pass such sizes); size 0 stays
# refused, since an empty dimension is where kernels index nothing (real segfaults, live sets).
FLOOR = 2


def at_floor(size: int | None, minimum: int | None) -> bool:
    """Size 1 under a recorded minimum of exactly FLOOR: Inductor's bound, not the export's."""
    return size == 1 and minimum == FLOOR


def _check_tensor(e: _Expect, path: str, t: Any) -> list[Finding]:
    """Every contract item for one tensor (the slow, explaining path)."""
    f: list[Finding] = []
    where = f"input {e.index} ({e.name}, {path})"
    base = _Where(input=e.index, name=e.name, path=path)
    if not is_tensor(t):
        return [finding("AOTC004", f"{where}: expected a tensor, got {type_name(t)}",
                        **base, expected="Tensor", got=type_name(t))]
    layout = other_layout(t)
    if layout is not None:  # its sizes and strides are not a dense tensor's: nothing more to compare
        return [finding("AOTC005", f"{where}: a {layout} tensor; the package takes dense (strided) "
                        "tensors", **base, expected="strided", got=layout)]
    dev = t.device
    if dev.type == "meta" or _is_fake(t):
        kind = "meta" if dev.type == "meta" else "fake"
        f.append(finding("AOTC011", f"{where}: is a {kind} tensor (no data); the package needs a real "
                         f"tensor on {e.device_type or 'its device'}", **base,
                         expected=e.device_type, got=f"{kind}:{dev}"))
    elif e.device_type and dev.type != e.device_type:
        f.append(finding("AOTC010", f"{where}: on {dev}, compiled for {e.device_type}", **base,
                         expected=e.device_type, got=str(dev)))
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
        if at_floor(got, lo) and e.bounds == "compiled":  # an ExportedProgram's 2 is its own
            f.append(finding("AOTC038", f"{where}: size 1 at dim {d} is below the compiled minimum 2 "
                             f"of dynamic dim {sym}, the floor Inductor gives every dynamic size "
                             "(0/1 specialisation): the code runs at 1, only AOTI_RUNTIME_CHECK_INPUTS=1 "
                             "refuses it", **base, dim=d, symbol=sym, min=lo, max=hi,
                             expected=f">= {lo}", got=got))
        elif lo is not None and got < lo:
            f.append(finding("AOTC032", f"{where}: size {got} at dim {d} is below the {e.bounds} minimum "
                             f"{lo} of dynamic dim {sym}", **base, dim=d, symbol=sym, min=lo, max=hi,
                             expected=f">= {lo}", got=got))
        elif hi is not None and got > hi:
            f.append(finding("AOTC033", f"{where}: size {got} at dim {d} is above the {e.bounds} maximum "
                             f"{hi} of dynamic dim {sym}", **base, dim=d, symbol=sym, min=lo, max=hi,
                             expected=f"<= {hi}", got=got))
        elif lo is None and got in (0, 1):
            f.append(finding("AOTC034", f"{where}: size {got} at dim {d} of dynamic dim {sym}, whose "
                             "lower bound is not recorded (export specialises 0 and 1)", **base,
                             dim=d, symbol=sym, got=got))
    size_broken = any(x.code in ("AOTC031", "AOTC032", "AOTC033") for x in f)
    # another layout explains a static size the given order breaks; where every static size fits
    # as given, a dynamic size out of its range is the cause, and an order that fits by moving a
    # static size does so by coincidence (a batch of 2 where the last axis is 2: live172-06)
    static_broken = any(x.code == "AOTC031" for x in f)
    order = _fitting_order(e.dims, shape) if static_broken else None
    if order is not None:
        f.insert(0, finding("AOTC035", f"{where}: shape {shape} fits the compiled {_fmt_dims(e.dims)} in "
                            f"another order, {tuple(shape[i] for i in order)}: a transposed layout "
                            f"(permute({', '.join(map(str, order))}))", **base, expected=_fmt_dims(e.dims),
                            got=list(shape), order=list(order)))
    if size_broken and t.is_contiguous():
        return f  # other sizes give other contiguous strides: the size is the cause, not the layout
    if e.strides is not None and len(e.strides) == len(shape) and t.layout == torch_module().strided:
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


def _size_fits(want: _Dim, got: int) -> bool:
    if isinstance(want, int):
        return want == got
    _, lo, hi = want
    return (lo is None or got >= lo) and (hi is None or got <= hi)


def _fitting_order(dims: Sequence[_Dim], shape: tuple[int, ...]) -> tuple[int, ...] | None:
    """The order of `shape`'s dims that fits the compiled dims, when the given order does not:
    the caller built the tensor in another layout (channels-first for channels-last, time-major
    for batch-major). Only an order that moves a static size counts: swapping two dynamic sizes
    that both happen to fit says nothing about the layout."""
    if len(shape) > 6:  # 720 orders at most
        return None
    for order in itertools.permutations(range(len(shape))):
        moved = [d for d, i in enumerate(order) if i != d]
        if moved and any(isinstance(dims[d], int) for d in moved) \
                and all(_size_fits(w, shape[i]) for w, i in zip(dims, order)):
            return order
    return None


def _fmt_dims(dims: Sequence[_Dim]) -> str:
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


class InputChecker:
    """One package model's input contract, precomputed; call it as `check(args, kwargs=None)`.

    The fast path (args shaped exactly like the export, plain tensors that all match) does a
    handful of attribute compares per tensor; anything else takes the explaining path, which
    names each problem as a Finding.
    """

    __slots__ = ("info", "model", "expectations", "struct", "call_struct", "incomplete", "ties",
                 "_fast_flatten", "_rows", "_tensor_types", "_positional_only")

    def __init__(self, info: PackageInfo, model: str = "model") -> None:
        minfo = info.model(model)
        self.info = info
        self.model = minfo
        self.expectations = _expectations(
            minfo, "exported" if info.format == "exported-program" else "compiled")
        self.struct = spec_structure(minfo.in_spec)
        self.call_struct = _is_call_struct(self.struct)
        self.ties = find_ties([e.dims for e in self.expectations])
        self.incomplete: tuple[Finding, ...] = ()
        if not self.expectations or any(e.dtype is None or e.ndim is None for e in self.expectations):
            self.incomplete = (finding("AOTC090", f"the contract of model {minfo.name!r} in {info.path} "
                                       "is incomplete; only what it records is checked",
                                       unreadable=list(info.unreadable)),)
        self._fast_flatten = _fast_flattener(self.struct) if self.call_struct else None
        rows = [_fast_row(e) for e in self.expectations]
        # None: some contract is too incomplete for a fast verdict, every call takes explain()
        self._rows: tuple[_FastRow, ...] | None = (
            tuple(r for r in rows if r is not None) if None not in rows else None)
        self._tensor_types = _plain_tensor_types()
        self._positional_only = (self.call_struct and not self.struct[1][1][1]
                                 and all(c == "leaf" for c in self.struct[1][0][1]))

    def __call__(self, args: object, kwargs: Mapping[str, object] | None = None) -> list[Finding]:
        n = len(self.expectations)
        leaves: Any = []
        if self._positional_only and type(args) is tuple and not kwargs and len(args) == n:
            shaped = True
            leaves = args  # the common case: f(t0, t1, ...), no containers to walk
        else:
            shaped = (self._fast_flatten is not None and type(args) is tuple
                      and self._fast_flatten((args, kwargs if kwargs is not None else {}), leaves))
        if shaped and len(leaves) == n and self._rows is not None:
            try:
                for t, row in zip(leaves, self._rows):
                    if type(t) not in self._tensor_types or not _fast_ok(t, row):
                        break
                else:
                    if not self.ties or agree(self.ties, [t.shape for t in leaves]):
                        return list(self.incomplete)
            except RuntimeError:  # a tensor without sizes or strides (nested): explain() says which
                pass
        return self.explain(args, kwargs)

    def explain(self, args: object, kwargs: Mapping[str, object] | None = None) -> list[Finding]:
        """The slow path: every contract item for every input, each problem a Finding."""
        exps = self.expectations
        n = len(exps)
        findings: list[Finding] = list(self.incomplete)
        a, k = _normalize_call(args, kwargs, self.struct)
        leaves: list[tuple[str, Any]] = []
        if self.call_struct:
            _flatten(self.struct[1][0], a, "args", leaves, findings)
            _flatten(self.struct[1][1], k, "kwargs", leaves, findings)
        else:
            _flatten_any(a, "args", leaves)
            _flatten_any(k, "kwargs", leaves)
        tensors = [(p, v) for p, v in leaves if is_tensor(v)]
        if len(tensors) != n and len(leaves) == n and not findings:
            tensors = leaves  # same arity, some leaf is not a tensor: say which (AOTC004)
        elif len(tensors) != n and not any(f.code == "AOTC001" for f in findings):
            findings.append(finding("AOTC001", f"the package takes {n} tensor input(s) "
                                    f"({', '.join(e.name for e in exps)}), the call passes "
                                    f"{len(tensors)}", expected=n, got=len(tensors)))
        devs = {v.device.index for _, v in tensors if is_tensor(v) and v.device.type not in ("cpu", "meta")}
        if len(devs) > 1:  # which index is right is check_inputs(device=...)'s question
            findings.append(finding("AOTC012", f"inputs are spread over device indices {sorted(devs)}; "
                                    "a package runs on one device", got=sorted(devs)))
        for e, (p, t) in zip(exps, tensors):
            findings.extend(_check_tensor(e, p, t))
        if self.ties and len(tensors) == n:
            findings.extend(_tie_findings(self.ties, exps, tensors))
        return findings


def _tie_findings(ties: Sequence[Tie], exps: Sequence[_Expect],
                  tensors: Sequence[tuple[str, Any]]) -> list[Finding]:
    """AOTC037 for each dim whose size the program takes from another input's (shared_dims)."""
    shapes = [tuple(int(s) for s in t.shape) if is_tensor(t) else None for _, t in tensors]
    out = []
    for bad in disagreements(ties, shapes):
        e, (path, _) = exps[bad.tie.place.input], tensors[bad.tie.place.input]
        sources = [(name, at, exps[at.input], tensors[at.input][0]) for name, at in bad.tie.bound_at]
        said = "; ".join(f"{name} = {dict(bad.values)[name]} from input {x.index} ({x.name}, {p}) dim {at.dim}"
                         for name, at, x, p in sources)
        out.append(finding(
            "AOTC037", f"input {e.index} ({e.name}, {path}): size {bad.got} at dim {bad.tie.place.dim}, but "
            f"the program ties it to {bad.tie.expression} = {bad.want} ({said}); the compiled code reads "
            f"it as {bad.want} long", input=e.index, name=e.name, path=path, dim=bad.tie.place.dim,
            symbol=bad.tie.expression, expected=bad.want, got=bad.got,
            bound_at=[{"symbol": name, "input": x.index, "dim": at.dim, "value": dict(bad.values)[name]}
                      for name, at, x, _ in sources]))
    return out


def compile_input_checker(info: PackageInfo | str | os.PathLike[str], model: str = "model") -> InputChecker:
    """An `InputChecker` for one package model (a path is inspected once, here)."""
    from ..package.inspect import inspect_package

    return InputChecker(inspect_package(info), model)


# ---------------------------------------------------------------- fast path (no findings to explain)
def _plain_tensor_types() -> frozenset[type]:
    torch = torch_module()
    return frozenset({torch.Tensor, torch.nn.Parameter})


def _fast_flattener(struct: Any) -> _Flattener | None:
    """A closure that appends the leaves of a value shaped exactly like `struct` (same container
    types, lengths, dict keys in the same order) and returns False at the first difference."""
    if struct == "leaf":
        def leaf(v: Any, out: list[Any]) -> bool:
            out.append(v)
            return True
        return leaf
    if not isinstance(struct, tuple):
        return None
    kind = struct[0]
    if kind == "dict":
        keys = list(struct[1])
        maybe = [_fast_flattener(c) for c in struct[2]]
        subs = [f for f in maybe if f is not None]
        if len(subs) != len(maybe):
            return None

        def dict_(v: Any, out: list[Any]) -> bool:
            if type(v) is not dict or list(v) != keys:
                return False
            return all(f(x, out) for f, x in zip(subs, v.values()))
        return dict_
    if kind in ("tuple", "list"):
        maybe = [_fast_flattener(c) for c in struct[1]]
        subs = [f for f in maybe if f is not None]
        if len(subs) != len(maybe):
            return None
        n, typ = len(subs), tuple if kind == "tuple" else list

        def seq(v: Any, out: list[Any]) -> bool:
            if type(v) is not typ or len(v) != n:
                return False
            return all(f(x, out) for f, x in zip(subs, v))
        return seq
    return None


class _FastRow(NamedTuple):
    """What the fast path compares for one input."""

    dtype: Any
    device_type: str
    static: tuple[int, ...] | None   # the exact shape, when every size is static
    ndim: int
    eq: tuple[tuple[int, int], ...]  # (dim, size) of static dims
    ranges: tuple[tuple[int, int, int | None], ...]  # (dim, min, max) of dynamic dims
    strides: tuple[int, ...] | None  # the exact strides, when all are known
    stride_pairs: tuple[tuple[int, int], ...]  # (dim, stride) of the known ones
    layout: Any  # torch.strided: a sparse tensor's shape and (0, 0) strides can pass the rest


def _fast_row(e: _Expect) -> _FastRow | None:
    """None when the contract is too incomplete for a fast verdict."""
    if e.dtype is None or not e.device_type or e.ndim is None or e.strides is None:
        return None
    # unknown lower bound: sizes 0 and 1 take the explaining path (AOTC034); size 1 at the
    # compiled floor passes (AOTC038 is a note for explain(), not worth the slow path per call)
    ranges = tuple((d, 1 if at_floor(1, v[1]) and e.bounds == "compiled" else v[1] if v[1] is not None else 2,
                    v[2]) for d, v in enumerate(e.dims) if not isinstance(v, int))
    eq = tuple((d, v) for d, v in enumerate(e.dims) if isinstance(v, int))
    pairs = tuple((d, v) for d, v in enumerate(e.strides) if v is not None)
    return _FastRow(e.dtype, e.device_type, e.static, e.ndim, eq, ranges, e.fast_strides, pairs,
                    torch_module().strided)


def _fast_ok(t: Any, row: _FastRow) -> bool:
    if t.dtype != row.dtype or t.device.type != row.device_type or t.layout != row.layout:
        return False
    shape = t.shape
    if row.static is not None:
        if shape != row.static:
            return False
    else:
        if len(shape) != row.ndim:
            return False
        for d, v in row.eq:
            if shape[d] != v:
                return False
        for d, lo, hi in row.ranges:
            x = shape[d]
            if x < lo or (hi is not None and x > hi):
                return False
    if row.strides is not None:
        return bool(t.stride() == row.strides)
    st = t.stride()
    return all(st[d] == v for d, v in row.stride_pairs)


def check_inputs(info_or_path: PackageInfo | str | os.PathLike[str], inputs: object, *,
                 kwargs: Mapping[str, object] | None = None,
                 device: str | int | torch.device | None = None, model: str = "model",
                 indices: bool = True) -> list[Finding]:
    """Findings for one call's inputs against the compiled contract (empty: the call is safe).

    `inputs`: a tuple/list of positional args, one tensor, a dict (keyword arguments when the
    export took only those, else one dict argument) or {"args": ..., "kwargs": ...}.
    `device` ("cuda:1", torch.device, int): where the package runs, to check device indices.
    Where the contract holds and `indices` is on, ids a kernel uses as indices are checked against
    that kernel's bound too (AOTC039, AOTC042: `checks.index_range`).
    """
    check = compile_input_checker(info_or_path, model)
    findings = check.explain(inputs, kwargs)  # every note, not the per-call fast verdict
    if indices and not any(f.fatal for f in findings):
        from .index_range import index_range_check_for

        ids = index_range_check_for(check, model)
        if ids is not None:
            a, k = _normalize_call(inputs, kwargs, check.struct)
            findings.extend(ids(a, k or None))
    dev = parse_device(device)
    if dev is not None and dev[1] is not None and dev[0] != "cpu":
        a, k = _normalize_call(inputs, kwargs, None)
        leaves: list[tuple[str, Any]] = []
        _flatten_any((a, k), "inputs", leaves)
        for p, t in leaves:
            if is_tensor(t) and t.device.type == dev[0] and t.device.index not in (None, dev[1]):
                findings.append(finding("AOTC012", f"{p}: on {t.device}, the package runs on "
                                        f"{dev[0]}:{dev[1]}", path=p, expected=f"{dev[0]}:{dev[1]}",
                                        got=str(t.device)))
    return findings


def parse_device(device: object) -> tuple[str, int | None] | None:
    """("cuda", 1) from "cuda:1", torch.device, or an int (a CUDA index); None when not given."""
    if device is None:
        return None
    if isinstance(device, bool):
        return None
    if isinstance(device, int):
        return ("cuda", device) if device >= 0 else ("cpu", None)
    dev_type = getattr(device, "type", None)  # a torch.device
    text = f"{dev_type}:{getattr(device, 'index', None)}" if dev_type else str(device)
    m = re.fullmatch(r"\s*([a-z_]+)(?::(\d+|None))?\s*", text)
    if not m:
        return None
    idx = m.group(2)
    return m.group(1), int(idx) if idx and idx != "None" else None
