"""A hundred-and-seventy-second blind set of REAL AOTInductor failures (recording studios), triggered live with torch 2.14.1.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind172.py [--out benchmarks/live_blind172.jsonl] [--keep]

Theme: recording studios (a microphone gain recommender from room features with a 16-row mic
sensitivity table; a take-quality scorer over per-10 ms level and pitch-deviation frames; a
session booking volume forecaster over weekly booked hours; a reverb tail length estimator, the
Sabine RT60 from a room's dimensions and its six surfaces' materials in a 20-row absorption
table; a mixing-desk fader automation model with a 32-row instrument target table; a tape hiss
level detector over the high-band level of tape transfers; and a stepped-gain version of the
mic model whose rounding to the preamp's 3 dB detents is a Python-only custom op), exported,
compiled, loaded and run as a studio group's engineers, its booking office and its developer
would. Built on torch 2.14.1 (the CUDA 13 build, run on a CPU-only host). No trigger repeats one
of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind171.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
MICS = 16        # the mic locker, index 0..15 (0 dynamic vocal mic, 1 small-diaphragm condenser, ...)
INSTRUMENTS = 32 # the fader model's instrument classes, index 0..31 (0 kick, 1 snare, ...)
MATERIALS = 20   # the absorption table, index 0..19 (0 painted concrete ... 19 bass trap)

def placements(n=8):
    # (n, 4): room volume m3 20..400, RT60 s 0.2..1.2, noise floor dBA 15..40, source SPL at the
    # mic dB 70..115; mic (n,) 0..15
    f = torch.stack([20.0 + 380.0 * torch.rand(n), 0.2 + 1.0 * torch.rand(n),
                     15.0 + 25.0 * torch.rand(n), 70.0 + 45.0 * torch.rand(n)], -1)
    return f, torch.arange(n) % MICS

def takes(n=4, t=1000):
    # per 10 ms frame (n, 2, t): level dBFS (below 0), pitch deviation cents -50..50
    level = (-24.0 + 12.0 * torch.rand(n, 1) + 4.0 * torch.randn(n, t)).clamp(max=-0.1)
    cents = (12.0 * torch.randn(n, t)).clamp(-50.0, 50.0)
    return torch.stack([level, cents], 1)

def bookings(n=6, w=52):
    # booked hours per week per room (n, w), oldest week first
    wk = torch.arange(w).float()[None]
    base = 20.0 + 40.0 * torch.rand(n, 1)
    season = 6.0 * torch.cos(2.0 * math.pi * (wk - 40.0) / 52.0)
    return (base + season + 4.0 * torch.randn(n, w)).clamp(min=0.0).round()

def rooms(n=8):
    # (n, 3): length m 3..15, width m 3..12, height m 2.4..6; materials (n, 6) 0..19 of the
    # ceiling, floor, two long walls, two short walls
    d = torch.stack([3.0 + 12.0 * torch.rand(n), 3.0 + 9.0 * torch.rand(n),
                     2.4 + 3.6 * torch.rand(n)], -1)
    return d, torch.randint(0, MATERIALS, (n, 6))

def mixes(n=4, k=12):
    # per track (n, k, 2): integrated loudness LUFS -35..-12, crest factor dB 6..20;
    # instrument (n, k) 0..31
    lufs = -35.0 + 23.0 * torch.rand(n, k)
    crest = 6.0 + 14.0 * torch.rand(n, k)
    return torch.stack([lufs, crest], -1), torch.randint(0, INSTRUMENTS, (n, k))

def reels(n=4, t=1500):
    # high-band (8..16 kHz) level of tape transfers, dBFS per 20 ms frame (n, 1, t)
    return -70.0 + 15.0 * torch.rand(n, 1, 1) + 2.0 * torch.randn(n, 1, t)
"""

