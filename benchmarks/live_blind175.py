"""A hundred-and-seventy-fifth blind set of REAL AOTInductor failures (archery ranges), triggered live with torch 2.14.1.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind175.py [--out benchmarks/live_blind175.jsonl] [--keep]

Theme: archery ranges (an arrow spine selector from draw weight, arrow length and point weight
with an 8-row bow-class factor table; a wind-drift scorer from wind speed, wind angle and
distance with a 12-row shaft drag table; a target-face score predictor from each end's arrow
impacts with a 5-row ring-width table; a sight-mark table interpolator by distance over an
11-row table at 10 m steps; a bow tuning advisor from paper-test tears; a string wear estimator
from daily shot counts; a range lane booking forecaster over weekly booked lane-hours; and a
line-cutter version of the score predictor whose ring rounding is a Python-only custom op),
exported, compiled, loaded and run as an archery club's coaches, range officers, pro shop and
developer would. Built on torch 2.14.1 (the CUDA 13 build, run on a CPU-only host). No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind174.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
BOWS = 8      # bow classes 0..7 (0 olympic recurve, 1 barebow, 2 compound, 3 longbow, ...)
SHAFTS = 12   # the pro shop's shaft models 0..11 in the drag table
FACES = 5     # target faces 0..4 (0 122 cm, 1 80 cm, 2 60 cm, 3 40 cm, 4 40 cm triple spot)
MARKS = 11    # sight-mark table rows at 0, 10, ..., 100 m

def draws(n=8):
    # (n, 3): draw weight lb 20..70, arrow length in 26..32, point weight grains 80..150;
    # bow class (n,) 0..7
    f = torch.stack([20.0 + 50.0 * torch.rand(n), 26.0 + 6.0 * torch.rand(n),
                     80.0 + 70.0 * torch.rand(n)], -1)
    return f, torch.arange(n) % BOWS

def gusts(n=8):
    # (n, 3): wind speed m/s 0..8, wind angle deg from the shooting line 0..180, distance m
    # 18..90; shaft (n,) 0..11
    c = torch.stack([8.0 * torch.rand(n), 180.0 * torch.rand(n), 18.0 + 72.0 * torch.rand(n)], -1)
    return c, torch.arange(n) % SHAFTS

def ends(n=4, k=6):
    # arrow impacts (n, k, 2): x, y cm from the centre; face (n,) 0..4
    return 4.0 * torch.randn(n, k, 2), torch.arange(n) % FACES

def distances(n=8):
    # shooting distances m (n,) 18..90
    return 18.0 + 72.0 * torch.rand(n)

def tears(n=8):
    # paper-test tears (n, 4): tear dx cm, tear dy cm, nocking point height mm, brace height cm
    return torch.stack([2.0 * torch.randn(n), 2.0 * torch.randn(n), 3.0 + 6.0 * torch.rand(n),
                        20.0 + 4.0 * torch.rand(n)], -1)

def shots(n=4, d=200):
    # arrows shot per day on each string (n, 1, d)
    return (torch.rand(n, 1, 1) * 150.0 * torch.rand(n, 1, d)).round()

def lanes(n=6, w=52):
    # booked lane-hours per week per range (n, w), oldest week first
    wk = torch.arange(w).float()[None]
    base = 30.0 + 50.0 * torch.rand(n, 1)
    return (base + 8.0 * torch.sin(2.0 * math.pi * wk / 52.0) + 5.0 * torch.randn(n, w)).clamp(min=0.0).round()
"""

