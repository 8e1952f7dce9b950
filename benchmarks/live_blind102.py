"""A hundred-and-second blind set of REAL AOTInductor failures (aviation and flight-data models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind102.py [--out benchmarks/live_blind102.jsonl] [--keep]

Theme: aviation and flight data (a flight-trajectory predictor over ADS-B tracks with irregular
timestamps, an engine-health remaining-useful-life regressor from EGT / N1 / N2 / fuel-flow
snapshots, an ATC-audio keyword spotter, a flight-level bucket embedding, a runway-occupancy
scorer, a flight-delay tabular model and a gate-assignment scorer), exported, compiled, loaded and
run as an aviation-analytics engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind101.py (their TRIED
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
F = 6    # ADS-B report features: lat, lon, altitude (ft), ground speed (kt), vertical rate (fpm), dt (s)
MEAN = [50.0, 5.0, 20000.0, 300.0, 0.0, 5.0]
STD = [5.0, 10.0, 12000.0, 150.0, 1500.0, 4.0]
REDLINE = 950.0  # EGT redline, deg C

class TrajNet(torch.nn.Module):
    # next position offset (dlat, dlon) from a flight's recent ADS-B track (flights, reports, F)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN))
        self.register_buffer("std", torch.tensor(STD))
        self.conv = torch.nn.Conv1d(F, 16, 3, padding=1)
        self.head = torch.nn.Linear(16, 2)
    def forward(self, adsb):
        z = ((adsb - self.mean) / self.std).transpose(1, 2)
        return self.head(torch.relu(self.conv(z)).mean(-1))

class EngineRul(torch.nn.Module):
    # remaining useful life (cycles) from an engine snapshot: EGT (C), N1 (%), N2 (%), fuel flow (kg/h)
    def __init__(self):
        super().__init__()
        self.register_buffer("baseline", torch.tensor([0.0, 90.0, 95.0, 2500.0]))
        self.lin = torch.nn.Linear(4, 1)
    def forward(self, snap):
        margin = torch.log(REDLINE - snap[:, 0])        # log EGT margin to the redline
        dev = (snap - self.baseline) / 100.0               # deviation from the fleet baseline
        return self.lin(torch.cat([margin[:, None], dev[:, 1:]], -1)).squeeze(-1) * 1000.0

class Kws(torch.nn.Module):
    # ATC keyword spotter on 1 s of 16 kHz mono audio (batch, 16000): 10 keywords
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(1, 8, 400, stride=160)
        self.fc = torch.nn.Linear(8, 10)
    def forward(self, wave):
        return self.fc(torch.relu(self.c1(wave[:, None, :])).mean(-1))

def adsb(b=4, t=32):
    # plausible cruise/descent tracks over western Europe with irregular report gaps
    lat = 50.0 + 2.0 * torch.randn(b, 1) + torch.cumsum(0.01 * torch.randn(b, t), 1)
    lon = 5.0 + 3.0 * torch.randn(b, 1) + torch.cumsum(0.015 * torch.randn(b, t), 1)
    alt = (30000.0 + 4000.0 * torch.randn(b, 1) - torch.cumsum(50.0 * torch.rand(b, t), 1))
    gs = 420.0 + 30.0 * torch.randn(b, t)
    vr = -500.0 + 300.0 * torch.randn(b, t)
    dt = 1.0 + torch.rand(b, t) * 10.0
    return torch.stack([lat, lon, alt, gs, vr, dt], -1)

def snaps(b=8):
    egt = 820.0 + 40.0 * torch.rand(b)
    n1 = 88.0 + 4.0 * torch.rand(b)
    n2 = 94.0 + 3.0 * torch.rand(b)
    ff = 2400.0 + 300.0 * torch.rand(b)
    return torch.stack([egt, n1, n2, ff], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
f, r = Dim("flights", min=1, max=64), Dim("reports", min=4, max=256)
build("traj102", TrajNet().eval(), (adsb(4, 32),), dynamic_shapes=({0: f, 1: r},))
build("rul102", EngineRul().eval(), (snaps(8),))
k = Dim("clips", min=1, max=32)
build("kws102", Kws().eval(), (torch.randn(4, 16000) * 0.1,), dynamic_shapes=({0: k},))
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
class FlBucket(torch.nn.Module):
    # pressure altitude (ft) -> flight-level band of 1000 ft, FL000..FL450 (46 bands) -> 8-d
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(46, 8)
    def forward(self, alt_ft):
        return self.emb(torch.div(alt_ft, 1000, rounding_mode="floor"))

class Runway(torch.nn.Module):
    # runway occupancy time (s) per arrival from (runway index 0..3, aircraft weight class, speed)
    def __init__(self):
        super().__init__()
        self.rwy = torch.nn.Embedding(4, 4)
        self.lin = torch.nn.Linear(6, 1)
    def forward(self, rwy, x):
        return self.lin(torch.cat([self.rwy(rwy), x], -1)).squeeze(-1)

class Delay(torch.nn.Module):
    # departure delay (min) from carrier id (20 airlines), scheduled hour (0..23) and 3 features
    def __init__(self):
        super().__init__()
        self.carrier = torch.nn.Embedding(20, 4)
        self.hour = torch.nn.Embedding(24, 4)
        self.lin = torch.nn.Linear(11, 1)
    def forward(self, carrier, hour, x):
        return self.lin(torch.cat([self.carrier(carrier), self.hour(hour), x], -1)).squeeze(-1)

class Gate(torch.nn.Module):
    # probability of each of 30 gates for each arriving flight; occupied gates are masked out
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(5, 30)
    def forward(self, x, occupied):
        return self.lin(x).masked_fill(occupied, float("-inf")).softmax(-1)

n = Dim("arrivals", min=2, max=256)
d = Dim("flights", min=2, max=1024)
build("fl102", FlBucket(), (torch.randint(0, 45000, (8,)),))
build("rwy102", Runway(), (torch.randint(0, 4, (8,)), torch.randn(8, 2)),
      dynamic_shapes=({0: n}, {0: n}))
build("delay102", Delay(), (torch.randint(0, 20, (16,)), torch.randint(0, 24, (16,)),
      torch.randn(16, 3)), dynamic_shapes=({0: d}, {0: d}, {0: d}))
build("gate102", Gate(), (torch.randn(4, 5), torch.rand(4, 30) < 0.5))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"traj102", "rul102", "kws102", "fl102", "rwy102", "delay102", "gate102", "fleet102",
         "hourly102"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "phase-of-flight-branch", "export_failure", "export", """
