"""A hundred-and-fiftieth blind set of REAL AOTInductor failures (parking garages and car parks), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind150.py [--out benchmarks/live_blind150.jsonl] [--keep]

Theme: parking garages and car parks (a per-level occupancy forecaster giving each level's
occupancy fraction and free bays for the next hour from the hourly occupied-bay counts per level
and the level row of a 6-level bay table; a tariff model giving each ticket's fee from the stay in
minutes, the tariff zone row of a 4-zone x 24-band fee table and the entry hour; an EV charger
allocator giving hours to charge and the energy cost from the energy wanted in kWh and the charger
bay row of a 12-bay power table; a permit check at the barrier from the licence plate's 8
character ids over a 36-symbol alphabet; and a barrier fault detector over the barrier's motor
current, arm angle and loop-detector stream at 50 Hz), exported, compiled, loaded and run as a car
park operator's data team would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind148.py (their TRIED
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
N_LEVEL = 6     # levels 0..5: ground floor 0 .. top deck 5
N_ZONE = 4      # tariff zones: short stay, long stay, season permit, EV
N_BAND = 24     # tariff bands: started hours of a same-day stay, 0..23
N_CHG = 12      # EV charger bays 0..11
N_CHAR = 36     # plate alphabet: 0-9, A-Z
PLATE_LEN = 8

BAYS = [120.0, 140.0, 140.0, 140.0, 140.0, 90.0]
CHG_KW = [7.4, 7.4, 7.4, 7.4, 7.4, 7.4, 11.0, 11.0, 11.0, 11.0, 22.0, 50.0]
RATE = [3.0, 2.0, 1.2, 2.5]         # EUR per started hour, per zone
DAYMAX = [30.0, 18.0, 10.0, 24.0]   # EUR day cap, per zone

class Occupancy(torch.nn.Module):
    # per-level occupancy: occupied bays per hour (hours, levels) from the bay sensors and the level
    # row (levels,) 0..5 -> next hour's occupancy fraction and free bays per level
    def __init__(self):
        super().__init__()
        self.register_buffer("bays", torch.tensor(BAYS))
        self.register_buffer("trend", torch.tensor([1.02, 1.0, 0.98, 1.01, 0.97, 1.05]))
    def forward(self, occ, level):
        cap = self.bays[level]
        fore = occ[-3:].mean(0) * self.trend[level]
        return torch.stack([fore / cap, cap - fore], 1)

def fee_table():
    b = torch.arange(N_BAND, dtype=torch.float32) + 1.0
    return torch.minimum(torch.tensor(RATE)[:, None] * b, torch.tensor(DAYMAX)[:, None])

class Tariff(torch.nn.Module):
    # ticket fee: stay (tickets,) in minutes, tariff zone (tickets,) 0..3 and entry hour (tickets,)
    # 0..23 -> fee in EUR (started hours of the zone's band table, peak-hour surcharge)
    def __init__(self):
        super().__init__()
        self.register_buffer("band_fee", fee_table())
        peak = torch.ones(24)
        peak[7:10] = 1.25
        peak[16:19] = 1.25
        self.register_buffer("peak", peak)
    def forward(self, stay_min, zone, entry_h):
        band = torch.div(stay_min, 60.0, rounding_mode="floor").long()
        return self.band_fee[zone, band] * self.peak[entry_h]

class Charge(torch.nn.Module):
    # EV charger allocation: energy wanted (evs,) in kWh and the charger bay row (evs,) 0..11 ->
    # hours to charge (90 % charger efficiency) and energy cost in EUR
    def __init__(self):
        super().__init__()
        self.register_buffer("kw", torch.tensor(CHG_KW))
        self.register_buffer("price", torch.tensor(0.39))
    def forward(self, kwh, bay):
        hours = kwh / (self.kw[bay] * 0.9)
        return torch.stack([hours, kwh * self.price], 1)

class Plate(torch.nn.Module):
    # permit check at the barrier: plate character ids (n, 8) 0..35 from the plate reader's OCR ->
    # permit-holder score
    def __init__(self):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(51)
            self.emb = torch.nn.Embedding(N_CHAR, 16)
            self.fc = torch.nn.Linear(PLATE_LEN * 16, 1)
    def forward(self, chars):
        return torch.sigmoid(self.fc(self.emb(chars).flatten(1))).squeeze(1)

class Barrier(torch.nn.Module):
    # barrier fault detection: sensor stream (barriers, 3, samples) at 50 Hz: motor current in A,
    # arm angle in degrees, loop detector 0/1 -> fault probability
    def __init__(self):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(52)
            self.c = torch.nn.Conv1d(3, 8, 5, stride=2)
            self.fc = torch.nn.Linear(8, 1)
        self.register_buffer("mu", torch.tensor([2.0, 45.0, 0.5]))
        self.register_buffer("sd", torch.tensor([1.0, 30.0, 0.5]))
    def forward(self, x):
        z = (x - self.mu[:, None]) / self.sd[:, None]
        h = torch.relu(self.c(z)).mean(2)
        return torch.sigmoid(self.fc(h)).squeeze(1)

def history(hours=336, levels=6, seed=1):
    g = torch.Generator().manual_seed(seed)
    cap = torch.tensor(BAYS)[torch.arange(levels) % N_LEVEL]
    occ = cap * (0.3 + 0.6 * torch.rand(hours, levels, generator=g))
    return occ.round(), torch.arange(levels) % N_LEVEL

def tickets(n=64, seed=2):
    g = torch.Generator().manual_seed(seed)
    stay = 5.0 + 595.0 * torch.rand(n, generator=g)
    return stay, torch.randint(0, N_ZONE, (n,), generator=g), torch.randint(0, 24, (n,), generator=g)

def evs(n=10, seed=3):
    g = torch.Generator().manual_seed(seed)
    return 5.0 + 55.0 * torch.rand(n, generator=g), torch.arange(n) % N_CHG

def plates(n=16, seed=4):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, N_CHAR, (n, PLATE_LEN), generator=g)

def barrier_stream(n=4, s=500, seed=5):
    g = torch.Generator().manual_seed(seed)
    t = torch.linspace(0.0, 1.0, s)
    cur = 2.0 + 0.3 * torch.randn(n, s, generator=g)
    ang = 90.0 * torch.clamp(torch.sin(3.1416 * t), 0.0, 1.0).expand(n, s) + torch.randn(n, s, generator=g)
    loop = (torch.rand(n, 1, generator=g) * 0.5 + t > 0.6).float()
    return torch.stack([cur, ang, loop], 1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
hr, lv = Dim("hours", min=24, max=2160), Dim("levels", min=1, max=16)
build("occ150", Occupancy().eval(), history(336, 6), dynamic_shapes=({0: hr, 1: lv}, {0: lv}))
tk = Dim("tickets", min=1, max=8192)
build("tariff150", Tariff().eval(), tickets(64), dynamic_shapes=({0: tk}, {0: tk}, {0: tk}))
ev = Dim("evs", min=1, max=256)
build("charge150", Charge().eval(), evs(10), dynamic_shapes=({0: ev}, {0: ev}))
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
pl = Dim("plates", min=1, max=512)
build("plate150", Plate().eval(), (plates(16),), dynamic_shapes=({0: pl},))
ba, sm = Dim("barriers", min=1, max=64), Dim("samples", min=50, max=3000)
build("barrier150", Barrier().eval(), (barrier_stream(4, 500),), dynamic_shapes=({0: ba, 2: sm},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"occ150", "tariff150", "charge150", "plate150", "barrier150", "reid150", "tariffsdk150"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "tariff-free-grace-period-python-if", "export_failure", "export", """
from torch.export import Dim
class TariffGrace(Tariff):
    # the council's new rule: drop-offs of 15 min or less leave free
    def forward(self, stay_min, zone, entry_h):
        fee = super().forward(stay_min, zone, entry_h)
        if stay_min.max() <= 15.0:
            return torch.zeros_like(fee)
        return fee
