"""A hundred-and-twentieth blind set of REAL AOTInductor failures (smart buildings and home automation models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind120.py [--out benchmarks/live_blind120.jsonl] [--keep]

Theme: smart buildings and home automation (an HVAC thermal-comfort setpoint model over zone
temperature / humidity / CO2 histories, an occupancy detector from PIR counts and door contacts,
an air-handling-unit fault detector, a thermostat controller policy, a NILM energy
disaggregation model over the whole-house power signal, a lighting schedule model with daylight
harvesting, a ventilation (air changes per hour) estimate from CO2 decay, a heat-pump COP meter,
a smart-meter interval-demand model and a chilled-ceiling condensation guard), exported,
compiled, loaded and run as a building-automation ML engineer would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind119.py
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
SENSOR_MEAN = [22.0, 45.0, 700.0]   # zone temperature (C), relative humidity (%), CO2 (ppm)
SENSOR_STD = [2.0, 12.0, 250.0]

class Comfort(torch.nn.Module):
    # thermal-comfort setpoint offset (K, -3..3) per zone from its sensor history
    # (zones, 5-min steps, 3): temperature C, relative humidity %, CO2 ppm
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(SENSOR_MEAN))
        self.register_buffer("std", torch.tensor(SENSOR_STD))
        self.lin = torch.nn.Linear(6, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[-0.6, -0.2, -0.1, -0.3, -0.1, -0.05]]))
            self.lin.bias.zero_()
    def forward(self, hist):
        z = (hist - self.mean) / self.std
        f = torch.cat([z.mean(1), z[:, -1]], -1)
        return 3.0 * torch.tanh(self.lin(f).squeeze(-1))

class Occupancy(torch.nn.Module):
    # occupancy probability per room from PIR trigger counts and door-contact events per minute
    # (rooms, minutes) and the room's index (0..63) into the floor's learned prior table
    def __init__(self):
        super().__init__()
        self.prior = torch.nn.Embedding(64, 1)
        self.w = torch.nn.Linear(2, 1)
    def forward(self, pir, door, room):
        f = torch.stack([pir.float().mean(1), door.mean(1)], -1)
        return torch.sigmoid(self.w(f).squeeze(-1) + self.prior(room).squeeze(-1))

AHU_MEAN = [14.0, 23.0, 19.0, 12.0, 40.0, 30.0, 10.0, 70.0]
AHU_STD = [3.0, 2.0, 4.0, 9.0, 30.0, 30.0, 20.0, 20.0]

class AhuFdd(torch.nn.Module):
    # air-handling-unit fault logits (ok, stuck damper, leaking valve, sensor drift, fan
    # failure, simultaneous heating/cooling) from 8 trended points per AHU (SAT, RAT, MAT, OAT
    # in C; damper, cooling valve, heating valve, fan speed in %) and the fan mode (0 off, 1 low,
    # 2 high)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(AHU_MEAN))
        self.register_buffer("std", torch.tensor(AHU_STD))
        self.lin = torch.nn.Linear(8, 6)
        self.fan = torch.nn.Embedding(3, 6)
    def forward(self, points, fan_mode):
        return self.lin((points - self.mean) / self.std) + self.fan(fan_mode)

class Policy(torch.nn.Module):
    # thermostat controller policy: heating-valve opening (0..1) per zone from (zone temp C,
    # setpoint C, outdoor temp C, sin hour, cos hour)
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(5, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
    def forward(self, s):
        return torch.sigmoid(self.net(s)).squeeze(-1)

class Nilm(torch.nn.Module):
    # NILM: power (W) of fridge, kettle, washer and dishwasher from the whole-house power (W) at
    # 1 Hz (houses, 1, samples), each house's window standardised with its own mean and std
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(1, 8, 9, padding=4)
        self.c2 = torch.nn.Conv1d(8, 4, 9, padding=4)
    def forward(self, p):
        mu, sd = p.mean(-1, keepdim=True), p.std(-1, keepdim=True)
        return torch.relu(self.c2(torch.relu(self.c1((p - mu) / sd)))) * sd

def zone_history(zones=4, steps=288):
    t = 21.0 + torch.randn(zones, steps) * 0.8
    rh = 40.0 + torch.rand(zones, steps) * 20.0
    co2 = 450.0 + torch.rand(zones, steps) * 600.0
    return torch.stack([t, rh, co2], -1)

def ahu_points(n=4):
    base = torch.tensor(AHU_MEAN)
    return base + torch.randn(n, 8) * torch.tensor(AHU_STD) * 0.3
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
z, st = Dim("zones", min=2, max=512), Dim("steps", min=12, max=2016)
build("comfort120", Comfort().eval(), (zone_history(4, 288),), dynamic_shapes=({0: z, 1: st},))
r, mi = Dim("rooms", min=2, max=64), Dim("minutes", min=2, max=1440)
build("occ120", Occupancy().eval(),
      (torch.randint(0, 5, (6, 60)), (torch.rand(6, 60) > 0.9).float(), torch.arange(6)),
      dynamic_shapes=({0: r, 1: mi}, {0: r, 1: mi}, {0: r}))
build("ahu120", AhuFdd().eval(), (ahu_points(4), torch.tensor([1, 2, 2, 0])))
pz = Dim("policy_zones", min=2, max=1024)
build("policy120", Policy().eval(), (torch.randn(8, 5),), dynamic_shapes=({0: pz},))
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
class Lighting(torch.nn.Module):
    # dimming level (0..1) per luminaire group from the default schedule (day of week 0..6 x
    # hour 0..23) minus daylight harvesting from the group's daylight sensor (lux)
    def __init__(self):
        super().__init__()
        self.register_buffer("sched", torch.rand(7, 24))
        self.k = torch.nn.Parameter(torch.tensor(0.002))
    def forward(self, dow, hour, lux):
        return torch.clamp(self.sched[dow, hour] - self.k * lux, 0.0, 1.0)

class Ach(torch.nn.Module):
    # air changes per hour from the evening CO2 decay after the occupants leave: zone CO2
    # (zones, 5-min steps) in ppm and the outdoor CO2 (zones,) in ppm
    def forward(self, co2, outdoor):
        excess = co2 - outdoor[:, None]
        hours = (co2.shape[1] - 1) * 5.0 / 60.0
        return torch.log(excess[:, 0] / excess[:, -1]) / hours

class Cop(torch.nn.Module):
    # heat-pump COP per 15-min interval: heat (flow l/s * (supply - return) K * 4.186 kJ/kg K)
    # over the electrical input (kW)
    def forward(self, flow, supply, ret, elec_kw):
        return flow * (supply - ret) * 4.186 / elec_kw

class Interval(torch.nn.Module):
    # mean demand (kW) per 15-min interval from cumulative kWh register readings (meters, steps)
    def forward(self, reg):
        return (reg[:, 1:] - reg[:, :-1]) * 4.0

class DewGuard(torch.nn.Module):
    # chilled-ceiling condensation margin (K): panel surface temperature minus the zone dew
    # point (Magnus formula) from zone temperature (C) and relative humidity (%)
    def forward(self, temp, rh, panel):
        g = torch.log(rh / 100.0) + 17.62 * temp / (243.12 + temp)
        return panel - 243.12 * g / (17.62 - g)

h, s = Dim("houses", min=2, max=64), Dim("samples", min=600, max=2**22)
build("nilm120", Nilm().eval(), (torch.rand(2, 1, 3600) * 3000.0,), dynamic_shapes=({0: h, 2: s},))
g = Dim("groups", min=2, max=4096)
build("light120", Lighting().eval(),
      (torch.randint(0, 7, (8,)), torch.randint(0, 24, (8,)), torch.rand(8) * 800.0),
      dynamic_shapes=({0: g}, {0: g}, {0: g}))
vz, vs = Dim("vent_zones", min=2, max=512), Dim("decay_steps", min=3, max=288)
build("ach120", Ach(), (900.0 - torch.rand(4, 24).cumsum(1) * 10.0, torch.full((4,), 420.0)),
      dynamic_shapes=({0: vz, 1: vs}, {0: vz}))
iv = Dim("intervals", min=2, max=35040)
build("cop120", Cop(), (torch.rand(96) + 0.2, 35.0 + torch.rand(96), 30.0 + torch.rand(96),
                        torch.rand(96) * 2.0 + 0.5),
      dynamic_shapes=({0: iv}, {0: iv}, {0: iv}, {0: iv}))
mt, rs = Dim("meters", min=2, max=10000), Dim("reads", min=3, max=35041)
build("meter120", Interval(), (1000.0 + torch.rand(3, 97).cumsum(1),),
      dynamic_shapes=({0: mt, 1: rs},))
dn = Dim("panels", min=2, max=2048)
build("dew120", DewGuard(), (22.0 + torch.rand(8), 40.0 + torch.rand(8) * 20.0, 17.0 + torch.rand(8)),
      dynamic_shapes=({0: dn}, {0: dn}, {0: dn}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"comfort120", "occ120", "ahu120", "policy120", "nilm120", "light120", "ach120",
         "cop120", "meter120", "dew120", "policyw120", "mp120"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "bms-mode-setback-list-indexed-by-tensor", "export_failure", "export", """
