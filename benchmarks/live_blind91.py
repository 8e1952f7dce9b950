"""A ninety-first blind set of REAL AOTInductor failures (fashion and virtual try-on), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind91.py [--out benchmarks/live_blind91.jsonl] [--keep]

Theme: fashion and virtual try-on (garment warping with a dense flow field and grid_sample, a
human-parsing map with a fixed label count embedded per pixel, pose keypoints rendered as
Gaussian heatmaps for conditioning, a size-chart regression from body measurements, catalogue
attributes from a multi-label head with a per-category bias), exported, compiled, loaded and
run as a fashion-tech engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind90.py (their TRIED
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
import torch.nn.functional as F
H, W = 32, 24        # try-on resolution (portrait 4:3, a downscaled 256 x 192)
NL = 18              # ATR human-parsing labels (background, hat, hair, ..., bag, scarf)
NK = 18              # COCO-18 pose keypoints
NA = 12              # catalogue attributes (sleeveless, striped, floral, v-neck, ...)
NCAT = 40            # catalogue categories
SIZES = ["XS", "S", "M", "L", "XL", "XXL"]
MEAN = [170.0, 96.0, 80.0, 100.0, 78.0, 44.0]   # height, chest, waist, hip, inseam, shoulder (cm)
STD = [9.0, 9.0, 10.0, 8.0, 5.0, 3.0]

class Warp(torch.nn.Module):
    # warp the in-shop garment onto the person with a dense flow in normalised [-1, 1] units
    def forward(self, cloth, flow):
        h, w = flow.shape[-2], flow.shape[-1]
        ys = torch.arange(h, dtype=torch.float32) * (2.0 / (h - 1)) - 1
        xs = torch.arange(w, dtype=torch.float32) * (2.0 / (w - 1)) - 1
        gy, gx = torch.meshgrid(ys, xs, indexing="ij")
        base = torch.stack([gx, gy], -1).unsqueeze(0)
        grid = base + flow.permute(0, 2, 3, 1)
        return F.grid_sample(cloth, grid, mode="bilinear", padding_mode="zeros", align_corners=True)

class Parse(torch.nn.Module):
    # human-parsing label map (B, H, W) -> per-pixel label embedding -> 3x3 conv conditioning
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(NL, 8)
        self.conv = torch.nn.Conv2d(8, 4, 3, padding=1)
    def forward(self, labels):
        return self.conv(self.emb(labels).permute(0, 3, 1, 2))

class Pose(torch.nn.Module):
    # keypoints (B, NK, 2) in [0, 1] -> Gaussian heatmaps (B, NK, H, W) -> 1x1 conv conditioning
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(NK, 4, 1)
    def forward(self, kp):
        ys = torch.linspace(0, 1, H).view(1, 1, H, 1)
        xs = torch.linspace(0, 1, W).view(1, 1, 1, W)
        d2 = (xs - kp[..., 0, None, None]) ** 2 + (ys - kp[..., 1, None, None]) ** 2
        return self.conv(torch.exp(-d2 / (2 * 0.05 ** 2)))

class SizeReg(torch.nn.Module):
    # body measurements (B, 6) in cm -> logits over the size chart XS..XXL
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN))
        self.register_buffer("std", torch.tensor(STD))
        self.fc1 = torch.nn.Linear(8, 16)
        self.fc2 = torch.nn.Linear(16, len(SIZES))
    def forward(self, meas):
        z = (meas - self.mean) / self.std
        ratios = torch.stack([meas[:, 1] / meas[:, 2], meas[:, 3] / meas[:, 2]], 1)  # chest/waist, hip/waist
        return self.fc2(torch.relu(self.fc1(torch.cat([z, ratios], 1))))

class Attr(torch.nn.Module):
    # image embedding (B, 64) + catalogue category id (B,) -> multi-label attribute probabilities
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(64, NA)
        self.cat_bias = torch.nn.Embedding(NCAT, NA)
    def forward(self, feat, category):
        return torch.sigmoid(self.head(feat) + self.cat_bias(category))

def garment(b=2, h=H, w=W):
    return torch.rand(b, 3, h, w)

def small_flow(b=2, h=H, w=W):
    return 0.05 * torch.randn(b, 2, h, w)

def measurements(b=4):
    return torch.tensor(MEAN) + torch.tensor(STD) * torch.randn(b, 6)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b = Dim("garments", min=1, max=8)
build("warp91", Warp(), (garment(2), small_flow(2)), dynamic_shapes=({0: b}, {0: b}))
build("parse91", Parse().eval(), (torch.randint(0, NL, (2, H, W)),),
      dynamic_shapes=({0: Dim("people", min=1, max=8)},))
build("pose91", Pose().eval(), (torch.rand(2, NK, 2),), dynamic_shapes=({0: Dim("people", min=1, max=8)},))
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
build("size91", SizeReg().eval(), (measurements(4),), dynamic_shapes=({0: Dim("customers", min=1, max=256)},))
n = Dim("products", min=1, max=64)
build("attr91", Attr().eval(), (torch.randn(4, 64), torch.randint(0, NCAT, (4,))),
      dynamic_shapes=({0: n}, {0: n}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"warp91", "parse91", "pose91", "size91", "attr91", "hires91"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "size-name-from-chart-list", "export_failure", "export", """
