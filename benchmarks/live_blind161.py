"""A hundred-and-sixty-first blind set of REAL AOTInductor failures (rail freight yards), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind161.py [--out benchmarks/live_blind161.jsonl] [--keep]

Theme: rail freight yards (a wagon dwell-time forecaster over wagon features, an 8-row wagon-type
table and a 32-row classification-track table; a trackside hot-box detector on left / right
bearing temperatures per axle; a wheel-impact (wheel-flat) detector on vertical force traces; a
hump retarder fault classifier on speed / pressure / shoe-position traces; a bowl congestion
forecaster over daily wagon counts per classification track; a locomotive fuel forecaster with a
4-row locomotive-class table; a train make-up recommender from destination block to track; an
intermodal well-car slot utilisation model; a dwell model built without its weights; a fuel model
whose curve drag comes from a Python-only custom op), exported, compiled, loaded and run as a
yard's operators and the railway's engineers would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind159.py (their TRIED
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
DATA = """
TRACKS = 32   # classification tracks of the bowl, 0..31 (signed 11..42 in the yard)
WTYPES = 8    # wagon types: 0 box, 1 hopper, 2 tank, 3 flat, 4 gondola, 5 autorack, 6 well, 7 reefer
BLOCKS = 12   # destination blocks 0..11
LOCOS = 4     # locomotive classes: 0 = Class 66, 1 = Class 70, 2 = Class 86, 3 = Class 92
WELLS = 3     # well-car well lengths: 0 = 40 ft, 1 = 48 ft, 2 = 53 ft

def wagons(n=16):
    # wagon features (n, 4): gross tonnes, length m, hours since arrival, priority 0/1;
    # wagon type (n,) 0..7; classification track (n,) 0..31
    f = torch.stack([20.0 + 100.0 * torch.rand(n), 12.0 + 14.0 * torch.rand(n),
                     72.0 * torch.rand(n), (torch.rand(n) < 0.2).float()], -1)
    return f, torch.randint(0, WTYPES, (n,)), torch.randint(0, TRACKS, (n,))

def bearings(n=2, a=240):
    # hot-box scanner: bearing temperatures (n, a, 2) C left / right per axle; ambient (n,) C
    amb = 5.0 + 20.0 * torch.rand(n)
    return amb[:, None, None] + 15.0 + 20.0 * torch.rand(n, a, 2), amb

def impacts(n=8, t=500):
    # wheel-impact load detector: vertical force (n, t) kN per wheel passage
    return 100.0 + 15.0 * torch.randn(n, t).abs()

def retarder_traces(n=4, t=200):
    # hump retarder traces (n, 3, t) at 50 Hz: cut speed m/s, cylinder pressure bar, shoe position mm
    k = torch.arange(t, dtype=torch.float32) / t
    speed = (6.0 - 3.0 * k)[None].expand(n, t) + 0.1 * torch.randn(n, t)
    press = (5.0 * (k > 0.2).float())[None].expand(n, t) + 0.2 * torch.randn(n, t)
    pos = (120.0 * (k > 0.15).float())[None].expand(n, t) + torch.randn(n, t)
    return torch.stack([speed, press, pos], 1)

def track_counts(d=28):
    # wagons standing on each classification track at 06:00 each day (d, 32)
    return torch.poisson(20.0 * torch.ones(d, TRACKS))

def loco_runs(n=6):
    # trips (n, 3): trailing tonnes, distance km, ruling grade %; locomotive class (n,) 0..3
    r = torch.stack([1500.0 + 2000.0 * torch.rand(n), 50.0 + 250.0 * torch.rand(n),
                     1.5 * torch.rand(n)], -1)
    return r, torch.arange(n) % LOCOS

def blocks(n=20):
    # wagons over the hump: destination block (n,) 0..11, gross tonnes (n,)
    return torch.randint(0, BLOCKS, (n,)), 20.0 + 100.0 * torch.rand(n)

def wells(n=10):
    # double-stack well cars: container lengths in the 4 slots (n, 4) ft (0 = empty); well (n,) 0..2
    well = torch.arange(n) % WELLS
    cap = torch.tensor([40.0, 48.0, 53.0])[well]
    return torch.stack([cap, cap * (torch.rand(n) < 0.8).float(), torch.zeros(n), torch.zeros(n)], -1), well
