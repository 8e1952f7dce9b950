"""A hundred-and-twenty-sixth blind set of REAL AOTInductor failures (ophthalmology and eye-care models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind126.py [--out benchmarks/live_blind126.jsonl] [--keep]

Theme: ophthalmology and eye care (a diabetic-retinopathy grader over fundus photographs, a
retinal-layer thickness model over OCT B-scans, a visual-field progression model over 24-2
test-point series, an intraocular-pressure trend model over clinic visits, a refraction estimator
from autorefractor readings and a contact-lens fitting scorer from corneal topography maps),
exported, compiled, loaded and run as an eye-care ML engineer would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind124.py
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
MODELS = """
class Grader(torch.nn.Module):
    # ICDR diabetic-retinopathy grade logits (0 none .. 4 proliferative) from a fundus photograph
    # (eyes, 3, H, W) with values 0..1, per-image contrast standardised, plus the eye's
    # laterality (0 = OD right eye, 1 = OS left eye)
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 5, stride=4, padding=2)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.side = torch.nn.Embedding(2, 16)
        self.head = torch.nn.Linear(16, 5)
    def forward(self, img, eye):
        x = (img - img.mean((1, 2, 3), keepdim=True)) / img.std((1, 2, 3), keepdim=True)
        h = torch.relu(self.c2(torch.relu(self.c1(x)))).mean((2, 3))
        return self.head(h + self.side(eye))

class VfProgression(torch.nn.Module):
    # pointwise linear regression (dB/year) over a 24-2 visual-field series: sensitivities
    # (eyes, visits, 54) in dB and test dates (eyes, visits) in years since the baseline field;
    # returns the 54 slopes and a progression logit
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(54, 1)
    def forward(self, sens, years):
        t = years - years.mean(1, keepdim=True)
        s = sens - sens.mean(1, keepdim=True)
        slope = (t[..., None] * s).sum(1) / (t * t).sum(1)[:, None]
        return slope, self.lin(slope).squeeze(-1)

IOP_MEAN = [16.0, 545.0]     # Goldmann IOP (mmHg), central corneal thickness (um)
IOP_STD = [4.0, 35.0]

class IopTrend(torch.nn.Module):
    # glaucoma-conversion risk from IOP and pachymetry over clinic visits (eyes, visits, 2)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(IOP_MEAN))
        self.register_buffer("std", torch.tensor(IOP_STD))
        self.lin = torch.nn.Linear(2, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[0.9, -0.8]]))
            self.lin.bias.zero_()
    def forward(self, visits):
        z = ((visits - self.mean) / self.std).mean(1)
        return torch.sigmoid(self.lin(z).squeeze(-1))

class Refraction(torch.nn.Module):
    # subjective-refraction estimate from autorefractor readings (eyes, 3): sphere (D),
    # cylinder (D, minus-cylinder form) and axis in degrees, looked up in a 1-degree table 0..179
    def __init__(self):
        super().__init__()
        self.axis = torch.nn.Embedding(180, 8)
        self.lin = torch.nn.Linear(2, 8)
        self.out = torch.nn.Linear(8, 3)
    def forward(self, r):
        h = self.lin(r[:, :2]) + self.axis(r[:, 2].long())
        return self.out(torch.relu(h))

class Layers(torch.nn.Module):
    # total retinal thickness (um) per A-scan of Spectralis B-scans (scans, 1, 496 depth,
    # A-scans), 3.87 um per depth pixel
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(1, 4, 3, padding=1)
        self.d = torch.nn.Conv2d(4, 1, 1)
    def forward(self, bscan):
        p = torch.sigmoid(self.d(torch.relu(self.c(bscan))))
        return p.sum(2).squeeze(1) * 3.87

class RpeReflect(torch.nn.Module):
    # mean RPE reflectivity of each B-scan (scans, 496, A-scans) read at the segmented RPE row
    # of every A-scan (scans, A-scans)
    def forward(self, bscan, rpe_row):
        return bscan.gather(1, rpe_row[:, None, :]).squeeze(1).mean(-1)

class LensFit(torch.nn.Module):
    # rigid gas-permeable lens fit score from a corneal topography map (eyes, 1, 64, 64) of
    # axial power in dioptres and the lens base curve (eyes,) in mm
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(1, 4, 5, stride=2, padding=2)
        self.lin = torch.nn.Linear(5, 1)
    def forward(self, topo, base_curve):
        z = (topo - 43.5) / 1.6
        h = torch.relu(self.c(z)).mean((2, 3))
        return torch.sigmoid(self.lin(torch.cat([h, (base_curve - 7.8)[:, None]], 1))).squeeze(-1)

