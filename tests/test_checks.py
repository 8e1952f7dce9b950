"""check_inputs / check_host / consistency_findings against REAL faults of real packages on the
CPU: each case shows raw aoti_load_package behaviour first (error, silent wrong numbers, or a
segfault in a child process), then that diagnose() names the measured cause."""
import json
import statistics
import sys
import time
import zipfile

import pytest
import torch
from packaging.version import Version

from aotidebug import diagnose
from aotidebug.core.categories import Category
from aotidebug.checks.codes import CODES
from aotidebug.checks.consistency import consistency_findings
from aotidebug.checks.exported import load_inputs_file
from aotidebug.checks.host import HostFacts, check_host, host_findings, parse_compute_capability
from aotidebug.checks.inputs import check_inputs, compile_input_checker
from aotidebug.faces.cli import EXIT_FINDINGS, EXIT_INPUT, EXIT_OK, main
from aotidebug.core.errors import AOTIDebugError
from aotidebug.core.hints import ALL as HINTS
from aotidebug.package.inspect import inspect_package
from aotidebug.runtime.subproc import python_argv, run_isolated



@pytest.fixture(scope="module")
def pk(packages):
    return {n: packages.build(n) for n in ("small", "dyn", "big", "dictin", "pointwise")}


@pytest.fixture(scope="module")
def loaded(pk):
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = torch._inductor.aoti_load_package(str(pk[name]))
        return cache[name]
    return get


def codes(findings):
    return [f.code for f in findings]


def assert_top(d, category, code):
    assert d.category is category, (d.category, d.summary)
    assert d.code == code
    assert any(e.label == code and e.source == "consistency" for e in d.evidence)
    assert d.fixes and d.fixes[0] in HINTS.values()


# ---------------------------------------------------------------- the real faults
def test_too_small_static_input_segfaults(pk):
    """Big is compiled for (4096, 4096); a (1, 1) input makes the kernel read far out of bounds."""
    script = ("import torch, sys\nm = torch._inductor.aoti_load_package(sys.argv[1])\n"
              "print('calling', flush=True)\nm(torch.randn(1, 1))\nprint('survived')\n")
    out = run_isolated(python_argv("-c", script, str(pk["big"])), timeout=120)
    assert out.crashed and out.signal == "SIGSEGV", out.to_dict()
    x = torch.randn(1, 1)
    d = diagnose(out.stderr, inputs=(x,), package=pk["big"])
    assert_top(d, Category.INPUT_MISMATCH, "AOTC031")
    ev = next(e for e in d.evidence if e.label == "AOTC031")
    assert ev.fields["expected"] == 4096 and ev.fields["got"] == 1 and ev.fields["name"] == "arg0_1"
    text_only = diagnose(out.stderr)  # a bare segfault: the text alone reads a crash
    assert text_only.category is Category.CRASH
    assert Category.CRASH in [c.category for c in d.candidates[1:]]  # kept as a lower candidate


# torch <= 2.12 raises the runner's generic "... API call failed at ..." and prints the runtime's own
# words to stderr (run on 2.12.1); 2.13 and later raise the words themselves
RAISES_ITS_WORDS = Version(Version(torch.__version__).base_version) >= Version("2.13")


def raised(words: str) -> str:
    """What the compiled model's error says, on the installed torch."""
    return words if RAISES_ITS_WORDS else "API call failed"


def test_meta_input(pk, loaded):
    x = torch.randn(2, 8, device="meta")
    with pytest.raises(RuntimeError, match=raised("Expected out tensor to have device meta")) as ei:
        loaded("small")(x)
    d = diagnose(ei.value, inputs=(x,), package=pk["small"])
    assert_top(d, Category.DEVICE_MISMATCH, "AOTC011")


def test_fake_tensor_input(pk):
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode():
        x = torch.randn(2, 8)
    assert codes(check_inputs(pk["small"], (x,))) == ["AOTC011"]


