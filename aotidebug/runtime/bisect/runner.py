"""Find the kernel where an AOTI package faults, in isolated child processes, and map it back to
the user's code.

Stages, cheap first (docs/bisect.md):
1. `trace`: ONE compile with the value printer (mode 2: launch markers plus tensor statistics)
   and provenance tracking, run once. A crash or error is the last kernel launched and not
   finished; a NaN/Inf is the first kernel whose arguments are non-finite after its launch.
2. `graph`: when the trace cannot localise (a compiled/eager mismatch without NaN, or no trace
   from this torch), binary search over prefixes of the exported graph, cut at kernel boundaries
   when provenance is available: each prefix compiled and run (against eager) in its own child.
Every child has a timeout, a private inductor cache and work dir, and is always reaped
(`subproc.run_isolated`); the parent never runs the package or a prefix of it.
"""

from __future__ import annotations

import atexit
import json
import logging
import math
import os
import re
import shutil
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from ...core.result import Diagnosis, Evidence, jsonable
from ...core.errors import AOTIDebugError, IsolationError
from ...core.text.launch_trace import LaunchTrace, parse_trace
from .search import BinarySearch
from ..subproc import ProcessOutcome, python_argv, run_isolated

log = logging.getLogger("aotidebug.bisect")

FAULTS = ("crash", "error", "nan", "mismatch")
PRINTER_ENV = "AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER"
TRACE_CONFIGS = {"aot_inductor.debug_intermediate_value_printer": "2",
                 "trace.provenance_tracking_level": 1}
# Run-time flags that make faults deterministic on each device (docs/bisect.md, IMA ladder).
RUN_FLAGS: Mapping[str, Mapping[str, str]] = {
    "cpu": {},
    "cuda": {"CUDA_LAUNCH_BLOCKING": "1", "PYTORCH_NO_CUDA_MEMORY_CACHING": "1"},
}
RTOL = ATOL = 1e-4
SOURCE_LINES = 40
_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<fn>\S+))?')
_RUN_MARK = "AOTIDEBUG-RUN-START"
CHILD = ("-m", "aotidebug.runtime.bisect.child")   # argv after the interpreter; tests use a fake checker

Progress = Callable[[str], None]


@dataclass(frozen=True)
class BisectResult:
    """Where the fault is: the kernel, the graph nodes fused into it, the user's lines, and what
    it cost (compiles, runs, seconds). `fault` is None when no fault was reproduced."""

    fault: str | None
    kernel: str | None = None
    source_nodes: tuple[str, ...] = ()
    user_frames: tuple[str, ...] = ()
    kernel_source: str = ""
    compiles: int = 0
    runs: int = 0
    seconds: float = 0.0
    stage: str = ""
    evidence: tuple[Evidence, ...] = ()
    launched: tuple[str, ...] = ()
    message: str = ""
    artifacts: str | None = None          # dir with program.pt2 + inputs.pt (for write_repro)
    configs: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"fault": self.fault, "kernel": self.kernel, "source_nodes": list(self.source_nodes),
                "user_frames": list(self.user_frames), "kernel_source": self.kernel_source,
                "compiles": self.compiles, "runs": self.runs, "seconds": round(self.seconds, 3),
                "stage": self.stage, "evidence": [e.to_dict() for e in self.evidence],
                "launched": list(self.launched), "message": self.message,
                "artifacts": self.artifacts, "configs": jsonable(self.configs)}

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def __str__(self) -> str:
        if self.fault is None:
            head = "bisect: no fault reproduced"
        else:
            head = f"bisect: {self.fault} in kernel {self.kernel or '<not localised>'}"
        lines = [head, f"  stage: {self.stage}; {self.compiles} compile(s), {self.runs} run(s), "
                       f"{self.seconds:.1f} s"]
        if self.message:
            lines.append(f"  {self.message}")
        if self.source_nodes:
            lines.append(f"  source nodes: {', '.join(self.source_nodes)}")
        for fr in self.user_frames:
            lines.append(f"  user code: {fr}")
        if self.kernel_source:
            lines.append("  kernel source (excerpt):")
            lines.extend("    " + ln for ln in self.kernel_source.splitlines()[:SOURCE_LINES])
        return "\n".join(lines)

    def write_repro(self, path: str | os.PathLike) -> Path:
        """Write a standalone script (plus `<name>_artifacts/` beside it with the exported program
        and the inputs) that compiles the program and reproduces the fault: it exits non-zero
        (or dies of the same signal) when the fault reproduces and 0 when it does not."""
        if not self.artifacts or not Path(self.artifacts, "program.pt2").exists():
            raise AOTIDebugError("this BisectResult has no saved program to write a repro from")
        out = Path(path)
        art = out.with_name(out.stem + "_artifacts")
        art.mkdir(parents=True, exist_ok=True)
        for name in ("program.pt2", "inputs.pt"):
            shutil.copyfile(Path(self.artifacts, name), art / name)
        configs = {k: v for k, v in self.configs.items() if k not in TRACE_CONFIGS}
        configs["aot_inductor.debug_intermediate_value_printer"] = "3"
        out.write_text(REPRO_TEMPLATE.format(
            fault=json.dumps(self.fault), kernel=json.dumps(self.kernel),
            frames=json.dumps(list(self.user_frames)), configs=json.dumps(configs),
            art=json.dumps(art.name), rtol=RTOL, atol=ATOL), encoding="utf-8")
        return out


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


