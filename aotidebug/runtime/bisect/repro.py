"""A standalone script that reproduces a fault found by bisection (`BisectResult.write_repro`).

The script compiles the saved exported program with the same inductor configs (value printer
mode 3, so the launches show) and runs it on the saved inputs: it exits non-zero (or dies of the
same signal) when the fault reproduces and 0 when it does not. It needs torch, nothing else.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any, Mapping, Sequence

from .protocol import ATOL, RTOL, TRACE_CONFIGS

PROGRAM, INPUTS = "program.pt2", "inputs.pt"   # the files of an artifacts dir
REPRO_PRINTER = {"aot_inductor.debug_intermediate_value_printer": "3"}

REPRO_TEMPLATE = '''\
"""Reproduces an AOTI fault found by aotidebug.bisect: {fault} in kernel {kernel}.
User code: {frames}
Run: python -u THIS_FILE   (exit 0: not reproduced; otherwise reproduced)."""
import json, os, sys, tempfile
import torch

FAULT = {fault}
KERNEL = {kernel}
CONFIGS = json.loads({configs!r})
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), {art})

ep = torch.export.load(os.path.join(HERE, "program.pt2"))
inputs = tuple(torch.load(os.path.join(HERE, "inputs.pt"), weights_only=True))
pkg = os.path.join(tempfile.mkdtemp(prefix="aoti-repro-"), "model.pt2")
torch._inductor.aoti_compile_and_package(ep, package_path=pkg, inductor_configs=CONFIGS)
compiled = torch._inductor.aoti_load_package(pkg)
print("running the package (a crash or error here reproduces the fault)", flush=True)
with torch.no_grad():
    out = compiled(*inputs)
outs = [out] if isinstance(out, torch.Tensor) else list(torch.utils._pytree.tree_leaves(out))
bad = sum(int((~torch.isfinite(t)).sum()) for t in outs if t.is_floating_point())
if FAULT == "nan" and bad:
    sys.exit(f"REPRODUCED: {{bad}} non-finite output values (first made by {{KERNEL}})")
if FAULT == "mismatch":
    with torch.no_grad():
        ref = ep.module()(*inputs)
    refs = [ref] if isinstance(ref, torch.Tensor) else list(torch.utils._pytree.tree_leaves(ref))
    for a, b in zip(outs, refs):
        if not torch.allclose(a.float(), b.float(), rtol={rtol}, atol={atol}, equal_nan=True):
            diff = float((a.float() - b.float()).abs().max())
            sys.exit(f"REPRODUCED: compiled and eager differ, max abs diff {{diff:.4g}} (kernel {{KERNEL}})")
print("NOT REPRODUCED")
'''


def has_program(artifacts: str | os.PathLike[str] | None) -> bool:
    """True when `artifacts` is a dir holding a saved program and its inputs."""
    return bool(artifacts) and all(Path(os.fspath(artifacts or ""), n).is_file()
                                   for n in (PROGRAM, INPUTS))


def write_repro(path: str | os.PathLike[str], *, artifacts: str | os.PathLike[str],
                fault: str | None, kernel: str | None, user_frames: Sequence[str],
                configs: Mapping[str, Any]) -> Path:
    """Write the script at `path` and copy the program and inputs to `<stem>_artifacts/` beside
    it (so the script outlives `artifacts`); returns the script's path."""
    out = Path(path)
    art = out.with_name(out.stem + "_artifacts")
    art.mkdir(parents=True, exist_ok=True)
    for name in (PROGRAM, INPUTS):
        shutil.copyfile(Path(os.fspath(artifacts), name), art / name)
    run_configs = {k: v for k, v in configs.items() if k not in TRACE_CONFIGS}
    run_configs.update(REPRO_PRINTER)
    out.write_text(REPRO_TEMPLATE.format(
        fault=json.dumps(None if fault is None else str(fault)),
        kernel=json.dumps(kernel), frames=json.dumps(list(user_frames)),
        configs=json.dumps(run_configs), art=json.dumps(art.name), rtol=RTOL, atol=ATOL),
        encoding="utf-8")
    return out


__all__ = ["REPRO_TEMPLATE", "write_repro", "has_program", "PROGRAM", "INPUTS"]
