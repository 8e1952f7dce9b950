"""The loaded model's weights API, read from what it says. Texts from
tests/fixtures/emitted/constants_messages.jsonl (real, blind) and labelled live rows."""

from __future__ import annotations

import pytest

import aotidebug
from tests.labelled import emitted, live_text

WEIGHTS = emitted("constants_messages.jsonl")


@pytest.mark.parametrize("row", ["run-swap-before-update", "run-swap-free-swap"])
def test_a_buffer_of_constants_swapped_in_empty_is_the_weights(row):
    d = aotidebug.diagnose(WEIGHTS[row]["message"])
    assert (d.category.value, d.code) == ("constant_loading", "AOTS319"), d.to_dict()
    assert "use_inactive" in d.fixes[0] and "swap" in d.fixes[0]


def test_a_weights_call_python_refuses_is_the_weights():
    d = aotidebug.diagnose(WEIGHTS["load-missing-check-full-update-kw"]["message"])
    assert (d.category.value, d.code) == ("constant_loading", "AOTS320"), d.to_dict()
    # pybind's refusal of what load_constants was handed (a module, numpy arrays) reads the same
    for set_file, row_id in (("live_blind18.jsonl", "live18-36-module-as-table"),
                             ("live_blind70.jsonl", "live70-20-npz-arrays-not-tensors")):
        assert aotidebug.diagnose(live_text(set_file, row_id)).category.value == "constant_loading"
    # the same words about another function are not the weights API
    other = "TypeError: forward() missing 1 required positional argument: 'x'\n"
    assert aotidebug.diagnose(other).code != "AOTS320"
