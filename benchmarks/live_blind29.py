"""A twenty-ninth blind set of REAL AOTInductor failures (randomness and state across calls), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind29.py [--out benchmarks/live_blind29.jsonl] [--keep]

Theme: randomness and state across calls. Models whose forward draws random numbers or keeps
state, exported and compiled with AOTI: random noise, dropout variants, bernoulli / multinomial /
poisson / distribution sampling in forward, seeds and torch.Generator objects (passed in, held,
re-seeded in forward), torch.manual_seed / get_rng_state / set_rng_state / fork_rng around and
inside forward, fallback_random, buffers mutated in forward (counters, EMA statistics, BatchNorm
left in train mode, caches appended or rolled), plain attributes updated across calls, and the
reproducibility a user expects between eager and the package (same seed, same outputs?) and
under torch.use_deterministic_algorithms. APIs are feature-detected (hasattr) where they are
new. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind27.py (their TRIED lists included). Building the set
imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
BUILD = """
def build(name, m, args, dynamic_shapes=None, cfg=None):
    try:
        ep = torch.export.export(m, args, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=cfg)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)
"""

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class Noisy(torch.nn.Module):
    # noise-injection layer (data augmentation / diffusion-style noise)
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return self.lin(x) + 0.5 * torch.randn_like(x)

class Counter(torch.nn.Module):
    # counts its calls in a buffer and scales by the step (a warm-up schedule)
    def __init__(self):
        super().__init__()
        self.register_buffer("step", torch.zeros(()))
    def forward(self, x):
        self.step += 1
        return x * torch.clamp(self.step / 4, max=1.0)

class EMA(torch.nn.Module):
    # normalises by an exponential moving average of the batch means
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.zeros(8))
    def forward(self, x):
        self.mean.mul_(0.9).add_(0.1 * x.mean(0))
        return x - self.mean

class Stoch(torch.nn.Module):
    # stochastic-depth style block: a random keep mask per row
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        keep = torch.bernoulli(torch.full((x.shape[0], 1), 0.8))
        return x + self.lin(x) * keep / 0.8

b = Dim("batch", min=2, max=64)
build("noise29", Noisy(), (torch.randn(4, 8),))
build("noisefb29", Noisy(), (torch.randn(4, 8),), cfg={"fallback_random": True})
build("count29", Counter(), (torch.randn(4, 8),))
build("ema29", EMA(), (torch.randn(4, 8),), dynamic_shapes=({0: b},))
build("stoch29", Stoch(), (torch.randn(4, 8),), dynamic_shapes=({0: b},))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_S = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + BUILD + """
class Sampler(torch.nn.Module):
    # draws 4 distinct candidates per row from a probability table
    def forward(self, p):
        return torch.multinomial(p, 4)

class BNTrain(torch.nn.Module):
    # feature normaliser exported without .eval(): BatchNorm stays in training mode
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.bn = torch.nn.BatchNorm1d(8)
    def forward(self, x):
        return self.bn(self.lin(x))

class Smoother(torch.nn.Module):
    # keeps the previous output as a plain tensor attribute and blends with it
    def __init__(self):
        super().__init__()
        self.prev = torch.zeros(8)
    def forward(self, x):
        y = 0.5 * x.mean(0) + 0.5 * self.prev
        self.prev = y
        return y

class Seeded(torch.nn.Module):
    # re-seeds the global RNG in forward so that every call draws the same mask
    def forward(self, x):
        torch.manual_seed(1234)
        return torch.nn.functional.dropout(x, 0.5, training=True)

class Rolling(torch.nn.Module):
    # a rolling window of the last 4 frames, kept in a buffer
    def __init__(self):
        super().__init__()
        self.register_buffer("win", torch.zeros(4, 8))
    def forward(self, x):
        self.win.copy_(torch.cat([self.win[1:], x]))
        return self.win.mean(0)

