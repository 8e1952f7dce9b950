"""A hundred-and-seventy-sixth blind set of REAL AOTInductor failures (orchards), triggered live with torch 2.13.0.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind176.py [--out benchmarks/live_blind176.jsonl] [--keep]

Theme: orchards (an apple yield forecaster from each block's tree density, fruit count after
thinning, June fruitlet diameter and days to harvest with a 5-row rootstock vigour table; a
frost alert from each weather station's hourly canopy temperatures with an 8-row table of the
bud stages' critical temperatures; a fruit grader from size and colour features (diameter,
weight, blush fraction, hue angle, defect spots); an irrigation scheduler from daily reference
evapotranspiration and forecast rain with a 26-row crop-coefficient table by week after full
bloom; a blush-colour meter over the grading camera's pixels as tiles of the packhouse's
12-tile colour chart; a picking-crew planner from each block's bins to pick, picking rate and
working days left; and a russet scorer whose clipping is a Python-only custom op), exported,
compiled, loaded and run as an orchard's agronomist, packhouse, frost-watch and farm-office
developers would. Built on torch 2.13.0+cpu. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind175.py (their
TRIED lists included). Building the set imports nothing from aotidebug.
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
ROOTSTOCKS = 5   # vigour-table rows 0..4: 0 M9, 1 M26, 2 MM106, 3 G41, 4 G935
STAGES = 8       # bud stages 0..7: silver tip, green tip, half-inch green, tight cluster,
                 # first pink, full pink, full bloom, petal fall
WEEKS = 26       # crop-coefficient rows: weeks 0..25 after full bloom
TILES = 12       # the packhouse blush chart's colour tiles 0 (green) .. 11 (full red)

def blocks(n=8):
    # (n, 4): trees per ha 800..3000, fruit per tree after thinning 60..200, June fruitlet
    # diameter mm 15..35, days to harvest 60..130; rootstock (n,) 0..4
    x = torch.stack([800.0 + 2200.0 * torch.rand(n), 60.0 + 140.0 * torch.rand(n),
                     15.0 + 20.0 * torch.rand(n), 60.0 + 70.0 * torch.rand(n)], -1)
    return x, torch.arange(n) % ROOTSTOCKS

def nights(n=6, h=12):
    # hourly canopy temperature C from 19:00 (n stations, h hours), cooling through the night;
    # bud stage (n,) 0..7
    start = 3.0 + 4.0 * torch.rand(n, 1)
    t = start - 0.7 * torch.arange(h).float()[None] + 0.4 * torch.randn(n, h)
    return t, torch.arange(n) % STAGES

def fruit(n=16):
    # (n, 5): diameter mm 60..95, weight g 110..380, blush fraction 0..1, hue angle deg 20..110,
    # defect spots 0..6
    return torch.stack([60.0 + 35.0 * torch.rand(n), 110.0 + 270.0 * torch.rand(n), torch.rand(n),
                        20.0 + 90.0 * torch.rand(n), torch.randint(0, 7, (n,)).float()], -1)

def weather(n=6, d=14):
    # daily reference ET0 mm (n, d) 1..7, forecast rain mm (n, d) (mostly dry), week after full
    # bloom (n,) 0..25
    et0 = 1.0 + 6.0 * torch.rand(n, d)
    rain = (torch.rand(n, d) < 0.2).float() * 8.0 * torch.rand(n, d)
    return et0, rain, torch.arange(n) * 4 % WEEKS

def tiles(n=4, p=4096):
    # each fruit's camera pixels as blush-chart tiles (n, p) 0..11
    return torch.randint(0, TILES, (n, p))

def orders(n=6):
    # picking orders (n, 3): bins to pick 40..400, bins per picker per day 4..9, working days
    # left 2..10
    return torch.stack([40.0 + 360.0 * torch.rand(n), 4.0 + 5.0 * torch.rand(n),
                        torch.randint(2, 11, (n,)).float()], -1)

def texture(n=8):
    # skin texture from the russet camera (n, 2): roughness 0..1, gloss 0..1
    return torch.rand(n, 2)
"""

