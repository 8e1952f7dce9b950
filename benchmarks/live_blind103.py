"""A hundred-and-third blind set of REAL AOTInductor failures (hydrology and water resources models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind103.py [--out benchmarks/live_blind103.jsonl] [--keep]

Theme: hydrology and water resources (a river-flow forecaster over hourly rain-gauge and
stream-gauge series, a flood classifier on radar rainfall patches, a water-quality sensor model
(pH, turbidity, dissolved oxygen, conductivity), gauge / hour / month embeddings, a
groundwater-well network graph, a stage-discharge rating curve, a log-discharge transform and a
leak detector on pipe pressure signals), exported, compiled, loaded and run as a hydrology ML
engineer would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind101.py (their TRIED lists included). Building the set
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
F = 3    # hourly features per gauge: catchment rainfall (mm), river stage (m), upstream flow (m3/s)

class FlowNet(torch.nn.Module):
    # next-hour discharge (m3/s) from each gauge's recent hourly series (gauges, hours, F)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.8, 1.2, 35.0]))
        self.register_buffer("std", torch.tensor([2.0, 0.6, 20.0]))
        self.conv = torch.nn.Conv1d(F, 16, 3, padding=1)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, series):
        z = ((series - self.mean) / self.std).transpose(1, 2)
        return self.head(torch.relu(self.conv(z)).mean(-1)).squeeze(-1)

class RadarFlood(torch.nn.Module):
    # flash-flood probability map from radar rainfall patches (batch, 1, H, W) in mm/h
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(1, 8, 3, stride=2, padding=1)
        self.c2 = torch.nn.Conv2d(8, 1, 3, padding=1)
    def forward(self, rain):
        return torch.sigmoid(self.c2(torch.relu(self.c1(rain))))

class Quality(torch.nn.Module):
    # water-quality index from a sonde reading: pH, turbidity (NTU), DO (mg/L), conductivity (uS/cm)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([7.4, 12.0, 8.5, 450.0]))
        self.register_buffer("std", torch.tensor([0.5, 15.0, 2.0, 200.0]))
        self.lin = torch.nn.Linear(4, 1)
    def forward(self, x):
        return self.lin((x - self.mean) / self.std).squeeze(-1)

def series(g=4, h=48):
    # plausible hourly series: showers, a stage that rises after rain, an upstream flow
    rain = torch.relu(torch.randn(g, h)) * 2.0
    stage = 1.0 + 0.05 * torch.cumsum(rain, 1) / h + 0.1 * torch.rand(g, h)
    flow = 30.0 + 10.0 * stage + torch.rand(g, h)
    return torch.stack([rain, stage, flow], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
g, h = Dim("gauges", min=2, max=64), Dim("hours", min=24, max=720)
build("flow103", FlowNet().eval(), (series(4, 48),), dynamic_shapes=({0: g, 1: h},))
build("radar103", RadarFlood().eval(), (torch.rand(2, 1, 64, 64) * 20.0,))
build("qual103", Quality().eval(), (torch.randn(8, 4),))
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
class GaugeEmb(torch.nn.Module):
    # 50 registered stream gauges, 24 hours of the day (0..23), 12 months (0..11)
    def __init__(self):
        super().__init__()
        self.gauge = torch.nn.Embedding(50, 8)
        self.hour = torch.nn.Embedding(24, 8)
        self.month = torch.nn.Embedding(12, 8)
    def forward(self, gauge, hour, month):
        return self.gauge(gauge) + self.hour(hour) + self.month(month)

class WellGraph(torch.nn.Module):
    # head gradient along each edge of the groundwater-well network; wells: (N, 2) head, depth
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)
    def forward(self, wells, edges):
        return self.lin(wells[edges[:, 0]] - wells[edges[:, 1]]).squeeze(-1)

class Rating(torch.nn.Module):
    # stage-discharge rating curve Q = a (h - h0)^b, h in metres above the gauge datum
    def __init__(self):
        super().__init__()
        self.register_buffer("a", torch.tensor(18.0))
        self.register_buffer("h0", torch.tensor(0.35))
        self.register_buffer("b", torch.tensor(1.6))
    def forward(self, h):
        return self.a * torch.pow(h - self.h0, self.b)

class LogQ(torch.nn.Module):
    # log-discharge target transform used by the flow forecaster's training pipeline
    def forward(self, q):
        return torch.log(q)

class Leak(torch.nn.Module):
    # leak score from a pipe-pressure window (loggers, samples) in bar, network nominal 4.5 bar
    def __init__(self):
        super().__init__()
        self.register_buffer("p_nom", torch.tensor(4.5))
        self.register_buffer("p_sd", torch.tensor(0.5))
        self.conv = torch.nn.Conv1d(1, 4, 5, padding=2)
        self.head = torch.nn.Linear(4, 1)
    def forward(self, p):
        z = ((p - self.p_nom) / self.p_sd).unsqueeze(1)
        return torch.sigmoid(self.head(torch.relu(self.conv(z)).mean(-1))).squeeze(-1)

n, e = Dim("wells", min=2, max=256), Dim("edges", min=1, max=1024)
build("gemb103", GaugeEmb(), (torch.randint(0, 50, (8,)), torch.randint(0, 24, (8,)),
                              torch.randint(0, 12, (8,))))
build("well103", WellGraph(), (torch.randn(20, 2), torch.randint(0, 20, (30, 2))),
      dynamic_shapes=({0: n}, {0: e}))
build("rate103", Rating(), (torch.rand(8) + 0.5,))
build("logq103", LogQ(), (torch.rand(8) * 50 + 1,))
build("leak103", Leak(), (torch.randn(4, 256) * 0.2 + 4.5,))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"flow103", "radar103", "qual103", "gemb103", "well103", "rate103", "logq103",
         "leak103", "year103", "lu103"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "per-gauge-calibration-dict", "export_failure", "export", """