b = Dim("batch", min=2, max=64)
c = Dim("cands", min=2, max=64)
build("samp29", Sampler(), (torch.rand(2, 10),), dynamic_shapes=({1: c},))
bn = BNTrain()
build("bn29", bn, (torch.randn(4, 8),), dynamic_shapes=({0: Dim("rows", min=1, max=64)},))
torch.save(bn.state_dict(), os.path.join(out, "bn29_state.pt"))
paths["bn29_state"] = os.path.join(out, "bn29_state.pt")
build("smooth29", Smoother(), (torch.randn(4, 8),))
build("seeded29", Seeded(), (torch.randn(4, 8),))
build("roll29", Rolling(), (torch.randn(1, 8),))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"noise29", "noisefb29", "count29", "ema29", "stoch29", "samp29", "bn29", "smooth29",
         "seeded29", "roll29", "gen29", "gseed29", "pois29", "drop2d29", "adrop29", "fbdrop29",
         "cache29", "frz29", "npn29", "cudan29", "rint29", "gam29", "rperm29", "det29", "bnc29", "bin29"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------- reproducibility between eager and the package
NOISY = """
class Noisy(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return self.lin(x) + 0.5 * torch.randn_like(x)
torch.manual_seed(0)
twin = Noisy()  # the eager twin: same weights as the package (first module after seed 0)
"""


def case_01():
    return _c("case_01", "same-seed-as-eager", "numerical", "run", NOISY + """
m = torch._inductor.aoti_load_package("{noise29}")
x = torch.randn(4, 8)
torch.manual_seed(7)
y = m(x)
torch.manual_seed(7)
ref = twin(x)
torch.testing.assert_close(y, ref)  # the regression test: same seed, same outputs
""", "Inductor generates random numbers with its own kernels (seeded from the global generator "
       "but not drawing eager's CPU stream), so after the same torch.manual_seed the package's "
       "noise differs from eager's (no error; the reproducibility check fails).",
       "Compile with inductor_configs={'fallback_random': True} when bitwise agreement with "
       "eager randomness is required, or pass the noise in as an input.",
       needs=("r",), match=r"not close")


def case_02():
    return _c("case_02", "warmup-counter-buffer", "torch_bug", "run", """
m = torch._inductor.aoti_load_package("{count29}")  # forward: step += 1; x * min(step/4, 1)
x = torch.ones(4, 8)
for call in range(6):
    y = m(x)
assert torch.allclose(y, x), f"warm-up never finished: scale {y[0, 0].item()} after 6 calls"
""", "The model counts its calls by mutating a 0-dim buffer (self.step += 1); the loaded package "
       "keeps in-place updates of other buffers across calls (an EMA vector, a rolling window: "
       "see TRIED) but loses this scalar one, so every call sees step == 1 and the warm-up scale "
       "stays at 0.25.",
       "Keep call-to-call state outside the package: pass the step as an input and return the "
       "new value (or update the constant with m.load_constants between calls).",
       needs=("r",), match=r"AssertionError")


