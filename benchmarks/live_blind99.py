"""A ninety-ninth blind set of REAL AOTInductor failures (radar and sonar signal processing), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind99.py [--out benchmarks/live_blind99.jsonl] [--keep]

Theme: radar and sonar signal processing (complex baseband as real/imag channel pairs, a
beamformer with per-element weights, a CFAR-style detector on range-Doppler maps with a dynamic
chirp count, a range-gate sampler for tracks, a waveform-mode embedding, sonar spectrograms),
exported, compiled, loaded and run as a sensing engineer would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind98.py
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
RX, CH, NS = 8, 32, 64   # receive elements, chirps per frame, fast-time samples per chirp

class Beamformer(torch.nn.Module):
    # complex baseband as (frames, 2 = I/Q, elements, chirps, samples); complex weights per
    # element stored as a (2, RX) buffer; output: beam power per (chirp, sample)
    def __init__(self):
        super().__init__()
        ang = torch.arange(RX) * 0.3
        self.register_buffer("w", torch.stack([torch.cos(ang), torch.sin(ang)]) / RX)
    def forward(self, iq):
        re, im = iq[:, 0], iq[:, 1]
        wr, wi = self.w[0].view(1, RX, 1, 1), self.w[1].view(1, RX, 1, 1)
        yr = (re * wr - im * wi).sum(1)
        yi = (re * wi + im * wr).sum(1)
        return yr * yr + yi * yi

class Detector(torch.nn.Module):
    # range-Doppler power map (frames, 1, chirps, range bins) -> per-cell target scores
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(1, 4, 3, padding=1)
    def forward(self, rd):
        return torch.relu(self.conv(torch.log1p(rd)))

def cpi(b=4, rx=RX, ch=CH, ns=NS):
    # one coherent processing interval of I/Q samples per frame
    return torch.randn(b, 2, rx, ch, ns)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("bf99", Beamformer().eval(), (cpi(4),), dynamic_shapes=({0: Dim("frames", min=1, max=32)},))
build("det99", Detector().eval(), (torch.rand(2, 1, CH, NS),),
      dynamic_shapes=({2: Dim("chirps", min=8, max=128)},))
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
class Gate(torch.nn.Module):
    # range gates of the tracks: the range-Doppler cells at each track's predicted range bin
    def forward(self, rd, rbin):
        return rd[:, :, rbin] * 1.0

class Mode(torch.nn.Module):
    # waveform mode id (0 short-range, 1 mid, 2 long, 3 sea clutter) -> 16-d context vector
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(4, 16)
        self.lin = torch.nn.Linear(16, 8)
    def forward(self, mode):
        return self.lin(self.emb(mode))

build("gate99", Gate(), (torch.rand(2, CH, NS), torch.randint(0, NS, (10,))),
      dynamic_shapes=(None, {0: Dim("tracks", min=1, max=256)}))
build("mode99", Mode().eval(), (torch.randint(0, 4, (6,)),))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"bf99", "det99", "gate99", "mode99", "cfar99", "half99", "db99", "spec99", "eig99",
         "mvdr99", "clut99"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "per-detection-python-loop", "export_failure", "export", """
class Assoc(torch.nn.Module):
    # associate each detected range-Doppler cell with a track, one detection at a time
    def forward(self, rd, thr):
        scores = []
        for cell in (rd > thr).nonzero():
            scores.append(rd[cell[0], cell[1]] * 2.0)
        return torch.stack(scores)
ep = torch.export.export(Assoc(), (torch.rand(CH, NS), torch.tensor(0.99)))
""", "The association loop iterates in Python over the rows of nonzero() of the threshold mask, "
       "whose number of detections is data-dependent, so export cannot unroll it.",
       "Score all cells with tensor ops (torch.where on the mask) and threshold/associate "
       "outside the exported model.", match=r".")


def case_02():
    return _m("case_02", "no-detection-early-return", "export_failure", "export", """
class Plots(torch.nn.Module):
    # return the plot list; an empty frame returns a (0, 3) tensor right away
    def forward(self, rd):
        det = (rd > 0.95).nonzero()
        if det.shape[0] == 0:
            return torch.zeros(0, 3)
        return torch.cat([det.float(), rd[det[:, 0], det[:, 1]].unsqueeze(1)], 1)