tk = Dim("tickets", min=1, max=8192)
ep = torch.export.export(TariffGrace().eval(), tickets(64), dynamic_shapes=({0: tk}, {0: tk}, {0: tk}))
""", "The tariff model carries the council's 15-minute free drop-off rule as a Python `if` on "
       "the tickets' stay minutes, a branch on tensor data that torch.export cannot trace.",
       "Write the rule with torch.where on the stay minutes.", match=r".")


def case_02():
    return _m("case_02", "plate-decoded-to-string-regex-in-forward", "export_failure", "export", """
import re
from torch.export import Dim
ALPHA = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
class PlateFormat(Plate):
    # only plates of the national format (2 letters, 4 digits, 2 letters) may hold a permit
    def forward(self, chars):
        score = super().forward(chars)
        text = ["".join(ALPHA[int(c)] for c in row) for row in chars]
        ok = torch.tensor([float(re.fullmatch(r"[A-Z]{2}[0-9]{4}[A-Z]{2}", t) is not None) for t in text])
        return score * ok
pl = Dim("plates", min=1, max=512)
ep = torch.export.export(PlateFormat().eval(), (plates(16),), dynamic_shapes=({0: pl},))
""", "The permit check decodes each plate's character ids into a Python string (int() of each "
       "traced id) to test the national plate format with a regex inside forward, data that "
       "torch.export does not have.", "Check the plate format outside the model (or with tensor "
       "comparisons on the character ids).", match=r".")


def case_03():
    return _m("case_03", "ev-slot-booking-while-loop", "export_failure", "export", """
