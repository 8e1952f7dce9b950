"""A seventy-ninth blind set of REAL AOTInductor failures (telecommunications and wireless ML), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind79.py [--out benchmarks/live_blind79.jsonl] [--keep]

Theme: telecommunications (RF modulation classification on IQ samples held as two real
channels, a spectrogram front end for interference detection with a variable number of frames,
cell-traffic forecasting per base station with a site embedding, a beam-selection head and a
beam-gain codebook lookup, channel estimation on an OFDM resource grid with pilot masks,
variable frame lengths), exported, compiled, loaded and run as a wireless ML engineer would. No
trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind78.py (their TRIED lists included). Building the set
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
MODELS = """
N = 1024                     # IQ samples per frame, I and Q as two real channels
MODS = ["BPSK", "QPSK", "8PSK", "16QAM", "64QAM", "PAM4", "GFSK", "CPFSK", "WBFM", "AM-DSB", "AM-SSB"]
SC, SYM = 72, 14             # 72 subcarriers x 14 OFDM symbols (one slot of 6 resource blocks)
SITES, HIST, HORIZON = 64, 24, 6   # 64 base stations, 24 hourly PRB loads in, 6 hours out
BEAMS = 32

class AMC(torch.nn.Module):
    # automatic modulation classification: (batch, 2, N) IQ -> 11 modulation logits
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(2, 16, 7, padding=3)
        self.c2 = torch.nn.Conv1d(16, 32, 5, padding=2)
        self.head = torch.nn.Linear(32, len(MODS))
    def forward(self, iq):
        z = torch.relu(self.c2(torch.relu(self.c1(iq))))
        return self.head(z.mean(-1))

class Spectro(torch.nn.Module):
    # interference detector on a log-magnitude spectrogram (batch, 1, 64 bins, frames)
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(1, 8, 3, padding=1)
        self.head = torch.nn.Linear(8, 4)
    def forward(self, spec):
        return self.head(torch.relu(self.conv(spec)).mean((2, 3)))

class Traffic(torch.nn.Module):
    # next-6-hour PRB-load forecast per base station: log1p load history + site embedding
    def __init__(self):
        super().__init__()
        self.site = torch.nn.Embedding(SITES, 8)
        self.lin = torch.nn.Linear(HIST + 8, HORIZON)
    def forward(self, hist, site):
        return self.lin(torch.cat([hist, self.site(site)], 1))

class Beam(torch.nn.Module):
    # beam selection from 16 sub-6 GHz channel features -> 32 mmWave beam logits
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(16, 64)
        self.l2 = torch.nn.Linear(64, BEAMS)
    def forward(self, feat):
        return self.l2(torch.relu(self.l1(feat)))

class ChEst(torch.nn.Module):
    # LS channel estimate at pilot REs (rx / pilot, masked), interpolated by a 3x3 conv
    def __init__(self):
        super().__init__()
        self.interp = torch.nn.Conv2d(2, 2, 3, padding=1)
    def forward(self, rx, pilots, mask):
        return self.interp(rx / pilots * mask)

def frames(b=4, n=N):
    # unit-power QPSK-like IQ frames with noise
    return torch.sign(torch.randn(b, 2, n)) * 0.7071 + 0.05 * torch.randn(b, 2, n)

def grid(b=2):
    # received grid, pilot grid (1.0 placeholder at data REs) and the pilot mask (every 4th SC, symbols 2 and 11)
    mask = torch.zeros(b, 1, SYM, SC)
    mask[:, :, [2, 11], ::4] = 1.0
    pilots = torch.where(mask.bool().expand(b, 2, SYM, SC), torch.sign(torch.randn(b, 2, SYM, SC)), torch.ones(b, 2, SYM, SC))
    rx = pilots * 0.8 + 0.05 * torch.randn(b, 2, SYM, SC)
    return rx, pilots, mask
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("amc79", AMC().eval(), (frames(4),), dynamic_shapes=({0: Dim("frames", max=65536)},))
build("spec79", Spectro().eval(), (torch.randn(2, 1, 64, 32),),
      dynamic_shapes=({3: Dim("t", min=8, max=256)},))
