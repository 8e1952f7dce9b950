"""A hundred-and-twenty-fourth blind set of REAL AOTInductor failures (textiles and apparel manufacturing models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind124.py [--out benchmarks/live_blind124.jsonl] [--keep]

Theme: textiles and apparel manufacturing (a fabric-defect detector over loom-camera line scans,
a yarn-tension anomaly model over spindle sensor histories, a yarn-break tension lookup, a
colour-matching model from spectrophotometer reflectance curves (400-700 nm) to dye recipes, a
garment size recommender over body measurements, a marker-nesting utilisation scorer over
cut-piece polygons and a knitting-machine needle-fault classifier), exported, compiled, loaded
and run as a textile-plant ML engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind123.py (their TRIED
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
DEFECTS = ["ok", "hole", "slub", "broken_end", "oil_stain", "float"]

class FabricDefect(torch.nn.Module):
    # defect logits for blocks of loom-camera line scans (batch, 1, lines, pixels), grey 0..1
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(1, 8, 5, stride=2, padding=2)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(16, 6)
    def forward(self, scan):
        h = torch.relu(self.c2(torch.relu(self.c1(scan))))
        return self.head(h.amax((2, 3)))

BODY_MEAN = [96.0, 82.0, 100.0, 170.0, 78.0]   # chest, waist, hip, height, inseam (cm)
BODY_STD = [10.0, 11.0, 9.0, 9.0, 5.0]
SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"]

class SizeRec(torch.nn.Module):
    # size logits (XS..3XL) from body measurements in cm and the fit preference
    # (0 slim, 1 regular, 2 relaxed)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(BODY_MEAN))
        self.register_buffer("std", torch.tensor(BODY_STD))
        self.register_buffer("centres", torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0]) * 0.8)
        self.fit = torch.nn.Embedding(3, 7)
        with torch.no_grad():
            self.fit.weight.mul_(0.1)
    def forward(self, body_cm, fit):
        z = (body_cm - self.mean) / self.std
        s = z[:, :3].mean(-1, keepdim=True) + 0.1 * z[:, 3:4]
        return -4.0 * (s - self.centres) ** 2 + self.fit(fit)

class NeedleFault(torch.nn.Module):
    # per-needle fault logits (ok, broken hook, stiff latch, bent butt) from 16 vibration
    # features of every needle of a circular knitting machine: (machines, needles, 16);
    # the needle-position table is sized for the E18 30-inch machines (30 * pi * 18 = 1696)
    def __init__(self):
        super().__init__()
        self.pos = torch.nn.Embedding(1700, 8)
        self.feat = torch.nn.Linear(16, 8)
        self.out = torch.nn.Linear(8, 4)
    def forward(self, vib):
        return self.out(torch.relu(self.feat(vib) + self.pos(torch.arange(vib.shape[1]))))

class Utilisation(torch.nn.Module):
    # marker utilisation: total cut-piece area / (fabric width x marker length); pieces
    # (markers, pieces, vertices, 2) in cm, counter-clockwise; marker length (markers,) in cm
    def __init__(self, width_cm=150.0):
        super().__init__()
        self.register_buffer("width", torch.tensor(width_cm))
    def forward(self, pieces, length_cm):
        x, y = pieces[..., 0], pieces[..., 1]
        area = 0.5 * (x * y.roll(-1, -1) - x.roll(-1, -1) * y).sum(-1)   # shoelace, per piece
        return area.sum(-1) / (self.width * length_cm)

def rect_pieces(markers, pieces, vertices=8):
    # counter-clockwise cut pieces: rectangles 20..50 cm x 30..80 cm sampled at `vertices` points
    w = torch.rand(markers, pieces, 1) * 30 + 20
    h = torch.rand(markers, pieces, 1) * 50 + 30
    t = torch.arange(vertices) / vertices * 4
    xs = torch.where(t < 1, t, torch.where(t < 2, torch.ones_like(t), torch.where(t < 3, 3 - t, torch.zeros_like(t))))
    ys = torch.where(t < 1, torch.zeros_like(t), torch.where(t < 2, t - 1, torch.where(t < 3, torch.ones_like(t), 4 - t)))
    return torch.stack([xs * w, ys * h], -1)

class DyeRecipe(torch.nn.Module):
    # dye recipe (% owf of yellow, red, blue) from a reflectance curve of 31 bands, 400..700 nm
    # every 10 nm, reflectance as a fraction 0..1; Kubelka-Munk K/S per band, then a linear map
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(31, 3)
    def forward(self, refl):
        ks = (1 - refl) ** 2 / (2 * refl)
        return torch.nn.functional.softplus(self.lin(ks))

def curves(b=4):
    # smooth reflectance curves, 0.05 .. 0.85
    wl = torch.linspace(400, 700, 31)
    c = torch.rand(b, 1) * 300 + 400
    return 0.05 + 0.8 * torch.exp(-((wl - c) / 80.0) ** 2)

class YarnAnomaly(torch.nn.Module):
    # anomaly score per spindle from its recent sensor history (spindles, samples, 3): yarn
    # tension (cN), spindle speed (rpm), twist (turns/m), each standardised per spindle
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 8)
        self.out = torch.nn.Linear(8, 1)
    def forward(self, hist):
        z = (hist - hist.mean(1, keepdim=True)) / hist.std(1, keepdim=True)
        return self.out(torch.tanh(self.lin(z))).squeeze(-1).abs().amax(1)

def spindle_hist(s=4, t=200):
    tension = 18.0 + torch.randn(s, t) * 1.5
    speed = 12000.0 + torch.randn(s, t) * 80.0
    twist = 650.0 + torch.randn(s, t) * 10.0
    return torch.stack([tension, speed, twist], -1)

class BreakTension(torch.nn.Module):
    # tension 0.5 s before each yarn break: tension at 100 Hz (spindles, samples) and the
    # sample index of each break (spindles, breaks)
    def forward(self, tension, brk):
        return tension.gather(1, (brk - 50).clamp(min=0))
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, ln, px = Dim("scans", min=1, max=16), Dim("lines", min=32, max=1024), Dim("pixels", min=256, max=2048)
build("defect124", FabricDefect().eval(), (torch.rand(2, 1, 64, 512),),
      dynamic_shapes=({0: b, 2: ln, 3: px},))
c = Dim("customers", min=1, max=512)
build("size124", SizeRec().eval(), (),
      {"body_cm": torch.tensor([[96.0, 82.0, 100.0, 170.0, 78.0]] * 4) + torch.randn(4, 5),
       "fit": torch.tensor([0, 1, 2, 1])},
      dynamic_shapes={"body_cm": {0: c}, "fit": {0: c}})
mc, nd = Dim("machines", min=1, max=32), Dim("needles", min=2, max=4096)
build("needle124", NeedleFault().eval(), (torch.randn(2, 1696, 16),), dynamic_shapes=({0: mc, 1: nd},))
mk, pc, vx = Dim("markers", min=1, max=64), Dim("pieces", min=2, max=200), Dim("vertices", min=3, max=256)
build("nest124", Utilisation(), (rect_pieces(2, 24), torch.tensor([900.0, 1100.0])),
      dynamic_shapes=({0: mk, 1: pc, 2: vx}, {0: mk}))
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
sw = Dim("swatches", min=1, max=256)
build("dye124", DyeRecipe().eval(), (curves(4),), dynamic_shapes=({0: sw},))
sp, ts = Dim("spindles", min=1, max=1200), Dim("samples", min=32, max=6000)
build("yarn124", YarnAnomaly().eval(), (spindle_hist(4, 200),), dynamic_shapes=({0: sp, 1: ts},))
t100, nb = Dim("samples100", min=100, max=360000), Dim("breaks", min=1, max=64)
build("brk124", BreakTension(), (18.0 + torch.randn(4, 6000), torch.randint(50, 6000, (4, 3))),
      dynamic_shapes=({0: sp, 1: t100}, {0: sp, 1: nb}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"defect124", "size124", "needle124", "nest124", "dye124", "yarn124", "brk124",
         "km124", "pairs124"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "stopped-loom-flat-scan-shortcut", "export_failure", "export", """
