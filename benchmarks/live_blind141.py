"""A hundred-and-forty-first blind set of REAL AOTInductor failures (elevators and escalators), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind141.py [--out benchmarks/live_blind141.jsonl] [--keep]

Theme: elevators and escalators (a predictive-maintenance health score per elevator car from a
tri-axial car accelerometer window and the day's door cycles; a destination-dispatch travel-time
scorer of every hall call against every car of a bank; a per-floor, per-hour landing-call traffic
forecaster; an escalator step-chain elongation estimate from the drive sprocket speed in rpm; a
rope and brake check from brake-test speed traces and rope tensions; an entrapment alarm triage
classifier), exported, compiled, loaded and run as a lift company's maintenance and dispatch
engineers would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind139.py (their TRIED lists included). Building the set
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
def accel(cars=4, samples=2000, fault=False):
    # car accelerometer (cars, samples, 3) in m/s^2 at 200 Hz: x, y (lateral), z (vertical, ride)
    a = 0.05 * torch.randn(cars, samples, 3)
    a[..., 2] += 0.3 * torch.sin(torch.arange(samples) / 200.0 * 2 * math.pi * 0.5)
    if fault:
        a[..., :2] += 0.6 * torch.sin(torch.arange(samples) / 200.0 * 2 * math.pi * 12.0)[:, None]
    return a

def calls(n=6, floors=24):
    # destination-dispatch hall calls: origin and destination floor (0 = lobby .. floors - 1)
    o = torch.randint(0, floors, (n,))
    d = (o + torch.randint(1, floors, (n,))) % floors
    return o, d

def landings(floors=20, days=28):
    # landing-call counts (floors, days, 24): calls per floor per hour of the day
    prof = torch.tensor([1, 0, 0, 0, 0, 1, 3, 12, 30, 18, 8, 9, 20, 15, 8, 7, 10, 25, 14, 6,
                         4, 3, 2, 1], dtype=torch.float32)
    return torch.poisson(prof.expand(floors, days, 24) * (1.0 + torch.rand(floors, 1, 1)))

def sprocket(n=3, samples=3600, rpm=24.0):
    # escalator drive sprocket speed (n, samples) in rpm at 1 Hz
    return rpm + 0.2 * torch.randn(n, samples)

def brake_trace(stops=3, samples=2000, v=1.6, decel=1.2):
    # car speed (stops, samples) in m/s during a brake test at 1 kHz: constant, then braking
    t = torch.arange(samples) / 1000.0
    v_t = torch.clamp(v - decel * torch.clamp(t - 0.2, min=0.0), min=0.0)
    return v_t.expand(stops, samples) + 0.005 * torch.rand(stops, samples)

def tensions(stops=3, ropes=6, kn=9.0):
    # rope tensions (stops, ropes) in kN from the hitch load pins
    return kn * (1.0 + 0.03 * torch.randn(stops, ropes))

def alarms(n=4):
    # entrapment alarms (n, 5): minutes since alarm, passengers, car temperature C, voice link 0/1,
    # stopped between floors 0/1
    return torch.stack([30 * torch.rand(n), torch.randint(1, 8, (n,)).float(),
                        22 + 8 * torch.rand(n), torch.randint(0, 2, (n,)).float(),
                        torch.randint(0, 2, (n,)).float()], -1)
"""

