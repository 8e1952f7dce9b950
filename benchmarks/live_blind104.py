"""A hundred-and-fourth blind set of REAL AOTInductor failures (semiconductor manufacturing and chip design models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind104.py [--out benchmarks/live_blind104.jsonl] [--keep]

Theme: semiconductor manufacturing and chip design (a wafer-map defect-pattern classifier over
die-state grids, a yield estimator, an FDC fault detector over process-tool sensor traces with
recipe steps, an RF-match feature, a virtual-metrology regressor, a review-SEM defect classifier,
a lithography hotspot detector on layout clips, a netlist GNN and a placement-grid congestion
predictor), exported, compiled, loaded and run as a fab ML engineer would. No trigger repeats one
of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind103.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
DIES = 32   # die grid of product A (wafer map padded to 32 x 32); states 0 no die, 1 pass, 2 fail
NS = 8      # FDC sensors: pressure (mTorr), RF fwd (W), RF refl (W), Ar, O2, CF4 (sccm), ESC (C), He (Torr)
STEPS = 12  # recipe steps of the etch recipe, numbered 0..11 in the training data
MEAN = [30.0, 1500.0, 20.0, 200.0, 50.0, 100.0, 60.0, 10.0]
STD = [2.0, 50.0, 5.0, 5.0, 2.0, 4.0, 1.0, 0.2]

class WaferNet(torch.nn.Module):
    # WM-811K-style defect pattern (9 classes: Center, Donut, Edge-Loc, Edge-Ring, Loc, Near-full,
    # Random, Scratch, none) from die-state maps (wafers, 32, 32), int64 states 0/1/2
    def __init__(self):
        super().__init__()
        self.state = torch.nn.Embedding(3, 4)
        self.c1 = torch.nn.Conv2d(4, 8, 3, padding=1)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(16, 9)
    def forward(self, wmap):
        z = self.state(wmap).permute(0, 3, 1, 2)
        z = torch.relu(self.c2(torch.relu(self.c1(z))))
        return self.head(z.mean((2, 3)))

class FdcNet(torch.nn.Module):
    # fault probability per wafer from the chamber's FDC trace (wafers, samples, NS) and the
    # recipe step of each sample (wafers, samples), step ids 0..11
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN))
        self.register_buffer("std", torch.tensor(STD))
        self.step = torch.nn.Embedding(STEPS, NS)
        self.conv = torch.nn.Conv1d(NS, 16, 5, padding=2)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, trace, step):
        z = (trace - self.mean) / self.std + self.step(step)
        return torch.sigmoid(self.head(torch.relu(self.conv(z.transpose(1, 2))).mean(-1))).squeeze(-1)

class CongNet(torch.nn.Module):
    # routing-congestion map from the placement grid (designs, 2, H, W): cell and pin density
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(2, 8, 3, padding=1)
        self.c2 = torch.nn.Conv2d(8, 8, 3, padding=1)
        self.out = torch.nn.Conv2d(16, 1, 1)
    def forward(self, grid):
        a = torch.relu(self.c1(grid))
        b = torch.nn.functional.interpolate(torch.relu(self.c2(torch.nn.functional.max_pool2d(a, 2))),
                                            scale_factor=2.0, mode="nearest")
        return self.out(torch.cat([a, b], 1))

def wafer_maps(b=4, n=DIES):
    # round wafers on an n x n grid: 0 outside the wafer, ~90 % pass, a fail cluster at the edge
    yy, xx = torch.meshgrid(torch.arange(n) - (n - 1) / 2, torch.arange(n) - (n - 1) / 2, indexing="ij")
    inside = (yy * yy + xx * xx) <= (n / 2 - 0.5) ** 2
    fail = torch.rand(b, n, n) < 0.1
    return torch.where(inside, 1 + fail.long(), torch.zeros((), dtype=torch.long))

def traces(b=4, s=120):
    # one etch run per wafer: sensors around the recipe set points, step ids in order
    x = torch.tensor(MEAN) + torch.tensor(STD) * torch.randn(b, s, NS)
    step = (torch.arange(s) * STEPS // s).expand(b, s).contiguous()
    return x, step
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
class SemNet(torch.nn.Module):
    # defect type (particle, scratch, residue, bridge, void, none) from a review-SEM image 256 x 256
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(1, 8, 5, stride=4, padding=2)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(16, 6)
    def forward(self, img):
        return self.head(torch.relu(self.c2(torch.relu(self.c1(img)))).mean((2, 3)))

class HotNet(torch.nn.Module):
    # lithography hotspot probability of a 64 x 64 layout clip raster (metal-1 coverage 0..1)
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(1, 8, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(8, 1)
    def forward(self, clip):
        return torch.sigmoid(self.head(torch.relu(self.c1(clip)).amax((2, 3)))).squeeze(-1)

w, s = Dim("wafers", min=1, max=25), Dim("samples", min=8, max=2048)
build("wafer104", WaferNet().eval(), (wafer_maps(4),), dynamic_shapes=({0: w},))
build("fdc104", FdcNet().eval(), traces(4, 120), dynamic_shapes=({0: w, 1: s}, {0: w, 1: s}))
build("sem104", SemNet().eval(), (torch.rand(2, 1, 256, 256),), dynamic_shapes=({0: Dim("imgs", min=1, max=64)},))
build("hot104", HotNet().eval(), ((torch.rand(4, 1, 64, 64) > 0.5).float(),),
      dynamic_shapes=({0: Dim("clips", min=1, max=512)},))
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
class NetGnn(torch.nn.Module):
    # per-cell timing-slack score on the netlist graph: cell features (cells, 6) and
    # driver -> sink edges (2, edges), cell ids 0..cells-1
    def __init__(self):
        super().__init__()
        self.msg = torch.nn.Linear(6, 16)
        self.upd = torch.nn.Linear(6 + 16, 1)
    def forward(self, x, edge_index):
        m = torch.relu(self.msg(x)).index_select(0, edge_index[0])
        agg = torch.zeros(x.shape[0], 16).index_add(0, edge_index[1], m)
        return self.upd(torch.cat([x, agg], -1)).squeeze(-1)

class YieldNet(torch.nn.Module):
    # wafer-sort yield per wafer from die-state maps (wafers, 32, 32): pass / tested dies
    def forward(self, wmap):
        tested = (wmap > 0).sum((1, 2)).float()
        passed = (wmap == 1).sum((1, 2)).float()
        return passed / tested

class RfNet(torch.nn.Module):
    # RF-match feature per wafer: mean reflection coefficient in dB over the run's samples
    def forward(self, fwd, refl):
        return (10.0 * torch.log10(refl / fwd)).mean(-1)

class VmNet(torch.nn.Module):
    # virtual metrology: post-etch film thickness (A) from 8 per-wafer FDC summaries (means),
    # z-scored with the golden lot's statistics
    def __init__(self, mean, std):
        super().__init__()
        self.register_buffer("mean", mean)
        self.register_buffer("std", std)
        self.body = torch.nn.Linear(NS, 16)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, feats):
        return 1200.0 + self.head(torch.relu(self.body((feats - self.mean) / self.std))).squeeze(-1)

golden = torch.tensor(MEAN) + torch.tensor(STD) * torch.randn(25, NS)
golden[:, 7] = 10.0                     # He backside pressure: closed-loop at its 10 Torr set point
c, e = Dim("cells", min=2, max=4096), Dim("edges", min=1, max=16384)
xw, ew = torch.randn(50, 6), torch.randint(0, 50, (2, 120))
build("net104", NetGnn().eval(), (xw, ew), dynamic_shapes=({0: c}, {1: e}))
build("yield104", YieldNet(), (wafer_maps(4),), dynamic_shapes=({0: Dim("wafers", min=1, max=25)},))
build("rf104", RfNet(), (torch.full((4, 60), 1500.0), torch.full((4, 60), 20.0)))
vm = VmNet(golden.mean(0), golden.std(0)).eval()
build("vm104", vm, (golden[:4],), dynamic_shapes=({0: Dim("wafers", min=1, max=25)},))
try:
    ep = torch.export.export(vm, (golden[:4],))
    paths["vmip104"] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, "vmip104.pt2"),
        inductor_configs={"aot_inductor.package_constants_in_so": False})
except Exception as ex:
    print("BUILD FAILED vmip104", repr(ex)[:300], flush=True)
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"wafer104", "fdc104", "sem104", "hot104", "net104", "yield104", "rf104", "vm104",
         "vmip104", "cong104", "flow104", "clus104", "zern104"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "recipe-steps-split-by-run-lengths", "export_failure", "export", """
