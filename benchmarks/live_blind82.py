"""An eighty-second blind set of REAL AOTInductor failures (manufacturing process control and predictive maintenance), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind82.py [--out benchmarks/live_blind82.jsonl] [--keep]

Theme: manufacturing process control and predictive maintenance (vibration spectra from an FFT
held as real and imaginary channels, a per-machine accelerometer calibration table, a
remaining-useful-life regressor over sliding sensor windows with a sensor-dropout mask and an
alarm threshold applied in the model, a multi-rate model that resamples the slow temperature
sensor in its forward, bearing-defect frequency bands and cross-spectra), exported, compiled,
loaded and run as a reliability ML engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind81.py (their TRIED
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
F = 257     # rfft bins of a 512-sample vibration frame (fs 12.8 kHz, 25 Hz per bin)
S = 8       # sensors per machine (accelerometers, current, pressure, temperature)
NM = 10     # machines in the line's calibration table

class Spectrum(torch.nn.Module):
    # vibration spectrum as (batch, 2 = real/imag, F) -> calibrated magnitude in dB -> health head
    def __init__(self):
        super().__init__()
        self.register_buffer("gain", torch.linspace(0.8, 1.2, NM))   # accelerometer calibration
        self.head = torch.nn.Linear(F, 4)
    def forward(self, spec, machine):
        mag = torch.sqrt(spec[:, 0] ** 2 + spec[:, 1] ** 2) * self.gain[machine].unsqueeze(1)
        return self.head(20 * torch.log10(mag))

class RUL(torch.nn.Module):
    # remaining useful life (hours) from a sliding window (batch, T, S) of sensor readings; the
    # dropout mask (batch, S) zeroes dead sensors; the maintenance alarm fires under 48 h
    def __init__(self):
        super().__init__()
        self.register_buffer("alarm_h", torch.tensor(48.0))
        self.conv = torch.nn.Conv1d(S, 16, 5, padding=2)
        self.head = torch.nn.Linear(16, 1)
    def forward(self, window, mask):
        x = torch.where(mask.unsqueeze(1), window, 0.0)
        h = torch.relu(self.conv(x.transpose(1, 2))).mean(-1)
        rul = torch.nn.functional.softplus(self.head(h)).squeeze(-1) * 100
        return rul, rul < self.alarm_h

class MultiRate(torch.nn.Module):
    # 1 s of vibration at 1024 Hz and the bearing temperature at 16 Hz (degC); the temperature is
    # resampled to the vibration rate in forward; over-temperature alarm at 85 degC in the model
    def __init__(self):
        super().__init__()
        self.register_buffer("temp_alarm", torch.tensor(85.0))
        self.head = torch.nn.Linear(2, 1)
    def forward(self, vib, temp):
        t = torch.nn.functional.interpolate(temp.unsqueeze(1), size=vib.shape[-1],
                                            mode="linear").squeeze(1)
        feats = torch.stack([vib.pow(2).mean(-1).sqrt(), t.mean(-1)], 1)
        return self.head(feats), t.amax(-1) > self.temp_alarm

def spectra(b=4):
    return torch.randn(b, 2, F)

def windows(b=4, t=64):
    return torch.randn(b, t, S), torch.ones(b, S, dtype=torch.bool)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b = Dim("frames", min=1, max=64)
build("spec82", Spectrum().eval(), (spectra(4), torch.randint(0, NM, (4,))),
      dynamic_shapes=({0: b}, {0: b}))
m = Dim("machines", min=1, max=128)
t = Dim("window", min=32, max=256)
build("rul82", RUL().eval(), windows(4, 64), dynamic_shapes=({0: m, 1: t}, {0: m}))
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
class HalfMag(torch.nn.Module):
    # normalised magnitude spectrum for the edge box, served in float16
    def forward(self, spec):
        mag = torch.sqrt(spec[:, 0] ** 2 + spec[:, 1] ** 2)
        return mag / mag.amax(-1, keepdim=True)

class CrossSpec(torch.nn.Module):
    # normalised cross-spectral (bin x bin) magnitude matrix per frame, for order tracking
    def forward(self, spec):
        mag = torch.sqrt(spec[:, 0] ** 2 + spec[:, 1] ** 2)
        cs = mag[:, :, None] * mag[:, None, :]
        return cs / cs.amax((1, 2), keepdim=True)

class Bands(torch.nn.Module):
    # magnitudes at the bearing-defect frequency bins chosen by the caller
    def forward(self, mag, bins):
        return mag[:, bins] * 1.0

build("half82", HalfMag().eval(), (spectra(4).half(),))
build("xs82", CrossSpec().eval(), (spectra(4),), dynamic_shapes=({0: Dim("frames", min=2, max=8192)},))
build("mr82", MultiRate().eval(), (torch.randn(2, 1024), 60 + torch.randn(2, 16)))
build("band82", Bands(), (torch.rand(2, F), torch.tensor([8, 17, 26])),
      dynamic_shapes=(None, {0: Dim("bins", min=1, max=64)}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"spec82", "rul82", "half82", "xs82", "mr82", "band82"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "calibration-dict-by-machine-id", "export_failure", "export", """
