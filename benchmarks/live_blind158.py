"""A hundred-and-fifty-eighth blind set of REAL AOTInductor failures (marinas and boatyards), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind158.py [--out benchmarks/live_blind158.jsonl] [--keep]

Theme: marinas and boatyards (a berth-fit and nightly-fee model for visiting boats over a 60-berth
table and a 6-band length fee table; a pontoon occupancy forecaster; a hull-fouling classifier on
underwater hull-camera frames; a fuel-dock sales forecaster; a bilge-pump current monitor; a
tide-aware slipway launch scheduler; a boat-lift sling load monitor; a harmonic tide predictor;
a launch-tide model whose tide comes from a Python-only custom op), exported, compiled, loaded
and run as a marina's staff and the boatyard's engineers would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind157.py
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
PONTOONS = 5      # pontoons A..E, 0..4
BERTHS = 60       # berths 0..59, 12 on each pontoon (A01 = 0 .. E12 = 59)
BANDS = 6         # nightly-fee length bands of 4 m: 0 = under 4 m .. 5 = 20 to 24 m
RAMPS = 3         # the yard's launch slipways, 0..2
LIFTS = 3         # boat lifts: 0 = 35 t travel lift, 1 = 70 t travel lift, 2 = 12 t crane hoist
CAPACITY = [35.0, 70.0, 12.0]

def berth_table():
    # per berth: longest boat it takes (LOA m) and depth at chart datum (m)
    g = torch.Generator().manual_seed(158)
    length = 8.0 + 4.0 * (torch.arange(BERTHS) % 4).float() + torch.rand(BERTHS, generator=g)
    depth = 1.8 + 1.5 * torch.rand(BERTHS, generator=g)
    return torch.stack([length, depth], -1)

def boats(n=6):
    # visiting boats (n, 3): LOA m, beam m, draft m; requested berth (n,) 0..59
    loa = 6.0 + 14.0 * torch.rand(n)
    return torch.stack([loa, 0.33 * loa, 0.6 + 0.08 * loa], -1), torch.randint(0, BERTHS, (n,))

def occupancy(n=5, t=56):
    # daily occupancy fraction of each pontoon's berths (n, t) 0..1; pontoon (n,) 0..4
    k = torch.arange(t, dtype=torch.float32)
    occ = 0.6 + 0.25 * torch.sin(2 * math.pi * k / 7.0) + 0.1 * torch.rand(n, t)
    return occ.clamp(0, 1), torch.arange(n) % PONTOONS

def frames(n=4):
    # underwater hull-camera frames (n, 3, 64, 64), RGB 0..1
    return torch.rand(n, 3, 64, 64)

def fuel(n=2, t=56):
    # fuel-dock daily litres sold (n, t, 2): diesel, petrol; daily maximum air temperature C (n, t)
    k = torch.arange(t, dtype=torch.float32)
    week = (1.0 + 0.5 * (k % 7 >= 5).float())[None, :, None]
    litres = torch.tensor([1800.0, 600.0]) * week * (0.8 + 0.4 * torch.rand(n, t, 2))
    return litres, 12.0 + 10.0 * torch.rand(n, t)

def current(n=3, t=600):
    # bilge-pump current at 1 Hz (n, t) in A: 0.05 A standby, about 4 A running
    on = (torch.rand(n, t) < 0.2).float()
    return 0.05 + on * (3.5 + torch.rand(n, t))

def tide_slots(n=4, t=48):
    # half-hourly tide height above chart datum (n, t) m, boat draft (n,) m, slipway (n,) 0..2
    k = torch.arange(t, dtype=torch.float32)
    h = 2.6 + 2.0 * torch.sin(2 * math.pi * k / 24.84 + 6.0 * torch.rand(n, 1))
    return h, 0.6 + 1.2 * torch.rand(n), torch.randint(0, RAMPS, (n,))

def lift_loads(n=4):
    # the four sling load cells (n, 4) in kN; lift (n,) 0..2
    lift = torch.arange(n) % LIFTS
    tonnes = torch.tensor(CAPACITY)[lift] * (0.3 + 0.5 * torch.rand(n))
    return tonnes[:, None] * 9.81 / 4.0 * (0.8 + 0.4 * torch.rand(n, 4)), lift

def hours(n=2, t=48):
    # hours since 2024-01-01 00:00 UTC, half-hourly, from a day in June (n, t)
    return 4000.0 + 0.5 * torch.arange(t, dtype=torch.float32)[None] + 24.0 * torch.arange(n)[:, None].float()
"""

