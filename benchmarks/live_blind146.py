"""A hundred-and-forty-sixth blind set of REAL AOTInductor failures (glass manufacturing, float and container glass), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind146.py [--out benchmarks/live_blind146.jsonl] [--keep]

Theme: glass manufacturing (a container furnace model giving the crown temperature one hour
ahead, the energy per tonne and that energy against the expectation for the cullet share, from the
crown thermocouple log in C at one reading every 10 min, the gas flow in Nm3/h, the pull in tonnes
of glass per day and the cullet share; a batch recipe model giving the glass composition, the glass
yield and the CO2 released from the weighed batch in kg of sand, soda ash, limestone, dolomite,
feldspar and cullet and a 24-row raw material lot table; an IS machine forming model giving the
mould fill ratio, the weight deviation from the section's target and the shear timing from the gob
weight in g, the section row of a 10-section machine, the mould row of a 40-mould set and the gob
temperature; an annealing lehr model giving a cooling stress index, the minutes in the annealing
range and a pass probability from the lehr profile along 2 m zones, the wall thickness and the belt
speed; a line camera defect classifier (ok, bubble, stone, crack); and a quality summary giving the
reject rate per mould and the scrap cost from the camera's defect classes and the mould number
reader), exported, compiled, loaded and run as a glass plant's process engineer would. No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind145.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
N_LOT = 24      # raw material lot rows 0..23 (4 lots for each of the 6 batch materials)
N_SEC = 10      # IS machine sections 0..9
N_MOULD = 40    # mould set: 40 moulds 0..39
N_CLS = 4       # defect classes: ok, bubble (seed), stone, crack

class Furnace(torch.nn.Module):
    # container furnace: crown thermocouple log (furnaces, readings) in C, one reading every 10 min,
    # natural gas flow (furnaces,) in Nm3/h, pull (furnaces,) in tonnes of glass per day and cullet
    # share of the batch (furnaces,) as a fraction 0..1 -> crown temperature one hour ahead (C),
    # energy per tonne (GJ/t) and that energy against the expected energy for the cullet share
    def __init__(self):
        super().__init__()
        self.register_buffer("cv", torch.tensor(0.0359))        # GJ per Nm3 of natural gas
        self.register_buffer("ref", torch.tensor(5.2))          # GJ/t with no cullet
        self.register_buffer("gain", torch.tensor(0.25))        # energy saved per unit cullet share
    def forward(self, temp, gas, pull, cullet):
        n = temp.shape[1]
        recent = temp[:, -6:].mean(1)
        slope = (recent - temp[:, :6].mean(1)) / (n - 6)
        fore = recent + 6.0 * slope
        gj = gas * 24.0 * self.cv / pull
        base = self.ref * (1.0 - self.gain * cullet)
        return torch.stack([fore, gj, gj / base], 1)

def chem_table():
    # oxide yield per kg of raw material (SiO2, Na2O, CaO+MgO, Al2O3) and loss on ignition
    base = torch.tensor([[0.995, 0.0, 0.0, 0.003], [0.0, 0.585, 0.0, 0.0], [0.0, 0.0, 0.555, 0.002],
                         [0.0, 0.0, 0.53, 0.003], [0.68, 0.10, 0.01, 0.19], [0.72, 0.135, 0.115, 0.015]])
    loi = torch.tensor([0.002, 0.415, 0.44, 0.47, 0.005, 0.0])
    g = torch.Generator().manual_seed(41)
    ox = base.repeat_interleave(4, 0) * (1.0 + 0.01 * torch.randn(N_LOT, 4, generator=g))
    return ox, loi.repeat_interleave(4)

class Batch(torch.nn.Module):
    # batch recipe: weighed batch (batches, 6) in kg of sand, soda ash, limestone, dolomite, feldspar,
    # cullet, and the raw material lot row of each (batches, 6) 0..23 -> glass composition in % of
    # SiO2, Na2O, CaO+MgO, Al2O3, the glass yield (kg) and the CO2 released (kg)
    def __init__(self):
        super().__init__()
        ox, loi = chem_table()
        self.register_buffer("oxide", ox)
        self.register_buffer("loi", loi)
    def forward(self, kg, lot):
        ox = (kg[:, :, None] * self.oxide[lot]).sum(1)
        glass = ox.sum(1)
        co2 = (kg * self.loi[lot]).sum(1)
        return torch.cat([100.0 * ox / glass[:, None], glass[:, None], co2[:, None]], 1)

class Forming(torch.nn.Module):
    # IS machine forming: gob weight (gobs,) in g from the gob weight scale, the section row (gobs,)
    # 0..9 of the 10-section machine, the mould row (gobs,) 0..39 and the gob temperature (gobs,) in C
    # -> mould fill ratio, weight deviation from the section's target (g) and shear timing (deg)
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(42)
        self.register_buffer("vol", 134.0 + 2.0 * torch.rand(N_MOULD, generator=g))     # cc of glass per article
        self.register_buffer("target", 330.0 + 3.0 * torch.rand(N_SEC, generator=g))    # g per section
        self.register_buffer("shear", 36.0 * torch.arange(N_SEC).float() + 5.0)         # deg of the machine cycle
    def forward(self, g, sec, mould, temp):
        fill = g / (2.46 * self.vol[mould])
        dev = g - self.target[sec]
        timing = self.shear[sec] + 0.02 * (temp - 1150.0)
        return torch.stack([fill, dev, timing], 1)

class Lehr(torch.nn.Module):
    # annealing lehr: temperature profile (ware, zones) in C along 2 m zones, wall thickness (ware,)
    # in mm and belt speed (ware,) in m/min -> cooling stress index, minutes held in the annealing
    # range and a pass probability
    def __init__(self):
        super().__init__()
        self.register_buffer("zone_m", torch.tensor(2.0))
    def forward(self, prof, thick, speed):
        tz = self.zone_m / speed
        rate = (prof[:, :-1] - prof[:, 1:]) / tz[:, None]
        band = torch.sigmoid((prof[:, :-1] - 470.0) / 5.0) * torch.sigmoid((560.0 - prof[:, :-1]) / 5.0)
        stress = (rate * band).amax(1) * thick ** 2 / 10.0
        hold = (torch.sigmoid((prof - 530.0) / 3.0) * torch.sigmoid((565.0 - prof) / 3.0)).sum(1) * tz
        ok = torch.sigmoid(20.0 - stress) * torch.sigmoid(hold - 0.5 * thick ** 2)
        return torch.stack([stress, hold, ok], 1)

class Defect(torch.nn.Module):
    # line camera defect classifier: grey images (n, 1, 64, 64) 0..1 -> probabilities of
    # ok / bubble / stone / crack
    def __init__(self):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(43)
            self.c1 = torch.nn.Conv2d(1, 8, 5, stride=4)
            self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2)
            self.fc = torch.nn.Linear(16, N_CLS)
    def forward(self, img):
        h = torch.relu(self.c2(torch.relu(self.c1(img))))
        return torch.softmax(self.fc(h.mean((2, 3))), 1)

class QA(torch.nn.Module):
    # quality summary: defect class (bottles,) 0..3 from the camera and the mould row (bottles,) 0..39
    # read by the mould number reader -> reject rate per mould (40,) and scrap cost of the lot
    def __init__(self):
        super().__init__()
        self.register_buffer("cost", torch.tensor([0.0, 0.12, 0.25, 0.40]))   # EUR per bottle by class
    def forward(self, cls, mould):
        bad = (cls > 0).float()
        rej = torch.zeros(N_MOULD).index_add(0, mould, bad)
        cnt = torch.zeros(N_MOULD).index_add(0, mould, torch.ones_like(bad))
        return rej / cnt.clamp(min=1.0), self.cost[cls].sum()

def furnaces(n=3, r=36, seed=1):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(r).float()
    temp = 1560.0 + 10.0 * torch.rand(n, 1, generator=g) + 0.4 * t + 0.5 * torch.randn(n, r, generator=g)
    gas = 1400.0 + 300.0 * torch.rand(n, generator=g)
    pull = 280.0 + 60.0 * torch.rand(n, generator=g)
    return temp, gas, pull, 0.2 + 0.3 * torch.rand(n, generator=g)

def batches(n=5, seed=2):
    g = torch.Generator().manual_seed(seed)
    kg = torch.tensor([1000.0, 310.0, 250.0, 60.0, 80.0, 500.0]) * (1.0 + 0.05 * torch.rand(n, 6, generator=g))
    lot = 4 * torch.arange(6) + torch.randint(0, 4, (n, 6), generator=g)
    return kg, lot

def gobs(n=40, seed=3):
    g = torch.Generator().manual_seed(seed)
    sec = torch.arange(n) % N_SEC
    mould = torch.randint(0, N_MOULD, (n,), generator=g)
    w = 331.0 + 2.0 * torch.randn(n, generator=g)
    return w, sec, mould, 1150.0 + 10.0 * torch.randn(n, generator=g)

def ware(n=6, z=16, seed=4):
    g = torch.Generator().manual_seed(seed)
    x = torch.linspace(0.0, 1.0, z)
    prof = torch.where(x < 0.25, 560.0 - 40.0 * x, 550.0 - 520.0 * (x - 0.25) / 0.75)
    prof = prof + 2.0 * torch.randn(n, z, generator=g)
    return prof, 2.0 + 1.5 * torch.rand(n, generator=g), 0.5 + 0.2 * torch.rand(n, generator=g)

def images(n=8, seed=5):
    g = torch.Generator().manual_seed(seed)
    return 0.6 + 0.1 * torch.rand(n, 1, 64, 64, generator=g)

def inspected(n=200, seed=6):
    g = torch.Generator().manual_seed(seed)
    cls = torch.where(torch.rand(n, generator=g) < 0.9, 0, torch.randint(1, N_CLS, (n,), generator=g))
    return cls, torch.randint(0, N_MOULD, (n,), generator=g)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
fu, rd = Dim("furnaces", min=1, max=32), Dim("readings", min=12, max=288)
build("furnace146", Furnace().eval(), furnaces(3, 36), dynamic_shapes=({0: fu, 1: rd}, {0: fu}, {0: fu}, {0: fu}))
bt = Dim("batches", min=1, max=512)
build("batch146", Batch().eval(), batches(5), dynamic_shapes=({0: bt}, {0: bt}))
gb = Dim("gobs", min=1, max=2048)
build("forming146", Forming().eval(), gobs(40), dynamic_shapes=({0: gb}, {0: gb}, {0: gb}, {0: gb}))
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
wa, zn = Dim("ware", min=1, max=1024), Dim("zones", min=8, max=24)
build("lehr146", Lehr().eval(), ware(6, 16), dynamic_shapes=({0: wa, 1: zn}, {0: wa}, {0: wa}))
im = Dim("images", min=1, max=256)
build("defect146", Defect().eval(), (images(8),), dynamic_shapes=({0: im},))
bo = Dim("bottles", min=1, max=8192)
build("qa146", QA().eval(), inspected(200), dynamic_shapes=({0: bo}, {0: bo}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"furnace146", "batch146", "forming146", "lehr146", "defect146", "qa146",
         "seedpair146", "formcxx146"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "high-cullet-redox-rule-python-if", "export_failure", "export", """
