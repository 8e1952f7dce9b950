"""Build a blind evaluation set of REAL AOTInductor failures, triggered live with torch.

Each case runs in its own child process (`python -X faulthandler -c CODE TBFILE`), with a
timeout, at most two at a time. A Python exception is recorded as the child's own
`traceback.format_exc()`; a child killed by a signal is recorded as its captured stderr plus the
line bash prints for that signal. Packages that several run-time cases share are compiled once,
in two setup children, into a temporary directory.

Cases that no longer fail on the installed torch (or fail in a different way than the one the
label was given for) are reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind.py [--out benchmarks/live_blind.jsonl] [--keep]
    python3 benchmarks/live_blind.py --read --out /tmp/live_read.jsonl

Building the set imports nothing from aotidebug. `--read` (a measurement, not part of building
the set) also diagnoses each failure the way a user holding it would: the LIVE exception object,
inside the child, with `aotidebug.diagnose(exc)`; a child killed by a signal leaves only its text,
read with `aotidebug.diagnose(text)`. It prints top-1/top-3 of those readings against the labels
and adds `object_reading` to each row it writes. Where the case held a model from
`aoti_load_package`, it also reads the design card's call, `diagnose(exc, model, inputs)`: the
model and arguments of the call the error came from (taken from that call's frame), or the one
loaded model without inputs; that reading is `call_reading`, and `call_reading_with` says what
was passed ("model+inputs", "model", or "none" where it equals `object_reading`). A case that
crashed is run once more with `aoti_load_package` replaced by `safe_load(path, isolate=True)`, as
the design card asks for a package one does not trust: `safe_error` is the error the case's code
then got and `safe_reading` its diagnosis (`--crashes` runs only the cases expected to crash;
`--inprocess` re-runs them through `safe_load(path)` in the case's own process instead, where a
crash that the pre-call checks do not refuse still kills it: `safe_error` "crash").
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import contextlib
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETUP_TIMEOUT = 600
CASE_TIMEOUT = 300
HEAD, TAIL = 2000, 6000

SIGNAL_LINES = {
    signal.SIGSEGV: "Segmentation fault (core dumped)",
    signal.SIGABRT: "Aborted (core dumped)",
    signal.SIGBUS: "Bus error (core dumped)",
    signal.SIGILL: "Illegal instruction (core dumped)",
    signal.SIGFPE: "Floating point exception (core dumped)",
    signal.SIGKILL: "Killed",
}

# The setup children's package builder, which the themed sets join into their setup programs as
# `harness.BUILD`: export, compile and package one model into the set's scratch folder and record
# its path in `paths`; a failed build is printed and skipped.
BUILD = """
def build(name, m, args, kwargs=None, dynamic_shapes=None):
    try:
        ep = torch.export.export(m, args, kwargs, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"))
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)
"""

# Every child: the body runs at module level of `-c` code, so tracebacks show `File "<string>"`
# frames without source lines; the except clause writes format_exc() to the file in argv[1]
# ({read}: under --read, also the live exception's diagnosis, a measurement only).
WRAP = """\
import sys, traceback
try:
{body}
except BaseException as _exc:
    with open(sys.argv[1], "w") as f:
        f.write(traceback.format_exc())
{read}    sys.exit(1)
"""
READ_LINES = """\
    import json as _json
    import aotidebug as _ad
    _d = _ad.diagnose(_exc)
    with open(sys.argv[1] + ".reading.json", "w") as f:
        _json.dump([c.category.value for c in _d.candidates] or [_d.category.value], f)
    _m, _a, _tb = None, None, _exc.__traceback__
    while _tb is not None:  # the loaded model's own call, if the error came from inside it
        _l = _tb.tb_frame.f_locals
        if _tb.tb_frame.f_code.co_name == "__call__" and type(_l.get("self")).__name__ == "AOTICompiledModel":
            _m, _a = _l["self"], (_l.get("args") if not _l.get("kwargs") else {"args": _l.get("args"), "kwargs": _l.get("kwargs")})
        _tb = _tb.tb_next
    if _m is None:  # else the one loaded model the case holds, without inputs
        _ms = [v for v in list(globals().values()) if type(v).__name__ == "AOTICompiledModel"]
        _m = _ms[0] if len(_ms) == 1 else None
    if _m is not None:
        _d = _ad.diagnose(_exc, _m, _a)
        with open(sys.argv[1] + ".call.json", "w") as f:
            _json.dump({"reading": [c.category.value for c in _d.candidates] or [_d.category.value],
                        "inputs": _a is not None}, f)
"""
# Under --read, a case that crashed runs once more the way the design card asks a user to run a
# package they do not trust: `aoti_load_package` is replaced by `safe_load(path, isolate=True)`
# (the case's own code is unchanged), and the error that call raises is read from its
# `.diagnosis` (an aotidebug error) or with `diagnose(exc)` (any other exception).
SAFE_PRE = """\
import aotidebug as _ad, torch._inductor as _ti
def _safe_load(path, *_a, **_k):
    return _ad.safe_load(path{safe_args})
