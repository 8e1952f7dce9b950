"""A twenty-third blind set of REAL AOTInductor failures (the loaded model at run time: concurrency, lifecycle and resources), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (P and Q), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind23.py [--out benchmarks/live_blind23.jsonl] [--keep]

Theme: the loaded model at run time: concurrency, lifecycle and resources (several threads
calling one loaded model, runner options, a model used across os.fork() and multiprocessing
with fork/spawn, pickling a loaded model, reloading packages, the package file removed while
loaded, memory and address-space limits at load and run, very large and merged batches, outputs
and inputs kept or modified between calls, inference_mode / forward-mode AD / autograd around
calls, deterministic-algorithms mode, the default dtype changed between compile and run, the
loader's constants and metadata APIs). No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind21.py (their TRIED
lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402
from live_blind import LIN, Case  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
BUILD = harness.BUILD

SETUP_P = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class Field(torch.nn.Module):
    # a pointwise field over a 1024 x 1024 grid: large enough to run an OpenMP parallel region
    def forward(self, x):
        return torch.sin(x) * 2 + torch.cos(x)

class Norm(torch.nn.Module):
    # row-normalised embeddings, exported for a static batch of 2
    def forward(self, x):
        return torch.nn.functional.normalize(x, dim=1) * 4

class Rescale(torch.nn.Module):
    def forward(self, x):
        x.mul_(2)  # rescales the request buffer in place
        return x.sum(1)

class Slots(torch.nn.Module):
    # per-slot state: one row per concurrent serving slot (4 slots)
    def __init__(self):
        super().__init__()
        self.state = torch.nn.Embedding(4, 8)
    def forward(self, x, slot):
        return x + self.state(slot)

build("lin23", M(), (torch.randn(2, 8),))  # first after manual_seed(0)
build("big23", Field(), (torch.randn(1024, 1024),))
build("norm23", Norm(), (torch.randn(2, 8),))
build("inpl23", Rescale(), (torch.randn(4, 4),))
build("slots23", Slots(), (torch.randn(2, 8), torch.tensor([0, 1])))
with open(os.path.join(out, "setup_p.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_Q = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + BUILD + """
class Pairwise(torch.nn.Module):
    # similarity of every row with every other row, over a dynamic number of rows
    def forward(self, x):
        return (x @ x.t()).sum(1)

class Wide(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2048, 4096)  # 32 MiB of weights
    def forward(self, x):
        return self.lin(x)

build("dlin23", M(), (torch.randn(4, 8),), dynamic_shapes=({0: Dim("batch", min=2, max=1024)},))
build("pair23", Pairwise(), (torch.randn(16, 8),), dynamic_shapes=({0: Dim("rows")},))
build("wide23", Wide(), (torch.randn(2, 2048),))
try:
    paths["so23"] = torch._export.aot_compile(M(), (torch.randn(2, 8),))  # the legacy API
except Exception as e:
    print("BUILD FAILED so23", repr(e)[:300], flush=True)
with open(os.path.join(out, "setup_q.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin23", "big23", "norm23", "inpl23", "slots23", "dlin23", "pair23", "wide23",
         "current23", "put23"}

PRE = "import torch\n"

# A forked child must never return into the harness's except clause: it always leaves with
# os._exit. The parent polls it and gives up after a deadline, as a supervisor would.
WAIT_CHILD = """
import time
def wait_child(pid, deadline):
    t0 = time.time()
    while time.time() - t0 < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.2)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    raise TimeoutError(f"worker {pid} did not finish within {deadline} s")
"""


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------------- inputs between calls
def case_01():
    return _c("case_01", "boxed-inputs-reused", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lin23}")
inputs = [torch.randn(2, 8)]          # a benchmark loop builds the input list once
for step in range(3):
    outs = m.loader.boxed_run(inputs)  # the loader's boxed entry point, to skip pytree work
""", "The loader's boxed_run steals its inputs: it empties the list it is given, so the second "
       "iteration of the benchmark loop passes an empty list.",
       "Call m(x) (or pass a fresh list, e.g. boxed_run(list(inputs)), on every call).",
       needs=("p",), match=r"inputs vector size")


def case_02():
    return _c("case_02", "notebook-float64-default", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lin23}")
torch.set_default_dtype(torch.float64)  # set earlier in the notebook for a numerics check
x = torch.randn(2, 8)                   # the request batch now comes out as float64
y = m(x)
""", "The package was compiled for float32; torch.set_default_dtype(torch.float64) was set at "
       "run time, so the requests built with torch.randn/torch.tensor are float64 and the "
       "compiled matmul rejects the dtype.",
       "Reset the default dtype (or build inputs with dtype=torch.float32 / x.float()) before "
       "calling the package.",
       needs=("p",), match=r"same dtype|Double")