MODELS = DATA + """
class Spine(torch.nn.Module):
    # draws (n, 3), bow class (n,) -> (n,) recommended static spine (deflection, thousandths in)
    def __init__(self):
        super().__init__()
        self.factor = torch.nn.Embedding(BOWS, 1)           # bow-class efficiency factor
        with torch.no_grad():
            self.factor.weight.copy_(torch.linspace(0.85, 1.25, BOWS)[:, None])
    def forward(self, d, bow):
        eff = (d[:, 0] * self.factor(bow).squeeze(-1) + 2.5 * (d[:, 1] - 28.0)
               + 0.1 * (d[:, 2] - 100.0))
        return 26000.0 / (eff + 10.0)

class Drift(torch.nn.Module):
    # conditions (n, 3), shaft (n,) -> (n,) wind drift at the target cm
    def __init__(self):
        super().__init__()
        self.drag = torch.nn.Embedding(SHAFTS, 1)           # drift per (m/s * m^2), cm
        with torch.no_grad():
            self.drag.weight.copy_(torch.linspace(0.0012, 0.0030, SHAFTS)[:, None])
    def forward(self, c, shaft):
        cross = c[:, 0] * torch.sin(c[:, 1] * (math.pi / 180.0))
        return self.drag(shaft).squeeze(-1) * cross * c[:, 2] * c[:, 2]

class Group(torch.nn.Module):
    # impacts (n, k, 2) cm, face (n,) -> (n, 2): expected arrow score 0..10, group spread cm
    def __init__(self):
        super().__init__()
        self.ring = torch.nn.Embedding(FACES, 1)            # ring width cm
        with torch.no_grad():
            self.ring.weight.copy_(torch.tensor([6.1, 4.0, 3.0, 2.0, 2.0])[:, None])
    def forward(self, xy, face):
        r = torch.sqrt((xy * xy).sum(-1))
        score = (10.0 - torch.floor(r / self.ring(face))).clamp(0.0, 10.0).mean(-1)
        spread = (xy - xy.mean(1, keepdim=True)).norm(dim=-1).mean(-1)
        return torch.stack([score, spread], -1)

class Sight(torch.nn.Module):
    # distance m (n,) -> (n,) sight mark (mm on the sight bar), linear between 10 m rows
    def __init__(self):
        super().__init__()
        self.marks = torch.nn.Embedding(MARKS, 1)
        with torch.no_grad():
            d = torch.arange(MARKS).float() * 10.0
            self.marks.weight.copy_((60.0 - 0.45 * d - 0.002 * d * d)[:, None])
    def forward(self, dist):
        s = dist / 10.0
        i = torch.floor(s).long()
        f = s - i.float()
        return (self.marks(i).squeeze(-1) * (1.0 - f) + self.marks(i + 1).squeeze(-1) * f)

class Tune(torch.nn.Module):
    # tears (n, 4) -> (n, 3): nocking point move mm, rest move mm, confidence 0..1
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(4, 8)
        self.b = torch.nn.Linear(8, 1)
    def forward(self, t):
        conf = torch.sigmoid(self.b(torch.relu(self.a(t))).squeeze(-1))
        return torch.stack([-2.0 * t[:, 1], -1.5 * t[:, 0], conf], -1)

class Wear(torch.nn.Module):
    # daily arrows (n, 1, d) -> (n, 2): arrows on the string, wear 0..1 (replace near 1)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(1, 4, 7, stride=2)
        self.head = torch.nn.Linear(4, 1)
    def forward(self, x):
        total = x.sum((1, 2))
        h = torch.relu(self.c(x / 100.0)).mean(-1)
        return torch.stack([total, torch.sigmoid(self.head(h).squeeze(-1) + (total - 15000.0) / 2000.0)], -1)

class LaneCast(torch.nn.Module):
    # weekly lane-hours (n, w), oldest first -> (n, 2): next week's lane-hours, occupancy of 84 h
    def forward(self, h):
        w = h.shape[1]
        k = 0.8 ** torch.arange(w - 1, -1, -1, dtype=h.dtype)
        nxt = (h * k[None]).sum(1) / k.sum()
        return torch.stack([nxt, nxt / 84.0], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
ar = Dim("archers", min=1, max=2000)
build("spine175", Spine().eval(), draws(8), dynamic_shapes=({0: ar}, {0: ar}))
sh = Dim("shots", min=1, max=4000)
build("drift175", Drift().eval(), gusts(8), dynamic_shapes=({0: sh}, {0: sh}))
en, aw = Dim("ends", min=1, max=500), Dim("arrows", min=3, max=12)
build("group175", Group().eval(), ends(4, 6), dynamic_shapes=({0: en, 1: aw}, {0: en}))
ds = Dim("dists", min=1, max=10_000_000)
build("sight175", Sight().eval(), (distances(8),), dynamic_shapes=({0: ds},))
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
tt = Dim("tests", min=1, max=1000)
build("tune175", Tune().eval(), (tears(8),), dynamic_shapes=({0: tt},))
st, dy = Dim("strings", min=1, max=500), Dim("days", min=30, max=366)
build("wear175", Wear().eval(), (shots(4, 200),), dynamic_shapes=({0: st, 2: dy},))
rg, wk = Dim("ranges", min=1, max=100), Dim("weeks", min=8, max=104)
build("lane175", LaneCast().eval(), (lanes(6, 52),), dynamic_shapes=({0: rg, 1: wk},))
# the same wear model with its weights kept out of the .so, for the two scoring screens
st2, dy2 = Dim("strings", min=1, max=500), Dim("days", min=30, max=366)
ep = torch.export.export(Wear().eval(), (shots(4, 200),), dynamic_shapes=({0: st2, 2: dy2},))
paths["wearnw175"] = torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(out, "wearnw175.pt2"),
    inductor_configs={"aot_inductor.package_constants_in_so": False})
# line cutters: an arrow touching a ring line scores the higher ring; the club's rule, in numpy
@torch.library.custom_op("arch175::line_cut", mutates_args=())
def line_cut(rings: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.floor(rings.numpy().astype(np.float64) - 0.02)).float()
@line_cut.register_fake
def _(rings):
    return torch.empty_like(rings)
class GroupCut(Group):
    def forward(self, xy, face):
        r = torch.sqrt((xy * xy).sum(-1))
        score = (10.0 - torch.ops.arch175.line_cut(r / self.ring(face))).clamp(0.0, 10.0).mean(-1)
        return score
en2, aw2 = Dim("ends", min=1, max=500), Dim("arrows", min=3, max=12)
build("groupcut175", GroupCut().eval(), ends(4, 6), dynamic_shapes=({0: en2, 1: aw2}, {0: en2}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"spine175", "drift175", "group175", "sight175", "tune175", "wear175", "lane175",
         "wearnw175", "groupcut175", "drift_q175"}

# every child seeds torch, so the example data (and the numerical cases' references) repeat
PRE = "import math\nimport torch\ntorch.manual_seed(175)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "drift-range-closed-above-gust-limit-python-if", "export_failure", "export", """
class DriftClosed(Drift):
    # range rule: above 10 m/s the range officer closes the field; the developer returns
    # zeros early with a Python if on the strongest gust of the batch
    def forward(self, c, shaft):
        if c[:, 0].max() > 10.0:
            return torch.zeros_like(c[:, 0])
        return super().forward(c, shaft)
