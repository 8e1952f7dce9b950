"""A hundred-and-thirty-first blind set of REAL AOTInductor failures (veterinary medicine and animal health models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind131.py [--out benchmarks/live_blind131.jsonl] [--keep]

Theme: veterinary medicine and animal health (a dairy-cow lameness scorer over 3-axis
accelerometer-collar windows in g at 10 Hz with a per-cow gait-baseline embedding, a mastitis
risk model over milking-robot readings (milk conductivity mS/cm, yield kg, somatic cell count in
thousands of cells per mL, breed code), a body-condition-score regressor over side-view camera
crops, a dog / cat lateral thorax radiograph classifier with a species embedding, a
drug-volume calculator from body weight in kg, species and formulary drug row, and a herd
disease-outbreak forecaster over weekly farm case counts, herd sizes and animal movements
between farms), exported, compiled, loaded and run as a veterinary data scientist would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind129.py (their TRIED lists included). Building the set
imports nothing from aotidebug.
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
N_HERD = 300    # cows in the dairy's herd register (rows 0..299)
N_BREED = 5     # Holstein, Jersey, Brown Swiss, Ayrshire, Simmental

class Lameness(torch.nn.Module):
    # lameness probability of each cow from her collar's 3-axis accelerometer window in g
    # (cows, samples at 10 Hz, 3) and her row in the herd register (cows,), 0..299
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(1, 4, 9, padding=4)
        self.cow = torch.nn.Embedding(N_HERD, 2)          # each cow's own gait baseline
        self.lin = torch.nn.Linear(4 + 2 + 2, 1)
    def forward(self, acc, cow):
        mag = acc.norm(dim=2)                              # about 1 g standing
        z = (mag - 1.0) / 0.3
        h = torch.relu(self.c(z.unsqueeze(1))).mean(2)
        jerk = (mag[:, 1:] - mag[:, :-1]).abs().mean(1)
        f = torch.cat([h, torch.stack([z.std(1), jerk], 1), self.cow(cow)], 1)
        return torch.sigmoid(self.lin(f)).squeeze(-1)

class Mastitis(torch.nn.Module):
    # clinical-mastitis risk of each cow at her next milking from the robot's last milkings:
    # readings (cows, milkings, 2) milk conductivity mS/cm and yield kg; somatic cell count
    # (cows, milkings) in thousands of cells per mL; breed code (cows,) 0..4
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([5.0, 12.0]))
        self.register_buffer("std", torch.tensor([0.6, 4.0]))
        self.breed = torch.nn.Embedding(N_BREED, 3)
        self.lin = torch.nn.Linear(4 + 3, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[1.0, -0.5, 2.0, 0.5, 0.1, 0.1, 0.1]]))
            self.lin.bias.fill_(-3.0)
    def forward(self, readings, scc, breed):
        z = (readings - self.mean) / self.std
        ls = torch.log(scc) - 5.0                          # 150 000 cells/mL -> about 0
        f = torch.stack([z[..., 0].mean(1), z[..., 1].mean(1), ls.mean(1),
                         (z[..., 0] * ls).mean(1)], 1)      # conductivity-weighted SCC
        return torch.sigmoid(self.lin(torch.cat([f, self.breed(breed)], 1))).squeeze(-1)

class Bcs(torch.nn.Module):
    # body condition score (1..5) of each cow from a side-view camera crop (cows, 3, 64, 96) in [0, 1]
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.lin = torch.nn.Linear(16, 1)
    def forward(self, img):
        h = torch.relu(self.c2(torch.relu(self.c1(img)))).mean((2, 3))
        return 1.0 + 4.0 * torch.sigmoid(self.lin(h)).squeeze(-1)

N_FIND = 5    # normal, cardiomegaly, pleural effusion, pulmonary pattern, mass

class Thorax(torch.nn.Module):
    # finding logits from a lateral thorax radiograph (n, 1, 128, 128) scaled to [0, 1] and the
    # patient's species code (n,): 0 dog, 1 cat
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(1, 8, 5, stride=4, padding=2)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.species = torch.nn.Embedding(2, 16)
        self.head = torch.nn.Linear(16, N_FIND)
    def forward(self, img, species):
        h = torch.relu(self.c2(torch.relu(self.c1(img)))).mean((2, 3))
        return self.head(h + self.species(species))

N_SPECIES, N_DRUG = 4, 8   # dog, cat, horse, cow; the clinic formulary's 8 injectables
MG_PER_KG = [[0.2, 0.1, 2.0, 8.8, 0.02, 5.0, 0.4, 10.0],
             [0.1, 0.05, 2.0, 8.8, 0.02, 5.0, 0.3, 10.0],
             [0.6, 0.0, 1.1, 6.6, 0.01, 2.2, 0.2, 6.6],
             [0.5, 0.0, 1.1, 6.6, 0.01, 2.2, 0.2, 7.0]]
MG_PER_ML = [5.0, 1.5, 50.0, 100.0, 1.0, 50.0, 10.0, 200.0]

class Dose(torch.nn.Module):
    # injection volume (mL) per patient from body weight (n,) in kg, species code (n,) 0..3 and
    # formulary drug row (n,) 0..7: mg/kg of the species x drug table * weight / (mg per mL)
    def __init__(self):
        super().__init__()
        self.register_buffer("mg_per_kg", torch.tensor(MG_PER_KG))
        self.register_buffer("mg_per_ml", torch.tensor(MG_PER_ML))
    def forward(self, weight_kg, species, drug):
        return self.mg_per_kg[species, drug] * weight_kg / self.mg_per_ml[drug]

class Outbreak(torch.nn.Module):
    # next-week new cases per farm from weekly confirmed cases (farms, weeks), herd size
    # (farms,), animal movements (2, moves) as rows of source and destination farm, and the
    # number of animals moved (moves,)
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 1)
    def forward(self, cases, herd, moves, moved):
        prev = cases[:, -4:].sum(1) / herd                 # 4-week prevalence
        press = torch.zeros_like(prev).index_add(0, moves[1], prev[moves[0]] * moved)
        f = torch.stack([prev * 10.0, press / herd * 10.0, cases[:, -1] / herd * 10.0], 1)
        return herd * 0.05 * torch.sigmoid(self.lin(f)).squeeze(-1)

def collar(cows=4, n=3000):
    t = torch.arange(n).float() / 10.0
    g = torch.stack([0.1 * torch.sin(6.2832 * t), 0.1 * torch.cos(6.2832 * t), 1.0 + 0 * t], -1)
    return g + 0.05 * torch.randn(cows, n, 3)

def robot(cows=4, milkings=6):
    readings = torch.stack([5.0 + 0.3 * torch.randn(cows, milkings),
                            12.0 + 2.0 * torch.randn(cows, milkings)], -1)
    return readings, 80.0 + 120.0 * torch.rand(cows, milkings), torch.randint(0, N_BREED, (cows,))

def radiographs(n=4):
    return torch.rand(n, 1, 128, 128), torch.randint(0, 2, (n,))

def patients(n=6):
    return (2.0 + 30.0 * torch.rand(n), torch.randint(0, 2, (n,)), torch.randint(0, N_DRUG, (n,)))

def farms(n=40, weeks=12, m=60):
    herd = torch.randint(50, 400, (n,)).float()
    return (torch.poisson(0.01 * herd.unsqueeze(1).expand(n, weeks)), herd,
            torch.randint(0, n, (2, m)), torch.randint(1, 30, (m,)).float())
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
c, s = Dim("cows", min=1, max=2000), Dim("samples", min=600, max=36000)
build("lame131", Lameness().eval(), (collar(4, 3000), torch.tensor([3, 17, 120, 251])),
      dynamic_shapes=({0: c, 1: s}, {0: c}))
cw, mk = Dim("cows", min=1, max=2000), Dim("milkings", min=3, max=60)
build("mastitis131", Mastitis().eval(), robot(4, 6),
      dynamic_shapes=({0: cw, 1: mk}, {0: cw, 1: mk}, {0: cw}))
build("bcs131", Bcs().eval(), (torch.rand(4, 3, 64, 96),),
      dynamic_shapes=({0: Dim("crops", min=1, max=64)},))
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
n = Dim("films", min=1, max=32)
build("thorax131", Thorax().eval(), radiographs(4), dynamic_shapes=({0: n}, {0: n}))
p = Dim("patients", min=1, max=512)
build("dose131", Dose().eval(), patients(6), dynamic_shapes=({0: p}, {0: p}, {0: p}))
fm, wk, mv = Dim("farms", min=2, max=5000), Dim("weeks", min=5, max=520), Dim("moves", min=1, max=100000)
build("outbreak131", Outbreak().eval(), farms(40, 12, 60),
      dynamic_shapes=({0: fm, 1: wk}, {0: fm}, {1: mv}, {0: mv}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lame131", "mastitis131", "bcs131", "thorax131", "dose131", "outbreak131", "herdsim131"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "cat-half-dose-python-if", "export_failure", "export", """
