"""A second blind set of REAL AOTInductor failures, triggered live with torch (new triggers).

Same method as `live_blind.py`, whose execution part this script reuses: every case runs in its
own child process with a timeout, at most two at a time; a Python exception is recorded as the
child's own `traceback.format_exc()`, a child killed by a signal as its captured stderr plus the
line bash prints for that signal. Packages that several run-time cases share are built once, in
three setup children (C, D and E), into a temporary directory. Cases that do not fail, or fail another
way than the label was given for, are reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind2.py [--out benchmarks/live_blind2.jsonl] [--keep]

No trigger repeats one of tests/zoo.py, benchmarks/live_blind.py or
tests/fixtures/capture_cpu_logs.py. Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402
from live_blind import LIN, Case  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
SETUP_C = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class KwOnly(torch.nn.Module):
    def forward(self, x, *, scale):
        return x * scale + 1

class Trio(torch.nn.Module):
    def forward(self, xs):
        return xs[0] + xs[1] * xs[2]

class Scaled(torch.nn.Module):
    def forward(self, x, s):
        return x * s - 1

class Masked(torch.nn.Module):
    def forward(self, x, mask):
        return x.masked_fill(mask, 0.0) * 2 + 1

class Attn(torch.nn.Module):
    def forward(self, s, mask):
        return s.masked_fill(~mask, float("-inf")).softmax(-1)

class Dyn(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x) * 2 + 1

def build(name, m, args, kwargs=None, dynamic_shapes=None, configs=None):
    ep = torch.export.export(m, args, kwargs=kwargs, dynamic_shapes=dynamic_shapes)
    paths[name] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)

build("lin2", M(), (torch.randn(2, 8),))  # first after manual_seed(0): cases rebuild its weights
build("kwo", KwOnly(), (torch.randn(4, 3),), {"scale": torch.tensor(2.0)})
build("lst", Trio(), ([torch.randn(4, 3), torch.randn(4, 3), torch.randn(4, 3)],))
build("scl", Scaled(), (torch.randn(4, 3), torch.tensor(3.0)))
build("msk", Masked(), (torch.randn(4, 6), torch.rand(4, 6) > 0.5))
build("att", Attn(), (torch.randn(3, 5), torch.rand(3, 5) > 0.3))
build("dyn2", Dyn(), (torch.randn(4, 8),), dynamic_shapes={"x": {0: Dim("b", min=2, max=16)}})
with open(os.path.join(out, "setup_c.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_D = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class Wave(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x) * 2 + x

class Outer(torch.nn.Module):
    def forward(self, x):
        return torch.outer(x, x).relu()

class Unit(torch.nn.Module):
    def forward(self, x):
        return x / x.norm(dim=-1, keepdim=True)

class Cols(torch.nn.Module):
    def forward(self, x, i):
        return x[:, i] + 1

class Take(torch.nn.Module):
    def forward(self, x, i):
        return torch.take(x, i) * 2

def build(name, m, args, dynamic_shapes=None, configs=None):
    ep = torch.export.export(m, args, dynamic_shapes=dynamic_shapes)
    paths[name] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)

build("big", Wave(), (torch.randn(4096, 8192),))
build("outer", Outer(), (torch.randn(64),), dynamic_shapes={"x": {0: Dim("n", min=2, max=200000)}})
build("nrm", Unit(), (torch.randn(4, 16),))
build("cols", Cols(), (torch.randn(3, 8), torch.tensor([0, 2, 7])))
build("tak", Take(), (torch.randn(4, 8), torch.tensor([0, 5, 31])))
build("nanchk", M(), (torch.randn(2, 8),), configs={"nan_asserts": True})
build("fz", M(), (torch.randn(2, 8),), configs={"freezing": True})
build("disk2", M(), (torch.randn(2, 8),),
      configs={"aot_inductor.package_constants_in_so": False,
               "aot_inductor.package_constants_on_disk_format": "pickle_weights"})
paths["so2"] = torch._export.aot_compile(M(), (torch.randn(2, 8),))
with open(os.path.join(out, "setup_d.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_E = """
import json, os, torch
out = sys.argv[2]
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(out, "cpponly.pt2"),
    inductor_configs={"aot_inductor.package_cpp_only": True})