MODELS = """
class BerthFit(torch.nn.Module):
    # boats (n, 3) LOA m, beam m, draft m; berth (n,) 0..59 -> (n, 2): fit score and nightly fee
    # (GBP per metre of LOA by 4 m length band)
    def __init__(self):
        super().__init__()
        self.register_buffer("berths", berth_table())
        self.fee = torch.nn.Embedding(BANDS, 1)
        with torch.no_grad():
            self.fee.weight.copy_(torch.tensor([2.5, 2.8, 3.2, 3.6, 4.1, 4.6])[:, None])
    def forward(self, boat, berth):
        loa, beam, draft = boat.unbind(-1)
        b = torch.nn.functional.embedding(berth, self.berths)
        fit = torch.sigmoid((b[:, 0] - loa) * 2.0) * torch.sigmoid((b[:, 1] - draft - 0.3) * 4.0)
        fee = self.fee((loa / 4.0).long()).squeeze(-1) * loa
        return torch.stack([fit, fee], -1)

class Occupancy(torch.nn.Module):
    # daily occupancy (n, t) 0..1, pontoon (n,) 0..4 -> (n, 7) next week's occupancy
    def __init__(self):
        super().__init__()
        self.pontoon = torch.nn.Embedding(PONTOONS, 7)
        self.mix = torch.nn.Linear(14, 7)
    def forward(self, occ, pontoon):
        last = torch.logit(occ[:, -14:].clamp(0.01, 0.99))
        return torch.sigmoid(self.mix(last) + self.pontoon(pontoon))

class FoulNet(torch.nn.Module):
    # hull-camera frames (n, 3, 64, 64) -> (n, 3) probabilities: clean, slime, barnacles
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, stride=2)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2)
        self.head = torch.nn.Linear(16, 3)
    def forward(self, x):
        h = torch.relu(self.c2(torch.relu(self.c1(x)))).mean((2, 3))
        return torch.softmax(self.head(h), -1)

class FuelSales(torch.nn.Module):
    # daily litres (n, t, 2) diesel / petrol, daily max temperature C (n, t) -> (n, 7, 2) next
    # week's litres: the last fortnight's mean times a learned day profile and a warm-day uplift
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Linear(14, 7)
        self.temp = torch.nn.Parameter(torch.tensor(0.02))
        with torch.no_grad():
            self.w.weight.fill_(1.0 / 14.0)
            self.w.bias.zero_()
    def forward(self, litres, temp):
        recent = litres[:, -14:]
        base = recent.mean(1, keepdim=True)
        shape = self.w((recent / base).transpose(1, 2)).transpose(1, 2)
        warm = 1.0 + self.temp * (temp[:, -7:].mean(1) - 15.0)
        return base * torch.relu(shape) * warm[:, None, None]

class PumpWatch(torch.nn.Module):
    # bilge-pump current at 1 Hz (n, t) A -> (n, 3): duty fraction, mean running current A,
    # fault probability (long duty, high running current, erratic current)
    def forward(self, amps):
        on = (amps > 1.0).float()
        duty = on.mean(1)
        running = (amps * on).sum(1) / on.sum(1).clamp(min=1.0)
        spread = torch.log(amps + 0.1).std(1)
        fault = torch.sigmoid(4.0 * (duty - 0.5) + 2.0 * (running - 6.0) + spread)
        return torch.stack([duty, running, fault], -1)

class LaunchWindow(torch.nn.Module):
    # tide (n, t) m above chart datum, draft (n,) m, slipway (n,) 0..2 -> (n, t) probability the
    # boat floats off the trailer with 0.3 m under the keel at the slipway's toe
    def __init__(self):
        super().__init__()
        self.toe = torch.nn.Embedding(RAMPS, 1)   # height of each slipway's toe above chart datum
        with torch.no_grad():
            self.toe.weight.copy_(torch.tensor([[0.4], [0.9], [1.5]]))
    def forward(self, tide, draft, ramp):
        depth = tide - self.toe(ramp)
        return torch.sigmoid(4.0 * (depth - draft[:, None] - 0.3))

class LiftLoad(torch.nn.Module):
    # sling load cells (n, 4) kN, lift (n,) 0..2 -> (n, 3): boat tonnes, share of the lift's
    # rated load, sling imbalance (max / mean)
    def __init__(self):
        super().__init__()
        self.cap = torch.nn.Embedding(LIFTS, 1)
        with torch.no_grad():
            self.cap.weight.copy_(torch.tensor(CAPACITY)[:, None])
    def forward(self, load, lift):
        tonnes = load.sum(-1) / 9.81
        util = tonnes / self.cap(lift).squeeze(-1)
        imb = load.max(-1).values / load.mean(-1)
        return torch.stack([tonnes, util, imb], -1)

class TidePredict(torch.nn.Module):
    # hours since 2024-01-01 00:00 UTC (n, t) -> tide above chart datum (n, t) m, from the
    # harbour's M2, S2, K1, O1 constituents
    def __init__(self):
        super().__init__()
        self.register_buffer("speed", torch.tensor([28.984104, 30.0, 15.041069, 13.943036]) * math.pi / 180.0)
        self.register_buffer("amp", torch.tensor([1.45, 0.48, 0.09, 0.07]))
        self.register_buffer("phase", torch.tensor([3.1, 3.9, 1.2, 5.6]))
    def forward(self, hours):
        return 2.6 + (self.amp * torch.cos(hours[..., None] * self.speed - self.phase)).sum(-1)
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b = Dim("boats", min=1, max=256)
build("berth158", BerthFit().eval(), boats(6), dynamic_shapes=({0: b}, {0: b}))
p, d = Dim("pontoons", min=1, max=64), Dim("days", min=15, max=365)
build("occ158", Occupancy().eval(), occupancy(5, 56), dynamic_shapes=({0: p, 1: d}, {0: p}))
k, f = Dim("docks", min=1, max=16), Dim("days", min=15, max=120)
build("fuel158", FuelSales().eval(), fuel(2, 56), dynamic_shapes=({0: k, 1: f}, {0: k, 1: f}))
l = Dim("lifts", min=1, max=128)
build("lift158", LiftLoad().eval(), lift_loads(4), dynamic_shapes=({0: l}, {0: l}))
s, t = Dim("series", min=1, max=64), Dim("slots", min=12, max=2000)
build("tidepred158", TidePredict().eval(), (hours(2, 48),), dynamic_shapes=({0: s, 1: t},))
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
build("foul158", FoulNet().eval(), (frames(4),), dynamic_shapes=({0: Dim("frames", min=1, max=16384)},))
pm, sm = Dim("pumps", min=1, max=64), Dim("samples", min=60, max=3600)
build("pump158", PumpWatch().eval(), (current(3, 600),), dynamic_shapes=({0: pm, 1: sm},))
n, t = Dim("boats", min=1, max=64), Dim("slots", min=12, max=96)
build("launch158", LaunchWindow().eval(), tide_slots(4, 48), dynamic_shapes=({0: n, 1: t}, {0: n}, {0: n}))
# the dive-survey laptop: the fouling model built without its weights, which the yard's model
# server pushes after each retrain
try:
    ep = torch.export.export(FoulNet().eval(), (frames(4),), dynamic_shapes=({0: Dim("frames", min=1, max=16384)},))
    paths["foulbare158"] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, "foulbare158.pt2"),
        inductor_configs={"aot_inductor.package_constants_in_so": False})
except Exception as e:
    print("BUILD FAILED foulbare158", repr(e)[:300], flush=True)
# the harbour master's tide op: the harbour's constituents summed with numpy in float64
@torch.library.custom_op("marina158::harmonic_tide", mutates_args=())
def harmonic_tide(hours: torch.Tensor) -> torch.Tensor:
    h = hours.numpy().astype(np.float64)[..., None]
    speed = np.radians([28.984104, 30.0, 15.041069, 13.943036])
    level = 2.6 + (np.array([1.45, 0.48, 0.09, 0.07]) * np.cos(h * speed - np.array([3.1, 3.9, 1.2, 5.6]))).sum(-1)
    return torch.from_numpy(level.astype(np.float32))
@harmonic_tide.register_fake
def _(hours):
    return torch.empty_like(hours)
class LaunchTide(torch.nn.Module):
    # hours since 2024-01-01 UTC (n, t), draft (n,) m -> (n, t) water over the main slipway's toe
    # (0.4 m above chart datum) less the boat's draft, m
    def forward(self, hours, draft):
        return torch.ops.marina158.harmonic_tide(hours) - 0.4 - draft[:, None]
n2, t2 = Dim("boats", min=1, max=64), Dim("slots", min=12, max=96)
build("tideop158", LaunchTide().eval(), (hours(2, 48), torch.tensor([0.9, 1.4])),
      dynamic_shapes=({0: n2, 1: t2}, {0: n2}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"berth158", "occ158", "fuel158", "lift158", "tidepred158", "foul158", "pump158",
         "launch158", "foulbare158", "tideop158", "gate_rv158"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "waitlist-offer-python-if-on-forecast", "export_failure", "export", """
