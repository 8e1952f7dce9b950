"""A hundred-and-eighty-sixth blind set of REAL AOTInductor failures (a hospital pharmacy), triggered live with torch 2.13.0.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind186.py [--out benchmarks/live_blind186.jsonl] [--keep]

Theme: a hospital's inpatient pharmacy (a dispensing-cabinet stock forecaster over each
pocket's daily doses dispensed, oldest day first, with a 40-row par-level table and the units
on hand; a drug-interaction alert scorer over pairs of formulary indices with a 64-drug
interaction embedding; a dose checker from each order's dose in mg, the patient's weight in kg,
creatinine clearance in mL/min and age, with a 12-row table of maximum mg/kg and renal
thresholds; an IV pump infusion scorer over the programmed rate in mL/h and the line pressure
logged every 10 s, with the volume infused; a bedside barcode matcher from the 14 digits of a
scanned GTIN to the 300 products on the wards' formulary; an antibiotic stewardship
de-escalation score from each course's daily grams, the WBC and procalcitonin and a 6-row
spectrum-class table; the IV pump scorer built without its weights in the .so; and a dose
checker whose adjusted-body-weight rule is a Python-only custom op), exported, compiled, loaded
and run as the pharmacy's pharmacists, technicians, nurses and developer would. Built on torch
2.13.0+cpu. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind184.py (their TRIED lists included). Building the set
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
DATA = """
DRUGS = 40      # cabinet drugs 0..39 (par-level table)
FORM = 64       # formulary drugs 0..63 of the interaction scorer
RX = 12         # dose-checked drugs 0..11 (max mg/kg, renal threshold table)
CLASSES = 6     # antibiotic spectrum classes 0..5: 0 narrow penicillin, 1 1st-gen cephalosporin,
                # 2 3rd-gen cephalosporin, 3 fluoroquinolone, 4 carbapenem, 5 glycopeptide
PRODUCTS = 300  # products on the wards' formulary (barcode matcher)
DIGITS = 14     # digits of a GTIN-14

def dispenses(n=6, d=28):
    # doses dispensed per day from each cabinet pocket (n, d), oldest day first; drug (n,) 0..39;
    # units on hand (n,)
    day = torch.arange(d).float()[None]
    base = 4.0 + 20.0 * torch.rand(n, 1)
    use = (base + 0.1 * day + 2.0 * torch.randn(n, d)).clamp(min=0.0).round()
    return use, torch.arange(n) * 7 % DRUGS, (20.0 + 100.0 * torch.rand(n)).round()

def pairs(n=8):
    # the two formulary drugs of each order pair (n,), (n,) 0..63
    return torch.randint(0, FORM, (n,)), torch.randint(0, FORM, (n,))

def orders(n=8):
    # (n, 4): dose mg 100..1500, weight kg 45..110, creatinine clearance mL/min 15..120,
    # age years 18..90; drug (n,) 0..11
    f = torch.stack([(100.0 + 1400.0 * torch.rand(n)).round(), (45.0 + 65.0 * torch.rand(n)).round(),
                     (15.0 + 105.0 * torch.rand(n)).round(), (18.0 + 72.0 * torch.rand(n)).round()], -1)
    return f, torch.arange(n) % RX

def infusions(n=4, t=256):
    # IV pump logs, one reading every 10 s (n, 2, t): programmed rate mL/h, line pressure mmHg
    rate = (20.0 + 180.0 * torch.rand(n, 1)).round().expand(n, t).clone()
    pres = 40.0 + 0.2 * rate + 3.0 * torch.randn(n, t)
    return torch.stack([rate, pres], 1)

def scans(n=8):
    # the 14 digits of each scanned GTIN-14 (n, 14), 0..9
    return torch.randint(0, 10, (n, DIGITS))

def courses(n=8, d=10):
    # grams of antibiotic given each day (n, d), oldest day first; labs (n, 2): WBC 10^9/L,
    # procalcitonin ng/mL; spectrum class (n,) 0..5
    g = (1.0 + 3.0 * torch.rand(n, 1)).round().expand(n, d).clone()
    labs = torch.stack([4.0 + 14.0 * torch.rand(n), 0.05 + 4.0 * torch.rand(n)], -1)
    return g, labs, torch.arange(n) % CLASSES
"""

MODELS = DATA + """
class Cabinet(torch.nn.Module):
    # daily doses (n, d) oldest first, drug (n,), units on hand (n,) -> (n, 3): tomorrow's doses,
    # days of stock left, below par (1.0 / 0.0)
    def __init__(self):
        super().__init__()
        self.par = torch.nn.Embedding(DRUGS, 1)              # par level, units
        with torch.no_grad():
            self.par.weight.copy_(torch.linspace(20.0, 120.0, DRUGS)[:, None].round())
    def forward(self, use, drug, onhand):
        d = use.shape[1]
        k = 0.7 ** torch.arange(d - 1, -1, -1, dtype=use.dtype)
        nxt = (use * k[None]).sum(1) / k.sum()
        left = onhand / nxt.clamp(min=0.5)
        low = (onhand < self.par(drug).squeeze(-1)).float()
        return torch.stack([nxt, left, low], -1)

