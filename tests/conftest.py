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
