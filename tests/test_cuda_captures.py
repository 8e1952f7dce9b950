"""Real GPU captures (tests/fixtures/cuda/*.json, written by benchmarks/gpu_check.py on a GPU).

- The loader's schema checks run on synthetic dicts in tmp_path: those are schema tests, not
  captures, and never go into tests/fixtures/cuda.
- One test per committed capture reads its real texts again with aotidebug: the text-only
  category, the Triton index-assertion trace (with the captured wrapper), the IMA reading. While
  none is committed (no GPU lent yet), a single skipped test says so.
- The script itself: without CUDA it prints one skip line and exits 0; `--cpu-dry-run` runs its
  orchestration end to end on the CPU (slow: compiles two tiny packages once, cached).
"""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import cuda_captures
from tests.cuda_captures import CaptureError

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "gpu_check.py"
NO_CAPTURES = "no real GPU captures committed yet (issue 14 blocked: no GPU lent)"
CAPTURES = cuda_captures.list_captures()


def _synthetic() -> dict:
    """A schema-valid dict for the loader tests. SYNTHETIC: not a capture, never committed."""
    return {
        "schema": cuda_captures.SCHEMA, "real_capture": True, "source": cuda_captures.SOURCE,
        "name": "synthetic_schema_test", "note": "synthetic schema test data, not a GPU capture",
        "captured_on": {"gpu": "synthetic", "capability": "0.0", "torch": "0", "cuda": "0",
                        "driver": "0", "date": "1970-01-01T00:00:00Z"},
        "expected": {"category": "unknown", "text_category": None, "kernel": None},
        "outcome": "none", "error_text": "", "launch_trace": [], "package": {}, "tools": {},
        "diagnosed": {"category": "unknown"},
    }


def _write(dir_: Path, name: str, data: dict) -> Path:
    path = dir_ / name
    path.write_text(json.dumps(data))
    return path


def _category(d) -> str:
    return getattr(d.category, "value", str(d.category))


# ---------------------------------------------------------------- (a) the loader's schema


def test_loader_accepts_a_well_formed_file_and_lists_only_json(tmp_path):
    _write(tmp_path, "ok.json", _synthetic())
    (tmp_path / "README.md").write_text("not a capture")
    assert [p.name for p in cuda_captures.list_captures(tmp_path)] == ["ok.json"]
    assert cuda_captures.load(tmp_path / "ok.json")["name"] == "synthetic_schema_test"
    assert cuda_captures.list_captures(tmp_path / "missing") == []


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("real_capture"), "real_capture"),
    (lambda d: d.update(real_capture=False), "not true"),
    (lambda d: d.update(real_capture="true"), "not true"),
    (lambda d: d.pop("captured_on"), "captured_on"),
    (lambda d: d["captured_on"].pop("driver"), "driver"),
    (lambda d: d["captured_on"].update(gpu=""), "gpu"),
    (lambda d: d.update(source="written by hand"), "source"),
    (lambda d: d["expected"].update(category="not-a-category"), "expected.category"),
    (lambda d: d.update(outcome="maybe"), "outcome"),
])
def test_loader_rejects_files_that_are_not_real_captures(tmp_path, mutate, message):
    data = copy.deepcopy(_synthetic())
    mutate(data)
    path = _write(tmp_path, "bad.json", data)
    with pytest.raises(CaptureError, match=message):
        cuda_captures.load(path)


def test_loader_rejects_unreadable_files(tmp_path):
    (tmp_path / "broken.json").write_text("{not json")
    with pytest.raises(CaptureError, match="unreadable"):
        cuda_captures.load(tmp_path / "broken.json")
    with pytest.raises(CaptureError, match="not a JSON object"):
        cuda_captures.validate([1, 2])


def test_dry_run_files_pass_only_when_real_is_not_required(tmp_path):
    data = dict(_synthetic(), real_capture=False, dry_run=True)
    path = _write(tmp_path, "dry.json", data)
    with pytest.raises(CaptureError):
        cuda_captures.load(path)
    assert cuda_captures.load(path, require_real=False)["dry_run"] is True


def test_fixture_dir_holds_only_real_captures():
    """Every committed *.json must validate as a real capture (the README does not count)."""
    for path in CAPTURES:
        cuda_captures.load(path)


# ---------------------------------------------------------------- (b) the committed captures


def _pending_launch(trace: list[str]) -> str | None:
    """The last kernel launched without an after_launch (read here, independently of aotidebug)."""
    pending: list[str] = []
    for line in trace:
        kind, _, name = line.strip().strip("[]").strip().partition(": ")
        if kind == "before_launch":
            pending.append(name.strip())
        elif kind == "after_launch" and name.strip() in pending:
            pending.remove(name.strip())
    return pending[-1] if pending else None


@pytest.mark.parametrize("path", CAPTURES or [
    pytest.param(None, marks=pytest.mark.skip(reason=NO_CAPTURES), id="none-committed")],
    ids=lambda p: p.stem if isinstance(p, Path) else str(p))
