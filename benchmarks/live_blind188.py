"""A hundred-and-eighty-eighth blind set of REAL AOTInductor failures (a city bike-share operator), triggered live with torch 2.13.0.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind188.py [--out benchmarks/live_blind188.jsonl] [--keep]

Theme: a city bike-share operator (a dock occupancy forecaster per station over the bikes docked
each hour, oldest hour first, with a 64-row station capacity table; an e-bike battery
state-of-charge estimator from the pack voltage, current and temperature with a 6-row pack table
of empty / full voltages per e-bike model; a trip-duration predictor from origin and destination
station embeddings, the hour of day (a 24-row peak table) and the rain; a rebalancing van route
scorer over each route's legs (km and bikes picked up (+) or dropped (-) at each stop) with a
4-row van table of capacity and cost per km; a theft and vandalism anomaly scorer over the smart
lock's telemetry logged every second (acceleration g, bolt motor current mA, frame tilt degrees),
with the seconds the bike lay tipped over; a weather-adjusted demand forecaster from the
temperature, rain, wind and hour with a 7-row weekday table; the lock scorer built without its
weights in the .so; and a lock scorer whose bolt-current debounce is a Python-only custom op),
exported, compiled, loaded and run as the operator's data team, dispatchers, field technicians
and developer would. Built on torch 2.13.0+cpu. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind187.py (their TRIED
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
STATIONS = 64     # docking stations 0..63 (capacity table, trip embeddings)
BIKE_MODELS = 6   # e-bike models 0..5 (pack table: empty / full pack voltage)
VANS = 4          # rebalancing van types 0..3 (capacity in bikes, cost per km)
DAYS = 7          # weekday 0 Monday .. 6 Sunday
PACK = [[30.0, 42.0], [30.0, 42.0], [39.0, 54.6], [39.0, 54.6], [27.5, 38.0], [33.0, 46.2]]
VAN = [[12.0, 0.6], [20.0, 0.8], [8.0, 0.3], [30.0, 1.1]]

def dock_hist(n=8, h=48):
    # bikes docked at each station every hour (n, h), oldest hour first; station (n,) 0..63
    k = torch.arange(h).float()[None]
    base = 8.0 + 6.0 * torch.rand(n, 1)
    hist = (base + 4.0 * torch.sin(k * 6.2832 / 24.0) + 1.5 * torch.randn(n, h)).clamp(min=0.0).round()
    return hist, torch.arange(n) % STATIONS

def telemetry(n=8):
    # e-bike telemetry (n, 3): pack voltage V, current A (discharge negative), pack temperature C;
    # e-bike model (n,) 0..5
    model = torch.arange(n) % BIKE_MODELS
    p = torch.tensor(PACK)[model]
    frac = 0.1 + 0.8 * torch.rand(n)
    cur = -12.0 * torch.rand(n)
    temp = 5.0 + 25.0 * torch.rand(n)
    volt = p[:, 0] + frac * (p[:, 1] - p[:, 0]) + 0.05 * cur - 0.01 * (temp - 20.0)
    return torch.stack([volt, cur, temp], -1), model

def trips(n=8):
    # origin (n,), destination (n,) stations 0..63; hour of day (n,) 0..23; rain (n,) mm/h
    o = torch.arange(n) % STATIONS
    d = (torch.arange(n) * 7 + 3) % STATIONS
    return o, d, torch.arange(n) % 24, (2.0 * torch.rand(n)).round(decimals=1)

def routes(n=4, s=8):
    # van route legs (n, s, 2): km to the stop, bikes picked up (+) or dropped (-) there;
    # van type (n,) 0..3
    km = 0.5 + 3.0 * torch.rand(n, s)
    bikes = torch.randint(-5, 6, (n, s)).float()
    return torch.stack([km, bikes], -1), torch.arange(n) % VANS

def locks(n=4, t=256):
    # smart-lock telemetry every second (n, 3, t): acceleration g, bolt motor current mA,
    # frame tilt degrees; a bike pushed over for 20 s in the middle
    acc = 1.0 + 0.05 * torch.randn(n, t)
    cur = 5.0 * torch.rand(n, t)
    tilt = 3.0 * torch.rand(n, t)
    tilt[:, t // 2: t // 2 + 20] = 80.0
    acc[:, t // 2: t // 2 + 3] = 2.5
    return torch.stack([acc, cur, tilt], 1)

def weather(n=8):
    # (n, 4): forecast temperature C, rain mm/h, wind km/h, local hour 0..23; weekday (n,) 0..6
    temp = 5.0 + 20.0 * torch.rand(n)
    rain = (3.0 * torch.rand(n)).round(decimals=1)
    wind = 30.0 * torch.rand(n)
    hour = (torch.arange(n) % 24).float()
    return torch.stack([temp, rain, wind, hour], -1), torch.arange(n) % DAYS
"""