class Recommend(SizeReg):
    # the recommendation endpoint returns the size label directly
    def forward(self, meas):
        logits = super().forward(meas)
        return {"size": SIZES[logits[0].argmax()], "logits": logits}
ep = torch.export.export(Recommend().eval(), (measurements(1),))
""", "The size recommender indexes the Python SIZES list with the argmax tensor to return the "
       "label string, a data-dependent Python index that torch.export cannot trace.",
       "Return the logits (or the argmax index tensor) from the package and map the index to "
       "'XS'..'XXL' in the serving code.", match=r".")


def case_02():
    return _m("case_02", "at-least-one-attribute-branch", "export_failure", "export", """
class AttrAtLeastOne(Attr):
    # the catalogue UI must always show one tag: if nothing passes 0.5, keep the top attribute
    def forward(self, feat, category):
        p = super().forward(feat, category)
        if (p > 0.5).sum() == 0:
            return (p == p.max()).float()
        return (p > 0.5).float()
ep = torch.export.export(AttrAtLeastOne().eval(), (torch.randn(4, 64), torch.randint(0, NCAT, (4,))))
""", "The multi-label head branches in Python on whether any attribute passes the 0.5 threshold, "
       "data-dependent control flow that torch.export cannot trace.",
       "Express the fallback with tensor ops (torch.where on the count) or torch.cond, or move "
       "the 'at least one tag' rule to the UI code.", match=r".")


def case_03():
    return _m("case_03", "drop-invisible-joints", "export_failure", "export", """
class VisiblePose(Pose):
    # keypoints come with a visibility flag; invisible joints are dropped before rendering
    def forward(self, kp):
        vis = kp[..., 2] > 0
        pts = kp[vis][:, :2].view(kp.shape[0], -1, 2)
        ys = torch.linspace(0, 1, H).view(1, 1, H, 1)
        xs = torch.linspace(0, 1, W).view(1, 1, 1, W)
        d2 = (xs - pts[..., 0, None, None]) ** 2 + (ys - pts[..., 1, None, None]) ** 2
        return torch.exp(-d2 / (2 * 0.05 ** 2)).sum(1)
