"""A failure reported by the process that started the failing one: a `ProcessPoolExecutor` whose
worker died (`BrokenProcessPool`), torchrun's `ChildFailedError`, `mp.spawn`'s
`ProcessExitedException`. The launcher's own traceback is the container's (its `torch.distributed`
frames are no traced collective), and an exception whose class name has no `Error` suffix is
still read when it ends a traceback."""

from __future__ import annotations

import concurrent.futures as cf
from concurrent.futures.process import BrokenProcessPool
import multiprocessing as mp
import os
import signal
import subprocess
import sys
import textwrap

import pytest

import aotidebug
from aotidebug.core.describe import error_text
from aotidebug.core.text.exc_line import parse_exception_line
from aotidebug.core.text.frames import make_frame, parse_text
from aotidebug.core.text.structure import read_structure

SITE = "/usr/lib/python3.11/site-packages"


def _call_package(path: str, shape: tuple[int, ...]) -> None:
    """A pool worker's job: load the package and call it (module level: spawn pickles it)."""
    import torch

    torch._inductor.aoti_load_package(path)(torch.randn(*shape))


def test_a_pool_worker_segfaulting_on_a_wrong_shape_reads_as_a_crash_then_as_its_cause(big):
    # (1, 1) into the static (4096, 4096) package: the kernel reads past the input and the worker dies
    with pytest.raises(BrokenProcessPool) as info:
        with cf.ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as pool:
            pool.submit(_call_package, str(big), (1, 1)).result(timeout=300)
    exc = info.value
    for handed in (exc, error_text(exc)):
        d = aotidebug.diagnose(handed)
        assert (d.category.value, d.code) == ("crash", "AOTS306")
        assert d.confidence < 0.5, "the pool hides the signal: a crash is the usual cause, not a measured one"
        assert "Measure it outside" in d.fixes[0]
    import torch

    measured = aotidebug.diagnose(exc, inputs=(torch.randn(1, 1),), package=big)
    assert measured.category.value == "input_mismatch"   # the advice's first call names the cause


@pytest.mark.slow
def test_torchrun_reporting_a_segfaulted_rank_reads_as_a_crash(tmp_path):
    script = tmp_path / "serve.py"
    script.write_text("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n")
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    run = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node=1",
                          "--master_port=0", str(script)], capture_output=True, text=True, timeout=240,
                         env=env, cwd=tmp_path)
    assert run.returncode != 0 and "ChildFailedError" in run.stderr and "SIGSEGV" in run.stderr
    st = read_structure(run.stderr)
    assert st.torch_frame is None and st.phase.value != "compile"   # the launcher's frames name nothing
    d = aotidebug.diagnose(run.stderr)
    assert d.category.value == "crash", (d.code, d.title)


def test_launcher_frames_are_no_torch_module_but_a_traced_collective_is():
    launcher = make_frame(f"{SITE}/torch/distributed/launcher/api.py", 383, "launch_agent")
    elastic = make_frame(f"{SITE}/torch/distributed/elastic/multiprocessing/errors/__init__.py", 367, "wrapper")
    spawn = make_frame(f"{SITE}/torch/multiprocessing/spawn.py", 215, "join")
    assert (launcher.module, elastic.module, spawn.module) == (None, None, None)
    assert launcher.is_library and launcher.package == "torch"
    collective = make_frame(f"{SITE}/torch/distributed/_functional_collectives.py", 200, "all_reduce")
    assert collective.module == "torch.distributed._functional_collectives"
    assert make_frame(f"{SITE}/torch/distributed/runner.py", 1, "f").module == "torch.distributed.runner"


TRACEBACK = textwrap.dedent("""\
    Traceback (most recent call last):
      File "/srv/app/serve.py", line 12, in <module>
        out = pool.submit(job).result()
              ^^^^^^^^^^^^^^^^^^^^^^^^^
    {line}""")