MODELS = DATA + """
class Dock(torch.nn.Module):
    # bikes docked (n, h) oldest first, station (n,) -> (n, 2): next hour's occupancy (fraction of
    # the docks), hours until the station runs empty at the recent outflow
    def __init__(self):
        super().__init__()
        self.cap = torch.nn.Embedding(STATIONS, 1)           # docks at the station
        with torch.no_grad():
            self.cap.weight.copy_((15.0 + (torch.arange(STATIONS) % 6) * 5.0)[:, None])
    def forward(self, hist, station):
        h = hist.shape[1]
        k = 0.7 ** torch.arange(h - 2, -1, -1, dtype=hist.dtype)
        flow = ((hist[:, 1:] - hist[:, :-1]) * k[None]).sum(1) / k.sum()
        cap = self.cap(station).squeeze(-1)
        nxt = ((hist[:, -1] + flow) / cap).clamp(0.0, 1.0)
        empty = hist[:, -1] / (-flow).clamp(min=0.1)
        return torch.stack([nxt, empty], -1)

class Battery(torch.nn.Module):
    # telemetry (n, 3), e-bike model (n,) -> (n,) state of charge in percent
    def __init__(self):
        super().__init__()
        self.pack = torch.nn.Embedding(BIKE_MODELS, 2)       # empty / full pack voltage
        with torch.no_grad():
            self.pack.weight.copy_(torch.tensor(PACK))
    def forward(self, t, model):
        p = self.pack(model)
        v = t[:, 0] - 0.05 * t[:, 1] + 0.01 * (t[:, 2] - 20.0)   # sag- and temperature-corrected
        return (100.0 * (v - p[:, 0]) / (p[:, 1] - p[:, 0])).clamp(0.0, 100.0)

class Trip(torch.nn.Module):
    # origin (n,), destination (n,), hour (n,), rain (n,) mm/h -> (n,) predicted minutes
    def __init__(self):
        super().__init__()
        self.st = torch.nn.Embedding(STATIONS, 8)            # station embedding
        self.peak = torch.nn.Embedding(24, 1)                # rush-hour factor per hour of day
        with torch.no_grad():
            hr = torch.arange(24).float()
            self.peak.weight.copy_((1.0 + 0.3 * torch.exp(-(hr - 8.0) ** 2 / 2.0)
                                    + 0.3 * torch.exp(-(hr - 17.5) ** 2 / 2.0))[:, None])
    def forward(self, o, d, hour, rain):
        dist = (self.st(o) - self.st(d)).norm(dim=-1)
        return (4.0 + 3.0 * dist) * self.peak(hour).squeeze(-1) * (1.0 + 0.05 * rain)

class Route(torch.nn.Module):
    # legs (n, s, 2), van type (n,) -> (n, 2): route score (bikes moved per cost, less the bikes
    # the van could not hold or did not have), km driven
    def __init__(self):
        super().__init__()
        self.van = torch.nn.Embedding(VANS, 2)               # capacity in bikes, cost per km
        with torch.no_grad():
            self.van.weight.copy_(torch.tensor(VAN))
    def forward(self, legs, van):
        v = self.van(van)
        km = legs[..., 0].sum(1)
        load = 6.0 + legs[..., 1].cumsum(1)                  # the van leaves the depot with 6 bikes
        over = (load - v[:, :1]).clamp(min=0.0).sum(1) + (-load).clamp(min=0.0).sum(1)
        moved = legs[..., 1].abs().sum(1)
        return torch.stack([moved / (1.0 + v[:, 1] * km) - over, km], -1)

class Lock(torch.nn.Module):
    # lock telemetry (n, 3, t) every second -> (n, 2): theft / vandalism probability, seconds the
    # bike lay tipped over (frame tilt above 30 degrees)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(3, 16, 5)
        self.head = torch.nn.Linear(16, 1)
        self.register_buffer("mu", torch.tensor([1.0, 20.0, 5.0])[None, :, None])
        self.register_buffer("sd", torch.tensor([0.3, 100.0, 20.0])[None, :, None])
    def forward(self, x):
        h = torch.relu(self.c((x - self.mu) / self.sd)).mean(-1)
        tipped = (x[:, 2].abs() > 30.0).float().sum(-1)
        return torch.stack([torch.sigmoid(self.head(h).squeeze(-1)), tipped], -1)

class Demand(torch.nn.Module):
    # weather (n, 4), weekday (n,) -> (n,) rentals expected in the hour at a station
    def __init__(self):
        super().__init__()
        self.day = torch.nn.Embedding(DAYS, 1)
        with torch.no_grad():
            self.day.weight.copy_(torch.tensor([1.0, 1.05, 1.05, 1.1, 1.0, 0.8, 0.7])[:, None])
    def forward(self, w, day):
        hr = w[:, 3]
        prof = 2.0 + 6.0 * torch.exp(-(hr - 8.0) ** 2 / 3.0) + 7.0 * torch.exp(-(hr - 17.5) ** 2 / 4.0)
        adj = torch.exp(0.03 * (w[:, 0] - 15.0) - 0.35 * w[:, 1] - 0.01 * w[:, 2])
        return prof * adj * self.day(day).squeeze(-1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
st, hr = Dim("stations", min=2, max=500), Dim("hours", min=6, max=168)
build("dock188", Dock().eval(), dock_hist(8, 48), dynamic_shapes=({0: st, 1: hr}, {0: st}))
eb = Dim("ebikes", min=2, max=2000)
build("battery188", Battery().eval(), telemetry(8), dynamic_shapes=({0: eb}, {0: eb}))
tr = Dim("trips", min=2, max=1 << 20)
build("trip188", Trip().eval(), trips(8), dynamic_shapes=({0: tr}, {0: tr}, {0: tr}, {0: tr}))
rt, sp = Dim("routes", min=2, max=200), Dim("stops", min=2, max=40)
build("route188", Route().eval(), routes(4, 8), dynamic_shapes=({0: rt, 1: sp}, {0: rt}))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, os, torch
import numpy as np
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
lk, t = Dim("locks", min=2, max=5000), Dim("seconds", min=32, max=4096)
build("lock188", Lock().eval(), (locks(4, 256),), dynamic_shapes=({0: lk, 2: t},))
sl = Dim("slots", min=2, max=10000)
build("demand188", Demand().eval(), weather(8), dynamic_shapes=({0: sl}, {0: sl}))
# the same lock scorer with its weights kept out of the .so (the kiosk pushes them at start)
lk2, t2 = Dim("locks", min=2, max=5000), Dim("seconds", min=32, max=4096)
ep = torch.export.export(Lock().eval(), (locks(4, 256),), dynamic_shapes=({0: lk2, 2: t2},))
paths["locknw188"] = torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(out, "locknw188.pt2"),
    inductor_configs={"aot_inductor.package_constants_in_so": False})
# the lock vendor's debounce for the bolt motor current (a 3-sample median), written in numpy
@torch.library.custom_op("bike188::debounce", mutates_args=())
def debounce(cur: torch.Tensor) -> torch.Tensor:
    a = cur.numpy().copy()
    a[:, 1:-1] = np.median(np.stack([a[:, :-2], a[:, 1:-1], a[:, 2:]]), axis=0)
    return torch.from_numpy(a)
@debounce.register_fake
def _(cur):
    return torch.empty_like(cur)
class LockDebounced(Lock):
    def forward(self, x):
        cur = torch.ops.bike188.debounce(x[:, 1])
        return super().forward(torch.stack([x[:, 0], cur, x[:, 2]], 1))
lk3, t3 = Dim("locks", min=2, max=5000), Dim("seconds", min=32, max=4096)
build("debounce188", LockDebounced().eval(), (locks(4, 256),), dynamic_shapes=({0: lk3, 2: t3},))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"dock188", "battery188", "trip188", "route188", "lock188", "demand188", "locknw188",
         "debounce188", "route_qnx188"}

# every child seeds torch, so the example data (and the numerical cases' references) repeat
PRE = "import math\nimport torch\ntorch.manual_seed(188)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "battery-winter-derate-with-python-if", "export_failure", "export", """
from torch.export import Dim
class BatteryWinter(Battery):
    # winter mode: a cold pack holds less charge, so the developer derates the whole batch when
    # any e-bike in it reports a pack below 0 C, with a Python if
    def forward(self, t, model):
        soc = super().forward(t, model)
        if (t[:, 2] < 0.0).any():
            soc = soc * 0.85
        return soc