_ti.aoti_load_package = _safe_load
"""
SAFE_ARGS = {"isolated": ", isolate=True, timeout=240", "inprocess": ""}
SAFE_MODE = "isolated"  # set by --inprocess
SAFE_LINES = """\
    import json as _json
    import aotidebug as _ad
    _d = _exc.diagnosis if isinstance(_exc, _ad.AOTIDebugError) else _ad.diagnose(_exc)
    with open(sys.argv[1] + ".safe.json", "w") as f:
        _json.dump({"reading": [c.category.value for c in _d.candidates] or [_d.category.value],
                    "error": type(_exc).__name__,
                    "codes": [x.get("code") for x in (getattr(_exc, "details", None) or {}).get("findings", [])]}, f)
"""
READ = False  # set by --read

# ------------------------------------------------------------------------------ shared models
LIN = """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.relu(self.lin(x)) * 2 + 1
"""

SETUP_A = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class P(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x) * 2 + x

class C(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 8, 3)
    def forward(self, x):
        return torch.nn.functional.gelu(self.c(x)) + 1

class I(torch.nn.Module):
    def forward(self, x, i):
        return x[i] * 2 + 1

class H(torch.nn.Module):
    def forward(self, x):
        return torch.exp(x) * x

class G(torch.nn.Module):
    def forward(self, x, i):
        return torch.gather(x, 1, i) * 3

specs = {
    "lin": (M(), (torch.randn(2, 8),)),
    "pw": (P(), (torch.randn(5, 3),)),
    "conv": (C(), (torch.randn(1, 3, 16, 16),)),
    "idx": (I(), (torch.randn(8, 4), torch.tensor([0, 3, 5]))),
    "half": (H(), (torch.randn(4, 4, dtype=torch.float16),)),
    "gat": (G(), (torch.randn(4, 6), torch.tensor([[0, 1], [2, 3], [4, 5], [1, 1]]))),
}
for name, (m, args) in specs.items():
    ep = torch.export.export(m, args)
    paths[name] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, name + ".pt2"))
with open(os.path.join(out, "setup_a.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_B = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class T(torch.nn.Module):
    def forward(self, x, y):
        return torch.cat([x, y], 1).sum(1)

class W(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2048, 4096)
    def forward(self, x):
        return self.lin(x)

b = Dim("b", min=2, max=32)
ep = torch.export.export(T(), (torch.randn(4, 3), torch.randn(4, 5)), dynamic_shapes=({0: b}, {0: b}))
paths["two"] = torch._inductor.aoti_compile_and_package(ep, package_path=os.path.join(out, "two.pt2"))
ep = torch.export.export(M(), (torch.randn(2, 8),))
paths["disk"] = torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(out, "disk.pt2"),
    inductor_configs={"aot_inductor.package_constants_in_so": False,
                      "aot_inductor.package_constants_on_disk_format": "pickle_weights"})
ep = torch.export.export(W(), (torch.randn(2, 2048),))
paths["wide"] = torch._inductor.aoti_compile_and_package(ep, package_path=os.path.join(out, "wide.pt2"))
paths["so"] = torch._export.aot_compile(M(), (torch.randn(2, 8),))
with open(os.path.join(out, "setup_b.json"), "w") as f:
    json.dump(paths, f)
"""



@dataclass
class Case:
    fn: str  # the case function's name (url anchor)
    slug: str
    category: str
    phase: str
    api: str
    body: str  # child code; {name} (a known key) is replaced by a package/scratch path
    cause: str
    fix: str
    expect: str = "exc"  # "exc": a Python exception; "crash": killed by a signal
    match: str = ""  # regex the text must match, else the case failed differently: skipped
    needs: tuple = ()  # "a" / "b": setup children whose packages the body uses
    env: dict = field(default_factory=dict)
    prepare: object = None  # callable(paths, scratch) -> extra format keys, run in the parent


def case_makers(models: str, pre: str = "import torch\n"):
    """The two case constructors the themed sets share: `c` for a child that uses the setup
    children's packages, `m` for one that defines the set's shared models (`models`) itself. The
    api defaults to "package"; every other field is passed to `Case` as given."""
    def c(fn, slug, cat, phase, body, cause, fix, **kw):
        return Case(fn, slug, cat, phase, kw.pop("api", "package"), pre + body, cause, fix, **kw)

    def m(fn, slug, cat, phase, body, cause, fix, **kw):
        return Case(fn, slug, cat, phase, kw.pop("api", "package"), pre + models + body, cause, fix, **kw)
    return c, m


# --------------------------------------------------------------------------------- helpers
def _rewrite(src: str, dst: Path, edit) -> str:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            zout.writestr(item, edit(item.filename, zin.read(item.filename)))
    return str(dst)


def _prep_version(paths, scratch):
    dst = _rewrite(paths["lin"], scratch / "model_v.pt2",
                   lambda n, b: b"1" if n.endswith("/archive_version") else b)
    return {"newer": dst}


