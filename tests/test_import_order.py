"""torch's own code reaching one of its private submodules before anything imported it (AOTS310):
torch 2.10.0's `aoti_load_package` in a process that compiled nothing is the real case, captured
on this machine; the rule reads the mechanism, not that one module."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import aotidebug

CAPTURE = Path(__file__).resolve().parent / "fixtures" / "logs" / "cpu-torch210-load-codecache-unimported.txt"
SITE = "/opt/conda/lib/python3.11/site-packages/torch"


def _in_torch(module_path: str, function: str, owner: str, name: str, user: bool = False) -> str:
    frame = (f'  File "/srv/app/serve.py", line 9, in main\n    {owner}.{name}.run()\n' if user else
             f'  File "/srv/app/serve.py", line 9, in main\n    out = entry(x)\n'
             f'  File "{SITE}/{module_path}", line 812, in {function}\n    {owner}.{name}.run()\n')
    return f"Traceback (most recent call last):\n{frame}AttributeError: module '{owner}' has no attribute '{name}'\n"


def test_the_real_torch_210_load_reads_as_the_import_order_bug_with_its_workaround():
    d = aotidebug.diagnose(CAPTURE.read_text())
    assert (d.category.value, d.code) == ("torch_bug", "AOTS310")
    assert "import torch._inductor.codecache" in d.fixes[0]


@pytest.mark.parametrize("module_path,function,owner,name", [
    ("_dynamo/convert_frame.py", "_compile", "torch._dynamo", "eval_frame"),
    ("_export/__init__.py", "load", "torch._export", "serde"),
    ("_inductor/compile_fx.py", "compile_fx_aot", "torch._inductor", "cpp_builder"),
])
def test_other_submodules_used_unimported_read_alike(module_path, function, owner, name):
    d = aotidebug.diagnose(_in_torch(module_path, function, owner, name))
    assert (d.category.value, d.code) == ("torch_bug", "AOTS310")


def test_the_same_words_elsewhere_are_not_torchs_bug():
    # the user's own code reaching the submodule without importing it: their import, not torch's
    assert aotidebug.diagnose(_in_torch("", "", "torch._inductor", "codecache", user=True)).code != "AOTS310"
    # a name that is no submodule, missing from torch's module: another release's name
    assert aotidebug.diagnose(_in_torch("_inductor/compile_fx.py", "compile_fx_aot", "torch._inductor",
                                        "aoti_compile_and_package_v2")).code != "AOTS310"


@pytest.mark.slow
def test_aotidebugs_loader_loads_in_a_process_that_compiled_nothing(small):
    """Every loader aotidebug runs (safe_load, its worker, bisect's child) goes through
    load_compiled: on torch 2.10.0 a fresh process failed there before it imported codecache
    (run on 2.10.0 and 2.13.0; on a torch without the bug this passes either way)."""
    code = textwrap.dedent(f"""\
        import torch
        from aotidebug.runtime.worker.client import load_compiled
        m = load_compiled({str(small)!r})
        print(tuple(m(torch.randn(2, 8)).shape))
        """)
    # without the test suite's own import for such a torch's children (conftest.py), which would
    # make this pass whatever load_compiled does
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and "support_torch210" not in p))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert run.returncode == 0 and "(2, 4)" in run.stdout, run.stderr[-1500:]