class DoseCatRule(Dose):
    # the formulary note kept in forward: cats get half the repeat dose of an NSAID
    def forward(self, weight_kg, species, drug):
        ml = super().forward(weight_kg, species, drug)
        if (species == 1).any():
            ml = ml * torch.where(species == 1, 0.5, 1.0)
        return ml
ep = torch.export.export(DoseCatRule().eval(), patients(6))
""", "The dose calculator keeps the formulary's cat rule as a Python if on (species == 1).any(), "
       "control flow on tensor data that torch.export cannot trace.",
       "Apply the rule with torch.where on the species tensor alone (no Python if).",
       match=r".")


def case_02():
    return _m("case_02", "collar-activity-threshold-np-percentile", "export_failure", "export", """
import numpy as np
class LamenessP95(Lameness):
    # the collar vendor's activity threshold: the 95th percentile of each cow's magnitude
    def forward(self, acc, cow):
        mag = acc.norm(dim=2)
        p95 = torch.from_numpy(np.percentile(mag.numpy(), 95, axis=1)).float()
        return super().forward(acc, cow) * (p95 > 1.1).float()
ep = torch.export.export(LamenessP95().eval(), (collar(4, 3000), torch.tensor([3, 17, 120, 251])))
""", "The lameness scorer computes the collar vendor's activity threshold with numpy.percentile "
       "on mag.numpy() inside forward, which torch.export cannot trace (its tensors have no data).",
       "Use torch.quantile (or a tensor sort) on the magnitude instead of numpy.", match=r".")


def case_03():
    return _m("case_03", "outbreak-simulate-until-fade-out-while", "export_failure", "export", """