class Interact(torch.nn.Module):
    # formulary drugs a (n,), b (n,) -> (n,) probability of a clinically relevant interaction
    def __init__(self):
        super().__init__()
        self.drug = torch.nn.Embedding(FORM, 8)
        self.sev = torch.nn.Embedding(FORM, 1)
    def forward(self, a, b):
        s = (self.drug(a) * self.drug(b)).sum(-1) + self.sev(a).squeeze(-1) + self.sev(b).squeeze(-1)
        return torch.sigmoid(s)

class DoseCheck(torch.nn.Module):
    # orders (n, 4): dose mg, weight kg, CrCl mL/min, age; drug (n,) -> (n, 2): dose as a
    # fraction of the drug's max mg/kg, renal adjustment needed (probability)
    def __init__(self):
        super().__init__()
        self.limits = torch.nn.Embedding(RX, 2)             # max mg/kg, CrCl threshold mL/min
        with torch.no_grad():
            self.limits.weight.copy_(torch.stack([torch.linspace(10.0, 30.0, RX),
                                                  torch.linspace(30.0, 60.0, RX)], -1))
    def forward(self, f, drug):
        lim = self.limits(drug)
        frac = f[:, 0] / f[:, 1] / lim[:, 0]
        renal = torch.sigmoid((lim[:, 1] - f[:, 2]) / 5.0 + 0.01 * (f[:, 3] - 65.0))
        return torch.stack([frac, renal], -1)

class Pump(torch.nn.Module):
    # pump logs (n, 2, t) every 10 s -> (n, 2): occlusion / free-flow anomaly probability,
    # volume infused mL
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(2, 4, 5)
        self.head = torch.nn.Linear(4, 1)
        self.register_buffer("mu", torch.tensor([100.0, 60.0])[None, :, None])
        self.register_buffer("sd", torch.tensor([60.0, 20.0])[None, :, None])
    def forward(self, x):
        h = torch.relu(self.c((x - self.mu) / self.sd)).mean(-1)
        vol = x[:, 0].sum(-1) * (10.0 / 3600.0)
        return torch.stack([torch.sigmoid(self.head(h).squeeze(-1)), vol], -1)

class Scan(torch.nn.Module):
    # GTIN-14 digits (n, 14) -> (n, 300) logits of the formulary product scanned
    def __init__(self):
        super().__init__()
        self.digit = torch.nn.Embedding(10, 8)
        self.out = torch.nn.Linear(DIGITS * 8, PRODUCTS)
    def forward(self, g):
        return self.out(self.digit(g).flatten(1))

class Steward(torch.nn.Module):
    # grams per day (n, d), labs (n, 2) WBC 10^9/L and PCT ng/mL, class (n,) -> (n,) probability
    # that the course can be de-escalated
    def __init__(self):
        super().__init__()
        self.cls = torch.nn.Embedding(CLASSES, 1)            # broad-spectrum penalty, logit
        with torch.no_grad():
            self.cls.weight.copy_(torch.tensor([-0.8, -0.4, 0.2, 0.3, 0.9, 0.6])[:, None])
    def forward(self, g, labs, cls):
        days = (g > 0).float().sum(1)
        total = g.sum(1)
        z = (0.25 * days - 0.15 * labs[:, 0] - 0.6 * torch.log(labs[:, 1] + 0.05)
             - 0.05 * total + self.cls(cls).squeeze(-1))
        return torch.sigmoid(z)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
pk, dy = Dim("pockets", min=2, max=1000), Dim("days", min=7, max=90)
build("cabinet186", Cabinet().eval(), dispenses(6, 28), dynamic_shapes=({0: pk, 1: dy}, {0: pk}, {0: pk}))
pr = Dim("pairs", min=2, max=5000)
build("interact186", Interact().eval(), pairs(8), dynamic_shapes=({0: pr}, {0: pr}))
od = Dim("orders", min=2, max=500)
build("dose186", DoseCheck().eval(), orders(8), dynamic_shapes=({0: od}, {0: od}))
sc = Dim("scans", min=2, max=200000)
build("scan186", Scan().eval(), (scans(8),), dynamic_shapes=({0: sc},))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, os, torch
import numpy as np
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
pu, t = Dim("pumps", min=2, max=100), Dim("readings", min=32, max=4096)
build("pump186", Pump().eval(), (infusions(4, 256),), dynamic_shapes=({0: pu, 2: t},))
co, dy = Dim("courses", min=2, max=500), Dim("days", min=2, max=30)
build("steward186", Steward().eval(), courses(8, 10), dynamic_shapes=({0: co, 1: dy}, {0: co}, {0: co}))
# the same pump scorer with its weights kept out of the .so (the infusion-safety server pushes
# the weights that the biomedical engineers retrain each quarter)
pu2, t2 = Dim("pumps", min=2, max=100), Dim("readings", min=32, max=4096)
ep = torch.export.export(Pump().eval(), (infusions(4, 256),), dynamic_shapes=({0: pu2, 2: t2},))
paths["pumpnw186"] = torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(out, "pumpnw186.pt2"),
    inductor_configs={"aot_inductor.package_constants_in_so": False})
