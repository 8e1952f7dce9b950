"""An eighth blind set of REAL AOTInductor failures (shapes, batching and numbers in production), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind8.py [--out benchmarks/live_blind8.jsonl] [--keep]

Theme: shapes, batching and numbers in production (dynamic shapes as services meet them: batch
sizes, sequence lengths, image sizes, padding, masks, Dim specs, specialisation,
AOTI_RUNTIME_CHECK_INPUTS at serving time; fp16/bf16/int8 paths, reductions, NaN/Inf,
determinism, comparisons against eager). No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind7.py (their TRIED
lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
SETUP_J = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}

class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.relu(self.lin(x)) * 2 + 1

class SeqPool(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x).mean(1)

class Pairs(torch.nn.Module):
    def forward(self, x):
        return x.reshape(-1, 2, 8).sum(1)

class Guarded(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        torch._assert_async(torch.isfinite(x).all(), "non-finite feature values")
        return self.lin(x)

class Q8(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.tensor(0.05))
    def forward(self, x):
        q = torch.round(x / self.scale).to(torch.int8)
        return q.float() * self.scale

class Calib(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("table", torch.linspace(0.05, 0.95, 10))
    def forward(self, p):
        b = (p.clamp(0.0, 1.0) * 9).long()
        return self.table[b]

class PosEmb(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = torch.nn.Embedding(100, 8)
        self.pos = torch.nn.Embedding(16, 8)
    def forward(self, ids, mask):
        pos = mask.cumsum(-1) - 1
        return (self.tok(ids) + self.pos(pos)).mean(1)

class Age(torch.nn.Module):
    def forward(self, now, t):
        return (now - t) / 60.0

class Total(torch.nn.Module):
    def forward(self, x):
        return x.sum()

def build(name, m, args, dynamic_shapes=None, configs=None, **kw):
    try:
        ep = torch.export.export(m, args, dynamic_shapes=dynamic_shapes, **kw)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("auto8", Head().eval(), (torch.randn(1, 8),), dynamic_shapes={"x": {0: Dim.AUTO}})
b = Dim("b", min=2, max=64)
build("pairs8", Pairs(), (torch.randn(4, 8),), dynamic_shapes={"x": {0: b}},
      prefer_deferred_runtime_asserts_over_guards=True)
build("seq8", SeqPool().eval(), (torch.randn(2, 6, 8),),
      dynamic_shapes={"x": {0: Dim("batch", min=2, max=32), 1: Dim("seq", min=2, max=128)}})
build("head8", Head().eval(), (torch.randn(4, 8),), dynamic_shapes={"x": {0: Dim("n", min=2, max=256)}})
build("guard8", Guarded().eval(), (torch.randn(4, 8),))
build("q8", Q8(), (torch.randn(16),))
build("calib8", Calib(), (torch.rand(6),))
build("pos8", PosEmb().eval(), (torch.randint(1, 100, (2, 6)), torch.ones(2, 6, dtype=torch.long)))
build("age8", Age(), (torch.tensor([1.7e9]), torch.tensor([1.7e9 - 60, 1.7e9 - 120])))
build("total8", Total(), (torch.randn(1 << 20),))
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"auto8", "pairs8", "seq8", "head8", "guard8", "q8", "calib8", "pos8", "total8",
         "unet8", "sq8", "i8mm8", "bf8", "u16_8", "topk8", "apool8", "aa8", "cmax8", "qtl8",
         "at8", "mask8", "wide8", "md8", "fp16m8", "name8", "sqm8", "dim8", "int8", "age8", "stft8", "bag8", "gs8", "dnm8", "intarg8", "fq8", "last8", "pool8", "ceil8", "flat8", "topp8", "empty8"}

PRE = "import torch\nfrom torch.export import Dim\n"


_c = harness.case_makers("", PRE)[0]


CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


# ---------------------------------------------------------------------------------- cases
def case_01():
    return _c("case_01", "single-example-auto", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{auto8}")
y = m(torch.randn(8, 8))
""", "The batch was marked Dim.AUTO but the export example was a single request (batch 1); "
       "export 0/1-specialises size 1, so the package accepts only batch 1 and the input check "
       "rejects a batch of 8.",
       "Export with an example batch of at least 2 (or a named Dim with min=1) so the batch "
       "stays dynamic.", needs=("j",), env=CHECK)


def case_02():
    return _c("case_02", "deferred-even-batch", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pairs8}")
