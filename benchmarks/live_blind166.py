"""A hundred-and-sixty-sixth blind set of REAL AOTInductor failures (public swimming pools and aquatic centres), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind166.py [--out benchmarks/live_blind166.jsonl] [--keep]

Theme: public swimming pools and aquatic centres (a visitor forecaster from the hourly visitors
of past hours, the pool row of a 12-pool capacity table and the hour row of a 24-hour factor
table; a pool-water chemistry anomaly detector and dosing advisor from the dosing controller's
log of free chlorine mg/L, pH and water temperature C with the pool row of a 12-pool volume
table; a lane-occupancy model over the 8 lanes of the competition pool; a pump and filter fault
detector from the pressure before and after the sand filter in kPa at 1 Hz; a drowning-risk
detector over per-frame camera features with the camera zone row of a 6-zone embedding; a
heating energy forecaster from the water and hall air temperatures in C; a lifeguard rota
planner from the booked bathers per opening hour and the pool's bathers-per-lifeguard ratio;
the chemistry model with a Python-only Langelier-saturation-index custom op), exported, compiled,
loaded and run as an aquatic centre operator's data team would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind165.py
(their TRIED lists included; live_blind167 is being built at the same time and was not read).
Building the set imports nothing from aotidebug.
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
POOLS = 12         # pools of the city's aquatic centres, rows 0..11
ZONES = 6          # camera zones of the leisure pool, rows 0..5
LANES = 8          # lanes of the 50 m competition pool
HOURS = 12         # opening hours 08:00..20:00 of the lifeguard rota
CL_TARGET = 1.5    # free chlorine set point, mg/L
SET_C = 28.0       # water temperature set point, C

def pool_capacity():
    g = torch.Generator().manual_seed(166)
    return (200.0 + 400.0 * torch.rand(POOLS, generator=g)).round()

def hour_factor():
    # 00:00 .. 23:00: the share of the last hours' visitors expected in the next hour
    return torch.tensor([0.1, 0.1, 0.1, 0.1, 0.1, 0.2, 0.6, 1.2, 1.1, 0.9, 0.8, 0.9,
                         1.3, 1.0, 0.8, 0.9, 1.1, 1.4, 1.3, 1.0, 0.7, 0.4, 0.2, 0.1])

def visits(n=4, t=336):
    # visitors per hour (n, t) over the last t hours, pool (n,) 0..11, hour of day (n,) 8..19
    return (10.0 + 50.0 * torch.rand(n, t)).round(), torch.randint(0, POOLS, (n,)), \\
        torch.randint(8, 20, (n,))

def visit_ref(hist, pool, hour):
    return torch.minimum(hist[:, -4:].mean(1) * hour_factor()[hour], pool_capacity()[pool])

def pool_volume():
    # m3 of water in each pool
    g = torch.Generator().manual_seed(1661)
    return (150.0 + 2350.0 * torch.rand(POOLS, generator=g)).round()

def chem_log(n=4, t=288):
    # the dosing controller's 5-minute log (n, t, 3): free chlorine mg/L, pH, water temperature C,
    # and the pool (n,) 0..11
    cl = 0.6 + 0.8 * torch.rand(n, t)
    ph = 7.0 + 0.8 * torch.rand(n, t)
    temp = 27.0 + 2.0 * torch.rand(n, t)
    return torch.stack([cl, ph, temp], -1), torch.randint(0, POOLS, (n,))

def dose_ref(log, pool):
    # litres of 12.5 % sodium hypochlorite (125 g/L) to bring the pool to the set point
    return (CL_TARGET - log[:, -1, 0]).clamp(min=0.0) * pool_volume()[pool] / 125.0

def lane_capacity():
    # swimmers per lane: two fast, three medium, two slow lanes and the aqua-jogging lane
    return torch.tensor([10., 10., 12., 12., 12., 14., 14., 8.])

def swimmers(n=16):
    return torch.randint(0, 16, (n, LANES)).float()

def pump_traces(n=4, t=600):
    # pressure before and after the sand filter (n, 2, t) in kPa at 1 Hz
    inlet = 150.0 + 5.0 * torch.randn(n, t)
    return torch.stack([inlet, inlet - 35.0 - 3.0 * torch.rand(n, t)], 1)

def pump_ref(p):
    return (p[:, 0] - p[:, 1]).mean(-1)

def cam_feats(n=8, f=32):
    # per-frame camera features of each tracked swimmer (n, frames, 16), camera zone (n,) 0..5
    return torch.rand(n, f, 16), torch.randint(0, ZONES, (n,))

def temps(n=4, t=168):
    # water and hall air temperature C (n, t) over the last t hours, pool (n,) 0..11
    water = 26.0 + 1.5 * torch.rand(n, t)
    return water, water - 2.0 - 3.0 * torch.rand(n, t), torch.randint(0, POOLS, (n,))

def heat_ref(water, air, pool):
    need = (SET_C - water[:, -1]).clamp(min=0.0) * pool_volume()[pool] * 1.163
    return need + 12.0 * (water - air).mean(1) * 24.0

def guard_ratio():
    # bathers per lifeguard on duty in each pool (wave pool and diving pool lowest)
    g = torch.Generator().manual_seed(1662)
    return (25.0 + 35.0 * torch.rand(POOLS, generator=g)).round()

def bookings(n=4):
    # booked bathers per opening hour 08..19 (n, 12), pool (n,) 0..11
    return (10.0 + 140.0 * torch.rand(n, HOURS)).round(), torch.randint(0, POOLS, (n,))

def rota_ref(bathers, pool):
    return torch.ceil(bathers / guard_ratio()[pool].unsqueeze(1)).clamp(min=1.0)
"""

