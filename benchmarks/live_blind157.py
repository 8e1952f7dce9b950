"""A hundred-and-fifty-seventh blind set of REAL AOTInductor failures (car washes and vehicle detailing), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind157.py [--out benchmarks/live_blind157.jsonl] [--keep]

Theme: car washes and vehicle detailing (a wash-bay demand forecaster giving each slot's forecast
cars, revenue and the share of the hour the bay is busy from the cars washed in that slot in past
weeks, the bay row of an 8-bay factor table, the wash-package row of a 5-package price table and
the minutes one wash takes; a chemical and water-reclaim forecaster giving the litres of pre-soak,
soap, wax and tyre shine used per day, the days each tank lasts and the fresh water drawn, from the
washes sold per package and the tank levels in litres; a membership churn model over each member's
monthly visits, spend, days since the last visit and premium share, with the plan row of a 4-plan
table; a vehicle size classifier (motorbike, car, SUV/van, truck) from the entry camera's clip of
each vehicle; a brush and conveyor fault predictor over the brush motor current, conveyor motor
current, conveyor speed and hydraulic pressure logged once a second; and a wash-package upsell
recommender from the vehicle size class and the last package bought), exported, compiled, loaded
and run as a car-wash chain's data team would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind155.py (their TRIED
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
N_BAY = 8       # wash bays 1..8 -> rows 0..7
N_PKG = 5       # wash packages: basic, wash & dry, deluxe, wax shield, ultimate -> rows 0..4
N_CLS = 4       # vehicle size classes: motorbike, car, SUV/van, truck -> rows 0..3
N_PLAN = 4      # membership plans: basic, plus, premium, unlimited -> rows 0..3
PRICE = [8.0, 11.0, 15.0, 19.0, 24.0]                  # EUR per wash, by package
DOSE = [[0.05, 0.10, 0.00, 0.00],                      # litres per wash: pre-soak, soap, wax, tyre shine
        [0.05, 0.12, 0.00, 0.00],
        [0.08, 0.12, 0.03, 0.02],
        [0.08, 0.12, 0.06, 0.02],
        [0.10, 0.15, 0.08, 0.04]]
WATER = [120.0, 130.0, 150.0, 160.0, 180.0]            # litres of water per wash, by package

class Demand(torch.nn.Module):
    # wash-bay demand: cars washed in the hour slot in past weeks (slots, weeks), the bay row
    # (slots,) 0..7, the package row (slots,) 0..4 and the minutes one wash takes (slots,) ->
    # forecast cars, revenue EUR and the share of the hour the bay is busy
    def __init__(self):
        super().__init__()
        self.register_buffer("bay_f", torch.linspace(1.1, 0.8, N_BAY))   # bay 1 sits by the entrance
        self.register_buffer("price", torch.tensor(PRICE))
    def forward(self, hist, bay, pkg, wash_min):
        cars = hist.mean(1) * self.bay_f[bay]
        return torch.stack([cars, cars * self.price[pkg], cars * wash_min / 60.0], 1)

class Chemical(torch.nn.Module):
    # chemical and water reclaim: washes sold per day and package (days, 5) and the tank levels
    # (4,) in litres -> litres used per day and chemical (days, 4), days each tank lasts (4,),
    # fresh water drawn per day in litres (days,) with 70 % of the water reclaimed
    def __init__(self):
        super().__init__()
        self.register_buffer("dose", torch.tensor(DOSE))
        self.register_buffer("water", torch.tensor(WATER))
    def forward(self, washes, tank):
        use = washes @ self.dose
        return use, tank / use.mean(0), (washes @ self.water) * 0.3

class Churn(torch.nn.Module):
    # membership churn in the next month: monthly features (members, months, 4): visits, spend EUR,
    # days since the last visit, share of premium washes; and the plan row (members,) 0..3
    def __init__(self):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(157)
            self.fc = torch.nn.Linear(4, 1)
        self.register_buffer("mu", torch.tensor([3.0, 45.0, 10.0, 0.3]))
        self.register_buffer("sd", torch.tensor([1.5, 20.0, 8.0, 0.2]))
        self.register_buffer("plan_b", torch.tensor([0.4, 0.1, -0.2, -0.5]))
    def forward(self, x, plan):
        z = ((x - self.mu) / self.sd).mean(1)
        return torch.sigmoid(self.fc(z).squeeze(1) + self.plan_b[plan])

class VehicleSize(torch.nn.Module):
    # entry camera: each vehicle's clip (vehicles, frames, 3, 32, 32), RGB 0..1 -> logits of
    # motorbike, car, SUV/van, truck
    def __init__(self):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(57)
            self.c = torch.nn.Conv2d(3, 8, 3, stride=2)
            self.fc = torch.nn.Linear(8, N_CLS)
    def forward(self, x):
        n, f = x.shape[0], x.shape[1]
        y = torch.relu(self.c(x.flatten(0, 1))).mean((2, 3))
        return self.fc(y.reshape(n, f, 8).mean(1))

class BrushFault(torch.nn.Module):
    # brush and conveyor fault in the next hour: controller log (bays, 4, seconds), once a second:
    # brush motor current A, conveyor motor current A, conveyor speed m/min, hydraulic pressure bar
    def __init__(self, width=8):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(15)
            self.c = torch.nn.Conv1d(4, width, 5, stride=2)
            self.fc = torch.nn.Linear(width, 1)
        self.register_buffer("mu", torch.tensor([12.0, 8.0, 9.0, 140.0]))
        self.register_buffer("sd", torch.tensor([2.0, 1.5, 0.5, 10.0]))
    def forward(self, x):
        z = (x - self.mu[:, None]) / self.sd[:, None]
        return torch.sigmoid(self.fc(torch.relu(self.c(z)).mean(2))).squeeze(1)

class Upsell(torch.nn.Module):
    # package upsell at the pay station: the vehicle size class row (n,) 0..3 and the last package
    # bought (n,) 0..4 -> probability of taking each package today (n, 5)
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(7)
        self.register_buffer("by_cls", torch.randn(N_CLS, N_PKG, generator=g))
        self.register_buffer("by_last", torch.randn(N_PKG, N_PKG, generator=g))
    def forward(self, cls, last):
        return torch.softmax(self.by_cls[cls] + self.by_last[last], 1)

def slots(n=48, weeks=12, seed=1):
    g = torch.Generator().manual_seed(seed)
    bay, pkg = torch.arange(n) % N_BAY, torch.randint(0, N_PKG, (n,), generator=g)
    return 2.0 + 8.0 * torch.rand(n, weeks, generator=g), bay, pkg, torch.full((n,), 3.0)

def sales(days=28, seed=2):
    g = torch.Generator().manual_seed(seed)
    return (20.0 + 80.0 * torch.rand(days, N_PKG, generator=g)).round(), torch.tensor([200.0, 400.0, 120.0, 60.0])

def members(n=64, months=12, seed=3):
    g = torch.Generator().manual_seed(seed)
    mu, sd = torch.tensor([3.0, 45.0, 10.0, 0.3]), torch.tensor([1.0, 15.0, 5.0, 0.1])
    x = (mu + sd * torch.randn(n, months, 4, generator=g)).clamp(min=0)
    return x, torch.arange(n) % N_PLAN

def clips(n=4, frames=24, seed=4):
    g = torch.Generator().manual_seed(seed)
    return torch.rand(n, frames, 3, 32, 32, generator=g)

def motor_log(n=4, seconds=1800, seed=5):
    g = torch.Generator().manual_seed(seed)
    mu, sd = torch.tensor([12.0, 8.0, 9.0, 140.0]), torch.tensor([1.0, 0.7, 0.2, 5.0])
    return mu[None, :, None] + sd[None, :, None] * torch.randn(n, 4, seconds, generator=g)

def customers(n=32, seed=6):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, N_CLS, (n,), generator=g), torch.randint(0, N_PKG, (n,), generator=g)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
sl, wk = Dim("slots", min=1, max=4096), Dim("weeks", min=4, max=104)
build("demand157", Demand().eval(), slots(48, 12), dynamic_shapes=({0: sl, 1: wk}, {0: sl}, {0: sl}, {0: sl}))
dy = Dim("days", min=1, max=366)
build("chem157", Chemical().eval(), sales(28), dynamic_shapes=({0: dy}, None))
mb, mo = Dim("members", min=1, max=100000), Dim("months", min=3, max=36)
build("churn157", Churn().eval(), members(64, 12), dynamic_shapes=({0: mb, 1: mo}, {0: mb}))
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
vh, fr = Dim("vehicles", min=1, max=64), Dim("frames", min=4, max=96)
build("vsize157", VehicleSize().eval(), (clips(4, 24),), dynamic_shapes=({0: vh, 1: fr},))
bs, sec = Dim("bays", min=1, max=16), Dim("seconds", min=64, max=3600)
build("brush157", BrushFault().eval(), (motor_log(4, 1800),), dynamic_shapes=({0: bs, 2: sec},))
cu = Dim("customers", min=1, max=4096)
build("upsell157", Upsell().eval(), customers(32), dynamic_shapes=({0: cu}, {0: cu}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"demand157", "chem157", "churn157", "vsize157", "brush157", "upsell157", "dedup157",
         "kiosk157"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "chemical-reorder-alarm-python-if", "export_failure", "export", """