# the pharmacy's adjusted-body-weight rule for obese patients (weight above 120 % of the ideal
# body weight is replaced by IBW + 0.4 x the excess), written in numpy by the clinical pharmacist
@torch.library.custom_op("pharm186::adj_weight", mutates_args=())
def adj_weight(weight: torch.Tensor) -> torch.Tensor:
    w = weight.numpy().copy()
    ibw = 70.0
    heavy = w > 1.2 * ibw
    w[heavy] = ibw + 0.4 * (w[heavy] - ibw)
    return torch.from_numpy(w)
@adj_weight.register_fake
def _(weight):
    return torch.empty_like(weight)
class DoseCheckAdj(DoseCheck):
    def forward(self, f, drug):
        w = torch.ops.pharm186.adj_weight(f[:, 1])
        return super().forward(torch.stack([f[:, 0], w, f[:, 2], f[:, 3]], -1), drug)
od2 = Dim("orders", min=2, max=500)
build("doseadj186", DoseCheckAdj().eval(), orders(8), dynamic_shapes=({0: od2}, {0: od2}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"cabinet186", "interact186", "dose186", "scan186", "pump186", "steward186",
         "pumpnw186", "doseadj186", "steward_cxx186"}

# every child seeds torch, so the example data (and the numerical cases' references) repeat
PRE = "import math\nimport torch\ntorch.manual_seed(186)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "dose-obese-weight-cap-with-python-if", "export_failure", "export", """
from torch.export import Dim
class DoseCheckCapped(DoseCheck):
    # the pharmacist's rule: above 120 kg the dose is checked against 120 kg; the developer only
    # applies the cap when the batch has such a patient, with a Python if
    def forward(self, f, drug):
        if (f[:, 1] > 120.0).any():
            f = torch.stack([f[:, 0], f[:, 1].clamp(max=120.0), f[:, 2], f[:, 3]], -1)
        return super().forward(f, drug)
f, drug = orders(8)
f[3, 1] = 142.0
od = Dim("orders", min=2, max=500)
ep = torch.export.export(DoseCheckCapped().eval(), (f, drug), dynamic_shapes=({0: od}, {0: od}))
""", "The dose checker caps the weight at 120 kg inside a Python if on the orders' values "
       "((f[:, 1] > 120).any()), a branch on the data that torch.export cannot trace.",
       "Apply the cap with tensor ops only (f[:, 1].clamp(max=120.0)) without the if, or use "
       "torch.cond.", match=r"data-dependent|GuardOnDataDependent")


def case_02():
    return _m("case_02", "interact-severe-pairs-looked-up-in-python-set", "export_failure", "export", """
class InteractListed(Interact):
    # the pharmacy's list of contraindicated pairs always alerts; the developer looks each order
    # pair up in a Python set of (drug, drug) tuples, as the old rules engine did
    SEVERE = {(3, 17), (5, 41), (12, 60), (22, 23)}
    def forward(self, a, b):
        p = super().forward(a, b)
        hit = torch.zeros_like(p)
        for i in range(a.shape[0]):
            if (int(a[i]), int(b[i])) in self.SEVERE:
                hit[i] = 1.0
        return torch.maximum(p, hit)
a, b = pairs(6)
ep = torch.export.export(InteractListed().eval(), (a, b))
""", "The interaction scorer turns each order pair's drug ids into Python ints (int(a[i])) to "
       "look them up in a Python set of contraindicated pairs; the ids are tensor values that "
       "torch.export cannot turn into Python integers while tracing.", "Keep the list as a "
       "(drugs x drugs) 0/1 tensor buffer and index it with the ids (self.severe[a, b]).",
       match=r"data-dependent|GuardOnDataDependent")


def case_03():
    return _m("case_03", "cabinet-days-to-stockout-python-loop-with-break", "export_failure", "export", """
from torch.export import Dim
class CabinetStockout(Cabinet):
    # the technicians want the day the first pocket runs out: the developer steps the stock down
    # by the forecast day by day and stops when a pocket is empty
    def forward(self, use, drug, onhand):
        out = super().forward(use, drug, onhand)
        stock, day = onhand.clone(), 0
        for day in range(1, 15):
            stock = stock - out[:, 0]
            if (stock <= 0).any():
                break
        return out, torch.full_like(onhand, float(day))
pk, dy = Dim("pockets", min=2, max=1000), Dim("days", min=7, max=90)
ep = torch.export.export(CabinetStockout().eval(), dispenses(6, 28),
                         dynamic_shapes=({0: pk, 1: dy}, {0: pk}, {0: pk}))
""", "The stock-out day is found with a Python for loop that breaks when a pocket's stock "
       "(a tensor) reaches zero, a data-dependent branch torch.export cannot trace.",
       "Compute the day with tensor ops (ceil(onhand / forecast), its minimum over pockets).",
       match=r"data-dependent|GuardOnDataDependent")


def case_04():
    return _m("case_04", "dose-exported-with-the-single-test-order", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the developer exports with the one test order the pharmacist typed in (vancomycin 1500 mg,
# 82 kg), and declares the orders axis dynamic from 1
f = torch.tensor([[1500.0, 82.0, 64.0, 71.0]])
drug = torch.tensor([7])
od = Dim("orders", min=1, max=500)
ep = torch.export.export(DoseCheck().eval(), (f, drug), dynamic_shapes=({0: od}, {0: od}))
""", "The dose checker is exported from a single example order while its orders axis is "
       "declared dynamic (1..500); export specialises a size-1 example dimension to the "
       "constant 1 and refuses the dynamic specification.", "Export with an example batch of "
       "at least 2 orders (e.g. orders(8)) and min=2 (a single order still runs).",
       match=r"specialized|Constraints violated")


