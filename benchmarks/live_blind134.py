"""A hundred-and-thirty-fourth blind set of REAL AOTInductor failures (port and container shipping models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind134.py [--out benchmarks/live_blind134.jsonl] [--keep]

Theme: ports and container shipping (a vessel ETA regressor to the pilot station from AIS tracks
with lat/lon in degrees, speed over ground in knots and heading in degrees and a per-terminal
embedding, a container dwell-time forecaster over yard features with a container-type embedding,
a reefer (refrigerated container) anomaly scorer over supply-air temperature logs against the set
point, a berth / crane planner giving crane-hours and a berth-fit score per vessel call from
per-berth draft, length and crane-productivity tables, a customs risk scorer over cargo manifest
lines with an HS-chapter table, and a yard stacking slot scorer with block and bay embeddings),
exported, compiled, loaded and run as a port-operations / terminal data scientist would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py
.. live_blind133.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
import math
PORT_LAT, PORT_LON = 53.90, 8.60     # the pilot station of the port of call (degrees)
N_TERM = 6      # container terminals of the port (rows 0..5)

class Eta(torch.nn.Module):
    # hours to the pilot station per vessel from its AIS track (vessels, reports, 4): lat, lon in
    # degrees, speed over ground in knots, true heading in degrees; and its terminal row (vessels,)
    def __init__(self):
        super().__init__()
        self.term = torch.nn.Embedding(N_TERM, 4)
        self.lin = torch.nn.Linear(4 + 4, 1)
    def forward(self, track, term):
        lat, lon, sog, hdg = track[:, -1, 0], track[:, -1, 1], track[:, :, 2], track[:, -1, 3]
        dlat = (PORT_LAT - lat) * 60.0
        dlon = (PORT_LON - lon) * 60.0 * torch.cos(torch.deg2rad(lat))
        dist = torch.sqrt(dlat * dlat + dlon * dlon)                 # nautical miles to go
        v = sog[:, -6:].mean(1).clamp(min=0.5)                      # knots
        h = torch.deg2rad(hdg)
        f = torch.stack([dist / 100.0, v / 20.0, torch.sin(h), torch.cos(h)], 1)
        corr = torch.tanh(self.lin(torch.cat([f, self.term(term)], 1))).squeeze(-1)
        return dist / v * (1.0 + 0.05 * corr)

N_CTYPE = 5     # 20GP, 40GP, 40HC, 20RF, 40RF (rows 0..4)

class Dwell(torch.nn.Module):
    # days an import container stays in the yard from its features (containers, 6): TEU (1 or 2),
    # gross weight in t, reefer flag, customs-hold flag, days since discharge, free days left;
    # and its container-type row (containers,) 0..4
    def __init__(self):
        super().__init__()
        self.ctype = torch.nn.Embedding(N_CTYPE, 4)
        self.lin = torch.nn.Linear(6 + 4, 1)
    def forward(self, feat, ctype):
        h = torch.cat([feat, self.ctype(ctype)], 1)
        return 3.0 * torch.nn.functional.softplus(self.lin(h)).squeeze(-1)

class Reefer(torch.nn.Module):
    # anomaly score per reefer container from its supply-air temperature log (reefers, readings)
    # in deg C every 15 minutes and its set point (reefers,) in deg C
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(1, 4, 9)                          # a 2-hour window, no padding
        self.lin = torch.nn.Linear(4 + 1, 1)
    def forward(self, temp, setp):
        dev = temp - setp.unsqueeze(1)
        h = torch.relu(self.c(dev.unsqueeze(1))).mean(2)
        f = torch.cat([h, dev.std(1, keepdim=True)], 1)
        z = (dev.mean(1).abs() - 1.5) * 2.0 + 0.1 * torch.tanh(self.lin(f)).squeeze(-1)
        return torch.sigmoid(z)

N_BERTH = 10    # berths of the terminal (rows 0..9)

class Berth(torch.nn.Module):
    # crane-hours and a berth-fit score per vessel call from (calls, 5): LOA in m, draft in m,
    # container moves (boxes), cranes assigned, arrival hour of day; and the berth row (calls,)
    def __init__(self):
        super().__init__()
        self.register_buffer("max_draft", 12.0 + 4.0 * torch.rand(N_BERTH))
        self.register_buffer("length", 300.0 + 100.0 * torch.rand(N_BERTH))
        self.register_buffer("gmph", 25.0 + 5.0 * torch.rand(N_BERTH))   # gross moves per crane-hour
        self.lin = torch.nn.Linear(2, 1)
    def forward(self, call, berth):
        loa, draft, moves, cranes, hour = call.unbind(1)
        hours = moves / (cranes * self.gmph[berth])
        fit = torch.sigmoid((self.max_draft[berth] - draft) * 2.0) * torch.sigmoid((self.length[berth] - loa) / 10.0)
        shift = torch.stack([torch.sin(hour * math.pi / 12.0), torch.cos(hour * math.pi / 12.0)], 1)
        return torch.stack([hours, fit * torch.sigmoid(self.lin(shift)).squeeze(-1)], 1)

N_CH = 98       # HS chapters 01..97 (row = chapter number; row 0 unused)

def ref_value():
    # the customs reference price table: EUR per kg by HS chapter
    return 2.0 + (torch.arange(N_CH) % 7).float() * 5.0

class Customs(torch.nn.Module):
    # risk score per declaration from its manifest lines: declared value (decl, lines) in EUR per
    # kg and the HS chapter of each line (decl, lines) 1..97
    def __init__(self):
        super().__init__()
        self.ch = torch.nn.Embedding(N_CH, 4)
        self.register_buffer("ref", torch.log1p(ref_value()))
        self.lin = torch.nn.Linear(4 + 1, 1)
    def forward(self, value_kg, ch):
        under = self.ref[ch] - torch.log1p(value_kg)              # under-valuation, log units
        h = torch.cat([self.ch(ch), under.unsqueeze(-1)], -1)
        z = 2.0 * (under - 1.0) + 0.1 * torch.tanh(self.lin(h)).squeeze(-1)
        return torch.sigmoid(z).amax(1)

N_BLOCK, N_BAY = 8, 20    # yard blocks A..H (rows 0..7), 40-ft bays per block (rows 0..19)

class Slot(torch.nn.Module):
    # stacking score of candidate yard slots for incoming containers: container features (n, 3):
    # gross weight in t, days to the vessel's departure, reefer flag; candidate slots (n, k, 3):
    # block row 0..7, 40-ft bay row 0..19, current stack height in tiers 0..5
    def __init__(self):
        super().__init__()
        self.block = torch.nn.Embedding(N_BLOCK, 4)
        self.bay = torch.nn.Embedding(N_BAY, 4)
        self.lin = torch.nn.Linear(3, 4)
    def forward(self, feat, slot):
        q = self.lin(feat).unsqueeze(1)
        e = self.block(slot[..., 0]) + self.bay(slot[..., 1])
        return (q * e).sum(-1) - 0.5 * slot[..., 2].float()

def ais(vessels=4, reports=36):
    t = torch.zeros(vessels, reports, 4)
    k = torch.linspace(0.0, 1.0, reports)
    t[..., 0] = 54.3 + 0.3 * torch.rand(vessels, 1) - 0.2 * k
    t[..., 1] = 7.2 + 0.5 * torch.rand(vessels, 1) + 0.4 * k
    t[..., 2] = 12.0 + 4.0 * torch.rand(vessels, 1) + 0.3 * torch.randn(vessels, reports)
    t[..., 3] = 110.0 + 10.0 * torch.randn(vessels, 1) + torch.randn(vessels, reports)
    return t, torch.arange(vessels) % N_TERM

def yard_in(n=16):
    teu = torch.randint(1, 3, (n,)).float()
    feat = torch.stack([teu, 5.0 + 25.0 * torch.rand(n), (torch.rand(n) < 0.2).float(),
                        (torch.rand(n) < 0.1).float(), 5.0 * torch.rand(n), 7.0 * torch.rand(n)], 1)
    return feat, torch.randint(0, N_CTYPE, (n,))

def reefers(n=8, readings=96):
    setp = torch.tensor([-18.0, -25.0, 2.0, 4.0, 13.0, -18.0, 0.0, -1.0])[torch.arange(n) % 8]
    temp = setp.unsqueeze(1) + 0.4 + 0.3 * torch.randn(n, readings)   # defrost offset, sensor noise
    return temp, setp

def calls(n=6):
    c = torch.stack([200.0 + 200.0 * torch.rand(n), 10.0 + 5.0 * torch.rand(n),
                     (1500.0 + 1500.0 * torch.rand(n)).round(), torch.randint(3, 7, (n,)).float(),
                     torch.randint(0, 24, (n,)).float()], 1)
    return c, torch.randint(0, N_BERTH, (n,))

def manifest(decl=6, lines=12):
    ch = torch.randint(1, N_CH, (decl, lines))
    value = ref_value()[ch] * torch.exp(0.2 * torch.randn(decl, lines))
    return value, ch

def slots(n=8, k=16):
    s = torch.stack([torch.randint(0, N_BLOCK, (n, k)), torch.randint(0, N_BAY, (n, k)),
                     torch.randint(0, 6, (n, k))], -1)
    feat = torch.stack([5.0 + 25.0 * torch.rand(n), 7.0 * torch.rand(n), (torch.rand(n) < 0.2).float()], 1)
    return feat, s
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
v, r = Dim("vessels", min=1, max=128), Dim("reports", min=6, max=720)
build("eta134", Eta().eval(), ais(4, 36), dynamic_shapes=({0: v, 1: r}, {0: v}))
c = Dim("containers", min=1, max=4096)
build("dwell134", Dwell().eval(), yard_in(16), dynamic_shapes=({0: c}, {0: c}))
n, rd = Dim("reefers", min=1, max=512), Dim("readings", min=16, max=2880)
build("reefer134", Reefer().eval(), reefers(8, 96), dynamic_shapes=({0: n, 1: rd}, {0: n}))
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
cl = Dim("calls", min=1, max=64)
build("berth134", Berth().eval(), calls(6), dynamic_shapes=({0: cl}, {0: cl}))
d, l = Dim("declarations", min=1, max=256), Dim("lines", min=2, max=256)
build("customs134", Customs().eval(), manifest(6, 12), dynamic_shapes=({0: d, 1: l}, {0: d, 1: l}))
n, k = Dim("containers", min=1, max=1024), Dim("candidates", min=2, max=64)
build("slot134", Slot().eval(), slots(8, 16), dynamic_shapes=({0: n}, {0: n, 1: k}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"eta134", "dwell134", "reefer134", "berth134", "customs134", "slot134", "assign134"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "heading-math-radians-in-forward", "export_failure", "export", """
from torch.export import Dim
class EtaRadians(Eta):
    # the heading feature, rewritten by the new team member with the math module
    def forward(self, track, term):
        lat, lon, sog = track[:, -1, 0], track[:, -1, 1], track[:, :, 2]
        dlat = (PORT_LAT - lat) * 60.0
        dlon = (PORT_LON - lon) * 60.0 * torch.cos(torch.deg2rad(lat))
        dist = torch.sqrt(dlat * dlat + dlon * dlon)
        v = sog[:, -6:].mean(1).clamp(min=0.5)
        h = math.radians(track[:, -1, 3])
        f = torch.stack([dist / 100.0, v / 20.0, torch.sin(h), torch.cos(h)], 1)
        corr = torch.tanh(self.lin(torch.cat([f, self.term(term)], 1))).squeeze(-1)
        return dist / v * (1.0 + 0.05 * corr)