MODELS = DATA + """
class MicGain(torch.nn.Module):
    # room (n, 4), mic (n,) -> (n,) recommended preamp gain dB
    def __init__(self):
        super().__init__()
        self.sens = torch.nn.Embedding(MICS, 1)               # sensitivity dBV/Pa
        with torch.no_grad():
            self.sens.weight.copy_(torch.linspace(-58.0, -32.0, MICS)[:, None])
    def forward(self, room, mic):
        return (40.0 + 94.0 - room[:, 3] - self.sens(mic).squeeze(-1) - 38.0
                + 3.0 * room[:, 1] + 0.005 * (room[:, 0] - 100.0) + 0.1 * (room[:, 2] - 25.0))

class TakeScore(torch.nn.Module):
    # (n, 2, t) level dBFS and pitch cents per 10 ms -> (n, 2): clipped share, take score 0..1
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(2, 8, 5, stride=2)
        self.c2 = torch.nn.Conv1d(8, 8, 5, stride=2)
        self.head = torch.nn.Linear(8, 1)
    def forward(self, x):
        clip = (x[:, 0] > -1.0).float().mean(-1)
        drift = x[:, 1].abs().mean(-1)
        h = torch.relu(self.c2(torch.relu(self.c1(x / 50.0)))).mean(-1)
        return torch.stack([clip, torch.sigmoid(self.head(h).squeeze(-1) - 20.0 * clip
                                                - 0.05 * (drift - 10.0))], -1)

class Bookings(torch.nn.Module):
    # weekly booked hours (n, w), oldest first -> (n, 4): the next four weeks (linear trend)
    def forward(self, h):
        t = torch.arange(h.shape[1], dtype=h.dtype)
        tc = t - t.mean()
        slope = (tc[None] * (h - h.mean(1, keepdim=True))).sum(1) / (tc * tc).sum()
        last = h.mean(1) + slope * tc[-1]
        k = torch.arange(1, 5, dtype=h.dtype)
        return (last[:, None] + slope[:, None] * k[None]).clamp(min=0.0)

class Reverb(torch.nn.Module):
    # dims (n, 3) m, materials (n, 6) -> (n,) Sabine RT60 s
    def __init__(self):
        super().__init__()
        self.absorb = torch.nn.Embedding(MATERIALS, 1)        # absorption coefficient (500 Hz)
        with torch.no_grad():
            self.absorb.weight.copy_(torch.linspace(0.02, 0.9, MATERIALS)[:, None])
    def forward(self, dims, materials):
        l, w, h = dims[:, 0], dims[:, 1], dims[:, 2]
        areas = torch.stack([l * w, l * w, l * h, l * h, w * h, w * h], -1)
        a = (areas * self.absorb(materials).squeeze(-1)).sum(-1)
        return 0.161 * l * w * h / a

class Fader(torch.nn.Module):
    # feat (n, k, 2), instrument (n, k) -> (n, k) fader move dB towards the instrument's target
    def __init__(self):
        super().__init__()
        self.target = torch.nn.Embedding(INSTRUMENTS, 1)      # target loudness LUFS in the mix
        with torch.no_grad():
            self.target.weight.copy_(torch.linspace(-26.0, -14.0, INSTRUMENTS)[:, None])
    def forward(self, feat, instrument):
        return (self.target(instrument).squeeze(-1) - feat[..., 0]
                - 0.2 * (feat[..., 1] - 12.0))

class Hiss(torch.nn.Module):
    # (n, 1, t) high-band dBFS per 20 ms -> (n, 2): hiss floor dBFS, noise-reduction need 0..1
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv1d(1, 4, 9, stride=4)
        self.head = torch.nn.Linear(4, 1)
    def forward(self, x):
        floor = x[:, 0].amin(-1)
        h = torch.relu(self.c(x / 60.0 + 1.0)).mean(-1)
        return torch.stack([floor, torch.sigmoid(self.head(h).squeeze(-1) + 0.3 * (floor + 62.0))], -1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, math, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
pl = Dim("placements", min=1, max=2000)
build("mic172", MicGain().eval(), placements(8), dynamic_shapes=({0: pl}, {0: pl}))
tk, fr = Dim("takes", min=1, max=5000), Dim("frames", min=100, max=6000)
build("take172", TakeScore().eval(), (takes(4, 1000),), dynamic_shapes=({0: tk, 2: fr},))
mx, tr = Dim("mixes", min=1, max=200), Dim("tracks", min=2, max=64)
build("fader172", Fader().eval(), mixes(4, 12), dynamic_shapes=({0: mx, 1: tr}, {0: mx, 1: tr}))
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
rm, wk = Dim("rooms", min=1, max=300), Dim("weeks", min=8, max=104)
build("book172", Bookings().eval(), (bookings(6, 52),), dynamic_shapes=({0: rm, 1: wk},))
sp = Dim("spaces", min=1, max=1000)
build("verb172", Reverb().eval(), rooms(8), dynamic_shapes=({0: sp}, {0: sp}))
rl, hf = Dim("reels", min=1, max=2000), Dim("hframes", min=50, max=3000)
build("hiss172", Hiss().eval(), (reels(4, 1500),), dynamic_shapes=({0: rl, 2: hf},))
# the console recall sheet: every gain rounded to the preamp's 3 dB detents, in numpy
@torch.library.custom_op("stud172::to_detents", mutates_args=())
def to_detents(gain: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.round(gain.numpy().astype(np.float64) / 3.0) * 3.0).float()
@to_detents.register_fake
def _(gain):
    return torch.empty_like(gain)
class MicGainStepped(MicGain):
    def forward(self, room, mic):
        return torch.ops.stud172.to_detents(super().forward(room, mic))
pl2 = Dim("placements", min=1, max=2000)
build("micstep172", MicGainStepped().eval(), placements(8), dynamic_shapes=({0: pl2}, {0: pl2}))
with open(os.path.join(out, "setup_s.json"), "w") as fh:
    json.dump(paths, fh)
"""

