"""A hundred-and-first blind set of REAL AOTInductor failures (maritime and shipping models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind101.py [--out benchmarks/live_blind101.jsonl] [--keep]

Theme: maritime and shipping (a port-ETA regressor over AIS vessel tracks with irregular
reporting intervals, a ship detector on harbour camera images, a heading-bucket embedding, a
route graph between ports, a speed-over-ground estimator from consecutive AIS positions and a
fuel-consumption model), exported, compiled, loaded and run as a maritime-analytics engineer
would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind100.py (their TRIED lists included). Building the set
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
F = 6    # AIS report features: lat, lon, sog (kn), sin(cog), cos(cog), minutes since last report
MEAN = [54.0, 8.0, 9.0, 0.0, 0.0, 6.0]
STD = [3.0, 6.0, 5.0, 0.7, 0.7, 8.0]

class EtaNet(torch.nn.Module):
    # hours to the destination port from a vessel's recent AIS track (batch, reports, F)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN))
        self.register_buffer("std", torch.tensor(STD))
        self.conv = torch.nn.Conv1d(F, 16, 3, padding=1)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, track):
        z = ((track - self.mean) / self.std).transpose(1, 2)
        return self.head(torch.relu(self.conv(z)).mean(-1)).squeeze(-1)

class HarbourDet(torch.nn.Module):
    # ship / no-ship heat map from an RGB harbour camera frame (batch, 3, H, W), values 0..1
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.c2 = torch.nn.Conv2d(8, 1, 3, padding=1)
    def forward(self, img):
        return torch.sigmoid(self.c2(torch.relu(self.c1(img))))

class Sog(torch.nn.Module):
    # speed over ground (knots) between consecutive AIS reports: lat/lon in degrees, t in seconds
    def forward(self, lat, lon, t):
        dlat = (lat[:, 1:] - lat[:, :-1]) * 60.0                              # nautical miles
        dlon = (lon[:, 1:] - lon[:, :-1]) * 60.0 * torch.cos(torch.deg2rad(lat[:, 1:]))
        hours = (t[:, 1:] - t[:, :-1]) / 3600.0
        return torch.sqrt(dlat * dlat + dlon * dlon) / hours

def tracks(b=4, t=32):
    # plausible tracks in the German Bight: positions, speeds, courses, irregular report gaps
    lat = 54.0 + 0.5 * torch.randn(b, 1) + torch.cumsum(0.002 * torch.randn(b, t), 1)
    lon = 8.0 + 0.5 * torch.randn(b, 1) + torch.cumsum(0.003 * torch.randn(b, t), 1)
    sog = (9.0 + 3.0 * torch.randn(b, t)).clamp_min(0.0)
    cog = torch.rand(b, t) * 6.283
    gap = torch.rand(b, t) * 12.0
    return torch.stack([lat, lon, sog, torch.sin(cog), torch.cos(cog), gap], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
v, r = Dim("vessels", min=1, max=64), Dim("reports", min=4, max=512)
build("eta101", EtaNet().eval(), (tracks(4, 32),), dynamic_shapes=({0: v, 1: r},))
build("det101", HarbourDet().eval(), (torch.rand(2, 3, 64, 64),))
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
class Heading(torch.nn.Module):
    # true heading (integer degrees from the AIS message) -> one of 36 ten-degree buckets -> 8-d
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(36, 8)
    def forward(self, heading):
        return self.emb(torch.div(heading, 10, rounding_mode="floor"))

class Route(torch.nn.Module):
    # score of each edge (origin port, destination port) of the route graph, 40 ports known
    def __init__(self):
        super().__init__()
        self.port = torch.nn.Embedding(40, 16)
    def forward(self, edges):
        return (self.port(edges[:, 0]) * self.port(edges[:, 1])).sum(-1)

class Fuel(torch.nn.Module):
    # tonnes of fuel per day from speed, draught, wind, wave height, trim
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(5, 1)
    def forward(self, x):
        return self.lin(x).squeeze(-1)

e = Dim("edges", min=1, max=1024)
p = Dim("reports", min=3, max=512)
build("hdg101", Heading(), (torch.randint(0, 360, (8,)),))
build("route101", Route(), (torch.randint(0, 40, (12, 2)),), dynamic_shapes=({0: e},))
build("fuel101", Fuel(), (torch.randn(8, 5),))
build("sog101", Sog(), (torch.randn(1, 16), torch.randn(1, 16), torch.arange(16.0).view(1, 16)),
      dynamic_shapes=({1: p}, {1: p}, {1: p}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"eta101", "det101", "hdg101", "route101", "fuel101", "sog101", "mosaic101", "hull101"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "resample-to-ten-minute-grid", "export_failure", "export", """