class StopAware(FabricDefect):
    # a stopped loom gives a flat scan: report "ok" without running the detector
    def forward(self, scan):
        if scan.amax() - scan.amin() < 0.02:
            return torch.zeros(scan.shape[0], 6)
        return super().forward(scan)
ep = torch.export.export(StopAware().eval(), (torch.rand(2, 1, 64, 512),))
""", "The defect detector short-cuts stopped looms with a Python if on the scan's grey-level "
       "range (amax - amin < 0.02), control flow on tensor data that torch.export cannot trace.",
       "Detect loom stops from the loom's PLC state outside the model (or use torch.where / "
       "torch.cond).", match=r".")


def case_02():
    return _m("case_02", "size-chart-bisect-on-chest-girth", "export_failure", "export", """
import bisect
CHEST_CHART = [84.0, 90.0, 96.0, 102.0, 108.0, 116.0]     # chest (cm) upper bounds of XS..XXL
class ChartSize(torch.nn.Module):
    # the brand's size chart: the first size whose chest bound is above the customer's chest
    def forward(self, body_cm):
        return torch.tensor(bisect.bisect(CHEST_CHART, float(body_cm[0, 0])))
ep = torch.export.export(ChartSize(), (torch.tensor([[99.0, 84.0, 104.0, 176.0, 80.0]]),))
""", "The size-chart lookup converts the chest girth tensor to a Python float and bisects the "
       "brand's chart list, so the output depends on tensor data that torch.export cannot trace.",
       "Do the chart lookup with torch.bucketize against a chart tensor (or outside the model).",
       match=r".")


def case_03():
    return _m("case_03", "dynamic-wavelength-bands-into-31-band-head", "dynamic_shape_guard", "export", """
