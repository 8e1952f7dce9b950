"""A hundred-and-fifteenth blind set of REAL AOTInductor failures (electric vehicles, batteries and charging), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind115.py [--out benchmarks/live_blind115.jsonl] [--keep]

Theme: electric vehicles, batteries and charging (a state-of-charge estimator over cell voltage,
pack current and temperature windows, a coulomb-counting SOC tracker, a pack imbalance / weak-cell
scorer over 96 series cells, an OCV-table overpotential, a temperature-binned capacity
correction, a DC internal-resistance estimator, a thermal-runaway early warning over module
temperatures, a remaining-range predictor from trip telemetry, a state-of-health ratio and a
charging-demand forecaster for a station network), exported, compiled, loaded and run as a
battery / charging ML engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind113.py (their TRIED
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
FEAT_MEAN = [3.70, 0.0, 25.0]    # cell voltage (V), pack current (A, + = discharge), temperature (C)
FEAT_STD = [0.25, 60.0, 10.0]

class SocNet(torch.nn.Module):
    # state of charge (0..1) from a 1 Hz window (vehicles, T, 3) of voltage, current, temperature
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(FEAT_MEAN))
        self.register_buffer("std", torch.tensor(FEAT_STD))
        self.conv = torch.nn.Conv1d(3, 16, 5, padding=2)
        self.out = torch.nn.Linear(16, 1)
    def forward(self, x):
        z = ((x - self.mean) / self.std).transpose(1, 2)
        h = torch.relu(self.conv(z)).mean(-1)
        return torch.sigmoid(self.out(h)).squeeze(-1)

class CoulombSoc(torch.nn.Module):
    # SOC trajectory by coulomb counting from the last rested SOC; current (vehicles, T) in A at 1 Hz,
    # + = discharge, 75 Ah cells
    def __init__(self):
        super().__init__()
        self.register_buffer("cap_as", torch.tensor(75.0 * 3600.0))
    def forward(self, soc0, current):
        return soc0[:, None] - torch.cumsum(current, 1) / self.cap_as

class PackNet(torch.nn.Module):
    # weak-cell / imbalance probability per pack from its 96 series cell voltages (packs, 96) in V
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(96, 1)
    def forward(self, v):
        d = (v - v.mean(1, keepdim=True)) * 1000.0          # mV from the pack mean
        return torch.sigmoid(self.lin(d)).squeeze(-1)

class Ocv(torch.nn.Module):
    # overpotential: terminal voltage minus the OCV at each SOC percent (101-point OCV table, 0..100 %)
    def __init__(self):
        super().__init__()
        self.register_buffer("ocv", torch.linspace(3.0, 4.2, 101))
    def forward(self, soc_pct, v):
        return v - self.ocv[soc_pct]

class TempBin(torch.nn.Module):
    # usable capacity (Ah) corrected per 5 C cell-temperature bin, -20..60 C (16 bins)
    def __init__(self):
        super().__init__()
        self.bin = torch.nn.Embedding(16, 1)
    def forward(self, cap_ah, temp_c):
        b = ((temp_c + 20.0) / 5.0).long()
        return cap_ah * (1.0 + 0.05 * torch.tanh(self.bin(b).squeeze(-1)))

class Resistance(torch.nn.Module):
    # DC internal resistance (mOhm) per cell: -dV/dI between consecutive 1 Hz samples, averaged;
    # cell voltages (packs, cells, T) in V, pack current (packs, T) in A
    def forward(self, v, i):
        dv = v[..., 1:] - v[..., :-1]
        di = (i[:, 1:] - i[:, :-1])[:, None, :]
        return (-dv / di).mean(-1) * 1000.0

class Runaway(torch.nn.Module):
    # thermal-runaway alarm per pack from module temperatures (packs, 16, T) in C sampled at 1 Hz:
    # fastest module heating over the last 60 samples (C/min at 1 Hz) and the hottest module
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[1.0, 0.05]]))
            self.lin.bias.fill_(-6.0)
    def forward(self, temp):
        rate = (temp[..., -1] - temp[..., -61]).amax(1)
        hot = temp[..., -1].amax(1)
        return torch.sigmoid(self.lin(torch.stack([rate, hot], -1))).squeeze(-1)

class Range(torch.nn.Module):
    # remaining range (km) from trip telemetry (vehicles, T, 4) at 1 Hz: speed km/h, traction power
    # kW, SOC 0..1, ambient C; 75 kWh usable
    def forward(self, trip):
        dist_km = trip[..., 0].sum(1) / 3600.0
        energy_kwh = trip[..., 1].sum(1) / 3600.0
        return trip[:, -1, 2] * 75.0 * dist_km / energy_kwh

class Soh(torch.nn.Module):
    # state of health: capacity measured on the last full charge over the pack's rated capacity
    def forward(self, measured_ah, rated_ah):
        return torch.clamp(measured_ah / rated_ah, max=1.2)

class Demand(torch.nn.Module):
    # next-24 h charging demand (kWh per hour) per station from its hourly energy history,
    # its charger power (kW) and the next day's hourly tariff (EUR/kWh)
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(24, 24)
        self.power = torch.nn.Embedding(8, 24)          # charger power class kW // 50: 0..350 kW
    def forward(self, history, power_kw, tariff):
        cls = torch.div(power_kw, 50, rounding_mode="floor").long()
        return torch.relu(self.lin(history[:, -24:]) + self.power(cls) - 10.0 * tariff)

"""

