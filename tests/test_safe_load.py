"""safe_load (issue 3): real packages, real faults, on the CPU. Crashing calls run only in the
isolated worker, never in the pytest process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
import zipfile
import zlib
from pathlib import Path

import pytest
from packaging.version import Version

import aotidebug
from aotidebug.core import hints
from aotidebug.core.categories import Category
from aotidebug.package.elf import elf_problem
from aotidebug.core.errors import (AOTIDebugError, AOTIRuntimeError, CrashError, HostMismatchError,
                              InputMismatchError, PackageError)

ROOT = Path(__file__).resolve().parent.parent
PRINTER3 = {"aot_inductor.debug_intermediate_value_printer": "3"}


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie still answers kill(0); it is dead for our purposes
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _wait_gone(pid: int, path: str, seconds: float = 10.0) -> tuple[bool, bool]:
    end = time.monotonic() + seconds
    while time.monotonic() < end and (_pid_alive(pid) or os.path.exists(path)):
        time.sleep(0.1)
    return _pid_alive(pid), os.path.exists(path)


def _rezip(src: Path, dst: Path, *, drop=lambda n: False, change=lambda n, d: d, extra=()) -> Path:
    """Copy a package, dropping or changing members and appending (name, bytes, method) extras."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for info in zin.infolist():
            if not drop(info.filename):
                zout.writestr(info.filename, change(info.filename, zin.read(info)))
        for name, data, method in extra:
            zout.writestr(zipfile.ZipInfo(name), data, compress_type=method)
    return dst


