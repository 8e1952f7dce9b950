"""Decode the crash handler's binary records into a named site (pure; stdlib + package.symbols).

Why: the native handler (handler.py) writes only raw addresses at fault time (cheap and safe);
naming them needs the maps snapshot and the symbol tables taken before the call. IP -> mapping ->
object; load bias -> link-time address -> symbol + offset; stack words inside the recorded
executable ranges -> candidate return addresses (looked up at addr-1). The first AOTI kernel
symbol is the kernel; the first AOTI frame that is not a kernel (run_impl first) is the
wrapper's call site; an IP inside libtorch names the libtorch symbol and the aoti_torch_* entry
the wrapper called. The one-line text form lives in core/text/crash_line.py.
"""

from __future__ import annotations

import json
import re
import signal as _signal
import struct
from dataclasses import dataclass, field
from typing import Any, Callable

from ...core.text.crash_line import (explain, format_line, kernel_name, parse_line, readable,
                                     thread_kind)
from ...package.symbols import (Located, Mapping, Resolver, Symbol, SymbolError, SymbolTable,
                                mapping_at, parse_maps, read_symbols)

MAGIC = b"AOTICRS1"
HEADER = struct.Struct("<8siiQQQQQq")   # magic, signo, si_code, tid, pid, si_addr, ip, sp, nbytes
SCAN_WORDS = 8192                       # the handler copies 64 KiB of stack above the faulting SP
MAX_RETURNS = 256


@dataclass(frozen=True)
class Frame:
    """One named address: the IP or a return address found on the stack."""

    addr: int
    object: str | None
    symbol: str | None
    offset: int | None

    def label(self) -> str:
        if self.symbol is not None:
            return f"{readable(self.symbol)}+0x{self.offset or 0:x}"
        return f"0x{self.addr:x}" + (f" in {self.object}" if self.object else "")


@dataclass(frozen=True)
class CrashSite:
    """Where a native crash happened, named from the instruction pointer alone."""

    signal: str
    signo: int
    code: int
    fault_addr: int
    ip: int
    tid: int | None
    object: str | None              # the .so holding the IP
    package: str | None             # the .pt2 that object came from, when known
    symbol: str | None              # raw symbol at the IP (mangled for C++)
    offset: int | None
    kernel: str | None              # first AOTI kernel in IP + return chain, suffixes stripped
    kernel_offset: int | None
    call_site: Frame | None         # first AOTI-.so frame that is not a kernel (the wrapper)
    torch_symbol: str | None        # the libtorch/c10 symbol when the IP is inside libtorch
    frames: tuple[Frame, ...] = field(default=())
    fault_object: str | None = None  # object holding the faulting address (SIGBUS: the file)
    named: bool = True
    torch_entry: str | None = None   # the libtorch function the wrapper called (aoti_torch_*)
    pid: int | None = None           # the faulting process; tid != pid: not its main thread

    def to_dict(self) -> dict[str, Any]:
        return {"signal": self.signal, "code": self.code, "fault_addr": hex(self.fault_addr),
                "ip": hex(self.ip), "tid": self.tid, "pid": self.pid,
                "thread": thread_kind(self), "object": self.object,
                "package": self.package, "symbol": self.symbol, "offset": self.offset,
                "kernel": self.kernel, "kernel_offset": self.kernel_offset,
                "call_site": self.call_site.label() if self.call_site else None,
                "torch_symbol": self.torch_symbol, "torch_entry": self.torch_entry,
                "fault_object": self.fault_object,
                "frames": [f.label() for f in self.frames]}


def signal_name(signo: int) -> str:
    try:
        return _signal.Signals(signo).name
    except ValueError:
        return f"signal {signo}"


# ----------------------------------------------------------------------------- records
def read_records(blob: bytes) -> list[dict[str, Any]]:
    """The binary records in a record file: header + raw stack words (see native/*.S)."""
    out = []
    pos = blob.find(MAGIC)
    while 0 <= pos and pos + HEADER.size <= len(blob):
        magic, signo, code, tid, pid, addr, ip, sp, n = HEADER.unpack_from(blob, pos)
        n = max(0, min(n, 8 * SCAN_WORDS, len(blob) - pos - HEADER.size))
        stack = blob[pos + HEADER.size:pos + HEADER.size + n]
        out.append({"sig": signo, "code": code, "tid": tid, "pid": pid, "addr": addr, "ip": ip,
                    "sp": sp, "stack": stack})
        pos = blob.find(MAGIC, pos + HEADER.size + n)
    return out


