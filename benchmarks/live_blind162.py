"""A hundred-and-sixty-second blind set of REAL AOTInductor failures (quarries and aggregate plants), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind162.py [--out benchmarks/live_blind162.jsonl] [--keep]

Theme: quarries and aggregate plants (a crusher throughput forecaster giving each crusher's
forecast tonnes per hour and its utilisation from the feed in past hours, the crusher row of a
6-crusher rated-capacity table and the rock-grade row of a 4-grade throughput-factor table; a
conveyor-belt and screen fault model over the idler vibration, drive current and belt speed logged
once a minute; a haul-truck fuel and payload model over each truck's cycles (payload, loaded haul,
grade, empty return) with the truck-class row of a 3-class table; a rock-fragment size classifier
from camera features; a stockpile volume and tonnage estimator over drone height grids with the
material row of a 5-material bulk-density table; and a dust and noise compliance model over the
boundary monitors' PM10 and noise with the hour-of-day limit table), exported, compiled, loaded and
run as a quarry operator's data team would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind161.py (their TRIED
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
N_CR = 6        # crushers: primary jaws J1, J2, secondary cones C1, C2, tertiary VSIs V1, V2 -> rows 0..5
N_GR = 4        # rock grades: limestone, granite, basalt, river gravel -> rows 0..3
N_TK = 3        # haul-truck classes: 40 t articulated, 60 t rigid, 100 t rigid -> rows 0..2
N_MAT = 5       # stockpile products: 0-5 mm dust, 5-10, 10-20, 20-40 mm, rip-rap -> rows 0..4
N_MON = 8       # boundary dust and noise monitors -> rows 0..7
CR_CAP = [450.0, 450.0, 280.0, 280.0, 150.0, 150.0]     # rated tonnes per hour
GR_F = [1.00, 0.80, 0.70, 1.10]                          # throughput factor by rock grade
TK_RATED = [40.0, 60.0, 100.0]                           # rated payload, tonnes
TK_EMPTY = [30.0, 45.0, 70.0]                            # empty weight, tonnes
TK_BURN = [0.30, 0.28, 0.25]                             # litres per gross tonne-km on the flat
DENS = [1.60, 1.55, 1.50, 1.45, 1.70]                    # bulk density t/m3 by product
FRAG = [[3.0, 1.2, 0.60, 0.2],      # fines: P50 mm, elongation, brightness 0..1, texture 0..1
        [12.0, 1.4, 0.50, 0.4],     # 5-20 mm chip
        [30.0, 1.5, 0.45, 0.5],     # 20-40 mm aggregate
        [80.0, 1.7, 0.40, 0.7]]     # oversize, to the rock breaker
LIM = [45.0] * 7 + [55.0] * 12 + [50.0] * 3 + [45.0] * 2  # noise limit dB(A) by local hour 0..23

class Crusher(torch.nn.Module):
    # crusher throughput: feed tph in past hours (crushers, hours), crusher row (crushers,) 0..5,
    # rock-grade row (crushers,) 0..3 -> forecast tph, utilisation of rated capacity
    def __init__(self):
        super().__init__()
        self.register_buffer("cap", torch.tensor(CR_CAP))
        self.register_buffer("gf", torch.tensor(GR_F))
    def forward(self, feed, crusher, grade):
        tph = feed.mean(1) * self.gf[grade]
        return torch.stack([tph, tph / self.cap[crusher]], 1)

class BeltWatch(torch.nn.Module):
    # conveyor and screen fault in the next shift: PLC log (belts, 3, minutes), once a minute:
    # idler vibration mm/s RMS, drive current A, belt speed m/s
    def __init__(self, width=8):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(162)
            self.c = torch.nn.Conv1d(3, width, 5, stride=2)
            self.fc = torch.nn.Linear(width, 1)
        self.register_buffer("mu", torch.tensor([4.5, 60.0, 2.5]))
        self.register_buffer("sd", torch.tensor([1.5, 10.0, 0.3]))
    def forward(self, x):
        z = (x - self.mu[:, None]) / self.sd[:, None]
        return torch.sigmoid(self.fc(torch.relu(self.c(z)).mean(2))).squeeze(1)

class HaulFuel(torch.nn.Module):
    # haul-truck fuel: each truck's cycles (trucks, cycles, 4): payload t, loaded haul km, ramp
    # grade %, empty return km; truck-class row (trucks,) 0..2 -> litres per cycle, payload share
    def __init__(self):
        super().__init__()
        self.register_buffer("rated", torch.tensor(TK_RATED))
        self.register_buffer("empty", torch.tensor(TK_EMPTY))
        self.register_buffer("burn", torch.tensor(TK_BURN))
    def forward(self, cyc, cls):
        pay, km, grade, back = cyc.unbind(2)
        e, b = self.empty[cls][:, None], self.burn[cls][:, None]
        litres = b * ((pay + e) * km * (1.0 + grade / 10.0) + e * back)
        return torch.stack([litres.mean(1), pay.mean(1) / self.rated[cls]], 1)

class FragSize(torch.nn.Module):
    # rock-fragment size class from camera features (rocks, 4): P50 mm, elongation, brightness,
    # texture -> probability of fines, 5-20 mm, 20-40 mm, oversize
    def __init__(self):
        super().__init__()
        self.register_buffer("proto", torch.tensor(FRAG).log())
    def forward(self, x):
        d = (x.log()[:, None, :] - self.proto[None]).pow(2).sum(2)
        return torch.softmax(-4.0 * d, 1)

class Stockpile(torch.nn.Module):
    # stockpile volume m3 and tonnes from drone height grids above the pad (piles, rows, cols), m,
    # on a 0.5 m grid; product row (piles,) 0..4
    def __init__(self):
        super().__init__()
        self.register_buffer("dens", torch.tensor(DENS))
    def forward(self, h, mat):
        vol = h.sum((1, 2)) * 0.25
        return torch.stack([vol, vol * self.dens[mat]], 1)

class DustNoise(torch.nn.Module):
    # compliance: boundary monitors (monitors, 2, minutes): PM10 ug/m3, noise dB(A); local hour
    # of each minute (monitors, minutes) 0..23; monitor row (monitors,) 0..7 -> share of minutes
    # over the noise limit (soft), mean PM10 / 50 ug/m3
    def __init__(self):
        super().__init__()
        self.register_buffer("lim", torch.tensor(LIM))
        self.register_buffer("off", torch.tensor([0.0, 0.0, 2.0, 2.0, -3.0, 0.0, 5.0, 0.0]))
    def forward(self, x, hour, mon):
        lim = self.lim[hour] + self.off[mon][:, None]
        over = torch.sigmoid(2.0 * (x[:, 1] - lim)).mean(1)
        return torch.stack([over, x[:, 0].mean(1) / 50.0], 1)

def feed(n=6, hours=24, seed=1):
    g = torch.Generator().manual_seed(seed)
    f = torch.tensor(CR_CAP)[torch.arange(n) % N_CR][:, None] * (0.5 + 0.4 * torch.rand(n, hours, generator=g))
    return f, torch.arange(n) % N_CR, torch.randint(0, N_GR, (n,), generator=g)

def belt_log(n=4, minutes=480, seed=2):
    g = torch.Generator().manual_seed(seed)
    vib = 4.5 + 1.0 * torch.randn(n, 1, minutes, generator=g).abs()
    amps = 60.0 + 8.0 * torch.randn(n, 1, minutes, generator=g)
    speed = 2.5 + 0.1 * torch.randn(n, 1, minutes, generator=g)
    return torch.cat([vib, amps, speed], 1)

def cycles(n=12, c=20, seed=3):
    g = torch.Generator().manual_seed(seed)
    cls = torch.arange(n) % N_TK
    pay = torch.tensor(TK_RATED)[cls][:, None] * (0.9 + 0.2 * torch.rand(n, c, generator=g))
    km = 1.0 + 3.0 * torch.rand(n, c, generator=g)
    grade = 4.0 + 6.0 * torch.rand(n, c, generator=g)
    back = km + 0.2 * torch.rand(n, c, generator=g)
    return torch.stack([pay, km, grade, back], 2), cls

def rocks(n=40, seed=4):
    g = torch.Generator().manual_seed(seed)
    k = torch.arange(n) % 4
    x = torch.tensor(FRAG)[k] * (1.0 + 0.1 * torch.randn(n, 4, generator=g)).clamp(0.8, 1.2)
    return x, k

def piles(n=3, rows=64, cols=64, seed=5):
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, rows), torch.linspace(-1, 1, cols), indexing="ij")
    cone = (1.0 - (xx ** 2 + yy ** 2).sqrt()).clamp(min=0.0)
    h = 8.0 * cone[None] * (0.8 + 0.4 * torch.rand(n, 1, 1, generator=g))
    return h, torch.randint(0, N_MAT, (n,), generator=g)

def monitors(n=8, minutes=1440, start_hour=0, seed=6):
    g = torch.Generator().manual_seed(seed)
    pm = 30.0 + 10.0 * torch.rand(n, 1, minutes, generator=g)
    hour = ((torch.arange(minutes) // 60 + start_hour) % 24).repeat(n, 1)
    work = ((hour >= 7) & (hour < 18)).float()[:, None]    # crushing and loading 07:00-18:00
    noise = 43.0 + 9.0 * work + 3.0 * torch.randn(n, 1, minutes, generator=g)
    return torch.cat([pm, noise], 1), hour, torch.arange(n) % N_MON
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
cr, hr = Dim("crushers", min=1, max=64), Dim("hours", min=8, max=168)
build("crusher162", Crusher().eval(), feed(6, 24), dynamic_shapes=({0: cr, 1: hr}, {0: cr}, {0: cr}))
bl, mi = Dim("belts", min=1, max=128), Dim("minutes", min=60, max=720)
build("belt162", BeltWatch().eval(), (belt_log(4, 480),), dynamic_shapes=({0: bl, 2: mi},))
tk, cy = Dim("trucks", min=1, max=200), Dim("cycles", min=2, max=120)
build("haul162", HaulFuel().eval(), cycles(12, 20), dynamic_shapes=({0: tk, 1: cy}, {0: tk}))
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
rk = Dim("rocks", min=1, max=20000)
build("frag162", FragSize().eval(), (rocks(40)[0],), dynamic_shapes=({0: rk},))
pl, ro, co = Dim("piles", min=1, max=32), Dim("rows", min=16, max=512), Dim("cols", min=16, max=512)
build("stock162", Stockpile().eval(), piles(3, 64, 64), dynamic_shapes=({0: pl, 1: ro, 2: co}, {0: pl}))
mo, mn = Dim("monitors", min=1, max=16), Dim("mins", min=10, max=1440)
build("dust162", DustNoise().eval(), monitors(8, 1440), dynamic_shapes=({0: mo, 2: mn}, {0: mo, 1: mn}, {0: mo}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"crusher162", "belt162", "haul162", "frag162", "stock162", "dust162", "overlap162",
         "cic162", "base162", "elong162"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "frag-oversize-boulder-rock-breaker-python-if", "export_failure", "export", """
