"""`safe_load` passes torch's loader options on (`run_single_threaded`, `num_runners`,
`use_stream_affinity`, the last new in torch 2.15.0), feature-detected on the installed torch: an
option this torch lacks is a ValueError before anything loads, unless left at its default."""

from __future__ import annotations

import inspect

import pytest

import aotidebug
from aotidebug.runtime.worker.client import LOADER_OPTIONS, loader_kwargs


def _torch_has(name: str) -> bool:
    from torch._inductor.package import load_package

    return name in inspect.signature(load_package).parameters


def test_defaults_pass_on_every_torch_and_unknown_options_are_refused():
    kwargs = loader_kwargs("model", -1, dict(LOADER_OPTIONS))
    assert kwargs["model_name"] == "model" and kwargs["device_index"] == -1
    assert all(kwargs.get(k, v) == v for k, v in LOADER_OPTIONS.items())   # absent ones are not passed
    with pytest.raises(ValueError, match="unknown loader option 'num_threads'"):
        loader_kwargs(options={"num_threads": 4})


def test_an_option_this_torch_lacks_is_refused_only_when_asked_for():
    """2.13.0 and 2.14.1 have no `use_stream_affinity`, 2.15.0 has (each CI leg checks its own)."""
    if _torch_has("use_stream_affinity"):
        assert loader_kwargs(options={"use_stream_affinity": True})["use_stream_affinity"] is True
    else:
        with pytest.raises(ValueError, match="has no use_stream_affinity"):
            loader_kwargs(options={"use_stream_affinity": True})
        assert "use_stream_affinity" not in loader_kwargs(options={"use_stream_affinity": False})
    assert loader_kwargs(options={"num_runners": 3})["num_runners"] == 3   # in every torch run


@pytest.mark.parametrize("bad", [{"num_runners": 0}, {"num_runners": True}, {"num_runners": 1.5},
                                 {"run_single_threaded": 1}, {"use_stream_affinity": "yes"},
                                 {"run_single_threaded": True, "num_runners": 2}])
def test_safe_load_checks_the_options_before_reading_anything(bad, tmp_path):
    """Types, and torch's own rule (one runner when single-threaded), which torch reports only as
    a load failure that would read as a bad package."""
    with pytest.raises(ValueError):
        aotidebug.safe_load(tmp_path / "not-read.pt2", **bad)


# ------------------------------------------------------------------ real packages (slow)
def test_options_reach_torchs_loader_in_process_and_isolated(small):
    import torch

    x = torch.randn(2, 8)
    with aotidebug.safe_load(small) as ref:
        want = ref(x)
    for isolate in (False, True):
        for opts in ({"run_single_threaded": True}, {"num_runners": 2}):
            with aotidebug.safe_load(small, isolate=isolate, **opts) as sm:
                assert torch.equal(sm(x), want)
    # torch 2.15.0 takes the option for device packages only ("Stream affinity is only supported for
    # device runtimes", a load failure); older torch lacks it: either way a ValueError before loading
    with pytest.raises(ValueError, match="CPU package"):
        aotidebug.safe_load(small, isolate=True, use_stream_affinity=True)
