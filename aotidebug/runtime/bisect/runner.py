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

Module map: `protocol` (phases and faults shared with `child`), `policy` (pass/fail of one run),
`search` (which prefix next), `mapping` (kernel -> nodes -> user lines), `repro` (the script).
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import sys
import tempfile
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ...core.errors import AOTIDebugError, AOTIRuntimeError, CrashError, IsolationError, PackageError
from ...core.result import Evidence, jsonable, strict_json
from ...core.text.launch_trace import LaunchTrace, parse_trace
from ...package.members import open_members
from ...package.generated import PROVENANCE_MEMBER, provenance_entries
from ..subproc import ProcessOutcome, python_argv, run_isolated
from ..worker.extraction import remove_extraction, reported_roots
from .mapping import (Provenance, frames_for, kernel_cuts, occurrence_of_first_bad,
                      provenance_for, source_nodes_of)
from .policy import ERROR_CHARS, classify_outcome
from .protocol import ATOL, PRINTER_ENV, RTOL, RUN_MARK, TRACE_CONFIGS, Fault, Phase
from .repro import INPUTS, PROGRAM, has_program, write_repro
from .search import BinarySearch

log = logging.getLogger("aotidebug.bisect")

# Run-time flags that make faults deterministic on each device (docs/bisect.md, IMA ladder).
RUN_FLAGS: Mapping[str, Mapping[str, str]] = {
    "cpu": {},
    "cuda": {"CUDA_LAUNCH_BLOCKING": "1", "PYTORCH_NO_CUDA_MEMORY_CACHING": "1"},
}
SOURCE_LINES = 40
STAGE_TRACE, STAGE_GRAPH = "trace", "graph"
CHILD = ("-m", "aotidebug.runtime.bisect.child")   # argv after the interpreter; tests use a fake checker
PKG_ROOT = str(Path(__file__).resolve().parents[3])  # the dir holding `aotidebug/`, for children

Progress = Callable[[str], None]


# ---- the result -----------------------------------------------------------------------------