SETBACK_K = [0.0, 2.0, 4.0, 6.0]                      # occupied, unoccupied, night, holiday
class ModeSetpoint(torch.nn.Module):
    # heating setpoint (C) of every zone: the comfort setpoint lowered by the BMS mode's setback
    def forward(self, comfort_sp, mode):
        return comfort_sp - SETBACK_K[mode]
ep = torch.export.export(ModeSetpoint(), (torch.full((6,), 21.0), torch.tensor(2)))
""", "The setback of the building's operating mode is looked up in a Python list indexed by the "
       "mode tensor, which needs the tensor's value as a Python int while torch.export traces.",
       "Keep the setbacks in a tensor (a buffer) and index it with the mode tensor "
       "(setback[mode]).", match=r".")


def case_02():
    return _m("case_02", "hysteresis-band-python-if", "export_failure", "export", """
class Bang(torch.nn.Module):
    # on/off thermostat with a 0.5 K hysteresis band around the setpoint
    def forward(self, temp, setpoint):
        if temp.mean() < setpoint - 0.5:
            return torch.ones_like(temp)
        return torch.zeros_like(temp)
ep = torch.export.export(Bang(), (torch.full((6,), 20.2), torch.tensor(21.0)))
""", "The on/off thermostat decides the hysteresis band with a Python if on the mean zone "
       "temperature against the setpoint, control flow on tensor data that torch.export "
       "cannot trace.", "Write the switch with torch.where (or torch.cond) on the comparison.",
       match=r".")


def case_03():
    return _m("case_03", "hourly-means-of-5min-readings-view", "dynamic_shape_guard", "export", """
