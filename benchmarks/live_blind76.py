"""A seventy-sixth blind set of REAL AOTInductor failures (energy and utilities models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind76.py [--out benchmarks/live_blind76.jsonl] [--keep]

Theme: energy and utilities (smart-meter day-ahead load forecasting over 96 15-minute intervals
with per-feeder normalisation buffers, a day-type (workday / weekend / holiday) embedding and
weather covariates; grid state estimation from sparse sensor measurements by weighted least
squares; transformer-fault (dissolved-gas) anomaly scores; solar generation nowcasting),
exported, compiled, loaded and run as a utility's ML engineer would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind75.py
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
T = 96     # 15-minute intervals per day
NF = 8     # feeders the forecaster was trained on
NW = 3     # weather covariates: temperature, irradiance, wind speed
NB = 14    # buses of the distribution network model
NG = 7     # dissolved gases: H2, CH4, C2H6, C2H4, C2H2, CO, CO2

class Forecast(torch.nn.Module):
    # day-ahead load (MW) per feeder: per-feeder normalisation, day-type embedding, weather
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(1)
        self.register_buffer("f_mean", torch.rand(NF, generator=g) * 5 + 2)
        self.register_buffer("f_std", torch.rand(NF, generator=g) + 0.5)
        self.day = torch.nn.Embedding(3, 8)          # 0 workday, 1 weekend, 2 holiday
        self.wx = torch.nn.Linear(NW, 4)
        self.head = torch.nn.Linear(T + 8 + 4, T)
    def forward(self, load, feeder, daytype, weather):
        mu, sd = self.f_mean[feeder].unsqueeze(1), self.f_std[feeder].unsqueeze(1)
        z = (load - mu) / sd
        h = torch.cat([z, self.day(daytype), self.wx(weather).mean(1)], dim=1)
        return self.head(h) * sd + mu

class StateEst(torch.nn.Module):
    # WLS state estimate of bus voltages from S sensors: x = (H'WH)^-1 H'W (z - prior[bus]) + prior
    def __init__(self):
        super().__init__()
        self.register_buffer("prior", torch.ones(NB))
    def forward(self, z, bus, w):
        p = self.prior[bus]
        H = torch.nn.functional.one_hot(bus, NB).to(z.dtype)
        A = H.t() @ (w.unsqueeze(1) * H)
        b = H.t() @ (w * (z - p))
        return self.prior + torch.linalg.solve(A, b)

class Anomaly(torch.nn.Module):
    # transformer-fault score from dissolved-gas concentrations (ppm)
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(NG, 256), torch.nn.ReLU(),
                                       torch.nn.Linear(256, 256), torch.nn.ReLU(),
                                       torch.nn.Linear(256, 1))
    def forward(self, gas):
        return torch.sigmoid(self.net(torch.log1p(gas)))

def day(b=4):
    load = torch.rand(b, T) * 4 + 2
    feeder = torch.randint(0, NF, (b,))
    daytype = torch.randint(0, 3, (b,))
    weather = torch.randn(b, T, NW)
    return load, feeder, daytype, weather

def meas(s=20):
    bus = torch.cat([torch.arange(NB), torch.randint(0, NB, (s - NB,))])
    return 1.0 + 0.02 * torch.randn(s), bus, torch.ones(s) * 100.0
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b = Dim("feeders", min=1, max=64)
build("fc76", Forecast().eval(), day(4), dynamic_shapes=({0: b}, {0: b}, {0: b}, {0: b}))
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
s = Dim("sensors", min=NB, max=512)
build("se76", StateEst().eval(), meas(20), dynamic_shapes=({0: s}, {0: s}, {0: s}))
n = Dim("transformers", min=1, max=2**23)
build("tx76", Anomaly().eval(), (torch.rand(16, NG) * 100,), dynamic_shapes=({0: n},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"fc76", "se76", "tx76", "sol76"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "heatwave-branch", "export_failure", "export", """
class HeatwaveForecast(Forecast):
    # the operations team wants a separate heatwave correction when it is hot tomorrow
    def forward(self, load, feeder, daytype, weather):
        base = super().forward(load, feeder, daytype, weather)
        if weather[..., 0].max() > 2.0:              # standardised temperature above +2 sigma
            base = base * 1.15
        return base