def test_float64_input(pk, loaded):
    x = torch.randn(2, 8, dtype=torch.float64)
    with pytest.raises(RuntimeError, match=raised("same dtype")) as ei:
        loaded("small")(x)
    d = diagnose(ei.value, inputs=(x,), package=pk["small"])
    assert_top(d, Category.INPUT_MISMATCH, "AOTC020")
    ev = next(e for e in d.evidence if e.label == "AOTC020")
    assert (ev.fields["expected"], ev.fields["got"], ev.fields["input"]) == ("float32", "float64", 0)


def test_too_large_static_batch_gives_wrong_numbers(pk, loaded, packages):
    """(3, 8) against a compiled (2, 8): runs, no error, wrong numbers (aoti-facts.md, 9)."""
    model = packages.spec("small")["model"]
    x = torch.randn(3, 8)
    got = loaded("small")(x)
    want = model(x)  # torch 2.13: the output is resized to (3, 4) and its numbers are wrong
    assert got.shape == want.shape == (3, 4)
    assert not torch.allclose(got, want, atol=1e-3)
    d = diagnose(None, inputs=(x,), package=pk["small"])
    assert_top(d, Category.INPUT_MISMATCH, "AOTC031")


def test_strided_view_into_fused_kernel_gives_wrong_numbers(pk, loaded):
    x = torch.randn(5, 3).t()  # (3, 5) with strides (1, 3); compiled for contiguous (5, 1)
    got = loaded("pointwise")(x)
    assert (got - (torch.sin(x) * 2 + x)).abs().max() > 0.1  # silently wrong
    d = diagnose(None, inputs=(x,), package=pk["pointwise"])
    assert_top(d, Category.INPUT_MISMATCH, "AOTC040")
    ev = next(e for e in d.evidence if e.label == "AOTC040")
    assert ev.fields["expected"] == [5, 1] and ev.fields["got"] == [1, 3]
    assert check_inputs(pk["pointwise"], (x.contiguous(),)) == []


@pytest.mark.parametrize("batch,code", [(65, "AOTC033"), (100, "AOTC033"), (1, "AOTC038"), (0, "AOTC032")])
def test_dynamic_batch_outside_range_runs_silently(pk, loaded, packages, batch, code):
    x = torch.randn(batch, 8)
    out = loaded("dyn")(x)  # no error on torch 2.13 without AOTI_RUNTIME_CHECK_INPUTS
    assert out.shape == (batch, 4)
    if batch == 1:  # below the recorded minimum 2, Inductor's floor for every dynamic size: right
        assert torch.allclose(out, packages.spec("dyn")["model"](x), atol=1e-5)
        assert check_inputs(pk["dyn"], (x,))[0].severity.value == "warning"  # noted, not refused
    d = diagnose(None, inputs=(x,), package=pk["dyn"])
    assert_top(d, Category.DYNAMIC_SHAPE_GUARD, code)
    ev = next(e for e in d.evidence if e.label == code)
    assert (ev.fields["min"], ev.fields["max"], ev.fields["got"]) == (2, 64, batch)


def test_a_transposed_input_is_named_as_a_layout_not_a_size(pk):
    # (8, 5) into (batch[2..64], 8): the sizes fit in the other order, which moves the static 8
    x = torch.randn(5, 8).t()
    d = diagnose(None, inputs=(x.contiguous(),), package=pk["dyn"])
    assert_top(d, Category.INPUT_MISMATCH, "AOTC035")
    ev = next(e for e in d.evidence if e.label == "AOTC035")
    assert ev.fields["order"] == [1, 0] and ev.fields["got"] == [8, 5]
    assert check_inputs(pk["dyn"], (x.t().contiguous(),)) == []
    # a batch past the range with the right order is still the range
    assert [f.code for f in check_inputs(pk["dyn"], (torch.randn(70, 8),))] == ["AOTC033"]


def test_only_an_order_that_moves_a_static_size_is_a_layout():
    from aotidebug.checks.inputs import _fitting_order
    # NHWC sent to an NCHW package: the static 3 moves
    assert _fitting_order((("b", 1, 64), 3, 32, 32), (2, 32, 32, 3)) == (0, 3, 1, 2)
    # two dynamic sizes that fit only when swapped say nothing about a layout
    assert _fitting_order((("b", 2, 8), ("s", 2, 64)), (16, 4)) is None
    assert _fitting_order((2, 8), (3, 8)) is None