def _prep_truncated(paths, scratch):
    data = Path(paths["lin"]).read_bytes()
    dst = scratch / "model_copy.pt2"
    dst.write_bytes(data[: len(data) // 2])
    return {"partial": str(dst)}


def _prep_cachefile(paths, scratch):
    f = scratch / "inductor_cache"
    f.write_text("")
    return {}


# ---------------------------------------------------------------------------------- cases
def case_01():
    return Case("case_01", "loop-count", "export_failure", "export", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, x):
        n = x.nonzero().shape[0]
        y = x
        for _ in range(n):
            y = y + 1
        return y
ep = torch.export.export(M(), (torch.randn(8),))
""", "A Python range() over the row count of nonzero() needs a concrete value of a data-dependent "
       "(unbacked) size, which torch.export cannot produce while tracing.",
       "Express the loop with tensor ops (e.g. y = x + (x != 0).sum()) or use torch.cond/while_loop "
       "instead of a Python loop over a data-dependent count.",
       match=r"data-dependent")


def case_02():
    return Case("case_02", "dataclass-return", "export_failure", "export", "package", """
import dataclasses, torch
@dataclasses.dataclass
class Out:
    a: torch.Tensor
    b: torch.Tensor
class M(torch.nn.Module):
    def forward(self, x):
        return Out(x + 1, x * 2)
ep = torch.export.export(M(), (torch.randn(3),))
""", "forward returns an unregistered dataclass; torch.export can only flatten outputs whose types "
       "are registered pytree nodes.",
       "Register the dataclass with torch.export.register_dataclass (or return a tuple/dict of tensors).",
       match=r"not a known type")


def case_03():
    return Case("case_03", "numpy-call", "export_failure", "export", "package", """
import numpy as np, torch
class M(torch.nn.Module):
    def forward(self, x):
        return torch.from_numpy(np.tanh(x.numpy())) + 1
ep = torch.export.export(M(), (torch.randn(3),))
""", "forward converts the tensor to NumPy; during (non-strict) export the input is a FakeTensor, "
       "which has no data for .numpy().",
       "Replace the NumPy call with the torch equivalent (torch.tanh), or use strict export so "
       "Dynamo can trace the NumPy code.",
       match=r"numpy")


def case_04():
    return Case("case_04", "zeros-from-max", "export_failure", "export", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, x):
        return torch.zeros(int(x.max()), 2)
ep = torch.export.export(M(), (torch.tensor([3.0, 1.0]),))
""", "int(x.max()) turns a data-dependent float into a Python int used as a size, which export "
       "cannot guard on.",
       "Pass the size as an input shape (a dynamic Dim) or avoid sizes computed from tensor values.",
       match=r"data-dependent")


def case_05():
    return Case("case_05", "two-inputs-add", "dynamic_shape_guard", "export", "package", """
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x, y):
        return x + y
b1, b2 = Dim("b1"), Dim("b2")
ep = torch.export.export(M(), (torch.randn(4, 3), torch.randn(4, 3)), dynamic_shapes=({0: b1}, {0: b2}))
""", "Two inputs get independent Dims, but x + y forces their first dimensions to be equal, so "
       "the constraint b2 == b1 is violated.",
       "Use one Dim for both inputs (or b2 = b1) as the suggested fix says.",
       match=r"Constraints violated")


def case_06():
    return Case("case_06", "one-row-example", "dynamic_shape_guard", "export", "package", """
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x):
        return x * 2
ep = torch.export.export(M(), (torch.randn(1, 3),), dynamic_shapes={"x": {0: Dim("b", min=1, max=64)}})
""", "The example input has batch size 1 for a dimension marked dynamic; export 0/1-specialises "
       "sizes 0 and 1, so the dynamic dimension is specialised to the constant 1.",
       "Export with an example batch of at least 2 (the Dim may still allow 1 at run time), or use "
       "Dim.AUTO.",
       match=r"specialized|Constraints violated")


def case_07():
    return Case("case_07", "size-branch", "dynamic_shape_guard", "export", "package", """
import torch
from torch.export import Dim
class M(torch.nn.Module):
    def forward(self, x):
        if x.shape[0] > 16:
            return x * 2
        return x + 1
ep = torch.export.export(M(), (torch.randn(8, 3),), dynamic_shapes={"x": {0: Dim("b", min=2, max=64)}})
""", "A Python branch on x.shape[0] > 16 adds the guard size <= 16 for the example input, which "
       "does not hold over the declared range [2, 64].",
       "Narrow the Dim to max=16 as suggested, or write the branch with torch.cond/torch.where so "
       "both sizes are supported.",
       match=r"Constraints violated")


def case_08():
    return Case("case_08", "prefix-slice", "torch_bug", "compile", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, x):
        n = (x > 0).sum().item()
        return x[:n] * 2
ep = torch.export.export(M(), (torch.randn(8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "Export accepts a slice bounded by an unbacked item() value, but the AOTI C++ wrapper "
       "codegen emits the Python literal `None` for the slice start, so g++ rejects wrapper.cpp "
       "(an Inductor codegen bug).",
       "Work around it by replacing the slice with a mask or torch.narrow with explicit start 0, "
       "and report the codegen bug upstream.",
       match=r"None")


def case_09():
    return Case("case_09", "per-tensor-qdq", "unsupported", "compile", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, x):
        q = torch.quantize_per_tensor(x, 0.1, 0, torch.quint8)
        return q.dequantize() * 2
ep = torch.export.export(M(), (torch.randn(4),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The graph passes a quantized dtype (torch.quint8) to a fallback kernel; AOTI's serializer "
       "for extern-kernel arguments has no entry for quantized dtypes.",
       "Use the PT2E quantization flow (quantize_pt2e) which lowers to supported ops, or keep the "
       "quantize/dequantize step outside the compiled model.",
       match=r"quint8")


def case_10():
    return Case("case_10", "build-env-a", "compile_toolchain", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "TORCHINDUCTOR_CPP_MARCH=znver4 passes -march=znver4, which the installed gcc 12.2 does not "
       "know, so every C++ compile fails.",
       "Unset TORCHINDUCTOR_CPP_MARCH or set it to an architecture the installed compiler supports "
       "(or upgrade gcc).",
       match=r"march|CppCompileError|compile", env={"TORCHINDUCTOR_CPP_MARCH": "znver4"})


def case_11():
    return Case("case_11", "build-env-b", "compile_toolchain", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "CXX points at /bin/true, which exits 0 without compiling or printing anything, so Inductor's "
       "compiler probing and build steps get empty output.",
       "Point CXX at a real C++ compiler (g++/clang++) or unset it.",
       env={"CXX": "/bin/true"})


def case_12():
    return Case("case_12", "build-env-c", "compile_toolchain", "compile", "package", """
import os, torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
os.environ["TORCHINDUCTOR_CACHE_DIR"] = "{scratch}/inductor_cache"
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "TORCHINDUCTOR_CACHE_DIR names an existing regular file, so Inductor cannot create its cache "
       "directory to write and build the generated C++.",
       "Point TORCHINDUCTOR_CACHE_DIR at a writable directory (or remove the file in its way).",
       match=r"FileExistsError|NotADirectoryError|Errno", prepare=_prep_cachefile)


def case_13():
    return Case("case_13", "limited-compile", "out_of_memory", "compile", "package", """
import resource, torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 8 * 2**20, vm + 8 * 2**20))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The process address space is capped (RLIMIT_AS, like `ulimit -v`) at 8 MiB above its "
       "size after export, so aoti_compile_and_package runs out of memory (here while importing "
       "Inductor's compiler modules).",
       "Give the compile more memory (raise the limit / use a machine with more RAM) or compile "
       "fewer models in one process.",
       match=r"MemoryError|Cannot allocate|can't allocate|out of memory|memory exhausted")


def case_14():
    return Case("case_14", "legacy-options", "deprecated_api", "load", "legacy", """
import torch
""" + LIN + """
so = torch._export.aot_compile(M(), (torch.randn(2, 8),), options={"aot_inductor.package": True})
m = torch._export.aot_load(so, "cpu")
""", "With options={'aot_inductor.package': True} the legacy torch._export.aot_compile returns a "
       "list of generated files rather than a .so path, and the legacy aot_load cannot take it.",
       "Move to torch._inductor.aoti_compile_and_package(torch.export.export(...)) and "
       "aoti_load_package, or drop the package option when using the legacy pair.",
       match=r"incompatible constructor arguments")


def case_15():
    return Case("case_15", "legacy-ep", "deprecated_api", "compile", "legacy", """
import torch
""" + LIN + """
x = torch.randn(2, 8)
ep = torch.export.export(M(), (x,))
so = torch._inductor.aot_compile(ep, (x,))
""", "The legacy torch._inductor.aot_compile expects a GraphModule, not an ExportedProgram, and "
       "asserts on its type.",
       "Use torch._inductor.aoti_compile_and_package(ep) (or pass ep.module() to the legacy API).",
       match=r"AssertionError")


def case_16():
    return Case("case_16", "legacy-reload", "kernel_binary_missing", "load", "legacy", """
import os, shutil, torch
""" + LIN + """
so = torch._export.aot_compile(M(), (torch.randn(2, 8),))
shutil.rmtree(os.environ["TORCHINDUCTOR_CACHE_DIR"])
m = torch._export.aot_load(so, "cpu")
""", "The legacy aot_compile leaves its .so inside the Inductor cache directory; the cache was "
       "deleted before aot_load, so dlopen finds no file at the saved path.",
       "Copy the .so out of the cache (or better, use aoti_compile_and_package with a package_path) "
       "before the cache is cleaned.",
       match=r"No such file")


def case_17():
    return Case("case_17", "legacy-load", "device_mismatch", "load", "legacy", """
import torch
m = torch._export.aot_load("{so}", "cuda")
""", "A .so compiled for CPU is loaded with device 'cuda' on a CPU-only torch, so the legacy loader "
       "looks for the CUDA runner class that this build does not have.",
       "Load with the device the model was compiled for ('cpu'), or compile on/for CUDA with a "
       "CUDA build of torch.",
       needs=("b",), match=r"Cuda|CUDA|cuda")


def case_18():
    return Case("case_18", "weights-swap-a", "device_mismatch", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin}")
m.load_constants({"lin.weight": torch.empty(4, 8, device="meta")}, check_full_update=True)
""", "The replacement weight is a meta-device tensor (e.g. from a model built under "
       "torch.device('meta')), but the package's constants live on CPU.",
       "Materialise the weights on CPU (load the real state_dict) before calling load_constants.",
       needs=("a",), match=r"update_constant_buffer")


def case_19():
    return Case("case_19", "disk-weights", "constant_loading", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{disk}")
y = m(torch.randn(2, 8))
print(y)
""", "The package was built with package_constants_in_so=False and pickle_weights on disk; "
       "aoti_load_package does not load on-disk weights, so the model runs with no constants "
       "and crashes.",
       "Load with torch.export.pt2_archive._package.load_pt2(path, load_weights_from_disk=True) "
       "or call load_constants with the weights before the first run.",
       expect="crash", needs=("b",))


def case_20():
    return Case("case_20", "weights-swap-b", "constant_loading", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin}")
sd = {"lin.weight": torch.randn(4, 8, dtype=torch.float64)}
m.load_constants(sd, check_full_update=True)
y = m(torch.randn(2, 8))
print(y)
""", "load_constants accepts a float64 weight for a float32 constant without checking the dtype; "
       "the kernels read the buffer as float32 (garbage results) and the process later crashes "
       "when freeing it.",
       "Cast the new weights to the compiled dtype (and shape) before load_constants, e.g. "
       "w.to(torch.float32).contiguous().",
       expect="crash", needs=("a",))


def case_21():
    return Case("case_21", "weights-swap-c", "constant_loading", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin}")
w = torch.randn(4, 8)
m.load_constants({"lin.weight": w.tolist()}, check_full_update=True)
""", "The weights map holds nested Python lists (as read from JSON) instead of tensors, which "
       "load_constants' binding cannot accept.",
       "Convert each value with torch.tensor(v, dtype=torch.float32) before load_constants.",
       needs=("a",), match=r"incompatible function arguments")


