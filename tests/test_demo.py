"""`aotidebug demo` compiles a tiny model, crashes it for real in a child, and diagnoses it."""
import io
import json

import pytest

from aotidebug.demo import run_demo


@pytest.mark.slow
def test_demo_crashes_a_child_and_diagnoses_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # a fresh machine: nothing cached
    out, log = io.StringIO(), io.StringIO()
    assert run_demo(out, as_json=True, log=log) == 0
    data = json.loads(out.getvalue())
    assert data["outcome"]["signal"] == "SIGSEGV"
    d = data["diagnosis"]
    assert d["category"] in ("input_mismatch", "crash")
    assert any(c["category"] == "crash" for c in d["candidates"])
