"""A fifteenth blind set of REAL AOTInductor failures (configuring export and AOTI), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
load/run cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind15.py [--out benchmarks/live_blind15.jsonl] [--keep]

Theme: configuring export and AOTI, the options surface a deployment engineer tunes
(inductor_configs of aoti_compile_and_package, TORCHINDUCTOR_*/AOT_INDUCTOR_* environment
variables, export options, run_decompositions with custom tables, torch.export.save/load between
steps, unflatten, ExportedProgram.module(), loader options) and what goes wrong configuring them.
No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind13.py (their TRIED lists included). Building the set
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
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
def build(name, m, args, configs=None, **kw):
    try:
        ep = torch.export.export(m, args, **kw)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("lin15", M(), (torch.randn(2, 8),))
build("dyn15", M(), (torch.randn(4, 8),), dynamic_shapes={"x": {0: Dim("b", min=2, max=32)}})
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin15", "dyn15", "blob15", "ctx15", "lto15", "emb15", "march15", "thr15", "desc15",
         "nest15", "list15", "ins15", "fmt15", "pw15", "gemm15", "opt15", "repro15", "chunk15",
         "gelu15", "dec15", "twice15", "uf15", "legso15", "pref15", "kslice15"}

PRE = "import torch\nfrom torch.export import Dim\n"

ENC = """
class Enc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return self.lin(x).relu()
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Enc()
        self.head = torch.nn.Linear(8, 2)
    def forward(self, x):
        return self.head(self.enc(x))
"""


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
# --- export options -------------------------------------------------------------------------
def case_01():
    return _c("case_01", "signature-submodule-typo", "export_failure", "export", ENC + """
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),),
                         preserve_module_call_signature=("encoder",))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pms15.pt2")
""", "preserve_module_call_signature names 'encoder', but the submodule's attribute is 'enc'; "
       "export looks the name up on the model and fails.",
       "Use the submodule's fully qualified name as in named_modules() ('enc').",
       match=r"encoder")


def case_02():
    return _c("case_02", "twice-called-preserved", "export_failure", "export", """
class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return self.lin(x).tanh()
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
    def forward(self, x):
        return self.block(self.block(x))
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),),
                         preserve_module_call_signature=("block",))
uf = torch.export.unflatten(ep)
y = uf(torch.randn(4, 8))
""", "A weight-shared block is applied twice and its call signature is preserved for later "
       "swapping; preserving the signature of a module called more than once is refused.",
       "Do not preserve the signature of a reused module (or split it into two modules).")


def case_03():
    return _c("case_03", "deferred-pairs-module", "dynamic_shape_guard", "run", """
class Pairs(torch.nn.Module):
    def forward(self, x):
        return x.reshape(-1, 2, 8).sum(1)
ep = torch.export.export(Pairs(), (torch.randn(6, 8),),
                         dynamic_shapes={"x": {0: Dim("n", min=2, max=64)}},
                         prefer_deferred_runtime_asserts_over_guards=True)
check = ep.module()
y = check(torch.randn(5, 8))
""", "Exported with prefer_deferred_runtime_asserts_over_guards=True, the even-size requirement "
       "of reshape(-1, 2, 8) is not checked as an input guard; validating the program via "
       "ep.module() with an odd batch of 5 reaches the reshape, which cannot split 5 rows "
       "into pairs.",
       "Pass even batch sizes (pad the batch), or declare the dimension as 2*Dim so the "
       "contract is explicit.", match=r"[Rr]untime assert|Eq\(|Mod\(|shape|reshape")


def case_04():
    return _c("case_04", "validate-beyond-max", "dynamic_shape_guard", "run", ENC + """
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),),
                         dynamic_shapes={"x": {0: Dim("batch", min=2, max=32)}})
ref = ep.module()
y = ref(torch.randn(64, 8))   # the validation batch of the serving config
""", "The program is exported with batch Dim max=32, but the pipeline validates it (through "
       "ep.module()) with the serving batch of 64; the module's input guard rejects it.",
       "Raise the Dim's max to the largest serving batch (or split the batch).",
       match=r"Guard failed|<= 32")


def case_05():
    return _c("case_05", "module-eval-call", "unsupported", "export", ENC + """
