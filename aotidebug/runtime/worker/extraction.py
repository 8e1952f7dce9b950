"""Where a process's package loader extracted the package, read from the process's memory map.

torch 2.13 on extracts a package under $TMPDIR (`aotinductor_XXXXXX`), which for an isolated
worker or a bisection child is a private folder that goes with it. The loader of 2.10 and 2.11
ignores TMPDIR (its libtorch_cpu holds a fixed `/tmp/XXXXXX` template) and removes its folder only
when the process ends normally, so every crashed or killed one left the package's .so and weights
in /tmp (measured on 2.10.0: `/tmp/HvcXWQ/<archive root>/data/aotinductor/model/*.wrapper.so`).
The process's mapped files name that folder exactly, so its parent removes only what that process
extracted, never another process's folder found by a name pattern.
"""

from __future__ import annotations

import os
import shutil

__all__ = ["MARK", "extraction_roots", "loader_made", "own_extraction", "read_own_maps", "remove_extraction",
           "reported_roots"]

# every file the loader extracts lies below `<archive root>/data/aotinductor/<model>/`
MARK = "/data/aotinductor/"


def extraction_roots(maps: str, inside: tuple[str, ...] = ()) -> list[str]:
    """The archive roots of the files mapped under MARK in `maps` (the text of /proc/<pid>/maps),
    except those under a folder in `inside` (the worker's own temp folders, removed anyway)."""
    roots: set[str] = set()
    for line in maps.splitlines():
        parts = line.split(None, 5)
        path = parts[5].strip() if len(parts) == 6 else ""
        if not path.startswith("/") or MARK not in path:
            continue
        root = path[:path.index(MARK)]
        if root and not any(_under(root, d) for d in inside if d):
            roots.add(root)
    return sorted(roots)


def _under(path: str, folder: str) -> bool:
    folder = folder.rstrip("/")
    return path == folder or path.startswith(folder + "/")


def loader_made(roots: list[str], since: float) -> list[str]:
    """The roots whose parent folder was made at or after `since` (the load's start): a folder the
    loader made, never a package folder the user handed over and the loader mapped in place."""
    out = []
    for root in roots:
        try:
            made = os.stat(os.path.dirname(root)).st_ctime
        except OSError:
            continue
        if made >= since - 1.0:  # a filesystem's timestamps may be coarser than time.time()
            out.append(root)
    return out


def read_own_maps() -> str:
    """This process's memory map ("" where the platform has no /proc)."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def own_extraction(since: float, inside: tuple[str, ...], given: str) -> list[str]:
    """Where this process's package loader extracted `given` (loaded since `since`), outside the
    folders `inside` that go anyway: read after the load, before anything of it runs."""
    roots = extraction_roots(read_own_maps(), inside + (os.path.realpath(given),))
    return loader_made(roots, since)


def reported_roots(value: object) -> list[str]:
    """The roots a child reported (its reply's or result file's "extracted"), whatever it sent:
    only the strings of a list are taken."""
    return [p for p in value if isinstance(p, str)] if isinstance(value, list) else []


def remove_extraction(root: str) -> None:
    """Remove one extraction root, then its parent if that is left empty (the loader's mkdtemp
    folder). A path that does not hold `data/aotinductor` is left alone: it is not an extraction."""
    if not os.path.isabs(root) or not os.path.isdir(os.path.join(root, "data", "aotinductor")):
        return
    shutil.rmtree(root, ignore_errors=True)
    try:
        os.rmdir(os.path.dirname(root))
    except OSError:
        pass  # not empty (or gone): the loader's folder holds something else, or another root