class WaitlistOccupancy(Occupancy):
    # the berthing office: when any pontoon is forecast over 95 % full, also return the offer
    # to the first boat on the waitlist
    def forward(self, occ, pontoon):
        p = super().forward(occ, pontoon)
        if (p > 0.95).any():
            return p, torch.ones(1)
        return p, torch.zeros(1)
ep = torch.export.export(WaitlistOccupancy().eval(), occupancy(5, 56))
""", "The berthing office's occupancy model decides in Python (an if on whether any pontoon is "
       "forecast over 95 % full) whether to make the waitlist offer, control flow on tensor data "
       "that torch.export cannot trace.", "Return the offer flag as a tensor ((p > 0.95).any()) "
       "and act on it after the call.", match=r".")


def case_02():
    return _m("case_02", "bilge-log-window-per-pump-start-tolist", "export_failure", "export", """
class PumpLog(PumpWatch):
    # the harbour master's bilge log: the 30 s of current after each start of the first boat's pump
    def forward(self, amps):
        on = amps > 1.0
        starts = torch.nonzero(on[0, 1:] & ~on[0, :-1]).squeeze(1)
        return torch.stack([amps[0, s + 1: s + 31] for s in starts.tolist()])
ep = torch.export.export(PumpLog().eval(), (current(3, 600),))
""", "The bilge log model turns the pump starts found in the current (a nonzero result) into a "
       "Python list and slices a 30 s window after each, a data-dependent count and offsets "
       "torch.export cannot trace.", "Return the start mask (and fixed-size windows by unfold) "
       "from the model and cut the windows after the call.", match=r".")


def case_03():
    return _m("case_03", "slipway-rules-python-dict-by-ramp-id", "export_failure", "export", """
