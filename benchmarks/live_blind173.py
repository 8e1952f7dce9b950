"""A hundred-and-seventy-third blind set of REAL AOTInductor failures (pottery studios), triggered live with torch 2.11.0.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind173.py [--out benchmarks/live_blind173.jsonl] [--keep]

Theme: pottery studios (a kiln firing-curve planner over the controller's per-minute temperature
log; a glaze colour predictor from a recipe's weight percentages and a 24-row material colour
table; a clay shrinkage estimator with a 10-row clay body table; a crack-risk scorer from hourly
drying-room conditions and the clay's moisture and wall thickness; a wheel-throwing class
booking forecaster over weekly seats booked; a kiln load packing model with an 8-row glaze
clearance table; and a firing planner whose Orton cone lookup is a Python-only custom op),
exported, compiled, loaded and run as a studio's potters, its kiln technician, its class office
and its developer would. Built on torch 2.11.0 (the CUDA 13 build, on a CPU-only machine):
there the runtime's own messages (input checks, kernel index checks, allocation failures) go to
stderr while the exception says only `run_func_(...) API call failed`. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind172.py
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
MATERIALS = 24   # the glaze colour table, index 0..23 (0 silica, 1 kaolin, ... 23 rutile)
BODIES = 10      # clay bodies, index 0..9 (0 white earthenware ... 9 porcelain)
GLAZES = 8       # glaze families for packing clearance, index 0..7 (0 unglazed ... 7 runny celadon)
WHEELS = 12      # wheels in the throwing room: seats per class

def firings(n=4, t=600):
    # kiln controller log (n, 1, t): temperature C once a minute, ramp at 2..3 C/min to a peak
    # of 1180..1240 C and a hold
    m = torch.arange(t).float()[None]
    peak = 1180.0 + 60.0 * torch.rand(n, 1)
    rate = 2.0 + 1.0 * torch.rand(n, 1)
    return (torch.minimum(20.0 + rate * m, peak) + 2.0 * torch.randn(n, t))[:, None]

def recipes(n=6, k=6):
    # weight percent of each material (n, k), summing to 100; material (n, k) 0..23
    raw = torch.rand(n, k) + 0.05
    return raw / raw.sum(1, keepdim=True) * 100.0, torch.stack(
        [torch.randperm(MATERIALS)[:k] for _ in range(n)])

def pieces(n=8):
    # (n, 2): wet (thrown) length mm 150..400, firing temperature C 1180..1260; body (n,) 0..9
    f = torch.stack([150.0 + 250.0 * torch.rand(n), 1180.0 + 80.0 * torch.rand(n)], -1)
    return f, torch.arange(n) % BODIES

def drying(n=6, h=72):
    # hourly drying-room log (n, h, 3): relative humidity %, air C, airflow m/s; clay (n, 2):
    # moisture % on the dry basis 18..26, wall thickness mm 5..15
    rh = 40.0 + 40.0 * torch.rand(n, 1) + 5.0 * torch.randn(n, h)
    air = 18.0 + 6.0 * torch.rand(n, 1) + torch.randn(n, h)
    flow = (0.2 + 0.8 * torch.rand(n, 1) + 0.1 * torch.randn(n, h)).clamp(min=0.0)
    clay = torch.stack([18.0 + 8.0 * torch.rand(n), 5.0 + 10.0 * torch.rand(n)], -1)
    return torch.stack([rh, air, flow], -1), clay

def seats(n=6, w=26):
    # seats booked per week per class (n, w), oldest week first, 0..12 wheels
    base = 4.0 + 6.0 * torch.rand(n, 1)
    return (base + 1.5 * torch.randn(n, w)).clamp(0.0, float(WHEELS)).round()

def loads(n=4, p=20):
    # (n, p, 2) fired height cm 8..35, foot diameter cm 6..30; glaze family (n, p) 0..7
    f = torch.stack([8.0 + 27.0 * torch.rand(n, p), 6.0 + 24.0 * torch.rand(n, p)], -1)
    return f, torch.randint(0, GLAZES, (n, p))
"""