def case_22():
    return Case("case_22", "named-load", "kernel_binary_missing", "load", "package", """
import torch
from torch._inductor.package import load_package
m = load_package("{lin}", model_name="main")
""", "load_package is asked for model 'main', but the archive only holds the default model "
       "'model', so no .so/.cpp is found under that name.",
       "Use the model name the package was built with (the default 'model'; the error lists "
       "the available models).",
       needs=("a",), match=r"model")


def case_23():
    return Case("case_23", "archive-edit", "version_mismatch", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{newer}")
""", "The package's archive_version (1) was written by a different torch release than the "
       "installed one (version 0), and the loader refuses it.",
       "Load the package with the torch version that produced it, or re-export and recompile "
       "with the installed torch.",
       needs=("a",), prepare=_prep_version, match=r"archive version")


def case_24():
    return Case("case_24", "copied-package", "unknown", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{partial}")
""", "The .pt2 file was only half copied (truncated), so the zip reader finds no central "
       "directory.",
       "Copy/download the package again completely (compare its size or checksum).",
       needs=("a",), prepare=_prep_truncated, match=r"zip")


def case_25():
    return Case("case_25", "grad-step", "unsupported", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin}")
x = torch.randn(2, 8, requires_grad=True)
loss = m(x).sum()
loss.backward()
""", "AOTI packages are inference-only: the outputs carry no autograd graph, so backward() "
       "through the loaded model fails.",
       "Train with eager/torch.compile and use AOTI only for inference (export the trained model).",
       needs=("a",), match=r"grad")


def case_26():
    return Case("case_26", "worker-handoff", "unsupported", "run", "package", """
