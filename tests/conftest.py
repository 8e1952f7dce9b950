import getpass
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session", autouse=True)
def children_tmpdir():
    """TMPDIR for every child the suite starts, removed when the session ends.

    `aoti_load_package` extracts the whole package to `$TMPDIR/aotinductor_XXXXXX` and removes it
    only on a normal exit; the tests that crash raw torch on purpose (the zoo, the weights facts)
    left one copy per crash in the shared /tmp. Children inherit this TMPDIR, so their copies go
    with the session. The pytest process's own `tempfile` dir is already fixed and is unchanged.
    Inductor's cache stays where it was (its default is under TMPDIR), so children keep it warm.
    """
    from tests.zoo import env

    root = Path(tempfile.mkdtemp(prefix="aotidebug-tests-"))
    cache = os.environ.get("TORCHINDUCTOR_CACHE_DIR")
    if cache is None:
        try:
            user = getpass.getuser()
        except (KeyError, OSError):
            user = f"uid_{os.getuid()}"
        cache = os.path.join(tempfile.gettempdir(), f"torchinductor_{user}")
    try:
        with env(TMPDIR=str(root), TORCHINDUCTOR_CACHE_DIR=cache):
            yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _loader_uses_codecache_unimported() -> bool:
    """torch 2.10.0's package loader calls `torch._inductor.codecache...` without importing it, so
    a process that compiled nothing cannot load (2.11 imports it there). Read from its source."""
    import importlib.util

    try:  # torch's own spec imports nothing; its loader module's would import torch
        spec = importlib.util.find_spec("torch")
        src = (Path(spec.origin).parent / "export" / "pt2_archive" / "_package.py").read_text() \
            if spec is not None and spec.origin else ""
    except (ImportError, OSError, ValueError):
        return False
    return "torch._inductor.codecache." in src and "codecache import" not in src


@pytest.fixture(scope="session", autouse=True)
def children_load_as_on_a_later_torch():
    """On such a torch, the children that stand in for a user's process import the module once the
    loader's module is (tests/support_torch210/sitecustomize.py), as a user on it must; a test that
    gives its child an environment of its own does not get it. Elsewhere this does nothing."""
    if not _loader_uses_codecache_unimported():
        yield False
        return
    from tests.zoo import env

    import torch._inductor.codecache  # noqa: F401  (this process loads packages too)

    shim = str(ROOT / "tests" / "support_torch210")
    path = os.pathsep.join(p for p in (shim, os.environ.get("PYTHONPATH", "")) if p)
    with env(PYTHONPATH=path):
        yield True


@pytest.fixture(scope="session")
def packages():
    """`packages.build("small")` -> Path of a real compiled .pt2 (built once, cached on disk)."""
    from tests import packages as p

    return p


@pytest.fixture(scope="session")
def small(packages):
    """Path of the real `small` package: Linear(8,4)->relu*2+1, static (2, 8) float32."""
    return packages.build("small")


@pytest.fixture(scope="session")
def big(packages):
    """Path of the real `big` package: sin(x)+1, static (4096, 4096); (1, 1) segfaults."""
    return packages.build("big")


@pytest.fixture(scope="session")
def dyn(packages):
    """Path of the real `dyn` package: Linear+GELU, Dim batch in [2, 64]."""
    return packages.build("dyn")


@pytest.fixture(scope="session")
def corpus_rows():
    import json

    path = ROOT / "tests" / "fixtures" / "corpus" / "dev.jsonl"  # a copy: runs on a clean clone
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


_PROBE_REPORTS: dict = {}


@pytest.fixture(scope="session")
def probed(packages):
    """probed(name) -> (ProbeReport, seconds): the package probed once per session against its
    eager model with its example inputs."""
    import time

    from aotidebug.runtime.probe.runner import probe

    def get(name: str, **kw):
        key = (name, tuple(sorted(kw.items())))
        if key not in _PROBE_REPORTS:
            spec = packages.spec(name)
            path = packages.build(name)
            t = time.monotonic()
            rep = probe(path, spec["model"], inputs=tuple(spec["inputs"]), **kw)
            _PROBE_REPORTS[key] = (rep, time.monotonic() - t)
        return _PROBE_REPORTS[key]

    return get


# Fixtures that compile or run real packages: a test that uses one is slow (seconds), whatever its
# module; pure parser tests in the same modules stay in the fast set (`-m "not slow"`).
PACKAGE_FIXTURES = frozenset({"packages", "small", "big", "dyn", "pk", "loaded", "probed"})


def pytest_collection_modifyitems(config, items):
    for item in items:
        if PACKAGE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
