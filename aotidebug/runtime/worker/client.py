"""A persistent worker process that holds a loaded AOTI package, so a crash kills it, not us.

Why a worker and not `run_isolated` per call: importing torch and loading a package costs seconds
(aoti-facts.md, "Timings"); a deployment server needs milliseconds per call. The worker starts
once, loads the package once and answers calls until it dies; a dead worker is replaced on the
next call.

Protocol (parent <-> `aotidebug.runtime.worker.server`), over two private pipes, never over stdout:
- frames are a 4-byte big-endian length plus a UTF-8 JSON object; no pickle anywhere, so a
  hostile or confused peer cannot make the other side run code;
- tensors cross as raw bytes in shared-memory files (`/dev/shm` when available) inside a private
  0700 temp dir: the sender copies each tensor's storage span into a mapped file once, the
  receiver maps that file (`torch.from_file(shared=...)`) without copying, and strides and storage
  offsets are kept, so a non-contiguous input stays non-contiguous;
- pytrees of args/kwargs/outputs are JSON with tensors as `{"$t": i}`, tuples as `{"$tuple": []}`
  and dicts as `{"$dict": [[k, v], ...]}`; anything else is refused.
The worker's stdout and stderr go to files in the temp dir (truncated before each call): after a
crash they hold the kernel-launch trace and faulthandler's report, read with `extract`.

Cleanup: `close()`, a context manager, and a `weakref.finalize` (which also runs at interpreter
exit through atexit) kill the worker's process group and remove the temp dir; a worker whose
parent disappears (os._exit, SIGKILL) sees its request pipe close or its parent change, removes
the temp dir and exits.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ...core.errors import CrashError, IsolationError
from ..subproc import child_env, kill_group, python_argv

HEADER = struct.Struct(">I")
MAX_FRAME = 64 * 1024 * 1024      # JSON frames carry metadata only; tensors go through files
ALIGN = 64
OUTPUT_TAIL = 256 * 1024          # bytes of worker stdout/stderr read after a failure
DEFAULT_START_TIMEOUT = 300.0     # import torch + load a package: 4-13 s measured, more on busy hosts
CLOSE_GRACE = 2.0
PROTOCOL = 1


# ---------------------------------------------------------------------------- framing (pure I/O)
def write_frame(fd: int, obj: dict) -> None:
    """Send one JSON frame on a blocking fd."""
    data = json.dumps(obj, separators=(",", ":")).encode("utf-8")
    if len(data) > MAX_FRAME:
        raise ValueError(f"frame of {len(data)} bytes exceeds {MAX_FRAME}")
    buf = memoryview(HEADER.pack(len(data)) + data)
    while buf:
        n = os.write(fd, buf)
        buf = buf[n:]


class PeerGone(EOFError):
    """The other end closed its pipe (the worker died or the parent went away)."""


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


def read_frame(fd: int, deadline: float | None = None) -> dict:
    """Receive one JSON frame; TimeoutError past `deadline` (monotonic), PeerGone on EOF."""
    (n,) = HEADER.unpack(_read_exact(fd, HEADER.size, deadline))
    if n > MAX_FRAME:
        raise ValueError(f"frame of {n} bytes exceeds {MAX_FRAME}")
    obj = json.loads(_read_exact(fd, n, deadline).decode("utf-8"))
    if not isinstance(obj, dict):
        raise ValueError("frame is not a JSON object")
    return obj


# ------------------------------------------------------------------ pytree and tensor transport
class Unsendable(TypeError):
    """A value that cannot cross the process boundary without pickling."""


def encode_tree(obj: Any, tensors: list, depth: int = 0) -> Any:
    """JSON form of a pytree; tensors are appended to `tensors` and replaced by {"$t": index}."""
    import torch

    if depth > 64:
        raise Unsendable("pytree nested deeper than 64 levels")
    if isinstance(obj, torch.Tensor):
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
                raise Unsendable(f"dict key of type {type(k).__name__} cannot cross to the worker")
            items.append([k, encode_tree(v, tensors, depth + 1)])
        return {"$dict": items}
    raise Unsendable(f"a value of type {type(obj).__module__}.{type(obj).__qualname__} cannot cross "
                     "to the isolated worker (tensors, numbers, strings, None, tuples, lists and "
                     "dicts only)")


def decode_tree(obj: Any, tensors: list) -> Any:
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


def _dtype_name(dtype: Any) -> str:
    return str(dtype).removeprefix("torch.")


def _dtype(name: str) -> Any:
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


def write_arena(directory: str, name: str, tensors: list,
                arena: Arena | None = None) -> tuple[str | None, list[dict]]:
    """Copy each tensor's storage span once into one shared-memory file; return its name and
    the per-tensor layout (dtype, shape, stride, byte offset, device) for `read_arena`. With
    `arena`, its file is reused when big enough (else replaced by `name`)."""
    import torch

    metas, offset = [], 0
    flats = []
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
        metas.append({"dtype": _dtype_name(t.dtype), "shape": list(shape), "stride": list(stride),
                      "offset": offset, "span": span, "device": device,
                      "requires_grad": bool(t.requires_grad)})
        flats.append((t, span))
        offset += -(-nbytes // ALIGN) * ALIGN
    if offset == 0:
        return None, metas
    if arena is not None and arena.buf is not None and arena.size >= offset:
        name, buf = arena.name, arena.buf
    else:
        buf = _new_file(os.path.join(directory, name), offset)
        if arena is not None:
            arena.drop(directory)
            arena.name, arena.size, arena.buf = name, offset, buf
    with torch.no_grad():
        for (t, span), meta in zip(flats, metas):
            if span == 0:
                continue
            nbytes = span * t.element_size()
            dst = buf[meta["offset"]:meta["offset"] + nbytes].view(t.dtype)
            dst.as_strided(tuple(t.shape), tuple(meta["stride"])).copy_(t.detach())
    return name, metas


def read_arena(directory: str, name: str | None, metas: list[dict], *, writable: bool,
               to_device: bool = True, copy_below: int = 0) -> list:
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
        dtype = _dtype(m["dtype"])
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


def load_compiled(path: str, *, model_name: str = "model", device_index: int = -1) -> Any:
    """torch's package loader, called with only the arguments this torch version accepts
    (`device_index` is not in every release users run; -1 means "the default device")."""
    import inspect

    from torch._inductor.package import load_package

    params = inspect.signature(load_package).parameters
    kwargs: dict[str, Any] = {}
    if "model_name" in params:
        kwargs["model_name"] = model_name
    elif model_name != "model":
        raise ValueError(f"this torch cannot load model {model_name!r} from a package")
    if "device_index" in params:
        kwargs["device_index"] = device_index
    elif device_index != -1:
        raise ValueError(f"this torch's load_package has no device_index (asked for {device_index})")
    return load_package(path, **kwargs)


# ----------------------------------------------------------------------------- the parent side
@dataclass
class _State:
    """What cleanup needs, kept apart from the Worker so a finalizer can hold it."""

    proc: subprocess.Popen | None = None
    req_w: int | None = None
    resp_r: int | None = None
    directory: str | None = None
    stdout_path: str | None = None
    stderr_path: str | None = None
    extra_fds: list[int] = field(default_factory=list)


def _shutdown(state: _State, graceful: bool = True) -> int | None:
    """Stop the worker (exit request, then SIGKILL to its group), reap it, close fds, remove the
    temp dir. Safe to call twice and from a finalizer at interpreter exit."""
    proc, rc = state.proc, None
    if proc is not None:
        if graceful and proc.poll() is None and state.req_w is not None:
            try:
                write_frame(state.req_w, {"op": "exit"})
                proc.wait(CLOSE_GRACE)
            except Exception:
                pass
        if proc.poll() is None:
            kill_group(proc)
        else:  # the group may hold grandchildren even after the leader exited
            _killpg_quiet(proc.pid)
        try:
            rc = proc.wait(5)
        except Exception:
            rc = proc.poll()
        state.proc = None
    for name in ("req_w", "resp_r"):
        fd = getattr(state, name)
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass
            setattr(state, name, None)
    if state.directory:
        shutil.rmtree(state.directory, ignore_errors=True)
        state.directory = None
    return rc


def _killpg_quiet(pid: int) -> None:
    import signal

    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def shm_root() -> str | None:
    """/dev/shm when it is a writable directory (tensors then never touch a disk), else None."""
    root = "/dev/shm"
    return root if os.path.isdir(root) and os.access(root, os.W_OK | os.X_OK) else None


@dataclass(frozen=True)
class WorkerFailure:
    """How a worker call ended badly: a signal, a timeout or a silent exit, with its output."""

    reason: str                # "signal" | "timeout" | "exit"
    signal: str | None
    returncode: int | None
    seconds: float
    stdout: str
    stderr: str

    def to_dict(self) -> dict:
        return {"reason": self.reason, "signal": self.signal, "returncode": self.returncode,
                "seconds": round(self.seconds, 3), "stdout_tail": self.stdout[-4000:],
                "stderr_tail": self.stderr[-4000:]}


class RemoteError(Exception):
    """An exception raised inside the worker, rebuilt by name and text (never unpickled)."""

    def __init__(self, type_name: str, message: str, traceback_text: str = "", stderr: str = ""):
        super().__init__(message)
        self.type_name = type_name
        self.traceback_text = traceback_text
        self.stderr = stderr  # diagnose() reads `.stderr`: the C++ runtime's `Error: ...` lines


class Worker:
    """One isolated process holding one loaded AOTI package.

    `request(obj, tensors, timeout)` sends a protocol request and returns `(reply, tensors)`;
    a crash or timeout raises `WorkerCrashed` (carrying a `WorkerFailure`) and leaves the worker
    stopped; `start()` again (or `ensure_started()`) replaces it.
    """

    def __init__(self, package: str | os.PathLike, *, device_index: int = -1,
                 model_name: str = "model", start_timeout: float = DEFAULT_START_TIMEOUT,
                 env: dict[str, str] | None = None) -> None:
        self.package = os.fspath(package)
        self.device_index = device_index
        self.model_name = model_name
        self.start_timeout = start_timeout
        self.env = dict(env or {})
        self.info: dict = {}
        self.starts = 0
        self._seq = 0
        self._lock = threading.RLock()
        self._state = _State()
        self._arena = Arena()
        self._finalizer = weakref.finalize(self, _shutdown, self._state)  # atexit=True by default

    # -- lifecycle
    @property
    def pid(self) -> int | None:
        proc = self._state.proc
        return proc.pid if proc is not None else None

    @property
    def directory(self) -> str | None:
        return self._state.directory

    @property
    def alive(self) -> bool:
        proc = self._state.proc
        return proc is not None and proc.poll() is None

    def ensure_started(self) -> None:
        if not self.alive:
            self.start()

    def start(self) -> dict:
        """(Re)start the worker and load the package in it; returns the load reply."""
        with self._lock:
            _shutdown(self._state, graceful=False)
            self._arena.drop(None)
            st = self._state
            st.directory = tempfile.mkdtemp(prefix="aotidebug-worker-", dir=shm_root())
            st.stdout_path = os.path.join(st.directory, "stdout.log")
            st.stderr_path = os.path.join(st.directory, "stderr.log")
            req_r, req_w = os.pipe()
            resp_r, resp_w = os.pipe()
            out_fd = os.open(st.stdout_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            err_fd = os.open(st.stderr_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            pkg_root = str(Path(__file__).resolve().parent.parent)
            env = child_env(self.env)
            env["PYTHONPATH"] = pkg_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
            argv = python_argv("-m", "aotidebug.runtime.worker.server", "--req-fd", str(req_r),
                               "--resp-fd", str(resp_w), "--dir", st.directory,
                               "--parent", str(os.getpid()))
            try:
                st.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out_fd,
                                           stderr=err_fd, env=env, pass_fds=(req_r, resp_w),
                                           start_new_session=True, close_fds=True)
            except OSError as exc:
                _shutdown(st, graceful=False)
                raise IsolationError(f"could not start the isolated worker: {exc}") from exc
            finally:
                for fd in (req_r, resp_w, out_fd, err_fd):
                    os.close(fd)
            st.req_w, st.resp_r = req_w, resp_r
            self.starts += 1
            reply, _ = self._exchange({"op": "load", "protocol": PROTOCOL, "path": self.package,
                                       "device_index": self.device_index,
                                       "model_name": self.model_name}, [], self.start_timeout)
            self.info = reply
            return reply

    def close(self) -> None:
        """Stop the worker and remove its temp dir (idempotent)."""
        with self._lock:
            self._arena.drop(None)
            _shutdown(self._state)

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- requests
    def request(self, obj: dict, tensors: list | None = None,
                timeout: float | None = None) -> tuple[dict, list]:
        """Send one request (with tensors) and wait for its reply; starts the worker if needed."""
        with self._lock:
            self.ensure_started()
            return self._exchange(obj, list(tensors or ()), timeout)

    def _exchange(self, obj: dict, tensors: list, timeout: float | None) -> tuple[dict, list]:
        st = self._state
        directory = st.directory
        self._seq += 1
        t0 = time.monotonic()
        in_name = None
        try:
            in_name, metas = write_arena(directory, f"in-{self._seq}.bin", tensors, self._arena)
        except OSError as exc:
            raise IsolationError(f"could not write inputs for the worker: {exc}") from exc
        for path in (st.stdout_path, st.stderr_path):  # keep only this request's output
            try:
                os.truncate(path, 0)
            except OSError:
                pass
        deadline = None if timeout is None else t0 + timeout
        try:
            write_frame(st.req_w, {**obj, "seq": self._seq, "arena": in_name, "tensors": metas})
            reply = read_frame(st.resp_r, deadline)
        except TimeoutError:
            raise WorkerCrashed(self._failure("timeout", t0)) from None
        except (PeerGone, BrokenPipeError, OSError, ValueError):
            raise WorkerCrashed(self._failure("exit", t0)) from None
        out: list = []
        if reply.get("tensors"):
            out_name = reply.get("arena")
            try:
                out = read_arena(st.directory, out_name, reply["tensors"], writable=False)
            finally:
                if out_name:
                    try:
                        os.unlink(os.path.join(st.directory, os.path.basename(out_name)))
                    except OSError:
                        pass
        if not reply.get("ok", False):
            err = reply.get("error") or {}
            raise RemoteError(str(err.get("type", "Exception")), str(err.get("message", "")),
                              str(err.get("traceback", "")), self.output()[1])
        return reply, out

    def _failure(self, reason: str, t0: float) -> "WorkerFailure":
        """Stop the worker (killing it on timeout), reap it and describe how it ended."""
        from ...core.text.extract import signal_from_status

        proc = self._state.proc
        rc = None
        if proc is not None:
            if reason == "timeout":
                kill_group(proc)
            try:
                rc = proc.wait(10)
            except subprocess.TimeoutExpired:
                kill_group(proc)
                rc = proc.wait(10)
        sig = signal_from_status(rc) if rc is not None else None
        if reason != "timeout" and sig:
            reason = "signal"
        stdout, stderr = self.output()
        failure = WorkerFailure(reason, sig if reason == "signal" else None, rc,
                                time.monotonic() - t0, stdout, stderr)
        _shutdown(self._state, graceful=False)
        return failure

    def output(self) -> tuple[str, str]:
        """The tails of the worker's stdout and stderr since the last request began."""
        texts = []
        for path in (self._state.stdout_path, self._state.stderr_path):
            try:
                with open(path, "rb") as fh:
                    size = os.fstat(fh.fileno()).st_size
                    fh.seek(max(0, size - OUTPUT_TAIL))
                    texts.append(fh.read().decode("utf-8", errors="replace"))
            except (OSError, TypeError):
                texts.append("")
        return texts[0], texts[1]