MODELS = DATA + """
class FiringCurve(torch.nn.Module):
    # (n, 1, t) kiln temperature C per minute -> (n, 3): peak C, mean ramp C/min, overfire risk
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(1, 4, 9, stride=4)
        self.c2 = torch.nn.Conv1d(4, 4, 5, stride=2)
        self.head = torch.nn.Linear(4, 1)
    def forward(self, x):
        peak = x[:, 0].amax(-1)
        ramp = (x[:, 0, -1] - x[:, 0, 0]) / (x.shape[2] - 1)
        h = torch.relu(self.c2(torch.relu(self.c1(x / 1000.0)))).mean(-1)
        return torch.stack([peak, ramp, torch.sigmoid(self.head(h).squeeze(-1)
                                                      + 0.05 * (peak - 1240.0))], -1)

class GlazeColour(torch.nn.Module):
    # pct (n, k) weight %, material (n, k) 0..23 -> (n, 3) fired colour RGB 0..1
    def __init__(self):
        super().__init__()
        self.colour = torch.nn.Embedding(MATERIALS, 3)
    def forward(self, pct, material):
        return torch.sigmoid((pct[..., None] * self.colour(material)).sum(1) / 25.0)

class Shrinkage(torch.nn.Module):
    # feat (n, 2) wet length mm, firing C; body (n,) -> (n,) fired length mm
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Embedding(BODIES, 1)              # total shrinkage % at 1222 C
        with torch.no_grad():
            self.body.weight.copy_(torch.linspace(8.0, 14.0, BODIES)[:, None])
    def forward(self, feat, body):
        s = self.body(body).squeeze(-1) * (1.0 + 0.002 * (feat[:, 1] - 1222.0))
        return feat[:, 0] * (1.0 - s / 100.0)

class CrackRisk(torch.nn.Module):
    # log (n, h, 3) RH %, air C, airflow m/s per hour; clay (n, 2) moisture % dry basis, wall mm
    # -> (n,) crack risk 0..1
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(3, 8)
        self.head = torch.nn.Linear(8, 1)
    def forward(self, log, clay):
        z = torch.stack([log[..., 0] / 100.0, log[..., 1] / 40.0, log[..., 2] / 2.0], -1)
        h = torch.relu(self.l(z)).mean(1)
        return torch.sigmoid(self.head(h).squeeze(-1) + 0.15 * (clay[:, 0] - 22.0)
                             + 0.1 * (clay[:, 1] - 8.0) + 0.8 * (log[..., 2].mean(1) - 0.5)
                             - 0.04 * (log[..., 0].mean(1) - 60.0))

class ClassBook(torch.nn.Module):
    # weekly seats booked (n, w), oldest first -> (n, 4) seats for the next four weeks
    def forward(self, s):
        w = s.shape[1]
        wt = 0.7 ** torch.arange(w, dtype=s.dtype).flip(0)
        level = (s * wt[None]).sum(1) / wt.sum()
        trend = (s[:, -4:].mean(1) - s[:, :4].mean(1)) / w
        k = torch.arange(1, 5, dtype=s.dtype)
        return (level[:, None] + trend[:, None] * k[None]).clamp(min=0.0)

class KilnLoad(torch.nn.Module):
    # pcs (n, p, 2) fired height cm, foot diameter cm; glaze (n, p) -> (n, 2): shelves needed,
    # tallest piece cm
    def __init__(self):
        super().__init__()
        self.gap = torch.nn.Embedding(GLAZES, 1)               # clearance cm around a piece
        with torch.no_grad():
            self.gap.weight.copy_(torch.linspace(0.5, 2.5, GLAZES)[:, None])
    def forward(self, pcs, glaze):
        d = pcs[..., 1] + 2.0 * self.gap(glaze).squeeze(-1)
        area = (math.pi / 4.0 * d * d).sum(1)
        return torch.stack([area / 2000.0, pcs[..., 0].amax(1)], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
fr, mn = Dim("firings", min=1, max=20000), Dim("minutes", min=120, max=1440)
build("fire173", FiringCurve().eval(), (firings(4, 600),), dynamic_shapes=({0: fr, 2: mn},))
rc, ing = Dim("recipes", min=1, max=500), Dim("ingredients", min=2, max=10)
build("glaze173", GlazeColour().eval(), recipes(6, 6), dynamic_shapes=({0: rc, 1: ing}, {0: rc, 1: ing}))
pc = Dim("pieces", min=1, max=4000)
build("shrink173", Shrinkage().eval(), pieces(8), dynamic_shapes=({0: pc}, {0: pc}))
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
wp, hr = Dim("ware", min=1, max=1000), Dim("hours", min=6, max=168)
build("crack173", CrackRisk().eval(), drying(6, 72), dynamic_shapes=({0: wp, 1: hr}, {0: wp}))
cl, wk = Dim("classes", min=1, max=200), Dim("weeks", min=5, max=52)
build("class173", ClassBook().eval(), (seats(6, 26),), dynamic_shapes=({0: cl, 1: wk},))
ld, pp = Dim("loads", min=1, max=100), Dim("pots", min=2, max=120)
build("kiln173", KilnLoad().eval(), loads(4, 20), dynamic_shapes=({0: ld, 1: pp}, {0: ld, 1: pp}))
# the firing report names the Orton cone the peak reached (self-supporting cones, 60 C/h), numpy
CONE_C = np.array([1063.0, 1086.0, 1102.0, 1119.0, 1135.0, 1155.0, 1186.0, 1197.0, 1217.0,
                   1222.0, 1240.0, 1263.0, 1280.0, 1305.0], dtype=np.float32)
@torch.library.custom_op("pot173::to_cone", mutates_args=())
def to_cone(peak: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.searchsorted(CONE_C, peak.numpy()).astype(np.float32))
@to_cone.register_fake
def _(peak):
    return torch.empty_like(peak)
class FiringCone(FiringCurve):
    def forward(self, x):
        out = super().forward(x)
        return torch.cat([out, torch.ops.pot173.to_cone(out[:, 0].contiguous())[:, None]], -1)
fr2, mn2 = Dim("firings", min=1, max=20000), Dim("minutes", min=120, max=1440)
build("firecone173", FiringCone().eval(), (firings(4, 600),), dynamic_shapes=({0: fr2, 2: mn2},))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"fire173", "glaze173", "shrink173", "crack173", "class173", "kiln173", "firecone173",
         "shrink_q173"}

# every child seeds torch, so the example data (and the numerical cases' references) repeat
PRE = "import math\nimport torch\ntorch.manual_seed(173)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}
# torch 2.11: the runtime's own line goes to stderr, the exception carries only this
OPAQUE = r"run_func_\(.*API call failed"

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "glaze-batch-total-rescaled-by-python-if", "export_failure", "export", """
class GlazeBatch(GlazeColour):
    # the glaze calculator's rule: a recipe whose batch total comes to more than 100.5 % (the
    # colourant additions written on top) is rescaled to 100 first
    def forward(self, pct, material):
        if pct.sum(-1).max() > 100.5:
            pct = pct / pct.sum(-1, keepdim=True) * 100.0
        return super().forward(pct, material)
