"""A sixty-third blind set of REAL AOTInductor failures (weather, climate and geospatial models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind63.py [--out benchmarks/live_blind63.jsonl] [--keep]

Theme: weather, climate and geospatial models (a one-step global model on a coarse lat/lon grid
with wrap-around longitude padding and repeated pole rows, per-variable normalisation buffers,
a regional model with dynamic crop sizes, a land-cover embedding and a station sampler that
gathers grid cells, pressure levels, time-step rollouts, ensembles, NaN-filled missing cells,
land-sea masks, units and satellite tiles), exported, compiled, loaded and run as a deployment
engineer would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind62.py (their TRIED lists included). Building the set
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
C, H, W = 6, 16, 32    # variables t2m, u10, v10, msl, z500, t850 on an 11.25-degree lat/lon grid
MEAN = [288.0, 0.0, 0.0, 101325.0, 55000.0, 275.0]
STD = [15.0, 5.0, 5.0, 1000.0, 3000.0, 10.0]

class Step(torch.nn.Module):
    # one 6-hour step: per-variable normalisation, wrap-around longitude padding, repeated pole
    # rows, a 3x3 convolution as the residual update, scaled back to physical units
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN).view(C, 1, 1))
        self.register_buffer("std", torch.tensor(STD).view(C, 1, 1))
        self.conv = torch.nn.Conv2d(C, C, 3)
        torch.nn.init.normal_(self.conv.weight, std=0.01)
    def forward(self, state):
        z = (state - self.mean) / self.std
        z = torch.cat([z[..., -1:], z, z[..., :1]], dim=-1)          # longitude wraps around
        z = torch.cat([z[..., :1, :], z, z[..., -1:, :]], dim=-2)    # pole rows repeated
        return state + self.conv(z) * self.std

class Regional(torch.nn.Module):
    # limited-area model on a crop of any size: normalise, convolve with zero padding
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN).view(C, 1, 1))
        self.register_buffer("std", torch.tensor(STD).view(C, 1, 1))
        self.conv = torch.nn.Conv2d(C, C, 3, padding=1)
    def forward(self, crop):
        return crop + self.conv((crop - self.mean) / self.std) * self.std

def analysis(b=2, h=H, w=W):
    # a plausible analysis state in physical units
    return torch.tensor(MEAN).view(1, C, 1, 1) + torch.tensor(STD).view(1, C, 1, 1) * torch.randn(b, C, h, w)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b = Dim("members", min=1, max=16)
build("step63", Step().eval(), (analysis(2),), dynamic_shapes=({0: b},))
h, w = Dim("h", min=8, max=64), Dim("w", min=8, max=64)
build("reg63", Regional().eval(), (analysis(1, 24, 40),), dynamic_shapes=({2: h, 3: w},))
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
class LandCover(torch.nn.Module):
    # surface type per cell (0 ocean, 1 land, 2 sea ice, 3 lake) -> 8-d embedding -> 1x1 conv
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(4, 8)
        self.mix = torch.nn.Conv2d(8, C, 1)
    def forward(self, surface):
        return self.mix(self.emb(surface).permute(0, 3, 1, 2))

class Stations(torch.nn.Module):
    # forecast values at stations: gather the grid cells (flat lat * W + lon index) of the stations
    def forward(self, field, cell):
        return field.flatten(2)[:, :, cell] * 1.0

n = Dim("stations", min=1, max=4096)
build("lc63", LandCover().eval(), (torch.randint(0, 4, (2, H, W)),))
build("st63", Stations(), (analysis(2), torch.randint(0, H * W, (10,))),
      dynamic_shapes=(None, {0: n}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"step63", "reg63", "lc63", "st63", "half63", "eof63", "glob63", "roll63"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "model-top-from-request", "export_failure", "export", """
class Levels(torch.nn.Module):
    # a column model over 13 pressure levels; the request says how high the model top is
    def __init__(self):
        super().__init__()
        self.register_buffer("plev", torch.tensor([1000., 925., 850., 700., 600., 500., 400.,
                                                   300., 250., 200., 150., 100., 50.]))
        self.lin = torch.nn.Linear(4, 4)
    def forward(self, column, p_top):
        k = int((self.plev >= p_top).sum())              # levels below the requested top
        return self.lin(column[:, :k]).mean(1)
