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
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Mapping, Sequence

from ..core.text.extract import signal_from_status

OUTPUT_LIMIT = 8 * 1024 * 1024  # bytes kept of each stream, capped while reading
OUTPUT_HEAD = 1024 * 1024       # of which the first 1 MiB (the command's start); the rest is tail
READ_CHUNK = 64 * 1024
READER_GRACE = 5.0              # seconds to wait for reader threads once the group is killed
_OMITTED = "\n[aotidebug: {n} bytes of output omitted here]\n"


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

    def to_dict(self) -> dict[str, object]:
        return {"argv": list(self.argv), "returncode": self.returncode, "signal": self.signal,
                "timed_out": self.timed_out, "seconds": round(self.seconds, 3),
                "stdout_tail": self.stdout[-4000:], "stderr_tail": self.stderr[-4000:]}


PARENT_ENV = "AOTIDEBUG_PARENT_PID"  # the pid of the process that started a child here


def child_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The parent's environment plus unbuffered output and faulthandler, the parent's pid (for
    `exit_with_parent`), plus `extra`."""
    env = dict(os.environ)
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONFAULTHANDLER"] = "1"
    env[PARENT_ENV] = str(os.getpid())
    if extra:
        env.update({k: str(v) for k, v in extra.items()})
    return env


def exit_with_parent(poll: float = 0.5) -> None:
    """Called first in a child started here: when the parent that started it is gone, end this
    child and the compilers it runs (its process group, which it leads). A parent killed by
    SIGTERM or SIGKILL runs no cleanup, and its children compiled on for their whole budget. No-op
    in a process no parent here started."""
    raw = os.environ.get(PARENT_ENV, "")
    if not raw.isdigit():
        return
    parent, leads = int(raw), os.getpgrp() == os.getpid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        if leads:  # never the group of a process that did not start its own
            try:
                os.killpg(os.getpid(), signal.SIGKILL)
            except OSError:
                pass
        os._exit(1)

    threading.Thread(target=watch, name="aotidebug-exit-with-parent", daemon=True).start()


def kill_group(proc: "subprocess.Popen[bytes]") -> None:
    """SIGKILL the child's whole process group (it leads one), or the child alone."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        try:
            proc.kill()
        except OSError:
            pass


class _CappedStream:
    """Bytes read from a pipe, capped while reading: the first `head` bytes and the last bytes up
    to `limit` in all are kept, the middle is dropped (and counted), so a child that prints
    hundreds of MB never holds more than `limit` bytes of ours."""

    def __init__(self, limit: int = OUTPUT_LIMIT, head: int = OUTPUT_HEAD) -> None:
        self.head_limit = min(head, limit)
        self.tail_limit = max(0, limit - self.head_limit - len(_OMITTED.format(n=10**12)))
        self.head = bytearray()
        self.tail: deque[bytes] = deque()
        self.tail_size = 0
        self.dropped = 0

    def add(self, chunk: bytes) -> None:
        room = self.head_limit - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if not chunk:
            return
        self.tail.append(chunk)
        self.tail_size += len(chunk)
        # drop whole chunks from the left while the rest still fills the tail
        while self.tail and self.tail_size - len(self.tail[0]) >= self.tail_limit:
            gone = self.tail.popleft()
            self.tail_size -= len(gone)
            self.dropped += len(gone)

    def text(self) -> str:
        tail = b"".join(self.tail)
        extra = max(0, len(tail) - self.tail_limit)
        dropped = self.dropped + extra
        tail = tail[extra:]
        head = bytes(self.head).decode("utf-8", errors="replace")
        if dropped:
            head += _OMITTED.format(n=dropped)
        return head + tail.decode("utf-8", errors="replace")

    def drain(self, fd: int) -> None:
        """Read `fd` to EOF (a reader thread's body)."""
        try:
            while True:
                chunk = os.read(fd, READ_CHUNK)
                if not chunk:
                    return
                self.add(chunk)
        except OSError:
            return


def _feed(fh: IO[bytes], data: bytes) -> None:
    """Write `data` to the child's stdin and close it (a writer thread's body)."""
    try:
        fh.write(data)
    except (BrokenPipeError, OSError, ValueError):
        pass
    finally:
        try:
            fh.close()
        except (BrokenPipeError, OSError):
            pass


def _start(target: Callable[..., None], *args: Any) -> threading.Thread:
    t = threading.Thread(target=target, args=args, daemon=True)
    t.start()
    return t


def _join_all(threads: list[threading.Thread], deadline: float | None) -> bool:
    """Join the threads by `deadline` (monotonic; None: wait); True when all finished."""
    for t in threads:
        t.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
    return not any(t.is_alive() for t in threads)


def run_isolated(argv: Sequence[str], *, timeout: float, env: Mapping[str, str] | None = None,
                 cwd: str | os.PathLike[str] | None = None, stdin: bytes | None = None) -> ProcessOutcome:
    """Run `argv` (with `child_env(env)`), wait at most `timeout` seconds, always reap it.

    Output is capped while it is read (`OUTPUT_LIMIT` bytes per stream: its head and its tail),
    never buffered whole."""
    start = time.monotonic()
    deadline = start + timeout
    proc = subprocess.Popen(list(argv), stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                            env=child_env(env), start_new_session=True)
    if proc.stdout is None or proc.stderr is None:  # pragma: no cover - PIPE always gives both
        raise OSError("subprocess pipes were not created")
    out, err = _CappedStream(), _CappedStream()
    readers = [_start(out.drain, proc.stdout.fileno()), _start(err.drain, proc.stderr.fileno())]
    threads = list(readers)
    if stdin is not None and proc.stdin is not None:
        threads.append(_start(_feed, proc.stdin, stdin))
    timed_out = False
    try:
        # as communicate(): done when both pipes reach EOF and the child has exited
        if not _join_all(readers, deadline):
            raise subprocess.TimeoutExpired(proc.args, timeout)
        proc.wait(max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        timed_out = True
        kill_group(proc)
        proc.wait()
    except BaseException:
        kill_group(proc)
        proc.wait()
        raise
    finally:
        # The group may hold grandchildren even after the leader exited.
        if proc.returncode is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                pass
        if _join_all(threads, time.monotonic() + READER_GRACE):
            proc.stdout.close()   # else a process outside the group still holds the pipe:
            proc.stderr.close()   # leave the fd to its (daemon) reader rather than race it
    return ProcessOutcome(tuple(str(a) for a in argv), proc.returncode, timed_out,
                          out.text(), err.text(), time.monotonic() - start)


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