CAL = {101: 1.00, 102: 0.93, 103: 1.08, 104: 0.97}   # per-gauge rainfall bias factors
class Calibrated(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.flow = FlowNet()
    def forward(self, series, gauge_ids):
        k = torch.tensor([CAL[int(i)] for i in gauge_ids.tolist()])
        return self.flow(series * torch.stack([k, torch.ones(4), torch.ones(4)], -1)[:, None])
ep = torch.export.export(Calibrated(), (series(4, 48), torch.tensor([101, 102, 103, 104])))
""", "The per-gauge rainfall bias factor is looked up in a Python dict keyed by the gauge ids "
       "taken from the input tensor with .tolist(), data-dependent Python that torch.export "
       "cannot trace.", "Keep the factors in a buffer indexed by a gauge index tensor (or apply "
       "them in preprocessing).", match=r".")


def case_02():
    return _m("case_02", "drop-missing-then-reshape", "export_failure", "export", """
class DropMissing(torch.nn.Module):
    # drop the missing readings (NaN) of the stream gauges, then back to (gauges, hours)
    def __init__(self):
        super().__init__()
        self.flow = FlowNet()
    def forward(self, stage):
        ok = stage[~torch.isnan(stage)]
        return ok.view(stage.shape[0], -1).mean(-1)
s = series(4, 48)[..., 1]
s[1, 5] = float("nan")
ep = torch.export.export(DropMissing(), (s,))
""", "Missing stage readings are dropped with a boolean mask, whose data-dependent length is then "
       "reshaped back to (gauges, hours); torch.export cannot prove the unbacked size divides.",
       "Impute or mask the missing readings (torch.where / nan-aware mean) instead of dropping "
       "them.", match=r".")


def case_03():
    return _m("case_03", "rating-curve-np-interp", "export_failure", "export", """
import numpy as np
STAGE = np.array([0.3, 0.5, 1.0, 1.5, 2.0, 3.0])            # rating table, m
FLOW = np.array([0.0, 2.1, 14.0, 38.0, 75.0, 190.0])          # m3/s
class TableRating(torch.nn.Module):
    def forward(self, h):
        return torch.from_numpy(np.interp(h.numpy(), STAGE, FLOW)).float()
ep = torch.export.export(TableRating(), (torch.rand(8) * 2 + 0.5,))
""", "The stage-discharge rating table is interpolated with numpy (h.numpy(), np.interp) inside "
       "forward, which torch.export cannot trace on its fake tensors.",
       "Interpolate with torch ops (torch.searchsorted and a linear blend) or do it outside the "
       "model.", match=r".")


def case_04():
    return _m("case_04", "daily-window-conv-hours-min-1", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Daily(torch.nn.Module):
    # a 24-hour rainfall window (no padding) over the hourly series
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(F, 8, 24)
    def forward(self, series):
        return self.conv(series.transpose(1, 2)).amax(-1)
h = Dim("hours", min=1, max=720)
ep = torch.export.export(Daily(), (series(4, 48),), dynamic_shapes=({1: h},))
""", "The hours Dim is declared with min=1, but the model's unpadded 24-hour convolution window "
       "needs at least 24 hours, so export refuses the declared range.",
       "Declare the hours Dim with min=24 (or pad the series).", match=r".")