class OutbreakRun(Outbreak):
    # run the weekly forecast forward until the outbreak fades out (under 0.5 cases on every farm)
    def forward(self, cases, herd, moves, moved):
        weeks = 0
        while weeks < 52:
            new = super().forward(cases, herd, moves, moved)
            if (new < 0.5).all():
                break
            cases = torch.cat([cases, new.unsqueeze(1)], 1)
            weeks += 1
        return cases[:, -1]
ep = torch.export.export(OutbreakRun().eval(), farms(40, 12, 60))
""", "The outbreak forecaster runs week by week in a Python while loop that stops when every "
       "farm is under 0.5 new cases, a branch on tensor data that torch.export cannot trace.",
       "Forecast a fixed horizon with tensor ops (or torch.cond / a fixed loop) and find the "
       "fade-out week outside the model.", match=r".")


def case_04():
    return _m("case_04", "thorax-exported-from-one-radiograph", "dynamic_shape_guard", "export", """
from torch.export import Dim
n = Dim("films", min=1, max=32)
img, sp = radiographs(1)                           # the example: the one film open in the viewer
ep = torch.export.export(Thorax().eval(), (img, sp), dynamic_shapes=({0: n}, {0: n}))
""", "The thorax classifier is exported with a dynamic films Dim but from a single radiograph as "
       "the example, so export specialises the batch size to 1 and refuses the Dim.",
       "Export from an example batch of at least 2 radiographs.", match=r".")


def case_05():
    return _m("case_05", "collar-dim-max-from-old-firmware", "dynamic_shape_guard", "export", """
