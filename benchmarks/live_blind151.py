"""A hundred-and-fifty-first blind set of REAL AOTInductor failures (ice rinks and winter sports arenas), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind151.py [--out benchmarks/live_blind151.jsonl] [--keep]

Theme: ice rinks and winter sports arenas (an ice-surface temperature model from the brine
supply temperature, the air temperature above the ice, the ice thickness and a per-sheet offset;
a refrigeration-plant energy forecaster over the 15-minute plant log (outdoor and arena air
temperature, skaters on the ice, resurfacing floods, brine temperature); a public-session
skater-count forecaster from the rink, the hour of the week and session features; a
figure-skating jump classifier on 50 fps pose-tracker keypoints; a curling stone stopping-point
model from the release speed, the handle spin and the sheet's pebble friction; an ammonia
compression-ratio monitor with a custom op), exported, compiled, loaded and run as an arena's
operations, ice-tech or performance-analysis engineers would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind149.py
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
SHEETS = 4        # ice sheets (pads) of the four-pad arena, 0..3
RINKS = 6         # public-skating rinks of the city's network, 0..5
JUMPS = ["toe loop", "salchow", "loop", "flip", "lutz", "axel"]
KP = 17           # COCO body keypoints of the pose tracker (5, 6: shoulders; 11, 12: hips)
FPS = 50          # the jump classifier's video frame rate
CURL = 6          # sheets A..F of the curling club, 0..5

def ice(n=4, t=96):
    # brine supply temperature (n, t) in C, air temperature 1 m above the ice (n, t) in C,
    # ice thickness (n,) in mm, sheet (n,) 0..3; t 5-minute steps
    brine = -9.0 + 3.0 * torch.rand(n, t)
    air = 4.0 + 8.0 * torch.rand(n, t)
    thick = 25.0 + 20.0 * torch.rand(n)
    return brine, air, thick, torch.randint(0, SHEETS, (n,))

def plant(n=2, t=96):
    # 15-minute plant log (n, t, 5): outdoor C, arena air C, skaters on the ice in hundreds,
    # resurfacing flood 0/1, brine supply C
    out = -5.0 + 10.0 * torch.rand(n, t)
    air = 6.0 + 6.0 * torch.rand(n, t)
    skaters = 2.0 * torch.rand(n, t)
    flood = (torch.rand(n, t) < 0.1).float()
    brine = -9.0 + 3.0 * torch.rand(n, t)
    return torch.stack([out, air, skaters, flood, brine], -1)

def sessions(n=8):
    # rink (n,) 0..5, hour of the week (n,) 0..167 (Monday 00:00 = 0), features (n, 4): outdoor
    # C, school holiday 0/1, price in EUR / 10, last week's count / 100
    feats = torch.stack([-5.0 + 10.0 * torch.rand(n), (torch.rand(n) < 0.3).float(),
                         0.5 + torch.rand(n), 2.0 * torch.rand(n)], -1)
    return torch.randint(0, RINKS, (n,)), torch.randint(0, 168, (n,)), feats

def poses(n=2, frames=100):
    # skater keypoints (n, frames, 17, 2) in normalised image coordinates 0..1, 50 fps
    return 0.3 + 0.4 * torch.rand(n, frames, KP, 2)

def throws(n=8):
    # release speed at the hog line (n,) in m/s, handle spin (n,) in rad/s (sign: in/out turn),
    # sheet (n,) 0..5
    speed = 2.0 + 0.3 * torch.rand(n)
    spin = (torch.rand(n) - 0.5) * 4.0
    return speed, spin, torch.randint(0, CURL, (n,))
"""