@pytest.mark.parametrize("line,want", [
    ("concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly",
     "concurrent.futures.process.BrokenProcessPool"),
    ("subprocess.TimeoutExpired: Command '['g++', 'x.cpp']' timed out after 60 seconds", "subprocess.TimeoutExpired"),
    ("zipfile.BadZipFile: File is not a zip file", "zipfile.BadZipFile"),
    ("BrokenProcessPool: A child process terminated abruptly", "BrokenProcessPool"),
    ("WARNING: something", None),            # shouted, not a class
    ("Note: see the docs", None),            # a bare word
    ("Summary", None),                       # no message and no module: could be any word
])
def test_a_traceback_ends_with_its_exception_whatever_the_class_is_called(line, want):
    sections = parse_text(TRACEBACK.format(line=line)).sections
    got = next((s.exception.type for s in sections if s.exception is not None), None)
    assert got == want


def test_a_class_shaped_line_elsewhere_is_not_an_exception():
    assert parse_exception_line("BrokenProcessPool: terminated abruptly") is None   # no traceback before it
    text = "Summary of the run\nBrokenProcessPool: terminated abruptly\n"
    assert not [s for s in parse_text(text).sections if s.exception is not None]


@pytest.mark.skipif(not hasattr(signal, "SIGSEGV") or sys.platform == "win32", reason="POSIX signals")
def test_a_live_broken_pool_without_a_package_still_reads_as_a_crash():
    with pytest.raises(BrokenProcessPool) as info:
        with cf.ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as pool:
            pool.submit(_die).result(timeout=120)
    d = aotidebug.diagnose(info.value)
    assert (d.category.value, d.code) == ("crash", "AOTS306")


def _die() -> None:
    os.kill(os.getpid(), signal.SIGSEGV)


# How a host or a supervisor reports the death of the process that ran the model, in each tool's
# own message format (quoted from the tools, not captured here: no Windows, Kubernetes, systemd,
# Jupyter, Ray or TorchServe on this machine). The signal, or the death without one, is the reading.
@pytest.mark.parametrize("text,category,code", [
    ('Windows fatal exception: access violation\n\nCurrent thread 0x00001a2c (most recent call first):\n'
     '  File "C:\\Python311\\Lib\\site-packages\\torch\\_inductor\\package\\package.py", line 310 in __call__\n'
     '  File "C:\\app\\serve.py", line 12 in <module>', "crash", "AOTS191"),
    ("Process finished with exit code -1073741819 (0xC0000005)", "crash", "AOTS191"),   # PyCharm on Windows
    ("Process finished with exit code -1073741571 (0xC00000FD)", "crash", "AOTS191"),   # a stack overflow
    ("    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137",
     "out_of_memory", "AOTS268"),                                                       # kubectl describe pod
    ("    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    139", "crash", "AOTS191"),
    ("serve.service: Main process exited, code=killed, status=11/SEGV", "crash", "AOTS191"),
    ("serve.service: Main process exited, code=dumped, status=6/ABRT", "crash", "AOTS191"),
    ("serve.service: Main process exited, code=killed, status=9/KILL", "out_of_memory", "AOTS268"),
    ("Kernel Restarting\nThe kernel for serve.ipynb appears to have died. It will restart automatically.",
     "crash", "AOTS307"),
    ("The Kernel crashed while executing code in the current cell or a previous cell.", "crash", "AOTS307"),
    ("ray.exceptions.WorkerCrashedError: The worker died unexpectedly while executing this task.", "crash", "AOTS307"),
    ("2026-01-01T12:00:00,000 [INFO ] W-9000-model_1.0-stdout MODEL_LOG - Backend worker process died.",
     "crash", "AOTS307"),
])
def test_a_hosts_report_of_the_death_reads_as_its_signal(text, category, code):
    d = aotidebug.diagnose(text)
    assert (d.category.value, d.code) == (category, code)
    assert d.confidence < 0.5   # how it died is read; why (which input, which kernel) is not


def test_a_supervisors_words_never_outrank_a_reading():
    # the death words are a fallback: a message that names its cause keeps it
    text = ("RuntimeError: input_handles[0]: unmatched dtype, expected: 6(at::kFloat), but got: 7\n"
            "The kernel for serve.ipynb appears to have died. It will restart automatically.")
    assert aotidebug.diagnose(text).category.value == "input_mismatch"