MODELS = """
class Visits(torch.nn.Module):
    # visitors per hour (n, t), pool (n,) 0..11, hour (n,) 0..23 -> next hour (n,), occupancy (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("cap", pool_capacity())
        self.register_buffer("hourf", hour_factor())
    def forward(self, hist, pool, hour):
        f = torch.minimum(hist[:, -4:].mean(1) * self.hourf[hour], self.cap[pool])
        return f, f / self.cap[pool]

class Chem(torch.nn.Module):
    # controller log (n, t, 3) [Cl mg/L, pH, C], pool (n,) -> anomaly (n,), hypochlorite L (n,),
    # acid L (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("vol", pool_volume())
        self.head = torch.nn.Linear(5, 1)
    def forward(self, log, pool):
        cl, ph, temp = log[..., 0], log[..., 1], log[..., 2]
        stats = torch.stack([cl.mean(1), cl.std(1), ph.mean(1), ph.std(1), temp.mean(1)], 1)
        score = torch.sigmoid(self.head(stats)).squeeze(-1)
        dose = (CL_TARGET - cl[:, -1]).clamp(min=0.0) * self.vol[pool] / 125.0
        acid = (ph[:, -1] - 7.4).clamp(min=0.0) * self.vol[pool] * 0.01
        return score, dose, acid

class Lanes(torch.nn.Module):
    # swimmers per lane (n, 8) -> lane load (n, 8), pool load (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("lanecap", lane_capacity())
    def forward(self, sw):
        load = sw / self.lanecap
        return load, load.mean(1)

class PumpNet(torch.nn.Module):
    # pressures (n, 2, t) kPa at 1 Hz -> fault probability (n,), filter differential kPa (n,)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(2, 8, 9, padding=4)
        self.head = torch.nn.Linear(8, 1)
    def forward(self, p):
        dp = (p[:, 0] - p[:, 1]).mean(-1)
        z = torch.relu(self.c(p / 250.0)).mean(-1)
        return torch.sigmoid(self.head(z)).squeeze(-1), dp

class DrownNet(torch.nn.Module):
    # camera features (n, frames, 16), zone (n,) 0..5 -> drowning risk (n,)
    def __init__(self):
        super().__init__()
        self.zone = torch.nn.Embedding(ZONES, 8)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(40, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
    def forward(self, feats, zone):
        z = torch.cat([feats.mean(1), feats.amax(1), self.zone(zone)], 1)
        return torch.sigmoid(self.mlp(z)).squeeze(-1)

class Heat(torch.nn.Module):
    # water C (n, t), hall air C (n, t), pool (n,) -> heating kWh for the next day (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("vol", pool_volume())
    def forward(self, water, air, pool):
        need = (SET_C - water[:, -1]).clamp(min=0.0) * self.vol[pool] * 1.163
        return need + 12.0 * (water - air).mean(1) * 24.0

class Rota(torch.nn.Module):
    # booked bathers per hour (n, 12), pool (n,) -> lifeguards per hour (n, 12), guard-hours (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("ratio", guard_ratio())
    def forward(self, bathers, pool):
        g = torch.ceil(bathers / self.ratio[pool].unsqueeze(1)).clamp(min=1.0)
        return g, g.sum(1)
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n, t = Dim("pools", min=1, max=256), Dim("hours", min=8, max=2016)
build("visit166", Visits().eval(), visits(4, 336), dynamic_shapes=({0: n, 1: t}, {0: n}, {0: n}))
n, t = Dim("pools", min=1, max=64), Dim("samples", min=12, max=4320)
build("chem166", Chem().eval(), chem_log(4, 288), dynamic_shapes=({0: n, 1: t}, {0: n}))
n = Dim("sessions", min=1, max=1024)
build("lane166", Lanes().eval(), (swimmers(16),), dynamic_shapes=({0: n},))
n = Dim("days", min=1, max=64)
build("rota166", Rota().eval(), bookings(4), dynamic_shapes=({0: n}, {0: n}))
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
n, t = Dim("pumps", min=1, max=32), Dim("seconds", min=60, max=86400)
build("pump166", PumpNet().eval(), (pump_traces(4, 600),), dynamic_shapes=({0: n, 2: t},))
n, f = Dim("tracks", min=1, max=128), Dim("frames", min=8, max=256)
build("drown166", DrownNet().eval(), cam_feats(8, 32), dynamic_shapes=({0: n, 1: f}, {0: n}))
n, t = Dim("pools", min=1, max=64), Dim("hours", min=24, max=8760)
build("heat166", Heat().eval(), temps(4, 168), dynamic_shapes=({0: n, 1: t}, {0: n, 1: t}, {0: n}))
# the water-balance (Langelier saturation index) of the last reading: the chemist wrote it in
# Python with math.log10 and wrapped it as a custom op
@torch.library.custom_op("pool166::lsi", mutates_args=())
def lsi(last: torch.Tensor) -> torch.Tensor:
    out = []
    for cl, ph, temp in last.tolist():
        tf = 0.0117 * temp - 0.4116
        out.append(ph + tf + math.log10(280.0) - 0.4 + math.log10(100.0) - 12.1)
    return torch.tensor(out, dtype=torch.float32)
@lsi.register_fake
def _(last):
    return last.new_empty(last.shape[0])
class LsiChem(Chem):
    def forward(self, log, pool):
        score, dose, acid = super().forward(log, pool)
        return score, dose, acid, torch.ops.pool166.lsi(log[:, -1])
n, t = Dim("pools", min=1, max=64), Dim("samples", min=12, max=4320)
build("lsi166", LsiChem().eval(), chem_log(4, 288), dynamic_shapes=({0: n, 1: t}, {0: n}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"visit166", "chem166", "lane166", "rota166", "pump166", "drown166", "heat166", "lsi166",
         "lane_icecc166"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "chem-shock-dose-python-if", "export_failure", "export", """
