"""A sixth blind set of REAL AOTInductor failures: serving and deployment (new triggers).

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in one setup child (K), into a temporary directory. Cases
that do not fail, or fail another way than the label was given for, are reported and skipped;
nothing is fabricated.

    /path/to/python benchmarks/live_blind6.py [--out benchmarks/live_blind6.jsonl] [--keep]

Theme: how packages are stored, copied and loaded, how serving pipelines prepare inputs, weights
swapped at serving time, device requests on a host without a GPU, environment and resource
limits, outputs consumed downstream. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind5.py (their TRIED
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
SETUP_K = """
import json, os, torch
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class Pos(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = torch.nn.Embedding(50, 8)
        self.pos = torch.nn.Embedding(16, 8)
    def forward(self, ids, start):
        p = start + torch.arange(ids.shape[1])
        return self.tok(ids) + self.pos(p)

class Norm(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
    def forward(self, img):
        return (img - self.mean) / self.std

class Enc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(50, 8)
    def forward(self, input_ids, attention_mask):
        return (self.emb(input_ids) * attention_mask.unsqueeze(-1)).sum(1)

class Big(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(1024, 1024)
    def forward(self, x):
        return self.lin(x)

class Soft(torch.nn.Module):
    def forward(self, x):
        e = torch.exp(x - x.amax(-1, keepdim=True))
        return e / e.sum(-1, keepdim=True)

class Prior(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("prior", torch.tensor([0.5, 0.3, 0.2]))
    def forward(self, x):
        return x.softmax(-1) * self.prior, self.prior

def build(name, m, args, kwargs=None, dynamic_shapes=None):
    try:
        ep = torch.export.export(m, args, kwargs, dynamic_shapes=dynamic_shapes)
        paths[name] = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(out, name + ".pt2"))
    except Exception as e:
        print("BUILD FAILED", name, repr(e)[:300], flush=True)

build("lin6", M(), (torch.randn(2, 8),))
build("pos6", Pos(), (torch.randint(0, 50, (1, 4)), torch.tensor(0)))
build("img6", Norm(), (torch.rand(1, 3, 8, 8),))
build("enc6", Enc(), (), {"input_ids": torch.randint(0, 50, (2, 6)),
                          "attention_mask": torch.ones(2, 6, dtype=torch.int64)})
build("big6", Big(), (torch.randn(2, 1024),))
build("soft6", Soft(), (torch.randn(4, 1000),))
build("prior6", Prior(), (torch.randn(2, 3),))
try:
    paths["so6"] = torch._export.aot_compile(M(), (torch.randn(2, 8),))
except Exception as e:
    print("BUILD FAILED so6", repr(e)[:300], flush=True)
with open(os.path.join(out, "setup_k.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin6", "pos6", "img6", "enc6", "big6", "soft6", "prior6", "lfs6", "half6", "inc6",
         "space6", "lin6_copy", "cc6"}


# --------------------------------------------------------------------------------- helpers
def _prep_lfs(paths, scratch):
    """What a `git clone` without git-lfs leaves in place of the package: the LFS pointer."""
    import hashlib
    data = Path(paths["lin6"]).read_bytes()
    dst = scratch / "lfs6.pt2"
    dst.write_text("version https://git-lfs.github.com/spec/v1\n"
                   f"oid sha256:{hashlib.sha256(data).hexdigest()}\nsize {len(data)}\n")
    return {"lfs": str(dst)}


def _prep_redeploy(paths, scratch):
    """The legacy .so copied to a serving folder, and the model .so of another (newer) build
    extracted from its package, as a deploy job would ship it."""
    import shutil
    import zipfile
    live = scratch / "serving" / "model.so"
    live.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(paths["so6"], live)
    with zipfile.ZipFile(paths["big6"]) as z:
        name = [n for n in z.namelist() if n.endswith(".so")][0]
        new = scratch / "new_model.so"
        new.write_bytes(z.read(name))
    return {"live_so": str(live), "new_so": str(new)}


# ---------------------------------------------------------------------------------- cases
def case_01():
    return Case("case_01", "tokenizer-extras", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{enc6}")
enc = {"input_ids": torch.randint(0, 50, (2, 6)),
       "token_type_ids": torch.zeros(2, 6, dtype=torch.int64),
       "attention_mask": torch.ones(2, 6, dtype=torch.int64)}
y = m(**enc)
""", "The tokenizer's output dict is splatted into the call (m(**enc)); it carries an extra "
       "token_type_ids entry that the exported forward(input_ids, attention_mask) never took.",
       "Pass only the exported arguments (m(input_ids=..., attention_mask=...)) or drop the "
       "extra keys (return_token_type_ids=False).", needs=("k",))


def case_02():
    return Case("case_02", "collated-record", "input_mismatch", "run", "package", """
import dataclasses, torch
@dataclasses.dataclass
class Batch:
    input_ids: torch.Tensor
    attention_mask: torch.Tensor
m = torch._inductor.aoti_load_package("{enc6}")
b = Batch(torch.randint(0, 50, (2, 6)), torch.ones(2, 6, dtype=torch.int64))
y = m(b)
""", "The data pipeline's collate function returns a dataclass batch and it is passed as one "
       "argument; the package was exported with two tensor kwargs, and an unregistered "
       "dataclass flattens to no tensors at all.",
       "Unpack the batch: m(input_ids=b.input_ids, attention_mask=b.attention_mask).",
       needs=("k",))


def case_03():
    return Case("case_03", "raw-frames", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{img6}")
frame = torch.randint(0, 256, (1, 3, 8, 8), dtype=torch.uint8)
y = m(frame)
mean = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
std = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)
torch.testing.assert_close(y, (frame.float() / 255 - mean) / std)
""", "Decoded video frames are passed as uint8 (0-255) to a package exported for float32 images "
       "in [0, 1]; without input checks the kernel reads the byte buffer as floats.",
       "Convert in the pipeline (frame.float() / 255, as ToTensor does) before calling; set "
       "AOTI_RUNTIME_CHECK_INPUTS=1 to catch dtype mismatches.", needs=("k",),
       match=r"not close|Mismatched|AssertionError")


def case_04():
    return Case("case_04", "pil-order", "input_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{img6}")
hwc = torch.rand(8, 8, 3)  # H, W, C as PIL / cv2 images are laid out
y = m(hwc.unsqueeze(0))
mean = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
std = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)
torch.testing.assert_close(y, (hwc.permute(2, 0, 1).unsqueeze(0) - mean) / std)
""", "The image is passed in the (H, W, C) order of PIL/cv2 arrays, batched to (1, 8, 8, 3), to "
       "a package exported for (1, 3, 8, 8); with no input checks the kernel reads the same "
       "number of floats as channels-first, so every channel gets the wrong mean and std.",
       "permute(2, 0, 1) the image to channels-first before batching; enable "
       "AOTI_RUNTIME_CHECK_INPUTS=1 during integration.", needs=("k",),
       match=r"not close|Mismatched|AssertionError")


def case_05():
    return Case("case_05", "decode-offset", "index_out_of_bounds", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{pos6}")
ids = torch.randint(0, 50, (1, 4))
y = m(ids, torch.tensor(14))
""", "In incremental decoding the start position (14) plus the 4 new tokens passes the 16 rows "
       "of the position-embedding table, so positions 16 and 17 are out of range.",
       "Stop or slide the window before the context exceeds the position table "
       "(start + len <= 16).", needs=("k",), match=r"out of bounds|index")


def case_06():
    return Case("case_06", "gpu-checkpoint", "device_mismatch", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin6}")
torch.save({"lin.weight": torch.randn(4, 8)}, "{scratch}/weights.pt")
sd = torch.load("{scratch}/weights.pt", map_location="cuda")
m.load_constants(sd, check_full_update=False)
""", "The weight-refresh code loads the new checkpoint with map_location='cuda' (copied from the "
       "GPU servers) on a CPU host without a GPU.",
       "Load with map_location='cpu' (the package's device) on CPU hosts.", needs=("k",),
       match=r"CUDA|cuda")


def case_07():
    return Case("case_07", "pinned-batch", "device_mismatch", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin6}")
def collate(samples):
    return torch.stack(samples).pin_memory()
loader = torch.utils.data.DataLoader([torch.randn(8) for _ in range(4)], batch_size=2,
                                     collate_fn=collate)
for batch in loader:
    y = m(batch)
""", "The serving input pipeline pins each batch (pin_memory(), meant to speed host-to-GPU "
       "copies) on a CPU-only host; pinning needs a CUDA driver.",
       "Do not pin memory when serving on CPU (pin only if torch.cuda.is_available()).",
       needs=("k",), match=r"NVIDIA|CUDA|driver")


def case_08():
    return Case("case_08", "latency-probe", "device_mismatch", "run", "package", """
import time, torch
m = torch._inductor.aoti_load_package("{lin6}")
x = torch.randn(2, 8)
t0 = time.perf_counter()
y = m(x)
torch.cuda.synchronize()
print("latency", time.perf_counter() - t0)
""", "The latency benchmark calls torch.cuda.synchronize() after the CPU model, as in the GPU "
       "version of the script, on a host without a GPU.",
       "Synchronize only when the model runs on CUDA (or time CPU runs without it).",
       needs=("k",), match=r"NVIDIA|CUDA|driver")


def case_09():
    return Case("case_09", "fused-slice", "constant_loading", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin6}")
ref = torch._inductor.aoti_load_package("{lin6}")
fused = torch.randn(4, 16)  # a fused checkpoint tensor holding two (4, 8) weights side by side
w = fused[:, :8]
m.load_constants({"lin.weight": w}, check_full_update=False)
ref.load_constants({"lin.weight": w.contiguous()}, check_full_update=False)
x = torch.randn(2, 8)
torch.testing.assert_close(m(x), ref(x))
""", "The new weight is a column slice of a fused checkpoint tensor (non-contiguous, stride 16); "
       "load_constants does not handle the strided tensor: the process segfaulted in two of "
       "three runs (in the other the model computed wrong values).", "Pass w.contiguous() (or clone the slices) when swapping weights.",
       needs=("k",), expect="crash")


def case_10():
    return Case("case_10", "returned-buffer", "constant_loading", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{prior6}")
x = torch.randn(2, 3)
probs, prior = m(x)
prior.mul_(2)  # downstream rescales the returned prior in place
probs2, _ = m(x)
torch.testing.assert_close(probs2, probs)
""", "The model returns its prior buffer as an output and the package hands back the constant "
       "itself; downstream code scales it in place, which changes the model's constant and the "
       "next request's result.", "Clone outputs before modifying them in place (or return "
       "self.prior.clone() from forward).", needs=("k",), match=r"not close|Mismatched")


