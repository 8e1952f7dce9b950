"""`diagnose()` in a process at its memory limit, where users call it right after an out-of-memory
failure. Measured before the fix: a first `diagnose()` under an address-space cap died compiling its
patterns (`re` allocates a 64 KiB charmap) and read `unknown`, and with a little more room its own
error logging raised `MemoryError` out of `diagnose()`. Real caps, in child processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from aotidebug.analysis import STARVED, explain, run_analyzer
from aotidebug.core.categories import Category

CHILD = r"""
import json, resource, sys
import torch
import aotidebug.api                       # imported, but nothing read yet: the cold path
try:
    torch.empty(10**13)                    # a real allocation failure (40 TB)
except RuntimeError as e:
    exc = e
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + int(sys.argv[1]) * 1024, hard))
try:
    d = aotidebug.api.diagnose(exc)
    out = [d.category.value, d.code]
except BaseException as e:
    out = ["raised", type(e).__name__]
resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
print("RESULT " + json.dumps(out))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc: Linux")
def test_diagnose_under_a_memory_cap_never_raises_and_says_out_of_memory():
    seen = []
    for margin_kib in (0, 512, 1024, 4096):
        out = subprocess.run([sys.executable, "-c", CHILD, str(margin_kib)], capture_output=True,
                             text=True, timeout=120, env=dict(os.environ))
        assert "RESULT " in out.stdout, (margin_kib, out.stderr[-2000:])
        category, code = json.loads(out.stdout.split("RESULT ", 1)[1])
        assert category == "out_of_memory", (margin_kib, category, code)
        seen.append(code)
    assert "AOTP033" in seen            # the starved reading was exercised, not only the text's


def test_the_starved_reading_is_built_before_it_is_needed_and_says_what_it_is():
    assert STARVED.category is Category.OUT_OF_MEMORY and STARVED.code == "AOTP033"
    assert STARVED.confidence <= 0.5    # a memory-starved reader measured the process, not the error
    assert "was not read" in STARVED.summary and STARVED.fixes


def test_a_memory_error_inside_the_reading_returns_the_prebuilt_diagnosis(monkeypatch):
    import aotidebug.analysis as analysis

    def starve(*_a, **_k):
        raise MemoryError

    read = explain("RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB")
    assert read.code != "AOTP033"
    # an analyzer that runs out of memory leaves the reading it was given
    assert run_analyzer(read, "x", starve) is read
    monkeypatch.setattr(analysis, "diagnose_text", starve)
    assert explain(RuntimeError("boom")) is STARVED