from torch.export import Dim
class BatchRedox(Batch):
    # the batch house rule: above 50 % cullet the melt turns reducing, so the sand is trimmed by 2 %
    def forward(self, kg, lot):
        if (kg[:, 5] / kg.sum(1)).max() > 0.5:
            kg = kg * torch.tensor([0.98, 1.0, 1.0, 1.0, 1.0, 1.0])
        return super().forward(kg, lot)
bt = Dim("batches", min=1, max=512)
ep = torch.export.export(BatchRedox().eval(), batches(5), dynamic_shapes=({0: bt}, {0: bt}))
""", "The batch model carries the batch house's redox rule as a Python `if` on the cullet share "
       "of the weighed batches (above 50 %, trim the sand), a branch on tensor data that "
       "torch.export cannot trace.", "Write the rule with torch.where on the cullet share (or "
       "apply it before the call).", match=r".")


def case_02():
    return _m("case_02", "crown-log-smoothed-with-np-convolve", "export_failure", "export", """
import numpy as np
from torch.export import Dim
class FurnaceSmooth(Furnace):
    # the furnace engineer smooths the noisy crown thermocouples with a 3-reading moving average
    def forward(self, temp, gas, pull, cullet):
        sm = np.stack([np.convolve(r, np.ones(3) / 3.0, mode="same") for r in temp.numpy()])
        return super().forward(torch.from_numpy(sm).float(), gas, pull, cullet)
