"""Fatal-signal recorder for processes that run AOTI packages (x86_64 Linux; ctypes, no compiler).

Why: a SIGSEGV in a generated kernel kills the process with no Python traceback that names the
kernel. The faulting instruction pointer, read from the signal's ucontext, names it exactly
(`cpp_fused_..._omp_fn.0 + 0x90`) with no recompile. Everything costly (maps, symbol tables,
executable ranges) is done by `snapshot()` before any call; the handler only reads registers,
copies the stack through a pre-opened /proc/self/mem (a read that cannot fault), writes one
record, restores the previous disposition and returns, so the fault re-occurs and the process
dies exactly as it would have (same signal, same status; faulthandler still runs).

Record (binary, one write(2) per faulting thread, appended to the record file): a 64-byte
header {b"AOTICRS1", i32 signo, i32 si_code, u64 tid, pid, si_addr, rip, rsp, i64 n} then n bytes
of raw stack read at rsp (n <= 64 KiB). The handler is native code (native/handler_x86_64.S)
embedded as bytes: no compiler at runtime, and no GIL (see _CODE).
"""

from __future__ import annotations

import ctypes
import json
import mmap
import os
import platform
import signal
import struct
import sys
import tempfile
import shutil
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from .decode import read_records
from ...package.symbols import Mapping, SymbolError, parse_maps, read_maps, read_symbols

FATAL = (signal.SIGSEGV, signal.SIGBUS, signal.SIGILL, signal.SIGFPE, signal.SIGABRT)
SA_SIGINFO, SA_ONSTACK, SA_RESETHAND, SA_NODEFER = 4, 0x08000000, 0x80000000, 0x40000000
ALT_STACK = 512 * 1024     # the native handler copies 64 KiB of stack onto it; the in-process
                           # Python formatter runs above that (reporter test passes with it)
TORCH_LIBS = ("libtorch", "libc10")

# ---- x86_64 glibc layouts (documented in NOTES.md; aarch64 untested, see there)
SI_CODE_OFF, SI_ADDR_OFF = 8, 16              # siginfo_t: si_signo, si_errno, si_code, pad, si_addr
GREGS_OFF, REG_RBP, REG_RSP, REG_RIP = 40, 10, 15, 16   # ucontext_t.uc_mcontext.gregs[]
# aarch64 (UNTESTED): uc_mcontext at 176 = {fault_address u64, regs[31] u64, sp u64, pc u64, pstate}
A64_MCTX_OFF = 176


class _SigAction(ctypes.Structure):
    _fields_ = [("sa_sigaction", ctypes.c_void_p), ("sa_mask", ctypes.c_ubyte * 128),
                ("sa_flags", ctypes.c_int), ("sa_restorer", ctypes.c_void_p)]


class _StackT(ctypes.Structure):
    _fields_ = [("ss_sp", ctypes.c_void_p), ("ss_flags", ctypes.c_int), ("ss_size", ctypes.c_size_t)]



def arch_supported() -> bool:
    """Registers are read only where the ucontext layout was tested (x86_64 Linux)."""
    return sys.platform.startswith("linux") and platform.machine() in ("x86_64", "AMD64")


def is_aoti_object(path: str) -> bool:
    """An AOTI-generated .so (as extracted by load_package, or compiled next to a wrapper)."""
    base = os.path.basename(path)
    return path.endswith(".so") and ("/aotinductor/" in path or base.endswith(".wrapper.so")
                                     or "aotinductor" in base)


def is_torch_object(path: str) -> bool:
    return os.path.basename(path).startswith(TORCH_LIBS)


@dataclass
class Snapshot:
    """What the parent (or the in-process reporter) needs to decode a record, taken before calls.

    `maps` keeps the file-backed lines of /proc/self/maps; `aoti` holds the AOTI objects' symbol
    tables inline (load_package deletes the extracted .so when the process ends, so the parent
    cannot read it after a crash); torch libraries are read from their (stable) paths later."""

    pid: int
    maps: str
    aoti: dict[str, dict[str, Any]] = field(default_factory=dict)     # path -> {"symbols", "loads", "package"}
    ranges: list[tuple[int, int]] = field(default_factory=list)  # executable, AOTI + torch

    def to_json(self) -> str:
        return json.dumps({"version": 1, "pid": self.pid, "maps": self.maps, "aoti": self.aoti,
                           "ranges": self.ranges})

    @classmethod
    def from_json(cls, text: str) -> "Snapshot":
        try:
            d = json.loads(text)
            return cls(int(d["pid"]), str(d["maps"]), dict(d.get("aoti") or {}),
                       [(int(a), int(b)) for a, b in d.get("ranges") or []])
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"unreadable crash snapshot: {exc}") from None