STEMS = {"mic172", "take172", "fader172", "book172", "verb172", "hiss172", "micstep172",
         "verb_q172"}

# every child seeds torch, so the example data (and the numerical cases' references) repeat
PRE = "import math\nimport torch\ntorch.manual_seed(172)\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)
_, _d = harness.case_makers(DATA, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "take-pitch-cents-with-numpy-log2", "export_failure", "export", """
import numpy as np
class TakePitch(TakeScore):
    # the tuner plug-in logs the sung frequency in Hz; the developer converts it to cents inside
    # forward with numpy, as in the analysis notebook: 1200 * log2(f / 440)
    def forward(self, x):
        cents = 1200.0 * np.log2(x[:, 1] / 440.0)
        return super().forward(torch.stack([x[:, 0], torch.as_tensor(cents)], 1))
x = takes(4, 1000)
x[:, 1] = 440.0 * 2.0 ** (x[:, 1] / 1200.0)
ep = torch.export.export(TakePitch().eval(), (x,))
""", "The take scorer converts the tuner's Hz to cents with numpy's log2 inside forward, which "
       "needs the tensor's data as a numpy array while torch.export traces with fake tensors.",
       "Use torch.log2 (1200 * torch.log2(f / 440)) inside forward, or convert before the call.",
       match=r"numpy|__array__|FakeTensor|[Dd]ata pointer|data_ptr|storage")


def case_02():
    return _m("case_02", "mic-gain-headroom-from-loudest-source-item", "export_failure", "export", """
class MicHeadroom(MicGain):
    # headroom rule: if the loudest source of the session is above 110 dB SPL, every
    # recommendation comes down by the excess, read as a Python number
    def forward(self, room, mic):
        g = super().forward(room, mic)
        loud = room[:, 3].max().item()
        return g - max(0.0, loud - 110.0)
ep = torch.export.export(MicHeadroom().eval(), placements(8))
""", "The gain model reads the session's loudest source SPL with .item() and compares it in "
       "Python for the headroom rule, a value of the data that torch.export cannot branch on.",
       "Keep the rule in tensor ops (g - (room[:, 3].amax() - 110.0).clamp(min=0.0)).",
       match=r"data-dependent|GuardOnDataDependent")


