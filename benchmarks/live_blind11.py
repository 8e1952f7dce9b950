"""An eleventh blind set of REAL AOTInductor failures (the compiled model inside a Python application), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (J), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind11.py [--out benchmarks/live_blind11.jsonl] [--keep]

Theme: the compiled model inside a Python application (threads and processes, autograd and
inference modes, interplay with torch.compile, debug and logging knobs and TORCHINDUCTOR_*
environment variables, the build environment seen from Python, and the data plumbing of an
application: Python scalars and lists, NumPy arrays, views and memory formats, quantized,
sparse and masked tensors, tensor subclasses, weights and outputs kept in memory). No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind9.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
class Cv(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 8, 3)
    def forward(self, x):
        return self.c(x)

class Outer(torch.nn.Module):
    def forward(self, x):
        return x.unsqueeze(-1) * torch.ones(256) + 1

def build(name, m, args, configs=None):
    try:
        ep = torch.export.export(m, args)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("lin11", M(), (torch.randn(2, 8),))
build("conv11", Cv(), (torch.randn(1, 3, 16, 16),))
build("outer11", Outer(), (torch.randn(64, 256),))
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin11", "conv11", "outer11", "calib11", "ranker11", "spmm11", "qin11", "dynq11",
         "tagged11", "steps11", "enc11", "dec11", "dbg11", "recfn11", "nocppw11", "cplx11",
         "frzbuf11", "ckpt11", "sub11", "thread11", "werr11", "fork11"}

# The C++ consumer helpers of earlier sets are not needed here: every case is Python.
PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# ---------------------------------------------------------------------------------- cases
def case_01():
    return _c("case_01", "disabled-helper-strict", "export_failure", "export", """
@torch.compiler.disable
def postprocess(h):
    # kept out of torch.compile graphs in the training service
    return h * 2
""" + LIN.replace("return torch.relu(self.lin(x)) * 2 + 1", "return postprocess(torch.relu(self.lin(x)))") + """
ep = torch.export.export(M(), (torch.randn(2, 8),), strict=True)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/strict11.pt2")
""", "forward calls a helper decorated with @torch.compiler.disable (to keep it out of "
       "torch.compile graphs in the training service); strict export traces with Dynamo, which "
       "refuses to call a compiler-disabled function.",
       "Remove the decorator for export (or export non-strict), or move the helper out of "
       "forward.", match=r"compiler\.disable")


def case_02():
    return _c("case_02", "leftover-break", "export_failure", "export", """
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(8, 8)
        self.head = torch.nn.Linear(8, 4)
    def forward(self, x):
        h = self.enc(x)
        torch._dynamo.graph_break()  # split the torch.compile graph here (profiling aid)
        return self.head(h.relu())
ep = torch.export.export(M(), (torch.randn(2, 8),), strict=True)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/break11.pt2")
""", "forward still holds a torch._dynamo.graph_break() that split the torch.compile graph "
       "while profiling; strict export needs one whole graph and stops at the forced break.",
       "Remove the graph_break() call before exporting (or export non-strict).",
       match=r"graph_break")


def case_03():
    return _c("case_03", "array-example", "export_failure", "export", """
