"""A hundred-and-fifty-fifth blind set of REAL AOTInductor failures (commercial laundries and dry cleaning), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind155.py [--out benchmarks/live_blind155.jsonl] [--keep]

Theme: commercial laundries and dry cleaning (a washer-extractor cycle model giving the cycle
minutes, the water and the heating energy of each load from its dry weight, wash temperature,
soil level and detergent dose, with a per-fabric litres-per-kg table and a per-machine programme
overhead; a stain classifier on garment photos taken at the counter; a fault detector on the
conveyor sorting line's sensor windows; a clean-linen demand forecaster for the hotel and
hospital delivery routes; a boiler gas forecaster for the presses' and tunnel finisher's steam;
the cycle model built without its weights for the wash-floor terminal; a tumble-dryer time model
whose drying curve is a Python-only custom op), exported, compiled, loaded and run as a laundry
group's engineers would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind153.py (their TRIED
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
MACHINES = 12     # washer-extractors on the wash floor, 0..11
FABRICS = ["cotton", "poly-cotton", "polyester", "microfibre", "wool", "silk"]   # 0..5
STAINS = ["clean", "blood", "grease", "wine", "rust", "ink", "makeup"]
ROUTES = 16       # clean-linen delivery routes (hotels and hospitals), 0..15
WINDOW = 256      # sorting-line sensor window, 10 Hz samples

def litres_per_kg():
    # water of a full programme per kg of dry linen, by fabric
    return torch.tensor([10.0, 9.0, 8.0, 12.0, 15.0, 18.0])

def base_minutes():
    # each machine's fixed programme overhead (fill, drain, extract), minutes
    return torch.linspace(22.0, 34.0, MACHINES)

def route_gain():
    g = torch.Generator().manual_seed(155)
    return 0.9 + 0.2 * torch.rand(ROUTES, generator=g)

def loads(n=8):
    # wash loads (n, 4): dry load kg 8..60, wash temperature C 30..90, soil level 0..1,
    # detergent dose g/kg 5..15; fabric (n,) 0..5; machine (n,) 0..11
    f = torch.stack([8.0 + 52.0 * torch.rand(n), 30.0 + 60.0 * torch.rand(n), torch.rand(n),
                     5.0 + 10.0 * torch.rand(n)], -1)
    return f, torch.randint(0, len(FABRICS), (n,)), torch.randint(0, MACHINES, (n,))

def photos(n=4):
    # garment photos from the counter (n, 3, 64, 64), RGB scaled to 0..1
    return torch.rand(n, 3, 64, 64)

def sensors(n=4, t=WINDOW):
    # sorting-line windows (n, 4, t): motor current A, belt speed m/s, vibration g, bag weight kg
    k = torch.arange(t, dtype=torch.float32)
    cur = 6.0 + 0.5 * torch.randn(n, t)
    speed = 0.8 + 0.05 * torch.randn(n, t)
    vib = 0.2 * torch.sin(k * 0.9) + 0.05 * torch.randn(n, t)
    bag = 25.0 + 10.0 * torch.rand(n, t)
    return torch.stack([cur, speed, vib, bag], 1)

def history(n=4, d=28):
    # daily route history (n, d, 3): rooms / beds occupied fraction 0..1, clean linen delivered
    # kg, soiled linen collected kg; route (n,) 0..15
    occ = 0.5 + 0.4 * torch.rand(n, d)
    kg = 400.0 * occ + 50.0 * torch.rand(n, d)
    back = 0.95 * kg + 10.0 * torch.rand(n, d)
    return torch.stack([occ, kg, back], -1), torch.randint(0, ROUTES, (n,))

def steam(n=2, t=168):
    # hourly steam demand of the presses and the tunnel finisher (n, t) in kg/h and the
    # feedwater temperature (n, t) in C
    h = torch.arange(t, dtype=torch.float32) % 24
    shift = ((h >= 6) & (h < 22)).float()
    s = 200.0 + 1800.0 * shift * (0.7 + 0.3 * torch.rand(n, t))
    return s, 60.0 + 20.0 * torch.rand(n, t)

def gas_ref(s, fw):
    # the energy manager's spreadsheet: 10 bar steam 2778 kJ/kg, gas 36 MJ/m3, boiler 88 %
    return (s * (2778.0 - 4.186 * fw) / 1000.0 / (0.88 * 36.0)).sum(1)
"""

