"""A hundred-and-thirty-third blind set of REAL AOTInductor failures (nuclear power plant monitoring models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind133.py [--out benchmarks/live_blind133.jsonl] [--keep]

Theme: nuclear power plant monitoring (an anomaly scorer over reactor-coolant pump vibration
spectra from 4 accelerometers with a per-pump embedding, a core neutron-flux map reconstruction
from the 58 in-core detector readings onto the 193 fuel assemblies of a 15x15 core grid, a
fuel-assembly peaking lookup by core-position serial, a per-area radiation dose-rate forecaster
in mSv/h with an area-code embedding, a control-rod position estimate from rod-position indicator
coil voltages with a bank embedding, a steam-generator tube flaw classifier over bobbin-probe
eddy-current signals in volts, and a turbine-generator gross-load forecaster in MWe from the
output history and the reactor's thermal power in MWt), exported, compiled, loaded and run as a
plant reliability / reactor engineering data scientist would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind131.py
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
N_RCP = 4       # reactor-coolant pumps of the unit (rows 0..3)
BINS = 256      # vibration spectrum bins, 0..1 kHz, mm/s RMS per bin

class PumpVib(torch.nn.Module):
    # anomaly score of each reactor-coolant pump from its vibration spectra (pumps, 4
    # accelerometers, 256 bins) in mm/s RMS and its row in the pump table (pumps,), 0..3
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(4, 8, 5, padding=2)
        self.rcp = torch.nn.Embedding(N_RCP, 8)
        self.lin = torch.nn.Linear(8, 1)
    def forward(self, spec, pump):
        db = 20.0 * torch.log10(spec + 1e-3)               # dB re 1 mm/s
        h = torch.relu(self.c(db / 20.0)).mean(2) + self.rcp(pump)
        return torch.sigmoid(self.lin(h)).squeeze(-1)

N_DET, N_FA, GRID = 58, 193, 15   # in-core detector thimbles; fuel assemblies on a 15x15 core grid
ROW_W = [7, 11, 13, 13, 15, 15, 15, 15, 15, 15, 15, 13, 13, 11, 7]

def core_positions():
    pos = []
    for r, w in enumerate(ROW_W):
        c0 = (GRID - w) // 2
        pos += [r * GRID + c for c in range(c0, c0 + w)]
    return torch.tensor(pos)                               # grid cell of each assembly serial 0..192

class FluxMap(torch.nn.Module):
    # relative assembly power map (maps, 15, 15) from the 58 in-core detector signals (maps, 58),
    # normalised to 1.0 at the calibration map, and the core power as a fraction of rated (maps,)
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(N_DET, N_FA)
        self.register_buffer("pos", core_positions())
    def forward(self, det, power):
        p = torch.nn.functional.softplus(self.lin(det))
        p = p / p.mean(1, keepdim=True) * power.unsqueeze(1)
        grid = p.new_zeros(p.shape[0], GRID * GRID).index_copy(1, self.pos, p)
        return grid.view(-1, GRID, GRID)

class Peaking(torch.nn.Module):
    # pin-power peaking factor of fuel assemblies from their core-position serial (n,) 0..192 and
    # their burnup (n,) in GWd/tU: the cycle's loading-pattern table of beginning-of-cycle Fq and
    # U-235 enrichment per position
    def __init__(self):
        super().__init__()
        self.register_buffer("fq", 1.4 + 0.5 * torch.rand(N_FA))
        self.register_buffer("enr", 3.2 + 1.6 * torch.rand(N_FA))
    def forward(self, pos, burnup):
        return self.fq[pos] * torch.exp(-0.01 * burnup) * self.enr[pos] / 4.0

N_AREA = 12     # radiation-protection areas of the plant (rows 0..11)

class DoseRate(torch.nn.Module):
    # next-hour dose rate (mSv/h) per plant area from the hourly survey dose rates (areas, hours)
    # in mSv/h and the area's row (areas,) 0..11
    def __init__(self):
        super().__init__()
        self.area = torch.nn.Embedding(N_AREA, 4)
        self.lin = torch.nn.Linear(3 + 4, 1)
    def forward(self, hist, area):
        lg = torch.log(hist + 1e-4)
        f = torch.stack([lg[:, -1], lg[:, -24:].mean(1), lg[:, -1] - lg[:, -24]], 1)
        g = torch.tanh(self.lin(torch.cat([f, self.area(area)], 1))).squeeze(-1)
        return torch.exp(lg[:, -1] + 0.1 * g)

N_BANK = 8      # control banks A..D and shutdown banks SA..SD (rows 0..7)

class RodPos(torch.nn.Module):
    # rod position (steps withdrawn, 0..228) of each control rod from its rod-position indicator's
    # 5 coil-stack secondary voltages (rods, 5) in V and its bank row (rods,) 0..7
    def __init__(self):
        super().__init__()
        self.bank = torch.nn.Embedding(N_BANK, 3)
        self.lin = torch.nn.Linear(5 + 3, 1)
    def forward(self, volts, bank):
        h = torch.cat([volts - 2.5, self.bank(bank)], 1)
        return 228.0 * torch.sigmoid(self.lin(h)).squeeze(-1)

N_FLAW = 4      # no defect, support-plate wear, ODSCC, pitting

class Eddy(torch.nn.Module):
    # flaw logits per steam-generator tube from the bobbin-probe eddy-current signal
    # (tubes, 2 = X/Y components, samples) in volts
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(2, 8, 15, stride=4, padding=7)
        self.c2 = torch.nn.Conv1d(8, 16, 9, stride=4, padding=4)
        self.head = torch.nn.Linear(16, N_FLAW)
    def forward(self, sig):
        return self.head(torch.relu(self.c2(torch.relu(self.c1(sig)))).amax(2))

class Load(torch.nn.Module):
    # next-hour gross electrical output (MWe) per unit from its hourly output history
    # (units, hours) in MWe and the reactor's thermal power (units,) in MWt
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 1)
    def forward(self, mwe, mwt):
        last = mwe[:, -1]
        f = torch.stack([(last - mwe[:, -6:].mean(1)) / 50.0, last / mwt * 3.0,
                         (mwt - 3411.0) / 100.0], 1)
        return last + 10.0 * torch.tanh(self.lin(f)).squeeze(-1)

def spectra(n=4):
    spec = 0.05 + 0.02 * torch.rand(n, 4, BINS)
    spec[:, :, 20] += 1.5                                  # 1x running speed (1200 rpm)
    spec[:, :, 140] += 0.4                                 # vane-pass
    return spec, torch.arange(n) % N_RCP

def incore(n=4):
    return 1.0 + 0.05 * torch.randn(n, N_DET), 0.9 + 0.1 * torch.rand(n)

def loading(n=8):
    return torch.randint(0, N_FA, (n,)), 50.0 * torch.rand(n)

def surveys(areas=12, hours=168):
    return 0.002 * torch.exp(0.5 * torch.randn(areas, hours)), torch.arange(areas) % N_AREA

def rpi(rods=8):
    return 2.0 + 3.0 * torch.rand(rods, 5), torch.randint(0, N_BANK, (rods,))

def ect(tubes=8, n=4096):
    return 0.1 * torch.randn(tubes, 2, n)

def output(units=2, hours=72):
    return 1150.0 + 20.0 * torch.randn(units, hours), 3400.0 + 10.0 * torch.rand(units)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
p = Dim("pumps", min=1, max=64)
build("pump133", PumpVib().eval(), spectra(4), dynamic_shapes=({0: p}, {0: p}))
mp = Dim("maps", min=1, max=64)
build("flux133", FluxMap().eval(), incore(4), dynamic_shapes=({0: mp}, {0: mp}))
fa = Dim("assemblies", min=1, max=193)
build("fa133", Peaking().eval(), loading(8), dynamic_shapes=({0: fa}, {0: fa}))
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
a, h = Dim("areas", min=1, max=500), Dim("hours", min=48, max=8760)
build("dose133", DoseRate().eval(), surveys(12, 168), dynamic_shapes=({0: a, 1: h}, {0: a}))
r = Dim("rods", min=1, max=53)
build("rod133", RodPos().eval(), rpi(8), dynamic_shapes=({0: r}, {0: r}))
t, s = Dim("tubes", min=1, max=512), Dim("samples", min=512, max=65536)
build("sg133", Eddy().eval(), (ect(8, 4096),), dynamic_shapes=({0: t, 2: s},))
u, hh = Dim("units", min=1, max=8), Dim("hours", min=12, max=8760)
build("tg133", Load().eval(), output(2, 72), dynamic_shapes=({0: u, 1: hh}, {0: u}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"pump133", "flux133", "fa133", "dose133", "rod133", "sg133", "tg133", "pinflux133"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "flux-low-power-physics-test-python-if", "export_failure", "export", """
class FluxLowPower(FluxMap):
    # below 5 % power (low-power physics tests) the detector signals are too weak: return a flat map
    def forward(self, det, power):
        if (power < 0.05).any():
            return torch.ones(det.shape[0], GRID, GRID) * power.view(-1, 1, 1)
        return super().forward(det, power)