class PhaseTraj(TrajNet):
    # climb/cruise tracks use the network; tracks below 10000 ft (approach) are extrapolated
    def forward(self, adsb):
        if adsb[..., 2].mean() < 10000.0:
            return adsb[:, -1, :2] - adsb[:, -2, :2]
        return super().forward(adsb)
ep = torch.export.export(PhaseTraj(), (adsb(4, 32),))
""", "The trajectory model branches in Python on whether the track's mean altitude is below "
       "10000 ft (approach phase), control flow on tensor data that torch.export cannot trace.",
       "Compute both predictions and select with torch.where (or split approach tracks before "
       "the call, or use torch.cond).", match=r".")


def case_02():
    return _m("case_02", "airline-bias-dict-lookup", "export_failure", "export", """
AIRLINE_BIAS = {0: 4.0, 1: 11.5, 2: -2.0, 3: 7.25}    # mean delay per carrier, from the ops database
class DelayWithBias(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 1)
    def forward(self, carrier, x):
        bias = torch.tensor([AIRLINE_BIAS[c] for c in carrier.tolist()])
        return self.lin(x).squeeze(-1) + bias
ep = torch.export.export(DelayWithBias(), (torch.tensor([0, 2, 1, 3]), torch.randn(4, 3)))
""", "Each flight's carrier bias is looked up in a Python dict with carrier.tolist(), turning "
       "tensor data into Python keys, which torch.export cannot trace.",
       "Store the carrier biases as a tensor buffer (or an Embedding) indexed by the carrier id.",
       match=r".")


def case_03():
    return _m("case_03", "hourly-delays-into-days", "dynamic_shape_guard", "export", """
