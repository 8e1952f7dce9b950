"""What `probe()` costs, beside a plain loop of raw calls over the same cases.

    python3 benchmarks/probe_cost.py [red dyn pointwise iob_embed small dictin]

For each test package (tests/models/*.py, compiled once into the tests' package cache):
- probe: `probe.probe(pkg, eager_model, inputs=example)`, wall time from the call to the report,
  with its worker starts (1 + one per crash that is not the last case; SPARE_WORKER keeps a
  second worker warm so that a crash costs a swap), the reference's time, and the sum of the
  per-case times;
- raw loop: the same cases (same order, same tensors) called on `torch._inductor.aoti_load_package`
  in a child process (`python -X faulthandler`, the minimum needed to survive and report a crash):
  load once, call each case, and after a crash start a fresh child from the next case; no checks,
  no reference, no comparison.
Figures go to stdout (a Markdown table).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from types import SimpleNamespace  # noqa: E402

from aotidebug.runtime.probe import cases, policy, report, runner, tensors  # noqa: E402

probe = SimpleNamespace(**{k: v for m in (cases, policy, report, tensors, runner)
                           for k, v in vars(m).items() if not k.startswith("__")})

CHILD = r"""
import sys, time
t0 = time.monotonic()
sys.path[:0] = sys.argv[4].split(":")
import torch
m = torch._inductor.aoti_load_package(sys.argv[1])
print(f"LOAD {time.monotonic() - t0:.3f}", flush=True)
import probe_cost
calls = probe_cost.case_calls(sys.argv[2], sys.argv[1])   # the same cases, built here
for i in range(int(sys.argv[3]), len(calls)):
    args, kwargs = calls[i]
    t = time.monotonic()
    try:
        m(*args, **kwargs)
        status = "ran"
    except Exception as exc:
        status = "raised"
    print(f"CASE {i} {status} {time.monotonic() - t:.4f}", flush=True)
"""


def case_calls(name: str, pkg: str) -> list:
    """The probe's cases for test package `name`, in run order, as (args, kwargs)."""
    from tests import packages

    spec = packages.spec(name)
    info = probe.preflight(pkg)
    minfo = info.model("model")
    struct = probe.spec_structure(minfo.in_spec)
    base = probe.flatten_call(*probe.normalize_call(tuple(spec["inputs"]), struct), struct)
    cases = probe.generate_cases(list(minfo.inputs), struct, [tuple(b.shape) for b in base],
                                 [probe._dtype_name(b.dtype) for b in base])
    return [probe._case_call(cases[i], base, struct, None) for i in probe.run_order(cases)]


def raw_loop(name: str, pkg: str, n_cases: int) -> dict:
    with tempfile.TemporaryDirectory() as d:
        child = os.path.join(d, "child.py")
        Path(child).write_text(CHILD)
        t0 = time.monotonic()
        start, starts, crashes, loads, call_s, statuses = 0, 0, 0, [], 0.0, {}
        while start < n_cases:
            starts += 1
            env = dict(os.environ, PYTHONUNBUFFERED="1")
            p = subprocess.run([sys.executable, "-X", "faulthandler", child, pkg, name, str(start),
                                os.pathsep.join(sys.path[:2])],
                               capture_output=True, text=True, env=env, cwd=str(HERE), timeout=900)
            done = start - 1
            for line in p.stdout.splitlines():
                parts = line.split()
                if parts and parts[0] == "LOAD":
                    loads.append(float(parts[1]))
                elif parts and parts[0] == "CASE":
                    done = int(parts[1])
                    statuses[done] = parts[2]
                    call_s += float(parts[3])
            if p.returncode != 0:  # the case after the last reported one crashed the child
                crashes += 1
                statuses[done + 1] = f"crashed({p.returncode})"
                start = done + 2
            else:
                start = n_cases
        return {"wall_s": time.monotonic() - t0, "process_starts": starts, "crashes": crashes,
                "load_s": loads, "calls_s": call_s, "statuses": [statuses.get(i) for i in range(n_cases)]}


def bench(name: str) -> dict:
    from tests import packages

    spec = packages.spec(name)
    pkg = str(packages.build(name))
    t = time.monotonic()
    rep = probe.probe(pkg, spec["model"], inputs=tuple(spec["inputs"]))
    probe_s = time.monotonic() - t

    raw = raw_loop(name, pkg, len(rep.cases))
    return {"package": name, "cases": len(rep.cases), "probe_s": round(probe_s, 2),
            "probe_worker_starts": rep.worker_starts, "probe_reference_s": round(rep.reference_seconds, 2),
            "probe_cases_s": round(sum(c.seconds for c in rep.cases), 2),
            "crashed": sum(c.verdict == "crashed" for c in rep.cases),
            "verdicts": rep.counts(), "raw_s": round(raw["wall_s"], 2),
            "raw_process_starts": raw["process_starts"], "raw_crashes": raw["crashes"],
            "raw_calls_s": round(raw["calls_s"], 3), "raw_load_s": [round(x, 2) for x in raw["load_s"]]}


def main(argv: list[str]) -> int:
    import torch

    names = argv or ["red", "dyn", "pointwise", "iob_embed", "small", "dictin"]
    rows = [bench(n) for n in names]
    print(f"torch {torch.__version__}, {os.cpu_count()} cores, SPARE_WORKER="
          f"{probe.SPARE_WORKER}\n")
    print("| package | cases | crashed | probe (s) | worker starts | reference (s) | raw loop (s) "
          "| raw process starts | raw calls alone (s) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['package']} | {r['cases']} | {r['crashed']} | {r['probe_s']} | "
              f"{r['probe_worker_starts']} | {r['probe_reference_s']} | {r['raw_s']} | "
              f"{r['raw_process_starts']} | {r['raw_calls_s']} |")
    print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