class ShockChem(Chem):
    # the pool manager's rule: triple the hypochlorite (shock dose) when any pool's last reading
    # is under 0.5 mg/L free chlorine
    def forward(self, log, pool):
        score, dose, acid = super().forward(log, pool)
        if (log[:, -1, 0] < 0.5).any():
            dose = dose * 3.0
        return score, dose, acid
ep = torch.export.export(ShockChem().eval(), chem_log(4, 288))
""", "The shock-dose rule is a Python if on whether any pool's last free chlorine reading is "
       "under 0.5 mg/L, control flow on tensor data that torch.export cannot trace.",
       "Apply the shock factor with torch.where on the low-chlorine mask instead of a Python "
       "if.", match=r".")


def case_02():
    return _m("case_02", "rota-shift-loop-over-guards-on-duty", "export_failure", "export", """
class ShiftRota(Rota):
    # the rota planner assigns shift numbers in a Python loop up to the most lifeguards on duty
    def forward(self, bathers, pool):
        g, total = super().forward(bathers, pool)
        shifts = []
        for k in range(int(g.amax())):
            shifts.append((g > k).float().sum(1))
        return g, total, torch.stack(shifts, 1)
ep = torch.export.export(ShiftRota().eval(), bookings(4))
""", "The rota planner loops over range(int(g.amax())), the most lifeguards on duty in any hour, "
       "a Python int taken from tensor data that torch.export cannot know while tracing.",
       "Assign shifts with a fixed maximum number of lifeguards and a mask, or plan the shifts "
       "outside the model.", match=r".")


def case_03():
    return _m("case_03", "drown-alarm-escalation-on-flag-count", "export_failure", "export", """