ep = torch.export.export(FluxLowPower().eval(), incore(4))
""", "The flux-map reconstruction keeps the low-power physics-test rule as a Python if on "
       "(power < 0.05).any(), control flow on tensor data that torch.export cannot trace.",
       "Blend the flat map with torch.where on the power tensor (no Python if), or apply the "
       "rule outside the model.", match=r".")


def tried_flux_drop_failed_detectors():
    # TRIED: exported without an error (torch.export takes the masked columns as an unbacked size)
    return _m("tried_flux_drop_failed_detectors", "flux-drop-failed-detectors-boolean-mask", "export_failure", "export", """
class FluxDropFailed(FluxMap):
    # failed detectors read 0: keep only the working thimbles before the reconstruction
    def forward(self, det, power):
        ok = (det > 0).all(0)
        p = torch.nn.functional.softplus(det[:, ok] @ self.lin.weight[:, ok].T + self.lin.bias)
        p = p / p.mean(1, keepdim=True) * power.unsqueeze(1)
        grid = p.new_zeros(p.shape[0], GRID * GRID).index_copy(1, self.pos, p)
        return grid.view(-1, GRID, GRID)
ep = torch.export.export(FluxDropFailed().eval(), incore(4))
""", "The flux-map model drops failed in-core detectors with a boolean mask computed from the "
       "readings (det[:, ok]), so the number of detector columns depends on the data, which "
       "torch.export cannot trace through the matrix product.",
       "Zero the failed detectors' weights with a multiplicative mask (det * ok) instead of "
       "selecting columns.", match=r".")


def case_02():
    return _m("case_02", "rod-insertion-limits-python-dict-by-bank", "export_failure", "export", """
