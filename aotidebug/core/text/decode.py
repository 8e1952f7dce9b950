"""Log bytes to text, whatever encoding the user's shell saved them in.

A log redirected on Windows PowerShell 5.1 (`python run.py 2> err.txt`) is UTF-16 with a BOM;
decoded as UTF-8 every ASCII letter comes out followed by a NUL, and no pattern matches. The one
place log bytes become text: a BOM decides the codec, a BOM-less wide log is recognised by its
NULs, and anything else is UTF-8 with replacement (never an error). `unwiden` repairs text a caller
already decoded the wrong way (its NULs give it away).
"""

from __future__ import annotations

import codecs

# (BOM, codec). UTF-32 before UTF-16: the UTF-32-LE BOM starts with the UTF-16-LE one.
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))
_SNIFF = 4096  # bytes (or characters) looked at to recognise a wide log without a BOM
_WIDE_SHARE = 0.3  # of the sample: NULs at one parity this often are UTF-16, not a stray NUL


def decode_log(data: bytes | bytearray | memoryview) -> str:
    """Text of a log's bytes: BOM first, then a BOM-less UTF-16 guess, else UTF-8 (replacing)."""
    raw = bytes(data)
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
    return raw.decode("utf-8", errors="replace")


def unwiden(text: str) -> str:
    """`text` as it was logged, when it is a UTF-16 log a caller read as UTF-8 (with replacement)
    or as Latin-1; other text is returned unchanged, at the cost of one substring test when it
    holds no NUL (the common case). The misread bytes are rebuilt and decoded again: a byte below
    0x80 survives either misreading, so GCC's quotes (U+2018, bytes 18 20) come back; a byte a
    UTF-8 reading replaced is lost (read as "?")."""
    head = text[:_SNIFF]
    if "\x00" not in head:
        return text
    if head.count("\x00") < _WIDE_SHARE * len(head):
        return text  # a stray NUL in a real log is kept
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