class PerStep(torch.nn.Module):
    # per-recipe-step sensor means: the trace is cut where the step id changes
    def forward(self, trace, step):
        _, counts = torch.unique_consecutive(step[0], return_counts=True)
        parts = torch.split(trace, counts.tolist(), dim=1)
        return torch.stack([p.mean(1) for p in parts], 1)
x, st = traces(4, 120)
ep = torch.export.export(PerStep(), (x, st))
""", "The per-step summary cuts the trace into recipe steps with run lengths from "
       "unique_consecutive turned into Python ints (counts.tolist()), data-dependent sizes that "
       "torch.export cannot trace into a fixed graph.",
       "Compute per-step means with a one-hot step matrix (or scatter_reduce over step ids) "
       "instead of splitting by run lengths.", match=r".")


def case_02():
    return _m("case_02", "dtw-align-to-golden-trace", "export_failure", "export", """
class DtwAligned(torch.nn.Module):
    # align the run's pressure trace to the golden run by dynamic time warping, then score
    def __init__(self):
        super().__init__()
        self.register_buffer("golden", torch.full((40,), 30.0))
    def forward(self, p):
        i = j = 0
        cost = p.new_zeros(())
        while i < p.shape[0] - 1 and j < self.golden.shape[0] - 1:
            a, b = (p[i + 1] - self.golden[j]).abs(), (p[i] - self.golden[j + 1]).abs()
            if a < b:
                i += 1
            else:
                j += 1
            cost = cost + torch.minimum(a, b)
        return cost
