"""A hundred-and-fifty-third blind set of REAL AOTInductor failures (lighthouses, buoys and coastal navigation aids), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind153.py [--out benchmarks/live_blind153.jsonl] [--keep]

Theme: lighthouses, maritime buoys and coastal navigation aids (a wave-buoy swell model giving
the wave power flux and the swell height heading into the harbour entrance from 10-minute
records of significant wave height, peak period, mean wave direction and wind speed, with a
per-buoy site gain and a 36-sector direction exposure table; a lamp and battery health model for
unmanned lighthouses; a solar charge forecaster for the buoys' batteries; a fog detector on
harbour camera frames; an AIS model scoring vessels closing on an aid to navigation; a tide-gauge
gap filler; a wavelength custom op for the swell model), exported, compiled, loaded and run as an
aids-to-navigation authority's engineers would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind151.py (their TRIED
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
DATA = """
BUOYS = 8         # the district's wave buoys, 0..7
SECTORS = 36      # 10-degree wave-direction sectors, 0..35 (direction the waves come from)
STATIONS = 12     # unmanned lighthouses of the district, 0..11
LAMPS = ["LED", "halogen", "metal halide"]
AIDS = 20         # aids to navigation watched by the AIS model, 0..19
ENTRANCE = 225.0  # the harbour entrance faces waves from the south-west (degrees)

def exposure():
    # exposure of the entrance to waves from each 10-degree sector (centre 10 k + 5 degrees)
    c = torch.arange(SECTORS, dtype=torch.float32) * 10.0 + 5.0
    return 0.5 + 0.5 * torch.cos((c - ENTRANCE) * math.pi / 180.0)

def gains():
    # per-buoy site gain of the swell reaching the entrance
    return torch.tensor([1.0, 0.95, 1.1, 1.05, 0.9, 1.0, 1.2, 0.85])

def seas(n=4, t=72):
    # 10-minute buoy records (n, t, 4): Hs in m, Tp in s, mean wave direction in degrees
    # (coming from, 0..360), wind speed in m/s; buoy (n,) 0..7
    hs = 0.5 + 3.0 * torch.rand(n, t)
    tp = 5.0 + 10.0 * torch.rand(n, t)
    d = 359.0 * torch.rand(n, t)
    wind = 15.0 * torch.rand(n, t)
    return torch.stack([hs, tp, d, wind], -1), torch.randint(0, BUOYS, (n,))

def lamps(n=8):
    # lighthouse telemetry (n, 6): battery bank V (12 V), lamp current A, charge cycles / 100,
    # lantern-room temperature C, lamp hours / 1000, days since the last service / 100;
    # lamp type (n,) 0..2; station (n,) 0..11
    f = torch.stack([12.2 + 1.4 * torch.rand(n), 0.5 + 1.5 * torch.rand(n), 15.0 * torch.rand(n),
                     -5.0 + 40.0 * torch.rand(n), 30.0 * torch.rand(n), 3.65 * torch.rand(n)], -1)
    return f, torch.randint(0, 3, (n,)), torch.randint(0, STATIONS, (n,))

def sun(n=4, t=48):
    # hourly irradiance on the buoy's panels (n, t) in W/m2 and panel temperature (n, t) in C
    h = torch.arange(t, dtype=torch.float32) % 24
    day = torch.sin(math.pi * (h - 6.0) / 12.0).clamp(min=0)
    irr = 800.0 * day * (0.6 + 0.4 * torch.rand(n, t))
    return irr, 10.0 + 0.03 * irr + 3.0 * torch.rand(n, t)

def frames(n=4):
    # harbour camera frames (n, 3, 64, 64), RGB scaled to 0..1
    return torch.rand(n, 3, 64, 64)

def aid_positions():
    g = torch.Generator().manual_seed(153)
    return torch.stack([50.55 + 0.3 * torch.rand(AIDS, generator=g),
                        -1.6 + 0.6 * torch.rand(AIDS, generator=g)], -1)

def tracks(n=4, t=60):
    # AIS tracks (n, t, 4) near the aid: lat deg, lon deg, speed over ground kn, course deg;
    # aid (n,) 0..19
    aid = torch.randint(0, AIDS, (n,))
    p = aid_positions()[aid]
    lat = p[:, :1] + 0.02 * torch.randn(n, 1) + 0.0005 * torch.randn(n, t).cumsum(1)
    lon = p[:, 1:] + 0.03 * torch.randn(n, 1) + 0.0008 * torch.randn(n, t).cumsum(1)
    return torch.stack([lat, lon, 15.0 * torch.rand(n, t), 360.0 * torch.rand(n, t)], -1), aid

