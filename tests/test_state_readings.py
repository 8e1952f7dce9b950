"""Models that hold state, and the weights and inputs behind wrong numbers: a failed comparison
that names what changed (the weights, the call's dtype or layout), a crash the runtime warned
about, an in-place write autograd refuses while export traces, an op or a control-flow operator
refusing the model's arguments under the tracer. Texts from the blind vocabularies in
tests/fixtures/emitted/ (state, low_precision, constants, transformer, control_flow, numerics) and
earlier live sets (real, blind), and a real export here."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted, live_text, reading as _read

STATE = emitted("state_messages.jsonl")
TRANSFORMER = emitted("transformer_messages.jsonl")
LOW = emitted("low_precision_messages.jsonl")
CONSTANTS = emitted("constants_messages.jsonl")
CONTROL_FLOW = emitted("control_flow_messages.jsonl")
NUMERICS = emitted("numerics_messages.jsonl")


def _beside(text: str) -> dict[str, float]:
    return {c.category.value: c.confidence for c in aotidebug.diagnose(text).candidates[1:4]}


@pytest.mark.parametrize("text", [
    STATE["hot-swap-resets-running-state"]["message"],  # "after hot-swapping weights with load_constants(...)"
    STATE["module-updated-after-load"]["message"],  # "after the nn.Module's weights were updated in place"
    STATE["load-constants-float64-weights-214"]["message"],  # "fed float64 weights (model.double().state_dict())"
    CONSTANTS["load-smaller-checkpoint-silent"]["message"],  # "vs eager with the new weights"
    LOW["lp-loadconst-fp16-into-bf16-silent"]["message"],  # "after load_constants with fp16 weights"
    LOW["lp-int8wo-dequantized-weight-swap"]["message"],  # "after swapping in dequantized fp32 w_q"
], ids=["hot-swap", "module-updated", "float64-state-dict", "new-weights", "load-constants-fp16", "swapping-in"])
def test_wrong_numbers_after_the_weights_changed_are_the_weights(text):
    assert _read(text) == ("constant_loading", "AOTS331")
    assert "numerical" in _beside(text)  # the symptom stays a candidate, below


@pytest.mark.parametrize("text", [
    LOW["lp-bf16-package-fp32-inputs"]["message"],  # "bf16 package called with fp32 inputs"
    LOW["lp-uint32-hash-int32-ids"]["message"],  # "(ids passed as int32)"
    LOW["lp-fp8-float64-scale-tensor"]["message"],  # "with a float64 scale tensor"
    LOW["lp-int-mm-uint8-activation"]["message"],  # "with uint8 activations"
    STATE["kv-cache-noncontiguous-view-213"]["message"],  # "passed as a transposed (non-contiguous) view"
    TRANSFORMER["run-mha-float-key-padding-mask-silent"]["message"],  # "float key_padding_mask into bool package"
    TRANSFORMER["run-noncontiguous-token-ids-silent"]["message"],  # "non-contiguous ids: AOTI output differs"
], ids=["called-with", "passed-as", "scale-tensor", "activations", "non-contiguous-view", "into-package",
        "non-contiguous-ids"])
def test_wrong_numbers_with_inputs_of_another_dtype_or_layout_are_the_input(text):
    assert _read(text) == ("input_mismatch", "AOTS332")
    assert "numerical" in _beside(text)


@pytest.mark.parametrize("text", [
    LOW["lp-fp8-fakequant-error-vs-fp32"]["message"],  # "round trip ... vs the fp32 input": precision, no call
    LOW["lp-fp16-input-cast-overflow"]["message"],  # "fp16 input cast from fp32 activations": overflow
    LOW["lp-numerical-bf16-vs-fp32-eager"]["message"],  # bf16 output against an fp32 reference
    live_text("live_blind148.jsonl", "live148-17-meerkats-weighed-in-grams"),  # an animal's weight
], ids=["fp8-round-trip", "fp16-overflow", "bf16-vs-fp32", "animal-weight"])
def test_wrong_numbers_whose_check_names_no_changed_weight_or_input_stay_numerical(text):
    assert _read(text)[0] == "numerical"


@pytest.mark.parametrize("text", [
    STATE["nocon-partial-load-buffer-warning-segv-213"]["message"],
    STATE["nocon-partial-load-buffer-warning-segv-214"]["message"],
    # composed: the warning as the container prints it (its own row), then a shell's crash line
    emitted("aoti_messages.jsonl")["container-constant-not-provided-warning"]["message"]
    + "\nSegmentation fault (core dumped)",
], ids=["2.13", "2.14", "warning-then-shell-crash-line"])
def test_a_crash_after_the_runtime_warned_a_constant_was_not_provided_is_the_weights(text):
    assert _read(text) == ("constant_loading", "AOTS333")


def test_a_bare_crash_stays_a_crash():
    assert _read(STATE["nocon-partial-load-nocheck-segv"]["message"])[0] == "crash"


@pytest.mark.parametrize("text", [
    STATE["export-parameter-inplace-update"]["message"],  # a parameter updated in place
    STATE["export-input-requires-grad-inplace"]["message"],  # an example input that requires grad
    STATE["export-buffer-created-in-inference-mode"]["message"],  # buffers made under inference_mode
    live_text("live_blind21.jsonl", "live21-06-inference-mode-example"),  # with export's own frames
], ids=["parameter", "grad-input", "inference-buffer", "with-export-frames"])
def test_an_inplace_write_autograd_refuses_while_export_traces_is_the_export(text):
    assert _read(text) == ("export_failure", "AOTS330")


def test_the_autograd_words_at_run_time_are_not_read_as_an_export():
    text = ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    w.add_(1)\n"
            "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.")
    assert _read(text)[1] != "AOTS330"  # no tracer frame: nothing says export ran


@pytest.mark.slow
def test_live_export_of_a_module_updating_its_parameter_in_place():
    torch = pytest.importorskip("torch")

    class Counter(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.w = torch.nn.Parameter(torch.ones(3))

        def forward(self, x):
            self.w.add_(1)  # no torch.no_grad(): autograd refuses while export traces
            return x * self.w

    with pytest.raises(RuntimeError) as info:
        torch.export.export(Counter(), (torch.randn(3),))
    assert _read(info.value) == ("export_failure", "AOTS330")
    import traceback
    assert _read("".join(traceback.format_exception(info.value))) == ("export_failure", "AOTS330")


@pytest.mark.parametrize("text", [
    TRANSFORMER["export-sdpa-mask-and-is-causal"]["message"],  # attention refusing a mask with is_causal
    TRANSFORMER["export-gqa-heads-not-divisible"]["message"],  # grouped-query heads that do not divide
    CONTROL_FLOW["cond-pred-not-scalar"]["message"],  # cond's predicate of 4 x 8 elements
    CONTROL_FLOW["cond-operands-contain-list-of-ints"]["message"],  # a list of ints among cond's operands
    CONTROL_FLOW["map-xs-leading-dims-differ"]["message"],  # map's inputs of 5 and 6 rows
], ids=["mask-and-causal", "gqa-heads", "cond-predicate", "cond-operands", "map-inputs"])
def test_an_op_refusing_the_model_s_arguments_under_export_s_tracer_is_the_export(text):
    # the traceback was cut above torch.export: the tracer's frames (make_fx) or a control-flow
    # operator's own checks still say the model's code was being traced
    assert "torch/export" not in text and "torch/_export" not in text
    assert _read(text) == ("export_failure", "AOTS334")


def test_the_tracer_s_fallback_gives_way_to_a_reading_of_the_error():
    # the same tracer frames under an in-place write autograd refuses: that mechanism decides
    assert _read(STATE["export-parameter-inplace-update"]["message"])[1] == "AOTS330"


@pytest.mark.parametrize("text", [
    NUMERICS["run-double-input-dtype-assert"]["message"],  # float64 inputs into a float32 package
    NUMERICS["run-fp16-vs-fp32-reference-dtype"]["message"],  # an fp16 output against an fp32 reference
], ids=["input-of-another-dtype", "reference-of-another-dtype"])
def test_torch_testing_refusing_the_output_s_dtype_reads_the_input_then_the_reference(text):
    # the labelled reports split 1 / 1: both readings, neither claimed above 0.5
    d = aotidebug.diagnose(text)
    assert (d.category.value, d.code) == ("input_mismatch", "AOTS336") and d.confidence < 0.5
    assert _beside(text).get("numerical", 0) > 0


def test_live_torch_testing_refusing_another_dtype():
    torch = pytest.importorskip("torch")
    with pytest.raises(AssertionError) as info:
        torch.testing.assert_close(torch.ones(2), torch.ones(2, dtype=torch.float64))
    assert _read(info.value) == ("input_mismatch", "AOTS336")