from torch.export import Dim
class ChargeSlots(Charge):
    # the booking system counts 15-min charging slots until each car's energy is covered
    def forward(self, kwh, bay):
        need, slots = kwh.clone(), torch.zeros_like(kwh)
        while (need > 0).any():
            step = (need > 0).float()
            need = need - step * self.kw[bay] * 0.9 * 0.25
            slots = slots + step
        return torch.stack([slots, kwh * self.price], 1)
ev = Dim("evs", min=1, max=256)
ep = torch.export.export(ChargeSlots().eval(), evs(10), dynamic_shapes=({0: ev}, {0: ev}))
""", "The EV allocator counts 15-minute charging slots with a Python while loop on whether any "
       "car still needs energy, a loop condition on tensor data that torch.export cannot trace.",
       "Compute the slots in closed form (torch.ceil(kwh / (kW * 0.9 * 0.25))).", match=r".")


def case_04():
    return _m("case_04", "plate-length-dim-for-foreign-plates", "dynamic_shape_guard", "export", """
from torch.export import Dim
pl, ch = Dim("plates", min=1, max=512), Dim("chars", min=4, max=10)   # foreign plates: 4..10 characters
ep = torch.export.export(Plate().eval(), (plates(16),), dynamic_shapes=({0: pl, 1: ch},))
""", "The plate length is declared dynamic (4..10 characters, for foreign plates), but the permit "
       "model flattens exactly 8 character embeddings into its linear layer, so export "
       "specialises the length to 8 and refuses the specification.", "Keep the plate length "
       "static (pad or truncate plates to 8 characters).", match=r".")


def case_05():
    return _m("case_05", "barrier-samples-dim-without-bounds", "dynamic_shape_guard", "export", """
from torch.export import Dim
ba, sm = Dim("barriers", max=64), Dim("samples")        # any event length, as the controller logs it
ep = torch.export.export(Barrier().eval(), (barrier_stream(4, 500),), dynamic_shapes=({0: ba, 2: sm},))
""", "The barrier stream's samples Dim is declared without bounds, while the fault detector's "
       "convolution needs at least 5 samples, so export finds the Dim's range too wide and "
       "refuses the specification.", "Declare the samples Dim with min=5 (or more).",
       match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_06():
    return _m("case_06", "occupancy-new-garage-opened-this-morning", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{occ150}")
occ, level = history(6, 6)                             # the new garage opened at 06:00: 6 hours of counts
out = m(occ, level)
""", "A garage that opened this morning has only 6 hours of counts, below the shortest history "
       "the occupancy package accepts (the hours Dim was declared with min=24).", "Wait for a "
       "day of counts (or export with a lower min).", needs=("r",), env=CHECK,
       match=r"too small|range|bound")


def case_07():
    return _m("case_07", "tariff-month-of-tickets-in-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{tariff150}")
stay, zone, hour = tickets(61000)                      # the month-end revenue audit: every ticket of March
out = m(stay, zone, hour)
""", "The month-end revenue audit sends every ticket of the month (61000) in one call, above the "
       "largest batch the tariff package accepts (the tickets Dim was declared with max=8192).",
       "Send the tickets in chunks of at most 8192.", needs=("r",), env=CHECK,
       match=r"too large|range|bound")


def case_08():
    return _m("case_08", "barrier-firmware-200hz-stream", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{barrier150}")
x = barrier_stream(4, 60 * 200)                        # after the controller update: 60 s at 200 Hz
p = m(x)
""", "After a controller update the barriers log at 200 Hz, so a 60 s window has 12000 samples, "
       "above the longest window the barrier package accepts (the samples Dim was declared with "
       "max=3000).", "Resample the stream to 50 Hz before the call.", needs=("s",), env=CHECK,
       match=r"too large|range|bound")