def tides(n=3, t=480):
    # 6-minute tide-gauge levels (n, t) in m above chart datum and mask (n, t): 1.0 = observed
    k = torch.arange(t, dtype=torch.float32)
    level = 2.0 + 1.5 * torch.sin(2 * math.pi * k / 124.2 + torch.rand(n, 1) * 6.0)
    mask = (torch.rand(n, t) > 0.1).float()
    return level + 0.02 * torch.randn(n, t), mask
"""

MODELS = """
class Swell(torch.nn.Module):
    # buoy records (n, t, 4), buoy (n,) -> (n, t, 2): wave power flux in kW/m (0.49 Hs^2 Te,
    # Te = 0.9 Tp) and the swell height heading into the harbour entrance in m
    def __init__(self):
        super().__init__()
        self.gain = torch.nn.Embedding(BUOYS, 1)
        self.sector = torch.nn.Embedding(SECTORS, 1)
        with torch.no_grad():
            self.gain.weight.copy_(gains()[:, None])
            self.sector.weight.copy_(exposure()[:, None])
    def forward(self, x, buoy):
        hs, tp, d, wind = x.unbind(-1)
        power = 0.49 * hs ** 2 * 0.9 * tp
        sec = (d / 10.0).long()
        toward = torch.cos((d - ENTRANCE) * math.pi / 180.0).clamp(min=0)
        entrance = hs * toward * self.sector(sec).squeeze(-1) * self.gain(buoy)
        return torch.stack([power, entrance], -1)

class LampHealth(torch.nn.Module):
    # telemetry (n, 6), lamp type (n,) 0..2, station (n,) 0..11 -> (n,) 30-day failure probability
    def __init__(self):
        super().__init__()
        self.lamp = torch.nn.Embedding(len(LAMPS), 4)
        self.station = torch.nn.Embedding(STATIONS, 4)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(14, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
    def forward(self, feats, lamp, station):
        h = torch.cat([(feats - 6.0) / 6.0, self.lamp(lamp), self.station(station)], -1)
        return torch.sigmoid(self.mlp(h)).squeeze(-1)

class SolarCharge(torch.nn.Module):
    # irradiance (n, t) W/m2, panel temperature (n, t) C, hourly -> (n,) charge into the 12 V bank
    # in Ah: 0.5 m2 of panel at 16 %, -0.4 %/K above 25 C, MPPT 95 %
    def forward(self, irr, temp):
        p = irr * 0.5 * 0.16 * (1.0 - 0.004 * (temp - 25.0)) * 0.95
        return p.sum(1) / 12.0

class FogNet(torch.nn.Module):
    # camera frames (n, 3, 64, 64) -> (n,) fog probability
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, stride=2)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2)
        self.head = torch.nn.Linear(16, 1)
    def features(self, x):
        return torch.relu(self.c2(torch.relu(self.c1(x))))
    def forward(self, x):
        return torch.sigmoid(self.head(self.features(x).mean((2, 3)))).squeeze(-1)

class AidWatch(torch.nn.Module):
    # AIS tracks (n, t, 4), aid (n,) 0..19 -> (n, t, 2): distance to the aid's charted position
    # in nautical miles and a closing score (closing speed in kn over the distance, 1/h)
    def __init__(self):
        super().__init__()
        self.register_buffer("pos", aid_positions())
    def forward(self, track, aid):
        lat, lon, sog, cog = track.unbind(-1)
        p = torch.nn.functional.embedding(aid, self.pos)
        alat, alon = p[:, :1], p[:, 1:]
        dn = (lat - alat) * 60.0
        de = (lon - alon) * 60.0 * torch.cos(alat * math.pi / 180.0)
        dist = torch.sqrt(dn * dn + de * de)
        brg = torch.atan2(-de, -dn)
        closing = sog * torch.cos(cog * math.pi / 180.0 - brg)
        return torch.stack([dist, closing.clamp(min=0) / (dist + 0.05)], -1)

