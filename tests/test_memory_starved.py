"""`diagnose()` in a process at its memory limit, where users call it right after an out-of-memory
failure. Measured before the fix: a first `diagnose()` under an address-space cap died compiling its
patterns (`re` allocates a 64 KiB charmap) and read `unknown`, and with a little more room its own
error logging raised `MemoryError` out of `diagnose()`. Real caps, in child processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aotidebug.analysis import STARVED, explain, run_analyzer
from aotidebug.core.categories import Category
from aotidebug.core.memory import starved
from aotidebug.core.text.structure import read_exception

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
    out = [d.category.value, d.code, [e.detail[:300] for e in d.evidence[:2]]]
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
        category, code, *evidence = json.loads(out.stdout.split("RESULT ", 1)[1])
        assert category == "out_of_memory", (margin_kib, category, code, evidence)
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


def test_the_error_cpython_leaves_when_it_loses_a_memory_error_is_starvation(monkeypatch):
    """Measured in CI (torch 2.14.1 leg, a 1 MiB margin): `re`'s compiler, failing an allocation,
    raised "SystemError: <function SubPattern.__getitem__> returned NULL without setting an
    exception", and the classifier's last line of defence read `unknown` (its own bug)."""
    import aotidebug.analysis as analysis

    lost = SystemError("<function SubPattern.__getitem__ at 0x7f8a3a756a20> returned NULL without "
                       "setting an exception")
    assert starved(lost) and starved(MemoryError()) and not starved(SystemError("bad argument"))

    def lose(*_a, **_k):
        raise lost

    monkeypatch.setattr(analysis, "diagnose_text", lose)
    assert explain(RuntimeError("DefaultCPUAllocator: can't allocate memory")) is STARVED

    def fail(*_a, **_k):  # any other SystemError is the classifier's own failure, reported as such
        raise SystemError("bad argument to internal function")

    monkeypatch.setattr(analysis, "diagnose_text", fail)
    d = explain(RuntimeError("boom"))
    assert d is not STARVED and d.category is Category.UNKNOWN
    assert any(e.label == "internal-error" and "SystemError" in e.detail for e in d.evidence)


class _StarvedWhenPrinted(RuntimeError):
    def __str__(self) -> str:
        raise MemoryError


class _BrokenWhenPrinted(RuntimeError):
    def __str__(self) -> str:
        raise ValueError("no text")


def test_an_error_that_cannot_be_printed_for_want_of_memory_is_never_half_read():
    """Before: the reader swallowed the MemoryError, took the object's repr for the message and
    read the structure as 'MemoryError: aotidebug could not read the exception'."""
    with pytest.raises(MemoryError):
        read_exception(_StarvedWhenPrinted("CUDA error: out of memory"))
    assert explain(_StarvedWhenPrinted("CUDA error: out of memory")) is STARVED
    # an error whose __str__ fails for its own reasons is still read, from what else it carries
    st = read_exception(_BrokenWhenPrinted("x"))
    assert st.chain and st.chain[-1].type.endswith("_BrokenWhenPrinted")
    assert explain(_BrokenWhenPrinted("x")) is not STARVED


def _memory_faults(*args: str) -> subprocess.CompletedProcess[str]:
    """benchmarks/memory_faults.py with `args`; skips where it cannot measure (no fork, no _testcapi)."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "memory_faults.py"
    out = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=600)
    if out.returncode == 2:
        pytest.skip(out.stderr.strip())
    return out


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork: Linux")
def test_one_failing_allocation_anywhere_in_a_cold_diagnose_reads_out_of_memory():
    """A sample of the benchmark's points (benchmarks/memory_faults.py has the full figure)."""
    out = _memory_faults("--samples", "120", "--seed", "5")
    assert out.returncode == 0, out.stdout + out.stderr[-2000:]
    assert "not out_of_memory: 0 of 120" in out.stdout


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork: Linux")
def test_when_every_allocation_fails_diagnose_still_never_raises():
    """Every allocation failing from a point on (harsher than a real cap): a handler that called a
    function to decide raised a second MemoryError out of `diagnose()` at 4 of 6 such points. A
    child may spin inside CPython until its alarm; none may raise."""
    out = _memory_faults("--samples", "10", "--seed", "1", "--span", "1000000000", "--skip", "30000",
                         "--limit", "60000", "--timeout", "5")
    assert "raised" not in out.stdout, out.stdout
    assert "out_of_memory AOTP033" in out.stdout, out.stdout   # the starved reading was reached


LOAD_CONSTANTS_UNDER_A_CAP = r"""
import resource, sys, torch
import tests.models.wide_weight as W
m = torch._inductor.aoti_load_package(sys.argv[1])
weights = {"weight": W.make()["model"].weight.detach().clone()}
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
resource.setrlimit(resource.RLIMIT_AS, (vm + 1024 * 1024, hard))   # 1 MiB more: the 8 MiB cannot fit
m.load_constants(weights, check_full_update=True)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc: Linux")
def test_load_constants_failing_for_memory_reads_out_of_memory_with_the_constants_beside(packages):
    """The runtime prints the allocator's `Error: std::bad_alloc` and raises only `update_constant_
    buffer_func_(...) API call failed` (AOTD401's words, a constant's): the log's reading is the
    memory (AOTS338), the constants' stays beside it. Real: a weightless package, a real cap."""
    from aotidebug.api import diagnose
    from aotidebug.core.routing.structural import fired
    from aotidebug.core.text.structure import read_structure
    from aotidebug.runtime.subproc import python_argv, run_isolated

    pkg = packages.build("wide_weight")
    root = str(Path(__file__).resolve().parent.parent)
    out = run_isolated(python_argv("-c", LOAD_CONSTANTS_UNDER_A_CAP, str(pkg)), timeout=240,
                       env={"PYTHONPATH": root}, cwd=root)
    assert not out.ok and "API call failed" in out.stderr, out.to_dict()
    d = diagnose(out.stderr)
    assert d.category is Category.OUT_OF_MEMORY, (d.code, out.stderr[-1500:])
    assert d.confidence >= 0.7
    assert "AOTS338" in [r.code for r in fired(read_structure(out.stderr))]
    assert "constant_loading" in [c.category.value for c in d.candidates[:3]]
    # without the runtime's line (an exception's text alone) the call's site is all there is
    site_only = out.stderr[out.stderr.index("Traceback"):]
    assert diagnose(site_only).category is Category.CONSTANT_LOADING