from torch.export import Dim
RIL = {0: 0.0, 1: 0.0, 2: 30.0, 3: 120.0, 4: 228.0, 5: 228.0, 6: 228.0, 7: 228.0}  # steps, by bank
class RodMargin(RodPos):
    # margin to the rod insertion limit of each rod's bank, from the tech-spec table kept as a dict
    def forward(self, volts, bank):
        ril = torch.tensor([RIL[int(b)] for b in bank])
        return super().forward(volts, bank) - ril
r = Dim("rods", min=1, max=53)
ep = torch.export.export(RodMargin().eval(), rpi(8), dynamic_shapes=({0: r}, {0: r}))
""", "The rod-position model looks up each rod's insertion limit in the tech-spec table kept as "
       "a Python dict keyed by int(bank), which needs the bank codes' values, data that "
       "torch.export does not have while tracing.", "Keep the insertion limits as a registered "
       "buffer indexed by the bank tensor (self.ril[bank]).", match=r".")


def case_03():
    return _m("case_03", "dose-alarm-message-formats-tensor", "export_failure", "export", """
import warnings
class DoseAlarm(DoseRate):
    # the RP supervisor's request: warn in the log when an area's forecast passes 1 mSv/h
    def forward(self, hist, area):
        y = super().forward(hist, area)
        warnings.warn(f"highest forecast dose rate {y.max():.3f} mSv/h")
        return y
ep = torch.export.export(DoseAlarm().eval(), surveys(12, 168))
""", "The dose-rate forecaster formats the highest forecast into a warning message inside "
       "forward (f'{y.max():.3f}'), which needs the tensor's value, while torch.export "
       "traces with fake tensors that have none (FakeTensor refuses the format).", "Return the forecast and raise the alarm message outside "
       "the exported model.", match=r".")


def case_04():
    return _m("case_04", "detector-axis-dynamic-after-outage", "dynamic_shape_guard", "export", """
