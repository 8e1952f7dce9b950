"""A C++ deployment's failures (a libtorch app loading a package with AOTIModelPackageLoader), read
from what its terminal shows. The texts are real: made on this machine with torch 2.13.0
(tests/fixtures/emitted/cpp_deploy_messages.jsonl) or captured by a live set."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted, live_text

ROWS = emitted("cpp_deploy_messages.jsonl")


def _read(text: str) -> tuple[str, str, list[str]]:
    d = aotidebug.diagnose(text)
    return d.category.value, d.code, [c.category.value for c in d.candidates[:3]]


@pytest.mark.parametrize("text", [
    ROWS["start-missing-rpath"]["message"],                                   # the app, no rpath
    live_text("live_blind9.jsonl", "live9-30-cpp-no-runtime-path"),               # a runner, via Python
    "./serve: error while loading shared libraries: libc10.so: cannot open shared object file: No such file "
    "or directory\n",
])
def test_a_program_that_cannot_start_for_its_library_path_is_its_build(text):
    category, code, _ = _read(text)
    assert (category, code) == ("compile_toolchain", "AOTS313")
    assert "rpath" in aotidebug.diagnose(text).fixes[0]


def test_a_library_dlopened_at_load_is_not_a_program_start():
    # torch or a package dlopening a library says it without ld.so's "error while loading" head
    text = ("Traceback (most recent call last):\n  File \"run.py\", line 3, in <module>\n"
            "    m = torch._inductor.aoti_load_package('m.pt2')\n"
            "OSError: libcudart.so.13: cannot open shared object file: No such file or directory\n")
    assert _read(text)[1] != "AOTS313"
    # nor is a container without the driver's own library (its GPU access)
    cuda = "./app: error while loading shared libraries: libcuda.so.1: cannot open shared object file\n"
    assert _read(cuda)[1] != "AOTS313"


@pytest.mark.parametrize("text", [
    ROWS["chk-undefined-tensor"]["message"],                                  # an undefined at::Tensor
    live_text("live_blind27.jsonl", "live27-13-bag-of-words-rows"),               # a sparse input
])
def test_an_input_without_storage_is_the_input(text):
    category, code, _ = _read(text)
    assert (category, code) == ("input_mismatch", "AOTS209")


def test_a_transform_over_the_loaded_model_stays_the_transform():
    # vmap's wrapper tensors have no storage either: the transform is the cause, the input second
    category, code, top3 = _read(live_text("live_blind2.jsonl", "live2-26-vmapped"))
    assert (category, code) == ("unsupported", "AOTS155") and "input_mismatch" in top3


def test_a_gpu_tensor_made_where_the_build_has_no_gpu_backend_is_the_device():
    # the dispatcher finds no CUDA kernel for an allocation, which every CUDA build has: the app
    # was linked to (or the process runs) a build without the backend, not an op without a kernel
    category, code, _ = _read(ROWS["run-cuda-tensor-cpu-build"]["message"])
    assert (category, code) == ("device_mismatch", "AOTD205")
    for op in ("aten::slow_conv3d_forward", "quantized::linear"):   # an op with no kernel there
        text = f"NotImplementedError: Could not run '{op}' with arguments from the 'CUDA' backend.\n"
        assert _read(text)[:2] == ("unsupported", "AOTD504")
    qcpu = "NotImplementedError: Could not run 'aten::empty_strided' with arguments from the 'QuantizedCPU' backend.\n"
    assert _read(qcpu)[:2] == ("unsupported", "AOTD504")


@pytest.mark.skipif(__import__("torch").version.cuda is not None, reason="a CUDA build has the CUDA kernels")
def test_the_live_allocation_on_a_cpu_only_build_reads_as_the_device():
    import torch

    with pytest.raises(NotImplementedError) as info:
        torch.ops.aten.empty.memory_format([2], device="cuda")
    d = aotidebug.diagnose(info.value)
    assert (d.category.value, d.code) == ("device_mismatch", "AOTD205"), d.to_dict()