from torch.export import Dim
class HourlyComfort(Comfort):
    # average the 5-min readings to hourly means before the comfort head
    def forward(self, hist):
        hourly = hist.view(hist.shape[0], -1, 12, 3).mean(2)
        return super().forward(hourly)
st = Dim("steps", min=12, max=2016)                   # 1 hour .. 1 week of 5-min readings
ep = torch.export.export(HourlyComfort().eval(), (zone_history(4, 288),),
                         dynamic_shapes=({1: st},))
""", "The comfort model reshapes the 5-min readings into hours with view(zones, -1, 12, 3), "
       "which needs the steps Dim to be a multiple of 12, while it is declared as any value in "
       "12..2016.", "Declare the steps as 12 * Dim('hours') (or pad/trim the history to whole "
       "hours before the call).", match=r".")


def case_04():
    return _m("case_04", "temp-5min-humidity-10min-same-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class TempRh(torch.nn.Module):
    # comfort features from separate temperature and humidity trends of each zone
    def forward(self, temp, rh):
        return torch.stack([temp.mean(1), rh.mean(1), temp[:, -1], rh[:, -1]], -1)
z, st = Dim("zones", min=2, max=512), Dim("steps", min=12, max=2016)
temp = 21.0 + torch.randn(4, 288)                     # the temperature trend: every 5 min
rh = 45.0 + torch.randn(4, 144)                       # the humidity trend: every 10 min
ep = torch.export.export(TempRh(), (temp, rh), dynamic_shapes=({0: z, 1: st}, {0: z, 1: st}))
""", "The temperature trend (5-min, 288 samples a day) and the humidity trend (10-min, 144 "
       "samples) are given the same steps Dim, but their example lengths differ, so the "
       "specification is inconsistent.", "Give each trend its own Dim (or resample the humidity "
       "trend to the 5-min grid first).", match=r".")