v, r = Dim("vessels", min=1, max=128), Dim("reports", min=6, max=720)
ep = torch.export.export(EtaRadians().eval(), ais(4, 36), dynamic_shapes=({0: v, 1: r}, {0: v}))
""", "The ETA model converts the AIS heading from degrees to radians with math.radians on the "
       "heading tensor, which needs a Python float (one concrete value) while torch.export "
       "traces a batch of symbolic values.", "Use torch.deg2rad (or multiply by math.pi / 180) "
       "on the tensor.", match=r".")


def case_02():
    return _m("case_02", "sanctioned-hs-chapters-python-set", "export_failure", "export", """
SANCTIONED = {93, 71}     # arms and ammunition; precious stones and metals: always inspect
class CustomsSanction(Customs):
    def forward(self, value_kg, ch):
        r = super().forward(value_kg, ch)
        hit = torch.tensor([[c in SANCTIONED for c in row] for row in ch.tolist()])
        return torch.where(hit.any(1), torch.ones_like(r), r)
ep = torch.export.export(CustomsSanction().eval(), manifest(6, 12))
""", "The customs scorer forces inspection of sanctioned HS chapters by testing each line's "
       "chapter against a Python set over ch.tolist(), which needs the chapter values, data "
       "that torch.export does not have while tracing (the symbolic ints it gets cannot be "
       "hashed for the set lookup).", "Keep the sanctioned chapters as a "
       "0/1 buffer indexed by the chapter tensor (self.sanctioned[ch]).", match=r".")


def case_03():
    return _m("case_03", "customs-hold-minimum-dwell-python-if", "export_failure", "export", """