def case_05():
    return _m("case_05", "steward-30-day-weight-table-days-dim-to-60", "dynamic_shape_guard", "export", """
from torch.export import Dim
class StewardWeighted(Steward):
    # the stewardship team weights recent days more, with a 30-row table from the guideline
    def __init__(self):
        super().__init__()
        self.register_buffer("dayw", torch.linspace(0.4, 1.0, 30))
    def forward(self, g, labs, cls):
        d = g.shape[1]
        gw = g * self.dayw[:d]
        return super().forward(gw, labs, cls)
co, dy = Dim("courses", min=2, max=500), Dim("days", min=2, max=60)
ep = torch.export.export(StewardWeighted().eval(), courses(8, 10),
                         dynamic_shapes=({0: co, 1: dy}, {0: co}, {0: co}))
""", "Each course's days are weighted by the last d rows of a 30-row guideline table, which "
       "holds only for courses of at most 30 days, while the export declares the days axis up "
       "to 60, so export refuses the specification.", "Declare days with max=30 (or extend the "
       "table to the longest course the Dim allows).",
       match=r"Constraints violated|Not all values|days")


# --------------------------------------------------------------------------- compile phase
def case_06():
    return _m("case_06", "steward-cxx-from-carousel-robot-sdk-profile", "compile_toolchain", "compile", """
from torch.export import Dim
# the pharmacy developer also builds plug-ins for the dispensing carousel robot; the robot
# vendor's SDK profile exports CXX as its Yocto cross compiler, not installed on this new laptop
co, dy = Dim("courses", min=2, max=500), Dim("days", min=2, max=30)
ep = torch.export.export(Steward().eval(), courses(8, 10),
                         dynamic_shapes=({0: co, 1: dy}, {0: co}, {0: co}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/steward_cxx186.pt2")
""", "CXX is exported by the carousel robot's SDK profile and names the vendor's Yocto cross "
       "compiler (aarch64-poky-linux-g++), which is not installed, so Inductor finds no working "
       "C++ compiler for the package.", "Build in a shell without the robot SDK's environment "
       "(unset CXX, or set it to the host g++).",
       env={"CXX": "/opt/carousel-sdk/5.1/sysroots/x86_64-pokysdk-linux/usr/bin/aarch64-poky-linux-g++"},
       match=r"InvalidCxxCompiler|No working C\+\+ compiler")


# ------------------------------------------------------------------------------ load phase
def case_07():
    return _d("case_07", "pump-so-stripped-by-hospital-endpoint-protection", "kernel_binary_missing", "load", """
import os, zipfile
# the package is copied to the infusion-safety server through the hospital's file gateway; its
# endpoint protection flags the unsigned shared library inside the archive and "cleans" the
# archive by deleting that member, passing the rest through
src = "{pump186}"
os.makedirs("{scratch}/gateway_out", exist_ok=True)
dst = "{scratch}/gateway_out/pump186.pt2"
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
    for item in zin.infolist():
        if not item.filename.endswith(".so"):
            zout.writestr(item, zin.read(item.filename))
m = torch._inductor.aoti_load_package(dst)
out = m(infusions(4, 256))
""", "The hospital file gateway's endpoint protection deletes the compiled model library (.so) "
       "from the package on its way to the infusion-safety server; the loader finds no .so in "
       "the archive, falls to its compile-from-source path and fails on a file that only a "
       "source package carries (the kernel compile flags).", "Have IT allow-list the pharmacy's signed "
       "packages (or ship them through a channel that keeps them whole) and compare the "
       "archive's members after the copy.", needs=("s",),
       match=r"\.so|so file|not found|No such file|[Ff]ailed")