ep = torch.export.export(Net(), (torch.randn(4, 8),))
gm = ep.module().eval()
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ev15.pt2")
""", "The pipeline calls .eval() on ExportedProgram.module() (as on any nn.Module) before "
       "compiling; the unlifted exported module does not support eval()/train().",
       "Call model.eval() before torch.export.export (or use "
       "torch.ao.quantization.move_exported_model_to_eval).",
       match=r"eval\(\) is not supported")


def case_06():
    return _c("case_06", "reloaded-program-width", "input_mismatch", "run", ENC + """
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),),
                         dynamic_shapes={"x": {0: Dim("batch", min=2, max=32)}})
torch.export.save(ep, "{scratch}/net15.pt2")
prog = torch.export.load("{scratch}/net15.pt2")
y = prog.module()(torch.randn(4, 12))   # features from the new preprocessing (12 columns)
""", "The exported program, saved and reloaded between pipeline steps, is fed features of "
       "width 12 from a new preprocessing step; it was exported for 8 features.",
       "Feed the feature width the program was exported with, or re-export.",
       match=r"Guard failed|== 8")


def case_07():
    return _c("case_07", "extra-files-dict", "unsupported", "export", ENC + """
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),))
meta = {"git_sha": "3f2a9c1", "epoch": 12}
torch.export.save(ep, "{scratch}/net15.pt2", extra_files={"meta.json": meta})
""", "torch.export.save is given extra_files whose value is a dict (the metadata), but extra "
       "files must be strings (file contents).",
       "Serialise the metadata first: extra_files={'meta.json': json.dumps(meta)}.",
       match=r"Expected string")


def case_08():
    return _c("case_08", "unflattened-handed-on", "unsupported", "compile", ENC + """
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),), preserve_module_call_signature=("enc",))
uf = torch.export.unflatten(ep)
uf.enc = Enc().eval()          # swap in the retrained encoder
pkg = torch._inductor.aoti_compile_and_package(uf, package_path="{scratch}/uf15.pt2")
""", "After swapping a submodule in the unflattened module, the pipeline hands the "
       "UnflattenedModule to aoti_compile_and_package, which takes only an ExportedProgram.",
       "Re-export the modified model (torch.export.export(uf, args)) and compile that.",
       match=r"Only ExportedProgram")


# --- run_decompositions with custom tables ----------------------------------------------------
def case_09():
    return _c("case_09", "table-none-keep", "unsupported", "export", ENC + """
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),))
table = torch.export.default_decompositions()
table[torch.ops.aten.linear.default] = None   # 'keep linear'
ep = ep.run_decompositions(table)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dec15.pt2")
""", "To keep aten.linear undecomposed the table entry is set to None; run_decompositions "
       "calls every entry as a decomposition, so None is called.",
       "Delete the entry instead (del table[torch.ops.aten.linear.default]).",
       match=r"NoneType")


def case_10():
    return _c("case_10", "table-value-branch", "export_failure", "export", ENC + """
def relu_decomp(x):
    if x.max() > 0:           # skip the clamp when nothing is positive
        return torch.clamp(x, min=0)
    return torch.zeros_like(x)
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),))
table = torch.export.default_decompositions()
table[torch.ops.aten.relu.default] = relu_decomp
ep = ep.run_decompositions(table)
""", "A custom decomposition for aten.relu branches in Python on a tensor value (x.max() > 0); "
       "while decomposing, the value is data-dependent and cannot be evaluated.",
       "Write decompositions with tensor ops only (torch.clamp(x, min=0) / torch.where).",
       match=r"data-dependent|GuardOnDataDependent")


def case_11():
    return _c("case_11", "table-recursive", "export_failure", "export", ENC + """