ep = torch.export.export(Plots(), (torch.rand(CH, NS),))
""", "The early return for a frame without detections branches in Python on the data-dependent "
       "number of nonzero() rows, which export cannot decide while tracing.",
       "Drop the branch (the cat already yields 0 rows for an empty frame) or use torch.cond.",
       match=r".")


def case_03():
    return _m("case_03", "chirps-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Doppler(torch.nn.Module):
    # slow-time DFT over the chirps as a fixed (CH, CH) real matrix (cos part)
    def __init__(self):
        super().__init__()
        k = torch.arange(CH).float()
        self.register_buffer("dft", torch.cos(2 * torch.pi * k[:, None] * k[None, :] / CH))
    def forward(self, x):                       # (frames, chirps, samples)
        return (self.dft @ x).abs()
chirps = Dim("chirps", min=8, max=256)          # other radar modes use other chirp counts
ep = torch.export.export(Doppler(), (torch.randn(2, CH, NS),), dynamic_shapes=({1: chirps},))
""", "The chirp count is declared dynamic, but the Doppler DFT matrix is a fixed 32 x 32 buffer, "
       "so the matmul forces the chirp axis to 32 and export reports the Dim as specialised.",
       "Keep chirps static (one package per radar mode) or build the DFT matrix from the "
       "input's chirp count.", match=r".")


def case_04():
    return _m("case_04", "array-elements-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
elements = Dim("elements", min=2, max=64)       # the same beamformer for 8- and 16-element arrays
ep = torch.export.export(Beamformer(), (cpi(4),), dynamic_shapes=({2: elements},))
""", "The number of array elements is declared dynamic, but the per-element weight buffer has "
       "8 entries, so the broadcast fixes the element axis to 8.",
       "Keep the element count static (one package per array) or pass the weights as an input.",
       match=r".")


def case_06():
    return _m("case_06", "kalman-matrices-on-gpu", "device_mismatch", "export", """
class KalmanPredict(torch.nn.Module):
    # constant-velocity predict step for (range, range-rate, azimuth, azimuth-rate) tracks
    def forward(self, x, dt):
        F = torch.eye(4, device="cuda")
        F[0, 1] = dt
        F[2, 3] = dt
        return x @ F.T
ep = torch.export.export(KalmanPredict(), (torch.randn(16, 4), 0.1))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The tracker's predict step creates its transition matrix with device='cuda' (written for "
       "the GPU tracker box), while the track states are CPU tensors on this CPU build host, so "
       "the matmul mixes cuda and cpu tensors during export.",
       "Create the matrix on the input's device (device=x.device) and export for the target "
       "device.", match=r".")


def case_05():
    return _m("case_05", "doppler-unfold-while-loop", "export_failure", "export", """
class Unfold(torch.nn.Module):
    # unfold the measured radial velocity into the unambiguous interval of the PRF
    def forward(self, v, v_max):
        while v > v_max:
            v = v - 2 * v_max
        return v
ep = torch.export.export(Unfold(), (torch.tensor(37.0), torch.tensor(12.5)))
""", "The Doppler unfolding uses a Python while loop whose condition compares tensor values "
       "(v > v_max), data-dependent control flow that export cannot trace.",
       "Unfold with tensor arithmetic (torch.remainder(v + v_max, 2 * v_max) - v_max).",
       match=r".")


# ---------------------------------------------------------------------------- compile phase
def case_07():
    return _m("case_07", "music-doa-general-eig", "unsupported", "compile", """
class Music(torch.nn.Module):
    # direction of arrival: eigen-decompose the spatial covariance of the snapshots
    def forward(self, snaps):                   # (elements, snapshots), real part only
        R = snaps @ snaps.T / snaps.shape[1]
        vals, vecs = torch.linalg.eig(R)
        return vecs.real[:, :2], vals.real
ep = torch.export.export(Music(), (torch.randn(RX, 128),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/eig99.pt2")
m = torch._inductor.aoti_load_package(pkg)
out = m(torch.randn(RX, 128))
""", "The MUSIC step calls the general (non-symmetric) torch.linalg.eig, whose complex outputs "
       "have no AOTI path on this build.",
       "Use torch.linalg.eigh (the covariance is symmetric), which returns real eigenvectors.",
       match=r".")


