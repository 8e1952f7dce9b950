"""A hundred-and-twenty-seventh blind set of REAL AOTInductor failures (beekeeping and pollination monitoring models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind127.py [--out benchmarks/live_blind127.jsonl] [--keep]

Theme: beekeeping and pollination monitoring (a hive-health classifier over in-hive audio
spectrograms in 64 buzz-frequency bands, a colony-weight trend model over hourly scale readings
in kg, a varroa-load estimator over sticky-board image crops and the colony's bee count, a
swarm-risk scorer over temperature / humidity series logged between the frames of a brood box, a
pollinator-visit detector over flower-camera clips and a forage map that looks up the bloom
calendar of an apiary's GPS grid cell), exported, compiled, loaded and run as a beekeeping
monitoring engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind125.py (their TRIED
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
class HiveHealth(torch.nn.Module):
    # healthy / queenless / swarming / varroa-stressed logits from an in-hive audio spectrogram:
    # (recordings, 1, 64 buzz-frequency bands over 0..2 kHz, frames at 10 per s), linear power
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(1, 8, 3, padding=1)
        self.head = torch.nn.Linear(8 * 64, 4)
    def forward(self, spec):
        x = torch.log(spec)
        x = (x - x.mean((2, 3), keepdim=True)) / x.std((2, 3), keepdim=True)
        h = torch.relu(self.c(x)).mean(3)                  # (recordings, 8, 64 bands)
        return self.head(h.flatten(1))

class ColonyWeight(torch.nn.Module):
    # daily weight gain (kg/day) of each colony from hourly hive-scale readings in kg (hives, hours)
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(45.0))
        self.register_buffer("std", torch.tensor(15.0))
        self.lin = torch.nn.Linear(3, 1)
    def forward(self, kg):
        z = (kg - self.mean) / self.std
        d = kg[:, 1:] - kg[:, :-1]                          # hourly change
        f = torch.stack([z.mean(1), d.mean(1) * 24.0, d.std(1)], -1)
        return self.lin(f).squeeze(-1)

class VarroaLoad(torch.nn.Module):
    # mites per 100 bees: mites counted on each board's sticky-board crops (boards, crops, 3, 32, 32)
    # by a density map, divided by the colony's bee-count estimate (boards,)
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 4, 3, padding=1)
        self.d = torch.nn.Conv2d(4, 1, 1)
        with torch.no_grad():
            self.d.bias.fill_(0.05)                         # a small positive density floor
    def forward(self, crops, bees):
        b, n = crops.shape[0], crops.shape[1]
        dens = torch.relu(self.d(torch.relu(self.c(crops.flatten(0, 1)))))
        return 100.0 * dens.reshape(b, n, -1).sum((1, 2)) / bees

CLIMATE_MEAN = [34.5, 60.0]     # brood-nest temperature (C), relative humidity (%)
CLIMATE_STD = [1.5, 5.0]

class SwarmRisk(torch.nn.Module):
    # swarm risk of a colony from temperature and humidity logged between each of the 10 frames of
    # a Langstroth brood box (hives, 10, samples), and the brood-nest centre frame (hives,), 0..9
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(CLIMATE_MEAN))
        self.register_buffer("std", torch.tensor(CLIMATE_STD))
        self.frame = torch.nn.Embedding(10, 2)
        self.lin = torch.nn.Linear(2, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[1.0, -1.5]]))
            self.lin.bias.zero_()
    def forward(self, temp, rh, centre):
        z = (torch.stack([temp, rh], -1) - self.mean) / self.std      # (hives, 10, samples, 2)
        f = z.mean((1, 2)) + 0.1 * self.frame(centre)
        return torch.sigmoid(self.lin(f).squeeze(-1))

class Visit(torch.nn.Module):
    # pollinator-visit probability of each flower-camera clip (clips, frames, 3, 96, 128), values 0..1
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(1, 1)
    def forward(self, clip):
        g = clip.mean(2)
        motion = (g[:, 1:] - g[:, :-1]).abs()
        z = (motion - motion.mean((1, 2, 3), keepdim=True)) / motion.std((1, 2, 3), keepdim=True)
        return torch.sigmoid(self.fc(z.amax((1, 2, 3)).unsqueeze(-1))).squeeze(-1)

def spectrogram(b=2, frames=300):
    # buzz power: a hum around the 250 Hz band (band 8) on a noise floor
    s = torch.rand(b, 1, 64, frames) * 0.01 + 1e-4
    s[:, :, 6:10] += 1.0
    return s

def scale(hives=4, hours=72):
    t = torch.arange(hours).float()
    return 40.0 + 0.05 * t + 0.3 * torch.sin(t / 24.0 * 6.2832) + 0.05 * torch.randn(hives, hours)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
r, f = Dim("recordings", min=1, max=64), Dim("frames", min=16, max=36000)
build("hive127", HiveHealth().eval(), (spectrogram(2, 300),), dynamic_shapes=({0: r, 3: f},))
h, t = Dim("hives", min=1, max=512), Dim("hours", min=48, max=8784)
build("weight127", ColonyWeight().eval(), (scale(4, 72),), dynamic_shapes=({0: h, 1: t},))
b, n = Dim("boards", min=1, max=64), Dim("crops", min=1, max=400)
build("varroa127", VarroaLoad().eval(), (torch.rand(2, 12, 3, 32, 32), torch.tensor([18000.0, 25000.0])),
      dynamic_shapes=({0: b, 1: n}, {0: b}))
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
LAT0, LON0, CELL, ROWS, COLS = 47.0, 5.5, 0.1, 80, 100    # 0.1-degree grid over Germany

class Forage(torch.nn.Module):
    # nectar-flow index of each apiary: the bloom calendar of its grid cell at the week (1..52)
    def __init__(self):
        super().__init__()
        self.register_buffer("bloom", torch.rand(ROWS * COLS, 52))
    def forward(self, latlon, week):
        r = ((latlon[:, 0] - LAT0) / CELL).long()
        c = ((latlon[:, 1] - LON0) / CELL).long()
        return self.bloom[r * COLS + c, week - 1]

a = Dim("apiaries", min=1, max=10000)
build("forage127", Forage(), (), {"latlon": torch.tensor([[52.52, 13.40], [48.14, 11.58], [50.94, 6.96]]),
                                  "week": torch.tensor([18, 20, 22])},
      dynamic_shapes={"latlon": {0: a}, "week": {0: a}})
hv, sm = Dim("hives", min=1, max=256), Dim("samples", min=12, max=10080)
build("swarm127", SwarmRisk().eval(), (34.5 + torch.randn(3, 10, 144), 60.0 + 5 * torch.randn(3, 10, 144),
                                       torch.tensor([4, 5, 3])),
      dynamic_shapes=({0: hv, 2: sm}, {0: hv, 2: sm}, {0: hv}))
c, fr = Dim("clips", min=1, max=32), Dim("clip_frames", min=3, max=900)
build("visit127", Visit().eval(), (torch.rand(2, 16, 3, 96, 128),), dynamic_shapes=({0: c, 1: fr},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"hive127", "weight127", "varroa127", "forage127", "swarm127", "visit127", "overlap127"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "queen-piping-band-python-if", "export_failure", "export", """
class PipingAware(HiveHealth):
    # queen piping (400..500 Hz, bands 12..15) overrides the classifier: report "swarming" directly
    def forward(self, spec):
        if spec[:, :, 12:16].mean() > 3.0 * spec.mean():
            return torch.tensor([[0.0, 0.0, 10.0, 0.0]]).expand(spec.shape[0], 4)
        return super().forward(spec)
