"""A hundred-and-forty-third blind set of REAL AOTInductor failures (tidal and wave energy), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind143.py [--out benchmarks/live_blind143.jsonl] [--keep]

Theme: tidal and wave energy (a tidal stream turbine power curve from depth-averaged current
speed; a wave energy converter's power matrix over significant wave height and peak period; a
tidal elevation forecast from harmonic constituents; a mooring-line fatigue estimate from load-cell
tension records; an array wake model of the turbines' inflow for flood and ebb; a biofouling
performance-loss estimate per site), exported, compiled, loaded and run as a tidal and wave
developer's resource, operations and grid-export engineers would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind141.py
(their TRIED lists included). Building the set imports nothing from aotidebug.
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
def current(n=4, samples=1008, peak=2.6, signed=False):
    # depth-averaged current speed (n, samples) in m/s, 10-minute records (1008 = one week): a
    # semi-diurnal tide (12.42 h) with the spring-neap cycle; signed = flood positive, ebb negative
    t = torch.arange(samples) / 6.0
    u = peak * torch.sin(2 * math.pi * t / 12.42) * (0.8 + 0.2 * torch.cos(2 * math.pi * t / 354.4))
    u = u.expand(n, samples) + 0.03 * torch.randn(n, samples)
    return u if signed else u.abs()

def seastates(n=6):
    # significant wave height Hs (n,) in m and peak period Tp (n,) in s of hourly sea states
    return 0.5 + 4.5 * torch.rand(n), 5.0 + 9.0 * torch.rand(n)

CONSTITUENTS = ["M2", "S2", "N2", "K2", "K1", "O1", "P1", "Q1"]

def constituents():
    # the site's harmonic table: constituent ids, amplitudes (m) and phase lags (deg)
    return (torch.tensor([0, 1, 2, 4, 5]), torch.tensor([1.45, 0.48, 0.29, 0.11, 0.09]),
            torch.tensor([110.0, 152.0, 88.0, 205.0, 61.0]))

def tension(n=2, samples=3600, mean=800.0):
    # mooring-line load-cell tension (n, 4, samples) in kN at 2 Hz: wave-frequency oscillation
    t = torch.arange(samples) / 2.0
    w = 120.0 * torch.sin(2 * math.pi * t / 9.0) + 40.0 * torch.sin(2 * math.pi * t / 61.0)
    return mean + w.expand(n, 4, samples) + 10.0 * torch.randn(n, 4, samples)

def layout(n=6):
    # turbine positions (n, 2) in m: x along the flood axis, y across it; two rows of n / 2
    return torch.stack([torch.arange(n) // 3 * 180.0, torch.arange(n) % 3 * 45.0], -1).float()

def temps(n=4, days=30):
    # daily mean sea temperature (n, days) in C
    return 10.0 + 2.0 * torch.rand(n, 1) + 0.5 * torch.randn(n, days)
"""

