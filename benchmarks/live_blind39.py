"""A thirty-ninth blind set of REAL AOTInductor failures (numerics, determinism and the CPU code generator's options), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (R), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind39.py [--out benchmarks/live_blind39.jsonl] [--keep]

Theme: numerics and determinism of the loaded package compared with eager or with a reference
(floating-point contraction, reductions over large sizes, float16/bfloat16 precision, naive
log/exp formulas of large logits, masked means over empty rows, integer division and rounding
modes, NaN/Inf propagation and nan_to_num, saturated inverse functions), and the Inductor CPU
options passed through inductor_configs (cpp.simdlen, cpp.threads, cpp.march,
cpp.max_horizontal_fusion_size, cpp.use_decompose_tanh, cpp.enable_floating_point_contract_flag,
unknown keys) and environment variables (TORCHINDUCTOR_FREEZING, TORCHINDUCTOR_NAN_ASSERTS,
ATEN_CPU_CAPABILITY), with the errors or wrong numbers each produces when exported, compiled,
loaded and run. Config names are feature-detected (hasattr) where they are new. No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind37.py (their TRIED lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
SETUP_R = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}

class Bucket(torch.nn.Module):
    # integer bucketing of signed offsets by a per-row step (floor division)
    def forward(self, off, step):
        return off // step

try:
    ep = torch.export.export(Bucket(), (torch.tensor([9, -7, 5, 3]), torch.tensor([4, 4, 2, 1])))
    paths["idiv39"] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, "idiv39.pt2"))
except Exception as e:
    print("BUILD FAILED idiv39", repr(e)[:300], flush=True)
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"idiv39", "fma39", "hmean39", "sum39", "lse39", "bce39", "atanh39", "ntn39", "nan39",
         "thr39", "pool39", "std39", "bfarg39", "tanh39", "hfz39", "simd39", "thz39", "march39",
         "fast39", "frz39", "fdn39", "keep39", "bfin39", "cap39", "frexp39", "rnd39", "rms39",
         "det39", "split39", "fhp39"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


def _cfg(name, value):
    """Child code line: an inductor_configs dict with `name` only if this torch knows it."""
    return (f"import torch._inductor.config as _ic\n"
            f"_o = _ic\n"
            f"for _p in {name!r}.split('.'):\n"
            f"    assert hasattr(_o, _p), 'this torch has no config ' + {name!r}\n"
            f"    _o = getattr(_o, _p)\n"
            f"CFG = {{{name!r}: {value!r}}}\n")


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------ numbers of the package against a reference
def case_01():
    return _c("case_01", "fp-contract-fast-golden", "numerical", "run", _cfg(
        "cpp.enable_floating_point_contract_flag", "fast") + """