# ---- pure helpers: fault policy and mapping -------------------------------------------------

def classify_outcome(outcome: ProcessOutcome | None, res: Mapping[str, Any]) -> tuple[str | None, str]:
    """(fault, message) for one child: the pass/fail policy of an isolated run, as data in code."""
    phase = res.get("phase", "")
    if outcome is not None and outcome.timed_out:
        return "crash", f"timed out after {outcome.seconds:.0f} s in phase {phase or 'start'}"
    if outcome is not None and outcome.crashed:
        return "crash", f"child died of {outcome.signal} in phase {phase or 'start'}"
    if phase == "build-error":
        return "error", f"{res.get('error_type')}: {str(res.get('error', ''))[:300]}"
    if phase == "run-error":
        return "error", f"{res.get('error_type')}: {str(res.get('error', ''))[:300]}"
    check = res.get("check") or {}
    if phase == "ran":
        if check.get("nonfinite"):
            return "nan", f"{check['nonfinite']} non-finite output value(s)"
        if check.get("mismatch"):
            return "mismatch", f"compiled differs from eager (max abs diff {check.get('max_abs_diff')})"
        return None, "ran; outputs finite" + (" and match eager" if check.get("ref_nonfinite") is not None else "")
    if outcome is not None and outcome.returncode not in (0, None):
        return "error", f"child exited with {outcome.returncode} in phase {phase or 'start'}"
    return None, f"child stopped in phase {phase or 'start'}"


def user_frames(stack_traces: list[str], limit: int = 4) -> tuple[str, ...]:
    """file:line of the frames in stack traces that are not inside torch itself."""
    out: list[str] = []
    for st in stack_traces:
        for m in _FRAME.finditer(st or ""):
            f = m.group("file")
            if re.search(r"[/\\]torch[/\\]", f):
                continue
            ref = f"{f}:{m.group('line')}"
            if ref not in out:
                out.append(ref)
    return tuple(out[:limit])


