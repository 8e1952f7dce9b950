"""A hundred-and-ninth blind set of REAL AOTInductor failures (logistics, warehousing and supply chain models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind109.py [--out benchmarks/live_blind109.jsonl] [--keep]

Theme: logistics, warehousing and supply chain (a delivery-ETA regressor over route stop
sequences of varying length, a parcel dimensioner on top-down depth images, a pick-path priority
model over the items of a pick list, a bin-packing placement policy over item sets, a per-SKU
demand forecaster with promotion flags and stock-outs, a shipping-label / barcode region
detector and a fleet telematics anomaly model), exported, compiled, loaded and run as a
logistics ML engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind108.py (their TRIED
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
F = 6    # stop features: lat, lon, service minutes, parcels, time window open / close (minutes)
MEAN = [52.5, 13.4, 4.0, 2.0, 240.0, 360.0]
STD = [0.1, 0.2, 3.0, 2.0, 150.0, 150.0]

class EtaNet(torch.nn.Module):
    # minutes to finish a delivery route from its remaining stop sequence (routes, stops, F)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN))
        self.register_buffer("std", torch.tensor(STD))
        self.stop = torch.nn.Linear(F, 16)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, stops):
        z = (stops - self.mean) / self.std
        return self.head(torch.relu(self.stop(z)).sum(1)).squeeze(-1)

class DimNet(torch.nn.Module):
    # parcel length / width (cm, from a conv head) and height (cm, from the depth minimum) from a
    # top-down depth image in millimetres (batch, 1, 120, 160); the camera is 1200 mm above the belt
    def __init__(self):
        super().__init__()
        self.register_buffer("floor_mm", torch.tensor(1200.0))
        self.c1 = torch.nn.Conv2d(1, 8, 3, stride=2, padding=1)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(16, 2)
    def forward(self, depth):
        x = torch.relu(self.c2(torch.relu(self.c1(depth / 1000.0))))
        lw = self.head(x.mean((2, 3)))
        h = (self.floor_mm - depth.amin((1, 2, 3))) / 10.0
        return torch.cat([lw, h[:, None]], 1)

def route(b=4, s=20):
    # plausible Berlin delivery routes: positions, service minutes, parcels, time windows
    lat = 52.5 + 0.1 * torch.randn(b, s)
    lon = 13.4 + 0.2 * torch.randn(b, s)
    svc = 1.0 + 6.0 * torch.rand(b, s)
    parcels = torch.randint(1, 6, (b, s)).float()
    opens = torch.randint(0, 480, (b, s)).float()
    return torch.stack([lat, lon, svc, parcels, opens, opens + 120.0], -1)

def depth_frames(b=2):
    # belt at 1200 mm, a box of 300 mm height in the middle of the frame
    d = 1200.0 + 3.0 * torch.randn(b, 1, 120, 160)
    d[:, :, 40:80, 50:110] = 900.0 + 2.0 * torch.randn(b, 1, 40, 60)
    return d
"""