from torch.export import Dim
c = Dim("cows", min=1, max=2000)
s = Dim("samples", min=100, max=600)               # the old collar firmware sent 60 s windows
ep = torch.export.export(Lameness().eval(), (collar(4, 3000), torch.tensor([3, 17, 120, 251])),
                         dynamic_shapes=({0: c, 1: s}, {0: c}))
""", "The samples Dim keeps max=600 (the old collar firmware's 60 s windows at 10 Hz), while the "
       "example is a 5-minute window of 3000 samples, outside the declared range, so export "
       "refuses the specification.", "Raise the Dim's max to the longest window (or export "
       "from an example inside the range).", match=r".")


def case_06():
    return _m("case_06", "scc-and-readings-own-milking-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
cw = Dim("cows", min=1, max=2000)
mr, ms = Dim("milkings", min=3, max=60), Dim("scc_tests", min=3, max=60)
# the robot's SCC sensor is a separate table in the herd software, so it got its own Dim
ep = torch.export.export(Mastitis().eval(), robot(4, 6),
                         dynamic_shapes=({0: cw, 1: mr}, {0: cw, 1: ms}, {0: cw}))
""", "The somatic cell counts get their own Dim (scc_tests) besides the readings' milkings Dim, "
       "but the mastitis model multiplies conductivity and log SCC milking by milking, so the two "
       "must be equal and export refuses the specification.", "Use the same milkings Dim for "
       "both inputs.", match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _m("case_07", "collar-v2-six-axis-imu", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lame131}")
acc = torch.cat([collar(4, 3000), 0.2 * torch.randn(4, 3000, 3)], -1)   # v2 collars: accel + gyro
p = m(acc, torch.tensor([3, 17, 120, 251]))
""", "The new v2 collars stream 6 channels (accelerometer plus gyroscope), which are sent as is, "
       "while the lameness package was exported for the 3 accelerometer axes.",
       "Select the 3 accelerometer channels (acc[..., :3]) before the call.", needs=("r",),
       env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _m("case_08", "robot-scc-integer-counts", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mastitis131}")
readings, _, breed = robot(4, 6)
scc = torch.randint(80, 200, (4, 6))              # the robot's export: SCC as integer thousands
p = m(readings, scc, breed)
""", "The milking robot exports somatic cell counts as integer thousands, sent as an int64 "
       "tensor, while the mastitis package was exported for float32 counts.",
       "Convert with .float() before the call.", needs=("r",), env=CHECK,
       match=r"dtype|Long|Float|int64")


def case_09():
    return _m("case_09", "bcs-rgba-png-crops", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bcs131}")
img = torch.rand(4, 4, 64, 96)                     # the new camera's PNG crops keep the alpha channel
score = m(img)
""", "The new side-view camera saves RGBA PNG crops and the 4-channel tensors are sent as is, "
       "while the body-condition package was exported for 3-channel RGB crops.",
       "Drop the alpha channel (img[:, :3]) before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "thorax-species-float-from-pandas", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{thorax131}")
img, _ = radiographs(4)
species = torch.from_numpy(np.array([0.0, 1.0, 1.0, 0.0]))   # the clinic's frame: a column with NaNs -> float64
logits = m(img, species)
""", "The species codes come from the practice-management data frame, whose species column "
       "holds NaNs and so is float64, while the thorax package was exported for int64 species codes.",
       "Fill the missing species and convert with .long() before the call.", needs=("s",),
       env=CHECK, match=r"dtype|Double|Long|float64")