import warnings
from torch.export import Dim
class ChemicalWithAlarm(Chemical):
    def forward(self, washes, tank):
        use, days_left, fresh = super().forward(washes, tank)
        if (days_left < 3.0).any():                    # page the site manager to reorder chemicals
            warnings.warn("chemical tank below 3 days of supply: reorder")
        return use, days_left, fresh
dy = Dim("days", min=1, max=366)
ep = torch.export.export(ChemicalWithAlarm().eval(), sales(28), dynamic_shapes=({0: dy}, None))
""", "The chemical forecaster raises its reorder alarm with a Python `if` on whether any tank's "
       "forecast days of supply is under 3, a branch on tensor data that torch.export cannot "
       "trace.", "Return the low-tank mask as an output (days_left < 3) and raise the alarm "
       "outside the model.", match=r".")


def case_02():
    return _m("case_02", "upsell-truck-surcharge-python-branch", "export_failure", "export", """
from torch.export import Dim
class UpsellWithSurcharge(Upsell):
    def forward(self, cls, last):
        p = super().forward(cls, last)
        if cls.max() == 3:                             # a truck in the batch: the oversize surcharge applies
            p = p * torch.tensor([1.0, 1.0, 0.9, 0.9, 0.8])
        return p
cu = Dim("customers", min=1, max=4096)
ep = torch.export.export(UpsellWithSurcharge().eval(), customers(32), dynamic_shapes=({0: cu}, {0: cu}))
""", "The upsell recommender damps the premium packages when a truck is in the batch with a Python "
       "`if cls.max() == 3`, a branch on the class tensor's values that torch.export cannot "
       "trace.", "Apply the surcharge per row with torch.where(cls == 3, ...) instead of a "
       "Python branch.", match=r".")


def case_03():
    return _m("case_03", "vehicle-size-16-frame-head-dynamic-frames", "dynamic_shape_guard", "export", """
