"""The worker's wire protocol: length-prefixed JSON frames over private pipes (pure I/O, no torch).

Parent <-> `aotidebug.runtime.worker.server`, over two pipes, never over stdout:
- a frame is a 4-byte big-endian length plus a UTF-8 JSON object; there is no pickle anywhere, so a
  hostile or confused peer cannot make the other side run code;
- a request is `{"op": <Op>, "seq": n, "arena": name|None, "tensors": [layout...], ...}`, a reply
  `{"ok": bool, "arena": name|None, "tensors": [layout...], ...}` or, on failure,
  `{"ok": false, "error": {"type", "message", "traceback"}}`; tensors travel in shared-memory
  files (`transport.py`), only their layout travels in the frame.
"""

from __future__ import annotations

import json
import os
import select
import struct
import time
from enum import Enum
from typing import Any

HEADER = struct.Struct(">I")
MAX_FRAME = 64 * 1024 * 1024      # JSON frames carry metadata only; tensors go through files
PROTOCOL = 1                       # bumped when a frame's meaning changes; checked on "load"


class Op(str, Enum):
    """The kinds of request the parent sends (the `op` field of a frame)."""

    LOAD = "load"          # load the package: path, model_name, device_index, options, protocol
    CALL = "call"          # call the loaded model with a pytree of args and kwargs
    METHOD = "method"      # call a public method of the model or its loader
    EXIT = "exit"          # stop serving (no reply)

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class PeerGone(EOFError):
    """The other end closed its pipe (the worker died or the parent went away)."""


def write_frame(fd: int, obj: dict[str, Any]) -> None:
    """Send one JSON frame on a blocking fd."""
    data = json.dumps(obj, separators=(",", ":")).encode("utf-8")
    if len(data) > MAX_FRAME:
        raise ValueError(f"frame of {len(data)} bytes exceeds {MAX_FRAME}")
    buf = memoryview(HEADER.pack(len(data)) + data)
    while buf:
        n = os.write(fd, buf)
        buf = buf[n:]


def _read_exact(fd: int, n: int, deadline: float | None) -> bytes:
    chunks, got = [], 0
    while got < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                raise TimeoutError
        chunk = os.read(fd, min(n - got, 1 << 20))
        if not chunk:
            raise PeerGone("pipe closed")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_frame(fd: int, deadline: float | None = None) -> dict[str, Any]:
    """Receive one JSON frame; TimeoutError past `deadline` (monotonic), PeerGone on EOF."""
    (n,) = HEADER.unpack(_read_exact(fd, HEADER.size, deadline))
    if n > MAX_FRAME:
        raise ValueError(f"frame of {n} bytes exceeds {MAX_FRAME}")
    obj = json.loads(_read_exact(fd, n, deadline).decode("utf-8"))
    if not isinstance(obj, dict):
        raise ValueError("frame is not a JSON object")
    return obj


def parse_op(value: Any) -> Op:
    """The Op a frame asks for; ValueError for anything else (an unknown op is a peer's bug)."""
    try:
        return Op(value)
    except ValueError:
        raise ValueError(f"unknown request {value!r}") from None


def error_frame(type_name: str, message: str, traceback_text: str = "") -> dict[str, Any]:
    """The reply to a request that raised."""
    return {"ok": False, "error": {"type": type_name, "message": message,
                                   "traceback": traceback_text}}


__all__ = ["HEADER", "MAX_FRAME", "PROTOCOL", "Op", "PeerGone", "write_frame", "read_frame",
           "parse_op", "error_frame"]