class TideFill(torch.nn.Module):
    # levels (n, t) m, mask (n, t) 1.0 = observed -> (n, t) gaps filled with the masked
    # 2-hour (21-step) running mean
    def __init__(self):
        super().__init__()
        self.k = torch.nn.Conv1d(1, 1, 21, padding=10, bias=False)
        with torch.no_grad():
            self.k.weight.fill_(1.0 / 21.0)
    def forward(self, level, mask):
        num = self.k((level * mask)[:, None]).squeeze(1)
        den = self.k(mask[:, None]).squeeze(1)
        return mask * level + (1.0 - mask) * num / den.clamp(min=1e-3)
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, r = Dim("buoys", min=1, max=64), Dim("records", min=12, max=432)
build("swell153", Swell().eval(), seas(4, 72), dynamic_shapes=({0: b, 1: r}, {0: b}))
s = Dim("stations", min=1, max=1024)
build("lamp153", LampHealth().eval(), lamps(8), dynamic_shapes=({0: s}, {0: s}, {0: s}))
n, h = Dim("buoys", min=1, max=256), Dim("hours", min=6, max=168)
build("solar153", SolarCharge().eval(), sun(4, 48), dynamic_shapes=({0: n, 1: h}, {0: n, 1: h}))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, math, os, torch
import numpy as np
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("fog153", FogNet().eval(), (frames(4),), dynamic_shapes=({0: Dim("frames", min=1, max=16384)},))
v, r = Dim("vessels", min=1, max=512), Dim("reports", min=8, max=360)
build("ais153", AidWatch().eval(), tracks(4, 60), dynamic_shapes=({0: v, 1: r}, {0: v}))
g, st = Dim("gauges", min=1, max=32), Dim("steps", min=240, max=2400)
build("tide153", TideFill().eval(), tides(3, 480), dynamic_shapes=({0: g, 1: st}, {0: g, 1: st}))
# the lighthouse service's field laptop: the health model built without its weights, which the
# monthly maintenance sync pushes
try:
    s = Dim("stations", min=1, max=1024)
    ep = torch.export.export(LampHealth().eval(), lamps(8), dynamic_shapes=({0: s}, {0: s}, {0: s}))
    paths["lampbare153"] = torch._inductor.aoti_compile_and_package(
        ep, package_path=os.path.join(out, "lampbare153.pt2"),
        inductor_configs={"aot_inductor.package_constants_in_so": False})
except Exception as e:
    print("BUILD FAILED lampbare153", repr(e)[:300], flush=True)
# the wave engineer's wavelength op: solves the linear dispersion relation with numpy
@torch.library.custom_op("buoy153::wavelength", mutates_args=())
def wavelength(tp: torch.Tensor, depth: float) -> torch.Tensor:
    t = tp.numpy().astype(np.float64)
    L = 9.81 * t ** 2 / (2 * np.pi)
    for _ in range(30):
        L = 9.81 * t ** 2 / (2 * np.pi) * np.tanh(2 * np.pi * depth / L)
    return torch.from_numpy(L.astype(np.float32))
@wavelength.register_fake
def _(tp, depth):
    return torch.empty_like(tp)
class Steepness(torch.nn.Module):
    # buoy records (n, t, 4) -> (n, t) wave steepness Hs / L at the buoy's 40 m depth
    def forward(self, x):
        return x[..., 0] / torch.ops.buoy153.wavelength(x[..., 1], 40.0)
build("steep153", Steepness().eval(), (seas(4, 72)[0],),
      dynamic_shapes=({0: Dim("buoys", min=1, max=64), 1: Dim("records", min=12, max=432)},))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"swell153", "lamp153", "solar153", "fog153", "ais153", "tide153", "lampbare153",
         "steep153", "swell_wsl153"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "foghorn-python-if-on-fog-probability", "export_failure", "export", """
class Foghorn(FogNet):
    # the foghorn controller: sound the horn (2 blasts every 30 s) when the cameras see fog
    def forward(self, x):
        p = super().forward(x)
        if p.mean() > 0.5:
            return p, torch.full((1,), 2.0)
        return p, torch.zeros(1)
ep = torch.export.export(Foghorn().eval(), (frames(4),))
""", "The foghorn controller decides in Python (an if on the mean fog probability of the camera "
       "frames) whether to sound the horn, control flow on tensor data that torch.export cannot "
       "trace.", "Return the horn command as a tensor (torch.where on the fog probability) and "
       "act on it after the call.", match=r".")


