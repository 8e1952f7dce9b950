"""Strip the volatile parts of a log (colours, timestamps, addresses, temp paths) before matching.

Patterns then match the stable words only, and golden outputs stay comparable across runs.
"""

from __future__ import annotations

import re

MAX_CHARS = 64 * 1024 * 1024  # beyond this, keep the head and the tail (errors sit at the ends)

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# glog/c10 prefixes: "E0320 09:18:24.909000 139771639059456 torch/_guards.py:251] [0/0] "
_GLOG = re.compile(r"^[ \t]*\[?[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\]\n]*\] ?(?:\[[\d/]+\] ?)?", re.M)
_ISO_TS = re.compile(r"\b\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\b")
_HEX = re.compile(r"\b0x[0-9a-fA-F]{4,}\b")
# c10 frame lists: "frame #3: <unknown function> + 0x252cca9 (0x7f3d... in /x/libtorch_cpu.so)"
_FRAME_UNKNOWN = re.compile(r"^[ \t]*frame #\d+: <unknown function> \+ 0x\w+ \([^)\n]*\)[ \t]*\n?", re.M)
_FRAME_WHERE = re.compile(r" \+ 0x\w+ \(0x[^()\n]* in [^()\n]+\)[ \t]*$", re.M)
# Temp directories vary per run; the file name at the end does not (kernel_metadata.json,
# wrapper.so, triton_poi_fused_*.cubin) and patterns need it, so only the directories go.
_TMP = re.compile(r"(?:/tmp|/var/folders|/private/var)(?:/[^\s'\"):,/]*)*/")


def truncate(text: str, limit: int = MAX_CHARS) -> str:
    """Keep at most `limit` characters: the first and last halves, joined by a marker line."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return text[:half] + "\n...[aotidebug: truncated]...\n" + text[-half:]


def normalize(text: str) -> str:
    """Return `text` with volatile tokens replaced by stable placeholders."""
    text = truncate(text)
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Each substitution runs only when its anchor can occur (cheap substring tests first).
    if "frame #" in text:  # C++ frame noise: drop anonymous frames, keep function names
        text = _FRAME_UNKNOWN.sub("", text)
        text = _FRAME_WHERE.sub("", text)
    if "] " in text:
        text = _GLOG.sub("", text)
    if ":" in text and "-" in text:
        text = _ISO_TS.sub("<ts>", text)
    if "0x" in text:
        text = _HEX.sub("0x<addr>", text)
    if "/tmp" in text or "/var/folders" in text or "/private/var" in text:
        text = _TMP.sub("<tmp>/", text)
    return text