ep = torch.export.export(DriftClosed().eval(), gusts(8))
""", "The wind-drift scorer closes the range with a Python if on the strongest gust of the batch "
       "(c[:, 0].max() > 10), a branch on the data that torch.export cannot trace.",
       "Keep the rule in tensor ops (torch.where(c[:, 0].amax() > 10, 0, drift)) or use "
       "torch.cond.", match=r"data-dependent|GuardOnDataDependent")


def case_02():
    return _m("case_02", "group-end-split-into-two-three-arrow-halves", "dynamic_shape_guard", "export", """
from torch.export import Dim
class GroupHalves(Group):
    # the coach wants each 6-arrow end scored as two 3-arrow halves (fatigue within the end)
    def forward(self, xy, face):
        n = xy.shape[0]
        halves = xy.view(n, 2, 3, 2)
        s = super().forward(xy, face)
        return torch.cat([s, halves.norm(dim=-1).mean(-1)], -1)
en, aw = Dim("ends", min=1, max=500), Dim("arrows", min=3, max=12)
ep = torch.export.export(GroupHalves().eval(), ends(4, 6),
                         dynamic_shapes=({0: en, 1: aw}, {0: en}))
""", "The score predictor splits each end into two 3-arrow halves with view(n, 2, 3, 2), which "
       "fixes the arrows axis to 6 while the export declares it dynamic (3..12 arrows), so "
       "export refuses the specification.", "Drop the arrows Dim (export for 6-arrow ends) or "
       "compute the halves without a fixed reshape (xy[:, :k // 2], xy[:, k // 2:]).",
       match=r"arrows|specializ|Constraints violated|constant")


# ------------------------------------------------------------------------ run: dynamic dims
def case_03():
    return _d("case_03", "group-sighter-arrows-logged-as-one-arrow-ends", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{group175}")
# the coach's tablet logs each sighter (practice) arrow as an end of its own: one arrow an end
xy, face = ends(6, 1)
out = m(xy, face)
""", "The sighter arrows are logged as ends of one arrow, an arrows axis of 1, below the fewest "
       "arrows the score package accepts (its arrows Dim was declared with min=3).", "Group the "
       "sighters into one end (or score them with a package exported for 1-arrow ends).",
       needs=("r",), env=CHECK, match=r"dim value is too small")