def case_11():
    return _m("case_11", "dose-api-v2-species-drug-bundled", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dose131}")
weight, species, drug = patients(6)
codes = torch.stack([species, drug], 1)            # the v2 app sends (species, drug) code pairs
ml = m(weight, codes)
""", "The v2 clinic app bundles species and drug as one (patients, 2) code tensor and sends two "
       "inputs, while the dose package was exported with three (weight, species, drug).",
       "Pass species and drug as separate inputs (codes[:, 0], codes[:, 1]).", needs=("s",),
       match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_12():
    return _m("case_12", "collar-offloads-whole-day-buffer", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{lame131}")
acc = collar(2, 24 * 3600 * 10)                     # the collar came back in range: a day's buffer
p = m(acc, torch.tensor([3, 17]))
""", "A collar that was out of gateway range offloads its whole day's buffer (864000 samples at "
       "10 Hz) in one window, above the longest window the compiled lameness package accepts "
       "(its input check bounds the samples axis at 4096, the Dim was declared with max=36000).", "Split the buffer into hourly windows "
       "before scoring.", needs=("r",), env=CHECK, match=r"too large|range|bound")


def case_13():
    return _m("case_13", "fresh-heifers-two-milkings", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{mastitis131}")
readings, scc, breed = robot(5, 2)                  # the fresh-heifer group: two milkings since calving
p = m(readings, scc, breed)
""", "The fresh-heifer group has been milked only twice since calving, below the shortest history "
       "the mastitis package accepts (the milkings Dim was declared with min=3).",
       "Hold fresh cows until their third milking (or use a rule-based check).", needs=("r",),
       env=CHECK, match=r"too small|range|bound")


def case_14():
    return _m("case_14", "rotary-parlour-session-400-crops", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{bcs131}")
img = torch.rand(400, 3, 64, 96)                    # the whole rotary-parlour session at once
score = m(img)
""", "All 400 crops of a rotary-parlour session are scored in one call, above the batch the "
       "body-condition package accepts (the crops Dim was declared with max=64).",
       "Score in batches of at most 64 crops.", needs=("r",), env=CHECK,
       match=r"too large|range|bound")


def case_15():
    return _m("case_15", "new-surveillance-system-two-weeks", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{outbreak131}")
cases, herd, moves, moved = farms(40, 2, 60)        # the new surveillance system went live 2 weeks ago
new = m(cases, herd, moves, moved)
""", "The new disease-surveillance system holds only two weeks of case reports, below the "
       "shortest history the outbreak package accepts (the weeks Dim was declared with min=5).",
       "Back-fill from the old system (or wait for 5 weeks of reports).", needs=("s",),
       env=CHECK, match=r"too small|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_16():
    return _m("case_16", "ear-tag-numbers-as-herd-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lame131}")
tags = torch.tensor([1042, 2213, 877, 3150])        # management numbers printed on the ear tags
p = m(collar(4, 3000), tags)
""", "The cows' ear-tag management numbers (877..3150) are used as rows of the 300-row herd "
       "register embedding of the lameness package; the kernel's index check throws inside its "
       "OpenMP worker, which terminates the process.", "Map ear-tag numbers to register rows "
       "(a tag -> row dict) before the call.", expect="crash", needs=("r",),
       match=r"out of bounds|index")


def case_17():
    return _m("case_17", "crossbred-breed-code-5", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mastitis131}")
readings, scc, breed = robot(4, 6)
breed[2] = 5                                        # the herd software added ProCROSS crossbreds as code 5
p = m(readings, scc, breed)
""", "The herd software added crossbred cows as a new breed code 5, which is used as a row of the "
       "mastitis package's 5-row breed embedding (codes 0..4).", "Map crossbreds to a trained "
       "breed (or retrain with the new class) before the call.", needs=("r",),
       match=r"out of bounds|index")


def case_18():
    return _m("case_18", "ncbi-taxon-ids-as-species", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{thorax131}")
img, _ = radiographs(4)
species = torch.tensor([9615, 9685, 9685, 9615])    # the PACS tags species by NCBI taxon id
logits = m(img, species)
""", "The PACS tags each study with the NCBI taxonomy id (9615 dog, 9685 cat), which is used as "
       "the species code of the thorax package's 2-row species embedding; the kernel's index "
       "check throws inside its OpenMP worker, which terminates the process.",
       "Map taxon ids to species codes (9615 -> 0, 9685 -> 1) before the call.", expect="crash",
       needs=("s",), match=r"out of bounds|index")


