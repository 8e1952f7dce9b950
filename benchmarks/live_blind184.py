"""A hundred-and-eighty-fourth blind set of REAL AOTInductor failures (a water treatment plant), triggered live with torch 2.13.0.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind184.py [--out benchmarks/live_blind184.jsonl] [--keep]

Theme: a city's drinking-water treatment plant (a chlorine dosing controller from the raw
water's flow, turbidity, pH and temperature with a 6-row chlorine-demand table of the dosing
points; a filter backwash scheduler over each rapid gravity filter's hourly headloss, oldest
hour first, with a 12-row clean-bed headloss table and the hours since the last backwash; a
distribution-network leak detector matching acoustic loggers' night features against a
256-signature leak library; a pump station telemetry scorer over discharge pressure and motor
current logged every 10 s, with the minutes the duty pump ran; a lab results checker from each
sample's measured value and dilution with a 10-row regulatory limit table; a mains burst-risk
estimator from the pipe material of each 10 m segment with a 12-row burst-rate table; and a
lab checker whose below-detection-limit rule is a Python-only custom op), exported, compiled,
loaded and run as the plant's operators, its lab and its developer would. Built on torch
2.13.0+cpu. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind183.py (their TRIED lists included). Building the set
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
POINTS = 6       # chlorine dosing points 0..5: 0 pre-chlorination, 1 contact tank inlet,
                 # 2 contact tank outlet, 3 clear-water tank, 4 high-lift pumps, 5 booster
FILTERS = 12     # rapid gravity filters 0..11
SIGS = 256       # leak signatures in the acoustic library
FEAT = 32        # night features per acoustic logger
ANALYTES = 10    # 0 nitrate, 1 nitrite, 2 lead, 3 arsenic, 4 fluoride, 5 iron, 6 manganese,
                 # 7 aluminium, 8 trihalomethanes, 9 bromate
MATERIALS = 12   # pipe materials 0..11 (cast iron, ductile iron, PVC, PE, AC, steel, ...)

def raw_water(n=8):
    # (n, 4): flow ML/d 20..120, turbidity NTU 0.5..30, pH 6.5..8.5, temperature C 2..22;
    # dosing point (n,) 0..5
    f = torch.stack([20.0 + 100.0 * torch.rand(n), 0.5 + 29.5 * torch.rand(n),
                     6.5 + 2.0 * torch.rand(n), 2.0 + 20.0 * torch.rand(n)], -1)
    return f, torch.arange(n) % POINTS

def headloss(n=6, h=48):
    # hourly headloss m of each filter (n, h), oldest hour first; filter (n,) 0..11;
    # hours since the last backwash (n,)
    hr = torch.arange(h).float()[None]
    hl = 0.4 + 0.2 * torch.rand(n, 1) + (0.01 + 0.02 * torch.rand(n, 1)) * hr
    return hl + 0.005 * torch.randn(n, h), torch.arange(n) % FILTERS, (h + 10.0 * torch.rand(n)).round()

def loggers(n=8):
    # night features of acoustic loggers on the network (n, 32)
    return torch.randn(n, FEAT)

def telemetry(n=4, t=256):
    # pump station telemetry, one reading every 10 s (n, 2, t): discharge pressure kPa, motor
    # current A; the duty pump runs in the middle of the window
    k = torch.arange(t).float()[None].expand(n, t)
    run = ((k > t * 0.2) & (k < t * 0.8)).float()
    pres = 150.0 + 300.0 * run + 5.0 * torch.randn(n, t)
    amps = 2.0 + 40.0 * run + 1.0 * torch.randn(n, t)
    return torch.stack([pres, amps], 1)

def samples(n=8):
    # lab results (n, 2): measured value mg/L, dilution factor; analyte (n,) 0..9
    v = 0.001 + 0.05 * torch.rand(n)
    dil = torch.tensor([1.0, 2.0, 5.0, 10.0])[torch.arange(n) % 4]
    return torch.stack([v, dil], -1), torch.arange(n) % ANALYTES

def mains(n=4, seg=200):
    # pipe material of each 10 m segment along a main (n, seg), codes 0..11
    return torch.randint(0, MATERIALS, (n, seg))
"""