MODELS = """
CARS = 8          # the bank's cars A..H
FLOORS = 24       # floors 0 (lobby) .. 23

class Health(torch.nn.Module):
    # car (n,) 0..7, car accelerometer (n, samples, 3) m/s^2 at 200 Hz, door cycles of the day (n,)
    # -> (n, 2): health score 0..1 (1 = service needed) and the alert flag (score > 0.5)
    def __init__(self):
        super().__init__()
        self.register_buffer("age", torch.tensor([2.0, 2.0, 9.0, 9.0, 14.0, 14.0, 21.0, 21.0]))
        self.register_buffer("rated", torch.tensor([2000.0, 2000.0, 1500.0, 1500.0, 1200.0,
                                                    1200.0, 1000.0, 1000.0]))
        self.head = torch.nn.Linear(5, 1)
        with torch.no_grad():
            self.head.weight.copy_(torch.tensor([[6.0, 6.0, 0.5, 2.0, 0.05]]))
            self.head.bias.fill_(-4.0)
    def forward(self, car, vib, cycles):
        rms = vib.pow(2).mean(1).sqrt()                       # (n, 3)
        jerk = (vib[:, 1:, 2] - vib[:, :-1, 2]).abs().amax(1) * 200.0 / 100.0
        duty = cycles / self.rated[car]
        f = torch.cat([rms[:, :2], jerk[:, None], duty[:, None], self.age[car][:, None]], -1)
        s = torch.sigmoid(self.head(f)).squeeze(-1)
        return torch.stack([s, (s > 0.5).float()], -1)

class Dispatch(torch.nn.Module):
    # destination dispatch: hall calls (calls,) origin and destination floor 0..23, cars (cars,)
    # 0..7 and their current floor (cars,) -> (calls, cars) estimated time to destination (s)
    def __init__(self):
        super().__init__()
        h = torch.cat([torch.tensor([0.0, 5.5]), 5.5 + 3.6 * torch.arange(1, FLOORS - 1)])
        self.register_buffer("height", h)            # landing level above the lobby, metres
        self.register_buffer("speed", torch.tensor([2.5, 2.5, 2.5, 2.5, 4.0, 4.0, 4.0, 4.0]))
    def forward(self, origin, dest, car, at):
        ho, hd, hc = self.height[origin], self.height[dest], self.height[at]
        v = self.speed[car]
        pickup = (hc[None, :] - ho[:, None]).abs() / v[None, :]
        ride = (hd - ho).abs()[:, None] / v[None, :]
        return pickup + ride + 12.0                  # plus door dwell

class Traffic(torch.nn.Module):
    # landing-call counts (floors, days, 24) -> (floors, 24) tomorrow's calls per floor and hour
    def __init__(self):
        super().__init__()
        self.register_buffer("w", torch.linspace(0.5, 1.5, 7) / 7.0)
    def forward(self, counts):
        week = (counts[:, -7:] * self.w[None, :, None]).sum(1)
        return 0.8 * week + 0.2 * counts.mean(1)

ESC = 6           # the station's escalators E1..E6

class Chain(torch.nn.Module):
    # escalator (n,) 0..5, drive sprocket speed (n, samples) rpm at 1 Hz, running hours since the
    # chain was fitted (n,) -> (n, 2): step-chain elongation % and the replace flag (> 1.5 %)
    def __init__(self):
        super().__init__()
        self.register_buffer("teeth", torch.tensor([17.0, 17.0, 17.0, 17.0, 23.0, 23.0]))
        self.register_buffer("pitch", torch.tensor([0.1333, 0.1333, 0.1333, 0.1333, 0.1016, 0.1016]))
    def forward(self, esc, rpm, hours):
        v = rpm.mean(1) / 60.0 * self.teeth[esc] * self.pitch[esc]          # chain speed m/s
        elong = 0.004 * hours / 1000.0 * v / 0.5 * 100.0 / 10.0
        return torch.stack([elong, (elong > 1.5).float()], -1)

ROPES = 6

class Brake(torch.nn.Module):
    # brake-test car speed (stops, samples) m/s at 1 kHz and rope tensions (stops, 6) kN ->
    # (stops, 3): stopping distance m, mean deceleration m/s^2, rope tension imbalance (0..1)
    def forward(self, speed, tension):
        v0 = speed[:, :100].mean(1)
        moving = (speed > 0.05).float()
        t = moving.sum(1) / 1000.0 - 0.2
        dist = (speed * moving).sum(1) / 1000.0 - v0 * 0.2
        dec = v0 / t
        imb = (tension.amax(1) - tension.amin(1)) / tension.mean(1)
        return torch.stack([dist, dec, imb], -1)

BUILDINGS = ["office", "hospital", "residential", "mall", "metro"]

class Triage(torch.nn.Module):
    # entrapment alarms (n, 5) and the building type (n,) 0..4 -> (n, 3) logits of the rescue
    # priority (routine, urgent, emergency)
    def __init__(self):
        super().__init__()
        self.btype = torch.nn.Embedding(len(BUILDINGS), 4)
        self.head = torch.nn.Linear(9, 3)
    def forward(self, alarm, btype):
        x = alarm / torch.tensor([30.0, 8.0, 40.0, 1.0, 1.0])
        return self.head(torch.cat([x, self.btype(btype)], -1))
""" + DATA

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
n, smp = Dim("cars", min=1, max=64), Dim("samples", min=200, max=72000)
build("health141", Health().eval(), (torch.arange(4), accel(4, 2000), torch.full((4,), 800.0)),
      dynamic_shapes=({0: n}, {0: n, 1: smp}, {0: n}))