def case_05():
    return _m("case_05", "seq2point-599-window-samples-min-1", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Seq2Point(torch.nn.Module):
    # seq2point NILM: a 599-sample window of whole-house power -> the kettle's power
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(1, 4, 599)
        self.out = torch.nn.Linear(4, 1)
    def forward(self, p):
        return self.out(torch.relu(self.c(p)).mean(-1)).squeeze(-1)
s = Dim("samples", min=1, max=86400)                  # any length up to a day at 1 Hz
ep = torch.export.export(Seq2Point().eval(), (torch.rand(2, 1, 3600) * 3000.0,),
                         dynamic_shapes=({2: s},))
""", "The seq2point NILM model's 599-sample convolution window needs at least 599 samples, "
       "but the samples Dim is declared from min=1, so export's guard samples >= 599 violates "
       "the declared range.", "Declare the samples Dim with min=599 (the window length).",
       match=r".")


def case_06():
    return _m("case_06", "worst-zone-builtin-max", "export_failure", "export", """
class WorstZone(Comfort):
    # the AHU's supply-air reset follows the worst (warmest) zone's comfort offset
    def forward(self, hist):
        return max(super().forward(hist))              # Python's max over the zones
ep = torch.export.export(WorstZone().eval(), (zone_history(4, 288),))
""", "The worst zone is picked with Python's builtin max over the per-zone offsets tensor, "
       "Python code export does not trace as written: the builtin reaches torch.maximum with a "
       "single argument and the export fails.",
       "Use the tensor reduction (offsets.max() or amax) instead of the builtin max.",
       match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _c("case_07", "bms-trend-csv-float64", "input_mismatch", "run", """
import io
import numpy as np
m = torch._inductor.aoti_load_package("{comfort120}")
csv = "\\n".join(f"{21 + (i % 7) * 0.1:.1f},{45 + i % 5},{600 + i % 90}" for i in range(288))
trend = np.loadtxt(io.StringIO(csv), delimiter=",")   # the BMS trend-log export of one day
hist = torch.from_numpy(np.stack([trend] * 4))          # four zones of the floor
off = m(hist)
""", "The BMS trend log is read with np.loadtxt, which gives float64, and sent as such to the "
       "comfort package exported for float32 histories.", "Convert with .float() (or "
       "np.loadtxt(..., dtype=np.float32)) before the call.", needs=("r",), env=CHECK,
       match=r"dtype|Double|Float|float64")


def case_08():
    return _m("case_08", "voc-channel-added-to-zone-sensors", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{comfort120}")
hist = zone_history(6, 288)
voc = torch.rand(6, 288, 1) * 400.0                    # the new multi-sensors also report TVOC (ppb)
off = m(torch.cat([hist, voc], -1))
""", "The new multi-sensors also report TVOC, and the four-channel histories are sent to the "
       "comfort package exported for three channels (temperature, humidity, CO2).",
       "Drop the TVOC channel (or re-export the comfort model with it).", needs=("r",),
       env=CHECK, match=r"dim value|size|shape")


def case_09():
    return _m("case_09", "home-assistant-single-zone-2d", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{comfort120}")
# the Home Assistant integration fetches the history of the one thermostat zone of a flat
hist = zone_history(1, 288)[0]                          # (steps, 3): no zones dimension
off = m(hist)
""", "The Home Assistant integration sends the one zone of a flat as a (steps, 3) tensor "
       "without the zones dimension the comfort package was exported with.",
       "Add the zones dimension (hist[None]) and pad to the exported minimum of zones.",
       needs=("r",), env=CHECK, match=r".")


def case_10():
    return _c("case_10", "door-contacts-as-bool", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{occ120}")
pir = torch.randint(0, 5, (6, 60))
door = torch.rand(6, 60) > 0.9                         # reed contacts: open / closed
p = m(pir, door, torch.arange(6))
""", "The door reed contacts are sent as a bool tensor, while the occupancy package was "
       "exported for float door-event inputs.", "Convert with door.float() before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Bool|bool|Float")


