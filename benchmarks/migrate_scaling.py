"""How `migrate_source`'s time grows with the number of legacy calls in one file, side by side in
one run: the same source of n calls and of 8n calls, each timed `--repeat` times (minimum kept).

A linear migrator takes about 8x as long on 8n calls. Before stop 62 each nested render scanned
every edit of the file and each compile call walked its whole scope, so the time grew with the
square of the calls. Also timed: the same file of plain calls (no legacy API), the floor set by
parsing and walking the tree, and the legacy file with one name rebound by every pair, whose
reads each compile still checks (that part stays quadratic, with a small constant).

Run from the repository root: `python3 benchmarks/migrate_scaling.py [--calls 1000] [--json]`.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LEGACY = "so{i} = torch._export.aot_compile(model, (x,))\nfn{i} = torch._export.aot_load(so{i}, 'cpu')\n"
PLAIN = "so{i} = compile_model(model, (x,))\nfn{i} = load_model(so{i}, 'cpu')\n"
REBOUND = "so = torch._export.aot_compile(model, (x,))\nfn = torch._export.aot_load(so, 'cpu')\n"


def source(pair: str, n: int) -> str:
    """n call pairs, each with its own names (or one name rebound n times: REBOUND)."""
    return "".join(pair.format(i=i) for i in range(n))


def best(source: str, repeat: int) -> tuple[float, int]:
    """Fewest seconds of `repeat` migrations of `source`, and how many changes it made."""
    from aotidebug import migrate_source

    times, changes = [], 0
    for _ in range(repeat):
        t = time.perf_counter()
        result = migrate_source(source)
        times.append(time.perf_counter() - t)
        changes = len(result.changes)
    return min(times), changes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=1000, help="legacy call pairs in the small file")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    n = args.calls
    small, small_changes = best(source(LEGACY, n), args.repeat)
    large, large_changes = best(source(LEGACY, 8 * n), args.repeat)
    plain, _ = best(source(PLAIN, 8 * n), args.repeat)
    rebound, _ = best(source(REBOUND, 8 * n), args.repeat)
    row = {"pairs_small": n, "pairs_large": 8 * n, "seconds_small": round(small, 3),
           "seconds_large": round(large, 3), "seconds_plain_large": round(plain, 3),
           "changes_small": small_changes, "changes_large": large_changes,
           "ratio_large_to_small": round(large / small, 2),
           "ratio_legacy_to_plain": round(large / plain, 2),
           "seconds_rebound_large": round(rebound, 3),
           "bytes_large": len(source(LEGACY, 8 * n))}
    if args.json:
        print(json.dumps(row))
    else:
        print(f"{n} legacy call pairs: {small:.3f} s ({small_changes} changes); "
              f"{8 * n}: {large:.3f} s ({large_changes} changes, {row['bytes_large']} bytes)")
        print(f"8x the calls took {row['ratio_large_to_small']}x the time "
              f"(linear: about 8; quadratic: about 64)")
        print(f"the same lines without legacy calls: {plain:.3f} s "
              f"(legacy file {row['ratio_legacy_to_plain']}x that)")
        print(f"{8 * n} pairs rebinding one name (each compile's result read in every later "
              f"line of the scope): {rebound:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