def case_02():
    return _m("case_02", "h-one-third-from-zero-upcrossing-count", "export_failure", "export", """
class HThird(torch.nn.Module):
    # H1/3 from a heave record: count the zero-upcrossing waves, then average the highest third
    def forward(self, heave):
        up = (heave[:, :-1] < 0) & (heave[:, 1:] >= 0)
        waves = int(up.sum())
        crest = heave.abs().sort(1, descending=True).values
        return 2.0 * crest[:, : waves // 3].mean(1)
heave = 1.5 * torch.sin(torch.arange(2048) * 0.7)[None] + 0.3 * torch.randn(2, 2048)
ep = torch.export.export(HThird().eval(), (heave,))
""", "The H1/3 model turns the number of zero-upcrossing waves counted in the heave record into a "
       "Python int and slices the sorted crests with it, a data-dependent size torch.export "
       "cannot trace.", "Compute H1/3 outside the exported model, or use a fixed fraction of "
       "the samples (or a spectral Hm0 = 4 sqrt(m0)) inside it.", match=r".")


def case_03():
    return _m("case_03", "guard-ring-loop-over-vessels-inside", "export_failure", "export", """
class RingWatch(AidWatch):
    # the aid's 2 nm guard ring: one alert score for each vessel inside the ring at the last report
    def forward(self, track, aid):
        out = super().forward(track, aid)
        inside = torch.nonzero(out[:, -1, 0] < 2.0).squeeze(1)
        alerts = []
        for i in range(len(inside)):
            alerts.append(out[inside[i], :, 1].max())
        return torch.stack(alerts)
ep = torch.export.export(RingWatch().eval(), tracks(4, 60))
""", "The guard-ring watch loops in Python over the vessels inside the aid's 2 nm ring "
       "(len of a nonzero result), a data-dependent count torch.export cannot trace.",
       "Return a per-vessel score masked by the ring test (torch.where) instead of a list of "
       "the vessels inside.", match=r".")


def case_04():
    return _m("case_04", "tide-daily-means-reshape-240-steps", "dynamic_shape_guard", "export", """
from torch.export import Dim
class DailyTide(TideFill):
    # the harbour office also wants daily mean sea level: 240 six-minute steps a day
    def forward(self, level, mask):
        full = super().forward(level, mask)
        return full, full.reshape(full.shape[0], full.shape[1] // 240, 240).mean(-1)
g, st = Dim("gauges", min=1, max=32), Dim("steps", min=240, max=2400)
ep = torch.export.export(DailyTide().eval(), tides(3, 480), dynamic_shapes=({0: g, 1: st}, {0: g, 1: st}))
""", "The daily-mean tide model reshapes the steps into days of 240 six-minute steps, which "
       "holds only for multiples of 240, while the steps Dim was declared as any value in "
       "240..2400, so export refuses the specification.", "Declare the steps as a multiple of "
       "a day (days = Dim('days'); steps = 240 * days) or pad the record to whole days.",
       match=r"steps|Constraints|guard|Mod|240")


def tried_01():
    return _m("tried_01", "fog-flatten-head-any-camera-resolution", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FogFlat(FogNet):
    # the retrained fog head sees the whole 15 x 15 feature map, flattened
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(16 * 15 * 15, 1)
    def forward(self, x):
        return torch.sigmoid(self.head(self.features(x).flatten(1))).squeeze(-1)
n, h, w = Dim("frames", min=1, max=64), Dim("height", min=32, max=1080), Dim("width", min=32, max=1920)
ep = torch.export.export(FogFlat().eval(), (frames(4),), dynamic_shapes=({0: n, 2: h, 3: w},))
""", "The fog model's retrained head flattens the 15 x 15 feature map into a fixed-size Linear, "
       "so the frame height and width, declared dynamic for every camera's resolution, are "
       "specialised to the constant 64.", "Keep the frame size static (64 x 64, resizing the "
       "frames) or pool the feature map before the head.",
       match=r"height|width|specializ|Constraints|64")


# ------------------------------------------------------------------------ run: dynamic dims
def case_05():
    return _d("case_05", "fast-ferry-day-of-2s-ais-reports", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ais153}")
# the two fast ferries' whole day past the breakwater light: class A AIS at 2 s, 43200 reports
tr, aid = tracks(2, 43200)
s = m(tr, aid)
""", "The two fast ferries' whole day of class A AIS reports at 2 s (43200 reports) is sent as "
       "one track each, above the most reports the AIS package accepts (its reports Dim was declared "
       "with max=360).", "Score the track in windows of at most 360 reports (or resample it "
       "to 1 minute).", needs=("s",), env=CHECK, match=r"too large|range|bound|<=")