MODELS = """
TURBINES = 8      # the array's turbines T1..T8

class Tidal(torch.nn.Module):
    # turbine (n,) 0..7, current speed (n, samples) m/s magnitude, 10-minute records ->
    # (n, 2): mean power kW and capacity factor
    def __init__(self):
        super().__init__()
        self.register_buffer("rated", torch.tensor([1500.0] * 4 + [2000.0] * 4))
        self.register_buffer("diameter", torch.tensor([18.0] * 4 + [20.0] * 4))
        self.register_buffer("cut_in", torch.tensor([1.0] * 4 + [0.8] * 4))
    def forward(self, turbine, speed):
        area = math.pi / 4.0 * self.diameter[turbine] ** 2
        p = 0.5 * 1025.0 * 0.41 * area[:, None] * speed ** 3 / 1000.0
        p = torch.minimum(p, self.rated[turbine][:, None]) * (speed > self.cut_in[turbine][:, None])
        mean = p.mean(1)
        return torch.stack([mean, mean / self.rated[turbine]], -1)

class Wec(torch.nn.Module):
    # sea states: Hs (n,) m and Tp (n,) s -> (n,) power kW from the WEC's 14 x 16 power matrix
    # (Hs bins of 0.5 m from 0 m, Tp bins of 1 s from 3 s)
    def __init__(self):
        super().__init__()
        hs = (torch.arange(14) * 0.5 + 0.25)[:, None]
        tp = (torch.arange(16) + 3.5)[None, :]
        self.register_buffer("matrix", torch.clamp(45.0 * hs ** 2 * torch.exp(-((tp - 9.0) / 5.0) ** 2), max=750.0))
    def forward(self, hs, tp):
        return self.matrix[(hs / 0.5).long(), (tp - 3.0).long()]

class Harmonic(torch.nn.Module):
    # hours since the epoch (T,), constituent ids (K,) 0..7, amplitudes (K,) m, phase lags (K,)
    # deg -> (T,) tide elevation above mean sea level (m)
    def __init__(self):
        super().__init__()
        self.register_buffer("speed", torch.tensor([28.9841042, 30.0, 28.4397295, 30.0821373,
                                                    15.0410686, 13.9430356, 14.9589314, 13.3986609]))
    def forward(self, t, const, amp, phase):
        w = self.speed[const] * (math.pi / 180.0)
        return (amp[None, :] * torch.cos(w[None, :] * t[:, None] - phase[None, :] * (math.pi / 180.0))).sum(1)

class Mooring(torch.nn.Module):
    # load-cell tension (n, 4, samples) kN at 2 Hz of the four mooring lines of each device ->
    # (n, 4) fatigue damage of the record (Miner sum, tension-range S-N curve m = 3)
    def __init__(self):
        super().__init__()
        self.register_buffer("mbl", torch.tensor([5200.0, 5200.0, 6800.0, 6800.0]))
    def forward(self, tension):
        r = (tension[..., 1:] - tension[..., :-1]).abs()
        return ((r / self.mbl[None, :, None]) ** 3).sum(-1) * 50.0

class Wake(torch.nn.Module):
    # turbine positions (n, 2) m (x along the flood axis), current (T,) m/s signed (flood +, ebb -)
    # -> (T, n) waked inflow speed at each turbine (Jensen top-hat wake, D = 20 m, k = 0.05)
    def forward(self, xy, u):
        dx = xy[None, :, 0] - xy[:, None, 0]                  # (i source, j target)
        dy = (xy[None, :, 1] - xy[:, None, 1]).abs()
        s = dx[None] * torch.sign(u)[:, None, None]           # downstream distance in the flow
        hit = (s > 0) & (dy[None] < 10.0 + 0.05 * s)
        d = torch.where(hit, 0.35 / (1.0 + 0.1 * s.clamp(min=0)) ** 2, torch.zeros(()))
        return u.abs()[:, None] * (1.0 - d.pow(2).sum(1).sqrt())

SITES = ["Fall of Warness", "Inner Sound", "Bluemull Sound", "Minas Passage"]

class Fouling(torch.nn.Module):
    # site (n,) 0..3, days since the last blade cleaning (n,), daily sea temperature (n, days) C ->
    # (n,) power loss fraction from marine growth
    def __init__(self):
        super().__init__()
        self.site = torch.nn.Embedding(len(SITES), 3)
        self.head = torch.nn.Linear(5, 1)
    def forward(self, site, days, temp):
        x = torch.cat([self.site(site), (days / 365.0)[:, None], (temp.mean(1) / 20.0)[:, None]], -1)
        return 0.3 * torch.sigmoid(self.head(x)).squeeze(-1)
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n, smp = Dim("turbines", min=1, max=64), Dim("samples", min=144, max=8784)
build("tidal143", Tidal().eval(), (torch.arange(4), current(4, 1008)),
      dynamic_shapes=({0: n}, {0: n, 1: smp}))
st = Dim("states", min=1, max=744)
hs, tp = seastates(6)
build("wec143", Wec().eval(), (hs, tp), dynamic_shapes=({0: st}, {0: st}))
T, K = Dim("hours", min=2, max=8784), Dim("constituents", min=1, max=8)
c, a, ph = constituents()
build("harmonic143", Harmonic().eval(), (torch.arange(48.0), c, a, ph),
      dynamic_shapes=({0: T}, {0: K}, {0: K}, {0: K}))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
d, smp = Dim("devices", min=1, max=16), Dim("samples", min=600, max=43200)
build("mooring143", Mooring().eval(), (tension(2, 3600),), dynamic_shapes=({0: d, 2: smp},))
tb, st = Dim("turbines", min=2, max=32), Dim("steps", min=2, max=600000)
build("wake143", Wake().eval(), (layout(6), current(1, 144, signed=True)[0]),
      dynamic_shapes=({0: tb}, {0: st}))
f = Dim("turbines", min=1, max=64)
build("fouling143", Fouling().eval(), (torch.tensor([0, 1, 2, 3]), torch.tensor([30.0, 90.0, 180.0, 400.0]), temps(4, 30)),
      dynamic_shapes=({0: f}, {0: f}, {0: f}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"tidal143", "wec143", "harmonic143", "mooring143", "wake143", "fouling143"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)
# _d: a child that uses the setup packages and the example-data helpers (DATA)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "ebb-power-curve-python-if-on-mean-current", "export_failure", "export", """
class FloodEbbTidal(Tidal):
    # the resource engineer's rule: on an ebb-dominated record the rotor is yawed, so use 92 %
    def forward(self, turbine, speed):
        out = super().forward(turbine, speed.abs())
        if speed.mean() < 0:
            return out * 0.92
        return out