from torch.export import Dim
class DwellHold(Dwell):
    # containers on customs hold stay at least 14 days: the rule from the yard planners
    def forward(self, feat, ctype):
        d = super().forward(feat, ctype)
        if feat[:, 3].sum() > 0:
            d = torch.maximum(d, 14.0 * feat[:, 3])
        return d
c = Dim("containers", min=1, max=4096)
ep = torch.export.export(DwellHold().eval(), yard_in(16), dynamic_shapes=({0: c}, {0: c}))
""", "The dwell forecaster applies the 14-day customs-hold minimum only when some container is "
       "on hold, a Python if on the sum of the hold-flag column, control flow on tensor data "
       "that torch.export cannot trace.", "Apply the minimum unconditionally with "
       "torch.maximum(d, 14 * hold) (it is a no-op without holds).", match=r".")


def case_04():
    return _m("case_04", "reefer-plugged-in-one-hour-min-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
n = Dim("reefers", min=1, max=512)
rd = Dim("readings", min=4, max=2880)     # score reefers from their first hour on the yard plug
ep = torch.export.export(Reefer().eval(), reefers(8, 96), dynamic_shapes=({0: n, 1: rd}, {0: n}))
""", "The readings Dim is declared with min=4 so that reefers plugged in for one hour (four "
       "15-minute readings) can be scored, but the reefer model's convolution spans 9 readings "
       "without padding, so export refuses the declared range.", "Declare min=9 or more (or "
       "pad short logs) to match the convolution window.", match=r".")


