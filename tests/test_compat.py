"""Version facts, checked against real captures of each torch that CI runs, and of torch 2.15.0,
run on the development machine only (fixtures in tests/fixtures/compat/<version>/, see
docs/compat.md).

Two kinds of test:
- fixture tests run on every leg: each version's captured behaviour is fed to aotidebug, so a
  2.14-only behaviour is tested on the 2.13 leg too (and the reverse);
- live tests run only on the torch version whose behaviour they assert (skipped elsewhere), so
  each leg proves its own capture is still true.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aotidebug.api import diagnose
from aotidebug.core.categories import Category
from aotidebug.package import generated as contract

COMPAT = Path(__file__).parent / "fixtures" / "compat"
VERSIONS = ("2.13.0", "2.14.1", "2.15.0")
CUDA_HOME_NOTICE = re.compile(r"No CUDA runtime is found, using CUDA_HOME='[^']*'")


def load(version: str, name: str) -> dict:
    data = json.loads((COMPAT / version / name).read_text())
    assert data["capture"]["kind"] == "real capture" and data["capture"]["torch"].startswith(version)
    return data


def installed_torch() -> str | None:
    import importlib.util
    if importlib.util.find_spec("torch") is None:
        return None
    import torch
    return torch.__version__.split("+")[0]


# ------------------------------------------------------------------ startup notices (issue item 5)
def test_cuda_home_notice_is_a_cuda_build_fact():
    """2.14.1 and 2.15.0 (CUDA builds, no GPU) log the notice on every compile and load; 2.13.0+cpu never."""
    s13 = load("2.13.0", "startup.json")
    for cuda_build in ("2.14.1", "2.15.0"):
        s = load(cuda_build, "startup.json")
        assert CUDA_HOME_NOTICE.search(s["compile_static"]["stderr"])
        assert CUDA_HOME_NOTICE.search(s["run_static_2x8"]["stderr"])
    assert not any(CUDA_HOME_NOTICE.search(c["stderr"]) for k, c in s13.items() if k != "capture")


def test_numpy_warning_is_about_numpy_not_the_version():
    """Both versions warn at import when NumPy is absent (the 2.13 system python has NumPy, so
    its plain import is silent; startup_no_numpy.json hides it)."""
    s14 = load("2.14.1", "startup.json")
    s13 = load("2.13.0", "startup.json")
    n13 = load("2.13.0", "startup_no_numpy.json")
    assert not s14["capture"]["numpy_installed"] and s13["capture"]["numpy_installed"]
    assert "Failed to initialize NumPy" in s14["import_torch_c"]["stderr"]
    assert "Failed to initialize NumPy" in n13["import_torch_without_numpy"]["stderr"]
    assert s13["import_torch_c"]["stderr"] == ""


def test_leafspec_future_warning_seen_on_2_13_compile_only():
    assert "LeafSpec)` is deprecated" in load("2.13.0", "startup.json")["compile_static"]["stderr"]
    assert "LeafSpec" not in load("2.14.1", "startup.json")["compile_static"]["stderr"]
    assert "LeafSpec" not in load("2.15.0", "startup.json")["compile_static"]["stderr"]


@pytest.mark.parametrize("version", VERSIONS)
def test_real_segfault_is_a_crash_on_every_version(version):
    """The failing 2.14.1 case: the CUDA_HOME notice must not outrank the segfault."""
    seg = load(version, "calls.json")["segfault_0x8"]
    assert seg["returncode"] == -11
    assert "Fatal Python error: Segmentation fault" in seg["stderr"]
    d = diagnose(seg["stdout"] + seg["stderr"] + f"\n[child exited with code {seg['returncode']}]\n")
    assert d.category is Category.CRASH, (version, d.category, d.code)


@pytest.mark.skipif(installed_torch() not in ("2.14.1", "2.15.0"), reason="behaviour of the CUDA builds run")
def test_live_cuda_build_logs_the_notice_without_a_gpu():
    import torch
    if not torch.version.cuda or torch.cuda.is_available():
        pytest.skip("needs the CUDA build on a machine without a GPU")
    import torch.utils.cpp_extension as ce  # noqa: F401  (the import triggers _find_cuda_home)
    src = Path(ce.__file__).read_text()
    assert "No CUDA runtime is found, using CUDA_HOME=" in src


# ------------------------------------------------------------------ wrapper layout (both versions)
def _wrapper_lines(version: str, label: str) -> str:
    text = (COMPAT / version / "wrapper_layout.txt").read_text()
    assert '"kind": "real capture"' in text.splitlines()[0]
    block = text.split(f"## {label}")[1].split("\n## ")[0]
    return "\n".join(re.sub(r"^\s*\d+: ", "", ln) for ln in block.splitlines()[1:])


@pytest.mark.parametrize("version", VERSIONS)
def test_contract_reads_static_and_dynamic_guards(version):
    static, miss = contract.parse_inputs(_wrapper_lines(version, "static (2,8) package"))
    assert not miss and static[0]["name"] == "arg2_1" and static[0]["sizes"] == [2, 8]
    assert static[0]["dtype"] == "float32" and static[0]["device_type"] == "cpu"
    dyn, miss = contract.parse_inputs(_wrapper_lines(version, "dynamic batch package"))
    assert not miss
    assert dyn[0]["sizes"][0] == {"symbol": "s77", "min": 2, "max": 64} and dyn[0]["sizes"][1] == 8


@pytest.mark.parametrize("version", VERSIONS)
def test_input_checks_are_gated_by_the_runtime_env_latch(version):
    lines = _wrapper_lines(version, "static (2,8) package")
    assert 'getenv("AOTI_RUNTIME_CHECK_INPUTS")' in lines
    assert "if (_check_aoti_runtime_check_inputs_env()) { assert_size_stride(arg2_1" in lines
    assert "// Topologically Sorted Source Nodes: [linear], Original ATen: [aten.t, aten.addmm]" in lines
    assert "aoti_torch_cpu_addmm_out(" in lines


# ------------------------------------------------------------------ metadata, provenance, loader
@pytest.mark.parametrize("version", VERSIONS)
def test_metadata_keys(version):
    md = load(version, "package.json")["metadata_files"]
    for v in md.values():
        assert set(v) == {"AOTI_DEVICE_KEY", "AOTI_PLATFORM", "AOTI_MACHINE", "AOTI_CPU_ISA",
                          "AOTI_COMPUTE_CAPABILITY"}


def test_provenance_entry_fields_per_version():
    k13 = load("2.13.0", "provenance.json")["kernel_information"]
    k14 = load("2.14.1", "provenance.json")["kernel_information"]
    k15 = load("2.15.0", "provenance.json")["kernel_information"]
    assert set(k13) == set(k14) == set(k15) == {"cpp_fused_0:1", "aoti_torch_cpu_addmm_out:2",
                                                "cpp_fused_add_mul_relu_1:3"}
    assert set(k13["aoti_torch_cpu_addmm_out:2"]) == {"stack_traces", "post_grad_nodes", "pre_grad_nodes"}
    assert set(k15["aoti_torch_cpu_addmm_out:2"]) == set(k14["aoti_torch_cpu_addmm_out:2"])
    assert {"extern_semantic_key", "input_shapes", "output_shape"} <= set(k14["aoti_torch_cpu_addmm_out:2"])
    for ki in (k13, k14, k15):  # what aotidebug reads is in each
        entries = contract.provenance_entries(json.dumps(ki))
        assert set(entries) == {"cpp_fused_0", "aoti_torch_cpu_addmm_out", "cpp_fused_add_mul_relu_1"}
        kernels = {k["name"]: k for k in contract.parse_kernels("", contract.parse_provenance(json.dumps(ki)))}
        assert kernels["aoti_torch_cpu_addmm_out"]["source_nodes"]


@pytest.mark.parametrize("version", VERSIONS)
def test_loaded_model_call_path(version):
    tb = load(version, "calls.json")["wrong_arg_count"]["stderr"]
    assert "torch/export/pt2_archive/_package.py" in tb and "in __call__" in tb
    assert "expected inputs vector size to be 1, but got 2" in tb


def test_2_15_loads_a_package_folder_and_takes_new_loader_options():
    """2.15.0's loader signature (captured): `num_runners` and `use_stream_affinity` on
    `aoti_load_package`, which safe_load passes on where the installed torch has them."""
    api15, api14 = load("2.15.0", "api.json"), load("2.14.1", "api.json")
    assert "use_stream_affinity" in api15["load_package_sig"] and "num_runners" in api15["aoti_load_package_sig"]
    assert "use_stream_affinity" not in api14["load_package_sig"]
    from aotidebug.runtime.worker.client import LOADER_OPTIONS

    assert {"num_runners", "use_stream_affinity", "run_single_threaded"} == set(LOADER_OPTIONS)
