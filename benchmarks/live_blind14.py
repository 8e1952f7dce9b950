"""A fourteenth blind set of REAL AOTInductor failures (dtypes, precision and quantisation), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind14.py [--out benchmarks/live_blind14.jsonl] [--keep]

Theme: dtypes, precision and quantisation with AOTI (bf16/fp16 models, autocast regions inside
the exported forward, fp8/fp4 and unsigned shell dtypes, complex and bool tensors, integer
overflow and narrow index dtypes, hand-written int8/int4 weight-only recipes and the quantize /
dequantize ops, the PT2E flow, dtype conversions applied at the wrong time, mixed dtypes at run
time, TF32/precision flags). No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind13.py (their TRIED
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
FIXED = """
class Fixed(torch.nn.Module):
    # an fp16 feature stage that snaps values to a 1/1024 fixed-point grid
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(16, 16)
    def forward(self, x):
        h = self.lin(x)
        return torch.round(h * 1024.0) / 1024.0
"""

INT4 = """
class Int4Linear(torch.nn.Module):
    # hand-written weight-only int4: two 4-bit codes per byte, one scale per output row
    def __init__(self, w):
        super().__init__()
        scale = w.abs().amax(1, keepdim=True) / 7
        q = (torch.clamp(torch.round(w / scale), -8, 7) + 8).to(torch.int8)   # codes 0..15
        packed = (q[:, 0::2] << 4) | q[:, 1::2]                               # stored as int8
        self.register_buffer("packed", packed)
        self.register_buffer("scale", scale)
    def forward(self, x):
        hi = self.packed >> 4
        lo = self.packed & 0xF
        q = torch.stack([hi, lo], -1).flatten(1).float() - 8
        return x @ (q * self.scale).t()
"""

BUCKET = """
class Bucketed(torch.nn.Module):
    # a continuous feature (a price in currency units) bucketed to 1/1000 and embedded
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(32768, 4)
    def forward(self, price):
        ids = (price * 1000).to(torch.int16)
        return self.emb(ids.long()).sum(1)
"""

SETUP_J = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + FIXED + INT4 + BUCKET + """
class Sig(torch.nn.Module):
    def forward(self, x):
        return (x - x.mean()) * 0.5