def linear_decomp(x, w, b=None):
    return torch.nn.functional.linear(x, w, b)   # 'same as default, for now'
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),))
table = torch.export.default_decompositions()
table[torch.ops.aten.linear.default] = linear_decomp
ep = ep.run_decompositions(table)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rec15.pt2")
""", "A placeholder decomposition for aten.linear calls F.linear, i.e. aten.linear itself, so "
       "decomposing recurses into the same entry.",
       "Decompose into other ops (x @ w.t() + b), or leave aten.linear out of the table.",
       match=r"[Rr]ecursion")


def case_12():
    return _c("case_12", "tanh-gelu-table", "numerical", "run", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return torch.nn.functional.gelu(self.lin(x))
def gelu_decomp(x, approximate="none"):
    return 0.5 * x * (1 + torch.tanh(0.7978845608 * (x + 0.044715 * x ** 3)))
torch.manual_seed(0)
model = Net().eval()
x = torch.randn(64, 8) * 3
ep = torch.export.export(model, (x,))
table = torch.export.default_decompositions()
table[torch.ops.aten.gelu.default] = gelu_decomp
ep = ep.run_decompositions(table)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gelu15.pt2")
m = torch._inductor.aoti_load_package(pkg)
torch.testing.assert_close(m(x), model(x), rtol=1e-5, atol=1e-5)
""", "A custom decomposition table replaces exact (erf) GELU with the tanh approximation; the "
       "compiled package no longer matches the eager model within the release tolerance.",
       "Keep aten.gelu's default decomposition (or pass approximate='tanh' in the model too).",
       match=r"not close")


# --- inductor_configs of aoti_compile_and_package ------------------------------------------------
def case_13():
    return _c("case_13", "mmap-and-blob", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/blob15.pt2",
    inductor_configs={"aot_inductor.force_mmap_weights": True,
                      "aot_inductor.package_constants_on_disk_format": "binary_blob"})
""", "Two weight-storage options that exclude each other are set together: mmap the weights "
       "from the .so (force_mmap_weights) and store them in an external binary blob.",
       "Pick one: package_constants_on_disk_format='binary_blob' or force_mmap_weights=True.",
       match=r"cannot both be True")


def case_14():
    return _c("case_14", "nested-config-dict", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nest15.pt2",
    inductor_configs={"aot_inductor": {"package_constants_in_so": False}})
""", "inductor_configs is written as a nested dict ({'aot_inductor': {...}}, as in a YAML "
       "file) instead of dotted keys; the config module refuses a dict for a config section.",
       "Use dotted keys: {'aot_inductor.package_constants_in_so': False}.",
       match=r"does not exist")


def case_15():
    return _c("case_15", "configs-as-pairs", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
opts = [("max_autotune", False), ("freezing", True)]     # read from a CLI as pairs
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/list15.pt2",
                                               inductor_configs=opts)
""", "inductor_configs is passed as a list of (key, value) pairs from a CLI parser; the API "
       "indexes it as a dict.", "Pass dict(opts).",
       match=r"list|tuple|indices|dict")


def case_16():
    return _c("case_16", "threads-as-text", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
threads = "4"   # from os.environ / a YAML string
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/thr15.pt2",
                                               inductor_configs={"cpp.threads": threads})
""", "cpp.threads is set from a string ('4'), not an int; the C++ codegen compares and formats "
       "it as a number.", "Convert it: int(threads).", match=r"str|int")


def case_17():
    return _c("case_17", "descriptive-names-value", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/desc15.pt2",
                                               inductor_configs={"cpp.descriptive_names": "layer_name"})