ep = torch.export.export(Levels(), (torch.randn(2, 13, 4), torch.tensor(100.0)))
""", "The number of pressure levels kept is computed with int() from the request's model-top "
       "tensor, a data-dependent Python int that torch.export cannot trace into a static graph.",
       "Pass the model top as a Python int at export (one package per top) or mask the levels "
       "above it instead of slicing.", match=r".")


def case_02():
    return _m("case_02", "crop-bounds-by-searchsorted", "export_failure", "export", """
class CropByBox(torch.nn.Module):
    # the regional product crops the global grid by the latitude band of the request
    def __init__(self):
        super().__init__()
        self.register_buffer("lat", torch.linspace(-84.375, 84.375, H))
        self.inner = Regional()
    def forward(self, state, lat0, lat1):
        i0 = torch.searchsorted(self.lat, lat0).item()
        i1 = torch.searchsorted(self.lat, lat1).item()
        return self.inner(state[:, :, i0:i1])
ep = torch.export.export(CropByBox(), (analysis(1), torch.tensor(30.0), torch.tensor(70.0)))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The crop's row bounds come from searchsorted(...).item() on the request's latitudes, so the "
       "crop size is data-dependent and export cannot guard the convolution on it.",
       "Crop in the caller (or export the regional model on crops) and pass the crop as the "
       "input.", match=r".")


def case_03():
    return _m("case_03", "area-weights-fixed-lat", "dynamic_shape_guard", "export", """
from torch.export import Dim
class AreaMean(torch.nn.Module):
    # latitude-weighted global mean of each variable
    def __init__(self):
        super().__init__()
        lat = torch.linspace(-84.375, 84.375, H)
        self.register_buffer("coslat", torch.cos(torch.deg2rad(lat)).view(H, 1))
    def forward(self, state):
        w = self.coslat / self.coslat.mean()
        return (state * w).mean((-2, -1))
lat, lon = Dim("lat", max=721), Dim("lon", max=1440)   # serve any resolution
ep = torch.export.export(AreaMean(), (analysis(2),), dynamic_shapes=({2: lat, 3: lon},))
""", "The latitude weights are a 16-row buffer computed for the training grid, but the latitude "
       "size is declared dynamic; the broadcast forces lat to 16 and export reports the Dim as "
       "specialised.", "Compute the cos(lat) weights from the input's latitude coordinate (or "
       "keep lat static, one package per grid).", match=r".")


