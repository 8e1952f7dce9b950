"""A hundred-and-tenth blind set of REAL AOTInductor failures (hospitality and travel models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind110.py [--out benchmarks/live_blind110.jsonl] [--keep]

Theme: hospitality and travel (a hotel room-price model over booking calendars of varying
length, a booking-cancellation classifier over mixed numeric / categorical features, a
next-destination recommender over session clicks, a room-upgrade propensity scorer, a hotel KPI
(occupancy / ADR / RevPAR) model and a check-in ID-document photo quality model), exported, compiled, loaded and run as a travel-platform ML engineer would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py
.. live_blind109.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
NF = 5   # per-night calendar features: occupancy 0..1, rooms on the books, competitor rate (EUR),
         # days until the night (lead), weekend flag
MEAN = [0.70, 80.0, 140.0, 60.0, 0.28]
STD = [0.20, 40.0, 50.0, 50.0, 0.45]

class RateNet(torch.nn.Module):
    # price multiplier for each hotel from its forward booking calendar (hotels, nights, NF)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(MEAN))
        self.register_buffer("std", torch.tensor(STD))
        self.conv = torch.nn.Conv1d(NF, 16, 3, padding=1)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, cal):
        z = ((cal - self.mean) / self.std).transpose(1, 2)
        return self.head(torch.relu(self.conv(z)).mean(-1)).squeeze(-1)

class DocQuality(torch.nn.Module):
    # blur / glare / cropped scores of a guest's ID-document photo at check-in (b, 3, 64, 64)
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.c2 = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.head = torch.nn.Linear(16, 3)
    def forward(self, img):
        h = torch.relu(self.c2(torch.relu(self.c1(img))))
        return torch.sigmoid(self.head(h.mean((2, 3))))

class CancelNet(torch.nn.Module):
    # P(cancel) from 6 numeric columns (lead_time days, adr EUR, nights, adults, children,
    # special requests) and 3 categorical codes (market segment 8, deposit type 3, country 60)
    def __init__(self):
        super().__init__()
        self.seg = torch.nn.Embedding(8, 4)
        self.dep = torch.nn.Embedding(3, 2)
        self.ctry = torch.nn.Embedding(60, 8)
        self.lin = torch.nn.Linear(6 + 14, 1)
    def forward(self, num, cat):
        x = torch.cat([torch.log1p(num[:, :2]), num[:, 2:]], -1)     # lead time and adr are skewed
        e = torch.cat([self.seg(cat[:, 0]), self.dep(cat[:, 1]), self.ctry(cat[:, 2])], -1)
        return torch.sigmoid(self.lin(torch.cat([x, e], -1))).squeeze(-1)

def calendars(h=4, n=28):
    occ = (0.6 + 0.3 * torch.rand(h, n)).clamp(0, 1)
    books = occ * 120
    comp = 120 + 40 * torch.rand(h, n)
    lead = torch.arange(n).float().expand(h, n)
    wkend = ((torch.arange(n) % 7) >= 5).float().expand(h, n)
    return torch.stack([occ, books, comp, lead, wkend], -1)

def bookings(b=8):
    num = torch.stack([torch.randint(0, 300, (b,)).float(), 60 + 100 * torch.rand(b),
                       torch.randint(1, 8, (b,)).float(), torch.randint(1, 3, (b,)).float(),
                       torch.randint(0, 2, (b,)).float(), torch.randint(0, 3, (b,)).float()], -1)
    cat = torch.stack([torch.randint(0, 8, (b,)), torch.randint(0, 3, (b,)),
                       torch.randint(0, 60, (b,))], -1)
    return num, cat
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
h, n = Dim("hotels", min=1, max=64), Dim("nights", min=7, max=365)
build("rate110", RateNet().eval(), (calendars(4, 28),), dynamic_shapes=({0: h, 1: n},))
p = Dim("photos", min=1, max=16)
build("doc110", DocQuality().eval(), (torch.rand(2, 3, 64, 64),), dynamic_shapes=({0: p},))
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
class NextDest(torch.nn.Module):
    # next destination from a session's clicked destinations (500 destinations), restricted to
    # the destinations reachable within the traveller's budget
    def __init__(self):
        super().__init__()
        self.dest = torch.nn.Embedding(500, 16)
    def forward(self, clicks, reachable):
        s = self.dest(clicks).mean(1) @ self.dest.weight.t()
        return torch.softmax(s.masked_fill(~reachable, float("-inf")), -1)

class Upgrade(torch.nn.Module):
    # P(accepts a paid room upgrade): booked room category (6 categories, 0-based), loyalty
    # points (thousands), price difference (EUR), hotel occupancy
    def __init__(self):
        super().__init__()
        self.room = torch.nn.Embedding(6, 4)
        self.lin = torch.nn.Linear(4 + 3, 1)
    def forward(self, room, x):
        return torch.sigmoid(self.lin(torch.cat([self.room(room), x], -1))).squeeze(-1)

class Kpi(torch.nn.Module):
    # occupancy, ADR and RevPAR per hotel-night from rooms sold, rooms available, room revenue
    def forward(self, sold, avail, revenue):
        return torch.stack([sold / avail, revenue / sold, revenue / avail], -1)

b = Dim("bookings", min=1, max=1024)
build("cancel110", CancelNet().eval(), bookings(8), dynamic_shapes=({0: b}, {0: b}))
s, c = Dim("sessions", min=1, max=64), Dim("clicks", min=2, max=50)
build("dest110", NextDest().eval(), (torch.randint(0, 500, (4, 6)), torch.ones(4, 500, dtype=torch.bool)),
      dynamic_shapes=({0: s, 1: c}, {0: s}))
build("upg110", Upgrade().eval(), (torch.randint(0, 6, (8,)), torch.rand(8, 3)))
k = Dim("hotel_nights", min=2, max=4096)
build("kpi110", Kpi(), (torch.full((8,), 90.0), torch.full((8,), 120.0), torch.full((8,), 11000.0)),
      dynamic_shapes=({0: k}, {0: k}, {0: k}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"rate110", "doc110", "cancel110", "dest110", "upg110", "kpi110", "kyc110",
         "ab110"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "sold-out-night-surcharge-branch", "export_failure", "export", """