class Resampled(torch.nn.Module):
    # resample the irregular AIS reports onto a regular 10-minute grid before the ETA network
    def __init__(self):
        super().__init__()
        self.eta = EtaNet()
    def forward(self, track, t):
        n = int((t[-1] - t[0]) // 600) + 1             # number of 10-minute slots in the track
        grid = torch.linspace(0, track.shape[1] - 1, n).long()
        return self.eta(track[:, grid])
t = torch.cumsum(torch.rand(32) * 720, 0)
ep = torch.export.export(Resampled(), (tracks(4, 32), t))
""", "The number of 10-minute slots is computed with int() from the report timestamps tensor, a "
       "data-dependent value that torch.export cannot turn into a static or symbolic size.",
       "Resample in the data pipeline (or pass the slot count as a Python int) and export the "
       "network on the regular grid.", match=r".")


def case_02():
    return _m("case_02", "moored-vessel-early-return", "export_failure", "export", """
class EtaOrMoored(EtaNet):
    # moored vessels (all speeds under half a knot) get no ETA
    def forward(self, track):
        if track[..., 2].max() < 0.5:
            return torch.zeros(track.shape[0])
        return super().forward(track)
ep = torch.export.export(EtaOrMoored(), (tracks(4, 32),))
""", "The forward pass branches in Python on whether the track's maximum speed is under half a "
       "knot, control flow on tensor data that torch.export cannot trace.",
       "Compute both results and select with torch.where (or filter moored vessels before the "
       "call).", match=r".")


def case_03():
    return _m("case_03", "encounter-tracks-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Encounter(torch.nn.Module):
    # collision-risk feature: the relative track of the target ship seen from the own ship
    def forward(self, own, target):
        rel = target[..., :2] - own[..., :2]
        return rel.norm(dim=-1).min(-1).values
ro, rt = Dim("own_reports", min=4, max=512), Dim("target_reports", min=4, max=512)
ep = torch.export.export(Encounter(), (tracks(1, 32), tracks(1, 32)),
                         dynamic_shapes=({1: ro}, {1: rt}))
""", "The own-ship and target-ship tracks get two independent report Dims, but the model "
       "subtracts them element-wise, which forces the two lengths to be equal.",
       "Declare one shared Dim for both tracks (or resample both to a common time base).",
       match=r".")


def case_04():
    return _m("case_04", "type-classifier-flattens-time", "dynamic_shape_guard", "export", """
from torch.export import Dim
class VesselType(torch.nn.Module):
    # cargo / tanker / fishing / passenger / tug / pleasure from the track (trained on 32 reports)
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(32 * F, 6)
    def forward(self, track):
        return self.fc(track.flatten(1))
r = Dim("reports", min=4, max=512)                 # tracks of any length in production
ep = torch.export.export(VesselType(), (tracks(4, 32),), dynamic_shapes=({1: r},))
""", "The vessel-type classifier flattens the track into a Linear layer trained on exactly 32 "
       "reports, but the report count is declared dynamic; export specialises it to 32.",
       "Keep the report count static at 32 (resample/crop tracks) or pool over time before the "
       "Linear layer.", match=r".")