from torch.export import Dim
class DailyProfile(torch.nn.Module):
    # average delay profile over the day from an hourly delay series of any length
    def forward(self, hourly):
        return hourly.view(-1, 24).mean(0)
h = Dim("hours", min=24, max=24 * 60)
ep = torch.export.export(DailyProfile(), (torch.rand(24 * 7) * 30,), dynamic_shapes=({0: h},))
""", "The hourly delay series is reshaped into whole days with view(-1, 24), which needs the hour "
       "count to be a multiple of 24, but the hours Dim is declared as any value in 24..1440.",
       "Declare the Dim as 24 * days (days = Dim(...)) or pass the series already shaped "
       "(days, 24).", match=r".")


def case_04():
    return _m("case_04", "dynamic-shapes-wrong-arg-name", "dynamic_shape_guard", "export", """
from torch.export import Dim
f, r = Dim("flights", min=1, max=64), Dim("reports", min=4, max=256)
# the spec was written for the old forward(track) signature; the model now takes forward(adsb)
ep = torch.export.export(TrajNet().eval(), (adsb(4, 32),),
                         dynamic_shapes={"track": {0: f, 1: r}})
""", "The dynamic_shapes dict is keyed by the old argument name 'track', but TrajNet.forward now "
       "takes 'adsb', so export refuses the specification.",
       "Key dynamic_shapes by the current argument names (or pass it as a tuple in argument "
       "order).", match=r".")


def case_05():
    return _m("case_05", "single-arrival-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Occupancy(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 1)
    def forward(self, arrivals):
        return self.lin(arrivals).squeeze(-1)
a = Dim("arrivals", min=1, max=256)
# the example is the single arrival on the test runway log
ep = torch.export.export(Occupancy(), (torch.tensor([[2.0, 140.0, 0.35]]),),
                         dynamic_shapes=({0: a},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hourly102.pt2")
m = torch._inductor.aoti_load_package(pkg)
occ = m(torch.randn(12, 3))                        # the whole arrival bank of the hour
""", "The runway-occupancy model is exported with an example of a single arrival, so the "
       "arrivals Dim (min=1) is specialised to the constant 1 and a bank of 12 arrivals no longer "
       "fits.", "Export with an example of at least 2 arrivals (and min=2, or Dim.AUTO).",
       match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_08():
    return _m("case_08", "rounded-csv-int64-track", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{traj102}")
# the ADS-B export CSV was rounded to integers (altitude in ft, speed in kt ...); torch.tensor
# of Python ints gives int64
rows = adsb(4, 32).round().long().tolist()
trk = torch.tensor(rows)
pred = m(trk)
""", "The ADS-B track is read from an integer-rounded CSV and torch.tensor of Python ints gives an "
       "int64 tensor, while the trajectory package was exported for float32.",
       "Build the tensor with dtype=torch.float32 (or .float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Long|Float")


def case_09():
    return _m("case_09", "squawk-left-in-features", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{traj102}")
trk = adsb(4, 32)
squawk = torch.full((4, 32, 1), 7421.0)            # transponder code column not dropped
pred = m(torch.cat([trk, squawk], -1))
""", "The feature builder leaves the squawk (transponder code) column in the ADS-B features, so "
       "the track has 7 features per report while the package was exported for 6.",
       "Select the 6 exported feature columns before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "atc-audio-8khz", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kws102}")
clips = torch.randn(3, 8000) * 0.1                 # 1 s of VHF ATC audio recorded at 8 kHz
kw = m(clips)
""", "The ATC recordings are sampled at 8 kHz, so a 1-second clip has 8000 samples, while the "
       "keyword spotter was exported for 1 s at 16 kHz (16000 samples).",
       "Resample the clips to 16 kHz before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "sensor-dict-snapshot", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{rul102}")
s = snaps(8)
# the engine-monitoring API returns one tensor per sensor channel
snapshot = {"egt": s[:, 0], "n1": s[:, 1], "n2": s[:, 2], "fuel_flow": s[:, 3]}
rul = m(snapshot)
""", "The engine snapshot is passed as a dict of per-sensor tensors from the monitoring API, "
       "while the RUL package takes one (engines, 4) tensor.",
       "Stack the sensor channels in the exported order (EGT, N1, N2, fuel flow) into one "
       "tensor.", needs=("r",), env=CHECK, match=r".")


