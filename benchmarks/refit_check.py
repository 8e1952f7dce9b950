"""Would confidences re-fitted to each code's measured precision lift the share of rows at >= 0.7?

Usage: python3 benchmarks/refit_check.py [--fit-before 38] [--test-through 41] [--min-rows 8]
                                         [--min-precision 0.9]

A cross-validated answer, on the blind sets of benchmarks/blind_sets.json split by the stop that
read them first (the "stop N" of each set's `when`; the earliest sets, read by stop 26, name no
stop and count as stop 0):
- fit: the sets read before `--fit-before`. A code (the one that decided a row's top reading)
  that decided at least `--min-rows` of their rows at a precision of at least `--min-precision`
  would be raised to 0.7;
- test: the sets read from `--fit-before` through `--test-through`. Prints, for their public and
  their live rows apart, how many rows are at >= 0.7 and right now, and after the raise (a row
  moves when its deciding code would be raised). Only the top reading's confidence is changed:
  a raise that reorders candidates is not simulated.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aotidebug.core.routing.classify import diagnose_text  # noqa: E402
from calibration import manifest, rows  # noqa: E402
from corpus_accuracy import report_text  # noqa: E402

HIGH = 0.7


def stop_of(when: str) -> int:
    m = re.search(r"\(stop (\d+)", when)
    return int(m.group(1)) if m else 0


def readings(path: Path) -> list[tuple[str, str, float, str]]:
    """`(label, top category, confidence, deciding code)` per row."""
    out = []
    for row in rows([path]):
        d = diagnose_text(report_text(row))
        out.append((row["category"], d.category.value, d.confidence, d.code))
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit-before", type=int, default=38)
    ap.add_argument("--test-through", type=int, default=41)
    ap.add_argument("--min-rows", type=int, default=8)
    ap.add_argument("--min-precision", type=float, default=0.9)
    a = ap.parse_args(argv)
    decided: Counter[str] = Counter()
    right: Counter[str] = Counter()
    test: dict[str, list[tuple[str, str, float, str]]] = {"public": [], "live": []}
    for s in manifest():
        stop = stop_of(s["when"])
        if stop > a.test_through:
            continue  # read after the test window: neither fitted nor tested
        read = readings(ROOT / "benchmarks" / s["file"])
        if stop < a.fit_before:
            for want, got, _conf, code in read:
                decided[code] += 1
                right[code] += want == got
        else:
            test["live" if s["file"].startswith("live_blind") else "public"] += read
    raised = {c for c, n in decided.items() if n >= a.min_rows and right[c] / n >= a.min_precision
              and c not in ("AOTD000", "AOTS000")}  # unknown and the phase prior are not readings
    print(f"fit: sets read before stop {a.fit_before}; {len(raised)} codes decide >= {a.min_rows} rows "
          f"at precision >= {a.min_precision}")
    for kind, read in test.items():
        now = [(w, g) for w, g, c, _ in read if c >= HIGH]
        after = [(w, g) for w, g, c, code in read if c >= HIGH or code in raised]
        print(f"test ({kind}, stops {a.fit_before}-{a.test_through}, {len(read)} rows): at >= {HIGH} now "
              f"{len(now)} ({sum(w == g for w, g in now)} right), after the raise {len(after)} "
              f"({sum(w == g for w, g in after)} right)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