MODELS = """
class IceSurface(torch.nn.Module):
    # brine (n, t) C, air (n, t) C, thickness (n,) mm, sheet (n,) 0..3 -> (n, t) ice surface
    # temperature in C: brine -> ice slab (k = 2.2 W/mK) -> air film (h = 12 W/m2K) in series,
    # plus a learned per-sheet offset (the pads' different floor insulation)
    def __init__(self):
        super().__init__()
        self.offset = torch.nn.Embedding(SHEETS, 1)
        with torch.no_grad():
            self.offset.weight.copy_(torch.tensor([[0.1], [-0.2], [0.05], [0.3]]))
    def forward(self, brine, air, thick, sheet):
        r_ice = thick[:, None] / 1000.0 / 2.2
        r_air = 1.0 / 12.0
        return brine + (air - brine) * r_ice / (r_ice + r_air) + self.offset(sheet)

class PlantEnergy(torch.nn.Module):
    # 15-minute plant log (n, t, 5) -> (n, t) compressor electricity in kWh per 15 minutes: the
    # heat load (through the slab, from the skaters, from the resurfacing flood water, from the
    # outdoor air) over a COP of 3, with a learned correction
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(5, 8, 5, padding=2)
        self.head = torch.nn.Linear(8, 1)
    def forward(self, log):
        out_c, air, skaters, flood, brine = log.unbind(-1)
        load = 2.5 * (air - brine) + 12.0 * skaters + 80.0 * flood + 0.4 * (out_c - air)
        corr = self.head(torch.tanh(self.conv(log.transpose(1, 2))).transpose(1, 2)).squeeze(-1)
        return load * 0.25 / 3.0 + corr

class Demand(torch.nn.Module):
    # rink (n,) 0..5, hour of the week (n,) 0..167, features (n, 4) -> (n,) expected skaters
    def __init__(self):
        super().__init__()
        self.rink = torch.nn.Embedding(RINKS, 8)
        self.how = torch.nn.Embedding(168, 8)
        self.mlp = torch.nn.Linear(20, 1)
    def forward(self, rink, how, feats):
        h = torch.cat([self.rink(rink), self.how(how), feats], -1)
        return 150.0 * torch.sigmoid(self.mlp(h)).squeeze(-1)

class JumpNet(torch.nn.Module):
    # skater keypoints (n, frames, 17, 2) at 50 fps -> (n, 6) jump-type probabilities
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(2 * KP, 32, 5, padding=2)
        self.head = torch.nn.Linear(32, len(JUMPS))
    def forward(self, kp):
        n, f = kp.shape[0], kp.shape[1]
        hip = kp[:, :, 11:13].mean(2, keepdim=True)
        x = (kp - hip).reshape(n, f, 2 * KP).transpose(1, 2)
        h = torch.relu(self.conv(x)).amax(-1)
        return torch.softmax(self.head(h), -1)

class Curl(torch.nn.Module):
    # release speed (n,) m/s, handle spin (n,) rad/s, sheet (n,) 0..5 -> (n, 2) stopping point
    # (lateral curl in m, distance travelled from the hog line in m); friction per sheet (pebble)
    def __init__(self):
        super().__init__()
        self.mu = torch.nn.Embedding(CURL, 1)
        with torch.no_grad():
            self.mu.weight.copy_(0.0168 + 0.002 * torch.rand(CURL, 1))
    def forward(self, speed, spin, sheet):
        mu = self.mu(sheet).squeeze(-1)
        dist = speed ** 2 / (2.0 * 9.81 * mu)
        curl = 0.08 * dist * torch.tanh(spin)
        return torch.stack([curl, dist], -1)
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
p, t = Dim("pads", min=1, max=16), Dim("steps", min=4, max=288)
build("icetemp151", IceSurface().eval(), ice(4, 96),
      dynamic_shapes=({0: p, 1: t}, {0: p, 1: t}, {0: p}, {0: p}))
n, t = Dim("plants", min=1, max=32), Dim("intervals", min=8, max=672)
build("plant151", PlantEnergy().eval(), (plant(2, 96),), dynamic_shapes=({0: n, 1: t},))
s = Dim("sessions", min=1, max=4096)
build("demand151", Demand().eval(), sessions(8), dynamic_shapes=({0: s}, {0: s}, {0: s}))
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
c, f = Dim("clips", min=1, max=4096), Dim("frames", min=25, max=250)
build("jump151", JumpNet().eval(), (poses(2, 100),), dynamic_shapes=({0: c, 1: f},))
th = Dim("throws", min=1, max=100000)
build("curl151", Curl().eval(), throws(8), dynamic_shapes=({0: th}, {0: th}, {0: th}))
# the Zamboni room's tablet: the ice model built without its weights, which the arena's
# nightly job pushes after calibrating the pads
try:
    p, t = Dim("pads", min=1, max=16), Dim("steps", min=4, max=288)
    ep = torch.export.export(IceSurface().eval(), ice(4, 96),
                             dynamic_shapes=({0: p, 1: t}, {0: p, 1: t}, {0: p}, {0: p}))
    paths["icebare151"] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, "icebare151.pt2"),
        inductor_configs={"aot_inductor.package_constants_in_so": False})
except Exception as e:
    print("BUILD FAILED icebare151", repr(e)[:300], flush=True)
# the refrigeration engineer's compression-ratio monitor: the ammonia (R717) saturation
# pressure comes from a custom op that interpolates the refrigerant table with numpy
NH3_T = [-30.0, -20.0, -10.0, 0.0, 10.0, 20.0, 30.0, 40.0]
NH3_P = [1.195, 1.901, 2.908, 4.294, 6.149, 8.575, 11.67, 15.55]   # bar (abs)
@torch.library.custom_op("rink151::nh3_psat", mutates_args=())
def nh3_psat(t: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.interp(t.numpy(), NH3_T, NH3_P).astype(np.float32))
@nh3_psat.register_fake
def _(t):
    return torch.empty_like(t)
class Ratio(torch.nn.Module):
    # evaporating and condensing temperatures (compressors, 2) in C -> (compressors,) pressure ratio
    def forward(self, temps):
        p = torch.ops.rink151.nh3_psat(temps)
        return p[:, 1] / p[:, 0]
build("ratio151", Ratio().eval(), (torch.tensor([[-15.0, 30.0], [-12.0, 28.0], [-14.0, 32.0]]),),
      dynamic_shapes=({0: Dim("compressors", min=1, max=16)},))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"icetemp151", "plant151", "demand151", "jump151", "curl151", "icebare151", "ratio151",
         "icetemp_rhel151"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)
# _d: a child that uses the setup packages and the example-data helpers (DATA)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "zamboni-call-python-if-on-soft-ice", "export_failure", "export", """
class ResurfaceCall(IceSurface):
    # the Zamboni scheduler: call the driver out when any pad's ice gets soft (warmer than -4 C)
    def forward(self, brine, air, thick, sheet):
        ts = super().forward(brine, air, thick, sheet)
        if ts[:, -1].max() > -4.0:
            return ts, torch.ones(1)
        return ts, torch.zeros(1)