ep = torch.export.export(FloodEbbTidal().eval(), (torch.arange(4), current(4, 1008, signed=True)))
""", "The power-curve model applies the yawed-rotor ebb correction with a Python if on the mean "
       "of the signed current record, control flow on tensor data that torch.export cannot "
       "trace.", "Apply the ebb correction with torch.where on the mean current (or outside "
       "the exported model).", match=r".")


def case_02():
    return _m("case_02", "wec-shallow-water-math-sinh-on-depth", "export_failure", "export", """
class ShallowWec(Wec):
    # shallow-water correction of the group velocity at the berth: math.sinh of k*h (deep-water k)
    def forward(self, hs, tp, depth):
        kh = 4.0 * math.pi ** 2 / (9.81 * tp.mean() ** 2) * depth
        n = 0.5 * (1.0 + 2.0 * kh / math.sinh(2.0 * kh))
        return super().forward(hs, tp) * (2.0 * n)
hs, tp = seastates(6)
ep = torch.export.export(ShallowWec().eval(), (hs, tp, torch.tensor(35.0)))
""", "The WEC model's shallow-water group-velocity correction calls Python's math.sinh on k*h "
       "computed from the depth and Tp tensors, which converts a traced tensor to a Python float, "
       "data-dependent Python that torch.export cannot trace.", "Use torch.sinh on the tensor "
       "inside the model.", match=r".")


def case_03():
    return _m("case_03", "mooring-cycle-loop-over-turning-points", "export_failure", "export", """
class CycleMooring(Mooring):
    # the fatigue spreadsheet's cycle count: one Miner term per turning point of the first line
    def forward(self, tension):
        d = tension[0, 0, 1:] - tension[0, 0, :-1]
        n = int((d[1:] * d[:-1] < 0).sum())
        extra = torch.zeros(())
        for i in range(n):
            extra = extra + 1e-6
        return super().forward(tension) + extra