ep = torch.export.export(GlazeBatch().eval(), recipes(6, 6))
""", "The glaze model decides in a Python if whether a recipe's batch total is above 100.5 % and "
       "must be rescaled, a branch on the data that torch.export cannot trace.",
       "Rescale unconditionally with tensor ops (pct / pct.sum(-1, keepdim=True) * 100), or do "
       "the check before the call.", match=r"data-dependent|GuardOnDataDependent")


def case_02():
    return _m("case_02", "firing-log-asserted-under-kiln-rated-max", "export_failure", "export", """
class FiringChecked(FiringCurve):
    # the kiln technician refuses a log that went above the kiln's rated 1300 C in forward
    def forward(self, x):
        assert (x < 1300.0).all(), "log above the kiln's rated maximum (1300 C)"
        return super().forward(x)
ep = torch.export.export(FiringChecked().eval(), (firings(4, 600),))
""", "The firing planner checks the kiln's rated maximum with a Python assert on the log's "
       "values inside forward, which torch.export cannot evaluate while tracing.",
       "Check the log before the call (or use torch._check / a masked output in the model).",
       match=r"data-dependent|GuardOnDataDependent")


def case_03():
    return _m("case_03", "firing-minutes-dim-for-test-kiln-ten-minutes", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the test kiln's glaze test-tile firings log only 10 minutes, so the minutes Dim starts at 10
mn = Dim("minutes", min=10, max=1440)
ep = torch.export.export(FiringCurve().eval(), (firings(4, 600),), dynamic_shapes=({2: mn},))
""", "The minutes Dim is declared from 10 for the test kiln's short firings, but the two strided "
       "convolutions of the firing planner need many more minutes, so export refuses the declared "
       "range.", "Declare the minutes Dim from 33 (export's suggested min=25 is still refused on "
       "torch 2.11: the second convolution's output may not be of length 1), or pad short "
       "test-kiln logs.",
       match=r"Constraints violated|minutes")