eb = Dim("ebikes", min=2, max=2000)
ep = torch.export.export(BatteryWinter().eval(), telemetry(8), dynamic_shapes=({0: eb}, {0: eb}))
""", "The winter derate is a Python if on the packs' temperatures ((t[:, 2] < 0).any()), a "
       "branch on the data that torch.export cannot trace.", "Apply the derate per bike with "
       "tensor ops (torch.where(t[:, 2] < 0, soc * 0.85, soc)) or use torch.cond.",
       match=r"data-dependent|GuardOnDataDependent")


def case_02():
    return _m("case_02", "route-van-collects-until-full-with-while-loop", "export_failure", "export", """
from torch.export import Dim
class RouteUntilFull(Route):
    # the dispatchers' rule: the van works its stops in order until it is full, then drives back
    # to the depot; the developer counts the stops served with a while loop
    def forward(self, legs, van):
        out = super().forward(legs, van)
        cap = self.van(van)[:, 0]
        k, load = 0, torch.zeros_like(cap) + 6.0
        while k < legs.shape[1] and bool((load + legs[:, k, 1] <= cap).all()):
            load = load + legs[:, k, 1]
            k += 1
        return out, legs[:, :k, 0].sum(1)
rt, sp = Dim("routes", min=2, max=200), Dim("stops", min=2, max=40)
ep = torch.export.export(RouteUntilFull().eval(), routes(4, 8), dynamic_shapes=({0: rt, 1: sp}, {0: rt}))
""", "The stops served are counted with a Python while loop whose condition compares the van's "
       "load (tensor values) with its capacity, a data-dependent branch torch.export cannot "
       "trace.", "Compute the served stops with tensor ops (a cumsum of the load and a mask "
       "<= capacity) and return the mask instead of slicing.",
       match=r"data-dependent|GuardOnDataDependent")


def case_03():
    return _m("case_03", "lock-tipped-over-alarm-list-built-in-python", "export_failure", "export", """