def fields(b=4, v=6):
    # 24-2 series: sensitivities around 28 dB losing 0.5 dB/year, one field a year
    years = torch.arange(v, dtype=torch.float32).repeat(b, 1) + torch.rand(b, 1) * 0.1
    sens = 28.0 + torch.randn(b, v, 54) - 0.5 * years[..., None]
    return sens, years

def topography(b=2):
    return 43.5 + torch.randn(b, 1, 64, 64) * 0.8
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
e, h, w = Dim("eyes", min=1, max=64), Dim("h", min=256, max=2048), Dim("w", min=256, max=2048)
build("dr126", Grader().eval(), (torch.rand(2, 3, 384, 512), torch.tensor([0, 1])),
      dynamic_shapes=({0: e, 2: h, 3: w}, {0: e}))
ve, vv = Dim("vf_eyes", min=1, max=128), Dim("visits", min=2, max=40)
build("vf126", VfProgression().eval(), fields(4, 6), dynamic_shapes=({0: ve, 1: vv}, {0: ve, 1: vv}))
ie, iv = Dim("iop_eyes", min=1, max=256), Dim("clinic_visits", min=1, max=64)
iop = torch.stack([12.0 + torch.rand(4, 5) * 10.0, 520.0 + torch.rand(4, 5) * 60.0], -1)
build("iop126", IopTrend().eval(), (iop,), dynamic_shapes=({0: ie, 1: iv},))
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
re_ = Dim("rx_eyes", min=1, max=256)
rx = torch.tensor([[-2.25, -0.75, 90.0], [-2.0, -1.0, 85.0], [1.5, -0.5, 175.0], [0.25, -2.5, 10.0]])
build("ref126", Refraction().eval(), (rx,), dynamic_shapes=({0: re_},))
sc, asc = Dim("scans", min=1, max=128), Dim("ascans", min=64, max=1024)
build("oct126", Layers().eval(), (torch.rand(2, 1, 496, 512),), dynamic_shapes=({0: sc, 3: asc},))
build("rpe126", RpeReflect(), (torch.rand(2, 496, 512), torch.randint(300, 450, (2, 512))),
      dynamic_shapes=({0: sc, 2: asc}, {0: sc, 1: asc}))