def case_06():
    return _d("case_06", "week-ahead-quarter-hour-solar-forecast", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{solar153}")
# the new weather feed: a week ahead at 15-minute steps, 672 values per buoy
irr, temp = sun(4, 672)
ah = m(irr, temp)
""", "The new weather feed gives a week ahead at 15-minute steps (672 values per buoy), above "
       "the most hours the solar package accepts (its hours Dim was declared with max=168, a "
       "week of hourly values).", "Average the feed to hourly values before the call (and "
       "divide the charge accordingly).", needs=("r",), env=CHECK,
       match=r"too large|range|bound|<=")


# ------------------------------------------------------------------------ run: inputs
def case_07():
    return _d("case_07", "buoy-refit-adds-sea-temperature-channel", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{swell153}")
x, buoy = seas(4, 72)
# after the spring refit the buoys also report the sea-surface temperature as a fifth channel
x = torch.cat([x, 8.0 + 6.0 * torch.rand(4, 72, 1)], -1)
y = m(x, buoy)
""", "After the spring refit the buoys also report the sea-surface temperature, so the records "
       "arrive with 5 channels while the swell package was exported for 4.", "Drop the new "
       "channel (x[..., :4]) before the call, or re-train with it.", needs=("r",), env=CHECK,
       match=r"dim|size|shape|stride")


def case_08():
    return _d("case_08", "fog-camera-five-frame-bursts", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fog153}")
# the new harbour camera sends a burst of 5 frames per trigger: (bursts, 5, 3, 64, 64)
burst = torch.rand(2, 5, 3, 64, 64)
p = m(burst)
""", "The new harbour camera sends bursts of 5 frames, so the input arrives as (bursts, 5, 3, 64, "
       "64) while the fog package was exported for single frames (frames, 3, 64, 64).",
       "Flatten the bursts (burst.flatten(0, 1)) and average the probabilities per burst.",
       needs=("s",), env=CHECK, match=r"dim|size|shape|rank|stride")


def case_09():
    return _d("case_09", "maintenance-export-without-lamp-type", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lamp153}")
feats, _, station = lamps(8)
# the new maintenance export has no lamp-type column since the LED conversion programme
p = m(feats, station)
""", "Since the LED conversion programme the maintenance export has no lamp-type column, so the "
       "health model is called with two inputs (telemetry, station) while the lamp package takes "
       "three (telemetry, lamp type, station).", "Pass the lamp type (0 for LED) as the second "
       "input.", needs=("r",), env=CHECK, match=r"input|argument|expected|spec|tree")


def case_10():
    return _d("case_10", "single-lighthouse-row-without-batch", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lamp153}")
feats, lamp, station = lamps(8)
# the keeper's phone app checks one lighthouse: its telemetry row (6,) as is
p = m(feats[0], lamp[:1], station[:1])
""", "The keeper's phone app checks one lighthouse and passes its telemetry row as a (6,) "
       "tensor, while the lamp package was exported for a batch (stations, 6).",
       "Add the batch dimension (feats[0][None]) before the call.", needs=("r",), env=CHECK,
       match=r"dim|size|shape|rank|stride")


# -------------------------------------------------------------------- run: indices
def case_11():
    return _d("case_11", "wmo-buoy-numbers-as-buoy-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{swell153}")
x, _ = seas(4, 72)
buoy = torch.tensor([62103, 62107, 62081, 62163])   # the buoys' WMO numbers from the GTS feed
y = m(x, buoy)
""", "The buoys' WMO numbers from the GTS feed (62103, ...) are passed as the buoy ids instead "
       "of 0..7, so they index past the swell package's 8-row site-gain table.", "Map the WMO "
       "numbers to the model's buoy index (a lookup dict) before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_12():
    return _d("case_12", "waves-from-north-reported-as-360", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{swell153}")
x, buoy = seas(4, 72)
# the new buoy firmware reports waves from due north as 360 degrees, not 0
x[1, 20:30, 2] = 360.0
y = m(x, buoy)
""", "The new buoy firmware reports waves from due north as 360 degrees instead of 0, so the "
       "direction sector becomes 36 and indexes past the swell package's 36-row sector exposure "
       "table (0..35).", "Wrap the direction into [0, 360) (d % 360) before the call.",
       needs=("r",), match=r"out of bounds|index|Abort")


def case_13():
    return _d("case_13", "aton-mmsi-as-aid-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ais153}")
tr, _ = tracks(4, 60)
# the aids' own AIS (AtoN) MMSI numbers, taken from the type 21 messages, used as the aid
aid = torch.tensor([992351001, 992351017, 992351023, 992351001])
s = m(tr, aid)
""", "The aids' AtoN MMSI numbers (992351001, ...) from the AIS type 21 messages are passed as "
       "the aid instead of 0..19, so they index past the AIS package's 20-row table of charted "
       "aid positions.", "Map the AtoN MMSI numbers to the model's aid index before the call.",
       needs=("s",), match=r"out of bounds|index|Abort")