c, k = Dim("calls", min=1, max=128), Dim("cars", min=1, max=8)
o, d = calls(6)
build("dispatch141", Dispatch().eval(), (o, d, torch.arange(4), torch.tensor([0, 5, 12, 20])),
      dynamic_shapes=({0: c}, {0: c}, {0: k}, {0: k}))
f, dy = Dim("floors", min=1, max=40), Dim("days", min=8, max=366)
build("traffic141", Traffic().eval(), (landings(20, 28),), dynamic_shapes=({0: f, 1: dy},))
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
e, s = Dim("esc", min=1, max=64), Dim("samples", min=60, max=86400)
build("chain141", Chain().eval(), (torch.arange(3), sprocket(3, 3600), torch.full((3,), 8000.0)),
      dynamic_shapes=({0: e}, {0: e, 1: s}, {0: e}))
st, sm = Dim("stops", min=1, max=32), Dim("samples", min=500, max=20000)
build("brake141", Brake().eval(), (brake_trace(3, 2000), tensions(3)),
      dynamic_shapes=({0: st, 1: sm}, {0: st}))
a = Dim("alarms", min=1, max=256)
build("triage141", Triage().eval(), (alarms(4), torch.tensor([0, 1, 2, 4])),
      dynamic_shapes=({0: a}, {0: a}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"health141", "dispatch141", "traffic141", "chain141", "brake141", "triage141"}

PRE = "import math\nimport torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)
# _d: a child that uses the setup packages and the example-data helpers (DATA)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "door-overhaul-python-if-on-cycles", "export_failure", "export", """
class OverhaulHealth(Health):
    # the door-operator rule: a car past a million door cycles is due for overhaul whatever the score
    def forward(self, car, vib, cycles):
        out = super().forward(car, vib, cycles)
        if cycles.sum() * 365.0 > 1e6:
            return torch.ones_like(out)
        return out
ep = torch.export.export(OverhaulHealth().eval(), (torch.arange(4), accel(4, 2000), torch.full((4,), 800.0)))
""", "The health model applies the door-operator overhaul rule with a Python if on the yearly door "
       "cycles computed from the cycles tensor, control flow on tensor data that torch.export "
       "cannot trace.", "Apply the overhaul rule with torch.where (or torch.cond), or outside "
       "the exported model.", match=r".")


def case_02():
    return _m("case_02", "ride-spectrum-with-numpy-rfft", "export_failure", "export", """
import numpy as np
class SpectrumHealth(Health):
    # the ride-quality engineer's spectrum: the lateral peak in the 5-20 Hz guide-roller band
    def forward(self, car, vib, cycles):
        spec = np.abs(np.fft.rfft(vib[:, :, 0].numpy(), axis=1))
        band = torch.from_numpy(spec[:, 50:200].max(1)).float()
        out = super().forward(car, vib, cycles)
        return torch.cat([out, band[:, None]], -1)
ep = torch.export.export(SpectrumHealth().eval(), (torch.arange(4), accel(4, 2000), torch.full((4,), 800.0)))
""", "The health model computes the guide-roller band of the ride spectrum with numpy "
       "(np.fft.rfft on vib.numpy()) inside forward, and export's traced tensors cannot be "
       "converted to numpy arrays.", "Use torch.fft.rfft on the tensor inside the model.",
       match=r".")


def case_03():
    return _m("case_03", "brake-stop-sample-while-loop", "export_failure", "export", """
class LoopBrake(Brake):
    # the stop search ported from the brake tester's PLC routine: walk the trace until standstill
    def forward(self, speed, tension):
        out = super().forward(speed, tension)
        i = 0
        while speed[0, i] > 0.05:
            i += 1
        return out * (i / 1000.0)
ep = torch.export.export(LoopBrake().eval(), (brake_trace(3, 2000), tensions(3)))
""", "The brake check searches the standstill sample with a while loop over the speed trace "
       "ported from the brake tester's PLC routine, a loop condition on tensor data that "
       "torch.export cannot trace.", "Find the stop sample with tensor ops (e.g. (speed > "
       "0.05).sum(1)) instead of a Python loop.", match=r".")


def case_04():
    return _m("case_04", "origin-and-destination-separate-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the hall-call origins and the destinations from the kiosks, each with its own Dim
co, cd, k = Dim("origins", min=1, max=128), Dim("dests", min=1, max=128), Dim("cars", min=1, max=8)
o, d = calls(6)
ep = torch.export.export(Dispatch().eval(), (o, d, torch.arange(4), torch.tensor([0, 5, 12, 20])),
                         dynamic_shapes=({0: co}, {0: cd}, {0: k}, {0: k}))
""", "The dispatch model subtracts the origin floor heights from the destination floor heights "
       "call by call, but the origins and destinations are given separate Dims, so export "
       "finds them equal and refuses the specification.", "Use one Dim (calls) for both the "
       "origin and the destination inputs.", match=r"Constraints violated|origins|dests|equal")