fu, rd = Dim("furnaces", min=1, max=32), Dim("readings", min=12, max=288)
ep = torch.export.export(FurnaceSmooth().eval(), furnaces(3, 36), dynamic_shapes=({0: fu, 1: rd}, {0: fu}, {0: fu}, {0: fu}))
""", "The furnace model smooths the crown thermocouple log with np.convolve over temp.numpy() "
       "inside forward, and torch.export's traced tensors have no data to hand to numpy.",
       "Smooth with a torch op (avg_pool1d or conv1d) inside the model, or before the call.",
       match=r".")


def case_03():
    return _m("case_03", "gob-scale-dropout-python-assert", "export_failure", "export", """
from torch.export import Dim
class FormingChecked(Forming):
    # the hot-end supervisor's check: a gob under 50 g means the gob weight scale dropped out
    def forward(self, g, sec, mould, temp):
        assert (g > 50.0).all(), "gob weight scale dropout"
        return super().forward(g, sec, mould, temp)
gb = Dim("gobs", min=1, max=2048)
ep = torch.export.export(FormingChecked().eval(), gobs(40), dynamic_shapes=({0: gb},) * 4)
""", "The forming model carries the hot-end supervisor's Python `assert (g > 50).all()` against "
       "gob weight scale dropouts, a check on tensor data that torch.export cannot trace.",
       "Check the scale readings before the call (or use torch._check).", match=r".")


def case_04():
    return _m("case_04", "is-section-timing-events-own-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Timing(torch.nn.Module):
    # IS machine timing per machine: gob weight per section (machines, sections) in g and the
    # section timing drum (machines, events): an on and an off angle for every section
    def forward(self, w, events):
        ev = events.reshape(events.shape[0], -1, 2)
        return w * (ev[..., 1] - ev[..., 0]) / 360.0
w = 330.0 + torch.rand(2, 10)
ev = torch.stack([torch.arange(10) * 36.0, torch.arange(10) * 36.0 + 20.0], -1).reshape(1, 20).repeat(2, 1)
mc, sc = Dim("machines", min=1, max=16), Dim("sections", min=4, max=16)
evd = Dim("events", min=8, max=32)                    # the drum's event count, declared on its own
ep = torch.export.export(Timing(), (w, ev), dynamic_shapes=({0: mc, 1: sc}, {0: mc, 1: evd}))
""", "The IS machine timing model reshapes the timing drum's events into an on and an off angle per "
       "section, but the events got their own Dim apart from the sections, so export finds the "
       "events must be a multiple of 2 (2 * sections) and refuses the specification.", "Declare the events as "
       "2 * sections (a derived Dim) instead of an independent Dim.", match=r".")