from torch.export import Dim
bands = Dim("bands", min=16, max=81)    # 10 nm (31 bands) and 5 nm (61 bands) spectrophotometers
ep = torch.export.export(DyeRecipe().eval(), (curves(4),), dynamic_shapes=({1: bands},))
""", "The wavelength axis of the reflectance curves is declared dynamic (for 10 nm and 5 nm "
       "instruments), but the recipe head is a Linear over exactly 31 bands, so export "
       "specialises the Dim to the constant 31 and refuses the specification.",
       "Keep the band axis static at 31 and resample 5 nm curves to the 10 nm grid first.",
       match=r".")


def case_04():
    return _m("case_04", "tension-and-speed-dims-same-name-different-range", "dynamic_shape_guard", "export", """
from torch.export import Dim
class TensionSpeed(torch.nn.Module):
    # yarn energy proxy: tension (cN) times spindle speed (rpm), averaged over the window
    def forward(self, tension, speed):
        return (tension * speed).mean(-1)
# the tension sensor and the speed encoder were specified by two engineers
t_samples = Dim("samples", min=100, max=6000)
s_samples = Dim("samples", min=100, max=12000)
ep = torch.export.export(TensionSpeed(), (torch.rand(4, 600) * 20, torch.rand(4, 600) * 12000),
                         dynamic_shapes=({1: t_samples}, {1: s_samples}))
""", "The tension and speed windows get two Dims that share the name 'samples' but have "
       "different ranges (max 6000 and 12000), which the dynamic-shapes specification refuses.",
       "Declare one Dim('samples', min=100, max=6000) and use it for both inputs.", match=r".")


def case_05():
    return _m("case_05", "export-example-from-new-4k-line-camera", "dynamic_shape_guard", "export", """
from torch.export import Dim
px = Dim("pixels", min=256, max=2048)
scan = torch.rand(2, 1, 64, 4096)                 # example block grabbed from the new 4K line camera
ep = torch.export.export(FabricDefect().eval(), (scan,), dynamic_shapes=({3: px},))
""", "The export example is a scan block from the new 4096-pixel line camera, above the pixels "
       "Dim's declared max=2048.", "Raise the pixels Dim's max to 4096 (or export with a "
       "2048-pixel example).", match=r".")


def case_06():
    return _m("case_06", "half-precision-kubelka-munk-solve", "unsupported", "run", """
