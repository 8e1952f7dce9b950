"""A fifth blind set of REAL AOTInductor failures, triggered live with torch (new triggers).

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind5.py [--out benchmarks/live_blind5.jsonl] [--keep]

No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind4.py (their TRIED lists included). Building the set
imports nothing from aotidebug.
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
SETUP_J = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class Chan(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.tensor([1.0, 10.0, 100.0]))
    def forward(self, x):
        return x * self.scale.view(1, 3, 1, 1) + 1

class Bucket(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("edges", torch.tensor([0.0, 10.0, 20.0, 30.0]))
        self.register_buffer("rate", torch.tensor([0.1, 0.2, 0.3, 0.4]))
    def forward(self, v):
        b = torch.bucketize(v, self.edges)
        return v * self.rate[b]

class CE(torch.nn.Module):
    def forward(self, logits, t):
        return torch.nn.functional.cross_entropy(logits, t, reduction="none")

class Alloc(torch.nn.Module):
    def forward(self, x, k):
        n = k.item()
        torch._check(n >= 1)
        return torch.zeros(n, 1024) + x.sum()

class TopK(torch.nn.Module):
    def forward(self, x, k: int):
        return torch.topk(x, k, dim=-1).values

class Sq(torch.nn.Module):
    def forward(self, x):
        h = x.half()
        return (h * h).sum(-1)

def build(name, m, args, configs=None):
    try:
        ep = torch.export.export(m, args)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("lin5", M(), (torch.randn(2, 8),))  # first after manual_seed(0): cases rebuild its weights
build("chan5", Chan(), (torch.randn(2, 3, 8, 8),))
build("bucket5", Bucket(), (torch.tensor([1.0, 12.0, 25.0, 5.0]),))
build("ce5", CE(), (torch.randn(4, 6), torch.tensor([0, 5, 2, 3])))
build("alloc5", Alloc(), (torch.randn(3), torch.tensor(4)))
build("topk5", TopK(), (torch.randn(2, 10), 3))
build("sq5", Sq(), (torch.randn(4, 64),))
try:
    paths["so5"] = torch._export.aot_compile(M(), (torch.randn(2, 8),))
except Exception as e:
    print("BUILD FAILED so5", repr(e)[:300], flush=True)
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin5", "chan5", "bucket5", "ce5", "alloc5", "topk5", "sq5", "lin5_home", "elf32",
         "cplx5", "f8_5", "lcse5", "fold5", "quota5", "clang5", "ddev5", "cons5"}


# --------------------------------------------------------------------------------- helpers
def _prep_home(paths, scratch):
    """The package copied to $HOME/models (HOME set to a folder in scratch by the case's env)."""
    import shutil
    d = scratch / "home" / "models"
    d.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(paths["lin5"], d / "lin5_home.pt2")
    return {}


def _prep_elf32(paths, scratch):
    """The .so's ELF class byte (EI_CLASS) set to ELFCLASS32, as for a package built by a 32-bit
    (armv7/i686) toolchain and copied to this 64-bit host."""
    def edit(name, data):
        if name.endswith(".so"):
            if data[:4] != b"\x7fELF":
                raise RuntimeError("not an ELF file: " + name)
            return data[:4] + b"\x01" + data[5:]
        return data
    return {"elf32pkg": harness._rewrite(paths["lin5"], scratch / "elf32.pt2", edit)}


# ---------------------------------------------------------------------------------- cases
def case_01():
    return Case("case_01", "debug-dump", "export_failure", "export", "package", """
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        h = self.lin(x)
        torch.save(h, "{scratch}/activations.pt")
        return torch.relu(h)
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dump5.pt2")
""", "forward saves an intermediate activation to disk with torch.save (a debugging dump); "
       "under export the activation is a fake tensor without data, which cannot be serialised.",
       "Remove the file I/O from forward (dump activations in eager runs only, or guard it "
       "with torch.compiler.is_exporting()).")


def case_02():
    return Case("case_02", "input-assert", "export_failure", "export", "package", """
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        assert (x >= 0).all(), "features must be non-negative"
        return torch.relu(self.lin(torch.sqrt(x)))
ep = torch.export.export(M(), (torch.rand(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/assert5.pt2")
""", "forward validates its input with a Python assert on tensor values ((x >= 0).all()); "
       "export cannot evaluate a data-dependent boolean.",
       "Use torch._check(...) on the value or move the validation into the caller.",
       match=r"data-dependent|GuardOnDataDependent|Could not guard|bool")


def case_03():
    return Case("case_03", "scale-table", "export_failure", "export", "package", """
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = {0: 1.0, 1: 0.5, 2: 0.25}
    def forward(self, x, level):
        return x * self.scales[int(level)]
ep = torch.export.export(M(), (torch.randn(4), torch.tensor(1)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/table5.pt2")
""", "forward looks up a Python dict with a key read from an input tensor (int(level)); "
       "the key is data-dependent, so export cannot pick the entry.",
       "Store the table as a tensor buffer and index it (self.scales_t[level]).",
       match=r"data-dependent|GuardOnDataDependent|Could not|int|KeyError")


def case_04():
    return Case("case_04", "jagged-batch", "export_failure", "export", "package", """
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x).relu()
nt = torch.nested.nested_tensor([torch.randn(3, 8), torch.randn(5, 8)], layout=torch.jagged)
ep = torch.export.export(M(), (nt,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/njt5.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(nt)
""", "The example input is a jagged nested tensor (a batch of variable-length sequences); "
       "export/AOTI take dense tensors only.",
       "Pad the batch to a dense tensor (with a mask or lengths input) before export.")


def case_05():
    return Case("case_05", "shared-dim-name", "dynamic_shape_guard", "export", "package", """
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, q, k):
        return q.sum(0) + k.sum(0)
ep = torch.export.export(M(), (torch.randn(8, 4), torch.randn(16, 4)),
                         dynamic_shapes={"q": {0: Dim("seq", min=1, max=512)},
                                         "k": {0: Dim("seq", min=1, max=2048)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/seq5.pt2")
""", "Two different Dim objects share the name 'seq' but have different ranges (query length "
       "up to 512, key length up to 2048); export treats equal names as one dimension and "
       "rejects the conflicting definitions.",
       "Give independent dimensions distinct names (Dim('q_len'), Dim('k_len')), or reuse the "
       "same Dim object when they really are equal.")


def case_06():
    return Case("case_06", "inverted-range", "dynamic_shape_guard", "export", "package", """
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x):
        return x * 2
batch = Dim("batch", min=64, max=8)
ep = torch.export.export(M(), (torch.randn(16, 4),), dynamic_shapes={"x": {0: batch}})
""", "The batch Dim is declared with min=64 and max=8 (the bounds swapped), an empty range.",
       "Declare Dim('batch', min=8, max=64).")


def case_07():
    return Case("case_07", "square-length", "dynamic_shape_guard", "export", "package", """
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, tokens, pairs):
        return pairs.sum() + tokens.sum()
n = Dim("n", min=2, max=64)
ep = torch.export.export(M(), (torch.randn(6), torch.randn(36)),
                         dynamic_shapes={"tokens": {0: n}, "pairs": {0: n * n}})
""", "A derived dimension is written as n * n (a flattened pairwise matrix); derived Dims "
       "may only be linear in their root (a*n + b).",
       "Pass the pair matrix unflattened with two dims n, n, or give it its own Dim.")


def case_08():
    return Case("case_08", "channels-last-frames", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{chan5}")
x = torch.randn(2, 3, 8, 8).to(memory_format=torch.channels_last)
scale = torch.tensor([1.0, 10.0, 100.0]).view(1, 3, 1, 1)
y = m(x)
torch.testing.assert_close(y, x * scale + 1)
""", "The frames are passed in channels_last memory format while the package was compiled "
       "for contiguous (NCHW) strides; without input checks the kernel reads the buffer with "
       "the compiled strides, so channels get the wrong scale.",
       "Pass x.contiguous() (or export with a channels_last example), and set "
       "AOTI_RUNTIME_CHECK_INPUTS=1 to catch stride mismatches.", needs=("j",),
       match=r"AssertionError|Mismatched|not close")


def case_09():
    return Case("case_09", "k-changed", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{topk5}")
y = m(torch.randn(2, 10), 5)
assert y.shape == (2, 5), y.shape
""", "The Python int k (top-k) was a constant 3 at export, so it is baked into the package; "
       "calling with k=5 does not match the compiled contract.",
       "Export with the value used at run time (one package per k), or pass k as a tensor.",
       needs=("j",))


def case_10():
    return Case("case_10", "padded-labels", "index_out_of_bounds", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{ce5}")
logits = torch.randn(4, 6)
labels = torch.tensor([0, 5, -1, -1])
y = m(logits, labels)
""", "Padding positions are labelled -1, but cross_entropy ignores only ignore_index (-100 by "
       "default), so -1 is used as a class index and the compiled kernel's bounds check fires.",
       "Pad labels with -100 (or pass ignore_index=-1 when exporting).", needs=("j",),
       match=r"index out of bounds|out of bounds")


def case_11():
    return Case("case_11", "rate-buckets", "index_out_of_bounds", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{bucket5}")
y = m(torch.tensor([3.0, 18.0, 42.0, 7.0]))
""", "bucketize against 4 edges returns 4 for values above the last edge (42 > 30), which "
       "then indexes a 4-entry rate table; the compiled kernel's bounds check fires.",
       "Clamp the bucket id (b.clamp(max=len(rate) - 1)) or add an overflow bucket.",
       needs=("j",), match=r"index out of bounds|out of bounds")


def case_12():
    return Case("case_12", "wider-checkpoint", "constant_loading", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin5}")
big = torch.nn.Linear(8, 16)
m.load_constants({"lin.weight": big.weight.detach()}, check_full_update=False)
y = m(torch.randn(2, 8))
assert y.shape == (2, 16), y.shape
""", "The weight of a retrained model with a wider layer (16 outputs) is loaded into a package "
       "compiled for 4 outputs; load_constants copies it without a size check, overrunning the "
       "constant's buffer, and the process later dies (segfault or abort, varying by run).",
       "Re-export and recompile with the new architecture; load_constants only swaps weights "
       "of identical shapes.", needs=("j",), expect="crash")


def case_13():
    return Case("case_13", "quota-at-build", "compile_toolchain", "compile", "package", """
import resource, torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
resource.setrlimit(resource.RLIMIT_FSIZE, (96 * 1024, 96 * 1024))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/quota5.pt2")
""", "The build runs with a 96 KiB file-size limit (a quota-limited build directory); the "
       "C++ compile/link of the model cannot write its object and shared library.",
       "Build where the cache/temporary directory has space (TORCHINDUCTOR_CACHE_DIR, TMPDIR), "
       "or raise the quota.")


def case_14():
    return Case("case_14", "clang-config", "compile_toolchain", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/clang5.pt2", inductor_configs={"cpp.cxx": (None, "clang++")})
""", "inductor_configs selects clang++ as the C++ compiler (cpp.cxx), copied from a build "
       "machine; clang++ is not installed on this host.",
       "Install clang or drop the cpp.cxx override so Inductor uses g++.",
       match=r"clang|[Cc]ompiler|not found|No such file")