def case_05():
    return _m("case_05", "crown-24h-kernel-buffer-with-dynamic-readings", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FurnaceDay(Furnace):
    # the crown temperature is weighted with a fixed 24 h exponential kernel (144 readings of 10 min)
    def __init__(self):
        super().__init__()
        k = torch.exp(torch.arange(144).float() / 36.0)
        self.register_buffer("kern", k / k.sum())
    def forward(self, temp, gas, pull, cullet):
        out = super().forward(temp, gas, pull, cullet)
        return torch.cat([out, (temp * self.kern).sum(1, keepdim=True)], 1)
fu, rd = Dim("furnaces", min=1, max=32), Dim("readings", min=12, max=288)
ep = torch.export.export(FurnaceDay().eval(), furnaces(3, 144), dynamic_shapes=({0: fu, 1: rd}, {0: fu}, {0: fu}, {0: fu}))
""", "The furnace model weights the crown log with a fixed 144-reading (24 h) kernel buffer while "
       "the readings Dim is declared dynamic (12..288), so export specialises readings to 144 "
       "and refuses the specification.", "Declare the readings static (144) or build the kernel "
       "from the input's length inside forward.", match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_06():
    return _m("case_06", "lehr-profile-logged-every-half-metre", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{lehr146}")
prof, thick, speed = ware(6, 64)                      # the new lehr scanner logs every 0.5 m: 64 points
out = m(prof, thick, speed)
""", "The new lehr scanner logs the profile every 0.5 m, 64 points, above the most zones the lehr "
       "package accepts (the zones Dim was declared with max=24).", "Average the scan to the "
       "lehr's 2 m zones (at most 24) before the call.", needs=("s",), env=CHECK,
       match=r"too large|range|bound")