# ------------------------------------------------------------------------ run: dynamic dims
def case_03():
    return _d("case_03", "hiss-c90-cassette-side-one-reel", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hiss172}")
# the archive digitises a C90 cassette side as one transfer: 45 minutes of 20 ms frames
out = m(reels(2, 135000))
""", "A whole C90 cassette side, 135000 frames of 20 ms, is sent as one transfer, above the "
       "most frames the hiss package accepts (its frames Dim was declared with max=3000, one "
       "minute).", "Score the side in one-minute windows (or re-export with a frames Dim up to "
       "a cassette side).", needs=("s",), env=CHECK, match=r"dim value is too large")


def case_04():
    return _d("case_04", "fader-voice-over-session-single-track", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fader172}")
# the voice-over booth's sessions have one track: the narrator's mic
feat, instrument = mixes(3, 1)
out = m(feat, instrument)
""", "The voice-over sessions have a single track, a tracks axis of 1, below the fewest tracks "
       "the fader package accepts (its tracks Dim was declared with min=2).", "Automate "
       "single-track sessions with a package exported for tracks from 1 (or skip the model "
       "for them).", needs=("r",), env=CHECK, match=r"dim value is too small")


def case_05():
    return _d("case_05", "take-75-second-guitar-solo", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{take172}")
# the guitarist's solo takes run 75 seconds: 7500 frames of 10 ms
out = m(takes(3, 7500))
""", "The 75-second guitar solo takes have 7500 frames, above the most frames the take package "
       "accepts (its frames Dim was declared with max=6000, one minute, and the package's input "
       "check allows at most 4096).", "Score long takes in windows of at most 4096 frames (or "
       "re-export with a larger frames Dim).",
       needs=("r",), env=CHECK, match=r"dim value is too large")


def case_06():
    return _d("case_06", "fader-film-score-96-tracks", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{fader172}")
# the film score session: a 96-track orchestral template
out = m(*mixes(2, 96))
""", "The film score session has 96 tracks, above the most tracks the fader package accepts "
       "(its tracks Dim was declared with max=64).", "Automate the session in groups of at most "
       "64 tracks (or re-export with a larger tracks Dim).", needs=("r",), env=CHECK,
       match=r"dim value is too large")


def case_07():
    return _d("case_07", "bookings-after-merger-340-rooms", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{book172}")
# after the merger with another studio group the booking office forecasts all 340 rooms at once
out = m(bookings(340, 52))
""", "After the merger the forecast is asked for 340 rooms in one call, above the most rooms "
       "the booking package accepts (its rooms Dim was declared with max=300).", "Forecast "
       "in batches of at most 300 rooms (or re-export with a larger rooms Dim).", needs=("s",),
       env=CHECK, match=r"dim value is too large")


# ------------------------------------------------------------------------------ run: inputs
def case_08():
    return _d("case_08", "take-meter-adds-stereo-width-channel", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{take172}")
x = takes(4, 1000)
# the new metering plug-in also exports the stereo width (0..1) per frame as a third channel
width = torch.rand(4, 1, 1000)
out = m(torch.cat([x, width], 1))
""", "The new metering plug-in adds a stereo-width channel, so the takes arrive as (takes, 3, "
       "frames) while the take package was exported for 2 channels.", "Drop the width channel "
       "(x[:, :2]) or re-export the scorer with it.", needs=("r",), env=CHECK,
       match=r"unmatched dim value")


