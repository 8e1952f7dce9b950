"""Bisection: launch-trace parsing and the fault policy (pure), the process loop against a fake
checker program (no torch in the children), and real faults in real AOTI packages (slow)."""
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from aotidebug.core.errors import AOTIDebugError
from aotidebug.core.text.launch_trace import parse_trace
from aotidebug.runtime.bisect import mapping
from aotidebug.runtime.bisect import runner as bisection
from aotidebug.runtime.bisect.policy import classify_outcome
from aotidebug.runtime.bisect.protocol import Fault, Phase
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
    assert mapping.occurrence_of_first_bad(t, "cpp_fused_log_mul_1") == 0
    bad_input = parse_trace(MODE2_NAN.replace("Mean value: -0.0984701", "Mean value: nan"))
    assert bad_input.nonfinite_inputs == ("arg2_1",)
    assert json.loads(json.dumps(t.to_dict()))["launched"] == list(t.launched)


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
    got = classify_outcome(_outcome(rc, timed_out), res)[0]
    assert got == fault
    assert got is None or isinstance(got, Fault)


# torch 2.12.1's run of a fused embedding with an id past its table (tests/models/bis_embed.py),
# captured on this machine: the kernel's words on stderr, the runner's generic error raised
_STDERR_212 = ('Error: index out of bounds: 0 <= tmp7 < 10L\nException raised from cpp_fused_add_embedding_'
               'mul_relu_0 at /tmp/r212/cache/cap2qt7qibazdw2b27jzp6sfhmskaubzw37doxbils5e6efmu6bs/cbhcasj'
               '6khdtan7c62guromkpam7vmxzgifpzyizvg2p3jwxmg3j.kernel.cpp:25 (most recent call first):\nfram'
               'e #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_tr'
               'aits<char>, std::allocator<char> >) + 0x9d (0x7fb7f376afad in /tmp/v212/lib/python3.11/sit'
               'e-packages/torch/lib/libc10.so)\n')
_RAISED_212 = ("run_func_( container_handle_, input_handles.data(), input_handles.size(), "
               "output_handles.data(), output_handles.size(), reinterpret_cast<AOTInductorStreamHandle>"
               "(stream_handle), proxy_executor_handle_) API call failed at "
               "/pytorch/torch/csrc/inductor/aoti_runner/model_container_runner.cpp, line 150")


def test_the_verdict_quotes_the_runtime_s_words_when_torch_raised_only_its_generic_error():
    res = {"phase": "run-error", "error_type": "RuntimeError", "error": _RAISED_212}
    fault, message = classify_outcome(ProcessOutcome(("x",), 1, False, "", _STDERR_212, 1.0), res)
    assert fault is Fault.ERROR
    assert message.startswith("RuntimeError: index out of bounds: 0 <= tmp7 < 10L (printed by the runtime")
    # torch 2.13+ raises the words themselves: the stderr is not consulted
    res13 = {"phase": "run-error", "error_type": "RuntimeError", "error": "index out of bounds: 0 <= tmp7 < 10L"}
    assert classify_outcome(ProcessOutcome(("x",), 1, False, "", "Error: other words", 1.0), res13)[1] == \
        "RuntimeError: index out of bounds: 0 <= tmp7 < 10L"
    # no words on stderr: the raised message as it is
    assert classify_outcome(_outcome(1), res)[1].startswith("RuntimeError: run_func_(")


def test_phases_and_faults_are_enums_that_keep_the_json_strings():
    assert [p.value for p in Phase] == ["start", "exported", "compiled", "running", "ran",
                                        "run-error", "build-error"]
    assert Phase.of({"phase": "run-error"}) is Phase.RUN_ERROR and Phase.RUN_ERROR == "run-error"
    assert Phase.of({"phase": "bogus"}) is None and Phase.of({}) is None
    assert json.dumps({"f": Fault.NAN, "p": Phase.RAN}) == '{"f": "nan", "p": "ran"}'
    assert f"{Fault.CRASH}" == str(Fault.CRASH) == "crash"
    assert [p for p in Phase if p.compiled] == [Phase.COMPILED, Phase.RUNNING, Phase.RAN,
                                                Phase.RUN_ERROR]
    assert [p for p in Phase if p.ran] == [Phase.RUNNING, Phase.RAN, Phase.RUN_ERROR]