class KmSolve(torch.nn.Module):
    # two-constant Kubelka-Munk: least-squares dye concentrations from K/S at 31 bands
    def __init__(self):
        super().__init__()
        self.register_buffer("unit_ks", torch.rand(31, 3) * 2 + 0.1)   # K/S of 1 % owf of each dye
    def forward(self, refl):
        ks = (1 - refl) ** 2 / (2 * refl)
        a = self.unit_ks.T @ self.unit_ks
        b = self.unit_ks.T @ ks.T
        return torch.linalg.solve(a, b).T
m = KmSolve().half()                              # halved for the dye-house colour kiosk
ep = torch.export.export(m, (curves(4).half(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/km124.pt2")
conc = torch._inductor.aoti_load_package(pkg)(curves(4).half())
""", "The Kubelka-Munk model is converted to float16 for the colour kiosk, but torch.linalg.solve "
       "has no float16 (Half) kernel on CPU.", "Keep the solve (or the whole model) in float32; "
       "halve only the parts that have Half kernels.", match=r"Half|[Ll]ow precision|not implemented|not supported")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _c("case_07", "size-form-adds-shoulder-width", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{size124}")
# the new web form also asks for shoulder width: chest, waist, hip, height, inseam, shoulder
body = torch.tensor([[99.0, 84.0, 104.0, 176.0, 80.0, 46.0], [88.0, 70.0, 96.0, 164.0, 75.0, 40.0]])
logits = m(body_cm=body, fit=torch.tensor([1, 0]))
""", "The web form's new shoulder-width field is appended as a sixth measurement, while the "
       "size package was exported for five measurements.", "Send only the five measurements "
       "the model was trained on (or retrain and re-export with six).", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "5nm-spectrophotometer-61-bands", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dye124}")
wl = torch.linspace(400, 700, 61)                 # the new bench instrument reports every 5 nm
refl = 0.05 + 0.8 * torch.exp(-((wl - torch.tensor([[520.0], [610.0]])) / 80.0) ** 2)
recipe = m(refl)
""", "The new bench spectrophotometer reports reflectance every 5 nm (61 bands), while the "
       "recipe package was exported for 31 bands at 10 nm.", "Resample the curves to the 10 nm "
       "grid (take every second band) before the call.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "raw-uint8-line-scan-bytes", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{defect124}")
buf = np.random.randint(0, 256, (2, 1, 64, 512), dtype=np.uint8)   # the frame grabber's 8-bit buffer
logits = m(torch.from_numpy(buf))
""", "The frame grabber's raw 8-bit line-scan buffer is sent as a uint8 tensor, while the "
       "defect package was exported for float32 grey levels 0..1.", "Convert with "
       ".float() / 255 before the call.", needs=("r",), env=CHECK, match=r"dtype|Byte|uint8|Float")


def case_10():
    return _c("case_10", "spindle-historian-csv-float64", "input_mismatch", "run", """
import io
import numpy as np
m = torch._inductor.aoti_load_package("{yarn124}")
rows = "\\n".join(f"{18 + i % 3},{12000 + i % 7},{650 + i % 5}" for i in range(200 * 4))
hist = np.loadtxt(io.StringIO(rows), delimiter=",").reshape(4, 200, 3)   # the historian's CSV export
score = m(torch.from_numpy(hist))
""", "The spindle histories are read from the historian's CSV with numpy, which gives float64, "
       "while the yarn package was exported for float32.", "Convert with .float() (or "
       "np.loadtxt(..., dtype=np.float32)) before the call.", needs=("s",), env=CHECK,
       match=r"dtype|Double|float64|Float")


def case_11():
    return _c("case_11", "size-service-positional-call", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{size124}")
body = torch.tensor([[99.0, 84.0, 104.0, 176.0, 80.0], [88.0, 70.0, 96.0, 164.0, 75.0]])
logits = m(body, torch.tensor([1, 0]))            # the shop's size service passes them positionally
""", "The shop's size service calls the package positionally, m(body, fit), while it was "
       "exported with keyword inputs body_cm= and fit=, so the input tree does not match.",
       "Call it as m(body_cm=body, fit=fit), as exported.", needs=("r",), env=CHECK, match=r".")


def case_12():
    return _c("case_12", "line-scan-block-without-channel-axis", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{defect124}")
block = torch.rand(2, 64, 512)                    # (blocks, lines, pixels): the grey scan has no channel axis
logits = m(block)
""", "The grey line-scan blocks are sent as 3-D (blocks, lines, pixels) tensors, while the "
       "defect package was exported for 4-D (blocks, 1, lines, pixels).", "Add the channel axis "
       "with block.unsqueeze(1).", needs=("r",), env=CHECK, match=r"dim|rank|size|shape")


# -------------------------------------------------------------------- run: dynamic dims
def case_13():
    return _c("case_13", "freshly-doffed-spindles-short-history", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{yarn124}")
hist = torch.stack([18.0 + torch.randn(2, 12), 12000.0 + torch.randn(2, 12) * 80,
                    650.0 + torch.randn(2, 12) * 10], -1)   # two spindles just after doffing
score = m(hist)
""", "Two freshly doffed spindles have only 12 samples of history, below the samples Dim's "
       "exported min=32.", "Wait for 32 samples after a doff (or pad / skip short histories).",
       needs=("s",), env=CHECK, match=r"32|too small|range|bound")


def case_14():
    return _c("case_14", "wide-width-loom-3400-pixels", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{defect124}")
scan = torch.rand(2, 1, 64, 3400)                 # the 3.4 m terry loom at the same 1 px/mm
logits = m(scan)
""", "The 3.4 m wide terry loom gives 3400-pixel scan lines, above the pixels Dim's exported "
       "max=2048.", "Split the scan across the width into tiles of at most 2048 pixels (or "
       "re-export with a larger max).", needs=("r",), env=CHECK, match=r"2048|too large|range|bound")


def case_15():
    return _c("case_15", "twelve-size-ratio-marker-480-pieces", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{nest124}")
t = torch.arange(8) / 8 * 4
xs = torch.where(t < 1, t, torch.where(t < 2, torch.ones_like(t), torch.where(t < 3, 3 - t, torch.zeros_like(t))))
ys = torch.where(t < 1, torch.zeros_like(t), torch.where(t < 2, t - 1, torch.where(t < 3, torch.ones_like(t), 4 - t)))
sq = torch.stack([xs * 25, ys * 40], -1)
pieces = sq.expand(2, 480, 8, 2).contiguous()     # 12 sizes x 40 pieces per garment in one marker
u = m(pieces, torch.tensor([5200.0, 5400.0]))
""", "A marker for a 12-size ratio holds 480 cut pieces, above the pieces Dim's exported "
       "max=200.", "Score such markers in parts (or re-export with a larger pieces max).",
       needs=("r",), env=CHECK, match=r"200|too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_16():
    return _c("case_16", "e28-gauge-machine-more-needles-than-table", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{needle124}")
vib = torch.randn(2, 2640, 16)                    # the new E28 30-inch machines: 30 * pi * 28 = 2639 needles
logits = m(vib)
""", "The new E28-gauge machines have 2640 needles (within the needles Dim's max=4096), but "
       "the needle-position table was sized for the 1696-needle E18 machines (1700 rows), so "
       "needle positions 1700..2639 are out of range.", "Re-export with a position table for "
       "the largest machine (or a needles max of 1700).", needs=("r",), expect="crash",
       match=r"out of bounds|index")


def case_17():
    return _c("case_17", "break-times-ms-as-100hz-samples", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{brk124}")
tension = 18.0 + torch.randn(2, 6000)             # the last 60 s of tension at 100 Hz
brk_ms = torch.tensor([[12850, 40120], [23400, 57210]])   # the PLC's break events, in ms
before = m(tension, brk_ms)
""", "The PLC's yarn-break times are in milliseconds and are passed as sample indices into "
       "the 100 Hz tension history (6000 samples), so the gather index is out of range.",
       "Convert the break times to 100 Hz samples (ms // 10) before the call.", needs=("s",),
       expect="exc", match=r"out of bounds|index")


def case_18():
    return _c("case_18", "oversized-fit-option-in-web-form", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{size124}")
body = torch.tensor([[99.0, 84.0, 104.0, 176.0, 80.0], [88.0, 70.0, 96.0, 164.0, 75.0]])
fit = torch.tensor([1, 3])                        # the form added "oversized" as fit option 3
logits = m(body_cm=body, fit=fit)
""", "The web form added an 'oversized' fit preference coded 3, but the package's fit "
       "embedding has 3 rows (slim, regular, relaxed).", "Map 'oversized' to 'relaxed' (2) until "
       "the model is retrained with a fourth fit.", needs=("r",), expect="exc",
       match=r"out of bounds|index")


def case_19():
    return _c("case_19", "jet-black-standard-zero-reflectance", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dye124}")
wl = torch.linspace(400, 700, 31)
refl = 0.05 + 0.8 * torch.exp(-((wl - torch.tensor([[520.0], [610.0]])) / 80.0) ** 2)
refl[1, :12] = 0.0                                # the jet-black standard: the instrument clips to 0.0
recipe = m(refl)
assert torch.isfinite(recipe).all(), f"recipe % owf: {recipe}"
""", "The jet-black standard's reflectance is clipped to 0.0 by the instrument at the short "
       "wavelengths, so Kubelka-Munk K/S = (1 - R)^2 / (2R) is inf and the recipe is not finite.",
       "Clamp the reflectance to a floor (e.g. 0.001) before the K/S transform.", needs=("s",),
       match=r"AssertionError")


def case_20():
    return _c("case_20", "reflectance-in-percent-from-qc-csv", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dye124}")
wl = torch.linspace(400, 700, 31)
frac = 0.05 + 0.8 * torch.exp(-((wl - torch.tensor([[520.0], [610.0]])) / 80.0) ** 2)
pct = frac * 100.0                                # the QC lab's CSV gives %R, 5 .. 85
recipe, ref = m(pct), m(frac)
assert torch.allclose(recipe, ref, rtol=0.05), f"recipe from %R {recipe} vs from R {ref}"
""", "The QC lab's CSV gives reflectance in percent (5..85), while the recipe model takes "
       "fractions 0..1; the K/S values are meaningless and the recipe is wrong without an "
       "error.", "Divide %R by 100 before the call.", needs=("s",), match=r"AssertionError")