class CalibByName(torch.nn.Module):
    # the calibration constants live in a dict keyed by the machine's id string
    def __init__(self):
        super().__init__()
        self.cal = torch.nn.ParameterDict({str(i): torch.nn.Parameter(torch.tensor(1.0 + 0.01 * i))
                                           for i in range(NM)})
        self.inner = Spectrum()
    def forward(self, spec, machine):
        g = self.cal[str(int(machine))]
        return self.inner(spec * g, machine.view(1))
ep = torch.export.export(CalibByName().eval(), (spectra(1), torch.tensor(3)))
""", "The calibration constant is looked up in a ParameterDict by str(int(machine)), a Python key "
       "computed from the machine-id input tensor's value, which torch.export cannot trace.",
       "Store the constants as one (machines,) buffer and index it with the id tensor "
       "(gain[machine]).", match=r".")


def case_02():
    return _m("case_02", "flattened-window-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FlatRUL(torch.nn.Module):
    # the first RUL baseline: an MLP over the flattened 64-sample window
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(64 * S, 1)
    def forward(self, window):
        return self.head(window.flatten(1)).squeeze(-1)
t = Dim("window", min=32, max=256)                # shorter windows at start-up, longer for slow wear
ep = torch.export.export(FlatRUL(), (torch.randn(4, 64, S),),
                         dynamic_shapes=({0: Dim("machines", max=128), 1: t},))
""", "The window length is declared dynamic, but the MLP head flattens the window into a Linear "
       "layer of 64 x 8 inputs, which fixes the window to 64 samples.",
       "Keep the window static for the flattened MLP (or pool over time before the head).",
       match=r".")


def case_03():
    return _m("case_03", "multirate-independent-dims", "dynamic_shape_guard", "export", """
from torch.export import Dim
class BlockRMS(torch.nn.Module):
    # vibration RMS per temperature sample: the fast signal is cut into one block per slow sample
    def forward(self, vib, temp):
        rms = vib.view(vib.shape[0], temp.shape[1], -1).pow(2).mean(-1).sqrt()
        return torch.stack([rms, temp], -1)
fast = Dim("fast", min=64, max=65536)            # any record length ...
slow = Dim("slow", min=1, max=1024)              # ... declared independently of the slow sensor
ep = torch.export.export(BlockRMS(), (torch.randn(2, 1024), torch.randn(2, 16)),
                         dynamic_shapes=({1: fast}, {1: slow}))
""", "The fast (vibration) and slow (temperature) lengths are declared as independent Dims, but "
       "the forward cuts the fast signal into one block per slow sample, which requires fast to be "
       "a multiple of slow.", "Declare the relation (fast = 64 * slow, a derived Dim) or keep the "
       "rates' lengths static.", match=r".")