MODELS = DATA + """
class Yield(torch.nn.Module):
    # blocks (n, 4), rootstock (n,) -> (n, 2): tonnes per ha, 400 kg bins per ha
    def __init__(self):
        super().__init__()
        self.vigour = torch.nn.Embedding(ROOTSTOCKS, 1)
        with torch.no_grad():
            self.vigour.weight.copy_(torch.tensor([1.00, 1.12, 1.30, 1.05, 0.95])[:, None])
    def forward(self, x, root):
        d = x[:, 2] + 0.45 * x[:, 3]                       # diameter at harvest, mm
        g = 5.2e-4 * d * d * d                             # fruit weight, g
        t = x[:, 0] * x[:, 1] * g * self.vigour(root).squeeze(-1) / 1e6
        return torch.stack([t, t * 2.5], -1)

class Frost(torch.nn.Module):
    # canopy temperatures (n, h) C, bud stage (n,) -> (n, 3): night minimum C, alert
    # probability, hours below the stage's critical temperature
    def __init__(self):
        super().__init__()
        self.crit = torch.nn.Embedding(STAGES, 1)          # 10 % bud kill temperature, C
        with torch.no_grad():
            self.crit.weight.copy_(torch.tensor([-9.4, -7.8, -5.0, -3.9, -2.8, -2.2, -2.2, -2.2])[:, None])
    def forward(self, t, stage):
        crit = self.crit(stage)
        low = t.amin(1)
        below = (t < crit).float().sum(1)
        return torch.stack([low, torch.sigmoid(-2.0 * (low - crit.squeeze(-1))), below], -1)

class Grade(torch.nn.Module):
    # fruit (n, 5) -> (n, 4): probability of Extra, Class I, Class II, juice
    def __init__(self):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(176)
            self.a = torch.nn.Linear(5, 16)
            self.b = torch.nn.Linear(16, 4)
        self.register_buffer("mu", torch.tensor([77.5, 245.0, 0.5, 65.0, 3.0]))
        self.register_buffer("sd", torch.tensor([10.0, 75.0, 0.3, 25.0, 2.0]))
    def forward(self, f):
        z = (f - self.mu) / self.sd
        return torch.softmax(self.b(torch.relu(self.a(z))), -1)

class Irrigate(torch.nn.Module):
    # ET0 mm (n, d), forecast rain mm (n, d), week after full bloom (n,) -> (n, 2): mm to apply
    # over the window, drip hours at 1.6 mm/h
    def __init__(self):
        super().__init__()
        self.kc = torch.nn.Embedding(WEEKS, 1)             # crop coefficient by week after bloom
        with torch.no_grad():
            self.kc.weight.copy_(torch.linspace(0.45, 1.05, WEEKS)[:, None])
    def forward(self, et0, rain, week):
        need = (self.kc(week).squeeze(-1) * et0.sum(1) - 0.75 * rain.sum(1)).clamp(min=0.0)
        return torch.stack([need, need / 1.6], -1)

class Blush(torch.nn.Module):
    # camera pixels as chart tiles (n, p) -> (n,) blush (red colour share) of each fruit
    def __init__(self):
        super().__init__()
        self.chart = torch.nn.Embedding(TILES, 1)
        with torch.no_grad():
            self.chart.weight.copy_(torch.linspace(0.0, 1.0, TILES)[:, None])
    def forward(self, px):
        return self.chart(px).squeeze(-1).mean(1)

class Crew(torch.nn.Module):
    # picking orders (n, 3) -> (n, 2): pickers needed, crews of 12
    def forward(self, o):
        pickers = o[:, 0] / (o[:, 1] * o[:, 2])
        return torch.stack([pickers, torch.ceil(pickers / 12.0)], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
bl = Dim("blocks", min=1, max=500)
build("yield176", Yield().eval(), blocks(8), dynamic_shapes=({0: bl}, {0: bl}))
st, hr = Dim("stations", min=1, max=64), Dim("hours", min=6, max=48)
build("frost176", Frost().eval(), nights(6, 12), dynamic_shapes=({0: st, 1: hr}, {0: st}))
fr = Dim("fruit", min=1, max=4_000_000)
build("grade176", Grade().eval(), (fruit(16),), dynamic_shapes=({0: fr},))
ib, dy = Dim("blocks", min=1, max=200), Dim("days", min=7, max=21)
build("irrig176", Irrigate().eval(), weather(6, 14), dynamic_shapes=({0: ib, 1: dy}, {0: ib, 1: dy}, {0: ib}))
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
fb, px = Dim("fruit", min=1, max=512), Dim("pixels", min=256, max=65536)
build("blush176", Blush().eval(), (tiles(4, 4096),), dynamic_shapes=({0: fb, 1: px},))
cb = Dim("blocks", min=1, max=300)
build("crew176", Crew().eval(), (orders(6),), dynamic_shapes=({0: cb},))
# the frost model with its critical-temperature table kept out of the .so (the table is
# licensed from the extension service and fetched by each station at start-up)
st2, hr2 = Dim("stations", min=1, max=64), Dim("hours", min=6, max=48)
ep = torch.export.export(Frost().eval(), nights(6, 12), dynamic_shapes=({0: st2, 1: hr2}, {0: st2}))
paths["frostnw176"] = torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(out, "frostnw176.pt2"),
    inductor_configs={"aot_inductor.package_constants_in_so": False})
# russet scoring: the packhouse's clipping rule, in numpy, as a custom op
@torch.library.custom_op("orch176::russet_clip", mutates_args=())
def russet_clip(x: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.clip(x.numpy().astype(np.float64) * 1.4 - 0.1, 0.0, 1.0)).float()
@russet_clip.register_fake
def _(x):
    return torch.empty_like(x)
class Russet(torch.nn.Module):
    # skin texture (n, 2) -> (n,) russet score 0..1
    def forward(self, x):
        return torch.ops.orch176.russet_clip(x[:, 0] * (1.0 - 0.5 * x[:, 1]))
rb = Dim("fruit", min=1, max=4096)
build("russet176", Russet().eval(), (texture(8),), dynamic_shapes=({0: rb},))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"yield176", "frost176", "grade176", "irrig176", "blush176", "crew176", "frostnw176",
         "russet176", "yield_q176", "frost_fft176", "yield_portal176", "blush_program176"}

# every child seeds torch, so the example data (and the numerical cases' references) repeat
PRE = "import math\nimport torch\ntorch.manual_seed(176)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "grade-hue-from-camera-rgb-via-colorsys", "export_failure", "export", """
import colorsys
class GradeRGB(Grade):
    # the new grading camera reports each fruit's mean RGB; the developer turns it into the hue
    # angle the grader was trained on with the standard library's colorsys, fruit by fruit
    def forward(self, f, rgb):
        hue = torch.tensor([360.0 * colorsys.rgb_to_hsv(r, g, b)[0] for r, g, b in rgb.tolist()])
        return super().forward(torch.cat([f[:, :3], hue[:, None], f[:, 4:]], 1))