ep = torch.export.export(ResurfaceCall().eval(), ice(4, 96))
""", "The Zamboni scheduler decides in Python (an if on the predicted surface temperature of the "
       "last step) whether to call the driver out, control flow on tensor data that "
       "torch.export cannot trace.", "Return the call-out flag as a tensor "
       "((ts[:, -1] > -4.0).any()) and act on it after the call.", match=r".")


def case_02():
    return _m("case_02", "jump-rotations-int-into-points-list", "export_failure", "export", """
BASE = [0.4, 1.3, 4.2, 9.5, 12.5]     # ISU base values of a single .. quad toe loop (0 = none)
class JumpScore(JumpNet):
    # the judges' assistant: counts the rotations from the shoulder line's turning angle and
    # looks the base value up in a Python list
    def forward(self, kp):
        p = super().forward(kp)
        sh = kp[:, :, 6] - kp[:, :, 5]
        ang = torch.atan2(sh[..., 1], sh[..., 0])
        turns = (ang[:, 1:] - ang[:, :-1]).remainder(2 * math.pi).sum(1) / (2 * math.pi)
        rot = int(turns[0].round().clamp(0, 4))
        return p, torch.tensor(BASE[rot])
ep = torch.export.export(JumpScore().eval(), (poses(2, 100),))
""", "The judges' assistant turns the counted rotations into a Python int and indexes a Python "
       "list of base values with it inside forward, a data-dependent value torch.export cannot "
       "trace.", "Keep the base values as a tensor buffer and index it with the rotation tensor "
       "(or look the value up after the call).", match=r".")


def case_03():
    return _m("case_03", "curling-step-until-stone-stops-while", "export_failure", "export", """
