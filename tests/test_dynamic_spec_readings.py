"""The dynamic shapes' own constructors called wrongly, read from real TypeErrors (live set 175 and
calls made here on the installed torch), and the advice that shows a Dim call: copied, it runs."""

from __future__ import annotations

import re

import pytest

import aotidebug
from aotidebug.core import hints
from tests.labelled import live_text, reading as _read


def test_dim_bounds_given_positionally_in_a_blind_report():
    text = live_text("live_blind175.jsonl", "live175-04-lanes-weeks-dim-bounds-given-positionally-like-range")
    assert _read(text) == ("dynamic_shape_guard", "AOTS335")


@pytest.mark.parametrize("call", [
    lambda Dim, dims: Dim("weeks", 8, 104),  # bounds as range() takes them
    lambda Dim, dims: Dim("weeks", minimum=8),  # a keyword Dim does not take
    lambda Dim, dims: Dim(min=2, max=8),  # no name
    lambda Dim, dims: dims("a", "b", low=2),  # dims() with another keyword
], ids=["positional-bounds", "unknown-keyword", "no-name", "dims-keyword"])
def test_live_a_dim_constructed_with_arguments_it_does_not_take(call):
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError) as info:
        call(torch.export.Dim, torch.export.dims)
    assert _read(info.value) == ("dynamic_shape_guard", "AOTS335")
    d = aotidebug.diagnose(info.value)
    assert d.fixes[0] == hints.DIM_SIGNATURE


@pytest.mark.parametrize("text", [
    "TypeError: Tensor.dim() takes no arguments (1 given)",  # a tensor's dim(), not the spec's Dim
    "TypeError: x.dim() takes no arguments (1 given)",
])
def test_a_tensor_s_dim_method_is_not_the_spec_s_constructor(text):
    assert _read(text)[1] != "AOTS335"


def _calls_shown_in_advice() -> list[str]:
    texts = [v for k, v in vars(hints).items() if k.isupper() and isinstance(v, str)]
    return [m.group(0) for t in texts for m in re.finditer(r"torch\.export\.dims?\([^)]*\)", t, re.I)]


def test_every_dim_call_the_advice_shows_runs_as_written():
    torch = pytest.importorskip("torch")
    calls = _calls_shown_in_advice()
    assert len(calls) >= 3, calls  # the full calls a user copies (a bare `Dim(min=...)` is prose)
    for call in calls:  # `...` stands for the user's numbers
        eval(call.replace("min=...", "min=2").replace("max=...", "max=8"), {"torch": torch})