ep = torch.export.export(GradeRGB().eval(), (fruit(16), torch.rand(16, 3)))
""", "The grader turns the camera's RGB into the hue angle with colorsys.rgb_to_hsv over "
       "rgb.tolist() inside forward, Python code on the tensor's values, which torch.export "
       "cannot trace (the comparisons inside colorsys need data-dependent values).",
       "Compute the hue with tensor ops (max/min over the channels and torch.atan2 or the HSV "
       "formula in torch), or convert the colour before the call.",
       match=r"data-dependent|GuardOnDataDependent")


def case_02():
    return _m("case_02", "frost-sprinkler-run-until-thaw-while-loop", "export_failure", "export", """
class FrostSprinkler(Frost):
    # overhead sprinklers must run until the canopy is back above 0 C; the developer finds the
    # hour of thaw with a Python while loop over the night's readings
    def forward(self, t, stage):
        h = 0
        while h < t.shape[1] - 1 and bool((t[:, h:] < 0.0).any()):
            h += 1
        out = super().forward(t, stage)
        return torch.cat([out, torch.full_like(out[:, :1], float(h))], 1)
ep = torch.export.export(FrostSprinkler().eval(), nights(6, 12))
""", "The frost model finds the hour the sprinklers may stop with a Python while loop that "
       "steps through the night until no station is below 0 C, control flow on tensor values "
       "that torch.export cannot trace.", "Compute the thaw hour with tensor ops (e.g. the last "
       "index where t < 0 via a cumulative max over the mask) or keep the sprinkler rule "
       "outside the exported model.", match=r"data-dependent|GuardOnDataDependent")


def case_03():
    return _m("case_03", "irrig-skip-block-when-rain-covers-et-python-if", "export_failure", "export", """
class IrrigateSkip(Irrigate):
    # farm rule: when the forecast rain covers the blocks' water use, schedule nothing
    def forward(self, et0, rain, week):
        if rain.sum() >= et0.sum():
            return torch.zeros(et0.shape[0], 2)
        return super().forward(et0, rain, week)
