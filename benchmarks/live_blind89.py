"""An eighty-ninth blind set of REAL AOTInductor failures (traffic and mobility), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind89.py [--out benchmarks/live_blind89.jsonl] [--keep]

Theme: traffic and mobility (a spatio-temporal speed forecaster over a road-sensor graph with a
fixed adjacency, a travel-time regressor over routes with a variable number of segments, a
ride-demand model over a per-city cell grid with per-city normalisation statistics, a
map-matcher that snaps GPS points to road nodes and a pickup-cell lookup), exported, compiled,
loaded and run as a mobility data scientist would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind88.py (their TRIED
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
N, T, F = 20, 12, 2      # 20 loop detectors on a freeway corridor, 12 five-minute steps, (speed, occupancy)
SEG, CITIES, G = 50, 5, 16

def corridor_adj():
    # fixed road-distance adjacency: Gaussian kernel of the distance along the corridor, row-normalised
    d = (torch.arange(N).view(-1, 1) - torch.arange(N).view(1, -1)).abs().float()
    a = torch.exp(-(d / 2.0) ** 2)
    return a / a.sum(1, keepdim=True)

class Graph(torch.nn.Module):
    # speed forecaster: normalise, diffuse over the sensor graph, mix the 12 past steps into 3 horizons
    def __init__(self):
        super().__init__()
        self.register_buffer("adj", corridor_adj())
        self.register_buffer("mean", torch.tensor([55.0, 0.2]))
        self.register_buffer("std", torch.tensor([15.0, 0.1]))
        self.theta = torch.nn.Linear(F, 1)
        self.temporal = torch.nn.Linear(T, 3)
    def forward(self, x):                                  # x: (batch, time, sensors, features)
        z = (x - self.mean) / self.std
        h = torch.einsum("nm,btmf->btnf", self.adj, z)
        y = self.theta(h).squeeze(-1)                      # (batch, time, sensors)
        return x[:, -1, :, 0].unsqueeze(-1) + self.temporal(y.transpose(1, 2)) * self.std[0]

class Route(torch.nn.Module):
    # travel time of a route: free-flow time length/speed per segment, corrected per road segment
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(SEG, 8)
        self.lin = torch.nn.Linear(8 + 4, 1)
    def forward(self, seg, feats):                         # seg: (S,) ids, feats: (S, 4) length_km, speed_kmh, lanes, signals
        base = feats[:, 0] / feats[:, 1] * 60.0           # minutes
        corr = torch.exp(0.1 * torch.tanh(self.lin(torch.cat([self.emb(seg), feats], -1)).squeeze(-1)))
        return (base * corr).sum()

def speeds(b=2, t=T):
    return torch.stack([55.0 + 15.0 * torch.randn(b, t, N), 0.2 + 0.05 * torch.rand(b, t, N)], -1)

def route(s=10):
    feats = torch.stack([0.2 + torch.rand(s), 30.0 + 60.0 * torch.rand(s),
                         torch.randint(1, 4, (s,)).float(), torch.randint(0, 2, (s,)).float()], -1)
    return torch.randint(0, SEG, (s,)), feats
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("graph89", Graph().eval(), (speeds(2),), dynamic_shapes=({0: Dim("requests", min=1, max=32)},))
s = Dim("segments", min=2, max=256)
build("route89", Route().eval(), route(10), dynamic_shapes=({0: s}, {0: s}))
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
class Demand(torch.nn.Module):
    # ride requests per cell of the city's 16 x 16 grid, normalised with the city's statistics
    def __init__(self):
        super().__init__()
        self.register_buffer("city_mean", torch.tensor([12.0, 4.0, 7.5, 2.0, 9.0]))
        self.register_buffer("city_std", torch.tensor([6.0, 2.5, 4.0, 1.5, 5.0]))
        self.conv = torch.nn.Conv2d(1, 1, 3, padding=1)
    def forward(self, counts, city):                       # counts: (B, 1, 16, 16) float, city: (B,) long
        m = self.city_mean[city].view(-1, 1, 1, 1)
        s = self.city_std[city].view(-1, 1, 1, 1)
        return torch.relu(self.conv((counts - m) / s) * s + m)

class Cells(torch.nn.Module):
    # forecast demand at pickup cells: gather flat (row * 16 + col) cells of the grid
    def forward(self, grid, cell):
        return grid[:, cell] * 1.0

class Snap(torch.nn.Module):
    # map-matching: snap GPS points (local km east/north of the city origin) to the nearest road node
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(1)
        self.register_buffer("nodes", torch.rand(64, 2, generator=g) * torch.tensor([8.0, 3.0]))
    def forward(self, pts):
        d = ((pts[:, None, :] - self.nodes[None]) ** 2).sum(-1)
        v, i = d.min(1)
        return i, v.sqrt()

b = Dim("batch", min=1, max=8)
build("demand89", Demand().eval(), (torch.rand(2, 1, G, G) * 10, torch.tensor([0, 3])),
      dynamic_shapes=({0: b}, {0: b}))
build("cells89", Cells(), (torch.rand(2, G * G), torch.randint(0, G * G, (10,))),
      dynamic_shapes=(None, {0: Dim("pickups", min=1, max=1024)}))
build("snap89", Snap().eval(), (torch.rand(10, 2) * 3,), dynamic_shapes=({0: Dim("points", min=2, max=2048)},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"graph89", "route89", "demand89", "cells89", "snap89", "od89"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "congestion-branch-on-mean-speed", "export_failure", "export", """
class Regime(Graph):
    # a separate head for congested traffic: chosen by the corridor's current mean speed
    def __init__(self):
        super().__init__()
        self.jam = torch.nn.Linear(T, 3)
    def forward(self, x):
        if x[:, -1, :, 0].mean() < 30.0:                   # congested corridor
            z = (x - self.mean) / self.std
            return x[:, -1, :, :1] + self.jam(self.theta(z).squeeze(-1).transpose(1, 2))
        return super().forward(x)