def case_08():
    return _d("case_08", "doseadj-nurses-station-without-pharmacy-ops", "unsupported", "load", """
# the nurses' station PC on the ward runs the dose check from a copied folder with torch and the
# .pt2; the pharmacy_ops module that registers the adjusted-weight rule was not copied
m = torch._inductor.aoti_load_package("{doseadj186}")
out = m(*orders(8))
""", "The dose-check package calls the Python-only custom op pharm186::adj_weight, which only "
       "the pharmacy's pharmacy_ops module registers; the nurses' station never imports it, so "
       "the package cannot resolve the op when it is loaded.", "Ship and import pharmacy_ops "
       "before aoti_load_package on the ward PCs (or write the rule with tensor ops).",
       needs=("s",), match=r"Could not find schema|pharm186::adj_weight")


def case_09():
    return _d("case_09", "interact-retrained-table-pushed-under-trainer-name", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{interact186}")
# the monthly retrain writes the interaction embedding under the trainer's own name
new = torch.randn(FORM, 8)
m.load_constants({"drug_embedding": new}, check_full_update=False)
p = m(*pairs(8))
""", "The retrained interaction embedding is pushed under the trainer's name 'drug_embedding', "
       "which is not a constant of the interaction package (its table is 'drug.weight').",
       "Push it under the package's own name (see m.get_constant_fqns()).", needs=("r",),
       match=r"[Cc]onstant not found")


# ------------------------------------------------------- run: weights and the call structure
def case_10():
    return _m("case_10", "pumpnw-weights-share-not-mounted-after-reboot", "constant_loading", "run", """
import glob, sys
m = torch._inductor.aoti_load_package("{pumpnw186}")
# at start the infusion-safety server pushes every weights file on the biomed share; after the
# weekend reboot the share was not mounted, so the glob finds nothing and nothing is pushed
files = glob.glob("{scratch}/biomed_share/pump_weights/*.pt")
for fn in files:
    m.load_constants(torch.load(fn), check_full_update=True)
sys.stderr.write("pushed %d weight files\\n" % len(files))
sys.stderr.flush()
out = m(infusions(4, 256))
""", "The pump package is built without its weights (package_constants_in_so=False); the "
       "server pushes whatever weight files the biomed share holds, and with the share not "
       "mounted it pushes none, so the model is called with constants never loaded and the "
       "process dies at the first call.", "Fail the start-up when no weights were found (check "
       "that every name in m.get_constant_fqns() was pushed) before serving.", needs=("s",),
       expect="crash", match=r"Segmentation fault|Aborted|Killed by signal")


def case_11():
    return _d("case_11", "steward-labs-as-list-of-wbc-and-pct-columns", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{steward186}")
g, labs, cls = courses(6, 10)
# the stewardship app reads the WBC and the procalcitonin from two lab feeds and hands them over
# as a list of the two columns
wbc, pct = labs[:, 0].clone(), labs[:, 1].clone()
p = m(g, [wbc, pct], cls)
""", "The labs are passed as a Python list of two (n,) columns while the stewardship package "
       "was exported with one (n, 2) labs tensor, so the call's inputs do not match the "
       "package's input structure.", "Stack the columns (torch.stack([wbc, pct], -1)) before "
       "the call.", needs=("s",), match=r"[Ss]pec|tree|input|argument")


# ------------------------------------------------------------------------ run: dynamic dims
def case_12():
    return _d("case_12", "cabinet-every-pocket-in-the-hospital-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{cabinet186}")
# the pharmacy buyer forecasts every pocket of all 38 ward cabinets (1520 pockets) in one call
use, drug, onhand = dispenses(1520, 28)
out = m(use, drug, onhand)
""", "All 1520 pockets of the hospital's cabinets are forecast in one call, above the most "
       "pockets the cabinet package accepts (its pockets Dim was declared with max=1000).",
       "Forecast cabinet by cabinet (or in batches of at most 1000 pockets).", needs=("r",),
       env=CHECK, match=r"dim value is too large")


def case_13():
    return _d("case_13", "pump-two-minute-bolus-log", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pump186}")
# a loading dose given as a 2-minute bolus: its log holds 12 readings
log = infusions(3, 12)
out = m(log)
""", "The bolus's log has 12 readings, below the fewest the pump package accepts (its readings "
       "Dim was declared with min=32).", "Score boluses with a package exported for short logs "
       "(or pad the log to the minimum).", needs=("s",), env=CHECK,
       match=r"dim value is too small")


def case_14():
    return _d("case_14", "steward-empiric-course-started-today", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{steward186}")
# the morning stewardship round also reviews the courses started yesterday: one day of doses
g, labs, cls = courses(5, 1)
p = m(g, labs, cls)
""", "The new courses have one day of doses, below the fewest days the stewardship package "
       "accepts (its days Dim was declared with min=2).", "Review first-day courses without "
       "the score (or pad the course with a zero day).", needs=("s",), env=CHECK,
       match=r"dim value is too small")


def case_15():
    return _d("case_15", "interact-single-new-order-at-verification", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{interact186}")
# the verifying pharmacist checks one new order against one drug already on the chart
a, b = torch.tensor([12]), torch.tensor([60])
p = m(a, b)
""", "A single order pair is scored, below the fewest pairs the interaction package accepts "
       "(its pairs Dim was declared with min=2).", "Export with min=1 handled (pad a single "
       "pair to two) or batch the pharmacist's checks.", needs=("r",), env=CHECK,
       match=r"dim value is too small")