""", "cpp.descriptive_names is given 'layer_name', not one of the values the kernel namer "
       "knows ('torch', 'original_aten', 'inductor_node').",
       "Use one of the documented values (e.g. 'original_aten').", match=r"NotImplementedError")


def case_18():
    return _c("case_18", "weights-out-no-format", "constant_loading", "run", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ins15.pt2",
    inductor_configs={"aot_inductor.package_constants_in_so": False})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "The package is built with package_constants_in_so=False (to ship weights separately) "
       "but without package_constants_on_disk_format, so no weights are stored anywhere; the "
       "loaded model has no weights to run with.",
       "Also set package_constants_on_disk_format='pickle_weights' (or load the weights with "
       "load_constants before the first run).", expect="crash",
       match=r"Segmentation fault|Aborted")


def case_19():
    return _c("case_19", "safetensors-format", "constant_loading", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fmt15.pt2",
    inductor_configs={"aot_inductor.package_constants_in_so": False,
                      "aot_inductor.package_constants_on_disk_format": "safetensors"})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "package_constants_on_disk_format is set to 'safetensors', a format the packager does not "
       "offer ('pickle_weights' or 'binary_blob').",
       "Use 'pickle_weights' or 'binary_blob'.", expect="crash")


def case_20():
    return _c("case_20", "pickle-weights-kept-in-so", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pw15.pt2",
    inductor_configs={"aot_inductor.package_constants_on_disk_format": "pickle_weights"})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "package_constants_on_disk_format='pickle_weights' is set while package_constants_in_so "
       "stays True: the weights are asked for both inside the .so and on disk.",
       "Set package_constants_in_so=False together with the on-disk format.")


def case_21():
    return _c("case_21", "gemm-no-prepack", "autotune_failure", "compile", """
""" + LIN + """
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gemm15.pt2",
    inductor_configs={"max_autotune": True, "max_autotune_gemm_backends": "CPP",
                      "cpp.weight_prepack": False})
""", "max_autotune is restricted to the CPP GEMM backend while weight prepacking (which the "
       "CPP GEMM template relies on) is turned off, so no GEMM choice is left to autotune.",
       "Keep cpp.weight_prepack on, or add ATEN to max_autotune_gemm_backends.",
       match=r"No choices|NoValidChoices")


def case_22():
    return _c("case_22", "gpu-packaging-options", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/emb15.pt2",
    inductor_configs={"aot_inductor.embed_kernel_binary": True,
                      "aot_inductor.emit_multi_arch_kernel": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "GPU packaging options (embed_kernel_binary, emit_multi_arch_kernel) copied from the GPU "
       "build config are used for a CPU package.",
       "Drop the GPU-only kernel-binary options for CPU builds.")


# --- environment variables -------------------------------------------------------------------
def case_23():
    return _c("case_23", "wrapper-level-number", "compile_toolchain", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/opt15.pt2")
""", "AOT_INDUCTOR_COMPILE_WRAPPER_OPT_LEVEL=3 (a bare number) is exported in the build "
       "environment; Inductor pastes it after '-' as a compiler flag ('-3'), which g++ rejects.",
       "Use the flag form without the dash: AOT_INDUCTOR_COMPILE_WRAPPER_OPT_LEVEL=O3.",
       env={"AOT_INDUCTOR_COMPILE_WRAPPER_OPT_LEVEL": "3"}, match=r"-3")


def case_24():
    return _c("case_24", "lto-env", "compile_toolchain", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lto15.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "AOT_INDUCTOR_ENABLE_LTO=1 is set for the build; link-time optimisation of the model .so "
       "fails with this toolchain.", "Unset AOT_INDUCTOR_ENABLE_LTO (or use a toolchain with "
       "LTO support for the whole link).", env={"AOT_INDUCTOR_ENABLE_LTO": "1"})


def case_25():
    return _c("case_25", "repro-level-word", "compile_toolchain", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/repro15.pt2")
""", "AOTINDUCTOR_REPRO_LEVEL=high is set in the build environment while chasing a bug; "
       "Inductor's config parses it with int() when it is imported, so compilation cannot start.",
       "Use a number (AOTINDUCTOR_REPRO_LEVEL=3) or unset it.",
       env={"AOTINDUCTOR_REPRO_LEVEL": "high"}, match=r"invalid literal|high")


def case_26():
    return _c("case_26", "chunk-size-suffix", "compile_toolchain", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/chunk15.pt2")
""", "TORCHINDUCTOR_CPP_MIN_CHUNK_SIZE=4K (a size with a unit suffix) is exported for the "
       "build; Inductor's config parses it with int() at import.",
       "Give a plain integer (TORCHINDUCTOR_CPP_MIN_CHUNK_SIZE=4096).",
       env={"TORCHINDUCTOR_CPP_MIN_CHUNK_SIZE": "4K"}, match=r"invalid literal|4K")