def case_08():
    return _m("case_08", "mvdr-complex-solve", "unsupported", "compile", """
class Mvdr(torch.nn.Module):
    # MVDR weights: R^-1 a for a complex covariance R and steering vector a
    def forward(self, snaps_re, snaps_im, a_re, a_im):
        s = torch.complex(snaps_re, snaps_im)
        R = s @ s.conj().T / s.shape[1] + 1e-3 * torch.eye(RX)
        w = torch.linalg.solve(R, torch.complex(a_re, a_im))
        return torch.view_as_real(w)
ep = torch.export.export(Mvdr(), (torch.randn(RX, 64), torch.randn(RX, 64),
                                  torch.randn(RX, 1), torch.randn(RX, 1)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/mvdr99.pt2")
m = torch._inductor.aoti_load_package(pkg)
w = m(torch.randn(RX, 64), torch.randn(RX, 64), torch.randn(RX, 1), torch.randn(RX, 1))
""", "The MVDR beamformer solves a complex64 linear system inside forward; complex tensors and "
       "complex linalg have no AOTI path on this build.",
       "Solve the equivalent real 2N x 2N system ([[Re, -Im], [Im, Re]]) or compute the weights "
       "outside the package.", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_09():
    return _c("case_09", "sdk-chirp-element-order", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bf99}")
iq = torch.randn(4, 2, 32, 8, 64)                # the radar SDK delivers (I/Q, chirp, element, sample)
power = m(iq)
""", "The radar SDK's cube is ordered (I/Q, chirp, element, sample), while the beamformer "
       "package was exported for (I/Q, element, chirp, sample).",
       "Permute to (frames, 2, elements, chirps, samples) (iq.permute(0, 1, 3, 2, 4)) before the "
       "call.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "real-sampling-frontend", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bf99}")
adc = torch.randn(4, 1, 8, 32, 64)               # the low-cost front end samples I only
power = m(adc)
""", "A real-sampling front end delivers only the I channel (one channel instead of the I/Q "
       "pair), while the package takes two channels in dim 1.",
       "Form the analytic signal (Hilbert transform) to get I and Q, or use a model exported for "
       "real samples.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _c("case_11", "numpy-window-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{bf99}")
iq = np.random.randn(4, 2, 8, 32, 64).astype(np.float32)
iq = iq * np.hamming(64)                        # range window applied in NumPy
power = m(torch.from_numpy(iq))
""", "The range window is applied with np.hamming, which is float64, so the windowed cube is "
       "promoted to float64 while the package was exported for float32.",
       "Cast the window (np.hamming(64).astype(np.float32)) or the tensor (.float()) first.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_12():
    return _c("case_12", "decimated-adc-view", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{bf99}")
raw = torch.randn(4, 2, 8, 32, 128)              # ADC runs at twice the processing rate
iq = raw[..., ::2]                               # decimate by 2 (a strided view)
power = m(iq)
""", "The decimated cube is a strided view (every second sample of a 128-sample buffer), while "
       "the package was compiled for contiguous strides of a 64-sample cube.",
       "Pass iq.contiguous() (or decimate with a copy, e.g. a filter + slicing then contiguous()).",
       needs=("r",), env=CHECK, match=r"stride")