ep = torch.export.export(CycleMooring().eval(), (tension(2, 3600),))
""", "The mooring fatigue model counts the turning points of the tension record with int() and "
       "loops over them in Python, a data-dependent loop count that torch.export cannot trace.",
       "Count the turning points and sum the Miner terms with tensor ops (no Python loop).",
       match=r".")


def case_04():
    return _m("case_04", "single-demonstrator-turbine-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the example input is the demonstrator turbine's record: the array had one turbine in year one
n, smp = Dim("turbines", min=1, max=64), Dim("samples", min=144, max=8784)
ep = torch.export.export(Tidal().eval(), (torch.arange(1), current(1, 1008)),
                         dynamic_shapes=({0: n}, {0: n, 1: smp}))
""", "The export example is the single demonstrator turbine's record, so the turbines dimension "
       "declared dynamic is 1 in the example and export specialises it to the constant 1, "
       "refusing the Dim.", "Export with an example of at least two turbines (e.g. the "
       "demonstrator's record repeated).", match=r"turbines|specializ|Constraints|1")


def case_05():
    return _m("case_05", "harmonic-dynamic-shapes-before-constituent-ids", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the spec from the earlier forecaster, forward(t, amp, phase), before the constituent ids input
T, K = Dim("hours", min=2, max=8784), Dim("constituents", min=1, max=8)
c, a, ph = constituents()
ep = torch.export.export(Harmonic().eval(), (torch.arange(48.0), c, a, ph),
                         dynamic_shapes=({0: T}, {0: K}, {0: K}))
""", "The dynamic-shapes tuple is the earlier forecaster's, with three entries (t, amp, phase), "
       "while the harmonic model now also takes the constituent ids, so the specification does "
       "not match the four inputs and export refuses it.", "Give one dynamic_shapes entry per "
       "input (t, const, amp, phase).", match=r"dynamic_shapes|inputs|length|structure|3|4")


def case_06():
    return _m("case_06", "nodal-factor-table-fixes-constituent-count", "dynamic_shape_guard", "export", """
from torch.export import Dim
class NodalHarmonic(Harmonic):
    # the 18.6-year nodal factors f of all eight constituents, for this year
    def __init__(self):
        super().__init__()
        self.register_buffer("f", torch.tensor([0.963, 1.0, 0.963, 1.289, 1.103, 1.164, 1.0, 1.164]))
    def forward(self, t, const, amp, phase):
        return super().forward(t, const, amp * self.f, phase)
T, K = Dim("hours", min=2, max=8784), Dim("constituents", min=1, max=8)
c, a, ph = torch.arange(8), torch.full((8,), 0.2), torch.zeros(8)
ep = torch.export.export(NodalHarmonic().eval(), (torch.arange(48.0), c, a, ph),
                         dynamic_shapes=({0: T}, {0: K}, {0: K}, {0: K}))
""", "The nodal correction multiplies the amplitudes elementwise by the eight-row nodal-factor "
       "table, which fixes the constituents dimension declared dynamic to 8, so export refuses "
       "the Dim.", "Gather the nodal factors with the constituent ids (self.f[const]) instead "
       "of multiplying by the whole table.", match=r"constituents|specializ|Constraints|8")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _d("case_07", "adcp-three-depth-bins", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tidal143}")
# the ADCP export keeps three depth bins (near-bed, hub, near-surface) per 10-minute record
speed = torch.stack([0.8 * current(4, 1008), current(4, 1008), 1.1 * current(4, 1008)], -1)
out = m(torch.arange(4), speed)
""", "The ADCP export keeps three depth bins per record, so the current is (turbines, samples, 3) "
       "while the tidal package was exported for a depth-averaged (turbines, samples) speed (the "
       "input check meets the extra axis first as an unmatched stride).",
       "Depth-average the bins (or take the hub-height bin) before the call.", needs=("r",),
       env=CHECK, match=r"stride|dim|size|shape")