with open(os.path.join(out, "setup_e.json"), "w") as f:
    json.dump({"cpponly": pkg}, f)
"""

STEMS = {"lin2", "kwo", "lst", "scl", "msk", "att", "dyn2", "big", "outer", "nrm", "cols", "tak",
         "nanchk", "fz", "disk2", "cpponly", "lin2_sym", "disk2_nowts", "lin2_bare", "old213", "wide_isa", "meta_w"}


# --------------------------------------------------------------------------------- helpers
def _prep_symbol(paths, scratch):
    """Rename one imported C-shim symbol in the package's .so (as if it were built against a
    torch whose shim has a newer function): same length, so the ELF stays valid."""
    def edit(name, data):
        if not name.endswith(".so"):
            return data
        for sym in (b"aoti_torch_empty_strided", b"aoti_torch_get_data_ptr",
                    b"aoti_torch_delete_tensor_object"):
            if sym + b"\0" in data:
                return data.replace(sym + b"\0", sym[:-1] + b"2\0")
        raise RuntimeError("no known shim symbol in " + name)
    return {"symbolpkg": harness._rewrite(paths["lin2"], scratch / "lin2_sym.pt2", edit)}


def _prep_noweights(paths, scratch):
    """The on-disk weights left out of the archive (as a tool that strips large blobs does)."""
    src = paths["disk2"]
    dst = scratch / "disk2_nowts.pt2"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            if "/weights/" in item.filename and not item.filename.endswith(".json"):
                continue
            zout.writestr(item, zin.read(item.filename))
    return {"nowts": str(dst)}


def _prep_bare(paths, scratch):
    """Everything under data/aotinductor/ (the compiled model) left out of the archive."""
    src = paths["lin2"]
    dst = scratch / "lin2_bare.pt2"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            if "/aotinductor/" in item.filename:
                continue
            zout.writestr(item, zin.read(item.filename))
    return {"bare": str(dst)}


OLD_TORCH = "/root/.pyenv/versions/3.11.7/bin/python3"  # another torch (2.13.0+cpu here)


def _prep_old(paths, scratch):
    code = ("import sys, torch\n" + LIN +
            "ep = torch.export.export(M(), (torch.randn(2, 8),))\n"
            "print(torch._inductor.aoti_compile_and_package(ep, package_path=sys.argv[1]))\n")
    env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=str(scratch / "cache_old"))
    p = subprocess.run([OLD_TORCH, "-c", code, str(scratch / "old213.pt2")], env=env,
                       capture_output=True, text=True, timeout=600)
    if p.returncode:
        raise RuntimeError(p.stderr[-2000:])
    return {"oldpkg": str(scratch / "old213.pt2")}


# ---------------------------------------------------------------------------------- cases
def case_01():
    return Case("case_01", "bare-tensor-args", "export_failure", "export", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), torch.randn(2, 8))
""", "The example input is passed as a bare tensor; torch.export.export requires `args` to be a "
       "tuple.", "Pass a tuple: torch.export.export(model, (x,)).", match=r"tuple")


def case_02():
    return Case("case_02", "plain-callable", "export_failure", "export", "package", """
import torch
def f(x):
    return torch.sin(x) + 1
ep = torch.export.export(f, (torch.randn(3),))
""", "A plain Python function is passed to torch.export.export, which only accepts an "
       "nn.Module.", "Wrap the function in an nn.Module whose forward calls it.",
       match=r"Module")


def case_03():
    return Case("case_03", "box-input", "export_failure", "export", "package", """
import torch
class Box:
    def __init__(self, t):
        self.t = t
class M(torch.nn.Module):
    def forward(self, b):
        return b.t * 2
ep = torch.export.export(M(), (Box(torch.randn(3)),))
""", "An input is an instance of a plain user class; torch.export can only flatten inputs whose "
       "types are registered pytree nodes (or tensors/scalars).",
       "Pass the tensors directly, or register the class with torch.utils._pytree / "
       "torch.export.register_dataclass.")


def case_04():
    return Case("case_04", "traced-module", "export_failure", "export", "package", """
import torch
""" + LIN + """
x = torch.randn(2, 8)
ep = torch.export.export(torch.jit.trace(M(), (x,)), (x,))
""", "A TorchScript module (from torch.jit.trace) is passed to torch.export, which does not "
       "export ScriptModules.", "Export the original eager nn.Module instead of the scripted one.")