# ------------------------------------------------------------------------ run: dynamic dims
def case_04():
    return _d("case_04", "firing-three-day-wood-firing-log", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fire173}")
# the anagama wood firing runs three days: 4320 minutes of log in one call
out = m(firings(2, 4320))
""", "The three-day wood firing's log has 4320 minutes, above the most minutes the firing "
       "package accepts (its minutes Dim was declared with max=1440, one day); on torch 2.11 the "
       "input check's words go to stderr.", "Plan the wood firing in one-day windows (or "
       "re-export with a minutes Dim up to three days).", needs=("r",), env=CHECK,
       match=OPAQUE)


def case_05():
    return _d("case_05", "crack-planter-dried-two-weeks-under-plastic", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{crack173}")
# the big garden planters dry slowly under plastic: 14 days of hourly readings
log, clay = drying(3, 336)
out = m(log, clay)
""", "The planters' two-week drying log has 336 hourly readings, above the most hours the "
       "crack-risk package accepts (its hours Dim was declared with max=168, a week); the input "
       "check's words go to stderr on torch 2.11.", "Score the last week of the log (or re-export "
       "with a longer hours Dim).", needs=("s",), env=CHECK, match=OPAQUE)


def case_06():
    return _d("case_06", "kiln-load-single-platter", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{kiln173}")
# the commission platter fills the kiln alone: one piece per load
pcs, glaze = loads(3, 1)
out = m(pcs, glaze)
""", "A load with a single platter has a pots axis of 1, below the fewest pots the kiln load "
       "package accepts (its pots Dim was declared with min=2); the input check's words go to "
       "stderr on torch 2.11.", "Pack single-piece loads without the model (or re-export with a "
       "pots Dim from 1 and an example of several pots).", needs=("s",), env=CHECK, match=OPAQUE)


def case_07():
    return _d("case_07", "glaze-line-blend-600-recipes", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{glaze173}")
# the glaze lab's triaxial line blend: 600 test recipes predicted in one call
out = m(*recipes(600, 6))
""", "The line blend's 600 test recipes are sent in one call, above the most recipes the glaze "
       "package accepts (its recipes Dim was declared with max=500); the input check's words go "
       "to stderr on torch 2.11.", "Predict the blend in batches of at most 500 recipes (or "
       "re-export with a larger recipes Dim).", needs=("r",), env=CHECK, match=OPAQUE)


def case_08():
    return _d("case_08", "class-book-new-class-two-weeks-history", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{class173}")
# the new Saturday beginners' class has run for two weeks
out = m(seats(3, 2))
""", "The new class has two weeks of bookings, below the fewest weeks the class-booking package "
       "accepts (its weeks Dim was declared with min=5); the input check's words go to stderr on "
       "torch 2.11.", "Forecast new classes from a default until they have five weeks (or "
       "re-export the forecaster for shorter histories).", needs=("s",), env=CHECK, match=OPAQUE)


# ------------------------------------------------------------------------------ run: inputs
def case_09():
    return _d("case_09", "firing-two-zone-kiln-top-and-bottom-thermocouples", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fire173}")
# the new two-zone kiln logs its top and bottom thermocouples; both are sent as channels
top, bottom = firings(4, 600), firings(4, 600)
out = m(torch.cat([top, bottom], 1))
""", "The two-zone kiln's top and bottom thermocouple logs arrive as two channels, (firings, 2, "
       "minutes), while the firing package was exported for one; the input check's words go to "
       "stderr on torch 2.11.", "Plan each zone as its own log (or the hotter zone) before the "
       "call.", needs=("r",), env=CHECK, match=OPAQUE)