# input helpers every child has (a 1 Hz BMS window; a station's hourly energy history in kWh)
PRE = """import torch
def window(b=2, t=600):
    v = 3.6 + 0.3 * torch.rand(b, t)
    i = 80.0 * torch.randn(b, t)
    temp = 25.0 + 5.0 * torch.rand(b, t)
    return torch.stack([v, i, temp], -1)

def station_history(s=4, h=168):
    return torch.rand(s, h) * 60.0
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + PRE + MODELS + BUILD + """
v, t = Dim("vehicles", min=1, max=256), Dim("samples", min=10, max=3600)
build("soc115", SocNet().eval(), (window(2, 600),), dynamic_shapes=({0: v, 1: t},))
p = Dim("packs", min=1, max=4096)
build("pack115", PackNet().eval(), (3.6 + 0.05 * torch.rand(4, 96),), dynamic_shapes=({0: p},))
s, h = Dim("stations", min=1, max=5000), Dim("hours", min=25, max=8760)
build("demand115", Demand().eval(), (),
      {"history": station_history(4, 168), "power_kw": torch.tensor([50.0, 150.0, 22.0, 300.0]),
       "tariff": torch.rand(4, 24) * 0.5},
      dynamic_shapes={"history": {0: s, 1: h}, "power_kw": {0: s}, "tariff": {0: s}})
n = Dim("readings", min=1, max=100000)
build("ocv115", Ocv(), (torch.randint(0, 101, (2, 50)), 3.0 + torch.rand(2, 50)),
      dynamic_shapes=({1: n}, {1: n}))
with open(os.path.join(out, "setup_r.json"), "w") as f:
    json.dump(paths, f)
"""

SETUP_S = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + PRE + MODELS + BUILD + """
v, t = Dim("vehicles", min=1, max=256), Dim("samples", min=2, max=86400)
build("coul115", CoulombSoc(), (torch.tensor([0.8, 0.6]), 50.0 * torch.randn(2, 600)),
      dynamic_shapes=({0: v}, {0: v, 1: t}))
tr = Dim("trip_samples", min=30, max=86400)
build("range115", Range(), (torch.rand(2, 600, 4) * torch.tensor([120.0, 60.0, 1.0, 30.0]),),
      dynamic_shapes=({0: v, 1: tr},))
c, rt = Dim("cells", min=2, max=256), Dim("res_samples", min=3, max=86400)
build("res115", Resistance(), (3.7 + 0.01 * torch.randn(2, 96, 600), 100.0 * torch.randn(2, 600)),
      dynamic_shapes=({0: v, 1: c, 2: rt}, {0: v, 1: rt}))