RULES = {0: 0.3, 1: 0.5, 2: 0.8}   # the harbour master's under-keel margin for each slipway, m
class RuledLaunch(LaunchWindow):
    def forward(self, tide, draft, ramp):
        margin = torch.tensor([RULES[int(r)] for r in ramp])
        depth = tide - self.toe(ramp)
        return torch.sigmoid(4.0 * (depth - draft[:, None] - margin[:, None]))
ep = torch.export.export(RuledLaunch().eval(), tide_slots(4, 48))
""", "The launch scheduler looks up each slipway's under-keel margin in a Python dict keyed by "
       "int() of the slipway id tensor, a data-dependent Python value torch.export cannot trace.",
       "Put the margins in a tensor (a buffer or embedding) indexed by the slipway id.",
       match=r".")


def case_04():
    return _m("case_04", "fuel-weekly-profile-reshape-by-7", "dynamic_shape_guard", "export", """
from torch.export import Dim
class WeeklyFuel(FuelSales):
    # the fuel dock also wants the mean litres of each weekday over the history
    def forward(self, litres, temp):
        n, t, _ = litres.shape
        week = litres.reshape(n, t // 7, 7, 2).mean(1)
        return super().forward(litres, temp), week
k, f = Dim("docks", min=1, max=16), Dim("days", min=15, max=120)
ep = torch.export.export(WeeklyFuel().eval(), fuel(2, 56), dynamic_shapes=({0: k, 1: f}, {0: k, 1: f}))
""", "The fuel-dock model reshapes the days into whole weeks of 7, which holds only for "
       "multiples of 7, while the days Dim was declared as any value in 15..120, so export "
       "refuses the specification.", "Declare the days as a multiple of a week (weeks = "
       "Dim('weeks'); days = 7 * weeks) or pad the history to whole weeks.",
       match=r"days|Constraints|guard|Mod|7")


def case_05():
    return _m("case_05", "occupancy-exported-from-one-pontoon-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the example batch is pontoon A's history only, but any number of pontoons is declared
occ, pontoon = occupancy(1, 56)
p, d = Dim("pontoons", min=1, max=64), Dim("days", min=15, max=365)
ep = torch.export.export(Occupancy().eval(), (occ, pontoon), dynamic_shapes=({0: p, 1: d}, {0: p}))
""", "The occupancy model is exported with pontoon A's history alone as the example (one row), "
       "so the pontoons dimension declared dynamic is specialised to the constant 1 and export "
       "refuses it.", "Export with an example of two or more pontoons (all five).",
       match=r"pontoons|speciali|Constraints|1")