ep = torch.export.export(PipingAware().eval(), (spectrogram(2, 300),))
""", "The hive classifier decides with a Python if whether the queen-piping bands are louder "
       "than the rest of the spectrogram, control flow on tensor data that torch.export cannot "
       "trace.", "Blend the override with torch.where on the piping score (or use torch.cond) "
       "instead of a Python if.", match=r".")


def case_02():
    return _m("case_02", "varroa-blob-erosion-while-loop", "export_failure", "export", """
class MiteBlobs(torch.nn.Module):
    # count mites on a sticky-board mask: erode the dark blobs until none is left, as in the
    # OpenCV prototype, and report the number of erosion steps as the blob size
    def forward(self, board):
        mask = (board.mean(1, keepdim=True) < 0.3).float()
        steps = torch.zeros(())
        while mask.sum() > 0:
            mask = -torch.nn.functional.max_pool2d(-mask, 3, 1, 1)
            steps = steps + 1
        return steps
ep = torch.export.export(MiteBlobs(), (torch.rand(1, 3, 64, 64),))
""", "The sticky-board mite counter erodes the blob mask in a Python while loop until the mask "
       "is empty, a loop whose trip count depends on the image data, which torch.export cannot "
       "trace.", "Run a fixed number of erosion steps (or count connected components outside "
       "the exported model).", match=r".")


def case_03():
    return _m("case_03", "scale-sanity-assert-in-forward", "export_failure", "export", """