from torch.export import Dim
class VehicleSizeTemporal(VehicleSize):
    # the v2 head reads the clip's 16 frames in order (a Linear over frames x features)
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(16 * 8, N_CLS)
    def forward(self, x):
        n, f = x.shape[0], x.shape[1]
        y = torch.relu(self.c(x.flatten(0, 1))).mean((2, 3))
        return self.head(y.reshape(n, f * 8))
vh, fr = Dim("vehicles", min=1, max=64), Dim("frames", min=4, max=96)
ep = torch.export.export(VehicleSizeTemporal().eval(), (clips(4, 16),), dynamic_shapes=({0: vh, 1: fr},))
""", "The frames Dim is declared dynamic (4..96) but the v2 classifier's head is a Linear over 16 "
       "frames x 8 features, so export specialises the frames to 16 and refuses the "
       "specification.", "Keep the frames static at 16 (resample every clip to 16 frames) or "
       "pool over the frames before the head.", match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_04():
    return _m("case_04", "vehicle-size-truck-with-trailer-long-clip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{vsize157}")
x = clips(2, 150)                                     # a truck towing a boat trailer (and the car behind it)
out = m(x)
""", "A truck towing a trailer takes 150 frames to pass the entry camera, more than the vehicle size "
       "package accepts (the frames Dim was declared with max=96).", "Subsample long clips to at "
       "most 96 frames before the call.", needs=("s",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_05():
    return _m("case_05", "brush-controller-upgrade-10hz-log", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{brush157}")
x = motor_log(4, 36000)                               # after the PLC upgrade: one hour logged at 10 Hz
p = m(x)
""", "After the PLC upgrade the controllers log at 10 Hz, so one hour is 36000 samples, more than "
       "the brush fault package accepts (the seconds Dim was declared with max=3600).",
       "Average the 10 Hz log to once a second before the call.", needs=("s",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_06():
    return _m("case_06", "demand-new-site-two-weeks-open", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{demand157}")
hist, bay, pkg, wash_min = slots(48, 2)               # the new express site opened two weeks ago
out = m(hist, bay, pkg, wash_min)
""", "The newly opened site has two weeks of wash history, fewer than the demand package accepts "
       "(the weeks Dim was declared with min=4).", "Use a sister site's history until four weeks "
       "exist (or export with a lower min).", needs=("r",), env=CHECK,
       match=r"too small|range|bound|>=")


def case_07():
    return _m("case_07", "churn-members-joined-last-month", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{churn157}")
x, plan = members(20, 1)                              # the spring sign-up drive: one month of history
p = m(x, plan)
""", "The members who joined in the spring sign-up drive have one month of history, fewer than the "
       "churn package accepts (the months Dim was declared with min=3).", "Score new members with "
       "a separate rule until they have three months (or export with min=1).", needs=("r",),
       env=CHECK, match=r"too small|range|bound|>=")


# ------------------------------------------------------------------------ run: inputs
def case_08():
    return _m("case_08", "vehicle-size-decoder-uint8-frames", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vsize157}")
x = (clips(4, 24) * 255).to(torch.uint8)              # the camera's video decoder hands out uint8 frames
out = m(x)
""", "The entry camera's video decoder hands out uint8 frames (0..255), sent as they are to the "
       "vehicle size package exported for float32 frames in 0..1.", "Convert with .float() / 255 "
       "before the call.", needs=("s",), env=CHECK, match=r"dtype")


def case_09():
    return _m("case_09", "vehicle-size-frames-height-width-channels", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vsize157}")
x = clips(4, 24).permute(0, 1, 3, 4, 2).contiguous()  # the camera SDK's frames: height, width, RGB
out = m(x)
""", "The camera SDK delivers frames as (height, width, RGB), sent as (vehicles, frames, 32, 32, 3) "
       "where the vehicle size package was exported for (vehicles, frames, 3, 32, 32).",
       "Permute the frames to channels-first before the call.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "brush-log-float64-from-dataframe", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{brush157}")
import numpy as np
arr = motor_log(4, 1800).numpy().astype(np.float64)   # the PLC historian's dataframe: float64 columns
p = m(torch.from_numpy(arr))
""", "The PLC historian's dataframe holds the motor log as float64, sent as a float64 tensor to "
       "the brush fault package exported for float32.", "Convert with .float() before the call.",
       needs=("s",), env=CHECK, match=r"dtype")