from torch.export import Dim
mp = Dim("maps", min=1, max=64)
dt = Dim("detectors", min=40, max=58)     # after the outage some thimbles may be out of service
ep = torch.export.export(FluxMap().eval(), incore(4), dynamic_shapes=({0: mp, 1: dt}, {0: mp}))
""", "The detector axis is declared dynamic (40..58) because some thimbles may be out of "
       "service after an outage, but the flux model's Linear layer takes exactly 58 detector "
       "signals, so export specialises that axis to 58 and refuses the Dim.",
       "Keep the detector axis static (58) and mark out-of-service detectors with a mask.",
       match=r".")


def case_05():
    return _m("case_05", "eddy-support-plate-span-reshape", "dynamic_shape_guard", "export", """
from torch.export import Dim
class EddySpans(Eddy):
    # score each tube-support-plate span (512 samples) separately and keep the worst
    def forward(self, sig):
        n = sig.shape[0]
        spans = sig.reshape(n, 2, -1, 512).permute(0, 2, 1, 3).reshape(-1, 2, 512)
        return super().forward(spans).view(n, -1, N_FLAW).amax(1)
t, s = Dim("tubes", min=1, max=512), Dim("samples", min=512, max=65536)
ep = torch.export.export(EddySpans().eval(), (ect(8, 4096),), dynamic_shapes=({0: t, 2: s},))
""", "The tube classifier cuts the eddy-current signal into 512-sample support-plate spans with "
       "reshape, which only holds for multiples of 512, while the samples Dim allows any length "
       "in 512..65536, so export refuses the specification.",
       "Declare samples as 512 * Dim(...) (or pad the signal to a multiple of 512).",
       match=r".")


def case_06():
    return _m("case_06", "rpi-exported-from-the-one-stuck-rod", "dynamic_shape_guard", "export", """
from torch.export import Dim
r = Dim("rods", min=1, max=53)
volts, bank = rpi(1)                       # the example: rod H-02 from the stuck-rod investigation
ep = torch.export.export(RodPos().eval(), (volts, bank), dynamic_shapes=({0: r}, {0: r}))
""", "The rod-position model is exported with a dynamic rods Dim but from the one rod of the "
       "stuck-rod investigation as the example, so export specialises the batch to 1 and "
       "refuses the Dim.", "Export from an example of at least 2 rods (a whole bank).",
       match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _m("case_07", "rcp-new-daq-512-bins", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pump133}")
spec = 0.05 + 0.02 * torch.rand(4, 4, 512)          # the new DAQ rack: 0..2 kHz, 512 bins
p = m(spec, torch.arange(4))
""", "The replacement vibration DAQ rack delivers 512-bin spectra (0..2 kHz), sent as is, "
       "while the pump package was exported for 256 bins.", "Resample or cut the spectra to the "
       "256 trained bins (0..1 kHz) before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_08():
    return _m("case_08", "incore-52-working-detectors", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{flux133}")
det, power = incore(4)
failed = [3, 11, 19, 27, 40, 51]                    # thimbles blocked since the refuelling outage
keep = [i for i in range(N_DET) if i not in failed]
grid = m(det[:, keep], power)
""", "After the refuelling outage six thimbles are blocked and their columns are removed, so "
       "52 detector signals are sent to the flux package exported for all 58.",
       "Send all 58 columns and fill the failed detectors (e.g. with their predicted signal) "
       "before the call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _m("case_09", "rpi-voltages-float64-from-opc", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{rod133}")
_, bank = rpi(8)
volts = torch.from_numpy(np.random.uniform(2.0, 5.0, (8, 5)))   # the OPC UA client returns doubles
steps = m(volts, bank)
""", "The rod-position indicator voltages come from the plant's OPC UA client as numpy float64 "
       "arrays, while the rod package was exported for float32 voltages.",
       "Convert with .float() before the call.", needs=("s",), env=CHECK,
       match=r"dtype|Double|Float|float64")