MODELS = DATA + """
class Dose(torch.nn.Module):
    # raw water (n, 4), dosing point (n,) -> (n,) chlorine dose mg/L
    def __init__(self):
        super().__init__()
        self.demand = torch.nn.Embedding(POINTS, 1)          # base chlorine demand mg/L
        with torch.no_grad():
            self.demand.weight.copy_(torch.tensor([0.8, 1.0, 1.2, 0.9, 1.5, 1.1])[:, None])
        self.register_buffer("coef", torch.tensor([0.004, 0.04, 0.3, 0.02]))
    def forward(self, f, point):
        return 0.2 + torch.relu(self.demand(point).squeeze(-1) + (f * self.coef).sum(-1) - 2.0)

class Backwash(torch.nn.Module):
    # headloss (n, h) m hourly oldest first, filter (n,), hours since backwash (n,) -> (n, 2):
    # next hour's headloss m, hours until the 2.5 m backwash trigger (or the 72 h run limit)
    def __init__(self):
        super().__init__()
        self.clean = torch.nn.Embedding(FILTERS, 1)          # clean-bed headloss m
        with torch.no_grad():
            self.clean.weight.copy_(torch.linspace(0.35, 0.55, FILTERS)[:, None])
    def forward(self, hl, filt, since):
        h = hl.shape[1]
        slope = ((hl[:, -1] - hl[:, 0]) / (h - 1)).clamp(min=1e-3)
        nxt = torch.maximum(hl[:, -1] + slope, self.clean(filt).squeeze(-1))
        until = torch.minimum((2.5 - nxt) / slope, 72.0 - since)
        return torch.stack([nxt, until], -1)

class Leak(torch.nn.Module):
    # logger night features (n, 32) -> (n, 256) cosine similarity to each leak signature
    def __init__(self):
        super().__init__()
        self.register_buffer("sigs", torch.nn.functional.normalize(torch.randn(SIGS, FEAT), dim=1))
    def forward(self, x):
        return torch.nn.functional.normalize(x, dim=1) @ self.sigs.T

class Pump(torch.nn.Module):
    # telemetry (n, 2, t) every 10 s -> (n, 2): anomaly probability, minutes the duty pump ran
    # (motor current >= 20 A with discharge pressure >= 300 kPa)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(2, 4, 5)
        self.head = torch.nn.Linear(4, 1)
        self.register_buffer("mu", torch.tensor([300.0, 25.0])[None, :, None])
        self.register_buffer("sd", torch.tensor([150.0, 20.0])[None, :, None])
    def forward(self, x):
        h = torch.relu(self.c((x - self.mu) / self.sd)).mean(-1)
        ran = ((x[:, 1] >= 20.0) & (x[:, 0] >= 300.0)).float().sum(-1) * (10.0 / 60.0)
        return torch.stack([torch.sigmoid(self.head(h).squeeze(-1)), ran], -1)

class Lab(torch.nn.Module):
    # results (n, 2): value mg/L, dilution; analyte (n,) -> (n, 2): reported mg/L, fraction of limit
    def __init__(self):
        super().__init__()
        self.limit = torch.nn.Embedding(ANALYTES, 1)         # regulatory limit mg/L
        with torch.no_grad():
            self.limit.weight.copy_(torch.tensor([50.0, 0.5, 0.01, 0.01, 1.5, 0.2, 0.05, 0.2,
                                                  0.1, 0.01])[:, None])
    def forward(self, r, analyte):
        rep = r[:, 0] * r[:, 1]
        return torch.stack([rep, rep / self.limit(analyte).squeeze(-1)], -1)

class Mains(torch.nn.Module):
    # material codes (n, s) of 10 m segments -> (n,) expected bursts a year
    def __init__(self):
        super().__init__()
        self.rate = torch.nn.Embedding(MATERIALS, 1)         # bursts a year per 10 m segment
        with torch.no_grad():
            self.rate.weight.copy_(torch.linspace(0.0002, 0.004, MATERIALS)[:, None])
    def forward(self, seg):
        return self.rate(seg).squeeze(-1).sum(1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
import numpy as np
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
rw = Dim("readings", min=2, max=5000)
build("dose184", Dose().eval(), raw_water(8), dynamic_shapes=({0: rw}, {0: rw}))
fl, hr = Dim("filters", min=2, max=48), Dim("hours", min=6, max=168)
build("backwash184", Backwash().eval(), headloss(6, 48), dynamic_shapes=({0: fl, 1: hr}, {0: fl}, {0: fl}))
lg = Dim("loggers", min=2, max=100000)
build("leak184", Leak().eval(), (loggers(8),), dynamic_shapes=({0: lg},))
# the lab's rule for results below the limit of detection (reported as half the LOD), written
# in numpy by the lab's data analyst
@torch.library.custom_op("plant184::below_lod", mutates_args=())
def below_lod(value: torch.Tensor) -> torch.Tensor:
    a = value.numpy().copy()
    lod = 0.002
    a[a < lod] = lod / 2.0
    return torch.from_numpy(a)
@below_lod.register_fake
def _(value):
    return torch.empty_like(value)
class LabLod(Lab):
    def forward(self, r, analyte):
        v = torch.ops.plant184.below_lod(r[:, 0])
        return super().forward(torch.stack([v, r[:, 1]], -1), analyte)
sm2 = Dim("samples", min=2, max=2000)
build("lablod184", LabLod().eval(), samples(8), dynamic_shapes=({0: sm2}, {0: sm2}))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
st, t = Dim("stations", min=2, max=64), Dim("readings", min=32, max=4096)
build("pump184", Pump().eval(), (telemetry(4, 256),), dynamic_shapes=({0: st, 2: t},))
sm = Dim("samples", min=2, max=2000)
build("lab184", Lab().eval(), samples(8), dynamic_shapes=({0: sm}, {0: sm}))
mn, sg = Dim("mains", min=2, max=64), Dim("segments", min=8, max=1 << 20)
build("mains184", Mains().eval(), (mains(4, 200),), dynamic_shapes=({0: mn, 1: sg},))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"dose184", "backwash184", "leak184", "lablod184", "pump184", "lab184", "mains184",
         "dose_rtu184", "dose_unit184"}

# every child seeds torch, so the example data (and the numerical cases' references) repeat
PRE = "import math\nimport torch\ntorch.manual_seed(184)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "dose-storm-boost-python-if-on-raw-turbidity", "export_failure", "export", """
from torch.export import Dim
class DoseStorm(Dose):
    # after heavy rain the raw water turns brown: the shift chemist boosts the dose by half
    # when any reading is above 20 NTU, and the developer wrote it as a Python if
    def forward(self, f, point):
        d = super().forward(f, point)
        if f[:, 1].max() > 20.0:
            d = d * 1.5
        return d
