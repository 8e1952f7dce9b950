"""The package a loaded AOTI model came from, so `diagnose(exc, loaded_model, inputs)` measures the
inputs against the compiled contract as `diagnose(..., package=PATH)` does.

The object `aoti_load_package` returns keeps no path. Its loader extracts the archive to a
temporary folder (`/tmp/aotinductor_*/<name>/data/aotinductor/<model>/`, torch 2.13 and 2.14.1)
and dlopens the wrapper `.so` there, so this process's memory map (Linux `/proc/self/maps`) names
the folder, whose generated sources and metadata the `.so` reader (inspect.py) reads. Several
loaded packages are told apart by what the loader itself reports (call spec, metadata, constant
names); when more than one distinct contract still fits, none is chosen. Reads files only: the
model's code is neither loaded again nor called.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..core.errors import PackageError
from .inspect import PackageInfo, inspect_package
from .symbols import parse_maps
from .symbols import read_maps as process_maps

EXTRACTED = "/data/aotinductor/"   # where the loader puts a model's files inside its extraction
MAX_CANDIDATES = 32                # mapped wrappers read at most (each is one small text read)


@dataclass(frozen=True)
class Located:
    """The contract of a loaded model (None when it could not be told), and how it was found."""

    info: PackageInfo | None
    how: str


def is_loaded_package(obj: object) -> bool:
    """torch's AOTICompiledModel (torch.export.pt2_archive._package, or torch._inductor.package in
    older releases), told by its class alone so no attribute of a user object runs."""
    cls = type(obj)
    return cls.__name__ == "AOTICompiledModel" and str(getattr(cls, "__module__", "")).startswith("torch.")


def mapped_wrappers(maps_text: str) -> list[str]:
    """The extracted wrapper libraries in a memory map's text, in map order, once each (pure)."""
    return list(dict.fromkeys(m.path for m in parse_maps(maps_text)
                              if m.path.endswith(".so") and EXTRACTED in m.path))  # not " (deleted)"


def _loader_view(model: Any) -> dict[str, Any]:
    """What torch's loader reports about the package it holds; each read may be absent."""
    loader = getattr(model, "loader", None)
    view: dict[str, Any] = {}
    for key, method in (("call_spec", "get_call_spec"), ("metadata", "get_metadata"),
                        ("constants", "get_constant_fqns")):
        try:
            view[key] = getattr(loader, method)()
        except Exception:  # an older loader without the method, or one already released
            continue
    return view


def _fits(info: PackageInfo, view: dict[str, Any]) -> bool:
    if len(info.models) != 1:
        return False
    m = info.models[0]
    spec = view["call_spec"]
    if not (isinstance(spec, (list, tuple)) and len(spec) == 2) or (m.in_spec, m.out_spec) != tuple(spec):
        return False
    meta = view.get("metadata")
    if isinstance(meta, dict) and any(info.metadata.get(k) != v for k, v in meta.items()
                                      if k.startswith("AOTI_") and k in info.metadata):
        return False
    fqns = view.get("constants")
    return not (isinstance(fqns, (list, tuple)) and m.constants and set(fqns) != set(m.constant_fqns))


def _contract_key(info: PackageInfo) -> Any:
    m = info.models[0]
    return (m.in_spec, m.out_spec, m.inputs, tuple(c.name for c in m.constants), info.device_type)


def locate(model: object, error_text: str = "", read_maps: Callable[[], str] | None = None,
           inspect: Callable[[str], PackageInfo] = inspect_package) -> Located | None:
    """The contract of `model` when it is a loaded AOTI package (None for any other object).
    Where several fit, an extraction the error's own C++ frames name (`... in /tmp/aotinductor_*/
    .../model/<hash>.wrapper.so`) is the one that raised."""
    if not is_loaded_package(model):
        return None
    view = _loader_view(model)
    if "call_spec" not in view:
        return Located(None, "the loaded model's loader did not report its call spec, so no "
                             "extraction can be matched to it; pass package=PATH")
    text = (read_maps or process_maps)()
    if not text:
        return Located(None, "this process's memory map could not be read (/proc/self/maps: Linux "
                             "only); pass package=PATH")
    fitting: dict[Any, PackageInfo] = {}
    paths = mapped_wrappers(text)[:MAX_CANDIDATES]
    named = [p for p in paths if p in error_text]
    for path in named or paths:
        try:
            info = inspect(path)
        except PackageError:
            continue
        if _fits(info, view):
            fitting.setdefault(_contract_key(info), info)
    if not fitting:
        return Located(None, "no extracted package in this process fits the loaded model; pass package=PATH")
    if len(fitting) > 1:
        return Located(None, f"{len(fitting)} loaded packages fit the loaded model (the same call "
                             "structure and metadata); pass package=PATH to say which")
    info = next(iter(fitting.values()))
    folder = os.path.dirname(info.path)
    notes = tuple(u for u in info.unreadable if not u.startswith("legacy .so"))
    return Located(replace(info, format="extracted", unreadable=notes),
                   f"read from the folder its library was loaded from, {folder}")