def read_provenance(package: str | os.PathLike) -> dict[str, list[dict]]:
    """kernel name -> provenance entries (in handle order) from kernel_information.json."""
    try:
        with zipfile.ZipFile(package) as z:
            names = [n for n in z.namelist() if n.endswith("kernel_information.json")]
            if not names:
                return {}
            data = json.loads(z.read(names[0]))
    except (OSError, zipfile.BadZipFile, ValueError, KeyError):
        return {}
    out: dict[str, list[tuple[int, dict]]] = {}
    for key, val in data.items():
        name, _, handle = str(key).rpartition(":")
        if not name:
            name, handle = str(key), "0"
        try:
            h = int(handle)
        except ValueError:
            h = 0
        out.setdefault(name, []).append((h, dict(val or {})))
    return {k: [v for _, v in sorted(items, key=lambda t: t[0])] for k, items in out.items()}


def provenance_for(prov: Mapping[str, list[dict]], kernel: str, occurrence: int) -> dict:
    entries = prov.get(kernel) or []
    if not entries:
        return {}
    return entries[min(max(occurrence, 0), len(entries) - 1)]


def kernel_source(package: str | os.PathLike, kernel: str, occurrence: int = 0,
                  max_lines: int = SOURCE_LINES) -> str:
    """The generated code of `kernel` from the package: its definition for a generated kernel,
    or the call site (with the Source Nodes comment) for an extern kernel."""
    try:
        with zipfile.ZipFile(package) as z:
            texts = {n: z.read(n).decode("utf-8", "replace") for n in z.namelist() if n.endswith(".cpp")}
    except (OSError, zipfile.BadZipFile):
        return ""
    defn = re.compile(r'^[^\n;]*\bvoid\s+' + re.escape(kernel) + r'\s*\([^;{]*\)\s*\{', re.M)
    for text in texts.values():
        m = defn.search(text)
        if m:
            lines = text[m.start():].splitlines()
            out, depth, opened = [], 0, False
            for ln in lines:
                out.append(ln)
                depth += ln.count("{") - ln.count("}")
                opened = opened or "{" in ln
                if (opened and depth <= 0) or len(out) >= max_lines:
                    break
            return "\n".join(out)
    call = re.compile(r'\b' + re.escape(kernel) + r'\s*\(')
    for name, text in texts.items():
        if "wrapper" not in name:
            continue
        lines = text.splitlines()
        hits = [i for i, ln in enumerate(lines) if call.search(ln) and "print" not in ln
                and "launch" not in ln]
        if hits:
            i = hits[min(occurrence, len(hits) - 1)]
            ctx = [ln.strip() for ln in lines[max(0, i - 8): i + 1]
                   if "print_tensor_handle" not in ln and "save_tensor_handle" not in ln]
            return "\n".join(ctx[-5:])
    return ""


def kernel_cuts(nodes: list[dict], launched: tuple[str, ...], prov: Mapping[str, list[dict]]
                ) -> list[tuple[int, str, int]]:
    """Cut points for graph bisection at kernel boundaries: (node index, kernel, occurrence),
    one per launched kernel that provenance ties to graph nodes, in graph order."""
    index = {n["name"]: i for i, n in enumerate(nodes)}
    seen: dict[str, int] = {}
    cuts: dict[int, tuple[int, str, int]] = {}
    for kernel in launched:
        occ = seen.get(kernel, 0)
        seen[kernel] = occ + 1
        entry = provenance_for(prov, kernel, occ)
        idx = [index[n] for n in entry.get("pre_grad_nodes", ()) if n in index]
        if idx:
            cut = max(idx)
            cuts.setdefault(cut, (cut, kernel, occ))
    return [cuts[k] for k in sorted(cuts)]


# ---- the process loop -----------------------------------------------------------------------