def case_09():
    return _d("case_09", "hiss-half-track-stereo-transfers", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{hiss172}")
# the half-track stereo masters are transferred with both tape tracks as channels
left, right = reels(4, 1500), reels(4, 1500)
out = m(torch.cat([left, right], 1))
""", "The half-track stereo transfers arrive with both tape tracks as channels, (reels, 2, "
       "frames), while the hiss package was exported for one channel.", "Score each tape track "
       "as its own reel (or average the tracks) before the call.", needs=("s",), env=CHECK,
       match=r"unmatched dim value")


def case_10():
    return _d("case_10", "reverb-room-packed-into-one-row", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{verb172}")
dims, materials = rooms(8)
# the acoustics app stores each room as one 9-column row: 3 dimensions then the 6 materials
row = torch.cat([dims, materials.float()], 1)
rt60 = m(row)
""", "The room is passed as the acoustics app's single 9-column row, one input, while the "
       "reverb package takes two (the dimensions and the materials).", "Split the row: "
       "m(row[:, :3], row[:, 3:].long()).", needs=("s",),
       match=r"inputs vector size|but got 1")


def case_11():
    return _d("case_11", "fader-track-major-meter-export-permuted", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{fader172}")
feat, instrument = mixes(4, 12)
# the console's meter export is track-major (tracks, mixes, 2); the developer permutes it
meter = feat.permute(1, 0, 2).contiguous()
out = m(meter.permute(1, 0, 2), instrument)
""", "The features are a permuted view of the console's track-major meter export, with the "
       "right shape but the strides of a (tracks, mixes, 2) table, while the fader package was "
       "compiled for contiguous (mixes, tracks, 2) input.", "Make the permuted features "
       "contiguous (.contiguous()) before the call.", needs=("r",), env=CHECK,
       match=r"unmatched stride")


# ----------------------------------------------------------------------------- run: indices
def case_12():
    return _d("case_12", "mic-ids-as-model-numbers", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mic172}")
room, _ = placements(8)
# the session sheet names the mics by their model numbers: 57, 87, 414, 4050, ...
models = torch.tensor([57, 87, 414, 4050, 57, 87, 414, 4050])
gain = m(room, models)
""", "The mics are given by their model numbers (57..4050) instead of the mic locker index "
       "0..15, indexing far past the gain package's 16-row sensitivity table.", "Map the model "
       "numbers to the locker index before the call.", needs=("r",),
       match=r"index out of bounds")


def case_13():
    return _d("case_13", "mic-patchbay-tie-line-numbers", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mic172}")
room, _ = placements(8)
# the booking app records where each mic is plugged in: the live room's wall-panel tie lines
tie = torch.tensor([17, 18, 21, 22, 33, 34, 48, 96])
gain = m(room, tie)
""", "The wall-panel tie-line numbers (17..96) are sent where the gain package expects the mic "
       "locker index 0..15, indexing past its 16-row sensitivity table.", "Send the mic's "
       "locker index (look the mic up from the tie line) before the call.", needs=("r",),
       match=r"index out of bounds")


def case_14():
    return _d("case_14", "reverb-materials-as-nrc-times-100", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{verb172}")
dims, _ = rooms(8)
# the acoustic panel supplier's sheet gives each surface's NRC rating, times 100 (NRC 0.85 -> 85)
nrc = torch.tensor([5, 2, 85, 85, 70, 95]).expand(8, 6).contiguous()
rt60 = m(dims, nrc)
""", "The surfaces are given by their NRC ratings times 100 (2..95) instead of the material "
       "index 0..19, indexing past the reverb package's 20-row absorption table.", "Map each "
       "surface to its material index before the call.", needs=("s",),
       match=r"index out of bounds")


def case_15():
    return _d("case_15", "fader-instrument-as-general-midi-program", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{fader172}")
feat, _ = mixes(2, 8)
# the arranger's MIDI file gives each track's General MIDI program: piano 0, bass 33, violin 40 ..
gm = torch.tensor([[0, 33, 40, 56, 65, 73, 24, 48], [0, 33, 40, 56, 65, 73, 24, 48]])
out = m(feat, gm)
""", "The tracks' General MIDI program numbers (0..127) are sent as the instrument index 0..31, "
       "indexing past the fader package's 32-row target table.", "Map the GM programs to the "
       "model's instrument classes before the call.", needs=("r",),
       match=r"index out of bounds")


# ------------------------------------------------------------------------------ run: values
def case_16():
    return _d("case_16", "mic-rt60-in-milliseconds", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mic172}")
room, mic = placements(8)
ref = m(room, mic)
# the new acoustic measurement app reports RT60 in milliseconds
ms = room.clone()
ms[:, 1] = room[:, 1] * 1000.0
out = m(ms, mic)
assert ((out - ref).abs() < 1.0).all(), f"preamp gain dB: {out} vs {ref}"
""", "The measurement app's RT60 in milliseconds is sent where the gain model expects seconds, "
       "so every recommendation is thousands of dB too high, without an error.", "Divide the "
       "RT60 by 1000 before the call.", needs=("r",), match=r"AssertionError")