"""

MODELS = """
class DwellNet(torch.nn.Module):
    # wagon features (n, 4), wagon type (n,) 0..7, classification track (n,) 0..31 -> (n,) hours
    # until the wagon leaves the yard
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.tensor([100.0, 20.0, 24.0, 1.0]))
        self.lin = torch.nn.Linear(4, 1)
        self.wtype = torch.nn.Embedding(WTYPES, 1)
        self.track = torch.nn.Embedding(TRACKS, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[2.0, 1.0, 20.0, -8.0]]))
            self.lin.bias.fill_(6.0)
    def forward(self, feats, wtype, track):
        base = torch.relu(self.lin(feats / self.scale)).squeeze(-1)
        return base + 10.0 * self.wtype(wtype).abs().squeeze(-1) + 5.0 * self.track(track).abs().squeeze(-1)

class HotBox(torch.nn.Module):
    # bearing temperatures (n, a, 2) C, ambient (n,) C -> (n, a) hot-box alarm probability per axle
    # (rise over ambient above 60 K, or left / right difference above 30 K)
    def forward(self, temps, ambient):
        rise = temps - ambient[:, None, None]
        hot = torch.sigmoid((rise.amax(-1) - 60.0) / 4.0)
        side = torch.sigmoid(((temps[..., 0] - temps[..., 1]).abs() - 30.0) / 4.0)
        return torch.maximum(hot, side)

class WheelFlat(torch.nn.Module):
    # vertical force (n, t) kN per wheel passage -> (n, 3): peak kN, peak / mean, flat probability
    def forward(self, force):
        peak = force.amax(1)
        ratio = peak / force.mean(1)
        return torch.stack([peak, ratio, torch.sigmoid((peak - 300.0) / 30.0)], -1)

class Retarder(torch.nn.Module):
    # retarder traces (n, 3, t) -> (n, 4) probabilities: healthy, slow shoe, pressure leak, stuck
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(3, 16, 5, stride=2)
        self.c2 = torch.nn.Conv1d(16, 16, 5, stride=2)
        self.head = torch.nn.Linear(16, 4)
    def forward(self, x):
        h = torch.relu(self.c2(torch.relu(self.c1(x)))).mean(-1)
        return torch.softmax(self.head(h), -1)

class Congestion(torch.nn.Module):
    # daily wagons per classification track (d, 32) -> (32,) tomorrow's fill of each track's capacity
    def __init__(self):
        super().__init__()
        self.register_buffer("cap", 30.0 + 30.0 * (torch.arange(TRACKS) % 3).float())
    def forward(self, counts):
        return (counts[-7:].mean(0) / self.cap).clamp(0.0, 2.0)

class LocoFuel(torch.nn.Module):
    # trips (n, 3) trailing tonnes, km, ruling grade %, locomotive class (n,) 0..3 -> (n,) litres
    def __init__(self):
        super().__init__()
        self.rate = torch.nn.Embedding(LOCOS, 1)   # litres per 1000 tonne-km
        with torch.no_grad():
            self.rate.weight.copy_(torch.tensor([[4.6], [4.2], [5.1], [3.9]]))
    def forward(self, runs, loco):
        tonnes, km, grade = runs.unbind(-1)
        return self.rate(loco).squeeze(-1) * tonnes * km / 1000.0 * (1.0 + 0.5 * grade)

class Makeup(torch.nn.Module):
    # destination block (n,) 0..11, gross tonnes (n,) -> (n, 32) probability of each track
    def __init__(self):
        super().__init__()
        self.pref = torch.nn.Embedding(BLOCKS, TRACKS)
        self.register_buffer("heavy", torch.linspace(0.0, 1.0, TRACKS))
    def forward(self, block, tonnes):
        return torch.softmax(self.pref(block) - 0.01 * tonnes[:, None] * self.heavy, -1)