class CurlSim(Curl):
    # the coach's app integrates the stone's path in 0.1 s steps until it stops
    def forward(self, speed, spin, sheet):
        mu = self.mu(sheet).squeeze(-1)
        v, d = speed.clone(), torch.zeros_like(speed)
        while (v > 0).any():
            d = d + 0.1 * v.clamp(min=0)
            v = v - 0.1 * 9.81 * mu
        return d
ep = torch.export.export(CurlSim().eval(), throws(8))
""", "The coach's app integrates the stone's path step by step in a Python while loop until "
       "every stone has stopped, a loop whose condition depends on tensor data, which "
       "torch.export cannot trace.", "Use the closed-form stopping distance (v^2 / (2 mu g)) or a "
       "fixed number of steps with masking.", match=r".")


def case_04():
    return _m("case_04", "brine-and-air-steps-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the brine log and the air log come from two systems, so each got its own Dim
p = Dim("pads", min=1, max=16)
tb, ta = Dim("brine_steps", min=4, max=288), Dim("air_steps", min=4, max=288)
ep = torch.export.export(IceSurface().eval(), ice(4, 96),
                         dynamic_shapes=({0: p, 1: tb}, {0: p, 1: ta}, {0: p}, {0: p}))
""", "The brine and air logs get two separate step-count Dims, but the ice model combines them "
       "element-wise, so export finds they must always be equal and refuses the specification.",
       "Use one Dim for the steps of both inputs.", match=r"brine_steps|air_steps|equal")


def case_05():
    return _m("case_05", "jump-frame-weights-fixed-100-frames", "dynamic_shape_guard", "export", """
from torch.export import Dim
class TimedJump(JumpNet):
    # the analyst weights the frames around take-off with a learned 2-second (100-frame) profile
    def __init__(self):
        super().__init__()
        self.profile = torch.nn.Parameter(torch.ones(100))
    def forward(self, kp):
        return super().forward(kp * self.profile[None, :, None, None])
c, f = Dim("clips", min=1, max=4096), Dim("frames", min=25, max=250)
ep = torch.export.export(TimedJump().eval(), (poses(2, 100),), dynamic_shapes=({0: c, 1: f},))
""", "The jump model multiplies the clip by a learned 100-frame (2 s) weight profile, so the "
       "frames dimension, declared dynamic (25..250), is specialised to the constant 100.",
       "Declare the frames dimension static (100) or interpolate the profile to the clip's "
       "length.", match=r"frames|specializ|Constraints|100")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_06():
    return _d("case_06", "halpe26-tracker-with-feet-keypoints", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{jump151}")
# the new pose tracker uses the Halpe-26 skeleton: COCO's 17 points plus head, neck, pelvis and
# six foot points (the blade's toe pick and heel)
kp = 0.3 + 0.4 * torch.rand(2, 100, 26, 2)
p = m(kp)
""", "The new pose tracker uses the Halpe-26 skeleton (COCO's 17 keypoints plus head, neck, "
       "pelvis and six foot points), so the clips arrive as (clips, frames, 26, 2) while the "
       "jump package was exported for the 17 COCO keypoints.", "Select the 17 COCO keypoints "
       "(kp[:, :, :17]) before the call, or re-train on the Halpe skeleton.", needs=("s",),
       env=CHECK, match=r"dim|size|shape")


def case_07():
    return _d("case_07", "old-bms-export-without-brine-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{plant151}")
# the older plant's building-management export has no brine-temperature column
log = plant(2, 96)[..., :4]
kwh = m(log)
""", "The older plant's building-management export has no brine-temperature column, so the log "
       "arrives with 4 features per interval while the energy package was exported for 5.",
       "Add the brine supply temperature (from the plant controller's log) as the fifth column.",
       needs=("r",), env=CHECK, match=r"dim|size|shape")