ep = torch.export.export(Regime().eval(), (speeds(2),))
""", "forward picks the congested or free-flow head with a Python if on the corridor's mean "
       "speed, a data-dependent condition torch.export cannot trace.",
       "Compute both heads and select with torch.where (or torch.cond), or pick the regime "
       "outside the exported model.", match=r".")


def case_02():
    return _m("case_02", "map-match-loop-over-gps-points", "export_failure", "export", """
from torch.export import Dim
class Greedy(torch.nn.Module):
    # map-matching written point by point: each GPS point snaps near the previously matched node
    def __init__(self):
        super().__init__()
        self.register_buffer("nodes", torch.rand(64, 2) * 3)
    def forward(self, pts):
        prev = self.nodes[0]
        out = []
        for p in pts:                                      # one step per GPS point of the trace
            d = ((self.nodes - p) ** 2).sum(-1) + 0.1 * ((self.nodes - prev) ** 2).sum(-1)
            prev = self.nodes[d.argmin()]
            out.append(prev)
        return torch.stack(out)
ep = torch.export.export(Greedy(), (torch.rand(30, 2) * 3,),
                         dynamic_shapes=({0: Dim("points", min=2, max=2048)},))
""", "The greedy map-matcher iterates over the GPS trace with a Python for loop, which unrolls "
       "over the number of points, so the trace length declared dynamic cannot be exported.",
       "Vectorise the matching over points (or use a fixed-length, padded trace with a scan), "
       "or export with a static trace length.", match=r".")


def case_03():
    return _m("case_03", "sensors-dynamic-fixed-adjacency", "dynamic_shape_guard", "export", """
from torch.export import Dim
sensors = Dim("sensors", min=2, max=500)             # other corridors have more detectors
ep = torch.export.export(Graph().eval(), (speeds(2),),
                         dynamic_shapes=({0: Dim("requests", max=32), 2: sensors},))
""", "The number of sensors is declared dynamic, but the corridor's adjacency is a fixed 20 x 20 "
       "buffer, so the graph diffusion specialises the sensors Dim to 20.",
       "Keep the sensor count static (one package per network, or pass the adjacency as an "
       "input).", match=r".")


def case_04():
    return _m("case_04", "lookback-dynamic-fixed-temporal-mix", "dynamic_shape_guard", "export", """
from torch.export import Dim
steps = Dim("lookback", min=3, max=288)              # serve with whatever history is available
ep = torch.export.export(Graph().eval(), (speeds(2),),
                         dynamic_shapes=({0: Dim("requests", max=32), 1: steps},))
""", "The look-back length is declared dynamic, but the temporal mixing layer is Linear(12, 3), "
       "so export specialises the look-back Dim to 12.",
       "Keep the look-back static at 12 steps (pad or trim the history before the call).",
       match=r".")


def case_05():
    return _m("case_05", "device-from-cuda-is-built", "device_mismatch", "export", """