def test_user_frames_skip_torch_frames():
    st = ('File "/x/site-packages/torch/nn/modules/linear.py", line 134, in forward\n'
          'File "/home/u/model.py", line 12, in forward\n    y = f(x)')
    assert mapping.user_frames([st]) == ("/home/u/model.py:12",)


def test_kernel_cuts_follow_launch_order_and_provenance():
    nodes = [{"name": n} for n in ("sigmoid", "mul", "matmul", "log", "mul_1", "matmul_1")]
    prov = {"cpp_fused_mul_sigmoid_0": [{"pre_grad_nodes": ["mul", "sigmoid"]}],
            "aoti_torch_cpu_mm_out": [{"pre_grad_nodes": ["matmul"]}, {"pre_grad_nodes": ["matmul_1"]}],
            "cpp_fused_log_mul_1": [{"pre_grad_nodes": ["mul_1", "log"]}]}
    launched = ("cpp_fused_mul_sigmoid_0", "aoti_torch_cpu_mm_out", "cpp_fused_log_mul_1",
                "aoti_torch_cpu_mm_out")
    assert mapping.kernel_cuts(nodes, launched, prov) == [
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
    assert r                                   # truthy: passed, no fault reproduced


def test_result_truth_and_dict_round_trip(tmp_path, monkeypatch):
    r, _, _ = _fake(tmp_path, monkeypatch, FAKE_NODES=8, FAKE_BAD=3, FAKE_FAULT="mismatch",
                    FAKE_NO_TRACE=1)
    assert not r and r.fault is Fault.MISMATCH  # falsy: a fault was found
    d = r.to_dict()
    back = bisection.BisectResult.from_dict(json.loads(json.dumps(d)))
    assert back.to_dict() == d
    assert back.fault is Fault.MISMATCH and back.evidence == r.evidence
    assert back.source_nodes == r.source_nodes and back.launched == r.launched
    assert bisection.BisectResult.from_dict({"fault": None}) == bisection.BisectResult(None)


def _artifacts(tmp_path, name="art"):
    art = tmp_path / name
    art.mkdir()
    (art / "program.pt2").write_bytes(b"p")
    (art / "inputs.pt").write_bytes(b"i")
    return art


def test_result_owns_its_artifacts_until_closed(tmp_path):
    import pickle

    art = _artifacts(tmp_path)
    r = bisection.BisectResult(Fault.NAN, "k", artifacts=str(art))
    r._own_artifacts()
    script = r.write_repro(tmp_path / "out" / "repro.py")  # works while the result is open
    assert script.exists() and (tmp_path / "out" / "repro_artifacts" / "program.pt2").exists()
    assert '"nan"' in script.read_text()
    assert pickle.loads(pickle.dumps(r)) == r                # data crosses, ownership does not
    with r:
        pass
    assert not art.exists() and not r.has_artifacts
    r.close()                                                # idempotent
    from aotidebug.core.errors import AOTIDebugError

    with pytest.raises(AOTIDebugError, match="was removed.*keep_work=True"):
        r.write_repro(tmp_path / "again.py")
    with pytest.raises(AOTIDebugError, match="no artifacts dir.*keep_work=True"):
        bisection.BisectResult(Fault.NAN).write_repro(tmp_path / "none.py")


def test_result_artifacts_go_when_the_result_is_collected(tmp_path):
    import gc

    art = _artifacts(tmp_path)
    r = bisection.BisectResult(Fault.CRASH, artifacts=str(art))
    r._own_artifacts()
    copy = bisection.BisectResult.from_dict(r.to_dict())   # a copy does not own the dir
    del copy
    gc.collect()
    assert art.exists()
    del r
    gc.collect()
    assert not art.exists()


@pytest.mark.parametrize("keep", [False, True])
def test_entry_point_artifacts_are_owned_unless_kept(tmp_path, monkeypatch, keep):
    import gc
    import tempfile

    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.log"))
    monkeypatch.setenv("FAKE_FAULT", "crash")
    monkeypatch.setattr(bisection, "CHILD", (str(HERE / "fake_checker.py"),))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    r = bisection.bisect_target("tests.models.unused:make", timeout=60, keep_work=keep)
    assert r.fault is Fault.CRASH and r.artifacts and Path(r.artifacts).is_dir()
    left = sorted(p.name.split("-")[2] if p.name.count("-") > 2 else "work"
                  for p in scratch.iterdir())
    assert left == (["artifacts", "work"] if keep else ["artifacts"])
    art = Path(r.artifacts)
    del r
    gc.collect()
    assert art.exists() == keep


def test_failed_bisect_leaves_no_artifacts(tmp_path, monkeypatch):
    import tempfile

    from aotidebug.core.errors import IsolationError

    monkeypatch.setattr(bisection, "CHILD", ("-c", "import sys; sys.exit(1)"))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    with pytest.raises(IsolationError):
        bisection.bisect_target("tests.models.unused:make", timeout=60)
    assert list(scratch.iterdir()) == []


def test_child_output_is_capped_while_read_keeping_head_and_tail():
    from aotidebug.runtime import subproc

    code = ("import sys; w = sys.stdout.write; w('HEAD' + 'a' * 4_000_000); "
            "w('b' * 12_000_000 + 'TAIL'); sys.stderr.write('err')")
    out = subproc.run_isolated(subproc.python_argv("-c", code), timeout=120)
    assert out.ok and out.stderr == "err"
    assert len(out.stdout.encode()) <= subproc.OUTPUT_LIMIT
    assert out.stdout.startswith("HEADaaa") and out.stdout.endswith("bbbTAIL")
    assert "bytes of output omitted here" in out.stdout
    small = subproc.run_isolated(subproc.python_argv("-c", "print('x' * 1000)"), timeout=60)
    assert small.stdout == "x" * 1000 + "\n"


def test_stream_cap_is_exact_across_chunk_sizes():
    from aotidebug.runtime.subproc import _CappedStream

    data = b"".join(b"%07d\n" % i for i in range(20_000))       # 160000 bytes of ASCII
    for chunk in (1, 7, 4096, 50_000, len(data)):
        s = _CappedStream(limit=10_000, head=1_000)
        for i in range(0, len(data), chunk):
            s.add(data[i:i + chunk])
        text = s.text()
        head, _, tail = text.partition("\n[aotidebug: ")
        assert head.encode() == data[:1_000]
        assert tail.split("]\n", 1)[1].encode() == data[-s.tail_limit:]
        assert f"{len(data) - 1_000 - s.tail_limit} bytes of output omitted" in text
        assert len(text.encode()) <= 10_000


def test_a_spent_time_budget_says_which_stage_and_how_to_raise_it(tmp_path, monkeypatch):
    """The error of a bisect that ran out of time carries its own diagnosis: the stage it stopped
    before and the argument that raises the limit (not a reading of its own message)."""
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.log"))
    work, art = tmp_path / "work", tmp_path / "art"
    work.mkdir()
    art.mkdir()
    with pytest.raises(AOTIDebugError) as info:
        bisection._bisect({"program": "unused"}, work=work, artifacts=art, device="cpu", timeout=0.5,
                          progress=None, configs={}, child=(str(HERE / "fake_checker.py"),))
    d = info.value.diagnosis
    assert d.code == "AOTP030" and info.value.details["stage"] == "trace"
    assert "'trace'" in d.summary and "timeout=" in d.fixes[0] and "--timeout" in d.fixes[0]
    assert d.confidence <= 0.1  # the root cause is not known: only what stopped bisect is
