"""A ninth blind set of REAL AOTInductor failures (a compiled model's lifecycle in a team), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share (and one small C++ program built with g++ against the wheel's libtorch) are
built once, in one setup child (J), into a temporary directory. Cases that do not fail, or fail
another way than the label was given for, are reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind9.py [--out benchmarks/live_blind9.jsonl] [--keep]

Theme: the lifecycle of a compiled model in a team (building packages in CI with
inductor_configs, package options, several models in one package, cache directories,
environment variables and debug flags; upgrading torch; consuming packages from C++; managing
weights across versions; tooling that inspects, copies and re-packages packages). No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind7.py (their TRIED lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402
from live_blind import LIN, Case  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# The C++ consumer: loads a package with torch::inductor::AOTIModelPackageLoader and runs it.
CPP_MAIN = r'''
#include <iostream>
#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>
int main(int argc, char** argv) {
  c10::InferenceMode mode;
  torch::inductor::AOTIModelPackageLoader loader(argv[1]);
  std::vector<at::Tensor> inputs = {at::randn({2, 8})};
  std::vector<at::Tensor> outputs = loader.run(inputs);
  std::cout << outputs[0].sizes() << std::endl;
  return 0;
}
'''

# ------------------------------------------------------------------------------ shared models
SETUP_J = """
import json, os, subprocess, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class Rot(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        inv = 1.0 / (10000 ** (torch.arange(0, 8, 2).float() / 8))
        self.register_buffer("inv_freq", inv, persistent=False)
    def forward(self, x):
        ang = x[..., :4] * self.inv_freq
        return self.lin(x) + torch.cat([ang.sin(), ang.cos()], -1)

def build(name, m, args, configs=None):
    try:
        ep = torch.export.export(m, args)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"), inductor_configs=configs)
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("lin9", M(), (torch.randn(2, 8),))
build("rot9", Rot(), (torch.randn(2, 8),))
tdir = os.path.dirname(torch.__file__)
src = os.path.join(out, "runner.cpp")
with open(src, "w") as f:
    f.write(CPP_MAIN)
cmd = ["g++", "-std=c++20", "-O0", src, "-o", os.path.join(out, "runner9"),
       "-I" + tdir + "/include", "-I" + tdir + "/include/torch/csrc/api/include",
       "-D_GLIBCXX_USE_CXX11_ABI=1", "-L" + tdir + "/lib", "-ltorch", "-ltorch_cpu", "-lc10"]
r = subprocess.run(cmd, capture_output=True, text=True)
if r.returncode == 0:
    paths["runner9"] = os.path.join(out, "runner9")
    paths["cppsrc"] = src
    paths["tlib"] = tdir + "/lib"
else:
    print("BUILD FAILED runner9", r.stderr[-2000:], flush=True)
with open(os.path.join(out, "setup_j.json"), "w") as f:
    json.dump(paths, f)
""".replace("CPP_MAIN)", repr(CPP_MAIN) + ")")

STEMS = {"lin9", "rot9", "nosuffix9", "outdir9", "meta9", "prof9", "printer9", "mini9", "simd9",
         "arr9", "static9", "ckpt9", "model_card9", "stripped9", "nohidden9", "posarg9",
         "opath9", "multi9", "tower9", "ranker9", "epv9", "epv9c", "gm9", "tc9", "ybool9", "zip64_9",
         "signed9", "wrapped9", "vocab9", "jit9", "infm9", "prog9", "prog9c", "stale9", "wn9",
         "crlf9"}

PRE = "import torch\n"


_c = harness.case_makers("", PRE)[0]


# --------------------------------------------------------------------------------- helpers
def _prep_model_card(paths, scratch):
    """A release tool appends a MODEL_CARD.md at the top level of the archive (zip append)."""
    import shutil
    dst = scratch / "model_card9.pt2"
    shutil.copyfile(paths["lin9"], dst)
    return {"carded": str(dst)}


def _prep_nohidden(paths, scratch):
    """The package re-packed by a script that globs '*' and so skips hidden (dot) entries."""
    import zipfile
    dst = scratch / "nohidden9.pt2"
    with zipfile.ZipFile(paths["lin9"]) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            if any(part.startswith(".") for part in item.filename.split("/")):
                continue
            zout.writestr(item, zin.read(item.filename))
    return {"nohidden": str(dst)}


def _prep_crlf(paths, scratch):
    """The package moved through a text-mode (ASCII) transfer: every LF byte becomes CRLF."""
    dst = scratch / "crlf9.pt2"
    dst.write_bytes(Path(paths["lin9"]).read_bytes().replace(b"\n", b"\r\n"))
    return {"crlf": str(dst)}


def _prep_zip64(paths, scratch):
    """The package re-packed by an artifact tool that always writes ZIP64 entries."""
    import zipfile
    dst = scratch / "zip64_9.pt2"
    with zipfile.ZipFile(paths["lin9"]) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            info = zipfile.ZipInfo(item.filename, item.date_time)
            with zout.open(info, "w", force_zip64=True) as f:
                f.write(data)
    return {"zip64": str(dst)}


def _prep_signed(paths, scratch):
    """A signing step appends a 128 KiB detached-signature bundle to the end of the package."""
    import random
    dst = scratch / "signed9.pt2"
    rnd = random.Random(9)
    blob = b"-----BEGIN PKCS7-----\n" + bytes(rnd.getrandbits(8) for _ in range(128 * 1024))
    dst.write_bytes(Path(paths["lin9"]).read_bytes() + blob)
    return {"signed": str(dst)}


def _prep_header(paths, scratch):
    """The artifact store wraps the package in its own container: a 4 KiB header in front."""
    dst = scratch / "wrapped9.pt2"
    header = b"ARTIFACTv2\0" + b"\0" * (4096 - 11)
    dst.write_bytes(header + Path(paths["lin9"]).read_bytes())
    return {"wrapped": str(dst)}


# ---------------------------------------------------------------------------------- cases
def case_01():
    return _c("case_01", "artifact-name", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ranker-v3")
""", "The CI job names the artifact without an extension (ranker-v3); aoti_compile_and_package "
       "only writes packages whose path ends in .pt2.",
       "Name the package ranker-v3.pt2 (or pass a writable buffer).", match=r"\.pt2")