S_MODELS = """
class PickNet(torch.nn.Module):
    # pick priority of each item of a pick list from its slot: aisle (24), bay (40), level (5)
    def __init__(self):
        super().__init__()
        self.aisle = torch.nn.Embedding(24, 8)
        self.bay = torch.nn.Embedding(40, 4)
        self.level = torch.nn.Embedding(5, 2)
        self.out = torch.nn.Linear(14, 1)
    def forward(self, slots):
        e = torch.cat([self.aisle(slots[..., 0]), self.bay(slots[..., 1]),
                       self.level(slots[..., 2])], -1)
        return self.out(e).squeeze(-1)

class PackPolicy(torch.nn.Module):
    # placement logits of each item (l, w, h in cm, kg) of an order for a bin (l, w, h in cm);
    # box_type: the carton catalogue code (12 carton types)
    def __init__(self):
        super().__init__()
        self.box = torch.nn.Embedding(12, 4)
        self.item = torch.nn.Linear(4 + 4 + 3, 16)
        self.out = torch.nn.Linear(16, 1)
    def forward(self, items, box_type, bin_dims):
        b = bin_dims[:, None, :].expand(-1, items.shape[1], -1)
        h = torch.relu(self.item(torch.cat([items, self.box(box_type), b], -1)))
        return self.out(h).squeeze(-1)

class DemandNet(torch.nn.Module):
    # next-week demand per SKU from 28 days of sales and promotion flags; sales are scaled by the
    # SKU's own mean (DeepAR-style) and the promotion uplift is a buffer refit each season
    def __init__(self):
        super().__init__()
        self.sku = torch.nn.Embedding(500, 8)
        self.register_buffer("uplift", torch.tensor([0.3]))
        self.lin = torch.nn.Linear(28 + 28 + 8, 1)
    def forward(self, sku, hist, promo):
        scale = hist.mean(1, keepdim=True)
        x = torch.cat([hist / scale, promo, self.sku(sku)], 1)
        base = torch.nn.functional.softplus(self.lin(x)) * scale
        return (base * (1 + self.uplift * promo[:, -1:])).squeeze(-1)

class FleetAE(torch.nn.Module):
    # telematics anomaly score per vehicle: (vehicles, samples, 4) speed km/h, rpm, fuel l/h,
    # coolant C; fuel economy (l/100 km) is derived in forward; reconstruction error of a conv AE
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([50.0, 1500.0, 12.0, 85.0, 25.0]))
        self.register_buffer("std", torch.tensor([25.0, 500.0, 6.0, 8.0, 10.0]))
        self.enc = torch.nn.Conv1d(5, 8, 5, padding=2)
        self.dec = torch.nn.Conv1d(8, 5, 5, padding=2)
    def forward(self, x):
        econ = x[..., 2:3] / x[..., 0:1] * 100.0
        z = ((torch.cat([x, econ], -1) - self.mean) / self.std).transpose(1, 2)
        rec = self.dec(torch.relu(self.enc(z)))
        return ((rec - z) ** 2).mean((1, 2))

class LabelDet(torch.nn.Module):
    # shipping-label / barcode region heat map from a grayscale conveyor camera frame (b, 1, 128, 128)
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(1, 8, 3, stride=2, padding=1)
        self.c2 = torch.nn.Conv2d(8, 1, 3, padding=1)
    def forward(self, img):
        return torch.sigmoid(self.c2(torch.relu(self.c1(img))))

def pick_list(b=2, n=12):
    return torch.stack([torch.randint(0, 24, (b, n)), torch.randint(0, 40, (b, n)),
                        torch.randint(0, 5, (b, n))], -1)

def order(b=2, n=10):
    items = torch.cat([10 + 50 * torch.rand(b, n, 3), 0.2 + 9.8 * torch.rand(b, n, 1)], -1)
    return items, torch.randint(0, 12, (b, n)), torch.tensor([[120.0, 80.0, 100.0]]).repeat(b, 1)

def sales(b=8):
    hist = torch.poisson(torch.full((b, 28), 6.0))
    promo = (torch.rand(b, 28) < 0.15).float()
    return torch.randint(0, 500, (b,)), hist, promo

def telemetry(v=4, t=64):
    speed = (50 + 20 * torch.randn(v, t)).clamp_min(5.0)
    rpm = 1200 + 10 * speed + 50 * torch.randn(v, t)
    fuel = 4 + 0.15 * speed + torch.rand(v, t)
    cool = 85 + 3 * torch.randn(v, t)
    return torch.stack([speed, rpm, fuel, cool], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
r, s = Dim("routes", min=1, max=64), Dim("stops", min=3, max=200)
build("eta109", EtaNet().eval(), (route(4, 20),), dynamic_shapes=({0: r, 1: s},))
f = Dim("frames", min=1, max=8192)
build("dim109", DimNet().eval(), (depth_frames(2),), dynamic_shapes=({0: f},))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + S_MODELS + BUILD + """
b, n = Dim("lists", min=1, max=32), Dim("items", min=2, max=100)
build("pick109", PickNet().eval(), (pick_list(2, 12),), dynamic_shapes=({0: b, 1: n},))
o, k = Dim("orders", min=1, max=32), Dim("order_items", min=1, max=300)
build("pack109", PackPolicy().eval(), order(2, 10),
      dynamic_shapes=({0: o, 1: k}, {0: o, 1: k}, {0: o}))
q = Dim("skus", min=1, max=1024)
build("demand109", DemandNet().eval(), sales(8), dynamic_shapes=({0: q}, {0: q}, {0: q}))
v, t = Dim("vehicles", min=1, max=512), Dim("samples", min=16, max=2048)
build("fleet109", FleetAE().eval(), (telemetry(4, 64),), dynamic_shapes=({0: v, 1: t},))
build("label109", LabelDet().eval(), (torch.rand(2, 1, 128, 128),))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"eta109", "dim109", "pick109", "pack109", "demand109", "fleet109", "label109",
         "util109"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the R models itself; _s: one that defines the S models itself