def case_04():
    return _m("case_04", "lanes-weeks-dim-bounds-given-positionally-like-range", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the developer writes the weeks bounds the way range() takes them: Dim(name, low, high)
rg, wk = Dim("ranges", min=1, max=100), Dim("weeks", 8, 104)
ep = torch.export.export(LaneCast().eval(), (lanes(6, 52),), dynamic_shapes=({0: rg, 1: wk},))
""", "The weeks Dim's bounds are given positionally, Dim('weeks', 8, 104), as range() takes "
       "them, while Dim takes min and max only as keywords, so the dynamic-shapes "
       "specification is refused before export runs.", "Write Dim('weeks', min=8, max=104).",
       match=r"positional argument")


def case_05():
    return _d("case_05", "drift-whole-tournament-every-arrow-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{drift175}")
# the tournament report: 144 archers x 72 arrows, every arrow's wind reading in one call
c, shaft = gusts(144 * 72)
out = m(c, shaft)
""", "The tournament report sends every arrow of 144 archers' 72-arrow rounds (10368 rows) in "
       "one call, above the most rows the drift package accepts (its shots Dim was declared "
       "with max=4000).", "Score the tournament per archer or in batches of at most 4000 rows.",
       needs=("r",), env=CHECK, match=r"dim value is too large")


def case_06():
    return _d("case_06", "wear-counter-app-logs-per-end-not-per-day", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{wear175}")
# the new shot-counter app logs one entry per end (12 ends a day) instead of one per day:
# a year is 4380 entries
per_end = (torch.rand(3, 1, 4380) * 12.0).round()
out = m(per_end)
""", "The shot-counter app logs one entry per end, so a year of a string is 4380 entries, above "
       "the most days the wear package accepts (its days Dim was declared with max=366).",
       "Sum the per-end counts into days before the call.", needs=("s",), env=CHECK,
       match=r"dim value is too large")


# ------------------------------------------------------------------------------ run: inputs
def case_07():
    return _d("case_07", "sight-rangefinder-readings-via-numpy-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{sight175}")
# the laser rangefinder's readings arrive as a list of Python floats; np.array keeps float64
readings = [18.0, 25.4, 30.0, 41.7, 50.0, 60.2, 70.0, 88.9]
marks = m(torch.from_numpy(np.array(readings)))
""", "The rangefinder's distances go through np.array, which keeps them float64, while the "
       "sight package was compiled for float32 distances.", "Convert with "
       "torch.tensor(readings, dtype=torch.float32) (or .float()) before the call.",
       needs=("r",), env=CHECK, match=r"unmatched dtype")


