"""Bisection: launch-trace parsing and the fault policy (pure), the process loop against a fake
checker program (no torch in the children), and real faults in real AOTI packages (slow)."""
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from aotidebug.runtime.bisect import runner as bisection
from aotidebug.core.text.launch_trace import parse_trace
from aotidebug.runtime.subproc import ProcessOutcome

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# Real printer output (torch 2.13 CPU): mode 3 of `big` driven with (1,1) under a pipe with
# PYTHONUNBUFFERED=1 (aoti-facts.md section 1), and a cut of mode 2 output of tests/models/bis_nan.
MODE3_CRASH = "PY: before call\n[ before_launch: cpp_fused_add_sin_0 ]\n"
MODE3_SMALL = """[ before_launch: cpp_fused_0 ]
[ after_launch: cpp_fused_0 ]
[ before_launch: aoti_torch_cpu_addmm_out ]
[ after_launch: aoti_torch_cpu_addmm_out ]
[ before_launch: cpp_fused_add_mul_relu_1 ]
[ after_launch: cpp_fused_add_mul_relu_1 ]
"""
MODE2_NAN = """[  aoti_model_inputs - arg2_1  ]:
Number of elements: 32
Dtype: float32
Mean value: -0.0984701
Min value: -1.90035
Max value: 1.95066
Device: cpu
[  before_launch - cpp_fused_mul_sigmoid_0 - buf0  ]:
Number of elements: 32
Dtype: float32
Mean value: nan
Min value: 4.55716e-41
Max value: inf
[  after_launch - cpp_fused_mul_sigmoid_0 - buf0  ]:
Number of elements: 32
Dtype: float32
Mean value: 1.02
Min value: 0.4475
Max value: 1.751
[  before_launch - aoti_torch_cpu_mm_out - buf1  ]:
Mean value: 1
[  after_launch - aoti_torch_cpu_mm_out - buf1  ]:
Mean value: 0.3
Min value: -2.1
Max value: 3.3
[  before_launch - cpp_fused_log_mul_1 - buf1  ]:
Mean value: 0.3
Min value: -2.1
Max value: 3.3
[  after_launch - cpp_fused_log_mul_1 - buf1  ]:
Mean value: nan
Min value: nan
Max value: 0.6
[  before_launch - aoti_torch_cpu_mm_out - buf2  ]:
Mean value: 0
[  after_launch - aoti_torch_cpu_mm_out - buf2  ]:
Mean value: nan
Min value: nan
Max value: nan
"""
MODE1 = """aoti_torch_save_tensor_handle: Saved tensor to ./tmp/aoti_torchbefore_launch_cpp_fused_0_buf0_cpu.pt
aoti_torch_save_tensor_handle: Saved tensor to ./tmp/aoti_torchafter_launch_cpp_fused_0_buf0_cpu.pt
aoti_torch_save_tensor_handle: Saved tensor to ./tmp/aoti_torchbefore_launch_aoti_torch_cpu_addmm_out_arg2_1_cpu.pt
"""


def test_mode3_crash_trace_names_the_unfinished_kernel():
    t = parse_trace(MODE3_CRASH)
    assert t.mode == 3 and t.unfinished == "cpp_fused_add_sin_0"
    assert t.launched == ("cpp_fused_add_sin_0",) and t.finished == ()
    full = parse_trace(MODE3_SMALL)
    assert full.unfinished is None and len(full.launched) == 3


def test_mode2_producer_ignores_garbage_before_launch_and_later_consumers():
    t = parse_trace(MODE2_NAN)
    assert t.mode == 2
    assert t.producer() == "cpp_fused_log_mul_1"
    assert t.nonfinite_inputs == ()
    assert t.launched == ("cpp_fused_mul_sigmoid_0", "aoti_torch_cpu_mm_out", "cpp_fused_log_mul_1",
                          "aoti_torch_cpu_mm_out")
    assert bisection._occurrence_of_first_bad(t, "cpp_fused_log_mul_1") == 0
    bad_input = parse_trace(MODE2_NAN.replace("Mean value: -0.0984701", "Mean value: nan"))
    assert bad_input.nonfinite_inputs == ("arg2_1",)
    assert json.dumps(t.to_dict())


def test_mode1_saved_files_parse_kernel_and_arg():
    t = parse_trace(MODE1)
    assert t.mode == 1
    assert [(s.phase, s.kernel, s.arg) for s in t.saved] == [
        ("before_launch", "cpp_fused_0", "buf0"), ("after_launch", "cpp_fused_0", "buf0"),
        ("before_launch", "aoti_torch_cpu_addmm_out", "arg2_1")]
    assert t.unfinished == "aoti_torch_cpu_addmm_out"