# ------------------------------------------------------------------------ run: dynamic dims
def case_06():
    return _d("case_06", "week-of-six-minute-tide-predictions", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{launch158}")
# the new tide feed: a week of 6-minute predictions, 1680 values per boat
tide, draft, ramp = tide_slots(4, 1680)
p = m(tide, draft, ramp)
""", "The new tide feed gives a week of 6-minute predictions (1680 values per boat), above the "
       "most slots the launch package accepts (its slots Dim was declared with max=96, two days "
       "of half-hourly slots).", "Resample the feed to half-hourly slots and send at most 96 "
       "(two days) per call.", needs=("s",), env=CHECK, match=r"too large|range|bound|<=")


def case_07():
    return _d("case_07", "bilge-alarm-30-second-snapshot", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pump158}")
# the bilge alarm's SMS gateway sends only the 30 s of current before the alarm
amps = current(3, 30)
r = m(amps)
""", "The bilge alarm's SMS gateway sends only the 30 seconds of current before the alarm (30 "
       "samples), below the fewest samples the pump package accepts (its samples Dim was "
       "declared with min=60).", "Fetch at least a minute of current from the logger (or pad "
       "the snapshot) before the call.", needs=("s",), env=CHECK,
       match=r"too small|range|bound|>=")


# ------------------------------------------------------------------------ run: inputs
def case_08():
    return _d("case_08", "booking-form-adds-air-draft-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{berth158}")
boat, berth = boats(6)
# since the new fixed bridge at the entrance the booking form also asks for the air draft (m)
boat = torch.cat([boat, 8.0 + 10.0 * torch.rand(6, 1)], -1)
r = m(boat, berth)
""", "Since the fixed bridge at the entrance was built, the booking form also asks for the air "
       "draft, so the boats arrive with 4 columns while the berth package was exported for 3 "
       "(LOA, beam, draft).", "Drop the air-draft column (boat[:, :3]) before the call, or "
       "re-train with it.", needs=("r",), env=CHECK, match=r"dim|size|shape|stride")


def case_09():
    return _d("case_09", "new-hull-camera-128-pixel-frames", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{foul158}")
# the new hull camera on the cleaning rig streams 128 x 128 frames
x = torch.rand(4, 3, 128, 128)
p = m(x)
""", "The new hull camera on the cleaning rig streams 128 x 128 frames, while the fouling "
       "package was exported for 64 x 64 frames (height and width static).", "Resize the "
       "frames to 64 x 64 (torch.nn.functional.interpolate) before the call.", needs=("s",),
       env=CHECK, match=r"dim|size|shape|stride")


def case_10():
    return _d("case_10", "fuel-dock-diesel-only-after-petrol-closed", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fuel158}")
litres, temp = fuel(2, 56)
# the petrol pump was closed for the winter; the POS export now has the diesel column only
f = m(litres[..., :1], temp)
""", "With the petrol pump closed for the winter the POS export has the diesel column only, so "
       "the sales arrive as (docks, days, 1) while the fuel package was exported for 2 fuels.",
       "Send a petrol column of zeros (or use a diesel-only package).", needs=("r",),
       env=CHECK, match=r"dim|size|shape|stride")


def case_11():
    return _d("case_11", "lift-log-csv-loads-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{lift158}")
load, lift = lift_loads(4)
# the travel lift's CSV log read with numpy: float64 columns
load = torch.from_numpy(np.asarray(load.tolist()))
r = m(load, lift)
""", "The travel lift's CSV log is read with numpy, so the sling loads arrive as float64 while "
       "the lift package was exported for float32.", "Convert the loads with .float() before "
       "the call.", needs=("r",), env=CHECK, match=r"dtype|Double|Float|float64|type")