le = Dim("lens_eyes", min=1, max=64)
build("cl126", LensFit().eval(), (topography(2), torch.tensor([7.7, 7.9])),
      dynamic_shapes=({0: le}, {0: le}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"mat126", "dr126", "vf126", "iop126", "ref126", "oct126", "rpe126", "cl126", "clsplit126",
         "octa126", "flat126", "gh126"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "ehlers-cct-correction-branch", "export_failure", "export", """
class CorrectedIop(torch.nn.Module):
    # Ehlers-style correction of Goldmann IOP for corneal thickness, as in the clinic's table
    def forward(self, iop, cct):
        if cct < 520:
            iop = iop + (520 - cct) / 10.0 * 0.7
        else:
            iop = iop - (cct - 520) / 10.0 * 0.7
        return iop
ep = torch.export.export(CorrectedIop(), (torch.tensor([21.0]), torch.tensor([495.0])))
""", "The IOP correction branches in Python on whether the central corneal thickness is "
       "below 520 um (the Ehlers table), control flow on tensor data that torch.export "
       "cannot trace.", "Apply the correction with one expression (0.7 * (520 - cct) / 10, "
       "which covers both sides) or torch.where.", match=r".")


def case_02():
    return _m("case_02", "plus-to-minus-cylinder-transposition-branch", "export_failure", "export", """
class Transpose(torch.nn.Module):
    # readings from the older autorefractor are in plus-cylinder form: transpose to minus cylinder
    def forward(self, sph, cyl, axis):
        if cyl > 0:
            sph, cyl, axis = sph + cyl, -cyl, torch.remainder(axis + 90.0, 180.0)
        return torch.stack([sph, cyl, axis], -1)
ep = torch.export.export(Transpose(), (torch.tensor([-1.25]), torch.tensor([0.75]), torch.tensor([90.0])))
""", "The refraction pre-processing transposes plus-cylinder readings to minus-cylinder form "
       "with a Python if on the cylinder's sign, control flow on tensor data that torch.export "
       "cannot trace.", "Transpose with torch.where(cyl > 0, ...) on each component.",
       match=r".")


def case_03():
    return _m("case_03", "topography-meridian-np-polyfit", "export_failure", "export", """
import numpy as np
class Eccentricity(torch.nn.Module):
    # corneal asphericity: fit a conic to the horizontal meridian of the topography map
    def forward(self, topo):
        meridian = topo[0, 0, 32].numpy()
        x = np.linspace(-4.0, 4.0, meridian.shape[0])
        p = np.polyfit(x ** 2, 337.5 / meridian, 1)
        return torch.tensor(p, dtype=torch.float32)
ep = torch.export.export(Eccentricity(), (topography(1),))
""", "The contact-lens fitter fits the corneal meridian's conic with NumPy (.numpy() and "
       "np.polyfit) inside forward, which torch.export cannot trace through fake tensors.",
       "Fit the conic with torch ops (a closed-form least-squares in torch) or do it outside "
       "the exported model.", match=r".")


def case_04():
    return _m("case_04", "oct-crop-to-retina-from-argmax", "export_failure", "export", """
class Cropped(torch.nn.Module):
    # crop each B-scan to 256 rows below the brightest row (the ILM) before the thickness model
    def __init__(self):
        super().__init__()
        self.layers = Layers()
    def forward(self, bscan):
        top = int(bscan.mean((0, 1, 3)).argmax())
        return self.layers(bscan[:, :, top:top + 256])
ep = torch.export.export(Cropped().eval(), (torch.rand(2, 1, 496, 512),))
""", "The B-scan is cropped at a row found with int(argmax()) of the reflectivity profile, "
       "a slice bound that depends on the scan's data, which torch.export cannot trace.",
       "Crop with a fixed window (or pass the ILM row from the segmentation and gather) "
       "instead of a data-dependent Python slice.", match=r".")


def case_05():
    return _m("case_05", "one-vf-model-for-24-2-and-10-2-points", "dynamic_shape_guard", "export", """
from torch.export import Dim
pts = Dim("points", min=54, max=68)                # 24-2 has 54 test points, 10-2 has 68
sens, years = fields(4, 6)
ep = torch.export.export(VfProgression().eval(), (sens, years),
                         dynamic_shapes=({2: pts}, None))
""", "The test-point dimension is declared dynamic (54..68) so that one package serves both "
       "24-2 and 10-2 fields, but the progression head's Linear(54, 1) fixes it to 54, so "
       "export refuses the dynamic Dim.", "Keep the points dimension static and export one "
       "package per test pattern (or pad 24-2 into a shared point grid).", match=r".")


def case_06():
    return _m("case_06", "export-example-below-high-density-ascan-range", "dynamic_shape_guard", "export", """
from torch.export import Dim
asc = Dim("ascans", min=768, max=1536)             # the high-density raster protocol
bscan = torch.rand(2, 1, 496, 512)                 # the example: a B-scan of the 512-A-scan volume
ep = torch.export.export(Layers().eval(), (bscan,), dynamic_shapes=({3: asc},))
""", "The A-scan Dim is declared for the high-density protocol (768..1536), but the example "
       "B-scan comes from the 512-A-scan volume protocol, outside the Dim's range.",
       "Export with an example inside the declared range (or widen the Dim to min=64).",
       match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _c("case_07", "fundus-uint8-from-decoder", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dr126}")
# the fundus JPEGs decoded as they come off the camera's DICOM export: uint8 0..255
img = torch.randint(0, 256, (2, 3, 1536, 2048), dtype=torch.uint8)
logits = m(img, torch.tensor([0, 1]))
""", "The fundus photographs are sent as the decoder's uint8 0..255 tensors, while the grader "
       "package was exported for float32 images in 0..1.", "Convert with img.float() / 255 "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype|Byte|UInt8|uint8|Float")


def case_08():
    return _c("case_08", "fundus-hwc-from-opencv", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{dr126}")
bgr = (np.random.rand(2, 1536, 2048, 3)).astype(np.float32)   # cv2.imread order: H, W, C
logits = m(torch.from_numpy(bgr), torch.tensor([1, 0]))
""", "The fundus images are loaded with OpenCV and sent in (eyes, H, W, C) channel-last order, "
       "while the grader package was exported for (eyes, 3, H, W).",
       "Permute with .permute(0, 3, 1, 2) (and convert BGR to RGB) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape|range|bound")


def case_09():
    return _c("case_09", "ten-two-field-into-24-2-model", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{vf126}")
years = torch.arange(5, dtype=torch.float32).repeat(2, 1)
sens = 30.0 + torch.randn(2, 5, 68)                # 10-2 fields: 68 central test points
slopes, logit = m(sens, years)
""", "A series of 10-2 fields (68 test points) is sent to the progression package exported "
       "for 24-2 fields (54 points).", "Route 10-2 series to a 10-2 model (the point grids "
       "differ).", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "cirrus-1024-depth-bscans", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{oct126}")
bscan = torch.rand(2, 1, 1024, 512)                # Cirrus macular cube: 1024 pixels deep
um = m(bscan)
""", "B-scans from a Cirrus device (1024 depth pixels) are sent to the thickness package "
       "exported for Spectralis B-scans of 496 depth pixels.", "Resample the depth axis to "
       "the Spectralis grid (and its um/pixel) or use a Cirrus model.", needs=("s",),
       env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _c("case_11", "autorefractor-csv-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{ref126}")
# sphere, cylinder, axis columns of the autorefractor's CSV export, via pandas -> .to_numpy()
rows = np.array([[-3.25, -0.5, 180.0 - 5.0], [-3.0, -0.75, 170.0], [0.5, -1.25, 95.0]])
rx = m(torch.from_numpy(rows))
""", "The autorefractor readings come from a pandas frame as a float64 NumPy array, while "
       "the refraction package was exported for float32.", "Convert with .astype(np.float32) "
       "(or .float()) before the call.", needs=("s",), env=CHECK,
       match=r"dtype|Double|float64|Float")


def case_12():
    return _c("case_12", "both-eyes-as-separate-arguments", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cl126}")
od = 43.0 + torch.randn(1, 1, 64, 64) * 0.8        # right-eye map
os_ = 44.0 + torch.randn(1, 1, 64, 64) * 0.8       # left-eye map
score = m(od, os_, torch.tensor([7.8, 7.7]))       # both eyes in one call, as the fitting form has them
""", "The right- and left-eye topography maps are passed as two separate arguments (plus the "
       "base curves), while the lens-fit package takes one stacked map tensor and the base "
       "curves.", "Stack the eyes into one (2, 1, 64, 64) tensor: m(torch.cat([od, os_]), bc).",
       needs=("s",), match=r".")


def case_13():
    return _c("case_13", "vol-reader-transposed-bscan-view", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{oct126}")
vol = torch.rand(2, 512, 496)                      # the .vol reader's (B-scans, A-scans, depth)
bscan = vol.transpose(1, 2).unsqueeze(1)           # (2, 1, 496, 512): depth x A-scans, as a view
um = m(bscan)
ref = m(bscan.contiguous())
assert torch.allclose(um, ref, atol=1e-3), f"max thickness difference {(um - ref).abs().max():.1f} um"
""", "The B-scans are taken as transpose views of the .vol reader's (A-scans, depth) layout, "
       "non-contiguous inputs whose strides the package (exported for contiguous B-scans, "
       "run without input checks) does not honour, so the thickness is silently wrong.",
       "Call .contiguous() on the transposed B-scans (or enable AOTI_RUNTIME_CHECK_INPUTS).",
       needs=("s",), match=r"AssertionError")


# -------------------------------------------------------------------- run: dynamic dims
def case_14():
    return _c("case_14", "optos-ultra-widefield-image", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dr126}")
uwf = torch.rand(2, 3, 3072, 3900)                 # Optos ultra-widefield 200-degree images, OD and OS
logits = m(uwf, torch.tensor([0, 1]))
""", "Optos ultra-widefield images (3072 x 3900) of both eyes are sent, above the grader's exported "
       "h/w Dim max=2048.", "Resize (or crop the posterior pole) to at most 2048 pixels, or "
       "export with a larger max.", needs=("r",), env=CHECK, match=r"2048|too large|range|bound")


def case_15():
    return _c("case_15", "new-glaucoma-patient-single-field", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{vf126}")
sens = 27.0 + torch.randn(3, 1, 54)                # three newly referred eyes: one baseline field
slopes, logit = m(sens, torch.zeros(3, 1))
""", "Newly referred glaucoma patients have a single baseline field, below the visits Dim's "
       "exported min=2.", "Skip progression analysis until an eye has at least two fields "
       "(in practice five).", needs=("r",), env=CHECK, match=r"2|too small|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_16():
    return _c("case_16", "ehr-laterality-ou-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dr126}")
img = torch.rand(2, 3, 384, 512)
eye = torch.tensor([0, 2])                         # EHR laterality: 0 OD, 1 OS, 2 OU (both eyes)
logits = m(img, eye)
""", "The EHR laterality code includes 2 for OU (both eyes), sent as the eye index into the "
       "grader's 2-row laterality embedding (OD, OS).", "Map OU to one eye per image (the "
       "photo is of one eye) and validate laterality codes in {0, 1}.", needs=("r",),
       expect="crash", match=r"out of bounds|index")


def case_17():
    return _c("case_17", "refraction-axis-180-degrees", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ref126}")
rx = torch.tensor([[-1.75, -1.25, 180.0], [-1.5, -1.0, 5.0]])   # axis 180 is written for horizontal
pred = m(rx)
""", "An autorefractor reading has its axis written as 180 degrees (the same meridian as 0), "
       "which indexes past the refraction model's 180-row axis table (0..179).",
       "Wrap the axis with torch.remainder(axis, 180) before the lookup.", needs=("s",),
       expect="exc", match=r"out of bounds|index")


def case_18():
    return _c("case_18", "cirrus-rpe-rows-on-spectralis-scan", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{rpe126}")
bscan = torch.rand(1, 496, 128)                    # Spectralis B-scan, 496 rows
rpe = torch.randint(700, 760, (1, 128))            # RPE rows from the Cirrus segmentation (1024 rows)
r = m(bscan, rpe)
""", "The RPE rows come from the segmentation of the same eye's Cirrus scan (1024 rows deep) "
       "and are gathered from a 496-row Spectralis B-scan, past its last row.",
       "Segment the scan that is gathered from (or rescale rows by 496 / 1024).", needs=("s",),
       expect="crash", match=r"out of bounds|index")