ep = torch.export.export(HeatwaveForecast().eval(), day(4))
""", "The heatwave correction branches in Python on the forecast temperature's maximum, a "
       "data-dependent condition that torch.export cannot trace into one graph.",
       "Apply the correction with torch.where on the condition (or torch.cond).", match=r".")


def case_02():
    return _m("case_02", "meter-validation-assert", "export_failure", "export", """
class ValidatedForecast(Forecast):
    # the data team added meter-data validation inside the model
    def forward(self, load, feeder, daytype, weather):
        assert (load >= 0).all(), "negative load: reverse power flow or meter fault"
        return super().forward(load, feeder, daytype, weather)
ep = torch.export.export(ValidatedForecast().eval(), day(4))
""", "A Python assert on (load >= 0).all() inside forward needs the tensor's value to decide, a "
       "data-dependent condition that torch.export cannot trace.",
       "Validate meter data before the call (or use torch._check / mask the bad rows).",
       match=r".")


def case_03():
    return _m("case_03", "intervals-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
b, t = Dim("feeders", max=64), Dim("intervals", min=24, max=672)   # hourly .. weekly inputs
ep = torch.export.export(Forecast().eval(), day(4),
                         dynamic_shapes=({0: b, 1: t}, {0: b}, {0: b}, {0: b, 1: t}))
""", "The number of intervals is declared dynamic so that hourly or weekly histories can be "
       "served, but the forecast head is a Linear over exactly 96 intervals, which fixes it.",
       "Keep the interval count static at 96 (resample inputs to 15 minutes, one day).",
       match=r".")


def case_04():
    return _m("case_04", "temperature-own-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class WeatherAdjusted(torch.nn.Module):
    # weather-normalised load: subtract the temperature sensitivity interval by interval
    def __init__(self):
        super().__init__()
        self.beta = torch.nn.Parameter(torch.tensor(0.08))
    def forward(self, load, temp):
        return load - self.beta * (temp - 18.0).clamp_min(0)
t_load, t_temp = Dim("t_load", min=4, max=672), Dim("t_temp", min=4, max=672)
ep = torch.export.export(WeatherAdjusted(), (torch.rand(8, 96), torch.rand(8, 96) * 30),
                         dynamic_shapes=({1: t_load}, {1: t_temp}))
""", "The load and temperature series get two independent interval Dims, but the model "
       "subtracts them element-wise, so export finds they must be equal.",
       "Use one shared Dim for both series' interval dimension.", match=r".")


def case_05():
    return _m("case_05", "weekly-profile-reshape", "dynamic_shape_guard", "export", """
from torch.export import Dim
class DailyProfile(torch.nn.Module):
    # typical daily profile of a multi-day history: average over days
    def forward(self, load):
        return load.reshape(load.shape[0], -1, 96).mean(1)
t = Dim("intervals", min=96, max=96 * 7)
ep = torch.export.export(DailyProfile(), (torch.rand(8, 96 * 3),), dynamic_shapes=({1: t},))
""", "The history length is declared as any integer in 96..672, but reshaping it into whole "
       "days needs a multiple of 96, so export cannot accept the Dim as declared.",
       "Declare the length as 96 * Dim('days', min=1, max=7).", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_09():
    return _m("case_09", "feeder-id-float-from-pandas", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
# the feeder_id column holds a NaN for an unmapped meter, so pandas made it float64
feeder = torch.from_numpy(np.array([0.0, 3.0, 5.0, 7.0]))
y = m(load, feeder, daytype, weather)
""", "The feeder ids come from a pandas column that became float64 because of a NaN, while the "
       "package was exported with int64 feeder ids.",
       "Drop/fill unmapped meters and cast the column to int64 before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Long|Float")