_c, _m = harness.case_makers(MODELS, PRE)
_c2, _s = harness.case_makers(S_MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "scanned-stops-cut-off", "export_failure", "export", """
class RemainingEta(torch.nn.Module):
    # the driver app sends the whole route plus the scan flags; delivered stops are cut off
    def __init__(self):
        super().__init__()
        self.eta = EtaNet()
    def forward(self, stops, scanned):
        k = int(scanned.sum())                         # stops already scanned as delivered
        return self.eta(stops[:, k:])
ep = torch.export.export(RemainingEta(), (route(1, 20), torch.arange(20) < 7))
""", "The number of already-delivered stops is computed with int() from the scan-flag tensor and "
       "used to slice the route, a data-dependent size that torch.export cannot trace as a "
       "static or backed symbolic size.",
       "Cut delivered stops off in the driver-app backend (or mask them with torch.where) and "
       "export the ETA network on the remaining stops.", match=r".")


def case_02():
    return _s("case_02", "first-fit-loop-in-forward", "export_failure", "export", """
class FirstFit(torch.nn.Module):
    # greedy first-fit: place items into the bin while their volume still fits
    def forward(self, vol, cap):
        used = torch.zeros(())
        placed = []
        for i in range(vol.shape[0]):
            if used + vol[i] <= cap:
                used = used + vol[i]
                placed.append(torch.ones(()))
            else:
                placed.append(torch.zeros(()))
        return torch.stack(placed)
vol = torch.rand(10) * 0.2                           # item volumes in m^3
ep = torch.export.export(FirstFit(), (vol, torch.tensor(0.96)))
""", "The greedy first-fit packing loop branches in Python on whether the next item's volume "
       "still fits the bin, control flow on tensor data that torch.export cannot trace.",
       "Keep the greedy loop outside the exported model (or express the fit test with "
       "torch.where / a cumulative sum and a mask).", match=r".")


def case_03():
    return _s("case_03", "ean13-check-digit-in-forward", "export_failure", "export", """
class LabelReader(torch.nn.Module):
    # read the 13 EAN digits from the label crop and validate the check digit in forward
    def __init__(self):
        super().__init__()
        self.digits = torch.nn.Linear(64, 13 * 10)
    def forward(self, crop):
        d = self.digits(crop.flatten(1)).view(-1, 13, 10).argmax(-1)[0].tolist()
        check = (10 - sum(x * (3 if i % 2 else 1) for i, x in enumerate(d[:12])) % 10) % 10
        return torch.ones(()) if check == d[12] else torch.zeros(())
ep = torch.export.export(LabelReader(), (torch.rand(1, 1, 8, 8),))
""", "The label reader converts the predicted EAN-13 digits to a Python list with .tolist() "
       "and checks the check digit in Python inside forward, which needs concrete tensor values "
       "that torch.export does not have while tracing.",
       "Return the digit logits (or the digits tensor) from the package and validate the check "
       "digit in the calling code.", match=r".")


