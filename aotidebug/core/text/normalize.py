"""Strip the volatile parts of a log (colours, timestamps, addresses, temp paths) before matching.

Patterns then match the stable words only, and golden outputs stay comparable across runs.
"""

from __future__ import annotations

import re
import textwrap

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


# Per-line prefixes that log collectors, launchers and quoting add in front of every line. A
# traceback read through one of them loses its shape (a frame line no longer starts the line), so
# they go before anything reads the text. (name, substring that must occur, anchored regex); the
# substring test (a leading newline also matches the text's start) keeps a text without the prefix
# at the cost of one `in`.
_LINE_PREFIXES: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    # torchrun / torch.distributed: "[rank0]: ", older "[default0]:"
    ("rank", "]:", re.compile(r"^\[(?:rank|default)\d+\]: ?", re.M)),
    # Ray workers: "(RayWorkerWrapper pid=1234, ip=10.0.0.1) "
    ("ray", "pid=", re.compile(r"^\((?:[\w.]+ )?pid=\d+(?:, ip=[\d.]+)?\) ", re.M)),
    # a quoted reply on GitHub or in mail: "> ", nested "> > " (a REPL prompt ">>> " is kept)
    ("quote", "\n>", re.compile(r"^(?:> )+|^>$", re.M)),
    # Python's print of an exception group (asyncio.TaskGroup, anyio): each sub-exception behind
    # `| ` bars, indented by its depth, between `+---- 1 ----` rulers; the rulers become blank lines
    ("exception-group", "Exception Group Traceback",
     re.compile(r"^ *(?:\+(?:-\+)?-+(?: (?:\d+|\.\.\.) -+)?$|[|+](?: |$))", re.M)),
    # pytest's report of a failed test: the exception and its message behind "E" and the
    # traceback style's indent ("E       RuntimeError: ..." long, "E   RuntimeError: ..." short)
    ("pytest", "\nE ", re.compile(r"^E(?: {7}| {3}(?! {4}))|^E$", re.M)),
)
_LEVELS = "DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL"
# Prefixes read off the first lines: stripped when more than `share` of the sampled lines carry one
# (a CI stamp is on every line; a pipe or a date may also start an ordinary line, so those need
# most). (name, characters such a line starts with, a literal it holds, share, anchored regex)
_SAMPLED_PREFIXES: tuple[tuple[str, str, str, float, re.Pattern[str]], ...] = (
    # CI runners and container logs (kubectl/CRI: "<stamp> stderr F ")
    ("iso-stamp", "0123456789", "T", 0.0, re.compile(
        r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?(?: (?:stdout|stderr) [FP])? ", re.M)),
    # logging formats: "[2026-01-01 12:00:00,123] [ERROR] worker-3: ", "2026-01-01 12:00:00,123 - name - ERROR - "
    ("log-stamp", "[0123456789", ":", 0.5, re.compile(
        r"^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?\]?"
        r"(?:(?: - [\w.-]+)*? - (?:%(lv)s) - |(?: ?\[[^\]\n]{1,40}\])*:? ?(?:(?:%(lv)s):? )?"
        r"(?:(?![\w.]*(?:Error|Exception|Warning|Interrupt|Exit):)[\w.-]+: )?)" % {"lv": _LEVELS}, re.M)),
    # docker compose: "app-1  | "
    ("compose", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_", " | ", 0.5,
     re.compile(r"^[\w.-]+ +\| ", re.M)),
)
_SAMPLE_LINES = 40

# A console or a paste that cuts every line at a fixed column leaves the longest line length on
# many lines, each cut falling anywhere in a word. Narrower than this is a layout, not a console.
_WRAP_MIN_WIDTH = 60
_WRAP_MIN_CUTS = 3


def rejoin_hard_wraps(text: str) -> str:
    """`text` with lines cut at one fixed column joined back (a frame line split in two is no
    longer a frame). Read as cut when the longest line length (>= 60) is held by at least 3
    lines, none of them a ruler, most of those cuts fall inside a word or path, and at least two
    are followed by a shorter rest (the rows of a table are all as wide). A line that was exactly
    that long by chance is joined to the next, which costs a reading nothing."""
    if len(text) < _WRAP_MIN_WIDTH * _WRAP_MIN_CUTS:
        return text
    lines = text.split("\n")
    width = max(map(len, lines))
    if width < _WRAP_MIN_WIDTH:
        return text
    cuts = [i for i in range(len(lines) - 1) if len(lines[i]) == width and len(set(lines[i])) > 2]
    inside = sum(1 for i in cuts if not lines[i][-1].isspace() and lines[i + 1][:1].strip())
    tails = sum(1 for i in cuts if 0 < len(lines[i + 1]) < width)  # a cut line's shorter rest
    if len(cuts) < _WRAP_MIN_CUTS or inside * 2 <= len(cuts) or tails < 2:
        return text
    joined = set(cuts)
    out: list[str] = []
    held = ""
    for i, ln in enumerate(lines):
        held += ln
        if i not in joined:
            out.append(held)
            held = ""
    return "\n".join(out)


def unwrap(text: str) -> str:
    """`text` without terminal colours and without the per-line prefixes that a log collector, a
    launcher or a quoted reply puts in front of each line, its hard-wrapped lines joined back; the
    words themselves are unchanged."""
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    for _name, probe, rx in _LINE_PREFIXES:
        if probe in text or text.startswith(probe.lstrip("\n")):
            text = rx.sub("", text)
    sample = [ln for ln in text[:16 * 1024].split("\n", _SAMPLE_LINES)[:_SAMPLE_LINES] if ln.strip()]
    for _name, starts, literal, share, rx in _SAMPLED_PREFIXES:
        need = share * len(sample)
        hits = [ln for ln in sample if ln[0] in starts and literal in ln[:80]]
        if len(hits) > need and sum(1 for ln in hits if rx.match(ln)) > need:
            text = rx.sub("", text)
    text = rejoin_hard_wraps(text)
    if text[:1] in (" ", "\t"):  # a whole log indented (a code block in mail or a list item)
        text = textwrap.dedent(text)
    return text


# A Python bytes object printed whole (`Instead got b'PK\x03\x04...'`, a buffer in a warning or an
# exception's repr): its content is data, not words of the log. An archive's bytes hold the generated
# C++ and its error strings ("illegal memory access", "index out of bounds"), which would be read
# as the failure. A literal with at least 4 `\xNN` escapes is binary content.
_BYTES_OPEN = re.compile(r"\bb(['\"])")
_BYTES_BODY = {q: re.compile(r"[^\\\n%s]*(?:\\.[^\\\n%s]*)*%s?" % (q, q, q)) for q in "'\""}
_BINARY_ESCAPES = 4


def without_byte_dumps(text: str) -> str:
    """`text` with each printed bytes object of binary content replaced by `b'<N bytes shown>'`
    (one linear scan per literal)."""
    if "\\x" not in text:
        return text
    out: list[str] = []
    pos = seen = 0
    for m in _BYTES_OPEN.finditer(text):
        if m.start() < seen:  # inside a literal already read
            continue
        body = _BYTES_BODY[m.group(1)].match(text, m.end())
        end = seen = body.end() if body else m.end()
        if text.count("\\x", m.end(), end) >= _BINARY_ESCAPES:
            out.append(text[pos:m.start()])
            out.append(f"b'<{end - m.start()} bytes shown>'")
            pos = end
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


# characters no log line is made of: C0 and C1 controls (tab, line ends, form feed and ESC kept)
# and U+FFFD, which decoding leaves for each byte that was not UTF-8
_NONTEXT = re.compile("[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f-\x9f\ufffd]")
_BINARY_LINE_MIN = 2      # non-text characters a line needs before its share is looked at
_BINARY_LINE_SHARE = 0.25  # of a line's characters: past this, the line is binary data


def without_binary(text: str) -> str:
    """`text` with each line of binary data (a core file, a weights file or random bytes read as a
    log) replaced by `<N non-text characters>`: in enough of them any short pattern finds its word
    by chance (`oom` read out of random bytes as out of memory). A log line with a stray undecodable
    byte is kept; a text with none of these characters is returned as it is (one scan)."""
    if not _NONTEXT.search(text):
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if len(line) >= _BINARY_LINE_MIN and _NONTEXT.search(line):
            n = len(_NONTEXT.findall(line))
            if n >= _BINARY_LINE_MIN and n >= _BINARY_LINE_SHARE * len(line):
                lines[i] = f"<{len(line)} non-text characters>"
    return "\n".join(lines)


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