def case_05():
    return _m("case_05", "manifest-lines-and-codes-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
d = Dim("declarations", min=1, max=256)
lines, codes = Dim("lines", min=2, max=256), Dim("codes", min=2, max=256)
# the values come from the manifest lines table, the HS codes from the tariff lookup table
ep = torch.export.export(Customs().eval(), manifest(6, 12),
                         dynamic_shapes=({0: d, 1: lines}, {0: d, 1: codes}))
""", "The declared values and the HS chapters get two independent Dims for their line axis "
       "(lines, codes), but the customs model combines them element by element, so the two "
       "must be equal and export refuses the specification.", "Use one Dim object for the "
       "line axis of both inputs.", match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_06():
    return _m("case_06", "tos-features-integer-columns-int64", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dwell134}")
# the terminal operating system's export: TEU, weight (t), reefer, hold, days, free days, all integers
rows = [[2, 24, 0, 0, 3, 4], [1, 18, 1, 0, 1, 6], [2, 27, 0, 1, 5, 0], [1, 9, 0, 0, 2, 5]]
feat = torch.tensor(rows)
days = m(feat, torch.tensor([2, 3, 1, 0]))
""", "The terminal operating system's export holds TEU counts, rounded weights, flags and days "
       "as integers, so torch.tensor builds an int64 feature tensor, while the dwell package "
       "was exported for float32 features.", "Build the features with dtype=torch.float32 (or "
       ".float()) before the call.", needs=("r",), env=CHECK, match=r"dtype|Long|Float|int64")


def case_07():
    return _m("case_07", "solas-vgm-column-appended", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dwell134}")
