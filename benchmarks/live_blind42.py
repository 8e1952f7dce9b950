"""A forty-second blind set of REAL AOTInductor failures (the build and artefact pipeline around AOTI packages: caches, package paths, registries), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
load-time cases share (one single-model package, one two-model package) are built once, in one
setup child (R), into a temporary directory. Cases that do not fail, or fail another way than
the label was given for, are reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind42.py [--out benchmarks/live_blind42.jsonl] [--keep]

Theme: the build and artefact pipeline around AOTI packages, as a team's CI and model registry
use it: TORCHINDUCTOR_CACHE_DIR pointing at odd places (a name with shell characters, an overlong
job name, a pseudo-filesystem), stale and corrupted cache contents reused by a second build,
package_path choices (a home-relative name, an upper-case suffix, a name read from a file with
its newline, an existing folder, a pathlib.Path, a file object), several models in one package
and model_name at load, registries that re-compress, flatten, re-root, strip or add members of
the archive, Git LFS pointers and gzip-compressed downloads, file objects at load, and
extraction into a TMPDIR that is not a directory. APIs are feature-detected where they are new.
No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind41.py (their TRIED lists included). Building the set
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
SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + LIN + """
class Enc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)
    def forward(self, x):
        return torch.tanh(self.lin(x))

class Dec(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 8)
    def forward(self, z):
        return torch.sigmoid(self.lin(z))

try:
    ep = torch.export.export(M(), (torch.randn(2, 8),))
    paths["lin42"] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, "lin42.pt2"))
except Exception as e:
    print("BUILD FAILED lin42", repr(e)[:300], flush=True)
# two models in one package, the documented way (aot_compile with aot_inductor.package + package_aoti)
try:
    from torch._inductor.package import package_aoti
    files = {}
    for name, m, x in (("encoder", Enc(), torch.randn(2, 8)), ("decoder", Dec(), torch.randn(2, 4))):
        gm = torch.export.export(m, (x,)).module()
        files[name] = torch._inductor.aot_compile(gm, (x,), options={"aot_inductor.package": True})
    paths["multi42"] = package_aoti(os.path.join(out, "multi42.pt2"), files)
except Exception as e:
    print("BUILD FAILED multi42", repr(e)[:300], flush=True)
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lin42", "multi42", "ranker42", "Ranker42", "nl42", "dir42", "pathobj42", "fobj42",
         "cache42", "stale42", "fx42", "lzma42", "flat42", "win42", "reroot42", "mac42",
         "meta42", "dup42", "renamed42", "deflate42", "copy42", "model", "buf42"}

PRE = "import torch\n"
COMPILE = PRE + LIN + """
ep = torch.export.export(M(), (torch.randn(2, 8),))
"""


def _c(fn, slug, cat, phase, body, cause, fix, **kw):
    pre = kw.pop("pre", PRE)
    return Case(fn, slug, cat, phase, kw.pop("api", "package"), pre + body, cause, fix, **kw)


# ---------------------------------------------------------------------------------- cases
# ------------------------------------------------------------------------- package_path choices
def case_01():
    return _c("case_01", "home-relative-package-path", "unknown", "compile", """
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="~/models/ranker42.pt2")
""", "package_path is given as '~/models/ranker42.pt2'; Python file APIs do not expand '~', so "
       "the package writer looks for a folder literally named '~' in the working directory.",
       "Expand the path with os.path.expanduser (and create the folder) before compiling.",
       pre=COMPILE, match=r"No such file|does not exist|~/models")


def case_02():
    return _c("case_02", "upper-case-suffix", "unsupported", "compile", """
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/Ranker42.PT2")
""", "The CI names the artefact 'Ranker42.PT2'; aoti_compile_and_package only accepts a "
       "package_path ending in the lower-case '.pt2' suffix.",
       "Name the package with a lower-case .pt2 suffix (rename it afterwards if the registry "
       "needs another name).", pre=COMPILE, match=r"pt2")