y = m(torch.randn(7, 8))
""", "The model reshapes the batch into pairs (needs an even batch); exported with "
       "prefer_deferred_runtime_asserts_over_guards=True the guard became a run-time assert in "
       "the package, which an odd batch of 7 trips.",
       "Pad the batch to an even size before calling, or declare the batch as 2*Dim so the "
       "contract is explicit.", needs=("j",))


def case_03():
    return _c("case_03", "spec-axis-past-rank", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def forward(self, x):
        return x.softmax(-1)
ep = torch.export.export(M(), (torch.randn(4, 16),),
                         dynamic_shapes={"x": {0: Dim("batch"), 2: Dim("seq")}})
""", "The dynamic_shapes spec marks axis 2 (copied from a (batch, heads, seq) model) on a 2-D "
       "input, an axis the tensor does not have.",
       "Index the spec by the input's real axes ({0: batch, 1: seq}).")


def case_04():
    return _c("case_04", "static-int-spec", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def forward(self, x):
        return x.relu().sum(-1)
ep = torch.export.export(M(), (torch.randn(4, 16),), dynamic_shapes={"x": {0: 32, 1: Dim("f")}})
""", "The spec pins the batch to the int 32 (the serving batch size) while the export example "
       "has batch 4; an int in dynamic_shapes demands that exact static size.",
       "Make the example match the pinned size (batch 32) or use a Dim for the batch.")


def case_05():
    return _c("case_05", "unet-odd-size", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.dec = torch.nn.Conv2d(16, 3, 3, padding=1)
    def forward(self, x):
        e = self.enc(x)
        d = torch.nn.functional.interpolate(torch.nn.functional.max_pool2d(e, 2), scale_factor=2.0)
        return self.dec(torch.cat([e, d], 1))
h, w = Dim("h", min=16, max=1024), Dim("w", min=16, max=1024)
ep = torch.export.export(M().eval(), (torch.randn(1, 3, 64, 64),),
                         dynamic_shapes={"x": {2: h, 3: w}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/unet8.pt2")
""", "A U-Net skip connection concatenates the encoder map with the pooled-then-upsampled map, "
       "which have equal sizes only for even heights/widths; the declared image Dims allow odd "
       "sizes, so export reports the guard.",
       "Declare h = 2*Dim('h2') (and w likewise) or pad images to a multiple of 2 before the model.")


def case_06():
    return _c("case_06", "squeeze-all", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 1)
    def forward(self, x):
        return self.lin(x).squeeze()
