"""A hundred-and-sixth blind set of REAL AOTInductor failures (mining, oil and gas models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind106.py [--out benchmarks/live_blind106.jsonl] [--keep]

Theme: mining, oil and gas (a lithofacies classifier over well-log curves GR/RHOB/NPHI/DT sampled
over depth, a lithology classifier on core photographs, a stuck-pipe warning model over drilling
telemetry (ROP, WOB, torque) with rig-state codes, a reservoir-simulator surrogate over grid
cells with rock-type regions, an ore-grade regressor from assays and hyperspectral spectra, and
seismic-facies models), exported, compiled, loaded and run as a subsurface ML engineer would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind105.py (their TRIED lists included). Building the set
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
NULL = -999.25                      # the LAS null value
CURVES = ["GR", "RHOB", "NPHI", "DT"]
LOG_MEAN = [75.0, 2.45, 0.20, 90.0]  # API, g/cc, v/v, us/ft
LOG_STD = [30.0, 0.15, 0.08, 20.0]

class LogFacies(torch.nn.Module):
    # per-depth lithofacies logits (sand, shale, limestone, dolomite, coal, anhydrite)
    # from well-log curves (wells, 4 curves, depth samples)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(LOG_MEAN).view(4, 1))
        self.register_buffer("std", torch.tensor(LOG_STD).view(4, 1))
        self.c1 = torch.nn.Conv1d(4, 16, 5, padding=2)
        self.c2 = torch.nn.Conv1d(16, 6, 1)
    def forward(self, logs):
        return self.c2(torch.relu(self.c1((logs - self.mean) / self.std)))

class CoreLith(torch.nn.Module):
    # lithology of a core-box photograph (batch, 3, 96, 96), RGB values 0..1
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.fc = torch.nn.Linear(8, 6)
    def forward(self, img):
        return self.fc(torch.relu(self.c(img)).mean((2, 3)))

class StuckPipe(torch.nn.Module):
    # stuck-pipe probability from drilling telemetry (batch, T, 3: ROP m/h, WOB klbf, torque kft.lbf)
    # and the rig-state code per sample (0 drilling, 1 tripping, 2 reaming, 3 connection,
    # 4 circulating, 5 idle)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([25.0, 20.0, 12.0]))
        self.register_buffer("std", torch.tensor([10.0, 8.0, 4.0]))
        self.state = torch.nn.Embedding(6, 4)
        self.conv = torch.nn.Conv1d(7, 16, 5, padding=2)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, telem, state):
        x = torch.cat([(telem - self.mean) / self.std, self.state(state)], -1).transpose(1, 2)
        return torch.sigmoid(self.head(torch.relu(self.conv(x)).mean(-1))).squeeze(-1)

class ResSurrogate(torch.nn.Module):
    # cell pressure (bar) from cell properties (cells, 4: porosity, log10 perm, Sw, depth km)
    # and the rock-type region of each cell (5 regions, ids 0..4)
    def __init__(self):
        super().__init__()
        self.region = torch.nn.Embedding(5, 4)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(8, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
    def forward(self, cells, region):
        return 250.0 + self.mlp(torch.cat([cells, self.region(region)], -1)).squeeze(-1)

class OreGrade(torch.nn.Module):
    # Cu grade from assays (samples, 6: Cu %, Au g/t, Ag g/t, Mo ppm, S %, Fe %), log-transformed,
    # a 200-band SWIR hyperspectral spectrum and the geological domain code (8 domains, 0..7)
    def __init__(self):
        super().__init__()
        self.domain = torch.nn.Embedding(8, 4)
        self.lin = torch.nn.Linear(6 + 200 + 4, 1)
    def forward(self, assay, spectra, domain):
        x = torch.cat([torch.log10(assay), spectra, self.domain(domain)], -1)
        return self.lin(x).squeeze(-1)

def well_logs(w=2, d=512):
    # plausible curves: GR 20..150 API, RHOB 2.2..2.7 g/cc, NPHI 0.05..0.35, DT 55..120 us/ft
    s = torch.sin(torch.linspace(0, 12, d)).view(1, d) + 0.3 * torch.randn(w, d)
    return torch.stack([75 + 35 * s, 2.45 - 0.12 * s, 0.20 + 0.08 * s, 90 + 18 * s], 1)

def telemetry(b=2, t=64):
    rop = (25 + 8 * torch.randn(b, t)).clamp_min(0)
    wob = (20 + 5 * torch.randn(b, t)).clamp_min(0)
    tq = (12 + 3 * torch.randn(b, t)).clamp_min(0)
    return torch.stack([rop, wob, tq], -1), torch.randint(0, 6, (b, t))
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
w, d = Dim("wells", min=1, max=16), Dim("depth", min=32, max=8192)
build("log106", LogFacies().eval(), (well_logs(4, 512),), dynamic_shapes=({0: w, 2: d},))
build("core106", CoreLith().eval(), (torch.rand(4, 3, 96, 96),))
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
b, t = Dim("batch", min=1, max=32), Dim("samples", min=8, max=1024)
build("drill106", StuckPipe().eval(), telemetry(4, 64),
      dynamic_shapes=({0: b, 1: t}, {0: b, 1: t}))
n = Dim("cells", min=1, max=100000)
build("res106", ResSurrogate().eval(), (torch.rand(64, 4), torch.randint(0, 5, (64,))),
      dynamic_shapes=({0: n}, {0: n}))
s = Dim("samples", min=1, max=4096)
build("ore106", OreGrade().eval(),
      (torch.rand(16, 6) + 0.01, torch.rand(16, 200), torch.randint(0, 8, (16,))),
      dynamic_shapes=({0: s}, {0: s}, {0: s}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"log106", "core106", "drill106", "res106", "ore106", "cube106"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "las-null-python-branch", "export_failure", "export", """