@dataclass(frozen=True)
class BisectResult:
    """Where the fault is: the kernel, the graph nodes fused into it, the user's lines, and what
    it cost (compiles, runs, seconds). `fault` is None when no fault was reproduced.

    Truth value: a result is true when the run PASSED, i.e. no fault was reproduced
    (`bool(r) == (r.fault is None)`); `if not bisect(...):` reads "if a fault was found".

    `artifacts` is a dir holding the exported program and the user's input tensors, for
    `write_repro()`. A result returned by `bisect()`/`bisect_target()` owns that dir: it is
    removed by `close()`, at the end of a `with` block, or when the result is garbage collected
    (at the latest at interpreter exit), unless `keep_work=True` was passed. Copies made with
    `dataclasses.replace` or `from_dict` do not own it.
    """

    fault: Fault | None
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

    def __post_init__(self) -> None:
        if self.fault is not None and not isinstance(self.fault, Fault):
            object.__setattr__(self, "fault", Fault(self.fault))

    def __bool__(self) -> bool:
        """True when no fault was reproduced (the run passed)."""
        return self.fault is None

    # -- owning the artifacts dir
    def _own_artifacts(self) -> None:
        """Remove `artifacts` when this result is closed or collected (called by `bisect`)."""
        if self.artifacts and "_finalizer" not in self.__dict__:
            object.__setattr__(self, "_finalizer",
                               weakref.finalize(self, shutil.rmtree, self.artifacts, True))

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and copied results carry the data, not the ownership of the artifacts dir."""
        return {k: v for k, v in self.__dict__.items() if k != "_finalizer"}

    def close(self) -> None:
        """Remove the artifacts dir now if this result owns it (idempotent). `write_repro()`
        no longer works afterwards."""
        finalizer = self.__dict__.get("_finalizer")
        if finalizer is not None:
            finalizer()

    def __enter__(self) -> "BisectResult":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def has_artifacts(self) -> bool:
        """True while the saved program and inputs exist (so `write_repro()` can work)."""
        return has_program(self.artifacts)

    # -- serialisation
    def to_dict(self) -> dict[str, Any]:
        return {"fault": None if self.fault is None else self.fault.value, "kernel": self.kernel,
                "source_nodes": list(self.source_nodes), "user_frames": list(self.user_frames),
                "kernel_source": self.kernel_source, "compiles": self.compiles, "runs": self.runs,
                "seconds": round(self.seconds, 3), "stage": self.stage,
                "evidence": [e.to_dict() for e in self.evidence], "launched": list(self.launched),
                "message": self.message, "artifacts": self.artifacts,
                "configs": jsonable(self.configs)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "BisectResult":
        """Inverse of `to_dict` (the result does not own the artifacts dir it names)."""
        fault = data.get("fault")
        return cls(Fault(fault) if fault is not None else None, data.get("kernel"),
                   tuple(data.get("source_nodes") or ()), tuple(data.get("user_frames") or ()),
                   str(data.get("kernel_source") or ""), int(data.get("compiles") or 0),
                   int(data.get("runs") or 0), float(data.get("seconds") or 0.0),
                   str(data.get("stage") or ""),
                   tuple(Evidence.from_dict(e) for e in data.get("evidence") or ()),
                   tuple(data.get("launched") or ()), str(data.get("message") or ""),
                   data.get("artifacts"), dict(data.get("configs") or {}))

    def to_json(self, indent: int | None = 2) -> str:
        return strict_json(self.to_dict(), indent)

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

    def write_repro(self, path: str | os.PathLike[str]) -> Path:
        """Write a standalone script (plus `<name>_artifacts/` beside it with the exported program
        and the inputs) that compiles the program and reproduces the fault: it exits non-zero
        (or dies of the same signal) when the fault reproduces and 0 when it does not."""
        if not self.artifacts:
            raise AOTIDebugError("this BisectResult has no saved program to write a repro from: it "
                                 "names no artifacts dir (it was rebuilt from a dict, or the bisect "
                                 "failed before exporting); run bisect(..., keep_work=True) and call "
                                 "write_repro() on the result it returns")
        if not self.has_artifacts:
            raise AOTIDebugError(f"this BisectResult has no saved program to write a repro from: its "
                                 f"artifacts dir {self.artifacts} was removed (a result removes it "
                                 "when closed, at the end of its `with` block or when garbage "
                                 "collected); call write_repro() while the result is still open, "
                                 "or pass keep_work=True to bisect()/bisect_target() to keep it")
        return write_repro(path, artifacts=self.artifacts, fault=self.fault, kernel=self.kernel,
                           user_frames=self.user_frames, configs=self.configs)


# ---- reading the compiled package -----------------------------------------------------------

def read_provenance(package: str | os.PathLike[str]) -> dict[str, list[dict[str, Any]]]:
    """kernel name -> provenance entries (in handle order), through the package's one reader."""
    try:
        with open_members(package) as z:
            member = next((n for n in z.names if n.endswith(PROVENANCE_MEMBER)), None)
            text = z.read_text(member) if member else None
    except PackageError:
        return {}
    return {k: [e.to_dict() for e in v] for k, v in provenance_entries(text).items()}


def _cpp_sources(package: str | os.PathLike[str]) -> dict[str, str]:
    """Every generated .cpp member of the package (a member that cannot be read is skipped)."""
    texts: dict[str, str] = {}
    try:
        with open_members(package) as z:
            for name in z.names:
                if name.endswith(".cpp"):
                    try:
                        texts[name] = z.read_text(name)
                    except PackageError:
                        continue
    except PackageError:
        return {}
    return texts


def _definition(text: str, kernel: str, max_lines: int) -> str | None:
    """The definition of a generated kernel in `text`, up to its closing brace."""
    m = re.search(r'^[^\n;]*\bvoid\s+' + re.escape(kernel) + r'\s*\([^;{]*\)\s*\{', text, re.M)
    if not m:
        return None
    out: list[str] = []
    depth, opened = 0, False
    for ln in text[m.start():].splitlines():
        out.append(ln)
        depth += ln.count("{") - ln.count("}")
        opened = opened or "{" in ln
        if (opened and depth <= 0) or len(out) >= max_lines:
            break
    return "\n".join(out)


def _call_site(text: str, kernel: str, occurrence: int) -> str | None:
    """The wrapper's call of an extern kernel (its `occurrence`-th) with the comments above it."""
    call = re.compile(r'\b' + re.escape(kernel) + r'\s*\(')
    lines = text.splitlines()
    hits = [i for i, ln in enumerate(lines) if call.search(ln) and "print" not in ln
            and "launch" not in ln]
    if not hits:
        return None
    i = hits[min(occurrence, len(hits) - 1)]
    ctx = [ln.strip() for ln in lines[max(0, i - 8): i + 1]
           if "print_tensor_handle" not in ln and "save_tensor_handle" not in ln]
    return "\n".join(ctx[-5:])