kp = torch.cat([torch.rand(2, NK, 2), (torch.rand(2, NK, 1) > 0.2).float()], -1)
ep = torch.export.export(VisiblePose().eval(), (kp,))
""", "Invisible joints are removed with a boolean mask (kp[vis]) and the rest reshaped per "
       "person, so the joint count is a data-dependent (unbacked) size export cannot reshape on.",
       "Keep all 18 joints and zero the heatmaps of invisible ones (multiply by the visibility "
       "flag) instead of dropping them.", match=r".")


def case_04():
    return _m("case_04", "flow-resolution-own-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class TryOn(torch.nn.Module):
    # blend the warped garment over the person image
    def __init__(self):
        super().__init__()
        self.warp = Warp()
    def forward(self, person, cloth, flow):
        return 0.5 * person + 0.5 * self.warp(cloth, flow)
h, w = Dim("h", min=16, max=512), Dim("w", min=16, max=512)
fh, fw = Dim("flow_h", min=16, max=512), Dim("flow_w", min=16, max=512)  # the flow net's output size
ep = torch.export.export(TryOn(), (garment(2), garment(2), small_flow(2)),
                         dynamic_shapes=({2: h, 3: w}, {2: h, 3: w}, {2: fh, 3: fw}))
""", "The flow field's height and width get their own Dims, but grid_sample's output has the "
       "flow's size and is added to the person image, so export finds flow_h == h and flow_w == "
       "w and rejects the independent Dims.", "Use the same Dims h, w for the flow as for the "
       "images (or derive them, e.g. h // 2 for a half-resolution flow that is upsampled).",
       match=r".")