class CheckedWeight(ColonyWeight):
    # the scale driver's sanity check, kept in forward: a colony cannot weigh less than nothing
    def forward(self, kg):
        assert (kg > 0).all(), "negative hive-scale reading (tare not set?)"
        return super().forward(kg)
ep = torch.export.export(CheckedWeight().eval(), (scale(4, 72),))
""", "The colony-weight model keeps the scale driver's Python assert on the readings "
       "((kg > 0).all()) in forward, a branch on tensor data that torch.export cannot trace.",
       "Validate readings before the call (or use torch._check / a masked output) instead of a "
       "Python assert on tensor values.", match=r".")


def case_04():
    return _m("case_04", "buzz-bands-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
# new microphones give 48 or 128 bands, so the band axis is declared dynamic as well
bands, frames = Dim("bands", min=16, max=256), Dim("frames", min=16, max=36000)
ep = torch.export.export(HiveHealth().eval(), (spectrogram(2, 300),),
                         dynamic_shapes=({2: bands, 3: frames},))
""", "The band axis of the spectrogram is declared dynamic, but the classifier head flattens "
       "the 64 bands into a Linear of 8 x 64 inputs, so export specialises bands to 64.",
       "Keep the band axis static at 64 (resample other microphones' spectrograms to 64 bands).",
       match=r".")


def case_05():
    return _m("case_05", "week-dim-month-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
hours = Dim("hours", min=48, max=168)               # the dashboard shows the last week
month = scale(4, 720)                               # the example: June's hourly readings, 30 days
ep = torch.export.export(ColonyWeight().eval(), (month,), dynamic_shapes=({1: hours},))
""", "The hours Dim is declared for a week of hourly readings (max=168), but the colony-weight "
       "model is exported with a month (720 hours) as the example, outside the declared range.",
       "Export with a week-long example (or declare hours up to the longest window used).",
       match=r".")


def case_06():
    return _m("case_06", "demo-apiary-single-hive-example", "dynamic_shape_guard", "export", """
from torch.export import Dim
hives = Dim("hives", min=1, max=256)
one = (34.5 + torch.randn(1, 10, 144), 60.0 + 5 * torch.randn(1, 10, 144), torch.tensor([4]))
ep = torch.export.export(SwarmRisk().eval(), one,        # the demo apiary has one hive on sensors
                         dynamic_shapes=({0: hives}, {0: hives}, {0: hives}))
""", "The swarm-risk scorer is exported with the demo apiary's single instrumented hive as the "
       "example, so the dynamic hives Dim has example size 1 and export specialises it to 1.",
       "Export with an example of at least 2 hives.", match=r".")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _c("case_07", "new-microphone-128-bands", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{hive127}")
spec = torch.rand(2, 1, 128, 300) + 1e-4           # the new hive microphone's firmware: 128 bands
logits = m(spec)
""", "The new hive microphone firmware produces 128-band spectrograms, while the hive-health "
       "package was exported for 64 buzz-frequency bands.", "Resample the spectrogram to the 64 "
       "bands (0..2 kHz) the model was trained on before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "scale-logger-int32-grams", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{weight127}")
grams = torch.randint(38000, 52000, (4, 72), dtype=torch.int32)   # the logger's raw readings, g
gain = m(grams)
""", "The hive-scale logger's raw readings (int32 grams) are sent to the colony-weight package "
       "exported for float32 kilograms.", "Convert with grams.float() / 1000 before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Int|Float|int32")


def case_09():
    return _c("case_09", "sticky-board-crops-as-list", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{varroa127}")
crops = [torch.rand(12, 3, 32, 32), torch.rand(12, 3, 32, 32)]   # one crop stack per board
load = m(crops, torch.tensor([18000.0, 25000.0]))
""", "The sticky-board crops are passed as a Python list of per-board tensors, while the varroa "
       "package was exported for one stacked (boards, crops, 3, 32, 32) tensor.",
       "torch.stack the boards' crops into one tensor before the call.", needs=("r",),
       match=r".")