def case_04():
    return _s("case_04", "single-item-pick-list-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
n = Dim("items", min=1, max=100)
one = pick_list(2, 1)                                # the export example: a one-line pick list
ep = torch.export.export(PickNet().eval(), (one,), dynamic_shapes=({1: n},))
""", "The pick-path model is exported with a one-item pick list as the example while the items "
       "axis is declared dynamic; export specialises a size-1 example axis to 1 and refuses the "
       "Dim.", "Export with an example pick list of at least 2 items (the Dim may keep min=1 "
       "only with a larger example).", match=r".")


def case_05():
    return _s("case_05", "pallet-layers-of-four", "dynamic_shape_guard", "export", """
from torch.export import Dim
class LayerPolicy(PackPolicy):
    # pallet builder: items come in layers of 4 cartons; score each layer as a whole
    def forward(self, items, box_type, bin_dims):
        logits = super().forward(items, box_type, bin_dims)
        return logits.view(logits.shape[0], -1, 4).sum(-1)
k = Dim("order_items", min=1, max=300)
ep = torch.export.export(LayerPolicy().eval(), order(2, 12),
                         dynamic_shapes=({1: k}, {1: k}, None))
""", "The pallet-builder policy reshapes the item axis into layers of 4 cartons, which needs "
       "the item count to be a multiple of 4, while the items Dim is declared as any value in "
       "1..300.", "Declare the items Dim as 4 * layers (a derived Dim) or pad orders to full "
       "layers before the call.", match=r".")


def case_06():
    return _m("case_06", "stop-position-table-128", "dynamic_shape_guard", "export", """
from torch.export import Dim
class EtaPos(EtaNet):
    # v2: a learned stop-position embedding (the route planner caps routes at 128 stops)
    def __init__(self):
        super().__init__()
        self.pos = torch.nn.Parameter(torch.zeros(128, 16))
    def forward(self, stops):
        z = (stops - self.mean) / self.std
        h = torch.relu(self.stop(z) + self.pos[: stops.shape[1]])
        return self.head(h.sum(1)).squeeze(-1)
s = Dim("stops", min=3, max=200)                   # peak-season routes have up to 200 stops
ep = torch.export.export(EtaPos().eval(), (route(4, 20),), dynamic_shapes=({1: s},))
""", "The v2 ETA model adds a learned position table of 128 stops, but the stops Dim is declared "
       "up to 200; the table slice only broadcasts for at most 128 stops, so export finds the "
       "declared range too wide.", "Declare max=128 for the stops Dim (or grow the position "
       "table to cover 200 stops).", match=r".")


# ------------------------------------------------------------------------ run: inputs (R)
def case_07():
    return _m("case_07", "peak-season-route-250-stops", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{eta109}")
peak = route(4, 250)                               # December routes: 250 stops per van
eta = m(peak)
""", "Peak-season routes with 250 stops are sent, above the stops Dim's exported max=200.",
       "Split long routes into waves of at most 200 stops (or export with a larger max).",
       needs=("r",), env=CHECK, match=r"200|too large|range|bound")


def case_08():
    return _m("case_08", "last-two-stops", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{eta109}")
tail = route(4, 2)                                 # vans with only two stops left to deliver
eta = m(tail)
""", "At the end of the shift the vans have 2 stops left, below the stops Dim's exported min=3.",
       "Estimate the last stops directly from the drive-time matrix (or pad, or export with "
       "min=1 and an example of more stops).", needs=("r",), env=CHECK,
       match=r"3|too small|range|bound")


def case_09():
    return _m("case_09", "parcel-weight-column-added", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{eta109}")
stops = route(4, 20)
kg = torch.rand(4, 20, 1) * 30.0                   # the new feature pipeline adds parcel weight
eta = m(torch.cat([stops, kg], -1))
""", "The new feature pipeline appends the parcel weight to the stop features, so each stop has "
       "7 features while the ETA package was exported for 6.",
       "Select the 6 exported stop features (or re-export the model trained with weight).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "depth-scale-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{dim109}")
raw = np.full((2, 1, 120, 160), 1200, dtype=np.uint16)    # the depth camera's raw z16 frame
depth_scale = 0.001                                        # metres per unit, from the SDK
mm = raw * depth_scale * 1000.0                            # numpy promotes to float64
dims = m(torch.from_numpy(mm))
""", "The raw z16 depth frame is converted to millimetres in NumPy with the SDK's depth scale (a "
       "Python float), which promotes it to float64, while the dimensioner was exported for "
       "float32.", "Convert with np.float32 (mm.astype(np.float32)) or call .float() before "
       "the call.", needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_11():
    return _m("case_11", "depth-frame-without-channel", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dim109}")
frames = depth_frames(2)[:, 0]                     # the SDK gives (H, W) frames; stacked as (N, H, W)
dims = m(frames)
""", "Depth frames from the camera SDK are (H, W) and are stacked into (N, H, W) without the "
       "channel axis the dimensioner was exported with (N, 1, H, W).",
       "Add the channel axis (frames.unsqueeze(1)) before the call.",
       needs=("r",), env=CHECK, match=r"dim|rank|shape|size")


def case_12():
    return _m("case_12", "sorter-shift-in-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{dim109}")