feat, ctype = yard_in(16)
vgm = feat[:, 1:2] + 0.3 * torch.randn(16, 1)       # SOLAS verified gross mass, added to the feed
days = m(torch.cat([feat, vgm], 1), ctype)
""", "The feature feed appends the SOLAS verified gross mass as a seventh column, sent as is, "
       "while the dwell package was exported for six feature columns.", "Drop the VGM column "
       "(or retrain and re-export with it) before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_08():
    return _m("case_08", "berth-call-tide-window-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{berth134}")
call, berth = calls(6)
tide = 2.0 + 4.0 * torch.rand(6, 1)                 # the harbour master's tidal window (h), new column
plan = m(torch.cat([call, tide], 1), berth)
""", "The berth planner's call table gains the harbour master's tidal-window column, so six "
       "columns are sent to the berth package exported for five.", "Select the five exported "
       "columns (LOA, draft, moves, cranes, hour) before the call.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_09():
    return _m("case_09", "reefer-setpoint-python-float", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{reefer134}")
temp, _ = reefers(8, 96)
score = m(temp, -18.0)                              # the whole frozen-fish block is set to -18 C
""", "The set point of a block of frozen-cargo reefers is passed as one Python float (-18.0), "
       "while the reefer package takes a (reefers,) tensor of set points, so only one tensor "
       "input reaches the runtime.", "Pass "
       "torch.full((n,), -18.0) (one set point per reefer).", needs=("r",), env=CHECK,
       match=r".")


def case_10():
    return _m("case_10", "hs-chapters-float-from-csv", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{customs134}")
value, ch = manifest(6, 12)
ch_csv = ch.float()                                 # the manifest CSV parser reads every column as float
risk = m(value, ch_csv)
""", "The manifest CSV parser reads the HS chapter column as floats, which go into the customs "
       "package exported for int64 chapter indices.", "Convert the chapters with .long() "
       "before the call.", needs=("s",), env=CHECK, match=r"dtype|Long|Float|int64")


# -------------------------------------------------------------------- run: dynamic dims
def case_11():
    return _m("case_11", "reefer-log-whole-60-day-voyage", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{reefer134}")
temp, setp = reefers(8, 60 * 96)                    # the whole Asia-Europe voyage, 15-min readings
score = m(temp, setp)
""", "The reefer logs of a whole 60-day voyage (5760 readings) are scored in one call, above "
       "the longest log the reefer package accepts (the readings Dim was declared with "
       "max=2880).", "Score the last 30 days (or windows of at most 2880 readings).",
       needs=("r",), env=CHECK, match=r"too large|range|bound")


def case_12():
    return _m("case_12", "consolidated-lcl-manifest-600-lines", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{customs134}")
value, ch = manifest(2, 600)                        # forwarders' consolidated (LCL) declarations
risk = m(value, ch)
""", "Consolidated LCL declarations from freight forwarders carry 600 manifest lines each, "
       "above the most lines the customs package accepts (the lines Dim was declared with "
       "max=256).", "Split consolidated declarations into house bills (or chunks of at most "
       "256 lines) before scoring.", needs=("s",), env=CHECK, match=r"too large|range|bound")


def case_13():
    return _m("case_13", "whole-vessel-discharge-list", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dwell134}")
feat, ctype = yard_in(14000)                        # the whole discharge list of an ULCV call
days = m(feat, ctype)
""", "The whole discharge list of an ultra-large container vessel (14000 containers) is sent "
       "in one call, above the batch the dwell package accepts (the containers Dim was "
       "declared with max=4096).", "Forecast in batches of at most 4096 containers.",
       needs=("r",), env=CHECK, match=r"too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_14():
    return _m("case_14", "iso-6346-size-type-as-type-row", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dwell134}")
feat, _ = yard_in(5)
# the ISO 6346 size-type codes (22G1, 42G1, 45G1, 22R1, 45R1): the script keeps the numeric part
ctype = torch.tensor([22, 42, 45, 22, 45])
days = m(feat, ctype)
""", "The containers' ISO 6346 size-type codes (22G1, 45G1, ...) are cut to their numeric "
       "size part (22, 42, 45) and used as container-type rows of the dwell package's 5-row "
       "type embedding (0..4).", "Map size-type codes to the trained type rows (20GP, 40GP, "
       "40HC, 20RF, 40RF -> 0..4) before the call.", needs=("r",),
       match=r"out of bounds|index")


def case_15():
    return _m("case_15", "ais-ship-type-column-as-terminal", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{eta134}")
track, _ = ais(4, 36)
ship_type = torch.tensor([70, 71, 79, 74])          # AIS static data 'ship type' (7x = cargo)
eta = m(track, ship_type)
""", "The feature builder picks the AIS static-data ship-type column (70..79 for cargo ships) "
       "instead of the terminal assignment, so the values index the ETA package's 6-row "
       "terminal embedding (0..5).", "Send the terminal row from the berth plan (0..5) as the "
       "second input.", needs=("r",), match=r"out of bounds|index")


def case_16():
    return _m("case_16", "quay-extension-berths-10-11", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{berth134}")
call, _ = calls(6)
berth = torch.tensor([2, 10, 5, 11, 10, 7])         # the new quay extension opened berths 10 and 11
plan = m(call, berth)
""", "The terminal's quay extension opened berths 10 and 11, which index the berth package's "
       "per-berth draft, length and crane-productivity tables of the 10 berths known at "
       "export (0..9).", "Re-export with the extended berth tables (or plan the new berths "
       "outside the model).", needs=("s",), match=r"out of bounds|index")