device = torch.device("cuda" if torch.backends.cuda.is_built() else "cpu")   # "use the GPU if we have one"
model = Graph().eval().to(device)
ep = torch.export.export(model, (speeds(2).to(device),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The build script picks the device with torch.backends.cuda.is_built(), which is True for "
       "the CUDA wheel even on this CPU-only build host, so it moves the model to a GPU that "
       "does not exist.", "Choose the device with torch.cuda.is_available() (or from the "
       "deployment config).", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "gps-trace-float64-from-pandas", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{snap89}")
trace = np.random.rand(40, 2) * 3                   # x/y km from the pandas trace frame (float64)
nodes, dist = m(torch.from_numpy(trace))
""", "The GPS trace comes from a pandas DataFrame as float64, while the map-matching package "
       "was exported for float32 points.", "Cast the trace to float32 before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Double|Float")


def case_08():
    return _c("case_08", "h5-sensors-before-time", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{graph89}")
x = torch.rand(2, 20, 12, 2)                         # the h5 export is (batch, sensors, time, features)
pred = m(x)
""", "The speed windows are read from an h5 file laid out (batch, sensors, time, features), "
       "while the package was exported for (batch, time, sensors, features).",
       "Transpose to (batch, time, sensors, features) (x.transpose(1, 2)) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _c("case_09", "new-city-grid-24x24", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{demand89}")
counts = torch.rand(2, 1, 24, 24) * 10               # the new launch city is cut into 24 x 24 cells
pred = m(counts, torch.tensor([1, 1]))
""", "The new city's demand grid has 24 x 24 cells while the demand package was exported for "
       "a 16 x 16 grid.", "Resample the city onto the 16 x 16 grid (or export a package for "
       "the new grid size).", needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "segment-ids-int32-from-parquet", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{route89}")
seg, feats = route(12)
t = m(seg.to(torch.int32), feats)                    # the parquet route table stores ids as int32
""", "The segment ids come from a parquet table as int32, while the travel-time package was "
       "exported with int64 (long) ids.", "Cast the ids to int64 (.long()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Int|Long")


def case_11():
    return _m("case_11", "route-features-without-signals", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{route89}")
seg, feats = route(12)
t = m(seg, feats[:, :3])                             # the new map release has no signal column
""", "The route features from the new map release lack the traffic-signal column (3 features), "
       "while the package was exported for 4 features per segment.",
       "Add the missing column (e.g. zeros) in the exported order, or re-export for the new "
       "feature set.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_12():
    return _m("case_12", "intercity-route-400-segments", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{route89}")
seg, feats = route(400)                              # an intercity trip with 400 road segments
t = m(seg, feats)
""", "An intercity route of 400 segments is sent to the travel-time package whose segments Dim "
       "was exported with max=256.", "Split long routes into chunks of at most 256 segments "
       "and add the times (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"256|too large|range|bound")


def case_13():
    return _m("case_13", "rush-hour-batch-64-requests", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{graph89}")
pred = m(speeds(64))                                 # the 8 am burst: 64 forecast requests batched
""", "At rush hour the server batches 64 forecast requests, but the forecaster's requests Dim "
       "was exported with max=32.", "Cap the server's batch at 32 (or re-export with a larger "
       "max).", needs=("r",), env=CHECK, match=r"32|too large|range|bound")


def case_14():
    return _m("case_14", "single-segment-trip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{route89}")
seg, feats = route(1)                                # a short trip inside one road segment
t = m(seg, feats)
""", "A trip that stays inside one road segment has a route of length 1, below the segments "
       "Dim's exported min=2.", "Pad single-segment routes (a zero-length dummy segment) or "
       "re-export with min=1 using an example of 2+.",
       needs=("r",), env=CHECK, match=r"2|too small|range|bound")


def case_15():
    return _m("case_15", "segment-opened-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{route89}")
seg, feats = route(12)
seg[5] = SEG                                         # the new bypass got the next free id, 50
t = m(seg, feats)
""", "A road segment opened after export got the next free id (50), outside the 50-row segment "
       "embedding of the travel-time package.",
       "Map unseen segments to an unknown-segment id (or re-export with the grown table).",
       needs=("r",), match=r"out of bounds|index")


def case_16():
    return _m("case_16", "airport-pickup-outside-grid", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{cells89}")
# pickups in km north/east of the city's south-west corner; cells are 1 km; the airport is 21 km out
pick = torch.tensor([[2.3, 4.1], [7.9, 12.5], [21.4, 3.0]])
row, col = pick[:, 0].long(), pick[:, 1].long()
d = m(torch.rand(2, G * G), row * G + col)
""", "The airport pickup lies 21 km outside the city's 16 x 16 km grid, so its flat cell index "
       "(row 21) is beyond the 256 cells of the demand grid.",
       "Drop or clamp pickups outside the grid's bounding box before building cell indices.",
       needs=("s",), match=r"out of bounds|index")