class Escalation(DrownNet):
    # the pool hall alarm: when more than 3 swimmers are flagged at once, all risks go to 1
    def forward(self, feats, zone):
        p = super().forward(feats, zone)
        if torch.nonzero(p > 0.5).shape[0] > 3:
            return torch.ones_like(p)
        return p
ep = torch.export.export(Escalation().eval(), cam_feats(8, 32))
""", "The alarm escalation counts the flagged swimmers with torch.nonzero(p > 0.5).shape[0] and "
       "branches on it in Python, a data-dependent size that torch.export cannot guard on.",
       "Compute the escalation with torch.where on (p > 0.5).sum() > 3 instead of a Python if.",
       match=r".")


def case_04():
    return _m("case_04", "lanes-dim-on-8-lane-capacity-table", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the new 10-lane pool opens next year, so the data team marks the lanes axis dynamic
n, l = Dim("sessions", min=1, max=1024), Dim("lanes", min=4, max=10)
ep = torch.export.export(Lanes().eval(), (swimmers(16),), dynamic_shapes=({0: n, 1: l},))
""", "The lanes axis is declared dynamic (4..10 lanes) while the lane model divides by its "
       "8-row lane capacity table, so export specialises lanes to 8 and refuses the Dim.",
       "Keep the lanes axis static (8) and export a separate model with a 10-row table for the "
       "new pool.", match=r"Constraints|lanes|specializ|constant|8")


def case_05():
    return _m("case_05", "heat-separate-dims-for-water-and-air", "dynamic_shape_guard", "export", """
from torch.export import Dim
# water and hall air come from two different loggers, so each series got its own Dim
n = Dim("pools", min=1, max=64)
tw, ta = Dim("water_hours", min=24, max=8760), Dim("air_hours", min=24, max=8760)
ep = torch.export.export(Heat().eval(), temps(4, 168),
                         dynamic_shapes=({0: n, 1: tw}, {0: n, 1: ta}, {0: n}))
""", "The water and hall-air series are given two independent hours Dims, but the heating model "
       "subtracts them element by element, so export finds they must be equal and refuses the "
       "specification.", "Use one shared hours Dim for the water and air series.",
       match=r"Constraints|air_hours|water_hours|equal")


# ------------------------------------------------------------------------ run: dynamic dims
def case_06():
    return _d("case_06", "visit-whole-summer-season-hourly", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{visit166}")
# the outdoor season review sends every hour of June..September (122 days, 2928 hours)
hist, pool, hour = visits(4, 122 * 24)
f, occ = m(hist, pool, hour)
""", "The season review sends the hourly visitors of the whole summer season (2928 hours), above "
       "the longest history the visitor package accepts (its hours Dim was declared with "
       "max=2016).", "Send the last weeks only (hist[:, -2016:]); the forecast uses the last 4 "
       "hours.", needs=("r",), env=CHECK, match=r"too large|range|bound|<=")


def case_07():
    return _d("case_07", "pump-30-second-plant-room-snapshot", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pump166}")
# the plant-room panel's alarm snapshot holds only the last 30 s of the pressure transducers
p, dp = m(pump_traces(4, 30))
""", "The plant-room panel sends 30-second alarm snapshots (30 samples), below the shortest trace "
       "the pump package accepts (its seconds Dim was declared with min=60).", "Buffer at least "
       "60 s of pressure per call (or re-export with a smaller min).", needs=("s",), env=CHECK,
       match=r"too small|range|bound|>=")


