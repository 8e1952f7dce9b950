"""A thirty-sixth blind set of REAL AOTInductor failures (the package used from C++ and from other hosts than the Python that built it), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share, and one generic C++ runner program (compiled with g++ against the installed
torch's headers and libraries, parametrised by argv), are built once, in one setup child (R),
into a temporary directory. Cases that do not fail, or fail another way than the label was given
for, are reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind36.py [--out benchmarks/live_blind36.jsonl] [--keep]

Theme: the package used from C++ and from other hosts than the Python that built it
(`torch::inductor::AOTIModelPackageLoader`: its `run`, `load_constants`,
`update_constant_buffer`, model names, device index and runner arguments; tensors built by the
C++ caller with the wrong dtype, shape, strides or count, from_blob buffers, undefined tensors;
packages that are not loadable by the C++ loader; linking the C++ program; and the packaging
options that target C++ callers). A C++ program is run by the child with subprocess, as a
deployment script that shells out would: if it dies by a signal, the child writes the program's
stdout+stderr to its own stderr and kills itself with the same signal; if it exits non-zero, the
child raises RuntimeError with the program's stdout+stderr verbatim. Config names are
feature-detected (hasattr) where they are new. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind35.py (their TRIED
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

# The generic C++ consumer, built once in setup R:
#   runner36 PKG MODEL_NAME NUM_RUNNERS DEVICE_INDEX ACTION [ARGS...]
# ACTION run: ARGS are input specs kind:AxB (f32 f64 f16 i64 t=transposed grad blob=from_blob
# gone=from_blob of freed memory strided=from_blob with padded rows i32blob undef empty);
# const / update: NAME SPEC ... -- INPUTS (load_constants / update_constant_buffer, then run);
# meta / spec / fqns print get_metadata / get_call_spec / get_constant_fqns.
# RUNNER_CATCH=1: catch std::exception and print e.what() (exit 1); otherwise an exception is
# uncaught (std::terminate). RUNNER_FULL=1: check_full_update. RUNNER_NO_INFERENCE=1: no
# InferenceMode guard.
CPP_MAIN = r'''
#include <iostream>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>
static at::Tensor make(const std::string& spec, std::vector<std::unique_ptr<float[]>>& keep) {
  auto colon = spec.find(':');
  std::string kind = spec.substr(0, colon);
  std::vector<int64_t> shape;
  std::string rest = spec.substr(colon + 1);
  size_t p = 0;
  while (p < rest.size()) { size_t q = rest.find('x', p); if (q == std::string::npos) q = rest.size();
    shape.push_back(std::stoll(rest.substr(p, q - p))); p = q + 1; }
  int64_t n = 1; for (auto s : shape) n *= s;
  if (kind == "f32") return at::randn(shape);
  if (kind == "f64") return at::randn(shape, at::kDouble);
  if (kind == "f16") return at::randn(shape, at::kHalf);
  if (kind == "i64") return at::ones(shape, at::kLong);
  if (kind == "t") return at::randn({shape[1], shape[0]}).t();
  if (kind == "grad") return at::randn(shape).set_requires_grad(true);
  if (kind == "blob") { keep.emplace_back(new float[n]); for (int64_t i = 0; i < n; ++i) keep.back()[i] = 0.5f;
    return at::from_blob(keep.back().get(), shape); }
  if (kind == "gone") { std::unique_ptr<float[]> tmp(new float[n]); for (int64_t i = 0; i < n; ++i) tmp[i] = 0.5f;
    return at::from_blob(tmp.get(), shape); }
  if (kind == "strided") { keep.emplace_back(new float[shape[0] * (shape[1] + 4)]);
    return at::from_blob(keep.back().get(), shape, {shape[1] + 4, 1}); }
  if (kind == "i32blob") { static std::vector<int32_t> v; v.assign(n, 1); return at::from_blob(v.data(), shape, at::kInt); }
  if (kind == "undef") return at::Tensor();
  if (kind == "empty") return at::empty(shape);
  throw std::runtime_error("bad spec " + spec);
}
int main(int argc, char** argv) {
  bool catch_it = std::getenv("RUNNER_CATCH") != nullptr;
  auto body = [&]() -> int {
    std::string action = argv[5];
    std::unique_ptr<c10::InferenceMode> mode;
    if (!std::getenv("RUNNER_NO_INFERENCE")) mode.reset(new c10::InferenceMode());
    torch::inductor::AOTIModelPackageLoader loader(argv[1], argv[2], false, std::stoul(argv[3]),
                                                   (c10::DeviceIndex)std::stoi(argv[4]));
    std::vector<std::unique_ptr<float[]>> keep;
    if (action == "meta") { for (auto& kv : loader.get_metadata()) std::cout << kv.first << "=" << kv.second << "\n"; return 0; }
    if (action == "spec") { for (auto& s : loader.get_call_spec()) std::cout << s << "\n"; return 0; }
    if (action == "fqns") { for (auto& s : loader.get_constant_fqns()) std::cout << s << "\n"; return 0; }
    int i = 6;
    if (action == "const" || action == "update") {
      std::unordered_map<std::string, at::Tensor> m;
      for (; i < argc && std::string(argv[i]) != "--"; i += 2) m[argv[i]] = make(argv[i + 1], keep);
      ++i;
      bool full = std::getenv("RUNNER_FULL") != nullptr;
      if (action == "const") loader.load_constants(m, false, full);
      else loader.update_constant_buffer(m, false, full);
    }
    std::vector<at::Tensor> inputs;
    for (; i < argc; ++i) inputs.push_back(make(argv[i], keep));
    std::vector<at::Tensor> outs = loader.run(inputs);
    for (auto& o : outs) std::cout << o.sizes() << " " << o.dtype() << " sum=" << o.sum().item<double>() << "\n";
    if (std::getenv("RUNNER_EXPECT_FINITE")) for (auto& o : outs) if (!o.isfinite().all().item<bool>()) {
      std::cerr << "non-finite output" << std::endl; return 3; }
    return 0;
  };
  if (!catch_it) return body();
  try { return body(); } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << std::endl; return 1; }
}
'''

# A second, older-style consumer: the .so container runner of the legacy flow.
CPP_SO = r'''
#include <iostream>
#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <torch/csrc/inductor/aoti_runner/model_container_runner_cpu.h>
int main(int argc, char** argv) {
  c10::InferenceMode mode;
  torch::inductor::AOTIModelContainerRunnerCpu runner(argv[1]);
  std::vector<at::Tensor> outputs = runner.run({at::randn({2, 8})});
  std::cout << outputs[0].sizes() << std::endl;
  return 0;
}
'''

# ------------------------------------------------------------------------------ shared models
BUILD = """
def build(name, m, args, kwargs=None, dynamic_shapes=None, configs=None):
    try:
        ep = torch.export.export(m, args, kwargs, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)