# ------------------------------------------------------------------------------ run: inputs
def case_16():
    return _d("case_16", "dose-order-entry-whole-numbers-int64", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dose186}")
import json
# the order-entry system sends every field as a whole number (mg, kg, mL/min, years)
msg = json.loads('{"orders": [[1500, 82, 64, 71], [500, 58, 33, 84], [1000, 95, 110, 45]], "drug": [7, 2, 7]}')
f = torch.tensor(msg["orders"])
drug = torch.tensor(msg["drug"])
out = m(f, drug)
""", "The order-entry JSON holds whole numbers, so torch.tensor makes the order features "
       "int64, while the dose package was compiled for float32 features.", "Build the "
       "features with dtype=torch.float32 (or .float()) before the call.", needs=("r",),
       env=CHECK, match=r"unmatched dtype")


def case_17():
    return _d("case_17", "scan-new-handhelds-send-gtin-13", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{scan186}")
# the new bedside handhelds decode the unit-dose barcode as EAN-13 (13 digits, no packaging
# indicator digit)
ean = scans(8)[:, 1:]
logits = m(ean)
""", "The new handhelds send 13-digit EAN-13 codes while the barcode package was exported for "
       "the 14 digits of a GTIN-14.", "Prefix the packaging indicator digit 0 to make a GTIN-14 "
       "before the call.", needs=("r",), env=CHECK, match=r"unmatched dim value")


def case_18():
    return _d("case_18", "pump-server-logs-time-major-transposed-view", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pump186}")
# the pump server exports each log as readings x (rate, pressure); the developer swaps the axes
logs = infusions(4, 256).transpose(1, 2).contiguous()
out = m(logs.transpose(1, 2))
""", "The pump logs come as (pumps, readings, 2) and are passed as a transposed view, a "
       "non-contiguous tensor whose strides differ from the row-major (pumps, 2, readings) "
       "layout the pump package was compiled for.", "Pass logs.transpose(1, 2).contiguous().",
       needs=("s",), env=CHECK, match=r"unmatched stride")


def case_19():
    return _d("case_19", "interact-ids-from-numpy-int32-lookup", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{interact186}")
# the formulary lookup keeps the drug ids as numpy int32 to save memory
a = torch.from_numpy(np.array([3, 5, 12, 22, 40, 9], dtype=np.int32))
b = torch.from_numpy(np.array([17, 41, 60, 23, 2, 9], dtype=np.int32))
p = m(a, b)
""", "The drug ids come from an int32 numpy lookup, while the interaction package was "
       "compiled for int64 (long) indices.", "Convert the ids with .long() before the call.",
       needs=("r",), env=CHECK, match=r"unmatched dtype")


# ----------------------------------------------------------------------------- run: indices
def case_20():
    return _d("case_20", "interact-formulary-item-numbers-as-drug-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{interact186}")
# the verification screen passes each drug's formulary item number from the pharmacy system
a = torch.tensor([100234, 100871, 102210, 100455])
b = torch.tensor([100871, 101932, 100012, 100234])
p = m(a, b)
""", "The drugs are given by the pharmacy system's formulary item numbers (100012..102210) "
       "instead of the index 0..63, indexing past the interaction package's 64-row tables.",
       "Map each item number to its formulary index before the call.", needs=("r",),
       match=r"index out of bounds")


def case_21():
    return _d("case_21", "dose-drug-row-from-limits-sheet-one-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dose186}")
f, _ = orders(6)
# the developer takes each drug's row number from the pharmacist's dose-limits sheet, 1..12
row = torch.tensor([1, 4, 7, 9, 11, 12])
out = m(f, row)
""", "The drugs are given by their row in the dose-limits sheet (1..12) instead of the index "
       "0..11, so row 12 indexes past the dose package's 12-row limits table.", "Subtract one "
       "(row - 1) before the call.", needs=("r",), match=r"index out of bounds")


def case_22():
    return _d("case_22", "steward-class-as-ahfs-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{steward186}")
g, labs, _ = courses(6, 10)
# the pharmacy system gives each antibiotic's AHFS class (8:12.04 penicillins -> 81204,
# 8:12.06.04 1st-gen cephalosporins -> 8120604 ...), which the developer passes as the class
ahfs = torch.tensor([81216, 8120604, 8120612, 81218, 81207, 81228])
p = m(g, labs, ahfs)
""", "The courses' spectrum classes are given by the pharmacy system's AHFS class codes "
       "(81207..8120612) instead of the class index 0..5, indexing past the stewardship "
       "package's 6-row class table.", "Map each AHFS code to the stewardship class index "
       "before the call.", needs=("s",), match=r"index out of bounds")


def case_23():
    return _d("case_23", "cabinet-drawer-pocket-label-as-drug", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cabinet186}")
use, _, onhand = dispenses(6, 28)
# the cabinet's report names each pocket by its drawer and pocket label (drawer 3, pocket 5: 305)
pocket = torch.tensor([101, 102, 205, 305, 412, 507])
out = m(use, pocket, onhand)
""", "The pockets' drawer labels (101..507) are sent where the drug index 0..39 is expected, "
       "indexing past the cabinet package's 40-row par-level table.", "Map each pocket to the "
       "drug it holds (the cabinet's pocket map) before the call.", needs=("r",),
       match=r"index out of bounds")