def case_19():
    return _m("case_19", "rabbit-species-code-added", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dose131}")
weight, species, drug = patients(6)
weight[3], species[3] = 1.8, 4                       # the clinic app added rabbits as species 4
ml = m(weight, species, drug)
""", "The clinic app added rabbits as species code 4, which indexes the dose package's 4-row "
       "species x drug table (dog, cat, horse, cow).", "Refuse species the formulary table does "
       "not cover (or extend the table and re-export) before the call.", needs=("s",),
       match=r"out of bounds|index")


def case_20():
    return _m("case_20", "cattle-bought-from-farm-not-in-report", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{outbreak131}")
cases, herd, moves, moved = farms(40, 12, 60)
moves[0, [4, 9]] = 42                               # bought from a farm that joined the scheme this week
new = m(cases, herd, moves, moved)
""", "The movement table lists cattle bought from farm row 42, a holding that joined the scheme "
       "after the weekly case report (40 farms) was built, so the movement's source row is past "
       "the case and herd tables.", "Build movements and case reports from the same farm list "
       "(drop or add the new holdings) before the call.", needs=("s",),
       match=r"out of bounds|index")


def case_21():
    return _m("case_21", "collar-dropouts-as-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lame131}")
acc = collar(4, 3000)
acc[1, 1200:1350] = float("nan")                    # 15 s radio dropout: the gateway fills NaN
p = m(acc, torch.tensor([3, 17, 120, 251]))
assert torch.isfinite(p).all(), f"lameness probabilities: {p}"
""", "The collar gateway fills a 15-second radio dropout with NaN, which goes through the "
       "magnitude, convolution and std into that cow's lameness probability, NaN without an "
       "error.", "Interpolate or drop dropout samples (and mask short windows) before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "scc-raw-cells-not-thousands", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mastitis131}")
readings, scc, breed = robot(8, 6)
p = m(readings, scc * 1000.0, breed)                # the DHI lab file: raw cells per mL
assert (p > 0.99).float().mean() < 0.2, f"{(p > 0.99).float().mean():.0%} of cows flagged"
""", "The milk-recording (DHI) lab file gives somatic cell counts in raw cells per mL instead of "
       "thousands, so log SCC is about 7 units too high and every cow is flagged, without an "
       "error.", "Divide by 1000 (cells -> thousands per mL) in the feed mapping before the call.",
       needs=("r",), match=r"AssertionError")


def case_23():
    return _m("case_23", "dicom-12-bit-not-rescaled", "numerical", "run", """
m = torch._inductor.aoti_load_package("{thorax131}")
_, species = radiographs(4)
img = torch.randint(0, 4096, (4, 1, 128, 128)).float()   # the DR panel's 12-bit stored values
probs = m(img, species).softmax(-1)
assert (probs.amax(1) < 0.99).all(), f"saturated finding probabilities: {probs}"
""", "The digital radiography panel's 12-bit stored pixel values (0..4095) are sent without "
       "scaling to [0, 1], so the logits are thousands of times too large and every finding "
       "probability saturates, without an error.", "Divide by 4095 (or apply the DICOM window) "
       "before the call.", needs=("s",), match=r"AssertionError")


def case_24():
    return _m("case_24", "body-weight-in-pounds", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dose131}")