build("chest79", ChEst().eval(), grid(2))
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
class BeamGain(torch.nn.Module):
    # per-beam gain (dB) of the 32-beam codebook, looked up by beam index
    def __init__(self):
        super().__init__()
        self.register_buffer("gain", torch.linspace(12.0, 18.0, BEAMS))
    def forward(self, beam):
        return self.gain[beam] + 0.0

b = Dim("cells", max=1024)
build("traf79", Traffic().eval(), (torch.rand(4, HIST), torch.randint(0, SITES, (4,))),
      dynamic_shapes=({0: b}, {0: b}))
build("beam79", Beam().eval(), (torch.randn(4, 16),), dynamic_shapes=({0: Dim("ues", max=64)},))
build("bg79", BeamGain(), (torch.randint(0, BEAMS, (6,)),))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"amc79", "spec79", "chest79", "traf79", "beam79", "bg79", "ofdm79", "cap79"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "squelch-on-frame-power", "export_failure", "export", """
class Squelched(AMC):
    # the receiver chain skips classification when the frame is below the noise floor
    def forward(self, iq):
        if iq.pow(2).mean() < 1e-3:                  # squelch: nothing on the air
            return torch.zeros(iq.shape[0], len(MODS))
        return super().forward(iq)
ep = torch.export.export(Squelched().eval(), (frames(4),))
""", "The squelch branches in Python on the frame's measured power (a tensor value), "
       "data-dependent control flow that torch.export cannot trace.",
       "Express the squelch with torch.where on the logits (or torch.cond), or apply it in the "
       "caller before the call.", match=r"[Dd]ata.dependent|GuardOnDataDependent|Could not guard|symbolic|bool")


def case_02():
    return _m("case_02", "modulation-names-in-forward", "export_failure", "export", """
class Named(AMC):
    # the demo service returns modulation names straight from the model
    def forward(self, iq):
        idx = super().forward(iq).argmax(1)
        return [MODS[i] for i in idx.tolist()]
ep = torch.export.export(Named().eval(), (frames(4),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The forward pass maps the predicted class indices to modulation-name strings via "
       "idx.tolist(), data-dependent Python values (and string outputs) that export cannot trace.",
       "Return the class indices (or logits) and map them to names in the caller.",
       match=r"[Dd]ata.dependent|Could not|tolist|guard|str|unbacked|symbolic")


def case_03():
    return _m("case_03", "ofdm-symbol-reshape-any-length", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PerSymbol(torch.nn.Module):
    # cut the IQ stream into 64-sample OFDM symbols and take each symbol's power
    def forward(self, iq):
        b, c, n = iq.shape
        return iq.reshape(b, c, n // 64, 64).pow(2).mean(-1)
L = Dim("samples", min=64, max=8192)             # variable frame lengths from the SDR
ep = torch.export.export(PerSymbol(), (frames(2, 1024),), dynamic_shapes=({2: L},))
""", "The frame length is declared as any value in 64..8192, but the model reshapes it into "
       "64-sample OFDM symbols, which requires a multiple of 64, so export rejects the Dim.",
       "Declare the length as 64 * Dim('symbols') (or pad frames to a multiple of 64).",
       match=r"[Cc]onstraint|[Ss]uggested|guard|specializ|not all values|divisible|Mod|64")


