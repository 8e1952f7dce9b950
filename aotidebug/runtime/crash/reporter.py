"""`install_crash_reporter()`: opt-in, in-process crash naming for servers that do not isolate.

Why: a server that runs AOTI packages in-process loses the whole process on a kernel fault and
learns nothing. With the reporter installed, the dying process writes one line to stderr
(`aotidebug: SIGSEGV in kernel cpp_fused_... of /path/model.pt2 (+0x90); source nodes [...]`)
and then dies exactly as it would have (same signal, same exit status; faulthandler, if enabled
before, still prints its traceback). Nothing runs per call: packages are snapshotted (maps,
symbols, kernel source nodes) when they are loaded. `diagnose(text)` reads the line back.
"""

from __future__ import annotations

import functools
import os
import threading
from typing import Any, Callable

from ...core.text.crash_line import format_line
from . import handler
from .context import package_kernels
from .decode import decode

_lock = threading.Lock()
_notes: dict[str, str] = {}           # kernel -> "source nodes ...; user line ..."
_patched = False
FALLBACK = ("aotidebug: fatal signal in a native thread while another thread held the GIL; "
            "the crash record is kept in {dir} (name it with "
            "aotidebug.runtime.crash.decode.decode_crash)\n")


def _format(records: list[dict[str, Any]]) -> bytes | None:
    """Runs in the dying process, on the GIL-holding faulting thread, after every record."""
    snap = handler.current_snapshot()
    if snap is None or not records:
        return None
    site = decode(records, snap.maps, snap.aoti, ranges=snap.ranges)
    if not site.named:
        return None
    return (format_line(site, _notes.get(site.kernel or "")) + "\n").encode("utf-8", "replace")


def note_package(package: str | os.PathLike[str] | None = None,
                 notes: dict[str, str] | None = None) -> None:
    """Snapshot the AOTI objects mapped now (call after loading a package if load_package was
    not the loader) and read the package's kernels' source nodes for the line; `notes` maps
    kernel names to extra text."""
    if package is not None:
        for name, ctx in package_kernels(package).items():
            note = ctx.note()
            if note and name not in _notes:
                _notes[name] = note
    if notes:
        _notes.update(notes)
    if handler.installed():
        handler.refresh(os.fspath(package) if package is not None else None)


def _wrap_load_package() -> None:
    """Refresh the snapshot after every torch._inductor.package.load_package (idempotent)."""
    global _patched
    if _patched:
        return
    try:
        import torch._inductor.package as pkg
    except Exception:
        return
    original: Callable[..., Any] = getattr(pkg, "load_package")
    if getattr(original, "_aotidebug_wrapped", False):
        _patched = True
        return

    @functools.wraps(original)
    def load_package(path: Any, *args: Any, **kwargs: Any) -> Any:
        result = original(path, *args, **kwargs)
        try:
            note_package(path if isinstance(path, (str, os.PathLike)) else None)
        except Exception:
            pass
        return result

    load_package._aotidebug_wrapped = True  # type: ignore[attr-defined]
    setattr(pkg, "load_package", load_package)
    _patched = True


def install_crash_reporter(notes: dict[str, str] | None = None, *,
                           wrap_loader: bool = True) -> bool:
    """Install the in-process crash reporter (idempotent). On SIGSEGV/SIGBUS/SIGILL/SIGFPE/
    SIGABRT inside an AOTI package the process writes one `aotidebug: ...` line to stderr, then
    dies exactly as it would have. Chains to any handler installed before (faulthandler
    included). Packages loaded with `torch._inductor.package.load_package` after this call are
    noted automatically; others: `note_package(path)`. Returns False where crashes cannot be
    named (not x86_64 Linux). Nothing runs per call."""
    with _lock:
        if notes:
            _notes.update(notes)
        ok = handler.install(None, after=_format, fallback=FALLBACK)
        if ok and wrap_loader:
            _wrap_load_package()
        return ok


__all__ = ["install_crash_reporter", "note_package"]