def case_10():
    return _m("case_10", "eddy-vendor-file-samples-by-xy", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sg133}")
sig = 0.1 * torch.randn(8, 4096, 2)                 # the analysis vendor's file: (tube, sample, X/Y)
logits = m(sig)
""", "The eddy-current analysis vendor's file stores each tube as (samples, X/Y), so the "
       "signal is sent as (tubes, 4096, 2), while the tube package was exported for "
       "(tubes, 2, samples).", "Transpose to (tubes, 2, samples) before the call.",
       needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "turbine-grid-frequency-third-input", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tg133}")
mwe, mwt = output(2, 72)
hz = 50.0 + 0.02 * torch.randn(2)                   # the dispatcher's new feed: grid frequency
nxt = m(mwe, mwt, hz)
""", "The load-forecast service adds the dispatcher's grid-frequency feed as a third input, "
       "while the turbine-generator package was exported with two (MWe history, MWt).",
       "Drop the frequency input (or retrain and re-export with it).", needs=("s",),
       match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_12():
    return _m("case_12", "historian-12h-after-outage", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dose133}")
hist, area = surveys(12, 12)                        # the RP historian restarted 12 hours ago
nxt = m(hist, area)
""", "The radiation-protection historian was restarted after the outage and holds only 12 "
       "hours of surveys, below the shortest history the dose package accepts (the hours Dim "
       "was declared with min=48).", "Back-fill from the outage survey records (or wait for 48 "
       "hours) before forecasting.", needs=("s",), env=CHECK, match=r"too small|range|bound")


def case_13():
    return _m("case_13", "rotating-probe-full-tube-length", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{sg133}")
sig = ect(2, 200000)                                # a full-length U-bend pull at the rotating-probe rate
logits = m(sig)
""", "A full-length U-bend pull recorded at the rotating probe's sample rate (200000 samples) is "
       "sent in one call, above the longest signal the tube package accepts (the samples Dim "
       "was declared with max=65536).", "Split the pull into segments of at most 65536 samples "
       "(or downsample to the bobbin rate).", needs=("s",), env=CHECK,
       match=r"too large|range|bound")


def case_14():
    return _m("case_14", "whole-cycle-of-flux-maps", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{flux133}")
det, power = incore(1200)                           # every hourly reconstruction of the cycle so far
grid = m(det, power)
""", "All 1200 hourly detector snapshots of the cycle are reconstructed in one call, above the "
       "batch the flux package accepts (the maps Dim was declared with max=64).",
       "Reconstruct in batches of at most 64 maps.", needs=("r",), env=CHECK,
       match=r"too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_15():
    return _m("case_15", "core-grid-cell-for-assembly-serial", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fa133}")
# the reload checklist names positions by core coordinates (H-08, R-08, ...); the script turns
# them into the 15x15 grid cell row * 15 + col instead of the assembly serial
cells = torch.tensor([7 * 15 + 7, 7 * 15 + 14, 14 * 15 + 7, 13 * 15 + 12, 12 * 15 + 13])
fq = m(cells, 50.0 * torch.rand(5))
""", "The reload checklist's core coordinates are converted to 15x15 grid cells (0..224) and "
       "used as core-position serials of the peaking table, which has the 193 assembly "
       "positions only (0..192).", "Map grid cells to assembly serials (the core-position "
       "table) before the call.", needs=("r",), match=r"out of bounds|index")


def case_16():
    return _m("case_16", "twin-unit-pump-numbers-5-to-8", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{pump133}")
spec, _ = spectra(4)
pumps = torch.tensor([4, 5, 6, 7])                  # unit 2's RCPs in the site-wide numbering
p = m(spec, pumps)
""", "On the twin-unit site the second unit's reactor-coolant pumps carry the site-wide rows "
       "4..7, which are used as rows of the pump package's 4-row pump embedding (0..3); the "
       "kernel's index check throws inside its OpenMP worker, which terminates the process.",
       "Map site-wide pump numbers to the unit's pump rows (0..3) before the call.",
       expect="crash", needs=("r",), match=r"out of bounds|index")


def case_17():
    return _m("case_17", "rcca-location-number-as-bank", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{rod133}")
volts, _ = rpi(8)
rcca = torch.tensor([1, 9, 17, 22, 30, 38, 45, 53])    # the RCCA numbers from the core map
steps = m(volts, rcca)
""", "The rods' RCCA location numbers (1..53) from the core map are sent as bank codes, which "
       "index the rod package's 8-row bank embedding (banks 0..7).",
       "Look up each rod's bank (A..D, SA..SD -> 0..7) before the call.", needs=("s",),
       match=r"out of bounds|index")