def case_04():
    return _m("case_04", "spectrogram-frames-min-one", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Detector(torch.nn.Module):
    # a time-frequency detector whose first layer is an unpadded 3x5 kernel
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(1, 8, (3, 5))
    def forward(self, spec):
        return self.conv(spec).amax((2, 3))
t = Dim("t", min=1, max=512)                     # any burst, even a single STFT frame
ep = torch.export.export(Detector(), (torch.randn(2, 1, 64, 40),), dynamic_shapes=({3: t},))
""", "The frame Dim allows a single STFT frame (min=1), but the detector's unpadded 3x5 kernel "
       "needs at least 5 frames, so export reports the declared range as too wide.",
       "Declare min=5 for the frame Dim (or pad short bursts / the convolution).",
       match=r"[Cc]onstraint|[Ss]uggested|guard|not all values|range|5")


# ------------------------------------------------------------------------------ device
def case_05():
    return _c("case_05", "log-accelerator-name", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{amc79}")
# the O-RAN near-RT RIC xApp logs which accelerator it serves on at start-up
print("serving AMC on", torch.cuda.get_device_name(0), flush=True)
""", "The xApp's start-up logs torch.cuda.get_device_name(0), but this CPU-only host has no "
       "CUDA device or driver.", "Log the accelerator only when torch.cuda.is_available() (or "
       "report the package's device).", needs=("r",), match=r"CUDA|cuda|NVIDIA|driver")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_06():
    return _c("case_06", "sdr-int16-samples", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{amc79}")
# the SDR delivers interleaved int16 ADC samples (SC16); de-interleaved into I and Q channels
raw = np.random.randint(-2048, 2048, (4, 1024, 2)).astype(np.int16)
iq = torch.from_numpy(raw.transpose(0, 2, 1).copy())
logits = m(iq)
""", "The SDR's SC16 samples are de-interleaved but left as int16, while the classifier was "
       "exported for float32 IQ.", "Convert to float32 and scale (iq.float() / 2048) before the "
       "call.", needs=("r",), env=CHECK, match=r"dtype|Short|Float|int16")


def case_07():
    return _c("case_07", "radioml-128-sample-frames", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{amc79}")
iq = torch.randn(4, 2, 128)                      # RadioML 2016.10a frames: 128 samples each
logits = m(iq)
""", "The evaluation frames come from RadioML 2016.10a (128 samples per frame) while the "
       "classifier was exported for 1024-sample frames.",
       "Use 1024-sample frames (RadioML 2018.01a) or export a model for 128-sample frames.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape|1024")


def case_08():
    return _c("case_08", "complex64-iq-straight-in", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{amc79}")
# the capture file is complex64 (fc32); passed as is instead of as two real channels
cap = (np.random.randn(4, 1024) + 1j * np.random.randn(4, 1024)).astype(np.complex64)
logits = m(torch.from_numpy(cap))
""", "The complex64 capture (batch, N) is passed directly, while the package takes IQ as two "
       "real float32 channels (batch, 2, N).",
       "Split into real channels first: torch.view_as_real(x).permute(0, 2, 1).contiguous().",
       needs=("r",), env=CHECK, match=r"dtype|[Cc]omplex|dim|rank|size")


def case_09():
    return _c("case_09", "kpi-15-minute-granularity", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{traf79}")
hist = torch.log1p(torch.rand(4, 96) * 100)       # the new OSS export: 15-minute PRB counters, 24 h
fc = m(hist, torch.tensor([3, 17, 40, 63]))
""", "The OSS now exports PRB-load counters every 15 minutes (96 per day) while the forecaster "
       "was exported for 24 hourly values.", "Aggregate to hourly values (mean of each 4) "
       "before the call.", needs=("s",), env=CHECK, match=r"dim value|size|shape|24")


def case_10():
    return _c("case_10", "pilot-mask-as-bool", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chest79}")
b = 2
mask = torch.zeros(b, 1, 14, 72, dtype=torch.bool)   # the new grid builder keeps the mask boolean
mask[:, :, [2, 11], ::4] = True
pilots = torch.ones(b, 2, 14, 72)
rx = 0.8 * pilots + 0.05 * torch.randn(b, 2, 14, 72)
h = m(rx, pilots, mask)
""", "The resource-grid builder now passes the pilot mask as a bool tensor, while the channel "
       "estimator was exported with a float32 mask.", "Pass mask.float() (or re-export with a "
       "bool mask).", needs=("r",), env=CHECK, match=r"dtype|Bool|bool|Float")


def case_11():
    return _c("case_11", "ten-second-spectrogram", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{spec79}")
spec = torch.randn(2, 1, 64, 2000)               # a 10 s capture: 2000 STFT frames in one call
cls = m(spec)
""", "A 10-second capture (2000 STFT frames) is sent to the detector whose frame Dim was "
       "exported with max=256.", "Slide 256-frame windows over the capture (or export with a "
       "larger max).", needs=("r",), env=CHECK, match=r"256|too large|range|bound")