# ------------------------------------------------------------------------------ pure parts
def test_elf_check_flags_truncated_so_like_the_loader_would_die(small):
    with zipfile.ZipFile(small) as zf:
        so = zf.read(next(n for n in zf.namelist() if n.endswith(".so")))
    assert elf_problem(so[:65536], len(so)) is None
    assert elf_problem(so[:65536], len(so) // 2) is None       # measured: half still loads
    assert "SIGBUS" in elf_problem(so[:4000], 4000)             # measured: dies with SIGBUS
    assert "SIGBUS" in elf_problem(so[:65536], 100_000)
    assert "short" in elf_problem(b"", 0)
    assert "magic" in elf_problem(b"PK\x03\x04" + bytes(100), 104)


def test_tree_and_arena_roundtrip_keeps_values_strides_and_offsets(tmp_path):
    import torch

    from aotidebug.runtime.worker.transport import Unsendable, decode_tree, encode_tree, read_arena, write_arena

    base = torch.arange(60, dtype=torch.float32).reshape(6, 10)
    xs = [base.t(), base[2:, 3:7], torch.zeros(0, 5), torch.tensor([True, False]),
          torch.arange(5, dtype=torch.int64)]
    tree = ((xs[0], {"b": xs[1], "a": [xs[2], 3, None, "s"]}), {"k": (xs[3], 1.5), "j": xs[4]})
    tensors: list = []
    enc = encode_tree(tree, tensors)
    name, metas = write_arena(str(tmp_path), "in.bin", tensors)
    back = decode_tree(enc, read_arena(str(tmp_path), name, metas, writable=False))
    assert list(back[1]) == ["k", "j"] and list(back[0][1]) == ["b", "a"]  # key order kept
    got = [back[0][0], back[0][1]["b"], back[0][1]["a"][0], back[1]["k"][0], back[1]["j"]]
    for want, have in zip(xs, got):
        assert have.dtype == want.dtype and have.shape == want.shape
        assert have.stride() == want.stride() and torch.equal(have, want)
    assert back[0][1]["a"][1:] == [3, None, "s"] and back[1]["k"][1] == 1.5
    assert isinstance(back[0], tuple) and isinstance(back[0][1]["a"], list)
    with pytest.raises(Unsendable):
        encode_tree((object(),), [])


# ------------------------------------------------------------------------------ bad packages
BAD_PACKAGES = {
    "random-bytes": lambda small, d: (d / "r.pt2").write_bytes(os.urandom(4096)) and d / "r.pt2",
    "truncated-archive": lambda small, d: (d / "t.pt2").write_bytes(small.read_bytes()[:300_000])
    and d / "t.pt2",
    "missing-so": lambda small, d: _rezip(small, d / "noso.pt2", drop=lambda n: n.endswith(".so")),
    "missing-metadata": lambda small, d: _rezip(small, d / "nometa.pt2",
                                                drop=lambda n: n.endswith("_metadata.json")),
    "truncated-so": lambda small, d: _rezip(small, d / "cut.pt2",
                                            change=lambda n, b: b[:4000] if n.endswith(".so") else b),
    "dotdot-entry": lambda small, d: _rezip(small, d / "sub" / "evil.pt2",
                                            extra=[("../escaped.txt", b"pwned", zipfile.ZIP_STORED)]),
    "zip-bomb": lambda small, d: _rezip(small, d / "bomb.pt2",
                                        extra=[("tmp/data/aotinductor/model/bomb.bin",
                                                bytes(32 * 1024 * 1024), zipfile.ZIP_DEFLATED)]),
    "nonexistent": lambda small, d: d / "nope.pt2",
    "directory": lambda small, d: d,
    "not-aoti-zip": lambda small, d: _rezip(small, d / "plain.pt2", drop=lambda n: "aotinductor" in n),
}


# the refusal code each bad package must carry (core/refusals.py)
CODES = {"random-bytes": "AOTP003", "truncated-archive": "AOTP003", "missing-so": "AOTP005",
         "missing-metadata": "AOTP005",
         "truncated-so": "AOTP007", "dotdot-entry": "AOTP010", "zip-bomb": "AOTP011",
         "nonexistent": "AOTP001", "directory": "AOTP032", "not-aoti-zip": "AOTP006"}
HOSTILE_CASES = {"dotdot-entry", "zip-bomb"}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(BAD_PACKAGES))
def test_bad_package_gives_package_error_before_loading(case, small, tmp_path):
    (tmp_path / "sub").mkdir()
    path = BAD_PACKAGES[case](small, tmp_path)
    before = set(os.listdir(tmp_path))
    with pytest.raises(PackageError) as info:
        # isolate=True: pre-flight is the same, and should it ever miss a hostile file, the load
        # happens in the worker (a CrashError here), never in the pytest process.
        aotidebug.safe_load(path, isolate=True, timeout=120)
    err = info.value
    d = err.diagnosis  # built where the problem was measured, not read back from our own message
    assert d.code == CODES[case], (d.code, str(err))
    assert d.category is Category.KERNEL_BINARY_MISSING and d.confidence >= 0.9
    assert d.fixes and d.evidence[0].label == d.code
    if case in HOSTILE_CASES:
        assert d.fixes[0] == hints.REFUSE_HOSTILE_ARCHIVE and "refused" in d.title.lower()
    elif case not in ("nonexistent", "directory"):
        assert d.fixes[0] == hints.REBUILD_PACKAGE
    assert set(os.listdir(tmp_path)) == before          # nothing extracted beside the package
    assert not (tmp_path / "escaped.txt").exists()
    words = {"truncated-so": "SIGBUS", "missing-so": "no compiled .so", "dotdot-entry": "parent-directory",
             "zip-bomb": "zip bomb", "nonexistent": "not found", "directory": "folder holds no AOTI package"}
    if case in words:
        assert words[case] in str(err)


@pytest.mark.slow
def test_truncated_so_really_kills_a_raw_loader_with_sigbus(small, tmp_path):
    """Why the ELF pre-flight exists: the same file loaded raw, in a child, dies (section 8)."""
    from aotidebug.runtime.subproc import python_argv, run_isolated

    path = BAD_PACKAGES["truncated-so"](small, tmp_path)
    out = run_isolated(python_argv("-c", "import sys, torch._inductor as i; "
                                         "i.aoti_load_package(sys.argv[1])", str(path)), timeout=120)
    assert out.signal == "SIGBUS", out.to_dict()