def case_05():
    return _m("case_05", "chain-dynamic-shapes-old-argument-name", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the dynamic-shapes spec copied from the older escalator script, whose argument was rpm_trace
e, s = Dim("esc", min=1, max=64), Dim("samples", min=60, max=86400)
ep = torch.export.export(Chain().eval(), (torch.arange(3), sprocket(3, 3600), torch.full((3,), 8000.0)),
                         dynamic_shapes={"esc": {0: e}, "rpm_trace": {0: e, 1: s}, "hours": {0: e}})
""", "The dynamic-shapes specification is copied from the older escalator script, keyed by its "
       "argument name rpm_trace, while the chain model's forward argument is called rpm, so the "
       "keys do not match the inputs and export refuses the specification.", "Key the "
       "dynamic_shapes dict by the forward's argument names (esc, rpm, hours).",
       match=r"rpm_trace|keys|dynamic_shapes")


def case_06():
    return _m("case_06", "traffic-days-dim-one-week-fortnight-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
# the forecaster is meant for one week of history; the example is the last fortnight's log
f, dy = Dim("floors", min=1, max=40), Dim("days", min=2, max=7)
ep = torch.export.export(Traffic().eval(), (landings(20, 14),), dynamic_shapes=({0: f, 1: dy},))
""", "The traffic forecaster's days Dim is declared with max=7 (one week of history) while the "
       "example input is the last fortnight's log (14 days), outside the declared range, so "
       "export refuses it.", "Export with an example inside the Dim's range (or declare max "
       "above 14).", match=r"days|range|14|7")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _d("case_07", "iot-accelerometer-with-temperature-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{health141}")
# the new IoT car sensor adds the cabin temperature as a fourth column
vib = torch.cat([accel(4, 2000), torch.full((4, 2000, 1), 24.0)], -1)
out = m(torch.arange(4), vib, torch.full((4,), 800.0))
""", "The new IoT car sensor adds the cabin temperature as a fourth column, so the accelerometer "
       "window is (cars, samples, 4) while the health package was exported for 3 axes.",
       "Drop the temperature column before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_08():
    return _d("case_08", "landing-calls-per-minute-not-per-hour", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{traffic141}")
# the group controller's export bins the landing calls per minute of the day
counts = landings(20, 28).repeat_interleave(60, -1) / 60.0
out = m(counts)
""", "The group controller's export bins the landing calls per minute of the day (1440 bins), "
       "while the traffic package was exported for 24 hourly bins.", "Sum the minute bins "
       "into hours (reshape to (..., 24, 60).sum(-1)) before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_09():
    return _d("case_09", "sprocket-rpm-plc-int16-register", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chain141}")
# the escalator PLC stores the sprocket speed in a 16-bit register, in 0.1 rpm
rpm = (sprocket(3, 3600) * 10).to(torch.int16)
out = m(torch.arange(3), rpm, torch.full((3,), 8000.0))
""", "The sprocket speed is read from the escalator PLC's 16-bit registers and passed as int16, "
       "while the chain package was exported for float32 rpm.", "Convert to float and scale "
       "(rpm.float() / 10) before the call.", needs=("s",), env=CHECK, match=r"dtype|type")


def case_10():
    return _d("case_10", "day-major-bms-log-transposed-view", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{traffic141}")
# the building management system exports the landing calls day-major: (days, floors, 24)
bms = landings(20, 28).transpose(0, 1).contiguous()
counts = bms.transpose(0, 1)             # back to (floors, days, 24): a transposed view
out = m(counts)
""", "The building management system's day-major landing-call log is transposed to (floors, "
       "days, 24) with transpose(0, 1), a non-contiguous view, while the traffic package was "
       "exported for a contiguous (floors, days, 24) tensor.", "Call .contiguous() on the "
       "transposed counts before the call.", needs=("r",), env=CHECK,
       match=r"stride|dim|size|shape")


