"""A ninetieth blind set of REAL AOTInductor failures (biosignals: ECG, EEG, sleep staging), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind90.py [--out benchmarks/live_blind90.jsonl] [--keep]

Theme: biosignals (a 12-lead ECG arrhythmia classifier on 10-s strips at 500 Hz, a sleep stager
over 30-s epochs at 100 Hz with EEG/EOG/EMG channels, a 19-channel 10-20 EEG classifier with a
dynamic window length at 256 Hz, a bipolar montage derivation, a previous-stage context
embedding, a 60-Hz comb notch front end for 360-Hz ECG, a lead-off detector, band power and
artifact masks), exported, compiled, loaded and run as a biosignal engineer would. No trigger
repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind89.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
LEADS, ECG_FS, ECG_N = 12, 500, 5000      # PTB-XL style: 12 leads, 10 s at 500 Hz
PSG_CH, PSG_FS, EPOCH = 3, 100, 3000      # Sleep-EDF style: Fpz-Cz EEG, EOG, EMG; 30 s at 100 Hz
EEG_CH, EEG_FS = 19, 256                  # 10-20 montage, 256 Hz

class ECGNet(torch.nn.Module):
    # 12-lead strip -> 5 PTB-XL superclasses (NORM, MI, STTC, CD, HYP)
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(LEADS, 16, 15, stride=2, padding=7)
        self.c2 = torch.nn.Conv1d(16, 32, 9, stride=2, padding=4)
        self.head = torch.nn.Linear(32, 5)
    def forward(self, ecg):
        h = torch.relu(self.c2(torch.relu(self.c1(ecg))))
        return self.head(h.mean(-1))

class SleepNet(torch.nn.Module):
    # one 30-s epoch of EEG/EOG/EMG -> 5 AASM stages (W, N1, N2, N3, REM)
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(PSG_CH, 16, 50, stride=6)
        self.c2 = torch.nn.Conv1d(16, 32, 8, stride=4)
        self.head = torch.nn.Linear(32, 5)
    def forward(self, epochs):
        h = torch.relu(self.c2(torch.relu(self.c1(epochs))))
        return self.head(h.amax(-1))

class EEGNet(torch.nn.Module):
    # 19-channel window of any length: temporal conv, spatial conv, log-variance, 4 classes
    def __init__(self):
        super().__init__()
        self.temporal = torch.nn.Conv2d(1, 8, (1, 33), padding=(0, 16))
        self.spatial = torch.nn.Conv2d(8, 16, (EEG_CH, 1))
        self.head = torch.nn.Linear(16, 4)
    def forward(self, eeg):
        h = self.spatial(self.temporal(eeg.unsqueeze(1)))
        return self.head(torch.log(h.var(-1).flatten(1) + 1e-6))

def ecg(b=2, n=ECG_N, leads=LEADS):
    # millivolts: a 1.2-Hz R-wave train plus noise
    t = torch.arange(n) / ECG_FS
    qrs = torch.exp(-((t % 0.83) - 0.4) ** 2 / 2e-4)
    return (qrs + 0.05 * torch.randn(b, leads, n)).float()

def psg(b=4, n=EPOCH, ch=PSG_CH):
    return 20.0 * torch.randn(b, ch, n)                # microvolts

def eeg(b=1, n=2 * EEG_FS, ch=EEG_CH):
    return 30.0 * torch.randn(b, ch, n)                # microvolts
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("ecg90", ECGNet().eval(), (ecg(2),), dynamic_shapes=({0: Dim("strips", min=1, max=64)},))
build("sleep90", SleepNet().eval(), (psg(4),), dynamic_shapes=({0: Dim("epochs", min=1, max=128)},))
n = Dim("samples", min=EEG_FS, max=10 * EEG_FS)
build("eeg90", EEGNet().eval(), (eeg(1),), dynamic_shapes=({2: n},))
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
class Bipolar(torch.nn.Module):
    # longitudinal bipolar (double banana) derivation: channel a minus channel b for each pair
    def forward(self, eeg, pairs):
        return eeg[:, pairs[:, 0]] - eeg[:, pairs[:, 1]]

class StageContext(torch.nn.Module):
    # the epoch's features plus an embedding of the previous epoch's scored stage
    def __init__(self):
        super().__init__()
        self.prev = torch.nn.Embedding(5, 8)
        self.head = torch.nn.Linear(16, 5)
    def forward(self, feats, prev_stage):
        return self.head(torch.cat([feats, self.prev(prev_stage)], -1))

class Notch60(torch.nn.Module):
    # MIT-BIH front end at 360 Hz: a two-tap comb y[n] = (x[n] + x[n-3]) / 2 cancels 60 Hz
    def forward(self, x):
        return (x[..., 3:] + x[..., :-3]) / 2

class LeadOff(torch.nn.Module):
    # lead-off detector: a lead whose RMS after mean removal is under 20 uV is flagged off
    def forward(self, ecg_uv):
        x = ecg_uv - ecg_uv.mean(-1, keepdim=True)
        return x.pow(2).mean(-1).sqrt() < 20.0

class BandPass(torch.nn.Module):
    # 65-tap FIR band-pass front end (0.5-40 Hz at 500 Hz) before the ECG classifier
    def __init__(self):
        super().__init__()
        n = torch.arange(65) - 32
        lo, hi = 0.5 / 250, 40.0 / 250
        h = hi * torch.sinc(hi * n) - lo * torch.sinc(lo * n)
        self.register_buffer("fir", (h * torch.hann_window(65, periodic=False)).view(1, 1, 65))
        self.net = ECGNet()
    def forward(self, ecg):
        b, c, t = ecg.shape
        x = torch.nn.functional.conv1d(ecg.reshape(b * c, 1, t), self.fir, padding=32)
        return self.net(x.reshape(b, c, t))

p = Dim("pairs", min=1, max=64)
build("mont90", Bipolar(), (eeg(1), torch.tensor([[0, 1], [1, 2], [2, 3]])),
      dynamic_shapes=(None, {0: p}))
e = Dim("epochs", min=1, max=1200)
build("ctx90", StageContext().eval(), (torch.randn(4, 8), torch.tensor([0, 2, 2, 4])),
      dynamic_shapes=({0: e}, {0: e}))
build("notch90", Notch60(), (torch.randn(1, 2, 3600),), dynamic_shapes=({2: Dim("n", min=16, max=360 * 3600)},))
build("loff90", LeadOff(), (1000 * ecg(1),))
build("bp90", BandPass().eval(), (ecg(2),))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"ecg90", "sleep90", "eeg90", "mont90", "ctx90", "notch90", "loff90", "bp90",
         "pow90", "conn90", "csp90", "rms90", "hr90", "crms90"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "drop-bad-electrodes-in-forward", "export_failure", "export", """