def case_19():
    return _c("case_19", "two-baseline-fields-same-day", "numerical", "run", """
m = torch._inductor.aoti_load_package("{vf126}")
sens = 28.0 + torch.randn(2, 2, 54)
years = torch.zeros(2, 2)                          # the two baseline fields, tested on the same day
slopes, logit = m(sens, years)
assert torch.isfinite(slopes).all(), f"slopes: {slopes[:, :4]}"
""", "Glaucoma work-ups test two baseline fields on the same day, so both dates are 0 years "
       "and the regression's time variance is 0; every slope is 0 / 0 = NaN, silently.",
       "Require fields on at least two dates (or merge same-day tests) before regressing.",
       needs=("r",), match=r"AssertionError")


def case_20():
    return _c("case_20", "pachymetry-in-mm-not-um", "numerical", "run", """
m = torch._inductor.aoti_load_package("{iop126}")
iop = 14.0 + torch.rand(3, 4) * 8.0
cct_mm = 0.52 + torch.rand(3, 4) * 0.06            # the new pachymeter exports CCT in mm
p = m(torch.stack([iop, cct_mm], -1))
assert ((p > 1e-3) & (p < 1 - 1e-3)).all(), f"saturated conversion risk: {p}"
""", "The new pachymeter exports central corneal thickness in mm (0.55) while the IOP trend "
       "model standardises it as um (545 +- 35); the feature is about 15 standard deviations "
       "out and the risk saturates, without an error.", "Convert CCT to um in the feature "
       "pipeline (and validate feature ranges).", needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "topography-nan-under-upper-lid", "numerical", "run", """
m = torch._inductor.aoti_load_package("{cl126}")
topo = 43.5 + torch.randn(2, 1, 64, 64) * 0.8
topo[1, 0, :14, :] = float("nan")                  # points under the upper lid: not measured
score = m(topo, torch.tensor([7.8, 7.6]))
assert torch.isfinite(score).all(), f"fit scores: {score}"
""", "The topographer exports the points hidden by the upper lid as NaN, and the fit score "
       "of that eye comes out NaN.", "Fill unmeasured points (e.g. with the map's median or "
       "a fitted conic) and pass a validity mask.", needs=("s",), match=r"AssertionError")


