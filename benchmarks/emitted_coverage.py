"""How the classifier reads the error messages AOTI itself emits (its runtime headers, the package
loader and runner, the Python packaging and build code), each labelled with the cause its check
guards, read from the source around it.

Usage: python3 benchmarks/emitted_coverage.py [tests/fixtures/emitted/aoti_messages.jsonl]

A report nobody has seen yet still quotes one of these messages more often than not, so this is
the vocabulary the table must cover, independent of how any reporter worded the rest. Prints
top-1 and top-3 (as `corpus_accuracy.py` counts them), the share read `unknown`, and the misses.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus_accuracy import evaluate  # noqa: E402

DEFAULT = ROOT / "tests" / "fixtures" / "emitted" / "aoti_messages.jsonl"


def rows_of(path: Path) -> list[dict]:
    """The fixture's rows as corpus rows: the rendered message is the whole report."""
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            out.append({"id": r["id"], "error_text": r["message"], "category": r["category"],
                        "phase": r.get("phase", "")})
    return out


def main(argv: list[str]) -> int:
    rows = rows_of(Path(argv[0]) if argv else DEFAULT)
    r = evaluate(rows)
    unknown = sum(1 for w, g, _, _ in r["confusion"] if g == "unknown")
    print(f"messages: {r['n']}")
    print(f"top-1: {r['top1']:.3f}  top-3: {r['top3']:.3f}  read unknown: {unknown}")
    by_cat = Counter(row["category"] for row in rows)
    missed = Counter(w for w, _, _, _ in r["confusion"])
    print("per category (right / messages):")
    for cat, n in by_cat.most_common():
        print(f"  {cat:22s} {n - missed[cat]:3d} / {n}")
    print("misses (expected -> got):")
    for want, got, rid, conf in sorted(r["confusion"]):
        print(f"  {want} -> {got} ({conf:.2f})  {rid}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