def case_05():
    return Case("case_05", "spec-key", "export_failure", "export", "package", """
import torch
from torch.export import Dim
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(4, 8),), dynamic_shapes={"inp": {0: Dim("b")}})
""", "The dynamic_shapes dict is keyed by 'inp', but forward's argument is named 'x', so export "
       "rejects the spec.", "Key dynamic_shapes by forward's argument names ({'x': ...}) or pass "
       "a tuple in argument order.", match=r"dynamic_shapes")


def case_06():
    return Case("case_06", "example-too-big", "dynamic_shape_guard", "export", "package", """
import torch
from torch.export import Dim
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(16, 8),), dynamic_shapes={"x": {0: Dim("b", min=2, max=8)}})
""", "The example batch (16) lies outside the range declared for its Dim ([2, 8]).",
       "Export with an example inside the range, or widen the Dim's min/max.")


def case_07():
    return Case("case_07", "pairs-reshape", "dynamic_shape_guard", "export", "package", """
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x):
        return x.reshape(-1, 2, 16).sum(1)
ep = torch.export.export(M(), (torch.randn(6, 16),), dynamic_shapes={"x": {0: Dim("b", min=2, max=64)}})
""", "reshape(-1, 2, 16) needs the batch to be even, a guard (b % 2 == 0) that not every value "
       "of the declared Dim satisfies.",
       "Declare the batch as a derived Dim (b = 2 * Dim('half')) as suggested, or reshape in a "
       "way that holds for every batch.")


def case_08():
    return Case("case_08", "batch-40", "dynamic_shape_guard", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{dyn2}")
y = m(torch.randn(40, 8))
""", "The package's batch Dim is [2, 16]; a batch of 40 is passed and the generated input check "
       "(AOTI_RUNTIME_CHECK_INPUTS=1) rejects it.",
       "Split the batch into chunks of at most 16, or re-export with a larger max.",
       needs=("c",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"too large|16")


def case_09():
    return Case("case_09", "kw-positional", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{kwo}")
y = m(torch.randn(4, 3), torch.tensor(2.0))
""", "forward's `scale` is keyword-only and was exported as a kwarg, but it is passed "
       "positionally at run time.", "Call with the same structure as at export: m(x, scale=s).",
       needs=("c",))


def case_10():
    return Case("case_10", "short-list", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lst}")
y = m([torch.randn(4, 3), torch.randn(4, 3)])
""", "The model was exported with a list of three tensors; a list of two is passed.",
       "Pass a list with the exported length (or export with the structure used at run time).",
       needs=("c",))


def case_11():
    return Case("case_11", "float-scale", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{scl}")
y = m(torch.randn(4, 3), 3.0)
""", "The second input was exported as a 0-d tensor but is passed as a Python float, which the "
       "runner drops when it flattens the inputs.", "Pass torch.tensor(3.0) as at export.",
       needs=("c",))


def case_12():
    return Case("case_12", "mask-values", "input_mismatch", "run", "package", """
import torch
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{msk}")
x = torch.randn(4, 6)
mask = (torch.rand(4, 6) > 0.5).float()
y = m(x, mask)
torch.testing.assert_close(y, x.masked_fill(mask.bool(), 0.0) * 2 + 1)
""", "The mask was exported as a bool tensor but a float 0/1 tensor is passed; the kernel reads "
       "its bytes as bools, so the output is silently wrong.",
       "Pass mask.bool(); AOTI_RUNTIME_CHECK_INPUTS=1 reports the dtype mismatch.",
       needs=("c",), match=r"not close|Mismatched")


