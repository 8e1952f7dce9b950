"""Entry point of the isolated worker (`python -m aotidebug.runtime.worker.server`); see `worker.py`.

Runs in its own process group with unbuffered output and faulthandler on, so a segfaulting kernel
leaves its launch trace and the Python frame in the stdout/stderr files the parent reads. It
loads one package, then answers requests until told to exit or until its parent goes away.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import threading
import time
import traceback
from typing import Any

from .client import (PeerGone, decode_tree, encode_tree, load_compiled, read_arena, read_frame,
                     write_arena, write_frame)

PUBLIC_TARGETS = ("model", "loader")
# Inputs smaller than this are copied out of the shared-memory file into ordinary memory, so a
# kernel that reads past a small input faults as it would in-process (SIGSEGV on unmapped
# memory) instead of depending on which mapping follows a tiny file (SIGBUS past a file's end).
COPY_BELOW = 1 << 20


class Server:
    """The worker's request handlers: one method per protocol op."""

    def __init__(self, directory: str) -> None:
        self.directory = directory
        self.model: Any = None

    def op_load(self, req: dict, _tensors: list) -> tuple[dict, list]:
        self.model = load_compiled(req["path"], model_name=req.get("model_name") or "model",
                                   device_index=int(req.get("device_index", -1)))
        loader = self.model.loader
        spec = None
        try:
            spec = list(loader.get_call_spec())
        except Exception:
            pass
        return {"ok": True, "pid": os.getpid(), "metadata": dict(self.model.get_metadata()),
                "constant_fqns": list(self.model.get_constant_fqns()), "call_spec": spec}, []

    def _need_model(self) -> Any:
        if self.model is None:
            raise RuntimeError("no package is loaded in this worker")
        return self.model

    def op_call(self, req: dict, tensors: list) -> tuple[dict, list]:
        model = self._need_model()
        args, kwargs = decode_tree(req["tree"], tensors)
        result = model(*args, **kwargs)
        out: list = []
        tree = encode_tree(result, out)
        return {"ok": True, "tree": tree}, out

    def op_method(self, req: dict, tensors: list) -> tuple[dict, list]:
        model = self._need_model()
        target, name = req.get("target"), str(req.get("name", ""))
        if target not in PUBLIC_TARGETS or not name.isidentifier() or name.startswith("_"):
            raise AttributeError(f"{target}.{name} is not a public method")
        obj = model if target == "model" else model.loader
        args, kwargs = decode_tree(req["tree"], tensors)
        result = getattr(obj, name)(*args, **kwargs)
        out: list = []
        tree = encode_tree(result, out)
        return {"ok": True, "tree": tree}, out


def _error_reply(exc: BaseException) -> dict:
    return {"ok": False, "error": {"type": f"{type(exc).__module__}.{type(exc).__qualname__}",
                                   "message": str(exc),
                                   "traceback": "".join(traceback.format_exception(exc))[-20000:]}}


def _watch_parent(parent: int, directory: str) -> None:
    """Exit (removing the temp dir) when the parent is gone, even if it never said goodbye."""
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            shutil.rmtree(directory, ignore_errors=True)
            os._exit(0)


def serve(req_fd: int, resp_fd: int, directory: str) -> int:
    server = Server(directory)
    while True:
        try:
            req = read_frame(req_fd)
        except (PeerGone, OSError):
            shutil.rmtree(directory, ignore_errors=True)  # the parent went away without closing
            return 0
        op = req.get("op")
        if op == "exit":
            return 0
        handler = getattr(server, f"op_{op}", None) if isinstance(op, str) else None
        out_name = None
        try:
            if handler is None:
                raise ValueError(f"unknown request {op!r}")
            inputs = read_arena(directory, req.get("arena"), req.get("tensors") or [],
                                writable=False, copy_below=COPY_BELOW)
            reply, out = handler(req, inputs)
            del inputs
            out_name, metas = write_arena(directory, f"out-{req.get('seq', 0)}.bin", out)
            reply.update(arena=out_name, tensors=metas)
        except Exception as exc:
            reply = _error_reply(exc)
            sys.stderr.write(f"[aotidebug worker] {reply['error']['type']}: {exc}\n")
        try:
            write_frame(resp_fd, reply)
        except (BrokenPipeError, OSError):
            shutil.rmtree(directory, ignore_errors=True)
            return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="aotidebug.runtime.worker.server")
    p.add_argument("--req-fd", type=int, required=True)
    p.add_argument("--resp-fd", type=int, required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--parent", type=int, required=True)
    a = p.parse_args(argv)
    threading.Thread(target=_watch_parent, args=(a.parent, a.dir), daemon=True).start()
    return serve(a.req_fd, a.resp_fd, a.dir)


if __name__ == "__main__":
    sys.exit(main())