kg, species, drug = patients(6)
lb = kg * 2.20462                                   # the US clinic's scale prints pounds
ml = m(lb, species, drug)
chart = Dose()(kg, species, drug)                   # the pharmacist's reference chart
assert torch.allclose(ml, chart, rtol=0.05), f"volumes (mL) {ml} vs chart {chart}"
""", "The US clinic's scale prints body weight in pounds, which goes into the dose package "
       "exported for kg, so every injection volume is 2.2 times the chart's, without an error.",
       "Convert pounds to kg (/ 2.20462) before the call.", needs=("s",),
       match=r"AssertionError")


def case_25():
    return _m("case_25", "culled-herd-zero-head-count", "numerical", "run", """
m = torch._inductor.aoti_load_package("{outbreak131}")
cases, herd, moves, moved = farms(40, 12, 60)
herd[7], cases[7] = 0.0, 0.0                        # farm 7 was depopulated (culled) last month
new = m(cases, herd, moves, moved)
assert torch.isfinite(new).all(), f"next-week cases: {new}"
""", "A depopulated (culled) farm stays in the table with herd size 0 and no cases, so its "
       "prevalence is 0 / 0 = NaN, which also spreads through its movements, without an error.",
       "Drop depopulated farms (herd size 0) before the call (or guard the ratio).",
       needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_26():
    return _m("case_26", "weight-norm-finetune-keys-load-constants", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{mastitis131}")
farm = Mastitis()
# the herd vet's per-farm fine-tune wraps the head in weight_norm; its state_dict is pushed as is
farm.lin = torch.nn.utils.parametrizations.weight_norm(farm.lin)
m.load_constants(dict(farm.state_dict()), check_full_update=True)
p = m(*robot(4, 6))
""", "The per-farm fine-tune wrapped the head in weight_norm, so its state_dict holds "
       "lin.parametrizations.weight.original0 / original1 instead of lin.weight, and "
       "load_constants refuses the first of these names, which the package does not have.",
       "Remove the parametrization (parametrize.remove_parametrizations) before taking the "
       "state_dict for load_constants.", needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_27():
    return _m("case_27", "national-herd-gait-similarity-matrix", "out_of_memory", "run", """
import resource
from torch.export import Dim
class HerdSim(torch.nn.Module):
    # most similar other cow of each cow by her 24-hour gait profile (cosine similarity)
    def forward(self, prof):
        f = prof / prof.norm(dim=1, keepdim=True)
        sim = f @ f.T
        return (sim - 2.0 * torch.eye(f.shape[0])).argmax(1)
n = Dim("cows", min=2, max=5000000)
ep = torch.export.export(HerdSim(), (torch.rand(50, 24),), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/herdsim131.pt2")
m = torch._inductor.aoti_load_package(pkg)
prof = torch.rand(1500000, 24)                      # every cow in the national cattle register
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the worker's 2 GiB margin
nearest = m(prof)
""", "The gait-similarity model builds a dense cow-by-cow similarity matrix and is run on all "
       "1.5 million cows of the national cattle register in one call; the matrix needs about "
       "9 TB.", "Search nearest neighbours per herd or in blocks (or with an ANN index) instead "
       "of a dense matrix.", match=r"memory|alloc")


def case_28():
    return _m("case_28", "pacs-bridge-config-cuda-device", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{thorax131}")
cfg = {"device": "cuda:0", "window": [0, 4095]}     # config.yaml copied from the vet school's GPU box
img, species = radiographs(4)
logits = m(img.to(cfg["device"]), species.to(cfg["device"]))
""", "The clinic's PACS bridge reuses the vet school's config with device cuda:0, so the "
       "radiographs are moved to CUDA on the clinic's CPU-only host for a package compiled for "
       "CPU, and it fails for lack of a GPU.", "Set the device to cpu in the clinic's config "
       "(or derive it from torch.cuda.is_available()).", needs=("s",),
       match=r"CUDA|cuda|NVIDIA|driver")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind131.jsonl",
        url_file="benchmarks/live_blind131.py", id_prefix="live131", stems=STEMS,
        scratch_prefix="live_blind131-", description=__doc__.splitlines()[0]))