rw = Dim("readings", min=2, max=5000)
ep = torch.export.export(DoseStorm().eval(), raw_water(8), dynamic_shapes=({0: rw}, {0: rw}))
""", "The dosing controller boosts the dose inside a Python if on the raw water's turbidity "
       "values (f[:, 1].max() > 20), a branch on the data that torch.export cannot trace.",
       "Express the boost with tensor ops (torch.where(f[:, 1].amax() > 20, 1.5, 1.0) * d) or "
       "torch.cond.", match=r"data-dependent|GuardOnDataDependent")


def case_02():
    return _m("case_02", "dose-ph-from-probe-millivolts-with-numpy-calibration", "export_failure", "export", """
import numpy as np
from torch.export import Dim
class DoseMv(Dose):
    # the new pH probe reports millivolts; the instrument tech's two-point calibration
    # (slope -59.16 mV/pH at 25 C, 0 mV at pH 7) was pasted from his notebook, in numpy
    def forward(self, f, point):
        mv = f[:, 2].detach().numpy()
        ph = torch.from_numpy(np.float32(7.0) - mv / np.float32(59.16))
        return super().forward(torch.stack([f[:, 0], f[:, 1], ph, f[:, 3]], -1), point)
rw = Dim("readings", min=2, max=5000)
f, point = raw_water(8)
f[:, 2] = (7.0 - f[:, 2]) * 59.16
ep = torch.export.export(DoseMv().eval(), (f, point), dynamic_shapes=({0: rw}, {0: rw}))
""", "The dosing controller converts the probe's millivolts to pH with numpy inside forward "
       "(f[:, 2].detach().numpy()); during export the input is a FakeTensor without data, so "
       "the numpy call cannot be traced.", "Do the calibration with torch ops "
       "(7.0 - f[:, 2] / 59.16) inside forward.", match=r"numpy|FakeTensor|[Dd]ata|storage")


def case_03():
    return _m("case_03", "backwash-step-headloss-until-trigger-with-while-loop", "export_failure", "export", """
from torch.export import Dim
class BackwashSteps(Backwash):
    # the old scheduler spreadsheet steps each filter an hour at a time until its headloss
    # reaches 2.5 m; the developer ported the macro as a while loop
    def forward(self, hl, filt, since):
        out = super().forward(hl, filt, since)
        slope = (hl[:, -1] - hl[:, 0]) / (hl.shape[1] - 1)
        level, hours = hl[:, -1].max(), 0
        while level < 2.5 and hours < 72:
            level = level + slope.max()
            hours += 1
        return out, torch.full_like(since, float(hours))