from torch.export import Dim
class LockAlarms(Lock):
    # the security desk wants the list of locks whose bike lay tipped over more than 10 s, to
    # send a patrol; the developer builds the list in forward
    def forward(self, x):
        out = super().forward(x)
        alarms = []
        for i in range(x.shape[0]):
            if out[i, 1] > 10.0:
                alarms.append(i)
        return out, torch.tensor(alarms)
t = Dim("seconds", min=32, max=4096)
ep = torch.export.export(LockAlarms().eval(), (locks(4, 256),), dynamic_shapes=({2: t},))
""", "The alarm list is built with a Python if on each lock's tipped-over seconds (out[i, 1] > "
       "10), a branch on the data that torch.export cannot trace.", "Return the boolean mask "
       "out[:, 1] > 10 from the model and build the patrol list outside it.",
       match=r"data-dependent|GuardOnDataDependent")


def case_04():
    return _m("case_04", "dock-daily-ride-profile-buffer-fixes-hours", "dynamic_shape_guard", "export", """
from torch.export import Dim
class DockProfiled(Dock):
    # the planners weight each hour by the city's daily ride profile, copied into the model as a
    # 24-row buffer from their spreadsheet
    def __init__(self):
        super().__init__()
        self.register_buffer("profile", 0.5 + 0.5 * torch.sin(torch.arange(24).float() * 3.1416 / 24.0))
    def forward(self, hist, station):
        return super().forward(hist * self.profile, station)
st, hr = Dim("stations", min=2, max=500), Dim("hours", min=6, max=168)
ep = torch.export.export(DockProfiled().eval(), dock_hist(8, 24), dynamic_shapes=({0: st, 1: hr}, {0: st}))
""", "The history is multiplied by a fixed 24-row ride-profile buffer, which fixes the hours axis "
       "to 24 while the export declares it dynamic (6..168 hours), so export refuses the "
       "specification.", "Index the profile by the hour of day of each column (profile[hours % "
       "24]), or export with a static 24-hour axis.",
       match=r"hours|specializ|Constraints violated|constant")


def case_05():
    return _m("case_05", "trip-origins-and-destinations-given-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the developer gives the origin stations and the destination stations a Dim each, "since a
# rider can end anywhere"
og, de = Dim("origins", min=2, max=1 << 20), Dim("destinations", min=2, max=1 << 20)
ep = torch.export.export(Trip().eval(), trips(8), dynamic_shapes=({0: og}, {0: de}, {0: og}, {0: og}))
""", "The origins and destinations are one trip each, so the model subtracts their embeddings "
       "row by row and their lengths must be equal; declaring them with two independent Dims "
       "violates the equality export derives.", "Use one Dim (trips) for every per-trip input.",
       match=r"Constraints violated|destinations|origins")


# --------------------------------------------------------------------------- compile phase
def case_06():
    return _m("case_06", "route-cxx-from-dock-terminal-qnx-sdp", "compile_toolchain", "compile", """
from torch.export import Dim
# the developer also builds the dock terminals' payment app; the terminal vendor's build script,
# sourced in the same shell, exports CXX as the QNX SDP's q++, which is not on this laptop
rt, sp = Dim("routes", min=2, max=200), Dim("stops", min=2, max=40)
ep = torch.export.export(Route().eval(), routes(4, 8), dynamic_shapes=({0: rt, 1: sp}, {0: rt}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/route_qnx188.pt2")
""", "CXX is exported by the dock terminal vendor's build script and names the QNX SDP's q++ "
       "cross compiler, which is not installed, so Inductor finds no working C++ compiler for "
       "the package.", "Build in a shell without the terminal SDK's environment (unset CXX, or "
       "set it to the host g++).", env={"CXX": "/opt/qnx800/host/linux/x86_64/usr/bin/q++"},
       match=r"InvalidCxxCompiler|No working C\+\+ compiler")


# ------------------------------------------------------------------------------ load phase
def case_07():
    return _d("case_07", "debounce-security-desk-server-without-lock-ops", "unsupported", "load", """
# the security desk's alert server runs the lock scorer from a folder copied off the data team's
# share: torch and the .pt2, but not the lock_ops module that registers the vendor's debounce
m = torch._inductor.aoti_load_package("{debounce188}")
out = m(locks(4, 256))
""", "The debounced lock package calls the Python-only custom op bike188::debounce, which only "
       "the data team's lock_ops module registers; the security desk's server never imports it, "
       "so the package cannot resolve the op when it is loaded.", "Ship and import lock_ops "
       "before aoti_load_package on the server (or write the debounce with tensor ops).",
       needs=("s",), match=r"Could not find schema|bike188::debounce")