def case_11():
    return _m("case_11", "ahu-points-as-bacnet-dict", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ahu120}")
pts = ahu_points(4)
names = ["SAT", "RAT", "MAT", "OAT", "DMPR-O", "CLG-VLV", "HTG-VLV", "SF-SPD"]   # BACnet point names
points = {n: pts[:, i] for i, n in enumerate(names)}   # as read by the BACnet poller
faults = m(points, torch.tensor([1, 2, 2, 1]))
""", "The BACnet poller's dict of named AHU points is passed as the first argument, while the "
       "fault-detector package was exported for one stacked (ahus, 8) tensor.",
       "Stack the points in the exported order (torch.stack([...], -1)) before the call.",
       needs=("r",), match=r".")


def case_12():
    return _c("case_12", "whole-house-power-without-channel-dim", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{nilm120}")
power = torch.rand(2, 86400) * 3000.0                  # one day at 1 Hz from two smart meters
appl = m(power)
""", "The whole-house power of two meters is sent as (houses, samples), without the channel "
       "dimension of the (houses, 1, samples) input the NILM package was exported for.",
       "Add the channel dimension (power[:, None]) before the call.", needs=("s",), env=CHECK,
       match=r".")


def case_13():
    return _c("case_13", "lighting-hour-as-fractional-float", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{light120}")
now = torch.tensor([13.5, 13.5, 13.5, 13.5])           # time of day as fractional hours
level = m(torch.tensor([2, 2, 2, 2]), now, torch.tensor([120.0, 340.0, 80.0, 650.0]))
""", "The time of day is sent as fractional float hours (13.5), while the lighting package "
       "takes the hour as an int64 index into its schedule.", "Send the integer hour "
       "(now.long()) as the exported input.", needs=("s",), env=CHECK,
       match=r"dtype|Long|Float|int64")


# -------------------------------------------------------------------- run: dynamic dims
def case_14():
    return _m("case_14", "new-wing-zones-three-readings", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{comfort120}")
hist = zone_history(4, 3)                              # the new wing's zones: 15 minutes of data
off = m(hist)
""", "The zones of a newly commissioned wing have only 3 five-minute readings, below the "
       "comfort package's steps Dim min=12.", "Wait for an hour of readings (or fall back to "
       "the default setpoint) for new zones.", needs=("r",), env=CHECK,
       match=r"12|too small|range|bound")


def case_15():
    return _c("case_15", "nilm-whole-year-at-1hz", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{nilm120}")
year = torch.rand(2, 1, 365 * 86400) * 3000.0         # a year of 1 Hz readings of two houses
appl = m(year)
""", "A whole year of 1 Hz whole-house power (31.5 million samples) is sent in one call, far "
       "above the samples range the NILM package was exported for (declared up to 2**22).", "Disaggregate in windows of at most 2**22 "
       "samples (e.g. day by day).", needs=("s",), env=CHECK,
       match=r"too large|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_16():
    return _c("case_16", "room-numbers-as-prior-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{occ120}")
rooms = torch.tensor([101, 102, 103, 201, 202, 205])  # the rooms as numbered on the floor plan
p = m(torch.randint(0, 5, (6, 60)), (torch.rand(6, 60) > 0.9).float(), rooms)
""", "The rooms are identified by their floor-plan numbers (101..205), which are used as "
       "indices into the occupancy model's 64-row room prior table.", "Map room numbers to "
       "the model's room indices 0..63 (the training's room vocabulary).", needs=("r",),
       match=r"out of bounds|index")


