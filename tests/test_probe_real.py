"""probe() on real packages compiled in the tests (cached under /tmp/probe-pkgs)."""
import os
import zipfile

import pytest

from types import SimpleNamespace

from aotidebug.runtime.probe import cases, policy, report, runner, tensors

# the probe's parts, under one name as the tests address them
probe = SimpleNamespace(**{k: v for m in (cases, policy, report, tensors, runner)
                           for k, v in vars(m).items() if not k.startswith("__")})
from aotidebug import PackageError
from aotidebug.faces.cli import main as cli_main


def _by(report):
    return {c.name: c for c in report.cases}


def test_static_reduction_smaller_input_crashes_contained(probed):
    rep, secs = probed("red")
    by = _by(rep)
    # the fp32 reduction over 4096 terms differs from eager in the last digits: still ok
    assert by["example"].verdict == "ok", by["example"].detail
    for name in ("args[0].shape[0]=1 (smaller)", "args[0].shape[1]=1 (smaller)"):
        c = by[name]
        assert c.verdict == "crashed", (name, c.verdict, c.detail)
        assert "SIG" in c.detail and not c.in_contract and c.would_refuse
        assert c.diagnosis is not None and c.diagnosis.to_dict()["category"]
    assert not rep.ok
    assert any("crashes the process" in s for s in rep.summary)
    assert os.getpid()  # the caller survived: we are still here
    print(f"red: {secs:.1f} s, {rep.worker_starts} worker starts")


def test_dynamic_batch_out_of_range_accepted_in_range_ok(probed, packages):
    import torch

    rep, secs = probed("dyn")
    by = _by(rep)
    for c in rep.cases:
        if c.in_contract:
            assert c.verdict == "ok", (c.name, c.verdict, c.detail)
    for v in (2, 33, 64):
        assert any(c.kind == "dim" and c.subject["value"] == v and c.verdict == "ok" for c in rep.cases)
    # 1 is below the recorded 2..64, but 2 is Inductor's floor for every dynamic size (AOTC038):
    # the code runs at 1 and gives the reference's numbers, so it is in the contract
    one = next(c for c in rep.cases if c.kind == "dim" and c.subject["value"] == 1)
    assert one.in_contract and not one.would_refuse and one.verdict == "ok", (one.verdict, one.detail)
    for v in (65,):
        c = next(c for c in rep.cases if c.kind == "dim" and c.subject["value"] == v)
        assert not c.in_contract and c.would_refuse
        assert c.verdict in ("accepted", "wrong"), (c.name, c.verdict, c.detail)
        assert c.diagnosis is not None and c.diagnosis.category.value == "dynamic_shape_guard"
        assert set(c.findings) & {"AOTC032", "AOTC033"}
    assert any("(outside Dim 2..64) runs without error: set AOTI_RUNTIME_CHECK_INPUTS=1 in production "
               "or widen the Dim" in s for s in rep.summary), rep.summary
    assert rep.worker_starts == 1  # nothing crashed: one start
    print(f"dyn: {secs:.1f} s")


def test_dynamic_batch_with_exported_program_reference(packages):
    import torch

    spec = packages.spec("dyn")
    ep = torch.export.export(spec["model"], tuple(spec["inputs"]), dynamic_shapes=spec["dynamic_shapes"])
    rep = probe.probe(packages.build("dyn"), ep, inputs=tuple(spec["inputs"]))
    assert rep.reference == "ExportedProgram"
    assert all(c.verdict == "ok" for c in rep.cases if c.in_contract)
    c65 = next(c for c in rep.cases if c.kind == "dim" and c.subject["value"] == 65)
    # the exported module refuses batch 65; the package runs it: accepted, and the detail says so
    assert c65.verdict == "accepted" and "reference raised" in c65.detail


def test_pointwise_strided_view_is_wrong(probed):
    rep, _ = probed("pointwise")
    c = _by(rep)["args[0] transposed"]
    assert c.verdict == "wrong", (c.verdict, c.detail)
    assert not c.in_contract and c.would_refuse and "AOTC040" in c.findings
    assert "max abs diff" in c.detail
    assert _by(rep)["example"].verdict == "ok"


def test_embedding_with_valid_indices_in_contract_all_ok(probed):
    rep, _ = probed("iob_embed")
    inside = [c for c in rep.cases if c.in_contract]
    assert inside and all(c.verdict == "ok" for c in inside), [(c.name, c.verdict) for c in inside]
    assert not any(c.kind == "dtype" for c in rep.cases)  # integer input: no float dtype cases
    assert not any("synthesised" in n for n in rep.notes)


def test_wrong_dtype_is_refused(probed):
    rep, _ = probed("small")
    c = _by(rep)["args[0] float64"]
    assert c.verdict == "refused", (c.verdict, c.detail)
    assert "dtype" in c.detail and c.diagnosis is not None