# ------------------------------------------------------------------------ run: inputs
def case_09():
    return _m("case_09", "foreign-plates-ten-characters", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{plate150}")
g = torch.Generator().manual_seed(9)
chars = torch.randint(0, N_CHAR, (4, 10), generator=g)   # the plate reader keeps all 10 characters
p = m(chars)
""", "The plate reader passes foreign plates with all 10 characters, while the permit package was "
       "exported for (n, 8) character ids.", "Pad or truncate the plates to 8 characters (or "
       "export a model for longer plates).", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "stay-minutes-int64-from-ticket-db", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tariff150}")
stay, zone, hour = tickets(64)
stay = stay.round().long()                             # the ticket database stores whole minutes (BIGINT)
out = m(stay, zone, hour)
""", "The ticket database stores the stay as whole minutes (BIGINT), sent as int64 to the tariff "
       "package exported for float32 stay minutes.", "Convert the stays with .float() before the "
       "call.", needs=("r",), env=CHECK, match=r"dtype")


def case_11():
    return _m("case_11", "barrier-stream-samples-major", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{barrier150}")
x = barrier_stream(4, 500).transpose(1, 2).contiguous()   # the controller's CSV: one row per sample
p = m(x)
""", "The barrier controller's CSV export has one row per sample, so the stream is sent as "
       "(barriers, samples, 3), while the barrier package was exported for (barriers, 3, samples).",
       "Transpose to (barriers, 3, samples) before the call.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_12():
    return _m("case_12", "ev-energy-as-json-list", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{charge150}")
kwh = [22.0, 40.0, 11.5, 60.0]                        # the booking app's JSON: "kwh_requested": [...]
out = m(kwh, torch.tensor([0, 6, 10, 11]))
""", "The booking app passes the requested energy as the JSON's Python list of floats, while the "
       "EV package was exported for one (evs,) float32 tensor.", "Convert the list with "
       "torch.tensor(kwh) before the call.", needs=("r",), match=r".")


# -------------------------------------------------------------------- run: indices
def case_13():
    return _m("case_13", "new-ev-bays-added-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{charge150}")
kwh, bay = evs(14)
bay = torch.arange(14)                                # two 150 kW bays (rows 12, 13) installed this spring
out = m(kwh, bay)
""", "Two new fast-charger bays were installed after export and are sent as bay rows 12 and 13, "
       "past the EV package's 12-bay power table (0..11).", "Re-export the allocator with the new "
       "bays' power rows.", needs=("r",), match=r"out of bounds|index")


def case_14():
    return _m("case_14", "plate-ocr-hyphen-class", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{plate150}")
chars = plates(4)
chars[:, 2] = 36                                      # the new OCR engine emits the hyphen ('AB-1234') as class 36
p = m(chars)
""", "The new plate OCR engine emits the hyphen of plates such as AB-1234 as class 36, past the "
       "permit package's 36-symbol embedding (0..35).", "Drop separator classes before the call.",
       needs=("s",), expect="crash", match=r"out of bounds|index")


def case_15():
    return _m("case_15", "tariff-multi-day-stay-past-band-table", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tariff150}")
stay, zone, hour = tickets(8)
stay[3] = 31 * 60.0                                   # a car left over the weekend: 31 hours
out = m(stay, zone, hour)
""", "A car left over the weekend has a 31-hour stay, whose started-hour band (31) indexes past "
       "the tariff package's 24-band fee table (same-day stays only).", "Split stays over 24 h "
       "into whole days and a same-day remainder before the call.", needs=("r",),
       match=r"out of bounds|index")


def case_16():
    return _m("case_16", "rooftop-level-opened-after-export", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{occ150}")
occ, level = history(48, 7)                            # the new rooftop deck opened as level 6
level = torch.arange(7)
out = m(occ, level)
""", "A rooftop deck opened after export and is sent as level row 6, past the occupancy "
       "package's 6-level bay table (0..5).", "Re-export the forecaster with the new level's "
       "bay count.", needs=("r",), match=r"out of bounds|index")


