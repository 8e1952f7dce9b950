"""A log is read in bounded memory, and an endless stream in bounded time: `aotidebug diagnose
/dev/zero` once read until the machine ran out of memory. Over 2 * KEEP bytes, a log is read as its
first and last KEEP bytes with a line naming the bytes skipped; a stream stops after MAX_STREAM.
Lines of binary data are no text to read: random bytes once read `out_of_memory` (the word `OOM`
found by chance), in 7 of 30 one-MiB samples."""

from __future__ import annotations

import gzip
import io
import random

import pytest

import aotidebug
from aotidebug import Category
from aotidebug.core.text.normalize import without_binary
from aotidebug.faces import cli, logfile
from aotidebug.faces.logfile import LogBytes, log_text, read_log

ERROR = b"Traceback (most recent call last):\nRuntimeError: index out of bounds: 0 <= tmp4 < 8L\n"
COMMAND = b"$ python serve.py --package model.pt2\n"


class _Endless(io.RawIOBase):
    """A stream that never ends (a pipe whose writer never closes), counting what was read."""

    def __init__(self) -> None:
        self.read_bytes = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        buf[:] = b"x" * len(buf)
        self.read_bytes += len(buf)
        return len(buf)


def test_a_large_file_is_read_as_its_head_and_tail(tmp_path):
    path = tmp_path / "huge.log"
    path.write_bytes(COMMAND + b"INFO step ok\n" * 50_000 + ERROR)
    with open(path, "rb") as fh:
        log = read_log(fh, keep=4096, max_stream=1 << 30)
    assert log.head.startswith(COMMAND) and log.tail.endswith(ERROR)
    assert len(log.head) == 4096 and len(log.tail) <= 4096 and log.ended
    assert len(log.head) + log.skipped + len(log.tail) == path.stat().st_size
    assert f"{log.skipped} bytes of this log were not read" in log_text(log)


def test_a_small_file_is_read_whole(tmp_path):
    path = tmp_path / "small.log"
    path.write_bytes(COMMAND + ERROR)
    with open(path, "rb") as fh:
        assert read_log(fh, keep=4096) == LogBytes(COMMAND + ERROR)
    with open(path, "rb") as fh:  # between keep and 2 * keep: still whole
        assert read_log(fh, keep=64).head == COMMAND + ERROR  # 124 bytes


def test_an_endless_stream_stops_and_says_so():
    src = _Endless()
    log = read_log(io.BufferedReader(src), keep=1024, max_stream=1 << 20)
    assert not log.ended and src.read_bytes < (1 << 20) + 64 * 1024
    assert len(log.head) == 1024 and len(log.tail) <= 1024
    assert "the stream had not ended" in log_text(log)


def test_a_finite_stream_keeps_its_end():
    data = COMMAND + b"INFO step ok\n" * 10_000 + ERROR
    log = read_log(io.BufferedReader(io.BytesIO(data)), keep=2048, max_stream=1 << 30)
    # BytesIO can seek, but a BufferedReader over it is read as a stream only where fstat fails
    assert log.ended and log.tail.endswith(ERROR) and log.head.startswith(COMMAND)
    assert len(log.head) + log.skipped + len(log.tail) == len(data)


def test_a_utf16_log_keeps_its_code_units_across_the_cut(tmp_path):
    text = "$ python serve.py\n" + "INFO step ok\n" * 5_000 + ERROR.decode()
    path = tmp_path / "ps.log"
    path.write_bytes(text.encode("utf-16"))  # PowerShell 5.1's `2> err.txt`: a BOM, then UTF-16-LE
    with open(path, "rb") as fh:
        log = read_log(fh, keep=4097, max_stream=1 << 30)  # an odd keep: the cut is made even
    assert log.skipped % 2 == 0
    assert "RuntimeError: index out of bounds" in log_text(log)


def test_a_compressed_log_is_read_from_its_start(tmp_path):
    path = tmp_path / "err.log.gz"
    path.write_bytes(gzip.compress(COMMAND + ERROR))
    with open(path, "rb") as fh:
        log = read_log(fh, keep=16)  # shorter than the stream: never cut, or it cannot be read
    assert log == LogBytes(path.read_bytes()[:16])


def test_the_cli_reads_an_endless_stream_to_its_cap(monkeypatch, tmp_path):
    monkeypatch.setattr(logfile, "KEEP", 4096)
    monkeypatch.setattr(logfile, "MAX_STREAM", 1 << 20)
    out = io.StringIO()
    with open("/dev/zero", "rb") as zero:  # a device: read as a stream, never to its end
        monkeypatch.setattr(cli.sys, "stdin", io.TextIOWrapper(zero))
        code = cli.main(["diagnose", "-", "--json"], out)
    assert code == cli.EXIT_UNKNOWN and '"category": "unknown"' in out.getvalue()
    big = tmp_path / "big.log"
    big.write_bytes(COMMAND + b"INFO step ok\n" * 2_000 + ERROR)
    out = io.StringIO()
    assert cli.main(["diagnose", str(big), "--json"], out) == cli.EXIT_OK
    assert '"category": "index_out_of_bounds"' in out.getvalue()


def _binary(seed: int, n: int) -> bytes:
    return random.Random(seed).randbytes(n)


def test_binary_lines_are_not_read_as_words():
    blob = _binary(1, 4000) + b"\x01\xfe OOM \xff\x02" + _binary(2, 4000)
    assert blob.count(b"\n") < 40  # lines of about 256 bytes, each one mostly non-text
    text = blob.decode("utf-8", errors="replace")
    assert "<" in without_binary(text) and " OOM " not in without_binary(text)
    d = aotidebug.diagnose(blob)
    assert d.category is Category.UNKNOWN


def test_a_short_line_of_random_bytes_is_binary_too():
    # read out of /dev/urandom: 22 characters, 5 of them no text, and the word `oom` by chance
    line = "'}+l*s\ufffd\ufffduB\ufffdH\ufffd\ufffd\"\u051e\x1aoom?'"
    assert without_binary(f"{line}\n") == f"<{len(line)} non-text characters>\n"
    assert aotidebug.diagnose(line).category is Category.UNKNOWN


def test_random_bytes_read_unknown():
    for seed in range(12):
        assert aotidebug.diagnose(_binary(seed, 64 * 1024)).category is Category.UNKNOWN


def test_a_log_with_a_binary_line_still_reads_its_error():
    log = COMMAND + _binary(3, 600).replace(b"\n", b" ") + b"\n" + ERROR
    assert aotidebug.diagnose(log).category is Category.INDEX_OUT_OF_BOUNDS
    # a stray undecodable byte in a line of text keeps the line
    assert without_binary("caf\ufffd: OOM-killed\n") == "caf\ufffd: OOM-killed\n"