def case_03():
    return _c("case_03", "float64-default-silent", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{norm23}")
torch.set_default_dtype(torch.float64)  # a library imported by the service sets it globally
x = torch.randn(2, 8)
y = m(x)
ref = torch.nn.functional.normalize(x, dim=1) * 4
torch.testing.assert_close(y, ref, check_dtype=False)
""", "The pointwise package was compiled for float32 inputs; with the default dtype switched to "
       "float64 at run time the requests are float64, and the fused kernel reads their bytes as "
       "float32, returning wrong values without an error.",
       "Build requests with an explicit dtype=torch.float32 (or reset the default dtype); "
       "AOTI_RUNTIME_CHECK_INPUTS=1 reports the dtype.",
       needs=("p",), match=r"not close|Mismatched")


def case_04():
    return _c("case_04", "merged-requests-static", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{norm23}")
reqs = [torch.randn(2, 8) for _ in range(3)]      # three concurrent requests
merged = torch.cat(reqs)                           # the micro-batcher merges them
outs = m(merged).split([r.shape[0] for r in reqs])  # and splits the results back
""", "A micro-batcher merges three concurrent requests (6 rows) for a package exported with a "
       "static batch of 2; the package returns 2 rows and splitting them back per request fails.",
       "Export with a dynamic batch Dim (or keep merged batches at the exported size).",
       needs=("p",), match=r"split_with_sizes|split_sizes")


def case_05():
    return _c("case_05", "merged-requests-over-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dlin23}")
