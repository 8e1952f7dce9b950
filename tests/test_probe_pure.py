"""The pure layers: case generation, verdict policy, tolerance rule, report; no package runs."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from types import SimpleNamespace

from aotidebug.runtime.probe import cases, policy, report, runner, tensors

# the probe's parts, under one name as the tests address them
probe = SimpleNamespace(**{k: v for m in (cases, policy, report, tensors, runner)
                           for k, v in vars(m).items() if not k.startswith("__")})
from aotidebug.package.inspect import DimInfo, InputSpec
from tests.hostile import HidesItsNames

HERE = Path(__file__).resolve().parent.parent


def _specs_dyn():
    return [InputSpec(0, "arg0_1", "float32", (DimInfo("s77", 2, 64), 8), (8, 1), "cpu")]


def test_import_does_not_import_torch():
    code = ("import sys; import aotidebug.runtime.probe.runner, aotidebug.runtime.probe.cases; "
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(HERE), "PATH": "/usr/bin:/bin"}, cwd=HERE)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_inputs_that_break_a_tied_size_are_out_of_contract():
    """Two inputs share the batch symbol and a third has `2L*s1`: each fits its own range, the
    example breaks the ties (AOTC037), and the size cases move the tied dims together."""
    specs = [InputSpec(0, "x", "float32", (DimInfo("s0", 2, 64), DimInfo("s1", 2, 32)), ("s1", 1), "cpu"),
             InputSpec(1, "ids", "int64", (DimInfo("s0", 2, 64),), (1,), "cpu"),
             InputSpec(2, "y", "float32", (DimInfo("s0", 2, 64), DimInfo("2L*s1", 4, 64)), ("2L*s1", 1), "cpu")]
    struct = ("tuple", (("tuple", ("leaf", "leaf", "leaf")), ("dict", (), ())))
    notes: list = []
    cases = probe.generate_cases(specs, struct, [(5, 4), (4,), (5, 9)], ["float32", "int64", "float32"],
                                 notes=notes)
    example = next(c for c in cases if c.name == "example")
    assert not example.in_contract
    assert example.subject["out_of_contract"] == ["args[1]: dim 0 = 4, tied to s0 = 5",
                                                  "args[2]: dim 1 = 9, tied to 2L*s1 = 8"]
    assert [n for n in notes if n.startswith("the example inputs are outside")]
    fine = probe.generate_cases(specs, struct, [(5, 4), (5,), (5, 8)], ["float32", "int64", "float32"])
    dims = [c for c in fine if c.kind == "dim" and c.in_contract]
    assert dims and all(c.inputs[0].shape[0] == c.inputs[1].shape[0] == c.inputs[2].shape[0] for c in dims)
    assert next(c for c in fine if c.name == "example").in_contract
    # the derived dim follows its symbol (it has no cases of its own): s1 = 2, 17, 32 are inside
    s1 = {c.subject["value"]: c for c in fine if c.kind == "dim" and c.subject["symbol"] == "s1"}
    assert {v: c.inputs[2].shape[1] for v, c in s1.items()} == {2: 4, 32: 64, 17: 34, 1: 2, 33: 66, 0: 0}
    assert [v for v, c in sorted(s1.items()) if c.in_contract] == [2, 17, 32]
    assert not [c for c in fine if c.kind == "dim" and c.subject["symbol"] == "2L*s1"]
    assert probe.contract_shapes(specs) == [(4, 4), (4,), (4, 8)]  # an example from the contract keeps the ties


def test_dynamic_dim_cases_and_contract():
    struct = ("tuple", (("tuple", ("leaf",)), ("dict", (), ())))
    cases = probe.generate_cases(_specs_dyn(), struct, [(4, 8)], ["float32"])
    by = {c.name: c for c in cases}
    assert by["example"].in_contract
    # 1 is below the recorded 2, which is Inductor's floor for every dynamic size: in (AOTC038)
    for v, inside in ((2, True), (64, True), (33, True), (1, True), (65, False), (0, False)):
        c = next(c for c in cases if c.kind == "dim" and c.subject["value"] == v)
        assert c.in_contract is inside, c
        assert c.inputs[0].shape == (v, 8)
    assert by["s77=1 (min-1, one)"]  # min-1 and 1 coincide: one case
    static = [c for c in cases if c.kind == "static"]
    assert {c.inputs[0].shape for c in static} == {(4, 1), (4, 9)}
    assert all(not c.in_contract for c in static)
    t = by["args[0] transposed"]
    assert t.inputs[0].layout == "transposed" and not t.in_contract  # stride 8 is static
    assert {c.inputs[0].dtype for c in cases if c.kind == "dtype"} == {"float64", "float16", "bfloat16"}
    assert {c.arity for c in cases if c.kind == "arity"} == {-1, 1}
    assert not any(c.kind == "dict_order" for c in cases)  # no dict argument
    assert len({(c.inputs, c.arity, c.dict_order) for c in cases}) == len(cases)  # no duplicates


def test_symbolic_strides_keep_a_view_in_contract_and_channels_last():
    spec = InputSpec(0, "x", "float32", (DimInfo("s0", 1, 8), 3, 4, 5), ("s1", 20, 5, 1), "cpu")
    cases = probe.generate_cases([spec], None, [(2, 3, 4, 5)], ["float32"])
    kinds = {c.name: c for c in cases if c.kind == "layout"}
    assert set(kinds) == {"args[0] transposed", "args[0] channels_last"}
    assert all(not c.in_contract for c in kinds.values())  # strides 20, 5, 1 are static
    assert probe.layout_strides((2, 3, 4, 5), "channels_last") == (60, 1, 15, 3)
    assert probe.layout_strides((3, 5), "transposed") == (1, 3)
    assert probe.layout_strides((6,), "strided") == (2,)


def test_dict_order_case_and_paths():
    struct = ("tuple", (("tuple", ("leaf", ("dict", ("a", "b"), ("leaf", "leaf")))), ("dict", (), ())))
    specs = [InputSpec(i, f"arg{i}_1", "float32", (2, 3), (3, 1), "cpu") for i in range(3)]
    cases = probe.generate_cases(specs, struct, [(2, 3)] * 3, ["float32"] * 3)
    d = [c for c in cases if c.kind == "dict_order"]
    assert len(d) == 1 and not d[0].in_contract and d[0].subject["keys"] == [["a", "b"]]
    assert probe.leaf_paths(struct, 3) == ["args[0]", "args[1]['a']", "args[1]['b']"]
    args, kwargs = probe.build_call([1, 2, 3], struct, reorder=True)
    assert list(args[1]) == ["b", "a"] and args[1] == {"a": 2, "b": 3} and kwargs == {}


def test_contract_shapes_and_missing_sizes():
    assert probe.contract_shapes(_specs_dyn()) == [(4, 8)]
    with pytest.raises(probe.AOTIDebugError, match="pass inputs="):
        probe.contract_shapes([InputSpec(0, "x", "float32", None, None, "cpu")])


def test_oversized_case_is_skipped_with_a_note():
    notes = []
    spec = InputSpec(0, "x", "float32", (DimInfo("s0", 2, 10**9), 1024), (1024, 1), "cpu")
    cases = probe.generate_cases([spec], None, [(4, 1024)], ["float32"], notes=notes)
    assert not any(c.kind == "dim" and c.subject["value"] >= 10**9 for c in cases)
    assert any("skipped" in n for n in notes)


def test_verdict_table_is_complete_and_matches_the_issue():
    outcomes = {o for _, o in probe.VERDICTS}
    for ic in (True, False):
        for o in outcomes:
            assert probe.verdict_for(ic, o) in probe.VERDICTS_ALL
    assert probe.verdict_for(True, "ran_match") == "ok"
    assert probe.verdict_for(False, "ran_match") == "accepted"
    assert probe.verdict_for(False, "ran_differ") == "wrong"
    assert probe.verdict_for(False, "raised_clear") == "refused"
    assert probe.verdict_for(False, "signal") == "crashed"
    assert probe.verdict_for(True, "timeout") == "hang"
    assert probe.is_finding(False, "accepted") and not probe.is_finding(False, "refused")
    assert not probe.is_finding(False, "error") and probe.is_finding(True, "refused")


def test_tolerance_fp32_reduction_is_not_wrong_but_a_real_error_is():
    import torch

    torch.manual_seed(0)
    x = torch.randn(256, 4096)
    eager = x.sum(dim=1)
    # another summation order, as a vectorised kernel does: 16 partial sums of 256 terms
    other = x.view(256, 16, 256).sum(dim=2).sum(dim=1)
    assert not torch.equal(eager, other)  # they do differ in the last digits
    ok, detail = probe.compare(other, eager, reduction=4096)
    assert ok, detail
    bad = other.clone()
    bad[3] += 0.05 * max(1.0, float(eager.abs().max()))
    ok, detail = probe.compare(bad, eager, reduction=4096)
    assert not ok and "max abs diff" in detail


def test_tolerance_nan_int_and_shape_rules():
    import torch

    a = torch.tensor([1.0, float("nan"), 3.0])
    assert probe.compare(a, a.clone())[0]
    assert not probe.compare(a, torch.tensor([1.0, 2.0, 3.0]))[0]
    assert not probe.compare(torch.tensor([1, 2]), torch.tensor([1, 3]))[0]
    assert probe.compare(torch.tensor([1, 2]), torch.tensor([1, 2]))[0]
    assert not probe.compare(torch.zeros(2, 3), torch.zeros(3, 2))[0]
    assert not probe.compare((torch.zeros(1),), (torch.zeros(1), torch.zeros(1)))[0]
    h = torch.tensor([1.0, 2.0], dtype=torch.float16)
    assert probe.compare(h, torch.tensor([1.0005, 2.001]))[0]  # the looser dtype's rule
    assert probe.tolerance_for("int64", "int64") == probe.EXACT
    assert probe.tolerance_for("float32", "float64").rtol == probe.TOLERANCE["float32"].rtol
    assert probe.tolerance_for("float32", "float32", rtol=0.5).rtol == 0.5


def _case(name, in_contract, verdict, kind="dim", **subject):
    return probe.ProbeCase(name, kind, f"desc {name}", in_contract, verdict, "d", not in_contract,
                           subject=subject)


def test_report_ok_summary_and_serialisation():
    good = probe.ProbeReport("p.pt2", (_case("example", True, "ok", "example"),
                                       _case("b=65", False, "refused")))
    assert good.ok and bool(good) and good.summary == ()
    bad = probe.ProbeReport("p.pt2", (
        _case("example", True, "ok", "example"),
        _case("s77=65 (max+1)", False, "accepted", symbol="s77", value=65, min=2, max=64,
              at="args[0].shape[0]"),
        _case("args[0].shape[0]=1 (smaller)", False, "crashed", "static"),
        _case("odd", False, "error")))
    assert not bad.ok and not bool(bad)
    assert bad.summary[0] == ("args[0].shape[0] = 65 (outside Dim 2..64) runs without error: set "
                              "AOTI_RUNTIME_CHECK_INPUTS=1 in production or widen the Dim")
    assert "crashes the process" in bad.summary[1] and len(bad.summary) == 2
    data = json.loads(bad.to_json())
    assert data["ok"] is False and data["counts"]["accepted"] == 1 and len(data["cases"]) == 4
    text = str(bad)
    assert "FINDINGS" in text and "s77=65 (max+1)" in text and "findings:" in text
    assert "<table>" in bad._repr_html_()


def test_run_order_puts_smaller_static_sizes_last():
    struct = None
    spec = InputSpec(0, "x", "float32", (2, 8), (8, 1), "cpu")
    cases = probe.generate_cases([spec], struct, [(2, 8)], ["float32"])
    order = [cases[i] for i in probe.run_order(cases)]
    assert order[0].name == "example"
    tail = [c.name for c in order[-2:]]
    assert all("smaller" in n for n in tail), tail


def test_cli_usage_and_input_errors(tmp_path, capsys):
    """Exit 2 for usage (bad arguments, a reference that cannot be imported), 3 for a package or
    inputs file that cannot be read (with its diagnosis), as every aotidebug command does."""
    from aotidebug.faces.cli import EXIT_INPUT, EXIT_USAGE, main

    with pytest.raises(SystemExit) as exc:
        main(["probe"])
    assert exc.value.code == EXIT_USAGE
    assert main(["probe", str(tmp_path / "m.pt2"), "--reference", "nocolon"]) == EXIT_USAGE
    assert main(["probe", str(tmp_path / "m.pt2"), "--reference", "no_such_mod_xyz:f"]) == EXIT_USAGE
    assert main(["probe", str(tmp_path / "missing.pt2")]) == EXIT_INPUT
    assert "AOTP001" in capsys.readouterr().err
    assert main(["probe", str(tmp_path / "m.pt2"), "--inputs", str(tmp_path / "none.pt")]) == EXIT_INPUT


def test_hang_and_crash_outcomes_with_a_fake_worker():
    """The runner's mapping of CrashError (timeout / signal) to verdicts, without a real hang."""
    import torch

    from aotidebug.core.errors import CrashError

    class FakeModel:
        def __init__(self, reason):
            self.reason = reason

        def __call__(self, *a, **k):
            raise CrashError("boom", reason=self.reason, signal="SIGSEGV" if self.reason == "signal" else None,
                             kernel="cpp_fused_0", returncode=-11)

    spec = probe.CaseSpec("example", "example", "d", True, (probe.InputRecipe((2,), "float32"),))
    info = type("I", (), {})()
    base = [torch.zeros(2)]
    case, crashed = probe._run_case(FakeModel("timeout"), spec, base, None, info, "p.pt2", None,
                                    None, None, 0.5, None, None)
    assert case.verdict == "hang" and crashed and "0.5 s" in case.detail
    case, crashed = probe._run_case(FakeModel("signal"), spec, base, None, info, "p.pt2", None,
                                    None, None, 0.5, None, None)
    assert case.verdict == "crashed" and "SIGSEGV in kernel cpp_fused_0" in case.detail