MODELS = """
class Cycle(torch.nn.Module):
    # loads (n, 4), fabric (n,) 0..5, machine (n,) 0..11 -> (n, 3): cycle minutes, water in
    # litres, kWh to heat the water from the 12 C mains
    def __init__(self):
        super().__init__()
        self.water = torch.nn.Embedding(len(FABRICS), 1)
        self.base = torch.nn.Embedding(MACHINES, 1)
        with torch.no_grad():
            self.water.weight.copy_(litres_per_kg()[:, None])
            self.base.weight.copy_(base_minutes()[:, None])
    def forward(self, x, fabric, machine):
        kg, temp, soil, dose = x.unbind(-1)
        water = kg * self.water(fabric).squeeze(-1)
        minutes = self.base(machine).squeeze(-1) + 0.25 * (temp - 30.0) + 15.0 * soil + 0.1 * kg
        kwh = water * 4.186 * (temp - 12.0) / 3600.0
        return torch.stack([minutes, water, kwh], -1)

class StainNet(torch.nn.Module):
    # garment photos (n, 3, 64, 64) -> (n, 7) stain logits
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, stride=2)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2)
        self.head = torch.nn.Linear(16, len(STAINS))
    def forward(self, x):
        z = torch.relu(self.c2(torch.relu(self.c1(x))))
        return self.head(z.mean((2, 3)))

class SortFault(torch.nn.Module):
    # sorting-line windows (n, 4, 256) -> (n,) jam / belt-slip fault probability
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(4, 8, 9, stride=4, padding=4)
        self.head = torch.nn.Linear(8 * (WINDOW // 4), 1)
    def forward(self, x):
        z = (x - x.mean(-1, keepdim=True)) / (x.std(-1, keepdim=True) + 1e-3)
        return torch.sigmoid(self.head(torch.relu(self.c(z)).flatten(1))).squeeze(-1)

class LinenDemand(torch.nn.Module):
    # route history (n, d, 3), route (n,) 0..15 -> (n,) clean linen to load for tomorrow, kg
    def __init__(self):
        super().__init__()
        self.gain = torch.nn.Embedding(ROUTES, 1)
        with torch.no_grad():
            self.gain.weight.copy_(route_gain()[:, None])
    def forward(self, hist, route):
        occ, kg, back = hist.unbind(-1)
        per_occ = kg.sum(1) / occ.sum(1).clamp(min=1e-3)
        return per_occ * occ[:, -1] * self.gain(route).squeeze(-1) + 0.1 * (kg - back).mean(1)

class Boiler(torch.nn.Module):
    # hourly steam (n, t) kg/h, feedwater (n, t) C -> (n,) natural gas over the period, m3
    def forward(self, s, fw):
        mj = s * (2778.0 - 4.186 * fw) / 1000.0
        return (mj / (0.88 * 36.0)).sum(1)
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n = Dim("loads", min=1, max=512)
build("cycle155", Cycle().eval(), loads(8), dynamic_shapes=({0: n}, {0: n}, {0: n}))
r, d = Dim("routes", min=1, max=64), Dim("days", min=7, max=56)
build("linen155", LinenDemand().eval(), history(4, 28), dynamic_shapes=({0: r, 1: d}, {0: r}))
b, h = Dim("boilers", min=1, max=16), Dim("hours", min=24, max=720)
build("boiler155", Boiler().eval(), steam(2, 168), dynamic_shapes=({0: b, 1: h}, {0: b, 1: h}))
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
build("stain155", StainNet().eval(), (photos(4),), dynamic_shapes=({0: Dim("photos", min=1, max=4096)},))
build("sort155", SortFault().eval(), (sensors(4),), dynamic_shapes=({0: Dim("windows", min=1, max=256)},))
# the wash-floor terminal: the cycle model built without its weights, which the planning
# office pushes after each retraining
try:
    n = Dim("loads", min=1, max=512)
    ep = torch.export.export(Cycle().eval(), loads(8), dynamic_shapes=({0: n}, {0: n}, {0: n}))
    paths["cyclebare155"] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, "cyclebare155.pt2"),
        inductor_configs={"aot_inductor.package_constants_in_so": False})
except Exception as e:
    print("BUILD FAILED cyclebare155", repr(e)[:300], flush=True)
# the dryer vendor's drying curve, a Python function wrapped as a custom op
@torch.library.custom_op("laundry155::dry_minutes", mutates_args=())
def dry_minutes(moist: torch.Tensor, kg: torch.Tensor) -> torch.Tensor:
    out = [12.0 + 40.0 * m ** 0.8 * (k / 25.0) ** 0.5 for m, k in zip(moist.tolist(), kg.tolist())]
    return torch.tensor(out, dtype=moist.dtype)
@dry_minutes.register_fake
def _(moist, kg):
    return torch.empty_like(moist)
class DryTime(torch.nn.Module):
    # loads (n, 4), residual moisture after extraction (n,) 0..1 -> (n,) tumble-dryer minutes
    def forward(self, x, moist):
        return torch.ops.laundry155.dry_minutes(moist, x[:, 0].contiguous()) + 0.05 * x[:, 1]
n = Dim("loads", min=1, max=512)
build("dry155", DryTime().eval(), (loads(4)[0], 0.4 + 0.2 * torch.rand(4)),
      dynamic_shapes=({0: n}, {0: n}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"cycle155", "linen155", "boiler155", "stain155", "sort155", "cyclebare155", "dry155",
         "boiler_sdk155"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "extra-rinse-python-if-on-soil-level", "export_failure", "export", """