reqs = [torch.randn(600, 8), torch.randn(600, 8)]  # two large concurrent requests
y = m(torch.cat(reqs))                              # merged into one batch of 1200 rows
""", "The package's batch Dim was exported with max=1024; the micro-batcher merges two "
       "600-row requests into 1200 rows, outside the declared range, which the input check "
       "rejects.",
       "Cap merged batches at the Dim's max (1024), or export with a larger max.",
       needs=("q",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too large")


def case_06():
    return _c("case_06", "last-request-alone", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dlin23}")
pending = [torch.randn(1, 8)]       # at low traffic the batcher flushes a single request
y = m(torch.cat(pending))
""", "The batch Dim was exported with min=2; at low traffic the micro-batcher flushes a single "
       "one-row request, below the declared range, which the input check rejects.",
       "Pad single requests to 2 rows (or export with min=1 using an example batch >= 2).",
       needs=("q",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too small")


def case_07():
    return _c("case_07", "slot-per-thread", "index_out_of_bounds", "run", """
import threading
m = torch._inductor.aoti_load_package("{slots23}")
errs = []
def worker(slot):
    try:
        m(torch.randn(2, 8), torch.tensor([slot, slot]))  # each thread uses its own state slot
    except Exception as e:
        errs.append(e)
threads = [threading.Thread(target=worker, args=(k,)) for k in range(6)]  # 6 serving threads
for t in threads: t.start()
for t in threads: t.join()
if errs:
    raise errs[0]
""", "The package keeps one state row per serving slot (an embedding of 4 slots); the server was "
       "scaled to 6 threads, so threads 4 and 5 index past the slot table.",
       "Size the slot table for the thread count (re-export) or cap the serving threads at 4.",
       needs=("p",), match=r"index out of bounds")


def case_08():
    return _c("case_08", "readonly-feature-map", "input_mismatch", "run", """
import numpy as np
np.save("{scratch}/feats.npy", np.random.rand(4, 4).astype(np.float32))
feats = np.load("{scratch}/feats.npy", mmap_mode="r")  # features memory-mapped read-only
m = torch._inductor.aoti_load_package("{inpl23}")
x = torch.from_numpy(feats)
print(m(x))
""", "The input is a read-only memory map (np.load(mmap_mode='r')) and the package rescales its "
       "input in place; the compiled kernel writes into the read-only pages and the process "
       "dies with SIGSEGV.",
       "Pass a writable copy (torch.from_numpy(np.array(feats))) to a package that mutates its "
       "input, or remove the in-place update from forward.",
       needs=("p",), expect="crash", match=r"Segmentation fault|Bus error")


# ------------------------------------------------------------------ weights between calls
def case_09():
    return _c("case_09", "shared-weights-keep-training", "constant_loading", "run", """
""" + LIN + """
m = torch._inductor.aoti_load_package("{lin23}")
trainer = M()
opt = torch.optim.SGD(trainer.parameters(), lr=0.5)
# zero-copy: the served model uses the trainer's parameter memory
m.load_constants({"lin.weight": trainer.lin.weight}, check_full_update=True, user_managed=True)
x = torch.randn(2, 8)
served = m(x)
for _ in range(3):  # training continues in the same process
    opt.zero_grad()
    trainer(torch.randn(16, 8)).pow(2).mean().backward()
    opt.step()
torch.testing.assert_close(m(x), served)  # the released version must not change
""", "The weights were handed over with user_managed=True, so the package reads the trainer's "
       "parameter memory directly; the optimizer keeps updating those parameters in place and "
       "the served model changes silently.",
       "Load a snapshot (user_managed=False, or w.detach().clone()) for a released model.",
       needs=("p",), match=r"not close|Mismatched")


def case_10():
    return _c("case_10", "bf16-default-refresh", "constant_loading", "run", """
""" + LIN + """
torch.manual_seed(0)
ref = M()  # the same initialisation as the packaged model
m = torch._inductor.aoti_load_package("{lin23}")
torch.set_default_dtype(torch.bfloat16)  # the fine-tuning job ran with a bf16 default
w = torch.randn(4, 8)                     # so the new weight is bfloat16
torch.set_default_dtype(torch.float32)
m.load_constants({"lin.weight": w}, check_full_update=True)
with torch.no_grad():
    ref.lin.weight.copy_(w.float())
x = torch.randn(2, 8)
torch.testing.assert_close(m(x), ref(x), rtol=2e-2, atol=2e-2)
""", "The refreshed weight was created under torch.set_default_dtype(torch.bfloat16), so it is "
       "bfloat16 for a float32 constant; load_constants copies it without a dtype check and the "
       "kernels read its bytes as float32.",
       "Cast refreshed weights to the compiled dtype (w.float()) before load_constants.",
       needs=("p",), match=r"not close|Mismatched")


def case_11():
    return _c("case_11", "staging-buffer-reused", "constant_loading", "run", """
a = torch._inductor.aoti_load_package("{lin23}")   # tenant A
b = torch._inductor.aoti_load_package("{dlin23}")  # tenant B, same layer shapes
staging = torch.empty(4, 8)                          # one staging buffer for weight uploads
staging.copy_(torch.randn(4, 8))
a.load_constants({"lin.weight": staging}, check_full_update=True, user_managed=True)
x = torch.randn(2, 8)
ya = a(x)
staging.copy_(torch.randn(4, 8))                     # upload tenant B's weights
b.load_constants({"lin.weight": staging}, check_full_update=True, user_managed=True)
torch.testing.assert_close(a(x), ya)
""", "Two packages are given their weights from one reused staging buffer with user_managed=True; "
       "both keep pointing at the buffer, so uploading tenant B's weights changes tenant A's "
       "model.",
       "Use user_managed=False (the loader copies), or give each model its own weight tensors.",
       needs=("p", "q"), match=r"not close|Mismatched")


def case_12():
    return _c("case_12", "candidate-copy", "unsupported", "run", """
import copy
m = torch._inductor.aoti_load_package("{lin23}")
x = torch.randn(2, 8)
before = m(x)
candidate = copy.deepcopy(m)  # an A/B candidate with new weights
candidate.load_constants({"lin.weight": torch.randn(4, 8)}, check_full_update=True)
torch.testing.assert_close(m(x), before)  # the production model must be unchanged
""", "copy.deepcopy of a loaded model does not copy its C++ loader (it only logs a warning): "
       "the candidate shares the production model's constants, so its weight update changes "
       "production too.",
       "Load the package a second time for the candidate (aoti_load_package(path)).",
       needs=("p",), match=r"not close|Mismatched")


# ---------------------------------------------------------------- autograd around calls
def case_13():
    return _c("case_13", "forward-mode-sensitivity", "unsupported", "run", """
import torch.autograd.forward_ad as fwAD
m = torch._inductor.aoti_load_package("{lin23}")
x, v = torch.randn(2, 8), torch.randn(2, 8)
with fwAD.dual_level():
    y = m(fwAD.make_dual(x, v))  # Jacobian-vector product through the deployed model
    jvp = fwAD.unpack_dual(y).tangent
    sensitivity = jvp.abs().sum()
""", "Forward-mode AD is run through the loaded package; it computes only primal values, so the "
       "dual tangent is dropped and the output has no tangent (None).",
       "Compute sensitivities with the eager model (or torch.func.jvp on it); AOTI packages are "
       "inference-only.",
       needs=("p",), match=r"NoneType")


def case_14():
    return _c("case_14", "metric-on-activations", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{inpl23}")  # a scoring package, applied to activations
w = torch.randn(4, 4, requires_grad=True)
h = torch.sigmoid(w)
score = m(h)          # logged as a metric during the training step
h.sum().backward()
s = torch.sigmoid(w.detach())
torch.testing.assert_close(w.grad, s * (1 - s))
""", "The scoring package rescales its input in place; called on an activation that autograd "
       "saved for backward, it changes the tensor without bumping its version counter, so "
       "autograd cannot detect it and the gradients are silently wrong (eager would raise).",
       "Pass h.detach().clone() to the package (or remove the in-place update from forward).",
       needs=("p",), match=r"not close|Mismatched")


def case_15():
    return _c("case_15", "frozen-features-head", "unknown", "run", """
m = torch._inductor.aoti_load_package("{lin23}")
with torch.inference_mode():         # feature extraction is run under inference_mode for speed
    feats = m(torch.randn(2, 8))
head = torch.nn.Linear(4, 2)
loss = head(feats).sum()             # the cached features train a new head
loss.backward()
""", "The features were computed under torch.inference_mode(), so the package's outputs are "
       "inference tensors; autograd may not save them for backward when they train the head.",
       "Use torch.no_grad() for the extraction, or clone the features (feats.clone()) outside "
       "inference mode before training.",
       needs=("p",), match=r"[Ii]nference tensors")


# ------------------------------------------------------------------ processes and fork
def case_16():
    return _c("case_16", "process-pool-spawn", "unsupported", "run", """
import concurrent.futures as cf, multiprocessing as mp
m = torch._inductor.aoti_load_package("{lin23}")
batches = [torch.randn(2, 8) for _ in range(4)]
with cf.ProcessPoolExecutor(2, mp_context=mp.get_context("spawn")) as ex:
    outs = list(ex.map(m, batches))
""", "The loaded model itself is submitted to a spawn process pool; the pool pickles the callable, "
       "and the model's C++ loader cannot be pickled.",
       "Submit a function that loads the package in the worker (e.g. in the pool initializer) and "
       "pass only the .pt2 path.",
       needs=("p",), match=r"pickle")


def case_17():
    return _c("case_17", "fork-pool-map", "unsupported", "run", """
import multiprocessing as mp
m = torch._inductor.aoti_load_package("{lin23}")
with mp.get_context("fork").Pool(2) as pool:  # fork, so the workers already have the model
    outs = pool.map(m, [torch.randn(2, 8) for _ in range(4)])
""", "Even with the fork start method, Pool.map pickles the function it is given for every task; "
       "here that function is the loaded model, whose C++ loader cannot be pickled.",
       "Map a module-level function that calls the model (a global inherited by the fork).",
       needs=("p",), match=r"pickle")


def case_18():
    return _c("case_18", "preforked-after-warmup", "unsupported", "run", """
import multiprocessing as mp
m = torch._inductor.aoti_load_package("{big23}")
m(torch.randn(1024, 1024))  # warm-up in the master before the workers are forked
def infer(seed):
    torch.manual_seed(seed)
    return m(torch.randn(1024, 1024)).sum().item()
pool = mp.get_context("fork").Pool(1)
try:
    print(pool.apply_async(infer, (1,)).get(timeout=20))
finally:
    pool.terminate()
""", "The master process runs the package once (an OpenMP parallel region) and then forks "
       "workers; GNU OpenMP is not fork-safe, so the worker's first parallel region waits forever "
       "for the parent's thread pool.",
       "Fork the workers before any OpenMP work in the master (load/warm up in each worker), use "
       "the spawn start method, or call torch.set_num_threads(1) in the worker.",
       needs=("p",), match=r"TimeoutError")


def case_19():
    return _c("case_19", "fork-after-preprocessing", "unsupported", "run", """
import os
""" + WAIT_CHILD + """
m = torch._inductor.aoti_load_package("{big23}")
grid = torch.randn(1024, 1024)
stats = torch.sin(grid).sum()  # the master only preprocesses (a parallel torch op)
pid = os.fork()
if pid == 0:
    try:
        m(grid)
    finally:
        os._exit(0)
wait_child(pid, 20)
""", "The master never calls the model, but a parallel torch op ran OpenMP before os.fork(); the "
       "package's kernels share that OpenMP runtime, whose thread pool does not exist in the "
       "child, so the child's call hangs.",
       "Fork before any parallel work, use spawn, or set torch.set_num_threads(1) in the child.",
       needs=("p",), match=r"TimeoutError")


def case_20():
    return _c("case_20", "load-after-fork", "unsupported", "load", """
import os
""" + WAIT_CHILD + """
grid = torch.randn(1024, 1024)
norm = torch.cos(grid).mean()  # parallel preprocessing in the parent
pid = os.fork()
if pid == 0:
    try:  # each worker loads its own copy of the package, as advised for multiprocessing
        m = torch._inductor.aoti_load_package("{big23}")
        m(grid)
    finally:
        os._exit(0)
wait_child(pid, 20)
""", "The worker loads its own copy of the package after the fork, but the parent had already "
       "started OpenMP's thread pool (a parallel torch op); the OpenMP runtime state inherited "
       "by the child is broken, so the child's first call hangs.",
       "Use the spawn start method for workers (or fork before any parallel work in the parent).",
       needs=("p",), match=r"TimeoutError")


def case_21():
    return _c("case_21", "legacy-runner-to-worker", "deprecated_api", "run", """
import multiprocessing as mp
run = torch._export.aot_load("{so23}", "cpu")  # the older service still uses the legacy API
def serve(fn):
    fn(torch.randn(2, 8))
p = mp.get_context("spawn").Process(target=serve, args=(run,))
p.start()
p.join()
""", "The legacy torch._export.aot_load returns a local closure around its runner; handing it to "
       "a spawned worker process requires pickling it, which fails.",
       "Move to aoti_compile_and_package/aoti_load_package and load the package inside each "
       "worker from its path.",
       needs=("q",), match=r"pickle|local object")


# ----------------------------------------------------------------- resources and lifecycle
def case_22():
    return _c("case_22", "hot-reload-loop", "torch_bug", "load", """
import gc, resource
m = torch._inductor.aoti_load_package("{wide23}")
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 400 * 2**20, vm + 400 * 2**20))  # container limit
for deploy in range(40):  # the watcher reloads the model on every deploy
    del m
    gc.collect()
    m = torch._inductor.aoti_load_package("{wide23}")
    y = m(torch.randn(2, 2048))