def case_11():
    return Case("case_11", "lfs-checkout", "kernel_binary_missing", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lfs}")
y = m(torch.randn(2, 8))
""", "The package was committed with git-lfs and the serving image was built from a clone "
       "without git-lfs, so the .pt2 is the 130-byte LFS pointer text, not the archive.",
       "Run git lfs pull (or install git-lfs before cloning) so the real package is fetched.",
       needs=("k",), prepare=_prep_lfs)


def case_12():
    return Case("case_12", "export-loader", "unsupported", "load", "package", """
import torch
ep = torch.export.load("{lin6}")
y = ep.module()(torch.randn(2, 8))
""", "The AOTI package is opened with torch.export.load, as if it held an ExportedProgram; an "
       "AOTI .pt2 holds a compiled model, which only aoti_load_package can load.",
       "Load it with torch._inductor.aoti_load_package (or save the ExportedProgram separately "
       "with torch.export.save).", needs=("k",))


def case_13():
    return Case("case_13", "autocast-serve", "unsupported", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin6}")
with torch.autocast("cpu", dtype=torch.bfloat16):
    y = m(torch.randn(2, 8))
assert y.dtype == torch.bfloat16, y.dtype
""", "The serving code wraps the call in torch.autocast(bfloat16) expecting reduced-precision "
       "compute; autocast only affects eager/traced ops, and the compiled package still runs "
       "in float32.", "Bake the precision in at export (export under autocast or with a "
       "bfloat16 model), not at call time.", needs=("k",), match=r"AssertionError")


