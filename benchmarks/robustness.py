"""How far a reading survives the way a log reached the user: quoted in a reply, collected by a
container runtime or a launcher, coloured by a terminal, written on Windows (CRLF and backslashes,
or saved as UTF-16 by PowerShell), printed inside an exception group, stored as JSON by a log
collector, compressed by logrotate.

Usage: python3 benchmarks/robustness.py [corpus.jsonl ...]   (default: the dev set and every blind set)

Each labelled report is read plain, then once per wrapper below. A wrapper changes how the text
arrived, never what it says, so a reading that moves is a reading that rested on layout. Prints,
per wrapper, the share of reports read the same as plain and the top-1 accuracy against the label.
The last two lines are not wrappers but harsher losses, shown for scale: the title dropped, and
every line hard-wrapped at 100 columns (some consoles copy that way; `normalize.rejoin_hard_wraps`
joins the cut lines back when at least three lines show the column, so a text with fewer long
lines stays cut).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aotidebug.core.describe import error_text  # noqa: E402
from aotidebug.core.routing.classify import diagnose_text  # noqa: E402
from benchmarks.corpus_accuracy import report_text  # noqa: E402


def _each_line(prefix: str) -> Callable[[str], str]:
    return lambda t: "\n".join(prefix + ln for ln in t.split("\n"))


_SITE = re.compile(r"/(?:usr|home|opt|root|Users)[\w/.\-]*?/site-packages/")


def _windows(t: str) -> str:
    """CRLF line ends and a Windows site-packages path with backslashes."""
    t = _SITE.sub(r"C:\\Python311\\Lib\\site-packages\\", t)
    t = re.sub(r"(?<=site-packages\\)([\w/.]+)", lambda m: m.group(1).replace("/", "\\"), t)
    return t.replace("\n", "\r\n")


_EXC_START = re.compile(r"^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Failure)\b")


def _pytest(t: str) -> str:
    """pytest's report of a failed test: the exception line and everything after it behind "E"."""
    lines = t.split("\n")
    at = next((i for i, ln in enumerate(lines) if _EXC_START.match(ln)), len(lines))
    return "\n".join(lines[:at] + [("E       " + ln).rstrip() for ln in lines[at:]])


def _task_group(t: str) -> str:
    """The report as Python prints an exception group holding it (a server's asyncio.TaskGroup):
    the group's own traceback, then the report behind the sub-exception's `    | ` bars."""
    head = ["  + Exception Group Traceback (most recent call last):",
            '  |   File "/srv/app/serve.py", line 41, in handle',
            "  |     async with asyncio.TaskGroup() as tg:",
            "  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)",
            "  +-+---------------- 1 ----------------"]
    return "\n".join(head + ["    | " + ln for ln in t.split("\n")] + ["    +------------------------------------"])


def _json_logger(t: str) -> str:
    """One record of a JSON logger (python-json-logger, structlog): the traceback in `exc_info`,
    its newlines escaped, beside the record's stamp and level; the message is empty (any words
    there would be words the report did not say)."""
    return json.dumps({"asctime": "2026-01-01 12:00:00,123", "levelname": "ERROR",
                       "message": "", "exc_info": t})


def _docker_json(t: str) -> str:
    """Docker's json-file log driver: one JSON object per line, each line's text in `log`."""
    return "\n".join(json.dumps({"log": ln + "\n", "stream": "stderr", "time": "2026-01-01T12:00:00.1Z"})
                     for ln in t.split("\n"))


def _utf16(t: str) -> bytes:
    """Saved by Windows PowerShell 5.1 (`2> err.txt`): UTF-16 with a BOM, CRLF line ends."""
    return t.replace("\n", "\r\n").encode("utf-16")


# (name, wrapper): each one a way a real log reaches a report, the words untouched.
WRAPPERS: tuple[tuple[str, Callable[[str], str | bytes]], ...] = (
    ("github-quote", _each_line("> ")),
    ("kubectl-logs", _each_line("2026-01-01T12:00:00.123456789Z stderr F ")),
    ("torchrun-rank", _each_line("[rank0]: ")),
    ("ray-worker", _each_line("(RayWorkerWrapper pid=4821, ip=10.0.0.7) ")),
    ("docker-compose", _each_line("server-1  | ")),
    ("python-logging", _each_line("[2026-01-01 12:00:00,123] [ERROR] worker-3: ")),
    ("terminal-colour", lambda t: "\n".join(f"\x1b[31m{ln}\x1b[0m" for ln in t.split("\n"))),
    ("windows", _windows),
    ("indented", _each_line("    ")),
    ("pytest", _pytest),
    ("task-group", _task_group),
    ("powershell-utf16", _utf16),
    ("utf16-as-utf8", lambda t: _utf16(t).decode("utf-8", errors="replace")),
    ("json-logger", _json_logger),
    ("docker-json-file", _docker_json),
    ("json-escaped-value", lambda t: json.dumps(t)[1:-1]),  # a log record's value copied out
    ("logrotate-gzip", lambda t: gzip.compress(t.encode("utf-8"))),  # err.log.1.gz
)


def hard_wrap(text: str, width: int) -> str:
    """Every line cut at `width` columns, the way some consoles copy."""
    return "\n".join(ln[i:i + width] for ln in text.split("\n") for i in range(0, max(len(ln), 1), width))


LOSSES: tuple[tuple[str, Callable[[dict], str]], ...] = (
    ("no-title", lambda row: row.get("error_text") or ""),
    ("hard-wrap-100", lambda row: hard_wrap(report_text(row), 100)),
)


def read(text: str | bytes) -> str:
    """The category read from the text as `diagnose()` takes it (bytes are decoded there)."""
    return diagnose_text(error_text(text)).category.value


def measure(rows: list[dict]) -> list[tuple[str, float, float]]:
    """(name, share read as plain, top-1) per wrapper and loss, plain first."""
    plain = [read(report_text(r)) for r in rows]
    n = max(len(rows), 1)
    out = [("plain", 1.0, sum(p == r["category"] for p, r in zip(plain, rows)) / n)]
    variants: list[tuple[str, Callable[[dict], str | bytes]]] = [
        (name, (lambda w: lambda row: w(report_text(row)))(wrap)) for name, wrap in WRAPPERS]
    variants += list(LOSSES)
    for name, make in variants:
        got = [read(make(r)) for r in rows]
        out.append((name, sum(g == p for g, p in zip(got, plain)) / n,
                    sum(g == r["category"] for g, r in zip(got, rows)) / n))
    return out


def _default_sets() -> list[Path]:
    from benchmarks.calibration import blind_sets

    shared = ROOT.parent / "shared" / "corpus" / "dev.jsonl"
    dev = shared if shared.exists() else ROOT / "tests" / "fixtures" / "corpus" / "dev.jsonl"
    return [dev] + blind_sets()


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or _default_sets()
    rows = [json.loads(ln) for p in paths for ln in p.read_text().splitlines() if ln.strip()]
    print(f"reports: {len(rows)} from {len(paths)} file(s)")
    print(f"{'variant':16s} {'same as plain':>13s} {'top-1':>7s}")
    for name, same, top1 in measure(rows):
        print(f"{name:16s} {same:13.3f} {top1:7.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