def case_10():
    return _m("case_10", "dst-spring-forward-92", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
# the spring daylight-saving day has only 23 local hours: 92 quarter-hours
load, weather = load[:, :92], weather[:, :92]
y = m(load, feeder, daytype, weather)
""", "On the spring daylight-saving day the local-time day has 92 quarter-hours, while the "
       "package was exported for exactly 96 intervals.",
       "Forecast in UTC (always 96 intervals) and convert to local time afterwards.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape|96")


def case_11():
    return _m("case_11", "weather-variable-first", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
weather = weather.permute(0, 2, 1).contiguous()   # the weather API returns (feeder, variable, time)
y = m(load, feeder, daytype, weather)
""", "The weather-service covariates arrive as (feeder, variable, interval) while the package "
       "takes (feeder, interval, variable).",
       "Permute the covariates to (feeder, interval, variable) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_12():
    return _m("case_12", "daytype-one-hot", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
daytype = torch.nn.functional.one_hot(daytype, 3).float()   # the calendar service's one-hot
y = m(load, feeder, daytype, weather)
""", "The calendar service delivers the day type one-hot encoded (feeders, 3) float, while the "
       "package takes an int64 day-type index per feeder.",
       "Pass daytype.argmax(1) (the int64 index) instead of the one-hot.",
       needs=("r",), env=CHECK, match=r"dtype|dim|size|shape|Float|Long")


def case_13():
    return _m("case_13", "kwargs-renamed-feeder-id", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
# the new request schema renamed "feeder" to "feeder_id"
y = m(load=load, feeder_id=feeder, daytype=daytype, weather=weather)
""", "The request handler calls the package with keyword arguments from the new schema, where "
       "'feeder' was renamed 'feeder_id', so the inputs do not match the exported signature.",
       "Map the request fields to the exported argument names (or pass them positionally).",
       needs=("r",), match=r".")


def case_14():
    return _m("case_14", "all-feeders-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, _, daytype, weather = day(2000)             # every feeder of the region in one call
feeder = torch.randint(0, NF, (2000,))
y = m(load, feeder, daytype, weather)
""", "All 2000 feeders of the region are sent in one call to a package whose feeder (batch) Dim "
       "was exported with max=64.",
       "Forecast in chunks of at most 64 feeders (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"64|too large|range|bound")


def case_15():
    return _m("case_15", "new-feeder-commissioned", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
feeder[2] = 8                                     # feeder 8 was commissioned after training
y = m(load, feeder, daytype, weather)
""", "A feeder commissioned after training gets id 8, outside the 8-entry per-feeder "
       "normalisation buffers the package indexes with the feeder id.",
       "Map new feeders to a fallback (e.g. the most similar feeder) until the model is "
       "retrained with them.", needs=("r",), expect="crash", match=r"out of bounds")


def case_16():
    return _m("case_16", "bridge-day-code-3", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
daytype[:] = 3                                    # the calendar team added "bridge day" as code 3
y = m(load, feeder, daytype, weather)
""", "The calendar service added a fourth day type ('bridge day', code 3), outside the 3-row "
       "day-type embedding.", "Map code 3 to an existing day type (holiday) until the model is "
       "retrained with it.", needs=("r",), expect="crash", match=r"out of bounds")


# ------------------------------------------------------------------- run: weights and values
def case_17():
    return _c("case_17", "stats-renamed-in-trainer", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
stats = {"feeder_mean": torch.rand(8) * 5 + 2, "feeder_std": torch.rand(8) + 0.5}
m.load_constants(stats, check_full_update=False)   # the monthly statistics refresh
""", "The monthly per-feeder statistics refresh uses the training repo's new names "
       "(feeder_mean, feeder_std), which are not constants of the package (f_mean, f_std).",
       "Load the statistics under the package's constant names (f_mean, f_std).",
       needs=("r",), match=r".")


def case_18():
    return _c("case_18", "stats-for-ten-feeders", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
# the refresh now covers 10 feeders (two were commissioned), the package has 8
m.load_constants({"f_mean": torch.rand(10) * 5 + 2, "f_std": torch.rand(10) + 0.5},
                 check_full_update=False)
""", "The refreshed statistics cover 10 feeders, but the package's f_mean / f_std constants "
       "have 8 entries; the constant update cannot take tensors of another shape.",
       "Re-export the model with the new feeder count, or refresh only the 8 known feeders.",
       needs=("r",), match=r".")


def case_19():
    return _m("case_19", "meter-in-kw", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
load = load * 1000.0                              # the new head-end system exports kW, not MW
y = m(load, feeder, daytype, weather)
assert y.abs().max() < 50, f"feeder forecast {y.abs().max():.0f} MW, above any feeder rating"
""", "The new meter head-end exports feeder load in kW while the model was trained on MW; the "
       "package runs and returns forecasts about 1000 times too large.",
       "Convert to MW at ingestion (and check units against the exported normalisation).",
       needs=("r",), match=r"AssertionError")


def case_20():
    return _m("case_20", "gap-sentinel-minus-9999", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
load, feeder, daytype, weather = day(4)
load[1, 40:44] = -9999.0                          # the MDM marks a one-hour communication gap
y = m(load, feeder, daytype, weather)
assert (y >= 0).all(), f"negative load forecast: {y.min():.0f} MW"
""", "The meter-data-management system marks a one-hour communication gap with -9999, which is "
       "fed as load and drives that feeder's forecast to large negative values.",
       "Fill gaps (interpolation or last week's value) before the call.", needs=("r",),
       match=r"AssertionError")


def case_21():
    return _m("case_21", "clear-sky-index-at-night", "numerical", "run", """
class Nowcast(torch.nn.Module):
    # solar nowcast: clear-sky index of the last hour, persisted and scaled by the clear-sky curve
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
    def forward(self, ghi, ghi_clear, ghi_clear_next):
        k = ghi / ghi_clear                       # clear-sky index
        return ghi_clear_next * self.lin(k).clamp(0, 1.2)
ep = torch.export.export(Nowcast(), (torch.rand(8, 4) * 500, torch.rand(8, 4) * 500 + 300,
                                     torch.rand(8, 4) * 500 + 300))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/sol76.pt2")
m = torch._inductor.aoti_load_package(pkg)
ghi = torch.zeros(8, 4)                           # 05:00: the sun is below the horizon
clear = torch.zeros(8, 4)
nxt = m(ghi, clear, torch.rand(8, 4) * 50)
assert torch.isfinite(nxt).all(), "non-finite PV nowcast"
""", "Before sunrise both the measured and the clear-sky irradiance are 0, so the clear-sky "
       "index 0/0 is NaN and the nowcast is NaN.",
       "Guard the index (k = ghi / ghi_clear.clamp_min(eps), or k = 0 when the sun is down).",
       match=r"AssertionError")


def case_22():
    return _m("case_22", "unobservable-bus", "numerical", "run", """
m = torch._inductor.aoti_load_package("{se76}")
z, bus, w = meas(20)
bus = torch.where(bus == 9, torch.tensor(8), bus)  # the RTU at bus 9 is offline: no sensor there
x = m(z, bus, w)
assert torch.isfinite(x).all(), "non-finite state estimate"
""", "With the only sensor of bus 9 offline the network is unobservable; the WLS gain matrix "
       "H'WH is singular and the solve fails (or returns non-finite voltages).",
       "Check observability first and add pseudo-measurements (or a small prior weight) for "
       "unobserved buses.", needs=("s",), match=r".")


def case_23():
    return _m("case_23", "comms-outage-few-sensors", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{se76}")
z, bus, w = meas(20)
z, bus, w = z[:10], bus[:10], w[:10]               # a comms outage: 10 sensors reporting
x = m(z, bus, w)
""", "After a communications outage only 10 sensors report, below the sensors Dim's min=14 the "
       "state-estimation package was exported with.",
       "Add pseudo-measurements up to the minimum (or re-export with a smaller min).",
       needs=("s",), env=CHECK, match=r"14|too small|range|bound")


def case_24():
    return _m("case_24", "new-bus-14", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{se76}")
z, bus, w = meas(20)
bus[-1] = 14                                      # a sensor on the new bus added in the GIS update
x = m(z, bus, w)
""", "A sensor is mapped to bus 14, added in a GIS network update, but the package's network "
       "has 14 buses (0..13), so the prior lookup indexes past the end.",
       "Drop sensors on unknown buses (or re-export the estimator for the updated network).",
       needs=("s",), match=r"num_classes|out of bounds")


def case_25():
    return _m("case_25", "fleet-scored-in-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{tx76}")
gas = torch.rand(4_000_000, NG) * 100             # every DGA sample of the fleet's history
# the batch job's container has 1 GiB left above the loaded model and the data
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    score = m(gas)
""", "Four million dissolved-gas samples are scored in one call in a container with 1 GiB left; "
       "each 256-wide hidden activation alone is about 4 GB.",
       "Score in chunks (e.g. 100k samples) and write the scores out per chunk.",
       needs=("s",), match=r"memory|alloc")


def case_26():
    return _m("case_26", "lab-reports-nine-gases", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tx76}")
gas = torch.rand(32, 9) * 100                     # the new lab also reports O2 and N2
score = m(gas)
""", "The new laboratory reports nine gases (O2 and N2 added) while the anomaly package was "
       "exported for the seven fault gases.",
       "Select the seven fault gases in the exported order before the call.",
       needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_27():
    return _c("case_27", "stats-refresh-into-buffers", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
# the monthly per-feeder statistics refresh, written into the normalisation buffers
m.load_constants({"f_mean": torch.rand(8) * 5 + 2, "f_std": torch.rand(8) + 0.5},
                 check_full_update=False)
""", "The monthly refresh writes new per-feeder statistics into the normalisation buffers "
       "f_mean / f_std, but the package holds no updatable constants of those names (only the "
       "learned weights are constants), so the update is refused.",
       "Pass the statistics as model inputs (or rebuild the package with the new statistics).",
       needs=("r",), match=r".")