class ExtraRinse(Cycle):
    # the hospital-linen rule: add an extra 12-minute rinse when any load is heavily soiled
    def forward(self, x, fabric, machine):
        out = super().forward(x, fabric, machine)
        if x[:, 2].max() > 0.8:
            return out + torch.tensor([12.0, 0.0, 0.0])
        return out
ep = torch.export.export(ExtraRinse().eval(), loads(8))
""", "The hospital-linen rule decides in Python (an if on the highest soil level of the batch) "
       "whether to add an extra rinse, control flow on tensor data that torch.export cannot "
       "trace.", "Add the rinse with torch.where on the soil level (per load) instead of a Python "
       "if.", match=r".")


def case_02():
    return _m("case_02", "rinse-count-int-from-soil-level", "export_failure", "export", """
class Rinses(Cycle):
    # the detergent supplier's programme: 1..4 rinses of 6 minutes from the soil level
    def forward(self, x, fabric, machine):
        out = super().forward(x, fabric, machine)
        rinses = int(x[:, 2].max() * 3) + 1
        minutes = out[:, 0]
        for _ in range(rinses):
            minutes = minutes + 6.0
        return minutes
ep = torch.export.export(Rinses().eval(), loads(8))
""", "The detergent supplier's programme turns the soil level into a Python int number of rinses "
       "and loops over it, a data-dependent value torch.export cannot trace.", "Compute the "
       "rinse minutes as a tensor (6 * (floor(3 * soil) + 1)) instead of a Python loop.",
       match=r".")


def case_03():
    return _m("case_03", "smallest-drum-lookup-with-tolist", "export_failure", "export", """
class DrumAssign(Cycle):
    # the floor manager's rule: each load goes to the smallest drum (13, 23, 33, 60 kg) it fits
    def forward(self, x, fabric, machine):
        out = super().forward(x, fabric, machine)
        drum = []
        for kg in x[:, 0].tolist():
            drum.append(next(c for c in (13.0, 23.0, 33.0, 60.0) if kg <= c))
        return out, torch.tensor(drum)
ep = torch.export.export(DrumAssign().eval(), loads(8))
""", "The floor manager's drum-assignment rule converts the load weights to a Python list "
       "(tolist) and compares each with the drum sizes in Python, data-dependent values "
       "torch.export cannot trace.", "Pick the drum with tensor ops (torch.bucketize of the "
       "weights into the drum sizes) inside the model, or after the call.", match=r".")


def case_04():
    return _m("case_04", "dynamic-shapes-keyed-by-csv-columns", "dynamic_shape_guard", "export", """
from torch.export import Dim
n = Dim("loads", min=1, max=512)
# keyed by the planning CSV's column names, not by forward's argument names (x, fabric, machine)
ep = torch.export.export(Cycle().eval(), loads(8),
                         dynamic_shapes={"load_kg": {0: n}, "fabric_code": {0: n}, "machine_no": {0: n}})