@pytest.mark.slow
@pytest.mark.parametrize("isolate", [False, True])
def test_loader_failure_after_preflight_is_package_error_chained(small, tmp_path, isolate):
    """A package that passes pre-flight but that torch refuses (no kernel_metadata.json: a plain
    RuntimeError, aoti-facts.md section 8) still comes back typed, with the cause chained."""
    path = _rezip(small, tmp_path / "nometa.pt2", drop=lambda n: n.endswith("kernel_metadata.json"))
    with pytest.raises(PackageError) as info:
        aotidebug.safe_load(path, isolate=isolate)
    assert "kernel_metadata.json" in str(info.value)
    assert "kernel_metadata.json" in str(info.value.__cause__)
    assert "outdated pt2" in str(info.value)      # says the torch warning is misleading


@pytest.mark.slow
def test_cpu_package_with_a_device_index_is_a_host_mismatch(small):
    with pytest.raises(HostMismatchError) as info:
        aotidebug.safe_load(small, device_index=0)
    assert info.value.diagnosis.category is Category.DEVICE_MISMATCH


@pytest.mark.slow
@pytest.mark.parametrize("changes, code", [
    ({"AOTI_CPU_ISA": "SVE256"}, "AOTC102"),                       # kernels for a CPU we lack
    ({"AOTI_DEVICE_KEY": "cuda", "AOTI_COMPUTE_CAPABILITY": "90"}, "AOTC110"),  # no GPU here
])
def test_package_this_host_cannot_run_is_refused_before_loading(small, tmp_path, changes, code):
    import json

    src, dst = small, tmp_path / "edited.pt2"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item)
            if item.filename.endswith("_metadata.json"):
                data = json.dumps({**json.loads(data), **changes}).encode()
            zout.writestr(item, data)
    with pytest.raises(HostMismatchError) as info:
        aotidebug.safe_load(dst)
    assert code in str(info.value)
    assert info.value.diagnosis.code == code


def test_bad_arguments_are_refused_before_any_work(small):
    with pytest.raises(ValueError, match="isolate"):
        aotidebug.safe_load(small, timeout=1.0)
    with pytest.raises(ValueError):
        aotidebug.safe_load(small, isolate=True, timeout=0)
    with pytest.raises(ValueError, match="device_index"):
        aotidebug.safe_load(small, device_index="cuda:0")
    with pytest.raises(PackageError):
        aotidebug.safe_load(12345)
    # inf reached the worker's deadline arithmetic (OverflowError); True ran with a 1 s limit
    for timeout in (float("inf"), float("nan"), True, "5", -1):
        with pytest.raises(ValueError, match="timeout must be a finite number"):
            aotidebug.safe_load(small, isolate=True, timeout=timeout)
    # a flag given as a string was read as true: check_inputs="no" checked
    for flag in ("isolate", "check_inputs", "check_indices"):
        with pytest.raises(ValueError, match=f"{flag} must be a bool"):
            aotidebug.safe_load(small, **{flag: "no"})


def test_a_temp_root_that_refuses_dirs_is_an_isolation_error_leaving_nothing(tmp_path, monkeypatch):
    """A full or read-only temp root is the host's problem: a typed error, chained, no dir left."""
    import errno
    import tempfile

    from aotidebug.core.errors import IsolationError
    from aotidebug.runtime.worker import client

    made: list[str] = []
    real = tempfile.mkdtemp

    def mkdtemp(*args, **kwargs):
        if kwargs.get("prefix") == "aotidebug-worker-tmp-":
            raise OSError(errno.ENOSPC, "No space left on device")
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(client.tempfile, "mkdtemp", mkdtemp)
    w = client.Worker(tmp_path / "never-loaded.pt2")
    with pytest.raises(IsolationError, match="temp dirs: .*No space left") as info:
        w.start()
    assert isinstance(info.value.__cause__, OSError)
    d = info.value.diagnosis                                   # what stopped it, and the fix
    assert d.code == "AOTP031" and "TMPDIR" in d.fixes[0] and d.confidence <= 0.1
    assert made and not any(os.path.exists(d) for d in made)   # the shm dir made first is gone
    assert w.pid is None and w.directory is None and w.scratch is None