def test_a_size_past_its_range_with_every_static_size_in_place_is_the_range():
    # live172-06: (2, 96, 2) into (s51[2..200], s37[2..64], 2). Moving the batch of 2 to the last
    # axis also fits, by coincidence; the given order keeps the static 2 in place, so the 96 past
    # its maximum is the cause, not a transposed layout
    from aotidebug.checks.inputs import _check_tensor, _Expect

    def expect(dims):
        return _Expect(0, "arg1_1", torch.float32, "float32", "cpu", len(dims), None, dims, None, None)

    mix = expect((("s51", 2, 200), ("s37", 2, 64), 2))
    assert [f.code for f in _check_tensor(mix, "args[0]", torch.zeros(2, 96, 2))] == ["AOTC033"]
    # a static size broken as given, that another order mends, is still the layout
    nchw = expect((("b", 1, 64), 3, 32, 32))
    assert [f.code for f in _check_tensor(nchw, "args[0]", torch.zeros(2, 32, 32, 3))][0] == "AOTC035"


def test_dynamic_batch_inside_range_is_clean(pk):
    for b in (2, 17, 64):
        assert check_inputs(pk["dyn"], (torch.randn(b, 8),)) == []


def test_wrong_argument_count(pk, loaded):
    x = torch.randn(2, 8)
    with pytest.raises(RuntimeError, match="expected inputs vector size to be 1, but got 2") as ei:
        loaded("small")(x, x)
    d = diagnose(ei.value, inputs=(x, x), package=pk["small"])
    assert_top(d, Category.INPUT_MISMATCH, "AOTC001")
    assert codes(check_inputs(pk["small"], ())) == ["AOTC001"]


def test_dict_keys_in_another_order_are_silently_swapped(pk, loaded):
    x, a, b = torch.ones(2, 3), torch.full((2, 3), 2.0), torch.full((2, 3), 3.0)
    m = loaded("dictin")
    right = m(x, {"a": a, "b": b})
    swapped = m(x, {"b": b, "a": a})
    assert right[0, 0].item() == -27.0 and swapped[0, 0].item() == -16.0  # no error, wrong answer
    d = diagnose(None, inputs=(x, {"b": b, "a": a}), package=pk["dictin"])
    assert_top(d, Category.INPUT_MISMATCH, "AOTC003")
    assert check_inputs(pk["dictin"], (x, {"a": a, "b": b})) == []
    assert codes(check_inputs(pk["dictin"], (x, {"a": a, "c": b}))) == ["AOTC002"]
    assert "AOTC002" in codes(check_inputs(pk["dictin"], (x, (a, b))))


def test_index_error_text_with_measured_cause(pk):
    """The issue's example: an 'index out of bounds' text while input 0 breaks the static shape is
    an input_mismatch; the text-only reading stays as a lower candidate."""
    text = "RuntimeError: index out of bounds: 0 <= tmp4 < 8L"
    d = diagnose(text, inputs=(torch.randn(1, 8),), package=pk["small"])
    assert d.category is Category.INPUT_MISMATCH
    assert Category.INDEX_OUT_OF_BOUNDS in [c.category for c in d.candidates]


def test_matching_inputs_have_no_findings(pk):
    assert check_inputs(pk["small"], (torch.randn(2, 8),)) == []
    assert check_inputs(pk["small"], torch.randn(2, 8)) == []  # one tensor = one positional arg
    d = diagnose(None, inputs=(torch.randn(2, 8),), package=pk["small"])
    assert d.category is Category.UNKNOWN


def test_other_contract_items(pk):
    info = inspect_package(pk["small"])
    assert codes(check_inputs(info, (torch.randn(2, 8, 1),))) == ["AOTC030"]
    assert codes(check_inputs(info, (torch.randn(2, 9),))) == ["AOTC031"]
    assert codes(check_inputs(info, ("not a tensor",))) == ["AOTC004"]
    assert codes(check_inputs(info, (torch.randn(2, 8).t().contiguous().t(),))) == ["AOTC040"]
    # a size-1 dim's stride is irrelevant; (1, 8) still breaks the static batch only
    assert codes(check_inputs(info, (torch.randn(8, 1).t(),))) == ["AOTC031"]