def case_08():
    return _d("case_08", "trip-station-vectors-pushed-under-gbfs-importer-key", "constant_loading", "load", """
m = torch._inductor.aoti_load_package("{trip188}")
# the weekly job re-learns the station vectors; the GBFS importer saves them under its own key
new = torch.randn(STATIONS, 8)
m.load_constants({"gbfs_import/station_vectors": new}, check_full_update=False)
minutes = m(*trips(8))
""", "The re-learnt station vectors are pushed under the GBFS importer's key "
       "'gbfs_import/station_vectors', which is not a constant of the trip package.",
       "Push them under the package's own name (see m.get_constant_fqns()).", needs=("r",),
       match=r"[Cc]onstant not found")


# ------------------------------------------------------------------------ run: weights
def case_09():
    return _m("case_09", "locknw-weights-pushed-by-background-thread-after-first-call", "constant_loading", "run", """
import sys, threading, time
m = torch._inductor.aoti_load_package("{locknw188}")
# the street kiosk's service reads the lock weights from its SD card in a background thread, so
# that the service comes up at once; the first telemetry batch arrives before the read finished
sd = Lock().eval().state_dict()
def push_weights():
    time.sleep(5.0)                       # the SD card read
    m.load_constants({k: sd[k] for k in m.get_constant_fqns()}, check_full_update=False)
threading.Thread(target=push_weights, daemon=True).start()
sys.stderr.write("lock scorer up, weights loading in the background\\n")
sys.stderr.flush()
out = m(locks(4, 256))
""", "The lock package is built without its weights (package_constants_in_so=False) and the "
       "kiosk pushes them from a background thread; the first call comes before that push, so "
       "the model runs with constants never loaded and the process dies.", "Push the weights "
       "before the service accepts calls (join the loader thread, or load synchronously).",
       needs=("s",), expect="crash", match=r"Segmentation fault|Aborted|Killed by signal")


# ------------------------------------------------------------------------ run: dynamic dims
def case_10():
    return _d("case_10", "dock-popup-station-opened-three-hours-ago", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dock188}")
# a pop-up station outside the stadium opened three hours before the match
hist, station = dock_hist(4, 3)
out = m(hist, station)
""", "The pop-up station has 3 hours of history, below the fewest hours the dock package accepts "
       "(its hours Dim was declared with min=6).", "Forecast pop-up stations with a rule (or pad "
       "the history with the opening count) until 6 hours have been logged.", needs=("r",),
       env=CHECK, match=r"dim value is too small")


def case_11():
    return _d("case_11", "battery-whole-fleet-after-overnight-depot-charge", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{battery188}")
# after the overnight charge at the depot, ops re-estimates the whole e-bike fleet in one call
t, model = telemetry(2600)
soc = m(t, model)
""", "The whole fleet's 2600 e-bikes are estimated in one call, above the most rows the battery "
       "package accepts (its ebikes Dim was declared with max=2000).", "Estimate the fleet in "
       "batches of at most 2000 e-bikes.", needs=("r",), env=CHECK,
       match=r"dim value is too large")


def case_12():
    return _d("case_12", "lock-rebooted-sends-twenty-second-window", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{lock188}")
# a lock that rebooted after a firmware update uploads only the 20 s it has logged since
log = locks(2, 20)
out = m(log)
""", "The rebooted lock's window has 20 samples, below the fewest the lock package accepts (its "
       "seconds Dim was declared with min=32).", "Wait for a full window (at least 32 s) after a "
       "reboot, or pad the window.", needs=("s",), env=CHECK, match=r"dim value is too small")


def case_13():
    return _d("case_13", "route-night-crew-fifty-five-stops", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{route188}")
# the night crew empties the whole riverside cluster in one tour: 55 stops
legs, van = routes(3, 55)
out = m(legs, van)
""", "The night tour has 55 stops, above the most stops the route package accepts (its stops Dim "
       "was declared with max=40).", "Split the tour into legs of at most 40 stops (or re-export "
       "with a larger stops Dim).", needs=("r",), env=CHECK, match=r"dim value is too large")


def case_14():
    return _d("case_14", "demand-year-of-quarter-hour-slots-in-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{demand188}")
# the city's cycling office asks for the demand of every quarter hour of next year at one station
w, day = weather(365 * 96)
rentals = m(w, day)
""", "A year of quarter-hour slots (35040 rows) is forecast in one call, above the most slots "
       "the demand package accepts (its slots Dim was declared with max=10000).", "Forecast in "
       "batches of at most 10000 slots.", needs=("s",), env=CHECK,
       match=r"dim value is too large")


# ------------------------------------------------------------------------------ run: inputs
def case_15():
    return _d("case_15", "trip-od-pairs-passed-as-one-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{trip188}")
o, d, hour, rain = trips(8)
# the planning tools keep each trip as one origin-destination pair, an (n, 2) tensor, and the
# developer passes the pairs as they come
od = torch.stack([o, d], -1)
minutes = m(od, hour, rain)
""", "The origin and destination are passed as one (n, 2) pair tensor, three inputs where the "
       "trip package was exported with four (origin, destination, hour, rain).", "Pass the "
       "columns separately: m(od[:, 0], od[:, 1], hour, rain).", needs=("r",), env=CHECK,
       match=r"input|argument|expected|[Ss]pec|tree")


def case_16():
    return _d("case_16", "demand-weather-api-v3-adds-humidity-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{demand188}")