""", "The dynamic_shapes dict is keyed by the planning CSV's column names (load_kg, fabric_code, "
       "machine_no) instead of forward's argument names (x, fabric, machine), so export refuses "
       "the specification.", "Key dynamic_shapes by the argument names, or pass a tuple in "
       "argument order.", match=r"dynamic_shapes|keys|arg|names")


def case_05():
    return _m("case_05", "exported-with-one-test-load", "dynamic_shape_guard", "export", """
from torch.export import Dim
n = Dim("loads", min=1, max=512)
# the engineer exports with the one test load from the commissioning sheet
ep = torch.export.export(Cycle().eval(), loads(1), dynamic_shapes=({0: n}, {0: n}, {0: n}))
""", "The cycle model is exported with a single test load as the example, so the loads "
       "dimension, declared dynamic, is specialised to the constant 1 (0/1 specialisation).",
       "Export with an example batch of at least 2 loads.",
       match=r"specializ|Constraints|loads|constant|1")


def case_06():
    return _m("case_06", "separate-dims-for-loads-and-tags", "dynamic_shape_guard", "export", """
from torch.export import Dim
# one Dim per column source: the scale's loads, the RFID tags' fabrics, the machine log
a, b, c = Dim("scale_rows", max=512), Dim("tag_rows", max=512), Dim("log_rows", max=512)
ep = torch.export.export(Cycle().eval(), loads(8), dynamic_shapes=({0: a}, {0: b}, {0: c}))
""", "The cycle model is exported with a separate Dim for the loads, the fabric tags and the "
       "machines, while the model needs all three batch sizes equal, so export refuses the "
       "specification.", "Use one Dim for the batch dimension of all three inputs.",
       match=r"Constraints|tag_rows|log_rows|equal|scale_rows")


# ------------------------------------------------------------------------ run: dynamic dims
def case_07():
    return _d("case_07", "quarter-of-route-history-90-days", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{linen155}")
# the new hospital contract asks for a forecast from the whole quarter's history
hist, route = history(4, 90)
kg = m(hist, route)
""", "The forecast for the new hospital contract is made from the whole quarter's history (90 "
       "days), above the most days the linen package accepts (its days Dim was declared with "
       "max=56).", "Send the last 56 days (hist[:, -56:]) or re-export with a larger days "
       "Dim.", needs=("r",), env=CHECK, match=r"too large|range|bound|<=")


def case_08():
    return _d("case_08", "boiler-full-year-hourly", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{boiler155}")
# the annual energy report: the whole year of hourly steam in one call
s, fw = steam(2, 8760)
gas = m(s, fw)
""", "The annual energy report sends the whole year of hourly steam (8760 hours) in one call, "
       "above the most hours the boiler package accepts (its hours Dim was declared with "
       "max=720).", "Sum monthly calls of at most 720 hours.", needs=("r",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_09():
    return _d("case_09", "new-hotel-route-three-days", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{linen155}")
# a hotel chain's routes that started three days ago
hist, route = history(4, 3)
kg = m(hist, route)
""", "The routes of a hotel chain that started three days ago have only 3 days of history, "
       "below the fewest days the linen package accepts (its days Dim was declared with "
       "min=7).", "Pad the history with the contract's planned volumes to 7 days, or use the "
       "contract's estimate until a week is collected.", needs=("r",), env=CHECK,
       match=r"too small|range|bound|>=")


# ------------------------------------------------------------------------ run: inputs
def case_10():
    return _d("case_10", "sorting-plc-upgrade-20hz-window", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sort155}")
# after the PLC upgrade the sorting line logs at 20 Hz: the same 25.6 s window is 512 samples
x = sensors(4, 512)
p = m(x)
""", "After the PLC upgrade the sorting line logs at 20 Hz, so the 25.6 s window has 512 "
       "samples while the sorting package was exported for 256.", "Downsample the window to 10 "
       "Hz (x[..., ::2] or avg_pool1d) before the call.", needs=("s",), env=CHECK,
       match=r"dim|size|shape|stride")


def case_11():
    return _d("case_11", "historian-export-time-major-windows", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sort155}")
# the historian export is time-major: (windows, samples, sensors)
x = sensors(4).transpose(1, 2).contiguous()
p = m(x)
""", "The process historian exports the sorting-line windows time-major (windows, 256, 4), "
       "while the sorting package was exported for (windows, 4 sensors, 256).", "Transpose the "
       "window to (windows, 4, 256) before the call.", needs=("s",), env=CHECK,
       match=r"dim|size|shape|stride")