def case_22():
    return _c("case_22", "flash-misfire-black-fundus", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dr126}")
img = torch.rand(2, 3, 384, 512)
img[1] = 0.0                                       # the flash misfired: an all-black frame
logits = m(img, torch.tensor([0, 1]))
assert torch.isfinite(logits).all(), f"grade logits: {logits}"
""", "A fundus frame taken when the flash misfired is all black; the grader's per-image "
       "contrast standardisation divides by its standard deviation 0, so its logits are NaN.",
       "Reject ungradable (under-exposed) images before grading (or add an epsilon to the "
       "standard deviation).", needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _m("case_23", "grader-head-with-ungradable-class", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{dr126}")
# the re-trained grader: the same backbone, and a head with a sixth class, "ungradable"
retrained = Grader()
retrained.head = torch.nn.Linear(16, 6)
sd = retrained.state_dict()
m.load_constants({k: sd[k] for k in m.get_constant_fqns()}, check_full_update=True)
logits = m(torch.rand(2, 3, 384, 512), torch.tensor([0, 1]))
p_ungradable = logits.softmax(-1)[:, 5]
""", "The re-trained grader's head has 6 classes (5 ICDR grades plus ungradable); its (6, 16) "
       "head weight is swapped with load_constants into the package compiled for a (5, 16) head; "
       "it is accepted without a shape check and copied past the end of the 5-class buffer, "
       "corrupting the heap, and the process aborts.", "Re-export and re-compile the grader "
       "with the 6-class head (load_constants only swaps weights of the compiled shapes).",
       needs=("r",), expect="crash", match=r"free|corrupt|malloc")