class Half(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(16, 8)
    def forward(self, x):
        return torch.tanh(self.lin(x))

def build(name, m, args, configs=None):
    try:
        ep = torch.export.export(m, args)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("fixed14", Fixed().half().eval(), (torch.randn(4, 16, dtype=torch.float16),))
build("int4w14", Int4Linear(torch.randn(8, 16)), (torch.randn(2, 16),))
build("bucket14", Bucketed(), (torch.rand(2, 3) * 20,))
build("sig14", Sig(), (torch.randn(2048, 2048, dtype=torch.float64),))
build("half14", Half().half().eval(), (torch.randn(4, 16, dtype=torch.float16),))
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"fixed14", "int4w14", "bucket14", "sig14", "half14", "after14", "f64dflt14",
         "hash14", "fp4w14", "strictac14", "int4mm14", "fq14", "rope14", "fp8mm14", "cmm14",
         "oh14", "qdq14", "i4cpu14", "idiv14", "fp8q14", "bfconv14", "bfnp14", "q8req14", "kv8_14", "ids8_14"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
def case_01():
    return _c("case_01", "pt2e-tutorial-import", "deprecated_api", "export", """
from torch.ao.quantization.quantize_pt2e import prepare_pt2e, convert_pt2e
""" + LIN + """
gm = torch.export.export(M().eval(), (torch.randn(2, 8),)).module()
""", "The PT2E quantisation tutorial's import `torch.ao.quantization.quantize_pt2e` no longer "
       "exists in this torch: the PT2E flow (prepare_pt2e/convert_pt2e and the quantizers) moved "
       "out of torch.ao into torchao.",
       "Install torchao and import from torchao.quantization.pt2e (quantize_pt2e, "
       "quantizer.x86_inductor_quantizer), or pin the older torch the recipe was written for.",
       match=r"quantize_pt2e")


def case_02():
    return _c("case_02", "legacy-cuda-half-type", "device_mismatch", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        # copied from a 2018 mixed-precision script: cast activations to the GPU half type
        h = x.type(torch.cuda.HalfTensor)
        return self.lin(h.float())
ep = torch.export.export(M(), (torch.randn(2, 8),))
""", "forward casts with the legacy tensor type torch.cuda.HalfTensor, which also moves the "
       "tensor to CUDA; this CPU-only torch cannot initialise CUDA.",
       "Use x.to(torch.float16) (or x.half()), which keeps the device, instead of legacy "
       "torch.cuda.*Tensor types.", match=r"CUDA")


def case_03():
    return _c("case_03", "halved-model-fp32-example", "input_mismatch", "run", """
""" + LIN + """
model = M().eval().half()            # halve memory before deployment
ep = torch.export.export(model, (torch.randn(2, 8),))   # example batch still float32
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "The model was converted with .half() but the export example input is still float32; export "
       "and compile accept the mix, and the package's addmm then meets a float32 input and float16 "
       "weights.",
       "Export with an example of the model's dtype (x.half()), or keep the model in float32.",
       match=r"dtype|Half|Float")


def case_04():
    return _c("case_04", "range-check-before-half", "export_failure", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        h = self.lin(x)
        if h.abs().max() < 60000:      # only drop to fp16 when the values fit
            h = h.half()
        return h.float() * 2
ep = torch.export.export(M(), (torch.randn(2, 8),))
""", "forward decides whether to cast to float16 with a Python `if` on the activations' maximum, "
       "a data-dependent condition that export cannot trace.",
       "Decide the precision statically, or express the choice with torch.where / torch.cond.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_05():
    return _c("case_05", "tf32-mixed-flags", "deprecated_api", "export", """
torch.backends.fp32_precision = "ieee"          # new precision API (from the team's base config)
torch.set_float32_matmul_precision("medium")    # legacy call left in the serving script
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The script sets precision through both the new fp32_precision API and the legacy "
       "set_float32_matmul_precision; torch refuses to read the TF32 state when the legacy and new "
       "flags disagree.",
       "Use only the new fp32_precision settings (or only the legacy call), not both.",
       match=r"mix of the legacy and new APIs")


def case_06():
    return _c("case_06", "per-channel-weights", "unsupported", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        # hand-written weight-only int8: per-output-channel quantise and dequantise the weight
        s = self.lin.weight.abs().amax(1) / 127
        wq = torch.quantize_per_channel(self.lin.weight, s, torch.zeros(4, dtype=torch.long), 0, torch.qint8)
        return torch.nn.functional.linear(x, wq.dequantize(), self.lin.bias)
print(M()(torch.randn(2, 8)).shape)   # works in eager
ep = torch.export.export(M(), (torch.randn(2, 8),))
""", "forward builds a per-channel quantized tensor (torch.qint8) with quantize_per_channel; "
       "export's fake tensors have no quantized representation.",
       "Quantise the weight ahead of time into plain int8 + scale buffers and dequantise with "
       "ordinary ops ((w_int8.float() * scale[:, None])) inside forward.",
       match=r"quantized")


def case_07():
    return _c("case_07", "decomposed-qdq-unregistered", "unsupported", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        # the quantize/dequantize pair copied from a printed convert_pt2e graph
        q = torch.ops.quantized_decomposed.quantize_per_tensor(x, 0.05, 0, -128, 127, torch.int8)
        xd = torch.ops.quantized_decomposed.dequantize_per_tensor(q, 0.05, 0, -128, 127, torch.int8)
        return self.lin(xd)
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward calls torch.ops.quantized_decomposed.* ops copied from a converted PT2E graph, but "
       "the module that registers that op library (torch.ao.quantization.fx._decomposed) was never "
       "imported, so the namespace has no such op.",
       "import torch.ao.quantization.fx._decomposed (or torchao's equivalent) before export, or "
       "write the QDQ with ordinary ops (round/clamp/sub/mul).",
       match=r"quantized_decomposed")


def case_08():
    return _c("case_08", "raw-bytes-view", "dynamic_shape_guard", "export", """
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, raw):
        # the request body arrives as bytes; reinterpret as float32 samples
        x = raw.view(torch.float32)
        return x * 0.5 + 1
raw = torch.randn(64).view(torch.uint8)     # 256 bytes
ep = torch.export.export(M(), (raw,), dynamic_shapes={"raw": {0: Dim("nbytes", min=4, max=4096)}})
""", "A uint8 buffer of dynamic length is reinterpreted as float32 with .view(torch.float32); "
       "that needs the byte count to be a multiple of 4, which the plain Dim range does not "
       "guarantee.",
       "Declare the length as a multiple of 4 (a derived Dim, 4 * Dim('n')) or pass float32 "
       "samples instead of raw bytes.",
       match=r"Constraints violated|divisible|Mod|%|guard")


def case_09():
    return _c("case_09", "fp4-packed-buffer", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        # MX-style fp4 weights: two e2m1 values per byte
        packed = torch.randint(0, 255, (8, 8), dtype=torch.uint8)
        self.register_buffer("w", packed.view(torch.float4_e2m1fn_x2))
    def forward(self, x):
        codes = self.w.view(torch.uint8)
        lo = (codes & 0xF).float()
        hi = (codes >> 4).float()
        return x @ torch.cat([lo, hi], 1).t()
ep = torch.export.export(M(), (torch.randn(2, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fp4w14.pt2")
""", "The model keeps packed fp4 weights as a torch.float4_e2m1fn_x2 buffer; Inductor's C++ "
       "code generation has no mapping for that dtype.",
       "Store the packed weights as a uint8 buffer (view to float4 only where a kernel needs it).",
       match=r"float4_e2m1fn_x2")