def case_12():
    return _d("case_12", "counter-tablet-photos-96px", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{stain155}")
# the new counter tablets save the garment photos at 96 x 96
x = torch.rand(4, 3, 96, 96)
logits = m(x)
""", "The new counter tablets save the garment photos at 96 x 96, while the stain package was "
       "exported for 64 x 64 photos.", "Resize the photos to 64 x 64 (F.interpolate) before "
       "the call.", needs=("s",), env=CHECK, match=r"dim|size|shape|stride")


def case_13():
    return _d("case_13", "loads-with-rinse-count-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cycle155}")
x, fabric, machine = loads(8)
# the new planning sheet adds the rinse count as a fifth column
x = torch.cat([x, torch.randint(1, 5, (8, 1)).float()], -1)
y = m(x, fabric, machine)
""", "The new planning sheet adds the rinse count as a fifth column, so the loads arrive with 5 "
       "features while the cycle package was exported for 4.", "Drop the new column (x[:, :4]) "
       "before the call, or re-export with it.", needs=("r",), env=CHECK,
       match=r"dim|size|shape|stride")


def case_14():
    return _d("case_14", "fabric-codes-read-as-float-from-csv", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cycle155}")
x, fabric, machine = loads(8)
# the planning CSV is read into one float table, fabric and machine columns included
y = m(x, fabric.float(), machine.float())
""", "The planning CSV is read into one float table, so the fabric and machine columns are "
       "passed as float32 while the cycle package takes int64 indices.", "Convert the id "
       "columns with .long() before the call.", needs=("r",), env=CHECK,
       match=r"dtype|type|Float|Long|int64|float")


# -------------------------------------------------------------------- run: indices
def case_15():
    return _d("case_15", "machine-asset-numbers-as-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cycle155}")
x, fabric, _ = loads(4)
machine = torch.tensor([4101, 4104, 4107, 4112])   # the washers' asset numbers from the CMMS
y = m(x, fabric, machine)
""", "The washers' asset numbers from the maintenance system (4101, ...) are passed as the "
       "machine instead of 0..11, so they index past the cycle package's 12-row programme "
       "overhead table.", "Map the asset numbers to the machine index before the call.",
       needs=("r",), match=r"out of bounds|index|Abort")


def case_16():
    return _d("case_16", "bamboo-fabric-added-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cycle155}")
x, fabric, machine = loads(8)
# a spa hotel's bamboo towels joined the fabric list as code 6 after the model was exported
fabric[3] = 6
y = m(x, fabric, machine)
""", "A spa hotel's bamboo towels were added to the fabric list as code 6 after the model was "
       "exported, so they index past the cycle package's 6-row litres-per-kg table.",
       "Re-export the model with the new fabric (or map bamboo to the nearest known fabric).",
       needs=("r",), match=r"out of bounds|index|Abort")


def case_17():
    return _d("case_17", "dispatch-route-numbers-as-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{linen155}")
hist, _ = history(4, 28)
route = torch.tensor([101, 104, 110, 116])          # the route numbers on the dispatch board
kg = m(hist, route)
""", "The route numbers from the dispatch board (101, ...) are passed as the route instead of "
       "0..15, so they index past the linen package's 16-row route gain table.", "Map the route "
       "numbers to the model's route index before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_18():
    return _d("case_18", "unreadable-rfid-tag-fabric-0xffff", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cycle155}")
x, fabric, machine = loads(8)
fabric[2] = 0xFFFF          # the RFID reader's code for a tag it could not read
y = m(x, fabric, machine)
""", "The RFID reader codes a garment tag it could not read as 0xFFFF, which goes in as the "
       "fabric and indexes past the cycle package's 6-row litres-per-kg table.", "Map unread "
       "tags to a default fabric (or hold the load for manual sorting) before the call.",
       needs=("r",), match=r"out of bounds|index|Abort")


# -------------------------------------------------------------------- run: values
def case_19():
    return _d("case_19", "new-floor-scale-reports-grams", "numerical", "run", """