from torch.export import Dim
class FragWithBreaker(FragSize):
    def forward(self, x):
        if (x[:, 0] > 60.0).any():                     # an oversize boulder on the grizzly: call the rock breaker
            return torch.cat([super().forward(x), torch.ones(x.shape[0], 1)], 1)
        return torch.cat([super().forward(x), torch.zeros(x.shape[0], 1)], 1)
rk = Dim("rocks", min=1, max=20000)
ep = torch.export.export(FragWithBreaker().eval(), (rocks(40)[0],), dynamic_shapes=({0: rk},))
""", "The fragment classifier raises the rock-breaker flag with a Python `if` on whether any "
       "fragment's P50 is over 60 mm, a branch on tensor data that torch.export cannot trace.",
       "Return the flag as a tensor ((x[:, 0] > 60).any() as an output, or torch.where) instead "
       "of branching in Python.", match=r".")


def case_02():
    return _m("case_02", "stockpile-convex-hull-volume-scipy", "export_failure", "export", """
import numpy as np
from scipy.spatial import ConvexHull
from torch.export import Dim
class HullVolume(torch.nn.Module):
    # the surveyor's method: volume of the convex hull of the pile's LiDAR points (x, y, z in m)
    def forward(self, pts):
        return torch.tensor(ConvexHull(pts.detach().numpy()).volume)