class SoldOutRate(RateNet):
    # revenue management rule: a 25 % surcharge whenever a night in the window is sold out
    def forward(self, cal):
        base = super().forward(cal)
        if (cal[..., 0] >= 1.0).any():
            return base * 1.25
        return base
ep = torch.export.export(SoldOutRate().eval(), (calendars(4, 28),))
""", "The pricing rule branches in Python on whether any night of the calendar is sold out "
       "(occupancy >= 1), control flow on tensor data that torch.export cannot trace.",
       "Express the surcharge with torch.where on the sold-out mask (or apply the rule outside "
       "the exported model).", match=r".")


def case_02():
    return _m("case_02", "length-of-stay-night-loop", "export_failure", "export", """
class StayPrice(RateNet):
    # total price of a stay: loop over the nights of the longest stay in the batch
    def forward(self, cal, stay_nights):
        mult = super().forward(cal)
        total = torch.zeros(cal.shape[0])
        for i in range(int(stay_nights.max())):
            total = total + cal[:, i, 2] * mult * (i < stay_nights).float()
        return total
ep = torch.export.export(StayPrice().eval(), (calendars(4, 28), torch.tensor([2, 3, 7, 1])))
""", "The stay price loops over range(int(stay_nights.max())), a Python int taken from the "
       "length-of-stay tensor, a data-dependent value export cannot specialise.",
       "Loop over the static calendar length with a mask (nights < stay_nights) instead of the "
       "data-dependent maximum.", match=r".")


def case_03():
    return _m("case_03", "destination-country-dict-lookup", "export_failure", "export", """