ep = torch.export.export(DtwAligned(), (30.0 + torch.randn(40),))
""", "The golden-trace alignment walks the dynamic-time-warping path with a Python `if a < b` on "
       "sensor values, control flow on tensor data that torch.export cannot trace.",
       "Compute the alignment outside the package (or use a fixed-length resampling) and export "
       "only the scoring network.", match=r".")


def case_03():
    return _m("case_03", "per-lot-loop-over-unique-ids", "export_failure", "export", """
class LotYield(torch.nn.Module):
    # mean wafer score per lot: loop over the lots present in the request
    def __init__(self):
        super().__init__()
        self.wafer = WaferNet()
    def forward(self, wmap, lot_id):
        score = self.wafer(wmap).softmax(-1)[:, -1]          # P(no pattern)
        return torch.stack([score[lot_id == lot].mean() for lot in torch.unique(lot_id)])
ep = torch.export.export(LotYield().eval(), (wafer_maps(6), torch.tensor([7, 7, 7, 9, 9, 9])))
""", "The lot-level aggregation iterates in Python over torch.unique(lot_id), whose length (the "
       "number of lots in the request) is data-dependent, so export cannot unroll the loop.",
       "Aggregate with index_add/scatter_reduce over lot indices (or aggregate per lot after the "
       "package).", match=r".")


def case_04():
    return _m("case_04", "placement-grid-any-bin-count", "dynamic_shape_guard", "export", """
from torch.export import Dim
h, w = Dim("bins_y", min=8, max=512), Dim("bins_x", min=8, max=512)
ep = torch.export.export(CongNet().eval(), (torch.rand(1, 2, 64, 64),),
                         dynamic_shapes=({2: h, 3: w},))
""", "The placement grid's bin counts are declared as any size 8..512, but the congestion model "
       "pools by 2, upsamples by 2 and concatenates with the full-resolution features, which only "
       "works for even bin counts; export refuses the specification.",
       "Declare the bin counts as multiples of 2 (2 * Dim) or pad the placement grid to an even "
       "size.", match=r".")


def case_05():
    return _m("case_05", "mirror-symmetric-die-grid-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class MirrorPattern(WaferNet):
    # pattern classes are symmetric under the wafer's diagonal flip: average the map with its transpose
    def forward(self, wmap):
        z = self.state(wmap).permute(0, 3, 1, 2)
        z = z + z.transpose(2, 3)
        return self.head(torch.relu(self.c2(torch.relu(self.c1(z)))).mean((2, 3)))
rows, cols = Dim("die_rows", min=8, max=128), Dim("die_cols", min=8, max=128)
ep = torch.export.export(MirrorPattern().eval(), (wafer_maps(4, 32),), dynamic_shapes=({1: rows, 2: cols},))
""", "Die rows and die columns get two independent Dims, but the model adds the map to its "
       "transpose (diagonal-flip symmetry), which forces rows == cols.",
       "Declare one shared Dim for rows and columns (pad die grids to square) or drop the flip "
       "averaging for rectangular grids.", match=r".")