import numpy as np
""" + LIN + """
batch = np.random.rand(2, 8).astype(np.float32)  # the feature pipeline yields NumPy arrays
ep = torch.export.export(M(), (batch,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/np11.pt2")
""", "The example batch handed to torch.export.export is the NumPy array the feature pipeline "
       "produced, not a tensor; export only takes tensors, scalars and registered pytree "
       "containers as inputs.", "Convert it first: torch.export.export(m, (torch.from_numpy(batch),)).",
       match=r"Unsupported input type")


def case_04():
    return _c("case_04", "served-example", "export_failure", "export", """
""" + LIN + """
model = M()
# the example batch is taken from the serving path, which runs under inference_mode
with torch.inference_mode():
    example = torch.randn(2, 8)
ep = torch.export.export(model, (example,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/infex11.pt2")
""", "The example input was created inside torch.inference_mode() (it comes from the serving "
       "path), so it is an inference tensor; export traces the model with autograd enabled and "
       "cannot save an inference tensor for backward.",
       "Create the example outside inference_mode, or pass example.clone() made outside it.",
       match=r"Inference tensors")


def case_05():
    return _c("case_05", "qint-example", "unsupported", "export", """
class Deq(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, q):
        return self.lin(q.dequantize())
# the upstream service sends quantized activations (quint8) to save bandwidth
q = torch.quantize_per_tensor(torch.randn(2, 8), 0.05, 128, torch.quint8)
ep = torch.export.export(Deq(), (q,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/qin11.pt2")
""", "The model's input is a quantized tensor (quint8 activations sent by the upstream "
       "service); export makes fake tensors of its inputs, and quantized tensors have no "
       "fake/meta implementation.",
       "Send the int8 values and the scale/zero-point as plain tensors and dequantize inside "
       "forward ((q.int_repr().float() - zp) * scale).", match=r"quantized")


def case_06():
    return _c("case_06", "eager-int8-linears", "unsupported", "export", """
""" + LIN + """
model = torch.ao.quantization.quantize_dynamic(M().eval(), {torch.nn.Linear}, dtype=torch.qint8)
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dynq11.pt2")
""", "The CPU service's model was made smaller with eager dynamic quantization "
       "(torch.ao.quantization.quantize_dynamic); its Linear layers hold packed-parameter "
       "TorchScript objects that export cannot fake or trace.",
       "Export the float model and quantize with the PT2E flow (prepare_pt2e/convert_pt2e), or "
       "keep the dynamically quantized model in eager mode.", match=r"PackedParams|__obj_flatten__")


def case_07():
    return _c("case_07", "request-tag-tensor", "unsupported", "compile", """
from torch.utils._pytree import tree_map_only
class Tagged(torch.Tensor):
    # a tensor that carries the id of the request it came from (request tracing)
    @staticmethod
    def __new__(cls, elem, tag):
        return torch.Tensor._make_wrapper_subclass(cls, elem.shape, dtype=elem.dtype, device=elem.device)
    def __init__(self, elem, tag):
        self.elem, self.tag = elem, tag
    def __tensor_flatten__(self):
        return ["elem"], self.tag
    @staticmethod
    def __tensor_unflatten__(inner, tag, outer_size, outer_stride):
        return Tagged(inner["elem"], tag)
    def __repr__(self):
        return "Tagged(%r, tag=%r)" % (self.elem, self.tag)
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        tags = [a.tag for a in args if isinstance(a, Tagged)]
        out = func(*tree_map_only(Tagged, lambda t: t.elem, args),
                   **tree_map_only(Tagged, lambda t: t.elem, kwargs or {}))
        return tree_map_only(torch.Tensor, lambda t: Tagged(t, tags[0]), out)
""" + LIN + """
x = Tagged(torch.randn(2, 8), "req-17")
ep = torch.export.export(M(), (x,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tagged11.pt2")
""", "The example input is the application's tensor subclass that carries a request id "
       "(a traceable wrapper subclass); export accepts it, but AOTInductor's lowering does not "
       "support traceable tensor subclasses.",
       "Export and call the package with the plain inner tensor (x.elem) and keep the request id "
       "outside the model.", match=r"traceable tensor subclass")


def case_08():
    return _c("case_08", "step-count-named", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Roll(torch.nn.Module):
    def forward(self, x, steps: int):
        return torch.roll(x, steps, dims=0) * 2
ep = torch.export.export(Roll(), (torch.randn(6, 4), 2),
                         dynamic_shapes={"x": None, "steps": Dim("steps", min=0, max=5)})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/steps11.pt2")
""", "The Python int argument steps is given a named Dim('steps', ...) to make it dynamic; "
       "export only lets integer inputs be dynamic through Dim.AUTO/Dim.DYNAMIC, not named Dims.",
       "Use Dim.DYNAMIC for the int (or pass it as a 0-d tensor).",
       match=r"integers as dynamic")


def case_09():
    return _c("case_09", "parallel-builds", "unsupported", "export", """
import concurrent.futures as cf
""" + LIN + """
class Dec(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x) * 2
def build(i):
    mod = M() if i == 0 else Dec()
    ep = torch.export.export(mod, (torch.randn(2, 8),))
    return torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/par%d.pt2" % i)
with cf.ThreadPoolExecutor(2) as pool:  # build the encoder and decoder packages in parallel
    pkgs = list(pool.map(build, range(2)))
""", "The build service exports two models at the same time in two threads of one process; "
       "torch.export (and the tracing state it uses) is process-global and not thread-safe, so "
       "the concurrent traces corrupt each other's state.",
       "Export one model at a time (a lock around export/compile), or use one process per build.",
       match=r"AssertionError")


def case_10():
    return _c("case_10", "compile-workers-auto", "compile_toolchain", "export", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/auto11.pt2")
""", "The job sets TORCHINDUCTOR_COMPILE_THREADS=auto (as other tools accept); Inductor reads "
       "the variable as an integer when its config module is imported, here by torch.export.",
       "Set TORCHINDUCTOR_COMPILE_THREADS to a number (or unset it to let Inductor decide).",
       env={"TORCHINDUCTOR_COMPILE_THREADS": "auto"}, match=r"invalid literal for int")


def case_11():
    return _c("case_11", "forkserver-workers", "compile_toolchain", "export", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fsrv11.pt2")
""", "The application uses the forkserver start method and sets "
       "TORCHINDUCTOR_WORKER_START=forkserver for Inductor's compile workers too; Inductor only "
       "knows subprocess, fork and spawn and rejects the value when its config is imported.",
       "Use TORCHINDUCTOR_WORKER_START=subprocess (the default), fork or spawn.",
       env={"TORCHINDUCTOR_WORKER_START": "forkserver"}, match=r"start method")


def case_12():
    return _c("case_12", "own-filelock-module", "unknown", "export", """
import os, sys
app = "{scratch}/service"
os.makedirs(app, exist_ok=True)
with open(os.path.join(app, "filelock.py"), "w") as f:
    f.write("import fcntl\\n"
            "def locked(path):\\n"
            "    f = open(path, 'a')\\n"
            "    fcntl.flock(f, fcntl.LOCK_EX)\\n"
            "    return f\\n")
sys.path.insert(0, app)  # the service's own directory comes first, as for a script run there
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lock11.pt2")
""", "The service's own directory, first on sys.path, holds a helper module named filelock.py; "
       "it shadows the filelock package that torch's compiler stack imports, so the import of "
       "FileLock fails.",
       "Rename the application's module (e.g. service_lock.py) so it does not shadow the "
       "filelock package.", match=r"cannot import name 'FileLock'")


def case_13():
    return _c("case_13", "release-dir-removed", "unknown", "export", """
import os
release = "{scratch}/releases/41"
os.makedirs(release)
os.chdir(release)           # the service runs from its release directory
os.rmdir(release)           # ... which the next deploy removes while it runs
os.rmdir("{scratch}/releases")
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cwd11.pt2")
""", "The process's working directory (its release folder) was deleted by a deploy while it "
       "ran; torch's compiler stack calls os.getcwd() (for its default debug directory) while "
       "being imported, which fails.",
       "chdir to a stable directory at start-up (or restart the service after a deploy).",
       match=r"getcwd|No such file or directory")


def case_14():
    return _c("case_14", "log-name", "unsupported", "load", """
m = torch._inductor.aoti_load_package("{lin11}")
y = m(torch.randn(2, 8))
""", "To see what the AOTI runtime does, the service is started with TORCH_LOGS=aoti; 'aoti' "
       "is not a registered log name, and torch rejects the setting when it is imported.",
       "Use registered names (TORCH_LOGS='inductor,output_code'; TORCH_LOGS='help' lists them).",
       needs=("j",), env={"TORCH_LOGS": "aoti"}, match=r"TORCH_LOGS")


def case_15():
    return _c("case_15", "log-file-folder", "unknown", "export", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/logs11.pt2")
""", "TORCH_LOGS_OUT sends the compile logs to a file in a logs/ folder that the deploy "
       "script creates later; torch opens the log file when it is imported.",
       "Create the folder before starting the process (or point TORCH_LOGS_OUT at an existing one).",
       env={"TORCH_LOGS": "output_code", "TORCH_LOGS_OUT": "{scratch}/logs/aoti.log"},
       match=r"No such file or directory")


def case_16():
    return _c("case_16", "pickled-program-cache", "torch_bug", "compile", """
import pickle
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
with open("{scratch}/export_cache.pkl", "wb") as f:   # memoise the slow export step
    pickle.dump(ep, f)
with open("{scratch}/export_cache.pkl", "rb") as f:
    ep = pickle.load(f)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache11.pt2")
""", "The build script memoises the exported program with pickle; pickling succeeds, but "
       "unpickling rebuilds the GraphModule with a tracer class whose constructor needs an "
       "argument the pickle path does not pass (an internal TypeError).",
       "Cache exported programs with torch.export.save/torch.export.load instead of pickle.",
       match=r"scope_root")


def case_17():
    return _c("case_17", "dynamo-export-recipe", "deprecated_api", "compile", """
""" + LIN + """
# recipe from the torch 2.0 era: torch._dynamo.export returns (graph_module, guards)
gm, guards = torch._dynamo.export(M(), torch.randn(2, 8))
pkg = torch._inductor.aoti_compile_and_package(gm, package_path="{scratch}/dyn11.pt2")
""", "The build follows a torch 2.0-era recipe: torch._dynamo.export(model, x) (the old "
       "calling convention) returns a GraphModule and guards, and that GraphModule is handed to "
       "aoti_compile_and_package, which takes only an ExportedProgram.",
       "Use torch.export.export(model, (x,)) and pass the ExportedProgram.",
       match=r"ExportedProgram")


def case_18():
    return _c("case_18", "dynamic-int-arg", "unsupported", "compile", """
from torch.export import Dim
class Scale(torch.nn.Module):
    def forward(self, x, n: int):
        return x * n
ep = torch.export.export(Scale(), (torch.randn(4), 3), dynamic_shapes={"x": None, "n": Dim.DYNAMIC})
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dint11.pt2")
""", "The Python int argument n is exported as dynamic (Dim.DYNAMIC), as the export error "
       "for a named Dim suggests; AOTInductor's compile takes only tensor inputs and turns the "
       "int into None, so lowering x * n fails.",
       "Pass n as a 0-d tensor input (torch.tensor(n)), or keep it static (one package per value).",
       match=r"got None")


def case_19():
    return _c("case_19", "venv-only-path", "compile_toolchain", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/path11.pt2")
""", "The service unit starts Python with PATH set to the virtualenv's bin folder only; "
       "Inductor looks up the C++ compiler (g++) on PATH and finds none.",
       "Keep /usr/bin on PATH (or set CXX to the compiler's absolute path).",
       env={"PATH": os.path.dirname(sys.executable)}, match=r"C\+\+ compiler")


def case_20():
    return _c("case_20", "autotune-env", "autotune_failure", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cutl11.pt2")
""", "The container's environment carries TORCHINDUCTOR_MAX_AUTOTUNE=1 and "
       "TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS=CUTLASS from the GPU jobs; for this CPU "
       "package no GEMM choice is left for the Linear layer.",
       "Unset the GPU autotuning variables for CPU builds (or include ATEN in the backends).",
       env={"TORCHINDUCTOR_MAX_AUTOTUNE": "1", "TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS": "CUTLASS"},
       match=r"NoValidChoicesError")


def case_21():
    return _c("case_21", "scoped-build-dir", "kernel_binary_missing", "load", """
import os, tempfile
""" + LIN + """
def build_package():
    with tempfile.TemporaryDirectory() as d:
        ep = torch.export.export(M(), (torch.randn(2, 8),))
        return torch._inductor.aoti_compile_and_package(ep, package_path=os.path.join(d, "ranker11.pt2"))
path = build_package()
m = torch._inductor.aoti_load_package(path)
""", "The helper builds the package inside a tempfile.TemporaryDirectory() block and returns "
       "its path; the directory and the package are deleted when the block exits, before "
       "the caller loads it.",
       "Write the package to a lasting location (or load it inside the with-block).",
       match=r"zip archive|file open failed")


def case_22():
    return _c("case_22", "runner-per-gpu", "unsupported", "load", """
from torch._inductor.package import load_package
n = torch.cuda.device_count()  # one runner per visible GPU, as on the GPU servers
m = load_package("{lin11}", num_runners=n)
y = m(torch.randn(2, 8))
""", "The service sizes its runner pool as one runner per visible GPU (copied from the GPU "
       "servers); on this CPU host that is 0, and a multi-threaded loader needs at least one "
       "runner.", "Use max(1, n) runners (num_runners counts concurrent model instances, not GPUs).",
       needs=("j",), match=r"num_runners")


def case_23():
    return _c("case_23", "text-mode-handle", "unknown", "load", """
with open("{lin11}") as f:   # opened like the service's config files
    m = torch._inductor.aoti_load_package(f)
y = m(torch.randn(2, 8))
""", "The package is opened in text mode (open(path) without 'b') and the file object is "
       "passed to aoti_load_package; reading the binary archive as UTF-8 text fails.",
       "Open the file in binary mode (open(path, 'rb')) or pass the path itself.",
       needs=("j",), match=r"UnicodeDecodeError|codec")


def case_24():
    return _c("case_24", "masked-features", "input_mismatch", "run", """
import warnings
from torch.masked import masked_tensor
warnings.simplefilter("ignore")
m = torch._inductor.aoti_load_package("{lin11}")
feats = torch.randn(2, 8)
present = torch.rand(2, 8) > 0.2          # missing features are masked out
y = m(masked_tensor(feats, present))
""", "Missing features are represented with a torch.masked MaskedTensor (a tensor subclass "
       "without storage of its own) and passed to the package, whose runner reads the data "
       "pointer of a plain dense tensor.",
       "Pass plain tensors: fill the missing values (feats.masked_fill(~present, 0)) and, if the "
       "model needs it, the mask as a second input.", needs=("j",), match=r"not allocated")


def case_25():
    return _c("case_25", "flipped-array", "unknown", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{lin11}")
raw = np.random.rand(2, 8).astype(np.float32)
feats = raw[:, ::-1]                  # the feature order is reversed with a NumPy slice
y = m(torch.from_numpy(feats))
""", "The features are reordered with a reversing NumPy slice (arr[:, ::-1]), a view with a "
       "negative stride, which torch.from_numpy cannot wrap.",
       "Copy the array first (np.ascontiguousarray(feats) or feats.copy()).",
       needs=("j",), match=r"negative")


def case_26():
    return _c("case_26", "json-rows", "input_mismatch", "run", """
import json
m = torch._inductor.aoti_load_package("{lin11}")
body = '{"rows": [[1, 0, 3, 2, 0, 0, 1, 5], [0, 2, 2, 0, 1, 0, 0, 1]]}'  # request payload
x = torch.tensor(json.loads(body)["rows"])
y = m(x)
""", "The request's feature rows arrive as JSON integers, and torch.tensor() of a list of "
       "Python ints is int64; the package was compiled for float32 features.",
       "Build the tensor with dtype=torch.float32 (torch.tensor(rows, dtype=torch.float32)).",
       needs=("j",), match=r"Long and Float")


def case_27():
    return _c("case_27", "coo-batch", "torch_bug", "run", """
class SpMM(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(8, 2))
    def forward(self, a):
        return torch.sparse.mm(a, self.w)
a = torch.randn(4, 8).relu().to_sparse()   # sparse bag-of-features batch
ep = torch.export.export(SpMM(), (a,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/spmm11.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(4, 8).relu().to_sparse())
""", "A sparse COO batch is the model's input; export and compile accept it (sparse.mm runs "
       "through the proxy executor), but at run time the proxy executor's argument "
       "serialisation does not match the sparse tensor and it aborts the call.",
       "Densify the batch before the call (a.to_dense()) and export with a dense input; report "
       "the proxy-executor mismatch upstream.", match=r"Mismatch between ints consumed")


def case_28():
    return _c("case_28", "teacher-targets", "unsupported", "run", """
teacher = torch._inductor.aoti_load_package("{lin11}")
student = torch.nn.Linear(8, 4)
opt = torch.optim.SGD(student.parameters(), lr=0.1)
x = torch.randn(2, 8)
with torch.inference_mode():          # the teacher is run as in serving
    target = teacher(x)
loss = torch.nn.functional.mse_loss(student(x), target)
loss.backward()
opt.step()
""", "In a distillation loop the compiled teacher runs under torch.inference_mode(), so its "
       "outputs are inference tensors; using them as targets in the student's loss needs them "
       "saved for backward, which autograd refuses.",
       "Run the teacher under torch.no_grad() instead, or clone its outputs before the loss.",
       needs=("j",), match=r"Inference tensors")


def case_29():
    return _c("case_29", "fast-layout-refresh", "constant_loading", "load", """
class Cv(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 8, 3)
    def forward(self, x):
        return self.c(x)
m = torch._inductor.aoti_load_package("{conv11}")
torch.manual_seed(1)
retrained = Cv().to(memory_format=torch.channels_last)   # the trainer uses channels_last
names = m.get_constant_fqns()
m.load_constants({k: v for k, v in retrained.state_dict().items() if k in names},
                 check_full_update=True)
x = torch.randn(1, 3, 16, 16)
torch.testing.assert_close(m(x), retrained(x))
""", "The retrained conv weight comes from a model converted to channels_last, so the tensor "
       "is a permuted (non-contiguous) layout; load_constants copies its memory as if it were "
       "contiguous, so the package convolves with scrambled weights.",
       "Pass contiguous weights: {k: v.contiguous() for k, v in state_dict.items()}.",
       needs=("j",), match=r"not close|Mismatched")


def case_30():
    return _c("case_30", "mapped-checkpoint", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{lin11}")
ckpt = "{scratch}/ranker_weights.pt"
torch.save({"lin.weight": torch.randn(4, 8)}, ckpt)
sd = torch.load(ckpt, mmap=True, weights_only=True)           # zero-copy weight refresh
m.load_constants(sd, check_full_update=True, user_managed=True)
y = m(torch.randn(2, 8))
open(ckpt, "wb").close()   # the trainer starts rewriting the checkpoint (truncate first)
y = m(torch.randn(2, 8))
""", "The weights are memory-mapped from the checkpoint (torch.load(mmap=True)) and handed to "
       "the package with user_managed=True, so the model reads the file's pages directly; the "
       "trainer truncates the file to rewrite it, and the next call touches pages that no "
       "longer exist (SIGBUS).",
       "Let load_constants copy the weights (user_managed=False), or write new checkpoints to a "
       "new file and rename it into place.", needs=("j",), expect="crash", match=r"Bus error")


def case_31():
    return _c("case_31", "kept-results", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{outer11}")
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 256 * 2**20, vm + 256 * 2**20))  # container limit
history = []
for step in range(1000):
    history.append(m(torch.randn(64, 256)))   # every result is kept for a later report
""", "Every 16 MiB result of the package is appended to a history list that is never trimmed; "
       "under the container's memory limit (256 MiB above the process's size) the package "
       "can no longer allocate its next output.",
       "Keep only what the report needs (a reduced copy, or a bounded deque), or write results "
       "out as they come.", needs=("j",), match=r"can't allocate memory")


# ------------------------------------------------------------- tried: did not fail (see TRIED)
def case_32():
    return _c("case_32", "profiler-ranges", "unsupported", "compile", """
class R(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        with torch.profiler.record_function("encoder"):
            h = self.lin(x)
        return h.relu()
ep = torch.export.export(R(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/recfn11.pt2")
m = torch._inductor.aoti_load_package(pkg)
with torch.profiler.profile():
    y = m(torch.randn(2, 8))
""", "forward carries torch.profiler.record_function ranges (profiling labels); the profiler "
       "ops were expected not to lower in the AOTI build.",
       "Keep record_function ranges outside the exported forward.")


def case_33():
    return _c("case_33", "python-wrapper-option", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/nocppw11.pt2", inductor_configs={"cpp_wrapper": False})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "inductor_configs copied from a torch.compile setup turn cpp_wrapper off; AOTI was "
       "expected to refuse a Python wrapper.", "Drop cpp_wrapper from AOTI configs.")


def case_34():
    return _c("case_34", "forked-worker", "crash", "run", """
import os
m = torch._inductor.aoti_load_package("{lin11}")
y = m(torch.randn(2, 8))
a = torch.randn(512, 512)
b = a @ a                                  # the parent has used its intra-op threads
pid = os.fork()
if pid == 0:
    out = m(torch.randn(2, 8))
    os._exit(0)
_, status = os.waitpid(pid, 0)
assert status == 0, status
""", "The model is loaded and used, then the process forks a worker that calls it; OpenMP "
       "state inherited across fork was expected to break the child.",
       "Load the package in each worker after the fork.", needs=("j",))


def case_35():
    return _c("case_35", "build-thread", "unsupported", "compile", """
import threading
""" + LIN + """
res = {}
def work():
    try:
        ep = torch.export.export(M(), (torch.randn(2, 8),))
        res["pkg"] = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/thread11.pt2")
    except BaseException as e:
        res["err"] = e
t = threading.Thread(target=work)
t.start(); t.join()
if "err" in res:
    raise res["err"]
m = torch._inductor.aoti_load_package(res["pkg"])
y = m(torch.randn(2, 8))
""", "One export and compile runs in a background thread (not the main thread); signal "
       "handling or thread-local state was expected to fail there.",
       "Compile in the main thread.")


def case_36():
    return _c("case_36", "compiled-submodule", "export_failure", "export", """
""" + LIN + """
class Outer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.block = torch.compile(M())
        self.head = torch.nn.Linear(4, 2)
    def forward(self, x):
        return self.head(self.block(x))
o = Outer()
o(torch.randn(2, 8))
ep = torch.export.export(o, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sub11.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A submodule was wrapped with torch.compile for training; export of the outer module was "
       "expected to refuse the OptimizedModule inside.", "Export the uncompiled module.")


def case_37():
    return _c("case_37", "activation-checkpoint", "export_failure", "export", """
from torch.utils.checkpoint import checkpoint
""" + LIN + """
class C(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.block = M()
        self.head = torch.nn.Linear(4, 2)
    def forward(self, x):
        return self.head(checkpoint(self.block, x, use_reentrant=False))
ep = torch.export.export(C(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ckpt11.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "forward keeps the activation checkpointing used in training; the checkpoint wrapper "
       "was expected not to export or compile.", "Call the block directly for export.")


def case_38():
    return _c("case_38", "frozen-counter", "unsupported", "compile", """
class C(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
        self.register_buffer("calls", torch.zeros(()))
    def forward(self, x):
        self.calls.add_(1)
        return self.lin(x)
with torch.no_grad():
    ep = torch.export.export(C(), (torch.randn(2, 8),))
    pkg = torch._inductor.aoti_compile_and_package(
        ep, package_path="{scratch}/frzbuf11.pt2", inductor_configs={"freezing": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A model that counts its calls in a buffer is compiled with freezing=True, which treats "
       "buffers as constants; the mutation was expected to be refused.",
       "Compile without freezing for stateful models.")


def case_39():
    return _c("case_39", "warnings-are-errors", "unknown", "compile", """
import warnings
warnings.simplefilter("error")          # the service runs with -W error
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/werr11.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "The application turns warnings into errors; a warning emitted during export, compile or "
       "load was expected to abort it.", "Filter torch's warnings.")


def case_40():
    return _c("case_40", "complex-signal", "unsupported", "run", """
class Cx(torch.nn.Module):
    def forward(self, z):
        return torch.view_as_real(z * 2).sum(-1)
z = torch.randn(4, 3, dtype=torch.complex64)
ep = torch.export.export(Cx(), (z,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cplx11.pt2")
m = torch._inductor.aoti_load_package(pkg)
zc = z.conj()                           # a lazily conjugated view
torch.testing.assert_close(m(zc), torch.view_as_real(zc.resolve_conj() * 2).sum(-1))
""", "A complex64 input (and then a lazily conjugated view of it) is passed to the package; "
       "complex inputs or the conjugate bit were expected to be mishandled.",
       "Pass resolve_conj() views, or real/imaginary parts.")


def case_41():
    return _c("case_41", "compile-debug-dir", "unknown", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dbg11.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "TORCH_COMPILE_DEBUG=1 is set for the AOTI build; writing the debug trace was expected to "
       "fail for AOT compilation.", "Unset TORCH_COMPILE_DEBUG.", env={"TORCH_COMPILE_DEBUG": "1"})


def case_42():
    return _c("case_42", "autocast-export", "numerical", "export", """
torch.manual_seed(0)
class Wd(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(64, 64)
        self.l2 = torch.nn.Linear(64, 8)
    def forward(self, x):
        return self.l2(torch.tanh(self.l1(x)))
model = Wd().eval()
with torch.autocast("cpu", dtype=torch.bfloat16):   # the app's inference context
    ep = torch.export.export(model, (torch.randn(4, 64),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/enc11.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(4, 64)
torch.testing.assert_close(m(x), model(x))
""", "The model is exported inside the application's bfloat16 autocast context; the package "
       "was expected to compute in bfloat16 and differ from the float32 model.",
       "Export outside autocast.")


# Tried in the trial run and did NOT fail (kept to rerun on another torch with --only; the
# torch version is in the notes): case_32 (record_function ranges in forward, run under the
# profiler), case_33 (cpp_wrapper=False in inductor_configs), case_34 (fork after loading and
# using the model; the child ran it), case_35 (export and compile in a non-main thread),
# case_36 (a torch.compile'd submodule inside the exported module), case_37 (non-reentrant
# activation checkpointing in forward), case_38 (freezing=True with a mutated buffer),
# case_39 (warnings turned into errors), case_40 (a complex64 input and a conj() view of it),
# case_41 (TORCH_COMPILE_DEBUG=1), case_42 (export under bfloat16 autocast: the package
# computed in float32 and matched).
TRIED = [case_32, case_33, case_34, case_35, case_36, case_37, case_38, case_39, case_40,
         case_41, case_42]


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27,
         case_28, case_29, case_30, case_31]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind11.jsonl",
        url_file="benchmarks/live_blind11.py", id_prefix="live11", stems=STEMS,
        scratch_prefix="live_blind11-", description=__doc__.splitlines()[0]))