def test_dict_keys_reordered_is_wrong(probed):
    rep, _ = probed("dictin")
    c = _by(rep)["dict keys reordered"]
    assert c.verdict == "wrong", (c.verdict, c.detail)
    assert "AOTC003" in c.findings


def test_runtime_check_flag_turns_findings_into_refusals(packages, monkeypatch):
    """With AOTI_RUNTIME_CHECK_INPUTS=1 in the environment (inherited by the worker), the package's
    own guards refuse every out-of-contract case by name. They refuse size 1 too, which the
    package runs right (Inductor's floor of 2, AOTC038): the one finding, with torch's switch."""
    monkeypatch.setenv("AOTI_RUNTIME_CHECK_INPUTS", "1")
    spec = packages.spec("dyn")
    rep = probe.probe(packages.build("dyn"), spec["model"], inputs=tuple(spec["inputs"]))
    bad = [(c.name, c.verdict) for c in rep.cases if c.finding]
    assert bad == [("s77=1 (min-1, one)", "refused")], bad
    assert any("check_lowerbound" in s for s in rep.summary), rep.summary
    c65 = next(c for c in rep.cases if c.kind == "dim" and c.subject["value"] == 65)
    assert c65.verdict == "refused" and "input_handles[0]" in c65.detail


def test_no_reference_no_inputs_synthesises_and_judges_crashes_only(packages):
    rep = probe.probe(packages.build("iob_embed"))
    assert any("synthesised as small non-negative" in n for n in rep.notes)
    assert any("no reference" in n for n in rep.notes)
    assert all(c.verdict == "ok" for c in rep.cases if c.in_contract)


def test_reference_that_raises_gives_case_verdicts(packages):
    def bad_reference(x):
        raise ValueError("reference is broken")

    rep = probe.probe(packages.build("pointwise"), bad_reference)
    ex = _by(rep)["example"]
    assert ex.verdict == "error" and "reference raised ValueError" in ex.detail
    assert not rep.ok


def test_missing_path_and_hostile_archive_are_typed_errors(tmp_path, packages):
    with pytest.raises(PackageError):
        probe.probe(tmp_path / "nope.pt2")
    evil = tmp_path / "evil.pt2"
    with zipfile.ZipFile(packages.build("pointwise")) as src, zipfile.ZipFile(evil, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        dst.writestr("../escape.txt", "x")
    with pytest.raises(PackageError, match="escape"):
        probe.probe(evil)
    with pytest.raises(TypeError):
        probe.probe(packages.build("pointwise"), reference=42)


def test_cli_json_exit_codes(tmp_path, packages, capsys):
    import json

    import torch

    inp = tmp_path / "in.pt"
    torch.save(tuple(packages.spec("pointwise")["inputs"]), inp)
    cwd = os.getcwd()
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    try:
        rc = cli_main(["probe", str(packages.build("pointwise")), "--reference",
                       "tests.cli_ref:make_model", "--inputs", str(inp), "--json"])
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    data = json.loads(out)
    assert rc == 1 and data["ok"] is False
    assert any(c["verdict"] == "wrong" and c["name"] == "args[0] transposed" for c in data["cases"])


@pytest.mark.parametrize("name", ["red", "dyn", "pointwise", "iob_embed", "small", "dictin"])
def test_every_case_not_ok_has_a_diagnosis_and_the_report_serialises(probed, name):
    import json

    from aotidebug import Diagnosis

    rep, _ = probed(name)
    for c in rep.cases:
        assert c.verdict in probe.VERDICTS_ALL
        if c.verdict != "ok":
            assert isinstance(c.diagnosis, Diagnosis), (c.name, c.verdict)
    data = json.loads(rep.to_json())
    assert data["ok"] == rep.ok == bool(rep) and len(data["cases"]) == len(rep.cases)
    assert len(rep.summary) == sum(c.finding for c in rep.cases)
    assert "<table>" in rep._repr_html_() and rep.package in str(rep)


def test_timeout_path_gives_hang_and_the_worker_is_replaced(packages):
    """A real isolated worker with a call timeout shorter than one round trip: the call passes its
    timeout, the worker is killed, the verdict is hang, and the caller carries on."""
    import torch

    import aotidebug

    path = str(packages.build("pointwise"))
    sm = aotidebug.safe_load(path, isolate=True, check_inputs=False, timeout=1e-4)
    try:
        spec = probe.CaseSpec("example", "example", "d", True, (probe.InputRecipe((3, 5), "float32"),))
        info = aotidebug.inspect_package(path)
        struct = probe.spec_structure(info.model().in_spec)
        case, crashed = probe._run_case(sm, spec, [torch.randn(3, 5)], struct, info, path, None,
                                        None, None, 1e-4, None, None)
        assert case.verdict == "hang" and crashed, (case.verdict, case.detail)
        assert case.diagnosis is not None and not sm.worker.alive
    finally:
        sm.close()