def case_07():
    return _m("case_07", "furnace-back-from-hot-repair-four-readings", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{furnace146}")
temp, gas, pull, cullet = furnaces(3, 4)              # back on line after a hot repair 40 min ago
out = m(temp, gas, pull, cullet)
""", "After a hot repair the furnaces have only 4 crown readings (40 min) since restart, below the "
       "shortest log the furnace package accepts (the readings Dim was declared with min=12).",
       "Wait for 2 h of readings (or export with a lower min).", needs=("r",), env=CHECK,
       match=r"too small|range|bound")


def case_08():
    return _m("case_08", "whole-day-of-gobs-in-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{forming146}")
w, sec, mould, temp = gobs(10 * 60 * 24 * 4)          # the daily report: every gob of the day, 40 per minute
out = m(w, sec, mould, temp)
""", "The daily forming report sends every gob of the day (57600) in one call, above the largest "
       "batch the forming package accepts (the gobs Dim was declared with max=2048).", "Send "
       "the day in chunks of at most 2048 gobs.", needs=("r",), env=CHECK,
       match=r"too large|range|bound")


# ------------------------------------------------------------------------ run: inputs
def case_09():
    return _m("case_09", "batch-plant-weights-float64", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{batch146}")
kg, lot = batches(5)
kg = kg.double()                                      # the batch plant's weigh-scale export is float64
out = m(kg, lot)
""", "The batch plant's weigh-scale export gives the batch weights as float64, sent to the batch "
       "package exported for float32 weights.", "Convert the weights with .float() before the "
       "call.", needs=("r",), env=CHECK, match=r"dtype")


def case_10():
    return _m("case_10", "line-camera-frames-hwc", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{defect146}")
img = images(8).permute(0, 2, 3, 1).contiguous()      # the camera SDK delivers (n, 64, 64, 1) frames
out = m(img)
""", "The line camera SDK delivers the frames as (n, 64, 64, 1), height-width-channel, sent to the "
       "defect package exported for (n, 1, 64, 64) images.", "Permute the frames to "
       "(n, 1, 64, 64) before the call.", needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "section-ids-int32-from-plc", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{forming146}")
w, sec, mould, temp = gobs(40)
sec = sec.to(torch.int32)                             # the IS machine PLC's section register is a 32-bit INT
out = m(w, sec, mould, temp)
""", "The IS machine PLC's section register arrives as int32, sent to the forming package exported "
       "for int64 section rows.", "Convert the section ids with .long() before the call.",
       needs=("r",), env=CHECK, match=r"dtype")


def case_12():
    return _m("case_12", "furnace-called-with-scada-tag-keywords", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{furnace146}")
temp, gas, pull, cullet = furnaces(3, 36)
out = m(crown_tc=temp, gas_nm3h=gas, pull_tpd=pull, cullet_frac=cullet)   # named after the SCADA tags
""", "The furnace package is called with keyword arguments named after the SCADA tags "
       "(crown_tc, gas_nm3h, ...), while it was exported for four positional inputs (temp, gas, "
       "pull, cullet).", "Call it with positional arguments (or the exported argument names).",
       needs=("r",), match=r".")


def case_13():
    return _m("case_13", "one-lehr-profile-for-all-ware", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lehr146}")
