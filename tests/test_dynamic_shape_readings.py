"""Dynamic shapes read from the shape environment's own words, with or without an export frame in
the text. Texts from tests/fixtures/emitted/dynamic_shapes_messages.jsonl (real, blind) and live
exports made here (export traces; nothing is compiled)."""

from __future__ import annotations

import pytest

from tests.labelled import emitted, reading as _read

ROWS = emitted("dynamic_shapes_messages.jsonl")


def test_a_float_dim_bound_is_read_from_the_shape_environment_alone():
    # the traceback shows only symbolic_shapes and value_ranges frames: no export frame places it
    assert _read(ROWS["dim-float-max-valuerange-assert"]["message"]) == ("dynamic_shape_guard", "AOTS305")


def test_a_negative_size_read_from_data_is_the_program_s():
    assert _read(ROWS["item-size-negative-after-check"]["message"]) == ("export_failure", "AOTS317")
    # a negative size that is a number is not a size read from data
    plain = "RuntimeError: Trying to create tensor with negative dimension -3: [-3]\n"
    assert _read(plain)[1] != "AOTS317"


@pytest.fixture(scope="module")
def torch():
    import torch
    return torch


def test_live_exports(torch):
    class Alloc(torch.nn.Module):
        def forward(self, n):
            k = n.item()
            torch._check(k < 0)
            return torch.zeros(k)

    with pytest.raises(Exception) as negative:
        torch.export.export(Alloc(), (torch.tensor(-2),))
    assert _read(negative.value) == ("export_failure", "AOTS317"), str(negative.value)[-300:]

    class Lin(torch.nn.Module):
        def forward(self, x):
            return x * 2

    batch = torch.export.Dim("batch", min=1, max=1e4)   # a float bound, as a config number gives
    with pytest.raises(Exception) as floating:
        torch.export.export(Lin(), (torch.randn(4, 3),), dynamic_shapes=({0: batch},))
    assert _read(floating.value) == ("dynamic_shape_guard", "AOTS305"), str(floating.value)[-300:]