shift = torch.full((6000, 1, 120, 160), 1200.0)    # every parcel frame of the night shift
# the dimensioning worker's container: 512 MiB above the loaded model and the frames
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    dims = m(shift)
""", "All 6000 depth frames of the night shift are sent in one call to a worker with 512 MiB "
       "left; the first convolution's output (6000 x 8 x 60 x 80 floats, 0.9 GB) does not fit.",
       "Run the frames in batches (e.g. 256 frames per call).", needs=("r",),
       match=r"memory|alloc")


# -------------------------------------------------------------------- run: values (R)
def case_13():
    return _m("case_13", "shrink-wrap-zero-depth", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dim109}")
frames = depth_frames(2)
frames[1, 0, 60, 80:84] = 0.0                      # glossy shrink wrap: no IR return, depth 0
dims = m(frames)
assert (dims[:, 2] < 100.0).all(), f"parcel heights (cm): {dims[:, 2]}"
""", "Glossy shrink wrap reflects the depth camera's IR pattern away, and the camera reports 0 "
       "for those pixels; the height from the depth minimum becomes the full 120 cm camera "
       "height, silently.", "Mask invalid (zero) depth pixels before the minimum (or in the "
       "model: depth.masked_fill(depth == 0, floor)).", needs=("r",), match=r"AssertionError")


# ------------------------------------------------------------------------ run: S packages
def case_14():
    return _c("case_14", "mezzanine-aisles", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pick109}")
slots = torch.tensor([[[3, 12, 1], [17, 4, 0], [24, 2, 2], [25, 31, 1]]])  # aisles 24, 25: new mezzanine
prio = m(slots)
""", "The warehouse opened a mezzanine with aisles 24 and 25, but the pick model's aisle "
       "embedding holds the 24 aisles (ids 0..23) known at export.",
       "Re-export with the new aisle table (or map new aisles to a reserved id until retraining).",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_15():
    return _c("case_15", "new-sku-launch", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{demand109}")
sku = torch.tensor([17, 233, 500, 501])            # SKUs 500, 501 listed this month
hist = torch.poisson(torch.full((4, 28), 6.0))
promo = torch.zeros(4, 28)
fc = m(sku, hist, promo)
""", "SKUs listed after export get ids 500 and 501, beyond the forecaster's SKU embedding of "
       "500 rows (ids 0..499).", "Map new SKUs to a cold-start id (or re-export with the grown "
       "catalogue).", needs=("s",), expect="exc", match=r"out of bounds|index")


def case_16():
    return _c("case_16", "unknown-carton-type", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pack109}")
items = torch.cat([10 + 50 * torch.rand(1, 4, 3), torch.rand(1, 4, 1) * 5], -1)
box = torch.tensor([[3, 7, -1, 11]])               # WMS: -1 = carton type not in the catalogue
logits = m(items, box, torch.tensor([[120.0, 80.0, 100.0]]))
""", "The WMS sends carton type -1 for a box that is not in the carton catalogue, a negative "
       "index into the packing policy's carton-type embedding.",
       "Map unknown carton types to a reserved 'other' type before the call.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_17():
    return _c("case_17", "promo-flags-bool", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{demand109}")
sku = torch.tensor([17, 233, 40, 41])
hist = torch.poisson(torch.full((4, 28), 6.0))
promo = torch.rand(4, 28) < 0.15                   # the promotion calendar gives a boolean mask
fc = m(sku, hist, promo)
""", "The promotion calendar is turned into a boolean mask and passed as it is, while the "
       "forecaster was exported with float promotion flags.",
       "Cast the flags with promo.float() before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Bool|Float")


def case_18():
    return _c("case_18", "slot-columns-as-three-args", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pick109}")
aisle = torch.randint(0, 24, (2, 12))
bay = torch.randint(0, 40, (2, 12))
level = torch.randint(0, 5, (2, 12))
prio = m(aisle, bay, level)                        # the WMS query returns three columns
""", "The WMS slot query's three columns (aisle, bay, level) are passed as three arguments, "
       "while the pick package takes one (lists, items, 3) tensor.",
       "Stack the columns with torch.stack([aisle, bay, level], -1) before the call.",
       needs=("s",), env=CHECK, match=r".")


def case_19():
    return _c("case_19", "whole-fleet-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fleet109}")
speed = 30 + 40 * torch.rand(800, 64)
x = torch.stack([speed, 1200 + 10 * speed, 4 + 0.15 * speed, torch.full((800, 64), 85.0)], -1)
score = m(x)                                       # the nightly job scores all 800 trucks at once
""", "The nightly anomaly job scores all 800 trucks of the fleet in one call, above the vehicles "
       "Dim's exported max=512.", "Score the fleet in chunks of at most 512 vehicles (or export "
       "with a larger max).", needs=("s",), env=CHECK, match=r"512|too large|range|bound")


def case_20():
    return _c("case_20", "cancelled-order-no-items", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pack109}")
