"""A hundred-and-sixty-third blind set of REAL AOTInductor failures (circus and live-event ticketing), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind163.py [--out benchmarks/live_blind163.jsonl] [--keep]

Theme: circus and live-event ticketing (a ticket-demand and no-show forecaster from the tickets
sold a day in past days, the venue row of a 16-venue capacity and no-show table and the weekday
row of a 7-day factor table; a seat-map pricing recommender from the seating section row of a
10-section base-price and service-fee table, the days to the show, the sold share and the resale
market's median price in dollars; a ticket-scalping / bot-purchase detector over each checkout's
inter-click gaps, order features and sales-channel row; a trapeze-rig fault detector over the
four load cells of a rig point in kg at 100 Hz; a crowd-flow estimator at the entry gates from
people per minute with the gate row of a 24-gate capacity table; a tour-route planner giving the
km and driving hours of a route over a 30-city distance matrix; the tour model with a
Python-only ferry-crossing custom op), exported, compiled, loaded and run as a circus's or a
ticketing company's data team would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind161.py (their TRIED
lists included; live_blind162 is being built at the same time and was not read). Building the set
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
DATA = """
VENUES = 16        # big-top pitches and arenas of the season's tour, rows 0..15
SECTIONS = 10      # seating sections of the big top, rows 0..9
CHANNELS = 5       # web, app, box office, partner reseller, phone, rows 0..4
GATES = 24         # entry gates (turnstile lanes), rows 0..23
CITIES = 30        # tour cities, rows 0..29
SWL = 500.0        # safe working load of a trapeze rig point, kg

def venue_capacity():
    g = torch.Generator().manual_seed(163)
    return (1200.0 + 2400.0 * torch.rand(VENUES, generator=g)).round()

def noshow_rate():
    g = torch.Generator().manual_seed(1631)
    return 0.03 + 0.09 * torch.rand(VENUES, generator=g)

def dow_factor():
    # Monday .. Sunday (datetime.weekday() 0..6)
    return torch.tensor([0.6, 0.7, 0.8, 0.9, 1.3, 1.6, 1.2])

def sales(n=4, d=60):
    # tickets sold per day (n, d) over the last d days, venue (n,) 0..15, weekday of the show
    # (n,) 0..6
    return (20.0 + 120.0 * torch.rand(n, d), torch.randint(0, VENUES, (n,)),
            torch.randint(0, 7, (n,)))

def demand_ref(hist, venue, dow):
    return torch.minimum(hist[:, -7:].mean(1) * 7.0 * dow_factor()[dow], venue_capacity()[venue])

def base_price():
    # USD per seat: ringside .. gallery
    return torch.tensor([149., 119., 99., 89., 79., 69., 59., 49., 39., 29.])

def service_fee():
    return torch.tensor([12., 10., 9., 8., 7., 6., 5., 4., 4., 3.])

def seats(n=16):
    # section (n,) 0..9, days to the show (n,), sold share of the section (n,) 0..1, resale
    # market median price USD (n,)
    section = torch.randint(0, SECTIONS, (n,))
    return (section, 1.0 + 59.0 * torch.rand(n), torch.rand(n),
            base_price()[section] * (1.0 + 0.5 * torch.rand(n)))

def price_ref(section, days, sold, resale):
    mine = base_price()[section] * (1.0 + 0.6 * sold) * (1.0 + 0.3 * torch.exp(-days / 7.0))
    return torch.minimum(0.7 * mine + 0.3 * resale, 2.5 * base_price()[section])

def checkouts(n=64, k=32):
    # inter-click gaps in seconds (n, k); order features (n, 4): tickets in the order, account
    # age in days, distinct payment cards, checkout seconds; sales channel (n,) 0..4
    gaps = 0.5 + 4.0 * torch.rand(n, k)
    feats = torch.stack([torch.randint(1, 9, (n,)).float(), 400.0 * torch.rand(n),
                         torch.randint(1, 3, (n,)).float(), 30.0 + 200.0 * torch.rand(n)], 1)
    return gaps, feats, torch.randint(0, CHANNELS, (n,))

def rig_traces(n=4, t=1000):
    # four load cells of a trapeze rig point (two bridle legs, two winch lines) in kg at 100 Hz
    return (60.0 + 15.0 * torch.randn(n, 4, t)).abs()