def case_08():
    return _d("case_08", "epoch-hours-float64-from-pandas", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{harmonic143}")
# the forecast times come from pandas: epoch seconds / 3600 as float64
t = torch.from_numpy((1.7e9 + 3600.0 * torch.arange(48).double().numpy()) / 3600.0)
c, a, ph = constituents()
eta = m(t, c, a, ph)
""", "The forecast times are converted from pandas epoch seconds to hours as float64, while the "
       "harmonic package was exported for float32 hours.", "Convert the hours to float32 "
       "(relative to a recent epoch, to keep the precision) before the call.", needs=("r",),
       env=CHECK, match=r"dtype|type")


def case_09():
    return _d("case_09", "three-line-catenary-spread", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mooring143}")
# the new WEC's mooring is a three-line catenary spread: three load cells per device
d = m(tension(2, 3600)[:, :3].contiguous())
""", "The new WEC is moored with a three-line catenary spread, so the tension record is (devices, "
       "3, samples) while the mooring package was exported for four lines.", "Use a package "
       "exported for the three-line spread (with its lines' MBL).", needs=("s",), env=CHECK,
       match=r"dim|size|shape")


def case_10():
    return _d("case_10", "days-since-cleaning-int64-date-difference", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fouling143}")
# days since the last blade cleaning from the maintenance log's date difference: whole days, int64
days = torch.tensor([30, 90, 180, 400])
loss = m(torch.tensor([0, 1, 2, 3]), days, temps(4, 30))
""", "The days since the last blade cleaning come from a date difference as int64 whole days, "
       "while the fouling package was exported for float32 days.", "Convert the days to float "
       "before the call.", needs=("s",), env=CHECK, match=r"dtype|type")


def case_11():
    return _d("case_11", "layout-with-hub-depth-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{wake143}")
# the array layout from the GIS export carries the hub depth as a third column
xy = torch.cat([layout(6), torch.full((6, 1), -38.0)], -1)
v = m(xy, current(1, 144, signed=True)[0])
""", "The array layout from the GIS export carries the hub depth as a third column, so the "
       "positions are (turbines, 3) while the wake package was exported for (turbines, 2).",
       "Keep the x and y columns (xy[:, :2]) before the call.", needs=("s",), env=CHECK,
       match=r"dim|size|shape")


def case_12():
    return _d("case_12", "hub-bin-sliced-from-adcp-stack", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tidal143}")
# the hub-height bin is sliced out of the ADCP stack (turbines, samples, bins): a strided view
adcp = torch.stack([0.8 * current(4, 1008), current(4, 1008), 1.1 * current(4, 1008)], -1)
out = m(torch.arange(4), adcp[..., 1])
""", "The hub-height bin is sliced out of the ADCP stack with adcp[..., 1], a non-contiguous "
       "view (stride 3 along the samples), while the tidal package was exported for a "
       "contiguous speed tensor.", "Call .contiguous() on the sliced bin before the call.",
       needs=("r",), env=CHECK, match=r"stride|dim|size|shape")


# -------------------------------------------------------------------- run: dynamic dims
def case_13():
    return _d("case_13", "hourly-records-not-10-minute", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{tidal143}")
# the met-ocean contractor delivered hourly means: the day's record has 24 samples
speed = current(4, 144)[:, ::6].contiguous()
out = m(torch.arange(4), speed)
""", "The met-ocean contractor delivered hourly means, so a day's record has 24 samples, below "
       "the shortest record the tidal package accepts (its samples Dim was declared with "
       "min=144 ten-minute records).", "Resample to 10-minute records (or use a package "
       "exported for hourly data).", needs=("r",), env=CHECK, match=r"too small|range|bound|>=")


def case_14():
    return _d("case_14", "year-of-hourly-sea-states", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{wec143}")
hs, tp = seastates(8760)                  # the hindcast year's hourly sea states in one call
p = m(hs, tp)
""", "The hindcast year's 8760 hourly sea states are sent in one call, above the most the WEC "
       "package accepts (its states Dim was declared with max=744, one month).", "Send the "
       "year month by month (or export with a larger max).", needs=("r",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_15():
    return _d("case_15", "scada-one-minute-means-tension", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{mooring143}")
# the SCADA historian keeps one-minute means: three hours of tension = 180 samples
t = tension(2, 21600).reshape(2, 4, 180, 120).mean(-1)
d = m(t)
""", "The tension comes from the SCADA historian's one-minute means (180 samples for three "
       "hours), below the shortest record the mooring package accepts (its samples Dim was "
       "declared with min=600 two-hertz samples).", "Use the load cells' raw 2 Hz records.",
       needs=("s",), env=CHECK, match=r"too small|range|bound|>=")