def case_21():
    return _c("case_21", "us-store-measurements-in-inches", "numerical", "run", """
m = torch._inductor.aoti_load_package("{size124}")
cm = torch.tensor([[99.0, 84.0, 104.0, 176.0, 80.0], [108.0, 96.0, 110.0, 184.0, 83.0]])
inches = cm / 2.54                                # the US storefront collects inches
fit = torch.tensor([1, 1])
got, want = m(body_cm=inches, fit=fit).argmax(-1), m(body_cm=cm, fit=fit).argmax(-1)
assert torch.equal(got, want), f"sizes from inches {got.tolist()} vs from cm {want.tolist()}"
""", "The US storefront sends body measurements in inches to the size model that standardises "
       "them as centimetres, so every customer is recommended the smallest size, silently.",
       "Convert inches to cm (x 2.54) before the call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _c("case_22", "stopped-spindle-constant-history", "numerical", "run", """
m = torch._inductor.aoti_load_package("{yarn124}")
hist = torch.stack([18.0 + torch.randn(4, 200), 12000.0 + torch.randn(4, 200) * 80,
                    650.0 + torch.randn(4, 200) * 10], -1)
hist[2] = 0.0                                     # spindle 3 is stopped for a yarn change: all zeros
score = m(hist)
assert torch.isfinite(score).all(), f"anomaly scores: {score}"
""", "A stopped spindle's history is constant (all zeros), so the per-spindle standardisation "
       "divides 0 by a standard deviation of 0 and its anomaly score is NaN, silently.",
       "Skip stopped spindles (or add an epsilon to the standard deviation).", needs=("s",),
       match=r"AssertionError")


def case_23():
    return _c("case_23", "clockwise-dxf-cut-pieces", "numerical", "run", """
m = torch._inductor.aoti_load_package("{nest124}")
t = torch.arange(8) / 8 * 4
xs = torch.where(t < 1, t, torch.where(t < 2, torch.ones_like(t), torch.where(t < 3, 3 - t, torch.zeros_like(t))))
ys = torch.where(t < 1, torch.zeros_like(t), torch.where(t < 2, t - 1, torch.where(t < 3, torch.ones_like(t), 4 - t)))
ccw = torch.stack([xs * 30, ys * 60], -1).expand(2, 30, 8, 2)
pieces = ccw.flip(2)                              # the CAD system's DXF lists the outlines clockwise
u = m(pieces, torch.tensor([800.0, 820.0]))
assert ((u > 0) & (u <= 1)).all(), f"marker utilisation: {u}"
""", "The CAD system's DXF export lists the cut-piece outlines clockwise, so the shoelace "
       "areas are negative and the marker utilisation is negative, without an error.",
       "Orient every outline counter-clockwise (or take the absolute area per piece).",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_24():
    return _c("case_24", "refitted-head-bias-not-a-package-constant", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{dye124}")
# the colour lab refitted the recipe head on this season's lab dips: new weight and bias
m.load_constants({"lin.weight": torch.randn(3, 31) * 0.1, "lin.bias": torch.full((3,), 0.2)},
                 check_full_update=True)
""", "The colour lab's refitted head (weight and bias) is swapped in with load_constants, but "
       "the package exposes only lin.weight as an updatable constant, so lin.bias is not found.",
       "Check m.get_constant_fqns() and update only those constants (or re-export the package "
       "after retraining).", needs=("s",), match=r"[Cc]onstant")


