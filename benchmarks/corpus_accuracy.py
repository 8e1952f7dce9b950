"""Top-1 / top-3 accuracy of the text classifier on a labelled corpus (JSON lines).

Usage: python3 benchmarks/corpus_accuracy.py /work/shared/corpus/dev.jsonl [--verbose]

Each row needs `error_text` and `category`; the title is prepended when present (a pasted report
has one). Prints accuracy, the confusion list (expected -> got, with the row id) and the
confidence the classifier claimed on right and wrong answers.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aotidebug.core.routing.classify import diagnose_text  # noqa: E402


def report_text(row: dict) -> str:
    return "\n".join(p for p in (row.get("title") or "", row.get("error_text") or "") if p)


def evaluate(rows: list[dict]) -> dict:
    top1 = top3 = 0
    confusion: list[tuple[str, str, str, float]] = []
    right_conf: list[float] = []
    wrong_conf: list[float] = []
    for row in rows:
        d = diagnose_text(report_text(row))
        want = row["category"]
        ranked = [c.category.value for c in d.candidates] or [d.category.value]
        if ranked[0] == want:
            top1 += 1
            right_conf.append(d.confidence)
        else:
            wrong_conf.append(d.confidence)
            confusion.append((want, ranked[0], row.get("id", "?"), d.confidence))
        if want in ranked[:3]:
            top3 += 1
    n = max(len(rows), 1)
    return {"n": len(rows), "top1": top1 / n, "top3": top3 / n, "confusion": confusion,
            "right_conf": right_conf, "wrong_conf": wrong_conf}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    rows = [json.loads(line) for line in Path(argv[0]).read_text().splitlines() if line.strip()]
    r = evaluate(rows)
    print(f"rows: {r['n']}")
    print(f"top-1 accuracy: {r['top1']:.3f}")
    print(f"top-3 accuracy: {r['top3']:.3f}")
    if r["right_conf"]:
        print(f"median confidence when right: {statistics.median(r['right_conf']):.2f}")
    if r["wrong_conf"]:
        print(f"median confidence when wrong: {statistics.median(r['wrong_conf']):.2f}")
    print("confusion (expected -> got):")
    for (want, got), k in Counter((w, g) for w, g, _, _ in r["confusion"]).most_common():
        ids = ", ".join(i for w, g, i, _ in r["confusion"] if (w, g) == (want, got))
        print(f"  {want} -> {got}: {k}  [{ids}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