# -------------------------------------------------------------------- run: indices
def case_12():
    return _d("case_12", "visitor-loa-in-feet-fee-band", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{berth158}")
boat, berth = boats(6)
boat[:, 0] = boat[:, 0] * 3.28084       # the American visitors' booking site gives LOA in feet
r = m(boat, berth)
""", "The visitors' booking site gives the boats' length overall in feet, so the 4 m fee band "
       "(LOA / 4) reaches 16 and indexes past the berth package's 6-row fee table (0..5).",
       "Convert feet to metres (x 0.3048) before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_13():
    return _d("case_13", "berth-labels-pontoon-hundreds-as-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{berth158}")
boat, _ = boats(4)
# the berths as the dock plan labels them: A07 -> 107, C11 -> 311, ...
berth = torch.tensor([107, 311, 204, 509])
r = m(boat, berth)
""", "The requested berths are passed as the dock plan's labels (pontoon x 100 + number: A07 -> "
       "107) instead of the berth index 0..59, so they index past the berth package's 60-row "
       "berth table.", "Map the labels to the berth index ((pontoon - 1) * 12 + number - 1) "
       "before the call.", needs=("r",), match=r"out of bounds|index|Abort")


def case_14():
    return _d("case_14", "new-pontoon-f-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{occ158}")
occ, _ = occupancy(6, 56)
# pontoon F opened this spring, after the model was exported
pontoon = torch.tensor([0, 1, 2, 3, 4, 5])
p = m(occ, pontoon)
""", "Pontoon F, opened after the model was exported, is sent as pontoon 5, which indexes past "
       "the occupancy package's 5-row pontoon table (A..E).", "Re-train and re-export with six "
       "pontoons (or forecast F with its nearest pontoon's id until then).", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_15():
    return _d("case_15", "lift-names-tl35-tl70-as-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lift158}")
load, _ = lift_loads(4)
# the yard's lift names from the work orders: TL35, TL70, TL35, CH12 -> their numbers
lift = torch.tensor([35, 70, 35, 12])
r = m(load, lift)
""", "The lifts are given by the numbers in the yard's lift names (TL35, TL70, CH12) instead of "
       "the lift index 0..2, so they index past the lift package's 3-row capacity table.",
       "Map the lift names to the index (TL35 -> 0, TL70 -> 1, CH12 -> 2) before the call.",
       needs=("r",), match=r"out of bounds|index|Abort")


def case_16():
    return _d("case_16", "waitlist-boats-berth-999", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{berth158}")
boat, berth = boats(6)
berth[4:] = 999                          # the booking system: 999 = on the waitlist, no berth yet
r = m(boat, berth)
""", "The booking system marks the boats on the waitlist with berth 999 (no berth yet), and "
       "these rows are sent with the others, indexing past the berth package's 60-row berth "
       "table.", "Leave the waitlist rows out (or score them against each free berth) before the "
       "call.", needs=("r",), match=r"out of bounds|index|Abort")


# -------------------------------------------------------------------- run: values
def case_17():
    return _d("case_17", "bilge-clamp-unplugged-reads-minus-one", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pump158}")
amps = current(3, 600)
amps[2, 200:260] = -1.0                  # the logger writes -1 while the current clamp is unplugged
r = m(amps)
assert torch.isfinite(r).all(), f"pump duty, running A, fault: {r}"
""", "The logger writes -1 A while a bilge pump's current clamp is unplugged, and the pump "
       "model's log(current + 0.1) of these samples is NaN, so that pump's fault probability is "
       "NaN, without an error.", "Mask the -1 readings (or drop the minute) before the call.",
       needs=("s",), match=r"AssertionError")


def case_18():
    return _d("case_18", "tide-above-mean-sea-level-not-chart-datum", "numerical", "run", """
m = torch._inductor.aoti_load_package("{launch158}")
tide, draft, ramp = tide_slots(4, 48)
ref = m(tide, draft, ramp)
# the free tide app gives heights above mean sea level (2.6 m above chart datum here)
p = m(tide - 2.6, draft, ramp)
assert (p - ref).abs().max() < 0.05, f"launch probability: {p[0, :6]} vs {ref[0, :6]}"
""", "The tide heights come from a free tide app that gives them above mean sea level while the "
       "launch model expects heights above chart datum, so nearly every slot looks too shallow "
       "to launch, without an error.", "Add the harbour's mean level above chart datum (2.6 m) "
       "or use chart-datum predictions.", needs=("s",), match=r"AssertionError")


def case_19():
    return _d("case_19", "us-made-load-cells-report-lbf", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lift158}")