# -------------------------------------------------------------------- run: values
def case_17():
    return _m("case_17", "stay-in-hours-sent-as-minutes", "numerical", "run", """
m = torch._inductor.aoti_load_package("{tariff150}")
stay, zone, hour = tickets(16)
out = m(stay / 60.0, zone, hour)                      # the new exit terminal reports the stay in hours
ref = Tariff()(stay, zone, hour)
assert torch.allclose(out, ref), f"fees {out} vs {ref}"
""", "The new exit terminal reports the stay in hours, sent as minutes, so every ticket falls in "
       "the first-hour band and is charged too little, without an error.", "Multiply hours by 60 "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_18():
    return _m("case_18", "ev-energy-in-wh-from-charger-meter", "numerical", "run", """
m = torch._inductor.aoti_load_package("{charge150}")
kwh, bay = evs(10)
out = m(kwh * 1000.0, bay)                            # the charger meters report Wh
assert (out[:, 0] < 24.0).all(), f"hours to charge {out[:, 0]}"
""", "The charger meters report the energy wanted in Wh, sent as kWh, so the hours to charge "
       "come out 1000 times too long, without an error.", "Divide Wh by 1000 before the call.",
       needs=("r",), match=r"AssertionError")


def case_19():
    return _m("case_19", "bay-sensors-offline-nan-counts", "numerical", "run", """
m = torch._inductor.aoti_load_package("{occ150}")
occ, level = history(48, 6)
occ[-2:, 3] = float("nan")                            # level 3's bay sensors went offline for two hours
out = m(occ, level)
assert torch.isfinite(out).all(), f"occupancy {out[:, 0]}"
""", "Level 3's bay sensors went offline for two hours and the counts were stored as NaN, so the "
       "level's forecast occupancy and free bays come out NaN, without an error.", "Fill sensor "
       "gaps (last value, or the level's usual count) before the call.", needs=("r",),
       match=r"AssertionError")


def case_20():
    return _m("case_20", "garage-total-sent-as-per-level-counts", "numerical", "run", """
m = torch._inductor.aoti_load_package("{occ150}")
occ, level = history(48, 6)
total = occ.sum(1, keepdim=True).expand(-1, 6).contiguous()   # the entry/exit counter gives the whole garage
out = m(total, level)
assert (out[:, 0] <= 1.0).all(), f"occupancy {out[:, 0]}"
""", "The entry/exit counter's whole-garage count is sent as each level's occupied bays, so every "
       "level's occupancy comes out several times over 100 %, without an error.", "Send per-level "
       "counts from the bay sensors.", needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "loop-detector-dropout-65535", "numerical", "run", """
m = torch._inductor.aoti_load_package("{barrier150}")
x = barrier_stream(4, 500)
clean = m(x)
x[1, 2, 200:260] = 65535.0                            # the loop detector's 16-bit 'no reading' value
p = m(x)
assert torch.allclose(p, clean, atol=0.1), f"fault probability {p} vs {clean}"
""", "The loop detector of barrier 1 dropped out for 1.2 s and its 16-bit 'no reading' value "
       "65535 went into the stream as a reading, so that barrier's fault probability saturates "
       "(about 0.45 to 0.0), without an error.", "Mask 65535 readings (or fill them) before the call.",
       needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_22():
    return _m("case_22", "new-tariff-from-pricing-service-checkpoint", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{tariff150}")
class PricingService(torch.nn.Module):
    # the pricing team's service wraps the tariff model; its checkpoint is the wrapper's state_dict
    def __init__(self):
        super().__init__()
        self.model = Tariff()
svc = PricingService()
svc.model.band_fee.mul_(1.08)                          # the council's 8 % price rise
m.load_constants(svc.state_dict(), check_full_update=True)
out = m(*tickets(16))
""", "The council's price rise is pushed from the pricing service's checkpoint, the state_dict of "
       "its wrapper whose keys carry a 'model.' prefix (model.band_fee, model.peak), which are not the tariff "
       "package's constant names (band_fee, peak).", "Strip the 'model.' prefix from the keys before "
       "load_constants.", needs=("r",), match=r".")


# ----------------------------------------------------------------------- device
def case_23():
    return _m("case_23", "plate-padding-from-jetson-script-on-cuda", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{plate150}")
short = plates(4)[:, :6]                              # short plates from the reader: 6 characters
pad = torch.zeros(4, 2, dtype=torch.long, device="cuda:0")   # from the camera vendor's Jetson script
chars = torch.cat([short, pad.cpu()], 1)
p = m(chars)
""", "The plate padding is copied from the camera vendor's Jetson script, which creates the pad "
       "ids on cuda:0, on the garage's CPU-only machine running the CPU permit package.",
       "Create the padding on the CPU.", needs=("s",), match=r".")


# ----------------------------------------------------------------------- resources
def case_24():
    return _m("case_24", "entry-exit-plate-matching-whole-year", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Reid(torch.nn.Module):
    # entry/exit matching: L1 distance of every exit plate embedding to every entry plate embedding
    def forward(self, entry, exit):
        return (exit[:, None, :] - entry[None, :, :]).abs().sum(-1)
ne, nx = Dim("entries", min=2, max=10000000), Dim("exits", min=2, max=10000000)
ep = torch.export.export(Reid(), (torch.rand(8, 16), torch.rand(6, 16)), dynamic_shapes=({0: ne}, {0: nx}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/reid150.pt2")
m = torch._inductor.aoti_load_package(pkg)
entry, exit = torch.rand(300_000, 16), torch.rand(300_000, 16)   # a whole year of barrier crossings
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the barrier server's 2 GiB headroom
d = m(entry, exit)
""", "The entry/exit matcher compares every exit plate of a year (300000) with every entry plate "
       "in one call, a 300000 x 300000 float32 matrix of about 360 GB.", "Match within a day's "
       "crossings (or in blocks).", match=r"memory|alloc")


# ----------------------------------------------------------------------- compile
def case_25():
    return _m("case_25", "tariff-built-in-yocto-sdk-shell", "compile_toolchain", "compile", """
from torch.export import Dim
tk = Dim("tickets", min=1, max=8192)
ep = torch.export.export(Tariff().eval(), tickets(64), dynamic_shapes=({0: tk}, {0: tk}, {0: tk}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tariffsdk150.pt2")
""", "The tariff package is built in a shell where the pay station's Yocto SDK environment script "
       "was sourced, so CXX names the SDK's cross compiler with its flags "
       "(x86_64-poky-linux-g++ -m64 --sysroot=...), which is not installed on this machine.",
       "Build in a clean shell (unset CXX) with the machine's g++.",
       env={"CXX": "x86_64-poky-linux-g++ -m64 -march=core2 --sysroot=/opt/poky/4.0.9/sysroots/core2-64-poky-linux"},
       match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25]
# Failed differently in the first trial (/tmp/lb150/trial.jsonl): none dropped. case_14 aborted
# (the kernel's index check throws inside an OpenMP worker; the text holds "index out of bounds:
# 0 <= tmp2 < 36L"), so its expected outcome was set to "crash" (label unchanged) and it was
# re-run in a second trial (/tmp/lb150/trial2.jsonl), where it crashed as expected.
DROPPED = []
# Did not fail in the first trial (/tmp/lb150/trial.jsonl); removed before the recorded run.
TRIED = [
    "ev-allocator-2023-aot-compile-script (deprecated_api; was case_26): the EV allocator built "
    "with the legacy torch._export.aot_compile(Charge(), evs(10), dynamic_shapes=...) and loaded "
    "with torch._export.aot_load(so, 'cpu'), then called; no error on torch 2.13.0+cpu.",
]
# Trigger bug fixed after the first trial: case_13 sent bay % 14 of bays that were already
# 0..11 (did not fail); it now sends torch.arange(14) (rows 12, 13), and failed as labelled in the
# second trial.
# Not written (found by the grep before any trial): basement levels as negative rows (live_blind141,
# lift floors); end-of-day 24:00 parsed as hour 24 (live_blind103, 141's list); plate / car letters
# as ord() character codes (live_blind141, 27); hourly series reshaped into days with view(-1, 24)
# (live_blind102); dynamic_shapes keyed by the wrong argument names (live_blind102, 106, 128, 137,
# 138); an export example outside its Dim range (live_blind101, 116, 122, 123); a debug print /
# warning with a formatted tensor value in forward (live_blind133); inputs passed as a dict
# (live_blind12, 125); CXX=/nonexistent/g++ (zoo), a mingw cross compiler (capture_cpu_logs),
# cpp.cxx = arm-none-eabi-g++ / clang++ (live_blind148, 146's list); weights read with
# torch.load(map_location=cuda:0) (capture_cpu_logs), inputs moved with .cuda() / .to("cuda")
# (live_blind129, 137, 139's list), .to("mps") / "xpu" devices, pin_memory(), set_device
# (live_blind71); a 5-zone tariff pushed with load_constants into a 4-zone package (the
# shape-change family of live_blind116, 126, 127, 128, 129); package_constants_in_so=False
# (live_blind.py, 104, capture_cpu_logs); a closed gate / zero capacity division (live_blind148);
# -1 offline sentinels (live_blind114); prices in cents (live_blind78, 134).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind150.jsonl",
        url_file="benchmarks/live_blind150.py", id_prefix="live150", stems=STEMS,
        scratch_prefix="live_blind150-", description=__doc__.splitlines()[0]))
