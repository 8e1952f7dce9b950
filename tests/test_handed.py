"""core/text/handed.py: which torch API a live traceback handed the loaded model to, read from the
types of frame locals (pure: the "torch" modules here are plain dicts given to exec, the model a
class with the loaded model's name; the zoo's `run_handed_to_trace_module` is the real one)."""
from __future__ import annotations

import sys
import types

from aotidebug.core.text.handed import handed_to, is_loaded_model


def _loaded_class(module: str = "torch.export.pt2_archive._package") -> type:
    return type("AOTICompiledModel", (), {"__module__": module})


def _module_fn(module: str, src: str, name: str, **env: object) -> types.FunctionType:
    g: dict = {"__name__": module, **env}
    exec(src, g)  # noqa: S102 - test code defining a function "in" a module
    return g[name]


def _traceback_of(fn, *args) -> types.TracebackType:
    try:
        fn(*args)
    except Exception:
        return sys.exc_info()[2]
    raise AssertionError("did not raise")


def test_the_loaded_model_is_known_by_its_class_or_the_legacy_closure() -> None:
    assert is_loaded_model(_loaded_class()())
    assert not is_loaded_model(_loaded_class("mylib")())  # a user's class of the same name
    legacy = _module_fn("torch._export", "def aot_load():\n    def optimized(*a):\n        pass\n    return optimized",
                        "aot_load")()
    assert is_loaded_model(legacy)
    assert not is_loaded_model(lambda: None) and not is_loaded_model(3)


def test_a_torch_api_frame_that_held_the_model_is_named() -> None:
    api = _module_fn("torch.fake_api", "def take(root):\n    raise AttributeError('expected a Module')", "take")
    tb = _traceback_of(api, _loaded_class()())
    assert handed_to(tb) == "torch.fake_api.take"
    # the model inside a tuple of arguments counts; an unrelated object does not
    assert handed_to(_traceback_of(_module_fn("torch.x", "def f(*args):\n    raise TypeError()", "f"),
                                   1, _loaded_class()())) == "torch.x.f"
    assert handed_to(_traceback_of(api, object())) == ""


def test_the_model_s_own_run_below_the_holder_is_not_a_hand_over() -> None:
    """A decorator or wrapper that holds the model and calls it: AOTI's own code ran deeper, so the
    failure is the run's (an input mismatch stays an input mismatch)."""
    run = _module_fn("torch.export.pt2_archive._package", "def call(self):\n    raise RuntimeError('mat1')", "call")
    deco = _module_fn("torch.utils._contextlib", "def wrapped(func):\n    return run(func)", "wrapped", run=run)
    assert handed_to(_traceback_of(deco, _loaded_class()())) == ""
    assert handed_to(None) == ""


def test_a_hostile_local_never_breaks_the_reading() -> None:
    class Meta(type):
        def __getattribute__(cls, name):
            raise RuntimeError("no attributes here")

    hostile = Meta("Hostile", (), {})()
    api = _module_fn("torch.fake_api", "def take(root):\n    raise ValueError()", "take")
    assert handed_to(_traceback_of(api, hostile)) == ""
