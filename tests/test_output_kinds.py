"""A compiled model's outputs are plain tensors: code after the call that meets a Tensor where the
eager model gave a Python number, a tensor subclass or an object fails in the caller's own frames
(AOTS341, drawn in stop 60 from the tensor_kinds vocabulary's two rows read `unknown`). Triggered
here for real on a loaded package; the same words raised inside torch are not this mechanism."""

from __future__ import annotations

import json
import traceback

import pytest

import aotidebug
from tests.labelled import emitted, reading as _read

KINDS = emitted("tensor_kinds_messages.jsonl")


@pytest.fixture(scope="module")
def output(small):
    import torch

    model = torch._inductor.aoti_load_package(str(small))
    return model(torch.randn(2, 8))


def _score_as_json(out):
    return json.dumps({"score": out.sum()})       # eager returned out.sum().item()


def _unit_of(out):
    return f"{out.tolist()} {out.unit}"             # eager returned a subclass with .unit


def _threshold_of(out):
    return out.sum()()                              # eager returned a scorer object


@pytest.mark.slow
@pytest.mark.parametrize("use", [_score_as_json, _unit_of, _threshold_of],
                         ids=["json-stdlib", "subclass-attribute", "object-call"])
def test_a_plain_tensor_where_eager_gave_another_kind_is_the_output_contract(output, use):
    with pytest.raises((TypeError, AttributeError)) as info:
        use(output)
    exc = info.value
    assert _read(exc) == ("unsupported", "AOTS341")
    text = "".join(traceback.format_exception(exc))
    assert _read(text) == ("unsupported", "AOTS341")
    d = aotidebug.diagnose(text)
    assert d.confidence < 0.5 and "plain tensors" in d.fixes[0]


@pytest.mark.parametrize("row", ["item-output-json", "subclass-output-lost"])
def test_the_vocabulary_rows_it_was_drawn_from(row):
    assert _read(KINDS[row]["message"]) == ("unsupported", "AOTS341")


def test_the_same_words_raised_inside_torch_are_not_the_output_contract():
    """torch's own code handed a Tensor for a module: an API misuse inside torch's frames."""
    import torch

    with pytest.raises(AttributeError, match="'Tensor' object has no attribute") as info:
        torch.nn.utils.fuse_conv_bn_eval(torch.randn(2), torch.randn(2))
    exc = info.value
    assert _read(exc)[1] != "AOTS341"
    assert _read("".join(traceback.format_exception(exc)))[1] != "AOTS341"