import pickle, torch
m = torch._inductor.aoti_load_package("{lin}")
blob = pickle.dumps(m)
""", "A loaded AOTI model wraps a C++ loader object that cannot be pickled (e.g. when sent to "
       "multiprocessing workers).",
       "Pass the .pt2 path to each worker and call aoti_load_package there.",
       needs=("a",), match=r"pickle")


def case_27():
    return Case("case_27", "rows-lookup", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{idx}")
x = torch.randn(8, 4)
i = torch.tensor([0, 3, 5], dtype=torch.int32)
y = m(x, i)
""", "The index input is int32 but the package was compiled for int64; the kernel reinterprets "
       "pairs of int32 values as int64 indices, which are out of range.",
       "Pass the index as int64 (i.long()), or export with an int32 example; "
       "AOTI_RUNTIME_CHECK_INPUTS=1 reports the dtype mismatch directly.",
       needs=("a",), match=r"index out of bounds")


def case_28():
    return Case("case_28", "gather-cols", "index_out_of_bounds", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{gat}")
x = torch.randn(4, 6)
i = torch.tensor([[0, 1], [2, 3], [4, 9], [1, 1]])
y = m(x, i)
""", "The gather index tensor passed at run time contains 9 for a dimension of size 6.",
       "Clamp or validate the indices (0 <= i < 6) before calling the model.",
       needs=("a",), match=r"out of bounds")


def case_29():
    return Case("case_29", "view-input", "input_mismatch", "run", "package", """
import torch
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{pw}")
x = torch.randn(3, 5).t()
y = m(x)
torch.testing.assert_close(y, torch.sin(x) * 2 + x)
""", "The input is a transposed (non-contiguous) view; the fused pointwise kernel was compiled for "
       "contiguous (5, 3) strides and indexes it as if contiguous, giving silently wrong values.",
       "Pass x.contiguous() (or export with the same strides); AOTI_RUNTIME_CHECK_INPUTS=1 "
       "reports the stride mismatch.",
       needs=("a",), match=r"not close")


def case_30():
    return Case("case_30", "image-input", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{conv}")
x = torch.randn(1, 3, 16, 16).to(memory_format=torch.channels_last)
y = m(x)
""", "A channels_last input is passed to a package compiled for contiguous NCHW strides; with "
       "AOTI_RUNTIME_CHECK_INPUTS=1 the generated input check rejects the strides.",
       "Call x.contiguous() before the model, or export with a channels_last example input.",
       needs=("a",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"stride")


def case_31():
    return Case("case_31", "array-arg", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin}")
x = torch.randn(2, 8).numpy()
y = m(x)
""", "A NumPy array is passed instead of a tensor; the runner flattens inputs keeping only "
       "tensor leaves, so it receives zero inputs.",
       "Convert with torch.from_numpy(x) before calling the model.",
       needs=("a",), match=r"inputs vector size")


def case_32():
    return Case("case_32", "paired-batches", "dynamic_shape_guard", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{two}")
y = m(torch.randn(4, 3), torch.randn(6, 5))
""", "Both inputs share one dynamic Dim b (they are concatenated along dim 1), but the call "
       "passes batch sizes 4 and 6; the input check under AOTI_RUNTIME_CHECK_INPUTS=1 rejects "
       "the second input's size.",
       "Pass inputs whose batch dimensions are equal, as the shared Dim requires.",
       needs=("b",), env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"expected size")


