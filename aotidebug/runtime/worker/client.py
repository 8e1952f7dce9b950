"""A persistent worker process that holds a loaded AOTI package, so a crash kills it, not us.

Why a worker and not `run_isolated` per call: importing torch and loading a package costs seconds
(aoti-facts.md, "Timings"); a deployment server needs milliseconds per call. The worker starts
once, loads the package once and answers calls until it dies; a dead worker is replaced on the
next call.

The parent side lives here: `Worker`, how a call ends badly (`WorkerFailure`, `WorkerCrashed`,
`RemoteError`) and the `CrashError` built from it (`crash_error`). The frames are in
`protocol.py`, the pytree/tensor transport in `transport.py`, the child in `server.py`.

The worker's stdout and stderr go to files in its temp dir (truncated before each call): after a
crash they hold the kernel-launch trace and faulthandler's report, read with `core.text`.
Every call has a deadline (`DEFAULT_CALL_TIMEOUT` unless the caller gives one), so a hung kernel
is killed instead of blocking the caller forever.

Cleanup: `close()`, a context manager, and a `weakref.finalize` (which also runs at interpreter
exit through atexit) kill the worker's process group and remove the temp dir; a worker whose
parent disappears (os._exit, SIGKILL) sees its request pipe close or its parent change, removes
the temp dir and exits.

The worker also gets a private TMPDIR (`scratch`, on disk under the caller's temp root, not in
shared memory), removed the same ways. Why: `load_package` extracts the whole package (its .so
and weights) to $TMPDIR/aotinductor_XXXXXX and removes it only when the process ends normally, so
each crashed or killed worker used to leave a copy of the package behind.
"""

from __future__ import annotations

import importlib
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Callable, Mapping

from ...core.categories import Category
from ...core.errors import CrashError, IsolationError
from ...core.result import Evidence
from ...core.text.normalize import truncate
from ..subproc import child_env, kill_group, python_argv
from .extraction import remove_extraction, reported_roots
from .protocol import PROTOCOL, Op, PeerGone, read_frame, write_frame
from .transport import Arena, read_arena, shm_root, write_arena

OUTPUT_WINDOW = 256 * 1024        # bytes of worker stdout/stderr read after a failure: half head, half tail
DEFAULT_START_TIMEOUT = 300.0     # import torch + load a package: 4-13 s measured, more on busy hosts
# A call with no timeout of its own waits at most this long: a hung kernel (a spin, a deadlock,
# a stopped process) becomes a CrashError instead of blocking the caller forever.
DEFAULT_CALL_TIMEOUT = 60.0
CLOSE_GRACE = 2.0
# A reading of a timed-out worker's output below this confidence is a phase prior, not a cause
WEAK = 0.3
SERVER_MODULE = "aotidebug.runtime.worker.server"
# Written by the worker's native crash recorder (runtime/crash/handler.py), read by the parent
# after the worker died (read_crash_site) and before its temp dir is removed.
CRASH_RECORD, CRASH_SNAPSHOT = "crash.bin", "snapshot.json"


# torch's loader options that `safe_load` passes on, with torch's defaults. Not every release users
# run has each (2.15.0 added `use_stream_affinity`); a default is then simply not passed.
LOADER_OPTIONS: Mapping[str, object] = {"run_single_threaded": False, "num_runners": 1,
                                        "use_stream_affinity": False}


def loader_kwargs(model_name: str = "model", device_index: int = -1,
                  options: Mapping[str, object] | None = None) -> dict[str, Any]:
    """The arguments this torch's `load_package` accepts for the request (`device_index` and some
    options are not in every release users run; -1 means "the default device"). Asking for what
    this torch lacks (a device index, another model, an option of `LOADER_OPTIONS` other than its
    default) is a ValueError, raised before anything is loaded."""
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
    for name, value in (options or {}).items():
        if name not in LOADER_OPTIONS:
            raise ValueError(f"unknown loader option {name!r} (known: {', '.join(LOADER_OPTIONS)})")
        if name in params:
            kwargs[name] = value
        elif value != LOADER_OPTIONS[name]:
            raise ValueError(f"this torch's load_package has no {name} (asked for {value!r})")
    return kwargs