def case_05():
    return _m("case_05", "voyage-example-beyond-max", "dynamic_shape_guard", "export", """
from torch.export import Dim
r = Dim("reports", min=4, max=512)
voyage = tracks(2, 720)                            # a 5-day voyage at 10-minute reporting
ep = torch.export.export(EtaNet().eval(), (voyage,), dynamic_shapes=({1: r},))
""", "The example voyage used for export has 720 reports while the reports Dim is declared with "
       "max=512, so export refuses the example as outside the declared range.",
       "Raise the Dim's max to cover the longest voyage (or export with an example inside the "
       "range).", match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_08():
    return _m("case_08", "ais-dataframe-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{eta101}")
# the AIS decoder's DataFrame columns are float64; .to_numpy() keeps that dtype
frame = np.asarray(tracks(4, 32).double().numpy())
eta = m(torch.from_numpy(frame))
""", "The track is built from the AIS decoder's pandas DataFrame, whose float64 columns give a "
       "float64 tensor, while the ETA package was exported for float32.",
       "Cast to float32 (df.to_numpy(np.float32) or tensor.float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_09():
    return _m("case_09", "mmsi-left-in-features", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{eta101}")
trk = tracks(4, 32)
mmsi = torch.full((4, 32, 1), 211234560.0)         # the vessel id column was not dropped
eta = m(torch.cat([mmsi, trk], -1))
""", "The feature builder leaves the MMSI (vessel id) column in the AIS features, so the track has "
       "7 features per report while the package was exported for 6.",
       "Drop the MMSI column (select the 6 exported feature columns) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "radar-frames-single-channel", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{det101}")
radar = torch.rand(2, 1, 64, 64)                   # X-band radar PPI images, one channel
heat = m(radar)
""", "Single-channel marine radar frames are sent to the harbour detector exported for 3-channel "
       "RGB camera frames.", "Use a detector exported for radar frames (or repeat the channel "
       "only if the model was trained that way).", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "per-vessel-track-list", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{eta101}")
# groupby("mmsi") gives one track per vessel; the list is passed as it is
per_vessel = [tracks(1, 32)[0] for _ in range(4)]
eta = m(per_vessel)
""", "The tracks from a groupby over MMSI are passed as a Python list of per-vessel tensors, "
       "while the package takes one (vessels, reports, features) tensor.",
       "Stack (or pad and stack) the per-vessel tracks into one tensor before the call.",
       needs=("r",), env=CHECK, match=r".")


def case_12():
    return _m("case_12", "two-report-track", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{eta101}")
fresh = tracks(4, 2)                               # vessels that just entered coverage: 2 reports
eta = m(fresh)
""", "Vessels that just entered receiver coverage have 2 AIS reports, below the reports Dim's "
       "exported min=4.", "Wait for at least 4 reports (or pad short tracks, or export with "
       "min=2).", needs=("r",), env=CHECK, match=r"4|too small|range|bound")


def case_13():
    return _m("case_13", "ocean-crossing-2000-reports", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{eta101}")
crossing = tracks(2, 2000)                         # two transatlantic crossings, all reports kept
eta = m(crossing)
""", "Whole ocean crossings with 2000 AIS reports each are sent, above the reports Dim's exported "
       "max=512.", "Keep only the most recent 512 reports (or export with a larger max).",
       needs=("r",), env=CHECK, match=r"512|too large|range|bound")