prof, thick, speed = ware(6, 16)
out = m(prof[0], thick, speed)                        # the lehr has one profile, so one (zones,) vector is sent
""", "The lehr has one temperature profile, so a single (zones,) vector is sent for all ware, while "
       "the lehr package was exported for a (ware, zones) profile.", "Expand the profile to "
       "(ware, zones) before the call.", needs=("s",), env=CHECK, match=r".")


# -------------------------------------------------------------------- run: indices
def case_14():
    return _m("case_14", "is-machine-rebuilt-to-12-sections", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{forming146}")
w, sec, mould, temp = gobs(48)
sec = torch.arange(48) % 12                           # the machine was rebuilt from 10 to 12 sections
out = m(w, sec, mould, temp)
""", "The IS machine was rebuilt from 10 to 12 sections after export, so sections 10 and 11 index "
       "past the forming package's 10-row section tables (0..9).", "Re-export the forming model "
       "with 12-row section tables before running the rebuilt machine.", needs=("r",),
       match=r"out of bounds|index")


def case_15():
    return _m("case_15", "qa-six-defect-classes-blister-seed", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{qa146}")
cls, mould = inspected(200)
cls[::25] = 5                                         # the QA team's new list adds blister (4) and seed (5)
out = m(cls, mould)
""", "The QA team's new defect list adds blister (4) and seed (5), two more classes than the "
       "quality package's 4-row scrap cost table (0..3).", "Re-export the quality model with "
       "the 6-row cost table (or map the new classes onto the old ones).", needs=("s",),
       match=r"out of bounds|index")


def case_16():
    return _m("case_16", "engraved-mould-numbers-1-to-40", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{forming146}")
w, sec, mould, temp = gobs(40)
engraved = torch.arange(1, 41)                        # the mould numbers engraved on the bottles: 1..40
out = m(w, sec, engraved, temp)
""", "The mould numbers engraved on the bottles (1..40) are sent as mould rows, so mould 40 "
       "indexes past the forming package's 40-row mould table (0..39).", "Subtract 1 from the "
       "engraved mould number before the call.", needs=("r",), match=r"out of bounds|index")


# -------------------------------------------------------------------- run: values
def case_17():
    return _m("case_17", "cullet-share-in-percent", "numerical", "run", """
m = torch._inductor.aoti_load_package("{furnace146}")
temp, gas, pull, cullet = furnaces(3, 36)
out = m(temp, gas, pull, cullet * 100.0)              # the batch house reports cullet in %
assert (out[:, 2] > 0.0).all(), f"energy against expectation {out[:, 2]}"
""", "The batch house reports the cullet share in % (20 .. 50), sent as a fraction, so the expected "
       "energy for the cullet share goes negative and the energy ratio comes out negative, "
       "without an error.", "Divide the cullet percentage by 100 before the call.",
       needs=("r",), match=r"AssertionError")