def case_03():
    return _c("case_03", "path-with-newline", "unsupported", "compile", """
with open("{scratch}/ARTIFACT", "w") as f:
    f.write("{scratch}/nl42.pt2\\n")          # written by an earlier CI step with echo
target = open("{scratch}/ARTIFACT").read()    # the trailing newline is kept
pkg = torch._inductor.aoti_compile_and_package(ep, package_path=target)
""", "The package name is read from a file written by echo, keeping its trailing newline, so "
       "package_path does not end in '.pt2'.",
       "Strip the name (.strip()) before passing it as package_path.", pre=COMPILE, match=r"pt2")


def case_04():
    return _c("case_04", "existing-folder-named-pt2", "unknown", "compile", """
import os
os.makedirs("{scratch}/dir42.pt2/data", exist_ok=True)   # an earlier job unpacked the package here
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dir42.pt2")
""", "package_path names an existing folder (an earlier job unpacked the previous package into "
       "'dir42.pt2/'), so the archive file cannot be created there.",
       "Remove the folder or write the package to another file name.", pre=COMPILE,
       match=r"directory|Directory")


def case_05():
    return _c("case_05", "pathlib-package-path", "unsupported", "compile", """
from pathlib import Path
pkg = torch._inductor.aoti_compile_and_package(ep, package_path=Path("{scratch}") / "pathobj42.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "package_path is given as a pathlib.Path; the packaging code only handles str paths and "
       "file objects.", "Pass str(path) as package_path.", pre=COMPILE, match=r".")


def case_06():
    return _c("case_06", "package-into-open-file", "unsupported", "compile", """
with open("{scratch}/fobj42.pt2", "wb") as f:
    pkg = torch._inductor.aoti_compile_and_package(ep, package_path=f)
m = torch._inductor.aoti_load_package("{scratch}/fobj42.pt2")
m(torch.randn(2, 8))
""", "package_path is an open binary file object; the packaging path does not support writing "
       "into it.", "Pass a path string or an io.BytesIO.", pre=COMPILE, match=r".")


def case_07():
    return _c("case_07", "package-into-bytesio-no-rewind", "unknown", "load", """
import io
buf = io.BytesIO()
torch._inductor.aoti_compile_and_package(ep, package_path=buf)
m = torch._inductor.aoti_load_package(buf)     # handed straight to the loader, position at the end
print(m(torch.randn(2, 8)).shape)
""", "The package is written into an io.BytesIO and the same buffer, positioned at its end, is "
       "passed to the loader.", "Call buf.seek(0) (or pass io.BytesIO(buf.getvalue())).",
       pre=COMPILE, match=r".")


# ---------------------------------------------------------------------------- inductor caches
def case_08():
    return _c("case_08", "cache-dir-dollar-job", "torch_bug", "compile", """
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache42.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "TORCHINDUCTOR_CACHE_DIR contains a literal '$' (a CI template variable that was not "
       "expanded); Inductor's build command passes the path through a shell, which expands it.",
       "Use a cache path without shell metacharacters (expand the CI variable first).",
       pre=COMPILE, env={"TORCHINDUCTOR_CACHE_DIR": "{scratch}/ci-$CI_JOB_ID/cache"}, match=r".")


