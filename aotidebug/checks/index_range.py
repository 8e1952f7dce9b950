"""Index inputs against the bound the package's own kernels check (AOTC039, AOTC042).

An id past an embedding table is not a shape problem, so the input contract passes it; the
kernel's `index out of bounds` check then raises, or, inside an OpenMP region, aborts the whole
process (`terminate called after throwing an instance of 'c10::Error'`); on a GPU it is a
device-side assert, after which the CUDA context is unusable. `safe_load` builds an
`IndexRangeCheck` once from the generated sources (`package.index_reads`: only inputs a kernel
uses unchanged as indices) and runs it before each call: one `aminmax` per such input. A kernel
that indexes a table with its own counter over an input's size (`pos[arange(T)]`) gets that size
compared with the table instead (AOTC042): a dynamic range wider than the table is not refused by
the input contract.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core.result import Finding
from ..package.index_reads import IndexRead, plain_index_reads
from .codes import finding
from .index_trace import flat_inputs, index_stats, read_sources

MARKER = "index out of bounds"


@dataclass(frozen=True)
class IndexRangeCheck:
    """The plain index reads of one package model, with the names its input contract uses."""

    reads: tuple[IndexRead, ...]
    n_inputs: int
    names: tuple[str, ...] = ()

    def __call__(self, args: Any, kwargs: Mapping[str, Any] | None = None) -> list[Finding]:
        """AOTC039 for each index input with a value outside its kernel's bound. Run after the
        input contract held: the leaves are then in the package's order (torch's flat order)."""
        leaves = flat_inputs((args, dict(kwargs)) if kwargs else args)
        if len(leaves) != self.n_inputs:
            return []
        out: list[Finding] = []
        for r in self.reads:
            try:
                f = self._check(r, leaves)
            except Exception:  # a leaf the contract let through but that is no tensor: not ours
                continue
            if f is not None:
                out.append(f)
        return out

    def _check(self, r: IndexRead, leaves: Sequence[Any]) -> Finding | None:
        t = leaves[r.input_index]
        if r.size_dim is not None:
            return self._check_size(r, t)
        bound = r.bound_value
        if bound is None and r.bound_input is not None and r.bound_dim is not None:
            shape = getattr(leaves[r.bound_input], "shape", None)
            bound = int(shape[r.bound_dim]) if shape is not None and len(shape) > r.bound_dim else None
        dtype = getattr(t, "dtype", None)
        if bound is None or dtype is None or dtype.is_floating_point or dtype.is_complex \
                or str(dtype) == "torch.bool" or t.numel() == 0 or t.device.type == "meta":
            return None
        low = -bound if r.wraps_negative else 0
        try:
            lo, hi = (int(v) for v in _aminmax(t))
        except (RuntimeError, TypeError):  # a dtype aminmax does not take (bool): not an index
            return None
        if low <= lo and hi < bound:
            return None
        stats = index_stats(t, bound, r.wraps_negative) or {}
        name = self.names[r.input_index] if r.input_index < len(self.names) else r.input_name
        where = f"size {bound} of input {r.bound_input} dim {r.bound_dim}" if r.bound_value is None \
            else f"{bound}"
        return finding(
            "AOTC039", f"input {r.input_index} ({name}): values {lo}..{hi}, but kernel {r.kernel} uses "
            f"them unchanged as indices into {where} rows (valid {low}..{bound - 1}); the call would stop "
            f"at its check `index out of bounds` (inside a parallel loop torch aborts the process)",
            input=r.input_index, name=name, min=lo, max=hi, bound=bound, low=low,
            offending=stats.get("offending"), examples=stats.get("examples", []),
            kernel=r.kernel, kernel_line=r.line, assertion=r.assertion,
            bound_input=r.bound_input, bound_dim=r.bound_dim)


    def _check_size(self, r: IndexRead, t: Any) -> Finding | None:
        """AOTC042: the kernel indexes a `bound`-row table with its counter over this size."""
        size = int(t.shape[r.size_dim])
        if r.bound_value is None or size <= r.bound_value:
            return None
        name = self.names[r.input_index] if r.input_index < len(self.names) else r.input_name
        return finding(
            "AOTC042", f"input {r.input_index} ({name}): size {size} at dim {r.size_dim}, but kernel "
            f"{r.kernel} indexes a {r.bound_value}-row table with positions 0..size-1 (an `arange` over "
            f"that dim), so positions {r.bound_value}..{size - 1} are past it; the compiled range of the "
            "size does not know the table (inside a parallel loop torch aborts the process)",
            input=r.input_index, name=name, dim=r.size_dim, got=size, bound=r.bound_value,
            kernel=r.kernel, kernel_line=r.line, assertion=r.assertion)


def _aminmax(t: Any) -> tuple[Any, Any]:
    import torch

    mn, mx = torch.aminmax(t.detach())
    return mn.item(), mx.item()


def index_range_check(info: Any, model: str = "model", names: Sequence[str] = (),
                      n_inputs: int | None = None) -> IndexRangeCheck | None:
    """The check for one model of a package (a path or `PackageInfo`), or None when its kernels
    check no index an input supplies unchanged (or its sources cannot be read)."""
    kernel, wrapper = _texts(info, model)
    if MARKER not in (kernel or "") and MARKER not in (wrapper or ""):
        return None
    reads = plain_index_reads(wrapper, kernel)
    if not reads:
        return None
    n = n_inputs if n_inputs is not None else 1 + max(
        max(r.input_index, r.bound_input or 0) for r in reads)
    return IndexRangeCheck(reads, n, tuple(names))


def _texts(info: Any, model: str) -> tuple[str | None, str | None]:
    """(kernel.cpp, wrapper.cpp) of one model. A CPU package whose kernels hold no index check,
    the common case, costs one member read: its wrapper defines no kernels."""
    try:
        mi = info.model(model)
        kernel = info.read_text(mi.kernel_member) if mi.kernel_member else None
        if getattr(info, "device_type", None) == "cpu" and kernel and MARKER not in kernel:
            return kernel, None
        return kernel, info.read_text(mi.wrapper_member) if mi.wrapper_member else None
    except Exception:  # a path, or an archive the inspector did not read: the general reader
        src = read_sources(info, model)
        return src.kernel, src.wrapper