def case_27():
    return _c("case_27", "k-slices-zero", "torch_bug", "compile", """
""" + LIN + """
ep = torch.export.export(M().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/kslice15.pt2",
    inductor_configs={"max_autotune": True, "max_autotune_gemm_backends": "CPP"})
""", "TORCHINDUCTOR_CPP_GEMM_MAX_K_SLICES=0 (meant as 'no limit') with the CPP GEMM autotuner; "
       "the blocking code divides by the slice count.",
       "Leave it unset (1) or use a positive count.",
       env={"TORCHINDUCTOR_CPP_GEMM_MAX_K_SLICES": "0"})


# --- loader options --------------------------------------------------------------------------
def case_28():
    return _c("case_28", "runners-on-package-loader", "unsupported", "load", """
m = torch._inductor.aoti_load_package("{lin15}", num_runners=4)
y = m(torch.randn(2, 8))
""", "num_runners (an option of torch._inductor.package.load_package and the C++ loader) is "
       "passed to aoti_load_package, which does not take it.",
       "Use torch._inductor.package.load_package(path, num_runners=4).", needs=("j",),
       match=r"num_runners")


def case_29():
    return _c("case_29", "single-threaded-text", "unsupported", "load", """
import os
from torch._inductor.package import load_package
os.environ.setdefault("SERVE_SINGLE_THREADED", "false")
m = load_package("{lin15}", run_single_threaded=os.environ["SERVE_SINGLE_THREADED"])
y = m(torch.randn(2, 8))
""", "run_single_threaded is passed straight from an environment variable (the string "
       "'false'); the C++ loader binding accepts only a bool.",
       "Convert it: os.environ[...] == 'true'.", needs=("j",),
       match=r"incompatible|bool|argument")


def case_30():
    return _c("case_30", "model-name-with-suffix", "kernel_binary_missing", "load", """
from torch._inductor.package import load_package
m = load_package("{dyn15}", model_name="dyn15")   # the package's file stem
y = m(torch.randn(4, 8))
""", "load_package is given the package file's stem as model_name; models inside a package "
       "are named 'model' by default, so no model of that name is in the archive.",
       "Omit model_name (default 'model') or use the name given to package_aoti.",
       needs=("j",), match=r"dyn15")


# --- legacy API configured like the new one -----------------------------------------------------
def case_31():
    return _c("case_31", "legacy-strict-kwarg", "deprecated_api", "compile", """
""" + LIN + """
so = torch._export.aot_compile(M(), (torch.randn(2, 8),), strict=False,
                               options={"aot_inductor.output_path": "{scratch}/legacy15.so"})
""", "The legacy torch._export.aot_compile is given strict=False as if it were "
       "torch.export.export; the deprecated entry point has no such option.",
       "Use torch.export.export(..., strict=False) and aoti_compile_and_package.",
       match=r"strict")


def case_32():
    return _c("case_32", "legacy-weights-out", "constant_loading", "run", """
""" + LIN + """
so = torch._export.aot_compile(M(), (torch.randn(2, 8),),
                               options={"aot_inductor.package_constants_in_so": False})
run = torch._export.aot_load(so, "cpu")
y = run(torch.randn(2, 8))
""", "The legacy .so is built with package_constants_in_so=False, so its weights are not in "
       "the .so; aot_load gives a runner whose constants were never loaded.",
       "Keep the weights in the .so for the legacy path, or use aoti_compile_and_package with "
       "an on-disk weight format.", expect="crash")


def case_33():
    return _c("case_33", "ep-saved-then-legacy", "deprecated_api", "compile", ENC + """
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),))
torch.export.save(ep, "{scratch}/step1.pt2")
prog = torch.export.load("{scratch}/step1.pt2")
so = torch._export.aot_compile(prog, (torch.randn(4, 8),))
""", "Step 2 of the pipeline hands the reloaded ExportedProgram to the legacy "
       "torch._export.aot_compile, which expects a module/callable to export itself.",
       "Use torch._inductor.aoti_compile_and_package(prog).")


def case_34():
    return _c("case_34", "env-check-typo-run", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dyn15}")
