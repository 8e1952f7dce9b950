"""What crashed isolated workers leave on disk: package copies in the temp root.

    python3 benchmarks/crash_leftovers.py [--crashes N] [--json]

torch's `load_package` extracts the whole package (its .so and weights) to
$TMPDIR/aotinductor_XXXXXX and removes it only when its process ends normally. This crashes the
test package `big` N times in `safe_load(isolate=True)` with the temp root pointed at a fresh dir,
closes the SafeModel, and counts the `aotinductor_*` dirs and bytes left under that root. Run it
on a checkout before and after a change to compare (the figures in CHANGELOG.md came from the
commit before and the commit that gave workers a private TMPDIR). The package comes from the test
cache (tests/packages.py): the first run compiles it.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def leftovers(root: str) -> tuple[int, int]:
    """(extraction dirs, bytes) under `root`."""
    dirs = glob.glob(os.path.join(root, "**", "aotinductor_*"), recursive=True)
    size = sum(os.path.getsize(os.path.join(dp, f)) for d in dirs for dp, _, fs in os.walk(d) for f in fs)
    return len(dirs), size


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crashes", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    import torch

    import aotidebug
    from tests.packages import build

    pkg = build("big")   # segfaults on a (1, 1) input: its kernel reads a 4096 x 4096 buffer
    root = tempfile.mkdtemp(prefix="crash-leftovers-")
    os.environ["TMPDIR"] = root     # the worker inherits it; tempfile picks it up below
    tempfile.tempdir = root
    crashes = 0
    m = aotidebug.safe_load(pkg, check_inputs=False, isolate=True, timeout=120)
    try:
        for _ in range(a.crashes):
            try:
                m(torch.randn(1, 1))
            except aotidebug.CrashError:
                crashes += 1
    finally:
        m.close()
    n, size = leftovers(root)
    out = {"torch": torch.__version__, "package_bytes": os.path.getsize(pkg), "crashes": crashes,
           "extractions_left": n, "bytes_left": size, "root_entries": sorted(os.listdir(root))}
    if a.json:
        print(json.dumps(out))
    else:
        print(f"torch {out['torch']}: {crashes} crashes of a {out['package_bytes'] / 1e6:.1f} MB package "
              f"left {n} package copies ({size / 1e6:.1f} MB) in the temp root; entries: {out['root_entries']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