class NullAware(LogFacies):
    # wells with LAS nulls (-999.25) get their nulls replaced by the curve mean first
    def forward(self, logs):
        if (logs == NULL).any():
            logs = torch.where(logs == NULL, self.mean, logs)
        return super().forward(logs)
ep = torch.export.export(NullAware().eval(), (well_logs(4, 512),))
""", "The forward pass branches in Python on whether the logs contain the LAS null value "
       "-999.25, control flow on tensor data that torch.export cannot trace.",
       "Apply torch.where unconditionally (it is a no-op without nulls) or clean nulls in the "
       "LAS reader before the call.", match=r".")


def case_02():
    return _m("case_02", "missing-curve-mask-tolist", "export_failure", "export", """
class MaskedCurves(LogFacies):
    # wells without a neutron or sonic run: missing curves are replaced by their training mean
    def forward(self, logs, present):
        cols = []
        for i, ok in enumerate(present.tolist()):
            cols.append(logs[:, i] if ok else torch.full_like(logs[:, i], LOG_MEAN[i]))
        return super().forward(torch.stack(cols, 1))
present = torch.tensor([True, True, False, True])  # no NPHI in this well
ep = torch.export.export(MaskedCurves().eval(), (well_logs(4, 512), present))
""", "The missing-curve mask is turned into Python booleans with .tolist() inside forward and "
       "used to choose per-curve code paths, data-dependent values that torch.export cannot trace.",
       "Apply the mask with tensor ops (torch.where(present.view(1, 4, 1), logs, mean)) instead "
       "of Python control flow.", match=r".")


def case_03():
    return _m("case_03", "seismic-patch-flatten-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FaciesPatch(torch.nn.Module):
    # seismic facies of a 32 x 32 amplitude patch (chaotic, parallel, mounded, ... 8 classes)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(1, 8, 3, stride=2, padding=1)
        self.fc = torch.nn.Linear(8 * 16 * 16, 8)
    def forward(self, patch):
        return self.fc(torch.relu(self.c(patch)).flatten(1))
h, w = Dim("inlines", min=16, max=256), Dim("xlines", min=16, max=256)
ep = torch.export.export(FaciesPatch().eval(), (torch.randn(8, 1, 32, 32),),
                         dynamic_shapes=({2: h, 3: w},))
""", "The seismic-facies patch classifier flattens the feature map into a Linear layer trained "
       "on 32 x 32 patches, but the patch's inline and crossline sizes are declared dynamic; "
       "export specialises them to 32.", "Keep the patch size static at 32 x 32 (tile the "
       "section) or pool globally before the Linear layer.", match=r".")