def test_committed_capture(path, tmp_path):
    import aotidebug

    cap = cuda_captures.load(path)
    exp = cap["expected"]
    # measured at capture time (diagnose with the inputs and the package, on the GPU)
    assert cap["diagnosed"]["category"] == exp["category"], cap["diagnosed"]
    # the real text alone, read again now
    if exp.get("text_category"):
        d = aotidebug.diagnose(cap["error_text"])
        assert _category(d) == exp["text_category"], (d.code, d.title)
    # Triton reading: the device-side assertion traced through the captured CUDA wrapper
    if "index out of bounds" in cap["error_text"] and cap.get("wrapper_source"):
        wrapper = tmp_path / "model.wrapper.cpp"
        wrapper.write_text(cap["wrapper_source"])
        d = aotidebug.diagnose(cap["error_text"], package=wrapper)
        assert _category(d) == "index_out_of_bounds"
        assert "iob-kernel" in {e.label for e in d.evidence}
        if exp.get("kernel"):
            assert d.kernel == exp["kernel"]
        if exp.get("bound") is not None:
            assert d.details["iob_trace"]["bound_value"] == exp["bound"]
    # IMA readings: plain run and the ladder rerun (CUDA_LAUNCH_BLOCKING=1, no caching allocator)
    runs = [(cap["outcome"], cap["error_text"], cap["launch_trace"])]
    if cap.get("ladder_rerun"):
        lad = cap["ladder_rerun"]
        runs.append((lad["outcome"], lad["error_text"], lad.get("launch_trace") or []))
    for outcome, text, trace in runs:
        if outcome == "ima":
            d = aotidebug.diagnose(text)
            assert _category(d) == "illegal_memory_access", (d.code, d.title)
            assert "CUDA_LAUNCH_BLOCKING" in {f.name for f in d.flags}
        pending = _pending_launch(trace)
        if outcome in ("ima", "assert", "signal") and exp.get("kernel") and pending == exp["kernel"]:
            assert aotidebug.diagnose(text).kernel == exp["kernel"]


# ---------------------------------------------------------------- (c), (d) the script


def test_script_without_cuda_prints_one_skip_line():
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA: the script would run for real")
    out = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=300,
                         cwd=str(ROOT))
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1 and "skipped" in lines[0], out.stdout


def test_dry_run_refuses_to_write_into_the_fixture_dir():
    out = subprocess.run([sys.executable, str(SCRIPT), "--cpu-dry-run", "--out",
                          str(cuda_captures.FIXTURES)], capture_output=True, text=True, timeout=120,
                         cwd=str(ROOT))
    assert out.returncode == 2 and "refusing" in out.stderr
    assert cuda_captures.list_captures() == CAPTURES   # nothing written


@pytest.mark.slow
def test_cpu_dry_run_orchestration_end_to_end(tmp_path):
    """One CPU case end to end (fault child, tools child, capture file, table) and one CUDA-only
    case skipped with its reason. Packages come from .aotidebug-cache/gpu_check (keyed on the
    torch version and the models): the first run compiles two tiny packages."""
    t0 = time.monotonic()
    env = dict(os.environ)
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--cpu-dry-run", "--no-bisect", "--out", str(tmp_path),
         "--cases", "embedding_index_oob,input_wrong_device", "--budget", "500"],
        capture_output=True, text=True, timeout=600, cwd=str(ROOT), env=env)
    seconds = time.monotonic() - t0
    assert out.returncode == 0, out.stderr[-3000:]
    lines = out.stdout.strip().splitlines()
    assert lines[0].startswith("| case") and "expected category" in lines[0], out.stdout
    rows = {ln.split("|")[1].strip(): [c.strip() for c in ln.split("|")[2:-1]]
            for ln in lines[2:] if ln.startswith("|")}
    assert rows["embedding_index_oob"][:2] == ["index_out_of_bounds", "index_out_of_bounds"], out.stdout
    assert rows["embedding_index_oob"][2].startswith("cpp_fused_")
    assert rows["input_wrong_device"][1].startswith("skipped: CUDA-only"), out.stdout
    assert [p.name for p in cuda_captures.list_captures(tmp_path)] == ["embedding_index_oob.json"]
    with pytest.raises(CaptureError, match="real_capture"):   # a dry run is never a capture
        cuda_captures.load(tmp_path / "embedding_index_oob.json")
    cap = cuda_captures.load(tmp_path / "embedding_index_oob.json", require_real=False)
    assert cap["dry_run"] is True and cap["outcome"] == "error"
    assert cap["expected"]["kernel"].startswith("cpp_fused_") and "embedding" in cap["expected"]["kernel"]
    assert "index out of bounds" in cap["error_text"]
    assert cap["launch_trace"] == [f"[ before_launch: {cap['expected']['kernel']} ]"]
    assert cap["tools"]["diagnose"]["category"] == "index_out_of_bounds"
    assert cap["tools"]["bisect"] == {"skipped": "--no-bisect"}
    loads = {json.dumps(v["variant"], sort_keys=True): v for v in cap["tools"]["safe_load"]}
    checked = loads[json.dumps({"check_inputs": True}, sort_keys=True)]  # refused before the kernel
    assert checked["exception"] == "InputMismatchError" and checked["diagnosis"]["code"] == "AOTC039"
    assert checked["diagnosis"]["category"] == "index_out_of_bounds"
    bad = loads[json.dumps({"check_inputs": True, "check_indices": False}, sort_keys=True)]  # the kernel's own check
    assert bad["exception"] == "AOTIRuntimeError" and bad["diagnosis"]["category"] == "index_out_of_bounds"
    good = [v for v in cap["tools"]["safe_load"] if v["variant"].get("inputs") == "good"][0]
    assert good["result"] == "returned" and good["matches_in_process"]["equal"] is True
    assert seconds < 600
