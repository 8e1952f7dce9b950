"""The flag table's phases are probed from the installed torch, and proved with a real package."""
import pytest

from aotidebug import flags
from aotidebug.runtime.subproc import python_argv, run_isolated

# Loads the package, calls it once or twice with a (3, 8) input against a compiled (2, 8),
# setting AOTI_RUNTIME_CHECK_INPUTS=1 only AFTER loading (at run time), and reports what happened.
_PROBE = r'''
import os, sys, torch
pkg = torch._inductor.aoti_load_package(sys.argv[1])
x = torch.randn(3, 8)
if sys.argv[2] == "latch":
    pkg(x)                      # first call without the flag
os.environ["AOTI_RUNTIME_CHECK_INPUTS"] = "1"
try:
    pkg(x)
    print("RESULT: no-error")
except Exception as exc:
    print("RESULT: error", str(exc).splitlines()[0])
'''


def test_every_flag_resolves_to_a_known_phase():
    for row in flags.table():
        assert row.phase in (flags.COMPILE, flags.LOAD, flags.RUN), row
    assert flags.resolve("CUDA_LAUNCH_BLOCKING").source == "default"
    assert flags.resolve("AOT_INDUCTOR_DEBUG_INTERMEDIATE_VALUE_PRINTER").source.startswith("probe:")


@pytest.mark.slow
def test_runtime_check_inputs_phase_matches_real_behaviour(packages, tmp_path):
    """If the table says 'run', setting the flag after load must make the package check inputs;
    if it says 'compile', it must not. Also pin the latch: once called, the flag is read."""
    pkg = packages.build("small")  # compiled WITHOUT the flag
    fresh = run_isolated(python_argv("-c", _PROBE, str(pkg), "fresh"), timeout=300, cwd=tmp_path)
    assert fresh.ok, fresh.stderr
    acted = "RESULT: error" in fresh.stdout
    assert flags.phase("AOTI_RUNTIME_CHECK_INPUTS") == (flags.RUN if acted else flags.COMPILE)
    if acted:
        # torch <= 2.12 raises only the runner's generic line and prints the check's words to stderr
        assert "unmatched dim value at 0, expected: 2, but got: 3" in fresh.stdout + fresh.stderr
        latched = run_isolated(python_argv("-c", _PROBE, str(pkg), "latch"), timeout=300, cwd=tmp_path)
        assert "RESULT: no-error" in latched.stdout, latched.stdout + latched.stderr
        advice = flags.advice_for(["AOTI_RUNTIME_CHECK_INPUTS"])[0]
        assert "first call" in advice.why
