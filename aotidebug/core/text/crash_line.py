"""The one-line crash report (`aotidebug: SIGSEGV in kernel cpp_fused_... of /p/model.pt2 (+0xa0); ...`).

Why here (core, pure): the in-process crash reporter (`runtime/crash/reporter.py`) prints this
line from a dying process, and `diagnose(text)` must read it back as *measured* evidence of where
the crash happened (not a guess from kernel names in the text). Writing and reading live side by
side so they cannot drift. Also: kernel-name normalisation (`cpp_fused_x_0._omp_fn.0` ->
`cpp_fused_x_0`), a compiler-free readable form of C++ symbols, and what a signal means here
(`explain`: SIGILL vs the package's CPU ISA, SIGBUS as a damaged file, SIGFPE in a kernel).
"""

from __future__ import annotations

import re
from typing import Any

KERNEL = re.compile(r"^(cpp_fused_\w+|cpp_\w+|triton_\w+)")
SUFFIX = re.compile(r"(\._omp_fn\.\d+|\.(cold|part|constprop|isra|lto_priv)(\.\d+)?)+$")
LINE = re.compile(
    r"aotidebug: (?P<signal>SIG[A-Z]+) in (?P<what>kernel|function|object) (?P<name>\S+)"
    r"(?: of (?P<object>.+?))? \(\+0x(?P<offset>[0-9a-f]+)\)(?P<rest>[^\n]*)")


# What `format_line`/`explain` read from a crash site (runtime/crash/decode.CrashSite): signal,
# fault_addr, object, package, symbol, offset, kernel, kernel_offset, torch_entry, fault_object,
# call_site (with .symbol, .object, .label()). Duck-typed: core cannot import the runtime.
SiteLike = Any


def kernel_name(symbol: str | None) -> str | None:
    """`cpp_fused_x_0._omp_fn.0` -> `cpp_fused_x_0`; None for anything that is not a kernel."""
    if not symbol:
        return None
    base = SUFFIX.sub("", symbol)
    return base if KERNEL.match(base) else None


_ID = re.compile(r"(\d+)")
_OPS = {"cl": "operator()", "eq": "operator==", "ix": "operator[]", "aS": "operator="}


def readable(symbol: str) -> str:
    """A readable form of a C++ symbol without c++filt: `cxxfilt` if importable, else the
    nested name of `_ZN...E` (namespaces::class::method), else the symbol unchanged."""
    if not symbol.startswith("_Z"):
        return symbol
    try:
        import cxxfilt  # type: ignore[import-not-found]

        return str(cxxfilt.demangle(symbol))
    except Exception:
        pass
    return _trim(symbol) or symbol


def _trim(symbol: str) -> str | None:
    i = 2
    if symbol.startswith("_ZN"):
        i = 3
        while i < len(symbol) and symbol[i] in "KVr":
            i += 1
    parts: list[str] = []
    while i < len(symbol) and len(parts) < 16:
        if symbol[i] == "B":                      # ABI tag, e.g. B5cxx11
            m = _ID.match(symbol, i + 1)
            if not m:
                break
            i = m.end() + int(m.group(1))
            continue
        if symbol[i:i + 2] in ("C1", "C2", "D0", "D1", "D2") and parts:
            parts.append(("~" if symbol[i] == "D" else "") + parts[-1])
            i += 2
            continue
        if symbol[i:i + 2] in _OPS:
            parts.append(_OPS[symbol[i:i + 2]])
            i += 2
            continue
        m = _ID.match(symbol, i)
        if not m:
            break
        n = int(m.group(1))
        parts.append(symbol[m.end():m.end() + n])
        i = m.end() + n
        if not symbol.startswith("_ZN"):
            break
    return "::".join(parts) if parts else None