class Robust(EEGNet):
    # bad electrodes (peak amplitude over 500 uV) are dropped inside forward before the net
    def forward(self, eeg):
        good = eeg.abs().amax(-1).amax(0) < 500.0
        return super().forward(eeg[:, good])
ep = torch.export.export(Robust().eval(), (eeg(1),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "Bad electrodes are removed inside forward with a boolean mask from the amplitude, so the "
       "channel count reaching the 19-channel spatial convolution is data-dependent and export "
       "cannot trace it.", "Interpolate or zero the bad electrodes (torch.where) so the 19 "
       "channels stay, or reject bad channels in preprocessing.", match=r".")


def case_02():
    return _m("case_02", "night-length-reshaped-to-epochs", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Night(torch.nn.Module):
    # a whole recording in, one stage per 30-s epoch out
    def __init__(self):
        super().__init__()
        self.net = SleepNet()
    def forward(self, rec):
        b, c, t = rec.shape
        ep = rec.view(b, c, t // EPOCH, EPOCH).permute(0, 2, 1, 3).reshape(-1, c, EPOCH)
        return self.net(ep).view(b, -1, 5)
samples = Dim("samples", min=EPOCH, max=1200 * EPOCH)          # any recording length
ep = torch.export.export(Night().eval(), (psg(1, 20 * EPOCH),), dynamic_shapes=({2: samples},))
""", "The recording length is declared as a free dynamic Dim, but the model views it as whole "
       "30-s epochs of 3000 samples, which constrains the length to a multiple of 3000 that the "
       "free Dim does not express.", "Declare the length as a derived Dim (3000 * Dim('epochs')) "
       "or cut the recording into epochs before the model.", match=r".")


def case_03():
    return _m("case_03", "csp-eigh-in-forward", "unsupported", "compile", """
class CSP(torch.nn.Module):
    # common spatial patterns fitted per call: generalised eigenproblem of the class covariances
    def forward(self, a, b):
        ca = a @ a.transpose(-1, -2) / a.shape[-1]
        cb = b @ b.transpose(-1, -2) / b.shape[-1]
        w, v = torch.linalg.eigh(torch.linalg.solve(ca + cb, ca))
        return v[..., -3:]
ep = torch.export.export(CSP(), (eeg(1), eeg(1)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/csp90.pt2")
m = torch._inductor.aoti_load_package(pkg)
out = m(eeg(1), eeg(1))
""", "The BCI pipeline fits CSP filters inside forward with torch.linalg.solve and "
       "torch.linalg.eigh; the decomposition was expected to have no AOTI path on this build.",
       "Fit the CSP filters offline and export the projection with the fixed filter matrix.",
       match=r".")


# ---------------------------------------------------------------------- run: inputs (R)
def case_04():
    return _c("case_04", "single-lead-wearable-strip", "input_mismatch", "run", """
import math
m = torch._inductor.aoti_load_package("{ecg90}")
strip = torch.randn(3, 1, 5000)                    # smartwatch lead I only
probs = m(strip).softmax(-1)
""", "A single-lead smartwatch strip (lead I only) is sent to the 12-lead classifier exported "
       "for 12 input channels.", "Use a single-lead model for wearables (or reject strips "
       "without 12 leads).", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_05():
    return _c("case_05", "holter-250hz-strip", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ecg90}")
strip = torch.randn(2, 12, 2500)                   # 10 s from a Holter recorder sampling at 250 Hz
probs = m(strip).softmax(-1)
""", "The 10-s strips come from a Holter recorder sampling at 250 Hz (2500 samples), while the "
       "package was exported for 500 Hz strips of 5000 samples.",
       "Resample to 500 Hz before the call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_06():
    return _c("case_06", "eeg-only-montage-to-psg-stager", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sleep90}")
epochs = 20.0 * torch.randn(120, 1, 3000)           # the home headband records Fpz-Cz only
stages = m(epochs).argmax(-1)
""", "A home headband records only the Fpz-Cz EEG channel, while the sleep stager was exported "
       "for three channels (EEG, EOG, EMG).", "Use a single-channel model for the headband "
       "(or reject recordings without EOG/EMG).", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_07():
    return _c("case_07", "mne-get-data-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{sleep90}")
data = np.random.randn(3, 30 * 3000) * 20e-6         # mne Raw.get_data(): float64, volts
epochs = torch.from_numpy(data * 1e6).reshape(3, 30, 3000).permute(1, 0, 2).contiguous()
stages = m(epochs).argmax(-1)
""", "The epochs come from MNE's Raw.get_data(), which returns float64, while the package was "
       "exported for float32.", "Cast to float32 (get_data().astype('float32') or .float()) "
       "before the call.", needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_08():
    return _c("case_08", "wfdb-samples-by-leads-transposed", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ecg90}")
sig = torch.randn(4, 5000, 12)                     # wfdb.rdsamp per record: (samples, leads)
strip = sig.transpose(1, 2)                        # right shape (4, 12, 5000), transposed strides
probs = m(strip).softmax(-1)
""", "The WFDB records (samples, leads) are transposed with transpose(1, 2), which gives the right shape but "
       "non-contiguous strides that the package was not compiled for.",
       "Make the strips contiguous (.contiguous()) before the call.",
       needs=("r",), env=CHECK, match=r"stride")


def case_09():
    return _c("case_09", "biosemi-32-channel-cap", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{eeg90}")
window = 30.0 * torch.randn(1, 32, 512)              # BioSemi 32-channel cap, 2 s at 256 Hz
logits = m(window)
""", "A recording from a 32-channel BioSemi cap is sent to the EEG package exported for the "
       "19 electrodes of the 10-20 montage.", "Pick the 19 10-20 electrodes (in the exported "
       "order) before the call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "whole-night-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{sleep90}")
night = 20.0 * torch.randn(960, 3, 3000)            # 8 hours = 960 epochs in one call
hypnogram = m(night).argmax(-1)
""", "A whole 8-hour night (960 epochs) is staged in one call, but the epoch (batch) Dim was "
       "exported with max=128.", "Stage the night in chunks of at most 128 epochs (or export "
       "with a larger max).", needs=("r",), env=CHECK, match=r"128|too large|range|bound")


def case_11():
    return _c("case_11", "clinical-eeg-20s-page", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{eeg90}")
page = 30.0 * torch.randn(1, 19, 20 * 256)           # one 20-s review page at 256 Hz
logits = m(page)
""", "A 20-s clinical review page (5120 samples) is sent to the EEG package whose window Dim "
       "allows at most 10 s (2560 samples).", "Slide 10-s windows over the page (or export with "
       "a larger max).", needs=("r",), env=CHECK, match=r"2560|too large|range|bound")


# ---------------------------------------------------------------------- run: indices (S)
def case_12():
    return _c("case_12", "montage-pairs-from-64ch-cap", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mont90}")
# double-banana pairs copied from the lab's 64-channel cap config (indices in the 64-ch layout)
pairs = torch.tensor([[0, 4], [4, 9], [9, 14], [14, 40], [40, 62]])
banana = m(30.0 * torch.randn(1, 19, 512), pairs)
""", "The bipolar pairs were copied from the lab's 64-channel cap configuration, so some "
       "electrode indices (40, 62) are beyond the 19 channels of the recording.",
       "Build the pair indices from the recording's own channel names.",
       needs=("s",), expect="crash", match=r"out of bounds|index")


def case_13():
    return _c("case_13", "movement-time-stage-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ctx90}")
# Sleep-EDF hypnogram mapping: W 0, N1 1, N2 2, N3 3, REM 4, Movement time 5, unscored 6
prev = torch.tensor([0, 1, 2, 2, 5, 2, 3, 6, 4])
logits = m(torch.randn(9, 8), prev)
""", "The previous-stage codes come from the Sleep-EDF hypnogram mapping, where 'Movement time' "
       "is 5 and unscored epochs 6, outside the 5-stage embedding.",
       "Map movement/unscored epochs to a valid stage (or add classes) before the call.",
       needs=("s",), match=r"out of bounds|index")


# ------------------------------------------------------------------- run: values (S)
def case_14():
    return _c("case_14", "european-mains-through-60hz-comb", "numerical", "run", """
import math
m = torch._inductor.aoti_load_package("{notch90}")
t = torch.arange(3600) / 360.0
hum = 0.5 * torch.sin(2 * math.pi * 50.0 * t)        # recorded in Europe: 50-Hz mains
clean = m(hum.view(1, 1, -1).expand(1, 2, -1).contiguous())
assert clean.abs().max() < 0.05, f"mains hum left after the notch: {clean.abs().max():.3f} mV"
""", "The front end's comb notch cancels 60 Hz (US mains) at 360 Hz, but the recording was made "
       "on 50-Hz mains, which passes with about a quarter of its amplitude.",
       "Use a 50-Hz notch for European sites (make the mains frequency a deployment setting).",
       needs=("s",), match=r"AssertionError")


def case_15():
    return _c("case_15", "volts-into-microvolt-lead-off", "numerical", "run", """
m = torch._inductor.aoti_load_package("{loff90}")
t = torch.arange(5000) / 500
strip = 1e-3 * torch.exp(-((t % 0.83) - 0.4) ** 2 / 2e-4).expand(1, 12, -1).contiguous()
off = m(strip)                                     # MNE / EDF reader: volts, not microvolts
assert not off.all(), "every lead flagged off on a connected patient"
""", "The strip is passed in volts (as MNE returns it) to a lead-off detector whose threshold is "
       "in microvolts, so every lead of a connected patient is flagged off.",
       "Scale to microvolts (x 1e6) before the call.", needs=("s",), match=r"AssertionError")


def case_16():
    return _m("case_16", "dc-offset-one-pass-variance", "numerical", "run", """
class NoiseRMS(torch.nn.Module):
    # per-channel noise RMS for the signal-quality report, one pass: sqrt(E[x^2] - E[x]^2)
    def forward(self, x):
        return (x.pow(2).mean(-1) - x.mean(-1).pow(2)).clamp_min(0).sqrt()
from torch.export import Dim
ep = torch.export.export(NoiseRMS(), (eeg(1, 2560),), dynamic_shapes=({2: Dim("t", min=256, max=2**24)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/rms90.pt2")
m = torch._inductor.aoti_load_package(pkg)
# a DC-coupled amplifier: each electrode sits on a 20-40 mV electrode offset (in uV), 2 h at 256 Hz
offset = 20000.0 + 20000.0 * torch.rand(1, 19, 1)
rec = offset + 20.0 * torch.randn(1, 19, 2 * 3600 * 256)
rms = m(rec)
assert ((rms - 20.0).abs() < 2.0).all(), f"noise RMS off: {rms.min():.1f} .. {rms.max():.1f} uV"
""", "The signal-quality RMS is computed in one pass as sqrt(E[x^2] - E[x]^2) in float32 on a "
       "DC-coupled recording whose 20-40 mV electrode offsets dwarf the 20 uV noise, so the "
       "subtraction cancels catastrophically and the RMS is wrong.",
       "Remove the per-channel mean first (x - x.mean(-1, keepdim=True)) or use torch.std / "
       "a two-pass or Welford variance.", match=r"AssertionError")


def case_17():
    return _m("case_17", "band-power-in-float16", "numerical", "run", """
class BandPower(torch.nn.Module):
    # alpha band power per electrode in uV^2 over a 10-s window, for the relaxation score
    def forward(self, eeg):
        return eeg.pow(2).sum(-1) / eeg.shape[-1] * 10.0
m_ = BandPower().half()
ep = torch.export.export(m_, (eeg(1, 2560).half(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pow90.pt2")
m = torch._inductor.aoti_load_package(pkg)
p = m((60.0 * torch.randn(1, 19, 2560)).half())        # 60 uV alpha: ~3600 uV^2 per sample
assert torch.isfinite(p).all(), "inf band power"
""", "The band-power head is served in float16, but the sum of squared microvolt samples over "
       "a 10-s window (~9e6 uV^2) exceeds float16's maximum of 65504 and becomes inf.",
       "Compute power in float32 (or in mV / normalised units).", match=r"AssertionError")


# ------------------------------------------------------------------- weights and resources
def case_18():
    return _c("case_18", "fir-taps-redesigned-for-250hz", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{bp90}")
n = torch.arange(129) - 64                          # redesigned for the 250-Hz device: 129 taps
lo, hi = 0.5 / 125, 40.0 / 125
h = hi * torch.sinc(hi * n) - lo * torch.sinc(lo * n)
m.load_constants({"fir": (h * torch.hann_window(129, periodic=False)).view(1, 1, 129)},
                 check_full_update=False)
probs = m(torch.randn(2, 12, 5000)).softmax(-1)
""", "New band-pass FIR coefficients with 129 taps are loaded into the package's 65-tap 'fir' "
       "buffer; the package's convolution was compiled for 65 taps, and the mismatched buffer "
       "corrupts the heap (the process aborts).",
       "Keep the tap count (redesign with 65 taps) or re-export the model with the new filter.",
       needs=("s",), expect="crash", match=r"double free|corruption|Abort")


def case_19():
    return _m("case_19", "hour-long-connectivity-output", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Conn(torch.nn.Module):
    # instantaneous channel-by-channel co-activation, kept per sample for the dynamics plot
    def forward(self, x):
        return x.unsqueeze(1) * x.unsqueeze(2)
t = Dim("t", min=256, max=256 * 3600 * 8)
ep = torch.export.export(Conn(), (torch.randn(1, 64, 1024),), dynamic_shapes=({2: t},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/conn90.pt2")
m = torch._inductor.aoti_load_package(pkg)
rec = torch.randn(1, 64, 128 * 3600)                # one hour of 64-channel EEG at 128 Hz
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2 * 2**30, vm + 2 * 2**30))   # worker's budget
with torch.no_grad():
    c = m(rec)
""", "The connectivity package is called on a whole hour of 64-channel EEG; its per-sample "
       "64 x 64 output is about 7.5 GB, beyond the worker's 2 GiB memory budget.",
       "Process the recording in windows and reduce (average) the co-activation per window.",
       match=r"memory|alloc")


def case_20():
    return _c("case_20", "previous-stages-one-shorter", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ctx90}")
feats = torch.randn(960, 8)                        # one feature row per epoch of the night
hyp = torch.randint(0, 5, (960,))
prev = hyp[:-1]                                    # the stage before each epoch: none for epoch 0
logits = m(feats, prev)
""", "The previous-stage vector is the hypnogram shifted by one, so it has one entry fewer "
       "than the epochs; the package's two inputs share one epochs Dim and must be equal.",
       "Pad the previous stages with a start value (e.g. Wake) for the first epoch so both "
       "inputs have one row per epoch.", needs=("s",), env=CHECK, match=r".")


def case_21():
    return _m("case_21", "wfdb-numpy-example-input", "export_failure", "export", """
import numpy as np
sig = np.random.randn(1, 12, 5000).astype(np.float32)   # wfdb.rdsamp(...)[0].T[None]
ep = torch.export.export(ECGNet().eval(), (sig,))
""", "The export example is the NumPy array returned by the WFDB reader, not a tensor; "
       "torch.export only takes tensors (and pytrees of them) as example inputs.",
       "Wrap the example with torch.from_numpy(sig) before export.", match=r".")


def case_22():
    return _m("case_22", "heart-rate-head-at-360hz", "numerical", "run", """
class HeartRate(torch.nn.Module):
    # R peaks as upward threshold crossings; rate from the peak count over the strip's duration
    FS = 360.0                                     # written for MIT-BIH records
    def forward(self, lead2):
        up = (lead2[..., 1:] > 0.6) & (lead2[..., :-1] <= 0.6)
        return up.sum(-1).float() * 60.0 / (lead2.shape[-1] / self.FS)
ep = torch.export.export(HeartRate(), (ecg(1, 5000, 1),))      # exported for PTB-XL strips
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/hr90.pt2")
m = torch._inductor.aoti_load_package(pkg)
t = torch.arange(5000) / 500.0                     # a PTB-XL lead II strip, 500 Hz, 72 bpm
strip = torch.exp(-((t % (60 / 72)) - 0.4) ** 2 / 2e-4).view(1, 1, -1)
bpm = m(strip)
assert ((bpm > 66) & (bpm < 78)).all(), f"heart rate {bpm.flatten().tolist()} bpm for a 72-bpm strip"
""", "The heart-rate head hard-codes the MIT-BIH sampling rate of 360 Hz, but the package is fed "
       "500-Hz strips, so the duration is overestimated and the rate comes out about 28% low.",
       "Make the sampling rate part of the exported contract (one package per rate, or resample "
       "to 360 Hz before the call).", match=r"AssertionError")


def case_23():
    return _m("case_23", "artifact-mask-polarity", "numerical", "run", """
class CleanRMS(torch.nn.Module):
    # per-channel RMS over the clean samples only; mask: 1 = keep, 0 = artifact
    def forward(self, x, keep):
        return ((x * keep).pow(2).sum(-1) / keep.sum(-1)).sqrt()
ep = torch.export.export(CleanRMS(), (eeg(1, 2560), torch.ones(1, 19, 2560)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/crms90.pt2")
m = torch._inductor.aoti_load_package(pkg)
x = eeg(1, 2560)
bad = torch.zeros(1, 19, 2560)
bad[..., 1000:1300] = 1.0                          # an eye blink: MNE 'BAD_blink' annotation
x[..., 1000:1300] += 400.0                         # the blink artifact itself
rms = m(x, bad)                                    # the annotation mask, 1 = bad
assert (rms < 60).all(), f"clean RMS {rms.max():.0f} uV: the artifact was kept"
""", "The artifact mask is built from MNE's BAD_ annotations with 1 = bad, while the package's "
       "mask means 1 = keep, so the RMS is computed over the blink only and the clean signal is "
       "dropped.", "Invert the annotation mask (keep = 1 - bad) before the call and name the "
       "polarity in the contract.", match=r"AssertionError")


def case_24():
    return _c("case_24", "half-second-bci-trial", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{eeg90}")
trial = 30.0 * torch.randn(1, 19, 128)             # a 0.5-s motor-imagery cue window at 256 Hz
logits = m(trial)
""", "A 0.5-s BCI cue window (128 samples) is sent to the EEG package whose window Dim was "
       "exported with min=256 (1 s).", "Use windows of at least 1 s (pad or extend the cue "
       "window) or export with a smaller min.", needs=("r",), env=CHECK, match=r"256|too small|range|bound")


CASES = [case_02, case_04, case_05, case_06, case_07, case_08, case_09, case_10, case_11,
         case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20, case_21,
         case_22, case_23, case_24]
DROPPED = []
# Tried in the trial and did NOT fail on torch 2.13.0+cpu: case_01 (bad electrodes dropped
# inside forward with a boolean amplitude mask before the 19-channel spatial conv: exported and
# compiled) and case_03 (CSP filters fitted in forward with linalg.solve + linalg.eigh: compiled,
# loaded and ran). A first case_16 (a flat electrode's zeros through the log-variance features,
# checked against a fixed logit tolerance) did not fail either and was replaced before the
# recorded run by the DC-offset one-pass variance case under the same number.
TRIED = [case_01, case_03]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind90.jsonl",
        url_file="benchmarks/live_blind90.py", id_prefix="live90", stems=STEMS,
        scratch_prefix="live_blind90-", description=__doc__.splitlines()[0]))
