"""Wall time and compiles: aotidebug.bisect vs a single plain compile+run, a naive linear search
over graph prefixes, and (with --minifier, once: it is slow) PyTorch's AOTI minifier.

Run from the repository root: `python benchmarks/bisect_vs_minifier.py [--minifier] [--json]`.
The linear-search figure is derived, not run: its compiles are (index of the first faulty prefix
+ 1) prefixes after the full build, each costing one measured prefix compile+run.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aotidebug.runtime.bisect import runner as bisection  # noqa: E402
from aotidebug.runtime.subproc import python_argv, run_isolated  # noqa: E402

CASES = {  # name -> (target, run-input override for a static package)
    "crash": "tests.models.big:make",
    "nan": "tests.models.bis_nan:make",
    "mismatch": "tests.models.bis_acc:make",
}

PLAIN = """
import sys, time, torch, importlib
sys.path.insert(0, {root!r})
spec = importlib.import_module({mod!r}).make()
ep = torch.export.export(spec["model"], tuple(spec["inputs"]))
p = torch._inductor.aoti_compile_and_package(ep, package_path={pkg!r},
        inductor_configs=spec.get("inductor_configs") or {{}})
m = torch._inductor.aoti_load_package(p)
x = {run_inputs}
m(*x)
"""

MINIFIER = """
import sys, torch
torch._inductor.config.aot_inductor.dump_aoti_minifier = True
class M(torch.nn.Module):
    def forward(self, x):
        a = torch.sin(x) * 2.0
        return torch.relu(a) + 1.0
ep = torch.export.export(M(), (torch.randn(4, 8),))
try:
    torch._inductor.aoti_compile_and_package(ep, inductor_configs={"cpp.inject_relu_bug_TESTING_ONLY": "runtime_error"})
except Exception as e:
    print("compile-time run failed as expected:", type(e).__name__)
"""


def plain(name: str) -> float:
    mod = CASES[name].split(":")[0]
    run_inputs = "(torch.randn(1, 1),)" if name == "crash" else "tuple(spec['inputs'])"
    with tempfile.TemporaryDirectory() as d:
        code = PLAIN.format(root=str(ROOT), mod=mod, pkg=os.path.join(d, "m.pt2"), run_inputs=run_inputs)
        out = run_isolated(python_argv("-c", code), timeout=600, cwd=d,
                           env={"TORCHINDUCTOR_CACHE_DIR": os.path.join(d, "ic")})
    return out.seconds


def run_bisect(name: str) -> dict:
    t = time.monotonic()
    if name == "crash":
        import torch
        from tests.models import big

        spec = big.make()
        r = bisection.bisect(spec["model"], (torch.randn(1, 1),), example_inputs=spec["inputs"])
    else:
        r = bisection.bisect_target(CASES[name])
    kernels = len(r.launched)
    first_bad = r.launched.index(r.kernel) if r.kernel in r.launched else kernels - 1
    return {"fault": r.fault, "kernel": r.kernel, "stage": r.stage, "compiles": r.compiles,
            "runs": r.runs, "seconds": round(time.monotonic() - t, 1), "kernels": kernels,
            "linear_compiles": 1 + first_bad + 1}


def minifier() -> dict:
    with tempfile.TemporaryDirectory() as d:
        env = {"TORCHINDUCTOR_CACHE_DIR": os.path.join(d, "ic")}
        t = time.monotonic()
        dump = run_isolated(python_argv("-c", MINIFIER), timeout=600, cwd=d, env=env)
        launchers = list(Path(d).rglob("minifier_launcher.py"))
        if not launchers:
            return {"error": "no launcher dumped", "stderr": dump.stderr[-1000:]}
        mini = run_isolated(python_argv(str(launchers[0])), timeout=600, cwd=launchers[0].parent, env=env)
        total = time.monotonic() - t
        queries = [ln for ln in (mini.stdout + mini.stderr).splitlines() if "queries" in ln.lower()]
        return {"seconds_dump": round(dump.seconds, 1), "seconds_minify": round(mini.seconds, 1),
                "seconds_total": round(total, 1), "log": queries[-3:], "rc": mini.returncode}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--minifier", action="store_true", help="also run the AOTI minifier once")
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = {}
    for name in args.cases.split(","):
        b = run_bisect(name)
        b["plain_seconds"] = round(plain(name), 1)
        b["ratio_vs_plain"] = round(b["seconds"] / b["plain_seconds"], 2)
        per_compile = b["seconds"] / max(b["compiles"], 1)
        b["linear_seconds_est"] = round(per_compile * b["linear_compiles"], 1)
        rows[name] = b
        print(name, json.dumps(b), flush=True)
    if args.minifier:
        rows["minifier"] = minifier()
        print("minifier", json.dumps(rows["minifier"]), flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