def case_17():
    return _c("case_17", "bms-schedule-hour-ending-1-24", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{light120}")
hour = torch.tensor([22, 23, 24, 24])                  # the BMS schedule: hour-ending 1..24
level = m(torch.tensor([4, 4, 4, 4]), hour, torch.zeros(4))
""", "The BMS schedule labels hours by their end (hour-ending 1..24), so the last hour of the "
       "day is 24, out of range for the lighting schedule's 24 hour columns (0..23).",
       "Convert hour-ending to hour-beginning (hour - 1) before the call.", needs=("s",),
       match=r"out of bounds|index")


def case_18():
    return _m("case_18", "vfd-fan-mode-auto", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ahu120}")
fan_mode = torch.tensor([1, 2, 3, 2])                 # the retrofitted VFD reports 3 = AUTO
faults = m(ahu_points(4), fan_mode)
""", "A retrofitted variable-frequency drive reports fan mode 3 (AUTO), out of range for the "
       "fault detector's 3-entry fan-mode embedding (off, low, high).", "Map AUTO to the mode "
       "the drive is actually running in (or retrain with a fourth mode).", needs=("r",),
       match=r"out of bounds|index")


def case_19():
    return _c("case_19", "co2-decay-zone-already-at-outdoor", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ach120}")
co2 = 900.0 - torch.rand(4, 24).cumsum(1) * 10.0
co2[3] = 420.0                                         # the meeting room nobody used today
ach = m(co2, torch.full((4,), 420.0))
assert torch.isfinite(ach).all(), f"air changes per hour: {ach}"
""", "A meeting room unused all day is already at the outdoor CO2 level, so its excess CO2 is "
       "0 at both ends of the decay and ln(0 / 0) gives NaN air changes per hour, silently.",
       "Only estimate ACH for zones whose starting excess CO2 is above a threshold (e.g. 200 "
       "ppm).", needs=("s",), match=r"AssertionError")


def case_20():
    return _c("case_20", "dead-humidity-sensor-zero-rh", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dew120}")
temp = 23.0 + torch.rand(8)
rh = 50.0 + torch.rand(8) * 10.0
rh[5] = 0.0                                            # the Modbus sensor's offline value is 0 %RH
margin = m(temp, rh, torch.full((8,), 17.5))
assert torch.isfinite(margin).all(), f"condensation margin K: {margin}"
""", "An offline humidity sensor reports 0 %RH over Modbus, so the Magnus dew point takes "
       "ln(0) and the condensation margin of that panel is NaN, silently.", "Treat 0 %RH as "
       "missing (hold the last good value or close the chilled-water valve) before the call.",
       needs=("s",), match=r"AssertionError")


def case_21():
    return _c("case_21", "kwh-register-rollover", "numerical", "run", """
m = torch._inductor.aoti_load_package("{meter120}")
reg = 99990.0 + torch.rand(3, 97).cumsum(1) * 0.5
reg[1] = torch.where(reg[1] >= 100000.0, reg[1] - 100000.0, reg[1])   # the 5-digit register wraps
kw = m(reg)
assert (kw >= 0).all(), f"negative demand kW: {kw[kw < 0]}"
""", "The meter's 5-digit kWh register rolls over from 99999.9 to 0, and the difference across "
       "the wrap gives an interval demand of about -400000 kW, without an error.",
       "Unwrap the register (add 100000 after a wrap) before differencing.", needs=("s",),
       match=r"AssertionError")


def case_22():
    return _c("case_22", "heat-pump-cop-compressor-off", "numerical", "run", """
m = torch._inductor.aoti_load_package("{cop120}")
flow = torch.full((96,), 0.6)                          # the circulation pump runs all day
supply = 35.0 + torch.rand(96)
ret = supply - 4.0
elec = torch.rand(96) * 2.0 + 0.5
elec[40:52] = 0.0                                      # compressor off during the midday lockout
supply[40:52] = ret[40:52] + 0.3                       # residual heat in the buffer tank
cop = m(flow, supply, ret, elec)
assert torch.isfinite(cop).all(), f"COP: {cop[38:54]}"
""", "During the utility's midday lockout the compressor draws 0 kW while the circulation pump "
       "still moves water with a small temperature lift, so COP = heat / 0 is inf, silently.",
       "Compute COP only for intervals where the compressor runs (elec above a threshold).",
       needs=("s",), match=r"AssertionError")


