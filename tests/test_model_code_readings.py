"""Real-world model code met by export: a value read while tracing (a SymInt) used as a plain
Python number, a nested tensor handed over. Texts from tests/fixtures/emitted/model_code_messages.jsonl,
cpu_codegen_messages.jsonl and earlier live sets (real, blind), and live exports made here (nothing
is compiled)."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted, live_text, reading as _read


@pytest.mark.parametrize("text", [
    emitted("model_code_messages.jsonl")["export-strict-item-as-python-index"]["message"],  # an index
    live_text("live_blind18.jsonl", "live18-35-set-dedupe"),  # a set's hash key
    live_text("live_blind77.jsonl", "live77-02-severity-from-python-dict"),  # a dict's key
    live_text("live_blind34.jsonl", "live34-29-draw-boxes-tolist"),  # an index in another frame
], ids=["index-no-export-frame", "set", "dict", "index"])
def test_a_symint_where_python_needs_a_number_is_the_program_s(text):
    assert _read(text) == ("export_failure", "AOTS321")


def test_a_symint_hashed_inside_torch_s_compiler_stays_torch_s():
    # torch.compile's backend hashing a size (a torch defect of its day), not the model's code
    text = "torch._dynamo.exc.BackendCompilerFailed: debug_wrapper raised TypeError: unhashable type: 'SymInt'"
    assert _read(text)[1] != "AOTS321"
    # and a TypeError that names no symbolic value is not this mechanism
    other = emitted("model_code_messages.jsonl")["export-nonstrict-jit-script-submodule"]["message"]
    assert _read(other)[1] != "AOTS321"


def test_live_export_of_an_item_used_as_an_index():
    torch = pytest.importorskip("torch")

    class Decoder(torch.nn.Module):
        def forward(self, y, pos):
            p = pos.item()
            return y[:, p]

    with pytest.raises(Exception) as err:
        torch.export.export(Decoder(), (torch.randn(2, 8), torch.tensor(3)), strict=True)
    assert _read(err.value) == ("export_failure", "AOTS321"), str(err.value)[-400:]


@pytest.mark.parametrize("row", ["export-nested-jagged-input", "export-nested-jagged-input-213"])
def test_a_nested_tensor_s_ragged_size_in_tracing_is_not_torch_s_bug(row):
    # tests/fixtures/emitted/cpu_codegen_messages.jsonl: the traceback cut to sympy and SymInt.__int__
    assert _read(emitted("cpu_codegen_messages.jsonl")[row]["message"]) == ("unsupported", "AOTS326")


def test_live_export_of_a_jagged_nested_tensor():
    torch = pytest.importorskip("torch")

    class Pool(torch.nn.Module):
        def forward(self, x):
            return x.sin()

    nt = torch.nested.nested_tensor([torch.randn(2, 4), torch.randn(3, 4)], layout=torch.jagged)
    with pytest.raises(Exception) as err:
        torch.export.export(Pool(), (nt,))
    d = aotidebug.diagnose(err.value)
    # with export's frames in sight, export's failure first (as live5-04 is labelled), nested beside it
    assert [(c.category.value, c.code) for c in d.candidates[:2]] == [("export_failure", "AOTS106"),
                                                                    ("unsupported", "AOTS326")], str(err.value)