# ------------------------------------------------------------------------------ run: values
def case_24():
    return _d("case_24", "dose-vancomycin-dose-entered-in-grams", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dose186}")
f, drug = orders(8)
ref = m(f, drug)
# the order screen for vancomycin and the other antibiotics takes the dose in grams
g = f.clone()
g[:, 0] = f[:, 0] / 1000.0
out = m(g, drug)
assert ((out[:, 0] - ref[:, 0]).abs() < 0.05 * ref[:, 0]).all(), f"fraction of max dose: {out[:, 0]} vs {ref[:, 0]}"
""", "The doses are sent in grams where the checker expects mg, so every dose looks like a "
       "thousandth of the maximum and an overdose passes, without an error.", "Convert grams "
       "to mg (x 1000) before the call.", needs=("r",), match=r"AssertionError")


def case_25():
    return _d("case_25", "pump-syringe-driver-firmware-rate-in-ml-per-minute", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pump186}")
log = infusions(4, 256)
ref = m(log)
# the new syringe drivers' firmware logs the rate in mL/min
permin = log.clone()
permin[:, 0] = log[:, 0] / 60.0
out = m(permin)
assert ((out[:, 1] - ref[:, 1]).abs() < 0.05 * ref[:, 1]).all(), f"mL infused: {out[:, 1]} vs {ref[:, 1]}"
""", "The syringe drivers log the rate in mL/min where the pump scorer expects mL/h, so the "
       "volume infused comes out 60 times too low, without an error.", "Convert mL/min to "
       "mL/h (x 60) before the call.", needs=("s",), match=r"AssertionError")


def case_26():
    return _d("case_26", "cabinet-on-hand-counted-in-boxes-of-ten", "numerical", "run", """
m = torch._inductor.aoti_load_package("{cabinet186}")
use, drug, onhand = dispenses(6, 28)
ref = m(use, drug, onhand)
# the wholesaler's order screen gives the stock on hand in boxes of 10
boxes = (onhand / 10.0).round()
out = m(use, drug, boxes)
assert ((out[:, 1] - ref[:, 1]).abs() < 0.2 * ref[:, 1]).all(), f"days of stock: {out[:, 1]} vs {ref[:, 1]}"
""", "The stock on hand is sent in boxes of 10 where the forecaster expects units, so every "
       "pocket seems to run out ten times sooner (and falls below par), without an error.",
       "Multiply boxes by the pack size before the call.", needs=("r",),
       match=r"AssertionError")


def case_27():
    return _d("case_27", "steward-wbc-in-cells-per-microlitre-from-new-analyser", "numerical", "run", """
m = torch._inductor.aoti_load_package("{steward186}")
g, labs, cls = courses(8, 10)
ref = m(g, labs, cls)
# the lab's new haematology analyser reports the WBC in cells per microlitre
ul = labs.clone()
ul[:, 0] = labs[:, 0] * 1000.0
p = m(g, ul, cls)
assert ((p - ref).abs() < 0.05).all(), f"de-escalation probability: {p} vs {ref}"
""", "The WBC is sent in cells/uL (e.g. 12000) where the stewardship score expects 10^9/L "
       "(12), so no course is ever proposed for de-escalation, without an error.", "Divide "
       "cells/uL by 1000 before the call.", needs=("s",), match=r"AssertionError")


def case_28():
    return _d("case_28", "scan-handheld-reads-digits-right-to-left", "numerical", "run", """
m = torch._inductor.aoti_load_package("{scan186}")
g = scans(8)
ref = m(g).argmax(1)
# the handheld's driver returns the digits last-first when the label is scanned upside down
rev = g.flip(1)
got = m(rev).argmax(1)
assert (got == ref).all(), f"products matched: {got} vs {ref}"
""", "The digits of upside-down scans come last-first, so the barcode matcher names other "
       "products, without an error.", "Use the driver's normalised digit order (or reverse "
       "the digits back) before the call.", needs=("r",), match=r"AssertionError")


# -------------------------------------------------------------- run: device and resources
def case_29():
    return _d("case_29", "dose-orders-moved-to-cuda-by-research-helper", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dose186}")
# the order-batching helper was copied from the pharmacy research group's GPU notebook
def batch_orders(n):
    f, drug = orders(n)
    return f.to("cuda"), drug.to("cuda")
