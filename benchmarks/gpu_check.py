"""GPU paths verified on a real GPU: one prepared script, real captures (issue 14).

    python3 benchmarks/gpu_check.py [--out DIR]            # on a machine with CUDA
    python3 benchmarks/gpu_check.py --cpu-dry-run [--out DIR] [--no-bisect]

On a machine with CUDA it compiles two tiny models for cuda once, up front, in one child process
(`static`: sin(x)*2+1 on a static (8192, 4096) float32 input; `dyn`: an embedding plus a linear
layer and a log, batch dynamic in [2, 64], compiled with `nan_asserts`), then triggers six real
faults, each in its own child process (a device-side assert poisons the CUDA context of the
process it fires in) with its own time cap, its process group killed when the cap is reached:

| case | fault | expected category |
|---|---|---|
| embedding_index_oob | index 99 into Embedding(16, 32): device-side assert in a Triton kernel | index_out_of_bounds |
| input_wrong_device | a CPU tensor into the CUDA package (input check off) | device_mismatch |
| static_input_too_small | a (1, 1) tensor into the static (8192, 4096) package, input check off | input_mismatch |
| device_index_out_of_range | aoti_load_package(device_index=torch.cuda.device_count()) | device_mismatch |
| nan_kernel | the log kernel produces NaN from finite inputs (caught by nan_asserts) | numerical |
| cuda_package_on_cpu_host | the CUDA package loaded with CUDA_VISIBLE_DEVICES="" (a CPU-only host) | device_mismatch |

For each fault it runs, in a second child process with a clean CUDA context, `diagnose` (on the
text alone and with the inputs and the package), `inspect_package`, `check_host` and
`safe_load(isolate=True)`; for the three kernel faults `bisect(device="cuda")` runs in further
children started at the beginning, concurrently with the rest. Kernel faults are also run a
second time with the IMA ladder's run-time rungs (`CUDA_LAUNCH_BLOCKING=1`,
`PYTORCH_NO_CUDA_MEMORY_CACHING=1`); both packages carry printer mode 3 (the launch trace) and
provenance (`kernel_information.json`) when this torch accepts those configs.

Each capture goes to DIR/NAME.json (default tests/fixtures/cuda): the error text exactly as the
child printed it (stdout, stderr, traceback), an excerpt of the generated wrapper and the Triton
kernel, the package metadata, the launch trace, what each aotidebug entry point said, and
"captured_on" (GPU, compute capability, torch, CUDA, driver, date). Every file is marked
`"real_capture": true, "source": "benchmarks/gpu_check.py"`; tests/test_cuda_captures.py asserts on
them. Output: one table (case, expected category, diagnosed category, kernel, seconds) on stdout,
progress on stderr. Exit status 0. The whole run stays under --budget seconds (default 420).

Without CUDA it prints one line saying it skipped and exits 0. `--cpu-dry-run` runs the same
orchestration on the CPU (packages compiled for cpu, the CUDA-only cases skipped with a reason):
its files say `"real_capture": false` and it refuses to write into tests/fixtures/cuda.

Public API used (must stay stable): aotidebug.diagnose(error, model=, inputs=, package=, device=),
Diagnosis.to_json(); aotidebug.inspect_package(path) -> .device_type, .metadata, .files,
.unreadable; aotidebug.check_host(info, device_index=) -> Findings (.code, .severity, .category,
.message); aotidebug.safe_load(path, isolate=True, timeout=, check_inputs=, check_indices=, device_index=) ->
SafeModel (callable, .close()); aotidebug.AOTIDebugError (.details, .diagnosis);
aotidebug.bisect(model, inputs, device=, timeout=, example_inputs=, dynamic_shapes=) ->
BisectResult.to_dict().
"""

from __future__ import annotations

import argparse
import datetime as _dt
import hashlib
import inspect
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).resolve()
FIXTURES = ROOT / "tests" / "fixtures" / "cuda"
DEFAULT_CACHE = ROOT / ".aotidebug-cache" / "gpu_check"
SOURCE = "benchmarks/gpu_check.py"
SCHEMA = "aotidebug.gpu-capture/1"
TEXT_CAP = 24_000          # characters kept of each of stdout / stderr / traceback
WRAPPER_CAP = 512_000      # the full wrapper.cpp is kept when it is at most this long

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# ----------------------------------------------------------------------------- models
STATIC_SHAPE = (8192, 4096)    # 128 MiB of float32: a (1, 1) input makes the kernel read far past it
EMB_ROWS = 16
FEAT = 32
DYN_MIN, DYN_MAX = 2, 64
OOB_INDEX = 99                 # >= EMB_ROWS


def _nn():
    import torch

    class StaticNet(torch.nn.Module):
        """One Triton pointwise kernel over a static (8192, 4096) input."""

        def forward(self, x):
            return torch.sin(x) * 2.0 + 1.0

    class DynNet(torch.nn.Module):
        """Embedding (index assert) -> linear (extern mm) -> log (NaN when the mm output is < 0)."""

        def __init__(self):
            super().__init__()
            self.emb = torch.nn.Embedding(EMB_ROWS, FEAT)
            self.lin = torch.nn.Linear(FEAT, FEAT)
            with torch.no_grad():   # positive everything: log() is finite for inputs in [0, 1)
                self.emb.weight.uniform_(0.0, 1.0)
                self.lin.weight.uniform_(0.0, 1.0 / FEAT)
                self.lin.bias.uniform_(0.1, 0.2)

        def forward(self, x, idx):
            h = x + self.emb(idx)
            return torch.log(self.lin(h))

    return StaticNet, DynNet


MODEL_SOURCE = inspect.getsource(_nn)


def build_model(name: str, device: str):
    import torch

    torch.manual_seed(0)
    static_cls, dyn_cls = _nn()
    model = static_cls() if name == "static" else dyn_cls()
    return model.to(device).eval()


