"""Classifier speed, measured side by side in one run.

Usage: python3 benchmarks/classify_speed.py [--mb 40]

1. Median time to diagnose one typical error text (a real CPU log from tests/fixtures/logs), and
   of a 4 KB prose report with no traceback (every sentence a complaint: the phase is read from
   its words, text/phase_words.py, the slowest path a short text takes).
2. A large log (tens of MB) built from the real fixture texts interleaved with training-style
   noise lines whose numbers and words vary: time of `diagnose_text` against ONE precompiled-regex
   pass over the same text (`finditer` of one table regex compiled the way the table compiles
   it, IGNORECASE | MULTILINE). A literal, case-sensitive regex pass is printed as well.
"""

from __future__ import annotations

import random
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aotidebug.core.routing.classify import classify, diagnose_text  # noqa: E402

LOGS = ROOT / "tests" / "fixtures" / "logs"


def samples(fn, n=300):
    """Wall times of `n` calls of `fn` (after one warm call: patterns compile on first use)."""
    fn()
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


def best_of(fn, n=3):
    return min(samples(fn, n))


def large_log(mb: float, seed: int = 0) -> str:
    rng = random.Random(seed)
    real = [p.read_text() for p in sorted(LOGS.glob("*.txt"))]
    words = ["step", "loss", "lr", "tokens/s", "batch", "epoch", "grad_norm", "eval", "ckpt", "warmup",
             "rank", "throughput", "mem", "ms"]
    parts, size, i = [], 0, 0
    while size < mb * 1e6:
        i += 1
        if i % 2000 == 0:
            chunk = rng.choice(real)
        else:
            chunk = (f"[2025-01-{1 + i % 28:02d} 12:{i % 60:02d}:{i % 59:02d}] INFO {rng.choice(words)}={i} "
                     f"{rng.choice(words)}={rng.random():.5f} {rng.choice(words)} {rng.randint(0, 10**9)}\n")
        parts.append(chunk)
        size += len(chunk)
    return "".join(parts)


def main(argv: list[str]) -> int:
    mb = float(argv[argv.index("--mb") + 1]) if "--mb" in argv else 40.0
    typical = (LOGS / "cpu-float64-input.txt").read_text()
    typ = samples(lambda: diagnose_text(typical))
    print(f"typical text: {len(typical)} chars; median diagnose_text: {statistics.median(typ) * 1e3:.3f} ms "
          f"(min {min(typ) * 1e3:.3f}, p90 {sorted(typ)[int(len(typ) * 0.9)] * 1e3:.3f} ms; on a "
          f"shared VM the minimum is the steadier figure)")
    prose = ("The AOTI compiled model fails at inference and the outputs look wrong. " * 64)[:4200]
    prose_s = samples(lambda: diagnose_text(prose))
    print(f"prose report: {len(prose)} chars, no traceback; median diagnose_text: "
          f"{statistics.median(prose_s) * 1e3:.3f} ms (min {min(prose_s) * 1e3:.3f} ms)")
    from aotidebug import diagnose

    public = samples(lambda: diagnose(typical))
    table_rx_small = re.compile(r"\bseg(?:ment(?:ation)?)?[ -]?fault", re.I | re.M)
    one_pass = samples(lambda: sum(1 for _ in table_rx_small.finditer(typical)))
    med_pub, med_rx = statistics.median(public), statistics.median(one_pass)
    print(f"  aotidebug.diagnose(text): median {med_pub * 1e3:.3f} ms; one table-style regex pass over the "
          f"same text: {med_rx * 1e3:.4f} ms (ratio {med_pub / med_rx:.0f}x)")

    text = large_log(mb)
    table_rx = re.compile(r"\bseg(?:ment(?:ation)?)?[ -]?fault", re.I | re.M)
    literal_rx = re.compile(r"index out of bounds: 0 <= (\w+) < (\w+)")
    t_table = best_of(lambda: sum(1 for _ in table_rx.finditer(text)))
    t_literal = best_of(lambda: sum(1 for _ in literal_rx.finditer(text)))
    t_diag = best_of(lambda: diagnose_text(text))
    t_classify = best_of(lambda: classify(text))
    print(f"large log: {len(text) / 1e6:.1f} MB")
    print(f"  one table-style regex pass (re.I|re.M): {t_table:.3f} s")
    print(f"  one literal case-sensitive regex pass:  {t_literal:.3f} s")
    print(f"  classify():     {t_classify:.3f} s  ratio vs table regex {t_classify / t_table:.2f}x")
    print(f"  diagnose_text(): {t_diag:.3f} s  ratio vs table regex {t_diag / t_table:.2f}x, "
          f"vs literal regex {t_diag / t_literal:.1f}x")
    print(f"  throughput: {len(text) / 1e6 / t_diag:.1f} MB/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