def case_14():
    return _d("case_14", "light-list-numbers-as-stations", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lamp153}")
feats, lamp, _ = lamps(4)
# the stations keyed by their numbers in the List of Lights
station = torch.tensor([2310, 2318, 2326, 2334])
p = m(feats, lamp, station)
""", "The lighthouses are keyed by their List of Lights numbers (2310, ...) instead of the "
       "station index 0..11, so they index past the lamp package's 12-row station table.",
       "Map the light-list numbers to the station index before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


# -------------------------------------------------------------------- run: values
def case_15():
    return _d("case_15", "wave-direction-in-radians-new-firmware", "numerical", "run", """
m = torch._inductor.aoti_load_package("{swell153}")
x, buoy = seas(4, 72)
deg = x[..., 2].clone()
x[..., 2] = torch.deg2rad(deg)           # the replacement buoy's processor outputs radians
y = m(x, buoy)
# the harbour master's hand check of the swell into the entrance, in degrees
ref = x[..., 0] * torch.cos((deg - ENTRANCE) * math.pi / 180.0).clamp(min=0) \\
      * exposure()[(deg / 10.0).long()] * gains()[buoy][:, None]
assert (y[..., 1] - ref).abs().max() < 0.05, f"entrance swell m: {y[0, :4, 1]} vs {ref[0, :4]}"
""", "The replacement buoy's processor reports the mean wave direction in radians (0..6.3) while "
       "the swell model expects degrees, so every record looks like waves from the north and "
       "the swell into the entrance comes out as zero, without an error.", "Convert the "
       "direction to degrees (torch.rad2deg) before the call.", needs=("r",),
       match=r"AssertionError")


def case_16():
    return _d("case_16", "ndbc-missing-hs-99-as-wave-height", "numerical", "run", """
m = torch._inductor.aoti_load_package("{swell153}")
x, buoy = seas(4, 72)
x[1, 30:36, 0] = 99.0                    # the NDBC-format file's missing-value code for WVHT
y = m(x, buoy)
assert (y[..., 0] < 1000.0).all(), f"wave power kW/m: {y[..., 0].max()}"
""", "The NDBC-format file codes a missing significant wave height as 99.00 and these records "
       "are fed as real heights, so the wave power flux of that buoy comes out in the tens of "
       "MW per metre, without an error.", "Mask the 99.00 (and 999) missing-value codes "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_17():
    return _d("case_17", "raw-ais-position-in-ten-thousandths-minute", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ais153}")
tr, aid = tracks(4, 60)
# the in-house decoder keeps the raw AIS position fields: 1/10000 minute units
tr[..., :2] = (tr[..., :2] * 600000.0).round()
s = m(tr, aid)
assert (s[..., 0] < 20.0).all(), f"distance to the aid nm: {s[..., 0].max()}"
""", "The in-house AIS decoder keeps the raw position fields in 1/10000 minute units "
       "(degrees x 600000), so the vessels, all selected within a few miles of the aid, come "
       "out millions of nautical miles away, without an error.", "Divide the raw latitude and "
       "longitude by 600000 before the call.", needs=("s",), match=r"AssertionError")


def case_18():
    return _d("case_18", "tide-portal-qc-flags-as-mask", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tide153}")
