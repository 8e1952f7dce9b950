"""Read the log a user names on the command line in bounded memory, and in bounded time for a
stream that never ends.

A log can be far larger than the error in it (a run with TORCH_LOGS=+dynamo, a week of a
service's stderr), or no file at all (`/dev/zero`, a pipe whose writer never closes). Read whole,
`aotidebug diagnose` once held all of it in memory, and ran until the machine ran out. The error
and its traceback sit near the end, the command and the versions near the start, so a log over
2 * KEEP bytes is read as its first and its last KEEP bytes, with one line saying how many bytes
between them were skipped. A stream is read to its end keeping only those two parts, and no further
than MAX_STREAM bytes. A compressed log is read from its start only (a stream cut in the middle
cannot be decompressed); its reader caps what comes out of it (text/decode.py).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from typing import BinaryIO

from ..core.text.decode import decode_log, is_compressed

KEEP = 16 * 1024 * 1024          # bytes kept from each end of a large log
MAX_STREAM = 1024 * 1024 * 1024  # bytes read from a stream before giving up on its end
CHUNK = 1024 * 1024


@dataclass(frozen=True)
class LogBytes:
    """A log as read: its head, its tail (empty when the head holds all of it), how many bytes
    between them were not read, and whether the log was read to its end."""

    head: bytes
    tail: bytes = b""
    skipped: int = 0
    ended: bool = True


def read_log(fh: BinaryIO, keep: int = KEEP, max_stream: int = MAX_STREAM) -> LogBytes:
    """The log in `fh` (opened in binary mode), at most `keep` bytes from each end."""
    size = _regular_size(fh)  # bytes from here to the end; a file still growing is read to here
    head = fh.read(keep)
    if len(head) < keep or is_compressed(head):
        return LogBytes(head)
    if size is None:
        return _read_stream(fh, head, keep, max_stream)
    if size <= 2 * keep:
        return LogBytes(head + fh.read(size - keep))
    skipped = size - 2 * keep
    skipped += skipped % 2  # an even offset keeps a UTF-16 log's code units whole
    fh.seek(skipped, os.SEEK_CUR)
    return LogBytes(head, fh.read(size - keep - skipped), skipped=skipped)


def _read_stream(fh: BinaryIO, head: bytes, keep: int, max_stream: int) -> LogBytes:
    tail = bytearray()
    total = len(head)
    while total < max_stream:
        chunk = fh.read(min(CHUNK, max_stream - total))
        if not chunk:
            break
        total += len(chunk)
        tail += chunk
        if len(tail) > 2 * keep:
            del tail[:len(tail) - keep]
    ended = total < max_stream or not fh.read(1)
    if len(tail) > keep:
        del tail[:len(tail) - keep]
    if (total - len(tail)) % 2:
        del tail[:1]  # an even offset, as for a file
    skipped = total - len(head) - len(tail)
    if skipped == 0:
        return LogBytes(head + bytes(tail), ended=ended)
    return LogBytes(head, bytes(tail), skipped=skipped, ended=ended)


def _regular_size(fh: BinaryIO) -> int | None:
    """The size of a regular file that can seek; None for a pipe, a device or a socket."""
    try:
        st = os.fstat(fh.fileno())
        if stat.S_ISREG(st.st_mode) and fh.seekable():
            return st.st_size - fh.tell()
    except (OSError, ValueError, AttributeError):
        pass
    return None


def log_text(log: LogBytes) -> str:
    """The text of what was read; where bytes were skipped or the stream was left running, a line
    says so, so a reading never passes a cut log off as the whole one."""
    text = decode_log(log.head)
    if log.tail:
        text += (f"\n[aotidebug: {log.skipped} bytes of this log were not read here; "
                 f"its first and last {len(log.head)} bytes were]\n") + decode_log(log.tail)
    if not log.ended:
        text += "\n[aotidebug: the stream had not ended; reading stopped here]\n"
    return text


def read_log_text(path: str, stdin: BinaryIO) -> str:
    """The text of the log at `path`, or of `stdin` for "-"."""
    if path == "-":
        return log_text(read_log(stdin, KEEP, MAX_STREAM))
    with open(path, "rb") as fh:
        return log_text(read_log(fh, KEEP, MAX_STREAM))
