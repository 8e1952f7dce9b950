"""Index inputs against the bound the package's own kernels check (AOTC039, AOTC042).

An id past an embedding table is not a shape problem, so the input contract passes it; the
kernel's `index out of bounds` check then raises, or, inside an OpenMP region, aborts the whole
process (`terminate called after throwing an instance of 'c10::Error'`); on a GPU it is a
device-side assert, after which the CUDA context is unusable. `safe_load` builds an
`IndexRangeCheck` once from the generated sources (`package.index_reads`: only inputs a kernel
uses as indices as they are or after monotone steps) and runs it before each call: one `aminmax`
per such input, mapped through the steps. A kernel
that indexes a table with its own counter over an input's size (`pos[arange(T)]`) gets that size
compared with the table instead (AOTC042): a dynamic range wider than the table is not refused by
the input contract.
"""

from __future__ import annotations

import functools
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
        """AOTC039 for each index input with a value outside its kernel's bound, AOTC042 for each
        size whose positions pass a table. Run after the input contract held: the leaves are then
        in the package's order (torch's flat order)."""
        leaves = args if type(args) is tuple and not kwargs else \
            flat_inputs((args, dict(kwargs)) if kwargs else args)
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
        if bound is None or getattr(t, "dtype", None) not in _index_dtypes() or t.is_meta:
            return None
        low = -bound if r.wraps_negative else 0
        try:
            lo, hi = _aminmax(t)
        except RuntimeError:  # an empty tensor: nothing is indexed
            return None
        ilo, ihi = r.index_of(lo), r.index_of(hi)
        if low <= ilo and ihi < bound:
            return None
        name = self._name(r)
        where = f"size {bound} of input {r.bound_input} dim {r.bound_dim}" if r.bound_value is None \
            else f"{bound}"
        mapped = f", which the kernel turns into {r.formula(name)} = {ilo}..{ihi}," if r.steps else ""
        stats = index_stats(t, bound, r.wraps_negative) if not r.steps else None
        return finding(
            "AOTC039", f"input {r.input_index} ({name}): values {lo}..{hi}{mapped} but kernel {r.kernel} "
            f"indexes {where} rows with {'them' if not r.steps else 'that'} (valid {low}..{bound - 1}); the "
            "call would stop at its check `index out of bounds` (inside a parallel loop torch aborts "
            "the process)",
            input=r.input_index, name=name, min=lo, max=hi, index_min=ilo, index_max=ihi, bound=bound,
            low=low, steps=[list(x) for x in r.steps], offending=(stats or {}).get("offending"),
            examples=(stats or {}).get("examples", []), kernel=r.kernel, kernel_line=r.line,
            assertion=r.assertion, bound_input=r.bound_input, bound_dim=r.bound_dim)

    def _name(self, r: IndexRead) -> str:
        """The input's name in the contract, else the wrapper's (`arg1_1`)."""
        return self.names[r.input_index] if r.input_index < len(self.names) else r.input_name

    def _check_size(self, r: IndexRead, t: Any) -> Finding | None:
        """AOTC042: the kernel indexes a `bound`-row table with its counter over this size."""
        size = int(t.shape[r.size_dim])
        if r.bound_value is None or size == 0:
            return None
        low = -r.bound_value if r.wraps_negative else 0
        first, last = r.index_of(0), r.index_of(size - 1)
        if low <= first and last < r.bound_value:
            return None
        name = self._name(r)
        pos = r.formula("position")
        return finding(
            "AOTC042", f"input {r.input_index} ({name}): size {size} at dim {r.size_dim}, but kernel "
            f"{r.kernel} indexes a {r.bound_value}-row table with {pos} for positions 0..{size - 1} "
            f"(an `arange` over that dim), which reaches {last}; the compiled range of the size does "
            "not know the table (inside a parallel loop torch aborts the process)",
            input=r.input_index, name=name, dim=r.size_dim, got=size, bound=r.bound_value,
            index_max=last, steps=[list(x) for x in r.steps], kernel=r.kernel, kernel_line=r.line,
            assertion=r.assertion)


@functools.cache
def _index_dtypes() -> frozenset:
    """The integer dtypes an index can have (torch resolved on first use, not at import)."""
    import torch

    return frozenset({torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8})


def _aminmax(t: Any) -> tuple[int, int]:
    import torch

    mn, mx = torch.aminmax(t)
    return int(mn.item()), int(mx.item())


def index_range_check(info: Any, model: str = "model", names: Sequence[str] = (),
                      n_inputs: int | None = None) -> IndexRangeCheck | None:
    """The check for one model of a package (a path or `PackageInfo`), or None when its kernels
    check no index an input supplies (or its sources cannot be read)."""
    kernel, wrapper = _texts(info, model)
    if MARKER not in (kernel or "") and MARKER not in (wrapper or ""):
        return None
    reads = plain_index_reads(wrapper, kernel)
    if not reads:
        return None
    n = n_inputs if n_inputs is not None else 1 + max(
        max(r.input_index, r.bound_input or 0) for r in reads)
    return IndexRangeCheck(reads, n, tuple(names))


def index_range_check_for(checker: Any, model: str = "model") -> IndexRangeCheck | None:
    """The check for the package an `InputChecker` was compiled for, named as its contract."""
    return index_range_check(checker.info, model, [e.name for e in checker.expectations],
                             len(checker.expectations))


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
