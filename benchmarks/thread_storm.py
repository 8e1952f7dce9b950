"""How isolated crashes of a kernel check thrown in many threads are read.

    python3 benchmarks/thread_storm.py [--calls N] [--threads T] [--json]

A gather over a 1000-row table, compiled for 65536 ids, is called N times in
`safe_load(isolate=True)` with every id past the table and OMP_NUM_THREADS=T in the worker. Each
thread's bounds check throws, nothing catches it in a worker thread, and the process ends. Most
calls abort with the message printed (`what(): index out of bounds ...`). Some die of SIGSEGV after
hundreds of faulthandler dumps, more than the worker's output window. This counts each
(signal, category, code) the CrashErrors carried. Run it before and after a change to the
worker's output reading to compare (the figures in CHANGELOG.md). The package is compiled into a
temp dir on each run (about 15 s).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=16)
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    import torch

    import aotidebug

    class Gather(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.table = torch.nn.Parameter(torch.randn(1000, 64))

        def forward(self, ids: torch.Tensor) -> torch.Tensor:
            return self.table[ids] * 2.0

    counts: collections.Counter[tuple[str, str, str]] = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="thread-storm-") as d:
        ep = torch.export.export(Gather(), (torch.zeros(65536, dtype=torch.long),))
        path = torch._inductor.aoti_compile_and_package(ep, package_path=os.path.join(d, "g.pt2"))
        bad = torch.full((65536,), 5000, dtype=torch.long)
        os.environ["OMP_NUM_THREADS"] = str(a.threads)  # the workers' (they inherit it)
        for _ in range(a.calls):
            with aotidebug.safe_load(path, isolate=True) as m:
                try:
                    m(bad)
                    counts[("none", "no error", "")] += 1
                except aotidebug.CrashError as exc:
                    dg = exc.diagnosis
                    counts[(str(exc.details.get("signal")), dg.category.value, dg.code)] += 1
    rows = [{"signal": s, "category": c, "code": k, "calls": n} for (s, c, k), n in counts.most_common()]
    if a.json:
        print(json.dumps({"torch": torch.__version__, "calls": a.calls, "threads": a.threads, "rows": rows}))
    else:
        print(f"torch {torch.__version__}: {a.calls} isolated calls, OMP_NUM_THREADS={a.threads}")
        for r in rows:
            print(f"  {r['calls']:3d}  {r['signal']:8s} {r['category']:22s} {r['code']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