class SlotUse(torch.nn.Module):
    # container lengths (n, 4) ft, well (n,) 0..2 -> (n,) share of the well car's double-stack length
    def __init__(self):
        super().__init__()
        self.well = torch.nn.Embedding(WELLS, 1)
        with torch.no_grad():
            self.well.weight.copy_(torch.tensor([[40.0], [48.0], [53.0]]))
    def forward(self, lengths, well):
        return lengths.sum(-1) / (2.0 * self.well(well).squeeze(-1))
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
w = Dim("wagons", min=1, max=512)
build("dwell161", DwellNet().eval(), wagons(16), dynamic_shapes=({0: w}, {0: w}, {0: w}))
tr, ax = Dim("trains", min=1, max=32), Dim("axles", min=8, max=480)
build("hotbox161", HotBox().eval(), bearings(2, 240), dynamic_shapes=({0: tr, 1: ax}, {0: tr}))
wh, sm = Dim("wheels", min=1, max=4096), Dim("samples", min=100, max=2000)
build("wild161", WheelFlat().eval(), (impacts(8, 500),), dynamic_shapes=({0: wh, 1: sm},))
rt, rs = Dim("traces", min=1, max=65536), Dim("samples", min=50, max=1000)
build("retarder161", Retarder().eval(), (retarder_traces(4, 200),), dynamic_shapes=({0: rt, 2: rs},))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, math, os, torch
import numpy as np
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("cong161", Congestion().eval(), (track_counts(28),), dynamic_shapes=({0: Dim("days", min=8, max=365)},))
t = Dim("trips", min=1, max=256)
build("fuel161", LocoFuel().eval(), loco_runs(6), dynamic_shapes=({0: t}, {0: t}))
c = Dim("cuts", min=1, max=400)
build("makeup161", Makeup().eval(), blocks(20), dynamic_shapes=({0: c}, {0: c}))
cars = Dim("cars", min=1, max=300)
build("slot161", SlotUse().eval(), wells(10), dynamic_shapes=({0: cars}, {0: cars}))
# the wayside edge box: the dwell model built without its weights, which the yard's model
# server pushes after each retrain
try:
    w = Dim("wagons", min=1, max=512)
    ep = torch.export.export(DwellNet().eval(), wagons(16), dynamic_shapes=({0: w}, {0: w}, {0: w}))
    paths["dwellbare161"] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, "dwellbare161.pt2"),
        inductor_configs={"aot_inductor.package_constants_in_so": False})
except Exception as e:
    print("BUILD FAILED dwellbare161", repr(e)[:300], flush=True)
# the traction engineer's curve-drag op: the ruling grade's drag factor in float64 numpy
@torch.library.custom_op("rail161::curve_drag", mutates_args=())
def curve_drag(grade: torch.Tensor) -> torch.Tensor:
    g = grade.numpy().astype(np.float64)
    f = 1.0 + 0.3 * g + 0.2 * g ** 2
    return torch.from_numpy(f.astype(np.float32))
@curve_drag.register_fake
def _(grade):
    return torch.empty_like(grade)
class LocoFuelDrag(LocoFuel):
    def forward(self, runs, loco):
        tonnes, km, grade = runs.unbind(-1)
        return self.rate(loco).squeeze(-1) * tonnes * km / 1000.0 * torch.ops.rail161.curve_drag(grade)
