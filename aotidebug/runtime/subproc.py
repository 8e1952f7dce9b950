"""Run a child process with a timeout and get a structured outcome; the child is always reaped.

Used by everything that must survive a crashing package: the demo, bisection stages and tests.
The child runs in its own process group so a timeout kills it and anything it started. Output is
unbuffered (PYTHONUNBUFFERED=1) and faulthandler is on, so the kernel-launch trace and the Python
frame survive a SIGSEGV (aoti-facts.md, section 1).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..core.text.extract import signal_from_status

OUTPUT_LIMIT = 8 * 1024 * 1024  # keep the last 8 MiB of each stream


@dataclass(frozen=True)
class ProcessOutcome:
    """What a child did: exit status or signal, whether it timed out, its output."""

    argv: tuple[str, ...]
    returncode: int | None
    timed_out: bool
    stdout: str
    stderr: str
    seconds: float
    extra: Mapping[str, object] = field(default_factory=dict)

    @property
    def signal(self) -> str | None:
        """SIGSEGV, SIGABRT, ... when the child died of a signal (or a shell-style 128+N code)."""
        if self.returncode is None:
            return None
        return signal_from_status(self.returncode)

    @property
    def crashed(self) -> bool:
        return self.signal is not None and not self.timed_out

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    def to_dict(self) -> dict:
        return {"argv": list(self.argv), "returncode": self.returncode, "signal": self.signal,
                "timed_out": self.timed_out, "seconds": round(self.seconds, 3),
                "stdout_tail": self.stdout[-4000:], "stderr_tail": self.stderr[-4000:]}


def child_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The parent's environment plus unbuffered output and faulthandler, plus `extra`."""
    env = dict(os.environ)
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONFAULTHANDLER"] = "1"
    if extra:
        env.update({k: str(v) for k, v in extra.items()})
    return env


def kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL the child's whole process group (it leads one), or the child alone."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        try:
            proc.kill()
        except OSError:
            pass


def _decode(data: bytes | None) -> str:
    if not data:
        return ""
    return data[-OUTPUT_LIMIT:].decode("utf-8", errors="replace")


def run_isolated(argv: Sequence[str], *, timeout: float, env: Mapping[str, str] | None = None,
                 cwd: str | os.PathLike | None = None, stdin: bytes | None = None) -> ProcessOutcome:
    """Run `argv` (with `child_env(env)`), wait at most `timeout` seconds, always reap it."""
    start = time.monotonic()
    proc = subprocess.Popen(list(argv), stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                            env=child_env(env), start_new_session=True)
    timed_out = False
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        kill_group(proc)
        out, err = proc.communicate()
    except BaseException:
        kill_group(proc)
        proc.communicate()
        raise
    finally:
        # The group may hold grandchildren even after the leader exited.
        if proc.returncode is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                pass
    return ProcessOutcome(tuple(str(a) for a in argv), proc.returncode, timed_out,
                          _decode(out), _decode(err), time.monotonic() - start)


def python_argv(*args: str) -> list[str]:
    """argv for running this interpreter unbuffered with faulthandler on."""
    return [sys.executable, "-u", "-X", "faulthandler", *args]


def outcome_text(outcome: ProcessOutcome) -> str:
    """The child's output plus a closing line naming how it ended, for `diagnose()`."""
    parts = [outcome.stdout.strip(), outcome.stderr.strip()]
    if outcome.timed_out:
        parts.append(f"Process timed out after {outcome.seconds:.1f} s and was killed.")
    elif outcome.signal:
        parts.append(f"Process died with signal {outcome.signal} (exit status {outcome.returncode}).")
    elif outcome.returncode:
        parts.append(f"Process exited with status {outcome.returncode}.")
    return "\n".join(p for p in parts if p)