""", "Each reload of a 32 MiB package is released by the Python side (del + gc), but the loader "
       "does not give back the previous model's mapped library/constants, so a watcher that "
       "reloads on every deploy grows by ~32 MiB per reload until the address-space limit stops "
       "dlopen.",
       "Refresh weights in place with load_constants instead of reloading, or restart the worker "
       "process for a new package; report the leak.",
       needs=("q",), match=r"map segment|bad_alloc|[Cc]annot allocate|MemoryError|API call failed")


def case_23():
    return _c("case_23", "whole-catalog-similarity", "out_of_memory", "run", """
m = torch._inductor.aoti_load_package("{pair23}")
catalog = torch.randn(100_000, 8)  # the whole catalog in one call instead of request batches
scores = m(catalog)
""", "The pairwise package materialises a rows x rows similarity matrix; for 100,000 rows that is "
       "40 GB of float32, more than the machine has.",
       "Score in chunks of rows (or compute the reduction without the full matrix).",
       needs=("q",), match=r"can't allocate|[Cc]annot allocate|bad_alloc")


def case_24():
    return _c("case_24", "data-limit-second-model", "out_of_memory", "load", """
import resource
from torch._inductor.package import load_package
small = load_package("{lin23}")
small(torch.randn(2, 8))
data = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmData"))
resource.setrlimit(resource.RLIMIT_DATA, (data + 24 * 2**20, data + 24 * 2**20))  # ulimit -d
big = load_package("{wide23}")  # 32 MiB of weights
""", "The worker's data segment is capped (RLIMIT_DATA, ulimit -d) at 24 MiB above its current "
       "size; the second package's 32 MiB of constants cannot be allocated when its container "
       "is created (std::bad_alloc, reported only on stderr).",
       "Raise the data limit for model workers, or serve the big model in its own process.",
       needs=("p", "q"), match=r"API call failed|bad_alloc|MemoryError|map segment")


def case_25():
    return _c("case_25", "worker-address-cap", "out_of_memory", "run", """