def case_05():
    return _m("case_05", "single-gauge-export-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
g = Dim("gauges", min=1, max=64)
one = series(1, 48)                                  # the pilot catchment has one gauge
ep = torch.export.export(FlowNet().eval(), (one,), dynamic_shapes=({0: g},))
""", "The forecaster is exported with the pilot catchment's single gauge as the example while the "
       "gauges Dim is declared dynamic; the size-1 example is specialised to 1.",
       "Export with an example of at least 2 gauges.", match=r".")


def case_06():
    return _m("case_06", "dynamic-shapes-keys-renamed", "dynamic_shape_guard", "export", """
from torch.export import Dim
class RainStage(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.flow = FlowNet()
    def forward(self, precip, stage):
        return self.flow(torch.stack([precip, stage, 10.0 * stage], -1))
h = Dim("hours", min=24, max=720)
s = series(4, 48)
ep = torch.export.export(RainStage(), (s[..., 0], s[..., 1]),
                         dynamic_shapes={"rain": {1: h}, "stage": {1: h}})   # old argument name
""", "The dynamic_shapes dict still uses the old argument name 'rain' after forward's argument "
       "was renamed to 'precip', so its keys do not match the inputs.",
       "Key dynamic_shapes by forward's current argument names (or pass a tuple).", match=r".")


def case_07():
    return _m("case_07", "legacy-aot-compile-nightly-job", "deprecated_api", "compile", """
# the nightly flood-forecast job written for torch 2.2
so = torch._export.aot_compile(FlowNet().eval(), (series(4, 48),),
                               options={"aot_inductor.output_path": "{scratch}/flow.so"})
""", "The nightly flood-forecast job still calls the legacy torch._export.aot_compile API.",
       "Use torch.export.export plus torch._inductor.aoti_compile_and_package / "
       "aoti_load_package.", match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_08():
    return _m("case_08", "sonde-raw-int16-counts", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{qual103}")
# the sonde's logger file stores raw int16 counts (pH x100, NTU x10, DO x100, uS/cm)
raw = torch.tensor([[742, 125, 850, 455]] * 8, dtype=torch.int16)
wqi = m(raw)
""", "The sonde's raw int16 logger counts are sent to the water-quality package exported for "
       "float32 readings.", "Convert the counts to float32 engineering units before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Short|Float")


def case_09():
    return _c("case_09", "radar-grid-without-batch-channel", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{radar103}")
grid = torch.rand(64, 64) * 20.0                    # one radar rainfall patch, as read from GeoTIFF
flood = m(grid)
""", "A single radar rainfall patch read from a GeoTIFF is sent as a 2-D (H, W) array, while the "
       "package takes (batch, 1, H, W).", "Add the batch and channel dimensions "
       "(grid[None, None]) and batch 2 patches as exported.", needs=("r",), env=CHECK,
       match=r"dim|size|shape")


def case_10():
    return _c("case_10", "named-sensor-dict", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{qual103}")
reading = {"ph": torch.rand(8) + 7, "turbidity": torch.rand(8) * 20,
           "do": torch.rand(8) + 8, "conductivity": torch.rand(8) * 100 + 400}
wqi = m(reading)
""", "The sonde readings are passed as a dict of named sensor tensors, while the package takes one "
       "(readings, 4) tensor.", "Stack the four sensors in the exported column order into one "
       "float32 tensor.", needs=("r",), env=CHECK, match=r".")


def case_11():
    return _m("case_11", "new-gauge-six-hours", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{flow103}")
fresh = series(4, 6)                                 # gauges installed this morning: 6 hours
q = m(fresh)
""", "Newly installed stream gauges have 6 hours of records, below the hours Dim's exported "
       "min=24.", "Wait for 24 hours of records (or pad, or export with a smaller min).",
       needs=("r",), env=CHECK, match=r"24|too small|range|bound")


def case_12():
    return _m("case_12", "full-record-hindcast", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{flow103}")
record = series(4, 8760)                             # a whole year hourly, for the hindcast
q = m(record)
""", "A hindcast sends a whole year of hourly readings (8760 hours), above the hours Dim's "
       "exported max=720.", "Run the hindcast in windows of at most 720 hours (or export with "
       "a larger max).", needs=("r",), env=CHECK, match=r"720|too large|range|bound")


def case_13():
    return _c("case_13", "regional-well-network", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{well103}")
wells = torch.randn(400, 2)                          # the whole regional monitoring network
edges = torch.randint(0, 400, (900, 2))
grad = m(wells, edges)
""", "The whole regional network of 400 monitoring wells is sent, above the wells Dim's exported "
       "max=256.", "Split the network into sub-basins of at most 256 wells (or export with a "
       "larger max).", needs=("s",), env=CHECK, match=r"256|too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_14():
    return _c("case_14", "gauge-commissioned-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gemb103}")
gauge = torch.tensor([3, 17, 49, 50, 8, 12, 50, 1])  # gauge 50 commissioned last month
emb = m(gauge, torch.full((8,), 7), torch.full((8,), 3))
""", "A stream gauge commissioned after export has id 50, outside the 50 gauges (0..49) of the "
       "package's gauge embedding.", "Re-export with the new gauge table (or map new gauges to a "
       "reserved id).", needs=("s",), expect="exc", match=r"out of bounds|index")


def case_15():
    return _c("case_15", "hour-24-end-of-day", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gemb103}")
# the gauge logger writes the end-of-day reading as 24:00, parsed as hour 24
hour = torch.tensor([21, 22, 23, 24, 1, 2, 3, 24])
emb = m(torch.arange(8), hour, torch.full((8,), 3))
""", "The gauge logger writes end-of-day readings as 24:00, parsed as hour 24, outside the 24 "
       "hour-of-day buckets (0..23).", "Normalise 24:00 to 00:00 of the next day before the call.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_16():
    return _c("case_16", "calendar-month-1-to-12", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gemb103}")
month = torch.tensor([10, 11, 12, 12, 1, 2, 3, 4])  # calendar months 1..12 from the timestamps
emb = m(torch.arange(8), torch.full((8,), 7), month)
""", "Calendar months 1..12 are passed to the month embedding trained on 0..11, so December (12) "
       "is out of range.", "Subtract 1 from the calendar month before the call.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_17():
    return _c("case_17", "gis-well-ids-one-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{well103}")
wells = torch.randn(20, 2)
# the edge list comes from the GIS attribute table, whose well ids run 1..20
edges = torch.tensor([[1, 2], [2, 3], [5, 20], [20, 19], [7, 8]])
grad = m(wells, edges)
""", "The well-network edge list exported from the GIS uses well ids 1..20, so id 20 is one past "
       "the 20 wells (rows 0..19) of the well tensor.", "Convert the GIS ids to 0-based row "
       "indices before the call.", needs=("s",), expect="exc", match=r"out of bounds|index")


def case_18():
    return _m("case_18", "gauge-dropout-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{flow103}")
s = series(4, 48)
s[2, 30:34, 1] = float("nan")                        # the stage sensor dropped out for 4 hours
q = m(s)
assert torch.isfinite(q).all(), f"discharge forecast: {q}"
""", "A stage sensor dropout leaves 4 hours of NaN readings in one gauge's series; the "
       "forecaster propagates it and that gauge's discharge forecast is NaN, without an error.",
       "Gap-fill (interpolate) or mask missing readings before the call.",
       needs=("r",), match=r"AssertionError")