class _WorkerError(Exception):
    """The worker's error as the isolated SafeModel chains it: the text and the child's stderr."""

    def __init__(self, text: str, stderr: str):
        super().__init__(text)
        self.stderr = stderr


GENERIC = ("run_func_( container_handle_, input_handles.data(), input_handles.size(), output_handles.data(), "
           "output_handles.size(), reinterpret_cast<AOTInductorStreamHandle>(stream_handle), "
           "proxy_executor_handle_) API call failed at /pytorch/torch/csrc/inductor/aoti_runner/"
           "model_container_runner.cpp, line 144")


@pytest.mark.parametrize("stderr,lead", [
    # torch 2.10.0's real stderr for a batch past the compiled size (AOTI_RUNTIME_CHECK_INPUTS=1)
    ("Error: input_handles[0]: unmatched dim value at 0, expected: 2, but got: 3\n",
     "input_handles[0]: unmatched dim value at 0, expected: 2, but got: 3"),
    # and for a float64 input: the C shim logs the op's refusal, then the wrapper's failed call
    ("[E1206 10:14:48.549246094 c_shim_cpu.cpp:593] Exception in aoti_torch: mat1 and mat2 must have the "
     "same dtype, but got Double and Float\nError: aoti_torch_cpu_addmm_out(buf1, buf0) API call failed at "
     "/tmp/c/w.wrapper.cpp, line 670\n",
     "mat1 and mat2 must have the same dtype, but got Double and Float"),
])
def test_a_generic_runner_line_leads_with_what_the_runtime_printed(stderr, lead):
    from aotidebug.runtime.probe.tensors import _first_line, _raw_text

    err = RuntimeError("refused")
    err.__cause__ = _WorkerError(GENERIC, stderr)
    assert _first_line(_raw_text(err)) == lead
    # torch 2.13 raises the words itself: the exception's own first line leads
    err.__cause__ = _WorkerError("input_handles[0]: unmatched dim value at 0, expected: 2, but got: 3", stderr)
    assert _first_line(_raw_text(err)).startswith("input_handles[0]")