level, mask = tides(3, 480)
# the data portal's export: flagged rows hold 0.0 and a QC flag column, 1 = flagged
qc = 1.0 - mask
level = level * mask
full = m(level, qc)
assert ((full - level).abs() * mask).max() < 0.05, f"observed levels changed: {full[0, :4]} vs {level[0, :4]}"
""", "The data portal's QC flag column (1 = flagged) is passed as the gap-filler's mask, whose "
       "1 means observed, so the observed levels are replaced by running means of the zeroed "
       "flagged rows, without an error.", "Pass 1 - qc (1 = observed) as the mask.",
       needs=("s",), match=r"AssertionError")


def case_19():
    return _d("case_19", "satellite-irradiance-daily-kwh-per-m2", "numerical", "run", """
m = torch._inductor.aoti_load_package("{solar153}")
_, temp = sun(4, 48)
# the satellite product's daily insolation in kWh/m2/day, repeated for each hour of the day
daily = 3.0 + 3.0 * torch.rand(4, 2)
irr = daily.repeat_interleave(24, 1)
ah = m(irr, temp)
assert (ah > 10.0).all(), f"two-day charge Ah: {ah}"    # the lamp draws about 5 Ah a night
""", "The satellite product's daily insolation in kWh/m2/day (3..6) is repeated for every hour "
       "and fed where the solar model expects hourly irradiance in W/m2, so the forecast charge "
       "is about a hundred times too low, without an error.", "Convert to hourly W/m2 (or use "
       "the product's hourly irradiance) before the call.", needs=("r",),
       match=r"AssertionError")


def case_20():
    return _d("case_20", "gsm-outage-battery-voltage-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lamp153}")
feats, lamp, station = lamps(8)
feats[5, 0] = float("nan")               # the battery voltage lost in the GSM outage
p = m(feats, lamp, station)
assert torch.isfinite(p).all(), f"failure probability: {p}"
""", "The lighthouse's battery-voltage reading was lost in a GSM outage and is sent as NaN, so "
       "its failure probability is NaN, without an error.", "Fill the lost reading with the "
       "last received value (or skip the station) before the call.", needs=("r",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_21():
    return _d("case_21", "field-laptop-before-maintenance-sync", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{lampbare153}")
# the field laptop is used on the tender before the monthly maintenance sync pushed the weights
p = m(*lamps(8))
""", "The field laptop's lamp package was built with package_constants_in_so=False (the monthly "
       "maintenance sync pushes the weights), and it is called before load_constants was ever "
       "run.", "Load the weights with load_constants (check_full_update=True) before the first "
       "call.", needs=("s",), expect="crash", match=r"Segmentation fault|Aborted|Killed|Bus error")


def tried_02():
    return _d("tried_02", "station-table-retrained-with-13th-light", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{lamp153}")
# the station table retrained after the new breakwater light joined: 13 rows
m.load_constants({"station.weight": torch.randn(13, 4)}, check_full_update=False)
p = m(*lamps(8))
""", "The station table retrained after a 13th light joined the district (13 rows) is pushed "
       "with load_constants into the lamp package, whose station constant has 12 rows.",
       "Re-export the model with the 13-station table (a package's constant shapes are fixed).",
       needs=("r",), match=r"[Cc]onstant|station|size|shape|mismatch")


# ----------------------------------------------------------------- run: resources, device, ops
def case_22():
    return _d("case_22", "whole-night-fog-archive-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{fog153}")
# the whole night's archive of the four harbour cameras in one call: 8192 frames
x = frames(8192)
# the edge box in the lighthouse leaves the detector 128 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 128 * 2**20, vm + 128 * 2**20))
p = m(x)
""", "The whole night's archive of the harbour cameras (8192 frames) is scored in one call, and "
       "the buffers the call allocates for the batch (hundreds of MB each) exceed the lighthouse "
       "edge box's 128 MiB memory margin.", "Score the archive in batches of a few hundred frames.", needs=("s",),
       match=r"[Mm]emory|alloc")


def case_23():
    return _d("case_23", "device-picked-by-cudnn-is-available", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{solar153}")
# the service picks its device by the cuDNN check copied from the training notebook
dev = "cuda" if torch.backends.cudnn.is_available() else "cpu"
irr, temp = sun(4, 48)
ah = m(irr.to(dev), temp.to(dev))
""", "The solar service picks its device with torch.backends.cudnn.is_available(), which is "
       "True on the CUDA build of torch even on the buoy base's CPU-only server, so it moves the "
       "inputs to CUDA where there is no driver.", "Pick the device with "
       "torch.cuda.is_available() (or the package's own device).", needs=("r",),
       match=r"CUDA|cuda|NVIDIA|driver")