def case_04():
    return _m("case_04", "coarsen-refine-odd-grid", "dynamic_shape_guard", "export", """
from torch.export import Dim
import torch.nn.functional as F
class Upscaled(torch.nn.Module):
    # fine-scale log-permeability residual: the grid minus its 2 x 2 coarsened-and-refined copy
    def forward(self, k):                           # (models, 1, ny, nx)
        coarse = F.avg_pool2d(k, 2)
        return k - F.interpolate(coarse, scale_factor=2, mode="nearest")
ny, nx = Dim("ny", min=10, max=400), Dim("nx", min=10, max=400)
ep = torch.export.export(Upscaled(), (torch.randn(1, 1, 60, 80),),
                         dynamic_shapes=({2: ny, 3: nx},))
""", "The reservoir grid is coarsened 2 x 2 and refined back, which only matches the fine grid "
       "when ny and nx are even, but the Dims allow any cell count from 10 to 400.",
       "Declare the grid Dims as 2 * Dim(...) (or pad the grid to even sizes).", match=r".")


def case_05():
    return _m("case_05", "dynamic-shapes-keyed-curves", "dynamic_shape_guard", "export", """
from torch.export import Dim
w, d = Dim("wells", min=1, max=16), Dim("depth", min=32, max=8192)
# keyed by what the LAS loader calls the array, not by forward's argument name (logs)
ep = torch.export.export(LogFacies().eval(), (well_logs(4, 512),),
                         dynamic_shapes={"curves": {0: w, 2: d}})
""", "The dynamic_shapes dict is keyed 'curves', the LAS loader's name for the array, while the "
       "forward argument is called logs, so export rejects the specification.",
       "Key dynamic_shapes by forward's argument names ({'logs': ...}) or pass a tuple.",
       match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_06():
    return _m("case_06", "lasio-float64-curves", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{log106}")
# lasio returns every curve as a float64 numpy array
las = [{c: v.double().numpy() for c, v in zip(CURVES, well)} for well in well_logs(2, 2048)]
logs = torch.from_numpy(np.stack([np.stack([w[c] for c in CURVES]) for w in las]))
facies = m(logs)
""", "The curves come from a LAS file read with lasio, whose float64 arrays give a float64 "
       "tensor, while the facies package was exported for float32.",
       "Cast the curves to float32 (np.float32 / tensor.float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_07():
    return _m("case_07", "pef-curve-included", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{log106}")
logs = well_logs(2, 1024)
pef = 3.0 + 0.5 * torch.randn(2, 1, 1024)          # the new wells also log photoelectric factor
facies = m(torch.cat([logs, pef], 1))
""", "The newer wells also carry a PEF curve, which the loader appends, so the logs have 5 "
       "curves while the package was exported for GR, RHOB, NPHI and DT.",
       "Select the 4 exported curves (GR, RHOB, NPHI, DT) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _m("case_08", "depth-major-dataframe", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{log106}")
# df[CURVES].to_numpy(): rows are depth samples, columns are curves
frame = well_logs(2, 1024).transpose(1, 2).contiguous()     # two wells, (depth, curves) each
facies = m(frame)
""", "The curves are taken from a depth-indexed DataFrame, so the array is (depth, curves) "
       "while the package expects (wells, curves, depth).",
       "Transpose to (wells, curves, depth) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "core-photo-hwc", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{core106}")
# core-box photos read with PIL: np.asarray(img) is (H, W, 3); scaled to 0..1 but not permuted
photos = np.random.rand(4, 96, 96, 3).astype(np.float32)
lith = m(torch.from_numpy(photos))
""", "Core-box photographs read with PIL are (H, W, 3) arrays and are sent channels-last, while "
       "the lithology package expects (batch, 3, H, W).",
       "Permute to (batch, 3, H, W) (or use torchvision's to_tensor) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "swir-224-band-sensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ore106}")