pts = torch.rand(500, 3) * torch.tensor([40.0, 30.0, 8.0])
pn = Dim("points", min=4, max=1000000)
ep = torch.export.export(HullVolume(), (pts,), dynamic_shapes=({0: pn},))
""", "The stockpile volume is computed with scipy.spatial.ConvexHull on the LiDAR points' NumPy "
       "array inside forward, which torch.export cannot trace (the points have no data during "
       "tracing).", "Compute the volume from the gridded heights with torch ops (or run the hull "
       "outside the exported model).", match=r".")


def case_03():
    return _m("case_03", "dust-v2-diurnal-background-dynamic-minutes", "dynamic_shape_guard", "export", """
from torch.export import Dim
class DustMinusBackground(DustNoise):
    # v2: subtract the site's diurnal PM10 background, one value per minute of the day
    def __init__(self):
        super().__init__()
        self.register_buffer("bg", 10.0 + 5.0 * torch.sin(torch.arange(1440) / 1440.0 * 6.2832))
    def forward(self, x, hour, mon):
        x = torch.stack([x[:, 0] - self.bg, x[:, 1]], 1)
        return super().forward(x, hour, mon)
mo, mn = Dim("monitors", min=1, max=16), Dim("mins", min=10, max=1440)
ep = torch.export.export(DustMinusBackground().eval(), monitors(8, 1440),
                         dynamic_shapes=({0: mo, 2: mn}, {0: mo, 1: mn}, {0: mo}))
