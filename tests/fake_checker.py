"""A deterministic stand-in for aotidebug/_bisect_child.py, for testing the process loop.

Reads the same request JSON and writes the same result JSON, without torch. The model is a chain
of FAKE_NODES nodes (n0, n1, ...; node i was written at model.py line 10+i); the fault FAKE_FAULT
(crash | error | mismatch | none) appears in every prefix that contains node FAKE_BAD. A full run
prints a mode-3 launch trace (one kernel per node) unless FAKE_NO_TRACE=1. Every call appends a
line to FAKE_LOG so tests can count compiles.
"""
import json
import os
import signal
import sys

req = json.load(open(sys.argv[1]))
n = int(os.environ.get("FAKE_NODES", "8"))
bad = int(os.environ.get("FAKE_BAD", "5"))
fault = os.environ.get("FAKE_FAULT", "crash")
trace = os.environ.get("FAKE_NO_TRACE") != "1"
with open(os.environ["FAKE_LOG"], "a") as fh:
    fh.write(json.dumps({"prefix": req.get("prefix")}) + "\n")
nodes = [{"name": f"n{i}", "target": "aten.fake", "stack_trace":
          f'File "model.py", line {10 + i}, in forward\n    y = op{i}(y)'} for i in range(n)]
res = {"phase": "compiled", "nodes": nodes}


def write():
    json.dump(res, open(req["result"], "w"))


write()
keep = req.get("prefix") or n
faulty = fault != "none" and keep > bad
res["phase"] = "running"
write()
print("AOTIDEBUG-RUN-START", flush=True)
for i in range(keep):
    if trace and req.get("prefix") is None:
        print(f"[ before_launch: cpp_fused_op{i}_{i} ]", flush=True)
    if faulty and i == bad and fault in ("crash", "error"):
        if fault == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        res.update(phase="run-error", error_type="RuntimeError", error=f"fake error in n{i}")
        write()
        sys.exit(3)
    if trace and req.get("prefix") is None:
        print(f"[ after_launch: cpp_fused_op{i}_{i} ]", flush=True)
res.update(phase="ran", check={"outputs": 1, "nonfinite": 0, "ref_nonfinite": 0,
                               "max_abs_diff": 1.0 if faulty else 0.0,
                               "mismatch": bool(faulty and fault == "mismatch")})
write()