def case_08():
    return _d("case_08", "drown-4-frame-burst-after-camera-reconnect", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{drown166}")
# after the underwater camera reconnects, the tracker sends the first 4 frames at once
feats, zone = cam_feats(8, 4)
risk = m(feats, zone)
""", "After the underwater camera reconnects, the tracker sends a 4-frame burst, below the "
       "fewest frames the drowning package accepts (its frames Dim was declared with min=8).",
       "Wait for at least 8 frames per track before scoring.", needs=("s",), env=CHECK,
       match=r"too small|range|bound|>=")


# ------------------------------------------------------------------------ run: inputs
def case_09():
    return _d("case_09", "chem-new-controller-adds-redox-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chem166}")
log, pool = chem_log(4, 288)
# the new dosing controller also logs the redox potential (mV) as a fourth column
log = torch.cat([log, 650.0 + 80.0 * torch.rand(4, 288, 1)], -1)
score, dose, acid = m(log, pool)
""", "The new dosing controller logs a fourth column (redox potential in mV), so the log arrives "
       "as (pools, samples, 4) while the chemistry package was exported for 3 columns.",
       "Drop the redox column (or retrain and re-export with 4 columns).", needs=("r",),
       env=CHECK, match=r"dim|size|shape|stride")


def case_10():
    return _d("case_10", "visit-fractional-hour-from-timestamps", "input_mismatch", "run", """
import datetime as dt
m = torch._inductor.aoti_load_package("{visit166}")
hist, pool, _ = visits(4, 336)
# the booking app gives the slot start times; the hour is taken as hour + minute / 60
slots = [dt.datetime(2025, 7, 5, 9, 30), dt.datetime(2025, 7, 5, 12, 0),
         dt.datetime(2025, 7, 5, 16, 45), dt.datetime(2025, 7, 5, 18, 15)]
hour = torch.tensor([s.hour + s.minute / 60 for s in slots])
f, occ = m(hist, pool, hour)
""", "The hour of day is taken from the booking slots as hour + minute / 60, a float32 tensor, "
       "while the visitor package was exported for int64 hour rows.", "Use the whole hour "
       "(s.hour) as an int64 tensor.", needs=("r",), env=CHECK,
       match=r"dtype|type|Long|Float|int|float")


def case_11():
    return _d("case_11", "pump-pressures-float64-from-bms-historian", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pump166}")
# the building management system's historian exports the pressures as double precision
p, dp = m(pump_traces(4, 600).double())
""", "The building management system's historian exports the filter pressures as float64, while "
       "the pump package was exported for float32 traces.", "Convert the traces with .float() "
       "before the call.", needs=("s",), env=CHECK, match=r"dtype|type|Double|Float|double|float")


def case_12():
    return _d("case_12", "lane-new-10-lane-competition-pool", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lane166}")
# the refurbished competition pool reopens with 10 lanes; the lane counter sends all of them
sw = torch.randint(0, 16, (16, 10)).float()
load, total = m(sw)
""", "The refurbished pool reopens with 10 lanes, so the swimmer counts arrive as (sessions, 10) "
       "while the lane package was exported for the 8 lanes of the old pool.", "Re-export the "
       "lane model with a 10-row lane capacity table for the new pool.", needs=("r",), env=CHECK,
       match=r"dim|size|shape|stride")


# -------------------------------------------------------------------- run: indices
def case_13():
    return _d("case_13", "visit-outdoor-pool-added-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{visit166}")