def case_08():
    return _d("case_08", "spine-compound-checkbox-as-bow-class", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{spine175}")
d, _ = draws(8)
# the quick-fit web form only asks "compound bow?"; its checkbox is sent as the bow class
compound = torch.tensor([False, False, True, False, True, True, False, False])
spine = m(d, compound)
""", "The quick-fit form's compound checkbox is sent as the bow class, a bool tensor, while "
       "the spine package was compiled for int64 (long) class indices.", "Map the checkbox to "
       "the class index (compound -> 2, else 0) as a long tensor before the call.",
       needs=("r",), env=CHECK, match=r"unmatched dtype")


def case_09():
    return _d("case_09", "tune-paper-test-log-adds-arrow-number", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tune175}")
t = tears(8)
# the paper-test log now starts each row with the arrow's number (1..12 in the quiver)
numbered = torch.cat([torch.arange(1, 9).float()[:, None], t], 1)
advice = m(numbered)
""", "The paper-test log puts the arrow number in front of each tear, so the tears arrive with "
       "5 columns while the tuning package was exported for 4.", "Drop the arrow-number "
       "column (numbered[:, 1:]) before the call.", needs=("s",), env=CHECK,
       match=r"unmatched dim value")


def case_10():
    return _d("case_10", "lanes-forecast-screen-passes-lane-count-too", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lane175}")
# the old forecast model took the number of lanes of each range as a second input; the
# forecast screen still passes it
n_lanes = torch.tensor([12.0, 8.0, 16.0, 10.0, 6.0, 20.0])
out = m(lanes(6, 52), n_lanes)
""", "The forecast screen passes each range's number of lanes as a second input, as the old "
       "model took it, while the lane package takes one input (the weekly lane-hours).",
       "Call m(hours) only (the occupancy is against 84 lane-hours a week).", needs=("s",),
       match=r"inputs vector size|but got 2")


# ----------------------------------------------------------------------------- run: indices
def case_11():
    return _d("case_11", "spine-bow-as-amo-length-inches", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{spine175}")
d, _ = draws(8)
# the pro shop's fitting form records the bow by its AMO length in inches
amo = torch.tensor([66, 68, 70, 62, 64, 68, 58, 70])
spine = m(d, amo)
""", "The bows are given by their AMO length in inches (58..70) instead of the bow class "
       "0..7, indexing past the spine package's 8-row factor table.", "Map each bow to its "
       "class index before the call.", needs=("r",), match=r"index out of bounds")


def case_12():
    return _d("case_12", "drift-shaft-as-spine-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{drift175}")
c, _ = gusts(8)
# the scoring app identifies each archer's arrows by the shaft's printed spine number
spine_no = torch.tensor([340, 400, 500, 600, 700, 340, 400, 500])
drift = m(c, spine_no)
""", "The shafts are given by their printed spine numbers (340..700) instead of the shaft "
       "model index 0..11, indexing past the drift package's 12-row drag table.", "Map each "
       "shaft to its model index in the drag table before the call.", needs=("r",),
       match=r"index out of bounds")


def case_13():
    return _d("case_13", "group-face-as-diameter-cm", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{group175}")
xy, _ = ends(4, 6)
# the range booking sheet gives the target face by its diameter in cm
face_cm = torch.tensor([122, 80, 60, 40])
out = m(xy, face_cm)
""", "The target faces are given by their diameter in cm (40..122) instead of the face index "
       "0..4, indexing past the score package's 5-row ring-width table.", "Map the diameter "
       "to the face index (122 -> 0, 80 -> 1, 60 -> 2, 40 -> 3) before the call.",
       needs=("r",), match=r"index out of bounds")