def case_14():
    return Case("case_14", "full-model-pickle", "deprecated_api", "load", "package", """
import torch
""" + LIN + """
torch.save(M(), "{scratch}/retrained.pt")  # the training job saves the whole module
m = torch._inductor.aoti_load_package("{lin6}")
new = torch.load("{scratch}/retrained.pt")
m.load_constants({"lin.weight": new.lin.weight.detach()}, check_full_update=False)
""", "The weight refresh reads a whole pickled module with torch.load, relying on the old "
       "default weights_only=False; since torch 2.6 torch.load defaults to weights_only=True "
       "and refuses arbitrary classes.", "Save state_dict() in the training job, or pass "
       "weights_only=False for a trusted file.", needs=("k",),
       match=r"weights_only|Weights only")


def case_15():
    return Case("case_15", "name-positional", "deprecated_api", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin6}", "model")
""", "The model name is passed as the second positional argument, as torch._inductor.package."
       "load_package(path, model_name) takes it; aoti_load_package's second parameter is "
       "run_single_threaded, so the loader binding rejects the arguments.",
       "Call aoti_load_package(path) (or load_package(path, model_name=...)).", needs=("k",))


def case_16():
    return Case("case_16", "many-runners", "out_of_memory", "load", "package", """
import resource, torch
from torch._inductor.package import load_package
with open("/proc/self/status") as f:
    vm = [int(l.split()[1]) for l in f if l.startswith("VmSize")][0] * 1024