COUNTRY_OF = {d: d // 25 for d in range(500)}       # destination id -> country id (20 countries)
class CountryClicks(torch.nn.Module):
    # country-level interest of a session: map clicked destinations to countries in Python
    def __init__(self):
        super().__init__()
        self.ctry = torch.nn.Embedding(20, 8)
    def forward(self, clicks):
        ids = torch.tensor([COUNTRY_OF[d] for d in clicks.flatten().tolist()]).view(clicks.shape)
        return self.ctry(ids).mean(1)
ep = torch.export.export(CountryClicks(), (torch.randint(0, 500, (4, 6)),))
""", "The model maps clicked destination ids to countries with a Python dict over "
       "clicks.tolist() inside forward, turning tensor data into Python values export cannot "
       "trace.", "Store the destination->country table as a buffer and index it with the click "
       "tensor (country_of[clicks]).", match=r".")


def case_04():
    return _m("case_04", "day-of-year-season-buffer", "dynamic_shape_guard", "export", """
from torch.export import Dim
class SeasonalRate(RateNet):
    # a fixed day-of-year seasonality curve (365 values) added to the calendar's occupancy
    def __init__(self):
        super().__init__()
        self.register_buffer("season", 0.1 * torch.sin(torch.arange(365.0) / 365 * 6.2832))
    def forward(self, cal):
        occ = cal[..., 0] + self.season
        return super().forward(torch.cat([occ.unsqueeze(-1), cal[..., 1:]], -1))
h, n = Dim("hotels", min=1, max=64), Dim("nights", min=7, max=365)
ep = torch.export.export(SeasonalRate().eval(), (calendars(4, 365),), dynamic_shapes=({0: h, 1: n},))
""", "The model adds a fixed 365-value day-of-year seasonality buffer to the calendar, which "
       "forces the nights dimension to be exactly 365 while it is declared dynamic (7..365).",
       "Index the seasonality by each night's day of year (season[doy]) instead of adding the "
       "whole curve, or keep the nights dimension static at 365.", match=r".")


def case_06():
    return _m("case_06", "booking-dict-dynamic-shapes-tuple", "dynamic_shape_guard", "export", """
from torch.export import Dim
class CancelFromRecord(CancelNet):
    # the booking service passes one dict per batch: {"num": ..., "cat": ...}
    def forward(self, booking):
        return super().forward(booking["num"], booking["cat"])
b = Dim("bookings", min=1, max=1024)
num, cat = bookings(8)
ep = torch.export.export(CancelFromRecord().eval(), ({"num": num, "cat": cat},),
                         dynamic_shapes=(({0: b}, {0: b}),))
""", "The cancellation model takes one dict {'num', 'cat'}, but dynamic_shapes gives a tuple of "
       "two specs for it, whose nesting does not match the dict input.",
       "Give the spec the input's structure: ({'num': {0: b}, 'cat': {0: b}},).", match=r".")


def case_09():
    return _c("case_09", "pms-calendar-integer-export", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{rate110}")
# the property-management system's JSON export: every calendar field as a whole number
# (occupancy 0/1 sold-out flag, rooms, rate in EUR, lead days, weekend flag)
pms = [[[0, 94, 139, d, int(d % 7 >= 5)] for d in range(28)] for _ in range(4)]
mult = m(torch.tensor(pms))
""", "The property-management system's calendar arrives as JSON integers, so torch.tensor gives "
       "an int64 calendar while the rate package was exported for float32.",
       "Build the tensor with dtype=torch.float32 (or .float() it) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Long|Float")


