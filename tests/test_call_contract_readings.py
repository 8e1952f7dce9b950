"""Calling a loaded model against what was compiled: the runner's flat API handed another
structure. Texts from tests/fixtures/emitted/call_contract_messages.jsonl and earlier live sets
(real, blind), and a real package called here."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted, live_text, reading as _read

ROWS = emitted("call_contract_messages.jsonl")


@pytest.mark.parametrize("text", [
    ROWS["runner-run-given-dict"]["message"], ROWS["runner-run-with-python-scalars"]["message"],
    ROWS["runner-boxed-run-with-tuple"]["message"],
    live_text("live_blind47.jsonl", "live47-26-runner-fed-nested"),
    live_text("live_blind47.jsonl", "live47-27-runner-fed-none-gate"),
], ids=["dict", "python-scalars", "boxed-tuple", "nested", "none"])
def test_the_runner_s_flat_call_given_another_structure_is_the_input(text):
    assert _read(text) == ("input_mismatch", "AOTS328")


def test_the_weights_api_refusing_its_arguments_stays_the_weights():
    text = live_text("live_blind70.jsonl", "live70-20-npz-arrays-not-tensors")
    assert _read(text) == ("constant_loading", "AOTS320")


@pytest.mark.slow
def test_live_the_runner_handed_a_dict(small):
    pytest.importorskip("torch")
    from aotidebug.runtime.subproc import python_argv, run_isolated

    code = ("import sys, torch\nm = torch._inductor.aoti_load_package(sys.argv[1])\n"
            "m.loader.run({'x': torch.randn(2, 8)})\n")
    res = run_isolated(python_argv("-c", code, str(small)), timeout=300)
    assert not res.ok and "incompatible function arguments" in res.stderr, res.stderr[-600:]
    assert _read(res.stderr) == ("input_mismatch", "AOTS328"), res.stderr[-800:]


@pytest.mark.parametrize("text", [
    ROWS["call-meta-device-input-checked"]["message"],  # device type 14 (meta) into a CPU package
    emitted("cpu_codegen_messages.jsonl")["run-check-inputs-meta-device"]["message"],
    emitted("aoti_messages.jsonl")["wrapper-unmatched-device-type"]["message"],  # a CPU tensor for cuda
    emitted("older_torch_messages.jsonl")["nativert-input-device-mismatch"]["message"],  # NativeRT's words
], ids=["meta-checked", "meta-cpu-codegen", "cpu-for-cuda", "nativert"])
def test_an_input_check_refusing_a_device_reads_the_device_beside_the_input(text):
    # the labelled reports split 2 / 2 between the two names of one cause: input first, device beside
    d = aotidebug.diagnose(text)
    assert (d.category.value, d.code) == ("input_mismatch", "AOTD101")
    beside = {(c.category.value, c.code): c.confidence for c in d.candidates[1:3]}
    assert beside.get(("device_mismatch", "AOTS329"), 1.0) < d.confidence


@pytest.mark.slow
def test_live_a_meta_tensor_into_a_cpu_package_with_the_input_check_on(small):
    pytest.importorskip("torch")
    from aotidebug.runtime.subproc import python_argv, run_isolated

    code = ("import sys, torch\nm = torch._inductor.aoti_load_package(sys.argv[1])\n"
            "m(torch.empty(2, 8, device='meta'))\n")
    res = run_isolated(python_argv("-c", code, str(small)), timeout=300, env={"AOTI_RUNTIME_CHECK_INPUTS": "1"})
    assert not res.ok and "unmatched device type" in res.stderr, res.stderr[-600:]
    d = aotidebug.diagnose(res.stderr)
    assert d.code == "AOTD101" and ("device_mismatch", "AOTS329") in [(c.category.value, c.code)
                                                                      for c in d.candidates[1:3]]