def case_14():
    return _d("case_14", "sight-distances-in-feet", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{sight175}")
# the American visitor's range card gives the distances in feet (18 m indoor = 59 ft ...)
feet = torch.tensor([59.0, 98.4, 164.0, 229.7, 295.3])
marks = m(feet)
""", "The distances are given in feet (59..295), so the sight model's 10 m row index "
       "floor(d / 10) runs to 29, past its 11-row sight-mark table.", "Convert feet to metres "
       "(x 0.3048) before the call.", needs=("r",), match=r"index out of bounds")


# ------------------------------------------------------------------------------ run: values
def case_15():
    return _d("case_15", "spine-draw-weight-in-kilograms", "numerical", "run", """
m = torch._inductor.aoti_load_package("{spine175}")
d, bow = draws(8)
ref = m(d, bow)
# the European archers' fitting sheet gives the draw weight in kg
kg = d.clone()
kg[:, 0] = d[:, 0] * 0.4536
out = m(kg, bow)
assert ((out - ref).abs() < 0.05 * ref).all(), f"static spine: {out} vs {ref}"
""", "The draw weights are given in kg while the spine model expects lb, so every archer is "
       "recommended a far too weak (high-deflection) spine, without an error.", "Convert kg "
       "to lb (/ 0.4536) before the call.", needs=("r",), match=r"AssertionError")


def case_16():
    return _d("case_16", "drift-wind-as-clock-face-direction", "numerical", "run", """
m = torch._inductor.aoti_load_package("{drift175}")
c, shaft = gusts(8)
ref = m(c, shaft)
# the range officer calls the wind as a clock-face direction (3 o'clock = from the right)
clock = c.clone()
clock[:, 1] = (c[:, 1] / 30.0).round().clamp(min=1.0)
out = m(clock, shaft)
assert ((out - ref).abs() < 0.1 * ref.abs() + 1.0).all(), f"drift cm: {out} vs {ref}"
""", "The wind angle is sent as the range officer's clock-face hour (1..6) where the drift "
       "model expects degrees from the shooting line, so every drift is wrong, without an "
       "error.", "Convert the clock hour to degrees (x 30) before the call.", needs=("r",),
       match=r"AssertionError")


def case_17():
    return _d("case_17", "group-electronic-target-impacts-in-mm", "numerical", "run", """
m = torch._inductor.aoti_load_package("{group175}")
xy, face = ends(4, 6)
ref = m(xy, face)
# the electronic target's export gives the impacts in mm
mm = xy * 10.0
out = m(mm, face)
assert ((out - ref).abs() < 0.5).all(), f"score, spread: {out} vs {ref}"
""", "The electronic target's impacts are in mm while the score model expects cm, so every "
       "group is ten times wider and the predicted scores fall, without an error.", "Divide "
       "the impacts by 10 before the call.", needs=("r",), match=r"AssertionError")


def case_18():
    return _d("case_18", "sight-imperial-round-distances-in-yards", "numerical", "run", """
m = torch._inductor.aoti_load_package("{sight175}")
yd = torch.tensor([80.0, 60.0, 50.0, 40.0, 30.0, 20.0])
ref = m(yd * 0.9144)
# the club's imperial rounds (80, 60, 50 yards ...) are sent with their distances in yards
out = m(yd)
assert ((out - ref).abs() < 0.5).all(), f"sight marks mm: {out} vs {ref}"
""", "The imperial round's distances are sent in yards where the sight model expects metres, "
       "so every mark is set for a distance 9 % too long, without an error.", "Convert yards "
       "to metres (x 0.9144) before the call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _d("case_19", "lanes-booking-export-in-minutes", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lane175}")
h = lanes(6, 52)
ref = m(h)
# the new booking system exports the booked lane time per week in minutes
out = m(h * 60.0)
assert ((out - ref).abs() < 0.1 * ref + 1.0).all(), f"next week, occupancy: {out} vs {ref}"
""", "The booking system's lane time in minutes is sent as lane-hours, so the forecast is 60 "
       "times the real bookings (occupancy far above 1), without an error.", "Divide the "
       "minutes by 60 before the call.", needs=("s",), match=r"AssertionError")


def case_20():
    return _d("case_20", "tune-tears-measured-in-inches", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tune175}")
t = tears(8)
ref = m(t)
# the paper-tuning frame's ruler is in inches; the coach types the tears as read
inch = t.clone()
inch[:, :2] = t[:, :2] / 2.54
out = m(inch)
assert ((out - ref).abs() < 0.2).all(), f"nock mm, rest mm, confidence: {out} vs {ref}"
""", "The paper tears are typed in inches where the tuning model expects cm, so every nocking "
       "point and rest move is 2.5 times too small, without an error.", "Convert the tears to "
       "cm (x 2.54) before the call.", needs=("s",), match=r"AssertionError")


def case_21():
    return _d("case_21", "wear-counter-counts-ends-not-arrows", "numerical", "run", """