def case_04():
    return _m("case_04", "peak-memory-probe-on-build-host", "device_mismatch", "export", """
from torch.export import Dim
# the export script was copied from the GPU benchmark notebook, which measures peak memory
torch.cuda.reset_peak_memory_stats()
m = Dim("machines", min=1, max=128)
ep = torch.export.export(RUL().eval(), windows(4, 64), dynamic_shapes=({0: m}, {0: m}))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "The export script calls torch.cuda.reset_peak_memory_stats() (GPU memory profiling copied "
       "from the benchmark notebook) on a CPU-only build host with no GPU or CUDA driver.",
       "Guard the profiling with torch.cuda.is_available() (or drop it on the CPU build host).",
       match=r".")


def case_05():
    return _m("case_05", "alarm-branch-in-forward", "export_failure", "export", """
from torch.export import Dim
class AlarmRUL(RUL):
    # if any machine is under the alarm threshold, return the detailed maintenance head too
    def forward(self, window, mask):
        rul, alarm = super().forward(window, mask)
        if rul.min() < self.alarm_h:
            return rul, alarm, rul / self.alarm_h
        return rul, alarm, torch.zeros_like(rul)
m = Dim("machines", min=1, max=128)
ep = torch.export.export(AlarmRUL().eval(), windows(4, 64), dynamic_shapes=({0: m}, {0: m}))
""", "The forward branches in Python on whether the predicted RUL is under the alarm threshold "
       "(if rul.min() < alarm), a data-dependent condition that torch.export cannot trace.",
       "Compute both outputs and select with torch.where (or use torch.cond).", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_06():
    return _c("case_06", "spectrum-pairs-last", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{spec82}")
frames = np.random.randn(4, 512).astype(np.float32)
z = np.fft.rfft(frames, axis=-1)
spec = torch.from_numpy(np.stack([z.real, z.imag], axis=-1).astype(np.float32))  # (4, 257, 2)
out = m(spec, torch.tensor([0, 1, 2, 3]))
""", "The edge gateway stacks the FFT's real and imaginary parts on the last axis, (frames, 257, "
       "2), while the package was exported for (frames, 2, 257).",
       "Stack on axis 1 (or permute(0, 2, 1)) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_07():
    return _c("case_07", "dropout-mask-as-float", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{rul82}")
window = torch.randn(4, 64, 8)
alive = (~np.isnan(np.random.rand(4, 8))).astype(np.float32)    # 1.0 = sensor reporting
rul, alarm = m(window, torch.from_numpy(alive))
""", "The sensor-dropout mask is built as float 0/1 from the historian's NaN flags, while the "
       "package was exported for a bool mask.",
       "Pass the mask as bool (mask.bool() or astype(bool)).",
       needs=("r",), env=CHECK, match=r"dtype|Float|Bool")


def case_08():
    return _c("case_08", "machine-id-int32-from-plc", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{spec82}")
plc_ids = np.array([3, 7, 1, 0], dtype=np.int32)               # DINT tags read over OPC UA
out = m(torch.randn(4, 2, 257), torch.from_numpy(plc_ids))
""", "The machine ids come from PLC DINT tags as int32, while the package was exported for int64 "
       "ids.", "Cast the ids to int64 (.long()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Int|Long")


def case_09():
    return _c("case_09", "temperature-sensor-upgraded-rate", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mr82}")
vib = torch.randn(2, 1024)
temp = 60 + torch.randn(2, 32)                   # the new RTD transmitter samples at 32 Hz
score, alarm = m(vib, temp)
""", "The bearing temperature transmitter was replaced by one sampling at 32 Hz, so 32 samples "
       "per second are sent to a package exported for 16.",
       "Decimate the temperature to 16 Hz before the call (or re-export for the new rate).",
       needs=("s",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "sliding-window-view-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{rul82}")
history = np.random.randn(1000, 8)                               # the historian export, float64
win = np.lib.stride_tricks.sliding_window_view(history, 64, axis=0).transpose(0, 2, 1)[-32:]
rul, alarm = m(torch.from_numpy(np.ascontiguousarray(win)), torch.ones(32, 8, dtype=torch.bool))
""", "The windows are cut with numpy's sliding_window_view from the historian's float64 array, "
       "while the package was exported for float32.",
       "Cast to float32 (astype(np.float32) or .float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_11():
    return _c("case_11", "whole-plant-in-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rul82}")
window = torch.randn(200, 64, 8)                 # all 200 machines of the plant in one call
rul, alarm = m(window, torch.ones(200, 8, dtype=torch.bool))
""", "The RUL package's machines Dim was exported with max=128; the whole plant's 200 machines "
       "in one call are outside the compiled range.",
       "Score the plant in chunks of at most 128 machines (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"128|too large|range|bound")


def case_12():
    return _c("case_12", "window-not-full-after-restart", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rul82}")
window = torch.randn(4, 16, 8)                   # 16 samples since the line restarted
rul, alarm = m(window, torch.ones(4, 8, dtype=torch.bool))
""", "Right after a line restart only 16 samples are in the window, but the RUL package's window "
       "Dim was exported with min=32.",
       "Wait until the window holds 32 samples (or pad it), or export with a smaller min.",
       needs=("r",), env=CHECK, match=r"32|too small|range|bound")