@pytest.mark.parametrize("text", ["", "garbage\n[ nope ]\n\x00\xff", "Mean value: nan\n" * 3])
def test_parse_never_raises(text):
    t = parse_trace(text)
    assert not t and t.producer() is None and t.unfinished is None


def _outcome(rc, timed_out=False):
    return ProcessOutcome(("x",), rc, timed_out, "", "", 1.0)


@pytest.mark.parametrize("rc,timed_out,res,fault", [
    (-11, False, {"phase": "running"}, "crash"),
    (None, True, {"phase": "running"}, "crash"),
    (3, False, {"phase": "run-error", "error_type": "RuntimeError", "error": "x"}, "error"),
    (4, False, {"phase": "build-error", "error_type": "InductorError", "error": "y"}, "error"),
    (0, False, {"phase": "ran", "check": {"nonfinite": 3}}, "nan"),
    (0, False, {"phase": "ran", "check": {"nonfinite": 0, "mismatch": True}}, "mismatch"),
    (0, False, {"phase": "ran", "check": {"nonfinite": 0, "mismatch": False}}, None),
])
def test_fault_policy(rc, timed_out, res, fault):
    assert bisection.classify_outcome(_outcome(rc, timed_out), res)[0] == fault


def test_user_frames_skip_torch_frames():
    st = ('File "/x/site-packages/torch/nn/modules/linear.py", line 134, in forward\n'
          'File "/home/u/model.py", line 12, in forward\n    y = f(x)')
    assert bisection.user_frames([st]) == ("/home/u/model.py:12",)


def test_kernel_cuts_follow_launch_order_and_provenance():
    nodes = [{"name": n} for n in ("sigmoid", "mul", "matmul", "log", "mul_1", "matmul_1")]
    prov = {"cpp_fused_mul_sigmoid_0": [{"pre_grad_nodes": ["mul", "sigmoid"]}],
            "aoti_torch_cpu_mm_out": [{"pre_grad_nodes": ["matmul"]}, {"pre_grad_nodes": ["matmul_1"]}],
            "cpp_fused_log_mul_1": [{"pre_grad_nodes": ["mul_1", "log"]}]}
    launched = ("cpp_fused_mul_sigmoid_0", "aoti_torch_cpu_mm_out", "cpp_fused_log_mul_1",
                "aoti_torch_cpu_mm_out")
    assert bisection.kernel_cuts(nodes, launched, prov) == [
        (1, "cpp_fused_mul_sigmoid_0", 0), (2, "aoti_torch_cpu_mm_out", 0),
        (4, "cpp_fused_log_mul_1", 0), (5, "aoti_torch_cpu_mm_out", 1)]


# ---- the process loop with the fake checker -----------------------------------------------

def _fake(tmp_path, monkeypatch, **env):
    log = tmp_path / "calls.log"
    monkeypatch.setenv("FAKE_LOG", str(log))
    for k, v in env.items():
        monkeypatch.setenv(k, str(v))
    work, art = tmp_path / "work", tmp_path / "art"
    work.mkdir()
    art.mkdir()
    msgs = []
    r = bisection._bisect({"program": "unused"}, work=work, artifacts=art, device="cpu", timeout=60,
                          progress=msgs.append, configs={}, child=(str(HERE / "fake_checker.py"),))
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    return r, calls, msgs


def test_loop_crash_is_localised_by_the_trace_with_one_compile(tmp_path, monkeypatch):
    r, calls, msgs = _fake(tmp_path, monkeypatch, FAKE_NODES=8, FAKE_BAD=5, FAKE_FAULT="crash")
    assert r.fault == "crash" and r.kernel == "cpp_fused_op5_5" and r.stage == "trace"
    assert r.compiles == 1 and len(calls) == 1 and msgs
    assert "SIGSEGV" in r.message


@pytest.mark.parametrize("n,bad,fault", [(8, 5, "mismatch"), (13, 0, "mismatch"), (13, 12, "crash"),
                                         (2, 1, "error")])