def case_17():
    return _d("case_17", "take-level-as-linear-amplitude", "numerical", "run", """
m = torch._inductor.aoti_load_package("{take172}")
x = takes(4, 1000)
ref = m(x)
# the new DAW export gives the frame level as linear peak amplitude 0..1, not dBFS
lin = x.clone()
lin[:, 0] = 10.0 ** (x[:, 0] / 20.0)
out = m(lin)
assert ((out - ref).abs() < 0.05).all(), f"clipped share, score: {out} vs {ref}"
""", "The frame levels are linear amplitudes 0..1 while the scorer expects dBFS, so every frame "
       "counts as clipped (above -1) and every take scores near zero, without an error.",
       "Convert to dBFS (20 * log10(amplitude)) before the call.", needs=("r",),
       match=r"AssertionError")


def case_18():
    return _d("case_18", "bookings-counted-in-half-hour-slots", "numerical", "run", """
m = torch._inductor.aoti_load_package("{book172}")
h = bookings(6, 52)
ref = m(h)
# the new booking calendar counts half-hour slots per week, not hours
slots = h * 2.0
out = m(slots)
assert ((out - ref).abs() < 0.1 * ref + 1.0).all(), f"next four weeks' hours: {out} vs {ref}"
""", "The booking calendar's weekly half-hour slots are sent as booked hours, so the forecast "
       "is twice the real studio hours, without an error.", "Divide the slot counts by 2 "
       "before the call.", needs=("s",), match=r"AssertionError")


def case_19():
    return _d("case_19", "reverb-dims-measured-on-1-50-drawing", "numerical", "run", """
m = torch._inductor.aoti_load_package("{verb172}")
dims, materials = rooms(8)
ref = m(dims, materials)
# the developer took the dimensions off the architect's 1:50 plans with a ruler, in metres
paper = dims / 50.0
out = m(paper, materials)
assert ((out - ref).abs() < 0.05 * ref).all(), f"RT60 s: {out} vs {ref}"
""", "The room dimensions are measured on the architect's 1:50 drawings and not scaled up, so "
       "every room is 50 times too small and its RT60 50 times too short, without an error.",
       "Multiply the drawing measurements by the scale (50) before the call.", needs=("s",),
       match=r"AssertionError")


def case_20():
    return _d("case_20", "fader-loudness-in-lu-relative-to-target", "numerical", "run", """
m = torch._inductor.aoti_load_package("{fader172}")
feat, instrument = mixes(4, 12)
ref = m(feat, instrument)
# the loudness plug-in's export is in LU relative to the -23 LUFS broadcast target
lu = feat.clone()
lu[..., 0] = feat[..., 0] + 23.0
out = m(lu, instrument)
assert ((out - ref).abs() < 1.0).all(), f"fader moves dB: {out} vs {ref}"
""", "The track loudness is sent in LU relative to the -23 LUFS target while the fader model "
       "expects absolute LUFS, so every fader is pulled 23 dB down, without an error.",
       "Subtract 23 (LU to LUFS) before the call.", needs=("r",), match=r"AssertionError")