def test_importing_safe_loading_and_worker_does_not_import_torch():
    code = ("import sys, aotidebug, aotidebug.runtime.safe_load, aotidebug.runtime.worker.client, aotidebug.runtime.worker.transport, aotidebug.runtime.worker.protocol, aotidebug.package.elf; "
            "aotidebug.safe_load; aotidebug.SafeModel; sys.exit('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


# ------------------------------------------------------------------------------ in-process
@pytest.mark.slow
def test_in_process_matches_raw_and_keeps_the_compiled_model_surface(small, packages):
    import torch
    from torch._inductor import aoti_load_package

    spec = packages.spec("small")
    x = spec["inputs"][0]
    zero_w = torch.relu(spec["model"].lin.bias.detach().expand(2, 4)) * 2.0 + 1.0
    raw = aoti_load_package(str(small))
    with aotidebug.safe_load(small) as m:
        assert torch.equal(m(x), raw(x))
        assert m.get_metadata()["AOTI_DEVICE_KEY"] == "cpu"
        assert m.get_constant_fqns() == raw.get_constant_fqns() == ["lin.weight"]
        assert m.loader.get_call_spec() == raw.loader.get_call_spec()
        m.load_constants({"lin.weight": torch.zeros(4, 8)}, check_full_update=True)
        assert torch.allclose(m(x), zero_w)
        assert not m.isolated


@pytest.mark.slow
def test_a_batch_of_one_at_inductors_floor_runs_and_an_empty_batch_is_refused(dyn, packages):
    """The package records 2 as the batch minimum (Inductor's floor for every dynamic size); its
    code is right at 1, so that call runs, without a warning on the fast path. 0 stays refused."""
    import warnings

    import torch

    model = packages.spec("dyn")["model"]
    x = torch.randn(1, 8)
    with aotidebug.safe_load(dyn) as m, warnings.catch_warnings():
        warnings.simplefilter("error")
        assert torch.allclose(m(x), model(x), atol=1e-5)
        with pytest.raises(InputMismatchError) as info:
            m(torch.randn(0, 8))
    assert info.value.diagnosis.code == "AOTC032"


@pytest.mark.slow
def test_big_static_package_refuses_a_1x1_input_before_the_kernel(big):
    import torch

    m = aotidebug.safe_load(big)
    with pytest.raises(InputMismatchError) as info:
        m(torch.randn(1, 1))  # unchecked, this segfaults the process (aoti-facts.md section 9)
    msg = str(info.value)
    assert "input 0" in msg and "4096" in msg and "AOTC031" in msg
    assert info.value.diagnosis.category is Category.INPUT_MISMATCH
    assert info.value.diagnosis.code == "AOTC031"


@pytest.mark.slow
def test_model_error_is_aoti_runtime_error_with_original_chained(small):
    import torch

    m = aotidebug.safe_load(small, check_inputs=False)
    with pytest.raises(AOTIRuntimeError) as info:
        m(torch.randn(2, 9))
    cause = info.value.__cause__
    assert type(cause) is RuntimeError
    assert "mat1 and mat2 shapes cannot be multiplied" in str(cause)
    assert str(cause) in str(info.value)                    # the text stays intact
    assert info.value.diagnosis.category is Category.INPUT_MISMATCH


# ------------------------------------------------------------------------------ isolated
@pytest.mark.slow
def test_isolated_segfault_is_crash_error_naming_signal_and_kernel_then_recovers(packages):
    import torch

    pkg = packages.build("big", variant=PRINTER3)      # prints `[ before_launch: K ]` per kernel
    m = aotidebug.safe_load(pkg, check_inputs=False, isolate=True, timeout=120)
    try:
        first_pid = m.worker.pid
        with pytest.raises(CrashError) as info:
            m(torch.randn(1, 1))
        err = info.value
        assert err.details["signal"] == "SIGSEGV" and "SIGSEGV" in str(err)
        assert err.details["kernel"] == "cpp_fused_add_sin_0" and "cpp_fused_add_sin_0" in str(err)
        assert err.diagnosis.kernel == "cpp_fused_add_sin_0"
        assert any(e.fields.get("from") == "launch-trace" for e in err.diagnosis.evidence)
        assert err.diagnosis.category is Category.INPUT_MISMATCH   # measured, not guessed
        x = torch.randn(4096, 4096)
        assert torch.allclose(m(x), torch.sin(x) + 1.0, atol=1e-5)  # same SafeModel, new worker
        assert m.worker.pid != first_pid and m.worker.starts == 2
    finally:
        m.close()


@pytest.mark.slow
def test_isolated_crash_without_trace_never_reports_a_guess_as_observed(big):
    """Without a launch trace the kernel is named from the faulting instruction pointer
    (measured: evidence `crash-site` from "crash-reporter"); a guess is never labelled observed."""
    import torch

    with aotidebug.safe_load(big, check_inputs=False, isolate=True) as m:
        directory, scratch = m.worker.directory, m.worker.scratch
        # torch extracted the package into the worker's private TMPDIR, not the shared one. The
        # loader of 2.10 and 2.11 ignores TMPDIR (its libtorch_cpu holds a fixed `/tmp/XXXXXX`
        # template where 2.13's holds `aotinductor_`), so there only 2.13 on is held to it
        in_scratch = any(n.startswith("aotinductor_") for n in os.listdir(scratch))
        assert scratch and (in_scratch or Version(torch.__version__).release < (2, 13))
        # where it did not, the worker read the folder from its own memory map, to be removed
        outside = list(m.worker.info.get("extracted") or [])
        assert bool(outside) is not in_scratch and all(os.path.isdir(p) for p in outside), outside
        with pytest.raises(CrashError) as info:
            m(torch.randn(1, 1))
        assert info.value.details["signal"] == "SIGSEGV"
        ev = info.value.diagnosis.evidence
        assert info.value.kernel == "cpp_fused_add_sin_0" == info.value.details["kernel"]
        assert info.value.diagnosis.kernel == "cpp_fused_add_sin_0"
        site = [e for e in ev if e.label == "crash-site"]
        assert len(site) == 1 and site[0].source == "crash-reporter"
        assert site[0].fields["from"] == "crash-reporter" and site[0].fields["observed"] is True
        assert site[0].fields["kernel"] == "cpp_fused_add_sin_0"
        # the rule stands: a guess (sole-generated-kernel) is never labelled observed
        assert all(e.fields.get("observed") is False for e in ev if e.label == "sole-generated-kernel")
        assert not any(e.label == "kernel" and e.fields.get("from") != "instruction-pointer" for e in ev)
        assert not os.path.exists(directory)               # the dead worker's temp dir is gone
        assert not os.path.exists(scratch)                 # and the package copy a crash leaves
        assert not any(os.path.exists(p) for p in outside)  # wherever the loader put it


@pytest.mark.slow
def test_isolated_call_matches_in_process_and_surface_is_forwarded(small, packages):
    import torch

    spec = packages.spec("small")
    x = spec["inputs"][0]
    zero_w = torch.relu(spec["model"].lin.bias.detach().expand(2, 4)) * 2.0 + 1.0
    ref = aotidebug.safe_load(small)(x)
    with aotidebug.safe_load(small, isolate=True, timeout=60) as m:
        assert m.isolated and m.worker.directory
        assert torch.equal(m(x), ref)
        with pytest.raises(InputMismatchError, match="AOTC040"):
            m(x.t().contiguous().t())                                # compiled for (8, 1) strides
        assert m.get_metadata()["AOTI_DEVICE_KEY"] == "cpu"
        assert m.get_constant_fqns() == ["lin.weight"]
        assert len(m.loader.get_call_spec()) == 2
        # constants loaded in the worker survive a worker restart (they are replayed)
        m.load_constants({"lin.weight": torch.zeros(4, 8)}, check_full_update=True)
        zeroed = m(x)
        assert torch.allclose(zeroed, zero_w) and not torch.equal(zeroed, ref)
        os.kill(m.worker.pid, signal.SIGKILL)
        time.sleep(0.2)
        assert torch.equal(m(x), zeroed) and m.worker.starts == 2
        with pytest.raises(InputMismatchError):
            m(torch.randn(3, 8))                                     # checked before crossing
        directory, pid = m.worker.directory, m.worker.pid
    assert _wait_gone(pid, directory) == (False, False)
    with pytest.raises(AOTIRuntimeError):
        m(x)


@pytest.mark.slow
def test_isolated_model_error_keeps_text_and_cpp_stderr(small):
    import torch

    with aotidebug.safe_load(small, check_inputs=False, isolate=True) as m:
        with pytest.raises(AOTIRuntimeError) as info:
            m(torch.randn(2, 9))
        cause = info.value.__cause__
        # torch <= 2.12 prints the op's words to stderr and raises only the runner's generic line
        assert "mat1 and mat2 shapes cannot be multiplied" in str(cause) + cause.stderr
        assert cause.type_name.endswith("RuntimeError")
        assert "API call failed" in cause.stderr                   # the C++ `Error:` line
        assert info.value.diagnosis.category is Category.INPUT_MISMATCH
        with pytest.raises(InputMismatchError):
            m(object())                                            # cannot cross: refused, typed
        assert m(torch.randn(2, 8)).shape == (2, 4)                # the worker is still fine


@pytest.mark.slow
def test_hung_worker_is_killed_at_the_timeout_and_restarted(small):
    import torch

    with aotidebug.safe_load(small, isolate=True, timeout=2.0) as m:
        pid = m.worker.pid
        os.kill(pid, signal.SIGSTOP)                               # a real hang: it never answers
        t0 = time.monotonic()
        with pytest.raises(CrashError) as info:
            m(torch.randn(2, 8))
        took = time.monotonic() - t0
        assert 1.9 <= took < 15, took
        assert info.value.details["reason"] == "timeout" and "timeout" in str(info.value)
        d = info.value.diagnosis            # the hang is what was measured, its cause is not
        assert (d.category, d.code) == (Category.UNKNOWN, "AOTP034") and d.confidence <= 0.05
        assert "py-spy dump" in d.fixes[0] and d.evidence[0].label == "worker-exit"
        assert not _pid_alive(pid)
        assert m(torch.randn(2, 8)).shape == (2, 4)


_EXIT_SCRIPT = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    import aotidebug, torch
    m = aotidebug.safe_load({pkg!r}, isolate=True)
    m(torch.randn(2, 8))
    print(m.worker.pid, m.worker.directory, flush=True)
    if sys.argv[1] == "hard":
        os._exit(0)        # no atexit, no finalizers: the worker must notice on its own
    # "normal": exit without close(); the finalizer (run at exit) must clean up
""")


@pytest.mark.slow
@pytest.mark.parametrize("how", ["normal", "hard"])
def test_no_worker_or_temp_dir_survives_a_parent_that_never_closed(small, tmp_path, how):
    script = tmp_path / "leaky.py"
    script.write_text(_EXIT_SCRIPT.format(root=str(ROOT), pkg=str(small)))
    out = subprocess.run([sys.executable, str(script), how], capture_output=True, text=True,
                         timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    pid_s, directory = out.stdout.split()[-2:]
    assert _wait_gone(int(pid_s), directory) == (False, False)