t2 = Dim("trips", min=1, max=256)
build("fueldrag161", LocoFuelDrag().eval(), loco_runs(6), dynamic_shapes=({0: t2}, {0: t2}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"dwell161", "hotbox161", "wild161", "retarder161", "cong161", "fuel161", "makeup161",
         "slot161", "dwellbare161", "fueldrag161", "hotbox_pc104_161"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "hump-order-sorted-by-block-tolist", "export_failure", "export", """
class HumpOrder(Makeup):
    # the hump conductor's list: the cut's wagons sorted by destination block before scoring
    def forward(self, block, tonnes):
        ks = block.tolist()
        order = sorted(range(len(ks)), key=lambda i: ks[i])
        return super().forward(block, tonnes)[torch.tensor(order)]
ep = torch.export.export(HumpOrder().eval(), blocks(20))
""", "The make-up model sorts the cut's wagons in Python by their destination blocks taken out "
       "of the tensor with .tolist(), comparisons on data values torch.export cannot trace.",
       "Sort inside the graph (torch.argsort(block, stable=True)) and index with that.",
       match=r".")


def case_02():
    return _m("case_02", "block-tonnage-loop-over-unique-blocks", "export_failure", "export", """
class BlockTonnes(Makeup):
    # the yardmaster also wants the tonnes of each destination block present in the cut
    def forward(self, block, tonnes):
        totals = [tonnes[block == b].sum() for b in torch.unique(block)]
        return super().forward(block, tonnes), torch.stack(totals)
ep = torch.export.export(BlockTonnes().eval(), blocks(20))
""", "The make-up model loops in Python over torch.unique of the destination blocks to total each "
       "block's tonnes, a data-dependent number of iterations torch.export cannot trace.",
       "Total the tonnes with a fixed-size scatter (torch.zeros(BLOCKS).index_add_(0, block, "
       "tonnes)) instead.", match=r".")


def case_03():
    return _m("case_03", "retarder-braking-while-loop-to-coupling-speed", "export_failure", "export", """
class RetarderSim(Retarder):
    # the hump engineer's check: brake the cut in 0.02 s steps until it is under the 1.8 m/s
    # coupling speed, and also return the number of steps the retarder needed
    def forward(self, x):
        speed = x[:, 0, -1].mean()
        steps = 0
        while speed > 1.8:
            speed = speed - 0.02 * 1.5
            steps += 1
        return super().forward(x), torch.tensor(steps)
ep = torch.export.export(RetarderSim().eval(), (retarder_traces(4, 200),))
""", "The retarder model simulates the braking in a Python while loop on the cut's exit speed, a "
       "condition on tensor data that torch.export cannot trace.", "Compute the steps in closed "
       "form (torch.ceil((speed - 1.8) / 0.03).clamp(min=0)) inside the graph.", match=r".")


def case_04():
    return _m("case_04", "hottest-wagon-by-axles-in-fours", "dynamic_shape_guard", "export", """
from torch.export import Dim
class WagonHotBox(HotBox):
    # the detector's message names the wagon: the axles grouped four to a wagon
    def forward(self, temps, ambient):
        p = super().forward(temps, ambient)
        n, a = p.shape
        return p, p.reshape(n, a // 4, 4).amax(-1)
tr, ax = Dim("trains", min=1, max=32), Dim("axles", min=8, max=480)
ep = torch.export.export(WagonHotBox().eval(), bearings(2, 240), dynamic_shapes=({0: tr, 1: ax}, {0: tr}))
""", "The hot-box model groups the axles four to a wagon by a reshape, which holds only for "
       "multiples of 4, while the axles Dim was declared as any value in 8..480, so export "
       "refuses the specification.", "Declare the axles as 4 * Dim('wagons') (or give the "
       "wagon of each axle as an input, since six-axle wagons exist).",
       match=r"axles|Constraints|guard|Mod|4")


def case_05():
    return _m("case_05", "makeup-blocks-and-weighbridge-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the blocks come from the yard system and the tonnes from the weighbridge, so each got its own Dim
block, tonnes = blocks(20)
ep = torch.export.export(Makeup().eval(), (block, tonnes),
                         dynamic_shapes=({0: Dim("cuts", min=1, max=400)}, {0: Dim("weighed", min=1, max=400)}))
""", "The make-up model is exported with separate Dims for the wagons' blocks and their weighbridge "
       "tonnes, but the model combines them row by row so they must be equal, and export refuses "
       "the specification.", "Use one Dim for both inputs (cuts).",
       match=r"weighed|cuts|Constraints|equal|guard")


# ------------------------------------------------------------------------ run: dynamic dims
def case_06():
    return _d("case_06", "heavy-haul-train-600-axles", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hotbox161}")
# the hour's two trains, padded to the new 150-wagon heavy-haul train's 600 axles
temps, amb = bearings(2, 600)
p = m(temps, amb)
""", "The new 150-wagon heavy-haul train has 600 axles, above the most axles the hot-box package "
       "accepts (its axles Dim was declared with max=480).", "Split the scan into chunks of at "
       "most 480 axles (or re-export with a larger max).", needs=("r",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_07():
    return _d("case_07", "retarder-logger-at-100-hz", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{retarder161}")
# the new retarder logger samples at 100 Hz: 20 s per cut, 2000 samples
x = retarder_traces(4, 2000)
p = m(x)
""", "The new retarder logger samples at 100 Hz, so a 20 s cut gives 2000 samples, above the most "
       "samples the retarder package accepts (its samples Dim was declared with max=1000, 50 Hz).",
       "Downsample the traces to 50 Hz before the call.", needs=("r",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_08():
    return _d("case_08", "bowl-reopened-three-days-of-counts", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{cong161}")
# the bowl reopened after the track renewal three days ago: three days of counts
f = m(track_counts(3))
""", "After the bowl's track renewal there are only three days of counts, below the fewest days "
       "the congestion package accepts (its days Dim was declared with min=8).", "Send at least "
       "8 days (pad with the days before the renewal) before the call.", needs=("s",), env=CHECK,
       match=r"too small|range|bound|>=")


# ------------------------------------------------------------------------ run: inputs
def case_09():
    return _d("case_09", "retarder-csv-samples-by-channels", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{retarder161}")
# the retarder logger's CSV: one row per sample, columns speed, pressure, position
x = retarder_traces(4, 200).transpose(1, 2).contiguous()
p = m(x)
""", "The retarder logger's CSV is loaded as (traces, samples, channels), while the retarder "
       "package was exported for (traces, 3 channels, samples).", "Transpose to (traces, 3, "
       "samples) before the call.", needs=("r",), env=CHECK, match=r"dim|size|shape|stride")


def case_10():
    return _d("case_10", "new-siding-33rd-track-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cong161}")
# the new siding 43 was added to the bowl in May; the yard system's counts now have 33 columns
counts = torch.cat([track_counts(28), torch.poisson(10.0 * torch.ones(28, 1))], 1)
f = m(counts)
""", "The new siding added to the bowl after export gives the daily counts a 33rd column, while "
       "the congestion package was exported for 32 classification tracks.", "Drop the new "
       "siding's column (or re-train with 33 tracks).", needs=("s",), env=CHECK,
       match=r"dim|size|shape|stride")


def case_11():
    return _d("case_11", "trip-sheet-whole-tonnes-int64", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fuel161}")
# the crew trip sheets: whole tonnes, whole km and grade in per mille, read as integers
runs = torch.tensor([[3200, 145, 1], [2850, 260, 0], [1900, 88, 1], [4100, 210, 1]])
f = m(runs, torch.tensor([0, 1, 2, 3]))
""", "The crew trip sheets are read as integers, so the trips arrive as int64 while the fuel "
       "package was exported for float32.", "Convert the trips with .float() (and the grade to "
       "%) before the call.", needs=("s",), env=CHECK,
       match=r"dtype|Long|Float|int64|type")


def case_12():
    return _d("case_12", "hump-list-blocks-numpy-int32", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{makeup161}")
_, tonnes = blocks(20)
# the hump list from the yard system's numpy export: block codes as int32
block = torch.from_numpy(np.random.randint(0, 12, size=20).astype(np.int32))
p = m(block, tonnes)
""", "The hump list's destination blocks come from a numpy export as int32, while the make-up "
       "package was exported for int64 block indices.", "Convert the blocks with .long() before "
       "the call.", needs=("s",), env=CHECK, match=r"dtype|Int|Long|int32|type")


# -------------------------------------------------------------------- run: indices
def case_13():
    return _d("case_13", "track-sign-numbers-as-track-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dwell161}")
feats, wtype, _ = wagons(6)
# the tracks as signed in the yard (11..42) instead of the index 0..31
track = torch.tensor([11, 24, 37, 42, 15, 30])
d = m(feats, wtype, track)
""", "The classification tracks are passed by the numbers on the yard's track signs (11..42) "
       "instead of the track index 0..31, so tracks 32..42 index past the dwell package's "
       "32-row track table.", "Subtract 11 from the signed track number before the call.",
       needs=("r",), match=r"out of bounds|index|Abort")


def case_14():
    return _d("case_14", "new-wagon-type-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dwell161}")
feats, wtype, track = wagons(6)
# the new car-carrier type arrived this year and was coded 8 in the yard system
wtype[2] = 8
d = m(feats, wtype, track)
""", "A wagon type added to the yard system after export (coded 8) is sent, indexing past the "
       "dwell package's 8-row wagon-type table (0..7).", "Re-train and re-export with the new "
       "type (or map it to the nearest existing type until then).", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_15():
    return _d("case_15", "loco-class-numbers-as-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fuel161}")
runs, _ = loco_runs(4)
# the locomotive classes as the trip sheets name them: Class 66, 70, 86, 92
loco = torch.tensor([66, 70, 86, 92])
f = m(runs, loco)
""", "The locomotives are given by their class numbers (66, 70, 86, 92) instead of the class "
       "index 0..3, so they index past the fuel package's 4-row fuel-rate table.", "Map the "
       "class numbers to the index (66 -> 0, 70 -> 1, 86 -> 2, 92 -> 3) before the call.",
       needs=("s",), match=r"out of bounds|index|Abort")


def case_16():
    return _d("case_16", "well-length-feet-as-well-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{slot161}")
lengths, _ = wells(6)
# the car register gives each well car's well length in feet (40, 48, 53)
well = torch.tensor([40, 48, 53, 53, 40, 48])
u = m(lengths, well)
""", "The well cars are given by their well length in feet (40, 48, 53) from the car register "
       "instead of the well index 0..2, so they index past the slot package's 3-row well "
       "table.", "Map the lengths to the index (40 -> 0, 48 -> 1, 53 -> 2) before the call.",
       needs=("s",), match=r"out of bounds|index|Abort")


def case_17():
    return _d("case_17", "new-destination-block-12", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{makeup161}")
block, tonnes = blocks(20)
# the new port block opened after export: destination block 12
block[5] = 12
p = m(block, tonnes)
""", "A destination block opened after export (block 12, the new port block) is sent, indexing "
       "past the make-up package's 12-row block table (0..11).", "Re-train and re-export with "
       "13 blocks (or route the new block's wagons by hand until then).", needs=("s",),
       match=r"out of bounds|index|Abort")


# -------------------------------------------------------------------- run: values
def case_18():
    return _d("case_18", "us-leased-train-weights-in-short-tons", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fuel161}")
runs, loco = loco_runs(6)
ticket = m(runs, loco)                   # the fuel tickets of last month's trips, litres
# the leased US consists' trailing weights come in short tons
us = runs.clone()
us[:, 0] = us[:, 0] * 1.10231
f = m(us, loco)
assert ((f - ticket).abs() < 0.05 * ticket).all(), f"litres: {f} vs ticket {ticket}"
""", "The trailing weights of the leased US consists are in short tons while the fuel model "
       "expects tonnes, so every fuel forecast comes out 10 % above the fuel tickets, without an "
       "error.", "Convert short tons to tonnes (x 0.907185) before the call.", needs=("s",),
       match=r"AssertionError")


def case_19():
    return _d("case_19", "route-distances-in-miles", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fuel161}")
runs, loco = loco_runs(6)
ticket = m(runs, loco)
# the route table inherited from the old timetable system gives the distances in miles
mi = runs.clone()
mi[:, 1] = mi[:, 1] / 1.609344
f = m(mi, loco)
assert ((f - ticket).abs() < 0.05 * ticket).all(), f"litres: {f} vs ticket {ticket}"
""", "The route distances come from the old timetable system in miles while the fuel model "
       "expects km, so every fuel forecast is 38 % short of the tickets, without an error.",
       "Convert miles to km (x 1.609344) before the call.", needs=("s",),
       match=r"AssertionError")


def case_20():
    return _d("case_20", "us-built-scanner-bearings-in-fahrenheit", "numerical", "run", """
m = torch._inductor.aoti_load_package("{hotbox161}")
temps, amb = bearings(2, 240)            # a cool train: every bearing 15 to 35 K over ambient
# the replacement US-built scanner reports the bearings in Fahrenheit; ambient is the yard's C
p = m(temps * 1.8 + 32.0, amb)
assert (p < 0.5).all(), f"hot-box alarms on {int((p >= 0.5).sum())} axles of a cool train"
""", "The replacement US-built hot-box scanner reports bearing temperatures in Fahrenheit while "
       "the model expects Celsius (the ambient still is), so nearly every axle of a cool train "
       "raises a hot-box alarm, without an error.", "Convert the bearings to Celsius "
       "((F - 32) / 1.8) before the call.", needs=("r",), match=r"AssertionError")


def case_21():
    return _d("case_21", "impact-detector-gauge-dropout-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{wild161}")
force = impacts(8, 500)
force[3, 120:180] = float("nan")         # a strain-gauge channel dropped out during wheel 4's passage
r = m(force)
assert torch.isfinite(r).all(), f"peak kN, ratio, flat probability: {r}"
""", "A strain-gauge channel of the wheel-impact detector dropped out during one wheel's passage "
       "and the logger writes NaN, so that wheel's peak force and flat probability are NaN, "
       "without an error.", "Mask the dropped-out samples (or skip that passage) before the "
       "call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _d("case_22", "container-lengths-in-metres", "numerical", "run", """
m = torch._inductor.aoti_load_package("{slot161}")
lengths, well = wells(10)
ref = m(lengths, well)
# the terminal operating system gives the container lengths in metres (40 ft = 12.19 m)
u = m(lengths * 0.3048, well)
assert (u - ref).abs().max() < 0.05, f"slot use: {u} vs {ref}"
""", "The terminal operating system gives the container lengths in metres while the slot model "
       "expects feet, so every well car's utilisation comes out about 0.3 of the real one, "
       "without an error.", "Convert metres to feet (/ 0.3048) before the call.", needs=("s",),
       match=r"AssertionError")


def case_23():
    return _d("case_23", "dwell-hours-from-local-clock-minus-utc-arrival", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dwell161}")
feats, wtype, track = wagons(8)
ref = m(feats, wtype, track)
# arrivals are stamped in UTC by the AEI reader, but the yard PC's clock is local (UTC - 6)
local = feats.clone()
local[:, 2] = local[:, 2] - 6.0
d = m(local, wtype, track)
assert (d - ref).abs().max() < 0.5, f"dwell hours: {d} vs {ref}"
""", "The hours since arrival are computed from the yard PC's local clock (UTC - 6) minus the AEI "
       "reader's UTC arrival stamps, six hours short, so every dwell forecast is off by hours, "
       "without an error.", "Compute the hours since arrival with both times in UTC.",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def tried_01():
    return _m("tried_01", "retrained-dwell-with-ninth-wagon-type-pushed", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{dwellbare161}")
class DwellNet9(DwellNet):
    # retrained after the car carriers arrived: nine wagon types
    def __init__(self):
        super().__init__()
        self.wtype = torch.nn.Embedding(9, 1)
# the push script sends the constants the package names (get_constant_fqns)
sd = DwellNet9().state_dict()
m.load_constants({k: sd[k] for k in m.get_constant_fqns()}, check_full_update=True)
feats, wtype, track = wagons(6)
d = m(feats, wtype, track)
""", "The model server pushes the dwell model retrained with a ninth wagon type to the edge box's "
       "weightless package, whose wagon-type constant was compiled with 8 rows, so the pushed "
       "constant does not fit.", "Re-export and re-compile the package for nine wagon types "
       "before pushing the retrained weights.", needs=("s",),
       match=r"[Cc]onstant|wtype|size|shape|mismatch")


def dropped_01():
    return _m("dropped_01", "retrained-dwell-with-ninth-wagon-type-pushed", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{dwellbare161}")
class DwellNet9(DwellNet):
    # retrained after the car carriers arrived: nine wagon types
    def __init__(self):
        super().__init__()
        self.wtype = torch.nn.Embedding(9, 1)
m.load_constants(DwellNet9().state_dict(), check_full_update=True)
feats, wtype, track = wagons(6)
d = m(feats, wtype, track)
""", "The model server pushes the dwell model retrained with a ninth wagon type to the edge box's "
       "weightless package, whose wagon-type constant was compiled with 8 rows, so the pushed "
       "constant does not fit.", "Re-export and re-compile the package for nine wagon types "
       "before pushing the retrained weights.", needs=("s",),
       match=r"[Cc]onstant|wtype|size|shape|mismatch")


# ----------------------------------------------------------------- run: resources, device, ops
def case_24():
    return _d("case_24", "whole-year-retarder-traces-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{retarder161}")
# the whole year's retarder traces of the hump's master retarder in one call: 20000 cuts
x = retarder_traces(20000, 1000)
# the hump computer leaves the classifier 128 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 128 * 2**20, vm + 128 * 2**20))
p = m(x)
""", "The whole year's retarder traces (20000 cuts of 1000 samples) are classified in one call, "
       "and the convolution buffers the call allocates (hundreds of MB) exceed the hump "
       "computer's 128 MiB memory margin.", "Classify the traces in batches of a few hundred "
       "cuts.", needs=("r",), match=r"[Mm]emory|alloc")


def case_25():
    return _d("case_25", "yard-config-device-cuda-0", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{retarder161}")
# the hump computer's config was copied from the data-science GPU server
cfg = {"device": "cuda:0", "batch": 64}
x = retarder_traces(4, 200).to(cfg["device"])
p = m(x)
""", "The hump computer's config, copied from the data-science GPU server, sends the traces to "
       "cuda:0 on a CPU-only machine with no NVIDIA driver (and the package is compiled for CPU).",
       "Set the device to cpu in the hump computer's config (the package's device).",
       needs=("r",), match=r"CUDA|cuda|NVIDIA|driver")