import subprocess, sys, textwrap
WORKER = textwrap.dedent('''
import resource, torch
m = torch._inductor.aoti_load_package("{big23}")
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 12 * 2**20, vm + 12 * 2**20))
y = m(torch.ones(1024, 1024))
''')
r = subprocess.run([sys.executable, "-c", WORKER], capture_output=True, text=True, timeout=240)
if r.returncode:
    raise RuntimeError(f"serving worker exited with status {r.returncode}:\\n{r.stderr[-2000:]}")
""", "The worker's address space is capped 12 MiB above its size after loading; the first call "
       "starts OpenMP's thread pool, whose thread stacks cannot be mapped, and libgomp aborts the "
       "worker (exit status 1).",
       "Leave room for the OpenMP threads' stacks (about 8 MiB each) in the memory limit, or set "
       "OMP_NUM_THREADS=1 for tightly capped workers.",
       needs=("p",), match=r"Thread creation failed")


def case_26():
    return _c("case_26", "package-rotated-away", "kernel_binary_missing", "run", """
import os, shutil
path = "{scratch}/current23.pt2"
shutil.copy("{lin23}", path)
m = torch._inductor.aoti_load_package(path)
y = m(torch.randn(2, 8))
os.remove(path)  # the deploy job rotates the old package away
info = m.loader.load_metadata_from_package(path, "model")  # the /metadata endpoint
""", "The service reads the model's metadata from the package path on demand; the deploy job "
       "removed that file while the model stayed loaded, so the archive cannot be opened.",
       "Read metadata once at load time with m.get_metadata() (it is kept in memory).",
       needs=("p",), match=r"zip archive|file open failed")


def case_27():
    return _c("case_27", "handle-from-helper", "unknown", "load", """