def case_19():
    return _c("case_19", "stage-below-zero-flow", "numerical", "run", """
m = torch._inductor.aoti_load_package("{rate103}")
h = torch.tensor([0.62, 0.55, 0.48, 0.41, 0.36, 0.33, 0.31, 0.30])   # late-summer recession
q = m(h)
assert torch.isfinite(q).all(), f"discharge: {q}"
""", "In a drought recession the stage falls below the rating curve's zero-flow stage h0=0.35 m; "
       "a negative base to the fractional power 1.6 gives NaN discharge, silently.",
       "Clamp h - h0 at zero (no flow below h0) before the power.",
       needs=("s",), match=r"AssertionError")


def case_20():
    return _c("case_20", "ephemeral-stream-zero-flow", "numerical", "run", """
m = torch._inductor.aoti_load_package("{logq103}")
q = torch.tensor([4.2, 2.8, 1.1, 0.3, 0.0, 0.0, 0.0, 0.6])   # the stream dries up in August
y = m(q)
assert torch.isfinite(y).all(), f"log discharge: {y}"
""", "An ephemeral stream has zero-flow days; the log-discharge transform of 0 gives -inf, "
       "without an error.", "Use log(q + eps) / log1p, or model zero-flow days separately.",
       needs=("s",), match=r"AssertionError")


