"""Torch-side helpers of a probe: building each case's tensors, calling with the exported structure, comparing outputs with the reference under the tolerance rule."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from ...checks.inputs import torch_module
from ...core.describe import type_name
from ...core.errors import AOTIDebugError
from ...core.result import Diagnosis, Evidence
from ...core.text.runtime_words import is_generic, runtime_errors, shim_refusals
from ..safe_load import safe_load
from .cases import FLOAT_DTYPES, InputRecipe, _is_call_struct, _shape_str, layout_strides
from .policy import tolerance_for


# ------------------------------------------------------------------------------ torch helpers
_torch = torch_module  # the one lazy torch import of the checks layer


def _dtype(name: str) -> Any:
    return getattr(_torch(), name)


def _dtype_name(dt: Any) -> str:
    return str(dt).replace("torch.", "")


def materialize(recipe: InputRecipe, base: Any, device: Any = None) -> Any:
    """A tensor for `recipe` with `base`'s values (cycled to the new numel)."""
    torch = _torch()
    numel = math.prod(recipe.shape)
    shape = recipe.shape
    base = base.detach()
    if (tuple(base.shape) == shape and recipe.layout == "contiguous" and base.is_contiguous()
            and _dtype_name(base.dtype) == recipe.dtype and (device is None or base.device == device)):
        return base.clone()
    flat = base.reshape(-1)
    if numel == 0:
        vals = flat[:0]
    elif flat.numel() == 0:
        vals = torch.zeros(numel, dtype=flat.dtype, device=flat.device)
    else:
        reps = -(-numel // flat.numel())
        vals = (flat.repeat(reps) if reps > 1 else flat)[:numel]
    vals = vals.to(_dtype(recipe.dtype)).reshape(shape)
    if device is not None:
        vals = vals.to(device)
    if recipe.layout == "transposed" and len(shape) >= 2:
        buf = torch.empty(shape[:-2] + (shape[-1], shape[-2]), dtype=vals.dtype, device=vals.device)
        out = buf.transpose(-1, -2)
        out.copy_(vals)
        return out
    if recipe.layout == "strided" and len(shape) >= 1:
        buf = torch.empty((numel * 2,), dtype=vals.dtype, device=vals.device)
        out = buf[::2].reshape(shape) if len(shape) == 1 else buf.as_strided(
            shape, layout_strides(shape, "strided"))
        out.copy_(vals)
        return out
    if recipe.layout == "channels_last" and len(shape) == 4:
        return vals.contiguous(memory_format=torch.channels_last)
    out = vals.contiguous()
    same = out.untyped_storage().data_ptr() == base.untyped_storage().data_ptr()
    return out.clone() if same else out


def synthesize(specs: Sequence[Any], shapes: Sequence[tuple[int, ...]], seed: int = 0
               ) -> tuple[list[Any], list[str]]:
    """Base tensors from the contract: randn for floats; small non-negative integers (0..1) and
    random bools otherwise (each noted)."""
    torch = _torch()
    g = torch.Generator().manual_seed(seed)
    out, notes = [], []
    for s, shape in zip(specs, shapes):
        dt = s.dtype or "float32"
        if dt in FLOAT_DTYPES or dt.startswith("complex"):
            out.append(torch.randn(shape, generator=g).to(_dtype(dt)))
        elif dt == "bool":
            out.append(torch.randint(0, 2, shape, generator=g).bool())
            notes.append(f"input {s.index} ({s.name}, bool) was synthesised at random")
        else:
            out.append(torch.randint(0, 2, shape, generator=g).to(_dtype(dt)))
            notes.append(f"input {s.index} ({s.name}, {dt}) was synthesised as small non-negative "
                         "values (0..1): they may not be valid indices for this model; pass "
                         "inputs= to use real ones")
    return out, notes


def normalize_call(inputs: Any, struct: Any) -> tuple[tuple, dict]:
    """(args, kwargs) from example inputs: a tensor, a tuple/list of args, {"args", "kwargs"}, or a
    dict (keyword arguments when the export took only those, else one dict argument)."""
    if isinstance(inputs, Mapping) and set(inputs) == {"args", "kwargs"}:
        return tuple(inputs["args"] or ()), dict(inputs["kwargs"] or {})
    if isinstance(inputs, (tuple, list)):
        return tuple(inputs), {}
    if isinstance(inputs, Mapping):
        if _is_call_struct(struct) and not struct[1][0][1]:
            return (), dict(inputs)
        return (inputs,), {}
    return (inputs,), {}


def flatten_call(args: tuple, kwargs: dict, struct: Any) -> list[Any]:
    """The flat inputs in the package's order (dicts read by key, in export order)."""
    out: list[Any] = []

    def walk(node: Any, value: Any) -> None:
        if node == "leaf":
            out.append(value)
        elif node[0] == "dict":
            if not isinstance(value, Mapping):
                raise AOTIDebugError(f"example inputs do not match the exported structure: expected "
                                     f"a dict with keys {list(node[1])}, got {type(value).__name__}")
            for k, c in zip(node[1], node[2]):
                if k not in value:
                    raise AOTIDebugError(f"example inputs lack the key {k!r} of the export")
                walk(c, value[k])
        else:
            if not isinstance(value, (tuple, list)) or len(value) != len(node[1]):
                raise AOTIDebugError(f"example inputs do not match the exported structure: expected "
                                     f"{len(node[1])} items, got {type(value).__name__}")
            for c, v in zip(node[1], value):
                walk(c, v)

    if _is_call_struct(struct):
        walk(struct[1][0], tuple(args))
        walk(struct[1][1], dict(kwargs))
    else:
        _flat_any((args, kwargs), out)
    return out


def _flat_any(value: Any, out: list) -> None:
    if isinstance(value, Mapping):
        for v in value.values():
            _flat_any(v, out)
    elif isinstance(value, (tuple, list)):
        for v in value:
            _flat_any(v, out)
    else:
        out.append(value)


def build_call(leaves: Sequence[Any], struct: Any, *, reorder: bool = False) -> tuple[tuple, dict]:
    """(args, kwargs) from flat leaves; `reorder` reverses every dict argument's key order."""
    it = iter(leaves)

    def build(node: Any) -> Any:
        if node == "leaf":
            return next(it)
        if node[0] == "dict":
            items = [(k, build(c)) for k, c in zip(node[1], node[2])]
            return dict(reversed(items) if reorder else items)
        vals = [build(c) for c in node[1]]
        return vals if node[0] == "list" else tuple(vals)

    if _is_call_struct(struct):
        args = build(struct[1][0])
        kw_node = struct[1][1]
        kwargs = {k: build(c) for k, c in zip(kw_node[1], kw_node[2])}
        return tuple(args), kwargs
    return tuple(leaves), {}


def _clone_tree(value: Any) -> Any:
    torch = _torch()
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(value, Mapping):
        return {k: _clone_tree(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return type(value)(_clone_tree(v) for v in value)
    return value


def _out_leaves(value: Any) -> list[Any]:
    out: list[Any] = []
    _flat_any(value, out)
    return out


def compare(got: Any, want: Any, *, reduction: float = 1.0, rtol: float | None = None,
            atol: float | None = None) -> tuple[bool, str]:
    """(match, detail) between the package's outputs and the reference's, by the TOLERANCE rule."""
    torch = _torch()
    g, w = _out_leaves(got), _out_leaves(want)
    if len(g) != len(w):
        return False, f"{len(g)} output(s), the reference gives {len(w)}"
    worst = ""
    worst_ratio = -1.0
    for i, (a, b) in enumerate(zip(g, w)):
        if not isinstance(b, torch.Tensor):
            if isinstance(a, torch.Tensor) or a != b:
                return False, f"output {i}: {a!r} vs reference {b!r}"
            continue
        if not isinstance(a, torch.Tensor):
            return False, f"output {i}: {type(a).__name__}, the reference gives a tensor"
        if tuple(a.shape) != tuple(b.shape):
            return False, f"output {i}: shape {_shape_str(a.shape)}, reference {_shape_str(b.shape)}"
        da, db = _dtype_name(a.dtype), _dtype_name(b.dtype)
        tol = tolerance_for(da, db, rtol, atol)
        a64 = a.detach().to("cpu", torch.float64) if a.is_floating_point() or b.is_floating_point() else a.detach().cpu()
        b64 = b.detach().to("cpu", torch.float64) if a.is_floating_point() or b.is_floating_point() else b.detach().cpu()
        if a64.numel() == 0:
            continue
        if not a64.is_floating_point():
            n_bad = int((a64 != b64).sum())
            if n_bad:
                return False, f"output {i}: {n_bad} of {a64.numel()} values differ (exact dtype {da})"
            continue
        nan_a, nan_b = torch.isnan(a64), torch.isnan(b64)
        if not torch.equal(nan_a, nan_b):
            return False, (f"output {i}: NaN at {int((nan_a & ~nan_b).sum())} position(s) where the "
                           f"reference has none, {int((nan_b & ~nan_a).sum())} the other way")
        inf_a, inf_b = torch.isinf(a64), torch.isinf(b64)
        if not torch.equal(inf_a, inf_b) or not torch.equal(a64[inf_a], b64[inf_b]):
            return False, f"output {i}: infinities differ from the reference"
        fin = ~(nan_b | inf_b)
        aa, bb = a64[fin], b64[fin]
        if aa.numel() == 0:
            continue
        scale = max(1.0, float(bb.abs().max())) * max(1.0, math.sqrt(max(reduction, 1.0)) / 32)
        allowed = tol.atol * scale + tol.rtol * bb.abs()
        diff = (aa - bb).abs()
        ratio = float((diff / allowed.clamp_min(1e-300)).max())
        max_abs = float(diff.max())
        rel = float((diff / bb.abs().clamp_min(1e-30)).max())
        text = (f"output {i}: max abs diff {max_abs:.3g} (max rel {rel:.3g}), allowed "
                f"{tol.atol * scale:.3g} + {tol.rtol:g}*|ref| ({_dtype_name(a.dtype)} vs "
                f"{_dtype_name(b.dtype)})")
        if ratio > 1.0:
            return False, text
        if ratio > worst_ratio:
            worst_ratio, worst = ratio, text
    return True, worst or "outputs equal"


def _nbytes_tree(value: Any) -> int:
    torch = _torch()
    return sum(v.untyped_storage().nbytes() for v in _out_leaves(value) if isinstance(v, torch.Tensor))


def _numel_tree(value: Any) -> int:
    torch = _torch()
    return sum(v.numel() for v in _out_leaves(value) if isinstance(v, torch.Tensor))


def resolve_reference(reference: Any) -> tuple[Callable | None, str | None]:
    """A callable for the reference (an ExportedProgram is run as `.module()`), and its name."""
    if reference is None:
        return None, None
    torch = _torch()
    if isinstance(reference, torch.export.ExportedProgram):
        return reference.module(), "ExportedProgram"
    if isinstance(reference, torch.nn.Module):
        return reference, type_name(reference)
    if callable(reference):
        name = getattr(reference, "__qualname__", None)
        return reference, name if isinstance(name, str) else type_name(reference)
    raise TypeError(f"reference must be an nn.Module, an ExportedProgram or a callable, got "
                    f"{type_name(reference)}")


def reference_constants(reference: Any, minfo: Any) -> dict[str, Any] | None:
    """{fqn: tensor} for every named constant of `minfo` from the reference's parameters and
    buffers (an ExportedProgram's state_dict and constants), or None when one is missing: what a
    package compiled without its weights needs before its first call."""
    torch = _torch()
    names = minfo.constant_fqns
    if isinstance(reference, torch.export.ExportedProgram):
        state = {**dict(reference.state_dict), **dict(getattr(reference, "constants", {}) or {})}
    elif isinstance(reference, torch.nn.Module):
        state = {**dict(reference.named_parameters()), **dict(reference.named_buffers())}
    else:
        return None
    if not names or any(not isinstance(state.get(n), torch.Tensor) for n in names):
        return None
    return {n: state[n].detach() for n in names}


def _first_line(text: str, limit: int = 240) -> str:
    for line in str(text).splitlines():
        line = line.strip()
        if line and not line.startswith(("Exception raised from", "frame #")):
            return line if len(line) <= limit else line[: limit - 3] + "..."
    return ""


def _raw_text(exc: BaseException) -> str:
    cause = exc.__cause__
    if cause is not None:
        t = str(cause)
        stderr = getattr(cause, "stderr", "") or ""
        said = runtime_errors(stderr)
        errs = [f"Error: {w}" for w in said]
        # the runtime's own checks ("input_handles[0]: ...") and an op's refusal, as the C shim logs it
        words = [w for w in said if not is_generic(w)] + shim_refusals(stderr)
        if words and is_generic(_first_line(t)):
            # torch <= 2.12 prints the runtime's reason to stderr and raises only the runner's
            # generic line: the reason leads, so a case's detail names it
            return "\n".join(words[-3:]) + "\n" + t + "\n" + "\n".join(errs[-3:])
        return t + ("\n" + "\n".join(errs[-3:]) if errs else "")
    return str(exc)


def _open_model(path: str, model: str, device_index: int | None, timeout: float | None,
                constants: dict[str, Any] | None = None) -> Any:
    """The package in an isolated worker, its input check off so AOTI's raw behaviour is seen;
    `constants` are loaded first (a package compiled without its weights), and replayed by the
    SafeModel when its worker restarts."""
    sm = safe_load(path, device_index=device_index, check_inputs=False, isolate=True,
                   timeout=timeout, model_name=model)
    if constants:
        try:
            sm.load_constants(constants, check_full_update=True)
        except BaseException:
            sm.close()
            raise
    return sm


def _device_index(device: Any, device_type: str | None) -> tuple[Any, int | None]:
    if device is None:
        return None, None
    torch = _torch()
    dev = torch.device(device)
    if dev.type == "cpu":
        return dev, None
    return dev, dev.index if dev.index is not None else torch.cuda.current_device()


def _with_evidence(d: Diagnosis, items: Iterable[Evidence], **details: Any) -> Diagnosis:
    return replace(d, evidence=tuple(items) + d.evidence, details={**dict(d.details), **details})