def example_inputs(name: str, device: str) -> tuple:
    import torch

    g = torch.Generator().manual_seed(1)
    if name == "static":
        return (torch.rand(*STATIC_SHAPE, generator=g).to(device),)
    return (torch.rand(4, FEAT, generator=g).to(device), (torch.arange(4) % EMB_ROWS).to(device))


def dynamic_shapes(name: str):
    if name == "static":
        return None
    from torch.export import Dim

    batch = Dim("batch", min=DYN_MIN, max=DYN_MAX)
    return {"x": {0: batch}, "idx": {0: batch}}


def package_configs(name: str) -> list[dict]:
    """Inductor configs to try, best first (a torch that rejects one falls back to the next)."""
    extra = {"aot_inductor.debug_intermediate_value_printer": "3", "trace.provenance_tracking_level": 1}
    nan = {"nan_asserts": True} if name == "dyn" else {}
    ladder = [{**extra, **nan}, dict(extra), dict(nan), {}]
    out: list[dict] = []
    for cfg in ladder:
        if cfg not in out:
            out.append(cfg)
    return out


# ----------------------------------------------------------------------------- cases
OUTCOME_TO_TEXT = {  # what the text alone should be read as, by what actually happened
    "ima": "illegal_memory_access",
    "assert": "index_out_of_bounds",
    "signal": "crash",
}

CASES: list[dict[str, Any]] = [
    dict(name="embedding_index_oob", package="dyn", expected="index_out_of_bounds", kernel="embedding",
         bound=EMB_ROWS, cuda_only=False, kernel_fault=True, bisect=True,
         text={"assert": "index_out_of_bounds", "error": "index_out_of_bounds"},
         # checked: the id range check (AOTC039) refuses it before the kernel, which on a GPU is
         # the Triton index reader's first real CUDA package; unchecked: the device assert itself
         safe_load=[{"check_inputs": True}, {"check_inputs": True, "check_indices": False},
                    {"check_inputs": True, "inputs": "good", "compare": True}],
         description=f"index {OOB_INDEX} into Embedding({EMB_ROWS}, {FEAT}) (dynamic batch 4): "
                     "Inductor's indirect-index assertion fires in the generated kernel"),
    dict(name="input_wrong_device", package="static", expected="device_mismatch", kernel="sin",
         cuda_only=True, kernel_fault=True, bisect=False,
         text={"ima": "illegal_memory_access", "signal": "crash"},
         safe_load=[{"check_inputs": True}, {"check_inputs": False}],
         description="a CPU tensor passed to the package compiled for cuda (AOTI_RUNTIME_CHECK_INPUTS unset)"),
    dict(name="static_input_too_small", package="static", expected="input_mismatch", kernel="sin",
         cuda_only=False, kernel_fault=True, bisect=True,
         text={"ima": "illegal_memory_access", "signal": "crash"},
         safe_load=[{"check_inputs": True}, {"check_inputs": False},
                    {"check_inputs": True, "inputs": "good", "compare": True}],
         description=f"a (1, 1) tensor into the static {STATIC_SHAPE} package, input check off"),
    dict(name="device_index_out_of_range", package="static", expected="device_mismatch", kernel=None,
         cuda_only=True, kernel_fault=False, bisect=False, device_index="count",
         text={"error": "device_mismatch"},
         safe_load=[{"check_inputs": True}],
         description="aoti_load_package(device_index=torch.cuda.device_count()): one past the last GPU"),
    dict(name="nan_kernel", package="dyn", expected="numerical", kernel="log",
         cuda_only=False, kernel_fault=True, bisect=True,
         text={"error": "numerical"},
         safe_load=[{"check_inputs": True}],
         description="finite inputs (x = -100) make the mm output negative; the log kernel produces "
                     "NaN, which the package's nan_asserts check reports"),
    dict(name="cuda_package_on_cpu_host", package="static", expected="device_mismatch", kernel=None,
         cuda_only=True, kernel_fault=False, bisect=False, env={"CUDA_VISIBLE_DEVICES": ""},
         text={"error": "device_mismatch"},
         safe_load=[{"check_inputs": True}],
         description='the CUDA package loaded where no GPU is visible (CUDA_VISIBLE_DEVICES=""), '
                     "called with CPU tensors"),
]
CASE_BY_NAME = {c["name"]: c for c in CASES}
LADDER_ENV = {"CUDA_LAUNCH_BLOCKING": "1", "PYTORCH_NO_CUDA_MEMORY_CACHING": "1"}


def case_inputs(case: dict, device: str, which: str = "fault") -> tuple:
    """The inputs of a case, built the same way in every process."""
    import torch

    g = torch.Generator().manual_seed(2)
    name = case["name"]
    if which == "good" or name == "device_index_out_of_range":
        return example_inputs(case["package"], device)
    if name == "embedding_index_oob":
        return (torch.rand(4, FEAT, generator=g).to(device),
                torch.tensor([0, 3, OOB_INDEX, 1], dtype=torch.int64).to(device))
    if name == "nan_kernel":
        return (torch.full((4, FEAT), -100.0).to(device), torch.arange(4, dtype=torch.int64).to(device))
    if name == "static_input_too_small":
        return (torch.rand(1, 1, generator=g).to(device),)
    if name in ("input_wrong_device", "cuda_package_on_cpu_host"):
        return (torch.rand(*STATIC_SHAPE, generator=g),)   # on the CPU, whatever the package wants
    raise KeyError(name)


# ----------------------------------------------------------------------------- small helpers
def log(msg: str) -> None:
    print(f"[gpu_check {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def write_json(path: str | Path, data: Any) -> None:
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, default=repr, ensure_ascii=False) + "\n")
    os.replace(tmp, path)


def read_json(path: str | Path) -> Any:
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


def tail(text: str, cap: int = TEXT_CAP) -> str:
    return text if len(text) <= cap else text[-cap:]


def read_text(path: Path, cap: int = TEXT_CAP) -> str:
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - cap))
            return fh.read().decode("utf-8", errors="replace")
    except OSError:
        return ""


def torch_version_cheap() -> str:
    try:
        from importlib.metadata import version

        return version("torch")
    except Exception:
        return "unknown"