def case_10():
    return _c("case_10", "forage-api-iso-week-keyword", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{forage127}")
apiaries = torch.tensor([[52.52, 13.40], [48.14, 11.58]])
flow = m(latlon=apiaries, iso_week=torch.tensor([21, 21]))   # the new scheduler's field name
""", "The new hive-moving scheduler passes the week as iso_week=, while the forage package was "
       "exported with the keyword inputs latlon and week.", "Call with week= (map the "
       "scheduler's field names to the exported input names).", needs=("s",), match=r".")


def case_11():
    return _c("case_11", "british-national-11-frame-box", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{swarm127}")
temp = 34.5 + torch.randn(2, 11, 144)              # British National brood boxes: 11 frames
rh = 60.0 + 5 * torch.randn(2, 11, 144)
risk = m(temp, rh, torch.tensor([5, 6]))
""", "Hives with British National brood boxes log 11 inter-frame sensors, while the swarm-risk "
       "package was exported for the 10 frames of a Langstroth box.",
       "Export a National-box model (or map the 11 sensors onto 10 positions) before the call.",
       needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_12():
    return _c("case_12", "trail-camera-rgba-png-frames", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{visit127}")
clip = torch.rand(2, 16, 4, 96, 128)               # the flower camera saves RGBA PNGs
p = m(clip)
""", "The flower camera's frames are decoded from RGBA PNGs (4 channels), while the visit "
       "detector was exported for RGB (3-channel) frames.", "Drop the alpha channel "
       "(clip[:, :, :3]) before the call.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


# -------------------------------------------------------------------- run: dynamic dims
def case_13():
    return _c("case_13", "lid-open-half-second-clip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hive127}")
clip = torch.rand(2, 1, 64, 5) + 1e-4              # lid-open trigger: 0.5 s of audio, 5 frames
logits = m(clip)
""", "The lid-open trigger records only half a second (5 spectrogram frames), below the "
       "smallest clip the package accepts (the frames Dim was declared with min=16).", "Record at least 1.6 s per clip (or skip clips shorter "
       "than the exported minimum).", needs=("r",), env=CHECK, match=r"too small|range|bound")


def case_14():
    return _c("case_14", "two-seasons-of-hourly-readings", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{weight127}")
t = torch.arange(17544).float()                    # 2024 + 2025, hourly: 17544 readings
kg = 40.0 + 0.001 * t + 0.3 * torch.sin(t / 24.0 * 6.2832)
gain = m(torch.stack([kg, kg + 3.0]))
""", "Two whole seasons of hourly scale readings (17544 hours) are sent, above the longest "
       "series the package accepts (the hours Dim was declared with max=8784, one leap year).", "Send the last year at most (or export with a larger "
       "max).", needs=("r",), env=CHECK, match=r"too large|range|bound")


def case_15():
    return _c("case_15", "camera-snapshot-mode-one-frame", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{visit127}")
snap = torch.rand(2, 1, 3, 96, 128)               # battery-saving snapshot mode: one frame per trigger
p = m(snap)
""", "In battery-saving snapshot mode the flower camera records one frame per trigger, below "
       "the clip_frames Dim's exported min=3.", "Keep clip mode for "
       "the visit detector (or score snapshots with an image model).", needs=("s",), env=CHECK,
       match=r"2|too small|range|bound")


# -------------------------------------------------------------------- run: indices and values
def case_16():
    return _c("case_16", "nmea-ddmm-apiary-coordinates", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{forage127}")
# the hive tracker's NMEA sentences give ddmm.mmmm: 5231.204 is 52 deg 31.204 min
latlon = torch.tensor([[5231.204, 1322.510], [4808.400, 1134.800]])
flow = m(latlon=latlon, week=torch.tensor([21, 21]))
""", "The apiary coordinates come from the hive tracker's NMEA sentences in ddmm.mmmm "
       "(5231.204 for 52 deg 31.204 min), so the grid cell index is far outside the 80 x 100 "
       "bloom-calendar grid.", "Convert ddmm.mmmm to decimal degrees (dd + mm.mmmm / 60) before "
       "the call.", needs=("s",), expect="exc", match=r"out of bounds|index")


def case_17():
    return _c("case_17", "inspection-app-frame-numbers-1-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{swarm127}")
temp, rh = 34.5 + torch.randn(3, 10, 144), 60.0 + 5 * torch.randn(3, 10, 144)
centre = torch.tensor([10, 6, 7])                  # the inspection app numbers frames 1..10
risk = m(temp, rh, centre)
""", "The inspection app numbers the brood-box frames 1..10, so a brood nest centred on the "
       "last frame gives index 10 into the swarm model's 10-row frame embedding (0..9).",
       "Subtract 1 from the app's frame numbers before the call.", needs=("s",),
       expect="crash", match=r"out of bounds|index")


def case_18():
    return _c("case_18", "dead-microphone-silent-spectrogram", "numerical", "run", """
m = torch._inductor.aoti_load_package("{hive127}")
spec = torch.rand(3, 1, 64, 300) * 0.01 + 1e-4
spec[1] = 0.0                                      # hive 2: microphone cable chewed through
logits = m(spec)
assert torch.isfinite(logits).all(), f"hive-health logits: {logits}"
""", "A dead hive microphone delivers an all-zero spectrogram; log(0) is -inf and the "
       "per-recording normalisation computes -inf - (-inf) = NaN, so that hive's logits are "
       "NaN, silently.", "Detect silent recordings (or add a floor, log(spec + eps)) before the "
       "call.", needs=("r",), match=r"AssertionError")


def case_19():
    return _c("case_19", "lost-lora-uplinks-nan-hours", "numerical", "run", """
m = torch._inductor.aoti_load_package("{weight127}")
t = torch.arange(72).float()
kg = torch.stack([40.0 + 0.05 * t + 0.3 * torch.sin(t / 24.0 * 6.2832)] * 4)
kg[2, 30:33] = float("nan")                        # three lost LoRaWAN uplinks, stored as NaN
gain = m(kg)
assert torch.isfinite(gain).all(), f"daily gain (kg/day): {gain}"
""", "Three lost LoRaWAN uplinks leave NaN hours in one hive's scale series, and the colony-"
       "weight model's mean and hourly differences turn that colony's gain into NaN.",
       "Interpolate (or drop) missing hours before the call.", needs=("r",),
       match=r"AssertionError")


def case_20():
    return _c("case_20", "dead-out-colony-zero-bees", "numerical", "run", """
m = torch._inductor.aoti_load_package("{varroa127}")
crops = torch.rand(3, 12, 3, 32, 32)
bees = torch.tensor([18000.0, 0.0, 25000.0])       # hive 2 died over winter: no bees left
load = m(crops, bees)
assert torch.isfinite(load).all(), f"mites per 100 bees: {load}"
""", "A dead-out colony has a bee-count estimate of 0, so its mites per 100 bees is a division "
       "by zero (inf), silently.", "Skip dead-out colonies (or clamp the bee count) before the "
       "call.", needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "humidity-sensor-fraction-not-percent", "numerical", "run", """
m = torch._inductor.aoti_load_package("{swarm127}")
temp = 34.5 + 0.5 * torch.randn(3, 10, 144)
rh = (60.0 + 5 * torch.randn(3, 10, 144)) / 100.0  # the new sensor driver reports RH as 0..1
risk = m(temp, rh, torch.tensor([4, 5, 3]))
assert ((risk > 1e-4) & (risk < 1 - 1e-4)).all(), f"saturated swarm risk: {risk}"
""", "The new humidity-sensor driver reports relative humidity as a fraction (0..1) instead of "
       "percent, about 12 standard deviations below the model's mean, so every hive's swarm risk "
       "saturates at 1, without an error.", "Scale the fraction to percent (x 100) in the "
       "pipeline (and validate feature ranges).", needs=("s",), match=r"AssertionError")


def case_22():
    return _c("case_22", "frozen-flower-camera-repeats-frame", "numerical", "run", """
m = torch._inductor.aoti_load_package("{visit127}")
frame = torch.rand(1, 1, 3, 96, 128)
clip = torch.cat([torch.rand(1, 16, 3, 96, 128), frame.expand(1, 16, 3, 96, 128)])  # cam 2 froze
p = m(clip)
assert torch.isfinite(p).all(), f"visit probabilities: {p}"
""", "A frozen flower camera repeats the same frame for the whole clip, so the motion map is "
       "all zeros, its standard deviation is 0 and the normalised motion is 0/0 = NaN.",
       "Detect frozen clips (zero motion) before the call (or add an epsilon to the std).",
       needs=("s",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_23():
    return _c("case_23", "retrained-head-adds-robbing-class", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{hive127}")
# the retrained head adds a fifth class, "robbing", and is pushed to the gateways as new weights
new_head = {"head.weight": torch.randn(5, 512) * 0.05, "head.bias": torch.zeros(5)}
m.load_constants({k: v for k, v in new_head.items() if k in m.get_constant_fqns()},
                 check_full_update=False)               # push only what the package holds
logits = m(torch.rand(2, 1, 64, 300) + 1e-4)
assert logits.shape[-1] == 5, f"expected 5 classes, got logits of shape {tuple(logits.shape)}"
""", "The retrained hive-health head has 5 classes (robbing added), and its (5, 512) weights "
       "are loaded into the package compiled for a (4, 512) head; load_constants takes the "
       "wrong-shaped weight without a check and the process then dies of heap corruption.", "Re-export and recompile "
       "the model with the 5-class head; load_constants only swaps weights of the same shapes.",
       needs=("r",), expect="crash", match=r"free|corrupt|Abort|Segmentation")


def case_24():
    return _m("case_24", "varroa-weights-npz-float64", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{varroa127}")
ref = VarroaLoad().eval()
# the lab retrains the counter in scikit/numpy tooling and ships an .npz (float64 arrays)
np.savez("{scratch}/varroa_v2.npz", **{k: v.double().numpy() for k, v in ref.state_dict().items()})
new = {k: torch.from_numpy(v) for k, v in np.load("{scratch}/varroa_v2.npz").items()}
m.load_constants({k: v for k, v in new.items() if k in m.get_constant_fqns()},
                 check_full_update=False)               # push only what the package holds
crops, bees = torch.rand(2, 12, 3, 32, 32), torch.tensor([18000.0, 25000.0])
got = m(crops, bees)
assert torch.allclose(got, ref(crops, bees), rtol=1e-3), f"{got} vs {ref(crops, bees)}"
""", "The retrained varroa counter is shipped as an .npz of float64 arrays and loaded with "
       "torch.from_numpy into the package compiled with float32 constants, which takes the "
       "float64 buffers without a check.",
       "Convert the arrays to float32 (torch.from_numpy(v).float()) before load_constants.",
       needs=("r",), expect="crash", match=r"free|corrupt|Abort|Segmentation")


# ----------------------------------------------------------------------- run: resources
def case_25():
    return _m("case_25", "nationwide-apiary-overlap-matrix", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Overlap(torch.nn.Module):
    # forage competition: other apiaries within a 3 km flight radius of each apiary
    def forward(self, xy):                          # apiary positions, km east/north (apiaries, 2)
        sq = (xy * xy).sum(-1)
        d2 = sq[:, None] + sq[None, :] - 2.0 * (xy @ xy.T)
        return (d2 < 9.0).sum(-1) - 1
ap = Dim("apiaries", min=2, max=500000)
ep = torch.export.export(Overlap(), (torch.rand(300, 2) * 50,), dynamic_shapes=({0: ap},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/overlap127.pt2")
m = torch._inductor.aoti_load_package(pkg)
registry = torch.rand(160000, 2) * torch.tensor([640.0, 880.0])   # every registered apiary
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the worker's 2 GiB margin
n = m(registry)
""", "Forage overlap is computed for every registered apiary of the country (160000) in one "
       "call; the apiary-by-apiary distance matrix needs about 100 GB.",
       "Use a spatial index (grid cells or a k-d tree) and compare only nearby apiaries, or "
       "process the registry in tiles.", match=r"memory|alloc")


def case_26():
    return _c("case_26", "gateway-clip-to-cuda-from-training-loader", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{visit127}")
clip = torch.rand(2, 16, 3, 96, 128)
clip = clip.to("cuda", non_blocking=True)          # as in the training data loader
p = m(clip)
""", "The flower-camera gateway (CPU only) copies each clip to 'cuda' as the training data "
       "loader did, but the host has no GPU while the package was compiled for CPU.",
       "Keep clips on the CPU on the gateway (use the package's device for inputs).",
       needs=("s",), match=r"CUDA|cuda|NVIDIA|driver")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind127.jsonl",
        url_file="benchmarks/live_blind127.py", id_prefix="live127", stems=STEMS,
        scratch_prefix="live_blind127-", description=__doc__.splitlines()[0]))