def case_09():
    return _c("case_09", "cache-dir-double-quote", "torch_bug", "compile", """
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache42.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "TORCHINDUCTOR_CACHE_DIR contains double quotes (a quoted job name pasted into the CI "
       "variable, no spaces); Inductor's build command is split like a shell line, so the quotes "
       "are dropped and the compiler is given a source path that does not exist.",
       "Use a cache path without quote characters.",
       pre=COMPILE, env={"TORCHINDUCTOR_CACHE_DIR": '{scratch}/job"nightly"/cache'},
       match=r"No such file or directory")


def case_10():
    return _c("case_10", "cache-dir-overlong-job-name", "compile_toolchain", "export", """
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache42.pt2")
""", "TORCHINDUCTOR_CACHE_DIR embeds the full CI job name (a 300-character path component), "
       "longer than the file system's 255-byte name limit, so the cache folder cannot be created "
       "(torch.export already creates it when it imports dynamo).",
       "Use a short cache path (hash the job name or use the job id).", pre=COMPILE,
       env={"TORCHINDUCTOR_CACHE_DIR": "{scratch}/" + "nightly-build-ranker-x86-release-" * 9 + "/cache"},
       match=r"File name too long|too long")


def case_11():
    return _c("case_11", "cache-dir-under-proc", "compile_toolchain", "export", """
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache42.pt2")
""", "TORCHINDUCTOR_CACHE_DIR points under /proc (a mis-set $XDG_RUNTIME_DIR-like variable), a "
       "pseudo file system where no folders can be created, even by root (torch.export already "
       "creates the cache folder when it imports dynamo).",
       "Point TORCHINDUCTOR_CACHE_DIR at a writable local folder.", pre=COMPILE,
       env={"TORCHINDUCTOR_CACHE_DIR": "/proc/inductor-cache-42"},
       match=r"No such file|Permission|denied|Errno")


def case_12():
    return _c("case_12", "stale-truncated-so-in-cache", "kernel_binary_missing", "load", """
import glob, os
p1 = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/stale42a.pt2")
# a disk-full incident left the cached build products empty; the next CI run reuses the cache
for so in glob.glob(os.environ["TORCHINDUCTOR_CACHE_DIR"] + "/**/*.so", recursive=True):
    open(so, "w").close()
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/stale42.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "The shared inductor cache holds zero-byte .so files from an earlier failed run; the "
       "second build reuses them from the cache and packages an empty shared library.",
       "Clear the inductor cache (or set TORCHINDUCTOR_FORCE_DISABLE_CACHES=1) and rebuild.",
       pre=COMPILE, match=r".")


def case_13():
    return _c("case_13", "corrupt-fx-graph-cache", "compile_toolchain", "compile", """
import glob, os
torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fx42a.pt2")
n = 0
for p in glob.glob(os.environ["TORCHINDUCTOR_CACHE_DIR"] + "/fxgraph/**/*", recursive=True):
    if os.path.isfile(p):
        with open(p, "wb") as f:
            f.write(b"\\0" * 16)       # an rsync of the shared cache was interrupted
        n += 1
assert n, "no fxgraph entries"
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fx42.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "The FX graph cache entries in the shared cache folder were corrupted by an interrupted "
       "sync; the second build reads them back.",
       "Delete the corrupted cache folder (or disable the FX graph cache) and rebuild.",
       pre=COMPILE, env={"TORCHINDUCTOR_FX_GRAPH_CACHE": "1"}, match=r".")


def case_14():
    return _c("case_14", "empty-cache-dir-variable", "unknown", "compile", """
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache42.pt2")
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "TORCHINDUCTOR_CACHE_DIR is exported but empty (an unset CI secret).",
       "Unset the variable or give it a folder.", pre=COMPILE,
       env={"TORCHINDUCTOR_CACHE_DIR": ""}, match=r".")


def case_15():
    return _c("case_15", "fx-cache-off-two-builds", "unknown", "compile", """
a = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache42.pt2")
b = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/copy42.pt2")
for p in (a, b):
    torch._inductor.aoti_load_package(p)(torch.randn(2, 8))
""", "Two builds in one process with the FX graph cache disabled.", "None.", pre=COMPILE,
       env={"TORCHINDUCTOR_FX_GRAPH_CACHE": "0", "TORCHINDUCTOR_AUTOGRAD_CACHE": "0"}, match=r".")


# ----------------------------------------------------------------- several models, model_name
def case_16():
    return _c("case_16", "two-model-package-default-load", "kernel_binary_missing", "load", """
m = torch._inductor.aoti_load_package("{multi42}")   # the encoder/decoder bundle from the registry
z = m(torch.randn(2, 8))
""", "The package holds two models named 'encoder' and 'decoder'; aoti_load_package loads the "
       "default model name 'model', which the package does not contain.",
       "Load each model with torch._inductor.package.load_package(path, 'encoder') / "
       "('decoder').", needs=("r",), match=r"Failed to find a generated cpp file or so file")


def case_17():
    return _c("case_17", "model-name-capitalised", "kernel_binary_missing", "load", """
from torch._inductor.package import load_package
enc = load_package("{multi42}", "Encoder")   # as spelled in the model card
""", "load_package is given 'Encoder' but the model was packaged as 'encoder'; model names "
       "are matched case-sensitively.", "Use the exact name given to package_aoti ('encoder').",
       needs=("r",), match=r"Failed to find a generated cpp file or so file")


