"""A child started by the one place that starts processes ends, with the compilers it runs, when
its parent is killed without a word (SIGKILL, or SIGTERM's default action: no `finally` runs). A
bisection killed so left its children compiling on for their whole budget (seen when a CI run was
stopped: two bisection children and their g++ outlived pytest). The worker already watched its
parent; the bisection child now does too (`subproc.exit_with_parent`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = str(Path(__file__).resolve().parents[1])

CHILD = """
import os, subprocess, sys, time
sys.path.insert(0, {root!r})
from aotidebug.runtime.subproc import exit_with_parent
if {watch!r}:
    exit_with_parent(poll=0.1)
grandchild = subprocess.Popen(["sleep", "120"])  # as a compiler the child runs
with open({pids!r}, "w") as fh:
    fh.write(f"{{os.getpid()}} {{grandchild.pid}}")
time.sleep(120)
"""

PARENT = """
import sys
sys.path.insert(0, {root!r})
from aotidebug.runtime.subproc import python_argv, run_isolated
run_isolated(python_argv("-c", {child!r}), timeout=120)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


def _orphans(tmp_path: Path, watch: bool) -> list[int]:
    """Start a parent that starts a child (which starts a grandchild), SIGKILL the parent, and
    return the pids of child and grandchild still alive 3 s later."""
    pids = tmp_path / f"pids-{watch}"
    child = CHILD.format(root=ROOT, watch=watch, pids=str(pids))
    parent = subprocess.Popen([sys.executable, "-c", PARENT.format(root=ROOT, child=child)])
    try:
        deadline = time.monotonic() + 60
        while not (pids.exists() and pids.read_text().strip()) and time.monotonic() < deadline:
            time.sleep(0.05)
        found = [int(p) for p in pids.read_text().split()]
    finally:
        parent.kill()
        parent.wait()
    time.sleep(3)
    alive = [p for p in found if _alive(p)]
    for p in alive:  # the control's survivors: never leave them running
        try:
            os.killpg(p, signal.SIGKILL) if p == found[0] else os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    return alive


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_child_ends_with_its_killed_parent(tmp_path):
    assert _orphans(tmp_path, watch=True) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_without_the_watch_the_child_outlives_its_parent(tmp_path):
    """The control: what the watch prevents is real."""
    assert len(_orphans(tmp_path, watch=False)) == 2


def test_the_bisection_child_watches_its_parent():
    import inspect

    from aotidebug.runtime.bisect import child

    assert "exit_with_parent()" in inspect.getsource(child.main)


def test_outside_a_child_started_here_the_watch_does_nothing(monkeypatch):
    import threading

    from aotidebug.runtime import subproc

    monkeypatch.delenv(subproc.PARENT_ENV, raising=False)
    before = threading.active_count()
    subproc.exit_with_parent()
    assert threading.active_count() == before
    assert subproc.child_env()[subproc.PARENT_ENV] == str(os.getpid())