def case_10():
    return _d("case_10", "shrinkage-features-stacked-on-default-axis", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{shrink173}")
feat, body = pieces(8)
# the studio app keeps wet length and firing temperature in separate fields; the developer joins
# them with torch.stack, whose default axis is 0
length, temp = feat[:, 0], feat[:, 1]
out = m(torch.stack([length, temp]), body)
""", "The two feature fields are joined with torch.stack on its default axis 0, giving a (2, "
       "pieces) tensor where the shrinkage package takes (pieces, 2); the input check's words go "
       "to stderr on torch 2.11.", "Stack on the last axis: torch.stack([length, temp], -1).",
       needs=("r",), env=CHECK, match=OPAQUE)


# ----------------------------------------------------------------------------- run: indices
def case_11():
    return _d("case_11", "glaze-materials-numbered-from-calculator-alphabetical-list", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{glaze173}")
pct, _ = recipes(6, 6)
# the recipes come from the glaze calculator, whose material ids are its alphabetical list 1..68
ids = torch.tensor([3, 17, 25, 41, 52, 66]).expand(6, 6).contiguous()
out = m(pct, ids)
""", "The materials are numbered by the glaze calculator's alphabetical list (1..68) instead of "
       "the model's material index 0..23, indexing past the glaze package's 24-row colour table "
       "(the kernel's index check goes to stderr on torch 2.11).", "Map the calculator's ids to "
       "the model's material index before the call.", needs=("r",), match=OPAQUE)


def case_12():
    return _d("case_12", "shrinkage-body-as-pug-mill-batch-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{shrink173}")
feat, _ = pieces(8)
# the shelf labels give the clay by the pug mill batch it came from: 2407, 2411, ...
batch = torch.tensor([2407, 2411, 2419, 2502, 2407, 2411, 2419, 2502])
out = m(feat, batch)
""", "The pug mill batch numbers (2407..2502) are sent where the shrinkage package expects the "
       "clay body index 0..9, indexing far past its 10-row body table (the kernel's index check "
       "goes to stderr on torch 2.11).", "Look up each batch's clay body index before the call.",
       needs=("r",), match=OPAQUE)


def case_13():
    return _d("case_13", "kiln-load-glaze-as-studio-bucket-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{kiln173}")
pcs, _ = loads(4, 20)
# the glazing sheet records the bucket on the glaze wall each pot was dipped in: 101..118
bucket = torch.randint(101, 119, (4, 20))
out = m(pcs, bucket)
""", "The glaze wall's bucket numbers (101..118) are sent where the kiln load package expects "
       "the glaze family index 0..7, indexing past its 8-row clearance table (the kernel's index "
       "check goes to stderr on torch 2.11).", "Map each bucket to its glaze family before the "
       "call.", needs=("s",), match=OPAQUE)


# ------------------------------------------------------------------------------ run: values
def case_14():
    return _d("case_14", "firing-wireless-probe-rise-above-ambient", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fire173}")
x = firings(4, 600)
ref = m(x)
# the new wireless probe reports the kiln's rise above the room temperature (20 C), not C
rise = x - 20.0
out = m(rise)
assert ((out[:, 0] - ref[:, 0]).abs() < 5.0).all(), f"peak C: {out[:, 0]} vs {ref[:, 0]}"
""", "The wireless probe's log is the rise above room temperature, 20 C lower than the kiln "
       "temperature the planner expects, so every peak reads 20 C low and the overfire risk "
       "drops, without an error.", "Add the room temperature back (or log absolute C) before "
       "the call.", needs=("r",), match=r"AssertionError")


def case_15():
    return _d("case_15", "shrinkage-firing-given-as-cone-number", "numerical", "run", """
m = torch._inductor.aoti_load_package("{shrink173}")
feat, body = pieces(8)
ref = m(feat, body)
# the booking form asks "fired to?" and the potters write the cone: 6, 10, ...
cone = feat.clone()
cone[:, 1] = torch.tensor([6.0, 6.0, 10.0, 6.0, 5.0, 6.0, 10.0, 6.0])
out = m(cone, body)
assert ((out - ref).abs() < 0.01 * ref).all(), f"fired length mm: {out} vs {ref}"
""", "The firing temperature is given as the Orton cone number (6, 10) instead of degrees C, so "
       "the shrinkage comes out negative and every fired length is longer than the wet one, "
       "without an error.", "Convert the cone to its temperature (cone 6 -> 1222 C) before the "
       "call.", needs=("r",), match=r"AssertionError")


def case_16():
    return _d("case_16", "crack-moisture-on-wet-basis", "numerical", "run", """