assay = torch.rand(32, 6) + 0.01
spectra = torch.rand(32, 224)                       # the new core scanner's SWIR camera: 224 bands
domain = torch.randint(0, 8, (32,))
grade = m(assay, spectra, domain)
""", "Drill core scanned with the new SWIR camera gives 224-band spectra, while the ore-grade "
       "package was exported for the old sensor's 200 bands.",
       "Resample the spectra onto the 200 training wavelengths (or retrain/export for 224 "
       "bands).", needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "curves-as-mnemonic-dict", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{log106}")
logs = well_logs(2, 1024)
curves = {c: logs[:, i] for i, c in enumerate(CURVES)}   # keyed by mnemonic, as in the LAS file
facies = m(curves)
""", "The curves are passed as a dict keyed by LAS mnemonic, while the package takes one "
       "(wells, curves, depth) tensor.",
       "Stack the curves in the exported order (GR, RHOB, NPHI, DT) into one tensor.",
       needs=("r",), env=CHECK, match=r".")


def case_12():
    return _m("case_12", "whole-well-half-foot", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{log106}")
logs = well_logs(2, 30000)                          # two wells, surface to TD, half-foot sampling
facies = m(logs)
""", "The whole well from surface to TD at half-foot sampling (30000 depth samples) is sent, "
       "above the depth Dim's exported max=8192.",
       "Run the well in overlapping depth windows of at most 8192 samples (or export with a "
       "larger max).", needs=("r",), env=CHECK, match=r"8192|too large|range|bound")


def case_13():
    return _m("case_13", "telemetry-after-gap-removal", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{drill106}")
telem, state = telemetry(2, 60)                     # two rigs
ok = torch.zeros(60, dtype=torch.bool)
ok[-5:] = True                                      # WITS feed dropped out: only 5 valid samples
prob = m(telem[:, ok], state[:, ok])
""", "After the samples of a telemetry dropout are removed, the window holds only 5 samples, "
       "below the samples Dim's exported min=8.", "Skip the warning until the window holds at "
       "least 8 samples (or fill short gaps instead of dropping them).",
       needs=("s",), env=CHECK, match=r"8|too small|range|bound")


def case_14():
    return _m("case_14", "all-wells-in-field", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{log106}")
logs = well_logs(40, 1024)                          # every well of the field in one call
facies = m(logs)
""", "All 40 wells of the field are sent in one call, above the wells Dim's exported max=16.",
       "Batch the wells in chunks of at most 16 (or export with a larger max).",
       needs=("r",), env=CHECK, match=r"16|too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_15():
    return _c("case_15", "satnum-one-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{res106}")
cells = torch.rand(1000, 4)
satnum = torch.randint(1, 6, (1000,))               # SATNUM regions from the simulator deck: 1..5
p = m(cells, satnum)
""", "The rock-type regions come from the simulator deck's SATNUM keyword, numbered 1..5, while "
       "the surrogate's region embedding holds ids 0..4.",
       "Subtract 1 from SATNUM before the call.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_16():
    return _c("case_16", "null-domain-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ore106}")
assay = torch.rand(6, 6) + 0.01
spectra = torch.rand(6, 200)
domain = torch.tensor([2.0, 2.0, -999.25, 3.0, 3.0, 5.0]).long()   # unlogged interval: LAS null
grade = m(assay, spectra, domain)
""", "An unlogged interval carries the null value -999.25 in the geological domain curve, which "
       "cast to long is -999, a negative index into the domain embedding.",
       "Drop (or map to a reserved 'unknown' domain) intervals whose domain code is null.",
       needs=("s",), expect="crash", match=r"out of bounds|index|Abort")


def case_17():
    return _c("case_17", "rig-state-unknown-9", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{drill106}")
telem = torch.rand(1, 64, 3) * torch.tensor([40.0, 30.0, 20.0])
state = torch.zeros(1, 64, dtype=torch.long)
state[0, 20:30] = 9                                 # the new rig's provider: 9 = state unknown
prob = m(telem, state)
""", "The new rig's data provider reports rig state 9 ('unknown'), outside the 6 rig-state codes "
       "(0..5) of the stuck-pipe model's embedding.",
       "Map provider-specific codes onto the 6 trained states (unknown -> idle or a reserved "
       "code) before the call.", needs=("s",), expect="crash", match=r"out of bounds|index|Abort")