tt = Dim("temp_samples", min=120, max=36000)
build("runaway115", Runaway().eval(), (25.0 + torch.rand(2, 16, 600),), dynamic_shapes=({0: v, 2: tt},))
k = Dim("cells_n", min=1, max=100000)
build("tbin115", TempBin().eval(), (torch.full((8,), 75.0), 25.0 + 10.0 * torch.rand(8)),
      dynamic_shapes=({0: k}, {0: k}))
build("soh115", Soh(), (torch.tensor([70.2, 68.9, 73.5]), torch.tensor([75.0, 75.0, 75.0])),
      dynamic_shapes=({0: k}, {0: k}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"soc115", "pack115", "demand115", "ocv115", "coul115", "range115", "res115",
         "runaway115", "tbin115", "soh115", "corr115", "stn115"}

CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "cc-cv-phase-branch-on-max-cell-voltage", "export_failure", "export", """
class TimeToFull(torch.nn.Module):
    # minutes to 100 %: constant-current phase until the top cell reaches 4.2 V, then CV taper
    def forward(self, cell_v, current, soc):
        if cell_v.max() >= 4.2:                          # CV phase: current tapers exponentially
            return 60.0 * torch.log(current.abs() / 3.75).clamp(min=0)
        return 60.0 * (1.0 - soc) * 75.0 / current.abs()
ep = torch.export.export(TimeToFull(), (3.9 + 0.2 * torch.rand(1, 96), torch.tensor([150.0]),
                                        torch.tensor([0.55])))
""", "The time-to-full estimator chooses between the constant-current and constant-voltage "
       "charging phases with a Python `if` on the highest cell voltage, control flow on tensor "
       "data that torch.export cannot trace.", "Compute both phases and select with "
       "torch.where(cell_v.amax(-1) >= 4.2, cv, cc) (or torch.cond).", match=r".")


def case_02():
    return _m("case_02", "coulomb-counter-python-float-state", "export_failure", "export", """
class Counter(torch.nn.Module):
    # keeps the pack's SOC between calls as a Python float, updated by coulomb counting
    def __init__(self):
        super().__init__()
        self.soc = 0.8
    def forward(self, current):
        self.soc = self.soc - float(current.sum()) / (75.0 * 3600.0)
        return torch.full((1,), self.soc)
ep = torch.export.export(Counter(), (50.0 * torch.randn(600),))
""", "The coulomb counter keeps the SOC between calls in a Python float attribute updated with "
       "float(current.sum()), which needs the tensor's data and cannot be traced by torch.export.",
       "Pass the previous SOC in as a tensor input and return the new SOC as an output.",
       match=r".")


def case_03():
    return _m("case_03", "bms-undervoltage-raise-in-forward", "export_failure", "export", """
class GuardedSoc(SocNet):
    # the BMS team's rule: refuse windows with a cell under the 2.5 V cut-off
    def forward(self, x):
        if (x[..., 0] < 2.5).any():
            raise ValueError("cell under-voltage in window")
        return super().forward(x)
ep = torch.export.export(GuardedSoc().eval(), (window(2, 600),))
""", "The SOC model validates its input with a Python `if (...).any(): raise` on the cell "
       "voltages (under-voltage cut-off), a data-dependent branch torch.export cannot trace.",
       "Validate windows before the call (or use torch._check on a condition export can prove), "
       "not a Python branch on tensor data.", match=r".")


def case_04():
    return _m("case_04", "twelve-cells-per-module-view", "dynamic_shape_guard", "export", """
from torch.export import Dim
class ModuleSpread(torch.nn.Module):
    # voltage spread per 12-cell module of the pack (packs, cells) in mV
    def forward(self, v):
        mods = v.view(v.shape[0], -1, 12)
        return (mods.amax(-1) - mods.amin(-1)) * 1000.0
cells = Dim("cells", min=12, max=240)             # the fleet has 96-, 108- and 192-cell packs
ep = torch.export.export(ModuleSpread(), (3.7 + 0.01 * torch.randn(4, 96),),
                         dynamic_shapes=({1: cells},))
""", "The pack is reshaped into 12-cell modules with view(packs, -1, 12) while the cells Dim is "
       "free in 12..240, so export needs cells to be a multiple of 12 and refuses the Dim.",
       "Declare cells as 12 * Dim('modules', ...) (or pass the pack as (packs, modules, 12)).",
       match=r".")


