"""Calibration of the text reading on the blind sets: confidence bucket -> measured precision.

Usage: python3 benchmarks/calibration.py [FILE.jsonl ...]   (default: the sets in benchmarks/blind_sets.json)

Each row's text (title + error_text) is diagnosed with `diagnose_text`; a row counts as right when
the top category equals its label. The table is what docs/calibration.md reports and what
tests/test_calibration.py holds: precision must not fall as confidence rises.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aotidebug.core.routing.classify import diagnose_text  # noqa: E402

BUCKETS = ((0.0, 0.3), (0.3, 0.6), (0.6, 0.7), (0.7, 1.01))


def manifest() -> list[dict]:
    """The rows of benchmarks/blind_sets.json: each blind set with its first reading."""
    return json.loads((ROOT / "benchmarks" / "blind_sets.json").read_text())["sets"]


def blind_sets() -> list[Path]:
    """The blind sets whose first reading is taken (the manifest); never a glob, so a set still
    being collected is not read before its first reading."""
    return [ROOT / "benchmarks" / s["file"] for s in manifest()]


def rows(paths: list[Path]) -> list[dict]:
    out = []
    for p in paths:
        out += [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
    return out


def readings(data: list[dict]) -> list[tuple[float, bool]]:
    out = []
    for row in data:
        text = "\n".join(p for p in (row.get("title") or "", row.get("error_text") or "") if p)
        d = diagnose_text(text)
        out.append((d.confidence, d.category.value == row["category"]))
    return out


def table(pairs: list[tuple[float, bool]]) -> list[tuple[float, float, int, float | None]]:
    """(low, high, rows, precision) per bucket; precision None for an empty bucket."""
    out = []
    for lo, hi in BUCKETS:
        hits = [ok for c, ok in pairs if lo <= c < hi]
        out.append((lo, hi, len(hits), sum(hits) / len(hits) if hits else None))
    return out


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or blind_sets()
    pairs = readings(rows(paths))
    print(f"rows: {len(pairs)} from {', '.join(p.name for p in paths)}")
    print("| confidence | rows | share | precision |")
    print("|---|---|---|---|")
    for lo, hi, n, prec in table(pairs):
        share = n / max(len(pairs), 1)
        print(f"| {lo:.1f}-{min(hi, 1.0):.1f} | {n} | {share:.0%} | {'-' if prec is None else f'{prec:.2f}'} |")
    high = [ok for c, ok in pairs if c >= 0.7]
    if high:
        print(f"at confidence >= 0.7: precision {sum(high) / len(high):.2f} on {len(high) / len(pairs):.0%} of rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