def case_24():
    return _m("case_24", "wsl-profile-msys2-windows-gxx", "compile_toolchain", "compile", """
# compiled in the buoy team's WSL shell, whose profile was copied from their Windows MSYS2 setup
x, buoy = seas(4, 72)
ep = torch.export.export(Swell().eval(), (x, buoy))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/swell_wsl153.pt2")
""", "The buoy team's WSL shell profile, copied from their Windows MSYS2 setup, exports "
       "CXX=/mnt/c/msys64/ucrt64/bin/g++.exe, a Windows compiler that is not present on the "
       "Linux build host (and cannot build a Linux shared library), so AOTI cannot compile the "
       "package.", "Unset CXX (or point it at the Linux g++) before compiling.",
       env={"CXX": "/mnt/c/msys64/ucrt64/bin/g++.exe"},
       match=r"msys64|g\+\+\.exe|No such file|not found|CppCompileError|compile")


def case_25():
    return _d("case_25", "bridge-display-without-wavelength-op", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{steep153}")
# the harbour master's bridge display loads the steepness package in its own process and never
# imports the wave engineer's module that registers buoy153::wavelength
x, _ = seas(2, 72)
s = m(x)
""", "The steepness package calls the Python-only custom op buoy153::wavelength through the "
       "proxy executor, and the bridge display's process never registers it (the wave "
       "engineer's module that defines it is not imported).", "Import the module that registers "
       "the op before loading, or write the dispersion solver with tensor ops.", needs=("s",),
       match=r"buoy153|wavelength|schema|operator")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25]

DROPPED = []
TRIED = [tried_01, tried_02]
# TRIED (did not fail in trial 1, torch 2.14.1+cu130, so not in CASES): tried_01 (the fog head
# flattening the 15 x 15 feature map under dynamic height / width Dims: export went through);
# tried_02 (a 13-row station table pushed with load_constants into the 12-row constant: accepted
# without an error). DROPPED: none. Changes after trial 1 (see live_blind153.notes.md): case_05
# (then case_06) sent ONE ferry's track, and the input check refused the vessels count (its Dim's
# minimum became 2) before the reports, a bug of my trigger: it now sends the two ferries' tracks;
# case_22's cause sentence named the conv output as the failed buffer, the allocation was a
# 400 MB buffer of the batch, so the sentence now says "the buffers the call allocates". Cases
# after the two TRIED ones were renumbered (06..22 -> 05..21, 24..27 -> 22..25). Replaced after
# trial 1 because a later grep found the compiler (live_blind148, cpp.cxx = arm-none-eabi-g++):
# case_24 was CXX=arm-none-eabi-g++ (the buoy controller's bare-metal compiler), now the WSL
# profile's CXX=/mnt/c/msys64/ucrt64/bin/g++.exe.
# Trial 2 (--only case_05) ran the AIS case twice: a renumbering slip had left duplicate entries
# in CASES, corrected before trial 3 (--only case_24); CASES now lists case_01..case_25 once each.
# Not written (found by the grep before any trial): wave height in feet (live_blind143), current
# or speed in knots / km/h (live_blind143, 134), torch.load(map_location="cuda") (live_blind6),
# a bool mask from isnan / notna (live_blind75), RGBA PNG frames (live_blind127), a single-channel
# IR night camera (live_blind122), heading 511 / SOG 102.3 not available (live_blind101), a debug
# print formatting a tensor in forward (live_blind28, 72), TMPDIR broken (live_blind22),
# aarch64 / arm-linux cross compilers in cpp.cxx (live_blind138, 136, 54), -9999 dropouts
# (live_blind139, 140, 146, 76); scipy is not installed (a scipy.signal.welch spectrum in forward).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind153.jsonl",
        url_file="benchmarks/live_blind153.py", id_prefix="live153", stems=STEMS,
        scratch_prefix="live_blind153-", description=__doc__.splitlines()[0]))