def case_05():
    return _m("case_05", "thermistors-share-cell-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class CellTemp(torch.nn.Module):
    # cell voltages (packs, cells) and thermistor temperatures (packs, sensors): one per 4 cells
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)
    def forward(self, v, temp):
        return self.lin(torch.stack([v.mean(1), temp.amax(1)], -1)).squeeze(-1)
cells = Dim("cells", min=8, max=256)
ep = torch.export.export(CellTemp(), (3.7 + 0.01 * torch.randn(4, 96), 25.0 + torch.rand(4, 24)),
                         dynamic_shapes=({1: cells}, {1: cells}))
""", "The same cells Dim is given to the 96 cell voltages and to the 24 thermistors (one per "
       "four cells), so the example sizes 96 and 24 contradict the shared Dim.",
       "Give the thermistors their own Dim (or declare cells = 4 * sensors).", match=r".")


def case_06():
    return _m("case_06", "gru-soc-estimator-variable-window", "dynamic_shape_guard", "export", """
from torch.export import Dim
class GruSoc(torch.nn.Module):
    # the literature's recurrent SOC estimator over a variable-length drive window
    def __init__(self):
        super().__init__()
        self.gru = torch.nn.GRU(3, 16, batch_first=True)
        self.out = torch.nn.Linear(16, 1)
    def forward(self, x):
        h, _ = self.gru(x)
        return torch.sigmoid(self.out(h[:, -1])).squeeze(-1)
ep = torch.export.export(GruSoc().eval(), (window(2, 600),),
                         dynamic_shapes=({1: Dim("samples", min=10, max=3600)},))
""", "The SOC estimator runs an nn.GRU over the drive window, and exporting it specialises the "
       "declared dynamic samples Dim to the example's 600 steps.",
       "Export fixed-length windows (pad/crop to one length) or run the recurrence as a "
       "streaming cell with the hidden state as input/output.", match=r".")


def case_07():
    return _m("case_07", "fleet-cell-correlation-all-cells", "out_of_memory", "run", """
import resource
from torch.export import Dim
class CellCorr(torch.nn.Module):
    # count of cells whose last-day voltage trace correlates > 0.99 with each cell (fleet-wide)
    def forward(self, traces):
        z = (traces - traces.mean(1, keepdim=True)) / traces.std(1, keepdim=True)
        return ((z @ z.T) / traces.shape[1] > 0.99).sum(-1)
n = Dim("cells", min=2, max=2000000)
ep = torch.export.export(CellCorr(), (torch.randn(192, 24),), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/corr115.pt2")
m = torch._inductor.aoti_load_package(pkg)
fleet = 3.7 + 0.01 * torch.randn(2000 * 96, 24)     # 2000 vehicles x 96 cells, hourly for a day
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the batch job's 2 GiB margin
hits = m(fleet)
""", "The cell-to-cell correlation is computed over every cell of a 2000-vehicle fleet (192000 "
       "cells) in one call; the all-pairs correlation matrix needs about 147 GB.",
       "Correlate cells within each pack (or in blocks of cells / with approximate methods).",
       match=r"memory|alloc")


def case_08():
    return _m("case_08", "national-network-station-attention", "out_of_memory", "run", """
import resource
from torch.export import Dim
class StationMix(torch.nn.Module):
    # each station's demand as an attention-weighted mix of all stations' embeddings
    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(8, 8)
    def forward(self, e):
        a = torch.softmax(self.q(e) @ e.T / 8 ** 0.5, -1)
        return a @ e
st = Dim("stations", min=2, max=500000)
ep = torch.export.export(StationMix().eval(), (torch.randn(64, 8),), dynamic_shapes=({0: st},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/stn115.pt2")
m = torch._inductor.aoti_load_package(pkg)
network = torch.randn(120000, 8)                   # every public charge point in the country
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))
mixed = m(network)
""", "The station-mixing model built on a 64-station pilot is run over all 120000 public charge "
       "points at once; the station-by-station attention matrix needs about 58 GB.",
       "Attend within regions or to k nearest stations (or batch the queries).",
       match=r"memory|alloc")


# ------------------------------------------------------------------------ run: inputs (R)
def case_09():
    return _c("case_09", "108-cell-pack-into-96-cell-model", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pack115}")
packs = 3.7 + 0.01 * torch.randn(3, 108)           # the long-range variant: 108 cells in series
p = m(packs)
""", "Packs of the long-range variant with 108 series cells are sent to the imbalance package "
       "exported for 96-cell packs.", "Export a 108-cell model (or one per pack layout) and route "
       "by pack configuration.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "bms-db-cell-major-transposed", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pack115}")
