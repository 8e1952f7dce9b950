"""Logs saved in another encoding (core/text/decode.py): a UTF-16 log from Windows PowerShell's
`2> err.txt`, with or without a BOM, read the same as its UTF-8 original, whether handed over as
bytes, as a file to the CLI, or as text a caller already decoded as UTF-8; and a log compressed
with gzip, bzip2 or xz reads as what it holds."""

from __future__ import annotations

import bz2
import codecs
import gzip
import io
import json
import lzma
import zlib
from pathlib import Path

import pytest

import aotidebug
from aotidebug.core.text import decode
from aotidebug.core.text.decode import decode_log, decompress_log, unwiden
from aotidebug.faces import cli

LOGS = Path(__file__).parent / "fixtures" / "logs"
TEXT = "Traceback (most recent call last):\r\n  File \"run.py\", line 3\r\nRuntimeError: café ✓\r\n"
# real captures of this machine's torch, each with its labelled category
CAPTURES = ("cpu-boxed-run-with-a-str", "cpu-autotune-local-cache-cut-short",
            "cpu-compile-cache-under-a-file")


@pytest.mark.parametrize("data", [
    codecs.BOM_UTF8 + TEXT.encode("utf-8"),
    TEXT.encode("utf-16"),                               # BOM, this machine's order
    codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
    codecs.BOM_UTF32_LE + TEXT.encode("utf-32-le"),      # starts with the UTF-16-LE BOM too
    codecs.BOM_UTF32_BE + TEXT.encode("utf-32-be"),
    TEXT.encode("utf-16-le"),                            # no BOM: recognised by its NULs
    TEXT.encode("utf-16-be"),
    TEXT.encode("utf-8"),
], ids=["utf8-bom", "utf16-bom", "utf16be-bom", "utf32le", "utf32be", "utf16le", "utf16be", "utf8"])
def test_each_encoding_decodes_to_the_same_text(data):
    assert decode_log(data) == TEXT


def test_a_stray_nul_or_broken_bytes_never_switch_the_codec_or_raise():
    stray = b"RuntimeError: bad\x00 value\n" * 20
    assert decode_log(stray) == stray.decode("utf-8")
    assert unwiden(stray.decode("utf-8")) == stray.decode("utf-8")
    assert decode_log(b"\xff\xfe" + b"A") == "\ufffd"              # a BOM and half a UTF-16 unit
    assert decode_log(b"\x80\x81abc") == "\ufffd\ufffdabc"
    assert decode_log(b"") == "" and unwiden("") == ""
    assert decode_log(bytearray(b"ok")) == "ok" and decode_log(memoryview(b"ok")) == "ok"


def test_text_already_decoded_the_wrong_way_is_repaired():
    ascii_log = TEXT.replace("café ✓", "bad value")  # non-ASCII letters do not survive that misreading
    wrong = ascii_log.encode("utf-16").decode("utf-8", errors="replace")
    assert "\x00" in wrong and unwiden(wrong) == ascii_log
    assert unwiden(ascii_log.encode("utf-16-le").decode("latin-1")) == ascii_log
    assert unwiden(ascii_log) is ascii_log                        # nothing to repair: the same object
    gcc = "x.cpp:384:33: error: \u2018aoti_torch__embedding_bag\u2019 was not declared in this scope\r\n"
    assert unwiden(gcc.encode("utf-16").decode("utf-8", errors="replace")) == gcc   # GCC's quotes survive
    assert unwiden(TEXT.encode("utf-16-le").decode("latin-1")) == TEXT             # Latin-1 loses nothing
    assert unwiden(TEXT.encode("utf-16").decode("utf-8", errors="replace")) == TEXT.replace("\u00e9", "?")


@pytest.mark.parametrize("name", CAPTURES)
def test_a_real_capture_in_utf16_reads_as_its_utf8_original(name, tmp_path):
    text = (LOGS / f"{name}.txt").read_text(encoding="utf-8")
    label = json.loads((LOGS / f"{name}.json").read_text())["category"]
    plain = aotidebug.diagnose(text)
    assert plain.category.value == label, "the UTF-8 original must read right for the test to mean anything"
    wide = text.replace("\n", "\r\n").encode("utf-16")
    for handed in (wide, text.encode("utf-16-le"), wide.decode("utf-8", errors="replace")):
        d = aotidebug.diagnose(handed)
        assert (d.category, d.confidence) == (plain.category, plain.confidence)
    log = tmp_path / "err.txt"
    log.write_bytes(wide)
    out = io.StringIO()
    code = cli.main(["diagnose", str(log), "--json"], out)
    assert code == cli.EXIT_OK and json.loads(out.getvalue())["category"] == label