def test_probe_refuses_a_timeout_that_is_no_finite_positive_number():
    import aotidebug

    for timeout in (float("inf"), 0, -1, True, "60"):
        with pytest.raises(ValueError, match="timeout must be a positive, finite number"):
            aotidebug.probe("/nonexistent/model.pt2", timeout=timeout)


@pytest.mark.parametrize("tol", [{"atol": "x"}, {"rtol": -1}, {"atol": float("nan")},
                                 {"rtol": float("inf")}, {"atol": True}])
def test_probe_refuses_a_tolerance_that_is_no_finite_non_negative_number(tol):
    import aotidebug

    # once accepted: every case's comparison then failed on its own
    with pytest.raises(ValueError, match="must be None or a finite number >= 0"):
        aotidebug.probe("/nonexistent/model.pt2", **tol)


class _Scorer(metaclass=HidesItsNames):
    def __call__(self, x):
        return x


class _Plain(metaclass=HidesItsNames):
    pass


def test_probe_names_a_reference_of_a_class_that_hides_its_names():
    fn, name = tensors.resolve_reference(_Scorer())  # raised AttributeError('__name__')
    assert callable(fn) and name == "_Scorer"
    with pytest.raises(TypeError, match="got _Plain"):
        tensors.resolve_reference(_Plain())
