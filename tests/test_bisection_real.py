"""Bisection on real faults in real AOTI packages: each test compiles (slow).

The loop, the policy and the parsers are tested without torch in test_bisection.py; these tests
show the runner finds the faulting kernel of a real segfault, a real index error, a real NaN
producer and a real silent mismatch, and that a crashed child leaves nothing behind.
"""
import glob
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from aotidebug.runtime.bisect import runner as bisection
from aotidebug.runtime.bisect.protocol import Fault

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def _private_temp_root(tmp_path, monkeypatch) -> Path:
    """Point this process's temp root (and so the children's) at a fresh dir, to count what is
    left there afterwards."""
    root = tmp_path / "tmproot"
    root.mkdir()
    monkeypatch.setenv("TMPDIR", str(root))
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    return root


def test_real_segfault_one_compile_and_nothing_left_behind(tmp_path, monkeypatch):
    import torch

    from tests.models import big

    root = _private_temp_root(tmp_path, monkeypatch)
    # the loader of torch 2.10 and 2.11 extracts into a fixed /tmp/XXXXXX, whatever TMPDIR says;
    # bisection's package is model.pt2 (other processes on a shared machine extract theirs there too)
    before = set(glob.glob("/tmp/*/model/data/aotinductor"))
    spec = big.make()
    r = bisection.bisect(spec["model"], (torch.randn(1, 1),), example_inputs=spec["inputs"],
                         timeout=300)
    assert r.fault is Fault.CRASH and r.stage == "trace", r
    assert r.kernel == "cpp_fused_add_sin_0"
    assert r.compiles == 1 and r.runs == 1
    assert {"sin", "add"} <= set(r.source_nodes)
    assert any(f.endswith("tests/models/big.py:8") for f in r.user_frames), r.user_frames
    assert "sin" in r.kernel_source
    r.close()
    # the crashed child's package extraction went with its work dir, not into the temp root
    left = glob.glob(str(root / "**" / "aotinductor_*"), recursive=True)
    assert left == [], left
    assert [p for p in os.listdir(root) if p.startswith("aotidebug-bisect")] == []
    # nor left where an older loader put it (read from the child's memory map, removed after it)
    assert set(glob.glob("/tmp/*/model/data/aotinductor")) <= before


def test_real_index_error_from_fused_kernel_via_diagnose():
    from aotidebug import diagnose
    from tests.models import bis_embed

    spec = bis_embed.make()
    model, bad = spec["model"], spec["bad_inputs"]
    with pytest.raises(Exception) as info:   # eager raises too; diagnose() gets the real exception
        model(*bad)
    d = diagnose(info.value, model, bad, bisect=True)
    r = d.details["bisect"]
    assert r["fault"] == "error" and r["stage"] == "trace" and r["compiles"] == 1, r
    assert r["kernel"].startswith("cpp_fused_") and "embedding" in r["kernel"]
    assert "embedding" in r["source_nodes"]
    assert any(f.endswith("tests/models/bis_embed.py:12") for f in r["user_frames"]), r["user_frames"]
    assert "index out of bounds" in r["message"]
    assert d.kernel == r["kernel"]
    assert any(e.label == "faulting-kernel" for e in d.evidence)


def test_real_nan_producer_via_target_and_repro(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    msgs: list[str] = []
    r = bisection.bisect_target("tests.models.bis_nan:make", timeout=300, progress=msgs.append)
    try:
        assert r.fault is Fault.NAN and r.stage == "trace", r
        assert r.kernel == "cpp_fused_log_mul_1"
        assert r.launched.index(r.kernel) == 2 and len(r.launched) == 5  # kernels before and after
        assert r.compiles == 1
        assert {"log", "mul_1"} <= set(r.source_nodes)
        assert any(f.endswith("tests/models/bis_nan.py:16") for f in r.user_frames), r.user_frames
        assert "log()" in r.kernel_source
        assert any(m.startswith("stage 1") for m in msgs)
        script = r.write_repro(tmp_path / "repro.py")
        proc = subprocess.run([sys.executable, "-u", str(script)], capture_output=True, text=True,
                              timeout=300, cwd=tmp_path)
        assert proc.returncode != 0 and "REPRODUCED" in proc.stderr, \
            proc.stdout[-2000:] + proc.stderr[-2000:]
    finally:
        r.close()


def test_real_mismatch_without_nan_graph_bisection(monkeypatch):
    monkeypatch.chdir(ROOT)
    r = bisection.bisect_target("tests.models.bis_acc:make", timeout=400)
    assert r.fault is Fault.MISMATCH and r.stage == "graph", r
    assert r.kernel.startswith("cpp_fused_") and "relu" in r.kernel
    assert "relu" in r.source_nodes
    assert any(f.endswith("tests/models/bis_acc.py:16") for f in r.user_frames), r.user_frames
    kernels = len(r.launched)
    assert r.compiles <= math.ceil(math.log2(kernels)) + 2, (r.compiles, kernels)