def case_11():
    return _m("case_11", "brush-log-with-new-water-pressure-sensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{brush157}")
x = motor_log(4, 1800)
x = torch.cat([x, torch.full((4, 1, 1800), 6.5)], 1)  # the retrofit adds a water-pressure column
p = m(x)
""", "The retrofit added a water-pressure sensor, so the controller log has 5 channels where the "
       "brush fault package was exported for 4.", "Drop the new column (or re-export the model with "
       "5 inputs).", needs=("s",), env=CHECK, match=r"dim value|size|shape")


# -------------------------------------------------------------------- run: indices
def case_12():
    return _m("case_12", "demand-bay-numbers-1-to-8-as-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{demand157}")
hist, _, pkg, wash_min = slots(48)
bay = torch.arange(48) % 8 + 1                        # the POS export numbers the bays 1..8
out = m(hist, bay, pkg, wash_min)
""", "The POS export numbers the wash bays 1..8 and they are sent as the bay rows, so bay 8 indexes "
       "past the demand package's 8-row bay factor table (rows 0..7).", "Send bay - 1 as the row.",
       needs=("r",), match=r"out of bounds|index")


def case_13():
    return _m("case_13", "demand-ceramic-package-added-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{demand157}")
hist, bay, pkg, wash_min = slots(48)
pkg[::6] = 5                                          # the ceramic coating package launched in spring
out = m(hist, bay, pkg, wash_min)
""", "A sixth wash package (ceramic coating) was launched after export and is sent as package row "
       "5, past the demand package's 5-package price table.", "Re-export the forecaster with the "
       "new package's price.", needs=("r",), match=r"out of bounds|index")


def case_14():
    return _m("case_14", "upsell-detector-coco-class-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{upsell157}")
_, last = customers(8)
cls = torch.tensor([2, 2, 3, 7, 2, 5, 7, 2])          # the camera's detector: COCO car 2, motorcycle 3, bus 5, truck 7
out = m(cls, last)
""", "The entry camera's object detector reports COCO class ids (car 2, motorcycle 3, bus 5, truck "
       "7), sent as the vehicle size rows 0..3 of the upsell package's class table.", "Map the "
       "detector's class ids to the size rows (motorbike 0, car 1, SUV/van 2, truck 3) before the "
       "call.", needs=("s",), match=r"out of bounds|index")