hist, pool, hour = visits(4, 336)
# the outdoor summer pool opened in June and was added to the pool register as pool 12
pool[2] = 12
f, occ = m(hist, pool, hour)
""", "The outdoor summer pool was added to the pool register as pool 12 after the visitor model "
       "was exported, so it indexes past the package's 12-row capacity table.", "Re-export the "
       "model with the outdoor pool's capacity.", needs=("r",), match=r"out of bounds|index|Abort")


def case_14():
    return _d("case_14", "drown-camera-numbers-as-zones", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{drown166}")
feats, _ = cam_feats(8, 32)
# the tracker reports the camera number painted on each housing (CAM 1 .. CAM 6) as the zone
zone = torch.tensor([1, 2, 3, 4, 5, 6, 6, 2])
risk = m(feats, zone)
""", "The tracker passes the camera numbers painted on the housings (1..6) as the zone instead of "
       "the zone rows 0..5, so camera 6 indexes past the drowning package's 6-row zone "
       "embedding.", "Subtract 1 from the camera numbers before the call.", needs=("s",),
       expect="crash", match=r"out of bounds|index|Abort")


def case_15():
    return _d("case_15", "chem-controller-bus-address-as-pool", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{chem166}")
log, _ = chem_log(4, 288)
# the logs are keyed by each dosing controller's RS-485 bus address (17..28)
pool = torch.tensor([17, 20, 23, 28])
score, dose, acid = m(log, pool)
""", "The dosing controllers' RS-485 bus addresses (17..28) are passed as the pool instead of the "
       "pool rows 0..11, so they index past the chemistry package's 12-row volume table.",
       "Map bus addresses to pool rows (address - 17) before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_16():
    return _d("case_16", "rota-pool-numbers-from-signage", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{rota166}")
bathers, _ = bookings(4)
# the duty manager types the pool numbers from the centre's signage: Pool 1 .. Pool 12
pool = torch.tensor([3, 7, 12, 1])
g, total = m(bathers, pool)
""", "The duty manager types the pool numbers from the signage (1..12), so Pool 12 indexes past "
       "the rota package's 12-row bathers-per-lifeguard table.", "Subtract 1 from the signage "
       "numbers before the call.", needs=("r",), match=r"out of bounds|index|Abort")


# -------------------------------------------------------------------- run: values
def case_17():
    return _d("case_17", "heat-water-temperature-in-fahrenheit", "numerical", "run", """
m = torch._inductor.aoti_load_package("{heat166}")
water, air, pool = temps(4, 168)
# the new heat pump's controller (US firmware) reports water and air in Fahrenheit
kwh = m(water * 9.0 / 5.0 + 32.0, air * 9.0 / 5.0 + 32.0, pool)
ref = heat_ref(water, air, pool)
assert ((kwh - ref).abs() / ref).max() < 0.05, f"heating kWh: {kwh} vs {ref}"
""", "The new heat pump's controller reports the water and hall temperatures in Fahrenheit (about "
       "80 F), fed where the heating model expects Celsius, so the reheat term vanishes and the "
       "forecast kWh is wrong, without an error.", "Convert Fahrenheit to Celsius ((F - 32) * 5 "
       "/ 9) before the call.", needs=("s",), match=r"AssertionError")


def case_18():
    return _d("case_18", "chem-chlorine-as-percent-of-setpoint", "numerical", "run", """
m = torch._inductor.aoti_load_package("{chem166}")
log, pool = chem_log(4, 288)
ref = dose_ref(log, pool)
# the new controller's display and log give free chlorine as % of its 1.5 mg/L set point
pct = log.clone()
pct[..., 0] = log[..., 0] / CL_TARGET * 100.0
score, dose, acid = m(pct, pool)
assert torch.allclose(dose, ref, rtol=0.05), f"hypochlorite L: {dose} vs {ref}"
""", "The new dosing controller logs free chlorine as a percentage of its 1.5 mg/L set point "
       "(40..93 %), fed where the chemistry model expects mg/L, so every pool reads far above the "
       "set point and no hypochlorite is advised, without an error.", "Convert the percentage "
       "to mg/L (x 1.5 / 100) before the call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _d("case_19", "pump-new-transducers-report-bar", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pump166}")
p = pump_traces(4, 600)
# the replacement pressure transducers on the filter are configured for bar, not kPa
prob, dp = m(p / 100.0)
ref = pump_ref(p)
assert ((dp - ref).abs() / ref).max() < 0.05, f"filter differential kPa: {dp} vs {ref}"
""", "The replacement pressure transducers on the sand filter report bar instead of kPa, so the "
       "filter's differential pressure (the backwash trigger) reads 100 times too low, without "
       "an error.", "Convert bar to kPa (x 100) before the call.", needs=("s",),
       match=r"AssertionError")


def case_20():
    return _d("case_20", "visit-door-counter-counts-both-directions", "numerical", "run", """
