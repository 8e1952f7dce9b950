"""What a package says about a named kernel: its source nodes (from the generated wrapper and,
when the package has it, provenance) and the user's lines. Read before any call (at load time
for the in-process reporter, after the crash in the parent for the worker); never at fault time.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass

from ...core.text.frames import user_frames


@dataclass(frozen=True)
class KernelContext:
    kernel: str
    source_nodes: tuple[str, ...] = ()
    user_lines: tuple[str, ...] = ()

    def note(self) -> str | None:
        """`source nodes [sin, add]; user line model.py:12 in forward: ...` or None."""
        parts = []
        if self.source_nodes:
            parts.append(f"source nodes [{', '.join(self.source_nodes)}]")
        if self.user_lines:
            parts.append(f"user line {self.user_lines[0]}")
        return "; ".join(parts) or None


def package_kernels(path: str | os.PathLike[str] | None,
                    model_name: str | None = None) -> dict[str, KernelContext]:
    """Every generated kernel of the package at `path` with its context ({} when unreadable).
    Cached per (path, size, mtime): a worker that crashes 100 times reads the package once."""
    if not path:
        return {}
    try:
        st = os.stat(path)
    except OSError:
        return {}
    return dict(_package_kernels(os.fspath(path), st.st_size, st.st_mtime_ns, model_name))


@functools.lru_cache(maxsize=32)
def _package_kernels(path: str, _size: int, _mtime: int,
                     model_name: str | None) -> dict[str, KernelContext]:
    try:
        from ...package.inspect import inspect_package

        info = inspect_package(path)
    except Exception:
        return {}
    out: dict[str, KernelContext] = {}
    for model in info.models:
        if model_name and len(info.models) > 1 and model.name != model_name:
            continue
        for k in model.kernels:
            lines = tuple(str(f) for f in user_frames(tuple(k.stack_traces))) if k.stack_traces else ()
            out.setdefault(k.name, KernelContext(k.name, tuple(k.source_nodes), lines))
    return out


def kernel_context(path: str | os.PathLike[str] | None, kernel: str | None,
                   model_name: str | None = None) -> KernelContext | None:
    if not kernel:
        return None
    return package_kernels(path, model_name).get(kernel)


__all__ = ["KernelContext", "package_kernels", "kernel_context"]