def cuda_status() -> tuple[bool, str]:
    try:
        import torch
    except Exception as exc:  # no torch at all: nothing to check
        return False, f"torch not importable ({type(exc).__name__})"
    try:
        if torch.cuda.is_available() and torch.cuda.device_count() > 0:
            return True, ""
    except Exception as exc:
        return False, f"torch {torch.__version__}: CUDA probe failed ({type(exc).__name__})"
    return False, f"torch {torch.__version__}, torch.cuda.is_available() is False"


def nvidia_driver() -> str:
    exe = shutil.which("nvidia-smi")
    if not exe:
        return "unknown (nvidia-smi not found)"
    try:
        out = subprocess.run([exe, "--query-gpu=driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20)
        first = out.stdout.strip().splitlines()
        return first[0].strip() if out.returncode == 0 and first else f"unknown (nvidia-smi rc {out.returncode})"
    except Exception as exc:
        return f"unknown (nvidia-smi: {type(exc).__name__})"


def captured_on(device: str) -> dict:
    now = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    base = {"date": now, "python": sys.version.split()[0], "platform": sys.platform}
    if device != "cuda":
        return {**base, "gpu": "none (cpu dry run)", "capability": "none", "torch": torch_version_cheap(),
                "cuda": "none", "driver": "none"}
    import torch

    cap = torch.cuda.get_device_capability(0)
    return {**base, "gpu": torch.cuda.get_device_name(0), "capability": f"{cap[0]}.{cap[1]}",
            "torch": torch.__version__, "cuda": str(torch.version.cuda), "driver": nvidia_driver(),
            "device_count": torch.cuda.device_count()}


def classify_outcome(res: dict | None, rc: int | None, timed_out: bool, text: str) -> str:
    """What happened, from the process's status and text (independent of aotidebug's reading)."""
    if timed_out:
        return "timeout"
    if rc is not None and rc < 0:
        return "signal"
    low = text.lower()
    if "device-side assert" in low or re.search(r"assertion `[^`]*index out of bounds", low):
        return "assert"
    if any(s in low for s in ("illegal memory access", "cuda_error_illegal_address",
                              "misaligned address", "unspecified launch failure")):
        return "ima"
    if (res or {}).get("exception") or (rc not in (0, None)):
        return "error"
    return "none"


def jsonable(x: Any) -> Any:
    return json.loads(json.dumps(x, default=repr))


def summarize_diagnosis(d: Any) -> dict:
    try:
        full = json.loads(d.to_json())
    except Exception as exc:
        return {"category": str(getattr(d, "category", "?")), "to_json_failed": repr(exc)}
    keep = {k: full.get(k) for k in ("category", "title", "confidence", "code", "kernel", "summary")}
    keep["evidence"] = [{"source": e.get("source"), "label": e.get("label"),
                         "detail": str(e.get("detail", ""))[:400]} for e in full.get("evidence", [])][:40]
    keep["candidates"] = [c.get("category") for c in full.get("candidates", [])]
    keep["flags"] = [f.get("name") for f in full.get("flags", [])]
    details = full.get("details") or {}
    keep["details_keys"] = sorted(details)
    if "iob_trace" in details:
        keep["iob_trace"] = details["iob_trace"]
    return keep


def finding_dict(f: Any) -> dict:
    cat = getattr(f, "category", None)
    return {"code": getattr(f, "code", None), "severity": getattr(f, "severity", None),
            "category": getattr(cat, "value", str(cat)), "message": str(getattr(f, "message", f))[:600]}


def flat_tensors(obj: Any) -> list:
    import torch

    if isinstance(obj, torch.Tensor):
        return [obj]
    if isinstance(obj, (list, tuple)):
        return [t for o in obj for t in flat_tensors(o)]
    if isinstance(obj, dict):
        return [t for o in obj.values() for t in flat_tensors(o)]
    return []


def nonfinite(obj: Any) -> list[int]:
    import torch

    return [int((~torch.isfinite(t)).sum().item()) for t in flat_tensors(obj) if t.is_floating_point()]


def resolve_index(value: Any) -> int | None:
    if value == "count":
        import torch

        return int(torch.cuda.device_count()) if torch.cuda.is_available() else 1
    return value


# ----------------------------------------------------------------------------- child roles
def child_compile(spec: dict) -> None:
    import torch

    res: dict[str, Any] = {"packages": {}, "torch": torch.__version__}
    device = spec["device"]
    for name, path in spec["packages"].items():
        entry: dict[str, Any] = {"path": path, "tried": []}
        res["packages"][name] = entry
        write_json(spec["result"], res)
        t0 = time.perf_counter()
        try:
            model = build_model(name, device)
            ex = example_inputs(name, device)
            ep = torch.export.export(model, ex, dynamic_shapes=dynamic_shapes(name))
        except Exception as exc:
            entry["error"] = f"export: {type(exc).__name__}: {str(exc)[:2000]}"
            continue
        tmp = str(Path(path).with_suffix(".tmp.pt2"))
        for cfg in package_configs(name):
            try:
                torch._inductor.aoti_compile_and_package(ep, package_path=tmp, inductor_configs=dict(cfg))
            except Exception as exc:
                entry["tried"].append({"configs": cfg, "error": f"{type(exc).__name__}: {str(exc)[:2000]}"})
                write_json(spec["result"], res)
                continue
            os.replace(tmp, path)
            entry["configs"] = cfg
            break
        entry["seconds"] = round(time.perf_counter() - t0, 2)
        if "configs" not in entry:
            entry["error"] = "every config failed to compile"
            continue
        try:  # sanity: the package runs on good inputs and matches eager
            compiled = torch._inductor.aoti_load_package(path)
            got = compiled(*ex)
            want = model(*ex)
            got_t, want_t = flat_tensors(got), flat_tensors(want)
            entry["sanity"] = {"outputs": len(got_t), "allclose": all(
                torch.allclose(a.float().cpu(), b.float().cpu(), rtol=1e-3, atol=1e-3)
                for a, b in zip(got_t, want_t)) and len(got_t) == len(want_t)}
        except Exception as exc:
            entry["sanity"] = {"error": f"{type(exc).__name__}: {str(exc)[:1000]}"}
        write_json(spec["result"], res)
    write_json(spec["result"], res)


def child_fault(spec: dict) -> int:
    """Run the faulting call in this process exactly as a user would; print nothing of our own."""
    import torch

    case = CASE_BY_NAME[spec["case"]]
    res: dict[str, Any] = {"stage": "inputs", "exception": None, "nonfinite": None}
    write_json(spec["result"], res)
    try:
        args = case_inputs(case, spec["device"])
        res["inputs"] = [{"shape": list(t.shape), "dtype": str(t.dtype), "device": str(t.device)}
                         for t in args]
        res["stage"] = "load"
        write_json(spec["result"], res)
        index = resolve_index(case.get("device_index"))
        kwargs = {"device_index": index} if index is not None else {}
        res["device_index"] = index
        model = torch._inductor.aoti_load_package(spec["package"], **kwargs)
        res["stage"] = "call"
        write_json(spec["result"], res)
        out = model(*args)
        res["stage"] = "sync"
        write_json(spec["result"], res)
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        res["stage"] = "outputs"
        res["nonfinite"] = nonfinite(out)
        res["stage"] = "done"
    except BaseException as exc:  # noqa: BLE001 - recorded, then re-reported as Python would
        res["exception"] = {"type": type(exc).__name__, "module": type(exc).__module__,
                            "message": tail(str(exc))}
        tb = traceback.format_exc()
        res["traceback"] = tail(tb)
        sys.stderr.write(tb)
        sys.stderr.flush()
    write_json(spec["result"], res)
    return 1 if res["exception"] else 0


def _safe_load_variant(aotidebug: Any, spec: dict, case: dict, variant: dict) -> dict:
    import torch

    rec: dict[str, Any] = {"variant": variant}
    t0 = time.perf_counter()
    kwargs: dict[str, Any] = {"isolate": True, "timeout": float(spec["call_timeout"]),
                              "check_inputs": bool(variant.get("check_inputs", True))}
    if "check_indices" in variant:
        kwargs["check_indices"] = bool(variant["check_indices"])
    index = resolve_index(case.get("device_index"))
    if index is not None:
        kwargs["device_index"] = index
    try:
        args = case_inputs(case, spec["device"], variant.get("inputs", "fault"))
        model = aotidebug.safe_load(spec["package"], **kwargs)
        try:
            out = model(*args)
            rec["result"] = "returned"
            rec["nonfinite"] = nonfinite(out)
            rec["outputs"] = [{"shape": list(t.shape), "device": str(t.device)} for t in flat_tensors(out)]
            if variant.get("compare"):
                ref = torch._inductor.aoti_load_package(spec["package"])(*args)
                a, b = flat_tensors(out), flat_tensors(ref)
                same = len(a) == len(b) and all(x.device == y.device for x, y in zip(a, b))
                rec["matches_in_process"] = {
                    "same_devices": same,
                    "equal": same and all(torch.equal(x.cpu(), y.cpu()) for x, y in zip(a, b)),
                    "allclose": same and all(torch.allclose(x.cpu(), y.cpu(), equal_nan=True)
                                             for x, y in zip(a, b))}
        finally:
            model.close()
    except aotidebug.AOTIDebugError as exc:
        rec["result"] = "raised"
        rec["exception"] = type(exc).__name__
        rec["message"] = str(exc)[:4000]
        rec["details"] = jsonable(getattr(exc, "details", {}))
        for key in ("output", "stdout", "stderr", "tail"):
            if isinstance(rec["details"].get(key), str):
                rec["details"][key] = tail(rec["details"][key], 8000)
        try:
            rec["diagnosis"] = summarize_diagnosis(exc.diagnosis)
        except Exception as dexc:
            rec["diagnosis"] = {"error": repr(dexc)}
    except Exception as exc:
        rec["result"] = "unexpected-exception"
        rec["exception"] = type(exc).__name__
        rec["message"] = str(exc)[:4000]
        rec["traceback"] = traceback.format_exc()[-4000:]
    rec["seconds"] = round(time.perf_counter() - t0, 2)
    return rec


def child_tools(spec: dict) -> None:
    import aotidebug

    case = CASE_BY_NAME[spec["case"]]
    text = spec.get("error_text") or ""
    res: dict[str, Any] = {}
    write_json(spec["result"], res)

    def step(name: str, fn) -> None:
        t0 = time.perf_counter()
        try:
            res[name] = fn()
        except Exception as exc:
            res[name] = {"error": f"{type(exc).__name__}: {str(exc)[:2000]}",
                         "traceback": traceback.format_exc()[-3000:]}
        res.setdefault("seconds", {})[name] = round(time.perf_counter() - t0, 2)
        write_json(spec["result"], res)

    step("diagnose_text", lambda: summarize_diagnosis(aotidebug.diagnose(text)) if text.strip() else None)
    step("diagnose", lambda: summarize_diagnosis(aotidebug.diagnose(
        text or None, inputs=case_inputs(case, spec["device"]), package=spec["package"],
        device=spec.get("diag_device"))))

    def inspect_it():
        info = aotidebug.inspect_package(spec["package"])
        return {"device_type": info.device_type, "metadata": dict(info.metadata),
                "files": list(info.files), "unreadable": list(info.unreadable)}

    step("inspect_package", inspect_it)
    step("check_host", lambda: [finding_dict(f) for f in aotidebug.check_host(
        aotidebug.inspect_package(spec["package"]), device_index=resolve_index(case.get("device_index")))])
    loads: list[dict] = []
    res["safe_load"] = loads
    for variant in case["safe_load"]:   # saved one by one: a cap reached mid-way keeps the rest
        loads.append(_safe_load_variant(aotidebug, spec, case, variant))
        write_json(spec["result"], res)


def child_bisect(spec: dict) -> None:
    import aotidebug

    case = CASE_BY_NAME[spec["case"]]
    device = spec["device"]
    res: dict[str, Any] = {}
    t0 = time.perf_counter()
    try:
        model = build_model(case["package"], device)
        args = case_inputs(case, device)
        kwargs: dict[str, Any] = {"device": device, "timeout": float(spec["bisect_timeout"])}
        if case["name"] == "static_input_too_small":
            kwargs["example_inputs"] = example_inputs("static", device)
        if dynamic_shapes(case["package"]) is not None:
            kwargs["dynamic_shapes"] = dynamic_shapes(case["package"])
        r = aotidebug.bisect(model, args, **kwargs)
        d = jsonable(r.to_dict())
        if isinstance(d.get("kernel_source"), str):
            d["kernel_source"] = d["kernel_source"][:6000]
        res = {"result": d}
    except Exception as exc:
        res = {"error": f"{type(exc).__name__}: {str(exc)[:3000]}", "traceback": traceback.format_exc()[-3000:]}
    res["seconds"] = round(time.perf_counter() - t0, 2)
    write_json(spec["result"], res)


def child_main(role: str, spec_path: str) -> int:
    spec = read_json(spec_path)
    if role == "compile":
        child_compile(spec)
    elif role == "fault":
        return child_fault(spec)
    elif role == "tools":
        child_tools(spec)
    elif role == "bisect":
        child_bisect(spec)
    else:
        raise SystemExit(f"unknown child role {role!r}")
    return 0


# ----------------------------------------------------------------------------- the parent
class Child:
    """One child process in its own process group; stdout/stderr to files; killed at its cap."""

    def __init__(self, role: str, spec: dict, work: Path, tag: str, timeout: float,
                 env_extra: dict | None = None) -> None:
        self.role, self.tag, self.timeout = role, tag, max(1.0, timeout)
        self.dir = work / tag
        self.dir.mkdir(parents=True, exist_ok=True)
        self.result = self.dir / "result.json"
        spec = {**spec, "result": str(self.result)}
        spec_path = self.dir / "spec.json"
        write_json(spec_path, spec)
        env = dict(os.environ)
        env.pop("AOTI_RUNTIME_CHECK_INPUTS", None)     # the faults are the unchecked kind
        env["PYTHONUNBUFFERED"] = "1"                  # the launch trace survives a crash
        env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        env.update(env_extra or {})
        self.env_extra = dict(env_extra or {})
        self.out_path, self.err_path = self.dir / "stdout.txt", self.dir / "stderr.txt"
        self.t0 = time.monotonic()
        with open(self.out_path, "wb") as out, open(self.err_path, "wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-X", "faulthandler", str(SCRIPT), "--_child", role, "--spec", str(spec_path)],
                stdin=subprocess.DEVNULL, stdout=out, stderr=err, cwd=str(self.dir), env=env,
                start_new_session=True)
        self.rc: int | None = None
        self.timed_out = False
        self.seconds = 0.0

    def _killpg(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass

    def poll(self) -> bool:
        """True once finished (exited, or killed at its cap)."""
        if self.rc is not None or self.timed_out:
            return True
        rc = self.proc.poll()
        if rc is None and time.monotonic() - self.t0 > self.timeout:
            self.timed_out = True
            self._killpg()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
            self.seconds = round(time.monotonic() - self.t0, 2)
            return True
        if rc is None:
            return False
        self.rc = rc
        self._killpg()   # anything it left behind in its group
        self.seconds = round(time.monotonic() - self.t0, 2)
        return True

    def wait(self) -> "Child":
        while not self.poll():
            time.sleep(0.1)
        return self

    def kill(self) -> None:
        if self.rc is None and not self.timed_out:
            self.timed_out = True
            self._killpg()
            self.seconds = round(time.monotonic() - self.t0, 2)

    def report(self) -> dict:
        res = read_json(self.result) if self.result.exists() else None
        stdout, stderr = read_text(self.out_path), read_text(self.err_path)
        sig = None
        if self.rc is not None and self.rc < 0:
            try:
                sig = signal.Signals(-self.rc).name
            except ValueError:
                sig = str(-self.rc)
        return {"result": res, "stdout": stdout, "stderr": stderr, "returncode": self.rc,
                "signal": sig, "timed_out": self.timed_out, "seconds": self.seconds}


def package_paths(cache: Path, device: str, cap: str) -> dict[str, str]:
    paths = {}
    for name in ("static", "dyn"):
        blob = json.dumps([torch_version_cheap(), device, cap, name, MODEL_SOURCE, STATIC_SHAPE, EMB_ROWS,
                           FEAT, DYN_MIN, DYN_MAX, package_configs(name)], sort_keys=True, default=repr)
        key = hashlib.sha256(blob.encode()).hexdigest()[:16]
        paths[name] = str(cache / f"{name}-{device}-{key}.pt2")
    return paths


def zip_sources(package: str) -> dict[str, Any]:
    """wrapper.cpp, kernel.cpp, kernel_information.json and *_metadata.json of model 'model'."""
    import zipfile

    out: dict[str, Any] = {"files": [], "metadata_json": {}}
    try:
        with zipfile.ZipFile(package) as zf:
            for info in zf.infolist():
                out["files"].append(info.filename)
                base = info.filename.split("data/aotinductor/", 1)[-1]
                if info.file_size > 8 * 1024 * 1024 or "data/aotinductor/" not in info.filename:
                    continue
                if base.endswith(".wrapper.cpp"):
                    out["wrapper"] = zf.read(info).decode("utf-8", "replace")
                elif base.endswith(".kernel.cpp"):
                    out["kernel_cpp"] = zf.read(info).decode("utf-8", "replace")
                elif base.endswith("kernel_information.json"):
                    out["provenance"] = read_json_bytes(zf.read(info))
                elif base.endswith("_metadata.json"):
                    out["metadata_json"][base] = read_json_bytes(zf.read(info))
    except Exception as exc:
        out["error"] = f"{type(exc).__name__}: {exc}"
    return out


def read_json_bytes(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8", "replace"))
    except ValueError:
        return data.decode("utf-8", "replace")[:4000]


KERNEL_CALL = re.compile(r"\b(?:call_)?((?:triton_(?:poi|red|per|tem|for|spl)_fused|cpp_fused)_\w+|"
                         r"aoti_torch_\w+_out)\s*\(")


def kernel_names(src: dict) -> list[str]:
    """Generated kernels: the Triton sources embedded in a CUDA wrapper, the C++ kernels defined in
    kernel.cpp and the extern shims called; the call-site pattern only when those find none."""
    wrapper, cpp = src.get("wrapper") or "", src.get("kernel_cpp") or ""
    defined = re.findall(r"async_compile\.triton\(\s*['\"](\w+)['\"]", wrapper)
    defined += re.findall(r"\bvoid\s+(cpp_fused_\w+)\s*\(", cpp)
    if not defined:
        return list(dict.fromkeys(KERNEL_CALL.findall(wrapper + "\n" + cpp)))
    shims = re.findall(r"\b(aoti_torch_\w+_out)\s*\(", wrapper)
    return list(dict.fromkeys(defined + shims))


def expected_kernel(names: list[str], needle: str | None) -> str | None:
    if not needle:
        return None
    hits = [n for n in names if needle in n and not n.startswith("aoti_torch_")]
    return hits[0] if len(hits) == 1 else None


def excerpt_around(text: str, needle: str, context: int = 8, cap: int = 8000) -> str:
    lines = text.splitlines()
    keep: set[int] = set()
    for i, ln in enumerate(lines):
        if needle in ln:
            keep.update(range(max(0, i - context), min(len(lines), i + context + 1)))
    out, prev = [], -2
    for i in sorted(keep):
        if i != prev + 1:
            out.append(f"// ... (line {i + 1})")
        out.append(lines[i])
        prev = i
    return "\n".join(out)[:cap]


def kernel_source(src: dict, kernel: str | None) -> str | None:
    """The Triton source embedded in the CUDA wrapper, or the C++ kernel from kernel.cpp."""
    if not kernel:
        return None
    wrapper = src.get("wrapper") or ""
    m = re.search(r"async_compile\.triton\(\s*['\"]" + re.escape(kernel) + r"['\"]\s*,\s*'''(.*?)'''",
                  wrapper, re.S)
    if m:
        return m.group(1)[:12000]
    cpp = src.get("kernel_cpp") or ""
    m = re.search(r"^[^\n]*\b" + re.escape(kernel) + r"\s*\(", cpp, re.M)
    if m:
        return cpp[m.start(): m.start() + 6000]
    return None


def launch_trace(stdout: str) -> list[str]:
    return [m.strip() for m in re.findall(r"^[ \t]*\[ (?:before|after)_launch: \w+ \][ \t]*$",
                                          stdout, re.M)][:400]


def error_text_of(rep: dict) -> str:
    """What the user saw: stdout (launch trace, device printf), then stderr (C++ `Error:` lines,
    faulthandler, the traceback)."""
    parts = [rep["stdout"].strip("\n"), rep["stderr"].strip("\n")]
    return "\n".join(p for p in parts if p)


def fault_record(rep: dict) -> dict:
    text = error_text_of(rep)
    res = rep.get("result") or {}
    return {"outcome": classify_outcome(res, rep["returncode"], rep["timed_out"], text),
            "returncode": rep["returncode"], "signal": rep["signal"], "timed_out": rep["timed_out"],
            "stage": res.get("stage"), "exception": res.get("exception"), "error_text": text,
            "launch_trace": launch_trace(rep["stdout"]), "nonfinite": res.get("nonfinite"),
            "inputs": res.get("inputs"), "device_index": res.get("device_index"),
            "seconds": rep["seconds"]}


class Budget:
    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        return self.end - time.monotonic()

    def cap(self, want: float, reserve: float = 0.0) -> float:
        return max(0.0, min(want, self.left() - reserve))


def run_parent(args: argparse.Namespace) -> int:
    dry = args.cpu_dry_run
    if not dry:
        ok, why = cuda_status()
        if not ok:
            print(f"gpu_check: skipped: no CUDA device ({why}); nothing captured "
                  "(run it on a machine with a GPU, or use --cpu-dry-run)")
            return 0
    device = "cpu" if dry else "cuda"
    budget = Budget(args.budget)
    if args.out:
        out_dir = Path(args.out).resolve()
    elif dry:
        out_dir = Path(tempfile.mkdtemp(prefix="gpu_check-dry-"))
    else:
        out_dir = FIXTURES
    if dry and out_dir == FIXTURES.resolve():
        print(f"gpu_check: refusing to write dry-run (CPU) files into {FIXTURES}: only real GPU "
              "captures go there", file=sys.stderr)
        return 2
    out_dir.mkdir(parents=True, exist_ok=True)
    host = captured_on(device)
    cache = Path(args.cache).resolve() if args.cache else DEFAULT_CACHE
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="gpu_check-work-"))
    names = [n.strip() for n in args.cases.split(",")] if args.cases else [c["name"] for c in CASES]
    unknown = [n for n in names if n not in CASE_BY_NAME]
    if unknown:
        print(f"gpu_check: unknown case(s) {unknown}; known: {list(CASE_BY_NAME)}", file=sys.stderr)
        return 2
    cases = [CASE_BY_NAME[n] for n in names]
    log(f"device {device}; {host.get('gpu')} cc {host.get('capability')}; torch {host.get('torch')}; "
        f"budget {args.budget:.0f} s; captures -> {out_dir}")
    children: list[Child] = []
    rows: list[dict] = []
    try:
        return _run(args, dry, device, budget, out_dir, host, cache, work, cases, children, rows)
    finally:
        for ch in children:
            ch.kill()
        if not args.keep_work:
            shutil.rmtree(work, ignore_errors=True)


def _run(args, dry, device, budget, out_dir, host, cache, work, cases, children, rows) -> int:
    packages = package_paths(cache, device, host.get("capability", ""))

    # 1. bisects first, in the background: they compile their own packages
    bisects: dict[str, Child] = {}
    bisect_skip: dict[str, str] = {}
    for case in cases:
        if not case.get("bisect"):
            bisect_skip[case["name"]] = "not a kernel fault: the cause is the call or the host, not a kernel"
        elif dry and case["cuda_only"]:
            bisect_skip[case["name"]] = "CUDA-only case"
        elif args.no_bisect:
            bisect_skip[case["name"]] = "--no-bisect"
        else:
            cap = budget.cap(args.bisect_timeout, reserve=5)
            if cap < 30:
                bisect_skip[case["name"]] = "time budget spent"
                continue
            spec = {"case": case["name"], "device": device, "bisect_timeout": max(10.0, cap - 20)}
            # three bisects compile next to the package compile: one compile thread each
            ch = Child("bisect", spec, work, f"bisect-{case['name']}", cap,
                       {"TORCHINDUCTOR_COMPILE_THREADS": "1"})
            children.append(ch)
            bisects[case["name"]] = ch
            log(f"bisect {case['name']}: started (cap {cap:.0f} s)")

    # 2. compile both packages once, in one child (skipped when cached)
    compile_info: dict[str, Any] = {}
    meta_path = Path(packages["static"]).with_name(Path(packages["static"]).stem + ".compile.json")
    if all(Path(p).exists() for p in packages.values()) and meta_path.exists():
        compile_info = read_json(meta_path) or {}
        log("packages: cached")
    else:
        t0 = time.monotonic()
        ch = Child("compile", {"device": device, "packages": packages}, work, "compile",
                   budget.cap(args.compile_timeout, reserve=30))
        children.append(ch)
        rep = ch.wait().report()
        compile_info = (rep.get("result") or {}).get("packages", {})
        if all(Path(p).exists() for p in packages.values()):
            write_json(meta_path, compile_info)
        log(f"packages: compiled in {time.monotonic() - t0:.1f} s (rc {rep['returncode']}, "
            f"timed out {rep['timed_out']})")
        if rep["returncode"] not in (0, None) or rep["timed_out"]:
            log("compile child output tail:\n" + tail(rep["stderr"], 3000))
    sources = {name: zip_sources(p) for name, p in packages.items() if Path(p).exists()}

    # 3. the cases, one after another, each in its own processes
    captures: dict[str, dict] = {}
    for case in cases:
        name = case["name"]
        row = {"case": name, "expected": case["expected"], "diagnosed": "-", "kernel": "-", "seconds": 0.0}
        rows.append(row)
        if dry and case["cuda_only"]:
            row["diagnosed"] = "skipped: CUDA-only case (cpu dry run)"
            continue
        pkg = packages[case["package"]]
        if not Path(pkg).exists():
            row["diagnosed"] = f"skipped: package {case['package']} did not compile"
            continue
        if budget.left() < 15:
            row["diagnosed"] = "skipped: time budget spent"
            continue
        t_case = time.monotonic()
        env = dict(case.get("env") or {})
        base = {"case": name, "device": device, "package": pkg}
        fault = Child("fault", base, work, f"fault-{name}", budget.cap(args.case_timeout, reserve=5), env)
        children.append(fault)
        frec = fault_record(fault.wait().report())
        ladder = None
        if device == "cuda" and case["kernel_fault"] and budget.left() > 30:
            lad = Child("fault", base, work, f"ladder-{name}", budget.cap(args.case_timeout, reserve=5),
                        {**env, **LADDER_ENV})
            children.append(lad)
            ladder = {"env": dict(LADDER_ENV), **fault_record(lad.wait().report())}
        diag_device = None
        if case.get("device_index") == "count":
            diag_device = f"cuda:{frec.get('device_index')}" if frec.get("device_index") is not None else None
        elif device == "cuda" and not env:
            diag_device = "cuda"
        tcap = budget.cap(args.case_timeout * 2, reserve=3)
        tools = Child("tools", {**base, "error_text": frec["error_text"], "diag_device": diag_device,
                                "call_timeout": max(10.0, min(60.0, tcap / 3))},
                      work, f"tools-{name}", tcap, env)
        children.append(tools)
        trep = tools.wait().report()
        tres = trep.get("result") or {}
        if trep["timed_out"] or trep["returncode"] not in (0, None):
            tres["_child"] = {"returncode": trep["returncode"], "signal": trep["signal"],
                              "timed_out": trep["timed_out"], "stderr_tail": tail(trep["stderr"], 4000)}
        src = sources.get(case["package"], {})
        names = kernel_names(src)
        kname = expected_kernel(names, case.get("kernel"))
        text_cat = case["text"].get(frec["outcome"]) if frec["error_text"].strip() else None
        cap = build_capture(case, dry, host, frec, ladder, tres, src, names, kname, text_cat,
                            compile_info.get(case["package"], {}), pkg)
        cap["seconds"] = {"fault": frec["seconds"], "ladder": (ladder or {}).get("seconds"),
                          "tools": trep["seconds"], "case": round(time.monotonic() - t_case, 2)}
        captures[name] = cap
        path = out_dir / f"{name}.json"
        write_json(path, cap)
        validate_capture(cap, dry, path)
        diag = tres.get("diagnose") if isinstance(tres.get("diagnose"), dict) else {}
        row["diagnosed"] = diag.get("category") or ("error: " + str(diag.get("error", "no result"))[:60])
        row["kernel"] = diag.get("kernel") or "-"
        row["seconds"] = cap["seconds"]["case"]
        log(f"{name}: outcome {frec['outcome']}, diagnosed {row['diagnosed']} ({row['seconds']:.1f} s)")

    # 4. collect the bisects (they had their own caps), fold them into the captures
    for name, ch in bisects.items():
        while not ch.poll():
            if budget.left() <= 0:
                ch.kill()
                break
            time.sleep(0.2)
        rep = ch.report()
        res = rep.get("result") or {}
        if rep["timed_out"]:
            res = {**res, "skipped": f"time cap ({ch.timeout:.0f} s) reached; the bisect was killed"}
        elif rep["returncode"] not in (0, None):
            res = {**res, "error": res.get("error") or f"bisect child exited {rep['returncode']}",
                   "stderr_tail": tail(rep["stderr"], 3000)}
        res["collected_after_s"] = rep["seconds"]   # when the parent noticed; res["seconds"]: bisect's own
        bisect_skip.pop(name, None)
        if name in captures:
            captures[name]["tools"]["bisect"] = res
            r = res.get("result") or {}
            for row in rows:
                if row["case"] == name and row["kernel"] == "-" and r.get("kernel"):
                    row["kernel"] = r["kernel"]
            write_json(out_dir / f"{name}.json", captures[name])
        log(f"bisect {name}: {(res.get('result') or {}).get('fault')} in "
            f"{(res.get('result') or {}).get('kernel')} ({res.get('seconds', rep['seconds'])} s)")
    for name, why in bisect_skip.items():
        if name in captures:
            captures[name]["tools"]["bisect"] = {"skipped": why}
            write_json(out_dir / f"{name}.json", captures[name])

    print_table(rows)
    ok = sum(1 for r in rows if r["diagnosed"] == r["expected"])
    ran = sum(1 for r in rows if not str(r["diagnosed"]).startswith("skipped"))
    kind = "dry-run (CPU, not captures)" if dry else "real GPU capture"
    print(f"{ok}/{ran} diagnosed as expected; {len(captures)} {kind} file(s) in {out_dir}")
    return 0


def build_capture(case, dry, host, frec, ladder, tres, src, names, kname, text_cat, cinfo, pkg) -> dict:
    wrapper = src.get("wrapper") or ""
    prov = src.get("provenance")
    prov_excerpt = ({k: v for k, v in prov.items() if kname and k.split(":")[0] == kname}
                    if isinstance(prov, dict) else None)
    tools = {k: v for k, v in tres.items() if k != "seconds"}
    tools.setdefault("bisect", {"skipped": "pending"})
    diag = tres.get("diagnose") if isinstance(tres.get("diagnose"), dict) else {}
    return {
        "schema": SCHEMA,
        "real_capture": not dry,
        "source": SOURCE,
        "dry_run": dry,
        "name": case["name"],
        "description": case["description"],
        "note": ("Real text from a real run of benchmarks/gpu_check.py; nothing here was written "
                 "by hand." if not dry else "CPU dry run of the orchestration: NOT a GPU capture."),
        "captured_on": host,
        "expected": {"category": case["expected"], "text_category": text_cat, "kernel": kname,
                     "kernel_hint": case.get("kernel"), "bound": case.get("bound")},
        **{k: frec[k] for k in ("outcome", "returncode", "signal", "timed_out", "stage", "exception",
                                "error_text", "launch_trace", "nonfinite", "inputs")},
        "ladder_rerun": ladder,
        "package": {"name": case["package"], "device": "cpu" if dry else "cuda",
                    "inductor_configs": cinfo.get("configs"), "config_fallbacks": cinfo.get("tried"),
                    "compile_seconds": cinfo.get("seconds"), "sanity": cinfo.get("sanity"),
                    "metadata": src.get("metadata_json"), "files": src.get("files"),
                    "kernels": names, "path_name": Path(pkg).name},
        "wrapper_excerpt": excerpt_around(wrapper, kname) if (wrapper and kname) else None,
        "triton_kernel": kernel_source(src, kname),
        "provenance": prov_excerpt,
        "wrapper_source": wrapper if 0 < len(wrapper) <= WRAPPER_CAP else None,
        "wrapper_source_note": None if 0 < len(wrapper) <= WRAPPER_CAP else
        f"wrapper.cpp not kept ({len(wrapper)} characters; cap {WRAPPER_CAP})",
        "tools": tools,
        "diagnosed": {"category": diag.get("category"), "code": diag.get("code"), "kernel": diag.get("kernel")},
    }


def validate_capture(cap: dict, dry: bool, path: Path) -> None:
    try:
        from tests import cuda_captures
    except Exception:
        return
    try:
        cuda_captures.validate(cap, str(path), require_real=not dry)
    except Exception as exc:
        log(f"WARNING: {path.name} does not pass tests/cuda_captures.py: {exc}")


def print_table(rows: list[dict]) -> None:
    head = ("case", "expected category", "diagnosed category", "kernel", "seconds")
    body = [(r["case"], r["expected"], str(r["diagnosed"]), str(r["kernel"]),
             f"{r['seconds']:.1f}" if r["seconds"] else "-") for r in rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(head)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    print(line(head))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for b in body:
        print(line(b))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", help="where captures go (default tests/fixtures/cuda; a temp dir for --cpu-dry-run)")
    p.add_argument("--cpu-dry-run", action="store_true",
                   help="run the orchestration on the CPU (CUDA-only cases skipped); writes no captures")
    p.add_argument("--cases", help="comma-separated subset of: " + ", ".join(CASE_BY_NAME))
    p.add_argument("--no-bisect", action="store_true", help="skip bisect()")
    p.add_argument("--budget", type=float, default=420.0, help="seconds for the whole run (default 420)")
    p.add_argument("--compile-timeout", type=float, default=240.0, help="cap of the compile child (s)")
    p.add_argument("--case-timeout", type=float, default=60.0, help="cap of each fault child (s); tools get 2x")
    p.add_argument("--bisect-timeout", type=float, default=300.0, help="cap of each bisect child (s)")
    p.add_argument("--cache", help=f"compiled packages (default {DEFAULT_CACHE})")
    p.add_argument("--keep-work", action="store_true", help="keep the children's work dirs")
    p.add_argument("--_child", help=argparse.SUPPRESS)
    p.add_argument("--spec", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args._child:
        return child_main(args._child, args.spec)
    return run_parent(args)


if __name__ == "__main__":
    sys.exit(main())