ep = torch.export.export(IrrigateSkip().eval(), weather(6, 14))
""", "The irrigation scheduler skips the whole schedule with a Python if on the forecast rain "
       "against the evapotranspiration (rain.sum() >= et0.sum()), a branch on the data that "
       "torch.export cannot trace.", "Keep the rule in tensor ops (torch.where on the "
       "comparison) or use torch.cond.", match=r"data-dependent|GuardOnDataDependent")


def case_04():
    return _m("case_04", "frost-hours-dim-for-whole-day-example-is-one-night", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the stations will one day send whole days (24 .. 168 hours), so the developer declares the
# hours axis that way, while the example is one night of 12 hourly readings (19:00 .. 06:00)
st, hr = Dim("stations", min=1, max=64), Dim("hours", min=24, max=168)
ep = torch.export.export(Frost().eval(), nights(6, 12), dynamic_shapes=({0: st, 1: hr}, {0: st}))
""", "The hours Dim is declared for whole days (24..168 hours) while the example input holds one "
       "night of 12 readings, outside the declared range, so export refuses the "
       "specification.", "Give an example inside the range (a 24-hour log) or declare "
       "Dim('hours', min=6, max=168).", match=r"not in range|Constraints violated|hours")


def case_05():
    return _m("case_05", "grade-features-dim-for-nir-camera-upgrade", "dynamic_shape_guard", "export", """
from torch.export import Dim
# next season's camera adds near-infrared features (up to 8 per fruit); the developer marks
# the feature axis dynamic so the same grader package takes both cameras
fr, ft = Dim("fruit", min=1, max=4096), Dim("features", min=5, max=8)
ep = torch.export.export(Grade().eval(), (fruit(16),), dynamic_shapes=({0: fr, 1: ft},))
""", "The feature axis is marked dynamic (5..8 features for the new near-infrared camera), but "
       "the grader's normalisation buffers and first Linear layer fix it to 5, so export "
       "refuses the dynamic dimension.", "Keep the feature axis static (export one grader per "
       "camera) and retrain the grader for the new features.",
       match=r"Constraints violated|features|constant")


# ---------------------------------------------------------------------------- compile phase
def case_06():
    return _m("case_06", "yield-cxx-from-wind-machine-controller-sdk", "compile_toolchain", "compile", """
# the build shell sources the frost wind machines' controller SDK (an SH-4 board), which exports
# CXX as its cross compiler; it is not installed on the farm office PC
ep = torch.export.export(Yield().eval(), blocks(8))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/yield_q176.pt2")
""", "CXX is exported by the wind-machine controller SDK's environment script and names its "
       "SH-4 cross compiler, which is not installed on the build PC, so Inductor finds no "
       "working C++ compiler.", "Do not source the controller SDK's script in the shell that "
       "builds the package (unset CXX or set it to g++).",
       env={"CXX": "/opt/windmachine-sdk/bin/sh4-linux-gnu-g++"},
       match=r"InvalidCxxCompiler|No working C\+\+ compiler")


def case_07():
    return _m("case_07", "frost-night-curve-smoothed-with-rfft", "unsupported", "compile", """
class FrostSmooth(Frost):
    # the station sensors are noisy; the developer smooths each night's curve by keeping only
    # the lowest frequencies of its real FFT before taking the minimum
    def forward(self, t, stage):
        s = torch.fft.rfft(t, dim=1)
        s[:, 3:] = 0
        smooth = torch.fft.irfft(s, n=t.shape[1], dim=1)
        return super().forward(smooth, stage)
ep = torch.export.export(FrostSmooth().eval(), nights(6, 12))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/frost_fft176.pt2")
""", "The frost model smooths the night's temperatures with torch.fft.rfft / irfft and zeroes "
       "the high frequencies of the complex spectrum in place; that fill becomes aten.full with "
       "the complex value 0j, which has no C shim, and the proxy-executor fallback AOTInductor "
       "uses instead cannot pass a complex scalar, so code generation stops on an assertion.",
       "Smooth with a real-valued filter (a moving average, avg_pool1d or a conv1d with a fixed "
       "kernel) instead of an FFT inside the exported model.",
       match=r"InductorError|AssertionError|complex")