fl, hr = Dim("filters", min=2, max=48), Dim("hours", min=6, max=168)
ep = torch.export.export(BackwashSteps().eval(), headloss(6, 48),
                         dynamic_shapes=({0: fl, 1: hr}, {0: fl}, {0: fl}))
""", "The scheduler steps the filters' headloss with a Python while loop whose condition "
       "compares a tensor value (the highest headloss) with the 2.5 m trigger, a data-dependent "
       "branch torch.export cannot trace.", "Compute the hours in closed form "
       "((2.5 - level) / slope, clamped to 72) with tensor ops.",
       match=r"data-dependent|GuardOnDataDependent")


def case_04():
    return _m("case_04", "leak-features-axis-dynamic-for-next-logger-generation", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the next generation of acoustic loggers reports 48 night features; the developer marks the
# feature axis dynamic so the same package can take both, but the signature library has 32
lg, ft = Dim("loggers", min=2, max=100000), Dim("features", min=16, max=64)
ep = torch.export.export(Leak().eval(), (loggers(8),), dynamic_shapes=({0: lg, 1: ft},))
""", "The feature axis is declared dynamic (16..64) while the leak library's 32-column "
       "signature buffer fixes it to 32 through the matmul, so export refuses the dynamic "
       "specification.", "Keep the feature axis static (32) and build a second library for the "
       "48-feature loggers.", match=r"Constraints violated|specializ|features")


