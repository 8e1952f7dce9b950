"""How values cross to the worker and back: pytrees as JSON, tensors as raw bytes in shared memory.

- tensors cross as raw bytes in shared-memory files (`/dev/shm` when available) inside a private
  0700 temp dir: the sender copies each tensor's storage span into a mapped file once, the
  receiver maps that file (`torch.from_file(shared=...)`) without copying, and strides and storage
  offsets are kept, so a non-contiguous input stays non-contiguous;
- pytrees of args/kwargs/outputs are JSON with tensors as `{"$t": i}`, tuples as `{"$tuple": []}`
  and dicts as `{"$dict": [[k, v], ...]}`; anything else is refused (`Unsendable`), never pickled.
torch is imported only inside the functions that need it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ...checks.inputs import other_layout
from ...core.describe import type_name

ALIGN = 64
MAX_DEPTH = 64


class Unsendable(TypeError):
    """A value that cannot cross the process boundary without pickling."""


# ------------------------------------------------------------------------------------ pytrees
def encode_tree(obj: Any, tensors: list[Any], depth: int = 0) -> Any:
    """JSON form of a pytree; tensors are appended to `tensors` and replaced by {"$t": index}."""
    import torch

    if depth > MAX_DEPTH:
        raise Unsendable(f"pytree nested deeper than {MAX_DEPTH} levels")
    if isinstance(obj, torch.Tensor):
        # refused here, where the call turns Unsendable into a typed InputMismatchError
        kind = other_layout(obj) or ("quantized" if obj.is_quantized else None)
        if kind is not None:
            raise Unsendable(f"a {kind} tensor cannot cross to the worker (dense tensors only)")
        tensors.append(obj)
        return {"$t": len(tensors) - 1}
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, tuple):
        return {"$tuple": [encode_tree(v, tensors, depth + 1) for v in obj]}
    if isinstance(obj, list):
        return [encode_tree(v, tensors, depth + 1) for v in obj]
    if isinstance(obj, dict):
        items = []
        for k, v in obj.items():
            if not isinstance(k, (str, int)) or isinstance(k, bool):
                raise Unsendable(f"dict key of type {type_name(k)} cannot cross to the worker")
            items.append([k, encode_tree(v, tensors, depth + 1)])
        return {"$dict": items}
    raise Unsendable(f"a value of type {type_name(obj, qualified=True)} cannot cross "
                     "to the isolated worker (tensors, numbers, strings, None, tuples, lists and "
                     "dicts only)")


def decode_tree(obj: Any, tensors: list[Any]) -> Any:
    """Inverse of `encode_tree`."""
    if isinstance(obj, list):
        return [decode_tree(v, tensors) for v in obj]
    if isinstance(obj, dict):
        if "$t" in obj:
            return tensors[int(obj["$t"])]
        if "$tuple" in obj:
            return tuple(decode_tree(v, tensors) for v in obj["$tuple"])
        if "$dict" in obj:
            return {k: decode_tree(v, tensors) for k, v in obj["$dict"]}
        raise ValueError("malformed pytree node")
    return obj


# ------------------------------------------------------------------------------------ dtypes
def dtype_name(dtype: Any) -> str:
    """"float32" for torch.float32: the name that crosses the boundary."""
    return str(dtype).removeprefix("torch.")


def dtype_from_name(name: str) -> Any:
    """torch.float32 for "float32"; ValueError for anything that is not a torch dtype."""
    import torch

    value = getattr(torch, name, None)
    if not isinstance(value, torch.dtype):
        raise ValueError(f"unknown dtype {name!r}")
    return value


def _span(shape: tuple[int, ...], stride: tuple[int, ...]) -> int:
    """Elements of storage a strided view touches, from its first element to its last."""
    if any(s == 0 for s in shape):
        return 0
    return 1 + sum((s - 1) * st for s, st in zip(shape, stride))


# ------------------------------------------------------------------------------------ arenas
@dataclass
class Arena:
    """A shared-memory file kept mapped between calls, so a large input does not pay for fresh
    (zero-filled) pages and a new mapping on every call: the parent reuses it while it is big
    enough. Its size is that of the largest input so far."""

    name: str | None = None
    size: int = 0
    buf: Any = None

    def drop(self, directory: str | None) -> None:
        if self.name and directory:
            try:
                os.unlink(os.path.join(directory, self.name))
            except OSError:
                pass
        self.name, self.size, self.buf = None, 0, None


def _new_file(path: str, size: int) -> Any:
    import torch

    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.ftruncate(fd, size)
    finally:
        os.close(fd)
    return torch.from_file(path, shared=True, size=size, dtype=torch.uint8)


def _layout(tensors: list[Any]) -> tuple[list[dict[str, Any]], list[tuple[Any, int]], int]:
    """Per-tensor layout records, the (host tensor, span) pairs to copy, and the file size."""
    import torch

    metas: list[dict[str, Any]] = []
    flats: list[tuple[Any, int]] = []
    offset = 0
    for t in tensors:
        device = str(t.device)
        if t.device.type != "cpu":  # GPU-only path: cross through host memory
            t = t.detach().to("cpu")
        if t.layout != torch.strided or t.is_quantized:
            raise Unsendable(f"tensor with layout {t.layout} cannot cross to the worker")
        shape, stride = tuple(t.shape), tuple(t.stride())
        if any(st < 0 for st in stride):
            t = t.contiguous()
            stride = tuple(t.stride())
        span = _span(shape, stride)
        nbytes = span * t.element_size()
        metas.append({"dtype": dtype_name(t.dtype), "shape": list(shape), "stride": list(stride),
                      "offset": offset, "span": span, "device": device,
                      "requires_grad": bool(t.requires_grad)})
        flats.append((t, span))
        offset += -(-nbytes // ALIGN) * ALIGN
    return metas, flats, offset


def write_arena(directory: str, name: str, tensors: list[Any],
                arena: Arena | None = None) -> tuple[str | None, list[dict[str, Any]]]:
    """Copy each tensor's storage span once into one shared-memory file; return its name and
    the per-tensor layout (dtype, shape, stride, byte offset, device) for `read_arena`. With
    `arena`, its file is reused when big enough (else replaced by `name`)."""
    import torch

    metas, flats, total = _layout(tensors)
    if total == 0:
        return None, metas
    used: str | None
    if arena is not None and arena.buf is not None and arena.size >= total:
        used, buf = arena.name, arena.buf
    else:
        used, buf = name, _new_file(os.path.join(directory, name), total)
        if arena is not None:
            arena.drop(directory)
            arena.name, arena.size, arena.buf = name, total, buf
    with torch.no_grad():
        for (t, span), meta in zip(flats, metas):
            if span == 0:
                continue
            nbytes = span * t.element_size()
            dst = buf[meta["offset"]:meta["offset"] + nbytes].view(t.dtype)
            dst.as_strided(tuple(t.shape), tuple(meta["stride"])).copy_(t.detach())
    return used, metas


def read_arena(directory: str, name: str | None, metas: list[dict[str, Any]], *, writable: bool,
               to_device: bool = True, copy_below: int = 0) -> list[Any]:
    """Map a file written by `write_arena` and view its tensors without copying them (tensors
    smaller than `copy_below` bytes are copied into ordinary memory)."""
    import torch

    out = []
    buf = None
    if name is not None:
        path = os.path.join(directory, os.path.basename(name))
        total = os.path.getsize(path)
        buf = torch.from_file(path, shared=writable, size=total, dtype=torch.uint8)
    for m in metas:
        dtype = dtype_from_name(m["dtype"])
        shape, stride = tuple(int(s) for s in m["shape"]), tuple(int(s) for s in m["stride"])
        span = int(m["span"])
        if span == 0 or buf is None:
            t = torch.empty_strided(shape, stride, dtype=dtype)
        else:
            nbytes = span * torch.empty((), dtype=dtype).element_size()
            start = int(m["offset"])
            t = buf[start:start + nbytes].view(dtype).as_strided(shape, stride)
            if nbytes < copy_below:
                t = torch.empty_strided(shape, stride, dtype=dtype).copy_(t)
        if to_device and m.get("device", "cpu") != "cpu":
            t = t.to(m["device"])
        if m.get("requires_grad") and t.is_floating_point():
            t.requires_grad_(True)
        out.append(t)
    return out


def shm_root() -> str | None:
    """/dev/shm when it is a writable directory (tensors then never touch a disk), else None."""
    root = "/dev/shm"
    return root if os.path.isdir(root) and os.access(root, os.W_OK | os.X_OK) else None


__all__ = ["Unsendable", "encode_tree", "decode_tree", "dtype_name", "dtype_from_name", "Arena",
           "write_arena", "read_arena", "shm_root", "ALIGN"]