def case_03():
    return _c("case_03", "ema-statistics-buffer", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{ema29}")  # mean.mul_(0.9).add_(0.1 * x.mean(0)); x - mean
class EMA(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.zeros(8))
    def forward(self, x):
        self.mean.mul_(0.9).add_(0.1 * x.mean(0))
        return x - self.mean
twin = EMA()
torch.manual_seed(0)
for step in range(20):
    x = torch.randn(6, 8) + 3.0          # a stream with a shifted mean
    y, ref = m(x), twin(x)
torch.testing.assert_close(y, ref)
""", "The EMA statistics are updated in place in a buffer; the package applies the update only "
       "within a call and starts every call from the exported zeros, so after 20 calls it still "
       "subtracts 0.1 * mean instead of the converged running mean.",
       "Return the updated statistics as an output and feed them back as an input (or keep the "
       "EMA in eager code around the package).",
       needs=("r",), match=r"not close")


def case_04():
    return _c("case_04", "deterministic-flag-inference", "numerical", "run", """
m = torch._inductor.aoti_load_package("{stoch29}")  # keep mask = bernoulli(0.8) per row
torch.use_deterministic_algorithms(True)            # the serving config asks for determinism
x = torch.randn(8, 8)
y1, y2 = m(x), m(x)
torch.testing.assert_close(y1, y2)
""", "The stochastic-depth mask is drawn with torch.bernoulli unconditionally (not gated on "
       "self.training), so the package is random at inference; use_deterministic_algorithms "
       "only selects deterministic kernels and does not remove sampling, so two calls differ.",
       "Gate the sampling on self.training (or export in eval mode with the mask removed); seed "
       "with torch.manual_seed before each call if randomness is intended.",
       needs=("r",), match=r"not close")


def case_05():
    return _c("case_05", "train-bn-single-row", "numerical", "run", """
m = torch._inductor.aoti_load_package("{bn29}")  # BatchNorm1d left in training mode
x = torch.randn(1, 8)                            # one request at a time
y = m(x)
assert y.abs().sum() > 0, f"all-zero features for a single row: {y}"
""", "The normaliser was exported without .eval(), so its BatchNorm uses the batch's own "
       "statistics; for a single-row request every feature equals its batch mean and the output "
       "is all zeros (eager raises 'Expected more than 1 value per channel'; the package does not).",
       "Call model.eval() before torch.export so BatchNorm uses its running statistics.",
       needs=("s",), match=r"AssertionError")


def case_06():
    return _c("case_06", "sampler-given-logits", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{samp29}")  # multinomial(p, 4) over candidates
logits = torch.randn(2, 12)                          # raw scores from the ranker
picks = m(logits)
""", "The sampler package expects probabilities, but the caller passes raw logits with "
       "negative entries, which torch.multinomial inside the package rejects.",
       "Pass torch.softmax(logits, -1) (or put the softmax inside the exported model).",
       needs=("s",), match=r"element < 0|inf, nan")


def case_07():
    return _c("case_07", "too-few-candidates", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{samp29}")  # draws 4 distinct candidates per row
p = torch.softmax(torch.randn(2, 3), -1)            # this request only has 3 candidates
picks = m(p)
""", "The package draws 4 candidates without replacement, but the request carries only 3 "
       "(inside the exported Dim range 2..64), so multinomial fails at run time.",
       "Pad the candidate list to at least 4 (zero probability) or export with Dim min=4 so the "
       "input check rejects short requests early.",
       needs=("s",), match=r"n_sample|without replacement")


def case_08():
    return _c("case_08", "smoother-attribute-state", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{smooth29}")  # y = 0.5*x.mean(0) + 0.5*self.prev; self.prev = y
torch.manual_seed(0)
x1, x2 = torch.randn(4, 8), torch.randn(4, 8)
y1 = m(x1)
y2 = m(x2)
torch.testing.assert_close(y2, 0.5 * x2.mean(0) + 0.5 * y1)
""", "The smoother keeps its previous output in a plain tensor attribute reassigned in forward; "
       "export treats the attribute as a constant (its initial zeros), so the package never "
       "blends with the previous call.",
       "Register the state as a buffer and pass/return it explicitly (state in, state out) "
       "instead of reassigning a Python attribute.",
       needs=("s",), match=r"not close")


def case_09():
    return _c("case_09", "seed-inside-forward", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{seeded29}")  # forward: torch.manual_seed(1234); dropout
x = torch.ones(4, 8)
y1, y2 = m(x), m(x)
torch.testing.assert_close(y1, y2)  # eager gives the same mask on every call
""", "forward calls torch.manual_seed(1234) so that every call uses the same dropout mask; "
       "non-strict export runs the seeding once while tracing and records only the dropout, so "
       "the package draws a different mask on every call.",
       "Seed outside the model before each call, or make the mask a buffer / input instead of "
       "re-seeding inside forward.",
       needs=("s",), match=r"not close")


def case_10():
    return _c("case_10", "rolling-window-buffer", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{roll29}")  # keeps the last 4 frames in a buffer
frames = [torch.full((1, 8), float(i)) for i in range(1, 5)]
for f in frames:
    y = m(f)
torch.testing.assert_close(y, torch.full((8,), 2.5))  # mean of frames 1..4
""", "The rolling window is a buffer updated with copy_ in forward; the package starts every "
       "call from the exported all-zero window, so after four frames the mean only contains "
       "the last one.",
       "Pass the window in and return the new window (state in, state out), or keep it in eager "
       "code and give the package the whole window.",
       needs=("s",), match=r"not close")


