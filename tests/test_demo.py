"""`aotidebug demo` compiles a tiny model, crashes it for real in a child, and diagnoses it."""
import io
import json
import os
import tempfile

import pytest

from aotidebug.faces.demo import run_demo


@pytest.mark.slow
def test_demo_crashes_a_child_and_diagnoses_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # a fresh machine: nothing cached
    root = tmp_path / "tmproot"                           # count what the crash leaves behind
    root.mkdir()
    monkeypatch.setenv("TMPDIR", str(root))
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    out, log = io.StringIO(), io.StringIO()
    assert run_demo(out, as_json=True, log=log) == 0
    assert not any(n.startswith("aotinductor_") for n in os.listdir(root)), os.listdir(root)
    data = json.loads(out.getvalue())
    assert data["outcome"]["signal"] == "SIGSEGV"
    d = data["diagnosis"]
    # Measured (inputs vs compiled contract) outranks the text reading, which stays a candidate.
    assert d["category"] == "input_mismatch" and d["code"] == "AOTC031"
    assert any(c["category"] == "crash" for c in d["candidates"])
    measured = next(e for e in d["evidence"] if e["label"] == "AOTC031")
    assert measured["fields"]["expected"] == 2 and measured["fields"]["got"] == 0