def case_12():
    return _c("case_12", "short-burst-three-frames", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{spec79}")
spec = torch.randn(2, 1, 64, 3)                  # a 1.5 ms burst: only 3 STFT frames
cls = m(spec)
""", "A short burst of 3 STFT frames is below the detector's frame Dim minimum of 8.",
       "Pad short bursts to 8 frames (or export with a smaller min).",
       needs=("r",), env=CHECK, match=r"8|too small|range|bound")


def case_13():
    return _c("case_13", "all-ues-of-cell-at-once", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{beam79}")
feat = torch.randn(200, 16)                      # every connected UE of the busy cell in one call
logits = m(feat)
""", "All 200 connected UEs of a busy cell are sent in one call, but the beam head's UE (batch) "
       "Dim was exported with max=64.", "Batch the UEs in chunks of at most 64 (or export "
       "with a larger max).", needs=("s",), env=CHECK, match=r"64|too large|range|bound")


# ------------------------------------------------------------------------------ indices
def case_14():
    return _c("case_14", "pci-as-site-index", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{traf79}")
hist = torch.log1p(torch.rand(4, 24) * 100)
pci = torch.tensor([12, 301, 87, 455])           # physical cell ids (0..503) from the counters
fc = m(hist, pci)                                # used directly as the site index
""", "The physical cell id (0..503) from the counter export is used as the site index of the "
       "64-entry site embedding instead of the site's position in the training site list.",
       "Map PCIs to site indices with the training site table before the call.",
       needs=("s",), match=r"out of bounds")


def case_15():
    return _c("case_15", "vendor-beam-ids-one-based", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{bg79}")
beam = torch.tensor([1, 5, 17, 32, 9, 12])       # the gNB trace numbers beams 1..32
gain = m(beam)
""", "The gNB vendor trace numbers beams 1..32 while the codebook lookup is 0-based, so beam 32 "
       "indexes past the 32-entry gain table.", "Subtract 1 from the vendor beam ids before "
       "the call.", needs=("s",), match=r"out of bounds")


# ------------------------------------------------------------------------ weights and values
def case_16():
    return _c("case_16", "site-head-24-classes", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{amc79}")
# the site fine-tune added 13 military / IoT waveforms: its head has 24 classes
m.load_constants({"head.weight": torch.randn(24, 32), "head.bias": torch.zeros(24)},
                 check_full_update=False)
logits = m(torch.randn(4, 2, 1024))
""", "The site fine-tune's classifier head has 24 classes and is loaded into a package compiled "
       "for an 11-class head, so the new constants do not fit the package's constant shapes.",
       "Re-export and compile the model with the 24-class head instead of swapping constants.",
       needs=("r",), expect="crash", match=r"Segmentation fault")


def case_17():
    return _c("case_17", "matlab-column-major-weights", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{beam79}")
# the beam head retrained in MATLAB: weights exported column-major, wrapped as is
w1 = torch.from_numpy(np.asfortranarray(np.random.randn(64, 16).astype(np.float32)))
w2 = torch.from_numpy(np.asfortranarray(np.random.randn(32, 64).astype(np.float32)))
m.load_constants({"l1.weight": w1, "l2.weight": w2, "l1.bias": torch.zeros(64),
                  "l2.bias": torch.zeros(32)}, check_full_update=False)
x = torch.randn(4, 16)
ref = torch.relu(x @ w1.T) @ w2.T               # what the retrained head computes
torch.testing.assert_close(m(x), ref)
""", "The MATLAB-retrained beam-head weights are column-major (Fortran-order) arrays loaded into "
       "the package as non-contiguous tensors, whose strides the compiled kernels do not expect.",
       "Make the weights row-major (np.ascontiguousarray / tensor.contiguous()) before "
       "load_constants.", needs=("s",), match=r".")


def case_18():
    return _c("case_18", "pilot-grid-zero-at-data-res", "numerical", "run", """
m = torch._inductor.aoti_load_package("{chest79}")
b = 2
mask = torch.zeros(b, 1, 14, 72)
mask[:, :, [2, 11], ::4] = 1.0
# the new grid builder leaves data REs of the pilot grid at 0 (the estimator expects 1.0 there)
pilots = torch.sign(torch.randn(b, 2, 14, 72)) * mask
rx = 0.8 * torch.sign(torch.randn(b, 2, 14, 72)) + 0.05 * torch.randn(b, 2, 14, 72)
h = m(rx, pilots, mask)
assert torch.isfinite(h).all(), "non-finite channel estimate"
""", "The new resource-grid builder leaves the pilot grid at 0 on data REs, where the estimator "
       "divides rx by the pilot grid before masking; x/0 is inf and inf*0 is NaN, which the "
       "interpolation spreads.", "Put 1.0 at non-pilot REs of the pilot grid (or use "
       "torch.where(mask, rx / pilots, 0)).", needs=("r",), match=r"AssertionError")