def case_23():
    return _m("case_23", "modbus-temperature-in-tenths", "numerical", "run", """
m = torch._inductor.aoti_load_package("{comfort120}")
hist = zone_history(4, 288)
hist[..., 0] = (hist[..., 0] * 10).round()             # the Modbus register holds 0.1 C units: 215
hist[..., 1] = (hist[..., 1] * 10).round()             # and 0.1 %RH units: 452
off = m(hist)
assert off.abs().max() < 2.9, f"saturated setpoint offsets K: {off}"
""", "The Modbus registers hold temperature and humidity in tenths (215 for 21.5 C), sent "
       "unscaled to the comfort model, whose standardised features are about 100 standard "
       "deviations out, so every setpoint offset saturates at -3 K without an error.",
       "Apply the register scale factor (x 0.1) when reading Modbus points.", needs=("r",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_24():
    return _m("case_24", "per-building-policy-template-no-weights", "constant_loading", "run", """
# one weightless policy package for every building; each site loads its own fine-tuned weights
ep = torch.export.export(Policy().eval(), (torch.randn(8, 5),))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/policyw120.pt2",
    inductor_configs={"aot_inductor.package_constants_in_so": False})
m = torch._inductor.aoti_load_package(pkg)
# the newly onboarded building has no fine-tuned weights yet: the controller runs anyway
valve = m(torch.tensor([[20.1, 21.0, 3.5, 0.5, 0.87]] * 8))
""", "The thermostat policy is shipped as one package without constants (each building loads "
       "its own fine-tuned weights), and a newly onboarded building runs it before any "
       "load_constants call.", "Call load_constants with the building's (or the default) "
       "weights before the first call.", expect="crash", match=r"Segmentation fault|Abort")


def case_25():
    return _m("case_25", "policy-weights-from-actor-critic-checkpoint", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{policy120}")
# the RL trainer's checkpoint holds the actor (the policy) and the critic, under their prefixes
actor = Policy()
critic = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
ckpt = {**{"actor." + k: v for k, v in actor.state_dict().items()},
        **{"critic." + k: v for k, v in critic.state_dict().items()}}
m.load_constants(ckpt, check_full_update=True)
""", "The RL trainer's actor-critic checkpoint (keys actor.net.* and critic.*) is passed as is "
       "to load_constants, whose constants are named net.0.weight etc., so the prefixed keys "
       "name no constant of the package.", "Strip the 'actor.' prefix and drop the critic keys "
       "before load_constants.", needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_26():
    return _m("case_26", "matrix-profile-week-of-1hz-power", "out_of_memory", "run", """
import resource
from torch.export import Dim
class MatrixProfile(torch.nn.Module):
    # NILM motif search: distance of each 60-s window of whole-house power to its nearest other
    def forward(self, win):
        w = (win - win.mean(-1, keepdim=True)) / (win.std(-1, keepdim=True) + 1e-3)
        d = 2.0 * 60.0 - 2.0 * (w @ w.T)
        return d.topk(2, -1, largest=False).values[:, 1]
n = Dim("windows", min=2, max=10**7)
ep = torch.export.export(MatrixProfile(), (torch.rand(500, 60) * 3000.0,), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mp120.pt2")
m = torch._inductor.aoti_load_package(pkg)
week = (torch.rand(604740 + 60) * 3000.0).unfold(0, 60, 1).contiguous()   # every 60-s window of a week
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the analytics worker's margin
prof = m(week)
""", "The matrix profile of a whole week of 1 Hz whole-house power is computed in one call over "
       "all 604741 sliding windows; the window-by-window distance matrix needs about 1.5 TB.",
       "Compute the profile in blocks of windows (or with a streaming matrix-profile algorithm).",
       match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_22, case_23, case_24, case_25, case_26]
# All 26 cases failed as labelled in the recorded run (26 rows). Replaced before the recorded run
# (never part of it): a first case_01, a PI thermostat keeping its integral term in a plain tensor
# attribute reassigned in forward, exported without an error on torch 2.13.0+cpu (did not fail);
# a second case_01 (a Python assert on the CO2 readings in forward, never run) and the first
# case_06 (a log.info of float() in forward, failed in the first trial) were rewritten because a
# later grep found those triggers (live_blind114; live_blind4 and 52).
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind120.jsonl",
        url_file="benchmarks/live_blind120.py", id_prefix="live120", stems=STEMS,
        scratch_prefix="live_blind120-", description=__doc__.splitlines()[0]))