def case_13():
    return _c("case_13", "long-cpi-256-chirps", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{det99}")
rd = torch.rand(2, 1, 256, 64)                   # long-dwell mode: 256 chirps per frame
scores = m(rd)
""", "The long-dwell mode's 256 chirps per frame exceed the detector package's chirps Dim, "
       "exported with max=128.",
       "Re-export with max=256 (or split the dwell into 128-chirp sub-CPIs).",
       needs=("r",), env=CHECK, match=r"128|too large|range|bound")


def case_14():
    return _c("case_14", "burst-of-64-frames", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{bf99}")
power = m(torch.randn(64, 2, 8, 32, 64))         # the replay tool sends a 64-frame burst
""", "A 64-frame replay burst is sent in one call to the beamformer package, whose frames Dim "
       "was exported with max=32.",
       "Send bursts in chunks of at most 32 frames (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"32|too large|range|bound")


def case_15():
    return _c("case_15", "short-burst-4-chirps", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{det99}")
rd = torch.rand(2, 1, 4, 64)                     # the fast-scan mode sends 4 chirps per frame
scores = m(rd)
""", "The fast-scan mode's 4 chirps per frame are below the detector package's chirps Dim "
       "minimum of 8.",
       "Re-export with min=4 (or pad short frames to 8 chirps).",
       needs=("r",), env=CHECK, match=r"8|too small|range|bound")


def case_24():
    return _c("case_24", "no-tracks-this-frame", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{gate99}")
rd = torch.rand(2, 32, 64)
rbin = torch.empty(0, dtype=torch.long)          # no confirmed tracks in this frame
gates = m(rd, rbin)
""", "A frame without confirmed tracks sends an empty range-bin list, below the compiled "
       "minimum of the gate package's tracks Dim.",
       "Skip the call when there are no tracks (or export with min=0 where supported).",
       needs=("s",), env=CHECK, match=r"1|too small|range|bound")


def case_16():
    return _c("case_16", "track-beyond-max-range", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{gate99}")
rd = torch.rand(2, 32, 64)
rbin = torch.tensor([5, 17, 40, 63, 64])         # an outbound track predicted past the last range bin
gates = m(rd, rbin)
""", "The tracker predicts an outbound target to range bin 64, one past the last of the 64 "
       "range bins, and the gate package indexes with it.",
       "Drop or clamp tracks whose predicted bin is outside 0..63 before gating.",
       needs=("s",), match=r"out of bounds")


def case_17():
    return _c("case_17", "new-waveform-mode-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mode99}")
mode = torch.tensor([0, 1, 2, 3, 4, 2])          # firmware 5.1 adds mode 4 (littoral)
ctx = m(mode)
""", "Firmware adds waveform mode 4, but the mode embedding was exported with 4 modes (ids 0-3).",
       "Map unknown modes to a known one, or retrain/re-export with 5 modes.",
       needs=("s",), match=r"out of bounds")


# ------------------------------------------------------------------------- run: numerics
def case_18():
    return _m("case_18", "blanked-sector-cfar", "numerical", "run", """
import torch.nn.functional as F
class CaCfar(torch.nn.Module):
    # cell-averaging CFAR: each cell divided by the mean of its 5 x 9 neighbourhood
    def forward(self, rd):
        noise = F.avg_pool2d(rd, (5, 9), stride=1, padding=(2, 4))
        return rd / noise
ep = torch.export.export(CaCfar(), (torch.rand(2, 1, CH, NS),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cfar99.pt2")
m = torch._inductor.aoti_load_package(pkg)
rd = torch.rand(2, 1, CH, NS)
rd[:, :, :, 20:40] = 0.0                         # sector blanked by the jammer-blanking stage
snr = m(rd)
assert torch.isfinite(snr).all(), f"non-finite CFAR cells: {int((~torch.isfinite(snr)).sum())}"
""", "The blanking stage zeroes a sector of range bins; inside it the CFAR noise estimate is 0 "
       "and 0/0 gives NaN for those cells without any error.",
       "Add a noise floor (noise.clamp_min(eps)) or skip blanked cells.", match=r"AssertionError")


def case_19():
    return _m("case_19", "fp16-beam-power-adc-counts", "numerical", "run", """
ep = torch.export.export(Beamformer().half(), (cpi(2).half(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/half99.pt2")
m = torch._inductor.aoti_load_package(pkg)
iq = (cpi(2) * 2000).round().half()              # raw 14-bit ADC counts, not scaled to volts
power = m(iq)
assert torch.isfinite(power).all(), f"inf beam power in {int(torch.isinf(power).sum())} cells"
""", "The float16 beamformer is fed raw ADC counts (thousands); the beam power (amplitude "
       "squared, ~1e6-1e8) exceeds the float16 maximum 65504 and overflows to inf.",
       "Scale the counts to volts (/ 2**13) before the call, or compute the power in float32.",
       match=r"AssertionError")


def case_20():
    return _m("case_20", "fp16-hydrophone-db", "numerical", "run", """
class SonarDb(torch.nn.Module):
    # passive sonar spectrogram in dB from the hydrophone's short-time power
    def forward(self, p):
        return 10 * torch.log10(p)
ep = torch.export.export(SonarDb().half(), (torch.rand(2, 128, 100).half(),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/db99.pt2")
m = torch._inductor.aoti_load_package(pkg)
p = (torch.rand(2, 128, 100) * 1e-9).half()      # a quiet deep-water hydrophone, power in Pa^2
db = m(p)
assert torch.isfinite(db).all(), "spectrogram has -inf dB cells"
""", "The quiet hydrophone's power (~1e-9 Pa^2) is below float16's smallest subnormal, so it is "
       "0 in the float16 input and log10 gives -inf.",
       "Compute the spectrogram in float32, or scale the power (e.g. to uPa^2) before the cast.",
       match=r"AssertionError")


# --------------------------------------------------------------------- run: constants, memory
def case_22():
    return _c("case_22", "calibration-weights-wrong-name", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{bf99}")
ang = torch.arange(8) * 0.31                     # weights from today's array calibration
cal = {"steering_weights": torch.stack([torch.cos(ang), torch.sin(ang)]) / 8}
m.load_constants(cal, check_full_update=False)
power = m(torch.randn(4, 2, 8, 32, 64))
""", "The new calibration weights are loaded under the calibration tool's name "
       "'steering_weights', while the package's constant is the buffer 'w'.",
       "Use the package's constant names (m.get_constant_fqns()) as the keys.",
       needs=("r",), match=r".")


def case_23():
    return _m("case_23", "hour-of-sonar-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Spec(torch.nn.Module):
    # per-frame power spectrum -> dB plus the frame's mean power
    def forward(self, frames):
        p = frames * frames
        return 10 * torch.log10(p + 1e-12) + p.mean(-1, keepdim=True)
ep = torch.export.export(Spec(), (torch.randn(4, 512),), dynamic_shapes=({0: Dim("frames")},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/spec99.pt2")
m = torch._inductor.aoti_load_package(pkg)
frames = torch.randn(3600 * 100, 512)            # one hour of 100 frames/s, 512 bins, in one call
# the sonar console's process has 256 MiB left under its memory limit
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 256 * 2**20, vm + 256 * 2**20))
with torch.no_grad():
    db = m(frames)
""", "A whole hour of sonar frames (737 MB) is sent in one call with 256 MiB of memory left, so "
       "the output allocation fails.",
       "Process the recording in chunks of frames (or give the process more memory).",
       match=r"memory|alloc")


def case_21():
    return _c("case_21", "sixteen-element-calibration", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{bf99}")
ang = torch.arange(16) * 0.3                     # calibration file of the 16-element array variant
m.load_constants({"w": torch.stack([torch.cos(ang), torch.sin(ang)]) / 16}, check_full_update=True)
power = m(torch.randn(4, 2, 8, 32, 64))
""", "The calibration weights of the 16-element array variant ((2, 16)) are loaded into the "
       "8-element beamformer package, whose weight constant is (2, 8); load_constants does not "
       "check the shape and the process later dies with corrupted memory.",
       "Load the calibration file of the 8-element array (or re-export for 16 elements).",
       needs=("r",), expect="crash", match=r"Segmentation fault|Aborted|Fatal|signal")


def case_25():
    return _m("case_25", "clutter-subtracted-magnitude", "numerical", "run", """
class ClutterCancel(torch.nn.Module):
    # subtract the clutter map (mean power of past frames) and return the amplitude
    def forward(self, power, clutter):
        return torch.sqrt(power - clutter)
ep = torch.export.export(ClutterCancel(), (torch.rand(2, CH, NS) + 1, torch.rand(2, CH, NS)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/clut99.pt2")
m = torch._inductor.aoti_load_package(pkg)
clutter = torch.rand(2, CH, NS)
power = clutter * (0.5 + torch.rand(2, CH, NS))  # cells with less power than the clutter average
amp = m(power, clutter)
assert not amp.isnan().any(), f"NaN amplitude in {int(amp.isnan().sum())} cells"
""", "Cells whose current power is below the clutter map's average give a negative difference, "
       "and its sqrt is NaN without any error.",
       "Clamp the difference at zero (clamp_min(0)) before the sqrt.", match=r"AssertionError")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_24, case_16, case_17, case_18,
         case_19, case_20, case_25, case_21, case_22, case_23]
# Failed in the trial, but not the way its label was written for: case_08 (MVDR weights by
# torch.linalg.solve on a complex64 covariance inside forward, written as `unsupported`: it failed
# with an internal InductorError "AssertionError: got <class 'int'>" in the C++ wrapper's
# runtime-lookup fallback codegen, an internal assert rather than a missing-path error).
DROPPED = [case_08]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_07 (MUSIC direction finding
# with the general torch.linalg.eig inside forward: compiled, loaded and ran).
TRIED = [case_07]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind99.jsonl",
        url_file="benchmarks/live_blind99.py", id_prefix="live99", stems=STEMS,
        scratch_prefix="live_blind99-", description=__doc__.splitlines()[0]))