def rig_ref(load):
    return load.sum(1).amax(-1)

def gate_capacity():
    # people per minute each turnstile lane passes
    g = torch.Generator().manual_seed(1632)
    return 18.0 + 14.0 * torch.rand(GATES, generator=g)

def gate_counts(n=8, t=60):
    # people through each gate per minute (n, t) over the last t minutes, gate (n,) 0..23
    return (5.0 + 15.0 * torch.rand(n, t)).round(), torch.randint(0, GATES, (n,))

def flow_ref(counts):
    rate = counts[:, -15:].mean(1)
    trend = counts[:, -5:].mean(1) - counts[:, -15:-10].mean(1)
    return (rate + 0.5 * trend).clamp(min=0.0) * 15.0

def city_km():
    g = torch.Generator().manual_seed(1633)
    xy = 1500.0 * torch.rand(CITIES, 2, generator=g)
    return torch.cdist(xy, xy) * 1.25

def routes(n=4, l=10):
    # tour legs as city ids (n, l) 0..29
    return torch.stack([torch.randperm(CITIES)[:l] for _ in range(n)])
"""

MODELS = """
class Demand(torch.nn.Module):
    # tickets sold a day (n, d), venue (n,) 0..15, weekday (n,) 0..6 -> tickets (n,), no-shows (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("cap", venue_capacity())
        self.register_buffer("noshow", noshow_rate())
        self.register_buffer("dow", dow_factor())
    def forward(self, hist, venue, dow):
        f = torch.minimum(hist[:, -7:].mean(1) * 7.0 * self.dow[dow], self.cap[venue])
        return f, f * self.noshow[venue]

class SeatPrice(torch.nn.Module):
    # section (n,) 0..9, days to show (n,), sold share (n,), resale median USD (n,) -> price USD
    # (n,), service fee USD (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("base", base_price())
        self.register_buffer("fee", service_fee())
    def forward(self, section, days, sold, resale):
        b = self.base[section]
        mine = b * (1.0 + 0.6 * sold) * (1.0 + 0.3 * torch.exp(-days / 7.0))
        return torch.minimum(0.7 * mine + 0.3 * resale, 2.5 * b), self.fee[section]

class BotNet(torch.nn.Module):
    # inter-click gaps s (n, k), order features (n, 4), channel (n,) 0..4 -> bot probability (n,)
    def __init__(self):
        super().__init__()
        self.chan = torch.nn.Embedding(CHANNELS, 8)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
    def forward(self, gaps, feats, channel):
        lg = torch.log1p(gaps)
        stats = torch.stack([lg.mean(1), lg.std(1), lg.amin(1), lg.amax(1)], 1)
        z = torch.cat([stats, torch.log1p(feats), self.chan(channel)], 1)
        return torch.sigmoid(self.mlp(z)).squeeze(-1)

class RigNet(torch.nn.Module):
    # load cells (n, 4, t) kg at 100 Hz -> fault probability (n,), peak total load kg (n,)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(4, 8, 9, padding=4)
        self.head = torch.nn.Linear(8, 1)
    def forward(self, load):
        peak = load.sum(1).amax(-1)
        z = torch.relu(self.c(load / SWL)).mean(-1)
        return torch.sigmoid(self.head(z)).squeeze(-1), peak

class GateFlow(torch.nn.Module):
    # people per minute (n, t), gate (n,) 0..23 -> people in the next 15 min (n,), lane load (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("cap", gate_capacity())
    def forward(self, counts, gate):
        rate = counts[:, -15:].mean(1)
        trend = counts[:, -5:].mean(1) - counts[:, -15:-10].mean(1)
        return (rate + 0.5 * trend).clamp(min=0.0) * 15.0, rate / self.cap[gate]