def case_28():
    return _c("case_28", "retrained-day-embedding-4-rows", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fc76}")
# the retrained model added "bridge day": its day-type embedding has 4 rows, the package's 3
new = {"day.weight": torch.randn(4, 8), "wx.weight": torch.randn(4, 3),
       "head.weight": torch.randn(96, 108) * 0.01, "head.bias": torch.zeros(96)}
m.load_constants(new, check_full_update=True)
load, feeder, daytype, weather = (torch.rand(4, 96), torch.randint(0, 8, (4,)),
                                  torch.randint(0, 4, (4,)), torch.randn(4, 96, 3))
y = m(load, feeder, daytype, weather)
""", "The weights of a retrained model whose day-type embedding has 4 rows (bridge day added) "
       "are hot-swapped into a package compiled for a 3-row embedding.",
       "Re-export and recompile the package from the retrained model instead of swapping "
       "weights of another shape.", needs=("r",), match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_09, case_10, case_11, case_12,
         case_13, case_14, case_15, case_16, case_19, case_20, case_21,
         case_22, case_23, case_24, case_25, case_26, case_27]
# Failed, but dropped after a trial: case_17 (per-feeder statistics loaded under the training
# repo's new names feeder_mean / feeder_std: "Constant not found", but its fix was wrong, since
# f_mean / f_std are not constants of the package either), case_18 (statistics for 10 feeders
# into the 8-entry buffers: failed with "Constant not found: f_std", a name failure, not the
# shape failure written; its real failure is covered by case_27) and case_28 (a retrained
# 4-row day-type embedding hot-swapped into the 3-row package: load_constants accepted it and
# the child aborted in the compiled kernel's index check on day type 3, another way than the
# constant_loading label).
DROPPED = [case_17, case_18, case_28]
# Every case in CASES failed in the trial; none is TRIED.
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind76.jsonl",
        url_file="benchmarks/live_blind76.py", id_prefix="live76", stems=STEMS,
        scratch_prefix="live_blind76-", description=__doc__.splitlines()[0]))