w, day = weather(8)
# version 3 of the weather provider's API also returns the relative humidity, as a fifth column
hum = 40.0 + 40.0 * torch.rand(8, 1)
w5 = torch.cat([w, hum], 1)
rentals = m(w5, day)
""", "The weather provider's new API adds a humidity column, so the weather rows have 5 "
       "features while the demand package was exported for 4.", "Select the four columns the "
       "model was trained on (w5[:, :4]) before the call.", needs=("s",), env=CHECK,
       match=r"unmatched dim value")


def case_17():
    return _d("case_17", "trip-city-wide-rain-as-zero-dim-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{trip188}")
o, d, hour, _ = trips(8)
# the rain radar gives one value for the whole city, so the developer passes a single number
# (in the notebook it broadcast fine)
rain = torch.tensor(1.5)
minutes = m(o, d, hour, rain)
""", "The rain is passed as a 0-d tensor for the whole city, while the trip package was exported "
       "with one rain value per trip ((n,)); the eager model broadcast it, the package does not.",
       "Expand it to the trips (rain.expand(len(o)).contiguous()) before the call.",
       needs=("r",), env=CHECK, match=r"dim|ndim|dimension|rank|size")


def case_18():
    return _d("case_18", "lock-battery-channel-sliced-off-vendor-feed", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lock188}")
log = locks(4, 256)
# the lock vendor's new feed sends a fourth channel first (the lock's own battery voltage); the
# developer slices it off
feed = torch.cat([torch.full((4, 1, 256), 3.7), log], 1)
out = m(feed[:, 1:])
""", "The vendor feed's battery channel is sliced off with feed[:, 1:], a view that keeps the "
       "4-channel strides, while the lock package was compiled for contiguous (n, 3, t) "
       "telemetry.", "Pass feed[:, 1:].contiguous() before the call.", needs=("s",), env=CHECK,
       match=r"unmatched stride|stride")


# ----------------------------------------------------------------------------- run: indices
def case_19():
    return _d("case_19", "trip-destination-as-public-station-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{trip188}")
o, _, hour, rain = trips(6)
# the rider app sends the destination as the number on the station's totem (3001 .. 3064)
d = torch.tensor([3001, 3017, 3022, 3040, 3051, 3064])
minutes = m(o, d, hour, rain)
""", "The destinations are the public station numbers from the totems (3001..3064) instead of the "
       "station index 0..63, indexing past the trip package's 64-row station embedding.", "Map "
       "the public number to the station index before the call.", needs=("r",),
       match=r"index out of bounds")


def case_20():
    return _d("case_20", "battery-model-as-model-year", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{battery188}")
t, _ = telemetry(6)
# the fleet database identifies each e-bike model by its model year
year = torch.tensor([2019, 2020, 2021, 2022, 2023, 2024])
soc = m(t, year)
""", "The e-bike models are given by their model years (2019..2024) instead of the model index "
       "0..5, indexing past the battery package's 6-row pack table.", "Map each model year to "
       "its model index before the call.", needs=("r",), match=r"index out of bounds")


def case_21():
    return _d("case_21", "route-van-given-as-its-capacity", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{route188}")
legs, _ = routes(4, 8)
# the dispatch screen lists each van by its capacity in bikes (12, 20, 8, 30)
van = torch.tensor([12, 20, 8, 30])
out = m(legs, van)
""", "The vans are given by their capacities in bikes (8..30) instead of the van type 0..3, "
       "indexing past the route package's 4-row van table.", "Map the van to its type index "
       "before the call.", needs=("r",), match=r"index out of bounds")


def case_22():
    return _d("case_22", "demand-weekday-as-day-of-month", "index_out_of_bounds", "run", """
import datetime
m = torch._inductor.aoti_load_package("{demand188}")
w, _ = weather(8)
# the developer takes the day from the forecast's date with .day (the day of the month), not
# .weekday()
dates = [datetime.date(2026, 12, 7) + datetime.timedelta(days=k) for k in range(8)]
day = torch.tensor([dt.day for dt in dates])
rentals = m(w, day)
""", "The weekday is taken as the day of the month (7..14) instead of the weekday 0..6, indexing "
       "past the demand package's 7-row weekday table.", "Use date.weekday() for the weekday.",
       needs=("s",), match=r"index out of bounds")


def case_23():
    return _d("case_23", "dock-station-as-gbfs-station-id-number", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dock188}")
hist, _ = dock_hist(4, 48)
# the GBFS feed names stations "hub_1042" and so on; the developer keeps the number
ids = ["hub_1042", "hub_1007", "hub_1113", "hub_1020"]
station = torch.tensor([int(s.split("_")[1]) for s in ids])
out = m(hist, station)
""", "The stations are given by the number in their GBFS station_id (1007..1113) instead of the "
       "station index 0..63, indexing past the dock package's 64-row capacity table.", "Map the "
       "GBFS station_id to the station index before the call.", needs=("r",),
       match=r"index out of bounds")


# ------------------------------------------------------------------------------ run: values
def case_24():
    return _d("case_24", "battery-new-iot-module-sends-average-cell-voltage", "numerical", "run", """