def case_05():
    return _m("case_05", "lab-results-and-analytes-given-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the developer gives each input its own batch Dim, as in the LIMS export's two tables
res, ana = Dim("results", min=2, max=2000), Dim("analytes", min=2, max=2000)
ep = torch.export.export(Lab().eval(), samples(8), dynamic_shapes=({0: res}, {0: ana}))
""", "The results and the analyte ids are given separate batch Dims, but the checker combines "
       "them row by row, so export finds the two must be equal and refuses the specification.",
       "Use one Dim for both inputs' first axis.", match=r"Constraints violated|must always be equal|equal")


# --------------------------------------------------------------------------- compile phase
def case_06():
    return _m("case_06", "dose-cxx-from-dosing-skid-plc-sdk-profile", "compile_toolchain", "compile", """
from torch.export import Dim
# the developer's laptop also builds the dosing skid's PLC runtime; its SDK profile exports CXX
# as the skid's PowerPC cross compiler, which was not copied to the plant's build server
rw = Dim("readings", min=2, max=5000)
ep = torch.export.export(Dose().eval(), raw_water(8), dynamic_shapes=({0: rw}, {0: rw}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dose_rtu184.pt2")
""", "CXX is set by the dosing skid PLC SDK's profile to its PowerPC cross compiler, which is "
       "not installed on the build server, so Inductor finds no working C++ compiler for the "
       "package.", "Unset CXX (or point it at the host g++) in the build server's shell.",
       env={"CXX": "/opt/skid-plc-sdk/2.4/bin/powerpc-e500v2-linux-gnuspe-g++"},
       match=r"InvalidCxxCompiler|No working C\+\+ compiler")


# ------------------------------------------------------------ run (numbered with the compile case)
def case_07():
    return _d("case_07", "backwash-filter-back-in-service-two-hours", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{backwash184}")
# filters 3 and 9 were backwashed at 06:00; at 08:00 the shift asks when they are next due
hl, filt, since = headloss(2, 2)
out = m(hl, filt, since)
""", "The freshly backwashed filters have two hours of headloss, below the fewest hours the "
       "backwash package accepts (its hours Dim was declared with min=6).", "Wait for six "
       "hours of readings (or export the scheduler with a smaller minimum).", needs=("r",),
       env=CHECK, match=r"dim value is too small")


# ------------------------------------------------------------------------------ load phase
def case_08():
    return _d("case_08", "lablod-compliance-report-server-without-lab-ops", "unsupported", "load", """
# the monthly compliance report runs on the regulator-facing report server, with torch and the
# .pt2 files; the lab_ops module that registers the below-LOD rule stayed on the analyst's PC
m = torch._inductor.aoti_load_package("{lablod184}")
out = m(*samples(8))
""", "The lab package calls the Python-only custom op plant184::below_lod, which only the "
       "analyst's lab_ops module registers; the report server never imports it, so the package "
       "cannot resolve the op when it is loaded.", "Install and import the module that "
       "registers the op before aoti_load_package (or write the LOD rule with torch.where).",
       needs=("r",), match=r"Could not find schema|plant184::below_lod")


def case_09():
    return _d("case_09", "leak-library-pushed-under-vendor-export-key", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{leak184}")
# the acoustic logger vendor's portal exports the updated signature library as
# {"leak_library": tensor}; the operator pushes it as it comes
lib = torch.nn.functional.normalize(torch.randn(SIGS, FEAT), dim=1)
m.load_constants({"leak_library": lib}, check_full_update=False)
sims = m(loggers(8))
""", "The updated leak signatures are pushed under the vendor portal's key 'leak_library', "
       "which is not a constant of the leak package (its buffer is 'sigs').", "Push the tensor "
       "under the package's own name (see m.get_constant_fqns()).", needs=("r",),
       match=r"[Cc]onstant not found|leak_library")


def case_10():
    return _d("case_10", "leak-library-grown-to-300-signatures-pushed", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{leak184}")
# the vendor added 44 signatures for the new plastic mains; the operator pushes the grown
# library into the package built for 256
lib = torch.nn.functional.normalize(torch.randn(300, FEAT), dim=1)
m.load_constants({"sigs": lib}, check_full_update=False)
import sys
sys.stderr.write("signature library pushed: %d signatures\\n" % lib.shape[0])
sys.stderr.flush()
sims = m(loggers(8))
""", "A 300-signature library is pushed into a package whose 'sigs' constant is 256 x 32; "
       "load_constants takes it without a size check and overruns the constant, corrupting the "
       "heap, so the process aborts at the next allocation (the features for the first call).", "Re-export the leak model "
       "with the 300-signature library (or push exactly 256 signatures).", needs=("r",),
       expect="crash", match=r"Aborted|malloc|Segmentation fault")


# ------------------------------------------------------------------------ run: dynamic dims
def case_11():
    return _d("case_11", "leak-one-logger-left-on-trunk-main", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{leak184}")
# after the loggers were moved to the new district, one logger is left on the trunk main
sims = m(loggers(1))
""", "A single logger's features are scored, below the fewest rows the leak package accepts "
       "(its loggers Dim was declared with min=2).", "Pad the batch to two rows (or export "
       "with min=1).", needs=("r",), env=CHECK, match=r"dim value is too small")


def case_12():
    return _d("case_12", "dose-year-of-hourly-readings-all-points-replay", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dose184}")
# the annual report replays a year of hourly readings at every dosing point in one call
f, point = raw_water(8760)
d = m(f, point)
""", "A year of hourly readings (8760 rows) is dosed in one call, above the most rows the "
       "dose package accepts (its readings Dim was declared with max=5000).", "Replay the "
       "year in batches of at most 5000 readings.", needs=("r",), env=CHECK,
       match=r"dim value is too large")


def case_13():
    return _d("case_13", "pump-tripped-after-three-minutes-short-log", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pump184}")
# the duty pump tripped on overcurrent three minutes after start: the event log holds 18 readings
log = telemetry(2, 18)
out = m(log)
""", "The trip event's log has 18 readings, below the fewest the pump package accepts (its "
       "readings Dim was declared with min=32).", "Score short trip logs with a package "
       "exported for them (or pad to the minimum).", needs=("s",), env=CHECK,
       match=r"dim value is too small")


def case_14():
    return _d("case_14", "backwash-drought-filter-ran-ten-days", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{backwash184}")
# in the drought the low demand let the filters run ten days without a backwash
hl, filt, since = headloss(6, 240)
out = m(hl, filt, since)
""", "Ten days of hourly headloss (240 hours) are sent, above the most hours the backwash "
       "package accepts (its hours Dim was declared with max=168).", "Send the last 168 hours "
       "(hl[:, -168:]).", needs=("r",), env=CHECK, match=r"dim value is too large")


def case_15():
    return _d("case_15", "mains-short-service-connection-three-segments", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{mains184}")
# the hospital's service connections are 30 m long: three 10 m segments each
seg = torch.randint(0, MATERIALS, (2, 3))
b = m(seg)
""", "The service connections have 3 segments, below the fewest the mains package accepts "
       "(its segments Dim was declared with min=8).", "Pad short pipes with a zero-rate "
       "material or estimate them without the model.", needs=("s",), env=CHECK,
       match=r"dim value is too small")


# ------------------------------------------------------------------------------ run: inputs
def case_16():
    return _d("case_16", "lab-results-from-lims-in-double-precision", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lab184}")
r, analyte = samples(8)
# the LIMS export keeps results to 6 significant figures, so the lab script reads them as float64
r64 = r.double()
out = m(r64, analyte)
""", "The lab results are read as float64 from the LIMS export while the lab package was "
       "compiled for float32.", "Convert with .float() before the call.", needs=("s",),
       env=CHECK, match=r"unmatched dtype")


def case_17():
    return _d("case_17", "pump-historian-export-time-major", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pump184}")
log = telemetry(4, 256)
# the SCADA historian exports one row per timestamp with the two tags as columns: (n, t, 2)
hist = log.permute(0, 2, 1).contiguous()
out = m(hist)
""", "The historian's export is time-major (stations, readings, tags) while the pump package "
       "was compiled for (stations, tags, readings).", "Permute the export to (n, 2, t) "
       "before the call.", needs=("s",), env=CHECK,
       match=r"unmatched dim value|dim value is too small")


def case_18():
    return _d("case_18", "backwash-run-timer-in-minutes-from-filter-hmi", "numerical", "run", """
m = torch._inductor.aoti_load_package("{backwash184}")
hl, filt, since = headloss(6, 48)
ref = m(hl, filt, since)
# the filter HMI's run timer counts minutes since the last backwash; the scheduler takes hours
mins = since * 60.0
out = m(hl, filt, mins)
assert ((out - ref).abs() < 0.5).all(), f"next headloss m, hours left: {out} vs {ref}"
""", "The time since the last backwash is sent in minutes where the scheduler expects hours, "
       "so every filter seems far past its 72 h run limit (hundreds of hours overdue), without "
       "an error.", "Divide the HMI's minutes by 60 before the call.", needs=("r",),
       match=r"AssertionError")


def case_19():
    return _d("case_19", "dose-new-analyser-adds-uv254-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dose184}")
f, point = raw_water(8)
# the new raw-water analyser also reports UV254 absorbance, appended as a fifth column
f5 = torch.cat([f, 0.05 + 0.1 * torch.rand(8, 1)], -1)
d = m(f5, point)
""", "The raw water table has five columns (UV254 added) while the dose package was exported "
       "for four.", "Drop the UV254 column (f5[:, :4]) or re-export the model with it.",
       needs=("r",), env=CHECK, match=r"unmatched dim value")