def case_19():
    return _c("case_19", "raw-prb-load-not-log1p", "numerical", "run", """
m = torch._inductor.aoti_load_package("{traf79}")
# the forecaster was trained on log1p(PRB load in %); the new pipeline feeds the raw percentages
raw = torch.rand(4, 24) * 90 + 5
fc = m(raw, torch.tensor([3, 17, 40, 63]))
load = torch.expm1(fc)
assert (load >= 0).all() and (load <= 100).all(), f"PRB load forecast out of range: {load.max():.3g}"
""", "The forecaster was trained on log1p-scaled PRB load, but the new pipeline feeds raw "
       "percentages; the package runs without error and the de-scaled forecast leaves 0..100 %.",
       "Apply the training transform (log1p) at ingestion, checked against the exported "
       "preprocessing.", needs=("s",), match=r"AssertionError")


def case_20():
    return _c("case_20", "amc-on-dbfs-scaled-capture", "numerical", "run", """
m = torch._inductor.aoti_load_package("{amc79}")
# a capture at high gain, scaled to volts by the front end (the model was trained on unit power)
iq = (torch.sign(torch.randn(4, 2, 1024)) * 0.7071 + 0.05 * torch.randn(4, 2, 1024)) * 3e38
logits = m(iq)
assert torch.isfinite(logits).all(), "non-finite logits"
""", "The capture is scaled to physical units with a calibration factor of 3e38 instead of "
       "normalised to unit power, so the convolutions overflow float32 and the logits are inf/NaN.",
       "Normalise each frame to unit average power before the call.", needs=("r",),
       match=r"AssertionError")


# ------------------------------------------------------------------------------ resources
def case_21():
    return _c("case_21", "whole-capture-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{amc79}")
iq = torch.randn(50000, 2, 1024)                 # a 2.5 s capture at 20 MS/s, 50000 frames at once
# the edge server's container has 1 GiB left after the model and the capture buffer
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    logits = m(iq)
""", "A whole 2.5 s capture (50000 frames) is classified in one call on a container with about "
       "1 GiB left; the first convolution's output alone (about 3.3 GB) cannot be allocated.",
       "Classify the capture in chunks of a few thousand frames (or give the container more "
       "memory).", needs=("r",), match=r"memory|alloc")


def case_22():
    return _m("case_22", "lookback-window-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
h = Dim("hours", min=6, max=168)                 # operators pick a look-back of 6 h .. one week
ep = torch.export.export(Traffic().eval(), (torch.rand(4, HIST), torch.randint(0, SITES, (4,))),
                         dynamic_shapes=({1: h}, None))
""", "The look-back window is declared dynamic (6..168 hours), but the forecaster's Linear "
       "layer takes exactly 24 history values plus the site embedding, which fixes it to 24.",
       "Keep the look-back static (one package per window) or pool the history to a fixed "
       "size first.", match=r"[Cc]onstraint|specializ|guard|24|not all values")


def case_23():
    return _c("case_23", "100mhz-carrier-grid", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chest79}")
b, sc = 2, 3276                                  # a 100 MHz carrier: 273 RBs, 3276 subcarriers
mask = torch.zeros(b, 1, 14, sc)
mask[:, :, [2, 11], ::4] = 1.0
pilots = torch.ones(b, 2, 14, sc)
h = m(0.8 * pilots, pilots, mask)
""", "The slot grid of a 100 MHz carrier (3276 subcarriers) is sent to the channel estimator "
       "exported for a 6-RB (72-subcarrier) grid.", "Estimate per 6-RB sub-band (split the grid "
       "along subcarriers) or export the estimator for the carrier's bandwidth.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape|72")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_22, case_23]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind79.jsonl",
        url_file="benchmarks/live_blind79.py", id_prefix="live79", stems=STEMS,
        scratch_prefix="live_blind79-", description=__doc__.splitlines()[0]))