def case_18():
    return _c("case_18", "decoder-fed-encoder-input", "input_mismatch", "run", """
from torch._inductor.package import load_package
dec = load_package("{multi42}", "decoder")
y = dec(torch.randn(2, 8))   # the raw features instead of the encoder's output
""", "The decoder model of the bundle is called with the encoder's (2, 8) input instead of a "
       "(2, 4) code; with AOTI_RUNTIME_CHECK_INPUTS=1 the input check rejects the size.",
       "Run the encoder first and pass its output to the decoder.", needs=("r",),
       env={"AOTI_RUNTIME_CHECK_INPUTS": "1"}, match=r"expected size|unmatched")


def case_19():
    return _c("case_19", "parallel-builds-one-package-path", "unknown", "compile", """
import subprocess, sys, textwrap
worker = textwrap.dedent('''
    import sys, torch
    class M(torch.nn.Module):
        def __init__(self, n):
            super().__init__()
            self.lin = torch.nn.Linear(n, 4)
        def forward(self, x):
            return self.lin(x)
    n = int(sys.argv[1])
    ep = torch.export.export(M(n), (torch.randn(2, n),))
    torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/model.pt2")
''')
procs = [subprocess.Popen([sys.executable, "-c", worker, str(n)]) for n in (8, 16)]
assert all(p.wait() == 0 for p in procs)
m = torch._inductor.aoti_load_package("{scratch}/model.pt2")
m(torch.randn(2, 8))
""", "Two CI shards compile different models in parallel to the same package_path.",
       "Give each shard its own package path.", match=r".")


# ----------------------------------------------------------------------- registries and tools
REG = PRE + """
import os, shutil, zipfile
src = "{lin42}"
def repack(dst, rename=lambda n: n, compression=zipfile.ZIP_STORED, keep=lambda n: True):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", compression) as zout:
        for item in zin.infolist():
            if keep(item.filename):
                zout.writestr(rename(item.filename), zin.read(item.filename))
    return dst
"""


def case_20():
    return _c("case_20", "registry-lzma-recompress", "unsupported", "load", """
pkg = repack("{scratch}/lzma42.pt2", compression=zipfile.ZIP_LZMA)   # the registry saves space
m = torch._inductor.aoti_load_package(pkg)
""", "The model registry re-compresses stored packages with LZMA; the package loader's zip "
       "reader only reads stored (and deflated) members.",
       "Store packages unchanged (or re-zip with ZIP_STORED) before serving them.",
       pre=REG, needs=("r",), match=r"Failed to extract zip file")


def case_21():
    return _c("case_21", "registry-deflate-recompress", "unsupported", "load", """
pkg = repack("{scratch}/deflate42.pt2", compression=zipfile.ZIP_DEFLATED)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "The registry re-compresses packages with deflate.", "Store packages unchanged.",
       pre=REG, needs=("r",), match=r".")


def case_22():
    return _c("case_22", "junk-paths-flattened", "kernel_binary_missing", "load", """
pkg = repack("{scratch}/flat42.pt2", rename=lambda n: os.path.basename(n) or n)   # like zip -j
m = torch._inductor.aoti_load_package(pkg)
""", "The upload tool flattens the archive (like zip -j), dropping the folders, so the loader "
       "finds no model under <name>/data/aotinductor/.",
       "Upload the .pt2 file as is; never re-zip it with junked paths.",
       pre=REG, needs=("r",), match=r"Failed to find a generated cpp file or so file")


def case_23():
    return _c("case_23", "windows-backslash-members", "kernel_binary_missing", "load", """
pkg = repack("{scratch}/win42.pt2", rename=lambda n: n.replace("/", "\\\\"))  # re-zipped on Windows
m = torch._inductor.aoti_load_package(pkg)
""", "The package was re-zipped by a Windows tool that wrote member names with backslashes, so "
       "the loader finds none of the expected <name>/data/aotinductor/ members.",
       "Transfer the .pt2 unchanged (or re-zip with forward-slash names).",
       pre=REG, needs=("r",), match=r"Failed to find a generated cpp file or so file")


def case_24():
    return _c("case_24", "rerooted-by-make-archive", "kernel_binary_missing", "load", """
unpacked = "{scratch}/unpacked"
with zipfile.ZipFile(src) as z:
    z.extractall(unpacked)                      # the registry inspects the package ...
base = shutil.make_archive("{scratch}/reroot42", "zip", root_dir="{scratch}", base_dir="unpacked")
pkg = shutil.move(base, "{scratch}/reroot42.pt2")   # ... and zips the folder back up
m = torch._inductor.aoti_load_package(pkg)
""", "After unpacking, the registry re-zips the package with shutil.make_archive from the parent "
       "folder, so every member gains an extra 'unpacked/' prefix and the model is no longer at "
       "<name>/data/aotinductor/.",
       "Re-zip from inside the unpacked folder (root_dir=unpacked) or keep the original .pt2.",
       pre=REG, needs=("r",), match=r"Failed to find a generated cpp file or so file")


def case_25():
    return _c("case_25", "macos-rezip-resource-forks", "kernel_binary_missing", "load", """
pkg = repack("{scratch}/mac42.pt2")
with zipfile.ZipFile(pkg, "a") as z:       # what Finder's "Compress" adds
    for n in list(z.namelist()):
        d, b = os.path.split(n)
        z.writestr("__MACOSX/" + (d + "/" if d else "") + "._" + b, b"\\0\\5\\26\\7" + b"\\0" * 78)
    z.writestr("lin42/.DS_Store", b"\\0\\0\\0\\1Bud1" + b"\\0" * 50)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "The package was unpacked and re-compressed on a Mac, which adds __MACOSX/ resource-fork "
       "members and .DS_Store files next to the model.", "Ship the original .pt2.",
       pre=REG, needs=("r",), match=r".")