def case_06():
    return _m("case_06", "edge-exclusion-mask-on-cuda", "device_mismatch", "export", """
class EdgeExcluded(WaferNet):
    # dies in the 3 mm edge-exclusion ring are set to 'no die' before classification
    def forward(self, wmap):
        n = wmap.shape[-1]
        yy, xx = torch.meshgrid(torch.arange(n, device="cuda"), torch.arange(n, device="cuda"),
                                indexing="ij")
        r2 = (yy - (n - 1) / 2) ** 2 + (xx - (n - 1) / 2) ** 2
        keep = r2 <= (n / 2 - 2) ** 2
        return super().forward(wmap * keep)
ep = torch.export.export(EdgeExcluded().eval(), (wafer_maps(4),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/edge104.pt2")
""", "The edge-exclusion mask is built in forward with device='cuda' (copied from the GPU "
       "training code), but the fab's CPU inference host has no CUDA.",
       "Build the mask on the input's device (device=wmap.device) or as a registered buffer.",
       match=r"(?i)cuda")


def case_07():
    return _m("case_07", "vendor-sdk-legacy-aot-compile", "deprecated_api", "export", """
from torch._export import aot_compile
# the metrology vendor's SDK script still uses the pre-2.6 entry point with a dynamic batch
so_path = aot_compile(WaferNet().eval(), (wafer_maps(4),),
                      dynamic_shapes=({0: torch.export.Dim("wafers", min=1, max=25)},),
                      options={"aot_inductor.output_path": "{scratch}/wafer_sdk104.so"})
m = torch._export.aot_load(so_path, device="cpu")
logits = m(wafer_maps(4))
""", "The metrology vendor's SDK script compiles and loads the wafer-map model with the legacy "
       "torch._export.aot_compile / aot_load API.",
       "Use torch.export.export + torch._inductor.aoti_compile_and_package / aoti_load_package.",
       match=r"(?i)aot_compile|aot_load|deprecat|aoti_compile_and_package")


# ------------------------------------------------------------------------ run: inputs (R)
def case_08():
    return _c("case_08", "wm811k-wafermap-uint8", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{wafer104}")
# WM-811K's pickled DataFrame stores each waferMap as a uint8 NumPy array
maps = np.random.randint(0, 3, size=(4, 32, 32)).astype(np.uint8)
logits = m(torch.from_numpy(maps))
""", "The wafer maps come from the WM-811K pickle, whose waferMap arrays are uint8, while the "
       "package was exported for int64 die states.",
       "Convert the maps with .astype(np.int64) (or torch.from_numpy(...).long()) before the "
       "call.", needs=("r",), env=CHECK, match=r"dtype|Byte|Long")


def case_09():
    return _m("case_09", "product-b-die-grid-40x40", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{wafer104}")
maps = wafer_maps(4, 40)                           # product B: smaller dies, a 40 x 40 grid
logits = m(maps)
""", "Wafer maps of product B (smaller dies, a 40 x 40 die grid) are sent to the classifier "
       "exported for product A's 32 x 32 grid.",
       "Export a package per die grid (or resample/pad the maps to 32 x 32 as in training).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "sem-tiff-databar-not-cropped", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sem104}")