def snapshot(package: str | None = None, previous: Snapshot | None = None) -> Snapshot:
    """Read /proc/self/maps and the symbol tables of newly mapped AOTI objects (attributing them
    to `package`, the .pt2 just loaded). Costs ~10 ms per AOTI .so; call after each load."""
    maps = parse_maps(read_maps())
    keep = [m for m in maps if m.path.startswith("/")]
    aoti = dict(previous.aoti) if previous else {}
    ranges: list[tuple[int, int]] = []
    for m in keep:
        path = m.path[:-len(" (deleted)")] if m.deleted else m.path
        aoti_obj = is_aoti_object(path)
        if aoti_obj and path not in aoti:
            entry: dict[str, Any] = {"package": package, "symbols": [], "loads": [], "error": None}
            try:
                table = read_symbols(path)
                entry["symbols"] = [[s.addr, s.size, s.name] for s in table.symbols]
                entry["loads"] = [list(x) for x in table.loads]
            except SymbolError as exc:
                entry["error"] = str(exc)
            aoti[path] = entry
        if m.executable and (aoti_obj or is_torch_object(path)):
            ranges.append((m.start, m.end))
    text = "\n".join(f"{m.start:x}-{m.end:x} {m.perms} {m.offset:08x} 00:00 0 {m.path}" for m in keep)
    return Snapshot(os.getpid(), text, aoti, sorted(ranges))


# ----------------------------------------------------------------------------- the native handler
# native/handler_x86_64.S, assembled at development time (as + objcopy -O binary -j .text).
# Why native: AOTI's run holds the GIL (measured, torch 2.13 CPU), so a ctypes (Python) handler in
# an OpenMP worker thread that faults alone blocks forever on the GIL (measured: hang instead of
# SIGSEGV). This one needs no GIL, no malloc and no libc except sigaction through a pointer.
_CODE = bytes.fromhex(
    "5553415441554156415748bb88776655443322114189fc4989f54989d64881ec4800010048b8414f5449435253314889"
    "04244489642408418b45088944240cb8ba0000000f054889442410b8270000000f054889442418498b45104889442420"
    "498b86a800000048894424284d8bbea00000004c897c2430488b7b08488d742440ba000001004d89fab8110000000f05"
    "4885c0790231c04889442438488d5040488b3b4889e6b8010000000f0548837b2800742cff533085c0742548c7433801"
    "000000488d7b1031f6b8230000000f054489e7ff532848c7434001000000eb65488d7b1031f6b8230000000f0541bf64"
    "00000048837b3800741948837b40007512488d7b4831f6b8230000000f0541ffcf75e048837b4000752b488b53604885"
    "d27422b801000000488743684885c07514488b5360488b7358bf02000000b8010000000f054489e74489e069c0980000"
    "00488db4038000000031d2ff53208b44240c85c07f14488b7c2418488b7424104489e2b8ea0000000f054881c4480001"
    "00415f415e415d415c5b5dc3")
_PATCH = (0x1122334455667788).to_bytes(8, "little")
D_FD, D_MEMFD, D_GRACE, D_SIGACTION, D_PYCB, D_GILCHECK = 0, 8, 16, 32, 40, 48
D_PY_PENDING, D_PY_DONE, D_POLL, D_PREV, PREV_SIZE = 56, 64, 72, 128, 152
D_MSG, D_MSG_LEN, D_PRINTED, MSG_OFF, MSG_MAX = 88, 96, 104, 12288, 4096
DATA_SIZE = 16384
GRACE_NS = 10_000_000      # each faulting thread waits 10 ms so threads faulting together record
                           # (100 ms in the prototype: +100 ms per crash; 20 ms: +5 ms median,
                           # 5 ms: +1 ms; measured, docs/crash_naming.md)