ep = torch.export.export(M().eval(), (torch.randn(4, 8),),
                         dynamic_shapes={"x": {0: Dim("batch", min=1, max=64)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sq8.pt2")
""", "The score head ends in squeeze() without an axis; whether the batch axis is squeezed "
       "depends on batch == 1, which a Dim with min=1 allows.",
       "Squeeze only the feature axis (squeeze(-1)).")


def case_07():
    return _c("case_07", "compile-style-dynamic", "dynamic_shape_guard", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x).relu()
x = torch.randn(4, 8)
torch._dynamo.mark_dynamic(x, 0)
ep = torch.export.export(M().eval(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/md8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(16, 8))
""", "The batch was marked dynamic with torch._dynamo.mark_dynamic (the torch.compile idiom); "
       "torch.export ignores it, so the batch was exported static (4) and a batch of 16 is "
       "rejected by the input check.",
       "Pass dynamic_shapes={'x': {0: Dim('batch')}} to torch.export.export.", env=CHECK)


def case_08():
    return _c("case_08", "spaced-dim-name", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def forward(self, x):
        return x * 2
ep = torch.export.export(M(), (torch.randn(4, 8),),
                         dynamic_shapes={"x": {0: Dim("batch size", min=1, max=64)}})
""", "The Dim is named 'batch size' (with a space); Dim names must be Python identifiers.",
       "Name it Dim('batch_size').")


def case_09():
    return _c("case_09", "square-mask-example", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def forward(self, scores, mask):
        return scores.masked_fill(~mask, float("-inf")).softmax(-1)
t = Dim("t", min=2, max=512)
scores = torch.randn(2, 6, 6)
mask = torch.ones(6, 4, dtype=torch.bool)
ep = torch.export.export(M(), (scores, mask),
                         dynamic_shapes={"scores": {1: t, 2: t}, "mask": {0: t, 1: t}})
""", "The attention mask uses one Dim t for both axes (a square t x t mask), but the example "
       "mask is 6 x 4 (cropped from another batch), so the example contradicts the spec.",
       "Build the example mask with the same (t, t) size as the scores.")


def case_10():
    return _c("case_10", "unbatched-request", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{seq8}")
one = torch.randn(10, 8)
y = m(one)
""", "A single request of shape (seq, features) is passed without the leading batch axis to "
       "a package exported for (batch, seq, features); the input check rejects the rank.",
       "Add the batch axis (one.unsqueeze(0)); the package's batch Dim starts at 2, so also "
       "pad or stack to at least 2 requests.", needs=("j",), env=CHECK)


def case_11():
    return _c("case_11", "unstacked-requests", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{seq8}")
reqs = [torch.randn(6, 8), torch.randn(6, 8), torch.randn(6, 8)]
y = m(reqs)
""", "The micro-batcher passes the Python list of request tensors instead of one stacked "
       "batch tensor; the package's input structure is a single tensor.",
       "Stack the requests (torch.stack(reqs)) before calling.", needs=("j",))


def case_12():
    return _c("case_12", "missing-as-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{head8}")
x = torch.randn(16, 8)
x[3, 5] = float("nan")
y = m(x)
assert torch.isfinite(y).all(), f"{int((~torch.isfinite(y)).sum())} non-finite outputs"
""", "A missing feature is encoded as NaN by the upstream feature store; the NaN propagates "
       "through the linear layer into that row's outputs.",
       "Impute missing values (torch.nan_to_num or a sentinel) before the model.",
       needs=("j",), match=r"AssertionError")


def case_13():
    return _c("case_13", "finite-guard-in-model", "numerical", "run", """
m = torch._inductor.aoti_load_package("{guard8}")
x = torch.randn(4, 8)
x[1, 2] = float("inf")
y = m(x)
""", "The model asserts that its features are finite (torch._assert_async); a feature "
       "overflowed to inf upstream, so the compiled assertion fails at run time.",
       "Fix or clip the overflowing feature upstream (clamp, log-scaling) before the call.",
       needs=("j",))


def case_14():
    return _c("case_14", "int8-no-clamp", "numerical", "run", """
m = torch._inductor.aoti_load_package("{q8}")
x = torch.linspace(-12, 12, 16)
y = m(x)
err = (y - x).abs().max().item()
assert err < 0.05, f"max round-trip error {err}"
""", "The hand-written int8 fake-quantisation rounds x/scale and casts to int8 without clamping "
       "to [-128, 127]; values beyond 6.35 overflow the int8 range.",
       "Clamp before the cast (torch.clamp(torch.round(x / s), -128, 127)) or pick a larger scale.",
       needs=("j",), match=r"AssertionError")


def case_15():
    return _c("case_15", "int8-matmul-acc", "numerical", "run", """
class M(torch.nn.Module):
    def forward(self, a, b):
        return a @ b
a = torch.randint(-100, 100, (4, 64), dtype=torch.int8)
b = torch.randint(-100, 100, (64, 4), dtype=torch.int8)
ep = torch.export.export(M(), (a, b))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/i8mm8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(a, b)
ref = a.int() @ b.int()
assert torch.equal(y.int(), ref), f"int8 result {y[0, :2].tolist()} vs {ref[0, :2].tolist()}"
""", "An int8 x int8 matmul returns int8, so the 64-term dot products (up to ~640000) wrap "
       "around instead of accumulating in int32.",
       "Accumulate in int32 (a.int() @ b.int(), or torch._int_mm) and requantise explicitly.",
       match=r"AssertionError")


def case_16():
    return _c("case_16", "bf16-predictions", "numerical", "run", """
torch.manual_seed(0)
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(64, 256)
        self.l2 = torch.nn.Linear(256, 100)
    def forward(self, x):
        return self.l2(torch.relu(self.l1(x)))
ref_m = M().eval()
x = torch.randn(512, 64)
mb = M().eval()
mb.load_state_dict(ref_m.state_dict())
mb = mb.to(torch.bfloat16)
ep = torch.export.export(mb, (x.bfloat16(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bf8.pt2")
m = torch._inductor.aoti_load_package(pkg)
pred = m(x.bfloat16()).float().argmax(-1)
ref = ref_m(x).argmax(-1)
changed = int((pred != ref).sum())
assert changed == 0, f"{changed} of 512 top-1 predictions changed after the bf16 conversion"
""", "The classifier was converted to bfloat16 for serving; bf16's 8-bit mantissa shifts "
       "close logits, so some top-1 predictions differ from the float32 model.",
       "Keep the final layer/logits in float32 or validate the bf16 model with a tolerance on "
       "agreement rather than exact prediction equality.", match=r"AssertionError")


def case_17():
    return _c("case_17", "thread-count-sum", "numerical", "run", """
m = torch._inductor.aoti_load_package("{total8}")
torch.manual_seed(0)
x = torch.randn(1 << 20) * 1000
torch.set_num_threads(1)
a = m(x)
torch.set_num_threads(2)
b = m(x)
assert torch.equal(a, b), f"1 thread: {a.item()!r}, 2 threads: {b.item()!r}"
""", "The compiled float32 sum splits its reduction across OpenMP threads; with a different "
       "thread count the partial sums are added in another order, so results differ in the last "
       "bits between hosts configured with different thread counts.",
       "Compare with a tolerance, or pin the thread count (OMP_NUM_THREADS) across hosts.",
       needs=("j",), match=r"AssertionError")


def case_18():
    return _c("case_18", "fp16-mask-fill", "numerical", "export", """
class M(torch.nn.Module):
    def forward(self, scores, mask):
        return scores.masked_fill(mask == 0, -1e9).softmax(-1)
s = torch.randn(2, 6, 6, dtype=torch.float16)
mask = torch.ones(2, 6, 6, dtype=torch.long)
ep = torch.export.export(M(), (s, mask))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fp16m8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(s, mask)
""", "The attention code masks with -1e9, written for float32; after the model was moved to "
       "float16 the fill value lies outside the float16 range (max 65504).",
       "Use torch.finfo(scores.dtype).min (or -inf) as the fill value.")


def case_19():
    return _c("case_19", "nan-score-bucket", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{calib8}")
p = torch.tensor([0.1, 0.5, float("nan"), 0.9, 0.3, 0.7])
y = m(p)
""", "A NaN score reaches the calibration lookup; clamp(0, 1) does not remove NaN and NaN cast "
       "to int64 gives a huge negative bucket id, which the compiled kernel's bounds check catches.",
       "Replace NaN before bucketing (torch.nan_to_num(p, nan=0.5)) or validate scores upstream.",
       needs=("j",), match=r"out of bounds")


def case_20():
    return _c("case_20", "left-padded-positions", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pos8}")
ids = torch.tensor([[0, 0, 5, 6, 7, 8], [3, 4, 5, 6, 7, 8]])
mask = torch.tensor([[0, 0, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1]])
y = m(ids, mask)
""", "Position ids are computed as mask.cumsum(-1) - 1; with left padding the pad positions get "
       "-1, an invalid row for the position embedding.",
       "Clamp positions (position_ids.clamp(min=0)) or use masked_fill(mask == 0, 0) as HF does.",
       needs=("j",), match=r"out of bounds")


def case_21():
    return _c("case_21", "big-merged-batch", "out_of_memory", "run", """
import resource
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.Linear(16, 1024)
        self.down = torch.nn.Linear(1024, 16)
    def forward(self, x):
        return self.down(torch.relu(self.up(x)))
ep = torch.export.export(M().eval(), (torch.randn(8, 16),),
                         dynamic_shapes={"x": {0: Dim("batch", min=1, max=1 << 20)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/wide8.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(400_000, 16)
with open("/proc/self/status") as f:
    vm = [int(l.split()[1]) for l in f if l.startswith("VmSize")][0] * 1024
resource.setrlimit(resource.RLIMIT_AS, (vm + (1 << 30), vm + (1 << 30)))
y = m(x)
""", "The dynamic-batch package is called with 400k rows merged from many requests; the "
       "hidden activations (400k x 1024 floats, 1.6 GB) exceed the 1 GiB of address space left.",
       "Cap the merged batch size (split large batches into chunks) or give the service more memory.",
       match=r"alloc|memory|Memory")


def case_22():
    return _c("case_22", "uint16-images", "unsupported", "compile", """
class M(torch.nn.Module):
    def forward(self, img):
        return img.float() / 65535.0
img = torch.randint(0, 65535, (1, 1, 16, 16), dtype=torch.int32).to(torch.uint16)
ep = torch.export.export(M(), (img,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/u16_8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(img)
""", "16-bit images are fed as torch.uint16 tensors; uint16 is a shell dtype with little "
       "kernel support in torch and AOTI.",
       "Convert 16-bit images to int32 or float32 before the model.")


def case_23():
    return _c("case_23", "topk-half-len", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, x):
        return torch.topk(x, x.shape[-1] // 2, dim=-1).values.mean(-1)
ep = torch.export.export(M(), (torch.randn(4, 20),), dynamic_shapes={"x": {1: Dim("t", min=4, max=512)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/topk8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 30))
assert y.shape == (4,)
""", "topk with k = t // 2 over a dynamic length makes export emit the guard t // 2 <= t, "
       "which holds for every t >= 0, but the symbolic-shape solver cannot prove it and reports "
       "a constraint violation (suggesting t = 2*_t); a defect of export's shape reasoning.",
       "Work around with torch._check(x.shape[-1] // 2 <= x.shape[-1]) before topk, declare "
       "t = 2*_t as suggested, or report upstream.", match=r"Constraints violated")


def case_24():
    return _c("case_24", "adaptive-pool-dyn", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.adaptive_avg_pool2d(x, (7, 7)).flatten(1)
ep = torch.export.export(M(), (torch.randn(1, 4, 32, 48),),
                         dynamic_shapes={"x": {2: Dim("h", min=8, max=512), 3: Dim("w", min=8, max=512)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/apool8.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(1, 4, 45, 61)
torch.testing.assert_close(m(x), torch.nn.functional.adaptive_avg_pool2d(x, (7, 7)).flatten(1))
""", "adaptive_avg_pool2d to 7x7 over dynamic image sizes fails or diverges in Inductor/AOTI.",
       "Resize images to a fixed size before the pool, or report upstream.")


def case_25():
    return _c("case_25", "antialias-resize-dyn", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.interpolate(x, size=(32, 32), mode="bilinear", antialias=True)
ep = torch.export.export(M(), (torch.randn(1, 3, 64, 80),),
                         dynamic_shapes={"x": {2: Dim("h", min=33, max=1024), 3: Dim("w", min=33, max=1024)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/aa8.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(1, 3, 100, 75)
torch.testing.assert_close(m(x), M()(x))
""", "Antialiased bilinear resizing from dynamic image sizes fails or diverges in Inductor/AOTI.",
       "Resize outside the model or with antialias=False.")


def case_26():
    return _c("case_26", "running-max-dyn", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, x):
        return torch.cummax(x, dim=1).values
ep = torch.export.export(M(), (torch.randn(2, 10),), dynamic_shapes={"x": {1: Dim("t", min=2, max=512)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cmax8.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 37)
torch.testing.assert_close(m(x), torch.cummax(x, dim=1).values)
""", "cummax over a dynamic length fails or diverges in Inductor/AOTI.",
       "Compute the running max outside the model.")


def case_27():
    return _c("case_27", "quantile-dyn", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, x):
        return torch.quantile(x, torch.tensor([0.5, 0.9]), dim=1)
ep = torch.export.export(M(), (torch.randn(3, 20),), dynamic_shapes={"x": {1: Dim("n", min=2, max=4096)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/qtl8.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(3, 33)
torch.testing.assert_close(m(x), M()(x))
""", "quantile over a dynamic length fails or diverges in Inductor/AOTI.",
       "Compute quantiles with sort + index outside the model.")


def case_28():
    return _c("case_28", "cpp-gemm-bf16-dyn", "autotune_failure", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(64, 64)
    def forward(self, x):
        return self.lin(x).relu()
m0 = M().eval().to(torch.bfloat16)
ep = torch.export.export(m0, (torch.randn(16, 64, dtype=torch.bfloat16),),
                         dynamic_shapes={"x": {0: Dim("batch", min=2, max=1024)}})
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/at8.pt2",
    inductor_configs={"max_autotune": True, "max_autotune_gemm_backends": "CPP"})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(37, 64, dtype=torch.bfloat16))
""", "max_autotune restricted to the CPP GEMM template for a bf16 linear over a dynamic batch.",
       "Add ATEN to max_autotune_gemm_backends or drop max_autotune.")


def case_29():
    return _c("case_29", "epoch-seconds-f32", "numerical", "run", """
class Age(torch.nn.Module):
    def forward(self, now, t):
        return (now - t) / 60.0
ep = torch.export.export(Age(), (torch.tensor([1.7e9]), torch.tensor([1.7e9 - 60, 1.7e9 - 120])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/age8.pt2")
m = torch._inductor.aoti_load_package(pkg)
now = torch.tensor([1_764_633_600.0])
events = torch.tensor([1_764_633_600.0 - 30, 1_764_633_600.0 - 90])
age_min = m(now, events)
assert torch.allclose(age_min, torch.tensor([0.5, 1.5])), age_min
""", "Unix timestamps (~1.76e9 s) are passed as float32, whose spacing at that magnitude is "
       "128 s, so event ages of 30-90 s are rounded away before the subtraction.",
       "Send timestamps relative to a recent epoch (or as float64/int64 and subtract before "
       "converting to float32).", match=r"AssertionError")


def case_31():
    return _c("case_31", "mask-left-static", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, mask):
        return (self.lin(x) * mask.unsqueeze(-1)).sum(1)
x = torch.randn(4, 6, 8)
mask = torch.ones(4, 6)
ep = torch.export.export(M().eval(), (x, mask),
                         dynamic_shapes={"x": {0: Dim("batch", min=2, max=64), 1: Dim("seq", min=2, max=512)},
                                         "mask": None})
""", "The batch and sequence axes of x are declared dynamic but the padding mask's spec is "
       "None (static), and x * mask forces them to equal the mask's example sizes.",
       "Give the mask the same Dims as x ({0: batch, 1: seq}).", match=r"Constraints violated|specializ")


def case_32():
    return _c("case_32", "int8-gemm", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("w", torch.randint(-127, 127, (64, 32), dtype=torch.int8))
    def forward(self, xq):
        return torch._int_mm(xq, self.w).float() * 0.01
xq = torch.randint(-127, 127, (32, 64), dtype=torch.int8)
ep = torch.export.export(M(), (xq,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/int8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(xq)
""", "The int8 linear uses torch._int_mm (int8 x int8 -> int32 GEMM).",
       "Use the PT2E quantisation flow for CPU int8 GEMMs.")


def case_33():
    return _c("case_33", "stft-any-length", "torch_bug", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.hann_window(256))
    def forward(self, wav):
        spec = torch.stft(wav, 256, hop_length=64, window=self.win, return_complex=True)
        return spec.abs().clamp(min=1e-5).log()
ep = torch.export.export(M(), (torch.randn(2, 4000),), dynamic_shapes={"wav": {1: Dim("n", min=512, max=160000)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/stft8.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 7000)
torch.testing.assert_close(m(x), M()(x))
""", "stft of variable-length audio fails or diverges in Inductor/AOTI.",
       "Compute the spectrogram outside the model.")


def case_34():
    return _c("case_34", "bag-offsets-dyn", "torch_bug", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = torch.nn.EmbeddingBag(100, 8, mode="mean")
    def forward(self, ids, offsets):
        return self.bag(ids, offsets)
ids = torch.randint(0, 100, (12,))
offsets = torch.tensor([0, 3, 7])
model = M().eval()
ep = torch.export.export(model, (ids, offsets),
                         dynamic_shapes={"ids": {0: Dim("nnz", min=2, max=4096)}, "offsets": {0: Dim("bags", min=2, max=256)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bag8.pt2")
m = torch._inductor.aoti_load_package(pkg)
ids2, off2 = torch.randint(0, 100, (20,)), torch.tensor([0, 5, 9, 15])
torch.testing.assert_close(m(ids2, off2), model(ids2, off2))
""", "EmbeddingBag over a dynamic number of ids and bags fails or diverges in Inductor/AOTI.",
       "Report upstream.")


def case_35():
    return _c("case_35", "grid-sample-dyn", "torch_bug", "compile", """
class M(torch.nn.Module):
    def forward(self, img, grid):
        return torch.nn.functional.grid_sample(img, grid, align_corners=False)
img, grid = torch.randn(1, 3, 20, 30), torch.rand(1, 8, 8, 2) * 2 - 1
ep = torch.export.export(M(), (img, grid),
                         dynamic_shapes={"img": {2: Dim("h", min=4, max=2048), 3: Dim("w", min=4, max=2048)}, "grid": None})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gs8.pt2")
m = torch._inductor.aoti_load_package(pkg)
img2 = torch.randn(1, 3, 37, 23)
torch.testing.assert_close(m(img2, grid), M()(img2, grid))
""", "grid_sample over dynamic image sizes fails or diverges in Inductor/AOTI.",
       "Report upstream.")


def case_36():
    return _c("case_36", "flush-denormal-serve", "numerical", "run", """
class M(torch.nn.Module):
    def forward(self, p):
        return torch.log(p)
ep = torch.export.export(M(), (torch.rand(1024) + 0.5,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dnm8.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.set_flush_denormal(True)
p = torch.full((1024,), 1e-39)
y = m(p)
assert torch.isfinite(y).all(), f"{int(torch.isinf(y).sum())} of 1024 log-probs are -inf"
""", "The serving process turns on torch.set_flush_denormal(True) for speed; probabilities of "
       "1e-39 are float32 subnormals, read as 0, so their log is -inf.",
       "Leave flush-denormal off for this model or clamp probabilities to a normal minimum "
       "(p.clamp(min=torch.finfo(torch.float32).tiny)).", match=r"AssertionError")


def case_37():
    return _c("case_37", "dim-for-int-arg", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def forward(self, x, max_len: int):
        return x[:, :max_len].sum(1)
ep = torch.export.export(M(), (torch.randn(2, 64), 16),
                         dynamic_shapes={"x": {1: Dim("t", min=2, max=512)}, "max_len": {0: Dim("L")}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/intarg8.pt2")
""", "The Python int argument max_len is given a tensor-style spec ({0: Dim}); int inputs take "
       "a Dim (or None) directly, not an axis mapping.",
       "Write 'max_len': Dim('L', ...) or pass max_len as a tensor.")


def case_38():
    return _c("case_38", "qat-fake-quant", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(16, 8)
    def forward(self, x):
        xq = torch.fake_quantize_per_tensor_affine(x, 0.05, 0, -128, 127)
        wq = torch.fake_quantize_per_channel_affine(self.lin.weight, torch.full((8,), 0.01),
                                                    torch.zeros(8, dtype=torch.int32), 0, -128, 127)
        return torch.nn.functional.linear(xq, wq, self.lin.bias)
model = M().eval()
ep = torch.export.export(model, (torch.randn(4, 16),), dynamic_shapes={"x": {0: Dim("b", min=2, max=64)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fq8.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(9, 16)
torch.testing.assert_close(m(x), model(x))
""", "A QAT model with fake-quantisation ops is exported over a dynamic batch.",
       "Convert the QAT model (convert_pt2e) before export.")


def case_39():
    return _c("case_39", "flatten-head-any-size", "dynamic_shape_guard", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.fc = torch.nn.Linear(4 * 16 * 16, 10)
    def forward(self, x):
        return self.fc(torch.relu(self.conv(x)).flatten(1))
ep = torch.export.export(M().eval(), (torch.randn(2, 3, 32, 32),),
                         dynamic_shapes={"x": {0: Dim("b", min=1, max=64), 2: Dim("h", min=16, max=1024),
                                               3: Dim("w", min=16, max=1024)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/flat8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 3, 64, 48))
""", "The classifier flattens the conv feature map into a Linear with a fixed in_features "
       "(4*16*16), so only image sizes whose feature map has 1024 values fit; the image height "
       "and width were declared dynamic anyway, export accepted the range without a guard, and "
       "a 64x48 image reaches the head's matmul with 3072 features.",
       "Keep the image size static (resize to 32x32) or add adaptive pooling before the flatten.")


def case_40():
    return _c("case_40", "last-token-by-length", "index_out_of_bounds", "run", """
class M(torch.nn.Module):
    def forward(self, h, lengths):
        return h[torch.arange(h.shape[0]), lengths]
h = torch.randn(3, 6, 8)
ep = torch.export.export(M(), (h, torch.tensor([2, 4, 5])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/last8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(h, torch.tensor([3, 6, 1]))
""", "The last real token is picked with h[arange(B), lengths] instead of lengths - 1; a "
       "sequence that fills the whole padded length (6) indexes position 6 of 6.",
       "Index with lengths - 1.", match=r"out of bounds")


def case_41():
    return _c("case_41", "unmasked-mean-pool", "numerical", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(50, 8, padding_idx=0)
    def forward(self, ids):
        return self.emb(ids).mean(1)
torch.manual_seed(0)
model = M().eval()
ep = torch.export.export(model, (torch.randint(1, 50, (2, 10)),),
                         dynamic_shapes={"ids": {0: Dim("b", min=1, max=64), 1: Dim("t", min=2, max=512)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pool8.pt2")
m = torch._inductor.aoti_load_package(pkg)
alone = torch.tensor([[5, 9, 12, 7]])
batched = torch.tensor([[5, 9, 12, 7, 0, 0, 0, 0], [3, 4, 5, 6, 7, 8, 9, 10]])
torch.testing.assert_close(m(batched)[0], m(alone)[0])
""", "Sentence embeddings are mean-pooled over all positions, padding included; a request "
       "padded in a batch averages in the zero pad vectors and no longer matches its unbatched "
       "embedding.",
       "Mean-pool with the attention mask (sum(h * mask) / mask.sum()).", match=r"not close")


def case_42():
    return _c("case_42", "chunk-count-ceil", "dynamic_shape_guard", "export", """
import math
class M(torch.nn.Module):
    def forward(self, x):
        b, t, d = x.shape
        n = math.ceil(t / 8)
        x = torch.nn.functional.pad(x, (0, 0, 0, n * 8 - t))
        return x.view(b, n, 8, d).mean(2)
ep = torch.export.export(M(), (torch.randn(2, 20, 4),),
                         dynamic_shapes={"x": {1: Dim("t", min=2, max=4096)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ceil8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 37, 4))
""", "The chunk count n = math.ceil(t / 8) becomes a new size, which export 0/1-specialises "
       "(the guard ceil(t/8) != 1); the declared range t >= 2 includes requests of up to 8 "
       "tokens, for which n is 1.",
       "Declare Dim('t', min=9, ...) or pad short requests past 8 tokens before the model.",
       match=r"Constraints violated")


def case_43():
    return _c("case_43", "top-p-draw", "index_out_of_bounds", "run", """
class M(torch.nn.Module):
    def forward(self, logits, u):
        c = torch.softmax(logits, -1).cumsum(-1)
        idx = torch.searchsorted(c, u)
        return torch.gather(logits, -1, idx)
torch.manual_seed(3)
logits = torch.randn(1, 1000)
ep = torch.export.export(M(), (logits, torch.tensor([[0.5]])))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/topp8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(logits, torch.tensor([[0.99999994]]))
""", "Sampling draws u in [0, 1) and looks it up in the float32 cumulative softmax, whose last "
       "entry rounds to 0.99999976 < u; searchsorted returns 1000 (one past the end), and the "
       "gather's bounds check fires.",
       "Clamp the sampled index to n - 1 (or set c[..., -1] = 1.0 before searchsorted).",
       match=r"out of bounds")


def case_44():
    return _c("case_44", "empty-request-batch", "dynamic_shape_guard", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.softmax(self.lin(x), 0)
model = M().eval()
ep = torch.export.export(model, (torch.randn(4, 8),), dynamic_shapes={"x": {0: Dim("b", min=1, max=64)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/empty8.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(0, 8))
assert y.shape == (0, 4), y.shape
""", "An empty batch (all requests filtered out) is sent to a package whose batch Dim starts at 1.",
       "Skip the call for empty batches.")


CASES = [case_01, case_02, case_03, case_04, case_05, case_08, case_10, case_11, case_12,
         case_13, case_14, case_15, case_16, case_19, case_20, case_21, case_23, case_29,
         case_31, case_36, case_37, case_38, case_39, case_40, case_41, case_42, case_43]
# Failed in a trial run but dropped before the recorded run (kept for reference, not run):
# case_09 (a 6x4 example mask for a square t x t spec: tracing failed first on the broadcast of
# the inconsistent example, not on the spec, so the text is an ordinary shape error of a wrong
# example), case_33 (stft over a dynamic length: export could not prove the always-true guard
# 2 % (2 + 2*(n // 64)) != 0; the same defect of export's shape reasoning as case_23).
DROPPED = [case_09, case_33]
# Tried on torch 2.13.0+cpu in trial runs and did NOT fail, so left out of CASES (kept to rerun
# on another torch with --only): case_06 (squeeze() of a head with a batch Dim min=1: exported
# and compiled), case_07 (torch._dynamo.mark_dynamic before export: honoured, batch 16 ran),
# case_17 (float32 sum with 1 vs 2 threads: bitwise equal), case_18 (masked_fill(-1e9) on
# float16 scores: compiled and ran), case_22 (uint16 images: compiled and ran), case_24
# (adaptive_avg_pool2d over dynamic H/W), case_25 (antialiased bilinear resize from dynamic
# sizes), case_26 (cummax over a dynamic length), case_27 (quantile over a dynamic length),
# case_28 (max_autotune with the CPP GEMM backend, bf16, dynamic batch), case_32 (torch._int_mm
# int8 GEMM), case_34 (EmbeddingBag with dynamic ids/offsets), case_35 (grid_sample over dynamic
# image sizes), case_44 (an empty batch to a package whose batch Dim starts at 1): all compiled,
# loaded and ran (matching eager where compared). case_34 first compared against a second,
# differently initialised instance (a mistake in the case, fixed before its rerun).
TRIED = [case_06, case_07, case_17, case_18, case_22, case_24, case_25, case_26, case_27,
         case_28, case_32, case_34, case_35, case_44]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind8.jsonl",
        url_file="benchmarks/live_blind8.py", id_prefix="live8", stems=STEMS,
        scratch_prefix="live_blind8-", description=__doc__.splitlines()[0]))