m = torch._inductor.aoti_load_package("{battery188}")
t, model = telemetry(8)
ref = m(t, model)
# the new IoT module publishes the average cell voltage (about 3.6 V) instead of the pack voltage
cells = torch.tensor([10.0, 10.0, 13.0, 13.0, 9.0, 11.0])[model]   # cells in series per pack
tc = t.clone()
tc[:, 0] = t[:, 0] / cells
soc = m(tc, model)
assert ((soc - ref).abs() < 5.0).all(), f"state of charge %: {soc} vs {ref}"
""", "The new IoT module reports the average cell voltage where the estimator expects the pack "
       "voltage, so every e-bike reads 0 % charge, without an error.", "Multiply by the cells in "
       "series of the pack (or read the pack voltage field) before the call.", needs=("r",),
       match=r"AssertionError")


def case_25():
    return _d("case_25", "route-new-van-app-records-drops-as-positive", "numerical", "run", """
m = torch._inductor.aoti_load_package("{route188}")
legs, van = routes(4, 8)
ref = m(legs, van)
# the new van app records bikes dropped at a stop as positive and bikes picked up as negative
flipped = legs.clone()
flipped[..., 1] = -legs[..., 1]
out = m(flipped, van)
assert ((out - ref).abs() < 0.5).all(), f"route score, km: {out} vs {ref}"
""", "The new van app's sign convention is the reverse of the model's (drops positive), so the "
       "van's running load is mirrored and the routes are scored on overflows that do not "
       "happen, without an error.", "Negate the bikes column (pick-ups positive) before the "
       "call.", needs=("r",), match=r"AssertionError")


def case_26():
    return _d("case_26", "lock-new-vendor-measures-frame-angle-from-ground", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lock188}")
log = locks(4, 256)
ref = m(log)
# the second lock vendor's firmware measures the frame angle from the ground (90 = upright)
# where the first vendor's, which the model was built on, measures the tilt from upright
ground = log.clone()
ground[:, 2] = 90.0 - log[:, 2]
out = m(ground)
assert ((out[:, 1] - ref[:, 1]).abs() < 1.0).all(), f"seconds tipped over: {out[:, 1]} vs {ref[:, 1]}"
""", "The second vendor's locks report the frame angle from the ground (90 degrees upright) where "
       "the scorer expects the tilt from upright, so every parked bike reads as lying down for "
       "almost the whole window, without an error.", "Convert to tilt from upright (90 - angle) "
       "for that vendor's locks before the call.", needs=("s",), match=r"AssertionError")


def case_27():
    return _d("case_27", "demand-rain-as-accumulated-total-since-midnight", "numerical", "run", """
m = torch._inductor.aoti_load_package("{demand188}")
w, day = weather(8)
ref = m(w, day)
# the weather feed's precipitation field is the total accumulated since midnight, not mm/h
acc = w.clone()
acc[:, 1] = w[:, 1] * w[:, 3]
rentals = m(acc, day)
assert ((rentals - ref).abs() < 0.1 * ref + 0.1).all(), f"rentals: {rentals} vs {ref}"
""", "The rain is sent as the total accumulated since midnight where the model expects the "
       "hourly rate in mm/h, so afternoon demand collapses toward zero on any rainy day, "
       "without an error.", "Use the hourly precipitation field (or difference the accumulated "
       "totals) before the call.", needs=("s",), match=r"AssertionError")


def case_28():
    return _d("case_28", "dock-history-as-percent-full-from-ops-dashboard", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dock188}")
hist, station = dock_hist(8, 48)
ref = m(hist, station)
# the ops dashboard exports each station's fill level in percent of its docks, not bikes
cap = (15.0 + (station % 6) * 5.0)[:, None]
pct = (100.0 * hist / cap).round()
out = m(pct, station)
assert ((out[:, 0] - ref[:, 0]).abs() < 0.1).all(), f"next-hour occupancy: {out[:, 0]} vs {ref[:, 0]}"
""", "The history is sent as percent full where the forecaster expects bikes docked, so the "
       "stations read as (over)full next hour, without an error.", "Convert percent to bikes "
       "(x docks / 100) before the call.", needs=("r",), match=r"AssertionError")


# -------------------------------------------------------------- run: device and resources
def case_29():
    return _d("case_29", "trip-regression-check-copied-from-gpu-ci-runs-on-cuda", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{trip188}")
# the release check compares the package with the eager model on the same batch; it was copied
# from the GPU CI job, which puts the batch on the GPU first
batch = [x.cuda() for x in trips(8)]
minutes = m(*batch)
""", "The release check, copied from the GPU CI job, moves the trips to CUDA on the CPU-only "
       "release host (whose torch has no CUDA), while the package is compiled for CPU.",
       "Keep the batch on the CPU (the package's device) in the CPU release check.",
       needs=("r",), match=r"CUDA|cuda")


def case_30():
    return _d("case_30", "lock-whole-night-all-locks-in-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{lock188}")
