"""What naming a native crash costs, side by side (issue: "name the faulting kernel, 0 recompiles").

    python3 benchmarks/crash_naming.py [--runs N] [--skip-bisect] [--json]

1. call -> named CrashError with a warm worker (`safe_load(big, isolate=True)`, worker started
   before the clock), next to the crash itself: a warm child (package loaded, waiting on stdin)
   calling the same (1, 1) input with no handler (call -> death), and with the recorder
   (call -> death: what the handler's record + grace add). Target: named CrashError under 50 ms
   beyond the crash itself.
2. The same fault through bisect's compile path: `bisect(model, inputs)` (one compile with the
   value printer) vs `bisect(package=..., inputs=...)` (0 compiles).
3. The in-process reporter: `install_crash_reporter()` cost (first, and again: idempotent), and
   per call: calls of the 4096^2 package before and after install (nothing runs per call: 0).
Packages come from the test cache (tests/packages.py): the first run compiles them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WARM_CHILD = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, {root!r})
    import torch
    from torch._inductor.package import load_package
    mode, package, workdir = sys.argv[1:4]
    model = load_package(package)
    if mode == "recorder":
        from aotidebug.runtime.crash import handler
        handler.install(os.path.join(workdir, "crash.bin"),
                        snapshot_path=os.path.join(workdir, "snapshot.json"), package=package)
    x = torch.randn(1, 1)
    print("ready", flush=True)
    sys.stdin.readline()
    model(x)
""")

INSTALL_PROBE = textwrap.dedent("""
    import sys, time, statistics
    sys.path.insert(0, {root!r})
    import torch
    import aotidebug
    from torch._inductor.package import load_package
    m = load_package({pkg!r})
    x = torch.randn(4096, 4096)
    m(x)
    def calls(n):
        out = []
        for _ in range(n):
            t = time.perf_counter(); m(x); out.append(time.perf_counter() - t)
        return statistics.median(out)
    before = calls(9)
    t = time.perf_counter(); aotidebug.install_crash_reporter(); first = time.perf_counter() - t
    t = time.perf_counter(); aotidebug.install_crash_reporter(); again = time.perf_counter() - t
    t = time.perf_counter()
    from aotidebug.runtime.crash.reporter import note_package
    note_package({pkg!r}); note = time.perf_counter() - t
    after = calls(9)
    before2 = after  # interleave once more: noise estimate
    print(f"{{first*1e3:.1f}} {{again*1e3:.1f}} {{note*1e3:.1f}} {{before*1e3:.1f}} {{after*1e3:.1f}}")
""")


def warm_child_crash(mode: str, package: str) -> tuple[float, str | None]:
    """(call -> death seconds, kernel named from the record or None) for one warm child."""
    from aotidebug.runtime.crash.decode import decode_crash

    d = tempfile.mkdtemp(prefix="crash-bench-")
    proc = subprocess.Popen([sys.executable, "-c", WARM_CHILD.format(root=str(ROOT)), mode,
                             package, d], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        while proc.stdout.readline().strip() != "ready":
            if proc.poll() is not None:
                raise RuntimeError("warm child died before the call")
        t0 = time.perf_counter()
        proc.stdin.write("go\n")
        proc.stdin.flush()
        proc.wait(300)
        dt = time.perf_counter() - t0
        kernel = None
        if mode == "recorder":
            blob = open(os.path.join(d, "crash.bin"), "rb").read()
            site = decode_crash(blob, open(os.path.join(d, "snapshot.json")).read())
            kernel = site.kernel if site else None
        return dt, kernel
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        subprocess.run(["rm", "-rf", d], check=False)


def worker_crashes(package: str, runs: int) -> tuple[list[float], list[str | None]]:
    import torch

    import aotidebug
    from aotidebug.core.errors import CrashError

    times, kernels = [], []
    with aotidebug.safe_load(package, isolate=True, check_inputs=False, timeout=120) as m:
        for _ in range(runs):
            m.worker.ensure_started()                # warm: restart outside the clock
            t0 = time.perf_counter()
            try:
                m(torch.randn(1, 1))
                kernels.append(None)
            except CrashError as e:
                kernels.append(e.kernel)
            times.append(time.perf_counter() - t0)
    return times, kernels


def med_ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1e3:.0f} ms (min {min(xs) * 1e3:.0f}, max {max(xs) * 1e3:.0f})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--skip-bisect", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    from tests import packages

    pkg = str(packages.build("big"))
    res: dict = {"package": pkg, "runs": a.runs}
    none = [warm_child_crash("none", pkg)[0] for _ in range(a.runs)]
    rec = [warm_child_crash("recorder", pkg) for _ in range(a.runs)]
    w_times, w_kernels = worker_crashes(pkg, a.runs)
    res["crash_itself_no_handler_s"] = none
    res["crash_with_recorder_s"] = [t for t, _ in rec]
    res["worker_call_to_named_crash_error_s"] = w_times
    res["kernels"] = sorted({str(k) for k in w_kernels} | {str(k) for _, k in rec})
    extra = statistics.median(w_times) - statistics.median(none)
    print(f"crash itself (warm child, no handler), call -> death: {med_ms(none)}")
    print(f"crash with recorder (warm child), call -> death:      {med_ms(res['crash_with_recorder_s'])}")
    print(f"warm worker, call -> named CrashError:                {med_ms(w_times)}")
    print(f"  beyond the crash itself: {extra * 1e3:+.0f} ms (target < 50 ms); kernels: {res['kernels']}")
    res["beyond_crash_s"] = extra
    if not a.skip_bisect:
        import torch

        import aotidebug
        from tests.models.big import Big

        t0 = time.perf_counter()
        r = aotidebug.bisect(Big().eval(), (torch.randn(1, 1),),
                             example_inputs=(torch.randn(4096, 4096),), timeout=900)
        t_compile = time.perf_counter() - t0
        t0 = time.perf_counter()
        r0 = aotidebug.bisect(package=pkg, inputs=(torch.randn(1, 1),), timeout=300)
        t_pkg = time.perf_counter() - t0
        print(f"bisect(model, inputs), same fault:   {t_compile:.1f} s, {r.compiles} compile(s), "
              f"kernel {r.kernel}")
        print(f"bisect(package=..., inputs=...):     {t_pkg:.1f} s, {r0.compiles} compile(s), "
              f"kernel {r0.kernel} (includes the worker's start)")
        res.update(bisect_compile_s=t_compile, bisect_compiles=r.compiles,
                   bisect_compile_kernel=r.kernel, bisect_package_s=t_pkg,
                   bisect_package_compiles=r0.compiles, bisect_package_kernel=r0.kernel)
        r.close()
    out = subprocess.run([sys.executable, "-c", INSTALL_PROBE.format(root=str(ROOT), pkg=pkg)],
                         capture_output=True, text=True, timeout=900)
    try:
        first, again, note, before, after = (float(v) for v in out.stdout.split())
    except ValueError:
        print(out.stderr[-3000:])
        raise
    print(f"install_crash_reporter(): first {first:.1f} ms, again (idempotent) {again:.1f} ms, "
          f"note_package (after a load) {note:.1f} ms")
    print(f"per call: 0 (no code on the call path); 4096^2 call median {before:.1f} ms before, "
          f"{after:.1f} ms after install (noise)")
    res.update(install_first_ms=first, install_again_ms=again, note_package_ms=note,
               call_before_ms=before, call_after_ms=after, per_call_added="0 (nothing runs per call)")
    if a.json:
        print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