def case_16():
    return _d("case_16", "phase-two-array-forty-turbines", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{wake143}")
v = m(layout(40), current(1, 144, signed=True)[0])   # phase two: the array grows to 40 turbines
""", "Phase two of the project grows the array to 40 turbines, above the most the wake package "
       "accepts (its turbines Dim was declared with max=32).", "Re-export the wake model with "
       "a larger turbines max.", needs=("s",), env=CHECK, match=r"too large|range|bound|<=")


# -------------------------------------------------------------------- run: indices
def case_17():
    return _d("case_17", "wave-height-in-feet", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{wec143}")
hs, tp = seastates(6)
p = m(hs * 3.28084, tp)                   # the US buoy feed (NDBC WVHT converted to feet by the portal)
""", "The significant wave heights come from the US data portal in feet instead of metres, so "
       "the Hs bins reach past the WEC package's 14-row power matrix (0..6.5 m).", "Convert "
       "feet to metres (x 0.3048) and clamp to the matrix range before the call.",
       needs=("r",), match=r"out of bounds|index|Abort")


def case_18():
    return _d("case_18", "peak-period-in-deciseconds", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{wec143}")
hs, tp = seastates(6)
p = m(hs, (tp * 10).round())              # the wave buoy's telemetry packs Tp in 0.1 s units
""", "The wave buoy's telemetry packs the peak period in tenths of a second, so Tp = 95 instead "
       "of 9.5 s and the Tp bins reach past the WEC package's 16-column power matrix.",
       "Divide the packed Tp by 10 before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_19():
    return _d("case_19", "shallow-water-constituents-m4-ms4", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{harmonic143}")
# the new survey's analysis adds the shallow-water constituents M4 and MS4 (ids 8 and 9)
c, a, ph = constituents()
c = torch.cat([c, torch.tensor([8, 9])])
a = torch.cat([a, torch.tensor([0.12, 0.07])])
ph = torch.cat([ph, torch.tensor([240.0, 281.0])])
eta = m(torch.arange(48.0), c, a, ph)
""", "The new survey's harmonic analysis adds the shallow-water constituents M4 and MS4 (ids 8 "
       "and 9), more than the harmonic package's 8-row constituent speed table.", "Re-export "
       "the forecaster with the shallow-water constituents' speeds in the table.",
       needs=("r",), match=r"out of bounds|index|Abort")


def case_20():
    return _d("case_20", "ninth-turbine-added-to-array", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tidal143}")
# T9 (index 8) was installed in the spring campaign and joins the power-curve report
out = m(torch.tensor([5, 6, 7, 8]), current(4, 1008))
""", "A ninth turbine (index 8) installed in the spring campaign joins the report, while the "
       "tidal package's rated-power, rotor and cut-in tables have the 8 original turbines.",
       "Re-export the power-curve model with the new turbine's rows.", needs=("r",),
       expect="crash", match=r"out of bounds|index|Abort")


def case_21():
    return _d("case_21", "new-site-raz-blanchard", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fouling143}")
# the fleet adds a fifth site, Raz Blanchard, coded 4 by the asset register
loss = m(torch.tensor([0, 4, 4, 2]), torch.tensor([30.0, 60.0, 120.0, 200.0]), temps(4, 30))
""", "The fleet adds a fifth site (Raz Blanchard) coded 4 by the asset register, outside the "
       "fouling package's 4-row site embedding (0..3).", "Re-train and re-export the fouling "
       "model with the new site.", needs=("s",), match=r"out of bounds|index|range|Abort")


# -------------------------------------------------------------------- run: values
def case_22():
    return _d("case_22", "current-speed-in-knots", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tidal143}")