class Affine(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("w", torch.randn(4096) * 3)
        self.register_buffer("b", torch.randn(4096) * 3)
    def forward(self, x):
        return x * self.w + self.b
torch.manual_seed(0)
net = Affine()
x = torch.randn(64, 4096) * 3
ep = torch.export.export(net, (x,))
pkg = torch._inductor.aoti_compile_and_package(   # "fast" lets g++ fuse a*b+c into one FMA
    ep, package_path="{scratch}/fma39.pt2", inductor_configs=CFG)
m = torch._inductor.aoti_load_package(pkg)
golden = net(x)                                   # the eager golden file of the release test
y = m(x)
assert torch.equal(y, golden), f"{int((y != golden).sum())} of {y.numel()} values differ from the golden file"
""", "The package is compiled with cpp.enable_floating_point_contract_flag='fast', so g++ contracts "
       "x * w + b into fused multiply-adds, which round once instead of twice; the results differ "
       "from eager in the last bit and the bit-exact golden test fails.",
       "Keep the contract flag at its default ('off') for bit-exact parity, or compare with a "
       "tolerance (torch.testing.assert_close).",
       match=r"AssertionError")


def case_02():
    return _c("case_02", "half-mean-long-sequence", "numerical", "run", """
class Pool(torch.nn.Module):
    def forward(self, x):
        return x.mean(dim=1)          # average over a 70k-token sequence in float16
x = torch.full((2, 70000), 1.5, dtype=torch.float16)
ep = torch.export.export(Pool(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hmean39.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(x)
assert torch.isfinite(y).all(), y
torch.testing.assert_close(y, Pool()(x))
""", "The float16 mean over 70000 elements is lowered as a float16 sum (105000 > 65504, inf) "
       "divided by the count, where eager accumulates in float32.",
       "Upcast before the reduction (x.float().mean(1).half()).",
       match=r"AssertionError|not close")


def case_03():
    return _c("case_03", "sum-4m-float32-vs-eager", "numerical", "run", """
class Total(torch.nn.Module):
    def forward(self, x):
        return x.sum()
torch.manual_seed(0)
x = torch.rand(1 << 22) * 0.1 + 0.05
ep = torch.export.export(Total(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sum39.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(x), Total()(x))
""", "A float32 sum of 4M values accumulates in another order in the compiled kernel than in "
       "eager's cascade sum.", "Compare with a tolerance scaled to the reduction size.",
       match=r"not close")


def case_04():
    return _c("case_04", "floor-vs-trunc-negative-offsets", "numerical", "run", """
m = torch._inductor.aoti_load_package("{idiv39}")
off = torch.tensor([-7, -5, 3, 9])
step = torch.tensor([4, 4, 2, 4])
got = m(off, step)
# the C++ service this model replaces computed off / step with C integer division
want = torch.tensor([int(a / b) for a, b in zip(off.tolist(), step.tolist())])
assert torch.equal(got, want), (got.tolist(), want.tolist())
""", "The model buckets signed offsets with `//`, which floors (Python semantics), while the C++ "
       "reference it replaces truncates toward zero; negative offsets land one bucket lower.",
       "Use torch.div(off, step, rounding_mode='trunc') to match C integer division (or change "
       "the reference).", needs=("r",), match=r"AssertionError")


def case_05():
    return _c("case_05", "int-floordiv-zero-step", "crash", "run", """
m = torch._inductor.aoti_load_package("{idiv39}")
off = torch.tensor([9, -7, 5, 3])
step = torch.tensor([4, 4, 0, 1])      # a feature whose bucket width was never configured
print(m(off, step))
""", "A zero step reaches the compiled integer floor division; integer division by zero traps "
       "in the C++ kernel (SIGFPE) and kills the process, where eager raises ZeroDivisionError.",
       "Validate or clamp the divisor before calling the package (step.clamp_min(1)), or guard "
       "it inside forward with torch.where.", needs=("r",), expect="crash",
       match=r"Floating point exception")


def case_06():
    return _c("case_06", "naive-logsumexp-overflow", "numerical", "run", """
class Partition(torch.nn.Module):
    def forward(self, logits):
        return torch.log(torch.exp(logits).sum(-1))    # log-partition of the ranking scores
ep = torch.export.export(Partition(), (torch.randn(4, 32),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lse39.pt2")
m = torch._inductor.aoti_load_package(pkg)
logits = torch.randn(4, 32) * 5
logits[1, 7] = 104.0              # the new checkpoint's logits are uncalibrated
z = m(logits)
assert torch.isfinite(z).all(), z
""", "log(sum(exp(logits))) is computed naively; exp(104) overflows float32 to inf, so the "
       "log-partition of that row is inf.",
       "Use torch.logsumexp(logits, -1), which subtracts the maximum first.",
       match=r"AssertionError")


def case_07():
    return _c("case_07", "manual-bce-saturated", "numerical", "run", """
class Loss(torch.nn.Module):
    def forward(self, z, y):
        p = torch.sigmoid(z)
        return -(y * torch.log(p) + (1 - y) * torch.log(1 - p))   # per-example BCE
ep = torch.export.export(Loss(), (torch.randn(8), torch.ones(8)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bce39.pt2")
m = torch._inductor.aoti_load_package(pkg)
z = torch.tensor([0.3, -1.2, 20.0, 2.0, -0.5, 1.0, 0.0, 3.0])   # one confident wrong score
y = torch.tensor([1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0])
loss = m(z, y)
assert torch.isfinite(loss).all(), loss
""", "Binary cross-entropy is written as log(sigmoid(z)) and log(1 - sigmoid(z)); sigmoid(20) "
       "rounds to 1.0 in float32, so log(1 - p) is -inf and the loss is inf.",
       "Use torch.nn.functional.binary_cross_entropy_with_logits (log-sigmoid form).",
       match=r"AssertionError")


def case_08():
    return _c("case_08", "atanh-of-saturated-action", "numerical", "run", """
class Unsquash(torch.nn.Module):
    def forward(self, a):
        return torch.atanh(a)          # recover the pre-tanh action for the log-prob
ep = torch.export.export(Unsquash(), (torch.rand(6) * 0.5,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/atanh39.pt2")
m = torch._inductor.aoti_load_package(pkg)
a = torch.tanh(torch.tensor([0.5, -1.0, 3.0, 9.5, -12.0, 0.1]))   # actions logged by the policy
u = m(a)
assert torch.isfinite(u).all(), u
""", "Saturated actions (tanh of 9.5 or -12) are exactly +-1.0 in float32, and atanh(+-1) is "
       "+-inf.", "Clamp the actions to (-1 + eps, 1 - eps) before atanh, or keep the pre-tanh "
       "value instead of inverting.", match=r"AssertionError")


def case_09():
    return _c("case_09", "nan-to-num-default-then-scale", "numerical", "run", """
class Clean(torch.nn.Module):
    def forward(self, x):
        return torch.nan_to_num(x) * 10.0     # clean sensor glitches, then rescale
ep = torch.export.export(Clean(), (torch.randn(16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ntn39.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(16)
x[3] = float("inf")                          # a glitching sensor
y = m(x)
assert torch.isfinite(y).all(), y
""", "nan_to_num with default arguments replaces inf by the largest finite float32 "
       "(3.4e38); the following * 10 overflows it back to inf.",
       "Give explicit replacement values (posinf=0.0 or a sensor maximum) or clamp after "
       "nan_to_num.", match=r"AssertionError")


def case_10():
    return _c("case_10", "nan-asserts-nan-request", "numerical", "run", """
class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.softmax(self.lin(x), -1)
ep = torch.export.export(Head(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nan39.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
x[1, 5] = float("nan")                 # a missing feature encoded as NaN upstream
print(m(x))
""", "The build ran with TORCHINDUCTOR_NAN_ASSERTS=1, so the package checks its inputs for "
       "NaN; a request carries a NaN feature and the check fails at run time.",
       "Impute NaN features before the call (torch.nan_to_num or a sentinel), or rebuild without "
       "NaN asserts if NaN inputs are expected.",
       env={"TORCHINDUCTOR_NAN_ASSERTS": "1"}, match=r"(?i)nan")


def case_11():
    return _c("case_11", "single-thread-build-bitwise", "numerical", "run", _cfg(
        "cpp.threads", 1) + """
class RowSum(torch.nn.Module):
    def forward(self, x):
        return x.sum(1)
torch.manual_seed(0)
x = torch.randn(8, 1 << 18) * 100
ep = torch.export.export(RowSum(), (x,))
pkg = torch._inductor.aoti_compile_and_package(   # single-threaded build for a sidecar
    ep, package_path="{scratch}/thr39.pt2", inductor_configs=CFG)
m = torch._inductor.aoti_load_package(pkg)
y, ref = m(x), RowSum()(x)
assert torch.equal(y, ref), (y - ref).abs().max()
""", "The package's single-threaded vectorised reduction adds the 262144 values per row in "
       "another order than eager's sum, so the results differ in the last bits and the "
       "bit-exact comparison fails.",
       "Compare reductions with a tolerance; bit-exact parity with eager is not guaranteed.",
       match=r"AssertionError")


def case_12():
    return _c("case_12", "masked-mean-empty-transcript", "numerical", "run", """
class MeanPool(torch.nn.Module):
    def forward(self, h, mask):
        w = mask.unsqueeze(-1).to(h.dtype)
        return (h * w).sum(1) / w.sum(1)
ep = torch.export.export(MeanPool(), (torch.randn(3, 5, 8), torch.ones(3, 5, dtype=torch.bool)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pool39.pt2")
m = torch._inductor.aoti_load_package(pkg)
h = torch.randn(3, 5, 8)
mask = torch.ones(3, 5, dtype=torch.bool)
mask[2] = False                         # an empty transcript: every position is padding
e = m(h, mask)
assert not torch.isnan(e).any(), e
""", "The masked mean divides by the number of valid positions; an all-padding row gives 0/0, "
       "NaN.", "Divide by w.sum(1).clamp_min(1) (or skip empty rows).",
       match=r"AssertionError")


def case_13():
    return _c("case_13", "std-of-single-token", "numerical", "run", """
from torch.export import Dim
class Standardize(torch.nn.Module):
    def forward(self, x):
        return (x - x.mean(1, keepdim=True)) / (x.std(1, keepdim=True) + 1e-5)
ep = torch.export.export(Standardize(), (torch.randn(2, 8, 4),),
                         dynamic_shapes=({1: Dim("t", min=1, max=64)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/std39.pt2")
m = torch._inductor.aoti_load_package(pkg)
z = m(torch.randn(2, 1, 4))              # a one-token request
assert not torch.isnan(z).any(), z
""", "Per-sequence standardisation uses the unbiased std (divides by n - 1); for a one-token "
       "request n - 1 = 0 and the std is NaN.",
       "Use x.std(1, correction=0) (or var with unbiased=False), or skip normalising length-1 "
       "sequences.", match=r"AssertionError")


def case_14():
    return _c("case_14", "bf16-scores-argmax-ties", "numerical", "run", """
class Top1(torch.nn.Module):
    def forward(self, logits):
        return logits.bfloat16().argmax(-1)     # scores sent as bf16 to save bandwidth
ep = torch.export.export(Top1(), (torch.randn(4, 4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bfarg39.pt2")
m = torch._inductor.aoti_load_package(pkg)
logits = 100.0 + torch.tensor([[0.0, 0.1, 0.2, 0.3]] * 4) + torch.arange(4).unsqueeze(1) * 0.01
want = logits.argmax(-1)                       # the float32 model's top-1
got = m(logits)
assert torch.equal(got, want), (got.tolist(), want.tolist())
""", "Casting logits near 100 to bfloat16 (8 bits of mantissa, steps of 0.5) collapses scores "
       "0.1 apart into ties, so argmax returns another class than the float32 model.",
       "Take the argmax in float32 (cast only what is sent), or keep the logits in float32.",
       match=r"AssertionError")


def case_15():
    return _c("case_15", "decomposed-tanh-small-inputs", "numerical", "run", _cfg(
        "cpp.use_decompose_tanh", True) + """
class Gate(torch.nn.Module):
    def forward(self, x):
        return torch.tanh(x) * 2
x = torch.cat([torch.logspace(-6, 1, 32), -torch.logspace(-6, 1, 32)])
ep = torch.export.export(Gate(), (x,))
pkg = torch._inductor.aoti_compile_and_package(    # the tuning guide's "faster tanh"
    ep, package_path="{scratch}/tanh39.pt2", inductor_configs=CFG)
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(x), Gate()(x))
""", "cpp.use_decompose_tanh computes tanh through an exp formula, which loses relative "
       "precision for small inputs (cancellation), so the package differs from eager beyond "
       "float32 tolerance.", "Leave cpp.use_decompose_tanh off when accuracy near zero matters.",
       match=r"not close")


def case_16():
    return _c("case_16", "half-rms-manual-variance", "numerical", "run", """
class RMS(torch.nn.Module):
    def forward(self, x):
        return x * torch.rsqrt((x * x).mean(-1, keepdim=True) + 1e-6)   # RMSNorm kept in fp16
x = torch.randn(4, 64, dtype=torch.float16)
ep = torch.export.export(RMS(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rms39.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = (torch.randn(4, 64) * 400).half()           # loud activations from a later layer
torch.testing.assert_close(m(x), RMS()(x))
""", "The fp16 RMSNorm squares activations of ~400 (160000 > 65504): eager stores x*x in float16 "
       "(inf, outputs 0) while the fused kernel keeps it in float32, so package and eager differ.",
       "Compute the norm in float32 (x.float()) and cast back, as the reference RMSNorm does.",
       match=r"not close|Mismatched")


# --------------------------------------------------------- CPU codegen options at compile time
def case_17():
    return _c("case_17", "horizontal-fusion-size-zero", "unsupported", "compile", _cfg(
        "cpp.max_horizontal_fusion_size", 0) + """
class Two(torch.nn.Module):
    def forward(self, x):
        return x.sin() + 1, x.cos() * 2
ep = torch.export.export(Two(), (torch.randn(64, 64),))
pkg = torch._inductor.aoti_compile_and_package(   # 0 meant as "turn horizontal fusion off"
    ep, package_path="{scratch}/hfz39.pt2", inductor_configs=CFG)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(64, 64))
""", "cpp.max_horizontal_fusion_size=0 is given to turn horizontal fusion off; the scheduler "
       "does not accept a zero limit.", "Leave it at its default (or 1 for no fusion).",
       match=r".")


def case_18():
    return _c("case_18", "simdlen-in-lanes", "unsupported", "compile", _cfg(
        "cpp.simdlen", 16) + """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.silu(x) * 3
ep = torch.export.export(Act(), (torch.randn(64, 64),))
pkg = torch._inductor.aoti_compile_and_package(   # "16 floats per AVX-512 vector"
    ep, package_path="{scratch}/simd39.pt2", inductor_configs=CFG)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(64, 64))
""", "cpp.simdlen is a width in bits (256, 512), but it is given as 16 (lanes).",
       "Give the vector width in bits (512 for AVX-512) or leave it unset.", match=r".")


def case_19():
    return _c("case_19", "threads-zero-auto", "unsupported", "compile", _cfg(
        "cpp.threads", 0) + """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x).sum(0)
ep = torch.export.export(Act(), (torch.randn(256, 256),))
pkg = torch._inductor.aoti_compile_and_package(   # 0 meant as "auto"
    ep, package_path="{scratch}/thz39.pt2", inductor_configs=CFG)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(256, 256))
""", "cpp.threads=0 is given as 'auto' (as for OpenMP tools); the codegen does not accept 0.",
       "Use -1 (the default, all threads) or a positive count.", match=r".")


def case_20():
    return _c("case_20", "march-from-arm-build", "compile_toolchain", "compile", _cfg(
        "cpp.march", "armv8.2-a+fp16") + """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x) * 2
ep = torch.export.export(Act(), (torch.randn(8, 8),))
pkg = torch._inductor.aoti_compile_and_package(   # the shared build config of the Graviton fleet
    ep, package_path="{scratch}/march39.pt2", inductor_configs=CFG)
""", "The shared build config sets cpp.march='armv8.2-a+fp16' for the ARM fleet; on this x86-64 "
       "build host g++ rejects that -march value.",
       "Set cpp.march per target architecture (or leave it unset on x86-64 builders).",
       match=r"march|CppCompileError")


def case_21():
    return _c("case_21", "fast-math-key-guessed", "unsupported", "compile", """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.exp(x) * 2
ep = torch.export.export(Act(), (torch.randn(8, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, inductor_configs={"cpp.enable_fast_math": True})   # the flag name as remembered
""", "inductor_configs names a config that does not exist (cpp.enable_fast_math); the real "
       "option is cpp.enable_unsafe_math_opt_flag.",
       "Use an existing config name (check hasattr(torch._inductor.config.cpp, name)).",
       match=r"fast_math")


def case_22():
    return _c("case_22", "aten-capability-typo-build", "unsupported", "compile", """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.gelu(x) + 1
ep = torch.export.export(Act(), (torch.randn(64, 64),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cap39.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(64, 64))
""", "ATEN_CPU_CAPABILITY=avx512_vnni (an ISA flag name, not one of default/avx2/avx512) is set "
       "in the build environment.", "Use one of the capability names ATen knows.",
       env={"ATEN_CPU_CAPABILITY": "avx512_vnni"}, match=r".")


def case_23():
    return _c("case_23", "frexp-mantissa-exponent", "unsupported", "compile", """
class Split(torch.nn.Module):
    def forward(self, x):
        mant, expo = torch.frexp(x)      # block-floating-point encoder
        return mant * 2, expo
ep = torch.export.export(Split(), (torch.randn(16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/frexp39.pt2")
m = torch._inductor.aoti_load_package(pkg)
mant, expo = m(torch.randn(16))
""", "torch.frexp has no Inductor lowering and no AOTI C shim on this path.",
       "Compute the exponent with torch.floor(torch.log2(x.abs())) or keep frexp outside the "
       "package.", match=r"frexp")


def case_24():
    return _c("case_24", "round-decimals", "unsupported", "compile", """
class Price(torch.nn.Module):
    def forward(self, x):
        return torch.round(x * 1.19, decimals=2)   # prices with VAT, to the cent
ep = torch.export.export(Price(), (torch.rand(16) * 100,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rnd39.pt2")
m = torch._inductor.aoti_load_package(pkg)
p = m(torch.rand(16) * 100)
""", "round(decimals=) has no path on this AOTI CPU build.",
       "Round with torch.round(x * 100) / 100.", match=r".")


# ----------------------------------------------- environment at compile time, weights at load
def case_25():
    return _c("case_25", "freezing-env-weight-swap", "constant_loading", "load", """
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4)).eval()
ep = torch.export.export(net, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/frz39.pt2")
m = torch._inductor.aoti_load_package(pkg)
nightly = {k: v.detach() * 0.5 for k, v in net.state_dict().items()}  # the re-trained weights
m.load_constants(nightly, check_full_update=True)
""", "The build image sets TORCHINDUCTOR_FREEZING=1, so the weights are frozen into folded "
       "constants and the package no longer has the module's weight names; the nightly weight "
       "swap by state_dict names fails.",
       "Build without freezing (TORCHINDUCTOR_FREEZING=0) for packages whose weights are swapped, "
       "or rebuild the package for each weight release.",
       env={"TORCHINDUCTOR_FREEZING": "1"}, match=r"(?i)constant|frozen")


def case_26():
    return _c("case_26", "bf16-package-fp16-input", "input_mismatch", "run", """
torch.manual_seed(0)
net = torch.nn.Linear(8, 4).to(torch.bfloat16)
ep = torch.export.export(net, (torch.randn(2, 8, dtype=torch.bfloat16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bfin39.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8).half()      # "half precision" from the client SDK
print(m(x))
""", "The package was exported for bfloat16 inputs; the client sends float16 (also 'half "
       "precision' but another dtype), and the input check rejects it.",
       "Cast the request to torch.bfloat16 before the call (or export for float16).",
       env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"(?i)dtype|unmatched")


# ------------------------------------------------------------------------------------ export
def case_27():
    return _c("case_27", "flush-denormal-in-forward", "export_failure", "export", """
class Fast(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        torch.set_flush_denormal(True)   # make the model fast on every host
        return self.lin(x)
ep = torch.export.export(Fast(), (torch.randn(2, 8),), strict=True)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fdn39.pt2")
""", "forward calls torch.set_flush_denormal (a process-wide floating-point setting); strict "
       "export cannot trace that call.",
       "Set flush-denormal once in the serving process, not in forward.", match=r".")


def case_28():
    return _c("case_28", "deterministic-flag-in-forward", "export_failure", "export", """
class Agg(torch.nn.Module):
    def forward(self, x, idx):
        torch.use_deterministic_algorithms(True)     # reproducible scatter for audits
        return torch.zeros(4, 8).index_add(0, idx, x)
ep = torch.export.export(Agg(), (torch.randn(6, 8), torch.tensor([0, 1, 1, 2, 3, 3])), strict=True)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/det39.pt2")
""", "forward calls torch.use_deterministic_algorithms (global state); strict export cannot "
       "trace it.", "Set determinism in the process, not in forward.", match=r".")


def case_29():
    return _c("case_29", "fp16-overflow-rescale-guard", "export_failure", "export", """
class ToHalf(torch.nn.Module):
    def forward(self, x):
        peak = x.abs().amax()
        if peak > 6.0e4:                  # would overflow float16: rescale first
            x = x * (6.0e4 / peak)
        return x.half()
ep = torch.export.export(ToHalf(), (torch.randn(4, 8),))
""", "An overflow guard before the float16 cast branches in Python on the data (peak > 6e4), "
       "which torch.export cannot trace.",
       "Rescale unconditionally with torch.where / a clamp of the scale (x * torch.clamp(6e4 / "
       "peak, max=1)).", match=r"data-dependent|GuardOnDataDependent")


def case_30():
    return _c("case_30", "nanmean-imputation", "export_failure", "export", """
class Impute(torch.nn.Module):
    def forward(self, x):
        return torch.nan_to_num(x, nan=float(x.nanmean()))   # fill gaps with the mean
ep = torch.export.export(Impute(), (torch.randn(4, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "nan_to_num's fill value is read from the data (float(x.nanmean())), a data-dependent "
       "Python float that export cannot trace.",
       "Impute with tensors: torch.where(torch.isnan(x), x.nanmean(), x).",
       match=r"data-dependent|GuardOnDataDependent|Unsupported|item")


def case_31():
    return _c("case_31", "split-per-thread", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Chunked(torch.nn.Module):
    def forward(self, x):
        parts = x.view(torch.get_num_threads(), -1, x.shape[-1])   # one slab per thread
        return parts.sum(1)
ep = torch.export.export(Chunked(), (torch.randn(8, 16),),
                         dynamic_shapes=({0: Dim("batch", min=1, max=256)},))
""", "forward splits the batch into one slab per OpenMP thread (x.view(get_num_threads(), -1, "
       "...)); with a batch Dim of 1..256 export must require the batch to be a multiple of the "
       "build host's thread count, which violates the declared range.",
       "Reduce over the batch without a thread-dependent view (or declare the batch as a "
       "multiple, batch = k * Dim), and never bake the thread count into the graph.",
       match=r"Constraints violated|divisible|Mod")


def case_32():
    return _c("case_32", "keep-ratio-int", "dynamic_shape_guard", "export", """
from torch.export import Dim
class KeepTop(torch.nn.Module):
    def forward(self, x):
        keep = int(x.shape[1] * 0.75)       # keep the first 75% of the frames
        return x[:, :keep].mean(1)
ep = torch.export.export(KeepTop(), (torch.randn(2, 40, 8),),
                         dynamic_shapes=({1: Dim("frames", min=4, max=512)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/keep39.pt2")
""", "int(frames * 0.75) turns the dynamic frame count into a float and back; export "
       "specialises the frame count to the example's 40, violating the declared range.",
       "Use integer arithmetic on the size ((x.shape[1] * 3) // 4).",
       match=r"Constraints violated|specializ")


# ------------------------------------------------------------------------------ legacy API
def case_33():
    return _c("case_33", "legacy-aot-compile-configs-kwarg", "deprecated_api", "compile", """
class Act(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x) * 2
so = torch._export.aot_compile(Act(), (torch.randn(8, 8),),
                               inductor_configs={"cpp.threads": 1})   # the new API's keyword
""", "The legacy torch._export.aot_compile takes its Inductor options as options=, not the new "
       "API's inductor_configs=.",
       "Migrate to torch._inductor.aoti_compile_and_package(torch.export.export(...), "
       "inductor_configs=...).", api="aot_compile", match=r"inductor_configs")


def case_34():
    return _c("case_34", "derived-threads-split-run", "numerical", "run", """
class Chunked(torch.nn.Module):
    def forward(self, x):
        n = torch.get_num_threads()            # 2 on the build host
        return torch.stack([c.sum(0) for c in x.chunk(n)]).amax(0)
ep = torch.export.export(Chunked(), (torch.randn(8, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/split39.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.set_num_threads(1)                       # the serving host runs single-threaded
x = torch.randn(8, 16)
torch.testing.assert_close(m(x), Chunked()(x))
""", "forward chunks the batch by torch.get_num_threads(), which export reads once on the build "
       "host (2); on a single-threaded serving host eager uses one chunk while the package keeps "
       "two, so results differ.",
       "Do not make the computation depend on the thread count (use a fixed chunk count).",
       match=r"not close|Mismatched")


def case_35():
    return _c("case_35", "seed-from-request-sum", "export_failure", "export", """
class Augment(torch.nn.Module):
    def forward(self, x):
        torch.manual_seed(int(x.sum() * 1000) % 65536)   # per-request reproducible noise
        return x + 0.01 * torch.randn_like(x)
ep = torch.export.export(Augment(), (torch.randn(4, 8),))
""", "forward seeds the generator from the request's data (int(x.sum() ...)); converting a "
       "tensor to a Python int is data-dependent, which torch.export cannot trace.",
       "Pass the noise (or a seed tensor and a counter-based generator) in as an input, and "
       "seed outside forward.", match=r"data-dependent|GuardOnDataDependent")


def case_36():
    return _c("case_36", "ceil-blocks-of-frames", "dynamic_shape_guard", "export", """
import math
from torch.export import Dim
class Blocks(torch.nn.Module):
    def forward(self, x):
        n = math.ceil(x.shape[1] / 16)               # number of 16-frame blocks
        pad = n * 16 - x.shape[1]
        return torch.nn.functional.pad(x, (0, 0, 0, pad)).view(x.shape[0], n, 16, -1).mean(2)
ep = torch.export.export(Blocks(), (torch.randn(2, 40, 8),),
                         dynamic_shapes=({1: Dim("frames", min=2, max=1024)},))
""", "math.ceil(frames / 16) goes through a float division of the dynamic frame count; export "
       "specialises the frame count to the example's 40, violating the declared range.",
       "Use integer arithmetic on sizes ((x.shape[1] + 15) // 16).",
       match=r"Constraints violated|specializ")


def case_37():
    return _c("case_37", "isa-branch-in-forward", "export_failure", "export", """
class Dispatch(torch.nn.Module):
    def forward(self, x):
        if torch.backends.cpu.get_cpu_capability() == "AVX512":   # pick the tuned path
            return torch.relu(x) * 2
        return torch.clamp(x, min=0) * 2
ep = torch.export.export(Dispatch(), (torch.randn(4, 8),), strict=True)
""", "forward branches on torch.backends.cpu.get_cpu_capability(), a host query that strict "
       "export cannot trace.", "Decide the path outside forward (or let Inductor pick the ISA).",
       match=r".")


def case_38():
    return _c("case_38", "clang-contract-value-on-gcc", "compile_toolchain", "compile", _cfg(
        "cpp.enable_floating_point_contract_flag", "fast-honor-pragmas") + """
class Affine(torch.nn.Module):
    def forward(self, x):
        return x * 3 + 1
ep = torch.export.export(Affine(), (torch.randn(8, 8),))
pkg = torch._inductor.aoti_compile_and_package(   # the value from the clang-based build docs
    ep, package_path="{scratch}/fhp39.pt2", inductor_configs=CFG)
""", "cpp.enable_floating_point_contract_flag is set to 'fast-honor-pragmas', a clang-only "
       "-ffp-contract value copied from clang build docs; the host compiler g++ rejects it.",
       "Use a value g++ accepts ('off', 'on', 'fast') or build with clang.",
       match=r"fp-contract|CppCompileError")


CASES = [case_01, case_04, case_10, case_11, case_16, case_20, case_21, case_25, case_26, case_27,
         case_29, case_30, case_31, case_32, case_33, case_34, case_35, case_36, case_37, case_38]
# Failed in the trial as labelled but left out to keep numerical rows near a third of the set
# (all six are formulas that are also non-finite in eager): case_06 (naive log-sum-exp of a logit
# of 104: inf), case_07 (BCE written with log(1 - sigmoid(z)) at z=20: inf), case_08 (atanh of
# saturated tanh actions: +-inf), case_09 (nan_to_num defaults then * 10: inf), case_12 (masked
# mean of an all-padding row: NaN), case_13 (unbiased std of a one-token request: NaN).
# Left out after the trial because the label was wrong: case_05 (a zero divisor in the compiled
# integer floor division was labelled as a SIGFPE crash; the package raised a ZeroDivisionError
# from inductor_cpu_throw_if_integer_div_error instead, and no category fits a zero divisor in
# the request data).
DROPPED = [case_05, case_06, case_07, case_08, case_09, case_12, case_13]
# Tried on torch 2.14.1+cu130 in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_02 (float16 mean over 70000 elements: finite and
# close to eager), case_03 (float32 sum of 4M values: close to eager), case_14 (bfloat16 argmax of
# near-tied logits: matched the float32 argmax), case_15 (cpp.use_decompose_tanh on small inputs:
# close to eager), case_17 (cpp.max_horizontal_fusion_size=0: compiled and ran), case_18
# (cpp.simdlen=16: compiled and ran), case_19 (cpp.threads=0: compiled and ran), case_22
# (ATEN_CPU_CAPABILITY=avx512_vnni at build: compiled and ran), case_23 (torch.frexp: compiled
# and ran), case_24 (torch.round(decimals=2): compiled and ran), case_28
# (torch.use_deterministic_algorithms(True) in forward under strict export: exported and
# compiled).
TRIED = [case_02, case_03, case_14, case_15, case_17, case_18, case_19, case_22, case_23,
         case_24, case_28]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind39.jsonl",
        url_file="benchmarks/live_blind39.py", id_prefix="live39", stems=STEMS,
        scratch_prefix="live_blind39-", description=__doc__.splitlines()[0]))