# the review SEM writes 256 x 280 TIFFs: the image plus a 24-row data bar (kV, mag, FOV) below
raw = torch.rand(8, 1, 280, 256)
types = m(raw)
""", "The review-SEM TIFFs carry a 24-row data bar (kV, magnification, FOV) below the image and "
       "are sent uncropped (280 rows) to the classifier exported for 256 x 256 images.",
       "Crop the data bar (img[..., :256, :]) before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "fdc-export-sensor-major", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fdc104}")
x, st = traces(4, 300)
# the FDC system's export is one row per sensor: (wafers, sensors, samples)
fault = m(x.transpose(1, 2).contiguous(), st)
""", "The FDC system exports traces sensor-major (wafers, sensors, samples) and they are passed "
       "as they are, while the package takes (wafers, samples, sensors).",
       "Transpose to (wafers, samples, sensors) before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_12():
    return _c("case_12", "rasterised-clip-bool", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{hot104}")
# the layout rasteriser returns the metal-1 polygons of each clip as a boolean coverage mask
clips = torch.rand(16, 1, 64, 64) > 0.5
p = m(clips)
""", "The layout rasteriser returns each clip as a boolean coverage mask, while the hotspot "
       "package was exported for float32 rasters.",
       "Cast the clips to float32 (clips.float()) before the call.", needs=("r",), env=CHECK,
       match=r"dtype|Bool|Float")


def case_13():
    return _m("case_13", "two-lots-merged-50-wafers", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fdc104}")
x, st = traces(50, 300)                            # two 25-wafer lots from the same chamber, merged
fault = m(x, st)
""", "The traces of two 25-wafer lots are merged into one call with 50 wafers, above the wafers "
       "Dim's exported max=25 (one lot).",
       "Score lot by lot (chunks of at most 25 wafers) or export with a larger max.",
       needs=("r",), env=CHECK, match=r"25|too large|range|bound")


def case_14():
    return _m("case_14", "seasoning-recipe-5-samples", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fdc104}")
x, st = traces(2, 5)                               # chamber-seasoning runs: 5 s of plasma at 1 Hz
st = torch.zeros_like(st)
fault = m(x, st)
""", "A 5-second chamber-seasoning run logs only 5 samples, below the samples Dim's exported "
       "min=8.", "Skip (or pad) runs shorter than 8 samples, or export with a smaller min.",
       needs=("r",), env=CHECK, match=r"8|too small|range|bound")


def case_15():
    return _c("case_15", "full-block-netlist-over-cells-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{net104}")
n, e = 20000, 60000                                # a whole placed block, not a partition
x = torch.randn(n, 6)
edges = torch.randint(0, n, (2, e))
slack = m(x, edges)
""", "A whole placed block with 20000 cells and 60000 edges is sent in one call, above the cells "
       "Dim's exported max=4096 (partitions).",
       "Partition the netlist into clusters of at most 4096 cells (or export with a larger max).",
       needs=("s",), env=CHECK, match=r"4096|16384|too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_16():
    return _c("case_16", "untested-dies-255", "index_out_of_bounds", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{wafer104}")
# the prober's map file codes untested dies as 255 (uint8); converted to int64 as they are
raw = np.random.choice(np.array([0, 1, 2, 255], dtype=np.uint8), size=(4, 32, 32), p=[.2, .7, .05, .05])
logits = m(torch.from_numpy(raw.astype(np.int64)))
""", "The prober's map files code untested dies as 255; converted to int64 as they are, 255 is "
       "outside the 3 die states (0..2) of the classifier's state embedding.",
       "Map untested dies to a trained state (or to 'no die', 0) before the call.",
       needs=("r",), expect="crash", match=r"index out of bounds")


def case_17():
    return _c("case_17", "io-pins-numbered-after-cells", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{net104}")
cells = torch.randn(100, 6)                        # 100 standard cells, ids 0..99
edges = torch.randint(0, 100, (2, 300))
io = torch.stack([torch.arange(100, 108), torch.randint(0, 100, (8,))])   # input ports 100..107
slack = m(cells, torch.cat([edges, io], 1))
""", "The netlist parser numbers the block's I/O ports after the standard cells (ids 100..107) "
       "and keeps their edges, but the cell-feature tensor holds only the 100 cells.",
       "Add feature rows for the I/O ports (or drop their edges) before the call.",
       needs=("s",), expect="crash", match=r"index out of bounds")


def case_18():
    return _m("case_18", "one-based-recipe-step-numbers", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fdc104}")
x, st = traces(4, 120)
step = st + 1                                      # the tool log numbers recipe steps 1..12
fault = m(x, step)
""", "The tool's trace log numbers recipe steps 1..12 while the training data used 0..11, so step "
       "12 is outside the 12-entry step embedding.",
       "Subtract 1 from the tool's step numbers (or map step names to the trained ids) before "
       "the call.", needs=("r",), expect="crash", match=r"index out of bounds")


def case_19():
    return _m("case_19", "scrapped-wafer-no-tested-dies", "numerical", "run", """