def case_02():
    return _c("case_02", "dist-folder", "unknown", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dist/v3/outdir9.pt2")
""", "The CI job writes the package into dist/v3/, a folder that the job never created, so the "
       "archive file cannot be opened for writing.",
       "Create the output folder first (os.makedirs(..., exist_ok=True)).", match=r"does not exist")


def case_03():
    return _c("case_03", "build-number", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/meta9.pt2",
    inductor_configs={"aot_inductor.metadata": {"git_sha": "3f2a9c1", "build": 1874}})
""", "The CI job stores its build number as an int in aot_inductor.metadata; package metadata "
       "holds string values only.", "Convert metadata values to strings (str(build)).", match=r"Metadata")


def case_04():
    return _c("case_04", "kernel-profile", "torch_bug", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/prof9.pt2", inductor_configs={"cpp.enable_kernel_profile": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A profiling build turns on cpp.enable_kernel_profile; the AOTI CPU code generated with it "
       "fails to build or run.", "Profile without cpp.enable_kernel_profile in the AOTI build "
       "(use torch.profiler on the loaded model) and report upstream.")


def case_05():
    return _c("case_05", "value-printer", "torch_bug", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/printer9.pt2",
    inductor_configs={"aot_inductor.debug_intermediate_value_printer": "2"})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A debug build turns on aot_inductor.debug_intermediate_value_printer for the CPU model; "
       "the generated debug-printing code fails.", "Debug without the intermediate value "
       "printer on CPU and report upstream.")


def case_06():
    return _c("case_06", "minifier-dump", "unknown", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/mini9.pt2", inductor_configs={"aot_inductor.dump_aoti_minifier": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "A CI job turns on aot_inductor.dump_aoti_minifier to keep a repro of any compile failure; the dump step was expected to fail on a healthy build.",
       "Leave the minifier dump off in routine builds.")


def case_07():
    return _c("case_07", "simd-width", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/simd9.pt2", inductor_configs={"cpp.simdlen": 1024})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "cpp.simdlen=1024 is copied from a config for another CPU; no vector ISA of that width exists here.",
       "Leave cpp.simdlen unset (auto-detected).")


def case_08():
    return _c("case_08", "minimal-arrayref", "unsupported", "compile", """
from torch.export import Dim
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(4, 8),), dynamic_shapes={"x": {0: Dim("b", min=1, max=64)}})
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/arr9.pt2",
    inductor_configs={"aot_inductor.use_minimal_arrayref_interface": True})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(6, 8))
""", "aot_inductor.use_minimal_arrayref_interface is set for a package with a dynamic batch; the minimal ArrayRef interface was expected to reject dynamic shapes.",
       "Use the minimal ArrayRef interface only for static-shape packages.")


