"""Build real AOTI packages once and cache them on disk, keyed on torch version + model source.

The cache lives in <repo>/.aotidebug-cache/packages (git-ignored; AOTIDEBUG_TEST_CACHE moves it),
so a second test session, or a second helper, reuses a package instead of compiling for 10-25 s.
"""
from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import os
import shutil
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("AOTIDEBUG_TEST_CACHE", ROOT / ".aotidebug-cache" / "packages"))


def cache_key(name: str, variant: dict | None = None) -> str:
    import torch

    src = inspect.getsource(importlib.import_module(f"tests.models.{name}"))
    blob = json.dumps([torch.__version__, src, variant or {}], sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def build(name: str, *, variant: dict | None = None) -> Path:
    """Path of the compiled package for tests/models/<name>.py (compiled on first use).

    `variant` adds inductor configs on top of the model's own (part of the cache key).
    """
    import torch

    key = cache_key(name, variant)
    path = CACHE / f"{name}-{key}.pt2"
    if path.exists():
        return path
    spec = importlib.import_module(f"tests.models.{name}").make()
    ep = torch.export.export(spec["model"], tuple(spec["inputs"]), spec.get("kwargs") or None,
                             dynamic_shapes=spec.get("dynamic_shapes"))
    configs = dict(spec.get("inductor_configs") or {})
    configs.update(variant or {})
    CACHE.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".pt2", dir=CACHE)
    os.close(fd)
    os.unlink(tmp)
    torch._inductor.aoti_compile_and_package(ep, package_path=tmp, inductor_configs=configs)
    shutil.move(tmp, path)  # atomic within the directory: concurrent builders never see half a file
    return path


def spec(name: str) -> dict:
    return importlib.import_module(f"tests.models.{name}").make()
