"""A hundred-and-thirtieth blind set of REAL AOTInductor failures (museums and cultural heritage conservation models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind130.py [--out benchmarks/live_blind130.jsonl] [--keep]

Theme: museums and cultural heritage conservation (a painting-condition classifier over
photographs of paint surfaces: intact / crack / flaking / discolouration; a gallery climate
forecast from each room's hourly temperature, relative humidity, illuminance and UV log, with the
annual light dose in lux-hours; a pigment identifier over X-ray fluorescence (XRF) spectra; a
collection catalogue lookup by catalogue row; a visitor-flow occupancy model per gallery from door
counters; a provenance / dating prior per century; a sculpture 3D-scan point-cloud model),
exported, compiled, loaded and run as a museum data / conservation-science engineer would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py
.. live_blind128.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
CHANNELS = 512

def xrf(n=6):
    ch = torch.arange(CHANNELS).float()
    # Pb L-lines near 10.5 / 12.6 keV (channels 134 / 161), Ca K near 3.7 keV (channel 47)
    peaks = 800 * torch.exp(-(ch - 134) ** 2 / 8) + 500 * torch.exp(-(ch - 161) ** 2 / 8) \\
        + 300 * torch.exp(-(ch - 47) ** 2 / 6)
    return (peaks + 20 * torch.rand(n, CHANNELS)).round()

def room_log(rooms=4, hours=168, lux=50.0):
    t = torch.arange(hours).float()
    open_ = ((t % 24) >= 10) & ((t % 24) < 18)
    return torch.stack([20.0 + 0.5 * torch.sin(t / 24 * 6.2832) + 0.1 * torch.randn(rooms, hours),
                        50.0 + 2.0 * torch.randn(rooms, hours),
                        torch.where(open_, lux, 0.0) + 0.5 * torch.rand(rooms, hours),
                        torch.where(open_, 10.0, 0.0) + 0.5 * torch.rand(rooms, hours)], -1)

def statue(scans=2, points=2048):
    # a standing figure about 1.8 m tall on a 0.4 m plinth
    u = torch.rand(scans, points, 3)
    return torch.stack([0.3 * (u[..., 0] - 0.5), 0.3 * (u[..., 1] - 0.5), 0.4 + 1.8 * u[..., 2]], -1)

def door_counts(galleries=4, steps=96):
    entries = torch.poisson(torch.full((galleries, steps), 6.0))
    exits = torch.minimum(torch.poisson(torch.full((galleries, steps), 5.5)), entries)
    return entries, exits
"""