def case_11():
    return _d("case_11", "eight-rope-traction-machine", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{brake141}")
# the express cars' traction machine has 8 hoist ropes, so 8 load-pin tensions per stop
out = m(brake_trace(3, 2000, v=4.0, decel=2.0), tensions(3, 8))
""", "The express cars' traction machine has 8 hoist ropes, so the tension table has 8 columns, "
       "while the brake package was exported for 6 ropes.", "Use a package exported for 8 "
       "ropes (or check the rope count per machine before the call).", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_12():
    return _d("case_12", "load-pins-not-fitted-empty-tension", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{brake141}")
# the older cars have no hitch load pins: the ingest sends an empty tension table
out = m(brake_trace(3, 2000), torch.empty(3, 0))
print(out)
""", "The older cars have no hitch load pins, so the ingest sends an empty (stops, 0) tension "
       "table while the brake package reads 6 rope tensions per stop, and without the input "
       "check the compiled code reads them from an unallocated pointer.", "Skip the rope "
       "check (or send the last measured tensions) for cars without load pins.", needs=("s",),
       expect="crash", match=r"Segmentation|fault|Killed|Aborted")


# -------------------------------------------------------------------- run: dynamic dims
def case_13():
    return _d("case_13", "sixty-floor-tower", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{traffic141}")
counts = landings(62, 28)                 # the new 62-floor tower's landings
out = m(counts)
""", "The traffic package is run on the new 62-floor tower's landings, above the most floors it "
       "accepts (its floors Dim was declared with max=40).", "Forecast the tower in zones of at "
       "most 40 floors (or export with a larger max).", needs=("r",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_14():
    return _d("case_14", "building-opened-three-days-ago", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{traffic141}")
counts = landings(20, 3)                  # the building was handed over three days ago
out = m(counts)
""", "The building was handed over three days ago, so the landing-call history has 3 days, "
       "below the shortest history the traffic package accepts (its days Dim was declared "
       "with min=8).", "Use a default traffic profile until more than a week of history "
       "exists.",
       needs=("r",), env=CHECK, match=r"too small|range|bound|>=")


def case_15():
    return _d("case_15", "brake-trace-from-100hz-event-log", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{brake141}")
# the controller's event log samples the car speed at 100 Hz: 2 s of brake test = 200 samples
speed = brake_trace(3, 2000)[:, ::10].contiguous()
out = m(speed, tensions(3))
""", "The brake-test traces come from the controller's 100 Hz event log (200 samples for 2 s), "
       "below the shortest trace the brake package accepts (its samples Dim was declared with "
       "min=500 one-kHz samples).", "Use the 1 kHz brake tester's traces.", needs=("s",),
       env=CHECK, match=r"too small|range|bound|>=")


def case_16():
    return _d("case_16", "week-of-sprocket-speed-at-1hz", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{chain141}")
rpm = sprocket(3, 7 * 86400)              # the whole week's 1 Hz log since the last inspection
out = m(torch.arange(3), rpm, torch.full((3,), 8000.0))
""", "The whole week's 1 Hz sprocket log (604800 samples) is sent, above the longest record the "
       "chain package accepts (its samples Dim was declared with max=86400, one day, and the "
       "compiled input check allows at most 4096).",
       "Send one day at a time (or the daily mean speeds).", needs=("s",), env=CHECK,
       match=r"too large|range|bound|<=")


# -------------------------------------------------------------------- run: indices
def case_17():
    return _d("case_17", "floors-numbered-from-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dispatch141}")