def open_model(path):
    with open(path, "rb") as f:  # the helper closes the file when it returns
        return f
m = torch._inductor.aoti_load_package(open_model("{lin23}"))
""", "A helper returns the file object from inside a with-block, so it is already closed when "
       "aoti_load_package tries to read the package from it.",
       "Return the path (or load inside the with-block).",
       needs=("p",), match=r"closed file")


# --------------------------------------------------------------- tried, did not fail
def case_28():
    return _c("case_28", "single-threaded-dynamic", "input_mismatch", "run", """
import threading
m = torch._inductor.aoti_load_package("{dlin23}", run_single_threaded=True)
errs = []
def worker(b):
    for _ in range(300):
        y = m(torch.randn(b, 8))
        if y.shape[0] != b:
            errs.append((b, tuple(y.shape)))
ts = [threading.Thread(target=worker, args=(b,)) for b in (3, 700)]
for t in ts: t.start()
for t in ts: t.join()
assert not errs, errs[:3]
""", "A dynamic-batch package loaded with run_single_threaded=True is called from two threads "
       "with different batch sizes; the unlocked runner was expected to mix up their sizes.",
       "Load without run_single_threaded (the default locks the runner) or serialise the calls.",
       needs=("q",), match=r"AssertionError")


def case_29():
    return _c("case_29", "loader-workers-after-warmup", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{big23}")
m(torch.randn(1024, 1024))
class Augment(torch.utils.data.Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        return m(torch.randn(1024, 1024)).mean(0)
dl = torch.utils.data.DataLoader(Augment(), batch_size=2, num_workers=1, timeout=20)
for b in dl:
    pass
""", "DataLoader workers (forked) call the package after the main process ran it; expected to "
       "hang like other forked workers.",
       "Use multiprocessing_context='spawn' for the DataLoader.",
       needs=("p",), match=r"timed out")