def case_10():
    return _m("case_10", "category-codes-int8", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{cancel110}")
num, _ = bookings(8)
# pandas' df[col].cat.codes are int8 for categories with fewer than 128 levels
codes = np.stack([np.random.randint(0, 8, 8), np.random.randint(0, 3, 8),
                  np.random.randint(0, 60, 8)], -1).astype(np.int8)
p = m(num, torch.from_numpy(codes))
""", "The categorical columns come from pandas category codes, which are int8 for fewer than 128 "
       "levels, while the cancellation package was exported with int64 codes.",
       "Cast the codes to int64 (codes.astype(np.int64) / .long()) before the call.",
       needs=("s",), env=CHECK, match=r"dtype|Char|Long")


def case_11():
    return _m("case_11", "hotel-type-one-hot-columns", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cancel110}")
num, cat = bookings(8)
# get_dummies(hotel) adds City Hotel / Resort Hotel columns to the numeric block
hotel = torch.nn.functional.one_hot(torch.randint(0, 2, (8,)), 2).float()
p = m(torch.cat([num, hotel], -1), cat)
""", "The feature pipeline one-hot encodes the hotel type (City / Resort) into the numeric "
       "block, giving 8 numeric columns while the package was exported for 6.",
       "Drop the hotel-type dummies (or re-export the model with them).",
       needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_12():
    return _c("case_12", "passport-photo-portrait", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{doc110}")
# passport photo pages are scanned in portrait, 2:3 (96 x 64) by the kiosk
scans = torch.rand(2, 3, 96, 64)
q = m(scans)
""", "The check-in kiosk scans passport pages in portrait 96 x 64, while the document-quality "
       "package was exported for 64 x 64 photos.",
       "Resize / crop the scans to 64 x 64 (or export with dynamic height and width).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_13():
    return _m("case_13", "booking-frame-as-one-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cancel110}")
num, cat = bookings(8)
frame = torch.cat([num, cat.float()], -1)          # the whole booking DataFrame as one tensor
p = m(frame)
""", "The whole booking frame (6 numeric + 3 categorical columns) is passed as one float tensor, "
       "while the package takes two inputs (numeric block, int64 category codes).",
       "Split the frame into the numeric float32 block and the int64 code block and pass both.",
       needs=("s",), env=CHECK, match=r".")


def case_14():
    return _m("case_14", "eighteen-month-rate-calendar", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rate110}")
cal = calendars(4, 540)                             # groups sell 18 months ahead
mult = m(cal)
""", "The group-sales desk prices 18 months ahead, a 540-night calendar, above the nights Dim's "
       "exported max=365.", "Price in windows of at most 365 nights (or export with a larger "
       "max).", needs=("r",), env=CHECK, match=r"365|too large|range|bound")


def case_15():
    return _m("case_15", "weekend-getaway-two-nights", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rate110}")
cal = calendars(4, 2)                               # Friday and Saturday only
mult = m(cal)
""", "A weekend-getaway search sends only the 2 nights of the stay, below the nights Dim's "
       "exported min=7.", "Send at least the 7-night calendar window around the stay (or export "
       "with min=2).", needs=("r",), env=CHECK, match=r"7|too small|range|bound")


def case_16():
    return _m("case_16", "whole-chain-in-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rate110}")
cal = calendars(300, 28)                            # every property of the chain at once
mult = m(cal)
""", "The nightly repricing job sends all 300 properties of the chain in one call, above the "
       "hotels Dim's exported max=64.", "Reprice in chunks of at most 64 hotels (or export with "
       "a larger max).", needs=("r",), env=CHECK, match=r"64|too large|range|bound")


def case_17():
    return _c("case_17", "single-click-session", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dest110}")
clicks = torch.tensor([[137], [42], [401]])         # users who clicked one destination so far
probs = m(clicks, torch.ones(3, 500, dtype=torch.bool))
""", "Sessions with a single destination click are sent to the recommender, below the clicks "
       "Dim's exported min=2.", "Serve a popularity fallback for one-click sessions (or export "
       "with min=1 and an example of 2+).", needs=("s",), env=CHECK,
       match=r"2|too small|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_18():
    return _c("case_18", "newly-listed-destination-500", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dest110}")
clicks = torch.tensor([[12, 87, 500, 87], [3, 3, 44, 501]])   # Tbilisi and Ohrid added today
probs = m(clicks, torch.ones(2, 500, dtype=torch.bool))
""", "Destinations listed after the export get ids 500 and 501, outside the recommender's "
       "500-row destination embedding.",
       "Map new destinations to a reserved 'unknown' id until the model is re-trained.",
       needs=("s",), match=r"out of bounds|index")


def case_19():
    return _m("case_19", "missing-country-code-minus-one", "index_out_of_bounds", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{cancel110}")
num, cat = bookings(8)
# guests who did not give a country: pandas' cat.codes are -1 for NaN
country = np.array([12, 5, -1, 33, -1, 59, 0, 7], dtype=np.int8)
cat[:, 2] = torch.from_numpy(country.astype(np.int64))
p = m(num, cat)
""", "Bookings without a guest country get the category code -1 (pandas' code for NaN), a "
       "negative index into the cancellation model's 60-row country embedding.",
       "Fill missing countries with an 'unknown' category before encoding.",
       needs=("s",), match=r"out of bounds|index")