""", "The minutes Dim is declared dynamic (10..1440) but the v2 dust model subtracts a fixed "
       "1440-minute diurnal background buffer, so export specialises the minutes to 1440 and "
       "refuses the specification.", "Keep the minutes static at 1440 or index the background by "
       "each sample's minute of the day.", match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_04():
    return _m("case_04", "crusher-month-of-hourly-feed", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{crusher162}")
f, cr, gr = feed(6, 30 * 24)                          # the monthly production meeting: 720 hours of feed
out = m(f, cr, gr)
""", "The monthly production report sends 720 hours of feed history, more than the crusher "
       "package accepts (the hours Dim was declared with max=168).", "Forecast from the last week "
       "(168 hours) or in weekly chunks.", needs=("r",), env=CHECK, match=r"too large|range|bound|<=")


def case_05():
    return _m("case_05", "haul-first-cycle-of-the-shift", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{haul162}")
cyc, cls = cycles(12, 1)                              # 06:20, the day shift's first loads are tipped
out = m(cyc, cls)
""", "At the start of the shift every truck has completed one cycle, fewer than the haul package "
       "accepts (the cycles Dim was declared with min=2).", "Wait for two cycles (or carry the "
       "previous shift's last cycle) before the call.", needs=("r",), env=CHECK,
       match=r"too small|range|bound|>=")


def case_06():
    return _m("case_06", "stockpile-drone-reflown-at-10cm", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{stock162}")
h, mat = piles(3, 640, 640)                           # the contractor re-flew the piles at 10 cm ground sampling
out = m(h, mat)
""", "The contractor's new drone survey gives 640 x 640 height grids, larger than the stockpile "
       "package accepts (the rows and cols Dims were declared with max=512).", "Resample the "
       "grids to the package's 0.5 m cells (or re-export with larger bounds).", needs=("s",),
       env=CHECK, match=r"too large|range|bound|<=")


def case_07():
    return _m("case_07", "dust-neighbour-monitors-added", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dust162}")
x, hour, mon = monitors(24, 1440)                     # the council's and the neighbouring quarry's monitors too
out = m(x, hour, mon % 8)
""", "The council's and the neighbouring quarry's monitors are added to the compliance run, 24 "
       "monitors, more than the dust package accepts (the monitors Dim was declared with max=16).",
       "Score the network in chunks of at most 16 monitors.", needs=("s",), env=CHECK,
       match=r"too large|range|bound|<=")


# ------------------------------------------------------------------------ run: inputs
def case_08():
    return _m("case_08", "belt-historian-csv-float64", "input_mismatch", "run", """
import numpy as np, io
m = torch._inductor.aoti_load_package("{belt162}")
buf = io.StringIO()
np.savetxt(buf, belt_log(4, 480).reshape(12, 480).numpy(), delimiter=",")
arr = np.loadtxt(io.StringIO(buf.getvalue()), delimiter=",")   # the PLC historian's CSV export
x = torch.from_numpy(arr).reshape(4, 3, 480)          # float64, as numpy read it
p = m(x)
""", "The belt log read from the PLC historian's CSV with numpy.loadtxt is float64, sent to the "
       "belt package exported for float32.", "Convert with .float() (or loadtxt(dtype=np.float32)) "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype")


def case_09():
    return _m("case_09", "frag-camera-v2-adds-colour-feature", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{frag162}")
x, _ = rocks(40)
hue = torch.rand(40, 1)                               # the v2 camera software adds a hue column
p = m(torch.cat([x, hue], 1))
""", "The fragment camera's v2 software adds a fifth feature (hue), so the features are sent as "
       "(rocks, 5) where the fragment package was exported for (rocks, 4).", "Drop the new column "
       "(or retrain and re-export with it).", needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "haul-truck-class-int32-from-dispatch-sql", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{haul162}")