def case_15():
    return Case("case_15", "complex-spectrum", "unsupported", "compile", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, x):
        return torch.fft.rfft(x, dim=-1) * 2
ep = torch.export.export(M(), (torch.randn(4, 32),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cplx5.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 32))
""", "The model returns a complex tensor (an rfft spectrum); AOTI's C++ wrapper does not handle "
       "complex tensors here.", "Return real views (torch.view_as_real / abs and angle) instead "
       "of complex tensors.", match=r"[Cc]omplex|InductorError|not supported|Unsupported")


def case_16():
    return Case("case_16", "fp8-cast", "unsupported", "compile", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, x):
        q = (x * 16).to(torch.float8_e4m3fn)
        return q.to(torch.float32) / 16
ep = torch.export.export(M(), (torch.randn(4, 32),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/f8_5.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 32))
""", "The model casts through float8_e4m3fn (a fake-quantisation step); AOTI's CPU code "
       "generation does not support float8 here.", "Keep the float8 round-trip out of the "
       "exported CPU model, or target a GPU build that supports float8.")


def case_17():
    return Case("case_17", "to-device-call", "unsupported", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin5}")
m = m.to("cpu").eval()
y = m(torch.randn(2, 8))
""", "The loaded package is treated as an nn.Module and moved with .to('cpu'); the loaded "
       "model is not a module and has no .to/.eval (its device is fixed at compile time).",
       "Call the loaded model directly; choose the device when compiling.", needs=("j",))


def case_18():
    return Case("case_18", "elf32-so", "version_mismatch", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{elf32pkg}")
y = m(torch.randn(2, 8))
""", "The package's .so is a 32-bit ELF (ELFCLASS32, from a 32-bit toolchain), which this "
       "64-bit process cannot load.", "Compile the package on (or for) the 64-bit target "
       "platform.", needs=("j",), prepare=_prep_elf32, match=r"ELF|wrong|invalid")


