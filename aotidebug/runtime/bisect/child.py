"""Child-process entry point of the bisection runner: export (or load), compile, run, report.

Run as `python -u -X faulthandler -m aotidebug.runtime.bisect.child REQUEST.json` in a private work
dir with a private TORCHINDUCTOR_CACHE_DIR and TMPDIR (see runner.py). Everything that can crash
(the user's model, the compiled package) runs here, never in the caller. The request and the
result are JSON files; tensors cross the boundary with torch.save / torch.load(weights_only=True).
The result file is rewritten after each phase (`protocol.Phase`), so a child killed by a signal
still leaves what it reached.

Request keys: target ("module:function") or program (a torch.export.save'd file written by the
parent), sys_path, inputs, example_inputs (.pt files), save_program, save_inputs, prefix (keep the
first N compute nodes and return the last one), configs (inductor configs), package (output path),
run, reference, rtol, atol, result.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
import traceback
from typing import Any

from ..subproc import exit_with_parent
from .protocol import ATOL, DONE_MARK, RTOL, RUN_MARK, Phase

# exit statuses (the parent reads the phase; these only make a shell run legible)
EXIT_RUN_ERROR, EXIT_BUILD_ERROR = 3, 4


def _write(path: str, data: dict[str, Any]) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, default=repr)
    os.replace(tmp, path)


def _from_target(target: str) -> tuple[Any, tuple[Any, ...], Any, dict[str, Any]]:
    """Call `module:function`; it returns (model, inputs[, dynamic_shapes]) or a spec dict."""
    mod_name, _, fn_name = target.partition(":")
    fn = getattr(importlib.import_module(mod_name), fn_name or "make")
    made = fn()
    if isinstance(made, dict):
        return (made["model"], tuple(made["inputs"]), made.get("dynamic_shapes"),
                dict(made.get("inductor_configs") or {}))
    made = tuple(made)
    return made[0], tuple(made[1]), (made[2] if len(made) > 2 else None), {}


def compute_nodes(gm: Any) -> list[Any]:
    """The call_function nodes whose value is a tensor: the candidate cut points, in order."""
    import torch

    out = []
    for node in gm.graph.nodes:
        if node.op == "call_function" and isinstance(node.meta.get("val"), torch.Tensor):
            out.append(node)
    return out


def describe(nodes: list[Any]) -> list[dict[str, Any]]:
    return [{"name": n.name, "target": str(n.target), "stack_trace": n.meta.get("stack_trace") or ""}
            for n in nodes]


def truncate(ep: Any, keep: int) -> Any:
    """A plain-codegen GraphModule computing the first `keep` compute nodes, returning the last."""
    import torch.fx

    gm = ep.module()
    nodes = compute_nodes(gm)
    last = nodes[keep - 1]
    graph = gm.graph
    out = [n for n in graph.nodes if n.op == "output"][0]
    out.args = ((last,),)
    graph._codegen = torch.fx.graph.CodeGen()
    for node in reversed(list(graph.nodes)):
        if node.op == "output" or node is last:
            continue
        if not node.users and node.op != "placeholder":
            graph.erase_node(node)
    gm.recompile()
    return gm


def _dynamic_shapes_of(ep: Any, n_inputs: int) -> tuple[Any, ...] | None:
    """Dim.DYNAMIC for every dimension that is symbolic in the exported program."""
    import torch

    dyn = getattr(torch.export.Dim, "DYNAMIC", None)
    specs = []
    any_dyn = False
    users = [n for n in ep.graph.nodes if n.op == "placeholder"][-n_inputs:] if n_inputs else []
    for node in users:
        val = node.meta.get("val")
        dims = {}
        for i, s in enumerate(getattr(val, "shape", ())):
            if not isinstance(s, int):
                dims[i] = dyn
                any_dyn = True
        specs.append(dims or None)
    return tuple(specs) if any_dyn and dyn is not None else None


def _flat(x: Any) -> list[Any]:
    import torch

    if isinstance(x, torch.Tensor):
        return [x]
    if isinstance(x, (list, tuple)):
        return [t for v in x for t in _flat(v)]
    if isinstance(x, dict):
        return [t for v in x.values() for t in _flat(v)]
    return []


def compare(got: Any, want: Any, rtol: float, atol: float) -> dict[str, Any]:
    """Non-finite counts and the largest difference of compiled outputs against eager ones."""
    import torch

    g, w = _flat(got), _flat(want) if want is not None else None
    res: dict[str, Any] = {"outputs": len(g), "nonfinite": 0, "ref_nonfinite": None, "max_abs_diff": None,
                 "mismatch": False}
    res["nonfinite"] = int(sum(int((~torch.isfinite(t.float())).sum()) for t in g if t.is_floating_point()))
    if w is None:
        return res
    res["ref_nonfinite"] = int(sum(int((~torch.isfinite(t.float())).sum()) for t in w if t.is_floating_point()))
    if len(w) != len(g):
        res["mismatch"] = True
        return res
    worst = 0.0
    for a, b in zip(g, w):
        if a.shape != b.shape:
            res["mismatch"] = True
            continue
        a, b = a.detach().float(), b.detach().float()
        both = torch.isfinite(a) & torch.isfinite(b)
        if bool((torch.isfinite(a) != torch.isfinite(b)).any()):
            res["mismatch"] = True
        if bool(both.any()):
            worst = max(worst, float((a[both] - b[both]).abs().max()))
        if not torch.allclose(a[both], b[both], rtol=rtol, atol=atol):
            res["mismatch"] = True
    res["max_abs_diff"] = worst
    return res


def _program(req: dict[str, Any], res: dict[str, Any],
             configs: dict[str, Any]) -> tuple[Any, tuple[Any, ...], dict[str, Any]]:
    """The exported program and the run inputs: loaded from the parent's files, or made by the
    target (then saved where the parent asked); `configs` gains the target's own."""
    import torch

    if req.get("program"):
        ep = torch.export.load(req["program"])
        return ep, tuple(torch.load(req["inputs"], weights_only=True)), configs
    model, inputs, dyn, extra = _from_target(req["target"])
    res["target_configs"] = extra
    example = inputs
    if req.get("example_inputs"):
        example = torch.load(req["example_inputs"], weights_only=True)
    ep = torch.export.export(model, tuple(example), dynamic_shapes=dyn)
    if req.get("save_program"):
        torch.export.save(ep, req["save_program"])
    if req.get("save_inputs"):
        torch.save(tuple(inputs), req["save_inputs"])
    return ep, tuple(inputs), {**extra, **configs}