def load_compiled(path: str, *, model_name: str = "model", device_index: int = -1,
                  options: Mapping[str, object] | None = None) -> Any:
    """torch's package loader, called with only the arguments this torch accepts (`loader_kwargs`)."""
    # torch 2.10.0's loader reads torch._inductor.codecache without importing it
    # (export/pt2_archive/_package.py:1019), so a process that compiled nothing gets AttributeError;
    # 2.11 imports it there. The module exists in every torch supported: importing it is harmless
    importlib.import_module("torch._inductor.codecache")
    from torch._inductor.package import load_package

    kwargs = loader_kwargs(model_name, device_index, options)
    try:
        return load_package(path, **kwargs)
    except RuntimeError as exc:
        if not os.path.isdir(path) or "zip archive" not in str(exc):
            raise
    # a loader that takes no folder (2.10.0: "f must be a buffer or a file ending in .pt2", then
    # miniz's "Failed to initialize zip archive"): the folder packed as the archive it came from,
    # which the loader extracts again; the packed copy is not needed once it has
    from ...package.archive import pack_folder

    with tempfile.TemporaryDirectory(prefix="aotidebug-folder-") as tmp:
        name = os.path.basename(os.path.normpath(path)) or "package"
        return load_package(pack_folder(path, os.path.join(tmp, name + ".pt2")), **kwargs)


# ----------------------------------------------------------------------------- process state
@dataclass
class _State:
    """What cleanup needs, kept apart from the Worker so a finalizer can hold it."""

    proc: subprocess.Popen[bytes] | None = None
    req_w: int | None = None
    resp_r: int | None = None
    directory: str | None = None
    scratch: str | None = None   # the worker's TMPDIR: package extractions land here
    # an older loader's extraction outside TMPDIR, as the worker read it from its own memory map
    # (extraction.py); removed with the temp dirs, for a worker that cannot remove it itself
    extracted: list[str] = field(default_factory=list)
    stdout_path: str | None = None
    stderr_path: str | None = None
    extra_fds: list[int] = field(default_factory=list)


def _killpg_quiet(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def _close_fd(fd: int | None) -> None:
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def _shutdown(state: _State, graceful: bool = True) -> int | None:
    """Stop the worker (exit request, then SIGKILL to its group), reap it, close fds, remove the
    temp dir. Safe to call twice and from a finalizer at interpreter exit."""
    proc, rc = state.proc, None
    if proc is not None:
        if graceful and proc.poll() is None and state.req_w is not None:
            try:
                write_frame(state.req_w, {"op": Op.EXIT.value})
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
    _close_fd(state.req_w)
    _close_fd(state.resp_r)
    state.req_w = state.resp_r = None
    for attr in ("directory", "scratch"):
        path = getattr(state, attr)
        if path:
            shutil.rmtree(path, ignore_errors=True)
            setattr(state, attr, None)
    for root in state.extracted:
        remove_extraction(root)
    state.extracted = []
    return rc


# ----------------------------------------------------------------------------- failures
class FailureReason(str, Enum):
    """How a worker call ended badly."""

    SIGNAL = "signal"      # the worker died of a signal (SIGSEGV, SIGBUS, SIGABRT, ...)
    TIMEOUT = "timeout"    # the call passed its deadline; the worker was killed
    EXIT = "exit"          # the worker exited or closed its pipe without a signal

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class WorkerFailure:
    """How a worker call ended badly: a signal, a timeout or a silent exit, with its output.
    `timeout` is the deadline (seconds) the call ran under."""

    reason: FailureReason
    signal: str | None
    returncode: int | None
    seconds: float
    stdout: str
    stderr: str
    timeout: float | None = None
    crash: Any = None      # runtime.crash.decode.CrashSite: named from the faulting IP, or None
    loading: bool = False  # the worker died while loading the package

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason.value, "signal": self.signal, "returncode": self.returncode,
                "seconds": round(self.seconds, 3), "timeout": self.timeout,
                "stdout_tail": self.stdout[-4000:], "stderr_tail": self.stderr[-4000:]}


class RemoteError(Exception):
    """An exception raised inside the worker, rebuilt by name and text (never unpickled)."""

    def __init__(self, type_name: str, message: str, traceback_text: str = "", stderr: str = ""):
        super().__init__(message)
        self.type_name = type_name
        self.traceback_text = traceback_text
        self.stderr = stderr  # diagnose() reads `.stderr`: the C++ runtime's `Error: ...` lines


class WorkerCrashed(Exception):
    """Raised by `Worker.request` when the worker died or timed out; `.failure` says how."""

    def __init__(self, failure: WorkerFailure) -> None:
        super().__init__(f"isolated worker {_what_happened(failure)}")
        self.failure = failure