def case_08():
    return _d("case_08", "laser-gauge-thickness-per-step", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{icetemp151}")
brine, air, _, sheet = ice(4, 96)
# the laser thickness gauge logs the ice thickness at every 5-minute step, not once per pad
thick = 25.0 + 20.0 * torch.rand(4, 96)
ts = m(brine, air, thick, sheet)
""", "The laser thickness gauge's log gives the ice thickness at every 5-minute step, (pads, "
       "steps), while the ice package was exported for one thickness per pad (pads,).",
       "Pass the latest (or mean) thickness per pad, thick[:, -1].", needs=("r",), env=CHECK,
       match=r"dim|size|shape|rank|stride")


def case_09():
    return _d("case_09", "booking-columns-float-after-pandas-nan", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{demand151}")
rink, how, feats = sessions(8)
# the booking export's rink and hour columns had empty cells, so pandas made them float64
rink_col = rink.numpy().astype(np.float64)
how_col = how.numpy().astype(np.float64)
n = m(torch.from_numpy(rink_col), torch.from_numpy(how_col), feats)
""", "The booking export's rink and hour columns had empty cells, so pandas read them as "
       "float64 and they are passed as float64 tensors, while the demand package was exported "
       "for int64 ids.", "Drop or fill the empty rows and convert the id columns with "
       ".astype('int64') before the call.", needs=("r",), env=CHECK, match=r"dtype|type")


def case_10():
    return _d("case_10", "stone-tracker-csv-as-one-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{curl151}")
speed, spin, sheet = throws(8)
# the stone tracker's CSV (speed, spin, sheet) is passed as one (throws, 3) tensor
rows = torch.stack([speed, spin, sheet.float()], -1)
d = m(rows)
""", "The stone tracker's CSV rows (speed, spin, sheet) are passed as one (throws, 3) tensor, "
       "while the curling package takes three inputs (speed, spin, sheet).",
       "Split the columns and pass m(speed, spin, sheet.long()).", needs=("s",), env=CHECK,
       match=r"input|argument|expected|spec|tree")


# -------------------------------------------------------------------- run: dynamic dims
def case_11():
    return _d("case_11", "whole-free-skate-one-clip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{jump151}")
# both skaters' whole 4-minute free skates, each as one clip: 12000 frames at 50 fps
p = m(poses(2, 12000))
""", "Both skaters' whole 4-minute free skates are sent as one clip each (12000 frames at 50 "
       "fps), above the longest clip the jump package accepts (its frames Dim was declared with "
       "max=250, 5 s).", "Cut the programme into jump windows of at most 5 s (for example around "
       "the detected take-offs).", needs=("s",), env=CHECK, match=r"too large|range|bound|<=")


def case_12():
    return _d("case_12", "broadcast-25fps-jump-window", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{jump151}")
# the TV broadcast runs at 25 fps: a 0.8 s take-off-to-landing window is 20 frames
p = m(poses(2, 20))
""", "The TV broadcast's video runs at 25 fps, so a 0.8 s take-off-to-landing window has 20 "
       "frames, below the shortest clip the jump package accepts (its frames Dim was declared "
       "with min=25, 0.5 s at 50 fps).", "Resample the broadcast clips to 50 fps (or export "
       "for 25 fps clips).", needs=("s",), env=CHECK, match=r"too small|range|bound|>=")


def case_13():
    return _d("case_13", "january-plant-log-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{plant151}")
# January's whole 15-minute log of both plants in one call: 31 * 96 = 2976 intervals
kwh = m(plant(2, 2976))
""", "January's whole 15-minute plant log (2976 intervals) is sent in one call, above the most "
       "intervals the energy package accepts (its intervals Dim was declared with max=672, one "
       "week).", "Forecast week by week (windows of at most 672 intervals).", needs=("r",),
       env=CHECK, match=r"too large|range|bound|<=")


# -------------------------------------------------------------------- run: indices
def case_14():
    return _d("case_14", "frozen-lake-rink-opened-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{demand151}")