# ----------------------------------------------------------------------------- run: indices
def case_20():
    return _d("case_20", "dose-point-as-pid-chemical-pump-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dose184}")
f, _ = raw_water(6)
# the operators know the dosing points by their P&ID chemical pump numbers CP-11 .. CP-16
cp = torch.tensor([11, 12, 13, 14, 15, 16])
d = m(f, cp)
""", "The dosing points are given by their P&ID pump numbers (11..16) instead of the point "
       "index 0..5, indexing past the dose package's 6-row demand table.", "Map the pump "
       "number to the index (cp - 11) before the call.", needs=("r",),
       match=r"index out of bounds")


def case_21():
    return _d("case_21", "backwash-filter-numbers-from-gallery-plates", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{backwash184}")
hl, _, since = headloss(6, 48)
# the filters carry plates numbered 1..12 along the gallery; the operator types those
plate = torch.tensor([2, 4, 6, 8, 10, 12])
out = m(hl, plate, since)
""", "The filters are given by their gallery plate numbers 1..12 instead of the index 0..11, "
       "so filter 12 indexes past the backwash package's 12-row clean-bed table.", "Subtract "
       "one (plate - 1) before the call.", needs=("r",), match=r"index out of bounds")


def case_22():
    return _d("case_22", "lab-analyte-as-lims-method-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lab184}")
r, _ = samples(4)
# the LIMS identifies each result by its analytical method number (ion chromatography 3001,
# ICP-MS 2008, ...), and the lab script passes that through
method = torch.tensor([3001, 3001, 2008, 2008])
out = m(r, method)
""", "The analytes are given by the LIMS method numbers (2008, 3001) instead of the analyte "
       "index 0..9, indexing past the lab package's 10-row limit table.", "Map each method "
       "and analyte to its index before the call.", needs=("s",), match=r"index out of bounds")


def case_23():
    return _d("case_23", "mains-gis-asset-class-codes-for-material", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mains184}")
# the pressure zone's 48 mains, 400 segments each; the GIS export gives each segment's asset
# class code (0..199), not the model's material index (0..11)
seg = torch.randint(0, 200, (48, 400))
b = m(seg)
""", "The GIS asset class codes (0..199) are sent where material indices 0..11 are expected, "
       "indexing past the mains package's 12-row burst-rate table.", "Map the asset class "
       "codes to the model's material index before the call.", needs=("s",),
       match=r"index out of bounds")