def case_21():
    return _d("case_21", "hiss-meter-bridge-in-dbu", "numerical", "run", """
m = torch._inductor.aoti_load_package("{hiss172}")
x = reels(4, 1500)
ref = m(x)
# the transfer desk's meter bridge logs dBu (0 dBu = -18 dBFS on this desk's line-up)
dbu = x + 18.0
out = m(dbu)
assert ((out - ref).abs() < 0.5).all(), f"hiss floor, need: {out} vs {ref}"
""", "The meter bridge's levels in dBu are sent where the hiss model expects dBFS, so every "
       "reel reads 18 dB hissier and is flagged for noise reduction, without an error.",
       "Subtract the desk's line-up offset (18 dB) before the call.", needs=("s",),
       match=r"AssertionError")


def case_22():
    return _d("case_22", "mic-sensitivity-table-pushed-in-mv-per-pa", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mic172}")
room, mic = placements(8)
ref = m(room, mic)
# the mic locker got re-measured; the lab's sheet gives the sensitivity in mV/Pa, not dBV/Pa
mv = 1000.0 * 10.0 ** (torch.linspace(-58.0, -32.0, 16) / 20.0)
m.load_constants({"sens.weight": mv[:, None]}, check_full_update=False)
out = m(room, mic)
assert ((out - ref).abs() < 1.0).all(), f"preamp gain dB: {out} vs {ref}"
""", "The re-measured sensitivities are pushed in mV/Pa while the table holds dBV/Pa, so every "
       "gain is off by tens of dB, without an error.", "Convert to dBV/Pa (20 * log10(mV / "
       "1000)) before load_constants.", needs=("r",), match=r"AssertionError")


# ----------------------------------------------------------------------------- run: weights
def case_23():
    return _d("case_23", "fader-targets-from-console-model-state-dict", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{fader172}")
# the retrained targets come from the whole console model's checkpoint, where the fader model
# is the submodule 'auto' next to the gain model
table = {"auto.target.weight": torch.linspace(-25.0, -13.0, 32)[:, None]}
m.load_constants(table, check_full_update=False)
out = m(*mixes(4, 12))
""", "The retrained targets are pushed under the console model's key 'auto.target.weight', "
       "while the fader package, exported from the fader model alone, names the constant "
       "'target.weight'.", "Strip the 'auto.' prefix (see m.get_constant_fqns()).",
       needs=("r",), match=r"[Cc]onstant not found")


def case_24():
    return _d("case_24", "reverb-absorption-key-from-old-tf-model", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{verb172}")
# the absorption table comes from the studio's old TensorFlow model, keyed as TF names it
coef = torch.linspace(0.03, 0.92, 20)[:, None]
m.load_constants({"absorb/embeddings:0": coef}, check_full_update=False)
rt60 = m(*rooms(8))
""", "The absorption table is pushed under the old TensorFlow variable name "
       "'absorb/embeddings:0', which is not one of the package's constants ('absorb.weight').",
       "Push it as 'absorb.weight' (see m.get_constant_fqns()).", needs=("s",),
       match=r"[Cc]onstant not found")


# -------------------------------------------------------------- run: resources, device, ops
def case_25():
    return _d("case_25", "take-whole-project-review-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{take172}")
# the producer's end-of-project review scores every take of the album sessions in one call
x = takes(4800, 4000)
# the studio server's container leaves the scorer 64 MiB above what it has mapped
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 64 * 2**20, vm + 64 * 2**20))
out = m(x)
""", "All 4800 takes of the project (4000 frames each) are scored in one call, and the call's "
       "buffers (154 MB for the scaled copy of the input alone) exceed the container's 64 MiB "
       "memory margin.", "Score the takes in batches of a few hundred.", needs=("r",),
       match=r"allocate|memory")


def case_26():
    return _d("case_26", "mic-inputs-to-current-accelerator", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mic172}")