def case_27():
    return _c("case_27", "four-dye-head-into-three-dye-package", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{dye124}")
# the dye house added a black dye: the colour lab refitted a four-dye head (4 x 31)
m.load_constants({"lin.weight": torch.randn(4, 31) * 0.1}, check_full_update=True)
recipe = m(torch.rand(2, 31) * 0.8 + 0.1)
assert recipe.shape == (2, 4), f"recipe shape {tuple(recipe.shape)} for a four-dye head"
""", "A four-dye head (4 x 31) is swapped with load_constants into the package compiled for "
       "three dyes (3 x 31); the shape is not checked, the package still returns three dyes "
       "and the process's heap is corrupted (it dies of a signal).", "Re-export and re-compile "
       "the package for the four-dye head instead of swapping constants.", needs=("s",),
       expect="crash", match=r"Segmentation|corrupt|Abort|free\(\)")


# ----------------------------------------------------------------------- run: resources
def case_26():
    return _m("case_26", "season-wide-vertex-clearance-matrix", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Clearance(torch.nn.Module):
    # clearance (cm) of every cut-piece vertex to its 4 nearest vertices in the lay plan
    def forward(self, pts):
        d = (pts[:, None, :] - pts[None, :, :]).pow(2).sum(-1).sqrt()
        return d.topk(5, largest=False).values[:, 1:]
nv = Dim("vertices", min=5, max=2000000)
ep = torch.export.export(Clearance(), (torch.rand(400, 2) * 150,), dynamic_shapes=({0: nv},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pairs124.pt2")
m = torch._inductor.aoti_load_package(pkg)
season = torch.rand(360000, 2) * 150.0            # every vertex of the season's 1500 markers at once
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the nesting worker's 2 GiB margin
c = m(season)
""", "The vertex clearance check is run over every vertex of a season's markers (360000) in one "
       "call; the vertex-by-vertex distance matrix that topk reads needs about 518 GB.",
       "Run it per marker (or with a spatial grid / KD-tree of nearby vertices).",
       match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_22, case_23, case_24, case_26, case_27]
# Number 25 (a float64 numpy head swapped in with load_constants) was removed before the
# recorded run: in its trials it failed nondeterministically (an AssertionError on garbage
# recipes once, a segfault at interpreter exit from the corrupted heap twice); see the notes.
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind124.jsonl",
        url_file="benchmarks/live_blind124.py", id_prefix="live124", stems=STEMS,
        scratch_prefix="live_blind124-", description=__doc__.splitlines()[0]))