by_cell = 3.7 + 0.01 * torch.randn(96, 500)        # the BMS database stores one row per cell
p = m(by_cell.T)                                   # (500 packs, 96 cells), a transposed view
""", "The cell voltages come from the BMS database cell-major and are passed as a transposed "
       "view (.T), whose strides are not the contiguous (96, 1) layout the package was "
       "compiled for.", "Call .contiguous() on the transposed tensor before the call.",
       needs=("r",), env=CHECK, match=r"stride")


def case_11():
    return _c("case_11", "second-thermistor-channel", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{soc115}")
w = window(2, 600)
t2 = w[..., 2:] + torch.randn(2, 600, 1)           # the new modules log a second thermistor
soc = m(torch.cat([w, t2], -1))
""", "The new battery modules log a second thermistor, so the windows have 4 channels, while "
       "the SOC package was exported for voltage, current and one temperature (3 channels).",
       "Reduce the temperatures to one channel (e.g. the max) or re-export for 4 channels.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_12():
    return _c("case_12", "can-decoder-signal-major-window", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{soc115}")
w = window(2, 600)
signals = w.permute(0, 2, 1).contiguous()          # the CAN log decoder returns (vehicles, signal, time)
soc = m(signals)
""", "The CAN log decoder returns windows signal-major (vehicles, 3, T), while the SOC package "
       "was exported for time-major (vehicles, T, 3).", "Permute to (vehicles, T, 3) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_13():
    return _c("case_13", "demand-call-without-tariff", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{demand115}")
# the new market has flat pricing, so the caller leaves the tariff out
d = m(history=station_history(3, 168), power_kw=torch.tensor([50.0, 150.0, 300.0]))
""", "The demand package is called without its tariff input (a market with flat pricing), "
       "while it was exported with history, power_kw and tariff.",
       "Pass the flat tariff as a constant (s, 24) tensor.", needs=("r",), env=CHECK, match=r".")


def case_14():
    return _c("case_14", "ocpp-meter-values-int-wh", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{demand115}")
# OCPP MeterValues: Energy.Active.Import.Register per hour, integer Wh from the JSON payloads
wh = torch.tensor([[12000, 48000, 31500] * 56, [0, 22000, 7000] * 56, [9000, 9000, 61000] * 56])
d = m(history=wh, power_kw=torch.tensor([50.0, 150.0, 300.0]), tariff=torch.rand(3, 24) * 0.4)
""", "The hourly energy history is built from OCPP meter values as integer Wh (int64), while the "
       "demand package was exported for float32 kWh.",
       "Convert with wh.float() / 1000 before the call.", needs=("r",), env=CHECK,
       match=r"dtype|Long|Float|int64")


# -------------------------------------------------------------------- run: dynamic dims
def case_15():
    return _c("case_15", "overnight-charge-log-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{soc115}")
night = window(2, 8 * 3600)                        # two cars' 8-hour home charge at 1 Hz
soc = m(night)
""", "Two cars' whole 8-hour overnight charge logs (28800 samples at 1 Hz) are sent in one call, "
       "above the samples Dim's exported max=3600.", "Slide a window of at most 3600 samples "
       "(or export with a larger max).", needs=("r",), env=CHECK, match=r"3600|too large|range|bound")