# ---------------------------------------------------------------- the fast checker
def test_compiled_checker_is_fast_and_still_explains(pk):
    check = compile_input_checker(pk["small"])
    good, bad = (torch.randn(2, 8),), (torch.randn(3, 8),)
    assert check(good) == [] and codes(check(bad)) == ["AOTC031"]
    samples = []
    for _ in range(7):
        t = time.perf_counter()
        for _ in range(2000):
            check(good)
        samples.append((time.perf_counter() - t) / 2000 * 1e6)
    assert statistics.median(samples) < 25.0  # microseconds per 1-tensor call (about 1-2 here)


# ---------------------------------------------------------------- host
def _edited_copy(src, dst, **changes):
    """A copy of a real package whose *_metadata.json members say something else."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item)
            if item.filename.endswith("_metadata.json"):
                md = json.loads(data)
                md.update(changes)
                data = json.dumps(md).encode()
            zout.writestr(item, data)
    return dst


def test_real_package_fits_this_host(pk):
    assert [f for f in check_host(pk["small"]) if f.severity != "info"] == []


@pytest.mark.parametrize("changes,code,severity", [
    ({"AOTI_CPU_ISA": "SVE256"}, "AOTC102", "fatal"),
    ({"AOTI_CPU_ISA": "AVX512 FANCY9000"}, "AOTC103", "info"),
    ({"AOTI_MACHINE": "aarch64"}, "AOTC101", "fatal"),
    ({"AOTI_PLATFORM": "darwin"}, "AOTC100", "fatal"),
    ({"torch_version": "2.6.0+cu124"}, "AOTC120", "warning"),
])
def test_edited_host_metadata(pk, tmp_path, changes, code, severity):
    p = _edited_copy(pk["small"], tmp_path / "edited.pt2", **changes)
    got = {f.code: f for f in check_host(p)}
    assert code in got and got[code].severity == severity
    assert got[code].category is CODES[code][1]


def test_amx_package_on_a_cpu_without_amx(pk, tmp_path):
    from aotidebug.checks.host import cpu_flags

    if "amx_tile" in (cpu_flags() or ()):
        pytest.skip("this CPU has AMX")
    p = _edited_copy(pk["small"], tmp_path / "amx.pt2", AOTI_CPU_ISA="AVX512 AVX512_VNNI AMX_TILE")
    (f,) = [f for f in check_host(p) if f.code == "AOTC102"]
    assert f.fatal and "amx_tile" in f.fields["missing"] and "SIGILL" in f.message


def test_cuda_package_on_this_host(pk, tmp_path):
    if torch.cuda.is_available():
        pytest.skip("needs a host without CUDA")
    p = _edited_copy(pk["small"], tmp_path / "cuda.pt2", AOTI_DEVICE_KEY="cuda", AOTI_COMPUTE_CAPABILITY="90")
    info = inspect_package(p)
    assert info.device_type == "cuda" and "9.0" not in str(check_host(info))
    f = {f.code: f for f in check_host(info)}["AOTC110"]
    assert f.fatal and f.category is Category.DEVICE_MISMATCH
    d = diagnose(None, inputs=(torch.randn(2, 8),), package=p, device="cuda:0")
    assert d.category is Category.DEVICE_MISMATCH


def _facts(**kw):
    base = dict(platform=sys.platform, machine="x86_64", cpu_flags=frozenset({"avx2", "fma"}),
                torch_version="2.13.0", cuda_available=True, device_count=2, compute_capability=(8, 0))
    base.update(kw)
    return HostFacts(**base)


@pytest.mark.parametrize("built,here,expect", [
    ("80", (8, 0), None), ("90", (8, 0), "fatal"), ("80", (9, 0), "fatal"),
    ("8.0", (8, 6), "info"), ("86", (8, 0), "fatal"),
])
def test_compute_capability_rules(pk, built, here, expect):
    """GPU-only path: constructed host facts (this host has no GPU)."""
    from dataclasses import replace

    info = replace(inspect_package(pk["small"]), device_type="cuda",
                   metadata={"AOTI_DEVICE_KEY": "cuda", "AOTI_COMPUTE_CAPABILITY": built,
                             "AOTI_MACHINE": "x86_64", "AOTI_CPU_ISA": "AVX2"})
    got = [f for f in host_findings(info, _facts(compute_capability=here)) if f.code == "AOTC111"]
    assert ([f.severity for f in got] or [None]) == [expect]
    assert "AOTC112" in codes(host_findings(info, _facts(compute_capability=here), device_index=5))
    assert "AOTC112" not in codes(host_findings(info, _facts(compute_capability=here), device_index=1))


@pytest.mark.parametrize("recorded,here,warns", [
    ("2.14.1+cu130", "2.15.0+cu132", True),           # another release line
    ("2.15.0rc1", "2.15.0+cu132", False),             # a pre-release of the same line
    ("2.15rc1", "2.15.0", False),                     # ... however it is spelled
    ("2.15.0", "2.15.0+cpu", False),                  # local labels are builds of one release
    ("2.16.0.dev20261201+cpu", "2.16.0a0+git1a2b3c4", False),   # nightly and source build
    ("2.9.1", "2.10.0", True),                        # 2.9 and 2.10: compared as numbers
    ("not a version", "2.15.0", False),               # unreadable: nothing compared
])
def test_torch_versions_are_compared_through_packaging(recorded, here, warns):
    from aotidebug.package.inspect import PackageInfo

    info = PackageInfo("p.pt2", "pt2", "cpu", {"AOTI_DEVICE_KEY": "cpu", "torch_version": recorded}, (), (), ())
    got = [f for f in host_findings(info, _facts(torch_version=here)) if f.code == "AOTC120"]
    assert bool(got) is warns and all(f.severity == "warning" for f in got)


def test_parse_compute_capability():
    assert parse_compute_capability("90") == (9, 0)
    assert parse_compute_capability("8.6") == (8, 6)
    assert parse_compute_capability("sm_90a") == (9, 0)
    assert parse_compute_capability("") is None and parse_compute_capability("gfx") is None


def test_cpu_device_index(pk):
    with pytest.raises(RuntimeError, match="Incorrect device passed to aoti_runner_cpu"):
        torch._inductor.aoti_load_package(str(pk["small"]), device_index=0)
    (f,) = check_host(pk["small"], device_index=0)
    assert f.code == "AOTC112" and f.fatal


# ---------------------------------------------------------------- export-only contract, files, CLI
def test_exported_program_without_package(packages):
    spec = packages.spec("dyn")
    ep = torch.export.export(spec["model"], spec["inputs"], dynamic_shapes=spec["dynamic_shapes"])
    for model in (ep, ep.module()):
        assert consistency_findings(model=model, inputs=(torch.randn(8, 8),)) == []
        got = codes(consistency_findings(model=model, inputs=(torch.randn(65, 8).double(),)))
        assert "AOTC020" in got
    assert "AOTC033" in codes(consistency_findings(model=ep, inputs=(torch.randn(65, 8),)))
    d = diagnose(None, ep, (torch.randn(4, 9),))
    assert d.category is Category.INPUT_MISMATCH


def test_inputs_file_and_cli_check(pk, tmp_path, capsys):
    good, bad = tmp_path / "good.pt", tmp_path / "bad.pt"
    torch.save((torch.randn(2, 8),), good)
    torch.save([torch.randn(2, 8, dtype=torch.float64)], bad)
    assert main(["check", str(pk["small"]), "--inputs", str(good)]) == EXIT_OK
    assert "no findings" in capsys.readouterr().out
    assert main(["check", str(pk["small"]), "--inputs", str(bad)]) == EXIT_FINDINGS
    assert "AOTC020" in capsys.readouterr().out
    assert main(["check", str(pk["small"]), "--inputs", str(bad), "--json"]) == EXIT_FINDINGS
    assert json.loads(capsys.readouterr().out)["findings"][0]["code"] == "AOTC020"
    torch.save({"args": (torch.randn(2, 8),), "kwargs": {}}, good)
    assert check_inputs(pk["small"], load_inputs_file(good)) == []


class NotATensor:
    pass


def test_inputs_file_refuses_code(tmp_path, pk):
    p = tmp_path / "evil.pt"
    torch.save((NotATensor(),), p)  # needs unpickling a class: weights_only refuses it
    with pytest.raises(AOTIDebugError, match="weights_only") as ei:
        load_inputs_file(p)
    assert ei.value.__cause__ is not None
    assert main(["check", str(pk["small"]), "--inputs", str(p)]) == EXIT_INPUT
    # a refusal of the file, not a reading of torch's words, which advise weights_only=False
    d = ei.value.diagnosis
    assert (d.code, d.category.value, d.confidence) == ("AOTP041", "unknown", 0.0)
    assert "weights_only=False" not in " ".join(d.fixes) and "torch.save" in d.fixes[0]
    with pytest.raises(AOTIDebugError, match="not found") as missing:
        load_inputs_file(tmp_path / "missing.pt")
    assert missing.value.diagnosis.code == "AOTP035"
    for junk in (b"\x00" * 64, b"not a pickle"):  # /dev/zero or a text file named as the inputs
        (tmp_path / "junk.pt").write_bytes(junk)
        with pytest.raises(AOTIDebugError) as refused:
            load_inputs_file(tmp_path / "junk.pt")
        assert refused.value.diagnosis.code == "AOTP041"
    torch.save(42, tmp_path / "int.pt")
    with pytest.raises(AOTIDebugError, match="holds a int") as other:
        load_inputs_file(tmp_path / "int.pt")
    assert other.value.diagnosis.code == "AOTP041"


def test_codes_table_is_consistent():
    from aotidebug.checks.codes import HINTS as CHECK_HINTS

    assert all(c.startswith("AOTC") and len(c) == 7 for c in CODES)
    assert all(sev in ("fatal", "warning", "info") for sev, _, _ in CODES.values())
    assert set(CHECK_HINTS) <= set(CODES) and all(h in HINTS.values() for h in CHECK_HINTS.values())


def test_unreadable_or_unusable_package_is_evidence_not_a_crash(tmp_path):
    d = diagnose("RuntimeError: expected inputs vector size to be 1, but got 2",
                 inputs=(torch.randn(2, 8),), package=tmp_path / "missing.pt2")
    assert d.category is Category.INPUT_MISMATCH  # the text reading stands
    assert any(e.label == "AOTC091" and "not found" in e.detail for e in d.evidence)
    assert codes(consistency_findings(inputs=(torch.randn(2, 8),), package=object())) == ["AOTC091"]


def test_parse_device():
    from aotidebug.checks.inputs import parse_device as _parse_device

    assert _parse_device("cuda:1") == ("cuda", 1) and _parse_device(torch.device("cpu")) == ("cpu", None)
    assert _parse_device(0) == ("cuda", 0) and _parse_device(-1) == ("cpu", None)
    assert _parse_device(None) is None and _parse_device("???") is None


def test_docs_list_every_code():
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "consistency.md").read_text()
    for code, (sev, cat, _) in CODES.items():
        assert f"| {code} | {sev} | {cat.value} |" in doc, code


def test_a_package_without_host_metadata_says_it_cannot_be_verified():
    """torch < 2.10 wrote only AOTI_DEVICE_KEY: the host check says so instead of passing silently."""
    import dataclasses

    from aotidebug.package.inspect import PackageInfo

    facts = HostFacts("linux", "x86_64", frozenset({"avx2", "fma"}), torch_version="2.13.0")
    old = PackageInfo("old.pt2", "pt2", "cpu", {"AOTI_DEVICE_KEY": "cpu"}, (), (), ())
    assert [f.code for f in host_findings(old, facts)] == ["AOTC104"]
    new = dataclasses.replace(old, metadata={"AOTI_DEVICE_KEY": "cpu", "AOTI_PLATFORM": "linux",
                                             "AOTI_MACHINE": "x86_64", "AOTI_CPU_ISA": "AVX2"})
    assert host_findings(new, facts) == []