cyc, cls = cycles(12, 20)
cls = torch.from_numpy(cls.numpy().astype(np.int32))  # the dispatch system's SQL export: INTEGER = int32
out = m(cyc, cls)
""", "The truck-class rows come from the dispatch system's SQL export as int32, sent to the haul "
       "package exported for int64 indices.", "Convert with .long() before the call.",
       needs=("r",), env=CHECK, match=r"dtype")


def case_11():
    return _m("case_11", "crusher-grade-codes-float-from-lims", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{crusher162}")
f, cr, gr = feed(6, 24)
gr = gr.float()                                       # the lab LIMS stores the rock-grade code as a REAL column
out = m(f, cr, gr)
""", "The rock-grade rows come from the lab LIMS as floating-point codes (0.0..3.0), sent to the "
       "crusher package exported for int64 indices.", "Convert the codes with .long() before the "
       "call.", needs=("r",), env=CHECK, match=r"dtype")


def case_12():
    return _m("case_12", "stockpile-single-pile-grid-without-pile-axis", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stock162}")
h, mat = piles(3, 64, 64)
out = m(h[0], mat[:1])                                # the site manager's check of one pile: its (rows, cols) grid
""", "The site manager's check of one pile sends its (rows, cols) height grid without the piles "
       "axis the stockpile package was exported with (piles, rows, cols).", "Add the axis with "
       "h.unsqueeze(0) before the call.", needs=("s",), env=CHECK, match=r"dim|rank|size|shape")


# -------------------------------------------------------------------- run: indices
def case_13():
    return _m("case_13", "crusher-new-mobile-crusher-row-6", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{crusher162}")
f, cr, gr = feed(7, 24)
cr[6] = 6                                             # the mobile jaw crusher hired for the new bench
out = m(f, cr, gr)
""", "A seventh crusher (a hired mobile jaw) added after export is sent as crusher row 6, past "
       "the crusher package's 6-crusher rated-capacity table.", "Re-export the forecaster with "
       "the new crusher's rated capacity.", needs=("r",), match=r"index out of bounds")


def case_14():
    return _m("case_14", "haul-fleet-numbers-as-class-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{haul162}")
cyc, _ = cycles(12, 20)
fleet = ["HT-%02d" % i for i in range(1, 13)]         # the dispatch screen: HT-01 .. HT-12
cls = torch.tensor([int(s.split("-")[1]) for s in fleet])
out = m(cyc, cls)
""", "The trucks are sent by their fleet numbers (HT-01..HT-12 as 1..12) instead of the rows "
       "0..2 of the haul package's 3-class truck table.", "Map each fleet number to its truck "
       "class row before the call.", needs=("r",), match=r"index out of bounds")


def case_15():
    return _m("case_15", "stockpile-recycled-concrete-product-added", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{stock162}")
h, mat = piles(3, 64, 64)
mat[2] = 5                                            # the new recycled-concrete product stockpile
out = m(h, mat)
""", "A sixth product (recycled concrete) stocked after export is sent as product row 5, past the "
       "stockpile package's 5-product bulk-density table; the kernel's bounds check fails inside its "
       "parallel loop and aborts the process.", "Re-export the estimator with the new "
       "product's bulk density.", needs=("s",), expect="crash", match=r"index out of bounds")


def case_16():
    return _m("case_16", "dust-monitor-nameplates-dm1-to-dm8", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dust162}")
x, hour, _ = monitors(8, 1440)
mon = torch.tensor([int(s[2:]) for s in ["DM%d" % i for i in range(1, 9)]])   # nameplates DM1..DM8
out = m(x, hour, mon)
""", "The monitors are sent by their nameplate numbers DM1..DM8 (1..8) instead of the rows 0..7 "
       "of the dust package's monitor table, so DM8 is row 8; the kernel's bounds check fails inside "
       "its parallel loop and aborts the process.", "Subtract 1 from the nameplate "
       "number before the call.", needs=("s",), expect="crash", match=r"index out of bounds")


# -------------------------------------------------------------------- run: values
def case_17():
    return _m("case_17", "belt-wireless-vibration-dropout-32767", "numerical", "run", """
m = torch._inductor.aoti_load_package("{belt162}")
x = belt_log(4, 480)
clean = m(x)
x[2, 0, 100:160] = 32767.0                            # the wireless idler sensor lost its link: raw int16 max
p = m(x)
assert torch.allclose(p, clean, atol=0.05), f"fault probability {p} vs {clean}"
""", "The wireless idler vibration sensor sends its raw int16 maximum 32767 while its link is "
       "down, scored as a real vibration in mm/s, so that belt's fault probability jumps, without "
       "an error.", "Mask 32767 readings as dropouts (carry the last valid reading) before the "
       "call.", needs=("r",), match=r"AssertionError")


def case_18():
    return _m("case_18", "frag-p50-in-inches-from-us-camera", "numerical", "run", """