"""

SETUP_R = """
import json, os, subprocess, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
CPP_MAIN = %r
CPP_SO = %r
""" % (CPP_MAIN, CPP_SO) + LIN + BUILD + """
class Tagger(torch.nn.Module):
    # token ids and dense features
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 4)
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, ids):
        return self.lin(x) + self.emb(ids)

class Scaled(torch.nn.Module):
    # a float hyper-parameter passed at call time
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x, scale: float):
        return self.lin(x) * scale

@torch.library.custom_op("lb36::shift", mutates_args=())
def shift(x: torch.Tensor) -> torch.Tensor:
    return x + 1
@shift.register_fake
def _(x):
    return torch.empty_like(x)

class Shifted(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.ops.lb36.shift(self.lin(x))

build("lin36", M(), (torch.randn(2, 8),))  # first after manual_seed(0)
build("dyn36", M(), (torch.randn(4, 8),), dynamic_shapes=({0: Dim("batch", min=2, max=64)},))
build("two36", Tagger(), (torch.randn(2, 8), torch.tensor([1, 2])))
build("scale36", Scaled(), (torch.randn(2, 8), 2.0))
build("noconst36", M(), (torch.randn(2, 8),), configs={"aot_inductor.package_constants_in_so": False})
build("cop36", Shifted(), (torch.randn(2, 8),))
if hasattr(torch._inductor.config.aot_inductor, "package_cpp_only"):
    build("cpponly36", M(), (torch.randn(2, 8),), configs={"aot_inductor.package_cpp_only": True})
if hasattr(torch._inductor.config.aot_inductor, "package_constants_on_disk_format"):
    build("disk36", M(), (torch.randn(2, 8),),
          configs={"aot_inductor.package_constants_in_so": False,
                   "aot_inductor.package_constants_on_disk_format": "pickle_weights"})
try:
    paths["prog36"] = os.path.join(out, "prog36.pt2")
    torch.export.save(torch.export.export(M(), (torch.randn(2, 8),)), paths["prog36"])
except Exception as e:
    print("BUILD FAILED prog36", repr(e)[:300], flush=True)

tdir = os.path.dirname(torch.__file__)
paths["tinc"] = tdir + "/include"
paths["tlib"] = tdir + "/lib"
for stem, code in (("runner36", CPP_MAIN), ("sorunner36", CPP_SO)):
    src = os.path.join(out, stem + ".cpp")
    with open(src, "w") as f:
        f.write(code)
    obj = os.path.join(out, stem + ".o")
    cc = ["g++", "-std=c++20", "-O0", "-c", src, "-o", obj, "-I" + tdir + "/include",
          "-I" + tdir + "/include/torch/csrc/api/include", "-D_GLIBCXX_USE_CXX11_ABI=1"]
    ld = ["g++", obj, "-o", os.path.join(out, stem), "-L" + tdir + "/lib", "-Wl,-rpath," + tdir + "/lib",
          "-ltorch", "-ltorch_cpu", "-lc10"]
    r = subprocess.run(cc, capture_output=True, text=True)
    if r.returncode == 0:
        r = subprocess.run(ld, capture_output=True, text=True)
    if r.returncode == 0:
        paths[stem] = os.path.join(out, stem)
        paths[stem + "_o"] = obj
        paths[stem + "_src"] = src
    else:
        print("BUILD FAILED", stem, r.stderr[-2000:], flush=True)
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin36", "dyn36", "two36", "scale36", "noconst36", "cop36", "cpponly36", "disk36",
         "prog36", "meta36", "sa36", "sl36", "ranker", "uz36", "st36", "co36", "ci36", "nc36", "link36", "plain36", "rt36", "pc36"}

PRE = "import torch\n"

# Shelling out to the C++ program, as a deployment script does.
SH = """
import os, signal, subprocess, sys
def cpp(args, **env):
    e = dict(os.environ)
    e.update(env)
    p = subprocess.run([str(a) for a in args], capture_output=True, text=True, errors="replace",
                       env=e, timeout=180)
    text = p.stdout + p.stderr
    if p.returncode < 0:                     # died by a signal: die the same way
        sys.stderr.write(text)
        sys.stderr.flush()
        signal.signal(-p.returncode, signal.SIG_DFL)
        os.kill(os.getpid(), -p.returncode)
    if p.returncode:
        raise RuntimeError("%s exited with status %d:\\n%s" % (os.path.basename(str(args[0])),
                                                              p.returncode, text))
    return text
"""

CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}


_c = harness.case_makers("", PRE)[0]


def _cpp(fn, slug, cat, phase, body, cause, fix, **kw):
    kw.setdefault("needs", ("r",))
    return Case(fn, slug, cat, phase, kw.pop("api", "cpp_package_loader"), PRE + SH + body, cause,
                fix, **kw)


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------ inputs built by the C++ caller
def case_01():
    return _cpp("case_01", "cpp-double-features", "input_mismatch", "run", """
# the C++ feature extractor produces doubles (at::kDouble) for the float32 package
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "f64:2x8"], RUNNER_CATCH="1"))
""", "The C++ caller builds the input with at::kDouble, but the package was compiled for float32 "
       "inputs; the generated input check rejects the dtype.",
       "Build the input as float32 (at::randn(..., at::kFloat) or .to(at::kFloat)) as exported.",
       env=CHECK, match=r"dtype|Float|Double")


def case_02():
    return _cpp("case_02", "cpp-half-features-uncaught", "input_mismatch", "run", """
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "f16:2x8"]))
""", "The C++ caller passes a float16 tensor to a package compiled for float32 inputs; the input "
       "check throws and the uncaught c10::Error terminates the program.",
       "Convert the input to float32 before loader.run (and catch c10::Error in the service).",
       env=CHECK, expect="crash", match=r"terminate|dtype|Half")


def case_03():
    return _cpp("case_03", "cpp-transposed-input", "input_mismatch", "run", """
# the caller's matrix is stored feature-major and passed as .t() without a copy
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "t:2x8"], RUNNER_CATCH="1"))
""", "The C++ caller passes a transposed (non-contiguous) view; the package was compiled for "
       "contiguous (2, 8) strides and its input check rejects the strides.",
       "Call .contiguous() on the tensor before loader.run.",
       env=CHECK, match=r"stride")


def case_04():
    return _cpp("case_04", "cpp-padded-from-blob", "input_mismatch", "run", """
# the C++ buffer has 4 floats of padding per row, wrapped with at::from_blob(ptr, sizes, strides)
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "strided:2x8"]))
""", "The C++ caller wraps a row-padded buffer with at::from_blob and explicit strides (12, 1); "
       "the package expects contiguous (8, 1) strides, the input check throws and the uncaught "
       "error terminates the program.",
       "Copy the padded buffer into a contiguous tensor (.contiguous() / .clone()) before run.",
       env=CHECK, expect="crash", match=r"stride")


def case_05():
    return _cpp("case_05", "cpp-extra-input", "input_mismatch", "run", """
# the caller also passes the attention mask it passes to the other model
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "f32:2x8", "f32:2x8"],
          RUNNER_CATCH="1"))
""", "The C++ caller passes two input tensors to a package compiled for one input.",
       "Pass exactly the inputs of the exported forward (see get_call_spec()).",
       match=r"input|size|expected")


def case_06():
    return _cpp("case_06", "cpp-empty-input-vector", "input_mismatch", "run", """
# the input vector is built in a loop that was skipped: loader.run({})
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run"]))
""", "The C++ caller calls loader.run with an empty input vector for a one-input package.",
       "Fill the input vector with the model's inputs before run.",
       expect="crash", match=r".")


def case_07():
    return _cpp("case_07", "cpp-swapped-inputs", "input_mismatch", "run", """
# forward(x, ids), but the C++ caller pushes ids first
print(cpp(["{runner36}", "{two36}", "model", 1, -1, "run", "i64:2", "f32:2x8"],
          RUNNER_CATCH="1"))
""", "The C++ caller pushes the inputs in the wrong order (ids before the features); the input "
       "check rejects the first input.",
       "Push inputs in the order of forward's parameters (get_call_spec() shows the structure).",
       env=CHECK, match=r"input_handles|dtype|size")


def case_08():
    return _cpp("case_08", "cpp-int32-token-ids", "input_mismatch", "run", """
# token ids come from the tokenizer as std::vector<int32_t>, wrapped with from_blob(kInt)
print(cpp(["{runner36}", "{two36}", "model", 1, -1, "run", "f32:2x8", "i32blob:2"],
          RUNNER_CATCH="1"))
""", "The C++ caller wraps int32 token ids (at::kInt) for a package exported with int64 ids; the "
       "input check rejects the dtype.",
       "Convert the ids to int64 (.to(at::kLong)) or export with int32 ids.",
       env=CHECK, match=r"dtype|Int|Long")


def case_09():
    return _cpp("case_09", "cpp-scale-as-tensor", "input_mismatch", "run", """
# forward(x, scale: float); the C++ caller passes the scale as a one-element tensor
print(cpp(["{runner36}", "{scale36}", "model", 1, -1, "run", "f32:2x8", "f32:1"],
          RUNNER_CATCH="1"))
""", "The float argument scale was specialised to a constant at export, so the package takes "
       "one input; the C++ caller passes it as a second tensor.",
       "Pass only x (scale is baked in), or export scale as a tensor input.",
       match=r".")


def case_10():
    return _cpp("case_10", "cpp-undefined-tensor", "input_mismatch", "run", """
# an optional input left default-constructed (at::Tensor()) in the vector
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "undef:1"]))
""", "The C++ caller passes a default-constructed (undefined) at::Tensor as the input.",
       "Pass a defined tensor of the exported shape and dtype.",
       expect="crash", match=r".")