def case_33():
    return Case("case_33", "exp-model", "numerical", "run", "package", """
import torch
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{half}")
x = torch.randn(4, 4, dtype=torch.float16) * 4 + 8
y = m(x)
assert torch.isfinite(y).all(), y
""", "exp(x) of float16 inputs around 8-16 exceeds the float16 maximum (65504), so the output "
       "overflows to inf without any error.",
       "Compute the exp in float32 (x.float()) or rescale the inputs / use a numerically stable "
       "formulation.",
       needs=("a",), match=r"AssertionError")


def case_34():
    return Case("case_34", "second-load", "out_of_memory", "load", "package", """
import resource, torch
m1 = torch._inductor.aoti_load_package("{lin}")
y1 = m1(torch.randn(2, 8))
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 48 * 2**20, vm + 48 * 2**20))
m2 = torch._inductor.aoti_load_package("{wide}")
""", "The second package's .so embeds 32 MiB of weights (a ~67 MiB file); with the process "
       "address space capped (RLIMIT_AS) at 48 MiB above its current size, dlopen cannot map "
       "the .so's segments.",
       "Give the process more memory (raise ulimit -v / the container limit), or build with "
       "package_constants_in_so=False and load the weights separately.",
       needs=("a", "b"), match=r"map segment|MemoryError|Cannot allocate|can't allocate|out of memory")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28, case_29, case_30,
         case_31, case_32, case_33, case_34]


# ------------------------------------------------------------------------------- execution
_lock = threading.Lock()


def log(msg: str) -> None:
    with _lock:
        print(msg, flush=True)


def child_env(scratch: Path, extra: dict, cache: Path) -> dict:
    env = dict(os.environ)
    for k in ("AOTI_RUNTIME_CHECK_INPUTS", "TORCHINDUCTOR_CPP_MARCH", "CXX", "CC"):
        env.pop(k, None)
    env["PYTHONUNBUFFERED"] = "1"
    env["TORCHINDUCTOR_CACHE_DIR"] = str(cache)
    for k, v in extra.items():
        env[k] = v.format(scratch=scratch)
    return env


def run_child(code: str, workdir: Path, env: dict, timeout: float, *args: str):
    """Run `code` in a fresh Python; return (returncode, stdout, stderr, traceback text)."""
    workdir.mkdir(parents=True, exist_ok=True)
    tb = workdir / "traceback.txt"
    if tb.exists():
        tb.unlink()
    cmd = [sys.executable, "-X", "faulthandler", "-c", code, str(tb), *args]
    try:
        # subprocess.run kills and reaps the child when the timeout expires
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env,
                           cwd=str(workdir), timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or "", e.stderr or "", ""
    return p.returncode, p.stdout, p.stderr, tb.read_text(errors="replace") if tb.exists() else ""


def wrap(body: str, read: bool = False, safe: bool = False) -> str:
    body = textwrap.dedent(body).strip("\n")
    if safe:
        body = SAFE_PRE.format(safe_args=SAFE_ARGS[SAFE_MODE]) + body
    lines = SAFE_LINES if safe else READ_LINES if read else ""
    return WRAP.format(read=lines, body=textwrap.indent(body, "    "))


def clip(text: str) -> str:
    if len(text) <= HEAD + TAIL:
        return text
    return text[:HEAD] + "\n...\n" + text[-TAIL:]


def crash_text(stderr: str, rc: int) -> str:
    try:
        line = SIGNAL_LINES.get(signal.Signals(-rc), f"Killed by signal {-rc}")
    except ValueError:
        line = f"Killed by signal {-rc}"
    text = stderr if stderr.endswith("\n") or not stderr else stderr + "\n"
    return text + line