def case_19():
    return Case("case_19", "alloc-from-value", "out_of_memory", "run", "package", """
import resource, torch
m = torch._inductor.aoti_load_package("{alloc5}")
with open("/proc/self/status") as f:
    vm = [int(l.split()[1]) for l in f if l.startswith("VmSize")][0] * 1024
resource.setrlimit(resource.RLIMIT_AS, (vm + (1 << 30), vm + (1 << 30)))
y = m(torch.randn(3), torch.tensor(2_000_000))
""", "The output size is read from an input value (torch.zeros(k.item(), 1024)); a request "
       "with k = 2,000,000 needs 8 GB, more than the 1 GiB of headroom the process has.",
       "Bound k with torch._check at export and validate requests before calling the model.",
       needs=("j",), match=r"alloc|memory|MemoryError|Cannot allocate")


def case_20():
    return Case("case_20", "half-squares", "numerical", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{sq5}")
torch.manual_seed(0)
x = torch.randn(4, 64) * 60
y = m(x)
assert torch.isfinite(y).all(), y
""", "A sum of squares is computed in float16; with values around 60 the squares sum past "
       "65504, float16's maximum, and overflow to inf.",
       "Accumulate in float32 (cast before squaring) or scale the inputs.", needs=("j",),
       match=r"AssertionError")


def case_21():
    return Case("case_21", "constraints-kwarg", "deprecated_api", "compile", "legacy", """
import torch
""" + LIN + """
x = torch.randn(4, 8)
so = torch._export.aot_compile(M(), (x,), constraints=[torch.export.dynamic_dim(x, 0)])
""", "Code from the torch 2.1 docs passes constraints=[dynamic_dim(x, 0)] to the legacy "
       "aot_compile; both the argument and dynamic_dim are gone.",
       "Use torch.export.export(..., dynamic_shapes={'x': {0: Dim('b')}}) and "
       "aoti_compile_and_package.")


def case_22():
    return Case("case_22", "legacy-no-device", "deprecated_api", "load", "legacy", """
import torch
run = torch._export.aot_load("{so5}")
y = run(torch.randn(2, 8))
""", "The legacy aot_load is called with only the .so path (as in older examples); it requires "
       "the device argument.", "Use aoti_load_package on a .pt2 (or aot_load(path, 'cpu')).",
       needs=("j",))


def case_23():
    return Case("case_23", "tilde-path", "kernel_binary_missing", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("~/models/lin5_home.pt2")
y = m(torch.randn(2, 8))
""", "The package path is given with a literal '~' (as copied from a shell); Python does not "
       "expand it, so no file is found at that path.",
       "Expand the path (os.path.expanduser) before loading.", needs=("j",),
       env={"HOME": "{scratch}/home"}, prepare=_prep_home)