MODELS = """
CONDITIONS = ["intact", "crack", "flaking", "discolouration"]

class Condition(torch.nn.Module):
    # condition logits of paint-surface photographs (photos, 3, 64, 64), RGB 0..1
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(16, 4)
    def forward(self, img):
        x = (img - 0.5) / 0.25
        h = torch.relu(self.c2(torch.relu(self.c1(x)))).mean((2, 3))
        return self.head(h)

OPEN_HOURS = 3000.0                 # public opening hours a year

class Climate(torch.nn.Module):
    # each room's hourly log (rooms, hours, 4): air temperature C, relative humidity %,
    # illuminance lux, UV uW/lm -> (rooms, 3): tomorrow's mean temperature C and RH %, and the
    # annual light dose in lux-hours at this illuminance
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([20.0, 50.0, 100.0, 30.0]))
        self.register_buffer("std", torch.tensor([2.0, 5.0, 80.0, 20.0]))
        self.lin = torch.nn.Linear(4, 2)
        with torch.no_grad():
            self.lin.weight.mul_(0.1)
            self.lin.bias.copy_(torch.tensor([20.0, 50.0]))
    def forward(self, log):
        z = (log - self.mean) / self.std
        nxt = self.lin(z.mean(1))
        dose = log[..., 2].clamp(min=0).mean(1, keepdim=True) * OPEN_HOURS
        return torch.cat([nxt, dose], -1)

CHANNELS, PIGMENTS = 512, 10        # XRF: 0..40 keV in 512 channels; lead white .. smalt

class Pigment(torch.nn.Module):
    # pigment logits of XRF spectra (spectra, 512) in photon counts per channel, normalised by
    # each spectrum's total counts
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(CHANNELS, PIGMENTS)
    def forward(self, counts):
        p = counts / counts.sum(1, keepdim=True)
        return self.head(torch.log1p(p * 1e4))

OBJECTS, GALLERIES, CENTURIES = 3000, 40, 21

class Visitors(torch.nn.Module):
    # fraction of capacity in use per gallery (0..39) and 15-minute step from the door counters'
    # people in (entries) and out (exits) per step, (galleries, steps) each
    def __init__(self):
        super().__init__()
        self.register_buffer("capacity", 20.0 + 80.0 * torch.rand(GALLERIES))
    def forward(self, gallery, entries, exits):
        occ = (entries - exits).cumsum(1)
        return occ / self.capacity[gallery][:, None]

class Dating(torch.nn.Module):
    # consistency score of an attribution: the object's style features (objects, 8) against a
    # learned style prior of the century of its proposed year (0 .. 2099 CE: 21 centuries)
    def __init__(self):
        super().__init__()
        self.prior = torch.nn.Embedding(CENTURIES, 8)
    def forward(self, year, feats):
        c = torch.div(year, 100, rounding_mode="floor")
        return (feats * self.prior(c)).sum(-1)

class Sculpture(torch.nn.Module):
    # 3D scans (scans, points, 3), x y z in metres -> (scans, 2): surface-loss risk logit, height m
    def __init__(self):
        super().__init__()
        self.mlp = torch.nn.Sequential(torch.nn.Linear(3, 32), torch.nn.ReLU(), torch.nn.Linear(32, 64))
        self.head = torch.nn.Linear(64, 1)
    def forward(self, pts):
        c = pts - pts.mean(1, keepdim=True)
        risk = self.head(torch.relu(self.mlp(c)).amax(1))
        z = pts[..., 2]
        return torch.cat([risk, (z.amax(1) - z.amin(1))[:, None]], -1)
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
ph = Dim("photos", min=1, max=256)
build("cond130", Condition().eval(), (torch.rand(4, 3, 64, 64),), dynamic_shapes=({0: ph},))
rm, hr = Dim("rooms", min=1, max=100), Dim("hours", min=24, max=720)
build("clim130", Climate().eval(), (room_log(4, 168),), dynamic_shapes=({0: rm, 1: hr},))
sp = Dim("spectra", min=1, max=1024)
build("xrf130", Pigment().eval(), (xrf(6),), dynamic_shapes=({0: sp},))
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
class Catalogue(torch.nn.Module):
    # conservation limits of each object by its catalogue row (0..2999): RH set point %, lux limit
    def __init__(self):
        super().__init__()
        self.register_buffer("rh_target", 45.0 + 10.0 * torch.rand(OBJECTS))
        self.register_buffer("lux_limit", torch.tensor([50.0, 150.0, 200.0])[torch.randint(0, 3, (OBJECTS,))])
    def forward(self, row):
        return torch.stack([self.rh_target[row], self.lux_limit[row]], -1)

q = Dim("queries", min=1, max=5000)
build("cat130", Catalogue(), (torch.tensor([12, 870, 2999]),), dynamic_shapes=({0: q},))
g, st = Dim("galleries", min=1, max=200), Dim("steps", min=4, max=2880)
build("visit130", Visitors().eval(), (torch.tensor([0, 7, 21, 39]),) + door_counts(4, 96),
      dynamic_shapes=({0: g}, {0: g, 1: st}, {0: g, 1: st}))
ob = Dim("objects", min=1, max=10000)
build("date130", Dating().eval(), (torch.tensor([1505, 1642, 1889]), torch.randn(3, 8)),
      dynamic_shapes=({0: ob}, {0: ob}))
sc, pt = Dim("scans", min=1, max=16), Dim("points", min=64, max=100000)
build("sculpt130", Sculpture().eval(), (statue(2, 2048),), dynamic_shapes=({0: sc, 1: pt},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"cond130", "clim130", "xrf130", "cat130", "visit130", "date130", "sculpt130",
         "scan130"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)
# _d: a child that uses the setup packages and the example-data helpers (DATA)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "works-on-paper-50-lux-python-if", "export_failure", "export", """
class PaperRoom(Climate):
    # works on paper: if any hour exceeded the 50 lux limit, forecast with the blinds-down log
    def forward(self, log):
        if (log[..., 2] > 50.0).any():
            log = torch.cat([log[..., :2], log[..., 2:3].clamp(max=50.0), log[..., 3:]], -1)
        return super().forward(log)