def run_setup(name: str, code: str, scratch: Path):
    t0 = time.time()
    out = scratch / "packages"
    out.mkdir(parents=True, exist_ok=True)
    rc, so, se, tb = run_child(wrap(code), scratch / f"setup_{name}",
                               child_env(scratch, {}, scratch / f"cache_setup_{name}"),
                               SETUP_TIMEOUT, str(out))
    manifest = out / f"setup_{name}.json"
    if rc != 0 or not manifest.exists():
        log(f"[setup {name}] FAILED rc={rc} in {time.time() - t0:.0f}s\n{tb or se[-3000:]}")
        return None
    log(f"[setup {name}] ok in {time.time() - t0:.0f}s")
    return json.loads(manifest.read_text())


def run_case(case: Case, scratch: Path, setups: dict, torch_version: str,
             id_prefix: str = "live", url_file: str = "benchmarks/live_blind.py"):
    t0 = time.time()
    paths: dict = {}
    for need in case.needs:
        got = setups[need].result()
        if got is None:
            return case, None, f"skipped: setup {need} failed"
        paths.update(got)
    work = scratch / case.fn
    work.mkdir(parents=True, exist_ok=True)
    keys = dict(paths, scratch=str(work))
    if case.prepare:
        try:
            keys.update(case.prepare(paths, work))
        except Exception as e:  # noqa: BLE001 - a failed preparation skips the case
            return case, None, f"skipped: preparation failed: {e!r:.300}"
    body = re.sub(r"\{(\w+)\}", lambda mo: str(keys.get(mo.group(1), mo.group(0))), case.body)
    rc, so, se, tb = run_child(wrap(body, READ), work, child_env(work, case.env, work / "cache"),
                               CASE_TIMEOUT)
    dt = time.time() - t0
    if rc is None:
        return case, None, f"skipped: timed out after {CASE_TIMEOUT}s"
    if rc < 0:
        kind, text = "crash", crash_text(se, rc)
    elif rc != 0 and tb:
        kind, text = "exc", tb
    elif rc == 0:
        return case, None, f"did not fail on torch {torch_version} ({dt:.0f}s)"
    else:
        return case, None, f"skipped: exit code {rc} without a traceback: {se[-500:]!r}"
    if kind != case.expect:
        return case, None, f"skipped: expected {case.expect}, got {kind} (rc={rc}): {text[-300:]!r}"
    if case.match and not re.search(case.match, text):
        return case, None, f"skipped: failed differently than labelled: {text[-300:]!r}"
    row = {
        "id": f"{id_prefix}-{case.fn.split('_')[1]}-{case.slug}",
        "url": f"local:{url_file}#{case.fn}",
        "title": "",
        "torch_version": torch_version,
        "device": "cpu",
        "api": case.api,
        "phase": case.phase,
        "error_text": clip(text),
        "category": case.category,
        "cause_confirmed": True,
        "cause": case.cause,
        "fix": case.fix,
    }
    if READ:
        reading = work / "traceback.txt.reading.json"
        if kind == "exc" and reading.exists():
            row["object_reading"] = json.loads(reading.read_text())
        else:  # a crash leaves no exception object: the user holds only the text
            import aotidebug
            d = aotidebug.diagnose(row["error_text"])
            row["object_reading"] = ranked(d)
        call = work / "traceback.txt.call.json"
        if kind == "exc" and call.exists():  # diagnose(exc, loaded_model[, inputs])
            got = json.loads(call.read_text())
            row["call_reading"] = got["reading"]
            row["call_reading_with"] = "model+inputs" if got["inputs"] else "model"
        else:
            row["call_reading"], row["call_reading_with"] = row["object_reading"], "none"
        if kind == "crash":
            row.update(read_safe(body, work, case))
    return case, row, f"{kind} rc={rc} ({dt:.0f}s)"


def ranked(d) -> list:
    """A Diagnosis's categories, best first (its own category when it has no candidates)."""
    return [c.category.value for c in d.candidates] or [d.category.value]


def read_safe(body: str, work: Path, case: Case) -> dict:
    """Re-run a crashed case with `aoti_load_package` replaced by `safe_load` (SAFE_MODE):
    `safe_error` is the type the case's code then saw ("crash" if the child still died, "none"
    if nothing was raised) and `safe_reading` its diagnosis (the crash text's where it died)."""
    swork = work / "safe"
    rc, so, se, tb = run_child(wrap(body, safe=True), swork,
                               child_env(swork, case.env, work / "cache"), CASE_TIMEOUT)
    got = swork / "traceback.txt.safe.json"
    if rc is None:
        return {"safe_error": "timeout", "safe_reading": ["unknown"]}
    if rc < 0 or not got.exists():
        import aotidebug
        d = aotidebug.diagnose(crash_text(se, rc) if rc < 0 else tb or se)
        return {"safe_error": "crash" if rc < 0 else "none" if rc == 0 else f"exit {rc}",
                "safe_reading": ranked(d)}
    data = json.loads(got.read_text())
    return {"safe_error": data["error"], "safe_reading": data["reading"], "safe_codes": data.get("codes", [])}


# aoti_load_package extracts each package to /tmp/aotinductor_XXXXXX/<package stem>/ and never
# removes it; remove the new ones that hold only packages this script built.
EXTRACT_GLOB = "/tmp/aotinductor_*"
OUR_STEMS = {"lin", "pw", "conv", "idx", "half", "gat", "two", "disk", "wide", "model_v",
             "model_copy"}