def case_24():
    return Case("case_24", "default-device", "device_mismatch", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
torch.set_default_device("cuda")
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ddev5.pt2")
""", "The script sets torch.set_default_device('cuda') (a notebook-wide default) before "
       "compiling a CPU program on a torch build without CUDA; tensors AOTI creates while "
       "compiling go to the CUDA default device.",
       "Do not set a CUDA default device when compiling for CPU (or reset it with "
       "torch.set_default_device('cpu')).", match=r"CUDA|cuda")


def case_25():
    return Case("case_25", "log-cum-sum", "torch_bug", "compile", "package", """
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x):
        return torch.logcumsumexp(x, dim=1) * 2
ep = torch.export.export(M(), (torch.randn(2, 16),), dynamic_shapes={"x": {1: Dim("t", min=2, max=512)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lcse5.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 40))
""", "logcumsumexp over a dynamic length exports, but Inductor fails to compile it.",
       "Report upstream; compute it outside the compiled model.",
       match=r"InductorError|LoweringException|CppCompileError|AssertionError")


def case_26():
    return Case("case_26", "patch-fold", "torch_bug", "compile", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, x):
        p = torch.nn.functional.unfold(x, kernel_size=3, padding=1)
        return torch.nn.functional.fold(p * 2, output_size=(8, 8), kernel_size=3, padding=1)
ep = torch.export.export(M(), (torch.randn(2, 3, 8, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fold5.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 3, 8, 8))
""", "unfold followed by fold exports, but Inductor fails to compile it.",
       "Report upstream; run the patch round-trip outside the compiled model.",
       match=r"InductorError|LoweringException|CppCompileError|AssertionError")


