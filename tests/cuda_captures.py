"""Loader for the real GPU captures in tests/fixtures/cuda/*.json (written by benchmarks/gpu_check.py).

Only files a real run of that script wrote on a machine with CUDA belong there; each says so
(`"real_capture": true`, `"source": "benchmarks/gpu_check.py"`) and says where it was captured
(`captured_on`: gpu, capability, torch, cuda, driver, date). `validate` refuses anything else,
so a hand-written or CPU dry-run file cannot pass for a capture.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "cuda"
SOURCE = "benchmarks/gpu_check.py"
SCHEMA = "aotidebug.gpu-capture/1"
REQUIRED = ("schema", "real_capture", "source", "name", "captured_on", "expected", "outcome",
            "error_text", "launch_trace", "package", "tools", "diagnosed")
CAPTURED_ON = ("gpu", "capability", "torch", "cuda", "driver", "date")
OUTCOMES = ("assert", "ima", "signal", "error", "none", "timeout")
CATEGORIES = frozenset((
    "device_mismatch", "input_mismatch", "dynamic_shape_guard", "index_out_of_bounds",
    "illegal_memory_access", "crash", "constant_loading", "compile_toolchain", "unsupported",
    "export_failure", "version_mismatch", "out_of_memory", "numerical", "deprecated_api",
    "torch_bug", "autotune_failure", "kernel_binary_missing", "opaque_runtime_error", "unknown"))


class CaptureError(ValueError):
    """A file in tests/fixtures/cuda that is not a valid real capture."""


def validate(data: Any, where: str = "<capture>", *, require_real: bool = True) -> dict:
    """`data` itself when it is a well-formed capture; CaptureError naming the first problem."""
    if not isinstance(data, dict):
        raise CaptureError(f"{where}: not a JSON object")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise CaptureError(f"{where}: missing key(s) {', '.join(missing)}")
    if require_real and data["real_capture"] is not True:
        raise CaptureError(f"{where}: real_capture is {data['real_capture']!r}, not true: only real "
                           "captures written by benchmarks/gpu_check.py on a GPU belong here")
    if data["source"] != SOURCE:
        raise CaptureError(f"{where}: source is {data['source']!r}, expected {SOURCE!r}")
    if data["schema"] != SCHEMA:
        raise CaptureError(f"{where}: schema is {data['schema']!r}, expected {SCHEMA!r}")
    on = data["captured_on"]
    if not isinstance(on, dict):
        raise CaptureError(f"{where}: captured_on is not an object")
    missing = [k for k in CAPTURED_ON if not isinstance(on.get(k), str) or not on.get(k).strip()]
    if missing:
        raise CaptureError(f"{where}: captured_on lacks {', '.join(missing)}")
    exp = data["expected"]
    if not isinstance(exp, dict) or exp.get("category") not in CATEGORIES:
        raise CaptureError(f"{where}: expected.category missing or not a category")
    if exp.get("text_category") is not None and exp["text_category"] not in CATEGORIES:
        raise CaptureError(f"{where}: expected.text_category {exp['text_category']!r} is not a category")
    if data["outcome"] not in OUTCOMES:
        raise CaptureError(f"{where}: outcome {data['outcome']!r} not one of {OUTCOMES}")
    if not isinstance(data["error_text"], str):
        raise CaptureError(f"{where}: error_text is not a string")
    if not isinstance(data["launch_trace"], list):
        raise CaptureError(f"{where}: launch_trace is not a list")
    if not isinstance(data["tools"], dict) or not isinstance(data["diagnosed"], dict):
        raise CaptureError(f"{where}: tools/diagnosed are not objects")
    return data


def load(path: str | Path, *, require_real: bool = True) -> dict:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CaptureError(f"{path.name}: unreadable: {exc}") from exc
    return validate(data, path.name, require_real=require_real)


def list_captures(directory: str | Path = FIXTURES) -> list[Path]:
    """The capture files (*.json) in `directory`, sorted; none when it does not exist."""
    directory = Path(directory)
    return sorted(directory.glob("*.json")) if directory.is_dir() else []


def load_all(directory: str | Path = FIXTURES) -> list[dict]:
    return [load(p) for p in list_captures(directory)]