def case_11():
    return _c("case_11", "per-call-generator-kwarg", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{noise29}")
g = torch.Generator().manual_seed(42)  # per-request reproducible noise
y = m(torch.randn(4, 8), generator=g)
""", "The caller tries to control the package's noise with a per-call torch.Generator keyword; "
       "the package's call spec has only the tensor input, and a Generator cannot be a "
       "package input.",
       "Seed the global RNG (torch.manual_seed) before the call, or generate the noise outside "
       "and pass it in as a tensor input.",
       needs=("r",), match=r"kwarg|generator|argument")


# --------------------------------------------------------- compiled in the case's own child
def case_12():
    return _c("case_12", "generator-as-input", "unsupported", "compile", """
class M(torch.nn.Module):
    def forward(self, x, gen):
        return x + 0.1 * torch.randn(x.shape, generator=gen)
ep = torch.export.export(M(), (torch.randn(4, 8), torch.Generator().manual_seed(0)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gen29.pt2")
""", "The model takes a torch.Generator as a forward argument; export records it, but AOTI "
       "cannot compile a Generator input/argument for its C++ wrapper.",
       "Drop the Generator argument: seed globally before calling, or pass precomputed noise.",
       match=r"Generator|generator")


def case_13():
    return _c("case_13", "reseed-held-generator", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.g = torch.Generator()
    def forward(self, x):
        self.g.manual_seed(42)  # the same augmentation on every call
        return x * torch.rand(x.shape, generator=self.g)
ep = torch.export.export(M(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gseed29.pt2")
""", "forward re-seeds a held torch.Generator and samples from it; the generator ends up as "
       "an argument of the random op, which AOTI's C++ wrapper cannot express.",
       "Use the global RNG (seed outside) or make the fixed mask a buffer computed once at init.",
       match=r"Generator|generator")


def case_14():
    return _c("case_14", "poisson-counts", "unsupported", "compile", """
class M(torch.nn.Module):
    # simulated photon counts for a sensor-noise model
    def forward(self, rate):
        return torch.poisson(rate * 10) / 10
ep = torch.export.export(M(), (torch.rand(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pois29.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.rand(4, 8))
""", "torch.poisson sampling inside forward is not supported by AOTI on CPU.",
       "Sample outside the package (or approximate with a Gaussian), and compile only the "
       "deterministic part.",
       match=r"poisson")


def case_15():
    return _c("case_15", "dropout2d-train", "unsupported", "compile", """
class M(torch.nn.Module):
    # spatial dropout kept on for test-time augmentation
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 4, 3)
        self.d = torch.nn.Dropout2d(0.2)
    def forward(self, x):
        return self.d(self.c(x))
ep = torch.export.export(M().train(), (torch.randn(1, 3, 8, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/drop2d29.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(1, 3, 8, 8))
""", "Dropout2d in training mode draws its channel mask with bernoulli_ on a probability "
       "tensor, which AOTI on CPU does not support.",
       "Export in eval mode, or draw the channel mask outside and pass it in.",
       match=r"bernoulli")


def case_16():
    return _c("case_16", "alpha-dropout-train", "unsupported", "compile", """
class M(torch.nn.Module):
    # a SELU network with AlphaDropout kept on (MC sampling)
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.d = torch.nn.AlphaDropout(0.1)
    def forward(self, x):
        return self.d(torch.selu(self.lin(x)))
ep = torch.export.export(M().train(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/adrop29.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 8))
""", "AlphaDropout in training mode samples with bernoulli_ on a tensor, which AOTI on CPU "
       "does not support.",
       "Export in eval mode, or sample the mask outside the package.",
       match=r"bernoulli")


def case_17():
    return _c("case_17", "fallback-random-dropout", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return torch.nn.functional.dropout(self.lin(x), 0.1, training=True)
ep = torch.export.export(M(), (torch.randn(4, 8),))
# bitwise-reproducible with eager: keep eager's random kernels
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/fbdrop29.pt2", inductor_configs={"fallback_random": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 8))
""", "With fallback_random=True the dropout stays an eager random kernel (native_dropout / "
       "bernoulli), which AOTI's C++ wrapper on CPU has no shim for.",
       "Drop fallback_random for AOTI (accept Inductor's RNG) or remove dropout from the "
       "inference graph.",
       match=r"dropout|bernoulli")


def case_18():
    return _c("case_18", "growing-cache-buffer", "unsupported", "compile", """
class M(torch.nn.Module):
    # appends every batch to a history buffer (a growing cache)
    def __init__(self):
        super().__init__()
        self.register_buffer("hist", torch.zeros(0, 8))
    def forward(self, x):
        self.hist = torch.cat([self.hist, x])
        return x - self.hist.mean(0)
ep = torch.export.export(M(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache29.pt2")
m = torch._inductor.aoti_load_package(pkg)
y1 = m(torch.randn(4, 8))
y2 = m(torch.ones(4, 8))
assert not torch.allclose(y2, torch.zeros(4, 8)), "history was not kept"
""", "The buffer is replaced by a larger tensor in every call (a growing cache); export turns "
       "the reassignment into an in-place copy into the fixed-shape (0, 8) buffer, which cannot "
       "take the grown (4, 8) history.",
       "Keep a fixed-size ring buffer passed in and returned, or keep the history in eager code.",
       match=r"expand")


def case_19():
    return _c("case_19", "frozen-ema-buffer", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.register_buffer("avg", torch.zeros(8))
    def forward(self, x):
        y = self.lin(x)
        self.avg.mul_(0.99).add_(0.01 * y.mean(0))
        return y - self.avg
ep = torch.export.export(M(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/frz29.pt2", inductor_configs={"freezing": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 8))
""", "Freezing treats parameters and buffers as constants and folds them, but this model mutates "
       "a buffer in forward.",
       "Do not use freezing for models that mutate buffers (or move the running average out).",
       match=r".")


def case_20():
    return _c("case_20", "noise-on-cuda", "device_mismatch", "export", """
class M(torch.nn.Module):
    # augmentation noise written for the GPU trainer
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return self.lin(x) + 0.1 * torch.randn(x.shape, device="cuda")
ep = torch.export.export(M(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cudan29.pt2")
""", "forward draws its noise with device='cuda' hard-coded (from the GPU trainer) while the "
       "model and input are on the CPU of a machine without a GPU.",
       "Create the noise on the input's device (torch.randn_like(x) or device=x.device).",
       match=r"cuda|CUDA|device")


def case_21():
    return _c("case_21", "randint-high-from-data", "export_failure", "export", """
class M(torch.nn.Module):
    # negative sampling: random item ids below the largest id in the batch
    def forward(self, ids):
        return torch.randint(0, int(ids.max()) + 1, (ids.shape[0], 5))
ep = torch.export.export(M(), (torch.tensor([3, 9, 4, 7]),))
""", "The upper bound of torch.randint is computed from tensor data (int(ids.max())), a "
       "data-dependent value that export cannot turn into a Python int.",
       "Pass the vocabulary size as a constant (or sample floor(rand * n) with n as a tensor).",
       match=r"data-dependent")


def case_22():
    return _c("case_22", "seed-from-request", "export_failure", "export", """
class M(torch.nn.Module):
    # each request carries its own seed for reproducible augmentation
    def forward(self, x, seed):
        torch.manual_seed(int(seed))
        return x + 0.1 * torch.randn_like(x)
ep = torch.export.export(M(), (torch.randn(4, 8), torch.tensor(7)))
""", "forward seeds the RNG from a tensor input (int(seed)); the seed is data-dependent and "
       "export cannot specialise it.",
       "Seed outside the model before each call, or derive the noise from the seed with tensor "
       "ops (e.g. a hash of the seed) instead of the global RNG.",
       match=r"data-dependent")


def case_23():
    return _c("case_23", "gamma-distribution-sample", "export_failure", "export", """
class M(torch.nn.Module):
    # a VAE-style latent drawn from a Gamma prior
    def forward(self, conc):
        return torch.distributions.Gamma(conc, torch.ones_like(conc)).sample()
ep = torch.export.export(M(), (torch.rand(4) + 1,))
""", "torch.distributions validates its parameters (validate_args) with data-dependent "
       "checks, which export cannot guard on.",
       "Construct the distribution with validate_args=False (or sample with "
       "torch._standard_gamma directly) inside exported code.",
       match=r"data-dependent")


def case_24():
    return _c("case_24", "strict-seed-in-forward", "export_failure", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        torch.manual_seed(0)  # reproducible dropout mask
        return torch.nn.functional.dropout(self.lin(x), 0.2, training=True)
ep = torch.export.export(M(), (torch.randn(4, 8),), strict=True)
""", "Strict export (Dynamo) refuses to trace torch.manual_seed inside forward.",
       "Seed outside the exported model, or use non-strict export and precompute the mask.",
       match=r"manual_seed")


def case_25():
    return _c("case_25", "strict-fork-rng", "export_failure", "export", """
class M(torch.nn.Module):
    def forward(self, x):
        with torch.random.fork_rng():  # do not disturb the caller's RNG
            torch.manual_seed(1)
            return x + torch.rand_like(x)
ep = torch.export.export(M(), (torch.randn(4, 8),), strict=True)
""", "Strict export cannot trace the torch.random.fork_rng context manager (a non-tensor "
       "torch.* result) inside forward.",
       "Remove RNG-state management from forward; wrap the package call with fork_rng instead.",
       match=r"fork_rng|non-Tensor")


def case_26():
    return _c("case_26", "long-counter-float-add", "export_failure", "export", """
class M(torch.nn.Module):
    # tracks the total mass seen so far in an integer buffer
    def __init__(self):
        super().__init__()
        self.register_buffer("seen", torch.zeros((), dtype=torch.long))
    def forward(self, x):
        self.seen += x.sum()
        return x / (1 + self.seen)
ep = torch.export.export(M(), (torch.rand(4, 8),))
""", "forward adds a float sum into an int64 counter buffer in place; the in-place add cannot "
       "promote the Long buffer to Float, so tracing the model fails.",
       "Make the buffer floating point (or add x.sum().long()).",
       match=r"Promotion of int")


def case_27():
    return _c("case_27", "binomial-trials", "unsupported", "compile", """
class M(torch.nn.Module):
    # number of successful clicks out of n impressions
    def forward(self, n, p):
        return torch.binomial(n, p)
ep = torch.export.export(M(), (torch.full((4,), 10.0), torch.rand(4)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bin29.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.full((4,), 10.0), torch.rand(4))
""", "torch.binomial sampling inside forward is not supported by AOTI on CPU.",
       "Sample outside the package.", match=r"binomial")


def case_28():
    return _c("case_28", "fallback-random-dynamic", "unsupported", "compile", """
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x):
        return x + 0.1 * torch.randn(x.shape[0], 8)
ep = torch.export.export(M(), (torch.randn(4, 8),), dynamic_shapes=({0: Dim("b", min=2, max=64)},))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/rint29.pt2", inductor_configs={"fallback_random": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(6, 8))
""", "With fallback_random=True the randn stays an eager kernel whose size is symbolic; AOTI's "
       "wrapper cannot emit it.", "Do not use fallback_random with AOTI.", match=r".")



# ----------------------------------------------------- state reset and sampling inputs (added)
def case_29():
    return _c("case_29", "reset-ema-by-module-key", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{ema29}")
# reset the running statistics between evaluation runs, using the key from the training
# wrapper's state_dict (the EMA sat under "norm" there)
m.load_constants({"norm.mean": torch.zeros(8)}, check_full_update=False)
""", "The reset uses the training wrapper's state_dict key 'norm.mean', but the package's "
       "constant is named 'mean' (its FQN in the exported module).",
       "Use the names from m.get_constant_fqns() (here 'mean') when loading constants.",
       needs=("r",), match=r"norm\.mean|constant|not found|[Kk]ey")


def case_30():
    return _c("case_30", "reset-ema-wrong-shape", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{ema29}")
# restore the EMA saved from the 16-feature version of the model
m.load_constants({"mean": torch.zeros(16)}, check_full_update=False)
y = m(torch.randn(4, 8))
""", "The restored EMA statistics come from a 16-feature version of the model, but the package's "
       "'mean' constant has 8 elements.",
       "Restore statistics saved from the same model version (shape (8,)).",
       needs=("r",), match=r".")


def case_31():
    return _c("case_31", "float64-probability-table", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{samp29}")
p = np.random.dirichlet(np.ones(10), size=2)   # the probability table built with NumPy
picks = m(torch.from_numpy(p))
""", "The probability table is built with NumPy and is float64, but the sampler package was "
       "compiled for float32 inputs; the input check rejects the dtype.",
       "Convert with torch.from_numpy(p).float() before the call.",
       needs=("s",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dtype")


def case_32():
    return _c("case_32", "fully-masked-candidates", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{samp29}")
p = torch.softmax(torch.randn(2, 10), -1)
p[1] = 0.0                    # every candidate of the second request was filtered out
picks = m(p)
""", "One request's candidates were all filtered out, so its probability row sums to 0 and "
       "torch.multinomial inside the package cannot sample from it.",
       "Skip (or give a fallback candidate to) requests whose filtered probability mass is 0.",
       needs=("s",), match=r"sum of probabilities|invalid multinomial")


def case_33():
    return _c("case_33", "random-flip-branch", "export_failure", "export", """
class M(torch.nn.Module):
    # test-time augmentation: flip the sequence with probability 0.5
    def forward(self, x):
        if torch.rand(()).item() < 0.5:
            x = x.flip(1)
        return x * 2
ep = torch.export.export(M(), (torch.randn(4, 8),))
""", "A Python if on a random number (torch.rand(()).item() < 0.5) is a branch on "
       "data-dependent tensor data, which export cannot trace.",
       "Write the random choice with tensor ops (torch.where(torch.rand(()) < 0.5, x.flip(1), x)) "
       "or torch.cond.",
       match=r"data-dependent")


def case_34():
    return _c("case_34", "numpy-noise-in-forward", "unsupported", "run", """
import numpy as np
class M(torch.nn.Module):
    # jitter written with NumPy's RNG
    def forward(self, x):
        return x + torch.from_numpy(np.random.normal(0, 0.1, (4, 8)).astype("float32"))
ep = torch.export.export(M(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/npn29.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.zeros(4, 8)
assert not torch.equal(m(x), m(x)), "the jitter is the same on every call"
""", "The noise comes from NumPy's RNG, which export runs once while tracing; the drawn array "
       "becomes a constant of the package, so every call adds the same 'noise'.",
       "Draw the noise with torch (torch.randn_like) so it is part of the graph, or pass it in.",
       match=r"AssertionError")


def case_35():
    return _c("case_35", "strict-python-random", "export_failure", "export", """
import random
class M(torch.nn.Module):
    # random crop offset chosen with Python's random module
    def forward(self, x):
        off = random.randint(0, 3)
        return x[:, off:off + 4] * 2
ep = torch.export.export(M(), (torch.randn(4, 8),), strict=True)
""", "Strict export (Dynamo) does not allow Python's random module to pick a slice offset "
       "inside forward.",
       "Choose the offset outside and pass it in (or use torch.randint with tensor indexing).",
       match=r"random")


def case_36():
    return _c("case_36", "strict-rng-state-restore", "export_failure", "export", """
class M(torch.nn.Module):
    # draws augmentation noise, then restores the global RNG so callers are not disturbed
    def forward(self, x):
        state = torch.get_rng_state()
        y = x + 0.1 * torch.randn_like(x)
        torch.set_rng_state(state)
        return y
ep = torch.export.export(M(), (torch.randn(4, 8),), strict=True)
""", "Strict export (Dynamo) refuses to trace torch.get_rng_state / set_rng_state inside forward.",
       "Save and restore the RNG state around the package call instead of inside forward.",
       match=r"get_rng_state")


def case_37():
    return _c("case_37", "catalogue-grew", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{samp29}")   # candidates Dim max=64
p = torch.softmax(torch.randn(2, 100), -1)          # the catalogue now has 100 candidates
picks = m(p)
""", "The sampler was exported with a candidate Dim of at most 64; a request with 100 candidates "
       "is outside the declared range and the input check rejects it.",
       "Re-export with a larger max for the candidate Dim (or split the candidates).",
       needs=("s",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too large")

CASES = [case_01, case_02, case_04, case_05, case_06, case_07, case_08, case_09, case_11, case_12,
         case_18, case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_29, case_31,
         case_32, case_33, case_34, case_35, case_36, case_37]
# Failed as labelled in the trial run but left out as a repeat: case_13 (a held torch.Generator
# re-seeded in forward and passed to torch.rand) fails at compile with "Unexpected type in
# c_type_for_prim_type: type_=Generator", the mechanism of capture's cpu-bernoulli-with-generator
# and live4's held generator; case_12 (a Generator as a forward input) is kept instead.
DROPPED = [case_13]
# Tried on torch 2.14.1+cu130 in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_03 (EMA statistics updated in place in a 1-D buffer: the package
# kept the update across 20 calls and matched the eager twin), case_10 (a rolling window updated
# with copy_: kept across calls, mean of 4 frames correct), case_14 (torch.poisson in forward:
# compiled and ran), case_15 (Dropout2d in train mode: compiled and ran), case_16 (AlphaDropout in
# train mode: compiled and ran), case_17 (F.dropout with fallback_random=True: compiled and ran),
# case_19 (freezing=True with a buffer mutated in forward: compiled and ran), case_27
# (torch.binomial: compiled and ran), case_28 (fallback_random=True with a dynamic-size randn:
# compiled and ran for batch 6), case_30 (load_constants of a (16,) tensor into the (8,) EMA
# constant with check_full_update=False: accepted, the call ran).
# Probed in /tmp before writing the cases (one process, not made into cases): the same
# torch.manual_seed before two package calls gives identical outputs; get_rng_state /
# set_rng_state around package calls reproduces them; a package built with fallback_random=True
# matches the eager twin after the same seed; an input mutated in place (h.mul_(0.5).add_(x))
# is written back to the caller's tensor; a BatchNorm in train mode exported with a batch Dim
# min=1 exports; a Generator passed as a forward input, a torch.Generator re-seeded in forward,
# a fork_rng / get_rng_state block (non-strict), a buffer reassigned with roll, a Python int
# counter (strict) and torch.bernoulli all export without error.
TRIED = [case_03, case_10, case_14, case_15, case_16, case_17, case_19, case_27, case_28, case_30]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES,
        setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind29.jsonl",
        url_file="benchmarks/live_blind29.py", id_prefix="live29", stems=STEMS,
        scratch_prefix="live_blind29-", description=__doc__.splitlines()[0]))