rink, how, feats = sessions(8)
rink[3] = 6                               # the frozen-lake rink, opened this winter
n = m(rink, how, feats)
""", "The city's new rink on the frozen lake was added as rink 6 after export, outside the "
       "demand package's 6-row rink table (0..5).", "Re-train and re-export the demand model "
       "with the new rink.", needs=("r",), match=r"out of bounds|index|Abort")


def case_15():
    return _d("case_15", "hours-since-season-opening-as-hour-of-week", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{demand151}")
rink, _, feats = sessions(8)
# the scheduler's time column: hours since the season opened on 1 October
how = torch.tensor([2230, 2231, 2254, 2302, 2398, 2399, 2422, 2470])
n = m(rink, how, feats)
""", "The scheduler passes the hours since the season opened (2230, ...) instead of the hour of "
       "the week, so they index past the demand package's 168-row hour-of-week table.",
       "Take the hour of the week (weekday * 24 + hour) before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_16():
    return _d("case_16", "bonspiel-draw-sheet-numbers-1-to-6", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{curl151}")
speed, spin, _ = throws(8)
# the bonspiel draw numbers the sheets 1..6
sheet = torch.tensor([1, 2, 3, 4, 5, 6, 6, 3])
d = m(speed, spin, sheet)
""", "The bonspiel draw numbers the club's sheets 1..6, so sheet 6 indexes past the curling "
       "package's 6-row friction table (0..5).", "Subtract 1 from the draw's sheet numbers "
       "before the call.", needs=("s",), match=r"out of bounds|index|Abort")


def case_17():
    return _d("case_17", "booking-pad-numbers-as-sheets", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{icetemp151}")
brine, air, thick, _ = ice(4, 96)
sheet = torch.tensor([101, 102, 103, 104])   # the booking system's pad numbers
ts = m(brine, air, thick, sheet)
""", "The booking system's pad numbers (101..104) are passed as the sheets instead of 0..3, so "
       "they index past the ice package's 4-row per-sheet offset table.", "Map the pad numbers "
       "to 0..3 (pad - 101) before the call.", needs=("r",), match=r"out of bounds|index|Abort")


# -------------------------------------------------------------------- run: values
def case_18():
    return _d("case_18", "ice-thickness-in-inches", "numerical", "run", """
m = torch._inductor.aoti_load_package("{icetemp151}")
brine, air, thick, sheet = ice(4, 96)
# the visiting NHL crew measures the ice in inches (1 to 1.75 in)
ts = m(brine, air, thick / 25.4, sheet)
# the ice tech's hand check of the same slab physics (thickness in metres)
r = thick[:, None] / 1000.0 / 2.2
ref = brine + (air - brine) * r / (r + 1.0 / 12.0)
assert (ts - ref).abs().max() < 0.5, f"surface C: {ts[0, :4]} vs hand check {ref[0, :4]}"
""", "The visiting crew's ice thickness is in inches (1 to 1.75) while the ice model expects mm, "
       "so the slab looks 25 times thinner and the predicted surface temperature is about 2 K "
       "too cold, without an error.", "Convert the thickness to mm (x 25.4) before the call.",
       needs=("r",), match=r"AssertionError")


def case_19():
    return _d("case_19", "brine-probe-dropout-minus-273", "numerical", "run", """
m = torch._inductor.aoti_load_package("{icetemp151}")
brine, air, thick, sheet = ice(4, 96)
brine[2, 40:52] = -273.0                  # the PLC's dropout value of the pad-3 brine probe
ts = m(brine, air, thick, sheet)
assert (ts > -20.0).all(), f"surface C: {ts.min()}"
""", "The PLC reports a dropped-out brine probe as -273 C (absolute zero) and these readings are "
       "fed as real temperatures, so the predicted surface temperature of that pad drops to "
       "about -230 C, without an error.", "Mask the -273 dropout readings (interpolate or hold "
       "the last value) before the call.", needs=("r",), match=r"AssertionError")