def case_26():
    return _c("case_26", "registry-keeps-only-data", "kernel_binary_missing", "load", """
pkg = repack("{scratch}/meta42.pt2", keep=lambda n: "/data/" in n)   # "payload only" filter
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "The registry's payload filter keeps only members under */data/, dropping the archive's "
       "format, version and byteorder records.",
       "Store the .pt2 archive with all its members.",
       pre=REG, needs=("r",), match=r".")


def case_27():
    return _c("case_27", "signed-so-appended-duplicate", "kernel_binary_missing", "load", """
import warnings
warnings.simplefilter("ignore")
pkg = repack("{scratch}/dup42.pt2")
with zipfile.ZipFile(pkg) as z:
    so = [n for n in z.namelist() if n.endswith(".so")][0]
with zipfile.ZipFile(pkg, "a") as z:     # the signing step appends the "signed" .so ...
    z.writestr(so, b"")                  # ... which came out empty (the signer failed)
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "A signing step appended a second, empty copy of the model's .so under the same member "
       "name; the archive now holds two wrapper .so entries for the model and the loader refuses "
       "to pick one.",
       "Re-sign into a fresh archive and check the step's output before publishing.",
       pre=REG, needs=("r",), match=r"Multiple wrapper shared libraries")


def case_28():
    return _c("case_28", "registry-renames-model-folder", "kernel_binary_missing", "load", """
pkg = repack("{scratch}/renamed42.pt2",
             rename=lambda n: n.replace("/data/aotinductor/model/", "/data/aotinductor/ranker/"))
m = torch._inductor.aoti_load_package(pkg)
""", "The registry renames the model folder inside the archive to its own model id ('ranker'); "
       "aoti_load_package looks for the default model name 'model'.",
       "Do not rewrite member names; to name models, package them with package_aoti and load "
       "them with load_package(path, name).", pre=REG, needs=("r",), match=r"Failed to find a generated cpp file or so file")


def case_29():
    return _c("case_29", "git-lfs-pointer-checkout", "unknown", "load", """
with open("{scratch}/lin42.pt2", "w") as f:   # cloned without git lfs pull
    f.write("version https://git-lfs.github.com/spec/v1\\n"
            "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\\n"
            "size 1492131\\n")
m = torch._inductor.aoti_load_package("{scratch}/lin42.pt2")
""", "The package is stored in Git LFS and the deploy job cloned without 'git lfs pull', so the "
       ".pt2 is a 130-byte text pointer, not a zip archive.",
       "Run git lfs pull (or fetch the artefact from the registry) before loading.",
       match=r".")