# the device-agnostic rewrite moves inputs to torch.accelerator.current_accelerator(), which on
# the control room PC's CUDA build of torch is 'cuda' although the PC has no GPU
dev = torch.accelerator.current_accelerator()
room, mic = placements(8)
gain = m(room.to(dev), mic.to(dev))
""", "The inputs are moved to torch.accelerator.current_accelerator(), which names CUDA on a "
       "CUDA build of torch even on the control room's GPU-less PC, while the package is "
       "compiled for CPU.", "Check torch.accelerator.is_available() (or keep CPU tensors; the "
       "package was compiled for CPU).", needs=("r",), match=r"CUDA|cuda|NVIDIA|driver")


def case_27():
    return _m("case_27", "reverb-cxx-from-sharc-dsp-sdk", "compile_toolchain", "compile", """
# the build shell sources the SHARC DSP SDK's environment script (for the studio's outboard
# reverb unit), which exports CXX as the DSP's compiler, installed only on the firmware PC
ep = torch.export.export(Reverb().eval(), rooms(8))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/verb_q172.pt2")
""", "CXX is exported by the SHARC DSP SDK's environment script and names the DSP's compiler, "
       "which is not installed on the build server, so Inductor finds no working C++ "
       "compiler.", "Do not source the DSP SDK's script in the build shell (unset CXX or set "
       "it to g++).", env={"CXX": "/opt/analog/cces/2.11/bin/cc21k"},
       match=r"InvalidCxxCompiler|No working C\+\+ compiler")


def case_28():
    return _d("case_28", "mic-stepped-op-module-imported-after-load", "unsupported", "load", """
import sys, textwrap
# stud_ops.py registers the 3 dB detent rounding op; the recall-sheet script imports it only
# in its printing step, after the package is loaded
src = '''
import numpy as np
import torch
@torch.library.custom_op("stud172::to_detents", mutates_args=())
def to_detents(gain: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(np.round(gain.numpy().astype(np.float64) / 3.0) * 3.0).float()
'''
with open("{scratch}/stud_ops.py", "w") as fh:
    fh.write(textwrap.dedent(src))
sys.path.insert(0, "{scratch}")
m = torch._inductor.aoti_load_package("{micstep172}")
gain = m(*placements(8))
import stud_ops
""", "The stepped-gain package calls the Python-only custom op stud172::to_detents through the "
       "proxy executor, and the script imports the module that registers it only after "
       "loading the package, so the load does not find the op.", "Import stud_ops before "
       "aoti_load_package (or round with tensor ops: torch.round(g / 3) * 3).", needs=("s",),
       match=r"stud172|to_detents|schema")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28]

DROPPED: list = []
TRIED: list = []
# TRIED: none (all 28 cases of trial 1 failed as labelled). DROPPED: none. Changed after trial 1,
# before the recorded run: case_05's cause and fix (torch 2.14.1's input check allows at most
# 4096 frames in the take package although its frames Dim was declared with max=6000), and
# case_25's input (4000 frames a take instead of 6000, so the call stays inside the compiled
# range and only the allocation fails: 153600000 bytes instead of trial 1's 230400000).
# Not written (found by the grep): a peak-limiter Python if (live_blind68); a Dim max given in
# seconds (live_blind68); a feature axis declared dynamic for future sensors (live_blind154,
# 127, 79); a byte id from an RFID tag (live_blind165); a Python if on a dynamic size
# (live_blind117); a reshape into one-second windows (live_blind164); a CUDA-only custom op
# (device_types="cuda", live_blind4); torch.cuda.Stream / current_device / mem_get_info /
# set_per_process_memory_fraction / pin_memory / .to(0) / cudnn.is_available / a CUDA
# torch.Generator (live_blind65, 84, 141, 151, 152, 153, 163, 10 ..); Dim names with spaces
# (live_blind8, capture_cpu_logs); torch._export.aot_load on a .pt2 (zoo, live_blind97); a
# partial load_constants with check_full_update=True (live_blind10, 103, 104 ..); hall
# volumes in cubic feet (live_blind149); '_orig_mod.' prefixes (live_blind12, 43).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind172.jsonl",
        url_file="benchmarks/live_blind172.py", id_prefix="live172", stems=STEMS,
        scratch_prefix="live_blind172-", description=__doc__.splitlines()[0]))