def case_18():
    return _m("case_18", "las-null-into-gr", "numerical", "run", """
m = torch._inductor.aoti_load_package("{log106}")
logs = well_logs(1, 1024)
raw = logs.clone()
raw[:, 0, 300:340] = NULL                           # GR tool pulled over 40 samples: LAS nulls
ref = m(logs)                                       # the same well with GR interpolated
out = m(raw)
err = (out - ref).abs().max().item()
assert err < 1.0, f"facies logits differ by {err:.1f} where GR is null"
""", "The LAS null value -999.25 in the GR curve is passed as a reading; normalised it is about "
       "-36 standard deviations and the facies logits around the null interval are wrong, "
       "without an error.", "Replace -999.25 by NaN-aware interpolation (or mask the interval) "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _m("case_19", "missing-nphi-nan-fill", "numerical", "run", """
m = torch._inductor.aoti_load_package("{log106}")
logs = well_logs(1, 1024)
logs[:, 2, 600:700] = float("nan")                  # no neutron run over this section
out = m(logs)
assert torch.isfinite(out).all(), f"{(~torch.isfinite(out)).any(1).sum().item()} non-finite depths"
""", "The section without a neutron run has its NPHI filled with NaN, which the convolution "
       "spreads into NaN facies logits over the whole section, without an error.",
       "Fill missing curves with a model-aware value (or use a model trained with a "
       "missing-curve mask).", needs=("r",), match=r"AssertionError")


def case_20():
    return _m("case_20", "rhob-in-kg-per-m3", "numerical", "run", """
m = torch._inductor.aoti_load_package("{log106}")
logs = well_logs(1, 1024)
si = logs.clone()
si[:, 1] *= 1000.0                                  # the contractor's RHOB is in kg/m3, not g/cc
ref = m(logs)
out = m(si)
agree = (out.argmax(1) == ref.argmax(1)).float().mean().item()
assert agree > 0.95, f"only {agree:.0%} of depths keep their facies"
""", "The contractor delivers bulk density in kg/m3 (about 2450) while the model was trained in "
       "g/cc (about 2.45); the facies predictions change, without an error.",
       "Convert RHOB to g/cc (divide by 1000) when loading the contractor's logs.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "assay-below-detection-negative", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ore106}")
assay = torch.tensor([[0.45, 0.12, 2.1, 40.0, 1.2, 4.5],
                      [0.62, -0.005, 3.0, 55.0, 1.5, 5.0],   # Au '<0.005 g/t' stored as -0.005
                      [0.38, 0.08, 1.7, 35.0, 0.9, 4.1],
                      [0.51, 0.0, 2.4, 48.0, 1.3, 4.8]])     # Au not assayed: 0
grade = m(assay, torch.rand(4, 200), torch.tensor([1, 1, 2, 2]))
assert torch.isfinite(grade).all(), f"Cu grade: {grade}"
""", "Below-detection assays are stored with the laboratory's convention as the negative "
       "detection limit (-0.005) or 0, and the model's log10 transform gives NaN / -inf grades, "
       "without an error.", "Replace below-detection values by half the detection limit before "
       "the call.", needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_22():
    return _m("case_22", "basin-stats-full-update", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{log106}")
# the new basin's curve statistics; the network weights are meant to stay as they are
basin = {"mean": torch.tensor([68.0, 2.52, 0.14, 78.0]).view(4, 1),
         "std": torch.tensor([25.0, 0.12, 0.06, 15.0]).view(4, 1)}
m.load_constants(basin, check_full_update=True)
facies = m(well_logs(1, 512))
""", "Only the new basin's curve statistics (mean, std) are loaded with check_full_update=True, "
       "which requires every constant of the package (the convolution weights too).",
       "Pass check_full_update=False for a partial update (or include all constants).",
       needs=("r",), match=r".")