resource.setrlimit(resource.RLIMIT_AS, (vm + (256 << 20), vm + (256 << 20)))
m = load_package("{big6}", num_runners=128)
y = m(torch.randn(2, 1024))
""", "The package (4 MiB of weights) is loaded with num_runners=128 for concurrency in a "
       "process capped at 256 MiB more address space; each runner gets its own copy of the "
       "constants.", "Use fewer runners (about the number of cores) or raise the memory limit.",
       needs=("k",), match=r"alloc|memory|Memory")


def case_17():
    return Case("case_17", "bitwise-compare", "numerical", "run", "package", """
import torch
class Soft(torch.nn.Module):
    def forward(self, x):
        e = torch.exp(x - x.amax(-1, keepdim=True))
        return e / e.sum(-1, keepdim=True)
m = torch._inductor.aoti_load_package("{soft6}")
torch.manual_seed(0)
x = torch.randn(4, 1000)
assert torch.equal(m(x), Soft()(x)), "package output differs from eager"
""", "The rollout check compares the package's softmax with the eager model bit for bit "
       "(torch.equal); the compiled kernel's exp and summation order differ in the last bits.",
       "Compare with a tolerance (torch.testing.assert_close) instead of exact equality.",
       needs=("k",), match=r"AssertionError")


def case_18():
    return Case("case_18", "half-payload", "numerical", "run", "package", """
import torch
class M(torch.nn.Module):
    def forward(self, logits):
        return torch.sigmoid(logits).half()  # halve the response payload