def case_12():
    return _m("case_12", "curfew-zero-flights", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{traj102}")
night = adsb(4, 32)[:0]                            # night curfew: no airborne flight in the sector
pred = m(night)
""", "During the night curfew the sector has no airborne flights and an empty batch of 0 tracks "
       "is sent, below the flights Dim's exported min=1.",
       "Skip the call when there are no flights (or export with min=0 handling).",
       needs=("r",), env=CHECK, match=r"1|too small|range|bound")


def case_13():
    return _c("case_13", "atc-shift-in-one-batch", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{kws102}")
shift = torch.randn(100, 16000) * 0.1              # every transmission of the hour in one batch
kw = m(shift)
""", "All 100 ATC transmissions of the hour are sent in one batch, above the clips Dim's exported "
       "max=32.", "Batch the clips in chunks of at most 32 (or export with a larger max).",
       needs=("r",), env=CHECK, match=r"32|too large|range|bound")


def case_14():
    return _c("case_14", "whole-day-departures", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{delay102}")
n = 1500                                           # all departures of a hub for the day
delay = m(torch.randint(0, 20, (n,)), torch.randint(0, 24, (n,)), torch.randn(n, 3))
""", "All 1500 departures of the hub's day are scored in one call, above the flights Dim's "
       "exported max=1024.", "Score in chunks of at most 1024 flights (or export with a larger "
       "max).", needs=("s",), env=CHECK, match=r"1024|too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_15():
    return _c("case_15", "business-jet-fl510", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fl102}")
alt = torch.tensor([35000, 37000, 51000, 29000, 41000, 39000, 33000, 31000])  # a G650 at FL510
feat = m(alt)
""", "A business jet cruising at 51000 ft falls into flight-level band 51, outside the 46 bands "
       "(FL000..FL450) of the embedding.",
       "Clamp the band to the top band (or add bands up to the service ceiling) before the call.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_16():
    return _c("case_16", "below-sea-level-airport", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fl102}")
alt = torch.tensor([-11, -11, 1200, 3500, 800, -11, 400, 2500])   # Amsterdam Schiphol is at -11 ft
feat = m(alt)
""", "Aircraft on the ground at Amsterdam Schiphol report -11 ft, and floor(-11 / 1000) = -1 is a "
       "negative index into the flight-level embedding.",
       "Clamp altitudes at 0 ft (ground) before computing the band.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_17():
    return _c("case_17", "runway-designator-as-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{rwy102}")
# the arrivals feed gives the runway designator (27 for 27L/27R, 9 for 09L/09R), not the index 0..3
rwy = torch.tensor([27, 27, 9, 27, 9, 9])
occ = m(rwy, torch.randn(6, 2))
""", "The arrivals feed gives the runway designator number (27, 09) and it is passed as the "
       "runway index, while the embedding holds the airport's 4 runways (indices 0..3).",
       "Map designators (27L, 27R, 09L, 09R) to the exported runway indices before the call.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_18():
    return _c("case_18", "new-carrier-id-20", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{delay102}")
carrier = torch.tensor([3, 7, 20, 20, 11, 0])      # a new airline started service this season
delay = m(carrier, torch.tensor([6, 7, 9, 14, 18, 21]), torch.randn(6, 3))
""", "A new airline got carrier id 20 in the schedule, but the delay package's carrier embedding "
       "holds the 20 airlines (ids 0..19) known at export.",
       "Re-export with the new carrier table (or map unknown carriers to a reserved id).",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_19():
    return _c("case_19", "scheduled-hour-2400", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{delay102}")
sched = ["0615", "1340", "2400", "2155"]           # the timetable writes midnight as 2400
hour = torch.tensor([int(s[:2]) for s in sched])
delay = m(torch.tensor([1, 4, 4, 9]), hour, torch.randn(4, 3))
""", "The timetable writes midnight departures as '2400', so the scheduled hour is 24, outside the "
       "24 hours (0..23) of the hour embedding.",
       "Normalise 2400 to 0000 of the next day (hour % 24) before the call.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_20():
    return _m("case_20", "egt-over-redline", "numerical", "run", """
m = torch._inductor.aoti_load_package("{rul102}")
s = snaps(8)
s[5, 0] = 962.0                                    # an engine exceeded the EGT redline on take-off
rul = m(s)
assert torch.isfinite(rul).all(), f"RUL cycles: {rul}"
""", "An engine exceeding the 950 C EGT redline gives a negative EGT margin, and the model's "
       "log of the margin is NaN, so that engine's remaining useful life is NaN without an error.",
       "Flag redline exceedances before the model (or clamp the margin to a small positive "
       "value).", needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "all-gates-occupied", "numerical", "run", """
m = torch._inductor.aoti_load_package("{gate102}")
occupied = torch.rand(4, 30) < 0.5
occupied[2] = True                                 # peak hour: every gate is taken for flight 2
p = m(torch.randn(4, 5), occupied)
assert torch.isfinite(p).all(), f"gate probabilities: {p}"
""", "At the peak hour every gate is occupied for one arriving flight, so all 30 gate scores are "
       "masked to -inf and the softmax gives NaN probabilities, without an error.",
       "Add a remote-stand / holding option that is never masked (or handle all-occupied rows "
       "before the softmax).", needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _c("case_23", "fleet-head-renamed", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{rul102}")
# the fleet team refit the RUL head on the A320neo engines; their notebook calls it rul_head
m.load_constants({"rul_head.weight": torch.tensor([[0.8, -1.2, -0.9, -0.3]])},
                 check_full_update=False)
""", "The fleet-specific RUL head refit in the fleet team's notebook is loaded under the "
       "notebook's name 'rul_head.weight', but the package's constant is called 'lin.weight'.",
       "Load it under the package's constant name (see get_constant_fqns()).",
       needs=("r",), match=r".")


def case_25():
    return _c("case_25", "fleet-head-float64", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{rul102}")
w = np.array([[0.8, -1.2, -0.9, -0.3]])             # the refit head from numpy, float64
m.load_constants({"lin.weight": torch.from_numpy(w)}, check_full_update=False)
rul = m(torch.tensor([[850.0, 90.0, 95.0, 2400.0]] * 8))
""", "The fleet-specific RUL head refit with numpy comes as float64 and is loaded into the "
       "package's float32 'lin.weight' constant.",
       "Convert the weight to float32 before load_constants.",
       needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_24():
    return _m("case_24", "europe-day-in-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
f, r = Dim("flights", min=1, max=40000), Dim("reports", min=4, max=4096)
ep = torch.export.export(TrajNet().eval(), (adsb(4, 32),), dynamic_shapes=({0: f, 1: r},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/fleet102.pt2")
m = torch._inductor.aoti_load_package(pkg)
day = torch.empty(30000, 2048, 6)                  # every flight of the European day, 2048 reports
# the analytics worker: 512 MiB above the loaded model and the day's tracks
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    pred = m(day)
""", "A whole day of European ADS-B traffic (30000 flights x 2048 reports) is sent in one call to "
       "a worker with 512 MiB left; the package's intermediate buffers (the normalised copy of the "
       "tracks, 1.5 GB, and the convolution output, 3.9 GB) do not fit.",
       "Stream the flights in batches (e.g. 256 flights per call).", match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_08, case_09, case_10, case_11,
         case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_23, case_24]
# Numbers 06, 07 and 22 were never written (no new trigger for their planned categories was
# checked in time).
DROPPED = []
# Tried and did NOT fail on torch 2.13.0+cpu: case_25 (the RUL head's weight as a float64 numpy
# array loaded as lin.weight with check_full_update=False: loaded and ran). Its first version
# loaded a float64 "baseline" buffer, which the package does not hold as a constant (only
# lin.weight is); it failed on that name first (a trigger bug), so it was retargeted, and then it
# did not fail.
TRIED = [case_25]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind102.jsonl",
        url_file="benchmarks/live_blind102.py", id_prefix="live102", stems=STEMS,
        scratch_prefix="live_blind102-", description=__doc__.splitlines()[0]))