m = torch._inductor.aoti_load_package("{wear175}")
x = shots(4, 200)
ref = m(x)
# the shot-counter app's daily total is the number of ends shot (6 arrows an end)
ends_shot = (x / 6.0).round()
out = m(ends_shot)
assert ((out - ref).abs() < 0.05 * ref.abs() + 0.05).all(), f"arrows, wear: {out} vs {ref}"
""", "The shot counter's daily totals are ends (6 arrows each) while the wear model expects "
       "arrows, so every string looks six times younger and is kept too long, without an "
       "error.", "Multiply the ends by the arrows per end (6) before the call.", needs=("s",),
       match=r"AssertionError")


def case_22():
    return _d("case_22", "group-ring-widths-pushed-in-mm", "numerical", "run", """
m = torch._inductor.aoti_load_package("{group175}")
xy, face = ends(4, 6)
ref = m(xy, face)
# the judge's new ring-width table (World Archery rule book values) is pushed in mm
m.load_constants({"ring.weight": torch.tensor([61.0, 40.0, 30.0, 20.0, 20.0])[:, None]},
                 check_full_update=False)
out = m(xy, face)
assert ((out - ref).abs() < 0.5).all(), f"score, spread: {out} vs {ref}"
""", "The ring widths are pushed in mm while the table holds cm, so every arrow falls in the "
       "10 ring and the predicted scores are too high, without an error.", "Push the ring "
       "widths in cm (/ 10).", needs=("r",), match=r"AssertionError")


# ----------------------------------------------------------------------------- run: weights
def case_23():
    return _m("case_23", "wear-second-scoring-screen-copy-never-given-weights", "constant_loading", "run", """
m_left = torch._inductor.aoti_load_package("{wearnw175}")
m_right = torch._inductor.aoti_load_package("{wearnw175}")
# the package is built without its weights; the range's two scoring screens each load their
# own copy, and the start-up code pushes the trained weights into the left screen's copy only
sd = Wear().eval().state_dict()
m_left.load_constants({k: sd[k] for k in m_left.get_constant_fqns()}, check_full_update=True)
left = m_left(shots(2, 200))
import sys
sys.stderr.write("left screen scored %s strings\\n" % left.shape[0])
sys.stderr.flush()
right = m_right(shots(2, 200))
""", "The wear package is built without its weights (package_constants_in_so=False); the "
       "right scoring screen's copy, loaded separately, never got the weights pushed into the "
       "left one, so its first call reads unset constants and the process dies.", "Call "
       "load_constants on every loaded copy (or share one loaded model between the screens).",
       needs=("s",), expect="crash", match=r"Segmentation fault|Aborted|Killed by signal")


def case_24():
    return _d("case_24", "sight-table-keyed-per-bow-in-coach-app", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{sight175}")
# the coach's app keeps one sight-mark table per bow and keys it by the bow's name
table = {"recurve/marks.weight": torch.linspace(60.0, 0.0, 11)[:, None]}
m.load_constants(table, check_full_update=False)
marks = m(distances(8))
""", "The re-shot sight marks are pushed under the coach app's key 'recurve/marks.weight', "
       "which is not one of the package's constants ('marks.weight').", "Push the table as "
       "'marks.weight' (see m.get_constant_fqns()).", needs=("r",),
       match=r"[Cc]onstant not found")


# -------------------------------------------------------------- run: resources, device, ops
def case_25():
    return _d("case_25", "sight-tape-printer-mark-every-hundredth-mm", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{sight175}")
# the sight-tape printer asks for a mark every 0.01 mm of distance from 0 to 90 m in one call
d = torch.linspace(0.0, 90.0, 9_000_001)
# the printer's embedded PC leaves the print job 16 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 16 * 2**20, vm + 16 * 2**20))
tape = m(d)
""", "The sight-tape printer asks for 9 million distances (a mark every 0.01 mm up to 90 m) in "
       "one call, and the 36 MB output buffer exceeds the print job's 16 MiB memory margin.",
       "Ask for the marks the tape prints (every 1 m or 0.5 m), or in chunks.", needs=("r",),
       match=r"allocate|memory")


def case_26():
    return _d("case_26", "drift-shaft-ids-built-with-cuda-longtensor", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{drift175}")
c, _ = gusts(8)
# the scoring code was copied from the old GPU trainer, which builds the index with the
# legacy GPU constructor
shaft = torch.cuda.LongTensor([0, 1, 2, 3, 4, 5, 6, 7])
drift = m(c, shaft)
""", "The shaft ids are built with the legacy constructor torch.cuda.LongTensor, copied from "
       "the GPU trainer, on the range PC without a GPU, while the package is compiled for "
       "CPU.", "Build the index on the CPU (torch.tensor([...])).", needs=("r",),
       match=r"CUDA|cuda|NVIDIA|driver")