def case_10():
    return _c("case_10", "uint64-hash-salt", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("salt", torch.tensor([0x9E3779B97F4A7C15], dtype=torch.uint64))
    def forward(self, ids):
        # only ids past the known vocabulary are salted (multiplicative hash in uint64)
        u = ids.to(torch.uint64)
        h = torch.where(ids >= 1000, u * self.salt, u)
        return h.to(torch.int64)
print(M()(torch.tensor([3, 5000, 999, 123456])))    # eager runs
ep = torch.export.export(M(), (torch.arange(8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hash14.pt2")
""", "The feature hasher works in torch.uint64, a 'shell' dtype with limited support; eager runs "
       "the where/mul, but Inductor's lowering of torch.where promotes the bool condition with "
       "the uint64 operands and refuses promotion involving uint16/uint32/uint64.",
       "Hash in int64 (bit patterns are the same; use arithmetic that tolerates the sign) or keep "
       "the hashing outside the compiled model.",
       match=r"uint64|UInt64|uint16, uint32")


def case_11():
    return _c("case_11", "strict-autocast-region", "torch_bug", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = self.lin(x)
        return y.float() * 2
ep = torch.export.export(M(), (torch.randn(2, 8),), strict=True)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/strictac14.pt2")
""", "Strict (Dynamo) export of a forward with a bf16 autocast region records a tensor-metadata "
       "assertion with dtype float32 for the linear's bfloat16 output; Inductor then fails on that "
       "inconsistent assertion (an export defect).",
       "Export non-strict (the default), or cast explicitly (.to(torch.bfloat16)) instead of "
       "autocast; report the strict-export metadata bug upstream.",
       match=r"dtype mismatch|bfloat16")


def case_12():
    return _c("case_12", "program-half-call", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
ep = ep.half()          # convert the exported program to fp16 before compiling
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "ExportedProgram is not an nn.Module: it has no .half()/.to(dtype); a program is frozen at "
       "the dtypes it was traced with.",
       "Convert the module (model.half()) and export it again with float16 example inputs.",
       match=r"half")


def case_13():
    return _c("case_13", "fp8-plain-matmul", "unsupported", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("w", (torch.randn(16, 32) * 0.1).to(torch.float8_e4m3fn))
    def forward(self, x):
        return x.to(torch.float8_e4m3fn) @ self.w.t()
ep = torch.export.export(M(), (torch.randn(4, 32),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fp8mm14.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 32))
""", "The fp8 recipe multiplies two float8_e4m3fn tensors with a plain @; CPU matmul has no "
       "float8 kernel (fp8 GEMMs go through torch._scaled_mm with scales).",
       "Use torch._scaled_mm(a_fp8, b_fp8, scale_a, scale_b, out_dtype=...) or upcast to "
       "bf16/fp32 before the matmul.",
       match=r"Float8|float8")


def case_14():
    return _c("case_14", "fake-quant-module", "export_failure", "export", """
from torch.ao.quantization import FakeQuantize, MovingAverageMinMaxObserver
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fq = FakeQuantize(observer=MovingAverageMinMaxObserver, quant_min=0, quant_max=255)
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(self.fq(x))
m = M().eval()
m(torch.randn(16, 8))   # calibrate
ep = torch.export.export(m, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fq14.pt2")
m2 = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m2(torch.randn(2, 8)).shape, (2, 4))
""", "The QAT model still holds an eager FakeQuantize module; its forward branches in Python on "
       "its observer/fake-quant enable flags, which are tensors, a data-dependent condition "
       "export cannot trace.",
       "Convert the QAT model (or replace FakeQuantize by the fixed quantize/dequantize ops with "
       "the calibrated scale) before export, or use the PT2E QAT flow.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard")


def case_15():
    return _c("case_15", "int4-gpu-recipe-on-cpu", "unsupported", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        w = torch.randint(0, 16, (32, 64), dtype=torch.int32)
        self.register_buffer("w", torch.ops.aten._convert_weight_to_int4pack_for_cpu(w, 2))
        self.register_buffer("sz", torch.rand(2, 32, 2))
    def forward(self, x):
        # the weight-only int4 matmul of the GPU recipe
        return torch.ops.aten._weight_int4pack_mm(x, self.w, 32, self.sz)
ep = torch.export.export(M(), (torch.randn(4, 64),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/int4mm14.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 64))
""", "The weight-only int4 recipe packs the weight with the CPU packer but multiplies with "
       "aten._weight_int4pack_mm, the CUDA/MPS kernel, whose (meta) check requires the GPU's "
       "4-D tiled packing; the op does not accept CPU-packed weights.",
       "Use torch.ops.aten._weight_int4pack_mm_for_cpu with CPU-packed weights, or run the "
       "recipe on a GPU.",
       match=r"4D tensor|_weight_int4pack_mm")


def case_16():
    return _c("case_16", "bf16-after-export", "constant_loading", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return torch.relu(self.lin(x))
model = M().eval()
ep = torch.export.export(model, (torch.randn(2, 8),))
model.bfloat16()    # "make the deployed model bf16" - but after export
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/after14.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "model.bfloat16() after export converts the parameters in place, and the ExportedProgram "
       "shares those tensors, so the package gets bfloat16 weights for a float32 graph; the "
       "compiled addmm then fails on the dtype mix.",
       "Convert the model (and example inputs) before torch.export.export, then compile; never "
       "mutate the module after exporting it.",
       match=r"addmm|dtype|BFloat16")


def case_17():
    return _c("case_17", "default-float64-build", "input_mismatch", "run", """
torch.set_default_dtype(torch.float64)      # the research code's global setting
""" + LIN + """
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/f64dflt14.pt2")
torch.set_default_dtype(torch.float32)      # the serving code runs with the usual default
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "The model was built and exported under torch.set_default_dtype(torch.float64), so the "
       "package expects float64 inputs; the service sends float32, which the input check rejects.",
       "Export under the default float32 (or cast inputs to float64 before calling).",
       env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dtype")


def case_18():
    return _c("case_18", "fp16-fixed-point-parity", "numerical", "run", """
torch.manual_seed(0)
""" + FIXED + """
torch.manual_seed(0)
ref_model = Fixed().half().eval()
m = torch._inductor.aoti_load_package("{fixed14}")
x = torch.randn(64, 16, dtype=torch.float16) * 40
torch.testing.assert_close(m(x), ref_model(x))
""", "In eager, h * 1024 is rounded to float16 and overflows to inf for |h| > 64, while "
       "Inductor fuses round(h * 1024) / 1024 and keeps the intermediate in float32, so the "
       "package returns finite values where eager returns inf.",
       "Keep the fixed-point step in float32 (h.float()), or compile with "
       "emulate_precision_casts=True to reproduce eager's float16 rounding.",
       needs=("j",), match=r"not close|inf|Mismatched")


def case_19():
    return _c("case_19", "int4-signed-nibbles", "numerical", "run", """
torch.manual_seed(0)
""" + INT4 + """
torch.manual_seed(0)
w = torch.randn(8, 16)
m = torch._inductor.aoti_load_package("{int4w14}")
x = torch.randn(2, 16)
ref = x @ w.t()
y = m(x)
torch.testing.assert_close(y, ref, rtol=0.2, atol=0.6)
""", "The hand-written int4 recipe packs two 4-bit codes into an int8 byte: codes >= 8 in the "
       "high nibble make the byte negative, and `packed >> 4` sign-extends, so half of the "
       "unpacked weights are off by 16 quantisation steps.",
       "Pack into torch.uint8 (or mask: (packed >> 4) & 0xF) so the shift is logical.",
       needs=("j",), match=r"not close|Mismatched")


def case_20():
    return _c("case_20", "raw-int8-samples", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sig14}")
raw = torch.randint(-128, 127, (2048, 2048), dtype=torch.int8)   # straight from the ADC driver
y = m(raw)
print(y.sum())
""", "The package was compiled for float64 samples (8 bytes each) but the driver's raw int8 "
       "buffer (1 byte each) is passed without conversion; the kernel reads 8x past the end of "
       "the input buffer.",
       "Convert the samples (raw.to(torch.float64)) before calling; AOTI_RUNTIME_CHECK_INPUTS=1 "
       "reports the dtype mismatch.",
       expect="crash", needs=("j",))


def case_21():
    return _c("case_21", "int16-price-buckets", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{bucket14}")
price = torch.tensor([[3.5, 12.0, 19.99], [7.25, 45.0, 1.0]])   # 45.0 -> bucket 45000
y = m(price)
""", "Prices are bucketed with (price * 1000).to(torch.int16); 45.0 gives 45000, which does not "
       "fit int16 and wraps to a negative bucket id, out of the embedding's range.",
       "Bucket in int32/int64 and clamp to the table size (or use torch.bucketize with explicit "
       "boundaries).",
       needs=("j",), match=r"out of bounds")


def case_22():
    return _c("case_22", "one-minus-bool-mask", "unsupported", "export", """
class M(torch.nn.Module):
    def forward(self, scores, pad):
        keep = 1 - pad          # ported from code written when masks were uint8
        return scores * keep
scores = torch.randn(2, 6)
pad = torch.tensor([[0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 1]], dtype=torch.bool)
ep = torch.export.export(M(), (scores, pad))
""", "The padding mask is now a bool tensor; `1 - mask` (valid for the uint8 masks of older code) "
       "is not supported for bool tensors.",
       "Use ~pad (or pad.logical_not()) for the inverted mask.",
       match=r"bool")


def case_23():
    return _c("case_23", "bf16-into-fp16-package", "input_mismatch", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{half14}")
x = torch.randn(4, 16)
y16 = m(x.half())
y = m(x.bfloat16())        # the new preprocessing stage emits bfloat16
torch.testing.assert_close(y.float(), y16.float(), rtol=2e-2, atol=2e-2)
""", "The package was compiled for float16 inputs; a bfloat16 tensor (same 2-byte size) is passed "
       "without input checks, and the package's extern addmm meets a bfloat16 input with float16 "
       "weights.",
       "Cast to float16 (x.half()) before calling; AOTI_RUNTIME_CHECK_INPUTS=1 reports the dtype "
       "mismatch directly.", needs=("j",), match=r"same dtype|not close|Mismatched")


def case_24():
    return _c("case_24", "rope-bf16-complex", "unsupported", "export", """
class Rope(torch.nn.Module):
    def __init__(self):
        super().__init__()
        t = torch.arange(16).float()[:, None] * (1.0 / 10000 ** (torch.arange(0, 8, 2).float() / 8))
        self.register_buffer("freqs_cis", torch.polar(torch.ones_like(t), t))
    def forward(self, q):
        # the .float() before view_as_complex was removed when the model went bf16
        qc = torch.view_as_complex(q.reshape(*q.shape[:-1], -1, 2))
        return torch.view_as_real(qc * self.freqs_cis).flatten(-2).type_as(q)
ep = torch.export.export(Rope().bfloat16(), (torch.randn(2, 16, 8, dtype=torch.bfloat16),))
""", "Rotary embeddings view the query as complex numbers; view_as_complex supports only "
       "float/double tensors (there is no bf16 complex type), and the model was converted to "
       "bfloat16 without keeping the .float() upcast.",
       "Upcast before view_as_complex (q.float()) and cast back with type_as(q) afterwards.",
       match=r"view_as_complex|complex")


def case_25():
    return _c("case_25", "one-hot-int32-labels", "unsupported", "export", """
class M(torch.nn.Module):
    def forward(self, logits, labels):
        t = torch.nn.functional.one_hot(labels, 5).float()
        return ((logits.softmax(-1) - t) ** 2).sum(-1)
labels = torch.tensor([0, 3, 4, 1], dtype=torch.int32)   # labels from a parquet int32 column
ep = torch.export.export(M(), (torch.randn(4, 5), labels))
""", "one_hot is only implemented for int64 index tensors; the labels come from an int32 column.",
       "Cast the labels to int64 (labels.long()) before one_hot (or export with int64 labels).",
       match=r"LongTensor|int64|Long")


def case_26():
    return _c("case_26", "complex-weight-matmul", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("w", torch.randn(8, 8, dtype=torch.complex64))
    def forward(self, xr):
        z = torch.view_as_complex(xr)        # (B, 8) complex
        return torch.view_as_real(z @ self.w)
x = torch.randn(4, 8, 2)
model = M()
y0 = model(x)
ep = torch.export.export(model, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cmm14.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(x), y0)
""", "A complex64 weight multiplies a complex view of the input (a learned frequency-domain "
       "filter).", "Split the complex matmul into real matmuls on the real/imaginary parts.",
       match=r"[Cc]omplex")


def case_27():
    return _c("case_27", "int4-cpu-half-activations", "unsupported", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        w = torch.randint(0, 16, (32, 64), dtype=torch.int32)
        self.register_buffer("w", torch.ops.aten._convert_weight_to_int4pack_for_cpu(w, 2))
        self.register_buffer("sz", torch.rand(2, 32, 2))
    def forward(self, x):
        return torch.ops.aten._weight_int4pack_mm_for_cpu(x.half(), self.w, 32, self.sz)
ep = torch.export.export(M(), (torch.randn(4, 64),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/i4cpu14.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 64))
""", "The int4 CPU kernel is called with float16 activations and float32 scales/zeros; the kernel "
       "requires matching activation and scale dtypes.",
       "Keep activations and scales_and_zeros in the same dtype (bf16 or fp32).",
       match=r"dtype|Half|BFloat16|Float")


def case_28():
    return _c("case_28", "legacy-half-so", "input_mismatch", "run", """
""" + LIN + """
model = M().eval().half()
so = torch._export.aot_compile(model, (torch.randn(2, 8, dtype=torch.float16),))
runner = torch._export.aot_load(so, "cpu")
y = runner(torch.randn(2, 8))     # the client still sends float32
""", "The legacy .so was compiled from the float16 model with float16 example inputs; the client "
       "sends float32, which the generated input check rejects.",
       "Cast the inputs to float16 (x.half()) before calling, or compile a float32 model.",
       api="legacy", env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"dtype")


def case_29():
    return _c("case_29", "items-per-page", "numerical", "run", """
class M(torch.nn.Module):
    def forward(self, total, pages):
        return total // pages          # integer average per page
total = torch.tensor([120, 45, 9, 0])
pages = torch.tensor([12, 5, 3, 4])
ep = torch.export.export(M(), (total, pages))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/idiv14.pt2")
m = torch._inductor.aoti_load_package(pkg)
print(m(total, pages))
print(m(torch.tensor([7, 3, 10, 2]), torch.tensor([1, 0, 2, 1])))   # an account with no pages
""", "An int64 floor division meets a zero divisor at run time; the compiled kernel's integer "
       "division check raises ZeroDivisionError from inside the package.",
       "Guard the divisor (pages.clamp(min=1) or torch.where(pages == 0, ...)) before dividing.",
       match=r"ZeroDivisionError")


def case_30():
    return _c("case_30", "per-batch-int8-scale", "export_failure", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        # dynamic int8 activation quantisation written by hand
        scale = x.abs().max().item() / 127
        xq = torch.clamp(torch.round(x / scale), -128, 127).to(torch.int8)
        return self.lin(xq.float() * scale)
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The per-batch scale is taken with .item() (a Python float from tensor data) and used in "
       "tensor arithmetic; export cannot trace the data-dependent Python float.",
       "Keep the scale a tensor (scale = x.abs().amax() / 127) instead of calling .item().",
       match=r"data-dependent|item|unbacked|GuardOnDataDependent|Could not")


def case_31():
    return _c("case_31", "fp8-unclamped-cast", "numerical", "run", """
class M(torch.nn.Module):
    def forward(self, x):
        scale = 0.05                       # calibrated on a quiet batch
        q = (x / scale).to(torch.float8_e4m3fn)
        return q.float() * scale
ep = torch.export.export(M(), (torch.randn(4, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fp8q14.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 16) * 40)             # a loud batch: |x| / scale > 448
assert torch.isfinite(y).all(), f"{(~torch.isfinite(y)).sum().item()} non-finite outputs"
""", "float8_e4m3fn has no inf and a maximum of 448; casting values beyond it without clamping "
       "gives NaN, so the loud batch's fake-quantised activations become NaN.",
       "Clamp to torch.finfo(torch.float8_e4m3fn).max before the cast (saturate), or recompute "
       "the scale from the batch.", match=r"non-finite")


def case_32():
    return _c("case_32", "bf16-conv-frozen", "unsupported", "compile", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 8, 3)
    def forward(self, x):
        return torch.relu(self.c(x))
model = M().eval().to(torch.bfloat16)
x = torch.randn(1, 3, 16, 16, dtype=torch.bfloat16)
ep = torch.export.export(model, (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bfconv14.pt2",
                                               inductor_configs={"freezing": True})
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(x), model(x), rtol=2e-2, atol=2e-2)
""", "A bfloat16 convolution compiled with freezing=True (weight prepacking for oneDNN).",
       "Compile without freezing.", match=r"mkldnn|oneDNN|onednn|not supported")


def case_33():
    return _c("case_33", "bf16-scores-to-numpy", "unsupported", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 3)
    def forward(self, x):
        return self.lin(x).softmax(-1)
model = M().eval().bfloat16()
ep = torch.export.export(model, (torch.randn(2, 8, dtype=torch.bfloat16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bfnp14.pt2")
m = torch._inductor.aoti_load_package(pkg)
scores = m(torch.randn(2, 8, dtype=torch.bfloat16)).numpy()   # the JSON response builder
""", "The bf16 package returns bfloat16 scores and the response builder calls .numpy(); NumPy has "
       "no bfloat16 type.", "Convert with .float() (or .to(torch.float32)) before .numpy().",
       match=r"BFloat16")


def case_34():
    return _c("case_34", "quint8-request", "input_mismatch", "run", """
""" + LIN + """
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/q8req14.pt2")
m = torch._inductor.aoti_load_package(pkg)
q = torch.quantize_per_tensor(torch.randn(2, 8), 0.05, 128, torch.quint8)   # upstream sends quint8
y = m(q)
print(y)
""", "A quantized (quint8) activation tensor from the upstream service is passed to a float32 "
       "package without input checks; the package hands it to its extern addmm, which meets a "
       "QUInt8 input and float32 weights.", "Dequantize (q.dequantize()) before calling the "
       "package; AOTI_RUNTIME_CHECK_INPUTS=1 reports the dtype mismatch directly.",
       match=r"quant|QUInt8|dtype")


def case_35():
    return _c("case_35", "fp-contract-bool", "compile_toolchain", "compile", """
""" + LIN + """
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, inductor_configs={"cpp.enable_floating_point_contract_flag": True})   # "turn FMA on"
""", "cpp.enable_floating_point_contract_flag takes the gcc style name ('off', 'on', 'fast'); "
       "True is pasted into the command line as -ffp-contract=True, which g++ rejects.",
       "Set it to 'on' or 'fast' (or leave the default 'off').",
       match=r"ffp-contract|CppCompileError|contract")


def case_36():
    return _c("case_36", "fp8-kv-cache", "unsupported", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("cache", torch.zeros(16, 8, dtype=torch.float8_e5m2))
    def forward(self, k, pos):
        self.cache.index_copy_(0, pos, k.to(torch.float8_e5m2))
        return self.cache.float().sum(0)
model = M()
k, pos = torch.randn(2, 8), torch.tensor([3, 4])
ep = torch.export.export(model, (k, pos))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/kv8_14.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(k, pos), k.to(torch.float8_e5m2).float().sum(0))
""", "An fp8 (e5m2) KV-cache buffer updated in place with index_copy_.",
       "Keep the cache in bf16.", match=r"float8|Float8")


def case_37():
    return _c("case_37", "signed-range-uint8", "unsupported", "export", """
import torch.ao.quantization.fx._decomposed   # registers quantized_decomposed ops
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        # activation QDQ: int8 range copied from the weight recipe, dtype from the uint8 backend
        q = torch.ops.quantized_decomposed.quantize_per_tensor(x, 0.05, 0, -128, 127, torch.uint8)
        xd = torch.ops.quantized_decomposed.dequantize_per_tensor(q, 0.05, 0, -128, 127, torch.uint8)
        return self.lin(xd)
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The hand-written QDQ passes the signed range [-128, 127] with dtype torch.uint8; the "
       "quantize op refuses a quant_min below the dtype's minimum (0).",
       "Use quant range [0, 255] with zero_point 128 for uint8, or dtype torch.int8 for [-128, 127].",
       match=r"quant_min")


def case_38():
    return _c("case_38", "one-based-byte-ids", "index_out_of_bounds", "run", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 4)
    def forward(self, ids):
        return self.emb((ids - 1).long()).sum(1)     # ids are 1-based in the dataset
ids = torch.tensor([[1, 5, 99], [2, 3, 4]], dtype=torch.uint8)   # stored as uint8 to save space
ep = torch.export.export(M(), (ids,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ids8_14.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.tensor([[7, 8, 0], [1, 2, 3]], dtype=torch.uint8))   # 0 = padding
""", "Ids are stored as uint8 and shifted to 0-based with ids - 1 before the cast; a padding id "
       "0 wraps to 255 in uint8, beyond the 100-row embedding table.",
       "Cast to int64 before subtracting (ids.long() - 1) and map padding to a valid row (or use "
       "padding_idx).", match=r"out of bounds")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_14, case_15, case_16, case_17, case_18,
         case_19, case_21, case_23, case_24, case_27,
         case_28, case_29, case_33, case_34, case_35, case_38]
DROPPED: list = []
# Tried on torch 2.13.0+cpu in the trial runs and did NOT fail (or failed only in eager), so left
# out of CASES (kept to rerun on another torch with --only): case_13 (float8_e4m3fn @ float8
# weights: compiled, loaded and ran), case_20 (raw int8 samples into a float64 package: read past
# the buffer without a signal), case_22 (1 - bool mask: export accepted it), case_25 (one_hot
# of int32 labels: exported), case_26 (complex64 weight matmul: compiled and matched eager),
# case_30 (.item() scale for hand-written int8 activations: exported and compiled), case_31
# (unclamped float8 cast of a loud batch: finite outputs), case_32 (bf16 conv with freezing:
# compiled and matched), case_36 (float8_e5m2 KV cache with index_copy_: compiled and matched;
# its first version failed in eager only), case_37 (quantized_decomposed with a signed range
# and torch.uint8: exported and compiled).
TRIED = [case_13, case_20, case_22, case_25, case_26, case_30, case_31, case_32, case_36,
         case_37]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind14.jsonl",
        url_file="benchmarks/live_blind14.py", id_prefix="live14", stems=STEMS,
        scratch_prefix="live_blind14-", description=__doc__.splitlines()[0]))
