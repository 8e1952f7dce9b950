"""Structured logs to plain text: a traceback that a log collector stored as JSON.

Cloud logging, ELK, Datadog, GELF, Docker's json-file driver and JSON loggers keep each record as
a JSON object, with the traceback inside one string and its newlines escaped. Read as text, the
traceback is one long line: no frame starts a line, and the error's own line is buried. Each JSON
record is replaced by its message-like strings (in the record's order); its metadata (stamps,
levels, hosts, streams) is dropped. Lines that are not JSON stay as they are, and a value copied
out of JSON (escaped newlines, no real ones) is unescaped.
"""

from __future__ import annotations

import json
import re
from typing import Any

# Keys whose string values are the logged text (compared lower-case, without a leading "@" and
# up to the last "."): python-json-logger and structlog (message, exc_info), ECS (error.stack_trace),
# Datadog (error.stack), Cloud Logging (textPayload), Docker json-file and Fluent Bit (log), Loki
# (line), GELF (short_message, full_message), and an HTTP error body (detail, error).
MESSAGE_KEYS = frozenset({
    "message", "msg", "log", "line", "text", "textpayload", "short_message", "full_message",
    "exc_info", "exc_text", "exception", "stack_trace", "stacktrace", "stack", "traceback",
    "error", "err", "error_message", "stderr", "stdout", "detail", "details", "body",
})
_MAX_DEPTH = 8
_MAX_STRINGS = 10_000  # a hostile record cannot make the text grow without end
_OBJECT_LINE = re.compile(r'\{\s*"')


def _strings(value: Any, key: str, depth: int, out: list[str]) -> None:
    """The logged text under `value`, in order: strings under a message key, walked into objects
    and lists (an ECS `error` object holds `message` and `stack_trace`)."""
    if depth > _MAX_DEPTH or len(out) >= _MAX_STRINGS:
        return
    if isinstance(value, str):
        if key.lstrip("@").rsplit(".", 1)[-1].lower() in MESSAGE_KEYS and value.strip():
            out.append(value[:-1] if value.endswith("\n") else value)  # json-file keeps each line's newline
    elif isinstance(value, dict):
        for k, v in value.items():
            _strings(v, str(k), depth + 1, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, key, depth + 1, out)


def _record_text(raw: str) -> str | None:
    """The logged text of one JSON document, or None when it is not JSON or logs no text."""
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, (dict, list)):
        return None
    out: list[str] = []
    _strings(doc, "", 0, out)
    return "\n".join(out) if out else None


def _unescape(text: str) -> str:
    """A JSON string's content read back (escaped newlines, quotes, tabs, \\uXXXX); text that is
    not valid string content (a Windows path's `\\p`, a bare quote) was never escaped: unchanged."""
    try:
        value = json.loads('"' + text + '"')
    except ValueError:
        return text
    return value if isinstance(value, str) else text


def unjson(text: str) -> str:
    """`text` with its JSON log records read as the text they logged; other text unchanged, at
    the cost of two substring tests when it holds neither a JSON object nor an escaped newline."""
    has_object = '{"' in text or "{ " in text or "{\n" in text
    if not has_object and "\\n" not in text:
        return text
    if has_object:
        whole = text.strip()
        if whole[:1] in ("{", "[") and whole[-1:] in ("}", "]"):
            read = _record_text(whole)
            if read is not None:
                return unjson(read)  # shorter each time: a message that is JSON again
        lines = text.split("\n")
        changed = False
        for i, line in enumerate(lines):
            end = line.rstrip()
            if not end.endswith("}"):
                continue
            found = _OBJECT_LINE.search(end)
            if found is None:
                continue
            read = _record_text(end[found.start():])
            if read is not None:
                lines[i] = end[:found.start()] + read
                changed = True
        if changed:
            return "\n".join(lines)
    stripped = text.strip()
    escaped = stripped.count("\\n")
    if escaped and stripped.count("\n") * 4 < escaped:  # escapes, and (almost) no real line ends
        if stripped[:1] == '"' and stripped[-1:] == '"':
            stripped = stripped[1:-1]  # the value copied with its quotes
        return _unescape(stripped)
    return text