m = torch._inductor.aoti_load_package("{cycle155}")
x, fabric, machine = loads(8)
x[:, 0] = (x[:, 0] * 1000.0).round()      # the new floor scale reports the load in grams
y = m(x, fabric, machine)
assert (y[:, 1] < 1500.0).all(), f"water per load L: {y[:, 1]}"
""", "The new floor scale reports the dry load in grams, fed where the cycle model expects kg, "
       "so the water per load comes out in the tens of thousands of litres, without an error.",
       "Divide the scale reading by 1000 before the call.", needs=("r",),
       match=r"AssertionError")


def case_20():
    return _d("case_20", "soil-level-percent-from-sorting-app", "numerical", "run", """
m = torch._inductor.aoti_load_package("{cycle155}")
x, fabric, machine = loads(8)
x[:, 2] = (x[:, 2] * 100.0).round()       # the sorting app records the soil level in percent
y = m(x, fabric, machine)
assert (y[:, 0] < 240.0).all(), f"cycle minutes: {y[:, 0]}"
""", "The sorting app records the soil level in percent (0..100), fed where the cycle model "
       "expects a 0..1 fraction, so cycles come out many hours long, without an error.",
       "Divide the soil percentage by 100 before the call.", needs=("r",),
       match=r"AssertionError")


def case_21():
    return _d("case_21", "wash-programme-number-as-temperature", "numerical", "run", """
m = torch._inductor.aoti_load_package("{cycle155}")
x, fabric, machine = loads(8)
# the machine log's temperature column holds the programme number (1..6), not degrees
x[:, 1] = torch.randint(1, 7, (8,)).float()
y = m(x, fabric, machine)
assert (y[:, 2] > 0).all(), f"heating kWh: {y[:, 2]}"
""", "The machine log's temperature column holds the wash programme number (1..6) instead of "
       "the wash temperature in C, so the heating energy comes out negative (below the 12 C "
       "mains), without an error.", "Map the programme number to its wash temperature before "
       "the call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _d("case_22", "steam-meter-tonnes-per-hour", "numerical", "run", """
m = torch._inductor.aoti_load_package("{boiler155}")
s, fw = steam(2, 168)
gas = m(s / 1000.0, fw)                    # the new steam flow meter reports t/h
ref = gas_ref(s, fw)
assert ((gas - ref).abs() / ref).max() < 0.01, f"gas m3: {gas} vs {ref}"
""", "The new steam flow meter reports tonnes per hour, fed where the boiler model expects kg/h, "
       "so the week's gas forecast is a thousand times too low, without an error.", "Multiply "
       "the meter's t/h by 1000 before the call.", needs=("r",), match=r"AssertionError")


def case_23():
    return _d("case_23", "steam-meter-dropout-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{boiler155}")
s, fw = steam(2, 168)
s[1, 40:43] = float("nan")                 # the steam meter's Modbus link dropped for 3 hours
gas = m(s, fw)
assert torch.isfinite(gas).all(), f"gas m3: {gas}"
""", "The steam flow meter's Modbus link dropped for three hours and the historian fills the gap "
       "with NaN, so that boiler's gas forecast is NaN, without an error.", "Interpolate (or "
       "fill with the shift's mean) the missing hours before the call.", needs=("r",),
       match=r"AssertionError")