m = torch._inductor.aoti_load_package("{crack173}")
log, clay = drying(6, 72)
ref = m(log, clay)
# the new moisture balance reports water as a share of the wet weight, not of the dry clay
wet = clay.clone()
wet[:, 0] = 100.0 * clay[:, 0] / (100.0 + clay[:, 0])
out = m(log, wet)
assert ((out - ref).abs() < 0.02).all(), f"crack risk: {out} vs {ref}"
""", "The moisture balance reports water on the wet basis (about 20 % where the dry basis is "
       "25 %), while the crack model was trained on the dry basis, so every risk comes out low, "
       "without an error.", "Convert to the dry basis (w / (100 - w) * 100) before the call.",
       needs=("s",), match=r"AssertionError")


def case_17():
    return _d("case_17", "crack-airflow-as-fan-cfm-rating", "numerical", "run", """
m = torch._inductor.aoti_load_package("{crack173}")
log, clay = drying(6, 72)
ref = m(log, clay)
# the drying room's logger records the fan's setting as its CFM rating instead of the air speed
cfm = log.clone()
cfm[..., 2] = torch.where(log[..., 2] > 0.6, 1200.0, 600.0)
out = m(cfm, clay)
assert ((out - ref).abs() < 0.02).all(), f"crack risk: {out} vs {ref}"
""", "The airflow is logged as the fan's CFM rating (600 / 1200) while the crack model expects "
       "the air speed over the ware in m/s, so every piece scores as near-certain to crack, "
       "without an error.", "Log the air speed at the shelves in m/s (or convert the fan's "
       "flow with the room's cross-section) before the call.", needs=("s",),
       match=r"AssertionError")


def case_18():
    return _d("case_18", "glaze-recipe-as-unity-molecular-formula", "numerical", "run", """
m = torch._inductor.aoti_load_package("{glaze173}")
pct, material = recipes(6, 6)
ref = m(pct, material)
# the glaze chemistry software exports the recipe as a unity molecular formula (moles), not %
umf = pct / 100.0 * 3.0
out = m(umf, material)
assert ((out - ref).abs() < 0.02).all(), f"fired RGB: {out} vs {ref}"
""", "The recipe is sent as the chemistry software's unity molecular formula (moles, a few "
       "units) instead of weight percent, so every glaze is predicted as a flat mid grey, without "
       "an error.", "Export the batch recipe in weight percent (or convert the UMF back) before "
       "the call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _d("case_19", "class-book-occupancy-percent-for-seats", "numerical", "run", """
m = torch._inductor.aoti_load_package("{class173}")
s = seats(6, 26)
ref = m(s)
# the new booking system reports each week's occupancy in % of the 12 wheels, not seats
occ = s / WHEELS * 100.0
out = m(occ)
assert ((out - ref).abs() < 0.1 * ref + 0.5).all(), f"seats next four weeks: {out} vs {ref}"
""", "The booking system's weekly occupancy in percent of the 12 wheels is sent as seats booked, "
       "so the forecast is about eight times the wheels the room has, without an error.",
       "Convert occupancy to seats (occ / 100 * 12) before the call.", needs=("s",),
       match=r"AssertionError")


def case_20():
    return _d("case_20", "kiln-load-sized-from-greenware", "numerical", "run", """
m = torch._inductor.aoti_load_package("{kiln173}")
pcs, glaze = loads(4, 20)
ref = m(pcs, glaze)
# the potters measure their pots on the drying shelf, before the bisque: 12 % larger than fired
green = pcs * 1.12
out = m(green, glaze)
assert ((out - ref).abs() < 0.05 * ref).all(), f"shelves, tallest cm: {out} vs {ref}"
""", "The pieces are measured as greenware, about 12 % larger than fired, while the kiln load "
       "model expects fired sizes, so every load asks for about a quarter more shelf area, "
       "without an error.", "Scale greenware sizes by the body's shrinkage (or measure the "
       "bisqueware) before the call.", needs=("s",), match=r"AssertionError")


def case_21():
    return _d("case_21", "shrinkage-table-pushed-as-fractions", "numerical", "run", """