class TourPlan(torch.nn.Module):
    # route city ids (n, l) 0..29 -> km (n,), driving hours incl. 45 min per stop (n,)
    def __init__(self):
        super().__init__()
        self.register_buffer("km", city_km())
    def forward(self, route):
        legs = self.km[route[:, :-1], route[:, 1:]]
        return legs.sum(1), (legs / 70.0 + 0.75).sum(1)
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n, d = Dim("shows", min=1, max=512), Dim("days", min=8, max=365)
build("demand163", Demand().eval(), sales(4, 60), dynamic_shapes=({0: n, 1: d}, {0: n}, {0: n}))
n = Dim("seats", min=1, max=4096)
build("seat163", SeatPrice().eval(), seats(16), dynamic_shapes=({0: n}, {0: n}, {0: n}, {0: n}))
n, k = Dim("sessions", min=1, max=2000000), Dim("clicks", min=4, max=512)
build("bot163", BotNet().eval(), checkouts(64, 32), dynamic_shapes=({0: n, 1: k}, {0: n}, {0: n}))
with open(os.path.join(out, "setup_r.json"), "w") as fh:
    json.dump(paths, fh)
"""

SETUP_S = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n, t = Dim("rigs", min=1, max=64), Dim("samples", min=200, max=12000)
build("rig163", RigNet().eval(), (rig_traces(4, 1000),), dynamic_shapes=({0: n, 2: t},))
n, t = Dim("gates", min=1, max=256), Dim("minutes", min=16, max=720)
build("gate163", GateFlow().eval(), gate_counts(8, 60), dynamic_shapes=({0: n, 1: t}, {0: n}))
n, l = Dim("tours", min=1, max=64), Dim("stops", min=3, max=30)
build("tour163", TourPlan().eval(), (routes(4, 10),), dynamic_shapes=({0: n, 1: l},))
# the ferry crossings to the island cities (26..29): the tour manager wrote the surcharge in
# Python and wrapped it as a custom op
@torch.library.custom_op("circus163::ferry_km", mutates_args=())
def ferry_km(route: torch.Tensor) -> torch.Tensor:
    island = (route >= 26).to(torch.float32)
    return ((island[:, 1:] - island[:, :-1]).abs() * 40.0).sum(1)
@ferry_km.register_fake
def _(route):
    return route.new_empty(route.shape[0], dtype=torch.float32)
class FerryTour(TourPlan):
    def forward(self, route):
        km, hours = super().forward(route)
        return km + torch.ops.circus163.ferry_km(route), hours
n, l = Dim("tours", min=1, max=64), Dim("stops", min=3, max=30)
build("ferry163", FerryTour().eval(), (routes(4, 10),), dynamic_shapes=({0: n, 1: l},))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"demand163", "seat163", "bot163", "rig163", "gate163", "tour163", "ferry163",
         "seat_nvc163"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "sold-out-adds-second-show-python-if", "export_failure", "export", """
class ExtraShow(Demand):
    # the promoter's rule: when the forecast exceeds the big top's seats, a matinee is added
    def forward(self, hist, venue, dow):
        f, ns = super().forward(hist, venue, dow)
        if (hist[:, -7:].mean(1) * 7.0 * self.dow[dow] > self.cap[venue]).any():
            f, ns = f * 2.0, ns * 2.0
        return f, ns
ep = torch.export.export(ExtraShow().eval(), sales(4, 60))
""", "The promoter's add-a-matinee rule is a Python if on whether the forecast tickets exceed the "
       "venue's seats, control flow on tensor data that torch.export cannot trace.",
       "Compute the doubled forecast with torch.where on the sold-out mask instead of a Python "
       "if.", match=r".")


def case_02():
    return _m("case_02", "tour-nearest-next-city-python-loop", "export_failure", "export", """
class GreedyTour(TourPlan):
    # the tour manager reorders the stops by the nearest-next-city heuristic inside forward
    def forward(self, route):
        order, left = [0], list(range(1, route.shape[1]))
        while left:
            d = torch.stack([self.km[route[0, order[-1]], route[0, j]] for j in left])
            order.append(left.pop(int(d.argmin())))
        return super().forward(route[:, order])
ep = torch.export.export(GreedyTour().eval(), (routes(4, 10),))
""", "The nearest-next-city reordering of the tour stops picks each next stop with "
       "int(d.argmin()) on the distances, a Python int taken from tensor data that torch.export "
       "cannot know while tracing.", "Plan the stop order outside the model (or with a fixed "
       "tensor algorithm) and export only the distance sum.", match=r".")


def case_03():
    return _m("case_03", "rig-window-from-first-overload-sample", "export_failure", "export", """