def case_24():
    return _d("case_24", "route-history-columns-kg-first", "numerical", "run", """
m = torch._inductor.aoti_load_package("{linen155}")
hist, route = history(4, 28)
# the route planner's export puts delivered kg first, then occupancy, then collected kg
hist = hist[..., [1, 0, 2]]
kg = m(hist, route)
assert (kg > 100.0).all(), f"tomorrow's linen kg: {kg}"
""", "The route planner's export puts the delivered kg before the occupancy, so the linen model "
       "reads the columns swapped and forecasts a negative load of clean linen for tomorrow, "
       "without an error.", "Reorder the columns to (occupancy, delivered kg, collected kg) "
       "before the call.", needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_25():
    return _d("case_25", "wash-floor-terminal-before-weight-push", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{cyclebare155}")
# the wash-floor terminal is switched on before the planning office pushed the weights
y = m(*loads(8))
""", "The wash-floor terminal's cycle package was built with package_constants_in_so=False (the "
       "planning office pushes the weights), and it is called before load_constants was ever "
       "run.", "Load the weights with load_constants (check_full_update=True) before the first "
       "call.", needs=("s",), expect="crash", match=r"Segmentation fault|Aborted|Killed|Bus error")


# ----------------------------------------------------------------- run: resources, device, ops
def case_26():
    return _d("case_26", "year-of-counter-photos-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{stain155}")
# the year-end audit re-scores the whole archive of counter photos in one call
x = photos(4096)
# the counter PC's container leaves the service 64 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 64 * 2**20, vm + 64 * 2**20))
logits = m(x)
""", "The year-end audit scores the whole archive of counter photos (4096) in one call, and the "
       "buffers the call allocates for the batch exceed the counter PC container's 64 MiB "
       "memory margin.", "Score the archive in batches of a few hundred photos.", needs=("s",),
       match=r"[Mm]emory|alloc")


def case_27():
    return _d("case_27", "site-config-device-cuda0", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{linen155}")
# the depot's config.yaml was copied from the training server: device: cuda:0
cfg = {"device": "cuda:0"}
hist, route = history(4, 28)
kg = m(hist.to(cfg["device"]), route.to(cfg["device"]))
""", "The depot's config file was copied from the training server and sends the inputs to "
       "cuda:0, while the depot's planning PC has no NVIDIA GPU or driver (and the linen package "
       "was compiled for CPU).", "Set device: cpu in the depot's config (or take the device "
       "from the package).", needs=("r",), match=r"CUDA|cuda|NVIDIA|driver")


def case_28():
    return _m("case_28", "tunnel-washer-vendor-sdk-cxx", "compile_toolchain", "compile", """
# compiled in the shell of the tunnel-washer vendor's SDK, whose setup script exports its own CXX
s, fw = steam(2, 168)
ep = torch.export.export(Boiler().eval(), (s, fw))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/boiler_sdk155.pt2")
""", "The tunnel-washer vendor's SDK setup script exports CXX=/opt/tunnel-sdk/bin/"
       "x86_64-tw-linux-g++, a compiler that is not installed on the energy team's build host, "
       "so AOTI cannot compile the package.", "Unset CXX (or point it at the system g++) before "
       "compiling.", env={"CXX": "/opt/tunnel-sdk/bin/x86_64-tw-linux-g++"},
       match=r"tunnel-sdk|x86_64-tw|No such file|not found|CppCompileError|compile")


def case_29():
    return _d("case_29", "dryer-panel-without-drying-curve-op", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{dry155}")
# the dryer panel's service loads the dryer-time package and never imports the module that
# registers laundry155::dry_minutes
x, _, _ = loads(4)
t = m(x, 0.4 + 0.2 * torch.rand(4))
""", "The dryer-time package calls the Python-only custom op laundry155::dry_minutes through the "
       "proxy executor, and the dryer panel's process never registers it (the vendor's module "
       "that defines it is not imported).", "Import the module that registers the op before "
       "loading, or write the drying curve with tensor ops.", needs=("s",),
       match=r"laundry155|dry_minutes|schema|operator")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29]

DROPPED = []
TRIED = []
# TRIED: none. DROPPED: none. Trial 1 (torch 2.15.0+cu132, --out /tmp/lb155/trial1.jsonl) ran the
# first version's 30 cases; all 30 failed as labelled. Removed after trial 1, before the recorded
# run, because a later grep found its trigger: first-version case_26
# `weight-push-with-trainer-model-prefix` (constant_loading: retrained weights with the training
# wrapper's "model." key prefix pushed with load_constants(check_full_update=True); live_blind63
# and live_blind125 push a Lightning checkpoint's "model."-prefixed keys the same way). It had
# failed in trial 1 with `Constant not found: model.base.weight`. Cases after it were renumbered
# (27..30 -> 26..29); their code, labels and causes are unchanged.
# Not written (found by the grep before any trial): temperatures in Fahrenheit (live_blind75, 82,
# 136 ..), weights in pounds (live_blind131), a 65535 dropout value (live_blind150), the whole
# shift's conveyor frames in one call (live_blind132), an empty batch after a filter
# (live_blind91), a per-key loop over torch.unique (live_blind142), -999 sentinels (live_blind106,
# 136, 137, 143, 148), Modbus values in tenths (live_blind120), the legacy
# torch._export.aot_compile / aot_load (did not fail in live_blind145 / 150).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind155.jsonl",
        url_file="benchmarks/live_blind155.py", id_prefix="live155", stems=STEMS,
        scratch_prefix="live_blind155-", description=__doc__.splitlines()[0]))