def case_24():
    return _m("case_24", "new-launch-city-id-5", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{demand89}")
city = torch.tensor([2, 5])                          # the sixth city, launched this week, is id 5
pred = m(torch.rand(2, 1, G, G) * 10, city)
""", "The newly launched sixth city has id 5, outside the 5-row per-city normalisation tables "
       "baked into the demand package.", "Add the city's statistics and re-export (or reject "
       "unknown city ids before the call).", needs=("s",),
       match=r"out of bounds|index")


# ------------------------------------------------------------------- run: weights and values
def case_17():
    return _m("case_17", "zero-speed-for-missing-probe", "numerical", "run", """
m = torch._inductor.aoti_load_package("{route89}")
seg, feats = route(12)
feats[3, 1] = 0.0                                    # no probe vehicle on segment 3: speed reported 0
t = m(seg, feats)
assert torch.isfinite(t), f"travel time {t.item()}"
""", "The speed feed reports 0 km/h for segments with no probe vehicles (missing data), so the "
       "free-flow time length/speed is infinite and the route's travel time is inf.",
       "Impute missing speeds (historical or speed-limit value) before the call.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "dcrnn-adj-mx-name", "constant_loading", "run", """
import pickle
m = torch._inductor.aoti_load_package("{graph89}")
a = torch.rand(20, 20)
adj_mx = {"adj_mx": a / a.sum(1, keepdim=True)}      # the DCRNN-style pickle names it adj_mx
m.load_constants(adj_mx, check_full_update=False)   # refresh the corridor graph after roadworks
""", "The refreshed adjacency is loaded under the name 'adj_mx' from the DCRNN-style pickle, but "
       "the package's constant is called 'adj'.", "Load it under the package's constant name "
       "('adj'; see get_constant_fqns()).", needs=("r",), match=r".")


def case_22():
    return _c("case_22", "network-grew-to-25-sensors", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{graph89}")
a = torch.rand(25, 25)                              # five detectors were added to the corridor
m.load_constants({"adj": a / a.sum(1, keepdim=True)}, check_full_update=False)
""", "The adjacency refreshed for the grown network (25 detectors) is loaded into a package whose "
       "adjacency constant is 20 x 20.", "Re-export the forecaster for the 25-sensor network "
       "(shapes cannot change through load_constants).", needs=("r",), expect="crash",
       match=r"Segmentation fault")


def case_23():
    return _c("case_23", "od-matrix-all-zones-capped", "out_of_memory", "run", """
import resource
from torch.export import Dim
class OD(torch.nn.Module):
    # origin-destination travel-time matrix: straight-line km between zone centroids / mean speed
    def forward(self, zones):
        d = ((zones[:, None, :] - zones[None, :, :]) ** 2).sum(-1).sqrt()
        return d / 30.0 * 60.0
ep = torch.export.export(OD(), (torch.rand(16, 2),), dynamic_shapes=({0: Dim("zones", min=2, max=200000)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/od89.pt2")
m = torch._inductor.aoti_load_package(pkg)
zones = torch.rand(60000, 2) * 40                    # every census block of the metro area
# the batch job's container: 2 GiB above what the loaded model and the inputs use
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2 * 2**30, vm + 2 * 2**30))
od = m(zones)
""", "The full origin-destination matrix over 60,000 census-block zones (a 60,000 x 60,000 float "
       "matrix, 14 GB) is computed in one call in a container with 2 GiB left.",
       "Compute the OD matrix in row blocks (or only for the zone pairs needed).",
       match=r"memory|alloc")


def case_28():
    return _c("case_28", "geojson-lon-lat-order", "numerical", "run", """
m = torch._inductor.aoti_load_package("{snap89}")
g = torch.Generator().manual_seed(1)
nodes = torch.rand(64, 2, generator=g) * torch.tensor([8.0, 3.0])   # the road nodes (x east, y north)
idx = torch.randint(0, 64, (40,))
trace = nodes[idx] + 0.005 * torch.randn(40, 2)     # GPS fixes within ~5 m of the road
geojson = trace.flip(-1)                             # the trace arrives as GeoJSON: [lon, lat] order
i, dist = m(geojson)
assert dist.max() < 0.05, f"snap distance up to {dist.max():.2f} km: trace off the road network"
""", "The GPS trace arrives in GeoJSON coordinate order (lon/x and lat/y swapped relative to the "
       "package's convention), so points snap to wrong nodes kilometres away with no error.",
       "Reorder the coordinates to the exported (x, y) convention before the call.",
       needs=("s",), match=r"AssertionError")


def case_29():
    return _c("case_29", "demand-counts-int64-from-groupby", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{demand89}")
counts = torch.randint(0, 30, (2, 1, 16, 16))        # groupby(cell).size() gives integer counts
pred = m(counts, torch.tensor([0, 4]))
""", "The per-cell request counts come from a groupby count as int64, while the demand package "
       "was exported for float32 counts.", "Cast the counts to float32 before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Long|Float")


CASES = [case_01, case_02, case_03, case_04, case_05, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_24, case_17, case_21,
         case_22, case_23, case_28, case_29]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind89.jsonl",
        url_file="benchmarks/live_blind89.py", id_prefix="live89", stems=STEMS,
        scratch_prefix="live_blind89-", description=__doc__.splitlines()[0]))
