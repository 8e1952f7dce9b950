"""`aotidebug demo`: compile a tiny model, trigger a real AOTI fault on the CPU, diagnose it.

The model is compiled for a static (2, 8) input and then called, in a child process, with a
(0, 8) batch: the compiled kernels read out of bounds and the child dies with SIGSEGV (measured
on torch 2.13 CPU). The parent survives and diagnoses the crash with the package and inputs.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    import torch


def _tiny_model() -> torch.nn.Module:
    """Linear(8, 4) -> relu * 2 + 1: one extern GEMM and one fused pointwise kernel."""
    import torch

    class Tiny(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.lin = torch.nn.Linear(8, 4)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.relu(self.lin(x)) * 2.0 + 1.0

    torch.manual_seed(0)
    return Tiny().eval()

_CHILD = r'''
import sys, torch
import torch._inductor.codecache  # torch 2.10.0's loader uses it unimported (fixed in 2.11)
pkg = torch._inductor.aoti_load_package(sys.argv[1])
x = torch.randn(*[int(s) for s in sys.argv[2].split(",")])
print("calling the package with shape", tuple(x.shape), flush=True)
out = pkg(x)
print("returned", tuple(out.shape), flush=True)
'''


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "aotidebug" / "demo"


def build_demo_package(log: TextIO) -> Path:
    """Compile the tiny model once per torch version (cached under ~/.cache/aotidebug/demo)."""
    import torch

    path = _cache_dir() / f"tiny-{torch.__version__}.pt2"
    if path.exists():
        log.write(f"[demo] using cached package {path}\n")
        return path
    log.write("[demo] exporting and compiling a tiny Linear+ReLU model for a static (2, 8) input "
              "(10-30 s on a small CPU)...\n")
    ep = torch.export.export(_tiny_model(), (torch.randn(2, 8),))
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        out = torch._inductor.aoti_compile_and_package(ep, package_path=os.path.join(tmp, "p.pt2"))
        os.replace(out, path)
    return path


def run_demo(out: TextIO, *, as_json: bool = False, log: TextIO | None = None) -> int:
    import torch

    from ..api import diagnose
    from ..runtime.subproc import outcome_text, python_argv, run_isolated

    log = log or sys.stderr
    pkg = build_demo_package(log)
    log.write("[demo] calling it with a (0, 8) input in a child process (expect a crash)...\n")
    # The scratch dir is also the child's TMPDIR: the package copy load_package extracts there
    # outlives a crashed process, so it must go with the dir.
    with tempfile.TemporaryDirectory() as cwd:
        outcome = run_isolated(python_argv("-c", _CHILD, str(pkg), "0,8"), timeout=300, cwd=cwd,
                               env={"TMPDIR": cwd})
    log.write(f"[demo] child ended: returncode={outcome.returncode} signal={outcome.signal}\n")
    d = diagnose(outcome_text(outcome), inputs=(torch.empty(0, 8),), package=str(pkg))
    if as_json:
        out.write(json.dumps({"outcome": outcome.to_dict(), "diagnosis": d.to_dict()}, indent=2) + "\n")
    else:
        out.write(f"{d}\n")
    return 0