ep = torch.export.export(PaperRoom().eval(), (room_log(4, 168, lux=60.0),))
""", "The works-on-paper climate model decides with a Python if whether any hour exceeded the "
       "50 lux limit, control flow on tensor data that torch.export cannot trace.",
       "Clamp unconditionally (or use torch.where / torch.cond) instead of the Python if.",
       match=r".")


def case_02():
    return _m("case_02", "xrf-scipy-find-peaks-in-forward", "export_failure", "export", """
import scipy.signal
class PeakPigment(Pigment):
    # only the channels of detected XRF emission lines are kept before the head
    def forward(self, counts):
        keep = torch.zeros_like(counts)
        for i, s in enumerate(counts):
            peaks, _ = scipy.signal.find_peaks(s.numpy(), prominence=50)
            keep[i, torch.as_tensor(peaks)] = 1.0
        return super().forward(counts * keep + 1.0)
ep = torch.export.export(PeakPigment().eval(), (xrf(6),))
""", "The pigment model runs scipy.signal.find_peaks on each XRF spectrum's NumPy array inside "
       "forward, which needs the tensor's data that torch.export does not have while tracing.",
       "Detect the emission lines with tensor ops (or outside the exported model) and pass the "
       "mask as an input.", match=r".")


def case_03():
    return _m("case_03", "new-spectrometer-channels-axis-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the new handheld spectrometer has 1024 channels: the channel axis is declared dynamic too
sp, ch = Dim("spectra", min=1, max=1024), Dim("channels", min=256, max=4096)
ep = torch.export.export(Pigment().eval(), (xrf(6),), dynamic_shapes=({0: sp, 1: ch},))
""", "The XRF channel axis is declared dynamic (for a new spectrometer with 1024 channels), but "
       "the pigment head is a Linear over exactly 512 channels, so export specialises the axis "
       "and refuses the specification.", "Keep the channel axis static and rebin the new "
       "spectrometer's spectra to 512 channels (or train a model for 1024).",
       match=r"Constraints violated|specializ|channels")


def case_04():
    return _m("case_04", "one-reference-photo-export", "dynamic_shape_guard", "export", """
from torch.export import Dim
# exported with the one reference photograph of the painting, batch axis declared dynamic
ph = Dim("photos", min=1, max=256)
ep = torch.export.export(Condition().eval(), (torch.rand(1, 3, 64, 64),), dynamic_shapes=({0: ph},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/ref130.pt2")
""", "The condition model is exported from a single reference photograph with the batch axis "
       "declared dynamic, and an example size of 1 is specialised to a constant.", "Export with "
       "an example batch of 2 or more photos.", match=r"Constraints violated|specializ|photos")


def case_05():
    return _m("case_05", "one-dim-for-galleries-and-steps", "dynamic_shape_guard", "export", """
from torch.export import Dim
n = Dim("n", min=1, max=2880)          # one Dim for every variable axis of the door-counter tables
entries, exits = door_counts(4, 96)
ep = torch.export.export(Visitors().eval(), (torch.tensor([0, 7, 21, 39]), entries, exits),
                         dynamic_shapes=({0: n}, {0: n, 1: n}, {0: n, 1: n}))
""", "One Dim n is used for both the galleries axis and the 15-minute steps axis of the door "
       "counter tables, which declares them equal, while the example has 4 galleries and 96 "
       "steps, so export refuses the specification.", "Give the galleries and steps axes their "
       "own Dims.", match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_06():
    return _c("case_06", "copy-stand-camera-128px-crops", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cond130}")
# the new copy-stand camera's detail crops are 128 x 128
photos = torch.rand(6, 3, 128, 128)
logits = m(photos)
""", "The new copy-stand camera's detail crops are 128 x 128 pixels, while the condition package "
       "was exported for 64 x 64 photos.", "Resize the crops to 64 x 64 (or re-export for 128).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_07():
    return _c("case_07", "handheld-xrf-1024-channels", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{xrf130}")
# the conservation lab's new handheld XRF records 1024 channels over the same 0..40 keV
counts = torch.poisson(torch.full((5, 1024), 30.0))
logits = m(counts)
""", "The new handheld XRF spectrometer records 1024 channels, while the pigment package was "
       "exported for 512-channel spectra.", "Rebin the spectra to 512 channels (sum channel "
       "pairs) before the call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _d("case_08", "old-wing-logger-no-uv-channel", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{clim130}")