def case_17():
    return _m("case_17", "hs-heading-4-digit-as-chapter", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{customs134}")
value, _ = manifest(2, 4)
heading = torch.tensor([[8471, 8517, 6403, 9403], [3004, 8703, 6110, 9503]])   # HS headings
risk = m(value, heading)
""", "The manifest lines carry 4-digit HS headings (8471, 8517, ...), which are sent as "
       "chapters and index the customs package's 98-row chapter table (0..97).",
       "Take the chapter (heading // 100) before the call.", needs=("s",),
       match=r"out of bounds|index")


def case_18():
    return _m("case_18", "tos-odd-20ft-bay-numbers", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{slot134}")
feat, s = slots(8, 16)
# the TOS names yard bays in 20-ft notation: odd numbers 01..39
s[..., 1] = 2 * torch.randint(0, 20, (8, 16)) + 1
score = m(feat, s)
""", "The terminal operating system numbers yard bays in 20-ft notation (odd numbers 1..39), "
       "which are sent as the 40-ft bay rows of the slot package's 20-row bay embedding "
       "(0..19).", "Convert 20-ft bay numbers to 40-ft bay rows ((bay - 1) // 2) before the "
       "call.", needs=("s",), match=r"out of bounds|index")


def case_19():
    return _m("case_19", "sog-in-kmh-from-new-ais-provider", "numerical", "run", """
m = torch._inductor.aoti_load_package("{eta134}")
track, term = ais(4, 36)
kmh = track.clone()
kmh[..., 2] *= 1.852                                # the new AIS data provider's API: SOG in km/h
eta = m(kmh, term)
lat, lon = track[:, -1, 0], track[:, -1, 1]
dist = torch.sqrt(((PORT_LAT - lat) * 60.0) ** 2 + ((PORT_LON - lon) * 60.0 * torch.cos(torch.deg2rad(lat))) ** 2)
plan = dist / track[:, -6:, 2].mean(1)              # the planners' check: distance to go / SOG (knots)
assert ((eta - plan).abs() / plan < 0.2).all(), f"ETA {eta} h vs plan {plan} h"
""", "The new AIS data provider's API gives speed over ground in km/h, which goes into the ETA "
       "package trained on knots, so every ETA is about 1.85 times too short, without an "
       "error.", "Convert km/h to knots (/ 1.852) before the call.", needs=("r",),
       match=r"AssertionError")


def case_20():
    return _m("case_20", "ais-gap-resampled-to-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{eta134}")
track, term = ais(4, 36)
track[1, 28:, 2:] = float("nan")                    # resample('10min').mean(): the coverage gap is NaN
eta = m(track, term)
assert torch.isfinite(eta).all(), f"ETA {eta} h"
""", "Resampling the AIS track to a 10-minute grid leaves NaN speed and heading in the vessel's "
       "coverage gap, and the ETA package averages the last reports' speeds, so that vessel's "
       "ETA is NaN, without an error.", "Interpolate or forward-fill the gap (or drop the "
       "empty slots) before the call.", needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "reefer-temps-in-tenths-from-rcd", "numerical", "run", """
m = torch._inductor.aoti_load_package("{reefer134}")
temp, setp = reefers(8, 96)
raw = (temp * 10.0).round()                         # the remote container device reports tenths of deg C
score = m(raw, setp)
assert (score < 0.5).all(), f"healthy reefers flagged: {score}"
""", "The remote container devices report supply-air temperature in tenths of a degree (-176 "
       "for -17.6 C), sent against set points in deg C, so every healthy reefer gets an "
       "anomaly score near 1, without an error.", "Divide the readings by 10 before the "
       "call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "moves-in-teu-not-boxes", "numerical", "run", """