speed = current(4, 1008) * 1.94384        # the pilot's tidal diamond survey: speed in knots
out = m(torch.arange(4), speed)
# a 2.6 m/s spring-peak site: the capacity factor of these turbines is well under 0.4
assert (out[:, 1] < 0.4).all(), f"capacity factor: {out[:, 1]}"
""", "The current speeds come from the pilot's tidal diamond survey in knots instead of m/s, so "
       "the cubed speed is about 7 times too large and the capacity factor is about 0.6 instead "
       "of 0.15, without an error.", "Convert knots to m/s (x 0.5144) before the call.",
       needs=("r",), match=r"AssertionError")


def case_23():
    return _d("case_23", "signed-adcp-ebb-negative", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tidal143}")
speed = current(4, 1008, signed=True)     # the ADCP's signed along-channel velocity: ebb negative
out = m(torch.arange(4), speed)
ref = m(torch.arange(4), speed.abs())
# the turbines generate on flood and ebb: the signed record must give the same yield
assert torch.allclose(out, ref, rtol=0.05), f"capacity factor {out[:, 1]} vs {ref[:, 1]}"
""", "The ADCP's signed along-channel velocity (flood positive, ebb negative) is sent where the "
       "tidal package expects the speed magnitude, so every ebb record counts as below cut-in "
       "and the yield is halved, without an error.", "Pass the speed magnitude (speed.abs()) "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_24():
    return _d("case_24", "tide-times-in-seconds", "numerical", "run", """
m = torch._inductor.aoti_load_package("{harmonic143}")
c, a, ph = constituents()
hours = torch.arange(0.0, 48.0)
eta = m(hours * 3600.0, c, a, ph)         # the port's clock: seconds since midnight
speed = torch.tensor([28.9841042, 30.0, 28.4397295, 30.0821373, 15.0410686, 13.9430356,
                      14.9589314, 13.3986609])[c] * math.pi / 180.0
ref = (a * torch.cos(speed * hours[:, None] - ph * math.pi / 180.0)).sum(1)
assert torch.allclose(eta, ref, atol=0.05), f"max error (m): {(eta - ref).abs().max()}"
""", "The forecast times are given in seconds since midnight instead of hours, while the "
       "constituent speeds are in degrees per hour, so the predicted tide is an aliased curve "
       "unrelated to the real one, without an error.", "Convert the times to hours (/ 3600) "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_25():
    return _d("case_25", "load-cell-dropouts-minus-999", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mooring143}")
t = tension(2, 3600)
t[0, :, 1000:1005] = -999.0               # the logger writes -999 for the load cells' dropouts
t[1, 2, 2000:2010] = -999.0
d = m(t)
# a 30-minute record in moderate seas: far below the design life's damage of 1
assert (d < 1.0).all(), f"fatigue damage: {d}"
""", "The logger writes -999 for load-cell dropouts, and each dropout adds two tension ranges of "
       "about 1800 kN to the Miner sum, so a 30-minute record in moderate seas uses up the "
       "line's whole fatigue life, without an error.", "Mask or interpolate the -999 "
       "dropouts before the call.", needs=("s",), match=r"AssertionError")


def case_26():
    return _d("case_26", "sea-temperature-dropout-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fouling143}")
temp = temps(4, 30)
temp[1, 12:15] = float("nan")             # the nacelle thermistor was off-line for three days
loss = m(torch.tensor([0, 1, 2, 3]), torch.tensor([30.0, 90.0, 180.0, 400.0]), temp)
assert torch.isfinite(loss).all(), f"power loss: {loss}"
""", "The nacelle thermistor was off-line for three days and the gap is NaN, so the mean sea "
       "temperature and the fouling loss of that turbine are NaN, without an error.",
       "Fill or drop the missing days before the call.", needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_27():
    return _d("case_27", "fouling-weights-under-training-names", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fouling143}")
# the retrained fouling model from the data-science repo, whose module calls the embedding site_emb
new = {"site_emb.weight": 0.1 * torch.randn(4, 3), "head.weight": 0.1 * torch.randn(1, 5)}
m.load_constants(new, check_full_update=False)
loss = m(torch.tensor([0, 1, 2, 3]), torch.tensor([30.0, 90.0, 180.0, 400.0]), temps(4, 30))
""", "The retrained fouling weights are pushed under the data-science repo's module names "
       "(site_emb.weight), which are not constants of the fouling package (its embedding is "
       "site.weight).", "Rename the keys to the package's constant names (see "
       "get_constant_fqns()) before load_constants.", needs=("s",),
       match=r"site_emb|[Cc]onstant")


def case_28():
    return _d("case_28", "winter-site-vectors-full-update", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fouling143}")
# only the site vectors were refitted after the winter's cleaning campaign: push them alone
m.load_constants({"site.weight": 0.1 * torch.randn(4, 3)}, check_full_update=True)
loss = m(torch.tensor([0, 1, 2, 3]), torch.tensor([30.0, 90.0, 180.0, 400.0]), temps(4, 30))
""", "Only the refitted site embedding is pushed with load_constants with check_full_update=True, "
       "which requires every constant of the package (head.weight is missing).", "Pass "
       "check_full_update=False for a partial update (or push every constant).", needs=("s",),
       match=r"[Cc]onstant|missing|head|full")