def case_24():
    return _m("case_24", "matlab-trained-kernels-float64", "constant_loading", "run", """
import numpy as np
model = Layers().eval()
ep = torch.export.export(model, (torch.rand(2, 1, 496, 128),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mat126.pt2")
m = torch._inductor.aoti_load_package(pkg)
# kernels fine-tuned in the lab's MATLAB pipeline, read with scipy.io.loadmat (float64 arrays)
mat = {"c.weight": np.random.randn(4, 1, 3, 3) * 0.5, "d.weight": np.random.randn(1, 4, 1, 1) * 0.5}
m.load_constants({k: torch.from_numpy(mat[k]) for k in m.get_constant_fqns()}, check_full_update=True)
with torch.no_grad():
    for k, v in mat.items():
        model.get_parameter(k).copy_(torch.from_numpy(v))
    x = torch.rand(2, 1, 496, 128)
    torch.testing.assert_close(m(x), model(x), rtol=1e-3, atol=1e-2)
""", "The kernels fine-tuned in MATLAB are read with scipy.io.loadmat as float64 arrays and "
       "swapped into the thickness package (compiled for float32 constants) with "
       "load_constants, which takes them without a dtype check and copies twice the bytes of "
       "the float32 buffers, corrupting the heap, and the process aborts.", "Convert the "
       "weights with .float() (np.float32) before load_constants.", expect="crash",
       match=r"free|corrupt|malloc")


def case_25():
    return _m("case_25", "lens-fit-weights-shipped-separately", "constant_loading", "run", """
model = LensFit().eval()
ep = torch.export.export(model, (topography(2), torch.tensor([7.7, 7.9])))
# the device vendor's review wants the weights shipped apart from the compiled code
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/clsplit126.pt2",
    inductor_configs={"aot_inductor.package_constants_in_so": False})
m = torch._inductor.aoti_load_package(pkg)
topo, bc = topography(2), torch.tensor([7.8, 7.6])
torch.testing.assert_close(m(topo, bc), model(topo, bc))
""", "The lens-fit package is built with package_constants_in_so=False (weights shipped "
       "separately) and then called without load_constants, so it runs without its weights.",
       "Load the weights with m.load_constants(model.state_dict()) after loading (or "
       "package the constants).", expect="crash", match=r"Segmentation fault|Fatal Python")