def case_27():
    return Case("case_27", "pixel-center", "numerical", "run", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, img):
        return (img - 128).float() / 128
img = torch.randint(0, 256, (2, 3, 8, 8), dtype=torch.uint8)
ep = torch.export.export(M(), (img,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/u8_5.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(img)
assert y.min() < 0, (float(y.min()), float(y.max()))
""", "Pixels are centred with img - 128 while img is still uint8, so values below 128 wrap "
       "around (unsigned arithmetic) instead of going negative; the output is never negative.",
       "Convert to float before subtracting (img.float() - 128).", match=r"AssertionError")


def case_28():
    return Case("case_28", "relative-after-chdir", "kernel_binary_missing", "load", "package", """
import os, torch
""" + LIN + """
os.makedirs("{scratch}/build", exist_ok=True)
os.makedirs("{scratch}/serve", exist_ok=True)
os.chdir("{scratch}/build")
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="cons5.pt2")
os.chdir("{scratch}/serve")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "The package was written with a relative package_path and the returned relative path is "
       "loaded after the service changed its working directory, so no file is there.",
       "Use absolute package paths (os.path.abspath) when saving and loading.")


CASES = [case_01, case_02, case_03, case_04, case_05, case_07, case_09, case_10, case_11,
         case_12, case_14, case_17, case_18, case_19, case_20, case_21, case_22, case_23,
         case_24, case_27, case_28]
# Failed in the trial run but dropped before the recorded run because their triggers repeat
# earlier sets (kept here for reference, not run): case_06 (Dim with min=64, max=8: the same
# trigger as live_blind3's), case_08 (a channels_last input to an NCHW package: live_blind.py
# case_29 passes one too, there with input checks on), case_13 (RLIMIT_FSIZE during the C++
# build: the same limit and phase as live_blind3's size-capped build).
DROPPED = [case_06, case_08, case_13]
# Tried on torch 2.13.0+cpu in the trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_15 (a model returning a complex rfft spectrum:
# compiled, loaded and ran), case_16 (a float8_e4m3fn round-trip: compiled, loaded and ran),
# case_25 (logcumsumexp over a dynamic length: compiled, loaded and ran), case_26 (unfold
# followed by fold: compiled, loaded and ran).
TRIED = [case_15, case_16, case_25, case_26]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind5.jsonl",
        url_file="benchmarks/live_blind5.py", id_prefix="live5", stems=STEMS,
        scratch_prefix="live-blind5-", description=__doc__.splitlines()[0]))