# ------------------------------------------------------------------------------ run: values
def case_24():
    return _d("case_24", "dose-flow-tag-rescaled-to-litres-per-second", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dose184}")
f, point = raw_water(8)
ref = m(f, point)
# the SCADA integrator rescaled the raw water flow tag to L/s during the upgrade; the model
# still expects ML/d
ls = f.clone()
ls[:, 0] = f[:, 0] * 1e6 / 86400.0
d = m(ls, point)
assert ((d - ref).abs() < 0.1).all(), f"chlorine dose mg/L: {d} vs {ref}"
""", "The raw water flow is sent in L/s where the dosing model expects ML/d, so the flow term "
       "is 11.6 times too large and every dose comes out mg/L too high, without an error.",
       "Convert L/s to ML/d (x 0.0864) before the call.", needs=("r",),
       match=r"AssertionError")


def case_25():
    return _d("case_25", "backwash-new-transmitters-report-headloss-in-cm", "numerical", "run", """
m = torch._inductor.aoti_load_package("{backwash184}")
hl, filt, since = headloss(6, 48)
ref = m(hl, filt, since)
# the replacement differential pressure transmitters are scaled in cm of water column
cm = hl * 100.0
out = m(cm, filt, since)
assert ((out - ref).abs() < 0.5).all(), f"next headloss m, hours left: {out} vs {ref}"
""", "The headloss is sent in cm where the scheduler expects m, so every filter looks far past "
       "its 2.5 m trigger (negative hours left), without an error.", "Divide the cm by 100 "
       "before the call (or rescale the transmitters).", needs=("r",),
       match=r"AssertionError")


def case_26():
    return _d("case_26", "lab-dilution-entered-as-aliquot-fraction", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lab184}")
r, analyte = samples(8)
ref = m(r, analyte)
# the new bench sheet asks for the aliquot fraction (1 mL made up to 10 mL -> 0.1), and the
# technicians type that in the dilution column instead of the factor (10)
frac = r.clone()
frac[:, 1] = 1.0 / r[:, 1]
out = m(frac, analyte)
assert ((out - ref).abs() <= 0.05 * ref.abs() + 1e-6).all(), f"reported mg/L, fraction of limit: {out} vs {ref}"
""", "The dilution column holds the aliquot fraction (0.1) where the checker expects the "
       "dilution factor (10), so every diluted result is reported up to a hundred times too "
       "low and passes its limit, without an error.", "Enter the dilution factor (1 / "
       "fraction) or convert it before the call.", needs=("s",), match=r"AssertionError")


def case_27():
    return _d("case_27", "pump-new-us-transmitters-report-psi", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pump184}")
log = telemetry(4, 256)
ref = m(log)
# the replacement discharge pressure transmitters came from a US supplier, scaled in psi
psi = log.clone()
psi[:, 0] = log[:, 0] / 6.895
out = m(psi)
assert ((out[:, 1] - ref[:, 1]).abs() < 1.0).all(), f"minutes run: {out[:, 1]} vs {ref[:, 1]}"
""", "The discharge pressure is sent in psi where the model expects kPa, so it never reaches "
       "the 300 kPa running threshold and every pump seems to have run 0 minutes, without an "
       "error.", "Convert psi to kPa (x 6.895) before the call.", needs=("s",),
       match=r"AssertionError")


def case_28():
    return _d("case_28", "mains-gis-resegmented-at-5-metres", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mains184}")
seg = mains(2, 200)
ref = m(seg)
# the new GIS splits every main into 5 m segments (each 10 m segment becomes two)
fine = seg.repeat_interleave(2, 1)
b = m(fine)
assert ((b - ref).abs() < 0.1 * ref).all(), f"bursts a year: {b} vs {ref}"
""", "The mains are sent in 5 m segments while the burst-rate table is per 10 m segment, so "
       "every main seems to burst twice as often, without an error.", "Merge the segments to "
       "10 m (or halve the estimate).", needs=("s",), match=r"AssertionError")