def case_04():
    return _m("case_04", "variables-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
nvar = Dim("variables", min=1, max=128)          # new variables will be added later
ep = torch.export.export(Step(), (analysis(2),), dynamic_shapes=({0: Dim("b", max=16), 1: nvar},))
""", "The number of physical variables (channels) is declared dynamic, but the per-variable "
       "normalisation buffers and the convolution's weights fix it to 6.",
       "Keep the variable count static (re-export when variables are added).", match=r".")


def case_05():
    return _m("case_05", "chunk-by-free-gpu-memory", "device_mismatch", "export", """
class ChunkedStep(Step):
    # the rollout splits the ensemble into chunks that fit the free GPU memory
    def forward(self, state):
        free, total = torch.cuda.mem_get_info()
        per_member = state[0].numel() * 4 * 20
        n = max(1, min(state.shape[0], free // per_member))
        return torch.cat([super(ChunkedStep, self).forward(c) for c in state.split(n)])
ep = torch.export.export(ChunkedStep(), (analysis(4),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The forward pass queries torch.cuda.mem_get_info() to size ensemble chunks, but the package "
       "is built on a CPU-only build host with no GPU or driver.",
       "Take the chunk size from the config (or build on the GPU host); on a CPU host export a "
       "CPU path without CUDA calls.", match=r".")


# ---------------------------------------------------------------------------- compile phase
def case_06():
    return _m("case_06", "eof-projection-svd", "unsupported", "compile", """
class EOF(torch.nn.Module):
    # project the anomaly field on its leading empirical orthogonal functions
    def forward(self, anomalies):
        u, s, vh = torch.linalg.svd(anomalies.flatten(1), full_matrices=False)
        return u[:, :3] * s[:3]
ep = torch.export.export(EOF(), (torch.randn(12, H, W),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/eof63.pt2")
m = torch._inductor.aoti_load_package(pkg)
pcs = m(torch.randn(12, H, W))
""", "The EOF analysis calls torch.linalg.svd inside forward; the decomposition has no AOTI path "
       "(C shim / kernel) on this build.", "Compute the EOFs offline and export the projection "
       "onto the fixed EOF matrix (a matmul).", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "xarray-lon-lat-order", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{step63}")
state = torch.randn(2, 6, 32, 16)                # xarray dims (time, variable, lon, lat)
nxt = m(state)
""", "The state is taken from an xarray Dataset ordered (variable, lon, lat), while the package "
       "was exported for (variable, lat, lon).",
       "Transpose to (..., lat, lon) (ds.transpose(..., 'lat', 'lon')) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "netcdf-decoded-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{step63}")
# xarray decodes the packed int16 netCDF variables with scale_factor/add_offset to float64
packed = np.random.randint(-32000, 32000, (2, 6, 16, 32)).astype(np.int16)
state = torch.from_numpy(packed * 0.01 + 280.0)
nxt = m(state)
""", "The analysis is read from a packed netCDF file; xarray's scale_factor/add_offset decoding "
       "produces float64, while the package was exported for float32.",
       "Cast to float32 (ds.astype('float32') or tensor.float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_09():
    return _m("case_09", "land-sea-mask-as-channel", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{step63}")
lsm = (torch.rand(1, 1, H, W) > 0.7).float()
state = torch.cat([analysis(2), lsm.expand(2, 1, H, W)], dim=1)   # the v2 pipeline appends the mask
nxt = m(state)
""", "The new preprocessing appends the land-sea mask as a seventh channel, while the package "
       "was exported for the six physical variables.",
       "Drop the mask channel for this package (or re-export a model trained with it).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "history-window-to-one-step", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{step63}")
history = torch.stack([analysis(2), analysis(2)], dim=1)   # (batch, time=2, var, lat, lon)
nxt = m(history)
""", "The rollout passes the two-time-step history window (batch, time, variable, lat, lon) to "
       "a one-step package exported for (batch, variable, lat, lon).",
       "Send only the latest state (history[:, -1]) or export a model taking the window.",
       needs=("r",), env=CHECK, match=r".")


def case_11():
    return _m("case_11", "ensemble-over-member-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{step63}")
members = analysis(50)                           # the 50-member ensemble in one call
nxt = m(members)
""", "The one-step package's member (batch) Dim was exported with max=16; a 50-member ensemble "
       "in one call is outside the compiled range.",
       "Run the ensemble in chunks of at most 16 members (or re-export with max=64).",
       needs=("r",), env=CHECK, match=r"16|too large|range|bound")


def case_12():
    return _m("case_12", "small-island-crop", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{reg63}")
crop = analysis(1, 5, 6)                         # a small island domain, 5 x 6 cells
out = m(crop)
""", "The regional package's crop Dims were exported with min=8; a 5 x 6 island domain is "
       "outside the compiled range.",
       "Pad small domains to at least 8 x 8 cells (or export with a smaller min).",
       needs=("r",), env=CHECK, match=r"8|range|bound")


def case_13():
    return _m("case_13", "satellite-tile-256", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{reg63}")
tile = analysis(1, 256, 256)                     # a full satellite tile, regridded
out = m(tile)
""", "A 256 x 256 satellite tile is sent to the regional package whose crop Dims allow at most "
       "64 cells.", "Split the tile into 64 x 64 crops (or export with a larger max).",
       needs=("r",), env=CHECK, match=r"64|range|bound")


def case_14():
    return _m("case_14", "surface-missing-255", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lc63}")
surface = torch.randint(0, 4, (2, H, W))
surface[:, 0, :] = 255                           # the product's fill value for missing cells
feat = m(surface)
""", "The land-cover product marks missing cells with its fill value 255, an index outside the "
       "4-class surface-type embedding.",
       "Map the fill value to a valid class (or a dedicated missing class) before the call.",
       needs=("s",), expect="crash", match=r"out of bounds")


def case_15():
    return _m("case_15", "station-at-north-pole", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{st63}")
lat = torch.tensor([51.5, 90.0, -33.9])          # London, the North Pole station, Sydney
lon = torch.tensor([359.9, 0.0, 151.2])
i = ((lat + 90) / 180 * H).long()                # cell-centred grid: lat = 90 gives row H
j = ((lon % 360) / 360 * W).long()
vals = m(analysis(2), i * W + j)
""", "The station sampler's cell index is computed from latitude with floor((lat+90)/180*H); a "
       "station at exactly 90 N gets row H, so its flat cell index is beyond the grid.",
       "Clamp the row to H-1 (poles belong to the last row) before building the cell index.",
       needs=("s",), match=r".")


# ------------------------------------------------------------------- run: weights and values
def case_16():
    return _c("case_16", "stats-keyed-per-variable", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{step63}")
stats = {"t2m": (288.5, 14.8), "u10": (0.1, 5.2), "v10": (0.0, 5.1),
         "msl": (101300.0, 1050.0), "z500": (55100.0, 2900.0), "t850": (275.2, 9.8)}
m.load_constants({f"mean.{k}": torch.tensor(v[0]) for k, v in stats.items()}
                 | {f"std.{k}": torch.tensor(v[1]) for k, v in stats.items()},
                 check_full_update=False)          # the new climatology, per variable
""", "The refreshed normalisation statistics are loaded per variable (mean.t2m, std.msl, ...), "
       "but the package holds one mean and one std buffer of shape (6, 1, 1).",
       "Stack the per-variable statistics in the exported variable order into mean/std tensors "
       "of shape (6, 1, 1) and load those.", needs=("r",), match=r".")


def case_17():
    return _c("case_17", "finetuned-ckpt-prefixed-keys", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{reg63}")
ckpt = {"model.conv.weight": torch.randn(6, 6, 3, 3) * 0.01, "model.conv.bias": torch.zeros(6)}
m.load_constants(ckpt, check_full_update=False)  # the regional fine-tune from the trainer
""", "The regional fine-tune checkpoint comes from a Lightning module whose keys carry the "
       "'model.' prefix, so its names do not match the package constants (conv.weight).",
       "Strip the 'model.' prefix from the checkpoint keys before load_constants.",
       needs=("r",), match=r".")


def case_18():
    return _m("case_18", "nan-ocean-times-lsm", "numerical", "run", """
m = torch._inductor.aoti_load_package("{step63}")
state = analysis(2)
ocean = torch.rand(1, 1, H, W) > 0.3
state[:, :1] = torch.where(ocean, float("nan"), state[:, :1])  # land-only t2m: NaN over ocean
lsm = (~ocean).float()
state = state * lsm + (1 - lsm) * 288.0          # "mask out" the ocean before the call
nxt = m(state)
assert torch.isfinite(nxt).all(), "non-finite forecast"
""", "The NaN ocean cells are 'masked' by multiplying with the land-sea mask, but NaN * 0 is "
       "NaN, so the NaNs reach the convolution and spread over the whole forecast.",
       "Replace the missing cells with torch.where(ocean, fill, state) (or nan_to_num) before "
       "the call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _m("case_19", "std-from-constant-crop", "numerical", "run", """
m = torch._inductor.aoti_load_package("{reg63}")
crops = analysis(20, 24, 40)
crops[:, 4] = 55000.0                            # z500 is not analysed in this domain: filled
m.load_constants({"mean": crops.mean((0, 2, 3)).view(6, 1, 1),
                  "std": crops.std((0, 2, 3)).view(6, 1, 1)}, check_full_update=False)
out = m(analysis(1, 24, 40))
assert torch.isfinite(out).all(), "non-finite forecast"
""", "The regional normalisation statistics are recomputed on the domain's data where z500 is a "
       "constant fill, so its std is 0 and the normalisation divides by zero.",
       "Floor the std (std.clamp_min(eps)) or keep the global statistics for variables that are "
       "constant in the domain.", needs=("r",), match=r"AssertionError")


def case_20():
    return _m("case_20", "celsius-temperature-feed", "numerical", "run", """
m = torch._inductor.aoti_load_package("{step63}")
state = analysis(2)
state[:, 0] -= 273.15                            # the new station-blend feed delivers t2m in degC
state[:, 5] -= 273.15
nxt = m(state)
t2m = nxt[:, 0]
assert (t2m > 180).all() and (t2m < 340).all(), f"t2m out of range: {t2m.min():.1f} K"
""", "The temperature feed switched to degrees Celsius while the model's normalisation expects "
       "kelvin; the package runs without error and returns temperatures ~273 K too low.",
       "Convert temperatures to kelvin at ingestion (and check units against the exported "
       "normalisation).", needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "half-precision-msl", "numerical", "run", """
step = Step().eval().half()                      # halve the serving memory
ep = torch.export.export(step, (analysis(2).half(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/half63.pt2")
m = torch._inductor.aoti_load_package(pkg)
nxt = m(analysis(2).half())
assert torch.isfinite(nxt).all(), "non-finite forecast"
""", "The model is served in float16, but mean sea-level pressure in pascals (~101325 Pa) "
       "exceeds float16's maximum of 65504, so msl becomes inf and the forecast NaN.",
       "Keep float32 (or bfloat16) for fields in physical units, or feed hPa / normalised "
       "inputs.", match=r"AssertionError")


def case_22():
    return _m("case_22", "rollout-feeds-back-missing", "numerical", "run", """
m = torch._inductor.aoti_load_package("{step63}")
state = analysis(2)
state[:, 3, 0, 5] = float("nan")                  # one missing msl observation near the pole
for t in range(8):                               # a 48-hour rollout
    state = m(state)
assert not state.isnan().any(), f"NaN cells after rollout: {int(state.isnan().sum())}"
""", "A single NaN (missing) cell in the initial analysis is fed into the autoregressive "
       "rollout; every step's convolution spreads it, so after 8 steps much of the grid is NaN.",
       "Fill missing cells (e.g. from the background forecast) before starting the rollout.",
       needs=("r",), match=r"AssertionError")


def case_23():
    return _m("case_23", "regional-crop-wrong-order", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{reg63}")
crop = analysis(1, 24, 40).permute(0, 2, 3, 1)   # the geotiff reader gives (band last)
out = m(crop)
""", "The crop comes from a GeoTIFF reader as (1, rows, cols, bands) while the regional package "
       "takes (1, variables, rows, cols); the 24 rows land in the variable dimension.",
       "Permute to channels-first (permute(0, 3, 1, 2)) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_24():
    return _m("case_24", "quarter-degree-ensemble-capped-pod", "out_of_memory", "run", """
import resource
from torch.export import Dim
lat, lon = Dim("lat", min=8, max=721), Dim("lon", min=8, max=1440)
ep = torch.export.export(Regional().eval(), (analysis(2, 24, 40),),
                         dynamic_shapes=({0: Dim("members", max=64), 2: lat, 3: lon},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/glob63.pt2")
m = torch._inductor.aoti_load_package(pkg)
members = analysis(16, 721, 1440)                # 16 members on the 0.25-degree ERA5 grid
# the forecast worker's pod has a 1 GiB memory budget left after loading the model and inputs
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    out = m(members)
""", "All 16 ensemble members on the 0.25-degree (721 x 1440) grid are sent in one call to a "
       "worker with about 1 GiB of memory left; the call's activations (several 400 MB tensors) "
       "do not fit.", "Run the members in smaller chunks (or give the worker more memory).",
       match=r"memory|alloc")


def case_25():
    return _m("case_25", "rollout-keeps-every-step", "out_of_memory", "run", """
import resource
from torch.export import Dim
lat, lon = Dim("lat", min=8, max=721), Dim("lon", min=8, max=1440)
ep = torch.export.export(Regional().eval(), (analysis(2, 24, 40),),
                         dynamic_shapes=({0: Dim("members", max=64), 2: lat, 3: lon},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/roll63.pt2")
m = torch._inductor.aoti_load_package(pkg)
state = analysis(8, 721, 1440)                   # 8 members on the 0.25-degree ERA5 grid
# the forecast pod's memory limit: 4 GiB above what the loaded model and the analysis use
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 4 * 2**30, vm + 4 * 2**30))
trajectory = [state]
with torch.no_grad():
    for t in range(40):                          # a 10-day rollout in 6-hour steps
        state = m(state)
        trajectory.append(state)                 # every step kept in memory for the final write
""", "The 10-day rollout keeps every 6-hourly 0.25-degree ensemble state (about 200 MB each) in "
       "a Python list for one final write, so the pod's 4 GiB limit is exhausted after ~20 steps "
       "and the package's next output allocation fails.",
       "Write each step to disk (zarr/netCDF) as it is produced and keep only the current "
       "state in memory.", match=r"memory|alloc")


CASES = [case_01, case_03, case_04, case_05, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_18, case_19, case_20, case_21,
         case_22, case_25]
# Removed before any trial, because a grep found the same trigger in an earlier set: case_17 (a
# fine-tune checkpoint whose keys carry Lightning's "model." prefix, loaded with load_constants;
# live_blind60 / live_blind43) and case_23 (a GeoTIFF crop with bands last into the channels-first
# regional package; the HWC/CHW swap of live_blind34). They are kept below for the record only.
DROPPED = [case_17, case_23]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_02 (the regional crop bounds
# from searchsorted(...).item() on the request's latitudes: exported and compiled) and case_06
# (EOF projection with torch.linalg.svd inside forward: compiled, loaded and ran) and case_24 (16
# members on the 0.25-degree grid in one call with 1 GiB of address space left: it ran).
TRIED = [case_02, case_06, case_24]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind63.jsonl",
        url_file="benchmarks/live_blind63.py", id_prefix="live63", stems=STEMS,
        scratch_prefix="live_blind63-", description=__doc__.splitlines()[0]))