POLL_NS = 20_000_000       # non-GIL threads poll (100 x 20 ms max) for the Python formatter
_PY_CB_T = ctypes.CFUNCTYPE(None, ctypes.c_int)


class _State:
    """Module singleton: everything the handler touches is built here, before any fault."""

    def __init__(self) -> None:
        self.installed = False
        self.lock = threading.Lock()
        self.fd = -1
        self.mem_fd = -1
        self.code: mmap.mmap | None = None
        self.data: mmap.mmap | None = None
        self.data_addr = 0
        self.alt: mmap.mmap | None = None
        self.libc: ctypes.CDLL | None = None
        self.py_cb: object = None
        self.after: Callable[[list[dict[str, Any]]], bytes | None] | None = None   # in-process formatter
        self.record_path: str | None = None
        self.snap: Snapshot | None = None
        self.snapshot_path: str | None = None
        self.signals: tuple[int, ...] = ()
        self.debug = bool(os.environ.get("AOTIDEBUG_CRASH_DEBUG"))


_S = _State()


def _addr_of(buf: mmap.mmap) -> int:
    return ctypes.addressof(ctypes.c_char.from_buffer(buf))


def _build_native(libc: ctypes.CDLL, fd: int, mem_fd: int) -> int:
    """Map the handler code (RW, patch the data address in, then R+X) and its data block."""
    data = mmap.mmap(-1, DATA_SIZE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    data_addr = _addr_of(data)
    code = mmap.mmap(-1, mmap.PAGESIZE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    code_addr = _addr_of(code)
    blob = _CODE.replace(_PATCH, data_addr.to_bytes(8, "little"), 1)
    code[:len(blob)] = blob
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    if libc.mprotect(code_addr, mmap.PAGESIZE, mmap.PROT_READ | mmap.PROT_EXEC) != 0:
        raise OSError(ctypes.get_errno(), "mprotect(PROT_EXEC) refused for the crash handler")
    struct.pack_into("<qq", data, D_FD, fd, mem_fd)
    struct.pack_into("<qq", data, D_GRACE, 0, GRACE_NS)
    struct.pack_into("<qq", data, D_POLL, 0, POLL_NS)
    struct.pack_into("<Q", data, D_SIGACTION, ctypes.cast(libc.sigaction, ctypes.c_void_p).value or 0)
    gil = ctypes.pythonapi.PyGILState_Check
    struct.pack_into("<Q", data, D_GILCHECK, ctypes.cast(gil, ctypes.c_void_p).value or 0)
    _S.code, _S.data, _S.data_addr = code, data, data_addr
    return code_addr


def _python_formatter(signo: int) -> None:
    """Called by the native handler only on the thread that holds the GIL (PyGILState_Check),
    after every simultaneously faulting thread wrote its record: print the one-line report."""
    try:
        if _S.after is None or _S.record_path is None:
            return
        with open(_S.record_path, "rb") as fh:
            recs = read_records(fh.read(8 << 20))
        extra = _S.after(recs)
        if extra:
            os.write(2, extra)
    except BaseException as exc:
        if _S.debug:
            os.write(2, f"aotidebug crash formatter error: {exc!r}\n".encode())


def _alt_stack(libc: ctypes.CDLL) -> None:
    """An alternate stack for this (the main) thread, so a stack overflow is still recorded.
    sigaltstack is per thread: OpenMP workers fault on their own stacks (fine unless overflow)."""
    old = _StackT()
    if libc.sigaltstack(None, ctypes.byref(old)) == 0 and old.ss_sp and not (old.ss_flags & 2):
        if old.ss_size >= ALT_STACK:
            return                                  # e.g. faulthandler's: big enough, keep it
    _S.alt = mmap.mmap(-1, ALT_STACK, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    base = ctypes.addressof(ctypes.c_char.from_buffer(_S.alt))
    new = _StackT(base, 0, ALT_STACK)
    libc.sigaltstack(ctypes.byref(new), None)


def refresh(package: str | None = None) -> Snapshot:
    """Re-snapshot after a package load (new AOTI objects, their symbols and ranges) and write
    the snapshot file if one was set. Nothing else is needed per call."""
    snap = snapshot(package, _S.snap)
    _S.snap = snap
    if _S.snapshot_path:
        tmp = _S.snapshot_path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(snap.to_json())
        os.replace(tmp, _S.snapshot_path)
    return snap


def private_dir() -> str:
    """In-process mode keeps its record and snapshot in $TMPDIR/aotidebug-crash-<pid>/: removed
    at a normal exit (atexit), kept after a crash so it can be decoded post-mortem."""
    import atexit

    d = os.path.join(tempfile.gettempdir(), f"aotidebug-crash-{os.getpid()}")
    os.makedirs(d, mode=0o700, exist_ok=True)
    atexit.register(shutil.rmtree, d, True)
    return d


def _open_record(record_path: str) -> int:
    return os.open(record_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)


def _set_message(text: str) -> None:
    """The line a non-GIL thread prints once when no Python line could be printed."""
    raw = text.encode("utf-8", "replace")[:MSG_MAX - 1]
    if _S.data is None:
        return
    _S.data[MSG_OFF:MSG_OFF + len(raw)] = raw
    struct.pack_into("<QQ", _S.data, D_MSG, _S.data_addr + MSG_OFF, len(raw))


def install(record_path: str | None = None, *, snapshot_path: str | None = None,
            package: str | None = None,
            after: Callable[[list[dict[str, Any]]], bytes | None] | None = None,
            fallback: str | None = None, signals: tuple[int, ...] = FATAL) -> bool:
    """Install the native recorder (idempotent: a later call only refreshes the snapshot).

    `record_path`: file the binary records are appended to (the worker's; None: a private
    directory, see private_dir, for the in-process reporter). `after(records)`: Python formatter
    run on the GIL-holding faulting thread; `fallback`: the line a non-GIL thread prints when no
    formatter ran. Returns False where the layout is unknown (not x86_64 Linux)."""
    with _S.lock:
        if _S.installed:
            if snapshot_path:
                _S.snapshot_path = snapshot_path
            if after is not None:
                _S.after = after
            refresh(package)
            return True
        if not arch_supported():
            return False
        libc = ctypes.CDLL(None, use_errno=True)
        libc.sigaction.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p]
        libc.sigaltstack.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        if record_path is None:
            d = private_dir()
            record_path = os.path.join(d, "crash.bin")
            snapshot_path = snapshot_path or os.path.join(d, "snapshot.json")
        _S.libc, _S.after, _S.snapshot_path = libc, after, snapshot_path
        _S.fd, _S.record_path = _open_record(record_path), record_path
        _S.mem_fd = os.open("/proc/self/mem", os.O_RDONLY | os.O_CLOEXEC)
        func = _build_native(libc, _S.fd, _S.mem_fd)
        if fallback:
            _set_message(fallback.replace("{dir}", os.path.dirname(record_path)))
        if after is not None:
            _S.py_cb = _PY_CB_T(_python_formatter)
            struct.pack_into("<Q", _S.data, D_PYCB,  # type: ignore[arg-type]
                             ctypes.cast(_S.py_cb, ctypes.c_void_p).value or 0)
        refresh(package)
        _alt_stack(libc)
        for sig in signals:
            prev = _SigAction.from_buffer(_S.data, D_PREV + PREV_SIZE * int(sig))  # type: ignore[arg-type]
            act = _SigAction()
            act.sa_sigaction = func
            # No SA_RESETHAND: OpenMP threads fault together, and a reset at the first delivery
            # let the second thread's fault kill the process before the first record was written
            # (measured). A fault inside the handler still dies by default: the signal is
            # blocked while it runs (no SA_NODEFER) and the kernel forces SIG_DFL then.
            act.sa_flags = SA_SIGINFO | SA_ONSTACK
            if libc.sigaction(int(sig), ctypes.byref(act), ctypes.byref(prev)) == 0:
                _S.signals += (int(sig),)
        _S.installed = True
        return True


def installed() -> bool:
    return _S.installed


def current_snapshot() -> Snapshot | None:
    return _S.snap


def mappings(snap: Snapshot) -> list[Mapping]:
    return parse_maps(snap.maps)


__all__ = ["FATAL", "private_dir", "Snapshot", "snapshot", "install", "refresh", "installed",
           "current_snapshot", "is_aoti_object", "is_torch_object", "arch_supported", "mappings"]