# -------------------------------------------------------------- run: device and resources
def case_29():
    return _d("case_29", "leak-loggers-sent-to-cuda-by-data-science-helper", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{leak184}")
# the night-feature helper came from the data-science team's GPU server and ends with
# .to("cuda:0"), as there
def night_features(n):
    return loggers(n).to("cuda:0")
sims = m(night_features(8))
""", "The feature helper copied from the data-science GPU server moves the features to "
       "cuda:0 on the plant's CPU-only control-room PC, while the leak package is compiled for "
       "CPU.", "Drop the .to('cuda:0') (keep the features on the CPU).", needs=("r",),
       match=r"CUDA|cuda")


def case_30():
    return _d("case_30", "leak-every-customer-meter-logger-in-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{leak184}")
sims = m(loggers(8))          # the district's loggers matched fine
# the smart-meter rollout adds an acoustic sensor to every customer meter: 60000 in one call
feats = loggers(60000)
# the control-room VM's cgroup leaves the job 32 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 32 * 2**20, vm + 32 * 2**20))
sims = m(feats)
""", "All 60000 meters are matched in one call; the (60000, 256) similarity output (61 MB) "
       "exceeds the 32 MiB the VM leaves the job.", "Match the meters in chunks (e.g. 5000 a "
       "call) and keep only the best match.", needs=("r",), match=r"allocate|memory")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30]

# ------------------------------------------------------------------- dropped after trial 1
def dropped_01():
    return _m("dropped_01", "dose-returns-units-string-next-to-dose", "unsupported", "compile", """
from torch.export import Dim
class DoseUnits(Dose):
    # the HMI shows the unit next to the set point, so the developer returns it from forward
    def forward(self, f, point):
        return super().forward(f, point), "mg/L"
rw = Dim("readings", min=2, max=5000)
ep = torch.export.export(DoseUnits().eval(), raw_water(8), dynamic_shapes=({0: rw}, {0: rw}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dose_unit184.pt2")
""", "forward returns a Python string (the unit 'mg/L') next to the dose tensor; AOTInductor "
       "compiles only models whose outputs are tensors (or symbolic sizes).", "Return the "
       "tensor only and keep the unit in the HMI code.",
       match=r"AssertionError|InductorError|str|output")


# dropped_01 (then case_07) failed in trial 1 (an exception while compiling), but a grep made
# while trial 1 ran found the trigger taken: live_blind180, 182 and 183 each return a unit
# string from forward "so the dashboard prints the unit next to" the numbers.
def dropped_02():
    return _d("dropped_02", "backwash-old-hmi-client-omits-hours-since-backwash", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{backwash184}")
hl, filt, since = headloss(6, 48)
# the filter gallery's old HMI client was written before the hours-since-backwash input existed
out = m(hl, filt)
""", "The old HMI client calls the backwash package with two inputs while it was exported "
       "with three (headloss, filter, hours since backwash).", "Send the hours since the last "
       "backwash as the third input.", needs=("r",),
       match=r"[Ss]pec|tree|argument|input")


# dropped_02 (then case_18) failed as labelled in trial 1 (`expected inputs vector size to be 3,
# but got 2`), but reading the trial texts sent me back to the grep: live_blind129 case_11 (a
# water utility's v1 dashboard client that sends only the levels to a two-input package) is
# the same trigger. Replaced by the filter HMI's run timer in minutes (numerical).
DROPPED = [dropped_01, dropped_02]


# ------------------------------------------------------------------- did not fail in trial 1
def tried_01():
    return _d("tried_01", "dose-request-handler-passes-inputs-as-one-list", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dose184}")
f, point = raw_water(8)
# the HMI's request handler collects the model inputs into one list and passes that on
inputs = [f, point]
d = m(inputs)
""", "The request handler passes the two inputs as one Python list while the dose package was "
       "exported for two positional tensors, so the call does not match the package's input "
       "spec.", "Unpack the list (m(*inputs)).", needs=("r",),
       match=r"[Ss]pec|tree|argument|input")


# tried_01 was written as the replacement of dropped_01 while trial 1 ran; a probe on trial 1's
# dose package (a copy of dose184.pt2) showed it does not fail: the package's __call__ flattens
# the list into its two tensors and returns the same doses as m(f, point). It was not kept;
# case_07 is now the freshly backwashed filters' two-hour history.
TRIED = [tried_01]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind184.jsonl",
        url_file="benchmarks/live_blind184.py", id_prefix="live184", stems=STEMS,
        scratch_prefix="live_blind184-", description=__doc__.splitlines()[0]))