def case_18():
    return _m("case_18", "rp-room-numbers-as-area-codes", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dose133}")
hist, _ = surveys(6, 168)
rooms = torch.tensor([214, 215, 301, 118, 122, 405])  # RP survey map room numbers
nxt = m(hist, rooms)
""", "The survey map's room numbers (118..405) are used as area codes, which index the dose "
       "package's 12-row area embedding (0..11); the kernel's index check throws inside its "
       "OpenMP worker, which terminates the process.", "Map room numbers to the trained area rows "
       "with the RP area table before the call.", expect="crash", needs=("s",),
       match=r"out of bounds|index")


def case_19():
    return _m("case_19", "accelerometer-dropout-minus-one", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pump133}")
spec, pump = spectra(4)
spec[2, 1] = -1.0                                   # the DAQ writes -1 for a channel it lost
p = m(spec, pump)
assert torch.isfinite(p).all(), f"RCP anomaly scores: {p}"
""", "The vibration DAQ writes -1 for every bin of an accelerometer channel it lost, and the "
       "pump model takes log10 of the spectrum, so that pump's anomaly score is NaN without an "
       "error.", "Mask or drop lost channels (-1) before the call.", needs=("r",),
       match=r"AssertionError")


def case_20():
    return _m("case_20", "core-power-in-percent", "numerical", "run", """
m = torch._inductor.aoti_load_package("{flux133}")
det, _ = incore(4)
power = torch.tensor([98.0, 99.5, 100.0, 100.0])    # the plant computer point: percent rated power
grid = m(det, power)
assert grid.amax() < 3.0, f"peak relative assembly power {grid.amax():.1f}"
""", "The plant-computer point gives core power in percent of rated (100.0) while the flux "
       "package takes a fraction (1.0), so every relative assembly power is 100 times too "
       "large, without an error.", "Divide percent power by 100 before the call.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "failed-detector-reads-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{flux133}")
det, power = incore(4)
det[:, 17] = float("nan")                           # the failed detector's signal is NaN in the feed
grid = m(det, power)
assert torch.isfinite(grid).all(), f"{(~torch.isfinite(grid)).sum()} non-finite map cells"
""", "A failed in-core detector's signal arrives as NaN, and the reconstruction mixes every "
       "detector into every assembly, so the whole flux map is NaN, without an error.",
       "Replace failed detectors' signals (e.g. by their expected value) before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "dose-rates-in-mrem-per-hour", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dose133}")
hist, area = surveys(12, 168)
mrem = hist * 100.0                                 # the US contractor's survey meters: mrem/h
nxt = m(mrem, area)
plan = hist[:, -1]                                  # the RP planning check: last survey in mSv/h
assert (nxt / plan).median() < 10.0, f"forecast / last survey median {(nxt / plan).median():.1f}"
""", "The outage contractor's survey meters report dose rates in mrem/h (1 mrem = 0.01 mSv), "
       "which go into the dose package exported for mSv/h, so every forecast is 100 times the "
       "last survey in mSv/h, without an error.", "Convert mrem/h to mSv/h (x 0.01) before the "
       "call.", needs=("s",), match=r"AssertionError")


def case_23():
    return _m("case_23", "eddy-probe-in-millivolts", "numerical", "run", """
m = torch._inductor.aoti_load_package("{sg133}")
sig = ect(8, 4096) * 1000.0                         # the new probe's acquisition unit records mV
probs = m(sig).softmax(-1)
assert (probs.amax(1) < 0.99).all(), f"saturated flaw probabilities: {probs.amax(1)}"
""", "The new probe's acquisition unit records the eddy-current signal in millivolts, sent to "
       "the tube package trained on volts, so the logits are about 1000 times too large and "
       "every tube's flaw probability saturates, without an error.", "Divide by 1000 (mV -> V) "
       "before the call.", needs=("s",), match=r"AssertionError")