class OverloadWindow(RigNet):
    # the rigging chief only wants the trace from one second before the first overload
    def forward(self, load):
        i = int((load[0].sum(0) > SWL).float().argmax())
        return super().forward(load[:, :, max(i - 100, 0):])
ep = torch.export.export(OverloadWindow().eval(), (rig_traces(4, 1000),))
""", "The rig model slices the trace from the first sample above the safe working load, found "
       "with int(argmax) on the load-cell data, a start index that torch.export cannot know "
       "while tracing.", "Mask the samples before the overload with tensor ops instead of "
       "slicing at a data-dependent index.", match=r".")


def case_04():
    return _m("case_04", "gate-flow-exported-from-single-gate-pilot", "dynamic_shape_guard", "export", """
from torch.export import Dim
n, t = Dim("gates", min=1, max=256), Dim("minutes", min=16, max=720)
# the example is the pilot night, when only the VIP gate had a people counter
counts, gate = gate_counts(1, 60)
ep = torch.export.export(GateFlow().eval(), (counts, gate), dynamic_shapes=({0: n, 1: t}, {0: n}))
""", "The gate-flow model is exported with a dynamic gates Dim from the pilot night's counts of "
       "a single gate, so export specialises the gates axis to 1 and refuses the Dim.",
       "Export from an example with at least 2 gates.",
       match=r"Constraints|gates|specializ|constant|1")


def case_05():
    return _m("case_05", "demand-dynamic-shapes-without-weekday-entry", "dynamic_shape_guard", "export", """
from torch.export import Dim
n, d = Dim("shows", min=1, max=512), Dim("days", min=8, max=365)
# the weekday input was added last season; the export script's dynamic_shapes was not updated
ep = torch.export.export(Demand().eval(), sales(4, 60), dynamic_shapes=({0: n, 1: d}, {0: n}))
""", "The weekday input was added to the demand model but the export script's dynamic_shapes "
       "still lists only the sales history and the venue, two entries for three inputs, so "
       "export refuses the specification.", "Give one dynamic_shapes entry per input "
       "(({0: n, 1: d}, {0: n}, {0: n})).", match=r"dynamic_shapes|length|len|structure|3|2")


# ------------------------------------------------------------------------ run: dynamic dims
def case_06():
    return _d("case_06", "demand-two-seasons-of-daily-sales", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{demand163}")
# the season review sends both seasons of daily ticket sales (730 days) in one call
hist, venue, dow = sales(4, 730)
f, ns = m(hist, venue, dow)
""", "The season review sends two seasons (730 days) of daily ticket sales, above the longest "
       "history the demand package accepts (its days Dim was declared with max=365).",
       "Send the last weeks only (hist[:, -365:]); the forecast uses the last 7 days.",
       needs=("r",), env=CHECK, match=r"too large|range|bound|<=")


def case_07():
    return _d("case_07", "rig-half-second-snapshot-from-winch-panel", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rig163}")
# the new winch control panel sends a 0.5 s snapshot (50 samples) when the act starts
p, peak = m(rig_traces(4, 50))
""", "The winch control panel sends 0.5 s snapshots of 50 samples, below the shortest trace the "
       "rig package accepts (its samples Dim was declared with min=200).", "Buffer at least 2 s "
       "(200 samples) per call (or re-export with a smaller min).", needs=("s",), env=CHECK,
       match=r"too small|range|bound|>=")


def case_08():
    return _d("case_08", "tour-residency-single-city", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{tour163}")
# the winter residency stays in one city: its route has a single stop
route = torch.tensor([[7], [12], [3]])
km, hours = m(route)
""", "The winter residency's route has a single stop (one city), below the shortest route the "
       "tour package accepts (its stops Dim was declared with min=3).", "Skip the planner for "
       "single-city residencies (0 km), or pad the route with the depot city.", needs=("s",),
       env=CHECK, match=r"too small|range|bound|>=")