def case_30():
    return _c("case_30", "flush-at-exit", "unknown", "run", """
import atexit
m = torch._inductor.aoti_load_package("{lin23}")
pending = [torch.randn(2, 8) for _ in range(3)]
def flush():
    for x in pending:
        m(x)
    print("flushed", flush=True)
atexit.register(flush)  # the last requests are processed while the interpreter shuts down
""", "The model is called from an atexit handler during interpreter shutdown; expected to fail "
       "once torch's state is torn down.",
       "Process pending requests before shutdown.", needs=("p",))


def case_31():
    return _c("case_31", "fork-while-serving", "unsupported", "run", """
import os, threading
""" + WAIT_CHILD + """
m = torch._inductor.aoti_load_package("{big23}")
x = torch.randn(1024, 1024)
stop = []
def serve():
    while not stop:
        m(x)
t = threading.Thread(target=serve)
t.start()
time.sleep(0.5)
try:
    for _ in range(3):
        pid = os.fork()  # a worker is forked while the serving thread is inside a call
        if pid == 0:
            try:
                m(x)
            finally:
                os._exit(0)
        wait_child(pid, 20)
finally:
    stop.append(1)
    t.join()
""", "A worker is forked while another thread of the parent is running the model; the child was "
       "expected to deadlock on a lock held by that thread.",
       "Fork before starting serving threads, or use spawn.", needs=("p",),
       match=r"TimeoutError")


def case_32():
    return _c("case_32", "deterministic-put", "unsupported", "run", """
class Scatter(torch.nn.Module):
    def forward(self, x, idx, v):
        return x.put(idx, v) * 2
ep = torch.export.export(Scatter(), (torch.zeros(8), torch.tensor([1, 3]), torch.ones(2)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/put23.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.use_deterministic_algorithms(True)  # the evaluation harness turns it on
y = m(torch.zeros(8), torch.tensor([1, 3]), torch.ones(2))
""", "Tensor.put has no deterministic implementation in eager; under "
       "use_deterministic_algorithms(True) the package was expected to raise the same error.",
       "Use index_put/scatter, or turn off deterministic mode for this call.",
       match=r"deterministic")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_22, case_23, case_24, case_25, case_26, case_27]
# Nothing was dropped after a trial; case_25 was fixed after the trial (its worker program was
# indented by the harness and failed with an IndentationError; it is now dedented).
DROPPED = []
# Tried on torch 2.14.1+cu130 in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_28 (a dynamic package loaded with run_single_threaded=True, called
# from two threads with batch sizes 3 and 700: every output had its own batch size), case_29
# (DataLoader workers forked after the main process ran the package: the workers ran it, the
# DataLoader worker loop sets torch.set_num_threads(1)), case_30 (the model called from an atexit
# handler: it ran), case_31 (workers forked while a serving thread was inside a call: the children
# finished), case_32 (Tensor.put in a package run under use_deterministic_algorithms(True):
# Inductor lowers put itself, nothing raised). Probed before writing the cases and not made into
# cases (no failure): outputs kept across calls (fresh buffers each call, also with
# run_single_threaded), a returned constant buffer mutated in place (the package returns a copy),
# load_constants with num_runners=2 (all runners updated), load_constants in a loop while two
# threads call the model (no error, no memory growth), 100 loads of one package in one process
# (no descriptors kept), four threads with num_runners=4 under an address-space cap (calls
# fitted), a 64 KiB thread stack, a serving thread calling the model while the main thread
# exports and compiles another, forward-mode and deterministic variants (max_unpool, index_put
# with accumulate compiled under deterministic mode), RLIMIT_NPROC (ignored for root).
TRIED = [case_28, case_29, case_30, case_31, case_32]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("p", SETUP_P), ("q", SETUP_Q)),
        default_out=ROOT / "benchmarks" / "live_blind23.jsonl",
        url_file="benchmarks/live_blind23.py", id_prefix="live23", stems=STEMS,
        scratch_prefix="live_blind23-", description=__doc__.splitlines()[0]))