def case_13():
    return Case("case_13", "short-batch", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{big}")
y = m(torch.randn(2, 8192))
print(y.shape)
""", "The package is compiled for a static (4096, 8192) input; a (2, 8192) tensor is passed "
       "without AOTI_RUNTIME_CHECK_INPUTS, so the kernel reads far past the input's memory.",
       "Pass inputs of the compiled shape (or export with a dynamic batch); run with "
       "AOTI_RUNTIME_CHECK_INPUTS=1 to get an error instead of a crash.",
       expect="crash", needs=("d",))


def case_14():
    return Case("case_14", "no-driver", "device_mismatch", "export", "package", """
import torch
""" + LIN + """
m = M().to("cuda")
ep = torch.export.export(m, (torch.randn(2, 8, device="cuda"),))
""", "The model is moved to 'cuda' for export/compile on a machine with the CUDA build of torch "
       "but no usable GPU/driver.", "Export and compile for 'cpu' on this machine, or build the "
       "CUDA package on a machine with a GPU.", match=r"NVIDIA|CUDA|cuda")


def case_15():
    return Case("case_15", "meta-example", "device_mismatch", "export", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8, device="meta"),))
""", "The example input is on the meta device while the module's weights are on CPU; export's "
       "fake-tensor device propagation finds two devices for one op.",
       "Put example inputs and weights on the same device (both CPU, or both meta).",
       match=r"device|meta")


def case_16():
    return Case("case_16", "meta-weights", "device_mismatch", "compile", "package", """
import torch
""" + LIN + """
with torch.device("meta"):
    m = M()
ep = torch.export.export(m, (torch.randn(2, 8, device="meta"),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/meta_w.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "The model was built under torch.device('meta') (weights never materialised), exported with "
       "meta inputs and compiled; the package holds no real weights and is then run on CPU.",
       "Materialise the weights on the target device (load_state_dict(..., assign=True) / "
       "to_empty) before export and compile.", match=r"meta")


def case_17():
    return Case("case_17", "checkpoint-layout", "constant_loading", "run", "package", """
import torch
""" + LIN + """
torch.manual_seed(0)
ref = M()
m = torch._inductor.aoti_load_package("{lin2}")
sd = {"lin.weight": ref.lin.weight.detach().t().contiguous()}
m.load_constants(sd, check_full_update=True)
x = torch.randn(2, 8)
with torch.no_grad():
    torch.testing.assert_close(m(x), ref(x))
""", "The checkpoint stores the Linear weight transposed, (8, 4) instead of (4, 8); "
       "load_constants does not check the shape, so the model silently computes wrong values.",
       "Transpose the weight back to the compiled layout (check against get_constant_fqns and the "
       "eager state_dict shapes) before load_constants.", needs=("c",),
       match=r"not close|Mismatched")


# case_18 (a transposed view with the right shape, w.t().contiguous().t(), as the new weight)
# was dropped: it is silently wrong exactly as case_17 and its text was identical.


def case_19():
    return Case("case_19", "stripped-weights", "constant_loading", "load", "package", """
import torch
from torch.export.pt2_archive._package import load_pt2
pt2 = load_pt2("{nowts}", load_weights_from_disk=True)
""", "The package keeps its weights on disk (package_constants_in_so=False); the weight files "
       "are missing from the archive, so loading the weights fails.",
       "Rebuild or re-copy the complete package, including its data/weights/ files.",
       needs=("d",), prepare=_prep_noweights)


def case_20():
    return Case("case_20", "frozen-swap", "constant_loading", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{fz}")
m.load_constants({"lin.weight": torch.zeros(4, 8)}, check_full_update=True)
""", "The package was compiled with freezing=True, which folds the weights into the code, so "
       "there is no swappable 'lin.weight' constant to update.",
       "Compile without freezing when the weights must be swapped at run time "
       "(check get_constant_fqns()).", needs=("d",))


def case_21():
    return Case("case_21", "build-env-d", "compile_toolchain", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "CXX=cpp names the C preprocessor, not the C++ compiler (a common mix-up), so no object or "
       "shared library is produced.", "Set CXX to the C++ compiler (g++ or clang++).",
       env={"CXX": "cpp"})


def case_22():
    return Case("case_22", "cross-target", "unsupported", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, inductor_configs={"aot_inductor.cross_target_platform": "windows"})
""", "The package is cross-compiled for Windows (aot_inductor.cross_target_platform) with the "
       "default in-.so weights, a combination AOTI does not support.",
       "Also set package_constants_in_so=False with package_constants_on_disk_format="
       "'binary_blob' as the message says, or build the package on Windows.",
       match=r"not supported")


def case_23():
    return Case("case_23", "build-env-f", "compile_toolchain", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, inductor_configs={"aot_inductor.compile_wrapper_opt_level": "-O2"})
""", "compile_wrapper_opt_level is given as '-O2' (with the dash); Inductor adds its own dash, "
       "and the compiler rejects the resulting flag.",
       "Give the level without the dash (e.g. 'O2').")