def case_21():
    return _c("case_21", "logger-firmware-kpa", "numerical", "run", """
m = torch._inductor.aoti_load_package("{leak103}")
p = torch.randn(4, 256) * 0.2 + 4.5                  # bar
p[3] = p[3] * 100.0                                  # logger 3 after its firmware update: kPa
score = m(p)
assert ((score > 1e-3) & (score < 1 - 1e-3)).all(), f"saturated leak scores: {score}"
""", "After a firmware update one pressure logger reports kPa instead of bar (450 instead of "
       "4.5); the standardised pressure is about 900 and that logger's leak score saturates, "
       "without an error.", "Convert every logger's readings to bar (check the unit field of "
       "the logger file) before the call.", needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_22():
    return _c("case_22", "sonde-recal-stats-not-constants", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{qual103}")
# the spring recalibration of the sondes only changes the normalisation statistics
recal = {"mean": torch.tensor([7.6, 9.0, 9.1, 480.0]),
         "std": torch.tensor([0.4, 12.0, 1.8, 190.0])}
m.load_constants(recal, check_full_update=True)
""", "The sondes' recalibrated normalisation statistics are loaded as constants named mean and "
       "std, but the compiled package does not hold them as updatable constants (its only "
       "constant is lin.weight), so they are not found.", "Normalise outside the package or "
       "re-export with the new statistics; check get_constant_fqns() before load_constants.",
       needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_23():
    return _m("case_23", "year-of-radar-frames-in-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
fr = Dim("frames", min=2, max=10000)
ep = torch.export.export(RadarFlood().eval(), (torch.rand(2, 1, 128, 128),),
                         dynamic_shapes=({0: fr},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/year103.pt2")
m = torch._inductor.aoti_load_package(pkg)
year = torch.rand(8760, 1, 128, 128) * 5.0           # every hourly radar frame of the year
# the batch worker: 512 MiB above the loaded model and the frames
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    flood = m(year)
""", "A year of hourly radar patches (8760 frames) is sent in one call to a worker with 512 MiB "
       "left; the first convolution's output (8760 x 8 x 64 x 64 floats, 1.1 GB) does not fit.",
       "Run the frames in batches of a few hundred.", match=r"memory|alloc")


# ------------------------------------------------------------------- written after the trial
def case_24():
    return _m("case_24", "reservoir-table-walk", "export_failure", "export", """
class ReservoirRelease(torch.nn.Module):
    # release (m3/s) from the reservoir level: walk the level-storage table to the level's band
    def __init__(self):
        super().__init__()
        self.register_buffer("levels", torch.tensor([210.0, 215.0, 220.0, 225.0, 230.0, 235.0]))
        self.register_buffer("release", torch.tensor([2.0, 5.0, 12.0, 30.0, 80.0, 200.0]))
    def forward(self, level):
        i = 0
        while i < 5 and self.levels[i + 1] <= level:
            i += 1
        return self.release[i] * torch.ones_like(level)
ep = torch.export.export(ReservoirRelease(), (torch.tensor(223.4),))
""", "The release rule walks the reservoir's level-storage table with a Python while loop that "
       "compares table entries with the level tensor, data-dependent control flow torch.export "
       "cannot trace.", "Find the band with torch.searchsorted / bucketize (or a sum of "
       "comparisons) and gather the release.", match=r".")


def case_25():
    return _c("case_25", "landuse-raster-nodata-255", "index_out_of_bounds", "run", """
class LandUse(torch.nn.Module):
    # runoff coefficient per catchment cell from its land-use class (10 CORINE-style classes)
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 4)
        self.head = torch.nn.Linear(4, 1)
    def forward(self, cls):
        return torch.sigmoid(self.head(self.emb(cls))).squeeze(-1)
ep = torch.export.export(LandUse(), (torch.randint(0, 10, (32, 32)),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/lu103.pt2")
m = torch._inductor.aoti_load_package(pkg)
raster = torch.randint(0, 10, (32, 32), dtype=torch.uint8)
raster[28:, :6] = 255                                # cells outside the survey: uint8 nodata 255
coef = m(raster.long())
""", "The land-use raster marks cells outside the survey with the uint8 nodata value 255, which "
       "is passed as a class id to the 10-class land-use embedding.", "Mask nodata cells (or map "
       "them to a reserved class) before the call.", expect="crash", match=r"out of bounds|index")


def case_26():
    return _c("case_26", "reservoir-coefficients-float64", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{rate103}")
# the hydrologist's new rating fit, from scipy.optimize.curve_fit (float64)
fit = {"a": torch.from_numpy(np.array(17.2)), "h0": torch.from_numpy(np.array(0.31)),
       "b": torch.from_numpy(np.array(1.65))}
m.load_constants(fit, check_full_update=True)
q = m(torch.rand(8) + 0.5)
""", "The refitted rating-curve coefficients from scipy's curve_fit are float64 0-d tensors, "
       "loaded into the package's float32 constants a, h0 and b.", "Cast the fitted coefficients "
       "to float32 before load_constants.", needs=("s",), match=r".")


CASES = [case_01, case_03, case_04, case_05, case_06, case_08, case_09, case_10, case_11,
         case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_22, case_23, case_24, case_25]
# Failed, but not as its cause sentence says, on torch 2.14.1+cu130: case_26 (the float64
# rating-curve coefficients were never checked for dtype: the package does not hold a, h0 and b
# as constants, and load_constants failed on "Constant not found: b", the failure case_22
# already records).
DROPPED = [case_26]
# Tried and did NOT fail on torch 2.14.1+cu130: case_02 (missing stage readings dropped with a
# boolean mask and the unbacked length reshaped back to (gauges, hours): exported), case_07
# (the legacy torch._export.aot_compile call of the nightly job: compiled).
TRIED = [case_02, case_07]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind103.jsonl",
        url_file="benchmarks/live_blind103.py", id_prefix="live103", stems=STEMS,
        scratch_prefix="live_blind103-", description=__doc__.splitlines()[0]))