def case_16():
    return _c("case_16", "trip-just-after-ignition", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{range115}")
trip = torch.rand(2, 5, 4) * torch.tensor([30.0, 20.0, 1.0, 30.0])   # 5 s after ignition
km = m(trip)
""", "The range predictor is called 5 s after ignition with a 5-sample trip, below the "
       "trip_samples Dim's exported min=30.", "Wait for 30 samples (or use the last trip's "
       "consumption) before predicting.", needs=("s",), env=CHECK, match=r"30|too small|range|bound")


# -------------------------------------------------------------------- run: indices
def case_17():
    return _c("case_17", "coulomb-drift-soc-above-100", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ocv115}")
soc = torch.tensor([[0.97, 0.99, 1.004, 1.013, 1.021]] * 2)   # coulomb-counted SOC after a full charge
soc_pct = (soc * 100).round().long()
over = m(soc_pct, torch.full((2, 5), 4.19))
""", "The coulomb-counted SOC drifts above 100 % at the end of a full charge, so SOC percent "
       "101 and 102 index past the 101-point OCV table.", "Clamp the SOC to [0, 1] (and "
       "re-anchor the counter at full charge) before the table lookup.", needs=("r",),
       expect="exc", match=r"out of bounds|index")


def case_18():
    return _c("case_18", "norway-winter-below-temperature-bins", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tbin115}")
temp = torch.tensor([-31.0, -28.5, -24.0, -18.0, -12.0, -5.0])   # Finnmark cars parked overnight
cap = m(torch.full((6,), 75.0), temp)
""", "Cars parked overnight in a Norwegian winter report cell temperatures of -31 C, below the "
       "lowest -20 C bin, so the temperature-bin index is negative.",
       "Clamp the temperature (or the bin index) to the table's range before the lookup.",
       needs=("s",), expect="exc", match=r"out of bounds|index")


def case_19():
    return _c("case_19", "megawatt-truck-charger-power-class", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{demand115}")
kw = torch.tensor([150.0, 350.0, 1000.0])          # the new truck stop: an MCS 1 MW charger
d = m(history=torch.rand(3, 168) * 60.0, power_kw=kw, tariff=torch.rand(3, 24) * 0.4)
""", "A new truck stop has a 1 MW megawatt (MCS) charger; its power class 1000 // 50 = 20 is "
       "beyond the 8-entry power-class embedding built for chargers up to 350 kW.",
       "Cap the power class at 7 (or add classes and retrain) before the call.", needs=("r",),
       expect="exc", match=r"out of bounds|index")


# -------------------------------------------------------------------- run: values
def case_20():
    return _c("case_20", "cell-voltage-in-millivolts", "numerical", "run", """
m = torch._inductor.aoti_load_package("{soc115}")
w = window(4, 600)
w[..., 0] *= 1000.0                                # the new BMS firmware reports cell voltage in mV
soc = m(w)
assert ((soc > 1e-3) & (soc < 1 - 1e-3)).all(), f"saturated SOC: {soc}"
""", "The new BMS firmware reports cell voltages in millivolts while the SOC model standardises "
       "volts; the voltage feature is about 15000 standard deviations out and the SOC "
       "saturates, without an error.", "Convert to volts at ingestion (and range-check features).",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "discharge-current-negative-new-platform", "numerical", "run", """
m = torch._inductor.aoti_load_package("{coul115}")
drive = -120.0 + 10.0 * torch.randn(2, 2400)       # 40 min on the highway; this BMS: discharge < 0
soc = m(torch.tensor([0.6, 0.7]), drive)
assert (soc <= 1.0).all() and (soc[:, -1] < soc[:, 0]).all(), f"SOC after the drive: {soc[:, -1]}"
""", "The new vehicle platform's BMS reports discharge current as negative, opposite to the "
       "counter's + = discharge convention, so the SOC rises above 100 % during a highway "
       "drive, silently.", "Flip the current sign for that platform at ingestion (and check "
       "the sign convention per BMS).", needs=("s",), match=r"AssertionError")


def case_22():
    return _c("case_22", "range-for-parked-car", "numerical", "run", """
m = torch._inductor.aoti_load_package("{range115}")
trip = torch.rand(2, 300, 4) * torch.tensor([110.0, 40.0, 1.0, 20.0])
trip[1, :, :2] = 0.0                               # car 2: parked with ignition on, no speed, no power
trip[1, :, 2] = 0.64
km = m(trip)
assert torch.isfinite(km).all(), f"range km: {km}"
""", "A car parked with the ignition on sends 5 minutes of zero speed and zero traction power, "
       "so the distance-over-energy consumption is 0 / 0 and its range is NaN, silently.",
       "Fall back to the vehicle's rated or last-trip consumption when the trip energy is "
       "(near) zero.", needs=("s",), match=r"AssertionError")