out = m(locks(4, 256))          # the live feed's batches scored fine
# the insurer asks for every lock's last 10 minutes at the night's theft peak: 3000 locks at once
log = locks(3000, 600)
# the analytics container leaves the job 32 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 32 * 2**20, vm + 32 * 2**20))
out = m(log)
""", "All 3000 locks' 10-minute windows are scored in one call; the convolution's (3000, 16, 596) "
       "activations (114 MB) exceed the 32 MiB the container leaves the job.", "Score the locks "
       "in chunks (e.g. 200 a call).", needs=("s",), match=r"allocate|memory")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30]



# ------------------------------------------------------------------- dropped after trial 1
def dropped_01():
    return _d("dropped_01", "trip-station-ids-int32-from-parquet-trip-log", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{trip188}")
import numpy as np
o, d, hour, rain = trips(8)
# the trip log is read from the data lake's parquet files, where the station columns are int32
o32 = torch.from_numpy(o.numpy().astype(np.int32))
d32 = torch.from_numpy(d.numpy().astype(np.int32))
minutes = m(o32, d32, hour, rain)
""", "The station ids come from parquet int32 columns, while the trip package was compiled for "
       "int64 (long) station indices.", "Convert with .long() before the call.", needs=("r",),
       env=CHECK, match=r"unmatched dtype")


def dropped_02():
    return _d("dropped_02", "lock-firmware-reports-tilt-in-radians", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lock188}")
log = locks(4, 256)
ref = m(log)
# the lock firmware update reports the frame tilt in radians
rad = log.clone()
rad[:, 2] = log[:, 2] * math.pi / 180.0
out = m(rad)
assert ((out[:, 1] - ref[:, 1]).abs() < 1.0).all(), f"seconds tipped over: {out[:, 1]} vs {ref[:, 1]}"
""", "The updated lock firmware reports the tilt in radians where the scorer expects degrees, so "
       "no bike ever reads as tipped over (0 s), without an error.", "Convert the tilt to "
       "degrees (x 180 / pi) before the call.", needs=("s",), match=r"AssertionError")


def dropped_03():
    return _d("dropped_03", "trip-inputs-sent-to-device-from-shared-settings", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{trip188}")
# the data team's shared settings module, written for the GPU forecasting server, sets the device
SETTINGS = {"device": "cuda:0", "batch": 4096}
o, d, hour, rain = (x.to(SETTINGS["device"]) for x in trips(8))
minutes = m(o, d, hour, rain)
""", "The inputs are moved to CUDA by the device in the GPU server's shared settings, on the "
       "rider-app backend whose torch has no CUDA, while the package is compiled for CPU.",
       "Take the device from the package (CPU here) or from this host's settings, not the GPU "
       "server's.", needs=("r",), match=r"CUDA|cuda")


# Trial 1 (the full run, 30 cases, torch 2.13.0+cpu): all 30 failed as labelled. Three were
# then dropped because a closer grep (made while trial 1 ran) found their triggers taken; each
# was replaced under its number (see live_blind188.notes.md) and the three replacements were run
# with --only (trial 2), where they failed as labelled:
# dropped_01 (then case_15): station / id columns read from parquet as int32 is live_blind105,
# 125, 128 and 137's -> case_15 is now the origin-destination pairs passed as one (n, 2) tensor.
# dropped_02 (then case_26): angles sent in radians where degrees are expected is live_blind138,
# 139, 153's (and live_blind170's list: "rotations in radians") -> case_26 is now the second lock
# vendor's frame angle measured from the ground.
# dropped_03 (then case_29): a device taken from a config written for a GPU server is
# live_blind180 case_29's (and several before it) -> case_29 is now a release check copied from
# the GPU CI job.
DROPPED = [dropped_01, dropped_02, dropped_03]
# Did not fail: none.
TRIED: list = []
# Not written (found by the grep before any trial): a Python-datetime / fromtimestamp step in
# forward (live_blind143, 146, 151 ..); a DataParallel 'module.' prefix on pushed weights
# (live_blind12, 43); torch.set_default_device("cuda") (live_blind139, 143 ..); the legacy
# aot_compile given an ExportedProgram (live_blind.py, 3, 9, 25); the legacy aot_load with
# 'cpu:0' (live_blind26); a SymInt (x.shape[0]) returned from forward (live_blind15, 21);
# cell voltages in millivolts (live_blind115); van legs in metres from a routing service
# (live_blind119, 171's list); temperatures in kelvin (live_blind63, 105, 179); CXX naming
# arm-none-eabi (live_blind148, 150 ..), the Android NDK (live_blind54, 187), Zephyr
# (live_blind185) or Yocto (live_blind150, 186); the weekday as isoweekday 1..7 (live_blind52,
# 151, 154, 163); an hour 24 for midnight (live_blind103, 141, 160's list); the GPU chosen from
# CUDA_VISIBLE_DEVICES (live_blind163); int64 counts (live_blind183, 186, 187).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind188.jsonl",
        url_file="benchmarks/live_blind188.py", id_prefix="live188", stems=STEMS,
        scratch_prefix="live_blind188-", description=__doc__.splitlines()[0]))