def case_24():
    return Case("case_24", "build-env-g", "compile_toolchain", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, inductor_configs={"aot_inductor.custom_op_libs": ["myops"]})
""", "aot_inductor.custom_op_libs names a library (libmyops) that the linker cannot find.",
       "Add the library's directory to the link path or drop it from custom_op_libs.")


def case_25():
    return Case("case_25", "compile-wrapped", "unsupported", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin2}")
fast = torch.compile(m, fullgraph=True)
y = fast(torch.randn(2, 8))
""", "A loaded AOTI model is wrapped in torch.compile(fullgraph=True); Dynamo cannot trace into "
       "the C++ loader object.", "Call the AOTI model directly; it is already compiled.",
       needs=("c",))


def case_26():
    return Case("case_26", "vmapped", "unsupported", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin2}")
y = torch.vmap(m)(torch.randn(3, 2, 8))
""", "torch.vmap is applied to a loaded AOTI model; the compiled runner takes plain tensors and "
       "has no batching rule.", "Loop over the batch, or export the model with the extra batch "
       "dimension (vmap before export).", needs=("c",))


def case_27():
    return Case("case_27", "traced", "unsupported", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin2}")
ts = torch.jit.trace(m, (torch.randn(2, 8),))
""", "torch.jit.trace is applied to a loaded AOTI model, which is not an nn.Module and runs "
       "opaque C++ code TorchScript cannot record.", "Use the .pt2 directly, or trace the eager "
       "model instead.", needs=("c",))


def case_28():
    return Case("case_28", "shim-symbol", "version_mismatch", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{symbolpkg}")
""", "The package's .so imports a C-shim function that the installed torch does not export (as "
       "for a package built by a newer torch), so dlopen fails with an undefined symbol.",
       "Load with the torch version that built the package, or rebuild it with the installed "
       "torch.", needs=("c",), prepare=_prep_symbol, match=r"undefined symbol|symbol")


def case_29():
    return Case("case_29", "wider-isa", "version_mismatch", "run", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, x):
        return torch.tanh(x) * x + torch.sigmoid(x)
ep = torch.export.export(M(), (torch.randn(64, 1024),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/wide_isa.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(64, 1024))
print(float(y.sum()))
""", "The package was built with -march=sapphirerapids (AVX-512) for a newer CPU; this host has "
       "only AVX2, so the kernels die with an illegal instruction.",
       "Build the package for the deployment CPU's ISA (unset TORCHINDUCTOR_CPP_MARCH or set it "
       "to the oldest target).", expect="crash",
       env={"TORCHINDUCTOR_CPP_MARCH": "sapphirerapids"})


def case_30():
    return Case("case_30", "older-build", "version_mismatch", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{oldpkg}")
y = m(torch.randn(2, 8))
""", "The package was built by another torch release (2.13.0+cpu) and is loaded by the "
       "installed one.", "Rebuild the package with the torch version that loads it.",
       prepare=_prep_old)


def case_31():
    return Case("case_31", "new-loader-old-file", "deprecated_api", "load", "legacy", """
import torch
m = torch._inductor.aoti_load_package("{so2}")
""", "A .so produced by the legacy torch._export.aot_compile is handed to aoti_load_package, "
       "which expects a .pt2 package.", "Rebuild with aoti_compile_and_package (or load the .so "
       "with the legacy aot_load while it still exists).", needs=("d",))


def case_32():
    return Case("case_32", "legacy-runner-swap", "deprecated_api", "load", "legacy", """
import torch
m = torch._export.aot_load("{so2}", "cpu")
m.load_constants({"lin.weight": torch.zeros(4, 8)}, check_full_update=True)
""", "The legacy aot_load returns a bare callable runner without the load_constants API of "
       "the packaged model.", "Move to aoti_compile_and_package/aoti_load_package, whose model "
       "has load_constants.", needs=("d",), match=r"load_constants|attribute")


def case_33():
    return Case("case_33", "emptied-archive", "kernel_binary_missing", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{bare}")
""", "The archive has lost everything under data/aotinductor/ (the compiled model .so, its "
       "sources and metadata), so the loader finds no model binary.",
       "Re-copy/rebuild the complete package.", needs=("c",), prepare=_prep_bare)