def case_23():
    return _c("case_23", "resistance-during-constant-current-charge", "numerical", "run", """
m = torch._inductor.aoti_load_package("{res115}")
t = torch.arange(600.0)
v = (3.9 + 0.0004 * t + 0.001 * torch.randn(2, 96, 600))   # cells rising during the CC phase
i = torch.full((2, 600), -200.0)                   # DC fast charge at a constant 200 A
r_mohm = m(v, i)
assert torch.isfinite(r_mohm).all(), f"resistance mOhm: {r_mohm[:, :4]}"
""", "The resistance estimator is run on a constant-current DC fast-charge window, where the "
       "current never steps, so dI = 0, -dV/dI is +-inf or 0/0 and the averaged resistance is "
       "NaN, silently.",
       "Estimate resistance only on windows with current steps (|dI| above a threshold).",
       needs=("s",), match=r"AssertionError")


def case_24():
    return _c("case_24", "runaway-replay-logged-at-10hz", "numerical", "run", """
m = torch._inductor.aoti_load_package("{runaway115}")
t = torch.arange(1200.0) / 10.0                    # 2 min of the incident, new firmware logs at 10 Hz
temp = torch.full((1, 16, 1200), 35.0)
temp[0, 7] = 35.0 + 10.0 * t / 60.0                # module 8 heats at 10 C/min up to 55 C
temp = torch.cat([temp, torch.full((1, 16, 1200), 30.0)])
p = m(temp)
assert p[0] > 0.5, f"runaway alarm probability for the incident replay: {p[0]:.3f}"
""", "The incident replay comes from new telematics firmware that logs at 10 Hz, while the "
       "alarm model takes 60 samples as one minute; the 10 C/min heating reads as 1 C/min "
       "and the alarm does not fire, without an error.", "Resample telemetry to 1 Hz (or pass "
       "the sample rate and compute rates per second).", needs=("s",), match=r"AssertionError")


def case_25():
    return _c("case_25", "soh-retrofit-pack-rated-zero", "numerical", "run", """
m = torch._inductor.aoti_load_package("{soh115}")
measured = torch.tensor([70.2, 66.4, 58.1, 71.9])
rated = torch.tensor([75.0, 75.0, 0.0, 75.0])      # a retrofit pack: rated capacity not in the registry (0)
soh = m(measured, rated)
assert (soh <= 1.05).all() and torch.isfinite(soh).all(), f"SOH: {soh}"
""", "A retrofit pack has no rated capacity in the vehicle registry and 0 is stored, so its "
       "SOH is 58.1 / 0 = inf (clamped to the 1.2 cap), reported as a healthy pack, silently.",
       "Treat a missing rated capacity as unknown (skip or look it up) instead of 0.",
       needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_26():
    return _c("case_26", "two-thermistor-retrain-weights-into-3-channel-package", "constant_loading",
              "run", """
m = torch._inductor.aoti_load_package("{soc115}")
# the retrained SOC net takes both thermistors: its first conv has 4 input channels
# (only the input layer changed, so only it is refreshed)
retrained = {"conv.weight": torch.randn(16, 4, 5) * 0.1, "conv.bias": torch.zeros(16)}
m.load_constants(retrained, check_full_update=False)
soc = m(window(2, 600))
print(soc)
""", "The weights of the SOC net retrained for two thermistors (first conv 16 x 4 x 5) are "
       "loaded into the package compiled for 3 input channels (16 x 3 x 5); load_constants "
       "swaps them in without a shape check and the process dies.",
       "Re-export and recompile for 4 channels instead of updating the constants.",
       needs=("r",), expect="crash", match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_22, case_23, case_24, case_25, case_26]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind115.jsonl",
        url_file="benchmarks/live_blind115.py", id_prefix="live115", stems=STEMS,
        scratch_prefix="live_blind115-", description=__doc__.splitlines()[0]))