m = torch._inductor.aoti_load_package("{visit166}")
hist, pool, hour = visits(4, 336)
# the new entrance counter counts every pass of its beam, in and out, as a visitor
f, occ = m(hist * 2.0, pool, hour)
ref = visit_ref(hist, pool, hour)
assert ((f - ref).abs() / ref).max() < 0.1, f"visitors next hour: {f} vs {ref}"
""", "The new entrance counter counts every pass of its beam, visitors going in and out, so the "
       "hourly visitors are doubled and the forecast is about twice too high, without an error.",
       "Use the counter's inbound count only (or halve the two-way count) before the call.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _d("case_21", "rota-bookings-as-running-total", "numerical", "run", """
m = torch._inductor.aoti_load_package("{rota166}")
bathers, pool = bookings(4)
# the booking system's report gives the bathers booked so far today at each hour
g, total = m(bathers.cumsum(1), pool)
ref = rota_ref(bathers, pool)
assert torch.equal(g, ref), f"lifeguards per hour: {g[0]} vs {ref[0]}"
""", "The booking system's report gives the running total of bathers booked so far today at each "
       "hour instead of the bathers per hour, so the rota asks for far more lifeguards in the "
       "afternoon, without an error.", "Take the per-hour bookings (torch.diff of the running "
       "total, prepending 0) before the call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _d("case_22", "chem-chlorine-probe-calibration-as-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{chem166}")
log, pool = chem_log(4, 288)
# the controller logs NaN for the free chlorine probe while it is being calibrated
log[1, -6:, 0] = float("nan")
score, dose, acid = m(log, pool)
assert torch.isfinite(dose).all() and torch.isfinite(score).all(), f"dose {dose}, score {score}"
""", "The dosing controller logs NaN for the free chlorine probe during its calibration, and the "
       "last reading is one of them, so that pool's anomaly score and hypochlorite dose are NaN, "
       "without an error.", "Fill the calibration gap with the last valid reading (or skip the "
       "pool until the probe is back).", needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _d("case_23", "visit-capacities-pushed-under-ops-db-name", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{visit166}")
# the operations database exports the new season's bather limits under the column name
# "capacity"; the team pushes them into the package
caps = (pool_capacity() * 1.1).round()
m.load_constants({"capacity": caps}, check_full_update=False)
f, occ = m(*visits(4, 336))
""", "The new season's bather limits are pushed into the visitor package under the operations "
       "database's name 'capacity', but the package's constant is named 'cap', so the update "
       "names a constant the package does not have.", "Push the table under the package's "
       "constant name (see m.get_constant_fqns()), here 'cap'.", needs=("r",),
       match=r"capacity|[Cc]onstant|not found")


# ----------------------------------------------------------------- run: resources, device, ops
def case_24():
    return _d("case_24", "pump-whole-day-all-pumps-memory-margin", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{pump166}")
# the monthly report scores a whole day at 1 Hz of all 32 circulation pumps in one call
p = pump_traces(32, 86400)
# the plant-room edge box leaves 64 MiB above what the service has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 64 * 2**20, vm + 64 * 2**20))
prob, dp = m(p)
""", "The monthly report scores a whole day of 1 Hz pressure traces of all 32 pumps in one call, "
       "and the buffers the call allocates exceed the plant-room edge box's 64 MiB memory "
       "margin.", "Score the day in hourly chunks (or fewer pumps per call).", needs=("s",),
       match=r"[Mm]emory|alloc")