def case_20():
    return _d("case_20", "hog-to-hog-split-time-as-speed", "numerical", "run", """
m = torch._inductor.aoti_load_package("{curl151}")
_, spin, sheet = throws(8)
# the coach's stopwatch gives hog-to-hog split times (13..15 s), passed as the release speed
split = 13.0 + 2.0 * torch.rand(8)
xy = m(split, spin, sheet)
assert (xy[:, 1] < 45.0).all(), f"distance travelled (m): {xy[:, 1]}"
""", "The coach's hog-to-hog split times in seconds (13..15) are passed as the release speed in "
       "m/s, so the predicted stones travel hundreds of metres, past the end of the sheet, "
       "without an error.", "Convert the split time to a speed (about 21.9 m / split) before "
       "the call.", needs=("s",), match=r"AssertionError")


def case_21():
    return _d("case_21", "public-session-skaters-as-count", "numerical", "run", """
m = torch._inductor.aoti_load_package("{plant151}")
log = plant(2, 96)
log[..., 2] = torch.randint(50, 250, (2, 96)).float()   # the turnstile count, not hundreds
kwh = m(log)
assert (kwh < 60.0).all(), f"kWh per 15 min: {kwh.max()}"   # two 120 kW compressors
""", "The turnstile's skater count (50..250) is passed as is, not in hundreds, so the skaters' "
       "heat load is 100 times too high and the forecast exceeds what the plant's two 120 kW "
       "compressors can draw, without an error.", "Divide the count by 100 before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _d("case_22", "tracker-lost-skater-behind-boards-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{jump151}")
kp = poses(4, 100)
kp[1, 30:42] = float("nan")               # the tracker lost the skater behind the boards
p = m(kp)
assert torch.isfinite(p).all(), f"jump probabilities: {p[1]}"
""", "The pose tracker loses the skater behind the boards for a dozen frames and fills them "
       "with NaN, so that clip's jump probabilities are NaN, without an error.",
       "Interpolate (or drop) the lost frames before the call.", needs=("s",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _d("case_23", "zamboni-tablet-before-nightly-weights", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{icebare151}")
# the Zamboni room's tablet asks for the surface forecast before the nightly job has pushed
# the calibrated weights
ts = m(*ice(4, 96))
""", "The Zamboni room's ice package was built with package_constants_in_so=False (the nightly "
       "job pushes the calibrated weights), and the tablet calls it before load_constants was "
       "ever run.", "Load the weights with load_constants (check_full_update=True) before the "
       "first call.", needs=("s",), expect="crash",
       match=r"Segmentation fault|Aborted|Killed|Bus error")


def case_24():
    return _d("case_24", "sheet-offsets-keyed-by-submodule-name", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{icetemp151}")
# the season's recalibrated sheet offsets, keyed by the model's attribute name
m.load_constants({"offset": torch.tensor([[0.15], [-0.1], [0.0], [0.25]])}, check_full_update=False)
ts = m(*ice(4, 96))
""", "The season's recalibrated sheet offsets are pushed with load_constants under the "
       "Embedding submodule's attribute name 'offset', which names no constant of the ice "
       "package (its table is the constant 'offset.weight').", "Push the table as "
       "{'offset.weight': table}.", needs=("r",), match=r"[Cc]onstant|offset|not found")


# ----------------------------------------------------------------- run: resources, device, ops
def case_25():
    return _d("case_25", "season-jump-archive-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{jump151}")
# the whole season's jump archive in one call: 4096 clips of 5 s
kp = poses(4096, 250)
# the analysis laptop leaves the classifier 128 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 128 * 2**20, vm + 128 * 2**20))
p = m(kp)
""", "The season's whole jump archive (4096 clips of 250 frames) is classified in one call, and "
       "the intermediate keypoint and feature buffers (about 130 MB each) exceed the analysis "
       "laptop's 128 MiB memory margin.", "Classify the archive in batches of a few hundred "
       "clips.", needs=("s",), match=r"[Mm]emory|alloc")