def case_26():
    return _m("case_26", "hotbox-for-pc104-event-recorder-i686-cxx", "compile_toolchain", "compile", """
# compiled in the shell set up for the locomotive event recorder's 32-bit PC/104 board
temps, amb = bearings(2, 240)
ep = torch.export.export(HotBox().eval(), (temps, amb))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hotbox_pc104_161.pt2")
""", "The shell was set up for the locomotive event recorder's 32-bit PC/104 board and exports "
       "CXX=i686-linux-gnu-g++, a cross compiler not installed on the build host, so AOTI cannot "
       "compile the package.", "Unset CXX (or point it at the host g++) before compiling.",
       env={"CXX": "i686-linux-gnu-g++"},
       match=r"i686|No such file|not found|CppCompileError|compile|[Cc]ompiler")


def case_27():
    return _d("case_27", "dispatch-server-without-curve-drag-op", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{fueldrag161}")
# the dispatch server loads the fuel package in its own process and never imports the traction
# engineer's module that registers rail161::curve_drag
runs, loco = loco_runs(4)
f = m(runs, loco)
""", "The fuel package calls the Python-only custom op rail161::curve_drag through the proxy "
       "executor, and the dispatch server's process never registers it (the traction engineer's "
       "module that defines it is not imported).", "Import the module that registers the op "
       "before loading, or write the drag table with tensor ops.", needs=("s",),
       match=r"rail161|curve_drag|schema|operator")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]

DROPPED = [dropped_01]
TRIED = [tried_01]
# Trial 1 (torch 2.14.1+cu130, all 28 first-written cases): 27 failed as labelled. DROPPED:
# dropped_01 (the dwell model retrained with a ninth wagon type pushed whole to the weightless
# package with check_full_update=True, then case_24) failed with "Constant not found: lin.bias":
# the state_dict holds a key the package has no constant for, not the 8-row wagon-type constant
# its cause sentence names. TRIED (trial 2): tried_01, the same push restricted to the
# package's own constant names (get_constant_fqns), did not fail: the 9-row table was taken
# without an error. Both are out of CASES; case_25..28 were renumbered case_24..27.
# Changed after trial 1 (my trigger bug): case_06 sent one train (bearings(1, 600)), and the
# package's trains dimension accepts >= 2 (a size-1 dim is specialised), so it failed on the
# trains dim, not the axles; it now sends two trains of 600 axles (trial 2: failed as labelled).
# Not written (found by the grep before any trial): CXX / cpp.cxx arm-none-eabi-g++ (live_blind148,
# 153), arm-linux-gnueabihf-g++ (136), aarch64-linux-gnu-g++ (138), a -273 C probe dropout
# (live_blind151), a 9999 dropout code (many sets), an axle-box wheel-flat detector's
# recording shorter than the Dim min and samples-by-axes CSV (live_blind114), a dwell while
# loop until the platform clears (live_blind114), 1-based ids (many sets), a Python dict of
# per-id factors in forward (live_blind103, 158), a Python if on (p > t).any() (live_blind158).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind161.jsonl",
        url_file="benchmarks/live_blind161.py", id_prefix="live161", stems=STEMS,
        scratch_prefix="live_blind161-", description=__doc__.splitlines()[0]))