# every line of the order was cancelled before packing: zero items left
items, box = torch.zeros(2, 0, 4), torch.zeros(2, 0, dtype=torch.long)
logits = m(items, box, torch.tensor([[120.0, 80.0, 100.0]]).repeat(2, 1))
""", "An order whose lines were all cancelled reaches the packing policy with 0 items, below the "
       "items Dim's exported min=1.", "Skip empty orders before the call.",
       needs=("s",), env=CHECK, match=r"1|too small|range|bound")


def case_21():
    return _c("case_21", "new-sku-zero-history", "numerical", "run", """
m = torch._inductor.aoti_load_package("{demand109}")
sku = torch.tensor([17, 233, 40, 41])
hist = torch.poisson(torch.full((4, 28), 6.0))
hist[2] = 0.0                                      # listed last week, no sales yet (or out of stock)
fc = m(sku, hist, torch.zeros(4, 28))
assert torch.isfinite(fc).all(), f"forecast: {fc}"
""", "A SKU with 28 days of zero sales (just listed, or out of stock all month) has a mean-sales "
       "scale of 0, and history / scale gives 0/0 = NaN in its forecast, without an error.",
       "Floor the scale (scale.clamp_min(1)) or send zero-history SKUs to a cold-start model.",
       needs=("s",), match=r"AssertionError")


def case_22():
    return _c("case_22", "idling-truck-fuel-economy", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fleet109}")
speed = 30 + 40 * torch.rand(4, 64)
speed[3] = 0.0                                     # truck 3 idles at the loading dock all window
x = torch.stack([speed, 900 + 10 * speed, 2 + 0.15 * speed, torch.full((4, 64), 85.0)], -1)
score = m(x)
assert torch.isfinite(score).all(), f"anomaly scores: {score}"
""", "A truck idling at the loading dock has speed 0, so the fuel economy (l/100 km = fuel rate "
       "/ speed) derived in forward is infinite and its anomaly score is not finite.",
       "Compute fuel economy only over moving samples (speed floor or mask) in the model.",
       needs=("s",), match=r"AssertionError")


def case_23():
    return _c("case_23", "uplift-renamed", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{demand109}")
# the pricing team's refit of the promotion uplift for the new season
m.load_constants({"promo_uplift": torch.tensor([0.45])}, check_full_update=False)
""", "The new season's promotion uplift is loaded under the pricing team's name promo_uplift, but "
       "the package's constant is called uplift.",
       "Load it under the package's constant name (see get_constant_fqns()).",
       needs=("s",), match=r".")


def case_25():
    return _s("case_25", "pallet-volume-mm3-fp16", "numerical", "run", """
class Utilisation(torch.nn.Module):
    # fill rate of a pallet: summed carton volumes / pallet volume, all in mm^3
    def forward(self, items, pallet):
        return items.prod(-1).sum(-1) / pallet.prod(-1)
model = Utilisation().eval()
items = torch.tensor([[[400.0, 300.0, 250.0]] * 24]).half()   # 24 cartons, dimensions in mm
pallet = torch.tensor([[1200.0, 800.0, 1500.0]]).half()       # EUR pallet, 1.5 m load height
ep = torch.export.export(model, (items, pallet))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/util109.pt2")
m = torch._inductor.aoti_load_package(pkg)
fill = m(items, pallet)
assert torch.isfinite(fill).all() and (fill <= 1).all(), f"pallet fill rate: {fill}"
""", "The fill-rate model runs in float16 on volumes in cubic millimetres; one carton (3e7 mm^3) "
       "and the pallet (1.44e9 mm^3) exceed float16's maximum of 65504, so the ratio is inf/inf "
       "= NaN.", "Work in float32 or in cubic metres / litres (scale before the product).",
       match=r"AssertionError")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_22, case_23, case_25]
# Numbers 24 and 26 are unused: case_24 (only the SKU embedding loaded with
# check_full_update=True) and case_26 (a depot config with device "cuda" moving the inputs to CUDA
# on a CPU-only box) were written and ran in the first trial, then removed before the recorded run
# because the grep found the same triggers in live_blind104 / live_blind106 (partial update with
# check_full_update=True; an edge-box config's device "cuda").
DROPPED = []
# Every case in CASES failed as labelled on torch 2.14.1+cu130; none went to TRIED.
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind109.jsonl",
        url_file="benchmarks/live_blind109.py", id_prefix="live109", stems=STEMS,
        scratch_prefix="live_blind109-", description=__doc__.splitlines()[0]))