m = torch._inductor.aoti_load_package("{yield104}")
maps = wafer_maps(4)
maps[2] = 0                                        # wafer 3 was scrapped before probe: no die tested
y = m(maps)
assert torch.isfinite(y).all(), f"wafer yields: {y}"
""", "A wafer scrapped before probe has no tested die, so its yield is 0 / 0 = NaN and poisons the "
       "lot statistics, without an error.",
       "Exclude wafers with no tested dies (or clamp the tested count to at least 1).",
       needs=("s",), match=r"AssertionError")


def case_20():
    return _c("case_20", "purge-step-rf-off-reflection", "numerical", "run", """
m = torch._inductor.aoti_load_package("{rf104}")
fwd = torch.full((4, 60), 1500.0)
refl = torch.full((4, 60), 20.0)
fwd[:, 50:] = 0.0                                  # the last 10 s are the N2 purge step: RF off
refl[:, 50:] = 0.0
gamma_db = m(fwd, refl)
assert torch.isfinite(gamma_db).all(), f"reflection dB: {gamma_db}"
""", "The run's trace includes the purge step with the RF generator off, where forward and "
       "reflected power are both 0; refl / fwd = 0 / 0 = NaN makes the mean reflection NaN.",
       "Compute the RF feature only over plasma-on samples (mask steps with fwd power > 0).",
       needs=("s",), match=r"AssertionError")


def case_21():
    return _m("case_21", "closed-loop-he-pressure-zero-std", "numerical", "run", """
m = torch._inductor.aoti_load_package("{vm104}")
feats = torch.tensor(MEAN).repeat(3, 1)
feats[:, 7] = torch.tensor([10.0, 10.1, 9.9])      # He backside pressure around its set point
thick = m(feats)
assert torch.isfinite(thick).all(), f"predicted thickness: {thick}"
""", "The He backside pressure is closed-loop controlled and was exactly 10 Torr on every golden-lot "
       "wafer, so its std buffer is 0 and any wafer's z-score for it is inf or NaN.",
       "Floor the std statistics (std.clamp_min(eps)) or drop set-point-controlled channels from "
       "the z-scored features.", needs=("s",), match=r"AssertionError")


def case_22():
    return _m("case_22", "gas-flow-variance-fp16", "numerical", "run", """
class FlowStability(torch.nn.Module):
    # per-wafer gas-flow stability: variance of each MFC's flow (sccm) as E[x^2] - E[x]^2
    def forward(self, flows):
        return (flows * flows).mean(1) - flows.mean(1) ** 2