def case_14():
    return _m("case_14", "all-vessels-in-port-area", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{eta101}")
inbound = tracks(150, 32)                          # every vessel inbound to Hamburg in one call
eta = m(inbound)
""", "All 150 inbound vessels are sent in one call, above the vessels Dim's exported max=64.",
       "Batch the vessels in chunks of at most 64 (or export with a larger max).",
       needs=("r",), env=CHECK, match=r"64|too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_15():
    return _c("case_15", "heading-511-not-available", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{hdg101}")
heading = torch.tensor([87, 212, 511, 355, 4, 511, 90, 180])   # 511 = heading not available
feat = m(heading)
""", "AIS encodes 'true heading not available' as 511; 511 // 10 = 51 is outside the 36 "
       "ten-degree heading buckets of the embedding.",
       "Map 511 to a dedicated 'unknown' bucket (or fall back to COG) before the call.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_16():
    return _c("case_16", "new-port-in-registry", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{route101}")
edges = torch.tensor([[3, 17], [17, 22], [22, 40], [40, 5]])   # port 40 added to the registry
score = m(edges)
""", "The port registry gained a new port with id 40, but the route package's port embedding "
       "holds the 40 ports (ids 0..39) known at export.",
       "Re-export with the new port table (or map unknown ports to a reserved id).",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_17():
    return _c("case_17", "unknown-destination-minus-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{route101}")
edges = torch.tensor([[3, 17], [17, -1], [22, 5]])   # destination not parsed: -1
score = m(edges)
""", "Voyages whose AIS destination string could not be parsed get port id -1, a negative index "
       "into the route package's port embedding.",
       "Drop edges with an unknown destination (or map them to a reserved 'unknown' port).",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_18():
    return _m("case_18", "duplicate-report-zero-gap", "numerical", "run", """
m = torch._inductor.aoti_load_package("{sog101}")
t = torch.tensor([[0., 180., 180., 420., 600., 660.]])          # two base stations, same report
lat = torch.tensor([[54.00, 54.01, 54.01, 54.02, 54.03, 54.035]])
lon = torch.tensor([[8.00, 8.01, 8.01, 8.02, 8.03, 8.035]])
sog = m(lat, lon, t)
assert torch.isfinite(sog).all(), f"non-finite speed over ground: {sog}"
""", "The same AIS report is received twice by two base stations (same position, same time); "
       "the zero time gap gives 0/0 = NaN in the speed-over-ground estimate.",
       "Deduplicate reports by (MMSI, timestamp) before computing speeds.",
       needs=("s",), match=r"AssertionError")


def case_19():
    return _m("case_19", "antimeridian-crossing", "numerical", "run", """
m = torch._inductor.aoti_load_package("{sog101}")
t = torch.tensor([[0., 600., 1200., 1800.]])
lat = torch.tensor([[52.0, 52.01, 52.02, 52.03]])
lon = torch.tensor([[179.95, 179.99, -179.97, -179.93]])        # Bering Sea, crossing 180 degrees
sog = m(lat, lon, t)
assert (sog < 40).all(), f"implausible speed over ground: {sog} kn"
""", "The track crosses the 180-degree meridian, where longitude jumps from +179.99 to -179.97; "
       "the longitude difference is taken without wrapping, giving a speed of thousands of "
       "knots, silently.", "Wrap longitude differences into [-180, 180) before converting to "
       "distance.", needs=("s",), match=r"AssertionError")


def case_20():
    return _c("case_20", "sog-102-3-not-available", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fuel101}")
sog = torch.tensor([12.1, 11.8, 102.3, 12.4, 102.3, 12.0, 11.9, 12.2])  # 102.3 = SOG not available
x = torch.stack([sog, torch.full((8,), 11.5), torch.full((8,), 8.0),
                 torch.full((8,), 1.5), torch.zeros(8)], -1)
fuel = m(x)
ref = fuel[0]
assert ((fuel - ref).abs() < 5 * ref.abs().clamp_min(1.0)).all(), f"fuel jumps: {fuel}"
""", "AIS reports 'speed over ground not available' as 102.3 knots; the value is fed to the fuel "
       "model as a real speed and the predicted consumption jumps, without an error.",
       "Treat SOG 102.3 as missing (interpolate or drop) before the call.",
       needs=("s",), match=r"AssertionError")


def case_21():
    return _m("case_21", "moored-vessel-zero-sog-eta", "numerical", "run", """
m = torch._inductor.aoti_load_package("{sog101}")
# the port ETA is distance to go / current speed over ground, for a vessel at anchor
t = torch.tensor([[0., 600., 1200.]])
lat = torch.tensor([[53.90, 53.90, 53.90]])
lon = torch.tensor([[8.60, 8.60, 8.60]])
sog = m(lat, lon, t)
hours = 42.0 / sog[:, -1]
assert torch.isfinite(hours).all(), f"ETA hours: {hours}"
""", "A vessel at anchor reports the same position, so its estimated speed over ground is 0 and "
       "the ETA (distance to go / speed) is infinite.",
       "Handle anchored/moored vessels separately (speed floor or status 'at anchor').",
       needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_22():
    return _c("case_22", "sklearn-coef-1d", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{fuel101}")
coef_ = np.array([0.9, 2.1, 0.05, 1.3, -0.4], dtype=np.float32)   # the noon-report refit
m.load_constants({"lin.weight": torch.from_numpy(coef_)}, check_full_update=False)
fuel = m(torch.randn(8, 5))
""", "The fuel model is refit on noon reports with scikit-learn and its 1-D coef_ (5,) is loaded "
       "as lin.weight, whose exported shape is (1, 5).",
       "Reshape coef_ to (1, 5) (coef_[None, :]) before load_constants.",
       needs=("s",), match=r".")


def case_23():
    return _c("case_23", "stats-renamed-in-training-repo", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{eta101}")
season = {"feat_mean": torch.tensor([54.2, 7.9, 9.4, 0.0, 0.0, 5.1]),
          "feat_std": torch.tensor([2.9, 6.1, 5.3, 0.7, 0.7, 7.2])}
m.load_constants(season, check_full_update=False)   # the winter-season statistics
""", "The winter-season normalisation statistics are loaded under the names the training repo "
       "uses now (feat_mean, feat_std), but the package's constants are called mean and std.",
       "Load them under the package's constant names (see get_constant_fqns()).",
       needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_24():
    return _m("case_24", "harbour-mosaic-in-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
h, w = Dim("h", min=32, max=16384), Dim("w", min=32, max=16384)
ep = torch.export.export(HarbourDet().eval(), (torch.rand(2, 3, 64, 64),),
                         dynamic_shapes=({2: 2 * h, 3: 2 * w},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mosaic101.pt2")
m = torch._inductor.aoti_load_package(pkg)
mosaic = torch.rand(1, 3, 12000, 12000)            # the stitched aerial mosaic of the whole port
# the detection worker's container: 512 MiB above the loaded model and the mosaic
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    heat = m(mosaic)
""", "The whole stitched 12000 x 12000 aerial mosaic of the port is sent in one call to a worker "
       "with 512 MiB left; the first convolution's output (8 x 6000 x 6000 floats, 1.1 GB) does "
       "not fit.", "Tile the mosaic (e.g. 1024 x 1024 tiles with overlap) and run the tiles in "
       "batches.", match=r"memory|alloc")


def case_25():
    return _m("case_25", "voyage-fuel-kg-in-fp16", "numerical", "run", """
class VoyageFuel(torch.nn.Module):
    # fuel burnt over the voyage in kg: per-report rate (t/day) x 1000 x gap (days), summed
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(5, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[2.0, 1.0, 0.1, 0.5, 0.0]]))
            self.lin.bias.fill_(5.0)
    def forward(self, x, gap_min):
        rate = self.lin(x).squeeze(-1)                # tonnes per day
        return (rate * 1000.0 * (gap_min / 1440.0)).sum(-1)
model = VoyageFuel().eval().half()                 # serve in float16 on the edge box
x = torch.tensor([[12.0, 11.5, 8.0, 1.5, 0.0]]).repeat(1, 400, 1).half()
gap = torch.full((1, 400), 10.0).half()
ep = torch.export.export(model, (x, gap))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hull101.pt2")
m = torch._inductor.aoti_load_package(pkg)
total = m(x, gap)
assert torch.isfinite(total).all(), f"voyage fuel: {total}"
""", "The voyage-fuel model is served in float16 and sums the fuel burnt per report in kg over "
       "400 reports (about 116 t); the sum exceeds float16's maximum of 65504 and becomes inf.",
       "Keep the accumulation in float32 (cast before the sum) or serve in float32/bfloat16.",
       match=r"AssertionError")


CASES = [case_01, case_02, case_03, case_04, case_05, case_08, case_09, case_10, case_11,
         case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_23, case_24, case_25]
# Numbers 06 and 07 were never written (no new trigger for their planned categories was found).
DROPPED = []
# Tried and did NOT fail on torch 2.14.1+cu130: case_22 (scikit-learn's 1-D coef_ (5,) loaded as
# lin.weight of shape (1, 5) with check_full_update=False: loaded and ran). Its first version
# also loaded lin.bias, which the package does not hold as a constant; it failed on that name
# first (a trigger bug), so the bias was removed, and then it did not fail.
TRIED = [case_22]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind101.jsonl",
        url_file="benchmarks/live_blind101.py", id_prefix="live101", stems=STEMS,
        scratch_prefix="live_blind101-", description=__doc__.splitlines()[0]))