y = m(torch.randn(1, 8))
assert y.shape == (1, 4), y.shape
""", "AOTI_RUNTIME_CHECK_INPUT=1 (missing the final S) is set to catch bad batches; the "
       "real check stays off and a batch of 1, below the Dim's min=2, runs unchecked.",
       "Spell it AOTI_RUNTIME_CHECK_INPUTS=1 and keep batches within [2, 32].", needs=("j",),
       env={"AOTI_RUNTIME_CHECK_INPUT": "1"})


# --- added after the first trial -------------------------------------------------------------
def case_35():
    return _c("case_35", "stack-alloc-batch", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(4, 8),), dynamic_shapes={"x": {0: Dim("b", min=2, max=32)}})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/stk15.pt2",
    inductor_configs={"aot_inductor.allow_stack_allocation": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(8, 8))
""", "allow_stack_allocation (a latency option for small static models) is enabled for a "
       "program with a dynamic batch dimension.",
       "Turn allow_stack_allocation off for dynamic-shape programs.")


def case_36():
    return _c("case_36", "pool-and-single-thread", "unsupported", "load", """
from torch._inductor.package import load_package
m = load_package("{lin15}", run_single_threaded=True, num_runners=4)
y = m(torch.randn(2, 8))
""", "The loader is configured with a pool of 4 runners and run_single_threaded=True, two "
       "options that exclude each other.",
       "Use either run_single_threaded=True with one runner, or a runner pool without it.",
       needs=("j",), match=r"num_runners must be 1")


def case_37():
    return _c("case_37", "bytes-to-loader", "unsupported", "load", """
import io
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
buf = io.BytesIO()
torch._inductor.aoti_compile_and_package(ep, package_path=buf)
blob = buf.getvalue()            # what the artifact store returns
m = torch._inductor.aoti_load_package(blob)
y = m(torch.randn(2, 8))
""", "The package bytes fetched from an artifact store are passed to aoti_load_package as a "
       "bytes object; it takes a path or a file-like buffer.",
       "Wrap them: aoti_load_package(io.BytesIO(blob)) (or write them to a .pt2 file).",
       match=r"zip archive|file open")


STEP1 = """
import sys, torch
@torch.library.custom_op("lb15::scale", mutates_args=())
def scale(x: torch.Tensor) -> torch.Tensor:
    return x * 3
@scale.register_fake
def _(x):
    return torch.empty_like(x)
class S(torch.nn.Module):
    def forward(self, x):
        return scale(x).relu()
torch.export.save(torch.export.export(S(), (torch.randn(2, 8),)), sys.argv[1])
"""


def case_38():
    return _c("case_38", "op-lib-in-step1-only", "unsupported", "load", """
import subprocess, sys
subprocess.run([sys.executable, "-c", STEP1, "{scratch}/step1.pt2"], check=True)
# step 2 (the compile job) does not import the module that defines lb15::scale
prog = torch.export.load("{scratch}/step1.pt2")
pkg = torch._inductor.aoti_compile_and_package(prog, package_path="{scratch}/op15.pt2")
""".replace("STEP1", repr(STEP1)), "The saved program uses a custom op (lb15::scale) defined in "
       "the export step's code; the compile step loads the program without importing that "
       "code, so the op is unknown to torch.export.load.",
       "Import the module that registers the custom op before torch.export.load.",
       match=r"deserializ")


def case_39():
    return _c("case_39", "name-with-slash", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/nm15.pt2",
    inductor_configs={"aot_inductor.model_name_for_generated_files": "ranker/v2"})
""", "model_name_for_generated_files is given 'ranker/v2' (a model id with a slash); it is "
       "used as a file stem, so the generated files point into a folder that does not exist.",
       "Use a plain file-name-safe name ('ranker_v2').")


def case_40():
    return _c("case_40", "blob-only-run", "constant_loading", "run", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bl15.pt2",
    inductor_configs={"aot_inductor.package_constants_on_disk_format": "binary_blob"})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "package_constants_on_disk_format='binary_blob' is set without "
       "package_constants_in_so=False; the weights go to an external blob the loader does not "
       "attach.", "Set package_constants_in_so=False with the on-disk format (or leave both "
       "unset).")


def case_41():
    return _c("case_41", "wrapper-build-separate", "compile_toolchain", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sep15.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "TORCHINDUCTOR_CPP_WRAPPER_BUILD_SEPARATE=1 is set in the build environment.",
       "Unset it for AOTI builds.", env={"TORCHINDUCTOR_CPP_WRAPPER_BUILD_SEPARATE": "1"})




def case_42():
    return _c("case_42", "program-called-directly", "deprecated_api", "run", ENC + """