def test_loop_graph_bisection_is_logarithmic(tmp_path, monkeypatch, n, bad, fault):
    r, calls, _ = _fake(tmp_path, monkeypatch, FAKE_NODES=n, FAKE_BAD=bad, FAKE_FAULT=fault,
                        FAKE_NO_TRACE=1)
    assert r.fault == fault and r.stage == "graph"
    assert r.source_nodes == (f"n{bad}",) and r.user_frames == (f"model.py:{10 + bad}",)
    assert len(calls) == r.compiles <= 1 + math.ceil(math.log2(n))
    assert calls[0]["prefix"] is None and all(c["prefix"] for c in calls[1:])


def test_loop_no_fault(tmp_path, monkeypatch):
    r, calls, _ = _fake(tmp_path, monkeypatch, FAKE_FAULT="none")
    assert r.fault is None and r.kernel is None and len(calls) == 1
    assert json.loads(r.to_json())["fault"] is None


def test_bad_target_is_a_typed_error():
    from aotidebug.core.errors import AOTIDebugError

    for bad in ("no_colon", "a:b:c", "", "1x:make"):
        with pytest.raises(AOTIDebugError):
            bisection.bisect_target(bad)


# ---- real faults in real packages ----------------------------------------------------------

def _check_json(r):
    d = json.loads(r.to_json())
    assert d["fault"] == r.fault and d["kernel"] == r.kernel


@pytest.mark.slow
def test_real_segfault_one_compile():
    import torch
    from tests.models import big

    spec = big.make()
    r = bisection.bisect(spec["model"], (torch.randn(1, 1),), example_inputs=spec["inputs"], timeout=300)
    assert r.fault == "crash" and r.stage == "trace", r
    assert r.kernel == "cpp_fused_add_sin_0"
    assert r.compiles == 1 and r.runs == 1
    assert {"sin", "add"} <= set(r.source_nodes)
    assert any(f.endswith("tests/models/big.py:8") for f in r.user_frames), r.user_frames
    assert "sin" in r.kernel_source
    _check_json(r)


@pytest.mark.slow
def test_real_index_error_from_fused_kernel_via_diagnose():
    import torch
    from aotidebug import diagnose
    from tests.models import bis_embed

    spec = bis_embed.make()
    model, bad = spec["model"], spec["bad_inputs"]
    try:
        model(*bad)
    except Exception as exc:  # eager raises too; diagnose() gets the real exception
        err = exc
    d = diagnose(err, model, bad, bisect=True)
    r = d.details["bisect"]
    assert r["fault"] == "error" and r["stage"] == "trace" and r["compiles"] == 1, r
    assert r["kernel"].startswith("cpp_fused_") and "embedding" in r["kernel"]
    assert "embedding" in r["source_nodes"]
    assert any(f.endswith("tests/models/bis_embed.py:12") for f in r["user_frames"]), r["user_frames"]
    assert "index out of bounds" in r["message"]
    assert d.kernel == r["kernel"]
    assert any(e.label == "faulting-kernel" for e in d.evidence)


@pytest.mark.slow
def test_real_nan_producer_via_target_and_repro(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    msgs = []
    r = bisection.bisect_target("tests.models.bis_nan:make", timeout=300, progress=msgs.append)
    assert r.fault == "nan" and r.stage == "trace", r
    assert r.kernel == "cpp_fused_log_mul_1"
    assert r.launched.index(r.kernel) == 2 and len(r.launched) == 5  # kernels before and after
    assert r.compiles == 1
    assert {"log", "mul_1"} <= set(r.source_nodes)
    assert any(f.endswith("tests/models/bis_nan.py:16") for f in r.user_frames), r.user_frames
    assert "log()" in r.kernel_source
    assert any(m.startswith("stage 1") for m in msgs)
    script = r.write_repro(tmp_path / "repro.py")
    proc = subprocess.run([sys.executable, "-u", str(script)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert proc.returncode != 0 and "REPRODUCED" in proc.stderr, proc.stdout[-2000:] + proc.stderr[-2000:]


@pytest.mark.slow
def test_real_mismatch_without_nan_graph_bisection(monkeypatch):
    monkeypatch.chdir(ROOT)
    r = bisection.bisect_target("tests.models.bis_acc:make", timeout=400)
    assert r.fault == "mismatch" and r.stage == "graph", r
    assert r.kernel.startswith("cpp_fused_") and "relu" in r.kernel
    assert "relu" in r.source_nodes
    assert any(f.endswith("tests/models/bis_acc.py:16") for f in r.user_frames), r.user_frames
    kernels = len(r.launched)
    assert r.compiles <= math.ceil(math.log2(kernels)) + 2, (r.compiles, kernels)