m = torch._inductor.aoti_load_package("{frag162}")
x, k = rocks(40)
x[:, 0] = x[:, 0] / 25.4                              # the US-built camera's settings: P50 in inches
p = m(x)
assert (p.argmax(1) == k).all(), f"size classes {p.argmax(1)} vs {k}"
""", "The US-built fragment camera reports each fragment's P50 size in inches, sent as "
       "millimetres, so almost every fragment is classed as fines, without an error.",
       "Multiply the size by 25.4 before the call.", needs=("s",), match=r"AssertionError")


def case_19():
    return _m("case_19", "stockpile-heights-above-sea-level", "numerical", "run", """
m = torch._inductor.aoti_load_package("{stock162}")
h, mat = piles(3, 64, 64)
out = m(h + 312.4, mat)                               # the drone DEM's heights: metres above sea level
ref = Stockpile()(h, mat)
assert torch.allclose(out, ref, rtol=0.05), f"volume, tonnes {out} vs {ref}"
""", "The drone DEM gives heights above sea level (the pad is at 312.4 m), sent as heights above "
       "the pad, so every pile's volume and tonnage include the ground down to sea level, without "
       "an error.", "Subtract the pad's surveyed level before the call.", needs=("s",),
       match=r"AssertionError")


def case_20():
    return _m("case_20", "dust-hours-in-utc-not-local", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dust162}")
x, hour, mon = monitors(8, 1440)                      # local day starting 00:00 (UTC+10)
utc = (hour - 10) % 24                                # the cloud logger stamps minutes in UTC
out = m(x, utc, mon)
ref = m(x, hour, mon)
assert torch.allclose(out, ref, atol=0.02), f"share over the limit {out[:, 0]} vs {ref[:, 0]}"
""", "The cloud logger stamps the minutes in UTC while the limits are by local hour (UTC+10), so "
       "day, evening and night limits are applied to the wrong hours, without an error.",
       "Convert the timestamps to the site's local time before taking the hour.", needs=("s",),
       match=r"AssertionError")


