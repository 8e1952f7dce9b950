"""An op without a C shim runs through AOTI's proxy executor; when the executor cannot read the
arguments the package recorded for the op, the run raises `Mismatch between ints consumed and
num_ints`. The reading names that mechanism (AOTS350, unsupported; AOTS351, torch_bug second)
instead of an opaque runtime error. Texts from four vocabularies, and a real package (slow)."""
import traceback

import pytest

import aotidebug
from aotidebug.core.categories import Category
from aotidebug.core import hints
from tests.labelled import emitted


@pytest.mark.parametrize("name, row", [("gnn_messages.jsonl", "run-bf16-index-add-dynamic-proxy-executor"),
                                       ("recsys_messages.jsonl", "run-multi-hot-as-sparse-coo-input"),
                                       ("tensor_kinds_messages.jsonl", "sparse-coo-built-in-forward"),
                                       ("driving_messages.jsonl", "run-bfloat16-pillar-index-add-proxy-executor-mismatch")])
def test_the_proxy_executor_refusing_an_ops_arguments_is_named(name, row):
    d = aotidebug.diagnose(emitted(name)[row]["message"])
    ranked = [c.category for c in d.candidates]
    assert ranked[:2] == [Category.UNSUPPORTED, Category.TORCH_BUG], d.candidates
    assert Category.OPAQUE_RUNTIME_ERROR not in ranked[:3]
    assert hints.PROXY_EXECUTOR_ARGUMENTS in d.fixes


@pytest.mark.slow
def test_a_bf16_index_add_through_the_proxy_executor_for_real(packages):
    """The defect, measured: the package compiles, and its first call raises (not a crash)."""
    import torch

    spec = packages.spec("bf16_scatter")
    m = torch._inductor.aoti_load_package(str(packages.build("bf16_scatter")))
    with pytest.raises(RuntimeError, match="Mismatch between ints consumed and num_ints") as info:
        m(*spec["inputs"])
    printed = "".join(traceback.format_exception(info.value))
    for reading in (aotidebug.diagnose(info.value), aotidebug.diagnose(printed)):
        assert (reading.category, reading.code) == (Category.UNSUPPORTED, "AOTS350"), reading.candidates
        assert reading.candidates[1].category is Category.TORCH_BUG