def explain(site: SiteLike, *, package_isa: str | None = None,
            host_isa: str | None = None) -> str | None:
    """What the signal means here, or None when there is nothing to add."""
    where = site.kernel or (readable(site.symbol) if site.symbol else None)
    if site.signal == "SIGILL" and site.kernel:
        if package_isa and host_isa and package_isa != host_isa:
            return (f"kernel {site.kernel} uses {package_isa} instructions but this CPU supports "
                    f"{host_isa}: recompile for this host's ISA")
        return (f"illegal instruction in kernel {site.kernel}; check the package's CPU ISA "
                f"({package_isa or 'unknown'}) against this host ({host_isa or 'unknown'})")
    if site.signal == "SIGBUS":
        obj = site.fault_object or site.object
        if obj:
            return (f"bus error reading {obj}: the file is truncated or damaged (a mapped page "
                    f"lies past its end)")
    if site.signal == "SIGFPE" and where:
        return f"arithmetic fault in {where}"
    return None


def thread_kind(site: SiteLike) -> str | None:
    """"main" or "other" (tid vs pid of the record), None when the record lacks either. A kernel
    parallelised with OpenMP can fault on a pool thread whose stack never holds the wrapper."""
    tid, pid = getattr(site, "tid", None), getattr(site, "pid", None)
    if not tid or not pid:
        return None
    return "main" if tid == pid else "other"


def _thread_note(site: SiteLike) -> str | None:
    """Why no call site is named when the fault was on a pool thread (said, not guessed)."""
    if site.call_site is not None or thread_kind(site) != "other":
        return None
    region = " in an OpenMP parallel region" if "_omp_fn" in (site.symbol or "") else ""
    return (f"faulted on a non-main thread{region} (tid {site.tid}, pid {site.pid}): no captured "
            "stack holds the wrapper's call site")


def format_line(site: SiteLike, notes: str | None = None) -> str:
    """`aotidebug: SIGSEGV in kernel cpp_fused_x_0 of /p/model.pt2 (+0xa0); ...` (one line)."""
    origin = site.package or site.object or "?"
    if site.kernel:
        head = (f"aotidebug: {site.signal} in kernel {site.kernel} of {origin} "
                f"(+0x{site.kernel_offset or 0:x})")
    elif site.symbol:
        head = (f"aotidebug: {site.signal} in function {readable(site.symbol).replace(' ', '')} "
                f"of {site.object or '?'} (+0x{site.offset or 0:x})")
    else:
        head = f"aotidebug: {site.signal} in object {site.object or '?'} (+0x0)"
    parts = [head]
    call = site.call_site
    if call is not None and call.symbol:
        parts.append(f"called from {call.label().replace(' ', '')} in {site.package or call.object}")
    if site.torch_entry:
        parts.append(f"via {site.torch_entry.replace(' ', '')}")
    if site.symbol and site.kernel and kernel_name(site.symbol) != site.kernel:
        parts.append(f"ip in {readable(site.symbol).replace(' ', '')}+0x{site.offset or 0:x} "
                     f"of {site.object}")
    parts.append(f"fault address 0x{site.fault_addr:x}")
    thread = _thread_note(site)
    if thread:
        parts.append(thread)
    if notes:
        parts.append(notes)
    why = explain(site)
    if why:
        parts.append(why)
    return "; ".join(p.replace("\n", " ") for p in parts)


def parse_line(text: str) -> list[dict[str, Any]]:
    """Every reporter line in `text` as {signal, kind, name, object, offset, kernel, details}:
    what `diagnose(text)` reads as measured (not inferred) evidence of where a crash happened."""
    if "aotidebug: SIG" not in text:
        return []
    out = []
    for m in LINE.finditer(text):
        rest = [p.strip() for p in m.group("rest").split(";") if p.strip()]
        out.append({"signal": m.group("signal"), "kind": m.group("what"), "name": m.group("name"),
                    "object": m.group("object"), "offset": int(m.group("offset"), 16),
                    "kernel": m.group("name") if m.group("what") == "kernel" else None,
                    "details": rest})
    return out


__all__ = ["kernel_name", "readable", "explain", "format_line", "parse_line", "thread_kind", "SiteLike"]