def case_21():
    return _m("case_21", "crusher-feed-in-tonnes-per-shift", "numerical", "run", """
m = torch._inductor.aoti_load_package("{crusher162}")
f, cr, gr = feed(6, 24)
out = m(f * 12.0, cr, gr)                             # the shift report's tonnes per 12-hour shift, per hour slot
ref = Crusher()(f, cr, gr)
assert (out[:, 1] <= 1.0).all(), f"utilisation {out[:, 1]} (correct {ref[:, 1]})"
""", "The shift report's tonnes per 12-hour shift are sent as tonnes per hour, so every crusher's "
       "forecast and utilisation come out 12 times too high (over 100 %), without an error.",
       "Divide the shift tonnes by 12 (or use the belt-scale tph) before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "haul-payload-as-percent-of-rated", "numerical", "run", """
m = torch._inductor.aoti_load_package("{haul162}")
cyc, cls = cycles(12, 20)
pct = cyc.clone()
pct[:, :, 0] = 100.0 * cyc[:, :, 0] / torch.tensor(TK_RATED)[cls][:, None]   # the payload meter's % of rated
out = m(pct, cls)
ref = HaulFuel()(cyc, cls)
assert torch.allclose(out, ref, rtol=0.05), f"litres per cycle {out[:, 0]} vs {ref[:, 0]}"
""", "The onboard payload meter shows the load as a percentage of the rated payload, sent as "
       "tonnes, so the fuel per cycle and the payload share are wrong for the 40 t and 60 t "
       "trucks, without an error.", "Multiply the percentage by the class's rated payload / 100 "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_23():
    return _m("case_23", "haul-gps-dropout-distance-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{haul162}")
cyc, cls = cycles(12, 20)
cyc[4, 7, 1] = float("nan")                           # GPS lost in the pit: the cycle's haul distance is NaN
out = m(cyc, cls)
assert torch.isfinite(out).all(), f"litres per cycle {out[:, 0]}"
""", "A GPS dropout in the pit leaves one cycle's haul distance as NaN, and the truck's litres "
       "per cycle come out NaN, without an error.", "Fill the missing distance from the haul "
       "road's surveyed length (or drop the cycle) before the call.", needs=("r",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_24():
    return _m("case_24", "belt-retrained-head-only-full-update", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{belt162}")
head = BeltWatch().state_dict()                       # only the last layer's weight was recalibrated on this site's faults
m.load_constants({"fc.weight": head["fc.weight"] * 1.1}, check_full_update=True)
p = m(belt_log(4, 480))
""", "Only the recalibrated last-layer weight (fc.weight) is pushed into the belt package with "
       "check_full_update=True, which requires every constant of the package, so the update is "
       "refused.", "Push with check_full_update=False (or include the conv weights).",
       needs=("r",), match=r"[Cc]onstant|missing|full")


def case_25():
    return _m("case_25", "belt-training-checkpoint-dict-pushed", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{belt162}")
ckpt = {"epoch": 40, "val_auc": 0.91, "model": BeltWatch().state_dict()}   # the trainer's torch.save checkpoint
m.load_constants(ckpt, check_full_update=False)
p = m(belt_log(4, 480))
""", "The trainer's whole checkpoint dict (epoch, val_auc, model) is pushed into the belt package "
       "with load_constants, which takes a name-to-tensor map, not the checkpoint around it.",
       "Push ckpt['model'] (the state dict) instead.", needs=("r",),
       match=r"load_constants|incompatible|Tensor|[Cc]onstant")


# ----------------------------------------------------------------------- resources
def case_26():
    return _m("case_26", "muckpile-fragment-overlap-matrix-all-photos", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Overlap(torch.nn.Module):
    # overlap (m) between every pair of fragments in the muckpile photos: x, y, radius in m
    def forward(self, f):
        d = (f[:, None, :2] - f[None, :, :2]).pow(2).sum(2).sqrt()
        return torch.relu(f[:, None, 2] + f[None, :, 2] - d)
n = Dim("fragments", min=2, max=10000000)
ep = torch.export.export(Overlap(), (torch.rand(64, 3),), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/overlap162.pt2")
m = torch._inductor.aoti_load_package(pkg)
f = torch.rand(300_000, 3) * torch.tensor([80.0, 40.0, 0.3])   # every fragment of the blast's 60 photos
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the analysis job's 2 GiB headroom
o = m(f)
""", "The whole blast's 300000 fragments are compared pairwise in one call, a 300000 x 300000 "
       "float32 overlap matrix of about 360 GB.", "Compare fragments within each photo (or with a "
       "spatial grid of neighbours) instead of all pairs at once.", match=r"memory|alloc")


# ----------------------------------------------------------------------- compile
def case_27():
    return _m("case_27", "crusher-built-with-automation-controller-sdk-cxx", "compile_toolchain", "compile", """
from torch.export import Dim
cr, hr = Dim("crushers", min=1, max=64), Dim("hours", min=8, max=168)
ep = torch.export.export(Crusher().eval(), feed(6, 24), dynamic_shapes=({0: cr, 1: hr}, {0: cr}, {0: cr}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cic162.pt2")
""", "The crusher package is built in the automation team's shell, whose profile sets CXX to the "
       "crusher automation controller SDK's ARM cross compiler "
       "(/opt/cic-sdk/bin/aarch64-cic-linux-gnu-g++), which is not installed here, so no working "
       "C++ compiler is found.", "Build with CXX unset (the machine's g++).",
       env={"CXX": "/opt/cic-sdk/bin/aarch64-cic-linux-gnu-g++"}, match=r".")


# --------------------------------------------------------------------------- device
def case_28():
    return _m("case_28", "stockpile-dem-tensor-on-photogrammetry-gpu", "device_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{stock162}")
h, mat = piles(3, 64, 64)
dem = np.asarray(h)                                   # the photogrammetry workstation's loader, copied as is
h = torch.as_tensor(dem, device="cuda")               # it put the grids on the workstation's GPU
out = m(h, mat)
""", "The height-grid loader copied from the photogrammetry workstation creates the grids on "
       "device cuda, on the CPU-only server with a CPU-only torch, before the CPU stockpile "
       "package is called.", "Create the grids on the CPU (the package is compiled for CPU).",
       needs=("s",), match=r"CUDA|cuda")


# --------------------------------------------------------------------------- unsupported
def dropped_01():
    return _m("dropped_01", "stockpile-pad-plane-lstsq-half", "unsupported", "run", """
from torch.export import Dim
class PadPlane(torch.nn.Module):
    # the pad's base plane z = a x + b y + c fitted to the grid's border ring (least squares)
    def __init__(self, n=64):
        super().__init__()
        yy, xx = torch.meshgrid(torch.arange(n) * 0.5, torch.arange(n) * 0.5, indexing="ij")
        ring = torch.zeros(n, n, dtype=torch.bool)
        ring[0], ring[-1], ring[:, 0], ring[:, -1] = True, True, True, True
        self.register_buffer("a", torch.stack([xx[ring], yy[ring], torch.ones(int(ring.sum()))], 1))
        self.register_buffer("ring", ring)
    def forward(self, z):
        b = z[:, self.ring].unsqueeze(-1)
        return torch.linalg.lstsq(self.a.expand(z.shape[0], -1, -1), b).solution[..., 0]
m = PadPlane().half()                                 # halved for the site office's small server
z = piles(3, 64, 64)[0].half()
ep = torch.export.export(m, (z,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/base162.pt2")
plane = torch._inductor.aoti_load_package(pkg)(z)
""", "The pad-plane fit is converted to float16 for the site office's server, but "
       "torch.linalg.lstsq has no float16 (Half) kernel on CPU.", "Keep the fit in float32; "
       "halve only the parts that have Half kernels.",
       match=r"Half|[Ll]ow precision|not implemented|not supported")


def case_29():
    return _m("case_29", "frag-elongation-eigvalsh-half-edge-box", "unsupported", "run", """
from torch.export import Dim
class Elongation(torch.nn.Module):
    # fragment elongation from the outline pixels (rocks, points, 2): sqrt of the ratio of the
    # outline covariance's eigenvalues
    def forward(self, pts):
        c = pts - pts.mean(1, keepdim=True)
        cov = c.transpose(1, 2) @ c / pts.shape[1]
        ev = torch.linalg.eigvalsh(cov)
        return (ev[:, 1] / ev[:, 0]).sqrt()
g = torch.Generator().manual_seed(7)
pts = torch.randn(40, 64, 2, generator=g) * torch.tensor([3.0, 1.5])
m = Elongation().half()                               # halved for the crusher camera's edge box
rk = Dim("rocks", min=1, max=20000)
ep = torch.export.export(m, (pts.half(),), dynamic_shapes=({0: rk},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/elong162.pt2")
e = torch._inductor.aoti_load_package(pkg)(pts.half())
""", "The fragment elongation model is converted to float16 for the crusher camera's edge box, "
       "but torch.linalg.eigvalsh has no float16 (Half) kernel on CPU.", "Keep the eigenvalue "
       "step in float32; halve only the parts that have Half kernels.",
       match=r"Half|[Ll]ow precision|not implemented|not supported")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28, case_29]
# Changed after the first trial (/tmp/lb162/trial.jsonl; labels unchanged): case_15 and case_16
# were written to expect a Python exception, but the stockpile and dust packages' fused kernels run
# their index check inside an OpenMP parallel loop, so `index out of bounds: 0 <= tmpN < 5L / 8L`
# escapes as a C++ terminate and aborts the child (rc=-6); both now expect "crash" and their cause
# sentences say so (case_13 and case_14 stayed Python exceptions). case_24 first pushed fc.weight
# and fc.bias; the package holds no constant `fc.bias` (the 1-element bias is folded into the
# compiled code: `Constant not found: fc.bias`), which is not the cause written, so it now pushes
# fc.weight only (the check_full_update refusal the cause describes). The first case_29 (a
# float16 pad-plane fit with torch.linalg.lstsq) failed in export with DynamicOutputShapeException
# (aten.linalg_lstsq), not on a missing Half kernel: it is dropped_01 below; the new case_29
# (float16 torch.linalg.eigvalsh) was written after it. Before the first trial the dust helper
# `monitors` got a working-hours noise pattern (an eager check showed the UTC shift moved the
# share over the limit by only ~0.015, under the 0.02 tolerance).
DROPPED = [dropped_01]   # failed in export (DynamicOutputShapeException: aten.linalg_lstsq.default)
TRIED = []
# Not written (found by the grep before any trial): haul-truck payloads in short tons
# (live_blind161, rail consists) and a weighbridge in kilograms (live_blind132); np.percentile in
# forward (live_blind131 .. 145; planned for a blast P80, replaced by scipy ConvexHull);
# AIRLINE_BIAS-style dict lookups over .tolist() in forward (live_blind33 and others);
# torch.set_default_device("cuda") (live_blind5, 83, 139 ..); CXX=icpx (live_blind142 ..) and
# cpp.cxx "cl" (live_blind146); CPLUS_INCLUDE_PATH with a stray omp.h (live_blind6, 152);
# float16 torch.linalg.inv / solve (capture_cpu_logs, live_blind124); torch.cuda.current_device
# (live_blind84, 152) and .to("xpu") (live_blind111, 150, 159); a Lightning 'model.' prefix in a
# checkpoint's state_dict (live_blind12, 125).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind162.jsonl",
        url_file="benchmarks/live_blind162.py", id_prefix="live162", stems=STEMS,
        scratch_prefix="live_blind162-", description=__doc__.splitlines()[0]))