def kernel_source(package: str | os.PathLike[str], kernel: str, occurrence: int = 0,
                  max_lines: int = SOURCE_LINES) -> str:
    """The generated code of `kernel` from the package: its definition for a generated kernel,
    or the call site (with the Source Nodes comment) for an extern kernel."""
    texts = _cpp_sources(package)
    for text in texts.values():
        found = _definition(text, kernel, max_lines)
        if found:
            return found
    for name, text in texts.items():
        if "wrapper" in name:
            found = _call_site(text, kernel, occurrence)
            if found:
                return found
    return ""


# ---- the process loop -----------------------------------------------------------------------

@dataclass
class _Runner:
    """Runs children in private dirs under `work`; counts compiles, runs and the time budget."""

    work: Path
    deadline: float
    device: str
    progress: Progress | None
    budget: float = 0.0  # the whole bisect's timeout, for messages
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

    def _env(self, d: Path, printer: str | None) -> dict[str, str]:
        paths = [PKG_ROOT] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        # TMPDIR: load_package extracts to $TMPDIR/aotinductor_* and removes it only when the
        # process ends normally; a crashed child's copy must go with the work dir.
        env = {"TORCHINDUCTOR_CACHE_DIR": str(d / "inductor-cache"), "TMPDIR": str(d),
               "PYTHONPATH": os.pathsep.join(paths),
               **RUN_FLAGS.get(self.device.split(":")[0], {})}
        if printer is not None:
            env[PRINTER_ENV] = printer
        return env

    def child_run(self, name: str, request: Mapping[str, Any],
                  printer: str | None) -> tuple[ProcessOutcome, dict[str, Any], str]:
        """Run one child on `request` in `work/name`: (outcome, its result dict, run output)."""
        d = self.work / name
        d.mkdir(parents=True, exist_ok=True)
        request = {**request, "package": str(d / "model.pt2"), "result": str(d / "result.json")}
        req_path = d / "request.json"
        req_path.write_text(json.dumps(request), encoding="utf-8")
        left = self.remaining()
        if left <= 1:
            raise AOTIDebugError(f"bisect ran out of its time budget ({self.budget:.0f} s) before stage "
                                 f"{name!r} after {self.compiles} compile(s) and {self.runs} run(s); "
                                 "raise it with bisect(..., timeout=SECONDS) or `aotidebug bisect --timeout`",
                                 stage=name, timeout=self.budget, problem="bisect-timeout")
        try:
            outcome = run_isolated(python_argv(*self.child, str(req_path)), timeout=left,
                                   env=self._env(d, printer), cwd=d)
        except OSError as exc:
            raise IsolationError(f"could not start the bisection child: {exc}") from exc
        try:
            res = json.loads((d / "result.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            res = {}
        if not isinstance(res, dict):
            res = {}
        for root in reported_roots(res.get("extracted")):  # an older loader's, outside the work dir
            remove_extraction(root)
        phase = Phase.of(res)
        if phase is not None and phase.compiled:
            self.compiles += 1
        if phase is not None and phase.ran:
            self.runs += 1
        out = outcome.stdout
        run_out = out.split(RUN_MARK, 1)[1] if RUN_MARK in out else ""
        return outcome, res, run_out


def _localise(runner: _Runner, base: Mapping[str, Any], fault: Fault, nodes: list[dict[str, Any]],
              trace: LaunchTrace, prov: Provenance, rtol: float, atol: float
              ) -> tuple[int | None, str | None, int, list[Evidence]]:
    """Stage 2: binary search over graph prefixes for the first one that shows `fault`."""
    cuts = kernel_cuts(nodes, trace.launched, prov)
    if not cuts:
        cuts = [(i, None, 0) for i in range(len(nodes))]
    ev: list[Evidence] = []
    search = BinarySearch(len(cuts), assume_last_bad=True)
    while (i := search.current) is not None:
        node_idx = cuts[i][0]
        runner.say(f"graph bisection: prefix of {node_idx + 1}/{len(nodes)} nodes "
                   f"(through {nodes[node_idx]['name']}), try {search.tries + 1}")
        outcome, res, _ = runner.child_run(f"prefix-{node_idx + 1}", {
            **base, "prefix": node_idx + 1, "run": True, "reference": True,
            "rtol": rtol, "atol": atol}, printer=None)
        got, msg = classify_outcome(outcome, res)
        ev.append(Evidence("bisect", "prefix", f"prefix through {nodes[node_idx]['name']}: "
                           f"{got or 'good'} ({msg})",
                           {"nodes": node_idx + 1, "fault": None if got is None else got.value}))
        search.step(got != fault)
    found = search.found
    if found is None:
        return None, None, 0, ev
    node_idx, kernel, occ = cuts[found]
    return node_idx, kernel, occ, ev


@dataclass
class _Stage1:
    """What the instrumented run told us."""

    outcome: ProcessOutcome
    res: dict[str, Any]
    trace: LaunchTrace
    fault: Fault | None
    message: str
    nodes: list[dict[str, Any]]
    configs: dict[str, Any]

    @property
    def phase(self) -> Phase | None:
        return Phase.of(self.res)


def _stage1(runner: _Runner, source: Mapping[str, Any], configs: Mapping[str, Any],
            rtol: float, atol: float) -> _Stage1:
    runner.say("stage 1: one instrumented compile (value printer mode 2 + provenance) and run")
    outcome, res, run_out = runner.child_run(STAGE_TRACE, {
        **source, "configs": {**dict(configs), **TRACE_CONFIGS}, "run": True, "reference": True,
        "rtol": rtol, "atol": atol}, printer="2")
    if Phase.of(res) is Phase.BUILD_ERROR and not res.get("nodes"):
        raise AOTIDebugError(f"could not import/export the model in the child: "
                             f"{res.get('error_type')}: {str(res.get('error', ''))[:2000]}")
    if not res:
        raise IsolationError(f"the bisection child reported nothing (rc={outcome.returncode}): "
                             f"{outcome.stderr[-2000:]}")
    fault, message = classify_outcome(outcome, res)
    runner.say(f"stage 1: {fault or 'no fault'}: {message}")
    return _Stage1(outcome, res, parse_trace(run_out), fault, message, list(res.get("nodes") or []),
                   {**dict(configs), **(res.get("target_configs") or {})})


def _trace_kernel(s1: _Stage1, evidence: list[Evidence]) -> tuple[str | None, int, str]:
    """(kernel, occurrence, message) the launch trace localises, if it does."""
    kernel: str | None = None
    message = s1.message
    if s1.fault in (Fault.CRASH, Fault.ERROR) and s1.phase in (Phase.RUNNING, Phase.RUN_ERROR):
        kernel = s1.trace.unfinished
    elif s1.fault is Fault.NAN:
        if s1.trace.nonfinite_inputs:
            message = f"graph input(s) {', '.join(s1.trace.nonfinite_inputs)} already non-finite"
            evidence.append(Evidence("bisect", "nonfinite-input", message,
                                     {"inputs": list(s1.trace.nonfinite_inputs)}))
        else:
            kernel = s1.trace.producer()
    if not kernel:
        return None, 0, message
    # a crash/error is the LAST launch of its kernel; a NaN the first launch that left NaN behind
    if s1.fault is Fault.NAN:
        return kernel, occurrence_of_first_bad(s1.trace, kernel), message
    return kernel, max(0, list(s1.trace.launched).count(kernel) - 1), message


def _record_kernel(child_dir: Path, evidence: list[Evidence]) -> str | None:
    """The kernel the child's crash recorder named from the faulting IP (child.py installs it),
    added as `crash-site` evidence; None when the child left no record."""
    from ..worker.client import read_crash_site

    site = read_crash_site(str(child_dir))
    if site is None or not site.named:
        return None
    from ..crash.decode import format_line

    evidence.append(Evidence("crash-reporter", "crash-site", format_line(site),
                             site.to_dict() | {"from": "crash-reporter", "observed": True}))
    return str(site.kernel) if site.kernel else None


def _bisect(source: dict[str, Any], *, work: Path, artifacts: Path, device: str, timeout: float,
            progress: Progress | None, configs: Mapping[str, Any], rtol: float = RTOL,
            atol: float = ATOL, child: Sequence[str] | None = None) -> BisectResult:
    start = time.monotonic()
    runner = _Runner(work, start + timeout, device, progress, budget=timeout,
                     child=list(CHILD if child is None else child))
    s1 = _stage1(runner, source, configs, rtol, atol)
    pkg = work / STAGE_TRACE / "model.pt2"
    prov = read_provenance(pkg) if pkg.exists() else {}
    evidence = [Evidence("bisect", "stage-1", s1.message, {
                    "phase": s1.res.get("phase"), "signal": s1.outcome.signal,
                    "returncode": s1.outcome.returncode}),
                Evidence("bisect", "launch-trace", f"{len(s1.trace.launched)} kernel launch(es) "
                         f"traced (printer mode {s1.trace.mode})",
                         {"launched": list(s1.trace.launched)})]
    kernel, occurrence, message = _trace_kernel(s1, evidence)
    if s1.fault is Fault.CRASH:
        kernel = _record_kernel(work / STAGE_TRACE, evidence) if kernel is None else kernel
    stage, node_idx = STAGE_TRACE, None
    if s1.fault is not None and kernel is None and s1.nodes and not s1.trace.nonfinite_inputs \
            and s1.phase in (Phase.RUNNING, Phase.RUN_ERROR, Phase.RAN):
        stage = STAGE_GRAPH
        runner.say(f"stage 2: the trace did not localise the {s1.fault}; bisecting graph prefixes")
        base = {"program": str(artifacts / PROGRAM), "inputs": str(artifacts / INPUTS),
                "configs": dict(s1.configs)}
        node_idx, kernel, occurrence, ev = _localise(runner, base, s1.fault, s1.nodes, s1.trace,
                                                     prov, rtol, atol)
        evidence.extend(ev)
    entry = provenance_for(prov, kernel, occurrence) if kernel else {}
    if entry:
        source_nodes = source_nodes_of(entry)
    elif node_idx is not None:
        source_nodes = (s1.nodes[node_idx]["name"],)
    else:
        source_nodes = ()
    frames = frames_for(entry, s1.nodes, list(source_nodes)) if (entry or source_nodes) else ()
    src = kernel_source(pkg, kernel, occurrence) if kernel and pkg.exists() else ""
    if kernel:
        evidence.append(Evidence("bisect", "kernel", f"{s1.fault} localised to {kernel}",
                                 {"kernel": kernel, "occurrence": occurrence,
                                  "source_nodes": list(source_nodes), "user_frames": list(frames)}))
    runner.say(f"done: {s1.fault or 'no fault'} kernel={kernel} compiles={runner.compiles}")
    return BisectResult(s1.fault, kernel, source_nodes, frames, src, runner.compiles, runner.runs,
                        time.monotonic() - start, stage, tuple(evidence), s1.trace.launched,
                        message, str(artifacts), s1.configs)


# ---- entry points ---------------------------------------------------------------------------

def _run_owned(source: Callable[[Path], dict[str, Any]], *, keep_work: bool, device: str,
               timeout: float, progress: Progress | None,
               configs: Mapping[str, Any]) -> BisectResult:
    """Make a scratch dir (removed on return) and an artifacts dir, which the returned result
    owns unless `keep_work`; on failure both are removed unless `keep_work`."""
    work = Path(tempfile.mkdtemp(prefix="aotidebug-bisect-"))
    artifacts = Path(tempfile.mkdtemp(prefix="aotidebug-bisect-artifacts-"))
    try:
        result = _bisect(source(artifacts), work=work, artifacts=artifacts, device=device,
                         timeout=timeout, progress=progress, configs=configs)
    except BaseException:
        if not keep_work:
            shutil.rmtree(artifacts, ignore_errors=True)
        raise
    finally:
        if not keep_work:
            shutil.rmtree(work, ignore_errors=True)
    if not keep_work:
        result._own_artifacts()
    return result


def bisect_package(package: str | bytes | os.PathLike[str], inputs: Any, *, timeout: float = 600,
                   progress: Progress | None = None) -> BisectResult:
    """Localise a crash of an existing package with 0 compiles: run it once on `inputs` in the
    isolated worker, whose crash recorder names the faulting kernel from the instruction pointer
    (docs/crash_naming.md). NaN and compiled/eager mismatches need the model (the compile path:
    `bisect(model, inputs)`); without a crash the result says so. A call that raises is a result
    too (`Fault.ERROR`, its diagnosis as evidence), as a raising run is on the compile path; a
    package or inputs refused before the call still raise their typed errors."""
    from ...package.inspect import package_path
    from ..safe_load import safe_load

    say = progress or (lambda _m: None)
    path = package_path(package)  # PackageError for what is not a path
    args = tuple(inputs) if isinstance(inputs, (tuple, list)) else (inputs,)
    t0 = time.monotonic()
    say(f"running {path} once in the isolated worker (0 compiles)")
    with safe_load(path, isolate=True, check_inputs=False, timeout=timeout) as m:
        try:
            m(*args)
        except CrashError as exc:
            site = next((e for e in exc.diagnosis.evidence if e.label == "crash-site"), None)
            fields = dict(site.fields) if site is not None else {}
            where = exc.kernel or (exc.details.get("call_site") if exc.symbol else None)
            return BisectResult(Fault.CRASH, exc.kernel,
                                tuple(fields.get("source_nodes") or ()),
                                tuple(fields.get("user_lines") or ()),
                                kernel_source(path, exc.kernel) if exc.kernel else "",
                                compiles=0, runs=1, seconds=time.monotonic() - t0,
                                stage="crash-site", evidence=exc.diagnosis.evidence,
                                message=(site.detail if site is not None else str(exc)) if where
                                else f"{exc}; the crash could not be named from the package alone")
        except AOTIRuntimeError as exc:
            d = exc.diagnosis  # always set: an error raised without one reads its message
            return BisectResult(Fault.ERROR, compiles=0, runs=1, seconds=time.monotonic() - t0,
                                stage="crash-site", evidence=d.evidence,
                                message=f"the package raised instead of crashing (read as "
                                        f"{d.category.value}): {str(exc)[:ERROR_CHARS]}")
    return BisectResult(None, compiles=0, runs=1, seconds=time.monotonic() - t0, stage="crash-site",
                        message="the package ran without a crash; NaN/Inf and compiled/eager "
                                "mismatches need the compile path: bisect(model, inputs)")


def bisect(model: Any = None, inputs: Any = None, *, device: str = "cpu",
           dynamic_shapes: Any = None, timeout: float = 600, example_inputs: Any = None,
           progress: Progress | None = None, inductor_configs: Mapping[str, Any] | None = None,
           keep_work: bool = False, package: str | os.PathLike[str] | None = None) -> BisectResult:
    """Localise the faulting kernel of `model` compiled with AOTI and run on `inputs`.

    The model is exported here (the caller asked for it; export runs user code but no compiled
    kernel) with `example_inputs` (default: `inputs`); compiling and running happen in children.
    The result holds the exported program and `inputs` on disk until it is closed or collected
    (see `BisectResult`); `keep_work=True` keeps them, and the children's work dirs, for good.

    `package=` (a .pt2, with `model=None`): localise a crash of that package with 0 compiles
    (`bisect_package`); a NaN or mismatch still needs the model.
    """
    if package is not None:
        if model is not None:
            raise AOTIDebugError("pass either model= (the compile path) or package= (0 compiles), "
                                 "not both")
        return bisect_package(package, inputs, timeout=timeout, progress=progress)
    if model is None:
        raise AOTIDebugError("bisect needs model= (and inputs=) or package= (and inputs=)")
    import torch

    if not isinstance(inputs, (tuple, list)):
        inputs = (inputs,)
    example = tuple(example_inputs) if example_inputs is not None else tuple(inputs)

    def export(artifacts: Path) -> dict[str, Any]:
        try:
            ep = torch.export.export(model, example, dynamic_shapes=dynamic_shapes)
        except Exception as exc:
            raise AOTIDebugError(f"torch.export failed, nothing to bisect: {type(exc).__name__}: "
                                 f"{str(exc)[:2000]}") from exc
        torch.export.save(ep, str(artifacts / PROGRAM))
        torch.save(tuple(inputs), str(artifacts / INPUTS))
        return {"program": str(artifacts / PROGRAM), "inputs": str(artifacts / INPUTS)}

    return _run_owned(export, keep_work=keep_work, device=device, timeout=timeout,
                      progress=progress, configs=dict(inductor_configs or {}))


_TARGET = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


def bisect_target(target: str, *, timeout: float = 600, progress: Progress | None = None,
                  device: str = "cpu", keep_work: bool = False) -> BisectResult:
    """Bisect `pkg.module:make`, where make() returns (model, inputs[, dynamic_shapes]) or a spec
    dict; the module is imported only in the child (found from the current directory)."""
    if not isinstance(target, str) or not _TARGET.match(target.strip()):
        raise AOTIDebugError(f"expected a target like 'pkg.module:make', got {target!r}")

    def in_child(artifacts: Path) -> dict[str, Any]:
        return {"target": target.strip(), "sys_path": [os.getcwd()] + [p for p in sys.path if p],
                "save_program": str(artifacts / PROGRAM), "save_inputs": str(artifacts / INPUTS)}

    return _run_owned(in_child, keep_work=keep_work, device=device, timeout=timeout,
                      progress=progress, configs={})


__all__ = ["BisectResult", "bisect", "bisect_package", "bisect_target", "read_provenance", "kernel_source"]