def case_34():
    return Case("case_34", "sources-only", "kernel_binary_missing", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{cpponly}")
y = m(torch.randn(2, 8))
""", "The package was built with aot_inductor.package_cpp_only=True, so it holds C++ sources "
       "and no compiled .so for aoti_load_package to load.",
       "Build the .so from the package's CMake project first, or compile without "
       "package_cpp_only.", needs=("e",))


def case_35():
    return Case("case_35", "pairwise-big", "out_of_memory", "run", "package", """
import resource, torch
m = torch._inductor.aoti_load_package("{outer}")
x = torch.randn(40000)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 256 * 2**20, vm + 256 * 2**20))
y = m(x)
""", "The dynamic-size outer product of 40000 values needs a 6.4 GB output, more than the "
       "process may allocate (address space capped 256 MiB above its size, like ulimit -v).",
       "Call with smaller inputs (chunk the work) or give the process more memory.",
       needs=("d",), match=r"allocate|memory|MemoryError")


def case_36():
    return Case("case_36", "masked-rows", "numerical", "run", "package", """
import torch
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{att}")
s = torch.randn(3, 5)
mask = torch.ones(3, 5, dtype=torch.bool)
mask[1] = False
y = m(s, mask)
assert not torch.isnan(y).any(), y
""", "A row whose mask is all False becomes all -inf before softmax, and softmax of an all -inf "
       "row is NaN (0/0).", "Guard fully masked rows (e.g. a finite large negative fill value, "
       "or torch.nan_to_num after softmax).", needs=("c",), match=r"AssertionError")


def case_37():
    return Case("case_37", "zero-row", "numerical", "run", "package", """
import torch
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{nrm}")
x = torch.randn(4, 16)
x[2] = 0
y = m(x)
assert torch.isfinite(y).all(), y
""", "x / x.norm() without an epsilon divides a zero row by zero, giving NaN.",
       "Use torch.nn.functional.normalize (which clamps the norm with eps) or add an epsilon.",
       needs=("d",), match=r"AssertionError")


def case_38():
    return Case("case_38", "nan-check", "numerical", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{nanchk}")
x = torch.randn(2, 8)
x[0, 0] = float("nan")
y = m(x)
""", "The package was compiled with nan_asserts=True and an input holding a NaN is passed; the "
       "generated NaN check fails.", "Find where the NaN comes from upstream (the data or a "
       "previous model) and clean it before the call.", needs=("d",))


def case_39():
    return Case("case_39", "neg-cols", "index_out_of_bounds", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{cols}")
y = m(torch.randn(3, 8), torch.tensor([0, -9, 7]))
""", "The column index -9 is out of range for a dimension of size 8 (negative indices wrap only "
       "down to -8).", "Validate the indices (-8 <= i < 8) before the call.", needs=("d",),
       match=r"out of bounds")


def case_40():
    return Case("case_40", "flat-take", "index_out_of_bounds", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{tak}")
y = m(torch.randn(4, 8), torch.tensor([0, 5, 32]))
""", "torch.take gets the flat index 32 for a tensor of 32 elements.",
       "Validate the flat indices (0 <= i < numel) before the call.", needs=("d",),
       match=r"out of bounds")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_17, case_19,
         case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28, case_29,
         case_31, case_32, case_33, case_35, case_36, case_37, case_38, case_39, case_40]
# Tried on torch 2.14.1+cu130 and did NOT fail, so left out of CASES (kept to rerun on another
# torch with --only): case_16 (meta-device weights compiled, loaded and run), case_20 (a frozen
# package still accepted load_constants), case_30 (a 2.13.0+cpu package loaded and ran),
# case_34 (a package_cpp_only package loaded and ran). case_18 was dropped as a duplicate of 17.
TRIED = [case_16, case_20, case_30, case_34]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("c", SETUP_C), ("d", SETUP_D), ("e", SETUP_E)),
        default_out=ROOT / "benchmarks" / "live_blind2.jsonl",
        url_file="benchmarks/live_blind2.py", id_prefix="live2", stems=STEMS,
        scratch_prefix="live-blind2-", description=__doc__.splitlines()[0]))