def case_08():
    return _m("case_08", "yield-package-path-zip-for-farm-portal", "unsupported", "compile", """
# the farm management portal only accepts uploads ending in .zip, so the agronomist names the
# package for the upload
ep = torch.export.export(Yield().eval(), blocks(8))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/yield_portal176.zip")
""", "The package path ends in .zip for the farm portal's upload form; "
       "aoti_compile_and_package only writes packages to a path ending in .pt2 (or a buffer).",
       "Write the package as yield.pt2 and zip it (or rename it) for the upload only.",
       match=r"ending in \.pt2")


# ------------------------------------------------------------------------------- load phase
def case_09():
    return _m("case_09", "blush-line-pc-given-torch-export-save-file", "kernel_binary_missing", "load", """
# the data scientist saves the exported blush model with torch.export.save and hands the .pt2
# to the packhouse line PC, whose service loads it as an AOTInductor package
ep = torch.export.export(Blush().eval(), (tiles(4, 4096),))
torch.export.save(ep, "{scratch}/blush_program176.pt2")
m = torch._inductor.aoti_load_package("{scratch}/blush_program176.pt2")
""", "The file is the exported program saved with torch.export.save, not an AOTInductor "
       "package: it holds no compiled model .so (or generated C++), so the package loader finds "
       "nothing to load.", "Compile it with torch._inductor.aoti_compile_and_package and ship "
       "that package (or load the program with torch.export.load).",
       match=r"Failed to find a generated cpp file or so file")


def case_10():
    return _d("case_10", "russet-line-pc-service-without-op-module", "unsupported", "load", """
# the packhouse line PC's grading service imports only torch; the module that registers the
# russet clipping op (orch176::russet_clip, numpy) lives in the data-science repository
m = torch._inductor.aoti_load_package("{russet176}")
score = m(texture(8))
""", "The russet package calls the Python-only custom op orch176::russet_clip, which is only "
       "registered by the data-science module; the line PC's service never imports it, so the "
       "package cannot resolve the op when it is loaded.", "Import the module that registers "
       "the op before loading the package (ship it with the service), or express the clipping "
       "with tensor ops (torch.clamp).", needs=("s",), match=r"Could not find schema")


# ------------------------------------------------------------------------ run: dynamic dims
def case_11():
    return _d("case_11", "frost-week-of-ten-minute-logger-readings", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{frost176}")
# after a radio outage the stations' loggers are read out by hand: a whole week of readings
# every 10 minutes per station, sent in one call
t, stage = nights(6, 7 * 144)
out = m(t, stage)
""", "A week of 10-minute logger readings is 1008 readings per station, above the most hours "
       "the frost package accepts (its hours Dim was declared with max=48).", "Resample the "
       "logger readings to hourly values and send one night (or at most 48 hours) per call.",
       needs=("r",), env=CHECK, match=r"dim value is too large")


def case_12():
    return _d("case_12", "irrig-three-day-forecast-window", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{irrig176}")
# the weather service's free tier only gives a 3-day ET0 and rain forecast
et0, rain, week = weather(6, 3)
out = m(et0, rain, week)
""", "The free forecast gives 3 days of ET0 and rain, fewer than the fewest days the irrigation "
       "package accepts (its days Dim was declared with min=7).", "Use a forecast of at least 7 "
       "days (pad with the station's recent ET0) or re-export with a shorter days Dim.",
       needs=("r",), env=CHECK, match=r"dim value is too small")


def case_13():
    return _d("case_13", "crew-last-block-of-the-season-alone", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{crew176}")
# the last week of harvest: only the late Pink Lady block is still to be picked
late = orders(1)
plan = m(late)
""", "The season's last picking order is a single block; the crew package's blocks Dim was "
       "declared with min=1, but export specialises sizes 0 and 1, so the package accepts only "
       "2 or more blocks and refuses the one-block call.", "Pad the call with a dummy block (or "
       "plan a single block outside the package).", needs=("s",), env=CHECK,
       match=r"dim value is too small")


# ------------------------------------------------------------------------------ run: inputs
def case_14():
    return _d("case_14", "grade-sizer-sdk-double-buffer", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{grade176}")
# the optical sizer's SDK hands each batch over as a raw buffer of C doubles
raw = fruit(16).double().numpy().tobytes()
f = torch.from_numpy(np.frombuffer(raw, dtype="<f8").reshape(16, 5).copy())
grades = m(f)
""", "The sizer SDK's buffer holds C doubles, so the features arrive as float64 while the grader "
       "package was compiled for float32.", "Convert with .float() (or read the buffer into a "
       "float32 array) before the call.", needs=("r",), env=CHECK, match=r"unmatched dtype")