def case_18():
    return _m("case_18", "gas-meter-daily-totals-as-hourly", "numerical", "run", """
m = torch._inductor.aoti_load_package("{furnace146}")
temp, gas, pull, cullet = furnaces(3, 36)
out = m(temp, gas * 24.0, pull, cullet)               # the utility's gas meter gives Nm3 per day
assert (out[:, 1] < 10.0).all(), f"GJ per tonne {out[:, 1]}"
""", "The gas utility's meter gives Nm3 per day, sent as Nm3/h, so the energy per tonne comes out "
       "near 105 GJ/t instead of about 4.4, without an error.", "Divide the daily total by 24 "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _m("case_19", "furnace-on-hot-hold-zero-pull", "numerical", "run", """
m = torch._inductor.aoti_load_package("{furnace146}")
temp, gas, pull, cullet = furnaces(3, 36)
pull[1] = 0.0                                         # furnace 2 on hot hold during a job change: no pull
out = m(temp, gas, pull, cullet)
assert torch.isfinite(out).all(), f"energy per tonne {out[:, 1]}"
""", "A furnace on hot hold during a job change has zero pull, so its energy per tonne is a "
       "division by zero and comes out inf, without an error.", "Leave furnaces with no pull "
       "out of the energy report (or report energy per day for them).", needs=("r",),
       match=r"AssertionError")


def case_20():
    return _m("case_20", "batch-weights-in-tonnes", "numerical", "run", """
m = torch._inductor.aoti_load_package("{batch146}")
kg, lot = batches(5)
out = m(kg / 1000.0, lot)                             # the batch house ticket gives tonnes
assert (out[:, 4] > 1000.0).all(), f"glass yield {out[:, 4]} kg"
""", "The batch house ticket gives the batch in tonnes, sent as kg, so the glass yield comes out "
       "at about 2 kg per batch instead of about 1960 kg, without an error.", "Multiply the "
       "tonnes by 1000 before the call.", needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "batch-report-soda-ash-before-sand", "numerical", "run", """
m = torch._inductor.aoti_load_package("{batch146}")
kg, lot = batches(5)
report = kg[:, [1, 0, 2, 3, 4, 5]]                    # the new batch plant report lists soda ash first
out = m(report, lot)
assert ((out[:, 0] > 70.0) & (out[:, 0] < 76.0)).all(), f"SiO2 {out[:, 0]} %"
""", "The new batch plant report lists soda ash before sand, so the sand and soda ash weights are "
       "swapped against their lot rows and the glass comes out at about 44 % SiO2 instead of 73 %, "
       "without an error.", "Reorder the report's columns to the exported material order "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "gob-weights-in-kg", "numerical", "run", """
m = torch._inductor.aoti_load_package("{forming146}")
w, sec, mould, temp = gobs(40)
out = m(w / 1000.0, sec, mould, temp)                 # the new gob weight scale reports kg
assert (out[:, 0] > 0.9).all(), f"fill ratio {out[:, 0]}"
""", "The new gob weight scale reports kg (0.331), sent as g, so every mould's fill ratio comes out "
       "at 0.001, without an error.", "Multiply the scale's kg by 1000 before the call.",
       needs=("r",), match=r"AssertionError")


def case_23():
    return _m("case_23", "lehr-belt-speed-in-m-per-hour", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lehr146}")
prof, thick, speed = ware(6, 16)
out = m(prof, thick, speed * 60.0)                    # the belt drive's display shows m/h
assert (out[:, 0] < 30.0).all(), f"stress index {out[:, 0]}"
""", "The lehr belt drive shows its speed in m/h, sent as m/min, so each zone takes seconds, the "
       "cooling rate and the stress index come out 60 times too high and all ware looks badly "
       "annealed, without an error.", "Divide the m/h by 60 before the call.", needs=("s",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_24():
    return _m("case_24", "mould-set-change-volumes-under-own-key", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{forming146}")
new_set = 135.0 + 2.0 * torch.rand(N_MOULD)           # the mould shop's volumes for the new mould set
m.load_constants({"mould_cc": new_set}, check_full_update=False)   # the mould shop's own column name
out = m(*gobs(40))
""", "After a mould set change the mould shop pushes the new set's volumes under its own column "
       "name (mould_cc), which is not the forming package's constant name (vol), so "
       "load_constants finds no such constant.", "Push the volumes under the package's constant "
       "name (vol).", needs=("r",), match=r".")