def cleanup_extractions(before: set, stems: set = OUR_STEMS) -> None:
    for d in set(glob.glob(EXTRACT_GLOB)) - before:
        try:
            names = set(os.listdir(d))
        except OSError:
            continue
        if not names:  # a load that failed before extracting anything
            with contextlib.suppress(OSError):
                os.rmdir(d)
        elif names <= stems:
            shutil.rmtree(d, ignore_errors=True)


SETUPS = (("a", SETUP_A), ("b", SETUP_B))


def _scores(rows, key: str) -> tuple[float, float]:
    """Top-1 and top-3 of the ranked readings under `key` against the rows' labels."""
    read = [(r["category"], r.get(key) or ["unknown"]) for r in rows]
    return (sum(want == got[0] for want, got in read) / len(read),
            sum(want in got[:3] for want, got in read) / len(read))


def main(cases=None, setup_programs=SETUPS, default_out=ROOT / "benchmarks" / "live_blind.jsonl",
         url_file="benchmarks/live_blind.py", id_prefix="live", stems=OUR_STEMS,
         scratch_prefix="live-blind-", description=__doc__.splitlines()[0]) -> int:
    """Run `cases` (case functions; default CASES), building the packages of `setup_programs`
    ((name, setup code) pairs; a case's `needs` names them) first, and write the rows."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--out", default=str(default_out))
    ap.add_argument("--only", nargs="*", help="case function names to run (default: all)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--read", action="store_true",
                    help="also diagnose each live exception in its child (write --out elsewhere)")
    ap.add_argument("--crashes", action="store_true",
                    help="run only the cases expected to crash (a re-read of their safe_load runs)")
    ap.add_argument("--inprocess", action="store_true",
                    help="with --read: re-run crashed cases through safe_load(path) in-process")
    a = ap.parse_args()
    global READ, SAFE_MODE
    READ = a.read
    SAFE_MODE = "inprocess" if a.inprocess else "isolated"

    tv = subprocess.run([sys.executable, "-c", "import torch; print(torch.__version__)"],
                        capture_output=True, text=True, timeout=120).stdout.strip()
    cases = [f() for f in (CASES if cases is None else cases) if not a.only or f.__name__ in a.only]
    cases = [c for c in cases if not a.crashes or c.expect == "crash"]
    scratch = Path(tempfile.mkdtemp(prefix=scratch_prefix))
    t0 = time.time()
    log(f"torch {tv}; {len(cases)} cases; scratch {scratch}")
    rows: dict = {}
    extracted_before = set(glob.glob(EXTRACT_GLOB))
    try:
        with cf.ThreadPoolExecutor(max_workers=max(1, min(a.jobs, 2))) as pool:
            needed = {n for c in cases for n in c.needs}
            setups = {}
            for name, code in setup_programs:
                if name in needed:
                    setups[name] = pool.submit(run_setup, name, code, scratch)
            # independent cases first: they run while (or after) the setups build
            ordered = [c for c in cases if not c.needs] + [c for c in cases if c.needs]
            futs = [pool.submit(run_case, c, scratch, setups, tv, id_prefix, url_file)
                    for c in ordered]
            for fut in cf.as_completed(futs):
                case, row, msg = fut.result()
                log(f"[{case.fn}] {case.category:22s} {msg}")
                if row:
                    rows[case.fn] = row
    finally:
        if not a.keep:
            shutil.rmtree(scratch, ignore_errors=True)
        cleanup_extractions(extracted_before, stems)
    out = Path(a.out)
    with out.open("w") as f:
        for c in cases:
            if c.fn in rows:
                f.write(json.dumps(rows[c.fn]) + "\n")
    counts: dict = {}
    for r in rows.values():
        counts[r["category"]] = counts.get(r["category"], 0) + 1
    log(f"wrote {len(rows)}/{len(cases)} rows to {out} in {time.time() - t0:.0f}s")
    log(json.dumps(dict(sorted(counts.items())), indent=1))
    if READ and rows:
        top1, top3 = _scores(rows.values(), "object_reading")
        log(f"read from the live object (crashes: from their text): top-1 {top1:.3f}, top-3 {top3:.3f}"
            f" on {len(rows)} rows")
        top1, top3 = _scores(rows.values(), "call_reading")
        held = sum(r.get("call_reading_with") != "none" for r in rows.values())
        log(f"read as diagnose(exc, loaded_model, inputs of its call) where the case held a loaded"
            f" model ({held} rows; the others as above): top-1 {top1:.3f}, top-3 {top3:.3f}")
        crashed = [r for r in rows.values() if "safe_reading" in r]
        if crashed:
            top1, top3 = _scores(crashed, "safe_reading")
            text1, _ = _scores(crashed, "object_reading")
            how = "safe_load(path) in-process" if SAFE_MODE == "inprocess" else "safe_load(isolate=True)"
            log(f"the {len(crashed)} crashed cases re-run through {how}: top-1"
                f" {top1:.3f}, top-3 {top3:.3f} (their text alone: top-1 {text1:.3f}); errors: "
                + ", ".join(sorted(r["safe_error"] for r in crashed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
