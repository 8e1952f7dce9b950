"""Cost of the consistency checker, side by side in one run (issue 7):

- `inspect_package` in ms, against the same package's `aoti_load_package` time;
- the per-call input check in microseconds per input tensor (median): the precomputed
  `compile_input_checker` (what safe loading runs before every call) on matching inputs, the same
  checker on a mismatching input (the explaining path), and one-shot `check_inputs` (inspects too).

Run from the repository root: `python3 benchmarks/inspect_cost.py [--json]`. Uses the test
packages (`tests/models`), compiling any that are not cached yet.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def median_time(fn, repeat: int, inner: int = 1) -> float:
    """Median seconds per call of fn over `repeat` samples of `inner` calls."""
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - t) / inner)
    return statistics.median(samples)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--loads", type=int, default=5, help="aoti_load_package samples per package")
    args = ap.parse_args()

    import torch

    from aotidebug.checks.inputs import check_inputs, compile_input_checker
    from aotidebug.package.inspect import inspect_package
    from tests import packages

    cases = {  # name -> (matching call args, mismatching call args)
        "small": ((torch.randn(2, 8),), (torch.randn(3, 8),)),
        "dyn": ((torch.randn(16, 8),), (torch.randn(65, 8),)),
        "dictin": ((torch.ones(2, 3), {"a": torch.ones(2, 3), "b": torch.ones(2, 3)}),
                   (torch.ones(2, 3), {"b": torch.ones(2, 3), "a": torch.ones(2, 3)})),
    }
    rows = []
    for name, (good, bad) in cases.items():
        path = packages.build(name)
        info = inspect_package(path)
        n = len(info.model().inputs)
        inspect_s = median_time(lambda: inspect_package(path), repeat=21)
        load_s = median_time(lambda: torch._inductor.aoti_load_package(str(path)), repeat=args.loads)
        check = compile_input_checker(info)
        assert check(good) == [] and check(bad), name  # the benchmark measures real verdicts
        fast_s = median_time(lambda: check(good), repeat=21, inner=2000)
        slow_s = median_time(lambda: check(bad), repeat=21, inner=200)
        oneshot_s = median_time(lambda: check_inputs(info, good), repeat=21, inner=50)
        rows.append({"package": name, "inputs": n, "size_kb": round(path.stat().st_size / 1024),
                     "inspect_ms": round(inspect_s * 1e3, 2), "load_ms": round(load_s * 1e3, 1),
                     "inspect_vs_load": round(inspect_s / load_s, 3),
                     "check_us_per_tensor": round(fast_s * 1e6 / n, 2),
                     "mismatch_us_per_tensor": round(slow_s * 1e6 / n, 1),
                     "check_inputs_oneshot_us": round(oneshot_s * 1e6, 1)})
    if args.json:
        print(json.dumps({"torch": torch.__version__, "rows": rows}, indent=2))
        return 0
    print(f"torch {torch.__version__}; medians")
    head = ("package", "inputs", "size_kb", "inspect_ms", "load_ms", "inspect_vs_load",
            "check_us_per_tensor", "mismatch_us_per_tensor", "check_inputs_oneshot_us")
    print("  ".join(f"{h:>{max(len(h), 8)}}" for h in head))
    for r in rows:
        print("  ".join(f"{str(r[h]):>{max(len(h), 8)}}" for h in head))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