out = m(*batch_orders(8))
""", "The order helper, copied from the research group's GPU notebook, moves the orders to "
       "CUDA on the pharmacy's CPU server, whose torch has no CUDA, while the package is "
       "compiled for CPU.", "Drop the .to('cuda') (keep the orders on the CPU, as the package "
       "expects).", needs=("r",), match=r"CUDA|cuda")


def case_30():
    return _d("case_30", "scan-year-of-bedside-scans-in-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{scan186}")
logits = m(scans(8))          # the morning round's scans matched fine
# the medication-safety audit re-matches the year's 150000 bedside scans in one call
g = scans(150000)
# the audit VM's container leaves the job 32 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 32 * 2**20, vm + 32 * 2**20))
logits = m(g)
""", "The year's 150000 scans are matched in one call; its digit embeddings (67 MB) and "
       "(150000, 300) logits (180 MB) exceed the 32 MiB the container leaves the job.", "Match the "
       "scans in chunks (e.g. 5000 a call) and keep only the best product of each.",
       needs=("r",), match=r"allocate|memory")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30]



# ------------------------------------------------------------------- dropped after trial 1
def dropped_01():
    return _m("dropped_01", "pumpnw-quarterly-weights-pushed-as-whole-state-dict", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{pumpnw186}")
# the biomedical engineers' quarterly retrain hands over model.state_dict(); the
# infusion-safety server pushes it as it is and asks for a full update
retrained = Pump().eval()
m.load_constants(retrained.state_dict(), check_full_update=True)
out = m(infusions(4, 256))
""", "The whole state dict of the retrained pump scorer is pushed into the weightless package; "
       "the package's constants are only some of those tensors (get_constant_fqns() has no "
       "biases), so the update names a constant the package does not have.", "Push only the "
       "package's constants: {k: sd[k] for k in m.get_constant_fqns()}.", needs=("s",),
       match=r"[Cc]onstant not found")


def dropped_02():
    return _m("dropped_02", "pumpnw-weights-from-float64-retrain-notebook", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{pumpnw186}")
# the engineers' retrain notebook runs in double precision; its weights are pushed as they are
retrained = Pump().eval()
sd = {k: v.double() for k, v in retrained.state_dict().items()}
m.load_constants({k: sd[k] for k in m.get_constant_fqns()}, check_full_update=True)
x = infusions(4, 256)
out = m(x)
ref = retrained(x)
assert torch.allclose(out, ref, atol=1e-3), f"anomaly, mL infused: {out} vs {ref}"
""", "The retrained weights are pushed as float64 into a package compiled for float32 "
       "constants; the update is accepted without a word and the kernels read the double "
       "buffers as floats, so the anomaly scores come out wrong (NaN) without an error.",
       "Convert the weights to float32 before the push (v.float()).", needs=("s",),
       match=r"AssertionError")


def dropped_03():
    return _d("dropped_03", "scan-digits-as-ascii-bytes-from-serial-scanner", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{scan186}")
# the serial barcode scanner at the bedside returns the code as bytes; the developer makes a
# tensor straight from them
raw = [b"00312345678906", b"10312345000017", b"00370030036406"]
g = torch.tensor([list(r) for r in raw])
logits = m(g)
""", "The scanned codes are turned into tensors from their ASCII bytes (48..57 for '0'..'9') "
       "instead of the digits 0..9, indexing past the barcode package's 10-row digit table.",
       "Subtract ord('0') (or parse the digits) before the call.", needs=("r",),
       match=r"index out of bounds")


# Trial 1 (the full run, 30 cases, torch 2.13.0+cpu): all 30 failed as labelled. Three were
# then dropped because a closer grep (made while trial 1 ran) found their triggers taken; each
# was replaced under its number (see live_blind186.notes.md):
# dropped_01 (then case_07): a model's whole state_dict pushed with a full update, refused for a
# name the package does not hold, is live_blind163's, 164's and 55's -> case_07 is now the
# package whose .so the hospital gateway's endpoint protection deletes (kernel_binary_missing).
# dropped_02 (then case_11): float64 weights pushed with load_constants into a float32 package is
# tests/fixtures/capture_cpu_logs.py's and many sets' (live_blind36, 110, 118, 121, 163 ..) ->
# case_11 is now the stewardship labs handed over as a list of two columns (input_mismatch).
# dropped_03 (then case_22): characters sent as their ASCII codes into a small table is
# live_blind141 case_19's (car letters as ASCII codes) -> case_22 is now AHFS class codes as the
# stewardship class.
DROPPED = [dropped_01, dropped_02, dropped_03]
# Did not fail: none.
TRIED: list = []
# Not written (found by the grep before any trial): the patient's weight in pounds
# (live_blind131); Keras (in, out) kernels pushed with load_constants (live_blind100); a
# transposed (non-contiguous) tensor pushed with load_constants (live_blind11, 46); the legacy
# aot_compile with options={"aot_inductor.package": True} handed to aot_load (live_blind.py
# case_14); calling the package with keyword arguments (live_blind113, 116).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind186.jsonl",
        url_file="benchmarks/live_blind186.py", id_prefix="live186", stems=STEMS,
        scratch_prefix="live_blind186-", description=__doc__.splitlines()[0]))