# the kiosks number the floors as the car buttons do: lobby 1 .. roof 24
o = torch.tensor([1, 1, 1, 8, 15, 24])
d = torch.tensor([12, 20, 24, 1, 1, 1])
t = m(o, d, torch.arange(4), torch.tensor([1, 6, 13, 21]))
""", "The kiosks number the floors as the car buttons do (lobby 1 .. roof 24), so the roof is "
       "floor 24, outside the dispatch package's 24-row landing-height table (0..23).",
       "Subtract 1 (map button labels to landing indices 0..23) before the call.",
       needs=("r",), match=r"out of bounds|index")


def case_18():
    return _d("case_18", "ninth-car-added-to-bank", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{dispatch141}")
# car J (index 8) was added to the bank during the modernisation
o, d = calls(6)
t = m(o, d, torch.tensor([5, 6, 7, 8]), torch.tensor([0, 5, 12, 20]))
""", "A ninth car (index 8) was added to the bank during the modernisation, while the dispatch "
       "package's rated-speed table has the 8 original cars (0..7).", "Re-export the package "
       "with the new car's rated speed in the table.", needs=("r",),
       match=r"out of bounds|index")


def case_19():
    return _d("case_19", "car-letters-as-ascii-codes", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{health141}")
# the monitoring feed names the cars by letter; the ingest keeps the character codes
car = torch.tensor([ord(c) for c in "ABCD"])
out = m(car, accel(4, 2000), torch.full((4,), 800.0))
""", "The monitoring feed names the cars A..H and the ingest passes their character codes "
       "(65..68) as the car index into the health package's 8-row age and door-rating tables.",
       "Map the car letters to 0..7 (ord(c) - ord('A')) before the call.", needs=("r",),
       expect="crash",
       match=r"out of bounds|index|Abort")


def case_20():
    return _d("case_20", "escalator-asset-numbers-as-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{chain141}")
# the CMMS work orders identify the escalators by their asset numbers E101..E106
esc = torch.tensor([101, 102, 105])
out = m(esc, sprocket(3, 3600), torch.full((3,), 8000.0))
""", "The escalators are identified by their maintenance-system asset numbers (101..106), "
       "passed as the escalator index into the chain package's 6-row sprocket tables.",
       "Map the asset numbers to 0..5 before the call.", needs=("s",),
       expect="crash",
       match=r"out of bounds|index|Abort")


def case_21():
    return _d("case_21", "airport-building-type-added", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{triage141}")
# the call centre took over the airport's lifts; the dispatcher codes airports as type 5
out = m(alarms(4), torch.tensor([0, 5, 5, 2]))
""", "The call centre took over an airport's lifts and codes airports as building type 5, "
       "outside the triage package's 5-row building-type embedding (0..4).", "Re-train and "
       "re-export the triage model with the new building type.", needs=("s",),
       match=r"out of bounds|index|range")


# -------------------------------------------------------------------- run: values
def case_22():
    return _d("case_22", "basement-floors-as-negative-numbers", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dispatch141}")
# the car park levels are numbered like the buttons: B1 = -1, B2 = -2; all cars wait at the lobby
o = torch.tensor([-2, -1])
d = torch.tensor([0, 0])
t = m(o, d, torch.arange(4), torch.zeros(4, dtype=torch.long))
# two basement levels below the lobby: well under 30 s to pick up and ride up
assert (t < 30).all(), f"time to destination (s): {t}"
""", "The car-park levels are passed as negative floor numbers (B1 = -1, B2 = -2), which the "
       "compiled table lookup wraps around to the top floors, so a call from the basement "
       "is scored as a trip from the roof, without an error.", "Map the basement levels to "
       "their own landing indices (re-export with them in the landing table).", needs=("r",),
       match=r"AssertionError")


def case_23():
    return _d("case_23", "car-speed-in-feet-per-minute", "numerical", "run", """
m = torch._inductor.aoti_load_package("{brake141}")
speed = brake_trace(3, 3000) * 196.85     # the US controller's tach feed: car speed in ft/min
out = m(speed, tensions(3))
# an emergency stop from rated speed must decelerate between 0.2 and 1 g
assert ((out[:, 1] > 2.0) & (out[:, 1] < 9.81)).all(), f"deceleration m/s^2: {out[:, 1]}"
""", "The brake-test speed comes from a US controller's tachometer feed in ft/min instead of "
       "m/s, so the deceleration is about 200 times too large and a healthy brake fails the "
       "check, without an error.", "Convert ft/min to m/s (x 0.00508) before the call.",
       needs=("s",), match=r"AssertionError")


