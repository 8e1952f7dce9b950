"""What safe loading costs, measured side by side in one process (issue 3).

    python3 benchmarks/safe_load_overhead.py [--loads N] [--calls N] [--json]

1. load: `safe_load` vs raw `aoti_load_package` on the same package, interleaved; also the fixed
   cost of reading the archive once (`inspect_package`), which pre-flight needs. Target:
   safe <= 1.2 x raw, beyond that fixed cost. Once more for the same package extracted to a
   folder (`aoti_load_package` and `safe_load` both take one; stop 50).
2. per call: median overhead of the input check over a raw call (target < 5 us per input tensor),
   and the precompiled checker alone; once for one input, once for three inputs whose sizes the
   program ties together (tests/models/tied.py: a shared batch and a derived `2*t`, AOTC037).
   Once more for a package whose kernel indexes a table with an input (tests/models/iob_tables.py,
   a (4, 40) id tensor): the id range check (AOTC039, one `aminmax` per call), beside
   `check_indices=False`, and what building that check adds to a load (reading the sources).
3. isolated round trip: worker call vs in-process call, for a (2, 8) input and for a 100 MiB
   (5120, 5120) float32 input and output; a 100 MiB `clone()` is shown as the cost of one copy.
Packages come from the test cache (tests/packages.py): the first run compiles them.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def median_s(fn, n: int) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def interleaved(fns: dict, rounds: int, per_round: int = 1, ratios: tuple = ()) -> dict:
    """Median seconds per call of each function, measured in alternating rounds (fair under
    noise); `ratios` names (a, b) pairs whose per-round ratio a/b is reported as a median too."""
    samples: dict = {k: [] for k in fns}
    names = list(fns)
    for r in range(rounds):
        for k in names[r % len(names):] + names[:r % len(names)]:  # rotate: no fixed first slot
            fn = fns[k]
            fn()  # warm: caches and allocator in the state this function leaves them
            keep = []  # results die outside the timed region (unloading a package costs too)
            t0 = time.perf_counter()
            for _ in range(per_round):
                keep.append(fn())
            samples[k].append((time.perf_counter() - t0) / per_round)
            del keep
        gc.collect()
    out = {k: statistics.median(v) for k, v in samples.items()}
    for a, b in ratios:
        out[f"{a}/{b}"] = statistics.median(x / y for x, y in zip(samples[a], samples[b]))
    return out


def bench_load(pkg: Path, loads: int) -> dict:
    from torch._inductor import aoti_load_package

    import aotidebug
    from aotidebug.package.inspect import inspect_package
    from aotidebug.runtime.safe_load import preflight

    aoti_load_package(str(pkg))  # warm the page cache and torch's lazy imports
    aotidebug.safe_load(pkg)
    m = interleaved({"raw": lambda: aoti_load_package(str(pkg)),
                     "safe_load": lambda: aotidebug.safe_load(pkg),
                     "inspect_package": lambda: inspect_package(pkg),
                     "preflight": lambda: preflight(str(pkg))}, loads,
                    ratios=(("safe_load", "raw"),))
    m["ratio"] = m.pop("safe_load/raw")  # median of per-round ratios: robust on a busy host
    m["ratio_beyond_archive_read"] = (m["safe_load"] - m["inspect_package"]) / m["raw"]
    m["overhead"] = m["safe_load"] - m["raw"]
    return m


def bench_call(pkg: Path, args: tuple, calls: int) -> dict:
    from torch._inductor import aoti_load_package

    import aotidebug
    from aotidebug.checks.inputs import compile_input_checker

    raw = aoti_load_package(str(pkg))
    safe = aotidebug.safe_load(pkg)
    unchecked = aotidebug.safe_load(pkg, check_inputs=False)
    checker = compile_input_checker(safe.info)
    m = interleaved({"raw": lambda: raw(*args), "safe": lambda: safe(*args),
                     "safe_unchecked": lambda: unchecked(*args),
                     "checker_only": lambda: checker(args, None)}, calls // 50, 50)
    m["overhead_per_call"] = m["safe"] - m["raw"]
    m["overhead_per_tensor"] = m["overhead_per_call"] / len(args)
    m["ties"] = len(checker.ties)
    return m


def bench_index(pkg: Path, args: tuple, calls: int, loads: int) -> dict:
    """The id range check: per call (safe with and without it, and the check alone) and per load."""
    from torch._inductor import aoti_load_package

    import aotidebug

    raw = aoti_load_package(str(pkg))
    safe = aotidebug.safe_load(pkg)
    no_index = aotidebug.safe_load(pkg, check_indices=False)
    check = safe._index_check
    assert check is not None and check.reads, "the package should hold a plain index read"
    m = interleaved({"raw": lambda: raw(*args), "safe": lambda: safe(*args),
                     "safe_no_index": lambda: no_index(*args),
                     "index_check_only": lambda: check(args, None)}, calls // 50, 50)
    m["index_overhead_per_call"] = m["safe"] - m["safe_no_index"]
    loads_m = interleaved({"load_safe": lambda: aotidebug.safe_load(pkg),
                           "load_no_index": lambda: aotidebug.safe_load(pkg, check_indices=False)}, loads)
    m.update(loads_m)
    m["index_load_overhead"] = loads_m["load_safe"] - loads_m["load_no_index"]
    return m


def bench_isolated(pkg: Path, x, calls: int) -> dict:
    import torch

    import aotidebug

    inproc = aotidebug.safe_load(pkg)
    with aotidebug.safe_load(pkg, isolate=True, timeout=600) as iso:
        assert torch.equal(iso(x), inproc(x))
        m = interleaved({"in_process": lambda: inproc(x), "isolated": lambda: iso(x)}, calls)
    m["round_trip_overhead"] = m["isolated"] - m["in_process"]
    m["input_mib"] = x.numel() * x.element_size() / 2**20
    if m["input_mib"] >= 16:
        m["one_clone"] = median_s(lambda: x.clone(), max(3, calls // 2))
    return m


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--loads", type=int, default=40)
    p.add_argument("--calls", type=int, default=20000)
    p.add_argument("--big-calls", type=int, default=9)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)

    import torch

    from tests import packages

    torch.manual_seed(0)
    small = packages.build("small")
    wide = packages.build("sl_wide")
    x_small = packages.spec("small")["inputs"][0]
    x_wide = torch.randn(5120, 5120)
    folder = Path(tempfile.mkdtemp(prefix="aotidebug-bench-folder-"))
    with zipfile.ZipFile(small) as z:  # the same package, extracted as a deployment might ship it
        z.extractall(folder)
    logging.getLogger("torch").setLevel(logging.ERROR)  # 2.13/2.14 log two fallback lines per folder load
    results = {
        "torch": torch.__version__, "threads": torch.get_num_threads(),
        "load_small": bench_load(small, a.loads),
        "load_folder": bench_load(folder, a.loads),
        "call_small": bench_call(small, (x_small,), a.calls),
        "call_tied": bench_call(packages.build("tied"), tuple(packages.spec("tied")["inputs"]), a.calls),
        "call_index": bench_index(packages.build("iob_tables"), tuple(packages.spec("iob_tables")["inputs"]),
                                  a.calls, a.loads),
        "isolated_small": bench_isolated(small, x_small, max(50, a.calls // 100)),
        "isolated_100mib": bench_isolated(wide, x_wide, a.big_calls),
    }
    shutil.rmtree(folder, ignore_errors=True)
    if a.json:
        print(json.dumps(results, indent=2))
        return 0
    ms, us = 1e3, 1e6
    ld, cl, i1, i2 = (results[k] for k in ("load_small", "call_small", "isolated_small", "isolated_100mib"))
    print(f"torch {results['torch']}, {results['threads']} threads; medians")
    print(f"load    raw aoti_load_package {ld['raw'] * ms:8.2f} ms | safe_load {ld['safe_load'] * ms:8.2f} ms"
          f" | inspect_package {ld['inspect_package'] * ms:.2f} ms | full preflight {ld['preflight'] * ms:.2f} ms")
    print(f"        +{ld['overhead'] * ms:.2f} ms; ratio {ld['ratio']:.2f}x (median of per-round "
          f"ratios); beyond reading the archive once {ld['ratio_beyond_archive_read']:.2f}x "
          "(target <= 1.2x)")
    lf = results["load_folder"]
    print(f"folder  raw aoti_load_package {lf['raw'] * ms:8.2f} ms | safe_load {lf['safe_load'] * ms:8.2f} ms"
          f" | inspect_package {lf['inspect_package'] * ms:.2f} ms | full preflight {lf['preflight'] * ms:.2f} ms")
    print(f"        the same package extracted: +{lf['overhead'] * ms:.2f} ms; ratio {lf['ratio']:.2f}x; "
          f"beyond listing and reading the folder once {lf['ratio_beyond_archive_read']:.2f}x (target <= 1.2x)")
    print(f"call    raw {cl['raw'] * us:7.2f} us | safe {cl['safe'] * us:7.2f} us | unchecked "
          f"{cl['safe_unchecked'] * us:7.2f} us | checker alone {cl['checker_only'] * us:.2f} us")
    print(f"        input-check overhead {cl['overhead_per_tensor'] * us:.2f} us per input tensor "
          "(target < 5 us)")
    ct = results["call_tied"]
    print(f"tied    raw {ct['raw'] * us:7.2f} us | safe {ct['safe'] * us:7.2f} us | checker alone "
          f"{ct['checker_only'] * us:.2f} us; 3 inputs, {ct['ties']} tied sizes")
    print(f"        input-check overhead {ct['overhead_per_tensor'] * us:.2f} us per input tensor "
          "(target < 5 us)")
    ci = results["call_index"]
    print(f"index   raw {ci['raw'] * us:7.2f} us | safe {ci['safe'] * us:7.2f} us | check_indices=False "
          f"{ci['safe_no_index'] * us:7.2f} us | the id range check alone {ci['index_check_only'] * us:.2f} us")
    print(f"        id range check +{ci['index_overhead_per_call'] * us:.2f} us per call (one index input);"
          f" load +{ci['index_load_overhead'] * ms:.2f} ms ({ci['load_no_index'] * ms:.2f} -> "
          f"{ci['load_safe'] * ms:.2f} ms) to read the sources and build it")
    print(f"isolated (2,8):    in-process {i1['in_process'] * us:8.1f} us | isolated "
          f"{i1['isolated'] * us:8.1f} us | round trip +{i1['round_trip_overhead'] * us:.1f} us")
    print(f"isolated 100 MiB:  in-process {i2['in_process'] * ms:8.1f} ms | isolated "
          f"{i2['isolated'] * ms:8.1f} ms | round trip +{i2['round_trip_overhead'] * ms:.1f} ms"
          f" | one 100 MiB clone {i2.get('one_clone', 0) * ms:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