def case_15():
    return _d("case_15", "frost-logger-export-transposed-with-dot-t", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{frost176}")
t, stage = nights(6, 12)
# the logger export lists hours down the rows and stations across; the developer turns it
# round with .T (a view, not a copy)
export = t.T.contiguous()
out = m(export.T, stage)
""", "The stations-by-hours matrix is the transpose view (.T) of the logger's hours-by-stations "
       "export, so its strides are column-major while the frost package was compiled for "
       "contiguous (row-major) inputs.", "Pass export.T.contiguous() (a row-major copy).",
       needs=("r",), env=CHECK, match=r"unmatched stride")


def case_16():
    return _d("case_16", "irrig-weeks-after-bloom-by-true-division", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{irrig176}")
et0, rain, _ = weather(6, 14)
# weeks after full bloom from the day counts since bloom, with Python's / (true division)
days_since_bloom = torch.tensor([3, 17, 30, 44, 61, 88])
week = days_since_bloom / 7
mm = m(et0, rain, week)
""", "The week after bloom is computed with true division (days / 7), which makes a float "
       "tensor, while the irrigation package was compiled for int64 (long) week indices.",
       "Use floor division (days_since_bloom // 7) or .long() before the call.", needs=("r",),
       env=CHECK, match=r"unmatched dtype")


def case_17():
    return _d("case_17", "yield-row-spacing-passed-as-third-input", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{yield176}")
x, root = blocks(8)
# the planting records add each block's row spacing (m); the forecast screen passes it along
spacing = torch.tensor([3.0, 3.2, 3.5, 4.0, 3.0, 3.2, 3.5, 4.0])
out = m(x, root, spacing)
""", "The forecast screen passes the blocks' row spacing as a third input, while the yield "
       "package was exported with two inputs (block features and rootstock).", "Call m(x, root) "
       "(the tree density already reflects the spacing).", needs=("r",),
       match=r"inputs vector size|but got 3")


# ----------------------------------------------------------------------------- run: indices
def case_18():
    return _d("case_18", "frost-bud-stage-as-bbch-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{frost176}")
t, _ = nights(6, 12)
# the scouting app records the bud stage as its BBCH code (53 bud burst .. 69 end of flowering)
bbch = torch.tensor([53, 56, 57, 59, 61, 65])
out = m(t, bbch)
""", "The bud stages are given as BBCH codes (53..69) instead of the stage index 0..7, indexing "
       "past the frost package's 8-row critical-temperature table.", "Map each BBCH code to "
       "the stage index before the call.", needs=("r",), match=r"index out of bounds")


def case_19():
    return _d("case_19", "irrig-kc-row-by-day-of-year", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{irrig176}")
et0, rain, _ = weather(6, 14)
# the scheduler's calendar gives the day of the year instead of the week after full bloom
doy = torch.tensor([135, 150, 171, 190, 212, 240])
mm = m(et0, rain, doy)
""", "The week after bloom is sent as the day of the year (135..240), indexing past the "
       "irrigation package's 26-row crop-coefficient table.", "Convert to weeks after full "
       "bloom ((doy - bloom_doy) // 7) before the call.", needs=("r",),
       match=r"index out of bounds")


def case_20():
    return _d("case_20", "yield-rootstock-by-malling-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{yield176}")
x, _ = blocks(8)
# the nursery invoices name the rootstocks by number (M9 -> 9, M26 -> 26, MM106 -> 106,
# G41 -> 41, G935 -> 935), and the block register stores that number
root = torch.tensor([9, 26, 106, 41, 935, 9, 26, 106])
out = m(x, root)
""", "The rootstocks are given by their Malling / Geneva numbers (9..935) instead of the "
       "vigour-table row 0..4, indexing past the yield package's 5-row table.", "Map each "
       "rootstock name to its row (M9 -> 0, M26 -> 1, MM106 -> 2, G41 -> 3, G935 -> 4).",
       needs=("r",), match=r"index out of bounds")