def case_11():
    return _cpp("case_11", "cpp-wrong-feature-width", "input_mismatch", "run", """
# the C++ feature extractor of the previous model version emits 6 features
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "f32:2x6"], RUNNER_CATCH="1"))
""", "The C++ caller passes 6 features per row to a package compiled for 8.",
       "Produce the 8 features the model was exported with.",
       env=CHECK, match=r"size|shape|input_handles")


def case_12():
    return _cpp("case_12", "cpp-batch-above-max", "dynamic_shape_guard", "run", """
# the C++ batcher accumulates 100 requests; the package's batch Dim has max=64
print(cpp(["{runner36}", "{dyn36}", "model", 1, -1, "run", "f32:100x8"], RUNNER_CATCH="1"))
""", "The package's batch dimension was exported with Dim(min=2, max=64); the C++ batcher "
       "passes 100 rows, above the declared maximum.",
       "Cap the batcher at 64 rows, or re-export with a larger max.",
       env=CHECK, match=r"dim value|too large|64")


def case_13():
    return _cpp("case_13", "cpp-single-request", "dynamic_shape_guard", "run", """
# a single request (batch 1); the batch Dim was declared with min=2
print(cpp(["{runner36}", "{dyn36}", "model", 1, -1, "run", "f32:1x8"]))
""", "The package's batch dimension was exported with Dim(min=2); the C++ service sends a "
       "single-row batch and the uncaught input-check error terminates it.",
       "Export with min=1 (the example batch must still be >= 2) or pad single requests.",
       env=CHECK, expect="crash", match=r"too small|dim value|2")


def case_14():
    return _cpp("case_14", "cpp-empty-batch", "dynamic_shape_guard", "run", """
# the queue was empty: the C++ batcher still calls the model with 0 rows
print(cpp(["{runner36}", "{dyn36}", "model", 1, -1, "run", "empty:0x8"], RUNNER_CATCH="1"))
""", "The C++ batcher calls the model with an empty batch (0 rows), below the batch Dim's "
       "minimum of 2.",
       "Skip the call for empty batches.",
       env=CHECK, match=r"too small|dim value|0")