def case_15():
    return _m("case_15", "churn-billing-plan-codes", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{churn157}")
x, _ = members(8)
plan = torch.tensor([101, 102, 103, 104, 101, 104, 102, 103])   # the billing system's plan codes
p = m(x, plan)
""", "The membership plans are sent by the billing system's plan codes (101..104) instead of the "
       "rows 0..3 of the churn package's plan table.", "Map the plan codes to rows (code - 101) "
       "before the call.", needs=("r",), match=r"out of bounds|index")


# -------------------------------------------------------------------- run: values
def case_16():
    return _m("case_16", "demand-wash-time-in-seconds", "numerical", "run", """
m = torch._inductor.aoti_load_package("{demand157}")
hist, bay, pkg, _ = slots(48)
wash_sec = torch.full((48,), 180.0)                   # the tunnel controller reports the wash time in seconds
out = m(hist, bay, pkg, wash_sec)
assert (out[:, 2] <= 1.0).all(), f"bay busy share {out[:, 2]}"
""", "The tunnel controller reports the time one wash takes in seconds (180), sent as minutes, so "
       "the bays come out busy 60 times more than the hour has (shares far over one), without an "
       "error.", "Divide seconds by 60 before the call.", needs=("r",), match=r"AssertionError")


def case_17():
    return _m("case_17", "chemical-tank-levels-in-us-gallons", "numerical", "run", """
m = torch._inductor.aoti_load_package("{chem157}")
washes, tank_l = sales(28)
tank_gal = tank_l / 3.785                             # the new tank sensors report US gallons
use, days_left, fresh = m(washes, tank_gal)
ref = Chemical()(washes, tank_l)[1]
assert torch.allclose(days_left, ref, rtol=0.05), f"days of supply {days_left} vs {ref}"
""", "The new tank-level sensors report US gallons, sent as litres, so every tank's days of supply "
       "comes out 3.8 times too short, without an error.", "Convert gallons to litres (x 3.785) "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_18():
    return _m("case_18", "chemical-pos-outage-day-as-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{chem157}")
washes, tank = sales(28)
washes[9] = float("nan")                              # the POS was offline that day: sales sync wrote NaN
use, days_left, fresh = m(washes, tank)
assert torch.isfinite(days_left).all(), f"days of supply {days_left}"
""", "A day the point-of-sale was offline is synced as NaN wash counts, which the averaging "
       "spreads into every tank's days of supply (all NaN), without an error.", "Drop or impute "
       "the outage day before the call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _m("case_19", "brush-current-adc-full-scale-4095", "numerical", "run", """
m = torch._inductor.aoti_load_package("{brush157}")
x = motor_log(4, 1800)
clean = m(x)
x[:, 0, 600:660] = 4095.0                             # loose current-clamp cable: the 12-bit ADC reads full scale
p = m(x)
assert torch.allclose(p, clean, atol=0.1), f"fault probability {p} vs {clean}"
""", "A loose brush current-clamp cable makes the 12-bit ADC read full scale (4095) for a minute, "
       "and those counts are scored as amperes, so the fault probabilities jump, without an error.",
       "Mask full-scale (4095) readings as dropouts before the call.", needs=("s",),
       match=r"AssertionError")


def case_20():
    return _m("case_20", "churn-no-visit-yet-as-9999-days", "numerical", "run", """
m = torch._inductor.aoti_load_package("{churn157}")
x, plan = members(16)
fixed = x.clone()
x[:, -1, 2] = 9999.0                                  # CRM: no visit yet this month -> 9999 days since visit
fixed[:, -1, 2] = 30.0                                # what the analysts meant: a full month
p = m(x, plan)
ref = m(fixed, plan)
assert torch.allclose(p, ref, atol=0.1), f"churn {p} vs {ref}"
""", "The CRM stores 'no visit yet this month' as 9999 days since the last visit, which the churn "
       "model normalises as a real value, so the churn probabilities saturate, without an error.",
       "Replace the 9999 sentinel with the days since the month began before the call.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "churn-retrained-weights-reloaded-eager-only", "numerical", "run", """
m = torch._inductor.aoti_load_package("{churn157}")
model = Churn().eval()
torch.manual_seed(2024)
model.fc.load_state_dict(torch.nn.Linear(4, 1).state_dict())   # this month's retrained weights
x, plan = members(16)
p = m(x, plan)
with torch.no_grad():
    ref = model(x, plan)
assert torch.allclose(p, ref, atol=1e-4), f"churn {p} vs {ref}"
""", "The retrained churn weights are reloaded into the eager model with load_state_dict, but the "
       "deployed package still holds the weights it was compiled with, so its probabilities differ "
       "from the retrained model's, without an error.", "Re-export and re-compile the package after "
       "retraining (or push the new weights into the package with load_constants).",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_22():
    return _m("case_22", "brush-retrained-weights-with-trainer-prefix", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{brush157}")
class FaultTrainer(torch.nn.Module):                  # the data team's training wrapper
    def __init__(self):
        super().__init__()
        self.net = BrushFault()
torch.manual_seed(2025)
trainer = FaultTrainer()                              # stands in for this month's retrained run
m.load_constants(trainer.state_dict(), check_full_update=False)   # hot-swap the site's weights
p = m(motor_log(4, 1800))
""", "The retrained brush fault weights are pushed into the package straight from the training "
       "wrapper's state_dict, whose keys carry the wrapper's `net.` prefix (`net.c.weight`, ...), "
       "so the package has no constant of those names.", "Strip the `net.` prefix (push "
       "trainer.net.state_dict(), restricted to get_constant_fqns()) before load_constants.",
       needs=("s",), match=r"[Cc]onstant")