def case_26():
    return _d("case_26", "rink-device-env-defaults-to-cuda", "device_mismatch", "run", """
import os
m = torch._inductor.aoti_load_package("{demand151}")
# the service's config: RINK_DEVICE is set on the GPU box only, and defaults to "cuda"
dev = os.environ.get("RINK_DEVICE", "cuda")
rink, how, feats = sessions(8)
n = m(rink.to(dev), how.to(dev), feats.to(dev))
""", "The demand service's config defaults the device to 'cuda' when RINK_DEVICE is unset (it is "
       "set on the GPU box only), so on the CPU-only arena server it moves the inputs to CUDA.",
       "Default the device to 'cpu' (or to torch.cuda.is_available()) and set RINK_DEVICE "
       "explicitly.", needs=("r",), match=r"CUDA|cuda|NVIDIA|driver")


def case_27():
    return _m("case_27", "rhel-gcc-toolset-cxx-on-debian", "compile_toolchain", "compile", """
# compiled from the energy team's shell profile, copied from their RHEL server
ep = torch.export.export(IceSurface().eval(), ice(4, 96))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/icetemp_rhel151.pt2")
""", "The energy team's shell profile, copied from their RHEL server, exports "
       "CXX=/opt/rh/gcc-toolset-13/root/usr/bin/g++, a compiler that does not exist on the "
       "Debian build host, so AOTI cannot compile the package.", "Unset CXX (or point it at the "
       "host's g++) before compiling.", env={"CXX": "/opt/rh/gcc-toolset-13/root/usr/bin/g++"},
       match=r"gcc-toolset|No such file|not found|CppCompileError|compile")


def case_28():
    return _d("case_28", "plant-dashboard-without-nh3-op-module", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{ratio151}")
# the plant-room dashboard loads the monitor package in its own process and never imports the
# refrigeration engineer's module that registers rink151::nh3_psat
r = m(torch.tensor([[-15.0, 30.0], [-13.0, 29.0]]))
""", "The compression-ratio package calls the Python-only custom op rink151::nh3_psat through "
       "the proxy executor, and the plant-room dashboard's process never registers it (the "
       "engineer's module that defines it is not imported).", "Import the module that registers "
       "the op before loading, or write the table interpolation with tensor ops.",
       needs=("s",), match=r"rink151|nh3_psat|schema|operator")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28]

DROPPED = []
TRIED = []
# TRIED: none; DROPPED: none (trials 1 and 2 on torch 2.14.1+cu130). Changes (see
# live_blind151.notes.md): case_08 (the laser gauge's per-step thickness) is refused by the input
# check on the stride of the 2-D thickness before its rank ("unmatched stride value at 0"), so
# its loose regex now also takes "stride" (code, label, cause unchanged). Replaced while trial 1
# ran, before its results were read, because the grep found the trigger: case_06 was
# (x, y, confidence) keypoints from the pose tracker (live_blind70), now the Halpe-26 skeleton;
# case_24 was recalibrated offsets saved from a service wrapper with an 'ice.' key prefix (prefixed
# keys pushed with load_constants: live_blind12, 43, 59, 63, 100, 120), now a key naming the
# Embedding submodule ('offset') instead of its weight.
# Not written (found by the grep before any trial): ice temperatures in Fahrenheit (live_blind75,
# 82, 135, 136 ...); Celsius sent to a kelvin model (the COP of the refrigeration cycle: live_blind63,
# 105); datetime.fromtimestamp in forward (live_blind64, 143); isoweekday() 1..7 day ids
# (live_blind52); sheet letters mapped with ord() (live_blind141); np.polyfit in forward
# (live_blind126); torch.set_default_device("cuda") (live_blind5, 83); pin_memory() (live_blind6, 7,
# 137); torch.cuda.set_device / mem_get_info / get_device_properties / Stream / CUDAGraph /
# reset_peak_memory_stats (live_blind71, 141, 63, 74, 143, 65, 12, 82); CXX=icpx, cl, g++-12,
# mingw, devtoolset (live_blind30, 146, 28, 140, 75); the legacy aot_load given a .pt2 (zoo,
# live_blind40) and the legacy API under -W error (live_blind11, 28).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind151.jsonl",
        url_file="benchmarks/live_blind151.py", id_prefix="live151", stems=STEMS,
        scratch_prefix="live_blind151-", description=__doc__.splitlines()[0]))