def return_candidates(stack: bytes, ranges: list[tuple[int, int]],
                      limit: int = MAX_RETURNS) -> list[int]:
    """Stack words that point into the executable ranges (AOTI .so, libtorch), in stack order."""
    bounds = tuple(x for r in sorted(ranges) for x in r)
    out = []
    for (w,) in struct.iter_unpack("<Q", stack[:len(stack) // 8 * 8]):
        if _in_ranges(bounds, w):
            out.append(w)
            if len(out) >= limit:
                break
    return out


def _in_ranges(bounds: tuple[int, ...], value: int) -> bool:
    lo, hi = 0, len(bounds)
    while lo < hi:
        mid = (lo + hi) // 2
        if bounds[mid] <= value:
            lo = mid + 1
        else:
            hi = mid
    return lo % 2 == 1


def _aoti_tables(aoti: dict[str, dict[str, Any]]) -> dict[str, SymbolTable]:
    tables = {}
    for path, entry in aoti.items():
        syms = [Symbol(int(a), int(s), str(n), True) for a, s, n in entry.get("symbols") or []]
        loads = [(int(o), int(v), int(z)) for o, v, z in entry.get("loads") or []]
        tables[path] = SymbolTable(path, sorted(syms, key=lambda s: (s.addr, -s.size)), loads,
                                   "snapshot")
    return tables


def _frames(resolver: Resolver, record: dict[str, Any]) -> list[Frame]:
    """The IP and the stack words of one record, named. A stack word is a return address
    (looked up at addr-1, inside its call) or a stale function pointer (looked up as is)."""
    addrs = [int(record["ip"])] + [int(a) for a in record.get("ra") or []]
    frames: list[Frame] = []
    seen: set[int] = set()
    for i, a in enumerate(addrs):
        if a in seen:
            continue
        seen.add(a)
        loc = resolver.locate(a)
        if i:
            before = resolver.locate(a - 1)
            if before.symbol is not None and before.offset is not None:
                loc = Located(a, before.path, before.vaddr, before.symbol, before.offset + 1)
        frames.append(Frame(a, loc.path, loc.symbol, loc.offset))
    return frames


# Wrapper frames, best first: the generated run_impl is where kernels and fallbacks are called.
WRAPPER = (re.compile(r"run_impl"), re.compile(r"AOTInductorModel\d*\w*run"),
           re.compile(r"AOTInductorModel(?!ContainerCreate)"))


def _call_site(chains: list[list[Frame]], aoti: dict[str, dict[str, Any]]) -> Frame | None:
    """The wrapper frame that reached the fault: on the calling thread's stack (any record),
    preferring the model's own methods (run_impl) over stale words that point elsewhere."""
    found = [f for chain in chains for f in chain[1:]
             if f.object in aoti and f.symbol and not kernel_name(f.symbol)]
    for pattern in WRAPPER:
        hit = next((f for f in found if pattern.search(f.symbol or "")), None)
        if hit is not None:
            return hit
    return found[0] if found else None


def decode(record: dict[str, Any] | list[dict[str, Any]], maps_text: str,
           aoti: dict[str, dict[str, Any]] | None = None,
           reader: Callable[[str], SymbolTable] | None = None,
           ranges: list[tuple[int, int]] | None = None, full: bool = False) -> CrashSite:
    """Name a crash: IP -> object + symbol + offset, the return chains -> kernel and call site.

    `record` is one record or all of a crash's records (one per thread that faulted at once;
    the first is the primary). `full`: name every frame, not only those the report needs. `aoti` is the snapshot's inline symbol tables (path -> entry
    with "symbols", "loads", "package"); other objects (libtorch) are read by `reader`."""
    records = record if isinstance(record, list) else [record]
    if not records:
        raise ValueError("no crash record")
    records = [r if "ra" in r else {**r, "ra": return_candidates(r.get("stack", b""), ranges or [])}
               for r in records]
    aoti = aoti or {}
    maps: list[Mapping] = parse_maps(maps_text)
    resolver = Resolver(maps, dict(_aoti_tables(aoti)), reader or read_symbols, load_missing=False)
    # AOTI objects are named from the snapshot; other objects (libtorch: 0.6 s) are read only
    # for the IP, and for the whole chain when the IP is outside AOTI code or `full` is set.
    ip_map = mapping_at(maps, int(records[0]["ip"]))
    if full or ip_map is None or ip_map.path not in aoti:
        resolver.prepare([a for r in records for a in [int(r["ip"])] + list(r.get("ra") or [])])
    else:
        resolver.prepare([int(r["ip"]) for r in records])
    chains = [_frames(resolver, r) for r in records]
    primary = records[0]
    frames = chains[0]
    ip = frames[0]
    obj = ip.object or primary.get("ipobj")
    kernel = kernel_off = None
    for f in frames + [f for c in chains[1:] for f in c]:
        k = kernel_name(f.symbol)
        if k and f.object in aoti:
            kernel, kernel_off = k, f.offset
            break
    call_site = _call_site(chains, aoti)
    if call_site is None and ip.object in aoti and ip.symbol and not kernel_name(ip.symbol):
        call_site = ip
    torch_sym = ip.symbol if ip.object and _is_torch(ip.object) else None
    package = aoti.get(obj or "", {}).get("package") if obj else None
    if package is None and call_site is not None and call_site.object:
        package = aoti.get(call_site.object, {}).get("package")
    fault_obj = primary.get("addrobj")
    if fault_obj is None:
        m = mapping_at(maps, int(primary.get("addr", 0)))
        fault_obj = m.path if m is not None and m.path.startswith("/") else None
    signo = int(primary["sig"])
    return CrashSite(signal_name(signo), signo, int(primary.get("code", 0)),
                     int(primary.get("addr", 0)), ip.addr, primary.get("tid"), obj, package,
                     ip.symbol, ip.offset, kernel, kernel_off, call_site, torch_sym,
                     tuple(frames), fault_obj, ip.symbol is not None,
                     _torch_entry(chains, call_site) if torch_sym else None, primary.get("pid"))


def _torch_entry(chains: list[list[Frame]], call_site: Frame | None) -> str | None:
    """The libtorch function the wrapper called: the named torch frame just inside the call
    site on the same stack (e.g. aoti_torch_cpu_mm_out, reached from run_impl)."""
    for chain in chains:
        if call_site is None or call_site not in chain:
            continue
        for f in reversed(chain[:chain.index(call_site)]):
            if f.symbol and f.object and _is_torch(f.object):
                return readable(f.symbol)
    return None


def decode_crash(records_blob: bytes, snapshot_json: str,
                 reader: Callable[[str], SymbolTable] | None = None) -> CrashSite | None:
    """The parent's entry point: the worker's record file + snapshot file -> CrashSite, or None
    when no record was written (the handler never ran or hung: report the crash unnamed)."""
    records = read_records(records_blob)
    if not records:
        return None
    try:
        snap = json.loads(snapshot_json) if snapshot_json else {}
        maps, aoti = str(snap.get("maps", "")), dict(snap.get("aoti") or {})
        ranges = [(int(a), int(b)) for a, b in snap.get("ranges") or []]
    except (ValueError, TypeError, AttributeError):
        maps, aoti, ranges = "", {}, []
    try:
        return decode(records, maps, aoti, reader, ranges)
    except (ValueError, TypeError, KeyError, AttributeError):   # a damaged snapshot: unnamed
        return decode(records, "", {}, reader, [])


def _is_torch(path: str) -> bool:
    base = path.rsplit("/", 1)[-1]
    return base.startswith(("libtorch", "libc10"))


def unnamed(signo: int) -> CrashSite:
    """The site when no record arrived (handler hung, killed by the time limit, not x86_64)."""
    return CrashSite(signal_name(signo), signo, 0, 0, 0, None, None, None, None, None, None,
                     None, None, None, (), None, False)


__all__ = ["Frame", "CrashSite", "decode_crash", "read_records", "return_candidates", "MAGIC",
           "HEADER", "decode", "unnamed", "format_line", "parse_line", "explain", "kernel_name",
           "readable", "signal_name", "SymbolError"]