# ----------------------------------------------------------------------- run: resources
def case_26():
    return _m("case_26", "octa-decorrelation-all-ascans-of-cube", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Decorrelation(torch.nn.Module):
    # OCT-angiography flow: correlation of every A-scan with every other one in the SVP slab
    def forward(self, ascans):
        a = torch.nn.functional.normalize(ascans - ascans.mean(-1, keepdim=True), dim=-1)
        return (1.0 - a @ a.T).mean(-1)
n = Dim("ascans_total", min=2, max=1000000)
ep = torch.export.export(Decorrelation(), (torch.randn(256, 64),), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/octa126.pt2")
m = torch._inductor.aoti_load_package(pkg)
slab = torch.rand(300 * 300, 64)                   # a 3x3 mm cube: 300 x 300 A-scans, 64-pixel slab
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the reading station's 2 GiB margin
flow = m(slab)
""", "The decorrelation is computed between every pair of the 90000 A-scans of the OCT-A "
       "cube in one call; the all-pairs matrix needs about 32 GB.", "Compute decorrelation "
       "between repeated B-scans at the same position (or in windows), not over the whole "
       "cube.", match=r"memory|alloc")


# ------------------------------------------------------------------------ unsupported paths
def case_27():
    return _m("case_27", "garway-heath-sector-map-sparse-buffer", "unsupported", "compile", """
class Sectors(torch.nn.Module):
    # mean deviation of the 6 Garway-Heath optic-disc sectors: a sparse 6 x 54 point-to-sector map
    def __init__(self):
        super().__init__()
        sector = torch.arange(54) % 6
        idx = torch.stack([sector, torch.arange(54)])
        self.register_buffer("gh", torch.sparse_coo_tensor(idx, torch.ones(54) / 9.0, (6, 54)))
    def forward(self, td):
        return torch.sparse.mm(self.gh, td.T).T
ep = torch.export.export(Sectors(), (torch.randn(4, 54),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/gh126.pt2")
m = torch._inductor.aoti_load_package(pkg)
md = m(torch.randn(4, 54))
""", "The Garway-Heath point-to-sector map is kept as a sparse COO buffer and applied with "
       "torch.sparse.mm, a sparse layout that export/AOTInductor has no path for.",
       "Store the map as a dense (6, 54) buffer (or an index tensor used with index_add).",
       match=r".")


def case_28():
    return _m("case_28", "rpe-flattening-python-custom-op", "unsupported", "compile", """
import numpy as np
@torch.library.custom_op("eye126::flatten_rpe", mutates_args=())
def flatten_rpe(bscan: torch.Tensor) -> torch.Tensor:
    # the reading centre's flattening: shift every A-scan so the brightest row lines up (NumPy)
    b = bscan.numpy()
    out = np.empty_like(b)
    for s in range(b.shape[0]):
        rows = b[s, 0].argmax(0)
        for j, r in enumerate(rows):
            out[s, 0, :, j] = np.roll(b[s, 0, :, j], 400 - int(r))
    return torch.from_numpy(out)
@flatten_rpe.register_fake
def _(bscan):
    return torch.empty_like(bscan)
class FlatLayers(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = Layers()
    def forward(self, bscan):
        return self.layers(torch.ops.eye126.flatten_rpe(bscan))
ep = torch.export.export(FlatLayers().eval(), (torch.rand(2, 1, 496, 128),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/flat126.pt2")
m = torch._inductor.aoti_load_package(pkg)
um = m(torch.rand(2, 1, 496, 128))
""", "The RPE flattening is a Python (NumPy) custom op registered with torch.library, which "
       "the compiled package can only reach through the proxy executor and which has no C++ "
       "implementation.", "Write the flattening with torch ops (gather with per-A-scan "
       "shifts) or flatten before calling the package.", match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]
# Failed in the recorded run, but not the way the label was given for: case_24 (float64
# MATLAB-trained kernels through load_constants) aborted with "free(): invalid next size" in its
# --only trial, but in the recorded run the same heap corruption surfaced as a SIGSEGV without a
# free/corrupt/malloc line, so the harness skipped it; it stays in CASES as it was run.
DROPPED = [case_24]
# Tried on torch 2.13.0+cpu in the first trial run and did NOT fail, so left out of CASES (kept
# to rerun on another torch with --only): case_13 (B-scans taken as transpose views of the .vol
# reader's (A-scans, depth) layout, run without input checks: the package gave the same
# thickness as for the .contiguous() copies), case_28 (RPE flattening as a Python/NumPy custom
# op registered with torch.library: it compiled, loaded and ran in the same Python process).
TRIED = [case_13, case_28]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind126.jsonl",
        url_file="benchmarks/live_blind126.py", id_prefix="live126", stems=STEMS,
        scratch_prefix="live_blind126-", description=__doc__.splitlines()[0]))