def case_24():
    return _d("case_24", "sprocket-speed-in-hz", "numerical", "run", """
m = torch._inductor.aoti_load_package("{chain141}")
hz = sprocket(3, 3600) / 60.0            # the new drive inverter reports the sprocket speed in Hz
out = m(torch.arange(3), hz, torch.tensor([8000.0, 30000.0, 42000.0]))
# the chains of escalators 2 and 3 have run 30000 and 42000 hours: both are due for replacement
assert (out[1:, 1] == 1.0).all(), f"elongation %: {out[:, 0]}, replace: {out[:, 1]}"
""", "The new drive inverter reports the sprocket speed in Hz instead of rpm, so the chain speed "
       "is 60 times too small and two worn step chains raise no replacement flag, without an "
       "error.", "Multiply Hz by 60 (to rpm) before the call.", needs=("s",),
       match=r"AssertionError")


def case_25():
    return _d("case_25", "accelerometer-dropout-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{health141}")
vib = accel(4, 2000)
vib[2, 700:760] = float("nan")           # car C's sensor dropped out for 0.3 s: the gateway writes NaN
out = m(torch.arange(4), vib, torch.full((4,), 800.0))
assert torch.isfinite(out[:, 0]).all(), f"health score: {out[:, 0]}"
""", "Car C's accelerometer dropped out for 0.3 s and the gateway writes NaN for the missing "
       "samples, so car C's RMS and health score are NaN, without an error.", "Interpolate or "
       "drop the missing samples (and flag the dropout) before the call.", needs=("r",),
       match=r"AssertionError")


def case_26():
    return _d("case_26", "door-cycles-lifetime-counter", "numerical", "run", """
m = torch._inductor.aoti_load_package("{health141}")
# the door operators' counters are read as is: cycles since installation, not of the day
lifetime = torch.tensor([1.4e6, 1.5e6, 6.0e6, 6.2e6])
out = m(torch.arange(4), accel(4, 2000), lifetime)
# cars A and B are two years old and ride smoothly: no service alert expected
assert (out[:2, 1] == 0).all(), f"health score: {out[:, 0]}"
""", "The door operators' lifetime counters (cycles since installation, in the millions) are "
       "passed instead of the day's door cycles, so every car, even the two-year-old smooth "
       "ones, gets a service alert, without an error.", "Pass the day's cycles (the counter's "
       "difference from the previous day) before the call.", needs=("r",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_27():
    return _d("case_27", "retrained-triage-with-six-building-types", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{triage141}")
# the retrained triage model (with the airport type) is pushed into the running package
new = {"btype.weight": torch.randn(6, 4), "head.weight": torch.randn(3, 9), "head.bias": torch.zeros(3)}
m.load_constants(new, check_full_update=True)
out = m(alarms(4), torch.tensor([0, 5, 5, 2]))
""", "The retrained triage weights (with a sixth building-type row for airports) are pushed "
       "into the running package under all the eager model's parameter names, but the compile "
       "folded head.bias into a derived constant, so the package has no constant 'head.bias' "
       "(its constants are head.weight and btype.weight).", "Re-export and re-compile the "
       "package from the retrained model (pushing weights is only for the package's own "
       "constant names and shapes, see get_constant_fqns()).", needs=("s",),
       match=r"head.bias|[Cc]onstant")


def case_28():
    return _d("case_28", "recalibrated-building-vectors-full-update", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{triage141}")
# the building-type vectors were recalibrated after the winter's alarms: push them alone
m.load_constants({"btype.weight": 0.1 * torch.randn(5, 4)}, check_full_update=True)
out = m(alarms(4), torch.tensor([0, 1, 2, 4]))
""", "Only the recalibrated building-type embedding is pushed with load_constants with "
       "check_full_update=True, which requires every constant of the package (head.weight is "
       "missing).", "Pass check_full_update=False for a partial update (or push every "
       "constant).", needs=("s",), match=r"[Cc]onstant|missing|head|full")


# ----------------------------------------------------------------------- run: resources
def case_29():
    return _d("case_29", "gateway-container-memory-limit-at-load", "out_of_memory", "run", """
import resource
# the lift gateway's container leaves the scoring service 8 MiB above the bare interpreter
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 8 * 2**20, vm + 8 * 2**20))
m = torch._inductor.aoti_load_package("{health141}")
out = m(torch.arange(4), accel(4, 2000), torch.full((4,), 800.0))
""", "The lift gateway's container limits the scoring service's address space to 8 MiB above the "
       "bare interpreter, too little for aoti_load_package to import the modules it needs and "
       "map the health package's shared library, so the load runs out of memory.", "Give the "
       "service a memory limit that covers torch's loader, the package's library and its "
       "buffers (tens of MiB).", needs=("r",), match=r"[Mm]emory|alloc|map")


def case_30():
    return _d("case_30", "gpu-memory-fraction-from-fleet-server", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dispatch141}")
# the dispatcher service's start-up, copied from the cloud fleet server, caps the GPU memory
torch.cuda.set_per_process_memory_fraction(0.5)
o, d = calls(6)
t = m(o, d, torch.arange(4), torch.tensor([0, 5, 12, 20]))
""", "The dispatcher's start-up code, copied from the cloud fleet server, caps the GPU memory "
       "with torch.cuda.set_per_process_memory_fraction on the building's CPU-only controller, "
       "whose torch finds no GPU and whose package is compiled for CPU.", "Call CUDA "
       "settings only when torch.cuda.is_available() (the CPU package needs none).",
       needs=("r",), match=r"CUDA|cuda|NVIDIA|driver")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28,
         case_29, case_30]