@dataclass
class _Runner:
    """Runs children in private dirs under `work`; counts compiles, runs and the time budget."""

    work: Path
    deadline: float
    device: str
    progress: Progress | None
    compiles: int = 0
    runs: int = 0
    child: list[str] = field(default_factory=lambda: list(CHILD))

    def say(self, msg: str) -> None:
        log.info("%s", msg)
        if self.progress is not None:
            try:
                self.progress(msg)
            except Exception:  # a broken progress callback must not stop the bisection
                log.debug("progress callback failed", exc_info=True)

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def child_run(self, name: str, request: dict, printer: str | None) -> tuple[ProcessOutcome, dict, str]:
        d = self.work / name
        d.mkdir(parents=True, exist_ok=True)
        request = {**request, "package": str(d / "model.pt2"), "result": str(d / "result.json")}
        req_path = d / "request.json"
        req_path.write_text(json.dumps(request), encoding="utf-8")
        env = {"TORCHINDUCTOR_CACHE_DIR": str(d / "inductor-cache"),
               "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parent.parent)]
                                              + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]),
               **RUN_FLAGS.get(self.device.split(":")[0], {})}
        if printer is not None:
            env[PRINTER_ENV] = printer
        left = self.remaining()
        if left <= 1:
            raise AOTIDebugError("bisect ran out of its time budget", stage=name)
        try:
            outcome = run_isolated(python_argv(*self.child, str(req_path)), timeout=left, env=env, cwd=d)
        except OSError as exc:
            raise IsolationError(f"could not start the bisection child: {exc}") from exc
        try:
            res = json.loads((d / "result.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            res = {}
        if res.get("phase") not in (None, "start", "exported", "build-error"):
            self.compiles += 1
        if res.get("phase") in ("running", "ran", "run-error"):
            self.runs += 1
        out = outcome.stdout
        run_out = out.split(_RUN_MARK, 1)[1] if _RUN_MARK in out else ""
        return outcome, res, run_out


def _frames_for(entry: Mapping[str, Any], nodes: list[dict], names: list[str]) -> tuple[str, ...]:
    traces = list(entry.get("stack_traces") or ())
    if not traces:
        traces = [n.get("stack_trace", "") for n in nodes if n.get("name") in names]
    return user_frames(traces)


def _localise(runner: _Runner, base: dict, fault: str, nodes: list[dict], trace: LaunchTrace,
              prov: Mapping[str, list[dict]], rtol: float, atol: float) -> tuple[int | None, str | None, int, list[Evidence]]:
    """Stage 2: binary search over graph prefixes for the first one that shows `fault`."""
    cuts = kernel_cuts(nodes, trace.launched, prov)
    if not cuts:
        cuts = [(i, None, 0) for i in range(len(nodes))]
    ev: list[Evidence] = []
    search = BinarySearch(len(cuts), assume_last_bad=True)
    while not search.stop():
        i = search.current
        node_idx, kernel, _ = cuts[i]
        runner.say(f"graph bisection: prefix of {node_idx + 1}/{len(nodes)} nodes "
                   f"(through {nodes[node_idx]['name']}), try {search.tries + 1}")
        outcome, res, _ = runner.child_run(f"prefix-{node_idx + 1}", {
            **base, "prefix": node_idx + 1, "run": True, "reference": True,
            "rtol": rtol, "atol": atol}, printer=None)
        got, msg = classify_outcome(outcome, res)
        ev.append(Evidence("bisect", "prefix", f"prefix through {nodes[node_idx]['name']}: "
                           f"{got or 'good'} ({msg})", {"nodes": node_idx + 1, "fault": got}))
        search.step(got != fault)
    found = search.found
    if found is None:
        return None, None, 0, ev
    node_idx, kernel, occ = cuts[found]
    return node_idx, kernel, occ, ev


def _bisect(source: dict, *, work: Path, artifacts: Path, device: str, timeout: float,
            progress: Progress | None, configs: Mapping[str, Any], rtol: float = RTOL,
            atol: float = ATOL, child: tuple[str, ...] = CHILD) -> BisectResult:
    start = time.monotonic()
    runner = _Runner(work, start + timeout, device, progress, child=list(child))
    stage1_configs = {**dict(configs), **TRACE_CONFIGS}
    runner.say("stage 1: one instrumented compile (value printer mode 2 + provenance) and run")
    outcome, res, run_out = runner.child_run("trace", {**source, "configs": stage1_configs,
                                                       "run": True, "reference": True,
                                                       "rtol": rtol, "atol": atol}, printer="2")
    if res.get("phase") == "build-error" and not res.get("nodes"):
        raise AOTIDebugError(f"could not import/export the model in the child: "
                             f"{res.get('error_type')}: {str(res.get('error', ''))[:2000]}")
    if not res:
        raise IsolationError(f"the bisection child reported nothing (rc={outcome.returncode}): "
                             f"{outcome.stderr[-2000:]}")
    configs = {**dict(configs), **(res.get("target_configs") or {})}
    nodes: list[dict] = list(res.get("nodes") or [])
    trace = parse_trace(run_out)
    fault, message = classify_outcome(outcome, res)
    pkg = work / "trace" / "model.pt2"
    prov = read_provenance(pkg) if pkg.exists() else {}
    evidence = [Evidence("bisect", "stage-1", message, {"phase": res.get("phase"),
                                                         "signal": outcome.signal,
                                                         "returncode": outcome.returncode}),
                Evidence("bisect", "launch-trace", f"{len(trace.launched)} kernel launch(es) traced "
                         f"(printer mode {trace.mode})", {"launched": list(trace.launched)})]
    runner.say(f"stage 1: {fault or 'no fault'}: {message}")
    kernel: str | None = None
    stage = "trace"
    if fault in ("crash", "error") and res.get("phase") in ("running", "run-error"):
        kernel = trace.unfinished
    elif fault == "nan":
        if trace.nonfinite_inputs:
            message = f"graph input(s) {', '.join(trace.nonfinite_inputs)} already non-finite"
            evidence.append(Evidence("bisect", "nonfinite-input", message,
                                     {"inputs": list(trace.nonfinite_inputs)}))
        else:
            kernel = trace.producer()
    # a crash/error is the LAST launch of its kernel; a NaN the first launch that left NaN behind
    occurrence = max(0, list(trace.launched).count(kernel) - 1) if kernel else 0
    if kernel and fault == "nan":
        occurrence = _occurrence_of_first_bad(trace, kernel)
    node_idx = None
    if fault is not None and kernel is None and nodes and not trace.nonfinite_inputs \
            and res.get("phase") in ("running", "run-error", "ran"):
        stage = "graph"
        runner.say(f"stage 2: the trace did not localise the {fault}; bisecting graph prefixes")
        base = {"program": str(artifacts / "program.pt2"), "inputs": str(artifacts / "inputs.pt"),
                "configs": dict(configs)}
        node_idx, kernel, occurrence, ev = _localise(runner, base, fault, nodes, trace, prov, rtol, atol)
        evidence.extend(ev)
    entry = provenance_for(prov, kernel, occurrence) if kernel else {}
    if entry:
        source_nodes = tuple(dict.fromkeys(list(entry.get("pre_grad_nodes") or ())
                                           + list(entry.get("post_grad_nodes") or ())))
    elif node_idx is not None:
        source_nodes = (nodes[node_idx]["name"],)
    else:
        source_nodes = ()
    frames = _frames_for(entry, nodes, list(source_nodes)) if (entry or source_nodes) else ()
    src = kernel_source(pkg, kernel, occurrence) if kernel and pkg.exists() else ""
    if kernel:
        evidence.append(Evidence("bisect", "kernel", f"{fault} localised to {kernel}",
                                 {"kernel": kernel, "occurrence": occurrence,
                                  "source_nodes": list(source_nodes), "user_frames": list(frames)}))
    runner.say(f"done: {fault or 'no fault'} kernel={kernel} compiles={runner.compiles}")
    return BisectResult(fault, kernel, source_nodes, frames, src, runner.compiles, runner.runs,
                        time.monotonic() - start, stage, tuple(evidence), trace.launched, message,
                        str(artifacts), configs)


def _occurrence_of_first_bad(trace: LaunchTrace, kernel: str) -> int:
    """Which launch (0-based) of `kernel` first left non-finite arguments (mode-2 stats)."""
    count, prev = -1, None
    for s in trace.stats:
        if s.kernel == kernel and s.phase == "after_launch" and prev != ("after_launch", kernel):
            count += 1
        prev = (s.phase, s.kernel)
        if s.kernel == kernel and s.phase == "after_launch" and s.finite is False:
            return max(count, 0)
    return 0


_AT_EXIT: list[Path] = []


def _remove_artifacts_at_exit() -> None:
    for path in _AT_EXIT:
        shutil.rmtree(path, ignore_errors=True)


def _workdirs(keep_work: bool) -> tuple[Path, Path]:
    """A scratch dir (removed when bisect returns) and an artifacts dir that outlives the call so
    `write_repro()` works (it copies what it needs), removed at interpreter exit unless kept."""
    work = Path(tempfile.mkdtemp(prefix="aotidebug-bisect-"))
    artifacts = Path(tempfile.mkdtemp(prefix="aotidebug-bisect-artifacts-"))
    if not keep_work:
        if not _AT_EXIT:
            atexit.register(_remove_artifacts_at_exit)
        _AT_EXIT.append(artifacts)
    return work, artifacts


def bisect(model: Any, inputs: Any, *, device: str = "cpu", dynamic_shapes: Any = None,
           timeout: float = 600, example_inputs: Any = None, progress: Progress | None = None,
           inductor_configs: Mapping[str, Any] | None = None, keep_work: bool = False) -> BisectResult:
    """Localise the faulting kernel of `model` compiled with AOTI and run on `inputs`.

    The model is exported here (the caller asked for it; export runs user code but no compiled
    kernel) with `example_inputs` (default: `inputs`); compiling and running happen in children.
    """
    import torch

    if not isinstance(inputs, (tuple, list)):
        inputs = (inputs,)
    example = tuple(example_inputs) if example_inputs is not None else tuple(inputs)
    work, artifacts = _workdirs(keep_work)
    try:
        try:
            ep = torch.export.export(model, example, dynamic_shapes=dynamic_shapes)
        except Exception as exc:
            raise AOTIDebugError(f"torch.export failed, nothing to bisect: {type(exc).__name__}: "
                                 f"{str(exc)[:2000]}") from exc
        torch.export.save(ep, str(artifacts / "program.pt2"))
        torch.save(tuple(inputs), str(artifacts / "inputs.pt"))
        source = {"program": str(artifacts / "program.pt2"), "inputs": str(artifacts / "inputs.pt")}
        return _bisect(source, work=work, artifacts=artifacts, device=device, timeout=timeout,
                       progress=progress, configs=dict(inductor_configs or {}))
    finally:
        if not keep_work:
            shutil.rmtree(work, ignore_errors=True)


_TARGET = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


def bisect_target(target: str, *, timeout: float = 600, progress: Progress | None = None,
                  device: str = "cpu", keep_work: bool = False) -> BisectResult:
    """Bisect `pkg.module:make`, where make() returns (model, inputs[, dynamic_shapes]) or a spec
    dict; the module is imported only in the child (found from the current directory)."""
    if not isinstance(target, str) or not _TARGET.match(target.strip()):
        raise AOTIDebugError(f"expected a target like 'pkg.module:make', got {target!r}")
    work, artifacts = _workdirs(keep_work)
    try:
        source = {"target": target.strip(), "sys_path": [os.getcwd()] + [p for p in sys.path if p],
                  "save_program": str(artifacts / "program.pt2"),
                  "save_inputs": str(artifacts / "inputs.pt")}
        return _bisect(source, work=work, artifacts=artifacts, device=device, timeout=timeout,
                       progress=progress, configs={})
    finally:
        if not keep_work:
            shutil.rmtree(work, ignore_errors=True)