def case_20():
    return _c("case_20", "pms-room-category-one-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{upg110}")
room = torch.tensor([1, 2, 6, 3, 6, 4, 1, 5])       # PMS room categories are numbered 1..6
p = m(room, torch.rand(8, 3))
""", "The PMS numbers room categories 1..6, but the upgrade model's 6-row room embedding was "
       "trained on 0-based ids, so the suite category 6 is out of range.",
       "Subtract 1 from the PMS room category (0-based ids) before the call.",
       needs=("s",), match=r"out of bounds|index")


def case_21():
    return _c("case_21", "hotel-closed-for-renovation", "numerical", "run", """
m = torch._inductor.aoti_load_package("{kpi110}")
sold = torch.tensor([92., 88., 0., 0., 101.])
avail = torch.tensor([120., 120., 0., 0., 120.])     # nights 3-4: closed for renovation
revenue = torch.tensor([11500., 10900., 0., 0., 13200.])
kpi = m(sold, avail, revenue)
assert torch.isfinite(kpi).all(), f"hotel KPIs: {kpi}"
""", "On the nights the hotel is closed for renovation, rooms available and rooms sold are 0, so "
       "occupancy, ADR and RevPAR are 0/0 = NaN, without an error.",
       "Drop closed nights (rooms available 0) before the KPI model or define their KPIs as 0.",
       needs=("s",), match=r"AssertionError")


def case_22():
    return _c("case_22", "no-destination-within-budget", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dest110}")
clicks = torch.randint(0, 500, (3, 5))
reachable = torch.ones(3, 500, dtype=torch.bool)
reachable[1] = False                                # a 150 EUR budget: no destination fits
probs = m(clicks, reachable)
assert torch.isfinite(probs).all(), f"NaN rows: {(~torch.isfinite(probs)).any(-1)}"
""", "A traveller whose budget rules out every destination gets an all-False reachability mask, "
       "so the masked softmax is over all -inf scores and returns NaN.",
       "Detect sessions with no reachable destination and serve a fallback before the call.",
       needs=("s",), match=r"AssertionError")


def case_23():
    return _m("case_23", "booked-after-checkin-lead-time", "numerical", "run", """
m = torch._inductor.aoti_load_package("{cancel110}")
num, cat = bookings(8)
# OTA bookings stamped in UTC and arrivals in hotel local time: same-day bookings from the
# Americas get check-in before the booking date, lead_time = -2 days
num[[2, 5], 0] = -2.0
p = m(num, cat)
assert torch.isfinite(p).all(), f"P(cancel): {p}"
""", "Same-day OTA bookings stamped in UTC get a check-in date before the booking date, so "
       "lead_time is -2 days and log1p(-2) in the model gives NaN cancellation probabilities.",
       "Compute lead time in the hotel's local time and clip it at 0 before the call.",
       needs=("s",), match=r"AssertionError")