def case_21():
    return _d("case_21", "blush-camera-firmware-sends-hue-degrees", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{blush176}")
# after a firmware update the grading camera sends each pixel's hue in degrees (0..359)
# instead of the blush-chart tile
hue = torch.randint(0, 360, (64, 4096))
blush = m(hue)
""", "The camera's per-pixel hue degrees (0..359) are sent where blush-chart tiles 0..11 are "
       "expected, indexing past the blush package's 12-row chart; the kernel's bounds check "
       "fails inside its OpenMP parallel loop, so the exception cannot propagate and the "
       "process aborts.", "Map the hue to the chart tile (or roll the camera firmware back) "
       "before the call.", needs=("s",), expect="crash",
       match=r"index out of bounds|Aborted")


# ------------------------------------------------------------------------------ run: values
def case_22():
    return _d("case_22", "frost-offline-station-nan-readings", "numerical", "run", """
m = torch._inductor.aoti_load_package("{frost176}")
t, stage = nights(6, 12)
# station 3's radio drops out at 23:00; the gateway fills the missing hours with NaN
t[3, 4:] = float("nan")
out = m(t, stage)
assert torch.isfinite(out[:, 1]).all(), f"frost alert probability per station: {out[:, 1]}"
""", "An offline station's missing hours arrive as NaN, and the night minimum (amin) propagates "
       "NaN, so that station's alert probability is NaN instead of a warning, without an "
       "error.", "Drop or fill the missing hours (e.g. with the nearest station's readings) "
       "before the call and flag the station as offline.", needs=("r",),
       match=r"AssertionError")


def case_23():
    return _d("case_23", "grade-hue-as-fraction-from-hsv-library", "numerical", "run", """
m = torch._inductor.aoti_load_package("{grade176}")
f = fruit(16)
ref = m(f)
# the new colour pipeline gets the hue from an image library's RGB->HSV, which returns it as a
# fraction of the colour circle (0..1)
frac = f.clone()
frac[:, 3] = f[:, 3] / 360.0
out = m(frac)
assert ((out - ref).abs() < 0.05).all(), f"grade probabilities: {out} vs {ref}"
""", "The hue is sent as a fraction of the colour circle (0..1) where the grader expects "
       "degrees, so every fruit looks far redder than it is and the grades shift, without an "
       "error.", "Multiply the hue fraction by 360 before the call.", needs=("r",),
       match=r"AssertionError")


def case_24():
    return _d("case_24", "yield-fruitlet-diameter-in-cm-from-caliper-app", "numerical", "run", """
m = torch._inductor.aoti_load_package("{yield176}")
x, root = blocks(8)
ref = m(x, root)
# the new digital caliper app exports the June fruitlet diameters in cm
cm = x.clone()
cm[:, 2] = x[:, 2] / 10.0
out = m(cm, root)
assert ((out - ref).abs() < 0.1 * ref).all(), f"t/ha, bins/ha: {out} vs {ref}"
""", "The fruitlet diameters are sent in cm where the yield model expects mm, so every fruit "
       "is forecast far too small and the crop (tonnes and bins) is under-forecast, without an "
       "error.", "Convert the caliper's cm to mm (x 10) before the call.", needs=("r",),
       match=r"AssertionError")


def case_25():
    return _d("case_25", "irrig-et0-in-hundredths-of-inch-from-district-feed", "numerical", "run", """
m = torch._inductor.aoti_load_package("{irrig176}")
et0, rain, week = weather(6, 14)
ref = m(et0, rain, week)
# the irrigation district's feed publishes ET0 in hundredths of an inch per day
feed = (et0 / 0.254).round()
out = m(feed, rain, week)
assert ((out - ref).abs() < 0.1 * ref + 1.0).all(), f"mm, drip hours: {out} vs {ref}"
""", "The district's ET0 in hundredths of an inch is sent as mm, so every block's water need "
       "is about four times too high and the orchard is over-irrigated, without an error.",
       "Convert hundredths of an inch to mm (x 0.254) before the call.", needs=("r",),
       match=r"AssertionError")


def case_26():
    return _d("case_26", "crew-picking-rate-per-hour-from-piece-rate-app", "numerical", "run", """
m = torch._inductor.aoti_load_package("{crew176}")
o = orders(6)
ref = m(o)
# the piece-rate app reports each picker's bins per hour; the planner passes it as the rate
hourly = o.clone()
hourly[:, 1] = o[:, 1] / 8.0
out = m(hourly)
assert ((out - ref).abs() < 0.1 * ref + 0.5).all(), f"pickers, crews: {out} vs {ref}"
""", "The picking rate is sent in bins per picker-hour where the planner expects bins per "
       "picker-day, so it asks for eight times the pickers (and crews) needed, without an "
       "error.", "Multiply the hourly rate by the working hours per day (8) before the call.",
       needs=("s",), match=r"AssertionError")


# ----------------------------------------------------------------------------- run: weights
def case_27():
    return _d("case_27", "frostnw-station-table-download-failed-silently", "constant_loading", "run", """
import sys, urllib.request
m = torch._inductor.aoti_load_package("{frostnw176}")
# start-up: the station fetches the licensed critical-temperature table from the extension
# service; the fetch fails (no network at the station), and the error is only logged
try:
    urllib.request.urlopen("http://127.0.0.1:9/frost/critical_temps.pt", timeout=2)
except Exception as e:
    sys.stderr.write("critical-temperature table not updated: %r\\n" % (e,))
    sys.stderr.flush()
t, stage = nights(6, 12)
out = m(t, stage)
""", "The frost package is built without its critical-temperature table "
       "(package_constants_in_so=False); the station's start-up fetch of the table fails and "
       "is only logged, so load_constants is never called and the first call reads unset "
       "constants and the process dies.", "Stop the service when the table cannot be loaded "
       "(call load_constants before the first call), or build the package with its constants.",
       needs=("s",), expect="crash", match=r"Segmentation fault|Aborted|Killed by signal")


def case_28():
    return _d("case_28", "irrig-kc-table-pushed-under-spreadsheet-name", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{irrig176}")
# the agronomist's new crop coefficients come from the spreadsheet's "Kc" sheet, and the
# update script pushes them under the sheet's name
kc = {"Kc": torch.linspace(0.40, 1.10, 26)[:, None]}
m.load_constants(kc, check_full_update=False)
mm = m(*weather(6, 14))
""", "The new crop coefficients are pushed under the spreadsheet's sheet name 'Kc', which is "
       "not one of the irrigation package's constants ('kc.weight').", "Push the table as "
       "'kc.weight' (see m.get_constant_fqns()).", needs=("r",),
       match=r"[Cc]onstant not found")