class WorkerCrashed(Exception):
    """Raised by `Worker.request` when the worker died or timed out; `.failure` says how."""

    def __init__(self, failure: WorkerFailure) -> None:
        what = (f"signal {failure.signal}" if failure.reason == "signal" else
                f"timed out after {failure.seconds:.1f} s" if failure.reason == "timeout" else
                f"exited with status {failure.returncode}")
        super().__init__(f"isolated worker {what}")
        self.failure = failure


def crash_error(failure: WorkerFailure, *, package: str | None = None, inputs: Any = None,
                timeout: float | None = None, kernel_hint: Callable[[], str | None] | None = None
                ) -> CrashError:
    """A CrashError for a failed worker call: the signal (or timeout), the last kernel launched
    (from the worker's output, else `kernel_hint()`), and a Diagnosis of the captured output."""
    from dataclasses import replace

    from ...analysis import explain as diagnose
    from ...core.result import Evidence
    from ...core.text.extract import faulting_kernel

    text = failure.stdout + "\n" + failure.stderr
    kernel = faulting_kernel(text)
    kernel_source = "launch-trace" if kernel else None
    if kernel is None and kernel_hint is not None:
        try:
            kernel = kernel_hint()
            kernel_source = "package" if kernel else None
        except Exception:
            kernel = None
    if failure.reason == "timeout":
        head = f"the isolated AOTI call passed its timeout of {timeout} s; the worker was killed"
    elif failure.reason == "signal":
        head = f"the isolated AOTI worker died with {failure.signal} (exit status {failure.returncode})"
    else:
        head = f"the isolated AOTI worker exited unexpectedly (exit status {failure.returncode})"
    where = f" in kernel {kernel}" if kernel else ""
    message = f"{head}{where}; the caller survived and the worker restarts on the next call"
    d = diagnose(f"{message}\nSignal: {failure.signal or ''}\n{text[-20000:]}", inputs=inputs,
                 package=package)
    ev = [Evidence("subprocess", "worker-exit", head, failure.to_dict() | {"stdout_tail": "",
                                                                          "stderr_tail": ""})]
    if kernel:
        ev.append(Evidence("subprocess", "kernel", f"last kernel launched: {kernel}",
                           {"kernel": kernel, "from": kernel_source}))
    d = replace(d, kernel=d.kernel or kernel, evidence=tuple(ev) + d.evidence)
    return CrashError(message, diagnosis=d, signal=failure.signal, kernel=kernel,
                      reason=failure.reason, returncode=failure.returncode,
                      stdout=failure.stdout[-4000:], stderr=failure.stderr[-4000:])


__all__ = ["Worker", "Arena", "load_compiled", "WorkerCrashed", "WorkerFailure", "RemoteError", "crash_error",
           "encode_tree", "decode_tree", "write_arena", "read_arena", "write_frame", "read_frame",
           "Unsendable", "PeerGone", "shm_root"]