def tried_dict():
    return _d("tried_dict", "kiosk-calls-as-named-dict", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dispatch141}")
# the kiosk gateway hands over one dict of named tensors
o, d = calls(6)
req = {"origin": o, "dest": d, "car": torch.arange(4), "at": torch.tensor([0, 5, 12, 20])}
t = m(req)
""", "The kiosk gateway's request is passed as one dict of named tensors, while the dispatch "
       "package was exported for four positional tensors (origin, dest, car, at).", "Call "
       "m(req['origin'], req['dest'], req['car'], req['at']) (or m(**req)).", needs=("r",),
       match=r".")


def tried_oom():
    return _d("tried_oom", "campus-fleet-hour-of-vibration-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{health141}")
vib = accel(64, 72000)                    # all 64 cars of the campus, an hour at 20 Hz... at 200 Hz
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 32 * 2**20, vm + 32 * 2**20))   # the edge box's 32 MiB margin
out = m(torch.arange(64) % 8, vib, torch.full((64,), 800.0))
""", "Six minutes of 200 Hz vibration for all 64 cars of the campus are scored in one call; the "
       "package's intermediate buffers for the batch exceed the edge box's 32 MiB memory "
       "margin.", "Score the cars in smaller batches (or shorter windows).", needs=("r",),
       match=r"memory|alloc")


def tried_complex():
    return _m("tried_complex", "complex-ride-spectrum-output", "unsupported", "compile", """
class RideSpectrum(torch.nn.Module):
    # the ride-quality spectrum of each car (complex rfft of the lateral axis), for the vendor's viewer
    def forward(self, vib):
        return torch.fft.rfft(vib[:, :, 0], dim=1)
ep = torch.export.export(RideSpectrum().eval(), (accel(4, 2000),))
p = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/spectrum141.pt2")
m = torch._inductor.aoti_load_package(p)
print(m(accel(4, 2000)).dtype)
""", "The ride-quality model returns the complex64 rfft spectrum, and AOTInductor has no path "
       "for the complex FFT output on CPU.", "Return the magnitude (or real and imaginary parts "
       "as float tensors) from the model.", match=r"complex|[Uu]nsupported|not supported|fft")


DROPPED = []
TRIED = [tried_dict, tried_oom, tried_complex]
# TRIED (did not fail on torch 2.14.1 in trial runs): tried_dict (the dict of named tensors is
# accepted by the package's runner), tried_oom (the health model fuses its reductions, so no
# large intermediate buffer is allocated under the 32 MiB margin), tried_complex (AOTI compiles,
# loads and runs the complex64 rfft output on CPU).
# Not written (found by the grep before any trial): end-of-day 24:00 parsed as hour 24
# (live_blind103); pin_memory() on a CPU-only host (live_blind6, 7, 137, capture_cpu_logs);
# torch.cuda.set_device (live_blind71) / torch.accelerator.set_device_index (live_blind136);
# torch.cuda.mem_get_info (live_blind63); a cross compiler through cpp.cxx (live_blind136); a
# floor-plan / storey trigger of live_blind107; code points from ord() of free text (live_blind27).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind141.jsonl",
        url_file="benchmarks/live_blind141.py", id_prefix="live141", stems=STEMS,
        scratch_prefix="live_blind141-", description=__doc__.splitlines()[0]))