# ------------------------------------------------------------ loading from C++
def case_15():
    return _cpp("case_15", "cpp-model-name-file-stem", "kernel_binary_missing", "load", """
# the C++ service passes the file stem as the model name
print(cpp(["{runner36}", "{lin36}", "lin36", 1, -1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The loader is given model_name 'lin36' (the file stem), but the package stores its model "
       "under the default name 'model', so no model files are found under that name.",
       "Pass the name the package was built with ('model' unless a dict of programs was packaged).",
       match=r".")


def case_16():
    return _cpp("case_16", "cpp-package-parent-dir", "kernel_binary_missing", "load", """
# the service's config points at the model directory instead of the .pt2 in it
print(cpp(["{runner36}", os.path.dirname("{lin36}"), "model", 1, -1, "run", "f32:2x8"],
          RUNNER_CATCH="1"))
""", "The loader is given the directory holding the .pt2 files instead of a package (or an "
       "unpacked package), so it finds no model inside.",
       "Pass the path of the .pt2 file itself.",
       match=r".")


def case_17():
    return _cpp("case_17", "cpp-unzipped-package", "kernel_binary_missing", "load", """
import zipfile
# the deployment unzips the package into a folder and points the service at the folder
zipfile.ZipFile("{lin36}").extractall("{scratch}/unz")
print(cpp(["{runner36}", "{scratch}/unz/lin36", "model", 1, -1, "run", "f32:2x8"],
          RUNNER_CATCH="1"))
""", "The package was unzipped and the loader given the archive's top folder one level "
       "too deep or without the layout it expects, so it finds no model files.",
       "Pass the .pt2 file (or the folder that holds data/aotinductor/ of the unpacked package).",
       match=r".")


def case_18():
    return _cpp("case_18", "cpp-exported-program-file", "kernel_binary_missing", "load", """
# the training job ships torch.export.save's model.pt2; the C++ service loads it as a package
print(cpp(["{runner36}", "{prog36}", "model", 1, -1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The .pt2 given to the C++ loader is an ExportedProgram written by torch.export.save; it "
       "holds no compiled model library.",
       "Compile it with torch._inductor.aoti_compile_and_package and ship that .pt2.",
       match=r".")


def case_19():
    return _cpp("case_19", "cpp-sources-only-package", "kernel_binary_missing", "load", """
# the package was built with aot_inductor.package_cpp_only=True for the C++ team
print(cpp(["{runner36}", "{cpponly36}", "model", 1, -1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The package was built with aot_inductor.package_cpp_only=True, so it holds C++ sources "
       "and no compiled .so for AOTIModelPackageLoader to load.",
       "Build the sources with the package's CMakeLists first, or package without "
       "package_cpp_only for the loader.",
       match=r".")


def case_20():
    return _cpp("case_20", "cpp-device-index", "device_mismatch", "load", """
# the C++ service pins each replica to an accelerator index; this host runs the CPU package
print(cpp(["{runner36}", "{lin36}", "model", 1, 1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The C++ loader is given device_index 1 for a CPU package (a replica index meant for GPU "
       "hosts).",
       "Pass device_index -1 for CPU packages.",
       match=r".")


def case_21():
    return _cpp("case_21", "cpp-python-custom-op", "unsupported", "run", """
# the model calls a custom op defined with torch.library.custom_op in the Python build script
print(cpp(["{runner36}", "{cop36}", "model", 1, -1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The package calls lb36::shift, a custom op defined only in Python; the C++ process never "
       "registers it, so the proxy executor cannot find its schema.",
       "Implement and register the op in C++ (TORCH_LIBRARY) and link it into the C++ service.",
       match=r"schema|lb36")


def case_22():
    return _cpp("case_22", "cpp-zero-runners", "input_mismatch", "load", """
# the runner count comes from a config field that is 0 when unset
print(cpp(["{runner36}", "{lin36}", "model", 0, -1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The C++ loader is constructed with num_runners=0.",
       "Pass num_runners >= 1.", match=r".")


# ------------------------------------------------------------ weights from C++
def case_23():
    return _cpp("case_23", "cpp-run-without-weights", "constant_loading", "run", """
# the package was built with package_constants_in_so=False; the service never loads weights
print(cpp(["{runner36}", "{noconst36}", "model", 1, -1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The package holds no weights (package_constants_in_so=False) and the C++ service runs it "
       "without calling load_constants first.",
       "Call loader.load_constants(map, false, true) with every constant before run.",
       expect="crash", match=r"Segmentation fault")


def case_24():
    return _cpp("case_24", "cpp-weights-short-names", "constant_loading", "load", """
# the C++ weight loader names the tensors 'weight' / 'bias' (the names in its own file format)
print(cpp(["{runner36}", "{noconst36}", "model", 1, -1, "const", "weight", "f32:4x8",
           "bias", "f32:4", "--", "f32:2x8"], RUNNER_CATCH="1", RUNNER_FULL="1"))
""", "The weights are passed to load_constants under 'weight'/'bias' instead of the package's "
       "names 'lin.weight'/'lin.bias'.",
       "Use the names from get_constant_fqns().", match=r".")


def case_25():
    return _cpp("case_25", "cpp-weights-transposed", "constant_loading", "load", """
# the C++ side stores the weight matrix as (in, out), the PyTorch layout is (out, in)
print(cpp(["{runner36}", "{noconst36}", "model", 1, -1, "const", "lin.weight", "f32:8x4",
           "--", "f32:2x8"], RUNNER_CATCH="1", RUNNER_FULL="1"))
""", "The weight (the package's only constant, get_constant_fqns() == ['lin.weight']) is passed "
       "to load_constants with shape (8, 4) instead of the compiled (4, 8).",
       "Pass the weight in PyTorch's (out_features, in_features) layout.", match=r".")


def case_26():
    return _cpp("case_26", "cpp-weights-double", "constant_loading", "run", """
# the C++ weight loader reads the checkpoint as doubles
print(cpp(["{runner36}", "{noconst36}", "model", 1, -1, "const", "lin.weight", "f64:4x8",
           "--", "f32:2x8"], RUNNER_CATCH="1", RUNNER_FULL="1"))
""", "The weight (the package's only constant, lin.weight) is passed to load_constants as a "
       "float64 tensor for a float32 package; load_constants does not check the dtype and the "
       "model's kernels read the double buffer as floats and crash the C++ process.",
       "Convert the weights to float32 (.to(at::kFloat)) before load_constants.",
       expect="crash", match=r"Segmentation fault")


def case_27():
    return _cpp("case_27", "cpp-update-by-fqn", "constant_loading", "load", """
# a hot weight swap through update_constant_buffer, keyed by the FQNs from get_constant_fqns()
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "update", "lin.weight", "f32:4x8",
           "--", "f32:2x8"], RUNNER_CATCH="1", RUNNER_FULL="1"))
""", "update_constant_buffer is given the map keyed by the constant's FQN (lin.weight), but it "
       "looks constants up by the model's internal names (lin_weight), so the full-update check "
       "finds none of them.",
       "Use loader.load_constants (which maps FQNs to internal names), or key the map by the "
       "internal constant names.",
       match=r".")


def case_28():
    return _cpp("case_28", "cpp-pickled-weights-package", "constant_loading", "run", """
# weights stored next to the code with package_constants_on_disk_format='pickle_weights'
print(cpp(["{runner36}", "{disk36}", "model", 1, -1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The package keeps its weights on disk in pickle format (package_constants_in_so=False, "
       "package_constants_on_disk_format='pickle_weights'); the C++ loader does not load them, so "
       "the model runs without constants.",
       "Load the weights in C++ with load_constants, or build with the weights in the .so for C++ "
       "callers.", expect="crash", match=r"Segmentation fault")


def case_29():
    return _cpp("case_29", "cpp-weights-need-grad", "constant_loading", "load", """
# the weights are fresh tensors built with requires_grad (copied from a training tool)
print(cpp(["{runner36}", "{noconst36}", "model", 1, -1, "const", "lin.weight", "grad:4x8",
           "--", "f32:2x8"], RUNNER_CATCH="1", RUNNER_FULL="1",
          RUNNER_NO_INFERENCE="1"))
""", "The weights passed to load_constants require grad.",
       "Detach the weights before load_constants.", match=r".")


# ------------------------------------------------------------ building the C++ program
def case_30():
    return _cpp("case_30", "link-without-torch-cpu", "compile_toolchain", "compile", """
# the service's Makefile links -ltorch -lc10 only (libtorch_cpu was "pulled in by libtorch")
r = subprocess.run(["g++", "{runner36_o}", "-o", "{scratch}/link36", "-L{tlib}",
                    "-Wl,-rpath,{tlib}", "-ltorch", "-lc10"], capture_output=True, text=True)
if r.returncode:
    raise RuntimeError("g++ failed with status %d:\\n%s" % (r.returncode, r.stderr))
""", "The C++ program is linked with -ltorch -lc10 but not -ltorch_cpu, where "
       "AOTIModelPackageLoader and the ATen functions it calls are defined.",
       "Link -ltorch -ltorch_cpu -lc10 (or use find_package(Torch) and TORCH_LIBRARIES).",
       match=r"undefined reference")


def case_31():
    return _cpp("case_31", "link-with-gcc-driver", "compile_toolchain", "compile", """
# the build links with the C driver (CC=gcc) instead of the C++ one
r = subprocess.run(["gcc", "{runner36_o}", "-o", "{scratch}/plain36", "-L{tlib}",
                    "-Wl,-rpath,{tlib}", "-ltorch", "-ltorch_cpu", "-lc10"],
                   capture_output=True, text=True)
if r.returncode:
    raise RuntimeError("gcc failed with status %d:\\n%s" % (r.returncode, r.stderr))
""", "The C++ program is linked with gcc, which does not link libstdc++, so the C++ standard "
       "library symbols are undefined.",
       "Link with g++ (or add -lstdc++).", match=r"undefined reference")


def case_32():
    return _cpp("case_32", "legacy-runner-on-pt2", "deprecated_api", "load", """
# the older C++ service still uses the .so container runner and is given the new .pt2
print(cpp(["{sorunner36}", "{lin36}"], RUNNER_CATCH="1"))
""", "The C++ service uses the legacy AOTIModelContainerRunnerCpu, which dlopens a bare .so, and "
       "is given a .pt2 package (a zip archive).",
       "Load .pt2 packages with torch::inductor::AOTIModelPackageLoader.",
       expect="crash", match=r".")


def case_33():
    return _cpp("case_33", "link-static-order", "compile_toolchain", "compile", """
# the libraries are listed before the object file, with --as-needed (the distro default)
r = subprocess.run(["g++", "-Wl,--as-needed", "-L{tlib}", "-ltorch", "-ltorch_cpu", "-lc10",
                    "{runner36_o}", "-o", "{scratch}/rt36"], capture_output=True, text=True)
if r.returncode:
    raise RuntimeError("g++ failed with status %d:\\n%s" % (r.returncode, r.stderr))
""", "The libraries are placed before the object file on the link line with --as-needed, so the "
       "linker drops them before it sees the references.",
       "Put -ltorch -ltorch_cpu -lc10 after the object files.", match=r"undefined reference")


# ------------------------------------------------------------ Python-side packaging for C++
def case_34():
    return _c("case_34", "constants-on-disk-flag", "version_mismatch", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
# the option as spelled in the C++ deployment guide the team follows
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/pc36.pt2",
    inductor_configs={"aot_inductor.package_constants_on_disk": True,
                      "aot_inductor.package_constants_in_so": False})
""", "aot_inductor.package_constants_on_disk is an option name this torch release does not "
       "have (it has package_constants_on_disk_format).",
       "Feature-detect the option (hasattr(torch._inductor.config.aot_inductor, ...)) and use "
       "package_constants_on_disk_format on this release.", match=r".")


def case_35():
    return _c("case_35", "metadata-int-value", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
# metadata for the C++ service's get_metadata(): the model version as a number
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/meta36.pt2",
    inductor_configs={"aot_inductor.metadata": {"model_version": 3, "owner": "ranking"}})
m = torch._inductor.aoti_load_package(pkg)
print(m.get_metadata())
""", "aot_inductor.metadata is given an int value; package metadata is a string-to-string map "
       "(what get_metadata() returns to C++), so it is rejected.",
       "Pass metadata values as strings (\"3\").", match=r".")


def case_36():
    return _c("case_36", "static-linkage-package", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
opts = {}
if hasattr(torch._inductor.config.aot_inductor, "dynamic_linkage"):
    opts["aot_inductor.dynamic_linkage"] = False   # "static" build for the C++ host
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/st36.pt2",
                                               inductor_configs=opts)
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.randn(2, 8)))
""", "aot_inductor.dynamic_linkage=False is set for a 'static' C++ deployment.",
       "Keep dynamic_linkage=True for packages loaded by AOTIModelPackageLoader.", match=r".")


def case_37():
    return _c("case_37", "python-load-unzipped-folder", "kernel_binary_missing", "load", """
import zipfile
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/uz36.pt2")
zipfile.ZipFile(pkg).extractall("{scratch}/uz36")   # what the C++ deployment unpacks
m = torch._inductor.aoti_load_package("{scratch}/uz36")
print(m(torch.randn(2, 8)))
""", "aoti_load_package is given the folder the package was unzipped into instead of the .pt2.",
       "Pass the .pt2 file.", match=r".")


def case_38():
    return _c("case_38", "python-cpp-only-and-weights-off", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
opts = {"aot_inductor.package_constants_in_so": False}
if hasattr(torch._inductor.config.aot_inductor, "package_cpp_only"):
    opts["aot_inductor.package_cpp_only"] = True
if hasattr(torch._inductor.config.aot_inductor, "embed_kernel_binary"):
    opts["aot_inductor.embed_kernel_binary"] = True
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/co36.pt2",
                                               inductor_configs=opts)
import zipfile
names = zipfile.ZipFile(pkg).namelist()
assert any(n.endswith(".cpp") for n in names) and any("weight" in n or n.endswith(".pt") or "constants" in n for n in names), names
""", "package_cpp_only with package_constants_in_so=False and no on-disk format: the C++-only "
       "package carries no weights.",
       "Also set package_constants_on_disk_format, or keep package_constants_in_so=True.",
       match=r".")


def case_39():
    return _cpp("case_39", "cpp-freed-from-blob", "input_mismatch", "run", """
# the request buffer is a local std::unique_ptr released before loader.run
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "gone:2x8"], RUNNER_EXPECT_FINITE="1"))
""", "The input wraps with at::from_blob a buffer freed before the model runs.",
       "Keep the buffer alive until run returns, or clone() the from_blob tensor.", match=r".")


def case_40():
    return _cpp("case_40", "cpp-grad-input-no-inference-mode", "input_mismatch", "run", """
print(cpp(["{runner36}", "{lin36}", "model", 1, -1, "run", "grad:2x8"], RUNNER_NO_INFERENCE="1"))
""", "The input requires grad and the C++ caller has no InferenceMode guard.",
       "Detach the inputs (or run under c10::InferenceMode).", match=r".")


def case_41():
    return _c("case_41", "package-path-dot-so", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
# the C++ team asked for "a shared library they can dlopen"
so = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ranker.so")
""", "aoti_compile_and_package is asked to write its output to a .so path; it only writes .pt2 "
       "package archives.",
       "Write a .pt2 and load it in C++ with AOTIModelPackageLoader.", match=r"pt2")


def case_42():
    return _c("case_42", "standalone-cpp-only-build", "unsupported", "compile", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
opts = {}
if hasattr(torch._inductor.config, "aot_inductor_mode") and hasattr(
        torch._inductor.config.aot_inductor_mode, "compile_standalone"):
    opts["aot_inductor_mode.compile_standalone"] = True     # libtorch-free C++ host
if hasattr(torch._inductor.config.aot_inductor, "package_cpp_only"):
    opts["aot_inductor.package_cpp_only"] = True
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sa36.pt2",
                                               inductor_configs=opts)
import zipfile
print(zipfile.ZipFile(pkg).namelist())
""", "A libtorch-free standalone build (compile_standalone with package_cpp_only) is requested "
       "without model_name_for_generated_files.",
       "Set aot_inductor.model_name_for_generated_files for standalone builds.", match=r".")


def case_43():
    return _c("case_43", "python-so-runner-on-pt2", "deprecated_api", "load", """
# the Python test harness of the C++ service uses the binding of the .so container runner
runner = torch._C._aoti.AOTIModelContainerRunnerCpu("{lin36}", 1)
print(runner.run([torch.randn(2, 8)]))
""", "The .so container runner of the legacy flow (AOTIModelContainerRunnerCpu) is given a .pt2 "
       "package, which it tries to dlopen as a shared library.",
       "Load .pt2 packages with aoti_load_package / AOTIModelPackageLoader.", needs=("r",),
       match=r"ELF|dlopen")


def case_44():
    return _c("case_44", "python-device-index-zero", "device_mismatch", "load", """
# the serving wrapper always passes the replica's device index (0 on single-device hosts)
m = torch._inductor.aoti_load_package("{lin36}", device_index=0)
print(m(torch.randn(2, 8)))
""", "aoti_load_package is given device_index=0 for a CPU package.",
       "Pass device_index=-1 (the default) for CPU packages.", needs=("r",), match=r".")


def case_45():
    return _cpp("case_45", "cpp-standalone-package", "unsupported", "load", """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
ep = torch.export.export(Net(), (torch.randn(2, 8),))
opts = {}
if hasattr(torch._inductor.config, "aot_inductor_mode") and hasattr(
        torch._inductor.config.aot_inductor_mode, "compile_standalone"):
    opts["aot_inductor_mode.compile_standalone"] = True
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sl36.pt2",
                                               inductor_configs=opts)
print(cpp(["{runner36}", pkg, "model", 1, -1, "run", "f32:2x8"], RUNNER_CATCH="1"))
""", "The package was built with compile_standalone (libtorch-free) but is loaded with "
       "libtorch's AOTIModelPackageLoader.",
       "Build without compile_standalone for AOTIModelPackageLoader, or build the standalone "
       "sources into the libtorch-free host.", match=r".")


NET = """
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.lin(x)
"""

# the build host's Python (another torch release) writes the package the serving host loads
OTHER_BUILD = """
import subprocess
OTHER = "/tmp/v214/bin/python3"   # the CI image's interpreter (torch 2.14.1)
build = "import sys, torch\\n" + NET_SRC + (
    "ep = torch.export.export(Net(), (torch.randn(2, 8),))\\n"
    "torch._inductor.aoti_compile_and_package(ep, package_path=sys.argv[1])\\n"
    "print(torch.__version__)\\n")
b = subprocess.run([OTHER, "-c", build, "{scratch}/ci36.pt2"], capture_output=True, text=True,
                   env=dict(os.environ, TORCHINDUCTOR_CACHE_DIR="{scratch}/ci_cache"))
assert b.returncode == 0, b.stderr[-2000:]
print("built with torch", b.stdout.strip())
"""
NET_SRC = "NET_SRC = %r\n" % NET


def case_46():
    return _c("case_46", "newer-ci-package-python-host", "version_mismatch", "load", """
import os
""" + NET_SRC + OTHER_BUILD + """
m = torch._inductor.aoti_load_package("{scratch}/ci36.pt2")
print(m(torch.randn(2, 8)))
""", "The package was built by the CI image's torch 2.14.1 and is loaded by the serving host's "
       "torch 2.13.0.",
       "Build the package with the same torch release as the serving host.", match=r".")


def case_47():
    return _cpp("case_47", "newer-ci-package-cpp-host", "version_mismatch", "load",
                NET_SRC + OTHER_BUILD + """
print(cpp(["{runner36}", "{scratch}/ci36.pt2", "model", 1, -1, "run", "f32:2x8"],
          RUNNER_CATCH="1"))
""", "The package was built by the CI image's torch 2.14.1 and is loaded by a C++ service "
       "linked against torch 2.13.0.",
       "Build the package with the torch release the C++ service links against.", match=r".")


def case_48():
    return _c("case_48", "cpp-only-package-no-compiler-host", "compile_toolchain", "load", """
import os
""" + NET + """
ep = torch.export.export(Net(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/nc36.pt2", inductor_configs={"aot_inductor.package_cpp_only": True})
os.environ["PATH"] = "/usr/local/sbin:/sbin"        # the slim serving image: no compiler
m = torch._inductor.aoti_load_package(pkg)
print(m(torch.randn(2, 8)))
""", "The package holds only C++ sources (package_cpp_only=True), so loading it compiles them, "
       "but the serving host has no C++ compiler on PATH.",
       "Ship a package with the compiled .so (no package_cpp_only) to hosts without a compiler.",
       match=r".")


def case_49():
    return _cpp("case_49", "cpp-only-package-no-compiler-cpp", "compile_toolchain", "load", """
# the slim C++ serving image has no compiler on PATH
print(cpp(["{runner36}", "{cpponly36}", "model", 1, -1, "run", "f32:2x8"], RUNNER_CATCH="1",
          PATH="/usr/local/sbin:/sbin"))
""", "The package holds only C++ sources (package_cpp_only=True); the C++ loader compiles them at "
       "load time, but the serving host has no C++ compiler on PATH.",
       "Ship a package with the compiled .so (no package_cpp_only) to hosts without a compiler.",
       match=r".")


CASES = [case_01, case_04, case_05, case_07, case_08, case_10, case_11, case_12, case_14, case_15,
         case_18, case_21, case_23, case_24, case_26, case_27, case_28, case_30, case_32, case_49,
         case_34, case_35, case_41, case_43, case_44, case_48]

# Failed in the trial but left out: case_02 (float16 input, uncaught: the same input check as
# case_01), case_03 (a transposed view: the stride check, as case_04 and the Python-side
# transposed inputs of earlier sets), case_06 (an empty input vector) and case_09 (a specialised
# float passed as a tensor): the same "expected inputs vector size" check as case_05, case_13 (a
# single-row batch below the Dim minimum, uncaught: same check family as case_12/case_14),
# case_16 (the directory holding the .pt2 files: the same "Failed to find a generated cpp file or
# so file" message as case_15/case_18), case_20 (device_index 1 from C++: the same
# "Incorrect device passed to aoti_runner_cpu" as case_44), case_31 (linked with gcc: a generic
# C++ link mistake, and the set has more C++ than Python cases), case_33 (libraries before the
# object with --as-needed: the same undefined references as case_30), case_22 (num_runners=0:
# repeats live_blind11's num_runners=0 from Python, same message), case_36
# (aot_inductor.dynamic_linkage=False: repeats live_blind9 case_09, "None.h"), case_45 (a
# compile_standalone package loaded by the C++ loader: compiled at load, then "undefined symbol:
# AOTInductorModelContainerCreateWithDevice"; repeats live_blind4's compile_standalone package
# loaded with aoti_load_package), case_47 (a package built by torch 2.14.1 loaded by the C++
# runner linked against 2.13.0: failed with "Error in dlopen: libtorch.so: cannot open shared
# object file", which points at the runner's link line (libtorch.so dropped by --as-needed) as
# much as at the version, so the root cause was not established).
DROPPED = [case_02, case_03, case_06, case_09, case_13, case_16, case_20, case_22, case_31,
           case_33, case_36, case_45, case_47]
# Tried on torch 2.13.0+cpu in the trial runs and did NOT fail, so left out of CASES: case_17
# (the package unzipped and its top folder given to the C++ loader: loaded from the directory and
# ran), case_19 (a package_cpp_only package given to the C++ loader: it compiled the sources at
# load and ran), case_25 (lin.weight given as (8, 4) to load_constants with the full-update
# check: accepted, ran with wrong values, no error), case_29 (lin.weight requiring grad, without
# InferenceMode: loaded and ran), case_37 (aoti_load_package on the unzipped folder: ran),
# case_38 (package_cpp_only with package_constants_in_so=False: packaged), case_39 (a from_blob
# input whose buffer was freed: ran, finite output), case_40 (an input requiring grad, no
# InferenceMode: ran), case_42 (compile_standalone with package_cpp_only, no
# model_name_for_generated_files: packaged), case_46 (a package built by torch 2.14.1 in
# /tmp/v214 loaded by torch 2.13.0's aoti_load_package: loaded and ran). Note: case_25/26/29
# were first written with lin.bias in the map too; the trial showed the package's only constant
# is lin.weight ("Constant not found: lin.bias"), so they pass lin.weight alone.
TRIED = [case_17, case_19, case_25, case_29, case_37, case_38, case_39, case_40, case_42, case_46]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind36.jsonl",
        url_file="benchmarks/live_blind36.py", id_prefix="live36", stems=STEMS,
        scratch_prefix="live_blind36-", description=__doc__.splitlines()[0]))