def case_27():
    return _m("case_27", "drift-cxx-from-chronograph-sdk", "compile_toolchain", "compile", """
# the build shell sources the arrow chronograph's SDK environment (a Renesas RX toolchain for
# the chronograph's firmware), which exports CXX as rx-elf-g++, not installed on this PC
ep = torch.export.export(Drift().eval(), gusts(8))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/drift_q175.pt2")
""", "CXX is exported by the arrow chronograph's SDK script and names its Renesas RX cross "
       "compiler, which is not installed on the build PC, so Inductor finds no working C++ "
       "compiler.", "Do not source the chronograph SDK's script in the build shell (unset CXX "
       "or set it to g++).", env={"CXX": "/opt/renesas/rx-elf/bin/rx-elf-g++"},
       match=r"InvalidCxxCompiler|No working C\+\+ compiler")


def case_28():
    return _d("case_28", "groupcut-kiosk-declares-op-schema-without-kernel", "unsupported", "run", """
# the scoring kiosk's ops module only declares the club's line-cutter op (its schema, copied
# from the notebook's signature); the numpy implementation stayed in the coach's notebook
torch.library.define("arch175::line_cut", "(Tensor rings) -> Tensor")
m = torch._inductor.aoti_load_package("{groupcut175}")
score = m(*ends(4, 6))
""", "The line-cutter package calls the Python-only custom op arch175::line_cut through the "
       "proxy executor, and the kiosk only declares the op's schema with torch.library.define, "
       "without registering its implementation, so the op has no CPU kernel to run.",
       "Import the module that registers the op with its implementation (torch.library.custom_op "
       "with the numpy body) before loading, or score line cutters with tensor ops.",
       needs=("s",), match=r"Could not run|NotImplemented|no kernel")


def case_29():
    return _m("case_29", "spine-export-args-as-fitting-record-dict", "export_failure", "export", """
from torch.export import Dim
d, bow = draws(8)
# the pro shop's fitting record is a dict keyed by forward's argument names; the developer
# hands that record to export as its example args
record = {"d": d, "bow": bow}
ar = Dim("archers", min=1, max=2000)
ep = torch.export.export(Spine().eval(), record, dynamic_shapes={"d": {0: ar}, "bow": {0: ar}})
""", "The fitting record, a dict keyed by forward's argument names, is given to torch.export as "
       "its args, which must be a tuple of positional example inputs, so export refuses the "
       "call before tracing.", "Pass args=() and the record as kwargs=record (or args=(d, bow)).",
       match=r"args.{0,5} to be a tuple")


def case_30():
    return _d("case_30", "group-field-course-scored-as-one-end", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{group175}")
# the field round's score card: all 24 targets of the course (one arrow each) as one end
xy, face = ends(2, 24)
out = m(xy, face)
""", "The field round's 24 targets are sent as one end of 24 arrows, above the most arrows the "
       "score package accepts (its arrows Dim was declared with max=12).", "Score the course "
       "in ends of at most 12 arrows (or re-export with a larger arrows Dim).", needs=("r",),
       env=CHECK, match=r"dim value is too large")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30]

DROPPED: list = []
TRIED: list = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind175.jsonl",
        url_file="benchmarks/live_blind175.py", id_prefix="live175", stems=STEMS,
        scratch_prefix="live_blind175-", description=__doc__.splitlines()[0]))