def case_30():
    return _c("case_30", "gzip-download-not-decompressed", "unknown", "load", """
import gzip, shutil
with open("{lin42}", "rb") as fi, gzip.open("{scratch}/lin42.pt2", "wb") as fo:
    shutil.copyfileobj(fi, fo)   # the artefact server sends Content-Encoding: gzip, saved raw
m = torch._inductor.aoti_load_package("{scratch}/lin42.pt2")
""", "The artefact server sends the package gzip-encoded and the download script saves the raw "
       "body, so the .pt2 file is a gzip stream, not a zip archive.",
       "Decompress the download (or let the HTTP client decode Content-Encoding) before loading.",
       needs=("r",), match=r"central directory")


def case_31():
    return _c("case_31", "text-mode-file-object", "unknown", "load", """
with open("{lin42}") as f:           # opened without "rb"
    m = torch._inductor.aoti_load_package(f)
""", "The package is opened in text mode and the file object passed to the loader, which reads "
       "it as UTF-8 text.", "Open the package with open(path, 'rb') (or pass the path).",
       needs=("r",), match=r".")


def case_32():
    return _c("case_32", "magic-checked-file-object", "unknown", "load", """
f = open("{lin42}", "rb")
assert f.read(4) == b"PK\\x03\\x04"        # the registry client checks the zip magic first
m = torch._inductor.aoti_load_package(f)
m(torch.randn(2, 8))
""", "A file object positioned after the 4 magic bytes is passed.", "Seek to 0.",
       needs=("r",), match=r".")


def case_33():
    return _c("case_33", "zipfile-object-passed", "unknown", "load", """
import zipfile
z = zipfile.ZipFile("{lin42}")      # the registry client hands out ZipFile objects
m = torch._inductor.aoti_load_package(z)
""", "A zipfile.ZipFile object is passed to aoti_load_package, which takes a path or a binary "
       "file object.", "Pass the path (z.filename) or open(path, 'rb').", needs=("r",),
       match=r"has no attribute")


def case_34():
    return _c("case_34", "tmpdir-is-a-file", "unknown", "load", """
m = torch._inductor.aoti_load_package("{lin42}")
m(torch.randn(2, 8))
""", "TMPDIR points at a regular file (a log file path put in the wrong variable), so the loader "
       "cannot create its extraction folder.", "Point TMPDIR at a writable folder.",
       needs=("r",), env={"TMPDIR": "{scratch}/serve.log"},
       prepare=lambda paths, scratch: ((scratch / "serve.log").write_text("x\\n"), {})[1],
       match=r"temporary directory")


def case_35():
    return _c("case_35", "extract-dir-cleaned-while-loaded", "kernel_binary_missing", "run", """
import glob, shutil
before = set(glob.glob("/tmp/aotinductor_*"))
m = torch._inductor.aoti_load_package("{lin42}")
m(torch.randn(2, 8))
for d in set(glob.glob("/tmp/aotinductor_*")) - before:   # a tmp cleaner (systemd-tmpfiles)
    shutil.rmtree(d)
print(m.get_metadata())
m(torch.randn(2, 8))
""", "The loader's extraction folder is removed by a tmp cleaner while the model is loaded.",
       "Exclude /tmp/aotinductor_* from the cleaner.", needs=("r",), match=r".")


def case_36():
    return _c("case_36", "copy-package-then-load-by-dir", "kernel_binary_missing", "load", """
import os, shutil
os.makedirs("{scratch}/release/v42", exist_ok=True)
shutil.copy("{lin42}", "{scratch}/release/v42/")     # cp model.pt2 release/v42/
m = torch._inductor.aoti_load_package("{scratch}/release/v42")   # the release folder
""", "The serving config points at the release folder instead of the .pt2 file copied into "
       "it; the loader treats a folder as an unpacked package and finds no model .so in it.",
       "Pass the package file path (release/v42/lin42.pt2), not its folder.", needs=("r",), match=r"Failed to find a generated cpp file or so file")


def case_37():
    return _c("case_37", "registry-strips-sources", "kernel_binary_missing", "load", """
pkg = repack("{scratch}/copy42.pt2", keep=lambda n: not n.endswith(".cpp"))   # hide the source
m = torch._inductor.aoti_load_package(pkg)
m(torch.randn(2, 8))
""", "The registry strips the generated C++ sources from the archive.", "Keep the archive whole.",
       pre=REG, needs=("r",), match=r".")