def case_25():
    return _d("case_25", "drown-settings-copied-from-vendor-gpu-server", "device_mismatch", "run", """
import json
m = torch._inductor.aoti_load_package("{drown166}")
# the lifeguard-alert box's settings were copied from the camera vendor's GPU demo server
settings = json.loads('{"camera_fps": 12, "device": "cuda:0", "alert_threshold": 0.7}')
feats, zone = (x.to(settings["device"]) for x in cam_feats(8, 32))
risk = m(feats, zone)
""", "The lifeguard-alert box's settings were copied from the camera vendor's GPU demo server "
       "and say device cuda:0, so the inputs are sent to a GPU on a CPU-only box (the drowning "
       "package was compiled for CPU).", "Set the device to cpu in the box's settings (or pick "
       "it with torch.cuda.is_available()).", needs=("s",),
       match=r"CUDA|cuda|NVIDIA|driver|device|accelerator")


def case_26():
    return _m("case_26", "lane-built-on-icecream-build-box", "compile_toolchain", "compile", """
# compiled on the facilities IT build box, whose profile points CXX at the icecream
# (distributed compiler) wrapper directory of the old build farm
ep = torch.export.export(Lanes().eval(), (swimmers(16),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lane_icecc166.pt2")
""", "The facilities build box's profile sets CXX=/usr/lib/icecc/bin/g++ (the icecream "
       "distributed-compiler wrapper), which is not installed on this host, so AOTI cannot "
       "compile the package.", "Unset CXX (or point it at the installed g++) before compiling.",
       env={"CXX": "/usr/lib/icecc/bin/g++"},
       match=r"icecc|InvalidCxxCompiler|No such file|not found|compile")


def case_27():
    return _d("case_27", "dosing-server-without-lsi-op", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{lsi166}")
# the dosing server loads the package without importing the chemist's module that registers
# pool166::lsi
score, dose, acid, lsi = m(*chem_log(4, 288))
""", "The chemistry package calls the Python-only custom op pool166::lsi (the Langelier "
       "saturation index) through the proxy executor, and the dosing server never registers it "
       "(the chemist's module that defines it is not imported).", "Import the module that "
       "registers the op before loading, or write the index with tensor ops.", needs=("s",),
       match=r"pool166|lsi|schema|operator")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]

DROPPED = [
    "drown-retrained-head-pushed-as-float64 (constant_loading; was case_24): the retrained "
    "drowning detector's weights, float64 because the notebook set torch.set_default_dtype("
    "torch.float64), pushed with load_constants(..., check_full_update=True) into drown166, the "
    "risks compared with a float32 push into a second load of the package. Written to fail with "
    "an AssertionError (wrong risks, no error). Trial 1 (my bug): the whole state_dict was "
    "pushed and failed with 'Constant not found: mlp.2.bias' (the package has no such constant). "
    "Trial 2 (only the package's get_constant_fqns() pushed): the child was killed by SIGSEGV "
    "(Segmentation fault), not the wrong numbers the cause sentence describes; dropped, not "
    "relabelled.",
]
TRIED = []
# TRIED: none. DROPPED: the one above (trials 1 and 2, torch 2.15.0+cu132).
# Expectation fixed after trial 1 (label unchanged): case_14 (camera numbers 1..6 as zones)
# was written with expect="exc"; the embedding kernel's index check throws inside the parallel
# region and the child aborts ('terminate called ... index out of bounds: 0 <= tmp2 < 6L',
# SIGABRT), so it now expects "crash".
# Not written (found by the grep before any trial): end-of-day 24:00 parsed as hour 24
# (live_blind103, 141); a Python loop over torch.unique (live_blind104, 142); a device from
# torch.backends.cuda.is_built() (live_blind89); the inactive constant buffer / use_inactive
# (live_blind4, 46); DataParallel 'module.' prefixes (live_blind12, 43); a transposed view pushed
# through load_constants (live_blind46); datetime.fromtimestamp in forward (live_blind64, 143 ..);
# pH as raw electrode millivolts (live_blind135); 9999 / 99999 dropout codes (live_blind157, 164
# and others); zig c++, MSVC cl, distcc, ccache and a PATH without the compiler (live_blind144,
# 146, 162, 142 .., 11); chlorine in ug/L (live_blind129); escalate-to-human Python if
# (live_blind117, so the escalation here branches on a nonzero count).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind166.jsonl",
        url_file="benchmarks/live_blind166.py", id_prefix="live166", stems=STEMS,
        scratch_prefix="live_blind166-", description=__doc__.splitlines()[0]))