# the old wing's data loggers have no UV sensor: temperature, RH and lux only
log = room_log(3, 168)[..., :3]
forecast = m(log)
""", "The old wing's data loggers have no UV sensor, so the room logs have 3 channels, while the "
       "climate package was exported for 4 (temperature, RH, lux, UV).", "Add the UV channel "
       "(from a handheld reading or the room's typical value) before the call.", needs=("r",),
       env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "xrf-raw-counts-int32", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{xrf130}")
# the spectrometer's .spx export gives the counts as int32
counts = torch.from_numpy(np.random.poisson(30, (4, 512)).astype(np.int32))
logits = m(counts)
""", "The XRF spectra are read from the spectrometer export as int32 photon counts, while the "
       "pigment package was exported for float32 spectra.", "Convert the counts with .float() "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype|Int|Float|int32")


def case_10():
    return _c("case_10", "door-counts-stacked-in-out", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{visit130}")
# the door-counter API gives one (galleries, steps, 2) table: people in and out per 15 minutes
counts = torch.poisson(torch.full((4, 96, 2), 6.0))
occ = m(torch.tensor([0, 7, 21, 39]), counts)
""", "The door counters' in and out counts are passed as one stacked (galleries, steps, 2) "
       "table, while the visitor package was exported with entries and exits as two separate "
       "inputs.", "Pass counts[..., 0] and counts[..., 1] as the two inputs.", needs=("s",),
       match=r".")


def case_11():
    return _d("case_11", "coloured-scan-xyzrgb", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sculpt130}")
# the structured-light scanner exports coloured points: x y z r g b
xyz = statue(2, 3000)                   # front and back scans of the bronze
pts = torch.cat([xyz, torch.rand(2, 3000, 3)], -1)
out = m(pts)
""", "The structured-light scanner exports coloured points (x y z r g b, 6 values per point), "
       "while the sculpture package was exported for x y z only.", "Keep the first three "
       "columns (pts[..., :3]) before the call.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


# -------------------------------------------------------------------- run: dynamic dims
def case_12():
    return _d("case_12", "refurbished-room-six-hours-of-log", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{clim130}")
log = room_log(2, 6)              # the east wing's two refurbished galleries reopened this morning
forecast = m(log)
""", "The east wing's two refurbished galleries reopened this morning and have only 6 hourly readings, below the "
       "shortest log the climate package accepts (the hours Dim was declared with min=24).",
       "Wait for a day of readings (or forecast the room from a neighbouring room's log).",
       needs=("r",), env=CHECK, match=r"too small|range|bound|>=")


def case_13():
    return _d("case_13", "full-resolution-statue-scan", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{sculpt130}")
pts = statue(2, 2000000)          # the full-resolution front and back scans of the marble statue
out = m(pts)
""", "The full-resolution front and back scans of the statue (2 million points each) are sent without decimation, "
       "above the largest point count the sculpture package accepts (the points Dim was "
       "declared with max=100000).", "Decimate (voxel-downsample) the scan to at most 100000 "
       "points before the call.", needs=("s",), env=CHECK, match=r"too large|range|bound|<=")


def case_14():
    return _d("case_14", "whole-year-door-counts", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{visit130}")
entries, exits = door_counts(4, 365 * 96)       # the annual report: a year of 15-minute steps
occ = m(torch.tensor([0, 7, 21, 39]), entries, exits)
""", "A whole year of 15-minute door counts (35040 steps) is sent for the annual report, above "
       "the longest series the visitor package accepts (the steps Dim was declared with "
       "max=2880, 30 days).", "Send the year month by month (or export with a larger max).",
       needs=("s",), env=CHECK, match=r"too large|range|bound|<=")


# -------------------------------------------------------------------- run: indices and values
def case_15():
    return _c("case_15", "accession-numbers-as-catalogue-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cat130}")
# the loans database gives accession numbers (1987.112 -> 1987112), used as the row
rows = torch.tensor([1987112, 2003045, 1954007])
limits = m(rows)
""", "Accession numbers (1987.112 as 1987112) are passed as catalogue row indices, far outside "
       "the catalogue table's 3000 rows.", "Map the accession numbers to catalogue rows (a "
       "lookup table) before the call.", needs=("s",), expect="exc",
       match=r"out of bounds|index")


def case_16():
    return _d("case_16", "door-sensor-hardware-ids-as-gallery", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{visit130}")
# the counters' feed is keyed by the sensor's hardware id, e.g. 4117, not the gallery index
gallery = torch.tensor([4117, 4118, 4203, 4310])
entries, exits = door_counts(4, 96)
occ = m(gallery, entries, exits)
""", "The door counters' feed is keyed by each sensor's hardware id (4117), which is passed as "
       "the gallery index into the 40-gallery capacity table.", "Map sensor hardware ids to "
       "gallery indices (0..39) before the call.", needs=("s",), expect="exc",
       match=r"out of bounds|index")


def case_17():
    return _c("case_17", "bce-year-negative-century", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{date130}")
# a Sumerian cylinder seal proposed at 3200 BCE, entered as a negative year
year = torch.tensor([1505, -3200, 1889])
score = m(year, torch.randn(3, 8))
""", "An object proposed at 3200 BCE is entered as year -3200, whose century index (-32) is "
       "outside the dating prior's table of 21 centuries (0..2099 CE).", "Restrict the model "
       "to CE dates (or extend the century table to BCE with an offset) and route BCE objects "
       "elsewhere.", needs=("s",), expect="exc", match=r"out of bounds|index")


def case_18():
    return _d("case_18", "light-logger-foot-candles", "numerical", "run", """
m = torch._inductor.aoti_load_package("{clim130}")
log = room_log(1, 168, lux=50.0)
log[..., 2] = log[..., 2] / 10.764     # the US-made light logger reports foot-candles
dose = m(log)[0, 2]
# the lighting report's annual dose for this works-on-paper room (50 lux, 8 of 24 h lit)
assert abs(dose - 50.0 * 3000 / 3) / (50.0 * 3000 / 3) < 0.2, f"annual light dose (lux h): {dose}"
""", "The US-made light logger reports illuminance in foot-candles (1 fc = 10.76 lux), so the "
       "annual light dose comes out about ten times too low, without an error.", "Convert "
       "foot-candles to lux (x 10.764) before the call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _d("case_19", "rh-logger-battery-change-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{clim130}")
log = room_log(3, 168)
log[2, 100:104, 1] = float("nan")      # the RH logger's battery change: 4 hours logged as NaN
forecast = m(log)
assert torch.isfinite(forecast).all(), f"climate forecast: {forecast}"
""", "A relative-humidity logger's battery change leaves 4 hours of NaN in one room's log, and "
       "the forecast of that room is NaN, silently.", "Interpolate (or drop) the missing hours "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_20():
    return _d("case_20", "xrf-shutter-closed-blank", "numerical", "run", """
m = torch._inductor.aoti_load_package("{xrf130}")
counts = xrf(4)
counts[3] = 0.0                        # the shutter stayed closed on the fourth spot: no counts
logits = m(counts)
assert torch.isfinite(logits).all(), f"pigment logits: {logits}"
""", "One XRF spot was measured with the shutter closed, so its spectrum has zero total counts "
       "and the per-spectrum normalisation is 0/0 = NaN, silently.", "Drop spectra with no "
       "counts (or below a minimum total) before the call.", needs=("r",),
       match=r"AssertionError")


def case_21():
    return _d("case_21", "door-counter-in-out-swapped", "numerical", "run", """
m = torch._inductor.aoti_load_package("{visit130}")
entries, exits = door_counts(4, 96)
# the new counters are mounted facing into the gallery: their "in" is the visitors leaving
occ = m(torch.tensor([0, 7, 21, 39]), exits, entries)
assert (occ >= 0).all(), f"occupancy (fraction of capacity): {occ[:, -1]}"
""", "The new door counters are mounted facing into the gallery, so their in and out counts are "
       "swapped and the occupancy becomes negative, without an error.", "Swap the counters' in "
       "and out columns (or remount them) before the call.", needs=("s",),
       match=r"AssertionError")


def case_22():
    return _d("case_22", "scanner-millimetres", "numerical", "run", """
m = torch._inductor.aoti_load_package("{sculpt130}")
pts = statue(1, 20000) * 1000.0         # the photogrammetry software exports millimetres
out = m(pts)
assert out[0, 1] < 10.0, f"sculpture height (m): {out[0, 1]}"
""", "The photogrammetry software exports the sculpture's points in millimetres, while the "
       "package works in metres, so the statue comes out 1800 m tall, without an error.",
       "Divide the coordinates by 1000 (millimetres to metres) before the call.", needs=("s",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _d("case_23", "pigment-head-refit-float64", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{xrf130}")
# the head was refitted in NumPy (float64) on the reference pigment library
w = torch.from_numpy(np.random.randn(10, 512) * 0.01)
b = torch.from_numpy(np.zeros(10))
m.load_constants({"head.weight": w, "head.bias": b}, check_full_update=False)
logits = m(xrf(4))
""", "The pigment head was refitted in NumPy on the reference library, so the new weights are "
       "float64, while the package's constants are float32; load_constants takes them without "
       "a dtype check, the float64 bytes overrun the float32 constant buffers and the process "
       "aborts with a glibc malloc assertion at a later allocation.", "Convert the new weights to "
       "float32 (.float()) before load_constants.", needs=("r",), expect="crash",
       match=r"malloc|Aborted")


def case_24():
    return _c("case_24", "refactored-backbone-state-dict", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{cond130}")
# the retrained condition model was refactored: its convolutions now sit in a backbone module
sd = {"backbone.0.weight": torch.randn(8, 3, 3, 3) * 0.1, "backbone.0.bias": torch.zeros(8),
      "backbone.2.weight": torch.randn(16, 8, 3, 3) * 0.1, "backbone.2.bias": torch.zeros(16),
      "head.weight": torch.randn(4, 16) * 0.1, "head.bias": torch.zeros(4)}
m.load_constants(sd, check_full_update=False)
logits = m(torch.rand(2, 3, 64, 64))
""", "The retrained condition model's state dict comes from a refactored class and is pushed "
       "as is: its keys (backbone.0 / backbone.2 for the convolutions, head.bias) are not the "
       "package's constant names (c1 / c2 / head.weight; the package holds no head.bias "
       "constant).", "Rename the keys to the package's constant names "
       "(m.get_constant_fqns()) or re-export the refactored model.", needs=("r",),
       match=r"not found|Constant|backbone")


# ----------------------------------------------------------------------- run: resources
def case_25():
    return _m("case_25", "gigapixel-painting-scan-one-image", "out_of_memory", "run", """
import resource
from torch.export import Dim
hh, ww = Dim("h", min=32, max=16384), Dim("w", min=32, max=16384)
ep = torch.export.export(Condition().eval(), (torch.rand(1, 3, 64, 96),),
                         dynamic_shapes=({2: hh, 3: ww},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/scan130.pt2")
m = torch._inductor.aoti_load_package(pkg)
# the high-resolution scan of the whole altarpiece panel, scored as one image
scan = torch.rand(1, 3, 8000, 12000)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the worker's 2 GiB margin
logits = m(scan)
""", "The high-resolution scan of a whole altarpiece panel (8000 x 12000 pixels) is scored as "
       "one image; the first convolution's 8-channel output alone needs 3 GB, beyond the "
       "worker's 2 GiB memory margin.", "Tile the scan into photo-sized crops and score them in "
       "batches.", match=r"memory|alloc")


def case_26():
    return _c("case_26", "studio-mac-script-mps-device", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cond130}")
device = torch.device("mps")            # the photo studio's script, written on its Mac Studio
photos = torch.rand(4, 3, 64, 64).to(device)
logits = m(photos)
""", "The photo studio's condition script moves the photos to the Apple 'mps' device it was "
       "written on, on the Linux CPU-only server whose torch has no MPS and whose package is "
       "compiled for CPU.", "Use the CPU device for the CPU package (choose the device from "
       "what the host has).", needs=("r",), match=r"mps|MPS")


def case_27():
    return _m("case_27", "roman-century-label-int-year", "export_failure", "export", """
def roman(n):
    vals = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    s = ""
    for v, r in vals:
        while n >= v:
            s, n = s + r, n - v
    return s

class LabelledDating(Dating):
    # the catalogue card shows the century in Roman numerals next to the score
    def forward(self, year, feats):
        self.labels = [roman(int(y) // 100 + 1) + " century" for y in year]
        return super().forward(year, feats)
ep = torch.export.export(LabelledDating().eval(), (torch.tensor([1505, 1642, 1889]), torch.randn(3, 8)))
""", "The dating model builds each catalogue card's Roman-numeral century label from int(year) "
       "inside forward, which needs the tensor's values that torch.export does not have.",
       "Return the scores only and build the century labels from the years outside the "
       "exported model.", match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind130.jsonl",
        url_file="benchmarks/live_blind130.py", id_prefix="live130", stems=STEMS,
        scratch_prefix="live_blind130-", description=__doc__.splitlines()[0]))
