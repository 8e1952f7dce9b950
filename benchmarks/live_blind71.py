"""A seventy-first blind set of REAL AOTInductor failures (industrial visual inspection and anomaly detection), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind71.py [--out benchmarks/live_blind71.jsonl] [--keep]

Theme: industrial visual inspection and anomaly detection (a PatchCore-style scorer with a
patch-feature memory bank and nearest-neighbour scoring, a reconstruction autoencoder on
greyscale tiles, per-product thresholds, a line-scan strip model with a per-column flat-field
gain, defect masks and high-resolution images tiled into patches), exported, compiled, loaded and
run as a factory ML engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind70.py (their TRIED
lists included). Building the set imports nothing from aotidebug.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import live_blind as harness  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------------------ shared models
MODELS = """
S, P, D, M = 64, 8, 16, 200     # image side, patch size, feature dim, memory-bank size
NPROD, WCOL = 5, 512            # products on the line, line-scan sensor width

class PatchCore(torch.nn.Module):
    # patch features from a small backbone, distance to the nearest memory-bank entry per patch,
    # min-max normalised anomaly map (upsampled to the image) and the image score
    def __init__(self):
        super().__init__()
        self.backbone = torch.nn.Sequential(torch.nn.Conv2d(3, D, P, stride=P), torch.nn.ReLU())
        self.register_buffer("bank", torch.randn(M, D).abs())
    def forward(self, img):
        f = self.backbone(img).flatten(2).transpose(1, 2)               # (B, 64, D)
        d2 = (f * f).sum(-1, keepdim=True) - 2 * f @ self.bank.T + (self.bank * self.bank).sum(-1)
        score = d2.clamp_min(0).min(-1).values.sqrt()                   # (B, 64)
        lo, hi = score.amin(1, keepdim=True), score.amax(1, keepdim=True)
        amap = ((score - lo) / (hi - lo)).view(-1, 1, S // P, S // P)
        amap = torch.nn.functional.interpolate(amap, size=(S, S), mode="bilinear")
        return amap, score.amax(1)

class AE(torch.nn.Module):
    # reconstruction autoencoder on 32 x 32 greyscale tiles (pixels in [0, 1])
    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Sequential(torch.nn.Conv2d(1, 8, 3, 2, 1), torch.nn.ReLU(),
                                       torch.nn.Conv2d(8, 16, 3, 2, 1), torch.nn.ReLU())
        self.dec = torch.nn.Sequential(torch.nn.ConvTranspose2d(16, 8, 4, 2, 1), torch.nn.ReLU(),
                                       torch.nn.ConvTranspose2d(8, 1, 4, 2, 1), torch.nn.Sigmoid())
    def forward(self, tiles):
        return self.dec(self.enc(tiles))

class Verdict(torch.nn.Module):
    # per-product thresholds: NG if the image score exceeds the product's threshold
    def __init__(self):
        super().__init__()
        self.register_buffer("thr", torch.tensor([2.0, 2.5, 1.8, 3.0, 2.2]))
    def forward(self, score, product):
        t = self.thr[product]
        return (score > t).float(), score - t

class LineScan(torch.nn.Module):
    # a strip of lines from a line-scan camera: flat-field correction per column, defect mask
    def __init__(self):
        super().__init__()
        self.register_buffer("gain", torch.ones(WCOL))
        self.register_buffer("dark", torch.zeros(WCOL))
        self.seg = torch.nn.Conv2d(1, 1, 3, padding=1)
    def forward(self, strip):
        flat = (strip - self.dark) / self.gain
        return torch.sigmoid(self.seg(flat))

class RoiScores(torch.nn.Module):
    # scores of the patches an operator marked in the review UI (flat patch index)
    def forward(self, score, idx):
        return score[:, idx] * 1.0

def images(b=2, s=S):
    return torch.rand(b, 3, s, s)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("pc71", PatchCore().eval(), (images(2),), dynamic_shapes=({0: Dim("parts", min=1, max=32)},))
build("ae71", AE().eval(), (torch.rand(4, 1, 32, 32),),
      dynamic_shapes=({0: Dim("tiles", min=1, max=256)},))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_S = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n = Dim("parts", min=1, max=64)
build("thr71", Verdict(), (torch.rand(4) * 4, torch.randint(0, NPROD, (4,))),
      dynamic_shapes=({0: n}, {0: n}))
build("ls71", LineScan().eval(), (torch.rand(1, 1, 64, WCOL),),
      dynamic_shapes=({2: Dim("lines", min=16, max=1024)},))
build("roi71", RoiScores(), (torch.rand(2, 64), torch.randint(0, 64, (5,))),
      dynamic_shapes=(None, {0: Dim("marks", min=1, max=64)}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"pc71", "ae71", "thr71", "ls71", "roi71", "half71", "coil71", "cc71", "top71"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "topk-by-defect-area", "export_failure", "export", """
class AreaScore(PatchCore):
    # image score = mean of the top 1 % of the patches above the defect level
    def forward(self, img):
        amap, _ = super().forward(img)
        k = max(1, int((amap > 0.5).sum()) // 100)
        return amap.flatten(1).topk(k, dim=1).values.mean(1)
ep = torch.export.export(AreaScore().eval(), (images(2),))
""", "The number of pixels averaged for the image score is computed with int() from the size of "
       "the thresholded defect area, a data-dependent value that export cannot specialise.",
       "Use a fixed k (a fraction of the image size) or a masked mean instead of a "
       "data-dependent topk.", match=r".")


def case_02():
    return _m("case_02", "example-strip-over-max", "dynamic_shape_guard", "export", """
from torch.export import Dim
strip = torch.rand(1, 1, 2048, WCOL)            # a 2048-line example strip from the archive
ep = torch.export.export(LineScan().eval(), (strip,),
                         dynamic_shapes=({2: Dim("lines", min=16, max=1024)},))
""", "The example strip used at export has 2048 lines, outside the lines Dim declared with "
       "max=1024, so export refuses the specification.",
       "Export with an example inside the declared range (or raise max to the encoder's "
       "longest trigger).", match=r".")


def case_03():
    return _m("case_03", "sensor-binning-any-lines", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Binned(LineScan):
    # 4-line binning (sum of 4 consecutive lines) before the segmentation
    def forward(self, strip):
        b, c, l, w = strip.shape
        strip = strip.view(b, c, l // 4, 4, w).sum(3)
        return super().forward(strip)
ep = torch.export.export(Binned().eval(), (torch.rand(1, 1, 64, WCOL),),
                         dynamic_shapes=({2: Dim("lines", min=16, max=4096)},))
""", "The model bins 4 consecutive lines with view(l // 4, 4), which needs the line count to be "
       "a multiple of 4, but the lines Dim was declared as any integer.",
       "Declare the lines as 4 * Dim (a derived dim) or bin with a strided pooling op.",
       match=r".")


def case_04():
    return _m("case_04", "camera-sdk-device-select", "device_mismatch", "export", """
class Station(PatchCore):
    # the camera SDK pins each inspection station to its GPU before scoring
    def forward(self, img):
        torch.cuda.set_device(0)
        return super().forward(img)
ep = torch.export.export(Station().eval(), (images(2),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The forward pass selects GPU 0 with torch.cuda.set_device (a station setting copied from the "
       "GPU line), but the package is built on a CPU-only host without a driver.",
       "Keep device selection outside the model (in the loader, via device_index) and build "
       "on the target device type.", match=r".")


# ---------------------------------------------------------------------------- compile phase
def case_05():
    return _m("case_05", "connected-components-python-op", "unsupported", "compile", """
import numpy as np
@torch.library.custom_op("insp71::count_blobs", mutates_args=())
def count_blobs(mask: torch.Tensor) -> torch.Tensor:
    # 4-connected component count per image, written in numpy by the vision team
    m = mask.numpy() > 0.5
    out = []
    for im in m:
        lab = np.zeros(im.shape, np.int32); n = 0
        for y, x in zip(*np.nonzero(im)):
            if lab[y, x] == 0:
                n += 1; st = [(y, x)]
                while st:
                    a, b = st.pop()
                    if 0 <= a < im.shape[0] and 0 <= b < im.shape[1] and im[a, b] and not lab[a, b]:
                        lab[a, b] = n; st += [(a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)]
        out.append(n)
    return torch.tensor(out, dtype=torch.float32)
@count_blobs.register_fake
def _(mask):
    return mask.new_empty(mask.shape[0])
class Blobs(PatchCore):
    def forward(self, img):
        amap, score = super().forward(img)
        return torch.ops.insp71.count_blobs(amap[:, 0]), score
ep = torch.export.export(Blobs().eval(), (images(2),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cc71.pt2")
m = torch._inductor.aoti_load_package(pkg)
n, s = m(images(2))
""", "The defect-blob count is a Python custom op (numpy flood fill) inside the packaged model; "
       "AOTI has no C++ kernel for it and the package cannot run it without Python.",
       "Count blobs in the Python post-processing after the package call (or implement the op "
       "in C++ and register it).", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_06():
    return _c("case_06", "camera-upgraded-resolution", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pc71}")
frame = torch.rand(4, 3, 128, 128)               # the new 4 MP camera gives 128 x 128 crops
amap, score = m(frame)
""", "The station's camera was upgraded and the crops are now 128 x 128, while the PatchCore "
       "package was exported for static 64 x 64 images.",
       "Resize crops to 64 x 64 before the call (or re-fit and re-export at the new resolution).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_07():
    return _c("case_07", "colour-tiles-mono-ae", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ae71}")
tiles = torch.rand(16, 3, 32, 32)                # the replacement camera is a colour model
rec = m(tiles)
""", "The replacement camera delivers colour tiles (3 channels) to an autoencoder trained and "
       "exported on single-channel greyscale tiles.",
       "Convert tiles to greyscale (or set the camera to mono8) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "mes-product-ids-int32", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{thr71}")
product = torch.from_numpy(np.array([0, 3, 1, 4], dtype=np.int32))   # from the MES feed
ng, margin = m(torch.rand(4) * 4, product)
""", "The product ids come from the MES as a numpy int32 array, while the threshold package "
       "was exported with int64 (long) indices.",
       "Cast the product ids to int64 (.long()) before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Int|Long")


def case_09():
    return _c("case_09", "linescan-buffer-2d", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ls71}")
buf = torch.rand(256, 512)                       # the camera SDK's (lines, pixels) buffer
mask = m(buf.unsqueeze(0))                       # batch added, channel forgotten
""", "The line-scan SDK buffer (lines, pixels) is given only a batch axis, a rank-3 tensor, "
       "while the package takes (1, 1, lines, pixels).",
       "Add both leading axes (buf[None, None]) before the call.",
       needs=("s",), env=CHECK, match=r".")


def case_10():
    return _c("case_10", "wafer-tiles-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ae71}")
wafer = torch.rand(1, 1, 2048, 2048)             # a full high-resolution wafer image
tiles = wafer.unfold(2, 32, 32).unfold(3, 32, 32).reshape(-1, 1, 32, 32)   # 4096 tiles
rec = m(tiles)
""", "All 4096 32 x 32 tiles of a 2048 x 2048 wafer image are sent in one call to an "
       "autoencoder package whose tiles Dim was exported with max=256.",
       "Send the tiles in chunks of at most 256 (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"256|too large|range|bound")


def case_11():
    return _m("case_11", "idle-line-zero-parts", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pc71}")
batch = images(0)                                # no parts passed the trigger in this cycle
amap, score = m(batch)
""", "During an idle cycle the batch holds zero parts, but the package's parts Dim was exported "
       "with min=1.", "Skip the call when no part arrived (or export with min=0 support).",
       needs=("r",), env=CHECK, match=r".")


def case_12():
    return _c("case_12", "short-strip-end-of-coil", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ls71}")
tail = torch.rand(1, 1, 7, 512)                  # the last 7 lines at the end of the coil
mask = m(tail)
""", "The last strip at the end of a coil holds only 7 lines, below the lines Dim min=16 the "
       "line-scan package was exported with.",
       "Pad the final strip to 16 lines (or merge it with the previous strip).",
       needs=("s",), env=CHECK, match=r"16|small|range|bound")


# ------------------------------------------------------------------- run: weights and values
def case_13():
    return _c("case_13", "mes-recipe-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{thr71}")
recipe = torch.tensor([101, 104, 102, 105])      # the MES sends recipe numbers, not table rows
ng, margin = m(torch.rand(4) * 4, recipe)
""", "The MES sends recipe numbers (101..105) as the product id, but the package indexes a "
       "5-row threshold table with 0-based rows.",
       "Map recipe numbers to table rows (recipe - 101) before the call.",
       needs=("s",), match=r"out of bounds|index")


def case_14():
    return _c("case_14", "review-click-row-stride", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{roi71}")
clicks = torch.tensor([[10, 40], [63, 63], [5, 60]])   # (x, y) pixels the reviewer clicked
idx = clicks[:, 1] // 8 * 64 + clicks[:, 0] // 8       # row stride written as the image width
scores = m(torch.rand(2, 64), idx)
""", "The flat patch index of a reviewer's click is computed with the image width (64) as the "
       "row stride instead of the 8-patch grid width, so the indices exceed the 64 patches.",
       "Use the patch-grid width: (y // 8) * 8 + x // 8.",
       needs=("s",), match=r"out of bounds|index")


def case_15():
    return _c("case_15", "refit-bank-more-samples", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{pc71}")
bank = torch.randn(300, 16).abs()                # re-fitted on 300 new good patches
m.load_constants({"bank": bank}, check_full_update=False)
amap, score = m(torch.rand(2, 3, 64, 64))
""", "The memory bank is re-fitted on more good samples (300 rows) and swapped into a package "
       "that compiled the bank as a fixed (200, 16) constant.",
       "Subsample the new bank to the compiled size (coreset of 200) or re-export with the new "
       "bank.", needs=("r",), expect="crash", match=r"Abort|corrupt")


def case_16():
    return _c("case_16", "thresholds-as-json-list", "constant_loading", "run", """
import json
m = torch._inductor.aoti_load_package("{thr71}")
qa = json.loads('{"thr": [2.1, 2.4, 1.9, 3.2, 2.0]}')   # the QA team's new thresholds file
m.load_constants(qa, check_full_update=False)
""", "The per-product thresholds from the QA team's JSON file are loaded as a Python list, "
       "while load_constants needs a tensor for each constant.",
       "Wrap the values in torch.tensor(..., dtype=torch.float32) before load_constants.",
       needs=("s",), match=r".")


def case_17():
    return _c("case_17", "ae-fed-raw-pixel-values", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ae71}")
good = (torch.rand(32, 1, 32, 32) * 40 + 100).round()   # good tiles as 8-bit grey levels
err = (m(good) - good).pow(2).mean((1, 2, 3))
assert (err < 0.05).float().mean() > 0.9, f"{int((err >= 0.05).sum())}/32 good tiles flagged"
""", "Good tiles are sent as raw 8-bit grey levels (0..255) to an autoencoder trained on [0, 1]; "
       "the sigmoid output cannot reach them, so every tile's reconstruction error is huge.",
       "Divide the pixels by 255 before the call (the training normalisation).",
       needs=("r",), match=r"AssertionError")


def case_18():
    return _c("case_18", "lighting-failure-black-frame", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pc71}")
frames = torch.rand(2, 3, 64, 64)
frames[1] = 0.0                                  # the ring light failed: a black frame
amap, score = m(frames)
assert torch.isfinite(amap).all(), "non-finite anomaly map"
""", "A black frame (ring light failure) gives the same feature for every patch, so the min-max "
       "normalisation of the anomaly map divides 0 by 0 and the map is NaN.",
       "Add an epsilon to (max - min) in the normalisation and reject frames with too little "
       "contrast before scoring.", needs=("r",), match=r"AssertionError")


def case_19():
    return _c("case_19", "flat-field-dead-column", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ls71}")
white = torch.rand(64, 512) * 0.1 + 0.8
white[:, 317] = 0.0                              # a dead sensor pixel in the white reference
m.load_constants({"gain": white.mean(0)}, check_full_update=False)   # nightly flat-field refresh
mask = m(torch.rand(1, 1, 128, 512))
assert torch.isfinite(mask).all() and not (mask[..., 316:319] == 1).all(), "column 317 saturated"
""", "The flat-field gain is refreshed from a white reference with a dead sensor pixel, so its "
       "gain is 0 and the correction divides by zero, saturating that column's mask.",
       "Floor the gain (gain.clamp_min(eps)) and map dead pixels from the neighbours before "
       "loading the calibration.", needs=("s",), match=r"AssertionError")


def case_20():
    return _m("case_20", "bank-distances-in-half", "numerical", "run", """
pc = PatchCore().eval()
pc.bank.mul_(40.0)                               # features of the production backbone scale
pc = pc.half()                                   # halve the edge box's memory
ep = torch.export.export(pc, (images(2).half(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/half71.pt2")
m = torch._inductor.aoti_load_package(pkg)
amap, score = m(images(2).half())
assert torch.isfinite(score).all(), "non-finite image score"
""", "The scorer is served in float16; the squared distances to the memory bank (features of "
       "magnitude ~40, 16 dims) exceed float16's maximum 65504 and become inf.",
       "Keep the distance computation in float32 (or normalise the features) when serving in "
       "half precision.", match=r"AssertionError")


def case_21():
    return _m("case_21", "whole-coil-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
ep = torch.export.export(LineScan().eval(), (torch.rand(1, 1, 64, WCOL),),
                         dynamic_shapes=({2: Dim("lines", min=16, max=2**20)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/coil71.pt2")
m = torch._inductor.aoti_load_package(pkg)
coil = torch.rand(1, 1, 400000, WCOL)            # the whole coil (400k lines) buffered first
# the edge box's inspection service has 512 MiB left after the model and the coil buffer
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    mask = m(coil)
""", "The whole coil (400k lines x 512 px, ~800 MB) is buffered and sent in one call to a service "
       "with 512 MiB left; the package's intermediate and output buffers do not fit.",
       "Stream the coil in strips of a few thousand lines.", match=r"memory|alloc")


def case_22():
    return _c("case_22", "bank-from-other-product", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pc71}")
good = torch.rand(8, 3, 64, 64)
_, before = m(good)
m.load_constants({"bank": torch.randn(200, 16).abs() * 5 + 3}, check_full_update=False)  # bracket_B
_, after = m(good)
assert torch.allclose(before, after, rtol=0.2), f"good parts' score {before.mean():.2f} -> {after.mean():.2f}"
""", "At changeover the memory bank of another product is loaded, so good parts of this product "
       "all score far from the bank and are rejected, without any error.",
       "Key the memory banks by product and check the bank's product id at changeover.",
       needs=("r",), match=r"AssertionError")


def case_23():
    return _m("case_23", "verdict-string-threshold", "export_failure", "export", """
class Gate(Verdict):
    # the PLC expects a verdict code; thresholds by product name
    NAMES = ["bracket_a", "bracket_b", "housing", "lid", "gasket"]
    def forward(self, score, product: str):
        return score > self.thr[self.NAMES.index(product)]
ep = torch.export.export(Gate(), (torch.rand(4), "housing"))
pkg = torch._inductor.aoti_compile_and_package(ep)
m = torch._inductor.aoti_load_package(pkg)
ng = m(torch.rand(4), "lid")
""", "The product is passed as a string argument; export bakes the example string in as a "
       "constant, so the package cannot take a product name at run time.",
       "Pass the product as an int64 index tensor (or build one package per product).",
       match=r".")

def case_24():
    return _m("case_24", "crop-size-dynamic-fixed-grid", "dynamic_shape_guard", "export", """
from torch.export import Dim
h, w = Dim("h", min=4, max=64), Dim("w", min=4, max=64)   # crops of 32..512 px, every product
ep = torch.export.export(PatchCore().eval(), (images(2, 64),),
                         dynamic_shapes=({0: Dim("parts", max=32), 2: 8 * h, 3: 8 * w},))
""", "The crop height and width are declared dynamic, but the scorer reshapes the patch scores "
       "into the fixed 8 x 8 grid of the 64-pixel training crops and upsamples to 64, so export "
       "finds the sizes specialised.",
       "Derive the grid from the input shape (img.shape[-2:] // 8) or keep the crop size static, "
       "one package per product.", match=r".")


def case_25():
    return _c("case_25", "wider-linescan-sensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ls71}")
strip = torch.rand(1, 1, 256, 2048)              # line 3 runs the 2048-pixel camera model
mask = m(strip)
""", "The strip comes from a 2048-pixel line-scan camera on another line, while the package "
       "(and its per-column gain) was exported for the 512-pixel sensor.",
       "Use the package calibrated for that camera (or split the strip into 512-pixel "
       "segments with their own gains).", needs=("s",), env=CHECK, match=r"dim value|size|shape")

def case_26():
    return _c("case_26", "thresholds-sorted-by-name", "numerical", "run", """
m = torch._inductor.aoti_load_package("{thr71}")
table = {"housing": 1.8, "bracket_a": 2.0, "lid": 3.0, "bracket_b": 2.5, "gasket": 2.2}  # line order
order = list(table)                              # product index = position on the line
m.load_constants({"thr": torch.tensor([table[k] for k in sorted(table)])},   # the store sorts by name
                 check_full_update=False)
score = torch.tensor([2.9, 2.9, 2.9, 2.9, 2.9])
ng, margin = m(score, torch.arange(5))
want = torch.tensor([float(2.9 > table[k]) for k in order])
assert torch.equal(ng, want), f"verdicts {ng.tolist()} != {want.tolist()}"
""", "The refreshed per-product thresholds are written in the parameter store's name-sorted "
       "order, while the package's table is indexed by the product's position on the line, so "
       "parts are judged against another product's threshold without any error.",
       "Build the threshold tensor in the line's product-index order (keep an explicit "
       "name -> index map).", needs=("s",), match=r"AssertionError")


def case_27():
    return _c("case_27", "coreset-bank-float64", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{pc71}")
bank = np.abs(np.random.randn(200, 16))          # the numpy greedy coreset returns float64
m.load_constants({"bank": torch.from_numpy(bank)}, check_full_update=False)
amap, score = m(torch.rand(2, 3, 64, 64))
""", "The re-fitted memory bank from the numpy coreset selection is float64 and is loaded into a "
       "package that compiled the bank as a float32 constant.",
       "Cast the bank to float32 (bank.astype(np.float32)) before load_constants.",
       needs=("r",), expect="crash", match=r"Segmentation|Abort|corrupt")

def case_28():
    return _c("case_28", "review-select-all-patches", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{roi71}")
marked = torch.cat([torch.arange(64), torch.arange(64)])   # "select all" twice: both overlays
scores = m(torch.rand(2, 64), marked)
""", "The reviewer's 'select all' on both overlays marks 128 patches, while the ROI package's "
       "marks Dim was exported with max=64.",
       "De-duplicate the marked patches (at most 64) or export with a larger max.",
       needs=("s",), env=CHECK, match=r"64|too large|range|bound")


def case_29():
    return _c("case_29", "anomalib-bank-key", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{pc71}")
state = {"memory_bank": torch.randn(200, 16).abs()}   # the bank as the anomalib trainer names it
m.load_constants(state, check_full_update=False)
""", "The re-fitted memory bank is stored under the training framework's attribute name "
       "'memory_bank', while the package's constant is named 'bank'.",
       "Rename the key to the package's constant name (see get_constant_fqns()) before "
       "load_constants.", needs=("r",), match=r".")


CASES = [case_01, case_02, case_04, case_06, case_07, case_08, case_09, case_10, case_11,
         case_12, case_13, case_14, case_15, case_16, case_18, case_19, case_21, case_22,
         case_25, case_27, case_28, case_29]
# Removed after the first trial had started, because a grep found the same trigger in an earlier
# set (whatever their trial result): case_03 (4-line binning with view(l // 4, 4) over a plain
# dynamic Dim; live_blind65's temporal reshape(t // 4, 4)), case_17 (good tiles as float 0-255
# grey levels into a [0, 1] model; live_blind57's undivided frame) and case_23 (the product as a
# str argument of forward; live_blind21's `mode: str` argument). Kept for the record only.
# Failed another way than labelled in its trial: case_26 (thresholds re-loaded in name-sorted
# order, written as numerical) stopped at load_constants with "Constant not found: thr" -- the
# threshold table is not an updatable constant under that name in the package, so the silent
# mis-ordering it was written for cannot happen this way (a trigger bug).
DROPPED = [case_03, case_17, case_23, case_26]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_05 (a numpy flood-fill blob
# count as a Python custom op inside the package: compiled, loaded and ran) and case_20 (the
# scorer served in float16 with a memory bank of magnitude ~40: no inf, it ran) and case_24 (the
# crop height and width declared as 8 * Dim with the 8 x 8 patch grid hard-coded: exported).
TRIED = [case_05, case_20, case_24]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind71.jsonl",
        url_file="benchmarks/live_blind71.py", id_prefix="live71", stems=STEMS,
        scratch_prefix="live_blind71-", description=__doc__.splitlines()[0]))
