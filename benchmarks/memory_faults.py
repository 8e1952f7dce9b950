"""`diagnose()` with one failing allocation, at points spread over its whole first (cold) call.

Usage: python3 benchmarks/memory_faults.py [--samples N] [--seed S] [--span K] [--limit ALLOCS]
       [--timeout SECONDS]

CPython's `_testcapi.set_nomemory(n, n + K)` fails allocations n..n+K-1 counted from the call; each
point runs in a forked child of a parent that imported torch and made a real allocation failure
(`torch.empty(10**13)`), then `diagnose()`s it cold. Every outcome must be `out_of_memory`: the
text's reading (AOTD801) when the failure did not touch the reading, or `STARVED` (AOTP033).
Measured with this script (`--samples 1000 --seed 11`, torch 2.14.1, CPython 3.11.7): 10 points
read `unknown` before the fix, 0 after. `re`'s compiler raised "SystemError: ... returned NULL
without setting an exception" (a MemoryError CPython lost) and the classifier's last line of
defence took it for its own bug (0 of 1000 after, on torch 2.13.0 too). Exit 1 on any other
outcome; needs Linux (fork) and `_testcapi` (CPython's test module).

`--span 1000000000` fails every allocation from n on, harsher than a real cap (which fails large
requests and lets small ones through): 60 points, seed 7: 58 `out_of_memory` and 2 children that
spin inside CPython until their alarm (`--timeout`) kills them, against 59 and 1 at 14bc8ce; the
handlers take a `MemoryError` in a clause of its own, which calls nothing, because a call
allocates a frame and would raise a second one (measured: 4 of 6 points raised out of
`diagnose()` when the check was a call).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OK = {("out_of_memory", "AOTD801"), ("out_of_memory", "AOTP033")}


def one_point(exc: BaseException, n: int, span: int, timeout: int = 60) -> str:
    """Outcome of `diagnose(exc)` in a forked child whose allocations n..n+span-1 fail; a child
    still running after `timeout` seconds is killed by its own alarm (CPython can spin when every
    allocation fails) and reported as died."""
    import _testcapi  # type: ignore[import-not-found]

    import aotidebug.api

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(r)
        code = 0
        signal.alarm(timeout)  # SIGALRM's default action ends the child; the parent reaps it
        try:
            _testcapi.set_nomemory(n, n + span)
            try:
                d = aotidebug.api.diagnose(exc)
            finally:
                _testcapi.remove_mem_hooks()  # before anything here allocates: only diagnose() is measured
            out = [d.category.value, d.code]
        except BaseException as e:  # the call itself could not be made (the first few points)
            out = ["raised", type(e).__name__]
        try:
            os.write(w, json.dumps(out).encode())
        except BaseException:
            code = 3
        os._exit(code)
    os.close(w)
    chunks = []
    while chunk := os.read(r, 65536):
        chunks.append(chunk)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return f"child died (status {status})"
    category, code = json.loads(b"".join(chunks))
    return f"{category} {code}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--span", type=int, default=1, help="allocations failing from each point")
    ap.add_argument("--limit", type=int, default=700_000,
                    help="points drawn from 0..limit (a cold diagnose() makes about 600k allocations)")
    ap.add_argument("--skip", type=int, default=8, help="the first points fail the call itself")
    ap.add_argument("--timeout", type=int, default=60, help="seconds before a child is killed")
    args = ap.parse_args()
    try:
        import _testcapi  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        print("memory_faults: this Python has no _testcapi; nothing measured", file=sys.stderr)
        return 2
    if not hasattr(os, "fork"):
        print("memory_faults: needs fork (Linux); nothing measured", file=sys.stderr)
        return 2
    import torch

    import aotidebug.api  # noqa: F401  imported, nothing read yet: the cold path

    try:
        torch.empty(10**13)
    except RuntimeError as e:
        exc = e
    points = sorted(random.Random(args.seed).sample(range(args.skip, args.limit), args.samples))
    seen: dict[str, list[int]] = defaultdict(list)
    for n in points:
        seen[one_point(exc, n, args.span, args.timeout)].append(n)
    bad = 0
    print(f"{args.samples} points in {args.skip}..{args.limit}, seed {args.seed}, span {args.span}")
    for outcome, ns in sorted(seen.items(), key=lambda kv: -len(kv[1])):
        good = tuple(outcome.split(" ", 1)) in OK
        bad += 0 if good else len(ns)
        print(f"  {len(ns):5d}  {outcome}{'' if good else '   <- not out_of_memory'}  e.g. {ns[:5]}")
    print(f"not out_of_memory: {bad} of {args.samples}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
