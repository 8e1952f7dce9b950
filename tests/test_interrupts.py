"""A KeyboardInterrupt (Ctrl-C, a notebook's interrupt, a job's time limit) is the user stopping
something slow or stuck: never the failure of the subsystem it was stopped in. It reads `unknown`,
with the measurement that tells slow from stuck (AOTS308 in a load or call, AOTS309 while
exporting or compiling)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import aotidebug
from aotidebug.core.text.structure import read_exception

SITE = "/usr/lib/python3.11/site-packages/torch"
TEMPLATE = textwrap.dedent("""\
    Traceback (most recent call last):
      File "/srv/app/serve.py", line 12, in <module>
        out = step(x)
      File "{site}/{path}", line 310, in {function}
        result = run(args)
    KeyboardInterrupt""")


@pytest.mark.parametrize("path,function,code", [
    ("_inductor/package/package.py", "__call__", "AOTS308"),          # the compiled model's call
    ("_inductor/select_algorithm.py", "benchmark_choices", "AOTS309"),  # autotuning
    ("_inductor/codecache.py", "compile_file", "AOTS309"),             # the C++ build
    ("_dynamo/symbolic_convert.py", "step", "AOTS309"),                # export's tracing
])
def test_an_interrupt_is_no_failure_of_where_it_landed(path, function, code):
    d = aotidebug.diagnose(TEMPLATE.format(site=SITE, path=path, function=function))
    assert (d.category.value, d.code) == ("unknown", code)
    assert d.confidence < 0.4 and ("slow or stuck" in d.fixes[0] or "never returns" in d.fixes[0])


def test_an_interrupt_after_a_real_error_keeps_the_error():
    # the error was raised first and the user pressed Ctrl-C while it was being handled
    text = textwrap.dedent("""\
        Traceback (most recent call last):
          File "/srv/app/serve.py", line 12, in <module>
            out = model(x)
        RuntimeError: input_handles[0]: unmatched dtype, expected: 6(at::kFloat), but got: 7

        During handling of the above exception, another exception occurred:

        Traceback (most recent call last):
          File "/srv/app/serve.py", line 14, in <module>
            time.sleep(5)
        KeyboardInterrupt""")
    assert aotidebug.diagnose(text).category.value == "input_mismatch"


def _interrupted_while_handling(filename: str) -> KeyboardInterrupt:
    code = compile(textwrap.dedent("""\
        def find(cache, key):
            try:
                return cache[key]
            except KeyError:
                raise KeyboardInterrupt  # where Ctrl-C landed
        """), filename, "exec")
    ns: dict = {}
    exec(code, ns)
    try:
        ns["find"]({}, "/srv/app/weights")
    except KeyboardInterrupt as e:
        return e
    raise AssertionError("not interrupted")


@pytest.mark.parametrize("filename,chain", [
    # a library handles its own KeyError (a cache miss) when Ctrl-C lands: its control flow, not read
    ("/usr/lib/python3.11/site-packages/setuptools/_distutils/finder.py", ["KeyboardInterrupt"]),
    # the user's own handler was running: the error it handled is kept
    ("/srv/app/serve.py", ["KeyError", "KeyboardInterrupt"]),
])
def test_an_interrupt_reads_a_handled_exception_only_when_the_user_handled_it(filename, chain):
    st = read_exception(_interrupted_while_handling(filename))
    assert [link.short_type for link in st.chain] == chain


def test_an_interrupt_landing_while_importlib_handles_a_key_error_reads_as_the_interrupt():
    # the real text (a SIGINT during aoti_compile_and_package) read compile_toolchain before
    text = (Path(__file__).parent / "fixtures" / "logs" / "cpu-interrupt-inside-importlib-handling.txt").read_text()
    assert "During handling of the above exception" in text and "KeyError" in text
    d = aotidebug.diagnose(text)
    assert (d.category.value, d.code) == ("unknown", "AOTS309")


@pytest.mark.slow
def test_a_real_interrupt_of_a_compile_reads_as_unknown_with_the_next_step(tmp_path):
    """Ctrl-C (SIGINT) sent to a real `aoti_compile_and_package` while it compiles."""
    script = tmp_path / "build.py"
    script.write_text(textwrap.dedent(f"""\
        import os, signal, threading, sys, time
        # as in a user's terminal, whatever the test runner's process left ignored (an ignored
        # SIGINT is inherited through exec, and Python then installs no handler of its own). The
        # full CI runs of stop 53 skipped this test for a cause not measured; the skip below says
        # what the child inherited
        print("inherited SIGINT:", signal.getsignal(signal.SIGINT), file=sys.stderr)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {{signal.SIGINT}})  # a blocked mask is inherited too
        import torch
        class M(torch.nn.Module):
            def forward(self, x):
                return torch.sin(x) @ x.T + 1
        ep = torch.export.export(M(), (torch.randn(8, 8),))
        def interrupt_once_the_cpp_is_written(cache=os.environ["TORCHINDUCTOR_CACHE_DIR"]):
            # the user's Ctrl-C, sent while gcc builds the generated source: a fixed delay
            # lands after the build on a quiet host
            while not any(f.endswith(".cpp") for _, _, fs in os.walk(cache) for f in fs):
                time.sleep(0.005)
            os.kill(os.getpid(), signal.SIGINT)
        threading.Thread(target=interrupt_once_the_cpp_is_written, daemon=True).start()
        torch._inductor.aoti_compile_and_package(ep, package_path={str(tmp_path / 'm.pt2')!r})
        print("finished before the interrupt", file=sys.stderr)
        """))
    env = {"TORCHINDUCTOR_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, env=env)
    if "finished before the interrupt" in run.stderr:
        inherited = next((ln for ln in run.stderr.splitlines() if ln.startswith("inherited SIGINT")), "")
        pytest.skip(f"the compile finished before its source was seen on disk ({inherited}): {run.stderr[-300:]}")
    assert "KeyboardInterrupt" in run.stderr
    d = aotidebug.diagnose(run.stderr)
    assert d.category.value == "unknown" and d.code in ("AOTS308", "AOTS309"), (d.code, run.stderr[-800:])