# ----------------------------------------------------------------------- device
def case_25():
    return _m("case_25", "inspection-script-from-gpu-line-pc", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{defect146}")
img = images(8).to("cuda", non_blocking=True)         # copied from the GPU inspection PC's script
out = m(img)
""", "The defect inspection script is copied from the line's GPU inspection PC and moves the frames "
       "to cuda, on a CPU-only machine running the CPU defect package.", "Keep the frames on the "
       "CPU (the package was compiled for CPU).", needs=("s",), match=r".")


# ----------------------------------------------------------------------- resources
def case_26():
    return _m("case_26", "float-ribbon-seed-pairs-whole-shift", "out_of_memory", "run", """
import resource
from torch.export import Dim
class SeedPairs(torch.nn.Module):
    # distance between every pair of seeds (small bubbles) found on the float ribbon, (x, y) in mm
    def forward(self, xy):
        return ((xy[:, None, :] - xy[None, :, :]) ** 2).sum(-1).sqrt()
n = Dim("seeds", min=2, max=10000000)
ep = torch.export.export(SeedPairs(), (torch.rand(8, 2),), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/seedpair146.pt2")
m = torch._inductor.aoti_load_package(pkg)
xy = torch.rand(300_000, 2) * 3300.0                  # every seed the ribbon scanner found in a shift
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the line PC's 2 GiB headroom
d = m(xy)
""", "The seed clustering compares every seed the float ribbon scanner found in a shift (300000) "
       "with every other in one call, a 300000 x 300000 float32 matrix of about 360 GB.",
       "Cluster within ribbon tiles (or use a grid / nearest-neighbour index).",
       match=r"memory|alloc")


# ----------------------------------------------------------------------- compile
def case_27():
    return _m("case_27", "forming-built-with-msvc-cl", "compile_toolchain", "compile", """
from torch.export import Dim
gb = Dim("gobs", min=1, max=2048)
ep = torch.export.export(Forming().eval(), gobs(40), dynamic_shapes=({0: gb},) * 4)
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/formcxx146.pt2",
    inductor_configs={"cpp.cxx": ("cl",)})            # the hot-end HMI's build notes (Windows, MSVC)
""", "The forming package is built with cpp.cxx set to cl, the MSVC compiler from the hot-end HMI's "
       "Windows build notes, which is not installed on this Linux machine.", "Drop the cpp.cxx "
       "override and use the machine's g++ (or build on the Windows machine).", match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]
# Failed differently in the first trial (/tmp/lb146/trial.jsonl); removed before the recorded run.
DROPPED = [
    "lab-chemistry-from-loadtxt-float64 (constant_loading, expected exc; was case_25): the XRF lab's "
    "oxide table read with np.loadtxt (float64) and pushed with load_constants(..., "
    "check_full_update=True) into the batch package; the trial child died of SIGSEGV instead of "
    "raising, and a debug run (/tmp/lb146/dbg.py) got no error at all, only garbage outputs "
    "(float64 bytes read as float32), so its outcome is not stable.",
]
# Did not fail in the first trial (/tmp/lb146/trial.jsonl); removed before the recorded run.
TRIED = [
    "lab-chemistry-table-with-two-new-lots (constant_loading; was case_24): a 26-row oxide / "
    "loss-on-ignition table pushed with load_constants(..., check_full_update=True) into the "
    "batch package built with 24 rows; no error (a debug run printed the same outputs as eager).",
    "lehr-vendor-example-legacy-aot-compile (deprecated_api; was case_29): the lehr model built "
    "with torch._export.aot_compile (dynamic ware / zones) and run with torch._export.aot_load; "
    "no error on torch 2.13.0+cpu (its trigger is also close to live_blind104's "
    "vendor-sdk-legacy-aot-compile).",
]
# Not written (found by the grep before any trial): a Python over-temperature interlock raising
# ValueError in forward (live_blind142, for the lehr); `if len(x.nonzero())` (live_blind135, for
# the defect reject pusher); datetime.fromtimestamp(float(t)) in forward (live_blind64, 143);
# np.interp on .numpy() in forward (live_blind48, 103, 132, 136, 142, for a thermocouple
# correction); class names looked up with tensor indices (live_blind27, 79, for the defect
# names); a debug print of a tensor's .item() in forward (live_blind24, 28, 72); historian
# readings newest first (live_blind132, 135); 9999 / -9999 dropout codes (live_blind76, 139,
# 140, for the pyrometers); NaN logger gaps (live_blind105); C sent to a kelvin model
# (live_blind105); cpp.cxx = clang++ / zig / icpx / distcc (live_blind5, 60, 142, 144, 30);
# CXX env set to an absent compiler (live_blind95); -march for another CPU (live_blind2, 39).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind146.jsonl",
        url_file="benchmarks/live_blind146.py", id_prefix="live146", stems=STEMS,
        scratch_prefix="live_blind146-", description=__doc__.splitlines()[0]))