# ------------------------------------------------------------------------ run: inputs
def case_09():
    return _d("case_09", "seat-days-to-show-as-int64-date-diff", "input_mismatch", "run", """
import datetime as dt
m = torch._inductor.aoti_load_package("{seat163}")
section, _, sold, resale = seats(4)
# days to the show from the calendar: (show date - today).days, whole days as int64
today = dt.date(2025, 5, 2)
shows = [dt.date(2025, 5, 9), dt.date(2025, 5, 10), dt.date(2025, 6, 14), dt.date(2025, 7, 1)]
days = torch.tensor([(s - today).days for s in shows])
price, fee = m(section, days, sold, resale)
""", "The days to the show are computed from calendar dates as whole days, an int64 tensor, while "
       "the seat package was exported for float32 days.", "Convert the days with .float() "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype|type|Long|Float|int|float")


def case_10():
    return _d("case_10", "bot-checkout-with-new-captcha-feature", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bot163}")
gaps, feats, channel = checkouts(64, 32)
# the checkout page now logs the captcha solve time too: a fifth order feature
feats = torch.cat([feats, 2.0 + 8.0 * torch.rand(64, 1)], 1)
p = m(gaps, feats, channel)
""", "The checkout log gained a fifth order feature (captcha solve time), so the features arrive "
       "as (sessions, 5) while the bot package was exported for 4.", "Drop the new column (or "
       "retrain and re-export with 5 features).", needs=("r",), env=CHECK,
       match=r"dim|size|shape|stride")


def case_11():
    return _d("case_11", "rig-csv-samples-by-load-cells", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{rig163}")
# the load-cell logger's CSV has one row per sample and one column per cell: (rigs, samples, 4)
load = rig_traces(4, 1000).transpose(1, 2).contiguous()
p, peak = m(load)
""", "The load-cell logger's CSV gives each trace as (samples, 4) rows, so the traces arrive as "
       "(rigs, samples, 4) while the rig package was exported for (rigs, 4, samples).",
       "Transpose to (rigs, 4, samples) before the call.", needs=("s",), env=CHECK,
       match=r"dim|size|shape|stride")


