"""Calling a loaded model against what was compiled: the runner's flat API handed another
structure. Texts from tests/fixtures/emitted/call_contract_messages.jsonl and earlier live sets
(real, blind), and a real package called here."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted, live_text

ROWS = emitted("call_contract_messages.jsonl")


def _read(text_or_exc) -> tuple[str, str]:
    d = aotidebug.diagnose(text_or_exc)
    return d.category.value, d.code


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