def case_24():
    return _m("case_24", "competitor-rates-in-yen", "numerical", "run", """
m = torch._inductor.aoti_load_package("{rate110}")
cal = calendars(4, 28)
eur = m(cal)
jp = cal.clone()
jp[..., 2] = jp[..., 2] * 162.0                     # the Tokyo rate shopper reports JPY
yen = m(jp)
assert ((yen - eur).abs() < 0.5 * eur.abs() + 0.5).all(), f"multiplier EUR {eur} vs JPY {yen}"
""", "The rate shopper for the Tokyo hotels reports competitor rates in JPY, about 162 times the "
       "EUR values the model was trained on, so the price multiplier is far off without an error.",
       "Convert competitor rates to EUR before building the calendar.",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_25():
    return _m("case_25", "treatment-arm-weights-into-control", "constant_loading", "run", """
class CancelDeep(CancelNet):
    # the A/B test's treatment arm: a two-layer head instead of one Linear
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Sequential(torch.nn.Linear(20, 32), torch.nn.ReLU(),
                                       torch.nn.Linear(32, 1))
m = torch._inductor.aoti_load_package("{cancel110}")
winner = CancelDeep().state_dict()                  # the treatment won the A/B test
m.load_constants(winner, check_full_update=False)
""", "The A/B test's winning treatment model (two-layer head lin.0 / lin.2) is loaded with "
       "load_constants into the control arm's package, whose head constants are lin.weight / "
       "lin.bias.", "Export and compile the treatment architecture as its own package; "
       "load_constants only refreshes weights of the same architecture.",
       needs=("s",), match=r".")


def case_26():
    return _m("case_26", "refit-bias-json-float64", "constant_loading", "run", """
import json
m = torch._inductor.aoti_load_package("{rate110}")
cal = calendars(4, 28)
assert (m(cal).abs() < 10).all()                    # plausible multipliers before the refresh
# the nightly refit publishes the conv bias as JSON; parsed into tensors it is float64
refit = json.loads(json.dumps({"conv.bias": [0.02, -0.01, 0.03, 0.0] * 4}))
m.load_constants({k: torch.tensor(v, dtype=torch.float64) for k, v in refit.items()},
                 check_full_update=False)
mult = m(cal)
assert (mult.abs() < 10).all(), f"price multipliers after the refresh: {mult}"
""", "The nightly refit's conv bias is parsed from JSON into a float64 tensor and loaded into "
       "the package, whose conv.bias constant is float32; the bytes are taken as they are and "
       "the price multipliers come out absurd, without an error.",
       "Build the constant tensors as float32 (dtype=torch.float32) before load_constants.",
       needs=("r",), match=r"AssertionError")


# ----------------------------------------------------------------------- run: resources
def case_27():
    return _m("case_27", "full-resolution-checkin-photos", "out_of_memory", "run", """
import resource
from torch.export import Dim
p, h, w = Dim("photos", min=1, max=64), Dim("h", min=16, max=4096), Dim("w", min=16, max=4096)
ep = torch.export.export(DocQuality().eval(), (torch.rand(2, 3, 64, 64),),
                         dynamic_shapes=({0: p, 2: 4 * h, 3: 4 * w},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/kyc110.pt2")
m = torch._inductor.aoti_load_package(pkg)
photos = torch.rand(12, 3, 3024, 4032)              # the morning's 12 phone photos, unresized
# the check-in worker's container: 512 MiB above the loaded model and the photos
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    q = m(photos)
""", "Twelve unresized 12-megapixel phone photos of ID documents are scored in one call by a "
       "worker with 512 MiB left; the first convolution's output (12 x 8 x 1512 x 2016 floats, "
       "1.2 GB) does not fit.", "Resize the photos to the model's resolution (or score them "
       "one by one).", match=r"memory|alloc")


# ------------------------------------------------------------------------ run: device
def case_28():
    return _m("case_28", "torchrun-local-rank-device", "device_mismatch", "run", """
import os
os.environ.setdefault("LOCAL_RANK", "1")            # set by torchrun for the second worker
m = torch._inductor.aoti_load_package("{cancel110}")
device = torch.device(f"cuda:{os.environ['LOCAL_RANK']}")   # the GPU batch-scoring launcher
num, cat = bookings(8)
p = m(num.to(device), cat.to(device))
""", "The nightly cancellation scoring is launched with the GPU cluster's torchrun script, which "
       "moves the bookings to cuda:LOCAL_RANK, on a CPU-only host with a CPU-compiled package.",
       "Pick the device from the package / host (cpu here) instead of the launcher's LOCAL_RANK.",
       needs=("s",), match=r"CUDA|cuda")


CASES = [case_01, case_02, case_03, case_04, case_06, case_09, case_10, case_11, case_12,
         case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20, case_21,
         case_22, case_23, case_24, case_25, case_26, case_27, case_28]
# Numbers 05, 07 and 08 were removed before any trial: the grep found their triggers in earlier
# sets (two Dims named alike with different ranges, live_blind78; an unpadded filter with a Dim
# min below its kernel, live_blind105; torch.linalg.lstsq in forward, live_blind52).
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind110.jsonl",
        url_file="benchmarks/live_blind110.py", id_prefix="live110", stems=STEMS,
        scratch_prefix="live_blind110-", description=__doc__.splitlines()[0]))