load, lift = lift_loads(4)
ticket = load.sum(-1) / 9.81             # the boats' weights from the last haul-out tickets, t
r = m(load * 224.809, lift)              # the replacement US-made load cells report lbf
assert ((r[:, 0] - ticket).abs() < 0.1 * ticket).all(), f"boat tonnes: {r[:, 0]} vs ticket {ticket}"
""", "The replacement US-made sling load cells report pound-force while the lift model expects "
       "kN, so every boat's weight comes out 225 times its haul-out ticket, without an error.",
       "Convert lbf to kN (/ 224.809) before the call.", needs=("r",), match=r"AssertionError")


def case_20():
    return _d("case_20", "launch-slots-stamped-in-local-summer-time", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tidepred158}")
h = hours(2, 48)
table = m(h)                             # the published tide table, in UTC
# the booking server stamps the launch slots in local summer time (UTC + 1)
pred = m(h + 1.0)
assert (pred - table).abs().max() < 0.05, f"tide m: {pred[0, :4]} vs table {table[0, :4]}"
""", "The booking server stamps the launch slots in local summer time (UTC + 1) while the tide "
       "model expects hours in UTC, so every predicted tide height is an hour off the published "
       "table, without an error.", "Convert the slot times to UTC before the call.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _d("case_21", "pump-totaliser-readings-as-daily-litres", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fuel158}")
litres, temp = fuel(2, 56)
# the new POS export gives each pump's totaliser reading at closing, not the day's litres
total = 2.0e6 + litres.cumsum(1)
f = m(total, temp)
assert (f < 10000.0).all(), f"forecast litres per day: {f.max()}"   # the dock sells under 5000 l a day
""", "The new POS export gives each fuel pump's cumulative totaliser reading at closing instead "
       "of the day's litres, so the forecast is in the millions of litres a day, without an "
       "error.", "Difference the totaliser readings (total.diff(1)) before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _d("case_22", "occupancy-as-boat-counts-not-fraction", "numerical", "run", """
m = torch._inductor.aoti_load_package("{occ158}")
occ, pontoon = occupancy(5, 56)
ref = m(occ, pontoon)
# the harbour office's spreadsheet counts the boats on each pontoon (12 berths), not the fraction
p = m((occ * 12).round(), pontoon)
assert (p - ref).abs().max() < 0.1, f"occupancy forecast: {p[0]} vs {ref[0]}"
""", "The harbour office's spreadsheet counts the boats on each pontoon (0..12) instead of the "
       "occupied fraction, so the model's clamp saturates every day at full and the forecast "
       "differs from the one on fractions, without an error.", "Divide the counts by the "
       "pontoon's berths (12) before the call.", needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _d("case_23", "survey-laptop-before-model-server-push", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{foulbare158}")
# the dive-survey laptop scores the morning's frames before the model server pushed the weights
p = m(frames(8))
""", "The dive-survey laptop's fouling package was built with package_constants_in_so=False "
       "(the yard's model server pushes the weights), and it is called before load_constants "
       "was ever run.", "Load the weights with load_constants (check_full_update=True) before "
       "the first call.", needs=("s",), expect="crash",
       match=r"Segmentation fault|Aborted|Killed|Bus error")


def dropped_01():
    return _d("dropped_01", "retrained-head-only-full-update", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{foul158}")
# the head retrained on this season's barnacle photos; only the head is pushed, as a full update
head = torch.nn.Linear(16, 3)
m.load_constants({"head.weight": head.weight.detach(), "head.bias": head.bias.detach()},
                 check_full_update=True)
p = m(frames(4))
""", "Only the fouling head retrained on the season's barnacle photos is pushed, with "
       "check_full_update=True, so the update lacks the convolution constants the package "
       "requires for a full update.", "Push the head with check_full_update=False (or push the "
       "whole state_dict).", needs=("s",), match=r"[Cc]onstant|c1|c2|missing|not found|update")


# ----------------------------------------------------------------- run: resources, device, ops
def case_24():
    return _d("case_24", "whole-season-hull-survey-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{foul158}")
# the whole season's hull survey of the yard's 60 boats in one call: 8192 frames
x = frames(8192)
# the dive-survey laptop leaves the classifier 128 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 128 * 2**20, vm + 128 * 2**20))
p = m(x)
""", "The whole season's hull survey (8192 frames) is classified in one call, and the buffers "
       "the call allocates for the batch (hundreds of MB each) exceed the survey laptop's 128 "
       "MiB memory margin.", "Classify the survey in batches of a few hundred frames.",
       needs=("s",), match=r"[Mm]emory|alloc")