m = torch._inductor.aoti_load_package("{berth134}")
# the stowage plan's exchange: 2400 boxes = 3840 TEU, 4 cranes; the plan sends the TEU figure
call = torch.tensor([[366.0, 14.5, 3840.0, 4.0, 6.0]])
hours = m(call, torch.tensor([3]))[:, 0]
assert (hours < 26.0).all(), f"crane-hours {hours} for a 2400-box exchange with 4 cranes"
""", "The call's container moves are taken from the stowage plan in TEU (3840) instead of "
       "boxes (2400), so the berth package's crane-hours are 1.6 times too long for the "
       "window the planners expect, without an error.", "Send moves in boxes (count 40-ft "
       "units once) as the package expects.", needs=("s",), match=r"AssertionError")


def case_23():
    return _m("case_23", "crane-split-not-planned-zero-cranes", "numerical", "run", """
m = torch._inductor.aoti_load_package("{berth134}")
call, berth = calls(6)
call[2, 3] = 0.0                                    # the crane split for this call is not planned yet
plan = m(call, berth)
assert torch.isfinite(plan).all(), f"crane-hours {plan[:, 0]}"
""", "A call whose crane split is not planned yet has 0 cranes assigned, and the berth package "
       "divides the moves by cranes times productivity, so its crane-hours are inf, without "
       "an error.", "Leave unplanned calls out (or use the berth's default crane count) "
       "before the call.", needs=("s",), match=r"AssertionError")


def case_24():
    return _m("case_24", "declared-values-in-euro-cents", "numerical", "run", """
m = torch._inductor.aoti_load_package("{customs134}")
value, ch = manifest(6, 12)
ch[4, 7] = 85                                       # electrical machinery (reference 7 EUR/kg)
value[4, 7] = ref_value()[85] / 20.0                # an under-valued line: 1/20 of the reference
cents = value * 100.0                               # the new broker interface sends euro cents
risk = m(cents, ch)
assert risk[4] > 0.5, f"under-valued declaration scored {risk[4]:.3f}"
""", "The new customs-broker interface sends declared values in euro cents, which go into the "
       "customs package built for euros per kg, so every line looks 100 times over-valued and "
       "the under-valued declaration is not flagged, without an error.", "Divide cents by 100 "
       "before the call.", needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_25():
    return _m("case_25", "retrain-saves-moduledict-of-heads", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{dwell134}")
# the weekly retrain keeps all the port's heads in one ModuleDict and saves its state_dict
heads = torch.nn.ModuleDict({"dwell": Dwell(), "eta": Eta()})
m.load_constants(heads.state_dict(), check_full_update=True)
days = m(*yard_in(16))
""", "The weekly retrain keeps all the port's models in one nn.ModuleDict, so its state_dict "
       "names the weights dwell.ctype.weight, dwell.lin.*, eta.term.weight, eta.lin.*, and "
       "load_constants refuses the first name the dwell package does not have (its constants "
       "are ctype.weight, lin.*).",
       "Load the dwell sub-module's own state_dict (heads['dwell'].state_dict()).",
       needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_26():
    return _m("case_26", "dense-container-by-slot-cost-whole-year", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Assign(torch.nn.Module):
    # cost of every (container, yard slot) pair: weighted L1 distance of their features
    def forward(self, box, slot):
        return (box.unsqueeze(1) - slot.unsqueeze(0)).abs().sum(-1)
n, s = Dim("containers", min=2, max=10000000), Dim("slots", min=2, max=100000)
ep = torch.export.export(Assign(), (torch.rand(50, 4), torch.rand(40, 4)),
                         dynamic_shapes=({0: n}, {0: s}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/assign134.pt2")
m = torch._inductor.aoti_load_package(pkg)
box, slot = torch.rand(1500000, 4), torch.rand(9600, 4)    # a year's gate-ins x every ground slot
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the planning VM's 2 GiB margin
cost = m(box, slot)
""", "The slot assignment builds a dense container-by-slot cost matrix and is run on a whole "
       "year's gate-ins (1.5 million containers) against all 9600 ground slots in one call; "
       "the matrix needs about 58 GB.", "Assign per vessel / per day (or with a sparse "
       "candidate list per container) instead of a dense all-pairs matrix.",
       match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind134.jsonl",
        url_file="benchmarks/live_blind134.py", id_prefix="live134", stems=STEMS,
        scratch_prefix="live_blind134-", description=__doc__.splitlines()[0]))
