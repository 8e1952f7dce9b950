"""Log bytes to text, whatever encoding the user's shell saved them in.

A log redirected on Windows PowerShell 5.1 (`python run.py 2> err.txt`) is UTF-16 with a BOM;
decoded as UTF-8 every ASCII letter comes out followed by a NUL, and no pattern matches. The one
place log bytes become text: a BOM decides the codec, a BOM-less wide log is recognised by its
NULs, and anything else is UTF-8 with replacement (never an error). A log compressed as logrotate
or `journalctl | gzip` leaves it (gzip, bzip2, xz) is read inside, up to MAX_DECOMPRESSED bytes.
`unwiden` repairs text a caller already decoded the wrong way (its NULs give it away).
"""

from __future__ import annotations

import bz2
import codecs
import lzma
import re
import zlib
from typing import Any

# (BOM, codec). UTF-32 before UTF-16: the UTF-32-LE BOM starts with the UTF-16-LE one.
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))
_SNIFF = 4096  # bytes (or characters) looked at to recognise a wide log without a BOM
_WIDE_SHARE = 0.3  # of the sample: NULs at one parity this often are UTF-16, not a stray NUL


MAX_DECOMPRESSED = 64 * 1024 * 1024  # bytes read out of a compressed log: a bomb stops here
# (magic bytes, kind): gzip (and zlib's deflate behind it), bzip2 ("BZh" and a block size digit), xz
_COMPRESSED = ((b"\x1f\x8b", "gzip"), (b"\xfd7zXZ\x00", "xz"),
               *((b"BZh" + bytes([d]), "bz2") for d in b"123456789"))
_DECOMPRESS_ERRORS = (OSError, EOFError, ValueError, zlib.error, lzma.LZMAError)
_FIRST_BYTES = frozenset(magic[:1] for magic, _ in _COMPRESSED)  # a byte no compressed log starts with: no lookup


def _decompressor(kind: str) -> Any:
    if kind == "gzip":
        return zlib.decompressobj(wbits=31)
    return bz2.BZ2Decompressor() if kind == "bz2" else lzma.LZMADecompressor()


def is_compressed(raw: bytes) -> bool:
    """Whether `raw` starts as a gzip, bzip2 or xz stream does."""
    return raw[:1] in _FIRST_BYTES and any(raw.startswith(magic) for magic, _ in _COMPRESSED)


def decompress_log(raw: bytes) -> bytes | None:
    """The log inside a gzip, bzip2 or xz stream (several members, as appended rotations leave
    them, are read in turn), at most MAX_DECOMPRESSED bytes of it; a stream cut short gives what
    it holds. None when `raw` is no such stream or breaks before giving anything."""
    kind = next((k for magic, k in _COMPRESSED if raw.startswith(magic)), None)
    if kind is None:
        return None
    out = bytearray()
    rest = raw
    while rest and len(out) < MAX_DECOMPRESSED:
        d = _decompressor(kind)
        try:
            out += d.decompress(rest, MAX_DECOMPRESSED - len(out))
        except _DECOMPRESS_ERRORS:
            break
        rest = d.unused_data if d.eof else b""
        if rest and not rest.startswith(raw[:2]):
            break  # trailing bytes that are no further member
    return bytes(out) if out else None


def decode_log(data: bytes | bytearray | memoryview) -> str:
    """Text of a log's bytes: a compressed log's content first, then BOM, then a BOM-less UTF-16
    guess, else UTF-8 (replacing)."""
    raw = bytes(data)
    inner = decompress_log(raw) if raw[:1] in _FIRST_BYTES else None
    if inner is not None:
        raw = inner
    for bom, codec in _BOMS:
        if raw.startswith(bom):
            return raw[len(bom):].decode(codec, errors="replace")
    head = raw[:_SNIFF]
    if b"\x00" in head and len(head) >= 4:
        even, odd = head[0::2].count(0), head[1::2].count(0)
        half = len(head) // 2
        if odd > _WIDE_SHARE * half and even < odd / 4:   # "T\0r\0a\0": ASCII as UTF-16-LE
            return raw.decode("utf-16-le", errors="replace")
        if even > _WIDE_SHARE * half and odd < even / 4:
            return raw.decode("utf-16-be", errors="replace")
    if b"\x00" in raw:  # a UTF-16 part appended to a UTF-8 log: its ASCII runs read again
        raw = _WIDE_RUN_BYTES.sub(lambda m: m.group()[::2], raw)
    return raw.decode("utf-8", errors="replace")


# at least 8 ASCII characters written as UTF-16-LE (each followed by a NUL) inside a log read as
# UTF-8: PowerShell 5.1's `2>> err.log` appends UTF-16 to a log that began in UTF-8 (and an error
# sits at the end, in the appended part). Fewer than 8 is not taken for text.
_WIDE_RUN_BYTES = re.compile(rb"(?:[\t\n\r\x20-\x7e]\x00){8,}")
_WIDE_RUN_TEXT = re.compile(_WIDE_RUN_BYTES.pattern.decode("ascii"))  # the same runs, in text


def unwiden(text: str) -> str:
    """`text` as it was logged, when it is a UTF-16 log a caller read as UTF-8 (with replacement)
    or as Latin-1; other text is returned unchanged, at the cost of one substring test when it
    holds no NUL (the common case). The misread bytes are rebuilt and decoded again: a byte below
    0x80 survives either misreading, so GCC's quotes (U+2018, bytes 18 20) come back; a byte a
    UTF-8 reading replaced is lost (read as "?")."""
    if "\x00" not in text:
        return text
    head = text[:_SNIFF]
    if head.count("\x00") < _WIDE_SHARE * len(head):
        # a stray NUL in a real log is kept; a UTF-16 part appended to it is read again
        return _WIDE_RUN_TEXT.sub(lambda m: m.group()[::2], text)
    if text.startswith("\ufffd\ufffd"):  # a BOM read as UTF-8: its two bytes, each replaced
        text = text[2:]
    raw = bytearray()
    for ch in text:
        code = ord(ch)
        if code < 0x100:
            raw.append(code)              # ASCII, or a Latin-1 reading: the byte itself
        elif ch == "\ufffd":
            raw.append(0x3F)              # a byte UTF-8 replaced: gone, one "?" keeps the pairing
        else:
            raw += ch.encode("utf-8", "surrogatepass")  # bytes that happened to form UTF-8
    return decode_log(bytes(raw))