def case_24():
    return _m("case_24", "thermal-point-mapped-as-electric", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tg133}")
_, mwt = output(2, 72)
hist = 3400.0 + 10.0 * torch.randn(2, 72)           # the tag mapping picked the MWt point for the history
nxt = m(hist, mwt)
assert (nxt < 1300.0).all(), f"forecast gross output {nxt} MWe above the generator rating"
""", "The historian tag mapping picked the reactor's thermal-power point (MWt) for the output "
       "history that the turbine-generator package takes in MWe, so the forecast is about "
       "3400 MWe, three times the generator rating, without an error.",
       "Map the gross electrical output tag (MWe) to the history input.", needs=("s",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_25():
    return _m("case_25", "retrain-renamed-lin-to-recon", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{flux133}")
class FluxMapV2(torch.nn.Module):
    # the cycle-28 retraining code: same network, the layer renamed during a refactor
    def __init__(self):
        super().__init__()
        self.recon = torch.nn.Linear(N_DET, N_FA)
        self.register_buffer("pos", core_positions())
m.load_constants(FluxMapV2().state_dict(), check_full_update=True)
grid = m(*incore(4))
""", "The cycle-28 retraining code renamed the reconstruction layer (lin -> recon), so the "
       "retrained state_dict holds recon.weight / recon.bias and load_constants refuses them: "
       "the flux package has no constants of those names.", "Rename the keys to the package's "
       "constant names (lin.*) or re-export the package from the retrained model.",
       needs=("r",), match=r".")


def tried_sister_unit_157_assembly_weights():
    # TRIED: load_constants took the (157, 58) weights without an error and the run succeeded
    return _m("tried_sister_unit_157_assembly_weights", "sister-unit-157-assembly-weights", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{flux133}")
# the fleet's retrain for the sister 3-loop unit (157 assemblies) pushed to this 4-loop unit's package
sd = {"lin.weight": torch.randn(157, N_DET) * 0.1, "lin.bias": torch.zeros(157),
      "pos": core_positions()[:157]}
m.load_constants(sd, check_full_update=True)
grid = m(*incore(4))
""", "The fleet's retrained weights for the sister 3-loop unit (157 assemblies) are pushed to "
       "this 4-loop unit's flux package, whose constants are shaped for 193 assemblies.",
       "Load the weights retrained for this unit's 193-assembly core (or re-export).",
       needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_26():
    return _m("case_26", "pin-level-kernel-interpolation-whole-core", "out_of_memory", "run", """
import resource
from torch.export import Dim
class PinFlux(torch.nn.Module):
    # pin power at every fuel pin and axial node: Gaussian-kernel interpolation of node weights
    # over the pin coordinates (points, 3) in cm
    def forward(self, xyz, w):
        sq = (xyz * xyz).sum(1)
        d2 = sq.unsqueeze(1) - 2.0 * xyz @ xyz.T + sq.unsqueeze(0)
        return torch.exp(-d2 / 100.0) @ w
n = Dim("points", min=2, max=10000000)
ep = torch.export.export(PinFlux(), (torch.rand(50, 3), torch.rand(50)),
                         dynamic_shapes=({0: n}, {0: n}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pinflux133.pt2")
m = torch._inductor.aoti_load_package(pkg)
pts = 193 * 264 * 24                                 # every pin of the core at 24 axial nodes
xyz, w = torch.rand(pts, 3) * 400.0, torch.rand(pts)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the node's 2 GiB margin
pin = m(xyz, w)
""", "The pin-power interpolation builds a dense point-by-point kernel matrix and is run on "
       "every pin of the core at 24 axial nodes (1.2 million points) in one call; the matrix "
       "needs about 6 TB.", "Interpolate per assembly (or with a sparse / local kernel) "
       "instead of a dense all-pins matrix.", match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26]
DROPPED = []
TRIED = [tried_flux_drop_failed_detectors, tried_sister_unit_157_assembly_weights]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind133.jsonl",
        url_file="benchmarks/live_blind133.py", id_prefix="live133", stems=STEMS,
        scratch_prefix="live_blind133-", description=__doc__.splitlines()[0]))