def case_23():
    return _m("case_23", "basin-stats-numpy", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{log106}")
# the petrophysicist's calibration file, loaded with numpy
basin = {"mean": np.array([[68.0], [2.52], [0.14], [78.0]], dtype=np.float32),
         "std": np.array([[25.0], [0.12], [0.06], [15.0]], dtype=np.float32)}
m.load_constants(basin, check_full_update=False)
""", "The new basin's curve statistics are passed to load_constants as numpy arrays from the "
       "calibration file, while it takes torch tensors.",
       "Convert each array with torch.from_numpy before load_constants.",
       needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_24():
    return _m("case_24", "whole-seismic-cube-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
class CubeFacies(torch.nn.Module):
    # per-voxel facies probability in a 3D seismic amplitude cube (1, 1, samples, inlines, xlines)
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv3d(1, 4, 3, padding=1)
        self.c2 = torch.nn.Conv3d(4, 1, 1)
    def forward(self, cube):
        return torch.sigmoid(self.c2(torch.relu(self.c1(cube))))
z, y, x = Dim("z", min=8, max=2048), Dim("il", min=8, max=2048), Dim("xl", min=8, max=2048)
ep = torch.export.export(CubeFacies().eval(), (torch.randn(1, 1, 16, 32, 32),),
                         dynamic_shapes=({2: z, 3: y, 4: x},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cube106.pt2")
m = torch._inductor.aoti_load_package(pkg)
cube = torch.randn(1, 1, 300, 500, 500)              # the whole survey cube, 300 MB
# the interpretation worker: 512 MiB above the loaded model and the cube
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    prob = m(cube)
""", "The whole 300 x 500 x 500 seismic cube is sent in one call to a worker with 512 MiB left; "
       "the first convolution's 4-channel output (300 million voxels x 4 channels, 4.8 GB) does not fit.",
       "Run the cube in overlapping sub-volumes (or give the worker more memory).",
       match=r"memory|alloc")


# ---------------------------------------------------------------------------- run: device
def case_25():
    return _m("case_25", "rig-edge-config-cuda", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{drill106}")
cfg = {"device": "cuda", "window": 64}              # the config of the rig's GPU edge box
telem, state = telemetry(2, cfg["window"])
prob = m(telem.to(cfg["device"]), state.to(cfg["device"]))
""", "The stuck-pipe service reuses the GPU edge box's config and moves the telemetry to 'cuda' "
       "on a CPU-only host (CPU torch build) running the CPU package.",
       "Take the device from the package/host (cpu here), not from another rig's config.",
       needs=("s",), match=r".")


CASES = [case_01, case_02, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_21, case_22, case_23, case_24, case_25]
DROPPED = []
# Tried and did NOT fail on torch 2.13.0+cpu: case_03 (the seismic-facies patch classifier that
# flattens into a Linear layer, with the patch's inline / crossline sizes declared dynamic:
# export returned without an error) and case_20 (RHOB in kg/m3 instead of g/cc: more than 95% of
# the depths kept their facies, so the assertion on the predicted facies held).
TRIED = [case_03, case_20]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind106.jsonl",
        url_file="benchmarks/live_blind106.py", id_prefix="live106", stems=STEMS,
        scratch_prefix="live_blind106-", description=__doc__.splitlines()[0]))