def case_13():
    return _c("case_13", "new-machine-not-in-calibration-table", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{spec82}")
machine = torch.tensor([2, 5, 12, 7])            # machine 12 was commissioned last week
out = m(torch.randn(4, 2, 257), machine)
""", "Machine 12 was added to the line, but the package's calibration table holds 10 machines; "
       "the gain lookup indexes past the table.",
       "Add the machine to the calibration table and rebuild (or validate ids before the call).",
       needs=("r",), expect="crash", match=r"out of bounds")


def case_14():
    return _c("case_14", "bpfo-harmonics-past-nyquist", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{band82}")
rpm, n_harm, df = 3600, 30, 12800 / 512          # 2-pole motor, 30 harmonics, 25 Hz per bin
bpfo = 3.585 * rpm / 60                          # outer-race defect frequency, Hz
bins = torch.tensor([round(h * bpfo / df) for h in range(1, n_harm + 1)])
mag = torch.rand(2, 257)
bands = m(mag, bins)
""", "The outer-race defect harmonics are converted to bin numbers without a Nyquist limit; at "
       "3600 rpm the higher harmonics map past bin 256 of the 257-bin spectrum.",
       "Keep only harmonics below fs/2 (bins < 257).",
       needs=("s",), match=r"out of bounds")


# ------------------------------------------------------------------------- run: numerics
def case_15():
    return _c("case_15", "float16-high-g-accelerometer", "numerical", "run", """
m = torch._inductor.aoti_load_package("{half82}")
spec = (400 * torch.randn(4, 2, 257)).half()     # the press line's 500 g accelerometer, in m/s^2
mag = m(spec)
assert torch.isfinite(mag).all(), f"non-finite bins: {int((~torch.isfinite(mag)).sum())}"
""", "The edge float16 package squares FFT components of several hundred m/s^2 from a high-g "
       "accelerometer; re^2 + im^2 overflows float16 (max 65504) to inf and the normalised "
       "spectrum becomes NaN.", "Scale the spectrum (e.g. to g) before the float16 package, or "
       "serve it in float32.", needs=("s",), match=r"AssertionError")


def case_16():
    return _c("case_16", "dead-accelerometer-zero-frame", "numerical", "run", """
m = torch._inductor.aoti_load_package("{spec82}")
spec = torch.randn(4, 2, 257)
spec[2] = 0.0                                     # the accelerometer on machine 6 stopped reporting
health = m(spec, torch.tensor([1, 4, 6, 8]))
assert torch.isfinite(health).all(), f"health scores: {health}"
""", "A dead accelerometer delivers an all-zero frame; 20 * log10(0) is -inf in the dB spectrum "
       "and the health head's output for that machine is non-finite.",
       "Drop or flag zero frames (sensor dropout) before the call, or add an epsilon floor before "
       "log10.", needs=("r",), match=r"AssertionError")


def case_17():
    return _c("case_17", "temperature-in-fahrenheit", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mr82}")
vib = torch.randn(2, 1024)
temp_f = 140 + 20 * torch.rand(2, 16)            # the US plant's historian stores degF (60-71 degC)
score, alarm = m(vib, temp_f)
rate = float(alarm.float().mean())
assert rate < 0.5, f"over-temperature alarm on {rate:.0%} of machines"
""", "The US plant's historian stores bearing temperatures in degF, while the model's "
       "over-temperature alarm is at 85 degC; every machine (60-71 degC) raises the alarm.",
       "Convert to degC before the call.", needs=("s",), match=r"AssertionError")


def case_18():
    return _c("case_18", "shift-of-cross-spectra-capped", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{xs82}")
frames = torch.randn(4096, 2, 257)               # a whole shift's frames in one call
# the edge box's container has 512 MiB left above the loaded model and the input
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**29, vm + 2**29))
with torch.no_grad():
    cs = m(frames)
""", "A whole shift's 4096 frames are sent in one call to the cross-spectrum package, whose "
       "4096 x 257 x 257 float32 output (about 1 GB) does not fit the edge container's 512 MiB.",
       "Send the frames in chunks (e.g. 256 at a time) or give the container more memory.",
       needs=("s",), match=r"memory|alloc")


def case_19():
    return _c("case_19", "alarm-threshold-wrong-constant-name", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{rul82}")
# the plant config names the threshold 'alarm_hours'; the model's buffer is 'alarm_h'
m.load_constants({"alarm_hours": torch.tensor(72.0)}, check_full_update=False)
rul, alarm = m(torch.randn(4, 64, 8), torch.ones(4, 8, dtype=torch.bool))
""", "The per-plant alarm threshold is loaded with load_constants under the config's name "
       "'alarm_hours', but the package's constant is named 'alarm_h'.",
       "Use the package's constant names (m.get_constant_fqns()) when updating constants.",
       needs=("r",), match=r"alarm_hours|not found|Constant")


def case_20():
    return _c("case_20", "single-mask-for-all-machines", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{rul82}")
window = torch.randn(4, 64, 8)
mask = torch.tensor([True] * 7 + [False])       # the line-wide mask: sensor 8 removed everywhere
rul, alarm = m(window, mask)
""", "One line-wide dropout mask of shape (8,) is sent for all machines, while the package takes "
       "one mask per machine, (machines, 8).",
       "Expand the mask to (machines, 8) (mask.expand(n, 8)) before the call.",
       needs=("r",), env=CHECK, match=r"dim|size|shape|rank")