m = torch._inductor.aoti_load_package("{shrink173}")
feat, body = pieces(8)
ref = m(feat, body)
# the clay supplier's new data sheet gives total shrinkage as a fraction (0.08 .. 0.14)
frac = torch.linspace(0.08, 0.14, 10)[:, None]
m.load_constants({"body.weight": frac}, check_full_update=False)
out = m(feat, body)
assert ((out - ref).abs() < 0.01 * ref).all(), f"fired length mm: {out} vs {ref}"
""", "The supplier's shrinkage figures are pushed as fractions while the body table holds "
       "percent, so the package predicts almost no shrinkage and every fired length equals the "
       "wet one, without an error.", "Multiply the fractions by 100 before load_constants.",
       needs=("r",), match=r"AssertionError")


# ----------------------------------------------------------------------------- run: weights
def case_22():
    return _d("case_22", "glaze-colours-keyed-with-model-class-name", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{glaze173}")
# the retraining script names every pushed tensor after the model's class: f"{cls}.{key}"
cls = "GlazeColour"
table = {f"{cls}.colour.weight": torch.rand(24, 3)}
m.load_constants(table, check_full_update=False)
out = m(*recipes(6, 6))
""", "The retrained colour table is pushed as 'GlazeColour.colour.weight', the key prefixed with "
       "the model's class name, while the package names the constant 'colour.weight'.",
       "Push it under the package's own name (see m.get_constant_fqns()).", needs=("r",),
       match=r"[Cc]onstant not found")


def case_23():
    return _d("case_23", "shrinkage-table-keyed-by-spreadsheet-tab", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{shrink173}")
# the studio's update script keys the table by the supplier spreadsheet's tab name
table = {"Shrinkage %": torch.linspace(8.5, 13.5, 10)[:, None]}
m.load_constants(table, check_full_update=False)
out = m(*pieces(8))
""", "The new shrinkage table is pushed under the supplier spreadsheet's tab name 'Shrinkage %', "
       "which is not one of the package's constants ('body.weight').", "Push it as "
       "'body.weight' (see m.get_constant_fqns()).", needs=("r",),
       match=r"[Cc]onstant not found")


# -------------------------------------------------------------- run: resources, device, ops
def case_24():
    return _d("case_24", "firing-archive-since-opening-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{fire173}")
# the studio's anniversary report re-plans every firing since it opened, in one call
x = firings(16000, 1440)
# the report runs in a container that leaves the planner 64 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 64 * 2**20, vm + 64 * 2**20))
out = m(x)
""", "All 16000 firings of the archive (1440 minutes each) are planned in one call, and the "
       "call's buffers (92 MB for the scaled copy of the log alone) exceed the container's 64 MiB "
       "memory margin; the allocator's words go to stderr on torch 2.11.", "Plan the archive in "
       "batches of a few hundred firings.", needs=("r",), match=OPAQUE)


def case_25():
    return _d("case_25", "firing-device-picked-by-device-count-at-least-zero", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fire173}")
# "use the GPU if there is one": the check was written as device_count() >= 0
dev = "cuda" if torch.cuda.device_count() >= 0 else "cpu"
x = firings(4, 600).to(dev)
out = m(x)
""", "The serving script picks CUDA whenever torch.cuda.device_count() >= 0, which is always "
       "true, so the log is moved to CUDA on the studio's GPU-less PC while the package is "
       "compiled for CPU.", "Test device_count() > 0 (or torch.cuda.is_available()), or keep "
       "the CPU tensors the package was compiled for.", needs=("r",),
       match=r"CUDA|cuda|NVIDIA|driver")


def case_26():
    return _m("case_26", "shrinkage-cxx-shell-default-syntax-from-env-file", "compile_toolchain", "compile", """
# the build script reads the compiler from the studio's .env file, written for a shell:
# CXX=${KILN_CXX:-g++} ; Python takes the text after '=' as it is
line = "CXX=${KILN_CXX:-g++}"
cxx = line.split("=", 1)[1]
ep = torch.export.export(Shrinkage().eval(), pieces(8))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/shrink_q173.pt2",
                                               inductor_configs={"cpp.cxx": (None, cxx)})
