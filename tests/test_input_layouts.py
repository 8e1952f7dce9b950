"""A compiled model takes dense (strided) tensors. Handed a sparse, MKL-DNN or nested tensor, the raw
loader fails with words that name a symptom (`unsupported memory format option Contiguous`,
`Sparse CSR tensors do not have strides`), and the input checks used to pass such a tensor or raise
from torch themselves. Now the checks name its layout (AOTC005) and safe_load refuses the call,
in-process and isolated, with an InputMismatchError carrying that finding. Triggered for real on
the `small` package (static (2, 8) float32)."""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest

import aotidebug
from aotidebug import Category, InputMismatchError

LAYOUTS = {  # name -> how the caller made it from a dense (2, 8) tensor
    "sparse_coo": "x.to_sparse()",
    "sparse_csr": "x.to_sparse_csr()",
    "mkldnn": "x.to_mkldnn()",
    "nested": "torch.nested.nested_tensor(list(x))",
    "nested-jagged": "torch.nested.nested_tensor(list(x), layout=torch.jagged)",
}


def _make(expr):
    import torch

    x = torch.ones(2, 8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # sparse CSR and nested tensors warn that they are beta
        return eval(expr, {"torch": torch, "x": x})  # noqa: S307 - the table's own expressions


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_the_checks_name_a_tensor_of_another_layout(small, name):
    t = _make(LAYOUTS[name])
    checker = aotidebug.compile_input_checker(small)
    for findings in (checker((t,)), aotidebug.check_inputs(small, (t,))):
        assert [f.code for f in findings] == ["AOTC005"]
        assert findings[0].category is Category.INPUT_MISMATCH and findings[0].fatal
        assert "nested" in findings[0].message if name.startswith("nested") else name in findings[0].message
    import torch

    assert checker((torch.ones(2, 8),)) == []  # the dense tensor still passes the fast path


@pytest.mark.slow
@pytest.mark.parametrize("isolate", [False, True])
@pytest.mark.parametrize("name", ["sparse_coo", "mkldnn", "nested"])
def test_safe_load_refuses_the_call_with_the_layout_named(small, name, isolate):
    import torch

    with aotidebug.safe_load(small, isolate=isolate) as model:
        with pytest.raises(InputMismatchError) as refused:
            model(_make(LAYOUTS[name]))
        assert refused.value.diagnosis.category is Category.INPUT_MISMATCH
        assert "AOTC005" in str(refused.value)
        assert tuple(model(torch.ones(2, 8)).shape) == (2, 4)  # the next call is served


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sparse_coo", "sparse_csr", "mkldnn"])
def test_the_raw_loaders_symptom_reads_as_the_input(small, name):
    code = ("import torch, warnings; warnings.simplefilter('ignore')\n"
            f"m = torch._inductor.aoti_load_package({str(small)!r})\n"
            f"x = torch.ones(2, 8)\nm({LAYOUTS[name]})\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode != 0
    assert "do not have strides" in run.stderr or "unsupported memory format option" in run.stderr
    d = aotidebug.diagnose(run.stderr)
    assert d.category is Category.INPUT_MISMATCH


@pytest.mark.slow
def test_probe_refuses_example_inputs_of_another_layout(small):
    # once: probe ran its eleven cases from a sparse example
    with pytest.raises(aotidebug.AOTIDebugError, match="dense tensor"):
        aotidebug.probe(small, inputs=(_make(LAYOUTS["sparse_coo"]),))