@pytest.mark.parametrize("name", CAPTURES)
def test_a_utf16_part_appended_to_a_utf8_log_reads_as_the_original(name, tmp_path):
    """PowerShell 5.1's `2>> err.log` appends UTF-16 to a log that began in UTF-8: the error, at
    the end, read `unknown` once the UTF-8 part was longer than the 4 KiB the codec is sniffed on."""
    text = (LOGS / f"{name}.txt").read_text(encoding="utf-8")
    label = json.loads((LOGS / f"{name}.json").read_text())["category"]
    head = "INFO step ok\n" * 500                       # the UTF-8 start, past the sniffed 4 KiB
    mixed = head.encode("utf-8") + text.replace("\n", "\r\n").encode("utf-16-le")
    for handed in (mixed, mixed.decode("utf-8", errors="replace"), mixed.decode("latin-1")):
        assert aotidebug.diagnose(handed).category.value == label
    if text.isascii():  # a non-ASCII character of the UTF-16 part breaks its run (read as "?")
        assert decode_log(mixed) == head + text.replace("\n", "\r\n")
    log = tmp_path / "err.log"
    log.write_bytes(mixed)
    out = io.StringIO()
    assert cli.main(["diagnose", str(log), "--json"], out) == cli.EXIT_OK
    assert json.loads(out.getvalue())["category"] == label


def test_fewer_than_eight_wide_characters_are_not_taken_for_text():
    plain = b"RuntimeError: bad value\n" * 20
    assert decode_log(plain + b"a\x00b\x00c\x00\n") == (plain + b"a\x00b\x00c\x00\n").decode()
    assert decode_log(plain + "RuntimeError".encode("utf-16-le")) == plain.decode() + "RuntimeError"


# -- compressed logs (logrotate's err.log.1.gz, `journalctl | xz`) ---------------------------------

def _gzip_members(*parts: bytes) -> bytes:
    return b"".join(gzip.compress(p) for p in parts)


@pytest.mark.parametrize("compress", [gzip.compress, bz2.compress, lzma.compress,
                                      lambda b: _gzip_members(b[:60], b[60:])],  # rotations appended
                         ids=["gzip", "bzip2", "xz", "gzip-two-members"])
@pytest.mark.parametrize("name", CAPTURES)
def test_a_compressed_capture_reads_as_its_original(name, compress, tmp_path):
    text = (LOGS / f"{name}.txt").read_text(encoding="utf-8")
    plain = aotidebug.diagnose(text)
    packed = compress(text.encode("utf-8"))
    d = aotidebug.diagnose(packed)
    assert (d.category, d.code, d.confidence) == (plain.category, plain.code, plain.confidence)
    log = tmp_path / "err.log.1.gz"
    log.write_bytes(packed)
    out = io.StringIO()
    assert cli.main(["diagnose", str(log), "--json"], out) == cli.EXIT_OK
    assert json.loads(out.getvalue())["category"] == plain.category.value


def test_a_compressed_log_cut_short_gives_what_it_holds():
    text = TEXT.encode("utf-8") * 50
    packed = gzip.compress(text)
    got = decompress_log(packed[: len(packed) // 2])
    assert got and text.startswith(got)


def test_a_decompression_bomb_stops_at_the_cap(monkeypatch):
    monkeypatch.setattr(decode, "MAX_DECOMPRESSED", 1 << 20)
    z = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b"A" * (1 << 20)
    bomb = b"".join(z.compress(chunk) for _ in range(64)) + z.flush()   # 64 MiB in a few hundred KiB
    assert len(bomb) < 1 << 20
    got = decompress_log(bomb)
    assert got is not None and len(got) == 1 << 20
    assert len(decode_log(bomb)) == 1 << 20


@pytest.mark.parametrize("raw", [
    b"\x1f\x8b" + b"\x00" * 40,                 # a gzip header and nothing valid after it
    b"BZh9 is not a stream, only a log line",   # bzip2's magic as text
    b"\xfd7zXZ\x00" + b"garbage" * 10,
    b"BZh is a word",
])
def test_bytes_that_only_look_compressed_are_read_as_text(raw):
    assert decode_log(raw) == raw.decode("utf-8", errors="replace")
    assert aotidebug.diagnose(raw).category.value  # a Diagnosis, never an exception
