"""A custom op that torch.library refuses as it was defined or registered: the model's own op code
stops export (AOTS316). Texts from tests/fixtures/emitted/custom_op_messages.jsonl (real, blind)
and live refusals made here, in-process (defining an op runs nothing of a model)."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted

ROWS = emitted("custom_op_messages.jsonl")


@pytest.mark.parametrize("row", ["export-custom-op-no-return-annotation", "export-custom-op-name-without-namespace",
                                 "export-register-fake-undefined-op", "export-torchbind-no-fake-class"])
def test_a_refused_definition_is_the_model_s_op_code(row):
    d = aotidebug.diagnose(ROWS[row]["message"])
    assert (d.category.value, d.code) == ("export_failure", "AOTS316"), d.to_dict()
    assert "namespace::name" in d.fixes[0]


def test_a_type_the_schema_does_not_take_stays_unsupported():
    # the same raise site, in words that name a limit of the schema, not a slip in the definition
    d = aotidebug.diagnose(ROWS["export-custom-op-dict-param"]["message"])
    assert d.category.value == "unsupported" and d.code != "AOTS316"


# defined in a namespace of their own, without this module's lazy annotations (under
# `from __future__ import annotations` infer_schema cannot resolve a name imported locally)
LIVE = {
    "no-return-annotation": (
        "@torch.library.custom_op('aotidebug_test::no_return', mutates_args=())\n"
        "def op(x: torch.Tensor):\n"
        "    return x * 2\n"),
    "name-without-namespace": (
        "@torch.library.custom_op('aotidebug_test.no_namespace', mutates_args=())\n"
        "def op(x: torch.Tensor) -> torch.Tensor:\n"
        "    return x * 2\n"),
    "mutates-args-names-no-parameter": (
        "@torch.library.custom_op('aotidebug_test::bad_mutates', mutates_args=('out',))\n"
        "def op(x: torch.Tensor, buf: torch.Tensor) -> None:\n"
        "    buf.copy_(x)\n"),
}


@pytest.mark.parametrize("case", sorted(LIVE))
def test_live_refusals_of_a_definition(case):
    import torch

    with pytest.raises(ValueError) as info:
        exec(compile(LIVE[case], f"<{case}>", "exec"), {"torch": torch})
    d = aotidebug.diagnose(info.value)
    assert (d.category.value, d.code) == ("export_failure", "AOTS316"), (str(info.value), d.to_dict())