def case_25():
    return _d("case_25", "rov-script-frames-to-cuda", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{foul158}")
# the script copied from the ROV's GPU topside computer moves every frame batch to the GPU
x = frames(4).to("cuda")
p = m(x)
""", "The script copied from the ROV's GPU topside computer moves the frames to CUDA, on the "
       "yard office's CPU-only machine where there is no NVIDIA driver (and the package is "
       "compiled for CPU).", "Keep the frames on the CPU (the package's device).",
       needs=("s",), match=r"CUDA|cuda|NVIDIA|driver")


def case_26():
    return _m("case_26", "slipway-gate-riscv-sdk-cxx", "compile_toolchain", "compile", """
# compiled in the shell where the slipway gate controller's RISC-V board SDK environment was sourced
tide, draft, ramp = tide_slots(4, 48)
ep = torch.export.export(LaunchWindow().eval(), (tide, draft, ramp))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gate_rv158.pt2")
""", "The shell had the slipway gate controller's RISC-V board SDK environment sourced, which "
       "exports CXX=riscv64-linux-gnu-g++, a cross compiler not installed on the build host "
       "(and not one for it), so AOTI cannot compile the package.", "Unset CXX (or point it at "
       "the host g++) before compiling.", env={"CXX": "riscv64-linux-gnu-g++"},
       match=r"riscv64|No such file|not found|CppCompileError|compile|[Cc]ompiler")


def case_27():
    return _d("case_27", "booking-server-without-harmonic-tide-op", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{tideop158}")
# the booking server loads the launch-tide package in its own process and never imports the
# harbour master's module that registers marina158::harmonic_tide
c = m(hours(2, 48), torch.tensor([0.9, 1.4]))
""", "The launch-tide package calls the Python-only custom op marina158::harmonic_tide through "
       "the proxy executor, and the booking server's process never registers it (the harbour "
       "master's module that defines it is not imported).", "Import the module that registers "
       "the op before loading, or write the tide sum with tensor ops.", needs=("s",),
       match=r"marina158|harmonic_tide|schema|operator")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]

DROPPED = [dropped_01]
TRIED = []
# TRIED: none (every case of trial 1 failed). DROPPED (trial 1, torch 2.14.1+cu130, so not in
# CASES): dropped_01 (the retrained fouling head's weight and bias pushed as a full update) failed
# with "Constant not found: head.bias": the package holds no head.bias constant (folded at
# compile), not the missing convolution constants its cause sentence names.
# Changes after trial 1 (see live_blind158.notes.md): my setup bug, the occupancy and fuel models'
# last-fortnight slice (x[:, -14:]) guards days != 14, so their days Dims (min=14) were refused
# and the packages occ158 / fuel158 were not built (case_10, 14, 21, 22 then failed to open the
# package); the days Dims now start at 15 (in SETUP_R and in case_04 / case_05, whose texts had
# carried the extra days guard). A replacement for dropped_01 (case_24 of trial 2: only
# head.weight pushed with check_full_update=True; it failed as labelled, "API call failed") was
# removed after trial 2 because a later grep found the same mistake (live_blind10 case_47, an
# embedding-table-only refresh as a full update); case_25..28 were renumbered case_24..27.
# Not written (found by the grep before any trial): boat speed in knots vs km/h (live_blind143,
# 134), fuel in US gallons (live_blind157), np.interp in forward (live_blind103 ..), a 'module.'
# (DataParallel) or '_orig_mod.' prefix on pushed weights (live_blind12, 43), an fp16 checkpoint
# pushed with load_constants (live_blind117, 91), a whole training checkpoint with epoch /
# optimizer pushed (live_blind12, 19), a Yocto / poky SDK CXX (live_blind150), CXX=gcc / icpx /
# zig (live_blind30, 151, 144 ..), torch.set_default_device("cuda") and a device from
# os.environ.get(..., "cuda") (live_blind151 ..), pin_memory() (live_blind6, 7, 137 ..), 9999 and
# -9999 dropout codes (live_blind76, 139, 157 ..), 1-based ids (many sets), HWC frames.

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind158.jsonl",
        url_file="benchmarks/live_blind158.py", id_prefix="live158", stems=STEMS,
        scratch_prefix="live_blind158-", description=__doc__.splitlines()[0]))