flows = (torch.tensor([200.0, 50.0, 400.0]) + torch.randn(2, 120, 3)).half()   # Ar, O2, CF4
model = FlowStability().eval()
ep = torch.export.export(model, (flows,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/flow104.pt2")
m = torch._inductor.aoti_load_package(pkg)
var = m(flows)
assert torch.isfinite(var).all(), f"flow variances: {var}"
""", "The gas-flow stability feature is served in float16 and squares flows in sccm; 400 sccm "
       "squared is 160000, above float16's maximum of 65504, so the variance becomes inf/NaN.",
       "Compute the variance in float32 (or center the flows first, or use torch.var).",
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _m("case_23", "chamber-matching-head-only-full-check", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{vm104}")
# chamber matching: only the head is refit on chamber B's wafers
head = {"head.weight": torch.randn(1, 16) * 0.1}
m.load_constants(head, check_full_update=True)
""", "The chamber-matching refit updates only the head's weight, but load_constants is called "
       "with check_full_update=True, which requires every constant of the package.",
       "Pass check_full_update=False for a partial update (or load the full constant set).",
       needs=("s",), match=r".")


def case_24():
    return _m("case_24", "tool-pc-package-without-weights", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{vmip104}")
# the package on the tool PC is shipped without weights (IP protection); the weights server
# was not reached, so no load_constants call happened
thick = m(torch.tensor(MEAN).repeat(2, 1))
""", "The virtual-metrology package was built with package_constants_in_so=False so the weights "
       "ship separately, and it is run on the tool PC before load_constants supplied them.",
       "Call load_constants with the weights before the first run (or keep the constants in the "
       ".so).", needs=("s",), expect="crash", match=r"Segmentation|Aborted|onstant")


# ----------------------------------------------------------------------- run: resources
def case_25():
    return _m("case_25", "pairwise-fail-dies-whole-lot", "out_of_memory", "run", """
import resource
from torch.export import Dim
class FailCluster(torch.nn.Module):
    # spatial clustering feature: number of fail dies within 3 die pitches of each fail die
    def forward(self, xy):
        return (torch.cdist(xy, xy) < 3.0).sum(-1)
d = Dim("dies", min=32, max=10**6)
ep = torch.export.export(FailCluster(), (torch.rand(64, 2) * 32,), dynamic_shapes=({0: d},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/clus104.pt2")
m = torch._inductor.aoti_load_package(pkg)
xy = torch.rand(60000, 2) * 300                    # every fail die of a 25-wafer lot, one call
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))   # the worker's 512 MiB margin
counts = m(xy)
""", "The fail dies of a whole lot (60000) are clustered in one call; the pairwise distance "
       "matrix (60000 x 60000 floats, 14 GB) does not fit in the worker's 512 MiB margin.",
       "Cluster per wafer (or use a grid/KD-tree neighbour search instead of all pairs).",
       match=r"memory|alloc")


def case_26():
    return _m("case_26", "zernike-op-not-imported-at-serve", "unsupported", "run", """
import subprocess, sys, textwrap
# the training repo registers fab104::zernike_fit (a NumPy least-squares fit of the thickness map)
build = textwrap.dedent('''
    import numpy as np, torch
    @torch.library.custom_op("fab104::zernike_fit", mutates_args=())
    def zernike_fit(r: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        basis = np.stack([np.ones_like(r.numpy()), r.numpy(), r.numpy() ** 2], -1)
        coef = np.linalg.lstsq(basis, z.numpy().T, rcond=None)[0].T
        return torch.from_numpy(coef.astype(np.float32))
    @zernike_fit.register_fake
    def _(r, z):
        return z.new_empty(z.shape[0], 3)
    class Bow(torch.nn.Module):
        def forward(self, r, z):
            return torch.ops.fab104.zernike_fit(r, z).sum(-1)
    r, z = torch.rand(49), torch.rand(4, 49)
    ep = torch.export.export(Bow(), (r, z))
    torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/zern104.pt2")
''')
subprocess.run([sys.executable, "-c", build], check=True)
# the FDC server loads the package without importing the training repo
m = torch._inductor.aoti_load_package("{scratch}/zern104.pt2")
bow = m(torch.rand(49), torch.rand(4, 49))
""", "The thickness-map model calls a Python custom op (fab104::zernike_fit, a NumPy fit) that is "
       "registered only in the training repo; the serving process loads the package without it, "
       "so the op has no implementation there.",
       "Import the module that registers the op before loading (or rewrite the fit with torch "
       "ops such as torch.linalg.lstsq).", match=r".")


def case_27():
    return _m("case_27", "golden-wafer-single-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
w, s = Dim("wafers", min=1, max=25), Dim("samples", min=8, max=2048)
x, st = traces(1, 120)                             # the golden wafer's run from the notebook
ep = torch.export.export(FdcNet().eval(), (x, st), dynamic_shapes=({0: w, 1: s}, {0: w, 1: s}))
""", "The FDC model is exported with the golden wafer's single run as the example, so the wafers "
       "dimension (declared dynamic) has size 1 and export specialises it.",
       "Export with an example of at least 2 wafers (e.g. two runs of the golden lot).",
       match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_23, case_24, case_25, case_26, case_27]
DROPPED = []
# Tried and did NOT fail on torch 2.13.0+cpu: case_07 (the legacy torch._export.aot_compile /
# aot_load pair on the wafer-map model with a dynamic wafers Dim: compiled, loaded and ran),
# case_22 (gas-flow variance as E[x^2] - E[x]^2 on float16 flows around 400 sccm: the compiled
# kernel did not overflow and returned finite variances).
TRIED = [case_07, case_22]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind104.jsonl",
        url_file="benchmarks/live_blind104.py", id_prefix="live104", stems=STEMS,
        scratch_prefix="live_blind104-", description=__doc__.splitlines()[0]))