ep = torch.export.export(M(), (torch.randn(4, 16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/half6.pt2")
m = torch._inductor.aoti_load_package(pkg)
p = m(torch.linspace(-2, 12, 64).view(4, 16))
nll = -torch.log1p(-p.float())  # downstream: log-probability of the negative class
assert torch.isfinite(nll).all(), nll.max()
""", "Probabilities are returned as float16 to halve the payload; float16 rounds sigmoid "
       "outputs above ~0.9995 to exactly 1.0, and the consumer's log(1 - p) becomes inf.",
       "Return logits (or float32 probabilities) and compute log-probabilities from logits "
       "(logsigmoid).", match=r"AssertionError")


def case_19():
    return Case("case_19", "redeploy-in-place", "crash", "run", "legacy", """
import shutil, torch
run = torch._export.aot_load("{live_so}", "cpu")
x = torch.randn(2, 8)
print("first call", run(x).shape, flush=True)
shutil.copyfile("{new_so}", "{live_so}")  # the deploy job copies the new build over the old
for _ in range(3):
    y = run(x)
print("survived", flush=True)
""", "The deploy job copies a new model .so over the file the running server has loaded "
       "(cp truncates and rewrites it in place); the server's mapped code changes under it and "
       "the next call crashes.", "Deploy to a new file and switch atomically (write elsewhere, "
       "then rename) or restart the server; never overwrite a loaded .so.",
       needs=("k",), prepare=_prep_redeploy, expect="crash")


def case_20():
    return Case("case_20", "no-numpy-host", "unknown", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin6}")
y = m(torch.randn(2, 8))
payload = {"scores": y.numpy().tolist()}
""", "The slim serving image has no NumPy installed, and the response code converts the "
       "output with .numpy(); torch's NumPy bridge is unavailable.",
       "Install numpy in the serving image, or use y.tolist() directly.", needs=("k",),
       match=r"[Nn]umpy")


def case_21():
    return Case("case_21", "fd-exhausted", "unknown", "load", "package", """
import os, resource, torch
n = len(os.listdir("/proc/self/fd"))
resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))
m = torch._inductor.aoti_load_package("{lin6}")
y = m(torch.randn(2, 8))
""", "The server has used up its file-descriptor limit (RLIMIT_NOFILE, open sockets) when a "
       "model is (re)loaded; opening and extracting the package needs more descriptors.",
       "Raise the descriptor limit (ulimit -n) or close leaked sockets/files.", needs=("k",))


def case_22():
    return Case("case_22", "tmpdir-gone", "unknown", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{lin6}")
y = m(torch.randn(2, 8))
""", "The service's TMPDIR names a directory that does not exist (a per-job scratch folder "
       "already cleaned up), so the loader cannot extract the package.",
       "Point TMPDIR at an existing writable directory before loading.", needs=("k",),
       env={"TMPDIR": "{scratch}/job-tmp-cleaned"})


def case_23():
    return Case("case_23", "stray-omp-header", "compile_toolchain", "compile", "package", """
import os, torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/inc6.pt2")
""", "CPLUS_INCLUDE_PATH (left set by another project's environment) points to a folder with an "
       "empty placeholder omp.h, which shadows the compiler's own; the generated C++ finds no "
       "OpenMP declarations.", "Unset CPLUS_INCLUDE_PATH/CPATH for the build (or remove the "
       "stray header).", env={"CPLUS_INCLUDE_PATH": "{scratch}/include"},
       prepare=lambda paths, scratch: ((scratch / "include").mkdir(parents=True, exist_ok=True),
                                       (scratch / "include" / "omp.h").write_text("/* placeholder */\n"),
                                       {})[-1])


def case_24():
    return Case("case_24", "spaced-cache", "torch_bug", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/space6.pt2")
m = torch._inductor.aoti_load_package(pkg)
y = m(torch.randn(2, 8))
""", "TORCHINDUCTOR_CACHE_DIR is a folder whose name has a space ('My Models/cache'); the "
       "build command Inductor assembles does not quote paths, so g++ sees 'My' and "
       "'Models/cache/...' as two arguments.", "Use a cache path without spaces (and report "
       "the missing quoting upstream).",
       env={"TORCHINDUCTOR_CACHE_DIR": "{scratch}/My Models/cache"})


def case_25():
    return Case("case_25", "hashed-stream", "kernel_binary_missing", "load", "package", """
import hashlib, torch
f = open("{lin6}", "rb")
digest = hashlib.sha256(f.read()).hexdigest()  # verify the download before loading
m = torch._inductor.aoti_load_package(f)
y = m(torch.randn(2, 8))
""", "The package's file object is read to its end to check its hash and then passed to "
       "aoti_load_package without rewinding, so the loader reads an empty stream.",
       "f.seek(0) before loading (or load from the path).", needs=("k",))


def _rezip(paths, scratch, name, prefix="", compression=None):
    import zipfile
    dst = scratch / name
    with zipfile.ZipFile(paths["lin6"]) as zin, \
            zipfile.ZipFile(dst, "w", compression=compression or zipfile.ZIP_STORED) as zout:
        for item in zin.infolist():
            zout.writestr(prefix + item.filename, zin.read(item.filename))
    return str(dst)


def _prep_deflate(paths, scratch):
    """The package re-zipped with deflate compression (as an artifact store's repackaging does)."""
    import zipfile
    return {"deflated": _rezip(paths, scratch, "lin6_copy.pt2", compression=zipfile.ZIP_DEFLATED)}


def _prep_nested(paths, scratch):
    """The package unzipped and re-zipped from its parent folder, so every entry gains a
    leading 'release/' directory."""
    return {"nested": _rezip(paths, scratch, "lin6_copy.pt2", prefix="release/")}


def case_26():
    return Case("case_26", "zipped-names", "constant_loading", "load", "package", """
import torch
class Pos(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = torch.nn.Embedding(50, 8)
        self.pos = torch.nn.Embedding(16, 8)
m = torch._inductor.aoti_load_package("{pos6}")
new = Pos()  # the retrained model
print(m.get_constant_fqns(), [n for n, _ in new.named_parameters()], flush=True)
update = dict(zip(m.get_constant_fqns(), [p.detach() for p in new.parameters()]))
m.load_constants(update, check_full_update=True)
y = m(torch.randint(0, 50, (1, 4)), torch.tensor(0))
""", "The refresh code pairs get_constant_fqns() with new.parameters() by position (zip); the "
       "two orders differ, so each table is written under the other's name with the wrong shape.",
       "Build the map by name from named_parameters()/state_dict(), not by position.",
       needs=("k",), expect="crash")


def case_27():
    return Case("case_27", "launcher-cxx", "compile_toolchain", "compile", "package", """
import torch
""" + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cc6.pt2")
""", "The build image sets CXX='ccache g++' (a compiler launcher plus the compiler, as make "
       "accepts); Inductor takes CXX as a single program name, which does not exist.",
       "Set CXX to the compiler alone (g++) and enable ccache another way (e.g. a ccache "
       "symlink directory on PATH).", env={"CXX": "ccache g++"})


def case_28():
    return Case("case_28", "deflated-copy", "kernel_binary_missing", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{deflated}")
y = m(torch.randn(2, 8))
""", "The artifact store re-zipped the package with deflate compression; the loader expects the "
       "archive's entries stored uncompressed.", "Ship the .pt2 byte for byte (do not re-zip "
       "it), or re-zip with ZIP_STORED.", needs=("k",), prepare=_prep_deflate)


def case_29():
    return Case("case_29", "rezipped-folder", "kernel_binary_missing", "load", "package", """
import torch
m = torch._inductor.aoti_load_package("{nested}")
y = m(torch.randn(2, 8))
""", "The package was unzipped for inspection and re-zipped from its parent folder, so every "
       "entry sits under an extra 'release/' directory and the loader finds no model files at "
       "the expected paths.", "Ship the original .pt2 (or re-zip from inside the folder so the "
       "entries keep their paths).", needs=("k",), prepare=_prep_nested)


def case_30():
    return Case("case_30", "longest-padding", "dynamic_shape_guard", "run", "package", """
import torch
m = torch._inductor.aoti_load_package("{enc6}")
# the tokenizer pads each batch to its longest request: 9 tokens this time (6 at export)
y = m(input_ids=torch.randint(0, 50, (2, 9)), attention_mask=torch.ones(2, 9, dtype=torch.int64))
""", "The package was exported without dynamic_shapes, so the sequence length 6 of the example "
       "batch is baked in; the tokenizer pads each batch to its longest request (9 here) and the "
       "input check (AOTI_RUNTIME_CHECK_INPUTS=1 in the service) rejects it.",
       "Export with a dynamic sequence Dim (dynamic_shapes={'input_ids': {1: seq}, ...}) or pad "
       "every request to the exported length.", needs=("k",),
       env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"unmatched dim|expected: 6|got: 9")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_11, case_12, case_13, case_14, case_15, case_17, case_18, case_19, case_20,
         case_21, case_22, case_24, case_26, case_27, case_29, case_30]
# Failed in a trial but dropped because the trigger repeats an earlier set (kept for reference,
# not run): case_23 (an empty omp.h on CPLUS_INCLUDE_PATH: live_blind3's build-env-h already
# shadows a header through CPLUS_INCLUDE_PATH; here it did not even fail, as the precompiled
# header had included the real omp.h).
DROPPED = [case_23]
# Tried on torch 2.14.1+cu130 in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch with --only): case_10 (the returned prior buffer scaled in place: the
# package returns a copy, the next call was unchanged), case_16 (num_runners=128 of a 4 MiB
# package under RLIMIT_AS +256 MiB: loaded and ran), case_25 (a file object read to its end,
# then passed to aoti_load_package: the loader rewinds it), case_28 (the package re-zipped
# with deflate compression: loaded and ran).
TRIED = [case_10, case_16, case_25, case_28]


if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("k", SETUP_K),),
        default_out=ROOT / "benchmarks" / "live_blind6.jsonl",
        url_file="benchmarks/live_blind6.py", id_prefix="live6", stems=STEMS,
        scratch_prefix="live_blind6-", description=__doc__.splitlines()[0]))