def case_12():
    return _d("case_12", "gate-counts-int64-from-turnstile-api", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{gate163}")
counts, gate = gate_counts(8, 60)
# the turnstile API returns whole people per minute: int64
counts = counts.long()
nxt, load = m(counts, gate)
""", "The turnstile API returns the people per minute as whole numbers (int64), while the gate "
       "package was exported for float32 counts.", "Convert the counts with .float() before "
       "the call.", needs=("s",), env=CHECK, match=r"dtype|type|Long|Float|int|float")


# -------------------------------------------------------------------- run: indices
def case_13():
    return _d("case_13", "demand-new-venue-added-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{demand163}")
hist, venue, dow = sales(4, 60)
# the autumn leg adds a new arena, venue 16 in the tour database
venue[1] = 16
f, ns = m(hist, venue, dow)
""", "The autumn leg's new arena was added to the tour database as venue 16 after the demand "
       "model was exported, so it indexes past the package's 16-row capacity table.",
       "Re-export the model with the new venue's capacity and no-show rate.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_14():
    return _d("case_14", "seat-printed-section-numbers", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{seat163}")
_, days, sold, resale = seats(6)
# the seat map prints the sections as 101..110 on the tickets
section = torch.tensor([101, 103, 104, 107, 110, 102])
price, fee = m(section, days, sold, resale)
""", "The section numbers printed on the tickets (101..110) are passed instead of the section "
       "rows 0..9, so they index past the seat package's 10-row price table.",
       "Map printed section numbers to rows (number - 101) before the call.", needs=("r",),
       match=r"out of bounds|index|Abort")


def case_15():
    return _d("case_15", "tour-booking-system-city-ids-from-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tour163}")
# the booking system numbers the tour cities 1..30
route = routes(4, 10) + 1
route[0, 3] = 30
km, hours = m(route)
""", "The booking system numbers the tour cities from 1 (1..30), so city 30 indexes past the "
       "tour package's 30-row distance matrix.", "Subtract 1 from the booking system's city "
       "ids before the call.", needs=("s",), match=r"out of bounds|index|Abort")


def case_16():
    return _d("case_16", "gate-rfid-reader-ids-as-gates", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gate163}")
counts, _ = gate_counts(8, 60)
# the turnstile controller reports the RFID reader id of each lane (3001..3024)
gate = torch.tensor([3001, 3004, 3007, 3010, 3013, 3016, 3019, 3024])
nxt, load = m(counts, gate)
""", "The turnstile controller's RFID reader ids (3001..3024) are passed as the gate instead of "
       "the gate row 0..23, so they index past the gate package's 24-row capacity table.",
       "Map reader ids to gate rows (id - 3001) before the call.", needs=("s",),
       match=r"out of bounds|index|Abort")


# -------------------------------------------------------------------- run: values
def case_17():
    return _d("case_17", "seat-resale-median-in-cents", "numerical", "run", """
m = torch._inductor.aoti_load_package("{seat163}")
section, days, sold, resale = seats(8)
# the resale marketplace's API gives prices in cents
price, fee = m(section, days, sold, resale * 100.0)
ref = price_ref(section, days, sold, resale)
assert ((price - ref).abs() / ref).max() < 0.05, f"price USD: {price} vs {ref}"
""", "The resale marketplace's API gives the median resale price in cents, fed where the seat "
       "model expects dollars, so every recommended price hits the 2.5x cap, without an "
       "error.", "Divide the resale prices by 100 before the call.", needs=("r",),
       match=r"AssertionError")


def case_18():
    return _d("case_18", "demand-evening-show-weekday-from-utc", "numerical", "run", """
import datetime as dt
m = torch._inductor.aoti_load_package("{demand163}")
hist, venue, _ = sales(4, 60)
# the North American leg (UTC-5): evening shows Tuesday..Friday at 20:30 local time
local = [dt.datetime(2025, 6, d, 20, 30) for d in (3, 4, 5, 6)]
# the ticketing database stores show times in UTC; the weekday is taken from it
utc = [s + dt.timedelta(hours=5) for s in local]
f, ns = m(hist, venue, torch.tensor([s.weekday() for s in utc]))
ref = demand_ref(hist, venue, torch.tensor([s.weekday() for s in local]))
assert ((f - ref).abs() / ref).max() < 0.05, f"tickets: {f} vs {ref}"
""", "The weekday of the 20:30 evening shows is taken from the UTC show time, which is already "
       "the next day, so every show gets the next weekday's factor (Friday's show Saturday's), "
       "without an error.", "Take the weekday from the show time in the venue's local time "
       "zone.", needs=("r",), match=r"AssertionError")


def case_19():
    return _d("case_19", "rig-new-load-cells-report-kilonewtons", "numerical", "run", """
m = torch._inductor.aoti_load_package("{rig163}")
load = rig_traces(4, 1000)
# the new wireless shackle load cells report kN, not kg
p, peak = m(load * 9.80665 / 1000.0)
ref = rig_ref(load)
assert ((peak - ref).abs() / ref).max() < 0.05, f"peak kg: {peak} vs {ref}"
""", "The new wireless shackle load cells report kN, fed where the rig model expects kg, so the "
       "peak load on the trapeze rig point reads about 100 times too low, without an error.",
       "Convert kN to kg (x 1000 / 9.80665) before the call.", needs=("s",),
       match=r"AssertionError")


def case_20():
    return _d("case_20", "gate-counts-per-five-minute-bucket", "numerical", "run", """
m = torch._inductor.aoti_load_package("{gate163}")
counts, gate = gate_counts(8, 60)
# the new overhead counting cameras report people per 5-minute bucket, not per minute
buckets = counts.reshape(8, 12, 5).sum(-1)
nxt, load = m(buckets.repeat_interleave(5, 1), gate)
ref = flow_ref(counts)
assert ((nxt - ref).abs() / ref).max() < 0.25, f"people next 15 min: {nxt} vs {ref}"
""", "The new overhead counting cameras report people per 5-minute bucket, fed where the gate "
       "model expects people per minute, so the expected crowd at each gate is about 5 times "
       "too high, without an error.", "Divide the bucket counts by 5 (per minute) before the "
       "call.", needs=("s",), match=r"AssertionError")


def case_21():
    return _m("case_21", "bot-retrained-on-presale-eager-only", "numerical", "run", """
m = torch._inductor.aoti_load_package("{bot163}")
# the fraud team retrained the detector after the presale bot wave; the new weights are loaded
# into the eager model, but the checkout service still serves the old package
torch.manual_seed(11)
model = BotNet().eval()
gaps, feats, channel = checkouts(64, 32)
p = m(gaps, feats, channel)
with torch.no_grad():
    want = model(gaps, feats, channel)
assert torch.allclose(p, want, atol=1e-3), f"bot probability: {p[:4]} vs {want[:4]}"
""", "The fraud team's retrained bot detector was loaded into the eager model, but the checkout "
       "service still runs the package compiled before, which carries the old weights baked in, "
       "so its bot probabilities differ, without an error.", "Re-export and re-compile after "
       "retraining (or push the new weights with load_constants).", needs=("r",),
       match=r"AssertionError")


def case_22():
    return _d("case_22", "demand-new-show-presale-days-as-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{demand163}")
hist, venue, dow = sales(4, 60)
# the ticketing export fills the days before the presale opened (3 days ago) with NaN
hist[2, :-3] = float("nan")
f, ns = m(hist, venue, dow)
assert torch.isfinite(f).all(), f"tickets: {f}"
""", "The ticketing export fills the days before a new show's presale opened with NaN, and the "
       "last 7 days include them, so that show's ticket forecast is NaN, without an error.",
       "Fill the days before the presale with 0 (or forecast from the days since opening).",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _m("case_23", "demand-eager-state-dict-with-folded-weekday-table", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{demand163}")
# the operations team updates the capacities in the eager model and pushes its whole state_dict
model = Demand().eval()
model.cap[:] = venue_capacity() * 1.1
m.load_constants(model.state_dict(), check_full_update=True)
f, ns = m(*sales(4, 60))
""", "The eager model's whole state_dict is pushed into the demand package, but the package "
       "holds no constant for the weekday factor table dow (AOTI baked the small table into the "
       "compiled code), so the update names a constant the package does not have.", "Push only "
       "the constants the package lists (m.get_constant_fqns()), here cap and noshow.",
       needs=("r",), match=r"dow|[Cc]onstant|not found")


def case_24():
    return _d("case_24", "seat-season-price-sheet-pushed-as-float64", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{seat163}")
# the finance team's new season price sheet, read from its JSON export as float64
sheet = {"base": [159., 129., 105., 95., 85., 75., 65., 52., 42., 32.],
         "fee": [12., 10., 9., 8., 7., 6., 5., 4., 4., 3.]}
m.load_constants({k: torch.tensor(v, dtype=torch.float64) for k, v in sheet.items()},
                 check_full_update=True)
section, days, sold, resale = seats(8)
price, fee = m(section, days, sold, resale)
want = torch.tensor(sheet["fee"])[section]
assert torch.allclose(fee, want), f"service fee USD: {fee} vs {want}"
""", "The new season's price sheet is pushed into the seat package as float64 tensors, which "
       "load_constants takes for the float32 price and fee constants without converting them, "
       "so the package reads the float64 bytes as float32 and returns wrong prices and fees, "
       "without an error.", "Convert the sheet to float32 (dtype=torch.float32) before "
       "load_constants.", needs=("r",), match=r"AssertionError")


# ----------------------------------------------------------------- run: resources, device, ops
def case_25():
    return _d("case_25", "bot-whole-onsale-rush-memory-margin", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{bot163}")
# the post-mortem of the on-sale rush scores every checkout session (1.2 million) in one call
gaps, feats, channel = checkouts(1200000, 32)
# the fraud service's container leaves 64 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 64 * 2**20, vm + 64 * 2**20))
p = m(gaps, feats, channel)
""", "The on-sale rush post-mortem scores all 1.2 million checkout sessions in one call, and the "
       "buffers the call allocates exceed the fraud service container's 64 MiB memory margin.",
       "Score the sessions in batches of a few tens of thousands.", needs=("r",),
       match=r"[Mm]emory|alloc")


def case_26():
    return _d("case_26", "gate-device-from-cuda-visible-devices", "device_mismatch", "run", """
import os
m = torch._inductor.aoti_load_package("{gate163}")
# the gate-camera box's image comes from a GPU base image whose Dockerfile sets
# CUDA_VISIBLE_DEVICES=0; the service uses the GPU when that variable is set
dev = "cuda" if os.environ.get("CUDA_VISIBLE_DEVICES") else "cpu"
counts, gate = (x.to(dev) for x in gate_counts(8, 60))
nxt, load = m(counts, gate)
""", "The gate service picks the GPU whenever CUDA_VISIBLE_DEVICES is set, which the GPU base "
       "image sets on the CPU-only gate-camera box (the gate package was compiled for CPU).",
       "Choose the device with torch.cuda.is_available() (or from the package) instead of the "
       "environment variable.", needs=("s",), env={"CUDA_VISIBLE_DEVICES": "0"},
       match=r"CUDA|cuda|NVIDIA|driver|device|accelerator")


def case_27():
    return _m("case_27", "seat-built-in-gpu-devcontainer-nvcxx", "compile_toolchain", "compile", """
# compiled in the ticketing team's GPU devcontainer, whose profile sets CXX to NVIDIA's nvc++
ep = torch.export.export(SeatPrice().eval(), seats(16))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/seat_nvc163.pt2")
""", "The ticketing team's GPU devcontainer profile sets CXX=nvc++ (the NVIDIA HPC SDK compiler), "
       "which is not installed on this build host, so AOTI cannot compile the package.",
       "Unset CXX (or point it at the installed g++) before compiling.", env={"CXX": "nvc++"},
       match=r"nvc\+\+|InvalidCxxCompiler|No such file|not found|compile")


def case_28():
    return _d("case_28", "booking-server-without-ferry-op", "unsupported", "run", """
m = torch._inductor.aoti_load_package("{ferry163}")
# the booking server loads the package without importing the tour module that registers
# circus163::ferry_km
km, hours = m(routes(4, 10))
""", "The tour package calls the Python-only custom op circus163::ferry_km through the proxy "
       "executor, and the booking server never registers it (the tour module that defines it "
       "is not imported).", "Import the module that registers the op before loading, or write "
       "the ferry surcharge with tensor ops.", needs=("s",),
       match=r"circus163|ferry_km|schema|operator")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28]

DROPPED = []
TRIED = [
    "demand-capacity-table-with-new-venue-row (constant_loading; was case_23): a 17-row venue "
    "capacity table (with the autumn leg's new arena) pushed with load_constants({'cap': cap17, "
    "'noshow': ...}, check_full_update=True) into the demand package whose cap constant has 16 "
    "rows; accepted without an error on torch 2.15.0+cu132, and the call ran.",
    "seat-price-table-only-with-full-update (constant_loading; was case_24): only the new base "
    "price table pushed with load_constants({'base': ...}, check_full_update=True), the fee table "
    "left out; no error on torch 2.15.0+cu132.",
]
# TRIED: the two above. DROPPED: none (trials 1 and 2, torch 2.15.0+cu132).
# Trigger bugs fixed after trial 1 (before the recorded run): the stops Dim of tour163 / ferry163
# was declared with min=2, but forward pairs route[:, :-1] with route[:, 1:], so export added the
# guard stops - 1 != 1 and both packages did not build (case_08, 15, 28 failed at load); the
# Dim is now min=3 (case_08's cause sentence says min=3). The first case_23 also pushed a 'dow'
# key and failed with 'Constant not found: dow', not as its cause said; without that key it did
# not fail (TRIED). case_23 and case_24 were then replaced by two new constant_loading triggers.
# Not written (found by the grep before any trial): isoweekday() 1..7 weekday ids (live_blind52,
# 151, 154); device chosen by torch.backends.cudnn.is_available() (live_blind153) or by
# torch.version.cuda (live_blind129); torch.set_default_device / .to(0) / with torch.device
# (many sets); aarch64 / clang++ / mingw cross compilers in CXX or cpp.cxx (live_blind138, 146,
# 150, 153, 161); a kWh register rollover (live_blind120), so no turnstile counter rollover;
# 65535 sentinels (several sets); -999 load-cell dropouts (live_blind143); lbf load cells
# (live_blind158); seat ids row*100+seat and a new choir section (live_blind149); the legacy
# torch._export.aot_compile / aot_load (did not fail in live_blind145 / 150).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind163.jsonl",
        url_file="benchmarks/live_blind163.py", id_prefix="live163", stems=STEMS,
        scratch_prefix="live_blind163-", description=__doc__.splitlines()[0]))