torch.manual_seed(0)
model = Net().eval()
x = torch.randn(4, 8)
ep = torch.export.export(model, (x,))
torch.testing.assert_close(ep(x), model(x))     # parity check before compiling
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/call15.pt2")
""", "The pipeline's parity check calls the ExportedProgram itself (ep(x)), as early "
       "torch.export examples did; ExportedProgram is no longer callable.",
       "Call ep.module()(x) for the parity check.", match=r"ExportedProgram")


def case_43():
    return _c("case_43", "preserved-count-output", "unsupported", "export", """
class Enc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return self.lin(x), x.shape[0]
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Enc()
    def forward(self, x):
        h, n = self.enc(x)
        return h.sum(0) / n
ep = torch.export.export(Net().eval(), (torch.randn(4, 8),),
                         dynamic_shapes={"x": {0: Dim("b", min=2, max=32)}},
                         preserve_module_call_signature=("enc",))
uf = torch.export.unflatten(ep)
y = uf(torch.randn(6, 8))
""", "The encoder whose call signature is preserved returns a Python int (the dynamic batch "
       "size) next to its tensor; a preserved signature can only carry tensors and constants, "
       "so the symbolic int output cannot be preserved.",
       "Return only tensors from the preserved submodule (compute the count outside it).",
       match=r"Only Tensors or scalars")


CASES = [case_01, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_21,
         case_23, case_25, case_26, case_28, case_29, case_30, case_31, case_36, case_37,
         case_38, case_42, case_43]
# Failed in a trial run but dropped before the recorded run (kept for reference, not run):
# case_19 (package_constants_on_disk_format='safetensors' with the weights out of the .so:
# the same segfault at the first call as case_18; the unknown format is silently ignored),
# case_32 (the legacy aot_compile with package_constants_in_so=False, then aot_load and a call:
# the same missing-weights segfault as case_18 through the legacy API), case_33 (a reloaded
# ExportedProgram handed to the legacy torch._export.aot_compile: the same trigger as
# live_blind3's legacy-takes-ep), case_39 (model_name_for_generated_files='ranker/v2':
# "Invalid AOTI model name", the same check as live_blind7's model-name-spaces).
DROPPED = [case_19, case_32, case_33, case_39]
# Tried on torch 2.14.1 (CPU) in a trial run and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_02 (preserve_module_call_signature of a block
# called twice, then unflatten and call: worked), case_20 (pickle_weights with the weights
# also kept in the .so: compiled, loaded, ran), case_22 (embed_kernel_binary and
# emit_multi_arch_kernel on a CPU package: compiled, loaded, ran), case_24
# (AOT_INDUCTOR_ENABLE_LTO=1: compiled, loaded, ran), case_27
# (TORCHINDUCTOR_CPP_GEMM_MAX_K_SLICES=0 with CPP GEMM autotuning: compiled), case_34
# (AOTI_RUNTIME_CHECK_INPUT=1, misspelt, and a batch of 1 below the Dim's min=2: ran and
# returned a (1, 4) result), case_35 (allow_stack_allocation with a dynamic batch: compiled,
# loaded, ran), case_40 (binary_blob with package_constants_in_so left True: compiled,
# loaded, ran), case_41 (TORCHINDUCTOR_CPP_WRAPPER_BUILD_SEPARATE=1: compiled, loaded, ran).
TRIED = [case_02, case_20, case_22, case_24, case_27, case_34, case_35, case_40, case_41]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind15.jsonl",
        url_file="benchmarks/live_blind15.py", id_prefix="live15", stems=STEMS,
        scratch_prefix="live_blind15-", description=__doc__.splitlines()[0]))