# ----------------------------------------------------------------------- run: resources
def case_29():
    return _d("case_29", "year-of-one-minute-wake-in-edge-box", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{wake143}")
u = current(1, 525600, signed=True)[0]    # the year's one-minute current record in one call
xy = layout(32)
# the substation's edge box leaves the wake service 32 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 32 * 2**20, vm + 32 * 2**20))
v = m(xy, u)
""", "The year's one-minute current record (525600 steps) for the 32 turbines is sent in one "
       "call, and the wake package's (steps, turbines) output alone (about 67 MB) exceeds the "
       "edge box's 32 MiB memory margin.", "Run the wake model month by month (or on a "
       "machine with the memory for the year's output).", needs=("s",),
       match=r"[Mm]emory|alloc")


def case_30():
    return _d("case_30", "forecast-config-device-cuda", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{harmonic143}")
# the forecast config copied from the HPC cluster's job: device = "cuda"
cfg = {"device": "cuda", "hours": 48}
t = torch.arange(float(cfg["hours"]), device=cfg["device"])
c, a, ph = constituents()
eta = m(t, c.to(cfg["device"]), a.to(cfg["device"]), ph.to(cfg["device"]))
""", "The forecast job's config, copied from the HPC cluster, creates the forecast hours on "
       "device 'cuda' on the CPU-only operations server, whose torch finds no GPU and whose "
       "package is compiled for CPU.", "Set the config's device to 'cpu' (or from "
       "torch.cuda.is_available()).", needs=("r",), match=r"CUDA|cuda|NVIDIA|driver")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30]

DROPPED = []
TRIED = []
# TRIED / DROPPED: none (every case failed as labelled in the trial runs, after the fixes to
# case_07's regex and case_20's expected outcome described in live_blind143.notes.md).
# Not written (found by the grep before any trial): constituent speeds looked up in a Python dict
# through .tolist() (live_blind102, 103); datetime.fromtimestamp(float(t[0])) in forward
# (live_blind64); Python sorted() keyed on tensor values (live_blind137); an f-string print or
# warnings.warn with a tensor format in forward (live_blind28, 72, 133); an assert on tensor data
# in forward (live_blind5, 76, 114, 127); torch.cuda.synchronize (live_blind6, 128);
# torch.cuda.Stream (live_blind65, capture_cpu_logs); torch.cuda.reset_peak_memory_stats
# (live_blind82); torch.set_default_device("cuda") (live_blind5, 83); torch.cuda.get_device_name
# (live_blind79, 139); a -999.25 null cast to a negative index (live_blind106).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind143.jsonl",
        url_file="benchmarks/live_blind143.py", id_prefix="live143", stems=STEMS,
        scratch_prefix="live_blind143-", description=__doc__.splitlines()[0]))