def case_05():
    return _m("case_05", "keypoint-count-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
joints = Dim("joints", min=1, max=25)      # so BODY_25 and COCO-18 skeletons share one package
ep = torch.export.export(Pose().eval(), (torch.rand(2, NK, 2),), dynamic_shapes=({1: joints},))
""", "The number of keypoints is declared dynamic, but the heatmap conditioning conv has 18 "
       "input channels, so export specialises the joint count to 18.",
       "Keep the skeleton size static (one package per keypoint layout) or map BODY_25 to the "
       "18 COCO joints before the call.", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_06():
    return _c("case_06", "flow-channels-last", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{warp91}")
cloth = torch.rand(2, 3, 32, 24)
flow = 0.05 * torch.randn(2, 32, 24, 2)        # the flow estimator returns (B, H, W, 2)
warped = m(cloth, flow)
""", "The flow estimator returns the flow as (B, H, W, 2) while the warp package was exported "
       "for (B, 2, H, W).", "Permute the flow to (B, 2, H, W) (flow.permute(0, 3, 1, 2)) before "
       "the call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_07():
    return _c("case_07", "cloth-at-catalogue-resolution", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{warp91}")
cloth = torch.rand(2, 3, 64, 48)               # the in-shop photo at catalogue resolution
flow = 0.05 * torch.randn(2, 2, 32, 24)        # the flow from the low-resolution estimator
warped = m(cloth, flow)
""", "The in-shop garment photo is sent at catalogue resolution (64 x 48) while the warp package "
       "was exported for the 32 x 24 try-on resolution of the flow.",
       "Resize the garment to the try-on resolution (F.interpolate) before the call, or export "
       "a package for the catalogue resolution.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "parsing-map-one-hot", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{parse91}")
labels = torch.randint(0, 18, (2, 32, 24))
onehot = torch.nn.functional.one_hot(labels, 18).permute(0, 3, 1, 2).float()  # the training loader's form
cond = m(onehot)
""", "The parsing map is sent as the training loader's one-hot float tensor (B, 18, H, W) while "
       "the package takes the label-index map (B, H, W) in int64.",
       "Send labels = onehot.argmax(1) (an int64 label map) to the package.",
       needs=("r",), env=CHECK, match=r"dim|dtype|size|shape")


def case_09():
    return _c("case_09", "keypoints-flat-json", "input_mismatch", "run", """
import json
m = torch._inductor.aoti_load_package("{pose91}")
# the pose service's JSON gives a flat [x0, y0, x1, y1, ...] list per person
people = json.loads(json.dumps([[0.5] * 36, [0.4] * 36]))
kp = torch.tensor(people)                      # (2, 36)
cond = m(kp)
""", "The keypoints are taken from the pose service's flat JSON list as (B, 36), while the pose "
       "package was exported for (B, 18, 2).", "Reshape to (B, 18, 2) (kp.view(-1, 18, 2)) "
       "before the call.", needs=("r",), env=CHECK, match=r"dim|size|shape")


def case_10():
    return _c("case_10", "one-customer-no-batch", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{size91}")
meas = torch.tensor([176.0, 101.0, 86.0, 103.0, 81.0, 46.0])   # one customer's size-chart form
logits = m(meas)
""", "One customer's six measurements are sent as a 1-D tensor (6,) while the size package "
       "was exported for a batch (customers, 6).", "Add the batch dimension (meas[None]) before "
       "the call.", needs=("s",), env=CHECK, match=r"dim|size|shape")


def case_11():
    return _c("case_11", "category-codes-int8", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{attr91}")
feat = torch.randn(4, 64)
codes = np.array([3, 17, 17, 39], dtype=np.int8)   # pandas Categorical .codes of the catalogue feed
attrs = m(feat, torch.from_numpy(codes))
""", "The category ids come from a pandas Categorical's .codes, which are int8 for under 128 "
       "categories, while the attribute package was exported with int64 ids.",
       "Cast the codes to int64 (torch.from_numpy(codes).long()) before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Char|Long")


def case_12():
    return _c("case_12", "full-look-twelve-garments", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{warp91}")
cloth = torch.rand(12, 3, 32, 24)              # a full look: 12 garments warped in one call
flow = 0.05 * torch.randn(12, 2, 32, 24)
warped = m(cloth, flow)
""", "A full look of 12 garments is warped in one call, but the warp package's garment Dim was "
       "exported with max=8.", "Warp the look in chunks of at most 8 garments (or re-export "
       "with a larger max).", needs=("r",), env=CHECK, match=r"8|too large|range|bound")


def case_13():
    return _c("case_13", "empty-outfit-after-filter", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{warp91}")
selected = torch.zeros(3, dtype=torch.bool)    # every garment filtered out as out of stock
cloth = torch.rand(3, 3, 32, 24)[selected]
flow = (0.05 * torch.randn(3, 2, 32, 24))[selected]
warped = m(cloth, flow)
""", "After the out-of-stock filter the outfit is empty, and a batch of 0 garments is sent to "
       "the warp package, below the minimum of its garment Dim.",
       "Skip the call when no garment is left (if len(cloth) == 0).", needs=("r",), env=CHECK,
       match=r"too small|range|bound|0")


# -------------------------------------------------------------- run: indices, numerics (R, S)
def case_14():
    return _c("case_14", "lip-labels-into-atr-parser", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{parse91}")
labels = torch.randint(0, 20, (2, 32, 24))     # the new parser emits the 20 LIP labels (0..19)
cond = m(labels)
""", "The upstream human parser was switched to the 20-label LIP scheme, while the conditioning "
       "package embeds the 18 ATR labels; labels 18 and 19 index past the embedding table.",
       "Map LIP labels to the ATR scheme before the call (or re-export with an embedding of 20 "
       "labels).", needs=("r",), expect="crash", match=r"out of bounds",
       env={"OMP_NUM_THREADS": "1"})


def case_15():
    return _c("case_15", "new-catalogue-category", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{attr91}")
feat = torch.randn(4, 64)
category = torch.tensor([3, 17, 40, 12])       # 40: 'swimwear', added to the catalogue after training
attrs = m(feat, category)
""", "A category added to the catalogue after training gets id 40, but the package's "
       "per-category bias table has 40 rows (ids 0..39).",
       "Map new categories to a fallback id (or retrain and re-export with the new table size).",
       needs=("s",), match=r"out of bounds")


def case_16():
    return _c("case_16", "flow-in-pixels", "numerical", "run", """
m = torch._inductor.aoti_load_package("{warp91}")
cloth = torch.rand(2, 3, 32, 24) + 0.1
flow = torch.zeros(2, 2, 32, 24)
flow[:, 0] = 3.0                               # the estimator's flow: 3 pixels to the right
warped = m(cloth, flow)
covered = (warped.abs().sum(1) > 0).float().mean()
assert covered > 0.5, f"warped garment covers {covered:.0%} of the canvas"
""", "The flow estimator outputs displacements in pixels, but the warp package adds the flow to "
       "a [-1, 1] normalised grid; 3 pixels become 1.5 image widths and the garment is sampled "
       "from outside the image (zeros).", "Convert the flow to normalised units (dx * 2 / (W - "
       "1), dy * 2 / (H - 1)) before the call.", needs=("r",), match=r"AssertionError")


def case_17():
    return _c("case_17", "double-sigmoid-tags", "numerical", "run", """
m = torch._inductor.aoti_load_package("{attr91}")
feat = torch.randn(64, 64)
category = torch.randint(0, 40, (64,))
probs = m(feat, category)
tags = torch.sigmoid(probs) > 0.5              # the training helper's decode for BCEWithLogits logits
share = tags.float().mean()
assert share < 0.9, f"{share:.0%} of all attributes tagged on every product"
""", "The package already ends in sigmoid, and the catalogue job decodes its output with the "
       "training helper that applies sigmoid again, so every probability becomes > 0.5 and every "
       "attribute is tagged.", "Threshold the package's probabilities directly (probs > 0.5).",
       needs=("s",), match=r"AssertionError")


def case_18():
    return _c("case_18", "missing-waist-as-zero", "numerical", "run", """
m = torch._inductor.aoti_load_package("{size91}")
meas = torch.tensor([[176.0, 101.0, 86.0, 103.0, 81.0, 46.0],
                     [165.0, 92.0, 0.0, 98.0, 76.0, 41.0]])   # the form stores a skipped field as 0
probs = m(meas).softmax(-1)
assert torch.isfinite(probs).all(), f"size probabilities {probs[1].tolist()}"
""", "A customer skipped the waist field, which the form stores as 0; the package's chest/waist "
       "and hip/waist ratio features become inf and the size probabilities NaN.",
       "Treat skipped fields as missing (impute from the other measurements) before the call, "
       "never as 0.", needs=("s",), match=r"AssertionError")


# ---------------------------------------------------------------------- run: weights (S)
def case_19():
    return _c("case_19", "retrained-head-fourteen-attributes", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{attr91}")
# the retrained head adds two attributes (puff-sleeve, cut-out): 14 instead of 12
sd = {"head.weight": torch.randn(14, 64), "head.bias": torch.randn(14),
      "cat_bias.weight": torch.randn(40, 14)}
m.load_constants(sd, check_full_update=True)
attrs = m(torch.randn(4, 64), torch.randint(0, 40, (4,)))
""", "The retrained attribute head predicts 14 attributes, and its weights are pushed into the "
       "12-attribute package with load_constants.",
       "Re-export and recompile the package for the 14-attribute head; load_constants only "
       "swaps weights of the same shapes.", needs=("s",), expect="crash",
       match=r"Segmentation fault|Aborted")


def case_20():
    return _c("case_20", "size-v2-renamed-stats", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{size91}")
# size model v2 renamed its normalisation buffers mean/std to mu/sigma; the ops job pushes its state_dict
sd = {"mu": torch.tensor([171.0, 97.0, 81.0, 101.0, 78.0, 44.0]),
      "sigma": torch.tensor([9.0, 9.0, 10.0, 8.0, 5.0, 3.0]),
      "fc1.weight": torch.randn(16, 8), "fc1.bias": torch.randn(16),
      "fc2.weight": torch.randn(6, 16)}
m.load_constants(sd, check_full_update=True)
""", "The v2 size model renamed its normalisation buffers (mean/std to mu/sigma), and its "
       "state_dict is pushed into the v1 package, which has no constants of those names.",
       "Rename the keys to the package's constant names (m.get_constant_fqns()) or re-export "
       "v2.", needs=("s",), match=r".")


# ---------------------------------------------------------------------- run: resources
def case_21():
    return _m("case_21", "full-res-lookbook-capped-pod", "out_of_memory", "run", """
import resource
from torch.export import Dim
h, w = Dim("h", min=16, max=4096), Dim("w", min=16, max=4096)
b = Dim("garments", min=1, max=16)
ep = torch.export.export(Warp(), (garment(2, 64, 48), small_flow(2, 64, 48)),
                         dynamic_shapes=({0: b, 2: h, 3: w}, {0: b, 2: h, 3: w}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hires91.pt2")
m = torch._inductor.aoti_load_package(pkg)
cloth = garment(8, 2048, 1536)                 # the lookbook renders 8 garments at 2048 x 1536
flow = small_flow(8, 2048, 1536)
# the try-on worker's pod has 256 MiB left after loading the model and the inputs
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**28, vm + 2**28))
with torch.no_grad():
    out = m(cloth, flow)
""", "Eight garments are warped at full 2048 x 1536 lookbook resolution in one call on a worker "
       "with about 256 MiB left; the sampling grid and the warped output (about 200 and 300 MB) "
       "do not fit.", "Warp the lookbook one garment at a time (or at the try-on resolution and "
       "upsample), or give the worker more memory.", match=r"memory|alloc")


def case_22():
    return _c("case_22", "parsing-png-uint8", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{parse91}")
# the parsing maps are stored as palette PNGs; np.array(Image.open(path)) gives uint8 label maps
png = np.random.randint(0, 18, (2, 32, 24)).astype(np.uint8)
cond = m(torch.from_numpy(png))
""", "The human-parsing maps are read from palette PNG files as uint8 arrays, while the parsing "
       "package was exported for int64 label maps.",
       "Convert the label map to int64 (torch.from_numpy(png).long()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Byte|Long")


def case_23():
    return _c("case_23", "half-precision-head-checkpoint", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{attr91}")
# the nightly retrain saves the attribute head in float16 to halve the artifact size
sd = {"head.weight": torch.randn(12, 64).half(), "head.bias": torch.randn(12).half(),
      "cat_bias.weight": torch.randn(40, 12).half()}
m.load_constants(sd, check_full_update=True)
attrs = m(torch.randn(4, 64), torch.randint(0, 40, (4,)))
""", "The retrained attribute head's weights are saved in float16 and pushed into the float32 "
       "package with load_constants.", "Cast the state_dict to float32 ({k: v.float()}) before "
       "load_constants (or re-export the package in half precision).", needs=("s",), match=r".")


def case_24():
    return _c("case_24", "group-shot-eleven-people", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pose91}")
kp = torch.rand(11, 18, 2)                     # a group shot from the campaign: 11 people detected
cond = m(kp)
""", "The pose detector found 11 people in a campaign group shot, and all are sent in one call to "
       "the pose package whose people Dim was exported with max=8.",
       "Condition at most 8 people per call (chunk the detections) or re-export with a larger "
       "max.", needs=("r",), env=CHECK, match=r"8|too large|range|bound")


CASES = [case_01, case_02, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_22, case_24]
DROPPED = []
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_03 (invisible joints dropped
# with a boolean mask and reshaped per person: exported) and case_23 (the attribute head's
# weights pushed in float16 into the float32 package with load_constants, then a call: no error).
TRIED = [case_03, case_23]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind91.jsonl",
        url_file="benchmarks/live_blind91.py", id_prefix="live91", stems=STEMS,
        scratch_prefix="live_blind91-", description=__doc__.splitlines()[0]))
