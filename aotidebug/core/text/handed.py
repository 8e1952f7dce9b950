"""Which torch API a live traceback handed the loaded AOTI model to (read from frame locals).

A loaded model is a C++ runner behind a Python call, not an nn.Module or a function: torch APIs
that take one (TorchScript, FX, export, CUDA graphs, DataParallel, ...) fail on it, often with a
message that names neither AOTI nor the model ("Could not get name of python class object"). A
live exception still shows it: a torch frame held the loaded model among its locals. Only the
TYPES of the locals are read (`type()` and a function's `__qualname__` run no user code); values
are never printed, compared or called. Pure stdlib; a text has no locals, so this is live only.
"""

from __future__ import annotations

import types
from collections.abc import Iterable

__all__ = ["handed_to", "is_loaded_model"]

# classes of a loaded model, by name (their modules moved between torch releases)
_LOADED_CLASSES = frozenset({"AOTICompiledModel", "AOTIModelPackageLoader", "AOTIModelContainerRunnerCpu",
                             "AOTIModelContainerRunnerCuda", "AOTIModelContainerRunnerXpu",
                             "AOTIModelContainerRunnerMps"})
# what the legacy torch._export.aot_load returns: a closure
_LEGACY_QUALNAME = "aot_load.<locals>.optimized"
# AOTI's own code holds and calls the loaded model: a frame of these is its load or its run
_AOTI_OWN = ("torch._inductor.package", "torch.export.pt2_archive", "torch._export")
_AOTI_ENTRY = "torch._inductor"  # aoti_load_package, aoti_compile_and_package (the package's __init__)
_MAX_LOCALS = 64  # per frame: a frame with more locals is not an API entry point's


def is_loaded_model(value: object) -> bool:
    """True for a loaded AOTI model object (package API, C++ loader or runner, legacy closure)."""
    try:
        cls = type(value)
        if cls.__name__ in _LOADED_CLASSES and str(getattr(cls, "__module__", "")).startswith("torch"):
            return True
        return isinstance(value, types.FunctionType) and value.__qualname__ == _LEGACY_QUALNAME
    except Exception:  # an exotic metaclass: not ours
        return False


def _holds(values: Iterable[object]) -> bool:
    for i, v in enumerate(values):
        if i >= _MAX_LOCALS:
            return False
        if is_loaded_model(v):
            return True
        if type(v) is tuple or type(v) is list:  # exact types: a subclass could run code on access
            if any(is_loaded_model(x) for x in v[:8]):
                return True
    return False


def handed_to(tb: types.TracebackType | None, limit: int = 200) -> str:
    """`module.function` of the innermost torch frame (not AOTI's own) whose locals hold a loaded
    model, or "" when none does or when AOTI's own code ran deeper (then the model was called,
    and the failure is its run's). Never raises."""
    holder = ""
    try:
        n = 0
        while tb is not None and n < limit:
            frame = tb.tb_frame
            module = frame.f_globals.get("__name__")
            module = module if isinstance(module, str) else ""
            if module == _AOTI_ENTRY or module.startswith(_AOTI_OWN):
                holder = ""
            elif module.startswith("torch.") and _holds(list(frame.f_locals.values())):
                holder = f"{module}.{frame.f_code.co_name}"
            tb, n = tb.tb_next, n + 1
    except Exception:
        return ""
    return holder