""", "The compiler is read from a .env line written in shell default-value syntax, so Inductor "
       "is given the literal '${KILN_CXX:-g++}' as its C++ compiler and finds no working "
       "compiler.", "Expand the value the way the shell would (or write CXX=g++ in the file).",
       match=r"InvalidCxxCompiler|No working C\+\+ compiler")


def case_27():
    return _d("case_27", "firing-cone-op-import-swallowed-by-try-except", "unsupported", "load", """
# kiln_ops.py registers the Orton cone lookup; the report script imports it "if available", but
# the module sits in the notebook folder, not on the server's path
try:
    import kiln_ops
except ImportError:
    pass
m = torch._inductor.aoti_load_package("{firecone173}")
out = m(firings(4, 600))
""", "The cone package calls the Python-only custom op pot173::to_cone through the proxy "
       "executor, and the import of the module that registers it fails silently (try / except "
       "ImportError: pass), so the load does not find the op.", "Put kiln_ops on the server's "
       "path and import it unguarded before aoti_load_package (or look the cone up with "
       "torch.searchsorted).", needs=("s",), match=r"pot173|to_cone|schema")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]

# failed as labelled in trial 1 but dropped: the grep found the same mistake in another set
DROPPED: list = [
    "shrinkage-length-and-temperature-as-separate-inputs (input_mismatch, trial 1's case_10: "
    "'expected inputs vector size to be 2, but got 3'; live_blind148 sends sire and dam columns "
    "as two tensors; replaced by torch.stack on its default axis)",
    "crack-half-hour-log-thinned-with-step-slice (input_mismatch, trial 1's case_11: the input "
    "check's 'unmatched stride value at 1, expected: 3, but got: 6' on stderr; live_blind170 "
    "feeds a step-2 slice of an interleaved chart)",
]
# did not fail as labelled
TRIED: list = [
    "crack-last-three-days-of-week-buffer (input_mismatch, tried as case_11 in trial 4): "
    "buf[:, -72:] of a (4, 168, 3) buffer, strides (504, 3, 1) where the contiguous (4, 72, 3) "
    "has (216, 3, 1), ran with AOTI_RUNTIME_CHECK_INPUTS=1 without an error on torch 2.11 (the "
    "check does not compare the outermost stride) and returned wrong risks for pieces 1..3 "
    "(0.5563 / 0.4742 / 0.5894 vs 0.5510 / 0.5242 / 0.5765 from the contiguous copy); not "
    "relabelled, dropped; the cases after it were renumbered (12..28 -> 11..27)",
]
# In trial 1 (28 cases) 26 failed as labelled; case_08 and case_20 (now case_19) failed to load
# their package because the class-booking package did not build: export refused weeks Dim
# min=4 (`s[:, -4:]` guards weeks != 4). The weeks Dim now starts at 5 (case_08's cause says
# min=5); both then failed as labelled (trial 2, --only). case_03's fix was reworded after
# trial 1 (min=25, export's own suggestion, is still refused on torch 2.11; min=33 exports:
# probe). case_10's new trigger failed as labelled in trial 3. No label was changed.
# Not written (found by the grep): atomic numbers as a table index (live_blind30); a catalogue
# number as an index (live_blind168); an export example outside the Dim range (live_blind159,
# 141); int(argmax()) slicing (live_blind119, 126, 163); f-string / math.exp / np.polyval in
# forward (live_blind128, 139, 30, 167); a reshape by a fixed factor (view(n, -1, 4),
# live_blind136); a logging-interval change (live_blind170, 114); temperatures in Fahrenheit,
# tenths or kelvin; humidity as a fraction (live_blind127); sizes in inches; pandas float64
# inputs (live_blind100, 101, 107, 118, 120); weekly counts newest first; a column slice's
# strides (live_blind168, 123); a ModuleDict checkpoint key (live_blind134); the device from
# torch.backends.cuda.is_built() / torch.version.cuda / config.yaml / set_default_device
# (live_blind89, 129, 131, 154, 155 ..); torch.load of a GPU checkpoint (live_blind12); CXX
# for ARM / AVR / ESP32 / clang++ / zig / icpx / em++ / mingw / distcc / tilde paths (many sets);
# a recipe with more ingredients than the Dim (live_blind105).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind173.jsonl",
        url_file="benchmarks/live_blind173.py", id_prefix="live173", stems=STEMS,
        scratch_prefix="live_blind173-", description=__doc__.splitlines()[0]))