def _build(req: dict[str, Any], res: dict[str, Any]) -> tuple[Any, tuple[Any, ...]]:
    """Export (or load) and compile, writing the result after each phase; (eager gm, inputs)."""
    import torch

    t0 = time.monotonic()
    ep, inputs, configs = _program(req, res, dict(req.get("configs") or {}))
    gm = ep.module()
    res.update(phase=Phase.EXPORTED.value, nodes=describe(compute_nodes(gm)),
               export_s=time.monotonic() - t0)
    _write(req["result"], res)
    program = ep
    prefix = req.get("prefix")
    if prefix:
        gm = truncate(ep, int(prefix))
        program = torch.export.export(gm, inputs, dynamic_shapes=_dynamic_shapes_of(ep, len(inputs)))
    t1 = time.monotonic()
    if not os.path.exists(req["package"]):
        torch._inductor.aoti_compile_and_package(program, package_path=req["package"],
                                                 inductor_configs=configs)
    res.update(phase=Phase.COMPILED.value, compile_s=time.monotonic() - t1)
    _write(req["result"], res)
    return gm, inputs


def _record_crashes(req: dict[str, Any]) -> None:
    """Install the native crash recorder (runtime/crash) after the package is loaded: a fatal
    signal in the run leaves `crash.bin` + `snapshot.json` beside the result file, which name the
    faulting kernel from the instruction pointer (decode.decode_crash). Best effort."""
    try:
        from ..crash import handler

        where = os.path.dirname(os.path.abspath(req["result"]))
        handler.install(os.path.join(where, "crash.bin"),
                        snapshot_path=os.path.join(where, "snapshot.json"), package=req["package"])
    except Exception as exc:
        print(f"[aotidebug bisect child] crash recorder not installed: {exc}", file=sys.stderr)


def _run(req: dict[str, Any], res: dict[str, Any], gm: Any, inputs: tuple[Any, ...]) -> int:
    """Run eager (for reference, when asked) and the compiled package, between the run marks."""
    import torch

    want = None
    if req.get("reference"):
        try:
            with torch.no_grad():
                want = gm(*inputs)
        except Exception as exc:  # eager may reject run inputs the export never saw
            res["reference_error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
    t2 = time.monotonic()
    try:
        from ..worker.client import load_compiled  # what aoti_load_package does, on every torch
        from ..worker.extraction import own_extraction

        since = time.time()
        compiled = load_compiled(req["package"])
        # an older loader extracts outside TMPDIR (this child's work dir): said before the run,
        # so the runner removes it if the run crashes
        res["extracted"] = own_extraction(since, (os.environ.get("TMPDIR", ""),), req["package"])
        _record_crashes(req)
        res.update(phase=Phase.RUNNING.value)
        _write(req["result"], res)
        print(RUN_MARK, flush=True)
        with torch.no_grad():
            got = compiled(*inputs)
        print(DONE_MARK, flush=True)
    except Exception as exc:
        print(DONE_MARK, flush=True)
        res.update(phase=Phase.RUN_ERROR.value, run_s=time.monotonic() - t2,
                   error_type=type(exc).__name__, error=str(exc)[-4000:])
        _write(req["result"], res)
        return EXIT_RUN_ERROR
    res.update(phase=Phase.RAN.value, run_s=time.monotonic() - t2,
               check=compare(got, want, float(req.get("rtol", RTOL)), float(req.get("atol", ATOL))))
    _write(req["result"], res)
    return 0


def main(argv: list[str]) -> int:
    exit_with_parent()  # a killed bisection leaves no child compiling on
    with open(argv[0], encoding="utf-8") as fh:
        req = json.load(fh)
    res: dict[str, Any] = {"phase": Phase.START.value, "pid": os.getpid()}
    for p in req.get("sys_path") or ():
        if p not in sys.path:
            sys.path.insert(0, p)
    import torch

    res["torch"] = torch.__version__
    try:
        gm, inputs = _build(req, res)
    except Exception as exc:
        res.update(phase=Phase.BUILD_ERROR.value, error_type=type(exc).__name__,
                   error=str(exc)[-4000:], traceback=traceback.format_exc()[-4000:])
        _write(req["result"], res)
        return EXIT_BUILD_ERROR
    if not req.get("run"):
        return 0
    return _run(req, res, gm, inputs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