def _what_happened(failure: WorkerFailure) -> str:
    if failure.reason is FailureReason.SIGNAL:
        return f"signal {failure.signal}"
    if failure.reason is FailureReason.TIMEOUT:
        return f"timed out after {failure.seconds:.1f} s"
    return f"exited with status {failure.returncode}"


# ----------------------------------------------------------------------------- the worker
class Worker:
    """One isolated process holding one loaded AOTI package.

    `request(obj, tensors, timeout)` sends a protocol request and returns `(reply, tensors)`;
    a crash or timeout raises `WorkerCrashed` (carrying a `WorkerFailure`) and leaves the worker
    stopped; `start()` again (or `ensure_started()`) replaces it. A request without a timeout
    waits at most `call_timeout` seconds (default `DEFAULT_CALL_TIMEOUT`).
    """

    def __init__(self, package: str | os.PathLike[str], *, device_index: int = -1,
                 model_name: str = "model", start_timeout: float = DEFAULT_START_TIMEOUT,
                 call_timeout: float = DEFAULT_CALL_TIMEOUT,
                 env: dict[str, str] | None = None, options: Mapping[str, object] | None = None) -> None:
        if not call_timeout > 0:
            raise ValueError(f"call_timeout must be positive, got {call_timeout!r}")
        self.package = os.fspath(package)
        self.device_index = device_index
        self.model_name = model_name
        self.options = dict(options or {})
        self.start_timeout = start_timeout
        self.call_timeout = call_timeout
        self.env = dict(env or {})
        self.info: dict[str, Any] = {}
        self.starts = 0
        self._loading = False
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
    def scratch(self) -> str | None:
        """The worker's private TMPDIR (None when stopped, or when `env` names its own TMPDIR)."""
        return self._state.scratch

    @property
    def alive(self) -> bool:
        proc = self._state.proc
        return proc is not None and proc.poll() is None

    def ensure_started(self) -> None:
        if not self.alive:
            self.start()

    def start(self) -> dict[str, Any]:
        """(Re)start the worker and load the package in it; returns the load reply."""
        with self._lock:
            _shutdown(self._state, graceful=False)
            self._arena.drop(None)
            self._spawn()
            self.starts += 1
            self._loading = True
            reply, _ = self._exchange({"op": Op.LOAD.value, "protocol": PROTOCOL,
                                       "path": self.package, "device_index": self.device_index,
                                       "model_name": self.model_name, "options": self.options},
                                      [], self.start_timeout)
            self._loading = False
            self.info = reply
            self._state.extracted = reported_roots(reply.get("extracted"))
            return reply

    def _spawn(self) -> None:
        """Start the server process with its private pipes, temp dirs and output files."""
        st = self._state
        try:
            st.directory = tempfile.mkdtemp(prefix="aotidebug-worker-", dir=shm_root())
            if "TMPDIR" not in self.env:  # else the caller chose where the worker's files go
                st.scratch = tempfile.mkdtemp(prefix="aotidebug-worker-tmp-")
        except OSError as exc:  # a full or read-only temp root
            _shutdown(st, graceful=False)
            raise IsolationError(f"could not make the isolated worker's temp dirs: {exc}",
                                 problem="worker-temp") from exc
        st.stdout_path = os.path.join(st.directory, "stdout.log")
        st.stderr_path = os.path.join(st.directory, "stderr.log")
        req_r, req_w = os.pipe()
        resp_r, resp_w = os.pipe()
        out_fd = os.open(st.stdout_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        err_fd = os.open(st.stderr_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        pkg_root = str(Path(__file__).resolve().parents[3])  # the dir holding `aotidebug/`
        env = child_env(self.env)
        env["PYTHONPATH"] = pkg_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        argv = python_argv("-m", SERVER_MODULE, "--req-fd", str(req_r), "--resp-fd", str(resp_w),
                           "--dir", st.directory, "--parent", str(os.getpid()))
        if st.scratch:
            env["TMPDIR"] = st.scratch
            argv += ["--scratch", st.scratch]
        try:
            st.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out_fd,
                                       stderr=err_fd, env=env, pass_fds=(req_r, resp_w),
                                       start_new_session=True, close_fds=True)
        except OSError as exc:
            for fd in (req_w, resp_r):
                _close_fd(fd)
            _shutdown(st, graceful=False)
            raise IsolationError(f"could not start the isolated worker: {exc}") from exc
        finally:
            for fd in (req_r, resp_w, out_fd, err_fd):
                _close_fd(fd)
        st.req_w, st.resp_r = req_w, resp_r

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
    def request(self, obj: dict[str, Any], tensors: list[Any] | None = None,
                timeout: float | None = None) -> tuple[dict[str, Any], list[Any]]:
        """Send one request (with tensors) and wait for its reply, at most `timeout` seconds
        (`self.call_timeout` when None); starts the worker if needed."""
        with self._lock:
            self.ensure_started()
            return self._exchange(obj, list(tensors or ()),
                                  self.call_timeout if timeout is None else timeout)

    def _exchange(self, obj: dict[str, Any], tensors: list[Any],
                  timeout: float) -> tuple[dict[str, Any], list[Any]]:
        st = self._state
        directory, req_w, resp_r = st.directory, st.req_w, st.resp_r
        if directory is None or req_w is None or resp_r is None:
            raise IsolationError("the isolated worker is not running")
        self._seq += 1
        t0 = time.monotonic()
        try:
            in_name, metas = write_arena(directory, f"in-{self._seq}.bin", tensors, self._arena)
        except OSError as exc:
            raise IsolationError(f"could not write inputs for the worker: {exc}") from exc
        for path in (st.stdout_path, st.stderr_path):  # keep only this request's output
            if path is not None:
                try:
                    os.truncate(path, 0)
                except OSError:
                    pass
        try:
            write_frame(req_w, {**obj, "seq": self._seq, "arena": in_name, "tensors": metas})
            reply = read_frame(resp_r, t0 + timeout)
        except TimeoutError:
            raise WorkerCrashed(self._failure(FailureReason.TIMEOUT, t0, timeout)) from None
        except (PeerGone, BrokenPipeError, OSError, ValueError):
            raise WorkerCrashed(self._failure(FailureReason.EXIT, t0, timeout)) from None
        out = self._reply_tensors(directory, reply)
        if not reply.get("ok", False):
            err = reply.get("error") or {}
            raise RemoteError(str(err.get("type", "Exception")), str(err.get("message", "")),
                              str(err.get("traceback", "")), self.output()[1])
        return reply, out

    @staticmethod
    def _reply_tensors(directory: str, reply: dict[str, Any]) -> list[Any]:
        """Map the reply's output tensors, then unlink their file (the mapping keeps the pages)."""
        if not reply.get("tensors"):
            return []
        out_name = reply.get("arena")
        try:
            return read_arena(directory, out_name, reply["tensors"], writable=False)
        finally:
            if out_name:
                try:
                    os.unlink(os.path.join(directory, os.path.basename(str(out_name))))
                except OSError:
                    pass

    def _failure(self, reason: FailureReason, t0: float, timeout: float) -> WorkerFailure:
        """Stop the worker (killing it on timeout), reap it and describe how it ended."""
        from ...core.text.extract import signal_from_status

        proc = self._state.proc
        rc = None
        if proc is not None:
            if reason is FailureReason.TIMEOUT:
                kill_group(proc)
            try:
                rc = proc.wait(10)
            except subprocess.TimeoutExpired:
                kill_group(proc)
                rc = proc.wait(10)
        sig = signal_from_status(rc) if rc is not None else None
        if reason is not FailureReason.TIMEOUT and sig:
            reason = FailureReason.SIGNAL
        stdout, stderr = self.output()
        site = read_crash_site(self._state.directory) if reason is FailureReason.SIGNAL else None
        failure = WorkerFailure(reason, sig if reason is FailureReason.SIGNAL else None, rc,
                                time.monotonic() - t0, stdout, stderr, timeout, site,
                                loading=self._loading)
        _shutdown(self._state, graceful=False)
        return failure

    def output(self) -> tuple[str, str]:
        """The worker's stdout and stderr since the last request began (their ends, when long)."""
        return read_ends(self._state.stdout_path), read_ends(self._state.stderr_path)


def read_ends(path: str | None, limit: int = OUTPUT_WINDOW) -> str:
    """A file's text, or its first and last `limit // 2` bytes joined by a marker line when it is
    longer: the cause is often the first line (`terminate called after throwing ...`) and what
    follows it can be a storm (measured: one gather's bounds check thrown in 8 OpenMP threads wrote
    248 `Fatal Python error` dumps, over 256 KB, so a tail alone lost the message). "" when it
    cannot be read."""
    try:
        with open(path or "", "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size <= limit:
                data = fh.read()
            else:
                head = fh.read(limit // 2)
                fh.seek(size - limit // 2)
                data = head + f"\n...[aotidebug: {size - limit} bytes cut]...\n".encode() + fh.read()
    except (OSError, TypeError, ValueError):
        return ""
    return data.decode("utf-8", errors="replace")


def read_crash_site(directory: str | None) -> Any:
    """The dead worker's crash record named against its snapshot (a `CrashSite`), or None when
    no record was written (handler not installed, not x86_64, killed before it could write)."""
    if not directory:
        return None
    try:
        with open(os.path.join(directory, CRASH_RECORD), "rb") as fh:
            blob = fh.read(8 << 20)
    except OSError:
        return None
    try:
        with open(os.path.join(directory, CRASH_SNAPSHOT), encoding="utf-8") as fh:
            snap = fh.read()
    except OSError:
        snap = ""
    try:
        from ..crash.decode import decode_crash

        return decode_crash(blob, snap)
    except Exception:   # naming is best effort: the crash is still reported, unnamed
        return None


# ----------------------------------------------------------------------------- the CrashError
def _observed_kernel(text: str) -> tuple[str | None, str | None]:
    """(kernel, how it was observed) from the worker's output: the last launched-and-unfinished
    kernel of a launch trace, else a kernel the output names; (None, None) when it names none."""
    from ...core.text.extract import faulting_kernel
    from ...core.text.launch_trace import parse_trace

    unfinished = parse_trace(text).unfinished
    if unfinished:
        return unfinished, "launch-trace"
    named = faulting_kernel(text)
    return (named, "crash-output") if named else (None, None)


def _headline(failure: WorkerFailure, timeout: float | None) -> str:
    if failure.reason is FailureReason.TIMEOUT:
        limit = timeout if timeout is not None else failure.timeout
        return f"the isolated AOTI call passed its timeout of {limit} s; the worker was killed"
    if failure.reason is FailureReason.SIGNAL:
        return f"the isolated AOTI worker died with {failure.signal} (exit status {failure.returncode})"
    return f"the isolated AOTI worker exited unexpectedly (exit status {failure.returncode})"


def _hypothesis(kernel_hint: Callable[[], str | None] | None) -> Evidence | None:
    """Evidence for the package's sole generated kernel, labelled as not observed, or None."""

    if kernel_hint is None:
        return None
    try:
        sole = kernel_hint()
    except Exception:
        return None
    if not sole:
        return None
    return Evidence("package", "sole-generated-kernel",
                    f"the package has one generated kernel, {sole} (not observed: the crash output "
                    "has no launch trace; extern kernels such as aoti_torch_*_out may be at fault "
                    "instead; rebuild with aot_inductor.debug_intermediate_value_printer=3 to see "
                    "the launches)", {"kernel": sole, "from": "package", "observed": False})


def _isa_pair(package: str | None) -> tuple[str | None, str | None]:
    """(the package's recorded CPU ISA, the ISA tokens this host supports) for a SIGILL reading."""
    try:
        from ...checks.host import ISA_FLAGS, NO_ISA, cpu_flags
        from ...package.inspect import inspect_package

        isa = (inspect_package(package).metadata.get("AOTI_CPU_ISA") or "").strip() if package else ""
        flags = cpu_flags()
    except Exception:
        return None, None
    host = None
    if flags is not None:
        host = " ".join(t for t, need in ISA_FLAGS.items() if all(f in flags for f in need)) or "none"
    return (isa if isa.upper() not in NO_ISA else None), host


def _site_reading(site: Any, failure: WorkerFailure, package: str | None) -> tuple[str, Evidence]:
    """The one-line report of a named crash (what the in-process reporter would print) and its
    `crash-site` evidence: measured from the faulting IP, with the kernel's source nodes (from the
    package's generated wrapper / provenance) and the user's line when the package has them."""
    from ..crash.context import kernel_context
    from ..crash.decode import explain, format_line, readable

    ctx = kernel_context(package, site.kernel)
    notes = []
    if ctx is not None and ctx.note():
        notes.append(ctx.note() or "")
    if site.signal == "SIGILL":
        pkg_isa, host_isa = _isa_pair(package)
        why = explain(site, package_isa=pkg_isa, host_isa=host_isa)
        if why:
            notes.append(why)
    if site.signal == "SIGBUS" and failure.loading and package:
        notes.append(f"bus error while loading {package}: the package (or the object extracted "
                     f"from it, {site.fault_object or site.object or '?'}) is truncated or damaged")
    line = format_line(site, "; ".join(n for n in notes if n) or None)
    fields = site.to_dict() | {"from": "crash-reporter", "observed": True,
                                "readable_symbol": readable(site.symbol) if site.symbol else None,
                                "source_nodes": list(ctx.source_nodes) if ctx else [],
                                "user_lines": list(ctx.user_lines) if ctx else [],
                                "loading": failure.loading}
    return line, Evidence("crash-reporter", "crash-site", line, fields)


def crash_error(failure: WorkerFailure, *, package: str | None = None, inputs: Any = None,
                timeout: float | None = None, kernel_hint: Callable[[], str | None] | None = None
                ) -> CrashError:
    """A CrashError for a failed worker call: the signal (or timeout), where it faulted, and a
    Diagnosis of the worker's output.

    Where, best first: the crash record named from the faulting instruction pointer (evidence
    `crash-site`, from "crash-reporter": kernel, symbol, object, wrapper call site, source nodes);
    else the worker's output (a launch trace, or a kernel it names). `kernel_hint()` is asked only
    when neither names a kernel; what it returns is recorded as a hypothesis (evidence label
    `sole-generated-kernel`, `observed: False`) and never becomes the error's or the diagnosis's
    `kernel`."""
    from dataclasses import replace

    from ...analysis import explain

    site = failure.crash if failure.crash is not None and failure.crash.named else None
    text = failure.stdout + "\n" + failure.stderr
    line, site_ev = _site_reading(site, failure, package) if site is not None else ("", None)
    traced, traced_in = _observed_kernel(text)
    kernel, seen_in = (site.kernel, "instruction-pointer") if site is not None and site.kernel \
        else (traced, traced_in)
    head = _headline(failure, timeout)
    where = f" in kernel {kernel}" if kernel else ""
    if site is not None and not site.kernel:
        where = f" in {line.split(' in ', 1)[1].split(';', 1)[0]}"
    message = f"{head}{where}; the caller survived and the worker restarts on the next call"
    d = explain(f"{message}\nSignal: {failure.signal or ''}\n{line}\n{truncate(text, 20000)}",
                inputs=inputs, package=package)
    ev = [Evidence("subprocess", "worker-exit", head, failure.to_dict() | {"stdout_tail": "",
                                                                          "stderr_tail": ""})]
    if site_ev is not None:
        ev.append(site_ev)
    if traced and (seen_in != "instruction-pointer" or traced_in == "launch-trace"):
        # with a named IP, a launch trace is kept as a second observation (never a guess)
        detail = (f"last kernel launched: {traced}" if traced_in == "launch-trace"
                  else f"kernel named in the worker's output: {traced}")
        ev.append(Evidence("subprocess", "kernel", detail, {"kernel": traced, "from": traced_in}))
    elif not kernel and site is None:
        guess = _hypothesis(kernel_hint)
        if guess is not None:
            ev.append(guess)
    rest = tuple(e for e in d.evidence if not (site_ev is not None and e.label == "crash-site"))
    if failure.reason is FailureReason.TIMEOUT and (d.category is Category.UNKNOWN or d.confidence < WEAK):
        # nothing the worker printed names a cause: the hang itself is what was measured
        from ...core.refusals import refusal_diagnosis

        hung = refusal_diagnosis("call-timeout", message, timeout=failure.timeout,
                                 seconds=round(failure.seconds, 3))
        if hung is not None:
            rest, d = rest + hung.evidence, hung
    d = replace(d, kernel=kernel or d.kernel, evidence=tuple(ev) + rest)
    extra: dict[str, Any] = {}
    if site is not None:
        extra = {"offset": site.kernel_offset if site.kernel else site.offset,
                 "call_site": site.call_site.label() if site.call_site else None,
                 "torch_entry": site.torch_entry, "fault_addr": site.fault_addr,
                 "kernel_source": seen_in, "crash_line": line}
    return CrashError(message, diagnosis=d, signal=failure.signal, kernel=kernel,
                      symbol=site.symbol if site is not None else None,
                      object=site.object if site is not None else None,
                      reason=failure.reason.value, returncode=failure.returncode,
                      stdout=truncate(failure.stdout, 4000), stderr=truncate(failure.stderr, 4000), **extra)


__all__ = ["Worker", "load_compiled", "WorkerCrashed", "WorkerFailure", "FailureReason",
           "RemoteError", "crash_error", "read_crash_site", "read_ends", "DEFAULT_CALL_TIMEOUT",
           "DEFAULT_START_TIMEOUT", "CRASH_RECORD", "CRASH_SNAPSHOT"]
