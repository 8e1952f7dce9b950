"""Entry point of the isolated worker (`python -m aotidebug.runtime.worker.server`); see `client.py`.

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
from typing import Any, Callable

from .client import CRASH_RECORD, CRASH_SNAPSHOT, load_compiled
from .extraction import own_extraction, remove_extraction
from .protocol import PROTOCOL, Op, PeerGone, error_frame, parse_op, read_frame, write_frame
from .transport import decode_tree, encode_tree, read_arena, write_arena

PUBLIC_TARGETS = ("model", "loader")
# Inputs smaller than this are copied out of the shared-memory file into ordinary memory, so a
# kernel that reads past a small input faults as it would in-process (SIGSEGV on unmapped
# memory) instead of depending on which mapping follows a tiny file (SIGBUS past a file's end).
COPY_BELOW = 1 << 20

Reply = tuple[dict[str, Any], list[Any]]


class Server:
    """The worker's request handlers: one method per protocol op."""

    def __init__(self, directory: str, dirs: tuple[str, ...] = (), extracted: list[str] | None = None) -> None:
        self.directory = directory
        self.dirs = dirs  # the worker's own temp folders (its extraction lands there from torch 2.13)
        # where a loader that ignores TMPDIR extracted the package (extraction.py): shared with
        # the parent-death path, which removes them as it removes `dirs`
        self.extracted = extracted if extracted is not None else []
        self.model: Any = None

    def handler(self, op: Op) -> Callable[[dict[str, Any], list[Any]], Reply]:
        """The method answering `op` (EXIT is handled by the loop: it has no reply)."""
        handlers: dict[Op, Callable[[dict[str, Any], list[Any]], Reply]] = {
            Op.LOAD: self.op_load, Op.CALL: self.op_call, Op.METHOD: self.op_method}
        if op not in handlers:
            raise ValueError(f"request {op.value!r} has no handler")
        return handlers[op]

    def op_load(self, req: dict[str, Any], _tensors: list[Any]) -> Reply:
        if req.get("protocol") != PROTOCOL:
            raise ValueError(f"parent speaks worker protocol {req.get('protocol')!r}, this worker "
                             f"{PROTOCOL}: the parent and worker come from different aotidebug copies")
        _record_crashes(self.directory, None)          # a SIGBUS while loading is recorded too
        since = time.time()
        self.model = load_compiled(req["path"], model_name=req.get("model_name") or "model",
                                   device_index=int(req.get("device_index", -1)),
                                   options=req.get("options") or None)
        self.extracted[:] = own_extraction(since, self.dirs, req["path"])
        _record_crashes(self.directory, req["path"])   # snapshot the package's .so (idempotent)
        loader = self.model.loader
        spec = None
        try:
            spec = list(loader.get_call_spec())
        except Exception:
            pass
        return {"ok": True, "pid": os.getpid(), "metadata": dict(self.model.get_metadata()),
                "constant_fqns": list(self.model.get_constant_fqns()), "call_spec": spec,
                "extracted": list(self.extracted)}, []

    def _need_model(self) -> Any:
        if self.model is None:
            raise RuntimeError("no package is loaded in this worker")
        return self.model

    def op_call(self, req: dict[str, Any], tensors: list[Any]) -> Reply:
        model = self._need_model()
        args, kwargs = decode_tree(req["tree"], tensors)
        result = model(*args, **kwargs)
        out: list[Any] = []
        tree = encode_tree(result, out)
        return {"ok": True, "tree": tree}, out

    def op_method(self, req: dict[str, Any], tensors: list[Any]) -> Reply:
        model = self._need_model()
        target, name = req.get("target"), str(req.get("name", ""))
        if target not in PUBLIC_TARGETS or not name.isidentifier() or name.startswith("_"):
            raise AttributeError(f"{target}.{name} is not a public method")
        obj = model if target == "model" else model.loader
        args, kwargs = decode_tree(req["tree"], tensors)
        result = getattr(obj, name)(*args, **kwargs)
        out: list[Any] = []
        tree = encode_tree(result, out)
        return {"ok": True, "tree": tree}, out


def _record_crashes(directory: str, package: str | None) -> None:
    """Install the native crash recorder (runtime/crash/handler.py; later calls only refresh its
    snapshot): a fatal signal leaves a record in `crash.bin` that the parent names against
    `snapshot.json` (client.read_crash_site). Best effort: a failure here costs only the name."""
    try:
        from ..crash import handler

        handler.install(os.path.join(directory, CRASH_RECORD),
                        snapshot_path=os.path.join(directory, CRASH_SNAPSHOT), package=package)
    except Exception as exc:  # never let naming break loading
        sys.stderr.write(f"[aotidebug worker] crash recorder not installed: {exc}\n")


def _error_reply(exc: BaseException) -> dict[str, Any]:
    return error_frame(f"{type(exc).__module__}.{type(exc).__qualname__}", str(exc),
                       "".join(traceback.format_exception(exc))[-20000:])


def _remove(dirs: tuple[str, ...], extracted: list[str]) -> None:
    for d in dirs:
        shutil.rmtree(d, ignore_errors=True)
    for root in list(extracted):
        remove_extraction(root)


def _watch_parent(parent: int, dirs: tuple[str, ...], extracted: list[str]) -> None:
    """Exit (removing the temp dirs) when the parent is gone, even if it never said goodbye."""
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            _remove(dirs, extracted)
            os._exit(0)


def serve(req_fd: int, resp_fd: int, directory: str, dirs: tuple[str, ...] = (),
          extracted: list[str] | None = None) -> int:
    """Answer requests until EXIT; when the parent goes away unannounced, remove `dirs` (the
    worker's temp dir and its private TMPDIR, which holds the package's extraction) and the
    folders `extracted` names (an older loader's extraction outside TMPDIR), and return."""
    extracted = extracted if extracted is not None else []
    server = Server(directory, dirs, extracted)
    while True:
        try:
            req = read_frame(req_fd)
        except (PeerGone, OSError):
            _remove(dirs, extracted)  # the parent went away without closing
            return 0
        if req.get("op") == Op.EXIT.value:
            return 0
        try:
            handler = server.handler(parse_op(req.get("op")))
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
            _remove(dirs, extracted)
            return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="aotidebug.runtime.worker.server")
    p.add_argument("--req-fd", type=int, required=True)
    p.add_argument("--resp-fd", type=int, required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--parent", type=int, required=True)
    p.add_argument("--scratch", default=None, help="the private TMPDIR the parent made")
    a = p.parse_args(argv)
    dirs = (a.dir, a.scratch) if a.scratch else (a.dir,)
    extracted: list[str] = []
    threading.Thread(target=_watch_parent, args=(a.parent, dirs, extracted), daemon=True).start()
    return serve(a.req_fd, a.resp_fd, a.dir, dirs, extracted)


if __name__ == "__main__":
    sys.exit(main())