def case_09():
    return _c("case_09", "static-link", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/static9.pt2", inductor_configs={"aot_inductor.dynamic_linkage": False})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "The build sets aot_inductor.dynamic_linkage=False (static linkage, meant for the "
       "standalone build) in a regular CPU package build; the generated wrapper then includes a "
       "header named after model_name_for_generated_files, which is unset, so it includes None.h.",
       "Keep the default dynamic linkage for packages loaded by aoti_load_package (static linkage "
       "only with compile_standalone and a model_name_for_generated_files).", match=r"None\.h")


def case_10():
    return _c("case_10", "graph-module-in", "deprecated_api", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
gm = ep.module()
pkg = torch._inductor.aoti_compile_and_package(gm, package_path="{scratch}/gm9.pt2")
""", "A recipe from the capture_pre_autograd_graph era compiles the exported GraphModule "
       "(ep.module()); aoti_compile_and_package takes the ExportedProgram itself.",
       "Pass the ExportedProgram returned by torch.export.export.", match=r"ExportedProgram")


def case_11():
    return _c("case_11", "newer-schema", "version_mismatch", "compile", """
import zipfile, json
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
# stage 1 of the pipeline (on the training image) saved the program; the file it left:
torch.export.save(ep, "{scratch}/epv9_src.pt2")
with zipfile.ZipFile("{scratch}/epv9_src.pt2") as zin, zipfile.ZipFile("{scratch}/epv9.pt2", "w") as zout:
    for item in zin.infolist():
        data = zin.read(item.filename)
        if item.filename.endswith("models/model.json"):
            d = json.loads(data)
            d["schema_version"]["major"] += 1
            data = json.dumps(d).encode()
        zout.writestr(item, data)
# stage 2 (the compile image, an older torch) loads and compiles it
ep2 = torch.export.load("{scratch}/epv9.pt2")
pkg = torch._inductor.aoti_compile_and_package(ep2, package_path="{scratch}/epv9c.pt2")
""", "The ExportedProgram was saved by a torch whose export schema has a newer major version "
       "(the training image was upgraded first) and is loaded by the compile image's older torch.",
       "Export and compile with the same torch release (or upgrade the compile image too).", match=r"deserializ")


def case_12():
    return _c("case_12", "multi-from-pt2", "unsupported", "compile", """
from torch._inductor.package import package_aoti
""" + LIN + """
class Tower(torch.nn.Module):
    def forward(self, x):
        return x.sum(-1)
a = torch._inductor.aoti_compile_and_package(torch.export.export(M(), (torch.randn(2, 8),)),
                                             package_path="{scratch}/ranker9.pt2")
b = torch._inductor.aoti_compile_and_package(torch.export.export(Tower(), (torch.randn(2, 8),)),
                                             package_path="{scratch}/tower9.pt2")
pkg = package_aoti("{scratch}/multi9.pt2", {"ranker": a, "tower": b})
m = torch._inductor.package.load_package(pkg, "ranker")
y = m(torch.randn(2, 8))
""", "Two finished .pt2 packages (the path strings returned by aoti_compile_and_package) are "
       "passed to package_aoti to merge them into one multi-model package; package_aoti expects "
       "each model's list of generated files, so it walks the path string character by character.",
       "Compile each model with torch._inductor.aot_compile(ep, options={'aot_inductor.package': "
       "True}) and pass those file lists to package_aoti.", match=r"not a valid file path")


def case_13():
    return _c("case_13", "cpp-loader-arity", "deprecated_api", "load", """
loader = torch._C._aoti.AOTIModelPackageLoader("{lin9}")
out = loader.run([torch.randn(2, 8)])
""", "Package-inspection tooling written for an older release constructs the internal "
       "AOTIModelPackageLoader with only the path; the binding now requires the model name, "
       "threading mode, runner count and device index.",
       "Use torch._inductor.aoti_load_package (or pass all constructor arguments).",
       needs=("j",), match=r"incompatible constructor")


def case_14():
    return _c("case_14", "path-positional", "deprecated_api", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
torch._inductor.aoti_compile_and_package(ep, "{scratch}/posarg9.pt2")
m = torch._inductor.aoti_load_package("{scratch}/posarg9.pt2")
""", "The package path is passed positionally (the pre-2.6 signature's slot for example args); "
       "it lands in the deprecated unused argument, the package is written to a temporary path "
       "instead, and loading the intended path finds nothing.",
       "Pass package_path=... as a keyword.", match=r"zip archive")


def case_15():
    return _c("case_15", "new-api-old-option", "deprecated_api", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/opath9.pt2",
    inductor_configs={"aot_inductor.output_path": "{scratch}/build/opath9.so"})
""", "The build was migrated to aoti_compile_and_package but kept the legacy "
       "aot_inductor.output_path option of the aot_compile era.",
       "Drop aot_inductor.output_path and use package_path only.", match=r"output_path")


def case_16():
    return _c("case_16", "non-persistent-buffer", "constant_loading", "load", """
class Rot(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        inv = 1.0 / (10000 ** (torch.arange(0, 8, 2).float() / 8))
        self.register_buffer("inv_freq", inv, persistent=False)
    def forward(self, x):
        ang = x[..., :4] * self.inv_freq
        return self.lin(x) + torch.cat([ang.sin(), ang.cos()], -1)
m = torch._inductor.aoti_load_package("{rot9}")
retrained = Rot()
m.load_constants(retrained.state_dict(), check_full_update=True)
""", "The weights refresh passes the retrained module's whole state_dict with a full-update "
       "check, but the package exposes only lin.weight as an updatable constant (the bias and "
       "the non-persistent inv_freq buffer were compiled into the code), so lin.bias is a name "
       "the package does not know.", "Build the map from m.get_constant_fqns() (filter the "
       "state_dict to those names).", needs=("j",), match=r"Constant not found")


def case_17():
    return _c("case_17", "legacy-ckpt-mmap", "deprecated_api", "load", """
""" + LIN + """
torch.save(M().state_dict(), "{scratch}/ckpt9_v1.pt", _use_new_zipfile_serialization=False)
m = torch._inductor.aoti_load_package("{lin9}")
sd = torch.load("{scratch}/ckpt9_v1.pt", mmap=True, weights_only=True)
m.load_constants(sd, check_full_update=True)
""", "The weights refresh memory-maps the checkpoint (torch.load(mmap=True)), but the "
       "checkpoint was written in the legacy (pre-1.6, non-zip) serialization format, which "
       "cannot be memory-mapped.", "Re-save the checkpoint in the current format (load without "
       "mmap once and torch.save it), then mmap.", needs=("j",), match=r"mmap")


def case_18():
    return _c("case_18", "torch-load-inspect", "unsupported", "load", """
obj = torch.load("{lin9}", weights_only=True)
print(type(obj))
""", "An inspection script opens the .pt2 package with torch.load to list its weights; an AOTI "
       "package is a PT2 archive, not a torch.save checkpoint.",
       "Inspect it with aoti_load_package(...).get_constant_fqns() / get_metadata(), or with "
       "zipfile.", needs=("j",), match=r"data\.pkl")


def case_19():
    return _c("case_19", "model-card", "kernel_binary_missing", "load", """
import zipfile
with zipfile.ZipFile("{carded}", "a") as z:
    z.writestr("MODEL_CARD.md", "# ranker v3\\nowner: search-ml\\n")
m = torch._inductor.aoti_load_package("{carded}")
y = m(torch.randn(2, 8))
""", "A release tool appends MODEL_CARD.md at the top level of the .pt2 (zip append); the extra member outside the archive folder was expected to confuse the loader.",
       "Ship model cards next to the package, not inside it.", needs=("j",), prepare=_prep_model_card)


def case_20():
    return _c("case_20", "stripped-release", "kernel_binary_missing", "load", """
import os, shutil, subprocess, zipfile
with zipfile.ZipFile("{lin9}") as zin, zipfile.ZipFile("{scratch}/stripped9.pt2", "w") as zout:
    for item in zin.infolist():
        data = zin.read(item.filename)
        if item.filename.endswith(".so"):
            tmp = "{scratch}/model.so"
            with open(tmp, "wb") as f:
                f.write(data)
            subprocess.run(["strip", "--strip-all", tmp], check=True)
            with open(tmp, "rb") as f:
                data = f.read()
        zout.writestr(item, data)
m = torch._inductor.aoti_load_package("{scratch}/stripped9.pt2")
y = m(torch.randn(2, 8))
""", "The release pipeline strips binaries (strip --strip-all) and strips the package's .so too; the stripped .so was expected to lose symbols the loader needs.",
       "Do not strip AOTI .so files.", needs=("j",))


def case_21():
    return _c("case_21", "glob-repack", "kernel_binary_missing", "load", """
m = torch._inductor.aoti_load_package("{nohidden}")
y = m(torch.randn(2, 8))
""", "The package was re-packed by a script that globs '*', which skips hidden entries, so the "
       "archive lost its .data/ members (version and serialization id).",
       "Re-pack with every member (zipfile over infolist(), or better: do not re-pack).",
       needs=("j",), prepare=_prep_nohidden)


def case_22():
    return _c("case_22", "ascii-transfer", "unknown", "load", """
m = torch._inductor.aoti_load_package("{crlf}")
y = m(torch.randn(2, 8))
""", "The package went through a text-mode (ASCII) transfer that turned every LF byte into "
       "CRLF, corrupting the binary archive.", "Transfer packages in binary mode and verify a "
       "checksum after copying.", needs=("j",), prepare=_prep_crlf, match=r"zip archive")


def case_23():
    return _c("case_23", "so-to-legacy", "unsupported", "load", """
import zipfile
with zipfile.ZipFile("{lin9}") as z:
    so = [n for n in z.namelist() if n.endswith(".so")][0]
    z.extract(so, "{scratch}/x")
run = torch._export.aot_load("{scratch}/x/" + so, "cpu")
y = run(torch.randn(2, 8))
""", "Tooling extracts the .so from the package and loads it with the legacy torch._export.aot_load; the package-built .so was expected not to load that way.",
       "Load the .pt2 with aoti_load_package.", needs=("j",))


def case_24():
    return _c("case_24", "omp-zero", "unknown", "run", """
m = torch._inductor.aoti_load_package("{lin9}")
y = m(torch.randn(2, 8))
""", "The service runs with OMP_NUM_THREADS=0 (an invalid value from a templated config); OpenMP was expected to reject it when the model runs.",
       "Set OMP_NUM_THREADS to a positive number.", needs=("j",), env={"OMP_NUM_THREADS": "0"})


def case_25():
    return _c("case_25", "compiled-wrapper", "export_failure", "export", """
""" + LIN + """
model = torch.compile(M())
y = model(torch.randn(2, 8))
ep = torch.export.export(model, (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tc9.pt2")
""", "The training script's torch.compile(model) wrapper (an OptimizedModule) is handed to torch.export; export was expected to reject the compiled wrapper.",
       "Export the original module (model._orig_mod).")


def case_26():
    return _c("case_26", "param-grad-swap", "constant_loading", "load", """
""" + LIN + """
m = torch._inductor.aoti_load_package("{lin9}")
new = M()
m.load_constants(dict(new.named_parameters()), check_full_update=True)
y = m(torch.randn(2, 8))
""", "The weights refresh passes dict(new.named_parameters()) with a full-update check; the package exposes only lin.weight as a constant, so lin.bias is an unknown name.",
       "Filter the map to m.get_constant_fqns().", needs=("j",))


def case_27():
    return _c("case_27", "cpp-old-libtorch", "version_mismatch", "run", """
import os, subprocess
old = "/tmp/ciclone/.venv-2.13/lib/python3.11/site-packages/torch/lib"
env = dict(os.environ, LD_LIBRARY_PATH=old)
r = subprocess.run(["{runner9}", "{lin9}"], capture_output=True, text=True, env=env)
if r.returncode != 0:
    raise RuntimeError("runner9 exited with status %d:\\n%s" % (r.returncode, r.stdout + r.stderr))
""", "The C++ service was built against torch 2.14.1's headers and libraries, but the "
       "serving image's LD_LIBRARY_PATH points to an older libtorch (2.13.0), which lacks "
       "symbols the binary needs.", "Ship the service with the libtorch it was built against "
       "(or rebuild it against the image's libtorch).", needs=("j",))


def case_28():
    return _c("case_28", "cpp-old-abi", "version_mismatch", "compile", """
import os, subprocess
tdir = os.path.dirname(torch.__file__)
cmd = ["g++", "-std=c++20", "-O0", "{cppsrc}", "-o", "{scratch}/runner_abi0",
       "-I" + tdir + "/include", "-I" + tdir + "/include/torch/csrc/api/include",
       "-D_GLIBCXX_USE_CXX11_ABI=0", "-L" + tdir + "/lib", "-ltorch", "-ltorch_cpu", "-lc10"]
r = subprocess.run(cmd, capture_output=True, text=True)
if r.returncode != 0:
    raise RuntimeError("g++ failed with status %d:\\n%s" % (r.returncode, r.stderr))
""", "The C++ service's build still passes -D_GLIBCXX_USE_CXX11_ABI=0 (needed for the old "
       "pre-cxx11-ABI libtorch), but the wheel's libtorch uses the new C++11 ABI, so the "
       "std::string signatures of AOTIModelPackageLoader do not link.",
       "Build with -D_GLIBCXX_USE_CXX11_ABI=1 (torch._C._GLIBCXX_USE_CXX11_ABI).",
       needs=("j",), match=r"undefined reference")


def case_29():
    return _c("case_29", "cpp-include-dirs", "compile_toolchain", "compile", """
import os, subprocess
tdir = os.path.dirname(torch.__file__)
with open("{scratch}/app.cpp", "w") as f:
    f.write("#include <torch/torch.h>\\n"
            "#include <torch/csrc/inductor/aoti_package/model_package_loader.h>\\n"
            "int main(int argc, char** argv) {\\n"
            "  torch::inductor::AOTIModelPackageLoader loader(argv[1]);\\n"
            "  std::cout << loader.run({torch::randn({2, 8})})[0] << std::endl;\\n}\\n")
cmd = ["g++", "-std=c++20", "{scratch}/app.cpp", "-o", "{scratch}/app", "-I" + tdir + "/include",
       "-L" + tdir + "/lib", "-ltorch", "-ltorch_cpu", "-lc10"]
r = subprocess.run(cmd, capture_output=True, text=True)
if r.returncode != 0:
    raise RuntimeError("g++ failed with status %d:\\n%s" % (r.returncode, r.stderr))
""", "The C++ app includes <torch/torch.h> (as in the C++ frontend tutorial), but the build "
       "adds only torch/include to the include path, not torch/include/torch/csrc/api/include "
       "where that header lives.", "Add -I<torch>/include/torch/csrc/api/include (or use "
       "CMake's find_package(Torch)).", match=r"No such file")


def case_30():
    return _c("case_30", "cpp-no-runtime-path", "compile_toolchain", "run", """
import os, subprocess
env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
r = subprocess.run(["{runner9}", "{lin9}"], capture_output=True, text=True, env=env)
if r.returncode != 0:
    raise RuntimeError("runner9 exited with status %d:\\n%s" % (r.returncode, r.stdout + r.stderr))
""", "The C++ service was linked with -L<torch>/lib but without an rpath, and is started "
       "without LD_LIBRARY_PATH, so the dynamic loader cannot find libtorch's shared libraries.",
       "Link with -Wl,-rpath,<torch>/lib or set LD_LIBRARY_PATH in the service environment.",
       needs=("j",), match=r"cannot open shared object")


def case_31():
    return _c("case_31", "zip64-repack", "unsupported", "load", """
m = torch._inductor.aoti_load_package("{zip64}")
y = m(torch.randn(2, 8))
""", "An artifact tool re-packs the package writing ZIP64 entries for every member; the loader's zip reader was expected to reject them.",
       "Re-pack without forcing ZIP64 (or do not re-pack).", needs=("j",), prepare=_prep_zip64)


def case_32():
    return _c("case_32", "yaml-bool", "unsupported", "compile", """
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/ybool9.pt2",
    inductor_configs={"aot_inductor.package_constants_in_so": "false"})
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "inductor_configs read from YAML carry the string 'false' for a boolean option (aot_inductor.package_constants_in_so); a type check was expected to reject it.",
       "Parse booleans before passing inductor_configs.")


def case_33():
    return _c("case_33", "signature-bundle", "unknown", "load", """
m = torch._inductor.aoti_load_package("{signed}")
y = m(torch.randn(2, 8))
""", "A signing step appends a 128 KiB detached-signature bundle to the end of the .pt2; the zip end-of-central-directory record is then farther from the end of the file than a zip reader searches, so the archive is not recognised.",
       "Keep signatures in a separate file (.pt2.sig) and leave the package bytes untouched.", needs=("j",), prepare=_prep_signed, match=r"zip archive")


def case_34():
    return _c("case_34", "store-header", "unknown", "load", """
m = torch._inductor.aoti_load_package("{wrapped}")
y = m(torch.randn(2, 8))
""", "The artifact store wraps the package in its own container, a 4 KiB header in front of the zip data; the loader reads the file as a zip from offset 0 and finds no valid header.",
       "Unwrap the artifact (download the raw package) before loading it.", needs=("j",), prepare=_prep_header, match=r"zip archive")


def case_35():
    return _c("case_35", "vocab-grew", "index_out_of_bounds", "run", """
class Enc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 8)
    def forward(self, ids):
        return self.emb(ids).sum(1)
ep = torch.export.export(Enc(), (torch.randint(0, 100, (2, 5)),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/vocab9.pt2")
m = torch._inductor.aoti_load_package(pkg)
ids = torch.tensor([[5, 17, 99, 104, 2], [1, 3, 3, 7, 103]])  # from the upgraded tokenizer
y = m(ids)
""", "The tokenizer was upgraded (new tokens appended past id 99) but the deployed package still "
       "has the old 100-row embedding table, so ids 103 and 104 index past its end.",
       "Rebuild and redeploy the package with the resized embedding whenever the tokenizer's "
       "vocabulary changes (and check max id < num_embeddings in the client).",
       match=r"out of bounds|index")


def case_36():
    return _c("case_36", "scripted-helper", "export_failure", "export", """
@torch.jit.script
def gelu_tanh(x: torch.Tensor) -> torch.Tensor:
    return 0.5 * x * (1.0 + torch.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
""" + LIN.replace("return torch.relu(self.lin(x)) * 2 + 1", "return gelu_tanh(self.lin(x))") + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/jit9.pt2")
""", "forward calls a @torch.jit.script helper kept from the TorchScript deployment; export was expected to refuse the ScriptFunction (in the -c child, scripting itself fails: no source).",
       "Call the plain Python function in forward.")


def case_37():
    return _c("case_37", "inference-mode-ci", "export_failure", "export", """
""" + LIN + """
with torch.inference_mode():
    ep = torch.export.export(M(), (torch.randn(2, 8),))
    pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/infm9.pt2")
    m = torch._inductor.aoti_load_package(pkg)
    y = m(torch.randn(2, 8))
""", "The whole CI script runs under torch.inference_mode(); export/compile was expected to fail on inference tensors.",
       "Export and compile outside inference_mode.")


def case_38():
    return _c("case_38", "unmapped-uid", "unknown", "compile", """
import os
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
os.environ.pop("TORCHINDUCTOR_CACHE_DIR", None)
os.environ.pop("USER", None)
os.environ.pop("LOGNAME", None)
os.environ.pop("USERNAME", None)
os.environ.pop("LNAME", None)
os.setgid(1000650000)
os.setuid(1000650000)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="/tmp/uid9-{pid}.pt2".format(pid=os.getpid()))
""", "The build runs as a UID with no passwd entry (a Kubernetes runAsUser) and no cache dir set; getpass.getuser() for the default cache directory was expected to fail.",
       "Set TORCHINDUCTOR_CACHE_DIR (and USER) in the job.")


def case_39():
    return _c("case_39", "cpp-std-flag", "compile_toolchain", "compile", """
import os, subprocess
tdir = os.path.dirname(torch.__file__)
cmd = ["g++", "-std=c++17", "-O0", "{cppsrc}", "-o", "{scratch}/runner17",
       "-I" + tdir + "/include", "-I" + tdir + "/include/torch/csrc/api/include",
       "-L" + tdir + "/lib", "-ltorch", "-ltorch_cpu", "-lc10"]
r = subprocess.run(cmd, capture_output=True, text=True)
if r.returncode != 0:
    raise RuntimeError("g++ failed with status %d:\\n%s" % (r.returncode, r.stderr))
""", "The C++ service's build still uses -std=c++17 (as CMake files for older libtorch "
       "releases did), but the upgraded libtorch headers require C++20.",
       "Build with -std=c++20 (CMAKE_CXX_STANDARD 20) as the new release requires.",
       needs=("j",), match=r"C\+\+20")


def case_40():
    return _c("case_40", "sparse-shipped-weights", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{lin9}")
torch.manual_seed(1)
w = torch.randn(4, 8)
w[w.abs() < 1.0] = 0.0  # magnitude-pruned by the compression team
torch.save({"lin.weight": w.to_sparse()}, "{scratch}/pruned9.pt")
sd = torch.load("{scratch}/pruned9.pt", weights_only=True)
m.load_constants(sd, check_full_update=True)
y = m(torch.randn(2, 8))
""", "The compression team ships the pruned weight as a sparse COO tensor (to_sparse()) and it is passed to load_constants, which copies it as if it were a dense strided tensor; the process dies with a segfault.",
       "Densify the weight (w.to_dense()) before load_constants.", needs=("j",), expect="crash")


def case_41():
    return _c("case_41", "slimmed-program", "constant_loading", "compile", """
import zipfile
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
torch.export.save(ep, "{scratch}/prog9_full.pt2")
# the artifact-slimming step drops the weight blobs (weights are 'fetched separately')
with zipfile.ZipFile("{scratch}/prog9_full.pt2") as zin, zipfile.ZipFile("{scratch}/prog9.pt2", "w") as zout:
    for item in zin.infolist():
        if "/data/weights/" in item.filename and not item.filename.endswith(".json"):
            continue
        zout.writestr(item, zin.read(item.filename))
ep2 = torch.export.load("{scratch}/prog9.pt2")
pkg = torch._inductor.aoti_compile_and_package(ep2, package_path="{scratch}/prog9c.pt2")
""", "An artifact-slimming step dropped the weight blobs from the saved ExportedProgram (weights to be fetched separately), so torch.export.load cannot restore the program's parameters for compiling.",
       "Keep the weights in the saved program (or load them back into the module and re-export before compiling).")


def case_42():
    return _c("case_42", "stale-program-weights", "constant_loading", "compile", """
""" + LIN + """
model = M()
ep = torch.export.export(model, (torch.randn(2, 8),))
# the fine-tuned weights arrive later; they are loaded into ep.module(), not into ep
torch.manual_seed(7)
tuned = M()
gm = ep.module()
gm.load_state_dict(tuned.state_dict())
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/stale9.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = torch.randn(2, 8)
torch.testing.assert_close(m(x), tuned(x))
""", "The fine-tuned weights are loaded into ep.module() (a copy made from the program) after "
       "export; the ExportedProgram keeps its own state_dict, so the package is compiled with the "
       "old weights and its outputs differ from the fine-tuned model.",
       "Load the weights into the nn.Module before torch.export.export (or swap them into the "
       "package with load_constants).", match=r"not close|Mismatched")


def case_43():
    return _c("case_43", "legacy-weight-norm", "export_failure", "export", """
class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.utils.weight_norm(torch.nn.Linear(8, 4))
    def forward(self, x):
        return torch.relu(self.proj(x))
ep = torch.export.export(Head().eval(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/wn9.pt2")
""", "The head still uses the deprecated hook-based torch.nn.utils.weight_norm, which recomputes weight in a forward pre-hook; export was expected to refuse the attribute assignment.",
       "Switch to torch.nn.utils.parametrizations.weight_norm or remove_weight_norm before export.")


def case_44():
    return _c("case_44", "streamed-package", "unsupported", "load", """
import os, threading
r, w = os.pipe()
data = open("{lin9}", "rb").read()
def feed():
    with os.fdopen(w, "wb") as f:
        f.write(data)
threading.Thread(target=feed, daemon=True).start()
stream = os.fdopen(r, "rb")  # like a download stream (S3 StreamingBody, an HTTP response)
m = torch._inductor.aoti_load_package(stream)
y = m(torch.randn(2, 8))
""", "The service streams the package straight from the artifact store (a pipe-like, non-seekable stream) into aoti_load_package; the package reader needs a seekable file.",
       "Download to a file (or an io.BytesIO) first, then load.", needs=("j",), match=r"seek")


CASES = [case_01, case_02, case_03, case_09, case_10, case_11, case_12, case_13, case_14,
         case_15, case_17, case_18, case_22, case_28, case_29, case_30, case_33, case_34,
         case_35, case_39, case_40, case_41, case_44]
# Failed in a trial but dropped (kept for reference, not run): case_16 and case_26 (a retrained
# module's whole state_dict / named_parameters() passed to load_constants with a full-update
# check: both fail with "Constant not found: lin.bias", the package exposing only lin.weight,
# which is the same fault as capture_cpu_logs.py's cpu-load-constants-extra-key), case_36 (the
# @torch.jit.script helper fails because a `-c` child has no source file for TorchScript to
# read, not for the planned reason), case_38 (after setuid to an unmapped UID the child could
# not write its traceback file, so nothing could be recorded).
DROPPED = [case_16, case_26, case_36, case_38]
# Tried on torch 2.14.1+cu130 in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_04 (cpp.enable_kernel_profile), case_05
# (debug_intermediate_value_printer='2'), case_06 (dump_aoti_minifier), case_07 (cpp.simdlen
# 1024), case_08 (minimal ArrayRef interface with a dynamic batch), case_25 (exporting the
# torch.compile wrapper), case_32 (the string 'false' for package_constants_in_so), case_37
# (export and compile under inference_mode): compiled, loaded and ran; case_19 (MODEL_CARD.md
# appended to the archive), case_20 (strip --strip-all on the .so), case_21 (hidden .data/
# entries dropped), case_31 (ZIP64 re-pack): loaded and ran; case_23 (the package's .so loaded
# with the legacy aot_load): loaded and ran; case_24 (OMP_NUM_THREADS=0): ran; case_27 (the
# C++ runner built against 2.14.1 run with LD_LIBRARY_PATH on torch 2.13.0's libraries): ran;
# case_42 (fine-tuned weights loaded into ep.module() after export: the module shares the
# program's tensors, so the package got the new weights), case_43 (the legacy hook-based weight_norm:
# exported and compiled).
TRIED = [case_04, case_05, case_06, case_07, case_08, case_19, case_20, case_21, case_23,
         case_24, case_25, case_27, case_31, case_32, case_37, case_42, case_43]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("j", SETUP_J),),
        default_out=ROOT / "benchmarks" / "live_blind9.jsonl",
        url_file="benchmarks/live_blind9.py", id_prefix="live9", stems=STEMS,
        scratch_prefix="live_blind9-", description=__doc__.splitlines()[0]))