def case_23():
    return _m("case_23", "brush-only-conv-layer-full-update", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{brush157}")
torch.manual_seed(2025)
tuned = BrushFault()                                  # the fine-tune only retrained the conv layer
fqns = m.get_constant_fqns()
new = {k: v for k, v in tuned.state_dict().items() if k.startswith("c.") and k in fqns}
m.load_constants(new, check_full_update=True)         # push just the conv layer
p = m(motor_log(4, 1800))
""", "Only the fine-tuned conv layer's weights are pushed into the brush fault package with "
       "check_full_update=True, which requires every constant of the package, so the update is "
       "refused for the constants left out.", "Pass check_full_update=False for a partial update "
       "(or send all constants).", needs=("s",), match=r"[Cc]onstant|missing|full")


# ----------------------------------------------------------------------- resources
def case_24():
    return _m("case_24", "plate-read-dedup-all-pairs-year", "out_of_memory", "run", """
import resource
from torch.export import Dim
class PlateDedup(torch.nn.Module):
    # membership fraud check: similarity of every plate-read embedding to every other one
    def forward(self, a, b):
        return a @ b.T
na, nb = Dim("a", min=2, max=10000000), Dim("b", min=2, max=10000000)
ep = torch.export.export(PlateDedup(), (torch.rand(32, 16), torch.rand(30, 16)), dynamic_shapes=({0: na}, {0: nb}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dedup157.pt2")
m = torch._inductor.aoti_load_package(pkg)
reads = torch.rand(300_000, 16)                       # a year of plate reads at the chain's entry cameras
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the job's 2 GiB headroom
s = m(reads, reads)
""", "The membership fraud check compares each of a year's 300000 plate reads with every other in "
       "one call, a 300000 x 300000 float32 similarity matrix of about 360 GB.", "Compare the "
       "reads in batches (or with a nearest-neighbour index), not all pairs at once.",
       match=r"memory|alloc")


# ----------------------------------------------------------------------- compile
def case_25():
    return _m("case_25", "brush-built-in-kiosk-team-musl-shell", "compile_toolchain", "compile", """
from torch.export import Dim
bs, sec = Dim("bays", min=1, max=16), Dim("seconds", min=64, max=3600)
ep = torch.export.export(BrushFault().eval(), (motor_log(4, 1800),), dynamic_shapes=({0: bs, 2: sec},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/kiosk157.pt2")
""", "The brush fault package is built in the pay-station kiosk team's shell, whose profile sets "
       "CXX=x86_64-linux-musl-g++ for their static kiosk builds, a compiler that is not installed "
       "here, so no working C++ compiler is found.", "Build with CXX unset (the machine's g++).",
       env={"CXX": "x86_64-linux-musl-g++"}, match=r".")


# --------------------------------------------------------------------------- device
def case_26():
    return _m("case_26", "vehicle-size-bay-stream-to-gpu-index", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vsize157}")
bay = 3
x = clips(4, 24).to(f"cuda:{bay % 2}")                # the edge box's script: bay streams alternate GPUs
out = m(x)
""", "The camera script copied from the GPU edge box moves each bay's clips to cuda:{bay % 2}, on "
       "the site's CPU-only server with a CPU-only torch, before the CPU package is called.",
       "Keep the clips on the CPU (the package is compiled for CPU).", needs=("s",),
       match=r"CUDA|cuda")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26]
# Failed differently in the first trial (/tmp/lb157/trial.jsonl): case_04 (a trigger bug: one
# vehicle's clip was sent, and the vehicles Dim's guard is >= 2 (the export example had 4), so
# the check refused the batch size first; it now sends two vehicles and failed as labelled in
# trial 2). The first case_22 and case_23 (below) were replaced by the brush-package cases now
# numbered 22 and 23, which failed as labelled in trial 2.
DROPPED = [
    # first case_23, constant_loading: only the spring price list pushed into the demand package
    # with check_full_update=True. It failed with `Constant not found: price`: the demand
    # package has no constants at all (get_constant_fqns() is empty; its small tables were
    # folded), not the refused partial update its cause named.
    "demand-price-list-only-full-update",
    # first case_22, constant_loading: the price list pushed under the new release's buffer
    # name `price_eur`. It failed with `Constant not found: price_eur`, but its cause said the
    # package's constant is `price`, and the package has no constant of that name either.
    "demand-price-list-pushed-under-new-buffer-name",
]
# Did not fail: none.
TRIED = []
# Not written (found by the grep before any trial): a queue simulated with `while (queue >
# 0).any()` in forward (live_blind114, also 105, 119, 150, 151); vehicle class names returned with
# a list over argmax (live_blind27); math.ceil in forward (live_blind135, 39, 49);
# torch.load(map_location="cuda") (live_blind6, 149, 153); torch.set_default_device (live_blind5,
# 139, 143, ...); cpp.cxx zig (live_blind144), mingw g++ (live_blind140, 145, 150, 151) and
# -std=c++ flags (live_blind4, 9, 36); a tunnel-washer vendor SDK CXX (live_blind155).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind157.jsonl",
        url_file="benchmarks/live_blind157.py", id_prefix="live157", stems=STEMS,
        scratch_prefix="live_blind157-", description=__doc__.splitlines()[0]))