def case_38():
    return _c("case_38", "registry-drops-suffix", "unknown", "load", """
import shutil
dst = shutil.copy("{lin42}", "{scratch}/ranker-7f3a9c")   # content-addressed object name
m = torch._inductor.aoti_load_package(dst)
m(torch.randn(2, 8))
""", "The registry stores the package under a content-addressed name without .pt2.",
       "Name it .pt2.", needs=("r",), match=r".")


def case_39():
    return _c("case_39", "cache-dir-dangling-symlink", "compile_toolchain", "compile", """
import os
os.symlink("/mnt/ci-cache-not-mounted/inductor", "{scratch}/inductor-cache")   # restored CI link
os.environ["TORCHINDUCTOR_CACHE_DIR"] = "{scratch}/inductor-cache"
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cache42.pt2")
""", "TORCHINDUCTOR_CACHE_DIR is a symlink restored from the CI cache that points at a volume "
       "which is not mounted on this runner, so the cache folder cannot be created.",
       "Mount the cache volume or point TORCHINDUCTOR_CACHE_DIR at a real local folder.",
       pre=COMPILE, match=r"File exists")


def case_40():
    return _c("case_40", "unicode-release-name", "unknown", "load", """
import shutil
dst = shutil.copy("{lin42}", "{scratch}/modèle-référence.pt2")
m = torch._inductor.aoti_load_package(dst)
m(torch.randn(2, 8))
""", "A package file name with non-ASCII characters.", "Use ASCII names.", needs=("r",),
       match=r".")


CASES = [case_01, case_02, case_03, case_04, case_09, case_10, case_11, case_16, case_17, case_18,
         case_20, case_22, case_23, case_24, case_27, case_28, case_30, case_33, case_34, case_36,
         case_39]
# Failed in the trial but left out: case_05 (package_path as a pathlib.Path: live_blind25 has
# the same trigger), case_29 (a Git LFS pointer checked out in place of the package: live_blind6
# has it), case_31 (the package opened in text mode and the file object passed: live_blind11 has
# it), case_13 (corrupting the FX graph cache between two builds: the AOTI build left no entries
# under <cache>/fxgraph, so the case's own precondition assert fired; not a torch failure).
DROPPED = [case_05, case_13, case_29, case_31]
# Tried on torch 2.13.0+cpu in the trial runs and did NOT fail, so left out of CASES (kept to
# rerun on another torch): case_06 (package_path an open 'wb' file object: written and loaded),
# case_07 (package written into a BytesIO and the same buffer loaded without seek(0): loaded),
# case_08 (a literal '$CI_JOB_ID' in TORCHINDUCTOR_CACHE_DIR: compiled and ran), case_12
# (zero-byte .so files left in the cache before a second build of the same model: rebuilt and
# ran), case_14 (TORCHINDUCTOR_CACHE_DIR exported empty: compiled), case_15 (two builds with the
# FX graph cache off: both ran), case_19 (two processes compiling different models to one
# package_path at once: the last writer's package loaded and ran), case_21 (the registry
# re-compresses members with deflate: loaded and ran), case_25 (__MACOSX/ and .DS_Store members
# added by a Mac re-zip: loaded and ran), case_26 (only members under */data/ kept, the archive
# format/version records dropped: loaded and ran), case_32 (a file object read 4 bytes to check
# the zip magic, then passed: loaded), case_35 (the /tmp/aotinductor_* extraction folder deleted
# while the model is loaded: metadata and calls still worked), case_37 (the generated .cpp
# sources stripped from the archive: loaded and ran), case_38 (the package stored under a
# content-addressed name without .pt2: loaded), case_40 (a non-ASCII package file name: loaded).
TRIED = [case_06, case_07, case_08, case_12, case_14, case_15, case_19, case_21, case_25, case_26,
         case_32, case_35, case_37, case_38, case_40]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R),),
        default_out=ROOT / "benchmarks" / "live_blind42.jsonl",
        url_file="benchmarks/live_blind42.py", id_prefix="live42", stems=STEMS,
        scratch_prefix="live_blind42-", description=__doc__.splitlines()[0]))