# -------------------------------------------------------------- run: resources, device, ops
def case_29():
    return _d("case_29", "grade-whole-week-packout-in-container", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{grade176}")
# the end-of-week report re-grades the whole week's packout (600 000 fruit) in one call
f = fruit(600_000)
# the report runs in the packhouse server's container, which leaves it 16 MiB above what it
# has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 16 * 2**20, vm + 16 * 2**20))
grades = m(f)
""", "The week's packout (600 000 fruit) is graded in one call, and the grader's 38 MB hidden "
       "activations exceed the container's 16 MiB memory margin.", "Grade the packout in "
       "batches (e.g. 10 000 fruit per call).", needs=("r",), match=r"allocate|memory")


def case_30():
    return _d("case_30", "grade-features-to-cuda-from-training-notebook", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{grade176}")
f = fruit(16)
# the grading code was copied from the training notebook, which ran on the GPU workstation
grades = m(f.to("cuda"))
""", "The features are moved to CUDA, as the training notebook did on the GPU workstation, on "
       "the packhouse PC whose torch has no CUDA, while the package is compiled for CPU.",
       "Keep the features on the CPU (drop .to('cuda')).", needs=("r",),
       match=r"CUDA|cuda")


def case_31():
    return _d("case_31", "russet-op-registered-for-cuda-only", "unsupported", "run", """
import numpy as np
# the line PC's ops module was copied from the GPU grading rig, where the op is registered for
# CUDA only
@torch.library.custom_op("orch176::russet_clip", mutates_args=(), device_types="cuda")
def russet_clip(x: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.clip(x.cpu().numpy().astype(np.float64) * 1.4 - 0.1, 0.0, 1.0)).float().to(x.device)
@russet_clip.register_fake
def _(x):
    return torch.empty_like(x)
m = torch._inductor.aoti_load_package("{russet176}")
score = m(texture(8))
""", "The line PC registers the russet op with device_types='cuda' (copied from the GPU rig), "
       "so it has no CPU kernel; the CPU package calls it through the proxy executor and the "
       "dispatcher finds nothing to run on CPU.", "Register the op for CPU as well (drop "
       "device_types or add 'cpu').", needs=("s",),
       match=r"Could not run 'orch176::russet_clip'")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30, case_31]

DROPPED: list = []
TRIED: list = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind176.jsonl",
        url_file="benchmarks/live_blind176.py", id_prefix="live176", stems=STEMS,
        scratch_prefix="live_blind176-", description=__doc__.splitlines()[0]))