def case_21():
    return _c("case_21", "temperature-gap-hides-alarm", "numerical", "run", """
m = torch._inductor.aoti_load_package("{mr82}")
vib = torch.randn(2, 1024)
temp = torch.tensor([[62.0] * 16, [96.0] * 16])  # machine 2's bearing is overheating
temp[1, 9] = float("nan")                        # one sample lost in a fieldbus gap
score, alarm = m(vib, temp)
assert bool(alarm[1]), f"no over-temperature alarm for a 96 degC bearing: {alarm}"
""", "One temperature sample lost in a fieldbus gap is sent as NaN; the resampling spreads it, "
       "the maximum becomes NaN and the in-model comparison with 85 degC is False, so the "
       "overheating bearing raises no alarm.", "Fill gaps (forward-fill or interpolate) before "
       "the call, or treat NaN as an alarm condition.", needs=("s",), match=r"AssertionError")


def case_22():
    return _m("case_22", "resample-factor-from-rate-tensors", "export_failure", "export", """
class Resampled(torch.nn.Module):
    # the sensors' sample rates travel with the data; the slow channel is resampled by their ratio
    def forward(self, vib, temp, fs_vib, fs_temp):
        t = torch.nn.functional.interpolate(temp.unsqueeze(1), scale_factor=float(fs_vib / fs_temp),
                                            mode="linear").squeeze(1)
        return torch.stack([vib, t], 1).mean(-1)
ep = torch.export.export(Resampled(), (torch.randn(2, 1024), torch.randn(2, 16),
                                       torch.tensor(1024.0), torch.tensor(16.0)))
""", "The resampling factor is computed with float() from the sample-rate tensors passed with the "
       "data, a data-dependent Python float that torch.export cannot trace into the interpolate "
       "call.", "Pass the rates as constants (one package per sensor configuration) or resample "
       "to a fixed output size.", match=r".")


def case_23():
    return _m("case_23", "per-machine-thresholds-fix-batch", "dynamic_shape_guard", "export", """
from torch.export import Dim
class LineRUL(RUL):
    # each of the line's 10 machines has its own alarm threshold (hours), applied in the model
    def __init__(self):
        super().__init__()
        self.register_buffer("alarm_per_machine", torch.tensor([48., 48., 72., 72., 24.,
                                                                48., 96., 48., 36., 48.]))
    def forward(self, window, mask):
        rul, _ = super().forward(window, mask)
        return rul, rul < self.alarm_per_machine
m = Dim("machines", min=1, max=128)
ep = torch.export.export(LineRUL().eval(), windows(NM, 64), dynamic_shapes=({0: m}, {0: m}))
""", "The machines (batch) Dim is declared dynamic, but the per-machine alarm thresholds are a "
       "10-entry buffer compared elementwise with the batch's RUL, which fixes the batch to 10.",
       "Pass the thresholds (or machine ids to index them) as an input, or keep the batch static "
       "at the line's 10 machines.", match=r".")


CASES = [case_01, case_02, case_04, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_16, case_18, case_19, case_20, case_21,
         case_22, case_23]
# Removed after a first full run, because a closer look at grep hits found the same trigger in an
# earlier set: case_05 (a Python `if` on the predicted RUL crossing the alarm threshold in forward;
# live_blind52 case_06 branches on an anomaly score crossing its threshold) and case_17 (a degF
# temperature feed into a degC model; live_blind75 case_23). Both failed as labelled; they are
# kept below for the record only.
DROPPED = [case_05, case_17]
# Tried in the trial and did NOT fail on torch 2.13.0+cpu: case_03 (fast and slow sensor lengths
# declared as independent Dims while the forward cuts the fast signal into one block per slow
# sample: exported) and case_15 (float16 spectrum package fed components of several hundred m/s^2:
# the magnitudes came out finite, the CPU kernel computes in float32).
TRIED = [case_03, case_15]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind82.jsonl",
        url_file="benchmarks/live_blind82.py", id_prefix="live82", stems=STEMS,
        scratch_prefix="live_blind82-", description=__doc__.splitlines()[0]))
